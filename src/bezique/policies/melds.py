"""The meld policy: which combinations exist, what they score, and who may declare what.

The meld table (R3.3, R8.2, R9.2, R9.5, R11.4) maps each :class:`MeldKind`
the variant knows to its points; the other fields are the declaration options
of sections 3, 4 and 6.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from bezique.melds import MeldKind

if TYPE_CHECKING:
    from bezique.cards import Card
    from bezique.state import State

__all__ = [
    "CHINESE_MELDS",
    "EIGHT_PACK_MELDS",
    "HAND_AND_TABLE",
    "MULTI_HANDED_MELDS",
    "RUBICON_MELDS",
    "TWO_PACK_MELDS",
    "WON_CARDS",
    "MeldCardSource",
    "MeldClasses",
    "MeldPolicy",
    "MeldSource",
    "PartnerDeclare",
    "SevenDeclare",
]


@attrs.frozen
class MeldCardSource:
    """Where a player's meld cards come from: the strategy behind :class:`MeldSource`.

    The engine, the explanations and the bots ask it their questions instead of
    testing which variant they play (R3.2, R5.3, R11.5). Two values exist,
    :data:`HAND_AND_TABLE` and :data:`WON_CARDS`.
    """

    name: str
    """A short name for messages and ``repr``."""
    declares_from_won_cards: bool
    """Whether declarations use the cards won in tricks (never reused) rather than the
    declarer's hand and table (R3.2 vs R5.3)."""
    keeps_won_cards: bool
    """Whether the cards of a won trick stay face up in front of the winner, in the order
    won (R11.5)."""
    one_combination_per_trick: bool
    """Whether a trick won allows one combination (R3.2) or several at once (R5.3)."""
    window_closes_by_itself: bool
    """Whether the window closes as soon as nothing more can be declared: only when every
    meld card is face up, so that closing tells the others nothing (R2.6, R11.5)."""
    needs_card_of_last_trick: bool
    """Whether every combination must hold a card of the trick just won (R5.3, R11.5)."""
    reuses_cards: bool
    """Whether a card may serve again in another class, and combinations be upgraded or
    re-formed (R3.4-R3.8); won cards serve once (R11.5)."""
    where: str
    """Where the cards are held, for messages ("in hand or on the table")."""

    def held_cards(self, state: State, player: int,
                   partners: tuple[int, ...]) -> list[Card]:
        """The cards ``player`` may declare with now, ignoring reuse (R3.9, R11.5, R11.8)."""
        if self.declares_from_won_cards:
            return [tc.card for tc in state.won[player] if not tc.used]
        return list(state.hands[player]) + [tc.card for q in (player, *partners)
                                            for tc in state.table[q]]

    def refusal(self) -> tuple[str, dict[str, object]] | None:
        """Why a declaration of held cards is refused when this source alone explains it:
        ``(message_id, params)`` (:mod:`bezique._messages`), or ``None``."""
        if self.needs_card_of_last_trick:
            return "R5.3/card-of-last-trick", {}
        return None


HAND_AND_TABLE: MeldCardSource = MeldCardSource(
    "hand and table", declares_from_won_cards=False, keeps_won_cards=False,
    one_combination_per_trick=True, window_closes_by_itself=False,
    needs_card_of_last_trick=False, reuses_cards=True, where="in hand or on the table")
"""The declarer's hand and table (R3.2); one combination per trick won."""

WON_CARDS: MeldCardSource = MeldCardSource(
    "won cards", declares_from_won_cards=True, keeps_won_cards=True,
    one_combination_per_trick=False, window_closes_by_itself=True,
    needs_card_of_last_trick=True, reuses_cards=False,
    where="among his unused won cards (R11.5)")
"""The cards won in tricks, kept face up (Fildinski, R5.3, R11.5)."""


class MeldSource(enum.Enum):
    """Where the cards of a declaration come from (the option; its rules are :attr:`rules`)."""

    HAND = "hand"
    """The declarer's hand and table (R3.2); one combination per trick won."""
    WON_CARDS = "won_cards"
    """The cards won in tricks, kept face up (Fildinski, R5.3, R11.5)."""

    @property
    def rules(self) -> MeldCardSource:
        """The strategy the engine asks about this source."""
        return HAND_AND_TABLE if self is MeldSource.HAND else WON_CARDS


class PartnerDeclare(enum.Enum):
    """Who of the side that won a trick may declare (``partner_declare``, R6.4)."""

    EITHER = "either"
    WINNER_ONLY = "winner_only"


class MeldClasses(enum.Enum):
    """How many reuse classes the combinations fall into (``meld_classes``, R13.1)."""

    THREE = "three"
    """Marriages and sequences share class A (R3.4)."""
    FOUR = "four"
    """Sequences and marriages are separate classes (seed 000): a king or queen of a
    scored sequence may still marry a fresh partner, though the marriage inside one
    sequence never scores by itself."""


class SevenDeclare(enum.Enum):
    """When the seven of trumps may be declared (``seven_declare``, R13.2)."""

    AFTER_TRICK = "after_trick"
    """Only by the winner of a phase-1 trick, in his declaration window (R4.1-R4.3)."""
    ANY_TIME = "any_time"
    """Whenever it is the holder's turn to act in phase 1 (seed 000); it is not the
    trick's combination, and the holder still acts afterwards."""


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
    meld_classes: MeldClasses = MeldClasses.THREE
    """How many reuse classes there are: marriages and sequences in one class A, or
    each in its own class (R3.4, R13.1)."""
    seven_declare: SevenDeclare = SevenDeclare.AFTER_TRICK
    """When the seven of trumps may be declared: by the winner after a trick, or by its
    holder whenever it is his turn in phase 1 (R13.2)."""
    partner_seven: bool = False
    """Whether, after the trick winner's window, the partner may show or exchange a seven of
    trumps even when the winner declared a combination (R13.4); partnerships only."""
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
    announce_several: bool = True
    """Whether, after the one combination he scores in a window, the player may announce
    further combinations (``Announce``): laid on the table unscored, each may be scored in
    a later window of his side while intact (R13.7). Off in Fildinski, whose trick scores
    several combinations anyway (R11.5)."""

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

    def declarable(self, kind: MeldKind) -> bool:
        """Whether ``kind`` is a combination of this variant, one its players may declare:
        in its meld table, with the ``four_tens`` option applied (R3.3, R8.2, R9.2, R9.5,
        R11.4).

        >>> from bezique.melds import MeldKind
        >>> from bezique.policies import MeldPolicy
        >>> melds = MeldPolicy()
        >>> melds.declarable(MeldKind.TRUMP_SEVEN), melds.declarable(MeldKind.FOUR_TENS)
        (True, False)
        """
        return kind in self.kinds

    @property
    def card_source(self) -> MeldCardSource:
        """Where the meld cards come from, as the strategy the engine asks (R3.2, R5.3)."""
        return self.source.rules

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The combinations this variant knows."""
        return tuple(kind for kind, _ in self.effective_table())
