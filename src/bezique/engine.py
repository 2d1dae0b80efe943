"""The engine: legal actions, checking and applying actions (sections 2-4, 6, 8).

Every function here is pure: a :class:`~bezique.state.State` goes in, a new one
comes out, and the old one is never changed. The three faces of an action
follow one pattern: :func:`check_action` raises :class:`IllegalActionError`
naming the rule, :func:`is_legal` answers yes or no, :func:`apply` checks and
returns the next state. Dealing lives in :mod:`bezique.deal`, the state
transitions in :mod:`bezique.transitions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from bezique.actions import (
    PASS,
    PLAYS,
    PLAYS_FROM_TABLE,
    Action,
    Declare,
    ExchangeSeven,
    GuessPacket,
    Pass,
    Play,
)
from bezique.deal import PACKET_RANGE, new_deal, setup
from bezique.declarations import Plan, seven_actions, window_declarations
from bezique.errors import IllegalActionError
from bezique.explain import explain, explain_play, refusal, source_of_play
from bezique.melds import MeldKind
from bezique.rules import rules_of
from bezique.state import Stage, State
from bezique.transitions import (
    COMBO_DONE,
    declare,
    declare_seven,
    end_window_turn,
    exchange_seven,
    guess_packet,
    play,
    seven_open,
    show_carte_blanche,
)
from bezique.tricks import follow_options

if TYPE_CHECKING:
    from bezique.game import Game

__all__ = [
    "apply",
    "apply_unchecked",
    "check_action",
    "is_legal",
    "legal_actions",
    "new_deal",
    "setup",
]


def _state_of(obj: State | Game) -> State:
    if isinstance(obj, State):
        return obj
    current = getattr(obj, "current", None)
    if isinstance(current, State):
        return current
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
    cache = memo[0]
    if cache is None:
        cache = memo[0] = _compute_legal(s)
    return cache[0]  # type: ignore[no-any-return]


def _compute_legal(s: State) -> tuple[tuple[Action, ...], dict[Declare, Plan]]:
    stage = s.stage
    if stage is Stage.PLAY:
        p = s.to_move
        assert p is not None
        hand = s.hands[p]
        if s.phase == 2 and s.trick:
            rules = rules_of(s.variant)
            allowed = follow_options(hand, s.trick, s.trump, rules.trump_when_losing)
            return tuple(PLAYS[i] for i in sorted({c.index for c in allowed})), {}
        out: list[Action] = [PLAYS[card.index] for card in dict.fromkeys(hand)]
        table = s.table[p]
        if table:
            in_hand = {c.index for c in hand}
            for i in sorted({tc.card.index for tc in table}):
                out.append(PLAYS_FROM_TABLE[i] if i in in_hand else PLAYS[i])
        privilege = s.carte[p]
        if (privilege == 1 or privilege == 3) and s.phase == 1:
            cards = hand + tuple(tc.card for tc in table)
            if not any(c.rank.is_court for c in cards):
                out.append(Declare(MeldKind.CARTE_BLANCHE, cards))  # R11.6
        return tuple(out), {}
    if stage is Stage.GUESS:
        low, high = PACKET_RANGE
        return tuple(GuessPacket(n) for n in range(low, high + 1)), {}
    if stage is Stage.DECLARE:
        rules = rules_of(s.variant)
        p = s.to_move
        assert p is not None
        plans: dict[Declare, Plan] = {}
        acts: list[Action] = []
        if not s.window & COMBO_DONE:
            plans = window_declarations(s, rules, p)
            acts.extend(plans)
        if seven_open(s, rules):
            acts.extend(seven_actions(s, rules, p))
        acts.append(PASS)
        return tuple(acts), plans
    return (), {}


def _plans(s: State) -> dict[Declare, Plan]:
    legal_actions(s)
    return s.memo[0][1]  # type: ignore[no-any-return]


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
    s = _state_of(state)
    if s.stage is Stage.OVER:
        raise IllegalActionError("the deal is over: no action is legal", action=action)
    acts = legal_actions(s)
    if action in acts:
        return
    if isinstance(action, Play) and s.stage is Stage.PLAY:
        source_of_play(s, s.to_move, action)  # raises if not held
        return explain_play(s, action)
    raise refusal(explain(s, action), action)


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
        from bezique.game import Game, advance

        if not isinstance(state, Game):
            raise TypeError(f"expected a State or a Game, not {type(state).__name__}")
        if state.is_over:
            raise IllegalActionError("the game is over: no action is legal", action=action)
        return advance(state, apply(state.current, action))
    s = state
    if s.stage is Stage.PLAY and type(action) is Play:
        p = s.to_move
        assert p is not None
        if action.from_table is None and action.card in s.hands[p]:
            from_table = False
        else:
            from_table = source_of_play(s, p, action)
        if s.phase == 2 and s.trick:
            check_action(s, action)
        return play(s, rules_of(s.variant), p, action.card, from_table)
    check_action(s, action)
    return apply_unchecked(s, action)


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
    assert isinstance(action, Declare)
    if action.meld is MeldKind.TRUMP_SEVEN:
        return declare_seven(s, rules, action.cards[0])
    if action.meld is MeldKind.CARTE_BLANCHE:
        return show_carte_blanche(s, rules, action.cards)
    return declare(s, rules, _plans(s)[action])
