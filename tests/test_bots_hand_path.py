"""Tests of the greedy policy's phase-1 path for a hand with no table card.

:meth:`bezique.bots.GreedyBot.choose` plays a hand with no table card and no partner
(R2.5, R3.4, R11.8) through :func:`bezique.bots._phase1.hand_phase1`, which keeps what a
hand's counts decide about the combinations per count state
(:func:`bezique.bots._keep.hand_state`) and judges the plays without table tests. These
tests check, to the last bit, that its keep values are those of the general path
(:func:`bezique.bots._keep.keep_values`) and that it makes the general path's choice:
the first play of the highest value in the scores that path gives.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.hands import held_of
from bezique.bots import _keep, _phase1, valuation
from bezique.bots.greedy import greedy_action
from bezique.observation import hand_counts
from bezique.state import Stage

_VARIANTS = [bz.variants.TWO_PACK, bz.variants.EIGHT_PACK, bz.variants.RUBICON,
             bz.variants.THREE_HANDED, bz.variants.NO_PRESET_TRUMP]


def _hand_observations(variant: bz.Variant, deals: int) -> list[bz.Observation]:
    """Phase-1 play observations (R2.5) of a player with no table card and no partner."""
    out = []
    bot = bz.bots.RandomBot()
    T = valuation.tables_of(variant)
    for seed in range(deals):
        s = bz.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            o = bz.observe(s, s.to_move)
            if (o.stage is Stage.PLAY and o.phase == 1 and len(o.legal_actions) > 1
                    and not o.table[o.player] and not T.partners[o.player]):
                out.append(o)
            s = bz.apply(s, bot.choose(o, rng))
    return out


@pytest.mark.parametrize("variant", _VARIANTS, ids=lambda v: v.name)
def test_hand_keep_values_are_the_general_ones(variant: bz.Variant) -> None:
    """With no table card every class counts the hand alone (R3.4): the same floats."""
    T = valuation.tables_of(variant)
    checked = 0
    for o in _hand_observations(variant, 3):
        tt = T.by_trump[o.trump]
        held = held_of(o.hand)
        g = min(1.0, o.stock_size / T.initial_stock)
        general = list(tt.base1)
        _, _, complete, bits = _keep.keep_values(tt, (held,) * 5, o.combos,
                                                 T.sides[o.player], g, general)
        tt.hand_memo.clear()  # the hand state and its combinations' entries worked out anew
        for seen in tt.hand_seen:
            seen.clear()
        for _ in range(2):  # computed, then read from the memo
            fast = list(tt.base1)
            assert _keep.hand_keep_values(tt, held, g, fast) == (tuple(complete), tuple(bits))
            assert [x.hex() for x in fast] == [x.hex() for x in general]
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("variant", _VARIANTS, ids=lambda v: v.name)
def test_hand_path_makes_the_general_choice(variant: bz.Variant) -> None:
    """The hand path plays the first play of the best value the general path scores."""
    bot = bz.bots.GreedyBot()
    T = valuation.tables_of(variant)
    checked = 0
    for o in _hand_observations(variant, 3):
        if T.play_hook is not None or type(o.legal_actions[-1]) is not bz.Play:
            continue  # Fildinski plays its own (won cards, R5.3); carte blanche is shown (R11.6)
        scores: list[float] = []
        legal = o.legal_actions
        general = greedy_action(o.variant, o.player, o.stage, o.phase, o.hand, o.table,
                                o.trick, o.trump, o.turn_up, o.stock_size, o.played, o.won,
                                o.combos, o.active, legal, scores)
        fast = _phase1.hand_phase1(T, o.player, hand_counts(o), o.trick, o.trump, o.turn_up,
                                   o.stock_size, o.active, legal)
        assert fast is general
        assert bot.choose(o, random.Random(0)) is general
        plays = [a for a in legal if isinstance(a, bz.Play)]
        assert fast is plays[scores.index(max(scores))]
        checked += 1
    assert checked > 50
