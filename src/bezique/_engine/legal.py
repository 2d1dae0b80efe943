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

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.hands import cards_of, plays_of, table_plays
from bezique._engine.melds.window import NO_PLANS
from bezique.actions import (
    PASS,
    Action,
    Declare,
    GuessPacket,
)
from bezique.melds import MeldKind
from bezique.state import DECLARE, GUESS, PLAY, CartePrivilege, State, Window

__all__ = ["ACTIONS_SLOT", "COMBO_DONE", "NO_PLANS", "PLANS_SLOT", "compute_legal",
           "follow_plays", "free_plays", "legal_actions", "window_actions"]

ACTIONS_SLOT = 0
"""Where a state's ``memo`` list keeps its legal actions (``None`` until computed)."""
PLANS_SLOT = 1
"""Where a window's ``memo`` list keeps the plans of the declarations it offers (the list
stops before it where none is offered)."""


_MAY_SHOW = (CartePrivilege.MAY, CartePrivilege.AGAIN)
COMBO_DONE: int = Window.COMBO_DONE.value
"""The window flag: no further combination in it (R3.2), as an integer for the hot path."""


def free_plays(s: State, rules: Rules, p: int) -> tuple[Action, ...]:
    """R2.5, R2.7: any card ``p`` holds, from the hand or the table, each once; carte blanche
    (R11.6); the seven of trumps with ``seven_declare = any_time`` (R13.2)."""
    held = s.held[p]
    laid = s.laid[p]
    privilege = s.carte[p]
    if not laid and not privilege:
        # a hand alone, the common case (R13.2: the variant's function gives the seven too)
        return rules.sevens.hand_plays[s.phase][s.trump](held)
    seven = rules.sevens.free_seven(held, s.trump, s.phase)  # R13.2
    out: list[Action] = list(plays_of(held))
    if laid:
        out += table_plays(laid, held)
    if privilege in _MAY_SHOW and s.phase == 1:
        cards = cards_of(held) + tuple(tc.card for tc in s.table[p])
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
    """The actions legal now in deal ``s``, computed once per state and cached on it.

    The cache is the state's ``memo`` list: the legal actions at ``memo[ACTIONS_SLOT]``
    (``None`` until computed), and in a window offering declarations their plans at
    ``memo[PLANS_SLOT]``.
    """
    memo = s.memo
    actions = memo[ACTIONS_SLOT]
    if actions is None:
        actions = memo[ACTIONS_SLOT] = compute_legal(s)
    return actions  # type: ignore[no-any-return]


def compute_legal(s: State) -> tuple[Action, ...]:
    """The legal actions of ``s``, by stage; the plans of a window's declarations are kept
    in ``s.memo[PLANS_SLOT]`` (see :func:`legal_actions`)."""
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
    the pass of a window; the plans go to ``s.memo[PLANS_SLOT]``. The hand is counted once
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
    s.memo[PLANS_SLOT:] = (plans,)
    return (*plans, *sevens, PASS)

