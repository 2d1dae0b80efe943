"""One game in play on the web app: :class:`Session`, its seats, position and log.

A session is rebuilt from its stored row (:mod:`bezique.web.storage`) by replaying its
actions; :meth:`Session.act` applies a person's action for his seat with
``bz.apply(position, action, player=seat)`` (the library refuses a seat out of turn
with ``bz.NotYourTurnError``), then the bots' replies and the lone passes
(``bz.forced_action``) up to the next person's real choice or the end. The store
(:mod:`bezique.web.games`) hands a session out only with its lock held.

Only the public API of the library is used (``import bezique as bz``).
"""

from __future__ import annotations

import hmac
import random
import threading
from collections.abc import Callable
from typing import Any

import bezique as bz
from bezique.web import players, storage, views
from bezique.web.views import N_, RequestError, refused

__all__ = ["Listener", "Session"]

Listener = Callable[[], None]
"""Called after each committed change of a game, and after a move handed to the disk
that failed to be stored (from the thread that made it)."""


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
        self.id: str = row.id
        self.variant: bz.Variant = bz.variants.get(row.variant)
        self.seed: int = row.seed
        self.whole_game: bool = row.whole_game
        self.seats: tuple[str, ...] = row.seats
        self.digests: dict[int, str] = row.digests
        self.lock: threading.Lock = threading.Lock()
        self.listeners: set[Listener] = set()
        self.views: dict[tuple[int, str], views.SeatView] = {}
        """The seats' views of the current position, by ``(seat, language)``."""
        self.shared: str | None = None
        """What every seat's view of the current position holds, as JSON members."""
        self.log_json: list[str] = []
        """The log's entries as JSON, one for each of :attr:`log`'s."""
        self.words: dict[tuple[int, str], list[str]] = {}
        """The log's entries in words (JSON strings), by ``(seat, language)``, as far as a
        view of that seat in that language has needed them (:func:`bezique.web.views.render`)."""
        self.slots: players.SearchSlots = slots if slots is not None else players.SearchSlots()
        self.hints: dict[tuple[int, int], Any] = {}
        """The hints given, by ``(seat, moves)`` (:mod:`bezique.web.advice`)."""
        self.reviews: dict[int, Any] = {}
        """The finished deals' reviews, by deal number (:mod:`bezique.web.advice`)."""
        self.reviewing: threading.Lock = threading.Lock()
        """Held while a deal's review is made, so that it is made once."""
        self.start: bz.State | bz.Game = (
            bz.new_game(self.variant, seed=row.seed) if row.whole_game
            else bz.new_deal(self.variant, seed=row.seed))
        self.position: bz.State | bz.Game = self.start
        self.actions: list[bz.Action] = []
        self.log: list[tuple[int, int, str, bool]] = []
        """``(deal number, player, action, forced)`` for every action; ``forced`` marks a
        person's lone pass played for him."""
        self.last_trick: tuple[tuple[int, bz.Card], ...] = ()
        self.last_winner: int | None = None
        self.used: float = 0.0
        self.committing: bool = False
        """Whether a move is on its way to the disk, the lock held until it is there
        (:meth:`bezique.web.games.GameStore.act_later`)."""
        self._bots = {p: players.BOTS[kind[4:]] for p, kind in enumerate(row.seats)
                      if kind.startswith("bot:")}
        self._playing = {p: bot.make() for p, bot in self._bots.items()}
        self.heavy: bool = any(bot.heavy for bot in self._bots.values())
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
        raise refused(403, N_("this token is no seat's in this game"))

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
        except bz.BeziqueError as exc:  # no action: the notation's own words, in English
            raise RequestError(400, str(exc), words=(N_("cannot read '{text}' as an action"),
                                                     {"text": text[:60]})) from None
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
        for words in self.words.values():
            del words[count:]
        self.views.clear()
        self.shared = None

    def record(self) -> str:
        """The record of the deal or the whole game (``bz.Record.dumps``), once it is over.

        Raises:
            RequestError: 409 while it is on: the record holds the seed, which would
                show every hidden card.
        """
        if not self.position.is_over:
            raise refused(409, N_("the record is available when the game is over (its seed "
                                  "would show the hidden cards)") if self.whole_game else
                          N_("the record is available when the deal is over (its seed "
                             "would show the hidden cards)"))
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
