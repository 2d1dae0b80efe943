"""The web app's database: its games behind a small interface, SQLite the embedded default.

What is stored is what rebuilds a game exactly, nothing derived: the game's variant (by
name), seed and kind (one deal or a whole game), its seats (``"human"`` or
``"bot:<name>"``), a SHA-256 digest of each human seat's token (never the token), and
every action taken, numbered, with the seat that took it, in the library's notation
(``bz.format_action``). A game is rebuilt by replaying its actions from
``bz.new_deal`` / ``bz.new_game`` of its variant and seed, which is what a
:class:`bezique.Record` of the game does (:func:`record`).

:class:`Storage` is the interface the app uses; :class:`Database` is its SQLite
implementation (the standard library's ``sqlite3``), so that a server database can be
added later without touching the app.

A file database runs in WAL mode. With ``synchronous="full"`` (the default) an action
is on the disk once :meth:`Database.add_actions` returns (or :meth:`Database.submit`
calls back): neither a server killed at any moment nor a power cut loses an accepted
action. The flush is shared: the actions of every game are written by one writer
thread, and those that arrive while it flushes go to the disk together in the next
transaction, one flush for all of them (a group commit), each answered only once that
flush is done. With ``synchronous="normal"`` the action is in the write-ahead log, which a
killed server (SIGKILL) does not lose either, but a power cut may lose the last ones.
Without a path the database is in memory (``":memory:"``) and lives as long as the
server.

Expiry: a game in which no action was taken for ``days`` days (counted from its
creation while it has none) is deleted, with its seats and actions, and so is a game in
which no person ever acted (only its bots' first moves) after ``unplayed_days`` where
the server sets it (``bezique serve`` does: :data:`UNPLAYED_DAYS`); the
store does it when a server starts on the database and whenever a game is created;
nothing else deletes a game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import bezique as bz

__all__ = ["EXPIRE_DAYS", "SYNCHRONOUS", "UNPLAYED_DAYS", "Database", "GameRow", "Storage",
           "digest", "record"]

EXPIRE_DAYS = 30.0
"""Days without an action after which a game is deleted (at startup and at a creation)."""

UNPLAYED_DAYS = 1.0
"""Days after which ``bezique serve`` deletes a game in which no person ever acted."""

SYNCHRONOUS = ("full", "normal")
"""What ``Database(synchronous=...)`` takes: SQLite's ``synchronous`` for a file."""

_ROWS = 200
"""Rows of one ``INSERT`` of a group commit, at most (4 values each: within SQLite's
oldest limit of 999 values a statement)."""

SCHEMA_VERSION = 2
"""Version 2 added ``games.moved`` (0 until a person's first action)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    whole_game INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    moved INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS tokens (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_touched ON games (touched);
"""


def digest(token: str) -> str:
    """The SHA-256 digest (hex) of a seat's token: what the database keeps of it."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class GameRow:
    """A game as stored: everything needed to rebuild it."""

    id: str
    """The game's id (16 hex digits)."""
    variant: str
    """The variant's name."""
    seed: int
    """The seed of ``bz.new_deal`` / ``bz.new_game``."""
    whole_game: bool
    """A whole game (deal after deal) rather than one deal."""
    seats: tuple[str, ...]
    """``"human"`` or ``"bot:<name>"``, one a seat."""
    digests: dict[int, str]
    """The digest of each person's seat's token, by seat."""
    actions: tuple[tuple[int, str], ...]
    """``(player, action in notation)``, in order."""


class Storage(Protocol):
    """What the app needs of a database; :class:`Database` is the SQLite one.

    Every method is safe to call from any thread; a method that writes has committed when
    it returns.
    """

    quick: bool
    """Whether a write returns without waiting for a disk or a network (no flush): the
    app then writes from its event loop rather than from a worker thread."""

    def create(self, row: GameRow, now: float) -> None:
        """Store a new game with its token digests and first actions (the bots'), at once."""

    def add_actions(self, game_id: str, first: int, actions: Sequence[tuple[int, str]],
                    now: float) -> None:
        """Append a person's action and what followed it (numbered from ``first + 1``)."""

    def submit(self, game_id: str, first: int, actions: Sequence[tuple[int, str]], now: float,
               done: Callable[[BaseException | None], None]) -> None:
        """:meth:`add_actions` without waiting: ``done(None)`` is called once the actions
        are committed, ``done(error)`` if they are not (from another thread)."""

    def load(self, game_id: str) -> GameRow | None:
        """The stored game, or ``None``."""

    def count(self) -> int:
        """How many games are stored."""

    def expire(self, now: float, days: float, unplayed_days: float | None = None) -> int:
        """Delete the games without an action for ``days`` days and those in which no
        person acted for ``unplayed_days`` (if given); how many were deleted."""

    def close(self) -> None:
        """Release the database."""


class Database:
    """The games in SQLite; safe to share between threads (one connection, one lock).

    Args:
        path: A file (made if absent) or ``":memory:"``.
        synchronous: ``"full"`` or ``"normal"``: SQLite's ``synchronous`` for a file.

    Raises:
        BeziqueError: for an unknown ``synchronous``, a file that is no SQLite database
            or one of a schema this version does not know.
    """

    def __init__(self, path: str = ":memory:", synchronous: str = "full") -> None:
        if synchronous not in SYNCHRONOUS:
            raise bz.BeziqueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, "
                             f"not {synchronous!r}")
        self.path: str = path
        self.quick: bool = path == ":memory:" or synchronous == "normal"
        """No flush to the disk at a commit (in memory, or ``synchronous="normal"``)."""
        self._lock = threading.Lock()
        self._writes: list[_Write] = []
        """Submitted and not yet taken by the writer thread (under ``_wake``)."""
        self._wake = threading.Condition()
        self._writer: threading.Thread | None = None
        self._closing = False
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._open(synchronous)
        except sqlite3.Error as exc:
            raise bz.BeziqueError(f"{path}: not a database of games ({exc})") from None

    def _open(self, synchronous: str) -> None:
        path = self.path
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:":
                mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if mode != "wal":
                    raise bz.BeziqueError(f"{path}: the database refused WAL mode ({mode})")
                self._db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, 1, SCHEMA_VERSION):
                raise bz.BeziqueError(f"{path}: schema version {version}; this server "
                                   f"knows version {SCHEMA_VERSION}")
            self._db.executescript(_SCHEMA)
            if version == 1:  # games of version 1 count as played: they are kept as before
                self._db.execute("ALTER TABLE games ADD COLUMN moved INTEGER NOT NULL DEFAULT 1")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        """Close the connection, once every submitted write is committed."""
        with self._wake:
            self._closing = True
            writer = self._writer
            self._wake.notify()
        if writer is not None:
            writer.join()
        with self._lock:
            self._db.close()

    def create(self, row: GameRow, now: float) -> None:
        """Store a new game with its token digests and first actions, in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                (row.id, row.variant, row.seed, int(row.whole_game), json.dumps(row.seats),
                 now, now))
            self._db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                                 [(row.id, seat, d) for seat, d in row.digests.items()])
            self._insert_actions(row.id, 0, row.actions)

    def add_actions(self, game_id: str, first: int, actions: Sequence[tuple[int, str]],
                    now: float) -> None:
        """Append ``actions`` (numbered from ``first + 1``) to a game, committed when this
        returns (with ``synchronous="full"``, on the disk: the writer thread's flush); the
        game counts as played from now on."""
        if self.quick:
            error = self._commit([_Write(game_id, first, tuple(actions), now, _ignore)])[0]
        else:
            finished = threading.Event()
            outcome: list[BaseException | None] = []

            def done(error: BaseException | None) -> None:
                outcome.append(error)
                finished.set()

            self.submit(game_id, first, actions, now, done)
            finished.wait()
            error = outcome[0]
        if error is not None:
            raise error

    def submit(self, game_id: str, first: int, actions: Sequence[tuple[int, str]], now: float,
               done: Callable[[BaseException | None], None]) -> None:
        """:meth:`add_actions` without waiting: ``done(None)`` once the actions are committed
        (with ``synchronous="full"``, on the disk), ``done(error)`` if they are not; called
        from the writer thread (at once, from this thread, for a :attr:`quick` database).

        Raises:
            BeziqueError: once the database is closed.
        """
        write = _Write(game_id, first, tuple(actions), now, done)
        if self.quick:
            done(self._commit([write])[0])
            return
        with self._wake:
            if self._closing:
                raise bz.BeziqueError(f"{self.path}: the database is closed")
            self._writes.append(write)
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_all, daemon=True,
                                                name="bezique database writer")
                self._writer.start()
            self._wake.notify()

    def _write_all(self) -> None:
        """The writer thread: whatever was submitted meanwhile, in one transaction, until
        the database closes."""
        while True:
            with self._wake:
                while not self._writes and not self._closing:
                    self._wake.wait()
                if not self._writes:
                    return
                batch, self._writes = self._writes, []
            for write, error in zip(batch, self._commit(batch), strict=True):
                try:
                    write.done(error)
                except Exception:  # a bug of the caller's: the other writes still go on
                    logging.getLogger(__name__).exception("a write's callback failed")

    def _commit(self, batch: Sequence[_Write]) -> list[BaseException | None]:
        """The writes in one transaction, all in two statements (a thread that waits for
        the GIL at each statement must not wait at each write); if that fails, each write
        in a savepoint of its own, so that one that fails is undone alone. Each write's
        error, or all of them if the commit fails."""
        errors: list[BaseException | None] = [None] * len(batch)
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    self._append_all(batch)
                except sqlite3.Error:
                    if len(batch) == 1 or not self._db.in_transaction:
                        raise
                    self._db.execute("ROLLBACK")
                    self._db.execute("BEGIN IMMEDIATE")
                    errors = [self._append(write) for write in batch]
                if not self._db.in_transaction:  # SQLite rolled it back after an error
                    raise sqlite3.OperationalError("the transaction was rolled back")
                self._db.execute("COMMIT")
            except Exception as exc:  # every waiting write hears of it
                with contextlib.suppress(sqlite3.Error):
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                return [exc] * len(batch)
        return errors

    def _append_all(self, batch: Sequence[_Write]) -> None:
        """The writes' actions in one ``INSERT`` (a few if they are many), their games
        touched (at the latest write's time) in one ``UPDATE``."""
        rows = [(w.game_id, w.first + k + 1, p, a)
                for w in batch for k, (p, a) in enumerate(w.actions)]
        for start in range(0, len(rows), _ROWS):
            chunk = rows[start:start + _ROWS]
            self._db.execute("INSERT INTO actions VALUES "
                             + ", ".join(["(?, ?, ?, ?)"] * len(chunk)),
                             [value for row in chunk for value in row])
        ids = sorted({w.game_id for w in batch})
        for start in range(0, len(ids), _ROWS):
            some = ids[start:start + _ROWS]
            self._db.execute(f"UPDATE games SET touched = ?, moved = 1 WHERE id IN "
                             f"({', '.join(['?'] * len(some))})",
                             [max(w.now for w in batch), *some])

    def _append(self, write: _Write) -> sqlite3.Error | None:
        """One write within the transaction: ``None``, or its error (it is then undone)."""
        self._db.execute("SAVEPOINT write")
        try:
            self._append_all([write])
        except sqlite3.Error as exc:
            self._db.execute("ROLLBACK TO write")
            return exc
        finally:
            self._db.execute("RELEASE write")
        return None

    def load(self, game_id: str) -> GameRow | None:
        """The stored game, or ``None``."""
        with self._lock:
            found = self._db.execute(
                "SELECT variant, seed, whole_game, seats FROM games WHERE id = ?",
                (game_id,)).fetchone()
            if found is None:
                return None
            digests = dict(self._db.execute(
                "SELECT seat, digest FROM tokens WHERE game_id = ?", (game_id,)).fetchall())
            actions = self._db.execute(
                "SELECT player, action FROM actions WHERE game_id = ? ORDER BY number",
                (game_id,)).fetchall()
        variant, seed, whole, seats = found
        return GameRow(game_id, variant, seed, bool(whole), tuple(json.loads(seats)), digests,
                       tuple((p, a) for p, a in actions))

    def ids(self) -> list[str]:
        """Every stored game's id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def count(self) -> int:
        """How many games are stored."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def expire(self, now: float, days: float, unplayed_days: float | None = None) -> int:
        """Delete the games with no action for ``days`` days, and those in which no person
        acted for ``unplayed_days`` (if given); how many were deleted."""
        if unplayed_days is None:
            unplayed_days = days
        with self._lock, self._transaction():
            done = self._db.execute(
                "DELETE FROM games WHERE touched < ? OR (moved = 0 AND created < ?)",
                (now - days * 86400.0, now - unplayed_days * 86400.0))
            return done.rowcount

    def _insert_actions(self, game_id: str, first: int,
                        actions: Sequence[tuple[int, str]]) -> None:
        self._db.executemany(
            "INSERT INTO actions VALUES (?, ?, ?, ?)",
            [(game_id, first + k + 1, p, a) for k, (p, a) in enumerate(actions)])

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


def _ignore(error: BaseException | None) -> None:
    """A write's callback when nobody waits for it."""


@dataclass(frozen=True)
class _Write:
    """Actions to append to a game, and whom to tell once they are committed."""

    game_id: str
    first: int
    actions: tuple[tuple[int, str], ...]
    now: float
    done: Callable[[BaseException | None], None]


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def record(row: GameRow) -> bz.Record:
    """The game's record (``bz.Record``) rebuilt from its stored actions; replaying it
    gives the game's positions (raises the library's error if a stored action is not
    legal where it stands)."""
    variant = bz.variants.get(row.variant)
    start: bz.State | bz.Game = (bz.new_game(variant, seed=row.seed) if row.whole_game
                                 else bz.new_deal(variant, seed=row.seed))
    actions = []
    position = start
    for player, text in row.actions:
        action = bz.parse_action(position, text)
        position = bz.apply(position, action, player=player)
        actions.append(action)
    return bz.Record(variant, row.seed, kind="game" if row.whole_game else "deal",
                     actions=tuple(actions))
