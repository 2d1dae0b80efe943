"""The command line's levels, hints, reviews and ladders: ``bezique play --level N`` with
``hint`` at its prompt, ``bezique review FILE`` and ``bezique ladder``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bezique as bz
from bezique import _cli_terminal
from bezique.bots import GreedyBot
from bezique.cli import main


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          answers: list[str], *args: str) -> str:
    feed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--seed", "5", *args]) == 0
    return capsys.readouterr().out


def test_play_against_a_level_with_a_hint(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, ["hint", "quit"], "--level", "club")
    assert "the others are club bots" in out
    hint = out.split("hint (expected points")[1].splitlines()[1:4]
    assert len(hint) == 3 and all(line.startswith("  play ") for line in hint)
    values = [int(line.rsplit(": ", 1)[1]) for line in hint]
    assert values == sorted(values, reverse=True)


def test_a_hint_in_phase_2_is_exact(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=5)
    bot, rng = GreedyBot(), random.Random(0)
    while state.phase == 1:
        assert state.to_move is not None
        state = bz.apply(state, bot.choose(bz.observe(state, state.to_move), rng))
    assert state.to_move is not None
    lines = _cli_terminal.hint_lines(bz.observe(state, state.to_move), 0, "de")
    assert lines[0].startswith("Tipp (erwartete Punkte")
    assert all(line.endswith("(genau)") for line in lines[1:])


def test_hint_is_listed_in_help_in_every_language(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    for lang, word in (("en", "the best actions"), ("fi", "parhaat siirrot"),
                       ("de", "die besten Züge")):
        out = _play(monkeypatch, capsys, ["help", "quit"], "--lang", lang)
        assert f"  hint            {word}" in out


@pytest.mark.parametrize("args, error", [
    (["--level", "6"], "no level '6': the levels are 1-5"),
    (["--level", "2", "--bot", "greedy"], "give --bot or --level, not both"),
])
def test_play_refuses_a_bad_level(args: list[str], error: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1", *args]) == 2
    assert error in capsys.readouterr().err


def _record_file(tmp_path: Path) -> Path:
    state = start = bz.new_deal(bz.variants.TWO_PACK, seed=8)
    rng, actions = random.Random(1), []
    while not state.is_over:
        legal = bz.legal_actions(state)
        action = legal[int(rng.random() * len(legal))]  # a random player: mistakes to find
        actions.append(action)
        state = bz.apply(state, action)
    path = tmp_path / "deal.txt"
    path.write_text(bz.Record.from_play(start, actions).dumps(), encoding="utf-8")
    return path


def test_review_a_record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_file(tmp_path)
    assert main(["review", str(path), "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("player 0: ")
    assert "player 1: " in out
    mistakes = [line for line in out.splitlines() if line.startswith("  action ")]
    assert mistakes and any(line.endswith("points (exact)") for line in mistakes)
    assert main(["review", str(path), "--budget", "1", "--lang", "fi"]) == 0
    assert capsys.readouterr().out.startswith("pelaaja 0: ")


def test_review_refuses_what_it_cannot_read(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("# bezique record v1\nvariant: two-pack\nseed: 7\ndealer: 0\nkind: deal\n"
                   "1: pass\n",
                   encoding="utf-8")
    assert main(["review", str(bad)]) == 2
    assert "R2.6" in capsys.readouterr().err


def test_ladder_prints_the_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--bots", "random,greedy", "--deals", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2 shuffles per pair")
    assert out[1].split()[:2] == ["bot", "Elo"]
    assert [line.split()[0] for line in out[2:]] == ["greedy", "random"]
    assert main(["ladder", "--bots", "random,level1", "--deals", "1", "--lang", "de"]) == 0
    assert "95 %-Konfidenzintervall" in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 shuffle per pair,", "2 shuffles per pair,"),
    ("fi", "1 sekoitus paria kohden,", "2 sekoitusta paria kohden,"),
    ("de", "1 Mischung je Paar,", "2 Mischungen je Paar,")])
def test_the_ladders_heading_counts_its_shuffles_in_the_languages_plural(
        capsys: pytest.CaptureFixture[str], lang: str, one: str, two: str) -> None:
    for deals, start in (("1", one), ("2", two)):
        assert main(["ladder", "--bots", "random,level1", "--deals", deals, "--lang", lang]) == 0
        assert capsys.readouterr().out.startswith(start)


def test_ladder_refuses_a_bot_twice_and_an_unknown_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--bots", "greedy,greedy", "--deals", "1"]) == 2
    assert "names each bot once" in capsys.readouterr().err
    assert main(["ladder", "--bots", "greedy,deep-blue", "--deals", "1"]) == 2
    assert "unknown bot 'deep-blue'" in capsys.readouterr().err
