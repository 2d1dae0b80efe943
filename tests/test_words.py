"""Every word a player meets, in English, Finnish and German (issue 39): results in words
(bezique.i18n.describe_result), numbers as each language writes them, every CLI command in
the chosen language only, and the native reader's points on the Finnish (seeds 000, 003)
and German (seed 001) catalogs, one test each."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import bezique as bz
import bezique.referee
from bezique import _cli_terminal, _messages, i18n
from bezique.cli import main
from bezique.i18n import translator
from bezique.melds import MeldClass
from positions import position, win

K = bz.MeldKind
TWO, FOUR, RUBICON = bz.variants.TWO_PACK, bz.variants.FOUR_HANDED, bz.variants.RUBICON


def _finished(variant: bz.Variant, seed: int) -> bz.State:
    state = bz.new_deal(variant, seed=seed)
    for action in _first_actions(variant, seed):
        state = bz.apply(state, action)
    return state


def _first_actions(variant: bz.Variant, seed: int) -> list[bz.Action]:
    """The actions of :func:`_finished`'s deal: the first legal action each time."""
    state, actions = bz.new_deal(variant, seed=seed), []
    while not state.is_over:
        actions.append(bz.legal_actions(state)[0])
        state = bz.apply(state, actions[-1])
    return actions


def _catalog(lang: str) -> list[str]:
    """Every translation of ``lang``'s catalog."""
    from babel.messages.pofile import read_po

    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "bezique.po").open("rb") as f:
        return [s for m in read_po(f) if m.id
                for s in (m.string if isinstance(m.string, tuple) else (m.string,))]


# ----------------------------------------------------------------------------- results


def test_describe_result_of_a_two_player_deal_names_the_players() -> None:
    result = bz.deal_result(_finished(TWO, 3))
    assert result.points == (50, 180)
    assert i18n.describe_result(result, "en", variant=TWO) == (
        "player 1 wins the deal; player 0: 50 points, player 1: 180 points")
    assert i18n.describe_result(result, "fi", variant=TWO) == (
        "pelaaja 1 voitti jaon; pelaaja 0: 50 pistettä, pelaaja 1: 180 pistettä")
    assert i18n.describe_result(result, "de", variant=TWO) == (
        "Spieler 1 gewinnt das Spiel; Spieler 0: 50 Punkte, Spieler 1: 180 Punkte")
    assert i18n.describe_result(result, "fi") == i18n.describe_result(result, "fi",
                                                                      variant=TWO)


def test_describe_result_of_a_partnership_deal_names_the_sides() -> None:
    result = bz.deal_result(_finished(FOUR, 3))
    winner = 0 if result.points[0] > result.points[1] else 1
    said = {lang: i18n.describe_result(result, lang, variant=FOUR) for lang in i18n.LANGUAGES}
    assert said["en"].startswith(f"side {winner} wins the deal; side 0: ")
    assert said["fi"].startswith(f"puoli {winner} voitti jaon; puoli 0: ")
    assert said["de"].startswith(f"Partei {winner} gewinnt das Spiel; Partei 0: ")
    # without the variant, the result's own figures tell the partnership game
    assert i18n.describe_result(result, "fi") == said["fi"]


def test_describe_result_of_a_settled_deal_says_its_value() -> None:
    """R8.5, R11.7: a Rubicon deal is a game by itself; the winner scores its value."""
    result = bz.deal_result(_finished(RUBICON, 3))
    settled = result.settlement
    assert settled is not None and settled.winner is not None
    said = i18n.describe_result(result, "en", variant=RUBICON)
    assert said.startswith(f"player {settled.winner} wins the deal and scores "
                           f"{settled.value} points")
    assert ("the loser is under the rubicon" in said) == settled.rubiconed
    fi = i18n.describe_result(result, "fi", variant=RUBICON)
    assert fi.startswith(f"pelaaja {settled.winner} voitti jaon ja saa {settled.value} pistettä")


def test_describe_result_of_a_game() -> None:
    """R2.13: the loser under the rubicon doubles the win; a tie names no winner."""
    double = bz.GameResult(winner=0, totals=(1040, 430), value=2, deals=3)
    assert i18n.describe_result(double, "en", variant=TWO) == (
        "player 0 wins the game double after 3 deals (the loser is under the rubicon); "
        "player 0: 1040 points, player 1: 430 points")
    assert i18n.describe_result(double, "fi", variant=TWO).startswith(
        "pelaaja 0 voitti pelin 3 jaon jälkeen, ja voitto on kaksinkertainen")
    assert i18n.describe_result(double, "de", variant=TWO).startswith(
        "Spieler 0 gewinnt die Partie nach 3 Spielen doppelt")
    single = bz.GameResult(winner=1, totals=(800, 1010), value=1, deals=1)
    assert i18n.describe_result(single, "de") == (
        "Spieler 1 gewinnt die Partie nach 1 Spiel; Spieler 0: 800 Punkte, Spieler 1: 1010 "
        "Punkte")
    tie = bz.GameResult(winner=None, totals=(1000, 1000), value=1, deals=2)
    assert i18n.describe_result(tie, "fi").startswith("peli päättyi tasan 2 jaon jälkeen")
    game = bz.new_game(TWO, seed=2)
    while not game.is_over:
        game = bz.apply(game, bz.legal_actions(game)[0])
    assert i18n.describe_result(bz.game_result(game), "en", variant=TWO).startswith("player ")


def test_describe_result_refuses_what_it_cannot_tell() -> None:
    result = bz.deal_result(_finished(TWO, 3))
    with pytest.raises(i18n.LanguageError):
        i18n.describe_result(result, "sv")
    with pytest.raises(bz.BeziqueError):
        i18n.describe_result("a deal", "en")  # type: ignore[arg-type]


def test_describe_move_for_a_log() -> None:
    """The page's log: an action in the notation read back and told with its seat."""
    action = bz.parse_action(None, "declare four_aces AS AH AH AD")
    assert i18n.describe_move(1, action, "en") == "player 1 declares four aces: A♠ A♥ A♥ A♦"
    assert i18n.describe_move(1, action, "fi") == "pelaaja 1 pöytää neljä ässää: A♠ A♥ A♥ A♦"
    assert i18n.describe_move(1, action, "de") == "Spieler 1 meldet vier Asse: A♠ A♥ A♥ A♦"


@pytest.mark.parametrize(("lang", "number", "percent"), [
    ("en", "50.0", "50.0%"), ("fi", "50,0", "50,0 %"), ("de", "50,0", "50,0 %")])
def test_numbers_as_each_language_writes_them(lang: str, number: str, percent: str) -> None:
    assert i18n.format_number(50, lang) == number
    assert i18n.format_percent(50, lang) == percent


# ----------------------------------------------------------------------------- the CLI

_ENGLISH = ("wins", "win %", "mean pts", "ties", "combinations per deal", "total",
            "unknown verb", "deal over", "player", "side", "trick", "tricks", "points",
            "seed", "scores", "declares", "plays", "passes", "not allowed", "settlement",
            "you", "your", "the", "and", "deals", "games", "stock", "hand", "trump", "phase",
            "options", "meld table", "aliases", "players", "packs", "simulated", "bye",
            "commands", "number", "action", "rubicon", "random", "greedy", "search")
"""English words none of which a Finnish or German screen shows (the bots' names too: a
bot to type is quoted, ``'greedy'``)."""

_NOTATION = re.compile(r"\b(play|declare|announce|exchange|pass|guess)\b( [\w♠♥♦♣]+)*"
                       r"|--\w+|'[^']*'|\b\w+_\w+\b|^.* = .*$", re.M)
"""What stays as it is typed: actions in the notation, options and their values, quotes."""


_IDS = sorted({name for v in bz.variants.ALL for name in (v.name, *v.aliases)}, key=len,
              reverse=True)
"""The variants' names, typed as they are (``--variant two-pack``)."""


def _english_in(text: str) -> list[str]:
    words = _NOTATION.sub(" ", text)
    for name in _IDS:
        words = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", words)
    return [w for w in _ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words)]


_ERROR = {"en": "bezique: error: ", "fi": "bezique: virhe: ", "de": "bezique: Fehler: "}

_COMMANDS = ("demo", "play", "simulate", "review", "ladder", "rules", "serve")


@pytest.mark.parametrize("lang", ["fi", "de"])
def test_every_cli_command_speaks_only_the_chosen_language(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """demo, play (its answers to a typo, a wrong number, an illegal card, help, to the end
    of the deal), simulate (deals and games), review (a deal's record), ladder, rules and
    every ``--help``, in Finnish and German: none of the English words of the screens (the
    notation typed, the option names and the quoted names to type aside), the bots' names
    ("random", "greedy") included."""
    record = tmp_path / "deal.txt"
    record.write_text(bz.Record.from_play(bz.new_deal(TWO, seed=3), _first_actions(TWO, 3))
                      .dumps(), encoding="utf-8")
    said: list[str] = []
    for argv in (["demo", "--seed", "3"], ["demo", "--variant", "four-handed", "--seed", "1"],
                 ["demo", "--variant", "rubicon", "--seed", "3"],
                 ["simulate", "--deals", "3", "--seed", "1"],
                 ["simulate", "--games", "1", "--variant", "rubicon"],
                 ["simulate", "--deals", "2", "--variant", "four-handed", "--bots", "greedy"],
                 ["review", str(record), "--budget", "1"],
                 ["ladder", "--bots", "random,greedy,level1", "--deals", "1"],
                 ["rules"], ["rules", "two-pack"], ["rules", "rubicon"],
                 ["--help"], *([command, "--help"] for command in _COMMANDS)):
        assert main([*argv, "--lang", lang]) == 0, argv
        captured = capsys.readouterr()
        said += [captured.out, captured.err]
    monkeypatch.setattr(sys, "stdin", io.StringIO("bet\n99\nplay 7C\nhelp\n" + "1\n" * 400))
    assert main(["play", "--seed", "3", "--bot", "random", "--lang", lang]) == 0
    captured = capsys.readouterr()
    said += [captured.out, captured.err]
    for refused in (["demo", "--bots", "a,b,c"], ["demo", "--variant", "nope"],
                    ["play", "--bot", "clever"], ["rules", "skat"]):  # the CLI's refusals
        assert main([*refused, "--lang", lang]) == 2
        said.append(capsys.readouterr().err.removeprefix(_ERROR[lang]))
    text = "\n".join(said)
    assert _english_in(text) == []
    assert ("voitti jaon" if lang == "fi" else "gewinnt das Spiel") in text
    assert ("en ymmärrä siirtoa" if lang == "fi" else "ist kein Zug, den ich lesen kann") in text
    assert ("botti 0 (ahne)" if lang == "fi" else "Bot 0 (gierig)") in text  # simulate
    assert ("botteja (sattumanvarainen)" if lang == "fi" else "Bots (zufällig)") in text
    assert ("aloittelija" if lang == "fi" else "Anfänger") in text  # the ladder's level1
    assert ("päätöstä" if lang == "fi" else "Entscheidungen") in text  # the review
    assert not re.search(r"(?<![R\d.])\d+\.\d", text)  # a decimal comma (rule ids aside)


@pytest.mark.parametrize("lang", ["fi", "de"])
def test_every_help_speaks_only_the_chosen_language(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` of the program and of every subcommand, argparse's own words (``usage:``,
    the section titles, ``-h``'s line) too: none of the English words; ``--lang`` read
    wherever it stands."""
    said: list[str] = []
    for argv in (["--help", "--lang", lang], *([c, "--help", f"--lang={lang}"]
                                               for c in _COMMANDS)):
        assert main(argv) == 0, argv
        said.append(capsys.readouterr().out)
    text = "\n".join(said)
    english = ("usage", "positional arguments", "show this help message", "options",
               "default", "seed", "variant", "bots play", "number of")
    assert _english_in(text) == []
    shown = _NOTATION.sub(" ", text)
    assert [w for w in english if re.search(rf"\b{w}\b", shown)] == []
    assert ("käyttö: bezique" if lang == "fi" else "Aufruf: bezique") in text
    assert ("--seed SIEMEN" if lang == "fi" else "--seed STARTWERT") in text  # placeholders


@pytest.mark.parametrize(("lang", "words"), [
    ("fi", "argumentti --level: ei tasoa '9': tasot ovat 1–5"),
    ("de", "Argument --level: keine Stufe '9': die Stufen sind 1–5")])
def test_argparse_errors_in_the_chosen_language(
        lang: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A usage error in the chosen language: a bad value, a missing or unknown argument."""
    assert main(["play", "--level", "9", "--lang", lang]) == 2
    assert capsys.readouterr().err == f"{_ERROR[lang]}{words} (beginner, casual, club, " \
                                      "expert, master)\n"
    for argv in (["ladder", "--deals", "2"], ["demo", "--nope"], ["demo", "--seed", "x"]):
        assert main([*argv, "--lang", lang]) == 2
        err = capsys.readouterr().err.removeprefix(_ERROR[lang])
        assert not re.search(r"\b(argument|arguments|required|unrecognized|whole)\b", err), err


def test_an_unknown_lang_keeps_its_error_and_helps_in_the_default(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["demo", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err
    assert main(["demo", "--help", "--lang", "xx"]) == 0
    assert "Aufruf: bezique demo" in capsys.readouterr().out


def test_the_english_words_are_found_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    """The sweep above would see English: the same commands in English show its words."""
    assert main(["simulate", "--deals", "2", "--lang", "en"]) == 0
    assert {"wins", "win %", "mean pts", "ties", "total", "random"} <= set(
        _english_in(capsys.readouterr().out))


# ----------------------------------------------------------------------------- Finnish


def test_fi_the_seven_is_shown() -> None:
    """Seed 000: "voit koska tahansa näyttää valttiseiskan"."""
    assert i18n.describe(bz.Declare(K.TRUMP_SEVEN, "7H"), "fi") == "näyttää valttiseiskan: 7♥"


def test_fi_the_object_of_poytaa_takes_its_case() -> None:
    assert i18n.describe(bz.Declare(K.BEZIQUE, "QS JD"), "fi") == "pöytää beziquen: Q♠ J♦"
    assert i18n.describe(bz.Declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "fi") == (
        "pöytää kaksoisbeziquen: Q♠ Q♠ J♦ J♦")
    assert i18n.describe(bz.Declare(K.FOUR_ACES, "AS AH AD AC"), "fi") == (
        "pöytää neljä ässää: A♠ A♥ A♦ A♣")


def test_fi_announcing_does_not_clash_with_seed_003s_ilmoittaa() -> None:
    """Seed 003's "ilmoittaa" is declaring (scored); an announcement is "pöytää
    pisteyttämättä" (seed 000: the others stay on the table, scored later)."""
    assert i18n.describe(bz.Announce(K.BEZIQUE, "QS JD"), "fi") == (
        "pöytää pisteyttämättä beziquen: Q♠ J♦")
    assert not [s for s in _catalog("fi") if "ilmoit" in s.lower()]


def test_fi_the_revoke_is_maapakon_rikkominen_loppupelissa() -> None:
    """Seed 003: "Maapakon rikkominen loppupelissä"."""
    state = position("KS QS JD 9C 9D 9S 8S 10S")
    with pytest.raises(bz.BeziqueError) as refused:
        bezique.referee.penalize(state, "revoke", 1)
    assert "maapakon rikkominen" in i18n.message(refused.value, "fi")
    assert "loppupelissä" in i18n.message(refused.value, "fi")


def test_fi_the_variant_without_a_preset_trump() -> None:
    """Seed 000: "Ei valmista valttia"."""
    assert i18n.variant_title(bz.variants.NO_PRESET_TRUMP, "fi") == (
        "Kahden pakan bezique ilman valmista valttia")


def test_fi_de_the_reuse_refusal_names_the_group() -> None:
    """Seed 000's groups ("avioliitot", "suorat"), seed 001's "derselben Art": no class A."""
    s = position("KS QS JD 9C 9D 9S 8S 10S")
    t = win(bz.apply(win(s, "9C"), bz.Declare(K.COMMON_MARRIAGE, "KS QS")), "9D")
    with pytest.raises(bz.IllegalActionError) as refused:
        bz.check_action(t, bz.Declare(K.COMMON_MARRIAGE, "KS QS"))
    error = refused.value
    assert error.message_id == "R3.6/reused" and error.params["meld_class"] is MeldClass.A
    assert "samaan ryhmään (avioliitot ja suorat)" in i18n.message(error, "fi")
    assert "derselben Art (Ehen und Sequenzen)" in i18n.message(error, "de")
    assert "the same class (marriages and sequences)" in str(error)
    for said in (i18n.message(error, "fi"), i18n.message(error, "de")):
        assert "ryhmän A" not in said and "Klasse" not in said


def test_fi_imperative_to_you_infinitive_about_a_player() -> None:
    t = translator("fi")
    assert t.gettext("your move (declare or pass):") == "siirtosi (pöytää tai passaa):"
    assert t.gettext("your move (play a card):") == "siirtosi (pelaa kortti):"
    about = t.pgettext("R2.6/play-in-window", _messages.MESSAGES["R2.6/play-in-window"])
    assert "pöydätä, vaihtaa valttiseiskan tai passata" in about


def test_fi_de_you_pass() -> None:
    """"sinä passaat", "du passt": the person's own action in the second person."""
    assert translator("fi").gettext(_cli_terminal.FORCED_PASS).startswith("sinä passaat")
    assert i18n.describe(bz.Pass(), "fi", you=True) == "passaat"
    assert i18n.describe(bz.Play("QS"), "de", you=True) == "spielst Q♠"
    assert i18n.describe(bz.Play("QS"), "en", you=True) == "play Q♠"  # after "you"


@pytest.mark.parametrize(("lang", "player", "side"), [
    ("en", "player 0", "side 0"), ("fi", "pelaaja 0", "puoli 0"), ("de", "Spieler 0", "Partei 0")])
def test_a_side_of_one_player_is_the_player(lang: str, player: str, side: str) -> None:
    for variant in (TWO, RUBICON, bz.variants.THREE_HANDED, bz.variants.CUTTHROAT):
        assert i18n.side_name(0, lang, variant) == player
    # consultation: each side plays one hand, as one player
    for variant in (TWO, RUBICON, bz.variants.CONSULTATION):
        assert i18n.side_name(1, lang, variant) == player.replace("0", "1")
    assert i18n.side_name(0, lang, FOUR) == side


def test_fi_one_bezique_series() -> None:
    names = [i18n.meld_name(kind, "fi") for kind in (
        K.DOUBLE_BEZIQUE, K.TRIPLE_BEZIQUE, K.QUADRUPLE_BEZIQUE, K.QUINTUPLE_BEZIQUE)]
    assert names == ["kaksoisbezique", "kolmoisbezique", "neloisbezique", "viitoisbezique"]


def test_fi_de_the_tables_are_cards_on_the_table() -> None:
    """"pöydässä:" (what lies there), "ausgelegte Karten" (seed 001), never "Tische"."""
    assert translator("fi").gettext("tables: {tables}") == "pöydässä: {tables}"
    assert translator("de").gettext("tables: {tables}") == "ausgelegte Karten: {tables}"
    assert not [s for s in _catalog("de") if "Tisch" in s and "Tische" in s]


# ----------------------------------------------------------------------------- German


def test_de_the_seven_is_shown() -> None:
    """Seed 001: "sie vorzeigen und 10 Punkte bekommen"."""
    assert i18n.describe(bz.Declare(K.TRUMP_SEVEN, "7H"), "de") == "zeigt die Trumpf-7 vor: 7♥"


def test_de_a_void_is_hat_kein_not_blank() -> None:
    """Seed 001: "wenn du die Farbe nicht hast"; "blank" is a singleton."""
    error = bz.IllegalActionError("R2.10: ...", rule="R2.10", message_id="R2.10/must-trump",
                                  params={"player": 1, "suit": bz.Suit.CLUBS,
                                          "allowed": bz.parse_cards("AH 10H")})
    said = i18n.message(error, "de")
    assert said.startswith("R2.10: Spieler 1 hat kein ♣ und muss Trumpf spielen")
    assert "blank" not in said


def test_de_stechen_is_taking_the_trick() -> None:
    """Seed 001: "Wenn möglich, musst du stechen – mit einer höheren Karte der Farbe oder
    ... mit einem Trumpf": stechen is winning the trick."""
    error = bz.IllegalActionError("R2.10: ...", rule="R2.10", message_id="R2.10/must-win",
                                  params={"player": 1, "card": bz.Card.parse("9S"),
                                          "allowed": bz.parse_cards("AS")})
    assert i18n.message(error, "de") == (
        "R2.10: 9♠ sticht nicht; Spieler 1 muss stechen, wenn er kann: eine von A♠")


def test_de_articles() -> None:
    assert i18n.describe(bz.Announce(K.COMMON_MARRIAGE, "KS QS"), "de") == (
        "sagt die Ehe an: K♠ Q♠")
    assert i18n.describe(bz.Declare(K.BEZIQUE, "QS JD"), "de") == "meldet das Bézique: Q♠ J♦"
    assert i18n.describe(bz.Declare(K.ROYAL_MARRIAGE, "KH QH"), "de") == (
        "meldet die Trumpfehe: K♥ Q♥")


def _window_refusal(action: bz.Action) -> bz.IllegalActionError:
    """Why ``action`` is refused in player 0's window after his first trick (two-pack,
    holding K♠ Q♠ J♦)."""
    with pytest.raises(bz.IllegalActionError) as refused:
        bz.check_action(win(position("KS QS JD 9C 9D 9S 8S 10S"), "9C"), action)
    return refused.value


def test_de_a_card_not_held_is_weder_noch() -> None:
    said = i18n.message(_window_refusal(bz.Declare(K.DOUBLE_BEZIQUE, "QS QS JD JD")), "de")
    assert "weder in der Hand noch auf dem Tisch" in said, said
    assert "nicht in der Hand oder" not in said


def test_de_trumpf_7_not_siebenen() -> None:
    assert not [s for s in _catalog("de") if "Siebenen" in s]
    assert "Trumpf-7 {sevens}" in translator("de").gettext(
        "{side}: {total} (melds {melds}, sevens {sevens}, brisques {brisques}, last trick "
        "{last_trick}{extra})")


def test_refusals_name_the_variant_by_its_title() -> None:
    """"pelissä two-pack", "two-pack kennt keine Meldung": the title of the language, set
    off in the language's quotes with the combination's name (” … ” in Finnish, „ … “ in
    German), so that the names read as names mid-sentence."""
    refused = _window_refusal(bz.Declare(K.BACK_DOOR, "AS 10S KS QS JS"))
    assert i18n.message(refused, "fi") == (
        "R3.3: pelissä ”Kahden pakan bezique” ei ole yhdistelmää ”tavallinen suora”")
    assert i18n.message(refused, "de") == (
        "R3.3: „Bézique zu zweit“ kennt keine Meldung „einfache Sequenz“")
    assert str(refused) == "R3.3: two-pack has no combination back_door"  # English: the ids


def test_names_spliced_into_a_sentence_are_quoted() -> None:
    """Every Finnish and German template that names a variant ({variant}) or a combination
    ({meld}) in a sentence sets it off in quotes; the actions told in words ("pöytää
    beziquen", "meldet das Bézique": an object in its case) and a name in brackets
    aside."""
    from babel.messages.pofile import read_po

    quotes = {"fi": ("”", "”"), "de": ("„", "“")}
    for lang, (left, right) in quotes.items():
        with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "bezique.po").open("rb") as f:
            entries = [m for m in read_po(f) if m.id and isinstance(m.string, str)]
        for m in entries:
            if m.context in ("action", "action, you"):
                continue
            for field in ("{variant}", "{meld}"):
                bare = m.string.replace(f"{left}{field}{right}", "").replace(f"({field})", "")
                assert field not in bare or m.string.startswith(f"{field}:"), (lang, m.string)


@pytest.mark.parametrize("message_id", ["R2.9/seven-in-phase-2", "R4.2/seven-alone"])
def test_the_seven_is_shown_in_refusals_too(message_id: str) -> None:
    """Seeds 000 and 001 show the seven (näyttää, vorzeigen); it is never tabled or melded."""
    template = _messages.MESSAGES[message_id]
    fi = translator("fi").pgettext(message_id, template)
    de = translator("de").pgettext(message_id, template)
    assert "näytet" in fi and "pöyd" not in fi
    assert "vorgezeigt" in de and "gemeldet" not in de
