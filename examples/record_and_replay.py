"""Record a deal as text, read it back and replay it to the same final state."""

import random

import bezique as bz

start = bz.new_deal(bz.variants.RUBICON, seed=3)
rng = random.Random(3)
state, actions = start, []
while not state.is_over:
    action = rng.choice(bz.legal_actions(state))
    actions.append(action)
    state = bz.apply(state, action)

record = bz.Record.from_play(start, actions)
text = record.dumps()
print("\n".join(text.splitlines()[:8]))
again = bz.Record.loads(text)
assert again.final() == state
print("replayed", len(actions), "actions; settlement:", bz.deal_result(state).settlement)
print("JSON of the final state:", len(bz.to_json(state)), "characters")
