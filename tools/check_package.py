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
5. the unpacked sdist, with its ``src/`` removed, runs its own test suite with that
   environment's Python, with ``BEZIQUE_TEST_INSTALLED=1`` so that ``tests/conftest.py``
   refuses to run unless ``import bezique`` resolves to the installed wheel.

Everything happens in a temporary directory that is removed afterwards. Stdlib only. The
exit status is that of the first failing step, or 0.
"""

from __future__ import annotations

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
