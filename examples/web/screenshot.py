"""Save screenshots of the reference web app with a whole game in progress, at a phone's
width and a desktop's.

Run from the repository root (needs Playwright for Python and a system Chromium)::

    python examples/web/screenshot.py [--out docs/_static] [--widths 390 1280] [--deal 2]
                                      [--moves 6] [--seed 3]

It starts the server on a loopback port with a database in memory, opens the page in
headless Chromium at each width, starts a whole two-pack game with a fixed seed against
the greedy bot, clicks the first legal action until deal ``--deal`` has begun, then
``--moves`` times more, goes on to the next turn at which a declaration is offered (if
one comes within 60 more clicks) and saves the page as ``web-client-<width>.png``
(the whole page at a phone's width, the window at a desktop's).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import browser
from playwright.sync_api import Page, sync_playwright

from bezique.web import GameStore, running

ROOT = Path(__file__).resolve().parents[2]
PHONE = 700
"""Widths up to this are a phone's (the stylesheet's one-column layout)."""


def _play(page: Page, *, deal: int, moves: int) -> None:
    """Click on to deal ``deal``, then ``moves`` more, then on to a declaration."""
    for _ in range(2000):
        if page.inner_text("#deal") == f"deal {deal}" or page.locator("#result").is_visible():
            break
        browser.click_and_wait(page, "[data-legal]")
    for _ in range(moves):
        browser.click_and_wait(page, "[data-legal]")
    for _ in range(60):
        if page.locator("button.action.declare").count() or page.locator("#record").is_visible():
            break
        browser.click_and_wait(page, "[data-legal]")


def take(out: Path, *, width: int, deal: int, moves: int, seed: int, variant: str) -> None:
    """Play a whole game to ``deal`` and ``moves`` clicks into it; save the page to ``out``."""
    chromium = browser.find_chromium()
    if chromium is None:
        raise SystemExit("screenshot.py: no Chromium found (install the system's chromium)")
    phone = width <= PHONE
    with running(store=GameStore(bot="greedy")) as web, sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium, headless=True)
        page = chrome.new_page(viewport={"width": width, "height": 844 if phone else 860},
                               device_scale_factor=2 if phone else 1)
        page.goto(web.url)
        browser.start_deal(page, variant, seed, whole_game=True)
        _play(page, deal=deal, moves=moves)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out), full_page=phone)
        chrome.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static",
                        help="the folder of the screenshots")
    parser.add_argument("--widths", type=int, nargs="+", default=[390, 1280])
    parser.add_argument("--deal", type=int, default=2)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--variant", default="two-pack")
    args = parser.parse_args()
    for width in args.widths:
        out = args.out / f"web-client-{width}.png"
        take(out, width=width, deal=args.deal, moves=args.moves, seed=args.seed,
             variant=args.variant)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
