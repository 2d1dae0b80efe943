"""The bots' own hooks per meld card source: chosen once per variant through the engine's
object (``rules.meld_source``, :mod:`bezique._engine.melds.source`), never by testing which
variant is played (R3.2, R5.3).

The hand and table need none beyond the greedy play (:mod:`bezique.bots._phase1`); the won
cards of Fildinski register theirs (:mod:`bezique.bots._fildinski`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique._engine.melds.source import CardSource
from bezique.actions import Action
from bezique.cards import Card, Suit
from bezique.state import TableCard

if TYPE_CHECKING:
    from bezique.bots.valuation import Tables

__all__ = ["SOURCE_HOOKS", "MeldCards", "PlayHook"]

_Piles = tuple[tuple[TableCard, ...], ...]
MeldCards = Callable[["Tables", int, tuple[Card, ...], _Piles, _Piles], tuple[list[int], ...]]
"""Per class bit, the copies of each card a player may meld (``T, player, hand, table, won``;
:func:`bezique.bots.valuation.hand_meld_cards`)."""
PlayHook = Callable[["Tables", int, "Suit | None", tuple[tuple[int, Card], ...], _Piles,
                     tuple[Action, ...], "list[float] | None"], Action]
"""A phase-1 card play (``T, player, trump, trick, won, legal, scores``) in place of the
greedy one."""
SOURCE_HOOKS: dict[type[CardSource], tuple[PlayHook, MeldCards]] = {}
"""By the engine's class of a meld card source other than the hand and table, the bots'
phase-1 card play and meld cards for it."""
