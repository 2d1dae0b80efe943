"""The web app in the players' languages: ``?lang=`` on the API (refusals and combination
names through bezique.i18n) and the page's own words (bezique/web/static/words.json)."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator

import pytest

import bezique as bz
from bezique import i18n
from bezique.web import games as sessions
from bezique.web import serving as server
from bezique.web import views
from bezique.web.app import STATIC
from webapi import call, open_store, token_of


@pytest.fixture(scope="module")
def web() -> Iterator[server.Running]:
    with server.running(store=open_store(bot="greedy")) as running:
        yield running


@pytest.mark.parametrize(("lang", "words"), [("fi", "ei ole korttia A♠ kädessä eikä pöydässä"),
                                             ("de", "hat A♠ weder in der Hand noch auf dem")])
def test_a_refusal_comes_in_the_requests_language(web: server.Running, lang: str,
                                                  words: str) -> None:
    status, game = call(web.url + "api/games", "POST", {"variant": "two-pack", "seed": 7})
    assert status == 200
    url = web.url + f"api/games/{game['id']}/actions?lang={lang}"
    status, answer = call(url, "POST", {"action": "play AS"},
                          token=token_of(game))  # player 0 holds no A♠
    assert status == 400 and answer["rule"] == "R2.7"
    assert answer["message"].startswith("R2.7: ") and words in answer["message"]
    assert answer["error"].startswith("R2.7: player 0 holds no A♠")  # English, as before
    status, english = call(web.url + f"api/games/{game['id']}/actions", "POST",
                           {"action": "play AS"}, token=token_of(game))
    assert english["message"] == english["error"]


@pytest.mark.parametrize(("lang", "words"), [("fi", "ei voi toimia nyt"), ("de", "ist am Zug")])
def test_out_of_turn_and_a_strange_token_are_refused_in_the_language(
        web: server.Running, lang: str, words: str) -> None:
    """R2.4: a seat acting out of turn is refused (409) in the request's language; so is a
    token that is no seat's (403) and a request without one (401)."""
    status, game = call(web.url + "api/games", "POST",
                        {"variant": "two-pack", "seed": 7, "seats": ["human", "human"]})
    waiting = 1 - game["observation"]["to_move"]
    url = web.url + f"api/games/{game['id']}/actions?lang={lang}"
    status, answer = call(url, "POST", {"action": "pass"}, token=token_of(game, waiting))
    assert status == 409 and answer["rule"] is not None and words in answer["message"]
    assert answer["message"] != answer["error"]
    status, answer = call(url, "POST", {"action": "pass"}, token="not-a-seat")
    assert status == 403 and answer["message"] != answer["error"]
    status, answer = call(url, "POST", {"action": "pass"})
    assert status == 401 and answer["message"] != answer["error"]


def test_the_titles_and_names_follow_the_language(web: server.Running) -> None:
    status, game = call(web.url + "api/games?lang=fi", "POST",
                        {"variant": "two-pack", "seed": 7})
    assert status == 200 and game["title"] == i18n.variant_title(bz.variants.TWO_PACK, "fi")
    status, seen = call(web.url + f"api/games/{game['id']}?lang=de", token=token_of(game))
    assert seen["title"] == i18n.variant_title(bz.variants.TWO_PACK, "de")


def test_an_unknown_language_is_refused(web: server.Running) -> None:
    status, answer = call(web.url + "api/variants?lang=sv")
    assert status == 400 and "unknown language 'sv'" in answer["message"]
    status, answer = call(web.url + "api/variants?lang=de")
    assert status == 200 and answer["languages"] == {"en": "English", "fi": "suomi",
                                                     "de": "Deutsch"}


def test_combination_names_come_in_the_language() -> None:
    declare = bz.Declare("royal_marriage", "KH QH")
    assert views._choice(bz.variants.TWO_PACK, declare, "fi")["label"] == \
        "valttiavioliitto (40)"
    assert views._choice(bz.variants.TWO_PACK, declare)["name"] == "royal marriage"


def _page_words() -> set[str]:
    """Every English text the page shows through t(): app.js's literals, index.html's
    data-i18n elements, and the labels of the actions and the result's rows."""
    app = (STATIC / "app.js").read_text(encoding="utf-8")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    found = set(re.findall(r'\bt\(\s*"([^"]+)"', app))
    for either in re.findall(r'\bt\([^;"]*(?:"declare")?[^;"]*\? "([^"]+)" : "([^"]+)"', app):
        found |= set(either)  # t(condition ? "a" : "b")
    found |= set(re.findall(r"<[^>]*data-i18n[^>]*>([^<]+)<", page))
    found |= set(re.findall(r'\["[a-z_]+", "([^"]+)"\]', app))  # FIELDS
    bots = app[app.index("const BOT_WORDS"):app.index("};", app.index("const BOT_WORDS"))]
    found |= set(re.findall(r'\w+: "([^"]+)"', bots))  # the seat menu's bots
    found |= {"exchange the seven", "pass", "random", "{title} ({count} players)", "Language"}
    return found


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_the_page_has_its_words_in_every_language(lang: str) -> None:
    words = json.loads((STATIC / "words.json").read_text(encoding="utf-8"))[lang]
    wanted = _page_words()
    assert len(wanted) > 40 and "bot: master (level 5)" in wanted
    assert wanted <= set(words), sorted(wanted - set(words))
    for english, said in words.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(english) if name}
        assert fields == {name for _, name, _, _ in string.Formatter().parse(said) if name}


def test_the_log_marks_forced_passes_in_every_language() -> None:
    """R2.6: the person's lone pass, played for him, is marked ``forced`` whatever the
    language of the view; the page says "(forced)" in its own words."""
    store = sessions.GameStore(bot="random")
    game = store.create({"variant": "two-pack", "seed": 4})
    token = token_of(game)
    while not game["over"]:
        game = store.act(game["id"], token, game["legal"][0], "fi")
    session = store.run(game["id"], lambda s: s)
    logs = {lang: views.view(session, 0, lang)["log"] for lang in i18n.LANGUAGES}
    assert any(entry.get("forced") for entry in logs["en"])
    assert all(log == logs["en"] for log in logs.values())
    words = json.loads((STATIC / "words.json").read_text(encoding="utf-8"))
    assert (words["fi"]["(forced)"], words["de"]["(forced)"]) == ("(pakotettu)", "(erzwungen)")
