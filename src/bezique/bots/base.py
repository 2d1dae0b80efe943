"""The bot protocol: a bot sees only its observation (API.md, "Bots and simulation")."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from bezique.actions import Action
from bezique.errors import BotError
from bezique.observation import Observation

__all__ = ["Bot", "legal_choices"]


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


def legal_choices(observation: Observation) -> tuple[Action, ...]:
    """The actions a bot may choose from: ``observation.legal_actions``, which is empty
    when it is not the observer's turn; a bot asked to choose then raises
    :class:`~bezique.errors.BotError`.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> legal_choices(bz.observe(s, 1 - s.to_move))
    Traceback (most recent call last):
    ...
    bezique.errors.BotError: no legal action: it is not this player's turn
    """
    actions = observation.legal_actions
    if not actions:
        raise BotError("no legal action: it is not this player's turn")
    return actions
