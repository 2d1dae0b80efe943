"""``benchmarks/shape_floor.py`` (run by hand, not timed here): the yardstick's rules played
in the engine's shape. The yardstick itself lives outside the repository; these tests give
the floor a stand-in for its rules functions."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from scripts import load_script


def _floor() -> ModuleType:
    return load_script("benchmarks/shape_floor.py")


def _stand_in() -> SimpleNamespace:
    """The yardstick's tables, and rules functions offering no meld and no follow rule."""
    return SimpleNamespace(
        meld_options=lambda *args: [0], pick=None, follow_options=lambda hand, led, trump: hand,
        BRISQUE=[10 if c & 7 >= 6 else 0 for c in range(64)], MAR_T=None, FOUR_T=None,
        FOUR_SCORE=None, BEZ_T=None, BEZ_B=None, SEQ_T=None, SEV_B=None, MAR_B=None)


def test_a_floor_deal_plays_every_card_and_scores_the_brisques() -> None:
    floor = _floor()
    play_deal = floor.build(_stand_in())
    for k in range(20):
        rng = random.Random(k)
        deck = list(range(64))
        random.Random(k).shuffle(deck)
        seven_turned = deck[16] & 7 == 0
        scores, actions = play_deal(rng)
        # 32 tricks of two cards and 24 windows; 16 brisques of 10, the last trick 10, and
        # 10 to the dealer for a seven turned up
        assert actions == 88
        assert sum(scores) == 170 + 10 * seven_turned


def test_the_floor_refuses_an_action_not_offered() -> None:
    floor = _floor()
    floor.build(_stand_in())
    s = floor._new_deal(random.Random(1))
    with pytest.raises(ValueError, match="illegal"):
        floor._apply(s, floor.PASS)


def test_without_a_yardstick_the_floor_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _floor().main(["--yardstick", str(tmp_path / "absent.py")]) == 2
    assert "no yardstick at" in capsys.readouterr().err
