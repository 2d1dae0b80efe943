"""Finding a card in a hand without comparing cards (the hot path of play and apply).

Cards are interned, so a copy of a card *is* the card; but ``card in hand`` and
``hand.index(card)`` still compare the card with every card before it, and a comparison of
two different cards goes through :class:`~bezique.cards.Card`'s Python-level ordering
methods (about ten times the cost of the identity test). Hands are kept in display order
(:data:`bezique.cards.by_index`), so a binary search on the index finds a card in C.
"""

from __future__ import annotations

from bisect import bisect_left

from bezique.cards import Card, by_index

__all__ = ["position", "without"]


def position(cards: tuple[Card, ...], card: Card) -> int:
    """Where a copy of ``card`` lies in ``cards``, or -1 when there is none.

    ``cards`` in display order is searched in C; any other order (a position set up by
    hand) is searched in full.
    """
    i = bisect_left(cards, card.index, key=by_index)
    if i < len(cards) and cards[i] is card:
        return i
    return cards.index(card) if card in cards else -1


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one copy of ``card``, which it holds."""
    i = position(cards, card)
    if i < 0:
        raise ValueError(f"{card} is not among the cards")
    return cards[:i] + cards[i + 1:]
