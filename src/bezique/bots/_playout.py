"""Playouts of a determinized deal: the greedy policy on every seat, the stock read one
card per seat per round, the end valued exactly by the solver (R2.9, R2.10).

The search bots (:mod:`bezique.bots.search`, :mod:`bezique.bots.analysis`) value an action
by playing determinizations of their observation on from it. What is shared lives here.
"""

from __future__ import annotations

import math

from bezique.bots.greedy import decide
from bezique.bots.valuation import side_prospects
from bezique.engine import apply, legal_actions
from bezique.solver import value_for
from bezique.state import DECLARE, OVER, PLAY, State

__all__ = ["clearly_worse", "deal_by_seat", "greedy_step", "mean_and_error", "pick", "points",
           "rollout"]


def deal_by_seat(s: State) -> State:
    """Reorder the next round of draws so that each seat gets the same card whoever won.

    The stock of a determinization is a random order of the unseen cards, read
    here as one card per seat per round: the round's ``k``-th card is seat
    ``k``'s. The engine deals a round from the trick winner on (R2.6 b), so the
    round is rotated to start at the winner. The distribution of the deal is
    unchanged, but two playouts from the same determinization that differ only
    in who won a trick now draw the same cards, which keeps their comparison
    free of the luck of the draw.
    """
    w = s.last_winner
    pile = s.pile  # the stock's card indexes
    n = len(s.held)
    if not w or len(pile) < n:
        return s
    block = pile[:n]
    return s._replace(pile=tuple(block[(w + k) % n] for k in range(n)) + pile[n:])


def greedy_step(s: State) -> State:
    """The next state of a playout: the only legal action, or the greedy policy's choice
    for the player to move, who reads his own hand alone (partners are separate seats)."""
    legal = legal_actions(s)
    if len(legal) == 1:
        return apply(s, legal[0])
    p = s.to_move
    assert p is not None
    return apply(s, decide(s.variant, p, s.stage, s.phase, s.held[p], s.table,
                                     s.trick, s.trump, s.turn_up, s.stock_size, s.played,
                                     s.won, s.combos, s.active, legal))


def points(s: State, side: int) -> int:
    """``side``'s deal points less the other sides' together, the brisques won counted at
    their value whenever the variant writes them down (the solver's reading,
    :mod:`bezique.solver`)."""
    value = s.variant.scoring.brisque_value(True)
    total = 0
    for i, parts in enumerate(s.score_parts(value)):
        total += sum(parts) if i == side else -sum(parts)
    return total


def _prospects(s: State, side: int) -> float:
    """The combination prospects of ``side``'s players less the other sides' together,
    each side's players counted together (:func:`~bezique.bots.valuation.side_prospects`)."""
    hands = s.hands
    worth = 0.0
    for i in range(s.variant.deal.side_count):
        value = side_prospects(s.variant, i, hands, s.table, s.won, s.combos, s.trump,
                               s.stock_size)
        worth += value if i == side else -value
    return worth


def rollout(s: State, side: int, stop_at: int, solve_end: bool, work: list[int]) -> float:
    """Play ``s`` on with the greedy policy on every seat and value the end for ``side``
    (its points less the others', from the deal's start).

    A phase-1 playout stops at the start of trick ``stop_at`` and adds the hands'
    combination prospects; with ``solve_end`` a playout that reaches phase 2 adds the
    solver's exact value of the rest of the deal (:func:`bezique.solver.value_for`) instead
    of playing it greedily. ``work[0]`` counts the actions played and ``work[1]`` the
    solver's nodes.
    """
    steps = 0
    while s.stage is not OVER:
        if s.stage is DECLARE and not s.window:
            s = deal_by_seat(s)
        elif s.stage is PLAY and not s.trick_indexes:
            if s.phase == 1:
                if s.tricks >= stop_at:
                    work[0] += steps
                    return points(s, side) + _prospects(s, side)
            elif solve_end:
                work[0] += steps
                nodes = [0]
                value = value_for(s, side, nodes)
                work[1] += nodes[0]
                return points(s, side) + value
        s = greedy_step(s)
        steps += 1
    work[0] += steps
    return float(points(s, side))


def mean_and_error(vals: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``vals - base`` over the rounds
    both saw (a candidate dropped by racing saw fewer); the error is infinite for one."""
    diffs = [v - b for v, b in zip(vals, base, strict=False)]
    rounds = len(diffs)
    mean = sum(diffs) / rounds
    if rounds < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in diffs) / (rounds - 1)
    return mean, math.sqrt(var / rounds)


def clearly_worse(vals: list[float], base: list[float], drop: float) -> bool:
    """Whether ``vals`` fall short of ``base`` by more than ``drop`` standard errors of the
    mean paired difference (racing drops such a candidate)."""
    mean, error = mean_and_error(vals, base)
    return mean + drop * error < 0


def pick(values: list[list[float]], g: int, confidence: float, certain: bool) -> int:
    """The action to take: the greedy one (``g``) unless another beats it on the same
    determinizations by more than ``confidence`` standard errors of the mean difference;
    then the one whose lower bound is highest. A single uncertain determinization gives
    no standard error, and the greedy choice stands; a certain one is taken at its word."""
    base = values[g]
    best, best_bound = g, 0.0
    for j, vals in enumerate(values):
        if j == g or not vals:
            continue
        mean, error = mean_and_error(vals, base)
        bound = mean if certain else mean - confidence * error
        if bound > best_bound:
            best, best_bound = j, bound
    return best
