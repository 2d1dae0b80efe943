"""Precomputed tables of a variant, built once and used on the hot path.

The engine never asks a policy the same question twice: everything it needs
per action (meld patterns per trump suit, upgrade relations) is worked out here when a
variant is first used, and where variants differ it asks one object per concern
(:mod:`bezique._engine.concerns`), chosen here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import attrs

from bezique._engine.concerns import Partnership, Settlement, Sevens, TrumpFixing
from bezique._engine.count_vectors import CountCheck, Layout, Needs, Test, meld_gate
from bezique._engine.tricks import Follow, follow_rule
from bezique.actions import Declare
from bezique.cards import ALL_CARDS, Card, Rank, Suit
from bezique.melds import MeldClass, MeldKind
from bezique.policies import MeldClasses
from bezique.state import Combination, TableCard, Window

if TYPE_CHECKING:
    from bezique.policies.melds import MeldCardSource
    from bezique.variants import Variant

__all__ = [
    "CARD_SHIFT",
    "CARD_WEIGHT",
    "CLASS_BIT",
    "FIELD_MASK",
    "QUARTET_BIT",
    "SEQUENCES",
    "SEQUENCE_BIT",
    "Candidate",
    "Pattern",
    "Plan",
    "PoolTables",
    "QuartetSpec",
    "Rules",
    "WindowGate",
    "rules_of",
]

CLASS_BIT = {MeldClass.A: 1, MeldClass.B: 2, MeldClass.C: 4, MeldClass.SEVEN: 8,
             MeldClass.CARTE_BLANCHE: 0}
"""The bit of each meld class in :attr:`bezique.state.TableCard.used`."""
QUARTET_BIT = CLASS_BIT[MeldClass.C]
"""The class of the quartets (R3.3)."""
SEQUENCE_BIT = 16
"""With ``meld_classes = four`` the sequences' own class (R13.1); marriages keep bit 1."""
SEQUENCES = frozenset({MeldKind.TRUMP_SEQUENCE, MeldKind.BACK_DOOR})
"""The sequences: class A with the marriages, or their own class (R13.1)."""

_SUITS = tuple(Suit)

_FIELD = 8
"""Bits per count in a packed count vector (see :data:`CARD_WEIGHT`)."""
_GUARD = 1 << (_FIELD - 1)
"""The top bit of a field: a count stays below it (no player holds 128 copies of a rank)."""
_RANK_FIELD = 32
"""The first of the eight per-rank fields, after the 32 per-card ones."""


def _weight(card: Card) -> int:
    return (1 << (_FIELD * card.index)) | (1 << (_FIELD * (_RANK_FIELD + int(card.rank))))


CARD_WEIGHT: dict[Card, int] = {card: _weight(card) for card in ALL_CARDS}
"""Each card's weight in a packed count vector: the sum of the weights of some cards holds,
in 8-bit fields, how many copies of each card (fields 0-31, by ``Card.index``) and of each
rank (fields 32-39, by rank value) they contain: one layout for every variant, which the
bots read (:mod:`bezique.bots.valuation`). The declaration window uses a smaller layout
per variant and trump (:class:`WindowGate`)."""


CARD_SHIFT: dict[Card, int] = {card: _FIELD * card.index for card in ALL_CARDS}
"""Where each card's field starts in a packed count vector."""
FIELD_MASK = (1 << _FIELD) - 1
"""One field of a packed count vector: ``vector >> CARD_SHIFT[card] & FIELD_MASK`` is how
many copies of ``card`` it counts."""


_QUARTETS = (
    (Rank.ACE, MeldKind.FOUR_ACES, MeldKind.FOUR_TRUMP_ACES, MeldKind.FIVE_TRUMP_ACES),
    (Rank.TEN, MeldKind.FOUR_TENS, MeldKind.FOUR_TRUMP_TENS, MeldKind.FIVE_TRUMP_TENS),
    (Rank.KING, MeldKind.FOUR_KINGS, MeldKind.FOUR_TRUMP_KINGS, MeldKind.FIVE_TRUMP_KINGS),
    (Rank.QUEEN, MeldKind.FOUR_QUEENS, MeldKind.FOUR_TRUMP_QUEENS, MeldKind.FIVE_TRUMP_QUEENS),
    (Rank.JACK, MeldKind.FOUR_JACKS, MeldKind.FOUR_TRUMP_JACKS, MeldKind.FIVE_TRUMP_JACKS),
)
_BEZIQUES = (MeldKind.BEZIQUE, MeldKind.DOUBLE_BEZIQUE, MeldKind.TRIPLE_BEZIQUE,
             MeldKind.QUADRUPLE_BEZIQUE, MeldKind.QUINTUPLE_BEZIQUE)
_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


@attrs.frozen
class Plan:
    """How a legal declaration is carried out."""

    kind: MeldKind
    bit: int
    points: int
    cards: tuple[Card, ...]
    from_hand: tuple[Card, ...]
    from_table: tuple[int, ...]
    superseded: int | None
    fixes: Suit | None


@attrs.frozen
class Pattern:
    """A combination with a fixed multiset of cards (all but the plain quartets)."""

    kind: MeldKind
    bit: int
    cards: tuple[Card, ...]
    needs: tuple[tuple[int, int], ...]
    points: int
    fixes: Suit | None
    declare: Declare
    check: CountCheck
    """The card counts it needs, on the packed count vectors of its trump (:class:`Layout`)."""
    hand_plan: Plan
    """Its plan when every card comes from the hand (no table card could serve)."""
    hand_entry: dict[Declare, Plan] = attrs.field(eq=False, repr=False)
    """``{declare: hand_plan}``, built once: the plans of a window are merged from these
    without hashing a declaration again (shared, never changed)."""


@attrs.frozen
class QuartetSpec:
    """Four cards of one rank in any suits (R3.3), excluding all-trump sets where
    the variant scores those as a trump quartet (R11.3)."""

    kind: MeldKind
    rank: Rank
    points: int
    exclude_all_trump: bool
    check: CountCheck
    """Four cards of the rank, on the packed count vectors of its trump (:class:`Layout`)."""
    cards: tuple[Card, ...]
    """The card of the rank in each suit, in suit (and display) order."""
    trump_pos: int
    """Where the trump suit is in :attr:`cards` (-1 before trump is fixed)."""
    indexes: tuple[int, ...]
    """The indexes of :attr:`cards` (``Card.index``)."""
    hand_sets: dict[tuple[int, ...], dict[Declare, Plan]] = attrs.field(eq=False, repr=False)
    """By the copies of :attr:`cards` in a hand, the declarations of every set of four from
    the hand alone, filled as met (a cache of at most one entry per hand's copies)."""
    sets: dict[tuple[int, ...], tuple[tuple[Card, ...], Declare]] = attrs.field(
        eq=False, repr=False)
    """By the copies of each of :attr:`cards` in a set of four, its cards and its declaration,
    filled as met (:func:`bezique._engine.plans.quartet_set`; at most 35 entries)."""


PoolTables = tuple[tuple[tuple[TableCard, ...], ...], tuple[Combination, ...],
                   dict[int, list[TableCard]], dict[int, TableCard],
                   list[tuple[int, Combination, tuple[int, ...], bool]]]
"""The meld search's index of some tables (:class:`bezique._engine.plans.Pool`): the tables
and the combinations it was made of, the table cards by card index and by serial, and the
combinations that can be upgraded or re-formed."""

Candidate = tuple[int, int, int, "Pattern | None", "QuartetSpec | None"]
"""A combination for the window's search: its check ``(add, guard)``, the class its cards
must be new to (0 where it may upgrade a scored one, R3.5, or the gate does not look at
fresh cards), and the pattern or the quartet."""


@attrs.frozen
class WindowGate:
    """What a declaration window under one trump reads (R3.3-R3.9, R4.2): the weights of
    the cards (:class:`Layout`), the tests of which one passes when the cards may make a
    combination (:func:`meld_gate`), every combination with its check, and the field of
    the seven of trumps."""

    weigh: Callable[[Card], int]
    add: int
    guard: int
    shift: int
    single: int
    mask: int
    """The first test of the gate (:func:`meld_gate`), its fields read one by one."""
    more: tuple[Test, ...]
    """The other tests (none in the variants of the library)."""
    covers: dict[int, int]
    """Per bit the first test shows, the combinations that may then be declarable: bit
    ``i`` for ``entries[i]``; empty with further tests."""
    entries: tuple[Candidate, ...]
    """Every combination (the patterns, then the quartets) with its check."""
    candidates: dict[int, tuple[Candidate, ...]]
    """The entries of :attr:`covers`, per bit, and per set of several bits once a window
    showed it (:func:`bezique._engine.meld_search._candidates`, bounded)."""
    patterns: tuple[Pattern, ...]
    quartets: tuple[QuartetSpec, ...]
    seven: Card | None
    seven_mask: int


def _index_needs(cards: tuple[Card, ...]) -> tuple[tuple[int, int], ...]:
    """``(card index, copies)`` of sorted ``cards``, by index."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.index] = counts.get(card.index, 0) + 1
    return tuple(counts.items())


def _needs(cards: tuple[Card, ...]) -> Needs:
    """How many copies of each card ``cards`` holds."""
    counts: Needs = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


_Spec = tuple[MeldKind, tuple[Card, ...], "Suit | None"]
"""A fixed-card combination before its tables: kind, sorted cards, the suit it fixes."""


def _spec(kind: MeldKind, cards: tuple[Card, ...], fixes: Suit | None) -> _Spec:
    return kind, tuple(sorted(cards)), fixes


class Rules:
    """The compiled rules of one variant (internal): its tables, and one object per concern
    (:mod:`bezique._engine.concerns`)."""

    def __init__(self, variant: Variant) -> None:
        deal, melds = variant.deal, variant.melds
        self.players: int = deal.players
        self.sides: tuple[int, ...] = deal.sides
        self.side_count: int = deal.side_count
        self.hand_size: int = deal.hand_size
        self.deck: tuple[Card, ...] = variant.deck.cards()
        # one object per concern, chosen once (bezique._engine.concerns)
        self.sevens: Sevens = Sevens(variant)
        self.partnership: Partnership = Partnership(variant, self.sevens)
        self.trump_fixing: TrumpFixing = TrumpFixing(variant)
        self.partners: tuple[tuple[int, ...], ...] = self.partnership.partners
        self.draw_order: tuple[tuple[int, ...], ...] = tuple(
            tuple((w + k) % deal.players for k in range(deal.players))
            for w in range(deal.players))
        """Per trick winner, the players in drawing order: the winner first (R2.6 b)."""
        self.points: dict[MeldKind, int] = dict(melds.effective_table())
        self.settlement: Settlement = Settlement(variant, self.points)
        self.require_fresh: bool = melds.require_fresh_card
        self.reform_broken: bool = melds.reform_broken
        self.meld_source: MeldCardSource = melds.card_source
        """Where meld cards come from (the strategy of :mod:`bezique.policies.melds`)."""
        # the strategy's answers the hot path asks, read once here
        self.declares_from_won_cards: bool = self.meld_source.declares_from_won_cards
        self.keeps_won_cards: bool = self.meld_source.keeps_won_cards
        self.one_combination_per_trick: bool = self.meld_source.one_combination_per_trick
        self.announce_several: bool = melds.announce_several and self.one_combination_per_trick
        self.window_closes_by_itself: bool = self.meld_source.window_closes_by_itself
        self.needs_card_of_last_trick: bool = self.meld_source.needs_card_of_last_trick
        # R2.10, R7.1: the cards a phase-2 follower may play, the function chosen once
        self.follow: Follow = follow_rule(variant.legality.trump_when_losing)
        # R13.1: sequences in their own class (hand declarations only; won cards serve once)
        self.four_classes: bool = (melds.meld_classes is MeldClasses.FOUR
                                   and melds.card_source.reuses_cards)
        self._window_tables()
        self._meld_tables(variant)

    def _window_tables(self) -> None:
        """What the declaration window's hot path reads instead of computing it."""
        # whose tables a player declares with: his own and his partners' (R6.4, R11.8)
        self.table_owners: tuple[tuple[int, ...], ...] = tuple(
            (p, *self.partners[p]) for p in range(self.players))
        # the meld search's index of the last tables met, per player and with or without
        # the partners' tables (bezique._engine.plans.Pool)
        self.pool_tables: dict[tuple[int, bool], PoolTables] = {}
        # R3.4-R3.9: hand declarations without re-forming need cards new to their class,
        # but for an upgrade (the meld search's gate may then look at fresh cards only)
        self.fresh_gate: bool = not self.reform_broken and not self.declares_from_won_cards
        # R4.3: per window value (Window flags), whether a seven action is still open in it
        self.sevens_open: tuple[bool, ...] = tuple(
            not w & Window.SEVEN_DONE and not (self.sevens.counts_as_meld and w & Window.DECLARED)
            for w in range(16))

    def _meld_tables(self, variant: Variant) -> None:
        """Per trump suit, the combinations and what the window's gate reads."""
        self.upgrades: dict[MeldKind, frozenset[MeldKind]] = self._upgrades()
        self.patterns: dict[Suit | None, tuple[Pattern, ...]] = {}
        self.quartets: dict[Suit | None, tuple[QuartetSpec, ...]] = {}
        self.gates: dict[Suit | None, WindowGate] = {}
        for t in (None, *_SUITS):
            self._trump_tables(variant, t)
        self.pattern_by_key: dict[Suit | None, dict[tuple[MeldKind, tuple[Card, ...]], Pattern]] = {
            t: {(p.kind, p.cards): p for p in pats} for t, pats in self.patterns.items()}

    def _trump_tables(self, variant: Variant, trump: Suit | None) -> None:
        """The combinations under ``trump``, their count vectors' layout and the window's
        gate (:class:`WindowGate`): most windows offer no combination, and the search is
        skipped."""
        specs = list(self._patterns(variant, trump))
        ranks = [rank for rank, four, _, _ in _QUARTETS if self.points.get(four)]
        pattern_needs = [_needs(cards) for _, cards, _ in specs]
        quartet_needs: list[Needs] = [{rank: 4} for rank in ranks]
        checks = pattern_needs + quartet_needs
        seven = Card.of(Rank.SEVEN, trump) if trump is not None and self.sevens.score else None
        layout = Layout(self.deck, checks, seven)
        patterns = self.patterns[trump] = tuple(
            self._pattern(kind, cards, fixes, layout.check(needs))
            for (kind, cards, fixes), needs in zip(specs, pattern_needs, strict=True))
        quartets = self.quartets[trump] = tuple(
            QuartetSpec(four, rank, self.points[four],
                        trump is not None and four_trump in self.points,
                        layout.check({rank: 4}), tuple(Card.of(rank, suit) for suit in _SUITS),
                        _SUITS.index(trump) if trump is not None else -1,
                        tuple(Card.of(rank, suit).index for suit in _SUITS), {}, {})
            for rank, four, four_trump, _ in _QUARTETS if rank in ranks)
        fresh = self.fresh_gate
        tests, covers = meld_gate(layout, checks)
        if not tests or tests[0][2] < 0:
            tests = ((0, 0, 0, 0, 0), *tests)  # a first test that never passes
        if len(tests) > 1:
            covers = {}  # every combination is a candidate when any test passes
        entries: tuple[Candidate, ...] = tuple(
            (p.check.add, p.check.guard,
             p.bit if fresh and not self.upgrades.get(p.kind) else 0, p, None)
            for p in patterns) + tuple(
            (q.check.add, q.check.guard, QUARTET_BIT if fresh else 0, None, q) for q in quartets)
        self.gates[trump] = WindowGate(
            layout.weight.__getitem__, *tests[0], tests[1:], covers, entries,
            {bit: tuple(e for i, e in enumerate(entries) if mask >> i & 1)
             for bit, mask in covers.items()},
            patterns, quartets, seven, layout.field_mask(seven) if seven is not None else 0)

    def _pattern(self, kind: MeldKind, cards: tuple[Card, ...], fixes: Suit | None,
                 check: CountCheck) -> Pattern:
        bit = SEQUENCE_BIT if self.four_classes and kind in SEQUENCES else CLASS_BIT[
            kind.meld_class]
        points = self.points[kind]
        declare = Declare(kind, cards)
        plan = Plan(kind, bit, points, cards, cards, (), None, fixes)
        return Pattern(kind, bit, cards, _index_needs(cards), points, fixes, declare, check,
                       plan, {declare: plan})

    def _patterns(self, variant: Variant, trump: Suit | None) -> Iterator[_Spec]:
        """Every fixed-card combination declarable under ``trump`` (``None``: not fixed yet)."""
        if trump is None:
            if not self.trump_fixing.by_turn_up:
                yield from self._trump_fixing_patterns()
        else:
            yield from self._marriage_and_sequence_patterns(trump)
            yield from self._trump_quartet_patterns(trump)
        yield from self._bezique_patterns(variant, trump)

    def _trump_fixing_patterns(self) -> Iterator[_Spec]:
        """R11.2: before trump is fixed, a marriage (or sequence) of any suit fixes it."""
        points = self.points
        for suit in _SUITS:
            marriage = (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit))
            if MeldKind.ROYAL_MARRIAGE in points:
                yield _spec(MeldKind.ROYAL_MARRIAGE, marriage, suit)
            if self.trump_fixing.by_sequence and MeldKind.TRUMP_SEQUENCE in points:
                seq = tuple(Card.of(rank, suit) for rank in _SEQUENCE_RANKS)
                yield _spec(MeldKind.TRUMP_SEQUENCE, seq, suit)

    def _marriage_and_sequence_patterns(self, trump: Suit) -> Iterator[_Spec]:
        """Class A (R3.3, R8.2): marriages, the trump sequence and back-door sequences."""
        points = self.points
        for suit in _SUITS:
            kind = MeldKind.ROYAL_MARRIAGE if suit is trump else MeldKind.COMMON_MARRIAGE
            if kind in points:
                yield _spec(kind, (Card.of(Rank.KING, suit),
                                           Card.of(Rank.QUEEN, suit)), None)
        for suit in _SUITS:
            kind = MeldKind.TRUMP_SEQUENCE if suit is trump else MeldKind.BACK_DOOR
            if kind in points:
                seq = tuple(Card.of(r, suit) for r in _SEQUENCE_RANKS)
                yield _spec(kind, seq, None)

    def _trump_quartet_patterns(self, trump: Suit) -> Iterator[_Spec]:
        """R9.2, R9.5: four (and five) trump aces, tens, kings, queens, jacks."""
        points = self.points
        for rank, _, four_trump, five_trump in _QUARTETS:
            card = Card.of(rank, trump)
            if four_trump in points:
                yield _spec(four_trump, (card,) * 4, None)
            if five_trump in points:
                yield _spec(five_trump, (card,) * 5, None)

    def _bezique_patterns(self, variant: Variant, trump: Suit | None) -> Iterator[_Spec]:
        """Class B (R3.3, R5.2, R11.4): the bezique of one to five pairs."""
        pair = variant.trump.bezique_cards(trump)
        if pair is not None:
            for n, kind in enumerate(_BEZIQUES, start=1):
                if kind in self.points:
                    yield _spec(kind, pair * n, None)

    def _upgrades(self) -> dict[MeldKind, frozenset[MeldKind]]:
        """R3.5 and R11.3: which scored kinds a kind may be built on."""
        ups: dict[MeldKind, frozenset[MeldKind]] = {
            MeldKind.TRUMP_SEQUENCE: frozenset({MeldKind.ROYAL_MARRIAGE}),
            MeldKind.BACK_DOOR: frozenset({MeldKind.COMMON_MARRIAGE}),
        }
        for n, kind in enumerate(_BEZIQUES):
            ups[kind] = frozenset(_BEZIQUES[:n])
        for _, _, four_trump, five_trump in _QUARTETS:
            ups[five_trump] = frozenset({four_trump})
        return ups


def rules_of(variant: Variant) -> Rules:
    """The precomputed rules of ``variant`` (built on first use, then cached on it)."""
    rules = variant.compiled
    if rules is None:
        rules = Rules(variant)
        object.__setattr__(variant, "compiled", rules)
    return rules  # type: ignore[no-any-return]
