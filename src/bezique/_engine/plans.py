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

from collections.abc import Iterator

import attrs

from bezique._engine.compiled import QUARTET_BIT, SEQUENCES, Pattern, Plan, QuartetSpec, Rules
from bezique.actions import Declare
from bezique.cards import ALL_CARDS, Card, Suit, by_index
from bezique.melds import MeldKind
from bezique.state import Combination, State, TableCard

__all__ = ["Pool", "hand_quartets", "plan_pattern", "quartet_declare", "quartet_plans"]


class Pool:
    """The cards a player may declare with, indexed for the search."""

    __slots__ = ("combos", "hand_counts", "on_table", "side", "table_by_index")

    def __init__(self, state: State, rules: Rules, player: int, with_partner: bool) -> None:
        hand_counts = [0] * 32
        table_by_index: dict[int, list[TableCard]] = {}
        on_table: dict[int, TableCard] = {}
        if rules.declares_from_won_cards:
            # R11.5: only won cards never used in a combination; the last trick's first
            won = state.won[player]
            for tc in reversed(won):
                if not tc.used:
                    table_by_index.setdefault(tc.card.index, []).append(tc)
                    on_table[tc.serial] = tc
            self.combos: tuple[Combination, ...] = ()
        else:
            for card in state.hands[player]:
                hand_counts[card.index] += 1
            owners = (player, *rules.partners[player]) if with_partner else (player,)
            for owner in owners:
                for tc in state.table[owner]:
                    table_by_index.setdefault(tc.card.index, []).append(tc)
                    on_table[tc.serial] = tc
            self.combos = state.combos
        self.hand_counts = hand_counts
        self.table_by_index = table_by_index
        self.on_table = on_table
        self.side = rules.sides[player]


def _fresh(pool: Pool, index: int, bit: int, exclude: frozenset[int] = frozenset()) -> list[int]:
    """Serials of the table copies of card ``index`` new to the class ``bit``."""
    return [tc.serial for tc in pool.table_by_index.get(index, ())
            if not tc.used & bit and tc.serial not in exclude]


def _choose(pool: Pool, needs: dict[int, int], bit: int, require_hand: bool
            ) -> tuple[list[int], list[Card]] | None:
    """Pick copies new to class ``bit`` for ``needs`` (index -> count): table first."""
    serials: list[int] = []
    hand: list[Card] = []
    spare_hand = -1
    for index, n in needs.items():
        table = _fresh(pool, index, bit)
        in_hand = pool.hand_counts[index]
        if len(table) + in_hand < n:
            return None
        take = min(n, len(table))
        serials.extend(table[:take])
        hand.extend([ALL_CARDS[index]] * (n - take))
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


def _choose_marriage(pool: Pool, needs: dict[int, int], bit: int, require_hand: bool
                     ) -> tuple[list[int], list[Card]] | None:
    """Pick a king and a queen new to the marriages, not both of one scored sequence.

    With ``meld_classes = four`` the cards of a sequence are still new to the marriages,
    yet the marriage inside one sequence never scores by itself (R13.1); table copies
    first, as :func:`_choose`.
    """
    sequences = [set(c.serials) for c in pool.combos if c.kind in SEQUENCES]
    options: list[list[tuple[int, Card | None]]] = []
    for index in needs:
        choices: list[tuple[int, Card | None]] = [(serial, None)
                                                  for serial in _fresh(pool, index, bit)]
        if pool.hand_counts[index]:
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


def _multiset_minus(needs: dict[int, int], cards: tuple[Card, ...]) -> dict[int, int] | None:
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


def _intact(pool: Pool, combo: Combination) -> bool:
    on_table = pool.on_table
    return all(serial in on_table for serial in combo.serials)


def plan_pattern(pool: Pool, rules: Rules, pat: Pattern) -> Plan | None:
    """The plan for a fixed-card combination, or ``None`` if it cannot be declared."""
    needs = dict(pat.needs)
    bit = pat.bit
    require_hand = rules.require_fresh
    best: tuple[Combination, int, tuple[list[int], list[Card]]] | None = None
    ups = rules.upgrades.get(pat.kind, frozenset())
    for i, combo in enumerate(pool.combos):
        if combo.superseded or combo.side != pool.side:
            continue
        upgrade = combo.kind in ups
        reform = rules.reform_broken and combo.kind is pat.kind
        if not (upgrade or reform):
            continue
        if upgrade and _intact(pool, combo):
            rest = _multiset_minus(needs, combo.cards)
            if rest is None:
                continue
            chosen = _choose(pool, rest, bit, require_hand)
            if chosen is not None and (best is None or len(combo.cards) > len(best[0].cards)):
                best = (combo, i, chosen)
        elif reform and best is None and not _intact(pool, combo):
            # R3.8: all the unplayed cards of the broken combination, plus like cards
            kept = [s for s in combo.serials if s in pool.on_table]
            if not kept:
                continue
            kept_cards = tuple(pool.on_table[s].card for s in kept)
            rest = _multiset_minus(needs, kept_cards)
            if rest is None:
                continue
            chosen = _choose(pool, rest, bit, require_hand)
            if chosen is not None:
                best = (attrs.evolve(combo, serials=tuple(kept)), i, chosen)
    if best is not None:
        combo, i, (serials, hand) = best
        return Plan(pat.kind, bit, pat.points, pat.cards, tuple(hand),
                    tuple(combo.serials) + tuple(serials), i, pat.fixes)
    if rules.four_classes and pat.kind in _MARRIAGES:
        chosen = _choose_marriage(pool, needs, bit, require_hand)
    else:
        chosen = _choose(pool, needs, bit, require_hand)
    if chosen is None:
        return None
    serials, hand = chosen
    return Plan(pat.kind, bit, pat.points, pat.cards, tuple(hand), tuple(serials), None, pat.fixes)


def _compositions(total: int, caps: list[int], start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards from suits with the given caps."""
    if start == len(caps) - 1:
        if total <= caps[start]:
            yield (total,)
        return
    for k in range(min(total, caps[start]), -1, -1):
        for rest in _compositions(total - k, caps, start + 1):
            yield (k, *rest)


def quartet_plans(pool: Pool, rules: Rules, spec: QuartetSpec, trump: Suit | None
                   ) -> Iterator[Plan]:
    """Every distinct set of four cards of ``spec.rank`` that can be declared (R3.3)."""
    indexes = [card.index for card in spec.cards]
    seen: set[tuple[Card, ...]] = set()
    if rules.reform_broken:
        for i, combo in enumerate(pool.combos):
            if combo.superseded or combo.side != pool.side or combo.kind is not spec.kind:
                continue
            if _intact(pool, combo):
                continue
            kept = tuple(s for s in combo.serials if s in pool.on_table)
            if not kept:
                continue
            kept_cards = tuple(pool.on_table[s].card for s in kept)
            for plan in _quartet_sets(pool, rules, spec, indexes, 4 - len(kept)):
                cards = tuple(sorted(kept_cards + plan.cards, key=by_index))
                if cards in seen:
                    continue
                if spec.exclude_all_trump and all(c.suit is trump for c in cards):
                    continue  # R11.3: four trumps score only as the trump quartet
                seen.add(cards)
                yield attrs.evolve(plan, cards=cards, from_table=kept + plan.from_table,
                                   superseded=i)
    for plan in _quartet_sets(pool, rules, spec, indexes, 4):
        if plan.cards not in seen:
            seen.add(plan.cards)
            yield plan


def _quartet_sets(pool: Pool, rules: Rules, spec: QuartetSpec, indexes: list[int], total: int
                  ) -> Iterator[Plan]:
    bit = 4
    fresh = [_fresh(pool, index, bit) for index in indexes]
    caps = [len(f) + pool.hand_counts[index] for f, index in zip(fresh, indexes, strict=True)]
    if sum(caps) < total:
        return
    trump_pos = spec.trump_pos
    for counts in _compositions(total, caps):
        if spec.exclude_all_trump and total == 4 and counts[trump_pos] == 4:
            continue
        serials: list[int] = []
        hand: list[Card] = []
        spare = -1
        for pos, n in enumerate(counts):
            if not n:
                continue
            take = min(n, len(fresh[pos]))
            serials.extend(fresh[pos][:take])
            hand.extend([ALL_CARDS[indexes[pos]]] * (n - take))
            if take and pool.hand_counts[indexes[pos]] > n - take:
                spare = pos
        if rules.require_fresh and not hand:
            if spare < 0:
                continue
            serials.remove(fresh[spare][min(counts[spare], len(fresh[spare])) - 1])
            hand.append(ALL_CARDS[indexes[spare]])
        cards = tuple(sorted((ALL_CARDS[indexes[pos]] for pos, n in enumerate(counts)
                              for _ in range(n)), key=by_index))
        yield Plan(spec.kind, bit, spec.points, cards, tuple(hand), tuple(serials), None, None)


def hand_quartets(spec: QuartetSpec, caps: tuple[int, ...]) -> dict[Declare, Plan]:
    """Every set of four cards of ``spec.rank`` from a hand holding ``caps`` copies of each
    (R3.3; all four trumps excepted where they score as the trump quartet, R11.3)."""
    sets: dict[Declare, Plan] = {}
    for counts in _compositions(4, list(caps)):
        if spec.exclude_all_trump and counts[spec.trump_pos] == 4:
            continue
        cards = tuple(card for card, n in zip(spec.cards, counts, strict=True)
                      for _ in range(n))
        sets[quartet_declare(spec.kind, cards)] = Plan(spec.kind, QUARTET_BIT, spec.points, cards,
                                                cards, (), None, None)
    return sets


def quartet_declare(kind: MeldKind, cards: tuple[Card, ...]) -> Declare:
    """The declaration of ``kind`` with ``cards``, built once."""
    declare = _DECLARES.get(cards)
    if declare is None:
        declare = _DECLARES[cards] = Declare(kind, cards)
    return declare


_DECLARES: dict[tuple[Card, ...], Declare] = {}
"""The quartets' declarations met so far, by their cards (the cards tell the kind: only the
plain quartets of a rank are built here; at most 35 card sets per rank)."""
