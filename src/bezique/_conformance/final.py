"""A finished deal and its result (R2.11, R2.12, R8.5, R9.3, R11.7)."""

from __future__ import annotations

from bezique._conformance.common import fail
from bezique.results import DealResult, deal_result
from bezique.state import State

__all__ = ["check_final"]


def check_final(state: State) -> None:
    """Check a finished deal and its :func:`bezique.deal_result` (R2.11, R2.12)."""
    if not state.is_over:
        fail(None, "the deal is not over")
    variant = state.variant
    result = deal_result(state)
    if tuple(result.points) != tuple(state.scores):
        fail(None, f"deal_result points {result.points} differ from the scores {state.scores}")
    if tuple(result.brisque_counts) != tuple(state.brisques):
        fail(None, f"brisque counts {result.brisque_counts} differ from the state's "
                   f"{state.brisques}")
    if sum(result.brisque_counts) != 8 * variant.packs:
        fail(None, f"{sum(result.brisque_counts)} brisques in the result")
    settled_later = variant.scoring.brisque_timing.value == "settlement"
    per_brisque = 0 if settled_later else variant.scoring.brisque_points
    for side, score in enumerate(result.breakdown):
        parts = (score.melds + score.sevens + score.brisques + score.last_trick
                 + score.penalties + score.bonus)
        if not score.total == result.points[side] == parts:
            fail(None, f"side {side}: breakdown {score} does not add up to {result.points[side]}")
        if score.brisques != per_brisque * result.brisque_counts[side]:
            fail(None, f"side {side}: {score.brisques} brisque points for "
                       f"{result.brisque_counts[side]} brisques")
        mine = (score.melds, score.sevens, score.last_trick, score.penalties, score.bonus)
        if mine != (state.melds[side], state.sevens[side], state.last_trick[side],
                    state.penalties[side], state.bonus[side]):
            fail(None, f"side {side}: breakdown {score} differs from the state")
    if result.tricks != state.tricks:
        fail(None, "deal_result counts other tricks")
    _check_settlement(state, result)
    meld_total = sum(points * count for kind, count in result.meld_counts
                     for points in [variant.melds.points(kind) or 0])
    if meld_total != sum(state.melds):
        fail(None, f"meld_counts {result.meld_counts} do not add up to the meld points "
                   f"{state.melds}")


def _cut(points: int) -> int:
    return points // 100 * 100


def _check_settlement(state: State, result: DealResult) -> None:
    """A deal that is a game by itself is settled as R8.5, R9.3 and R11.7 say."""
    scoring = state.variant.scoring
    settled = getattr(result, "settlement", None)
    per_deal = scoring.settlement.value == "per_deal" and len(result.points) == 2
    if (settled is not None) != per_deal:
        fail(None, f"settlement {settled} for a {scoring.settlement.value} variant")
    if settled is None:
        return
    raw = tuple(result.points)
    counted = tuple(b * scoring.brisque_points for b in state.brisques)
    totals, added = raw, False
    if raw[0] == raw[1] and any(counted):  # brisques break an exact tie
        totals, added = tuple(t + c for t, c in zip(raw, counted, strict=True)), True
    want: tuple[int | None, tuple[int, ...], int]
    if totals[0] == totals[1]:
        want = (None, totals, 0)
    else:
        winner = 0 if totals[0] > totals[1] else 1
        loser = 1 - winner
        if not added and totals[loser] < scoring.rubicon <= totals[loser] + counted[loser]:
            totals, added = tuple(t + c for t, c in zip(raw, counted, strict=True)), True
        if totals[loser] >= scoring.rubicon:
            value = _cut(totals[winner]) - _cut(totals[loser]) + scoring.game_bonus
        else:
            value = _cut(totals[winner]) + _cut(totals[loser]) + scoring.rubicon_bonus
        want = (winner, totals, value)
    got = (settled.winner, tuple(settled.totals), settled.value)
    if got != want:
        fail(None, f"settlement {got}; R11.7 gives {want} (raw {raw}, "
                   f"brisques {state.brisques})")

