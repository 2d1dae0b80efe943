"""The deal policy: players, sides, hand size, packets and the turn-up (R2.1, R2.2, R11.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from bezique.errors import VariantError

__all__ = ["MAX_HAND_SIZE", "MAX_PLAYERS", "DealPolicy"]

MAX_PLAYERS: int = 8
"""The most players a deal may have (the presets have 2 to 4)."""
MAX_HAND_SIZE: int = 32
"""The most cards a hand may be dealt (the presets deal 8 to 15)."""


def _within(low: int, high: int, bound: str) -> Callable[[object, attrs.Attribute[int], int],
                                                         None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise VariantError(f"{attribute.name} must be a whole number, not "
                               f"{type(value).__name__}")
        if not low <= value <= high:
            shown = value if value.bit_length() < 64 else "a huge number"
            raise VariantError(f"{attribute.name} must be from {low} to {high} ({bound}), "
                               f"not {shown}")
    return check


def _as_tuple(value: object) -> object:
    """A list given for a tuple field, as a tuple (so the policy stays hashable and equal
    to the one built with a tuple); anything else is left for the validator to refuse."""
    return tuple(value) if isinstance(value, list) else value


def _sides_valid(instance: DealPolicy, attribute: attrs.Attribute[tuple[int, ...]],
                 value: tuple[int, ...]) -> None:
    if not isinstance(value, tuple):
        raise VariantError(f"sides must be a tuple of side numbers, not {type(value).__name__}")
    if len(value) != instance.players:
        raise VariantError(f"sides must name a side for each of the {instance.players} players")
    if sorted(set(value)) != list(range(len(set(value)))):
        raise VariantError(f"sides must number the sides 0, 1, ...; got {value!r}")


@attrs.frozen
class DealPolicy:
    """How the cards are dealt.

    Packets go clockwise from the dealer's left, the dealer last (R11.1); the
    player on the dealer's left is the elder and leads the first trick (R2.4).

    Bounds: 2 to :data:`MAX_PLAYERS` (8) players, hands of 1 to :data:`MAX_HAND_SIZE`
    (32) cards, packets of at least one card; anything else raises
    :class:`~bezique.VariantError` naming the bound.
    """

    players: int = attrs.field(default=2, validator=_within(2, MAX_PLAYERS, "MAX_PLAYERS"))
    """Number of players (hands)."""
    hand_size: int = attrs.field(default=8, validator=_within(1, MAX_HAND_SIZE,
                                                              "MAX_HAND_SIZE"))
    """Cards dealt to each player."""
    packets: tuple[int, ...] = attrs.field(default=(3, 2, 3), converter=_as_tuple)
    """Sizes of the packets each player receives in turn; they add up to ``hand_size``."""
    turn_up: bool = True
    """Whether the next card is turned up to fix trump (R2.2); false where a
    declaration fixes trump (R5.1, R8.1)."""
    sides: tuple[int, ...] = attrs.field(default=(0, 1), converter=_as_tuple,
                                         validator=_sides_valid)
    """The side of each player (partners share a side, R6.1)."""
    side_members: int = 1
    """People per side sharing one hand (2 in consultation play, R6.10); for frontends only."""
    dealer_guess: bool = False
    """Whether the deal opens with the dealer's packet and the non-dealer's guess (R9.4)."""

    # The dealer's guess (R9.4). Constants of the rule, not options: RULES.md names no
    # option for them, so they are class attributes (not written in JSON documents).
    packet_range: ClassVar[tuple[int, int]] = (18, 30)
    """The sizes a dealer's lifted packet may have (R9.4, our reading: the sources give no
    distribution, so every size from 18 to 30 is equally likely and guesses are limited
    to it)."""
    packet_target: ClassVar[int] = 24
    """The packet size that scores the dealer :attr:`packet_points` (R9.4)."""
    packet_points: ClassVar[int] = 250
    """What the dealer scores when his packet holds exactly :attr:`packet_target` cards."""
    guess_points: ClassVar[int] = 150
    """What the non-dealer scores when he guesses the packet's size exactly (R9.4)."""

    def __attrs_post_init__(self) -> None:
        packets = self.packets
        if not isinstance(packets, tuple) or not packets or any(
                not isinstance(p, int) or isinstance(p, bool) or p < 1 for p in packets):
            raise VariantError(f"packets must be whole numbers of at least one card, not "
                               f"{self.packets!r}"[:200])
        if sum(self.packets) != self.hand_size:
            raise VariantError(
                f"packets {self.packets!r} do not add up to hand_size {self.hand_size}")

    @property
    def is_partnership(self) -> bool:
        """Whether some players share a side (partners, R6.1)."""
        return len(set(self.sides)) < self.players

    @property
    def is_four_handed(self) -> bool:
        """Whether four players take part, so phase 2 may be two duels (R6.7, R11.9)."""
        return self.players == 4

    @property
    def side_count(self) -> int:
        """Number of sides."""
        return max(self.sides) + 1

    def zero_sum(self) -> bool:
        """Whether a deal's outcome is zero-sum: two sides, the one's win the other's loss
        (R2.13, R6.1); with three or more sides each plays against all the others (R11.1).

        >>> from bezique.policies import DealPolicy
        >>> DealPolicy().zero_sum(), DealPolicy(players=3, sides=(0, 1, 2)).zero_sum()
        (True, False)
        """
        return self.side_count == 2

    def members(self, side: int) -> tuple[int, ...]:
        """The players of ``side``, in seat order (partners share a side, R6.1).

        >>> from bezique.policies import DealPolicy
        >>> DealPolicy(players=4, hand_size=9, packets=(3, 3, 3), sides=(0, 1, 0, 1)).members(1)
        (1, 3)
        """
        return tuple(p for p, s in enumerate(self.sides) if s == side)

    def seatings(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The ways to seat participants (people or bots) at the table: ``(count, owners)``,
        ``owners`` naming per seat which of the ``count`` participants plays its hand. One
        per player first, each his own hand; where partners share a side, also one per
        side, who plays every hand of his side (R6.1, R6.10).

        >>> from bezique.policies import DealPolicy
        >>> DealPolicy(players=4, hand_size=9, packets=(3, 3, 3), sides=(0, 1, 0, 1)).seatings()
        ((4, (0, 1, 2, 3)), (2, (0, 1, 0, 1)))
        >>> DealPolicy().seatings()
        ((2, (0, 1)),)
        """
        own = (self.players, tuple(range(self.players)))
        return (own, (self.side_count, self.sides)) if self.is_partnership else (own,)

    def elder(self, dealer: int) -> int:
        """The player who leads the first trick: the dealer's left (R11.1)."""
        return (dealer + 1) % self.players
