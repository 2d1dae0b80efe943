"""Live updates of the web app: the WebSocket ``/api/games/<id>/ws`` and the long poll
``?after=N``, neither of which holds a thread while it waits (issue 40, item 2).

The client is websockets' own (the ``web`` extra installs it); the server runs in this
process on the loopback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio import client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import bezique as bz
from bezique.web.serving import Limits, Running, running
from webapi import api, call, enough_files, open_store, token_of


@pytest.fixture(scope="module")
def web() -> Iterator[Running]:
    with running(store=open_store(), limits=Limits(waits_per_address=10000)) as served:
        yield served


def socket_url(web: Running, game_id: str, query: str = "") -> str:
    return web.url.replace("http://", "ws://") + f"api/games/{game_id}/ws{query}"


def duel(web: Running) -> dict[str, Any]:
    status, game = call(api(web, "games"), "POST", {"seed": 11, "seats": ["human", "human"]})
    assert status == 200
    return game


def receive(socket: ClientConnection) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(socket.recv(timeout=60))
    return answer


def play(web: Running, game: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's first legal action over HTTP; its answer."""
    token = token_of(game, seat)
    seen = call(api(web, f"games/{game['id']}"), token=token)[1]
    status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                          {"action": seen["legal"][0], "after": seen["moves"]}, token=token)
    assert status == 200, answer
    return answer


def test_the_socket_sends_the_seats_view_now_and_after_every_move(web: Running) -> None:
    game = duel(web)
    with connect(socket_url(web, game["id"]), open_timeout=60) as socket:
        socket.send(json.dumps({"token": token_of(game, 0)}))
        first = receive(socket)
        assert first == call(api(web, f"games/{game['id']}"), token=token_of(game, 0))[1]
        assert first["seat"] == 0 and first["moves"] == 0
        for _ in range(6):
            mover = call(api(web, f"games/{game['id']}"), token=token_of(game, 0))[1]
            seat = mover["observation"]["to_move"]
            answer = play(web, game, seat)
            pushed = receive(socket)
            assert pushed["moves"] == answer["moves"] and pushed["seat"] == 0
            assert pushed == call(api(web, f"games/{game['id']}"), token=token_of(game, 0))[1]
            observed = bz.from_json(json.dumps(pushed["observation"]), bz.Observation)
            assert observed.player == 0


def test_the_socket_speaks_the_requests_language(web: Running) -> None:
    game = duel(web)
    with connect(socket_url(web, game["id"], "?lang=fi"), open_timeout=60) as socket:
        socket.send(json.dumps({"token": token_of(game, 1)}))
        view = receive(socket)
    assert view["title"] == call(api(web, f"games/{game['id']}?lang=fi"),
                                 token=token_of(game, 1))[1]["title"]
    assert view["title"] != game["title"]


@pytest.mark.parametrize(("first", "code", "status"), [
    ({"token": "not-a-seat"}, 4403, 403),
    ("not JSON", 1008, None),
    ({"tok": "x"}, 1008, None),
    ({"token": 5}, 1008, None)])
def test_a_bad_first_message_is_refused_and_closed(web: Running, first: object, code: int,
                                                   status: int | None) -> None:
    game = duel(web)
    with connect(socket_url(web, game["id"]), open_timeout=60) as socket:
        socket.send(first if isinstance(first, str) else json.dumps(first))
        refusal = receive(socket)
        assert refusal["error"] and refusal["rule"] is None
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=60)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code
    assert "observation" not in refusal


def test_an_unknown_game_is_refused_with_4404(web: Running) -> None:
    with connect(socket_url(web, "0123456789abcdef"), open_timeout=60) as socket:
        socket.send(json.dumps({"token": "x"}))
        assert "no game" in receive(socket)["error"]
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=60)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_idle_sockets_and_long_polls_hold_no_thread(web: Running) -> None:
    """Three hundred sockets and forty long polls wait on one game while its players go
    on: the process's threads stay the server's worker pool (the clients here are
    coroutines of one thread, so every thread counted is the server's)."""
    enough_files(4096)
    game = duel(web)
    waiting = 1 - call(api(web, f"games/{game['id']}"),
                       token=token_of(game, 0))[1]["observation"]["to_move"]
    threads = threading.active_count()
    counted: list[int] = []

    async def poll(seat: int) -> dict[str, Any]:
        reader, writer = await asyncio.open_connection(*web.server_address)
        writer.write(f"GET /api/games/{game['id']}?after=0 HTTP/1.1\r\nHost: x\r\n"
                     f"Authorization: Bearer {token_of(game, seat)}\r\n"
                     "Connection: close\r\n\r\n".encode())
        answer = await reader.read()
        writer.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head
        found: dict[str, Any] = json.loads(body)
        return found

    async def hold() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        sockets = [await client.connect(socket_url(web, game["id"])) for _ in range(300)]
        try:
            for k, socket in enumerate(sockets):
                await socket.send(json.dumps({"token": token_of(game, k % 2)}))
            assert [json.loads(await s.recv())["moves"] for s in sockets] == [0] * 300
            polls = [asyncio.ensure_future(poll(waiting)) for _ in range(40)]
            while web.store.run(game["id"], lambda session: len(session.listeners)) < 340:
                await asyncio.sleep(0.01)  # until every socket and poll waits on the game
            counted.append(threading.active_count())
            await asyncio.to_thread(play, web, game, 1 - waiting)
            return ([json.loads(await s.recv()) for s in sockets],
                    list(await asyncio.gather(*polls)))
        finally:
            for socket in sockets:
                await socket.close()

    pushed, polled = asyncio.run(hold())
    assert counted[0] < threads + 45  # the server's worker threads (40) at most
    assert [view["moves"] for view in pushed] == [1] * 300
    assert [view["moves"] for view in polled] == [1] * 40


def test_one_address_holds_a_bounded_number_of_sockets_and_long_polls() -> None:
    """An idle socket costs no thread but a file: one client may not hold them all."""
    with running(store=open_store(), limits=Limits(waits_per_address=3)) as web:
        game = duel(web)
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(connect(socket_url(web, game["id"]), open_timeout=60))
                    for _ in range(3)]
            for socket in held:
                socket.send(json.dumps({"token": token_of(game, 0)}))
                assert receive(socket)["moves"] == 0
            with connect(socket_url(web, game["id"]), open_timeout=60) as refused:
                answer = receive(refused)
                assert answer["code"] == "too_many" and "address" in answer["error"]
                with pytest.raises(ConnectionClosed) as closed:
                    refused.recv(timeout=60)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
            waiting = 1 - game["observation"]["to_move"]
            status, answer = call(api(web, f"games/{game['id']}?after=0"),
                                  token=token_of(game, waiting))
            assert status == 429 and answer["code"] == "too_many"
        status, answer = call(api(web, f"games/{game['id']}"), token=token_of(game, 0))
        assert status == 200  # a plain look is no wait
