"""The named readers of a card index (:mod:`bezique.cards`) agree with the cards themselves.

The engine and the bots read a card's suit and rank from its index through
``SUIT_OF_INDEX``, ``RANK_OF_INDEX``, ``SUIT_INDEXES`` and ``HIGHER_IN_SUIT`` rather than
by shifts and masks; here each is checked card by card against ``Card.suit`` and
``Card.rank``.
"""

from __future__ import annotations

import re
from pathlib import Path

import bezique
from bezique._engine.tricks import BEATS, PAIR_SHIFT, pair_key, pair_table
from bezique.cards import (
    ALL_CARDS,
    HIGHER_IN_SUIT,
    RANK_OF_INDEX,
    SUIT_INDEXES,
    SUIT_OF_INDEX,
    Card,
    Suit,
    card_index,
)

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def test_each_index_reads_as_its_cards_suit_and_rank() -> None:
    assert len(ALL_CARDS) == len(SUIT_OF_INDEX) == len(RANK_OF_INDEX) == 32
    for card in ALL_CARDS:
        suit_pos = SUIT_ORDER.index(card.suit)
        assert SUIT_OF_INDEX[card.index] == suit_pos, card
        assert RANK_OF_INDEX[card.index] == int(card.rank), card
        assert card_index(suit_pos, int(card.rank)) == card.index, card
        assert Card.of(card.rank, card.suit) is card


def test_the_bit_sets_hold_a_suits_cards_and_the_higher_ones() -> None:
    for suit_pos, suit in enumerate(SUIT_ORDER):
        assert SUIT_INDEXES[suit_pos] == sum(1 << c.index for c in ALL_CARDS if c.suit is suit)
    for card in ALL_CARDS:
        higher = sum(1 << c.index for c in ALL_CARDS if c.suit is card.suit and c.rank > card.rank)
        assert HIGHER_IN_SUIT[card.index] == higher, card


def test_no_engine_or_bot_module_decodes_an_index_by_shifts() -> None:
    root = Path(bezique.__file__).resolve().parent
    modules = sorted([*(root / "_engine").glob("*.py"), *(root / "bots").glob("*.py")])
    raw = re.compile(r"\bi(?:ndex)? >> 3\b|\(i & 7\)|\bbest >> 3\b")
    assert len(modules) > 20
    assert [p.name for p in modules if raw.search(p.read_text(encoding="utf-8"))] == []


def test_R1_3_a_pair_of_cards_has_one_key_in_the_per_pair_tables() -> None:
    keys = {pair_key(a.index, b.index): (a, b) for a in ALL_CARDS for b in ALL_CARDS}
    assert sorted(keys) == list(range(len(ALL_CARDS) << PAIR_SHIFT))
    table = pair_table(lambda a, b: a.index * 2 + (b.index & 1))
    assert all(table[key] == a.index * 2 + (b.index & 1) for key, (a, b) in keys.items())
    for trump in (*Suit, None):
        for key, (best, card) in keys.items():
            takes = (card.rank > best.rank if card.suit is best.suit else card.suit is trump)
            assert BEATS[trump][key] == takes, (trump, best, card)
