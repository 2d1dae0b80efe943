"""The result of a finished deal, with its breakdown (R2.11, R2.12)."""

from __future__ import annotations

from collections import Counter

import attrs

from bezique.errors import IllegalActionError
from bezique.melds import MeldKind
from bezique.state import Stage, State

__all__ = ["DealResult", "SideScore", "deal_result"]


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

    @property
    def total(self) -> int:
        """All the side's points in the deal."""
        return self.melds + self.sevens + self.brisques + self.last_trick


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

    def __str__(self) -> str:
        lines = []
        for side, score in enumerate(self.breakdown):
            lines.append(f"side {side}: {score.total} (melds {score.melds}, sevens {score.sevens}, "
                         f"brisques {score.brisques}, last trick {score.last_trick})")
        return "\n".join(lines)


def deal_result(state: State) -> DealResult:
    """The result of a finished deal.

    Raises:
        IllegalActionError: if the deal is not over yet.
    """
    if state.stage is not Stage.OVER:
        raise IllegalActionError("the deal is not over yet; there is no result")
    per_brisque = state.variant.scoring.brisque_points
    breakdown = tuple(
        SideScore(m, s, b * per_brisque, lt)
        for m, s, b, lt in zip(state.melds, state.sevens, state.brisques, state.last_trick,
                               strict=True))
    counts = Counter(combo.kind for combo in state.combos)
    return DealResult(
        points=tuple(score.total for score in breakdown),
        breakdown=breakdown,
        brisque_counts=state.brisques,
        meld_counts=tuple(sorted(counts.items(), key=lambda kv: list(MeldKind).index(kv[0]))),
        tricks=state.tricks,
        dealer=state.dealer,
    )
