"""The bots' own hooks per meld card source, and the cards a player may meld per class.

The engine's object for where a player's meld cards come from (``rules.meld_source``,
:mod:`bezique._engine.melds.source`; R3.2, R5.3) chooses the bots' hooks once, when a
variant's tables are built (:func:`hooks_of`, read into
:class:`~bezique.bots._tables.Tables`), never by testing which variant is played: the hand
and table need no play of their own beyond the greedy one (:mod:`bezique.bots._phase1`),
the won cards of Fildinski have theirs (:mod:`bezique.bots._fildinski`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique._engine.hands import WEIGHT, held_of
from bezique._engine.melds.source import CardSource, HandAndTable, WonCards
from bezique.actions import Action
from bezique.bots._fildinski import fildinski, won_meld_cards
from bezique.bots._layout import CLASS_A, CLASS_B, CLASS_C
from bezique.cards import Card, Suit
from bezique.state import TableCard

if TYPE_CHECKING:
    from bezique.bots._tables import Tables

__all__ = ["HOOKS", "PLAYOUT_COST", "MeldCards", "PlayHook", "class_vectors", "hand_meld_cards",
           "hooks_of", "playout_cost"]

_Piles = tuple[tuple[TableCard, ...], ...]
MeldCards = Callable[["Tables", int, tuple[Card, ...], _Piles, _Piles], tuple[int, ...]]
"""Per class bit, the packed counts of the cards a player may meld (``T, player, hand,
table, won``; :func:`hand_meld_cards`)."""
PlayHook = Callable[["Tables", int, "Suit | None", tuple[tuple[int, Card], ...], _Piles,
                     tuple[Action, ...], "list[float] | None"], Action]
"""A phase-1 card play (``T, player, trump, trick, won, legal, scores``) in place of the
greedy one."""


def class_vectors(T: Tables, player: int, held: int,
                  table: tuple[tuple[TableCard, ...], ...]) -> tuple[int, ...]:
    """Per class bit (:mod:`bezique.bots._layout`), the packed counts of the cards ``player``
    may use in a new combination of that class (R3.4-R3.6, R11.8): ``held`` is the vector of
    ``player``'s hand, which counts in every class; a table card (own, or a partner's)
    counts in every class whose bit it has not yet been used for. ``by_bit[NO_CLASS]`` (and
    position 3) counts every card, for upgrades built on a scored combination (R3.5)."""
    call = ca = cb = cc = held
    for owner in (player, *T.partners[player]):
        for tc in table[owner]:
            w = WEIGHT(tc.card)
            bits = tc.used
            call += w
            if not bits & CLASS_A:
                ca += w
            if not bits & CLASS_B:
                cb += w
            if not bits & CLASS_C:
                cc += w
    return (call, ca, cb, call, cc)


def hand_meld_cards(T: Tables, player: int, hand: tuple[Card, ...],
                    table: tuple[tuple[TableCard, ...], ...],
                    won: tuple[tuple[TableCard, ...], ...]) -> tuple[int, ...]:
    """The cards ``player`` may meld, per class bit as in :func:`class_vectors`: hand and
    tables (R3.2)."""
    return class_vectors(T, player, held_of(hand), table)


HOOKS: dict[type[CardSource], tuple[PlayHook | None, MeldCards]] = {
    HandAndTable: (None, hand_meld_cards),
    WonCards: (fildinski, won_meld_cards),
}
"""By the engine's class of a meld card source, the bots' phase-1 card play (``None``: the
greedy one) and meld cards for it."""


PLAYOUT_COST: dict[type[CardSource], float] = {HandAndTable: 1.0, WonCards: 1.5}
"""By the engine's class of a meld card source, what an action of a phase-1 playout costs
against the hand and table's (measured: half as much again with melds from won cards)."""


def playout_cost(source: CardSource) -> float:
    """What an action of a phase-1 playout costs with the meld card source ``source``, the
    hand and table's being 1 (:data:`PLAYOUT_COST`; 1 for a class not in it)."""
    return PLAYOUT_COST.get(type(source), 1.0)


def hooks_of(source: CardSource) -> tuple[PlayHook | None, MeldCards]:
    """The bots' hooks for the engine's meld card source ``source`` (the hand and table's
    for a source of a class not in :data:`HOOKS`)."""
    return HOOKS.get(type(source), HOOKS[HandAndTable])
