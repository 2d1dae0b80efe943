"""Words for a deal as it happens: score events, a deal's result, and refusals addressed
to "you", in the players' languages (:mod:`bezique.i18n`'s catalogs).

Used by the ``bezique`` command's ``demo`` and ``play``; internal, free to change.
"""

from __future__ import annotations

import re

from bezique.i18n import describe_result, meld_name, side_name, translator
from bezique.results import DealResult
from bezique.state import State
from bezique.variants import Variant

__all__ = ["ScoreEvent", "addressed_to_you", "describe_events", "result_text", "score_events"]

ScoreEvent = tuple[int, int, str]
"""``(side, points, what)``: a side scored ``points`` for ``what``."""


def score_events(before: State, after: State, lang: str = "en") -> list[ScoreEvent]:
    """What scored between two successive states of a deal, per side, in words of ``lang``.

    The points of the events of a side add up to the change of its score
    (``State.scores``), as the variant counts it.

    >>> import bezique as bz
    >>> s = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
    ...                                           "QS JD AH 10H KC QC 9S 8D"], turn_up="7H")
    >>> s = bz.apply(s, bz.Play("9S"))
    >>> t = bz.apply(s, bz.Play("AS"))
    >>> score_events(s, t)
    [(0, 10, 'a brisque')]
    >>> score_events(t, bz.apply(t, bz.Declare("royal_marriage", "KH QH")))
    [(0, 40, 'royal marriage')]
    >>> score_events(t, bz.apply(t, bz.Declare("royal_marriage", "KH QH")), "de")
    [(0, 40, 'Trumpfehe')]
    """
    t = translator(lang)
    events: list[ScoreEvent] = []
    new_combos = after.combos[len(before.combos):]
    for side, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
        if old == new:
            continue
        parts = (
            ("melds", after.melds[side] - before.melds[side]),
            (t.gettext("seven of trumps"), after.sevens[side] - before.sevens[side]),
            (t.gettext("last trick"), after.last_trick[side] - before.last_trick[side]),
            (t.gettext("penalty"), after.penalties[side] - before.penalties[side]),
            (t.gettext("the dealer's guess"), after.bonus[side] - before.bonus[side]),
        )
        for what, points in parts:
            if not points:
                continue
            if what == "melds":
                kinds = [meld_name(c.kind, lang) for c in new_combos if c.side == side]
                what = ", ".join(kinds) or t.gettext("combinations")
            events.append((side, points, what))
        rest = new - old - sum(points for _, points in parts)
        if rest:  # brisques, as the variant counts them (R2.11)
            count = after.brisques[side] - before.brisques[side]
            if not after.variant.scoring.brisques_shown(False):  # counted at the end (R6.8)
                total = after.brisques[side]
                what = t.ngettext("{count} brisque, counted at the end",
                                  "{count} brisques, counted at the end", total).format(
                    count=total)
            else:
                what = t.ngettext("a brisque", "{count} brisques", count).format(count=count)
            events.append((side, rest, what))
    return events


def describe_events(events: list[ScoreEvent], side_names: list[str]) -> list[str]:
    """One line per event, ``player 0 (you): +10, seven of trumps``."""
    return [f"{side_names[side]}: {points:+d}, {what}" for side, points, what in events]


def result_text(result: DealResult, lang: str = "en", variant: Variant | None = None) -> str:
    """A deal's result in words of ``lang``: per side its points by source, then who won
    (:func:`bezique.i18n.describe_result`). Sides are named as players where each is one
    player of ``variant`` (:func:`bezique.i18n.side_name`).

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> while not s.is_over:
    ...     s = bz.apply(s, bz.legal_actions(s)[0])
    >>> print(result_text(bz.deal_result(s), "fi", s.variant))
    pelaaja 0: 50 (yhdistelmät 0, valttiseiskat 0, brisquet 40, viimeinen tikki 10)
    pelaaja 1: 180 (yhdistelmät 40, valttiseiskat 20, brisquet 120, viimeinen tikki 0)
    pelaaja 1 voitti jaon; pelaaja 0: 50 pistettä, pelaaja 1: 180 pistettä
    """
    t = translator(lang)
    lines = []
    for side, score in enumerate(result.breakdown):
        extra = ""
        if score.penalties:
            extra += t.gettext(", penalties {points}").format(points=score.penalties)
        if score.bonus:
            extra += t.gettext(", dealer's guess {points}").format(points=score.bonus)
        lines.append(t.gettext("{side}: {total} (melds {melds}, sevens {sevens}, brisques "
                               "{brisques}, last trick {last_trick}{extra})").format(
            side=side_name(side, lang, variant), total=score.total, melds=score.melds,
            sevens=score.sevens, brisques=score.brisques, last_trick=score.last_trick,
            extra=extra))
    lines.append(describe_result(result, lang, variant=variant))
    return "\n".join(lines)


_SECOND_PERSON = (
    (r"player {p} holds\b", "you hold"),
    (r"player {p} has\b", "you have"),
    (r"player {p} is\b", "you are"),
    (r"player {p} does\b", "you do"),
    (r"player {p}'s\b", "your"),
    (r"\bplayer {p}\b", "you"),
    (r"\bhis unused\b", "your unused"),
)


def addressed_to_you(message: str, player: int) -> str:
    """``message`` about ``player`` rewritten for that player: "player 0 holds" -> "you hold".

    >>> addressed_to_you("R2.6: pass only closes a declaration window; "
    ...                  "player 0 must play a card to the trick", 0)
    'R2.6: pass only closes a declaration window; you must play a card to the trick'
    >>> addressed_to_you("R2.10: player 1 is void in ♠ and must trump", 1)
    'R2.10: you are void in ♠ and must trump'
    """
    for pattern, words in _SECOND_PERSON:
        message = re.sub(pattern.format(p=player), words, message)
    return message
