"""The readers of untrusted text raise only the library's errors (issue 40, item 7).

A deterministic fuzz test, as python-chess fuzzes its parsers: valid documents, records
and action texts of every variant, mutated by a seeded generator (a few thousand cases,
the same ones on every run), are read by :func:`bezique.from_json`,
:meth:`bezique.Record.loads` and :func:`bezique.parse_action`; whatever they do with a
case, nothing but a :class:`bezique.BeziqueError` escapes. (The hypothesis test of
``tests/test_untrusted.py`` goes further with documents: what is accepted must play.)
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import bezique as bz

SEED = 40
"""The generator's seed: every run reads the same cases."""

ODD: tuple[Any, ...] = (
    [], {}, "", 0, -1, 1, 2, 10**30, -(10**30), None, True, False, 2.5, "QS", "10H", "XX",
    ["KH"], ["KH", "QH"], [["KH", 0]], [[]], "royal_marriage", "declare", "x" * 300,
    {"type": "pass"}, [0, 0, 0, 0],
)
"""Values a mutation puts in a document's place."""


@cache
def samples() -> tuple[tuple[Any, ...], tuple[str, ...], tuple[tuple[Any, str], ...]]:
    """Valid JSON documents (states, observations, games, actions, variants), records and
    ``(position, action text)`` pairs from a random line of every variant."""
    rng = random.Random(SEED)
    docs: list[Any] = []
    records: list[str] = []
    actions: list[tuple[Any, str]] = []
    for variant in bz.variants.ALL:
        start = bz.new_deal(variant, seed=SEED)
        state, played = start, []
        docs.append(json.loads(bz.to_json(variant)))
        while not state.is_over:
            if len(played) % 23 == 5:
                docs += [json.loads(bz.to_json(state)),
                         json.loads(bz.to_json(bz.observe(state, state.to_move or 0)))]
            action = rng.choice(bz.legal_actions(state))
            if len(played) % 11 == 0:
                docs.append(json.loads(bz.to_json(action)))
                actions.append((state, f"{state.to_move}: {bz.format_action(action)}"))
            played.append(action)
            state = bz.apply(state, action)
        docs.append(json.loads(bz.to_json(state)))
        records.append(bz.Record.from_play(start, played[:40]).dumps())
    game = bz.new_game(bz.variants.TWO_PACK, seed=SEED)
    for _ in range(30):
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
    docs.append(json.loads(bz.to_json(game)))
    return tuple(docs), tuple(records), tuple(actions)


def _places(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if path:
        yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _places(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _places(value, (*path, index))


def mutate_document(doc: Any, rng: random.Random) -> Any:
    """``doc`` with one to three of its places deleted, cut, repeated or replaced."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        places = list(_places(doc))
        if not places:
            break
        *way, last = rng.choice(places)
        parent = doc
        for key in way:
            parent = parent[key]
        value, roll = parent[last], rng.random()
        if roll < 0.2:
            del parent[last]
        elif roll < 0.35 and isinstance(value, list) and value:
            parent[last] = value[:rng.randrange(len(value))]
        elif roll < 0.45 and isinstance(value, list) and value:
            value.append(copy.deepcopy(rng.choice(value)))
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD))
    return doc


def mutate_text(text: str, rng: random.Random, words: list[str]) -> str:
    """``text`` with lines or words deleted, repeated, swapped or replaced."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.25:
            del lines[k]
        elif roll < 0.4:
            lines.insert(k, lines[k])
        elif roll < 0.5:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        else:
            parts = lines[k].split(" ")
            parts[rng.randrange(len(parts))] = rng.choice(words)
            lines[k] = " ".join(parts)
        if not lines:
            lines = [""]
    return "\n".join(lines)


WORDS = ["play", "declare", "announce", "pass", "exchange", "guess", "QS", "10D", "TD", "Q♠",
         "KH", "7C", "XX", "", "0:", "1:", "7:", "-1:", "royal_marriage", "bezique",
         "carte_blanche", "four_aces", "table", "hand", "9" * 40, "seed:", "variant:",
         "kind:", "game", "deal", "rubicon", "dealer:", "\t", "# bezique record v1", "ß"]
"""Words a text mutation puts in a word's place."""


def only_library_errors(read: Callable[..., object], *args: Any) -> None:
    """``read(*args)``: a result or a BeziqueError, nothing else."""
    with contextlib.suppress(bz.BeziqueError):
        read(*args)


@pytest.mark.parametrize("chunk", range(4))
def test_from_json_of_mutated_documents_raises_only_library_errors(chunk: int) -> None:
    docs, _, _ = samples()
    rng = random.Random(f"{SEED}:json:{chunk}")
    for _ in range(1000):
        text = json.dumps(mutate_document(rng.choice(docs), rng))
        only_library_errors(bz.from_json, text)


def test_record_loads_of_mutated_records_raises_only_library_errors() -> None:
    _, records, _ = samples()
    rng = random.Random(f"{SEED}:record")
    for _ in range(600):
        text = mutate_text(rng.choice(records), rng, WORDS)
        only_library_errors(bz.Record.loads, text)


def test_parse_action_of_mutated_actions_raises_only_library_errors() -> None:
    _, _, actions = samples()
    rng = random.Random(f"{SEED}:action")
    for _ in range(3000):
        position, text = rng.choice(actions)
        mutated = mutate_text(text.replace(" ", "\n", 1), rng, WORDS).replace("\n", " ", 1)
        only_library_errors(bz.parse_action, position, mutated)


def test_the_cases_are_the_same_on_every_run() -> None:
    docs, records, _ = samples()
    first = [json.dumps(mutate_document(docs[k % len(docs)], random.Random(k)))
             for k in range(5)]
    again = [json.dumps(mutate_document(docs[k % len(docs)], random.Random(k)))
             for k in range(5)]
    assert first == again and len(docs) > 100 and len(records) == len(bz.variants.ALL)
