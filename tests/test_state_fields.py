"""The transitions address a state's fields by name: the map of positions is checked whole.

:mod:`bezique._engine.fields` gives each :class:`~bezique.state.State` field a constant,
its position in the list the next state is built from (``f[HANDS]``). These tests hold the
map against the fields themselves, every field in order, so that two fields of the same
type swapped in the map (or in the class) cannot go unnoticed; and they keep positions
written by hand (``... = range(31)``) out of the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import bezique
from bezique._engine import fields
from bezique.state import State

ENGINE_MODULES = [Path(bezique.__file__).resolve().parent / "engine.py",
                  *sorted((Path(bezique.__file__).resolve().parent / "_engine").glob("*.py"))]


def test_every_field_has_its_constant_in_the_fields_order() -> None:
    assert list(fields.FIELDS) == [name.upper() for name in State._fields]
    assert list(fields.FIELDS.values()) == list(range(len(State._fields)))
    assert sorted(fields.__all__) == sorted([*fields.FIELDS, "FIELDS"])


def test_each_constant_addresses_its_field_in_a_copied_state() -> None:
    # One distinct object per field: a constant pointing at any other field would find
    # another object.
    values = [object() for _ in State._fields]
    s = State(*values)
    f = [*s]
    for name, at in fields.FIELDS.items():
        assert getattr(fields, name) == at
        assert f[at] is getattr(s, name.lower()), name
    f[fields.HELD], f[fields.SEEN] = "held", "seen"
    changed = State(*f)
    assert (changed.held, changed.seen) == ("held", "seen")


def _range_assignments(path: Path) -> list[str]:
    """The module-level assignments of ``range(...)`` in ``path`` (positions by hand)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "range"):
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_the_range_check_sees_positions_by_hand(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("(A, B, C) = range(3)\n", encoding="utf-8")
    assert _range_assignments(module) == ["m.py:1"]


def test_no_engine_module_numbers_fields_by_hand() -> None:
    assert len(ENGINE_MODULES) > 10
    assert [hit for path in ENGINE_MODULES for hit in _range_assignments(path)] == []
