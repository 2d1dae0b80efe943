"""Tests of the greedy policy's keep values computed for a whole hand at once.

:mod:`bezique.bots._keep` judges each combination once a decision and adds its drop to
every card it counts, keeping what the counts of a combination's cards decide. These
tests check the results against the card-by-card definition (a card's base value plus
the drop of every combination it is held no more often than needed for, plus its
four-of-a-rank drop), to the last bit, and the tables' memo of the counts met.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.hands import WEIGHT, copies_at, held_of, rank_copies
from bezique.bots import _keep, _phase1, _sources, valuation
from bezique.bots._layout import CLASS_C
from bezique.cards import ALL_CARDS
from bezique.state import Stage

_VARIANTS = [bz.variants.TWO_PACK, bz.variants.EIGHT_PACK, bz.variants.FOUR_HANDED]


def _phase1_observations(variant: bz.Variant, deals: int) -> list[bz.Observation]:
    out = []
    bot = bz.bots.RandomBot()
    for seed in range(deals):
        s = bz.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            o = bz.observe(s, s.to_move)
            if o.stage is Stage.PLAY and o.phase == 1 and o.trump is not None:
                out.append(o)
            s = bz.apply(s, bot.choose(o, rng))
    return out


def _by_bit(T: valuation.Tables, o: bz.Observation) -> tuple[int, ...]:
    return _sources.class_vectors(T, o.player, held_of(o.hand), o.table)


@pytest.mark.parametrize("variant", _VARIANTS, ids=lambda v: v.name)
def test_keep_values_match_the_card_by_card_sum(variant: bz.Variant) -> None:
    T = valuation.tables_of(variant)
    checked = 0
    for o in _phase1_observations(variant, 4):
        tt = T.by_trump[o.trump]
        by_bit = _by_bit(T, o)
        g = min(1.0, o.stock_size / T.initial_stock)
        keeps = list(tt.base1)
        arrs, drops, complete, bits = _keep.keep_values(tt, by_bit, o.combos,
                                                        T.sides[o.player], g, keeps)
        _, qdone = _keep.quartet_values(tt, by_bit[CLASS_C], g)
        for card in set(o.hand):
            i = card.index
            keep, pats, _ = tt.card_info[i]
            for pid, n in pats:
                if copies_at(arrs[pid], i) <= n:
                    keep += drops[pid]
            assert keeps[i] == keep
            assert tt.quartet_of_hand[i] == (-1 if i == tt.seven else tt.quartet_of[i])
            for pid, spoiled in zip(complete, bits, strict=True):
                need = tt.needs_of[pid].get(i)
                copies = copies_at(arrs[pid], i)
                needed = need is not None and copies <= need
                assert bool(spoiled >> i & 1) is needed
            checked += 1
        assert [q for q, _, _ in qdone] == [q for q, _, _ in _direct_quartets(tt, by_bit[CLASS_C])]
    assert checked > 100


def _direct_quartets(tt: valuation.TrumpTables, cc: int) -> list[tuple[int, int, int]]:
    return [(q, rank_copies(cc, rank), pts) for q, rank, pts in tt.quartet_fields
            if rank_copies(cc, rank) >= 4]


def test_pattern_states_are_kept_per_count_state() -> None:
    tt = valuation.tables_of(bz.variants.TWO_PACK).by_trump[bz.Suit.SPADES]
    rng = random.Random(3)
    for _ in range(100):
        counts = [rng.choice((0, 0, 1, 2)) for _ in range(32)]
        packed = sum(n * WEIGHT(c) for c, n in zip(ALL_CARDS, counts, strict=True))
        for mask, (pid, *_rest) in tt.checks:
            key = packed & mask
            state = _keep.pattern_state(tt, pid, key)
            assert tt.memos[pid][key] is state
            _, _, total, needs, _, _ = tt.pats[pid]
            have = sum(min(counts[index], n) for index, n in needs)
            assert state[0] is (have == total)
            assert state[2] == tuple(index for index, n in needs if 0 < counts[index] <= n)


def test_table_counts_are_the_class_vectors_of_the_table() -> None:
    T = valuation.tables_of(bz.variants.TWO_PACK)
    met = 0
    for o in _phase1_observations(bz.variants.TWO_PACK, 4):
        my_table = o.table[o.player]
        if not my_table:
            continue
        held = held_of(o.hand)
        da, db, dc, dall, used = _phase1.table_counts(T, o.player, o.table)
        assert _phase1.table_counts(T, o.player, o.table)[4] is used  # kept for the table met
        assert (held + dall, held + da, held + db, held + dall, held + dc) == _by_bit(T, o)
        assert used == _phase1.served(my_table)
        met += 1
    assert met > 10
