"""``benchmarks/greedy.py`` (run by hand, not timed here): GreedyBot's time per decision is
taken on the mover's observations of random deals, the fresh rounds on seeds the warm-up
did not see."""

from __future__ import annotations

from types import ModuleType

import pytest

import bezique as bz
from scripts import load_script


def _greedy() -> ModuleType:
    return load_script("benchmarks/greedy.py")


def test_every_step_of_the_deals_gives_the_movers_observation() -> None:
    bench = _greedy()
    seen = bench.observations(bz.variants.FOUR_HANDED, 2, 7)
    assert seen and all(isinstance(o, bz.Observation) for o in seen)
    assert {o.dealer for o in seen} == {3, 0}  # deals 7 and 8, dealt by 7 % 4 and 8 % 4
    assert all(o.to_move == o.player for o in seen)
    first = bz.new_deal(bz.variants.FOUR_HANDED, seed=7, dealer=3)
    assert first.to_move is not None and seen[0] == bz.observe(first, first.to_move)


def test_a_run_prints_each_variant_with_its_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _greedy()
    assert bench.main(["--deals", "1", "--rounds", "2", "--warm-up", "1",
                       "--variant", "two-pack", "--variant", "rubicon"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "range of 2 rounds" in lines[1]
    assert [line.split()[0] for line in lines[2:]] == ["two-pack", "rubicon"]
