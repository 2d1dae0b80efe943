"""Sphinx extension: an option's default in each preset, read from the code.

The page that traces the seeds (``docs/seeds.rst``) names, for each statement, the option
that implements it and its default in every preset. The defaults are rendered from
:mod:`bezique.variants` when the documentation is built, so the page cannot drift from
the code; a name that is neither an option nor a field of a policy fails the build.

``:bezique-defaults:`OPTION```
    The default of ``OPTION`` in every preset where it applies
    (``Variant.options()``), grouped by value: ``1000``: two-pack, ...; ``2000``: ...
    A policy field that is not an option (``packs``, ``hand_size``, ``packets``,
    ``turn_up``, ``source``, ...) is shown for every preset.

``:bezique-defaults:`OPTION: PRESET, PRESET```
    The same, for the named presets only (names or aliases, as
    :func:`bezique.variants.get` takes them).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx

from bezique import variants as presets
from bezique.errors import VariantError

_POLICIES = ("deck", "deal", "trump", "legality", "melds", "scoring")


def _text(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)


def _field(variant: presets.Variant, name: str) -> tuple[bool, Any]:
    """``(found, value)`` of the policy field ``name`` of ``variant``."""
    for policy_name in _POLICIES:
        policy = getattr(variant, policy_name)
        if name in attrs.fields_dict(type(policy)):
            return True, getattr(policy, name)
    return False, None


def defaults(name: str, chosen: tuple[presets.Variant, ...]) -> list[tuple[str, list[str]]]:
    """``[(value, [preset names])]`` for ``name`` in the ``chosen`` presets, in first-seen
    order; an option that does not apply to a preset leaves that preset out.

    Raises:
        ValueError: ``name`` is no policy field, or applies to none of ``chosen``.
    """
    is_option = any(name in variant.options() for variant in presets.ALL)
    groups: dict[str, list[str]] = {}
    for variant in chosen:
        found, value = _field(variant, name)
        if not found:
            raise ValueError(f"{name!r} is neither an option nor a policy field")
        if is_option and name not in variant.options():
            continue
        groups.setdefault(_text(value), []).append(variant.name)
    if not groups:
        raise ValueError(f"option {name!r} applies to none of "
                         f"{', '.join(v.name for v in chosen)}")
    return list(groups.items())


def _parse(text: str) -> tuple[str, tuple[presets.Variant, ...]]:
    name, _, rest = text.partition(":")
    names = [part.strip() for part in rest.split(",") if part.strip()]
    try:
        chosen = tuple(presets.get(n) for n in names) if names else presets.ALL
    except VariantError as error:
        raise ValueError(str(error)) from None
    return name.strip(), chosen


def defaults_role(name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
                  options: dict[str, Any] | None = None, content: list[str] | None = None
                  ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:bezique-defaults:`option[: preset, ...]```: the option and its default per preset."""
    try:
        option, chosen = _parse(text)
        groups = defaults(option, chosen)
    except ValueError as error:
        message = inliner.reporter.error(f"bezique-defaults: {error}", line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    children: list[nodes.Node] = [nodes.literal(text=option), nodes.Text(" = ")]
    for i, (value, names) in enumerate(groups):
        if i:
            children.append(nodes.Text("; "))
        children.append(nodes.literal(text=value))
        children.append(nodes.Text(f" ({', '.join(names)})"))
    return [nodes.inline(rawtext, "", *children)], []


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the role."""
    app.add_role("bezique-defaults", defaults_role)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
