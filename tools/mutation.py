#!/usr/bin/env python3
"""Mutation testing of the rule modules with mutmut, and the mutation score.

Usage (from anywhere; mutmut runs from the repository root)::

    python tools/mutation.py                       # every rule module
    python tools/mutation.py --scope tricks legality --max-children 2
    python tools/mutation.py --report              # the score of the last run, no new run

A mutant is a copy of the code with one small change (``<`` for ``<=``, ``and`` for
``or``, a constant off by one, ...). The rule tests should notice it: a mutant they let
pass ("survived") is a rule no test pins down, or an equivalent change that alters no
behaviour. The score is killed / (killed + survived + timeouts + suspicious), printed per
module and in total; surviving mutants are listed, and ``python -m mutmut show NAME``
prints the change of one of them.

The configuration lives in ``[tool.mutmut]`` in ``pyproject.toml``: which files mutmut
copies (``source_paths``), which of them it mutates (``only_mutate``: the modules of
:data:`SCOPES`) and which tests judge the mutants (``pytest_add_cli_args_test_selection``:
the rule scenario tests, not the property tests, so that one mutant takes seconds). This
script chooses a scope among the mutated modules by passing mutant-name patterns to
``mutmut run``. mutmut re-runs every mutant a pattern names, so each run judges every
mutant of its scope afresh, whatever an earlier run found (a run stopped half-way is not
resumed: narrow it with ``--scope`` or ``--only`` instead); the results stay in
``mutants/`` (not committed), where ``--report`` reads them without a new run. It is a
tool run by hand (``pip install -e '.[dev]'``), not a CI step: over every rule module a
run takes hours on two cores.

Exit status: 0 when the run finished (whatever the score), 2 when mutmut is missing,
mutmut's own status when it failed.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"

SCOPES: dict[str, tuple[str, ...]] = {
    "tricks": ("tricks",),
    "legality": ("play", "legal"),
    "melds": ("window", "search", "plans", "source", "sevens", "compiled", "tables", "layout"),
    "scoring": ("transitions", "declaring", "results"),
}
"""The rule modules by concern, as the last part of their module names (``bezique._engine.
tricks``, ``bezique.results``): trick winning and the duty to follow; the legal actions of
a state; the meld search, its reuse rules (plans), the seven of trumps, the compiled meld
tables and their count vectors; scoring in play and the settlement of a deal."""

KILLED = {1, 3, 37}
"""mutmut exit codes of a killed mutant (a failing test, an error, the type checker)."""
SURVIVED = {0}
TIMEOUT = {36, -24, 24, 152, 255}
NO_TESTS = {5, 33}
SKIPPED = {34}


def mutated_modules() -> list[str]:
    """The dotted names of the modules ``[tool.mutmut] only_mutate`` lists."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    out = []
    for pattern in config["only_mutate"]:
        for path in sorted(ROOT.glob(pattern)):
            relative = path.relative_to(ROOT / "src").with_suffix("")
            out.append(".".join(relative.parts))
    return out


def modules_of(scopes: Iterable[str]) -> list[str]:
    """The mutated modules of the named scopes (a module name itself is a scope too)."""
    known = mutated_modules()
    out: list[str] = []
    for scope in scopes:
        short = SCOPES.get(scope, (scope,))
        found = [m for m in known if m.rsplit(".", 1)[-1] in short or m in short]
        if not found:
            raise SystemExit(f"scope {scope!r} names no module of [tool.mutmut] only_mutate; "
                             f"scopes: {', '.join(SCOPES)}; modules: {', '.join(known)}")
        out.extend(m for m in found if m not in out)
    return out


def results(modules: Sequence[str]) -> dict[str, dict[str, int | None]]:
    """Mutant name -> mutmut exit code, per module, from the ``.meta`` files in ``mutants/``."""
    out: dict[str, dict[str, int | None]] = {}
    for module in modules:
        meta = MUTANTS / "src" / Path(*module.split(".")).with_suffix(".py.meta")
        if meta.exists():
            codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
            out[module] = dict(sorted(codes.items()))
    return out


def classify(code: int | None) -> str:
    """The status of one exit code: killed, survived, timeout, no tests, skipped, not run."""
    if code is None:
        return "not run"
    for name, codes in (("killed", KILLED), ("survived", SURVIVED), ("timeout", TIMEOUT),
                        ("no tests", NO_TESTS), ("skipped", SKIPPED)):
        if code in codes:
            return name
    return "suspicious"


def report(modules: Sequence[str], patterns: Sequence[str] = ()) -> tuple[int, int]:
    """Print the score per module and in total; return (killed, judged)."""
    by_module = results(modules)
    total_killed = total_judged = 0
    survivors: list[str] = []
    print(f"{'module':<28} {'mutants':>7} {'killed':>7} {'survived':>8} {'timeout':>7} "
          f"{'other':>6} {'not run':>7} {'score':>7}")
    for module in modules:
        codes = by_module.get(module, {})
        if patterns:
            codes = {k: v for k, v in codes.items()
                     if any(fnmatch.fnmatch(k, p) for p in patterns)}
        counts: dict[str, int] = {}
        for name, code in codes.items():
            status = classify(code)
            counts[status] = counts.get(status, 0) + 1
            if status in ("survived", "suspicious"):
                survivors.append(name)
        killed = counts.get("killed", 0)
        judged = killed + counts.get("survived", 0) + counts.get("timeout", 0) + counts.get(
            "suspicious", 0)
        other = counts.get("no tests", 0) + counts.get("skipped", 0) + counts.get("suspicious", 0)
        score = f"{100 * killed / judged:.1f}%" if judged else "–"
        print(f"{module:<28} {len(codes):>7} {killed:>7} {counts.get('survived', 0):>8} "
              f"{counts.get('timeout', 0):>7} {other:>6} {counts.get('not run', 0):>7} "
              f"{score:>7}")
        total_killed += killed
        total_judged += judged
    score = f"{100 * total_killed / total_judged:.1f}%" if total_judged else "–"
    print(f"mutation score: {total_killed} killed of {total_judged} judged mutants = {score}")
    if survivors:
        print(f"surviving mutants ({len(survivors)}; show one with python -m mutmut show NAME):")
        for name in survivors:
            print(f"  {name}")
    return total_killed, total_judged


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scope", nargs="+", default=list(SCOPES),
                        help=f"concerns or module names to mutate (default: all of "
                             f"{', '.join(SCOPES)})")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2,
                        help="parallel mutmut workers (default: the number of cores)")
    parser.add_argument("--only", nargs="*", default=(),
                        help="further restrict to mutant-name patterns, e.g. "
                             "'bezique.tricks.x_trick_winner*'")
    parser.add_argument("--report", action="store_true",
                        help="print the score of the results in mutants/ without running")
    args = parser.parse_args(argv)
    modules = modules_of(args.scope)
    patterns = list(args.only) or [f"{module}.*" for module in modules]
    if not args.report:
        try:
            import mutmut  # noqa: F401
        except ImportError:
            print("mutmut is not installed: pip install -e '.[dev]'", file=sys.stderr)
            return 2
        command = [sys.executable, "-m", "mutmut", "run", "--max-children",
                   str(args.max_children), *patterns]
        print("==>", " ".join(command), flush=True)
        # tests/conftest.py: every test compiles the rules afresh, so that each test using
        # a variant judges the mutants of the compiling code (bezique._engine.compiled)
        env = {**os.environ, "BEZIQUE_FRESH_RULES": "1"}
        status = subprocess.call(command, cwd=ROOT, env=env)
        if status != 0:
            print(f"FAILED: mutmut run (exit {status})", file=sys.stderr)
            return status
    report(modules, patterns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
