#!/usr/bin/env python3
"""Compile the engine and the greedy bot's modules with mypyc, in a copy of the package.

Usage (from anywhere; needs mypy, a C compiler and the Python headers)::

    python tools/build_compiled.py              # compile into a new temporary folder
    python tools/build_compiled.py --out DIR    # compile into DIR (its copy replaced)
    python tools/build_compiled.py --list       # the modules it compiles, checked; no compiler

It copies ``src/bezique`` into the folder, compiles :data:`BOTS` and every module of
``bezique._engine`` there in place (``python -m mypyc``), checks that each one now
imports from its extension module, and prints the ``PYTHONPATH`` that runs the compiled
copy, e.g. ``PYTHONPATH=DIR python benchmarks/bench.py --variant two-pack``. The source
and the wheel stay pure Python: this is the measuring build of ``docs/performance.rst``
("Compiled with mypyc"), not a release artefact (it was less than 1.5 times faster).

The modules left interpreted, and why (mypyc 1.x):

* ``cards.py``: ``Card.__new__`` interns cards with ``object.__new__``, which a class
  mypyc compiles may not do.
* ``state.py``: ``Stage`` declares its hash in an ``if TYPE_CHECKING`` block of its
  class body, which mypyc does not compile, and ``State`` (a named tuple whose annotations
  mypyc evaluates) names ``Variant``, imported for type checking only.
* ``engine.py``, ``observation.py``: public functions whose compiled form would replace
  the library's ``TypeError`` messages with mypyc's; ``Observation`` (interpreted, an
  attrs class) derives from ``engine.Viewpoint``.
* ``bots/base.py`` (a ``runtime_checkable`` protocol), ``bots/search.py`` (mypyc stops on
  the ``lambda`` in ``SearchBot.choose``), ``bots/greedy.py`` (reads the
  ``(None, None)`` that ``VariantCache.last`` starts as, which compiled code checks
  against ``tuple[object, Tables]``), ``bots/random_bot.py`` (not hot).

``tests/test_build_compiled.py`` runs ``--list``'s checks: every module exists and none
uses what mypyc is known to refuse (:func:`problems`).
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "bezique"

BOTS = ("_fildinski", "_keep", "_layout", "_phase1", "_phase2", "_sources", "_tables", "_trick",
        "_trump_tables", "_variant_cache", "valuation")
"""The modules of ``bezique.bots`` that GreedyBot's decisions run through."""


def modules(package: Path = PACKAGE) -> list[Path]:
    """The modules compiled, relative to the folder holding ``bezique``: every module of
    ``bezique._engine`` (its packages' ``__init__`` files left interpreted) and
    :data:`BOTS`."""
    engine = sorted(p for p in (package / "_engine").rglob("*.py") if p.name != "__init__.py")
    bots = [package / "bots" / f"{name}.py" for name in BOTS]
    return [p.relative_to(package.parent) for p in engine + bots]


def problems(source: str) -> list[str]:
    """What in ``source`` mypyc is known to refuse or to compile differently: an attrs
    ``factory`` default (compiled code takes the field's definition for the default
    value), a statement other than a definition, an assignment or a docstring in a class
    body (*"Unsupported statement in class body"*), and a ``runtime_checkable`` class."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            if any(k.arg == "factory" for k in node.keywords):
                found.append(f"line {node.lineno}: a factory default")
            if ast.unparse(node.func).split(".")[-1] == "Factory":
                found.append(f"line {node.lineno}: a Factory default")
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
                                  | ast.Assign | ast.AnnAssign | ast.Expr | ast.Pass):
                    found.append(f"line {item.lineno}: {type(item).__name__} "
                                 f"statement in the body of class {node.name}")
            names = [ast.unparse(d).split(".")[-1] for d in node.decorator_list]
            if "runtime_checkable" in names:
                found.append(f"line {node.lineno}: runtime_checkable class {node.name}")
    return found


def check(package: Path = PACKAGE) -> list[str]:
    """The problems (:func:`problems`) of every module :func:`modules` names, each with
    its path; a missing module is one."""
    found = []
    for module in modules(package):
        path = package.parent / module
        if not path.is_file():
            found.append(f"{module}: missing")
            continue
        found += [f"{module}: {p}" for p in problems(path.read_text(encoding="utf-8"))]
    return found


def build(out: Path) -> None:
    """Copy the package into ``out`` and compile :func:`modules` there, in place."""
    shutil.rmtree(out / "bezique", ignore_errors=True)
    shutil.copytree(PACKAGE, out / "bezique",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    names = [str(m) for m in modules()]
    subprocess.run([sys.executable, "-m", "mypyc", *names], cwd=out, check=True)
    dotted = [".".join(Path(m).with_suffix("").parts) for m in names]
    probe = ("import importlib, sys\n"
             "bad = [m for m in sys.argv[1:]\n"
             "       if importlib.import_module(m).__file__.endswith('.py')]\n"
             "sys.exit(f'not compiled: {bad}' if bad else 0)\n")
    env = {**os.environ, "PYTHONPATH": str(out)}
    subprocess.run([sys.executable, "-c", probe, *dotted], cwd=out, env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="the folder to compile in (default: new)")
    parser.add_argument("--list", action="store_true",
                        help="print and check the modules compiled; compile nothing")
    args = parser.parse_args(argv)
    found = check(PACKAGE)
    if args.list or found:
        print("\n".join(str(m) for m in modules(PACKAGE)))
        print("\n".join(found) or "every module is there and passes the checks")
        return 1 if found else 0
    out = (args.out or Path(tempfile.mkdtemp(prefix="bezique-mypyc-"))).resolve()
    out.mkdir(parents=True, exist_ok=True)
    build(out)
    print(f"compiled {len(modules())} modules; run the compiled copy with PYTHONPATH={out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
