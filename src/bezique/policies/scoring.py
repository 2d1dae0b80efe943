"""The scoring policy: brisques, the last trick, the target, the settlement (R2.11-R2.13, R8.5)."""

from __future__ import annotations

import enum

import attrs

__all__ = ["BrisqueTiming", "LastTrick", "RevokePenalty", "ScoringPolicy", "Settlement"]


class BrisqueTiming(enum.Enum):
    """When brisques are scored (``brisque_timing``, R2.11)."""

    IMMEDIATE = "immediate"
    """When the trick holding them is won (seed 000)."""
    END_OF_DEAL = "end_of_deal"
    """Counted from the tricks at the end of the deal (seed 001)."""
    SETTLEMENT = "settlement"
    """Not scored, except by the per-deal settlement to break an exact tie or to
    save the loser from the rubicon (Rubicon, R8.4, R11.7)."""


class LastTrick(enum.Enum):
    """Which trick earns the last-trick bonus (``last_trick``, R2.12)."""

    FINAL = "final"
    """The very last trick of the deal."""
    END_OF_STOCK = "end_of_stock"
    """The last trick of phase 1, which empties the stock."""


class Settlement(enum.Enum):
    """How deals add up to a game."""

    TARGET = "target"
    """Deals are added up until a side reaches ``target`` (R2.13, R6.9)."""
    PER_DEAL = "per_deal"
    """Each deal is a game, settled with cutting to hundreds, the game bonus and
    the rubicon (R8.5, R9.3, R11.7)."""


class RevokePenalty(enum.Enum):
    """What a revoke in phase 2 costs (``revoke_penalty``, R10.3)."""

    REMAINING_BRISQUES = "remaining_brisques"
    """The opponent scores every brisque still to be played (seed 003)."""
    FORFEIT_TRICKS = "forfeit_tricks"
    """The opponent takes every trick still to be played, brisques and last trick."""


@attrs.frozen
class ScoringPolicy:
    """How points are counted in a deal and over a game."""

    brisque_timing: BrisqueTiming = BrisqueTiming.IMMEDIATE
    """When brisques are scored (R2.11)."""
    brisque_points: int = 10
    """Points per brisque (0 where brisques never count, R9.1)."""
    last_trick: LastTrick = LastTrick.FINAL
    """Which trick earns the last-trick bonus (R2.12)."""
    last_trick_points: int = 10
    """The last-trick bonus (R2.12, R8.4, R9.2)."""
    target: int = 1000
    """Points a side needs to end the game (R2.13, R6.9)."""
    rubicon: int = 500
    """Below this total the loser is rubiconed (R2.13, R8.5, R9.3)."""
    settlement: Settlement = Settlement.TARGET
    """How deals add up to a game."""
    game_bonus: int = 500
    """Per-deal settlement: the winner's bonus when the loser passed the rubicon (R11.7)."""
    rubicon_bonus: int = 1300
    """Per-deal settlement: the winner's bonus when the loser is rubiconed (R11.7)."""
    revoke_penalty: RevokePenalty = RevokePenalty.REMAINING_BRISQUES
    """What a revoke in phase 2 costs, for a referee recording real play (R10.3)."""

    @property
    def settles_each_deal(self) -> bool:
        """Whether each deal is a game, settled by itself (R8.5, R9.3, R11.7)."""
        return self.settlement is Settlement.PER_DEAL

    @property
    def brisques_public(self) -> bool:
        """Whether brisques are scored as they are won, so every player sees the count (R2.11)."""
        return self.brisque_timing is BrisqueTiming.IMMEDIATE

    def brisques_shown(self, deal_over: bool) -> bool:
        """Whether every player sees the sides' brisque counts: with ``immediate`` always
        (R2.11), else once the deal is over (R6.8).

        >>> from bezique.policies import ScoringPolicy
        >>> ScoringPolicy().brisques_shown(False)
        True
        """
        return self.brisques_public or deal_over

    def brisque_value(self, deal_over: bool) -> int:
        """Points per brisque in the running score (R2.11, R6.8, R8.4): with
        ``immediate`` always, with ``end_of_deal`` once the deal is over, under the
        per-deal settlement never (only the settlement counts them)."""
        timing = self.brisque_timing
        if timing is BrisqueTiming.IMMEDIATE or (timing is BrisqueTiming.END_OF_DEAL
                                                 and deal_over):
            return self.brisque_points
        return 0

    def settled_brisque_points(self) -> int:
        """Points per brisque that the per-deal settlement adds, to break an exact tie or to
        lift the loser to the rubicon (R8.4, R11.7): ``brisque_points`` where brisques are
        scored by the settlement only (``brisque_timing = settlement``), else 0, the totals
        holding them already (R2.11, R6.8).

        >>> from bezique.policies import BrisqueTiming, ScoringPolicy
        >>> ScoringPolicy(brisque_timing=BrisqueTiming.SETTLEMENT).settled_brisque_points()
        10
        >>> ScoringPolicy().settled_brisque_points()
        0
        """
        return self.brisque_points if self.brisque_timing is BrisqueTiming.SETTLEMENT else 0

    def settles_deal(self, sides: int) -> bool:
        """Whether a finished deal of ``sides`` sides is a game by itself, settled with cutting
        to hundreds, the game bonus and the rubicon (R8.5, R9.3, R11.7): under the per-deal
        settlement, between two sides."""
        return self.settles_each_deal and sides == 2

    def settle(self, raw: tuple[int, ...], brisques: tuple[int, ...]
               ) -> tuple[int | None, tuple[int, ...], bool, bool, int]:
        """Settle a two-sided deal that is a game by itself (R11.7): ``(winner, totals,
        brisques_counted, rubiconed, value)``, the fields of :class:`bezique.results.Settled`
        (:func:`bezique.results.settle` gives that record).

        The raw totals decide the winner; an exact tie is broken by adding both sides'
        ``brisques`` (at ``brisque_points`` each); a loser under the rubicon whose brisques
        would lift him to it has both sides add their brisques. Totals are cut to hundreds. A
        loser at or above the rubicon pays the difference plus the game bonus; a rubiconed
        loser pays both totals plus the rubicon bonus.

        >>> from bezique.policies import ScoringPolicy
        >>> ScoringPolicy(rubicon=1000, game_bonus=500).settle((1480, 1130), (8, 8))
        (0, (1480, 1130), False, False, 800)
        """
        counted = tuple(b * self.brisque_points for b in brisques)
        totals = raw
        added = False
        if totals[0] == totals[1] and any(counted):
            totals = tuple(t + c for t, c in zip(totals, counted, strict=True))
            added = True
        if totals[0] == totals[1]:
            return None, totals, added, False, 0
        winner = 0 if totals[0] > totals[1] else 1
        loser = 1 - winner
        if not added and totals[loser] < self.rubicon <= totals[loser] + counted[loser]:
            totals = tuple(t + c for t, c in zip(totals, counted, strict=True))
            added = True
        if totals[loser] >= self.rubicon:
            value = _cut(totals[winner]) - _cut(totals[loser]) + self.game_bonus
            return winner, totals, added, False, value
        value = _cut(totals[winner]) + _cut(totals[loser]) + self.rubicon_bonus
        return winner, totals, added, True, value

    def game_over(self, totals: tuple[int, ...]) -> bool:
        """Whether a game of deals added up ends with the sides' running ``totals``: a side
        reached ``target`` (R2.13, R6.9).

        >>> from bezique.policies import ScoringPolicy
        >>> scoring = ScoringPolicy()
        >>> scoring.game_over((1010, 640)), scoring.game_over((990, 640))
        (True, False)
        """
        return max(totals) >= self.target

    def game_value(self, totals: tuple[int, ...], winner: int | None) -> int:
        """What a game of deals added up is worth to its ``winner`` (``None``: a tie) with
        the sides' final ``totals`` (R2.13, R11.1): 1, doubled to 2 when two sides play and
        the loser ends under the ``rubicon``; with three or more sides there is no doubling.

        >>> from bezique.policies import ScoringPolicy
        >>> scoring = ScoringPolicy()
        >>> scoring.game_value((1010, 480), 0), scoring.game_value((1010, 640), 0)
        (2, 1)
        """
        if winner is not None and len(totals) == 2 and totals[1 - winner] < self.rubicon:
            return 2
        return 1


def _cut(points: int) -> int:
    """Cut to whole hundreds (R8.5)."""
    return points - points % 100
