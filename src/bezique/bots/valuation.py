"""What a player's combination prospects are worth, as the greedy policy counts them.

:func:`meld_prospects` values the combinations a player may still declare in phase 1:
each undeclared complete combination counts 90% of its points, each incomplete one its
points times ``completion ** 2`` times the share of the stock still to draw.
:class:`~bezique.bots.GreedyBot` reads a card's worth as the drop of that sum when the
card goes; :class:`~bezique.bots.SearchBot` values a position at its playout horizon
with it. :func:`side_prospects` counts a side's players together (partners share their
table cards, R11.8), as the strongest search (:mod:`bezique.bots.analysis`) values a
position at its horizon.

What it counts with is built once per variant value and cached: :func:`tables_of` gives
a variant's :class:`Tables` (per trump suit its :class:`TrumpTables`: the combinations as
card-index patterns and packed count checks, and each card's base values). The layout
the bots count cards in, and the rest of the greedy policy, are private
(``bezique.bots._layout`` and its neighbours).
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique._engine.hands import held_of, rank_copies
from bezique.bots._layout import CLASS_C, COMPLETE, NO_CLASS
from bezique.bots._tables import Tables, tables_of
from bezique.bots._trump_tables import TrumpTables
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.state import Combination, TableCard
from bezique.variants import Variant

__all__ = ["Tables", "TrumpTables", "meld_prospects", "side_prospects", "tables_of"]


def meld_prospects(variant: Variant, player: int, hand: tuple[Card, ...],
                   table: tuple[tuple[TableCard, ...], ...], won: tuple[tuple[TableCard, ...], ...],
                   combos: tuple[Combination, ...], trump: Suit | None, stock_size: int,
                   *, fresh: bool = False) -> float:
    """What ``player``'s combination prospects are worth, in points, as the greedy policy
    counts them in phase 1: each undeclared complete combination 90% of its points, each
    incomplete one its points times ``completion ** 2`` times the share of the stock left.

    Cards are the player's hand and table (and the partner's table, R11.8), or the
    unused won cards in Fildinski (R5.3). Zero in phase 2, when nothing more can be
    declared (R2.9). Search bots use it to value a position at a playout horizon.

    With ``fresh`` (a variant whose declarations need a card from the hand, R3.7) a
    combination of which the hand holds no card counts as one card short of complete
    however many of its cards the tables hold: a copy of one of them must still come to
    the hand.

    >>> import bezique as bz
    >>> s = bz.setup(bz.variants.TWO_PACK, hands=["QS JD 9S 8H 7H 9D 10H 8D",
    ...                                           "8S 7S 7S 10D KD AD KC JC"], turn_up="9C")
    >>> round(meld_prospects(s.variant, 0, s.hands[0], s.table, s.won, s.combos, s.trump,
    ...                      s.stock_size))
    172
    """
    if stock_size == 0:
        return 0.0
    return sum(_values(variant, player, hand, table, won, combos, trump, stock_size, fresh))


def side_prospects(variant: Variant, side: int, hands: Sequence[tuple[Card, ...]],
                   table: tuple[tuple[TableCard, ...], ...], won: tuple[tuple[TableCard, ...], ...],
                   combos: tuple[Combination, ...], trump: Suit | None, stock_size: int) -> float:
    """What the combination prospects of ``side``'s players are worth together, in points,
    under the variant's rules (``hands``: every player's hand, by seat).

    One player's side counts as :func:`meld_prospects`. Partners build on the same table
    cards (R11.8) and a combination is declared by one of them, so each combination counts
    once, at the most any partner's cards make of it: two partners who each complete a
    double bezique with the tables have one double bezique, not two. Where a declaration
    needs a card from the hand (``require_fresh_card``, R3.7) a combination the hand
    holds no card of counts as one card short of complete.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.FOUR_HANDED, seed=2)
    >>> args = (s.table, s.won, s.combos, s.trump, s.stock_size)
    >>> each = sum(meld_prospects(s.variant, p, s.hands[p], *args, fresh=True) for p in (0, 2))
    >>> side_prospects(s.variant, 0, s.hands, *args) <= each
    True
    """
    if stock_size == 0:
        return 0.0
    fresh = variant.melds.require_fresh_card
    seats = variant.deal.members(side)
    if len(seats) == 1:
        (p,) = seats
        return meld_prospects(variant, p, hands[p], table, won, combos, trump, stock_size,
                              fresh=fresh)
    each = [_values(variant, p, hands[p], table, won, combos, trump, stock_size, fresh)
            for p in seats]
    return float(sum(map(max, zip(*each, strict=True))))


def _values(variant: Variant, player: int, hand: tuple[Card, ...],
            table: tuple[tuple[TableCard, ...], ...], won: tuple[tuple[TableCard, ...], ...],
            combos: tuple[Combination, ...], trump: Suit | None, stock_size: int,
            fresh: bool) -> list[float]:
    """Per combination of the variant and trump (always the same order), what
    :func:`meld_prospects` adds up; ``stock_size`` above 0."""
    T = tables_of(variant)
    tt = T.by_trump[trump]
    by_bit = T.meld_cards(T, player, hand, table, won)  # packed counts per class bit
    held = held_of(hand) if fresh else 0
    call, cc = by_bit[NO_CLASS], by_bit[CLASS_C]
    g = min(1.0, stock_size / T.initial_stock)
    side = T.sides[player]
    scored: list[MeldKind] | None = None
    values: list[float] = []
    for bit, pts, total, upgrade, kind, _, _, add, guard, more in tt.prospects:
        counts = by_bit[bit]
        # an upgrade not yet scored may count every card, those of the combination it
        # builds on too (R3.5); the meld card source's counts say which: won cards count
        # alike in every class, serving once (R11.5)
        if upgrade:
            if scored is None:
                scored = [c.kind for c in combos if c.side == side and not c.superseded]
            if kind not in scored:
                counts = call
        # its cards held, each up to the copies needed (the count checks of _prospect)
        have = ((counts + add) & guard).bit_count()
        for add_k, guard_k in more:
            have += ((counts + add_k) & guard_k).bit_count()
        if have == total and fresh and not (held + add) & guard:  # no card of it in hand
            have -= 1  # complete on the tables alone: a fresh card must still come (R3.7)
        x = have / total
        values.append(pts * COMPLETE if have == total else pts * x * x * g)
    for _, rank, pts in tt.quartet_fields:
        r = rank_copies(cc, rank)
        if r >= 4 and fresh and not rank_copies(held, rank):
            r = 3  # complete on the tables alone (R3.7)
        values.append(pts * COMPLETE if r >= 4 else pts * r * r * g / 16)
    return values
