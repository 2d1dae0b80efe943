"""What a simulation found: :class:`SimulationResult`, and the interval of a win rate.

:func:`bezique.simulate` builds the result; this module holds its figures, its JSON-ready
form and its text summary, and :func:`wilson_interval`, the confidence interval used for
a bot's win rate.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any, Literal

import attrs

from bezique.i18n import (
    bot_name,
    format_number,
    format_percent,
    meld_name,
    side_name,
    translator,
    variant_title,
)
from bezique.melds import MeldKind
from bezique.variants import Variant

__all__ = ["SimulationResult", "wilson_interval"]


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` out of ``n`` trials.

    It stays inside ``[0, 1]`` and behaves well near 0% and 100%, where the normal
    approximation does not. ``successes`` may be fractional (ties counted as half a win);
    the interval then treats the rate as if it came from whole trials, a close
    approximation when ties are rare. With no trials the interval is ``(0.0, 1.0)``.

    >>> lo, hi = wilson_interval(90, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.826, 0.945)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(1, 2, confidence=1.0)
    Traceback (most recent call last):
    ...
    ValueError: confidence must lie strictly between 0 and 1, not 1.0
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie between 0 and n={n}, not {successes!r}")
    if n == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the bounds are exactly 0 and 1 at the edges; say so rather than trust rounding
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` found. Means and deviations are per deal (or per game).

    Standard deviations are sample deviations (``n - 1``), 0.0 for one item.
    """

    variant: Variant
    """The rules played."""
    bot_names: tuple[str, ...]
    """The bots as given (one per seat or one per side)."""
    mode: Literal["deals", "games"]
    """Whether lone deals or whole games were played."""
    seed: int
    """The simulation's seed."""
    played: int
    """Deals (or games) played."""
    deals: int
    """Deals played (in games, all their deals)."""
    wins: tuple[int, ...]
    """Per side (seat side), deals or games won outright."""
    ties: int
    """Deals or games without a single winner; ``sum(wins) + ties == played``."""
    mean_points: tuple[float, ...]
    """Per side, mean deal points (``DealResult.points``) or mean game totals."""
    std_points: tuple[float, ...]
    """Per side, the standard deviation of those points."""
    mean_value: tuple[float, ...] | None
    """Per side, the mean worth won: the game value (``GameResult.value``) in games,
    the settlement value in variants where each deal is settled (Rubicon), credited to
    the winner; ``None`` for lone deals that are not settled."""
    std_value: tuple[float, ...] | None
    """Per side, the standard deviation of the worth won."""
    bot_wins: tuple[int, ...]
    """Per bot, deals or games its side won outright."""
    bot_ties: tuple[int, ...]
    """Per bot, deals or games its side tied for first place (counted in :attr:`ties`)."""
    bot_mean_points: tuple[float, ...]
    """Per bot, the mean points of its side."""
    bot_std_points: tuple[float, ...]
    """Per bot, their standard deviation."""
    bot_mean_value: tuple[float, ...] | None
    """Per bot, the mean worth won by its side (see :attr:`mean_value`)."""
    meld_counts: tuple[tuple[MeldKind, tuple[int, ...]], ...]
    """For every combination of the variant (the seven of trumps aside, it scores as a
    seven), how many each side scored over the whole simulation."""
    actions: int
    """Actions taken, all deals together."""
    tricks: int
    """Tricks played, all deals together."""
    duplicate: bool = False
    """Whether every shuffle was played once in each rotation of the bots (duplicate play)."""
    elapsed: float = attrs.field(eq=False, default=0.0)
    """Wall-clock seconds (not part of equality)."""

    @property
    def mean_actions(self) -> float:
        """Mean actions per deal."""
        return self.actions / self.deals if self.deals else 0.0

    @property
    def mean_tricks(self) -> float:
        """Mean tricks per deal."""
        return self.tricks / self.deals if self.deals else 0.0

    @property
    def meld_frequencies(self) -> tuple[tuple[MeldKind, float], ...]:
        """Per kind, combinations scored per deal, all sides together."""
        return tuple((kind, sum(counts) / self.deals if self.deals else 0.0)
                     for kind, counts in self.meld_counts)

    @property
    def deals_per_second(self) -> float:
        """Throughput: deals played per wall-clock second."""
        return self.deals / self.elapsed if self.elapsed > 0 else 0.0

    def bot_score(self, bot: int) -> float:
        """Bot ``bot``'s win rate, a tie for first place counting half a win.

        This is the rate the project's strength figures quote (``docs/bots.rst``).
        """
        n = self.played
        return (self.bot_wins[bot] + self.bot_ties[bot] / 2) / n if n else 0.0

    def bot_interval(self, bot: int, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson score interval (:func:`wilson_interval`) of :meth:`bot_score`."""
        return wilson_interval(self.bot_wins[bot] + self.bot_ties[bot] / 2, self.played,
                               confidence)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready data (``json.dumps(result.to_dict())``)."""
        sides = self.variant.deal.side_count
        return {
            "variant": self.variant.name, "mode": self.mode, "seed": self.seed,
            "duplicate": self.duplicate,
            "played": self.played, "deals": self.deals, "bots": list(self.bot_names),
            "sides": [{"side": s, "wins": self.wins[s], "mean_points": self.mean_points[s],
                       "std_points": self.std_points[s],
                       "mean_value": None if self.mean_value is None else self.mean_value[s],
                       "std_value": None if self.std_value is None else self.std_value[s]}
                      for s in range(sides)],
            "ties": self.ties,
            "bots_results": [
                {"bot": k, "name": name, "wins": self.bot_wins[k], "ties": self.bot_ties[k],
                 "score": self.bot_score(k), "interval_95": list(self.bot_interval(k)),
                 "mean_points": self.bot_mean_points[k], "std_points": self.bot_std_points[k],
                 "mean_value": None if self.bot_mean_value is None else self.bot_mean_value[k]}
                for k, name in enumerate(self.bot_names)],
            "melds": {kind.value: {"per_side": list(counts), "per_deal": freq}
                      for (kind, counts), (_, freq) in zip(self.meld_counts,
                                                           self.meld_frequencies, strict=True)},
            "actions": self.actions, "tricks": self.tricks,
            "mean_actions": self.mean_actions, "mean_tricks": self.mean_tricks,
            "elapsed": self.elapsed, "deals_per_second": self.deals_per_second,
        }

    def summary(self, lang: str = "en") -> str:
        """A plain-text table of the result, as ``bezique simulate`` prints it, wholly in
        words of ``lang`` (:data:`bezique.i18n.LANGUAGES`), numbers written as the language
        writes them (``50.0%``, ``50,0 %``); sides are named as players where each side is
        one player (:func:`bezique.i18n.side_name`)."""
        t = translator(lang)
        n = max(self.played, 1)

        def num(value: float, digits: int = 1) -> str:
            return format_number(value, lang, digits)

        def pct(value: float) -> str:
            return format_percent(100 * value / n, lang)

        count = (t.ngettext("{count} deal", "{count} deals", self.played) if self.mode == "deals"
                 else t.ngettext("{count} game", "{count} games", self.played))
        lines = [f"{variant_title(self.variant, lang)}: "
                 + count.format(count=self.played)
                 + (" (" + t.ngettext("{count} deal", "{count} deals", self.deals).format(
                     count=self.deals) + ")" if self.mode == "games" else "")
                 + t.gettext(", seed {seed}").format(seed=self.seed)
                 + (t.gettext(", duplicate") if self.duplicate else ""), ""]
        sides = [side_name(s, lang, self.variant) for s in range(len(self.wins))]
        bots = [t.gettext("bot {bot} ({name})").format(bot=k, name=bot_name(name, lang))
                for k, name in enumerate(self.bot_names)]
        w = max(18, *(len(label) + 1 for label in bots))  # the first column's width
        has_value = self.mean_value is not None
        wins, win_rate, mean_points = t.gettext("wins"), t.gettext("win %"), t.gettext("mean pts")
        deviation, mean_value = t.gettext("sd"), t.gettext("mean value")
        head = f"  {'':<{w}}{wins:>8}{win_rate:>10}{mean_points:>12}{deviation:>9}"
        lines.append(head + (f"{mean_value:>12}" if has_value else ""))
        for s, won in enumerate(self.wins):
            row = (f"  {sides[s]:<{w}}{won:>8}{pct(won):>10}"
                   f"{num(self.mean_points[s]):>12}{num(self.std_points[s]):>9}")
            lines.append(row + (f"{num(self.mean_value[s]):>12}" if self.mean_value else ""))
        ties = t.gettext("ties")
        lines.append(f"  {ties:<{w}}{self.ties:>8}{pct(self.ties):>10}")
        for k, label in enumerate(bots):
            row = (f"  {label:<{w}}{self.bot_wins[k]:>8}"
                   f"{pct(self.bot_wins[k]):>10}"
                   f"{num(self.bot_mean_points[k]):>12}{num(self.bot_std_points[k]):>9}")
            lines.append(row + (f"{num(self.bot_mean_value[k]):>12}"
                                if self.bot_mean_value else ""))
        lines.append("")
        for k, label in enumerate(bots):
            lo, hi = self.bot_interval(k)
            lines.append("  " + t.gettext("{bot} scores {score} (ties half), {level} "
                                          "interval {low} - {high}").format(
                bot=label,
                score=format_percent(100 * self.bot_score(k), lang),
                level=format_percent(95, lang, 0), low=format_percent(100 * lo, lang),
                high=format_percent(100 * hi, lang)))
        lines += ["", *self._meld_table(sides, lang)]
        speed = num(self.deals_per_second, 0 if self.deals_per_second >= 10 else 2)
        lines += ["", "  " + t.gettext("mean deal length: {actions} actions, {tricks} "
                                       "tricks").format(actions=num(self.mean_actions),
                                                        tricks=num(self.mean_tricks)),
                  "  " + t.ngettext("{count} deal in {seconds} s: {speed} deals/s",
                                    "{count} deals in {seconds} s: {speed} deals/s",
                                    self.deals).format(count=self.deals,
                                                       seconds=num(self.elapsed, 2),
                                                       speed=speed)]
        return "\n".join(lines)

    def _meld_table(self, sides: list[str], lang: str) -> list[str]:
        """The lines of :meth:`summary`'s table of combinations per deal, per side."""
        t = translator(lang)
        per_deal, total = t.gettext("combinations per deal"), t.gettext("total")
        lines = [f"  {per_deal:<26}" + "".join(f"{name:>12}" for name in sides)
                 + f"{total:>10}"]
        for (kind, counts), (_, freq) in zip(self.meld_counts, self.meld_frequencies,
                                             strict=True):
            per_side = "".join(f"{format_number(c / max(self.deals, 1), lang, 3):>12}"
                               for c in counts)
            lines.append(f"  {meld_name(kind, lang):<26}{per_side}"
                         f"{format_number(freq, lang, 3):>10}")
        return lines
