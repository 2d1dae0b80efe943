"""Precomputed tables of a variant, built once and used on the hot path.

The engine never asks a policy the same question twice: everything it needs
per action (flags, and the meld tables of :mod:`bezique._engine.melds.tables`) is
flattened here into plain attributes when a variant is first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.melds.source import CardSource, card_source
from bezique._engine.melds.tables import MeldTables, WindowGate
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.policies import (
    LastTrick,
    PartnerDeclare,
    Phase2,
    SecondDuelLeader,
    SevenDeclare,
    TrumpFixing,
)
from bezique.state import Window

if TYPE_CHECKING:
    from bezique.variants import Variant

__all__ = ["Rules", "rules_of"]


class Rules:
    """The flattened rules of one variant (internal)."""

    def __init__(self, variant: Variant) -> None:
        deal, trump, melds, scoring = variant.deal, variant.trump, variant.melds, variant.scoring
        self.players: int = deal.players
        self.sides: tuple[int, ...] = deal.sides
        self.side_count: int = deal.side_count
        self.hand_size: int = deal.hand_size
        self.deck: tuple[Card, ...] = variant.deck.cards()
        self.turn_up: bool = deal.turn_up
        self.partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(deal.players) if q != p and deal.sides[q] == deal.sides[p])
            for p in range(deal.players))
        self.draw_order: tuple[tuple[int, ...], ...] = tuple(
            tuple((w + k) % deal.players for k in range(deal.players))
            for w in range(deal.players))
        """Per trick winner, the players in drawing order: the winner first (R2.6 b)."""
        self.trump_by_turn_up: bool = trump.fixing is TrumpFixing.TURN_UP
        # R13.6: without a seven of trumps in the meld table no seven scores at all
        self.sevens_score: bool = trump.sevens_score and any(
            kind is MeldKind.TRUMP_SEVEN for kind, _ in melds.effective_table())
        self.seven_points: int = trump.seven_points
        self.turn_up_seven_points: int = trump.turn_up_seven_points
        self.points: dict[MeldKind, int] = dict(melds.effective_table())
        self.seven_counts_as_meld: bool = melds.seven_counts_as_meld
        # where meld cards come from, with the reuse options that apply to it (R3.2, R5.3)
        self.meld_source: CardSource = card_source(melds, self.partners)  # melds/source.py
        self.partner_may_declare: bool = melds.partner_declare is PartnerDeclare.EITHER
        self.partner_beziques: bool = melds.partner_combined_beziques
        self.last_trick_final: bool = scoring.last_trick is LastTrick.FINAL
        self.last_trick_points: int = scoring.last_trick_points
        self.duels: bool = variant.legality.phase2 is Phase2.DUELS and deal.is_four_handed
        self.trump_when_losing: bool = variant.legality.trump_when_losing
        self.has_seven_meld: bool = self.sevens_score
        # R13.3: a played trump seven scores only with played_seven_scores
        self.played_seven_scores: bool = self.has_seven_meld and trump.played_seven_scores
        # R13.2: the seven may be declared whenever its holder acts in phase 1
        self.seven_any_time: bool = (self.has_seven_meld
                                     and melds.seven_declare is SevenDeclare.ANY_TIME)
        # R13.4: the partner's own seven window after the winner's (partnerships only)
        self.partner_seven: bool = (melds.partner_seven and self.has_seven_meld
                                    and not melds.seven_counts_as_meld
                                    and any(self.partners))
        # R13.5: who leads the second duel
        self.second_duel_follower_leads: bool = (
            variant.legality.second_duel_leader is SecondDuelLeader.PARTNER_OF_FIRST_FOLLOWER)
        self._window_tables(variant)
        self.carte_points: int | None = self.points.get(MeldKind.CARTE_BLANCHE)
        self.carte_repeats: bool = melds.carte_blanche_repeats

    def _window_tables(self, variant: Variant) -> None:
        """What the declaration window's hot path reads instead of computing it, and the
        meld tables (:mod:`bezique._engine.melds.tables`)."""
        # whose tables a player declares with: his own and his partners' (R6.4, R11.8)
        self.table_owners: tuple[tuple[int, ...], ...] = tuple(
            (p, *self.partners[p]) for p in range(self.players))
        # R4.3: per window value (Window flags), whether a seven action is still open in it
        self.sevens_open: tuple[bool, ...] = tuple(
            not w & Window.SEVEN_DONE and not (self.seven_counts_as_meld and w & Window.DECLARED)
            for w in range(16))
        self.melds: MeldTables = MeldTables(variant, self)
        self.gates: dict[Suit | None, WindowGate] = self.melds.gates  # read once per window


def rules_of(variant: Variant) -> Rules:
    """The precomputed rules of ``variant`` (built on first use, then cached on it)."""
    rules = variant.compiled
    if rules is None:
        rules = Rules(variant)
        object.__setattr__(variant, "compiled", rules)
    return rules  # type: ignore[no-any-return]
