"""Real JSON documents validate against the published schema (docs/formats/bezique.schema.json)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bezique as bz

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "formats"
                     / "bezique.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def _documents(variant: bz.variants.Variant, seed: int) -> Iterator[object]:
    """A variant, states, observations, actions, results and a game of ``variant``."""
    yield variant
    rng = random.Random(seed)
    state = bz.new_deal(variant, seed=seed)
    step = 0
    while not state.is_over:
        if step % 40 == 0:
            yield state
            yield from (bz.observe(state, p) for p in range(variant.players))
        action = rng.choice(bz.legal_actions(state))
        if step < 60:
            yield action
        state = bz.apply(state, action)
        step += 1
    yield state
    yield bz.deal_result(state)
    game = bz.new_game(variant, seed=seed)
    while len(game.deals) < 1:
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
    yield game
    yield bz.observe(game, 0)


def _errors(document: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in VALIDATOR.iter_errors(document)]


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=[v.name for v in bz.variants.ALL])
def test_real_documents_validate(variant: bz.variants.Variant) -> None:
    kinds = set()
    for obj in _documents(variant, seed=11):
        document = json.loads(bz.to_json(obj))
        assert not _errors(document), (document["type"], _errors(document)[:3])
        kinds.add(document["type"])
    assert {"variant", "state", "observation", "play", "pass", "deal_result", "game"} <= kinds


def test_results_short_variants_and_every_action_validate() -> None:
    game = bz.new_game(bz.variants.TWO_PACK, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
    documents = [bz.game_result(game), bz.Play("QS", from_table=True),
                 bz.Declare("bezique", "QS JD"), bz.ExchangeSeven("7H"), bz.Pass(),
                 bz.GuessPacket(24), bz.variants.TWO_PACK.with_options(four_tens=90)]
    for obj in documents:
        assert not _errors(json.loads(bz.to_json(obj))), obj
    short = {"schema": 1, "type": "variant", "name": "rubicon", "options": {"four_tens": 90}}
    assert not _errors(short)
    assert bz.from_json(json.dumps(short)).name == "rubicon"


@pytest.mark.parametrize(("path", "value"), [
    (("hands", 0, 0), "QX"),         # not a card
    (("stage",), "bidding"),         # not a stage
    (("trump",), "spades"),          # a suit is its letter
    (("to_move",), -1),              # a player index is not negative
    (("surprise",), 1),              # no unknown field
])
def test_the_schema_refuses_a_bad_state(path: tuple[str | int, ...], value: object) -> None:
    document = json.loads(bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=3)))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert _errors(document)


def test_announcements_validate_and_documents_without_them_too() -> None:
    """R13.7: a state, an observation and an action with announcements validate; the
    ``announced`` field is optional, as documents written before it existed lack it."""
    hand = "KS QS JD 9C 9D 9S 8S 10S"
    state = bz.setup(bz.variants.TWO_PACK, hands=[hand, "7D 7D 8D 8D 7C 7C 8C 8C"],
                     turn_up="9H", stock="9H 8H 10C 10C 7S 7S JC JC 9D 10D 10D", dealer=0)
    state = bz.apply(bz.apply(state, bz.Play("7D")), bz.Play("9D"))
    state = bz.apply(state, bz.Declare("bezique", "QS JD"))
    announce = bz.Announce("common_marriage", "KS QS")
    state = bz.apply(state, announce)
    assert state.announced
    for obj in (state, bz.observe(state, 1), announce):
        document = json.loads(bz.to_json(obj))
        assert not _errors(document), _errors(document)[:3]
        if "announced" in document:
            del document["announced"]
            assert not _errors(document), _errors(document)[:3]
