"""Hints and reviews on the web app: what the library's search says of a seat's moves.

* :func:`hint`: for the seat to move, every legal action ranked by
  :func:`bezique.bots.analyse` over :attr:`GameStore.hint_worlds
  <bezique.web.games.GameStore.hint_worlds>` determinizations (exact in two-handed
  phase 2), best first, each in the notation and in words of the request's language.
* :func:`review`: once a deal is over (a whole game: its last finished deal), the asking
  seat's decisions judged by :func:`bezique.bots.review` over
  :attr:`GameStore.review_worlds <bezique.web.games.GameStore.review_worlds>`
  determinizations a decision; each deal is reviewed once, for every seat, and kept.

Their cost is bounded: a search takes one of the server's search slots
(:class:`bezique.web.players.SearchSlots`, shared with the searching bots), runs in a
worker thread, never with the game's lock held (the game goes on meanwhile), and is
counted against the address that asks (:class:`bezique.web.limits.RateLimit`: 429 with
``Retry-After`` beyond it). A hint is a search of a fraction of a second, a review some
seconds for a deal.

Only the public API of the library is used (``import bezique as bz``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import bezique as bz
from bezique import i18n
from bezique.web.views import N_, refused

if TYPE_CHECKING:
    from bezique.web.games import GameStore
    from bezique.web.session import Session

__all__ = ["hint", "review"]


def hint(store: GameStore, game_id: str, token: str, lang: str,
         address: str) -> dict[str, Any]:
    """The hint for the token's seat: ``{"seat", "moves", "worlds", "hints": [{"action",
    "words", "value", "exact"}, ...]}``, best first (``value``: the points the action is
    expected to bring the seat's side, less the others', to the end of the deal).

    Raises:
        RequestError: 404, 403 as any seat's request; 409 (``"code": "not_your_turn"``)
            when the seat is not to move; 429 beyond the address's limit.
    """
    def look(session: Session) -> tuple[Session, int, int, Any, bz.Observation]:
        seat = session.seat_of(token)
        if session.position.to_move != seat:
            raise refused(409, N_("a hint is for the seat to move"), code="not_your_turn")
        moves = len(session.actions)
        return (session, seat, moves, session.hints.get((seat, moves)),
                bz.observe(session.position, seat))

    session, seat, moves, found, observation = store.run(game_id, look)
    store.ask_limit.admit(address, store.clock())
    if found is None:
        rng = random.Random(f"hint:{game_id}:{moves}")
        found = store.slots.run(lambda: bz.bots.analyse(observation, rng=rng,
                                                        budget=store.hint_worlds))
        with session.lock:
            session.hints.clear()  # the hints of earlier positions are no use
            session.hints[(seat, moves)] = found
    return {"seat": seat, "moves": moves, "worlds": found.worlds, "hints": [
        {"action": bz.format_action(r.action), "words": i18n.describe(r.action, lang, you=True),
         "value": round(r.value, 2), "exact": r.exact} for r in found.ranked]}


def _finished_deal(session: Session) -> int:
    """The number of the deal to review: the deal over, or a whole game's last finished
    deal.

    Raises:
        RequestError: 409 (``"code": "deal_not_over"``) before any deal is over.
    """
    position = session.position
    deal = len(position.deals) if isinstance(position, bz.Game) else int(position.is_over)
    if not deal:
        raise refused(409, N_("the review is available when the deal is over"),
                      code="deal_not_over")
    return deal


def _record(session: Session, deal: int, actions: list[bz.Action],
            log: list[tuple[int, int, str, bool]]) -> bz.Record:
    """The record of deal ``deal`` of the game whose ``actions`` and ``log`` these are
    (a whole game's deal starts where the deals before it left the game)."""
    if not session.whole_game:
        return bz.Record.from_play(session.start, actions)
    indexes = [k for k, entry in enumerate(log) if entry[0] == deal]
    start: bz.State | bz.Game = session.start
    for (_, player, _, _), action in zip(log[:indexes[0]], actions[:indexes[0]], strict=True):
        start = bz.apply(start, action, player=player)
    assert isinstance(start, bz.Game)
    return bz.Record(session.variant, None, kind="deal",
                     actions=tuple(actions[indexes[0]:indexes[-1] + 1]), initial=start.current)


def review(store: GameStore, game_id: str, token: str, lang: str,
           address: str) -> dict[str, Any]:
    """The token's seat's decisions in the deal over (a whole game: its last finished
    deal): ``{"seat", "deal", "decisions", "total_loss", "moves": [{"index", "played",
    "played_words", "best", "best_words", "loss", "exact"}, ...]}``, ``index`` the
    action's place in the deal's log, ``loss`` the points given away (0: the best play).

    Raises:
        RequestError: 404, 403 as any seat's request; 409 (``"code": "deal_not_over"``)
            before a deal is over; 429 beyond the address's limit (a review made before
            costs nothing and is not counted).
    """
    def look(session: Session) -> tuple[Session, int, int, list[bz.Action],
                                        list[tuple[int, int, str, bool]]]:
        seat = session.seat_of(token)
        return session, seat, _finished_deal(session), list(session.actions), list(session.log)

    session, seat, deal, actions, log = store.run(game_id, look)
    with session.reviewing:  # one review of a deal, whoever asks first waits for it
        found = session.reviews.get(deal)
        if found is None:
            store.ask_limit.admit(address, store.clock())
            record = _record(session, deal, actions, log)
            found = store.slots.run(lambda: bz.bots.review(record, budget=store.review_worlds,
                                                           seed=session.seed))
            session.reviews[deal] = found
    mine = found.of(seat)
    return {"seat": seat, "deal": deal, "decisions": len(mine),
            "total_loss": round(found.total_loss(seat), 2), "moves": [
                {"index": m.index, "played": bz.format_action(m.played),
                 "played_words": i18n.describe(m.played, lang, you=True),
                 "best": bz.format_action(m.best),
                 "best_words": i18n.describe(m.best, lang, you=True),
                 "loss": round(m.loss, 2), "exact": m.exact} for m in mine]}
