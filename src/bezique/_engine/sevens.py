"""The seven of trumps (section 4, R13.2-R13.3a, R13.6): the sevens concern of a variant.

A seven of trumps in the hand may be exchanged for the turn-up (R4.1) or declared (R4.2)
in its holder's window, and with ``seven_declare = any_time`` whenever he acts in phase 1
(R13.2). A seven on the table has scored. :class:`Sevens` is the concern's object, built
once per variant (``rules.sevens``, :mod:`bezique._engine.compiled`): the engine asks it
what the variant allows, and where it refuses, why (the refusal's message id), so that the
legal actions and the explanations of a refusal come from one object
(``tests/test_concerns.py`` checks that no other module branches on its options).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from bezique._engine.hands import copies, plays_of
from bezique.actions import Action, Declare, ExchangeSeven
from bezique.cards import Card, Rank, Suit
from bezique.melds import MeldKind
from bezique.policies import SevenDeclare
from bezique.state import WINDOWS, State, Window

if TYPE_CHECKING:
    from bezique._engine.concerns import Explanation
    from bezique._engine.melds.tables import WindowGate
    from bezique.variants import Variant

__all__ = ["NO_SEVENS", "SEVENS", "Sevens", "seven_list", "trump_seven_in_hand"]

_COMBO_DONE, _SEVEN_DONE = Window.COMBO_DONE.value, Window.SEVEN_DONE.value
_DECLARED = Window.DECLARED.value


class Sevens:
    """The seven of trumps (section 4, R13.2-R13.3a, R13.6): whether it scores, when it may
    be declared, and what a seven action closes.

    The engine asks it through methods and tables chosen here once per variant, never
    through its options: :meth:`free_seven` (R13.2, ``None`` but with ``seven_declare =
    any_time``), :meth:`on_play` (R13.3), :meth:`window_sevens` and :meth:`actions` (R4.1,
    R4.2), :meth:`is_open` (R4.3), and the windows after a seven action
    (:attr:`after_exchange`, :attr:`after_declaring`)."""

    __slots__ = (
        "_left",
        "_open",
        "after_declaring",
        "after_exchange",
        "any_time",
        "counts_as_meld",
        "declared_flags",
        "free_seven",
        "hand_plays",
        "in_table",
        "on_play",
        "played_scores",
        "points",
        "score",
        "turn_up_dealt",
        "turn_up_points",
        "turn_up_score",
        "variant_name",
        "worth",
    )

    def __init__(self, variant: Variant) -> None:
        trump, melds = variant.trump, variant.melds
        self.variant_name: str = variant.name
        self.in_table: bool = any(
            kind is MeldKind.TRUMP_SEVEN for kind, _ in melds.effective_table())
        """R8.1: whether the meld table has a seven of trumps."""
        # R13.6: without a seven of trumps in the meld table no seven scores at all
        self.score: bool = trump.sevens_score and self.in_table
        """Whether the seven of trumps scores at all: declared, exchanged or turned up."""
        self.points: int = trump.seven_points
        """What a seven declared, exchanged or played scores (R4.1, R4.2, R13.3)."""
        self.turn_up_points: int = trump.turn_up_seven_points
        """What a seven turned up scores the dealer (R2.2)."""
        self.worth: int = self.points if self.score else 0
        """What a seven action scores in this variant (0 where no seven scores, R13.6)."""
        self.turn_up_score: int = self.turn_up_points if self.score else 0
        """What a seven turned up scores the dealer in this variant (R2.2, R13.6)."""
        self.played_scores: bool = self.score and trump.played_seven_scores
        """R13.3: whether a trump seven played in phase 1 scores (R13.3a: not with it off)."""
        self.any_time: bool = self.score and melds.seven_declare is SevenDeclare.ANY_TIME
        """R13.2: whether the seven may be declared whenever its holder acts in phase 1."""
        self.turn_up_dealt: bool = variant.deal.turn_up
        """R4.1: whether a turn-up is dealt, for which a seven may be exchanged."""
        self.counts_as_meld: bool = melds.seven_counts_as_meld
        """R4.3: whether a seven action is the trick's one declaration (and the other way)."""
        self.declared_flags: int = _SEVEN_DONE if self.counts_as_meld else 0
        """R4.3: the window flags a scored combination sets besides ``DECLARED``."""
        closes = _COMBO_DONE if self.counts_as_meld else 0
        self.after_exchange: tuple[Window, ...] = tuple(
            WINDOWS[w | _SEVEN_DONE | closes] for w in range(16))
        """Per window value, the window after a seven action in it (R4.3)."""
        self.after_declaring: tuple[Window, ...] = WINDOWS if self.any_time else self.after_exchange
        """Per window value, the window after the seven is declared: R13.2, a seven declared
        any time is no action of the window."""
        self._left: tuple[bool, ...] = tuple(
            not w & _SEVEN_DONE and not (self.counts_as_meld and w & _DECLARED) for w in range(16))
        self._open: tuple[bool, ...] = tuple(self.score and t for t in self._left)
        self.free_seven: Callable[[int, Suit | None, int], Declare | None] = (
            _seven_in_hand if self.any_time else _no_seven)
        """R13.2: ``(held, trump, phase)``: the declaration of the seven of trumps its holder
        may make whenever he acts in phase 1, or ``None``."""
        self.hand_plays: tuple[dict[Suit | None, Callable[[int], tuple[Action, ...]]], ...] = tuple(
            {trump: partial(_plays_and_seven, SEVENS[trump])
             if self.any_time and phase == 1 and trump is not None else plays_of
             for trump in (*Suit, None)} for phase in range(3))
        """R2.5, R13.2: per phase and trump, the function giving the actions of a free turn
        from the hand alone (its count vector): its plays
        (:func:`~bezique._engine.hands.plays_of` itself, no call more on the hot path), and
        with ``seven_declare = any_time`` in phase 1 the seven of trumps' declaration."""
        self.on_play: Callable[[tuple[int, ...], int], tuple[int, ...]] = (
            self._seven_played if self.played_scores else _unchanged)
        """R13.3: ``(sevens, side)``: the sides' seven points after ``side`` played the seven
        of trumps in phase 1."""

    def is_open(self, w: int) -> bool:
        """R4.3: whether a scoring seven action may still be taken in a window of value
        ``w``."""
        return self._open[w]

    def scoring_seven(self, trump: Suit | None) -> Card | None:
        """The seven of ``trump`` where it scores, else ``None`` (R4.2, R13.6)."""
        return SEVENS[trump] if trump is not None and self.score else None

    def window_sevens(self, state: State, player: int, gate: WindowGate,
                      held: int) -> list[Declare | ExchangeSeven]:
        """The seven actions of ``player`` in his window (R4.1, R4.2; R13.2 once the window's
        own are taken); ``held``: his hand in ``gate``'s layout (the mask is 0 where no seven
        scores). A method, not a function kept in a slot: CPython 3.11 specialises the call
        of a method and not that of a slot's function; where the seven is declared only in
        the window, a window whose seven actions are taken makes no call more."""
        if self._open[state.window._value_]:
            return (seven_list(state, gate.seven)  # type: ignore[arg-type]
                    if held & gate.seven_mask else NO_SEVENS)
        if self.any_time:  # R13.2
            seven = _seven_in_hand(state.held[player], state.trump, state.phase)
            return NO_SEVENS if seven is None else [seven]
        return NO_SEVENS

    def actions(self, state: State, player: int) -> list[Declare | ExchangeSeven]:
        """The seven-of-trumps actions ``player``'s hand offers in a window (R4.1, R4.2)."""
        trump = state.trump
        if not self.score or trump is None or not copies(state.held[player], SEVENS[trump]):
            return NO_SEVENS
        return seven_list(state, SEVENS[trump])

    def refusal(self, window: Window, exchange: bool) -> Explanation | None:
        """Why a seven action (``exchange``: R4.1, else the declaration R4.2) is refused in a
        window whatever the cards (R8.1, R13.6, R5.1, R4.3, R6.6), or ``None``."""
        if not self.score:
            if not self.in_table:  # Rubicon, Chinese, eight-pack
                return "R8.1/no-trump-seven", {"variant": self.variant_name}
            return "R4.2/sevens-score-off", {"variant": self.variant_name}
        if exchange and not self.turn_up_dealt:
            return "R5.1/no-turn-up", {"variant": self.variant_name}
        if (exchange or not self.any_time) and not self._left[window._value_]:
            if self.counts_as_meld:
                return "R4.3/declaration-made", {}
            return "R6.6/one-seven-action", {}
        return None

    def outside_window_refusal(self, player: int | None) -> Explanation | None:
        """R3.1, R13.2: why the seven is refused outside a window, or ``None`` where it may
        be declared whenever its holder acts."""
        return None if self.any_time else ("R3.1/seven-after-trick", {"player": player})

    def combo_refusal(self, window: Window) -> Explanation | None:
        """R4.3: why a combination is refused in a window closed by a seven action counted
        as the trick's declaration, or ``None``."""
        if self.counts_as_meld and not window._value_ & _DECLARED:
            return "R4.3/seven-was-declaration", {}
        return None

    def _seven_played(self, sevens: tuple[int, ...], side: int) -> tuple[int, ...]:
        changed = list(sevens)
        changed[side] += self.points
        return tuple(changed)


SEVENS = {suit: Card.of(Rank.SEVEN, suit) for suit in Suit}
"""The seven of each suit."""
_EXCHANGES = {seven: ExchangeSeven(seven) for seven in SEVENS.values()}
"""The interned exchange of each seven (R4.1)."""
_SEVEN_DECLARATIONS = {seven: Declare(MeldKind.TRUMP_SEVEN, (seven,)) for seven in SEVENS.values()}
"""The interned declaration of each seven (R4.2)."""
_SEVEN_INDEXES = frozenset(seven.index for seven in SEVENS.values())
"""The card indexes of the sevens (a turn-up that is one cannot be exchanged, R4.1)."""
NO_SEVENS: list[Declare | ExchangeSeven] = []
"""No seven action (shared, never changed)."""


def seven_list(state: State, seven: Card) -> list[Declare | ExchangeSeven]:
    """R4.1, R4.2: exchange the seven held for a turn-up that is no seven, or declare it."""
    up = state.turn_up_index
    if up is not None and up not in _SEVEN_INDEXES:
        return [_EXCHANGES[seven], _SEVEN_DECLARATIONS[seven]]
    return [_SEVEN_DECLARATIONS[seven]]


def _seven_in_hand(held: int, trump: Suit | None, phase: int) -> Declare | None:
    """R13.2: the declaration of the seven of trumps in the hand ``held``, in phase 1."""
    if phase != 1 or trump is None:
        return None
    seven = SEVENS[trump]
    return _SEVEN_DECLARATIONS[seven] if copies(held, seven) else None


def _plays_and_seven(seven: Card, held: int) -> tuple[Action, ...]:
    """R13.2: the plays of the hand ``held``, and the declaration of ``seven`` if held."""
    plays = plays_of(held)
    return (*plays, _SEVEN_DECLARATIONS[seven]) if copies(held, seven) else plays


def _no_seven(held: int, trump: Suit | None, phase: int) -> None:
    """No seven outside the window."""
    return None


def _unchanged(values: tuple[int, ...], side: int) -> tuple[int, ...]:
    """Nothing scores."""
    return values


def trump_seven_in_hand(state: State, player: int) -> Card | None:
    """The seven of trumps if ``player`` holds one in hand (table sevens have scored, R4.2)."""
    trump = state.trump
    if trump is None:
        return None
    seven = SEVENS[trump]
    return seven if copies(state.held[player], seven) else None
