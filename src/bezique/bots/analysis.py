"""The library's strongest search, its hints, and the bot that plays by it.

:func:`analyse` ranks every legal action of an observation by the points it is expected to
bring the observer's side, less the others', from now to the end of the deal;
:class:`AnalysisBot` chooses from such values, and :func:`bezique.bots.level` makes the
five levels of it.

**How the values are found.**

* *Exact* (``Rated.exact``): in phase 2 of a two-handed deal every card the observer has
  not seen is in the opponent's hand, so the position is fully known and the endgame
  solver gives every action's exact value (:func:`bezique.solver.solve`).
* *Sampled* everywhere else: perfect-information Monte Carlo. The cards the observer has
  not seen are dealt at random (:func:`bezique.determinize`, a *world*), every action is
  played in every world (the same worlds for all: common random numbers) and the world
  is played on by the greedy policy on every seat (:mod:`bezique.bots._playout`), the
  stock read one card per seat per round. A playout that starts within ``reach`` tricks
  of the end of the stock plays on to it and takes the solver's exact value of phase 2 in
  that world; one that starts further away stops after ``horizon`` tricks (a long
  playout's outcome swings with the draw more than the actions differ) and adds the
  combination prospects of each side's hands, partners' counted together
  (:func:`~bezique.bots.valuation.side_prospects`). In phase 2 with hidden cards (three-
  and four-handed) every world is solved exactly (the duels' solver runs on sampled
  worlds).

Why perfect-information Monte Carlo rather than information-set MCTS: ``docs/bots.rst``
gives the measurements (the flat search with exact endings was stronger at equal time per
decision), and what strategy fusion costs here: a world's playout knows the hidden cards,
and the known remedy (alpha-mu search) was looked into and is described there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import attrs

from bezique.actions import Action
from bezique.bots._playout import clearly_worse, pick, points, rollout
from bezique.bots.base import legal_choices
from bezique.bots.greedy import decide
from bezique.engine import apply
from bezique.errors import BeziqueError, BotError
from bezique.observation import Observation, determinize, hand_counts
from bezique.solver import solve
from bezique.state import DECLARE, PLAY, State

__all__ = ["Analysis", "AnalysisBot", "Rated", "analyse"]

NEVER = 1 << 30
"""A trick number no playout reaches: play on to phase 2."""


@attrs.frozen
class Rated:
    """One legal action and what it is worth (:func:`analyse`)."""

    action: Action
    """The action."""
    value: float
    """The expected points of the observer's side less the other sides' from here to the
    end of the deal, this action taken."""
    exact: bool
    """Whether :attr:`value` is the solver's exact value rather than an estimate."""


@attrs.frozen
class Analysis:
    """Every legal action of an observation, best first (:func:`analyse`)."""

    ranked: tuple[Rated, ...]
    """The legal actions of the observer with their values, best first (ties in
    ``legal_actions`` order); empty when it is not the observer's turn."""
    worlds: int = 0
    """How many determinizations the estimates were made on (0 where exact or empty)."""

    @property
    def best(self) -> Rated | None:
        """The best action with its value, ``None`` when :attr:`ranked` is empty."""
        return self.ranked[0] if self.ranked else None


MASTER_WORLDS = 100
"""Determinizations per decision of the strongest search (``level(5)``, :func:`analyse`'s
default budget)."""


@attrs.frozen
class _Search:
    """How much to search: the settings :class:`AnalysisBot` and :func:`analyse` share."""

    worlds: int
    horizon: int
    reach: int
    solve_end: bool
    max_steps: int


def _exact(o: Observation, rng: random.Random) -> dict[Action, float] | None:
    """Every legal action's exact value where the observation fixes every card (two
    hands, phase 2: the unseen cards are the opponent's), else ``None``."""
    if o.stock_size or o.stage is not PLAY or len(o.hand_sizes) != 2:
        return None
    solution = solve(determinize(o, rng))
    return {a: float(v) for a, v in solution.values.items()}


def _stop_at(o: Observation, search: _Search) -> int:
    """The trick at whose start a phase-1 playout stops: none when the stock's end is
    within ``reach`` tricks (the playout then ends in the solver), else after
    ``horizon`` tricks."""
    tricks_left = o.stock_size // len(o.hand_sizes)
    return NEVER if tricks_left <= search.reach else o.tricks + search.horizon


def _sampled(o: Observation, rng: random.Random, indexes: Sequence[int], search: _Search,
             race_from: int | None, anchor: int,
             world: Callable[[random.Random], State] | None = None
             ) -> tuple[list[list[float]], int]:
    """Each candidate's value (by its index in ``o.legal_actions``) in each world, and the
    worlds played. With ``race_from``, candidates clearly worse than ``anchor`` (two
    standard errors) are dropped from then on. ``world`` draws a world (by default
    :func:`~bezique.determinize` of ``o``; ``benchmarks/oracle.py`` gives the true deal
    with the stock shuffled, for the upper bound of what the search could do)."""
    legal = o.legal_actions
    side = o.variant.deal.sides[o.player]
    values: list[list[float]] = [[] for _ in legal]
    active = list(indexes)
    stop_at = _stop_at(o, search)
    phase_two = o.stock_size == 0 and o.stage is PLAY and search.solve_end
    work = [0, 0]
    worlds = 0
    while worlds < search.worlds:
        d = determinize(o, rng) if world is None else world(rng)
        worlds += 1
        if phase_two:  # every world solved exactly (three- and four-handed phase 2)
            solved = solve(d)
            work[1] += solved.nodes
            for j in active:
                values[j].append(float(solved.values[legal[j]]))
        else:
            base = points(d, side)
            for j in active:
                after = apply(d, legal[j])
                values[j].append(rollout(after, side, stop_at, search.solve_end, work) - base)
        if race_from is not None and worlds >= race_from and worlds % 2 == 0:
            active = [j for j in active
                      if j == anchor or not clearly_worse(values[j], values[anchor], 2.0)]
            if len(active) == 1:
                break
        # a solver node costs about an eighth of an action: the work in actions
        if work[0] + work[1] // 8 > search.max_steps:
            break
    return values, worlds


def analyse(observation: Observation, *, rng: random.Random | None = None,
            budget: int | None = None) -> Analysis:
    """Every legal action of the observer ranked by the points it is expected to bring
    his side, less the other sides', from here to the end of the deal.

    Exact in two-handed phase 2 (the solver); elsewhere the strongest search's estimate
    over ``budget`` determinizations (see the module documentation).

    Args:
        observation: What the player to advise may know (:func:`bezique.observe`).
        rng: Where the determinizations' randomness comes from (``random.Random(0)`` when
            not given): the same observation and generator give the same analysis.
        budget: Determinizations to sample (default :data:`MASTER_WORLDS`); a count, so
            the answer does not depend on the machine's speed. A frontend bounds a
            hint's time with it.

    Raises:
        BeziqueError: for anything but an observation, an observation of a finished deal,
            or a budget below 1.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> o = bz.observe(s, s.to_move)
    >>> hint = analyse(o, budget=2)
    >>> len(hint.ranked) == len(bz.legal_actions(s)), hint.worlds, hint.best.exact
    (True, 2, False)
    >>> analyse(o, budget=0)
    Traceback (most recent call last):
    ...
    bezique.errors.BeziqueError: budget must be at least 1 or None, not 0
    """
    if not isinstance(observation, Observation):
        raise BeziqueError(f"analyse takes an Observation, not {type(observation).__name__}")
    if observation.stage.ended:
        raise BeziqueError("analyse needs a deal in progress: this deal is over")
    if budget is not None and (not isinstance(budget, int) or budget < 1):
        raise BeziqueError(f"budget must be at least 1 or None, not {budget!r}")
    o = observation
    legal = o.legal_actions
    if not legal:
        return Analysis(())
    rng = rng if rng is not None else random.Random(0)
    exact = _exact(o, rng)
    if exact is not None:
        return Analysis(_ranked(legal, [exact[a] for a in legal], True))
    search = attrs.evolve(MASTER, worlds=budget or MASTER.worlds, max_steps=NEVER)
    values, worlds = _sampled(o, rng, range(len(legal)), search, None, 0)
    means = [sum(v) / len(v) for v in values]
    return Analysis(_ranked(legal, means, False), worlds)


def _ranked(legal: Sequence[Action], values: Sequence[float], exact: bool
            ) -> tuple[Rated, ...]:
    order = sorted(range(len(legal)), key=lambda j: -values[j])  # stable: ties in order
    return tuple(Rated(legal[j], values[j], exact) for j in order)


MASTER = _Search(worlds=MASTER_WORLDS, horizon=8, reach=4, solve_end=True, max_steps=5_000)
"""The strongest search's settings (level 5)."""


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise BotError(f"{attribute.name} must be at least 0, not {value!r}")


def _not_negative(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not value >= 0:
        raise BotError(f"{attribute.name} must be at least 0, not {value!r}")


@attrs.frozen
class AnalysisBot:
    """A bot that chooses from the values of its observation's legal actions.

    With ``worlds = 0`` the values are the greedy policy's own (:class:`GreedyBot
    <bezique.bots.GreedyBot>`'s weighing of each action); otherwise the search of the
    module documentation over ``worlds`` determinizations at most, on the greedy
    policy's ``candidates`` best actions, racing the clearly worse out. With ``solve``
    the bot plays two-handed phase 2 exactly and its playouts end in the solver. At
    ``temperature`` 0 it takes the best value (the greedy choice unless another
    candidate beats it by ``confidence`` standard errors); above 0 it draws an action
    with a probability growing as ``exp(value / temperature)`` (values in points): a
    person who sees what is better most of the time, not always.

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> bot = AnalysisBot(worlds=4)
    >>> o = bz.observe(s, s.to_move)
    >>> bot.choose(o, random.Random(0)) == bot.choose(o, random.Random(0))
    True
    """

    worlds: int = attrs.field(default=MASTER_WORLDS, validator=_positive)
    """Determinizations per decision at most (0: no search, the greedy policy's values)."""
    temperature: float = attrs.field(default=0.0, validator=_not_negative)
    """0: the best action; above 0 (points): a choice drawn from the values."""
    solve: bool = True
    """Whether two-handed phase 2 is played exactly and playouts end in the solver."""
    candidates: int = 4
    """How many of the greedy policy's best actions are searched."""
    horizon: int = MASTER.horizon
    """Tricks after which a phase-1 playout far from the stock's end is valued."""
    reach: int = MASTER.reach
    """Within this many tricks of the stock's end, playouts play on to phase 2."""
    max_steps: int = MASTER.max_steps
    """Work cap per decision: actions simulated (a solver node counts an eighth)."""
    confidence: float = 0.5
    """Standard errors by which a candidate must beat the greedy choice to replace it."""
    name: str = "analysis"
    """The bot's name."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The action to take (see the class documentation).

        Raises:
            BotError: if it is not the observer's turn.
        """
        o = observation
        legal = legal_choices(o)
        if len(legal) == 1:
            return legal[0]
        scores: list[float] = []
        greedy = decide(o.variant, o.player, o.stage, o.phase, hand_counts(o), o.table,
                        o.trick, o.trump, o.turn_up, o.stock_size, o.played, o.won,
                        o.combos, o.active, legal, scores)
        g = legal.index(greedy)
        if len(scores) != len(legal):
            scores = [1.0 if j == g else 0.0 for j in range(len(legal))]
        if self.solve:
            exact = _exact(o, rng)
            if exact is not None:
                return self._draw(legal, [exact[a] for a in legal], g, rng)
        if self.worlds == 0 or o.stage not in (PLAY, DECLARE):
            return self._draw(legal, scores, g, rng)
        candidates = sorted(range(len(legal)), key=lambda j: -scores[j])[:self.candidates]
        if g not in candidates:
            candidates[-1] = g
        search = _Search(self.worlds, self.horizon, self.reach, self.solve, self.max_steps)
        values, _ = _sampled(o, rng, candidates, search, 6, g)
        if self.temperature == 0:
            return legal[pick(values, g, self.confidence, False)]
        means = [sum(v) / len(v) if v else -math.inf for v in values]
        return self._draw(legal, means, g, rng)

    def _draw(self, legal: Sequence[Action], values: Sequence[float], g: int,
              rng: random.Random) -> Action:
        """The best of ``values`` (``g``, the greedy choice, among equals), or at a
        temperature one drawn with weights ``exp(value / temperature)``."""
        top = max(values)
        if self.temperature == 0:
            return legal[g] if values[g] == top else legal[values.index(top)]
        weights = [math.exp((v - top) / self.temperature) for v in values]
        return rng.choices(legal, weights)[0]
