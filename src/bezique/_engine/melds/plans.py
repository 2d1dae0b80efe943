"""How a legal declaration is carried out: which physical cards serve (R3.4-R3.9).

This module encodes the reuse rules of R3.4-R3.9 (and R3.8 with
``reform_broken``, R6.4 / R11.8 for partners). A declaration ``M`` of class
``X`` with cards ``S`` is legal when every card of ``S`` is held (hand, own
table, partner's table where allowed) and either

* every card of ``S`` is new to class ``X`` (a *fresh* declaration), or
* ``S`` contains exactly one scored, intact, not yet upgraded combination
  ``P`` of class ``X`` that ``M`` upgrades (R3.5, R11.3), and the other cards
  are new to ``X`` (an *upgrade*), or
* with ``reform_broken``, ``S`` holds all unplayed cards of a broken
  combination of the same kind, and like cards new to ``X`` for the played
  ones (a *re-formed* combination, R3.8).

Where several physical cards could serve, cards already on the table are used
first (the hand stays concealed and its cards stay fresh), then the hand; with
``require_fresh_card`` at least one card comes from the hand (R3.7). Upgrades
are preferred to re-forming, and re-forming to a fresh declaration; of several
combinations that could be upgraded the largest is used.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import add
from typing import TYPE_CHECKING

from bezique._engine.melds.tables import (
    QUARTET_BIT,
    SEQUENCES,
    Pattern,
    Plan,
    QuartetSpec,
)
from bezique.actions import Declare
from bezique.cards import ALL_CARDS, Card
from bezique.melds import MeldKind
from bezique.state import State

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules

__all__ = ["Pool", "fresh_plan", "hand_entry", "hand_quartets", "plan_pattern",
           "quartet_declare", "quartet_entry", "quartet_plans", "quartet_set"]


class Pool:
    """The cards a player may declare with, indexed for the search.

    ``live`` holds, in order, the scored combinations of the player's side not yet
    superseded, then its pending announcements (R13.7), with at least one card still on
    the table: ``(index, combination, its
    serials still on the table, whether all are)``. Only those can be upgraded (R3.5,
    intact) or re-formed (R3.8, broken, some card kept), so the search reads them alone.
    """

    __slots__ = ("combos", "hand", "live", "on_table", "side", "table_by_index")

    hand: list[int]
    """The indexes of the hand's cards (``hand.count(index)``: copies held, counted in C on
    small integers; a card's own comparison goes through its ordering methods)."""

    def __init__(self, state: State, rules: Rules, player: int, with_partner: bool) -> None:
        self.side = rules.sides[player]
        # the variant's meld card source says which cards serve (R3.2, R11.5)
        self.hand, self.combos, self.table_by_index, self.on_table, self.live = (
            rules.meld_source.pool(state, rules, player, with_partner))


_NO_KINDS: frozenset[MeldKind] = frozenset()


def _fresh(pool: Pool, index: int, bit: int) -> list[int]:
    """Serials of the table copies of card ``index`` new to the class ``bit``."""
    copies = pool.table_by_index.get(index)
    if copies is None:
        return []
    return [tc.serial for tc in copies if not tc.used & bit]


def _choose(pool: Pool, needs: Iterable[tuple[int, int]], bit: int, require_hand: bool
            ) -> tuple[list[int], list[Card]] | None:
    """Pick copies new to class ``bit`` for ``needs`` ((index, count) pairs): table first."""
    serials: list[int] = []
    hand: list[Card] = []
    spare_hand = -1
    by_index = pool.table_by_index
    held = pool.hand.count
    for index, n in needs:
        card = ALL_CARDS[index]
        in_hand = held(index)
        copies = by_index.get(index)
        if copies is None:  # no copy on the table (most cards)
            if in_hand < n:
                return None
            hand.extend([card] * n)
            continue
        table = _fresh(pool, index, bit)
        if len(table) + in_hand < n:
            return None
        take = min(n, len(table))
        serials.extend(table[:take])
        hand.extend([card] * (n - take))
        if take and in_hand > n - take:
            spare_hand = index
    if require_hand and not hand:
        if spare_hand < 0:
            return None
        # swap one table copy of ``spare_hand`` for the copy in hand
        for serial in serials:
            if pool.on_table[serial].card.index == spare_hand:
                serials.remove(serial)
                break
        hand.append(ALL_CARDS[spare_hand])
    return serials, hand


_MARRIAGES = frozenset({MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE})


def _choose_marriage(pool: Pool, needs: Iterable[tuple[int, int]], bit: int, require_hand: bool
                     ) -> tuple[list[int], list[Card]] | None:
    """Pick a king and a queen new to the marriages, not both of one scored sequence.

    With ``meld_classes = four`` the cards of a sequence are still new to the marriages,
    yet the marriage inside one sequence never scores by itself (R13.1); table copies
    first, as :func:`_choose`.
    """
    sequences = [set(c.serials) for c in pool.combos if c.kind in SEQUENCES]
    options: list[list[tuple[int, Card | None]]] = []
    for index, _ in needs:
        choices: list[tuple[int, Card | None]] = [(serial, None)
                                                  for serial in _fresh(pool, index, bit)]
        if pool.hand.count(index):
            choices.append((-1, ALL_CARDS[index]))
        options.append(choices)
    king_choices, queen_choices = options
    for king, king_card in king_choices:
        for queen, queen_card in queen_choices:
            if require_hand and king_card is None and queen_card is None:
                continue
            if king >= 0 and queen >= 0 and any(king in seq and queen in seq
                                                for seq in sequences):
                continue
            serials = [s for s in (king, queen) if s >= 0]
            return serials, [c for c in (king_card, queen_card) if c is not None]
    return None


def _multiset_minus(needs: tuple[tuple[int, int], ...], cards: tuple[Card, ...]
                    ) -> dict[int, int] | None:
    rest = dict(needs)
    for card in cards:
        left = rest.get(card.index, 0) - 1
        if left < 0:
            return None
        if left:
            rest[card.index] = left
        else:
            del rest[card.index]
    return rest


def plan_pattern(pool: Pool, rules: Rules, pat: Pattern) -> Plan | None:
    """The plan for a fixed-card combination, or ``None`` if it cannot be declared."""
    bit = pat.bit
    require_hand = rules.meld_source.fresh_card
    best: tuple[int, tuple[int, ...], int, tuple[list[int], list[Card]]] | None = None
    if pool.live:
        ups = rules.melds.upgrades.get(pat.kind, _NO_KINDS)
        reform = rules.meld_source.reform_kind(pat.kind)  # R3.8
        for i, combo, kept, intact in pool.live:
            if intact:
                if combo.kind not in ups:
                    continue
                rest = _multiset_minus(pat.needs, combo.cards)
                if rest is None:
                    continue
                chosen = _choose(pool, rest.items(), bit, require_hand)
                if chosen is not None and (best is None or len(combo.cards) > best[0]):
                    best = (len(combo.cards), combo.serials, i, chosen)
            elif best is None and combo.kind is reform:
                # R3.8: all the unplayed cards of the broken combination, plus like cards
                rest = _multiset_minus(pat.needs, tuple(pool.on_table[s].card for s in kept))
                if rest is None:
                    continue
                chosen = _choose(pool, rest.items(), bit, require_hand)
                if chosen is not None:
                    best = (len(combo.cards), kept, i, chosen)
    if best is not None:
        _, base, i, (serials, hand) = best
        return Plan(pat.kind, bit, pat.points, pat.cards, tuple(hand),
                    base + tuple(serials), i, pat.fixes)
    if rules.meld_source.in_sequence_class(pat.kind):  # R13.1
        chosen = _choose_marriage(pool, pat.needs, bit, require_hand)
    else:
        chosen = _choose(pool, pat.needs, bit, require_hand)
    if chosen is None:
        return None
    serials, hand = chosen
    if not serials:  # every card from the hand: the plan built with the variant's tables
        return pat.hand_plan
    return Plan(pat.kind, bit, pat.points, pat.cards, tuple(hand), tuple(serials), None, pat.fixes)


def fresh_plan(pool: Pool, plan: Plan) -> Plan | None:
    """``plan``'s combination made of cards all new to its class, built on no other (R3.7,
    R3.9), table copies first; ``None`` if the cards at hand cannot make it so."""
    needs: dict[int, int] = {}
    for card in plan.cards:
        needs[card.index] = needs.get(card.index, 0) + 1
    chosen = _choose(pool, needs.items(), plan.bit, False)
    if chosen is None:
        return None
    serials, hand = chosen
    return Plan(plan.kind, plan.bit, plan.points, plan.cards, tuple(hand), tuple(serials), None,
                plan.fixes)


def _ways(total: int, caps: list[int]) -> tuple[tuple[int, ...], ...]:
    """:func:`_compositions`, kept per ``total`` and caps (a cap above ``total`` counts as
    ``total``: at most 625 sets of caps per total)."""
    key = (total, *[min(cap, total) for cap in caps])
    ways = _WAYS.get(key)
    if ways is None:
        ways = _WAYS[key] = tuple(_compositions(total, caps))
    return ways


_WAYS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _compositions(total: int, caps: list[int], start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards from suits with the given caps."""
    if start == len(caps) - 1:
        if total <= caps[start]:
            yield (total,)
        return
    for k in range(min(total, caps[start]), -1, -1):
        for rest in _compositions(total - k, caps, start + 1):
            yield (k, *rest)


def quartet_plans(pool: Pool, rules: Rules, spec: QuartetSpec, fresh: list[list[int]],
                  broken: list[tuple[int, tuple[int, ...]]]) -> Iterator[tuple[Declare, Plan]]:
    """Every distinct set of four cards of ``spec.rank`` that can be declared (R3.3), with
    its declaration; ``fresh``: per card of the rank (:attr:`QuartetSpec.indexes`), the
    serials of its table copies new to the quartets; ``broken``: the broken quartets of the
    kind to re-form (R3.8), ``(index, serials still on the table)``. Sets are told apart by
    their copies of each card (:func:`quartet_set`)."""
    seen: set[tuple[int, ...]] = set()
    in_hand = list(map(pool.hand.count, spec.indexes))
    caps = [len(f) + n for f, n in zip(fresh, in_hand, strict=True)]
    held = sum(caps)  # the copies of the rank that may still serve, from table and hand
    kind, points = spec.kind, spec.points
    for i, kept in broken:
        if held < 4 - len(kept):
            continue
        # R3.8: the unplayed cards of the broken quartet, then like cards new to the class
        base = [0] * len(spec.indexes)
        for serial in kept:
            base[spec.indexes.index(pool.on_table[serial].card.index)] += 1
        for counts, hand, serials in _quartet_sets(spec, rules, in_hand, fresh, caps,
                                                    4 - len(kept)):
            whole = tuple(map(add, base, counts))
            if whole in seen:
                continue
            if spec.exclude_all_trump and whole[spec.trump_pos] == 4:
                continue  # R11.3: four trumps score only as the trump quartet
            seen.add(whole)
            cards, declare = quartet_set(spec, whole)
            yield declare, Plan(kind, QUARTET_BIT, points, cards, hand, kept + serials, i, None)
    if held < 4:
        return
    for counts, hand, serials in _quartet_sets(spec, rules, in_hand, fresh, caps, 4):
        if counts not in seen:
            seen.add(counts)
            cards, declare = quartet_set(spec, counts)
            yield declare, Plan(kind, QUARTET_BIT, points, cards, hand, serials, None, None)


def _quartet_sets(spec: QuartetSpec, rules: Rules, in_hand: list[int], fresh: list[list[int]],
                  caps: list[int], total: int) -> Iterator[tuple[tuple[int, ...], tuple[Card, ...],
                                                              tuple[int, ...]]]:
    """Every way to take ``total`` cards of the rank (``caps``: the copies of each that may
    serve, at least ``total`` in all), fresh table copies first (``in_hand``: the copies
    of each card in the hand): the copies of each card taken, the cards from the hand and
    the serials from the table."""
    cards_of = spec.cards
    trump_pos = spec.trump_pos if spec.exclude_all_trump and total == 4 else -1
    for counts in _ways(total, caps):
        if trump_pos >= 0 and counts[trump_pos] == 4:
            continue
        serials: list[int] = []
        hand: list[Card] = []
        spare = -1
        for pos, n in enumerate(counts):
            if not n:
                continue
            take = min(n, len(fresh[pos]))
            serials.extend(fresh[pos][:take])
            hand.extend([cards_of[pos]] * (n - take))
            if take and in_hand[pos] > n - take:
                spare = pos
        if rules.meld_source.lacks_fresh_card(hand):  # R3.7
            if spare < 0:
                continue
            serials.remove(fresh[spare][min(counts[spare], len(fresh[spare])) - 1])
            hand.append(cards_of[spare])
        yield counts, tuple(hand), tuple(serials)


def quartet_entry(pool: Pool, rules: Rules, spec: QuartetSpec) -> dict[Declare, Plan]:
    """The declarations of every set of four of ``spec.rank`` (:func:`quartet_plans`), by
    declaration. With no card of the rank on the table new to the quartets (R3.4) and none
    re-formed (R3.8) every card comes from the hand: the sets are those of
    :func:`hand_entry`."""
    on_table = pool.table_by_index
    if any(map(on_table.__contains__, spec.indexes)):
        # the cards of the rank with no copy on the table (most) need no look at the copies
        fresh = [_fresh(pool, index, QUARTET_BIT) if index in on_table else []
                 for index in spec.indexes]
        kind = spec.kind
        broken = rules.meld_source.broken(pool.live, kind)  # R3.8
        if broken or any(fresh):
            return dict(quartet_plans(pool, rules, spec, fresh, broken))
    return hand_entry(spec, pool.hand)


def hand_entry(spec: QuartetSpec, hand: list[int]) -> dict[Declare, Plan]:
    """The declarations of every set of four of ``spec.rank`` from a hand alone (``hand``:
    the indexes of its cards), kept in
    :attr:`~bezique._engine.melds.tables.QuartetSpec.hand_sets` by the copies held (shared,
    never changed)."""
    caps = tuple(map(hand.count, spec.indexes))
    sets = spec.hand_sets.get(caps)
    if sets is None:
        sets = spec.hand_sets[caps] = hand_quartets(spec, caps)
    return sets


def hand_quartets(spec: QuartetSpec, caps: tuple[int, ...]) -> dict[Declare, Plan]:
    """Every set of four cards of ``spec.rank`` from a hand holding ``caps`` copies of each
    (R3.3; all four trumps excepted where they score as the trump quartet, R11.3)."""
    sets: dict[Declare, Plan] = {}
    for counts in _ways(4, list(caps)):
        if spec.exclude_all_trump and counts[spec.trump_pos] == 4:
            continue
        cards, declare = quartet_set(spec, counts)
        sets[declare] = Plan(spec.kind, QUARTET_BIT, spec.points, cards, cards, (), None, None)
    return sets


def quartet_set(spec: QuartetSpec, counts: tuple[int, ...]) -> tuple[tuple[Card, ...], Declare]:
    """The cards of the set of four holding ``counts`` copies of each of :attr:`QuartetSpec.
    cards` (in suit order, which is the display order of one rank) and its declaration,
    kept in :attr:`~bezique._engine.melds.tables.QuartetSpec.sets` (at most 35 per rank)."""
    known = spec.sets.get(counts)
    if known is None:
        cards = tuple(card for card, n in zip(spec.cards, counts, strict=True)
                      for _ in range(n))
        known = spec.sets[counts] = (cards, quartet_declare(spec.kind, cards))
    return known


def quartet_declare(kind: MeldKind, cards: tuple[Card, ...]) -> Declare:
    """The declaration of ``kind`` with ``cards``, built once."""
    declare = _DECLARES.get(cards)
    if declare is None:
        declare = _DECLARES[cards] = Declare(kind, cards)
    return declare


_DECLARES: dict[tuple[Card, ...], Declare] = {}
"""The quartets' declarations met so far, by their cards (the cards tell the kind: only the
plain quartets of a rank are built here; at most 35 card sets per rank)."""
