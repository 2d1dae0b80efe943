"""Tests of the greedy policy's precomputed tables and packed count vectors.

The greedy policy counts cards in packed count vectors
(:data:`bezique._engine.hands.CARD_WEIGHT`) and reads per-card tables built once per
variant and trump suit (:mod:`bezique.bots.valuation`). These tests check the tables
against the plain definitions they stand for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bezique as bz
from bezique._engine import hands
from bezique._engine.melds import layout
from bezique._engine.melds.source import WonCards
from bezique._engine.tricks import trick_winner
from bezique.bots import _phase2, _sources, valuation
from bezique.cards import ALL_CARDS, Card
from bezique.state import TableCard


def _packed(counts: list[int]) -> int:
    return sum(n * hands.WEIGHT(card) for card, n in zip(ALL_CARDS, counts, strict=True))


def _random_counts(rng: random.Random, most: int) -> list[int]:
    return [rng.choice((0, 0, 0, 1, 2, most)) for _ in range(32)]


def test_card_fields_lie_in_index_order() -> None:
    """The suit blocks of :func:`~bezique._engine.melds.layout.suit_top` need the 32 card fields
    one after the other in ``Card.index`` order, below the rank fields."""
    field = hands.FIELD
    assert tuple(field * i for i in range(32)) == hands.SHIFT
    assert min(hands.RANK_SHIFT) >= 32 * field
    for card in ALL_CARDS:
        counts = _packed([1 if c is card else 0 for c in ALL_CARDS])
        assert hands.copies(counts, card) == hands.copies_at(counts, card.index) == 1
        assert hands.rank_copies(counts, int(card.rank)) == 1


def test_suit_top_and_count_match_a_count_by_card() -> None:
    rng = random.Random(13)
    for _ in range(500):
        counts = _random_counts(rng, 8)
        packed = _packed(counts)
        for s in range(4):
            block = packed >> hands.SUIT_SHIFT[s] & hands.SUIT_FIELDS
            suit = counts[8 * s:8 * s + 8]
            top = next((7 - k for k, n in enumerate(suit) if n), -1)
            assert layout.suit_top(block) == top
            assert layout.suit_count(block) == sum(suit)


@pytest.mark.parametrize("trump", [None, *bz.Suit])
def test_beaten_by_matches_the_trick_winner(trump: bz.Suit | None) -> None:
    """R1.3: the bit set of the cards that take a trick from each card."""
    tables = valuation.tables_of(bz.variants.TWO_PACK).by_trump[trump]
    for best in ALL_CARDS:
        for card in ALL_CARDS:
            takes = trick_winner((best.index, card.index), trump) == 1
            assert bool(tables.beaten_by[best.index] >> card.index & 1) is takes


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.EIGHT_PACK],
                         ids=lambda v: v.name)
def test_count_checks_count_the_cards_held_up_to_the_copies_needed(
        variant: bz.Variant) -> None:
    rng = random.Random(7)
    tables = valuation.tables_of(variant).by_trump[bz.Suit.SPADES]
    for _ in range(200):
        counts = _random_counts(rng, 6)
        packed = _packed(counts)
        for (_, _, total, needs, _, _), prospect in zip(tables.pats, tables.prospects,
                                                        strict=True):
            add, guard, more = prospect[7], prospect[8], prospect[9]
            have = ((packed + add) & guard).bit_count()
            have += sum(((packed + a) & g).bit_count() for a, g in more)
            assert have == sum(min(counts[index], n) for index, n in needs)
            assert prospect[2] == total


def test_played_counts_reuse_the_pile_last_counted() -> None:
    T = valuation.tables_of(bz.variants.TWO_PACK)
    cards = [ALL_CARDS[i % 32] for i in range(0, 120, 7)]
    pile: tuple[Card, ...] = ()
    for card in cards:
        pile = (*pile, card)
        assert _phase2.played_counts(T, pile) == hands.held_of(pile)
    other = tuple(reversed(pile))
    assert _phase2.played_counts(T, other) == hands.held_of(other)
    assert _phase2.played_counts(T, ()) == 0


def test_valuation_exports_what_a_bot_writer_calls() -> None:
    """Issue 38, item 6: the public face of the valuation is small and in the reference;
    the layout the bots count cards in is private."""
    assert sorted(valuation.__all__) == ["Tables", "TrumpTables", "meld_prospects",
                                        "side_prospects", "tables_of"]
    page = (Path(__file__).resolve().parent.parent / "docs" / "api" / "bots.rst").read_text(
        encoding="utf-8")
    for name in valuation.__all__:
        assert f"bezique.bots.valuation.{name}" in page, name


def test_the_greedy_modules_keep_no_cache_by_object_id() -> None:
    """Issue 38, item 6: what the greedy policy remembers is owned by the tables (per
    variant, per trump suit), found by identity tests, never in a module dict keyed by
    ``id()``; only the variant cache (:mod:`bezique.bots._variant_cache`) keys by it, and
    keeps the objects alive."""
    bots = Path(valuation.__file__).resolve().parent
    names = ("_fildinski", "_keep", "_layout", "_phase1", "_phase2", "_sources", "_tables",
             "_trick", "_trump_tables", "greedy", "valuation")
    for name in names:
        source = (bots / f"{name}.py").read_text(encoding="utf-8")
        assert "id(" not in source.replace("pid(", ""), name


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_the_hooks_are_chosen_with_the_tables(variant: bz.Variant) -> None:
    """R3.2, R5.3: the meld card source's hooks are attributes of the tables, chosen when
    they are built from the engine's source object."""
    T = valuation.tables_of(variant)
    assert (T.play_hook, T.meld_cards) == _sources.hooks_of(T.rules.meld_source)
    assert (T.play_hook is None) is (type(T.rules.meld_source) is not WonCards)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def _tables(*piles: str) -> tuple[tuple[TableCard, ...], ...]:
    serials = iter(range(1, 100))
    return tuple(tuple(TableCard(c, next(serials), 0) for c in _cards(p)) for p in piles)


def test_side_prospects_count_a_combination_the_partners_share_once() -> None:
    """Issue 38: partners build on the same tables (R11.8); a double bezique that each
    partner completes with them is one double bezique for the side, not two."""
    v = bz.variants.FOUR_HANDED
    table = _tables("", "QS JD", "", "QS JD")
    hands = (_cards("7C"), _cards("QS 8C"), _cards("7C"), _cards("JD 8C"))
    args = (table, (), (), bz.Suit.HEARTS, 40)
    one = valuation.meld_prospects(v, 1, hands[1], *args, fresh=True)
    other = valuation.meld_prospects(v, 3, hands[3], *args, fresh=True)
    side = valuation.side_prospects(v, 1, hands, *args)
    assert max(one, other) <= side <= one + other - 500 * 0.9  # the double bezique once
    alone = (*hands[:3], ())
    assert valuation.side_prospects(v, 1, alone, *args) == one  # the partner adds nothing
    assert valuation.side_prospects(v, 0, hands, *args) == valuation.meld_prospects(
        v, 0, hands[0], *args, fresh=True)  # two equal hands: as one


def test_prospects_need_a_fresh_card_where_the_rules_do() -> None:
    """R3.7 (``require_fresh_card``): a combination the tables alone complete counts as one
    card short of complete until the hand holds a card of it."""
    v = bz.variants.FOUR_HANDED
    table = _tables("", "QS JD", "", "QS JD")
    args = (table, (), (), bz.Suit.HEARTS, 96)
    held = valuation.meld_prospects(v, 1, _cards("QS"), *args, fresh=True)
    bare = valuation.meld_prospects(v, 1, (), *args, fresh=True)
    assert valuation.meld_prospects(v, 1, (), *args) - bare == pytest.approx(
        500 * 0.9 - 500 * (3 / 4) ** 2 + 40 * 0.9 - 40 * (1 / 2) ** 2)  # full stock: the
    # double bezique and the bezique, complete on the tables, each one card short
    assert held > bare
    two = bz.variants.TWO_PACK
    assert valuation.side_prospects(two, 0, (_cards("QS"), ()), _tables("JD", ""), (), (),
                                    bz.Suit.HEARTS, 20) == valuation.meld_prospects(
        two, 0, _cards("QS"), _tables("JD", ""), (), (), bz.Suit.HEARTS, 20)
