"""The games of the reference web client, kept in memory, and what a browser may see of them.

A :class:`Session` is one deal between a person (the human seat) and bots
playing every other seat. :meth:`Session.act` applies the person's action and
then the bots' replies, up to the person's next turn or the end of the deal. A pass
that is the person's only legal action (``bz.forced_action``) is played for him on the
way, and marked ``"forced": true`` in the log.
:func:`view` is the only door to the browser: it holds the human seat's
observation (``bz.observe``, written by ``bz.to_json``), the legal actions in
the library's notation and the public log, never a card the person may not see.

A :class:`GameStore` keeps the sessions by id, serialises the requests to one
game with a lock of its own, and drops a game left alone for longer than its
idle limit (an hour by default). Its clock can be replaced, so that a test can
let an hour pass at once.

Only the public API of the library is used (``import bezique as bz``).
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import bezique as bz
from bezique.notation import card_text

__all__ = ["BOTS", "GameStore", "RequestError", "Session", "view"]

BOTS: dict[str, Callable[[], Any]] = {
    "greedy": bz.bots.GreedyBot,
    "search": bz.bots.SearchBot,
    "random": bz.bots.RandomBot,
}
"""The bots a game may be played against, by their command-line names."""

IDLE_LIMIT = 3600.0
"""Seconds after which a game nobody asked about is dropped."""

MAX_GAMES = 1000
"""Games kept at most at once; a new one beyond them is refused (503) until some are dropped."""

class RequestError(Exception):
    """A request the server refuses; ``status`` is the HTTP status, ``rule`` a rule id or None."""

    def __init__(self, status: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


class Session:
    """One deal: the person at ``seat``, ``bot`` at every other seat.

    The state, the actions taken and the last complete trick change only
    under ``lock`` (the store hands out a session only with its lock held).
    """

    def __init__(self, game_id: str, variant: bz.Variant, *, seed: int, bot: str,
                 seat: int = 0) -> None:
        self.id = game_id
        self.variant = variant
        self.seed = seed
        self.bot_name = bot
        self.seat = seat
        self.lock = threading.Lock()
        self.start = bz.new_deal(variant, seed=seed)
        self.state = self.start
        self.actions: list[bz.Action] = []
        self.log: list[tuple[int, str, bool]] = []
        self.last_trick: tuple[tuple[int, bz.Card], ...] = ()
        self.last_winner: int | None = None
        self.used = 0.0
        self._bot = BOTS[bot]()
        self._rng = random.Random(seed)
        self._play_bots()

    def act(self, text: str) -> None:
        """Apply the person's action written in the notation, then the bots' replies.

        Raises:
            RequestError: 400 for text that is no action, an action the rules
                refuse (with the rule id) or a move out of turn; the game is
                then unchanged.
        """
        state = self.state
        if state.to_move != self.seat:
            who = "the deal is over" if state.is_over else f"it is player {state.to_move}'s turn"
            raise RequestError(400, f"not your turn: {who}")
        try:
            action = bz.parse_action(state, text)
            bz.check_action(state, action)
        except bz.IllegalActionError as exc:
            raise RequestError(400, str(exc), exc.rule) from None
        except bz.BeziqueError as exc:
            raise RequestError(400, str(exc)) from None
        self._apply(action)
        self._play_bots()

    def record(self) -> str:
        """The deal's record (``bz.Record.dumps``), once the deal is over.

        Raises:
            RequestError: 409 while the deal is on: the record holds the seed,
                which would show every hidden card.
        """
        if not self.state.is_over:
            raise RequestError(409, "the record is available when the deal is over "
                                    "(its seed would show the hidden cards)")
        return bz.Record.from_play(self.start, self.actions).dumps()

    def _apply(self, action: bz.Action, forced: bool = False) -> None:
        before = self.state
        player = before.to_move
        assert player is not None
        after = bz.apply(before, action)
        if isinstance(action, bz.Play) and not after.trick:  # this card completed the trick
            self.last_trick = (*before.trick, (player, action.card))
            self.last_winner = bz.observe(after, self.seat).last_winner
        self.state = after
        self.actions.append(action)
        self.log.append((player, bz.format_action(action), forced))

    def _play_bots(self) -> None:
        """The bots' moves, and the person's forced passes, up to his next real choice."""
        while (player := self.state.to_move) is not None:
            if player != self.seat:
                self._apply(self._bot.choose(bz.observe(self.state, player), self._rng))
            elif isinstance(bz.forced_action(self.state), bz.Pass):
                self._apply(bz.Pass(), forced=True)
            else:
                return


def _choice(variant: bz.Variant, action: bz.Action) -> dict[str, Any]:
    """A legal action as the page shows it: its notation, a label and what it is made of."""
    text = bz.format_action(action)
    entry: dict[str, Any] = {"action": text, "label": str(action)}
    if isinstance(action, bz.Play):
        entry.update(kind="play", card=card_text(action.card),
                     place={None: "any", True: "table", False: "hand"}[action.from_table])
    elif isinstance(action, bz.Declare):
        points = variant.melds.points(action.meld)
        name = action.meld.value.replace("_", " ")
        entry.update(kind="declare", meld=action.meld.value, name=name, points=points,
                     cards=[card_text(c) for c in action.cards],
                     label=f"{name} ({points})" if points is not None else name)
    elif isinstance(action, bz.ExchangeSeven):
        entry.update(kind="exchange", card=card_text(action.card), label="exchange the seven")
    elif isinstance(action, bz.Pass):
        entry.update(kind="pass", label="pass")
    else:
        entry.update(kind=text.split()[0])
    return entry


def _result(state: bz.State) -> dict[str, Any]:
    result = bz.deal_result(state)
    settlement = None
    if result.settlement is not None:
        s = result.settlement
        settlement = {"winner": s.winner, "totals": list(s.totals), "value": s.value,
                      "rubiconed": s.rubiconed, "brisques_counted": s.brisques_counted}
    return {
        "points": list(result.points),
        "breakdown": [{"melds": b.melds, "sevens": b.sevens, "brisques": b.brisques,
                       "last_trick": b.last_trick, "penalties": b.penalties,
                       "bonus": b.bonus, "total": b.total} for b in result.breakdown],
        "brisque_counts": list(result.brisque_counts),
        "tricks": result.tricks,
        "settlement": settlement,
        "text": str(result),
    }


def view(session: Session) -> dict[str, Any]:
    """What the browser receives about ``session``: nothing the human seat may not see."""
    state = session.state
    observation = bz.observe(state, session.seat)
    variant = session.variant
    return {
        "id": session.id,
        "variant": variant.name,
        "title": variant.title or variant.name,
        "bot": session.bot_name,
        "seat": session.seat,
        "sides": list(state.sides),
        "observation": json.loads(bz.to_json(observation)),
        "legal": [bz.format_action(a) for a in observation.legal_actions],
        "choices": [_choice(variant, a) for a in observation.legal_actions],
        "log": [{"player": p, "action": text, **({"forced": True} if forced else {})}
                for p, text, forced in session.log],
        "last_trick": {"cards": [[p, card_text(c)] for p, c in session.last_trick],
                       "winner": session.last_winner},
        "over": state.is_over,
        "result": _result(state) if state.is_over else None,
    }


class GameStore:
    """The games in memory, by id, each behind its own lock.

    Args:
        bot: The bot of a game whose request names none.
        clock: Seconds, monotonic (``time.monotonic`` unless a test gives another).
        idle_limit: Seconds after which a game left alone is dropped.
        max_games: Games kept at most at once.
    """

    def __init__(self, *, bot: str = "greedy", clock: Callable[[], float] = time.monotonic,
                 idle_limit: float = IDLE_LIMIT, max_games: int = MAX_GAMES) -> None:
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")
        self.bot = bot
        self.clock = clock
        self.idle_limit = idle_limit
        self.max_games = max_games
        self._games: dict[str, Session] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._drop_idle()
            return len(self._games)

    def create(self, request: object) -> dict[str, Any]:
        """Start a deal from a request ``{"variant", "seed", "bot", "seat"}`` (all optional).

        Raises:
            RequestError: 400 for an unknown variant or bot, or a bad seed or seat;
                503 when the store is full.
        """
        if not isinstance(request, dict):
            raise RequestError(400, "the request must be a JSON object")
        unknown = sorted(set(request) - {"variant", "seed", "bot", "seat"})
        if unknown:
            raise RequestError(400, f"unknown field {unknown[0]!r}; the fields are: "
                                    "variant, seed, bot, seat")
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
        bot = request.get("bot") or self.bot
        if not isinstance(bot, str) or bot not in BOTS:
            raise RequestError(400, f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")
        seat = request.get("seat", 0)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < variant.players):
            raise RequestError(400, f"seat must be 0-{variant.players - 1} in {variant.name}, "
                                    f"not {seat!r}")
        with self._lock:
            self._drop_idle()
            self._check_room()
        session = Session(secrets.token_hex(8), variant, seed=seed, bot=bot, seat=seat)
        with self._lock:
            self._check_room()
            session.used = self.clock()
            self._games[session.id] = session
        return view(session)

    def run(self, game_id: str, work: Callable[[Session], Any]) -> Any:
        """``work(session)`` with the session's lock held; its idle time starts again.

        Raises:
            RequestError: 404 for an unknown id (or a game dropped for idleness).
        """
        with self._lock:
            self._drop_idle()
            session = self._games.get(game_id)
            if session is None:
                raise RequestError(404, f"no game {game_id!r} (unknown, or dropped after "
                                        f"{self.idle_limit / 60:g} idle minutes)")
            session.used = self.clock()
        with session.lock:
            try:
                return work(session)
            finally:
                session.used = self.clock()

    def _check_room(self) -> None:
        if len(self._games) >= self.max_games:
            raise RequestError(503, f"the server holds {self.max_games} games, as many as it "
                                    "keeps; try again later")

    def _drop_idle(self) -> None:
        now = self.clock()
        for game_id in [g for g, s in self._games.items() if now - s.used > self.idle_limit]:
            del self._games[game_id]
