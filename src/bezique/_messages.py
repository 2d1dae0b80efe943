"""The library's player-facing messages: one English template per message id.

A refusal (:class:`~bezique.errors.IllegalActionError`) carries a message id and the
parameters of its template (the cards, the meld, the player), so that
:func:`bezique.i18n.message` can render it in any language; ``str(error)`` is the English
text made by :func:`english` here. The id starts with the id of the rule that refuses
(``"R2.10/follow-suit"``); an id without ``/`` has no rule (``"not-an-action/play"``).

The templates are the ``msgid`` of the gettext catalogs, the id their ``msgctxt``;
``pybabel extract`` finds them by the ``_define`` and ``_word`` calls (``babel.cfg``).
:data:`WORDS` are the names the catalogs translate by context: ``meld``, ``rank``,
``suit``, ``ranks`` (a rank in the plural), ``where`` (filled into a template),
``bot`` (the bots' names) and ``variant`` (the presets' titles).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from bezique.cards import Card, Rank, Suit, format_cards
from bezique.melds import MeldClass, MeldKind

__all__ = ["BOT_WORDS", "MELD_OBJECTS", "MESSAGES", "N_", "WORDS", "english", "is_reason",
           "reason_rule", "render", "rule_of"]

MESSAGES: dict[str, str] = {}
"""Every message id and its English template (``str.format`` fields)."""

WORDS: dict[str, list[str]] = {}
"""The English words translated by context (``"meld"``: ``"royal marriage"``, ...)."""


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs (``pybabel extract``); translated where shown."""
    return text


def _define(message_id: str, template: str) -> None:
    MESSAGES[message_id] = template


def _word(context: str, text: str) -> None:
    WORDS.setdefault(context, []).append(text)


# --- playing a card (R2.6, R2.7, R2.10)
_define("R2.7/not-held", "player {player} holds no {card} in hand or on the table")
_define("R2.7/not-on-table", "player {player} holds no {card} on the table")
_define("R2.7/not-in-hand", "player {player} holds no {card} in hand")
_define("R2.10/follow-suit",
        "{card} does not follow suit; player {player} holds {suit} and must follow")
_define("R2.10/must-win", "{card} does not win the trick; player {player} must win it if able, "
                          "with one of {allowed}")
_define("R2.10/must-trump", "player {player} is void in {suit} and must trump (winning if "
                            "able) with one of {allowed}")
_define("R2.6/pass-in-play", "pass only closes a declaration window; player {player} must play "
                             "a card to the trick")
_define("R2.6/play-in-window", "player {player} has a declaration window open: declare, "
                               "exchange the seven or pass before the next trick")
_define("R2.9/seven-in-phase-2", "no seven of trumps is declared once the stock is gone "
                                 "(seven_declare = any_time is for phase 1, R13.2)")
# --- out of turn (NotYourTurnError: the turn order of R2.4, R2.6, R9.4, R11.8)
_define("R2.4/not-your-turn", "player {player} may not act now: it is player {to_move}'s turn")
_define("R2.6/not-your-turn", "player {player} may not act now: it is player {to_move}'s turn")
_define("R9.4/not-your-turn", "player {player} may not act now: it is player {to_move}'s turn")
_define("R11.8/not-your-turn", "player {player} may not act now: it is player {to_move}'s turn")
# --- the dealer's packet (R9.4)
_define("R9.4/guess-first", "player {player} must first guess the size of the dealer's "
                            "packet (GuessPacket, {low}-{high})")
_define("R9.4/guess-late", "the dealer's packet is guessed only before the first trick")
# --- declaring (R3, R5, R11, R13)
_define("R3.1/declare-in-play", "only the winner of a phase-1 trick may declare or exchange, "
                                "after the trick and before drawing; player {player} must play "
                                "a card")
_define("R3.1/seven-after-trick", "only the winner of a phase-1 trick may declare, after the "
                                  "trick and before drawing (seven_declare = after_trick, "
                                  "R13.2); player {player} must play a card")
_define("R3.2/one-per-trick",
        "one combination is scored per trick won; this window's is declared")
_define("R3.3/no-such-meld", "{variant} has no combination {meld}")
_define("R3.3/not-a-meld", "{cards} do not form a {meld}")
_define("R3.6/reused", "the cards of this {meld} have already served in a combination of the "
                       "same class ({meld_class}) that it cannot be built on (card reuse, R3.9)")
_define("R3.7/fresh-card", "require_fresh_card: a declaration needs a card from the hand")
_define("R3.8/broken", "a {meld} broken by playing one of its cards cannot be scored again by "
                       "adding a like card")
_define("R3.9/not-held", "player {player} does not hold {card} {where} for this {meld}")
_word("where", "in hand or on the table")
_word("where", "among his unused won cards (R11.5)")
_define("R5.2/bezique-before-trump", "with bezique_pair = {setting} no bezique can be declared "
                                     "before trump is fixed")
_define("R5.3/card-of-last-trick",
        "a declaration from won cards must contain a card of the trick just won")
_define("R11.2/before-trump", "no {meld} can be declared before trump is fixed")
_define("R11.3/trump-quartet", "four trump {ranks} score only as the trump quartet")
_define("R11.8/own-beziques", "with partner_combined_beziques off, beziques use only the "
                              "declarer's own hand and table")
_define("R13.1/marriage-in-sequence", "the marriage inside a scored sequence never scores by "
                                      "itself; its king or queen may marry only a fresh "
                                      "partner")
_define("R13.4/partner-seven-only", "the side's combination of this trick is declared; the "
                                    "partner's window is for a seven action only (R11.8)")
# --- announcements (R13.7): "reason" is the refusal a declaration would meet, rendered
_define("R13.7/announce-in-play", "announcements are made in a declaration window, after its "
                                  "scored combination; player {player} must play a card")
_define("R13.7/announce-several-off", "{variant} plays announce_several = False: a window lays "
                                      "down only the combination it scores")
_define("R13.7/never-announced", "{meld} is never announced")
_define("R13.7/nothing-scored-yet", "an announcement follows the one combination scored in the "
                                    "window; player {player} has scored none in it yet")
_define("R13.7/announce-fixes-trump",
        "an announcement never fixes trump; only a scored declaration does")
_define("R13.7/card-from-hand", "this {meld} builds on a combination of its class: announced, "
                               "it needs a card new from the hand, not only cards new to the "
                               "class")
_define("R13.7/cannot-announce", "{action} cannot be announced: {reason}")
# --- the seven of trumps (R4, R5.1, R6.6, R8.1)
_define("R4.1/exchange-in-play", "the seven of trumps is exchanged only right after winning a "
                                 "phase-1 trick; player {player} must play a card")
_define("R4.1/not-the-seven", "{card} is not the seven of trumps")
_define("R4.1/turn-up-taken", "the turn-up has been taken; there is nothing to exchange")
_define("R4.1/turn-up-seven", "the turn-up is itself a seven and cannot be exchanged")
_define("R4.1/not-now", "not allowed now")
_define("R4.2/seven-alone", "the seven of trumps is declared alone")
_define("R4.2/no-seven", "player {player} holds no unscored seven of trumps in hand")
_define("R4.3/seven-was-declaration", "the seven action was this trick's one declaration")
_define("R4.3/declaration-made",
        "the seven of trumps counts as the trick's one declaration, already made")
_define("R4.2/sevens-score-off",
        "the seven of trumps scores nothing in {variant} (sevens_score)")
_define("R5.1/no-turn-up", "{variant} has no turn-up: a seven of trumps is shown or played, "
                           "never exchanged")
_define("R5.1/no-trump-yet", "no trump is fixed yet, so no card is a seven of trumps")
_define("R8.1/no-trump-seven", "the seven of trumps scores nothing in {variant} (R9.1)")
_define("R6.6/one-seven-action", "one seven action per trick won")
# --- carte blanche (R8.2, R11.6)
_define("R8.2/no-carte-blanche", "{variant} has no carte blanche")
_define("R11.6/carte-blanche-on-play",
        "carte blanche is shown on the player's turn to play a card")
_define("R11.6/carte-blanche-phase-1", "carte blanche is shown only while the stock lasts")
_define("R11.6/no-carte-blanche-now", "player {player} has no carte blanche to show now (dealt "
                                      "a court, already played a card since, or drew a court)")
_define("R11.6/carte-blanche-cards",
        "carte blanche is declared with all the player's cards: {cards}")
# --- the referee (R10)
_define("R10/deal-over", "the deal is over; no penalty can be applied")
_define("R10/no-player", "no player {given}")
_define("R10.3/revoke-phase-2", "a revoke can only happen in phase 2")
# --- no rule: not an action, or nothing left to play
_define("not-an-action/text-play", "{given} is text, not an action: read it with "
                                   "bz.parse_action(state, {given}); player {player} must "
                                   "play a card")
_define("not-an-action/text-window", "{given} is text, not an action: read it with "
                                     "bz.parse_action(state, {given}); player {player} must "
                                     "declare, exchange the seven or pass")
_define("not-an-action/play", "{given} is not an action; player {player} must play a card")
_define("not-an-action/window", "{given} is not an action; player {player} must declare, "
                                "exchange the seven or pass")
_define("deal-over", "the deal is over: no action is legal")
_define("game-over", "the game is over: no action is legal")


# --- actions told in words (bezique.i18n.describe): of a player ("action") and to the
# player who took it, after "you" ("action, you": "you play Q♠", "sinä pelaat Q♠")
_word("action", "plays {card}")
_word("action", "plays {card} from the table")
_word("action", "declares {meld}: {cards}")
_word("action", "announces {meld}: {cards}")
_word("action", "shows {meld}: {cards}")
_word("action", "exchanges {card} for the turn-up")
_word("action", "passes")
_word("action, you", "play {card}")
_word("action, you", "play {card} from the table")
_word("action, you", "declare {meld}: {cards}")
_word("action, you", "announce {meld}: {cards}")
_word("action, you", "show {meld}: {cards}")
_word("action, you", "exchange {card} for the turn-up")
_word("action, you", "pass")


# --- names: the combinations (MeldKind, by notation name with spaces), ranks and suits
_word("meld", "common marriage")
_word("meld", "royal marriage")
_word("meld", "trump sequence")
_word("meld", "back door")
_word("meld", "bezique")
_word("meld", "double bezique")
_word("meld", "triple bezique")
_word("meld", "quadruple bezique")
_word("meld", "quintuple bezique")
_word("meld", "four aces")
_word("meld", "four tens")
_word("meld", "four kings")
_word("meld", "four queens")
_word("meld", "four jacks")
_word("meld", "four trump aces")
_word("meld", "four trump tens")
_word("meld", "four trump kings")
_word("meld", "four trump queens")
_word("meld", "four trump jacks")
_word("meld", "five trump aces")
_word("meld", "five trump tens")
_word("meld", "five trump kings")
_word("meld", "five trump queens")
_word("meld", "five trump jacks")
_word("meld", "carte blanche")
_word("meld", "trump seven")
# a combination as the object of a verb ("declares a royal marriage", "pöytää
# valttiavioliiton", "meldet die Trumpfehe"), by its notation name (MELD_OBJECTS)
MELD_OBJECTS: dict[str, str] = {
    "common_marriage": "a common marriage",
    "royal_marriage": "a royal marriage",
    "trump_sequence": "the trump sequence",
    "back_door": "a back door",
    "bezique": "a bezique",
    "double_bezique": "a double bezique",
    "triple_bezique": "a triple bezique",
    "quadruple_bezique": "a quadruple bezique",
    "quintuple_bezique": "a quintuple bezique",
    "four_aces": "four aces",
    "four_tens": "four tens",
    "four_kings": "four kings",
    "four_queens": "four queens",
    "four_jacks": "four jacks",
    "four_trump_aces": "four trump aces",
    "four_trump_tens": "four trump tens",
    "four_trump_kings": "four trump kings",
    "four_trump_queens": "four trump queens",
    "four_trump_jacks": "four trump jacks",
    "five_trump_aces": "five trump aces",
    "five_trump_tens": "five trump tens",
    "five_trump_kings": "five trump kings",
    "five_trump_queens": "five trump queens",
    "five_trump_jacks": "five trump jacks",
    "carte_blanche": "carte blanche",
    "trump_seven": "the seven of trumps",
}
"""A combination's English name as the object of a verb, by notation name; translated in
the context ``meld object``."""
_word("meld object", "a common marriage")
_word("meld object", "a royal marriage")
_word("meld object", "the trump sequence")
_word("meld object", "a back door")
_word("meld object", "a bezique")
_word("meld object", "a double bezique")
_word("meld object", "a triple bezique")
_word("meld object", "a quadruple bezique")
_word("meld object", "a quintuple bezique")
_word("meld object", "four aces")
_word("meld object", "four tens")
_word("meld object", "four kings")
_word("meld object", "four queens")
_word("meld object", "four jacks")
_word("meld object", "four trump aces")
_word("meld object", "four trump tens")
_word("meld object", "four trump kings")
_word("meld object", "four trump queens")
_word("meld object", "four trump jacks")
_word("meld object", "five trump aces")
_word("meld object", "five trump tens")
_word("meld object", "five trump kings")
_word("meld object", "five trump queens")
_word("meld object", "five trump jacks")
_word("meld object", "carte blanche")
_word("meld object", "the seven of trumps")
# the reuse classes of R3.4 (MeldClass values), named in a refusal
_word("meld class", "marriages and sequences")
_word("meld class", "beziques")
_word("meld class", "quartets")
_word("meld class", "seven of trumps")
_word("meld class", "carte blanche")
_word("rank", "ace")
_word("rank", "ten")
_word("rank", "king")
_word("rank", "queen")
_word("rank", "jack")
_word("rank", "nine")
_word("rank", "eight")
_word("rank", "seven")
_word("ranks", "aces")
_word("ranks", "tens")
_word("ranks", "kings")
_word("ranks", "queens")
_word("ranks", "jacks")
_word("suit", "spades")
_word("suit", "hearts")
_word("suit", "diamonds")
_word("suit", "clubs")

# --- the bots' names (bezique.i18n.bot_name): the library's bots and the five levels
BOT_WORDS = ("random", "greedy", "search", "beginner", "casual", "club", "expert", "master")
"""The bots' names the catalogs translate (context ``bot``), the levels 1-5 last."""
_word("bot", "random")
_word("bot", "greedy")
_word("bot", "search")
_word("bot", "beginner")
_word("bot", "casual")
_word("bot", "club")
_word("bot", "expert")
_word("bot", "master")

# --- the variants' titles (bezique.variants.ALL)
_word("variant", "Two-pack Bezique")
_word("variant", "Two-pack Bezique without a preset trump")
_word("variant", "Two-pack Bezique with a shifting bezique")
_word("variant", "Fildinski (Polish Bezique)")
_word("variant", "Four-handed partnership Bezique")
_word("variant", "Four-handed cutthroat Bezique")
_word("variant", "Consultation Bezique (two against two)")
_word("variant", "Three-handed Bezique")
_word("variant", "Rubicon Bezique")
_word("variant", "Chinese (six-pack) Bezique")
_word("variant", "Eight-pack Bezique")


def rule_of(message_id: str) -> str | None:
    """The rule id a message id starts with, or ``None``.

    >>> rule_of("R2.10/follow-suit"), rule_of("deal-over")
    ('R2.10', None)
    """
    rule, slash, _ = message_id.partition("/")
    return rule if slash and rule.startswith("R") else None


def is_reason(value: object) -> TypeGuard[tuple[str, dict[str, Any]]]:
    """Whether a parameter is a refusal nested in another: ``(message_id, params)``."""
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], dict))


def reason_rule(message_id: str, params: Mapping[str, Any]) -> str | None:
    """The rule of a refusal: that of the refusal nested in it as ``reason``, if it names
    one (an announcement refused as its declaration would be, R13.7), else its own.

    >>> reason_rule("R13.7/cannot-announce", {"reason": ("R3.3/not-a-meld", {})})
    'R3.3'
    """
    reason = params.get("reason")
    inner = reason_rule(*reason) if is_reason(reason) else None
    return inner or rule_of(message_id)


def english(value: object) -> object:
    """A parameter as the English text shows it: cards and suits by symbol, a meld by its
    notation name, a rank in the plural (``"aces"``), a nested refusal in words."""
    if is_reason(value):
        message_id, params = value
        return render(MESSAGES[message_id], params)
    if isinstance(value, tuple):
        return format_cards(value)
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, MeldKind):
        return value.value
    if isinstance(value, MeldClass):
        return value.value
    if isinstance(value, Rank):
        return value.name.lower() + "s"
    return value


def render(template: str, params: Mapping[str, Any],
           convert: Any = english) -> str:
    """``template`` filled with ``params``, each converted by ``convert``."""
    return template.format(**{key: convert(value) for key, value in params.items()})
