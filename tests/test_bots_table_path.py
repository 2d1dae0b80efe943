"""Tests of the greedy policy's phase-1 path for a player with cards on the table.

A player with table cards and no partner (R2.5, R3.4, R11.8) has what the class counts
decide about the combinations kept per count state
(:func:`bezique.bots._keep.table_keep_values`), so only the drops are computed for a state
met before (:func:`bezique.bots._keep.add_drops`). These
tests check, to the last bit, that the keep values, drops and complete combinations are
those of the general computation on the class vectors
(:func:`bezique.bots._keep.keep_values`), computed and read from the memo alike.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.hands import held_of
from bezique.bots import _keep, _phase1, _sources, valuation
from bezique.bots._layout import NO_CLASS
from bezique.state import Stage

_VARIANTS = [bz.variants.TWO_PACK, bz.variants.EIGHT_PACK, bz.variants.RUBICON,
             bz.variants.THREE_HANDED]


def _table_observations(variant: bz.Variant, deals: int) -> list[bz.Observation]:
    """Phase-1 play observations (R2.5) of a player with table cards and no partner, from
    deals the greedy bot plays against itself (it declares, so its tables fill)."""
    partners = valuation.tables_of(variant).partners
    bot = bz.bots.GreedyBot()
    seen = []
    for seed in range(deals):
        state = bz.new_deal(variant, seed=seed)
        while not state.is_over:
            view = bz.observe(state, state.to_move)
            seen.append(view)
            state = bz.apply(state, bot.choose(view, random.Random(seed)))
    return [o for o in seen if o.stage is Stage.PLAY and o.phase == 1
            and o.table[o.player] and not partners[o.player]]


def _trump_tables(T: valuation.Tables, o: bz.Observation) -> valuation.TrumpTables:
    """The tables of the observation's trump suit (none yet: the last)."""
    return T.by_trump[o.trump]


@pytest.mark.parametrize("variant", _VARIANTS, ids=lambda v: v.name)
def test_table_state_gives_the_general_keep_values(variant: bz.Variant) -> None:
    """R3.4, R3.5: the same keep values, drops and complete combinations, to the bit."""
    T = valuation.tables_of(variant)
    observations = _table_observations(variant, 6)
    assert len(observations) > 20
    for o in observations:
        tt, held, side = _trump_tables(T, o), held_of(o.hand), T.sides[o.player]
        g = min(1.0, o.stock_size / T.initial_stock)
        by_bit, general = _sources.class_vectors(T, o.player, held, o.table), list(tt.base1)
        _, drops, complete, bits = _keep.keep_values(tt, by_bit, o.combos, side, g, general)
        counts = _phase1.table_counts(T, o.player, o.table)[:4]
        for _ in range(2):  # computed, then read from the memo
            fast = list(tt.base1)
            (_, fast_drops, done, done_bits), call = _keep.table_keep_values(
                tt, held, counts, o.combos, side, g, fast)
            assert [x.hex() for x in fast] == [x.hex() for x in general]
            assert [x.hex() for x in fast_drops] == [x.hex() for x in drops]
            assert (list(done), list(done_bits)) == (complete, bits)
            assert call & tt.hand_fields == by_bit[NO_CLASS] & tt.hand_fields
