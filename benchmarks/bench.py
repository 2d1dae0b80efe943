"""Benchmark: random deals per second, per variant, against the speed yardstick.

Run by hand, not by the tests::

    python benchmarks/bench.py [--deals N] [--rounds R] [--variant NAME ...] [--yardstick PATH]

For each variant it plays ``N`` random deals (uniform choice among
``legal_actions``, every action applied with the checked ``apply``) and
prints deals per second, actions per second and microseconds per action.
When the yardstick ``reference_twopack.py`` (a stripped-down, mutable,
simplified-rules two-pack playout kept outside the repository, by default
``../shared/bench/``) is found, it is timed in the same run, right before
the two-pack deals of each round, and the ratio of time per deal is printed.
A short warm-up round, not counted, builds the tables each variant makes on first
use. Every ratio is taken round by round, between timings made back to back (the
yardstick against two-pack, each variant against two-pack in the same round),
and the median of those ratios is printed with their range: figures drift
between runs and within a run on shared machines; paired ratios hold.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_YARDSTICK = ROOT.parent / "shared" / "bench" / "reference_twopack.py"


def play_random_deals(variant: bz.Variant, deals: int, seed: int) -> tuple[float, int]:
    """Play ``deals`` random deals; return (seconds, actions)."""
    legal_actions, apply = bz.legal_actions, bz.apply
    actions = 0
    t0 = time.perf_counter()
    for i in range(deals):
        rng = random.Random(seed + i)
        rnd = rng.random
        state = bz.new_deal(variant, seed=seed + i, dealer=i % variant.players)
        while not state.is_over:
            legal = legal_actions(state)
            state = apply(state, legal[int(rnd() * len(legal))])
            actions += 1
    return time.perf_counter() - t0, actions


def load_yardstick(path: Path) -> ModuleType | None:
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("reference_twopack", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds (the median of the round-by-round ratios is reported)")
    parser.add_argument("--variant", action="append", help="variant name (default: all)")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    parser.add_argument("--simulation", action="store_true",
                        help="also time bz.simulate: greedy vs greedy per variant, and "
                             "random two-pack deals with 1 and 2 workers")
    parser.add_argument("--sim-deals", type=int, default=2000,
                        help="deals for the 1-vs-2-worker measurement")
    args = parser.parse_args(argv)
    chosen = [bz.variants.get(n) for n in args.variant] if args.variant else list(bz.variants.ALL)
    if bz.variants.TWO_PACK not in chosen:
        chosen.insert(0, bz.variants.TWO_PACK)  # every ratio is paired with a two-pack round
    print(f"bezique {bz.__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, one core")
    yardstick = load_yardstick(args.yardstick)
    play_round(chosen, min(args.deals, 20), args.rounds, yardstick)  # warm-up, not counted:
    # the tables each variant builds on first use (rules, count-vector layouts, memos)
    rounds = [play_round(chosen, args.deals, r, yardstick) for r in range(args.rounds)]
    report(chosen, args.deals, rounds)
    if args.simulation:
        simulation(chosen, args.deals, args.sim_deals)
    return 0


Round = dict[str, tuple[float, int]]
"""One round's timings: per variant name (and ``"yardstick"``), (seconds, actions)."""


def play_round(chosen: list[bz.Variant], deals: int, r: int,
               yardstick: ModuleType | None) -> Round:
    """Every chosen variant's deals of round ``r``, the yardstick's right before two-pack's,
    so that each ratio compares two timings taken back to back."""
    timings: Round = {}
    for variant in chosen:
        if yardstick is not None and variant is bz.variants.TWO_PACK:
            el, decisions, _ = yardstick.run(deals, 12345 + r)
            timings["yardstick"] = (el, decisions)
        timings[variant.name] = play_random_deals(variant, deals, 1000 * r)
    return timings


def report(chosen: list[bz.Variant], deals: int, rounds: list[Round]) -> None:
    """Median time per deal and per action of each variant, and the medians of the
    round-by-round ratios (to two-pack per action; two-pack to the yardstick per deal)."""
    print(f"{'variant':<20}{'deals/s':>10}{'actions/s':>12}{'us/action':>11}{'actions/deal':>14}")
    base = bz.variants.TWO_PACK.name
    for variant in chosen:
        name = variant.name
        deal_t = statistics.median(rd[name][0] / deals for rd in rounds)
        act_t = statistics.median(rd[name][0] / rd[name][1] for rd in rounds)
        ratios = [(rd[name][0] / rd[name][1]) / (rd[base][0] / rd[base][1]) for rd in rounds]
        print(f"{name:<20}{1 / deal_t:>10.0f}{1 / act_t:>12.0f}{act_t * 1e6:>11.2f}"
              f"{rounds[0][name][1] / deals:>14.1f}   "
              f"({'1.00x' if name == base else _spread(ratios)} two-pack per action)")
        if name == base and "yardstick" in rounds[0]:
            y = statistics.median(rd["yardstick"][0] / deals for rd in rounds)
            paired = [rd[base][0] / rd["yardstick"][0] for rd in rounds]
            print(f"{'  yardstick':<20}{1 / y:>10.0f}   ratio of time per deal: "
                  f"{_spread(paired)} (aim: <= 5x)")


def _spread(ratios: list[float]) -> str:
    """The median of round-by-round ratios, with their range when there are several."""
    med = f"{statistics.median(ratios):.2f}x"
    return med if len(ratios) < 2 else f"{med} [{min(ratios):.2f}-{max(ratios):.2f}]"


def simulation(chosen: list[bz.Variant], deals: int, sim_deals: int) -> None:
    """Greedy-vs-greedy deals per second per variant, and the speed-up of two workers."""
    print(f"\nbz.simulate, GreedyBot in every seat, {deals} deals, one worker")
    for variant in chosen:
        bots = [bz.bots.GreedyBot()] * variant.players
        result = bz.simulate(variant, bots, deals=deals, seed=1)
        print(f"{variant.name:<20}{result.deals_per_second:>10.0f} deals/s")
    random_bots = [bz.bots.RandomBot(), bz.bots.RandomBot()]
    times = {}
    for workers in (1, 2):
        result = bz.simulate(bz.variants.TWO_PACK, random_bots, deals=sim_deals, seed=1,
                             workers=workers)
        times[workers] = result.elapsed
        print(f"two-pack, RandomBot, {sim_deals} deals, {workers} worker(s): "
              f"{result.deals_per_second:.0f} deals/s")
    print(f"speed-up of 2 workers over 1: {times[1] / times[2]:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
