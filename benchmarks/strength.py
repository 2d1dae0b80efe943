"""Benchmark: bot strength (win rates with 95% Wilson intervals) and decision times.

Run by hand, not by the tests::

    python benchmarks/strength.py [--variant NAME] [--deals N] [--search-deals M]
                                  [--iterations I] [--time-budget S]
                                  [--option NAME=VALUE ...] [--seed K] [--workers W]
                                  [--skip-greedy] [--skip-search]

Two matches are played on the chosen variant (two-pack by default):

* GreedyBot against RandomBot over ``--deals`` deals (default 2000);
* SearchBot (``--iterations``, ``--time-budget``, other fields with
  ``--option``; the defaults are the bot's) against GreedyBot over
  ``--search-deals`` deals (default 200, some 12 minutes on one core).

``--workers`` spreads the deals over processes. Without ``--time-budget``
the results do not change, as every bot is deterministic given its seeds;
the decision times grow when the workers share cores. Progress is shown on stderr.

Deals come in pairs: each seed is dealt twice with the seats swapped, so both
bots hold both hands (N is rounded up to an even number). With more than two
sides the first bot takes one seat, rotating, and the second bot every other
seat. A deal is won by the side with the strictly highest points (the
settlement's winner where each deal is a game, R8.5); a tie counts half. The
win rate is printed with its 95% Wilson score interval, the mean point margin,
and the mean time per decision of each bot (every call of ``choose``,
forced moves included, and the mean over decisions with a real choice).
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import sys
import time
from collections.abc import Callable

import bezique as bz
from bezique.bots import GreedyBot, RandomBot, SearchBot
from bezique.simulation_result import wilson_interval

Bot = GreedyBot | RandomBot | SearchBot
"""The bots matched here (``bezique.bots.Bot`` declares ``name`` settable, which the frozen
bots are not, so a plain union serves for type checking)."""

class Stats:
    """Results of a match from the first bot's point of view, plus decision times."""

    def __init__(self) -> None:
        self.deals = 0
        self.wins = 0
        self.ties = 0
        self.margin = 0.0
        self.time: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.choice_time: dict[str, float] = {}
        self.choices: dict[str, int] = {}

    def merge(self, other: Stats) -> None:
        self.deals += other.deals
        self.wins += other.wins
        self.ties += other.ties
        self.margin += other.margin
        for name in other.time:
            self.time[name] = self.time.get(name, 0.0) + other.time[name]
            self.calls[name] = self.calls.get(name, 0) + other.calls[name]
        for name in other.choice_time:
            self.choice_time[name] = self.choice_time.get(name, 0.0) + other.choice_time[name]
            self.choices[name] = self.choices.get(name, 0) + other.choices[name]


def play_deal(variant: bz.Variant, seed: int, bots: list[Bot], stats: Stats) -> bz.DealResult:
    """Play one deal, each seat its own bot, timing every decision."""
    state = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    rngs = [random.Random(seed * 7919 + p) for p in range(variant.players)]
    clock = time.perf_counter
    while not state.is_over:
        p = state.to_move
        assert p is not None
        observation = bz.observe(state, p)
        bot = bots[p]
        t0 = clock()
        action = bot.choose(observation, rngs[p])
        dt = clock() - t0
        name = bot.name
        stats.time[name] = stats.time.get(name, 0.0) + dt
        stats.calls[name] = stats.calls.get(name, 0) + 1
        if len(observation.legal_actions) > 1:
            stats.choice_time[name] = stats.choice_time.get(name, 0.0) + dt
            stats.choices[name] = stats.choices.get(name, 0) + 1
        state = bz.apply(state, action)
    return bz.deal_result(state)


def _match_chunk(args: tuple[str, Callable[[], Bot], Callable[[], Bot], list[int]]) -> Stats:
    variant_name, make_a, make_b, deals = args
    variant = bz.variants.get(variant_name)
    stats = Stats()
    sides = variant.deal.sides
    two_sided = len(set(sides)) == 2
    for k in deals:
        seed, swap = divmod(k, 2)
        if two_sided:
            a_side = swap
            bots = [make_a() if sides[p] == a_side else make_b() for p in range(variant.players)]
        else:
            a_seat = (seed + swap) % variant.players
            a_side = sides[a_seat]
            bots = [make_a() if p == a_seat else make_b() for p in range(variant.players)]
        result = play_deal(variant, 1_000_003 * seed + 17, bots, stats)
        points = result.points
        best_other = max(x for i, x in enumerate(points) if i != a_side)
        settled = result.settlement
        if settled is not None:
            win = settled.winner == a_side
            tie = settled.winner is None
            margin = float(settled.value if win else -settled.value if not tie else 0)
        else:
            win = points[a_side] > best_other
            tie = points[a_side] == best_other
            margin = float(points[a_side] - best_other)
        stats.deals += 1
        stats.wins += win
        stats.ties += tie
        stats.margin += margin
    return stats


def match(variant: bz.Variant, make_a: Callable[[], Bot], make_b: Callable[[], Bot],
          deals: int, seed: int, workers: int) -> Stats:
    """Play ``deals`` deals (seat-swapped pairs) of ``make_a()`` against ``make_b()``."""
    deals += deals % 2
    ids = [2 * seed + k for k in range(deals)]
    # small chunks, so that progress can be shown and the workers stay busy
    size = max(2, min(50, deals // (8 * workers) * 2))
    chunks = [ids[i:i + size] for i in range(0, len(ids), size)]
    jobs = [(variant.name, make_a, make_b, chunk) for chunk in chunks]
    total = Stats()
    t0 = time.perf_counter()
    if workers == 1:
        parts = map(_match_chunk, jobs)
        for part in parts:
            total.merge(part)
            _progress(total, deals, t0)
    else:
        with multiprocessing.Pool(workers) as pool:
            for part in pool.imap_unordered(_match_chunk, jobs):
                total.merge(part)
                _progress(total, deals, t0)
    print(file=sys.stderr)
    return total


def _progress(stats: Stats, deals: int, t0: float) -> None:
    score = stats.wins + 0.5 * stats.ties
    print(f"\r  {stats.deals}/{deals} deals, {time.perf_counter() - t0:.0f} s, "
          f"first bot {score / stats.deals:.1%}", end="", file=sys.stderr, flush=True)


def report(title: str, a: str, b: str, stats: Stats, seconds: float) -> None:
    n = stats.deals
    score = stats.wins + 0.5 * stats.ties
    lo, hi = wilson_interval(score, n)
    print(f"\n{title}: {n} deals in {seconds:.1f} s")
    print(f"  {a} wins {stats.wins}, ties {stats.ties}, loses {n - stats.wins - stats.ties}")
    print(f"  {a} win rate {score / n:.1%}  (95% Wilson interval {lo:.1%} - {hi:.1%})")
    print(f"  mean margin per deal for {a}: {stats.margin / n:+.1f}")
    for name in (a, b):
        if stats.calls.get(name):
            per_call = stats.time[name] / stats.calls[name]
            per_choice = stats.choice_time.get(name, 0.0) / max(1, stats.choices.get(name, 0))
            print(f"  {name}: {_fmt(per_call)} per decision over {stats.calls[name]} decisions, "
                  f"{_fmt(per_choice)} per decision with a choice ({stats.choices.get(name, 0)})")


def _fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _greedy() -> Bot:
    return GreedyBot()


def _random() -> Bot:
    return RandomBot()


class _MakeSearch:
    """A picklable SearchBot factory: the bot's defaults, overridden by the given options."""

    def __init__(self, options: dict[str, float | int]) -> None:
        self.options = options

    def __call__(self) -> Bot:
        return SearchBot(**self.options)  # type: ignore[arg-type]


def _number(text: str) -> float | int:
    try:
        return int(text)
    except ValueError:
        return float(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="two-pack")
    parser.add_argument("--deals", type=int, default=2000, help="greedy vs random deals")
    parser.add_argument("--search-deals", type=int, default=200, help="search vs greedy deals")
    parser.add_argument("--iterations", type=int, default=None, help="SearchBot iterations")
    parser.add_argument("--time-budget", type=float, default=None,
                        help="SearchBot seconds per decision")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="another SearchBot field, e.g. --option max_steps=6000")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip-greedy", action="store_true")
    parser.add_argument("--skip-search", action="store_true")
    args = parser.parse_args(argv)
    variant = bz.variants.get(args.variant)
    print(f"bezique {bz.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()} {platform.processor() or ''}".rstrip()
          + f", variant {variant.name}, workers {args.workers}")
    if not args.skip_greedy:
        t0 = time.perf_counter()
        stats = match(variant, _greedy, _random, args.deals, args.seed, args.workers)
        report("GreedyBot vs RandomBot", "greedy", "random", stats, time.perf_counter() - t0)
    if not args.skip_search:
        options: dict[str, float | int] = {}
        if args.iterations is not None:
            options["iterations"] = args.iterations
        if args.time_budget is not None:
            options["time_budget"] = args.time_budget
        for item in args.option:
            name, _, value = item.partition("=")
            options[name.strip()] = _number(value.strip())
        make = _MakeSearch(options)
        bot = make()
        print(f"\nSearchBot settings: {bot!r}")
        t0 = time.perf_counter()
        stats = match(variant, make, _greedy, args.search_deals, args.seed, args.workers)
        report("SearchBot vs GreedyBot", "search", "greedy", stats, time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
