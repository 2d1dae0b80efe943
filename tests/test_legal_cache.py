"""The legal actions a transition lists with the next state are the ones the engine would
compute for it (R2.5, R2.6, R2.7, R2.10, R3.9, R4, R11.6, R13.2).

The card play, the trick and the draw fill the next state's legal-action cache themselves
where they can: every play state (:func:`bezique._engine.transitions._with_plays` for a
free player, the phase-2 follower's cards of R2.10) and the window a trick opens (R2.6).
Everywhere else :func:`bezique._engine.legal.compute_legal` fills it on first use. These
tests play random deals of every variant and compare, at every step, the cache a
transition left (the actions, and a window's plans) with what ``compute_legal`` computes
for the same state.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.legal import compute_legal
from bezique._engine.memo import Cache
from strategies import VARIANTS, play_deal


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R2_5_the_cached_legal_actions_are_the_computed_ones(variant: bz.Variant) -> None:
    filled = windows = 0
    for seed in range(3):
        start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
        for _, _, after in play_deal(start, random.Random(seed)):
            memo = after.memo  # the actions themselves, or a cache of them
            cached = memo.actions if isinstance(memo, Cache) else memo
            plans = getattr(memo, "plans", None)
            if cached is not None:
                fresh = after._replace()
                assert cached == compute_legal(fresh), (seed, after)
                assert plans == getattr(fresh.memo, "plans", None), (seed, after)
                filled += 1
                windows += after.stage is bz.Stage.DECLARE
    assert filled > 0 and windows > 0
