"""Bots that play from observations only (``choose(observation, rng) -> action``)."""

from bezique.bots.base import Bot
from bezique.bots.greedy import GreedyBot
from bezique.bots.random_bot import RandomBot
from bezique.bots.search import SearchBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot"]
