"""The observation tensor and the action mask as numpy arrays, for both adapters.

:func:`bezique.encoding.observation_tensor` gives a list of floats from an observation;
the adapters want the same numbers as a float32 array for the player to move after every
action. :class:`TensorArrays` reads them straight off the state
(:class:`bezique._tensor_state.StateTensor`, which reads only what the player may see):
the counts, one byte an entry, made a float32 array by one ``astype``, then the few other
entries (the scores) set one by one.
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

# dtype objects made once, passed by position: numpy converts ``dtype=np.float32`` anew
# on every call
_UINT8 = np.dtype(np.uint8)
_INT8 = np.dtype(np.int8)
_FLOAT32 = np.dtype(np.float32)


class TensorArrays:
    """``player``'s observation tensor of a state of ``variant`` as a float32 array (the
    same numbers as ``observation_tensor(observe(state, player))``)."""

    __slots__ = ("_tensor", "size")

    def __init__(self, variant: Variant) -> None:
        self._tensor = StateTensor(variant)
        self.size: int = self._tensor.size
        """The length of the tensor."""

    def __call__(self, s: State, player: int) -> Array:
        """A new array."""
        counts, others = self._tensor.parts(s, player)
        out = np.frombuffer(counts, _UINT8).astype(_FLOAT32)
        for at, value in others:
            out[at] = value
        return out

    def fill(self, out: Array, s: State, player: int) -> None:
        """Write the tensor into ``out``, an array of :attr:`size` entries."""
        counts, others = self._tensor.parts(s, player)
        out[:] = np.frombuffer(counts, _UINT8)
        for at, value in others:
            out[at] = value


def mask_array(encoder: ActionEncoder, s: State, player: int) -> Array:
    """The legal ids of ``s`` as an int8 array of 0 and 1, all 0 unless ``player`` is to
    move (the mask of his observation)."""
    mask = bytearray(encoder.size)
    if s.to_move == player:
        for i in encoder.legal_ids(s):
            mask[i] = 1
    return np.frombuffer(mask, _INT8)
