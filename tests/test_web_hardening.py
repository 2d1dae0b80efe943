"""The web app against a hostile client (issue 40's audit, each finding with its test).

1. creation limited per address (429 with Retry-After), unplayed games by quota, JSON
   bodies only (a cross-site form's ``text/plain`` is 415);
2. an unfinished request, or a Content-Length longer than its body, is answered 408 and
   closed: it holds no thread and no other player waits for it;
3. ``"after"`` on an action: a retried request never plays twice (409 ``stale``);
4. ``--expire-days`` below 1 is refused and deletes nothing;
5. malformed and absurd input is 400, never 500, and no answer shows an exception;
6. the security headers on every answer; the bots a client may choose, and the
   search bots' cost bounded by the server's search slots.

The server runs in this process (``bezique.web.running``) on the loopback.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique.web import GameStore, Limits, app, players, running, storage
from bezique.web.limits import CreationLimit
from bezique.web.serving import Running
from webapi import ROOT, api, call, enough_files, open_store, token_of


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


SECURITY = {"content-security-policy", "x-frame-options", "referrer-policy",
            "x-content-type-options"}


@pytest.fixture(scope="module")
def web() -> Iterator[Running]:
    with running(store=open_store(), limits=Limits(request_timeout=1.0)) as served:
        yield served


def raw(web: Running, data: bytes, *, timeout: float = 60) -> bytes:
    """Send ``data`` on a connection of its own; everything the server sends until it
    closes the connection."""
    with socket.create_connection(("127.0.0.1", web.server_address[1]), timeout=timeout) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


def new_game(web: Running, **request: Any) -> dict[str, Any]:
    status, game = call(api(web, "games"), "POST", {"seed": 7, **request})
    assert status == 200, game
    return game


# ----------------------------------------------------------------------------- 1. creation


def test_game_creation_is_limited_per_address_with_retry_after() -> None:
    clock = Clock()
    limit = CreationLimit(burst=3, per_hour=60, unplayed=100)
    with running(store=GameStore(clock=clock, limit=limit)) as web:
        for _ in range(3):
            new_game(web)
        count = len(web.store)
        status, answer = call(api(web, "games"), "POST", {})
        assert status == 429 and answer["code"] == "too_many" and len(web.store) == count
        headers = call_headers(web, "POST", "api/games", b"{}",
                               {"Content-Type": "application/json"})
        assert headers["status"] == 429 and int(headers["retry-after"]) == 60
        clock.now += 60  # one game a minute after the burst
        new_game(web)
        assert call(api(web, "games"), "POST", {})[0] == 429


def test_an_address_counts_by_x_forwarded_for_only_behind_a_trusted_proxy() -> None:
    limit = dict(burst=1, per_hour=1, unplayed=100)
    behind = {"X-Forwarded-For": "192.0.2.1"}
    with running(store=GameStore(limit=CreationLimit(**limit))) as web:
        assert call(api(web, "games"), "POST", {}, headers=behind)[0] == 200
        other = {"X-Forwarded-For": "192.0.2.2"}  # not trusted: still the loopback's game
        assert call(api(web, "games"), "POST", {}, headers=other)[0] == 429
    with running(store=GameStore(limit=CreationLimit(**limit)),
                 forwarded_allow_ips="127.0.0.1") as web:
        assert call(api(web, "games"), "POST", {}, headers=behind)[0] == 200
        assert call(api(web, "games"), "POST", {}, headers=behind)[0] == 429
        other = {"X-Forwarded-For": "192.0.2.2"}
        assert call(api(web, "games"), "POST", {}, headers=other)[0] == 200


def test_games_that_never_get_a_move_have_a_quota_per_address() -> None:
    limit = CreationLimit(burst=100, unplayed=2)
    with running(store=GameStore(limit=limit)) as web:
        first, _ = new_game(web), new_game(web)
        status, answer = call(api(web, "games"), "POST", {})
        assert status == 429 and "no move" in answer["error"]
        status, _ = call(api(web, f"games/{first['id']}/actions"), "POST",
                         {"action": first["legal"][0]}, token=token_of(first))
        assert status == 200  # a person acted: the game no longer counts
        new_game(web)
        assert call(api(web, "games"), "POST", {})[0] == 429


def test_the_database_deletes_unplayed_games_after_their_days() -> None:
    clock = Clock()
    store = GameStore(clock=clock, unplayed_days=1, limit=CreationLimit(burst=10))
    played = store.create({"seed": 1})
    store.create({"seed": 2})  # no person acts in it
    store.act(played["id"], token_of(played), played["legal"][0])
    clock.now += 86400 + 1
    made = store.create({"seed": 3})
    assert isinstance(store.db, storage.Database)
    assert set(store.db.ids()) == {played["id"], made["id"]}


@pytest.mark.parametrize("kind", [None, "text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", "application/jsonx"])
def test_a_post_that_is_not_json_is_415_and_changes_nothing(web: Running,
                                                            kind: str | None) -> None:
    """A cross-site form can post text/plain without a preflight; the API takes JSON only."""
    game = new_game(web)
    count = len(web.store)
    headers = {"Content-Type": kind} if kind else {}
    assert call_headers(web, "POST", "api/games", b"{}", headers)["status"] == 415
    assert len(web.store) == count
    path = f"api/games/{game['id']}/actions"
    body = json.dumps({"action": game["legal"][0]}).encode()
    answer = call_headers(web, "POST", path, body,
                          {**headers, "Authorization": f"Bearer {token_of(game)}"})
    assert answer["status"] == 415
    assert call(api(web, f"games/{game['id']}"), token=token_of(game))[1]["moves"] == \
        game["moves"]


def call_headers(web: Running, method: str, path: str, body: bytes | None = None,
                 headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The answer's status, headers (lower-case names) and body, for a request sent with
    exactly these headers (no Content-Type added)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", web.server_address[1], timeout=60)
    connection.request(method, "/" + path, body=body, headers=headers or {})
    response = connection.getresponse()
    found: dict[str, Any] = {k.lower(): v for k, v in response.getheaders()}
    found["status"], found["body"] = response.status, response.read()
    connection.close()
    return found


# ----------------------------------------------------------------------------- 2. time


@pytest.mark.parametrize("head", [
    b"GET / HTTP/1.1\r\nHost: x\r\n",  # the head never ends
    b"GET / HT",  # nor the request line
    b""])  # nothing at all
def test_an_unfinished_request_is_answered_408_and_closed(web: Running, head: bytes) -> None:
    answer = raw(web, head)
    assert answer.startswith(b"HTTP/1.0 408") and b"application/json" in answer
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]


def test_a_content_length_longer_than_the_body_is_answered_408(web: Running) -> None:
    answer = raw(web, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nContent-Length: 100\r\n\r\n{}")
    assert answer.startswith(b"HTTP/1.1 408") and b"connection: close" in answer.lower()


def test_a_thousand_unfinished_requests_hold_no_thread_and_no_player(web: Running) -> None:
    enough_files(4096)
    threads = threading.active_count()
    holders = []
    try:
        for k in range(1000):
            holder = socket.create_connection(("127.0.0.1", web.server_address[1]), timeout=60)
            holder.sendall(b"POST /api/games HTTP/1.1\r\nContent-Length: 9\r\n" if k % 2 else
                           b"POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 900\r\n\r\n{")
            holders.append(holder)
        game = new_game(web)  # another player is served meanwhile
        assert call(api(web, f"games/{game['id']}"), token=token_of(game))[0] == 200
        assert threading.active_count() < threads + 45  # the worker threads at most
    finally:
        for holder in holders:
            holder.close()


# ----------------------------------------------------------------------------- 3. retries


def test_every_game_answer_carries_moves(web: Running) -> None:
    game = new_game(web, seats=["human", "human"])
    assert game["moves"] == 0
    token = token_of(game, 1)
    seen = call(api(web, f"games/{game['id']}"), token=token)[1]
    after = call(api(web, f"games/{game['id']}/actions"), "POST",
                 {"action": seen["legal"][0], "after": 0}, token=token)[1]
    assert seen["moves"] == 0 and after["moves"] == 1


def test_a_retried_action_never_plays_twice(web: Running) -> None:
    game = new_game(web, seats=["human", "human"])
    token = token_of(game, 1)
    seen = call(api(web, f"games/{game['id']}"), token=token)[1]
    body = {"action": seen["legal"][0], "after": seen["moves"]}
    status, first = call(api(web, f"games/{game['id']}/actions"), "POST", body, token=token)
    assert status == 200
    for _ in range(3):  # the same request sent again (a lost answer, a double click)
        status, again = call(api(web, f"games/{game['id']}/actions"), "POST", body, token=token)
        assert status == 409 and again["code"] == "stale" and again["rule"] is None
    assert call(api(web, f"games/{game['id']}"), token=token)[1]["moves"] == first["moves"]
    row = web.store.db.load(game["id"])
    assert row is not None and len(row.actions) == first["moves"]


@pytest.mark.parametrize("after", [-1, "1", True, 1.5, 10**12, None])
def test_a_bad_after_is_400(web: Running, after: object) -> None:
    game = new_game(web)
    body: dict[str, Any] = {"action": game["legal"][0], "after": after}
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST", body,
                          token=token_of(game))
    assert status == (200 if after is None else 400), answer


# ----------------------------------------------------------------------------- 4. expiry


@pytest.mark.parametrize("days", ["0", "-1", "0.5", "nan", "inf"])
def test_an_expiry_below_a_day_is_refused_and_deletes_nothing(tmp_path: Path,
                                                              days: str) -> None:
    path = tmp_path / "games.sqlite"
    store = GameStore(db=storage.Database(str(path)))
    game = store.create({})
    store.db.close()
    done = subprocess.run([sys.executable, "-m", "bezique", "serve", "--db", str(path),
                           "--expire-days", days], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, check=False)
    assert done.returncode == 2 and "--expire-days" in done.stderr
    assert "Traceback" not in done.stderr
    assert storage.Database(str(path)).ids() == [game["id"]]
    with pytest.raises(bz.BeziqueError, match="at least 1 day"):
        GameStore(expire_days=float(days) if days != "inf" else 0.0)


# ----------------------------------------------------------------------------- 5. input


ABSURD = {
    "nested 1000 deep": b"[" * 1000 + b"]" * 1000,
    "nested 20 deep": b'{"seats": ' + b"[" * 20 + b"]" * 20 + b"}",
    "a 5000-digit seed": b'{"seed": ' + b"9" * 5000 + b"}",
    "a seed of 1e400": b'{"seed": 1e400}',
    "NaN": b'{"seed": NaN}',
    "Infinity": b'{"seed": Infinity}',
    "a long variant": b'{"variant": "' + b"x" * 30000 + b'"}',
    "seats of numbers": b'{"seats": [1, 2]}',
    "seats of objects": b'{"seats": [{}, []]}',
    "a lone surrogate": b'{"variant": "\\ud800"}',
    "UTF-16": '{"seed": 1}'.encode("utf-16"),
    "a bare number": b"5",
    "null": b"null",
}


@pytest.mark.parametrize("body", ABSURD.values(), ids=ABSURD.keys())
def test_absurd_new_games_are_400_and_show_no_exception(web: Running, body: bytes) -> None:
    answer = call_headers(web, "POST", "api/games", body, {"Content-Type": "application/json"})
    assert answer["status"] == 400
    shown = json.loads(answer["body"])
    assert set(shown) == {"error", "rule", "message"} and len(shown["error"]) < 300
    assert "Traceback" not in shown["error"] and "Error" not in shown["error"]


@pytest.mark.parametrize("query", ["?after=%C2%B2", "?after=-1", "?after=1e3", "?after=",
                                   "?after=" + "9" * 5000, "?lang=%FF", "?lang=" + "x" * 5000,
                                   "?after=%00", "?after=%D9%A3"])
def test_absurd_queries_are_400(web: Running, query: str) -> None:
    game = new_game(web)
    status, answer = call(api(web, f"games/{game['id']}{query}"), token=token_of(game))
    assert status == 400 and answer["error"], answer


@pytest.mark.parametrize("action", ["", " ", "play " + "Q" * 5000, "\x00", "play QS\n",
                                    "declare", "0: 1: play QS", "9" * 5000 + ": pass",
                                    "announce bezique", "guess 99999999999999999999"])
def test_absurd_actions_are_400_and_change_nothing(web: Running, action: str) -> None:
    game = new_game(web)
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST", {"action": action},
                          token=token_of(game))
    assert status == 400 and answer["error"]
    assert call(api(web, f"games/{game['id']}"), token=token_of(game))[1]["moves"] == \
        game["moves"]


@pytest.mark.parametrize("header", ["Bearer " + "x" * 5000, "Bearer \x7f", "Bearer é"])
def test_absurd_tokens_are_refused(web: Running, header: str) -> None:
    game = new_game(web)
    answer = call_headers(web, "GET", f"api/games/{game['id']}", None,
                          {"Authorization": header})
    assert answer["status"] in (401, 403)


def test_bad_content_lengths_are_refused(web: Running) -> None:
    for length in (b"-1", b"x", b"1" * 30):
        answer = raw(web, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: "
                          b"application/json\r\nContent-Length: " + length + b"\r\n\r\n{}")
        assert answer.split(b" ", 2)[1] in (b"400", b"413"), answer[:100]


def test_a_chunked_body_over_64_kib_is_413(web: Running) -> None:
    chunk = b"%x\r\n%s\r\n" % (app.MAX_BODY + 10, b" " * (app.MAX_BODY + 10))
    answer = raw(web, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + b"0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413")


def test_a_bug_is_500_without_the_exception() -> None:
    store = open_store()
    with running(store=store) as web:
        game = new_game(web)

        def broken(*args: Any, **kwargs: Any) -> None:
            raise KeyError("secret detail")

        store.look_now = store.look_view = broken  # type: ignore[method-assign]
        status, answer = call(api(web, f"games/{game['id']}"), token=token_of(game))
    assert status == 500 and "secret" not in json.dumps(answer)
    assert "KeyError" not in json.dumps(answer) and answer["rule"] is None


# ----------------------------------------------------------------------------- 6. headers, bots


@pytest.mark.parametrize("method,path,body", [
    ("GET", "", None), ("GET", "app.js", None), ("GET", "words.json", None),
    ("GET", "api/variants", None), ("POST", "api/games", b"{}"),
    ("GET", "api/nothing", None), ("DELETE", "api/games", None), ("BREW", "", None),
    ("POST", "api/games", b"x" * 70000), ("GET", "api/games/0123456789abcdef", None)])
def test_every_answer_carries_the_security_headers(web: Running, method: str, path: str,
                                                   body: bytes | None) -> None:
    answer = call_headers(web, method, path, body, {"Content-Type": "application/json"})
    assert set(answer) >= SECURITY, (answer["status"], sorted(answer))
    assert answer["x-frame-options"] == "DENY" and answer["referrer-policy"] == "no-referrer"
    assert answer["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in answer["content-security-policy"]
    assert "frame-ancestors 'none'" in answer["content-security-policy"]


def test_the_http_refusals_carry_the_security_headers_too(web: Running) -> None:
    head = raw(web, b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % k for k in range(101)))
    assert head.startswith(b"HTTP/1.0 431")
    assert all(name.encode() in head.lower() for name in SECURITY)


def test_the_bots_a_client_may_choose_come_from_one_table(web: Running) -> None:
    levels = [f"level{n}" for n in range(1, 6)]  # issue 38: the five levels
    assert list(players.BOTS) == ["greedy", "search", "random", *levels]
    assert call(api(web, "variants"))[1]["bots"] == list(players.BOTS)
    assert players.seat_kinds() == ["human", "bot:greedy", "bot:search", "bot:random",
                                    *(f"bot:{name}" for name in levels)]
    assert [name for name, bot in players.BOTS.items() if bot.heavy] == [
        "search", "level3", "level4", "level5"]  # the exact ending and the searches
    assert [players.BOTS[name].make() for name in levels] == [
        bz.bots.level(n) for n in range(1, 6)]
    status, answer = call(api(web, "games"), "POST", {"seats": ["human", "bot:level9"]})
    assert status == 400 and "bot:search" in answer["error"]


def test_search_bots_decide_one_at_a_time_server_wide() -> None:
    """A heavy bot's decision takes a search slot; with one slot, a second decision waits
    while the first one runs."""
    slots = players.SearchSlots(1)
    inside, release = threading.Event(), threading.Event()
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    observation = bz.observe(state, state.to_move or 0)

    class Slow:
        def choose(self, observation: bz.Observation, rng: Any) -> bz.Action:
            inside.set()
            assert release.wait(60)
            return bz.legal_actions(observation)[0]

    import random

    worker = threading.Thread(target=slots.choose, args=(Slow(), observation, random.Random(1)))
    worker.start()
    assert inside.wait(60)
    assert not slots._slots.acquire(blocking=False)  # the only slot is taken
    release.set()
    worker.join(60)
    assert slots._slots.acquire(blocking=False)
    with pytest.raises(bz.BeziqueError):
        players.SearchSlots(0)


@pytest.mark.parametrize("bot", ["search", "level4", "level5"])
def test_a_game_of_search_bots_plays_through_the_stores_slots(bot: str) -> None:
    """The search bot and the searching levels (issue 38) take the store's slots."""
    store = open_store(search_slots=1)
    used: list[int] = []
    real = store.slots.choose

    def counted(*args: Any) -> bz.Action:
        used.append(1)
        return real(*args)

    store.slots.choose = counted  # type: ignore[method-assign]
    game = store.create({"variant": "two-pack", "seed": 3, "seats": ["human", f"bot:{bot}"]})
    store.act(game["id"], token_of(game), game["legal"][0])
    assert used  # the bot's replies went through the slots
