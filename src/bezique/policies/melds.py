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

__all__ = [
    "CHINESE_MELDS",
    "EIGHT_PACK_MELDS",
    "MULTI_HANDED_MELDS",
    "RUBICON_MELDS",
    "TWO_PACK_MELDS",
    "MeldPolicy",
    "MeldSource",
    "PartnerDeclare",
]


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

MULTI_HANDED_MELDS: tuple[tuple[MeldKind, int], ...] = (
    *TWO_PACK_MELDS, (MeldKind.TRIPLE_BEZIQUE, 1500))
"""Three- and four-handed play: the two-pack table plus the triple bezique (R11.4)."""

RUBICON_MELDS: tuple[tuple[MeldKind, int], ...] = (
    (MeldKind.COMMON_MARRIAGE, 20),
    (MeldKind.ROYAL_MARRIAGE, 40),
    (MeldKind.TRUMP_SEQUENCE, 250),
    (MeldKind.BACK_DOOR, 150),
    (MeldKind.BEZIQUE, 40),
    (MeldKind.DOUBLE_BEZIQUE, 500),
    (MeldKind.TRIPLE_BEZIQUE, 1500),
    (MeldKind.QUADRUPLE_BEZIQUE, 4500),
    (MeldKind.FOUR_ACES, 100),
    (MeldKind.FOUR_KINGS, 80),
    (MeldKind.FOUR_QUEENS, 60),
    (MeldKind.FOUR_JACKS, 40),
    (MeldKind.CARTE_BLANCHE, 50),
)
"""Rubicon Bezique (R8.2, R11.4): no seven of trumps; carte blanche 50."""

CHINESE_MELDS: tuple[tuple[MeldKind, int], ...] = (
    *((k, 250 if k is MeldKind.CARTE_BLANCHE else p) for k, p in RUBICON_MELDS),
    (MeldKind.FOUR_TRUMP_ACES, 1000),
    (MeldKind.FOUR_TRUMP_TENS, 900),
    (MeldKind.FOUR_TRUMP_KINGS, 800),
    (MeldKind.FOUR_TRUMP_QUEENS, 600),
    (MeldKind.FOUR_TRUMP_JACKS, 400),
)
"""Chinese Bezique (R9.2): Rubicon's table, the trump quartets, carte blanche 250."""

EIGHT_PACK_MELDS: tuple[tuple[MeldKind, int], ...] = (
    *((k, p) for k, p in CHINESE_MELDS if k is not MeldKind.CARTE_BLANCHE),
    (MeldKind.QUINTUPLE_BEZIQUE, 9000),
    (MeldKind.FIVE_TRUMP_ACES, 2000),
    (MeldKind.FIVE_TRUMP_TENS, 1800),
    (MeldKind.FIVE_TRUMP_KINGS, 1600),
    (MeldKind.FIVE_TRUMP_QUEENS, 1200),
    (MeldKind.FIVE_TRUMP_JACKS, 800),
)
"""Eight-pack Bezique (R9.5): Chinese less carte blanche, plus the quintuple bezique
and the five-trump melds."""


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
    four_tens: int = 0
    """Points for four tens (any suits); 0 means four tens score nothing (R8.2)."""

    def points(self, kind: MeldKind) -> int | None:
        """The points of ``kind`` in this variant, or ``None`` if it has no such combination."""
        for known, points in self.effective_table():
            if known is kind:
                return points
        return None

    def effective_table(self) -> tuple[tuple[MeldKind, int], ...]:
        """The meld table with the ``four_tens`` option applied."""
        table: list[tuple[MeldKind, int]] = [
            (k, p) for k, p in self.table if k is not MeldKind.FOUR_TENS]
        if self.four_tens:
            table.append((MeldKind.FOUR_TENS, self.four_tens))
        return tuple(table)

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The combinations this variant knows."""
        return tuple(kind for kind, _ in self.effective_table())
