"""The public contract of shared/API.md, read literally as an outside suite reads it.

Third release: seats (``player=`` on ``apply``, ``check_action`` and ``is_legal`` for a
state and a game, ``NotYourTurnError``, ``legal_actions`` of an observation, the record
form of ``parse_action``), forced moves (``forced_action``) and documents bound to what the
app expects (``from_json(text, expected=None, *, variant=None)``). Then a spot check of
promises of the first and second releases. Only names API.md gives are used, except where
a test needs a position API.md does not name (noted there).
"""

from __future__ import annotations

import inspect
import itertools
import json
import random

import attrs
import pytest

import bezique as bz

PRESETS = [pytest.param(v, id=v.name) for v in bz.variants.ALL]
MULTI_SEAT = [pytest.param(v, id=v.name) for v in bz.variants.ALL if v.players > 2]


def seat_to_move(position: bz.State | bz.Game) -> int:
    """The seat to move, found as a stranger finds it: the one seat ``is_legal`` accepts."""
    action = bz.legal_actions(position)[0]
    players = position.variant.players
    seats = [p for p in range(players) if bz.is_legal(position, action, player=p)]
    assert len(seats) == 1, seats
    return seats[0]


def walk(position: bz.State | bz.Game, steps: int, seed: int) -> list[bz.State | bz.Game]:
    """``position`` and up to ``steps`` positions after it, random legal actions."""
    rng = random.Random(seed)
    found = [position]
    for _ in range(steps):
        legal = bz.legal_actions(position)
        if not legal:
            break
        position = bz.apply(position, rng.choice(legal))
        found.append(position)
    return found


def first_window(variant: bz.Variant, seed: int = 5) -> bz.State:
    """The first position in which ``Pass()`` is legal: a declaration window (R2.6)."""
    state = bz.new_deal(variant, seed=seed)
    while bz.Pass() not in bz.legal_actions(state):
        state = bz.apply(state, bz.legal_actions(state)[0])
    return state


def frozen_copy(position: object) -> tuple[object, str]:
    text = bz.to_json(position)
    return bz.from_json(text), text


def assert_unchanged(position: object, copy: tuple[object, str]) -> None:
    assert position == copy[0]
    assert bz.to_json(position) == copy[1]


# --- Seats -------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_seats_apply_with_the_right_player_is_apply_without_one(variant: bz.Variant) -> None:
    for state in walk(bz.new_deal(variant, seed=11), 12, seed=1):
        if state.is_over:
            continue
        for action in bz.legal_actions(state):
            assert bz.apply(state, action, player=state.to_move) == bz.apply(state, action)
            assert bz.check_action(state, action, player=state.to_move) is None
            assert bz.is_legal(state, action, player=state.to_move) is True


@pytest.mark.parametrize("variant", PRESETS)
def test_seats_every_wrong_seat_is_refused_and_nothing_changes(variant: bz.Variant) -> None:
    for state in (bz.new_deal(variant, seed=3), first_window(variant)):
        copy = frozen_copy(state)
        to_move = state.to_move
        assert to_move is not None
        for player in range(variant.players):
            if player == to_move:
                continue
            for action in bz.legal_actions(state):
                with pytest.raises(bz.NotYourTurnError) as apply_err:
                    bz.apply(state, action, player=player)
                with pytest.raises(bz.NotYourTurnError) as check_err:
                    bz.check_action(state, action, player=player)
                assert bz.is_legal(state, action, player=player) is False
                for err in (apply_err.value, check_err.value):
                    assert err.player == player
                    assert err.to_move == to_move
                    assert err.action == action
                    assert err.rule is not None and err.rule in str(err)
        assert_unchanged(state, copy)


def test_seats_not_your_turn_error_is_every_error_it_is_documented_to_be() -> None:
    assert issubclass(bz.NotYourTurnError, bz.IllegalActionError)
    assert issubclass(bz.NotYourTurnError, bz.BeziqueError)
    assert issubclass(bz.NotYourTurnError, ValueError)
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    wrong = 1 - state.to_move
    for catch in (bz.NotYourTurnError, bz.IllegalActionError, bz.BeziqueError, ValueError):
        with pytest.raises(catch):
            bz.apply(state, bz.legal_actions(state)[0], player=wrong)


def test_seats_an_illegal_action_from_the_wrong_seat_is_not_your_turn() -> None:
    # "With player given and not the player to move, apply and check_action raise
    # NotYourTurnError": whatever the action.
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    wrong = 1 - state.to_move
    for action in (bz.Pass(), bz.ExchangeSeven(bz.Card.parse("7S"))):
        with pytest.raises(bz.NotYourTurnError):
            bz.apply(state, action, player=wrong)
        with pytest.raises(bz.NotYourTurnError):
            bz.check_action(state, action, player=wrong)
        assert bz.is_legal(state, action, player=wrong) is False


def test_seats_an_illegal_action_from_the_right_seat_is_still_illegal() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    with pytest.raises(bz.IllegalActionError) as err:
        bz.apply(state, bz.Pass(), player=state.to_move)
    assert not isinstance(err.value, bz.NotYourTurnError)
    assert bz.is_legal(state, bz.Pass(), player=state.to_move) is False


@pytest.mark.parametrize("bad", [5, -1, "0", 1.0, True])
def test_seats_a_player_that_is_no_seat_is_a_bezique_error_and_changes_nothing(
        bad: object) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    copy = frozen_copy(state)
    action = bz.legal_actions(state)[0]
    for call in (bz.apply, bz.check_action, bz.is_legal):
        with pytest.raises(bz.BeziqueError):
            call(state, action, player=bad)  # type: ignore[operator]
    assert_unchanged(state, copy)


@pytest.mark.parametrize("variant", MULTI_SEAT)
def test_seats_the_turn_passes_round_the_table(variant: bz.Variant) -> None:
    # Along a deal every seat in turn is the one to move; each time all others are refused.
    seen = set()
    for state in walk(bz.new_deal(variant, seed=2), 40, seed=4):
        if state.is_over:
            continue
        seen.add(state.to_move)
        action = bz.legal_actions(state)[0]
        for player in range(variant.players):
            assert bz.is_legal(state, action, player=player) is (player == state.to_move)
    assert seen == set(range(variant.players))


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.RUBICON], ids=lambda v: v.name)
def test_seats_games_take_player_too(variant: bz.Variant) -> None:
    for game in walk(bz.new_game(variant, seed=9), 10, seed=2):
        copy = frozen_copy(game)
        seat = seat_to_move(game)
        action = bz.legal_actions(game)[0]
        after = bz.apply(game, action, player=seat)
        assert isinstance(after, bz.Game)
        assert after == bz.apply(game, action)
        assert bz.check_action(game, action, player=seat) is None
        assert bz.is_legal(game, action, player=seat) is True
        for player in range(variant.players):
            if player == seat:
                continue
            with pytest.raises(bz.NotYourTurnError) as err:
                bz.apply(game, action, player=player)
            assert (err.value.player, err.value.to_move) == (player, seat)
            with pytest.raises(bz.NotYourTurnError):
                bz.check_action(game, action, player=player)
            assert bz.is_legal(game, action, player=player) is False
        assert_unchanged(game, copy)


@pytest.mark.parametrize("function", [bz.apply, bz.check_action, bz.is_legal],
                         ids=lambda f: f.__name__)
def test_seats_signatures_read_as_the_contract_writes_them(function: object) -> None:
    # "bz.apply(state, action, *, player=None)": what help() and inspect show
    player = inspect.signature(function).parameters["player"]  # type: ignore[arg-type]
    assert player.kind is inspect.Parameter.KEYWORD_ONLY and player.default is None


def test_from_json_signature_reads_as_the_contract_writes_it() -> None:
    # "bz.from_json(text, expected=None, *, variant=None)"
    parameters = list(inspect.signature(bz.from_json).parameters.values())
    assert [p.name for p in parameters] == ["text", "expected", "variant"]
    assert parameters[1].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert parameters[1].default is None
    assert parameters[2].kind is inspect.Parameter.KEYWORD_ONLY and parameters[2].default is None


def test_seats_player_is_accepted_as_a_keyword() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    action = bz.legal_actions(state)[0]
    assert bz.apply(state=state, action=action, player=state.to_move) == bz.apply(state, action)


@pytest.mark.parametrize("variant", PRESETS)
def test_seats_legal_actions_of_an_observation(variant: bz.Variant) -> None:
    for state in walk(bz.new_deal(variant, seed=8), 30, seed=6):
        for player in range(variant.players):
            seen = bz.legal_actions(bz.observe(state, player))
            if player == state.to_move:
                assert seen == bz.legal_actions(state)
            else:
                assert seen == ()


def test_seats_legal_actions_of_an_observation_of_a_game() -> None:
    for game in walk(bz.new_game(bz.variants.TWO_PACK, seed=4), 20, seed=3):
        seat = seat_to_move(game)
        for player in range(2):
            seen = bz.legal_actions(bz.observe(game, player))
            assert seen == (bz.legal_actions(game) if player == seat else ())


def test_seats_legal_actions_of_an_observation_is_empty_when_the_deal_is_over() -> None:
    state = walk(bz.new_deal(bz.variants.TWO_PACK, seed=1), 10_000, seed=1)[-1]
    assert state.is_over
    assert all(bz.legal_actions(bz.observe(state, p)) == () for p in range(2))


def play_text(position: bz.State | bz.Game) -> tuple[bz.Play, str]:
    """A legal play and its notation (the card in its written form, ``"Q♠"``)."""
    play = next(a for a in bz.legal_actions(position) if isinstance(a, bz.Play))
    return play, f"play {play.card}"


@pytest.mark.parametrize("variant", PRESETS)
def test_seats_parse_action_reads_the_record_form(variant: bz.Variant) -> None:
    state = bz.new_deal(variant, seed=12)
    if not any(isinstance(a, bz.Play) for a in bz.legal_actions(state)):
        state = bz.apply(state, bz.legal_actions(state)[0])  # the dealer's guess (R9.4)
    play, text = play_text(state)
    assert bz.parse_action(state, f"{state.to_move}: {text}") == play
    for player in range(variant.players):
        if player == state.to_move:
            continue
        with pytest.raises(bz.NotYourTurnError) as err:
            bz.parse_action(state, f"{player}: {text}")
        assert (err.value.player, err.value.to_move) == (player, state.to_move)


def test_seats_parse_action_record_form_in_a_window() -> None:
    state = first_window(bz.variants.TWO_PACK)
    assert bz.parse_action(state, f"{state.to_move}: pass") == bz.Pass()
    with pytest.raises(bz.NotYourTurnError):
        bz.parse_action(state, f"{1 - state.to_move}: pass")


def test_seats_parse_action_record_form_for_a_game() -> None:
    game = bz.new_game(bz.variants.TWO_PACK, seed=7)
    seat = seat_to_move(game)
    play, text = play_text(game)
    action = bz.parse_action(game, f"{seat}: {text}")
    assert action == play
    assert bz.apply(game, action, player=seat) == bz.apply(game, play)
    copy = frozen_copy(game)
    with pytest.raises(bz.NotYourTurnError) as err:
        bz.parse_action(game, f"{1 - seat}: {text}")
    assert (err.value.player, err.value.to_move) == (1 - seat, seat)
    assert isinstance(err.value, bz.IllegalActionError)
    assert_unchanged(game, copy)


def test_seats_parse_action_record_form_seat_that_is_no_seat() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
    with pytest.raises(bz.BeziqueError):
        bz.parse_action(state, "5: play QS")


def test_seats_parse_action_without_a_seat_still_reads() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
    play, text = play_text(state)
    assert bz.parse_action(state, text) == play
    assert bz.parse_action(None, "play QS") == bz.Play(bz.Card.parse("QS"))


# --- Forced moves ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_forced_action_is_the_only_legal_action_else_none(variant: bz.Variant) -> None:
    forced = 0
    for state in walk(bz.new_deal(variant, seed=21), 80, seed=5):
        legal = bz.legal_actions(state)
        got = bz.forced_action(state)
        if len(legal) == 1:
            assert got == legal[0]
            forced += 1
            assert bz.apply(state, got) == bz.apply(state, legal[0])
        else:
            assert got is None
    assert forced > 0  # a window in which nothing can be declared comes up (R2.6)


def test_forced_action_of_a_window_with_nothing_to_declare_is_pass() -> None:
    # Player 0 leads the ace of spades, player 1 follows low; the winner holds no meld.
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS 9C 8C 7D 9H 8H 10C AC",
                                                  "8S JD 9D 10H KC JH KD 9S"],
                     turn_up=bz.Card.parse("7H"), dealer=1)
    assert state.to_move == 0
    state = bz.apply(state, bz.Play(bz.Card.parse("AS")))
    assert bz.forced_action(state) is None
    state = bz.apply(state, bz.Play(bz.Card.parse("8S")))
    assert bz.legal_actions(state) == (bz.Pass(),)
    assert bz.forced_action(state) == bz.Pass()


def test_forced_action_of_a_game_and_at_the_end() -> None:
    start = bz.new_game(bz.variants.TWO_PACK, seed=3)
    assert bz.forced_action(start) is None
    for game in walk(start, 40, seed=9):
        legal = bz.legal_actions(game)
        assert bz.forced_action(game) == (legal[0] if len(legal) == 1 else None)
    over = walk(bz.new_deal(bz.variants.TWO_PACK, seed=2), 10_000, seed=2)[-1]
    assert over.is_over and bz.forced_action(over) is None


# --- Documents bound to what the app expects ---------------------------------------------


def documents(variant: bz.Variant) -> list[object]:
    state = bz.new_deal(variant, seed=4)
    return [variant, state, bz.observe(state, 0), bz.new_game(variant, seed=4)]


def test_from_json_signature_expected_positional_variant_keyword() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    text = bz.to_json(state)
    assert bz.from_json(text) == state
    assert bz.from_json(text, None) == state
    assert bz.from_json(text, bz.State) == state
    assert bz.from_json(text, expected=bz.State, variant=bz.variants.TWO_PACK) == state
    assert bz.from_json(text, bz.State, variant="two-pack") == state
    with pytest.raises(TypeError):
        bz.from_json(text, bz.State, bz.variants.TWO_PACK)  # type: ignore[misc]
    with pytest.raises(bz.SerializationError):
        bz.from_json(text, bz.Game)


@pytest.mark.parametrize("variant", PRESETS)
def test_from_json_variant_accepts_its_own_documents(variant: bz.Variant) -> None:
    for doc in documents(variant):
        text = bz.to_json(doc)
        assert bz.from_json(text, variant=variant) == doc
        assert bz.from_json(text, variant=variant.name) == doc
        for alias in getattr(variant, "aliases", ()):
            assert bz.from_json(text, variant=alias) == doc


@pytest.mark.parametrize("variant", PRESETS)
def test_from_json_variant_refuses_every_other_variant(variant: bz.Variant) -> None:
    texts = [bz.to_json(doc) for doc in documents(variant)]
    for other in bz.variants.ALL:
        if other == variant:
            continue
        for text in texts:
            with pytest.raises(bz.SerializationError):
                bz.from_json(text, variant=other)
            with pytest.raises(bz.SerializationError):
                bz.from_json(text, variant=other.name)


def test_from_json_house_rules_under_a_preset_name_still_load() -> None:
    house = bz.variants.TWO_PACK.with_options(brisque_timing="end_of_deal", target=1500)
    assert house.name == "two-pack"
    for doc in documents(house):
        text = bz.to_json(doc)
        assert bz.from_json(text) == doc
        assert bz.from_json(text, variant="two-pack") == doc
        assert bz.from_json(text, variant=house) == doc
    # bound to the preset Variant itself (equal field by field), the house rules are another
    with pytest.raises(bz.SerializationError):
        bz.from_json(bz.to_json(house), variant=bz.variants.TWO_PACK)


def test_from_json_house_rules_of_every_preset_load_under_its_name() -> None:
    for variant in bz.variants.ALL:
        house = variant.with_options(brisque_points=20)
        state = bz.new_deal(house, seed=1)
        assert bz.from_json(bz.to_json(state), variant=variant.name) == state


OPTIONS_ONLY = {"two-pack", "shifting-bezique"}
"""Presets of one structure: shifting bezique is two-pack with ``bezique_pair`` (R5.2)."""


@pytest.mark.parametrize("variant", PRESETS)
def test_from_json_a_preset_name_over_another_structure_is_refused(
        variant: bz.Variant) -> None:
    for other in bz.variants.ALL:
        if other == variant or {other.name, variant.name} == OPTIONS_ONLY:
            continue
        relabelled = attrs.evolve(other, name=variant.name)
        for doc in (relabelled, bz.new_deal(relabelled, seed=1)):
            with pytest.raises(bz.SerializationError, match="variant"):
                bz.from_json(bz.to_json(doc))


def test_from_json_shifting_under_two_pack_name_is_a_house_rule() -> None:
    relabelled = attrs.evolve(bz.variants.SHIFTING_BEZIQUE, name="two-pack")
    assert bz.from_json(bz.to_json(relabelled), variant="two-pack").name == "two-pack"


@pytest.mark.parametrize(("path", "value", "field"), [
    (("deck", "packs"), 4, "packs"),
    (("deal", "hand_size"), 9, "hand_size"),
])
def test_from_json_relabelled_structure_in_a_document_names_the_field(
        path: tuple[str, str], value: int, field: str) -> None:
    doc = json.loads(bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=1)))
    doc["variant"][path[0]][path[1]] = value
    if field == "hand_size":
        doc["variant"]["deal"]["packets"] = [3, 3, 3]
    with pytest.raises(bz.SerializationError, match=field):
        bz.from_json(json.dumps(doc))


def test_from_json_relabelled_sides_name_the_field() -> None:
    doc = json.loads(bz.to_json(bz.variants.FOUR_HANDED))
    doc["deal"]["sides"] = [0, 0, 1, 1]
    with pytest.raises(bz.SerializationError, match="sides"):
        bz.from_json(json.dumps(doc))


def test_from_json_rubicon_document_renamed_two_pack_is_refused() -> None:
    doc = json.loads(bz.to_json(bz.new_deal(bz.variants.RUBICON, seed=1)))
    doc["variant"]["name"] = "two-pack"
    with pytest.raises(bz.SerializationError, match="packs"):
        bz.from_json(json.dumps(doc))
    with pytest.raises(bz.SerializationError):
        bz.from_json(json.dumps(doc), variant="rubicon")


def test_from_json_variant_bound_document_without_a_variant_is_refused() -> None:
    # An action names no variant: it cannot show that it is of the one expected.
    with pytest.raises(bz.SerializationError):
        bz.from_json(bz.to_json(bz.Pass()), variant=bz.variants.TWO_PACK)
    assert bz.from_json(bz.to_json(bz.Pass())) == bz.Pass()


# --- First and second releases, spot checks ----------------------------------------------


@pytest.mark.parametrize(("text", "shown"), [
    ("QS", "Q♠"), ("Q♠", "Q♠"), ("10D", "10♦"), ("TD", "10♦"), ("qs", "Q♠"), ("td", "10♦"),
    ("10d", "10♦"), ("ah", "A♥"), ("7C", "7♣"),
])
def test_card_parse_forms(text: str, shown: str) -> None:
    card = bz.Card.parse(text)
    assert str(card) == shown
    assert hash(card) == hash(bz.Card.parse(shown))


def test_cards_and_suits_and_ranks() -> None:
    assert [str(s) for s in bz.Suit] == ["♠", "♥", "♦", "♣"]
    assert bz.Rank.ACE > bz.Rank.TEN > bz.Rank.KING > bz.Rank.QUEEN > bz.Rank.JACK
    assert bz.Rank.JACK > bz.Rank.NINE > bz.Rank.EIGHT > bz.Rank.SEVEN
    cards = bz.parse_cards("QS JD 10H")
    assert isinstance(cards, tuple) and len(cards) == 3
    assert (cards[0].rank, cards[0].suit) == (bz.Rank.QUEEN, bz.Suit.SPADES)
    for bad in ("QX", "1S", "", "QSS"):
        with pytest.raises(bz.NotationError):
            bz.Card.parse(bad)
    with pytest.raises(ValueError):
        bz.parse_cards("QS ZZ")


def test_variants_all_and_get() -> None:
    names = ["TWO_PACK", "NO_PRESET_TRUMP", "SHIFTING_BEZIQUE", "FILDINSKI", "RUBICON",
             "CHINESE", "EIGHT_PACK", "FOUR_HANDED", "CUTTHROAT", "CONSULTATION",
             "THREE_HANDED"]
    presets = [getattr(bz.variants, n) for n in names]
    assert set(bz.variants.ALL) == set(presets) and len(bz.variants.ALL) == 11
    assert bz.variants.get("rubicon") == bz.variants.RUBICON
    assert bz.variants.get("two-pack") == bz.variants.TWO_PACK
    assert bz.variants.get("polish") == bz.variants.FILDINSKI
    for v in presets:
        assert bz.variants.get(v.name) == v
        for field in ("name", "players", "packs", "hand_size", "deck", "deal", "trump",
                      "legality", "melds", "scoring"):
            getattr(v, field)
    with pytest.raises(bz.VariantError) as err:
        bz.variants.get("pinochle")
    assert "two-pack" in str(err.value) and "rubicon" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_with_options_good_and_bad() -> None:
    house = bz.variants.TWO_PACK.with_options(brisque_timing="end_of_deal")
    assert house != bz.variants.TWO_PACK and house.name == "two-pack"
    with pytest.raises(bz.VariantError):
        bz.variants.TWO_PACK.with_options(no_such_option=True)
    with pytest.raises(bz.VariantError):
        bz.variants.TWO_PACK.with_options(brisque_timing="whenever")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        bz.variants.TWO_PACK.name = "x"  # type: ignore[misc]


def test_new_deal_and_setup() -> None:
    a = bz.new_deal(bz.variants.TWO_PACK, seed=42)
    assert a == bz.new_deal(bz.variants.TWO_PACK, seed=42)
    assert a != bz.new_deal(bz.variants.TWO_PACK, seed=43)
    assert a.stock_size in (47, 48)  # 64 cards, 16 dealt, the turn-up counted or not
    s = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                              "AS 10S KH QH JD 9C 8C 7D"],
                 turn_up=bz.Card.parse("7H"))
    assert len(s.hands[0]) == 8 and s.trump == bz.Suit.HEARTS
    with pytest.raises(bz.SetupError):  # three aces of spades in two packs
        bz.setup(bz.variants.TWO_PACK, hands=["AS AS AS 9C 8C 7D 7C 8D",
                                              "KS KH QH JD 9S 9H 9D 8S"],
                 turn_up=bz.Card.parse("7H"))
    with pytest.raises(ValueError):
        bz.setup(bz.variants.TWO_PACK, hands=["AS"], turn_up=bz.Card.parse("7H"))


def test_illegal_action_names_its_rule_and_changes_nothing() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    copy = frozen_copy(state)
    with pytest.raises(bz.IllegalActionError) as err:
        bz.apply(state, bz.Pass())
    assert err.value.rule == "R2.6" and "R2.6" in str(err.value)
    assert err.value.action == bz.Pass()
    with pytest.raises(bz.IllegalActionError, match="parse_action"):
        bz.apply(state, "play QS")  # type: ignore[call-overload]
    assert_unchanged(state, copy)


def test_errors_hierarchy() -> None:
    for error in (bz.IllegalActionError, bz.NotationError, bz.SetupError,
                  bz.SerializationError, bz.VariantError, bz.NotYourTurnError,
                  bz.InvariantError):
        assert issubclass(error, bz.BeziqueError) and issubclass(error, ValueError)


def test_to_json_round_trips_every_object_type() -> None:
    rng = random.Random(1)
    objects: list[object] = []
    for variant in bz.variants.ALL:
        state = bz.new_deal(variant, seed=5)
        states = walk(state, 30, seed=rng.randrange(100))
        game = bz.new_game(variant, seed=5)
        objects += [variant, states[-1], game, walk(game, 20, seed=1)[-1],
                    bz.observe(states[-1], 0)]
        objects += list(bz.legal_actions(states[-1]))
    objects += [bz.Play(bz.Card.parse("QS")), bz.Pass(), bz.ExchangeSeven(bz.Card.parse("7H")),
                bz.Declare(bz.MeldKind.BEZIQUE, bz.parse_cards("QS JD"))]
    for obj in objects:
        text = bz.to_json(obj)
        assert bz.from_json(text) == obj
        assert "schema" in json.loads(text)
    doc = json.loads(bz.to_json(bz.new_deal(bz.variants.RUBICON, seed=1)))
    assert "rubicon" in json.dumps(doc) and "options" in json.dumps(doc)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("hands"), "hands"),
    (lambda d: d.__setitem__("schema", 99), "schema"),
    (lambda d: d.__setitem__("type", "spaceship"), "type"),
])
def test_from_json_malformed_names_the_field(change: object, field: str) -> None:
    doc = json.loads(bz.to_json(bz.new_deal(bz.variants.TWO_PACK, seed=1)))
    change(doc)  # type: ignore[operator]
    with pytest.raises(bz.SerializationError, match=field):
        bz.from_json(json.dumps(doc))
    with pytest.raises(bz.SerializationError):
        bz.from_json("{not json")


def test_record_dumps_loads_replay() -> None:
    start = bz.new_deal(bz.variants.TWO_PACK, seed=7)
    positions = walk(start, 25, seed=3)
    actions = []
    for before, after in itertools.pairwise(positions):
        actions.append(next(a for a in bz.legal_actions(before) if bz.apply(before, a) == after))
    record = bz.Record.from_play(start, actions)
    text = record.dumps()
    assert len([line for line in text.splitlines() if ":" in line and line[0].isdigit()]) \
        == len(actions)
    again = bz.Record.loads(text)
    assert again == record
    assert list(again.replay()) == positions
    # a line for the wrong seat is refused, naming the turn order
    lines = text.splitlines()
    last = lines[-1]
    seat, _, move = last.partition(":")
    lines[-1] = f"{1 - int(seat) if seat.isdigit() else 0}:{move}"
    with pytest.raises(bz.BeziqueError):
        bz.Record.loads("\n".join(lines) + "\n")


def test_observe_leaks_nothing_unseen() -> None:
    # Two deals differing only in player 1's hand and the stock give player 0 equal views.
    hand0 = "AS 10S KH QH JD 9C 8C 7D"
    turn_up = bz.Card.parse("7H")
    a = bz.setup(bz.variants.TWO_PACK, hands=[hand0, "KS KD QC JC 9S 9H 8S 8D"],
                 turn_up=turn_up, seed=1)
    b = bz.setup(bz.variants.TWO_PACK, hands=[hand0, "AC AD 10C 10D JS JH 7S 7C"],
                 turn_up=turn_up, seed=2)
    assert a != b
    assert bz.observe(a, 0) == bz.observe(b, 0)
    assert bz.to_json(bz.observe(a, 0)) == bz.to_json(bz.observe(b, 0))
    assert bz.observe(a, 1) != bz.observe(b, 1)
    text = bz.to_json(bz.observe(a, 0))
    for card in ("K♠", "KS", "Q♣", "QC"):
        assert f'"{card}"' not in text


def test_games_and_results() -> None:
    game = bz.new_game(bz.variants.RUBICON, seed=2)
    assert not game.is_over and game.deals == ()
    rng = random.Random(2)
    while not game.is_over:
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
    result = bz.game_result(game)
    assert result.winner == game.winner and result.totals == game.totals
    assert len(game.deals) >= 1 and result.value > 0
    assert bz.legal_actions(game) == ()
    with pytest.raises(bz.IllegalActionError):
        bz.apply(game, bz.Pass())
    deal = walk(bz.new_deal(bz.variants.TWO_PACK, seed=4), 10_000, seed=4)[-1]
    assert deal.is_over and deal.to_move is None
    result = bz.deal_result(deal)
    assert len(result.points) == 2 and len(result.breakdown) == 2
    side = result.breakdown[0]
    assert side.melds + side.sevens + side.brisques + side.last_trick + side.bonus \
        - side.penalties == result.points[0]


def test_second_release_testing_and_encoding() -> None:
    from bezique import encoding, testing

    testing.random_sim_test(bz.variants.TWO_PACK, deals=1, seed=0)
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    testing.check_state(state)
    encoder = encoding.ActionEncoder(bz.variants.TWO_PACK)
    mask = encoder.mask(state)
    assert len(mask) == encoder.size
    legal_ids = {encoder.encode(a) for a in bz.legal_actions(state)}
    assert {i for i, m in enumerate(mask) if m} == legal_ids
    assert all(encoder.decode(i, state) in bz.legal_actions(state) for i in legal_ids)
    obs = bz.observe(state, 0)
    assert len(encoding.observation_tensor(obs)) == encoding.observation_size(bz.variants.TWO_PACK)


def test_state_attributes_and_equivalent_cards() -> None:
    state = bz.setup(bz.variants.TWO_PACK, hands=["AS AS KH QH JD 9C 8C 7D",
                                                  "10S 10S KS QS JH 9H 8H 7C"],
                     turn_up=bz.Card.parse("7H"), dealer=1)
    assert state.variant == bz.variants.TWO_PACK
    assert (state.to_move, state.is_over) == (0, False)
    assert state.trump == bz.Suit.HEARTS and str(state.turn_up) == "7♥"
    assert len(state.hands) == 2 and len(state.tables) == 2 and state.tables[0] == ()
    assert len(state.trick) == 0 and len(state.scores) == 2 and len(state.sides) == 2
    plays = [a for a in bz.legal_actions(state) if isinstance(a, bz.Play)]
    assert len(plays) == 7  # the two aces of spades are one action
    assert bz.legal_actions(state) == bz.legal_actions(state)  # a deterministic order
    after = bz.apply(state, bz.Play(bz.Card.parse("AS")))  # either copy
    assert len(after.trick) == 1 and len(after.hands[0]) == 7 and len(state.hands[0]) == 8


def test_meld_kinds_and_actions_are_frozen_values() -> None:
    for name in ("COMMON_MARRIAGE", "ROYAL_MARRIAGE", "TRUMP_SEQUENCE", "BACK_DOOR",
                 "BEZIQUE", "DOUBLE_BEZIQUE", "TRIPLE_BEZIQUE", "QUADRUPLE_BEZIQUE",
                 "QUINTUPLE_BEZIQUE", "FOUR_ACES", "FOUR_TENS", "FOUR_KINGS", "FOUR_QUEENS",
                 "FOUR_JACKS", "FOUR_TRUMP_ACES", "FOUR_TRUMP_TENS", "FOUR_TRUMP_KINGS",
                 "FOUR_TRUMP_QUEENS", "FOUR_TRUMP_JACKS", "FIVE_TRUMP_ACES", "FIVE_TRUMP_TENS",
                 "FIVE_TRUMP_KINGS", "FIVE_TRUMP_QUEENS", "FIVE_TRUMP_JACKS", "CARTE_BLANCHE",
                 "TRUMP_SEVEN"):
        getattr(bz.MeldKind, name)
    play = bz.Play(bz.Card.parse("QS"))
    assert play == bz.Play(bz.Card.parse("Q♠")) and hash(play) == hash(bz.Play(play.card))
    assert bz.Pass() == bz.Pass()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.card = bz.Card.parse("JD")  # type: ignore[misc]


def test_determinize_is_consistent_with_the_observation() -> None:
    rng = random.Random(3)
    for state in walk(bz.new_deal(bz.variants.TWO_PACK, seed=6), 20, seed=6)[::5]:
        for player in range(2):
            view = bz.observe(state, player)
            guess = bz.determinize(view, rng)
            assert isinstance(guess, bz.State)
            assert bz.observe(guess, player) == view


def test_bots_choose_legal_actions_from_observations() -> None:
    rng = random.Random(1)
    state = bz.new_deal(bz.variants.TWO_PACK, seed=2)
    for bot in (bz.bots.RandomBot(), bz.bots.GreedyBot(), bz.bots.SearchBot(iterations=8)):
        view = bz.observe(state, state.to_move)
        assert bot.choose(view, rng) in bz.legal_actions(state)
    result = bz.simulate(bz.variants.TWO_PACK, [bz.bots.RandomBot(), bz.bots.RandomBot()],
                         deals=2, seed=0)
    assert result is not None


def test_testing_check_transition() -> None:
    from bezique import testing

    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    action = bz.legal_actions(state)[0]
    testing.check_transition(state, action, bz.apply(state, action))
    with pytest.raises(bz.InvariantError):
        testing.check_transition(state, action, state)


def test_seats_follow_the_game_into_its_next_deal() -> None:
    # The next deal has the next dealer, so another seat leads: player= follows it.
    rng = random.Random(3)
    game = bz.new_game(bz.variants.TWO_PACK, seed=5)
    while not game.deals:
        seat = seat_to_move(game)
        game = bz.apply(game, rng.choice(bz.legal_actions(game)), player=seat)
    seat = seat_to_move(game)
    copy = frozen_copy(game)
    with pytest.raises(bz.NotYourTurnError) as err:
        bz.apply(game, bz.legal_actions(game)[0], player=1 - seat)
    assert err.value.to_move == seat
    assert_unchanged(game, copy)


@pytest.mark.parametrize("variant", PRESETS)
def test_seats_an_observation_read_back_from_json_keeps_its_legal_actions(
        variant: bz.Variant) -> None:
    # What a server sends a seat and the client reads back (bound to the variant).
    for state in walk(bz.new_deal(variant, seed=13), 25, seed=13)[::4]:
        for player in range(variant.players):
            view = bz.observe(state, player)
            again = bz.from_json(bz.to_json(view), bz.Observation, variant=variant)
            assert again == view
            assert bz.legal_actions(again) == bz.legal_actions(view)
            assert bz.forced_action(again) == bz.forced_action(view)


def test_from_json_binds_an_observation_of_a_game() -> None:
    game = walk(bz.new_game(bz.variants.FOUR_HANDED, seed=2), 6, seed=2)[-1]
    text = bz.to_json(bz.observe(game, 3))
    assert bz.from_json(text, variant="four-handed") == bz.observe(game, 3)
    with pytest.raises(bz.SerializationError):
        bz.from_json(text, variant=bz.variants.CUTTHROAT)


def test_setup_hands_as_card_sequences_stock_top_first() -> None:
    cards = bz.parse_cards
    state = bz.setup(bz.variants.TWO_PACK,
                     hands=[cards("AS 9C 8C 7D 9H 8H 10C AC"),
                            list(cards("8S JD 9D 10H KC JH KD 9S"))],
                     turn_up=bz.Card.parse("7H"), stock=cards("QS KS QD"), dealer=1)
    for action in (bz.Play(bz.Card.parse("AS")), bz.Play(bz.Card.parse("8S")), bz.Pass()):
        state = bz.apply(state, action)
    # the winner (player 0) draws the top card, the other the next
    assert bz.Card.parse("QS") in state.hands[0] and bz.Card.parse("KS") in state.hands[1]
    rubicon = bz.setup(bz.variants.RUBICON, hands=["AS 9C 8C 7D 9H 8H 10C AC KS",
                                                   "8S JD 9D 10H KC JH KD 9S QS"])
    assert rubicon.turn_up is None and rubicon.trump is None
    with pytest.raises(bz.SetupError):
        bz.setup(bz.variants.RUBICON, hands=["AS 9C 8C 7D 9H 8H 10C AC KS",
                                             "8S JD 9D 10H KC JH KD 9S QS"],
                 turn_up=bz.Card.parse("7H"))


def test_records_of_a_set_up_position_and_of_a_game() -> None:
    start = bz.setup(bz.variants.TWO_PACK, hands=["AS 9C 8C 7D 9H 8H 10C AC",
                                                  "8S JD 9D 10H KC JH KD 9S"],
                     turn_up=bz.Card.parse("7H"), dealer=1, seed=4)
    record = bz.Record.from_play(start, [bz.Play(bz.Card.parse("AS")),
                                         bz.Play(bz.Card.parse("8S")), bz.Pass()])
    again = bz.Record.loads(record.dumps())
    assert again == record and again.final() == record.final()
    rng = random.Random(3)
    game = bz.new_game(bz.variants.TWO_PACK, seed=3)
    actions, end = [], game
    while len(end.deals) < 2:
        actions.append(rng.choice(bz.legal_actions(end)))
        end = bz.apply(end, actions[-1])
    record = bz.Record.from_play(game, actions)
    assert bz.Record.loads(record.dumps()).final() == end


def test_seats_after_the_end_every_seat_is_refused_and_nothing_changes() -> None:
    over = walk(bz.new_deal(bz.variants.TWO_PACK, seed=1), 10_000, seed=1)[-1]
    assert over.is_over and over.to_move is None
    copy = frozen_copy(over)
    for player in range(2):
        with pytest.raises(bz.IllegalActionError):
            bz.apply(over, bz.Pass(), player=player)
        with pytest.raises(bz.IllegalActionError):
            bz.check_action(over, bz.Pass(), player=player)
        assert bz.is_legal(over, bz.Pass(), player=player) is False
    assert_unchanged(over, copy)
