"""R9.4: the dealer's packet and the non-dealer's guess (Chinese option ``dealer_guess``)."""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.dealing import PACKET_RANGE
from bezique.state import Stage

V = bz.variants.CHINESE.with_options(dealer_guess=True)


def _deal_with_packet(size: int) -> bz.State:
    for seed in range(500):
        s = bz.new_deal(V, seed=seed)
        if s.packet == size:
            return s
    raise AssertionError(f"no seed gives a packet of {size}")  # pragma: no cover


def test_R9_4_deal_opens_with_the_non_dealers_guess() -> None:
    s = bz.new_deal(V, seed=1)
    assert s.stage is Stage.GUESS and s.to_move == 1
    low, high = PACKET_RANGE
    assert bz.legal_actions(s) == tuple(bz.GuessPacket(n) for n in range(low, high + 1))
    assert low <= s.packet <= high
    with pytest.raises(bz.IllegalActionError, match=r"R9\.4"):
        bz.apply(s, bz.Play(s.hands[1][0]))


def test_R9_4_exact_guess_scores_150_for_the_non_dealer() -> None:
    s = _deal_with_packet(20)
    t = bz.apply(s, bz.GuessPacket(20))
    assert t.bonus == (0, 150) and t.stage is Stage.PLAY and t.to_move == 1
    assert bz.apply(s, bz.GuessPacket(21)).bonus == (0, 0)


def test_R9_4_packet_of_exactly_24_scores_250_for_the_dealer() -> None:
    s = _deal_with_packet(24)
    assert bz.apply(s, bz.GuessPacket(23)).bonus == (250, 0)
    assert bz.apply(s, bz.GuessPacket(24)).bonus == (250, 150)


def test_R9_4_packet_is_hidden_from_the_observation() -> None:
    a, b = _deal_with_packet(20), _deal_with_packet(24)
    oa, ob = bz.observe(a, 1), bz.observe(b, 1)
    assert not hasattr(oa, "packet")
    d = bz.determinize(oa, random.Random(3))
    assert d.stage is Stage.GUESS and PACKET_RANGE[0] <= d.packet <= PACKET_RANGE[1]
    assert bz.observe(d, 1) == oa
    assert ob.stage is Stage.GUESS


def test_R9_4_option_only_where_it_belongs() -> None:
    with pytest.raises(bz.VariantError, match="dealer_guess"):
        bz.variants.TWO_PACK.with_options(dealer_guess=True)
    assert bz.variants.CHINESE.deal.dealer_guess is False


def test_R9_4_guess_counts_in_the_deal_result() -> None:
    s = bz.apply(_deal_with_packet(24), bz.GuessPacket(24))
    rng = random.Random(2)
    while not s.is_over:
        s = bz.apply(s, rng.choice(bz.legal_actions(s)))
    result = bz.deal_result(s)
    assert (result.breakdown[0].bonus, result.breakdown[1].bonus) == (250, 150)
    assert result.points == s.scores
