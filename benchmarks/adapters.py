"""Benchmark: environment steps per second of the RL adapters against the bare engine.

Run by hand, not by the tests (needs ``pip install -e '.[rl]'``)::

    python benchmarks/adapters.py [--variant NAME] [--deals N] [--repeat R]

Random lines are recorded first: ``--deals`` deals, each played by uniformly random
legal actions from ``bezique.new_deal(variant, seed=k)``. Every line is then replayed,
and each replay timed per action (the best of ``--repeat`` rounds, every layer once a
round):

* ``engine``: ``bezique.apply`` on the same actions (the yardstick);
* ``pettingzoo raw step``: ``raw_env.step(id)`` (decode, apply, agent bookkeeping);
* ``pettingzoo env step``: ``step(id)`` on the wrapped ``env`` (PettingZoo's wrappers:
  order of calls, bounds, the illegal-move check);
* ``pettingzoo env last+step``: the usual AEC loop on the wrapped ``env``,
  ``last()`` (observation tensor and mask) then ``step(id)``;
* ``openspiel apply_action``: ``state.apply_action(id)`` on ``python_bezique`` (the deal
  fed in as chance outcomes first, not timed);
* and the pieces: ``ActionEncoder.mask``, ``observation_tensor`` of ``observe``, and
  ``raw_env.observe`` (both as numpy arrays).

Figures are CPU microseconds per action and the ratio to the engine's ``apply``.
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


Replay = Callable[[], object]


def timed(lines: list[Line], prepare: Callable[[Line], Replay]) -> float:
    """CPU seconds spent replaying every line: ``prepare(line)`` sets the line up (not
    timed) and returns its replay, which is timed. The process's CPU time, not the wall
    clock: on a shared machine the wall clock also counts the other processes' turns."""
    total = 0.0
    clock = time.process_time
    for line in lines:
        replay = prepare(line)
        start = clock()
        replay()
        total += clock() - start
    return total


def engine(variant: bz.Variant, lines: list[Line]) -> float:
    def prepare(line: Line) -> Replay:
        seed, actions, _ = line
        first = bz.new_deal(variant, seed=seed)

        def replay() -> None:
            state = first
            for action in actions:
                state = bz.apply(state, action)
        return replay
    return timed(lines, prepare)


def each_id(step: Callable[[int], object], ids: list[int]) -> Replay:
    """A replay that calls ``step`` on each id."""
    def replay() -> None:
        for i in ids:
            step(i)
    return replay


def pettingzoo_steps(e: Any, lines: list[Line]) -> float:
    """The lines replayed by ``e.step(id)`` on a PettingZoo environment (raw or wrapped)."""
    def prepare(line: Line) -> Replay:
        e.reset(seed=line[0])
        return each_id(e.step, line[2])
    return timed(lines, prepare)


def pettingzoo_loop(variant: bz.Variant, lines: list[Line]) -> float:
    e = env(variant=variant)

    def prepare(line: Line) -> Replay:
        e.reset(seed=line[0])
        last, step = e.last, e.step

        def replay() -> None:
            for i in line[2]:
                last()
                step(i)
        return replay
    return timed(lines, prepare)


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
    def prepare(line: Line) -> Replay:
        state = game.new_initial_state()
        for face in _chance_faces(game.variant, line[0]):
            state.apply_action(face)
        return each_id(state.apply_action, line[2])
    return timed(lines, prepare)


def states_of(variant: bz.Variant, lines: list[Line]) -> dict[int, list[bz.State]]:
    """By seed, the states of its line where an action is taken."""
    out: dict[int, list[bz.State]] = {}
    for seed, actions, _ in lines:
        state = bz.new_deal(variant, seed=seed)
        out[seed] = []
        for action in actions:
            out[seed].append(state)
            state = bz.apply(state, action)
    return out


def pieces(variant: bz.Variant, lines: list[Line]) -> dict[str, Callable[[], float]]:
    """Timings of the pieces on every state of every line: the mask, the observation
    tensor, and the raw environment's ``observe`` (tensor and mask as numpy arrays)."""
    encoder = ActionEncoder(variant)
    raw = raw_env(variant)

    def masks(states: list[bz.State]) -> Replay:
        return lambda: [encoder.mask(s) for s in states]

    def tensors(states: list[bz.State]) -> Replay:
        return lambda: [observation_tensor(bz.observe(s, s.to_move or 0)) for s in states]

    def arrays(states: list[bz.State]) -> Replay:
        def replay() -> None:
            for s in states:
                raw.deal = s
                raw.observe(raw.possible_agents[s.to_move or 0])
        return replay

    def on_fresh_states(piece: Callable[[list[bz.State]], Replay]) -> Callable[[], float]:
        # states made anew for every round: a state caches its legal actions once asked
        def run() -> float:
            by_seed = states_of(variant, lines)
            return timed(lines, lambda line: piece(by_seed[line[0]]))
        return run
    return {
        "encoder.mask": on_fresh_states(masks),
        "observe + observation_tensor": on_fresh_states(tensors),
        "pettingzoo raw observe": on_fresh_states(arrays),
    }


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
    runs: dict[str, Callable[[], float]] = {
        "engine apply": lambda: engine(variant, lines),
        "pettingzoo raw step": lambda: pettingzoo_steps(raw_env(variant), lines),
        "pettingzoo env step": lambda: pettingzoo_steps(env(variant=variant), lines),
        "pettingzoo env last+step": lambda: pettingzoo_loop(variant, lines),
        "openspiel apply_action": lambda: openspiel(game, lines),
        **pieces(variant, lines),
    }
    # round by round, so that a change of the machine's load touches every row alike
    rows = dict.fromkeys(runs, float("inf"))
    for _ in range(args.repeat):
        for name, run in runs.items():
            rows[name] = min(rows[name], run())
    base = rows["engine apply"]
    print(f"Python {platform.python_version()} on {platform.machine()}; {variant.name}; "
          f"{args.deals} random deals, {n} actions; best of {args.repeat}")
    print(f"{'':30} {'CPU µs/act':>10} {'steps/s':>10} {'× apply':>8}")
    for name, seconds in rows.items():
        per = seconds / n
        print(f"{name:30} {per * 1e6:10.1f} {1 / per:10.0f} {seconds / base:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
