"""The legality policy: what may be played to a trick (R2.5, R2.10, R6.7, R7.1, R11.9)."""

from __future__ import annotations

import enum

import attrs

__all__ = ["LegalityPolicy", "Phase2"]


class Phase2(enum.Enum):
    """How the tricks after the stock is gone are played (``phase2``, R6.7)."""

    ALL_PLAY = "all_play"
    """Every player plays to every trick."""
    DUELS = "duels"
    """Two duels of two players each, one after the other (R11.9)."""


@attrs.frozen
class LegalityPolicy:
    """Play is free in phase 1 (R2.5); in phase 2 the follower must follow suit
    and win the trick if able, trumping when void (R2.10, R11.9)."""

    phase2: Phase2 = Phase2.ALL_PLAY
    """How phase 2 is played (R6.7)."""
    trump_when_losing: bool = True
    """Whether a player void in the suit led must trump even when no trump of
    his can win the trick (true in the two- and four-handed games; false in
    three-handed play, R7.1)."""
