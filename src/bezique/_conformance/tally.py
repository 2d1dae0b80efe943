"""Points and bookkeeping a reachable position agrees with: combinations, table cards,
sevens, brisques, the last trick, the dealer's guess, carte blanche and trump."""

from __future__ import annotations

from collections import Counter

from bezique._conformance.common import fail, from_won_cards, require
from bezique._conformance.melds import meld_shape_error, reuse_class
from bezique._engine.melds.source import WON_SERIAL_BASE
from bezique._engine.melds.tables import CLASS_BIT, SEQUENCE_BIT
from bezique.actions import Declare
from bezique.cards import Card, Rank, pack
from bezique.melds import MeldKind
from bezique.policies import DealPolicy
from bezique.state import Combination, Stage, State, TableCard

_PACKET_TARGET = DealPolicy.packet_target
DEALER_PACKET_POINTS = DealPolicy.packet_points
GUESS_POINTS = DealPolicy.guess_points
"""The dealer's guess (R9.4): the packet size that scores, and the two bonuses."""

__all__ = ["check_bookkeeping"]

_FIXING = (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)
_PLAIN = (MeldKind.COMMON_MARRIAGE, MeldKind.BACK_DOOR)
_SEVEN_BIT = 8
_BRISQUES = frozenset(card for card in pack() if card.is_brisque)
"""The aces and tens (R2.11), for counting them at C speed."""


def check_bookkeeping(s: State) -> None:
    """The points and the records behind them agree (R2.11, R2.12, R3, R4, R9.4, R11.6)."""
    _check_trump(s)
    tables = _check_table_cards(s)
    _check_combos(s, tables)
    _check_sevens(s)
    _check_tricks_won(s)
    _check_guess(s)
    _check_carte(s)


def _check_table_cards(s: State) -> dict[int, tuple[int, TableCard]]:
    """Serials are unique; every table card was declared, a seven only as the seven of
    trumps (R3.2, R4.2); won cards are the tricks' cards, kept only in Fildinski (R11.5)."""
    found: dict[int, tuple[int, TableCard]] = {}
    for name in ("table", "won"):
        for p, cards in enumerate(getattr(s, name)):
            for i, tc in enumerate(cards):
                if tc.serial in found:
                    fail(f"{name}[{p}][{i}]", f"serial {tc.serial} is used twice")
                found[tc.serial] = (p, tc)
                if name == "table" and (not tc.used or tc.serial >= WON_SERIAL_BASE):
                    fail(f"table[{p}][{i}]", f"{tc.card} lies on the table but was never "
                                             "declared (R3.2)")
                if name == "table" and tc.used & _SEVEN_BIT and not (
                        tc.card.rank is Rank.SEVEN and tc.card.suit is s.trump):
                    fail(f"table[{p}][{i}]", f"{tc.card} declared as the seven of trumps")
    kept = Counter(tc.card for pile in s.won for tc in pile)
    if from_won_cards(s.variant):
        require(kept == Counter(s.played), "won", "the won cards kept face up are not the "
                                                  "cards of the tricks (R11.5)")
        for p, pile in enumerate(s.won):
            require(len(pile) % s.variant.players == 0 and all(
                tc.serial >= WON_SERIAL_BASE for tc in pile), f"won[{p}]",
                "won cards come a whole trick at a time (R11.5)")
    else:
        require(not kept, "won", "won cards kept where the variant keeps none")
    for p, cards in enumerate(s.exposed):
        require(not Counter(cards) - Counter(s.hands[p]), f"exposed[{p}]",
                f"cards seen going into hand {p} that it does not hold")
    return found


_COMBO_CACHE: dict[tuple[int, object, Combination], tuple[object, str | None]] = {}
"""Combinations already checked, by variant, trump and value (states share them)."""


def _combo_problem(s: State, combo: Combination) -> str | None:
    """Why ``combo`` cannot have been scored in this variant under this trump, or None."""
    variant = s.variant
    key = (id(variant), s.trump, combo)
    hit = _COMBO_CACHE.get(key)
    if hit is not None and hit[0] is variant:
        return hit[1]
    points = variant.melds.points(combo.kind)
    problem: str | None = None
    if points is None or combo.points != points or combo.kind is MeldKind.TRUMP_SEVEN:
        problem = (f"points: {combo.kind.value} scored {combo.points}; the meld table of "
                   f"{variant.name} says {points}")
    elif variant.sides[combo.player] != combo.side:
        problem = f"side: player {combo.player} is on side {variant.sides[combo.player]}"
    elif combo.kind is MeldKind.CARTE_BLANCHE:
        if combo.serials or any(c.rank.is_court for c in combo.cards):
            problem = "cards: carte blanche shows a hand without K, Q or J (R11.6)"
    else:
        shape = meld_shape_error(variant, s.trump, Declare(combo.kind, combo.cards), True)
        problem = None if shape is None else f"cards: {shape}"
    if len(_COMBO_CACHE) > 8192:
        _COMBO_CACHE.clear()
    _COMBO_CACHE[key] = (variant, problem)
    return problem


def _class_bit(s: State, kind: MeldKind) -> int:
    """The bit a combination of ``kind`` marks its cards with (R3.4; R13.1 with four
    classes: the sequences have their own)."""
    if reuse_class(s.variant, kind) == "sequences":
        return SEQUENCE_BIT
    return CLASS_BIT[kind.meld_class]


def _check_combos(s: State, found: dict[int, tuple[int, TableCard]]) -> None:
    per_side = [0] * s.variant.deal.side_count
    backed: set[tuple[int, int]] = set()
    gone: dict[int, Counter[Card]] = {}
    for i, combo in enumerate(s.combos):
        problem = _combo_problem(s, combo)
        if problem is not None:
            suffix, _, reason = problem.partition(": ")
            fail(f"combos[{i}].{suffix}", reason)
        per_side[combo.side] += combo.points
        if combo.kind is MeldKind.CARTE_BLANCHE:
            continue
        _check_serials(s, combo, i, found, gone)
        bit = _class_bit(s, combo.kind)
        backed.update((serial, bit) for serial in combo.serials)
    for side, melds in enumerate(s.melds):
        if melds != per_side[side]:
            fail(f"melds[{side}]", f"{melds} meld points, but the side's combinations score "
                                   f"{per_side[side]}")
    for combo in s.announced:  # R13.7: pending announcements mark their cards too
        backed.update((serial, _class_bit(s, combo.kind)) for serial in combo.serials)
    if s.variant.melds.announce_several:
        return  # R13.7: a lapsed announcement leaves its marks with no combination to show
    for serial, (p, tc) in found.items():
        for bit in (1, 2, 4, SEQUENCE_BIT):
            if tc.used & bit and (serial, bit) not in backed:
                fail(f"table[{p}]", f"{tc.card} (serial {serial}) is marked used in a class "
                                    "no combination of it belongs to")


def _gone(s: State, side: int) -> Counter[Card]:
    """The cards no longer on the tables: played, or (phase 2) back in the side's hands."""
    gone = Counter(s.played) + Counter(card for _, card in s.trick)
    if s.phase == 2:  # the table cards went back to the hands (R2.9)
        for p, hand in enumerate(s.hands):
            if s.variant.sides[p] == side:
                gone.update(hand)
    return gone


def _check_serials(s: State, combo: Combination, i: int,
                   found: dict[int, tuple[int, TableCard]], gone: dict[int, Counter[Card]]
                   ) -> None:
    """A combination's cards lie on its side's tables (or were played since), or among
    its player's won cards in Fildinski (R3.9, R11.5). ``gone`` caches :func:`_gone` per
    side (phase 2) or for every side (key -1, phase 1)."""
    serials = combo.serials
    field = f"combos[{i}]"
    if not len(set(serials)) == len(serials) == len(combo.cards):
        fail(f"{field}.serials", f"{len(serials)} distinct cards for a combination of "
                                 f"{len(combo.cards)}")
    sides = s.variant.sides
    bit = _class_bit(s, combo.kind)
    won_cards = from_won_cards(s.variant)
    rest = list(combo.cards)
    for serial in serials:
        if serial not in found:
            continue
        owner, tc = found[serial]
        ok = tc.card in rest and sides[owner] == combo.side and tc.used & bit
        if won_cards:
            ok = ok and owner == combo.player and serial >= WON_SERIAL_BASE
        if not ok:
            fail(f"{field}.serials", f"serial {serial} is not a card of this combination on "
                                     "its side's table")
        rest.remove(tc.card)
    if won_cards:
        require(not rest, f"{field}.serials", "a combination of cards never won (R11.5)")
    elif rest:
        key = combo.side if s.phase == 2 else -1
        left = gone.get(key)
        if left is None:
            left = gone[key] = _gone(s, combo.side)
        if any(rest.count(card) > left[card] for card in rest):
            fail(f"{field}.serials", "the combination's cards are neither on the table nor "
                                     "played")


def _check_trump(s: State) -> None:
    """Trump is the turn-up's suit or fixed by the first marriage or sequence (R2.2, R5.1)."""
    fixing = s.variant.trump.fixing.value
    if s.turn_up is not None:
        require(s.variant.deal.turn_up and s.phase == 1, "turn_up",
                f"{s.variant.name} has no turn-up card" if not s.variant.deal.turn_up
                else "the turn-up is taken before phase 2")
        require(s.trump is s.turn_up.suit, "trump", f"{s.trump} contradicts the turn-up "
                                                    f"{s.turn_up}")
    if fixing == "turn_up":
        require(s.trump is not None, "trump", "the turn-up fixes trump (R2.2)")
    fixed_by = [c for c in s.combos if c.kind in _FIXING]
    if fixing == "first_marriage" and s.seed is not None:
        require((s.trump is None) == (not fixed_by), "trump",
                "trump is fixed by the first marriage or sequence declared (R5.1)")
    for i, combo in enumerate(s.combos):
        if combo.kind in _FIXING or combo.kind in _PLAIN:
            require(bool(combo.cards), f"combos[{i}].cards",
                    f"a {combo.kind.value} of no cards (R3.3: a king and a queen)")
            trumps = combo.cards[0].suit is s.trump
            require(trumps == (combo.kind in _FIXING), f"combos[{i}].kind",
                    f"a {combo.kind.value} of {combo.cards[0].suit} with trump {s.trump}")


def _check_sevens(s: State) -> None:
    """Each seven of trumps scores at most once (R2.2, R4)."""
    trump = s.variant.trump
    if not trump.sevens_score:
        require(not any(s.sevens), "sevens", "the seven of trumps scores nothing here")
        return
    top = max(trump.seven_points, trump.turn_up_seven_points)
    require(sum(s.sevens) <= top * s.variant.packs, "sevens",
            f"{s.sevens}: more than once per seven of trumps (R4.2)")


def _check_tricks_won(s: State) -> None:
    """Brisques are those of the completed tricks; the last-trick bonus once, when due
    (R2.11, R2.12)."""
    variant = s.variant
    brisques = sum(map(_BRISQUES.__contains__, s.played))
    require(sum(s.brisques) == brisques, "brisques",
            f"{sum(s.brisques)} brisques counted, {brisques} won in tricks")
    bonus = variant.scoring.last_trick_points
    awarded = sorted(v for v in s.last_trick if v)
    require(awarded in ([], [bonus]), "last_trick", f"{s.last_trick}: the bonus is {bonus}, "
                                                    "once (R2.12)")
    if variant.scoring.last_trick.value == "final":
        due: bool | None = s.stage is Stage.OVER
    elif s.phase == 1:
        due = s.stage is Stage.DECLARE and s.stock_size == variant.players
    else:
        due = True if s.seed is not None else None  # a position set up in phase 2 has none
    if due is not None:
        require(bool(awarded) == due, "last_trick", "the last-trick bonus is "
                f"{'due' if due else 'not due yet'} (R2.12)")


def _check_guess(s: State) -> None:
    """The dealer's guess: 250 to the dealer's side for a packet of 24, 150 to the
    guesser's for the exact size, once it is made (R9.4)."""
    deal = s.variant.deal
    if not deal.dealer_guess:
        require(not s.packet, "packet", "no packet is lifted in this variant")
        require(not any(s.bonus), "bonus", "the dealer's guess is not played here (R9.4)")
        return
    dealer_side = s.variant.sides[s.dealer]
    for side, points in enumerate(s.bonus):
        allowed = (0, DEALER_PACKET_POINTS) if side == dealer_side else (0, GUESS_POINTS)
        require(points in allowed, f"bonus[{side}]", f"{points} is not a guess bonus (R9.4)")
    if s.packet and s.stage is not Stage.GUESS:
        require((s.bonus[dealer_side] != 0) == (s.packet == _PACKET_TARGET),
                f"bonus[{dealer_side}]",
                f"the dealer's packet of {s.packet} scores "
                f"{DEALER_PACKET_POINTS if s.packet == _PACKET_TARGET else 0} (R9.4)")


def _check_carte(s: State) -> None:
    """Carte blanche only where the meld table has it, while the player holds no court,
    before his first card or after showing it (R8.2, R11.6)."""
    has = s.variant.melds.points(MeldKind.CARTE_BLANCHE) is not None
    shown = {c.player for c in s.combos if c.kind is MeldKind.CARTE_BLANCHE}
    in_trick = {p for p, _ in s.trick}
    for p, privilege in enumerate(s.carte):
        field = f"carte[{p}]"
        if not privilege:
            continue
        require(has and s.phase == 1, field, "carte blanche is shown only in phase 1 of a "
                                             "variant that scores it (R8.2)")
        cards: list[Card] = [*s.hands[p], *(tc.card for tc in s.table[p])]
        if privilege != 2:
            require(not any(c.rank.is_court for c in cards), field,
                    "the player holds a court card (R11.6)")
        if privilege == 1:
            require(s.tricks == 0 and p not in in_trick and p not in shown, field,
                    "the privilege of a hand dealt without courts ends with its first card")
        else:
            require(p in shown, field, "carte blanche has not been shown")
    if not has and shown:
        fail("combos", "carte blanche scored in a variant without it")
