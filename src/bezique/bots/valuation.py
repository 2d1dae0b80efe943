"""What a player's combination prospects are worth, as the greedy policy counts them.

:func:`meld_prospects` values the combinations a player may still declare in phase 1:
each undeclared complete combination counts 90% of its points, each incomplete one its
points times ``completion ** 2`` times the share of the stock still to draw.
:class:`~bezique.bots.GreedyBot` reads a card's worth as the drop of that sum when the
card goes; :class:`~bezique.bots.SearchBot` values a position at its playout horizon
with it.

What it counts with is built once per variant value and cached: :func:`tables_of` gives
a variant's :class:`Tables` (per trump suit its :class:`TrumpTables`: the combinations as
card-index patterns and packed count checks, and each card's base values). The layout
the bots count cards in, and the rest of the greedy policy, are private
(``bezique.bots._layout`` and its neighbours).
"""

from __future__ import annotations

from bezique._engine.hands import rank_copies
from bezique.bots._layout import CLASS_C, COMPLETE, NO_CLASS
from bezique.bots._tables import Tables, tables_of
from bezique.bots._trump_tables import TrumpTables
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.state import Combination, TableCard
from bezique.variants import Variant

__all__ = ["Tables", "TrumpTables", "meld_prospects", "tables_of"]


def meld_prospects(variant: Variant, player: int, hand: tuple[Card, ...],
                   table: tuple[tuple[TableCard, ...], ...], won: tuple[tuple[TableCard, ...], ...],
                   combos: tuple[Combination, ...], trump: Suit | None, stock_size: int) -> float:
    """What ``player``'s combination prospects are worth, in points, as the greedy policy
    counts them in phase 1: each undeclared complete combination 90% of its points, each
    incomplete one its points times ``completion ** 2`` times the share of the stock left.

    Cards are the player's hand and table (and the partner's table, R11.8), or the
    unused won cards in Fildinski (R5.3). Zero in phase 2, when nothing more can be
    declared (R2.9). Search bots use it to value a position at a playout horizon.

    >>> import bezique as bz
    >>> s = bz.setup(bz.variants.TWO_PACK, hands=["QS JD 9S 8H 7H 9D 10H 8D",
    ...                                           "8S 7S 7S 10D KD AD KC JC"], turn_up="9C")
    >>> round(meld_prospects(s.variant, 0, s.hands[0], s.table, s.won, s.combos, s.trump,
    ...                      s.stock_size))
    172
    """
    if stock_size == 0:
        return 0.0
    T = tables_of(variant)
    tt = T.by_trump[trump]
    by_bit = T.meld_cards(T, player, hand, table, won)  # packed counts per class bit
    call, cc = by_bit[NO_CLASS], by_bit[CLASS_C]
    g = min(1.0, stock_size / T.initial_stock)
    side = T.sides[player]
    scored: list[MeldKind] | None = None
    total_value = 0.0
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
        if have == total:
            total_value += pts * COMPLETE
        elif have:
            x = have / total
            total_value += pts * x * x * g
    for _, rank, pts in tt.quartet_fields:
        r = rank_copies(cc, rank)
        if r >= 4:
            total_value += pts * COMPLETE
        elif r:
            total_value += pts * r * r * g / 16
    return total_value
