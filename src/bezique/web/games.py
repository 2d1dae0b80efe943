"""The games of the web app: seats, tokens, bots, and the database behind them.

A :class:`Session` is one game in play: one deal (``bz.new_deal``) or a whole game
(``bz.new_game``, deal after deal to the game's end), with a kind per seat: ``"human"``
(a person, who acts with the seat's token) or ``"bot:<name>"`` (played by the server,
:data:`bezique.web.players.BOTS`). :meth:`Session.act` applies a person's action for
his seat with ``bz.apply(position, action, player=seat)`` (the library refuses a seat
out of turn with ``bz.NotYourTurnError``), then the bots' replies and the lone passes
(``bz.forced_action``) up to the next person's real choice or the end.

A :class:`GameStore` keeps the games in the database (:mod:`bezique.web.storage`) and,
for speed, the games in use in memory; every accepted action is committed to the
database before the store answers. A game not asked about for an hour leaves the memory
(not the database) and is rebuilt from its stored actions when next asked about. What a
seat may see is :mod:`bezique.web.views`' business; a seat's view is built once for
each number of moves and language and kept until the game moves.

The game in play is a :class:`~bezique.web.session.Session` (:mod:`bezique.web.session`).
The store's methods are synchronous and thread-safe (a lock per game); the app calls
them from worker threads, or from its event loop through the ``..._now`` methods, which
answer ``None`` rather than wait, and :meth:`GameStore.act_later`, which hands a move to
a database that flushes to the disk and calls back once it is there. Whoever wants to
hear of a game's moves (a long poll, a WebSocket) subscribes a listener with
:meth:`GameStore.watch`: it is called, from the thread that made the change, after each
change is committed (and after a move handed to the disk failed to be).

Only the public API of the library is used (``import bezique as bz``).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import bezique as bz
from bezique.web import players, storage, views
from bezique.web.limits import CreationLimit, RateLimit
from bezique.web.session import Listener, Session
from bezique.web.views import N_

__all__ = ["HINT_WORLDS", "IDLE_LIMIT", "MAX_GAMES", "REVIEW_WORLDS", "GameStore",
           "RequestError", "Session"]

IDLE_LIMIT = 3600.0
"""Seconds after which a game nobody asked about leaves the memory (it stays stored)."""

MAX_GAMES = 10000
"""Games stored at most at once; a new one beyond them is refused (503) until some expire."""

HINT_WORLDS = 8
"""Determinizations of a hint's search: a fraction of a second in two-pack."""

REVIEW_WORLDS = 4
"""Determinizations a decision of a review's search: some seconds for a two-pack deal."""

RequestError = views.RequestError


class GameStore:
    """The games: stored in ``db``, the ones in use also in memory, each behind its lock.

    Args:
        bot: The bot of the older request's seats when it names none.
        db: The database (an in-memory SQLite one unless given).
        clock: Seconds since the epoch (``time.time`` unless a test gives another); it
            dates the actions for the expiry rule, times the memory's idle limit and the
            creation limits.
        idle_limit: Seconds after which a game nobody asked about leaves the memory.
        max_games: Games stored at most at once.
        expire_days: Days without an action after which a game is deleted
            (:mod:`bezique.web.storage`), checked now and at every creation; at least 1.
        unplayed_days: Days after which a game in which no person acted is deleted
            (``None``: as the others, after ``expire_days`` without an action).
        limit: The creation limits per client address (:class:`CreationLimit`'s
            defaults unless given).
        search_slots: Heavy bots' decisions at once, server-wide
            (:class:`bezique.web.players.SearchSlots`); the hints' and reviews' searches
            take the same slots.
        ask_limit: The hints and reviews an address may ask for
            (:class:`~bezique.web.limits.RateLimit`: 30 at once, 600 an hour, unless
            given).
        hint_worlds: Determinizations of a hint's search (:mod:`bezique.web.advice`).
        review_worlds: Determinizations of a review's search, a decision.

    Raises:
        BeziqueError: for an unknown bot or ``expire_days`` below 1.
    """

    def __init__(self, *, bot: str = "greedy", db: storage.Storage | None = None,
                 clock: Callable[[], float] = time.time, idle_limit: float = IDLE_LIMIT,
                 max_games: int = MAX_GAMES, expire_days: float = storage.EXPIRE_DAYS,
                 unplayed_days: float | None = None,
                 limit: CreationLimit | None = None, search_slots: int = 1,
                 ask_limit: RateLimit | None = None, hint_worlds: int = HINT_WORLDS,
                 review_worlds: int = REVIEW_WORLDS) -> None:
        if bot not in players.BOTS:
            raise bz.BeziqueError(f"unknown bot {bot!r}; the bots are: {', '.join(players.BOTS)}")
        if not expire_days >= 1:  # NaN too
            raise bz.BeziqueError(f"the expiry must be at least 1 day, not {expire_days}: a "
                             "smaller one would delete the games in play")
        self.bot: str = bot
        self.db: storage.Storage = db if db is not None else storage.Database()
        self.clock: Callable[[], float] = clock
        self.idle_limit: float = idle_limit
        self.max_games: int = max_games
        self.expire_days: float = expire_days
        self.unplayed_days: float | None = unplayed_days
        self.limit: CreationLimit = limit if limit is not None else CreationLimit()
        self.slots: players.SearchSlots = players.SearchSlots(search_slots)
        self.ask_limit: RateLimit = (ask_limit if ask_limit is not None else
                                     RateLimit(what="hints and reviews"))
        self.hint_worlds: int = hint_worlds
        self.review_worlds: int = review_worlds
        self._games: dict[str, Session] = {}
        self._lock = threading.Lock()
        self.db.expire(clock(), expire_days, unplayed_days)

    def __len__(self) -> int:
        return self.db.count()

    def create(self, request: object, lang: str = "en", *,
               address: str = "") -> dict[str, Any]:
        """Start a game from a request (:func:`bezique.web.players.parse_new_game`) made
        from ``address``: the bots' first moves played, stored; the first person's view
        (in ``lang``) with every person's token.

        Raises:
            RequestError: 400 for a bad request; 429 (with ``Retry-After``) beyond the
                address's limits; 503 when the database is full.
        """
        variant, seed, whole, seats = players.parse_new_game(request, self.bot)
        now = self.clock()
        self.limit.admit(address, now)
        self.db.expire(now, self.expire_days, self.unplayed_days)
        if len(self) >= self.max_games:
            raise views.refused(503, N_("the server holds {count} games, as many as it keeps; "
                                        "try again later"), count=self.max_games)
        tokens = {p: secrets.token_urlsafe(24) for p, kind in enumerate(seats)
                  if kind == "human"}
        row = storage.GameRow(secrets.token_hex(8), variant.name, seed, whole, seats,
                              {p: storage.digest(t) for p, t in tokens.items()}, ())
        session = Session(row, self.slots)
        session.play_automatic()
        self.db.create(storage.GameRow(row.id, row.variant, seed, whole, seats, row.digests,
                                       tuple(session.taken_since(0))), now)
        self.limit.created(address, row.id, now)
        with session.lock:
            answer = session.view(min(tokens), lang).data()
        with self._lock:
            session.used = now
            self._games[session.id] = session
        answer["tokens"] = {str(p): t for p, t in tokens.items()}
        return answer

    def run(self, game_id: str, work: Callable[[Session], Any]) -> Any:
        """``work(session)`` with the session's lock held.

        Raises:
            RequestError: 404 for an unknown id (or a game deleted by the expiry rule).
        """
        session = self._session(game_id)
        with session.lock:
            try:
                return work(session)
            finally:
                session.used = self.clock()

    def act(self, game_id: str, token: str, text: str, lang: str = "en", *,
            after: int | None = None) -> dict[str, Any]:
        """The token's seat's action (:meth:`Session.act`), committed to the database
        before the answer: the seat's view (in ``lang``); see :meth:`act_view`."""
        return self.act_view(game_id, token, text, lang, after=after).data()

    def act_view(self, game_id: str, token: str, text: str, lang: str = "en", *,
                 after: int | None = None) -> views.SeatView:
        """The token's seat's action (:meth:`Session.act`), committed to the database
        before the answer: the seat's view (in ``lang``), as JSON.

        Raises:
            RequestError: 409 with the code ``"stale"`` when ``after`` is given and is not
                the game's number of moves (a retried request: nothing is played); and
                :meth:`Session.act`'s refusals.
        """
        result: views.SeatView = self.run(
            game_id, lambda session: self._act(session, token, text, lang, after))
        return result

    def act_now(self, game_id: str, token: str, text: str, lang: str = "en", *,
                after: int | None = None) -> views.SeatView | None:
        """:meth:`act_view` if it needs no wait, else ``None``: for the event loop, which
        must not block. It needs none when the game is in memory and free, none of its
        bots searches and the database writes without waiting for a disk
        (:attr:`bezique.web.storage.Storage.quick`); else see :meth:`act_later`."""
        session = self._in_memory(game_id)
        if session is None or session.heavy or not self.db.quick:
            return None
        if not session.lock.acquire(blocking=False):
            return None
        try:
            return self._act(session, token, text, lang, after)
        finally:
            session.used = self.clock()
            session.lock.release()

    def act_later(self, game_id: str, token: str, text: str, lang: str,
                  after: int | None, done: Callable[[views.SeatView | BaseException], None]
                  ) -> bool:
        """:meth:`act_view` without blocking, for the event loop when the database flushes
        to the disk: the action is applied now and handed to the database's writer
        (:meth:`~bezique.web.storage.Storage.submit`); ``done(view)`` is called once it is
        committed, ``done(error)`` if it is not (the game then back where it was), from
        the writer's thread. The game stays locked until then, so that nobody sees a move
        that is not yet stored. ``False`` (nothing done) when it would have to wait: the
        game not in memory or busy, or one of its bots searches.

        Raises:
            RequestError: :meth:`act_view`'s refusals (nothing is then played).
        """
        session = self._in_memory(game_id)
        if session is None or session.heavy or not session.lock.acquire(blocking=False):
            return False

        def free() -> None:
            session.used = self.clock()
            session.lock.release()

        try:
            seat, first, taken, snapshot = self._play(session, token, text, after)
        except BaseException:
            free()
            raise

        def committed(error: BaseException | None) -> None:
            if error is not None:
                session.restore(snapshot)
            session.committing = False
            free()
            if error is None:
                self.limit.played(session.id)
            for listener in list(session.listeners):  # those who waited for the commit too
                listener()
            done(view if error is None else error)

        try:
            view = session.view(seat, lang)
            session.committing = True
            self.db.submit(session.id, first, taken, self.clock(), committed)
        except BaseException:  # the lock is the writer's only once submit returns
            session.committing = False
            session.restore(snapshot)
            free()
            raise
        return True

    def _act(self, session: Session, token: str, text: str, lang: str,
             after: int | None) -> views.SeatView:
        """The action, with the session's lock held."""
        seat, first, taken, snapshot = self._play(session, token, text, after)
        try:
            self.db.add_actions(session.id, first, taken, self.clock())
        except Exception:
            session.restore(snapshot)
            raise
        self._moved(session)
        return session.view(seat, lang)

    def _play(self, session: Session, token: str, text: str, after: int | None
              ) -> tuple[int, int, list[tuple[int, str]], tuple[Any, ...]]:
        """The action applied in memory, with the session's lock held: the seat, the
        number of actions before, the actions taken and what undoes them."""
        seat = session.seat_of(token)
        first = len(session.actions)
        if after is not None and after != first:
            raise views.refused(409, N_("the game has had {moves} moves, not {after}: this "
                                        "action was sent for another position"),
                                code="stale", moves=first, after=after)
        snapshot = session.snapshot()
        return seat, first, session.act(seat, text), snapshot

    def _moved(self, session: Session) -> None:
        """After a committed change: the game counts as played, its listeners hear of it."""
        self.limit.played(session.id)
        for listener in list(session.listeners):
            listener()

    def look(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
        """The token's seat's view (in ``lang``).

        Raises:
            RequestError: 404 for an unknown game, 403 for a token of no seat of it.
        """
        return self.look_view(game_id, token, lang).data()

    def look_view(self, game_id: str, token: str, lang: str = "en") -> views.SeatView:
        """The token's seat's view (in ``lang``), as JSON; see :meth:`look`."""
        result: views.SeatView = self.run(
            game_id, lambda session: session.view(session.seat_of(token), lang))
        return result

    def look_now(self, game_id: str, token: str, lang: str = "en") -> views.SeatView | None:
        """:meth:`look_view` if it needs no wait (the game in memory and free), else
        ``None``: for the event loop, which must not block."""
        session = self._in_memory(game_id)
        if session is None or not session.lock.acquire(blocking=False):
            return None
        try:
            session.used = self.clock()
            return session.view(session.seat_of(token), lang)
        finally:
            session.lock.release()

    def watch_now(self, game_id: str, listener: Listener) -> Callable[[], None] | None:
        """:meth:`watch` if the game is in memory (no wait), else ``None``."""
        session = self._in_memory(game_id)
        if session is None:
            return None
        session.listeners.add(listener)  # one step under the GIL: safe without the lock
        return lambda: session.listeners.discard(listener)

    def committing(self, game_id: str) -> bool:
        """Whether a move of the game is on its way to the disk (:meth:`act_later`): its
        listeners are called once it is there, stored or not, and the game is free."""
        session = self._games.get(game_id)
        return session is not None and session.committing

    def has_in_memory(self, game_id: str) -> bool:
        """Whether the game is in memory (so it exists: no database read needed)."""
        return self._in_memory(game_id) is not None

    def _in_memory(self, game_id: str) -> Session | None:
        """The game if it is in memory and not due to leave it (a read of one dict)."""
        session = self._games.get(game_id)
        if session is None or self.clock() - session.used > self.idle_limit:
            return None
        return session

    def watch(self, game_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each change of the game (from the thread that made it)
        until the function returned is called. A watched game stays in memory.

        Raises:
            RequestError: 404 for an unknown game.
        """
        session = self._session(game_id)
        with session.lock:
            session.listeners.add(listener)

        def stop() -> None:
            with session.lock:
                session.listeners.discard(listener)

        return stop

    def _session(self, game_id: str) -> Session:
        with self._lock:
            now = self.clock()
            for idle in [g for g, s in self._games.items()
                         if now - s.used > self.idle_limit and not s.listeners]:
                del self._games[idle]
            session = self._games.get(game_id)
            if session is None:
                row = self.db.load(game_id)
                if row is None:
                    raise views.refused(404, N_("no game {game} (unknown, or deleted after "
                                                "{days} days without an action)"),
                                        game=players.shown(game_id),
                                        days=float(self.expire_days))
                session = Session(row, self.slots)
                self._games[game_id] = session
            session.used = now
            return session
