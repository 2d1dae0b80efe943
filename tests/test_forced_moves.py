"""Forced moves (issue 27): ``bz.forced_action``, and the person's lone pass played for him
by ``bezique play`` and by the reference web client; bots choose as before."""

from __future__ import annotations

import random
import re

import pytest

import bezique as bz
from bezique import _cli_terminal
from bezique.web import games as sessions
from bezique.web import storage, views

VARIANTS = [pytest.param(v, id=v.name) for v in bz.variants.ALL]


@pytest.mark.parametrize("variant", VARIANTS)
def test_forced_action_is_the_lone_legal_action_else_none(variant: bz.Variant) -> None:
    state = bz.new_deal(variant, seed=11)
    game = bz.new_game(variant, seed=11)
    rng = random.Random(11)
    lone = 0
    while not state.is_over:
        legal = bz.legal_actions(state)
        expected = legal[0] if len(legal) == 1 else None
        lone += expected is not None
        assert bz.forced_action(state) == expected
        for seat in range(variant.players):
            mine = expected if seat == state.to_move else None
            assert bz.forced_action(bz.observe(state, seat)) == mine
        assert bz.forced_action(game) == bz.forced_action(game.current)
        action = rng.choice(legal)
        state = bz.apply(state, action)
        if game.current.to_move is not None:
            game = bz.apply(game, rng.choice(bz.legal_actions(game)))
    assert bz.forced_action(state) is None and lone > 0


def test_R2_6_a_window_with_a_combination_is_a_choice() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                                  "QS JD AH 10H KC QC 9S 8D"], turn_up="7H")
    state = bz.apply(bz.apply(state, bz.Play("AH")), bz.Play("9C"))  # player 1 wins
    assert state.stage is bz.Stage.DECLARE and state.to_move == 1
    assert bz.Declare("bezique", "QS JD") in bz.legal_actions(state)
    assert bz.forced_action(state) is None  # a bezique or a pass: a choice


def test_R2_6_after_a_trick_won_with_no_combination_the_pass_is_forced() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                                  "QS 10D AH 10H KC 9D 9S 8D"], turn_up="7H")
    state = bz.apply(bz.apply(state, bz.Play("AH")), bz.Play("9C"))
    assert bz.legal_actions(state) == (bz.Pass(),) and bz.forced_action(state) == bz.Pass()


def scripted(answer: str = "1") -> tuple[list[str], object]:
    lines: list[str] = []

    def read(prompt: str) -> str:
        lines.append(prompt)
        return answer
    return lines, read


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.RUBICON])
def test_bezique_play_plays_the_person_s_lone_pass_in_one_line(variant: bz.Variant) -> None:
    for seed in range(1, 4):
        out: list[str] = []
        prompts, read = scripted()
        assert _cli_terminal.play_deal(variant, seed=seed, human=0, bot=bz.bots.RandomBot(),
                                       read=read, write=out.append) == 0  # type: ignore[arg-type]
        assert "deal over" in out
        menus = [i for i, line in enumerate(out) if line.startswith("   your move")]
        assert len(menus) == len(prompts)
        for i in menus:  # the person is never asked to choose a lone pass
            items = []
            for line in out[i + 1:]:
                if not re.match(r"^\s+\d+\. ", line):
                    break
                items.append(line.split(". ", 1)[1])
            assert items and items != ["pass"]
        forced = [line for line in out if line == _cli_terminal.FORCED_PASS]
        assert all(not line.startswith("you: pass") or line == _cli_terminal.FORCED_PASS
                   for line in out)
        if seed == 1:
            assert forced


def test_bots_still_choose_their_passes() -> None:
    out: list[str] = []
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    bot = bz.bots.GreedyBot()
    rng = random.Random(1)
    _cli_terminal.narrate_deal(
        state, lambda s: bot.choose(bz.observe(s, s.to_move), rng), out.append)  # type: ignore[arg-type]
    assert any(line.endswith(": pass") for line in out)
    assert not any("played for you" in line for line in out)


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED])
def test_the_web_client_plays_the_person_s_lone_pass(variant: bz.Variant) -> None:
    seats = tuple("human" if p == 0 else "bot:random" for p in range(variant.players))
    session = sessions.Session(storage.GameRow("g", variant.name, 4, False, seats, {}, ()))
    session.play_automatic()
    while not session.state.is_over:
        assert session.state.to_move == 0
        assert not isinstance(bz.forced_action(session.state), bz.Pass)
        session.act(0, views.view(session, 0)["legal"][0])
    log = views.view(session, 0)["log"]
    forced = [entry for entry in log if entry.get("forced")]
    assert forced and all(e == {"player": 0, "action": "pass", "forced": True} for e in forced)
    position = session.start
    for action, entry in zip(session.actions, log, strict=True):
        if entry.get("forced"):
            assert bz.forced_action(position) == action == bz.Pass()
        position = bz.apply(position, action)
