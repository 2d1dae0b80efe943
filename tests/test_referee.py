"""Referee penalties for games recorded from real play (RULES.md section 10)."""

from __future__ import annotations

import pytest

import bezique as bz
from bezique.referee import Irregularity, penalize

V = bz.variants.TWO_PACK


def _phase2() -> bz.State:
    return bz.setup(V, hands=["AS 10H 7C", "KS AD 8C"], stock=(), trump="C")


def test_R10_1_oversized_hand_gives_the_opponent_100() -> None:
    s = bz.new_deal(V, seed=4)
    t = penalize(s, Irregularity.OVERSIZED_HAND, offender=1)
    assert t.scores == (100, 0) and s.scores == (0, 0)
    assert t.penalties == (100, 0)
    assert bz.legal_actions(t) == bz.legal_actions(s)


def test_R10_2_missed_draw_gives_the_opponent_10() -> None:
    s = bz.new_deal(V, seed=4)
    assert penalize(s, "missed_draw", offender=0).scores == (0, 10)


def test_R10_3_revoke_gives_the_opponent_the_remaining_brisques_and_ends_the_deal() -> None:
    s = _phase2()
    t = penalize(s, Irregularity.REVOKE, offender=1)
    assert t.is_over
    # A♠, 10♥ and A♦ are still to be played: 30 points to side 0
    result = bz.deal_result(t)
    assert result.breakdown[0].penalties == 30
    assert result.points == (30, 0)


def test_R10_3_revoke_forfeit_tricks_option_gives_tricks_and_last_trick() -> None:
    v = V.with_options(revoke_penalty="forfeit_tricks")
    s = bz.setup(v, hands=["AS 10H 7C", "KS AD 8C"], stock=(), trump="C")
    t = penalize(s, Irregularity.REVOKE, offender=0)
    result = bz.deal_result(t)
    assert result.brisque_counts == (0, 3)
    assert result.points == (0, 40)


def test_R10_3_revoke_only_in_phase_2() -> None:
    s = bz.new_deal(V, seed=4)
    with pytest.raises(bz.IllegalActionError, match=r"R10\.3"):
        penalize(s, Irregularity.REVOKE, offender=0)


def test_R10_penalty_changes_nothing_after_the_deal_and_checks_the_player() -> None:
    s = _phase2()
    with pytest.raises(bz.IllegalActionError, match="R10"):
        penalize(s, Irregularity.MISSED_DRAW, offender=5)
    over = penalize(s, Irregularity.REVOKE, offender=1)
    with pytest.raises(bz.IllegalActionError, match="R10"):
        penalize(over, Irregularity.MISSED_DRAW, offender=0)
