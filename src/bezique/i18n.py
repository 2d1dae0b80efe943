"""The players' languages: card and meld names, refusals and actions in English, Finnish
and German, in the words of the seeds (the glossary of the documentation's Languages page).

The words live in GNU gettext catalogs shipped with the package
(``bezique/locale/<lang>/LC_MESSAGES/bezique.mo``, built from the ``.po`` sources beside
them) and are read with the standard library's :mod:`gettext`; English is the catalogs'
source language. A refusal (:class:`~bezique.errors.IllegalActionError`) carries its
message id and parameters, so :func:`message` renders it in any language, its rule id kept.

>>> import bezique as bz
>>> from bezique import i18n
>>> i18n.meld_name("royal_marriage", "fi"), i18n.meld_name("royal_marriage", "de")
('valttiavioliitto', 'Trumpfehe')
>>> i18n.card_name(bz.Card.parse("QS"), "fi"), i18n.card_name(bz.Card.parse("JD"), "de")
('patakuningatar', 'Karo-Bube')
>>> i18n.describe(bz.Declare("bezique", "QS JD"), "de")
'meldet das Bézique: Q♠ J♦'
>>> try:
...     bz.apply(bz.new_deal(bz.variants.TWO_PACK, seed=3), bz.Pass())
... except bz.IllegalActionError as err:
...     print(i18n.message(err, "fi"))
R2.6: passaus vain päättää pöytäysvuoron; pelaajan 1 on pelattava kortti tikkiin

An unknown language raises :class:`LanguageError` (a :class:`ValueError`).
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bezique._messages import BOT_WORDS, MELD_OBJECTS, MESSAGES, WORDS, english, is_reason
from bezique.actions import Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank, Suit, format_cards
from bezique.errors import BeziqueError, IllegalActionError
from bezique.melds import MeldClass, MeldKind
from bezique.variants import ALL, Variant

if TYPE_CHECKING:
    from bezique.game import GameResult
    from bezique.results import DealResult

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LanguageError",
    "Translator",
    "bot_name",
    "card_name",
    "default_language",
    "describe",
    "describe_move",
    "describe_result",
    "format_number",
    "format_percent",
    "meld_name",
    "meld_object",
    "message",
    "side_name",
    "sides_are_players",
    "translator",
    "variant_title",
]

LANGUAGES: tuple[str, ...] = ("en", "fi", "de")
"""The languages the library speaks, by ISO 639-1 code; English first."""

LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "fi": "suomi", "de": "Deutsch"}
"""Each language's name in that language (for a language picker)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the compiled catalogs are: ``<lang>/LC_MESSAGES/bezique.mo``."""


class LanguageError(BeziqueError):
    """A language the library does not speak (not one of :data:`LANGUAGES`)."""


Translator = _gettext.NullTranslations
"""A language's catalog: ``gettext``, ``ngettext``, ``pgettext``, ``npgettext``."""


@functools.cache
def translator(lang: str) -> Translator:
    """The catalog of ``lang``; English is the identity (the catalogs' source language).

    Raises:
        LanguageError: for a language not in :data:`LANGUAGES`.
    """
    if lang not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}; the languages are: "
                            f"{', '.join(LANGUAGES)}")
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation("bezique", LOCALE_DIR, languages=[lang])


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them) when the library speaks it, else English.

    >>> default_language({"LANG": "fi_FI.UTF-8"}), default_language({"LANG": "C"})
    ('fi', 'en')
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            code = part.split(".")[0].split("_")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
            if part and var != "LANGUAGE":
                return "en"
    return "en"


_RANK_WORDS = {Rank.ACE: "ace", Rank.TEN: "ten", Rank.KING: "king", Rank.QUEEN: "queen",
               Rank.JACK: "jack", Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven"}
_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}


def _meld_kind(kind: MeldKind | str) -> MeldKind:
    return kind if isinstance(kind, MeldKind) else MeldKind(kind)


def meld_name(kind: MeldKind | str, lang: str) -> str:
    """The name of a combination in ``lang`` (``"royal marriage"``, ``"valttiavioliitto"``,
    ``"Trumpfehe"``); ``kind`` may be its notation name."""
    english_name = _meld_kind(kind).value.replace("_", " ")
    return translator(lang).pgettext("meld", english_name)


def card_name(card: Card | str, lang: str) -> str:
    """A card's full name in ``lang`` (``"queen of spades"``, ``"patakuningatar"``,
    ``"Pik-Dame"``); ``card`` may be its notation (``"QS"``)."""
    c = card if isinstance(card, Card) else Card.parse(card)
    t = translator(lang)
    return t.pgettext("card", "{rank} of {suit}").format(
        rank=t.pgettext("rank", _RANK_WORDS[c.rank]), suit=t.pgettext("suit", _SUIT_WORDS[c.suit]))


def bot_name(name: str, lang: str) -> str:
    """A bot's name (its ``name``, or as the command line takes it: ``"greedy"``,
    ``"level3"``) in ``lang``: ``"ahne"``, ``"gierig"``, a level by its name; a bot of the
    program's own keeps its name.

    >>> bot_name("greedy", "fi"), bot_name("random", "de"), bot_name("level5", "fi")
    ('ahne', 'zufällig', 'mestari')
    """
    key = name.strip().lower()
    if key.startswith("level") and key[5:] in ("1", "2", "3", "4", "5"):
        key = BOT_WORDS[2 + int(key[5:])]  # after random, greedy, search
    return translator(lang).pgettext("bot", key) if key in BOT_WORDS else name


def variant_title(variant: Variant, lang: str) -> str:
    """A variant's title in ``lang`` (``"Kahden pakan bezique"``, ``"Bézique zu zweit"``);
    a variant of the program's own is its title, or its name."""
    title = variant.title or variant.name
    return translator(lang).pgettext("variant", title)


def _converter(lang: str) -> Any:
    t = translator(lang)

    def convert(key: str, value: object) -> object:
        if is_reason(value):  # a refusal nested in another (R13.7)
            return _text(value[0], value[1], lang)
        if isinstance(value, MeldKind):
            return meld_name(value, lang)
        if isinstance(value, MeldClass):
            return t.pgettext("meld class", value.value)
        if key == "variant" and isinstance(value, str) and value in _PRESETS:
            return variant_title(_PRESETS[value], lang)  # its title, not its id
        if isinstance(value, Rank):
            plural = _RANK_WORDS[value] + "s"
            return t.pgettext("ranks", plural)
        if key == "where" and isinstance(value, str) and value in WORDS["where"]:
            return t.pgettext("where", value)
        return english(value)
    return convert


def message(error: IllegalActionError, lang: str) -> str:
    """The refusal ``error`` in ``lang``, starting with its rule id as ``str(error)`` does
    (``"R2.10: ..."``); in English, ``str(error)`` itself. An error raised without a message
    id (by a program, not the library) is its own text.

    Raises:
        LanguageError: for a language not in :data:`LANGUAGES`.
    """
    translator(lang)
    if lang == "en" or error.message_id not in MESSAGES:
        return str(error)
    text = _text(error.message_id, error.params, lang)
    return f"{error.rule}: {text}" if error.rule else text


def _text(message_id: str, params: Mapping[str, object], lang: str) -> str:
    """The template of ``message_id`` in ``lang`` filled with ``params``."""
    template = translator(lang).pgettext(message_id, MESSAGES[message_id])
    convert = _converter(lang)
    return template.format(**{k: convert(k, v) for k, v in params.items()})


_PRESETS: Mapping[str, Variant] = {v.name: v for v in ALL}
"""The presets by id: a refusal's ``{variant}`` is told by its title."""


def meld_object(kind: MeldKind | str, lang: str) -> str:
    """A combination as the object of a verb in ``lang``: ``"a royal marriage"``,
    ``"valttiavioliiton"``, ``"die Trumpfehe"`` (``"declares a royal marriage"``)."""
    return translator(lang).pgettext("meld object", MELD_OBJECTS[_meld_kind(kind).value])


def describe(action: object, lang: str, *, you: bool = False) -> str:
    """An action in words of ``lang``, as a narration tells it: ``"plays Q♠"``,
    ``"pelaa Q♠"``, ``"meldet das Bézique: Q♠ J♦"``, ``"näyttää valttiseiskan: 7♥"``;
    with ``you``, addressed to the player who took it, to follow "you" (``"play Q♠"``,
    ``"pelaat Q♠"``, ``"spielst Q♠"``). Something else is shown as its text.

    >>> describe(Declare("royal_marriage", "KH QH"), "fi")
    'pöytää valttiavioliiton: K♥ Q♥'
    >>> describe(Announce("common_marriage", "KS QS"), "de")
    'sagt die Ehe an: K♠ Q♠'
    >>> describe(Pass(), "fi", you=True)
    'passaat'
    """
    t = translator(lang)
    context = "action, you" if you else "action"  # the templates: bezique._messages

    def said(key: str) -> str:
        third, second = _ACTIONS[key]
        return t.pgettext(context, second if you else third)

    if isinstance(action, Play):
        return said("play from table" if action.from_table else "play").format(card=action.card)
    if isinstance(action, Declare | Announce):
        if isinstance(action, Announce):
            key = "announce"
        else:
            key = "show" if action.meld in _SHOWN else "declare"
        return said(key).format(meld=meld_object(action.meld, lang),
                                cards=format_cards(action.cards))
    if isinstance(action, ExchangeSeven):
        return said("exchange").format(card=action.card)
    if isinstance(action, Pass):
        return said("pass")
    if isinstance(action, GuessPacket):
        guess = (t.npgettext("action, you", "guess a packet of {count} card",
                             "guess a packet of {count} cards", action.size) if you
                 else t.npgettext("action", "guesses a packet of {count} card",
                                  "guesses a packet of {count} cards", action.size))
        return guess.format(count=action.size)
    return str(action)


_ACTIONS: Mapping[str, tuple[str, str]] = {
    "play": ("plays {card}", "play {card}"),
    "play from table": ("plays {card} from the table", "play {card} from the table"),
    "declare": ("declares {meld}: {cards}", "declare {meld}: {cards}"),
    "announce": ("announces {meld}: {cards}", "announce {meld}: {cards}"),
    "show": ("shows {meld}: {cards}", "show {meld}: {cards}"),
    "exchange": ("exchanges {card} for the turn-up", "exchange {card} for the turn-up"),
    "pass": ("passes", "pass"),
}
"""The English templates of :func:`describe`: of a player (the catalogs' context
``action``) and to the player who took it (``action, you``; ``"you play Q♠"``); marked
for the catalogs in :mod:`bezique._messages`."""

_SHOWN = frozenset({MeldKind.TRUMP_SEVEN, MeldKind.CARTE_BLANCHE})
"""The declarations that are shown, not tabled (R4.2, R8.2): "shows the seven of trumps"."""


def sides_are_players(variant: Variant | None) -> bool:
    """Whether each side of ``variant`` is one player (two-handed, three-handed, cutthroat),
    so a side is named as its player; not in partnership games (four-handed,
    consultation). Without a variant, sides are taken to be players."""
    return variant is None or variant.deal.side_count == variant.players


def side_name(side: int, lang: str, variant: Variant | None = None, *,
              you: bool = False) -> str:
    """Side ``side`` in words of ``lang``: ``"player 0"`` (``"pelaaja 0"``, ``"Spieler
    0"``) where each side is one player (:func:`sides_are_players`), else ``"side 0"``
    (``"puoli 0"``, ``"Partei 0"``); with ``you``, marked as the reader's own.

    >>> from bezique.variants import FOUR_HANDED, TWO_PACK
    >>> side_name(0, "fi", TWO_PACK), side_name(0, "de", FOUR_HANDED, you=True)
    ('pelaaja 0', 'Partei 0 (du)')
    """
    t = translator(lang)
    if sides_are_players(variant):
        template = t.gettext("player {player} (you)") if you else t.gettext("player {player}")
        return template.format(player=side)
    template = t.gettext("side {side} (you)") if you else t.gettext("side {side}")
    return template.format(side=side)


def describe_move(player: int, action: object, lang: str) -> str:
    """An action with the seat that took it, in words of ``lang``, for a game's log:
    ``"player 1 plays Q♠"``, ``"pelaaja 1 pöytää beziquen: Q♠ J♦"``, ``"Spieler 1 zeigt
    die Trumpf-7 vor: 7♥"``. A log written in the notation reads back with
    ``bz.parse_action(None, text)``.

    >>> describe_move(1, Declare("trump_seven", "7H"), "de")
    'Spieler 1 zeigt die Trumpf-7 vor: 7♥'
    """
    return translator(lang).gettext("player {player} {action}").format(
        player=player, action=describe(action, lang))


def format_number(value: float, lang: str, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, written as ``lang`` writes numbers: a decimal
    comma in Finnish and German (``"50,0"``), a point in English (``"50.0"``).

    >>> format_number(50, "fi"), format_number(2.125, "en", 2)
    ('50,0', '2.12')
    """
    text = f"{value:.{digits}f}"
    mark = translator(lang).pgettext("number", ".")
    return text.replace(".", mark) if mark != "." else text


def format_percent(value: float, lang: str, digits: int = 1) -> str:
    """A percentage (``value`` in percent) as ``lang`` writes one: ``"50.0%"``,
    ``"50,0 %"``.

    >>> format_percent(50, "en"), format_percent(50, "de")
    ('50.0%', '50,0 %')
    """
    return translator(lang).pgettext("number", "{number}%").format(
        number=format_number(value, lang, digits))


def _names(sides: Sequence[int], lang: str, variant: Variant | None) -> str:
    """Several sides named in a row: ``"player 0 and player 2"``."""
    t = translator(lang)
    names = [side_name(side, lang, variant) for side in sides]
    if len(names) == 1:
        return names[0]
    return t.gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _points(points: int, lang: str) -> str:
    return translator(lang).ngettext("{points} point", "{points} points", points).format(
        points=points)


_FOUR_HANDED = _PRESETS["four-handed"]


def _partnership_deal(result: object, settlement: object) -> bool:
    """Whether a deal's result can only be the four-handed partnership game's among the
    presets: two sides, the 32 brisques of four packs, no settlement."""
    counts = tuple(getattr(result, "brisque_counts", ()))
    return settlement is None and len(counts) == 2 and sum(counts) == 32


def describe_result(result: DealResult | GameResult, lang: str, *,
                    variant: Variant | None = None) -> str:
    """Who won a finished deal (a :class:`~bezique.DealResult`) or game (a
    :class:`~bezique.GameResult`) and the points, in words of ``lang``.

    Sides are named as players where each side is one player (two-handed games say
    "player", "pelaaja", "Spieler"), as sides where partners share one (four-handed
    partnership: "side", "puoli", "Partei"): pass the ``variant`` to tell them apart.
    Without it, a deal of two sides that shared the 32 brisques of four packs with no
    settlement is taken for the four-handed partnership game (the one preset it can be),
    and any other result names its sides as players. A deal settled by itself (Rubicon,
    Chinese, eight-pack: R8.5, R11.7) says the settled value; a game says its worth
    (double when the loser is rubiconed, R2.13).

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> while not s.is_over:
    ...     s = bz.apply(s, bz.legal_actions(s)[0])
    >>> describe_result(bz.deal_result(s), "en")
    'player 1 wins the deal; player 0: 50 points, player 1: 180 points'
    >>> describe_result(bz.deal_result(s), "fi")
    'pelaaja 1 voitti jaon; pelaaja 0: 50 pistettä, pelaaja 1: 180 pistettä'
    >>> describe_result(bz.deal_result(s), "xx")
    Traceback (most recent call last):
    ...
    bezique.i18n.LanguageError: unknown language 'xx'; the languages are: en, fi, de

    Raises:
        LanguageError: for a language not in :data:`LANGUAGES`.
        BeziqueError: for something that is neither result.
    """
    t = translator(lang)
    breakdown = getattr(result, "breakdown", None)
    if breakdown is not None:  # a deal
        settlement = getattr(result, "settlement", None)
        if variant is None and _partnership_deal(result, settlement):
            variant = _FOUR_HANDED
        points: tuple[int, ...] = tuple(getattr(result, "points"))  # noqa: B009
        winner = settlement.winner if settlement is not None else None
        top = [s for s, p in enumerate(points) if p == max(points)]
        leaders = [winner] if winner is not None else top
        if settlement is not None:
            points = settlement.totals
        if len(leaders) == 1:
            outcome = t.gettext("{winner} wins the deal").format(
                winner=side_name(leaders[0], lang, variant))
            if settlement is not None:
                template = (t.gettext("{outcome} and scores {value} (the loser is under the "
                                      "rubicon)") if settlement.rubiconed
                            else t.gettext("{outcome} and scores {value}"))
                outcome = template.format(outcome=outcome, value=_points(settlement.value, lang))
        elif len(leaders) == len(points):
            outcome = t.gettext("the deal is a tie")
        else:
            outcome = t.gettext("{names} share first place in the deal").format(
                names=_names(leaders, lang, variant))
    elif hasattr(result, "deals") and hasattr(result, "value"):  # a game
        points = tuple(getattr(result, "totals"))  # noqa: B009
        winner = getattr(result, "winner")  # noqa: B009
        value: int = getattr(result, "value")  # noqa: B009
        played: int = getattr(result, "deals")  # noqa: B009
        settles = variant.scoring.settles_each_deal if variant is not None else value > 2
        deals = t.ngettext("after {count} deal", "after {count} deals", played).format(
            count=played)
        if winner is None:
            outcome = t.gettext("the game is a tie {deals}").format(deals=deals)
        else:
            who = side_name(winner, lang, variant)
            if settles:
                outcome = t.gettext("{winner} wins the game {deals} and scores {value}").format(
                    winner=who, deals=deals, value=_points(value, lang))
            elif value == 2:
                outcome = t.gettext("{winner} wins the game double {deals} (the loser is "
                                    "under the rubicon)").format(winner=who, deals=deals)
            else:
                outcome = t.gettext("{winner} wins the game {deals}").format(winner=who,
                                                                              deals=deals)
    else:
        raise BeziqueError(f"describe_result tells a DealResult or a GameResult, not "
                           f"{type(result).__name__}")
    scores = ", ".join(t.gettext("{side}: {points}").format(
        side=side_name(side, lang, variant), points=_points(p, lang))
        for side, p in enumerate(points))
    return t.gettext("{outcome}; {scores}").format(outcome=outcome, scores=scores)
