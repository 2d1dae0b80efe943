"""The reference web app's server: a page at ``/`` and a JSON API, on the standard library.

Run it from the repository root and open the address in a browser::

    python examples/web/server.py --port 8000 [--db games.sqlite] [--synchronous full|normal]
        [--bot greedy|search|random] [--expire-days 30] [--verbose]

The API (every answer is JSON, errors included: ``{"error": "...", "rule": "R2.7" | null,
"message": "..."}``, ``message`` being ``error`` in the request's language; a seat's
request carries ``Authorization: Bearer <token>``):

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
``POST /api/games/<id>/actions``            ``{"action": "play QS"}``: the seat's action,
                                            then the bots' replies and lone passes;
                                            answers the seat's view
``GET  /api/games/<id>/record``             the record (``bz.Record.dumps``) as a text
                                            file, once the deal or game is over
==========================================  ==============================================

No token (or an ``Authorization`` that is not ``Bearer <token>``) gives 401, a token
that is no seat's of that game 403, an action out of the seat's turn 409, an action the
rules refuse 400 with the rule id; a refused request changes nothing. Bad JSON, an
unknown variant or a bad field give 400, an unknown id 404, a method a route does not
take 405, a body over 64 KB 413, an unknown method 501, and a new game while the
database holds 10000 games 503. Requests to one game are served one at a time. Every
accepted action is in the database (``--db``, see :mod:`storage`) before the answer.
The server prints nothing unless ``--verbose`` is given (then the address and one
line a request, on standard error).

Every request may name a language, ``?lang=fi`` (:data:`bezique.i18n.LANGUAGES`; English
by default): refusals (``message``), the variants' titles and the combinations' names in
``choices`` are then in that language (:mod:`bezique.i18n`); the page's own words are in
``/words.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import sessions
import storage
import views

import bezique as bz
from bezique import i18n

__all__ = ["MAX_BODY", "make_server", "running"]

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes."""

_DRAIN = 1024 * 1024

STATIC = Path(__file__).resolve().parent / "static"
_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/words.json": ("words.json", "application/json; charset=utf-8"),
}


class Server(ThreadingHTTPServer):
    """A threading HTTP server that holds the games."""

    daemon_threads = True
    request_queue_size = 128
    """Connections waiting to be accepted (the standard library's 5 resets a burst of
    clients: 50 at once in the load test)."""

    def __init__(self, address: tuple[str, int], store: sessions.GameStore,
                 verbose: bool = False) -> None:
        super().__init__(address, Handler)
        self.store = store
        self.verbose = verbose

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that broke (a client gone mid-answer): a traceback with --verbose only."""
        if self.verbose:
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return "http://" + str(host) + f":{port}/"


class Handler(BaseHTTPRequestHandler):
    """Routes a request to the page's files or to the API; every error answer is JSON."""

    server: Server
    server_version = "bezique-web"
    error_content_type = "application/json; charset=utf-8"
    lang = "en"
    """The language the request names (``?lang=``), of bezique.i18n.LANGUAGES."""

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """The standard library's errors (an unknown method: 501, a bad request line: 400,
        ...) as JSON like the API's own."""
        self.close_connection = True
        phrase = HTTPStatus(code).phrase if code in HTTPStatus._value2member_map_ else ""
        text = message or phrase
        self._json(code, {"error": text, "rule": None, "message": text})

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in _FILES:
            name, kind = _FILES[path]
            self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), kind)
            return
        self._api("GET", path)

    def do_POST(self) -> None:
        self._api("POST", self.path.split("?", 1)[0])

    def do_DELETE(self) -> None:
        self._api("DELETE", self.path.split("?", 1)[0])

    def do_PUT(self) -> None:
        self._api("PUT", self.path.split("?", 1)[0])

    def do_PATCH(self) -> None:
        self._api("PATCH", self.path.split("?", 1)[0])

    def _api(self, method: str, path: str) -> None:
        self.lang = parse_qs(urlsplit(self.path).query).get("lang", ["en"])[-1]
        try:
            if self.lang not in i18n.LANGUAGES:
                wrong, self.lang = self.lang, "en"
                raise sessions.RequestError(400, f"unknown language {wrong!r}; the languages "
                                                 f"are: {', '.join(i18n.LANGUAGES)}")
            self._route(method, [p for p in path.split("/") if p])
        except sessions.RequestError as exc:
            headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
            said = views.refusal_text(exc, self.lang)
            self._json(exc.status, {"error": str(exc), "rule": exc.rule, "message": said},
                       headers)
        except Exception as exc:  # a bug: say so to the client, and on stderr with --verbose
            self.log_error("internal error: %r", exc)
            text = f"internal error: {type(exc).__name__}: {exc}"
            self._json(500, {"error": text, "rule": None, "message": text})

    def _route(self, method: str, parts: list[str]) -> None:
        store = self.server.store
        if parts[:1] != ["api"]:
            if method != "GET":
                raise sessions.RequestError(405, f"{method} is not allowed on {self.path!r}")
            raise sessions.RequestError(404, f"no page {self.path!r}")
        route = parts[1:]
        if route == ["variants"] and method == "GET":
            self._json(200, {"variants": [{"name": v.name,
                                           "title": i18n.variant_title(v, self.lang),
                                           "players": v.players} for v in bz.variants.ALL],
                             "bots": list(sessions.BOTS), "bot": store.bot,
                             "languages": dict(i18n.LANGUAGE_NAMES)})
        elif route == ["games"] and method == "POST":
            self._json(200, store.create(self._body(), self.lang))
        elif len(route) == 2 and route[0] == "games" and method == "GET":
            self._json(200, store.look(route[1], self._token(store, route[1]), self._after(),
                                       lang=self.lang))
        elif route[:1] == ["games"] and route[2:] == ["actions"] and method == "POST":
            token = self._token(store, route[1])
            body = self._body()
            if not isinstance(body, dict) or not isinstance(body.get("action"), str):
                raise sessions.RequestError(400, 'the request must be {"action": "<notation>"}')
            self._json(200, store.act(route[1], token, body["action"], self.lang))
        elif route[:1] == ["games"] and route[2:] == ["record"] and method == "GET":
            game_id = route[1]
            token = self._token(store, game_id)
            text = store.run(game_id, lambda s: (s.seat_of(token), s.record())[1])
            self._send(HTTPStatus.OK, text.encode(), "text/plain; charset=utf-8",
                       {"Content-Disposition": f'attachment; filename="bezique-{game_id}.txt"'})
        elif route[:1] in (["variants"], ["games"]) and len(route) <= 3:
            raise sessions.RequestError(405, f"{method} is not allowed on {self.path!r}")
        else:
            raise sessions.RequestError(404, f"no API route {self.path!r}")

    def _token(self, store: sessions.GameStore, game_id: str) -> str:
        """The request's seat token (``Authorization: Bearer <token>``), once the game is
        known to exist (404 first).

        Raises:
            RequestError: 401 without an ``Authorization`` header or with one that is not
                ``Bearer <token>``.
        """
        store.run(game_id, lambda session: None)
        header = self.headers.get("Authorization")
        if header is None:
            raise sessions.RequestError(401, "a seat's request needs its token: "
                                             "Authorization: Bearer <token>")
        scheme, _, token = header.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or " " in token:
            raise sessions.RequestError(401, "the Authorization header must be "
                                             "'Bearer <token>'")
        return token

    def _after(self) -> int | None:
        """The ``after`` of ``?after=N``: answer once the game has more than N actions."""
        query = parse_qs(urlsplit(self.path).query)
        if "after" not in query:
            return None
        value = query["after"][-1]
        if not value.isdigit() or len(value) > 9:
            raise sessions.RequestError(400, f"after must be a number of actions, "
                                             f"not {value!r}")
        return int(value)

    def _body(self) -> object:
        """The request's JSON body; refuses a missing, oversized or malformed one."""
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise sessions.RequestError(400, "a JSON body (with a Content-Length) is required") \
                from None
        if length > MAX_BODY:
            self._discard(length)
            raise sessions.RequestError(413, f"the body has {length} bytes; at most "
                                             f"{MAX_BODY} are accepted")
        if length < 0:
            raise sessions.RequestError(400, "a negative Content-Length")
        raw = self.rfile.read(length)
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise sessions.RequestError(400, f"the body is not JSON: {exc}") from None

    def _discard(self, length: int) -> None:
        """Read and drop a refused body, up to 1 MiB, so that the client can read the answer
        (closing on unread data would reset the connection); then close the connection."""
        self.close_connection = True
        left = min(length, _DRAIN)
        while left > 0:
            chunk = self.rfile.read(min(left, MAX_BODY))
            if not chunk:
                break
            left -= len(chunk)

    def _json(self, status: int, payload: object,
              headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json; charset=utf-8",
                   headers)

    def _send(self, status: int, body: bytes, kind: str,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


def make_server(host: str = "127.0.0.1", port: int = 0, *, store: sessions.GameStore | None = None,
                verbose: bool = False) -> Server:
    """A server bound to ``host:port`` (port 0: any free port; see ``.url``), not yet serving."""
    return Server((host, port), store if store is not None else sessions.GameStore(),
                  verbose=verbose)


@contextlib.contextmanager
def running(**kwargs: Any) -> Iterator[Server]:
    """A server serving in a background thread for the ``with`` block (``make_server``'s
    arguments), shut down at its end."""
    server = make_server(**kwargs)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the bezique reference browser client.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (loopback)")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument("--bot", choices=sorted(sessions.BOTS), default="greedy",
                        help="the bots' kind when a new game names none")
    parser.add_argument("--db", default=":memory:", metavar="PATH",
                        help="the SQLite file of the games, made if absent (default: a "
                             "database in memory, lost when the server stops)")
    parser.add_argument("--synchronous", choices=storage.SYNCHRONOUS, default="full",
                        help="full: every action flushed to the disk before the answer; "
                             "normal: faster, survives a killed server but maybe not a "
                             "power cut (see storage.py)")
    parser.add_argument("--expire-days", type=float, default=storage.EXPIRE_DAYS,
                        metavar="DAYS", help="delete the games without an action for "
                                             "this many days (at startup and at each new game)")
    parser.add_argument("--verbose", action="store_true",
                        help="print the address and every request on standard error")
    args = parser.parse_args(argv)
    store = sessions.GameStore(bot=args.bot, db=storage.Database(args.db, args.synchronous),
                               expire_days=args.expire_days)
    server = make_server(args.host, args.port, store=store, verbose=args.verbose)
    if args.verbose:
        print(f"serving {server.url}", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        store.db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
