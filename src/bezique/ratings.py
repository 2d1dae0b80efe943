"""Ratings of bots: every pair on duplicate deals, Elo with 95% intervals.

:func:`ladder` plays every pair of the named bots on the same shuffles: each shuffle is
dealt once per side with the first bot on that side's seats and the second bot on every
other seat (two-sided variants: each shuffle twice, the hands exchanged), so both bots
hold the same cards and the luck of the deal cancels out. A deal is won by the side with
the strictly highest points (the settlement's winner where each deal is a game, R8.5); a
tie counts half.

The ratings are the Bradley-Terry model's maximum-likelihood strengths on the Elo scale
(400 points: ten to one odds), the first bot anchored at 0, each with a 95% interval from
the likelihood's curvature (the standard error of its difference from the anchor). A pair
whose one bot won every deal (a score of 100% or 0%) has no finite Elo: each pair's score
over its ``n`` deals is taken within ``[1/(2n), 1 - 1/(2n)]``, as if half a deal had gone
the other way, so that such a match gives a finite rating that is a lower bound (or an
upper one) of the true difference, with a finite interval (8 deals all won: 15 to 1 odds,
470 Elo points). Every
bot's mean time per decision with a real choice is kept beside its rating: strength is
nothing without its cost.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from types import MappingProxyType

import attrs

from bezique.bots.base import Bot
from bezique.engine import apply, new_deal
from bezique.errors import BeziqueError
from bezique.i18n import bot_name, translator
from bezique.observation import observe
from bezique.results import deal_result
from bezique.variants import Variant

__all__ = ["Ladder", "Match", "Rating", "confidence_level", "ladder"]

_Z95 = 1.959964
"""The standard normal's 97.5th percentile."""
_ELO = 400 / math.log(10)
"""Elo points per unit of natural-log strength."""


@attrs.frozen
class Rating:
    """A bot's rating on the Elo scale (:func:`ladder`)."""

    elo: float
    """The maximum-likelihood rating, the first bot's being 0 (a bot that won or lost every
    deal of a match: a bound, each match's score taken within ``[1/(2n), 1 - 1/(2n)]``)."""
    low: float
    """The 95% interval's lower end."""
    high: float
    """The 95% interval's upper end."""
    games: int
    """Deals the bot played."""


@attrs.frozen
class Match:
    """One pair's deals, from the first bot's view."""

    first: str
    """The first bot's name."""
    second: str
    """The second bot's name."""
    deals: int
    """Deals played (each shuffle once per side)."""
    wins: int
    """Deals the first bot's side won."""
    ties: int
    """Deals tied."""
    margin: float
    """The first bot's mean points (or settled value) over the best other side's."""

    @property
    def score(self) -> float:
        """The first bot's share: wins plus half the ties, over the deals."""
        return (self.wins + self.ties / 2) / self.deals if self.deals else 0.5


@attrs.frozen
class Ladder:
    """What :func:`ladder` found."""

    ratings: Mapping[str, Rating]
    """Each bot's rating, by name, in the order given."""
    matches: tuple[Match, ...]
    """Every pair's results."""
    seconds: Mapping[str, float]
    """Each bot's mean time per decision with more than one legal action."""
    p99: Mapping[str, float] = attrs.field(factory=dict)
    """Each bot's 99th percentile of the time per decision with more than one legal
    action (seconds)."""

    def table(self, lang: str = "en") -> str:
        """The ratings as a text table in ``lang`` (:mod:`bezique.i18n`), strongest first:
        each bot (by :func:`bezique.i18n.bot_name`), its Elo, its 95% interval, its deals and
        its milliseconds per decision.

        Raises:
            LanguageError: for a language the library does not speak.
        """
        t = translator(lang)
        heads = (t.gettext("bot"), t.gettext("Elo"), t.gettext("{confidence} interval").format(
                     confidence=confidence_level(lang)),
                 t.gettext("deals"), t.gettext("ms per decision"))
        names = {name: bot_name(name, lang) for name in self.ratings}
        w = max(12, *map(len, names.values()))
        lines = [f"{heads[0]:<{w}} {heads[1]:>6} {heads[2]:>16} {heads[3]:>8} {heads[4]:>16}"]
        for name, r in sorted(self.ratings.items(), key=lambda item: -item[1].elo):
            interval = f"{r.low:.0f} – {r.high:.0f}".replace("inf", "∞")
            lines.append(f"{names[name]:<{w}} {r.elo:>6.0f} {interval:>16} {r.games:>8} "
                         f"{1000 * self.seconds.get(name, 0.0):>16.0f}")
        return "\n".join(lines)


def confidence_level(lang: str) -> str:
    """"95%" as ``lang`` writes it (a space before the sign in Finnish and German)."""
    return "95%" if lang == "en" else "95 %"


def ladder(variant: Variant, bots: Mapping[str, Bot], *, deals: int, seed: int = 0,
           workers: int = 1) -> Ladder:
    """Play every pair of ``bots`` on ``deals`` shuffles each (every shuffle once per
    side, the hands exchanged) and rate them (see the module documentation).

    Args:
        variant: The rules.
        bots: The bots by name (two at least); the first is anchored at 0.
        deals: Shuffles per pair (each played once per side).
        seed: The first shuffle's seed: the same seed gives the same deals.
        workers: Processes to spread the pairs' deals over (1: this process). The bots
            must then pickle.

    Raises:
        BeziqueError: for fewer than two bots, ``deals`` or ``workers`` below 1.

    >>> import bezique as bz
    >>> result = bz.ladder(bz.variants.TWO_PACK,
    ...                    {"random": bz.bots.RandomBot(), "greedy": bz.bots.GreedyBot()},
    ...                    deals=4)
    >>> result.ratings["random"].elo, result.ratings["greedy"].elo > 0
    (0.0, True)
    """
    if len(bots) < 2:
        raise BeziqueError(f"a ladder needs two bots at least, not {len(bots)}")
    if not isinstance(deals, int) or deals < 1:
        raise BeziqueError(f"deals must be at least 1, not {deals!r}")
    if not isinstance(workers, int) or workers < 1:
        raise BeziqueError(f"workers must be at least 1, not {workers!r}")
    names = list(bots)
    jobs = [(variant, names[i], bots[names[i]], names[j], bots[names[j]], seed, chunk)
            for i, j in combinations(range(len(names)), 2)
            for chunk in _chunks(deals, workers)]
    if workers == 1:
        parts = [_play(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play, jobs))
    matches: dict[tuple[str, str], list[int | float]] = {}
    time_of: dict[str, list[float]] = {name: [] for name in names}
    for (first, second), (deals_played, wins, ties, margin), times in parts:
        m = matches.setdefault((first, second), [0, 0, 0, 0.0])
        for k, x in enumerate((deals_played, wins, ties, margin)):
            m[k] += x
        for name, spent in times.items():
            time_of[name] += spent
    played = tuple(Match(a, b, int(m[0]), int(m[1]), int(m[2]), m[3] / m[0] if m[0] else 0.0)
                   for (a, b), m in matches.items())
    seconds = {name: sum(t) / len(t) if t else 0.0 for name, t in time_of.items()}
    p99 = {name: sorted(t)[int(0.99 * (len(t) - 1))] if t else 0.0
           for name, t in time_of.items()}
    return Ladder(MappingProxyType(_rate(names, played)), played, MappingProxyType(seconds),
                  MappingProxyType(p99))


def _chunks(deals: int, workers: int) -> list[range]:
    """The shuffle numbers 0..deals-1 split into at most ``workers`` runs."""
    size = -(-deals // workers)
    return [range(k, min(deals, k + size)) for k in range(0, deals, size)]


_Job = tuple[Variant, str, Bot, str, Bot, int, range]
_Part = tuple[tuple[str, str], tuple[int, int, int, float], dict[str, list[float]]]


def _play(job: _Job) -> _Part:
    """One pair's deals of the shuffles ``chunk``: results and decision times."""
    variant, first, a, second, b, seed, chunk = job
    sides = variant.deal.sides
    wins = ties = played = 0
    margin = 0.0
    times: dict[str, list[float]] = {first: [], second: []}
    for k in chunk:
        shuffle = seed + k
        for a_side in sorted(set(sides)):
            mine = variant.deal.members(a_side)
            seats = [(first, a) if p in mine else (second, b) for p in range(variant.players)]
            points, winner, value = _deal(variant, shuffle, seats, times)
            best_other = max(x for i, x in enumerate(points) if i != a_side)
            if winner is not None or value is not None:  # a settlement decides (R8.5)
                wins += winner == a_side
                ties += winner is None
                margin += (value or 0) * (1 if winner == a_side else -1 if winner is not None
                                          else 0)
            else:
                wins += points[a_side] > best_other
                ties += points[a_side] == best_other
                margin += points[a_side] - best_other
            played += 1
    return (first, second), (played, wins, ties, margin), times


def _deal(variant: Variant, shuffle: int, seats: Sequence[tuple[str, Bot]],
          times: dict[str, list[float]]) -> tuple[tuple[int, ...], int | None, int | None]:
    """Play shuffle ``shuffle`` with a bot per seat; its points, and the settlement's
    winner and value where the deal is a game (else ``None, None``)."""
    state = new_deal(variant, seed=1_000_003 * shuffle + 17, dealer=shuffle % variant.players)
    rngs = [random.Random(shuffle * 7919 + p) for p in range(variant.players)]
    clock = time.perf_counter
    while not state.is_over:
        p = state.to_move
        assert p is not None
        observation = observe(state, p)
        name, bot = seats[p]
        start = clock()
        action = bot.choose(observation, rngs[p])
        if len(observation.legal_actions) > 1:
            times[name].append(clock() - start)
        state = apply(state, action)
    result = deal_result(state)
    settled = result.settlement
    if settled is None:
        return result.points, None, None
    return result.points, settled.winner, settled.value


def _rate(names: list[str], matches: Sequence[Match]) -> dict[str, Rating]:
    """Bradley-Terry maximum likelihood (ties as half a win each), the first name at 0,
    with 95% intervals from the inverse of the likelihood's curvature; a match's score over
    its ``n`` deals taken within ``[1/(2n), 1 - 1/(2n)]`` (a finite optimum)."""
    n = len(names)
    at = {name: i for i, name in enumerate(names)}
    pairs = [(at[m.first], at[m.second], min(max(m.wins + m.ties / 2, 0.5), m.deals - 0.5),
              m.deals) for m in matches if m.deals]  # a score within [1/(2n), 1 - 1/(2n)]
    games = [0] * n
    for i, j, _, d in pairs:
        games[i] += d
        games[j] += d
    theta = [0.0] * n
    for _ in range(200):  # Newton steps on the free strengths (the first is fixed)
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i, j, w, d in pairs:
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            grad[i] += w - d * p
            grad[j] -= w - d * p
            c = d * p * (1 - p)
            hess[i][i] += c
            hess[j][j] += c
            hess[i][j] -= c
            hess[j][i] -= c
        free = [k for k in range(1, n) if games[k]]
        if not free:
            break
        step = _solve_linear([[hess[a][b] + 1e-9 * (a == b) for b in free] for a in free],
                             [grad[a] for a in free])
        for k, s in zip(free, step, strict=True):
            theta[k] += max(-2.0, min(2.0, s))  # damped Newton steps
        if max(map(abs, step), default=0.0) < 1e-9:
            break
    covariance = _inverse([[hess[a][b] + 1e-9 * (a == b) for b in free] for a in free]) \
        if free else []
    out: dict[str, Rating] = {}
    for k, name in enumerate(names):
        elo = _ELO * theta[k]
        if k in free:
            f = free.index(k)
            half = _Z95 * _ELO * math.sqrt(max(covariance[f][f], 0.0))
        else:
            half = 0.0 if k == 0 else math.inf
        out[name] = Rating(round(elo, 1), round(elo - half, 1), round(elo + half, 1),
                           games[k])
    return out


def _solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gauss-Jordan with partial pivoting; ``a`` is small)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-300:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-300 else 0.0 for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """The inverse of the small matrix ``a``, column by column."""
    n = len(a)
    columns = [_solve_linear(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]
