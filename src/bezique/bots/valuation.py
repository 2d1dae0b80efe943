"""What cards and combination prospects are worth to the greedy policy, per variant.

The tables here are built once per variant value (and trump suit) and cached: the
combinations as card-index patterns, the phase-1 base value of every card, and
how many copies of each card a player may still use in each class of
combination. :func:`meld_prospects` turns them into points: each undeclared
complete combination counts 90% of its points, each incomplete one its points
times ``completion ** 2`` times the share of the stock still to draw.
:class:`~bezique.bots.GreedyBot` reads a card's worth as the drop of that sum
when the card goes; :class:`~bezique.bots.SearchBot` values a position at its
playout horizon with it.
"""

from __future__ import annotations

from bezique.bots._variant_cache import VariantCache
from bezique.cards import Card, Rank, Suit
from bezique.engine import Rules, rules_of
from bezique.melds import MeldKind
from bezique.policies import BrisqueTiming
from bezique.state import Combination, TableCard
from bezique.variants import Variant

__all__ = ["ACE", "COMPLETE", "JACK", "RANK", "SUITS", "SUIT_POS", "TEN", "TRUMP_POS", "Tables",
           "TrumpTables", "class_counts", "meld_prospects", "tables_of"]

SUITS = tuple(Suit)
SUIT_POS = {suit: pos for pos, suit in enumerate(SUITS)}
TRUMP_POS = {id(suit): pos for pos, suit in enumerate(SUITS)}
"""Suit position by object id (hashing an enum member is slow on the hot path)."""
RANK = tuple(7 - (i & 7) for i in range(32))
"""``RANK[card.index]``: the rank as an int, 7 for an ace down to 0 for a seven."""
TEN, JACK, ACE = int(Rank.TEN), int(Rank.JACK), int(Rank.ACE)
COMPLETE = 0.9
"""Share of its points a complete, not yet declared combination is worth (a trick must be won)."""


class TrumpTables:
    """Per variant and trump suit: the combinations as index patterns, and base card values."""

    __slots__ = ("base1", "by_card", "pats", "quartet_of", "quartets", "seven")

    def __init__(self, rules: Rules, trump: Suit | None, brisque: float) -> None:
        pats: list[tuple[int, int, int, tuple[tuple[int, int], ...], bool, MeldKind]] = []
        by_card: list[list[tuple[int, int]]] = [[] for _ in range(32)]
        for pat in rules.patterns[trump]:
            total = sum(n for _, n in pat.needs)
            upgrade = bool(rules.upgrades.get(pat.kind))
            pid = len(pats)
            # with meld_classes = four the sequences have their own bit (R13.1); the
            # counts of class A stand in for it
            bit = pat.bit if pat.bit < 8 else 1
            pats.append((bit, pat.points, total, pat.needs, upgrade, pat.kind))
            for index, n in pat.needs:
                by_card[index].append((pid, n))
        self.pats = tuple(pats)
        """``(class bit, points, cards, needs, is an upgrade, kind)`` per combination."""
        self.by_card = tuple(tuple(x) for x in by_card)
        """Per card index, ``(pattern id, copies needed)`` of the combinations it is in."""
        quartets: list[tuple[tuple[int, ...], int]] = []
        quartet_of = [-1] * 32
        for spec in rules.quartets[trump]:
            indexes = tuple(Card.of(spec.rank, suit).index for suit in SUITS)
            for index in indexes:
                quartet_of[index] = len(quartets)
            quartets.append((indexes, spec.points))
        self.quartets = tuple(quartets)
        """``(the four card indexes of the rank, points)`` per four-of-a-rank combination."""
        self.quartet_of = tuple(quartet_of)
        """Per card index, its four-of-a-rank combination, or -1."""
        t = SUIT_POS[trump] if trump is not None else -1
        base1 = []
        for i in range(32):
            rank = RANK[i]
            value = 0.3 * rank + (brisque if rank >= TEN else 0.0)
            if i >> 3 == t:
                value += 3.0 + 0.5 * rank
            base1.append(value)
        self.base1 = tuple(base1)
        """Phase-1 keep value of each card before combinations: brisque, rank, trump."""
        self.seven = t * 8 + 7 if t >= 0 and rules.has_seven_meld else -1
        """Index of the scoring seven of trumps, or -1."""


class Tables:
    """Everything the greedy policy needs about one variant, built once."""

    __slots__ = ("bp", "by_trump", "copies", "from_won", "initial_stock", "partners", "rules",
                 "seven_points", "sides")

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant)
        self.rules = rules
        scoring = variant.scoring
        if scoring.brisque_timing is BrisqueTiming.SETTLEMENT:
            # Rubicon: brisques only break ties or save the rubicon (R8.4); Chinese: never
            self.bp = 1.0 if scoring.brisque_points else 0.0
        else:
            self.bp = float(scoring.brisque_points)
        self.copies = variant.deck.packs
        self.initial_stock = max(1, len(rules.deck) - rules.players * rules.hand_size)
        self.partners = rules.partners
        self.sides = rules.sides
        self.from_won = rules.meld_source.declares_from_won_cards
        self.seven_points = rules.seven_points if rules.has_seven_meld else 0
        self.by_trump = (*(TrumpTables(rules, t, self.bp) for t in SUITS),
                         TrumpTables(rules, None, self.bp))
        """Per trump suit position, the suit's tables; ``by_trump[-1]`` with no trump."""


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
    by_bit = _meld_cards(T, player, hand, table, won)
    call, cc = by_bit[0], by_bit[4]
    g = min(1.0, stock_size / T.initial_stock)
    side = T.sides[player]
    scored: list[MeldKind] | None = None
    total_value = 0.0
    for bit, pts, total, needs, upgrade, kind in tt.pats:
        arr = by_bit[bit]
        if upgrade and not T.from_won:
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


def _meld_cards(T: Tables, player: int, hand: tuple[Card, ...],
                table: tuple[tuple[TableCard, ...], ...],
                won: tuple[tuple[TableCard, ...], ...]) -> tuple[list[int], ...]:
    """The copies of each card ``player`` may meld, per class bit as in
    :func:`class_counts`: hand and tables, or the unused won cards in Fildinski (R5.3)."""
    counts = [0] * 32
    if T.from_won:
        for tc in won[player]:
            if not tc.used:
                counts[tc.card.index] += 1
        return (counts,) * 5
    for c in hand:
        counts[c.index] += 1
    return class_counts(T, player, counts, table)
