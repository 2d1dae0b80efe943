#!/usr/bin/env python3
"""Run every check the project requires, in order, stopping at the first failure.

Usage (from anywhere; the checks run from the repository root)::

    python tools/check.py

The steps are tests (pytest, doctests included), types (mypy --strict), lint (ruff), the
architecture (import-linter's layers contract in pyproject.toml: imports run one way), the
documentation build (Sphinx, warnings as errors) and the package
(``tools/check_package.py``: build the sdist and the wheel, ``twine check``, install the
wheel into a fresh virtual environment, check its type completeness with
``basedpyright --verifytypes`` (at least 98%) and run the sdist's test suite against it). Each
runs with the interpreter that runs this script (import-linter by its ``lint-imports``
script beside that interpreter), so run it with the project's virtual environment's
Python. The exit status is that of the first failing step, or 0 when all pass. Stdlib
only.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYTEST_NO_TESTS = 5

LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))
"""import-linter's command, installed next to the interpreter (the ``lint`` extra)."""

STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tests", ("-m", "pytest")),
    ("types", ("-m", "mypy", "--strict", "src")),
    ("lint", ("-m", "ruff", "check", ".")),
    ("architecture", (LINT_IMPORTS,)),
    ("docs", ("-m", "sphinx", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")),
    ("package", ("tools/check_package.py",)),
)


def main() -> int:
    """Run the steps; return the exit status of the first failing one, else 0."""
    total = len(STEPS)
    for number, (name, args) in enumerate(STEPS, start=1):
        command = args if args[0] == LINT_IMPORTS else (sys.executable, *args)
        shown = " ".join(("lint-imports",) if args[0] == LINT_IMPORTS else ("python", *args))
        print(f"==> [{number}/{total}] {name}: {shown}", flush=True)
        status = subprocess.call(command, cwd=ROOT)
        if status < 0:  # killed by a signal: report it the way a shell would
            status = 128 - status
        if status != 0:
            if name == "tests" and status == PYTEST_NO_TESTS:
                print("FAILED: pytest collected no tests (exit 5)", file=sys.stderr, flush=True)
            else:
                print(f"FAILED: {name} (exit {status})", file=sys.stderr, flush=True)
            return status
    print("all checks passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
