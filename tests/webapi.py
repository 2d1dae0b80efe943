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
