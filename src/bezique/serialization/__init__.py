"""JSON serialisation of variants, states, games, observations, results and actions.

:func:`to_json` writes a document, :func:`from_json` reads it back, and
``from_json(to_json(x)) == x`` for every supported value. Every document is a
JSON object with a schema version and a type::

    {"schema": 1, "type": "state", "variant": {...}, "dealer": 0, ...}

The types are ``variant``, ``state``, ``game``, ``observation``,
``deal_result``, ``game_result`` and one per action type: ``play``, ``declare``,
``exchange_seven``, ``pass``, ``guess_packet``. Inside a document values are plain:

* a card is its ASCII text (``"QS"``, ``"10D"``; ``"Q♠"`` is read too);
* a suit is its letter (``"S"``, ``"H"``, ``"D"``, ``"C"``; the symbol is read too);
* other enums are their values (``"play"``, ``"end_of_deal"``, ``"bezique"``);
* a table card (:class:`~bezique.state.TableCard`) is ``[card, serial, used]``;
* a trick is a list of ``[player, card]``; tuples are lists; ``None`` is ``null``;
* an action is ``{"type": "play", "card": "QS", "from_table": null}``,
  ``{"type": "declare", "meld": "bezique", "cards": ["QS", "JD"]}``,
  ``{"type": "exchange_seven", "card": "7H"}``, ``{"type": "pass"}`` or
  ``{"type": "guess_packet", "size": 24}``;
* a variant is written whole: its ``name``, ``title`` and ``aliases``, its
  ``options`` (:meth:`Variant.options <bezique.variants.Variant.options>`, enum values as
  strings) and every field of its six policies (``deck``, ``deal``, ``trump``,
  ``legality``, ``melds`` with the meld table as ``[[kind, points], ...]``,
  ``scoring``), so that a custom composition comes back exactly. The options repeat
  policy fields and must agree with them. A short form naming a preset,
  ``{"schema": 1, "type": "variant", "name": "rubicon", "options": {"four_tens": 90}}``,
  is read as ``variants.get(name).with_options(**options)``. A variant written whole under
  a preset's name (or alias) must have that preset's structure (packs, players, hand
  size, sides, packets, turn-up, trump fixing, where melds come from, meld table,
  settlement); only its options may differ (house rules). ``from_json(..., variant=...)``
  also binds a document to the variant its reader expects.

A state is written field by field (every field of
:class:`~bezique.state.State` but its internal cache) with its variant
inline. Hands are sorted on reading. Reading checks the document thoroughly:
the schema version, the fields (none missing, none unknown), their types,
the variant, and that the position is possible: the hands, tables, stock,
turn-up, trick and earlier tricks hold no card more often than the variant's
packs do, and make up the whole deck in a dealt position (one with a seed;
a position set up by hand, :func:`bezique.setup`, may leave cards out), and
the player to move, the stage and the phase agree. Anything
wrong raises :class:`~bezique.errors.SerializationError` naming the field,
e.g. ``state.hands[1][3]: 'QX' is not a card``; no other exception escapes.
"""

from __future__ import annotations

from bezique.serialization._common import SCHEMA
from bezique.serialization._reading import from_json
from bezique.serialization._writing import to_json

__all__ = ["SCHEMA", "from_json", "to_json"]
