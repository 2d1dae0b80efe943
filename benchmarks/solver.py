"""Benchmark: how long the endgame solver takes to solve a phase-2 start, per variant.

Run by hand, not by the tests::

    python benchmarks/solver.py [--deals N] [--variant NAME ...]

For each variant (by default two-pack, Rubicon, Chinese and eight-pack, the hand sizes 8,
9, 12 and 15) it plays ``N`` deals (default 200) with GreedyBot on every seat until the
stock is gone, then times :func:`bezique.solver.solve` on that position (the start of
phase 2, every hand full) once, on one core, and prints the median, the 99th percentile
and the largest time with the search's nodes (cards tried). The positions are the same on
every run (deal seeds 0 to N-1).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import bezique as bz
from bezique.bots import GreedyBot
from bezique.solver import solve

DEFAULT = ("two-pack", "rubicon", "chinese", "eight-pack")


def phase_two_start(variant: bz.Variant, seed: int) -> bz.State:
    """Deal ``seed`` of ``variant`` played by GreedyBot on every seat to the stock's end."""
    bot, rng = GreedyBot(), random.Random(seed)
    state = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    while state.phase == 1:
        player = state.to_move
        assert player is not None
        state = bz.apply(state, bot.choose(bz.observe(state, player), rng))
    return state


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="positions per variant")
    parser.add_argument("--variant", action="append", help="variant name (repeatable)")
    args = parser.parse_args(argv)
    print(f"# {platform.python_implementation()} {platform.python_version()} "
          f"on {platform.machine()}; {args.deals} phase-2 starts per variant, one core")
    print(f"{'variant':<16} {'cards':>5} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} "
          f"{'median nodes':>13} {'max nodes':>10}")
    for name in args.variant or DEFAULT:
        variant = bz.variants.get(name)
        times: list[float] = []
        nodes: list[int] = []
        for seed in range(args.deals):
            state = phase_two_start(variant, seed)
            start = time.perf_counter()
            solution = solve(state)
            times.append((time.perf_counter() - start) * 1000)
            nodes.append(solution.nodes)
        print(f"{variant.name:<16} {variant.deal.hand_size:>5} {statistics.median(times):>10.1f} "
              f"{percentile(times, 99):>9.1f} {max(times):>9.1f} "
              f"{statistics.median(nodes):>13.0f} {max(nodes):>10}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
