"""The deck policy: how many packs are shuffled together (R1.1)."""

from __future__ import annotations

import attrs

from bezique.cards import Card, pack

__all__ = ["DeckPolicy"]


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{attribute.name} must be a positive integer, not {value!r}")


@attrs.frozen
class DeckPolicy:
    """A deck of ``packs`` 32-card piquet packs; every card exists ``packs`` times."""

    packs: int = attrs.field(default=2, validator=_positive)
    """Number of 32-card packs shuffled together."""

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in display order (unshuffled)."""
        return pack(self.packs)

    @property
    def is_multi_pack_game(self) -> bool:
        """Whether this is a Chinese-size deck (six packs or more), the games of the
        dealer's guess (R9.4)."""
        return self.packs >= 6

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return 32 * self.packs
