"""The reference web app: a page and a JSON API to play every variant in a browser.

Installed with the ``web`` extra (``pip install 'bezique[web]'``: Starlette, uvicorn and
websockets) and started with ``bezique serve [--host H] [--port N] [--db PATH]``. The
modules:

* :mod:`bezique.web.app`: the ASGI application on Starlette, its routes and refusals;
* :mod:`bezique.web.live`: waiting for a move without a thread (long poll, WebSocket);
* :mod:`bezique.web.games`: the games, in memory and in the database;
* :mod:`bezique.web.session`: one game in play, its seats, tokens and bots;
* :mod:`bezique.web.players`: the bots a client may choose, and their cost bound;
* :mod:`bezique.web.limits`: how many games, hints and reviews one client address may
  ask for;
* :mod:`bezique.web.advice`: hints and reviews, the library's search on a seat's moves;
* :mod:`bezique.web.views`: what a seat may see of its game;
* :mod:`bezique.web.storage`: the database interface, SQLite the embedded one;
* :mod:`bezique.web.serving`: uvicorn with the server's limits (:func:`serving.running`
  serves in a background thread).

The page and its files are in ``bezique/web/static``. Only the library's public API is
used (``import bezique as bz``). ``docs/deploy.rst`` tells how to run it for friends or
behind a reverse proxy.
"""

from __future__ import annotations

from bezique.web.app import MAX_BODY, create_app
from bezique.web.games import GameStore
from bezique.web.serving import Limits, Running, running, serve
from bezique.web.storage import Database

__all__ = ["MAX_BODY", "Database", "GameStore", "Limits", "Running", "create_app", "running",
           "serve"]
