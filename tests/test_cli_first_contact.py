"""What a new user meets at the command line (issue 14), through subprocesses."""

from __future__ import annotations

import re
import subprocess
import sys

import bezique as bz


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bezique", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"bezique {bz.__version__}\n"


def test_demo_plays_greedy_bots_by_default() -> None:
    done = run("demo")
    assert done.returncode == 0, done.stderr
    assert "bots: greedy, greedy" in done.stdout
    assert ": declare " in done.stdout  # greedy bots declare what they can
    chosen = run("demo", "--bots", "random")
    assert chosen.returncode == 0, chosen.stderr
    assert "bots: random, random" in chosen.stdout
    assert run("demo", "--bots", "clever").returncode == 2


def test_demo_narrates_in_the_notation_with_score_events() -> None:
    done = run("demo", "--seed", "2")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^  player [01]: play (10|[AKQJ987])[SHDC]( table)?$", out, flags=re.M)
    assert re.search(r"^  player [01]: declare [a-z_]+ ", out, flags=re.M)
    assert re.search(r"^    player [01]: \+\d+, ", out, flags=re.M)
    assert "♠" not in "".join(line for line in out.splitlines() if ": play " in line)


def test_play_prints_a_seed_that_replays_the_deal() -> None:
    first = run("play", "--bot", "random", stdin="1\n1\nquit\n")
    assert first.returncode == 0, first.stderr
    match = re.search(r"seed (\d+) \(replay this deal with --seed \1\)", first.stdout)
    assert match, first.stdout[:300]
    again = run("play", "--bot", "random", "--seed", match.group(1), stdin="1\n1\nquit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


def test_play_has_a_help_command() -> None:
    done = run("play", "--seed", "3", stdin="help\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "commands:" in out
    for word in ("help", "quit", "play QS", "pass"):
        assert word in out.split("commands:", 1)[1]


def test_play_menu_uses_the_notation_and_refusals_say_you() -> None:
    done = run("play", "--seed", "3", "--bot", "random", stdin="pass\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^ +1\. play (10|[AKQJ987])[SHDC]$", out, flags=re.M)
    refusal = next(line for line in out.splitlines() if line.startswith("not allowed"))
    assert refusal.startswith("not allowed (R2.6): ")
    assert "you must play a card" in refusal and "player 0" not in refusal


def test_play_narrates_score_events() -> None:
    # seat 1 of seed 5 wins tricks with brisques early in the deal
    done = run("play", "--seed", "5", "--bot", "greedy", stdin="1\n" * 60 + "quit\n")
    assert done.returncode == 0, done.stderr
    events = re.findall(r"^    (player [01](?: \(you\))?): \+(\d+), (.+)$", done.stdout,
                        flags=re.M)
    assert events, done.stdout[:2000]
    assert all(int(points) > 0 for _, points, _ in events)


def test_simulate_usage_says_a_count_is_required() -> None:
    usage = run("simulate", "--help")
    assert usage.returncode == 0
    assert "(--games N | --deals N)" in " ".join(usage.stdout.split())
    done = run("simulate")
    assert done.returncode == 2
    assert "one of the arguments --games --deals is required" in done.stderr


def test_simulate_progress_starts_at_zero() -> None:
    done = run("simulate", "--deals", "20", "--bots", "random")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == "simulated 0/20 deals"
    assert lines[-1] == "simulated 20/20 deals"
