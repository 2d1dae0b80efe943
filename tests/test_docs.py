"""Every code block of the documentation runs, so the docs cannot drift from the library.

Each ``.rst`` page under ``docs/`` is one test. Its blocks run in the order of the page,
sharing one namespace (as a reader follows the page), from the repository root:

* ``.. code-block:: python`` blocks are executed;
* doctest blocks (paragraphs starting with ``>>>``, or ``.. code-block:: pycon``) are run
  by :mod:`doctest` (``ELLIPSIS`` and ``NORMALIZE_WHITESPACE``), so the values they show
  are checked;
* ``.. code-block:: json`` blocks must be JSON; a bezique document among them (one with a
  ``"schema"`` and a ``"type"``) must validate against ``docs/formats/bezique.schema.json``
  and be read back by :func:`bezique.from_json`;
* ``sh``, ``console`` and ``text`` blocks are shown, not run (installing packages, command
  lines whose behaviour ``tests/test_cli.py`` covers, record texts that a python block of
  the same page reads). Any other language fails the test, so a new kind of block cannot
  slip through unrun.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)
SCHEMA_FILE = DOCS / "formats" / "bezique.schema.json"

SHOWN_ONLY = {"sh", "console", "text", "none"}
_DIRECTIVE = re.compile(r"^(\s*)\.\. (?:code-block|code|sourcecode)::\s*(\S*)\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def blocks(text: str) -> Iterator[tuple[str, int, str]]:
    """``(language, line number, code)`` of every code and doctest block of a page."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        match = _DIRECTIVE.match(line)
        if match:
            base, language = len(match.group(1)), match.group(2) or "none"
            i += 1
            while i < len(lines) and lines[i].strip().startswith(":"):
                i += 1  # directive options
            start = i
            body: list[str] = []
            while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > base):
                body.append(lines[i])
                i += 1
            while body and not body[-1].strip():
                body.pop()
            width = min((_indent(b) for b in body if b.strip()), default=0)
            yield language, start + 1, "\n".join(b[width:] for b in body) + "\n"
            continue
        if line.lstrip().startswith(">>>"):
            start = i
            body = []
            while i < len(lines) and lines[i].strip():
                body.append(lines[i])
                i += 1
            width = min(_indent(b) for b in body)
            yield "pycon", start + 1, "\n".join(b[width:] for b in body) + "\n"
            continue
        i += 1


def _schema_validator() -> object:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def run_page(page: Path) -> int:
    """Run the blocks of ``page``; return how many ran."""
    namespace: dict[str, object] = {"__name__": f"docs.{page.stem}"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    ran = 0
    name = str(page.relative_to(ROOT))
    for language, lineno, code in blocks(page.read_text(encoding="utf-8")):
        where = f"{name}:{lineno}"
        if language == "python":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, where, "exec"), namespace)
        elif language in ("pycon", "doctest"):
            test = parser.get_doctest(code, namespace, where, name, lineno)
            report = io.StringIO()
            result = runner.run(test, out=report.write, clear_globs=False)
            assert result.failed == 0, report.getvalue()
            namespace.update(test.globs)  # the test ran on a copy
        elif language == "json":
            document = json.loads(code)
            if isinstance(document, dict) and {"schema", "type"} <= document.keys():
                errors = list(_schema_validator().iter_errors(document))  # type: ignore[attr-defined]
                assert not errors, f"{where}: {errors[0].message}"
                bz.from_json(code)
        elif language in SHOWN_ONLY:
            continue
        else:
            pytest.fail(f"{where}: a {language!r} block, which this test does not run")
        ran += 1
    return ran


def test_the_block_reader_finds_both_kinds() -> None:
    text = ("Intro::\n\n.. code-block:: python\n   :caption: x\n\n   a = 1\n\n   b = a\n"
            "\nText.\n\n>>> a + b\n2\n\n.. code-block:: sh\n\n   ls\n")
    assert list(blocks(text)) == [("python", 5, "\na = 1\n\nb = a\n"),
                                  ("pycon", 12, ">>> a + b\n2\n"),
                                  ("sh", 16, "\nls\n")]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_code_blocks_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    run_page(page)


@pytest.mark.parametrize("name", ["quickstart.rst", "formats/notation.rst",
                                  "formats/records.rst", "formats/json.rst",
                                  "tutorials/frontend.rst", "tutorials/bot.rst"])
def test_the_pages_with_examples_have_checked_blocks(name: str) -> None:
    checked = [b for b in blocks((DOCS / name).read_text(encoding="utf-8"))
               if b[0] in ("python", "pycon", "json")]
    assert len(checked) >= 2, name


def test_the_deal_flow_picture_is_the_scripts_output() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "deal_flow.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "_static/deal_flow.svg" in (DOCS / "flow.rst").read_text(encoding="utf-8")


def test_the_quick_starts_install_the_same_extras() -> None:
    """The README's check command and the docs' quick start install the same extras."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quickstart = (DOCS / "quickstart.rst").read_text(encoding="utf-8")
    extras = re.compile(r"pip install (?:-q )?-e '\.\[([\w,]+)\]'(?: &&|\n)\s*"
                        r"\.venv/bin/python tools/check\.py")
    (theirs,) = extras.findall(readme)
    (ours,) = extras.findall(quickstart)
    assert set(ours.split(",")) == set(theirs.split(","))


def test_the_readme_names_the_web_app_and_what_a_browser_test_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "examples/web/server.py" in readme and "tests/test_web_browser.py" in readme
    assert "bezique serve" in readme and "'.[web]'" in readme
    assert "Chromium" in readme and "Playwright" in readme
    assert "BEZIQUE_CHROMIUM" in readme and "BEZIQUE_REQUIRE_BROWSER" in readme


def test_no_citation_of_a_document_the_repository_lacks() -> None:
    """The README and pyproject.toml cite no style guide: none is in the repository."""
    for name in ("README.md", "pyproject.toml"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert "STYLE.md" not in text and "style guide" not in text.lower(), name
