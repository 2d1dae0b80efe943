"""Reading the trick in progress, for the greedy policy's card play (R1.3, R11.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.tricks import winning_pair
from bezique.bots._layout import RANK
from bezique.cards import SUIT_OF_INDEX, Card, Suit

if TYPE_CHECKING:
    from bezique.bots._tables import Tables

__all__ = ["beats", "trick_lead"]


def trick_lead(T: Tables, trick: tuple[tuple[int, Card], ...], trump: Suit | None,
               player: int) -> tuple[int, int, bool]:
    """Who is winning the trick so far (R1.3): that player, the index of the card
    winning it, and whether that player is ``player``'s partner (R11.8)."""
    # one card so far (every two-handed trick when following): it is winning (R1.3)
    leader, card = trick[0] if len(trick) == 1 else winning_pair(trick, trump)
    return leader, card.index, T.sides[leader] == T.sides[player]


def beats(i: int, best: int, trump: int) -> bool:
    """Whether card index ``i`` played after ``best`` takes the trick from it (R1.3)."""
    suit = SUIT_OF_INDEX[i]
    if suit == SUIT_OF_INDEX[best]:
        return RANK[i] > RANK[best]
    return suit == trump
