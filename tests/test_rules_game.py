"""Scenario tests for games (a series of deals): RULES.md R2.1, R2.13 and R11.1.

Whole games to a small ``target`` are driven with random legal actions from a
seeded ``random.Random`` and checked for consistency; the scoring of the game's
end is checked on explicit positions by putting a ``bz.setup`` deal in place of
a new game's first deal.
"""

from __future__ import annotations

import random

import attrs
import pytest

import bezique as bz
from bezique.policies import Settlement
from bezique.results import Settled

V = bz.variants.TWO_PACK


def play_game(variant: bz.Variant, seed: int) -> tuple[bz.Game, list[bz.Game]]:
    """Play a game with random legal actions; return it and the game at each deal's start."""
    game = bz.new_game(variant, seed=seed)
    rng = random.Random(seed)
    starts = [game]
    while not game.is_over:
        done = len(game.deals)
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
        if len(game.deals) != done and not game.is_over:
            starts.append(game)
    return game, starts


def game_at(variant: bz.Variant, state: bz.State, totals: tuple[int, int] = (0, 0),
            seed: int = 1) -> bz.Game:
    """A game whose current deal is the explicit position ``state``, with ``totals`` so far."""
    game = bz.new_game(variant, seed=seed)
    return attrs.evolve(game, current=state, totals=totals)


def two_trick_deal(variant: bz.Variant) -> bz.State:
    """Phase 2, two tricks: player 1 wins A♠ 10♠ (20), player 0 wins 9♥ A♥ and the last
    trick (10 + 10). Each side scores 20."""
    return bz.setup(variant, hands=["10S AH", "AS 9H"], stock=(), turn_up=None, trump="C")


def one_sided_deal(variant: bz.Variant) -> bz.State:
    """Phase 2, one trick: player 1 wins A♠ 10♠ and the last trick: 30 to side 1, 0 to side 0."""
    return bz.setup(variant, hands=["10S", "AS"], stock=(), turn_up=None, trump="C")


def finish(game: bz.Game, *plays: str) -> bz.Game:
    for card in plays:
        game = bz.apply(game, bz.Play(card))
    return game


# --------------------------------------------------------------------------- R2.1 / R11.1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R2_1_dealer_alternates_each_deal(seed: int) -> None:
    game, starts = play_game(V, seed)
    assert len(game.deals) >= 2
    assert [d.dealer for d in game.deals] == [i % 2 for i in range(len(game.deals))]
    for i, start in enumerate(starts):
        assert start.current.dealer == i % 2
        assert len(start.deals) == i


def test_R2_1_new_game_starts_with_player_0_dealing() -> None:
    game = bz.new_game(V, seed=5)
    assert game.current.dealer == 0
    assert game.to_move == 1
    assert game.totals == (0, 0)
    assert game.deals == ()
    assert not game.is_over
    assert game.winner is None


@pytest.mark.parametrize("seed", [4, 5])
def test_R11_1_deal_i_has_dealer_i_mod_2_and_its_left_leads(seed: int) -> None:
    game, starts = play_game(V.with_options(target=400), seed)
    for i, start in enumerate(starts):
        deal = start.current
        assert deal.dealer == i % 2
        assert (deal.to_move, deal.leader) == ((i + 1) % 2, (i + 1) % 2)
        assert deal.tricks == 0
        assert [len(h) for h in deal.hands] == [8, 8]
        assert deal.stock_size == 48
        assert start.to_move == deal.to_move
    assert [d.dealer for d in game.deals] == [i % 2 for i in range(len(game.deals))]


def test_R11_1_each_deal_is_shuffled_afresh() -> None:
    _, starts = play_game(V.with_options(target=600), 8)
    assert len(starts) >= 2
    deals = [s.current for s in starts]
    assert len({(d.hands, d.turn_up, d.stock) for d in deals}) == len(deals)


def test_R11_1_the_game_after_an_explicit_deal_moves_to_the_next_dealer() -> None:
    game = game_at(V, one_sided_deal(V))
    game = finish(game, "AS", "10S")
    assert not game.is_over
    assert len(game.deals) == 1
    assert game.deals[0].dealer == 0
    assert game.deals[0].points == (0, 30)
    assert game.totals == (0, 30)
    assert game.current.dealer == 1
    assert game.current.to_move == 0  # the new elder
    assert game.current.tricks == 0
    assert game.current.stock_size == 48


# --------------------------------------------------------------------------- R2.13


def test_R2_13_default_target_and_rubicon() -> None:
    assert V.scoring.target == 1000
    assert V.scoring.rubicon == 500


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("target", [150, 400, 1000])
def test_R2_13_game_to_target_consistency(seed: int, target: int) -> None:
    variant = V.with_options(target=target)
    game, _ = play_game(variant, seed)
    result = bz.game_result(game)
    # totals are the sums of the deals
    sums = tuple(sum(d.points[side] for d in game.deals) for side in (0, 1))
    assert game.totals == result.totals == sums
    assert result.deals == len(game.deals)
    # the game ends after the first deal in which a side reaches the target
    running = [0, 0]
    for i, deal in enumerate(game.deals):
        running = [running[0] + deal.points[0], running[1] + deal.points[1]]
        assert (max(running) >= target) == (i == len(game.deals) - 1)
    # the higher total wins; a tie has no winner
    top = max(game.totals)
    if game.totals[0] == game.totals[1]:
        assert game.winner is None and result.winner is None
        assert result.value == 1
    else:
        assert game.winner == result.winner == game.totals.index(top)
        loser = game.totals[1 - game.winner]
        assert result.value == (2 if loser < variant.scoring.rubicon else 1)
    assert bz.legal_actions(game) == ()


def test_R2_13_rubicon_doubles_the_win() -> None:
    variant = V.with_options(target=30)
    game = finish(game_at(variant, one_sided_deal(variant)), "AS", "10S")
    assert game.is_over
    assert (game.winner, game.totals) == (1, (0, 30))
    result = bz.game_result(game)
    assert (result.winner, result.totals, result.value, result.deals) == (1, (0, 30), 2, 1)


def test_R2_13_loser_at_or_over_the_rubicon_is_a_single_win() -> None:
    game = finish(game_at(V, one_sided_deal(V), totals=(500, 980)), "AS", "10S")
    assert game.is_over
    assert (game.winner, game.totals) == (1, (500, 1010))
    assert bz.game_result(game).value == 1
    game = finish(game_at(V, one_sided_deal(V), totals=(499, 980)), "AS", "10S")
    assert (game.winner, game.totals) == (1, (499, 1010))
    assert bz.game_result(game).value == 2


def test_R2_13_rubicon_option_sets_the_doubling_line() -> None:
    variant = V.with_options(target=30, rubicon=0)
    game = finish(game_at(variant, one_sided_deal(variant)), "AS", "10S")
    assert bz.game_result(game).value == 1
    for seed in range(4):
        never, _ = play_game(V.with_options(target=300, rubicon=0), seed)
        always, _ = play_game(V.with_options(target=300, rubicon=10_000), seed)
        assert bz.game_result(never).value == 1
        if always.winner is not None:
            assert bz.game_result(always).value == 2


def test_R2_13_game_continues_while_no_one_has_reached_the_target() -> None:
    game = finish(game_at(V, one_sided_deal(V), totals=(900, 960)), "AS", "10S")
    assert game.totals == (900, 990)
    assert not game.is_over
    assert game.winner is None
    with pytest.raises(bz.DealNotOverError):
        bz.game_result(game)
    assert game.current.dealer == 1


def test_R2_13_reaching_the_target_exactly_ends_the_game() -> None:
    game = finish(game_at(V, one_sided_deal(V), totals=(900, 970)), "AS", "10S")
    assert game.totals == (900, 1000)
    assert game.is_over
    assert game.winner == 1


def test_R2_13_higher_total_wins_when_both_reach_the_target_in_the_same_deal() -> None:
    game = game_at(V, two_trick_deal(V), totals=(990, 985))
    game = finish(game, "AS", "10S", "9H", "AH")
    assert game.is_over
    assert game.deals[-1].points == (20, 20)
    assert game.totals == (1010, 1005)
    assert game.winner == 0
    assert bz.game_result(game).value == 1
    # the side that reached the target with the lower total loses
    game = game_at(V, two_trick_deal(V), totals=(1000 - 20, 995))
    game = finish(game, "AS", "10S", "9H", "AH")
    assert game.totals == (1000, 1015)
    assert game.winner == 1


def test_R2_13_tie_for_the_top_has_no_winner() -> None:
    game = finish(game_at(V, two_trick_deal(V), totals=(990, 990)), "AS", "10S", "9H", "AH")
    assert game.is_over
    assert game.totals == (1010, 1010)
    assert game.winner is None
    result = bz.game_result(game)
    assert (result.winner, result.value) == (None, 1)


def test_R2_13_finished_game_accepts_no_action() -> None:
    variant = V.with_options(target=30)
    game = finish(game_at(variant, one_sided_deal(variant)), "AS", "10S")
    assert game.is_over
    assert game.to_move is None
    assert bz.legal_actions(game) == ()
    with pytest.raises(bz.IllegalActionError):
        bz.apply(game, bz.Play("AS"))


def test_R2_13_brisque_timing_does_not_change_game_totals() -> None:
    for seed in range(3):
        a, _ = play_game(V.with_options(target=400), seed)
        b, _ = play_game(V.with_options(target=400, brisque_timing="end_of_deal"), seed)
        assert a.totals == b.totals
        assert [d.points for d in a.deals] == [d.points for d in b.deals]


def test_R2_13_same_seed_same_game() -> None:
    a, _ = play_game(V.with_options(target=500), 42)
    b, _ = play_game(V.with_options(target=500), 42)
    assert a == b
    assert bz.game_result(a) == bz.game_result(b)


def test_R11_7_brisques_scored_in_play_are_not_added_again_at_a_per_deal_settlement() -> None:
    """A composed variant that settles each deal (R8.5, R11.7) but scores brisques as they
    are won (R2.11): the brisques are in the raw totals already, so an exact tie stays a tie
    and is not broken by counting them a second time."""
    scoring = attrs.evolve(V.scoring, settlement=Settlement.PER_DEAL)
    variant = attrs.evolve(V, scoring=scoring)
    state = two_trick_deal(variant)
    for card in ("AS", "10S", "9H", "AH"):
        state = bz.apply(state, bz.Play(card))
    result = bz.deal_result(state)
    assert result.points == (20, 20) and result.brisque_counts == (1, 2)
    assert result.settlement == Settled(None, (20, 20), False, False, 0)


# --------------------------------------------------------------------------- with_options


def test_with_options_sets_game_options_and_leaves_the_variant_unchanged() -> None:
    v = V.with_options(target=1500, rubicon=700, brisque_timing="end_of_deal",
                       last_trick="end_of_stock")
    assert (v.scoring.target, v.scoring.rubicon) == (1500, 700)
    assert v.scoring.brisque_timing.value == "end_of_deal"
    assert v.scoring.last_trick.value == "end_of_stock"
    assert (V.scoring.target, V.scoring.rubicon) == (1000, 500)
    assert V.scoring.brisque_timing.value == "immediate"
    assert V.scoring.last_trick.value == "final"


def test_with_options_accepts_every_two_pack_option_of_the_rules() -> None:
    v = V.with_options(require_fresh_card=True, reform_broken=True, seven_counts_as_meld=False,
                       bezique_pair="shifting")
    options = v.options()
    assert options["require_fresh_card"] is True
    assert options["reform_broken"] is True
    assert options["seven_counts_as_meld"] is False
    assert options["bezique_pair"].value == "shifting"


@pytest.mark.parametrize("name", ["brisk", "targets", "rubicon_bezique", ""])
def test_with_options_unknown_option_raises_variant_error(name: str) -> None:
    with pytest.raises(bz.VariantError, match="unknown option"):
        V.with_options(**{name: 1})


@pytest.mark.parametrize(("name", "value"), [
    ("brisque_timing", "sometimes"),
    ("last_trick", "first"),
    ("target", -5),
    ("target", "1000"),
    ("target", 1.5),
    ("target", True),
    ("rubicon", None),
    ("require_fresh_card", 1),
    ("require_fresh_card", "yes"),
])
def test_with_options_bad_value_raises_variant_error(name: str, value: object) -> None:
    with pytest.raises(bz.VariantError, match=name):
        V.with_options(**{name: value})


def test_variant_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        V.with_options(brisk=1)
    assert issubclass(bz.VariantError, bz.BeziqueError)
