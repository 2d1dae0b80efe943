"""Property tests: states, games and values are immutable, and ``apply`` is pure.

``bz.apply`` must never change its input (API.md "Deals"): every state of a random deal
is kept, with a deep copy and its hash taken before the next action; after the deal
(and after trying every other legal action from every state) each kept state still
equals its copy, and replaying the same actions from a fresh deal gives equal states.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import bezique as bz
from strategies import DealPath, GamePath, deal_paths, game_paths, reachable_states


def _saved(value: Any) -> Any:
    """A deep copy of a state or game, sharing the variant (whose compiled tables are a
    cache, not part of the value)."""
    variant = value.variant
    return copy.deepcopy(value, {id(variant): variant})


def _fresh(state: bz.State) -> bz.State:
    """An equal state with no cached legal actions, rebuilt from its fields."""
    replace = getattr(state, "replace", None)
    return replace() if replace is not None else copy.deepcopy(state)


@settings(max_examples=40)
@given(path=deal_paths())
def test_apply_never_mutates_its_input(path: DealPath) -> None:
    """Every state of a deal is unchanged by the actions applied to it, by every other
    legal action tried from it, and by everything that came after."""
    states: list[bz.State] = []
    copies: list[bz.State] = []
    hashes: list[int] = []
    legal: list[tuple[bz.Action, ...]] = []
    actions: list[bz.Action] = []
    for before, action, after in path.steps():
        if not states:
            states.append(before)
            copies.append(_saved(before))
            hashes.append(hash(before))
            legal.append(bz.legal_actions(before))
        actions.append(action)
        states.append(after)
        copies.append(_saved(after))
        hashes.append(hash(after))
        legal.append(bz.legal_actions(after))
        assert before == copies[-2], f"{action} changed the state it was applied to"
    # branch: every other legal action from every state
    for state in states:
        for action in bz.legal_actions(state):
            bz.apply(state, action)
    for i, state in enumerate(states):
        assert state == copies[i], f"state {i} changed"
        assert copies[i] == state
        assert hash(state) == hashes[i], f"the hash of state {i} changed"
        assert hash(copies[i]) == hashes[i]
        assert bz.legal_actions(state) == legal[i]
        assert bz.legal_actions(_fresh(state)) == legal[i], (
            f"state {i}: cached legal actions differ from freshly computed ones")
    # replay from a fresh deal
    replay = path.start()
    assert replay == states[0] and replay is not states[0]
    for i, action in enumerate(actions):
        replay = bz.apply(replay, action)
        assert replay == states[i + 1], f"replaying action {i} ({action}) gave another state"
        assert hash(replay) == hashes[i + 1]
        assert bz.legal_actions(replay) == legal[i + 1]


@settings(max_examples=15)
@given(path=game_paths(target=300))
def test_apply_never_mutates_a_game(path: GamePath) -> None:
    """The same for games: every game value along the way is unchanged, and a replay
    from a new game gives equal values."""
    games: list[bz.Game] = []
    copies: list[bz.Game] = []
    actions: list[bz.Action] = []
    for before, action, after in path.steps():
        if not games:
            games.append(before)
            copies.append(_saved(before))
        actions.append(action)
        games.append(after)
        copies.append(_saved(after))
    for i, game in enumerate(games):
        assert game == copies[i], f"game {i} changed"
        assert hash(game) == hash(copies[i])
    replay = path.start()
    for i, action in enumerate(actions):
        replay = bz.apply(replay, action)
        assert replay == games[i + 1]


@settings(max_examples=40)
@given(state=reachable_states())
def test_states_cannot_be_changed(state: bz.State) -> None:
    """A state's attributes cannot be set, and its collections are tuples."""
    for name in ("to_move", "hands", "trick", "stock", "turn_up", "trump", "variant"):
        with pytest.raises(AttributeError):
            setattr(state, name, None)
    assert isinstance(state.hands, tuple)
    assert all(isinstance(hand, tuple) for hand in state.hands)
    assert isinstance(state.tables, tuple)
    assert all(isinstance(table, tuple) for table in state.tables)
    assert isinstance(state.trick, tuple)
    assert isinstance(state.scores, tuple)
    assert isinstance(bz.legal_actions(state), tuple)


def test_values_are_frozen() -> None:
    """Cards, actions, variants and games are frozen values."""
    card = bz.Card.parse("QS")
    values: list[tuple[Any, str]] = [
        (card, "rank"),
        (bz.Play(card), "card"),
        (bz.Declare(bz.MeldKind.BEZIQUE, "QS JD"), "cards"),
        (bz.ExchangeSeven("7H"), "card"),
        (bz.variants.TWO_PACK, "name"),
        (bz.variants.TWO_PACK.scoring, "target"),
        (bz.new_game(bz.variants.TWO_PACK, seed=1), "totals"),
    ]
    for value, name in values:
        with pytest.raises(AttributeError):
            setattr(value, name, None)
    with pytest.raises(AttributeError):
        bz.Pass().x = 1  # type: ignore[attr-defined]
    assert attrs.evolve(bz.variants.TWO_PACK) == bz.variants.TWO_PACK


def test_replace_gives_a_fresh_legal_action_cache() -> None:
    """``State._replace`` never shares the old state's legal-action cache (issue 10)."""
    import bezique as bz
    from bezique.state import Stage

    s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    assert bz.legal_actions(s)  # fills the cache of ``s``
    over = s._replace(stage=Stage.OVER, to_move=None)
    assert over.memo is not s.memo
    assert bz.legal_actions(over) == ()
    assert bz.legal_actions(s)


@pytest.mark.parametrize(("changes", "field"), [
    ({"hands": ("AS KS", "QS")}, "hands"),
    ({"hands": 5}, "hands"),
    ({"table": (("AS",), ())}, "table"),
    ({"stock": "AS KS"}, "stock"),
    ({"stock": ["AS"]}, "stock"),
    ({"stock": [bz.Card.parse("AS"), None]}, "stock"),
])
def test_replace_refuses_a_value_not_made_of_cards(changes: dict[str, Any], field: str) -> None:
    """A hand, table or stock given as text, not cards, is refused with an error naming the
    field (the engine keeps them as counts and indexes: nothing else would be stored)."""
    s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    before = s.hands, s.stock
    with pytest.raises(bz.InvariantError) as caught:
        s.replace(**changes)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: expected ")
    assert (s.hands, s.stock) == before
    assert s.replace(hands=s.hands, stock=s.stock, table=s.table) == s


def test_replace_names_a_field_the_state_does_not_have() -> None:
    s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    with pytest.raises(bz.BeziqueError, match="State has no field 'colour'"):
        s.replace(colour="red")
