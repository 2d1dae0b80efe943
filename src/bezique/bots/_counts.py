"""Packed count vectors: in one int, how many copies of each card and of each rank some
cards hold, one bit field each (the layout of :data:`bezique._engine.compiled.CARD_WEIGHT`).
The greedy policy counts cards so; :mod:`bezique.bots.valuation` gives it these names.
"""

from __future__ import annotations

from collections.abc import Callable

from bezique._engine.compiled import CARD_SHIFT, CARD_WEIGHT, FIELD_MASK
from bezique.cards import ALL_CARDS, Card, Suit

__all__ = ["FIELD", "GUARD", "MASK", "RANK_SHIFT", "SHIFT", "SUIT_FIELDS", "SUIT_SHIFT", "WEIGHT",
           "suit_count", "suit_top"]

WEIGHT: Callable[[Card], int] = CARD_WEIGHT.__getitem__
"""A card's weight in a packed count vector (:data:`bezique._engine.compiled.CARD_WEIGHT`):
the sum over some cards, ``sum(map(WEIGHT, cards))``, holds how many copies of each card
and of each rank they contain, one bit field each."""
SHIFT: tuple[int, ...] = tuple(CARD_SHIFT[c] for c in ALL_CARDS)
"""``counts >> SHIFT[card.index] & MASK``: the copies of the card in a packed count vector."""
RANK_SHIFT: tuple[int, ...] = tuple(
    (CARD_WEIGHT[c] ^ (CARD_WEIGHT[c] & -CARD_WEIGHT[c])).bit_length() - 1
    for c in sorted((c for c in ALL_CARDS if c.suit is Suit.SPADES), key=lambda c: c.rank))
"""``counts >> RANK_SHIFT[rank] & MASK``: the copies of a rank in a packed count vector."""
MASK: int = FIELD_MASK
"""One field of a packed count vector."""
GUARD: int = (MASK + 1) >> 1
"""The top bit of a field: counts stay below it."""
FIELD: int = SHIFT[1] - SHIFT[0]
"""Bits per field; the 32 cards' fields lie in index order (checked in the tests), so the
eight cards of a suit fill one block of eight fields, ace first."""
SUIT_SHIFT: tuple[int, ...] = tuple(SHIFT[8 * s] for s in range(4))
"""``counts >> SUIT_SHIFT[s] & SUIT_FIELDS``: the block of suit position ``s``."""
SUIT_FIELDS: int = (1 << (8 * FIELD)) - 1
_ONES: int = sum(1 << (FIELD * k) for k in range(8))
_LOW: int = (GUARD - 1) * _ONES
_HIGH: int = GUARD * _ONES


def suit_count(block: int) -> int:
    """How many cards a suit's block of counts holds (fewer than a field's limit)."""
    return block * _ONES >> (7 * FIELD) & MASK


def suit_top(block: int) -> int:
    """The highest rank (7 for an ace) of which a suit's block of counts holds a copy, or
    -1."""
    held = (block + _LOW) & _HIGH
    return 7 - (held & -held).bit_length() // FIELD + 1 if held else -1
