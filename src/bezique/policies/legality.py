"""The legality policy: what may be played to a trick (R2.5, R2.10, R6.7, R7.1, R11.9)."""

from __future__ import annotations

import enum

import attrs

__all__ = ["LegalityPolicy", "Phase2", "SecondDuelLeader"]


class Phase2(enum.Enum):
    """How the tricks after the stock is gone are played (``phase2``, R6.7)."""

    ALL_PLAY = "all_play"
    """Every player plays to every trick."""
    DUELS = "duels"
    """Two duels of two players each, one after the other (R11.9)."""


class SecondDuelLeader(enum.Enum):
    """Who leads the second duel of phase 2 (``second_duel_leader``, R13.5, R11.9).

    The first duel is the winner of the last phase-1 trick against the player on his
    left; the second is played by the other two.
    """

    PARTNER_OF_FIRST_LEADER = "partner_of_first_leader"
    """The player whose partner led the first duel (seed 001's suggestion)."""
    PARTNER_OF_FIRST_FOLLOWER = "partner_of_first_follower"
    """The other player of the second duel: the partner of the first duel's follower."""


@attrs.frozen
class LegalityPolicy:
    """Play is free in phase 1 (R2.5); in phase 2 the follower must follow suit
    and win the trick if able, trumping when void (R2.10, R11.9)."""

    phase2: Phase2 = Phase2.ALL_PLAY
    """How phase 2 is played (R6.7)."""
    second_duel_leader: SecondDuelLeader = SecondDuelLeader.PARTNER_OF_FIRST_LEADER
    """Who leads the second duel (R13.5); four players with ``phase2 = duels`` only."""
    trump_when_losing: bool = True
    """Whether a player void in the suit led must trump even when no trump of
    his can win the trick (true in the two- and four-handed games; false in
    three-handed play, R7.1)."""
