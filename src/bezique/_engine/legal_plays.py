"""The legal actions of a player to play a card (R2.5, R2.7, R2.10, R11.6, R13.2).

In phase 1, and when leading in phase 2, a player may play any card of his hand or of his
table; before his first card he may show carte blanche; with ``seven_declare = any_time``
he may declare the seven of trumps on his turn. A phase-2 follower must follow, beat and
trump as R2.10 says. The transitions list these actions with the state they make
(:mod:`bezique._engine.transitions`), and :func:`bezique._engine.play.compute_legal` with
a state that came from elsewhere.
"""

from __future__ import annotations

from bezique._engine.compiled import Rules
from bezique._engine.meld_search import CARD_OF_TABLE
from bezique._engine.sevens import any_time_seven
from bezique._engine.tricks import follow_options
from bezique.actions import PLAYS, PLAYS_FROM_TABLE, Action, Declare
from bezique.cards import ALL_CARDS, by_index
from bezique.melds import MeldKind
from bezique.state import CartePrivilege, State

__all__ = ["PLAY_OF", "follow_plays", "free_plays"]

PLAY_OF = {card: PLAYS[card.index] for card in ALL_CARDS}.__getitem__
"""The interned ``Play`` of a card (looked up in C)."""
_MAY_SHOW = (CartePrivilege.MAY, CartePrivilege.AGAIN)


def free_plays(s: State, rules: Rules, p: int) -> tuple[Action, ...]:
    """R2.5, R2.7: any card ``p`` holds, from the hand or the table, each once; carte blanche
    (R11.6); the seven of trumps with ``seven_declare = any_time`` (R13.2)."""
    hand = s.hands[p]
    table = s.table[p]
    privilege = s.carte[p]
    if not table and not privilege and not rules.seven_any_time:
        return tuple(map(PLAY_OF, dict.fromkeys(hand)))  # a hand alone, the common case
    held = dict.fromkeys(hand)
    out: list[Action] = list(map(PLAY_OF, held))
    if table:
        for card in sorted(dict.fromkeys(map(CARD_OF_TABLE, table)), key=by_index):
            out.append(PLAYS_FROM_TABLE[card.index] if card in held else PLAY_OF(card))
    if privilege in _MAY_SHOW and s.phase == 1:
        cards = hand + tuple(tc.card for tc in table)
        if not any(c.rank.is_court for c in cards):
            out.append(Declare(MeldKind.CARTE_BLANCHE, cards))  # R11.6
    if rules.seven_any_time:
        seven = any_time_seven(s, rules, p)  # R13.2
        if seven is not None:
            out.append(seven)
    return tuple(out)


def follow_plays(s: State, rules: Rules, p: int) -> tuple[Action, ...]:
    """R2.10: the cards the phase-2 follower ``p`` may play, each once, in display order."""
    allowed = follow_options(s.hands[p], s.trick, s.trump, rules.trump_when_losing)
    return tuple(map(PLAY_OF, sorted(dict.fromkeys(allowed), key=by_index)))
