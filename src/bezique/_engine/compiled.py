"""Precomputed tables of a variant, built once and used on the hot path.

The engine never asks a policy the same question twice: everything it needs per action
(the meld tables of :mod:`bezique._engine.melds.tables`) is worked out here when a variant
is first used, and where variants differ it asks one object per concern
(:mod:`bezique._engine.concerns`, and the meld card source of
:mod:`bezique._engine.melds.source`), chosen here once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.concerns import Partnership, Settlement, TrumpFixing
from bezique._engine.melds.source import CardSource, card_source
from bezique._engine.melds.tables import MeldTables, WindowGate
from bezique._engine.melds.window import WINDOW_FUNCTIONS
from bezique._engine.sevens import Sevens
from bezique._engine.tricks import Follow, follow_rule
from bezique.cards import Card, Suit
from bezique.melds import MeldKind

if TYPE_CHECKING:
    from bezique.variants import Variant

__all__ = ["Rules", "rules_of"]


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
        self.deck_indexes: tuple[int, ...] = tuple(card.index for card in self.deck)
        """The deck's card indexes, in the deck's order: what a new deal shuffles."""
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
        # where meld cards come from, with the reuse options that apply to it (R3.2, R5.3),
        # and its window function (melds/window.py), handed in here: the compiled rules sit
        # above the meld search, which reads them through the state's rules
        self.meld_source: CardSource = card_source(melds, self.partners, WINDOW_FUNCTIONS)
        # R2.10, R7.1: the cards a phase-2 follower may play, the function chosen once
        self.follow: Follow = follow_rule(variant.legality.trump_when_losing)
        self._window_tables(variant)

    def _window_tables(self, variant: Variant) -> None:
        """What the declaration window's hot path reads instead of computing it, and the
        meld tables (:mod:`bezique._engine.melds.tables`)."""
        # whose tables a player declares with: his own and his partners' (R6.4, R11.8)
        self.table_owners: tuple[tuple[int, ...], ...] = tuple(
            (p, *self.partners[p]) for p in range(self.players))
        self.melds: MeldTables = MeldTables(variant, self)
        self.gates: dict[Suit | None, WindowGate] = self.melds.gates  # read once per window


def rules_of(variant: Variant) -> Rules:
    """The precomputed rules of ``variant`` (built on first use, then cached on it)."""
    rules = variant.compiled
    if rules is None:
        rules = Rules(variant)
        object.__setattr__(variant, "compiled", rules)
    return rules  # type: ignore[no-any-return]
