"""The examples in examples/ and the README's code block run and print what they promise."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def _run(code_or_path: str | Path) -> str:
    args = [sys.executable, str(code_or_path)] if isinstance(code_or_path, Path) else [
        sys.executable, "-c", code_or_path]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_runs(path: Path) -> None:
    out = _run(path)
    assert out.strip()


def test_explicit_position_example_shows_the_rules_at_work() -> None:
    out = _run(ROOT / "examples" / "explicit_position.py")
    assert "scores: (10, 0)" in out  # R2.2: the turned-up seven
    assert "refused: R3.9" in out
    assert "after the royal marriage: (60, 0)" in out


def test_typed_app_example_refuses_what_a_server_must_refuse() -> None:
    out = _run(ROOT / "examples" / "typed_app.py").splitlines()
    assert out[0] == "out of turn: seat 1 sent 'pass', but it is seat 0's turn"
    assert out[1].startswith("unreadable: not a move: 'play ZZ'")
    assert out[2].startswith("illegal: refused by rule R2.6: ")
    assert out[3].startswith("seat 0 made ") and "points per side: (" in out[3]


def test_readme_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    assert blocks, "README.md has no python example"
    out = _run(blocks[0])
    assert "side 0:" in out and "side 1:" in out
