"""The meld card source as one compiled object per variant (:mod:`bezique._engine.melds.source`):
chosen once, answering the options as they apply to it, and asked by the bots too (R3.2,
R3.7, R3.8, R5.3, R11.5, R13.1, R13.7); and the one packed-count layout the engine and the
bots share (:mod:`bezique._engine.hands`)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bezique as bz
from bezique._engine import hands
from bezique._engine.compiled import rules_of
from bezique._engine.melds import layout
from bezique._engine.melds.source import HandAndTable, WonCards
from bezique._engine.melds.window import window_plans
from bezique.bots import _fildinski, _sources, valuation
from bezique.cards import ALL_CARDS, Rank
from bezique.policies import MeldClasses, MeldSource

PRESETS = [bz.variants.get(name) for name in bz.variants.names()]


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_R5_3_the_meld_card_source_is_chosen_once_per_variant(variant: bz.Variant) -> None:
    source = rules_of(variant).meld_source
    won = variant.melds.source is MeldSource.WON_CARDS
    assert type(source) is (WonCards if won else HandAndTable)
    assert rules_of(variant).meld_source is source  # compiled once, with the rules
    assert source.from_won_cards is won and source.keeps_won is won
    assert source.closes_window is won  # R11.5: face-up cards tell nothing by closing
    assert source.policy is variant.melds.card_source


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_R3_7_R3_8_R13_1_R13_7_the_source_answers_the_options_as_they_apply(
        variant: bz.Variant) -> None:
    melds, source = variant.melds, rules_of(variant).meld_source
    reuses = melds.source is MeldSource.HAND
    assert source.reuses is reuses
    assert source.fresh_card is melds.require_fresh_card
    assert source.reforms is melds.reform_broken
    assert source.sequence_class is (melds.meld_classes is MeldClasses.FOUR and reuses)
    assert source.announces is (melds.announce_several and reuses)  # R13.7, R5.3
    assert source.fresh_gate is (reuses and not melds.reform_broken)


def test_R11_5_the_won_cards_window_is_the_won_cards_own() -> None:
    """Fildinski's window answers from the won cards, each combination holding a card of
    the trick just won (R5.3): the entry point and the legal actions agree."""
    variant = bz.variants.FILDINSKI
    rng = random.Random(5)
    seen = 0
    for seed in range(6):
        s = bz.new_deal(variant, seed=seed)
        while legal := bz.legal_actions(s):
            if s.stage is bz.Stage.DECLARE and s.to_move is not None:
                rules = rules_of(variant)
                plans = window_plans(s, rules, s.to_move)
                assert set(plans) == {a for a in legal if isinstance(a, bz.Declare)
                                      and a.meld is not bz.MeldKind.TRUMP_SEVEN}
                seen += bool(plans)
            s = bz.apply(s, rng.choice(legal))
    assert seen > 3


def test_R5_3_the_bots_ask_the_same_object() -> None:
    """The greedy policy's Fildinski play and meld cards are the won cards' hooks, chosen
    once through the engine's object; the hand and table have none of their own."""
    won = valuation.tables_of(bz.variants.FILDINSKI)
    assert won.play_hook is _fildinski.fildinski
    assert won.meld_cards is _fildinski.won_meld_cards
    # won cards serve once and count alike in every class (R11.5): the valuation's upgrades
    # (R3.5) count no more than their class
    s, rng = bz.new_deal(bz.variants.FILDINSKI, seed=3), random.Random(3)
    while not any(s.won):
        s = bz.apply(s, rng.choice(bz.legal_actions(s)))
    for p in range(2):
        assert len(set(won.meld_cards(won, p, s.hands[p], s.table, s.won))) == 1
    hand = valuation.tables_of(bz.variants.TWO_PACK)
    assert hand.play_hook is None and hand.meld_cards is _sources.hand_meld_cards


def test_R3_3_the_full_layout_counts_every_card_and_rank() -> None:
    """One layout for every variant (the bots'): a sum of weights counts each card in its
    field and each rank in the rank's, read with the named helpers."""
    rng = random.Random(11)
    for _ in range(200):
        cards = [rng.choice(ALL_CARDS) for _ in range(rng.randrange(40))]
        vector = sum(map(hands.WEIGHT, cards))
        copies = Counter(cards)
        ranks = Counter(card.rank for card in cards)
        for card in ALL_CARDS:
            assert vector >> hands.SHIFT[card.index] & hands.MASK == copies[card]
        for rank in Rank:
            assert vector >> hands.RANK_SHIFT[int(rank)] & hands.MASK == ranks[rank]
        for s in range(4):
            block = vector >> hands.SUIT_SHIFT[s] & hands.SUIT_FIELDS
            assert layout.suit_count(block) == sum(n for c, n in copies.items()
                                                   if c.index // 8 == s)
