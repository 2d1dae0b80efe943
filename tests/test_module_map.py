"""The drawing of the house matches the code: the README's module map (issue 29).

The map is the code block under ``## Module map`` in ``README.md``. An entry is a line
indented by two spaces that starts with one or more names separated by ``", "``, each a
path under ``src/bezique/``: a module (``engine.py``, ``_engine/steps.py``) or a package or
data directory (ending in ``/``). Lines indented further continue the previous entry's
description; lines not indented are headings.

The rules checked here:

* every name in the map exists under ``src/bezique/`` (a ``.py`` name is a file, a ``/``
  name a directory);
* every module under ``src/bezique/`` is covered: named itself, or inside a package the
  map names **as a whole**. A package is named as a whole when the map names it and names
  nothing inside it (``bots/``); a package whose modules the map names (``_engine/``,
  ``_engine/melds/``) is opened, and then each of its modules must be named. Left out of
  the rule: a subpackage's ``__init__.py`` (it belongs to its package; the top-level
  ``__init__.py`` is named) and files that are not ``.py`` (``py.typed``, the catalogs
  under ``locale/``, which the map names as a directory);
* the map's order agrees with the import-linter layers of ``pyproject.toml``: the map
  lists the highest layer first, so of two entries that are layers (or inside a layer
  package), the upper one is in the same or a higher layer. Entries that are no layer
  (``__main__.py``, ``locale/``) are not ordered by this.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

import bezique

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(bezique.__file__).resolve().parent
"""The package the tests import: the source tree, or the installed wheel (the package step
runs the sdist's tests with its ``src/`` removed)."""
README = ROOT / "README.md"
PYPROJECT = ROOT / "pyproject.toml"

_ENTRY = re.compile(r"^  ([\w./]+(?:, [\w./]+)*)(?: +\S.*)?$")


@dataclass(frozen=True)
class Entry:
    """One line of the map: its names, and its line number in the map's code block."""

    line: int
    names: tuple[str, ...]


def map_block(readme: str) -> str:
    """The code block under the ``## Module map`` heading."""
    section = readme.split("\n## Module map\n", 1)
    assert len(section) == 2, "README.md has no '## Module map' section"
    block = re.search(r"^```\n(.*?)^```", section[1], flags=re.S | re.M)
    assert block is not None, "the module map section has no code block"
    return block.group(1)


def parse_map(block: str) -> list[Entry]:
    """The map's entries in order, top first."""
    entries = []
    for number, text in enumerate(block.splitlines(), start=1):
        found = _ENTRY.match(text)
        if found:
            entries.append(Entry(number, tuple(found.group(1).split(", "))))
    return entries


def _named(entries: list[Entry]) -> list[str]:
    return [name for entry in entries for name in entry.names]


def missing_names(entries: list[Entry], src: Path) -> list[str]:
    """Names in the map that are not a module (``.py``) or a directory (``/``) under src."""
    wrong = []
    for name in _named(entries):
        path = src / name
        ok = path.is_dir() if name.endswith("/") else name.endswith(".py") and path.is_file()
        if not ok:
            wrong.append(name)
    return wrong


def _modules(src: Path) -> list[str]:
    return sorted(
        path.relative_to(src).as_posix()
        for path in src.rglob("*.py")
        if path.name != "__init__.py" or path.parent == src
    )


def uncovered_modules(entries: list[Entry], src: Path) -> list[str]:
    """Modules under src neither named nor inside a package the map names as a whole."""
    names = _named(entries)
    modules = {name for name in names if name.endswith(".py")}
    opened = {name for name in names for other in names if other != name and other.startswith(name)}
    wholes = [name for name in names if name.endswith("/") and name not in opened]

    def covered(module: str) -> bool:
        return module in modules or any(module.startswith(whole) for whole in wholes)

    return [module for module in _modules(src) if not covered(module)]


def _layers(pyproject: str) -> list[list[str]]:
    config = tomllib.loads(pyproject)["tool"]["importlinter"]
    contracts = [c for c in config["contracts"] if c["type"] == "layers"]
    assert len(contracts) == 1, "expected one layers contract in [tool.importlinter]"
    root = config["root_package"]
    return [
        [name.strip().removeprefix(root + ".") for name in layer.split("|")]
        for layer in contracts[0]["layers"]
    ]


def _dotted(name: str) -> str:
    return name.removesuffix("/").removesuffix(".py").replace("/", ".")


def _layer_of(name: str, layers: list[list[str]]) -> int | None:
    dotted = _dotted(name)
    for index, layer in enumerate(layers):
        if any(dotted == module or dotted.startswith(module + ".") for module in layer):
            return index
    return None


def misordered(entries: list[Entry], pyproject: str) -> list[str]:
    """Entries the map lists below an entry of a lower import-linter layer."""
    layers = _layers(pyproject)
    wrong = []
    highest: tuple[int, str] | None = None  # the lowest layer met so far, and its name
    for name in _named(entries):
        layer = _layer_of(name, layers)
        if layer is None:
            continue
        if highest is not None and layer < highest[0]:
            wrong.append(
                f"{name} (layer {layer}) is listed below {highest[1]} (layer {highest[0]})"
            )
        else:
            highest = (layer, name)
    return wrong


def _readme_entries() -> list[Entry]:
    return parse_map(map_block(README.read_text(encoding="utf-8")))


def test_the_map_parses_into_entries() -> None:
    entries = _readme_entries()
    assert len(entries) >= 40
    assert ("results.py", "referee.py") in [entry.names for entry in entries]
    assert all(name.endswith((".py", "/")) for name in _named(entries))


def test_every_name_in_the_map_exists() -> None:
    assert missing_names(_readme_entries(), SRC) == []


def test_every_module_is_in_the_map() -> None:
    assert uncovered_modules(_readme_entries(), SRC) == []


def test_no_module_is_named_twice() -> None:
    names = _named(_readme_entries())
    assert sorted({name for name in names if names.count(name) > 1}) == []


def test_the_map_lists_the_import_layers_top_down() -> None:
    assert misordered(_readme_entries(), PYPROJECT.read_text(encoding="utf-8")) == []


def test_the_order_check_sees_every_layer_the_map_names() -> None:
    layers = _layers(PYPROJECT.read_text(encoding="utf-8"))
    placed = [name for name in _named(_readme_entries()) if _layer_of(name, layers) is not None]
    assert "_engine/declaring.py" in placed
    assert "bots/" in placed
    assert len(placed) >= 45


# --- the checks catch a stale map ------------------------------------------------------

_PLANTED = """\
src/bezique/       what it holds
  __init__.py      the public names
  sub/             a package named as a whole
  gone.py          a module that was removed
  _inner/          an opened package:
  _inner/a.py      one of its modules
  errors.py, cards.py
                   a continuation line, not an entry
"""


@pytest.fixture
def planted_src(tmp_path: Path) -> Path:
    for module in ("__init__.py", "errors.py", "cards.py", "new.py", "sub/__init__.py", "sub/x.py"):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("", encoding="utf-8")
    for module in ("_inner/__init__.py", "_inner/a.py", "_inner/b.py"):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("", encoding="utf-8")
    return tmp_path


def test_a_stale_map_names_a_module_that_is_gone(planted_src: Path) -> None:
    assert missing_names(parse_map(_PLANTED), planted_src) == ["gone.py"]


def test_a_stale_map_misses_a_new_module(planted_src: Path) -> None:
    # new.py is not named; _inner/b.py is not, and _inner/ is opened (its a.py is named);
    # sub/x.py is covered by sub/, named as a whole; the subpackages' __init__.py are left out
    assert uncovered_modules(parse_map(_PLANTED), planted_src) == ["_inner/b.py", "new.py"]


_PLANTED_LAYERS = """\
[tool.importlinter]
root_package = "bezique"
[[tool.importlinter.contracts]]
name = "layers"
type = "layers"
layers = ["bezique.engine", "bezique.state | bezique.cards", "bezique.errors"]
"""


def test_a_map_out_of_layer_order_is_caught() -> None:
    good = "  engine.py  x\n  cards.py  x\n  state.py  x\n  __main__.py  no layer\n  errors.py  x\n"
    bad = "  engine.py  x\n  errors.py  x\n  state.py  x\n"
    assert misordered(parse_map(good), _PLANTED_LAYERS) == []
    assert misordered(parse_map(bad), _PLANTED_LAYERS) == [
        "state.py (layer 1) is listed below errors.py (layer 2)"
    ]
