"""A bounded cache of what the bots precompute per variant, keyed by the variant's value.

Variants are frozen values: two equal variants (say two results of the same
``with_options(...)`` call) share one entry, and a program that makes a fresh
variant for every deal keeps at most ``maxsize`` entries alive. Hashing a
variant takes tens of microseconds (it hashes every policy), far too slow for a
bot's decision, so the object last seen is found first by identity; the value is
hashed only when a variant object is met for the first time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, cast

from bezique.variants import Variant

__all__ = ["VariantCache"]

_T = TypeVar("_T")


class _ByValue:
    """A variant as a dictionary key by its value, hashed once."""

    __slots__ = ("hash", "variant")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.hash = hash(variant)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByValue) and (
            other.variant is self.variant or other.variant == self.variant)


class VariantCache(Generic[_T]):
    """Values (never ``None``) built by ``build(variant)``, one per variant value, at
    most ``maxsize`` of them (the least recently built or met is dropped first).

    >>> cache = VariantCache(lambda v: v.players, maxsize=2)
    >>> import bezique as bz
    >>> cache.get(bz.variants.TWO_PACK), cache.get(bz.variants.FOUR_HANDED), len(cache)
    (2, 4, 2)
    >>> cache.get(bz.variants.RUBICON), len(cache)
    (2, 2)
    """

    __slots__ = ("_build", "_by_id", "_by_value", "last", "maxsize")

    def __init__(self, build: Callable[[Variant], _T], maxsize: int = 32) -> None:
        self._build = build
        self.maxsize = maxsize
        """How many variants' values are kept at most."""
        self._by_value: dict[_ByValue, _T] = {}
        self._by_id: dict[int, tuple[Variant, _T]] = {}
        """By the id of a variant object met (the entry keeps the object alive, so the
        id cannot be reused while it is here)."""
        self.last: tuple[object, _T] = (None, cast("_T", None))
        """The variant object met last and its value: a hot caller that meets one variant
        at a time tests ``last[0] is variant`` before calling :meth:`get`."""

    def __len__(self) -> int:
        """The number of variant values held."""
        return len(self._by_value)

    def get(self, variant: Variant) -> _T:
        """The value for ``variant``, built on first use of its value."""
        entry = self._by_id.get(id(variant))
        if entry is not None and entry[0] is variant:
            self.last = entry
            return entry[1]
        return self._miss(variant)

    def _miss(self, variant: Variant) -> _T:
        by_value = self._by_value
        key = _ByValue(variant)
        value = by_value.pop(key, None)
        if value is None:
            value = self._build(variant)
        by_value[key] = value  # now the most recent
        if len(by_value) > self.maxsize:
            del by_value[next(iter(by_value))]
        by_id = self._by_id
        by_id[id(variant)] = self.last = (variant, value)
        if len(by_id) > self.maxsize:
            del by_id[next(iter(by_id))]
        return value
