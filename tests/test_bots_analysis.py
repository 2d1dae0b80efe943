"""Hints (``bots.analyse``), the analysis bot and its five levels, reviews
(``bots.review``) and ratings (``bz.ladder``)."""

from __future__ import annotations

import math
import random

import pytest

import bezique as bz
from bezique.bots import AnalysisBot, GreedyBot, analyse, level, review
from bezique.ratings import Match, _rate
from bezique.solver import solve

TWO_PACK = bz.variants.TWO_PACK


def _played(variant: bz.Variant, seed: int, *, until_phase_two: bool = False) -> bz.Record:
    """A deal of ``variant`` played by GreedyBot (to phase 2's start, or to the end)."""
    bot, rng = GreedyBot(), random.Random(seed)
    start = state = bz.new_deal(variant, seed=seed)
    actions: list[bz.Action] = []
    while not state.is_over and not (until_phase_two and state.phase == 2):
        assert state.to_move is not None
        action = bot.choose(bz.observe(state, state.to_move), rng)
        actions.append(action)
        state = bz.apply(state, action)
    return bz.Record.from_play(start, actions)


def test_analyse_is_exact_in_two_handed_phase_2() -> None:
    state = _played(TWO_PACK, 4, until_phase_two=True).final_state()
    assert state.to_move is not None
    analysis = analyse(bz.observe(state, state.to_move))
    exact = solve(state).values
    assert {r.action: r.value for r in analysis.ranked} == exact
    assert all(r.exact for r in analysis.ranked)
    values = [r.value for r in analysis.ranked]
    assert values == sorted(values, reverse=True)
    assert analysis.best is not None and analysis.best.value == solve(state).value


def test_analyse_ranks_every_legal_action_and_repeats_itself() -> None:
    state = bz.new_deal(TWO_PACK, seed=11)
    assert state.to_move is not None
    o = bz.observe(state, state.to_move)
    first = analyse(o, rng=random.Random(3), budget=3)
    assert sorted(map(str, (r.action for r in first.ranked))) == sorted(
        map(str, bz.legal_actions(state)))
    assert first.worlds == 3 and not any(r.exact for r in first.ranked)
    assert first == analyse(o, rng=random.Random(3), budget=3)


def test_analyse_samples_worlds_for_the_duels_of_four_handed_phase_2() -> None:
    state = _played(bz.variants.FOUR_HANDED, 2, until_phase_two=True).final_state()
    assert state.to_move is not None
    analysis = analyse(bz.observe(state, state.to_move), budget=2)
    assert analysis.worlds == 2
    assert {r.action for r in analysis.ranked} == set(bz.legal_actions(state))
    assert not any(r.exact for r in analysis.ranked)


def test_analyse_is_empty_off_turn_and_refuses_a_finished_deal() -> None:
    state = bz.new_deal(TWO_PACK, seed=1)
    assert state.to_move is not None
    assert analyse(bz.observe(state, 1 - state.to_move)).ranked == ()
    over = _played(TWO_PACK, 1).final_state()
    with pytest.raises(bz.BeziqueError, match="this deal is over"):
        analyse(bz.observe(over, 0))
    with pytest.raises(bz.BeziqueError, match="analyse takes an Observation, not State"):
        analyse(state)  # type: ignore[arg-type]
    with pytest.raises(bz.BeziqueError, match="budget must be at least 1"):
        analyse(bz.observe(state, state.to_move), budget=-1)


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_the_analysis_bot_plays_every_variant_to_the_end(variant: bz.Variant) -> None:
    bots = [AnalysisBot(worlds=2, max_steps=300)] + [GreedyBot()] * (variant.players - 1)
    result = bz.simulate(variant, bots, deals=1, seed=5, check_invariants=True)
    assert result.deals == 1


def test_levels_by_number_and_name() -> None:
    names = ("beginner", "casual", "club", "expert", "master")
    assert tuple(level(n).name for n in range(1, 6)) == names
    assert all(level(name) == level(n + 1) for n, name in enumerate(names))
    assert level("Level4") == level(4)
    for bad in (0, 6, "grandmaster", True, 2.0):
        with pytest.raises(bz.BotError, match="the levels are 1-5"):
            level(bad)  # type: ignore[arg-type]


def test_lower_levels_draw_from_the_values_and_never_solve() -> None:
    for n in (1, 2):
        bot = level(n)
        assert bot.temperature > 0 and bot.worlds == 0 and not bot.solve
    assert level(1).temperature > level(2).temperature
    assert level(3).solve and level(3).worlds == 0
    assert 0 < level(4).worlds < level(5).worlds


def test_a_level_at_a_temperature_varies_its_choice_with_the_generator() -> None:
    state = bz.new_deal(TWO_PACK, seed=2)
    assert state.to_move is not None
    o = bz.observe(state, state.to_move)
    choices = {level(1).choose(o, random.Random(k)) for k in range(40)}
    assert len(choices) > 1
    assert {level(3).choose(o, random.Random(k)) for k in range(5)} == {
        GreedyBot().choose(o, random.Random(0))}


def test_review_judges_every_decision_with_a_choice() -> None:
    record = _played(TWO_PACK, 3)
    result = review(record, budget=1, seed=2)
    positions = list(record.replay())
    expected = [i for i, _ in enumerate(record.actions)
                if len(bz.legal_actions(positions[i])) > 1]
    assert [m.index for m in result.moves] == expected
    assert all(m.loss >= 0 for m in result.moves)
    assert all(m.loss == 0 for m in result.moves if m.played == m.best)
    phase_two = [m for m in result.moves if positions[m.index].phase == 2]
    assert phase_two and all(m.exact for m in phase_two)
    assert result.total_loss(0) == sum(m.loss for m in result.of(0))


def test_review_refuses_a_record_that_does_not_replay() -> None:
    record = bz.Record(TWO_PACK, 7, actions=(bz.Play("QS"), bz.Pass()))
    with pytest.raises(bz.IllegalActionError, match="action 2"):
        review(record)
    with pytest.raises(bz.BeziqueError, match="review takes a Record"):
        review("1: play QS")  # type: ignore[arg-type]


def test_ladder_plays_each_shuffle_once_per_side() -> None:
    result = bz.ladder(TWO_PACK, {"random": bz.bots.RandomBot(), "greedy": GreedyBot()},
                       deals=3, seed=4)
    (match,) = result.matches
    assert (match.first, match.second, match.deals) == ("random", "greedy", 6)
    assert result.ratings["random"] == bz.Rating(0.0, 0.0, 0.0, 6)
    assert result.ratings["greedy"].games == 6
    assert result.seconds["greedy"] > 0
    assert "greedy" in result.table()


def test_ratings_are_the_maximum_likelihood_elo() -> None:
    # 75 of 100 deals: odds of 3 to 1, 400 log10(3) = 190.8 Elo points
    ratings = _rate(["a", "b"], [Match("b", "a", 100, 75, 0, 0.0)])
    assert ratings["b"].elo == pytest.approx(400 * math.log10(3), abs=0.1)
    # the interval: the standard error of a logit over 100 games, sqrt(1 / (100 p q))
    half = 1.959964 * 400 / math.log(10) / math.sqrt(100 * 0.75 * 0.25)
    assert ratings["b"].high - ratings["b"].elo == pytest.approx(half, abs=0.2)


@pytest.mark.parametrize("wins", [0, 8])
def test_a_match_won_or_lost_whole_has_a_finite_rating(wins: int) -> None:
    """A score of 100% (0%) has no finite Elo: the score is taken within [1/(2n),
    1 - 1/(2n)], 8 deals all won as 7.5 of 8 (odds of 15 to 1), with a finite interval."""
    ratings = _rate(["a", "b"], [Match("b", "a", 8, wins, 0, 0.0)])
    sign = 1 if wins else -1
    assert ratings["b"].elo == pytest.approx(sign * 400 * math.log10(15), abs=0.1)
    assert -1500 < ratings["b"].low < ratings["b"].elo < ratings["b"].high < 1500
    three = _rate(["a", "b", "c"], [Match("a", "b", 8, 8, 0, 0.0), Match("a", "c", 8, 8, 0, 0.0),
                                    Match("b", "c", 8, 0, 0, 0.0)])
    for r in three.values():
        assert all(math.isfinite(x) and abs(x) < 3000 for x in (r.elo, r.low, r.high))


def test_the_ladder_table_of_a_match_won_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique ladder --bots random,greedy --deals 4``: greedy wins all 8 deals, rated 470
    with a sane interval (it printed 4859, "-10731428 – 10741147")."""
    from bezique.cli import main

    assert main(["ladder", "--bots", "random,greedy", "--deals", "4", "--lang", "en"]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[2:]}
    assert rows["greedy"][1:5] == ["470", "-27", "–", "968"]


def test_ladder_refuses_what_it_cannot_play() -> None:
    with pytest.raises(bz.BeziqueError, match="two bots at least"):
        bz.ladder(TWO_PACK, {"greedy": GreedyBot()}, deals=1)
    with pytest.raises(bz.BeziqueError, match="deals must be at least 1"):
        bz.ladder(TWO_PACK, {"a": GreedyBot(), "b": GreedyBot()}, deals=0)
