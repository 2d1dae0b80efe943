"""The bot protocol: a bot sees only its observation (API.md, "Bots and simulation")."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from bezique.actions import Action
from bezique.observation import Observation

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from an observation.

    ``choose`` is called only when ``observation.is_my_turn``; it returns one
    of ``observation.legal_actions``. A bot never sees the state, only what its
    seat may know, and takes its randomness from ``rng`` alone, so the same
    observation and generator state give the same choice.
    """

    @property
    def name(self) -> str:
        """A short name for tables and logs."""
        ...

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The action to take."""
        ...
