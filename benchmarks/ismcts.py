"""Benchmark: OpenSpiel's IS-MCTS against our SearchBot and GreedyBot (an outside anchor).

Run by hand, not by the tests (needs ``pip install -e '.[rl]'``)::

    python benchmarks/ismcts.py [--deals N] [--simulations S] [--uct-c C]
                                [--opponents search,greedy,master] [--seed K]
                                [--rollouts random|greedy] [--workers W]

OpenSpiel's own IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, Cowling,
Powley and Whitehouse 2011) plays through the OpenSpiel adapter
(:mod:`bezique.adapters.openspiel`) on two-pack Bezique: information sets keyed by the
adapter's perfect-recall information-state strings, worlds sampled by
``resample_from_infostate`` (``bezique.determinize``), UCT with ``--uct-c``, the most
visited action chosen, ``--simulations`` simulations per decision. Its leaf evaluator is
OpenSpiel's random-rollout evaluator in substance (one uniformly random playout to the
end of the deal, a uniform prior) run on the engine directly rather than through
``pyspiel`` states, which makes it some 20 times faster and changes nothing else. With
``--rollouts greedy`` the evaluator is ours, written on OpenSpiel's evaluator interface:
one playout with GreedyBot's policy on every seat (each seat reading only its own hand,
:func:`bezique.bots._playout.greedy_step`), a far stronger leaf value than a random
playout. Opponents: ``search``, ``greedy`` and the levels (``master`` is ``level(5)``);
to compare at equal time per decision, choose ``--simulations`` so that the printed mean
times agree. ``--workers`` spreads the shuffles over processes.

Each opponent plays ``--deals`` deals (rounded up to even): every shuffle twice, seats
swapped. A deal is won by the side :func:`bezique.encoding.deal_returns` names; a tie
counts half. Printed: IS-MCTS's score with its 95% Wilson interval, and the mean time
per decision of each bot (forced moves included).
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import bezique as bz
from bezique.adapters import openspiel as bos
from bezique.bots import GreedyBot, SearchBot, level
from bezique.bots._playout import greedy_step
from bezique.encoding import deal_returns
from bezique.simulation_result import wilson_interval


class EngineRolloutEvaluator:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``): one uniformly random
    playout on the engine, the deal's returns as the value; a uniform prior."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        s = state.bezique_state
        choice = self.rng.choice
        while not s.is_over:
            s = bz.apply(s, choice(bz.legal_actions(s)))
        return np.array(deal_returns(s))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


class GreedyRolloutEvaluator(EngineRolloutEvaluator):
    """OpenSpiel's evaluator interface with GreedyBot's policy in the playout: every seat
    plays the greedy choice from its own hand (the stock's order is the sampled world's)."""

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        s = state.bezique_state
        while not s.is_over:
            s = greedy_step(s)
        return np.array(deal_returns(s))


def play_deal(game: Any, seed: int, ismcts_seat: int, opponent: Any, simulations: int,
              uct_c: float, clock: dict[str, list[float]], rollouts: str = "random") -> float:
    """One deal; IS-MCTS's score (1 win, 0.5 tie, 0 loss)."""
    deal_rng = random.Random(seed)
    search_rng = random.Random(seed * 7919 + ismcts_seat)
    evaluator = (GreedyRolloutEvaluator if rollouts == "greedy" else EngineRolloutEvaluator)
    bot = ismcts.ISMCTSBot(game, evaluator(search_rng), uct_c=uct_c,
                           max_simulations=simulations,
                           random_state=np.random.RandomState(seed * 31 + ismcts_seat))
    bot.set_resampler(lambda s, p: bos.resample_from_infostate(s, p, search_rng))
    opponent_rng = random.Random(seed * 104729 + ismcts_seat)
    encoder = game.encoder
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            faces, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(deal_rng.choices(faces, probs)[0])
            continue
        p = state.current_player()
        start = time.perf_counter()
        if p == ismcts_seat:
            action = int(bot.step(state))
            clock["ismcts"].append(time.perf_counter() - start)
        else:
            seen = bz.observe(state.bezique_state, p)
            action = encoder.encode(opponent.choose(seen, opponent_rng))
            clock[opponent.name].append(time.perf_counter() - start)
        state.apply_action(action)
    returns = deal_returns(state.bezique_state)
    return {1.0: 1.0, 0.0: 0.5, -1.0: 0.0}[returns[ismcts_seat]]


def _mean_ms(times: list[float]) -> float:
    return 1000 * sum(times) / len(times) if times else 0.0


_Job = tuple[str, list[int], str, int, float, str]


def _chunk(job: _Job) -> tuple[float, int, dict[str, list[float]]]:
    """The deals of the shuffles ``seeds`` against one opponent (a worker's share)."""
    opponent_name, seeds, rollouts, simulations, uct_c, _ = job
    game = pyspiel.load_game("python_bezique", {"variant": "two-pack"})
    opponent = _opponent(str(opponent_name))
    clock: dict[str, list[float]] = {"ismcts": [], opponent.name: []}
    score, played = 0.0, 0
    for seed in seeds:
        for seat in (0, 1):
            score += play_deal(game, seed, seat, opponent, simulations, uct_c, clock, rollouts)
            played += 1
    return score, played, clock


def _opponent(name: str) -> Any:
    return {"search": SearchBot(), "greedy": GreedyBot()}.get(name) or level(name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--opponents", default="search,greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollouts", choices=("random", "greedy"), default="random")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"# {' '.join(['python', *sys.argv])}")
    print(f"Python {platform.python_version()} on {platform.machine()}; IS-MCTS "
          f"{args.simulations} simulations, uct_c {args.uct_c}, {args.rollouts} rollouts; "
          f"two-pack; {args.deals} deals per opponent (seats swapped)", flush=True)
    for name in args.opponents.split(","):
        opponent = _opponent(name)
        pairs = (args.deals + 1) // 2
        seeds = [args.seed + k for k in range(pairs)]
        jobs = [(name, seeds[w::args.workers], args.rollouts, args.simulations, args.uct_c,
                 "") for w in range(args.workers)]
        with multiprocessing.Pool(args.workers) as pool:
            parts = pool.map(_chunk, jobs)
        score = sum(p[0] for p in parts)
        played = sum(p[1] for p in parts)
        clock: dict[str, list[float]] = {"ismcts": [], opponent.name: []}
        for part in parts:
            for key, times in part[2].items():
                clock[key] += times
        low, high = wilson_interval(score, played)
        print(f"IS-MCTS vs {name}: {played} deals, IS-MCTS score {score / played:.1%} "
              f"(95% {low:.1%}-{high:.1%}); mean decision IS-MCTS "
              f"{_mean_ms(clock['ismcts']):.0f} ms, {name} "
              f"{_mean_ms(clock[opponent.name]):.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
