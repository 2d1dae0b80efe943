"""A player's table is also kept as a count vector, beside its table cards (issue 29).

``State.laid`` holds, per player, the cards of ``State.table`` as one integer in the hand's
layout (:mod:`bezique._engine.hands`). The legal plays from the table (R2.7) and
the cards taken back into the hand when the stock is gone (R2.9) are read
off it; the :class:`~bezique.state.TableCard` values keep what is per card. These tests
check the plays read off the two vectors against R2.7 read card by card, that every
transition keeps the vector equal to the table's cards, that a state where they differ is
refused, and that documents leave the vector out.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique._engine.hands import copies, held_of, table_plays
from bezique.actions import PLAYS, PLAYS_FROM_TABLE
from bezique.cards import Card, by_index, pack
from bezique.state import State, TableCard, laid_of

DECK = pack(8)
cards_st = st.lists(st.sampled_from(DECK), max_size=24)


@given(cards_st, cards_st)
def test_R2_7_the_table_plays_read_off_the_vectors(table: list[Card], hand: list[Card]) -> None:
    laid, held = held_of(table), held_of(hand)
    # R2.7 card by card: each table card once, in display order, marked as from the table
    # where the hand holds a copy too
    expected = [(PLAYS_FROM_TABLE if card in hand else PLAYS)[card.index]
                for card in sorted(set(table), key=by_index)]
    assert table_plays(laid, held) == expected
    assert all(copies(laid, card) == table.count(card) for card in set(table))


def _states_with_tables(variant: bz.Variant, deals: int) -> list[State]:
    """Every state of ``deals`` random deals of ``variant``."""
    states = []
    for seed in range(deals):
        s = bz.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            states.append(s)
            s = bz.apply(s, rng.choice(bz.legal_actions(s)))
        states.append(s)
    return states


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.CHINESE], ids=lambda v: v.name)
def test_every_transition_keeps_the_vector_of_the_table(variant: bz.Variant) -> None:
    states = _states_with_tables(variant, 6)
    laid_some = [s for s in states if any(s.laid)]
    assert laid_some  # declarations were made and table cards played
    assert any(s.phase == 2 and not any(s.laid) for s in states)  # R2.9: taken back
    for s in states:
        assert s.laid == laid_of(s.table)


def test_a_state_whose_vector_differs_from_its_table_is_refused() -> None:
    s = next(s for s in _states_with_tables(bz.variants.TWO_PACK, 3) if any(s.laid))
    bz.testing.check_state(s)
    p = next(p for p, laid in enumerate(s.laid) if laid)
    wrong = s._replace(laid=tuple(0 if q == p else laid for q, laid in enumerate(s.laid)))
    with pytest.raises(bz.InvariantError, match="laid"):
        bz.testing.check_state(wrong)


def test_replace_and_documents_count_the_vector_again_from_the_table() -> None:
    s = next(s for s in _states_with_tables(bz.variants.TWO_PACK, 3) if any(s.laid))
    assert bz.from_json(bz.to_json(s)) == s
    assert "laid" not in bz.to_json(s)
    extra = TableCard(Card.parse("AS"), 999, 0)
    changed = s.replace(table=((*s.table[0], extra), *s.table[1:]))
    assert changed.laid[0] == s.laid[0] + held_of([extra.card])
