"""JSON serialisation of variants, states, games, observations, results and actions.

:func:`to_json` writes a document, :func:`from_json` reads it back, and
``from_json(to_json(x)) == x`` for every supported value. Every document is a
JSON object with a schema version and a type::

    {"schema": 1, "type": "state", "variant": {...}, "dealer": 0, ...}

The types are ``variant``, ``state``, ``game``, ``observation``,
``deal_result``, ``game_result`` and one per action type: ``play``, ``declare``,
``exchange_seven``, ``pass``, ``guess_packet``. Inside a document values are plain:

* a card is its ASCII text (``"QS"``, ``"10D"``; ``"Q♠"`` is read too);
* a suit is its letter (``"S"``, ``"H"``, ``"D"``, ``"C"``; the symbol is read too);
* other enums are their values (``"play"``, ``"end_of_deal"``, ``"bezique"``);
* a table card (:class:`~bezique.state.TableCard`) is ``[card, serial, used]``;
* a trick is a list of ``[player, card]``; tuples are lists; ``None`` is ``null``;
* an action is ``{"type": "play", "card": "QS", "from_table": null}``,
  ``{"type": "declare", "meld": "bezique", "cards": ["QS", "JD"]}``,
  ``{"type": "exchange_seven", "card": "7H"}``, ``{"type": "pass"}`` or
  ``{"type": "guess_packet", "size": 24}``;
* a variant is written whole: its ``name``, ``title`` and ``aliases``, its
  ``options`` (:meth:`Variant.options <bezique.variants.Variant.options>`, enum values as
  strings) and every field of its six policies (``deck``, ``deal``, ``trump``,
  ``legality``, ``melds`` with the meld table as ``[[kind, points], ...]``,
  ``scoring``), so that a custom composition comes back exactly. The options repeat
  policy fields and must agree with them. A short form naming a preset,
  ``{"schema": 1, "type": "variant", "name": "rubicon", "options": {"four_tens": 90}}``,
  is read as ``variants.get(name).with_options(**options)``.

A state is written field by field (every field of
:class:`~bezique.state.State` but its internal cache) with its variant
inline. Hands are sorted on reading. Reading checks the document thoroughly:
the schema version, the fields (none missing, none unknown), their types,
the variant, and that the position is possible: the hands, tables, stock,
turn-up, trick and earlier tricks hold no card more often than the variant's
packs do, and make up the whole deck in a dealt position (one with a seed;
a position set up by hand, :func:`bezique.setup`, may leave cards out), and
the player to move, the stage and the phase agree. Anything
wrong raises :class:`~bezique.errors.SerializationError` naming the field,
e.g. ``state.hands[1][3]: 'QX' is not a card``; no other exception escapes.
"""

from __future__ import annotations

import enum
import json
import re
import typing
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

import attrs

from bezique import variants as _variants
from bezique.actions import Action, Declare
from bezique.cards import ALL_CARDS, Card, Suit
from bezique.deal import PACKET_RANGE
from bezique.errors import SerializationError
from bezique.game import Game, GameResult
from bezique.melds import MeldKind
from bezique.notation import card_text, meld_arity
from bezique.observation import Observation
from bezique.policies import (
    DealPolicy,
    DeckPolicy,
    LegalityPolicy,
    MeldPolicy,
    ScoringPolicy,
    TrumpPolicy,
)
from bezique.results import DealResult, Settled, SideScore
from bezique.shuffle import derive_seed
from bezique.state import Combination, Stage, State, TableCard
from bezique.variants import Variant

__all__ = ["SCHEMA", "from_json", "to_json"]

SCHEMA = 1
"""The schema version this library writes and reads."""

_T = TypeVar("_T")
Decoder = Callable[[Any, str], Any]

_POLICIES: tuple[tuple[str, type[Any]], ...] = (
    ("deck", DeckPolicy), ("deal", DealPolicy), ("trump", TrumpPolicy),
    ("legality", LegalityPolicy), ("melds", MeldPolicy), ("scoring", ScoringPolicy))
_ACTION_TYPES: dict[type[Any], str] = {
    cls: re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower() for cls in typing.get_args(Action)}
"""The document type of each action class: ``ExchangeSeven`` is ``exchange_seven``."""
_DOCUMENTS: dict[type[Any], str] = {
    Variant: "variant", State: "state", Game: "game", Observation: "observation",
    DealResult: "deal_result", GameResult: "game_result"}


# ---------------------------------------------------------------- writing


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
    kind = _DOCUMENTS.get(type(obj)) or _ACTION_TYPES.get(type(obj))
    if kind is None:
        raise SerializationError(f"cannot serialise {type(obj).__name__}")
    return json.dumps({"schema": SCHEMA, "type": kind, **_enc(obj)}, indent=indent)


_CARD_TEXT = tuple(card_text(card) for card in ALL_CARDS)


def _enc(v: Any) -> Any:
    """The JSON value of ``v`` (lists, objects, strings, numbers, booleans, null)."""
    t = type(v)
    if t is Card:
        return _CARD_TEXT[v.index]
    if t is tuple:
        return [_enc(x) for x in v]
    if v is None or t is int or t is bool or t is str:
        return v
    if t is TableCard:
        return [_CARD_TEXT[v.card.index], v.serial, v.used]
    if t is State:
        return {name: _enc(getattr(v, name)) for name, _ in _fields(State)}
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
    if t in _ACTION_TYPES:
        body = {name: _enc(getattr(v, name)) for name, _ in _fields(t)}
        return {"type": _ACTION_TYPES[t], **body}
    if attrs.has(t):
        return {name: _enc(getattr(v, name)) for name, _ in _fields(t)}
    raise SerializationError(f"cannot serialise {t.__name__}")


_VARIANT_BODIES: dict[int, tuple[Variant, dict[str, Any]]] = {}
"""Variants already written, by identity (writing one is slow)."""


def _enc_variant(v: Variant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": v.name, "title": v.title, "aliases": list(v.aliases),
        "options": {name: _enc(value) for name, value in v.options().items()},
    }
    for name, _ in _POLICIES:
        policy = getattr(v, name)
        out[name] = {f.name: _enc(getattr(policy, f.name)) for f in attrs.fields(type(policy))}
    return out


_FIELDS: dict[type[Any], tuple[tuple[str, str], ...]] = {}


def _fields(cls: type[Any]) -> tuple[tuple[str, str], ...]:
    """``(name, type)`` of the written fields of ``cls``: a state's but its cache, or the
    attrs fields given to ``__init__``."""
    fields = _FIELDS.get(cls)
    if fields is None:
        if cls is State:
            notes = State.__annotations__
            fields = tuple((name, getattr(notes[name], "__forward_arg__", str(notes[name])))
                           for name in State._fields if name != "memo")
        else:
            fields = tuple((f.name, f.type if isinstance(f.type, str) else f.type.__name__)
                           for f in attrs.fields(cls) if f.init)
        _FIELDS[cls] = fields
    return fields


# ---------------------------------------------------------------- reading


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


def _err(path: str, why: str) -> SerializationError:
    return SerializationError(f"{path}: {why}")


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


def _what(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"the boolean {json.dumps(v)}"
    if isinstance(v, int | float):
        return f"the number {v!r}" if len(repr(v)) < 40 else "a number"
    if isinstance(v, str):
        return f"the string {v!r}" if len(v) < 40 else "a string"
    return "a list" if isinstance(v, list) else "an object"


def _int(v: Any, path: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise _err(path, f"expected a whole number, got {_what(v)}")
    return v


def _nat(v: Any, path: str) -> int:
    if _int(v, path) < 0:
        raise _err(path, f"{v} is negative")
    return int(v)


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise _err(path, f"expected true or false, got {_what(v)}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise _err(path, f"expected a string, got {_what(v)}")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        raise _err(path, f"expected a list, got {_what(v)}")
    return v


def _obj(v: Any, path: str, fields: Iterable[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _err(path, f"expected an object, got {_what(v)}")
    wanted = list(fields)
    missing = [f for f in wanted if f not in v]
    if missing:
        raise _err(path, f"missing field {missing[0]!r}")
    extra = sorted(k for k in v if k not in wanted)
    if extra:
        raise _err(path, f"unknown field {extra[0]!r}")
    return v


_CARD_BY_TEXT = {card_text(card): card for card in ALL_CARDS}


def _card(v: Any, path: str) -> Card:
    card = _CARD_BY_TEXT.get(v) if isinstance(v, str) else None
    if card is not None:
        return card
    if not isinstance(v, str):
        raise _err(path, f"expected a card such as \"QS\", got {_what(v)}")
    try:
        return Card.parse(v)
    except ValueError:
        raise _err(path, f"{v!r} is not a card") from None


def _suit(v: Any, path: str) -> Suit:
    text = _str(v, path).strip().upper()
    for suit in Suit:
        if text in (suit.letter, suit.value):
            return suit
    raise _err(path, f"{v!r} is not a suit (use S, H, D or C)")


def _enum(cls: type[enum.Enum]) -> Decoder:
    def decode(v: Any, path: str) -> Any:
        if isinstance(v, str):
            for member in cls:
                if member.value == v:
                    return member
        allowed = ", ".join(repr(m.value) for m in cls)
        raise _err(path, f"{_what(v)} is not one of {allowed}")
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
            raise _err(path, f"expected {what}, not {len(items)} items")
        return (first(items[0], f"{path}[0]"), second(items[1], f"{path}[1]"))
    return decode_pair


def _table_card(v: Any, path: str) -> TableCard:
    items = _list(v, path)
    if len(items) != 3:
        raise _err(path, f"a table card is [card, serial, used], not {len(items)} items")
    used = _nat(items[2], f"{path}[2]")
    if used > 15:
        raise _err(f"{path}[2]", f"{used} is not a set of meld classes (0-15)")
    return TableCard(_card(items[0], f"{path}[0]"), _nat(items[1], f"{path}[1]"), used)


_CARDS = _tuple(_card)
_INTS = _tuple(_int)


def _record(cls: type[Any]) -> Decoder:
    """The decoder of an object with exactly the fields of ``cls``, built by ``cls``."""
    def decode(v: Any, path: str) -> Any:
        return _build(cls, _obj(v, path, (name for name, _ in _fields(cls))), path)
    return decode


def _build(cls: type[Any], raw: dict[str, Any], path: str) -> Any:
    kwargs: dict[str, Any] = {}
    for name, note in _fields(cls):
        decoder = _SORTED.get(name) if cls in (State, Observation) else None
        decoder = decoder or _BY_TYPE.get(note)
        if decoder is None:  # pragma: no cover - the coverage test guards this
            raise _err(f"{path}.{name}", f"cannot read a field of type {note}")
        kwargs[name] = decoder(raw[name], f"{path}.{name}")
    if cls is State:
        return State(**kwargs, memo=[None])
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise _err(path, str(exc)) from None
    if isinstance(obj, Declare):
        arity = meld_arity(obj.meld)
        if (arity is not None and len(obj.cards) != arity) or not obj.cards:
            raise _err(f"{path}.cards", f"{obj.meld.value} takes {arity or 'some'} cards, "
                                        f"not {len(obj.cards)}")
    return obj


def _action(v: Any, path: str) -> Any:
    kind = v.get("type") if isinstance(v, dict) else None
    for cls, name in _ACTION_TYPES.items():
        if kind == name:
            return _build(cls, _obj(v, path, ("type", *(f for f, _ in _fields(cls)))), path)
    names = ", ".join(_ACTION_TYPES.values())
    if not isinstance(v, dict):
        raise _err(path, f"expected an action object, got {_what(v)}")
    raise _err(f"{path}.type", f"{_what(kind)} is not an action type ({names})")


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
                raise _err(f"{path}[{i}]", f"meld {kind.value!r} appears twice")
        return table
    if isinstance(default, enum.Enum):
        return _enum(type(default))(v, path)
    if isinstance(default, bool):
        return _bool(v, path)
    if isinstance(default, int):
        return _nat(v, path)
    if isinstance(default, tuple):
        return _tuple(_nat)(v, path)
    raise _err(path, "this field cannot be read")  # pragma: no cover - the tests guard this


def _policy(cls: type[Any], v: Any, path: str) -> Any:
    fields = attrs.fields(cls)
    raw = _obj(v, path, (f.name for f in fields))
    kwargs = {f.name: _policy_field(f, raw[f.name], f"{path}.{f.name}") for f in fields}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise _err(path, str(exc)) from None


_VARIANT_FIELDS = ("name", "title", "aliases", "options", *(name for name, _ in _POLICIES))


_READ: dict[str, Variant] = {}
"""Variants already read, by their canonical JSON text (reading one is slow)."""


def _variant(v: Any, path: str) -> Variant:
    if not isinstance(v, dict):
        raise _err(path, f"expected a variant object, got {_what(v)}")
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
    policies = {name: _policy(cls, raw[name], f"{path}.{name}") for name, cls in _POLICIES}
    aliases = _tuple(_str)(raw["aliases"], f"{path}.aliases")
    variant = Variant(name=_str(raw["name"], f"{path}.name"), aliases=aliases,
                      title=_str(raw["title"], f"{path}.title"), **policies)
    if variant.players < 2:
        raise _err(f"{path}.deal.players", "a deal needs at least two players")
    actual = variant.options()
    options = _obj(raw["options"], f"{path}.options", actual)
    for name, value in actual.items():
        written, wanted = options[name], _enc(value)
        if type(written) is not type(wanted) or written != wanted:
            raise _err(f"{path}.options.{name}", f"{_what(written)} disagrees with the "
                                                 f"policies, which say {json.dumps(wanted)}")
    return _intern(variant)


def _short_variant(raw: dict[str, Any], path: str) -> Variant:
    name = _str(raw["name"], f"{path}.name")
    try:
        preset = _variants.get(name)
    except ValueError:
        names = ", ".join(_variants.names())
        raise _err(f"{path}.name", f"unknown variant {name!r} (the presets are {names}; "
                                   "write every policy for another)") from None
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise _err(f"{path}.options", f"expected an object, got {_what(options)}")
    for key, value in options.items():
        if not isinstance(value, bool | int | str):
            raise _err(f"{path}.options.{key}", f"{_what(value)} is not an option value")
    try:
        return _intern(preset.with_options(**options))
    except ValueError as exc:
        raise _err(f"{path}.options", str(exc)) from None


# ---------------------------------------------------------------- checks


def _check_lengths(obj: Any, path: str, names: Iterable[str], n: int, what: str) -> None:
    for name in names:
        value = getattr(obj, name)
        if value is not None and len(value) != n:
            raise _err(f"{path}.{name}", f"holds {len(value)} entries, not one for each of "
                                         f"the {n} {what}")


def _check_player(value: int | None, path: str, players: int) -> None:
    if value is not None and not 0 <= value < players:
        raise _err(path, f"player {value} does not exist (the players are 0-{players - 1})")


def _per_side(cls: type[Any], per_player: set[str]) -> tuple[str, ...]:
    """The per-side number fields of ``cls``: its int tuples that are not per player."""
    return tuple(name for name, note in _fields(cls)
                 if note.startswith("tuple[int, ...]") and name not in per_player)


def _check_flow(s: State | Observation, path: str) -> None:
    """Stage, phase, turn and trick agree (shared by states and observations)."""
    variant = s.variant
    n = variant.players
    for name in ("dealer", "leader", "to_move", "last_winner"):
        _check_player(getattr(s, name), f"{path}.{name}", n)
    if s.phase not in (1, 2):
        raise _err(f"{path}.phase", f"{s.phase} is not a phase (1 or 2)")
    if not 0 <= s.window <= 15:
        raise _err(f"{path}.window", f"{s.window} is not a set of window flags (0-15)")
    if (s.stage is Stage.OVER) != (s.to_move is None):
        raise _err(f"{path}.to_move", f"{s.to_move} does not fit the stage {s.stage.value!r} "
                                      "(null exactly when the deal is over)")
    if not s.active or len(set(s.active)) != len(s.active):
        raise _err(f"{path}.active", "must list distinct players")
    for i, p in enumerate(s.active):
        _check_player(p, f"{path}.active[{i}]", n)
    if s.leader not in s.active:
        raise _err(f"{path}.leader", f"player {s.leader} is not among the active players")
    if s.stage in (Stage.DECLARE, Stage.GUESS) and (s.phase != 1 or s.trick):
        raise _err(f"{path}.stage", f"stage {s.stage.value!r} comes only between phase-1 "
                                    "tricks")
    if s.stage is Stage.GUESS and (not variant.deal.dealer_guess or s.tricks):
        raise _err(f"{path}.stage", "the dealer's packet is guessed only before the first "
                                    "trick of a variant with the dealer's guess (R9.4)")
    if s.stage is not Stage.PLAY and s.trick:
        raise _err(f"{path}.trick", f"no trick is under way at stage {s.stage.value!r}")
    if len(s.trick) >= len(s.active):
        raise _err(f"{path}.trick", f"holds {len(s.trick)} cards; a trick of "
                                    f"{len(s.active)} players is then complete")
    start = s.active.index(s.leader)
    for i, (p, _) in enumerate(s.trick):
        if p != s.active[(start + i) % len(s.active)]:
            raise _err(f"{path}.trick[{i}][0]", f"player {p} does not play in this turn")
    if s.stage is Stage.PLAY:
        expected = s.active[(start + len(s.trick)) % len(s.active)]
        if s.to_move != expected:
            raise _err(f"{path}.to_move", f"player {s.to_move} is not next to play "
                                          f"(player {expected} is)")
    if s.turn_up is not None:
        if not variant.deal.turn_up:
            raise _err(f"{path}.turn_up", f"{variant.name} has no turn-up card")
        if s.phase != 1:
            raise _err(f"{path}.turn_up", "the turn-up is taken before phase 2")
        if s.trump is not s.turn_up.suit:
            raise _err(f"{path}.trump", f"{_enc(s.trump)} contradicts the turn-up "
                                        f"{card_text(s.turn_up)}")
    for i, combo in enumerate(s.combos):
        where = f"{path}.combos[{i}]"
        _check_player(combo.player, f"{where}.player", n)
        if variant.sides[combo.player] != combo.side:
            raise _err(f"{where}.side", f"player {combo.player} is on side "
                                        f"{variant.sides[combo.player]}, not {combo.side}")


def _count(counts: Counter[Card], card: Card, packs: int, path: str) -> None:
    counts[card] += 1
    if counts[card] > packs:
        raise _err(path, f"copy {counts[card]} of {card_text(card)} is more than the {packs} "
                         f"pack{'s' if packs > 1 else ''} hold")


def _check_subset(part: tuple[Card, ...], whole: Iterable[Card], path: str, where: str) -> None:
    left = Counter(whole)
    for i, card in enumerate(part):
        if left[card] <= 0:
            raise _err(f"{path}[{i}]", f"{card_text(card)} is not in {where}")
        left[card] -= 1


_STATE_PER_PLAYER = {"hands", "table", "carte", "won", "exposed"}


def _check_state(s: State, path: str) -> None:
    variant = s.variant
    n = variant.players
    _check_lengths(s, path, _STATE_PER_PLAYER, n, "players")
    _check_lengths(s, path, _per_side(State, _STATE_PER_PLAYER | {"active"}),
                   variant.deal.side_count, "sides")
    _check_flow(s, path)
    for p, privilege in enumerate(s.carte):
        if not 0 <= privilege <= 3:
            raise _err(f"{path}.carte[{p}]", f"{privilege} is not a carte blanche state (0-3)")
    if s.phase == 2 and (s.stock or s.turn_up is not None or any(s.table)):
        raise _err(f"{path}.phase", "phase 2 begins when the stock is gone and the table "
                                    "cards are taken back into the hands")
    if s.phase == 1 and not s.stock and s.turn_up is None:
        raise _err(f"{path}.phase", "phase 1 lasts while the stock lasts")
    low, high = PACKET_RANGE
    if s.packet and not (variant.deal.dealer_guess and low <= s.packet <= high):
        raise _err(f"{path}.packet", f"{s.packet} is not a packet size of this variant "
                                     f"({low}-{high} with the dealer's guess, else 0)")
    if s.stage is Stage.GUESS and not s.packet:
        raise _err(f"{path}.packet", "the dealer has lifted no packet to guess")
    packs = variant.packs
    counts: Counter[Card] = Counter()
    for p, hand in enumerate(s.hands):
        if len(hand) + len(s.table[p]) > variant.hand_size:
            raise _err(f"{path}.hands[{p}]", f"player {p} holds {len(hand) + len(s.table[p])} "
                                             f"cards; the hand size is {variant.hand_size}")
        for i, card in enumerate(hand):
            _count(counts, card, packs, f"{path}.hands[{p}][{i}]")
    serials: set[int] = set()
    for name in ("table", "won"):
        for p, cards in enumerate(getattr(s, name)):
            for i, tc in enumerate(cards):
                if tc.serial in serials:
                    raise _err(f"{path}.{name}[{p}][{i}][1]", f"serial {tc.serial} is used twice")
                serials.add(tc.serial)
                if name == "table":
                    _count(counts, tc.card, packs, f"{path}.table[{p}][{i}][0]")
    for i, card in enumerate(s.stock):
        _count(counts, card, packs, f"{path}.stock[{i}]")
    if s.turn_up is not None:
        _count(counts, s.turn_up, packs, f"{path}.turn_up")
    for i, (_, card) in enumerate(s.trick):
        _count(counts, card, packs, f"{path}.trick[{i}][1]")
    for i, card in enumerate(s.played):
        _count(counts, card, packs, f"{path}.played[{i}]")
    total = sum(counts.values())
    if total != 32 * packs and s.seed is not None:
        missing = [card_text(c) for c in ALL_CARDS if counts[c] < packs]
        raise _err(path, f"the position holds {total} cards, but the deck of {packs} pack"
                         f"{'s' if packs > 1 else ''} has {32 * packs} (short of "
                         f"{' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''})")
    for p, cards in enumerate(s.exposed):
        _check_subset(cards, s.hands[p], f"{path}.exposed[{p}]", f"hand {p}")
    _check_subset(tuple(tc.card for cards in s.won for tc in cards), s.played, f"{path}.won",
                  "the cards played")


_OBSERVATION_PER_PLAYER = {"hand_sizes", "table", "exposed", "won"}


def _check_observation(o: Observation, path: str) -> None:
    variant = o.variant
    n = variant.players
    _check_player(o.player, f"{path}.player", n)
    _check_lengths(o, path, _OBSERVATION_PER_PLAYER, n, "players")
    _check_lengths(o, path, _per_side(Observation, _OBSERVATION_PER_PLAYER | {"active"}),
                   variant.deal.side_count, "sides")
    _check_flow(o, path)
    if not 0 <= o.carte <= 3:
        raise _err(f"{path}.carte", f"{o.carte} is not a carte blanche state (0-3)")
    if o.hand_sizes[o.player] != len(o.hand):
        raise _err(f"{path}.hand_sizes[{o.player}]", f"{o.hand_sizes[o.player]} is not the "
                                                     f"size of the hand ({len(o.hand)})")
    if o.turn_up is None and o.phase == 1 and o.stock_size == 0:
        raise _err(f"{path}.phase", "phase 1 lasts while the stock lasts")
    if o.to_move != o.player and o.legal_actions:
        raise _err(f"{path}.legal_actions", "a player sees legal actions only on his turn")
    _check_subset(o.exposed[o.player], o.hand, f"{path}.exposed[{o.player}]", "the hand")
    packs = variant.packs
    counts: Counter[Card] = Counter()
    for i, card in enumerate(o.hand):
        _count(counts, card, packs, f"{path}.hand[{i}]")
    for p, cards in enumerate(o.table):
        for i, tc in enumerate(cards):
            _count(counts, tc.card, packs, f"{path}.table[{p}][{i}][0]")
    for p, exposed in enumerate(o.exposed):
        if len(exposed) > o.hand_sizes[p]:
            raise _err(f"{path}.exposed[{p}]", f"player {p} holds only {o.hand_sizes[p]} cards")
        for i, card in enumerate(exposed if p != o.player else ()):
            _count(counts, card, packs, f"{path}.exposed[{p}][{i}]")
    if o.turn_up is not None:
        _count(counts, o.turn_up, packs, f"{path}.turn_up")
    for i, (_, card) in enumerate(o.trick):
        _count(counts, card, packs, f"{path}.trick[{i}][1]")
    for i, card in enumerate(o.played):
        _count(counts, card, packs, f"{path}.played[{i}]")
    total = (sum(o.hand_sizes) + sum(len(t) for t in o.table) + o.stock_size + len(o.trick)
             + len(o.played))
    if total != 32 * packs:
        raise _err(path, f"the hands, tables, stock and tricks hold {total} cards, but the "
                         f"deck has {32 * packs}")


def _check_deal_result(result: DealResult, path: str) -> None:
    sides = len(result.points)
    _check_lengths(result, path, ("breakdown", "brisque_counts"), sides, "sides")
    for i, (points, score) in enumerate(zip(result.points, result.breakdown, strict=True)):
        if points != score.total:
            raise _err(f"{path}.points[{i}]", f"{points} is not the breakdown's total "
                                              f"{score.total}")
    kinds = [kind for kind, _ in result.meld_counts]
    for i, (kind, count) in enumerate(result.meld_counts):
        if kind in kinds[:i] or count < 1:
            raise _err(f"{path}.meld_counts[{i}]", "each meld scored is counted once, "
                                                   "as a positive number")
    for name in ("tricks", "dealer"):
        if getattr(result, name) < 0:
            raise _err(f"{path}.{name}", "is negative")
    settled = result.settlement
    if settled is not None and settled.winner is not None and not 0 <= settled.winner < sides:
        raise _err(f"{path}.settlement.winner", f"side {settled.winner} does not exist")


def _check_game(game: Game, path: str) -> None:
    variant = game.variant
    sides = variant.deal.side_count
    if game.current.variant != variant:
        raise _err(f"{path}.current.variant", "differs from the game's variant")
    _check_lengths(game, path, ("totals",), sides, "sides")
    for i, deal in enumerate(game.deals):
        _check_lengths(deal, f"{path}.deals[{i}]", ("points",), sides, "sides")
        if deal.dealer != i % variant.players:
            raise _err(f"{path}.deals[{i}].dealer", f"deal {i} is dealt by player "
                                                    f"{i % variant.players}, not {deal.dealer}")
    if game.winner is not None and (not game.is_over or not 0 <= game.winner < sides):
        raise _err(f"{path}.winner", f"side {game.winner} cannot have won "
                                     f"{'this game' if game.is_over else 'a game under way'}")
    if game.is_over != game.current.is_over:
        raise _err(f"{path}.is_over", "a game is over exactly when its current deal is over")
    index = len(game.deals) - 1 if game.is_over else len(game.deals)
    if index < 0:
        raise _err(f"{path}.deals", "a finished game has at least one deal")
    if game.current.dealer != index % variant.players:
        raise _err(f"{path}.current.dealer", f"deal {index} is dealt by player "
                                             f"{index % variant.players}")
    if game.current.seed != derive_seed(game.seed, index):
        raise _err(f"{path}.current.seed", f"deal {index} of game seed {game.seed} is "
                                           f"shuffled with seed {derive_seed(game.seed, index)}")
    if not game.deals or game.deals[-1].settlement is None:
        sums = tuple(sum(d.points[i] for d in game.deals) for i in range(sides))
        if game.totals != sums:
            raise _err(f"{path}.totals", f"{list(game.totals)} are not the sums of the deals' "
                                         f"points {list(sums)}")


def _check_game_result(result: GameResult, path: str) -> None:
    if result.winner is not None and not 0 <= result.winner < len(result.totals):
        raise _err(f"{path}.winner", f"side {result.winner} does not exist")
    if result.deals < 0:
        raise _err(f"{path}.deals", "is negative")


def _checked(cls: type[Any], check: Callable[[Any, str], None]) -> Decoder:
    decode = _record(cls)

    def decode_checked(v: Any, path: str) -> Any:
        obj = decode(v, path)
        check(obj, path)
        return obj
    return decode_checked


# ---------------------------------------------------------------- the decoders


_STATE = _checked(State, _check_state)
_DEAL_RESULT = _checked(DealResult, _check_deal_result)
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
    "game": _checked(Game, _check_game),
    "observation": _checked(Observation, _check_observation),
    "deal_result": _DEAL_RESULT,
    "game_result": _checked(GameResult, _check_game_result),
}


def _decode_document(doc: Any) -> object:
    if not isinstance(doc, dict):
        raise _err("document", f"expected an object, got {_what(doc)}")
    if "schema" not in doc:
        raise _err("document", "missing field 'schema'")
    schema = doc["schema"]
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise _err("document.schema", f"expected a version number, got {_what(schema)}")
    if schema != SCHEMA:
        raise _err("document.schema", f"unknown schema version {schema} (this library reads "
                                      f"version {SCHEMA})")
    if "type" not in doc:
        raise _err("document", "missing field 'type'")
    kind = doc.pop("type")
    del doc["schema"]
    if kind == "variant":
        return _variant(doc, "variant")
    if isinstance(kind, str) and kind in _TOP:
        return _TOP[kind](doc, kind)
    if isinstance(kind, str) and kind in _ACTION_TYPES.values():
        return _action({"type": kind, **doc}, kind)
    names = ", ".join((*_TOP, "variant", *_ACTION_TYPES.values()))
    raise _err("document.type", f"{_what(kind)} is not a type (use one of {names})")
