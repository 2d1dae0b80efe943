"""``bezique serve``: the reference web app (:mod:`bezique.web`, the ``web`` extra).

The web package is imported only when the command runs, so that the rest of the command
works without the extra; without it the command says which package is missing and how
to install it. The limits it takes are described in ``docs/deploy.rst``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from bezique._messages import N_
from bezique.errors import BeziqueError
from bezique.i18n import translator

__all__ = ["add_serve_parser", "serve"]


def serve(args: argparse.Namespace) -> int:
    """Run ``bezique serve``: the web app until SIGINT or SIGTERM; 0. One line on standard
    error says where it listens and the database (every request too with ``--verbose``).

    Raises:
        BeziqueError: without the web extra, for an unknown bot or an address that
            cannot be had.
    """
    t = translator(args.lang)
    try:
        from bezique import web
        from bezique.web import limits, players, serving, storage
    except ImportError as exc:
        raise BeziqueError(t.gettext("bezique serve needs the web extra: pip install "
                                     "'bezique[web]' (missing: {module})").format(
            module=(exc.name or "?").split(".")[0])) from None
    if args.bot not in players.BOTS:
        raise BeziqueError(t.gettext("unknown bot '{name}'; the bots are: {bots}").format(
            name=args.bot, bots=", ".join(f"'{n}'" for n in players.BOTS)))
    limit = limits.CreationLimit(burst=args.burst, per_hour=args.games_per_hour,
                                 unplayed=args.unplayed_games, unplayed_days=args.unplayed_days)
    try:
        sock = serving.bind(args.host, args.port)
    except BeziqueError as exc:  # the reason is the system's own words
        reason = str(exc).removeprefix(f"cannot listen on {args.host}:{args.port}: ")
        raise BeziqueError(t.gettext("cannot listen on {host}:{port}: {reason}").format(
            host=args.host, port=args.port, reason=reason)) from None
    try:
        db = storage.Database(args.db, args.synchronous)
    except BeziqueError as exc:
        sock.close()
        reason = str(exc).removeprefix(f"{args.db}: ")
        raise BeziqueError(t.gettext("cannot use the database {path}: {reason}").format(
            path=args.db, reason=reason)) from None
    _raise_file_limit(args.max_connections + 100)
    try:
        store = web.GameStore(bot=args.bot, db=db, expire_days=args.expire_days,
                              unplayed_days=args.unplayed_days, limit=limit,
                              max_games=args.max_games, search_slots=args.search_slots)
        print(t.gettext("bezique serve: {url} (database: {db}); Ctrl+C stops it").format(
            url=serving.url_of(sock), db=t.gettext("in memory") if args.db == ":memory:"
            else args.db), file=sys.stderr, flush=True)
        serving.serve(store, sock, verbose=args.verbose,
                      forwarded_allow_ips=args.forwarded_allow_ips,
                      limits=serving.Limits(request_timeout=args.request_timeout,
                                            max_connections=args.max_connections,
                                            waits_per_address=args.sockets_per_address))
    finally:
        db.close()
        sock.close()
    return 0


def _raise_file_limit(wanted: int) -> None:
    """Let the process open ``wanted`` files (a connection is one), as far as the system's
    hard limit allows: the usual soft limit of 1,024 would refuse connections long
    before ``--max-connections``."""
    try:
        import resource
    except ImportError:  # not on Unix: the system's own limits apply
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def add_serve_parser(sub: Any, whole: Callable[[int | None], Callable[[str], int]],
                     _: Callable[[str], str]) -> argparse.ArgumentParser:
    """Add ``serve`` to the subcommands ``sub``; ``whole(minimum)`` reads a whole number,
    ``_`` translates the help lines."""
    serve: argparse.ArgumentParser = sub.add_parser(
        "serve", help=_("serve the reference web app (the web extra)"))
    add = serve.add_argument
    add("--host", default="127.0.0.1", help=_("address to listen on (default: the loopback)"))
    add("--port", type=whole(0), default=8000, help=_("port (default 8000; 0: any free one)"))
    add("--db", default=":memory:", metavar="PATH", help=_("the games' SQLite file, made if "
        "absent (default: in memory, lost when the server stops)"))
    add("--synchronous", choices=("full", "normal"), default="full",
        help=_("full: each action flushed to the disk before the answer; normal: faster, "
             "survives a killed server but maybe not a power cut"))
    add("--expire-days", type=_number(1), default=30.0, metavar="DAYS",
        help=_("delete a game after this many days without an action (at least 1; default 30)"))
    add("--unplayed-days", type=_number(0.01), default=1.0, metavar="DAYS",
        help=_("delete a game in which no person acted after this many days (default 1)"))
    add("--bot", default="greedy",
        help=_("the bots of a new game that names none (default greedy)"))
    add("--games-per-hour", type=_number(0.01), default=120.0, metavar="N",
        help=_("new games an hour from one address, after the burst (default 120)"))
    add("--burst", type=whole(1), default=30, help=_("new games from one address at once (30)"))
    add("--unplayed-games", type=whole(1), default=20, metavar="N",
        help=_("games from one address in which no person acted yet, at most (default 20)"))
    add("--max-games", type=whole(1), default=10000, help=_("games stored at most (10000)"))
    add("--search-slots", type=whole(1), default=1, metavar="N",
        help=_("search bots' decisions at once, server-wide (default 1: one core)"))
    add("--max-connections", type=whole(1), default=4000, metavar="N",
        help=_("connections and requests at once; 503 beyond (default 4000)"))
    add("--sockets-per-address", type=whole(1), default=200, metavar="N",
        help=_("WebSockets and long polls open at once from one address (default 200)"))
    add("--request-timeout", type=_number(0.1), default=10.0, metavar="SECONDS",
        help=_("seconds a request's head, then its body, may take to arrive (default 10)"))
    add("--forwarded-allow-ips", metavar="ADDRESSES", help=_("the reverse proxies (comma-"
        "separated, or *) whose X-Forwarded-For names the client (default: none)"))
    add("--verbose", action="store_true",
        help=_("print every request too (the address is printed anyway)"))
    return serve


def _number(minimum: float) -> Callable[[str], float]:
    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(N_("{text} is not a number").format(
                text=repr(text))) from None
        if not value >= minimum or value == float("inf"):
            raise argparse.ArgumentTypeError(N_("must be at least {minimum}, not {value}").format(
                minimum=f"{minimum:g}", value=text))
        return value
    return convert
