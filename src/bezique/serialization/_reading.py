"""Reading: :func:`from_json` and the decoder of every field type."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

import attrs

from bezique import variants as _variants
from bezique.actions import Declare
from bezique.cards import ALL_CARDS, Card, Suit
from bezique.errors import SerializationError, VariantError
from bezique.game import Game, GameResult
from bezique.melds import MeldKind
from bezique.notation import card_text, meld_arity
from bezique.observation import Observation
from bezique.results import DealResult, Settled, SideScore
from bezique.serialization._checks import (
    check_deal_result,
    check_game,
    check_game_result,
    check_observation,
    check_state,
)
from bezique.serialization._common import (
    ACTION_TYPES,
    POLICIES,
    SCHEMA,
    Decoder,
    describe,
    fault,
    written_fields,
)
from bezique.serialization._writing import encode
from bezique.state import WINDOWS, CartePrivilege, Combination, Stage, State, TableCard
from bezique.variants import Variant

_T = TypeVar("_T")



@overload
def from_json(text: str | bytes) -> object: ...
@overload
def from_json(text: str | bytes, expected: type[_T]) -> _T: ...


def from_json(text: str | bytes, expected: type[Any] | None = None) -> object:
    """Read a document written by :func:`to_json`.

    Args:
        text: The JSON text.
        expected: If given, the type the document must hold (e.g. ``bz.State``).

    Returns:
        The value: ``from_json(to_json(x)) == x``.

    Raises:
        SerializationError: naming the offending field, for malformed JSON, an
            unknown schema version or type, missing, unknown or mistyped fields,
            an unknown variant, or an impossible position.

    >>> from_json('{"schema": 1, "type": "exchange_seven", "card": "7H"}')
    ExchangeSeven(card=Card.parse('7♥'))
    >>> from_json('{"schema": 1, "type": "play", "card": "QX", "from_table": null}')
    Traceback (most recent call last):
    ...
    bezique.errors.SerializationError: play.card: 'QX' is not a card
    """
    try:
        obj = _decode_document(_loads(text))
    except SerializationError:
        raise
    except RecursionError:
        raise SerializationError("document: nested too deeply") from None
    except Exception as exc:  # a safety net: only SerializationError escapes
        raise SerializationError(f"document: unreadable: {type(exc).__name__}: {exc}") from None
    if expected is not None and not isinstance(obj, expected):
        raise SerializationError(
            f"document: holds a {type(obj).__name__}, not a {expected.__name__}")
    return obj



def _duplicates_rejected(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SerializationError(f"document: field {key!r} appears twice in an object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise SerializationError(f"document: {name} is not a JSON number")


def _loads(text: str | bytes) -> Any:
    if not isinstance(text, str | bytes | bytearray):
        raise SerializationError(f"document: expected JSON text, not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_duplicates_rejected,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SerializationError(f"document: not JSON: {exc}") from None
    except UnicodeDecodeError as exc:
        raise SerializationError(f"document: not UTF-8 text: {exc}") from None



def _int(v: Any, path: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise fault(path, f"expected a whole number, got {describe(v)}")
    return v


def _nat(v: Any, path: str) -> int:
    if _int(v, path) < 0:
        raise fault(path, f"{v} is negative")
    return int(v)


def _window(v: Any, path: str) -> Any:
    """Window flags are written as their value; out of range stays an int for the checks."""
    n = _int(v, path)
    return WINDOWS[n] if 0 <= n < len(WINDOWS) else n


def _carte(v: Any, path: str) -> Any:
    """A carte blanche privilege is written as its value; out of range stays an int."""
    n = _int(v, path)
    return CartePrivilege(n) if 0 <= n <= max(CartePrivilege) else n


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise fault(path, f"expected true or false, got {describe(v)}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise fault(path, f"expected a string, got {describe(v)}")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        raise fault(path, f"expected a list, got {describe(v)}")
    return v


def _obj(v: Any, path: str, fields: Iterable[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise fault(path, f"expected an object, got {describe(v)}")
    wanted = list(fields)
    missing = [f for f in wanted if f not in v]
    if missing:
        raise fault(path, f"missing field {missing[0]!r}")
    extra = sorted(k for k in v if k not in wanted)
    if extra:
        raise fault(path, f"unknown field {extra[0]!r}")
    return v


_CARD_BY_TEXT = {card_text(card): card for card in ALL_CARDS}


def _card(v: Any, path: str) -> Card:
    card = _CARD_BY_TEXT.get(v) if isinstance(v, str) else None
    if card is not None:
        return card
    if not isinstance(v, str):
        raise fault(path, f"expected a card such as \"QS\", got {describe(v)}")
    try:
        return Card.parse(v)
    except ValueError:
        raise fault(path, f"{v!r} is not a card") from None


def _suit(v: Any, path: str) -> Suit:
    text = _str(v, path).strip().upper()
    for suit in Suit:
        if text in (suit.letter, suit.value):
            return suit
    raise fault(path, f"{v!r} is not a suit (use S, H, D or C)")


def _enum(cls: type[enum.Enum]) -> Decoder:
    def decode(v: Any, path: str) -> Any:
        if isinstance(v, str):
            for member in cls:
                if member.value == v:
                    return member
        allowed = ", ".join(repr(m.value) for m in cls)
        raise fault(path, f"{describe(v)} is not one of {allowed}")
    return decode


def _opt(decode: Decoder) -> Decoder:
    def decode_opt(v: Any, path: str) -> Any:
        return None if v is None else decode(v, path)
    return decode_opt


def _tuple(decode: Decoder) -> Decoder:
    def decode_tuple(v: Any, path: str) -> tuple[Any, ...]:
        return tuple(decode(x, f"{path}[{i}]") for i, x in enumerate(_list(v, path)))
    return decode_tuple


def _pair(first: Decoder, second: Decoder, what: str) -> Decoder:
    def decode_pair(v: Any, path: str) -> tuple[Any, Any]:
        items = _list(v, path)
        if len(items) != 2:
            raise fault(path, f"expected {what}, not {len(items)} items")
        return (first(items[0], f"{path}[0]"), second(items[1], f"{path}[1]"))
    return decode_pair


def _table_card(v: Any, path: str) -> TableCard:
    items = _list(v, path)
    if len(items) != 3:
        raise fault(path, f"a table card is [card, serial, used], not {len(items)} items")
    used = _nat(items[2], f"{path}[2]")
    if used > 31:  # A=1, B=2, C=4, seven=8, the sequences' own class=16 (R13.1)
        raise fault(f"{path}[2]", f"{used} is not a set of meld classes (0-31)")
    return TableCard(_card(items[0], f"{path}[0]"), _nat(items[1], f"{path}[1]"), used)


_CARDS = _tuple(_card)
_INTS = _tuple(_int)


def _record(cls: type[Any]) -> Decoder:
    """The decoder of an object with exactly the fields of ``cls``, built by ``cls``."""
    def decode(v: Any, path: str) -> Any:
        return _build(cls, _obj(v, path, (name for name, _ in written_fields(cls))), path)
    return decode


def _build(cls: type[Any], raw: dict[str, Any], path: str) -> Any:
    kwargs: dict[str, Any] = {}
    for name, note in written_fields(cls):
        decoder = _SORTED.get(name) if cls in (State, Observation) else None
        decoder = decoder or _BY_TYPE.get(note)
        if decoder is None:  # pragma: no cover - the coverage test guards this
            raise fault(f"{path}.{name}", f"cannot read a field of type {note}")
        kwargs[name] = decoder(raw[name], f"{path}.{name}")
    if cls is State:
        return State(**kwargs, memo=[None])
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise fault(path, str(exc)) from None
    if isinstance(obj, Declare):
        arity = meld_arity(obj.meld)
        if (arity is not None and len(obj.cards) != arity) or not obj.cards:
            raise fault(f"{path}.cards", f"{obj.meld.value} takes {arity or 'some'} cards, "
                                        f"not {len(obj.cards)}")
    return obj


def _action(v: Any, path: str) -> Any:
    kind = v.get("type") if isinstance(v, dict) else None
    for cls, name in ACTION_TYPES.items():
        if kind == name:
            return _build(cls, _obj(v, path, ("type", *(f for f, _ in written_fields(cls)))), path)
    names = ", ".join(ACTION_TYPES.values())
    if not isinstance(v, dict):
        raise fault(path, f"expected an action object, got {describe(v)}")
    raise fault(f"{path}.type", f"{describe(kind)} is not an action type ({names})")


# ---------------------------------------------------------------- variants

_PRESETS: dict[Variant, Variant] = {v: v for v in _variants.ALL}
_DECODED: dict[Variant, Variant] = {}


def _intern(variant: Variant) -> Variant:
    """One object per distinct variant, so the engine's tables are built once."""
    known = _PRESETS.get(variant)
    if known is None:
        known = _DECODED.get(variant)
    if known is None:
        if len(_DECODED) >= 256:
            _DECODED.clear()
        _DECODED[variant] = known = variant
    return known


def _policy_field(field: attrs.Attribute[Any], v: Any, path: str) -> Any:
    """A policy field, read by the type of its default."""
    default = field.default
    if field.name == "table":
        table = _tuple(_pair(_enum(MeldKind), _nat, "[meld, points]"))(v, path)
        kinds = [kind for kind, _ in table]
        for i, kind in enumerate(kinds):
            if kind in kinds[:i]:
                raise fault(f"{path}[{i}]", f"meld {kind.value!r} appears twice")
        return table
    if isinstance(default, enum.Enum):
        return _enum(type(default))(v, path)
    if isinstance(default, bool):
        return _bool(v, path)
    if isinstance(default, int):
        return _nat(v, path)
    if isinstance(default, tuple):
        return _tuple(_nat)(v, path)
    raise fault(path, "this field cannot be read")  # pragma: no cover - the tests guard this


def _policy(cls: type[Any], v: Any, path: str) -> Any:
    fields = attrs.fields(cls)
    raw = _obj(v, path, (f.name for f in fields))
    kwargs = {f.name: _policy_field(f, raw[f.name], f"{path}.{f.name}") for f in fields}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise fault(path, str(exc)) from None


_VARIANT_FIELDS = ("name", "title", "aliases", "options", *(name for name, _ in POLICIES))


_READ: dict[str, Variant] = {}
"""Variants already read, by their canonical JSON text (reading one is slow)."""


def _variant(v: Any, path: str) -> Variant:
    if not isinstance(v, dict):
        raise fault(path, f"expected a variant object, got {describe(v)}")
    key = json.dumps(v, sort_keys=True)
    variant = _READ.get(key)
    if variant is None:
        variant = _read_variant(v, path)
        if len(_READ) >= 256:
            _READ.clear()
        _READ[key] = variant
    return variant


def _read_variant(v: dict[str, Any], path: str) -> Variant:
    if not any(name in v for name in _VARIANT_FIELDS if name not in ("name", "options")):
        return _short_variant(_obj(v, path, ("name", *(["options"] if "options" in v
                                                        else []))), path)
    raw = _obj(v, path, _VARIANT_FIELDS)
    policies = {name: _policy(cls, raw[name], f"{path}.{name}") for name, cls in POLICIES}
    aliases = _tuple(_str)(raw["aliases"], f"{path}.aliases")
    name, title = _str(raw["name"], f"{path}.name"), _str(raw["title"], f"{path}.title")
    try:
        variant = Variant(name=name, aliases=aliases, title=title, **policies)
    except VariantError as exc:  # the policies do not compose
        raise fault(path, str(exc)) from None
    if variant.players < 2:
        raise fault(f"{path}.deal.players", "a deal needs at least two players")
    actual = variant.options()
    options = _obj(raw["options"], f"{path}.options", actual)
    for name, value in actual.items():
        written, wanted = options[name], encode(value)
        if type(written) is not type(wanted) or written != wanted:
            raise fault(f"{path}.options.{name}", f"{describe(written)} disagrees with the "
                                                 f"policies, which say {json.dumps(wanted)}")
    return _intern(variant)


def _short_variant(raw: dict[str, Any], path: str) -> Variant:
    name = _str(raw["name"], f"{path}.name")
    try:
        preset = _variants.get(name)
    except ValueError:
        names = ", ".join(_variants.names())
        raise fault(f"{path}.name", f"unknown variant {name!r} (the presets are {names}; "
                                   "write every policy for another)") from None
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise fault(f"{path}.options", f"expected an object, got {describe(options)}")
    for key, value in options.items():
        if not isinstance(value, bool | int | str):
            raise fault(f"{path}.options.{key}", f"{describe(value)} is not an option value")
    try:
        return _intern(preset.with_options(**options))
    except ValueError as exc:
        raise fault(f"{path}.options", str(exc)) from None



def _checked(cls: type[Any], check: Callable[[Any, str], None]) -> Decoder:
    decode = _record(cls)

    def decode_checked(v: Any, path: str) -> Any:
        obj = decode(v, path)
        check(obj, path)
        return obj
    return decode_checked


# ---------------------------------------------------------------- the decoders


_STATE = _checked(State, check_state)
_DEAL_RESULT = _checked(DealResult, check_deal_result)
_SORTED: dict[str, Decoder] = {
    "hands": _tuple(lambda v, p: tuple(sorted(_CARDS(v, p)))),
    "exposed": _tuple(lambda v, p: tuple(sorted(_CARDS(v, p)))),
    "hand": lambda v, p: tuple(sorted(_CARDS(v, p))),
}
"""Fields of states and observations whose cards are kept sorted."""
_BY_TYPE: dict[str, Decoder] = {
    "int": _int,
    "int | None": _opt(_int),
    "bool": _bool,
    "bool | None": _opt(_bool),
    "Card": _card,
    "Card | None": _opt(_card),
    "Suit | None": _opt(_suit),
    "Stage": _enum(Stage),
    "Window": _window,
    "CartePrivilege": _carte,
    "tuple[CartePrivilege, ...]": _tuple(_carte),
    "MeldKind": _enum(MeldKind),
    "Variant": _variant,
    "State": _STATE,
    "tuple[int, ...]": _INTS,
    "tuple[int, ...] | None": _opt(_INTS),
    "tuple[Card, ...]": _CARDS,
    "tuple[tuple[Card, ...], ...]": _tuple(_CARDS),
    "tuple[tuple[TableCard, ...], ...]": _tuple(_tuple(_table_card)),
    "tuple[tuple[int, Card], ...]": _tuple(_pair(_nat, _card, "[player, card]")),
    "tuple[tuple[MeldKind, int], ...]": _tuple(_pair(_enum(MeldKind), _int, "[meld, count]")),
    "tuple[Combination, ...]": _tuple(_record(Combination)),
    "tuple[Action, ...]": _tuple(_action),
    "tuple[DealResult, ...]": _tuple(_DEAL_RESULT),
    "tuple[SideScore, ...]": _tuple(_record(SideScore)),
    "Settled | None": _opt(_record(Settled)),
}
"""How each field type of the serialised classes is read."""

_TOP: dict[str, Decoder] = {
    "state": _STATE,
    "game": _checked(Game, check_game),
    "observation": _checked(Observation, check_observation),
    "deal_result": _DEAL_RESULT,
    "game_result": _checked(GameResult, check_game_result),
}


def _decode_document(doc: Any) -> object:
    if not isinstance(doc, dict):
        raise fault("document", f"expected an object, got {describe(doc)}")
    if "schema" not in doc:
        raise fault("document", "missing field 'schema'")
    schema = doc["schema"]
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise fault("document.schema", f"expected a version number, got {describe(schema)}")
    if schema != SCHEMA:
        raise fault("document.schema", f"unknown schema version {schema} (this library reads "
                                      f"version {SCHEMA})")
    if "type" not in doc:
        raise fault("document", "missing field 'type'")
    kind = doc.pop("type")
    del doc["schema"]
    if kind == "variant":
        return _variant(doc, "variant")
    if isinstance(kind, str) and kind in _TOP:
        return _TOP[kind](doc, kind)
    if isinstance(kind, str) and kind in ACTION_TYPES.values():
        return _action({"type": kind, **doc}, kind)
    names = ", ".join((*_TOP, "variant", *ACTION_TYPES.values()))
    raise fault("document.type", f"{describe(kind)} is not a type (use one of {names})")
