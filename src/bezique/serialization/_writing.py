"""Writing: :func:`to_json`."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs

from bezique.cards import ALL_CARDS, Card, Suit
from bezique.errors import SerializationError
from bezique.notation import card_text
from bezique.serialization._common import (
    ACTION_TYPES,
    DOCUMENTS,
    POLICIES,
    SCHEMA,
    written_fields,
)
from bezique.state import State, TableCard
from bezique.variants import Variant


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON document of ``obj`` (ASCII only; see the module documentation).

    Args:
        obj: A variant, state, game, observation, deal result, game result or action.
        indent: Indentation for a multi-line document; ``None`` writes one line.

    Returns:
        The document, starting ``{"schema": 1, "type": ...``.

    Raises:
        SerializationError: for a value of another type.

    >>> import bezique as bz
    >>> to_json(bz.Play("QS"))
    '{"schema": 1, "type": "play", "card": "QS", "from_table": null}'
    >>> to_json(42)
    Traceback (most recent call last):
    ...
    bezique.errors.SerializationError: cannot serialise int
    """
    kind = DOCUMENTS.get(type(obj)) or ACTION_TYPES.get(type(obj))
    if kind is None:
        raise SerializationError(f"cannot serialise {type(obj).__name__}")
    document = {"schema": SCHEMA, "type": kind, **encode(obj)}
    variant = document.get("variant")
    if indent is not None or type(variant) is not dict:
        return json.dumps(document, indent=indent)
    # the variant's body is the same for every document of the variant: written once
    cached = _VARIANT_TEXTS.get(id(variant))
    if cached is None or cached[0] is not variant:
        if len(_VARIANT_TEXTS) >= 256:
            _VARIANT_TEXTS.clear()
        cached = _VARIANT_TEXTS[id(variant)] = (variant, json.dumps(variant))
    document["variant"] = _SPLICE
    return json.dumps(document).replace(_SPLICED, cached[1], 1)


_SPLICE = "\0"
"""The variant's place in a document while the rest is written (no other string of a
document holds a NUL, and the variant's members come after ``schema`` and ``type``)."""
_SPLICED = json.dumps(_SPLICE)

_VARIANT_TEXTS: dict[int, tuple[dict[str, Any], str]] = {}
"""The JSON text of the variants' bodies already written, by the body's identity."""


_CARD_TEXT = tuple(card_text(card) for card in ALL_CARDS)


def encode(v: Any) -> Any:
    """The JSON value of ``v`` (lists, objects, strings, numbers, booleans, null)."""
    t = type(v)
    if t is Card:
        return _CARD_TEXT[v.index]
    if t is tuple:
        return [encode(x) for x in v]
    if v is None or t is int or t is bool or t is str:
        return v
    if t is TableCard:
        return [_CARD_TEXT[v.card.index], v.serial, v.used]
    if t is State:
        return {name: encode(getattr(v, name)) for name, _ in written_fields(State)}
    if t is Variant:
        cached = _VARIANT_BODIES.get(id(v))
        if cached is None or cached[0] is not v:
            if len(_VARIANT_BODIES) >= 256:
                _VARIANT_BODIES.clear()
            cached = _VARIANT_BODIES[id(v)] = (v, _enc_variant(v))
        return cached[1]
    if t is Suit:
        return v.letter
    if isinstance(v, enum.Enum):
        return v.value
    if t in ACTION_TYPES:
        body = {name: encode(getattr(v, name)) for name, _ in written_fields(t)}
        return {"type": ACTION_TYPES[t], **body}
    if attrs.has(t):
        return {name: encode(getattr(v, name)) for name, _ in written_fields(t)}
    raise SerializationError(f"cannot serialise {t.__name__}")


_VARIANT_BODIES: dict[int, tuple[Variant, dict[str, Any]]] = {}
"""Variants already written, by identity (writing one is slow)."""


def _enc_variant(v: Variant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": v.name, "title": v.title, "aliases": list(v.aliases),
        "options": {name: encode(value) for name, value in v.options().items()},
    }
    for name, _ in POLICIES:
        policy = getattr(v, name)
        out[name] = {f.name: encode(getattr(policy, f.name)) for f in attrs.fields(type(policy))}
    return out
