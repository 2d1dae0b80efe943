"""The meld search: every legal declaration of a window (R3.3-R3.9, R5.3, R11.5).

Packed count vectors first tell whether the cards a player may declare with can make any
combination at all (most windows: none), and which ones they might make; the candidates are
then planned by :mod:`bezique._engine.melds.plans`, which encodes the reuse rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.hands import cards_of
from bezique._engine.melds.plans import Pool, hand_entry, plan_pattern, quartet_entry
from bezique._engine.melds.tables import (
    CLASS_BIT,
    Candidate,
    Pattern,
    Plan,
    QuartetSpec,
    WindowGate,
)
from bezique.actions import Declare
from bezique.cards import by_index
from bezique.melds import MeldClass, MeldKind
from bezique.state import State

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules
    from bezique._engine.concerns import Explanation

__all__ = ["Plan", "Pool", "candidates", "declaration_refusal", "declarations", "passes"]

_NO_DECLARATIONS: dict[Declare, Plan] = {}
"""No declaration (shared, never changed)."""

_CLASS_B = CLASS_BIT[MeldClass.B]
"""The beziques' class bit (R11.8)."""


def declarations(state: State, rules: Rules, player: int, held: int | None,
                 gate: WindowGate | None = None) -> dict[Declare, Plan]:
    """The combinations ``player`` may declare, ``held`` the count vector of his hand when
    known (:class:`~bezique._engine.melds.tables.WindowGate`), without the rule of the last
    trick (R5.3). The count vectors decide first whether any combination is possible
    (``gate``: the trump's, when known); the variant's meld card source counts the cards
    (:meth:`~bezique._engine.melds.source.CardSource.vectors`)."""
    if gate is None:
        gate = rules.gates[state.trump]
    held, counts = rules.meld_source.vectors(state, rules, player, gate, held)
    y = (counts + gate.add) & gate.guard
    shown = y & ((y >> gate.shift) | gate.single) & gate.mask
    if shown or (gate.more and passes(gate.more, counts)):
        return candidates(state, rules, player, gate, held, counts, shown)
    return _NO_DECLARATIONS  # the cards cannot make any combination (most windows)


def passes(tests: tuple[tuple[int, int, int, int, int], ...], counts: int) -> bool:
    """Whether one of the gate's further tests passes (:func:`~bezique._engine.melds.layout.
    meld_gate`)."""
    for add, guard, shift, single, mask in tests:
        y = (counts + add) & guard
        if (y == guard) if shift < 0 else y & ((y >> shift) | single) & mask:
            return True
    return False


def candidates(state: State, rules: Rules, player: int, gate: WindowGate, held: int,
                counts: int, shown: int) -> dict[Declare, Plan]:
    """The search over the combinations whose cards ``counts`` holds (of those the bits the
    gate ``shown`` may allow) and, where the gate looks at fresh cards (R3.4, R3.9), whose
    cards are all at hand new to their class. That gate skips the kinds that may be built on
    a scored combination (R3.5, R11.3): without re-forming (R3.8) a combination of any
    other kind needs every card new."""
    found = gate.candidates.get(shown)  # one bit shown (most windows)
    if found is None:
        found = _named(gate, shown)
    patterns: list[Pattern] = []
    quartets: list[QuartetSpec] = []
    fresh: dict[int, int] = {}
    for add, guard, bit, pattern, quartet in found:
        if (counts + add) & guard != guard:
            continue
        if bit and counts != held:  # else the table adds nothing any check counts
            vector = fresh.get(bit)
            if vector is None:
                used = 0  # the cards that served in the class (R3.4)
                table = state.table
                for owner in rules.table_owners[player]:
                    for tc in table[owner]:
                        if tc.used & bit:
                            used += gate.weigh(tc.card)
                vector = fresh[bit] = counts - used
            if (vector + add) & guard != guard:
                continue
        if pattern is not None:
            patterns.append(pattern)
        elif quartet is not None:
            quartets.append(quartet)
    if not patterns and not quartets:
        return _NO_DECLARATIONS
    return _search(state, rules, player, patterns, quartets, held)


def _named(gate: WindowGate, shown: int) -> tuple[Candidate, ...]:
    """The candidates of several bits shown by the gate, or of every combination where a
    further test passed; the former are kept in the gate's table."""
    if gate.more:
        return gate.entries
    chosen = 0
    for bit, mask in gate.covers.items():
        if shown & bit:
            chosen |= mask
    found = tuple(e for i, e in enumerate(gate.entries) if chosen >> i & 1)
    if len(gate.candidates) < _NAMED_KEPT:
        gate.candidates[shown] = found  # the next window that shows these bits reads it
    return found


_NAMED_KEPT = 4096
"""How many entries :attr:`~bezique._engine.melds.tables.WindowGate.candidates` may grow to with
the candidates of several bits shown (each set of bits met is kept: few recur)."""


def _search(state: State, rules: Rules, player: int, patterns: list[Pattern],
            quartets: list[QuartetSpec], held: int | None = None) -> dict[Declare, Plan]:
    """The plans of the candidate combinations that can be declared now (``held``: the
    count vector of the hand, when known)."""
    plans: dict[Declare, Plan] = {}
    if rules.meld_source.hand_only(state, rules, player):
        # no table card may serve: every card from the hand, no upgrade (R3.5, R3.8)
        if held is None:
            held = rules.gates[state.trump].count(state.held[player])
        found = [pat.hand_entry for pat in patterns
                 if (held + pat.check.add) & pat.check.guard == pat.check.guard]
        if quartets:
            hand = list(map(by_index, cards_of(state.held[player])))
        for spec in quartets:
            sets = hand_entry(spec, hand)
            if sets:
                found.append(sets)
        if len(found) == 1:
            return found[0]
        for entry in found:
            plans.update(entry)  # the hashes of the entries, not hashed again
        return plans
    pool = Pool(state, rules, player, bool(rules.partners[player]))
    own_beziques = rules.partnership.own_cards_only(player, _CLASS_B)  # R11.8
    for pat in patterns:
        if own_beziques and pat.bit == _CLASS_B:
            plan = plan_pattern(Pool(state, rules, player, False), rules, pat)
        else:
            plan = plan_pattern(pool, rules, pat)
        if plan is not None:
            plans[pat.declare] = plan
    for spec in quartets:
        plans.update(quartet_entry(pool, rules, spec))
    return plans


def declaration_refusal(s: State, rules: Rules, p: int, action: Declare) -> Explanation:
    """Why the declaration ``action``, not among :func:`declarations`, is refused, by reason:
    the shape of the combination (R3.3, R5.2, R11.2), the cards held (R3.9, R5.3, R11.5), or
    card reuse (R3.6-R3.8, R11.3, R11.8: the card source's
    :meth:`~bezique._engine.melds.source.CardSource.reuse_refusal`); the refusal module
    (:mod:`bezique._engine.explanations`) asks here."""
    kind = action.meld
    if kind not in rules.points:
        return "R3.3/no-such-meld", {"variant": s.variant.name, "meld": kind}
    quartet = next((q for q in rules.melds.quartets[s.trump] if q.kind is kind), None)
    return (_shape_refusal(s, rules, action, quartet) or _holding_refusal(s, rules, p, action)
            or rules.meld_source.reuse_refusal(s, rules, p, action, quartet))


def _shape_refusal(s: State, rules: Rules, action: Declare,
                   quartet: QuartetSpec | None) -> Explanation | None:
    """Why ``action``'s cards do not form its combination now (R3.3, R5.2, R11.2)."""
    kind = action.meld
    pattern = rules.melds.pattern_by_key[s.trump].get((kind, action.cards))
    if pattern is None and quartet is None:
        if s.trump is None and kind in (MeldKind.COMMON_MARRIAGE, MeldKind.BACK_DOOR):
            return "R11.2/before-trump", {"meld": kind}
        if kind.bezique_pairs and s.variant.trump.bezique_cards(s.trump) is None:
            return "R5.2/bezique-before-trump", {
                "setting": s.variant.trump.bezique_pair.value}
        return "R3.3/not-a-meld", {"cards": action.cards, "meld": kind}
    if quartet is not None and (len(action.cards) != 4
                                or any(c.rank is not quartet.rank for c in action.cards)):
        return "R3.3/not-a-meld", {"cards": action.cards, "meld": kind}
    return None


def _holding_refusal(s: State, rules: Rules, p: int, action: Declare) -> Explanation | None:
    """Why ``p`` cannot declare with these cards: not held where the meld card source
    looks (R3.9, R11.5), or a rule of that source (R5.3)."""
    source = rules.meld_source
    held = source.held_cards(s, p, rules.partners[p])
    for card in action.cards:
        if card in held:
            held.remove(card)
        else:
            return "R3.9/not-held", {"player": p, "card": card, "where": source.where,
                                     "meld": action.meld}
    return source.refusal()
