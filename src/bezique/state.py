"""The frozen state of one deal (data only; the rules live in the engine).

A :class:`State` is a value: the engine never changes one, it builds the next.
Everything that does not change from one action to the next (the variant, the
tables, the scored combinations) is shared between successive states.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from bezique._engine.hands import CARD_OF, cards_at, cards_of, held_of, indexes_of
from bezique._engine.memo import Cache, fresh_cache
from bezique._engine.tricks import trick_indexes, trick_pairs
from bezique.cards import Card, Suit, quote
from bezique.errors import BeziqueError, InvariantError
from bezique.melds import MeldKind

if TYPE_CHECKING:
    from bezique.actions import Action
    from bezique.variants import Variant

__all__ = ["WINDOWS", "CartePrivilege", "Combination", "Stage", "State", "TableCard", "Window"]


class Stage(enum.Enum):
    """What the deal is waiting for."""

    if TYPE_CHECKING:  # what type checkers read: Enum's own signature
        def __hash__(self) -> int: ...
    else:  # members are singletons: hash by identity, in C (hot path)
        __hash__ = object.__hash__

    PLAY = "play"
    """A card to the current trick."""
    DECLARE = "declare"
    """A declaration, a seven action or a pass after a won phase-1 trick (R2.6)."""
    GUESS = "guess"
    """The non-dealer's guess of the dealer's packet (R9.4)."""
    OVER = "over"
    """Nothing: the deal has ended."""

    def __init__(self, value: str) -> None:
        self.ended: bool = value == "over"
        """Whether this stage ends the deal (only :attr:`OVER`)."""


class Window(enum.IntFlag):
    """The declaration window after a phase-1 trick (R2.6, R4.3, R11.8): what is done in it.

    No flag set: the holder may still declare a combination and take a seven action. The
    window closes when its holder passes or can do nothing more; if the winner declared no
    combination, a partner may take it over (R11.8); then every player draws (R2.6 b).
    Serialised as its integer value (0-15).
    """

    COMBO_DONE = 1
    """No further combination may be declared in it (R3.2)."""
    SEVEN_DONE = 2
    """No further seven-of-trumps action (R4.3, R6.6)."""
    DECLARED = 4
    """A combination has been declared in it."""
    PARTNER = 8
    """The trick winner's partner holds the window (R11.8)."""


PLAY, DECLARE, GUESS, OVER = Stage.PLAY, Stage.DECLARE, Stage.GUESS, Stage.OVER
"""The stages as module constants, for the hot path: ``Stage.PLAY`` goes through the enum
metaclass's ``__getattr__`` (about ten times the cost of reading a global)."""


WINDOWS: tuple[Window, ...] = tuple(Window(v) for v in range(16))
"""Every window by its value: the engine computes on the integer (``window._value_``) on the
hot path, where flag arithmetic would cost a Python call per operation, and looks the flag
up here."""


class CartePrivilege(enum.IntEnum):
    """A player's carte blanche privilege (R8.2, R11.6); serialised as its value 0-3."""

    NONE = 0
    """Nothing to show (dealt a court, played a card since, or drew a court)."""
    MAY = 1
    """Dealt no court: may show carte blanche before the first card."""
    SHOWN = 2
    """Shown; may show again after drawing a non-court (``carte_blanche_repeats``)."""
    AGAIN = 3
    """Shown, then drew a non-court: may show again before the next card."""

    @property
    def may_show(self) -> bool:
        """Whether carte blanche may be shown now (on the player's turn, in phase 1)."""
        return self is CartePrivilege.MAY or self is CartePrivilege.AGAIN


@attrs.frozen
class TableCard:
    """A declared card lying face up on a player's table (R3.2, R2.7).

    ``used`` is a bit set of the meld classes (A=1, B=2, C=4, seven=8, and 16 for the
    sequences with ``meld_classes = four``, R13.1) the card has served in; ``serial``
    tells identical cards apart.
    """

    card: Card
    """The card."""
    serial: int
    """A number unique to this physical card within the deal."""
    used: int
    """Bit set of the meld classes the card has been declared in."""


@attrs.frozen
class Combination:
    """A scored combination (R3.9): its kind, its side, and the table cards it used."""

    kind: MeldKind
    """What was declared."""
    side: int
    """The side that scored it."""
    player: int
    """The player who declared it."""
    cards: tuple[Card, ...]
    """Its cards, sorted."""
    serials: tuple[int, ...]
    """The table cards it is made of (parallel to nothing; a set of serials)."""
    points: int
    """What it scored."""
    superseded: bool = False
    """True once it has been upgraded (R3.5) or re-formed (R3.8): it cannot be built on again."""


class State(NamedTuple):
    """One deal in progress (or finished), as a frozen value.

    Public attributes follow the API: ``variant``, ``to_move``, ``is_over``,
    ``trump``, ``turn_up``, ``stock_size``, ``hands``, ``tables``, ``trick``,
    ``scores``, ``sides``, ``announced``. The others are the engine's bookkeeping.

    A state is an immutable named tuple rather than an attrs class: it is
    built once per action, millions of times in a simulation, and a tuple is
    built four times faster. Two states are equal when every field but the
    internal ``memo`` is equal.

    Attributes:
        variant: The rules the deal is played under.
        dealer: The dealer of this deal.
        seed: The shuffle seed, or ``None`` for a position set up by hand.
        stage: What the deal is waiting for.
        to_move: The player to act, ``None`` when the deal is over.
        leader: Who led (or is to lead) the current trick.
        phase: 1 while the stock lasts, 2 afterwards.
        table: Per player, the declared cards lying face up (:class:`TableCard`).
        trump: The trump suit (``None`` until fixed).
        active: The players taking part in the current series of tricks, in playing order.
        window: The declaration window's flags (:class:`Window`).
        melds: Per side, points from combinations (the seven of trumps excluded).
        sevens: Per side, points from sevens of trumps (R2.2, R4).
        brisques: Per side, the number of brisques won in tricks (R2.11).
        last_trick: Per side, the last-trick bonus (R2.12).
        tricks: Tricks completed in this deal.
        last_winner: Winner of the last completed trick.
        won: Per player, the won cards kept face up where the variant keeps
            them (Fildinski, R11.5), as :class:`TableCard` with ``used`` set once
            they served in a combination; empty elsewhere.
        penalties: Per side, points from a referee's penalties (R10, :mod:`bezique.referee`).
        bonus: Per side, points from the dealer's guess (R9.4).
        announced: The pending announcements (R13.7), in the order announced: each a
            :class:`Combination` laid on the table unscored, whose ``points`` are what it
            scores when its side declares it (``Declare(kind, cards)``) in a later window
            while every card of it is on the table. Playing one of its cards makes it
            lapse (it leaves this tuple), and so does the end of phase 1.

    Eleven more fields are the engine's bookkeeping, not part of the public contract (the
    documentation's "Internal state fields" page describes them): ``held`` (per player,
    the hand as a count vector, which :attr:`hands` gives as cards), ``laid`` (per player,
    the cards of ``table`` as a count vector, kept with it), ``pile`` (the face-down stock
    as card indexes, top card first, which :attr:`stock` gives as cards), ``turn_up_index``
    (the turn-up's card index, which :attr:`turn_up` gives as a card),
    ``trick_indexes`` (the current trick's card indexes in the order played, which
    :attr:`trick` gives with who played them), ``played_indexes`` (the card indexes of
    the completed tricks, which :attr:`played` gives as cards), ``seen`` (per player, the
    cards of the hand every player has seen as a count vector, which :attr:`exposed` gives
    as cards), ``combos`` (every
    combination scored, R3.9), ``carte`` (per player, the carte blanche privilege,
    R11.6), ``packet`` (the dealer's packet, R9.4) and ``memo`` (the legal actions, or a
    ``Cache`` of them).
    """

    variant: Variant
    dealer: int
    seed: int | None
    stage: Stage
    to_move: int | None
    leader: int
    phase: int
    held: tuple[int, ...]
    table: tuple[tuple[TableCard, ...], ...]
    laid: tuple[int, ...]
    pile: tuple[int, ...]
    turn_up_index: int | None
    trump: Suit | None
    trick_indexes: tuple[int, ...]
    active: tuple[int, ...]
    window: Window
    combos: tuple[Combination, ...]
    melds: tuple[int, ...]
    sevens: tuple[int, ...]
    brisques: tuple[int, ...]
    last_trick: tuple[int, ...]
    tricks: int
    last_winner: int | None
    played_indexes: tuple[int, ...]
    carte: tuple[CartePrivilege, ...]
    won: tuple[tuple[TableCard, ...], ...]
    seen: tuple[int, ...]
    penalties: tuple[int, ...]
    bonus: tuple[int, ...]
    packet: int
    announced: tuple[Combination, ...]
    memo: tuple[Action, ...] | Cache

    def __eq__(self, other: object) -> bool:
        if isinstance(other, State):
            return tuple.__eq__(self[:-1], other[:-1])
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, State):
            return not tuple.__eq__(self[:-1], other[:-1])
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self[:-1])

    def __repr__(self) -> str:
        return (f"<State {self.variant.name} stage={self.stage.value} phase={self.phase} "
                f"to_move={self.to_move} tricks={self.tricks} trump={self.trump} "
                f"stock={self.stock_size} scores={self.scores}>")

    def replace(self, **changes: Any) -> State:
        """A copy with the named fields changed (and a fresh cache).

        Raises:
            BeziqueError: naming a field the state does not have (an
                :class:`~bezique.errors.InvariantError` for ``hands``, ``table``,
                ``stock`` or ``trick`` values that are not cards as the field holds them).
        """
        return _copy_with(self, changes, fresh_cache())

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.stage is OVER

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Per player, the cards held in hand, not on the table, in display order."""
        return tuple(map(cards_of, self.held))

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick: ``(player, card)`` in the order played, the leader first
        (R2.4, R2.5)."""
        indexes = self.trick_indexes
        return trick_pairs(indexes, self.leader, self.active) if indexes else ()

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards of the completed tricks, in the order played."""
        return cards_at(self.played_indexes)

    @property
    def turn_up(self) -> Card | None:
        """The face-up trump card under the stock (``None`` where there is none)."""
        index = self.turn_up_index
        return None if index is None else CARD_OF(index)

    @property
    def exposed(self) -> tuple[tuple[Card, ...], ...]:
        """Per player, the cards in the concealed hand that every player has seen, in
        display order: the turn-up taken in an exchange (R4.1) or by the last drawer
        (R2.8), and table cards taken back into the hand (R2.9); a card leaves it when
        played."""
        return tuple(map(cards_of, self.seen))

    @property
    def tables(self) -> tuple[tuple[Card, ...], ...]:
        """Per player, the declared cards lying face up on the table."""
        return tuple(tuple(tc.card for tc in t) for t in self.table)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, top card first."""
        return cards_at(self.pile)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included (R2.3)."""
        return len(self.pile) + (self.turn_up_index is not None)

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each player."""
        return self.variant.deal.sides

    def score_parts(self, brisque_value: int) -> Iterator[tuple[int, int, int, int, int, int]]:
        """Per side, ``(melds, sevens, brisque points, last trick, penalties, bonus)``, the
        brisques counted at ``brisque_value`` each: the parts a side's points are the sum
        of (R2.11, R2.12, R4, R9.4, R10). The one place the score formula is written:
        :attr:`scores` and :func:`bezique.deal_result` both add these parts."""
        return zip(self.melds, self.sevens, [b * brisque_value for b in self.brisques],
                   self.last_trick, self.penalties, self.bonus, strict=True)

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side, the points so far in this deal, as the variant counts them.

        Brisques are included while the deal runs with
        ``brisque_timing = immediate``, and at the end of the deal with
        ``end_of_deal``; under ``settlement`` (Rubicon) only the settlement
        counts them (:func:`bezique.deal_result`).
        """
        value = self.variant.scoring.brisque_value(self.stage is OVER)
        return tuple(map(sum, self.score_parts(value)))


_FIELD_AT: dict[str, int] = {name: i for i, name in enumerate(State._fields)}
"""The position of each field of a state (:meth:`State.replace`)."""
_NO_TRICK: Any = object()
"""No ``trick`` among the changes (:func:`_copy_with`)."""
_TRICK_AT, _LEADER_AT, _ACTIVE_AT = (_FIELD_AT[name] for name in ("trick_indexes", "leader",
                                                                  "active"))
new_state: Callable[[type[State], Iterable[Any]], State] = tuple.__new__
"""``new_state(State, fields)`` builds a state from the list of its fields in C, without the
named tuple's ``__new__``: :meth:`State.replace` and the engine's transitions build every
state so."""


def _replace(self: State, /, **changes: Any) -> State:
    """``State._replace``: a copy with the named fields changed and a fresh legal-action cache
    (unless ``memo`` is among the changes).

    A named tuple's own ``_replace`` would share the ``memo`` of the old state, so
    :func:`bezique.legal_actions` would answer for the old state; ``typing.NamedTuple``
    forbids overriding it in the class body, hence the assignment below. Both this and
    :meth:`State.replace` copy the fields through a list: about a third of the machine
    instructions of the named tuple's own ``_replace``.
    """
    memo = changes.pop("memo", None)
    return _copy_with(self, changes, fresh_cache() if memo is None else memo)


CARD_OF_TABLE: Callable[[TableCard], Card] = attrgetter("card")
"""The card of a :class:`TableCard` (a C-level getter)."""


def laid_of(table: Iterable[Iterable[TableCard]]) -> tuple[int, ...]:
    """Per player, the count vector of the cards of his ``table`` (the ``laid`` field)."""
    return tuple(held_of(map(CARD_OF_TABLE, cards)) for cards in table)


def _index_of(card: Card | None) -> int | None:
    """The index of ``card``, ``None`` for ``None`` (the ``turn_up_index`` field)."""
    return None if card is None else indexes_of((card,))[0]


def _held_of_hands(hands: Iterable[Iterable[Card]]) -> tuple[int, ...]:
    """Per player, the count vector of the cards of his hand (the ``held`` field)."""
    return tuple(map(held_of, hands))


_CARD_FIELDS = {"hands": "per player a tuple of cards",
                "table": "per player a tuple of TableCard", "stock": "a tuple of cards",
                "played": "a tuple of cards", "exposed": "per player a tuple of cards",
                "turn_up": "a card or None"}
"""The fields :meth:`State.replace` takes as cards and keeps otherwise, with the form
each must have (the :class:`~bezique.errors.InvariantError` names it)."""


def _from_cards(name: str, value: Any, convert: Callable[[Any], Any]) -> Any:
    """The engine's form (``convert(value)``) of the field ``name`` given as cards.

    Raises:
        InvariantError: naming the field, for a value that is not made of cards.
    """
    try:
        return convert(value)
    except (KeyError, TypeError, AttributeError):
        raise InvariantError(f"expected {_CARD_FIELDS[name]}, not {quote(value)}",
                             name) from None


def _copy_with(state: State, changes: dict[str, Any], memo: tuple[Action, ...] | Cache
               ) -> State:
    """``state`` with the named fields changed and the memo ``memo``.

    Raises:
        InvariantError: for a ``trick`` not played in turn from the leader (the pairs are
            kept as card indexes, the players following from ``leader`` and ``active``),
            or ``hands``, ``table``, ``stock``, ``played``, ``exposed`` or ``turn_up`` not
            made of cards.
        BeziqueError: naming a field the state does not have.
    """
    if "hands" in changes:  # the cards of the hands, kept as count vectors
        changes["held"] = _from_cards("hands", changes.pop("hands"), _held_of_hands)
    if "table" in changes and "laid" not in changes:  # the table's count vectors follow it
        changes["laid"] = _from_cards("table", changes["table"], laid_of)
    if "stock" in changes:  # the cards of the stock, kept as indexes
        changes["pile"] = _from_cards("stock", changes.pop("stock"), indexes_of)
    if "turn_up" in changes:  # the turn-up, kept as its index
        changes["turn_up_index"] = _from_cards("turn_up", changes.pop("turn_up"), _index_of)
    if "exposed" in changes:  # the cards others have seen, kept as count vectors
        changes["seen"] = _from_cards("exposed", changes.pop("exposed"), _held_of_hands)
    if "played" in changes:  # the cards of the completed tricks, kept as indexes
        changes["played_indexes"] = _from_cards("played", changes.pop("played"), indexes_of)
    fields: list[Any] = [*state]
    trick = changes.pop("trick", _NO_TRICK)
    try:
        for name, value in changes.items():
            fields[_FIELD_AT[name]] = value
    except KeyError:
        raise BeziqueError(f"State has no field {name!r}") from None
    if trick is not _NO_TRICK:  # the trick's cards, kept as indexes; the players must follow
        fields[_TRICK_AT] = trick_indexes(trick, fields[_LEADER_AT], fields[_ACTIVE_AT])
    fields[-1] = memo
    return new_state(State, fields)


State._replace = _replace  # type: ignore[method-assign,assignment]

State.is_over = property(  # type: ignore[method-assign,assignment]
    attrgetter("stage.ended"), doc=State.is_over.__doc__)
"""``is_over`` read in C (the property above, without a Python frame): simulations ask it
once per action."""
