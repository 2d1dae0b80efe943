"""The rules of a variant by concern, each object chosen once per variant.

:class:`~bezique._engine.compiled.Rules` builds one object per concern of the policies
(``rules.partnership``, ``rules.trump_fixing``, ``rules.settlement``; the sevens' is in
:mod:`bezique._engine.sevens`, the meld card source's in :mod:`bezique._engine.melds.source`),
and the engine asks them the few questions where variants differ: it reads as the base
game plus named hooks, and no module outside :mod:`bezique.policies`, the compile step
and these objects branches on a variant's option or on a concern's attribute
(``tests/test_concerns.py`` reads the syntax tree for such branches).
Where a variant's difference is a behaviour, it is a class behind a protocol (phase 2 of
:class:`AllPlay` or of :class:`Duels`) or a function chosen here once
(:attr:`Settlement.stock_emptied`, :attr:`TrumpFixing.turn_up`); where a refusal depends
on the variant, the object gives its reason (:meth:`Settlement.carte_refusal`,
:meth:`Partnership.combo_refusal`), so that legality and the explanation read one object;
where the hot path asks, it reads a value or a table worked out here, or calls a C
look-up (:attr:`Partnership.hand_on`), so that it pays one look-up, not a Python call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from bezique._engine.hands import CARD_OF, COURT_INDEXES
from bezique._engine.melds.tables import CLASS_BIT
from bezique._engine.shuffle import derive_seed
from bezique.actions import Declare
from bezique.cards import Card
from bezique.melds import MeldClass, MeldKind
from bezique.policies import (
    DealPolicy,
    LastTrick,
    PartnerDeclare,
    Phase2,
    RevokePenalty,
    SecondDuelLeader,
)
from bezique.policies import TrumpFixing as Fixing
from bezique.state import WINDOWS, CartePrivilege, Stage, State, Window

if TYPE_CHECKING:
    from bezique._engine.sevens import Sevens
    from bezique.variants import Variant

__all__ = ["AllPlay", "Duels", "Explanation", "Partnership", "PhaseTwo", "Settlement",
           "TrumpFixing"]

_CLASS_B = CLASS_BIT[MeldClass.B]
"""The bit of the beziques' class (R11.8)."""
_COMBO_DONE, _SEVEN_DONE = Window.COMBO_DONE.value, Window.SEVEN_DONE.value
_DECLARED, _PARTNER = Window.DECLARED.value, Window.PARTNER.value


class PhaseTwo(Protocol):
    """Who plays the tricks of phase 2 (R2.9, R6.7, R11.9)."""

    def first(self, winner: int, active: tuple[int, ...]) -> tuple[int, ...]:
        """The players of phase 2's first tricks, ``winner`` (of the last phase-1 trick)
        leading; ``active`` are the players of phase 1."""

    def second(self, active: tuple[int, ...]) -> tuple[int, ...]:
        """The players once those of ``active`` have played their cards, the leader first."""


class AllPlay:
    """Every player plays every trick of phase 2."""

    __slots__ = ()

    def first(self, winner: int, active: tuple[int, ...]) -> tuple[int, ...]:
        return active

    def second(self, active: tuple[int, ...]) -> tuple[int, ...]:
        return active  # all hands empty together: the deal is over


class Duels:
    """R6.7, R11.9: two duels, the winner of the last phase-1 trick against his left-hand
    opponent, then their partners (R13.5: the first leader's partner leads, or the first
    follower's)."""

    __slots__ = ("follower_leads", "players")

    def __init__(self, players: int, follower_leads: bool) -> None:
        self.players = players
        self.follower_leads = follower_leads

    def first(self, winner: int, active: tuple[int, ...]) -> tuple[int, ...]:
        return winner, (winner + 1) % self.players

    def second(self, active: tuple[int, ...]) -> tuple[int, ...]:
        n = self.players
        lead, follow = (active[0] + 2) % n, (active[1] + 2) % n
        return (follow, lead) if self.follower_leads else (lead, follow)


class Partnership:
    """Partners (R6.4, R11.8): whose tables a player declares with, the partner's window and
    her own seven (R11.8, R13.4), combined beziques, and the duels of phase 2 (R11.9, R13.5).
    """

    __slots__ = ("combined_beziques", "handed", "own_seven", "partners", "phase_two",
                 "windows")

    def __init__(self, variant: Variant, sevens: Sevens) -> None:
        deal, melds = variant.deal, variant.melds
        self.partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(deal.players) if q != p and deal.sides[q] == deal.sides[p])
            for p in range(deal.players))
        """Each player's partners (none without partnerships)."""
        self.combined_beziques: bool = melds.partner_combined_beziques
        """R11.8: whether a bezique may be made of the cards of both partners."""
        self.own_seven: bool = (melds.partner_seven and sevens.score
                                and not sevens.counts_as_meld and any(self.partners))
        """R13.4: whether the partner has a seven window of her own after the winner's."""
        self.windows: tuple[Window | None, ...] = _partner_windows(
            melds.partner_declare is PartnerDeclare.EITHER, self.own_seven, sevens.counts_as_meld)
        """Per window value, the window the partner takes over when its holder is done
        (R11.8, R13.4), or ``None``: every player draws."""
        self.handed: tuple[tuple[int, Window] | None, ...] = tuple(
            None if not mates or window is None else (mates[0], window)
            for mates in self.partners for window in self.windows)
        """R11.8, R13.4: at ``player << 4 | w``, who takes over ``player``'s window of value
        ``w`` when he is done, and in which window; ``None``: every player draws."""
        duels = variant.legality.phase2 is Phase2.DUELS and deal.is_four_handed
        follower_leads = (variant.legality.second_duel_leader
                          is SecondDuelLeader.PARTNER_OF_FIRST_FOLLOWER)
        self.phase_two: PhaseTwo = Duels(deal.players, follower_leads) if duels else AllPlay()
        """Who plays the tricks of phase 2."""

    def hand_on(self, key: int) -> tuple[int, Window] | None:
        """R11.8, R13.4: at ``key = player << 4 | w``, who takes over ``player``'s window of
        value ``w`` when he is done, and in which window (:attr:`handed`); ``None``: every
        player draws. A method reading a tuple: CPython 3.11 specialises its call and the
        subscript, not the call of a C method kept in a slot."""
        return self.handed[key]

    def with_partner(self, player: int, bit: int) -> bool:
        """R6.4, R11.8: whether ``player`` declares a combination of class bit ``bit`` with
        his partners' tables too (beziques of both partners only with
        ``partner_combined_beziques``)."""
        return bool(self.partners[player]) and (bit != _CLASS_B or self.combined_beziques)

    def own_cards_only(self, player: int, bit: int) -> bool:
        """R11.8: whether ``player``, who has partners, must make a combination of class bit
        ``bit`` of his own cards (beziques without ``partner_combined_beziques``)."""
        return bool(self.partners[player]) and bit == _CLASS_B and not self.combined_beziques

    def combo_refusal(self, window: Window) -> Explanation | None:
        """R13.4: why a combination is refused in the partner's window that offers her own
        seven action only, or ``None``."""
        w = window._value_
        if self.own_seven and w & _PARTNER and not w & _DECLARED:
            return "R13.4/partner-seven-only", {}
        return None

    def own_beziques_refusal(self, state: State, player: int,
                             action: Declare) -> Explanation | None:
        """R11.8: why a bezique of the partners' cards is refused (not of ``player``'s own
        hand and table), or ``None``."""
        if not action.meld.bezique_pairs or not self.own_cards_only(player, _CLASS_B):
            return None
        own = list(state.hands[player]) + [tc.card for tc in state.table[player]]
        if any(own.count(c) < action.cards.count(c) for c in set(action.cards)):
            return "R11.8/own-beziques", {}
        return None

    def melds_alone(self, player: int) -> bool:
        """R6.4, R11.8: whether ``player`` declares with his own hand and table only, no
        partner sharing his table (her cards with his, his with hers)."""
        return not self.partners[player]

    def same_side(self, a: int, b: int) -> bool:
        """R6.1: whether the players ``a`` and ``b`` play for one side (one player, or
        partners)."""
        return a == b or b in self.partners[a]


def _partner_windows(may_declare: bool, own_seven: bool,
                     counts_as_meld: bool) -> tuple[Window | None, ...]:
    """Per window value (0-15), the partner's window when the holder is done, or ``None``.

    R11.8: if the winner declared nothing (R4.3: with ``seven_counts_as_meld`` a seven action
    was his one declaration), the partner may declare, sevens included unless taken (R13.4:
    with ``partner_seven`` she has a seven action of her own); with ``partner_seven`` she has
    a seven window whatever the winner declared. A partner's window hands on to nobody."""
    windows: list[Window | None] = []
    for w in range(16):
        declared = w & _DECLARED or (counts_as_meld and w & _SEVEN_DONE)
        window = None
        if w & _PARTNER:
            pass
        elif not declared and may_declare:
            window = WINDOWS[(0 if own_seven else w & _SEVEN_DONE) | _PARTNER]
        elif own_seven:
            window = WINDOWS[_COMBO_DONE | _PARTNER]
        windows.append(window)
    return tuple(windows)


class TrumpFixing:
    """How trump is fixed (R2.2, R11.2): by the turn-up, or by the first marriage (or
    sequence) declared.

    The engine asks :meth:`turn_up` (the deal), :meth:`setup_problem` (a position set up)
    and :attr:`fixing_kinds` (the meld tables), never the options."""

    __slots__ = ("by_sequence", "by_turn_up", "fixing_kinds", "turn_up", "turn_up_dealt",
                 "turn_ups")

    def __init__(self, variant: Variant) -> None:
        self.turn_up_dealt: bool = variant.deal.turn_up
        """R2.2: whether a card is turned up after the deal (it may be exchanged, R4.1)."""
        self.turn_ups: int = int(self.turn_up_dealt)
        """How many cards are turned up after the deal (R2.2: one or none)."""
        self.by_turn_up: bool = variant.trump.fixing is Fixing.TURN_UP
        """Whether the turn-up's suit is trump; else the first marriage fixes it (R11.2)."""
        self.by_sequence: bool = variant.trump.sequence_fixes_trump
        """R11.2: whether a sequence declared before trump is fixed fixes it too."""
        self.fixing_kinds: tuple[MeldKind, ...] = (
            () if self.by_turn_up else (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)
            if self.by_sequence else (MeldKind.ROYAL_MARRIAGE,))
        """R11.2: the combinations that, declared of any suit before trump is fixed, fix it
        (none where the turn-up fixes it)."""
        self.turn_up: Callable[[list[int], int], tuple[Card | None, int]] = (
            _turn_up if self.turn_up_dealt else _no_turn_up)
        """R2.2: ``(deck, pos)``: the card turned up at ``pos`` of the shuffled deck (its
        cards' indexes), or ``None``, and where the stock begins."""

    def setup_problem(self, up: Card | None, phase2: bool) -> str | None:
        """What is wrong with a position's turn-up ``up`` (R2.2, R5.1), or ``None``."""
        if self.turn_up_dealt and up is None and not phase2:
            return "turns up a trump card: give turn_up"
        if not self.turn_up_dealt and up is not None:
            return "has no turn-up card"
        return None


def _turn_up(deck: list[int], pos: int) -> tuple[Card | None, int]:
    return CARD_OF(deck[pos]), pos + 1


def _no_turn_up(deck: list[int], pos: int) -> tuple[Card | None, int]:
    return None, pos


Explanation = tuple[str, dict[str, object]]
"""A refusal: its message id (rule first) and the message's parameters."""


class Settlement:
    """The deal's bonuses and penalties: the last trick (R2.12), carte blanche (R11.6), the
    guess of the dealer's packet (R9.4) and a revoke (R10.3).

    The engine asks :meth:`stock_emptied` and :meth:`deal_over` (the last trick's bonus),
    :meth:`open_deal` (the guess), :meth:`dealt_privileges`, :attr:`after_draw` and
    :meth:`carte_refusal` (carte blanche), :meth:`revoke`, never the options."""

    __slots__ = ("after_draw", "carte_again", "carte_points", "deal", "deal_over",
                 "final_trick_bonus", "final_trick_points", "last_trick_points", "packet_guess",
                 "packet_sizes", "players", "revoke_costs_brisques", "stock_emptied")

    def __init__(self, variant: Variant, points: dict[MeldKind, int]) -> None:
        scoring = variant.scoring
        self.deal: DealPolicy = variant.deal
        self.players: int = variant.deal.players
        self.final_trick_bonus: bool = scoring.last_trick is LastTrick.FINAL
        """R2.12: whether the bonus goes to the deal's final trick, else to the trick that
        empties the stock."""
        self.last_trick_points: int = scoring.last_trick_points
        """The last trick's bonus (R2.12)."""
        self.final_trick_points: int = self.last_trick_points if self.final_trick_bonus else 0
        """What the deal's final trick scores (R2.12; 0 where the trick that empties the
        stock takes the bonus)."""
        bonus = self._bonus
        self.stock_emptied: Callable[[tuple[int, ...], int], tuple[int, ...]] = (
            _unchanged if self.final_trick_bonus else bonus)
        """R2.12: ``(last_trick, side)``: the sides' last-trick points after ``side`` won the
        trick that empties the stock."""
        self.deal_over: Callable[[tuple[int, ...], int], tuple[int, ...]] = (
            bonus if self.final_trick_bonus else _unchanged)
        """R2.12: ``(last_trick, side)``: the same after ``side`` won the deal's final trick."""
        self.carte_points: int | None = points.get(MeldKind.CARTE_BLANCHE)
        """What carte blanche scores, ``None`` without it (R8.2, R11.6)."""
        self.carte_again: bool = variant.melds.carte_blanche_repeats
        """R11.6: whether carte blanche may be shown again after drawing a non-court."""
        self.after_draw: tuple[CartePrivilege, CartePrivilege] = (
            CartePrivilege.AGAIN if self.carte_again else CartePrivilege.NONE,
            CartePrivilege.NONE)
        """R11.6: the privilege of who showed carte blanche after drawing, by whether the
        card drawn is a court."""
        self.packet_guess: bool = variant.deal.dealer_guess
        """R9.4: whether the non-dealer guesses the size of the dealer's packet first."""
        low, high = variant.deal.packet_range
        self.packet_sizes: tuple[int, ...] = (
            tuple(range(low, high + 1)) if self.packet_guess else ())
        """R9.4: the sizes the non-dealer may guess (none without the guess)."""
        self.revoke_costs_brisques: bool = (
            scoring.revoke_penalty is RevokePenalty.REMAINING_BRISQUES)
        """R10.3: whether a revoke gives the other sides the brisques still to be played,
        else the tricks still to be played (their brisques and the last trick)."""

    def _bonus(self, last_trick: tuple[int, ...], side: int) -> tuple[int, ...]:
        """R2.12: ``side`` takes the last trick's bonus."""
        changed = list(last_trick)
        changed[side] += self.last_trick_points
        return tuple(changed)

    def open_deal(self, state: State, seed: int) -> State:
        """R9.4: the deal's first state as dealt (``seed`` chooses the dealer's packet)."""
        if not self.packet_sizes:
            return state
        sizes = self.packet_sizes
        return state.replace(stage=Stage.GUESS,
                             packet=sizes[0] + derive_seed(seed, -1) % len(sizes))

    def guessed(self, bonus: tuple[int, ...], packet: int, size: int, dealer_side: int,
                guesser_side: int) -> tuple[int, ...]:
        """R9.4: the sides' bonuses once the non-dealer guessed ``size`` for the dealer's
        ``packet``: the dealer's for the packet aimed at, the guesser's for a right guess."""
        deal = self.deal
        changed = list(bonus)
        if packet == deal.packet_target:
            changed[dealer_side] += deal.packet_points
        if size == packet:
            changed[guesser_side] += deal.guess_points
        return tuple(changed)

    def dealt_privileges(self, hands: Sequence[Sequence[int]]) -> tuple[CartePrivilege, ...]:
        """R11.6: per hand dealt (its cards' indexes), whether it may show carte blanche
        before its first card: a hand without K, Q or J, where carte blanche scores."""
        if self.carte_points is None:
            return (CartePrivilege.NONE,) * self.players
        return tuple(CartePrivilege.MAY if COURT_INDEXES.isdisjoint(hand) else CartePrivilege.NONE
                     for hand in hands)

    def carte_refusal(self, variant_name: str) -> Explanation | None:
        """R8.2: why carte blanche is refused whatever the hand, or ``None``."""
        if self.carte_points is None:
            return "R8.2/no-carte-blanche", {"variant": variant_name}
        return None

    def revoke(self, base: State, others: list[int], taker: int, brisques: int,
               brisque_points: int) -> State:
        """R10.3: the deal ``base`` ended by a revoke: the other sides (``others``) score the
        brisques still to be played, or the side ``taker`` takes the tricks still to be
        played (their ``brisques`` and the deal's final trick's bonus)."""
        if self.revoke_costs_brisques:
            points = brisques * brisque_points
            return base.replace(penalties=tuple(p + points if q in others else p
                                                for q, p in enumerate(base.penalties)))
        bonus = self.final_trick_points
        return base.replace(
            brisques=tuple(b + brisques if q == taker else b for q, b in enumerate(base.brisques)),
            last_trick=tuple(t + bonus if q == taker else t
                             for q, t in enumerate(base.last_trick)))


def _unchanged(values: tuple[int, ...], side: int) -> tuple[int, ...]:
    """Nothing scores."""
    return values
