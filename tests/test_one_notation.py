"""One notation everywhere: ``str(action)`` is ``format_action(action)``, which
``parse_action`` reads back as the same action, in every variant."""

from __future__ import annotations

import random

import pytest

import bezique as bz


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=[v.name for v in bz.variants.ALL])
def test_str_is_the_notation_parse_action_reads(variant: bz.variants.Variant) -> None:
    rng = random.Random(2)
    state = bz.new_deal(variant, seed=2)
    seen = 0
    while not state.is_over:
        for action in bz.legal_actions(state):
            text = str(action)
            assert text == bz.format_action(action)
            assert text.isascii(), text
            assert bz.parse_action(state, text) == action, text
            seen += 1
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    assert seen > 50


def test_table_plays_and_every_action_type() -> None:
    cases = {bz.Play("10D", from_table=True): "play 10D table",
             bz.Play("QS", from_table=False): "play QS hand",
             bz.Declare("royal_marriage", "QH KH"): "declare royal_marriage KH QH",
             bz.ExchangeSeven("7H"): "exchange 7H", bz.Pass(): "pass",
             bz.GuessPacket(24): "guess 24"}
    for action, text in cases.items():
        assert str(action) == bz.format_action(action) == text
        assert bz.parse_action(None, text) == action
