"""The greedy policy's phase-1 play (R2.5) for a player with cards on the table and no
partner, no scores asked: the table path of :func:`bezique.bots.greedy.greedy_action`.

The same choice as :func:`bezique.bots._phase1.phase1`, the same floats, for less work.
What the counts decide about the combinations (:func:`bezique.bots._keep.keep_state`)
is kept per count state, as :func:`bezique.bots._keep.table_keep_values` keeps it, but
keyed by the hand's counts, a small number standing for what the table adds to each
meld class (R3.4: a table card counts only in the classes it has not served), and the
upgrades' kinds the side has scored (R3.5), so the key is cheap to hash; the drops, which
depend on the share of the stock left, are added to the keep values in line
(:func:`bezique.bots._keep.add_drops`' arithmetic, in the same order), and the plays are
judged by :func:`bezique.bots._phase1.best_play`. (A play loop of its own per kind of judge,
as the hand path has, measured no cheaper here: it was left out.)
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.actions import Action, Play
from bezique.bots._keep import (
    _KIND_BIT,
    _scored,
    keep_state,
    quartet_keep,
    scored_kinds,
)
from bezique.bots._phase1 import best_play, follow, table_counts
from bezique.bots.valuation import COMPLETE, TRUMP_POS, WEIGHT, Tables, TrumpTables
from bezique.cards import Card, Suit
from bezique.state import Combination, TableCard

__all__ = ["table_phase1"]

_State = tuple[tuple[tuple[int, bool, float, float, tuple[int, ...]], ...], tuple[int, ...],
               tuple[int, ...], tuple[int, ...], int]
"""What the class counts decide: the combinations touched (as
:func:`bezique.bots._keep.add_drops` reads them), per combination the counts it is judged
on, the complete ones and the bit sets of the cards they count, and the counts of all the
classes (only numbers and tuples of them: the collector soon stops tracking it)."""
_Entry = tuple[tuple[TableCard, ...], TrumpTables, int, tuple[int, int, int, int], int,
               dict[int, int]]
_entries: dict[int, _Entry] = {}
"""Per table last met (by its id; the entry keeps it alive): its trump tables, the number
standing for what it adds to the classes in the combinations' fields, those additions
(A, B, C, all), what it adds to class C in full, and per card the classes served."""
_Memos = tuple[dict[tuple[int, int, int], _State], int, dict[tuple[int, int, int, int], int]]
_memos: dict[TrumpTables, _Memos] = {}
"""Per trump tables met: the count states, the bit set of the kinds of its upgrades, and
the numbers standing for the tables' additions."""
_LIMIT = 16384
"""At most this many count states (and table additions) kept per trump suit."""


def table_phase1(T: Tables, player: int, hand: tuple[Card, ...],
                 table: tuple[tuple[TableCard, ...], ...], trick: tuple[tuple[int, Card], ...],
                 trump: Suit | None, turn_up: Card | None, stock_size: int,
                 combos: tuple[Combination, ...], active: tuple[int, ...],
                 legal: tuple[Action, ...]) -> Action:
    """:func:`~bezique.bots._phase1.phase1` for a player with table cards and no partner,
    no scores asked (see the module documentation): the same choice, the same floats."""
    tt = T.by_trump[TRUMP_POS.get(id(trump), -1)]
    memo, upgrades, numbers = _memos.get(tt) or _memos_of(tt)
    keeps = [*tt.base1]
    held = sum(map(WEIGHT, hand))
    g = stock_size / T.initial_stock  # the share of the stock still to draw
    if g > 1.0:
        g = 1.0
    my_table = table[player]
    entry = _entries.get(id(my_table))
    if entry is None or entry[0] is not my_table or entry[1] is not tt:
        entry = _entry(T, tt, player, table, numbers)
    _, _, number, (da, db, dc, dall), dc_all, used_on_table = entry
    scored = _scored.get(id(combos))
    if scored is None or scored[0] is not combos:
        scored = scored_kinds(combos)
    side = T.sides[player]
    h = held & tt.hand_fields
    key = (h, number, scored[1].get(side, 0) & upgrades)
    state = memo.get(key)
    if state is None:
        call = h + dall
        touched, arrs_, drops, complete_, bits_ = keep_state(
            tt, (call, h + da, h + db, call, h + dc), combos, side, g, keeps)
        if len(memo) >= _LIMIT:
            memo.clear()
        state = memo[key] = (touched, tuple(arrs_), tuple(complete_), tuple(bits_), call)
    else:
        drops = [0.0] * len(state[1])
        for pid, done, pts, x, counted in state[0]:
            drop = pts * (COMPLETE - x * g) if done else pts * g * x
            drops[pid] = drop
            for index in counted:
                keeps[index] += drop
    qdrop, qdone, seven_bonus = quartet_keep(tt, held + dc_all, g, held, turn_up,
                                             T.seven_points, keeps)
    plays: Sequence[Play] = (legal if type(legal[-1]) is Play  # type: ignore[assignment]
                             else [a for a in legal if type(a) is Play])
    judge = tt.lead_judge if not trick else follow(T, tt, player, trick, trump, active)
    return best_play(T, tt, used_on_table, held, state[4], keeps,
                     (state[1], drops, state[2], state[3]), (qdrop, qdone), seven_bonus, plays,
                     judge, None)


def _memos_of(tt: TrumpTables) -> _Memos:
    if len(_memos) >= 64:
        _memos.clear()
    _entries.clear()  # their numbers are those of the trump tables' numbers met before
    entry = _memos[tt] = ({}, sum(_KIND_BIT[id(check[3])] for _, check in tt.checks if check[2]),
                          {})
    return entry


def _entry(T: Tables, tt: TrumpTables, player: int, table: tuple[tuple[TableCard, ...], ...],
           numbers: dict[tuple[int, int, int, int], int]) -> _Entry:
    """What the table of ``player`` adds (:func:`~bezique.bots._phase1.table_counts`), with
    the number standing for it in the combinations' fields."""
    da, db, dc, dall, used_on_table = table_counts(T, player, table)
    fields = tt.hand_fields
    adds = (da & fields, db & fields, dc & fields, dall & fields)
    number = numbers.get(adds)
    if number is None:
        if len(numbers) >= _LIMIT:
            numbers.clear()  # the states' keys and the tables' entries name the numbers
            _memos[tt][0].clear()
            _entries.clear()
        number = numbers[adds] = len(numbers)
    my_table = table[player]
    if len(_entries) >= 64:
        _entries.clear()
    entry = _entries[id(my_table)] = (my_table, tt, number, adds, dc, used_on_table)
    return entry
