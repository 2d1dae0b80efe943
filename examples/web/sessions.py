"""The games of the reference web app: seats, tokens, bots, and the database behind them.

A :class:`Session` is one game in play: one deal (``bz.new_deal``) or a whole game
(``bz.new_game``, deal after deal to the game's end), with a kind per seat: ``"human"``
(a person, who acts with the seat's token) or ``"bot:<name>"`` (played by the server).
:meth:`Session.act` applies a person's action for his seat with
``bz.apply(position, action, player=seat)`` (the library refuses a seat out of turn
with ``bz.NotYourTurnError``), then the bots' replies and the lone passes
(``bz.forced_action``) up to the next person's real choice or the end.

A :class:`GameStore` keeps the games in the database (:mod:`storage`) and, for speed,
the games in use in memory; every accepted action is committed to the database before
the store answers. A game not asked about for an hour leaves the memory (not the
database) and is rebuilt from its stored actions when next asked about. What a seat
may see is :mod:`views`' business.

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

import storage
import views

import bezique as bz

__all__ = ["BOTS", "GameStore", "RequestError", "Session"]

BOTS: dict[str, Callable[[], Any]] = {
    "greedy": bz.bots.GreedyBot,
    "search": bz.bots.SearchBot,
    "random": bz.bots.RandomBot,
}
"""The bots a seat may be played by, by their names (``"bot:greedy"``)."""

IDLE_LIMIT = 3600.0
"""Seconds after which a game nobody asked about leaves the memory (it stays stored)."""

MAX_GAMES = 10000
"""Games stored at most at once; a new one beyond them is refused (503) until some expire."""

WAIT_LIMIT = 25.0
"""Seconds a ``GET /api/games/<id>?after=N`` waits at most for the game to move on."""

RequestError = views.RequestError


class Session:
    """One game: its seats, its position and every action taken, rebuilt from ``row``.

    The position, the actions and the log change only under ``lock`` (the store hands
    out a session only with its lock held); ``changed`` is notified after each change.
    """

    def __init__(self, row: storage.GameRow) -> None:
        self.id = row.id
        self.variant = bz.variants.get(row.variant)
        self.seed = row.seed
        self.whole_game = row.whole_game
        self.seats = row.seats
        self.digests = row.digests
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
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
        self._bots = {p: BOTS[kind[4:]]() for p, kind in enumerate(row.seats)
                      if kind.startswith("bot:")}
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
            bot = self._bots.get(player)
            if bot is not None:
                rng = random.Random(f"{self.seed}:{len(self.actions)}")
                action = bot.choose(bz.observe(self.position, player), rng)
            else:
                action = bz.forced_action(self.position)
                if not isinstance(action, bz.Pass):
                    return
            self._apply(action, player)

    def taken_since(self, first: int) -> list[tuple[int, str]]:
        """The actions after the first ``first``, as ``(player, notation)``."""
        return [(p, text) for _, p, text, _ in self.log[first:]]

    def snapshot(self) -> tuple[Any, ...]:
        """What :meth:`restore` needs to undo what followed (a failed commit)."""
        return (self.position, len(self.actions), self.last_trick, self.last_winner)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Go back to ``snapshot``."""
        self.position, count, self.last_trick, self.last_winner = snapshot
        del self.actions[count:], self.log[count:]

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


def _seats(request: dict[str, Any], variant: bz.Variant, default_bot: str) -> tuple[str, ...]:
    """The seats a new game's request asks for: ``"seats"``, or the older ``"bot"`` and
    ``"seat"`` (one person at ``seat``, ``bot`` at the others)."""
    players = variant.players
    if "seats" not in request:
        bot = request.get("bot") or default_bot
        if not isinstance(bot, str) or bot not in BOTS:
            raise RequestError(400, f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")
        seat = request.get("seat", 0)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RequestError(400, f"seat must be 0-{players - 1} in {variant.name}, "
                                    f"not {seat!r}")
        return tuple("human" if p == seat else f"bot:{bot}" for p in range(players))
    if "bot" in request or "seat" in request:
        raise RequestError(400, 'give "seats", or the older "bot" and "seat", not both')
    seats = request["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise RequestError(400, f"seats must be a list of {players} seats in {variant.name}, "
                                f"not {seats!r}")
    kinds = ["human", *(f"bot:{name}" for name in BOTS)]
    for kind in seats:
        if kind not in kinds:
            raise RequestError(400, f"unknown seat {kind!r}; a seat is one of: "
                                    f"{', '.join(kinds)}")
    if "human" not in seats:
        raise RequestError(400, "at least one seat must be a person's (\"human\")")
    return tuple(seats)


def parse_new_game(request: object, default_bot: str) -> tuple[bz.Variant, int, bool,
                                                                tuple[str, ...]]:
    """The variant, seed, whole-game flag and seats of a new game's request.

    Raises:
        RequestError: 400 naming the bad field.
    """
    if not isinstance(request, dict):
        raise RequestError(400, "the request must be a JSON object")
    fields = ("variant", "seed", "seats", "whole_game", "bot", "seat")
    unknown = sorted(set(request) - set(fields))
    if unknown:
        raise RequestError(400, f"unknown field {unknown[0]!r}; the fields are: "
                                f"{', '.join(fields)}")
    name = request.get("variant", "two-pack")
    if not isinstance(name, str):
        raise RequestError(400, f"variant must be a name, not {name!r}")
    try:
        variant = bz.variants.get(name)
    except bz.VariantError as exc:
        raise RequestError(400, str(exc)) from None
    seed = request.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise RequestError(400, f"seed must be a whole number from 0 to 2**63 - 1, "
                                f"not {seed!r}")
    whole = request.get("whole_game", False)
    if not isinstance(whole, bool):
        raise RequestError(400, f"whole_game must be true or false, not {whole!r}")
    return variant, seed, whole, _seats(request, variant, default_bot)


class GameStore:
    """The games: stored in ``db``, the ones in use also in memory, each behind its lock.

    Args:
        bot: The bot of the older request's seats when it names none.
        db: The database (an in-memory one unless given).
        clock: Seconds since the epoch (``time.time`` unless a test gives another); it
            dates the actions for the expiry rule and times the memory's idle limit.
        idle_limit: Seconds after which a game nobody asked about leaves the memory.
        max_games: Games stored at most at once.
        expire_days: Days without an action after which a game is deleted
            (:mod:`storage`), checked now and at every creation.
    """

    def __init__(self, *, bot: str = "greedy", db: storage.Database | None = None,
                 clock: Callable[[], float] = time.time, idle_limit: float = IDLE_LIMIT,
                 max_games: int = MAX_GAMES,
                 expire_days: float = storage.EXPIRE_DAYS) -> None:
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")
        self.bot = bot
        self.db = db if db is not None else storage.Database()
        self.clock = clock
        self.idle_limit = idle_limit
        self.max_games = max_games
        self.expire_days = expire_days
        self._games: dict[str, Session] = {}
        self._lock = threading.Lock()
        self.db.expire(clock(), expire_days)

    def __len__(self) -> int:
        return self.db.count()

    def create(self, request: object, lang: str = "en") -> dict[str, Any]:
        """Start a game from a request (see :func:`parse_new_game`): the bots' first moves
        played, stored; the first person's view (in ``lang``) with every person's token.

        Raises:
            RequestError: 400 for a bad request; 503 when the database is full.
        """
        variant, seed, whole, seats = parse_new_game(request, self.bot)
        now = self.clock()
        self.db.expire(now, self.expire_days)
        if len(self) >= self.max_games:
            raise RequestError(503, f"the server holds {self.max_games} games, as many as it "
                                    "keeps; try again later")
        tokens = {p: secrets.token_urlsafe(24) for p, kind in enumerate(seats)
                  if kind == "human"}
        row = storage.GameRow(secrets.token_hex(8), variant.name, seed, whole, seats,
                              {p: storage.digest(t) for p, t in tokens.items()}, ())
        session = Session(row)
        session.play_automatic()
        self.db.create(storage.GameRow(row.id, row.variant, seed, whole, seats, row.digests,
                                       tuple(session.taken_since(0))), now)
        with session.lock:
            answer = views.view(session, min(tokens), lang)
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

    def act(self, game_id: str, token: str, text: str, lang: str = "en") -> dict[str, Any]:
        """The token's seat's action (:meth:`Session.act`), committed to the database
        before the answer: the seat's view (in ``lang``)."""
        def work(session: Session) -> dict[str, Any]:
            seat = session.seat_of(token)
            snapshot = session.snapshot()
            first = len(session.actions)
            taken = session.act(seat, text)
            try:
                self.db.add_actions(session.id, first, taken, self.clock())
            except Exception:
                session.restore(snapshot)
                raise
            session.changed.notify_all()
            return views.view(session, seat, lang)

        result: dict[str, Any] = self.run(game_id, work)
        return result

    def look(self, game_id: str, token: str, after: int | None = None,
             timeout: float = WAIT_LIMIT, lang: str = "en") -> dict[str, Any]:
        """The token's seat's view (in ``lang``); with ``after``, once the game has more
        than ``after`` actions, or it is the seat's turn, or the game is over (or
        ``timeout`` seconds have passed)."""
        def work(session: Session) -> dict[str, Any]:
            seat = session.seat_of(token)
            if after is not None:
                session.changed.wait_for(lambda: len(session.actions) > after or (
                    session.position.to_move in (seat, None)), timeout)
            return views.view(session, seat, lang)

        result: dict[str, Any] = self.run(game_id, work)
        return result

    def _session(self, game_id: str) -> Session:
        with self._lock:
            now = self.clock()
            for idle in [g for g, s in self._games.items() if now - s.used > self.idle_limit]:
                del self._games[idle]
            session = self._games.get(game_id)
            if session is None:
                row = self.db.load(game_id)
                if row is None:
                    raise RequestError(404, f"no game {game_id!r} (unknown, or deleted after "
                                            f"{self.expire_days:g} days without an action)")
                session = Session(row)
                self._games[game_id] = session
            session.used = now
            return session
