"""A referee's penalties for games played with real cards (rules R10.1-R10.3 of the rules pages).

The engine never lets an irregularity happen; a frontend that records a game
played at a real table may apply one to the recorded state. Each function
returns a new state with the penalty in the deal's breakdown
(:attr:`SideScore.penalties <bezique.results.SideScore>`); the state given is
unchanged.

>>> import bezique as bz
>>> from bezique.referee import Irregularity, penalize
>>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
>>> penalize(s, Irregularity.OVERSIZED_HAND, offender=0).scores
(0, 100)
"""

from __future__ import annotations

import enum

from bezique._engine.compiled import rules_of
from bezique.cards import Rank
from bezique.errors import IllegalActionError
from bezique.state import Stage, State

__all__ = ["PENALTY_POINTS", "Irregularity", "penalize"]


class Irregularity(enum.Enum):
    """The irregularities of section 10."""

    OVERSIZED_HAND = "oversized_hand"
    """R10.1: a player holds more than the hand size while the opponent holds the right number."""
    MISSED_DRAW = "missed_draw"
    """R10.2: a player failed to draw."""
    REVOKE = "revoke"
    """R10.3: a player did not follow, win or trump when obliged in phase 2."""


PENALTY_POINTS: dict[Irregularity, int] = {
    Irregularity.OVERSIZED_HAND: 100, Irregularity.MISSED_DRAW: 10}
"""Points the opponents score for R10.1 and R10.2."""


def penalize(state: State, irregularity: Irregularity | str, offender: int) -> State:
    """Apply ``irregularity`` committed by player ``offender``.

    R10.1 and R10.2: every other side scores 100 or 10. R10.3 (a revoke, only in
    phase 2) ends the deal, and the cards of the current trick count as still to
    be played: with ``revoke_penalty = remaining_brisques`` every other side
    scores the brisques still to be played as a penalty and nobody scores the
    last trick; with ``forfeit_tricks`` the offender's opponents take every
    remaining trick (the side of the offender's left-hand opponent takes their
    brisques and the last-trick bonus).

    Raises:
        IllegalActionError: if the deal is over, the player does not exist, or a
            revoke is claimed outside phase 2.
    """
    kind = Irregularity(irregularity)
    rules = rules_of(state.variant)
    if state.stage is Stage.OVER:
        raise IllegalActionError("R10: the deal is over; no penalty can be applied", rule="R10",
                                 message_id="R10/deal-over")
    if not isinstance(offender, int) or not 0 <= offender < rules.players:
        raise IllegalActionError(f"R10: no player {offender!r}", rule="R10",
                                 message_id="R10/no-player", params={"given": repr(offender)})
    side = rules.sides[offender]
    others = [q for q in range(rules.side_count) if q != side]
    if kind is not Irregularity.REVOKE:
        points = PENALTY_POINTS[kind]
        penalties = tuple(p + points if q in others else p
                          for q, p in enumerate(state.penalties))
        return state.replace(penalties=penalties)
    if state.phase != 2:
        raise IllegalActionError("R10.3: a revoke can only happen in phase 2", rule="R10.3",
                                 message_id="R10.3/revoke-phase-2")
    remaining = [c for hand in state.hands for c in hand] + [c for _, c in state.trick]
    brisques = sum(1 for c in remaining if c.rank >= Rank.TEN)
    played = state.played + tuple(remaining)
    base = state.replace(stage=Stage.OVER, to_move=None, trick=(),
                         hands=((),) * rules.players, played=played)
    taker = rules.sides[(offender + 1) % rules.players]
    return rules.settlement.revoke(base, others, taker, brisques,
                                   state.variant.scoring.brisque_points)
