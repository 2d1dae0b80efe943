"""The legal actions a transition lists with the next state are the ones the engine would
compute for it (R2.5, R2.7, R2.10, R11.6, R13.2).

Where the player to move is free to play any card he holds (phase 1, a phase-2 lead), the
transitions fill the next state's legal-action cache themselves
(:func:`bezique._engine.transitions._with_plays`); everywhere else
:func:`bezique._engine.play.compute_legal` fills it on first use. These
tests play random deals of every variant and compare, at every step, the cache a
transition left with what ``compute_legal`` computes for the same state.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.play import compute_legal
from strategies import VARIANTS, play_deal


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R2_5_the_cached_plays_are_the_computed_legal_actions(variant: bz.Variant) -> None:
    filled = 0
    for seed in range(3):
        start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
        for _, _, after in play_deal(start, random.Random(seed)):
            cached = after.memo[0]
            if cached is not None:
                assert cached == compute_legal(after), (seed, after)
                filled += 1
    assert filled > 0
