"""The shuffle computes every SplitMix64 output at once, in the lanes of one big integer;
its deals must stay bit-identical to the straightforward Fisher-Yates it replaced.

The reference below is that shuffle, one SplitMix64 step per swap, written out here so a
change to the library cannot move both sides. ``tests/test_golden.py`` pins whole deals;
this file pins ``shuffled`` itself on any length and seed, the lane read-out on both byte
orders, and ``new_deal``'s dealing against the packet-by-packet deal (R11.1, R2.2, R11.6).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Literal, TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique._engine import shuffle
from bezique._engine.compiled import rules_of
from bezique.state import CartePrivilege

T = TypeVar("T")

MASK = (1 << 64) - 1
LENGTHS = (0, 1, 2, 3, 32, 64, 129, 512)
_RNG = random.Random(13)
SEEDS = (0, 1, 2, 7, 1234567, 2**63, 2**64 - 2, 2**64 - 1,
         *(_RNG.getrandbits(64) for _ in range(12)))


def reference_outputs(seed: int, count: int) -> list[int]:
    """SplitMix64, one output at a time (Steele, Lea and Flood; Vigna's splitmix64.c)."""
    out, x = [], seed & MASK
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def reference_shuffled(items: Sequence[T], seed: int) -> list[T]:
    """Fisher-Yates from the last position down, one SplitMix64 output per swap."""
    out = list(items)
    x = seed & MASK
    for i in range(len(out) - 1, 0, -1):
        x = (x + 0x9E3779B97F4A7C15) & MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def test_outputs_match_published_splitmix64_values() -> None:
    # seed 0: the first outputs of Vigna's splitmix64.c; seed 1234567: Rosetta Code's
    # "Pseudo-random numbers/Splitmix64" task
    assert list(shuffle._splitmix_outputs(0, 4)) == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    assert list(shuffle._splitmix_outputs(1234567, 3)) == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]
    assert reference_outputs(0, 4) == list(shuffle._splitmix_outputs(0, 4))


@pytest.mark.parametrize("count", [1, 2, 63, 128, 511, 1000])
def test_every_lane_matches_one_step_at_a_time(count: int) -> None:
    for seed in SEEDS:
        assert list(shuffle._splitmix_outputs(seed, count)) == reference_outputs(seed, count)


@pytest.mark.parametrize("length", LENGTHS)
def test_shuffled_equals_the_reference_on_fixed_seeds(length: int) -> None:
    items = list(range(length))
    for seed in SEEDS:
        assert shuffle.shuffled(items, seed) == reference_shuffled(items, seed), seed


@settings(derandomize=True, max_examples=200)
@given(seed=st.integers(0, 2**64 - 1), length=st.integers(0, 600))
def test_shuffled_equals_the_reference(seed: int, length: int) -> None:
    items = [f"c{i}" for i in range(length)]
    assert shuffle.shuffled(items, seed) == reference_shuffled(items, seed)


@settings(derandomize=True, max_examples=50)
@given(seed=st.integers(-(2**70), 2**70))
def test_seeds_outside_the_64_bits_are_taken_modulo_2_64_as_before(seed: int) -> None:
    # new_deal refuses them (check_seed); shuffled itself always kept the low 64 bits
    assert shuffle.shuffled(range(40), seed) == reference_shuffled(range(40), seed)


def test_shuffled_copies_any_sequence_and_leaves_it_alone() -> None:
    deck = rules_of(bz.variants.EIGHT_PACK).deck
    before = tuple(deck)
    out = shuffle.shuffled(deck, 99)
    assert isinstance(out, list) and deck == before
    assert sorted(out, key=lambda c: c.index) == sorted(deck, key=lambda c: c.index)
    assert out == reference_shuffled(deck, 99) != list(deck)
    assert shuffle.shuffled("abcdef", 3) == reference_shuffled("abcdef", 3)
    assert shuffle.shuffled((), 3) == [] and shuffle.shuffled(["x"], 3) == ["x"]


@pytest.mark.parametrize("byteorder", ["little", "big"])
def test_the_low_halves_are_read_on_either_byte_order(
        byteorder: Literal["little", "big"]) -> None:
    # what memoryview.cast("Q") gives on a machine of that byte order: each 8-byte word of
    # the integer's bytes in that order, read in that order
    rng = random.Random(5)
    lanes = [rng.getrandbits(128) for _ in range(9)]
    number = sum(v << (128 * k) for k, v in enumerate(lanes))
    data = number.to_bytes(16 * len(lanes), byteorder)
    words = [int.from_bytes(data[i:i + 8], byteorder) for i in range(0, len(data), 8)]
    assert words[shuffle._low_words(byteorder)] == [v & MASK for v in lanes]
    assert shuffle._low_words(sys.byteorder) == shuffle._LOW_WORDS


def reference_deal(variant: bz.Variant, seed: int, dealer: int
                   ) -> tuple[list[list[bz.Card]], bz.Card | None, list[bz.Card]]:
    """Packets clockwise from the dealer's left, the dealer last (R11.1); then the
    turn-up where the variant has one (R2.2); the rest is the stock."""
    rules = rules_of(variant)
    deck = reference_shuffled(rules.deck, seed)
    hands: list[list[bz.Card]] = [[] for _ in range(rules.players)]
    pos = 0
    for packet in variant.deal.packets:
        for i in range(rules.players):
            hands[(dealer + 1 + i) % rules.players] += deck[pos:pos + packet]
            pos += packet
    turn_up = deck[pos] if rules.trump_fixing.turn_up_dealt else None
    return [sorted(h) for h in hands], turn_up, deck[pos + rules.trump_fixing.turn_up_dealt:]


def _dealt(hand_size: int, packets: Sequence[int]) -> bz.Variant:
    two = bz.variants.TWO_PACK
    return attrs.evolve(two, deal=attrs.evolve(two.deal, hand_size=hand_size, packets=packets))


ODD_DEALS = (_dealt(1, (1,)), _dealt(7, (4, 1, 2)), _dealt(2, [1, 1]))
"""Deals no preset has: one-card hands, uneven packets, packets given as a list."""


@pytest.mark.parametrize("variant", (*bz.variants.ALL, *ODD_DEALS),
                         ids=lambda v: f"{v.name}-{v.deal.packets}")
def test_new_deal_deals_as_packet_by_packet(variant: bz.Variant) -> None:
    rules = rules_of(variant)
    for seed in SEEDS[:10]:
        for dealer in range(rules.players):
            state = bz.new_deal(variant, seed=seed, dealer=dealer)
            hands, turn_up, stock = reference_deal(variant, seed, dealer)
            assert [list(h) for h in state.hands] == hands
            assert state.turn_up is turn_up and list(state.stock) == stock
            assert state.dealer == dealer and state.seed == seed


@pytest.mark.parametrize("variant", [v for v in bz.variants.ALL
                                     if rules_of(v).settlement.carte_points is not None],
                         ids=lambda v: v.name)
def test_carte_blanche_privilege_is_given_to_hands_without_court_cards(
        variant: bz.Variant) -> None:
    # R11.6; hands without a court are rare (about 0.4% of Chinese hands): try many seeds
    seen: set[CartePrivilege] = set()
    for seed in range(3000):
        state = bz.new_deal(variant, seed=seed)
        want = tuple(CartePrivilege.NONE if any(c.rank.is_court for c in h)
                     else CartePrivilege.MAY for h in state.hands)
        assert state.carte == want, seed
        seen.update(want)
        if len(seen) == 2 and seed >= 200:
            break
    assert seen == {CartePrivilege.NONE, CartePrivilege.MAY}
