"""Packed count vectors: how many copies of each card (and rank) some cards hold, in one int.

Each card has a *weight*: a one in each field of a packed integer that counts it. The sum of
the weights of some cards counts them, and ``(x + add) & guard == guard`` tests any multiset
of counts in three operations (:class:`CountCheck`). Two layouts of the same fields exist:

* **The full layout**, defined in :mod:`bezique._engine.hands` (where the engine keeps each
  hand so; ``CARD_WEIGHT``, ``WEIGHT``), the same for every variant: fields of ``FIELD``
  bits, one per card (fields 0-31, by ``Card.index``, so the eight cards of a suit fill one
  block of eight fields, ace first) and one per rank (fields 32-39, by rank value). The
  bots count hands, tables and the unseen cards so (:mod:`bezique.bots.valuation`),
  reading fields with the named helpers of :mod:`bezique._engine.hands` (``SHIFT``,
  ``RANK_SHIFT``, ``MASK``) and :func:`suit_count`, :func:`suit_top` below.
* **A window's layout per variant and trump** (:class:`Layout`), what the declaration
  window's gate reads (R3.3-R3.9, R4.2; :class:`~bezique._engine.melds.tables.WindowGate`):
  only the fields the combinations of that trump use, one per card some combination needs,
  one per rank of a quartet (R3.3), one for the seven of trumps (R4.2), each just wide
  enough for every copy the deck holds. It is the full layout with the other fields left
  out and the kept ones narrowed and packed side by side (a marriage's king and queen
  next to each other, so that one shifted ``and`` tests all four marriages): a field of
  the window's layout counts exactly what the field of the same card or rank counts in
  the full layout. The vectors of the common variants then fit a machine word, where
  CPython's ``sum`` and integer operations take their fast path.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from bezique._engine.hands import FIELD, GUARD, MASK
from bezique.cards import ALL_CARDS, Card, Rank

__all__ = ["CountCheck", "Layout", "Needs", "Test", "meld_gate", "suit_count", "suit_top"]

# --- the full layout (bezique._engine.hands): a suit's block, read by the bots -------------

_ONES: int = sum(1 << (FIELD * k) for k in range(8))
_LOW: int = (GUARD - 1) * _ONES
_HIGH: int = GUARD * _ONES


def suit_count(block: int) -> int:
    """How many cards a suit's block of counts holds (fewer than a field's limit)."""
    return block * _ONES >> (7 * FIELD) & MASK


def suit_top(block: int) -> int:
    """The highest rank (7 for an ace) of which a suit's block of counts holds a copy, or
    -1."""
    held = (block + _LOW) & _HIGH
    return 7 - (held & -held).bit_length() // FIELD + 1 if held else -1


# --- a window's layout per variant and trump ------------------------------------------------

Field = Card | Rank
"""What a field counts: copies of one card, or cards of one rank."""
Needs = dict[Field, int]
"""The counts a combination needs, by field."""


@attrs.frozen
class CountCheck:
    """Whether a packed count vector holds at least some counts: ``(x + add) & guard == guard``.

    ``add`` holds ``G - n`` in every field that needs ``n`` copies, ``guard`` that field's
    top bit ``G``: the bit survives exactly where the count reaches ``n``.
    """

    add: int
    guard: int


def _order_key(needs: tuple[tuple[Field, int], ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    return (sum(n for _, n in needs),
            tuple((f.index if isinstance(f, Card) else 32 + int(f), n) for f, n in needs))


def _covers(small: Needs, large: Needs) -> bool:
    """Whether every vector holding ``large`` holds ``small`` (a rank counts its cards)."""
    derived = dict(large)
    for field, n in large.items():
        if isinstance(field, Card):
            derived[field.rank] = derived.get(field.rank, 0) + n
    return all(derived.get(field, 0) >= n for field, n in small.items())


def _essential(checks: Iterable[Needs]) -> list[Needs]:
    """The checks no other asks less than (a sequence holds a marriage, four trump aces
    are four aces): one of these passes exactly when one of ``checks`` does."""
    kept: list[dict[Field, int]] = []
    for key in sorted({tuple(sorted(c.items(), key=_order_key_field)) for c in checks},
                      key=_order_key):
        needs = dict(key)
        if not any(_covers(k, needs) for k in kept):
            kept = [k for k in kept if not _covers(needs, k)]
            kept.append(needs)
    return kept


def _order_key_field(item: tuple[Field, int]) -> int:
    field = item[0]
    return field.index if isinstance(field, Card) else 32 + int(field)


def _card_pairs(checks: list[Needs]) -> list[tuple[Card, Card]]:
    """The essential checks of two cards (a marriage, a bezique), lower index first."""
    pairs = []
    for needs in _essential(checks):
        cards = [f for f in needs if isinstance(f, Card)]
        if len(cards) == len(needs) == 2:
            pairs.append((cards[0], cards[1]))
    return pairs


def _chains(pairs: list[tuple[Card, Card]]) -> list[Card]:
    """The cards of two-card checks in an order that puts the two of each check side by
    side where it can (``K♠ Q♠ J♦ K♥ Q♥ ...``): then one shifted ``and`` tests them all."""
    chains: list[list[Card]] = []
    placed: dict[Card, list[Card]] = {}
    for pair in pairs:
        for a, b in (pair, pair[::-1]):
            chain = placed.get(a)
            if b in placed or (chain is not None and a is not chain[-1] and a is not chain[0]):
                continue
            if chain is None:
                chain = [a]
                chains.append(chain)
            if chain[-1] is a:
                chain.append(b)
            else:
                chain.insert(0, b)
            placed[a] = placed[b] = chain
            break
    return [card for chain in chains for card in chain]


class Layout:
    """Where each field lies in the packed count vectors of one trump, and each card's weight.

    The fields are those of ``checks`` and the seven of trumps (``seven``); a field is wide
    enough for every copy of its cards in ``deck`` below its top bit, the guard.
    """

    __slots__ = ("guards", "offsets", "weight")

    def __init__(self, deck: tuple[Card, ...], checks: list[Needs], seven: Card | None) -> None:
        largest: dict[Field, int] = dict.fromkeys(_chains(_card_pairs(checks)), 0)
        for needs in checks:
            for field, n in needs.items():
                largest[field] = max(largest.get(field, 0), n)
        if seven is not None:
            largest.setdefault(seven, 1)
        self.offsets: dict[Field, int] = {}
        self.guards: dict[Field, int] = {}
        offset = 0
        for field in sorted(largest, key=lambda f: isinstance(f, Rank)):  # stable: cards first
            copies = sum(1 for c in deck if field in (c, c.rank))
            top = 1 << (max(copies, largest[field]) - 1).bit_length()  # above any count
            self.offsets[field] = offset
            self.guards[field] = top << offset
            offset += top.bit_length()
        self.weight: dict[Card, int] = {
            card: sum(1 << self.offsets[f] for f in (card, card.rank) if f in self.offsets)
            for card in ALL_CARDS}

    def check(self, needs: Needs) -> CountCheck:
        """The check of ``needs`` on this layout."""
        add = sum(self.guards[f] - (n << self.offsets[f]) for f, n in needs.items())
        return CountCheck(add, sum(self.guards[f] for f in needs))

    def field_mask(self, field: Field) -> int:
        """The bits of one field (a count is nonzero where ``vector & mask`` is)."""
        return (self.guards[field] << 1) - (1 << self.offsets[field])


class _Test:
    """A test of :func:`meld_gate` being built."""

    __slots__ = ("mask", "members", "needs", "shift", "single")

    def __init__(self) -> None:
        self.needs: dict[Field, int] = {}
        self.members: dict[int, Needs] = {}
        """The checks it merges, by the bit that shows each passing."""
        self.shift = self.single = self.mask = 0

    def takes(self, needs: Needs, shift: int) -> bool:
        return (not shift or self.shift in (0, shift)) and all(
            self.needs.get(f, n) == n for f, n in needs.items())


Test = tuple[int, int, int, int, int]
"""A test of :func:`meld_gate`: ``(add, guard, shift, single, mask)``."""


def meld_gate(layout: Layout, checks: list[Needs]) -> tuple[tuple[Test, ...], dict[int, int]]:
    """Few tests of which one passes exactly when one of ``checks`` does, and for the first
    which checks may pass when it shows a bit.

    A check that asks for more than another is dropped (a sequence holds a marriage). The
    others are merged into tests ``(add, guard, shift, single, mask)``: with ``y = (x + add)
    & guard`` (a guard bit survives in every field holding enough copies), a test passes when
    ``z = y & ((y >> shift) | single) & mask`` is not zero. A one-field check puts its guard
    bit in ``single`` and ``mask``; a two-field check whose second guard bit lies ``shift``
    above the first puts the first in ``mask`` (the four marriages and the bezique in one
    test). A check of more fields is a test by itself (``shift`` -1: ``y == guard``). Two
    checks asking different counts of one field never share a test.

    Each bit of ``z`` shows one merged check passing; the second result maps each bit of
    the first test's ``z`` to the checks (bit ``i`` for ``checks[i]``) that can pass only
    when that merged check does (the marriage of spades, and the sequence that holds it).
    """
    tests: list[_Test] = []
    alone: list[Test] = []
    for needs in _essential(checks):
        bits = sorted(layout.guards[f] for f in needs)
        if len(bits) > 2:
            check = layout.check(needs)
            alone.append((check.add, check.guard, -1, 0, 0))
            continue
        shift = bits[-1].bit_length() - bits[0].bit_length()
        test = next((t for t in tests if t.takes(needs, shift)), None)
        if test is None:
            test = _Test()
            tests.append(test)
        test.needs.update(needs)
        if shift:
            test.shift = shift
        else:
            test.single |= bits[0]
        test.mask |= bits[0]
        test.members[bits[0]] = needs
    gate = []
    for test in tests:
        check = layout.check(test.needs)
        gate.append((check.add, check.guard, test.shift, test.single, test.mask))
    covers = {} if not tests else {
        bit: sum(1 << i for i, needs in enumerate(checks) if _covers(member, needs))
        for bit, member in tests[0].members.items()}
    union = 0
    for mask in covers.values():
        union |= mask
    # every check asks at least what one merged check asks (the first test's, if alone)
    assert len(gate) + len(alone) > 1 or union == (1 << len(checks)) - 1
    return (*gate, *alone), covers
