"""The blocks of :func:`bezique.encoding.observation_tensor`, written one after another.

Each writer fills its block of ``out`` from the observation alone, the observing player's
seat first, and returns where the next block starts (the layout is in docs/rl.rst).
``out`` is anything indexed by position that starts at 0.0 everywhere, such as the list
:func:`bezique.encoding.observation_tensor` returns. This is the reference: the adapters
read the same numbers straight off the state (:mod:`bezique._tensor_state`), and the
tests compare the two.
"""

from __future__ import annotations

from typing import Protocol

from bezique.cards import Suit
from bezique.engine import rules_of
from bezique.melds import MeldKind
from bezique.observation import Observation
from bezique.state import Stage
from bezique.variants import Variant

SCORE_SCALE = 1000.0
"""Scores and game totals in the tensor are points divided by this."""

_SUITS = tuple(Suit)
_STAGES = (Stage.PLAY, Stage.DECLARE, Stage.GUESS, Stage.OVER)


def announceable(variant: Variant) -> tuple[MeldKind, ...]:
    """The kinds of combination ``variant`` lets a player announce (R13.7), in
    :class:`~bezique.MeldKind` order: every kind of its meld table but the seven of trumps
    and carte blanche, none where ``announce_several`` is off (Fildinski); the engine's
    own list, worked out once per variant (the meld card source's ``announced_kinds``)."""
    kinds: tuple[MeldKind, ...] = rules_of(variant).meld_source.announced_kinds
    return kinds


class Cells(Protocol):
    """Where the writers write: float cells by position, 0.0 until written."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _write_tables(o: Observation, seats: list[int], out: Cells, base: int) -> int:
    """Every table as counts per face, then the classes A, B, C each table card has served
    in (R3.4); returns where the next block starts."""
    n = len(seats)
    used_base = base + 32 * n
    for k, q in enumerate(seats):
        off = base + 32 * k
        uoff = used_base + 96 * k
        for tc in o.table[q]:
            i = tc.card.index
            out[off + i] += 1.0
            used = int(tc.used)
            for bit in range(3):
                if used & (1 << bit):
                    out[uoff + 32 * bit + i] += 1.0
    return used_base + 96 * n


def _write_piles(o: Observation, seats: list[int], out: Cells, base: int) -> int:
    """The won cards (Fildinski), the exposed cards, the trick, the cards played, the
    turn-up and the trump; returns where the next block starts."""
    n = len(seats)
    rel = {q: k for k, q in enumerate(seats)}
    for k, q in enumerate(seats):
        for tc in o.won[q] if o.won else ():
            out[base + 32 * k + tc.card.index] += 1.0
    base += 32 * n
    for k, q in enumerate(seats):
        for card in o.exposed[q]:
            out[base + 32 * k + card.index] += 1.0
    base += 32 * n
    for q, card in o.trick:
        out[base + 32 * rel[q] + card.index] = 1.0
    base += 32 * n
    for card in o.played:
        out[base + card.index] += 1.0
    base += 32
    if o.turn_up is not None:
        out[base + o.turn_up.index] = 1.0
    base += 32
    if o.trump is not None:
        out[base + _SUITS.index(o.trump)] = 1.0
    return base + 4


def _write_turn(o: Observation, seats: list[int], out: Cells, base: int) -> int:
    """Stock and hand sizes, stage, phase, whose turn, leader, dealer, the players of the
    trick and the carte-blanche privilege; returns where the next block starts."""
    n = len(seats)
    rel = {q: k for k, q in enumerate(seats)}
    out[base] = float(o.stock_size)
    base += 1
    for k, q in enumerate(seats):
        out[base + k] = float(o.hand_sizes[q])
    base += n
    out[base + _STAGES.index(o.stage)] = 1.0
    base += 4
    out[base] = 1.0 if o.phase == 2 else 0.0
    base += 1
    if o.to_move is not None:
        out[base + rel[o.to_move]] = 1.0
    base += n
    out[base + rel[o.leader]] = 1.0
    base += n
    out[base + rel[o.dealer]] = 1.0
    base += n
    for q in o.active:
        out[base + rel[q]] = 1.0
    base += n
    out[base] = 1.0 if o.carte.may_show else 0.0  # may show carte blanche (R11.6)
    return base + 1


def _write_scores(o: Observation, out: Cells, base: int) -> int:
    """The scores (in units of :data:`bezique.encoding.SCORE_SCALE`) and, where public,
    the brisques, the player's own side first; returns where the next block starts."""
    side_count = len(o.scores)
    my_side = o.variant.deal.sides[o.player]
    for j in range(side_count):
        out[base + j] = o.scores[(my_side + j) % side_count] / SCORE_SCALE
    base += side_count
    if o.brisques is not None:
        for j in range(side_count):
            out[base + j] = float(o.brisques[(my_side + j) % side_count])
    return base + side_count


def _write_announced(o: Observation, out: Cells, base: int) -> None:
    """Per side from the player's own, per kind that may be announced, the side's pending
    announcements of that kind (R13.7)."""
    if not o.announced:
        return
    kinds = announceable(o.variant)
    side_count = len(o.scores)
    my_side = o.variant.deal.sides[o.player]
    for c in o.announced:
        out[base + len(kinds) * ((c.side - my_side) % side_count) + kinds.index(c.kind)] += 1.0


def write_observation(o: Observation, out: Cells) -> None:
    """Every block of the tensor of ``o``, the hand first."""
    n = len(o.hand_sizes)
    seats = [(o.player + k) % n for k in range(n)]
    for card in o.hand:
        out[card.index] += 1.0
    base = _write_tables(o, seats, out, 32)
    base = _write_piles(o, seats, out, base)
    base = _write_turn(o, seats, out, base)
    base = _write_scores(o, out, base)
    _write_announced(o, out, base)

