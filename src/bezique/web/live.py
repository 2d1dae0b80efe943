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
code ``4000 + status`` (4403, 4404, 4429 for an address that holds as many sockets as
it may; 1008 for a first message that is not the token). Messages after the first are ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from bezique.web.games import GameStore, RequestError
from bezique.web.views import N_, SeatView, refused

__all__ = ["FIRST_MESSAGE_TIMEOUT", "act", "serve_socket", "wait_for_move"]

FIRST_MESSAGE_TIMEOUT = 10.0
"""Seconds a WebSocket client has to send its token."""

Look = Callable[[], Awaitable[SeatView]]
"""The seat's view now (from the event loop: without a thread when it can)."""


def _signal(loop: asyncio.AbstractEventLoop, event: asyncio.Event) -> Callable[[], None]:
    """A listener that sets ``event`` on ``loop`` from any thread."""
    def listener() -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(event.set)
    return listener


def _waits(view: SeatView, after: int) -> bool:
    """Whether a long poll for more than ``after`` moves is still to wait on ``view``."""
    return view.moves <= after and view.to_move not in (view.seat, None)


async def watch(store: GameStore, game_id: str, event: asyncio.Event) -> Callable[[], None]:
    """Set ``event`` after each change of the game until the function returned is called.

    Raises:
        RequestError: 404 for an unknown game.
    """
    listener = _signal(asyncio.get_running_loop(), event)
    stop = store.watch_now(game_id, listener)
    if stop is None:
        stop = await run_in_threadpool(store.watch, game_id, listener)
    return stop


async def act(store: GameStore, game_id: str, token: str, text: str, lang: str,
              after: int | None) -> SeatView | None:
    """The seat's action from the event loop, without a worker thread: applied at once
    when the database does not flush (:meth:`~bezique.web.games.GameStore.act_now`),
    else handed to the database's writer and answered once it is on the disk
    (:meth:`~bezique.web.games.GameStore.act_later`); ``None`` when it has to wait for
    the game (then it is for a worker thread).

    Raises:
        RequestError: the refusals of :meth:`~bezique.web.games.GameStore.act_view`.
    """
    if store.db.quick:
        return store.act_now(game_id, token, text, lang, after=after)
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[SeatView] = loop.create_future()

    def settle(result: SeatView | BaseException) -> None:
        if answer.done():  # the request was cancelled meanwhile
            return
        if isinstance(result, BaseException):
            answer.set_exception(result)
        else:
            answer.set_result(result)

    def done(result: SeatView | BaseException) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(settle, result)

    if not store.act_later(game_id, token, text, lang, after, done):
        return None
    return await answer


async def wait_for_move(store: GameStore, game_id: str, look: Look, after: int,
                        limit: float) -> SeatView:
    """``look()``'s view once the game has more than ``after`` moves, it is the seat's
    turn or the game is over, or after ``limit`` seconds."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    stop = await watch(store, game_id, changed)
    try:
        deadline = loop.time() + limit
        while True:
            changed.clear()
            left = deadline - loop.time()
            if left > 0 and store.committing(game_id):  # its commit's listeners wake us
                view = None
            else:
                view = await look()
                if not _waits(view, after) or left <= 0:
                    return view
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await changed.wait()
    finally:
        stop()


async def _first_token(websocket: WebSocket, lang: str) -> str | None:
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
        await websocket.send_json(refused(1008, N_(
            'the first message must be {{"token": "<the seat\'s token>"}}')).payload(lang))
        await websocket.close(1008)
    return None


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and drop) the client's messages until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass


async def serve_socket(store: GameStore, websocket: WebSocket, lang: str,
                       look: Callable[[str], Look]) -> None:
    """Serve one WebSocket client: its seat's view now and after each move
    (``look(token)`` gives the seat's view)."""
    game_id = websocket.path_params["game_id"]
    await websocket.accept()
    token = await _first_token(websocket, lang)
    if token is None:
        return
    changed = asyncio.Event()
    try:
        stop = await watch(store, game_id, changed)
    except RequestError as exc:
        await websocket.send_json(exc.payload(lang))
        await websocket.close(4000 + exc.status)
        return
    closed = asyncio.ensure_future(_until_closed(websocket))
    closed.add_done_callback(lambda _: changed.set())  # the client went: stop waiting
    try:
        await _push_views(websocket, look(token), lang, changed, closed,
                          lambda: store.committing(game_id))
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the client went away mid-send
    finally:
        stop()
        closed.cancel()


async def _push_views(websocket: WebSocket, look: Look, lang: str, changed: asyncio.Event,
                      closed: asyncio.Future[None], committing: Callable[[], bool]) -> None:
    sent = -1
    while not closed.done():
        changed.clear()
        if committing():  # a move on its way to the disk: its commit's listeners wake us
            await changed.wait()
            continue
        try:
            view = await look()
        except RequestError as exc:
            await websocket.send_json(exc.payload(lang))
            await websocket.close(4000 + exc.status)
            return
        if view.moves != sent:
            await websocket.send_text(view.body.decode())
            sent = view.moves
        await changed.wait()  # a move, or the client gone (``closed`` sets it too)
