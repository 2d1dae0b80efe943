"""The ``bezique`` command in the players' languages: ``--lang`` on demo, play, simulate
and rules, and the locale's language by default (bezique.i18n)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

import bezique as bz
from bezique import _cli_progress, _cli_terminal
from bezique.cli import main


def run(*args: str, lang: str = "C.UTF-8", stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LANG=lang)
    return subprocess.run([sys.executable, "-m", "bezique", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_demo_narrates_a_deal_in_finnish() -> None:
    done = run("demo", "--lang", "fi", "--seed", "3")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("botit: ahne, ahne")
    assert "Kahden pakan bezique: jakaja on pelaaja 0, valtti ♣ (valttikortti K♣)" in out
    assert "  pelaaja 1 pelaa 7♠" in out and "pakassa 46 korttia" in out
    assert "tikki 1: voittaja pelaaja 0" in out and "+10, valttiseiska" in out
    assert "pelaaja 1 pöytää neljä ässää: A♠ A♥ A♥ A♦" in out
    assert "jako päättyi" in out and "pelaaja 1: 330 (yhdistelmät 260" in out
    assert "pelaaja 1 voitti jaon; pelaaja 0: 120 pistettä, pelaaja 1: 330 pistettä" in out
    assert "player" not in out and "trick" not in out and "puoli" not in out


def test_demo_narrates_a_deal_in_german() -> None:
    done = run("demo", "--lang", "de", "--seed", "3")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Bézique zu zweit: Geber ist Spieler 0, Trumpf ♣ (offene Trumpfkarte K♣)" in out
    assert "  Spieler 1 spielt 7♠" in out and "46 Karten im Ziehstapel" in out
    assert "Stich 1: gewonnen von Spieler 0" in out and "meldet vier Asse" in out
    assert "Spiel zu Ende" in out and "Spieler 0: 120 (Meldungen 0, Trumpf-7 10" in out
    assert "Spieler 1 gewinnt das Spiel; Spieler 0: 120 Punkte, Spieler 1: 330 Punkte" in out
    assert "player" not in out and "Partei" not in out and "Siebenen" not in out


def test_the_locale_chooses_the_language() -> None:
    finnish = run("demo", "--seed", "3", lang="fi_FI.UTF-8")
    assert "jako päättyi" in finnish.stdout
    assert run("demo", "--seed", "3", "--lang", "en", lang="fi_FI.UTF-8").stdout == \
        run("demo", "--seed", "3", lang="sv_SE.UTF-8").stdout  # unknown locale: English


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--lang", "sv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: error:") and "unknown language 'sv'" in err


def test_rules_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "two-pack", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Spieler: 2" in out and "Meldungstabelle:" in out
    table = {" ".join(line.split()[:-1]): line.split()[-1] for line in out.splitlines()}
    assert table["Trumpfehe"] == "40" and table["Doppel-Bézique"] == "500"
    assert main(["rules", "--lang", "fi"]) == 0
    assert "muunnelmat" in capsys.readouterr().out


def test_simulate_in_finnish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "3", "--seed", "1", "--lang", "fi"]) == 0
    captured = capsys.readouterr()
    assert "Kahden pakan bezique: 3 jakoa, siemen 1" in captured.out
    assert "pelaaja 0" in captured.out and "valttiavioliitto" in captured.out
    assert "voitot" in captured.out and " %" in captured.out
    assert re.search(r"\d,\d", captured.out) and not re.search(r"\d\.\d", captured.out)
    assert "simuloitu 3/3 jakoa" in captured.err


def test_play_in_german_refuses_in_german() -> None:
    done = run("play", "--seed", "3", "--bot", "random", "--lang", "de",
               stdin="play 7C\n99\nhelp\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "du bist Spieler 0, die anderen" in out and "deine Hand:" in out
    assert "nicht erlaubt (R2.7): Spieler 0 hat 7♣ weder in der Hand noch auf dem Tisch" in out
    assert "es gibt keinen Zug 99: tippe eine Zahl von 1 bis" in out
    assert "Befehle:" in out and out.rstrip().endswith("tschüss")


@pytest.mark.parametrize(("lang", "line"), [
    ("fi", "sinä passaat (muuta ei voi tehdä, joten passaus tehtiin puolestasi)"),
    ("de", "du passt (nichts anderes ist erlaubt: für dich gespielt)"),
    ("en", _cli_terminal.FORCED_PASS),
])
def test_play_tells_a_forced_pass_in_the_language(lang: str, line: str) -> None:
    """R2.6: the person's lone pass is played for him, in one line of his language."""
    out: list[str] = []
    assert _cli_terminal.play_deal(bz.variants.TWO_PACK, seed=1, human=0,
                                   bot=bz.bots.RandomBot(), read=lambda prompt: "1",
                                   write=out.append, lang=lang) == 0
    assert line in out
    assert not any(said.startswith("you: pass") for said in out) or lang == "en"
    assert not any(said.startswith(("sinä:", "du:")) for said in out)


def test_simulate_progress_in_finnish_is_throttled_by_time() -> None:
    stream, now = io.StringIO(), [0.0]
    progress = _cli_progress.Progress(stream, "deals", "fi", clock=lambda: now[0])
    for done in range(6):
        now[0] += 1.0
        progress(done, 5)
    assert stream.getvalue().splitlines() == ["simuloitu 0/5 jakoa", "simuloitu 5/5 jakoa"]
