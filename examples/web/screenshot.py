"""Save a screenshot of the reference browser client with a deal in progress.

Run from the repository root (needs Playwright for Python and a system Chromium)::

    python examples/web/screenshot.py [--out docs/_static/web-client.png] [--moves 6] [--seed 3]

It starts the server on a loopback port, opens the page in headless Chromium,
starts a two-pack deal with a fixed seed against the greedy bot, clicks the
first legal action ``--moves`` times, goes on to the next turn at which a
declaration is offered (if one comes within 60 more clicks) and saves the
page as a PNG.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import browser
import server
import sessions
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]


def take(out: Path, *, moves: int, seed: int, variant: str) -> None:
    """Play ``moves`` clicks of a deal and save the page to ``out``."""
    chromium = browser.find_chromium()
    if chromium is None:
        raise SystemExit("screenshot.py: no Chromium found (install the system's chromium)")
    with server.running(store=sessions.GameStore(bot="greedy")) as web, sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium, headless=True)
        page = chrome.new_page(viewport={"width": 1100, "height": 820})
        page.goto(web.url)
        browser.start_deal(page, variant, seed)
        for _ in range(moves):
            browser.click_and_wait(page, "[data-legal]")
        for _ in range(60):
            if page.locator("button.action.declare").count():
                break
            if page.locator("#result").is_visible():
                break
            browser.click_and_wait(page, "[data-legal]")
        out.parent.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out), full_page=False)
        chrome.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static" / "web-client.png")
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--variant", default="two-pack")
    args = parser.parse_args()
    take(args.out, moves=args.moves, seed=args.seed, variant=args.variant)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
