#!/usr/bin/env python3
"""Draw the flow of a two-pack deal as SVG: docs/_static/deal_flow.svg.

Usage (from anywhere)::

    python tools/deal_flow.py           # write docs/_static/deal_flow.svg
    python tools/deal_flow.py --check   # exit 1 if the file differs from what it would write

The picture is plain SVG text built from the boxes and arrows below, with no randomness,
no timestamps and no fonts to embed, so the same script always writes the same bytes;
``tests/test_docs.py`` checks that the committed file is this script's output. Stdlib only.
"""

from __future__ import annotations

import itertools
import sys
from html import escape
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "_static" / "deal_flow.svg"

WIDTH = 760
BOX_W = 420
X = 60  # left edge of the main column
COLOURS = {"deal": "#e8f0fe", "phase1": "#e6f4ea", "window": "#fef7e0", "phase2": "#fce8e6",
           "result": "#f1f3f4"}

# (key, y, colour, title, lines): the boxes of the main column, top to bottom.
BOXES: tuple[tuple[str, int, str, str, tuple[str, ...]], ...] = (
    ("deal", 20, "deal", "Deal  (R2.2, R2.3)",
     ("new_deal(variant, seed=...) or setup(...)",
      "8 cards each in packets of 3, 2, 3; the turn-up fixes trump",
      "stock: 47 face-down cards + the turn-up")),
    ("trick", 150, "phase1", "Phase 1 trick  (R2.4, R2.5) · stage PLAY",
     ("the leader plays a card, the other any card: play is free",
      "Play(card), from the hand or the table (R2.7)",
      "highest trump, else highest of the suit led, wins (R1.3)")),
    ("window", 280, "window", "Declaration window  (R2.6, R3.1) · stage DECLARE",
     ("the trick's winner only: Declare(meld, cards)   (R3.2-R3.9)",
      "or ExchangeSeven / the seven of trumps (R4.1, R4.2)",
      "or Pass(); the window opens even when nothing can be declared")),
    ("draw", 410, "phase1", "Draw  (R2.6, R2.8)",
     ("the winner draws first, then the other; the winner leads next",
      "24 tricks while the stock lasts; the last draw takes the turn-up")),
    ("phase2", 520, "phase2", "Phase 2: the last 8 tricks  (R2.9, R2.10) · stage PLAY",
     ("table cards back into the hand; no more declarations",
      "follow suit and win the trick if able, else trump if able",
      "the last trick scores 10  (R2.12)")),
    ("result", 650, "result", "Result  (R2.11, R2.13) · stage OVER",
     ("deal_result(state): per side melds, sevens, brisques, last trick",
      "in a game: the next deal, to 1000 points, the rubicon doubling")),
)
LINE_H = 18
TITLE_H = 26


def _height(lines: tuple[str, ...]) -> int:
    return TITLE_H + LINE_H * len(lines) + 12


def _box(y: int, colour: str, title: str, lines: tuple[str, ...]) -> list[str]:
    h = _height(lines)
    out = [f'<rect x="{X}" y="{y}" width="{BOX_W}" height="{h}" rx="8" '
           f'fill="{COLOURS[colour]}" stroke="#5f6368" stroke-width="1.2"/>',
           f'<text x="{X + 14}" y="{y + 20}" class="title">{escape(title)}</text>']
    for i, line in enumerate(lines):
        out.append(f'<text x="{X + 14}" y="{y + TITLE_H + 14 + i * LINE_H}">{escape(line)}</text>')
    return out


def _arrow(x1: int, y1: int, x2: int, y2: int) -> str:
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3c4043" '
            f'stroke-width="1.6" marker-end="url(#head)"/>')


def svg() -> str:
    """The diagram, as SVG text."""
    boxes = {key: (y, _height(lines)) for key, y, _, _, lines in BOXES}
    height = boxes["result"][0] + boxes["result"][1] + 20
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" '
        'aria-label="The flow of a two-pack Bezique deal">',
        '<title>The flow of a two-pack Bezique deal</title>',
        '<defs><marker id="head" markerWidth="10" markerHeight="8" refX="9" refY="4" '
        'orient="auto"><path d="M0,0 L10,4 L0,8 z" fill="#3c4043"/></marker></defs>',
        '<style>text { font-family: sans-serif; font-size: 13px; fill: #202124; } '
        '.title { font-weight: bold; font-size: 14px; } '
        '.note { font-style: italic; fill: #3c4043; }</style>',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
    ]
    for _, y, colour, title, lines in BOXES:
        parts.extend(_box(y, colour, title, lines))
    mid = X + BOX_W // 2
    order = [key for key, *_ in BOXES]
    for upper, lower in itertools.pairwise(order):
        y_top = boxes[upper][0] + boxes[upper][1]
        parts.append(_arrow(mid, y_top, mid, boxes[lower][0] - 2))
    # the loop of phase 1: from the draw back to the next trick while the stock lasts
    right = X + BOX_W
    loop_x = right + 60
    draw_y = boxes["draw"][0] + boxes["draw"][1] // 2
    trick_y = boxes["trick"][0] + boxes["trick"][1] // 2
    parts.append(f'<polyline points="{right},{draw_y} {loop_x},{draw_y} {loop_x},{trick_y} '
                 f'{right + 4},{trick_y}" fill="none" stroke="#3c4043" stroke-width="1.6" '
                 'marker-end="url(#head)"/>')
    parts.append(f'<text x="{loop_x + 10}" y="{(draw_y + trick_y) // 2 - 8}" class="note">'
                 'stock not empty:</text>')
    parts.append(f'<text x="{loop_x + 10}" y="{(draw_y + trick_y) // 2 + 10}" class="note">'
                 'next trick</text>')
    phase2_y = boxes["draw"][0] + boxes["draw"][1] + 16
    parts.append(f'<text x="{mid + 10}" y="{phase2_y}" class="note">stock empty</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str]) -> int:
    """Write the SVG, or with ``--check`` compare it with the file; return the status."""
    text = svg()
    if argv == ["--check"]:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is not what tools/deal_flow.py writes; run it", file=sys.stderr)
            return 1
        return 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
