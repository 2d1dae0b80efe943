"""State transitions of the declaration window: combinations, the seven of trumps, carte
blanche (R3, R4, R8.2, R11.6).

Every function takes a state and returns a new one; the legality of the action has been
checked by the caller (:mod:`bezique.engine`). Leaving the window (the pass, the draw)
is in :mod:`bezique._engine.transitions`.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import Any

from bezique._engine.compiled import Rules
from bezique._engine.fields import (
    ANNOUNCED,
    COMBOS,
    HELD,
    LAID,
    MELDS,
    MEMO,
    SEEN,
    TABLE,
    TRUMP,
    WINDOW,
    WON,
)
from bezique._engine.hands import CARD_WEIGHT, INDEX_WEIGHT, copies
from bezique._engine.melds.source import WON_SERIAL_BASE
from bezique._engine.melds.tables import Plan
from bezique._engine.memo import fresh_cache
from bezique._engine.transitions import (
    CB_SHOWN,
    DECLARED,
    end_window_turn,
    replace_at,
)
from bezique.cards import Card
from bezique.melds import MeldKind
from bezique.state import (
    DECLARE,
    WINDOWS,
    Combination,
    State,
    TableCard,
    new_state,
)

__all__ = ["announce", "declare", "declare_seven", "exchange_seven", "fresh_serial",
           "show_carte_blanche"]


def _after_window_action(s: State, rules: Rules) -> State:
    """Keep the window open while the rules still allow something in it (R2.6).

    Whether the holder's *cards* allow more must not decide it: the others would
    learn from the window closing what he holds. So a window of hand declarations
    stays open until ``Pass`` while its flags allow a combination or a seven action.
    Won cards (Fildinski) are face up, so there the window closes as soon as
    nothing more can be declared from them (R11.5).
    """
    p = s.to_move
    assert p is not None
    return s if rules.meld_source.keeps_window(s, rules, p) else end_window_turn(s, rules)


def exchange_seven(s: State, rules: Rules, seven: Card) -> State:
    """R4.1: the seven of trumps for the turn-up, 10 points."""
    p = s.to_move
    up = s.turn_up_index
    assert p is not None and up is not None
    side = rules.sides[p]
    held = s.held[p] - CARD_WEIGHT[seven] + INDEX_WEIGHT[up]
    new = s.replace(held=replace_at(s.held, p, held), turn_up_index=seven.index,
                    seen=replace_at(s.seen, p, s.seen[p] + INDEX_WEIGHT[up]),  # it lay face up
                    window=rules.sevens.after_exchange[s.window._value_],
                    sevens=replace_at(s.sevens, side, s.sevens[side] + rules.sevens.points))
    return _after_window_action(new, rules)


def fresh_serial(s: State) -> int:
    """A serial number no table card of this deal has (table cards are never reused):
    one above every table card's and every combination's (won cards' serials aside, R11.5),
    the maxima taken in C."""
    top = max(0, max(map(_SERIAL, chain.from_iterable(s.table)), default=0))
    combos = s.combos
    if combos:
        most = max(map(max, filter(None, map(_SERIALS, combos))), default=0)
        if most >= WON_SERIAL_BASE:  # won cards (Fildinski): their serials do not count
            most = max((serial for combo in combos for serial in combo.serials
                        if serial < WON_SERIAL_BASE), default=0)
        top = max(top, most)
    return top + 1


_SERIAL = attrgetter("serial")
_SERIALS = attrgetter("serials")


def declare_seven(s: State, rules: Rules, seven: Card) -> State:
    """R4.2: show the seven of trumps (laid on the table), 10 points.

    With ``seven_declare = any_time`` (R13.2) it is no action of the window: outside a
    window the player still has to play, inside it the window's flags do not change.
    """
    p = s.to_move
    assert p is not None
    side = rules.sides[p]
    on_table = TableCard(seven, fresh_serial(s), 8)
    seen = s.seen[p]
    if copies(seen, seven):
        seen -= CARD_WEIGHT[seven]
    new = s.replace(held=replace_at(s.held, p, s.held[p] - CARD_WEIGHT[seven]),
                    seen=replace_at(s.seen, p, seen),
                    table=replace_at(s.table, p, (*s.table[p], on_table)),
                    laid=replace_at(s.laid, p, s.laid[p] + CARD_WEIGHT[seven]),
                    window=rules.sevens.after_declaring[s.window._value_],
                    sevens=replace_at(s.sevens, side, s.sevens[side] + rules.sevens.points))
    if s.stage is not DECLARE:
        return new
    return _after_window_action(new, rules)


def _lay(s: State, rules: Rules, plan: Plan) -> tuple[list[Any], tuple[int, ...]]:
    """The fields of ``s`` after laying ``plan``'s cards: its hand cards go to the table,
    every card of it is marked used in its class (won cards for good, R11.5), the
    combination it builds on is superseded (R3.5) or, if pending, consumed (R13.7); and the
    serials of its cards (R3.2, R3.9)."""
    p = s.to_move
    assert p is not None
    f = [*s]
    bit = plan.bit
    held = s.held[p]
    laid = s.laid[p]
    first = serial = fresh_serial(s)
    new_cards: list[TableCard] = []
    seen = s.seen[p]
    for card in plan.from_hand:  # from the hand to the table
        held -= CARD_WEIGHT[card]
        laid += CARD_WEIGHT[card]
        if seen and copies(seen, card):
            seen -= CARD_WEIGHT[card]
        new_cards.append(TableCard(card, serial, bit))
        serial += 1
    table = list(s.table)
    if plan.from_table and bit:  # the table cards, or the won cards (R11.5)
        f[WON] = rules.meld_source.mark_used(s.won, table, p, set(plan.from_table), bit)
    if new_cards:
        table[p] = (*table[p], *new_cards)
    at = plan.superseded
    if at is not None:
        combos = s.combos
        if at < len(combos):
            old = combos[at]
            f[COMBOS] = replace_at(combos, at, Combination(
                old.kind, old.side, old.player, old.cards, old.serials, old.points, True))
        else:  # R13.7: built on a pending announcement, which is scored no more
            announced = s.announced
            f[ANNOUNCED] = announced[:at - len(combos)] + announced[at - len(combos) + 1:]
    f[HELD] = replace_at(s.held, p, held)
    f[TABLE] = tuple(table)
    f[LAID] = replace_at(s.laid, p, laid)
    f[SEEN] = replace_at(s.seen, p, seen)
    f[MEMO] = fresh_cache()
    return f, plan.from_table + tuple(range(first, serial))


def declare(s: State, rules: Rules, plan: Plan) -> State:
    """Score a combination (R3.2, R3.9): lay its hand cards on the table and mark its cards
    as used in its class; won cards (Fildinski) are marked used for good (R11.5). A pending
    announcement of the side (``plan.bit`` 0) is scored as it lies (R13.7)."""
    p = s.to_move
    assert p is not None
    side = rules.sides[p]
    f, serials = _lay(s, rules, plan)
    if not plan.bit:  # R13.7: the announcement is pending no more
        f[ANNOUNCED] = tuple(a for a in s.announced if a.serials != plan.from_table)
    # R3.2, R5.3; R4.3: with seven_counts_as_meld no seven action after it
    w = s.window._value_ | DECLARED | rules.meld_source.declared_flags | rules.sevens.declared_flags
    if plan.fixes is not None:
        f[TRUMP] = plan.fixes
    f[WINDOW] = WINDOWS[w]
    f[COMBOS] = (*f[COMBOS], Combination(plan.kind, side, p, plan.cards, serials, plan.points))
    f[MELDS] = replace_at(s.melds, side, s.melds[side] + plan.points)
    return _after_window_action(new_state(State, f), rules)


def announce(s: State, rules: Rules, plan: Plan) -> State:
    """R13.7: lay a combination on the table unscored, marked as a declaration would mark
    it; it is pending for the side (:attr:`State.announced <bezique.state.State>`)."""
    p = s.to_move
    assert p is not None
    f, serials = _lay(s, rules, plan)
    f[ANNOUNCED] = (*f[ANNOUNCED], Combination(plan.kind, rules.sides[p], p, plan.cards,
                                               serials, plan.points))
    return _after_window_action(new_state(State, f), rules)


def show_carte_blanche(s: State, rules: Rules, cards: tuple[Card, ...]) -> State:
    """R8.2 / R11.6: show a hand without court cards; the turn does not pass."""
    p = s.to_move
    assert p is not None
    side = rules.sides[p]
    points = rules.points[MeldKind.CARTE_BLANCHE]
    combo = Combination(MeldKind.CARTE_BLANCHE, side, p, cards, (), points)
    return s.replace(carte=replace_at(s.carte, p, CB_SHOWN), combos=(*s.combos, combo),
                     melds=replace_at(s.melds, side, s.melds[side] + points))
