"""The legal actions of a deal's state, by stage (R2.5-R2.7, R2.10, R3.9, R4, R9.4, R11.6,
R13.2).

In phase 1, and when leading in phase 2, a player may play any card of his hand or of his
table; before his first card he may show carte blanche; with ``seven_declare = any_time``
he may declare the seven of trumps on his turn. A phase-2 follower must follow, beat and
trump as R2.10 says. A declaration window offers the combinations, the seven actions and
the pass. The transitions list these actions with the state they make
(:mod:`bezique._engine.transitions`), and :func:`compute_legal` with a state that came
from elsewhere (set up, read from a document, or made by a rare transition).
"""

from __future__ import annotations

from typing import Any

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.hands import cards_of, plays_of, table_plays
from bezique._engine.melds.window import NO_PLANS
from bezique._engine.memo import Cache
from bezique.actions import (
    PASS,
    Action,
    Declare,
    GuessPacket,
)
from bezique.cards import Suit
from bezique.melds import MeldKind
from bezique.state import DECLARE, GUESS, PLAY, CartePrivilege, State, TableCard, Window

__all__ = ["COMBO_DONE", "NO_PLANS", "cache_legal", "compute_legal", "follow_plays",
           "free_plays", "free_turn", "legal_actions", "plans_of", "window_actions"]


_MAY_SHOW = (CartePrivilege.MAY, CartePrivilege.AGAIN)
COMBO_DONE: int = Window.COMBO_DONE.value
"""The window flag: no further combination in it (R3.2), as an integer for the hot path."""


def free_plays(s: State, rules: Rules, p: int) -> tuple[Action, ...]:
    """R2.5, R2.7: any card ``p`` holds, from the hand or the table, each once; carte blanche
    (R11.6); the seven of trumps with ``seven_declare = any_time`` (R13.2)."""
    return free_turn(rules, s.held[p], s.laid[p], s.carte[p], s.phase, s.trump, s.table[p])


def free_turn(rules: Rules, held: int, laid: int, privilege: CartePrivilege, phase: int,
              trump: Suit | None, table: tuple[TableCard, ...]) -> tuple[Action, ...]:
    """:func:`free_plays` of the player's fields: his hand's and his table's count
    vectors, his carte blanche privilege, his table; the deal's phase and trump (the
    transitions list them before the state is made)."""
    if not laid and not privilege:
        # a hand alone, the common case (R13.2: the variant's function gives the seven too)
        return rules.sevens.hand_plays[phase][trump](held)
    seven = rules.sevens.free_seven(held, trump, phase)  # R13.2
    out: list[Action] = list(plays_of(held))
    if laid:
        out += table_plays(laid, held)
    if privilege in _MAY_SHOW and phase == 1:
        cards = cards_of(held) + tuple(tc.card for tc in table)
        if not any(c.rank.is_court for c in cards):
            out.append(Declare(MeldKind.CARTE_BLANCHE, cards))  # R11.6
    if seven is not None:
        out.append(seven)
    return tuple(out)


def follow_plays(s: State, rules: Rules, p: int) -> tuple[Action, ...]:
    """R2.10: the cards the phase-2 follower ``p`` may play, each once, in display order."""
    return plays_of(rules.follow(s.held[p], s.trick_indexes, s.trump))  # in display order


_ONLY_PASS: tuple[Action, ...] = (PASS,)
"""The legal actions of a window where nothing can be declared (R2.6: it opens anyway)."""


def legal_actions(s: State) -> tuple[Action, ...]:
    """The actions legal now in deal ``s``, computed once per state and kept with it.

    The state's ``memo`` is its legal actions themselves where the transition that made
    it listed them (a card to play, the end of the deal), else a
    :class:`~bezique._engine.memo.Cache`: the legal actions in ``memo.actions`` (``None``
    until computed), and in a window offering declarations their plans in ``memo.plans``.
    """
    memo = s.memo
    if type(memo) is Cache:
        actions = memo.actions
        return cache_legal(s, memo) if actions is None else actions
    return memo


def cache_legal(s: State, memo: Cache) -> tuple[Action, ...]:
    """The legal actions of ``s``, computed and kept in its cache ``memo`` (read by the
    caller, empty): :func:`legal_actions` and :func:`bezique.legal_actions` read the
    cache once and call this only when it is empty."""
    memo.actions = actions = compute_legal(s)
    return actions


def plans_of(s: State) -> dict[Any, Any]:
    """The plans of the declarations a window offers (its legal actions computed), else
    :data:`NO_PLANS`."""
    return getattr(s.memo, "plans", NO_PLANS)


def compute_legal(s: State) -> tuple[Action, ...]:
    """The legal actions of ``s``, by stage; the plans of a window's declarations are kept
    in ``s.memo.plans`` (see :func:`legal_actions`)."""
    stage = s.stage
    if stage is PLAY:
        p = s.to_move
        assert p is not None
        rules = s.variant.compiled or rules_of(s.variant)
        if s.phase == 2 and s.trick_indexes:
            return follow_plays(s, rules, p)
        return free_plays(s, rules, p)
    if stage is DECLARE:
        return window_actions(s, s.variant.compiled or rules_of(s.variant))
    if stage is GUESS:
        low, high = s.variant.deal.packet_range
        return tuple(GuessPacket(n) for n in range(low, high + 1))
    return ()


def window_actions(s: State, rules: Rules) -> tuple[Action, ...]:
    """R2.6, R3.9, R4, R13.7: the declarations (the side's pending announcements among
    them), the announcements after the window's scored combination, the seven actions and
    the pass of a window; the plans go to ``s.memo.plans`` (a window's ``memo`` is a
    :class:`~bezique._engine.memo.Cache`). The hand is counted once
    (a packed count vector) for the combinations and the seven of trumps (a seven on the
    table has scored, R4.2)."""
    p = s.to_move
    assert p is not None
    gate = rules.gates[s.trump]
    held = gate.count(s.held[p])  # the hand in the window's layout
    window_plans = rules.meld_source.window_plans  # melds/window.py (a slot: read, then called)
    plans = window_plans(s, rules, p, held, gate)
    sevens = rules.sevens.window_sevens(s, p, gate, held)  # R4.1, R4.2, R13.2
    if not plans:
        return (*sevens, PASS) if sevens else _ONLY_PASS
    s.memo.plans = plans  # type: ignore[union-attr]
    return (*plans, *sevens, PASS)

