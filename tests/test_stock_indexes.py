"""The stock kept as card indexes answers as the tuple of its cards did (issue 29).

A new deal is dealt from the shuffled card indexes, and the engine keeps the face-down
stock as indexes (``State.pile``, top card first, :mod:`bezique._engine.hands`), making
cards only at the boundary: ``State.stock`` decodes it, ``state.replace(stock=cards)``
encodes it, and JSON documents still write the cards. A draw adds each drawn index's
weight to the drawer's count vector (``hands.INDEX_WEIGHT``). These tests build random
piles (up to eight packs, any order) and random draws, and compare the indexes with the
cards one by one.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique._engine import hands
from bezique._engine.compiled import rules_of
from bezique._engine.hands import cards_at, cards_of, held_at, held_of, indexes_of
from bezique.cards import ALL_CARDS, Card, by_index, pack
from bezique.state import Stage

DECK = pack(8)

piles = st.lists(st.sampled_from(DECK), max_size=120).map(tuple)
"""A stock of up to 120 cards of eight packs, in any order (top card first)."""

BASE = bz.new_deal(bz.variants.EIGHT_PACK, seed=7)


@given(piles)
def test_the_indexes_decode_to_the_same_cards_in_the_same_order(cards: tuple[Card, ...]) -> None:
    pile = indexes_of(cards)
    assert pile == tuple(card.index for card in cards)
    assert all(type(i) is int and 0 <= i < len(ALL_CARDS) for i in pile)
    decoded = cards_at(pile)
    assert decoded == cards and all(a is b for a, b in zip(decoded, cards, strict=True))
    assert held_at(pile) == held_of(cards)  # a hand dealt as indexes counts the same cards
    s = BASE.replace(stock=cards)  # the cards, kept as indexes
    assert s.pile == pile and s.stock == cards
    assert s.stock_size == len(cards) + (s.turn_up is not None)
    assert s.replace(pile=pile) == s and BASE.replace(stock=BASE.stock) == BASE


@given(st.integers(0, 2**64 - 1), st.sampled_from(bz.variants.ALL))
def test_json_writes_the_stock_as_cards_and_reads_it_back(seed: int,
                                                          variant: bz.Variant) -> None:
    s = bz.new_deal(variant, seed=seed)
    doc = json.loads(bz.to_json(s))
    assert "pile" not in doc and bz.parse_cards(doc["stock"]) == s.stock
    back = bz.from_json(bz.to_json(s))
    assert back == s and back.pile == s.pile


@given(st.lists(st.sampled_from(DECK), max_size=40), st.lists(st.sampled_from(DECK), max_size=8))
def test_a_draw_adds_the_weight_of_each_index(cards: list[Card], drawn: list[Card]) -> None:
    held = held_of(cards)
    for index in indexes_of(drawn):
        held += hands.INDEX_WEIGHT[index]
    assert held == held_of(cards + drawn)
    assert cards_of(held) == tuple(sorted(cards + drawn, key=by_index))
    for index in indexes_of(drawn):
        held -= hands.CARD_WEIGHT[ALL_CARDS[index]]  # the same weight a play subtracts
    assert held == held_of(cards)


_DRAWING = (bz.variants.TWO_PACK, bz.variants.NO_PRESET_TRUMP, bz.variants.THREE_HANDED,
            bz.variants.FOUR_HANDED)
"""Variants whose deal is drawn from one card a player (two to four), with and without a
turn-up."""


@st.composite
def _positions(draw: st.DrawFn) -> tuple[bz.Variant, list[Card], Card | None, list[Card]]:
    """A variant, one card a hand, the turn-up (where the variant has one) and a stock
    that, with the turn-up, holds a multiple of the players: all from the variant's deck."""
    variant = draw(st.sampled_from(_DRAWING))
    n = variant.players
    deck = draw(st.permutations(pack(variant.deck.packs)))
    dealt, rest = list(deck[:n]), list(deck[n:])
    turn_up = rest.pop() if rules_of(variant).trump_fixing.turn_up_dealt else None
    rounds = draw(st.integers(1, 4))
    size = n * rounds - (turn_up is not None)
    return variant, dealt, turn_up, rest[:size]


@given(_positions())
def test_R2_6_R2_8_each_player_draws_the_next_index_the_winner_first(
        position: tuple[bz.Variant, list[Card], Card | None, list[Card]]) -> None:
    variant, dealt, turn_up, stock = position
    n = variant.players
    s = bz.setup(variant, hands=[[card] for card in dealt], turn_up=turn_up, stock=stock)
    assert s.pile == indexes_of(stock) and s.stock == tuple(stock)
    while s.stage is Stage.PLAY:  # one trick of one card a player
        s = bz.apply(s, bz.Play(s.hands[s.to_move][0]))
    while s.stage is Stage.DECLARE:  # every window passed: the draw
        s = bz.apply(s, bz.Pass())
    winner = s.last_winner
    assert winner is not None
    order = [(winner + k) % n for k in range(n)]
    drawn = [*stock, turn_up][:n] if len(stock) < n else stock[:n]
    assert [s.hands[p] for p in order] == [(card,) for card in drawn]
    left = stock[n:] if len(stock) >= n else []
    assert s.pile == indexes_of(left) and s.stock == tuple(left)
    assert s.stock_size == len(left) + (s.turn_up is not None)
    assert s.phase == (1 if left or s.turn_up is not None else 2)
    assert Counter(card for hand in s.hands for card in hand) == Counter(drawn)
