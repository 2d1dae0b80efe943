"""Types as an app sees them (issue 27): the typed example app passes pyright in strict mode
and ``mypy --strict`` against the library as installed; both checks fail on an ill-typed
copy; the package step's type-completeness verdict; enums hash by identity in C."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from enum import Enum
from pathlib import Path

import pytest

import bezique as bz
from bezique.melds import MeldClass
from bezique.state import Stage
from scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "typed_app.py"

ILL_TYPED = '''

def _untyped(seat):  # no annotations: strict checkers refuse it
    return seat


def _wrong(table: Table) -> int:
    return table.state  # a State is not an int
'''


def _env() -> dict[str, str]:
    """This interpreter first on PATH: pyright finds the interpreter (and so the installed
    library) there."""
    return {**os.environ, "PATH": os.pathsep.join((str(Path(sys.executable).parent),
                                                   os.environ.get("PATH", "")))}


def _pyright_strict(path: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    config = tmp / "pyrightconfig.json"
    config.write_text(json.dumps({"typeCheckingMode": "strict", "include": [str(path)]}),
                      encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "basedpyright", "--project", str(config),
         "--pythonpath", sys.executable, "--outputjson", str(path)],
        cwd=tmp, env=_env(), capture_output=True, text=True, timeout=300)


def _mypy_strict(path: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", str(tmp / "mypy-cache"), str(path)],
        cwd=tmp, env=_env(), capture_output=True, text=True, timeout=300)


def _pyright_errors(done: subprocess.CompletedProcess[str]) -> list[str]:
    report = json.loads(done.stdout)
    assert report["summary"]["filesAnalyzed"] == 1, done.stdout
    return [f"{d['range']['start']['line'] + 1}: {d['message']}"
            for d in report["generalDiagnostics"] if d["severity"] == "error"]


def test_the_typed_example_passes_pyright_strict(tmp_path: Path) -> None:
    done = _pyright_strict(EXAMPLE, tmp_path)
    assert _pyright_errors(done) == [], done.stdout
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_typed_example_passes_mypy_strict(tmp_path: Path) -> None:
    done = _mypy_strict(EXAMPLE, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues found in 1 source file" in done.stdout


def test_both_checks_refuse_an_ill_typed_copy(tmp_path: Path) -> None:
    copy = tmp_path / "ill_typed_app.py"
    copy.write_text(EXAMPLE.read_text(encoding="utf-8") + ILL_TYPED, encoding="utf-8")
    done = _pyright_strict(copy, tmp_path)
    assert done.returncode != 0
    errors = _pyright_errors(done)
    assert any("seat" in e and "unknown" in e.lower() for e in errors), errors
    assert any('"State" is not assignable to return type "int"' in e for e in errors), errors
    done = _mypy_strict(copy, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Function is missing a type annotation" in done.stdout
    assert 'Incompatible return value type (got "State", expected "int")' in done.stdout


def test_the_library_types_reach_the_example(tmp_path: Path) -> None:
    """pyright reads the library's own types: what ``observe`` returns is an Observation,
    not Unknown (an unresolved import would make everything Unknown)."""
    probe = tmp_path / "probe.py"
    probe.write_text("import bezique as bz\n"
                     "reveal_type(bz.observe(bz.new_deal(bz.variants.TWO_PACK, seed=1), 0))\n"
                     "reveal_type(bz.Suit.SPADES.__hash__)\n", encoding="utf-8")
    report = json.loads(_pyright_strict(probe, tmp_path).stdout)
    revealed = [d["message"] for d in report["generalDiagnostics"]
                if d["severity"] == "information"]
    assert revealed == ['Type of "bz.observe(bz.new_deal(bz.variants.TWO_PACK, seed=1), 0)" '
                        'is "Observation"',
                        'Type of "bz.Suit.SPADES.__hash__" is "() -> int"'], report


@pytest.mark.parametrize("enum", [bz.Suit, bz.MeldKind, MeldClass, Stage])
def test_enum_members_hash_by_identity_in_c(enum: type[Enum]) -> None:
    """What type checkers read is Enum's ``__hash__``; what runs is ``object.__hash__``,
    with no Python-level call on the engine's hot path."""
    assert enum.__dict__["__hash__"] is object.__hash__
    member = next(iter(enum))
    assert hash(member) == object.__hash__(member)


# -- the packaging step's verdict (tools/check_package.py) ---------------------------------

def _report(package_dir: Path, score: float, known: int = 98, ambiguous: int = 1,
            unknown: int = 1) -> str:
    return json.dumps({"typeCompleteness": {
        "packageRootDirectory": str(package_dir), "completenessScore": score,
        "exportedSymbolCounts": {"withKnownType": known, "withAmbiguousType": ambiguous,
                                 "withUnknownType": unknown},
        "symbols": [{"name": "bezique.loose", "isExported": True, "isTypeKnown": False,
                     "isTypeAmbiguous": False},
                    {"name": "bezique.vague", "isExported": True, "isTypeKnown": True,
                     "isTypeAmbiguous": True},
                    {"name": "bezique.fine", "isExported": True, "isTypeKnown": True,
                     "isTypeAmbiguous": False}]}})


def test_the_verdict_takes_98_percent_and_names_what_is_not_known(tmp_path: Path) -> None:
    check_package = load_script("tools/check_package.py")
    assert check_package.LEAST_TYPE_COMPLETENESS == 0.98
    ok, text = check_package.type_completeness_verdict(_report(tmp_path, 0.98), tmp_path)
    assert ok
    assert text.splitlines() == [
        "type completeness 98.0% (at least 98%): 100 exported symbols, 98 known, "
        "1 ambiguous, 1 unknown",
        "  not known: bezique.loose",
        "  not known: bezique.vague"]
    ok, text = check_package.type_completeness_verdict(
        _report(tmp_path, 0.9799, known=97, unknown=2), tmp_path)
    assert not ok and text.startswith("type completeness 98.0% (at least 98%): 100")


def test_the_verdict_refuses_another_package_or_no_report(tmp_path: Path) -> None:
    check_package = load_script("tools/check_package.py")
    ok, text = check_package.type_completeness_verdict(_report(ROOT / "src", 1.0), tmp_path)
    assert not ok and "not the installed wheel's" in text
    ok, text = check_package.type_completeness_verdict("", tmp_path)
    assert not ok and text.startswith("no type completeness in the report")
    ok, text = check_package.type_completeness_verdict('{"typeCompleteness": {}}', tmp_path)
    assert not ok and "KeyError" in text


def _venv_with(tmp_path: Path, module: str) -> tuple[Path, Path]:
    """A virtual environment whose ``bezique`` is the typed (py.typed) package of one module,
    ``module``: its Python and that module's file."""
    venv.create(tmp_path / "venv", with_pip=False)
    python = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip()
    package = Path(purelib) / "bezique"
    package.mkdir()
    (package / "py.typed").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text(module, encoding="utf-8")
    return python, package / "__init__.py"


def test_the_step_fails_on_a_package_below_98_percent(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    check_package = load_script("tools/check_package.py")
    python, init = _venv_with(tmp_path, '"""Half typed."""\n\n\n'
                                  'def typed(x: int) -> int:\n    """Typed."""\n    return x\n\n\n'
                                  'def loose(x):\n    """Not typed."""\n    return x\n')
    assert check_package.verify_types(python, tmp_path) == 1
    out = capsys.readouterr().out
    assert "type completeness 50.0% (at least 98%): 2 exported symbols" in out
    assert "not known: bezique.loose" in out
    init.write_text('"""Typed."""\n\n\ndef typed(x: int) -> int:\n'
                                '    """Typed."""\n    return x\n', encoding="utf-8")
    assert check_package.verify_types(python, tmp_path) == 0
    assert "type completeness 100.0% (at least 98%): 1 exported symbols" in capsys.readouterr().out
