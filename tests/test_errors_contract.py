"""The machine-readable error contract: ``IllegalActionError.rule`` and ``.action``,
``DealNotOverError``, and messages that say what to do."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import bezique as bz
from bezique.cards import ALL_CARDS

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"R\d+\.\d+")


def _start() -> bz.State:
    return bz.setup(bz.variants.TWO_PACK,
                    hands=["AS 10S KH QH JD 9C 8C 7D", "QS JD AH 10H KC QC 9S 8D"],
                    turn_up="7H")


def _refusal(state: bz.State | bz.Game, action: object) -> bz.IllegalActionError:
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.check_action(state, action)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(("action", "rule"), [
    (bz.Pass(), "R2.6"),
    (bz.Declare("bezique", "QS JD"), "R3.1"),
    (bz.ExchangeSeven("7H"), "R4.1"),
    (bz.Play("AS"), "R2.7"),          # the elder does not hold the ace of spades
])
def test_rule_and_action_are_set_where_the_error_is_raised(action: bz.Action,
                                                           rule: str) -> None:
    error = _refusal(_start(), action)
    assert error.rule == rule
    assert error.action == action
    assert str(error).startswith(f"{rule}: ")


def test_phase_two_refusal_names_r2_10() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=4)
    rng = random.Random(4)
    while state.phase == 1 or not state.trick:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    p = state.to_move
    assert p is not None
    wrong = [c for c in set(state.hands[p]) if bz.Play(c) not in bz.legal_actions(state)]
    if not wrong:  # pragma: no cover - the seed is chosen to have one
        pytest.fail("seed 4 should reach a phase-2 trick with an illegal card")
    error = _refusal(state, bz.Play(wrong[0]))
    assert error.rule == "R2.10" and error.action == bz.Play(wrong[0])


def test_apply_also_carries_the_rule() -> None:
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.apply(_start(), bz.Pass())
    assert caught.value.rule == "R2.6" and caught.value.action == bz.Pass()


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=[v.name for v in bz.variants.ALL])
def test_every_refusal_in_play_has_the_rule_of_its_message(variant: bz.variants.Variant) -> None:
    rng = random.Random(5)
    state = bz.new_deal(variant, seed=5)
    candidates: list[bz.Action] = [bz.Pass(), bz.GuessPacket(1)]
    candidates += [bz.Play(card) for card in ALL_CARDS[::3]]
    candidates += [bz.ExchangeSeven(f"7{s}") for s in "SHDC"]
    candidates += [bz.Declare("bezique", "QS JD"), bz.Declare("four_aces", "AS AH AD AC"),
                   bz.Declare("royal_marriage", "KH QH")]
    refused = 0
    while not state.is_over:
        legal = bz.legal_actions(state)
        for action in candidates:
            if action in legal:
                continue
            try:
                bz.check_action(state, action)
            except bz.IllegalActionError as error:
                refused += 1
                assert error.action == action
                assert error.rule is not None, str(error)
                assert RULE_ID.fullmatch(error.rule), error.rule
                assert str(error).startswith(error.rule), str(error)
        state = bz.apply(state, rng.choice(legal))
    assert refused > 100


def test_no_rule_where_none_applies() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.apply(state, "play QS")  # type: ignore[arg-type]
    assert caught.value.rule is None and caught.value.action == "play QS"
    assert "bz.parse_action" in str(caught.value)
    rng = random.Random(1)
    while not state.is_over:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    over = _refusal(state, bz.Pass())
    assert over.rule is None and over.action == bz.Pass()


def test_apply_refuses_an_action_of_a_kind_it_has_no_step_for() -> None:
    # A subclass of Play equal to no listed action: the step table is keyed by the exact
    # kind, and the refusal is an IllegalActionError (no rule), never an internal error.
    @attrs.frozen
    class OwnPlay(bz.Play):
        pass

    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    card = bz.legal_actions(state)[0].card  # type: ignore[union-attr]
    with pytest.raises(bz.IllegalActionError) as caught:
        bz.apply(state, OwnPlay(card))
    assert caught.value.rule is None and caught.value.message_id == "not-an-action/play"


def test_the_error_can_be_built_with_or_without_the_fields() -> None:
    bare = bz.IllegalActionError("no")
    assert bare.rule is None and bare.action is None and str(bare) == "no"
    full = bz.IllegalActionError("R2.6: no", rule="R2.6", action=bz.Pass())
    assert (full.rule, full.action, str(full)) == ("R2.6", bz.Pass(), "R2.6: no")


def test_the_result_of_an_unfinished_deal_is_a_dedicated_error() -> None:
    with pytest.raises(bz.DealNotOverError) as caught:
        bz.deal_result(bz.new_deal(bz.variants.TWO_PACK, seed=1))
    assert isinstance(caught.value, bz.BeziqueError) and isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, bz.IllegalActionError)
    assert "not over" in str(caught.value)


def test_the_explicit_position_example_prints_a_whole_sentence() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "explicit_position.py")],
                          capture_output=True, text=True, timeout=120, check=True)
    refused = next(line for line in done.stdout.splitlines() if line.startswith("refused:"))
    assert refused.endswith("in hand or on the table for this bezique"), refused


def test_a_refusal_is_its_message_id_and_params() -> None:
    """The English message is the template of ``message_id`` filled with ``params``
    (what bezique.i18n renders in other languages)."""
    from bezique._messages import MESSAGES, render, rule_of

    error = _refusal(_start(), bz.Play("AS"))
    assert error.message_id == "R2.7/not-held"
    assert error.params == {"player": 1, "card": bz.Card.parse("AS")}  # the elder
    assert rule_of(error.message_id) == error.rule
    assert str(error) == f"R2.7: {render(MESSAGES[error.message_id], error.params)}"
    text = _refusal(_start(), "pass")  # type: ignore[arg-type]
    assert (text.rule, text.message_id) == (None, "not-an-action/text-play")


@pytest.mark.parametrize("variant", bz.variants.ALL[:5], ids=[v.name for v in bz.variants.ALL[:5]])
def test_every_refusal_carries_a_known_message_id(variant: bz.variants.Variant) -> None:
    from bezique._messages import MESSAGES, render, rule_of

    rng = random.Random(6)
    state = bz.new_deal(variant, seed=6)
    candidates: list[object] = [bz.Pass(), bz.GuessPacket(1), "play QS", 17]
    candidates += [bz.Play(card) for card in ALL_CARDS[::2]]
    candidates += [bz.ExchangeSeven(f"7{s}") for s in "SHDC"]
    candidates += [bz.Declare("bezique", "QS JD"), bz.Declare("royal_marriage", "KH QH")]
    seen = set()
    while not state.is_over:
        legal = bz.legal_actions(state)
        for action in candidates:
            if action in legal:
                continue
            error = _refusal(state, action)
            assert error.message_id in MESSAGES
            assert rule_of(error.message_id) == error.rule
            text = render(MESSAGES[error.message_id], error.params)
            assert str(error) == (f"{error.rule}: {text}" if error.rule else text)
            seen.add(error.message_id)
        state = bz.apply(state, rng.choice(legal))
    assert len(seen) >= 5
