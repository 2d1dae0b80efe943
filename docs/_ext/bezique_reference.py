"""Sphinx extension: the API reference covers ``bezique.__all__``, and its names link.

The reference has one page per public module, where :mod:`sphinx.ext.autodoc` documents
each name under the module that holds it (``bezique.state.State``). This extension:

* warns, for every name of ``bezique.__all__`` that no page documents, that it is missing
  (checked once every page is read; ``-W`` makes the warning fail the build), so a name
  added to ``__all__`` must be added to the reference;
* resolves a cross-reference to any other name of a documented object to the entry that
  documents it: ``:class:`bezique.State``` and the type hint ``bezique._variant.Variant``
  link to ``bezique.state.State`` and ``bezique.variants.Variant``, and a short name in a
  docstring (``:class:`IllegalActionError``` in :mod:`bezique.engine`) to what its module
  or ``bezique`` means by it;
* leaves the internal fields of :class:`bezique.state.State` (``INTERNAL_FIELDS``) out of
  its signature and of the types listed under it, as ``docs/api/state.rst`` leaves them
  out of its members (``docs/api/internals.rst`` describes them);
* shows a public class whose base is internal (:class:`bezique.Observation`, built on the
  engine's ``Viewpoint``) as based on ``object`` (``INTERNAL_BASES``);
* gives the directive ``.. bezique-public-names::``, a table of ``bezique.__all__``, each
  name linking to its entry, with the first line of its docstring.
"""

from __future__ import annotations

import inspect
import pkgutil
import sys
import types
from collections.abc import Iterable
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import bezique

logger = logging.getLogger(__name__)

_PLAIN = (int, float, str, bytes, bool, tuple, type(None))
"""Values that several names may share by coincidence: never matched by identity."""

_MISSING = object()

INTERNAL_FIELDS = {"bezique.state.State": ("held", "laid", "pile", "turn_up_index",
                                           "trick_indexes", "played_indexes", "seen", "combos",
                                           "carte", "packet", "memo")}
"""Per documented class, the fields that are the engine's bookkeeping, not the API."""

INTERNAL_BASES = ("bezique.engine.Viewpoint",)
"""Internal classes a public class derives from, shown as ``object`` in its "Bases:" line."""


def _resolve(name: str) -> object:
    """The object ``name`` names (a method's function, not a bound method), or ``_MISSING``."""
    try:
        obj = pkgutil.resolve_name(name)
    except Exception:  # any name the reference may hold; an unimportable one matches nothing
        return _MISSING
    return getattr(obj, "__func__", obj)


def documented_names(env: BuildEnvironment) -> set[str]:
    """The full names of the modules and Python objects the reference documents."""
    domain: Any = env.get_domain("py")
    return set(domain.objects) | set(domain.modules)


def missing_names(documented: Iterable[str]) -> list[str]:
    """The names of ``bezique.__all__`` that no documented name holds.

    A name is documented as ``bezique.NAME`` or under any other name that resolves to the
    same object (``bezique.state.State`` for ``State``).
    """
    documented = set(documented)
    found = {id(_resolve(name)) for name in documented}
    missing = []
    for name in bezique.__all__:
        obj = getattr(bezique, name)
        if f"bezique.{name}" in documented:
            continue
        if isinstance(obj, _PLAIN) or id(obj) not in found:
            missing.append(name)
    return missing


def _check_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    for name in missing_names(documented_names(env)):
        logger.warning("bezique.%s is in bezique.__all__ but no page of the API reference "
                       "documents it (docs/api/)", name)


def _index(env: BuildEnvironment) -> dict[int, str]:
    """Documented object's id -> the name that documents it (built once per build)."""
    cached: dict[int, str] | None = getattr(env, "_bezique_reference_index", None)
    if cached is None:
        cached = {}
        for name in sorted(documented_names(env), key=lambda n: (n.count("."), n)):
            obj = _resolve(name)
            if obj is not _MISSING and not isinstance(obj, _PLAIN):
                cached.setdefault(id(obj), name)
        env._bezique_reference_index = cached  # type: ignore[attr-defined]
    return cached


def _resolve_alias(app: Sphinx, env: BuildEnvironment, node: pending_xref,
                   contnode: nodes.TextElement) -> nodes.Element | None:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".")
    module, cls = node.get("py:module"), node.get("py:class")
    # the name as written, then as the docstring's module sees it (``IllegalActionError``
    # in bezique.engine), then as ``bezique`` exports it
    candidates = [target]
    if module and cls:
        candidates.append(f"{module}.{cls}.{target}")
    if module:
        candidates.append(f"{module}.{target}")
    candidates.append(f"bezique.{target}")
    index = _index(env)
    for candidate in candidates:
        obj = _resolve(candidate)
        if obj is _MISSING or isinstance(obj, _PLAIN):
            continue
        name = index.get(id(obj))
        if name is None or name == target:
            continue
        domain: Any = env.get_domain("py")
        resolved: nodes.Element | None = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], name, node, contnode)
        if resolved is not None:
            return resolved
    return None


def _docstring(name: str, obj: object) -> str:
    """The docstring of a public name: its own, or the one under its assignment."""
    if name == "__version__":
        return f"The version of the installed library (``{obj}``)."
    if isinstance(obj, type | types.FunctionType | types.ModuleType):
        return inspect.getdoc(obj) or ""
    for module in [m for key, m in sorted(sys.modules.items()) if key.startswith("bezique")]:
        if getattr(module, name, _MISSING) is obj:
            attr_docs = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
            if ("", name) in attr_docs:
                return "\n".join(attr_docs[("", name)])
    return ""


def _hide_internal_fields(app: Sphinx, what: str, name: str, obj: object, options: object,
                          signature: str | None,
                          return_annotation: str) -> tuple[str | None, str] | None:
    hidden = INTERNAL_FIELDS.get(name)
    if not hidden:
        return None
    document = getattr(app.env, "current_document", None)  # Sphinx 9; before: temp_data
    store = getattr(document, "autodoc_annotations", None)
    if store is None:
        store = app.env.temp_data.get("annotations", {})
    for field in hidden:
        store.get(name, {}).pop(field, None)
    if signature and ":" not in signature:  # names only (autodoc_typehints = description)
        kept = [p for p in signature.strip("()").split(", ") if p not in hidden]
        signature = "(" + ", ".join(kept) + ")"
    return signature, return_annotation


def _hide_internal_bases(app: Sphinx, name: str, obj: object, options: object,
                         bases: list[object]) -> None:
    internal = {id(_resolve(base)) for base in INTERNAL_BASES}
    bases[:] = [object if id(base) in internal else base for base in bases]


class PublicNames(SphinxDirective):
    """``.. bezique-public-names::``: a table of ``bezique.__all__``."""

    def run(self) -> list[nodes.Node]:
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 30 70", "",
                 "   * - name", "     - what it is"]
        for name in bezique.__all__:
            obj = getattr(bezique, name)
            summary = _docstring(name, obj).strip().split("\n\n", 1)[0].replace("\n", " ")
            lines += [f"   * - :py:obj:`bezique.{name}`", f"     - {summary}"]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="bezique-public-names"),
                                self.content_offset, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the coverage check, the alias resolution and the directive."""
    app.connect("env-check-consistency", _check_coverage)
    app.connect("missing-reference", _resolve_alias)
    # after autodoc records the type hints (priority 500), before it renders them
    app.connect("autodoc-process-signature", _hide_internal_fields, priority=600)
    app.connect("autodoc-process-bases", _hide_internal_bases)
    app.add_directive("bezique-public-names", PublicNames)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": False}
