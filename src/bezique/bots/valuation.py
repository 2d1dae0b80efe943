"""What cards and combination prospects are worth to the greedy policy, per variant.

The tables here are built once per variant value and cached (those per trump suit:
:class:`~bezique.bots._trump_tables.TrumpTables`, re-exported here with the card
constants): how many copies of each card a player may still use in each class of
combination. :func:`meld_prospects` turns them into points: each undeclared
complete combination counts 90% of its points, each incomplete one its points
times ``completion ** 2`` times the share of the stock still to draw.
:class:`~bezique.bots.GreedyBot` reads a card's worth as the drop of that sum
when the card goes; :class:`~bezique.bots.SearchBot` values a position at its
playout horizon with it.
"""

from __future__ import annotations

from bezique._engine.hands import FIELD, MASK, RANK_SHIFT, SHIFT, SUIT_FIELDS, SUIT_SHIFT, WEIGHT
from bezique._engine.melds.layout import suit_count, suit_top
from bezique.bots._sources import SOURCE_HOOKS, MeldCards, PlayHook
from bezique.bots._trump_tables import (
    ACE,
    JACK,
    RANK,
    SUIT_POS,
    SUITS,
    TEN,
    TRUMP_POS,
    TrumpTables,
)
from bezique.bots._variant_cache import VariantCache
from bezique.cards import ALL_CARDS, Card, Suit
from bezique.engine import Rules, rules_of
from bezique.melds import MeldKind
from bezique.policies import BrisqueTiming
from bezique.state import Combination, TableCard
from bezique.variants import Variant

__all__ = ["ACE", "COMPLETE", "FIELD", "JACK", "MASK", "RANK", "RANK_SHIFT", "SHIFT", "SUITS",
           "SUIT_FIELDS", "SUIT_POS", "SUIT_SHIFT", "TEN", "TRUMP_POS", "WEIGHT", "Tables",
           "TrumpTables", "class_counts", "class_vectors", "meld_prospects", "suit_count",
           "suit_size", "suit_top", "tables_of"]

def suit_size(held: int, s: int) -> int:
    """How many cards of suit position ``s`` the count vector ``held`` counts."""
    return suit_count(held >> SUIT_SHIFT[s] & SUIT_FIELDS)


COMPLETE: float = 0.9
"""Share of its points a complete, not yet declared combination is worth (a trick must be won)."""


class Tables:
    """Everything the greedy policy needs about one variant, built once."""

    __slots__ = ("bp", "by_trump", "copies", "deck_counts", "initial_stock", "last_trump",
                 "meld_cards", "partners", "play_hook", "reuses", "rules", "seven_points",
                 "sides")

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant)
        self.rules: Rules = rules
        scoring = variant.scoring
        if scoring.brisque_timing is BrisqueTiming.SETTLEMENT:
            # Rubicon: brisques only break ties or save the rubicon (R8.4); Chinese: never
            self.bp: float = 1.0 if scoring.brisque_points else 0.0
        else:
            self.bp = float(scoring.brisque_points)
        self.copies: int = variant.deck.packs
        self.deck_counts: int = sum(map(WEIGHT, ALL_CARDS)) * self.copies
        """The packed count vector of every card of the packs (:data:`WEIGHT`)."""
        self.initial_stock: int = max(1, len(rules.deck) - rules.players * rules.hand_size)
        self.partners: tuple[tuple[int, ...], ...] = rules.partners
        self.sides: tuple[int, ...] = rules.sides
        # the engine's meld card source (R3.2, R5.3) chooses the bots' own hooks, once
        self.play_hook: PlayHook | None = SOURCE_HOOKS.get(type(rules.meld_source), _HAND)[0]
        self.meld_cards: MeldCards = SOURCE_HOOKS.get(type(rules.meld_source), _HAND)[1]
        self.reuses: bool = rules.meld_source.reuses  # upgrades exist (R3.5)
        self.seven_points: int = rules.sevens.points if rules.sevens.score else 0
        self.by_trump: tuple[TrumpTables, ...] = (*(TrumpTables(rules, t, self.bp) for t in SUITS),
                         TrumpTables(rules, None, self.bp))
        """Per trump suit position, the suit's tables; ``by_trump[-1]`` with no trump."""
        self.last_trump: tuple[Suit | None, TrumpTables] = (None, self.by_trump[-1])
        """The trump suit last asked about and its tables (:meth:`trump_tables`): a deal
        keeps its trump, so ``tt = lt[1] if (lt := T.last_trump)[0] is trump else
        T.trump_tables(trump)`` finds them with no look-up."""

    def trump_tables(self, trump: Suit | None) -> TrumpTables:
        """The tables of ``trump`` (``None``: no trump yet), kept as :attr:`last_trump`."""
        tt = self.by_trump[TRUMP_POS.get(id(trump), -1)]
        self.last_trump = (trump, tt)
        return tt


_TABLES: VariantCache[Tables] = VariantCache(Tables)
"""The tables of the variants in use, by the variant's value (bounded)."""


def tables_of(variant: Variant) -> Tables:
    """The cached tables of ``variant`` (shared by equal variants; a bounded number kept)."""
    return _TABLES.get(variant)


def class_counts(T: Tables, player: int, hand_counts: list[int],
                  table: tuple[tuple[TableCard, ...], ...],
                  held: set[int] | None = None) -> tuple[list[int], ...]:
    """Per card index, the copies ``player`` may use in a new combination, indexed by the
    combination's class bit (R3.4-R3.6): ``[all, class A, class B, all, class C]``.

    A hand card counts in every class; a table card (own, or a partner's, R11.8) counts
    in every class whose bit it has not yet been used for. Position 0 (and 3) counts
    every card, for upgrades built on a scored combination (R3.5). Given a set as
    ``held``, the indexes of the table cards counted are added to it.
    """
    call = hand_counts[:]
    ca = hand_counts[:]
    cb = hand_counts[:]
    cc = hand_counts[:]
    partners = T.partners[player]
    for owner in (player, *partners) if partners else (player,):
        for tc in table[owner]:
            i = tc.card.index
            bits = tc.used
            call[i] += 1
            if held is not None:
                held.add(i)
            if not bits & 1:
                ca[i] += 1
            if not bits & 2:
                cb[i] += 1
            if not bits & 4:
                cc[i] += 1
    return (call, ca, cb, call, cc)


def class_vectors(T: Tables, player: int, held: int,
                  table: tuple[tuple[TableCard, ...], ...]) -> tuple[int, ...]:
    """:func:`class_counts` on packed count vectors (:data:`WEIGHT`): ``held`` is the
    vector of ``player``'s hand; the result, indexed by class bit, is
    ``(all, class A, class B, all, class C)`` (R3.4-R3.6, R11.8)."""
    call = ca = cb = cc = held
    partners = T.partners[player]
    for owner in (player, *partners) if partners else (player,):
        for tc in table[owner]:
            w = WEIGHT(tc.card)
            bits = tc.used
            call += w
            if not bits & 1:
                ca += w
            if not bits & 2:
                cb += w
            if not bits & 4:
                cc += w
    return (call, ca, cb, call, cc)


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
    tt = T.by_trump[TRUMP_POS.get(id(trump), -1)]
    by_bit = T.meld_cards(T, player, hand, table, won)
    call, cc = by_bit[0], by_bit[4]
    g = min(1.0, stock_size / T.initial_stock)
    side = T.sides[player]
    scored: list[MeldKind] | None = None
    total_value = 0.0
    for bit, pts, total, needs, upgrade, kind in tt.pats:
        arr = by_bit[bit]
        if upgrade and T.reuses:
            if scored is None:
                scored = [c.kind for c in combos if c.side == side and not c.superseded]
            if kind not in scored:
                arr = call
        have = 0
        for index, n in needs:
            k = arr[index]
            have += k if k < n else n
        if have == total:
            total_value += pts * COMPLETE
        elif have:
            x = have / total
            total_value += pts * x * x * g
    for indexes, pts in tt.quartets:
        r = cc[indexes[0]] + cc[indexes[1]] + cc[indexes[2]] + cc[indexes[3]]
        if r >= 4:
            total_value += pts * COMPLETE
        elif r:
            total_value += pts * r * r * g / 16
    return total_value


def hand_meld_cards(T: Tables, player: int, hand: tuple[Card, ...],
                    table: tuple[tuple[TableCard, ...], ...],
                    won: tuple[tuple[TableCard, ...], ...]) -> tuple[list[int], ...]:
    """The copies of each card ``player`` may meld, per class bit as in
    :func:`class_counts`: hand and tables (R3.2; the won cards' own: ``SOURCE_HOOKS``)."""
    counts = [0] * 32
    for c in hand:
        counts[c.index] += 1
    return class_counts(T, player, counts, table)


_HAND: tuple[PlayHook | None, MeldCards] = (None, hand_meld_cards)
"""The hooks of the hand and table: the greedy play of :mod:`bezique.bots._phase1`."""
