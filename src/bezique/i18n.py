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
'meldet Bézique: Q♠ J♦'
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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bezique._messages import MESSAGES, WORDS, english, is_reason
from bezique.actions import Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank, Suit, format_cards
from bezique.errors import BeziqueError, IllegalActionError
from bezique.melds import MeldKind
from bezique.variants import Variant

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LanguageError",
    "Translator",
    "card_name",
    "default_language",
    "describe",
    "meld_name",
    "message",
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


def describe(action: object, lang: str) -> str:
    """An action in words of ``lang``, as a narration tells it: ``"plays Q♠"``,
    ``"pelaa Q♠"``, ``"meldet Bézique: Q♠ J♦"``. Something else is shown as its text."""
    t = translator(lang)
    if isinstance(action, Play):
        template = (t.pgettext("action", "plays {card} from the table") if action.from_table
                    else t.pgettext("action", "plays {card}"))
        return template.format(card=action.card)
    if isinstance(action, Declare):
        return t.pgettext("action", "declares {meld}: {cards}").format(
            meld=meld_name(action.meld, lang), cards=format_cards(action.cards))
    if isinstance(action, Announce):
        return t.pgettext("action", "announces {meld}: {cards}").format(
            meld=meld_name(action.meld, lang), cards=format_cards(action.cards))
    if isinstance(action, ExchangeSeven):
        return t.pgettext("action", "exchanges {card} for the turn-up").format(card=action.card)
    if isinstance(action, Pass):
        return t.pgettext("action", "passes")
    if isinstance(action, GuessPacket):
        return t.npgettext("action", "guesses a packet of {count} card",
                           "guesses a packet of {count} cards", action.size).format(
            count=action.size)
    return str(action)
