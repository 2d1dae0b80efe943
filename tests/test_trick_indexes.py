"""The current trick kept as card indexes answers as the ``(player, card)`` pairs did (issue 29).

The state keeps the trick as the card indexes in the order played (``State.trick_indexes``,
:mod:`bezique._engine.tricks`); who played each card is not stored but follows from the
trick's leader and the active players' playing order (R2.4, R2.5, R11.9). These tests
hold the decoding against the turn read player by player, the winner on indexes against
R1.3 read card by card, and the places a trick comes in from outside (``State.replace``,
JSON documents, ``determinize``) against a trick not played in turn.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique._engine.tricks import (
    CARD_OF,
    trick_indexes,
    trick_order,
    trick_pairs,
    trick_winner,
    winning_pair,
)
from bezique.cards import ALL_CARDS, Card, Suit, pack
from bezique.state import Stage
from bezique.testing import check_state

DECK = pack(8)


@st.composite
def seatings(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """Active players in playing order (two to four of four seats, any order: a phase-2
    duel's pair may list the follower first, R11.9) and a leader among them."""
    active = tuple(draw(st.permutations(range(4)))[:draw(st.integers(2, 4))])
    return active, draw(st.sampled_from(active))


def _next_to_play(active: tuple[int, ...], player: int) -> int:
    """R2.5 read for one player: who plays after ``player`` (the next of ``active``)."""
    return active[(active.index(player) + 1) % len(active)]


@given(seatings(), st.lists(st.sampled_from(DECK), max_size=3))
def test_R2_4_the_players_follow_from_the_leader(seating: tuple[tuple[int, ...], int],
                                                 cards: list[Card]) -> None:
    active, leader = seating
    cards = cards[:len(active) - 1]  # a complete trick leaves the table
    indexes = tuple(card.index for card in cards)
    pairs = trick_pairs(indexes, leader, active)
    expected, player = [], leader
    for card in cards:
        expected.append((player, card))
        player = _next_to_play(active, player)
    assert pairs == tuple(expected)
    assert trick_indexes(pairs, leader, active) == indexes  # and back
    assert trick_order(leader, active)[0] == leader


def _winner_by_cards(cards: list[Card], trump: Suit | None) -> int:
    """R1.3 read card by card: the highest trump, else the highest card of the suit led;
    of two identical winning cards the first played."""
    best = 0
    for i, card in enumerate(cards):
        winning = cards[best]
        if ((card.suit is winning.suit and card.rank > winning.rank)
                or (card.suit is trump and winning.suit is not trump)):
            best = i
    return best


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8), st.sampled_from([None, *Suit]))
def test_R1_3_the_winner_on_indexes(cards: list[Card], trump: Suit | None) -> None:
    indexes = [card.index for card in cards]
    assert trick_winner(indexes, trump) == _winner_by_cards(cards, trump)
    pairs = tuple(enumerate(cards))
    assert winning_pair(pairs, trump) == pairs[_winner_by_cards(cards, trump)]


def test_the_card_of_an_index() -> None:
    assert all(CARD_OF(card.index) is card for card in ALL_CARDS)


def _mid_trick(variant: bz.Variant, seed: int, cards: int) -> bz.State:
    """A state of ``variant`` with ``cards`` cards on the trick (random play)."""
    rng = random.Random(seed)
    state = bz.new_deal(variant, seed=seed)
    while len(state.trick) != cards:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    return state


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.THREE_HANDED])
def test_R2_5_a_played_card_joins_the_trick_as_its_player_s(variant: bz.Variant) -> None:
    state = _mid_trick(variant, 5, 1)
    player = state.to_move
    assert player is not None
    action = next(a for a in bz.legal_actions(state) if isinstance(a, bz.Play))
    after = bz.apply(state, action)
    if len(state.active) > 2:
        assert after.trick == (*state.trick, (player, action.card))
        assert after.trick_indexes == (*state.trick_indexes, action.card.index)
    assert state.trick == ((state.leader, CARD_OF(state.trick_indexes[0])),)


def test_replace_reads_a_trick_as_pairs() -> None:
    state = _mid_trick(bz.variants.FOUR_HANDED, 3, 2)
    assert state.replace(trick=state.trick) == state
    assert state.replace(trick=()).trick_indexes == ()
    # a leader changed with the trick: the players follow the new one
    leader = state.active[1]
    pairs = ((leader, bz.Card.parse("AS")),)
    moved = state.replace(leader=leader, trick=pairs)
    assert moved.trick == pairs and moved.trick_indexes == (0,)


@pytest.mark.parametrize(("trick", "field", "reason"), [
    (((2, "AS"),), "trick", "not played in turn from the leader"),
    (((1, "AS"), (3, "KS")), "trick", "not played in turn from the leader"),
    (((1, "AS"), (2, "KS"), (3, "QS"), (0, "JS")), "trick", "a complete trick"),
    ((("AS",),), "trick[0]", "is not a (player, card) pair"),
    (((1, "AS"),), "trick[0]", "is not a (player, card) pair"),  # a string, not a Card
    (5, "trick", "expected a tuple of [player, card]"),
])
def test_replace_refuses_a_trick_out_of_turn(trick: object, field: str, reason: str) -> None:
    state = bz.new_deal(bz.variants.FOUR_HANDED, seed=1)  # player 1 leads, then 2, 3, 0
    if isinstance(trick, tuple) and field == "trick":
        trick = tuple((p, bz.Card.parse(c)) for p, c in trick)
    before = (state.trick_indexes, state.leader, state.memo)
    with pytest.raises(bz.InvariantError, match=r"^" + field.replace("[", r"\[")) as caught:
        state.replace(trick=trick)
    assert caught.value.field == field and reason in caught.value.reason
    assert isinstance(caught.value, bz.BeziqueError)
    assert (state.trick_indexes, state.leader, state.memo) == before  # nothing changed


def test_a_document_writes_the_trick_as_pairs_and_refuses_one_out_of_turn() -> None:
    state = _mid_trick(bz.variants.FOUR_HANDED, 3, 2)
    doc = json.loads(bz.to_json(state))
    assert "trick_indexes" not in doc
    assert doc["trick"] == [[p, f"{c.rank}{c.suit.letter}"] for p, c in state.trick]
    assert bz.from_json(json.dumps(doc)) == state
    doc["trick"][1][0] = (doc["trick"][1][0] + 1) % 4  # the second card by the wrong player
    with pytest.raises(bz.SerializationError, match=r"state\.trick: not played in turn"):
        bz.from_json(json.dumps(doc))


def test_determinize_refuses_an_observation_whose_trick_is_out_of_turn() -> None:
    state = _mid_trick(bz.variants.FOUR_HANDED, 3, 2)
    o = bz.observe(state, 0)
    assert bz.observe(bz.determinize(o, random.Random(2)), 0) == o
    wrong = attrs.evolve(o, trick=tuple(((p + 1) % 4, c) for p, c in o.trick))
    with pytest.raises(bz.SetupError, match="trick: not played in turn"):
        bz.determinize(wrong, random.Random(2))


def test_check_state_names_a_bad_index() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    bad = state._replace(trick_indexes=(32,))
    with pytest.raises(bz.InvariantError) as caught:
        check_state(bad)
    assert caught.value.field == "trick_indexes[0]"
    assert state.stage is Stage.PLAY
