"""RandomBot: uniform over the legal actions."""

from __future__ import annotations

import random

import attrs

from bezique.actions import Action
from bezique.bots.base import legal_choices
from bezique.observation import Observation

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions.

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> o = bz.observe(s, s.to_move)
    >>> bz.bots.RandomBot().choose(o, random.Random(0)) in o.legal_actions
    True
    """

    name: str = "random"
    """The bot's name."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A legal action chosen uniformly with ``rng``."""
        actions = legal_choices(observation)
        return actions[int(rng.random() * len(actions))]
