"""The players' languages (bezique.i18n): the catalogs are complete and up to date, every
refusal renders in every language with its rule id, plural forms, the glossary's words."""

from __future__ import annotations

import io
import pickle
import random
import string
import sys
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import bezique as bz
from bezique import i18n
from bezique._messages import MESSAGES, WORDS, english, render, rule_of
from bezique.cards import ALL_CARDS, Rank, Suit
from bezique.melds import MeldClass, MeldKind
from positions import position, win

PACKAGE = Path(i18n.__file__).resolve().parent
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "bezique.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="bezique")


def _template():  # type: ignore[no-untyped-def]
    with (i18n.LOCALE_DIR / "bezique.pot").open("rb") as f:
        return read_po(f)


def _fields(text: str) -> set[str]:
    return {f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text)
            if name is not None}


def _forms(string_or_tuple: str | tuple[str, ...]) -> tuple[str, ...]:
    return string_or_tuple if isinstance(string_or_tuple, tuple) else (string_or_tuple,)


def test_the_languages() -> None:
    assert {"en", "fi", "de"} <= set(i18n.LANGUAGES)
    assert set(i18n.LANGUAGE_NAMES) == set(i18n.LANGUAGES)


@pytest.mark.parametrize("call", [
    lambda: i18n.meld_name("bezique", "sv"),
    lambda: i18n.card_name("QS", "xx"),
    lambda: i18n.describe(bz.Pass(), "EN"),
    lambda: i18n.translator(""),
])
def test_an_unknown_language_is_a_value_error(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(i18n.LanguageError) as caught:
        call()
    assert isinstance(caught.value, bz.BeziqueError) and isinstance(caught.value, ValueError)
    assert "unknown language" in str(caught.value) and "en, fi, de" in str(caught.value)


@pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="from Python 3.12 on (PEP 701) Babel's extractor reads the strings inside f-strings "
    "differently; the template is made by tools/catalogs.py on 3.11, the main run's "
    "interpreter, and checked there (the other interpreters' runs check everything else)")
def test_the_template_is_what_the_sources_mark() -> None:
    """``python tools/catalogs.py`` has been run: the .pot holds exactly the messages
    Babel extracts from the package (the keywords of babel.cfg and tools/catalogs.py)."""
    keywords = dict(DEFAULT_KEYWORDS, _define=((1, "c"), 2), _word=((1, "c"), 2))
    extracted = {(context, msgid if isinstance(msgid, str) else msgid[0])
                 for _, _, msgid, _, context in extract_from_dir(
                     str(PACKAGE), [("**.py", "python")], keywords=keywords)}
    template = {(m.context, _forms(m.id)[0]) for m in _template() if m.id}
    assert extracted == template
    assert {(mid, text) for mid, text in MESSAGES.items()} <= template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    assert catalog.num_plurals == 2
    template = [m for m in _template() if m.id]
    for m in template:
        found = catalog.get(m.id, context=m.context)
        assert found is not None, (m.context, m.id)
        assert not found.fuzzy, (m.context, m.id)
        ids, strings = _forms(m.id), _forms(found.string)
        assert len(strings) == len(ids) and all(strings), (m.context, m.id)
        if len(ids) == 1:
            assert _fields(strings[0]) == _fields(ids[0]), (m.context, m.id, strings[0])
        else:  # plural forms: every form within the English ones, the plural all of them
            allowed = _fields(ids[0]) | _fields(ids[1])
            assert all(_fields(s) <= allowed for s in strings), (m.context, m.id)
            assert _fields(strings[-1]) == _fields(ids[1]), (m.context, m.id)
    assert len([m for m in catalog if m.id]) == len(template)  # nothing obsolete


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_compiled_from_the_po(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(lang))
    mo = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "bezique.mo"
    assert mo.read_bytes() == compiled.getvalue(), "run python tools/catalogs.py"


_SAMPLES: dict[str, object] = {
    "player": 1, "card": bz.Card.parse("QS"), "cards": (bz.Card.parse("QS"),
                                                       bz.Card.parse("JD")),
    "allowed": (bz.Card.parse("AH"),), "suit": Suit.HEARTS, "meld": MeldKind.ROYAL_MARRIAGE,
    "meld_class": MeldClass.A, "ranks": Rank.ACE, "variant": "two-pack", "setting": "shifting",
    "where": WORDS["where"][0], "given": "'play QS'", "low": 1, "high": 5, "to_move": 0,
    "action": "announce bezique QS JD",
    "reason": ("R3.3/not-a-meld", {"cards": (bz.Card.parse("QS"),), "meld": MeldKind.BEZIQUE}),
}


@pytest.mark.parametrize("message_id", sorted(MESSAGES))
def test_every_message_id_renders_in_every_language(message_id: str) -> None:
    template = MESSAGES[message_id]
    params = {name: _SAMPLES[name] for _, name, _, _ in string.Formatter().parse(template)
              if name}
    rule = rule_of(message_id)
    english_text = render(template, params)
    error = bz.IllegalActionError(f"{rule}: {english_text}" if rule else english_text,
                                  rule=rule, message_id=message_id, params=params)
    assert i18n.message(error, "en") == str(error)
    for lang in TRANSLATED:
        said = i18n.message(error, lang)
        assert said != str(error) and "{" not in said, (lang, said)
        assert said.startswith(f"{rule}: ") if rule else not said.startswith("R"), said


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=[v.name for v in bz.variants.ALL])
def test_every_refusal_of_the_engine_renders_in_every_language(
        variant: bz.variants.Variant) -> None:
    """The refusals the engine raises (the loop of tests/test_errors_contract.py): in
    Finnish and German they differ from English and keep their rule id."""
    rng = random.Random(5)
    state = bz.new_deal(variant, seed=5)
    candidates: list[object] = [bz.Pass(), bz.GuessPacket(1), "play QS"]
    candidates += [bz.Play(card) for card in ALL_CARDS[::3]]
    candidates += [bz.ExchangeSeven(f"7{s}") for s in "SHDC"]
    candidates += [bz.Declare("bezique", "QS JD"), bz.Declare("four_aces", "AS AH AD AC"),
                   bz.Declare("royal_marriage", "KH QH"), bz.Declare("carte_blanche", "7S"),
                   bz.Declare("trump_seven", "7H"), bz.Announce("bezique", "QS JD"),
                   bz.Announce("four_kings", "KS KH KD KC")]
    rules: set[str | None] = set()
    while not state.is_over:
        legal = bz.legal_actions(state)
        for action in candidates:
            if action in legal or rng.random() < 0.5:
                continue
            with pytest.raises(bz.IllegalActionError) as caught:
                bz.check_action(state, action)  # type: ignore[arg-type]
            error = caught.value
            rules.add(error.rule)
            assert i18n.message(error, "en") == str(error)
            for lang in TRANSLATED:
                said = i18n.message(error, lang)
                assert said != str(error)
                if error.rule:
                    assert said.startswith(f"{error.rule}: ")
        state = bz.apply(state, rng.choice(legal))
    assert len(rules) >= 3


def test_a_refusal_in_finnish_and_german() -> None:
    state = bz.setup(bz.variants.TWO_PACK,
                     hands=["AS 10S KH QH JD 9C 8C 7D", "QS JD AH 10H KC QC 9S 8D"],
                     turn_up="7H")
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.check_action(state, bz.Declare("bezique", "QS JD"))
    assert i18n.message(caught.value, "fi").startswith("R3.1: vain vaiheen 1 tikin voittaja "
                                                       "saa pöydätä")
    assert i18n.message(caught.value, "de").startswith("R3.1: nur der Gewinner eines Stichs")
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.check_action(state, bz.Play("AS"))
    assert i18n.message(caught.value, "fi") == ("R2.7: pelaajalla 1 ei ole korttia A♠ kädessä "
                                                "eikä pöydässä")


def test_a_message_without_an_id_is_its_own_text() -> None:
    error = bz.IllegalActionError("R2.6: no", rule="R2.6")
    assert i18n.message(error, "fi") == "R2.6: no"


def test_plural_forms() -> None:
    fi, de = i18n.translator("fi"), i18n.translator("de")
    stock = ("{count} left in the stock", "{count} left in the stock")
    assert fi.ngettext(*stock, 1).format(count=1) == "pakassa 1 kortti"
    assert fi.ngettext(*stock, 46).format(count=46) == "pakassa 46 korttia"
    assert de.ngettext(*stock, 1).format(count=1) == "1 Karte im Ziehstapel"
    assert de.ngettext(*stock, 2).format(count=2) == "2 Karten im Ziehstapel"
    assert i18n.describe(bz.GuessPacket(1), "de").endswith("1 Karte")
    assert i18n.describe(bz.GuessPacket(3), "fi").endswith("3 korttia")
    assert i18n.describe(bz.GuessPacket(1), "en") == "guesses a packet of 1 card"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_meld_and_card_has_a_name(lang: str) -> None:
    names = {kind: i18n.meld_name(kind, lang) for kind in MeldKind}
    assert len(set(names.values())) == len(MeldKind)
    assert {i18n.card_name(card, lang) for card in ALL_CARDS}.__len__() == 32
    assert set(WORDS["meld"]) == {kind.value.replace("_", " ") for kind in MeldKind}
    titles = [i18n.variant_title(variant, lang) for variant in bz.variants.ALL]
    assert len(set(titles)) == len(titles)
    assert set(WORDS["variant"]) == {variant.title for variant in bz.variants.ALL}


def test_the_glossary_words() -> None:
    """shared/GLOSSARY.md: seed 000's Finnish (kuningatar, sotilas, pöydätä), seed 001's
    German. The bezique series is one series in Finnish (issue 39): seed 003's
    kaksois-bezique, the glossary's kolmoisbezique, then nelois- and viitois-."""
    fi = {k: i18n.meld_name(k, "fi") for k in ("common_marriage", "royal_marriage",
                                               "trump_sequence", "double_bezique",
                                               "triple_bezique", "four_queens", "trump_seven")}
    assert fi == {"common_marriage": "avioliitto", "royal_marriage": "valttiavioliitto",
                  "trump_sequence": "valttisuora", "double_bezique": "kaksoisbezique",
                  "triple_bezique": "kolmoisbezique", "four_queens": "neljä kuningatarta",
                  "trump_seven": "valttiseiska"}
    de = [i18n.meld_name(k, "de") for k in ("common_marriage", "royal_marriage",
                                            "trump_sequence", "bezique", "double_bezique",
                                            "four_jacks")]
    assert de == ["Ehe", "Trumpfehe", "Sequenz", "Bézique", "Doppel-Bézique", "vier Buben"]
    assert [i18n.card_name(c, "fi") for c in ("QS", "JD", "10H", "AC")] == [
        "patakuningatar", "ruutusotilas", "herttakymppi", "ristiässä"]
    assert [i18n.card_name(c, "de") for c in ("QS", "JD", "7C")] == [
        "Pik-Dame", "Karo-Bube", "Kreuz-Sieben"]
    assert i18n.card_name("QS", "en") == "queen of spades"
    assert i18n.variant_title(bz.variants.TWO_PACK, "fi") == "Kahden pakan bezique"  # seed 000
    assert i18n.variant_title(bz.variants.FOUR_HANDED, "de") == "Bézique zu viert"  # seed 001
    assert i18n.describe(bz.Declare("royal_marriage", "KH QH"), "fi") == \
        "pöytää valttiavioliiton: K♥ Q♥"


def test_describe_every_kind_of_action() -> None:
    actions = [bz.Play("QS"), bz.Play("QS", from_table=True), bz.Pass(),
               bz.ExchangeSeven("7H"), bz.Declare("bezique", "QS JD"), bz.GuessPacket(2),
               bz.Announce("bezique", "QS JD")]
    for lang in i18n.LANGUAGES:
        said = [i18n.describe(action, lang) for action in actions]
        assert len(set(said)) == len(said)
    assert i18n.describe(bz.Play("QS"), "en") == "plays Q♠"
    assert i18n.describe("anything", "de") == "anything"


def test_the_default_language_comes_from_the_locale() -> None:
    assert i18n.default_language({"LANG": "fi_FI.UTF-8"}) == "fi"
    assert i18n.default_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.default_language({"LANGUAGE": "sv:de", "LANG": "fi_FI"}) == "de"
    assert i18n.default_language({"LC_ALL": "C", "LANG": "fi_FI"}) == "en"
    assert i18n.default_language({}) == "en"


def test_english_parameters_are_the_notation() -> None:
    assert english(MeldKind.ROYAL_MARRIAGE) == "royal_marriage"
    assert english(Rank.TEN) == "tens"
    assert english((bz.Card.parse("QS"),)) == "Q♠"


_WINDOW_HANDS = ["AS 10S KH QH JD 9C 8C 7D", "QS 10D AH 10H KC 9D 9S 8D"]
_SEVENS = [  # variant, hands, turn-up, action; the English text is the engine's own
    (bz.variants.RUBICON, [h + " 7S" for h in _WINDOW_HANDS], None, bz.ExchangeSeven("7S"),
     "R8.1/no-trump-seven", "R8.1: the seven of trumps scores nothing in rubicon (R9.1)",
     "R8.1: valttiseiska ei tuo pisteitä pelissä ”Rubicon-bezique” (R9.1)",
     "R8.1: die Trumpf-7 zählt in „Rubikon-Bézique“ nichts (R9.1)"),
    (bz.variants.TWO_PACK.with_options(sevens_score=False), _WINDOW_HANDS, "7H",
     bz.ExchangeSeven("7S"), "R4.2/sevens-score-off",
     "R4.2: the seven of trumps scores nothing in two-pack (sevens_score)",
     "R4.2: valttiseiska ei tuo pisteitä pelissä ”Kahden pakan bezique” (sevens_score)",
     "R4.2: die Trumpf-7 zählt in „Bézique zu zweit“ nichts (sevens_score)"),
    (bz.variants.NO_PRESET_TRUMP, _WINDOW_HANDS, None, bz.ExchangeSeven("7S"),
     "R5.1/no-turn-up", "R5.1: no-preset-trump has no turn-up: a seven of trumps is shown or "
     "played, never exchanged", "R5.1: pelissä ”Kahden pakan bezique ilman valmista valttia” ei "
     "ole valttikorttia: "
     "valttiseiska näytetään tai pelataan, sitä ei koskaan vaihdeta",
     "R5.1: „Bézique zu zweit ohne festen Trumpf“ hat keine offene Trumpfkarte: die Trumpf-7 "
     "wird gezeigt oder "
     "gespielt, nie getauscht"),
    (bz.variants.NO_PRESET_TRUMP, _WINDOW_HANDS, None, bz.Declare("trump_seven", "7S"),
     "R5.1/no-trump-yet", "R5.1: no trump is fixed yet, so no card is a seven of trumps",
     "R5.1: valttia ei ole vielä määrätty, joten mikään kortti ei ole valttiseiska",
     "R5.1: noch steht kein Trumpf fest, also ist keine Karte die Trumpf-7"),
]


@pytest.mark.parametrize(("variant", "hands", "turn_up", "action", "message_id", "en", "fi",
                          "de"), _SEVENS, ids=[case[4] for case in _SEVENS])
def test_R5_1_R8_1_R4_2_the_seven_refusals_in_every_language(
        variant: bz.Variant, hands: list[str], turn_up: str | None, action: bz.Action,
        message_id: str, en: str, fi: str, de: str) -> None:
    """The sevens' refusals (no seven of trumps in the meld table, ``sevens_score`` off, no
    turn-up to exchange for, no trump fixed yet): English as before, Finnish, German."""
    state = bz.setup(variant, hands=hands, **({"turn_up": turn_up} if turn_up else {}))
    state = bz.apply(bz.apply(state, bz.Play("AH")), bz.Play("9C"))  # player 1's window
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.check_action(state, action)
    error = caught.value
    assert (error.message_id, str(error)) == (message_id, en)
    assert (i18n.message(error, "fi"), i18n.message(error, "de")) == (fi, de)


def test_R2_4_not_your_turn_in_every_language() -> None:
    """A NotYourTurnError has a message id per turn order (R2.4, R2.6, R9.4, R11.8) and the
    seats as parameters; str() is the English text, unchanged by a pickle."""
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    with pytest.raises(bz.NotYourTurnError) as caught:
        bz.apply(state, bz.legal_actions(state)[0], player=0)
    error = caught.value
    assert str(error) == "R2.4: player 0 may not act now: it is player 1's turn"
    assert (error.message_id, error.params) == ("R2.4/not-your-turn",
                                                {"player": 0, "to_move": 1})
    assert i18n.message(error, "fi") == "R2.4: pelaaja 0 ei voi toimia nyt: on pelaajan 1 vuoro"
    assert i18n.message(error, "de") == "R2.4: Spieler 0 ist nicht dran: Spieler 1 ist am Zug"
    for rule in ("R2.4", "R2.6", "R9.4", "R11.8"):
        err = pickle.loads(pickle.dumps(bz.NotYourTurnError(2, 3, rule)))
        assert err.message_id == f"{rule}/not-your-turn" and err.message_id in MESSAGES
        assert i18n.message(err, "de").startswith(f"{rule}: Spieler 2 ist nicht dran")
    other = bz.NotYourTurnError(0, 1, "R99")
    assert other.message_id is None and i18n.message(other, "fi") == str(other)


def test_R13_7_announcement_refusals_in_every_language() -> None:
    """R13.7: an announcement is refused in each language, its rule kept; one refused as its
    declaration would be (the four kings of R3.9) wraps that refusal, in the same language."""
    s = position("KS QS JD 9C 9D 9S 8S 10S")
    w = win(s, "9C")
    with pytest.raises(bz.IllegalActionError) as first:
        bz.check_action(w, bz.Announce("bezique", "QS JD"))
    assert first.value.message_id == "R13.7/nothing-scored-yet"
    assert i18n.message(first.value, "fi") == (
        "R13.7: pisteyttämättä pöydätään vasta vuoron yhden pisteytetyn yhdistelmän jälkeen; "
        "pelaaja 0 ei ole vielä pisteyttänyt tällä vuorolla yhtään yhdistelmää")
    t = bz.apply(w, bz.Declare("bezique", "QS JD"))
    with pytest.raises(bz.IllegalActionError) as wrapped:
        bz.check_action(t, bz.Announce("four_kings", "KS KS KD KC"))
    error = wrapped.value
    assert error.message_id == "R13.7/cannot-announce" and error.rule == "R3.9"
    assert str(error).startswith("R3.9: announce four_kings KS KS KD KC cannot be announced: "
                                 "player 0 does not hold")
    assert i18n.message(error, "de").startswith(
        "R3.9: announce four_kings KS KS KD KC kann nicht angesagt werden: Spieler 0 ")
    assert i18n.message(error, "fi").startswith(
        "R3.9: yhdistelmää ei voi pöydätä pisteyttämättä (announce four_kings KS KS KD KC): "
        "pelaaja")
    assert [i18n.describe(bz.Announce("bezique", "QS JD"), lang) for lang in i18n.LANGUAGES] \
        == ["announces a bezique: Q♠ J♦", "pöytää pisteyttämättä beziquen: Q♠ J♦",
            "sagt das Bézique an: Q♠ J♦"]


def test_the_catalogs_bot_words_name_every_level_as_the_bots_do() -> None:
    """``bezique._messages.BOT_WORDS`` (below the bots in the layers) lists the levels'
    names again for the catalogs: they must be ``bezique.bots.LEVEL_NAMES``, in order, so
    that ``bot_name("level3", lang)`` names the third level."""
    from bezique._messages import BOT_WORDS
    from bezique.bots import LEVEL_NAMES
    from bezique.i18n import bot_name

    assert BOT_WORDS[3:] == LEVEL_NAMES
    assert [bot_name(f"level{n}", "en") for n in range(1, 6)] == list(LEVEL_NAMES)
