"""The greedy policy's phase-1 card play (R2.5): what each card is worth keeping.

A card's *keep value* is its base value (brisque, rank, trump: the
:class:`~bezique.bots._trump_tables.TrumpTables`) plus what the player's combination
prospects lose if it goes: :func:`~bezique.bots._keep.keep_values` for marriages,
sequences and beziques (for every hand card at once), :func:`~bezique.bots._keep.quartet_keep`
for four of a rank, less the points of a seven of trumps played from the hand (R4.2). A
card's *waiting* value is the best combination still declarable after it is played
(:func:`waiting_points`; for a hand card :func:`~bezique.bots._keep.waiting_of`).
:attr:`~bezique.bots._trump_tables.TrumpTables.lead_judge` (leading: the card of lowest
keep value, a brisque counting double, leaning towards a likely winner when a combination
is waiting) and :func:`follow` say how a play is judged, :func:`best_play` weighs
every play (see :mod:`bezique.bots.greedy`).

Cards are counted in packed count vectors (:data:`bezique._engine.hands.WEIGHT`),
one per meld class, summed in C; what does not change within a deal (per card its
base value and combinations, per combination its count checks) is looked up in the
:class:`~bezique.bots._trump_tables.TrumpTables`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique._engine.hands import copies_at
from bezique._engine.tricks import winning_pair
from bezique.actions import Action, Play
from bezique.bots._keep import (
    Drops,
    Quartets,
    hand_keep_values,
    keep_values,
    pend_without,
    quartet_keep,
    table_keep_values,
    waiting_of,
)
from bezique.bots._layout import (
    BY_BIT_LENGTH,
    CLASS_A,
    CLASS_B,
    CLASS_C,
    COMPLETE,
    EVERY_CLASS,
    NO_CLASS,
)
from bezique.bots._sources import class_vectors
from bezique.bots._tables import TableCounts, Tables
from bezique.bots._trump_tables import TrumpTables
from bezique.cards import Card, Suit
from bezique.state import Combination, TableCard

__all__ = ["hand_phase1", "phase1"]

def phase1(T: Tables, player: int, held: int,
           table: tuple[tuple[TableCard, ...], ...], trick: tuple[tuple[int, Card], ...],
           trump: Suit | None, turn_up: Card | None, stock_size: int,
           combos: tuple[Combination, ...], active: tuple[int, ...],
           legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Phase-1 card play: keep meld cards and brisques, win tricks that are worth it."""
    lt = T.last_trump
    tt = lt[1] if lt[0] is trump else T.trump_tables(trump)
    my_table = table[player]
    side = T.sides[player]
    g = stock_size / T.initial_stock  # the share of the stock still to draw
    if g > 1.0:
        g = 1.0
    keeps = [*tt.base1]
    # packed counts of the cards available to each meld class (A=1, B=2, C=4), and of all
    if not T.partnership.melds_alone(player):
        by_bit = class_vectors(T, player, held, table)
        used_on_table = served(my_table) if my_table else _NONE
        drops = keep_values(tt, by_bit, combos, side, g, keeps)
        call, cc = by_bit[NO_CLASS], by_bit[CLASS_C]
    elif my_table:
        da, db, dc, dall, used_on_table = table_counts(T, player, table)
        drops, call = table_keep_values(tt, held, (da, db, dc, dall), combos, side, g, keeps)
        cc = held + dc
    else:  # no table card: every class counts the hand alone
        drops = keep_values(tt, (held,) * BY_BIT_LENGTH, combos, side, g, keeps)
        used_on_table, call, cc = _NONE, held, held
    qdrop, qdone, seven_bonus = quartet_keep(tt, cc, g, held, turn_up, T.seven_points, keeps)
    plays: Sequence[Play] = (legal if type(legal[-1]) is Play  # type: ignore[assignment]
                             else [a for a in legal if type(a) is Play])
    judge = tt.lead_judge if not trick else follow(T, tt, player, trick, trump, active)
    return best_play(T, tt, used_on_table, held, call, keeps, drops, (qdrop, qdone),
                     seven_bonus, plays, judge, scores)


def hand_phase1(T: Tables, player: int, held: int,
                trick: tuple[tuple[int, Card], ...], trump: Suit | None, turn_up: Card | None,
                stock_size: int, active: tuple[int, ...], legal: tuple[Action, ...]) -> Action:
    """:func:`phase1` for a player with no table card and no partner, no scores asked:
    the hand alone counts in every class (R3.4), so the keep values need no class
    vectors (:func:`~bezique.bots._keep.hand_keep_values`) and every play is from the hand
    (:func:`hand_play`). The same choice as the general path, the same floats."""
    lt = T.last_trump
    tt = lt[1] if lt[0] is trump else T.trump_tables(trump)
    g = stock_size / T.initial_stock
    if g > 1.0:
        g = 1.0
    keeps = [*tt.base1]
    complete, complete_bits = hand_keep_values(tt, held, g, keeps)
    qdrop, qdone, seven_bonus = quartet_keep(tt, held, g, held, turn_up, T.seven_points, keeps)
    plays: Sequence[Play] = (legal if type(legal[-1]) is Play  # type: ignore[assignment]
                             else [a for a in legal if type(a) is Play])
    if complete or qdone:
        pend_all, spoils, ready = waiting_of(tt, complete, complete_bits, qdone, seven_bonus)
    else:
        pend_all, spoils, ready = seven_bonus, 0, _READY
    judge = tt.lead_judge if not trick else follow(T, tt, player, trick, trump, active)
    return hand_play(tt, keeps, qdrop, pend_all, spoils, ready, seven_bonus, plays, judge)


def table_counts(T: Tables, player: int,
                 table: tuple[tuple[TableCard, ...], ...]) -> TableCounts:
    """What the table cards of ``player`` (who has no partner) add to the packed counts
    of the meld classes A, B, C and of all (R3.4-R3.6), and :func:`served`. A table
    seldom changes between a player's decisions, so these are kept for the table last
    met of each player (:attr:`~bezique.bots._tables.Tables.last_tables`)."""
    my_table = table[player]
    entry = T.last_tables[player]
    if entry[0] is my_table:
        return entry[1]
    by_bit = class_vectors(T, player, 0, table)
    counts = (by_bit[CLASS_A], by_bit[CLASS_B], by_bit[CLASS_C], by_bit[NO_CLASS],
              served(my_table))
    T.last_tables[player] = (my_table, counts)
    return counts


_Judge = tuple[tuple[float, ...], int, tuple[float, ...] | None, float, bool]
"""How a card play is judged (:attr:`~bezique.bots._trump_tables.TrumpTables.lead_judge`,
:func:`follow`): per card index the value of
playing it before its keep value, the bit set of the card indexes that win the trick,
per card index the weight of the points waiting (leading only), the trick's brisque
points, and whether the card is the trick's last."""


def follow(T: Tables, tt: TrumpTables, player: int, trick: tuple[tuple[int, Card], ...],
           trump: Suit | None, active: tuple[int, ...]) -> _Judge:
    """Following: what winning with each card brings (the trick's brisques, a waiting
    combination) minus its keep value; a partner's trick is left to the partner (R11.8)."""
    card_bp = tt.card_bp
    # who is winning (:func:`~bezique.bots._trick.trick_lead`, read inline: the hot path);
    # one card so far (every two-handed trick when following): it is winning (R1.3)
    leader, best = trick[0] if len(trick) == 1 else winning_pair(trick, trump)
    last = len(trick) == len(active) - 1
    if T.partnership.same_side(leader, player):  # the partner's trick
        return (card_bp if last else _NOTHING), 0, None, 0.0, last
    trick_bp = 0.0
    for _, c in trick:
        trick_bp += card_bp[c.index]
    return tt.less_bp, tt.beaten_by[best.index], None, trick_bp, last


_NOTHING = (0.0,) * 32


def best_play(T: Tables, tt: TrumpTables, used_on_table: dict[int, int], held: int,
              call: int, keeps: list[float], drops: Drops, quartets: Quartets,
              seven_bonus: float, plays: Sequence[Play], judge: _Judge,
              scores: list[float] | None) -> Action:
    """The play of the best value: ``judge``'s value of the card less its keep value.

    A hand card's keep value is in ``keeps`` (:func:`~bezique.bots._keep.keep_values`)
    but for four of a rank;
    a card from the table has its own (:func:`table_keep`). Winning a trick is worth
    its brisques and most of a combination waiting to be declared.
    """
    arrs, _, complete, complete_bits = drops
    qdrop, qdone = quartets
    card_bp, quartet_of = tt.card_bp, tt.quartet_of_hand
    seven_cost = T.seven_points - seven_bonus
    waiting = complete or qdone
    pend_all, spoils, ready = (waiting_of(tt, complete, complete_bits, qdone, seven_bonus)
                               if waiting else (seven_bonus, 0, _READY))
    value, wins, p_win, trick_bp, last = judge
    best_action: Action = plays[0]
    best_u = -1e18
    for action in plays:
        i = action.card.index
        # a card from the table (R2.7): asked for, or not in the hand
        if i in used_on_table and (action.from_table or not copies_at(held, i)):
            used = used_on_table[i]  # R3.4: the class bits its copies have served
            keep = table_keep(tt, i, used, drops, call, qdrop, seven_cost)
            pend = (waiting_points(tt, i, used, arrs, complete, call, qdone) + seven_bonus
                    if waiting else seven_bonus)
        else:
            keep = keeps[i] + qdrop[quartet_of[i]]
            pend = (pend_without(ready, i) + seven_bonus if spoils >> i & 1 else pend_all)
        if wins and wins >> i & 1:
            gain = trick_bp + card_bp[i] + 1.0 + pend * COMPLETE
            u = (gain if last else gain * 0.7) - keep
        else:
            u = value[i] - keep
            if pend and p_win is not None:
                u += p_win[i] * pend * 0.5  # a combination is waiting: lead a likely winner
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action


def hand_play(tt: TrumpTables, keeps: list[float], qdrop: list[float], pend_all: float,
              spoils: int, ready: list[tuple[int, int]], seven_bonus: float,
              plays: Sequence[Play], judge: _Judge) -> Action:
    """:func:`best_play` when every play is from the hand and no scores are asked: the
    same values, with no test for a table card and, per kind of judge, only the terms
    it can add (a trick that may be won, or a combination waiting while leading)."""
    value, wins, p_win, trick_bp, last = judge
    quartet_of = tt.quartet_of_hand
    best_action: Action = plays[0]
    best_u = -1e18
    if wins:  # following, and some cards take the trick: its brisques and what waits
        card_bp = tt.card_bp
        for action in plays:
            i = action.card.index
            keep = keeps[i] + qdrop[quartet_of[i]]
            if wins >> i & 1:
                pend = (pend_without(ready, i) + seven_bonus if spoils >> i & 1 else pend_all)
                gain = trick_bp + card_bp[i] + 1.0 + pend * COMPLETE
                if not last:
                    gain *= 0.7
                u = gain - keep
            else:
                u = value[i] - keep
            if u > best_u:
                best_action, best_u = action, u
    elif p_win is not None and (pend_all or spoils):  # leading, a combination waiting
        for action in plays:
            i = action.card.index
            u = value[i] - (keeps[i] + qdrop[quartet_of[i]])
            pend = (pend_without(ready, i) + seven_bonus if spoils >> i & 1 else pend_all)
            if pend:
                u += p_win[i] * pend * 0.5
            if u > best_u:
                best_action, best_u = action, u
    else:
        for action in plays:
            i = action.card.index
            u = value[i] - (keeps[i] + qdrop[quartet_of[i]])
            if u > best_u:
                best_action, best_u = action, u
    return best_action


_NONE: dict[int, int] = {}
_READY: list[tuple[int, int]] = []


def served(my_table: tuple[TableCard, ...]) -> dict[int, int]:
    """Per card index on ``my_table``, the class bits every copy of it has served (R3.4)."""
    used: dict[int, int] = {}
    for tc in my_table:
        i = tc.card.index
        used[i] = used.get(i, EVERY_CLASS) & tc.used
    return used


def table_keep(tt: TrumpTables, i: int, used: int, drops: Drops, call: int,
               qdrop: list[float], seven_cost: float) -> float:
    """The keep value of a table card ``i`` whose copies have served the classes ``used``:
    a combination of a class it has served does not count it (R3.4)."""
    arrs, pdrop, _, _ = drops
    bits = tt.bits
    keep, pats, q = tt.card_info[i]
    for pid, n in pats:
        arr = arrs[pid]
        if not (used & bits[pid] and arr is not call) and copies_at(arr, i) <= n:
            keep += pdrop[pid]
    if not used & CLASS_C:
        keep += qdrop[q]
    if i == tt.seven and not used:
        keep -= seven_cost
    return keep


def waiting_points(tt: TrumpTables, i: int, used: int, arrs: Sequence[int],
                   complete: Sequence[int],
                   call: int, qdone: tuple[tuple[int, int, int], ...]) -> int:
    """The points of the best complete combination still declarable after card ``i``
    (class bits ``used`` served) is played: one it is not needed for."""
    pend = 0
    pats, bits, needs_of = tt.pats, tt.bits, tt.needs_of
    for pid in complete:
        pts = pats[pid][1]
        if pts <= pend:
            continue
        arr = arrs[pid]
        if used & bits[pid] and arr is not call:
            pend = pts  # this copy does not count for it
            continue
        n = needs_of[pid].get(i)
        if n is None or copies_at(arr, i) > n:
            pend = pts
    quartet = tt.quartet_of[i]
    for q, r, pts in qdone:
        if pts > pend and (r > 4 or used & CLASS_C or q != quartet):
            pend = pts
    return pend
