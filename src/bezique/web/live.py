"""Waiting for a game to move without a thread: the long poll and the WebSocket.

Both subscribe to the game (:meth:`~bezique.web.games.GameStore.watch`): after each
committed change the store calls a listener from the thread that made it, which wakes
the waiting coroutine on the event loop (``call_soon_threadsafe``). A thousand idle
sockets are a thousand sleeping coroutines, not a thousand threads; only building a view
(cached per position, seat and language) runs in a worker thread.

The WebSocket (``/api/games/<id>/ws``): the client's first message is
``{"token": "<seat token>"}`` within :data:`FIRST_MESSAGE_TIMEOUT` seconds; the server
then sends the seat's view at once and each time the game moves. A refusal is sent as
the API's JSON error (``{"error", "rule", "message"}``) and the socket closed with the
code ``4000 + status`` (4401, 4403, 4404; 1008 for a first message that is not the
token). Messages after the first are ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from bezique.web.games import GameStore, RequestError

__all__ = ["FIRST_MESSAGE_TIMEOUT", "serve_socket", "wait_for_move"]

FIRST_MESSAGE_TIMEOUT = 10.0
"""Seconds a WebSocket client has to send its token."""

View = dict[str, Any]


def _signal(loop: asyncio.AbstractEventLoop, event: asyncio.Event) -> Callable[[], None]:
    """A listener that sets ``event`` on ``loop`` from any thread."""
    def listener() -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(event.set)
    return listener


def _waits(view: View, after: int) -> bool:
    """Whether a long poll for more than ``after`` moves is still to wait on ``view``."""
    to_move = view["observation"]["to_move"]
    return view["moves"] <= after and to_move not in (view["seat"], None)


async def wait_for_move(store: GameStore, game_id: str, look: Callable[[], View], after: int,
                        limit: float) -> View:
    """``look()``'s view once the game has more than ``after`` moves, it is the seat's
    turn or the game is over, or after ``limit`` seconds."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    stop = await run_in_threadpool(store.watch, game_id, _signal(loop, changed))
    try:
        deadline = loop.time() + limit
        while True:
            changed.clear()
            view = await run_in_threadpool(look)
            left = deadline - loop.time()
            if not _waits(view, after) or left <= 0:
                return view
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await changed.wait()
    finally:
        stop()


async def _first_token(websocket: WebSocket) -> str | None:
    """The token of the client's first message, or ``None`` (the socket then closed)."""
    try:
        async with asyncio.timeout(FIRST_MESSAGE_TIMEOUT):
            text = await websocket.receive_text()
        message = json.loads(text)
    except (TimeoutError, ValueError, KeyError, RecursionError, WebSocketDisconnect):
        message = None
    if isinstance(message, dict) and isinstance(message.get("token"), str) and (
            0 < len(message["token"]) <= 200):
        return str(message["token"])
    if websocket.client_state is WebSocketState.CONNECTED:
        text = 'the first message must be {"token": "<the seat\'s token>"}'
        await websocket.send_json({"error": text, "rule": None, "message": text})
        await websocket.close(1008)
    return None


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and drop) the client's messages until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass


async def serve_socket(store: GameStore, websocket: WebSocket, lang: str) -> None:
    """Serve one WebSocket client: its seat's view now and after each move."""
    game_id = websocket.path_params["game_id"]
    await websocket.accept()
    token = await _first_token(websocket)
    if token is None:
        return
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    try:
        stop = await run_in_threadpool(store.watch, game_id, _signal(loop, changed))
    except RequestError as exc:
        await websocket.send_json(exc.payload(lang))
        await websocket.close(4000 + exc.status)
        return
    closed = asyncio.ensure_future(_until_closed(websocket))
    try:
        await _push_views(store, websocket, game_id, token, lang, changed, closed)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the client went away mid-send
    finally:
        stop()
        closed.cancel()


async def _push_views(store: GameStore, websocket: WebSocket, game_id: str, token: str,
                      lang: str, changed: asyncio.Event, closed: asyncio.Future[None]) -> None:
    sent = -1
    while not closed.done():
        changed.clear()
        try:
            view = await run_in_threadpool(store.look, game_id, token, lang)
        except RequestError as exc:
            await websocket.send_json(exc.payload(lang))
            await websocket.close(4000 + exc.status)
            return
        if view["moves"] != sent:
            await websocket.send_json(view)
            sent = view["moves"]
        woken: asyncio.Future[Any] = asyncio.ensure_future(changed.wait())
        await asyncio.wait([woken, closed], return_when=asyncio.FIRST_COMPLETED)
        woken.cancel()
