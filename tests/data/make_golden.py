"""Write the golden regression data of tests/test_golden.py (as python-chess keeps perft files).

Run from the repository root after a deliberate change to the shuffle, the deal or the
order of the legal actions, and review the diff::

    python tests/data/make_golden.py

It writes ``tests/data/golden_deals.json``: per variant and seed, the dealt position and
the number of legal actions at every step of a random line (each action drawn by
``random.Random(seed).choice`` from :func:`bezique.legal_actions`, so a change of their
order changes the line); and ``tests/data/records/*.txt``: recorded games in the
:class:`bezique.Record` text form, each with its final scores on a ``# final scores:``
line.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import bezique as bz

HERE = Path(__file__).resolve().parent
SEEDS = (0, 1, 2, 12345, 2**64 - 1)
VARIANTS: dict[str, bz.Variant] = {
    **{v.name: v for v in bz.variants.ALL},
    "chinese+dealer_guess": bz.variants.CHINESE.with_options(dealer_guess=True),
}
SHORT_FORMS = {
    "chinese+dealer_guess": '{"schema": 1, "type": "variant", "name": "chinese", '
                            '"options": {"dealer_guess": true}}',
}
"""Records of a house rule name it in the short form (a preset and its options), so that a
new policy field does not make the file unreadable."""
RECORDS = (
    ("two-pack-deal", "two-pack", "deal", 7),
    ("rubicon-deal", "rubicon", "deal", 8),
    ("four-handed-deal", "four-handed", "deal", 9),
    ("fildinski-deal", "fildinski", "deal", 10),
    ("chinese-guess-deal", "chinese+dealer_guess", "deal", 11),
    ("three-handed-deal", "three-handed", "deal", 12),
)


def random_line(state: bz.State, seed: int) -> tuple[list[int], list[bz.Action]]:
    """The legal-action counts and the actions of a random line to the end of the deal."""
    rng = random.Random(seed)
    counts: list[int] = []
    actions: list[bz.Action] = []
    while not state.is_over:
        legal = bz.legal_actions(state)
        counts.append(len(legal))
        action = rng.choice(legal)
        actions.append(action)
        state = bz.apply(state, action)
    return counts, actions


def deal_entry(variant: bz.Variant, seed: int) -> dict[str, object]:
    dealer = seed % variant.players
    state = bz.new_deal(variant, seed=seed, dealer=dealer)
    counts, _ = random_line(state, seed)
    return {
        "seed": seed,
        "dealer": dealer,
        "hands": [bz.format_cards(hand) for hand in state.hands],
        "turn_up": None if state.turn_up is None else str(state.turn_up),
        "stock": bz.format_cards(state.stock),
        "packet": state.packet,
        "legal_counts": counts,
    }


def golden_deals() -> dict[str, object]:
    return {"variants": {name: [deal_entry(v, seed) for seed in SEEDS]
                         for name, v in VARIANTS.items()}}


def record_text(name: str, seed: int) -> str:
    variant = VARIANTS[name]
    start = bz.new_deal(variant, seed=seed)
    _, actions = random_line(start, seed)
    record = bz.Record.from_play(start, actions)
    final = record.final_state()
    lines = record.dumps().splitlines()
    if name in SHORT_FORMS:
        lines = [f"variant: {SHORT_FORMS[name]}" if line.startswith("variant: ") else line
                 for line in lines]
    lines.insert(1, f"# final scores: {' '.join(map(str, final.scores))}")
    return "\n".join(lines) + "\n"


def main() -> None:
    path = HERE / "golden_deals.json"
    path.write_text(json.dumps(golden_deals(), ensure_ascii=False, separators=(",", ":"))
                    + "\n", encoding="utf-8")
    print(f"wrote {path}")
    for name, variant_name, _, seed in RECORDS:
        out = HERE / "records" / f"{name}.txt"
        out.write_text(record_text(variant_name, seed), encoding="utf-8")
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
