#!/usr/bin/env python3
"""A fingerprint of GreedyBot's choices: the same engine and bot print the same hash.

Usage::

    python tools/greedy_hash.py [--deals N] [--variant NAME ...]

GreedyBot plays every seat of ``--deals`` deals (seeds 0 to N-1, default 60) of each
variant (every preset by default); every decision's observation, legal actions and
choice are written in the notation into one SHA-256, printed per variant and over all.
A change of the engine that must change no behaviour (a refactoring) keeps every hash,
and GreedyBot is the yardstick of the bots' strength: its choices must stay as they are.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

import bezique as bz
from bezique.bots import GreedyBot


def fingerprint(variant: bz.Variant, deals: int) -> tuple[str, int]:
    """The SHA-256 of GreedyBot's decisions in ``deals`` deals, and how many were made."""
    bot = GreedyBot()
    digest = hashlib.sha256()
    decisions = 0
    for seed in range(deals):
        s = bz.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move
            assert p is not None
            legal = bz.legal_actions(s)
            action = bot.choose(bz.observe(s, p), rng)
            digest.update(" ".join([str(p), *map(bz.format_action, legal), "|",
                                    bz.format_action(action), "\n"]).encode())
            decisions += 1
            s = bz.apply(s, action)
        digest.update(repr(bz.deal_result(s)).encode())
    return digest.hexdigest(), decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--variant", action="append")
    args = parser.parse_args(argv)
    names = args.variant or list(bz.variants.names())
    total = hashlib.sha256()
    decisions = 0
    for name in names:
        hexdigest, made = fingerprint(bz.variants.get(name), args.deals)
        print(f"{name:18} {made:7} decisions  {hexdigest}")
        total.update(hexdigest.encode())
        decisions += made
    print(f"{'all':18} {decisions:7} decisions  {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
