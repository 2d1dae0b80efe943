"""The release's version is written once for the package and once for the changelog: the
version ``pyproject.toml`` builds is the one the package reports, and CHANGELOG.md (Keep a
Changelog) gives a released version its own dated section under an ``[Unreleased]`` one."""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_reports_the_version_it_is_built_as() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == bz.__version__


def test_the_changelog_dates_a_released_version_below_unreleased() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\S+))?$", text, flags=re.MULTILINE)
    assert headings and headings[0] == ("Unreleased", "")
    if ".dev" in bz.__version__:
        return  # a development version is described under [Unreleased]
    dated = dict(headings[1:])
    assert bz.__version__ in dated, f"CHANGELOG.md has no section for {bz.__version__}"
    day = datetime.date.fromisoformat(dated[bz.__version__])
    assert day <= datetime.date.today()
