"""Reading a variant: written whole (every policy field) or as a preset's name and options."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs

from bezique import variants as _variants
from bezique._variant import STRUCTURE
from bezique.errors import SerializationError, VariantError
from bezique.melds import MeldKind
from bezique.serialization._common import POLICIES, describe, fault
from bezique.serialization._decoders import _bool, _enum, _nat, _obj, _pair, _str, _tuple
from bezique.serialization._writing import encode
from bezique.variants import Variant

__all__ = ["VariantDocumentError", "check_bound", "read_variant"]


class VariantDocumentError(SerializationError, VariantError):
    """A variant document the rules refuse (a bound, a bad option): both a
    :class:`SerializationError` (the document is bad) and a :class:`VariantError`."""


def bad_variant(path: str, why: str) -> SerializationError:
    """The error for the variant at ``path``, refused for ``why``."""
    return VariantDocumentError(f"{path}: {why}")


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


_ADDED_POLICY_FIELDS: dict[str, Any] = {"announce_several": False}
"""Policy fields added since schema 1 was first written, with the value an older document
means: it was written before announcements existed (R13.7), so it reads, and replays, as
it was played."""


def _policy(cls: type[Any], v: Any, path: str) -> Any:
    fields = attrs.fields(cls)
    if isinstance(v, dict):
        added = {name: value for name, value in _ADDED_POLICY_FIELDS.items()
                 if name not in v and any(f.name == name for f in fields)}
        if added:
            v = {**v, **added}
    raw = _obj(v, path, (f.name for f in fields))
    kwargs = {f.name: _policy_field(f, raw[f.name], f"{path}.{f.name}") for f in fields}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise bad_variant(path, str(exc)) from None


_VARIANT_FIELDS = ("name", "title", "aliases", "options", *(name for name, _ in POLICIES))


_READ: dict[str, Variant] = {}
"""Variants already read, by their canonical JSON text (reading one is slow)."""


def read_variant(v: Any, path: str) -> Variant:
    """The variant document ``v`` found at ``path``."""
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
    try:
        variant = Variant(name=_str(raw["name"], f"{path}.name"), aliases=aliases,
                          title=_str(raw["title"], f"{path}.title"), **policies)
    except (TypeError, VariantError) as exc:
        raise bad_variant(path, str(exc)) from None
    if variant.players < 2:
        raise fault(f"{path}.deal.players", "a deal needs at least two players")
    actual = variant.options()
    written_options = raw["options"]
    if isinstance(written_options, dict):  # an older document lacks the added options
        written_options = {**{name: actual[name] for name in _ADDED_POLICY_FIELDS
                              if name in actual and name not in written_options},
                           **written_options}
    options = _obj(written_options, f"{path}.options", actual)
    for name, value in actual.items():
        written, wanted = options[name], encode(value)
        if type(written) is not type(wanted) or written != wanted:
            raise fault(f"{path}.options.{name}", f"{describe(written)} disagrees with the "
                                                 f"policies, which say {json.dumps(wanted)}")
    _check_preset_structure(variant, path)
    return _intern(variant)


def _preset_named(name: str) -> Variant | None:
    """The preset called ``name`` (a name or an alias, as :func:`bezique.variants.get`
    reads them), or ``None``."""
    try:
        return _variants.get(name)
    except VariantError:
        return None


_FORMER_STRUCTURE: dict[str, dict[str, tuple[Any, ...]]] = {
    "no-preset-trump": {"table": (tuple(
        row for row in _variants.NO_PRESET_TRUMP.melds.table
        if row[0] is not MeldKind.TRUMP_SEVEN),)},
}
"""Per preset, the values a structure field had in an earlier release, which a document
that release wrote still holds: 0.1.0's no-preset-trump had no seven of trumps in its meld
table (R5.1), so its documents load and replay with the rules they were dealt under."""


def _check_preset_structure(variant: Variant, path: str) -> None:
    """A variant under a preset's name has that preset's structure (:data:`STRUCTURE`),
    or the one an earlier release gave it (:data:`_FORMER_STRUCTURE`): only its options
    (house rules) may differ."""
    preset = _preset_named(variant.name)
    if preset is None:
        return
    former = _FORMER_STRUCTURE.get(preset.name, {})
    for policy_name, cls in POLICIES:
        for field in attrs.fields(cls):
            if field.name not in STRUCTURE:
                continue
            ours = getattr(getattr(variant, policy_name), field.name)
            theirs = getattr(getattr(preset, policy_name), field.name)
            if ours != theirs and ours not in former.get(field.name, ()):
                raise fault(f"{path}.{policy_name}.{field.name}",
                            f"{json.dumps(encode(ours))} is not {preset.name}'s "
                            f"({json.dumps(encode(theirs))}): a variant named {variant.name!r} "
                            f"has {preset.name}'s structure (house rules change options "
                            f"only); give another composition a name of its own")


def _first_difference(variant: Variant, expected: Variant, path: str) -> str:
    """The path and values of the first field where ``variant`` differs from ``expected``."""
    if variant.name != expected.name:
        return f"{path}.name: the document's variant is {variant.name!r}, not {expected.name!r}"
    for policy_name, cls in POLICIES:
        for field in attrs.fields(cls):
            ours = getattr(getattr(variant, policy_name), field.name)
            theirs = getattr(getattr(expected, policy_name), field.name)
            if ours != theirs:
                return (f"{path}.{policy_name}.{field.name}: {json.dumps(encode(ours))}, "
                        f"where the expected {expected.name} has {json.dumps(encode(theirs))}")
    for name in ("title", "aliases"):
        if getattr(variant, name) != getattr(expected, name):
            return (f"{path}.{name}: {json.dumps(encode(getattr(variant, name)))}, where the "
                    f"expected variant has {json.dumps(encode(getattr(expected, name)))}")
    return f"{path}: differs from the expected variant"  # pragma: no cover - equal fields


def check_bound(variant: Variant, expected: Variant | str, path: str) -> None:
    """``variant``, read at ``path``, is the one expected: equal to a :class:`Variant`
    given (house rules included), or of the preset named (any house rules).

    Raises:
        SerializationError: naming the first field that differs.
    """
    if isinstance(expected, Variant):
        if variant != expected:
            raise SerializationError(f"{_first_difference(variant, expected, path)} "
                                     "(the document is of another variant)")
        return
    preset = _variants.get(expected)
    if _preset_named(variant.name) is not preset:
        raise fault(f"{path}.name", f"the document's variant is {variant.name!r}, not "
                                   f"{preset.name!r} (the document is of another variant)")


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
        raise bad_variant(f"{path}.options", str(exc)) from None
