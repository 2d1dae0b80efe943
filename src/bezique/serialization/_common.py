"""What the writer, the reader and the checks share: the schema version, the document
types, the fields each class writes, and errors that name their place."""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from typing import Any

import attrs

from bezique.actions import Action
from bezique.errors import SerializationError
from bezique.game import Game, GameResult
from bezique.observation import Observation
from bezique.policies import (
    DealPolicy,
    DeckPolicy,
    LegalityPolicy,
    MeldPolicy,
    ScoringPolicy,
    TrumpPolicy,
)
from bezique.results import DealResult
from bezique.state import State
from bezique.variants import Variant

__all__ = ["ACTION_TYPES", "DOCUMENTS", "POLICIES", "SCHEMA", "Decoder", "describe",
           "fault", "written_fields"]

SCHEMA = 1
"""The schema version this library writes and reads."""


Decoder = Callable[[Any, str], Any]

POLICIES: tuple[tuple[str, type[Any]], ...] = (
    ("deck", DeckPolicy), ("deal", DealPolicy), ("trump", TrumpPolicy),
    ("legality", LegalityPolicy), ("melds", MeldPolicy), ("scoring", ScoringPolicy))
ACTION_TYPES: dict[type[Any], str] = {
    cls: re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower() for cls in typing.get_args(Action)}
"""The document type of each action class: ``ExchangeSeven`` is ``exchange_seven``."""
DOCUMENTS: dict[type[Any], str] = {
    Variant: "variant", State: "state", Game: "game", Observation: "observation",
    DealResult: "deal_result", GameResult: "game_result"}
"""The document type of each other class written."""

_WRITTEN_FIELDS: dict[type[Any], tuple[tuple[str, str], ...]] = {}
_WRITTEN_AS = {"held": "hands", "pile": "stock", "trick_indexes": "trick",
               "played_indexes": "played", "seen": "exposed", "turn_up_index": "turn_up"}
"""A state's fields written under another name: the hands' count vectors and the card
indexes of the stock and of the completed tricks as the cards, the trick's card indexes as
``[player, card]`` pairs."""
_NOT_WRITTEN = frozenset({"memo", "laid"})
"""A state's fields left out of documents: the cache, and the table's count vectors (read
back from the table)."""


def written_fields(cls: type[Any]) -> tuple[tuple[str, str], ...]:
    """``(name, type)`` of the written fields of ``cls``: a state's but its cache, or the
    attrs fields given to ``__init__``."""
    fields = _WRITTEN_FIELDS.get(cls)
    if fields is None:
        if cls is State:
            notes = {**State.__annotations__, "hands": "tuple[tuple[Card, ...], ...]",
                     "stock": "tuple[Card, ...]", "trick": "tuple[tuple[int, Card], ...]",
                     "played": "tuple[Card, ...]", "exposed": "tuple[tuple[Card, ...], ...]",
                     "turn_up": "Card | None"}
            # the hands, the stock, the trick and the played cards are written as cards:
            # the count vectors (held) and the card indexes (pile, trick_indexes,
            # played_indexes) are the engine's form
            fields = tuple((name, getattr(notes[name], "__forward_arg__", str(notes[name])))
                           for name in (_WRITTEN_AS.get(n, n) for n in State._fields)
                           if name not in _NOT_WRITTEN)
        else:
            fields = tuple((f.name, f.type if isinstance(f.type, str) else f.type.__name__)
                           for f in attrs.fields(cls) if f.init)
        _WRITTEN_FIELDS[cls] = fields
    return fields



def fault(path: str, why: str) -> SerializationError:
    """The error for the value at ``path`` (``state.hands[1][3]``), saying ``why``."""
    return SerializationError(f"{path}: {why}")



def describe(v: Any) -> str:
    """A JSON value in words, for messages: ``the string 'QX'``, ``a list``."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"the boolean {json.dumps(v)}"
    if isinstance(v, int | float):
        return f"the number {v!r}" if len(repr(v)) < 40 else "a number"
    if isinstance(v, str):
        return f"the string {v!r}" if len(v) < 40 else "a string"
    return "a list" if isinstance(v, list) else "an object"
