"""Action notation: one plain line of text per action.

The notation is what game records (:mod:`bezique.record`) store, one action a
line, what a terminal player types, and what ``str(action)`` and
:func:`format_action` write: one notation everywhere. Cards are written in their ASCII form
(``QS``, ``10D``, ``7H``) so that files stay plain text; on reading, every form
:meth:`bezique.Card.parse` knows is accepted (``Q♠``, ``TD``, ``qs``).

====================================  =============================================
Text                                  Action
====================================  =============================================
``play QS``                           ``Play(QS)``: from the hand if held there,
                                      else from the table (R2.7)
``play QS table``                     ``Play(QS, from_table=True)``
``play QS hand``                      ``Play(QS, from_table=False)``
``declare bezique QS JD``             ``Declare(MeldKind.BEZIQUE, QS JD)``
``declare carte_blanche AS 10S ...``  showing carte blanche (R8.2, R11.6)
``announce bezique QS JD``            ``Announce(MeldKind.BEZIQUE, QS JD)`` (R13.7)
``exchange 7H``                       ``ExchangeSeven(7H)`` (R4.1)
``pass``                              ``Pass()`` (R2.6)
``guess 24``                          ``GuessPacket(24)``: the dealer's packet (R9.4)
``1: play QS``                        the record form: the seat, then the action
====================================  =============================================

Reading is forgiving: verbs, meld names and cards in any case, any amount of
space (or commas between cards), ``from table`` / ``from hand`` for ``table`` /
``hand``, hyphens for underscores in meld names (``double-bezique``).

``play QS`` is never ambiguous, even when the player holds a queen of spades
both in hand and on the table: like ``Play(card)`` it means the copy in hand
(write ``play QS table`` for the other). A ``declare`` (or ``announce``) without a
meld name is resolved against the legal declarations (announcements) of a position,
and is an error when the cards make no legal combination or several.

The record form (:mod:`bezique.record`) puts the seat that acts before the action,
``1: play QS``: :func:`parse_action` reads it and, given a position, checks the seat: a
number that is no seat of the variant is a :class:`~bezique.errors.NotationError`, a
seat that is not the one to move raises :class:`~bezique.errors.NotYourTurnError`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bezique.actions import Action, Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, quote
from bezique.engine import check_turn, legal_actions
from bezique.errors import NotationError
from bezique.melds import MeldKind
from bezique.observation import Observation

if TYPE_CHECKING:
    from bezique.game import Game
    from bezique.state import State
    from bezique.variants import Variant

__all__ = ["card_text", "format_action", "meld_arity", "parse_action"]

_VERBS = ("play", "declare", "announce", "exchange", "pass", "guess")
_SEAT = re.compile(r"\s*([0-9]{1,3})\s*:(.*)", re.DOTALL)
_SPLIT = re.compile(r"[\s,]+")

_ARITY: dict[MeldKind, int] = {
    MeldKind.COMMON_MARRIAGE: 2,
    MeldKind.ROYAL_MARRIAGE: 2,
    MeldKind.TRUMP_SEQUENCE: 5,
    MeldKind.BACK_DOOR: 5,
    MeldKind.BEZIQUE: 2,
    MeldKind.DOUBLE_BEZIQUE: 4,
    MeldKind.TRIPLE_BEZIQUE: 6,
    MeldKind.QUADRUPLE_BEZIQUE: 8,
    MeldKind.QUINTUPLE_BEZIQUE: 10,
    MeldKind.TRUMP_SEVEN: 1,
}
for _kind in MeldKind:
    if _kind.value.startswith("four_"):
        _ARITY[_kind] = 4
    elif _kind.value.startswith("five_"):
        _ARITY[_kind] = 5
del _kind


def card_text(card: Card) -> str:
    """The ASCII form of ``card``: rank then suit letter.

    >>> card_text(Card.parse("10♦")), card_text(Card.parse("q♠"))
    ('10D', 'QS')
    """
    return f"{card.rank}{card.suit.letter}"


def meld_arity(kind: MeldKind) -> int | None:
    """How many cards a combination of ``kind`` holds (``None``: any, for carte blanche).

    >>> meld_arity(MeldKind.DOUBLE_BEZIQUE), meld_arity(MeldKind.CARTE_BLANCHE)
    (4, None)
    """
    return _ARITY.get(kind)


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module documentation), ASCII only.

    The same text as ``str(action)``, and what :func:`parse_action` reads back.

    >>> format_action(Play("Q♠")), format_action(Play("10D", from_table=True))
    ('play QS', 'play 10D table')
    >>> format_action(Declare("double_bezique", "QS JD QS JD"))
    'declare double_bezique QS QS JD JD'
    >>> format_action(ExchangeSeven("7H")), format_action(Pass())
    ('exchange 7H', 'pass')
    >>> format_action("pass")
    Traceback (most recent call last):
    ...
    bezique.errors.NotationError: 'pass' is not an action

    Raises:
        NotationError: if ``action`` is not an action.
    """
    if isinstance(action, (Play, Declare, Announce, ExchangeSeven, Pass, GuessPacket)):
        return str(action)  # each action writes its own notation
    raise NotationError(f"{action!r} is not an action")


def parse_action(position: State | Game | Observation | None, text: str) -> Action:
    """Read an action written in the notation (see the module documentation).

    Without a position (``None``) the text is read syntactically: the verb,
    the cards, the meld name and the number of cards the meld takes. With a
    position (a state, a game or an observation) the action is also resolved
    against it: the meld must be one the variant knows, and ``declare`` may
    leave the meld name out when the cards make exactly one legal declaration.
    Whether the action is legal is :func:`bezique.check_action`'s business.

    The record form ``"1: play QS"`` names the seat that acts; with a position, a seat
    other than the one to move raises :class:`~bezique.errors.NotYourTurnError` (while
    someone is to move). Without a position the seat is read and cannot be checked.

    Args:
        position: The position the action is taken in, or ``None``.
        text: The action, e.g. ``"play QS"`` or ``"declare bezique QS JD"``.

    Returns:
        The action (``play QS`` gives ``Play(QS)``, which plays the copy in
        hand when the card is both in hand and on the table).

    Raises:
        NotationError: naming what is wrong: an unknown verb, a bad card, an
            unknown meld name, a wrong number of cards, a declaration that is
            ambiguous or matches no legal declaration, a seat the variant has not.
        NotYourTurnError: the record form's seat is not the one to move.

    >>> parse_action(None, "  PLAY  q♠ ")
    Play(card=Card.parse('Q♠'), from_table=None)
    >>> parse_action(None, "declare bezique JD QS")
    Declare(meld=<MeldKind.BEZIQUE: 'bezique'>, cards=(Card.parse('Q♠'), Card.parse('J♦')))
    >>> parse_action(None, "declare bezique QS")
    Traceback (most recent call last):
    ...
    bezique.errors.NotationError: 'declare bezique QS': bezique takes 2 cards, not 1
    >>> parse_action(None, "bet")
    Traceback (most recent call last):
    ...
    bezique.errors.NotationError: 'bet': unknown verb 'bet' (use play, declare, ...)
    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
    >>> parse_action(state, "1: play QS")
    Play(card=Card.parse('Q♠'), from_table=None)
    >>> parse_action(state, "0: play QS")
    Traceback (most recent call last):
    ...
    bezique.errors.NotYourTurnError: R2.4: player 0 may not act now: it is player 1's turn
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is read from a string, not {type(text).__name__}")
    if position is not None and not _is_position(position):
        raise TypeError(f"parse_action reads an action in a State, a Game, an Observation "
                        f"or None, not {type(position).__name__}")
    seat = _SEAT.match(text)
    if seat is not None:
        if position is not None:
            _check_seat(position, text, int(seat.group(1)))
        text = seat.group(2)
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        raise NotationError(f"{quote(text)} is not an action: empty text")
    verb = tokens[0].lower()
    args = tokens[1:]
    if verb == "pass":
        if args:
            raise _error(text, f"pass takes no arguments, not {len(args)}")
        return Pass()
    if verb == "play":
        return _parse_play(text, args)
    if verb == "exchange":
        if len(args) != 1:
            raise _error(text, f"exchange takes one card (the seven of trumps), not {len(args)}")
        return ExchangeSeven(_card(text, args[0]))
    if verb in ("declare", "announce"):  # an announcement reads as a declaration (R13.7)
        return _parse_declare(position, text, args, Announce if verb == "announce" else Declare)
    if verb == "guess":
        if len(args) != 1:
            raise _error(text, f"guess takes one number (the packet's size), not {len(args)}")
        if not (args[0].isascii() and args[0].isdigit()) or len(args[0]) > 6:
            raise _error(text, f"{quote(args[0])} is not a packet size")
        return GuessPacket(int(args[0]))
    raise _error(text, f"unknown verb {quote(tokens[0])} (use {', '.join(_VERBS)})")


def _is_position(value: object) -> bool:
    from bezique.game import Game
    from bezique.observation import Observation
    from bezique.state import State

    return isinstance(value, State | Game | Observation)


def _check_seat(position: State | Game | Observation, text: str, seat: int) -> None:
    """The record form's seat: one of the variant's, the one to move."""
    players = _variant_of(position).players
    if seat >= players:
        raise _error(text, f"{seat} is not a seat of {_variant_of(position).name} "
                           f"(0-{players - 1})")
    check_turn(position, seat)


def _error(text: str, why: str) -> NotationError:
    return NotationError(f"{quote(text.strip())}: {why}")


def _card(text: str, token: str) -> Card:
    try:
        return Card.parse(token)
    except NotationError as exc:
        raise _error(text, str(exc)) from None


def _parse_play(text: str, args: list[str]) -> Play:
    if not args:
        raise _error(text, "play takes a card")
    card = _card(text, args[0])
    where = [a.lower() for a in args[1:]]
    if where and where[0] == "from":
        where = where[1:]
        if not where:
            raise _error(text, "'from' must be followed by 'table' or 'hand'")
    if not where:
        return Play(card)
    if len(where) == 1 and where[0] in ("table", "hand"):
        return Play(card, from_table=where[0] == "table")
    if len(where) == 1:
        raise _error(text, f"unknown place {quote(args[-1])} (use 'table' or 'hand')")
    raise _error(text, f"play takes a card and at most a place, not {len(args)} arguments")


def _meld_kind(token: str) -> MeldKind | None:
    key = token.strip().lower().replace("-", "_")
    for kind in MeldKind:
        if kind.value == key:
            return kind
    return None


def _looks_like_card(token: str) -> bool:
    return len(token) <= 3 and token[:1].upper() in "AKQJT1987"


def _parse_declare(position: State | Game | Observation | None, text: str,
                   args: list[str], cls: type[Declare | Announce] = Declare
                   ) -> Declare | Announce:
    verb = "announce" if cls is Announce else "declare"
    if not args:
        raise _error(text, f"{verb} takes a meld name and its cards")
    kind = _meld_kind(args[0])
    if kind is None:
        try:
            Card.parse(args[0])
        except NotationError as exc:
            if _looks_like_card(args[0]):
                raise _error(text, str(exc)) from None
            names = ", ".join(k.value for k in MeldKind)
            raise _error(text, f"unknown meld name {quote(args[0])}; the melds are: "
                               f"{names}") from None
        card_tokens = args
    else:
        card_tokens = args[1:]
    cards = tuple(sorted(_card(text, token) for token in card_tokens))
    if not cards:
        raise _error(text, f"{kind} needs its cards")
    if kind is None:
        return _resolve_declare(position, text, cards, cls)
    arity = _ARITY.get(kind)
    if arity is not None and len(cards) != arity:
        raise _error(text, f"{kind} takes {arity} card{'s' if arity > 1 else ''}, "
                           f"not {len(cards)}")
    if position is not None:
        variant = _variant_of(position)
        if not variant.melds.declarable(kind):
            raise _error(text, f"{variant.name} has no meld {kind.value!r}")
    return cls(kind, cards)


def _variant_of(position: State | Game | Observation) -> Variant:
    variant: Variant = position.variant
    return variant


def _legal_actions(position: State | Game | Observation) -> tuple[Action, ...]:
    if isinstance(position, Observation):
        return position.legal_actions
    return legal_actions(position)


def _resolve_declare(position: State | Game | Observation | None, text: str,
                     cards: tuple[Card, ...], cls: type[Declare | Announce]
                     ) -> Declare | Announce:
    shown = " ".join(card_text(card) for card in cards)
    if position is None:
        raise _error(text, f"name the meld of {shown} (without a position it cannot be "
                           "resolved)")
    matches = [a for a in _legal_actions(position)
               if type(a) is cls and a.cards == cards]
    if not matches:
        what = "announcement" if cls is Announce else "declaration"
        raise _error(text, f"no legal {what} is made of {shown}; name the meld")
    if len(matches) > 1:
        kinds = " or ".join(a.meld.value for a in matches)
        raise _error(text, f"ambiguous: {shown} could be {kinds}; name the meld")
    return matches[0]
