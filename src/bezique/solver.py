"""Exact values of phase-2 positions: the endgame solver (R2.10, R2.11, R2.12, R6.7, R8.4).

Once the stock is gone no card is drawn and no combination is declared (R2.9): what is left
of the deal is a game of tricks in which, for a :class:`~bezique.state.State`, every card is
known. :func:`solve` plays it out perfectly and says what it is worth.

**What is counted.** The points still to be scored from the position on: the brisques of the
tricks to come at the variant's value of a brisque (10, or nothing where only a settlement
counts them, R8.4, R9.1) and the last trick's bonus (R2.12; none in phase 2 where the
variant gives it at the end of the stock). Brisques already won are scored, whenever the
variant writes them down, so they are not part of the value. The value is the points the
side of the player to move gains, minus the points the other sides gain.

**Who plays how.** Every player plays to make that difference as large as it can be for
his own side. With two sides (two-pack and its relatives, Rubicon, Chinese, eight-pack,
consultation, four-handed partnership) this is the game's minimax value. The duels of
four-handed and cutthroat phase 2 (R6.7, R11.9) are two games one after the other whose
cards never meet: the second duel is solved by itself and added (its players' gains are
constant for a player of the first duel in cutthroat). Three-handed phase 2 and cutthroat
with ``phase2 = all_play`` have three or four sides playing one trick together; there the
solver takes the *paranoid* reading: the other players are taken to play against the side
to move together (the worst case for that side; the value is then a guaranteed minimum).

**How it is fast.** An alpha-beta search over the cards (the follower's cards are few: he
must follow and win, R2.10), with

* a transposition table keyed at every trick's start by one integer (the hands' count
  vectors side by side and the leader's place),
* the equivalences of card-play solvers: identical copies of a card are one move (a
  hand is a count vector), and two cards of a suit with no other player's card between
  them and the same worth (both brisques or neither) are one move, the higher played,
* a bound: a position whose remaining points cannot change the search's window is not
  searched,
* move ordering: the card that was best at a trick's start last time first, then the
  follower's cheapest winning card or his lowest card.

``benchmarks/solver.py`` measures the time of a solve per variant (``docs/bots.rst``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from bezique._endgame import Search
from bezique.actions import Action, Play
from bezique.engine import legal_actions
from bezique.errors import BeziqueError
from bezique.state import PLAY, State

__all__ = ["Solution", "solve", "value_for"]

@attrs.frozen
class Solution:
    """The exact value of a phase-2 position (:func:`solve`).

    >>> import bezique as bz
    >>> from bezique.solver import solve
    >>> s = bz.setup(bz.variants.TWO_PACK, hands=["KS", "AS"], stock=())  # player 1 leads
    >>> solve(s).value  # the ace wins the last trick: its brisque and the 10 for it
    20
    """

    value: int
    """The points still to be scored that the side of the player to move gains, minus what
    the other sides gain, with every player playing perfectly."""
    values: Mapping[Action, int]
    """Every legal action's value, from the same side's view, in ``legal_actions`` order."""
    best: tuple[Action, ...]
    """The legal actions whose value is :attr:`value`, in ``legal_actions`` order."""
    nodes: int = attrs.field(default=0, eq=False)
    """Cards tried by the search (a measure of its work; not part of the value)."""


def solve(state: State) -> Solution:
    """The exact value of the phase-2 position ``state`` and of each of its legal actions.

    Args:
        state: A deal whose stock is empty and that is not over (phase 2, R2.9).

    Returns:
        The :class:`Solution`: the same position always gives the same one.

    Raises:
        BeziqueError: for anything but a :class:`~bezique.state.State`, a finished deal, or a
            position with stock left (phase 1 hides the stock: nothing is exact there).

    >>> import bezique as bz
    >>> from bezique.solver import solve
    >>> solve(bz.new_deal(bz.variants.TWO_PACK, seed=1))
    Traceback (most recent call last):
    ...
    bezique.errors.BeziqueError: solve needs phase 2: 48 cards are left in the stock
    """
    if not isinstance(state, State):
        raise BeziqueError(f"solve takes a State, not {type(state).__name__}")
    if state.is_over:
        raise BeziqueError("solve needs a deal in progress: this deal is over")
    if state.stock_size or state.phase != 2 or state.stage is not PLAY:
        raise BeziqueError(f"solve needs phase 2: {state.stock_size} cards are left in the "
                           "stock")
    search = Search(state, state.variant.deal.sides[state.to_move])  # type: ignore[index]
    values, value = search.root()
    actions = legal_actions(state)
    by_action: dict[Action, int] = {a: values[a.card.index] for a in actions
                                    if isinstance(a, Play)}
    return Solution(value, MappingProxyType(by_action),
                    tuple(a for a in actions if by_action[a] == value), search.nodes)


def value_for(state: State, side: int, work: list[int] | None = None) -> int:
    """The exact value of the phase-2 position ``state`` for ``side`` (which need not be
    the side to move): the points still to be scored that ``side`` gains minus what the
    other sides gain, every player playing perfectly (:func:`solve`'s reading; with three
    or more sides the others play against ``side`` together). The search bots take it at
    the end of their playouts; the caller checks the position (:func:`solve` does).
    ``work[0]``, when given, is increased by the search's nodes.
    """
    search = Search(state, side)
    value = search.value()
    if work is not None:
        work[0] += search.nodes
    return value
