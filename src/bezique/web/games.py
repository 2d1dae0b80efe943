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

The store's methods are synchronous and thread-safe (a lock per game); the app calls
them from worker threads. Whoever wants to hear of a game's moves (a long poll, a
WebSocket) subscribes a listener with :meth:`GameStore.watch`: it is called, from the
thread that made the change, after each change is committed.

Only the public API of the library is used (``import bezique as bz``).
"""

from __future__ import annotations

import hmac
import random
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import bezique as bz
from bezique.web import players, storage, views
from bezique.web.limits import CreationLimit

__all__ = ["IDLE_LIMIT", "MAX_GAMES", "GameStore", "RequestError", "Session"]

IDLE_LIMIT = 3600.0
"""Seconds after which a game nobody asked about leaves the memory (it stays stored)."""

MAX_GAMES = 10000
"""Games stored at most at once; a new one beyond them is refused (503) until some expire."""

RequestError = views.RequestError

Listener = Callable[[], None]
"""Called after each committed change of a game (from the thread that made it)."""


class Session:
    """One game: its seats, its position and every action taken, rebuilt from ``row``.

    The position, the actions and the log change only under ``lock`` (the store hands
    out a session only with its lock held); the ``listeners`` are called after each
    change is committed.

    Args:
        row: The stored game.
        slots: Where a heavy bot's decision waits its turn (one slot of its own unless
            given).
    """

    def __init__(self, row: storage.GameRow, slots: players.SearchSlots | None = None) -> None:
        self.id = row.id
        self.variant = bz.variants.get(row.variant)
        self.seed = row.seed
        self.whole_game = row.whole_game
        self.seats = row.seats
        self.digests = row.digests
        self.lock = threading.Lock()
        self.listeners: set[Listener] = set()
        self.views: dict[tuple[int, str], views.SeatView] = {}
        """The seats' views of the current position, by ``(seat, language)``."""
        self.shared: str | None = None
        """What every seat's view of the current position holds, as JSON members."""
        self.log_json: list[str] = []
        """The log's entries as JSON, one for each of :attr:`log`'s."""
        self.slots = slots if slots is not None else players.SearchSlots()
        self.start: bz.State | bz.Game = (
            bz.new_game(self.variant, seed=row.seed) if row.whole_game
            else bz.new_deal(self.variant, seed=row.seed))
        self.position = self.start
        self.actions: list[bz.Action] = []
        self.log: list[tuple[int, int, str, bool]] = []
        """``(deal number, player, action, forced)`` for every action; ``forced`` marks a
        person's lone pass played for him."""
        self.last_trick: tuple[tuple[int, bz.Card], ...] = ()
        self.last_winner: int | None = None
        self.used = 0.0
        self._bots = {p: players.BOTS[kind[4:]] for p, kind in enumerate(row.seats)
                      if kind.startswith("bot:")}
        self._playing = {p: bot.make() for p, bot in self._bots.items()}
        self.heavy = any(bot.heavy for bot in self._bots.values())
        """Whether a bot of the game searches (its moves are made in a worker thread)."""
        for player, text in row.actions:
            self._apply(bz.parse_action(self.position, text), player)

    @property
    def state(self) -> bz.State:
        """The deal in play (a whole game's current deal)."""
        position = self.position
        return position.current if isinstance(position, bz.Game) else position

    @property
    def deal_number(self) -> int:
        """The number of the deal in play, from 1."""
        position = self.position
        if not isinstance(position, bz.Game):
            return 1
        return len(position.deals) + (0 if position.is_over else 1)

    def seat_of(self, token: str) -> int:
        """The seat whose token this is.

        Raises:
            RequestError: 403 when it is no seat's token in this game.
        """
        wanted = storage.digest(token)
        for seat, stored in self.digests.items():
            if hmac.compare_digest(stored, wanted):
                return seat
        raise RequestError(403, "this token is no seat's in this game")

    def act(self, seat: int, text: str) -> list[tuple[int, str]]:
        """Apply ``seat``'s action written in the notation, then the bots' replies and
        the lone passes; the actions applied, as ``(player, notation)``.

        Raises:
            RequestError: 409 when it is not the seat's turn (``bz.NotYourTurnError``);
                400 for text that is no action or an action the rules refuse (with the
                rule id). The game is then unchanged.
        """
        try:
            action = bz.parse_action(self.position, f"{seat}: {text}")
            bz.check_action(self.position, action, player=seat)
        except bz.NotYourTurnError as exc:
            raise RequestError(409, str(exc), exc.rule, exc) from None
        except bz.IllegalActionError as exc:
            raise RequestError(400, str(exc), exc.rule, exc) from None
        except bz.BeziqueError as exc:
            raise RequestError(400, str(exc)) from None
        first = len(self.actions)
        self._apply(action, seat)
        self.play_automatic()
        return self.taken_since(first)

    def play_automatic(self) -> None:
        """Play the bots' seats and the lone passes until a person has a choice or the end."""
        while (player := self.position.to_move) is not None:
            bot = self._playing.get(player)
            if bot is not None:
                rng = random.Random(f"{self.seed}:{len(self.actions)}")
                observation = bz.observe(self.position, player)
                chosen = (self.slots.choose(bot, observation, rng) if self._bots[player].heavy
                          else bot.choose(observation, rng))
                self._apply(chosen, player)
                continue
            forced = bz.forced_action(self.position)
            if not isinstance(forced, bz.Pass):
                return
            self._apply(forced, player)

    def taken_since(self, first: int) -> list[tuple[int, str]]:
        """The actions after the first ``first``, as ``(player, notation)``."""
        return [(p, text) for _, p, text, _ in self.log[first:]]

    def view(self, seat: int, lang: str = "en") -> views.SeatView:
        """``seat``'s view in ``lang`` (:func:`bezique.web.views.render`), written once
        for each position and language."""
        key = (seat, lang)
        found = self.views.get(key)
        if found is None:
            found = self.views[key] = views.render(self, seat, lang)
        return found

    def snapshot(self) -> tuple[Any, ...]:
        """What :meth:`restore` needs to undo what followed (a failed commit)."""
        return (self.position, len(self.actions), self.last_trick, self.last_winner)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Go back to ``snapshot``."""
        self.position, count, self.last_trick, self.last_winner = snapshot
        del self.actions[count:], self.log[count:], self.log_json[count:]
        self.views.clear()
        self.shared = None

    def record(self) -> str:
        """The record of the deal or the whole game (``bz.Record.dumps``), once it is over.

        Raises:
            RequestError: 409 while it is on: the record holds the seed, which would
                show every hidden card.
        """
        if not self.position.is_over:
            what = "game" if self.whole_game else "deal"
            raise RequestError(409, f"the record is available when the {what} is over "
                                    "(its seed would show the hidden cards)")
        return bz.Record.from_play(self.start, self.actions).dumps()

    def _apply(self, action: bz.Action, player: int) -> None:
        before = self.state
        deal = self.deal_number
        forced = player not in self._bots and isinstance(bz.forced_action(before), bz.Pass)
        self.position = bz.apply(self.position, action, player=player)
        after = self.state
        if after is not before and self.deal_number != deal:  # a new deal began
            self.last_trick, self.last_winner = (), None
        elif isinstance(action, bz.Play) and not after.trick:  # this card ended the trick
            self.last_trick = (*before.trick, (player, action.card))
            self.last_winner = after.last_winner
        self.actions.append(action)
        self.log.append((deal, player, bz.format_action(action), forced))
        self.log_json.append(views.log_entry(*self.log[-1][1:]))
        self.views.clear()
        self.shared = None


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
            (:class:`bezique.web.players.SearchSlots`).

    Raises:
        BeziqueError: for an unknown bot or ``expire_days`` below 1.
    """

    def __init__(self, *, bot: str = "greedy", db: storage.Storage | None = None,
                 clock: Callable[[], float] = time.time, idle_limit: float = IDLE_LIMIT,
                 max_games: int = MAX_GAMES, expire_days: float = storage.EXPIRE_DAYS,
                 unplayed_days: float | None = None,
                 limit: CreationLimit | None = None, search_slots: int = 1) -> None:
        if bot not in players.BOTS:
            raise bz.BeziqueError(f"unknown bot {bot!r}; the bots are: {', '.join(players.BOTS)}")
        if not expire_days >= 1:  # NaN too
            raise bz.BeziqueError(f"the expiry must be at least 1 day, not {expire_days}: a "
                             "smaller one would delete the games in play")
        self.bot = bot
        self.db: storage.Storage = db if db is not None else storage.Database()
        self.clock = clock
        self.idle_limit = idle_limit
        self.max_games = max_games
        self.expire_days = expire_days
        self.unplayed_days = unplayed_days
        self.limit = limit if limit is not None else CreationLimit()
        self.slots = players.SearchSlots(search_slots)
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
            raise RequestError(503, f"the server holds {self.max_games} games, as many as it "
                                    "keeps; try again later")
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
        (:attr:`bezique.web.storage.Storage.quick`)."""
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

    def _act(self, session: Session, token: str, text: str, lang: str,
             after: int | None) -> views.SeatView:
        """The action, with the session's lock held."""
        seat = session.seat_of(token)
        first = len(session.actions)
        if after is not None and after != first:
            raise RequestError(409, f"the game has had {first} moves, not {after}: "
                                    "this action was sent for another position", code="stale")
        snapshot = session.snapshot()
        taken = session.act(seat, text)
        try:
            self.db.add_actions(session.id, first, taken, self.clock())
        except Exception:
            session.restore(snapshot)
            raise
        self.limit.played(session.id)
        for listener in list(session.listeners):
            listener()
        return session.view(seat, lang)

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
                    raise RequestError(404, f"no game {players.shown(game_id)} (unknown, or "
                                            f"deleted after {self.expire_days:g} days "
                                            "without an action)")
                session = Session(row, self.slots)
                self._games[game_id] = session
            session.used = now
            return session
