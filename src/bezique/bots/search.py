"""SearchBot: determinized flat Monte Carlo with greedy playouts.

For a decision with more than one legal action the bot

1. asks the greedy policy (:func:`bezique.bots.greedy.greedy_action`, through its
   dispatch ``decide``, which takes the hand as the engine keeps it) for its
   choice and its value of every action, and keeps the ``candidates`` best
   valued actions (the greedy choice among them; declaration windows rarely
   offer more);
2. samples *determinizations* of its observation (:func:`bezique.determinize`:
   the cards it has not seen dealt at random to the other hands and the
   stock), and on each one plays every candidate followed by a playout in
   which every seat follows the greedy policy, each seat reading only its own
   hand (partners are separate seats);
3. scores a playout that reaches the end of the deal as the bot's side's deal
   points minus the best other side's (:func:`bezique.deal_result`), or, where
   each deal is a game (Rubicon, Chinese, eight-pack: R8.5, R9.3), as plus or
   minus the settlement's value. A phase-1 playout stops after ``horizon``
   tricks and scores the points so far plus the combination prospects of every
   hand (:func:`bezique.bots.valuation.meld_prospects`), own side less best other;
4. keeps the greedy choice unless another candidate beats it, on the same
   determinizations, by more than ``confidence`` standard errors of the mean
   difference; then it takes the candidate whose lower bound is highest.

Variance is what limits flat Monte Carlo here: one deal's outcome swings by
hundreds of points with the draw, while the actions of one decision differ by
tens. Four devices keep the comparison sharp:

* every candidate is played on the same determinizations (common random
  numbers);
* within a playout the stock is read as one card per seat per round, whoever
  wins the trick (:func:`~bezique.bots._playout.deal_by_seat`), so two playouts that differ in who
  took a trick still draw the same cards; this halves the spread of the
  paired differences;
* the horizon: the spread of the paired differences grows with the tricks
  played, and valuing the position after 8 tricks cuts it by about three, for
  a small bias. Measured on two-pack against GreedyBot: 66.5% of 2000 deals
  won with the horizon and racing at the default budget (``docs/bots.rst``),
  62.7% of 1320 deals with every playout played to the end, at 400 playouts
  and some 90 ms a decision;
* racing: from the sixth determinization on, candidates clearly worse than the
  greedy choice (by two standard errors) are dropped, and the budget goes to
  the others.

The greedy choice is only overruled on evidence, so the search never does much
worse than the policy it improves on. When the determinization is certain (two
players in phase 2, every unseen card in the opponent's hand) one is enough.

``iterations`` bounds the playouts per decision (determinizations times
candidates); ``max_steps`` bounds the actions simulated, which keeps long
deals (Chinese, eight-pack) within the time of a two-pack decision. Both are
counts, so the bot is deterministic for a given ``rng`` state. ``time_budget``,
when given, also stops sampling after that many seconds (the choice then
depends on the machine's speed).
"""

from __future__ import annotations

import random
import time
from typing import Any

import attrs

from bezique.actions import Action
from bezique.bots._playout import clearly_worse, deal_by_seat, greedy_step, pick
from bezique.bots._sources import playout_cost
from bezique.bots._variant_cache import VariantCache
from bezique.bots.base import legal_choices
from bezique.bots.greedy import decide
from bezique.bots.valuation import meld_prospects
from bezique.engine import apply, rules_of
from bezique.errors import BotError
from bezique.observation import Observation, determinize, hand_counts
from bezique.results import deal_result
from bezique.state import DECLARE, OVER, PLAY, State
from bezique.variants import Variant

__all__ = ["SearchBot"]

_TWO_PACK_STEPS = 5_000
_RACE_FROM = 6
"""Rounds after which candidates clearly worse than the greedy choice are dropped."""
_DROP = 2.0
"""Standard errors below the greedy choice that make a candidate clearly worse."""


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise BotError(f"{attribute.name} must be at least 1, not {value!r}")


def _positive_or_none(_: object, attribute: attrs.Attribute[Any], value: int | None) -> None:
    if value is not None and value < 1:
        raise BotError(f"{attribute.name} must be at least 1 or None, not {value!r}")


def _budget(_: object, attribute: attrs.Attribute[float | None], value: float | None) -> None:
    if value is not None and not value > 0:
        raise BotError(f"{attribute.name} must be positive or None, not {value!r}")


@attrs.frozen
class SearchBot:
    """Determinized flat Monte Carlo with greedy playouts (see the module documentation).

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> o = bz.observe(s, s.to_move)
    >>> bot = bz.bots.SearchBot(iterations=8)
    >>> bot.choose(o, random.Random(0)) == bot.choose(o, random.Random(0))
    True
    >>> bz.bots.SearchBot(iterations=0)
    Traceback (most recent call last):
    ...
    bezique.errors.BotError: iterations must be at least 1, not 0
    """

    iterations: int = attrs.field(default=400, validator=_positive)
    """Playouts per decision at most: determinizations times candidates."""
    time_budget: float | None = attrs.field(default=None, validator=_budget)
    """Seconds per decision after which sampling stops (``None``: no time limit)."""
    max_steps: int | None = attrs.field(default=None, validator=_positive_or_none)
    """Work cap: actions simulated per decision, all playouts together, checked after
    each determinization (at least one is always played). ``None`` scales a two-pack
    budget of 5,000 actions down for variants whose actions cost more to simulate
    (larger hands, melds from won cards, partners). On the development machine, with
    both cores busy, a decision takes 48-72 ms on average and at most about
    0.15 s in every variant (a larger budget, 6,500, was no stronger: ``docs/bots.rst``)."""
    candidates: int = attrs.field(default=4, validator=_positive)
    """How many of the greedy policy's best-valued actions are searched."""
    horizon: int | None = attrs.field(default=8, validator=_positive_or_none)
    """Tricks after which a phase-1 playout stops and the position is valued by the points
    so far plus the combination prospects of the hands (``None``: play to the end)."""
    confidence: float = 0.5
    """How many standard errors an action must beat the greedy choice by to replace it."""
    name: str = "search"
    """The bot's name."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The greedy choice, or a candidate that beats it clearly in the playouts.

        Raises:
            BotError: if it is not the observer's turn.
        """
        o = observation
        legal = legal_choices(o)
        if len(legal) == 1 or o.stage not in (PLAY, DECLARE):
            return legal[0] if len(legal) == 1 else _greedy(o)
        start = time.perf_counter()
        side = o.variant.deal.sides[o.player]
        n = len(legal)
        scores: list[float] = []
        choice = _greedy(o, scores)
        g = legal.index(choice)
        candidates = list(range(n))
        if len(scores) == n and n > self.candidates:
            # search only the greedy policy's best few (its choice among them)
            candidates = sorted(candidates, key=lambda j: -scores[j])[:self.candidates]
            if g not in candidates:
                candidates[-1] = g
        max_steps = self.max_steps or _default_steps(o.variant)
        certain = _certain(o)
        stop_at = o.tricks + self.horizon if self.horizon is not None else 1 << 30
        values: list[list[float]] = [[] for _ in range(n)]
        active = candidates
        steps = playouts = rounds = 0
        while True:
            d = determinize(o, rng)
            for j in active:
                value, k = _playout(apply(d, legal[j]), side, stop_at)
                values[j].append(value)
                steps += k
            playouts += len(active)
            rounds += 1
            if certain:
                break
            if rounds >= _RACE_FROM and rounds % 2 == 0:
                # drop the candidates that are clearly worse than the greedy choice
                active = [j for j in active
                          if j == g or not clearly_worse(values[j], values[g], _DROP)]
                if len(active) == 1:
                    break
            # stop before a round that would exceed the playout or the work budget
            if playouts + len(active) > self.iterations:
                break
            if steps + steps / playouts * len(active) > max_steps:
                break
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        return legal[pick(values, g, self.confidence, certain)]


def _steps_of(variant: Variant) -> int:
    """The default work cap of ``variant``: 5,000 two-pack actions, fewer where an
    action costs more. Measured in phase-1 playouts: about 20 µs per action with
    hands of 8 and two packs, growing as ``hand_size ** 1.7`` and by 4% per extra
    pack, half as much again with melds from won cards, and 15% more with partners
    (their declaration windows)."""
    cost = 20.0 * (variant.deal.hand_size / 8) ** 1.7 * (1 + 0.04 * (variant.deck.packs - 2))
    rules = rules_of(variant)
    cost *= playout_cost(rules.meld_source)
    if not all(rules.partnership.melds_alone(p) for p in range(rules.players)):
        cost *= 1.15
    return int(_TWO_PACK_STEPS * 20.0 / cost)


_STEPS: VariantCache[int] = VariantCache(_steps_of)
"""The default work cap of the variants in use, by the variant's value (bounded)."""


def _default_steps(variant: Variant) -> int:
    """The default work cap of ``variant`` (cached, see :func:`_steps_of`)."""
    return _STEPS.get(variant)


def _greedy(o: Observation, scores: list[float] | None = None) -> Action:
    return decide(o.variant, o.player, o.stage, o.phase, hand_counts(o), o.table, o.trick,
                  o.trump, o.turn_up, o.stock_size, o.played, o.won, o.combos, o.active,
                  o.legal_actions, scores)


def _certain(o: Observation) -> bool:
    """Whether the determinization is certain: two players, the stock gone, so every
    card not seen is in the opponent's hand."""
    return o.stock_size == 0 and len(o.hand_sizes) == 2 and o.stage is PLAY


def _playout(s: State, side: int, stop_at: int) -> tuple[float, int]:
    """Play ``s`` on with the greedy policy on every seat, to the end of the deal or, in
    phase 1, until ``stop_at`` tricks are done; return ``side``'s score (see the module
    documentation) and the number of actions played."""
    steps = 0
    while s.stage is not OVER:
        if s.stage is DECLARE and not s.window:
            s = deal_by_seat(s)
        elif s.tricks >= stop_at and s.phase == 1 and s.stage is PLAY and not s.trick_indexes:
            return _evaluate(s, side), steps
        s = greedy_step(s)
        steps += 1
    return _score(s, side), steps


def _evaluate(s: State, side: int) -> float:
    """A phase-1 position's worth to ``side``: the points so far plus the combination
    prospects of its players' cards (:func:`bezique.bots.valuation.meld_prospects`), less
    the same for the best other side."""
    sides = s.variant.deal.sides
    worth = [float(x) for x in s.scores]
    for p, hand in enumerate(s.hands):
        worth[sides[p]] += meld_prospects(s.variant, p, hand, s.table, s.won, s.combos,
                                          s.trump, s.stock_size)
    return worth[side] - max(w for i, w in enumerate(worth) if i != side)


def _score(s: State, side: int) -> float:
    """``side``'s deal points minus the best other side's; the signed settlement value
    where the deal is a game by itself."""
    result = deal_result(s)
    settled = result.settlement
    if settled is not None:
        if settled.winner is None:
            return 0.0
        return float(settled.value if settled.winner == side else -settled.value)
    points = result.points
    other = max(p for i, p in enumerate(points) if i != side)
    return float(points[side] - other)
