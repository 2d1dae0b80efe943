"""The words of a deal as it happens (bezique._narration): what each trick scored, the last
trick of every variant included, in every language."""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique._narration import score_events
from bezique.i18n import LANGUAGES, translator
from bezique.policies.scoring import BrisqueTiming


def _last_trick(variant: bz.Variant, seed: int) -> tuple[bz.State, bz.State]:
    """The last two states of a deal played at random: before and after its last trick."""
    rng = random.Random(seed)
    state = bz.new_deal(variant, seed=seed)
    before = state
    while not state.is_over:
        before = state
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    return before, state


def _brisque_words(lang: str, count: int, *, at_the_end: bool) -> str:
    t = translator(lang)
    if at_the_end:
        return t.ngettext("{count} brisque, counted at the end",
                          "{count} brisques, counted at the end", count).format(count=count)
    return t.ngettext("a brisque", "{count} brisques", count).format(count=count)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_the_last_trick_tells_its_brisques_as_the_variant_counts_them(variant: bz.Variant,
                                                                     lang: str) -> None:
    """R2.11, R6.8: where brisques are counted at the end of the deal (four-handed,
    cutthroat), the last trick tells each side's whole count, "counted at the end", also
    the side whose last trick held a brisque; where they score when won, the trick's own."""
    for seed in range(1, 4):
        before, after = _last_trick(variant, seed)
        events = score_events(before, after, lang)
        assert sum(points for _, points, _ in events) == sum(
            new - old for old, new in zip(before.scores, after.scores, strict=True))
        timing = variant.scoring.brisque_timing
        for side in range(variant.deal.side_count):
            if timing is BrisqueTiming.END_OF_DEAL:
                total = after.brisques[side]
                expected = ([_brisque_words(lang, total, at_the_end=True)] if total else [])
            elif timing is BrisqueTiming.IMMEDIATE:
                won = after.brisques[side] - before.brisques[side]
                expected = [_brisque_words(lang, won, at_the_end=False)] if won else []
            else:  # Rubicon's settlement counts them, never the running score (R8.4)
                expected = []
            told = [what for s, _, what in events if s == side and "brisq" in what.lower()]
            assert told == expected, (seed, side, events)


@pytest.mark.parametrize("name", ["four-handed", "cutthroat"])
def test_the_demo_of_a_four_player_deal_counts_brisques_at_the_end(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's reproduction: ``bezique demo --variant four-handed --seed 1``."""
    from bezique.cli import main

    assert main(["demo", "--variant", name, "--seed", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "a brisque" not in out
    assert "brisques, counted at the end" in out
