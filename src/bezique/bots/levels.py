"""Five levels of play, from a beginner to the library's strongest bot.

Each level is an :class:`~bezique.bots.analysis.AnalysisBot`, weaker not by blundering at
random but as people are weaker: the lower levels weigh their actions as the greedy policy
does (the points in sight, the combinations in hand) and take the best one only most of
the time (a choice drawn from the values with a temperature); the middle level plays the
greedy choice and the ending exactly; the upper ones search, the master longest.

=====  ========  ==================================================================
level  name      how it plays
=====  ========  ==================================================================
1      beginner  the greedy policy's values, drawn at temperature 40 (points)
2      casual    the greedy policy's values, drawn at temperature 10
3      club      the greedy choice; two-handed phase 2 solved exactly
4      expert    the search over 24 determinizations, playouts of 8 tricks, the
                 solver at the end of those within 2 tricks of the stock's end
5      master    the search over up to 100 determinizations (:data:`MASTER_WORLDS
                 <bezique.bots.analysis.MASTER_WORLDS>`, within a work cap), the
                 solver within 4 tricks of the stock's end: the library's
                 strongest bot
=====  ========  ==================================================================

``docs/bots.rst`` gives each level's strength against the one below it and its time per
decision, as ``bezique ladder`` measured them.
"""

from __future__ import annotations

from bezique.bots.analysis import MASTER_WORLDS, AnalysisBot
from bezique.errors import BotError

__all__ = ["LEVEL_NAMES", "level"]

LEVEL_NAMES: tuple[str, ...] = ("beginner", "casual", "club", "expert", "master")
"""The levels' names, level 1 first."""

_LEVELS: tuple[AnalysisBot, ...] = (
    AnalysisBot(worlds=0, temperature=40.0, solve=False, name="beginner"),
    AnalysisBot(worlds=0, temperature=10.0, solve=False, name="casual"),
    AnalysisBot(worlds=0, name="club"),
    AnalysisBot(worlds=24, max_steps=1_500, reach=2, name="expert"),
    AnalysisBot(worlds=MASTER_WORLDS, name="master"),
)


def level(n: int | str) -> AnalysisBot:
    """The bot of level ``n`` (1-5) or of its name (``"beginner"`` ... ``"master"``,
    also ``"level3"``).

    Raises:
        BotError: for another number or name.

    >>> import bezique as bz
    >>> bz.bots.level(5).name, bz.bots.level("club") == bz.bots.level(3)
    ('master', True)
    >>> bz.bots.level(6)
    Traceback (most recent call last):
    ...
    bezique.errors.BotError: no level 6: the levels are 1-5 (beginner, casual, club, expert, master)
    """
    number: object = n
    if isinstance(n, str):
        key = n.strip().lower()
        if key in LEVEL_NAMES:
            number = LEVEL_NAMES.index(key) + 1
        elif key.removeprefix("level").isdigit():
            number = int(key.removeprefix("level"))
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= 5:
        return _LEVELS[number - 1]
    raise BotError(f"no level {n}: the levels are 1-5 ({', '.join(LEVEL_NAMES)})")
