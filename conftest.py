"""pytest configuration for the whole tree: without the ``rl`` extra, the adapters'
modules cannot be imported, so their doctests are not collected (their tests in
``tests/test_adapter_*.py`` skip with the reason)."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path for module, path in (
        ("pettingzoo", "src/bezique/adapters/pettingzoo.py"),
        ("pyspiel", "src/bezique/adapters/openspiel.py"),
    )
    if importlib.util.find_spec(module) is None
]
