"""The kinds of combinations (melds) and their classes (rules R3.1-R3.9 of the rules pages).

Which kinds a variant knows and what each scores is the business of the
variant's meld policy (:mod:`bezique.policies.melds`); this module only names
them. The *class* of a kind decides card reuse (R3.4): a card may serve in
several scored combinations only when they are of different classes.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

__all__ = ["MeldClass", "MeldKind"]


class MeldClass(enum.Enum):
    """The reuse classes of R3.4 (plus two kinds outside them)."""

    if TYPE_CHECKING:  # what type checkers read: Enum's own signature
        def __hash__(self) -> int: ...
    else:  # members are singletons: hash by identity, in C (hot path)
        __hash__ = object.__hash__

    A = "marriages and sequences"
    B = "beziques"
    C = "quartets"
    SEVEN = "seven of trumps"
    CARTE_BLANCHE = "carte blanche"

    def __str__(self) -> str:
        return self.name


class MeldKind(enum.Enum):
    """Every combination of the Bezique family; the value is its notation name.

    Its points come from the variant's meld policy
    (``variant.melds.points(kind)``).
    """

    if TYPE_CHECKING:  # what type checkers read: Enum's own signature
        def __hash__(self) -> int: ...
    else:  # members are singletons: hash by identity, in C (hot path)
        __hash__ = object.__hash__

    COMMON_MARRIAGE = "common_marriage"
    ROYAL_MARRIAGE = "royal_marriage"
    TRUMP_SEQUENCE = "trump_sequence"
    BACK_DOOR = "back_door"
    BEZIQUE = "bezique"
    DOUBLE_BEZIQUE = "double_bezique"
    TRIPLE_BEZIQUE = "triple_bezique"
    QUADRUPLE_BEZIQUE = "quadruple_bezique"
    QUINTUPLE_BEZIQUE = "quintuple_bezique"
    FOUR_ACES = "four_aces"
    FOUR_TENS = "four_tens"
    FOUR_KINGS = "four_kings"
    FOUR_QUEENS = "four_queens"
    FOUR_JACKS = "four_jacks"
    FOUR_TRUMP_ACES = "four_trump_aces"
    FOUR_TRUMP_TENS = "four_trump_tens"
    FOUR_TRUMP_KINGS = "four_trump_kings"
    FOUR_TRUMP_QUEENS = "four_trump_queens"
    FOUR_TRUMP_JACKS = "four_trump_jacks"
    FIVE_TRUMP_ACES = "five_trump_aces"
    FIVE_TRUMP_TENS = "five_trump_tens"
    FIVE_TRUMP_KINGS = "five_trump_kings"
    FIVE_TRUMP_QUEENS = "five_trump_queens"
    FIVE_TRUMP_JACKS = "five_trump_jacks"
    CARTE_BLANCHE = "carte_blanche"
    TRUMP_SEVEN = "trump_seven"

    def __str__(self) -> str:
        return self.value

    @property
    def meld_class(self) -> MeldClass:
        """The reuse class of this kind (R3.4)."""
        return _CLASS[self]

    @property
    def bezique_pairs(self) -> int:
        """How many bezique pairs the kind holds (0 for non-beziques)."""
        return _BEZIQUE_PAIRS.get(self, 0)


_BEZIQUE_PAIRS = {
    MeldKind.BEZIQUE: 1,
    MeldKind.DOUBLE_BEZIQUE: 2,
    MeldKind.TRIPLE_BEZIQUE: 3,
    MeldKind.QUADRUPLE_BEZIQUE: 4,
    MeldKind.QUINTUPLE_BEZIQUE: 5,
}

_CLASS: dict[MeldKind, MeldClass] = {}
for _kind in MeldKind:
    if _kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE,
                 MeldKind.BACK_DOOR):
        _CLASS[_kind] = MeldClass.A
    elif _kind in _BEZIQUE_PAIRS:
        _CLASS[_kind] = MeldClass.B
    elif _kind is MeldKind.TRUMP_SEVEN:
        _CLASS[_kind] = MeldClass.SEVEN
    elif _kind is MeldKind.CARTE_BLANCHE:
        _CLASS[_kind] = MeldClass.CARTE_BLANCHE
    else:
        _CLASS[_kind] = MeldClass.C
del _kind
