"""The meld search's gates never hide a declaration (R3.3-R3.9, R11.5).

Before searching a window, the engine tests the player's cards as packed count vectors
(:func:`bezique._engine.melds.layout.meld_gate`, and for hand declarations the cards new to
each class): a window whose cards cannot make any combination skips the search. These
tests play random deals of every variant and compare, for every player at every step,
the gated declarations with the full search over every combination of the variant.
"""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._engine.compiled import rules_of
from bezique._engine.melds import search as meld_search
from positions import declare, position, win
from strategies import VARIANTS, play_deal


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R3_9_the_gated_search_finds_every_declaration_the_full_search_finds(
        variant: bz.Variant) -> None:
    rules = rules_of(variant)
    compared = offered = 0
    for seed in range(3):
        start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
        for state, _, _ in play_deal(start, random.Random(seed)):
            for player in range(variant.players):
                gated = meld_search.declarations(state, rules, player, None)
                full = meld_search._search(state, rules, player,
                                           list(rules.melds.patterns[state.trump]),
                                           list(rules.melds.quartets[state.trump]))
                assert gated == full, (seed, player, state)
                compared += 1
                offered += bool(full)
    assert offered > 0 and compared > offered  # both kinds of position were met


def test_R3_4_a_declared_marriage_passes_the_count_gate_and_is_not_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A king and a queen already married are counted as held, so the card-count gate lets
    the window through; both are used in the marriages' class, so the fresh-card gate
    closes it before the search."""
    s = position("KS QS 9C 9D 10H 10D AC AH", draws0="9S 8S")
    t = bz.apply(win(s, "9C"), declare(bz.MeldKind.COMMON_MARRIAGE, "KS QS"))
    w = win(t, "9D")
    searched: list[int] = []
    monkeypatch.setattr(meld_search, "_search",
                        lambda *args: searched.append(1) or {})  # type: ignore[func-returns-value]
    rules = rules_of(w.variant)
    assert meld_search.declarations(w, rules, 0, None) == {}
    assert searched == []
    assert bz.legal_actions(w) == (bz.Pass(),)
