"""The engine's public faces: legal actions, checking and applying actions (sections 2-4, 6, 8).

Every function here is pure: a :class:`~bezique.state.State` (or a
:class:`~bezique.game.Game`) goes in, a new one comes out, and the old one is never
changed. The three faces of an action follow one pattern: :func:`check_action` raises
:class:`IllegalActionError` naming the rule, :func:`is_legal` answers yes or no,
:func:`apply` checks and returns the next state.

This module sits above :mod:`bezique.game` so that it can act on either without an
import circle; the deal-level work is done by the internal :mod:`bezique._engine.play`
(legal actions and their checks) and :mod:`bezique._engine.transitions` (the next state),
dealing by :mod:`bezique._engine.dealing`. :func:`apply` dispatches on the stage itself:
it runs once per action of every simulation, and a call less is measurable.
:func:`rules_of` gives the bots and the simulations a variant's precomputed tables
(read-only).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, overload

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.dealing import new_deal, setup
from bezique._engine.play import (
    apply_unchecked,
    check_state_action,
    compute_legal,
    hand_position,
    offered,
)
from bezique._engine.transitions import (
    HANDS,
    MEMO,
    PHASE,
    STAGE,
    TO_MOVE,
    TRICK,
    VARIANT,
    end_window_turn,
    play,
)
from bezique.actions import Action, Pass, Play
from bezique.cards import by_index
from bezique.errors import IllegalActionError
from bezique.game import Game, advance
from bezique.state import DECLARE, PLAY, State

__all__ = [
    "Rules",
    "apply",
    "apply_unchecked",
    "check_action",
    "is_legal",
    "legal_actions",
    "new_deal",
    "rules_of",
    "setup",
]


def _state_of(obj: State | Game) -> State:
    if isinstance(obj, State):
        return obj
    if isinstance(obj, Game):
        return obj.current
    raise TypeError(f"expected a State or a Game, not {type(obj).__name__}")


def legal_actions(state: State | Game) -> tuple[Action, ...]:
    """The actions legal now, in a deterministic order, each once.

    Empty when the deal (or game) is over.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> len(bz.legal_actions(s)) <= 8
    True
    """
    s = state if type(state) is State else _state_of(state)
    memo = s.memo
    actions = memo[0]
    if actions is None:
        actions = memo[0] = compute_legal(s)
    return actions  # type: ignore[no-any-return]


def check_action(state: State | Game, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal now.

    The error's ``rule`` is the rule's id (``None`` where no rule applies: the deal is
    over, or ``action`` is not an action, e.g. text for :func:`bezique.parse_action`)
    and its ``action`` the action refused.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> bz.check_action(s, bz.Pass())
    Traceback (most recent call last):
    ...
    bezique.errors.IllegalActionError: R2.6: pass only closes a declaration window; ...
    """
    check_state_action(_state_of(state), action)


def is_legal(state: State | Game, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> import bezique as bz
    >>> bz.is_legal(bz.new_deal(bz.variants.TWO_PACK, seed=3), bz.Pass())
    False
    """
    try:
        check_action(state, action)
    except IllegalActionError:
        return False
    return True


@overload
def apply(state: State, action: Action) -> State: ...
@overload
def apply(state: Game, action: Action) -> Game: ...


def apply(state: State | Game, action: Action) -> State | Game:
    """The state after ``action``; ``state`` itself is unchanged.

    Accepts any legal action, not only the objects :func:`legal_actions`
    returned. Given a :class:`~bezique.game.Game`, acts on its current deal
    and moves on to the next deal when that one ends.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> t = bz.apply(s, bz.legal_actions(s)[0])
    >>> len(t.trick), len(s.trick)
    (1, 0)

    Raises:
        IllegalActionError: naming the rule that forbids the action.
    """
    if type(state) is not State:
        return _apply_to_game(state, action)
    # The checks are made here, once per action; the transitions are internal
    # (bezique._engine.transitions). Fast paths: a pass in a window is always legal (R2.6);
    # a card of the hand is legal in phase 1 and when leading (R2.5); an action taken from
    # the cached legal_actions of this very state needs no second check.
    s = state
    f: list[Any] = [*s]  # the next fields, read here, handed on (transitions.play, _draw)
    stage = f[STAGE]
    if type(action) is Play and stage is PLAY:
        p = f[TO_MOVE]
        card = action.card
        hand = f[HANDS][p]
        # the card's place in the (sorted) hand, as bezique._engine.hands.position finds it
        at = bisect_left(hand, card.index, key=by_index)
        try:
            if hand[at] is not card or action.from_table is not None:
                at = hand_position(s, p, action)
        except IndexError:  # past the last card: none held (a try costs nothing until raised)
            at = hand_position(s, p, action)
        if f[PHASE] == 2 and f[TRICK]:
            legal = f[MEMO][0]  # R2.10: a phase-2 follower's card is checked
            if legal is None or not offered(legal, action):
                check_state_action(s, action)
        variant = f[VARIANT]
        return play(s, variant.compiled or rules_of(variant), p, card, at, f)
    if type(action) is Pass and stage is DECLARE:
        variant = f[VARIANT]
        return end_window_turn(s, variant.compiled or rules_of(variant), f)
    legal = s.memo[0]
    if legal is None or not offered(legal, action):
        check_state_action(s, action)
    return apply_unchecked(s, action)


def _apply_to_game(game: State | Game, action: Action) -> Game:
    """:func:`apply` on a game's current deal; the next deal when that one ends."""
    if not isinstance(game, Game):
        raise TypeError(f"expected a State or a Game, not {type(game).__name__}")
    if game.is_over:
        raise IllegalActionError("the game is over: no action is legal", action=action,
                                 message_id="game-over")
    return advance(game, apply(game.current, action))
