"""The frozen state of one deal (data only; the rules live in the engine).

A :class:`State` is a value: the engine never changes one, it builds the next.
Everything that does not change from one action to the next (the variant, the
tables, the scored combinations) is shared between successive states.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from bezique.cards import Card, Suit
from bezique.melds import MeldKind

if TYPE_CHECKING:
    from bezique.variants import Variant

__all__ = ["Combination", "Stage", "State", "TableCard"]


class Stage(enum.Enum):
    """What the deal is waiting for."""

    PLAY = "play"
    """A card to the current trick."""
    DECLARE = "declare"
    """A declaration, a seven action or a pass after a won phase-1 trick (R2.6)."""
    OVER = "over"
    """Nothing: the deal has ended."""


@attrs.frozen
class TableCard:
    """A declared card lying face up on a player's table (R3.2, R2.7).

    ``used`` is a bit set of the meld classes (A=1, B=2, C=4, seven=8) the
    card has served in; ``serial`` tells identical cards apart.
    """

    card: Card
    """The card."""
    serial: int
    """A number unique to this physical card within the deal."""
    used: int
    """Bit set of the meld classes the card has been declared in."""


@attrs.frozen
class Combination:
    """A scored combination (R3.9): its kind, its side, and the table cards it used."""

    kind: MeldKind
    """What was declared."""
    side: int
    """The side that scored it."""
    player: int
    """The player who declared it."""
    cards: tuple[Card, ...]
    """Its cards, sorted."""
    serials: tuple[int, ...]
    """The table cards it is made of (parallel to nothing; a set of serials)."""
    points: int
    """What it scored."""
    superseded: bool = False
    """True once it has been upgraded (R3.5) or re-formed (R3.8): it cannot be built on again."""


@attrs.frozen
class State:
    """One deal in progress (or finished).

    Public attributes follow the API: ``variant``, ``to_move``, ``is_over``,
    ``trump``, ``turn_up``, ``stock_size``, ``hands``, ``tables``, ``trick``,
    ``scores``, ``sides``. The others are the engine's bookkeeping.
    """

    variant: Variant
    """The rules the deal is played under."""
    dealer: int
    """The dealer of this deal."""
    seed: int | None
    """The shuffle seed, or ``None`` for a position set up by hand."""
    stage: Stage
    """What the deal is waiting for."""
    to_move: int | None
    """The player to act, ``None`` when the deal is over."""
    leader: int
    """Who led (or is to lead) the current trick."""
    phase: int
    """1 while the stock lasts, 2 afterwards."""
    hands: tuple[tuple[Card, ...], ...]
    """Per player, the cards held in hand, not on the table (sorted)."""
    table: tuple[tuple[TableCard, ...], ...]
    """Per player, the declared cards lying face up."""
    stock: tuple[Card, ...]
    """The face-down stock, top card first."""
    turn_up: Card | None
    """The face-up trump card under the stock (``None`` where there is none)."""
    trump: Suit | None
    """The trump suit (``None`` until fixed, or in a no-trump phase 2)."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick: ``(player, card)`` in the order played."""
    active: tuple[int, ...]
    """The players taking part in the current series of tricks, in playing order."""
    window: int
    """Declaration window flags: 1 a combination was scored, 2 a seven action was taken."""
    combos: tuple[Combination, ...]
    """Every combination scored in the deal, in order."""
    melds: tuple[int, ...]
    """Per side, points from combinations (the seven of trumps excluded)."""
    sevens: tuple[int, ...]
    """Per side, points from sevens of trumps (R2.2, R4)."""
    brisques: tuple[int, ...]
    """Per side, the number of brisques won in tricks (R2.11)."""
    last_trick: tuple[int, ...]
    """Per side, the last-trick bonus (R2.12)."""
    tricks: int
    """Tricks completed in this deal."""
    last_winner: int | None
    """Winner of the last completed trick."""
    played: tuple[Card, ...]
    """Cards of the completed tricks, in the order played."""
    cache: Any = attrs.field(default=None, eq=False, repr=False)
    """Internal: the legal actions, computed on first request."""

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.stage is Stage.OVER

    @property
    def tables(self) -> tuple[tuple[Card, ...], ...]:
        """Per player, the declared cards lying face up on the table."""
        return tuple(tuple(tc.card for tc in t) for t in self.table)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included (R2.3)."""
        return len(self.stock) + (self.turn_up is not None)

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each player."""
        return self.variant.deal.sides

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side, the points so far in this deal, as the variant counts them.

        Brisques are included while the deal runs only with
        ``brisque_timing = immediate``; at the end of the deal always.
        """
        scoring = self.variant.scoring
        count_brisques = (self.stage is Stage.OVER
                          or scoring.brisque_timing.value == "immediate")
        value = scoring.brisque_points if count_brisques else 0
        return tuple(m + s + b * value + lt for m, s, b, lt in
                     zip(self.melds, self.sevens, self.brisques, self.last_trick, strict=True))
