"""The meld policy: which combinations exist, what they score, and who may declare what.

The meld table (R3.3, R8.2, R9.2, R9.5, R11.4) maps each :class:`MeldKind`
the variant knows to its points; the other fields are the declaration options
of sections 3, 4 and 6.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from bezique.melds import MeldKind

__all__ = ["TWO_PACK_MELDS", "MeldPolicy", "MeldSource", "PartnerDeclare"]


class MeldSource(enum.Enum):
    """Where the cards of a declaration come from."""

    HAND = "hand"
    """The declarer's hand and table (R3.2); one combination per trick won."""
    WON_CARDS = "won_cards"
    """The cards won in tricks, kept face up (Fildinski, R5.3, R11.5)."""


class PartnerDeclare(enum.Enum):
    """Who of the side that won a trick may declare (``partner_declare``, R6.4)."""

    EITHER = "either"
    WINNER_ONLY = "winner_only"


TWO_PACK_MELDS: tuple[tuple[MeldKind, int], ...] = (
    (MeldKind.COMMON_MARRIAGE, 20),
    (MeldKind.ROYAL_MARRIAGE, 40),
    (MeldKind.TRUMP_SEQUENCE, 250),
    (MeldKind.BEZIQUE, 40),
    (MeldKind.DOUBLE_BEZIQUE, 500),
    (MeldKind.FOUR_ACES, 100),
    (MeldKind.FOUR_KINGS, 80),
    (MeldKind.FOUR_QUEENS, 60),
    (MeldKind.FOUR_JACKS, 40),
    (MeldKind.TRUMP_SEVEN, 10),
)
"""The two-pack meld table (R3.3)."""


def _to_table(value: Mapping[MeldKind, int] | tuple[tuple[MeldKind, int], ...]
              ) -> tuple[tuple[MeldKind, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((MeldKind(kind), int(points)) for kind, points in items)


@attrs.frozen
class MeldPolicy:
    """Declarations: the meld table and the options of sections 3, 4 and 6."""

    table: tuple[tuple[MeldKind, int], ...] = attrs.field(default=TWO_PACK_MELDS,
                                                          converter=_to_table)
    """``(kind, points)`` for every combination the variant knows."""
    seven_counts_as_meld: bool = True
    """Whether exchanging or declaring the seven of trumps is the trick's one
    declaration (two-pack) or comes in addition to it (four-handed) (R4.3)."""
    require_fresh_card: bool = False
    """Whether every declaration needs a card from the hand, never declared before (R3.7)."""
    reform_broken: bool = False
    """Whether a combination broken by play may be declared again with like cards (R3.8, R8.3)."""
    source: MeldSource = MeldSource.HAND
    """Where declarations come from (hand and table, or won cards in Fildinski)."""
    partner_declare: PartnerDeclare = PartnerDeclare.EITHER
    """Who of the side that won the trick may declare (R6.4); partnerships only."""
    partner_combined_beziques: bool = True
    """Whether beziques may combine both partners' table cards (R6.4); partnerships only."""
    carte_blanche_repeats: bool = True
    """Whether carte blanche may be shown again after each non-court drawn (R8.2, R11.6)."""

    def points(self, kind: MeldKind) -> int | None:
        """The points of ``kind`` in this variant, or ``None`` if it has no such combination."""
        for known, points in self.table:
            if known is kind:
                return points
        return None

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The combinations this variant knows."""
        return tuple(kind for kind, _ in self.table)
