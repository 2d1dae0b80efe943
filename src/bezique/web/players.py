"""Who may play a seat of the web app (a person, or a bot of :data:`BOTS`), and what a
new game's request asks for (:func:`parse_new_game`).

:data:`BOTS` is the one table of the bots a client may choose (``"bot:<name>"`` in a new
game's ``seats``, ``"bot"`` in the older request, the page's seat menu, ``bezique serve
--bot``). A bot is added by one line here, e.g.
``"search": Bot(bz.bots.SearchBot, heavy=True)``.

Their cost is bounded: every bot's decision is bounded by the bot itself (the search
bot's step budget, about 0.15 s of CPU a decision in every variant, ``docs/bots.rst``),
and the decisions of a *heavy* bot (a search) take one of the server's
:class:`SearchSlots` first, so that all the searches of all the games together use at
most that many cores (one by default); the other games' requests are not held up by
them, only the games that wait for a heavy bot.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import bezique as bz
from bezique.web.views import N_, RequestError, refused

__all__ = ["BOTS", "Bot", "SearchSlots", "parse_new_game", "seat_kinds", "seats_of", "shown"]

T = TypeVar("T")


@dataclass(frozen=True)
class Bot:
    """A bot a seat may be played by."""

    make: Callable[[], bz.bots.Bot]
    """A new bot of this kind (one a seat, for the game's life)."""
    heavy: bool = False
    """Its decisions search (CPU-bound, ~0.1 s or more): they take a search slot first."""


BOTS: dict[str, Bot] = {
    "greedy": Bot(bz.bots.GreedyBot),
    "search": Bot(bz.bots.SearchBot, heavy=True),
    "random": Bot(bz.bots.RandomBot),
    "level1": Bot(lambda: bz.bots.level(1)),
    "level2": Bot(lambda: bz.bots.level(2)),
    "level3": Bot(lambda: bz.bots.level(3), heavy=True),
    "level4": Bot(lambda: bz.bots.level(4), heavy=True),
    "level5": Bot(lambda: bz.bots.level(5), heavy=True),
}
"""The bots a client may choose, by name (``"bot:greedy"``), in the menu's order: the
three bots of the library and its five levels (``bz.bots.level``: beginner, casual,
club, expert, master). Level 3 solves the ending exactly and levels 4 and 5 search: they
are heavy."""


def seat_kinds() -> list[str]:
    """What a seat may be: ``"human"`` and ``"bot:<name>"`` for each bot of :data:`BOTS`."""
    return ["human", *(f"bot:{name}" for name in BOTS)]


class SearchSlots:
    """At most ``count`` heavy bots' decisions at once, server-wide.

    Args:
        count: Decisions that may run at once (at least 1).

    Raises:
        BeziqueError: for a count below 1.
    """

    def __init__(self, count: int = 1) -> None:
        if count < 1:
            raise bz.BeziqueError(f"the search slots must be at least 1, not {count}")
        self.count: int = count
        self._slots = threading.BoundedSemaphore(count)

    def choose(self, bot: bz.bots.Bot, observation: bz.Observation,
               rng: random.Random) -> bz.Action:
        """``bot.choose(observation, rng)`` once a slot is free."""
        with self._slots:
            return bot.choose(observation, rng)

    def run(self, work: Callable[[], T]) -> T:
        """``work()`` once a slot is free: a hint's or a review's search
        (:mod:`bezique.web.advice`)."""
        with self._slots:
            return work()


def seats_of(request: dict[str, Any], variant: bz.Variant, default_bot: str) -> tuple[str, ...]:
    """The seats a new game's request asks for: ``"seats"``, or the older ``"bot"`` and
    ``"seat"`` (one person at ``seat``, ``bot`` at the others).

    Raises:
        RequestError: 400 naming the bad seat or bot.
    """
    count = variant.players
    names = ", ".join(f'"{name}"' for name in BOTS)
    if "seats" not in request:
        bot = request.get("bot") or default_bot
        if not isinstance(bot, str) or bot not in BOTS:
            raise refused(400, N_("unknown bot {bot}; the bots are: {names}"), bot=shown(bot),
                          names=names)
        seat = request.get("seat", 0)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise refused(400, N_("seat must be 0-{last} in {variant}, not {given}"),
                          last=count - 1, variant=variant.name, given=shown(seat))
        return tuple("human" if p == seat else f"bot:{bot}" for p in range(count))
    if "bot" in request or "seat" in request:
        raise refused(400, N_('give "seats", or the older "bot" and "seat", not both'))
    seats = request["seats"]
    if not isinstance(seats, list) or len(seats) != count:
        raise refused(400, N_("seats must be a list of {count} seats in {variant}, not "
                              "{given}"), count=count, variant=variant.name, given=shown(seats))
    kinds = seat_kinds()
    for kind in seats:
        if not isinstance(kind, str) or kind not in kinds:
            raise refused(400, N_("unknown seat {given}; a seat is one of: {kinds}"),
                          given=shown(kind), kinds=", ".join(f'"{k}"' for k in kinds))
    if "human" not in seats:
        raise refused(400, N_('at least one seat must be a person\'s ("human")'))
    return tuple(seats)


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: a refusal never echoes a whole body."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def parse_new_game(request: object, default_bot: str) -> tuple[bz.Variant, int, bool,
                                                                tuple[str, ...]]:
    """The variant, seed, whole-game flag and seats of a new game's request.

    Raises:
        RequestError: 400 naming the bad field.
    """
    if not isinstance(request, dict):
        raise refused(400, N_("the request must be a JSON object"))
    fields = ("variant", "seed", "seats", "whole_game", "bot", "seat")
    unknown = sorted(set(request) - set(fields))
    if unknown:
        raise refused(400, N_("unknown field {given}; the fields are: {fields}"),
                      given=shown(unknown[0]), fields=", ".join(f'"{f}"' for f in fields))
    name = request.get("variant", "two-pack")
    if not isinstance(name, str) or len(name) > 40:
        raise refused(400, N_("variant must be a name, not {given}"), given=shown(name))
    try:
        variant = bz.variants.get(name)
    except bz.VariantError as exc:
        raise RequestError(400, str(exc), words=(  # English: the library's own words
            N_("unknown variant {given}; the variants are: {names}"),
            {"given": shown(name), "names": ", ".join(f'"{v.name}"' for v in bz.variants.ALL)})
        ) from None
    seed = request.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise refused(400, N_("seed must be a whole number from 0 to 2**63 - 1, not {given}"),
                      given=shown(seed))
    whole = request.get("whole_game", False)
    if not isinstance(whole, bool):
        raise refused(400, N_("whole_game must be true or false, not {given}"),
                      given=shown(whole))
    return variant, seed, whole, seats_of(request, variant, default_bot)
