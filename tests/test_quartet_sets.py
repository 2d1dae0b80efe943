"""The quartets' kept sets never change a window's declarations (R3.3, R3.7, R3.8, R11.3).

The cards and declaration of each set of four are kept per quartet by the copies of each
card it holds (:attr:`bezique._engine.melds.tables.QuartetSpec.sets`), and the sets of a hand
alone by the copies held (:attr:`~bezique._engine.melds.tables.QuartetSpec.hand_sets`). These
tests play random deals of every variant and compare, for every player at every step, the
plans found with those tables warm and emptied, in the same order: the serials (which
physical cards serve, table copies first, R3.7's swap for a copy in hand) and the broken
quartet re-formed (R3.8) included.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.compiled import Rules, rules_of
from bezique._engine.melds import search as meld_search
from strategies import VARIANTS, play_deal


def _clear(rules: Rules) -> None:
    for specs in rules.melds.quartets.values():
        for spec in specs:
            spec.sets.clear()
            spec.hand_sets.clear()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R3_8_kept_quartet_sets_find_what_fresh_ones_find(variant: bz.Variant) -> None:
    rules = rules_of(variant)
    for seed in range(3):
        deal = play_deal(bz.new_deal(variant, seed=seed, dealer=seed % variant.players),
                         random.Random(seed))
        for state, _, _ in deal:
            quartets = list(rules.melds.quartets[state.trump])
            if not quartets:
                continue
            for player in range(variant.players):
                warm = meld_search._search(state, rules, player, [], quartets)
                _clear(rules)
                cold = meld_search._search(state, rules, player, [], quartets)
                assert list(warm.items()) == list(cold.items()), (player, state)


def test_R3_8_a_broken_quartet_is_re_formed_with_its_cards_on_the_table() -> None:
    """Eight-pack re-forms broken quartets (R3.8): some window offers one, with the serials
    its kept cards still have on the table."""
    variant = bz.variants.get("eight-pack")
    rules = rules_of(variant)
    reformed = 0
    for seed in range(6):
        deal = play_deal(bz.new_deal(variant, seed=seed, dealer=seed % variant.players),
                         random.Random(seed))
        for state, _, _ in deal:
            for player in range(variant.players):
                plans = meld_search._search(state, rules, player, [],
                                            list(rules.melds.quartets[state.trump]))
                for plan in plans.values():
                    if plan.superseded is not None:
                        old = state.combos[plan.superseded]
                        assert old.kind is plan.kind and len(plan.cards) == 4
                        on_table = {tc.serial for tc in state.table[player]}
                        assert set(old.serials) & on_table <= set(plan.from_table)
                        reformed += 1
    assert reformed
