"""Save screenshots of the reference web app with a whole game in progress, at a phone's
width and a desktop's.

Run from the repository root (needs Playwright for Python and a system Chromium)::

    python examples/web/screenshot.py [--out docs/_static] [--widths 390 1280] [--deal 2]
                                      [--moves 6] [--seed 3] [--langs en fi]

It starts the server on a loopback port with a database in memory, opens the page in
headless Chromium at each width, starts a whole two-pack game with a fixed seed against
the greedy bot, clicks the first legal action until deal ``--deal`` has begun, then
``--moves`` times more, goes on to the next turn at which a declaration is offered (if
one comes within 60 more clicks), asks for a hint and saves the page as
``web-client-<width>.png`` (the whole page at a phone's width, the window at a
desktop's), in the language ``--langs`` gives for that width (by default Finnish at a
phone's width, English at a desktop's).
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


def take(out: Path, *, width: int, deal: int, moves: int, seed: int, variant: str,
         lang: str = "en") -> None:
    """Play a whole game in ``lang`` to ``deal`` and ``moves`` clicks into it, ask for a
    hint; save the page to ``out``."""
    chromium = browser.find_chromium()
    if chromium is None:
        raise SystemExit("screenshot.py: no Chromium found (install the system's chromium)")
    phone = width <= PHONE
    with running(store=GameStore(bot="greedy")) as web, sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium, headless=True)
        page = chrome.new_page(viewport={"width": width, "height": 844 if phone else 860},
                               device_scale_factor=2 if phone else 1)
        page.goto(web.url)
        page.wait_for_selector("#app[data-state=ready]")
        if lang != "en":
            page.select_option("#lang", lang)
            page.wait_for_function("() => document.documentElement.lang === "
                                   f"{lang!r} && document.querySelector('#app')"
                                   ".dataset.state === 'ready'")
        browser.start_deal(page, variant, seed, whole_game=True)
        _play(page, deal=deal, moves=moves)
        if page.locator("#hint-button").is_visible():
            browser.click_and_wait(page, "#hint-button")
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
    parser.add_argument("--langs", nargs="+", default=["fi", "en"],
                        help="the page's language for each width, in the widths' order")
    args = parser.parse_args()
    for k, width in enumerate(args.widths):
        out = args.out / f"web-client-{width}.png"
        take(out, width=width, deal=args.deal, moves=args.moves, seed=args.seed,
             variant=args.variant, lang=args.langs[min(k, len(args.langs) - 1)])
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
