"""The names the greedy policy's modules read cards, suits and meld classes by.

Cards are counted in the engine's packed count vectors (:mod:`bezique._engine.hands`: a
card's copies are :func:`~bezique._engine.hands.copies_at`, a rank's
:func:`~bezique._engine.hands.rank_copies`); here are the suits by position, the ranks as
ints, and the class bits of R3.4 by name, as :attr:`bezique.state.TableCard.used` keeps
them (:data:`bezique._engine.melds.tables.CLASS_BIT`).

The class vectors of a player (:func:`bezique.bots._sources.class_vectors`) are a tuple
indexed by class bit: ``by_bit[CLASS_A]``, ``by_bit[CLASS_B]``, ``by_bit[CLASS_C]`` count
the cards each class may still use, ``by_bit[NO_CLASS]`` every card (an upgrade built on a
scored combination has no class of its own, R3.5).
"""

from __future__ import annotations

from bezique._engine.hands import SUIT_FIELDS, SUIT_SHIFT
from bezique._engine.melds.layout import suit_count
from bezique._engine.melds.tables import CLASS_BIT
from bezique.cards import RANK_OF_INDEX, Rank, Suit
from bezique.melds import MeldClass, MeldKind

__all__ = ["ACE", "BY_BIT_LENGTH", "CLASS_A", "CLASS_B", "CLASS_C", "COMPLETE", "EVERY_CLASS",
           "JACK", "KIND_BIT", "NO_CLASS", "RANK", "SUITS", "SUIT_POS", "TEN", "suit_size"]

SUITS: tuple[Suit, ...] = tuple(Suit)
"""The suits in position order (a suit's block in a count vector, ``SUIT_SHIFT[pos]``)."""
SUIT_POS: dict[Suit | None, int] = {None: -1, **{suit: pos for pos, suit in enumerate(SUITS)}}
"""Per suit its position in :data:`SUITS`; ``None`` (no trump yet) is -1. Suits hash by
identity, in C: a look-up on the hot path."""
RANK: tuple[int, ...] = RANK_OF_INDEX
"""``RANK[card.index]``: the rank as an int, 7 for an ace down to 0 for a seven."""
TEN: int = int(Rank.TEN)
JACK: int = int(Rank.JACK)
ACE: int = int(Rank.ACE)

NO_CLASS: int = 0
"""The class bit of a combination that may use any card: an upgrade built on a scored
combination (R3.5); its class vector counts every card."""
CLASS_A: int = CLASS_BIT[MeldClass.A]
"""Marriages and sequences (R3.4; with ``meld_classes = four`` the sequences too, R13.1)."""
CLASS_B: int = CLASS_BIT[MeldClass.B]
"""Beziques (R3.4)."""
CLASS_C: int = CLASS_BIT[MeldClass.C]
"""Four of a rank (R3.4, R3.6)."""
BY_BIT_LENGTH: int = CLASS_C + 1
"""The length of a tuple of class vectors indexed by class bit."""
EVERY_CLASS: int = CLASS_A | CLASS_B | CLASS_C | CLASS_BIT[MeldClass.SEVEN]
"""Every class bit a table card may have served: where the bits every copy of a card has
served are and-ed together, the start."""
KIND_BIT: dict[MeldKind, int] = {kind: 1 << n for n, kind in enumerate(MeldKind)}
"""A bit per combination kind, for bit sets of kinds (kinds hash by identity, in C)."""

COMPLETE: float = 0.9
"""Share of its points a complete, not yet declared combination is worth (a trick must be
won)."""


def suit_size(held: int, s: int) -> int:
    """How many cards of suit position ``s`` the count vector ``held`` counts."""
    return suit_count(held >> SUIT_SHIFT[s] & SUIT_FIELDS)
