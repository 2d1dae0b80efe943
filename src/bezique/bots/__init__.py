"""Bots that play from observations only (``choose(observation, rng) -> action``), the
library's hints (:func:`analyse`) and reviews (:func:`review`), and five levels of play
(:func:`level`)."""

from bezique.bots.analysis import Analysis, AnalysisBot, Rated, analyse
from bezique.bots.base import Bot
from bezique.bots.greedy import GreedyBot
from bezique.bots.levels import LEVEL_NAMES, level
from bezique.bots.random_bot import RandomBot
from bezique.bots.reviewing import Review, Reviewed, review
from bezique.bots.search import SearchBot

__all__ = ["LEVEL_NAMES", "Analysis", "AnalysisBot", "Bot", "GreedyBot", "RandomBot", "Rated",
           "Review", "Reviewed", "SearchBot", "analyse", "level", "review"]
