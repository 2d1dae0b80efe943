#!/usr/bin/env python3
"""Check the package a user gets: build it, check it, install it, test the installed wheel.

Usage (from anywhere; it works on the repository root)::

    python tools/check_package.py

Run by ``tools/check.py`` as its packaging step, with the interpreter of the project's
virtual environment, which must have the ``package`` and ``test`` extras installed
(``pip install -e '.[test,lint,docs,package]'``). The steps:

1. ``python -m build --no-isolation``: the sdist, then the wheel built from that sdist
   (no build isolation, so nothing is downloaded: hatchling comes from the ``package``
   extra);
2. ``twine check --strict`` on both;
3. in a git checkout, every file git tracks must be in the sdist (it ships its tests,
   examples, benchmarks, docs, tools, seeds and ``.ci/run``);
4. a fresh virtual environment (without pip, without the source tree) gets the wheel,
   installed by this interpreter's pip with ``--no-deps --no-index``; the test
   dependencies are not downloaded again but reused from this interpreter's
   site-packages through a ``.pth`` file (which adds the directories without running
   their ``.pth`` files, so the editable install of the source tree stays out);
5. type completeness: ``basedpyright --verifytypes bezique --ignoreexternal`` (pyright's
   report on what a type checker knows of every exported name; the ``lint`` extra
   installs it, with its own Node runtime) reads the wheel installed in that
   environment and must find at least 98% of the exported symbols of a known type;
6. the unpacked sdist, with its ``src/`` removed, runs its own test suite with that
   environment's Python, with ``BEZIQUE_TEST_INSTALLED=1`` so that ``tests/conftest.py``
   refuses to run unless ``import bezique`` resolves to the installed wheel.

Everything happens in a temporary directory that is removed afterwards. Stdlib only. The
exit status is that of the first failing step, or 0.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LEAST_TYPE_COMPLETENESS = 0.98
"""The share of the exported symbols whose type pyright's ``--verifytypes`` must know."""


def _run(args: Sequence[str | Path], *, cwd: Path = ROOT,
         env: dict[str, str] | None = None) -> int:
    shown = " ".join(str(a) for a in args)
    print(f"  $ {shown}", flush=True)
    return subprocess.call([str(a) for a in args], cwd=cwd, env=env)


def _tracked_files() -> list[str] | None:
    """The files git tracks, or ``None`` outside a git checkout (e.g. an unpacked sdist)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if done.returncode != 0:
        return None
    return [name for name in done.stdout.decode().split("\0") if name]


def _sdist_members(sdist: Path) -> tuple[str, set[str]]:
    with tarfile.open(sdist) as archive:
        names = [m.name for m in archive.getmembers() if m.isfile()]
    top = names[0].split("/", 1)[0]
    return top, {name.split("/", 1)[1] for name in names if "/" in name}


def _fresh_venv(where: Path) -> Path:
    """A virtual environment without pip that sees this interpreter's site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    bindir = "Scripts" if os.name == "nt" else "bin"
    python = where / bindir / ("python.exe" if os.name == "nt" else "python")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    ours.update(p for p in sys.path if p.endswith(("site-packages", "dist-packages")))
    lines = sorted(p for p in ours if Path(p).is_dir())
    (Path(purelib) / "_bezique_test_dependencies.pth").write_text(
        "".join(f"{line}\n" for line in lines), encoding="utf-8")
    return python


def type_completeness_verdict(report: str, package_dir: Path,
                              least: float = LEAST_TYPE_COMPLETENESS) -> tuple[bool, str]:
    """Judge the JSON ``report`` of ``pyright --verifytypes --outputjson``: whether it read
    the package in ``package_dir`` and scores at least ``least``; and what to print."""
    try:
        found = json.loads(report)["typeCompleteness"]
        score = float(found["completenessScore"])
        counts = found["exportedSymbolCounts"]
        read = Path(found["packageRootDirectory"])
    except (ValueError, KeyError, TypeError) as error:
        return False, f"no type completeness in the report ({error!r}): {report[:500]!r}"
    if read.resolve() != package_dir.resolve():
        return False, f"the report read {read}, not the installed wheel's {package_dir}"
    total = sum(counts.values())
    lines = [f"type completeness {score:.1%} (at least {least:.0%}): {total} exported symbols, "
             f"{counts['withKnownType']} known, {counts['withAmbiguousType']} ambiguous, "
             f"{counts['withUnknownType']} unknown"]
    lines += [f"  not known: {symbol['name']}" for symbol in found.get("symbols", [])
              if symbol.get("isExported") and not (symbol.get("isTypeKnown")
                                                   and not symbol.get("isTypeAmbiguous"))]
    return score >= least, "\n".join(lines)


def verify_types(python: Path, work: Path) -> int:
    """basedpyright's type completeness of the wheel installed for ``python``; 1 below
    :data:`LEAST_TYPE_COMPLETENESS`. Pyright finds the interpreter on ``PATH`` (its
    ``--pythonpath`` is not read by ``--verifytypes``); ``work`` holds no configuration."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join((str(python.parent), env.get("PATH", "")))
    package_dir = Path(subprocess.run(
        [str(python), "-c", "import bezique, os; print(os.path.dirname(bezique.__file__))"],
        check=True, capture_output=True, text=True, env=env, cwd=work).stdout.strip())
    args = [sys.executable, "-m", "basedpyright", "--verifytypes", "bezique", "--ignoreexternal",
            "--outputjson"]
    print(f"  $ {' '.join(args)}", flush=True)
    done = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True)
    ok, summary = type_completeness_verdict(done.stdout, package_dir)
    print(summary, flush=True)
    if not ok:
        print(f"FAILED: type completeness\n{done.stderr}", file=sys.stderr, flush=True)
    return 0 if ok else 1


def check(work: Path) -> int:
    dist = work / "dist"
    print("-- build the sdist and, from it, the wheel", flush=True)
    status = _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ROOT])
    if status:
        return status
    sdists = sorted(dist.glob("*.tar.gz"))
    wheels = sorted(dist.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        print(f"expected one sdist and one wheel in {dist}", file=sys.stderr)
        return 1
    sdist, wheel = sdists[0], wheels[0]

    print("-- twine check", flush=True)
    status = _run([sys.executable, "-m", "twine", "check", "--strict", sdist, wheel])
    if status:
        return status

    top, members = _sdist_members(sdist)
    tracked = _tracked_files()
    if tracked is None:
        print("-- sdist contents: not a git checkout, comparison skipped", flush=True)
    else:
        missing = sorted(set(tracked) - members)
        print(f"-- sdist contents: {len(members)} files, {len(tracked)} tracked by git",
              flush=True)
        if missing:
            print("the sdist lacks files git tracks:\n  " + "\n  ".join(missing),
                  file=sys.stderr)
            return 1

    print("-- install the wheel into a fresh virtual environment", flush=True)
    python = _fresh_venv(work / "venv")
    status = _run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
                   "--no-deps", "--no-index", wheel])
    if status:
        return status

    print("-- type completeness of the installed wheel", flush=True)
    status = verify_types(python, work)
    if status:
        return status

    print("-- run the sdist's tests against the installed wheel", flush=True)
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            archive.extractall(work / "sdist", filter="data")
        else:  # pragma: no cover - our own sdist, built a moment ago
            archive.extractall(work / "sdist")
    unpacked = work / "sdist" / top
    shutil.rmtree(unpacked / "src")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["BEZIQUE_TEST_INSTALLED"] = "1"
    return _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                cwd=unpacked, env=env)


def main() -> int:
    """Run the packaging checks in a temporary directory; return the exit status."""
    with tempfile.TemporaryDirectory(prefix="bezique-package-") as tmp:
        return check(Path(tmp))


if __name__ == "__main__":
    sys.exit(main())
