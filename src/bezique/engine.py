"""The engine's public faces: legal actions, checking and applying actions (sections 2-4, 6, 8).

Every function here is pure: a :class:`~bezique.state.State` (or a
:class:`~bezique.game.Game`) goes in, a new one comes out, and the old one is never
changed. The three faces of an action follow one pattern: :func:`check_action` raises
:class:`IllegalActionError` naming the rule, :func:`is_legal` answers yes or no,
:func:`apply` checks and returns the next state.

This module sits above :mod:`bezique.game` so that it can act on either without an
import circle; a deal's action takes one way through the internal
:mod:`bezique._engine.steps` (a table from the kind of action to its check and its
transition), the legal actions come from :mod:`bezique._engine.legal`, dealing from
:mod:`bezique._engine.dealing`.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, overload

# Rules and rules_of are internal (not in __all__); the library's own modules import them
# from here, which the redundant aliases allow under mypy's --strict.
from bezique._engine.compiled import Rules as Rules
from bezique._engine.compiled import rules_of as rules_of
from bezique._engine.dealing import new_deal, setup
from bezique._engine.legal import cache_legal
from bezique._engine.legal import legal_actions as _legal_actions
from bezique._engine.memo import Cache
from bezique._engine.steps import STEPS, check_state_action, step
from bezique.actions import Action
from bezique.errors import BeziqueError, IllegalActionError, NotYourTurnError
from bezique.game import Game, advance
from bezique.state import DECLARE, GUESS, PLAY, State

if TYPE_CHECKING:
    from bezique.observation import Observation
    from bezique.state import Stage
    from bezique.variants import Variant

__all__ = [
    "apply",
    "check_action",
    "check_turn",
    "forced_action",
    "is_legal",
    "legal_actions",
    "new_deal",
    "setup",
]


class Viewpoint:
    """Internal: the base of :class:`bezique.Observation`, which carries its own legal
    actions, so that :func:`legal_actions` can answer for an observation from this layer
    (the observation module sits above the engine)."""

    __slots__ = ()
    variant: Variant
    stage: Stage
    to_move: int | None
    legal_actions: tuple[Action, ...]


_TURN_RULES = {PLAY: "R2.4", DECLARE: "R2.6", GUESS: "R9.4"}
"""The rule of the turn order broken by a seat acting out of turn, by stage
(:class:`~bezique.errors.NotYourTurnError`)."""


def check_turn(position: State | Game | Observation, player: object,
               action: object = None) -> None:
    """Raise unless ``player`` is a seat of ``position`` and, while someone is to move,
    the one to move (R2.4, R2.6, R9.4).

    Raises:
        NotYourTurnError: ``player`` is a seat, but not the one to move.
        BeziqueError: ``player`` is not a seat of the variant (naming it).
    """
    s: State | Viewpoint
    if type(position) is State or isinstance(position, Viewpoint):
        s = position
    else:
        s = _state_of(position)
    seats = s.variant.players
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < seats:
        shown = repr(player) if type(player) is int else f"{player!r} ({type(player).__name__})"
        raise BeziqueError(f"player must be a seat of {s.variant.name}, 0-{seats - 1}, "
                           f"not {shown}")
    to_move = s.to_move
    if to_move is not None and player != to_move:
        raise NotYourTurnError(player, to_move, _TURN_RULES.get(s.stage), action)


def _state_of(obj: State | Game) -> State:
    if isinstance(obj, State):
        return obj
    if isinstance(obj, Game):
        return obj.current
    raise TypeError(f"expected a State or a Game, not {type(obj).__name__}")


def legal_actions(state: State | Game | Observation) -> tuple[Action, ...]:
    """The actions legal now, in a deterministic order, each once.

    Empty when the deal (or game) is over. Given an :class:`~bezique.Observation`, the
    observer's legal actions: empty when it is not his turn.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> len(bz.legal_actions(s)) <= 8
    True
    >>> bz.legal_actions(bz.observe(s, 0))
    ()
    >>> bz.legal_actions(bz.observe(s, 1)) == bz.legal_actions(s)
    True
    """
    if type(state) is State:  # _engine.legal.legal_actions inlined, a call less an action
        # (delegating costs 0.6% of a random two-pack deal's instructions)
        memo = state.memo
        if type(memo) is Cache:
            actions = memo.actions
            return cache_legal(state, memo) if actions is None else actions
        return memo  # listed by the transition that made the state
    if isinstance(state, Viewpoint):
        return state.legal_actions
    return _legal_actions(_state_of(state))


def forced_action(state: State | Game | Observation) -> Action | None:
    """The only legal action when exactly one is legal, else ``None``.

    Most often a :class:`~bezique.actions.Pass` closing a declaration window in which the
    trick's winner can declare nothing (R2.6); an app may play it for the person. Given
    an observation, ``None`` unless it is the observer's turn.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> bz.forced_action(s) is None
    True
    >>> while bz.forced_action(s) is None:
    ...     s = bz.apply(s, bz.legal_actions(s)[0])
    >>> bz.forced_action(s)
    Pass()
    """
    legal = legal_actions(state)
    return legal[0] if len(legal) == 1 else None


def check_action(state: State | Game, action: Action, *, player: int | None = None) -> None:
    """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal now.

    The error's ``rule`` is the rule's id (``None`` where no rule applies: the deal is
    over, or ``action`` is not an action, e.g. text for :func:`bezique.parse_action`)
    and its ``action`` the action refused. With ``player`` (a seat), a seat that is not
    the one to move raises :class:`~bezique.errors.NotYourTurnError` before the action
    is looked at.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> bz.check_action(s, bz.Pass())
    Traceback (most recent call last):
    ...
    bezique.errors.IllegalActionError: R2.6: pass only closes a declaration window; ...

    Raises:
        IllegalActionError: naming the rule that forbids the action;
            :class:`~bezique.errors.NotYourTurnError` for a ``player`` out of turn.
        BeziqueError: ``player`` is not a seat of the variant.
    """
    if player is not None:
        check_turn(state, player, action)
    check_state_action(_state_of(state), action)


def is_legal(state: State | Game, action: Action, *, player: int | None = None) -> bool:
    """Whether ``action`` is legal now (for ``player``, when given: ``False`` when it is
    not that seat's turn).

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> bz.is_legal(s, bz.Pass()), bz.is_legal(s, bz.legal_actions(s)[0], player=0)
    (False, False)

    Raises:
        BeziqueError: ``player`` is not a seat of the variant.
    """
    try:
        check_action(state, action, player=player)
    except IllegalActionError:
        return False
    return True


@overload
def apply(state: State, action: Action, *, player: int | None = None) -> State: ...
@overload
def apply(state: Game, action: Action, *, player: int | None = None) -> Game: ...


def apply(state: State | Game, action: Action, player: int | None = None) -> State | Game:
    """The state after ``action``; ``state`` itself is unchanged.

    Accepts any legal action, not only the objects :func:`legal_actions`
    returned. Given a :class:`~bezique.game.Game`, acts on its current deal
    and moves on to the next deal when that one ends.

    ``player``, when given, is the seat sending the action (a server passes the seat of
    the connection): a seat that is not the one to move raises
    :class:`~bezique.errors.NotYourTurnError` and nothing is applied. Without it the
    action is taken for :attr:`State.to_move <bezique.state.State.to_move>`.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> t = bz.apply(s, bz.legal_actions(s)[0])
    >>> len(t.trick), len(s.trick)
    (1, 0)
    >>> bz.apply(s, bz.legal_actions(s)[0], player=1) == t
    True

    Raises:
        IllegalActionError: as :func:`check_action` raises it, naming the rule (a
            :class:`~bezique.errors.NotYourTurnError` out of turn); a
            :class:`~bezique.errors.BeziqueError` for a ``player`` that is no seat.
    """
    # ``player`` is keyword-only in the overloads above (what type checkers and the
    # reference show) but not here: CPython 3.11-3.13 specialise no call to a function
    # with keyword-only parameters, which cost two-pack 3% more instructions a deal.
    if player is not None:
        check_turn(state, player, action)
    if type(state) is not State:
        return _apply_to_game(state, action)
    # the one way through an action (bezique._engine.steps), looked up here: a call less
    handler = STEPS.get(type(action))
    if handler is None:
        return step(state, action)  # the refusal naming the rule
    return handler(state, action)  # it reads the rules from its field list


def apply_unchecked(state: State, action: Action) -> State:
    """Deprecated: the same as :func:`apply` (one way through an action, as fast for an
    action taken from :func:`legal_actions`); kept for the programs written against
    0.2.0, to be removed in 1.0."""
    return step(state, action)


def _keyword_only_player(function: Any) -> inspect.Signature:
    """``function``'s signature with ``player`` keyword-only, as the overloads and the
    public contract write it (``apply(state, action, *, player=None)``)."""
    signature = inspect.signature(function)
    return signature.replace(parameters=[
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY) if p.name == "player" else p
        for p in signature.parameters.values()])


# What introspection shows (help(), inspect.signature): the contract's keyword-only player.
apply.__signature__ = _keyword_only_player(apply)  # type: ignore[attr-defined]


def _apply_to_game(game: State | Game, action: Action) -> Game:
    """:func:`apply` on a game's current deal; the next deal when that one ends."""
    if not isinstance(game, Game):
        raise TypeError(f"expected a State or a Game, not {type(game).__name__}")
    if game.is_over:
        raise IllegalActionError("the game is over: no action is legal", action=action,
                                 message_id="game-over")
    return advance(game, apply(game.current, action))
