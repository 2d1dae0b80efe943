"""Helpers shared by the scenario tests of the variants (explicit positions and refusals)."""

from __future__ import annotations

import copy
import re

import pytest

import bezique as bz
from bezique.state import Window

K = bz.MeldKind


def cards(text: str) -> tuple[bz.Card, ...]:
    return tuple(sorted(bz.parse_cards(text)))


def play(state: bz.State, *plays: str) -> bz.State:
    """Play the given cards, one per move, in turn order."""
    for card in plays:
        state = bz.apply(close_announcements(state), bz.Play(card))
    return state


def close_announcements(state: bz.State) -> bz.State:  # or a Game
    """``state``, or after ``Pass`` if its window stays open only for announcements after
    the combination scored in it (R13.7): the tests of other rules go on to the next trick
    as they did before announcements existed."""
    deal = state.current if isinstance(state, bz.Game) else state
    if (deal.stage is bz.Stage.DECLARE and Window.DECLARED in deal.window
            and Window.COMBO_DONE in deal.window
            and any(isinstance(a, bz.Announce) for a in bz.legal_actions(deal))):
        return bz.apply(state, bz.Pass())
    return state


def decl(kind: bz.MeldKind, text: str) -> bz.Declare:
    return bz.Declare(kind, cards(text))


def combos(state: bz.State) -> list[bz.Declare]:
    """The combinations among the legal actions (trump-seven declarations excluded)."""
    return [a for a in bz.legal_actions(state)
            if isinstance(a, bz.Declare) and a.meld is not K.TRUMP_SEVEN]


def assert_illegal(state: bz.State, action: object, *rule_ids: str) -> str:
    """``action`` is refused with IllegalActionError citing one of ``rule_ids``; the state is
    unchanged (``==`` and every field), and the action is neither listed nor ``is_legal``."""
    before = copy.copy(state)
    fields = repr(state[:-1])
    listed = bz.legal_actions(state)
    assert action not in listed, f"{action} is listed as legal"
    with pytest.raises(bz.IllegalActionError) as info:
        bz.apply(state, action)  # type: ignore[arg-type]
    message = str(info.value)
    assert re.search(r"R\d+\.\d+", message), f"message {message!r} names no rule id"
    assert any(rule in message for rule in rule_ids), (
        f"message {message!r} cites none of {rule_ids}")
    assert not bz.is_legal(state, action)  # type: ignore[arg-type]
    assert state == before and repr(state[:-1]) == fields, "the illegal action changed the state"
    assert bz.legal_actions(state) == listed
    return message
