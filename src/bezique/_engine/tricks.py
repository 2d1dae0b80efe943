"""Winning a trick and the duty to follow in phase 2 (R1.3, R2.10, R11.9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bezique._engine.hands import MASK, SHIFT, SUIT_BLOCKS
from bezique.cards import ALL_CARDS, SUIT_OF_INDEX, Card, Suit

__all__ = ["BEATS", "PAIR_SHIFT", "Follow", "follow_options", "follow_rule", "pair_key",
           "pair_table", "trick_winner"]

PAIR_SHIFT = 5
"""The key of an ordered pair of cards in a per-pair table (:data:`BEATS`): the first card's
index shifted left by ``PAIR_SHIFT``, or-ed with the second's (a card index fits in five
bits). The hot path writes ``first.index << PAIR_SHIFT | second.index``, which is
:func:`pair_key` without the call."""


def pair_key(first: int, second: int) -> int:
    """The key of the card indexes ``first`` then ``second`` in a per-pair table."""
    return first << PAIR_SHIFT | second


def pair_table(value: Callable[[Card, Card], int]) -> bytes:
    """A per-pair table: ``value(first, second)`` (0-255) for every ordered pair of cards,
    at :func:`pair_key` of their indexes."""
    table = bytearray(len(ALL_CARDS) << PAIR_SHIFT)
    for first in ALL_CARDS:
        row = pair_key(first.index, 0)
        for second in ALL_CARDS:
            table[row | second.index] = value(first, second)
    return bytes(table)


def _beats(best: Card, card: Card, trump: Suit | None) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it (R1.3): a higher card
    of its suit, or a trump on a card of another suit. An identical card does not."""
    if card.suit is best.suit:
        return card.index < best.index  # within a suit a lower index is a higher rank
    return card.suit is trump


BEATS: dict[Suit | None, bytes] = {
    trump: pair_table(partial(_beats, trump=trump)) for trump in (*Suit, None)}
"""Per trump (``None`` before one is fixed), whether a card beats the best card so far:
``BEATS[trump][best.index << PAIR_SHIFT | card.index]`` (R1.3), looked up rather than
computed on the hot path."""


def trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> int:
    """The index in ``trick`` of the winning card (R1.3).

    The highest trump wins; without trumps the highest card of the suit led.
    Of two identical winning cards the one played first wins.
    """
    beats = BEATS[trump]
    best = 0
    best_index = trick[0][1].index
    for i in range(1, len(trick)):
        index = trick[i][1].index
        if beats[best_index << PAIR_SHIFT | index]:
            best, best_index = i, index
    return best


_OF_SUIT: dict[Suit, int] = {
    card.suit: SUIT_BLOCKS[SUIT_OF_INDEX[card.index]] for card in ALL_CARDS}
"""Per suit, the fields of its cards in a hand's count vector (``held & _OF_SUIT[suit]``
keeps that suit's cards)."""
_ABOVE: dict[Card, int] = {
    card: sum(MASK << SHIFT[c.index] for c in ALL_CARDS if c.suit is card.suit
              and c.rank > card.rank) for card in ALL_CARDS}
"""Per card, the fields of the higher cards of its suit (``held & _ABOVE[card]``)."""


def follow_options(held: int, trick: Sequence[tuple[int, Card]], trump: Suit | None,
                   trump_when_losing: bool = True) -> int:
    """The cards a follower may play in phase 2 (R2.10, R11.9), of the count vector
    ``held`` of his hand (:mod:`bezique._engine.hands`), as a count vector.

    Follow suit if able, and beat the best card so far if able; when void in
    the suit led, play a trump that beats it if able, otherwise any trump
    (only any card with ``trump_when_losing`` false, R7.1); holding neither
    the suit nor a trump, any card.
    """
    led = trick[0][1].suit
    best = trick[trick_winner(trick, trump)][1]
    suit = held & _OF_SUIT[led]
    if suit:
        if best.suit is not led:
            return suit
        return suit & _ABOVE[best] or suit
    trumps = held & _OF_SUIT[trump] if trump is not None else 0
    if not trumps:
        return held
    if best.suit is not trump:
        return trumps
    return trumps & _ABOVE[best] or (trumps if trump_when_losing else held)


Follow = Callable[[int, Sequence[tuple[int, Card]], "Suit | None"], int]
"""The cards a phase-2 follower may play (a count vector), of his hand's count vector, the
trick and the trump (R2.10)."""


def follow_rule(trump_when_losing: bool) -> Follow:
    """:func:`follow_options` for a variant, chosen once: with ``trump_when_losing`` off a
    follower who can neither follow nor overtrump may play any card (R7.1)."""
    return follow_options if trump_when_losing else partial(follow_options,
                                                            trump_when_losing=False)
