"""The greedy policy's phase-2 card play (R2.10): count the unseen cards, cash masters,
draw trumps, win cheaply, throw low (see :mod:`bezique.bots.greedy`).

What each play is worth is looked up (:func:`bezique.bots._trump_tables._phase2_rows`) by
what is known of its suit: whether it is a master (no unseen card of its suit beats
it), and leading, whether a master draws the trumps or must win; following, whether
it takes the trick.
"""

from __future__ import annotations

from collections.abc import Callable

from bezique._engine.hands import SUIT_FIELDS, SUIT_SHIFT, WEIGHT
from bezique._engine.melds.layout import suit_count, suit_top
from bezique._engine.tricks import winning_pair
from bezique.actions import Action, Play
from bezique.bots._layout import RANK, suit_size
from bezique.bots._tables import Tables
from bezique.cards import SUIT_OF_INDEX, Card, Suit

__all__ = ["phase2"]


def phase2(T: Tables, player: int, held: int,
           trick: tuple[tuple[int, Card], ...], trump: Suit | None, played: tuple[Card, ...],
           legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Phase-2 play (R2.10): cash masters, draw trumps, win cheaply, throw low."""
    tt = T.by_trump[trump]
    t = tt.trump_pos
    top, out = unseen_by_suit(T, held, trick, played)
    lead_rows, follow_rows, partner_rows = tt.phase2
    if not trick:
        # leading: a master trump draws the trumps when holding as many as are out; a
        # master of another suit must win where the opponents hold it or no trump
        out_trumps = out[t] if t >= 0 else 0
        draws = 2 if out_trumps and suit_size(held, t) >= out_trumps else 1
        kinds = [2 if s_out or not out_trumps else 1 for s_out in out]
        if t >= 0:
            kinds[t] = draws
        return best_play(legal, lead_rows, top, kinds, 0, scores)
    # who is winning (:func:`~bezique.bots._trick.trick_lead`, read inline); one card so
    # far (every two-handed trick when following): it is winning (R1.3)
    leader, best = trick[0] if len(trick) == 1 else winning_pair(trick, trump)
    if T.partnership.same_side(leader, player):  # the partner's trick (R11.8)
        return best_play(legal, partner_rows, top, _ONE, 0, scores)
    return best_play(legal, follow_rows, top, _ONE, tt.beaten_by[best.index], scores)


_ONE = (1, 1, 1, 1)


def unseen_by_suit(T: Tables, held: int, trick: tuple[tuple[int, Card], ...],
                   played: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """Per suit position, the highest rank not yet seen (-1 if none) and how many cards
    of the suit are unseen, the packed counts of the hand being ``held``."""
    unseen = T.deck_counts - held - played_counts(T, played)
    for _, c in trick:
        unseen -= WEIGHT(c)
    blocks = [unseen >> shift & SUIT_FIELDS for shift in SUIT_SHIFT]
    return list(map(_TOP.__getitem__, blocks)), list(map(_COUNT.__getitem__, blocks))


class _BlockMemo(dict[int, int]):
    """What ``fn`` gives a suit's block of counts, computed once per block and kept (at
    most :data:`_BLOCK_LIMIT` blocks, then it starts again), so that a look-up that hits
    runs in C."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[int], int]) -> None:
        super().__init__()
        self.fn = fn

    def __missing__(self, block: int) -> int:
        if len(self) >= _BLOCK_LIMIT:
            self.clear()
        value = self[block] = self.fn(block)
        return value


_BLOCK_LIMIT = 1 << 16
_TOP = _BlockMemo(suit_top)
""":func:`~bezique._engine.melds.layout.suit_top` per block."""
_COUNT = _BlockMemo(suit_count)
""":func:`~bezique._engine.melds.layout.suit_count` per block."""


def played_counts(T: Tables, played: tuple[Card, ...]) -> int:
    """The packed counts of ``played``. The cards played only grow during a deal, so the
    counts of the pile last asked about (:attr:`~bezique.bots._tables.Tables.last_played`)
    are reused when it begins ``played``."""
    last, counts = T.last_played
    if played is not last:
        n = len(last)
        if len(played) >= n and played[:n] == last:
            counts += sum(map(WEIGHT, played[n:]))
        else:
            counts = sum(map(WEIGHT, played))
        T.last_played = (played, counts)
    return counts


def best_play(legal: tuple[Action, ...], rows: tuple[tuple[float, ...], ...], top: list[int],
              kinds: list[int] | tuple[int, ...], wins: int,
              scores: list[float] | None) -> Action:
    """The play of the best value ``rows[card][k]``: ``k`` is 0 for a card that is no
    master (an unseen card of its suit beats it), else ``kinds`` of its suit; plus 2 for
    a card in the bit set ``wins`` (it takes the trick)."""
    best_action: Action = legal[0]
    best_u = -1e18
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        s = SUIT_OF_INDEX[i]
        k = kinds[s] if RANK[i] >= top[s] else 0
        if wins >> i & 1:
            k += 2
        u = rows[i][k]
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action
