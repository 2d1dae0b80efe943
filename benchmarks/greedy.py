"""Benchmark: how long GreedyBot takes per decision, per variant.

Run by hand, not by the tests::

    python benchmarks/greedy.py [--deals N] [--rounds R] [--warm-up W] [--variant NAME ...]

For each variant (two-pack by default) it plays random deals and keeps the mover's
observation at every step (:func:`bezique.observe`, not timed). It first lets
GreedyBot decide on the observations of ``W`` deals (default 150), untimed, as a
simulation's first deals would: the bot keeps what a hand's counts decide per count
state, and a long simulation runs with those memos warm. Then, in each of ``R``
rounds (default 5), it times ``choose`` on the observations of ``N`` fresh deals
(default 60; seeds not seen before, so the memos meet new count states as they do in
play) and prints the median and the range of the rounds' microseconds per decision,
and, apart, the microseconds per decision of the untimed first deals (memos cold).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import bezique as bz
from bezique.bots import GreedyBot


def observations(variant: bz.Variant, deals: int, seed: int) -> list[bz.Observation]:
    """The mover's observation at every step of ``deals`` random deals from ``seed``."""
    seen: list[bz.Observation] = []
    for i in range(seed, seed + deals):
        rng = random.Random(i)
        state = bz.new_deal(variant, seed=i, dealer=i % variant.players)
        while (player := state.to_move) is not None:
            seen.append(bz.observe(state, player))
            legal = bz.legal_actions(state)
            state = bz.apply(state, legal[int(rng.random() * len(legal))])
    return seen


def time_decisions(bot: GreedyBot, seen: list[bz.Observation]) -> float:
    """Seconds per ``choose`` over ``seen``."""
    rng = random.Random(0)
    choose = bot.choose
    t0 = time.perf_counter()
    for observation in seen:
        choose(observation, rng)
    return (time.perf_counter() - t0) / len(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60, help="fresh deals per round")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds")
    parser.add_argument("--warm-up", type=int, default=150, help="untimed deals first")
    parser.add_argument("--variant", action="append", help="variant name (default two-pack)")
    args = parser.parse_args(argv)
    chosen = [bz.variants.get(n) for n in args.variant or ["two-pack"]]
    print(f"bezique {bz.__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, one core")
    print(f"{'variant':<20}{'decisions':>10}{'us/decision':>13}   range of {args.rounds} rounds"
          f"{'cold':>10}")
    for variant in chosen:
        bot = GreedyBot()
        cold = time_decisions(bot, observations(variant, args.warm_up, 10**6)) * 1e6
        timings, count = [], 0
        for r in range(args.rounds):
            seen = observations(variant, args.deals, r * args.deals)
            count += len(seen)
            timings.append(time_decisions(bot, seen) * 1e6)
        print(f"{variant.name:<20}{count // args.rounds:>10}{statistics.median(timings):>13.2f}"
              f"   [{min(timings):.2f}-{max(timings):.2f}]{cold:>16.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
