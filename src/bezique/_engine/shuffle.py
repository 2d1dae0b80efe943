"""Deterministic shuffling, the same on every machine and Python version.

The library never touches Python's global random generator. Deals are
shuffled with a Fisher-Yates shuffle driven by SplitMix64, whose output is
fixed by its seed alone, so ``new_deal(variant, seed=s)`` is reproducible
everywhere (API.md).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import NamedTuple, TypeVar

__all__ = ["SEED_LIMIT", "derive_seed", "is_seed", "shuffled"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
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
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def shuffled(items: Sequence[_T], seed: int) -> list[_T]:
    """A shuffled copy of ``items``; the order depends on ``seed`` only.

    A Fisher-Yates shuffle: the ``k``-th step (``k = 0, 1, ...``) swaps position
    ``i = len(items) - 1 - k`` with position ``_mix(seed + (k + 1) * GOLDEN) % (i + 1)``,
    the ``k``-th output of SplitMix64 seeded with ``seed``. The outputs do not depend
    on the swaps, so :func:`_splitmix_outputs` computes them all at once.

    >>> shuffled(range(6), 1) == shuffled(range(6), 1)
    True
    """
    out = list(items)
    n = len(out)
    if n > 1:
        for i, z in zip(range(n - 1, 0, -1), _splitmix_outputs(seed & _MASK, n - 1),
                        strict=True):
            j = z % (i + 1)
            out[i], out[j] = out[j], out[i]
    return out


_LANE = 128
"""Bits a lane: a 64-bit value, and room above it for a product of two of them."""


def _low_words(byteorder: str) -> slice:
    """Which 64-bit words of a lane integer's bytes in ``byteorder``, read in that order,
    hold the lanes' low halves, lane 0 first: every other word from the start for
    ``"little"``, from the end for ``"big"`` (there the last word is the least significant)."""
    return slice(None, None, 2) if byteorder == "little" else slice(None, None, -2)


_LOW_WORDS = _low_words(sys.byteorder)
"""The low halves' words on this machine, whose native order ``memoryview.cast`` reads."""


class _Lanes(NamedTuple):
    """The constants of :func:`_splitmix_outputs` for one number of outputs."""

    ones: int
    """1 in every lane: ``seed * ones`` puts the seed in each."""
    steps: int
    """``(k + 1) * GOLDEN`` in lane ``k``: what SplitMix64 adds to the seed in ``k + 1`` steps."""
    low: int
    """``2**64 - 1`` in every lane: ``& low`` keeps each lane's value modulo ``2**64``."""
    size: int
    """The bytes the lanes take."""


@functools.lru_cache(maxsize=16)
def _lanes(count: int) -> _Lanes:
    """The constants for ``count`` lanes (one set per deck length), built in linear time."""
    width = _LANE // 8
    ones = (b"\x01" + bytes(width - 1)) * count
    low = (b"\xff" * 8 + bytes(width - 8)) * count
    steps = b"".join(((k + 1) * _GOLDEN).to_bytes(width, "little") for k in range(count))
    return _Lanes(int.from_bytes(ones, "little"), int.from_bytes(steps, "little"),
                  int.from_bytes(low, "little"), width * count)


def _splitmix_outputs(seed: int, count: int) -> memoryview:
    """The first ``count`` outputs of SplitMix64 seeded with ``seed`` (``0 <= seed < 2**64``).

    Lane ``k`` (bits ``128 k`` to ``128 k + 127``) of one big integer holds the ``k``-th
    state, and each step of :func:`_mix` runs on every lane in one operation. A lane's
    64-bit value times a 64-bit constant stays below ``2**128``, inside its lane, and
    ``& low`` takes it modulo ``2**64``; a right shift moves the next lane's low bits into
    this lane's high half, which ``& low`` clears before each product (the last shift's
    are never read). The lanes' low halves are read back in C, as native 64-bit words.
    """
    ones, steps, low, size = _lanes(count)
    x = (seed * ones + steps) & low
    z = ((x ^ (x >> 30)) & low) * _MIX1 & low
    z = ((z ^ (z >> 27)) & low) * _MIX2 & low
    z ^= z >> 31
    return memoryview(z.to_bytes(size, sys.byteorder)).cast("Q")[_LOW_WORDS]


def derive_seed(seed: int, index: int) -> int:
    """A seed for the ``index``-th deal of a game played from ``seed``."""
    return _mix((seed * _GOLDEN + index + 1) & _MASK)
