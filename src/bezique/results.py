"""The result of a finished deal, with its breakdown (R2.11, R2.12)."""

from __future__ import annotations

from collections import Counter

import attrs

from bezique.errors import DealNotOverError
from bezique.melds import MeldKind
from bezique.policies import ScoringPolicy
from bezique.state import Stage, State

__all__ = ["DealResult", "Settled", "SideScore", "deal_result", "settle"]


@attrs.frozen
class SideScore:
    """One side's points in a deal, by source."""

    melds: int
    """Points from combinations (the seven of trumps excluded)."""
    sevens: int
    """Points from sevens of trumps: the turned-up seven, exchanges, declarations and plays."""
    brisques: int
    """Points from brisques won (R2.11); counted whatever the timing."""
    last_trick: int
    """The last-trick bonus (R2.12)."""
    penalties: int = 0
    """Points from a referee's penalties against the other side (R10)."""
    bonus: int = 0
    """Points from the dealer's guess (R9.4)."""

    @property
    def total(self) -> int:
        """All the side's points in the deal: the sum of its parts
        (:meth:`bezique.State.score_parts`)."""
        return sum(attrs.astuple(self))


@attrs.frozen
class DealResult:
    """A finished deal: per side the points and their breakdown.

    ``points[i]`` is side ``i``'s total; ``breakdown[i]`` says where it came
    from; ``meld_counts`` counts the combinations scored by kind.
    """

    points: tuple[int, ...]
    """Per side, the total points of the deal."""
    breakdown: tuple[SideScore, ...]
    """Per side, the points by source."""
    brisque_counts: tuple[int, ...]
    """Per side, the number of brisques won."""
    meld_counts: tuple[tuple[MeldKind, int], ...]
    """``(kind, how many)`` for every kind scored in the deal, seven of trumps excluded."""
    tricks: int
    """Tricks played."""
    dealer: int
    """Who dealt."""
    settlement: Settled | None = None
    """The per-deal settlement (Rubicon, Chinese, eight-pack: R8.5, R9.3, R11.7);
    ``None`` where deals add up to a target."""

    def __str__(self) -> str:
        lines = []
        for side, score in enumerate(self.breakdown):
            lines.append(f"side {side}: {score.total} (melds {score.melds}, sevens {score.sevens}, "
                         f"brisques {score.brisques}, last trick {score.last_trick}"
                         + (f", penalties {score.penalties}" if score.penalties else "")
                         + (f", dealer's guess {score.bonus}" if score.bonus else "") + ")")
        if self.settlement is not None:
            s = self.settlement
            outcome = "a tie" if s.winner is None else (
                f"side {s.winner} wins {s.value}" + (" (rubicon)" if s.rubiconed else ""))
            lines.append(f"settlement: totals {s.totals}: {outcome}")
        return "\n".join(lines)


@attrs.frozen
class Settled:
    """The outcome of a deal that is a game by itself (R8.5, R9.3, R11.7)."""

    winner: int | None
    """The winning side (``None`` on an exact tie that brisques do not break)."""
    totals: tuple[int, ...]
    """Per side, the totals that were settled (brisques added where R11.7 says so)."""
    brisques_counted: bool
    """Whether brisques were added (to break a tie or to escape the rubicon)."""
    rubiconed: bool
    """Whether the loser stayed under the rubicon."""
    value: int
    """The points the winner gains."""


def settle(raw: tuple[int, ...], brisques: tuple[int, ...], scoring: ScoringPolicy) -> Settled:
    """Settle a two-sided deal that is a game by itself (R11.7), as ``scoring`` says
    (:meth:`~bezique.policies.ScoringPolicy.settle`).

    The raw totals decide the winner; an exact tie is broken by adding both
    sides' brisques; a loser under the rubicon whose brisques would lift him
    to it has both sides add their brisques. Totals are cut to hundreds. A
    loser at or above the rubicon pays the difference plus the game bonus;
    a rubiconed loser pays both totals plus the rubicon bonus.

    >>> from bezique.policies import ScoringPolicy
    >>> rubicon = ScoringPolicy(rubicon=1000, game_bonus=500, rubicon_bonus=1300)
    >>> settle((1480, 1130), (8, 8), rubicon).value   # 1400 - 1100 + 500
    800
    >>> settle((1480, 720), (8, 8), rubicon).value    # 1400 + 700 + 1300
    3400
    """
    return Settled(*scoring.settle(raw, brisques))


def deal_result(state: State) -> DealResult:
    """The result of a finished deal.

    Raises:
        DealNotOverError: if the deal is not over yet.
    """
    if state.stage is not Stage.OVER:
        raise DealNotOverError("the deal is not over yet; there is no result")
    scoring = state.variant.scoring
    per_brisque = scoring.brisque_value(deal_over=True)
    breakdown = tuple(SideScore(*parts) for parts in state.score_parts(per_brisque))
    counts = Counter(combo.kind for combo in state.combos)
    settled = None
    if scoring.settles_deal(len(breakdown)):
        raw = state.scores
        brisques = state.brisques if per_brisque == 0 else (0, 0)
        settled = settle(raw, brisques, scoring)
    return DealResult(
        points=state.scores,
        breakdown=breakdown,
        brisque_counts=state.brisques,
        meld_counts=tuple(sorted(counts.items(), key=lambda kv: _KIND_ORDER[kv[0]])),
        tricks=state.tricks,
        dealer=state.dealer,
        settlement=settled,
    )


_KIND_ORDER = {kind: i for i, kind in enumerate(MeldKind)}
