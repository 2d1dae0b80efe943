"""One step of a deal: the table from a kind of action to its check and what it does.

:func:`step` is the engine's one way through an action (:func:`bezique.apply` looks the
table up itself for a deal's state, a call less): the handler of the action's kind in
:data:`STEPS` looks the variant's rules up once (from the field list it makes for a card
or a pass), checks the action the cheap way
its rules allow, the stage first (each kind is legal in one stage, a declaration in two),
and makes the next state (:mod:`bezique._engine.transitions`,
:mod:`bezique._engine.declaring`). The checks share one pattern: an action taken
from the state's cached :func:`legal_actions` is found there by identity; a card of the
hand in phase 1, or led in phase 2, needs no list at all (R2.5); a pass always closes
its window turn (R2.6). Only an action that fails them reaches the refusal module
(:mod:`bezique._engine.explanations`), which names the rule. The table is keyed by the
kind alone, the stage being one identity test in the handler: a key of two parts cost
every action a tuple built and hashed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.declaring import (
    announce,
    declare,
    declare_seven,
    exchange_seven,
    show_carte_blanche,
)
from bezique._engine.explanations import explain, explain_play, refusal
from bezique._engine.fields import HELD, PHASE, STAGE, TO_MOVE, TRICK_INDEXES, VARIANT
from bezique._engine.hands import MASK, SHIFT, copies
from bezique._engine.legal import legal_actions, plans_of
from bezique._engine.memo import Cache
from bezique._engine.transitions import end_window_turn, guess_packet, play
from bezique.actions import (
    Action,
    Announce,
    Declare,
    ExchangeSeven,
    GuessPacket,
    Pass,
    Play,
)
from bezique.melds import MeldKind
from bezique.state import DECLARE, OVER, PLAY, State

__all__ = ["STEPS", "check_state_action", "offered", "refuse", "step"]

Step = Callable[[State, Any], State]
"""A handler: the state and the action give the next state (the handler reads the
variant's rules itself, from the field list it makes or with :func:`_rules`)."""


def offered(actions: tuple[Action, ...], action: Action) -> bool:
    """Whether ``action`` is one of ``actions``: by identity first (the interned actions of
    :func:`legal_actions` are found without a Python-level comparison per action)."""
    for a in actions:
        if a is action:
            return True
    return action in actions


def check_state_action(s: State, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal in ``s``."""
    if s.stage is OVER:
        raise refusal(("deal-over", {}), action)
    if offered(legal_actions(s), action):
        return
    if isinstance(action, Play) and s.stage is PLAY:
        _from_table(s, s.to_move, action)  # raises if not held
        return explain_play(s, action)
    raise refusal(explain(s, action), action)


def refuse(s: State, action: Action) -> NoReturn:
    """The refusal of ``action``, which no step takes in ``s``, naming the rule
    (:func:`check_state_action`). An action that check finds legal has no step here only
    when its kind is not one of :data:`STEPS` itself (a subclass of :class:`Play`: the
    table is keyed by the exact kind): it is refused as no action of this engine."""
    check_state_action(s, action)
    raise refusal(explain(s, action), action)


def _checked(s: State, action: Action) -> None:
    """Refuse ``action`` unless it is one of the legal actions of ``s`` (cached)."""
    memo = s.memo
    legal = memo.actions if type(memo) is Cache else memo
    if legal is None or not offered(legal, action):
        check_state_action(s, action)


def _from_table(s: State, p: int | None, action: Play) -> bool:
    """Whether the played card comes from the table (R2.7); the refusal naming where the
    card is not held if neither place has it."""
    assert p is not None
    card = action.card
    in_hand = copies(s.held[p], card) > 0
    if in_hand and not action.from_table:
        return False
    on_table = copies(s.laid[p], card) > 0
    if action.from_table is None:
        if in_hand or on_table:
            return not in_hand
    elif action.from_table and on_table:
        return True
    elif action.from_table is False and in_hand:
        return False
    where = {None: "R2.7/not-held", True: "R2.7/not-on-table", False: "R2.7/not-in-hand"}
    raise refusal((where[action.from_table], {"player": p, "card": card}), action)


def _rules(s: State) -> Rules:
    """The compiled rules of the variant of ``s``, looked up once per action."""
    variant = s.variant
    return variant.compiled or rules_of(variant)


def _play(s: State, action: Play) -> State:
    """R2.5, R2.7, R2.10: a card of the hand (its field of the count vector), else of the
    table; a phase-2 follower's card checked against the legal list. The stage and the
    rules are read from the field list made here anyway: two attribute look-ups on the
    named tuple less per card."""
    f: list[Any] = [*s]  # the next fields, read here, handed on (transitions.play)
    if f[STAGE] is not PLAY:
        refuse(s, action)
    p = f[TO_MOVE]
    card = action.card
    from_table = (action.from_table is not None or not f[HELD][p] >> SHIFT[card.index] & MASK
                  ) and _from_table(s, p, action)
    if f[PHASE] == 2 and f[TRICK_INDEXES]:
        _checked(s, action)
    variant = f[VARIANT]
    return play(s, variant.compiled or rules_of(variant), p, card, from_table, f)


def _pass(s: State, action: Pass) -> State:
    """R2.6: a pass closes the player's turn of the window, whatever it offered (the
    stage and the rules read from the field list, as :func:`_play` does)."""
    f: list[Any] = [*s]
    if f[STAGE] is not DECLARE:
        refuse(s, action)
    variant = f[VARIANT]
    return end_window_turn(s, variant.compiled or rules_of(variant), f)


def _declare(s: State, action: Declare) -> State:
    """R3, R4.1, R11.6, R13.2: a combination by its plan, the seven of trumps, carte
    blanche."""
    _checked(s, action)
    rules = _rules(s)
    if action.meld is MeldKind.TRUMP_SEVEN:
        return declare_seven(s, rules, action.cards[0])
    if action.meld is MeldKind.CARTE_BLANCHE:
        return show_carte_blanche(s, rules, action.cards)
    return declare(s, rules, plans_of(s)[action])


def _announce(s: State, action: Announce) -> State:
    """R3.9, R13.7: an announcement by its plan."""
    _checked(s, action)
    return announce(s, _rules(s), plans_of(s)[action])


def _exchange(s: State, action: ExchangeSeven) -> State:
    """R4.1: the seven of trumps exchanged for the turn-up."""
    _checked(s, action)
    return exchange_seven(s, _rules(s), action.card)


def _guess(s: State, action: GuessPacket) -> State:
    """R9.4: the guess of the dealer's packet."""
    _checked(s, action)
    return guess_packet(s, _rules(s), action.size)


STEPS: dict[type[Action], Step] = {
    Play: _play,  # stage PLAY
    Declare: _declare,  # DECLARE; in PLAY carte blanche (R11.6) and the seven (R13.2)
    Pass: _pass,  # DECLARE
    Announce: _announce,  # DECLARE
    ExchangeSeven: _exchange,  # DECLARE
    GuessPacket: _guess,  # GUESS
}
"""What each kind of action does, its stage checked first; anything else is refused."""


def step(s: State, action: Action) -> State:
    """The state after ``action`` in deal ``s``, or the refusal naming the rule.

    Raises:
        IllegalActionError: ``action`` is not legal in ``s``.
    """
    handler = STEPS.get(type(action))
    if handler is None:
        refuse(s, action)
    return handler(s, action)
