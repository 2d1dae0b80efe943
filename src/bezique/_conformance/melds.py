"""The combinations a player can make, read from the rules (R3.3-R3.9, R5.1-R5.3, R11.2-R11.5).

An independent reading of the meld search, to check the engine's against.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bezique._conformance.common import (
    from_won_cards,
)
from bezique.actions import Declare
from bezique.cards import Card, Rank, Suit
from bezique.melds import MeldKind
from bezique.state import State
from bezique.variants import Variant

__all__ = ["MARRIAGE_KINDS", "SEQUENCE_KINDS", "UPGRADES", "declaration_pool",
           "formable_declarations", "fresh_declarations", "meld_shape_error", "reuse_class",
           "seven_any_time"]

_K = MeldKind
_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_BEZIQUES = (_K.BEZIQUE, _K.DOUBLE_BEZIQUE, _K.TRIPLE_BEZIQUE, _K.QUADRUPLE_BEZIQUE,
             _K.QUINTUPLE_BEZIQUE)
_QUARTETS = {
    Rank.ACE: (_K.FOUR_ACES, _K.FOUR_TRUMP_ACES, _K.FIVE_TRUMP_ACES),
    Rank.TEN: (_K.FOUR_TENS, _K.FOUR_TRUMP_TENS, _K.FIVE_TRUMP_TENS),
    Rank.KING: (_K.FOUR_KINGS, _K.FOUR_TRUMP_KINGS, _K.FIVE_TRUMP_KINGS),
    Rank.QUEEN: (_K.FOUR_QUEENS, _K.FOUR_TRUMP_QUEENS, _K.FIVE_TRUMP_QUEENS),
    Rank.JACK: (_K.FOUR_JACKS, _K.FOUR_TRUMP_JACKS, _K.FIVE_TRUMP_JACKS),
}
UPGRADES: dict[MeldKind, frozenset[MeldKind]] = {
    _K.TRUMP_SEQUENCE: frozenset({_K.ROYAL_MARRIAGE}),
    _K.BACK_DOOR: frozenset({_K.COMMON_MARRIAGE}),
    **{kind: frozenset(_BEZIQUES[:n]) for n, kind in enumerate(_BEZIQUES)},
    **{five: frozenset({four}) for _, four, five in _QUARTETS.values()},
}
"""Which scored kinds a kind may be built on (R3.5, R11.3)."""


SEQUENCE_KINDS = (_K.TRUMP_SEQUENCE, _K.BACK_DOOR)
MARRIAGE_KINDS = (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE)


def seven_any_time(variant: Variant) -> bool:
    """Whether the seven of trumps may be declared whenever its holder acts (R13.2)."""
    return (variant.trump.sevens_score and variant.melds.seven_declare.value == "any_time"
            and variant.melds.points(_K.TRUMP_SEVEN) is not None)


def reuse_class(variant: Variant, kind: MeldKind) -> object:
    """The class in which a card may serve once (R3.4); with ``meld_classes = four`` the
    sequences have their own (R13.1)."""
    if kind in SEQUENCE_KINDS and variant.melds.meld_classes.value == "four":
        return "sequences"
    return kind.meld_class


def lapsed_marks(state: State, player: int, klass: object) -> set[int]:
    """The table cards of ``player`` marked used in ``klass`` by an announcement that has
    lapsed since (R13.7: no combination shows it, the marks stay); empty without
    ``announce_several``."""
    if not state.variant.melds.announce_several:
        return set()
    bit = 16 if klass == "sequences" else {"A": 1, "B": 2, "C": 4}.get(
        str(getattr(klass, "name", "")), 0)
    return {tc.serial for tc in state.table[player] if tc.used & bit}


def _marriage_possible(state: State, declare: Declare, player: int) -> bool:
    """With four classes: a king and a queen new to the marriages, not both of one scored
    sequence (R13.1), one from the hand with ``require_fresh_card``."""
    variant = state.variant
    marriages = _K.COMMON_MARRIAGE.meld_class
    used = {s for combo in (*state.combos, *state.announced)
            if reuse_class(variant, combo.kind) == marriages for s in combo.serials}
    used |= lapsed_marks(state, player, marriages)
    sequences = [set(c.serials) for c in (*state.combos, *state.announced)
                 if c.kind in SEQUENCE_KINDS]
    choices = []
    for card in sorted(set(declare.cards)):
        options: list[int | None] = [tc.serial for tc in state.table[player]
                                     if tc.card == card and tc.serial not in used]
        if card in state.hands[player]:
            options.append(None)
        choices.append(options)
    for king in choices[0]:
        for queen in choices[1]:
            both = king is not None and queen is not None
            if both and (variant.melds.require_fresh_card or any(
                    king in seq and queen in seq for seq in sequences)):
                continue
            return True
    return False


def _scores(variant: Variant, kind: MeldKind) -> bool:
    return bool(variant.melds.points(kind))


def _fixes_trump(variant: Variant) -> bool:
    return variant.trump.fixing.value == "first_marriage"


def meld_shape_error(variant: Variant, trump: Suit | None, action: Declare,
                     scored: bool = False) -> str | None:
    """Why ``action``'s cards do not form its kind under ``trump`` (R3.3, R5.1, R5.2,
    R11.2-R11.4), or ``None`` if they do. With ``scored``, for a combination scored
    earlier: four cards of a suit that became trump later were a plain quartet then."""
    kind, cards = action.meld, tuple(action.cards)
    if kind is _K.CARTE_BLANCHE:
        return None
    if not _scores(variant, kind):
        return f"{variant.name} has no scoring combination {kind.value}"
    suits = {c.suit for c in cards}
    suit = next(iter(suits)) if len(suits) == 1 else None
    if kind is _K.TRUMP_SEVEN:
        ok = trump is not None and cards == (Card.of(Rank.SEVEN, trump),)
        return None if ok else "not the seven of trumps"
    if kind in (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE, _K.TRUMP_SEQUENCE, _K.BACK_DOOR):
        marriage = kind in (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE)
        ranks = (Rank.KING, Rank.QUEEN) if marriage else _SEQUENCE_RANKS
        if suit is None or sorted(c.rank for c in cards) != sorted(ranks):
            return "not a marriage or sequence of one suit"
        if trump is None:
            if kind is _K.ROYAL_MARRIAGE or (kind is _K.TRUMP_SEQUENCE and
                                             variant.trump.sequence_fixes_trump):
                return None if _fixes_trump(variant) else "no trump to marry in"
            return f"no {kind.value} before trump is fixed (R11.2)"
        trumps = kind in (_K.ROYAL_MARRIAGE, _K.TRUMP_SEQUENCE)
        return None if (suit is trump) == trumps else f"wrong suit {suit} for trump {trump}"
    if kind in _BEZIQUES:
        pair = variant.trump.bezique_cards(trump)
        n = _BEZIQUES.index(kind) + 1
        if pair is None:
            return "no bezique pair before trump is fixed (R5.2)"
        return None if cards == tuple(sorted(pair * n)) else f"not {n} bezique pairs {pair}"
    for rank, (four, four_trump, five_trump) in _QUARTETS.items():
        if kind is four:
            if len(cards) != 4 or any(c.rank is not rank for c in cards):
                return f"not four {rank.name.lower()}s"
            if not scored and trump is not None and suit is trump and _scores(variant,
                                                                              four_trump):
                return "four trumps score only as the trump quartet (R11.3)"
            return None
        if kind in (four_trump, five_trump):
            size = 4 if kind is four_trump else 5
            ok = trump is not None and cards == (Card.of(rank, trump),) * size
            return None if ok else f"not {size} trump {rank.name.lower()}s"
    return f"unknown combination {kind.value}"


def _multisets(cards: Counter[Card], size: int) -> set[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``size`` cards."""
    pool = sorted(cards.elements())
    out: set[tuple[Card, ...]] = set()

    def walk(start: int, chosen: list[Card]) -> None:
        if len(chosen) == size:
            out.add(tuple(chosen))
            return
        for i in range(start, len(pool)):
            if i > start and pool[i] is pool[i - 1]:
                continue
            walk(i + 1, [*chosen, pool[i]])

    walk(0, [])
    return out


_Candidate = tuple[Declare, tuple[tuple[Card, int], ...]]
_FIXED: dict[tuple[int, Suit | None], tuple[Variant, tuple[_Candidate, ...]]] = {}
"""Per variant and trump, the combinations of fixed cards the meld table scores."""


def _fixed_candidates(variant: Variant, trump: Suit | None) -> tuple[_Candidate, ...]:
    """The combinations of fixed cards (all but the plain quartets) that form their kind
    under ``trump``, each with the cards it needs: read once per variant and trump."""
    hit = _FIXED.get((id(variant), trump))
    if hit is not None and hit[0] is variant:
        return hit[1]
    shapes: list[tuple[MeldKind, list[Card]]] = []
    for suit in Suit:
        marriage = [Card.of(r, suit) for r in (Rank.KING, Rank.QUEEN)]
        sequence = [Card.of(r, suit) for r in _SEQUENCE_RANKS]
        shapes += [(_K.COMMON_MARRIAGE, marriage), (_K.ROYAL_MARRIAGE, marriage),
                   (_K.TRUMP_SEQUENCE, sequence), (_K.BACK_DOOR, sequence)]
    pair = variant.trump.bezique_cards(trump)
    if pair is not None:
        shapes += [(kind, list(pair * n)) for n, kind in enumerate(_BEZIQUES, start=1)]
    if trump is not None:
        for rank, (_, four_trump, five_trump) in _QUARTETS.items():
            shapes += [(four_trump, [Card.of(rank, trump)] * 4),
                       (five_trump, [Card.of(rank, trump)] * 5)]
    out: list[_Candidate] = []
    for kind, cards in shapes:
        declare = Declare(kind, tuple(cards))
        if meld_shape_error(variant, trump, declare) is None:
            out.append((declare, tuple(Counter(cards).items())))
    if len(_FIXED) > 256:
        _FIXED.clear()
    _FIXED[(id(variant), trump)] = (variant, tuple(out))
    return tuple(out)


def formable_declarations(variant: Variant, trump: Suit | None,
                          cards: Iterable[Card]) -> set[Declare]:
    """Every combination of the meld table that ``cards`` can make (R3.3)."""
    held = Counter(cards)
    out = {declare for declare, needs in _fixed_candidates(variant, trump)
           if all(held[c] >= n for c, n in needs)}
    for rank, (four, _, _) in _QUARTETS.items():
        if _scores(variant, four):
            for quartet in _multisets(Counter({c: k for c, k in held.items()
                                               if c.rank is rank}), 4):
                declare = Declare(four, quartet)
                if meld_shape_error(variant, trump, declare) is None:
                    out.add(declare)
    return out


def fresh_declarations(state: State) -> set[Declare]:
    """The combinations the window holder may declare with cards new to their class
    (R3.7, R3.9): hand cards and own table cards never declared in that class (with
    ``require_fresh_card``, at least one from the hand); in Fildinski, won cards never
    used, one of them from the trick just won (R5.3, R11.5). Every one of them is legal
    while a combination may still be declared in the window."""
    variant = state.variant
    player = state.to_move
    assert player is not None
    if from_won_cards(variant):
        used = {serial for combo in state.combos for serial in combo.serials}
        unused = [tc for tc in state.won[player] if tc.serial not in used]
        latest = {tc.card for tc in state.won[player][-variant.players:]
                  if tc.serial not in used}
        return {d for d in formable_declarations(variant, state.trump,
                                                 [tc.card for tc in unused])
                if latest & set(d.cards)}
    hand = Counter(state.hands[player])
    table = state.table[player]
    out = set()
    for declare in formable_declarations(variant, state.trump,
                                         [*state.hands[player], *(tc.card for tc in table)]):
        klass = reuse_class(variant, declare.meld)
        if (declare.meld in MARRIAGE_KINDS and variant.melds.meld_classes.value == "four"
                and not _marriage_possible(state, declare, player)):
            continue
        used = {s for combo in (*state.combos, *state.announced)
                if reuse_class(variant, combo.kind) == klass
                for s in combo.serials} | lapsed_marks(state, player, klass)
        pool = hand + Counter(tc.card for tc in table if tc.serial not in used)
        if Counter(declare.cards) - pool:
            continue
        if variant.melds.require_fresh_card and not set(declare.cards) & set(hand):
            continue
        out.add(declare)
    return out



def declaration_pool(state: State, player: int) -> Counter[Card]:
    """The cards ``player`` may declare with: hand and the side's tables (R3.9, R6.4), or
    the won cards in Fildinski (R11.5)."""
    if from_won_cards(state.variant):
        return Counter(tc.card for tc in state.won[player])
    pool = Counter(state.hands[player])
    for q in range(state.variant.players):
        if state.sides[q] == state.sides[player]:
            pool += Counter(state.tables[q])
    return pool

