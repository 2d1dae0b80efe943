"""The group commit of a database that flushes to the disk (``synchronous="full"``): the
actions that arrive while the writer thread flushes are committed together, each one
answered only once it is on the disk, a bad one failing alone; a move handed to the
writer from the event loop keeps its game locked until then."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique.web import live, storage
from bezique.web.games import GameStore
from bezique.web.views import SeatView


def row(game_id: str) -> storage.GameRow:
    return storage.GameRow(game_id, "two-pack", 1, False, ("human", "human"), {0: "a", 1: "b"},
                           ())


class Outcomes:
    """The callbacks of submitted writes, and a wait for all of them."""

    def __init__(self) -> None:
        self.errors: dict[str, BaseException | None] = {}
        self.done = threading.Condition()

    def callback(self, name: str) -> Callable[[BaseException | None], None]:
        def done(error: BaseException | None) -> None:
            with self.done:
                self.errors[name] = error
                self.done.notify_all()
        return done

    def wait(self, count: int) -> dict[str, BaseException | None]:
        with self.done:
            assert self.done.wait_for(lambda: len(self.errors) == count, timeout=30)
        return self.errors


def taken_by_writer(db: storage.Database) -> None:
    """Wait until the writer thread has taken every submitted write."""
    for _ in range(3000):
        if not db._writes:
            return
        time.sleep(0.001)
    raise AssertionError("the writer did not take the writes")


def test_writes_arriving_during_a_flush_share_the_next_commit_and_fail_alone(
        tmp_path: Path) -> None:
    db = storage.Database(str(tmp_path / "games.sqlite"), "full")
    commits: list[str] = []
    try:
        for game_id in ("g1", "g2"):
            db.create(row(game_id), 0.0)
        db._db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
        outcomes = Outcomes()
        with db._lock:  # the writer holds the first write and waits, as during a flush
            db.submit("g1", 0, [(0, "play QS")], 1.0, outcomes.callback("first"))
            taken_by_writer(db)
            db.submit("nowhere", 0, [(0, "play QS")], 1.0, outcomes.callback("bad"))
            db.submit("g2", 0, [(1, "play KH")], 1.0, outcomes.callback("second"))
            assert outcomes.errors == {}  # nothing is answered before it is committed
        errors = outcomes.wait(3)
        assert errors["first"] is None and errors["second"] is None
        assert isinstance(errors["bad"], sqlite3.IntegrityError)  # no such game
        assert len(commits) == 2  # three writes, two flushes
    finally:
        db.close()
    again = storage.Database(str(tmp_path / "games.sqlite"))
    try:
        assert [r.actions for r in map(again.load, ("g1", "g2")) if r] == [
            ((0, "play QS"),), ((1, "play KH"),)]
        assert again.load("nowhere") is None
    finally:
        again.close()


def test_closing_the_database_commits_every_submitted_write_first(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite")
    db = storage.Database(path, "full")
    db.create(row("g1"), 0.0)
    outcomes = Outcomes()
    for k in range(20):
        db.submit("g1", k, [(k % 2, f"play {k}")], 1.0, outcomes.callback(str(k)))
    db.close()
    assert set(outcomes.wait(20).values()) == {None}
    with pytest.raises(bz.BeziqueError, match="closed"):
        db.submit("g1", 20, [(0, "play")], 1.0, outcomes.callback("late"))
    again = storage.Database(path)
    try:
        stored = again.load("g1")
        assert stored is not None and len(stored.actions) == 20
    finally:
        again.close()


def test_add_actions_waits_for_the_writer_and_raises_its_error(tmp_path: Path) -> None:
    db = storage.Database(str(tmp_path / "games.sqlite"), "full")
    try:
        db.create(row("g1"), 0.0)
        db.add_actions("g1", 0, [(0, "play QS")], 1.0)
        stored = db.load("g1")
        assert stored is not None and stored.actions == ((0, "play QS"),)
        with pytest.raises(sqlite3.IntegrityError):
            db.add_actions("g1", 0, [(0, "play QS")], 1.0)  # the same number again
    finally:
        db.close()


def first_move(store: GameStore) -> tuple[dict[str, Any], str, str]:
    game = store.create({"variant": "two-pack", "seed": 4, "seats": ["human", "human"]})
    token = game["tokens"][str(game["observation"]["to_move"])]
    return game, token, store.look(game["id"], token)["legal"][0]


def test_a_move_handed_to_the_writer_is_seen_by_nobody_before_it_is_on_the_disk(
        tmp_path: Path) -> None:
    db = storage.Database(str(tmp_path / "games.sqlite"), "full")
    store = GameStore(db=db)
    try:
        game, token, action = first_move(store)
        game_id = str(game["id"])
        answers: list[SeatView | BaseException] = []
        arrived = threading.Event()

        def done(answer: SeatView | BaseException) -> None:
            answers.append(answer)
            arrived.set()

        with db._lock:  # the disk is slow
            assert store.act_later(game_id, token, action, "en", 0, done)
            assert store.look_now(game_id, token) is None  # locked until it is stored
            assert not arrived.wait(0.05)
        assert arrived.wait(30)
        (answer,) = answers
        assert isinstance(answer, SeatView) and answer.moves >= 1
        seen = store.look_now(game_id, token)
        assert seen is not None and seen.moves == answer.moves
        stored = db.load(game_id)
        assert stored is not None and len(stored.actions) == answer.moves
    finally:
        db.close()


def test_a_move_whose_commit_fails_is_undone(tmp_path: Path) -> None:
    db = storage.Database(str(tmp_path / "games.sqlite"), "full")
    store = GameStore(db=db)
    try:
        game, token, action = first_move(store)
        game_id = str(game["id"])
        with db._lock:
            db._db.execute("DELETE FROM games WHERE id = ?", (game_id,))  # under the store
        answers: list[SeatView | BaseException] = []
        arrived = threading.Event()

        def done(answer: SeatView | BaseException) -> None:
            answers.append(answer)
            arrived.set()

        assert store.act_later(game_id, token, action, "en", None, done)
        assert arrived.wait(30)
        assert isinstance(answers[0], sqlite3.IntegrityError)
        seen = store.look_now(game_id, token)  # back where it was, and free
        assert seen is not None and seen.moves == 0
        view = seen.data()  # the words of the undone move are gone with it
        assert len(view["log_words"]) == len(view["log"]) == 0
    finally:
        db.close()


def test_a_long_poll_that_meets_a_move_on_its_way_to_the_disk_waits_for_its_commit(
        tmp_path: Path) -> None:
    """It does not read the game (which is locked until the flush) but waits for the
    commit's listeners: no worker thread blocked on the game's lock."""
    db = storage.Database(str(tmp_path / "games.sqlite"), "full")
    store = GameStore(db=db)
    try:
        game, token, action = first_move(store)
        game_id = str(game["id"])
        other = next(t for t in game["tokens"].values() if t != token)
        looks: list[int] = []

        async def look() -> SeatView:
            view = store.look_now(game_id, other)
            assert view is not None, "read while the game was locked"
            looks.append(view.moves)
            return view

        async def scenario() -> SeatView:
            with db._lock:  # the disk is slow
                assert store.act_later(game_id, token, action, "en", 0, lambda answer: None)
                assert store.committing(game_id)
                waiting = asyncio.ensure_future(live.wait_for_move(store, game_id, look, 0, 10))
                await asyncio.sleep(0.05)
                assert not waiting.done() and looks == []
            return await waiting

        view = asyncio.run(scenario())
        assert view.moves >= 1 and looks == [view.moves] and not store.committing(game_id)
    finally:
        db.close()
