"""``benchmarks/bench.py`` (run by hand, not timed here): every ratio it prints is the
median of ratios taken round by round, so a machine that speeds up or slows down between
rounds moves both timings of a pair, not the ratio."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import bezique as bz
from scripts import load_script


def _bench() -> ModuleType:
    return load_script("benchmarks/bench.py")


def test_ratios_are_paired_round_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    # the machine doubles its speed after the first round: the medians of the columns
    # would give 10 / 1 = 10x; every round's own ratio is 4x (and eight-pack 2x two-pack)
    rounds = [
        {"yardstick": (2.5, 100), "two-pack": (10.0, 1000), "eight-pack": (20.0, 1000)},
        {"yardstick": (0.5, 100), "two-pack": (2.0, 1000), "eight-pack": (4.0, 1000)},
        {"yardstick": (1.0, 100), "two-pack": (4.0, 1000), "eight-pack": (8.0, 1000)},
    ]
    bench.report([bz.variants.TWO_PACK, bz.variants.EIGHT_PACK], 10, rounds)
    out = capsys.readouterr().out
    assert "ratio of time per deal: 4.00x [4.00-4.00]" in out
    assert "(2.00x [2.00-2.00] two-pack per action)" in out


def test_a_run_with_a_stand_in_yardstick_prints_every_ratio(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stand_in = tmp_path / "yardstick.py"
    stand_in.write_text("def run(n, seed):\n    return 0.001 * n, 80 * n, 0\n")
    bench = _bench()
    assert bench.main(["--deals", "2", "--rounds", "2", "--variant", "rubicon",
                       "--yardstick", str(stand_in)]) == 0
    out = capsys.readouterr().out
    assert "ratio of time per deal:" in out  # two-pack is added to pair the ratios with
    assert out.count("two-pack per action") == 2
