"""The endgame solver (:mod:`bezique.solver`): hand-built endings whose value is worked out
here, a brute-force minimax through the engine's own ``apply`` on random small endings of
every variant, and the refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique._engine.hands import cards_of, held_of
from bezique.solver import solve, value_for

TWO_PACK = bz.variants.TWO_PACK


def _points(s: bz.State) -> list[int]:
    """Per side, the points the solver counts: brisques at the variant's value (even where
    they are written down at the end of the deal) and the last trick."""
    value = s.variant.scoring.brisque_value(True)
    return [b * value + last for b, last in zip(s.brisques, s.last_trick, strict=True)]


def _gain(before: bz.State, after: bz.State, side: int) -> int:
    b, a = _points(before), _points(after)
    return sum((a[i] - b[i]) * (1 if i == side else -1) for i in range(len(b)))


def brute_force(s: bz.State, side: int) -> int:
    """Every line of play through ``bz.apply``: ``side`` maximises its points less the
    others', the others minimise them (the solver's reading)."""
    if s.is_over:
        return 0
    values = [_gain(s, t, side) + brute_force(t, side)
              for t in (bz.apply(s, a) for a in bz.legal_actions(s))]
    assert s.to_move is not None
    return max(values) if s.sides[s.to_move] == side else min(values)


def test_one_card_each_the_ace_takes_its_brisque_and_the_last_trick() -> None:
    s = bz.setup(TWO_PACK, hands=["KS", "AS"], stock=())  # player 1 leads
    solution = solve(s)
    assert solution.value == 20  # a brisque (10) and the last trick (10, R2.12)
    assert solution.best == (bz.Play(bz.Card.parse("AS")),)


def test_r2_10_leading_low_forces_the_follower_to_win_and_give_back_the_lead() -> None:
    # Player 1 leads. A♠ first wins the ace and the ten (20), then 7♣ loses the last
    # trick to K♣ (-10): 10. 7♣ first: the follower must win it with K♣ (R2.10) and
    # lead 10♠, which the ace takes with the last trick: 20 + 10 = 30.
    s = bz.setup(TWO_PACK, hands=["10S KC", "AS 7C"], stock=())
    solution = solve(s)
    ace, seven = bz.Play(bz.Card.parse("AS")), bz.Play(bz.Card.parse("7C"))
    assert dict(solution.values) == {ace: 10, seven: 30}
    assert solution.value == 30
    assert solution.best == (seven,)


def test_r8_4_rubicon_phase_2_scores_the_last_trick_alone() -> None:
    s = bz.setup(bz.variants.RUBICON, hands=["10S KC", "AS 7C"], stock=())
    solution = solve(s)
    # brisques do not score in Rubicon's play (R8.4); the last trick is worth 50
    assert dict(solution.values) == {bz.Play(bz.Card.parse("AS")): -50,
                                     bz.Play(bz.Card.parse("7C")): 50}


def test_a_follower_answers_for_his_own_side() -> None:
    s = bz.setup(TWO_PACK, hands=["10S KC", "AS 7C"], stock=())
    s = bz.apply(s, bz.Play(bz.Card.parse("7C")))
    solution = solve(s)  # player 0 must win with K♣ (R2.10), then loses both brisques
    assert solution.value == -30
    assert value_for(s, 1) == 30


def test_identical_copies_are_one_value_and_the_same_position_the_same_answer() -> None:
    s = bz.setup(TWO_PACK, hands=["AS AS 7H", "10S KS 9H"], stock=())
    first, second = solve(s), solve(s)
    assert first == second
    assert len(first.values) == len(bz.legal_actions(s))


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_refuses_a_position_with_stock_left(variant: bz.Variant) -> None:
    with pytest.raises(bz.BeziqueError, match="solve needs phase 2"):
        solve(bz.new_deal(variant, seed=3))


def test_refuses_a_finished_deal_and_what_is_not_a_state() -> None:
    s = bz.setup(TWO_PACK, hands=["KS", "AS"], stock=())
    s = bz.apply(bz.apply(s, bz.Play(bz.Card.parse("AS"))), bz.Play(bz.Card.parse("KS")))
    with pytest.raises(bz.BeziqueError, match="this deal is over"):
        solve(s)
    with pytest.raises(bz.BeziqueError, match="solve takes a State, not Game"):
        solve(bz.new_game(TWO_PACK, seed=1))  # type: ignore[arg-type]


def _phase_two(variant: bz.Variant, seed: int) -> bz.State:
    """A phase-2 position of ``variant``: a deal played at random to the stock's end."""
    rng = random.Random(seed)
    s = bz.new_deal(variant, seed=seed)
    while s.phase == 1:
        s = bz.apply(s, rng.choice(bz.legal_actions(s)))
    return s


def _cut(s: bz.State, rng: random.Random, keep: int) -> bz.State:
    """``s`` with every hand cut to ``keep`` of its cards, chosen by ``rng``."""
    held = []
    for h in s.held:
        cards = list(cards_of(h))
        rng.shuffle(cards)
        held.append(held_of(cards[:keep]))
    return s.replace(held=tuple(held))


@settings(max_examples=60)
@given(variant=st.sampled_from(bz.variants.ALL), seed=st.integers(0, 10_000),
       keep=st.integers(1, 3), moves=st.integers(0, 2))
def test_every_action_has_the_brute_force_value(variant: bz.Variant, seed: int, keep: int,
                                                moves: int) -> None:
    """Small endings of every variant (each hand cut to ``keep`` cards, then a few cards
    played at random): the solver's value of every legal action is the brute force's."""
    rng = random.Random(seed)
    s = _cut(_phase_two(variant, seed), rng, keep)
    for _ in range(moves):
        if not s.is_over:
            s = bz.apply(s, rng.choice(bz.legal_actions(s)))
    if s.is_over:
        return
    assert s.to_move is not None
    side = s.sides[s.to_move]
    solution = solve(s)
    for action, value in solution.values.items():
        after = bz.apply(s, action)
        assert value == _gain(s, after, side) + brute_force(after, side), action
    assert solution.value == max(solution.values.values())
    assert set(solution.best) == {a for a, v in solution.values.items()
                                  if v == solution.value}


@pytest.mark.parametrize("variant", [bz.variants.FOUR_HANDED, bz.variants.CUTTHROAT],
                         ids=lambda v: v.name)
def test_r6_7_the_first_duel_is_solved_with_the_second_still_to_come(
        variant: bz.Variant) -> None:
    """R6.7, R11.9: positions of the first duel with four cards left in every hand, so the
    second duel (solved by itself and added) weighs in every bound of the first."""
    checked = 0
    for seed in range(12):
        s = _cut(_phase_two(variant, seed), random.Random(seed), 4)
        assert s.to_move is not None
        side = s.sides[s.to_move]
        for action, value in solve(s).values.items():
            after = bz.apply(s, action)
            assert value == _gain(s, after, side) + brute_force(after, side), (seed, action)
            checked += 1
    assert checked > 24


@pytest.mark.parametrize("variant", [TWO_PACK, bz.variants.RUBICON, bz.variants.FOUR_HANDED],
                         ids=lambda v: v.name)
def test_value_for_either_side_is_the_solution_seen_from_there(variant: bz.Variant) -> None:
    """At a trick's start value_for searches with alpha-beta from the root; its value is
    the solution's, for the side to move and, negated, for the other side."""
    for seed in range(4):
        s = _phase_two(variant, seed)
        assert s.to_move is not None and not s.trick_indexes
        side = s.sides[s.to_move]
        value = solve(s).value
        assert value_for(s, side) == value
        assert value_for(s, 1 - side) == -value
