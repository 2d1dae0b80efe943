"""tools/build_compiled.py, the optional mypyc build (docs/performance.rst, "Compiled with
mypyc"): the modules it compiles exist and use nothing mypyc is known to refuse. Compiling
needs a C compiler, which the test gate does not install, so no test here compiles."""

from __future__ import annotations

from pathlib import Path

import pytest

import bezique
from scripts import load_script

build_compiled = load_script("tools/build_compiled.py")
PACKAGE = Path(bezique.__file__).resolve().parent
"""The package the tests import: the source tree, or the installed wheel (the package step
runs the sdist's tests with its ``src/`` removed)."""


def test_it_compiles_every_engine_module_and_the_greedy_bots_hot_ones() -> None:
    names = {str(m) for m in build_compiled.modules(PACKAGE)}
    engine = {str(p.relative_to(PACKAGE.parent)) for p in (PACKAGE / "_engine").rglob("*.py")
              if p.name != "__init__.py"}
    assert engine and engine <= names
    assert {"bezique/bots/_phase1.py", "bezique/bots/valuation.py", "bezique/bots/_layout.py",
            "bezique/bots/_tables.py"} <= names
    # interpreted: the public faces (their TypeError messages) and what mypyc refuses
    assert not names & {"bezique/cards.py", "bezique/state.py", "bezique/engine.py",
                        "bezique/bots/base.py", "bezique/bots/search.py"}


def test_every_module_it_compiles_exists_and_passes_the_static_checks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert build_compiled.check(PACKAGE) == []
    monkeypatch.setattr(build_compiled, "PACKAGE", PACKAGE)
    assert build_compiled.main(["--list"]) == 0


@pytest.mark.parametrize(("source", "found"), [
    ("import attrs\n@attrs.frozen\nclass A:\n    x: dict[int, int] = attrs.field(factory=dict)\n",
     "line 4: a factory default"),
    ("import attrs\n@attrs.define\nclass A:\n    x: list[int] = attrs.Factory(list)\n",
     "line 4: a Factory default"),
    ("from typing import TYPE_CHECKING\nclass A:\n    if TYPE_CHECKING:\n        x: int\n",
     "line 3: If statement in the body of class A"),
    ("from typing import Protocol, runtime_checkable\n@runtime_checkable\n"
     "class P(Protocol):\n    pass\n", "line 3: runtime_checkable class P"),
])
def test_the_checks_find_what_mypyc_refuses(source: str, found: str) -> None:
    assert build_compiled.problems(source) == [found]


def test_the_checks_pass_plain_classes_and_defaults() -> None:
    source = ("import attrs\n@attrs.frozen\nclass A:\n    '''Doc.'''\n    x: int = 0\n"
              "    y: int = attrs.field(default=1, eq=False)\n    def f(self) -> int:\n"
              "        return self.x\n")
    assert build_compiled.problems(source) == []
