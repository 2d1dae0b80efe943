"""Benchmark: environment steps per second of the RL adapters against the bare engine.

Run by hand, not by the tests (needs ``pip install -e '.[rl]'``)::

    python benchmarks/adapters.py [--variant NAME] [--deals N] [--repeat R]

Random lines are recorded first: ``--deals`` deals, each played by uniformly random
legal actions from ``bezique.new_deal(variant, seed=k)``. Every line is then replayed,
and each replay timed per action (the best of ``--repeat`` runs):

* ``engine``: ``bezique.apply`` on the same actions (the yardstick);
* ``pettingzoo raw step``: ``raw_env.step(id)`` (decode, apply, agent bookkeeping);
* ``pettingzoo env step``: ``step(id)`` on the wrapped ``env`` (PettingZoo's wrappers:
  order of calls, bounds, the illegal-move check);
* ``pettingzoo env last+step``: the usual AEC loop on the wrapped ``env``,
  ``last()`` (observation tensor and mask) then ``step(id)``;
* ``openspiel apply_action``: ``state.apply_action(id)`` on ``python_bezique`` (the deal
  fed in as chance outcomes first, not timed);
* and the pieces: ``ActionEncoder.mask`` and ``observation_tensor`` of ``observe``.

Figures are microseconds per action and the ratio to the engine's ``apply``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import bezique as bz
import bezique.adapters.openspiel as bos
from bezique.adapters.pettingzoo import env, raw_env
from bezique.encoding import ActionEncoder, observation_tensor

Line = tuple[int, list[bz.Action], list[int]]


def record(variant: bz.Variant, deals: int) -> list[Line]:
    """``deals`` random lines: the seed, the actions, their ids."""
    encoder = ActionEncoder(variant)
    lines = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = bz.new_deal(variant, seed=seed)
        actions = []
        while not state.is_over:
            action = rng.choice(bz.legal_actions(state))
            actions.append(action)
            state = bz.apply(state, action)
        lines.append((seed, actions, [encoder.encode(a) for a in actions]))
    return lines


def best(repeat: int, run: Callable[[], float]) -> float:
    """The least of ``repeat`` timings."""
    return min(run() for _ in range(repeat))


def engine(variant: bz.Variant, lines: list[Line]) -> float:
    total = 0.0
    clock = time.perf_counter
    for seed, actions, _ in lines:
        state = bz.new_deal(variant, seed=seed)
        start = clock()
        for action in actions:
            state = bz.apply(state, action)
        total += clock() - start
    return total


def pettingzoo_raw(variant: bz.Variant, lines: list[Line]) -> float:
    e = raw_env(variant)
    total = 0.0
    clock = time.perf_counter
    for seed, _, ids in lines:
        e.reset(seed=seed)
        step = e.step
        start = clock()
        for i in ids:
            step(i)
        total += clock() - start
    return total


def pettingzoo_step(variant: bz.Variant, lines: list[Line]) -> float:
    e = env(variant=variant)
    total = 0.0
    clock = time.perf_counter
    for seed, _, ids in lines:
        e.reset(seed=seed)
        start = clock()
        for i in ids:
            e.step(i)
        total += clock() - start
    return total


def pettingzoo_loop(variant: bz.Variant, lines: list[Line]) -> float:
    e = env(variant=variant)
    total = 0.0
    clock = time.perf_counter
    for seed, _, ids in lines:
        e.reset(seed=seed)
        start = clock()
        for i in ids:
            e.last()
            e.step(i)
        total += clock() - start
    return total


def _chance_faces(variant: bz.Variant, seed: int) -> list[int]:
    """The chance outcomes that deal what ``new_deal(variant, seed=seed)`` deals."""
    state = bz.new_deal(variant, seed=seed)
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    faces = []
    for owner in bos.deal_order(variant):
        if owner is None:
            card = stock.pop(0)
        elif owner < 0:
            assert state.turn_up is not None
            card = state.turn_up
        else:
            card = hands[owner].pop(0)
        faces.append(card.index)
    return faces


def openspiel(game: Any, lines: list[Line]) -> float:
    total = 0.0
    clock = time.perf_counter
    for seed, _, ids in lines:
        state = game.new_initial_state()
        for face in _chance_faces(game.variant, seed):
            state.apply_action(face)
        apply_action = state.apply_action
        start = clock()
        for i in ids:
            apply_action(i)
        total += clock() - start
    return total


def pieces(variant: bz.Variant, lines: list[Line]) -> tuple[float, float]:
    encoder = ActionEncoder(variant)
    states = []
    for seed, actions, _ in lines:
        state = bz.new_deal(variant, seed=seed)
        for action in actions:
            states.append(state)
            state = bz.apply(state, action)
    clock = time.perf_counter
    start = clock()
    for s in states:
        encoder.mask(s)
    mask = clock() - start
    start = clock()
    for s in states:
        observation_tensor(bz.observe(s, s.to_move if s.to_move is not None else 0))
    tensor = clock() - start
    return mask, tensor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="two-pack")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    variant = bz.variants.get(args.variant)
    lines = record(variant, args.deals)
    n = sum(len(a) for _, a, _ in lines)
    game = pyspiel.load_game("python_bezique", {"variant": variant.name})
    base = best(args.repeat, lambda: engine(variant, lines))
    rows = [
        ("engine apply", base),
        ("pettingzoo raw step", best(args.repeat, lambda: pettingzoo_raw(variant, lines))),
        ("pettingzoo env step", best(args.repeat, lambda: pettingzoo_step(variant, lines))),
        ("pettingzoo env last+step", best(args.repeat, lambda: pettingzoo_loop(variant, lines))),
        ("openspiel apply_action", best(args.repeat, lambda: openspiel(game, lines))),
    ]
    mask, tensor = pieces(variant, lines)
    rows += [("encoder.mask", mask), ("observe + observation_tensor", tensor)]
    print(f"Python {platform.python_version()} on {platform.machine()}; {variant.name}; "
          f"{args.deals} random deals, {n} actions; best of {args.repeat}")
    print(f"{'':30} {'µs/action':>10} {'steps/s':>10} {'× apply':>8}")
    for name, seconds in rows:
        per = seconds / n
        print(f"{name:30} {per * 1e6:10.1f} {1 / per:10.0f} {seconds / base:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
