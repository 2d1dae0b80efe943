"""Untrusted documents cannot crash the engine (issue 12).

A program that loads a saved game from disk, a network peer or a user's upload gets
either a position the rules can reach or a ``BeziqueError``. The reproducers of the
issue are here, then a fuzz test: real documents of every variant, mutated one field at
a time; every document :func:`bezique.from_json` accepts passes
:func:`bezique.testing.check_state` and plays to the end under random play, with only
library errors escaping.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique.testing import check_game, check_observation, check_state

D = json.loads


def doc_of(obj: object) -> Any:
    return json.loads(bz.to_json(obj))


def load(doc: object) -> object:
    return bz.from_json(json.dumps(doc))


def refused(doc: object) -> str:
    with pytest.raises(bz.SerializationError) as info:
        load(doc)
    return str(info.value)


def random_line(variant: bz.Variant, seed: int) -> list[bz.State]:
    """Every state of a deal played by uniformly random legal actions."""
    state = bz.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
        states.append(state)
    return states


def fresh(variant: bz.Variant = bz.variants.TWO_PACK, seed: int = 5) -> Any:
    return doc_of(bz.new_deal(variant, seed=seed))


def record_text(initial: dict[str, Any], kind: str = "deal") -> str:
    return ("# bezique record v1\nvariant: two-pack\ndealer: 0\nkind: " + kind + "\n"
            "initial: " + json.dumps(initial, ensure_ascii=False) + "\n")


# ---------------------------------------------------------------- the reproducers


def test_a_fresh_deal_in_the_declare_stage_is_refused() -> None:
    d = fresh()
    d["stage"] = "declare"
    assert refused(d).startswith("state.stage: a declaration window opens only after")
    with pytest.raises(bz.SerializationError, match=r"line 5: state\.stage"):
        bz.Record.loads(record_text(d))


def test_carte_blanche_where_the_variant_has_none_is_refused() -> None:
    d = fresh()
    d["carte"] = [0, 1]
    assert refused(d).startswith("state.carte[1]: carte blanche is shown only in phase 1 "
                                 "of a variant that scores it")


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.RUBICON],
                         ids=lambda v: v.name)
def test_a_hand_card_moved_to_the_stock_is_refused(variant: bz.Variant) -> None:
    d = fresh(variant)
    d["stock"].append(d["hands"][0].pop())
    assert refused(d).startswith(("state.stock: 49 cards to draw", "state.stock: 111 cards"))
    d = fresh(variant)
    d["hands"][0].append(d["hands"][1].pop())
    assert refused(d).startswith("state.hands[0]: player 0 holds")


def test_a_short_stock_set_up_by_hand_is_refused_as_setup_refuses_it() -> None:
    d = fresh()
    d["seed"] = None
    d["stock"] = d["stock"][:2]
    with pytest.raises(bz.SetupError, match="multiple of 2"):
        bz.setup(bz.variants.TWO_PACK, hands=[" ".join(h) for h in d["hands"]],
                 turn_up=d["turn_up"], stock=" ".join(d["stock"]))
    assert refused(d).startswith("state.stock: 3 cards to draw")


@pytest.mark.parametrize(("field", "value", "named"), [
    ("melds", [-10, 0], "state.melds[0]: -10 is negative"),
    ("brisques", [0, -1], "state.brisques[1]: -1 is negative"),
    ("tricks", 1000, "state.played: 0 cards played in 1000 tricks of 2"),
])
def test_impossible_counts_are_refused(field: str, value: object, named: str) -> None:
    d = fresh()
    d[field] = value
    assert refused(d) == named


def _line_doc(variant: bz.Variant, seed: int, want: Any) -> tuple[bz.State, Any]:
    """The first state of the random lines from ``seed`` on that ``want`` accepts."""
    while True:
        for state in random_line(variant, seed):
            if want(state):
                return state, doc_of(state)
        seed += 1


def test_combinations_of_table_cards_that_do_not_exist_are_refused() -> None:
    _, d = _line_doc(bz.variants.TWO_PACK, 3, lambda s: s.combos and any(s.table))
    serials = d["combos"][0]["serials"]
    serials[0] = 99_999
    assert refused(d).startswith("state.combos[0].serials")


@pytest.mark.parametrize("kind", ["state", "observation"])
def test_a_marriage_of_no_cards_is_refused(kind: str) -> None:
    """Issue 40, item 7: a marriage whose ``cards`` list is empty raised an IndexError
    (the trump check read its first card before the card count was checked)."""
    state, d = _line_doc(bz.variants.TWO_PACK, 3, lambda s: any(
        c.kind is bz.MeldKind.COMMON_MARRIAGE for c in s.combos))
    if kind == "observation":
        d = doc_of(bz.observe(state, 0))
    marriage = next(c for c in d["combos"] if c["kind"] == "common_marriage")
    marriage["cards"], marriage["serials"] = [], []
    assert refused(d).startswith(f"{kind}.combos[")


def test_the_window_given_to_the_loser_is_refused() -> None:
    state, d = _line_doc(bz.variants.TWO_PACK, 3, lambda s: s.stage is bz.Stage.DECLARE)
    assert state.last_winner is not None
    d["to_move"] = 1 - state.last_winner
    assert refused(d).startswith("state.to_move: player")


def test_an_observation_whose_scores_contradict_the_rest_is_refused() -> None:
    state, _ = _line_doc(bz.variants.TWO_PACK, 3, lambda s: any(s.scores))
    d = doc_of(bz.observe(state, 0))
    d["scores"] = [s + 10 for s in d["scores"]]
    assert refused(d).startswith("observation.scores:")
    d = doc_of(bz.observe(state, 0))
    d["melds"] = [m + 20 for m in d["melds"]]
    assert refused(d).startswith("observation.melds[0]:")


def test_a_bug_in_the_reader_is_not_reported_as_bad_input(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No catch-all: an internal error escapes as itself, not as a SerializationError."""
    from bezique.serialization import _reading

    def broken(v: object, path: str) -> object:
        raise KeyError("a bug")

    monkeypatch.setitem(_reading._BY_TYPE, "Stage", broken)
    with pytest.raises(KeyError, match="a bug"):
        load(fresh())


def test_the_checker_accepts_what_the_engine_reaches() -> None:
    for state in random_line(bz.variants.CHINESE.with_options(dealer_guess=True), 11)[::25]:
        check_state(state)
        check_observation(bz.observe(state, 1))
    game = bz.new_game(bz.variants.TWO_PACK, seed=2)
    check_game(game)


# ---------------------------------------------------------------- fuzzing


VARIANTS = (*bz.variants.ALL, bz.variants.CHINESE.with_options(dealer_guess=True))


@cache
def documents(index: int) -> tuple[Any, ...]:
    """Real documents of variant ``index``: states along a random line (the start, mid
    phase 1, a window, phase 2), observations of some, and a game."""
    variant = VARIANTS[index]
    line = random_line(variant, 17 + index)
    picks = [line[0], line[len(line) // 4], line[len(line) * 3 // 4], line[-2]]
    picks += [s for s in line if s.stage is bz.Stage.DECLARE][:1]
    docs: list[Any] = [doc_of(s) for s in picks]
    docs += [doc_of(bz.observe(s, i % variant.players)) for i, s in enumerate(picks[:3])]
    game = bz.new_game(variant, seed=index)
    docs.append(doc_of(bz.apply(game, bz.legal_actions(game)[0])))
    return tuple(docs)


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``doc`` below the top (the variant left out)."""
    out: list[tuple[Any, ...]] = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for key, value in items:
        if key in ("variant", "schema", "type"):
            continue
        here = (*path, key)
        out.append(here)
        if isinstance(value, dict | list):
            out.extend(_leaves(value, here))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


CARD_TEXTS = ("AS", "10H", "KD", "QS", "JD", "9C", "8H", "7S", "7H", "QC", "JH")
VALUES: tuple[Any, ...] = (0, 1, 2, -1, 3, 24, 1000, None, True, "play", "declare", "guess",
                           "over", "S", "H", *CARD_TEXTS, [], [0, 1])


@st.composite
def mutated(draw: st.DrawFn) -> tuple[int, Any]:
    index = draw(st.integers(0, len(VARIANTS) - 1))
    docs = documents(index)
    doc = copy.deepcopy(docs[draw(st.integers(0, len(docs) - 1))])
    for _ in range(draw(st.integers(1, 2))):
        places = _leaves(doc)
        path = draw(st.sampled_from(places))
        parent, key = _at(doc, path[:-1]), path[-1]
        value = parent[key]
        how = draw(st.sampled_from(("set", "nudge", "drop", "double", "move")))
        if how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from((-10, -2, -1, 1, 2, 10)))
        elif how == "drop" and isinstance(value, list) and value:
            value.pop(draw(st.integers(0, len(value) - 1)))
        elif how == "double" and isinstance(value, list) and value:
            value.append(copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
        elif how == "move" and isinstance(value, list) and value:
            lists = [p for p in places if isinstance(_at(doc, p), list)]
            target = _at(doc, draw(st.sampled_from(lists)))
            target.append(value.pop())
        else:
            parent[key] = copy.deepcopy(draw(st.sampled_from(VALUES)))
    return index, doc


def play_out(position: bz.State | bz.Game, seed: int) -> None:
    """Random play to the end; the deal must never wedge."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if position.is_over:
            return
        actions = bz.legal_actions(position)
        assert actions, f"no legal action in {position!r}, which is not over"
        position = bz.apply(position, rng.choice(actions))
    raise AssertionError("the deal does not end")


@settings(max_examples=300)
@given(case=mutated(), seed=st.integers(0, 2**32))
def test_mutated_documents_are_refused_or_play_to_the_end(case: tuple[int, Any],
                                                          seed: int) -> None:
    _, doc = case
    try:
        obj = load(doc)
    except bz.SerializationError:
        return
    try:
        if isinstance(obj, bz.State):
            check_state(obj)
            play_out(obj, seed)
        elif isinstance(obj, bz.Observation):
            check_observation(obj)
            play_out(bz.determinize(obj, random.Random(seed)), seed)
        elif isinstance(obj, bz.Game):
            check_game(obj)
            play_out(obj, seed)
    except bz.BeziqueError as exc:  # a library error is allowed; the checker's is not
        assert not isinstance(exc, bz.InvariantError), exc
