"""Whole-number sums of a simulation, merged by addition, and the statistics made of them.

Every figure is summed as whole numbers per chunk and divided once at the end
(:func:`simulation_result`), so the result does not depend on how the deals were
cut into chunks or which worker played them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from bezique._simulation_plan import Seating
from bezique.melds import MeldKind
from bezique.results import DealResult
from bezique.simulation_result import SimulationResult
from bezique.state import State
from bezique.variants import Variant

__all__ = ["Tally", "deal_outcome", "leaders", "simulation_result"]


class Tally:
    """Whole-number sums for a chunk; merged by addition, so chunking never matters."""

    def __init__(self, sides: int, bots: int, kinds: Sequence[MeldKind]) -> None:
        self.played = self.deals = self.actions = self.tricks = self.ties = self.valued = 0
        self.wins, self.points, self.points_sq = [0] * sides, [0] * sides, [0] * sides
        self.value, self.value_sq = [0] * sides, [0] * sides
        self.bot_wins, self.bot_points, self.bot_points_sq = [0] * bots, [0] * bots, [0] * bots
        self.bot_ties = [0] * bots
        self.bot_value = [0] * bots
        self.melds: dict[MeldKind, list[int]] = {kind: [0] * sides for kind in kinds}

    def add_deal(self, state: State, actions: int) -> None:
        self.deals += 1
        self.actions += actions
        self.tricks += state.tricks
        for combo in state.combos:
            self.melds.setdefault(combo.kind, [0] * len(self.wins))[combo.side] += 1

    def add_outcome(self, points: Sequence[int], leaders: Sequence[int], value: int | None,
                    bot_sides: Sequence[int]) -> None:
        """Count a finished deal or game: the sides' ``points``, the sides placed first
        (``leaders``: one winner, or the sides tied for first place), the settled value."""
        self.played += 1
        winner = leaders[0] if len(leaders) == 1 else None
        for s, p in enumerate(points):
            self.points[s] += p
            self.points_sq[s] += p * p
        for k, s in enumerate(bot_sides):
            self.bot_points[k] += points[s]
            self.bot_points_sq[k] += points[s] * points[s]
        if winner is None:
            self.ties += 1
            for k, s in enumerate(bot_sides):
                self.bot_ties[k] += s in leaders
        else:
            self.wins[winner] += 1
            for k, s in enumerate(bot_sides):
                self.bot_wins[k] += s == winner
        if value is not None:
            self.valued += 1
            if winner is not None:
                self.value[winner] += value
                self.value_sq[winner] += value * value
                for k, s in enumerate(bot_sides):
                    self.bot_value[k] += value if s == winner else 0

    def merge(self, other: Tally) -> None:
        for name in ("played", "deals", "actions", "tricks", "ties", "valued"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("wins", "points", "points_sq", "value", "value_sq", "bot_wins",
                     "bot_ties", "bot_points", "bot_points_sq", "bot_value"):
            mine = getattr(self, name)
            for i, x in enumerate(getattr(other, name)):
                mine[i] += x
        for kind, counts in other.melds.items():
            mine = self.melds.setdefault(kind, [0] * len(counts))
            for i, x in enumerate(counts):
                mine[i] += x


def _mean(total: int, n: int) -> float:
    return total / n if n else 0.0


def _std(total: int, squares: int, n: int) -> float:
    if n < 2:
        return 0.0
    return math.sqrt(max(n * squares - total * total, 0) / (n * (n - 1)))


def leaders(totals: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """The sides placed first: the ``winner`` if there is one, else those tied on the
    highest total."""
    if winner is not None:
        return (winner,)
    top = max(totals)
    return tuple(s for s, p in enumerate(totals) if p == top)


def deal_outcome(result: DealResult) -> tuple[tuple[int, ...], int | None]:
    """The sides placed first (one winner, or those tied on the top points) and the
    settled value, if any (R8.5: the settlement names the winner)."""
    if result.settlement is not None:
        return leaders(result.points, result.settlement.winner), result.settlement.value
    return leaders(result.points, None), None


def simulation_result(variant: Variant, seating: Seating, mode: Literal["deals", "games"],
                      seed: int, t: Tally, elapsed: float,
                      duplicate: bool = False) -> SimulationResult:
    """The statistics of tally ``t``, every sum divided once."""
    n = t.played
    valued = t.valued == n and n > 0
    kinds = sorted(t.melds, key=lambda kind: list(MeldKind).index(kind))
    return SimulationResult(
        variant=variant, bot_names=tuple(str(getattr(b, "name", type(b).__name__))
                                         for b in seating.bots),
        mode=mode, seed=seed, played=n, deals=t.deals, wins=tuple(t.wins), ties=t.ties,
        mean_points=tuple(_mean(s, n) for s in t.points),
        std_points=tuple(_std(s, q, n) for s, q in zip(t.points, t.points_sq, strict=True)),
        mean_value=tuple(_mean(v, n) for v in t.value) if valued else None,
        std_value=tuple(_std(v, q, n) for v, q in zip(t.value, t.value_sq, strict=True))
        if valued else None,
        bot_wins=tuple(t.bot_wins), bot_ties=tuple(t.bot_ties),
        bot_mean_points=tuple(_mean(s, n) for s in t.bot_points),
        bot_std_points=tuple(_std(s, q, n) for s, q in zip(t.bot_points, t.bot_points_sq,
                                                            strict=True)),
        bot_mean_value=tuple(_mean(v, n) for v in t.bot_value) if valued else None,
        meld_counts=tuple((kind, tuple(t.melds[kind])) for kind in kinds),
        actions=t.actions, tricks=t.tricks, duplicate=duplicate, elapsed=elapsed)
