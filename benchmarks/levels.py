"""Benchmark: the strength of the levels and the search bots, on duplicate deals.

Run by hand, not by the tests (the figures of ``docs/bots.rst`` come from it)::

    python benchmarks/levels.py --pair master,greedy --deals 300 [--workers 2]
    python benchmarks/levels.py --pair master,search --deals 300
    python benchmarks/levels.py --ladder random,greedy,beginner,casual,club,expert,master \\
                                --deals 200 --adjacent
    python benchmarks/levels.py --pair master,greedy --deals 40 --variant rubicon

``--pair A,B`` plays ``--deals`` shuffles (each dealt once per side, the hands exchanged:
``bezique.ladder``) of bot A against bot B and prints A's score (wins plus half the
ties) with its 95% Wilson interval, the mean point margin, and each bot's mean and 99th
percentile time per decision with a real choice. ``--ladder`` rates every pair of the
named bots (``--adjacent``: only each bot against the next one, and the ratings of
those matches). Bots: ``random``, ``greedy``, ``search`` (SearchBot with its defaults),
``level1`` to ``level5`` or their names. The same seed gives the same deals; the times
depend on the machine and its load (give the load average with the figures).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import bezique as bz
from bezique.bots import GreedyBot, RandomBot, SearchBot, level
from bezique.simulation_result import wilson_interval


def make(name: str) -> bz.bots.Bot:
    """The bot called ``name``."""
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "search":
        return SearchBot()
    return level(name)


def pair(variant: bz.Variant, a: str, b: str, deals: int, seed: int, workers: int) -> None:
    start = time.perf_counter()
    result = bz.ladder(variant, {a: make(a), b: make(b)}, deals=deals, seed=seed,
                       workers=workers)
    (match,) = result.matches
    low, high = wilson_interval(match.wins + match.ties / 2, match.deals)
    print(f"{a} vs {b} on {variant.name}: {match.deals} deals ({deals} shuffles, hands "
          f"exchanged), {a} scores {100 * match.score:.1f}% [{100 * low:.1f}-{100 * high:.1f}]"
          f" ({match.wins} won, {match.ties} tied), margin {match.margin:+.1f} points; "
          f"ms per decision: {a} {1000 * result.seconds[a]:.0f} mean, "
          f"{1000 * result.p99[a]:.0f} p99; {b} {1000 * result.seconds[b]:.0f} mean, "
          f"{1000 * result.p99[b]:.0f} p99; {time.perf_counter() - start:.0f} s", flush=True)


def ladder(variant: bz.Variant, names: list[str], deals: int, seed: int, workers: int,
           adjacent: bool) -> None:
    if adjacent:
        for a, b in zip(names[1:], names, strict=False):
            pair(variant, a, b, deals, seed, workers)
        return
    result = bz.ladder(variant, {n: make(n) for n in names}, deals=deals, seed=seed,
                       workers=workers)
    print(result.table())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--pair", help="two bots: A,B")
    group.add_argument("--ladder", help="bots, weakest first: A,B,C,...")
    parser.add_argument("--adjacent", action="store_true", help="ladder: neighbours only")
    parser.add_argument("--deals", type=int, default=100, help="shuffles per pair")
    parser.add_argument("--variant", default="two-pack")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    variant = bz.variants.get(args.variant)
    print(f"# {' '.join(['python', *sys.argv])}")
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{args.workers} worker(s), load average {os.getloadavg()[0]:.1f} at the start")
    if args.pair:
        a, b = args.pair.split(",")
        pair(variant, a, b, args.deals, args.seed, args.workers)
    else:
        ladder(variant, args.ladder.split(","), args.deals, args.seed, args.workers,
               args.adjacent)
    print(f"# load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
