"""The packaging step of tools/check.py and its guard against testing the source tree."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def test_check_runs_the_packaging_step_last() -> None:
    check = load_script("tools/check.py")
    assert check.STEPS[-1] == ("package", ("tools/check_package.py",))
    assert (ROOT / "tools" / "check_package.py").is_file()


def test_the_sdist_takes_every_tracked_file() -> None:
    # an explicit include list is how examples/ and benchmarks/ went missing
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    sdist = text.split("[tool.hatch.build.targets.sdist]", 1)[1].split("\n[", 1)[0]
    assert "include" not in sdist.replace("exclude", "")


def test_an_installed_run_refuses_the_source_tree(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_nothing.py").write_text("def test_ok():\n    pass\n")
    (tmp_path / "bezique").mkdir()
    (tmp_path / "bezique" / "__init__.py").write_text("__version__ = 'source'\n")
    env = {**os.environ, "BEZIQUE_TEST_INSTALLED": "1", "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr  # pytest's usage error
    assert "not from an installed wheel" in done.stderr
    env["BEZIQUE_TEST_INSTALLED"] = "0"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
