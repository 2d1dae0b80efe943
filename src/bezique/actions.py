"""The actions a player can take (frozen values).

An action says *what* a player does; whether it is legal, and what follows, is
the engine's business (:func:`bezique.legal_actions`, :func:`bezique.apply`).
Actions compare by value, so an action built by hand is as good as the one
:func:`bezique.legal_actions` returned. ``str(action)`` is the action notation that
:func:`bezique.parse_action` reads and :func:`bezique.format_action` writes
(``play QS``, ``play 10D table``, ``declare bezique QS JD``).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from bezique.cards import ALL_CARDS, Card, parse_cards
from bezique.errors import NotationError
from bezique.melds import MeldKind

__all__ = ["Action", "Announce", "Declare", "ExchangeSeven", "GuessPacket", "Pass", "Play"]


def _text(card: Card) -> str:
    """A card as the notation writes it (``QS``, ``10D``): ASCII, one word."""
    return f"{card.rank}{card.suit.letter}"


def _to_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return ALL_CARDS[value.index]
    return Card.parse(value)


def _to_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(value)))


def _to_kind(value: MeldKind | str) -> MeldKind:
    if isinstance(value, MeldKind):
        return value
    try:
        return MeldKind(str(value).strip().lower())
    except ValueError:
        raise NotationError(f"{value!r} is not a meld kind") from None


@attrs.frozen
class Play:
    """Play ``card`` to the current trick, from the hand or from the table (R2.7).

    ``from_table`` chooses where the card comes from when the player holds it
    in both places: ``None`` (the default) takes it from the hand if it is
    there and from the table otherwise; ``True`` takes it from the table,
    ``False`` from the hand. Of several identical table cards the engine plays
    the one that belongs to the fewest intact scored combinations.

    >>> Play("QS")
    Play(card=Card.parse('Q♠'), from_table=None)
    >>> str(Play("Q♠")), str(Play("10D", from_table=True))
    ('play QS', 'play 10D table')
    """

    card: Card = attrs.field(converter=_to_card)
    """The card played."""
    from_table: bool | None = None
    """Where the card comes from (``None``: the hand if it is there)."""

    def __str__(self) -> str:
        suffix = {None: "", True: " table", False: " hand"}[self.from_table]
        return f"play {_text(self.card)}{suffix}"


@attrs.frozen
class Declare:
    """Declare the combination ``meld`` made of ``cards`` (section 3).

    The cards are kept sorted, so the order they are given in does not matter.
    Which physical copies serve (a card on the table or one from the hand) is
    chosen by the engine: cards already on the table are used first, then
    cards from the hand (see the library's readings of the rules).

    >>> Declare("bezique", "JD QS")
    Declare(meld=<MeldKind.BEZIQUE: 'bezique'>, cards=(Card.parse('Q♠'), Card.parse('J♦')))
    """

    meld: MeldKind = attrs.field(converter=_to_kind)
    """The kind of combination."""
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    """The cards that make it, sorted."""

    def __str__(self) -> str:
        return f"declare {self.meld.value} {' '.join(_text(card) for card in self.cards)}"


@attrs.frozen
class Announce:
    """Announce the combination ``meld`` made of ``cards`` without scoring it (R13.7).

    Legal in a declaration window after the one combination its holder scored there, where
    the variant has ``announce_several``: the cards go to the table and count as used in
    the combination's class, nothing is scored, and the combination is pending for the
    side (:attr:`bezique.State.announced`) until a later window of the side scores it with
    ``Declare(meld, cards)`` while every card of it lies on the table. Playing one of its
    cards, or the end of phase 1, makes it lapse. The seven of trumps is never announced.

    >>> str(Announce("bezique", "JD QS"))
    'announce bezique QS JD'
    """

    meld: MeldKind = attrs.field(converter=_to_kind)
    """The kind of combination."""
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    """The cards that make it, sorted."""

    def __str__(self) -> str:
        return f"announce {self.meld.value} {' '.join(_text(card) for card in self.cards)}"


@attrs.frozen
class ExchangeSeven:
    """Exchange a seven of trumps from the hand for the turn-up, scoring 10 (R4.1)."""

    card: Card = attrs.field(converter=_to_card)
    """The seven of trumps given up."""

    def __str__(self) -> str:
        return f"exchange {_text(self.card)}"


@attrs.frozen
class Pass:
    """Close the declaration window without declaring (further) (R2.6)."""

    def __str__(self) -> str:
        return "pass"


def _to_size(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{value!r} is not a packet size")
    return value


@attrs.frozen
class GuessPacket:
    """The non-dealer's guess of the size of the packet the dealer lifted (R9.4).

    >>> str(GuessPacket(24))
    'guess 24'
    """

    size: int = attrs.field(converter=_to_size)
    """The guessed number of cards."""

    def __str__(self) -> str:
        return f"guess {self.size}"


Action = Play | Declare | Announce | ExchangeSeven | Pass | GuessPacket
"""Any action of the family."""

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
"""``PLAYS[card.index]`` is the interned ``Play(card)``."""
PLAYS_FROM_TABLE: tuple[Play, ...] = tuple(Play(card, from_table=True) for card in ALL_CARDS)
"""``PLAYS_FROM_TABLE[card.index]`` is the interned ``Play(card, from_table=True)``."""
PASS: Pass = Pass()
"""The interned :class:`Pass`."""
