"""The Pythons the suite runs on, and the GitHub workflows.

``tools/check.py`` runs the suite with its own interpreter, then ``noxfile.py`` runs it on
every other CPython version that pyproject.toml's classifiers name, finding interpreters
on ``PATH`` or in pyenv's versions; its ``workflows`` step runs actionlint on
``.github/workflows/``, whose CI workflow runs ``.ci/run`` and whose release workflow
publishes by PyPI's trusted publishing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from scripts import ROOT, load_script

WORKFLOWS = ROOT / ".github" / "workflows"


@pytest.fixture(scope="module")
def noxfile() -> Iterator[ModuleType]:
    """``noxfile.py``, loaded once (nox registers its sessions once), ``PATH`` restored."""
    pytest.importorskip("nox", reason="nox is in the lint extra")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", os.environ.get("PATH", ""))
        yield load_script("noxfile.py")


def test_the_classifiers_name_the_tested_pythons() -> None:
    check = load_script("tools/check.py")
    assert check.supported_pythons() == ("3.11", "3.12", "3.13")
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    others = tuple(v for v in check.supported_pythons() if v != running)
    steps = dict(check.STEPS)
    assert steps["pythons"] == ("-m", "nox", "--python", *others)
    assert running not in others and len(others) >= 2
    assert steps["workflows"] == (check.ACTIONLINT,)
    assert Path(check.ACTIONLINT).parent == Path(sys.executable).parent


def test_nox_runs_the_suite_on_every_supported_python(noxfile: ModuleType) -> None:
    assert load_script("tools/check.py").supported_pythons() == noxfile.PYTHONS
    assert noxfile.nox.options.error_on_missing_interpreters is True


def test_pyenv_versions_are_found_without_shims(noxfile: ModuleType, tmp_path: Path) -> None:
    for name, binary in (("3.12.1", "python3.12"), ("3.12.10", "python3.12"),
                         ("3.12-dev", "python3.12"), ("3.11.7", "python3.11"),
                         ("3.13.0", None)):  # an install without its interpreter
        (tmp_path / "versions" / name / "bin").mkdir(parents=True)
        if binary:
            (tmp_path / "versions" / name / "bin" / binary).write_text("")
    found = noxfile.pyenv_bin_dirs(tmp_path, ("3.11", "3.12", "3.13"))
    assert found == [tmp_path / "versions" / "3.11.7" / "bin",
                     tmp_path / "versions" / "3.12.10" / "bin"]
    assert noxfile.pyenv_bin_dirs(tmp_path / "nowhere") == []


def test_ci_runs_the_readme_command() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text(encoding="utf-8")
    assert "run: .ci/run" in ci
    for version in ("3.11", "3.12", "3.13"):
        assert f"            {version}\n" in ci


def test_a_release_is_published_by_trusted_publishing() -> None:
    release = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in release
    assert "pypa/gh-action-pypi-publish@release/v1" in release
    assert "id-token: write" in release and "environment:" in release
    assert "secrets." not in release and "password" not in release  # no stored token
    assert "BEZIQUE_TEST_INSTALLED" in release and "rm -rf src" in release
    assert 'python: ["3.11", "3.12", "3.13"]' in release
