"""The trump policy: how trump is fixed and which pair makes a bezique (R2.2, R5.1, R5.2)."""

from __future__ import annotations

import enum

import attrs

from bezique.cards import Card, Rank, Suit

__all__ = ["BeziquePair", "TrumpFixing", "TrumpPolicy"]


class TrumpFixing(enum.Enum):
    """How the trump suit of a deal is decided."""

    TURN_UP = "turn_up"
    """The card turned up after the deal (R2.2)."""
    FIRST_MARRIAGE = "first_marriage"
    """The first marriage (or sequence) declared (R5.1, R8.1, R9.1)."""


class BeziquePair(enum.Enum):
    """Which queen and jack make a bezique (``bezique_pair``, R5.2)."""

    FIXED = "fixed"
    """Always Q♠ + J♦."""
    SHIFTING = "shifting"
    """Q♣ + J♥ when spades or diamonds are trumps, otherwise Q♠ + J♦."""
    QUEEN_OF_TRUMPS = "queen_of_trumps"
    """The queen of trumps with the jack of the other suit of opposite colour."""


_OPPOSITE = {
    Suit.SPADES: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.SPADES,
    Suit.CLUBS: Suit.HEARTS,
    Suit.HEARTS: Suit.CLUBS,
}
_QS_JD = (Card.of(Rank.QUEEN, Suit.SPADES), Card.of(Rank.JACK, Suit.DIAMONDS))
_QC_JH = (Card.of(Rank.QUEEN, Suit.CLUBS), Card.of(Rank.JACK, Suit.HEARTS))


@attrs.frozen
class TrumpPolicy:
    """Trump: how it is fixed, whether sevens count, and the bezique pair."""

    fixing: TrumpFixing = TrumpFixing.TURN_UP
    """How the trump suit is decided."""
    sequence_fixes_trump: bool = True
    """With ``fixing = first_marriage``: a sequence declared before any marriage
    fixes trump too (R5.1, R11.2)."""
    bezique_pair: BeziquePair = BeziquePair.FIXED
    """Which queen and jack make a bezique (R5.2)."""
    sevens_score: bool = True
    """Whether the seven of trumps scores (section 4); false where trump is fixed
    by a declaration (R5.1, R8.1)."""
    turn_up_seven_points: int = 10
    """Points for the dealer's side when the turn-up is a seven (R2.2)."""
    seven_points: int = 10
    """Points for exchanging, declaring or playing a seven of trumps (R4.1, R4.2)."""
    played_seven_scores: bool = True
    """Whether a seven of trumps played to a phase-1 trick scores (R4.2, seed 003), or only
    a shown or exchanged one (seed 001) (R13.3)."""

    def bezique_cards(self, trump: Suit | None) -> tuple[Card, Card] | None:
        """The (queen, jack) of a bezique under ``trump``, or ``None`` when a
        trump-dependent pair has no trump yet (R5.2).

        >>> TrumpPolicy(bezique_pair=BeziquePair.SHIFTING).bezique_cards(Suit.SPADES)
        (Card.parse('Q♣'), Card.parse('J♥'))
        """
        if self.bezique_pair is BeziquePair.FIXED:
            return _QS_JD
        if trump is None:
            return None
        if self.bezique_pair is BeziquePair.SHIFTING:
            return _QC_JH if trump in (Suit.SPADES, Suit.DIAMONDS) else _QS_JD
        return (Card.of(Rank.QUEEN, trump), Card.of(Rank.JACK, _OPPOSITE[trump]))
