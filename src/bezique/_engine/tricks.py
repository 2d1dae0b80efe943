"""The trick in progress as card indexes: who played each card, winning it and the duty to
follow in phase 2 (R1.3, R2.4, R2.5, R2.10, R11.9).

**The trick as integers.** The state keeps the current trick as the :attr:`Card.index
<bezique.cards.Card.index>` of each card in the order played (``State.trick_indexes``);
who played each one follows from the trick's leader and the playing order of the active
players (R2.4, R2.5, R11.9), so it is not stored. :func:`trick_pairs` gives the trick as
``(player, card)`` pairs (:attr:`State.trick <bezique.state.State.trick>`), and
:func:`trick_indexes` reads such pairs back, refusing a trick not played in turn from its
leader. The winner of a trick and the cards a follower may play are worked out on the
indexes: a two-card trick by one look-up at its pair key (:data:`BEATS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from bezique._engine.hands import CARD_OF, MASK, SHIFT, SUIT_BLOCKS
from bezique.cards import ALL_CARDS, HIGHER_IN_SUIT, SUIT_OF_INDEX, Card, Suit, quote
from bezique.errors import InvariantError

__all__ = ["BEATS", "PAIR_SHIFT", "Follow", "follow_options", "follow_rule",
           "pair_key", "pair_table", "trick_indexes", "trick_order", "trick_pairs",
           "trick_winner", "winning_pair"]


PAIR_SHIFT = 5
"""The key of an ordered pair of cards in a per-pair table (:data:`BEATS`): the first card's
index shifted left by ``PAIR_SHIFT``, or-ed with the second's (a card index fits in five
bits). The hot path writes ``first << PAIR_SHIFT | second``, which is :func:`pair_key`
without the call."""


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
``BEATS[trump][best << PAIR_SHIFT | card]`` for their card indexes (R1.3), looked up rather
than computed on the hot path."""


def trick_order(leader: int, active: tuple[int, ...]) -> tuple[int, ...]:
    """Who plays to a trick led by ``leader``, in turn: the active players in their playing
    order from the leader round (R2.4, R2.5; two of them in a phase-2 duel, R11.9).

    Raises:
        ValueError: if ``leader`` is not among ``active``.
    """
    at = active.index(leader)
    return active[at:] + active[:at]


def trick_pairs(indexes: tuple[int, ...], leader: int, active: tuple[int, ...]
                ) -> tuple[tuple[int, Card], ...]:
    """The trick of the card indexes ``indexes`` led by ``leader`` as ``(player, card)``
    pairs in the order played (:attr:`State.trick <bezique.state.State.trick>`)."""
    if not indexes:
        return ()
    return tuple(zip(trick_order(leader, active), map(CARD_OF, indexes)))  # noqa: B905 (fewer cards than players)


def trick_indexes(trick: Iterable[Any], leader: int, active: tuple[int, ...]
                  ) -> tuple[int, ...]:
    """The card indexes of ``trick``, ``(player, card)`` pairs in the order played; the
    players must be the trick's leader and the active players after him in turn (R2.4,
    R2.5), fewer than all of them (a complete trick leaves the table, R2.6).

    Raises:
        InvariantError: for the field ``trick``, naming what is wrong (as
            :func:`bezique.testing.check_state` does for such a trick).
    """
    try:
        pairs = tuple(trick)
    except TypeError:
        raise InvariantError("expected a tuple of [player, card]", "trick") from None
    for i, entry in enumerate(pairs):
        if not (isinstance(entry, tuple) and len(entry) == 2 and type(entry[1]) is Card):
            raise InvariantError(f"{quote(entry)} is not a (player, card) pair", f"trick[{i}]")
    players = [p for p, _ in pairs]
    order = list(trick_order(leader, active)) if leader in active else []
    if players != order[:len(players)]:
        raise InvariantError(f"not played in turn from the leader {leader} ({order})", "trick")
    if pairs and len(pairs) >= len(active):
        raise InvariantError("a complete trick is still on the table", "trick")
    return tuple(card.index for _, card in pairs)


def trick_winner(trick: Sequence[int], trump: Suit | None) -> int:
    """The position in ``trick``, card indexes in the order played, of the winning card
    (R1.3).

    The highest trump wins; without trumps the highest card of the suit led.
    Of two identical winning cards the one played first wins.
    """
    beats = BEATS[trump]
    best = 0
    best_index = trick[0]
    for i in range(1, len(trick)):
        index = trick[i]
        if beats[best_index << PAIR_SHIFT | index]:
            best, best_index = i, index
    return best


def winning_pair(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> tuple[int, Card]:
    """The ``(player, card)`` pair winning ``trick``, given as such pairs (R1.3): the
    trick as observations show it (:attr:`Observation.trick
    <bezique.observation.Observation.trick>`), judged on its card indexes."""
    return trick[trick_winner([card.index for _, card in trick], trump)]


_BLOCK_OF: tuple[int, ...] = tuple(SUIT_BLOCKS[SUIT_OF_INDEX[i]] for i in range(len(ALL_CARDS)))
"""Per card index, the fields of its suit's cards in a hand's count vector (``held &
_BLOCK_OF[i]`` keeps the cards of that suit)."""
_TRUMP_BLOCK: dict[Suit | None, int] = {
    None: 0, **{card.suit: _BLOCK_OF[card.index] for card in ALL_CARDS}}
"""Per trump, the fields of the trumps in a hand's count vector (none before a trump)."""
_ABOVE: tuple[int, ...] = tuple(
    sum(MASK << SHIFT[c] for c in range(len(ALL_CARDS)) if HIGHER_IN_SUIT[i] >> c & 1)
    for i in range(len(ALL_CARDS)))
"""Per card index, the fields of the higher cards of its suit (``held & _ABOVE[i]``)."""


def follow_options(held: int, trick: Sequence[int], trump: Suit | None,
                   trump_when_losing: bool = True) -> int:
    """The cards a follower may play in phase 2 (R2.10, R11.9), of the count vector
    ``held`` of his hand (:mod:`bezique._engine.hands`), as a count vector; ``trick`` is
    the card indexes played so far.

    Follow suit if able, and beat the best card so far if able; when void in
    the suit led, play a trump that beats it if able, otherwise any trump
    (only any card with ``trump_when_losing`` false, R7.1); holding neither
    the suit nor a trump, any card.
    """
    led = _BLOCK_OF[trick[0]]
    best = trick[trick_winner(trick, trump)] if len(trick) > 1 else trick[0]
    suit = held & led
    if suit:
        if _BLOCK_OF[best] != led:
            return suit
        return suit & _ABOVE[best] or suit
    trumps = held & _TRUMP_BLOCK[trump]
    if not trumps:
        return held
    if _BLOCK_OF[best] != _TRUMP_BLOCK[trump]:
        return trumps
    return trumps & _ABOVE[best] or (trumps if trump_when_losing else held)


Follow = Callable[[int, Sequence[int], "Suit | None"], int]
"""The cards a phase-2 follower may play (a count vector), of his hand's count vector, the
trick's card indexes and the trump (R2.10)."""


def follow_rule(trump_when_losing: bool) -> Follow:
    """:func:`follow_options` for a variant, chosen once: with ``trump_when_losing`` off a
    follower who can neither follow nor overtrump may play any card (R7.1)."""
    return follow_options if trump_when_losing else partial(follow_options,
                                                            trump_when_losing=False)
