"""Two random players play one two-pack deal; print the score breakdown."""

import random

import bezique as bz

state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
rng = random.Random(7)
while not state.is_over:
    action = rng.choice(bz.legal_actions(state))
    state = bz.apply(state, action)
print(bz.deal_result(state))
