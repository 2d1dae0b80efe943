"""The seven of trumps (section 4): finding it in a hand.

A seven of trumps in the hand may be exchanged for the turn-up (R4.1) or declared (R4.2)
in its holder's window, and with ``seven_declare = any_time`` whenever he acts in phase 1
(R13.2). A seven on the table has scored. What a variant allows is the sevens concern's
(:class:`bezique._engine.concerns.Sevens`, ``rules.sevens``), which lists the actions.
"""

from __future__ import annotations

from bezique._engine.concerns import SEVENS, seven_list
from bezique._engine.hands import copies
from bezique.cards import Card
from bezique.state import State

__all__ = ["SEVENS", "seven_list", "trump_seven_in_hand"]


def trump_seven_in_hand(state: State, player: int) -> Card | None:
    """The seven of trumps if ``player`` holds one in hand (table sevens have scored, R4.2)."""
    trump = state.trump
    if trump is None:
        return None
    seven = SEVENS[trump]
    return seven if copies(state.held[player], seven) else None
