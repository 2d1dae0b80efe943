"""Why an action is illegal: the rule and a message (used by :func:`bezique.check_action`).

Each explanation is a pair ``(message_id, params)``: the id of the message, which starts
with the id of the rule that refuses the action (:mod:`bezique._messages`), and the values
of its template. :func:`refusal` makes the :class:`~bezique.errors.IllegalActionError` of
it, whose message is ``"R2.6: text"`` in English and whose ``rule``, ``action``,
``message_id`` and ``params`` carry the same facts for programs and translations.

The refusals of the meld rules are asked where those rules are encoded: a declaration's
(R3.3-R3.9, R5.2, R11.2, R11.5) of the meld search
(:func:`~bezique._engine.melds.search.declaration_refusal`, which asks the card source about
reuse), an announcement's (R13.7) of the announcements
(:func:`~bezique._engine.melds.announcing.announcement_refusal`); the sevens', the
settlement's and the partnership's of their concern objects.
"""

from __future__ import annotations

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.concerns import Explanation
from bezique._engine.hands import CARD_OF, cards_of
from bezique._engine.melds.announcing import announcement_refusal
from bezique._engine.melds.search import declaration_refusal
from bezique._engine.sevens import trump_seven_in_hand
from bezique._messages import MESSAGES, reason_rule, render
from bezique.actions import Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank
from bezique.errors import IllegalActionError
from bezique.melds import MeldKind
from bezique.state import Stage, State, Window

__all__ = ["Explanation", "explain", "explain_play", "refusal"]


def refusal(explanation: Explanation, action: object) -> IllegalActionError:
    """The error for ``action``, refused as ``explanation`` says."""
    message_id, params = explanation
    rule = reason_rule(message_id, params)
    text = render(MESSAGES[message_id], params)
    return IllegalActionError(f"{rule}: {text}" if rule else text, rule=rule, action=action,
                              message_id=message_id, params=params)


def explain_play(s: State, action: Play) -> None:
    trick = s.trick_indexes
    if s.phase == 2 and trick:
        rules = rules_of(s.variant)
        p = s.to_move
        assert p is not None
        hand = s.hands[p]
        led = CARD_OF(trick[0]).suit
        card = action.card
        if card.suit is not led and any(c.suit is led for c in hand):
            raise refusal(("R2.10/follow-suit", {"card": card, "player": p, "suit": led}),
                          action)
        allowed = cards_of(rules.follow(s.held[p], trick, s.trump))
        if card in allowed:
            return
        if card.suit is led:
            raise refusal(("R2.10/must-win", {"card": card, "player": p,
                                              "allowed": tuple(allowed)}), action)
        raise refusal(("R2.10/must-trump", {"player": p, "suit": led, "allowed": tuple(allowed)}),
                      action)


def explain(s: State, action: object) -> Explanation:
    """Why ``action``, not among the legal actions of ``s``, is illegal, naming the rule."""
    p = s.to_move
    if s.stage is Stage.GUESS:
        low, high = s.variant.deal.packet_range
        return "R9.4/guess-first", {"player": p, "low": low, "high": high}
    if isinstance(action, GuessPacket):
        return "R9.4/guess-late", {}
    if s.stage is Stage.PLAY:
        return _explain_in_play(s, p, action)
    assert p is not None
    return _explain_in_window(s, p, action)


def _explain_in_play(s: State, p: int | None, action: object) -> Explanation:
    """Why ``action`` is illegal while a card is due to the trick (R2.6, R3.1, R4.1)."""
    if isinstance(action, Pass):
        return "R2.6/pass-in-play", {"player": p}
    if isinstance(action, Announce):
        return "R13.7/announce-in-play", {"player": p}
    if isinstance(action, Declare) and action.meld is MeldKind.CARTE_BLANCHE:
        return explain_carte_blanche(s, p, action)
    if isinstance(action, ExchangeSeven):
        return "R4.1/exchange-in-play", {"player": p}
    if isinstance(action, Declare) and action.meld is MeldKind.TRUMP_SEVEN:
        return explain_seven_any_time(s, p, action)
    if isinstance(action, (Declare, ExchangeSeven)):
        return "R3.1/declare-in-play", {"player": p}
    return _not_an_action(action, p, "play")


def _explain_in_window(s: State, p: int, action: object) -> Explanation:
    """Why ``action`` is illegal in ``p``'s declaration window (R2.6, R3.2, R4.3)."""
    rules = rules_of(s.variant)
    if isinstance(action, Play):
        return "R2.6/play-in-window", {"player": p}
    if isinstance(action, ExchangeSeven):
        return explain_seven(s, rules, p, action.card, exchange=True)
    if isinstance(action, Announce):
        return announcement_refusal(s, rules, p, action)  # R13.7 (melds/announcing.py)
    if isinstance(action, Declare):
        if action.meld is MeldKind.TRUMP_SEVEN:
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None:
                return "R4.2/seven-alone", {}
            return explain_seven(s, rules, p, card, exchange=False)
        if action.meld is MeldKind.CARTE_BLANCHE:
            return "R11.6/carte-blanche-on-play", {}
        if Window.COMBO_DONE in s.window:
            return (rules.partnership.combo_refusal(s.window)  # R13.4
                    or rules.sevens.combo_refusal(s.window)  # R4.3
                    or ("R3.2/one-per-trick", {}))
        return declaration_refusal(s, rules, p, action)  # R3.3-R3.9 (melds/search.py)
    return _not_an_action(action, p, "window")


def _not_an_action(action: object, p: int | None, then: str) -> Explanation:
    """Something that is not an action (no rule): text, or another object."""
    text = "text-" if isinstance(action, str) else ""
    return f"not-an-action/{text}{then}", {"given": repr(action), "player": p}


def explain_seven_any_time(s: State, p: int | None, action: Declare) -> Explanation:
    """Why the seven of trumps cannot be declared outside a declaration window (R13.2)."""
    rules = rules_of(s.variant)
    refusal = rules.sevens.outside_window_refusal(p)  # R3.1, R13.2
    if refusal is not None:
        return refusal
    if s.phase != 1:
        return "R2.9/seven-in-phase-2", {}
    assert p is not None
    if len(action.cards) != 1:
        return "R4.2/seven-alone", {}
    return explain_seven(s, rules, p, action.cards[0], exchange=False)


def explain_seven(s: State, rules: Rules, p: int, card: Card, *,
                  exchange: bool) -> Explanation:
    refusal = rules.sevens.refusal(s.window, exchange)  # R8.1, R13.6, R5.1, R4.3, R6.6
    if refusal is not None:
        return refusal
    if s.trump is None:
        return "R5.1/no-trump-yet", {}
    if card != Card.of(Rank.SEVEN, s.trump):
        return "R4.1/not-the-seven", {"card": card}
    if trump_seven_in_hand(s, p) is None:
        return "R4.2/no-seven", {"player": p}
    if exchange:
        if s.turn_up is None:
            return "R4.1/turn-up-taken", {}
        if s.turn_up.rank is Rank.SEVEN:
            return "R4.1/turn-up-seven", {}
    return "R4.1/not-now", {}  # pragma: no cover - all cases above


def explain_carte_blanche(s: State, p: int | None, action: Declare) -> Explanation:
    """Why carte blanche cannot be shown now (R8.2, R11.6)."""
    refusal = rules_of(s.variant).settlement.carte_refusal(s.variant.name)
    if refusal is not None:
        return refusal
    assert p is not None
    if s.phase != 1:
        return "R11.6/carte-blanche-phase-1", {}
    if not s.carte[p].may_show:
        return "R11.6/no-carte-blanche-now", {"player": p}
    return "R11.6/carte-blanche-cards", {"cards": tuple(sorted(s.hands[p] + s.tables[p]))}
