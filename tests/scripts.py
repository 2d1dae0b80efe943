"""The project's scripts (``tools/``, ``benchmarks/``), which are no package, loaded as
modules so that their tests can call their functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
"""The project's root: the folder holding ``tools/`` and ``benchmarks/``."""


def load_script(relative: str) -> ModuleType:
    """The script at ``relative`` (from :data:`ROOT`, e.g. ``"benchmarks/bench.py"``),
    executed as a fresh module named after its file."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
