"""The web app in the players' languages: ``?lang=`` on the API (refusals and combination
names through bezique.i18n) and the page's own words (bezique/web/static/words.json)."""

from __future__ import annotations

import contextlib
import json
import re
import socket
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


# ----------------------------------------------------------------------------- refusals

_ENGLISH = ("the", "is", "not", "must", "game", "games", "request", "requests", "body",
            "bytes", "seat", "seats", "token", "unknown", "at most", "hour", "address",
            "server", "move", "moves", "action", "deal", "over", "available", "hint",
            "review", "page", "allowed", "method", "connections", "try", "again", "later",
            "deleted", "days", "without", "field", "fields", "bots", "variants", "number",
            "whole", "too", "many", "long", "are", "has", "have", "only", "yet", "play",
            "wait", "shortly", "limit", "and", "of", "from", "with", "internal", "error",
            "log", "line", "column", "accepted", "levels", "deeper", "first", "message")
"""English words of the server's refusals, none of which a Finnish or German one says."""

_TYPED = re.compile(r'"[^"]*"|\'[^\']*\'|Authorization: Bearer <token>|Authorization|'
                    r"application/json|Content-Length|WebSockets?|JSON|UTF-8")
"""What a refusal names as it is typed or sent: quoted values and fields, headers, formats."""


def english_in(text: str) -> list[str]:
    """The English words of :data:`_ENGLISH` in ``text`` (what is typed aside; case counts:
    German "Bots" is German)."""
    words = _TYPED.sub(" ", text)
    return [w for w in _ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words)]


def _refusals(web: server.Running, lang: str) -> dict[str, tuple[int, dict[str, str]]]:
    """One refusal of each kind the server's routes give, asked in ``lang``."""
    url, q = web.url + "api/", f"?lang={lang}"
    _, game = call(url + "games" + q, "POST", {"variant": "two-pack", "seed": 7})
    game_url, token = url + f"games/{game['id']}", token_of(game)
    _, hot = call(url + "games" + q, "POST", {"seats": ["human", "human"], "seed": 7})
    waiting = token_of(hot, 1 - hot["observation"]["to_move"])
    asked = {
        "bad json": ("POST", url + "games" + q, b"{", None, "application/json"),
        "not utf-8": ("POST", url + "games" + q, b'{"a": "\xff"}', None, "application/json"),
        "nan": ("POST", url + "games" + q, b'{"seed": NaN}', None, "application/json"),
        "deep": ("POST", url + "games" + q, b"[" * 40 + b"]" * 40, None, "application/json"),
        "not an object": ("POST", url + "games" + q, b"[]", None, "application/json"),
        "unknown field": ("POST", url + "games" + q, b'{"x": 1}', None, "application/json"),
        "bad variant": ("POST", url + "games" + q, b'{"variant": "whist"}', None, None),
        "variant not a name": ("POST", url + "games" + q, b'{"variant": 2}', None, None),
        "bad seed": ("POST", url + "games" + q, b'{"seed": -1}', None, None),
        "bad whole": ("POST", url + "games" + q, b'{"whole_game": 1}', None, None),
        "unknown bot": ("POST", url + "games" + q, b'{"bot": "oracle"}', None, None),
        "bad seat": ("POST", url + "games" + q, b'{"seat": 5}', None, None),
        "both": ("POST", url + "games" + q, b'{"seats": [], "bot": "random"}', None, None),
        "seats list": ("POST", url + "games" + q, b'{"seats": ["human"]}', None, None),
        "unknown seat": ("POST", url + "games" + q, b'{"seats": ["human", "x"]}', None, None),
        "no human": ("POST", url + "games" + q, b'{"seats": ["bot:random", "bot:random"]}',
                     None, None),
        "415": ("POST", url + "games" + q, b"{}", None, "text/plain"),
        "413": ("POST", url + "games" + q, b" " * 70000, None, None),
        "no action": ("POST", game_url + "/actions" + q, b"{}", token, None),
        "bad after": ("POST", game_url + "/actions" + q, b'{"action": "pass", "after": -1}',
                      token, None),
        "long action": ("POST", game_url + "/actions" + q, b'{"action": "' + b"p" * 300 + b'"}',
                        token, None),
        "unreadable action": ("POST", game_url + "/actions" + q, b'{"action": "bet 10"}',
                              token, None),
        "stale": ("POST", game_url + "/actions" + q, b'{"action": "pass", "after": 99}', token,
                  None),
        "401": ("GET", game_url + q, None, None, None),
        "401 bad header": ("GET", game_url + q, None, "two words", None),
        "403": ("GET", game_url + q, None, "not-a-seat", None),
        "after not a number": ("GET", game_url + q + "&after=x", None, token, None),
        "record": ("GET", game_url + "/record" + q, None, token, None),
        "hint out of turn": ("GET", url + f"games/{hot['id']}/hint" + q, None, waiting, None),
        "review": ("GET", game_url + "/review" + q, None, token, None),
        "no game": ("GET", url + "games/0123456789abcdef" + q, None, None, None),
        "no page": ("GET", url + "nothing" + q, None, None, None),
        "405": ("DELETE", url + "games" + q, None, None, None),
        "501": ("BREW", url + "games" + q, None, None, None),
    }
    found = {}
    for name, (method, address, raw, seat, kind) in asked.items():
        headers = {"Content-Type": kind} if kind else {}
        if seat == "two words":
            headers["Authorization"], seat = "Basic two words", None
        found[name] = call(address, method, raw=raw, token=seat, headers=headers)
    return found


@pytest.mark.parametrize("lang", ["fi", "de"])
def test_every_refusal_of_the_server_comes_in_the_requests_language(
        web: server.Running, lang: str) -> None:
    """Issue 39: the server's own refusals (400, 401, 403, 404, 405, 409, 413, 415, 501,
    here; 408, 429, 503 below) say no English word in Finnish or German; ``error`` stays
    English and the JSON keeps its shape."""
    said = _refusals(web, lang)
    statuses = {status for status, _ in said.values()}
    assert statuses == {400, 401, 403, 404, 405, 409, 413, 415, 501}, said
    for name, (_, answer) in said.items():
        assert set(answer) <= {"error", "rule", "message", "code"}, name
        assert answer["message"] != answer["error"], (name, answer)
        assert english_in(answer["message"]) == [], (name, answer["message"])
        assert english_in(answer["error"]), (name, answer["error"])  # the check sees English


@pytest.mark.parametrize(("lang", "words"), [
    ("fi", "peliä '0123456789abcdef' ei ole (tuntematon, tai poistettu, kun siinä ei ollut "
           "siirtoja 30 päivään)"),
    ("de", "keine Partie '0123456789abcdef' (unbekannt oder nach 30 Tagen ohne Zug gelöscht)")])
def test_an_unknown_game_is_told_in_the_language(web: server.Running, lang: str,
                                                 words: str) -> None:
    status, answer = call(web.url + f"api/games/0123456789abcdef?lang={lang}")
    assert status == 404 and answer == {
        "error": "no game '0123456789abcdef' (unknown, or deleted after 30 days without an "
                 "action)", "rule": None, "message": words}


@pytest.mark.parametrize("lang", ["fi", "de"])
def test_the_limits_refusals_come_in_the_language(lang: str) -> None:
    """429 (games never played, the hourly rate of new games and of hints, the waits of one
    address), 503 (a full store), 408 (a body that does not come) and 500, in the
    request's language."""
    from bezique.web import app, limits

    unplayed = limits.CreationLimit(burst=10, unplayed=1)
    unplayed.created("1.2.3.4", "g", 0.0)
    once = limits.CreationLimit(burst=1, per_hour=0.5)
    once.admit("1.2.3.4", 0.0)
    hints = limits.RateLimit(burst=1, per_hour=2.5, what="hints and reviews")
    hints.admit("1.2.3.4", 0.0)
    waits = limits.WaitLimit(1)
    full = sessions.GameStore(max_games=1, limit=limits.CreationLimit(burst=10, unplayed=10))
    full.create({})
    refusals, held = [], contextlib.ExitStack()
    held.enter_context(waits.hold("a"))
    for refuse in (lambda: unplayed.admit("1.2.3.4", 0.0), lambda: once.admit("1.2.3.4", 0.0),
                   lambda: hints.admit("1.2.3.4", 0.0), lambda: full.create({}),
                   lambda: held.enter_context(waits.hold("a"))):
        with pytest.raises(views.RequestError) as refused:
            refuse()
        refusals.append((refused.value.status, refused.value.payload(lang)))
    assert [status for status, _ in refusals] == [429, 429, 429, 503, 429]
    assert "2,5" in refusals[2][1]["message"]  # the language's decimal mark
    slow = server.Limits(request_timeout=0.3)
    with (server.running(store=open_store(), limits=slow) as web,
          socket.create_connection(("127.0.0.1", web.server_address[1]), timeout=30) as s):
        s.sendall(f"POST /api/games?lang={lang} HTTP/1.1\r\nHost: x\r\nContent-Type: "
                  "application/json\r\nContent-Length: 9\r\n\r\n{}".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408")
    refusals.append((408, json.loads(answer.partition(b"\r\n\r\n")[2])))
    refusals.append((500, json.loads(app._internal(_Request(lang), RuntimeError()).body)))
    for status, answer in refusals:
        assert english_in(answer["message"]) == [], (status, answer)
        assert answer["message"] != answer["error"], (status, answer)


class _Request:
    """Enough of a request for the app's error handlers: its ``?lang=``."""

    def __init__(self, lang: str) -> None:
        from starlette.datastructures import QueryParams

        self.query_params = QueryParams(f"lang={lang}")
