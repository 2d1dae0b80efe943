"""The meld search's caches never change a window's declarations (R3.3-R3.9, R11.5).

The search keeps what it derives from a player's table and the scored combinations
(:attr:`bezique._engine.melds.tables.MeldTables.pool_tables`, kept while neither changes), the ways
to split a quartet among the suits, and the candidates of several bits the gate shows.
These tests play random deals of every variant and compare, for every player at every
step, the plans found with those caches warm (what the previous steps left in them) and
cold, in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import bezique as bz
from bezique._engine.compiled import rules_of
from bezique._engine.melds import search as meld_search
from strategies import VARIANTS, play_deal


def _positions(variant: bz.Variant) -> Iterator[tuple[bz.State, int]]:
    """Every state of two random deals of ``variant``, with each of its players."""
    for seed in range(2):
        deal = play_deal(bz.new_deal(variant, seed=seed, dealer=seed % variant.players),
                         random.Random(seed))
        yield from ((state, player) for state, _, _ in deal for player in range(variant.players))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R3_9_the_search_with_warm_caches_finds_what_a_cold_search_finds(
        variant: bz.Variant) -> None:
    rules = rules_of(variant)
    found: list[bool] = []
    for state, player in _positions(variant):
        patterns = list(rules.melds.patterns[state.trump])
        quartets = list(rules.melds.quartets[state.trump])
        warm = meld_search._search(state, rules, player, patterns, quartets)
        rules.melds.pool_tables.clear()
        cold = meld_search._search(state, rules, player, patterns, quartets)
        assert list(warm.items()) == list(cold.items()), (player, state)
        assert meld_search.declarations(state, rules, player, None) == cold, (player, state)
        found.append(bool(cold))
    assert any(found) and not all(found)  # both kinds of position were met
