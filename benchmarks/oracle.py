"""Benchmark: the upper bound, a bot that sees every card, against GreedyBot.

Run by hand, not by the tests (``docs/bots.rst`` gives its figures)::

    python benchmarks/oracle.py [--deals N] [--seed K] [--workers W]

The oracle is handed the true deal at each decision. In phase 2 it plays the solver's
best action (:func:`bezique.solver.solve`); in phase 1 it runs level 5's search
(:class:`bezique.bots.AnalysisBot`'s settings) on worlds that are the true deal with only
the stock's order shuffled, which is all it cannot know. It plays ``--deals`` shuffles
against GreedyBot, each dealt once per side (the hands exchanged), as
``benchmarks/levels.py`` does, and prints its score with the 95% Wilson interval and its
time per decision. Level 5's score against GreedyBot on the same shuffles, beside it,
tells how much of the gap between GreedyBot (50%) and the oracle level 5 closes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time

import bezique as bz
from bezique.bots import GreedyBot, level
from bezique.bots._playout import pick
from bezique.bots.analysis import _sampled, _Search
from bezique.bots.greedy import decide
from bezique.observation import hand_counts
from bezique.simulation_result import wilson_interval

MASTER = level(5)


def oracle_choice(state: bz.State, rng: random.Random) -> bz.Action:
    """The oracle's action in ``state`` (see the module documentation)."""
    p = state.to_move
    assert p is not None
    o = bz.observe(state, p)
    legal = o.legal_actions
    if len(legal) == 1:
        return legal[0]
    if state.stock_size == 0 and state.stage is bz.Stage.PLAY:
        return bz.solver.solve(state).best[0]
    scores: list[float] = []
    greedy = decide(o.variant, o.player, o.stage, o.phase, hand_counts(o), o.table, o.trick,
                    o.trump, o.turn_up, o.stock_size, o.played, o.won, o.combos, o.active,
                    legal, scores)
    g = legal.index(greedy)
    if len(scores) != len(legal):
        return greedy
    candidates = sorted(range(len(legal)), key=lambda j: -scores[j])[:MASTER.candidates]
    if g not in candidates:
        candidates[-1] = g
    search = _Search(MASTER.worlds, MASTER.horizon, MASTER.reach, True, MASTER.max_steps)

    def world(r: random.Random) -> bz.State:
        pile = list(state.pile)
        r.shuffle(pile)
        return state._replace(pile=tuple(pile))

    values, _ = _sampled(o, rng, candidates, search, 6, g, world)
    return legal[pick(values, g, MASTER.confidence, False)]


def _shuffles(seeds: list[int]) -> tuple[float, int, list[float]]:
    """Each shuffle of ``seeds`` dealt once per side: the oracle's score, deals, times."""
    variant = bz.variants.TWO_PACK
    greedy = GreedyBot()
    score, played, times = 0.0, 0, []
    for shuffle in seeds:
        for oracle_seat in (0, 1):
            state = bz.new_deal(variant, seed=1_000_003 * shuffle + 17, dealer=shuffle % 2)
            rngs = [random.Random(shuffle * 7919 + p) for p in range(2)]
            while not state.is_over:
                p = state.to_move
                assert p is not None
                if p == oracle_seat:
                    start = time.perf_counter()
                    action = oracle_choice(state, rngs[p])
                    if len(bz.legal_actions(state)) > 1:
                        times.append(time.perf_counter() - start)
                else:
                    action = greedy.choose(bz.observe(state, p), rngs[p])
                state = bz.apply(state, action)
            points = bz.deal_result(state).points
            mine, theirs = points[oracle_seat], points[1 - oracle_seat]
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            played += 1
    return score, played, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="shuffles")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"# {' '.join(['python', *sys.argv])}", flush=True)
    seeds = [args.seed + k for k in range(args.deals)]
    with multiprocessing.Pool(args.workers) as pool:
        parts = pool.map(_shuffles, [seeds[w::args.workers] for w in range(args.workers)])
    score = sum(p[0] for p in parts)
    played = sum(p[1] for p in parts)
    times = sorted(t for p in parts for t in p[2])
    low, high = wilson_interval(score, played)
    print(f"oracle vs greedy on two-pack: {played} deals, oracle scores "
          f"{100 * score / played:.1f}% [{100 * low:.1f}-{100 * high:.1f}]; ms per decision "
          f"{1000 * sum(times) / len(times):.0f} mean, "
          f"{1000 * times[int(0.99 * (len(times) - 1))]:.0f} p99", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
