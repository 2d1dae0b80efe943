#!/usr/bin/env python3
"""Run every check the project requires, in order, stopping at the first failure.

Usage (from anywhere; the checks run from the repository root)::

    python tools/check.py

The steps are tests (pytest, doctests included), types (mypy --strict), lint (ruff), the
architecture (import-linter's layers contract in pyproject.toml: imports run one way), the
GitHub workflows (actionlint on ``.github/workflows/``), the documentation build (Sphinx,
warnings as errors), the other Pythons (``noxfile.py``: the test suite again on every
CPython version the classifiers of pyproject.toml name, other than the one running this
script; an interpreter that cannot be found fails the step) and the package
(``tools/check_package.py``: build the sdist and the wheel, ``twine check``, install the
wheel into a fresh virtual environment, check its type completeness with
``basedpyright --verifytypes`` (at least 98%) and run the sdist's test suite against it).
Each runs with the interpreter that runs this script (import-linter and actionlint by their
scripts beside that interpreter), so run it with the project's virtual environment's
Python. The exit status is that of the first failing step, or 0 when all pass. Stdlib
only.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYTEST_NO_TESTS = 5

LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))
"""import-linter's command, installed next to the interpreter (the ``lint`` extra)."""

ACTIONLINT = str(Path(sys.executable).with_name("actionlint"))
"""actionlint's command, installed next to the interpreter (the ``lint`` extra)."""

SCRIPTS = {LINT_IMPORTS: "lint-imports", ACTIONLINT: "actionlint"}
"""The steps run by a script beside the interpreter rather than by ``python``."""


def supported_pythons() -> tuple[str, ...]:
    """The CPython versions (``"3.12"``) that pyproject.toml's classifiers name."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        classifiers = tomllib.load(file)["project"]["classifiers"]
    return tuple(m.group(1) for c in classifiers
                 if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c)))


OTHER_PYTHONS = tuple(v for v in supported_pythons() if v != "{}.{}".format(*sys.version_info))
"""The supported versions the ``tests`` step does not run on: nox runs the suite there."""

STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tests", ("-m", "pytest")),
    ("types", ("-m", "mypy", "--strict", "src")),
    ("lint", ("-m", "ruff", "check", ".")),
    ("architecture", (LINT_IMPORTS,)),
    ("workflows", (ACTIONLINT,)),
    ("docs", ("-m", "sphinx", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")),
    ("pythons", ("-m", "nox", "--python", *OTHER_PYTHONS)),
    ("package", ("tools/check_package.py",)),
)


def main() -> int:
    """Run the steps; return the exit status of the first failing one, else 0."""
    total = len(STEPS)
    for number, (name, args) in enumerate(STEPS, start=1):
        command = args if args[0] in SCRIPTS else (sys.executable, *args)
        shown = " ".join((SCRIPTS[args[0]],) if args[0] in SCRIPTS else ("python", *args))
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
