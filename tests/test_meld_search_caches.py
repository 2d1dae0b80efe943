"""The meld search's caches never change a window's declarations (R3.3-R3.9, R11.5).

The search keeps what it derives from a player's table and the scored combinations
(:attr:`bezique._engine.compiled.Rules.pool_tables`, kept while neither changes), the ways
to split a quartet among the suits, and the candidates of several bits the gate shows.
These tests play random deals of every variant and compare, for every player at every
step, the plans found with those caches warm (what the previous steps left in them) and
cold, in the same order.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine import meld_search
from bezique._engine.compiled import rules_of
from strategies import VARIANTS, play_deal


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R3_9_the_search_with_warm_caches_finds_what_a_cold_search_finds(
        variant: bz.Variant) -> None:
    rules = rules_of(variant)
    compared = offered = 0
    for seed in range(2):
        start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
        for state, _, _ in play_deal(start, random.Random(seed)):
            for player in range(variant.players):
                patterns = list(rules.patterns[state.trump])
                quartets = list(rules.quartets[state.trump])
                warm = meld_search._search(state, rules, player, patterns, quartets)
                rules.pool_tables.clear()
                cold = meld_search._search(state, rules, player, patterns, quartets)
                assert list(warm.items()) == list(cold.items()), (seed, player, state)
                gated = meld_search._declarations(state, rules, player, None)
                assert gated == cold, (seed, player, state)
                compared += 1
                offered += bool(cold)
    assert offered > 0 and compared > offered  # both kinds of position were met
