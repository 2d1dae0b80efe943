"""Documents bound to what the app expects (issue 27): ``from_json(..., variant=...)`` and
a preset's name over another structure.

``variant=`` given a :class:`bezique.Variant` binds a document to exactly that variant
(equal, house rules and all); given a preset's name, to that preset with any house rules.
Whatever ``variant`` says, a document whose variant carries a preset's name must have the
preset's structure. Every refusal is a ``SerializationError`` naming the field.
"""

from __future__ import annotations

import functools
import json

import pytest

import bezique as bz

PRESETS = bz.variants.ALL
PAIRS = [pytest.param(a, b, id=f"{a.name}-as-{b.name}") for a in PRESETS for b in PRESETS]


@functools.cache
def documents(variant: bz.Variant) -> dict[str, str]:
    """A document of each kind that carries a variant, of ``variant``."""
    state = bz.new_deal(variant, seed=3)
    return {"state": bz.to_json(state), "game": bz.to_json(bz.new_game(variant, seed=3)),
            "observation": bz.to_json(bz.observe(state, 1)), "variant": bz.to_json(variant)}


@pytest.mark.parametrize(("written", "expected"), PAIRS)
def test_every_variant_mismatch_is_refused(written: bz.Variant, expected: bz.Variant) -> None:
    for kind, text in documents(written).items():
        if written == expected:
            assert bz.from_json(text, variant=expected) == bz.from_json(text)
            assert bz.from_json(text, variant=expected.name) == bz.from_json(text)
            continue
        field = "variant.name" if kind == "variant" else f"{kind}.variant.name"
        for bound in (expected, expected.name, expected.aliases[0]):
            with pytest.raises(bz.SerializationError, match=rf"^{field}: the document's "
                                                            rf"variant is '{written.name}'"):
                bz.from_json(text, variant=bound)


def test_house_rules_bind_to_the_preset_s_name_and_to_themselves_only() -> None:
    house = bz.variants.TWO_PACK.with_options(target=1500)
    state = bz.new_deal(house, seed=2)
    text = bz.to_json(state)
    assert bz.from_json(text, bz.State) == state
    assert bz.from_json(text, bz.State, variant="two-pack") == state
    assert bz.from_json(text, bz.State, variant="classic") == state
    assert bz.from_json(text, bz.State, variant=house) == state
    with pytest.raises(bz.SerializationError,
                       match=r"^state\.variant\.scoring\.target: 1500, where the expected "
                             r"two-pack has 1000 \(the document is of another variant\)"):
        bz.from_json(text, bz.State, variant=bz.variants.TWO_PACK)
    with pytest.raises(bz.SerializationError, match=r"^state\.variant\.scoring\.target: 1000"):
        bz.from_json(bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=2)), variant=house)
    with pytest.raises(bz.SerializationError, match=r"^state\.variant\.name"):
        bz.from_json(text, bz.State, variant="shifting-bezique")


def test_a_short_variant_document_binds_like_a_whole_one() -> None:
    text = json.dumps({"schema": 1, "type": "variant", "name": "rubicon",
                       "options": {"four_tens": 90}})
    assert bz.from_json(text, variant="japanese").melds.four_tens == 90
    with pytest.raises(bz.SerializationError, match=r"^variant\.melds\.four_tens: 90"):
        bz.from_json(text, variant=bz.variants.RUBICON)


def test_a_game_s_variant_and_its_current_deal_s_are_bound() -> None:
    game = bz.new_game(bz.variants.THREE_HANDED, seed=9)
    text = bz.to_json(game)
    assert bz.from_json(text, bz.Game, variant=bz.variants.THREE_HANDED) == game
    with pytest.raises(bz.SerializationError, match=r"^game\.variant\.name"):
        bz.from_json(text, bz.Game, variant=bz.variants.CUTTHROAT)


def relabelled(text: str, name: str) -> str:
    """``text`` with the name of every variant in it changed to ``name``."""
    def walk(value: object) -> object:
        if isinstance(value, dict):
            out = {k: walk(v) for k, v in value.items()}
            if "deck" in out and "name" in out:
                out["name"] = name
            return out
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value
    return json.dumps(walk(json.loads(text)))


def structure(variant: bz.Variant) -> tuple[object, ...]:
    d, m = variant.deal, variant.melds
    return (variant.packs, d.players, d.hand_size, d.sides, d.side_members, d.packets,
            d.turn_up, variant.trump.fixing, m.table, m.source, variant.scoring.settlement)


def test_the_issue_s_case_four_handed_relabelled_rubicon_is_refused() -> None:
    text = relabelled(bz.to_json(bz.new_deal(bz.variants.FOUR_HANDED, seed=0)), "rubicon")
    with pytest.raises(bz.SerializationError, match=r"^state\.variant\.deal\.players: 4 is "
                                                    r"not rubicon's \(2\)"):
        bz.from_json(text)


@pytest.mark.parametrize(("written", "label"), PAIRS)
def test_a_preset_s_name_over_another_structure_is_refused(written: bz.Variant,
                                                           label: bz.Variant) -> None:
    for kind, text in documents(written).items():
        for name in (label.name, label.aliases[-1]):
            forged = relabelled(text, name)
            if structure(written) != structure(label):
                prefix = "variant" if kind == "variant" else f"{kind}.variant"
                with pytest.raises(bz.SerializationError,
                                   match=rf"^{prefix}\.[a-z]+\.[a-z_0-9]+: .* is not "
                                         rf"{label.name}'s .*a variant named '{name}' has "
                                         rf"{label.name}'s structure"):
                    bz.from_json(forged)
            else:  # the same structure: the options are house rules of the preset named
                variant = bz.from_json(forged, variant=label.name)
                read = variant if isinstance(variant, bz.Variant) else variant.variant
                assert isinstance(read, bz.Variant) and structure(read) == structure(label)
                assert read.with_options(**read.options()) == read


def test_another_name_is_free_to_have_any_structure() -> None:
    custom = bz.Variant(name="my-three-pack", deck=bz.variants.THREE_HANDED.deck)
    assert bz.from_json(bz.to_json(custom)) == custom
    with pytest.raises(bz.SerializationError, match=r"^variant\.name: the document's variant "
                                                    r"is 'my-three-pack', not 'two-pack'"):
        bz.from_json(bz.to_json(custom), variant="two-pack")


@pytest.mark.parametrize("value", [bz.Pass(), bz.Play("QS"), bz.GuessPacket(24)])
def test_a_document_without_a_variant_cannot_be_bound(value: object) -> None:
    text = bz.to_json(value)  # type: ignore[arg-type]
    assert bz.from_json(text) == value
    with pytest.raises(bz.SerializationError, match=r"^document\.type: an? [a-z_]+ document "
                                                    r"names no variant"):
        bz.from_json(text, variant=bz.variants.TWO_PACK)


def test_a_deal_result_cannot_be_bound() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    while not state.is_over:
        state = bz.apply(state, bz.legal_actions(state)[0])
    text = bz.to_json(bz.deal_result(state))
    with pytest.raises(bz.SerializationError, match="a deal_result document names no variant"):
        bz.from_json(text, variant="two-pack")


def test_the_variant_argument_itself_is_checked_first() -> None:
    text = documents(bz.variants.TWO_PACK)["state"]
    with pytest.raises(bz.VariantError, match="unknown variant 'skat'"):
        bz.from_json(text, variant="skat")
    with pytest.raises(TypeError, match="variant must be a Variant or a preset's name"):
        bz.from_json(text, variant=2)  # type: ignore[call-overload]


def test_the_expected_type_is_named_with_its_article() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.SerializationError,
                       match=r"^document: holds an Observation, not a State$"):
        bz.from_json(bz.to_json(bz.observe(state, 0)), bz.State)
    with pytest.raises(bz.SerializationError, match=r"^document: holds a State, not an "
                                                    r"Observation$"):
        bz.from_json(bz.to_json(state), bz.Observation)
