"""Golden regression data (as python-chess keeps perft counts): a change to the shuffle, the
deal or the order of the legal actions shows up here.

``tests/data/golden_deals.json`` holds, per variant and seed, the dealt position and the
number of legal actions at every step of a seeded random line; ``tests/data/records``
holds recorded deals replayed to their known final scores. Both are written by
``tests/data/make_golden.py``; after a deliberate change, run it again and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import bezique as bz
from bezique.testing import check_state

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(DATA))
import make_golden  # noqa: E402

GOLDEN = json.loads((DATA / "golden_deals.json").read_text(encoding="utf-8"))["variants"]
RECORDS = sorted((DATA / "records").glob("*.txt"))


def test_the_data_covers_every_variant() -> None:
    assert set(GOLDEN) == set(make_golden.VARIANTS)
    assert {v.name for v in bz.variants.ALL} <= set(GOLDEN)
    assert len(RECORDS) == len(make_golden.RECORDS)


@pytest.mark.parametrize("name", sorted(make_golden.VARIANTS))
def test_dealt_positions_and_legal_action_counts(name: str) -> None:
    variant = make_golden.VARIANTS[name]
    for entry in GOLDEN[name]:
        state = bz.new_deal(variant, seed=entry["seed"], dealer=entry["dealer"])
        where = f"{name} seed {entry['seed']}"
        assert [bz.format_cards(h) for h in state.hands] == entry["hands"], where
        assert (None if state.turn_up is None else str(state.turn_up)) == entry["turn_up"]
        assert bz.format_cards(state.stock) == entry["stock"], where
        assert state.packet == entry["packet"], where
        counts, _ = make_golden.random_line(state, entry["seed"])
        first = next((i for i, (a, b) in enumerate(zip(counts, entry["legal_counts"],
                                                       strict=False)) if a != b), None)
        assert first is None and len(counts) == len(entry["legal_counts"]), (
            f"{where}: the legal actions differ from step {first}")


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_recorded_deals_replay_to_their_final_scores(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    line = next(li for li in text.splitlines() if li.startswith("# final scores:"))
    want = tuple(int(x) for x in line.partition(":")[2].split())
    record = bz.Record.loads(text)
    final = record.final_state()
    assert final.is_over
    assert final.scores == want
    check_state(final)
    assert bz.Record.loads(record.dumps()) == record
