"""Winning a trick and the duty to follow in phase 2 (R1.3, R2.10, R11.9)."""

from __future__ import annotations

from collections.abc import Sequence

from bezique.cards import Card, Suit

__all__ = ["follow_options", "trick_winner"]


def trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> int:
    """The index in ``trick`` of the winning card (R1.3).

    The highest trump wins; without trumps the highest card of the suit led.
    Of two identical winning cards the one played first wins.
    """
    best = 0
    best_card = trick[0][1]
    for i in range(1, len(trick)):
        card = trick[i][1]
        if card.suit is best_card.suit:
            if card.index < best_card.index:  # within a suit a lower index is a higher rank
                best, best_card = i, card
        elif card.suit is trump:
            best, best_card = i, card
    return best


def follow_options(hand: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: Suit | None,
                   trump_when_losing: bool = True) -> list[Card]:
    """The cards a follower may play in phase 2 (R2.10, R11.9).

    Follow suit if able, and beat the best card so far if able; when void in
    the suit led, play a trump that beats it if able, otherwise any trump
    (only any card with ``trump_when_losing`` false, R7.1); holding neither
    the suit nor a trump, any card.
    """
    led = trick[0][1].suit
    best = trick[trick_winner(trick, trump)][1]
    suit = [c for c in hand if c.suit is led]
    if suit:
        if best.suit is not led:
            return suit
        beat = [c for c in suit if c.rank > best.rank]
        return beat or suit
    trumps = [c for c in hand if c.suit is trump] if trump is not None else []
    if not trumps:
        return list(hand)
    if best.suit is not trump:
        return trumps
    beat = [c for c in trumps if c.rank > best.rank]
    if beat:
        return beat
    return trumps if trump_when_losing else list(hand)
