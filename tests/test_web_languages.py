"""The reference browser client in the players' languages: ``?lang=`` on the API (refusals
and combination names through bezique.i18n) and the page's own words (static/words.json)."""

from __future__ import annotations

import json
import re
import string
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique import i18n

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "examples" / "web"
sys.path.insert(0, str(WEB))

import server  # noqa: E402
import sessions  # noqa: E402


def call(url: str, method: str = "GET", body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read().decode())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read().decode())


@pytest.fixture(scope="module")
def web() -> Iterator[server.Server]:
    with server.running(store=sessions.GameStore(bot="greedy")) as running:
        yield running


@pytest.mark.parametrize(("lang", "words"), [("fi", "ei ole korttia A♠ kädessä eikä pöydässä"),
                                             ("de", "hat A♠ weder in der Hand noch auf dem")])
def test_a_refusal_comes_in_the_requests_language(web: server.Server, lang: str,
                                                  words: str) -> None:
    status, game = call(web.url + "api/games", "POST", {"variant": "two-pack", "seed": 7})
    assert status == 200
    url = web.url + f"api/games/{game['id']}/actions?lang={lang}"
    status, answer = call(url, "POST", {"action": "play AS"})  # player 0 holds no A♠
    assert status == 400 and answer["rule"] == "R2.7"
    assert answer["message"].startswith("R2.7: ") and words in answer["message"]
    assert answer["error"].startswith("R2.7: player 0 holds no A♠")  # English, as before
    status, english = call(web.url + f"api/games/{game['id']}/actions", "POST",
                           {"action": "play AS"})
    assert english["message"] == english["error"]


def test_an_unknown_language_is_refused(web: server.Server) -> None:
    status, answer = call(web.url + "api/variants?lang=sv")
    assert status == 400 and "unknown language 'sv'" in answer["message"]
    status, answer = call(web.url + "api/variants?lang=de")
    assert status == 200 and answer["languages"] == {"en": "English", "fi": "suomi",
                                                     "de": "Deutsch"}


def test_combination_names_come_in_the_language() -> None:
    declare = bz.Declare("royal_marriage", "KH QH")
    assert sessions._choice(bz.variants.TWO_PACK, declare, "fi")["label"] == \
        "valttiavioliitto (40)"
    assert sessions._choice(bz.variants.TWO_PACK, declare)["name"] == "royal marriage"


def _page_words() -> set[str]:
    """Every English text the page shows through t(): app.js's literals, index.html's
    data-i18n elements, and the labels of the actions and the result's rows."""
    app = (WEB / "static" / "app.js").read_text(encoding="utf-8")
    page = (WEB / "static" / "index.html").read_text(encoding="utf-8")
    found = set(re.findall(r'\bt\(\s*"([^"]+)"', app))
    for either in re.findall(r'\bt\([^;"]*(?:"declare")?[^;"]*\? "([^"]+)" : "([^"]+)"', app):
        found |= set(either)  # t(condition ? "a" : "b")
    found |= set(re.findall(r"<[^>]*data-i18n[^>]*>([^<]+)<", page))
    found |= set(re.findall(r'\["[a-z_]+", "([^"]+)"\]', app))  # FIELDS
    found |= {"exchange the seven", "pass", "random", "{title} ({count} players)"}
    return found


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_the_page_has_its_words_in_every_language(lang: str) -> None:
    words = json.loads((WEB / "static" / "words.json").read_text(encoding="utf-8"))[lang]
    wanted = _page_words()
    assert len(wanted) > 40
    assert wanted <= set(words), sorted(wanted - set(words))
    for english, said in words.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(english) if name}
        assert fields == {name for _, name, _, _ in string.Formatter().parse(said) if name}


def test_the_log_marks_forced_passes_in_every_language() -> None:
    """R2.6: the person's lone pass, played for him, is marked ``forced`` whatever the
    language of the view; the page says "(forced)" in its own words."""
    session = sessions.Session("g", bz.variants.TWO_PACK, seed=4, bot="random", seat=0)
    while not session.state.is_over:
        session.act(sessions.view(session, "fi")["legal"][0])
    logs = {lang: sessions.view(session, lang)["log"] for lang in i18n.LANGUAGES}
    assert any(entry.get("forced") for entry in logs["en"])
    assert all(log == logs["en"] for log in logs.values())
    words = json.loads((WEB / "static" / "words.json").read_text(encoding="utf-8"))
    assert (words["fi"]["(forced)"], words["de"]["(forced)"]) == ("(pakotettu)", "(erzwungen)")
