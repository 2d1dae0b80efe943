"""The keep values of all the cards of a hand at once, for the greedy policy's phase-1 play.

A card's keep value (:mod:`bezique.bots._phase1`) is its base value plus what every
combination prospect it counts for loses if it goes. Rather than asking, card by card,
which combinations it counts for, each combination is judged once a decision from the
packed count vector of its class (:data:`bezique._engine.hands.WEIGHT`) and its drop
added to every card it counts: those held no more often than it needs them (a spare
copy counts for nothing). What the count vector decides about a combination (how many
of its cards are held, whether it is complete, which held cards count) depends only on the
counts of its own cards, so it is worked out once per such counts and kept
(:func:`pattern_state`); only the drop, which depends on the stock left, is computed
each decision. Four of a rank (R3.6) and the seven of trumps (R4.2) follow, in the
order the keep value adds them up, so every value is the same float as counted card by
card.
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique._engine.hands import copies_at, rank_copies
from bezique.bots._layout import COMPLETE, JACK, KIND_BIT, NO_CLASS, RANK
from bezique.bots._trump_tables import Touched, TrumpTables
from bezique.cards import Card
from bezique.melds import MeldKind
from bezique.state import Combination

__all__ = ["Drops", "Quartets", "Waiting", "add_drops", "hand_entry", "hand_keep_values",
           "hand_state", "keep_state", "keep_values", "pattern_state", "pend_without",
           "quartet_keep", "quartet_state", "quartet_values", "table_keep_values", "waiting_of"]

_State = tuple[bool, float, tuple[int, ...], int]
"""What the counts of a combination's own cards decide: whether it is complete, the drop
of its squared completion when one card goes (incomplete), the card indexes it counts
(held, and no more often than needed), and the same as a bit set."""

_MEMO_LIMIT = 4096
"""At most this many count states kept per combination (then the memo starts again)."""


def pattern_state(tt: TrumpTables, pid: int, key: int) -> _State:
    """What the counts ``key`` (a packed count vector holding only the fields of
    combination ``pid``'s cards) decide about it, computed once and kept."""
    _, _, total, needs, _, _ = tt.pats[pid]
    prospect = tt.prospects[pid]
    steps, add, guard, more = prospect[6], prospect[7], prospect[8], prospect[9]
    have = ((key + add) & guard).bit_count()
    for add, guard in more:
        have += ((key + add) & guard).bit_count()
    counted = tuple(index for index, n in needs if 0 < copies_at(key, index) <= n)
    state = (have == total, 0.0 if have == total else steps[have], counted,
             sum(1 << index for index in counted))
    memo = tt.memos[pid]
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = state
    return state


Drops = tuple[Sequence[int], list[float], Sequence[int], Sequence[int]]
"""Per combination the counts it is judged on and its prospect drop, the complete
combinations, and per complete one the bit set of the card indexes it counts."""

_KeepState = tuple[Touched, list[int], list[float], list[int], list[int]]
"""What the class counts decide (:func:`keep_state`): per combination any of whose cards
is held, in order, ``(id, complete, points, squared completion one card short if complete
else the completion step, card indexes counted)``; per combination the counts it is judged
on, and its drop; the complete ones, and per complete one the bit set of the card indexes
it counts."""


def keep_values(tt: TrumpTables, by_bit: tuple[int, ...], combos: tuple[Combination, ...],
                side: int, g: float, keeps: list[float]) -> Drops:
    """Add each combination's drop to the keep value in ``keeps`` of every card it counts.

    Per combination, the packed counts of the class it is judged on and what the
    prospects lose when one counted card goes (a complete one: most of its points), and
    the complete combinations (:func:`keep_state`); ``g`` is the
    share of the stock still to draw. A combination none of whose cards is held is left
    at no drop.
    """
    _, arrs, drops, complete, complete_bits = keep_state(tt, by_bit, combos, side, g, keeps)
    return arrs, drops, complete, complete_bits


def add_drops(touched: Touched, g: float, keeps: list[float], n: int) -> list[float]:
    """The drop of each of the ``n`` combinations (0.0 for one not ``touched``), added to
    the keep value in ``keeps`` of every card it counts, in order: the same floats."""
    drops = [0.0] * n
    for pid, done, pts, x, counted in touched:
        drop = pts * (COMPLETE - x * g) if done else pts * g * x
        drops[pid] = drop
        for index in counted:
            keeps[index] += drop
    return drops


def keep_state(tt: TrumpTables, by_bit: tuple[int, ...], combos: tuple[Combination, ...],
               side: int, g: float, keeps: list[float]) -> _KeepState:
    """What the class counts ``by_bit`` decide about each combination
    (:data:`_KeepState`, from :func:`pattern_state`), with the drops, added to ``keeps``
    as :func:`add_drops` adds them. An upgrade (R3.5) counts every card only once the
    combination it builds on is scored."""
    call = by_bit[NO_CLASS]
    n = len(tt.pats)
    arrs = [call] * n
    drops = [0.0] * n
    touched = []
    complete: list[int] = []
    complete_bits: list[int] = []
    scored: list[MeldKind] | None = None
    for mask, check in tt.checks:
        if not call & mask:
            continue  # none of its cards held
        pid, bit, upgrade, kind, pts, xx, memo = check
        arr = by_bit[bit]
        # the classes share one vector when no table card counts: nothing to choose
        if upgrade and arr is not call:
            if scored is None:
                scored = [cb_.kind for cb_ in combos
                          if cb_.side == side and not cb_.superseded]
            if kind not in scored:
                arr = call  # R3.5: may be built on a scored combination
        key = arr & mask
        done, step, counted, bits = memo.get(key) or pattern_state(tt, pid, key)
        if done:
            complete.append(pid)
            complete_bits.append(bits)
            drop = pts * (COMPLETE - xx * g)
        else:
            drop = pts * g * step
        drops[pid] = drop
        arrs[pid] = arr
        for index in counted:
            keeps[index] += drop
        touched.append((pid, done, pts, xx if done else step, counted))
    return tuple(touched), arrs, drops, complete, complete_bits


def scored_kinds(tt: TrumpTables, combos: tuple[Combination, ...]) -> dict[int, int]:
    """Per side, the bit set (:data:`~bezique.bots._layout.KIND_BIT`) of the kinds of its
    scored combinations not superseded (R3.5), kept as ``tt``'s
    :attr:`~bezique.bots._trump_tables.TrumpTables.last_scored`: the list seldom changes
    between decisions."""
    by_side: dict[int, int] = {}
    for cb in combos:
        if not cb.superseded:
            by_side[cb.side] = by_side.get(cb.side, 0) | KIND_BIT[cb.kind]
    tt.last_scored = (combos, by_side)
    return by_side


def table_keep_values(tt: TrumpTables, held: int, counts: tuple[int, int, int, int],
                      combos: tuple[Combination, ...], side: int, g: float,
                      keeps: list[float]) -> tuple[Drops, int]:
    """:func:`keep_values` for a player with cards on the table and no partner (R3.4):
    ``held`` counts the hand, ``counts`` what the table adds to classes A, B, C and to all
    (:func:`~bezique.bots._phase1.table_counts`). What the counts decide
    (:func:`keep_state`) is kept per count state of the combinations' cards, with which of
    the upgrades' kinds the side has scored (R3.5), so a state met before only has its
    drops computed (:func:`add_drops`): the same floats. Returns the :data:`Drops` and the
    counts of all the classes (read only in the combinations' fields)."""
    memo = tt.table_memo
    last = tt.last_scored
    scored = last[1] if last[0] is combos else scored_kinds(tt, combos)
    fields = tt.hand_fields  # no other count is read
    da, db, dc, dall = counts
    held &= fields
    key = (held, da & fields, db & fields, dc & fields, dall & fields,
           scored.get(side, 0) & tt.upgrade_kinds)
    state = memo.get(key)
    if state is not None:
        touched, arrs, complete, bits, call = state
        return (arrs, add_drops(touched, g, keeps, len(arrs)), complete, bits), call
    call = held + dall
    touched, arrs_, drops, complete_, bits_ = keep_state(
        tt, (call, held + da, held + db, call, held + dc), combos, side, g, keeps)
    if len(memo) >= _HAND_LIMIT:
        memo.clear()
    memo[key] = (touched, tuple(arrs_), tuple(complete_), tuple(bits_), call)
    return (arrs_, drops, complete_, bits_), call


_HandState = tuple[tuple[tuple[bool, float, float, tuple[int, ...]], ...], tuple[int, ...],
                   tuple[int, ...]]
"""What a hand's counts decide about the combinations (:func:`hand_state`): per combination
any of whose cards is held, in order, ``(complete, points, squared completion one card short
if complete else the completion step, card indexes counted)``; the complete ones, and per
complete one the bit set of the card indexes it counts."""


def hand_keep_values(tt: TrumpTables, held: int, g: float,
                     keeps: list[float]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`keep_values` for a player with no table card (R3.4) and no partner (R11.8):
    every class counts the hand alone, ``held``, and an upgrade (R3.5) needs no check, as
    every card counts for it either way. What the hand's counts decide is kept per count
    state of the combinations' cards (:func:`hand_state`), so only the drops, which depend
    on ``g``, are computed: the same floats, added in the same order. Only the complete
    combinations are returned, and per complete one the bit set of the card indexes it
    counts: with no table card no other part of :data:`Drops` is read."""
    state = tt.hand_memo.get(held & tt.hand_fields)
    if state is None:
        state = hand_state(tt, held)
    touched, complete, complete_bits = state
    for done, pts, x, counted in touched:
        drop = pts * (COMPLETE - x * g) if done else pts * g * x
        for index in counted:
            keeps[index] += drop
    return complete, complete_bits


def hand_state(tt: TrumpTables, held: int) -> _HandState:
    """What the counts of ``held`` decide about each combination (:data:`_HandState`, from
    :func:`pattern_state`), computed once per count state of the combinations' cards and
    kept."""
    touched = []
    complete = []
    complete_bits = []
    for mask, pid, seen in tt.hand_checks:
        key = held & mask
        if not key:
            continue  # none of its cards held
        entry = seen.get(key) or hand_entry(tt, pid, key)
        touched.append(entry[0])
        if entry[1]:  # complete
            complete.append(pid)
            complete_bits.append(entry[2])
    result = (tuple(touched), tuple(complete), tuple(complete_bits))
    memo_ = tt.hand_memo
    if len(memo_) >= _HAND_LIMIT:
        memo_.clear()
    memo_[held & tt.hand_fields] = result
    return result


def hand_entry(tt: TrumpTables, pid: int, key: int) -> tuple[
        tuple[bool, float, float, tuple[int, ...]], bool, int]:
    """What the counts ``key`` of combination ``pid``'s cards decide (:func:`pattern_state`)
    as :func:`hand_state` reads it: its entry in the hand state ``(complete, points,
    squared completion one card short if complete else the completion step, card indexes
    counted)``, whether it is complete, and the bit set of the indexes counted; kept."""
    done, step, counted, bits = tt.memos[pid].get(key) or pattern_state(tt, pid, key)
    pts, xx = float(tt.pats[pid][1]), tt.prospects[pid][5]
    entry = ((done, pts, xx if done else step, counted), done, bits)
    seen = tt.hand_seen[pid]
    if len(seen) >= _MEMO_LIMIT:
        seen.clear()
    seen[key] = entry
    return entry


_HAND_LIMIT = 16384
"""At most this many hand count states kept per trump suit (then the memo starts again)."""


Quartets = tuple[list[float], tuple[tuple[int, int, int], ...]]
"""Per four-of-a-rank combination its prospect drop, then a 0.0 (for the cards of no
quartet, index -1), and the complete ones."""


def quartet_values(tt: TrumpTables, cc: int, g: float) -> Quartets:
    """Per four-of-a-rank combination (R3.6) with class-C cards counted in the packed
    ``cc``, what its prospects lose when one card goes, and the complete ones as
    ``(quartet, cards, points)`` (:func:`quartet_keep` with no keep values)."""
    qdrop, qdone, _ = quartet_keep(tt, cc, g, 0, None, 0, None)
    return qdrop, qdone


def quartet_keep(tt: TrumpTables, cc: int, g: float, held: int, turn_up: Card | None,
                 seven_points: int, keeps: list[float] | None
                 ) -> tuple[list[float], tuple[tuple[int, int, int], ...], float]:
    """:func:`quartet_values`, then, given the keep values ``keeps`` of the hand ``held``,
    complete that of the scoring seven of trumps: its four of a rank, less the
    ``seven_points`` it scores played from the hand (R4.2) unless an exchange for a good
    ``turn_up`` awaits (R4.1); last, the points of that exchange, or 0. What the rank
    counts decide is kept (:func:`quartet_state`)."""
    key = cc & tt.quartet_mask  # the counts of the quartets' ranks
    state = tt.quartet_memo.get(key)
    if state is None:
        state = quartet_state(tt, key)
    short, four, qdone, by_share = state
    qdrop = by_share.get(g)
    if qdrop is None:  # the drops depend on the counts and the share of the stock alone
        qdrop = by_share[g] = [0.0] * (len(tt.quartet_fields) + 1)
        for q, pts, step in short:
            qdrop[q] = pts * g * step / 16
        for q, pts in four:
            qdrop[q] = pts * (COMPLETE - 0.5625 * g)
    seven = tt.seven
    if seven < 0 or keeps is None:
        return qdrop, qdone, 0.0
    seven_bonus = 0.0
    if turn_up is not None and RANK[turn_up.index] >= JACK and copies_at(held, seven):
        seven_bonus = float(seven_points)
    keeps[seven] += qdrop[tt.quartet_of[seven]]
    keeps[seven] -= seven_points - seven_bonus  # R4.2: played from the hand, it scores
    return qdrop, qdone, seven_bonus


_QuartetState = tuple[tuple[tuple[int, float, float], ...], tuple[tuple[int, float], ...],
                      tuple[tuple[int, int, int], ...], dict[float, list[float]]]


def quartet_state(tt: TrumpTables, key: int) -> _QuartetState:
    """What the rank counts ``key`` decide about the four-of-a-rank combinations: the
    incomplete ones held at all, as ``(quartet, points, drop of the squared count)``, the
    ones held exactly four times, ``(quartet, points)``, and the complete ones,
    ``(quartet, cards, points)``, and the drops already computed per share of the stock
    (:func:`quartet_keep`; read only); computed once and kept."""
    short, four, qdone = [], [], []
    for q, rank, pts in tt.quartet_fields:
        r = rank_copies(key, rank)
        if r >= 4:
            qdone.append((q, r, pts))
            if r == 4:
                four.append((q, float(pts)))
        elif r:
            short.append((q, float(pts), _SQUARE_STEP[r]))
    state: _QuartetState = (tuple(short), tuple(four), tuple(qdone), {})
    memo = tt.quartet_memo
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = state
    return state


_SQUARE_STEP = tuple(float(r * r - (r - 1) * (r - 1)) for r in range(4))
"""The drop of the squared count of a rank held ``r`` times when one copy goes. It and the
points are floats in the quartet states: the same numbers, in float-only arithmetic (the
interpreter's fast path)."""


Waiting = tuple[float, int, list[tuple[int, int]]]
"""The points waiting to be declared after a hand card is played: those of the best
complete combination plus the seven's bonus, the bit set of the card indexes whose play
spoils it, and every complete combination as ``(points, card indexes it needs)``, best
first (:func:`pend_without`)."""


def waiting_of(tt: TrumpTables, complete: Sequence[int], complete_bits: Sequence[int],
               qdone: tuple[tuple[int, int, int], ...], seven_bonus: float) -> Waiting:
    """What :func:`~bezique.bots._phase1.waiting_points` gives a hand card, shared by
    the cards: the best complete combination unless the card is one it needs."""
    pats = tt.pats
    ready = [(pats[pid][1], bits) for pid, bits in zip(complete, complete_bits, strict=True)]
    for q, r, pts in qdone:
        ready.append((pts, 0 if r > 4 else tt.quartet_bits[q]))
    if len(ready) > 1:
        ready.sort(reverse=True)  # best first (among equal points, any order will do)
    best, needs = ready[0]
    return best + seven_bonus, needs, ready


def pend_without(ready: list[tuple[int, int]], index: int) -> float:
    """The points of the best complete combination in ``ready`` that does not need card
    ``index``, or 0."""
    for pts, needs in ready:
        if not needs >> index & 1:
            return pts
    return 0.0
