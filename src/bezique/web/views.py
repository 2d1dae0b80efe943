"""What a seat of the web app may see of its game: :func:`view`, the only door.

A view holds the seat's observation (``bz.observe``, written by ``bz.to_json``), its
legal actions in the library's notation, the public log of the deal in play (a person's
lone pass played for him marked ``"forced": true``), the last
trick, and, for a whole game, the deal number, the running totals and the finished
deals' results; never a card the seat may not see. The variant's title and the
combinations' names are in the view's language (:mod:`bezique.i18n`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import bezique as bz
from bezique import i18n
from bezique.notation import card_text

if TYPE_CHECKING:
    from bezique.web.games import Session

__all__ = ["N_", "RequestError", "SeatView", "deal_start", "log_entry", "refusal_text",
           "refused", "render", "results_in_words", "server_words", "view"]


class RequestError(Exception):
    """A request the server refuses.

    Args:
        status: The HTTP status.
        message: What is refused and why (English).
        rule: The rule id that refuses it, or ``None``.
        refusal: The library's error when the rules refuse (told in the player's
            language by :func:`bezique.i18n.message`).
        code: A word a program can test (``"stale"``), or ``None``.
        headers: Headers of the answer (``Retry-After``).
        words: The server's own refusal as its catalog template (the English ``msgid``)
            and parameters, to tell it in the request's language (:func:`refused`).
    """

    def __init__(self, status: int, message: str, rule: str | None = None,
                 refusal: bz.IllegalActionError | None = None, *, code: str | None = None,
                 headers: dict[str, str] | None = None,
                 words: tuple[str, Mapping[str, object]] | None = None) -> None:
        super().__init__(message)
        self.status: int = status
        self.rule: str | None = rule
        self.refusal: bz.IllegalActionError | None = refusal
        self.code: str | None = code
        self.headers: dict[str, str] = headers or {}
        self.words: tuple[str, Mapping[str, object]] | None = words

    def payload(self, lang: str = "en") -> dict[str, Any]:
        """The JSON answer: ``{"error", "rule", "message"}`` (``message`` in ``lang``), and
        ``"code"`` when there is one."""
        answer: dict[str, Any] = {"error": str(self), "rule": self.rule,
                                  "message": refusal_text(self, lang)}
        if self.code is not None:
            answer["code"] = self.code
        return answer


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs (``pybabel extract``): a server's refusal, told in
    the request's language by :func:`server_words`."""
    return text


def refused(status: int, template: str, *, code: str | None = None,
            headers: dict[str, str] | None = None, **params: object) -> RequestError:
    """A refusal of the server's own: ``template``, an English text marked for the
    catalogs (``N_("no game {game} ...")``), filled with ``params``; its ``message`` in
    the request's language (:func:`server_words`).

    >>> error = refused(404, "no game {game} (unknown, or deleted after {days} days without "
    ...                      "an action)", game="'abc'", days=30.0)
    >>> str(error)
    "no game 'abc' (unknown, or deleted after 30 days without an action)"
    >>> error.payload("de")["message"]
    "keine Partie 'abc' (unbekannt oder nach 30 Tagen ohne Zug gelöscht)"
    """
    return RequestError(status, server_words(template, params, "en"), code=code,
                        headers=headers, words=(template, params))


def server_words(template: str, params: Mapping[str, object], lang: str) -> str:
    """The server's refusal ``template`` in ``lang`` (the catalogs of :mod:`bezique.i18n`)
    filled with ``params``: a number with the language's decimal mark (``0,5``), a
    preset's id as ``variant`` by its title in ``lang`` (English keeps the id)."""
    t = i18n.translator(lang)
    mark = t.pgettext("number", ".")

    def convert(key: str, value: object) -> object:
        if isinstance(value, float):
            return f"{value:g}".replace(".", mark)
        if key == "variant" and lang != "en" and isinstance(value, str) and value in _PRESETS:
            return i18n.variant_title(_PRESETS[value], lang)
        return value

    return t.gettext(template).format(**{k: convert(k, v) for k, v in params.items()})


_PRESETS: Mapping[str, bz.Variant] = {v.name: v for v in bz.variants.ALL}


def _choice(variant: bz.Variant, action: bz.Action, lang: str = "en") -> dict[str, Any]:
    """A legal action as the page shows it: its notation, a label (a combination's name in
    ``lang``) and what it is made of."""
    text = bz.format_action(action)
    entry: dict[str, Any] = {"action": text, "label": str(action)}
    if isinstance(action, bz.Play):
        entry.update(kind="play", card=card_text(action.card),
                     place={None: "any", True: "table", False: "hand"}[action.from_table])
    elif isinstance(action, bz.Declare):
        points = variant.melds.points(action.meld)
        name = i18n.meld_name(action.meld, lang)
        entry.update(kind="declare", meld=action.meld.value, name=name, points=points,
                     cards=[card_text(c) for c in action.cards],
                     label=f"{name} ({points})" if points is not None else name)
    elif isinstance(action, bz.Announce):  # R13.7: tabled unscored, scored later
        entry.update(kind="announce", meld=action.meld.value,
                     name=i18n.meld_name(action.meld, lang),
                     cards=[card_text(c) for c in action.cards],
                     label=f"announce {action.meld.value.replace('_', ' ')}")
    elif isinstance(action, bz.ExchangeSeven):
        entry.update(kind="exchange", card=card_text(action.card), label="exchange the seven")
    elif isinstance(action, bz.Pass):
        entry.update(kind="pass", label="pass")
    else:
        entry.update(kind=text.split()[0])
    return entry


@functools.lru_cache(maxsize=16384)
def _legal(variant: str, action: bz.Action, lang: str) -> tuple[str, str]:
    """A legal action of a view as JSON: its notation, and its choice (:func:`_choice`);
    written once for all views (they depend on nothing else)."""
    return (json.dumps(bz.format_action(action), ensure_ascii=False),
            json.dumps(_choice(bz.variants.get(variant), action, lang), ensure_ascii=False))


def result_of(result: bz.DealResult) -> dict[str, Any]:
    """A deal's result (``bz.deal_result``) with its breakdown and settlement."""
    settlement = None
    if result.settlement is not None:
        s = result.settlement
        settlement = {"winner": s.winner, "totals": list(s.totals), "value": s.value,
                      "rubiconed": s.rubiconed, "brisques_counted": s.brisques_counted}
    return {
        "points": list(result.points),
        "breakdown": [{"melds": b.melds, "sevens": b.sevens, "brisques": b.brisques,
                       "last_trick": b.last_trick, "penalties": b.penalties,
                       "bonus": b.bonus, "total": b.total} for b in result.breakdown],
        "brisque_counts": list(result.brisque_counts),
        "tricks": result.tricks,
        "settlement": settlement,
        "text": str(result),
    }


def _game(session: Session) -> dict[str, Any] | None:
    """A whole game's progress: deal number, running totals, target, finished deals."""
    game = session.position
    if not isinstance(game, bz.Game):
        return None
    scoring = session.variant.scoring
    outcome = bz.game_result(game) if game.is_over else None
    return {
        "deal": session.deal_number,
        "totals": list(game.totals),
        "target": scoring.target,
        "rubicon": scoring.rubicon,
        "deals": [list(d.points) for d in game.deals],
        "last_deal": result_of(game.deals[-1]) if game.deals else None,
        "over": game.is_over,
        "winner": outcome.winner if outcome else None,
        "value": outcome.value if outcome else None,
    }


@dataclass(frozen=True)
class SeatView:
    """A seat's view of one position, written once: what every answer about it sends."""

    body: bytes
    """The view as a JSON object (UTF-8), the observation's document spliced in as
    ``bz.to_json`` wrote it."""
    seat: int
    """The seat it is for."""
    moves: int
    """The game's number of actions."""
    to_move: int | None
    """The player to move (``None`` once the game is over)."""

    def data(self) -> dict[str, Any]:
        """The view as a new dictionary."""
        found: dict[str, Any] = json.loads(self.body)
        return found


def log_entry(player: int, action: str, forced: bool) -> str:
    """One entry of the view's ``log`` as JSON: ``{"player", "action"}``, and ``"forced":
    true`` for a person's lone pass played for him."""
    entry: dict[str, Any] = {"player": player, "action": action}
    if forced:
        entry["forced"] = True
    return json.dumps(entry, ensure_ascii=False)


def deal_start(session: Session) -> int:
    """The index of the deal in play's first action among the game's actions."""
    deal = session.deal_number
    first = len(session.log)
    while first and session.log[first - 1][0] == deal:
        first -= 1
    return first


def _shared(session: Session) -> str:
    """The members of every seat's view of the position, as JSON (without the braces)."""
    state = session.state
    first = deal_start(session)
    bots = [kind[4:] for kind in session.seats if kind.startswith("bot:")]
    text = json.dumps({
        "id": session.id,
        "variant": session.variant.name,
        "seats": list(session.seats),
        "bot": bots[0] if bots else None,
        "sides": list(state.sides),
        "whole_game": session.whole_game,
        "moves": len(session.actions),
        "last_trick": {"cards": [[p, card_text(c)] for p, c in session.last_trick],
                       "winner": session.last_winner},
        "over": session.position.is_over,
        "result": result_of(bz.deal_result(state)) if state.is_over else None,
        "game": _game(session),
    }, ensure_ascii=False)
    return f'{text[1:-1]}, "log": [{", ".join(session.log_json[first:])}]'


def render(session: Session, seat: int, lang: str = "en") -> SeatView:
    """What ``seat`` receives about its game (see :func:`view`), written as JSON: the
    members every seat's view shares are written once for the position."""
    if session.shared is None:
        session.shared = _shared(session)
    observation = bz.observe(session.position, seat)
    variant = session.variant
    legal = [_legal(variant.name, a, lang) for a in bz.legal_actions(observation)]
    own = json.dumps({
        "title": i18n.variant_title(variant, lang),
        "seat": seat,
        **results_in_words(session, lang),
    }, ensure_ascii=False)
    body = (f'{own[:-1]}, "log_words": [{", ".join(_log_words(session, seat, lang))}], '
            f'"legal": [{", ".join(text for text, _ in legal)}], '
            f'"choices": [{", ".join(choice for _, choice in legal)}], {session.shared}, '
            f'"observation": {bz.to_json(observation)}}}')
    return SeatView(body.encode(), seat, len(session.actions), session.position.to_move)


def _log_words(session: Session, seat: int, lang: str) -> list[str]:
    """The deal's log in words of ``lang`` (:func:`bezique.i18n.describe_move`), one JSON
    string for each entry of the view's ``log``; the seat's own actions addressed to it,
    to follow "you" (``"play Q♠"``, ``"pelaat Q♠"``, ``"spielst Q♠"``). Each entry is
    written once for the seat and language (:attr:`Session.words`)."""
    words = session.words.setdefault((seat, lang), [])
    done = len(words)
    words.extend(json.dumps(i18n.describe(action, lang, you=True) if player == seat
                            else i18n.describe_move(player, action, lang), ensure_ascii=False)
                 for (_, player, _, _), action in zip(session.log[done:],
                                                      session.actions[done:], strict=True))
    return words[deal_start(session):]


def results_in_words(session: Session, lang: str) -> dict[str, str | None]:
    """Who won, in words of ``lang`` (:func:`bezique.i18n.describe_result`):
    ``"result_text"``, the deal over or a whole game's last finished deal (``None``
    before), and ``"game_result_text"``, the whole game once it is over."""
    variant, position = session.variant, session.position
    deal: bz.DealResult | None = None
    if session.state.is_over:
        deal = bz.deal_result(session.state)
    elif isinstance(position, bz.Game) and position.deals:
        deal = position.deals[-1]
    game = (i18n.describe_result(bz.game_result(position), lang, variant=variant)
            if isinstance(position, bz.Game) and position.is_over else None)
    return {"result_text": None if deal is None else
            i18n.describe_result(deal, lang, variant=variant),
            "game_result_text": game}


def view(session: Session, seat: int, lang: str = "en") -> dict[str, Any]:
    """What ``seat`` receives about its game: nothing that seat may not see; the title and
    the combinations' names in ``lang``.

    ``{"id", "variant", "title", "seat", "seats", "bot", "sides", "whole_game", "moves",
    "observation", "legal", "choices", "log", "log_words", "last_trick", "over", "result",
    "result_text", "game_result_text", "game"}``: ``observation`` is the library's
    document of ``bz.observe(position, seat)``; ``log_words`` the log in words of
    ``lang``; ``result_text`` and ``game_result_text`` who won, in words of ``lang``.
    """
    return render(session, seat, lang).data()


def refusal_text(error: RequestError, lang: str) -> str:
    """``error`` in ``lang`` for the answer's ``message``: a refusal of the rules through
    :func:`bezique.i18n.message` (R2.7, the turn order of R2.4 for a 409, ...), a refusal
    of the server's own (:func:`refused`) through the catalogs, anything else (an error
    of a program's own) in English."""
    if error.refusal is not None:
        return i18n.message(error.refusal, lang)
    if error.words is None or lang == "en":
        return str(error)
    return server_words(*error.words, lang)
