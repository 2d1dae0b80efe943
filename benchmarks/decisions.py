"""Benchmark: how long SearchBot takes per decision at its default budget, per variant.

Run by hand, not by the tests::

    python benchmarks/decisions.py [--deals N] [--variant NAME ...]

For each variant (all by default) it plays ``N`` deals (default 4), SearchBot
in every other seat and GreedyBot in the rest, taking turns at who starts, and
times every ``choose`` call of SearchBot, forced moves included. It prints the
number of decisions, the mean, the 99th percentile and the longest decision.
The budget is counted in simulated actions, so the choices do not depend on
the machine; the times do (run it on an idle core for figures to compare).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import bezique as bz
from bezique.bots import GreedyBot, SearchBot


def decision_times(variant: bz.Variant, deals: int) -> list[float]:
    """Seconds per SearchBot decision over ``deals`` deals of ``variant``."""
    times: list[float] = []
    search, greedy = SearchBot(), GreedyBot()
    for seed in range(deals):
        state = bz.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while (player := state.to_move) is not None:
            observation = bz.observe(state, player)
            if player % 2 == seed % 2:
                t0 = time.perf_counter()
                action = search.choose(observation, rng)
                times.append(time.perf_counter() - t0)
            else:
                action = greedy.choose(observation, rng)
            state = bz.apply(state, action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals per variant (default 4)")
    parser.add_argument("--variant", action="append", help="a variant (repeatable; default all)")
    args = parser.parse_args()
    chosen = [bz.variants.get(name) for name in args.variant] if args.variant \
        else list(bz.variants.ALL)
    print(f"bezique {bz.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, SearchBot() against GreedyBot(), {args.deals} deals each")
    print(f"{'variant':18} {'decisions':>9} {'mean':>9} {'p99':>9} {'longest':>9}")
    for variant in chosen:
        times = sorted(decision_times(variant, args.deals))
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"{variant.name:18} {len(times):9} {1000 * statistics.mean(times):6.1f} ms"
              f" {1000 * p99:6.1f} ms {1000 * times[-1]:6.1f} ms", flush=True)


if __name__ == "__main__":
    main()
