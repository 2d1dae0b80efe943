"""Seats (issue 27): ``player=`` on ``apply``, ``check_action`` and ``is_legal`` for a state
and a game, :class:`bezique.NotYourTurnError`, ``legal_actions`` and ``forced_action`` of an
observation, the record form of ``parse_action``, and ``Record.loads`` on a wrong-seat line.

Every wrong seat of every preset is refused, in a play turn and in a declaration window,
and nothing changes; a value that is no seat at all is a ``BeziqueError`` naming it.
"""

from __future__ import annotations

import pickle

import pytest

import bezique as bz
from bezique.record import RecordLineError

VARIANTS = [pytest.param(v, id=v.name) for v in bz.variants.ALL]
TURN_RULE = {bz.Stage.PLAY: "R2.4", bz.Stage.DECLARE: "R2.6", bz.Stage.GUESS: "R9.4"}


def positions(variant: bz.Variant) -> list[bz.State]:
    """The deal's start and its first declaration window (the first legal action each time)."""
    state = bz.new_deal(variant, seed=5)
    found = [state]
    while state.stage is not bz.Stage.DECLARE:
        state = bz.apply(state, bz.legal_actions(state)[0])
    return [*found, state]


def wrong_seats(state: bz.State | bz.Game) -> list[int]:
    return [p for p in range(state.variant.players) if p != state.to_move]


def assert_refused_out_of_turn(position: bz.State | bz.Game) -> None:
    """Every seat but the one to move is refused by apply, check_action and is_legal."""
    before = bz.to_json(position)
    stage = (position.current if isinstance(position, bz.Game) else position).stage
    for action in bz.legal_actions(position):
        for seat in wrong_seats(position):
            for refuse in (bz.apply, bz.check_action):
                with pytest.raises(bz.NotYourTurnError) as info:
                    refuse(position, action, player=seat)  # type: ignore[operator]
                err = info.value
                assert (err.player, err.to_move) == (seat, position.to_move)
                assert err.rule == TURN_RULE[stage] and err.action == action
                assert isinstance(err, bz.IllegalActionError)
                assert f"player {seat}" in str(err) and f"player {position.to_move}'s" in str(err)
            assert bz.is_legal(position, action, player=seat) is False
    assert bz.to_json(position) == before


@pytest.mark.parametrize("variant", VARIANTS)
def test_R2_4_every_wrong_seat_is_refused_in_every_variant(variant: bz.Variant) -> None:
    for state in positions(variant):
        assert len(wrong_seats(state)) == variant.players - 1
        assert_refused_out_of_turn(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_R2_4_the_seat_to_move_acts_as_without_player(variant: bz.Variant) -> None:
    for state in positions(variant):
        for action in bz.legal_actions(state):
            assert bz.is_legal(state, action, player=state.to_move)
            bz.check_action(state, action, player=state.to_move)
            assert bz.apply(state, action, player=state.to_move) == bz.apply(state, action)


@pytest.mark.parametrize("variant", VARIANTS)
def test_R2_4_every_wrong_seat_is_refused_in_a_game(variant: bz.Variant) -> None:
    game = bz.new_game(variant, seed=5)
    assert_refused_out_of_turn(game)
    action = bz.legal_actions(game)[0]
    after = bz.apply(game, action, player=game.to_move)
    assert isinstance(after, bz.Game) and after == bz.apply(game, action)


def test_R2_4_the_issue_s_case_four_handed_seed_0() -> None:
    """Seat 0 sends a card the seat to move also holds: refused, not played for him."""
    state = bz.new_deal(bz.variants.FOUR_HANDED, seed=0)
    card = bz.Card.parse("8C")
    assert state.to_move != 0 and card in state.hands[0] and card in state.hands[state.to_move]
    with pytest.raises(bz.NotYourTurnError, match=r"^R2\.4: player 0 may not act now"):
        bz.apply(state, bz.Play(card), player=0)
    assert bz.apply(state, bz.Play(card), player=state.to_move).trick == (
        (state.to_move, card),)


def test_R2_6_a_window_belongs_to_the_trick_s_winner() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                                  "QS JD AH 10H KC QC 9S 8D"], turn_up="7H")
    state = bz.apply(bz.apply(state, bz.Play("AH")), bz.Play("9C"))  # player 1 wins
    assert state.stage is bz.Stage.DECLARE and state.to_move == 1
    with pytest.raises(bz.NotYourTurnError) as info:
        bz.apply(state, bz.Pass(), player=0)
    assert (info.value.rule, info.value.player, info.value.to_move) == ("R2.6", 0, 1)
    assert bz.apply(state, bz.Pass(), player=1).stage is bz.Stage.PLAY


@pytest.mark.parametrize("variant", [bz.variants.CHINESE, bz.variants.EIGHT_PACK])
def test_R9_4_only_the_seat_to_guess_guesses(variant: bz.Variant) -> None:
    state = bz.new_deal(variant.with_options(dealer_guess=True), seed=2)
    while state.stage is not bz.Stage.GUESS:
        state = bz.apply(state, bz.legal_actions(state)[0])
    assert_refused_out_of_turn(state)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seat", [-1, "players", True, False, "0", 1.0, 2**70, [0]])
def test_a_value_that_is_no_seat_is_named(variant: bz.Variant, seat: object) -> None:
    if seat == "players":
        seat = variant.players
    state = bz.new_deal(variant, seed=1)
    game = bz.new_game(variant, seed=1)
    action = bz.legal_actions(state)[0]
    for position in (state, game):
        for call in (bz.apply, bz.check_action, bz.is_legal):
            with pytest.raises(bz.BeziqueError, match="player must be a seat") as info:
                call(position, action, player=seat)  # type: ignore[operator,arg-type]
            assert not isinstance(info.value, bz.IllegalActionError)
            assert repr(seat) in str(info.value)


def test_after_the_end_the_end_is_the_error() -> None:
    """Nobody is to move: ``player`` is checked as a seat, then the usual refusal."""
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    while not state.is_over:
        state = bz.apply(state, bz.legal_actions(state)[-1])
    with pytest.raises(bz.IllegalActionError, match="the deal is over") as info:
        bz.apply(state, bz.Pass(), player=0)
    assert not isinstance(info.value, bz.NotYourTurnError)
    assert bz.is_legal(state, bz.Pass(), player=1) is False
    with pytest.raises(bz.BeziqueError, match="player must be a seat"):
        bz.is_legal(state, bz.Pass(), player=2)


def test_not_your_turn_error_keeps_its_facts_through_pickle() -> None:
    err = bz.NotYourTurnError(0, 1, "R2.6", bz.Pass())
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is bz.NotYourTurnError and str(back) == str(err)
    assert (back.player, back.to_move, back.rule, back.action) == (0, 1, "R2.6", bz.Pass())
    assert isinstance(back, bz.BeziqueError) and isinstance(back, ValueError)


# --------------------------------------------------------------- observations


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_of_an_observation_are_the_observer_s(variant: bz.Variant) -> None:
    for state in positions(variant):
        for seat in range(variant.players):
            observation = bz.observe(state, seat)
            mine = bz.legal_actions(observation)
            assert mine == (bz.legal_actions(state) if seat == state.to_move else ())
            forced = bz.forced_action(observation)
            assert forced == (mine[0] if len(mine) == 1 else None)


def test_legal_actions_refuses_what_is_no_position() -> None:
    with pytest.raises(TypeError, match="expected a State or a Game"):
        bz.legal_actions("two-pack")  # type: ignore[arg-type]


# --------------------------------------------------------------- the record form


@pytest.mark.parametrize("variant", VARIANTS)
def test_parse_action_reads_the_record_form(variant: bz.Variant) -> None:
    for state in positions(variant):
        game_like = [state, bz.observe(state, state.to_move)]
        for position in game_like:
            for action in bz.legal_actions(state):
                text = f"{state.to_move}: {action}"
                assert bz.parse_action(position, text) == action
                assert bz.parse_action(None, text) == bz.parse_action(None, str(action))
                for seat in wrong_seats(state):
                    with pytest.raises(bz.NotYourTurnError) as info:
                        bz.parse_action(position, f"{seat}: {action}")
                    assert (info.value.player, info.value.to_move) == (seat, state.to_move)
        with pytest.raises(bz.NotationError, match=f"is not a seat of {variant.name}"):
            bz.parse_action(state, f"{variant.players}: pass")


def test_parse_action_record_form_in_a_game_and_its_bad_forms() -> None:
    game = bz.new_game(bz.variants.RUBICON, seed=4)
    action = bz.legal_actions(game)[0]
    assert bz.parse_action(game, f" {game.to_move} :  {action} ") == action
    with pytest.raises(bz.NotYourTurnError):
        bz.parse_action(game, f"{1 - game.to_move}: {action}")
    for text in (f"{game.to_move}:", f"{game.to_move}: bet", "-1: pass", "x: pass"):
        with pytest.raises(bz.NotationError):
            bz.parse_action(game, text)


def test_a_wrong_seat_line_of_a_record_is_a_record_line_error() -> None:
    text = "# bezique record v1\nvariant: two-pack\nseed: 7\ndealer: 0\nkind: deal\n"
    with pytest.raises(RecordLineError, match="line 6: player 0 acts, but it is player 1's") \
            as info:
        bz.Record.loads(text + "0: play QS\n")
    assert info.value.rule == "R2.4" and isinstance(info.value, bz.NotationError)
    with pytest.raises(RecordLineError, match="line 6: 'pass' is not legal") as illegal:
        bz.Record.loads(text + "1: pass\n")
    assert illegal.value.rule == "R2.6"
    with pytest.raises(bz.NotationError, match=r"line 6: '7: play QS': 7 is not a seat") as bad:
        bz.Record.loads(text + "7: play QS\n")
    assert not isinstance(bad.value, bz.IllegalActionError)
