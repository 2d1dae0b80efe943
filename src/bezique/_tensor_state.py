"""The observation tensor straight from a state, for the adapters' hot path.

:func:`bezique.encoding.observation_tensor` writes the tensor block by block from an
:class:`~bezique.observation.Observation` (the reference, :mod:`bezique._tensor_blocks`).
The adapters need the tensor of the player to move after every action, and building the
whole observation first (thirty fields, the legal actions, the game) costs more than the
tensor itself. :class:`StateTensor` reads the state's fields that :func:`bezique.observe`
shows the player, and only those: his own hand and carte blanche privilege, the size of
every hand, and the public piles, scores and turn; the brisques only where they are
public. The other hands, the stock's order and the packet are never read, so the tensor
cannot leak them; tests/test_encoding.py checks it against the reference, element for
element, on random deals of every variant.

The tensor comes as two parts that the adapters turn into an array in a few numpy calls:

* the *unit positions*: a position once per 1.0 to add, for every card block (a face
  held twice is listed twice) and every one-hot entry;
* the *scalars*: the values of the entries that are not counts of ones (the stock size,
  the hand sizes, the scores and the brisques), whose positions are fixed
  (:meth:`StateTensor.scalar_positions`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from bezique._engine.hands import cards_of, size_of
from bezique._engine.tricks import trick_order
from bezique._tensor_blocks import SCORE_SCALE
from bezique.cards import Card, Suit
from bezique.encoding import observation_layout, observation_size
from bezique.state import CartePrivilege, Stage, State, TableCard
from bezique.variants import Variant

__all__ = ["StateTensor"]

_SUIT_POSITION = {suit: k for k, suit in enumerate(Suit)}
_STAGE_POSITION = {Stage.PLAY: 0, Stage.DECLARE: 1, Stage.GUESS: 2, Stage.OVER: 3}
_SHOWS_CARTE = {privilege: privilege.may_show for privilege in CartePrivilege}
_scaled: Callable[[int], float] = SCORE_SCALE.__rtruediv__
"""``_scaled(points)`` is ``points / SCORE_SCALE`` (the same float), in C for ``map``."""
_USED_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(32 * bit for bit in range(3) if used & (1 << bit)) for used in range(8))
"""``_USED_ROWS[used & 7]``: the rows of the ``table_used`` block (classes A, B, C, R3.4)
a table card counts in, as offsets from its class-A row."""


class StateTensor:
    """The observation tensor of one variant, read from a state (see the module).

    Args:
        variant: The rules; the tensor's layout depends on its players and sides.
    """

    __slots__ = ("_at", "_brisques_public", "_last_scores", "_played", "_rel", "_seats",
                 "_side_count", "_sides", "size")

    def __init__(self, variant: Variant) -> None:
        start = 0
        at: dict[str, int] = {}
        for name, length in observation_layout(variant):
            at[name] = start
            start += length
        self._at = at
        n = variant.deal.players
        self._seats: tuple[tuple[int, ...], ...] = tuple(
            tuple((player + k) % n for k in range(n)) for player in range(n))
        """Per observer, the players from his seat round the table (relative seats)."""
        self._brisques_public: bool = variant.scoring.brisques_public
        self._sides: tuple[int, ...] = variant.deal.sides
        self._side_count: int = variant.deal.side_count
        self._rel: tuple[list[int], ...] = tuple(_relative(seats) for seats in self._seats)
        """Per observer, each player's seat relative to him (``_seats`` inverted)."""
        self.size: int = observation_size(variant)
        """The length of the tensor."""
        self._played: tuple[tuple[Card, ...], list[int]] = ((), [])
        self._last_scores: tuple[tuple[object, ...], tuple[int, ...]] = ((), ())

    def scalar_positions(self, brisques: bool) -> list[int]:
        """Where the scalars go, in the order :meth:`parts` gives their values: the stock
        size, the hand sizes, the scores and, if ``brisques``, the brisques."""
        at = self._at
        out = [at["stock_size"]]
        out += range(at["hand_sizes"], at["hand_sizes"] + len(self._seats))
        out += range(at["scores"], at["scores"] + self._side_count)
        if brisques:
            out += range(at["brisques"], at["brisques"] + self._side_count)
        return out

    def parts(self, s: State, player: int) -> tuple[list[int], list[float]]:
        """The unit positions and the scalars' values of ``player``'s tensor of ``s`` (the
        same tensor as ``observation_tensor(observe(s, player))``). The values go to
        ``scalar_positions(brisques)``, ``brisques`` true when there is one value per
        position (they are public or the deal is over)."""
        seats = self._seats[player]
        units = [card.index for card in cards_of(s.held[player])]
        rel = self._rel[player]
        self._card_piles(s, seats, rel, units)
        self._one_hots(s, player, rel, units)
        return units, self._scalars(s, player, seats)

    def _card_piles(self, s: State, seats: tuple[int, ...], rel: list[int],
                    units: list[int]) -> None:
        """The card blocks after the hand: tables, table classes, won cards, exposed
        cards, the trick and the cards played."""
        at = self._at
        _tables(s.table, seats, at["tables"], at["table_used"], units)
        if s.won:
            _table_cards(s.won, seats, at["won"], units)
        _cards(s.exposed, seats, at["exposed"], units)
        if s.trick_indexes:  # who played each card follows from the leader (R2.4)
            trick = at["trick"]
            units += [trick + 32 * rel[q] + index for q, index in
                      zip(trick_order(s.leader, s.active), s.trick_indexes, strict=False)]
        units += self._played_units(s.played)

    def _played_units(self, played: tuple[Card, ...]) -> list[int]:
        """The unit positions of the cards played. The pile only grows during a deal, so
        those of the pile last asked about are kept, and only the cards added since are
        looked at when it begins the pile asked about."""
        last, units = self._played
        if played is not last:
            n = len(last)
            start = self._at["played"]
            if len(played) >= n and played[:n] == last:  # Cards compare by identity
                units = units + [start + card.index for card in played[n:]]
            else:
                units = [start + card.index for card in played]
            self._played = (played, units)
        return units

    def _one_hots(self, s: State, player: int, rel: list[int], units: list[int]) -> None:
        """The turn-up, the trump, the stage, the phase, whose turn, the leader, the
        dealer, the players of the trick and the carte blanche privilege (R11.6)."""
        at = self._at
        if s.turn_up is not None:
            units.append(at["turn_up"] + s.turn_up.index)
        if s.trump is not None:
            units.append(at["trump"] + _SUIT_POSITION[s.trump])
        units.append(at["stage"] + _STAGE_POSITION[s.stage])
        if s.phase == 2:
            units.append(at["phase"])
        if s.to_move is not None:
            units.append(at["to_move"] + rel[s.to_move])
        units.append(at["leader"] + rel[s.leader])
        units.append(at["dealer"] + rel[s.dealer])
        active = at["active"]
        units += [active + rel[q] for q in s.active]
        if _SHOWS_CARTE[s.carte[player]]:
            units.append(at["carte_blanche"])

    def _scalars(self, s: State, player: int, seats: tuple[int, ...]) -> list[float]:
        """The values at :meth:`scalar_positions`: the stock size, the hand sizes, the
        scores (in units of ``SCORE_SCALE``) and, where public, the brisques, the player's
        own side first."""
        held = s.held
        values: list[float] = [s.stock_size]
        values += map(size_of, held[player:] + held[:player])  # from the observer's seat
        mine = self._sides[player]
        scores = self._scores(s)
        values += map(_scaled, scores[mine:] + scores[:mine])
        if self._brisques_public or s.stage is Stage.OVER:
            brisques = s.brisques
            values += brisques[mine:] + brisques[:mine]
        return values

    def _scores(self, s: State) -> tuple[int, ...]:
        """``s.scores``, kept for the score parts last met: they are the state's fields that
        :attr:`State.scores <bezique.state.State>` adds up, and between two actions they
        are most often the same tuples (the engine passes unchanged fields on)."""
        parts = (s.variant, s.melds, s.sevens, s.brisques, s.last_trick, s.penalties,
                 s.bonus, s.stage is Stage.OVER)
        last, scores = self._last_scores
        if len(last) != len(parts) or not all(map(operator.is_, parts, last)):
            scores = s.scores
            self._last_scores = (parts, scores)
        return scores


def _relative(seats: tuple[int, ...]) -> list[int]:
    """Per player, his seat relative to the observer (``seats`` inverted)."""
    rel = [0] * len(seats)
    for k, q in enumerate(seats):
        rel[q] = k
    return rel


def _tables(table: tuple[tuple[TableCard, ...], ...], seats: tuple[int, ...], start: int,
            used_start: int, units: list[int]) -> None:
    """Every table as counts per face, then the classes A, B, C each card has served in."""
    for k, q in enumerate(seats):
        cards = table[q]
        if not cards:
            continue
        base = start + 32 * k
        units += [base + tc.card.index for tc in cards]
        used_base = used_start + 96 * k
        for tc in cards:
            rows = _USED_ROWS[tc.used & 7]
            if rows:
                at = used_base + tc.card.index
                units += [at + row for row in rows]


def _table_cards(piles: tuple[tuple[TableCard, ...], ...], seats: tuple[int, ...],
                 start: int, units: list[int]) -> None:
    """Per player from the observer's seat, a block of counts per face of ``piles``."""
    for k, q in enumerate(seats):
        base = start + 32 * k
        units += [base + tc.card.index for tc in piles[q]]


def _cards(piles: tuple[tuple[Card, ...], ...], seats: tuple[int, ...], start: int,
           units: list[int]) -> None:
    """Per player from the observer's seat, a block of counts per face of ``piles``."""
    for k, q in enumerate(seats):
        pile = piles[q]
        if pile:
            base = start + 32 * k
            units += [base + card.index for card in pile]
