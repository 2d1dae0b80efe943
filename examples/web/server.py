"""The reference browser client's server: a page at ``/`` and a JSON API, on the standard library.

Run it from the repository root and open the address in a browser::

    python examples/web/server.py --port 8000 [--bot greedy|search|random] [--verbose]

The API (every answer is JSON; an error is ``{"error": "...", "rule": "R2.7" | null}``):

=========================================  ==============================================
``GET  /api/variants``                     the variants (name, title, players) and bots
``POST /api/games``                        ``{"variant", "seed", "bot", "seat"}``, all
                                           optional: a new deal, the bots' first moves
                                           played; answers the game (below)
``GET  /api/games/<id>``                   the game: ``{"id", "observation", "legal",
                                           "choices", "log", "last_trick", "over",
                                           "result", ...}``
``POST /api/games/<id>/actions``           ``{"action": "play QS"}``: the person's
                                           action, then the bots' replies; answers the
                                           game; 400 with the rule id when refused
``GET  /api/games/<id>/record``            the record (``bz.Record.dumps``) as a text
                                           file, once the deal is over (409 before)
=========================================  ==============================================

``observation`` is the library's JSON document of the person's observation
(``bz.to_json(bz.observe(state, seat))``) and ``legal`` the legal actions in its
notation, empty when it is not the person's turn. A pass that is the person's only
legal action (``bz.forced_action``) is played for him with the bots' moves; its entry
of ``log`` says ``"forced": true``. Bad JSON, an unknown variant
or a bad field give 400, an unknown id 404, a body over 64 KB 413, and a new
game while the server already holds 1000 gives 503. Requests to one game are
served one at a time; a refused request leaves the game as it was; a game left
alone for an hour is dropped. The server prints nothing unless
``--verbose`` is given (then the address and one line a request, on standard error).
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

import sessions

import bezique as bz

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
}


class Server(ThreadingHTTPServer):
    """A threading HTTP server that holds the games."""

    daemon_threads = True

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
    """Routes a request to the page's files or to the API."""

    server: Server
    server_version = "bezique-web"

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in _FILES:
            name, kind = _FILES[path]
            self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), kind)
            return
        self._api("GET", path)

    def do_POST(self) -> None:
        self._api("POST", self.path.split("?", 1)[0])

    def _api(self, method: str, path: str) -> None:
        try:
            self._route(method, [p for p in path.split("/") if p])
        except sessions.RequestError as exc:
            self._json(exc.status, {"error": str(exc), "rule": exc.rule})
        except Exception as exc:  # a bug: say so to the client, and on stderr with --verbose
            self.log_error("internal error: %r", exc)
            self._json(500, {"error": f"internal error: {type(exc).__name__}: {exc}",
                             "rule": None})

    def _route(self, method: str, parts: list[str]) -> None:
        store = self.server.store
        if parts[:1] != ["api"]:
            raise sessions.RequestError(404, f"no page {self.path!r}")
        route = parts[1:]
        if route == ["variants"] and method == "GET":
            self._json(200, {"variants": [{"name": v.name, "title": v.title or v.name,
                                           "players": v.players} for v in bz.variants.ALL],
                             "bots": list(sessions.BOTS), "bot": store.bot})
        elif route == ["games"] and method == "POST":
            self._json(200, store.create(self._body()))
        elif len(route) == 2 and route[0] == "games" and method == "GET":
            self._json(200, store.run(route[1], sessions.view))
        elif route[:1] == ["games"] and route[2:] == ["actions"] and method == "POST":
            body = self._body()
            if not isinstance(body, dict) or not isinstance(body.get("action"), str):
                raise sessions.RequestError(400, 'the request must be {"action": "<notation>"}')

            def act(session: sessions.Session) -> dict[str, Any]:
                session.act(body["action"])
                return sessions.view(session)

            self._json(200, store.run(route[1], act))
        elif route[:1] == ["games"] and route[2:] == ["record"] and method == "GET":
            game_id = route[1]
            text = store.run(game_id, lambda session: session.record())
            self._send(HTTPStatus.OK, text.encode(), "text/plain; charset=utf-8",
                       {"Content-Disposition": f'attachment; filename="bezique-{game_id}.txt"'})
        elif route[:1] in (["variants"], ["games"]) and len(route) <= 3:
            raise sessions.RequestError(405, f"{method} is not allowed on {self.path!r}")
        else:
            raise sessions.RequestError(404, f"no API route {self.path!r}")

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

    def _json(self, status: int, payload: object) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json; charset=utf-8")

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
    parser.add_argument("--verbose", action="store_true",
                        help="print the address and every request on standard error")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, store=sessions.GameStore(bot=args.bot),
                         verbose=args.verbose)
    if args.verbose:
        print(f"serving {server.url}", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
