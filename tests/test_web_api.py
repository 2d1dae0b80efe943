"""The web app's JSON API (bezique.web), over HTTP with urllib.

The server runs in this process on 127.0.0.1 with an ephemeral port; no browser.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique.notation import card_text
from bezique.web import MAX_BODY, storage
from bezique.web import games as sessions
from bezique.web import serving as server
from webapi import api, call, open_store, serving, start_server, token_of

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[AKQJ987])([SHDC♠♥♦♣])(?![0-9A-Za-z])")
LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


web = pytest.fixture(scope="module", name="web")(serving)


def new_game(web: server.Running, **request: object) -> dict[str, Any]:
    status, game = call(api(web, "games"), "POST", {"variant": "two-pack", "seed": 7, **request})
    assert status == 200 and isinstance(game, dict), game
    return game


def state_of(web: server.Running, game_id: str) -> bz.State:
    state: bz.State = web.store.run(game_id, lambda session: session.state)
    return state


def play_out(web: server.Running, game: dict[str, Any],
             each: Any = lambda game: None) -> dict[str, Any]:
    """Play the human seat's first legal action until the deal is over."""
    token = token_of(game)
    for _ in range(2000):
        each(game)
        if game["over"]:
            return game
        status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                              {"action": game["legal"][0]}, token=token)
        assert status == 200, answer
        game = {**answer, "tokens": game["tokens"]}
        assert status == 200, game
    raise AssertionError("the deal did not end")


# ----------------------------------------------------------------------------- the contract


def test_a_new_game_holds_the_human_seats_observation_and_legal_actions(
        web: server.Running) -> None:
    game = new_game(web)
    assert {"id", "observation", "legal"} <= set(game)
    observation = bz.from_json(json.dumps(game["observation"]), bz.Observation)
    state = state_of(web, game["id"])
    assert observation == bz.observe(state, 0)
    assert state.to_move == 0  # the bot, who leads, has played
    assert game["legal"] == [bz.format_action(a) for a in bz.legal_actions(state)]
    assert game["log"] == [{"player": 1, "action": bz.format_action(bz.Play("7S"))}]
    tokens = game.pop("tokens")
    assert list(tokens) == ["0"] and len(tokens["0"]) >= 32
    assert call(api(web, f"games/{game['id']}"), token=tokens["0"])[1] == game


def test_the_same_seed_deals_the_same_cards(web: server.Running) -> None:
    first, second = new_game(web, seed=12), new_game(web, seed=12)
    assert first["id"] != second["id"]
    assert first["observation"] == second["observation"]
    assert first["observation"]["hand"] == [
        card_text(card) for card in bz.new_deal(bz.variants.TWO_PACK, seed=12).hands[0]]


@pytest.mark.parametrize("variant", [v.name for v in bz.variants.ALL])
def test_every_variant_can_be_played(web: server.Running, variant: str) -> None:
    game = new_game(web, variant=variant, seed=3)
    assert game["observation"]["variant"]["name"] == variant
    assert game["legal"] and game["observation"]["to_move"] == 0


def test_a_whole_deal_ends_with_the_librarys_result_and_record(web: server.Running) -> None:
    game = play_out(web, new_game(web, seed=21))
    assert game["legal"] == [] and game["observation"]["stage"] == "over"
    status, text = call(api(web, f"games/{game['id']}/record"), token=token_of(game))
    assert status == 200
    record = bz.Record.loads(text)
    assert record.seed == 21
    assert [bz.format_action(a) for a in record.actions] == [e["action"] for e in game["log"]]
    final = record.final()
    assert isinstance(final, bz.State)
    result = bz.deal_result(final)
    assert game["result"]["points"] == list(result.points)
    assert [b["total"] for b in game["result"]["breakdown"]] == list(result.points)
    assert game["result"]["breakdown"][0]["brisques"] == result.breakdown[0].brisques
    assert call(api(web, f"games/{game['id']}/actions"), "POST", {"action": "pass"},
                token=token_of(game))[0] == 400


def test_the_record_waits_for_the_end_of_the_deal(web: server.Running) -> None:
    game = new_game(web, seed=None)
    status, answer = call(api(web, f"games/{game['id']}/record"), token=token_of(game))
    assert status == 409 and "seed" in answer["error"]


# ----------------------------------------------------------------------------- refusals


def test_an_illegal_action_is_refused_with_its_rule(web: server.Running) -> None:
    game = new_game(web)
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                          {"action": "play AS"}, token=token_of(game))  # no A♠ held
    assert status == 400
    assert answer["rule"] == "R2.7" and "A♠" in answer["error"]
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                          {"action": "declare bezique QS JD"},
                          token=token_of(game))  # not after a won trick
    assert (status, answer["rule"]) == (400, "R3.1")


BAD_ACTIONS = {
    "not JSON": b"{play",
    "not an object": b'["play KS"]',
    "no action": b"{}",
    "action not a string": b'{"action": 5}',
    "not UTF-8": b'{"action": "\xff"}',
    "unknown verb": b'{"action": "bet 10"}',
    "bad card": b'{"action": "play QX"}',
    "card not held": b'{"action": "play AS"}',
    "wrong stage": b'{"action": "pass"}',
    "empty body": b"",
}


@pytest.mark.parametrize("body", BAD_ACTIONS.values(), ids=BAD_ACTIONS.keys())
def test_a_bad_request_is_refused_and_changes_nothing(web: server.Running, body: bytes) -> None:
    game = new_game(web)
    before = state_of(web, game["id"])
    token = game.pop("tokens")["0"]
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST", raw=body,
                          token=token)
    assert status == 400 and answer["error"]
    assert "rule" in answer
    assert state_of(web, game["id"]) is before
    assert call(api(web, f"games/{game['id']}"), token=token)[1] == game


BAD_GAMES = {
    "not JSON": b"variant=two-pack",
    "not an object": b'"two-pack"',
    "unknown variant": b'{"variant": "whist"}',
    "variant not a string": b'{"variant": 2}',
    "seed not a number": b'{"seed": "7"}',
    "negative seed": b'{"seed": -1}',
    "seed a boolean": b'{"seed": true}',
    "unknown bot": b'{"bot": "oracle"}',
    "bot not a string": b'{"bot": ["greedy"]}',
    "seat out of range": b'{"seat": 2}',
    "unknown field": b'{"players": 3}',
}


@pytest.mark.parametrize("body", BAD_GAMES.values(), ids=BAD_GAMES.keys())
def test_a_bad_new_game_is_refused(web: server.Running, body: bytes) -> None:
    count = len(web.store)
    status, answer = call(api(web, "games"), "POST", raw=body)
    assert status == 400 and answer["error"] and answer["rule"] is None
    assert len(web.store) == count


def test_an_unknown_variant_is_refused_naming_the_variants(web: server.Running) -> None:
    status, answer = call(api(web, "games"), "POST", {"variant": "whist"})
    assert status == 400 and "two-pack" in answer["error"] and "rubicon" in answer["error"]


@pytest.mark.parametrize("method,path", [("GET", "games/0123456789abcdef"),
                                         ("POST", "games/0123456789abcdef/actions"),
                                         ("GET", "games/0123456789abcdef/record"),
                                         ("GET", "nothing"), ("GET", "games/x/y/z")])
def test_an_unknown_game_or_route_is_404(web: server.Running, method: str, path: str) -> None:
    body = {"action": "pass"} if method == "POST" else None
    status, answer = call(api(web, path), method, body)
    assert status == 404 and answer["error"]


def test_a_body_over_64_kb_is_refused_and_changes_nothing(web: server.Running) -> None:
    game = new_game(web)
    before = state_of(web, game["id"])
    padding = " " * MAX_BODY
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                          raw=f'{{"action": "{game["legal"][0]}"}}{padding}'.encode(),
                          token=token_of(game))
    assert status == 413 and "65536" in answer["error"]
    assert state_of(web, game["id"]) is before
    status, _ = call(api(web, "games"), "POST", raw=b"{}" + padding.encode())
    assert status == 413


# ----------------------------------------------------------------------------- hidden cards


def cards_in(text: str) -> set[str]:
    return {rank + LETTER.get(suit, suit) for rank, suit in CARD.findall(text)}


@pytest.mark.parametrize("variant", ["two-pack", "four-handed", "chinese"])
def test_no_response_shows_a_card_the_human_seat_cannot_see(web: server.Running,
                                                              variant: str) -> None:
    """Every card named in any answer is named in the seat's own observation, while the
    other seats hold cards the observation never names."""
    hidden_seen = []

    def check(game: dict[str, Any]) -> None:
        text = json.dumps(game, ensure_ascii=False)
        visible = cards_in(json.dumps(game["observation"], ensure_ascii=False))
        assert cards_in(text) <= visible
        state = state_of(web, game["id"])
        held = {card_text(c) for h in state.hands[1:] for c in h}
        hidden_seen.append(bool(held - visible))

    game = new_game(web, variant=variant, seed=5)
    game = play_out(web, game, check)
    refused = call(api(web, f"games/{game['id']}/actions"), "POST", {"action": "play QS"},
                   token=token_of(game))[1]
    assert cards_in(json.dumps(refused, ensure_ascii=False)) <= {"QS"}
    assert hidden_seen[0], "the test needs hidden cards the observation does not name"


# ----------------------------------------------------------------------------- robustness


def test_a_request_waits_while_another_holds_the_game(web: server.Running) -> None:
    game = new_game(web, seed=9)
    holding, release = threading.Event(), threading.Event()
    held: list[sessions.Session] = []

    def hold(session: sessions.Session) -> None:
        held.append(session)
        holding.set()
        release.wait(30)

    holder = threading.Thread(target=web.store.run, args=(game["id"], hold))
    holder.start()
    assert holding.wait(30)
    before = held[0].state
    answers: list[tuple[int, Any]] = []
    mover = threading.Thread(target=lambda: answers.append(call(
        api(web, f"games/{game['id']}/actions"), "POST", {"action": game["legal"][0]},
        token=token_of(game))))
    mover.start()
    mover.join(0.5)  # the move cannot be served while the game is held
    assert mover.is_alive() and held[0].state is before and not answers
    release.set()
    holder.join()
    mover.join()
    assert answers[0][0] == 200 and held[0].state is not before


def test_concurrent_requests_to_one_game_are_served_one_at_a_time(web: server.Running) -> None:
    game = new_game(web, seed=9)
    start = threading.Barrier(8)
    statuses: list[int] = []

    def move(action: str) -> None:
        start.wait()
        statuses.append(call(api(web, f"games/{game['id']}/actions"), "POST",
                             {"action": action}, token=token_of(game))[0])

    threads = [threading.Thread(target=move, args=(game["legal"][k % len(game["legal"])],))
               for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    session_start, actions, state = web.store.run(
        game["id"], lambda s: (s.start, list(s.actions), s.state))
    replayed = session_start
    for action in actions:
        replayed = bz.apply(replayed, action)
    assert replayed == state
    log = call(api(web, f"games/{game['id']}"), token=token_of(game))[1]["log"]
    human = sum(1 for e in log if e["player"] == 0 and not e.get("forced"))
    assert statuses.count(200) == human >= 1
    assert set(statuses) <= {200, 400}


DAY = 86400.0


def test_a_game_leaves_the_memory_after_an_idle_hour_and_comes_back_from_the_database(
) -> None:
    clock = Clock()
    with server.running(store=open_store(clock=clock)) as web:
        game = new_game(web)
        url, token = api(web, f"games/{game['id']}"), token_of(game)
        before = state_of(web, game["id"])
        clock.now += 3601
        status, answer = call(url, token=token)  # rebuilt from the stored actions
        assert status == 200 and answer == {k: v for k, v in game.items() if k != "tokens"}
        assert state_of(web, game["id"]) == before
        assert state_of(web, game["id"]) is not before


def test_a_game_without_an_action_for_the_expiry_days_is_deleted_at_a_creation() -> None:
    clock = Clock()
    with server.running(store=open_store(clock=clock)) as web:
        kept, dropped = new_game(web), new_game(web)
        clock.now += 29 * DAY
        status, _ = call(api(web, f"games/{kept['id']}/actions"), "POST",
                         {"action": kept["legal"][0]}, token=token_of(kept))
        assert status == 200  # an action restarts the count
        clock.now += DAY + 1
        assert len(web.store) == 2  # nothing is deleted but at startup or a creation
        new_game(web)
        assert len(web.store) == 2
        status, answer = call(api(web, f"games/{dropped['id']}"), token=token_of(dropped))
        assert status == 404 and "30 days" in answer["error"]
        assert call(api(web, f"games/{kept['id']}"), token=token_of(kept))[0] == 200


def test_the_expiry_rule_runs_when_a_server_starts_on_the_database(tmp_path: Path) -> None:
    clock = Clock()
    path = str(tmp_path / "games.sqlite")
    db = storage.Database(path)
    with server.running(store=open_store(clock=clock, db=db)) as web:
        game = new_game(web)
    db.close()
    clock.now += 3 * DAY
    db = storage.Database(path)
    sessions.GameStore(clock=clock, db=db, expire_days=4)
    assert db.ids() == [game["id"]]
    sessions.GameStore(clock=clock, db=db, expire_days=2)
    assert db.ids() == []
    db.close()


def test_a_full_store_refuses_new_games_until_one_expires() -> None:
    clock = Clock()
    with server.running(store=open_store(clock=clock, max_games=2)) as web:
        new_game(web)
        new_game(web)
        status, answer = call(api(web, "games"), "POST", {})
        assert status == 503 and answer["error"]
        clock.now += 30 * DAY + 1
        assert new_game(web)["id"]


def test_the_page_and_its_files_are_served(web: server.Running) -> None:
    status, page = call(web.url)
    assert status == 200 and "/app.js" in page and "/style.css" in page
    for name in ("app.js", "style.css"):
        assert call(web.url + name)[0] == 200
    assert call(web.url + "../server.py")[0] == 404
    status, answer = call(api(web, "variants"))
    assert [v["name"] for v in answer["variants"]] == [v.name for v in bz.variants.ALL]
    assert answer["bots"] == ["greedy", "search", "random", "level1", "level2", "level3",
                              "level4", "level5"]
    for icon in ("favicon.ico", "favicon.svg"):  # issue 39: no 404 in the browser's console
        status, svg = call(web.url + icon)
        assert status == 200 and svg.startswith("<svg")


@pytest.mark.parametrize("verbose", [False, True])
def test_the_command_says_where_it_serves_and_more_only_if_asked(verbose: bool) -> None:
    """One line on standard error: the address, the database, how to stop it; with
    ``--verbose`` every request too."""
    process, url = start_server("--bot", "random", *(["--verbose"] if verbose else []))
    try:
        status, answer = call(url + "api/games", "POST", {})
        assert status == 200 and answer["bot"] == "random"
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert out == ""
    first = f"bezique serve: {url} (database: in memory); Ctrl+C stops it\n"
    if verbose:
        assert err.startswith(first) and "POST /api/games" in err
    else:
        assert err == first


@pytest.mark.parametrize(("lang", "line"), [
    ("fi", "bezique serve: {url} (tietokanta: {db}); Ctrl+C pysäyttää sen\n"),
    ("de", "bezique serve: {url} (Datenbank: {db}); Strg+C beendet ihn\n")])
def test_the_command_says_where_it_serves_in_the_chosen_language(
        lang: str, line: str, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    process, url = start_server("--db", db, "--lang", lang)
    process.terminate()
    out, err = process.communicate(timeout=30)
    assert (out, err) == ("", line.format(url=url, db=db))
