"""Batch play: many deals or games between bots, with statistics and throughput.

:func:`simulate` plays ``deals`` lone deals or ``games`` whole games of a
variant between bots and returns a frozen :class:`SimulationResult`.

Seats and rotation. ``bots`` holds one bot per seat, or one per side (each bot
then sits at every seat of its side). Call the per-seat list entries
``0 .. n-1`` (``n`` players). In lone deals, deal ``i`` is dealt by player
``i % n`` and entry ``k`` sits at seat ``(k + i // n) % n``: the bots keep
their seats for a round of ``n`` deals in which every seat deals once, then
all move one seat on. Over ``n * n`` deals every bot plays every seat exactly
``n`` times, once against each dealer; figures are exactly balanced when
``deals`` is a multiple of ``n * n``. In games, game ``g`` puts entry ``k`` at
seat ``(k + g) % n`` for the whole game, whose deals are dealt by players 0,
1, 2, ... in turn. A bot's side thus changes from deal to deal (or game to
game): the per-side figures say how the seats fare, the per-bot figures how
the bots fare.

Duplicate play. With ``duplicate=True`` every shuffle is played ``n`` times in
a row, once in each rotation, as in duplicate bridge: deal ``i`` is board
``b = i // n``, shuffled with ``derive_seed(seed, b)`` and dealt by player
``b % n``, with entry ``k`` at seat ``(k + i) % n`` (in games, game ``g`` is
``new_game(variant, seed=derive_seed(seed, g // n))`` with entry ``k`` at seat
``(k + g) % n``). Every bot then holds every hand of every board, and the luck
of the deal cancels out of the comparison between bots, which tightens the
intervals for the same number of deals. ``deals`` (or ``games``) should be a
multiple of ``n``; an incomplete last board is played as far as it goes.

Reproducibility. Deal ``i`` is shuffled with ``derive_seed(seed, i)``
(game ``g`` is ``new_game(variant, seed=derive_seed(seed, g))``), or the
board's seed in duplicate play. The ``j``-th action of a deal (or game)
shuffled with ``deal_seed``, counting from 0, is chosen with a
``random.Random`` seeded from ``derive_seed(derive_seed(deal_seed, 2**40),
j)``. Every statistic is summed as whole numbers and divided once at
the end, so the same arguments give an equal result whatever ``workers``,
``executor`` and ``chunk_size`` are (only ``elapsed`` differs).

Parallelism. The deals are cut into chunks of consecutive indices; each chunk
is played in the calling process (``workers=1``), in a
:class:`concurrent.futures.ProcessPoolExecutor` (``workers=K``), or by any
:class:`concurrent.futures.Executor` passed as ``executor`` (for example
Dask's ``distributed.Client(...).get_executor()``). Chunk results are merged
in index order.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import attrs

from bezique._engine.shuffle import derive_seed
from bezique._simulation_plan import Job, count, seating_of
from bezique._simulation_tally import Tally, deal_outcome, leaders, simulation_result
from bezique.actions import Action
from bezique.bots.base import Bot
from bezique.engine import apply, new_deal
from bezique.errors import IllegalActionError, InvariantError, SimulationError
from bezique.game import Game, game_result, new_game
from bezique.melds import MeldKind
from bezique.observation import observe
from bezique.results import deal_result
from bezique.simulation_result import SimulationResult
from bezique.state import State
from bezique.testing import check_final, check_state
from bezique.variants import Variant

__all__ = ["DecisionRandom", "InvariantError", "SimulationError", "SimulationResult", "simulate"]

_MASK = (1 << 64) - 1
_DECISION_STREAM = 1 << 40
"""Index of the decision stream under a deal's seed (no game has that many deals)."""


class DecisionRandom(random.Random):
    """A ``random.Random`` driven by SplitMix64, cheap to create (one per decision).

    Seeding a Mersenne Twister costs microseconds; the simulator creates one
    generator per bot decision, so it uses this one, whose whole state is one
    64-bit number. Every ``random.Random`` method works (they are built on
    :meth:`random` and :meth:`getrandbits`), and the stream depends on the
    seed alone, on every machine and Python version.

    >>> r = DecisionRandom(7)
    >>> r.random() == DecisionRandom(7).random(), 0 <= r.randrange(10) < 10
    (True, True)
    """

    def __init__(self, x: int = 0) -> None:
        self._x = x & _MASK

    def seed(self, a: int | float | str | bytes | bytearray | None = None,  # type: ignore[override]
             version: int = 2) -> None:
        """Restart the stream from ``a`` (an int; anything else is hashed by ``random.Random``)."""
        if a is None:
            a = int.from_bytes(os.urandom(8), "little")
        elif not isinstance(a, int):
            a = random.Random(a).getrandbits(64)
        self._x = a & _MASK

    def _next(self) -> int:
        self._x = x = (self._x + 0x9E3779B97F4A7C15) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self._next() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int, /) -> int:
        """An int of ``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out = bits = 0
        while bits < k:
            out = (out << 64) | self._next()
            bits += 64
        return out >> (bits - k)

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state."""
        return (self._x,)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from :meth:`getstate`."""
        self._x = int(state[0]) & _MASK


# ----------------------------------------------------------------------------- checks


class _Checker:
    """Conformance checks after every action (``check_invariants=True``): the checker of
    :mod:`bezique.testing`, its errors told where they happened."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def state(self, s: State, where: str) -> None:
        try:
            check_state(s)
        except InvariantError as exc:
            raise InvariantError(f"{where}: {exc.reason}", exc.field) from exc

    def final(self, s: State, where: str) -> None:
        try:
            check_final(s)
        except InvariantError as exc:
            raise InvariantError(f"{where}: {exc.reason}", exc.field) from exc


# ----------------------------------------------------------------------------- playing


_View = TypeVar("_View", State, Game)


def _turn(view: _View, bot: Bot, player: int, key: int, j: int,
          where: str) -> tuple[Action, _View]:
    """Bot ``bot``'s ``j``-th decision of the deal or game, from its observation, and the
    state after it; an illegal choice is reported with ``where`` it happened."""
    action = bot.choose(observe(view, player), DecisionRandom(derive_seed(key, j)))
    try:
        return action, apply(view, action)
    except IllegalActionError as exc:
        raise IllegalActionError(f"{where}: bot {getattr(bot, 'name', bot)!r} (player "
                                 f"{player}) chose {action}: {exc}",
                                 rule=exc.rule, action=exc.action) from exc


def _play_deal(job: Job, i: int, tally: Tally, checker: _Checker | None) -> None:
    n = job.variant.players
    b, deal_seed = job.board(i)
    rotation = i % n if job.duplicate else i // n % n
    seat_bots = job.seating.seat_bots(rotation)
    key = derive_seed(deal_seed, _DECISION_STREAM)
    state = new_deal(job.variant, seed=deal_seed, dealer=b % n)
    where = f"deal {i} (seed {job.seed})"
    if checker is not None:
        checker.state(state, f"{where}, start")
    j = 0
    while (p := state.to_move) is not None:
        _, state = _turn(state, seat_bots[p], p, key, j, where)
        j += 1
        if checker is not None:
            checker.state(state, f"{where}, action {j}")
    if checker is not None:
        checker.final(state, where)
    result = deal_result(state)
    leaders, value = deal_outcome(result)
    tally.add_deal(state, j)
    tally.add_outcome(result.points, leaders, value, job.seating.bot_sides(rotation))


def _play_game(job: Job, g: int, tally: Tally, checker: _Checker | None) -> None:
    _, game_seed = job.board(g)
    rotation = g % job.variant.players
    seat_bots = job.seating.seat_bots(rotation)
    key = derive_seed(game_seed, _DECISION_STREAM)
    game = new_game(job.variant, seed=game_seed)
    where = f"game {g} (seed {job.seed})"
    if checker is not None:
        checker.state(game.current, f"{where}, start")
    j = in_deal = 0
    while (p := game.to_move) is not None:
        before, finished = game.current, len(game.deals)
        action, game = _turn(game, seat_bots[p], p, key, j, where)
        j += 1
        in_deal += 1
        if len(game.deals) > finished:
            # the deal has ended and the game moved on: replay its last action for the
            # final state (once per deal), to count its combinations and check it
            last = apply(before, action)
            if checker is not None:
                checker.state(last, f"{where}, action {j}")
                checker.final(last, where)
            tally.add_deal(last, in_deal)
            in_deal = 0
        if checker is not None and not game.is_over:
            checker.state(game.current, f"{where}, action {j}")
    result = game_result(game)
    tally.add_outcome(result.totals, leaders(result.totals, result.winner), result.value,
                      job.seating.bot_sides(rotation))


def _run_chunk(job: Job) -> Tally:
    """Play one chunk of deals or games (the unit of work sent to a worker)."""
    variant = job.variant
    kinds = [kind for kind in variant.melds.kinds if kind is not MeldKind.TRUMP_SEVEN]
    tally = Tally(variant.deal.side_count, len(job.seating.bots), kinds)
    checker = _Checker(variant) if job.check else None
    play = _play_deal if job.mode == "deals" else _play_game
    for i in range(job.start, job.stop):
        play(job, i, tally, checker)
    return tally


# ----------------------------------------------------------------------------- the driver


def simulate(variant: Variant, bots: Sequence[Bot], *, deals: int | None = None,
             games: int | None = None, seed: int = 0, workers: int = 1,
             executor: cf.Executor | None = None, chunk_size: int | None = None,
             check_invariants: bool = False, duplicate: bool = False,
             progress: Callable[[int, int], object] | None = None) -> SimulationResult:
    """Play ``deals`` lone deals or ``games`` games between ``bots``; return the statistics.

    Seating, seeds and chunking are described in the module documentation:
    the same arguments give an equal result (``elapsed`` aside) whatever
    ``workers``, ``executor`` and ``chunk_size``.

    Args:
        variant: The rules.
        bots: One bot per seat, or one per side.
        deals: How many lone deals to play (give this or ``games``).
        games: How many whole games to play.
        seed: The simulation's seed.
        workers: Processes to play in (a ``ProcessPoolExecutor``); 1 plays here.
        executor: Any ``concurrent.futures.Executor`` to send the chunks to instead
            (e.g. Dask's ``client.get_executor()``); ``workers`` is then ignored.
        chunk_size: Deals (or games) per unit of work; by default about eight chunks
            per worker, at most 500 deals (100 chunks in all when playing here).
        check_invariants: Check after every action that no card is lost or duplicated,
            that the scores equal their breakdown and that an action is legal until
            the end; raise :class:`InvariantError` otherwise.
        progress: Called as ``progress(done, total)`` after every chunk.
        duplicate: Play every shuffle once in each rotation of the bots (duplicate
            play, see the module documentation).

    Returns:
        A :class:`SimulationResult`.

    Raises:
        SimulationError: (a :class:`~bezique.BeziqueError`) for a count below 1, both
            or neither of ``deals`` and ``games``, a wrong number of bots.
        TypeError: for something that is not a bot, a count that is not a whole
            number, a flag that is not a ``bool``, a variant that is not a ``Variant``.
        InvariantError: when ``check_invariants`` finds a violation.
        IllegalActionError: when a bot chooses an illegal action.

    >>> import bezique as bz
    >>> r = bz.simulate(bz.variants.TWO_PACK, [bz.bots.RandomBot()] * 2, deals=4, seed=1)
    >>> r.played, sum(r.wins) + r.ties, r.mean_tricks
    (4, 4, 32.0)
    >>> bz.simulate(bz.variants.TWO_PACK, [bz.bots.RandomBot()], deals=4)
    Traceback (most recent call last):
    ...
    bezique.errors.SimulationError: two-pack needs 2 bots (one per seat), not 1
    """
    mode, total = _what_to_play(variant, deals, games)
    workers = count("workers", workers)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number, not {seed!r}")
    for name, flag in (("check_invariants", check_invariants), ("duplicate", duplicate)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {flag!r}")
    seating = seating_of(variant, bots)
    parallel = executor is not None or workers > 1
    if chunk_size is None:
        per = total / (8 * workers) if parallel else total / 100
        chunk_size = max(1, min(500, math.ceil(per)))
    chunk_size = count("chunk_size", chunk_size)
    # the variant travels without its compiled tables (each worker builds them once)
    portable = attrs.evolve(variant) if parallel else variant
    jobs = [Job(portable, seating, mode, seed, start, min(start + chunk_size, total),
                 check_invariants, duplicate) for start in range(0, total, chunk_size)]
    t0 = time.perf_counter()
    if not parallel:
        tallies = []
        for job in jobs:
            tallies.append(_run_chunk(job))
            if progress is not None:
                progress(job.stop, total)
    elif executor is not None:
        tallies = _run_on(executor, jobs, total, progress)
    else:
        with cf.ProcessPoolExecutor(max_workers=workers) as pool:
            tallies = _run_on(pool, jobs, total, progress)
    elapsed = time.perf_counter() - t0
    tally = Tally(variant.deal.side_count, len(seating.bots), ())
    for part in tallies:  # in index order
        tally.merge(part)
    return simulation_result(variant, seating, mode, seed, tally, elapsed, duplicate)


def _what_to_play(variant: Variant, deals: object,
                  games: object) -> tuple[Literal["deals", "games"], int]:
    """Whether ``simulate`` plays deals or games, and how many."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {variant!r}")
    if (deals is None) == (games is None):
        raise SimulationError("give either deals or games, not "
                              + ("both" if deals is not None else "neither"))
    if games is None:
        return "deals", count("deals", deals)
    return "games", count("games", games)


def _run_on(executor: cf.Executor, jobs: list[Job], total: int,
            progress: Callable[[int, int], object] | None) -> list[Tally]:
    futures = [executor.submit(_run_chunk, job) for job in jobs]
    index = {future: k for k, future in enumerate(futures)}
    results: list[Tally | None] = [None] * len(jobs)
    done = 0
    try:
        for future in cf.as_completed(futures):
            k = index[future]
            results[k] = future.result()
            done += jobs[k].stop - jobs[k].start
            if progress is not None:
                progress(done, total)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [r for r in results if r is not None]
