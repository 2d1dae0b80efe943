"""The command line's look at play: ``bezique review FILE`` and ``bezique ladder`` (words in
the chosen language, :mod:`bezique.i18n`).

* ``review`` reads a game record (:meth:`bezique.Record.loads`), judges every decision
  with a choice (:func:`bezique.bots.review`) and tells each player's decisions that lost
  points, the worst first, and what they lost in all.
* ``ladder`` rates bots on duplicate deals (:func:`bezique.ladder`) and prints the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from bezique.bots.base import Bot
from bezique.bots.reviewing import Review, review
from bezique.errors import BeziqueError
from bezique.i18n import describe, translator
from bezique.ratings import confidence_level, ladder
from bezique.record import Record
from bezique.variants import Variant

__all__ = ["review_lines", "run_ladder", "run_review"]

def run_review(path: str, *, lang: str, budget: int | None, seed: int,
               write: Callable[[str], object]) -> int:
    """``bezique review FILE``: read the record at ``path``, review it, tell it.

    Raises:
        BeziqueError: for a file that cannot be read, or a record that does not load or
            replay.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BeziqueError(translator(lang).gettext("cannot read {path}: {reason}").format(
            path=path, reason=exc)) from None
    record = Record.loads(text)
    result = review(record, budget=budget, seed=seed)
    for line in review_lines(result, record, lang):
        write(line)
    return 0


def review_lines(result: Review, record: Record, lang: str) -> list[str]:
    """Per player, the decisions that lost points (worst first) and the sum lost."""
    t = translator(lang)
    lines: list[str] = []
    for player in range(record.variant.players):
        moves = result.of(player)
        if not moves:
            continue
        lost = [m for m in moves if round(m.loss) > 0]
        lines.append(t.gettext("player {player}: {decisions} decisions, {mistakes} lost "
                               "points, {points} points in all").format(
            player=player, decisions=len(moves), mistakes=len(lost),
            points=round(result.total_loss(player))))
        for m in sorted(lost, key=lambda m: -m.loss):
            text = (t.gettext("  action {number}: {played}; better {best}: {points} points "
                              "(exact)") if m.exact else
                    t.gettext("  action {number}: {played}; better {best}: {points} points"))
            lines.append(text.format(number=m.index + 1, played=describe(m.played, lang),
                                     best=describe(m.best, lang), points=round(m.loss)))
    return lines


def run_ladder(variant: Variant, bots: Sequence[tuple[str, Bot]], *, deals: int, seed: int,
               workers: int, lang: str, write: Callable[[str], object]) -> int:
    """``bezique ladder``: rate ``bots`` on ``deals`` duplicate shuffles and print the
    table."""
    t = translator(lang)
    names = [name for name, _ in bots]
    if len(set(names)) != len(names):
        raise BeziqueError(t.gettext("a ladder names each bot once, not {bots}").format(
            bots=", ".join(f"'{n}'" for n in names)))
    result = ladder(variant, dict(bots), deals=deals, seed=seed, workers=workers)
    write(t.ngettext("{deals} shuffle per pair, dealt once per side; Elo from the first "
                     "bot, {confidence} intervals",
                     "{deals} shuffles per pair, each dealt once per side; Elo from the "
                     "first bot, {confidence} intervals", deals).format(
        deals=deals, confidence=confidence_level(lang)))
    write(result.table(lang))
    return 0
