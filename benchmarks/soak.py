"""Soak run: random deals of every variant through the conformance checker.

Run by hand, not by the tests (the suite keeps its own smaller count)::

    python benchmarks/soak.py [--actions N] [--variant NAME ...] [--seed S] [--every K]
                              [--workers W] [--background LOG]

For each variant (the presets and Chinese with the dealer's guess) it plays random deals
with :func:`bezique.testing.random_sim_test`, one deal at a time, until ``N`` actions
(default 1,000,000) have been checked: every state with ``check_state`` and every action
with ``check_transition`` (``--every K`` checks every K-th only). A violation is printed
with its deal seed and the run goes on with the next deal. It prints, per variant as it
finishes, the actions and deals checked, the violations found and the time taken, then
the totals. ``--workers W`` runs W variants at a time in processes. ``--background LOG``
starts the same run detached, its output in ``LOG``, and returns at once (the pid is
printed); follow it with ``tail -f LOG``. Exit status: 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import platform
import subprocess
import sys
import time

import bezique as bz
from bezique.testing import random_sim_test

VARIANTS: dict[str, bz.Variant] = {
    **{v.name: v for v in bz.variants.ALL},
    "chinese+dealer_guess": bz.variants.CHINESE.with_options(dealer_guess=True),
}


PROGRESS = 50_000
"""A progress line every this many actions per variant."""


def soak(name: str, actions: int, seed: int, every: int) -> tuple[str, int, int, list[str],
                                                                   float]:
    """Check ``actions`` actions of variant ``name``; (name, actions, deals, violations,
    seconds)."""
    variant = VARIANTS[name]
    done = deals = 0
    violations: list[str] = []
    start = time.perf_counter()
    i = 0
    while done < actions:
        deal_seed = (seed + i) % 2**64
        i += 1
        try:
            result = random_sim_test(variant, deals=1, seed=deal_seed, every=every)
        except bz.InvariantError as exc:
            violations.append(str(exc))
            print(f"VIOLATION {name}: {exc}", flush=True)
            continue
        before = done
        done += result.actions
        deals += result.deals
        if done // PROGRESS > before // PROGRESS and done < actions:
            print(f"  {name}: {done:,d} actions, {deals:,d} deals, {len(violations)} "
                  f"violations, {time.perf_counter() - start:.0f} s", flush=True)
    return name, done, deals, violations, time.perf_counter() - start


def _report(name: str, actions: int, deals: int, violations: list[str], seconds: float) -> None:
    print(f"{name:22s} {actions:>10,d} actions {deals:>7,d} deals {len(violations):>4d} "
          f"violations {seconds:>9.1f} s ({1e6 * seconds / max(actions, 1):.0f} µs/action)",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_000_000,
                        help="actions to check per variant (default 1,000,000)")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS),
                        help="a variant to soak (repeatable; default: all)")
    parser.add_argument("--seed", type=int, default=12, help="the first deal's seed")
    parser.add_argument("--every", type=int, default=1, help="check every K-th action")
    parser.add_argument("--workers", type=int, default=1, help="variants run at a time")
    parser.add_argument("--background", metavar="LOG", help="run detached, output to LOG")
    args = parser.parse_args(argv)
    if args.background:
        rest = list(argv if argv is not None else sys.argv[1:])
        i = rest.index("--background")
        del rest[i:i + 2]
        with open(args.background, "w", encoding="utf-8") as log:
            child = subprocess.Popen([sys.executable, os.path.abspath(__file__), *rest],
                                     stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        print(f"soak running in the background: pid {child.pid}, output in {args.background}")
        return 0
    names = args.variant or list(VARIANTS)
    print(f"soak: {args.actions:,d} actions per variant, seed {args.seed}, every "
          f"{args.every}, {args.workers} worker(s); Python {platform.python_version()} on "
          f"{platform.machine()} ({os.cpu_count()} cores)", flush=True)
    total = [0, 0, 0, 0.0]
    start = time.perf_counter()
    with cf.ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(soak, name, args.actions, args.seed, args.every)
                   for name in names]
        for future in cf.as_completed(futures):
            name, actions, deals, violations, seconds = future.result()
            _report(name, actions, deals, violations, seconds)
            total[0] += actions
            total[1] += deals
            total[2] += len(violations)
    print(f"{'total':22s} {total[0]:>10,d} actions {total[1]:>7,d} deals {total[2]:>4d} "
          f"violations {time.perf_counter() - start:>9.1f} s wall", flush=True)
    return 1 if total[2] else 0


if __name__ == "__main__":
    sys.exit(main())
