"""A look back at a finished (or unfinished) deal: every decision against the best action.

:func:`review` replays a :class:`~bezique.record.Record` and, at every decision with more
than one legal action, asks :func:`~bezique.bots.analysis.analyse` what each action was
worth from the deciding player's own observation at that moment (never from cards he
could not see). A decision's *loss* is the best action's value less the played one's: 0
for the best play, the points given away otherwise (exact in two-handed phase 2).
"""

from __future__ import annotations

import random

import attrs

from bezique.actions import Action
from bezique.bots.analysis import analyse
from bezique.engine import apply, legal_actions
from bezique.errors import BeziqueError
from bezique.game import Game
from bezique.observation import observe
from bezique.record import Record
from bezique.state import State

__all__ = ["REVIEW_WORLDS", "Review", "Reviewed", "review"]

REVIEW_WORLDS = 16
"""Determinizations per decision of a review when no budget is given (a review analyses
every decision of a deal, some thirty a player)."""


@attrs.frozen
class Reviewed:
    """One decision of a record, judged (:func:`review`)."""

    index: int
    """The action's position in the record (0 for the first action)."""
    player: int
    """Who decided."""
    played: Action
    """What was played."""
    best: Action
    """The best action as the analysis found it (``played`` when that was best)."""
    loss: float
    """The best action's value less the played one's, in points (0 or more)."""
    exact: bool
    """Whether both values are the solver's exact ones."""


@attrs.frozen
class Review:
    """Every decision of a record with more than one legal action (:func:`review`)."""

    moves: tuple[Reviewed, ...]
    """The decisions in the record's order."""

    def of(self, player: int) -> tuple[Reviewed, ...]:
        """The decisions of ``player``."""
        return tuple(m for m in self.moves if m.player == player)

    def total_loss(self, player: int) -> float:
        """The points ``player``'s decisions gave away, all together."""
        return sum(m.loss for m in self.moves if m.player == player)


def review(record: Record, *, budget: int | None = None, seed: int = 0) -> Review:
    """Every decision of ``record`` with more than one legal action, judged from the
    deciding player's own observation (see the module documentation).

    Args:
        record: A deal or a game, finished or not.
        budget: Determinizations per decision (default :data:`REVIEW_WORLDS`).
        seed: Where the analyses' randomness starts: the same record and seed give the
            same review.

    Raises:
        BeziqueError: for anything but a record, or a record that does not replay (its
            message names the first action that is not legal), or a bad budget.

    >>> import bezique as bz
    >>> record = bz.Record(bz.variants.TWO_PACK, 7, actions=(bz.Play("QS"), bz.Play("10D")))
    >>> moves = bz.bots.review(record, budget=2).moves
    >>> [(m.index, m.player, str(m.played)) for m in moves], all(m.loss >= 0 for m in moves)
    ([(0, 1, 'play QS'), (1, 0, 'play 10D')], True)
    >>> bz.bots.review(bz.Record(bz.variants.TWO_PACK, 7, actions=(bz.Pass(),)))
    Traceback (most recent call last):
    ...
    bezique.errors.IllegalActionError: action 1 (pass): R2.6: pass only closes ...
    """
    if not isinstance(record, Record):
        raise BeziqueError(f"review takes a Record, not {type(record).__name__}")
    moves: list[Reviewed] = []
    for index, position, action in _decisions(record):
        deal = position.current if isinstance(position, Game) else position
        player = deal.to_move
        assert player is not None
        analysis = analyse(observe(position, player), rng=random.Random(seed * 1_000_003 + index),
                           budget=budget or REVIEW_WORLDS)
        after = apply(position, action)
        played = next(r for r in analysis.ranked
                      if r.action == action or apply(position, r.action) == after)
        best = analysis.ranked[0]
        moves.append(Reviewed(index, player, action, best.action,
                              max(0.0, best.value - played.value), best.exact and played.exact))
    return Review(tuple(moves))


def _decisions(record: Record) -> list[tuple[int, State | Game, Action]]:
    """Each action of ``record`` taken where more than one was legal, with its index and
    the position before it; the whole record is replayed first, so that a record that
    does not replay is refused before any analysis.

    Raises:
        IllegalActionError: naming the first action that does not replay.
    """
    positions = list(record.replay())
    return [(index, positions[index], action) for index, action in enumerate(record.actions)
            if len(legal_actions(positions[index])) > 1]
