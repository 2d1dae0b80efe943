"""Whole deals play to the end (a first smoke test; the property tests go further)."""

import random

import bezique as bz


def test_random_deal_reaches_the_end() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=11)
    rng = random.Random(11)
    steps = 0
    while not state.is_over:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
        steps += 1
    assert state.tricks == 32
    assert steps >= 88
    assert sum(bz.deal_result(state).brisque_counts) == 16
