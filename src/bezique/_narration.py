"""Words for a deal as it happens: score events, and refusals addressed to "you".

Used by the ``bezique`` command's ``demo`` and ``play``; internal, free to change.
"""

from __future__ import annotations

import re

from bezique.state import State

__all__ = ["ScoreEvent", "addressed_to_you", "describe_events", "score_events"]

ScoreEvent = tuple[int, int, str]
"""``(side, points, what)``: a side scored ``points`` for ``what``."""


def score_events(before: State, after: State) -> list[ScoreEvent]:
    """What scored between two successive states of a deal, per side.

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
    """
    events: list[ScoreEvent] = []
    new_combos = after.combos[len(before.combos):]
    for side, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
        if old == new:
            continue
        parts = (
            ("melds", after.melds[side] - before.melds[side]),
            ("seven of trumps", after.sevens[side] - before.sevens[side]),
            ("last trick", after.last_trick[side] - before.last_trick[side]),
            ("penalty", after.penalties[side] - before.penalties[side]),
            ("the dealer's guess", after.bonus[side] - before.bonus[side]),
        )
        for what, points in parts:
            if not points:
                continue
            if what == "melds":
                kinds = [c.kind.value.replace("_", " ") for c in new_combos if c.side == side]
                what = ", ".join(kinds) or "combinations"
            events.append((side, points, what))
        rest = new - old - sum(points for _, points in parts)
        if rest:  # brisques, as the variant counts them (R2.11)
            count = after.brisques[side] - before.brisques[side]
            if count <= 0:
                what = f"{after.brisques[side]} brisques, counted at the end"
            else:
                what = "a brisque" if count == 1 else f"{count} brisques"
            events.append((side, rest, what))
    return events


def describe_events(events: list[ScoreEvent], side_names: list[str]) -> list[str]:
    """One line per event, ``side 0 (you): +10, seven of trumps``."""
    return [f"{side_names[side]}: {points:+d}, {what}" for side, points, what in events]


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
