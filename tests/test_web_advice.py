"""Hints and reviews on the web app (issue 38, bezique.web.advice), and the views' words
(issue 39): ``GET /api/games/<id>/hint`` and ``/review``, their refusals (401, 403, 404,
409, 429 with ``Retry-After``, malformed requests 4xx, never 500), their answers equal to
``bz.bots.analyse`` and ``bz.bots.review``, a review made once a deal; the log and the
result in words of the request's language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import bezique as bz
from bezique import i18n
from bezique.web import serving as server
from bezique.web.limits import RateLimit
from webapi import api, call, open_store, token_of

TWO = bz.variants.TWO_PACK


@pytest.fixture(scope="module")
def web() -> Iterator[server.Running]:
    with server.running(store=open_store(bot="greedy", review_worlds=1)) as running:
        yield running


def new_game(web: server.Running, **request: object) -> dict[str, Any]:
    status, game = call(api(web, "games"), "POST", {"variant": "two-pack", "seed": 7, **request})
    assert status == 200, game
    return game


def session_of(web: server.Running, game_id: str) -> Any:
    return web.store.run(game_id, lambda session: session)


def play_out(web: server.Running, game: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Seat 0's first legal action until the deal is over; the last answer."""
    answer = game
    while not answer["over"]:
        status, answer = call(api(web, f"games/{game['id']}/actions?lang={lang}"), "POST",
                              {"action": answer["legal"][0]}, token=token_of(game))
        assert status == 200, answer
    return answer


# ----------------------------------------------------------------------------- hints


@pytest.mark.parametrize("lang", ["en", "fi", "de"])
def test_a_hint_ranks_the_seats_actions_as_analyse_does(web: server.Running, lang: str) -> None:
    game = new_game(web)
    status, hint = call(api(web, f"games/{game['id']}/hint?lang={lang}"), token=token_of(game))
    assert status == 200, hint
    session = session_of(web, game["id"])
    observation = bz.observe(session.position, 0)
    expected = bz.bots.analyse(observation, rng=random.Random(f"hint:{game['id']}:{game['moves']}"),
                               budget=web.store.hint_worlds)
    assert [h["action"] for h in hint["hints"]] == [bz.format_action(r.action)
                                                    for r in expected.ranked]
    assert [h["value"] for h in hint["hints"]] == [round(r.value, 2) for r in expected.ranked]
    assert sorted(hint["hints"], key=lambda h: -h["value"]) == hint["hints"]  # best first
    assert hint["hints"][0]["words"] == i18n.describe(expected.ranked[0].action, lang, you=True)
    assert hint["seat"] == 0 and hint["moves"] == game["moves"]
    assert set(hint["hints"][0]) == {"action", "words", "value", "exact"}


def test_a_hint_in_phase_2_of_a_two_handed_deal_is_exact(web: server.Running) -> None:
    game = new_game(web, seed=3)
    answer = game
    while answer["observation"]["stock_size"] or answer["observation"]["to_move"] != 0:
        status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                              {"action": answer["legal"][0]}, token=token_of(game))
    status, hint = call(api(web, f"games/{game['id']}/hint"), token=token_of(game))
    assert status == 200 and all(h["exact"] for h in hint["hints"])


def test_a_hint_is_refused_without_a_seats_token_and_out_of_turn(web: server.Running) -> None:
    game = new_game(web, seats=["human", "human"])
    url = api(web, f"games/{game['id']}/hint")
    assert call(url)[0] == 401
    assert call(url, token="not-a-seat")[0] == 403
    assert call(api(web, "games/0123456789abcdef/hint"), token=token_of(game))[0] == 404
    waiting = 1 - game["observation"]["to_move"]
    status, answer = call(url + "?lang=fi", token=token_of(game, waiting))
    assert status == 409 and answer["code"] == "not_your_turn"
    assert answer["message"] != answer["error"]  # told in Finnish


def test_no_hint_once_the_deal_is_over(web: server.Running) -> None:
    game = new_game(web, seed=2)
    play_out(web, game)
    status, answer = call(api(web, f"games/{game['id']}/hint"), token=token_of(game))
    assert status == 409 and answer["code"] == "not_your_turn"


def test_hints_are_counted_against_the_address_that_asks() -> None:
    """The search time of hints is bounded per client: beyond the bucket, 429 with
    ``Retry-After``, and the refused request runs no search."""
    store = open_store(bot="greedy", ask_limit=RateLimit(burst=2, per_hour=1))
    with server.running(store=store) as web:
        game = new_game(web)
        url = api(web, f"games/{game['id']}/hint")
        assert [call(url, token=token_of(game))[0] for _ in range(2)] == [200, 200]
        searched: list[int] = []
        real = store.slots.run
        store.slots.run = lambda work: (searched.append(1), real(work))[1]  # type: ignore
        import urllib.error
        import urllib.request
        request = urllib.request.Request(url, headers={
            "Authorization": f"Bearer {token_of(game)}"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
        assert refused.value.code == 429 and int(refused.value.headers["Retry-After"]) >= 1
        assert searched == []


@pytest.mark.parametrize("path", ["hint?lang=xx", "hint?lang=", "review?lang=%00",
                                  "hint?after=-1&lang=qq"])
def test_a_malformed_hint_or_review_request_is_400(web: server.Running, path: str) -> None:
    game = new_game(web)
    status, answer = call(api(web, f"games/{game['id']}/{path}"), token=token_of(game))
    assert status == 400 and answer["error"]


@pytest.mark.parametrize("header", ["Bearer", "Basic abc", "Bearer a b", "Bearer " + "x" * 300])
def test_a_malformed_token_is_401(web: server.Running, header: str) -> None:
    game = new_game(web)
    for what in ("hint", "review"):
        status, _ = call(api(web, f"games/{game['id']}/{what}"),
                         headers={"Authorization": header})
        assert status == 401


@pytest.mark.parametrize("game_id", ["x" * 500, "%C3%A4", "..", "0" * 16])
def test_an_unknown_game_is_404(web: server.Running, game_id: str) -> None:
    game = new_game(web)
    for what in ("hint", "review"):
        status, answer = call(api(web, f"games/{game_id}/{what}"), token=token_of(game))
        assert status == 404, answer


def test_hint_and_review_take_no_post(web: server.Running) -> None:
    game = new_game(web)
    for what in ("hint", "review"):
        status, _ = call(api(web, f"games/{game['id']}/{what}"), "POST", {"x": 1},
                         token=token_of(game))
        assert status == 405


# ----------------------------------------------------------------------------- reviews


def test_no_review_before_the_deal_is_over(web: server.Running) -> None:
    game = new_game(web)
    url = api(web, f"games/{game['id']}/review")
    assert call(url)[0] == 401
    assert call(url, token="not-a-seat")[0] == 403
    status, answer = call(url + "?lang=de", token=token_of(game))
    assert status == 409 and answer["code"] == "deal_not_over"
    assert answer["message"] != answer["error"]


def test_each_person_gets_the_review_of_his_own_moves_made_once(web: server.Running) -> None:
    game = new_game(web, seed=5, seats=["human", "human"])
    answer = game
    while not answer["over"]:
        seat = answer["observation"]["to_move"]
        status, answer = call(api(web, f"games/{game['id']}"), token=token_of(game, seat))
        status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                              {"action": answer["legal"][-1]}, token=token_of(game, seat))
        assert status == 200, answer
    session = session_of(web, game["id"])
    record = bz.Record.from_play(session.start, session.actions)
    expected = bz.bots.review(record, budget=web.store.review_worlds, seed=session.seed)
    made: list[int] = []
    real = web.store.slots.run
    web.store.slots.run = lambda work: (made.append(1), real(work))[1]  # type: ignore
    try:
        for seat in (0, 1):
            for lang in ("fi", "en"):
                status, review = call(api(web, f"games/{game['id']}/review?lang={lang}"),
                                      token=token_of(game, seat))
                assert status == 200, review
                mine = expected.of(seat)
                assert review["seat"] == seat and review["deal"] == 1
                assert review["decisions"] == len(mine) > 0
                assert [m["index"] for m in review["moves"]] == [m.index for m in mine]
                assert [m["loss"] for m in review["moves"]] == [round(m.loss, 2) for m in mine]
                assert review["total_loss"] == round(expected.total_loss(seat), 2)
                first = review["moves"][0]
                assert first["played_words"] == i18n.describe(mine[0].played, lang, you=True)
                assert first["best"] == bz.format_action(mine[0].best)
    finally:
        web.store.slots.run = real  # type: ignore[method-assign]
    assert made == [1]  # one review of the deal, under a search slot, for both people


def test_a_whole_game_reviews_its_last_finished_deal(web: server.Running) -> None:
    game = new_game(web, seed=5, whole_game=True)
    status, answer = call(api(web, f"games/{game['id']}/review"), token=token_of(game))
    assert status == 409
    answer = game
    while answer["game"]["deal"] < 2:
        status, answer = call(api(web, f"games/{game['id']}/actions"), "POST",
                              {"action": answer["legal"][0]}, token=token_of(game))
    status, review = call(api(web, f"games/{game['id']}/review"), token=token_of(game))
    assert status == 200 and review["deal"] == 1 and review["decisions"] > 0
    session = session_of(web, game["id"])
    first_deal = [a for a, entry in zip(session.actions, session.log, strict=True)
                  if entry[0] == 1]
    played = [m["played"] for m in review["moves"]]
    assert played == [bz.format_action(first_deal[m["index"]]) for m in review["moves"]]


# ----------------------------------------------------------------------------- words


@pytest.mark.parametrize("lang", ["en", "fi", "de"])
def test_the_view_tells_the_log_and_who_won_in_words(web: server.Running, lang: str) -> None:
    game = new_game(web, seed=3)
    assert game["result_text"] is None and len(game["log_words"]) == len(game["log"])
    answer = play_out(web, game, lang)
    session = session_of(web, game["id"])
    assert answer["result_text"] == i18n.describe_result(bz.deal_result(session.state), lang,
                                                         variant=TWO)
    assert answer["game_result_text"] is None
    assert len(answer["log_words"]) == len(answer["log"])
    for entry, words, action in zip(answer["log"], answer["log_words"], session.actions,
                                    strict=True):
        assert words == (i18n.describe(action, lang, you=True) if entry["player"] == 0
                         else i18n.describe_move(entry["player"], action, lang))


def test_a_finished_whole_game_says_who_won_it() -> None:
    store = open_store(bot="greedy")
    game = store.create({"variant": "two-pack", "seed": 1, "whole_game": True}, "de")
    token = token_of(game)
    while not game["over"]:
        game = store.act(game["id"], token, game["legal"][0], "de")
    position = store.run(game["id"], lambda s: s.position)
    assert game["game_result_text"] == i18n.describe_result(bz.game_result(position), "de",
                                                            variant=TWO)
    assert game["result_text"] == i18n.describe_result(position.deals[-1], "de", variant=TWO)
