"""Cards, suits, ranks and the card notation (rules R1.1-R1.3 of the rules pages).

A Bezique pack has 32 cards: A 10 K Q J 9 8 7 in four suits (R1.1). Variants
shuffle several packs together, so every card exists several times; the copies
of a card are interchangeable, and a :class:`Card` value therefore names a rank
and a suit only. The 32 distinct cards are interned: :meth:`Card.of`,
:meth:`Card.parse` and :data:`ALL_CARDS` always hand out the same objects, which
keeps hands small and comparisons fast.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from bezique.errors import NotationError

__all__ = [
    "ALL_CARDS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "pack",
    "parse_cards",
]


class Suit(enum.Enum):
    """The four suits. ``str(Suit.SPADES)`` is ``"♠"``."""

    if TYPE_CHECKING:  # what type checkers read: Enum's own signature
        def __hash__(self) -> int: ...
    else:  # members are singletons: hash by identity, in C (hot path)
        __hash__ = object.__hash__

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    def __str__(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        """The ASCII letter of the suit: ``S``, ``H``, ``D`` or ``C``."""
        return self.name[0]


class Rank(enum.IntEnum):
    """The eight ranks, ordered by trick-taking power (R1.2).

    ``Rank.ACE > Rank.TEN > Rank.KING``: the ten ranks between the ace and the
    king in every suit.
    """

    ACE = 7
    TEN = 6
    KING = 5
    QUEEN = 4
    JACK = 3
    NINE = 2
    EIGHT = 1
    SEVEN = 0

    def __str__(self) -> str:
        return _RANK_TEXT[self]

    @property
    def is_brisque(self) -> bool:
        """True for aces and tens, the cards that count as brisques (R2.11)."""
        return self >= Rank.TEN

    @property
    def is_court(self) -> bool:
        """True for kings, queens and jacks (the court cards of carte blanche)."""
        return Rank.JACK <= self <= Rank.KING


_RANK_TEXT = {
    Rank.ACE: "A",
    Rank.TEN: "10",
    Rank.KING: "K",
    Rank.QUEEN: "Q",
    Rank.JACK: "J",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_POS = {suit: pos for pos, suit in enumerate(_SUIT_ORDER)}

# The card index layout (Card.index), for the engine and the bots; not part of the API.
# A card's index is 8 times its suit's position (spades 0, hearts 1, diamonds 2, clubs 3)
# plus its place in the suit from the ace (0) down to the seven (7): display order. These
# names read an index; the tables are the hot path's form (one C-level subscript).


def card_index(suit_pos: int, rank: int) -> int:
    """The index of the card of suit position ``suit_pos`` and rank ``rank`` (``int(Rank)``).

    >>> card_index(0, int(Rank.ACE)), card_index(3, int(Rank.SEVEN))
    (0, 31)
    """
    return suit_pos * 8 + 7 - rank


SUIT_OF_INDEX: tuple[int, ...] = tuple(i // 8 for i in range(32))
"""``SUIT_OF_INDEX[card.index]``: the suit's position, 0 for spades to 3 for clubs."""
RANK_OF_INDEX: tuple[int, ...] = tuple(7 - i % 8 for i in range(32))
"""``RANK_OF_INDEX[card.index]``: the rank as an int (``int(Rank)``), 7 for an ace down to
0 for a seven."""
SUIT_INDEXES: tuple[int, ...] = tuple(sum(1 << card_index(s, r) for r in range(8))
                                      for s in range(4))
"""``SUIT_INDEXES[suit_pos]``: the bit set of a suit's eight card indexes."""
HIGHER_IN_SUIT: tuple[int, ...] = tuple(
    sum(1 << card_index(SUIT_OF_INDEX[i], r) for r in range(RANK_OF_INDEX[i] + 1, 8))
    for i in range(32))
"""``HIGHER_IN_SUIT[card.index]``: the bit set of the card indexes of the same suit and a
higher rank."""


_INTERNED: dict[tuple[Rank, Suit], Card] = {}


@attrs.frozen(eq=False, repr=False)
class Card:
    """A playing card: a rank and a suit.

    There is exactly one object per rank and suit (``Card(Rank.QUEEN,
    Suit.SPADES) is Card.parse("QS")``), so cards compare and hash by
    identity, which is as fast as Python allows. Cards sort by suit
    (♠ ♥ ♦ ♣) and then from ace down to seven, the order a hand is shown in.

    >>> Card.parse("QS")
    Card.parse('Q♠')
    >>> str(Card.parse("10d")), Card.parse("TD") == Card.parse("10♦")
    ('10♦', True)
    >>> Card(Rank.QUEEN, Suit.SPADES) is Card.parse("Q♠")
    True
    >>> Card.parse("QX")
    Traceback (most recent call last):
    ...
    bezique.errors.NotationError: 'QX' is not a card: unknown suit 'X' (use S H D C or ♠ ♥ ♦ ♣)
    """

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    index: int = attrs.field(init=False)
    """A number 0-31 unique to the rank and suit; also the display order."""

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            if not isinstance(rank, Rank) or not isinstance(suit, Suit):
                raise TypeError(f"Card(rank, suit) takes a Rank and a Suit, not {rank!r}, {suit!r}")
            card = object.__new__(cls)
            _INTERNED[(rank, suit)] = card
        return card

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", card_index(_SUIT_POS[self.suit], int(self.rank)))

    def __reduce__(self) -> tuple[object, tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` and ``suit``."""
        return ALL_CARDS[card_index(_SUIT_POS[suit], int(rank))]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card from text such as ``"QS"``, ``"Q♠"``, ``"10D"`` or ``"td"``.

        Raises:
            NotationError: if ``text`` is not a card.
        """
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a card: expected a string")
        key = text.strip()
        card = _PARSE.get(key)
        if card is not None:
            return card
        raise NotationError(f"{quote(text)} is not a card: {_why_not_card(key)}")

    @property
    def is_brisque(self) -> bool:
        """True for aces and tens (R2.11)."""
        return self.rank >= Rank.TEN

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in _SUIT_ORDER for rank in sorted(Rank, reverse=True)
)
"""The 32 distinct cards, in display order (``ALL_CARDS[c.index] is c``)."""

by_index: Callable[[Card], int] = operator.attrgetter("index")
"""The sort key of display order (``sorted(cards, key=by_index)``): the order ``<`` gives,
without a Python-level comparison per pair, for the engine's hot path."""

_RANK_TOKENS = {
    "A": Rank.ACE,
    "10": Rank.TEN,
    "T": Rank.TEN,
    "K": Rank.KING,
    "Q": Rank.QUEEN,
    "J": Rank.JACK,
    "9": Rank.NINE,
    "8": Rank.EIGHT,
    "7": Rank.SEVEN,
}
_SUIT_TOKENS = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_PARSE: dict[str, Card] = {
    rank_text + suit_text: Card.of(rank, suit)
    for r, rank in _RANK_TOKENS.items()
    for s, suit in _SUIT_TOKENS.items()
    for rank_text in {r, r.lower()}
    for suit_text in {s, s.lower()}
}
"""Every accepted spelling (ASCII letters in either case, or suit symbols)."""


def _why_not_card(key: str) -> str:
    if not key:
        return "empty text"
    for token in sorted(_RANK_TOKENS, key=len, reverse=True):
        if key[: len(token)].upper() == token:
            rest = key[len(token) :]
            if not rest:
                return "missing suit (use S H D C or ♠ ♥ ♦ ♣)"
            return f"unknown suit {quote(rest)} (use S H D C or ♠ ♥ ♦ ♣)"
    return f"unknown rank in {quote(key)} (use A 10 K Q J 9 8 7)"


QUOTE_LIMIT: int = 40
"""At most this many characters of a user's input are quoted in an error message."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to a short prefix of a long input.

    >>> quote("QS"), quote("x" * 100).endswith("'... (100 characters)")
    ("'QS'", True)
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value)
    if len(text) <= limit + 2:
        return text
    return f"{text[:limit]}... ({a_noun(type(value).__name__)})"


def a_noun(noun: str) -> str:
    """``noun`` after its indefinite article, for messages: ``a State``, ``an Observation``,
    ``an int``.

    >>> a_noun("State"), a_noun("Observation"), a_noun("int")
    ('a State', 'an Observation', 'an int')
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


_SEPARATORS = re.compile(r"[\s,]+")


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas.

    A sequence of :class:`Card` values or card strings is accepted as well.

    >>> parse_cards("QS JD 10H")
    (Card.parse('Q♠'), Card.parse('J♦'), Card.parse('10♥'))
    >>> parse_cards("")
    ()

    Raises:
        NotationError: naming the first token that is not a card.
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
        return tuple(Card.parse(t) for t in tokens)
    try:
        items = list(text)
    except TypeError:
        raise NotationError(f"{quote(text)} is not a list of cards") from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(ALL_CARDS[item.index])
        elif isinstance(item, str):
            out.append(Card.parse(item))
        else:
            raise NotationError(f"{quote(item)} is not a card")
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, separated by spaces (``"Q♠ J♦"``)."""
    return " ".join(str(card) for card in cards)


def pack(packs: int = 1) -> tuple[Card, ...]:
    """The cards of ``packs`` piquet packs of 32, in display order (R1.1)."""
    return tuple(card for card in ALL_CARDS for _ in range(packs))
