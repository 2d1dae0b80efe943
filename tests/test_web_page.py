"""The screens a person meets on the web app's page, in a real browser (headless Chromium,
as tests/test_web_browser.py): the Hint button and the review of one's own moves (issue
38), the page wholly in Finnish and German, numbers with a decimal comma, invitation
links that survive a reload, a joining person without the new-game form, the Finnish
seed placeholder whole, the favicon (issue 39). The server is ``bezique serve`` in a
process of its own (issue 40), as a player meets it; what the tests check of a game the
library rebuilds from what the API tells a seat."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

import bezique as bz
import test_web_browser
from bezique import i18n
from bezique.web.games import HINT_WORLDS, REVIEW_WORLDS
from test_web_browser import play_by_api, seat_link, two_people
from test_words import _english_in
from webapi import Served, call, page_game, served

chromium = test_web_browser.chromium
"""The headless Chromium of the browser test (a fixture, shared)."""
browser = test_web_browser.browser
"""examples/web/browser.py: starting a deal and clicking from the page's menu."""

START = {"en": "New game", "fi": "Uusi peli", "de": "Neue Partie"}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from served(tmp_path_factory.mktemp("web_page"))


@pytest.fixture()
def tab(chromium: Any, web: Served) -> Iterator[Any]:
    context = chromium.new_context()
    page = context.new_page()
    page.goto(web.url)
    page.wait_for_selector("#app[data-state=ready]")
    yield page
    context.close()


def choose_language(page: Any, lang: str) -> None:
    """Pick ``lang`` and wait until the page's words and the seat menu are redrawn in it."""
    page.select_option("#lang", lang)
    page.wait_for_function("word => document.querySelector('#start').innerText === word && "
                           "document.querySelector('#seats option').textContent !== 'a person'"
                           " || word === 'New game'", arg=START[lang])


def shown_text(page: Any) -> str:
    """Everything the page shows in words: its text and its menus' options."""
    options = page.eval_on_selector_all("option", "all => all.map(o => o.textContent)")
    return page.inner_text("body") + "\n" + "\n".join(options)


def position_of(web: Served, page: Any, seed: int) -> bz.State:
    """The lone deal of the page's seat, rebuilt by the library (it was shuffled by
    ``seed``)."""
    return web.position(*page_game(page), seed)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_hint_button_shows_the_best_moves_of_the_librarys_search(
        web: Served, tab: Any, lang: str) -> None:
    choose_language(tab, lang)
    browser.start_deal(tab, "two-pack", 4)
    assert tab.locator("#hint-button").is_visible() and not tab.locator("#hints").is_visible()
    browser.click_and_wait(tab, "#hint-button")
    game_id, token = page_game(tab)
    moves = web.view(game_id, token)["moves"]
    expected = bz.bots.analyse(bz.observe(web.position(game_id, token, 4), 0),
                               budget=HINT_WORLDS, rng=random.Random(f"hint:{game_id}:{moves}"))
    hints = tab.eval_on_selector_all("#hints li[data-hint]", "all => all.map(li => "
                                     "[li.dataset.hint, li.innerText])")
    assert [action for action, _ in hints] == [bz.format_action(r.action)
                                               for r in expected.ranked[:3]]
    best = expected.ranked[0]
    assert i18n.describe(best.action, lang, you=True) in hints[0][1]
    # the page writes the value the server sent (two decimals) to one decimal as
    # Intl.NumberFormat does: the number's shortest decimal form (33.15, not the binary
    # 33.1499...) rounded half up: "12,5" in Finnish
    sent = abs(round(best.value, 2))
    shown = Decimal(repr(sent)).quantize(Decimal("0.1"), ROUND_HALF_UP)
    assert i18n.format_number(float(shown), lang) in hints[0][1]
    marked = tab.eval_on_selector_all(".hinted", "all => all.map(n => n.dataset.legal)")
    assert marked == [bz.format_action(best.action)]  # the best card marked in the hand
    browser.click_and_wait(tab, "[data-legal]")  # a move: the hint is gone
    assert tab.locator("#hints li").count() == 0


def test_after_a_deal_the_review_shows_the_persons_own_moves(web: Served, tab: Any) -> None:
    game = play_by_api(web, "two-pack", 3, whole_game=False)
    tab.goto(seat_link(web, game))
    tab.reload()  # the address differs in its hash only: no load of its own
    tab.wait_for_selector("#result:not([hidden])")
    assert not tab.locator("#review").is_visible()
    browser.click_and_wait(tab, "#review-button")
    tab.wait_for_selector("#review:not([hidden])")
    status, text = call(web.url + f"api/games/{game['id']}/record", token=game["tokens"]["0"])
    assert status == 200
    record = bz.Record.loads(text)
    mine = bz.bots.review(record, budget=REVIEW_WORLDS, seed=3).of(0)
    shown = tab.eval_on_selector_all("#review li", "all => all.map(li => Number(li.dataset.index))")
    assert shown == [m.index for m in mine if round(m.loss, 2) > 0]  # as the server sends it
    assert tab.inner_text("#review-summary").startswith(f"{len(mine)} decisions")
    assert not tab.locator("#review-button").is_visible()


@pytest.mark.parametrize("lang", ["fi", "de"])
def test_the_page_in_finnish_and_german_shows_no_english_word(web: Served, tab: Any,
                                                              lang: str) -> None:
    """A deal against a level played to the end by clicking, with a hint and the review,
    the page read at every step: none of the English words of the CLI's sweep, numbers
    with a decimal comma, the bots named in the language."""
    choose_language(tab, lang)
    menu = tab.eval_on_selector_all('#seats select[data-seat="1"] option',
                                    "all => all.map(o => o.textContent)")
    assert ("botti: ahne" if lang == "fi" else "Bot: gierig") in menu
    assert ("botti: mestari (taso 5)" if lang == "fi" else "Bot: Meister (Stufe 5)") in menu
    said = [shown_text(tab)]
    browser.start_deal(tab, "two-pack", 4, seats=["human", "bot:level2"])
    browser.click_and_wait(tab, "#hint-button")
    said.append(shown_text(tab))
    assert re.search(r"\d,\d", tab.inner_text("#hints"))
    for step in range(400):
        if tab.locator("#result").is_visible():
            break
        if step % 8 == 0:
            said.append(shown_text(tab))
        browser.click_and_wait(tab, "[data-legal]")
    else:
        raise AssertionError("the deal did not end")
    said.append(shown_text(tab))
    browser.click_and_wait(tab, "#review-button")
    tab.wait_for_selector("#review:not([hidden])")
    said.append(shown_text(tab))
    text = "\n".join(said)
    assert _english_in(text) == []
    assert not re.search(r"(?<![R\d.])\d+\.\d", text)  # a decimal comma (rule ids aside)
    result = bz.deal_result(position_of(web, tab, 4))
    assert i18n.describe_result(result, lang, variant=bz.variants.TWO_PACK) in text


def test_the_english_page_would_be_caught(web: Served, tab: Any) -> None:
    """The sweep above would see English: the same page in English shows its words."""
    browser.start_deal(tab, "two-pack", 4, seats=["human", "bot:level2"])
    assert {"player", "you", "trump", "stock", "phase"} <= set(_english_in(shown_text(tab)))


def test_invitation_links_survive_a_reload_and_the_joiner_sees_no_new_game_form(
        chromium: Any, web: Served) -> None:
    contexts, (first, second), _ = two_people(chromium, web)
    link = first.get_attribute('#invite a[data-seat="1"]', "href")
    assert first.locator("#new-game").is_visible()  # the creator may start another
    first.reload()
    first.wait_for_selector("#app[data-state=ready] #board:not([hidden])")
    assert first.get_attribute('#invite a[data-seat="1"]', "href") == link
    assert not second.locator("#new-game").is_visible()  # the joiner plays the game he joined
    assert not second.locator("#invite").is_visible()
    second.click("#own-game")
    assert second.locator("#new-game").is_visible()
    for context in contexts:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_finnish_seed_placeholder_is_whole(chromium: Any, web: Served,
                                               width: int) -> None:
    context = chromium.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(web.url)
    page.wait_for_selector("#app[data-state=ready]")
    choose_language(page, "fi")
    needed, room = page.evaluate("""() => {
        const input = document.querySelector('#seed'), style = getComputedStyle(input);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return [pen.measureText(input.placeholder).width, input.clientWidth -
                parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
    }""")
    assert page.get_attribute("#seed", "placeholder") == "satunnainen"
    assert needed + 20 <= room  # with room for the number field's arrows
    context.close()


def test_the_favicon_is_served(tab: Any, web: Served) -> None:
    answer = tab.request.get(web.url + "favicon.ico")
    assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert tab.get_attribute('link[rel="icon"]', "href") == "/favicon.svg"
