"""JSON serialisation (API.md "Notation and serialisation"): round trips and hostile input.

``from_json(to_json(x)) == x`` for every state along random deals of every preset variant,
for observations, games, deal and game results, actions and variants (house rules and
custom compositions included). Malformed input (arbitrary text, arbitrary JSON, valid
documents with one thing broken) raises ``SerializationError`` naming the field, and
nothing else ever escapes.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
import random
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique.cards import ALL_CARDS
from bezique.policies import MeldPolicy
from bezique.results import Settled
from bezique.serialization import _reading
from bezique.serialization._common import ACTION_TYPES, written_fields
from bezique.state import Combination, TableCard

VARIANTS = bz.variants.ALL
GUESSING = bz.variants.CHINESE.with_options(dealer_guess=True)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def random_deal(variant: bz.Variant, seed: int, dealer: int = 0) -> Iterator[bz.State]:
    """Every state of a deal played by uniformly random legal actions."""
    state = bz.new_deal(variant, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
        yield state


def random_game(variant: bz.Variant, seed: int) -> Iterator[bz.Game]:
    """Every position of a game played by uniformly random legal actions."""
    game = bz.new_game(variant, seed=seed)
    rng = random.Random(seed)
    yield game
    while not game.is_over:
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
        yield game


def game_variant(variant: bz.Variant) -> bz.Variant:
    """A short game: target 300 where deals add up to a target (per-deal games have none)."""
    return variant.with_options(target=300) if "target" in variant.options() else variant


def round_trip(obj: object) -> object:
    text = bz.to_json(obj)
    assert text.isascii()
    back = bz.from_json(text)
    assert back == obj
    assert type(back) is type(obj)
    assert bz.to_json(back) == text
    return back


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("variant", [*VARIANTS, GUESSING],
                         ids=[*(v.name for v in VARIANTS), "chinese-guess"])
@settings(max_examples=4, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_every_state_of_random_deals_round_trips(variant: bz.Variant, seed: int) -> None:
    dealer = seed % variant.players
    for i, state in enumerate(random_deal(variant, seed, dealer)):
        back = round_trip(state)
        assert isinstance(back, bz.State)
        assert back.memo.actions is None and not hasattr(back.memo, "plans")
        assert bz.legal_actions(back) == bz.legal_actions(state)
        if i % 7 == 0 or state.is_over:
            for player in range(variant.players):
                round_trip(bz.observe(state, player))
    round_trip(bz.deal_result(state))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_games_round_trip(variant: bz.Variant) -> None:
    v = game_variant(variant)
    for seed in (1, 2, 3):
        for i, game in enumerate(random_game(v, seed)):
            if i % 25 == 0 or game.is_over:
                round_trip(game)
                round_trip(bz.observe(game, i % v.players))
        round_trip(bz.game_result(game))


def test_decoded_states_play_on_like_the_originals() -> None:
    states = list(random_deal(bz.variants.FOUR_HANDED, 5))
    middle = states[len(states) // 2]
    back = bz.from_json(bz.to_json(middle), bz.State)
    rng_a, rng_b = random.Random(9), random.Random(9)
    a, b = middle, back
    while not a.is_over:
        a = bz.apply(a, rng_a.choice(bz.legal_actions(a)))
        b = bz.apply(b, rng_b.choice(bz.legal_actions(b)))
        assert a == b


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_pickled_positions_play_on_like_the_originals(variant: bz.Variant) -> None:
    """A variant the engine has used (its tables built and kept on it), a state, a game
    and an observation pickle and copy; the copies are equal and play on alike."""
    v = game_variant(variant)
    game = list(random_game(v, 4))[40]
    state = game.current
    for obj in (v, state, game, bz.observe(game, 0), bz.observe(state, 1)):
        for copied in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)):
            assert copied == obj and type(copied) is type(obj)
    a, b = game, pickle.loads(pickle.dumps(game))
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not a.is_over:
        a = bz.apply(a, rng_a.choice(bz.legal_actions(a)))
        b = bz.apply(b, rng_b.choice(bz.legal_actions(b)))
        assert a == b


ACTIONS = [
    bz.Play("QS"), bz.Play("10D", from_table=True), bz.Play("7H", from_table=False),
    bz.Declare("double_bezique", "QS QS JD JD"), bz.Declare("trump_seven", "7H"),
    bz.Declare("carte_blanche", "AS 10S 9H 8H 7D 7C AC 10C 9C"),
    bz.ExchangeSeven("7C"), bz.Pass(), bz.GuessPacket(24),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_round_trip(action: bz.Action) -> None:
    round_trip(action)
    doc = json.loads(bz.to_json(action))
    assert doc["schema"] == 1


def test_every_action_type_has_a_document_type() -> None:
    for cls in typing.get_args(bz.Action):
        assert cls in ACTION_TYPES
    assert {ACTION_TYPES[type(a)] for a in ACTIONS} == {
        "play", "declare", "exchange_seven", "pass", "guess_packet"}


def test_action_document_format() -> None:
    assert json.loads(bz.to_json(bz.Play("10D", from_table=True))) == {
        "schema": 1, "type": "play", "card": "10D", "from_table": True}
    assert json.loads(bz.to_json(bz.Declare("bezique", "JD QS"))) == {
        "schema": 1, "type": "declare", "meld": "bezique", "cards": ["QS", "JD"]}


def custom_variants() -> list[bz.Variant]:
    two = bz.variants.TWO_PACK
    return [
        two.with_options(brisque_timing="end_of_deal", last_trick="end_of_stock",
                         target=1500, rubicon=700, four_tens=100),
        two.with_options(bezique_pair="queen_of_trumps", seven_counts_as_meld=False),
        bz.variants.RUBICON.with_options(four_tens=90, carte_blanche_repeats=False),
        GUESSING,
        bz.variants.FOUR_HANDED.with_options(partner_declare="winner_only", phase2="all_play"),
        attrs.evolve(two, name="house", title="House rules", aliases=("ours",),
                     melds=MeldPolicy(table={bz.MeldKind.COMMON_MARRIAGE: 30,
                                             bz.MeldKind.BEZIQUE: 50})),
        attrs.evolve(bz.variants.THREE_HANDED, name="big", deck=attrs.evolve(
            bz.variants.THREE_HANDED.deck, packs=6)),
    ]


@pytest.mark.parametrize("variant", [*VARIANTS, *custom_variants()], ids=lambda v: v.name)
def test_variants_round_trip(variant: bz.Variant) -> None:
    back = round_trip(variant)
    assert isinstance(back, bz.Variant)
    assert back.options() == variant.options()
    doc = json.loads(bz.to_json(variant))
    assert (doc["schema"], doc["type"], doc["name"]) == (1, "variant", variant.name)
    assert set(doc["options"]) == set(variant.options())
    for name in ("deck", "deal", "trump", "legality", "melds", "scoring"):
        assert name in doc
    if variant in VARIANTS:
        assert back is variant  # presets come back as themselves


def test_variant_options_are_written_as_plain_values() -> None:
    doc = json.loads(bz.to_json(bz.variants.TWO_PACK))
    assert doc["options"]["brisque_timing"] == "immediate"
    assert doc["options"]["target"] == 1000
    assert doc["melds"]["table"][0] == ["common_marriage", 20]


def test_the_short_variant_form_names_a_preset() -> None:
    text = '{"schema": 1, "type": "variant", "name": "rubicon", "options": {"four_tens": 90}}'
    assert bz.from_json(text) == bz.variants.RUBICON.with_options(four_tens=90)
    assert bz.from_json('{"schema": 1, "type": "variant", "name": "Polish"}') is (
        bz.variants.FILDINSKI)


def test_states_of_custom_variants_round_trip() -> None:
    for variant in custom_variants():
        for state in list(random_deal(variant, 3))[::9]:
            round_trip(state)


def test_positions_set_up_by_hand_round_trip() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                                  "QS JD AH 10H KC QC 9S 8D"], turn_up="7H")
    assert state.seed is None
    round_trip(state)
    phase2 = bz.setup(bz.variants.TWO_PACK, hands=["AS KH", "QS 7D"], stock=[], trump="H")
    round_trip(phase2)


def test_determinized_states_round_trip() -> None:
    for variant in (bz.variants.TWO_PACK, bz.variants.FOUR_HANDED, GUESSING):
        for i, state in enumerate(random_deal(variant, 6)):
            if i % 10 == 0 and not state.is_over:
                observation = bz.observe(state, state.to_move)
                round_trip(bz.determinize(observation, random.Random(i)))


def test_every_field_type_has_a_reader() -> None:
    """Guards against fields added to the engine's classes without a reader."""
    classes = [bz.State, bz.Observation, bz.Game, bz.DealResult, bz.GameResult, bz.SideScore,
               Settled, Combination, *typing.get_args(bz.Action)]
    for cls in classes:
        for name, note in written_fields(cls):
            assert note in _reading._BY_TYPE or name in _reading._SORTED, (cls, name)


# ---------------------------------------------------------------- errors


def state_doc(variant: bz.Variant = bz.variants.TWO_PACK, seed: int = 4, at: int = 30
              ) -> dict[str, Any]:
    states = list(random_deal(variant, seed))
    doc: dict[str, Any] = json.loads(bz.to_json(states[min(at, len(states) - 1)]))
    return doc


def error_of(doc: object) -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(bz.SerializationError) as info:
        bz.from_json(text)
    return str(info.value)


def test_a_bad_card_is_named_with_its_path() -> None:
    doc = state_doc()
    doc["hands"][1][3] = "QX"
    assert error_of(doc) == "state.hands[1][3]: 'QX' is not a card"


def test_a_wrong_type_is_named() -> None:
    doc = state_doc()
    doc["dealer"] = "0"
    assert error_of(doc) == "state.dealer: expected a whole number, got the string '0'"
    doc = state_doc()
    doc["variant"]["scoring"]["target"] = True
    assert error_of(doc).startswith("state.variant.scoring.target: expected a whole number")


def test_missing_and_unknown_fields_are_named() -> None:
    doc = state_doc()
    del doc["stock"]
    assert error_of(doc) == "state: missing field 'stock'"
    doc = state_doc()
    doc["colour"] = "red"
    assert error_of(doc) == "state: unknown field 'colour'"
    doc = state_doc()
    del doc["combos"]  # may be empty, still required
    assert "missing field 'combos'" in error_of(doc)


def test_schema_and_type_are_checked() -> None:
    doc = state_doc()
    doc["schema"] = 2
    assert "unknown schema version 2" in error_of(doc)
    doc = state_doc()
    del doc["schema"]
    assert "missing field 'schema'" in error_of(doc)
    doc["schema"] = 1
    doc["type"] = "hand"
    assert error_of(doc).startswith("document.type: the string 'hand' is not a type")
    assert "expected an object" in error_of("[1, 2]")


def test_an_unknown_variant_name_is_named() -> None:
    message = error_of({"schema": 1, "type": "variant", "name": "skat"})
    assert message.startswith("variant.name: unknown variant 'skat'")
    message = error_of({"schema": 1, "type": "variant", "name": "rubicon",
                        "options": {"target": 1}})
    assert message.startswith("variant.options:")


def test_options_must_agree_with_the_policies() -> None:
    doc = json.loads(bz.to_json(bz.variants.TWO_PACK))
    doc["options"]["target"] = 1500
    assert error_of(doc).startswith("variant.options.target: the number 1500 disagrees")
    doc = json.loads(bz.to_json(bz.variants.TWO_PACK))
    doc["deal"]["packets"] = [3, 3, 3]
    assert error_of(doc).startswith("variant.deal: packets")
    doc = json.loads(bz.to_json(bz.variants.TWO_PACK))
    doc["melds"]["table"].append(["bezique", 10])
    assert error_of(doc) == "variant.melds.table[10]: meld 'bezique' appears twice"


def test_truncated_and_invalid_json() -> None:
    text = bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=1))
    assert error_of(text[:-1]).startswith("document: not JSON")
    assert error_of("").startswith("document: not JSON")
    assert "NaN" in error_of('{"schema": NaN}')
    assert "appears twice" in error_of('{"schema": 1, "schema": 1}')
    error_of("[" * 100_000)
    with pytest.raises(bz.SerializationError):
        bz.from_json(None)  # type: ignore[call-overload]


def test_too_many_copies_of_a_card() -> None:
    doc = state_doc()
    card = doc["hands"][0][0]
    doc["stock"][0] = card
    doc["stock"][1] = card
    message = error_of(doc)
    assert "more than the 2 packs hold" in message
    assert message.startswith("state.")


def test_cards_must_make_up_the_deck_in_a_dealt_position() -> None:
    doc = state_doc()
    doc["stock"].pop()
    assert "the position holds 63 cards, but the deck has 64" in error_of(doc)
    doc["seed"] = None  # set up by hand: cards may be left out, a whole round at a time
    assert "a multiple of 2 players" in error_of(doc)
    doc["stock"].pop()
    assert isinstance(bz.from_json(json.dumps(doc)), bz.State)


def test_impossible_positions() -> None:
    doc = state_doc()
    doc["to_move"] = 2
    assert error_of(doc) == "state.to_move: 2 is not a player (0-1)"
    doc = state_doc()
    doc["to_move"] = None
    assert "none exactly when the deal is over" in error_of(doc)
    doc = state_doc()
    doc["stage"] = "over"
    assert error_of(doc).startswith("state.to_move:")
    doc = state_doc()
    doc["phase"] = 2
    assert "phase 2" in error_of(doc)
    doc = state_doc()
    doc["phase"] = 3
    assert error_of(doc) == "state.phase: 3 is not 1 or 2"
    doc = state_doc()
    doc["hands"].append([])
    assert error_of(doc).startswith("state.hands: expected one entry for each of the 2 players")
    doc = state_doc()
    doc["trump"] = "C" if doc["trump"] != "C" else "H"
    assert error_of(doc).startswith("state.trump:")
    doc = state_doc()
    doc["exposed"][0] = ["AS"] * 3
    assert error_of(doc).startswith("state.exposed[0]")


def test_game_consistency() -> None:
    games = list(random_game(game_variant(bz.variants.TWO_PACK), 3))
    doc = json.loads(bz.to_json(games[-1]))
    doc["totals"][0] += 10
    assert error_of(doc).startswith("game.totals:")
    doc = json.loads(bz.to_json(games[5]))
    doc["seed"] += 1
    assert error_of(doc).startswith("game.current.seed:")
    doc = json.loads(bz.to_json(games[5]))
    doc["winner"] = 0
    assert error_of(doc).startswith("game.winner:")
    doc = json.loads(bz.to_json(games[5]))
    doc["current"]["hands"][0][0] = "QX"
    assert error_of(doc) == "game.current.hands[0][0]: 'QX' is not a card"


def test_observation_consistency() -> None:
    state = list(random_deal(bz.variants.TWO_PACK, 8))[20]
    doc = json.loads(bz.to_json(bz.observe(state, 0)))
    doc["hand_sizes"][0] += 1
    assert error_of(doc).startswith("observation.hand_sizes[0]:")
    doc = json.loads(bz.to_json(bz.observe(state, 0)))
    doc["played"] = doc["played"] + ["AS"] * 3
    assert error_of(doc).startswith("observation.played[")


def test_expected_type() -> None:
    text = bz.to_json(bz.Pass())
    assert bz.from_json(text, bz.Pass) == bz.Pass()
    with pytest.raises(bz.SerializationError, match="holds a Pass, not a State"):
        bz.from_json(text, bz.State)


def test_to_json_rejects_other_values() -> None:
    with pytest.raises(bz.SerializationError, match="cannot serialise dict"):
        bz.to_json({})
    with pytest.raises(bz.SerializationError):
        bz.to_json(TableCard(ALL_CARDS[0], 1, 0))


# ---------------------------------------------------------------- fuzzing


@settings(max_examples=300)
@given(st.text())
def test_arbitrary_text_raises_only_serialization_error(text: str) -> None:
    with contextlib.suppress(bz.SerializationError):
        bz.from_json(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20)
TYPES = st.sampled_from(["variant", "state", "game", "observation", "deal_result",
                         "game_result", "play", "declare", "exchange_seven", "pass",
                         "guess_packet", "hand"])


@settings(max_examples=300)
@given(JSON_VALUES, TYPES, st.booleans())
def test_arbitrary_json_raises_only_serialization_error(value: Any, kind: str,
                                                         wrap: bool) -> None:
    if wrap:
        value = {"schema": 1, "type": kind, **(value if isinstance(value, dict) else {"x": value})}
    with contextlib.suppress(bz.SerializationError):
        bz.from_json(json.dumps(value))


def _documents() -> list[str]:
    docs: list[str] = []
    for variant in (bz.variants.TWO_PACK, bz.variants.FILDINSKI, bz.variants.FOUR_HANDED,
                    bz.variants.RUBICON, GUESSING):
        states = list(random_deal(variant, 11))
        for state in (states[0], states[len(states) // 3], states[-1]):
            docs.append(bz.to_json(state))
        docs.append(bz.to_json(bz.observe(states[len(states) // 2], 1)))
        docs.append(bz.to_json(bz.deal_result(states[-1])))
        docs.append(bz.to_json(variant))
    games = list(random_game(game_variant(bz.variants.TWO_PACK), 2))
    docs += [bz.to_json(games[40]), bz.to_json(games[-1]), bz.to_json(bz.game_result(games[-1]))]
    docs += [bz.to_json(action) for action in ACTIONS]
    return docs


DOCUMENTS = _documents()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _is_card(value: Any) -> bool:
    try:
        return isinstance(value, str) and bz.Card.parse(value) is not None
    except bz.NotationError:
        return False


def _other_type(value: Any) -> Any:
    if isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return 7
    if value is None:
        return [None]
    if isinstance(value, list):
        return {"list": value}
    return [value]


MUTATIONS = st.sampled_from(["delete", "retype", "truncate", "garbage_card", "swap_card"])


@settings(max_examples=400)
@given(st.sampled_from(range(len(DOCUMENTS))), MUTATIONS, st.randoms(use_true_random=False))
def test_broken_documents_raise_serialization_error(index: int, mutation: str,
                                                    rng: random.Random) -> None:
    """Every kind of damage to a valid document is caught, and named."""
    text = DOCUMENTS[index]
    doc = json.loads(text)
    paths = list(_paths(doc))
    if mutation == "truncate":
        broken = text[:rng.randrange(len(text))]
    elif mutation == "delete":
        # the fields added after schema 1 was first written may be absent (R13.7)
        keyed = [p for p, _ in paths if p and isinstance(p[-1], str)
                 and p[-1] not in ("schema", "type", "announced", "announce_several")]
        if not keyed:
            return
        victim = rng.choice(keyed)
        parent = doc
        for key in victim[:-1]:
            parent = parent[key]
        del parent[victim[-1]]
        broken = json.dumps(doc)
    elif mutation == "retype":
        path, value = rng.choice([(p, v) for p, v in paths if p and p[-1] != "schema"])
        _set(doc, path, _other_type(value))
        broken = json.dumps(doc)
    else:
        cards = [(p, v) for p, v in paths if p and _is_card(v)]
        if not cards:
            return
        if mutation == "garbage_card":
            path, _ = rng.choice(cards)
            _set(doc, path, rng.choice(["QX", "11S", "", "Q", "SQ", "🂡"]))
        else:
            # a card of the deck's multiset replaced by another: some card now has
            # one copy too many (or the deck one too few)
            deck = [(p, v) for p, v in cards if p[0] in ("hands", "stock", "played", "trick",
                                                         "turn_up", "table", "current")
                    and "exposed" not in p and "won" not in p and "combos" not in p
                    and "legal_actions" not in p]
            if not deck or json.loads(text)["type"] not in ("state", "game"):
                return
            path, value = rng.choice(deck)
            other = rng.choice([c for c in ALL_CARDS if str(c) != str(bz.Card.parse(value))])
            _set(doc, path, f"{other.rank}{other.suit.letter}")
        broken = json.dumps(doc)
    with pytest.raises(bz.SerializationError):
        bz.from_json(broken)


@settings(max_examples=200)
@given(st.sampled_from(range(len(DOCUMENTS))), st.randoms(use_true_random=False))
def test_any_value_swapped_raises_only_serialization_error(index: int,
                                                           rng: random.Random) -> None:
    """Values replaced by other plausible values: the result is read or refused cleanly."""
    doc = json.loads(DOCUMENTS[index])
    paths = [p for p, _ in _paths(doc) if p]
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths)
        try:
            _set(doc, path, rng.choice([0, 1, -1, 2**70, "", "S", "QS", "play", None, True,
                                        [], {}, [0, "QS"], ["QS", 1, 0]]))
        except (KeyError, IndexError, TypeError):
            continue
    with contextlib.suppress(bz.SerializationError):
        bz.from_json(json.dumps(doc))


def test_a_deep_copy_of_a_document_is_read_alike() -> None:
    doc = json.loads(DOCUMENTS[1])
    assert bz.from_json(json.dumps(copy.deepcopy(doc))) == bz.from_json(DOCUMENTS[1])


def test_R13_1_a_sequence_card_of_its_own_class_round_trips() -> None:
    """With ``meld_classes = four`` a sequence's cards carry the sequences' own class bit
    (16): states with them are written and read back (R13.1)."""
    variant = bz.variants.TWO_PACK.with_options(meld_classes="four")
    state = bz.setup(variant, hands=["AH 10H KH QH JH 9C 9D 9S", "7D 7D 8D 8D 7C 7C 8C 8C"],
                     turn_up="9H", stock="8S 8S 7S 7S 9D")
    state = bz.apply(bz.apply(state, bz.Play("7C")), bz.Play("9C"))
    state = bz.apply(state, bz.Declare("trump_sequence", "AH 10H KH QH JH"))
    assert {tc.used for tc in state.table[0]} == {16}
    back = round_trip(state)
    assert isinstance(back, bz.State) and bz.legal_actions(back) == bz.legal_actions(state)
