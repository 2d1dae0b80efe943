"""The test suite on every supported CPython: ``python -m nox`` (nox is in the ``lint`` extra).

One session, ``tests``, per interpreter of ``PYTHONS`` (the versions ``pyproject.toml``'s
classifiers name, so the classifiers say what is tested). Each gets a virtual environment
under ``.nox/`` with the library installed in editable mode with its ``test``, ``rl``,
``lint``, ``docs`` and ``web`` extras (``lint`` and ``docs`` for the tests of the import
graph, of nox and of the API reference; ``web`` for the web app's), and runs pytest
there: only the tests; types, lint, docs and the package are checked once, by
``tools/check.py``, which runs this for the versions other than its own::

    python -m nox                       # every interpreter
    python -m nox --python 3.12 3.13    # some of them

An interpreter is looked for in pyenv's installed versions
(``$PYENV_ROOT/versions/3.12.*/bin``, by default under ``~/.pyenv``), then on ``PATH``
(``python3.12``), so a machine needs neither pyenv's shims nor ``pyenv global`` (a shim
of a version that ``pyenv global`` does not name fails when run). An interpreter that cannot be
found is an error, not a session skipped in silence.
"""

from __future__ import annotations

import os
import re
import runpy
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent

PYTHONS: tuple[str, ...] = runpy.run_path(str(ROOT / "tools" / "check.py"))["supported_pythons"]()
"""The CPython versions the project supports: those its classifiers name (tools/check.py)."""

nox.options.sessions = ["tests"]
nox.options.error_on_missing_interpreters = True
nox.options.reuse_existing_virtualenvs = True


def _version_key(directory: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", directory.name))


def pyenv_bin_dirs(root: Path, versions: tuple[str, ...] = PYTHONS) -> list[Path]:
    """The ``bin`` directory of the newest pyenv install of each version found under ``root``."""
    found: list[Path] = []
    for version in versions:
        installs = [d for d in (root / "versions").glob(f"{version}.*")
                    if re.fullmatch(rf"{re.escape(version)}\.\d+", d.name)
                    and (d / "bin" / f"python{version}").is_file()]
        if installs:
            found.append(max(installs, key=_version_key) / "bin")
    return found


def _add_pyenv_to_path() -> None:
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    extra = [str(d) for d in pyenv_bin_dirs(root)]
    if extra:  # before PATH's own entries, where pyenv's shims may stand for them and fail
        os.environ["PATH"] = os.pathsep.join([*extra, os.environ.get("PATH", "")])


_add_pyenv_to_path()


@nox.session(python=list(PYTHONS))
def tests(session: nox.Session) -> None:
    """Run the test suite (pytest, doctests included) on one interpreter."""
    session.install("-q", "-e", ".[test,rl,lint,docs,web]")
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", *session.posargs)
