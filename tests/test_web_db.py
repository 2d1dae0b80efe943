"""The reference web app forgets nothing: a server killed (SIGKILL) mid-game and started
again on the same database serves the same games, tokens and positions, and a bounded
load of concurrent games loses no action. The server runs as a process of its own."""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique.web import storage
from webapi import call, start_server, token_of


def create(url: str, **request: object) -> dict[str, Any]:
    status, game = call(url + "api/games", "POST", request)
    assert status == 200, game
    return game


def act(url: str, game: dict[str, Any], rng: random.Random,
        last: dict[str, Any]) -> dict[str, Any]:
    """One action of the person to move (``last`` is the latest answer about the game)."""
    to_move = last["observation"]["to_move"]
    token = token_of(game, to_move)
    if last["seat"] != to_move:
        status, last = call(url + f"api/games/{game['id']}", token=token)
        assert status == 200, last
    status, answer = call(url + f"api/games/{game['id']}/actions", "POST",
                          {"action": rng.choice(last["legal"])}, token=token)
    assert status == 200, answer
    return answer


def views(url: str, game: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Every person's view of the game, by seat."""
    answers = {}
    for seat in map(int, game["tokens"]):
        status, answers[seat] = call(url + f"api/games/{game['id']}", token=token_of(game, seat))
        assert status == 200
    return answers


def row_of(path: Path, game_id: str) -> storage.GameRow:
    """The game as the database file holds it."""
    db = storage.Database(str(path))
    try:
        row = db.load(game_id)
    finally:
        db.close()
    assert row is not None
    return row


def stored(path: Path, game_id: str) -> bz.State | bz.Game:
    """The game's position rebuilt from the database file alone (its record replayed)."""
    return storage.record(row_of(path, game_id)).final()


def test_a_server_killed_mid_game_serves_the_same_games_tokens_and_positions(
        tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    process, url = start_server("--db", str(path))
    acknowledged: list[int] = []
    playing = threading.Event()
    try:
        duel = create(url, variant="two-pack", seed=8, seats=["human", "human"])
        solo = create(url, variant="four-handed", seed=3, whole_game=True,
                      seats=["human", "bot:greedy", "human", "bot:random"])
        rng = random.Random(1)
        last = solo
        for _ in range(12):
            last = act(url, solo, rng, last)
        before = {solo["id"]: views(url, solo)}

        def keep_playing() -> None:  # the duel goes on until the server dies under it
            answer = duel
            try:
                while True:
                    answer = act(url, duel, rng, answer)
                    acknowledged.append(answer["moves"])
                    if len(acknowledged) == 15:
                        playing.set()
            except Exception:
                playing.set()

        player = threading.Thread(target=keep_playing)
        player.start()
        assert playing.wait(120)
    finally:
        process.kill()  # SIGKILL: no clean-up of any kind
        process.communicate(timeout=30)
    player.join(60)
    assert process.returncode == -9 and len(acknowledged) >= 15
    process, url = start_server("--db", str(path))
    try:
        assert views(url, solo) == before[solo["id"]]  # same tokens, same positions
        after = views(url, duel)
        assert after[0]["moves"] >= acknowledged[-1]  # every acknowledged action is kept
        assert after[0]["moves"] == after[1]["moves"]
        final = stored(path, duel["id"])
        for seat, answer in after.items():
            observed = bz.from_json(json.dumps(answer["observation"]), bz.Observation)
            assert observed == bz.observe(final, seat)
        status, _ = call(url + f"api/games/{duel['id']}", token=token_of(solo, 0))
        assert status == 403  # another game's token is still no key to this one
        act(url, duel, random.Random(2), after[0])  # and the game goes on
        assert views(url, duel)[1]["moves"] > after[1]["moves"]
    finally:
        process.terminate()
        process.communicate(timeout=30)


GAMES = 50
"""Games played at once by the load test."""
ACTIONS = 24
"""Actions each game of the load test plays at most (a two-pack deal has about 70)."""


def test_a_bounded_load_of_concurrent_games_loses_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GAMES games of two people each, every seat a scripted client over the loopback, at
    once: every request is answered, and the database replays to every game's position.
    Bounded by GAMES x ACTIONS; the figures are printed, nothing is timed as a check."""
    path = tmp_path / "games.sqlite"
    process, url = start_server("--db", str(path))
    latencies: list[float] = []
    lasts: dict[str, dict[str, Any]] = {}
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(GAMES)

    def timed(*args: Any, **kwargs: Any) -> tuple[int, Any]:
        began = time.perf_counter()
        answer = call(*args, **kwargs)
        with lock:
            latencies.append(time.perf_counter() - began)
        return answer

    def client(k: int) -> None:
        try:
            start.wait(60)
            status, game = timed(url + "api/games", "POST", {
                "variant": "two-pack", "seed": k, "seats": ["human", "human"]})
            assert status == 200, game
            rng, last = random.Random(k), game
            for _ in range(ACTIONS):
                if last["over"]:
                    break
                to_move = last["observation"]["to_move"]
                token = token_of(game, to_move)
                status, last = timed(url + f"api/games/{game['id']}", token=token)
                assert status == 200, last
                status, last = timed(url + f"api/games/{game['id']}/actions", "POST",
                                     {"action": rng.choice(last["legal"])}, token=token)
                assert status == 200, last
            lasts[game["id"]] = {**last, "tokens": game["tokens"]}
        except BaseException as exc:
            errors.append(exc)

    began = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(GAMES)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
        elapsed = time.perf_counter() - began
    finally:
        process.terminate()
        process.communicate(timeout=30)
    assert not errors, errors[:3]
    assert len(lasts) == GAMES
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == GAMES
    for game_id, last in lasts.items():
        final = stored(path, game_id)
        assert last["moves"] == len(storage.record(row_of(path, game_id)).actions)
        observed = bz.from_json(json.dumps(last["observation"]), bz.Observation)
        assert observed == bz.observe(final, last["seat"])
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    with capsys.disabled():
        print(f"\nload: {GAMES} games at once, {len(latencies)} requests in {elapsed:.1f} s: "
              f"{len(latencies) / elapsed:.0f} requests/s, latency median "
              f"{statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")

