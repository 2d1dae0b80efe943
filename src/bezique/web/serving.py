"""Serving the app with uvicorn: :func:`serve` (``bezique serve``) and :func:`running`.

The limits that keep one client from holding the server (:class:`Limits`, all
changeable): a request's head must arrive within ``request_timeout`` seconds and its
body too (408 after); an idle keep-alive connection is closed after ``keep_alive``
seconds; at most ``max_connections`` connections and requests are served at once (503
beyond: uvicorn's ``limit_concurrency``); a head of more than 64 KiB or 100 fields is
refused (h11's limit, 414 / 431); a WebSocket message may have 64 KiB at most, and is
not compressed (a view is a few KiB: deflating each one cost more CPU than it saved). A
connection costs a file descriptor and no thread: requests run on one event loop, the
game work in a pool of worker threads (40 at most).

While :func:`serve` runs, the process's garbage collector is tuned for a server
(:func:`collector_for_serving`): :func:`running`, which serves from a thread of a
program of its own, leaves the collector alone.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import logging
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import uvicorn

import bezique as bz
from bezique.web import app as app_module
from bezique.web._protocol import protocol_class
from bezique.web.games import GameStore

__all__ = ["YOUNG_COLLECTION", "Limits", "Running", "collector_for_serving", "make_config",
           "running", "serve"]

YOUNG_COLLECTION = 10_000
"""Allocations between two young collections of the garbage collector while
:func:`serve` runs (Python's default: 700, from 3.13 2,000)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits on connections and requests (see the module)."""

    request_timeout: float = 10.0
    """Seconds a request's head, and then its body, may take to arrive."""
    keep_alive: float = 5.0
    """Seconds an idle keep-alive connection stays open."""
    max_connections: int = 4000
    """Connections (WebSockets included) and requests served at once; 503 beyond."""
    max_head: int = 64 * 1024
    """Bytes a request's head may have."""
    max_headers: int = 100
    """Header fields a request may have."""
    waits_per_address: int = 200
    """WebSockets and long polls one client address may hold open at once."""


def make_config(store: GameStore, *, host: str = "127.0.0.1", port: int = 8000,
                limits: Limits = Limits(), verbose: bool = False,
                forwarded_allow_ips: str | None = None,
                configure_logging: bool = True) -> uvicorn.Config:
    """uvicorn's configuration of the app serving ``store`` with these limits.

    ``forwarded_allow_ips``: the proxies (addresses, comma-separated, or ``"*"``) whose
    ``X-Forwarded-For`` gives the client's address; ``None``: none, the address is the
    connection's. ``verbose``: one line a request on standard error.
    """
    return uvicorn.Config(
        app_module.create_app(store, body_timeout=limits.request_timeout,
                              waits_per_address=limits.waits_per_address), host=host,
        port=port, lifespan="off",
        http=protocol_class(limits.request_timeout, limits.max_headers,
                            app_module.SECURITY_HEADERS),
        ws="websockets-sansio", ws_max_size=64 * 1024, ws_per_message_deflate=False,
        timeout_keep_alive=int(max(1, limits.keep_alive)),
        limit_concurrency=limits.max_connections, backlog=2048,
        h11_max_incomplete_event_size=limits.max_head,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "", server_header=False,
        timeout_graceful_shutdown=3, access_log=verbose,
        log_level="info" if verbose else "critical",
        log_config=_logging() if configure_logging else None)


def _logging() -> dict[str, Any]:
    """uvicorn's logging, every line on standard error (the requests' too)."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["handlers"]["access"]["stream"] = "ext://sys.stderr"
    return config


def bind(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: any free port), not yet listening.

    Raises:
        BeziqueError: when the address cannot be had (in use, unknown, not allowed).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        raise bz.BeziqueError(f"cannot listen on {host}:{port}: "
                              f"{exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    """``http://host:port/`` of a bound socket."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(store: GameStore, sock: socket.socket, **options: object) -> None:
    """Serve ``store``'s games on the bound ``sock`` until SIGINT or SIGTERM
    (:func:`make_config`'s options)."""
    config = make_config(store, **options)  # type: ignore[arg-type]
    with collector_for_serving():
        uvicorn.Server(config).run(sockets=[sock])


@contextlib.contextmanager
def collector_for_serving() -> Iterator[None]:
    """The garbage collector tuned for a server for the ``with`` block, then as before:
    what is alive when serving begins (the modules, the app) frozen out of its
    collections (``gc.freeze``, after a collection), and a young collection every
    :data:`YOUNG_COLLECTION` allocations.

    Why (a speed trick, measured): a request lives some tens of milliseconds. With
    Python's defaults the young collections come every few milliseconds under load, so
    the objects of every request in flight survive two of them and reach the oldest
    generation; that grows by a quarter every ~0.75 s, and each time a full collection
    walks every open connection's objects (240,000 objects with 1,000 idle WebSockets:
    60-100 ms in which the server answers nobody). In ``benchmarks/web_load.py`` (50
    games, 1,000 idle sockets, ``--synchronous full``) those pauses were a move's 95th
    percentile: 147-158 ms, and over ten rounds of them 19% of the server's CPU in the
    collector (56 full collections); with this, 62-64 ms, the collector 2% (one full
    collection) and 1.2 times the moves a second, for 10-12 MiB more memory at the peak
    (:doc:`/deploy`). Cycles are still collected, only less often."""
    threshold = gc.get_threshold()
    gc.collect()  # no garbage of the start-up frozen for good
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


@dataclass
class Running:
    """A server serving in a background thread (:func:`running`)."""

    store: GameStore
    """The games it serves."""
    url: str
    """``http://127.0.0.1:<port>/``."""
    server_address: tuple[str, int]
    """The address it listens on."""


@contextlib.contextmanager
def running(store: GameStore | None = None, *, host: str = "127.0.0.1", port: int = 0,
            limits: Limits = Limits(), forwarded_allow_ips: str | None = None
            ) -> Iterator[Running]:
    """The app serving ``store`` (a new one in memory unless given) in a background
    thread for the ``with`` block, on ``host:port`` (port 0: any free one); shut down
    at its end. For tests and programs that embed the server.

    Raises:
        BeziqueError: when the address cannot be had, or the server does not start.
    """
    store = store if store is not None else GameStore()
    sock = bind(host, port)
    config = make_config(store, host=host, port=port, limits=limits,
                         forwarded_allow_ips=forwarded_allow_ips, configure_logging=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(2000):
            if server.started or not thread.is_alive():
                break
            time.sleep(0.005)
        if not server.started:
            raise bz.BeziqueError("the web server did not start")
        address = sock.getsockname()[:2]
        yield Running(store, url_of(sock), (address[0], address[1]))
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
        logging.getLogger("uvicorn.error").debug("stopped")
