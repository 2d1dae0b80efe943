"""The public conformance checker, :mod:`bezique.testing` (API.md, second release).

One checker serves :func:`bezique.simulate`, the readers and these tests: it accepts
every state random play reaches in every variant (the dealer's guess, penalties and
positions set up by hand included), and names the field of a state it refuses.
"""

from __future__ import annotations

import json

import pytest

import bezique as bz
from bezique.referee import penalize
from bezique.testing import (
    SimTestResult,
    check_final,
    check_state,
    check_transition,
    random_sim_test,
)

GUESSING = bz.variants.CHINESE.with_options(dealer_guess=True)
VARIANTS = (*bz.variants.ALL, GUESSING)
CI_DEALS = 200
"""Deals per variant the suite plays through :func:`random_sim_test` (benchmarks/soak.py
plays a million actions per variant)."""


@pytest.mark.parametrize("variant", VARIANTS, ids=[*(v.name for v in bz.variants.ALL),
                                                   "chinese-guess"])
def test_random_sim_test_on_every_variant(variant: bz.Variant) -> None:
    """Each deal's start and end checked, and every 40th action (the property tests of
    tests/test_properties.py check every action of their deals)."""
    result = random_sim_test(variant, deals=CI_DEALS, seed=2026, every=40)
    assert result.deals == CI_DEALS
    assert result.actions >= CI_DEALS * (32 * variant.packs) // variant.players


def test_random_sim_test_checks_every_state_by_default() -> None:
    result = random_sim_test(bz.variants.TWO_PACK, deals=3, seed=1)
    assert isinstance(result, SimTestResult) and result.deals == 3
    assert random_sim_test(bz.variants.TWO_PACK, deals=3, seed=1).actions == result.actions
    assert random_sim_test(bz.variants.TWO_PACK, deals=5, seed=1, max_actions=1).deals == 1


def test_random_sim_test_arguments() -> None:
    with pytest.raises(TypeError):
        random_sim_test(bz.variants.TWO_PACK, deals="3", seed=1)  # type: ignore[arg-type]
    with pytest.raises(bz.BeziqueError, match="every >= 1"):
        random_sim_test(bz.variants.TWO_PACK, deals=1, seed=1, every=0)


def test_simulate_with_the_dealers_guess_has_no_false_alarm() -> None:
    """Issue 12: the simulator's own checker forgot the dealer's-guess bonus."""
    bots = [bz.bots.RandomBot()] * 2
    result = bz.simulate(GUESSING, bots, deals=4, seed=3, check_invariants=True)
    assert result.deals == 4


def test_referee_penalties_are_reachable() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=4)
    punished = penalize(state, "missed_draw", offender=0)
    assert punished.penalties != state.penalties
    check_state(punished)


def test_positions_set_up_by_hand_are_reachable() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH", "QS JD AH 10H"],
                     turn_up="7H", stock="KC QC 9S 8D 7C")
    check_state(state)
    phase2 = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S", "QS JD"], stock="", trump="H")
    check_state(phase2)


@pytest.mark.parametrize(("change", "field"), [
    ({"stage": bz.Stage.DECLARE}, "stage"),
    ({"to_move": 0}, "to_move"),
    ({"carte": (0, 1)}, "carte[1]"),
    ({"melds": (10, 0)}, "melds[0]"),
    ({"brisques": (1, 0)}, "brisques"),
    ({"tricks": 3}, "played"),
    ({"packet": 24}, "packet"),
    ({"bonus": (0, 150)}, "bonus"),
    ({"window": 4}, "window"),
    ({"phase": 2}, "stock"),
    ({"seed": 2**64}, "seed"),
])
def test_check_state_names_the_field(change: dict[str, object], field: str) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=9)
    with pytest.raises(bz.InvariantError) as info:
        check_state(state.replace(**change))
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")
    assert isinstance(info.value, bz.BeziqueError)


def test_check_state_refuses_other_types() -> None:
    with pytest.raises(TypeError):
        check_state("a state")  # type: ignore[arg-type]


def test_check_transition_catches_a_card_drawn_out_of_turn() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=9)
    while state.stage is not bz.Stage.DECLARE:
        state = bz.apply(state, bz.legal_actions(state)[0])
    after = bz.apply(state, bz.Pass())
    check_transition(state, bz.Pass(), after)
    hands = (after.hands[1], after.hands[0]) if after.hands[0] != after.hands[1] else None
    assert hands is not None
    with pytest.raises(bz.InvariantError, match="drew"):
        check_transition(state, bz.Pass(), after.replace(hands=hands))


def test_check_final_wants_a_finished_deal() -> None:
    with pytest.raises(bz.InvariantError, match="not over"):
        check_final(bz.new_deal(bz.variants.TWO_PACK, seed=1))


# ---------------------------------------------------------------- seeds (issue 12 item 3)


@pytest.mark.parametrize("seed", [0, 7, 2**63, 2**64 - 1])
def test_every_seed_new_deal_accepts_round_trips(seed: int) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=seed)
    assert bz.from_json(bz.to_json(state)) == state
    record = bz.Record.from_play(state, bz.legal_actions(state)[:1])
    assert bz.Record.loads(record.dumps()) == record
    game = bz.new_game(bz.variants.TWO_PACK, seed=seed)
    assert bz.from_json(bz.to_json(game)) == game


@pytest.mark.parametrize("seed", [-1, 2**64, 10**40])
def test_a_seed_new_deal_refuses_is_refused_everywhere(seed: int) -> None:
    with pytest.raises(bz.SetupError, match="seed must be a whole number from 0 to 2"):
        bz.new_deal(bz.variants.TWO_PACK, seed=seed)
    with pytest.raises(bz.SetupError):
        bz.new_game(bz.variants.TWO_PACK, seed=seed)
    text = bz.Record(bz.variants.TWO_PACK, 7).dumps().replace("seed: 7", f"seed: {seed}")
    with pytest.raises(bz.SerializationError, match="line 3: seed must be"):
        bz.Record.loads(text)
    doc = json.loads(bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=7)))
    doc["seed"] = seed
    with pytest.raises(bz.SerializationError, match=r"^state\.seed: "):
        bz.from_json(json.dumps(doc))


def test_a_seed_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        bz.new_deal(bz.variants.TWO_PACK, seed="7")  # type: ignore[arg-type]


# ---------------------------------------------------------------- variant bounds


@pytest.mark.parametrize(("policy", "field", "value", "bound"), [
    ("deck", "packs", 10**15, "MAX_PACKS"),
    ("deck", "packs", 0, "MAX_PACKS"),
    ("deal", "players", 5000, "MAX_PLAYERS"),
    ("deal", "hand_size", 10**9, "MAX_HAND_SIZE"),
])
def test_absurd_variant_sizes_are_refused_naming_the_bound(policy: str, field: str,
                                                           value: int, bound: str) -> None:
    doc = json.loads(bz.to_json(bz.variants.TWO_PACK))
    doc[policy][field] = value
    with pytest.raises(bz.VariantError, match=bound) as info:
        bz.from_json(json.dumps(doc))
    assert isinstance(info.value, bz.SerializationError)
    assert str(info.value).startswith(f"variant.{policy}: {field} must be from")


@pytest.mark.parametrize("packs", [-2, 0, 17, 10**15])
def test_deck_policy_bounds(packs: int) -> None:
    with pytest.raises(bz.VariantError, match=r"packs must be from 1 to 16 \(MAX_PACKS\)"):
        bz.policies.DeckPolicy(packs=packs)


def test_a_deal_needs_a_stock() -> None:
    with pytest.raises(bz.VariantError, match="for the stock"):
        bz.variants.TWO_PACK.with_options().__class__(
            "tiny", deck=bz.policies.DeckPolicy(packs=1),
            deal=bz.policies.DealPolicy(players=4, hand_size=8, sides=(0, 1, 0, 1)))


# ---------------------------------------------------------------- records (issue 14 item 6)


def test_typed_final_positions_of_records() -> None:
    deal = bz.Record(bz.variants.TWO_PACK, 7, actions=(bz.Play("QS"),))
    state: bz.State = deal.final_state()
    assert state.trick
    game_record = bz.Record(bz.variants.TWO_PACK, 7, kind="game")
    game: bz.Game = game_record.final_game()
    assert not game.is_over
    with pytest.raises(TypeError, match="final_game"):
        game_record.final_state()
    with pytest.raises(TypeError, match="final_state"):
        deal.final_game()
