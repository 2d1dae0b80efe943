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

from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from bezique._engine.compiled import rules_of
from bezique._engine.tricks import trick_order, trick_winner
from bezique.actions import Action, Play
from bezique.engine import legal_actions
from bezique.errors import BeziqueError
from bezique.state import PLAY, State

__all__ = ["Solution", "solve", "value_for"]

_CARDS = 32
"""Card indexes 0-31 (``Card.index``: suit by suit, ace first)."""
_FIELD = 8
"""Bits per card of a hand's count vector (:mod:`bezique._engine.hands`)."""
_CARD_FIELDS: int = (1 << _FIELD * _CARDS) - 1
"""The 32 card fields of a count vector (its per-rank fields dropped)."""
_SEVEN_BITS: int = sum(0x7F << _FIELD * i for i in range(_CARDS))
_TOP_BITS: int = sum(0x80 << _FIELD * i for i in range(_CARDS))


def _present(counts: int) -> int:
    """The top bit of every card field of ``counts`` (card fields only) that is not zero:
    adding 127 to a field below 128 sets its top bit exactly when it is not zero, and never
    carries into the next field."""
    return (counts + _SEVEN_BITS) & _TOP_BITS


def _card_of_bit(bit: int) -> int:
    """The card index of a field's top bit (as :func:`_present` sets them)."""
    return (bit.bit_length() - _FIELD) >> 3


_WEIGHT: tuple[int, ...] = tuple(1 << _FIELD * i for i in range(_CARDS))
"""A card's weight in the card fields of a count vector, by card index."""
_SUIT: tuple[int, ...] = tuple(i // 8 for i in range(_CARDS))
"""The suit position of a card index."""
_IS_BRISQUE: tuple[int, ...] = tuple(int(i % 8 < 2) for i in range(_CARDS))
"""1 for an ace or a ten (R2.11), by card index: the first two of a suit's eight."""
_SPAN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(0x80 << _FIELD * k for k in range(a, b + 1)) if a <= b else 0
          for b in range(_CARDS)) for a in range(_CARDS))
"""``_SPAN[a][b]``: the top bits of the card fields ``a`` to ``b``: the cards between two
cards of a suit, both included (:func:`_present` form)."""
_INF = 1 << 30


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
    search = _Search(state, state.variant.deal.sides[state.to_move])  # type: ignore[index]
    values, value = search.root()
    actions = legal_actions(state)
    by_action: dict[Action, int] = {a: values[a.card.index] for a in actions
                                    if isinstance(a, Play)}
    return Solution(value, MappingProxyType(by_action),
                    tuple(a for a in actions if by_action[a] == value), search.nodes)


def value_for(state: State, side: int) -> int:
    """The exact value of the phase-2 position ``state`` for ``side`` (which need not be
    the side to move): the points still to be scored that ``side`` gains minus what the
    other sides gain, every player playing perfectly (:func:`solve`'s reading; with three
    or more sides the others play against ``side`` together). The search bots take it at
    the end of their playouts; the caller checks the position (:func:`solve` does).
    """
    return _Search(state, side).root()[1]


class _Search:
    """One solve: the position's fixed facts and the alpha-beta search over its cards."""

    def __init__(self, state: State, root_side: int) -> None:
        variant = state.variant
        rules = rules_of(variant)
        assert state.to_move is not None
        self.state = state
        self.trump = state.trump
        self.follow: Callable[..., int] = rules.follow
        sides = variant.deal.sides
        self.sign = tuple(1 if side == root_side else -1 for side in sides)
        self.brisque = variant.scoring.brisque_value(True)
        self.bonus = (rules.settlement.last_trick_points
                      if rules.settlement.final_trick_bonus else 0)
        self.hands = [h & _CARD_FIELDS for h in state.held]
        self.table: dict[int, tuple[int, int]] = {}
        self.best_move: dict[int, int] = {}
        self.nodes = 0
        active = state.active
        later = rules.partnership.phase_two.second(active)
        self.active = active
        # R6.7, R11.9: a second duel still to come is solved by itself (its cards never
        # meet this duel's; the last trick's bonus is its own) and added
        self.rest = 0
        self.final = True
        if set(later) != set(active) and any(self.hands[p] for p in later):
            self.active = later
            self.left = self._brisques_of(later)
            self.rest = self._value_from(later[0], -_INF, _INF)
            self.table.clear()
            self.best_move.clear()
            self.active = active
            self.final = False
        self.left = (self._brisques_of(active)
                     + sum(_IS_BRISQUE[c] for c in state.trick_indexes))

    def _brisques_of(self, players: tuple[int, ...]) -> int:
        """The brisques in the hands of ``players``."""
        count = 0
        for p in players:
            bits = _present(self.hands[p])
            while bits:
                low = bits & -bits
                bits ^= low
                card = _card_of_bit(low)
                if _IS_BRISQUE[card]:
                    count += self.hands[p] >> _FIELD * card & 0xFF
        return count

    def root(self) -> tuple[dict[int, int], int]:
        """Every legal card's value (by card index) and the position's value."""
        s = self.state
        p = s.to_move
        assert p is not None
        order = trick_order(s.leader, self.active)
        trick = list(s.trick_indexes)
        k = len(trick)
        h = self.hands[p]
        options = self.follow(h, trick, self.trump) & _CARD_FIELDS if trick else h
        values: dict[int, int] = {}
        representative: dict[int, int] = {}
        for card, rep in self._classes(options, p, trick):
            representative[card] = rep
        for card, rep in representative.items():
            if rep != card:
                continue
            self.hands[p] = h - _WEIGHT[card]
            trick.append(card)
            v = (self._finish(order, trick, -_INF, _INF) if k + 1 == len(order)
                 else self._play(order, k + 1, trick, -_INF, _INF))
            trick.pop()
            self.hands[p] = h
            values[card] = v
        for card, rep in representative.items():
            values[card] = values[rep]
        pick = max if self.sign[p] > 0 else min
        return values, pick(values.values())

    def _classes(self, options: int, p: int, trick: list[int]) -> list[tuple[int, int]]:
        """Each card of ``options`` with the card that stands for its class: the highest of
        the cards of its suit and worth that no other player's card (nor one of the trick)
        lies between."""
        outside = 0
        for q in self.active:
            if q != p:
                outside |= _present(self.hands[q])
        for card in trick:
            outside |= 0x80 << _FIELD * card
        out: list[tuple[int, int]] = []
        bits = _present(options)
        rep = prev = -1
        while bits:
            low = bits & -bits
            bits ^= low
            card = _card_of_bit(low)
            if (prev < 0 or _SUIT[card] != _SUIT[prev]
                    or _IS_BRISQUE[card] != _IS_BRISQUE[prev] or outside & _SPAN[prev][card]):
                rep = card
            out.append((card, rep))
            prev = card
        return out

    def _moves(self, options: int, p: int, trick: list[int], first: int) -> list[int]:
        """The cards of ``options`` to try, one per class (:meth:`_classes`), ``first``
        first when it is among them; a follower tries his lowest cards first."""
        out = [card for card, rep in self._classes(options, p, trick) if card == rep]
        if trick:
            out.reverse()
        if first >= 0 and first in out:
            out.remove(first)
            out.insert(0, first)
        return out

    def _value_from(self, leader: int, alpha: int, beta: int) -> int:
        """The value of the tricks from one led by ``leader`` to the end of the series."""
        active = self.active
        hands = self.hands
        key = 0
        for p in active:
            key = key << 256 | hands[p]
        key = key << 3 | active.index(leader)
        most = self.left * self.brisque + (self.bonus if self.final else 0)
        rest = self.rest  # a second duel's value, constant here
        if rest + most <= alpha:
            return rest + most
        if rest - most >= beta:
            return rest - most
        entry = self.table.get(key)
        if entry is not None:
            low, high = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha = max(alpha, low)
            beta = min(beta, high)
        order = trick_order(leader, active)
        v = self._play(order, 0, [], alpha, beta, key)
        low, high = entry if entry is not None else (-_INF, _INF)
        if v <= alpha:
            high = min(high, v)
        elif v >= beta:
            low = max(low, v)
        else:
            low = high = v
        self.table[key] = (low, high)
        return v

    def _play(self, order: tuple[int, ...], k: int, trick: list[int], alpha: int, beta: int,
              key: int = -1) -> int:
        """The value once the ``k``-th player of ``order`` plays to ``trick``."""
        p = order[k]
        hands = self.hands
        h = hands[p]
        options = self.follow(h, trick, self.trump) & _CARD_FIELDS if k else h
        first = self.best_move.get(key, -1) if key >= 0 else -1
        moves = self._moves(options, p, trick, first)
        maximizing = self.sign[p] > 0
        best = -_INF if maximizing else _INF
        best_card = -1
        last = k + 1 == len(order)
        for card in moves:
            self.nodes += 1
            hands[p] = h - _WEIGHT[card]
            trick.append(card)
            v = (self._finish(order, trick, alpha, beta) if last
                 else self._play(order, k + 1, trick, alpha, beta))
            trick.pop()
            hands[p] = h
            if maximizing:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_card = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key >= 0:
            self.best_move[key] = best_card
        return best

    def _finish(self, order: tuple[int, ...], trick: list[int], alpha: int, beta: int) -> int:
        """The value of a complete ``trick`` and of the tricks after it (R1.3, R2.11,
        R2.12)."""
        winner = order[trick_winner(trick, self.trump)]
        brisques = _IS_BRISQUE[trick[0]] + sum(_IS_BRISQUE[c] for c in trick[1:])
        points = brisques * self.brisque
        sign = self.sign[winner]
        if self.hands[order[0]]:
            self.left -= brisques
            rest = self._value_from(winner, alpha - sign * points, beta - sign * points)
            self.left += brisques
            return sign * points + rest
        if self.final:
            points += self.bonus
        return sign * points + self.rest
