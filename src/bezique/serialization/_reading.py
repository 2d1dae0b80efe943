"""Reading: :func:`from_json` and the decoder of every field type."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar, overload

from bezique import variants
from bezique._engine.hands import held_of, indexes_of
from bezique._engine.memo import fresh_cache
from bezique._engine.tricks import trick_indexes
from bezique.actions import Declare
from bezique.cards import a_noun
from bezique.errors import InvariantError, SerializationError
from bezique.game import Game, GameResult
from bezique.melds import MeldKind
from bezique.notation import meld_arity
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
    DOCUMENTS,
    SCHEMA,
    Decoder,
    describe,
    fault,
    written_fields,
)
from bezique.serialization._decoders import (
    _bool,
    _card,
    _carte,
    _enum,
    _int,
    _list,
    _nat,
    _obj,
    _opt,
    _pair,
    _suit,
    _tuple,
    _window,
)
from bezique.serialization._variant_reading import check_bound, read_variant
from bezique.state import Combination, Stage, State, TableCard, laid_of
from bezique.variants import Variant

_T = TypeVar("_T")



@overload
def from_json(text: str | bytes, expected: None = None, *,
              variant: Variant | str | None = None) -> object: ...
@overload
def from_json(text: str | bytes, expected: type[_T], *,
              variant: Variant | str | None = None) -> _T: ...


def from_json(text: str | bytes, expected: type[Any] | None = None, *,
              variant: Variant | str | None = None) -> object:
    """Read a document written by :func:`to_json`.

    Args:
        text: The JSON text.
        expected: If given, the type the document must hold (e.g. ``bz.State``).
        variant: If given, the variant the document must be of, for a document from
            outside (a save sent to a server). A :class:`~bezique.variants.Variant`
            binds it to exactly that variant: equal field by field, name, options (house
            rules) and all. A preset's name or alias (``"rubicon"``) binds it to that
            preset with any house rules: the document's variant carries the preset's name,
            and so its structure. A state, a game, an observation or a variant is checked
            (a game's current deal too); a document that holds no variant (an action, a
            result) is refused, as it cannot show that it is of ``variant``.

    Whatever ``variant`` says, a document whose variant carries a preset's name (or
    alias) must have that preset's structure (packs, players, hand size, sides, packets,
    turn-up, trump fixing, where melds come from, meld table, settlement), or the one it
    had in an earlier release (0.1.0's no-preset-trump, without a seven of trumps in its
    meld table, R5.1); its options may differ, as house rules do.

    Returns:
        The value: ``from_json(to_json(x)) == x``.

    Raises:
        SerializationError: naming the offending field, for malformed JSON, an
            unknown schema version or type, missing, unknown or mistyped fields,
            an unknown variant, a preset's name over another structure, a variant
            other than ``variant``, or an impossible position.
        VariantError: ``variant`` is a name no preset has.

    >>> from_json('{"schema": 1, "type": "exchange_seven", "card": "7H"}')
    ExchangeSeven(card=Card.parse('7♥'))
    >>> from_json('{"schema": 1, "type": "play", "card": "QX", "from_table": null}')
    Traceback (most recent call last):
    ...
    bezique.errors.SerializationError: play.card: 'QX' is not a card
    >>> import bezique as bz
    >>> text = bz.to_json(bz.new_deal(bz.variants.RUBICON, seed=1))
    >>> from_json(text, bz.State, variant="rubicon").variant.name
    'rubicon'
    >>> from_json(text, bz.State, variant=bz.variants.FOUR_HANDED)
    Traceback (most recent call last):
    ...
    bezique.errors.SerializationError: state.variant.name: the document's variant is ...
    """
    if variant is not None and not isinstance(variant, Variant | str):
        raise TypeError(f"variant must be a Variant or a preset's name, not "
                        f"{type(variant).__name__}")
    if isinstance(variant, str):
        variants.get(variant)  # an unknown name is the caller's error, raised first
    try:
        obj = _decode_document(_loads(text))
    except RecursionError:
        raise SerializationError("document: nested too deeply") from None
    if expected is not None and not isinstance(obj, expected):
        raise SerializationError(
            f"document: holds {a_noun(type(obj).__name__)}, not {a_noun(expected.__name__)}")
    if variant is not None:
        _check_variant(obj, variant)
    return obj


def _check_variant(obj: object, expected: Variant | str) -> None:
    """``obj``'s variant is ``expected`` (:func:`from_json`'s ``variant``)."""
    if isinstance(obj, Variant):
        check_bound(obj, expected, "variant")
        return
    kind = DOCUMENTS.get(type(obj)) or ACTION_TYPES.get(type(obj), "document")
    if not isinstance(obj, State | Game | Observation):
        raise fault("document.type", f"{a_noun(kind)} document names no variant; it cannot be "
                                     "bound to one (read it without variant=)")
    check_bound(obj.variant, expected, f"{kind}.variant")
    if isinstance(obj, Game):
        check_bound(obj.current.variant, expected, f"{kind}.current.variant")


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
        raise SerializationError(f"document: not UTF-8 text: {str(exc)[:120]}") from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise SerializationError(f"document: not readable JSON: {str(exc)[:120]}") from None



def _table_card(v: Any, path: str) -> TableCard:
    items = _list(v, path)
    if len(items) != 3:
        raise fault(path, f"a table card is [card, serial, used], not {len(items)} items")
    used = _nat(items[2], f"{path}[2]")
    if used > 31:
        raise fault(f"{path}[2]", f"{used} is not a set of meld classes (0-31)")
    return TableCard(_card(items[0], f"{path}[0]"), _nat(items[1], f"{path}[1]"), used)


_CARDS = _tuple(_card)
_INTS = _tuple(_int)


_ADDED_FIELDS: dict[str, Any] = {"announced": []}
"""Fields of states and observations added since schema 1 was first written, with the value
a document without them means (R13.7: no pending announcement): older documents still load."""


def _record(cls: type[Any]) -> Decoder:
    """The decoder of an object with exactly the fields of ``cls``, built by ``cls`` (a
    state's or observation's :data:`_ADDED_FIELDS` may be absent)."""
    added = cls in (State, Observation)

    def decode(v: Any, path: str) -> Any:
        if added and isinstance(v, dict) and "announced" not in v:
            v = {**v, **_ADDED_FIELDS}
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
        held = tuple(map(held_of, kwargs.pop("hands")))
        pile = indexes_of(kwargs.pop("stock"))
        played = indexes_of(kwargs.pop("played"))
        seen = tuple(map(held_of, kwargs.pop("exposed")))
        up = kwargs.pop("turn_up")
        try:  # the players of the trick follow from its leader (R2.4): checked here
            trick = trick_indexes(kwargs.pop("trick"), kwargs["leader"], kwargs["active"])
        except InvariantError as exc:
            raise fault(f"{path}.{exc.field}", exc.reason) from None
        return State(**kwargs, held=held, laid=laid_of(kwargs["table"]), pile=pile,
                     trick_indexes=trick, played_indexes=played, seen=seen,
                     turn_up_index=None if up is None else up.index, memo=fresh_cache())
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
    "Variant": read_variant,
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
        return read_variant(doc, "variant")
    if isinstance(kind, str) and kind in _TOP:
        return _TOP[kind](doc, kind)
    if isinstance(kind, str) and kind in ACTION_TYPES.values():
        return _action({"type": kind, **doc}, kind)
    names = ", ".join((*_TOP, "variant", *ACTION_TYPES.values()))
    raise fault("document.type", f"{describe(kind)} is not a type (use one of {names})")
