"""The reference browser client (examples/web) in a real browser: headless Chromium.

Playwright for Python drives the system's Chromium (``executable_path``; nothing is
downloaded). Where Playwright or Chromium is missing the tests are skipped with the
reason, unless ``BEZIQUE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples" / "web"))

import browser  # noqa: E402
import server  # noqa: E402
import sessions  # noqa: E402

FIELDS = ("melds", "sevens", "brisques", "last_trick", "penalties", "bonus", "total")


def unavailable(reason: str) -> None:
    if os.environ.get("BEZIQUE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"BEZIQUE_REQUIRE_BROWSER=1, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    path = browser.find_chromium()
    if path is None:
        named = os.environ.get("BEZIQUE_CHROMIUM")
        unavailable(f"BEZIQUE_CHROMIUM={named} is not an executable" if named else
                    "no Chromium on this machine (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        chrome = playwright.chromium.launch(executable_path=path, headless=True)
        yield chrome
        chrome.close()


@pytest.fixture()
def page(chromium: Any) -> Iterator[Any]:
    with server.running(store=sessions.GameStore(bot="greedy")) as web:
        context = chromium.new_context(accept_downloads=True)
        tab = context.new_page()
        tab.goto(web.url)
        yield tab
        context.close()


def test_a_deal_played_by_clicking_ends_with_the_librarys_scores(page: Any) -> None:
    browser.start_deal(page, "two-pack", 4)
    refused = False
    for _ in range(500):
        if page.locator("#result").is_visible():
            break
        other = page.locator("#hand .card.other")
        if not refused and other.count():  # a card that may not be played now
            browser.click_and_wait(page, "#hand .card.other")
            rule = page.get_attribute("#message", "data-rule")
            assert rule is not None and re.fullmatch(r"R\d+(\.\d+)*", rule)
            assert f"rule {rule}" in page.inner_text("#message")
            refused = True
        browser.click_and_wait(page, "[data-legal]")
    else:
        raise AssertionError("the deal did not end")
    assert refused
    assert page.locator("[data-legal]").count() == 0
    with page.expect_download() as download:
        page.click("#record")
    record = bz.Record.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record.seed == 4 and record.variant == bz.variants.TWO_PACK
    final = record.final()
    assert isinstance(final, bz.State)
    result = bz.deal_result(final)
    assert page.locator("#log li").count() == len(record.actions)
    for side, score in enumerate(result.breakdown):
        for field in FIELDS:
            shown = page.inner_text(f'#result td[data-side="{side}"][data-field="{field}"]')
            assert int(shown) == getattr(score, field), (side, field)
        shown = page.inner_text(f'#scores .score[data-side="{side}"] b')
        assert int(shown) == result.points[side]


def test_the_page_offers_every_variant_and_draws_every_seat(page: Any) -> None:
    page.wait_for_selector("#app[data-state=ready]")
    names = page.eval_on_selector_all("#variant option", "options => options.map(o => o.value)")
    assert names == [v.name for v in bz.variants.ALL]
    browser.start_deal(page, "four-handed", 2)
    assert page.locator("#others .seat").count() == 3
    hand = page.locator("#hand .card")
    assert hand.count() == 8
    for k in range(hand.count()):
        code = hand.nth(k).get_attribute("data-card")
        colour = "red" if code[-1] in "HD" else "black"
        assert colour in (hand.nth(k).get_attribute("class") or "").split()
        assert hand.nth(k).inner_text().replace("\n", "") == str(bz.Card.parse(code))
    assert "trump" in page.inner_text("#status")


def test_ci_installs_a_missing_chromium_and_requires_the_browser(tmp_path: Path) -> None:
    """``.ci/run --dry-run`` on a machine without Chromium: apt-get would install it, and
    the browser test is made to fail rather than skip (the README's command follows)."""
    for tool in ("bash", "env", "grep", "tr", "id", "dirname"):
        found = shutil.which(tool)
        assert found is not None, tool
        (tmp_path / tool).symlink_to(found)
    for name in ("apt-get", "sudo"):  # sudo: for a run as a user other than root
        (tmp_path / name).write_text(f"#!/bin/sh\necho {name} must not run >&2; exit 3\n")
        (tmp_path / name).chmod(0o755)
    apt = tmp_path / "apt-get"
    done = subprocess.run([str(tmp_path / "bash"), str(ROOT / ".ci" / "run"), "--dry-run"],
                          env={"PATH": str(tmp_path)}, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == ["+ apt-get update", "+ apt-get install -y chromium chromium-driver",
                         "+ export BEZIQUE_REQUIRE_BROWSER=1"]
    assert lines[3].startswith("+ python3 -m venv .venv") and "tools/check.py" in lines[3]
    apt.unlink()
    done = subprocess.run([str(tmp_path / "bash"), str(ROOT / ".ci" / "run"), "--dry-run"],
                          env={"PATH": str(tmp_path)}, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "no apt-get" in done.stderr
