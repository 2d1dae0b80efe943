"""The page that traces the seeds (``docs/seeds.rst``) stays true to the repository.

Every statement row of the page's three tables (one per seed) must quote the seed's own
words (the copies kept in ``seeds/``), cite rule ids that the project cites elsewhere (the
rules pages, the other docs, the source and the test names: ``RULES.md`` itself lives
outside the repository), and name tests that exist: the file is in ``tests/`` and defines
the function. Each seed must be quoted in full but for its headings, history and tips: the
share of its text quoted is checked against a floor. The option defaults on the page are
rendered from the code when the documentation is built (``docs/_ext/bezique_seeds.py``), so
they need no check here; the role's own behaviour is tested below.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "seeds.rst"
SEEDS = {
    "000": ROOT / "seeds" / "000_bb39756b619df32b.txt",
    "001": ROOT / "seeds" / "001_9796e2fcf7cd4d40.txt",
    "003": ROOT / "seeds" / "003_e515c7f58da2aa85.txt",
}
# The share of each seed's text (spaces and table rules aside) that the page must quote: the
# rest is headings, the history of the game, seed 001's tips for beginners and opinions.
COVERAGE_FLOOR = {"000": 0.80, "001": 0.82, "003": 0.95}

RULE_ID = re.compile(r"(?<![A-Za-z0-9])R(\d+)\.(\d+)([a-z]?)(?![a-z0-9])")
TEST_RULE_ID = re.compile(r"(?<![A-Za-z0-9])R(\d+)_(\d+)([a-z]?)(?=_|\b)")
TEST_NAME = re.compile(r"``(tests/[\w/]+\.py)::(\w+)(?:\[[^\]]*\])?``")


@dataclass(frozen=True)
class Row:
    """One statement of the page: its seed, and its three cells, paragraphs joined by a
    blank line: number and rule ids; the seed's words and the English; options and tests."""

    seed: str
    cells: tuple[str, ...]

    @property
    def number(self) -> str:
        return self.cells[0].split("\n\n")[0].strip("*")

    @property
    def rules(self) -> str:
        return self.cells[0].partition("\n\n")[2]

    @property
    def tests(self) -> str:
        return self.cells[-1]


def _normal(text: str) -> str:
    """Text with table pipes and every run of white space made one space."""
    return " ".join(text.replace("|", " ").split())


def _cell_text(lines: list[str]) -> str:
    paragraphs = " ".join(line if line else "\n\n" for line in lines).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


@cache
def rows() -> tuple[Row, ...]:
    """The statement rows of the page's list-tables (header rows left out)."""
    out: list[Row] = []
    seed = None
    cells: list[list[str]] = []

    def close() -> None:
        if seed is not None and cells and not cells[0][0].startswith("Statement"):
            out.append(Row(seed, tuple(_cell_text(c) for c in cells)))

    for line in PAGE.read_text(encoding="utf-8").splitlines():
        table = re.match(r"\.\. list-table:: Seed (\d{3}) ", line)
        if table:
            close()
            seed, cells = table.group(1), []
        elif seed is None:
            continue
        elif line.startswith("   * - "):
            close()
            cells = [[line[7:].strip()]]
        elif line.startswith("     - "):
            cells.append([line[7:].strip()])
        elif (line.startswith("       ") or not line) and cells:
            cells[-1].append(line.strip())
        elif line and not line.startswith("   "):
            close()
            seed, cells = None, []
    close()
    return tuple(out)


def quotes(row: Row) -> list[str]:
    """The seed's words of ``row`` (its second cell's first paragraph, in italics and
    quotation marks): the parts joined by ``…`` on the page."""
    text = row.cells[1].split("\n\n")[0]
    assert text.startswith("*“") and text.endswith("”*"), row.number
    return [part.strip() for part in text[2:-2].split("…")]


@cache
def known_rule_ids() -> frozenset[str]:
    """The rule ids the repository cites outside this page: docs, source, tests (their
    names spell ``R2.10`` as ``R2_10``); this file is left out, as the page is."""
    found: set[str] = set()
    files = [*(ROOT / "docs").rglob("*.rst"), *(ROOT / "src").rglob("*.py"),
             *(ROOT / "tests").glob("*.py")]
    for path in files:
        if path in (PAGE, Path(__file__).resolve()):
            continue
        text = path.read_text(encoding="utf-8")
        text = TEST_RULE_ID.sub(r"R\1.\2\3", text)
        found.update(f"R{a}.{b}{c}" for a, b, c in RULE_ID.findall(text))
    return frozenset(found)


@cache
def defined_tests(path: str) -> frozenset[str]:
    """The test functions (module level or in classes) of the test file ``path``."""
    file = ROOT / path
    if not file.is_file():
        return frozenset()
    tree = ast.parse(file.read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef))


def test_the_page_has_a_table_for_each_seed_with_three_cells_a_row() -> None:
    assert {row.seed for row in rows()} == set(SEEDS)
    for row in rows():
        assert len(row.cells) == 3, f"{row.number}: {len(row.cells)} cells"
        assert len(row.cells[1].split("\n\n")) == 2, f"{row.number}: words and English"
        assert row.number.startswith(f"{row.seed}."), row.number
    numbers = [row.number for row in rows()]
    assert len(numbers) == len(set(numbers)), "statement numbers repeat"


def test_every_quote_is_the_seeds_own_words() -> None:
    for row in rows():
        seed = _normal(SEEDS[row.seed].read_text(encoding="utf-8"))
        for part in quotes(row):
            assert part and _normal(part) in seed, f"{row.number}: not in seed {row.seed}: {part}"


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_each_seed_is_quoted_in_full_but_for_headings_history_and_tips(seed: str) -> None:
    text = _normal(SEEDS[seed].read_text(encoding="utf-8")).replace("---", "")
    covered = [False] * len(text)
    for row in rows():
        if row.seed != seed:
            continue
        for part in quotes(row):
            start = text.find(_normal(part))
            covered[start:start + len(_normal(part))] = [True] * len(_normal(part))
    letters = [c for c, done in zip(text, covered, strict=True) if not c.isspace()]
    quoted = [c for c, done in zip(text, covered, strict=True) if done and not c.isspace()]
    assert len(quoted) / len(letters) >= COVERAGE_FLOOR[seed]


def test_every_statement_cites_rule_ids_the_project_knows() -> None:
    known = known_rule_ids()
    unknown = []
    for row in rows():
        ids = {f"R{a}.{b}{c}" for a, b, c in RULE_ID.findall(row.rules)}
        assert ids, f"{row.number}: no rule id"
        unknown += [f"{row.number}: {rule}" for rule in sorted(ids - known)]
    assert not unknown, "rule ids on docs/seeds.rst that the project does not cite:\n" + (
        "\n".join(unknown))


def test_every_statement_names_tests_that_exist() -> None:
    missing = []
    for row in rows():
        named = TEST_NAME.findall(row.tests)
        assert named, f"{row.number}: no test named"
        missing += [f"{row.number}: {path}::{name}" for path, name in named
                    if name not in defined_tests(path)]
    assert not missing, "tests named on docs/seeds.rst that do not exist:\n" + "\n".join(
        missing)


def test_every_test_name_on_the_page_is_in_a_statement_row() -> None:
    """No test is named outside the checked rows (where a typo would go unnoticed)."""
    on_page = TEST_NAME.findall(PAGE.read_text(encoding="utf-8"))
    in_rows = [m for row in rows() for m in TEST_NAME.findall(row.tests)]
    assert sorted(on_page) == sorted(in_rows)


# --------------------------------------------------------------------- the defaults role


@pytest.fixture(scope="module")
def role() -> object:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import bezique_seeds
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    return bezique_seeds


def test_defaults_role_groups_the_presets_by_value(role: object) -> None:
    defaults = role.defaults  # type: ignore[attr-defined]
    name, chosen = role._parse("target: two-pack, standard")  # type: ignore[attr-defined]
    assert (name, chosen) == ("target", (bz.variants.TWO_PACK, bz.variants.TWO_PACK))
    presets = (bz.variants.TWO_PACK, bz.variants.FOUR_HANDED, bz.variants.CONSULTATION)
    assert defaults("target", presets) == [("1000", ["two-pack", "consultation"]),
                                           ("2000", ["four-handed"])]
    # an option that does not apply leaves the preset out; a policy field shows everywhere
    assert defaults("phase2", presets) == [("duels", ["four-handed"])]
    assert defaults("packets", presets) == [("3-2-3", ["two-pack", "four-handed",
                                                      "consultation"])]


def test_defaults_role_refuses_unknown_names_and_options_that_apply_nowhere(
        role: object) -> None:
    with pytest.raises(ValueError, match="neither an option nor a policy field"):
        role.defaults("brisk", bz.variants.ALL)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="applies to none"):
        role.defaults("phase2", (bz.variants.TWO_PACK,))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown variant"):
        role._parse("target: skat")  # type: ignore[attr-defined]
