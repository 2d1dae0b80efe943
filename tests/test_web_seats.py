"""The web app's seats (bezique.web): people and bots in any mix, a token per
person, whole games, lone passes, JSON errors; over HTTP against an in-process server."""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
from typing import Any

import pytest

import bezique as bz
from bezique.notation import card_text
from bezique.web import serving as server
from bezique.web import storage
from webapi import api, call, serving, token_of

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[AKQJ987])([SHDC♠♥♦♣])(?![0-9A-Za-z])")
LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


web = pytest.fixture(scope="module", name="web")(serving)


def create(web: server.Running, **request: object) -> dict[str, Any]:
    status, game = call(api(web, "games"), "POST", request)
    assert status == 200, game
    return game


def position(web: server.Running, game_id: str) -> bz.State | bz.Game:
    found: bz.State | bz.Game = web.store.run(game_id, lambda session: session.position)
    return found


def cards_in(text: str) -> set[str]:
    return {rank + LETTER.get(suit, suit) for rank, suit in CARD.findall(text)}


def check_view(web: server.Running, answer: dict[str, Any], seat: int) -> None:
    """The answer is ``seat``'s: its observation is the library's, and no card outside it
    is named anywhere in the answer."""
    assert answer["seat"] == seat
    now = position(web, answer["id"])
    assert bz.from_json(json.dumps(answer["observation"]), bz.Observation) == bz.observe(now, seat)
    visible = cards_in(json.dumps(answer["observation"], ensure_ascii=False))
    assert cards_in(json.dumps(answer, ensure_ascii=False)) <= visible
    assert answer["legal"] == [bz.format_action(a) for a in bz.legal_actions(bz.observe(now, seat))]
    assert answer["legal"] != ["pass"]  # a lone pass is played for the person


# ----------------------------------------------------------------------------- seats


def test_people_get_a_token_each_and_see_only_their_own_seat(web: server.Running) -> None:
    game = create(web, variant="two-pack", seed=7, seats=["human", "human"])
    assert sorted(game["tokens"]) == ["0", "1"] and game["seats"] == ["human", "human"]
    assert len(set(game["tokens"].values())) == 2
    assert game["moves"] == 0 and game["seat"] == 0
    for seat in (0, 1):
        status, answer = call(api(web, f"games/{game['id']}"), token=token_of(game, seat))
        assert status == 200
        check_view(web, answer, seat)
        assert "tokens" not in answer
    state = position(web, game["id"])
    assert isinstance(state, bz.State)
    assert state.to_move == 1 and state.hands[0] != state.hands[1]
    status, answer = call(api(web, f"games/{game['id']}"), token=token_of(game, 0))
    held = {card_text(c) for c in state.hands[1]}
    assert not held & cards_in(json.dumps(answer, ensure_ascii=False)) - {
        card_text(c) for c in state.hands[0]}


def test_the_bots_play_their_seats_on_the_server(web: server.Running) -> None:
    game = create(web, variant="four-handed", seed=3,
                  seats=["bot:random", "human", "bot:greedy", "human"])
    assert sorted(game["tokens"]) == ["1", "3"] and game["seat"] == 1
    assert position(web, game["id"]).to_move == 1 and game["log"] == []  # seat 1 leads
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                          {"action": game["legal"][0]}, token=token_of(game, 1))
    assert status == 200
    assert [e["player"] for e in answer["log"]] == [1, 2]  # the bot at seat 2 has played
    assert position(web, game["id"]).to_move == 3


def test_the_older_request_still_gives_one_person_against_bots(web: server.Running) -> None:
    game = create(web, variant="three-handed", seed=2, bot="random", seat=1)
    assert game["seats"] == ["bot:random", "human", "bot:random"]
    assert list(game["tokens"]) == ["1"] and game["bot"] == "random"


BAD_SEATS = {
    "seats not a list": {"seats": "human"},
    "too few seats": {"seats": ["human"]},
    "too many seats": {"seats": ["human", "human", "human"]},
    "unknown seat": {"seats": ["human", "robot"]},
    "unknown bot": {"seats": ["human", "bot:oracle"]},
    "no person": {"seats": ["bot:greedy", "bot:random"]},
    "seats and bot": {"seats": ["human", "human"], "bot": "greedy"},
    "seats and seat": {"seats": ["human", "human"], "seat": 1},
    "whole_game not a boolean": {"whole_game": 1},
}


@pytest.mark.parametrize("body", BAD_SEATS.values(), ids=BAD_SEATS.keys())
def test_a_bad_seat_request_is_refused_and_stores_nothing(web: server.Running,
                                                          body: dict[str, Any]) -> None:
    count = len(web.store)
    status, answer = call(api(web, "games"), "POST", body)
    assert status == 400 and answer["error"] and answer["rule"] is None
    assert len(web.store) == count


# ----------------------------------------------------------------------------- attacks


def two_people(web: server.Running) -> dict[str, Any]:
    return create(web, variant="two-pack", seed=11, seats=["human", "human"])


def refused(web: server.Running, game: dict[str, Any], status: int, *, token: str | None = None,
            headers: dict[str, str] | None = None, action: str | None = None) -> dict[str, Any]:
    """Send the action of the seat to move (or ``action``) with these credentials: refused
    with ``status``, and nothing changed."""
    before = position(web, game["id"])
    to_move = before.to_move
    assert to_move is not None
    mover = bz.observe(before, to_move)
    text = action or bz.format_action(bz.legal_actions(mover)[0])
    moves = web.store.run(game["id"], lambda s: len(s.actions))
    got, answer = call(api(web, f"games/{game['id']}/actions"), "POST", {"action": text},
                       token=token, headers=headers)
    assert got == status, answer
    assert set(answer) == {"error", "rule", "message"} and answer["error"]
    assert position(web, game["id"]) is before
    assert web.store.run(game["id"], lambda s: len(s.actions)) == moves
    row = web.store.db.load(game["id"])
    assert row is not None and len(row.actions) == moves
    return answer


def test_no_token_is_401(web: server.Running) -> None:
    game = two_people(web)
    answer = refused(web, game, 401)
    assert "Bearer" in answer["error"]
    for path in (f"games/{game['id']}", f"games/{game['id']}/record"):
        status, answer = call(api(web, path))
        assert status == 401 and answer["rule"] is None


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "token",
                                    "Bearer a b", "bearer"])
def test_a_malformed_authorization_is_401(web: server.Running, header: str) -> None:
    game = two_people(web)
    refused(web, game, 401, headers={"Authorization": header})


def test_a_wrong_token_is_403(web: server.Running) -> None:
    game = two_people(web)
    refused(web, game, 403, token="x" * 32)
    refused(web, game, 403, token=token_of(game, 1)[:-1])
    assert call(api(web, f"games/{game['id']}"), token="nobody")[0] == 403


def test_the_token_of_another_game_is_403(web: server.Running) -> None:
    game, other = two_people(web), two_people(web)
    for seat in (0, 1):
        refused(web, game, 403, token=token_of(other, seat))
        status, _ = call(api(web, f"games/{game['id']}"), token=token_of(other, seat))
        assert status == 403


def test_another_seats_token_out_of_turn_is_409_with_the_turn_rule(web: server.Running) -> None:
    game = two_people(web)
    state = position(web, game["id"])
    assert state.to_move == 1  # the non-dealer leads
    answer = refused(web, game, 409, token=token_of(game, 0))
    assert answer["rule"] == "R2.4" and "player 1" in answer["error"]
    # the seat to move plays; now the other may not play again
    mover = token_of(game, 1)
    status, after = call(api(web, f"games/{game['id']}/actions"), "POST",
                         {"action": bz.format_action(bz.legal_actions(state)[0])}, token=mover)
    assert status == 200 and after["seat"] == 1 and after["legal"] == []
    refused(web, game, 409, token=mover, action="play " + after["observation"]["hand"][0])


def test_a_refusal_by_the_rules_is_400_with_its_rule(web: server.Running) -> None:
    game = two_people(web)
    answer = refused(web, game, 400, token=token_of(game, 1), action="pass")
    assert answer["rule"] == "R2.6"


def test_an_unknown_game_is_404_before_the_token_is_looked_at(web: server.Running) -> None:
    for token in (None, "x"):
        status, answer = call(api(web, "games/0123456789abcdef"), token=token)
        assert status == 404 and answer["error"]


# ----------------------------------------------------------------------------- whole games


def play(web: server.Running, game: dict[str, Any], seats: dict[int, str],
         limit: int = 5000) -> dict[str, Any]:
    """Play every person's seat with its first legal action until the end; the last view
    of the seat that acted last."""
    answer = game
    for _ in range(limit):
        if answer["over"]:
            return answer
        to_move = position(web, game["id"]).to_move
        assert to_move in seats
        status, answer = call(api(web, f"games/{game['id']}"), token=seats[to_move])
        assert status == 200
        check_view(web, answer, to_move)
        status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                              {"action": answer["legal"][0]}, token=seats[to_move])
        assert status == 200, answer
    raise AssertionError("the game did not end")


def test_a_whole_game_plays_deal_after_deal_to_the_target(web: server.Running) -> None:
    game = create(web, variant="two-pack", seed=5, whole_game=True)
    assert game["whole_game"] and game["game"]["deal"] == 1
    assert game["game"]["totals"] == [0, 0] and game["game"]["target"] == 1000
    deals = set()

    def seen(answer: dict[str, Any]) -> None:
        deals.add(answer["game"]["deal"])

    final = play(web, game, {0: token_of(game)})
    seen(final)
    end = position(web, game["id"])
    assert isinstance(end, bz.Game) and end.is_over and len(end.deals) >= 2
    assert final["game"]["totals"] == list(end.totals) and max(end.totals) >= 1000
    assert final["game"]["deals"] == [list(d.points) for d in end.deals]
    assert final["game"]["value"] == bz.game_result(end).value
    assert final["game"]["deal"] == len(end.deals)
    status, text = call(api(web, f"games/{game['id']}/record"), token=token_of(game))
    assert status == 200
    record = bz.Record.loads(text)
    assert record.kind == "game" and record.seed == 5 and record.final_game() == end


def test_a_whole_rubicon_game_ends_with_its_settlement(web: server.Running) -> None:
    game = create(web, variant="rubicon", seed=2, whole_game=True)
    final = play(web, game, {0: token_of(game)})
    end = position(web, game["id"])
    assert isinstance(end, bz.Game) and len(end.deals) == 1
    settled = end.deals[0].settlement
    assert settled is not None
    assert final["result"]["settlement"]["value"] == settled.value == final["game"]["value"]


def test_a_four_handed_game_of_two_people_and_two_bots(web: server.Running) -> None:
    """Two people (opponents, seats 0 and 1), each a thread of his own waiting for his
    turn with ``?after=``, and two bots play a whole game to 2000."""
    game = create(web, variant="four-handed", seed=4, whole_game=True,
                  seats=["human", "human", "bot:greedy", "bot:random"])
    errors: list[BaseException] = []
    lasts: dict[int, dict[str, Any]] = {}

    def person(seat: int) -> None:
        token, after = token_of(game, seat), ""
        try:
            for _ in range(2000):
                status, answer = call(api(web, f"games/{game['id']}{after}"), token=token)
                assert status == 200 and answer["seat"] == seat
                after, lasts[seat] = f"?after={answer['moves']}", answer
                if answer["over"]:
                    return
                if answer["legal"]:
                    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                                          {"action": answer["legal"][-1]}, token=token)
                    assert status == 200, answer
                    after = f"?after={answer['moves']}"
            raise AssertionError("the game did not end")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=person, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    end = position(web, game["id"])
    assert isinstance(end, bz.Game) and end.is_over and max(end.totals) >= 2000
    for seat in (0, 1):
        check_view(web, lasts[seat], seat)
    row = web.store.db.load(game["id"])
    assert row is not None
    assert storage.record(row).final() == end
    assert {p for p, _ in row.actions} == {0, 1, 2, 3}


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("method,path,status", [
    ("DELETE", "api/games", 405), ("PUT", "api/games", 405), ("PATCH", "api/variants", 405),
    ("DELETE", "", 405), ("DELETE", "api/nothing", 404), ("BREW", "api/games", 501),
    ("OPTIONS", "", 501)])
def test_every_error_answer_is_json(web: server.Running, method: str, path: str,
                                    status: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", web.server_address[1], timeout=30)
    connection.request(method, "/" + path)
    response = connection.getresponse()
    assert response.status == status
    assert response.headers["Content-Type"].startswith("application/json")
    answer = json.loads(response.read())
    assert answer["error"] and answer["rule"] is None
    connection.close()


@pytest.mark.parametrize("request_head,status", [  # each read to its last byte by the server
    (b"GET /" + b"a" * (65537 - 5), 414),  # a request line over 65536 bytes
    (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % k for k in range(101)), 431)])
def test_a_request_the_http_server_refuses_is_answered_in_json(
        web: server.Running, request_head: bytes, status: int) -> None:
    with socket.create_connection(("127.0.0.1", web.server_address[1]), timeout=30) as raw:
        raw.sendall(request_head)
        answer = b""
        while chunk := raw.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 %d" % status) and b"application/json" in head
    assert json.loads(body)["error"]
