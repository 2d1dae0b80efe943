"""A hand as an integer: the full packed-count layout, and cards found without comparing cards.

**Held cards.** The engine keeps each player's concealed hand as a *count vector*
(``State.held``): one integer in the full layout below, the same for every variant, with a
field of :data:`FIELD` bits per card (fields 0-31, by ``Card.index``, so the eight cards
of a suit fill one block of eight fields, ace first) and one per rank (fields 32-39, by
rank value). Playing a card subtracts its weight (:data:`CARD_WEIGHT`), drawing one adds
it, ``held >> SHIFT[card.index] & MASK`` is how many copies are held: integer operations
where a tuple of cards needed a search, a slice or an insertion. :class:`Card` objects are
made at the boundary: :attr:`State.hands <bezique.state.State.hands>` decodes a vector
with :func:`cards_of`, the legal plays are read off it with :func:`plays_of`, each a
look-up per suit's block in a table filled on first use. The bots count hands, tables and
the unseen cards in the same layout (:mod:`bezique._engine.melds.layout` adds the window's
per-trump layouts and the count tests on top of it).

**The stock.** The face-down stock is a tuple of card indexes (``State.pile``, top card
first): a draw adds :data:`INDEX_WEIGHT` of an index to the drawer's vector, and
:attr:`State.stock <bezique.state.State.stock>` makes the cards with :func:`cards_at`. A
new deal is dealt from the shuffled indexes (``Rules.deck_indexes``): :func:`held_at`
counts a hand of indexes. The cards of a hand every player has seen (``State.seen``) are
count vectors too, which :attr:`State.exposed <bezique.state.State.exposed>` gives as cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from bezique.actions import PLAYS, PLAYS_FROM_TABLE, Play
from bezique.cards import ALL_CARDS, Card, Rank, Suit

__all__ = ["CARD_OF", "CARD_WEIGHT", "COURT_INDEXES", "FIELD", "GUARD", "INDEX_WEIGHT", "MASK",
           "RANK_SHIFT", "SHIFT", "SUIT_BLOCKS", "SUIT_FIELDS", "SUIT_SHIFT", "WEIGHT", "cards_at",
           "cards_of", "copies", "copies_at", "held_at", "held_of", "indexes_of", "plays_of",
           "rank_copies", "recount", "size_of", "table_plays"]

FIELD = 8
"""Bits per field of the full layout."""
MASK: int = (1 << FIELD) - 1
"""One field: ``vector >> SHIFT[index] & MASK`` is how many copies of a card it counts."""
GUARD: int = (MASK + 1) >> 1
"""The top bit of a field: a count stays below it (no player holds 128 copies of a rank)."""
_RANK_FIELD = 32
"""The first of the eight per-rank fields, after the 32 per-card ones."""

SHIFT: tuple[int, ...] = tuple(FIELD * card.index for card in ALL_CARDS)
"""``counts >> SHIFT[card.index] & MASK``: the copies of the card in a packed count vector."""
RANK_SHIFT: tuple[int, ...] = tuple(FIELD * (_RANK_FIELD + int(rank)) for rank in sorted(Rank))
"""``counts >> RANK_SHIFT[rank] & MASK``: the copies of a rank (by rank value)."""
CARD_WEIGHT: dict[Card, int] = {
    card: (1 << SHIFT[card.index]) | (1 << RANK_SHIFT[int(card.rank)]) for card in ALL_CARDS}
"""Each card's weight in the full layout: its card field and its rank field."""
WEIGHT: Callable[[Card], int] = CARD_WEIGHT.__getitem__
"""A card's weight in the full layout: ``sum(map(WEIGHT, cards))`` counts ``cards``."""
INDEX_WEIGHT: tuple[int, ...] = tuple(map(WEIGHT, ALL_CARDS))
"""``INDEX_WEIGHT[card.index]``: the weight of the card of an index (``CARD_WEIGHT[card]``):
a card drawn from the stock, kept as indexes (``State.pile``), is added to a hand so."""
SUIT_SHIFT: tuple[int, ...] = tuple(SHIFT[8 * s] for s in range(len(Suit)))
"""``counts >> SUIT_SHIFT[s] & SUIT_FIELDS``: the block of suit position ``s``."""
SUIT_FIELDS: int = (1 << (8 * FIELD)) - 1
"""The eight fields of one suit's block."""
SUIT_BLOCKS: tuple[int, ...] = tuple(SUIT_FIELDS << shift for shift in SUIT_SHIFT)
"""Per suit position, the mask of its block of eight card fields in place: ``held &
SUIT_BLOCKS[s]`` keeps the counts of that suit's cards (and no rank field)."""


def indexes_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The indexes (``Card.index``) of ``cards``, in their order: the stock's form inside
    the engine (``State.pile``, top card first).

    Raises:
        KeyError: for anything in ``cards`` but a card (as :func:`held_of`).
    """
    return tuple(map(_INDEX_OF, cards))


_INDEX_OF: Callable[[Card], int] = {card: card.index for card in ALL_CARDS}.__getitem__
"""``card.index``, refusing what is not a card (a string has an ``index`` method too)."""


CARD_OF: Callable[[int], Card] = list(ALL_CARDS).__getitem__
"""The card of a card index (``CARD_OF(card.index) is card``, the interned ``ALL_CARDS[i]``),
as a function called in C (a list's ``__getitem__`` is called with less work than a
tuple's)."""
COURT_INDEXES: frozenset[int] = frozenset(card.index for card in ALL_CARDS if card.rank.is_court)
"""The indexes of the kings, queens and jacks (carte blanche, R11.6)."""


def cards_at(indexes: Iterable[int]) -> tuple[Card, ...]:
    """The cards of ``indexes`` (the interned ``ALL_CARDS[i]``), in their order:
    :attr:`State.stock <bezique.state.State.stock>` decodes the stock's indexes so."""
    return tuple(map(CARD_OF, indexes))


def held_of(cards: Iterable[Card]) -> int:
    """The count vector of ``cards`` (the sum of their weights)."""
    return sum(map(WEIGHT, cards))


_WEIGHT_AT: Callable[[int], int] = list(INDEX_WEIGHT).__getitem__
"""``INDEX_WEIGHT[index]`` as a function mapped in C (as :data:`CARD_OF`)."""


def held_at(indexes: Iterable[int]) -> int:
    """The count vector of the cards of ``indexes`` (``held_of`` of those cards, without
    making them): a new deal's hands, dealt from the shuffled indexes."""
    return sum(map(_WEIGHT_AT, indexes))


_RANK_FIELDS_ONES: int = sum(1 << FIELD * k for k in range(len(Rank)))
_TOP_RANK_FIELD: int = FIELD * (len(Rank) - 1)
"""Where the product of :func:`size_of` holds the sum (``len(Rank)`` is a Python-level
call of the enum's class, so it is asked once)."""


def size_of(held: int) -> int:
    """How many cards the count vector ``held`` counts: its rank fields summed (into the
    top one by a multiplication), fewer than a field's limit."""
    return (held >> RANK_SHIFT[0]) * _RANK_FIELDS_ONES >> _TOP_RANK_FIELD & MASK


def copies(held: int, card: Card) -> int:
    """How many copies of ``card`` the count vector ``held`` counts."""
    return held >> SHIFT[card.index] & MASK


def copies_at(held: int, index: int) -> int:
    """How many copies of the card of card index ``index`` the count vector ``held``
    counts (:func:`copies` by the card's index)."""
    return held >> SHIFT[index] & MASK


def rank_copies(held: int, rank: int) -> int:
    """How many cards of ``rank`` (a rank value, ``int(Rank.ACE)``) the count vector
    ``held`` counts, every suit together (its rank field)."""
    return held >> RANK_SHIFT[rank] & MASK


_V = TypeVar("_V")

_BLOCK_LIMIT = 1 << 16
"""The most blocks a decoding table keeps (eight packs reach more than a simulation needs:
the table starts again when full)."""
_HALF = 4
"""Cards of a half-block: a suit's block is decoded as two halves of four cards."""


class _Blocks(Generic[_V]):
    """Per masked block of a suit (``held & SUIT_BLOCKS[s]``), what its cards give
    (``of_cards`` of ``(card, copies)`` pairs), in a plain ``dict`` (:attr:`known`) filled
    on first use: decoding a vector is four subscripts and three joins in C, and a plain
    ``dict`` is subscripted by the interpreter's own specialised instruction, which a
    ``dict`` subclass with ``__missing__`` is not (a third fewer machine instructions a
    look-up). A subscript that misses raises ``KeyError``, and the caller decodes again
    through :meth:`decode`, which fills what is missing. A block met for the first time
    joins its two halves (four cards each), kept in a second table: two packs reach 81
    halves a suit, where a whole block may be any of 6,561."""

    __slots__ = ("_halves", "_join", "_of_cards", "known")

    def __init__(self, of_cards: Callable[[list[tuple[Card, int]]], _V],
                 join: Callable[[_V, _V], _V]) -> None:
        self.known: dict[int, _V] = {}
        """What each block met so far gives."""
        self._of_cards = of_cards
        self._join = join
        self._halves: dict[int, _V] = {}

    def _half(self, half: int) -> _V:
        value = self._halves.get(half)
        if value is None:
            first = ((half & -half).bit_length() - 1) // FIELD // _HALF * _HALF if half else 0
            cards = ALL_CARDS[first:first + _HALF]
            value = self._halves[half] = self._of_cards(
                [(card, half >> SHIFT[card.index] & MASK) for card in cards])
        return value

    def block(self, block: int) -> _V:
        """What ``block`` gives, filled in if it is new (the table starts again when full)."""
        value = self.known.get(block)
        if value is None:
            if len(self.known) >= _BLOCK_LIMIT:
                self.known.clear()
            first = ((block & -block).bit_length() - 1) // FIELD // 8 * 8 if block else 0
            low = block & ((1 << _HALF * FIELD) - 1) << SHIFT[first]
            self.known[block] = value = self._join(self._half(low), self._half(block - low))
        return value

    def decode(self, held: int) -> _V:
        """What the four suit blocks of ``held`` give, joined in suit order; the slow path
        of a subscript that missed."""
        b = self.block
        join = self._join
        return join(join(join(b(held & _S), b(held & _H)), b(held & _D)), b(held & _C))


_S, _H, _D, _C = SUIT_BLOCKS
_CARDS: _Blocks[tuple[Card, ...]] = _Blocks(
    lambda counts: tuple(card for card, n in counts for _ in range(n)), tuple.__add__)
_PLAYS: _Blocks[tuple[Play, ...]] = _Blocks(
    lambda counts: tuple(PLAYS[card.index] for card, n in counts if n), tuple.__add__)


def cards_of(held: int) -> tuple[Card, ...]:
    """The cards the count vector ``held`` counts, in display order, each as often as held."""
    c = _CARDS.known
    try:
        return c[held & _S] + c[held & _H] + c[held & _D] + c[held & _C]
    except KeyError:  # a block not met before
        return _CARDS.decode(held)


def plays_of(held: int) -> tuple[Play, ...]:
    """The interned ``Play`` of each card ``held`` counts, each card once, in display order
    (R2.5): a hand's legal plays read off its count vector."""
    p = _PLAYS.known
    try:
        return p[held & _S] + p[held & _H] + p[held & _D] + p[held & _C]
    except KeyError:  # a block not met before
        return _PLAYS.decode(held)


def table_plays(laid: int, held: int) -> list[Play]:
    """R2.7: the plays of the cards the table's count vector ``laid`` counts, each card once,
    in display order; ``Play(card, from_table=True)`` where the hand (``held``) has a copy
    too, so that the two stay apart."""
    return [PLAYS_FROM_TABLE[play.card.index] if held >> SHIFT[play.card.index] & MASK
            else play for play in plays_of(laid)]


def recount(weigh: Callable[[Card], int]) -> Callable[[int], int]:
    """A function of a count vector giving ``sum(map(weigh, cards_of(held)))`` without
    decoding the cards: four subscripts and three additions (another layout's count vector,
    the declaration window's, :class:`~bezique._engine.melds.tables.WindowGate`)."""
    blocks: _Blocks[int] = _Blocks(lambda counts: sum(weigh(card) * n for card, n in counts),
                                   int.__add__)
    b = blocks.known

    def count(held: int) -> int:
        try:
            return b[held & _S] + b[held & _H] + b[held & _D] + b[held & _C]
        except KeyError:  # a block not met before
            return blocks.decode(held)
    return count
