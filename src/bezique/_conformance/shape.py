"""A state's fields have the shapes and ranges of the rules (safe on any value).

These checks come first, so that the others, and the engine after them, never meet a
field they cannot read: a wrong length, a player who does not exist, a negative count.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, cast

from bezique._conformance.common import fail, require, require_value, short
from bezique._engine.shuffle import is_seed
from bezique.cards import ALL_CARDS, Card, Suit
from bezique.melds import MeldKind
from bezique.state import Combination, Stage, State, TableCard, laid_of
from bezique.variants import Variant

__all__ = ["check_shape"]

_SOUND: set[object] = set()
"""Combinations already found well formed (a deal's combinations are shared by its states)."""
_PER_SIDE = ("melds", "sevens", "brisques", "last_trick", "penalties", "bonus")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _player(value: object, field: str, players: int, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not (_is_int(value) and 0 <= value < players):  # type: ignore[operator]
        fail(field, f"{short(value)} is not a player (0-{players - 1})")


def _cards(value: object, field: str) -> None:
    if isinstance(value, tuple) and all(map(isinstance, value, repeat(Card))):
        return
    if not isinstance(value, tuple):
        fail(field, f"expected a tuple of cards, not {short(value)}")
    for i, card in enumerate(cast(tuple[object, ...], value)):
        require_value(isinstance(card, Card), f"{field}[{i}]", card, "is not a card")


def _indexes(value: object, field: str) -> None:
    """``value`` is a tuple of card indexes (``Card.index``, 0-31): the form of the stock
    and of the current trick."""
    if not isinstance(value, tuple):
        fail(field, f"expected a tuple of card indexes, not {short(value)}")
    for i, index in enumerate(cast(tuple[object, ...], value)):
        require_value(_is_int(index) and 0 <= index < len(ALL_CARDS),  # type: ignore[operator]
                      f"{field}[{i}]", index, "is not a card index (0-31)")


def _per_player(value: object, field: str, players: int) -> tuple[Any, ...]:
    if not (isinstance(value, tuple) and len(value) == players):
        fail(field, f"expected one entry for each of the {players} players, not {short(value)}")
    return value


def _table_cards(value: object, field: str) -> None:
    if not isinstance(value, tuple):
        fail(field, f"expected a tuple of table cards, not {short(value)}")
    for i, tc in enumerate(cast(tuple[object, ...], value)):
        if not (isinstance(tc, TableCard) and isinstance(tc.card, Card)
                and _is_int(tc.serial) and tc.serial >= 0
                and _is_int(tc.used) and 0 <= tc.used <= 31):
            fail(f"{field}[{i}]", f"{short(tc)} is not a table card (a card, a serial >= 0, "
                                  "class bits 0-31)")


def _combination(combo: object, field: str, players: int, sides: int) -> None:
    if combo in _SOUND:
        return
    require_value(isinstance(combo, Combination) and isinstance(combo.kind, MeldKind), field,
                  combo, "is not a combination")
    assert isinstance(combo, Combination)
    _player(combo.player, f"{field}.player", players)
    require_value(_is_int(combo.side) and 0 <= combo.side < sides, f"{field}.side",
                  combo.side, "is not a side")
    _cards(combo.cards, f"{field}.cards")
    require(isinstance(combo.serials, tuple) and all(_is_int(s) for s in combo.serials),
            f"{field}.serials", "expected a tuple of serial numbers")
    require(_is_int(combo.points) and isinstance(combo.superseded, bool), field,
            "points must be a whole number and superseded true or false")
    if len(_SOUND) > 4096:
        _SOUND.clear()
    _SOUND.add(combo)


def _flow(s: State, players: int) -> None:
    _player(s.dealer, "dealer", players)
    _player(s.leader, "leader", players)
    _player(s.to_move, "to_move", players, optional=True)
    _player(s.last_winner, "last_winner", players, optional=True)
    require_value(isinstance(s.stage, Stage), "stage", s.stage, "is not a stage")
    require_value(s.phase in (1, 2) and _is_int(s.phase), "phase", s.phase, "is not 1 or 2")
    require_value(_is_int(s.window) and 0 <= s.window <= 15, "window",
                  s.window, "is not a set of window flags (0-15)")
    require(isinstance(s.active, tuple) and bool(s.active) and len(set(s.active))
            == len(s.active), "active", "must list distinct players")
    for i, p in enumerate(s.active):
        _player(p, f"active[{i}]", players)
    require(s.leader in s.active, "leader", f"player {s.leader} is not among the active players")
    # the trick's players follow from the leader (R2.4): its cards are the state's field
    _indexes(s.trick_indexes, "trick_indexes")
    require_value(_is_int(s.tricks) and s.tricks >= 0, "tricks", s.tricks, "is negative")
    require_value(_is_int(s.packet) and s.packet >= 0, "packet", s.packet, "is negative")
    require_value(s.seed is None or is_seed(s.seed), "seed",
                  s.seed, "is not a seed (0 to 2**64 - 1)")


def check_shape(s: State) -> None:
    """Every field of ``s`` has the type, length and range the engine reads it with."""
    if not isinstance(s, State):
        raise TypeError(f"expected a State, not {type(s).__name__}")
    variant = s.variant
    if not isinstance(variant, Variant):
        fail("variant", f"{short(variant)} is not a variant")
    players, sides = variant.players, variant.deal.side_count
    _flow(s, players)
    for p, hand in enumerate(_per_player(s.hands, "hands", players)):
        _cards(hand, f"hands[{p}]")
    for p, cards in enumerate(_per_player(s.exposed, "exposed", players)):
        _cards(cards, f"exposed[{p}]")
    for name in ("table", "won"):
        for p, cards in enumerate(_per_player(getattr(s, name), name, players)):
            _table_cards(cards, f"{name}[{p}]")
    require(s.laid == laid_of(s.table), "laid",  # the engine's count vectors of the tables
            f"{short(s.laid)} does not count the cards of the tables")
    for p, privilege in enumerate(_per_player(s.carte, "carte", players)):
        if not (_is_int(privilege) and 0 <= privilege <= 3):
            fail(f"carte[{p}]", f"{short(privilege)} is not a carte blanche state (0-3)")
    _indexes(s.pile, "pile")  # the stock, top card first
    _cards(s.played, "played")
    require_value(s.turn_up is None or isinstance(s.turn_up, Card), "turn_up",
                  s.turn_up, "is not a card")
    require_value(s.trump is None or isinstance(s.trump, Suit), "trump",
                  s.trump, "is not a suit")
    for name in _PER_SIDE:
        values = getattr(s, name)
        if not (isinstance(values, tuple) and len(values) == sides):
            fail(name, f"expected one number for each of the {sides} sides, not {short(values)}")
        for i, v in enumerate(values):
            if not (_is_int(v) and v >= 0):
                fail(f"{name}[{i}]", f"{short(v)} is negative")
    require(isinstance(s.combos, tuple), "combos", "expected a tuple of combinations")
    for i, combo in enumerate(s.combos):
        _combination(combo, f"combos[{i}]", players, sides)
    require(isinstance(s.announced, tuple), "announced", "expected a tuple of combinations")
    for i, combo in enumerate(s.announced):  # R13.7
        _combination(combo, f"announced[{i}]", players, sides)
