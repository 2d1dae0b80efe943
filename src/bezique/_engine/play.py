"""The deal-level engine: legal actions, checking and applying actions on a ``State``.

Internal: the public faces (:func:`bezique.legal_actions`, :func:`bezique.check_action`,
:func:`bezique.is_legal`, :func:`bezique.apply`) live in :mod:`bezique.engine`, which also
accepts a :class:`~bezique.game.Game`. Every function here is pure: a
:class:`~bezique.state.State` goes in, a new one comes out (sections 2-4, 6, 8).
Dealing lives in :mod:`bezique._engine.dealing`, the transitions in
:mod:`bezique._engine.transitions`.
"""

from __future__ import annotations

from typing import Any

from bezique._engine.compiled import rules_of
from bezique._engine.explanations import explain, explain_play, refusal, source_of_play
from bezique._engine.legal import ACTIONS_SLOT, NO_PLANS, PLANS_SLOT, compute_legal
from bezique._engine.melds.declaring import (
    announce,
    declare,
    declare_seven,
    exchange_seven,
    show_carte_blanche,
)
from bezique._engine.melds.search import Plan
from bezique._engine.transitions import (
    end_window_turn,
    guess_packet,
    play,
)
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
from bezique.state import OVER, PLAY, State

__all__ = ["apply_unchecked", "check_state_action", "compute_legal", "legal_actions", "offered"]


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


def offered(actions: tuple[Action, ...], action: Action) -> bool:
    """Whether ``action`` is one of ``actions``: by identity first (the interned actions of
    :func:`legal_actions` are found without a Python-level comparison per action)."""
    for a in actions:
        if a is action:
            return True
    return action in actions


def _plans(s: State) -> dict[Any, Plan]:
    legal_actions(s)
    memo = s.memo
    return memo[PLANS_SLOT] if len(memo) > PLANS_SLOT else NO_PLANS


def check_state_action(s: State, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal in ``s``."""
    if s.stage is OVER:
        raise refusal(("deal-over", {}), action)
    if offered(legal_actions(s), action):
        return
    if isinstance(action, Play) and s.stage is PLAY:
        source_of_play(s, s.to_move, action)  # raises if not held
        return explain_play(s, action)
    raise refusal(explain(s, action), action)


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the legality check, for simulations.

    Only for actions taken from :func:`legal_actions` of this very state;
    anything else may produce a state the rules cannot reach.
    """
    s = state
    rules = rules_of(s.variant)
    p = s.to_move
    assert p is not None
    if type(action) is Play:
        return play(s, rules, p, action.card, source_of_play(s, p, action))
    if isinstance(action, Pass):
        return end_window_turn(s, rules)
    if isinstance(action, GuessPacket):
        return guess_packet(s, rules, action.size)
    if isinstance(action, ExchangeSeven):
        return exchange_seven(s, rules, action.card)
    if isinstance(action, Announce):
        return announce(s, rules, _plans(s)[action])
    assert isinstance(action, Declare)
    if action.meld is MeldKind.TRUMP_SEVEN:
        return declare_seven(s, rules, action.cards[0])
    if action.meld is MeldKind.CARTE_BLANCHE:
        return show_carte_blanche(s, rules, action.cards)
    return declare(s, rules, _plans(s)[action])
