"""What a player may know, and a full state sampled from it for search."""

import random

import bezique as bz

state = bz.new_deal(bz.variants.TWO_PACK, seed=11)
view = bz.observe(state, 0)
print("my hand:", bz.format_cards(view.hand))
print("opponent holds", view.hand_sizes[1], "cards; stock", view.stock_size)

sample = bz.determinize(view, random.Random(1))
assert sample.hands[0] == state.hands[0]  # my own hand is kept
assert bz.observe(sample, 0) == view  # the sample looks the same to me
print("a possible opponent hand:", bz.format_cards(sample.hands[1]))
