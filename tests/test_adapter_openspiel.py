"""The OpenSpiel adapter, judged by OpenSpiel's own random simulation test (every variant)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install 'bezique[rl]')")

import numpy as np  # noqa: E402

import bezique as bz  # noqa: E402
from bezique.adapters.openspiel import (  # noqa: E402
    BeziqueState,
    max_game_length,
    resample_from_infostate,
)
from bezique.encoding import (  # noqa: E402
    ActionEncoder,
    deal_returns,
    observation_size,
    observation_tensor,
)

VARIANTS = [v.name for v in bz.variants.ALL]


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_random_sim_test(variant: str) -> None:
    game = pyspiel.load_game("python_bezique", {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _dealt(game: object, seed: int, moves: int = 0) -> BeziqueState:
    """A deal dealt by chance outcomes drawn with ``seed``, then ``moves`` random actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        faces, probs = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probs) - 1.0) < 1e-9
        state.apply_action(rng.choices(faces, probs)[0])
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state  # type: ignore[no-any-return]


def test_the_game_and_its_parameter() -> None:
    game = pyspiel.load_game("python_bezique")
    assert game.get_parameters() == {"variant": "two-pack"}
    assert game.num_players() == 2
    assert game.num_distinct_actions() == ActionEncoder(bz.variants.TWO_PACK).size
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.observation_tensor_size() == observation_size(bz.variants.TWO_PACK)
    four = pyspiel.load_game("python_bezique", {"variant": "cutthroat"})
    assert four.num_players() == 4
    assert four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert four.max_game_length() == max_game_length(bz.variants.CUTTHROAT)
    with pytest.raises(bz.VariantError, match="no-such-game"):
        pyspiel.load_game("python_bezique", {"variant": "no-such-game"})


def test_the_deal_is_explicit_chance_in_new_deal_order() -> None:
    """R2.1, R11.1: 3-2-3 packets from the dealer's left, then the turn-up, then the stock."""
    game = pyspiel.load_game("python_bezique")
    state = game.new_initial_state()
    faces = [c.index for c in bz.parse_cards(
        "AS AS AH 10S 10S KS KS KH QS QS JD JD 9S 8S 8S 7S")]
    for face in faces:
        state.apply_action(face)
    assert state.is_chance_node()
    assert state.information_state_string(1).startswith(
        "p1: you hold A♠; you hold A♠; you hold A♥; you hold K♠; you hold K♥")
    assert "A♠" not in state.information_state_string(0)
    state.apply_action(bz.Card.parse("7H").index)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    s = state.bezique_state
    assert s.hands[1] == tuple(sorted(bz.parse_cards("AS AS AH KS KH JD JD 9S")))
    assert s.hands[0] == tuple(sorted(bz.parse_cards("10S 10S KS QS QS 8S 8S 7S")))
    assert s.turn_up == bz.Card.parse("7H") and s.stock_size == 48


def test_actions_returns_and_views_agree_with_the_engine() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "four-handed"})
    encoder = game.encoder
    state = _dealt(game, 2)
    rng = random.Random(2)
    while not state.is_terminal():
        s = state.bezique_state
        p = state.current_player()
        assert state.legal_actions() == sorted(encoder.legal_ids(s))
        assert state.observation_string(p) != state.observation_string((p + 1) % 4)
        action = rng.choice(state.legal_actions())
        expected = bz.apply(s, encoder.decode(action, s))
        state.apply_action(action)
        assert state.bezique_state == expected
    assert state.returns() == list(deal_returns(state.bezique_state))
    assert sum(state.returns()) == 0.0


@pytest.mark.parametrize("variant", ["two-pack", "four-handed", "rubicon"])
def test_observation_tensors_are_the_encodings(variant: str) -> None:
    """The observer reads the tensor off the state (bezique.adapters._arrays): the numbers
    of :func:`bezique.encoding.observation_tensor`, for every player at every step."""
    game = pyspiel.load_game("python_bezique", {"variant": variant})
    state = _dealt(game, 5)
    rng = random.Random(5)
    while True:
        s = state.bezique_state
        for p in range(game.num_players()):
            expected = [float(x) for x in np.array(observation_tensor(bz.observe(s, p)),
                                                   dtype=np.float32)]
            assert state.observation_tensor(p) == expected
            assert state.information_state_tensor(p) == expected
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_information_states_have_perfect_recall_and_hide_the_others() -> None:
    game = pyspiel.load_game("python_bezique")
    state = _dealt(game, 4, moves=30)
    s = state.bezique_state
    for p in (0, 1):
        text = state.information_state_string(p)
        assert text.startswith(f"p{p}: ")
        assert text.count("you hold") == 8  # the dealt cards, one by one
        assert len(state.information_state_tensor(p)) == observation_size(s.variant)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_resampling_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("python_bezique")
    state = _dealt(game, 6, moves=20)
    rng = random.Random(6)
    p = state.current_player()
    sample = resample_from_infostate(state, p, random.Random(1))
    assert sample.information_state_string(p) == state.information_state_string(p)
    assert sample.observation_string(p) == state.observation_string(p)
    assert sample.legal_actions() == state.legal_actions()
    assert bz.observe(sample.bezique_state, p) == bz.observe(state.bezique_state, p)
    with pytest.raises(ValueError, match="chance node"):
        resample_from_infostate(game.new_initial_state(), 0, rng)


def test_a_state_survives_serialization_and_cloning() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "rubicon"})
    state = _dealt(game, 8, moves=15)
    back = game.deserialize_state(state.serialize())
    assert back.bezique_state == state.bezique_state
    assert back.history() == state.history()
    clone = state.clone()
    assert clone.bezique_state is state.bezique_state  # immutable, so shared
    assert str(clone) == str(state)


@pytest.mark.parametrize("variant", ["two-pack", "four-handed", "eight-pack"])
def test_every_card_a_player_receives_is_in_his_information_state(variant: str) -> None:
    """R2.6, R2.8: the dealt and drawn cards, also a drawn card like one just declared."""
    game = pyspiel.load_game("python_bezique", {"variant": variant})
    state = _dealt(game, 10)
    rng = random.Random(10)
    received: list[Counter[bz.Card]] = [Counter() for _ in range(game.num_players())]
    played: list[Counter[bz.Card]] = [Counter() for _ in range(game.num_players())]
    while not state.is_terminal():
        s = state.bezique_state
        p = state.current_player()
        action = game.encoder.decode(rng.choice(state.legal_actions()), s)
        if isinstance(action, bz.Play):
            played[p][action.card] += 1
        elif isinstance(action, bz.ExchangeSeven):  # R4.1: the turn-up for the seven
            assert s.turn_up is not None
            received[p][s.turn_up] += 1
            received[p][action.card] -= 1
        state.apply_action(game.encoder.encode(action))
    for p in range(game.num_players()):
        tokens = state.information_state_string(p).split(": ", 1)[1].split("; ")
        for token in tokens:
            if token.startswith(("you hold ", "you draw ")):
                received[p].update(bz.parse_cards(token[9:]))
        assert +received[p] == played[p]
