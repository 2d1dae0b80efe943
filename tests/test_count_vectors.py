"""The packed count vectors of a declaration window answer exactly (R3.3, R3.9, R4.2).

Each variant lays out, per trump, small fields for the cards its combinations use, the ranks
of its quartets and the seven of trumps (:mod:`bezique._engine.melds.layout`). These tests
count random sets of cards both ways, on the vector and one card at a time, and compare:
every combination's check, the window's gate, the candidates it names and the seven's field.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import bezique as bz
from bezique._engine.compiled import Rules, rules_of
from bezique._engine.melds import search as meld_search
from bezique._engine.melds.layout import Layout, meld_gate
from bezique._engine.melds.tables import WindowGate
from bezique.cards import Card, Rank, Suit
from strategies import VARIANTS, play_deal

TRUMPS = (None, *Suit)


def _shown(gate: WindowGate, counts: int) -> int:
    y = (counts + gate.add) & gate.guard
    return y & ((y >> gate.shift) | gate.single) & gate.mask


def _passes(add: int, guard: int, counts: int) -> bool:
    return (counts + add) & guard == guard


def _holds(cards: Counter[Card], needs: dict[Card | Rank, int]) -> bool:
    ranks = Counter(card.rank for card in cards.elements())
    return all((cards[f] if isinstance(f, Card) else ranks[f]) >= n for f, n in needs.items())


def _needs_of(gate: WindowGate, i: int) -> dict[Card | Rank, int]:
    split = len(gate.patterns)
    if i < split:
        return dict(Counter(gate.patterns[i].cards))
    return {gate.quartets[i - split].rank: 4}


def _samples(rules: Rules, seed: int) -> list[Counter[Card]]:
    rng = random.Random(seed)
    deck = list(rules.deck)
    return [Counter(rng.sample(deck, rng.randrange(0, min(len(deck), 24)))) for _ in range(150)]


@pytest.mark.parametrize("variant", (*bz.variants.ALL, *VARIANTS[len(bz.variants.ALL)::48]),
                         ids=lambda v: v.name)
def test_R3_9_the_count_vectors_answer_every_check_exactly(variant: bz.Variant) -> None:
    rules = rules_of(variant)
    met = 0
    for t, trump in enumerate(TRUMPS):
        gate = rules.gates[trump]
        for cards in _samples(rules, t):
            counts = sum(gate.weigh(card) * n for card, n in cards.items())
            passing = {i for i, (add, guard, *_) in enumerate(gate.entries)
                       if _passes(add, guard, counts)}
            assert passing == {i for i in range(len(gate.entries))
                               if _holds(cards, _needs_of(gate, i))}
            shown = _shown(gate, counts)
            assert bool(shown or gate.more) >= bool(passing)  # the gate lets them through
            if not gate.more:
                assert bool(shown) == bool(passing)  # and nothing else
                named = 0
                while shown:
                    low = shown & -shown
                    named |= gate.covers[low]
                    shown ^= low
                assert all(named >> i & 1 for i in passing)  # the candidates hold them
                if named and _shown(gate, counts) in gate.candidates:
                    assert gate.candidates[_shown(gate, counts)] == tuple(
                        e for i, e in enumerate(gate.entries) if named >> i & 1)
            if gate.seven is not None:  # R4.2: the seven's field counts the seven
                assert bool(counts & gate.seven_mask) == (cards[gate.seven] > 0)
            met += bool(passing)
    assert met > 0


def test_R3_9_the_two_pack_vectors_fit_a_machine_word() -> None:
    """A hand's count vector stays below 2**62, where CPython sums and tests integers on
    its fast path; the eight-pack game needs wider fields."""
    rules = rules_of(bz.variants.TWO_PACK)
    for trump in TRUMPS:
        gate = rules.gates[trump]
        widest = sum(gate.weigh(card) for card in rules.deck)
        assert widest < 1 << 62
        assert not gate.more  # one test for every combination


def test_R3_3_checks_asking_different_counts_of_one_field_get_their_own_tests() -> None:
    """Two aces of spades against one ace with the king of hearts, and a check of three
    cards: three tests; the gate passes exactly when one of the checks does."""
    aces, king, ten = Card.parse("AS"), Card.parse("KH"), Card.parse("10S")
    checks: list[dict[Card | Rank, int]] = [{aces: 2}, {aces: 1, king: 1},
                                            {aces: 1, ten: 1, Card.parse("KS"): 1}]
    deck = bz.variants.TWO_PACK.deck.cards()
    layout = Layout(deck, checks, None)
    tests, _ = meld_gate(layout, checks)
    assert len(tests) == 3
    for a in range(3):
        for k in range(3):
            for t in range(3):
                for s in range(3):
                    cards = Counter({aces: a, king: k, ten: t, Card.parse("KS"): s})
                    counts = sum(layout.weight[c] * n for c, n in cards.items())
                    passed = any(((counts + add) & guard == guard) if shift < 0 else
                                 (lambda y: y & ((y >> shift) | single) & mask)(
                                     (counts + add) & guard)
                                 for add, guard, shift, single, mask in tests)
                    assert passed == any(_holds(cards, needs) for needs in checks)


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.EIGHT_PACK], ids=lambda v: v.name)
def test_R3_9_a_gate_of_several_tests_finds_every_declaration(
        variant: bz.Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    """With further tests (no variant of the library needs them) every combination is a
    candidate when one passes: the window offers the same declarations."""
    rules = rules_of(variant)
    wide = {trump: attrs.evolve(gate, add=0, guard=0, shift=0, single=0, mask=0,
                                more=((gate.add, gate.guard, gate.shift, gate.single,
                                       gate.mask), *gate.more), covers={}, candidates={})
            for trump, gate in rules.gates.items()}
    start = bz.new_deal(variant, seed=3, dealer=0)
    expected = [[meld_search.declarations(s, rules, p, None) for p in range(variant.players)]
                for s, _, _ in play_deal(start, random.Random(3))]
    assert any(any(row) for row in expected)
    monkeypatch.setattr(rules, "gates", wide)
    found = [[meld_search.declarations(s, rules, p, None) for p in range(variant.players)]
             for s, _, _ in play_deal(start, random.Random(3))]
    assert found == expected
