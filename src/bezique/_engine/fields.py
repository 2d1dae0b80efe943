"""The positions of the :class:`~bezique.state.State` fields, by name.

The transitions build the next state from a list of the current one's fields
(``f = [*s]``, then ``f[HELD] = ...`` and ``new_state(State, f)``): the list is copied
from the state, and made a state again, in C, and the interpreter reads and writes a list
item by its specialised subscript, where a named tuple's attribute takes the generic
attribute look-up. A builder with named slots (a class with ``__slots__ =
State._fields``, loaded from the state and frozen into the next one) was measured against
it (issue 41): its load and its freeze are bytecode per field, about 6,400 machine
instructions a transition more than the list's (CPython 3.11, callgrind), some 8% of a
deal. The positions of that list are not written by hand: each
constant below is the position of the field of its name, looked up in
``State._fields`` when the module is imported, and the import checks the whole map
(:data:`FIELDS`: one constant for every field, in the fields' order). Reordering the
fields of :class:`~bezique.state.State` moves the constants with them; a field added
without its constant, or a constant naming no field, stops the import.
"""

from __future__ import annotations

from typing import Final

from bezique.state import State

__all__ = [
    "ACTIVE",
    "ANNOUNCED",
    "BONUS",
    "BRISQUES",
    "CARTE",
    "COMBOS",
    "DEALER",
    "FIELDS",
    "HELD",
    "LAID",
    "LAST_TRICK",
    "LAST_WINNER",
    "LEADER",
    "MELDS",
    "MEMO",
    "PACKET",
    "PENALTIES",
    "PHASE",
    "PILE",
    "PLAYED_INDEXES",
    "SEED",
    "SEEN",
    "SEVENS",
    "STAGE",
    "TABLE",
    "TO_MOVE",
    "TRICKS",
    "TRICK_INDEXES",
    "TRUMP",
    "TURN_UP_INDEX",
    "VARIANT",
    "WINDOW",
    "WON",
]

_AT: Final[dict[str, int]] = {name: i for i, name in enumerate(State._fields)}
"""Each field's position in ``State._fields``."""

VARIANT: Final[int] = _AT["variant"]
DEALER: Final[int] = _AT["dealer"]
SEED: Final[int] = _AT["seed"]
STAGE: Final[int] = _AT["stage"]
TO_MOVE: Final[int] = _AT["to_move"]
LEADER: Final[int] = _AT["leader"]
PHASE: Final[int] = _AT["phase"]
HELD: Final[int] = _AT["held"]
TABLE: Final[int] = _AT["table"]
LAID: Final[int] = _AT["laid"]
PILE: Final[int] = _AT["pile"]
TURN_UP_INDEX: Final[int] = _AT["turn_up_index"]
TRUMP: Final[int] = _AT["trump"]
TRICK_INDEXES: Final[int] = _AT["trick_indexes"]
ACTIVE: Final[int] = _AT["active"]
WINDOW: Final[int] = _AT["window"]
COMBOS: Final[int] = _AT["combos"]
MELDS: Final[int] = _AT["melds"]
SEVENS: Final[int] = _AT["sevens"]
BRISQUES: Final[int] = _AT["brisques"]
LAST_TRICK: Final[int] = _AT["last_trick"]
TRICKS: Final[int] = _AT["tricks"]
LAST_WINNER: Final[int] = _AT["last_winner"]
PLAYED_INDEXES: Final[int] = _AT["played_indexes"]
CARTE: Final[int] = _AT["carte"]
WON: Final[int] = _AT["won"]
SEEN: Final[int] = _AT["seen"]
PENALTIES: Final[int] = _AT["penalties"]
BONUS: Final[int] = _AT["bonus"]
PACKET: Final[int] = _AT["packet"]
ANNOUNCED: Final[int] = _AT["announced"]
MEMO: Final[int] = _AT["memo"]

FIELDS: Final[dict[str, int]] = {name: at for name, at in globals().items()
                                 if name.isupper() and name[0] != "_"}
"""Each constant above by name (``{"HELD": 7, ...}``): the map the import checks."""

if list(FIELDS) != [name.upper() for name in State._fields] or [*FIELDS.values()] != [
        *range(len(State._fields))]:
    raise ImportError(f"bezique._engine.fields does not map State's fields whole: {FIELDS}")
