"""The seven of trumps (section 4): finding it in a hand, and the actions it offers.

A seven of trumps in the hand may be exchanged for the turn-up (R4.1) or declared (R4.2)
in its holder's window, and with ``seven_declare = any_time`` whenever he acts in phase 1
(R13.2). A seven on the table has scored.
"""

from __future__ import annotations

from bezique._engine.compiled import Rules
from bezique._engine.hands import copies
from bezique.actions import Declare, ExchangeSeven
from bezique.cards import Card, Rank, Suit
from bezique.melds import MeldKind
from bezique.state import State

__all__ = ["SEVENS", "any_time_seven", "seven_actions", "seven_list", "trump_seven_in_hand"]

SEVENS = {suit: Card.of(Rank.SEVEN, suit) for suit in Suit}
"""The seven of each suit."""


def trump_seven_in_hand(state: State, player: int) -> Card | None:
    """The seven of trumps if ``player`` holds one in hand (table sevens have scored, R4.2)."""
    trump = state.trump
    if trump is None:
        return None
    seven = SEVENS[trump]
    return seven if copies(state.held[player], seven) else None


def any_time_seven(state: State, rules: Rules, player: int) -> Declare | None:
    """With ``seven_declare = any_time``, the declaration of an unscored seven of trumps in
    ``player``'s hand, open in phase 1 whenever he acts (R13.2); else ``None``."""
    if not rules.sevens.any_time or state.phase != 1:
        return None
    seven = trump_seven_in_hand(state, player)
    return None if seven is None else Declare(MeldKind.TRUMP_SEVEN, (seven,))


def seven_actions(state: State, rules: Rules, player: int) -> list[Declare | ExchangeSeven]:
    """The seven-of-trumps actions open to ``player`` in a window (R4.1, R4.2)."""
    if not rules.sevens.score:
        return []
    seven = trump_seven_in_hand(state, player)
    if seven is None:
        return []
    return seven_list(state, seven)


def seven_list(state: State, seven: Card) -> list[Declare | ExchangeSeven]:
    """R4.1, R4.2: exchange the seven held for a turn-up that is no seven, or declare it."""
    turn_up = state.turn_up
    if turn_up is not None and turn_up.rank is not Rank.SEVEN:
        return [_EXCHANGES[seven], _SEVEN_DECLARATIONS[seven]]
    return [_SEVEN_DECLARATIONS[seven]]


_EXCHANGES = {seven: ExchangeSeven(seven) for seven in SEVENS.values()}
"""The interned exchange of each seven (R4.1)."""
_SEVEN_DECLARATIONS = {seven: Declare(MeldKind.TRUMP_SEVEN, (seven,)) for seven in SEVENS.values()}
"""The interned declaration of each seven (R4.2)."""
