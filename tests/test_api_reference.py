"""The API reference (``docs/api.rst`` and one page per public module under ``docs/api/``)
documents every name of ``bezique.__all__``, keeps the internal ``State`` fields out, and
builds with the ``docs`` extra alone.

The pages' autodoc directives are read here the way :mod:`sphinx.ext.autodoc` reads them
(an ``automodule`` documents the module's ``__all__``, or else what the module defines,
less ``:exclude-members:``), so a name added to ``__all__`` fails this test until a page
documents it. The docs build checks the same on the built reference
(``docs/_ext/bezique_reference.py``), as a warning that ``-W`` turns into an error.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import bezique as bz
from bezique import state as state_module

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)
INTERNAL_STATE_FIELDS = ("held", "laid", "pile", "turn_up_index", "trick_indexes",
                         "played_indexes", "seen", "combos", "carte", "packet", "memo")

_DIRECTIVE = re.compile(r"^\.\. auto(module|class|function|data|exception):: (\S+)\s*$")
_OPTION = re.compile(r"^\s+:([\w-]+):\s*(.*)$")


@dataclass
class Directive:
    kind: str
    target: str
    options: dict[str, str] = field(default_factory=dict)


def directives(text: str) -> list[Directive]:
    """The autodoc directives of a page, with their options."""
    found: list[Directive] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        directive = Directive(match.group(1), match.group(2))
        for option in lines[i + 1:]:
            opt = _OPTION.match(option)
            if not opt:
                break
            directive.options[opt.group(1)] = opt.group(2)
        found.append(directive)
    return found


def _names(option: str) -> set[str]:
    return {name.strip() for name in option.split(",") if name.strip()}


def module_members(module: types.ModuleType, options: dict[str, str]) -> dict[str, object]:
    """What ``.. automodule::`` documents of ``module`` with these options (members with a
    docstring: the reference shows no undocumented member)."""
    if "no-members" in options:
        return {}
    if options.get("members"):
        names = _names(options["members"])
    elif hasattr(module, "__all__"):
        names = set(module.__all__)
    else:
        names = {name for name, obj in vars(module).items() if not name.startswith("_")
                 and getattr(obj, "__module__", None) == module.__name__}
    names -= _names(options.get("exclude-members", ""))
    return {name: getattr(module, name) for name in names}


def documented() -> tuple[set[int], set[str]]:
    """The ids of the objects the pages document, and the names of their modules."""
    objects: set[int] = set()
    modules: set[str] = set()
    for page in PAGES:
        for directive in directives(page.read_text(encoding="utf-8")):
            if directive.kind == "module":
                module = importlib.import_module(directive.target)
                modules.add(directive.target)
                objects.update(id(obj) for obj in module_members(module,
                                                                 directive.options).values())
            else:
                objects.add(id(pkgutil.resolve_name(directive.target)))
    return objects, modules


def undocumented_public_names() -> list[str]:
    objects, modules = documented()
    missing = []
    for name in bz.__all__:
        obj = getattr(bz, name)
        if isinstance(obj, types.ModuleType):
            ok = obj.__name__ in modules
        elif isinstance(obj, str):  # __version__: only an explicit directive documents it
            ok = any(d.target == f"bezique.{name}" for page in PAGES
                     for d in directives(page.read_text(encoding="utf-8")))
        else:
            ok = id(obj) in objects
        if not ok:
            missing.append(name)
    return missing


def test_every_public_name_is_documented() -> None:
    assert undocumented_public_names() == []


def test_a_name_missing_from_the_pages_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bz, "__all__", [*bz.__all__, "json_helper"], raising=True)
    monkeypatch.setattr(bz, "json_helper", lambda: None, raising=False)
    assert undocumented_public_names() == ["json_helper"]


def test_the_directive_reader() -> None:
    text = (".. automodule:: bezique.game\n   :exclude-members: advance\n\nText.\n\n"
            ".. autofunction:: bezique.engine.apply\n")
    found = directives(text)
    assert found == [Directive("module", "bezique.game", {"exclude-members": "advance"}),
                     Directive("function", "bezique.engine.apply")]
    import bezique.game

    members = module_members(bezique.game, found[0].options)
    assert "advance" not in members and "new_game" in members and "State" not in members


def test_one_page_per_public_module() -> None:
    api = (DOCS / "api.rst").read_text(encoding="utf-8")
    pages = re.findall(r"^   (api/\w+)$", api, flags=re.MULTILINE)
    assert len(pages) == len(set(pages)) >= 20
    for page in pages:
        assert (DOCS / f"{page}.rst").is_file(), page
    _, modules = documented()
    for name in ("bezique.cards", "bezique.state", "bezique.engine", "bezique.errors",
                 "bezique.observation", "bezique.serialization", "bezique.simulation",
                 "bezique.testing", "bezique.encoding", "bezique.adapters.pettingzoo"):
        assert name in modules, name


def test_internal_state_fields_stay_out_of_the_public_reference() -> None:
    for name in INTERNAL_STATE_FIELDS:
        assert name in bz.State._fields  # the fields exist; the reference leaves them out
    state_page = directives((DOCS / "api" / "state.rst").read_text(encoding="utf-8"))
    (documented_state,) = [d for d in state_page if d.target == "bezique.state.State"]
    excluded = _names(documented_state.options.get("exclude-members", ""))
    assert documented_state.kind == "class" and set(INTERNAL_STATE_FIELDS) <= excluded
    assert state_module.State is bz.State
    # the class docstring's "Attributes:" section lists the public fields only
    doc = inspect.cleandoc(bz.State.__doc__ or "")  # Python 3.13 dedents docstrings itself
    attributes = doc.split("Attributes:", 1)[1]
    listed = set(re.findall(r"^    (\w+):", attributes, flags=re.MULTILINE))
    assert listed and not listed & set(INTERNAL_STATE_FIELDS)
    assert listed | set(INTERNAL_STATE_FIELDS) == set(bz.State._fields)
    # the build leaves them out of State's signature and the types listed under it too
    hidden = _reference_extension().INTERNAL_FIELDS["bezique.state.State"]
    assert hidden == INTERNAL_STATE_FIELDS
    internals = (DOCS / "api" / "internals.rst").read_text(encoding="utf-8")
    for name in INTERNAL_STATE_FIELDS:
        assert f"``{name}``" in internals, name


def _third_party_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n != "bezique"}


def test_the_docs_build_needs_no_optional_dependency() -> None:
    # pip install -e '.[docs]' alone builds the docs: what the package imports beyond its
    # own dependencies (attrs, typing_extensions) is mocked for autodoc
    conf = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    mocks: set[str] = set()
    for node in conf.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "autodoc_mock_imports" for t in node.targets):
            mocks = set(ast.literal_eval(node.value))
    imported = set().union(*(_third_party_imports(p)
                             for p in (ROOT / "src" / "bezique").rglob("*.py")))
    assert imported - {"attrs", "typing_extensions"} <= mocks
    assert {"numpy", "pettingzoo", "pyspiel"} <= mocks


def _reference_extension() -> types.ModuleType:
    """``docs/_ext/bezique_reference.py``, the docs build's side of these checks."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("bezique_reference")
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def test_the_build_check_finds_undocumented_names() -> None:
    reference = _reference_extension()
    assert reference.missing_names([]) == list(bz.__all__)
    everything = [f"bezique.{name}" for name in bz.__all__]
    assert reference.missing_names(everything) == []
    # a name documented under its module counts; a plain value needs its own entry
    others = [n for n in everything if n not in ("bezique.State", "bezique.__version__")]
    assert reference.missing_names([*others, "bezique.state.State"]) == ["__version__"]



# Pages that list their module's names one by one, so that what a program calls comes
# first: the page, its module, the names that open it, and the names it leaves out.
ORDERED_PAGES = {
    "engine.rst": ("bezique.engine", ["apply", "legal_actions", "check_action", "is_legal",
                                      "new_deal", "setup", "forced_action"], set()),
    # LEVEL_NAMES is a tuple with no docstring under bezique.bots (autodoc would show
    # tuple's own), as before the page listed its names
    "bots.rst": ("bezique.bots", ["Bot", "RandomBot", "GreedyBot", "SearchBot", "level"],
                 {"LEVEL_NAMES"}),
    "cards.rst": ("bezique.cards", ["Card", "Suit", "Rank"], set()),
    "state.rst": ("bezique.state", ["State", "Stage"], set()),
    "notation.rst": ("bezique.notation", ["parse_action", "format_action"], set()),
    "testing.rst": ("bezique.testing", ["check_state", "check_transition", "random_sim_test"],
                    set()),
    "solver.rst": ("bezique.solver", ["solve"], set()),
    # the errors are documented with the others, in bezique.errors
    "simulation.rst": ("bezique.simulation", ["simulate", "SimulationResult"],
                       {"InvariantError", "SimulationError"}),
}


@pytest.mark.parametrize("page", sorted(ORDERED_PAGES))
def test_a_page_opens_with_what_a_program_calls(page: str) -> None:
    """The page documents its module's ``__all__`` (less what it leaves out, on purpose),
    the names a program calls first."""
    name, first, left_out = ORDERED_PAGES[page]
    module = importlib.import_module(name)
    found = directives((DOCS / "api" / page).read_text(encoding="utf-8"))
    assert found[0] == Directive("module", name, {"no-members": ""})
    names = [d.target.removeprefix(f"{name}.") for d in found
             if d.kind != "module" and d.target.rsplit(".", 1)[0] == name]
    assert names[:len(first)] == first
    assert len(names) == len(set(names))
    assert set(names) | left_out == set(module.__all__)


def test_the_engine_internals_are_in_no_public_list() -> None:
    """``Rules``, ``Viewpoint``, ``rules_of`` and ``apply_unchecked`` are the engine's own;
    they still import, for the library's own modules (and ``bz.apply_unchecked`` for code
    written for 0.2.0)."""
    import bezique.engine as engine

    for name in ("Rules", "Viewpoint", "apply_unchecked", "rules_of"):
        assert name not in engine.__all__ and name not in bz.__all__, name
        assert hasattr(engine, name), name
    assert bz.apply_unchecked is engine.apply_unchecked
