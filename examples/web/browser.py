"""Driving the page in Chromium, for the screenshot script and the browser test.

Playwright drives the system's Chromium through ``executable_path``; no browser
is ever downloaded (``playwright install`` is not needed). ``BEZIQUE_CHROMIUM``
names another binary. The page marks ``#app`` with ``data-state`` (``busy``
while a request is out) and ``data-renders`` (a count of its redraws), so a
script knows when a click has been answered.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

__all__ = ["click_and_wait", "find_chromium", "start_deal"]

_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_PATHS = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/snap/bin/chromium")


def find_chromium() -> str | None:
    """The path of a Chromium (or Chrome) binary on this machine, or ``None``."""
    named = os.environ.get("BEZIQUE_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in _PATHS if os.access(p, os.X_OK)), None)


def click_and_wait(page: Page, selector: str) -> None:
    """Click the first element matching ``selector``, then wait until the page has redrawn."""
    renders = page.get_attribute("#app", "data-renders")
    page.locator(selector).first.click()
    page.wait_for_function("n => document.getElementById('app').dataset.renders !== n",
                           arg=renders)


def start_deal(page: Page, variant: str, seed: int, *, seats: Sequence[str] = (),
               whole_game: bool = False) -> None:
    """Start a game of ``variant`` shuffled by ``seed`` from the page's menu: ``seats``
    (``"human"``, ``"bot:greedy"``, ...) from seat 0 on, the page's defaults for the rest
    (a person at seat 0, bots elsewhere); one deal unless ``whole_game``."""
    page.wait_for_selector("#app[data-state=ready]")
    page.select_option("#variant", variant)
    for seat, kind in enumerate(seats):
        page.select_option(f'#seats select[data-seat="{seat}"]', kind)
    page.set_checked("#whole-game", whole_game)
    page.fill("#seed", str(seed))
    click_and_wait(page, "#start")
