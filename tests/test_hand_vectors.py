"""A hand kept as an integer count vector answers as the tuple of its cards did (issue 29).

The engine keeps each hand as one integer (``State.held``, :mod:`bezique._engine.hands`)
and makes cards only at the boundary. These tests build random multisets of cards (up to
eight packs, the most a deck holds) and compare every question the engine asks of the
integer with the same question asked of the cards one by one: the cards and the plays it
decodes to, a card's copies, the hand's size, another layout's count (the window's) and
the phase-2 follower's cards (R2.10, R7.1).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique._engine import hands
from bezique._engine.compiled import rules_of
from bezique._engine.hands import cards_of, copies, held_of, plays_of, recount, size_of
from bezique._engine.tricks import follow_options
from bezique.actions import PLAYS
from bezique.cards import ALL_CARDS, Card, Suit, by_index, pack

DECK = pack(8)

cards_st = st.lists(st.sampled_from(DECK), max_size=40).map(
    lambda cs: tuple(sorted(cs, key=by_index)))
"""A hand (or any pile) of up to 40 cards of eight packs, in display order."""


@given(cards_st)
def test_the_vector_decodes_to_the_same_cards_and_plays(cards: tuple[Card, ...]) -> None:
    held = held_of(cards)
    assert cards_of(held) == cards
    plays = plays_of(held)
    assert plays == tuple(dict.fromkeys(bz.Play(card) for card in cards))
    assert all(play is PLAYS[play.card.index] for play in plays)  # the interned plays
    assert size_of(held) == len(cards)
    counted = Counter(cards)
    assert all(copies(held, card) == counted[card] for card in ALL_CARDS)


@given(cards_st, st.sampled_from(DECK))
def test_a_play_subtracts_and_a_draw_adds_the_cards_weight(cards: tuple[Card, ...],
                                                           card: Card) -> None:
    held = held_of(cards)
    drawn = held + hands.CARD_WEIGHT[card]
    assert cards_of(drawn) == tuple(sorted((*cards, card), key=by_index))
    assert cards_of(drawn - hands.CARD_WEIGHT[card]) == cards


@given(cards_st, st.sampled_from([None, *Suit]))
def test_the_windows_count_is_the_sum_of_its_weights(cards: tuple[Card, ...],
                                                     trump: Suit | None) -> None:
    gate = rules_of(bz.variants.EIGHT_PACK).gates[trump]
    assert gate.count(held_of(cards)) == sum(map(gate.weigh, cards))
    weigh = {card: card.index + 1 for card in ALL_CARDS}.__getitem__
    assert recount(weigh)(held_of(cards)) == sum(map(weigh, cards))


def _follow_by_cards(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...],
                     trump: Suit | None, trump_when_losing: bool) -> tuple[Card, ...]:
    """R2.10 and R7.1 read card by card, as the rules say them."""
    led = trick[0][1].suit
    best = trick[0][1]
    for _, card in trick[1:]:
        if (card.suit is best.suit and card.rank > best.rank) or (
                card.suit is trump and best.suit is not trump):
            best = card
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        beat = tuple(c for c in follow if best.suit is led and c.rank > best.rank)
        return beat or follow
    trumps = tuple(c for c in hand if c.suit is trump)
    if not trumps:
        return hand
    if best.suit is not trump:
        return trumps
    beat = tuple(c for c in trumps if c.rank > best.rank)
    return beat or (trumps if trump_when_losing else hand)


@given(cards_st.filter(bool), st.lists(st.sampled_from(DECK), min_size=1, max_size=3),
       st.sampled_from([None, *Suit]), st.booleans())
def test_R2_10_the_followers_cards_from_the_vector(hand: tuple[Card, ...], trick: list[Card],
                                                   trump: Suit | None,
                                                   trump_when_losing: bool) -> None:
    played = tuple(enumerate(trick))
    indexes = tuple(card.index for card in trick)  # the trick as the state keeps it
    allowed = follow_options(held_of(hand), indexes, trump, trump_when_losing)
    assert cards_of(allowed) == _follow_by_cards(hand, played, trump, trump_when_losing)


def test_a_full_decoding_table_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    table = hands._Blocks(lambda counts: sum(n for _, n in counts), int.__add__)
    monkeypatch.setattr(hands, "_BLOCK_LIMIT", 2)
    blocks = [held_of(bz.parse_cards(text)) & hands.SUIT_BLOCKS[0]
              for text in ("AS", "KS QS", "QS JS 10S")]
    assert [table.block(b) for b in blocks] == [1, 2, 3]
    assert len(table.known) == 1  # cleared when the third block came: the limit holds
