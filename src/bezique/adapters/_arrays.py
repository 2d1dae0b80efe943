"""The observation tensor and the action mask as numpy arrays, for both adapters.

:func:`bezique.encoding.observation_tensor` gives a list of floats from an observation;
the adapters want the same numbers as a float32 array for the player to move after every
action. :class:`TensorArrays` reads them straight off the state
(:class:`bezique._tensor_state.StateTensor`, which reads only what the player may see)
in three numpy calls: the unit entries counted by ``bincount``, the scalars set at their
fixed positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bezique._tensor_state import StateTensor
from bezique.encoding import ActionEncoder
from bezique.state import State
from bezique.variants import Variant

__all__ = ["TensorArrays", "mask_array"]

Array = np.ndarray[Any, np.dtype[Any]]


class TensorArrays:
    """``player``'s observation tensor of a state of ``variant`` as a float32 array (the
    same numbers as ``observation_tensor(observe(state, player))``)."""

    __slots__ = ("_positions", "_tensor", "size")

    def __init__(self, variant: Variant) -> None:
        self._tensor = StateTensor(variant)
        self.size: int = self._tensor.size
        """The length of the tensor."""
        # by the number of scalar values: with the brisques or without
        self._positions: dict[int, Array] = {
            len(positions): np.array(positions, dtype=np.intp)
            for positions in map(self._tensor.scalar_positions, (False, True))}

    def __call__(self, s: State, player: int) -> Array:
        """A new array."""
        units, values = self._tensor.parts(s, player)
        out = np.bincount(units, minlength=self.size).astype(np.float32)
        out[self._positions[len(values)]] = values
        return out

    def fill(self, out: Array, s: State, player: int) -> None:
        """Write the tensor into ``out``, an array of :attr:`size` entries."""
        units, values = self._tensor.parts(s, player)
        out[:] = np.bincount(units, minlength=self.size)
        out[self._positions[len(values)]] = values


def mask_array(encoder: ActionEncoder, s: State, player: int) -> Array:
    """The legal ids of ``s`` as an int8 array of 0 and 1, all 0 unless ``player`` is to
    move (the mask of his observation)."""
    mask = bytearray(encoder.size)
    if s.to_move == player:
        for i in encoder.legal_ids(s):
            mask[i] = 1
    return np.frombuffer(mask, dtype=np.int8)
