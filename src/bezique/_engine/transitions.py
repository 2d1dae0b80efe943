"""State transitions: playing a card, finishing a trick, leaving the declaration window, drawing.

Every function takes a state and returns a new one (sections 2-4, 6, 8). The
legality of the action has been checked by the caller (:mod:`bezique.engine`).

The declaration window after a phase-1 trick (R2.6, R11.8) is described by
the state's :class:`~bezique.state.Window` flags. On this hot path the flags are
computed as integers (``COMBO_DONE``, ``SEVEN_DONE`` and ``DECLARED`` below are the flags'
values) and looked up in :data:`~bezique.state.WINDOWS`; the partner's window after the
holder's is read from the partnership's table (:mod:`bezique._engine.concerns`).
"""

from __future__ import annotations

from typing import Any

from bezique._engine.compiled import Rules
from bezique._engine.fields import (
    ACTIVE,
    ANNOUNCED,
    BRISQUES,
    CARTE,
    HELD,
    LAID,
    LAST_TRICK,
    LAST_WINNER,
    LEADER,
    MEMO,
    PHASE,
    PILE,
    PLAYED_INDEXES,
    SEEN,
    SEVENS,
    STAGE,
    TABLE,
    TO_MOVE,
    TRICK_INDEXES,
    TRICKS,
    TRUMP,
    TURN_UP_INDEX,
    WINDOW,
    WON,
)
from bezique._engine.hands import (
    CARD_WEIGHT,
    COURT_INDEXES,
    INDEX_WEIGHT,
    copies,
    plays_of,
)
from bezique._engine.legal import (
    COMBO_DONE,
    free_turn,
    window_actions,
)
from bezique._engine.melds.announcing import without_serial
from bezique._engine.memo import Cache
from bezique._engine.tricks import (
    BEATS,
    PAIR_SHIFT,
    pair_table,
    trick_order,
    trick_winner,
)
from bezique.cards import ALL_CARDS, Card, Rank
from bezique.state import (
    DECLARE,
    OVER,
    PLAY,
    WINDOWS,
    CartePrivilege,
    State,
    Window,
    new_state,
)

__all__ = [
    "COMBO_DONE",
    "DECLARED",
    "SEVEN_DONE",
    "end_window_turn",
    "guess_packet",
    "play",
    "replace_at",
]

SEVEN_DONE: int = Window.SEVEN_DONE.value
DECLARED: int = Window.DECLARED.value
NO_WINDOW = WINDOWS[0]

CB_NONE, CB_MAY, CB_SHOWN, CB_AGAIN = (CartePrivilege.NONE, CartePrivilege.MAY,
                                      CartePrivilege.SHOWN, CartePrivilege.AGAIN)

_SEVENS = frozenset(c for c in ALL_CARDS if c.rank is Rank.SEVEN)
_BRISQUE_COUNT = bytes(int(c.rank.is_brisque) for c in ALL_CARDS).__getitem__
"""1 for the indexes of aces and tens (R2.11), 0 for the other cards'."""
_PAIR_BRISQUES = pair_table(lambda a, b: _BRISQUE_COUNT(a.index) + _BRISQUE_COUNT(b.index))
"""The brisques of a two-card trick (R2.11), at the key of its cards' pair
(:func:`~bezique._engine.tricks.pair_key`), looked up as
:data:`~bezique._engine.tricks.BEATS` is."""


def _with_plays(f: list[Any], rules: Rules, q: int) -> State:
    """The next state (fields ``f``), ``q`` to play a free card, his legal actions its
    ``memo`` (:func:`~bezique._engine.legal.free_turn`, R2.5), worked out from ``f``
    before the state is made: this saves a later
    :func:`~bezique._engine.legal.compute_legal` its dispatch, and the state a cache. A
    hand alone, the common case, is read off its count vector here
    (:func:`~bezique._engine.hands.plays_of`)."""
    held = f[HELD][q]
    laid = f[LAID][q]
    privilege = f[CARTE][q]
    if laid or privilege:
        f[MEMO] = free_turn(rules, held, laid, privilege, f[PHASE], f[TRUMP], f[TABLE][q])
    else:  # R13.2: the variant's function for the phase and trump, plays_of itself in most
        f[MEMO] = rules.sevens.hand_plays[f[PHASE]][f[TRUMP]](held)
    return new_state(State, f)


def replace_at(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``items`` with position ``i`` replaced."""
    changed = list(items)  # faster than slicing and unpacking for the short tuples here
    changed[i] = value
    return tuple(changed)



def _table_copy_to_play(s: State, p: int, card: Card) -> int:
    """Of several identical table cards, the one in the fewest intact combinations, scored
    or pending (R2.7, R13.7);
    a card lying there once is simply that one."""
    mine = s.table[p]
    copies = [i for i, tc in enumerate(mine) if tc.card is card]
    if len(copies) == 1:
        return copies[0]
    on_table = {tc.serial for t in s.table for tc in t}
    best = -1
    best_key = (0, 0)
    for i in copies:
        tc = mine[i]
        n = sum(1 for c in (*s.combos, *s.announced) if tc.serial in c.serials
                and all(x in on_table for x in c.serials))
        if best < 0 or (n, tc.serial) < best_key:
            best, best_key = i, (n, tc.serial)
    return best


def _successors(active: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's successor in ``active`` (-1 for the others): who plays next to the
    trick (R2.5, R11.9); kept in :data:`_SUCCESSORS`."""
    following = [-1] * (max(active) + 1)
    for i, player in enumerate(active):
        following[player] = active[(i + 1) % len(active)]
    _SUCCESSORS[active] = successors = tuple(following)
    return successors


_SUCCESSORS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Per ``active`` tuple, each player's successor (:func:`_successors`): a plain dict, whose
subscript the interpreter specialises."""


def play(s: State, rules: Rules, p: int, card: Card, from_table: bool,
         f: list[Any] | None = None) -> State:
    """``p`` plays ``card`` to the trick from the hand, or from the table when
    ``from_table`` (R2.5, R2.7); a phase-1 trump seven scores (R4.2) unless
    ``played_seven_scores`` is off (R13.3). The trick is complete when the next player
    would be its leader.

    The fields are read from ``f``, the list of the fields of ``s`` (made here unless the
    caller made it), before they are changed: a list item is read in a few machine
    instructions, a named-tuple field through the generic attribute look-up."""
    if f is None:
        f = [*s]
    if from_table:
        table = f[TABLE]
        t = table[p]
        i = _table_copy_to_play(s, p, card)
        f[TABLE] = replace_at(table, p, t[:i] + t[i + 1:])
        f[LAID] = replace_at(f[LAID], p, f[LAID][p] - CARD_WEIGHT[card])
        if f[ANNOUNCED]:  # R13.7: a pending announcement of the card lapses
            f[ANNOUNCED] = without_serial(f[ANNOUNCED], t[i].serial)
    else:
        held = list(f[HELD])  # the hand's count vector less the card
        held[p] -= CARD_WEIGHT[card]
        f[HELD] = tuple(held)
        seen = f[SEEN]  # the cards others have seen, as count vectors: the card leaves it
        if seen[p] and copies(seen[p], card):
            f[SEEN] = replace_at(seen, p, seen[p] - CARD_WEIGHT[card])
        if card in _SEVENS and card.suit is f[TRUMP] and f[PHASE] == 1:
            f[SEVENS] = rules.sevens.on_play(f[SEVENS], rules.sides[p])  # R13.3
    carte = f[CARTE]
    privilege = carte[p]
    if privilege and privilege in (CB_MAY, CB_AGAIN):
        # R11.6: the privilege to show lasts until the player's next card
        f[CARTE] = replace_at(carte, p, CB_SHOWN if privilege == CB_AGAIN else CB_NONE)
    f[TRICK_INDEXES] = trick = f[TRICK_INDEXES] + (card.index,)
    try:
        following = _SUCCESSORS[f[ACTIVE]][p]
    except KeyError:  # a new set of active players: built once (a try costs nothing until raised)
        following = _successors(f[ACTIVE])[p]
    if following != f[LEADER]:
        f[TO_MOVE] = following
        if f[PHASE] == 1:
            return _with_plays(f, rules, following)
        f[MEMO] = plays_of(rules.follow(f[HELD][following], trick, f[TRUMP]))  # R2.10
        return new_state(State, f)
    return _finish_trick(rules, f, trick, p)


def _finish_trick(rules: Rules, f: list[Any], trick: tuple[int, ...], last: int) -> State:
    """Score a complete trick (R1.3, R2.11, R2.12) and open the window or go on.

    ``f`` holds the fields of the next state, already updated for the last card (the
    trick itself excepted, given as its card indexes ``trick``); ``last`` played the last
    card. A trick of two cards is judged by one look-up at its pair key
    (:data:`~bezique._engine.tricks.BEATS`); the players of a longer one follow from its
    leader (:func:`~bezique._engine.tricks.trick_order`).
    """
    trump = f[TRUMP]
    if len(trick) == 2:
        first, second = trick
        pair = first << PAIR_SHIFT | second
        winner = last if BEATS[trump][pair] else f[LEADER]
        won_brisques = _PAIR_BRISQUES[pair]
    else:
        winner = trick_order(f[LEADER], f[ACTIVE])[trick_winner(trick, trump)]
        won_brisques = sum(map(_BRISQUE_COUNT, trick))
    side = rules.sides[winner]
    if won_brisques:
        brisques = list(f[BRISQUES])  # replace_at, inline: half the tricks hold a brisque
        brisques[side] += won_brisques
        f[BRISQUES] = tuple(brisques)
    f[WON] = rules.meld_source.after_trick(f[WON], winner, trick, f[PLAYED_INDEXES])  # R11.5
    f[PLAYED_INDEXES] += trick
    f[TRICKS] += 1
    f[TRICK_INDEXES] = ()
    f[TO_MOVE] = f[LEADER] = f[LAST_WINNER] = winner
    if f[PHASE] == 1:
        left = len(f[PILE])  # the turn-up is read only when the stock is nearly gone
        if left <= rules.players and left + (f[TURN_UP_INDEX] is not None) <= rules.players:
            f[LAST_TRICK] = rules.settlement.stock_emptied(f[LAST_TRICK], side)  # R2.12
        # R2.6: the winner's declaration window opens after every phase-1 trick; what it
        # offers is listed with it
        f[STAGE] = DECLARE
        f[MEMO] = memo = Cache()  # filled here (see _with_plays)
        new = new_state(State, f)
        memo.actions = window_actions(new, rules)
        return new
    held = f[HELD]  # the count vectors: 0 for an empty hand
    active = f[ACTIVE]
    if held[active[0]]:
        return _with_plays(f, rules, winner)
    if any(held):
        # R11.9, R13.5: the second duel: the first duel's leader's partner against the
        # other, one of them leading
        f[ACTIVE] = duel = rules.partnership.phase_two.second(active)
        f[TO_MOVE] = f[LEADER] = lead = duel[0]
        return _with_plays(f, rules, lead)
    f[LAST_TRICK] = rules.settlement.deal_over(f[LAST_TRICK], side)  # R2.12
    f[STAGE] = OVER
    f[TO_MOVE] = None
    f[MEMO] = ()  # no action is legal
    return new_state(State, f)


def end_window_turn(s: State, rules: Rules, f: list[Any] | None = None) -> State:
    """The window holder is done: hand the window to the partner (R11.8, R13.4) or draw.

    ``f``, the list of the fields of ``s``, is made here unless the caller made it (see
    :func:`play`)."""
    if f is None:
        f = [*s]
    # R11.8, R13.4: the partner's window, if any, by the window's value
    handed = rules.partnership.hand_on(f[TO_MOVE] << 4 | f[WINDOW]._value_)
    if handed is not None:
        return s.replace(to_move=handed[0], window=handed[1])
    return _draw(f, rules)


def _draw(f: list[Any], rules: Rules) -> State:
    """Every player draws, the trick winner first (R2.6 b); the last drawer of the final
    round takes the turn-up (R2.8, R6.3); then the winner leads, in phase 2 if the
    stock is gone (R2.9). ``f`` holds the fields of the window's state (see :func:`play`)."""
    winner = f[LAST_WINNER]
    n = rules.players
    pile = f[PILE]  # the stock's card indexes
    up = f[TURN_UP_INDEX]  # the turn-up's card index
    final = len(pile) <= n and len(pile) + (up is not None) <= n
    drawn = (*pile, up) if final and up is not None else pile
    held = list(f[HELD])
    # zip stops after the n players of the drawing order: the stock needs no slicing
    for player, index in zip(rules.draw_order[winner], drawn):  # noqa: B905 (no keyword on the hot path)
        held[player] += INDEX_WEIGHT[index]
    carte = f[CARTE]
    if any(carte):
        f[CARTE] = _carte_after_draw(carte, rules, winner, drawn[:n])
    f[STAGE] = PLAY
    f[TO_MOVE] = f[LEADER] = winner
    f[WINDOW] = NO_WINDOW
    f[HELD] = tuple(held)
    if not final:
        f[PILE] = pile[n:]
        return _with_plays(f, rules, winner)
    # R2.9: the stock is gone; table cards go back to the hands, phase 2 begins
    seen = list(f[SEEN])
    if up is not None:  # the last drawer's turn-up lay face up (R2.8)
        seen[(winner + len(pile)) % n] += INDEX_WEIGHT[up]
    laid = f[LAID]
    for player in range(n):
        if laid[player]:
            held[player] += laid[player]
            seen[player] += laid[player]
    f[HELD] = tuple(held)
    f[SEEN] = tuple(seen)
    f[PHASE] = 2
    f[TABLE] = ((),) * n
    f[LAID] = (0,) * n
    f[ANNOUNCED] = ()  # R13.7: the pending announcements lapse with phase 1
    f[PILE] = ()
    f[TURN_UP_INDEX] = None
    f[CARTE] = (CB_NONE,) * n
    # R6.7 / R11.9: with duels, the winner of the last phase-1 trick plays his left-hand opponent
    f[ACTIVE] = rules.partnership.phase_two.first(winner, f[ACTIVE])
    return _with_plays(f, rules, winner)


def _carte_after_draw(carte: tuple[CartePrivilege, ...], rules: Rules, winner: int,
                      drawn: tuple[int, ...]) -> tuple[CartePrivilege, ...]:
    """R11.6: who showed carte blanche may show again after drawing a non-court; a drawn
    court ends the privilege. ``drawn`` holds the card indexes in drawing order, the
    winner's first."""
    n = rules.players
    for k, index in enumerate(drawn):
        player = (winner + k) % n
        if carte[player] == CB_SHOWN:
            again = rules.settlement.after_draw[index in COURT_INDEXES]  # a court ends it
            carte = replace_at(carte, player, again)
    return carte


def guess_packet(s: State, rules: Rules, size: int) -> State:
    """R9.4: the non-dealer guesses the dealer's packet; then the elder leads."""
    guesser = s.to_move
    assert guesser is not None
    bonus = rules.settlement.guessed(s.bonus, s.packet, size, rules.sides[s.dealer],
                                     rules.sides[guesser])
    return s.replace(stage=PLAY, bonus=bonus)
