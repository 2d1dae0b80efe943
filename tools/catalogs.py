#!/usr/bin/env python3
"""Extract, update and compile the gettext catalogs of :mod:`bezique.i18n`, with Babel.

Usage (from anywhere; needs Babel, the ``i18n`` extra)::

    python tools/catalogs.py            # extract the template, update every .po, compile
    python tools/catalogs.py --init sv  # start a new language's .po from the template

The three steps are Babel's own (``pybabel extract``, ``update``, ``compile``, as
``babel.cfg`` writes them out); this script adds what a bare ``pybabel`` run lacks:
the keywords of ``bezique._messages`` (``_define``, ``_word``: the message id is the
context), no source locations (so that moving code leaves the catalogs unchanged),
and no ``python-format`` flag: the catalogs use ``str.format`` fields only, so a ``%``
is a literal percent sign. The compiled ``.mo`` files are committed;
``tests/test_i18n_catalogs.py`` checks that they are those of the ``.po`` sources.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "bezique" / "locale"
TEMPLATE = LOCALE / "bezique.pot"


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def _without_percent_flags(path: Path) -> None:
    """Drop the ``python-format`` flags Babel guesses from a literal ``%``."""
    with path.open("rb") as f:
        catalog = read_po(f)
    for message in catalog:
        message.flags.discard("python-format")
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, include_lineno=False,
                 sort_output=True)


def _entries(path: Path) -> list[tuple[object, ...]]:
    with path.open("rb") as f:
        return [(m.context, m.id, sorted(m.flags)) for m in read_po(f) if m.id]


def extract() -> None:
    """The template from the sources; left as it was (its date too) when no entry changed."""
    before = TEMPLATE.read_bytes() if TEMPLATE.exists() else None
    old = _entries(TEMPLATE) if before is not None else None
    _pybabel("extract", "-F", str(ROOT / "babel.cfg"), "-k", "_define:1c,2", "-k",
             "_word:1c,2", "--no-location", "--sort-output", "--width", "100",
             "--project", "bezique", "--copyright-holder", "The bezique developers",
             "-o", str(TEMPLATE), str(ROOT / "src" / "bezique"))
    _without_percent_flags(TEMPLATE)
    if before is not None and _entries(TEMPLATE) == old:
        TEMPLATE.write_bytes(before)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    args = parser.parse_args(argv)
    extract()
    if args.init:
        _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "bezique", "-l",
                 args.init, "--width", "100")
    _pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "bezique",
             "--no-fuzzy-matching", "--width", "100", "--ignore-obsolete")
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/bezique.po")):
        _without_percent_flags(po)
    _pybabel("compile", "-d", str(LOCALE), "-D", "bezique", "--statistics")
    return 0


if __name__ == "__main__":
    sys.exit(main())
