"""The web app as an ASGI application on Starlette: the page at ``/`` and the JSON API.

:func:`create_app` builds it around a :class:`~bezique.web.games.GameStore`. The API
(every answer is JSON, errors included: ``{"error": "...", "rule": "R2.7" | null,
"message": "..."}`` and, where a program may test it, ``"code"``; ``message`` is
``error`` in the request's language, ``?lang=``; a seat's request carries
``Authorization: Bearer <token>``):

==========================================  ==============================================
``GET  /api/variants``                      the variants (name, title, players), bots
                                            and languages (code: name)
``POST /api/games``                         ``{"variant", "seed", "seats", "whole_game"}``
                                            (or the older ``{"variant", "seed", "bot",
                                            "seat"}``), all optional: a new game, the
                                            bots' first moves played; answers the first
                                            person's view and ``"tokens"``, a token per
                                            person's seat, handed out only here
``GET  /api/games/<id>[?after=N]``          the token's seat's view: ``{"id", "seat",
                                            "observation", "legal", "choices", "log",
                                            "last_trick", "over", "result", "game",
                                            "moves", ...}``; with ``after``, once the
                                            game has more than N actions, it is the
                                            seat's turn or the game is over (25 s at most)
``POST /api/games/<id>/actions``            ``{"action": "play QS", "after": N}``: the
                                            seat's action (``after``, optional: the
                                            number of moves the client saw; another
                                            number is 409 ``"code": "stale"``), then the
                                            bots' replies and lone passes; answers the
                                            seat's view
``GET  /api/games/<id>/record``             the record (``bz.Record.dumps``) as a text
                                            file, once the deal or game is over
``GET  /api/games/<id>/hint`` (``review``)  the actions ranked, the decisions judged
``GET  /api/games/<id>/ws`` (WebSocket)     the first message ``{"token": "..."}``; the
                                            server then sends the seat's view now and
                                            each time the game moves
==========================================  ==============================================

Refusals: no token 401, a token of no seat of that game 403, an action out of turn or
stale 409 (the record before the end, a hint out of turn, a review before a deal is over
too), an action the rules refuse 400 with the rule id; bad JSON, a body nested too deep,
an unknown variant or a bad field 400; an unknown id 404; a method a route does not take
405; a ``POST`` body that is not ``application/json`` 415, over 64 KiB 413, not sent in
time 408; too many new games, hints or reviews from one address 429 (``Retry-After``);
an unknown method 501; a full database 503. A refused request changes nothing; no answer
shows an exception of the server.

Every answer carries :data:`SECURITY_HEADERS` and ``Cache-Control: no-store``. Hints
and reviews: :mod:`bezique.web.advice`."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

import bezique as bz
from bezique import i18n
from bezique.web import advice, live, players
from bezique.web._requests import MAX_BODY, MAX_DEPTH, lang_of_query, parse_json, refusal
from bezique.web._requests import action as _action
from bezique.web._requests import after as _after
from bezique.web._requests import body as _body
from bezique.web._requests import lang as _lang
from bezique.web._requests import lang_or_english as _lang_or_english
from bezique.web._requests import token as _token
from bezique.web.games import GameStore, RequestError
from bezique.web.limits import WaitLimit
from bezique.web.views import N_, SeatView

__all__ = ["MAX_BODY", "MAX_DEPTH", "SECURITY_HEADERS", "WAIT_LIMIT", "create_app"]

WAIT_LIMIT = 25.0
"""Seconds a ``GET /api/games/<id>?after=N`` waits at most for the game to move on."""

BODY_TIMEOUT = 10.0
"""Seconds a request's body may take to arrive (408 after)."""

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
"""Headers of every answer: the page runs only its own files, is never framed, sends no
referrer (a seat's link holds its token), and nothing is cached."""

_SECURITY_RAW = tuple((name.lower().encode(), value.encode())
                      for name, value in SECURITY_HEADERS.items())

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"})
"""The methods the server knows (another: 501)."""

STATIC = Path(__file__).resolve().parent / "static"
_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/words.json": ("words.json", "application/json; charset=utf-8"),
    "/favicon.ico": ("favicon.svg", "image/svg+xml"),
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
}
def _client(request: Request) -> str:
    return request.client.host if request.client is not None else ""


class _Api:
    """The routes' endpoints around one store."""

    def __init__(self, store: GameStore, body_timeout: float, waits: WaitLimit) -> None:
        self.store: GameStore = store
        self.waits: WaitLimit = waits
        self.body_timeout: float = body_timeout
        self.files = {path: ((STATIC / name).read_bytes(), kind)
                      for path, (name, kind) in _FILES.items()}

    async def page(self, request: Request) -> Response:
        body, kind = self.files[request.url.path]
        return Response(body, media_type=kind.split(";")[0], headers={"Content-Type": kind})

    async def variants(self, request: Request) -> Response:
        lang = _lang(request)
        return JSONResponse({
            "variants": [{"name": v.name, "title": i18n.variant_title(v, lang),
                          "players": v.players} for v in bz.variants.ALL],
            "bots": list(players.BOTS), "bot": self.store.bot,
            "languages": dict(i18n.LANGUAGE_NAMES)})

    async def create(self, request: Request) -> Response:
        lang = _lang(request)
        raw = await _body(request, self.body_timeout)
        body = parse_json(raw, request.headers.get("content-type"))
        answer = await run_in_threadpool(self.store.create, body, lang,
                                         address=_client(request))
        return JSONResponse(answer)

    def _seat_token(self, game_id: str, header: str | None) -> str:
        """The token of a seat's request, once the game is known to exist (404 first)."""
        self.store.run(game_id, lambda session: None)
        return _token(header)

    def _look(self, game_id: str, lang: str, *, header: str | None = None,
              token: str | None = None) -> live.Look:
        """The seat's view now, by its ``Authorization`` header or its token: in the event
        loop when the game is in memory and free (no thread), else in a worker thread."""
        async def look() -> SeatView:
            if self.store.has_in_memory(game_id):
                found = self.store.look_now(game_id, token or _token(header), lang)
                if found is not None:
                    return found
            return await run_in_threadpool(lambda: self.store.look_view(
                game_id, token or self._seat_token(game_id, header), lang))
        return look

    async def game(self, request: Request) -> Response:
        game_id, lang, after = request.path_params["game_id"], _lang(request), _after(request)
        look = self._look(game_id, lang, header=request.headers.get("authorization"))
        if after is None:
            return _answer(await look())
        with self.waits.hold(_client(request)):
            return _answer(await live.wait_for_move(self.store, game_id, look, after,
                                                    WAIT_LIMIT))

    async def act(self, request: Request) -> Response:
        game_id, lang = request.path_params["game_id"], _lang(request)
        header, kind = request.headers.get("authorization"), request.headers.get("content-type")
        raw = await _body(request, self.body_timeout)
        if self.store.has_in_memory(game_id):  # in the event loop if it needs no wait
            token = _token(header)
            action, after = _action(parse_json(raw, kind))
            done = await live.act(self.store, game_id, token, action, lang, after)
            if done is not None:
                return _answer(done)

        def work() -> SeatView:
            token = self._seat_token(game_id, header)
            action, after = _action(parse_json(raw, kind))
            return self.store.act_view(game_id, token, action, lang, after=after)

        return _answer(await run_in_threadpool(work))

    async def record(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        _lang(request)
        header = request.headers.get("authorization")

        def work() -> str:
            token = self._seat_token(game_id, header)
            text: str = self.store.run(game_id, lambda s: (s.seat_of(token), s.record())[1])
            return text

        text = await run_in_threadpool(work)
        return Response(text.encode(), headers={
            "Content-Type": "text/plain; charset=utf-8",
            "Content-Disposition": f'attachment; filename="bezique-{game_id}.txt"'})

    async def advise(self, request: Request) -> Response:
        """A hint or a review (:mod:`bezique.web.advice`), in a worker thread."""
        game_id, lang = request.path_params["game_id"], _lang(request)
        header, address = request.headers.get("authorization"), _client(request)
        answer = advice.hint if request.url.path.endswith("/hint") else advice.review
        return JSONResponse(await run_in_threadpool(lambda: answer(
            self.store, game_id, self._seat_token(game_id, header), lang, address)))

    async def socket(self, websocket: WebSocket) -> None:
        game_id, lang = websocket.path_params["game_id"], _lang_or_english(websocket)
        try:
            with self.waits.hold(websocket.client.host if websocket.client else ""):
                await live.serve_socket(self.store, websocket, lang,
                                        lambda token: self._look(game_id, lang, token=token))
        except RequestError as exc:  # too many from this address: refused at once
            await websocket.accept()
            await websocket.send_json(exc.payload(lang))
            await websocket.close(4000 + exc.status)


def _answer(view: SeatView) -> Response:
    return Response(view.body, media_type="application/json")


def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    headers = dict(exc.headers)
    if exc.status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return JSONResponse(exc.payload(_lang_or_english(request)), exc.status, headers)


def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    lang, path = _lang_or_english(request), repr(request.url.path[:100])
    answer = (refusal(lang, N_("{method} is not allowed on {path}"),
                      method=request.method, path=path) if exc.status_code == 405
              else refusal(lang, N_("no page {path}"), path=path)
              if exc.status_code == 404 else {"error": exc.detail, "rule": None,
                                               "message": exc.detail})
    return JSONResponse(answer, exc.status_code, exc.headers)


def _internal(request: Request, exc: Exception) -> Response:
    """A bug: the client learns no more than that (uvicorn logs the exception)."""
    return JSONResponse(refusal(_lang_or_english(request), N_(
        "internal error (the server's log has the details)")), 500)


class _Guard:
    """Around the app: 501 for an unknown method, the security headers on every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *_SECURITY_RAW]
            await send(message)

        if scope["method"] not in METHODS:
            answer = JSONResponse(refusal(lang_of_query(scope.get("query_string", b"")),
                                          N_("{method} is not a method this server knows"),
                                          method=scope["method"][:20]), 501,
                                  {"Connection": "close"})
            await answer(scope, receive, guarded)
            return
        await self.app(scope, receive, guarded)


def create_app(store: GameStore | None = None, *, body_timeout: float = BODY_TIMEOUT,
               waits_per_address: int = 200) -> ASGIApp:
    """The web app serving ``store``'s games (a new store in memory unless given), which
    waits ``body_timeout`` seconds at most for a request's body, and holds at most
    ``waits_per_address`` WebSockets and long polls open from one address
    (:class:`~bezique.web.limits.WaitLimit`).

    The Starlette application is ``app.app`` (:class:`starlette.applications.Starlette`),
    wrapped in the guard that adds the security headers and answers an unknown method.
    """
    api = _Api(store if store is not None else GameStore(), body_timeout,
               WaitLimit(waits_per_address))
    routes: list[BaseRoute] = [
        Route("/api/variants", api.variants, methods=["GET"]),
        Route("/api/games", api.create, methods=["POST"]),
        Route("/api/games/{game_id}", api.game, methods=["GET"]),
        Route("/api/games/{game_id}/actions", api.act, methods=["POST"]),
        Route("/api/games/{game_id}/record", api.record, methods=["GET"]),
        Route("/api/games/{game_id}/hint", api.advise, methods=["GET"]),
        Route("/api/games/{game_id}/review", api.advise, methods=["GET"]),
        WebSocketRoute("/api/games/{game_id}/ws", api.socket),
        *(Route(path, api.page, methods=["GET"]) for path in _FILES),
    ]
    app = Starlette(routes=routes, exception_handlers={
        RequestError: _refused, HTTPException: _http_error, Exception: _internal})
    app.state.store = api.store
    return _Guard(app)
