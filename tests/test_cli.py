"""The ``bezique`` command, as a subprocess (``python -m bezique``) and through ``main(argv)``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

import bezique as bz
from bezique import _cli_progress, _cli_terminal
from bezique.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bezique", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


# ----------------------------------------------------------------------------- demo


def test_demo_as_a_subprocess() -> None:
    done = run("demo", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "deal over" in done.stdout and "player 0:" in done.stdout
    assert re.search(r"^player [01] wins the deal; player 0: \d+ points, player 1: \d+ points$",
                     done.stdout, flags=re.M)
    assert done.stderr == ""


def test_demo_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "rubicon", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bots: greedy, greedy")
    assert out.splitlines()[1].startswith("Rubicon Bezique: dealer is player 0")
    assert re.search(r"^player [01] wins the deal and scores \d+ points", out, flags=re.M)


# ----------------------------------------------------------------------------- rules


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_rules_of_every_variant(variant: bz.Variant, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", variant.name]) == 0
    out = capsys.readouterr().out
    assert f"({variant.name})" in out
    assert f"players: {variant.players}" in out
    assert f"packs: {variant.packs}" in out
    assert f"hand size: {variant.hand_size}" in out
    for option in variant.options():
        assert f"  {option} = " in out
    for kind, points in variant.melds.effective_table():
        assert any(line.split()[-1] == str(points)
                   and kind.value.replace("_", " ") in line for line in out.splitlines())


def test_rules_by_alias_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "polish"]) == 0
    assert "(fildinski)" in capsys.readouterr().out
    done = run("rules")
    assert done.returncode == 0
    for variant in bz.variants.ALL:
        assert variant.name in done.stdout
        for alias in variant.aliases:
            assert alias in done.stdout


# ----------------------------------------------------------------------------- simulate


def test_simulate_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "two-pack", "--deals", "12", "--seed", "4"]) == 0
    captured = capsys.readouterr()
    assert "Two-pack Bezique: 12 deals, seed 4" in captured.out
    assert "player 0" in captured.out and "bot 1 (random)" in captured.out
    assert "deals/s" in captured.out
    # not a terminal: plain progress lines, no carriage returns
    assert "simulated 12/12 deals" in captured.err and "\r" not in captured.err


def test_simulate_duplicate_with_scores_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--deals", "20", "--bots", "greedy,random", "--duplicate", "--seed", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Two-pack Bezique: 20 deals, seed 2, duplicate" in out
    assert "bot 0 (greedy) scores" in out and "95% interval" in out


def test_simulate_games_with_bots_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--variant", "four-handed", "--games", "1", "--bots", "random,random",
            "--check"]
    assert main(argv) == 0
    assert "Four-handed partnership Bezique: 1 game (" in capsys.readouterr().out


def test_simulate_json_as_a_subprocess() -> None:
    done = run("simulate", "--variant", "rubicon", "--games", "4", "--workers", "2",
               "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["variant"] == "rubicon" and data["mode"] == "games" and data["played"] == 4
    assert sum(side["wins"] for side in data["sides"]) + data["ties"] == 4
    assert data["sides"][0]["mean_value"] is not None
    again = run("simulate", "--variant", "rubicon", "--games", "4", "--seed", "1", "--json")
    data2 = json.loads(again.stdout)
    for volatile in ("elapsed", "deals_per_second"):
        del data[volatile], data2[volatile]
    assert data == data2  # one worker or two, the same figures


def test_simulate_check_reports_a_violation(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import bezique.simulation as sim
    real = sim.apply

    def leaky(state: bz.State, action: bz.Action) -> bz.State:
        after = real(state, action)
        return after.replace(stock=after.stock[1:]) if after.tricks == 2 else after

    monkeypatch.setattr(sim, "apply", leaky)
    assert main(["simulate", "--deals", "2", "--check"]) == 1
    err = capsys.readouterr().err
    assert "bezique: invariant violated: deal 0" in err and "Traceback" not in err


def test_simulate_progress_bar_on_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    now = [0.0]
    bar = _cli_progress.Progress(stream, "deals", clock=lambda: now[0])
    bar(0, 10)
    now[0] += _cli_progress.BAR_INTERVAL
    bar(5, 10)
    bar(10, 10)
    text = stream.getvalue()
    assert text.startswith("\r[") and "5/10 deals 50%" in text and text.endswith("100%\n")


@pytest.mark.parametrize("tty", [False, True])
def test_simulate_progress_is_throttled_by_time_not_count(tty: bool) -> None:
    """200 reports in half a second: the start and the end only; a long run adds one
    line per interval, whatever the count."""
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    now = [100.0]
    stream = Stream()
    progress = _cli_progress.Progress(stream, "deals", clock=lambda: now[0])
    for done in range(1, 201):
        now[0] += 0.5 / 200
        progress(done, 200)
    shown = [line for line in stream.getvalue().replace("\r", "\n").split("\n") if line]
    if tty:  # redrawn in place, at most every BAR_INTERVAL
        assert shown[0] == "[..............................] 0/200 deals 0%"
        assert shown[-1] == "[##############################] 200/200 deals 100%"
        assert len(shown) <= 2 + 0.5 / _cli_progress.BAR_INTERVAL
    else:
        assert shown == ["simulated 0/200 deals", "simulated 200/200 deals"]
    interval = _cli_progress.BAR_INTERVAL if tty else _cli_progress.LINE_INTERVAL
    stream = Stream()
    progress = _cli_progress.Progress(stream, "deals", clock=lambda: now[0])
    for done in range(0, 1001):  # 1000 reports over 20 intervals
        progress(done, 1000)
        now[0] += 20 * interval / 1000
    shown = [line for line in stream.getvalue().replace("\r", "\n").split("\n") if line]
    assert 20 <= len(shown) <= 22 and shown[0].endswith(("0/1000 deals", "0/1000 deals 0%"))
    assert shown[-1].endswith(("1000/1000 deals", "1000/1000 deals 100%"))


# ----------------------------------------------------------------------------- play


def test_play_scripted_as_a_subprocess() -> None:
    done = run("play", "--seed", "3", "--bot", "random", stdin="1\nzz\n99\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "your hand:" in out and "stock 48 cards" in out and "scores:" in out
    assert "  1. play" in out
    assert "unknown verb 'zz'" in out
    assert "there is no action 99" in out
    assert out.rstrip().endswith("bye")
    assert done.stderr == ""


def test_play_to_the_end_and_eof(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main(["play", "--seed", "5", "--bot", "random", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "deal over" in out and ("you win" in out or "you lose" in out or "a tie" in out)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["play", "--seed", "5"]) == 0  # Ctrl-D (end of input) after one move
    assert capsys.readouterr().out.rstrip().endswith("bye")


def test_play_reads_action_text(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)  # player 1 leads, player 0 answers
    card = state.hands[0][-1]  # in phase 1 any card in hand may be played
    ascii_card = f"{card.rank}{card.suit.name[0]}".lower()
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"pass\nplay {ascii_card}\nquit\n"))
    assert main(["play", "--seed", "3", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "not allowed (R2.6): " in out  # pass is no play
    assert f"you: play {ascii_card.upper()}" in out


def test_play_without_the_notation_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import bezique.notation

    monkeypatch.delattr(bezique.notation, "parse_action")
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    actions = bz.legal_actions(state)
    first = actions[0]
    assert isinstance(first, bz.Play)
    assert _cli_terminal._choice(state, actions, str(first)) == first
    assert _cli_terminal._choice(state, actions, f"PLAY {first.card}") == first
    assert "cannot read" in str(_cli_terminal._choice(state, actions, "declare what"))


def test_an_unavailable_bot(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delattr(bz.bots, "GreedyBot", raising=False)
    assert main(["play", "--bot", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: error: the greedy bot is not available") and \
        err.count("\n") == 1


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("argv, message", [
    (["rules", "skat"], "unknown variant 'skat'"),
    (["demo", "--variant", "nope"], "unknown variant 'nope'"),
    (["demo", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
    (["simulate", "--games", "0"], "argument --games: must be at least 1"),
    (["simulate", "--deals", "ten"], "'ten' is not a whole number"),
    (["simulate"], "one of the arguments --games --deals is required"),
    (["simulate", "--deals", "2", "--games", "2"], "not allowed with argument --deals"),
    (["simulate", "--deals", "2", "--bots", "random,smart"], "unknown bot 'smart'"),
    (["simulate", "--deals", "2", "--bots", "random,random,random"], "needs 2 bots"),
    (["simulate", "--deals", "2", "--workers", "-1"], "must be at least 1"),
    (["play", "--seat", "2"], "--seat must be 0-1"),
    (["play", "--bot", "clever"], "unknown bot 'clever'"),
    ([], "the following arguments are required"),
    (["shuffle"], "invalid choice: 'shuffle'"),
])
def test_errors_exit_2_with_one_line(argv: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("bezique: error: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("argv", [["rules", "skat"], ["simulate", "--games", "x"], ["frob"]])
def test_errors_as_a_subprocess(argv: list[str]) -> None:
    done = run(*argv)
    assert done.returncode == 2
    assert done.stderr.startswith("bezique: error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out
