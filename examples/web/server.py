"""The reference web app, as the package serves it: ``bezique serve`` (the ``web`` extra).

The app itself is :mod:`bezique.web` (an ASGI application on Starlette, served by
uvicorn); this script only starts it, with the same options as the command::

    pip install 'bezique[web]'
    python examples/web/server.py --port 8000 --db games.sqlite    # = bezique serve ...

A program that embeds the server builds the app itself, e.g. for another ASGI server::

    from bezique.web import GameStore, Database, create_app
    app = create_app(GameStore(db=Database("games.sqlite")))

This directory also holds the Playwright helpers of the browser test (``browser.py``) and
the script that takes the documentation's screenshots (``screenshot.py``).
"""

from __future__ import annotations

import sys

from bezique.cli import main

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
