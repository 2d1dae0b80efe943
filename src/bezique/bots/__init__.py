"""Bots that play from observations only (``choose(observation, rng) -> action``)."""

from bezique.bots.base import Bot
from bezique.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
