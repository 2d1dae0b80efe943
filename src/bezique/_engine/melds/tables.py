"""The meld tables of a variant, compiled once: every combination per trump suit, the
upgrades, the declaration window's gate (R3.3, R3.5, R8.2, R9.2, R9.5, R11.2-R11.4, R13.1).

:class:`MeldTables` is built with the variant's :class:`~bezique._engine.compiled.Rules`
(``rules.melds``); the packed count vectors it lays out per trump are those of
:mod:`bezique._engine.melds.layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import attrs

from bezique._engine.hands import recount
from bezique._engine.melds.layout import CountCheck, Layout, Needs, Test, meld_gate
from bezique.actions import Declare
from bezique.cards import Card, Rank, Suit
from bezique.melds import MeldClass, MeldKind
from bezique.state import Combination, TableCard

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules
    from bezique._engine.concerns import TrumpFixing
    from bezique.variants import Variant

__all__ = [
    "CLASS_BIT",
    "QUARTET_BIT",
    "SEQUENCES",
    "SEQUENCE_BIT",
    "Candidate",
    "MeldTables",
    "Pattern",
    "Plan",
    "PoolTables",
    "QuartetSpec",
    "WindowGate",
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
_MARRIAGE = (Rank.KING, Rank.QUEEN)


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
    filled as met (:func:`bezique._engine.melds.plans.quartet_set`; at most 35 entries)."""


PoolTables = tuple[tuple[tuple[TableCard, ...], ...], tuple[Combination, ...],
                   dict[int, list[TableCard]], dict[int, TableCard],
                   list[tuple[int, Combination, tuple[int, ...], bool]]]
"""The meld search's index of some tables (:class:`bezique._engine.melds.plans.Pool`): the tables
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
    count: Callable[[int], int]
    """A hand's count vector in this layout, from its full-layout one (``State.held``)."""
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
    showed it (:func:`bezique._engine.melds.search.candidates`, bounded)."""
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


class MeldTables:
    """The meld tables of one variant (``rules.melds``): per trump suit (``None`` before
    trump is fixed) the fixed-card combinations, the quartets and the window's gate, the
    upgrades (R3.5, R11.3), and the meld search's index of the tables last met."""

    def __init__(self, variant: Variant, rules: Rules) -> None:
        self.deck: tuple[Card, ...] = rules.deck
        self.points: dict[MeldKind, int] = rules.points
        self.trump_fixing: TrumpFixing = rules.trump_fixing
        self.scoring_seven: Callable[[Suit | None], Card | None] = rules.sevens.scoring_seven
        self.gate_bit: Callable[[int], int] = rules.meld_source.gate_bit
        self.class_bits: dict[MeldKind, int] = rules.meld_source.class_bits
        self.pool_tables: dict[tuple[int, bool], PoolTables] = {}
        """The meld search's index of the last tables met, per player and with or without
        the partners' tables (:class:`bezique._engine.melds.plans.Pool`)."""
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
        seven = self.scoring_seven(trump)
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
        gate_bit = self.gate_bit  # R3.4-R3.9: the class bits the gate may look at
        tests, covers = meld_gate(layout, checks)
        if not tests or tests[0][2] < 0:
            tests = ((0, 0, 0, 0, 0), *tests)  # a first test that never passes
        if len(tests) > 1:
            covers = {}  # every combination is a candidate when any test passes
        entries: tuple[Candidate, ...] = tuple(
            (p.check.add, p.check.guard, gate_bit(0 if self.upgrades.get(p.kind) else p.bit), p,
             None) for p in patterns) + tuple(
            (q.check.add, q.check.guard, gate_bit(QUARTET_BIT), None, q) for q in quartets)
        self.gates[trump] = WindowGate(
            layout.weight.__getitem__, recount(layout.weight.__getitem__), *tests[0], tests[1:],
            covers, entries,
            {bit: tuple(e for i, e in enumerate(entries) if mask >> i & 1)
             for bit, mask in covers.items()},
            patterns, quartets, seven, layout.field_mask(seven) if seven is not None else 0)

    def _pattern(self, kind: MeldKind, cards: tuple[Card, ...], fixes: Suit | None,
                 check: CountCheck) -> Pattern:
        bit = self.class_bits[kind]  # R13.1: sequences in their own class or in class A
        points = self.points[kind]
        declare = Declare(kind, cards)
        plan = Plan(kind, bit, points, cards, cards, (), None, fixes)
        return Pattern(kind, bit, cards, _index_needs(cards), points, fixes, declare, check,
                       plan, {declare: plan})

    def _patterns(self, variant: Variant, trump: Suit | None) -> Iterator[_Spec]:
        """Every fixed-card combination declarable under ``trump`` (``None``: not fixed yet)."""
        if trump is None:
            yield from self._trump_fixing_patterns()
        else:
            yield from self._marriage_and_sequence_patterns(trump)
            yield from self._trump_quartet_patterns(trump)
        yield from self._bezique_patterns(variant, trump)

    def _trump_fixing_patterns(self) -> Iterator[_Spec]:
        """R11.2: before trump is fixed, a marriage (or sequence) of any suit fixes it (none
        where the turn-up fixes it: ``fixing_kinds`` is empty)."""
        points = self.points
        for suit in _SUITS:
            for kind in self.trump_fixing.fixing_kinds:
                if kind in points:
                    ranks = _SEQUENCE_RANKS if kind is MeldKind.TRUMP_SEQUENCE else _MARRIAGE
                    yield _spec(kind, tuple(Card.of(rank, suit) for rank in ranks), suit)

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


