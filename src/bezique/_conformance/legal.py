"""The legal actions of a state, checked against the rules (R2.5-R2.10, R4.1, R11.6)."""

from __future__ import annotations

from collections import Counter

from bezique._conformance.announced import check_announce_listed
from bezique._conformance.common import (
    expected_follow,
    fail,
)
from bezique._conformance.melds import (
    declaration_pool,
    fresh_declarations,
    meld_shape_error,
    seven_any_time,
)
from bezique._engine.dealing import PACKET_RANGE
from bezique.actions import Action, Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank, a_noun
from bezique.engine import check_action, is_legal, legal_actions
from bezique.errors import IllegalActionError, InvariantError
from bezique.melds import MeldKind
from bezique.state import Stage, State, Window

_FIXING = (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)
"""The combinations that fix trump where it is not fixed yet (R11.2): never announced."""

__all__ = ["check_legal_actions", "check_window_complete"]


def check_legal_actions(state: State) -> None:
    """Check :func:`bezique.legal_actions` against the state.

    Empty exactly when the deal is over; no duplicates; every action accepted by
    :func:`bezique.check_action` and :func:`bezique.is_legal`; plays in play turns and
    only there; free play in phase 1 (R2.5, R2.7), the duty to follow in phase 2
    (R2.10); declarations only of held cards, ``Pass`` closing each window (R2.6).
    """
    actions = legal_actions(state)
    if not isinstance(actions, tuple):
        fail(None, f"legal_actions returned {a_noun(type(actions).__name__)}")
    if legal_actions(state) != actions:
        fail(None, "legal_actions is not deterministic")
    if state.is_over:
        if actions != ():
            fail(None, f"the deal is over but actions are legal: {actions}")
        return
    if not actions:
        fail(None, "no legal action before the end of the deal")
    if len(set(actions)) != len(actions):
        fail(None, f"duplicate legal actions: {[a for a, n in Counter(actions).items() if n > 1]}")
    for action in actions:
        try:
            check_action(state, action)
        except IllegalActionError as exc:
            raise InvariantError(f"listed action {action} rejected: {exc}") from exc
        if not is_legal(state, action):
            fail(None, f"is_legal says no to listed {action}")
    player = state.to_move
    assert player is not None
    if state.stage is Stage.GUESS:
        low, high = PACKET_RANGE
        if actions != tuple(GuessPacket(n) for n in range(low, high + 1)):
            fail(None, f"the guesses offered are not the packet sizes {low}-{high} (R9.4)")
    elif state.stage is Stage.PLAY:
        _check_play_actions(state, actions, player)
    else:
        _check_window_actions(state, actions, player)


def _check_play_actions(state: State, actions: tuple[Action, ...], player: int) -> None:
    """Plays in a play turn, and carte blanche where it may be shown (R2.5, R2.10, R11.6)."""
    any_time = seven_any_time(state.variant)
    wrong = [a for a in actions if isinstance(a, (Pass, ExchangeSeven)) or (
        isinstance(a, Declare) and a.meld is not MeldKind.CARTE_BLANCHE
        and not (a.meld is MeldKind.TRUMP_SEVEN and any_time))]
    if wrong:
        fail(None, f"declaration-window actions in a play turn: {wrong}")
    for action in actions:
        if isinstance(action, Declare) and action.meld is MeldKind.TRUMP_SEVEN:
            # R13.2: an unscored trump seven from the hand, in phase 1
            if not (state.phase == 1 and state.trump is not None
                    and tuple(action.cards) == (Card.of(Rank.SEVEN, state.trump),)
                    and action.cards[0] in state.hands[player]):
                fail(None, f"{action} listed in a play turn, against R13.2")
        elif isinstance(action, Declare):  # carte blanche (R11.6)
            hand = state.hands[player]
            if not (state.phase == 1 and tuple(action.cards) == tuple(sorted(hand))
                    and not state.tables[player] and not any(c.rank.is_court for c in hand)):
                fail(None, f"{action} listed, against R11.6 (hand {hand})")
    cards = {a.card for a in actions if isinstance(a, Play)}
    if state.phase == 2 and state.trick:
        want = expected_follow(state.hands[player], state.trick, state.trump,
                               state.variant.legality.trump_when_losing)
        if cards != want:
            fail(None, f"phase-2 follow: engine allows {sorted(cards)}, "
                       f"R2.10 allows {sorted(want)} (trick {state.trick})")
    else:
        want = set(state.hands[player]) | set(state.tables[player])
        if cards != want:
            fail(None, f"free play: engine allows {sorted(cards)}, "
                       f"the player holds {sorted(want)}")


def _check_window_actions(state: State, actions: tuple[Action, ...], player: int) -> None:
    """Declarations of held cards, seven actions and one ``Pass`` (R2.6, R3, R4.1)."""
    if any(isinstance(a, Play) for a in actions):
        fail(None, f"a play listed in a declaration window: {actions}")
    if actions.count(Pass()) != 1:
        fail(None, f"no single Pass in the window: {actions}")
    pool = declaration_pool(state, player)
    for action in actions:
        if isinstance(action, Announce):
            check_announce_listed(state, action, pool)
        elif isinstance(action, Declare):
            problem = meld_shape_error(state.variant, state.trump, action)
            if problem is not None:
                fail(None, f"{action} listed, but {problem}")
            seven = action.meld is MeldKind.TRUMP_SEVEN  # from the hand (R4.2, R11.5)
            missing = Counter(action.cards) - (Counter(state.hands[player]) if seven
                                               else pool)
            if missing:
                fail(None, f"{action} uses cards not held: {sorted(missing)}")
            if state.variant.melds.points(action.meld) is None:
                fail(None, f"{action} is not a combination of {state.variant.name}")
        elif isinstance(action, ExchangeSeven) and not (
                state.trump is not None and action.card.rank is Rank.SEVEN
                and action.card.suit is state.trump and action.card in state.hands[player]
                and state.turn_up is not None and state.turn_up.rank is not Rank.SEVEN):
            fail(None, f"{action} listed, against R4.1")



def check_window_complete(state: State) -> None:
    """At the opening of a declaration window, every combination the winner can make of
    cards new to its class is offered (R2.6, R3.7, R3.9, R11.5)."""
    if state.stage is not Stage.DECLARE:
        return
    player = state.to_move
    assert player is not None
    offered = set(legal_actions(state))
    fresh: set[Action] = set(fresh_declarations(state))
    if Window.COMBO_DONE in state.window:  # R13.7: announcements after the scored one
        if not (state.variant.melds.announce_several and Window.DECLARED in state.window):
            return
        fresh = {Announce(d.meld, d.cards) for d in fresh_declarations(state)
                 if d.meld not in _FIXING or state.trump is not None}
    missing = fresh - offered
    if missing:
        fail(None, f"legal declarations not offered to player {player}: "
                   f"{sorted(str(d) for d in missing)} (hand {state.hands[player]}, "
                   f"table {state.tables[player]})")

