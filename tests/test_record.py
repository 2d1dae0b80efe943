"""Game records (API.md "Notation and serialisation"; :mod:`bezique.record`).

Random deals and games of every variant are recorded, written as text, read back and
replayed: the replay passes through the very same positions. Hand-set positions and
custom variants are recorded too. Bad records raise ``SerializationError`` (headers) or
``NotationError`` (action lines) naming the line; arbitrary text raises nothing else.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique.record import RecordLineError


def play_deal(variant: bz.Variant, seed: int, dealer: int = 0
              ) -> tuple[bz.State, list[bz.Action], list[bz.State]]:
    start = bz.new_deal(variant, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    state, actions, states = start, [], [start]
    while not state.is_over:
        action = rng.choice(bz.legal_actions(state))
        actions.append(action)
        state = bz.apply(state, action)
        states.append(state)
    return start, actions, states


def play_game(variant: bz.Variant, seed: int) -> tuple[bz.Game, list[bz.Action], bz.Game]:
    start = bz.new_game(variant, seed=seed)
    rng = random.Random(seed)
    game, actions = start, []
    while not game.is_over:
        action = rng.choice(bz.legal_actions(game))
        actions.append(action)
        game = bz.apply(game, action)
    return start, actions, game


def game_variant(variant: bz.Variant) -> bz.Variant:
    return variant.with_options(target=300) if "target" in variant.options() else variant


GUESSING = bz.variants.CHINESE.with_options(dealer_guess=True)
ALL = [*bz.variants.ALL, GUESSING]
IDS = [v.name if v in bz.variants.ALL else f"{v.name}-guess" for v in ALL]


@pytest.mark.parametrize("variant", ALL, ids=IDS)
@settings(max_examples=3, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_random_deals_dump_load_and_replay(variant: bz.Variant, seed: int) -> None:
    dealer = seed % variant.players
    start, actions, states = play_deal(variant, seed, dealer)
    record = bz.Record.from_play(start, actions)
    assert (record.seed, record.dealer, record.kind, record.initial) == (seed, dealer, "deal",
                                                                          None)
    text = record.dumps()
    assert text.isascii()
    loaded = bz.Record.loads(text)
    assert loaded == record
    assert list(loaded.replay()) == states
    assert loaded.final() == states[-1]
    assert loaded.dumps() == text


@pytest.mark.parametrize("variant", ALL, ids=IDS)
def test_random_games_dump_load_and_replay(variant: bz.Variant) -> None:
    for seed in (5, 6):
        check_game_record(variant, seed)


def check_game_record(variant: bz.Variant, seed: int) -> None:
    start, actions, final = play_game(game_variant(variant), seed)
    record = bz.Record.from_play(start, actions)
    assert record.kind == "game" and record.initial is None
    loaded = bz.Record.loads(record.dumps())
    assert loaded == record
    positions = list(loaded.replay())
    assert positions[0] == start and positions[-1] == final
    assert len(positions) == len(actions) + 1
    assert loaded.final() == final


def test_the_text_format() -> None:
    start, actions, _ = play_deal(bz.variants.TWO_PACK, 7)
    record = bz.Record.from_play(start, actions[:3])
    lines = record.dumps().splitlines()
    assert lines[:5] == ["# bezique record v1", "variant: two-pack", "seed: 7", "dealer: 0",
                         "kind: deal"]
    player = start.to_move
    assert lines[5] == f"{player}: {bz.format_action(actions[0])}"
    assert all(not line.startswith("#") for line in lines[1:])
    assert len(lines) == 8


def test_a_game_record_marks_its_deals() -> None:
    start, actions, final = play_game(game_variant(bz.variants.TWO_PACK), 2)
    text = bz.Record.from_play(start, actions).dumps()
    assert "# deal 1, dealt by player 0" in text
    if len(final.deals) > 1:
        assert "# deal 2, dealt by player 1" in text


def test_a_custom_variant_is_written_as_json() -> None:
    variant = bz.variants.TWO_PACK.with_options(brisque_timing="end_of_deal", four_tens=100)
    start, actions, states = play_deal(variant, 3)
    text = bz.Record.from_play(start, actions).dumps()
    line = text.splitlines()[1]
    assert line.startswith('variant: {"schema": 1, "type": "variant", "name": "two-pack"')
    loaded = bz.Record.loads(text)
    assert loaded.variant == variant
    assert loaded.final() == states[-1]


def test_a_position_set_up_by_hand_is_written_whole() -> None:
    start = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
                                                  "QS JD AH 10H KC QC 9S 8D"],
                     turn_up="7H", seed=5, dealer=1)
    rng = random.Random(1)
    state, actions = start, []
    for _ in range(30):
        action = rng.choice(bz.legal_actions(state))
        actions.append(action)
        state = bz.apply(state, action)
    record = bz.Record.from_play(start, actions)
    assert record.initial == start and record.seed is None and record.dealer == 1
    text = record.dumps()
    assert "seed:" not in text
    assert any(line.startswith('initial: {"schema": 1, "type": "state"')
               for line in text.splitlines())
    loaded = bz.Record.loads(text)
    assert loaded == record and loaded.final() == state


def test_a_record_may_start_in_the_middle_of_a_deal_or_game() -> None:
    _, actions, states = play_deal(bz.variants.RUBICON, 4)
    record = bz.Record.from_play(states[20], actions[20:])
    assert record.initial == states[20] and record.seed == 4
    loaded = bz.Record.loads(record.dumps())
    assert loaded == record and loaded.final() == states[-1]
    game_start, game_actions, final = play_game(game_variant(bz.variants.CUTTHROAT), 1)
    middle = game_start
    for action in game_actions[:50]:
        middle = bz.apply(middle, action)
    record = bz.Record.from_play(middle, game_actions[50:])
    loaded = bz.Record.loads(record.dumps())
    assert loaded == record and loaded.final() == final


HAND_WRITTEN = """
# bezique record v1
# a deal written by hand

variant: Two_Pack     # an alias
seed: 7
dealer: 0
kind: deal

1: play q♠   # the queen of spades
0: play 10D
"""


def test_hand_written_records_with_comments_and_blank_lines() -> None:
    record = bz.Record.loads(HAND_WRITTEN)
    assert record.variant is bz.variants.TWO_PACK
    assert record.actions == (bz.Play("QS"), bz.Play("10D"))


def test_a_declaration_may_leave_out_the_meld_name() -> None:
    for seed in range(30):
        start, actions, states = play_deal(bz.variants.TWO_PACK, seed)
        for i, action in enumerate(actions):
            if isinstance(action, bz.Declare):
                text = bz.Record.from_play(start, actions[:i + 1]).dumps()
                short = text.replace(f"declare {action.meld.value} ", "declare ")
                assert bz.Record.loads(short).final() == states[i + 1]
                return
    pytest.fail("no declaration in 30 random deals")


HEADER = "# bezique record v1\nvariant: two-pack\nseed: 7\ndealer: 0\nkind: deal\n"


@pytest.mark.parametrize(("text", "message"), [
    ("variant: two-pack\n", "line 1: a record starts with '# bezique record v1'"),
    ("", "a record starts with '# bezique record v1'"),
    ("# bezique record v2\n", "line 1: unknown record version 2"),
    ("# bezique record v1\nvariant: skat\nseed: 1\ndealer: 0\nkind: deal\n",
     "line 2: unknown variant 'skat'"),
    ("# bezique record v1\nvariant: {\"schema\": 1}\nseed: 1\ndealer: 0\nkind: deal\n",
     "line 2: document: missing field 'type'"),
    (HEADER + "seed: 8\n", "line 6: header 'seed' appears twice"),
    (HEADER.replace("seed: 7", "seed: seven"), "line 3: seed must be a whole number"),
    (HEADER.replace("dealer: 0", "dealer: 2"), "line 4: dealer must be a player 0-1, not 2"),
    (HEADER.replace("kind: deal", "kind: match"), "line 5: kind must be 'deal' or 'game'"),
    (HEADER.replace("kind: deal", "colour: red"), "line 5: unknown header 'colour'"),
    (HEADER.replace("kind: deal\n", ""), "the record has no 'kind' line"),
    (HEADER.replace("seed: 7\n", ""), "neither a 'seed' nor an 'initial' line"),
    (HEADER.replace("dealer: 0\n", ""), "the record has no 'dealer' line"),
    (HEADER.replace("deal\n", "game\n").replace("dealer: 0", "dealer: 1"),
     "a game's first deal is dealt by player 0"),
    (HEADER + "initial: {}\n", "line 6: document: missing field 'schema'"),
    (HEADER + "just words\n", "line 6: expected 'name: value'"),
])
def test_bad_headers_raise_serialization_error(text: str, message: str) -> None:
    with pytest.raises(bz.SerializationError) as info:
        bz.Record.loads(text)
    assert message in str(info.value)


@pytest.mark.parametrize(("lines", "message"), [
    ("0: play QS\n", "line 6: player 0 acts, but it is player 1's turn"),
    ("1: play\n", "line 6: 'play': play takes a card"),
    ("1: dance QS\n", "line 6: 'dance QS': unknown verb 'dance'"),
    ("1: play QS\nx: play 10D\n",
     "line 7: expected '<player>: <action>', with the player's number"),
    ("1: play QS\nplay 10D\n", "line 7: expected '<player>: <action>'"),
    ("1: declare back_door AH 10H KH QH JH\n", "two-pack has no meld 'back_door'"),
])
def test_bad_action_lines_raise_notation_error(lines: str, message: str) -> None:
    with pytest.raises(bz.NotationError) as info:
        bz.Record.loads(HEADER + lines)
    assert message in str(info.value)


def test_an_illegal_action_names_its_line_and_rule() -> None:
    with pytest.raises(RecordLineError) as info:
        bz.Record.loads(HEADER + "1: pass\n")
    assert isinstance(info.value, bz.NotationError)
    assert isinstance(info.value, bz.IllegalActionError)
    assert str(info.value).startswith("line 6: 'pass' is not legal: R2.6")


def test_no_action_after_the_end() -> None:
    start, actions, _ = play_deal(bz.variants.TWO_PACK, 2)
    text = bz.Record.from_play(start, actions).dumps() + "0: pass\n"
    with pytest.raises(bz.NotationError, match="the deal is over; no action follows"):
        bz.Record.loads(text)


def test_from_play_checks_the_actions() -> None:
    start = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.IllegalActionError, match=r"action 1 \(pass\): R2.6"):
        bz.Record.from_play(start, [bz.Pass()])
    with pytest.raises(TypeError):
        bz.Record.from_play("start", [])  # type: ignore[arg-type]


def test_a_record_without_seed_or_position() -> None:
    record = bz.Record(bz.variants.TWO_PACK, None)
    with pytest.raises(bz.SerializationError):
        record.final()
    with pytest.raises(bz.SerializationError):
        bz.Record(bz.variants.TWO_PACK, 1, kind="match")  # type: ignore[arg-type]


VALID = bz.Record.from_play(*play_deal(bz.variants.TWO_PACK, 9)[:2]).dumps()


@settings(max_examples=200)
@given(st.text())
def test_arbitrary_text_raises_only_record_errors(text: str) -> None:
    with contextlib.suppress(bz.NotationError, bz.SerializationError):
        bz.Record.loads(text)


@settings(max_examples=200)
@given(st.integers(min_value=0), st.text(max_size=12), st.sampled_from(["insert", "replace",
                                                                         "cut"]))
def test_damaged_records_raise_only_record_errors(at: int, junk: str, how: str) -> None:
    lines = VALID.splitlines()
    i = at % len(lines)
    if how == "insert":
        lines.insert(i, junk)
    elif how == "replace":
        lines[i] = lines[i].split(":")[0] + ": " + junk
    else:
        lines = lines[:i]
    with contextlib.suppress(bz.NotationError, bz.SerializationError):
        bz.Record.loads("\n".join(lines))


@settings(max_examples=200)
@given(st.text(alphabet=st.sampled_from("0123:# \n\t²\u0661playdecrxhngs QSJD10H7♠,{}\"")))
def test_action_text_after_a_valid_header_raises_only_record_errors(body: str) -> None:
    try:
        record = bz.Record.loads(HEADER + body)
    except (bz.NotationError, bz.SerializationError):
        return
    assert bz.Record.loads(record.dumps()) == record
