"""Deterministic shuffling, the same on every machine and Python version.

The library never touches Python's global random generator. Deals are
shuffled with a Fisher-Yates shuffle driven by SplitMix64, whose output is
fixed by its seed alone, so ``new_deal(variant, seed=s)`` is reproducible
everywhere (API.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["SEED_LIMIT", "derive_seed", "is_seed", "shuffled"]

_MASK = (1 << 64) - 1
_T = TypeVar("_T")

SEED_LIMIT = 1 << 64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1`` (the 64 bits of SplitMix64):
:func:`bezique.new_deal`, :func:`bezique.new_game`, records and JSON documents accept
exactly these, so each seed gives one deal and every accepted seed round-trips."""


def is_seed(value: object) -> bool:
    """Whether ``value`` is a seed: an ``int`` (not a ``bool``) in ``0 .. SEED_LIMIT - 1``.

    >>> is_seed(7), is_seed(-1), is_seed(2**64), is_seed(True)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEED_LIMIT


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def shuffled(items: Sequence[_T], seed: int) -> list[_T]:
    """A shuffled copy of ``items``; the order depends on ``seed`` only.

    >>> shuffled(range(6), 1) == shuffled(range(6), 1)
    True
    """
    out = list(items)
    x = seed & _MASK
    for i in range(len(out) - 1, 0, -1):
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix(x), inlined: once per card
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def derive_seed(seed: int, index: int) -> int:
    """A seed for the ``index``-th deal of a game played from ``seed``."""
    return _mix((seed * 0x9E3779B97F4A7C15 + index + 1) & _MASK)
