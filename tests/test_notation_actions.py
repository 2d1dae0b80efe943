"""Action notation (API.md "Notation and serialisation"; :mod:`bezique.notation`).

Every action formats to one plain ASCII line and parses back, with or without a
position; reading is forgiving about case, spaces and suit symbols; bad text raises
``NotationError`` naming what is wrong, and arbitrary text raises nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique.notation import card_text
from strategies import play_deal

FORMATS = [
    (bz.Play("QS"), "play QS"),
    (bz.Play("QS", from_table=True), "play QS table"),
    (bz.Play("QS", from_table=False), "play QS hand"),
    (bz.Play("10D"), "play 10D"),
    (bz.Declare("double_bezique", "QS JD QS JD"), "declare double_bezique QS QS JD JD"),
    (bz.Declare("royal_marriage", "QH KH"), "declare royal_marriage KH QH"),
    (bz.Declare("carte_blanche", "AS 10S 9H 8H 7D 7C AC 10C 9C"),
     "declare carte_blanche AS 10S 9H 8H 7D AC 10C 9C 7C"),
    (bz.Declare("trump_seven", "7H"), "declare trump_seven 7H"),
    (bz.ExchangeSeven("7H"), "exchange 7H"),
    (bz.Pass(), "pass"),
    (bz.GuessPacket(24), "guess 24"),
]


@pytest.mark.parametrize(("action", "text"), FORMATS, ids=[t for _, t in FORMATS])
def test_format_and_parse(action: bz.Action, text: str) -> None:
    assert bz.format_action(action) == text
    assert text.isascii()
    assert bz.parse_action(None, text) == action
    assert bz.parse_action(None, str(action)) == action  # the unicode str() form reads too


@pytest.mark.parametrize(("text", "action"), [
    ("  PLAY   q♠  ", bz.Play("QS")),
    ("Play QS TABLE", bz.Play("QS", from_table=True)),
    ("play q♤ from table", bz.Play("QS", from_table=True)),
    ("play TD from hand", bz.Play("10D", from_table=False)),
    ("declare Double-Bezique JD,QS, JD QS", bz.Declare("double_bezique", "QS QS JD JD")),
    ("DECLARE bezique j♦ q♠", bz.Declare("bezique", "QS JD")),
    ("exchange 7♥", bz.ExchangeSeven("7H")),
    ("\tPASS\n", bz.Pass()),
    ("guess   18", bz.GuessPacket(18)),
])
def test_reading_is_forgiving(text: str, action: bz.Action) -> None:
    assert bz.parse_action(None, text) == action


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty text"),
    ("fold QS", "unknown verb 'fold'"),
    ("play", "play takes a card"),
    ("play QX", "'QX' is not a card: unknown suit 'X'"),
    ("play QS QH", "unknown place 'QH'"),
    ("play QS from", "'from' must be followed by 'table' or 'hand'"),
    ("play QS from table now", "at most a place"),
    ("pass now", "pass takes no arguments, not 1"),
    ("exchange", "exchange takes one card"),
    ("exchange 7H 7S", "exchange takes one card (the seven of trumps), not 2"),
    ("declare", "declare takes a meld name and its cards"),
    ("declare bezique", "bezique needs its cards"),
    ("declare bezique QS", "bezique takes 2 cards, not 1"),
    ("declare four_aces AS AH AD", "four_aces takes 4 cards, not 3"),
    ("declare trump_seven 7H 7H", "trump_seven takes 1 card, not 2"),
    ("declare marriage KH QH", "unknown meld name 'marriage'"),
    ("declare bezique QS JX", "'JX' is not a card"),
    ("declare QS JD", "name the meld of QS JD"),
    ("declare 1X JD", "'1X' is not a card"),
    ("guess", "guess takes one number"),
    ("guess many", "'many' is not a packet size"),
    ("guess -3", "'-3' is not a packet size"),
])
def test_bad_text_is_named(text: str, message: str) -> None:
    with pytest.raises(bz.NotationError) as info:
        bz.parse_action(None, text)
    assert message in str(info.value)


def test_format_rejects_other_values() -> None:
    with pytest.raises(bz.NotationError, match="is not an action"):
        bz.format_action("pass")  # type: ignore[arg-type]


def random_states(variant: bz.Variant, seed: int) -> Iterator[bz.State]:
    """The states of a deal played by uniformly random legal actions, before each action."""
    start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    for state, _, _ in play_deal(start, random.Random(seed)):
        yield state


@pytest.mark.parametrize("variant", [*bz.variants.ALL,
                                     bz.variants.CHINESE.with_options(dealer_guess=True)],
                         ids=lambda v: v.name)
def test_every_legal_action_round_trips(variant: bz.Variant) -> None:
    for seed in (1, 2):
        for state in random_states(variant, seed):
            for action in bz.legal_actions(state):
                text = bz.format_action(action)
                assert text.isascii()
                assert bz.parse_action(state, text) == action
                assert bz.parse_action(None, text) == action


def test_a_declaration_without_meld_name_is_resolved_in_a_position() -> None:
    found = 0
    for seed in range(20):
        for state in random_states(bz.variants.TWO_PACK, seed):
            for action in bz.legal_actions(state):
                if isinstance(action, bz.Declare):
                    cards = " ".join(card_text(c) for c in reversed(action.cards))
                    assert bz.parse_action(state, f"declare {cards}") == action
                    found += 1
    assert found > 10


def test_a_declaration_without_meld_name_that_is_not_legal() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.NotationError, match="no legal declaration is made of QS JD"):
        bz.parse_action(state, "declare QS JD")


def test_an_ambiguous_declaration_is_refused() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    observation = bz.observe(state, state.to_move)
    cards = "KH QH"
    both = attrs.evolve(observation, legal_actions=(bz.Declare("common_marriage", cards),
                                                    bz.Declare("royal_marriage", cards)))
    with pytest.raises(bz.NotationError, match="ambiguous: KH QH could be common_marriage or "
                                               "royal_marriage; name the meld"):
        bz.parse_action(both, "declare KH QH")
    assert bz.parse_action(both, "declare royal_marriage KH QH") == both.legal_actions[1]


def test_a_meld_the_variant_does_not_know() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.NotationError, match="two-pack has no meld 'back_door'"):
        bz.parse_action(state, "declare back_door AH 10H KH QH JH")
    game = bz.new_game(bz.variants.RUBICON, seed=1)
    assert bz.parse_action(game, "declare back_door AH 10H KH QH JH") == bz.Declare(
        "back_door", "AH 10H KH QH JH")


def test_play_of_a_card_in_hand_and_on_the_table_means_the_hand_copy() -> None:
    """Not ambiguous: ``play QS`` is ``Play(QS)``, which takes the hand copy."""
    for seed in range(40):
        for state in random_states(bz.variants.TWO_PACK, seed):
            p = state.to_move
            if state.stage is not bz.Stage.PLAY or (state.trick and state.phase == 2):
                continue
            both = set(state.hands[p]) & set(state.tables[p])
            if not both:
                continue
            card = min(both)
            action = bz.parse_action(state, f"play {card_text(card)}")
            assert action == bz.Play(card)
            after = bz.apply(state, action)
            assert after.hands[p].count(card) == state.hands[p].count(card) - 1
            assert after.tables[p] == state.tables[p]
            from_table = bz.parse_action(state, f"play {card_text(card)} table")
            assert bz.apply(state, from_table).hands[p] == state.hands[p]
            return
    pytest.fail("no position with a card both in hand and on the table")


VOCABULARY = ["play", "declare", "exchange", "pass", "guess", "table", "hand", "from",
              "bezique", "double_bezique", "carte_blanche", "royal-marriage", "four_aces",
              "QS", "JD", "10H", "td", "7♥", "Q♠", "QX", "1", "24", "", " ", ",", "§", "ß"]


@settings(max_examples=300)
@given(st.text())
def test_arbitrary_text_raises_only_notation_error(text: str) -> None:
    try:
        action = bz.parse_action(None, text)
    except bz.NotationError:
        return
    assert bz.parse_action(None, bz.format_action(action)) == action


@settings(max_examples=300)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=7), st.integers(0, 200))
def test_token_soup_raises_only_notation_error(tokens: list[str], at: int) -> None:
    states = POSITIONS
    state = states[at % len(states)]
    for position in (None, state):
        try:
            action = bz.parse_action(position, " ".join(tokens))
        except bz.NotationError:
            continue
        assert bz.parse_action(None, bz.format_action(action)) == action


POSITIONS = [s for v in (bz.variants.TWO_PACK, bz.variants.RUBICON, bz.variants.FILDINSKI)
             for s in list(random_states(v, 4))[::5]]
