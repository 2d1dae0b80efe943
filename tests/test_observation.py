"""Hidden information: observations leak nothing, determinization is consistent (API.md).

Leak test: a state is changed only in what one player cannot see (the other players'
concealed cards that nobody has seen, and the order of the stock); the player's
observation must not change. Determinization: the sampled state is legal, keeps
everything public and the observer's hand, looks the same to the observer, and play
continues from it to the end of the deal.
"""

from __future__ import annotations

import copy as copy_module
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique._engine.hands import held_of
from bezique.observation import hand_counts
from bezique.state import Stage
from bezique.testing import check_observation, check_state
from strategies import deal_positions, reachable_states, variants


def _hidden_reshuffle(state: bz.State, player: int, rng: random.Random) -> bz.State:
    """``state`` with the cards hidden from ``player`` dealt again at random."""
    hidden: list[bz.Card] = list(state.stock)
    concealed: list[list[bz.Card]] = []
    for q, hand in enumerate(state.hands):
        if q == player:
            concealed.append([])
            continue
        rest = Counter(hand)
        rest.subtract(state.exposed[q])
        free = list(rest.elements())
        concealed.append(free)
        hidden.extend(free)
    rng.shuffle(hidden)
    hands = []
    for q, hand in enumerate(state.hands):
        if q == player:
            hands.append(hand)
            continue
        n = len(concealed[q])
        hands.append(tuple(sorted(list(state.exposed[q]) + hidden[:n])))
        del hidden[:n]
    return state.replace(hands=tuple(hands), stock=tuple(hidden), seed=None)


@settings(max_examples=60)
@given(state=reachable_states(variants()), data=st.data())
def test_observation_leaks_nothing_hidden(state: bz.State, data: st.DataObject) -> None:
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rng"))
    for player in range(state.variant.players):
        other = _hidden_reshuffle(state, player, rng)
        assert bz.observe(other, player) == bz.observe(state, player)


@settings(max_examples=30)
@given(positions=deal_positions(variants()), data=st.data())
def test_observation_is_built_from_public_information_only(positions: object,
                                                           data: st.DataObject) -> None:
    for state in positions.states:  # type: ignore[attr-defined]
        seen = bz.observe(state, 0)
        assert seen.hand == state.hands[0]
        assert seen.hand_sizes == tuple(len(h) for h in state.hands)
        assert seen.stock_size == state.stock_size
        assert seen.tables == state.tables
        assert seen.played == state.played
        assert not hasattr(seen, "stock") and not hasattr(seen, "seed")
        expected = state.to_move == 0 and not state.is_over
        assert bool(seen.legal_actions) == expected
        if seen.brisques is None:
            assert state.variant.scoring.brisque_timing.value != "immediate"


@settings(max_examples=60)
@given(state=reachable_states(variants()), data=st.data())
def test_determinized_state_is_consistent_and_playable(state: bz.State,
                                                       data: st.DataObject) -> None:
    player = data.draw(st.integers(0, state.variant.players - 1), label="player")
    seen = bz.observe(state, player)
    sample = bz.determinize(seen, random.Random(data.draw(st.integers(0, 99), label="rng")))
    assert bz.observe(sample, player) == seen
    assert sample.hands[player] == state.hands[player]
    assert sample.tables == state.tables and sample.table == state.table
    assert sample.stock_size == state.stock_size and sample.played == state.played
    assert sample.trick == state.trick and sample.combos == state.combos
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    for q, seen_cards in enumerate(state.exposed):
        assert not Counter(seen_cards) - Counter(sample.hands[q])
    check_state(sample, legal=False)
    rng = random.Random(1)
    steps = 0
    while not sample.is_over:
        sample = bz.apply(sample, rng.choice(bz.legal_actions(sample)))
        steps += 1
        assert steps < 2000
    assert sample.stage is Stage.OVER
    bz.deal_result(sample)


def test_determinize_of_a_game_observation_gives_its_current_deal() -> None:
    game = bz.new_game(bz.variants.TWO_PACK, seed=5)
    seen = bz.observe(game, 1)
    assert seen.game_totals == (0, 0)
    sample = bz.determinize(seen, random.Random(2))
    assert sample.hands[1] == game.current.hands[1]


@settings(max_examples=40)
@given(state=reachable_states(variants()))
def test_hand_counts_is_the_observers_hand_however_the_observation_was_made(
        state: bz.State) -> None:
    """The bots read the hand as a count vector: the one :func:`bz.observe` keeps (a
    pickled or copied observation keeps it too), or, for an observation made otherwise
    (read from JSON, evolved), the hand counted afresh; never a stale one."""
    for player in range(state.variant.players):
        o = bz.observe(state, player)
        assert hand_counts(o) == state.held[player] == held_of(o.hand)
        copy = bz.from_json(bz.to_json(o))
        assert copy == o and hash(copy) == hash(o) and repr(copy) == repr(o)
        assert hand_counts(copy) == state.held[player]
        for kept in (pickle.loads(pickle.dumps(o)), copy_module.deepcopy(o)):
            assert kept == o and hand_counts(kept) == held_of(kept.hand)
        other = state.hands[(player + 1) % state.variant.players]
        assert hand_counts(attrs.evolve(o, hand=other)) == held_of(other)


def test_check_observation_refuses_a_count_vector_that_is_not_the_hand() -> None:
    """The conformance checker compares the count vector the bots read with the hand, so a
    stale one (set behind the frozen observation's back) cannot pass unseen."""
    o = bz.observe(bz.new_deal(bz.variants.TWO_PACK, seed=3), 0)
    check_observation(o)
    object.__setattr__(o, "_held", held_of(o.hand[1:]))
    with pytest.raises(bz.InvariantError, match=r"^hand: the count vector"):
        check_observation(o)
