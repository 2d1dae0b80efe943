"""What the tests of the web app (bezique.web) share: a JSON client over ``urllib``, the
seat tokens, the server started as ``bezique serve`` in a process of its own, or served
in this process (``bezique.web.running``) in a background thread."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bezique as bz
from bezique.web import GameStore, Running, running
from bezique.web.limits import CreationLimit

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "examples" / "web"
if str(WEB) not in sys.path:  # the browser helpers (examples/web/browser.py)
    sys.path.insert(0, str(WEB))

OPEN_LIMITS = ("--burst", "100000", "--unplayed-games", "100000",
               "--sockets-per-address", "100000")
"""``bezique serve``'s creation limits for tests that make many games from the loopback."""


def open_store(**options: Any) -> GameStore:
    """A game store whose creation limits no test of the API reaches (the tests of the
    limits make their own)."""
    return GameStore(limit=CreationLimit(burst=100000, unplayed=100000), **options)


def call(url: str, method: str = "GET", body: object = None, *, raw: bytes | None = None,
         token: str | None = None, headers: dict[str, str] | None = None,
         timeout: float = 60) -> tuple[int, Any]:
    """Send a request (with ``Authorization: Bearer <token>`` when a token is given); the
    status and the decoded JSON answer (text for a text answer)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, kind, text = response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as exc:
        status, kind, text = exc.code, exc.headers["Content-Type"], exc.read()
    decoded = text.decode()
    return status, json.loads(decoded) if kind.startswith("application/json") else decoded


def enough_files(count: int) -> None:
    """Let this process open ``count`` files (a loopback connection is two here: the
    client's and the server's end), as far as the hard limit allows."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count if hard == resource.RLIM_INFINITY else min(count, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def token_of(game: dict[str, Any], seat: int | None = None) -> str:
    """The token of ``seat`` (the answer's own seat by default) from a new game's answer."""
    token: str = game["tokens"][str(game["seat"] if seat is None else seat)]
    return token


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(*args: str, port: int | None = None) -> tuple[subprocess.Popen[str], str]:
    """``bezique serve`` with ``args`` (and :data:`OPEN_LIMITS`) as a process on a
    loopback port, once it answers; the process and the server's address."""
    port = free_port() if port is None else port
    command = [sys.executable, "-m", "bezique", "serve", "--port", str(port), *OPEN_LIMITS,
               *args]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(400):
        try:
            if call(url + "api/variants", timeout=5)[0] == 200:
                return process, url
        except (urllib.error.URLError, ConnectionError):
            if process.poll() is not None:
                raise AssertionError(f"the server stopped: {process.communicate()[1]}") \
                    from None
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")


def serving() -> Iterator[Running]:
    """The web app's server in this process on a loopback port, in a background thread,
    for a module's tests (``web = pytest.fixture(scope="module", name="web")(serving)``)."""
    with running(store=open_store(bot="greedy")) as served:
        yield served


def api(web: Any, path: str) -> str:
    """The address of the API's ``path`` on the in-process server ``web``."""
    url: str = web.url + "api/" + path
    return url


class Served:
    """``bezique serve`` in a process of its own (:func:`served`): its address, and the
    games' state as the library rebuilds it from what the API tells a seat."""

    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url

    def view(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
        """The seat's view of the game (``GET /api/games/<id>``)."""
        status, seen = call(self.url + f"api/games/{game_id}?lang={lang}", token=token)
        assert status == 200, seen
        view: dict[str, Any] = seen
        return view

    def position(self, game_id: str, token: str, seed: int) -> bz.State:
        """A lone deal's position, rebuilt by the library: the deal ``seed`` shuffles, then
        the actions of the view's log (every seat's, in the notation)."""
        view = self.view(game_id, token)
        state = bz.new_deal(bz.variants.get(view["variant"]), seed=seed)
        for entry in view["log"]:
            state = bz.apply(state, bz.parse_action(state, f"{entry['player']}: "
                                                           f"{entry['action']}"),
                             player=entry["player"])
        return state


def served(tmp_dir: Path, *args: str) -> Iterator[Served]:
    """``bezique serve --db <tmp_dir>/games.sqlite --bot greedy`` (and ``args``) as a
    process on a free loopback port, for a module's tests (a fixture's body); stopped at
    the end."""
    process, url = start_server("--db", str(tmp_dir / "games.sqlite"), "--bot", "greedy",
                                *args)
    try:
        yield Served(process, url)
    finally:
        process.terminate()
        process.communicate(timeout=30)


def page_game(page: Any) -> tuple[str, str]:
    """The game id and the seat's token of a page's address (``#game=...&token=...``)."""
    found = page.evaluate("() => { const h = new URLSearchParams(location.hash.slice(1)); "
                          "return [h.get('game'), h.get('token')]; }")
    return found[0], found[1]
