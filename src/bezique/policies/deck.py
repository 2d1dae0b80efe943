"""The deck policy: how many packs are shuffled together (R1.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from bezique.cards import Card, pack
from bezique.errors import VariantError

__all__ = ["MAX_PACKS", "DeckPolicy"]

MAX_PACKS: int = 16
"""The most packs a deck may have (the largest preset, eight-pack, has 8)."""


def _packs(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise VariantError(f"packs must be a whole number, not {type(value).__name__}")
    if not 1 <= value <= MAX_PACKS:
        raise VariantError(f"packs must be from 1 to {MAX_PACKS} (MAX_PACKS), not "
                           f"{value if value.bit_length() < 64 else 'a huge number'}")


@attrs.frozen
class DeckPolicy:
    """A deck of ``packs`` 32-card piquet packs; every card exists ``packs`` times.

    Bound: 1 to :data:`MAX_PACKS` (16) packs; anything else raises
    :class:`~bezique.VariantError` naming the bound.
    """

    packs: int = attrs.field(default=2, validator=_packs)
    """Number of 32-card packs shuffled together."""

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in display order (unshuffled)."""
        return pack(self.packs)

    def holds(self, cards: Iterable[Card]) -> bool:
        """Whether the deck has every card of ``cards``, each as many times as it is listed:
        every card exists ``packs`` times (R1.1).

        >>> from bezique.cards import Card
        >>> from bezique.policies import DeckPolicy
        >>> DeckPolicy(packs=2).holds([Card.parse("AS")] * 3), DeckPolicy(packs=4).holds([])
        (False, True)
        """
        return max(Counter(cards).values(), default=0) <= self.packs

    @property
    def is_multi_pack_game(self) -> bool:
        """Whether this is a Chinese-size deck (six packs or more), the games of the
        dealer's guess (R9.4)."""
        return self.packs >= 6

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return 32 * self.packs
