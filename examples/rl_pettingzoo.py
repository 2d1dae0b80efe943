"""Random agents through the PettingZoo environment (needs ``pip install 'bezique[rl]'``).

The standard AEC loop: ``last()`` gives the agent to move its observation (a tensor and
the mask of legal action ids) and ``step`` takes one id. Rewards come at the end of the
deal: +1 for the winning side, -1 for the other, 0 for a tie.
"""

import sys

import numpy as np

try:
    from bezique.adapters.pettingzoo import env
except ImportError as missing:  # the rl extra is not installed
    print(f"skipped: {missing.name} is not installed (pip install 'bezique[rl]')")
    sys.exit(0)

game = env(variant="two-pack", render_mode="ansi")
game.reset(seed=42)
rng = np.random.default_rng(42)
steps = 0
totals = dict.fromkeys(game.possible_agents, 0.0)
for agent in game.agent_iter():
    observation, reward, terminated, truncated, info = game.last()
    totals[agent] += reward
    if terminated or truncated:
        action = None
    else:
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(legal))
        steps += 1
    game.step(action)
print(f"{steps} actions; rewards {totals}")
game.reset(seed=42)
print(game.render().splitlines()[0])
game.close()
