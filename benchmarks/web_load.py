"""Load on the web app: games played to the end while idle WebSockets are held open.

Run by hand (the ``web`` extra installed), not by the tests::

    python benchmarks/web_load.py [--games 50] [--idle 1000] [--wait poll|socket]
                                  [--synchronous full|normal] [--variant two-pack]
                                  [--rounds 1] [--profile FILE]

It starts ``bezique serve`` as a process of its own on a loopback port with a database
file in a temporary directory, opens ``--idle`` WebSockets on a game of their own and
keeps them idle (each has sent its seat's token and received the view), then plays
``--games`` two-person games at once to the end of the deal, every person a client of
his own on a keep-alive connection: he waits for his turn (``--wait poll``: ``GET
/api/games/<id>?after=N``, the long poll; ``--wait socket``: the game's WebSocket), then
sends a random legal action with ``"after"`` (``POST /api/games/<id>/actions``);
``--rounds N`` plays ``--games`` new games N times in turn, the idle sockets held
throughout (a longer run, for the tail of a move's time). The clients are coroutines of
one process on one event loop, so they cost as little CPU as they can beside the server.

It prints the requests answered per second (every HTTP request: new games, actions and
long polls), the moves per second, the median, 95th and 99th percentile and the slowest
of a move (the ``POST`` of an action, sent to answered), the CPU seconds of the server
and of the client while the games were played (a move's share of the server's), and the
load average before and after; then checks that every request was answered 200, every
idle socket still open, and that the database replays (``bz.Record``) to every game's
last position as each person last saw it. Exit status 1 if any check fails. ``--synchronous``
is ``bezique serve``'s (``full``, its default, unless given). The server's peak memory
is its ``VmHWM``. ``--profile FILE`` runs the
server under cProfile and writes its statistics to ``FILE``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio import client

import bezique as bz
from bezique.web import storage


class Http:
    """A keep-alive HTTP/1.1 connection speaking JSON: as little client as can be."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: object = None,
                   token: str | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        length, closing = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            closing |= name.lower() == "connection" and "close" in value.lower()
        payload = await self.reader.readexactly(length)
        if closing:
            await self.close()
        return int(status_line.split()[1]), json.loads(payload)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = self.reader = None


class Tally:
    """What the clients saw."""

    def __init__(self) -> None:
        self.requests = 0
        self.moves: list[float] = []
        self.failures: list[str] = []
        self.lasts: dict[tuple[str, int], dict[str, Any]] = {}


async def person(port: int, game: dict[str, Any], seat: int, wait: str, tally: Tally,
                 rng: random.Random) -> None:
    """One person's seat, played to the end of the game."""
    http, token = Http(port), game["tokens"][str(seat)]
    path = f"/api/games/{game['id']}"
    status, view = await http.call("GET", path, token=token)
    tally.requests += 1
    socket_ = None
    if wait == "socket":
        socket_ = await client.connect(f"ws://127.0.0.1:{port}{path}/ws", max_size=2**20)
        await socket_.send(json.dumps({"token": token}))
    try:
        while not view["over"]:
            if view["legal"]:
                body = {"action": rng.choice(view["legal"]), "after": view["moves"]}
                began = time.perf_counter()
                status, view = await http.call("POST", path + "/actions", body, token)
                tally.moves.append(time.perf_counter() - began)
            elif socket_ is not None:
                pushed = json.loads(await socket_.recv())
                if pushed["moves"] > view["moves"]:  # older views may still be queued
                    view = pushed
                continue
            else:
                status, view = await http.call("GET", f"{path}?after={view['moves']}",
                                               token=token)
            tally.requests += 1
            if status != 200:
                tally.failures.append(f"{game['id']} seat {seat}: {status} {view}")
                return
        tally.lasts[game["id"], seat] = view
    finally:
        await http.close()
        if socket_ is not None:
            await socket_.close()


async def idle_sockets(port: int, count: int) -> list[Any]:
    """``count`` WebSockets on a game of their own, each past its first view."""
    http = Http(port)
    status, game = await http.call("POST", "/api/games", {"seats": ["human", "human"]})
    await http.close()
    assert status == 200, game
    url = f"ws://127.0.0.1:{port}/api/games/{game['id']}/ws"
    sockets = []
    for k in range(count):
        ws = await client.connect(url, max_size=2**20)
        await ws.send(json.dumps({"token": game["tokens"][str(k % 2)]}))
        sockets.append(ws)
    for ws in sockets:
        await ws.recv()
    return sockets


async def play(port: int, games: int, idle: int, wait: str, variant: str, tally: Tally,
               server: int, rounds: int = 1
               ) -> tuple[float, list[dict[str, Any]], int, tuple[float, float]]:
    """The games played to the end, ``rounds`` times (each round ``games`` new games at
    once): the seconds they took, the games, the idle sockets still open and the CPU
    seconds of the server and of this client while they were played (the sockets'
    opening and the games' creation left out)."""
    held = await idle_sockets(port, idle)
    made: list[dict[str, Any]] = []
    elapsed, cpu = 0.0, (0.0, 0.0)
    for round_ in range(rounds):
        http = Http(port)
        these = []
        for k in range(round_ * games, (round_ + 1) * games):
            status, game = await http.call("POST", "/api/games", {
                "variant": variant, "seed": k, "seats": ["human", "human"]})
            tally.requests += 1
            assert status == 200, game
            these.append(game)
        await http.close()
        began, before = time.perf_counter(), (cpu_seconds(server), time.process_time())
        players = [person(port, game, seat, wait, tally, random.Random(f"{k}:{seat}"))
                   for k, game in enumerate(these, round_ * games) for seat in (0, 1)]
        try:
            async with asyncio.timeout(600):  # a lost answer must not hold the run forever
                await asyncio.gather(*players)
        except TimeoutError:
            tally.failures.append("the games did not end within 600 s")
        elapsed += time.perf_counter() - began
        cpu = (cpu[0] + cpu_seconds(server) - before[0],
               cpu[1] + time.process_time() - before[1])
        made += these
    still_open = sum(1 for ws in held if ws.state.name == "OPEN")
    for ws in held:
        await ws.close()
    return elapsed, made, still_open, cpu


def peak_memory(pid: int) -> float:
    """The process's peak resident memory in MiB (``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(db: Path, synchronous: str, profile: str | None) -> tuple[subprocess.Popen[str], int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    runner = ["-m", "cProfile", "-o", profile] if profile else []
    process = subprocess.Popen(
        [sys.executable, *runner, "-m", "bezique", "serve", "--port", str(port), "--db",
         str(db), "--synchronous", synchronous, "--burst", "100000", "--unplayed-games",
         "100000", "--sockets-per-address", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit(f"the server did not start: {process.communicate()[1]}")


def check(db: Path, made: list[dict[str, Any]], tally: Tally) -> list[str]:
    """Every game in the database replays to the position its people last saw."""
    wrong = list(tally.failures)
    database = storage.Database(str(db))
    try:
        for game in made:
            row = database.load(game["id"])
            if row is None:
                wrong.append(f"{game['id']}: not in the database")
                continue
            final = storage.record(row).final()
            for seat in (0, 1):
                last = tally.lasts.get((game["id"], seat))
                if last is None:
                    wrong.append(f"{game['id']} seat {seat}: did not finish")
                    continue
                seen = bz.from_json(json.dumps(last["observation"]), bz.Observation)
                if seen != bz.observe(final, seat) or last["moves"] != len(row.actions):
                    wrong.append(f"{game['id']} seat {seat}: the database differs")
    finally:
        database.close()
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--wait", choices=("poll", "socket"), default="poll")
    parser.add_argument("--synchronous", choices=("normal", "full"), default="full")
    parser.add_argument("--variant", default="two-pack")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, args.idle + 2 * args.games + 1000)
    if soft < wanted:  # the client holds every socket in this one process
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite"
        process, port = start(db, args.synchronous, args.profile)
        tally = Tally()
        load_before = os.getloadavg()
        try:
            elapsed, made, still_open, (cpu, client_cpu) = asyncio.run(
                play(port, args.games, args.idle, args.wait, args.variant, tally, process.pid,
                     args.rounds))
            load_after = os.getloadavg()
            memory = peak_memory(process.pid)
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=60)
        wrong = check(db, made, tally)
    moves = sorted(tally.moves)
    p95, p99 = (moves[int(q * (len(moves) - 1))] for q in (0.95, 0.99))
    rounds = f" x {args.rounds} rounds" if args.rounds > 1 else ""
    print(f"web load: {args.games} games{rounds} of {args.variant} to the end, {args.idle} "
          f"idle WebSockets, waiting by {args.wait}, synchronous={args.synchronous}")
    print(f"  {tally.requests} requests in {elapsed:.1f} s: {tally.requests / elapsed:.0f} "
          f"requests/s, {len(moves) / elapsed:.0f} moves/s")
    print(f"  a move: median {statistics.median(moves) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, slowest {moves[-1] * 1000:.0f} "
          f"ms ({len(moves)} moves)")
    print(f"  server CPU {cpu:.1f} s ({cpu / elapsed:.0%} of a core, "
          f"{cpu / len(moves) * 1000:.2f} ms a move), this client's {client_cpu:.1f} s "
          f"({client_cpu / elapsed:.0%} of a core); the server's peak memory {memory:.0f} MiB")
    print(f"  load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
          f"{os.cpu_count()} cores")
    print(f"  idle sockets still open: {still_open}/{args.idle}; every request answered: "
          f"{not tally.failures}; the database replays to every position: {not wrong}")
    for line in wrong[:10]:
        print("  FAILED:", line)
    return 1 if wrong or still_open != args.idle else 0


if __name__ == "__main__":
    sys.exit(main())
