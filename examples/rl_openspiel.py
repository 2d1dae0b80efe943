"""Bezique as an OpenSpiel game: random agents and OpenSpiel's IS-MCTS on one deal
(needs ``pip install 'bezique[rl]'``).

Importing ``bezique.adapters.openspiel`` registers ``"python_bezique"``; from there on
OpenSpiel's own tools work on it: its RL environment, its bots, its conformance test.
"""

import random
import sys

import numpy as np

try:
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import ismcts, mcts, random_agent

    from bezique.adapters.openspiel import resample_from_infostate
except ImportError as missing:  # the rl extra is not installed
    print(f"skipped: {missing.name} is not installed (pip install 'bezique[rl]')")
    sys.exit(0)

game = pyspiel.load_game("python_bezique", {"variant": "two-pack"})
print(game.get_type().long_name, "-", game.num_distinct_actions(), "action ids")

# OpenSpiel's RL environment, with its random agents, for one episode (one deal)
environment = rl_environment.Environment(game, seed=1)
agents = [random_agent.RandomAgent(player_id=p, num_actions=game.num_distinct_actions())
          for p in range(game.num_players())]
step = environment.reset()
while not step.last():
    player = step.observations["current_player"]
    step = environment.step([agents[player].step(step).action])
print("random agents' returns:", step.rewards)

# OpenSpiel's IS-MCTS chooses the first move of a deal, sampling the unseen cards
rng = random.Random(3)
bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
                       uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(3))
bot.set_resampler(lambda state, player: resample_from_infostate(state, player, rng))
state = game.new_initial_state()
while state.is_chance_node():
    faces, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(faces, probs)[0])
action = bot.step(state)
print("IS-MCTS leads:", state.action_to_string(state.current_player(), action))
