"""The house keeps its shape: module and function sizes within the limits the code meets.

Import direction is checked by import-linter (``lint-imports``, the architecture step of
``tools/check.py``) and complexity by ruff (``C901``, ``PLR0912``, ``PLR0915``); the two
sizes below have no rule in either tool, so they are measured here with :mod:`ast`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "bezique"
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60
MODULES = sorted(SRC.rglob("*.py"))


def _body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines of a function from its ``def`` to its end, the docstring left out."""
    assert node.end_lineno is not None
    lines = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        assert first.end_lineno is not None
        lines -= first.end_lineno - first.lineno + 1
    return lines


def _name(path: Path) -> str:
    return str(path.relative_to(SRC)) if path.is_relative_to(SRC) else path.name


def _long_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{_name(path)}:{node.lineno} {node.name} ({_body_lines(node)} lines)"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and _body_lines(node) > MAX_FUNCTION_LINES
    ]


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    path = tmp_path / "long.py"
    path.write_text(f'def f():\n    """Doc."""\n{body}\n', encoding="utf-8")
    function = ast.parse(path.read_text(encoding="utf-8")).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert _body_lines(function) == MAX_FUNCTION_LINES + 1
    assert _long_functions(path) == [f"{path.name}:1 f ({MAX_FUNCTION_LINES + 1} lines)"]


def test_there_are_modules_to_measure() -> None:
    assert len(MODULES) > 20


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SRC)) for p in MODULES])
def test_module_size(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(SRC)} has {lines} lines"


def test_no_function_is_longer_than_the_limit() -> None:
    found = [entry for path in MODULES for entry in _long_functions(path)]
    assert not found, "functions over the limit:\n" + "\n".join(found)


def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of a graph given as module -> modules it imports (depth first)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        path.append(module)
        for imported in sorted(imports.get(module, ())):
            if state.get(imported) == 1:
                found.append([*path[path.index(imported):], imported])
            elif imported not in state:
                walk(imported, path)
        path.pop()
        state[module] = 2

    for module in sorted(imports):
        if module not in state:
            walk(module, [])
    return found


def test_the_cycle_search_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_the_modules() -> None:
    """Issue 10: no module imports, even inside a function, one that imports it back
    (imports under ``TYPE_CHECKING`` aside). The package's ``__init__`` re-exports are
    left out: every module may be reached through them."""
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (lint extra)")
    graph = grimp.build_graph("bezique", exclude_type_checking_imports=True)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) - {"bezique"}
               for m in graph.modules if m != "bezique"}
    assert len(imports) > 20
    assert _cycles(imports) == []
