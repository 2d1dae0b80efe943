"""What release 0.1.0 gave a user and still works: documents it wrote, behaviours of the
public API kept through the engine's rebuild (issue 29).

The documents under ``tests/data/documents-0.1.0`` were written by 0.1.0 itself
(``bz.to_json`` of each preset, and of a no-preset-trump deal with the line played from
it and the points it scored there).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bezique as bz
from bezique.testing import check_state

DATA = Path(__file__).parent / "data" / "documents-0.1.0"
VARIANTS: dict[str, dict[str, object]] = json.loads(
    (DATA / "variants.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_from_json_keeps_loading_0_1_0_variant_documents(name: str) -> None:
    """Every preset as 0.1.0 wrote it loads, under its name, with the options written."""
    doc = VARIANTS[name]
    variant = bz.from_json(json.dumps(doc), bz.Variant)
    assert variant.name == name
    options = doc["options"]
    assert isinstance(options, dict)
    assert {key: json.loads(bz.to_json(variant))["options"][key] for key in options} == options


def test_from_json_keeps_0_1_0_no_preset_trump_rules() -> None:
    """0.1.0's no-preset-trump scored no seven of trumps (its meld table had none, R5.1):
    a deal it wrote loads and plays on to the points 0.1.0 gave it."""
    deal = json.loads((DATA / "no-preset-trump-deal.json").read_text(encoding="utf-8"))
    state = bz.from_json(json.dumps(deal["state"]), bz.State)
    assert state.variant.name == "no-preset-trump" and not state.variant.trump.sevens_score
    assert bz.MeldKind.TRUMP_SEVEN not in dict(state.variant.melds.table)
    for text in deal["line"]:
        state = bz.apply(state, bz.parse_action(state, text))
        check_state(state)
    assert state.sevens == (0, 0)
    assert list(bz.deal_result(state).points) == deal["points"]
