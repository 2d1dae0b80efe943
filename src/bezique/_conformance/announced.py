"""Announcements checked against R13.7, restated from the rules (not from the engine).

* An ``Announce`` is listed only with ``announce_several``, in a window whose holder has
  scored its one combination, for a combination of held cards that is neither the seven of
  trumps nor carte blanche, and never one that would fix trump.
* Announcing scores nothing, lays the combination's cards on the announcer's table, marks
  them used in the combination's class, and adds one pending combination of the announcer's
  side, worth its meld-table points. One that builds on a combination of its class (an
  upgrade or a broken one re-formed) lays at least one card from the hand: an announcement
  in a class already used needs a card new from the hand (Foster).
* A pending combination leaves the list only when it is scored by a ``Declare`` of its cards
  in a window of its side, built on by an upgrade, or when it lapses: a card of it played,
  or the end of phase 1 (none is pending in phase 2).
"""

from __future__ import annotations

from collections import Counter

from bezique._conformance.common import fail
from bezique._conformance.melds import meld_shape_error, reuse_class
from bezique._engine.melds.tables import CLASS_BIT, SEQUENCE_BIT
from bezique.actions import Action, Announce, Declare
from bezique.cards import Card
from bezique.melds import MeldKind
from bezique.state import Combination, Stage, State, TableCard, Window

__all__ = ["check_announce_listed", "check_pending", "scores_pending"]



def check_announce_listed(state: State, action: Announce, pool: Counter[Card]) -> None:
    """An announcement listed in ``state``'s window is one R13.7 allows (``pool``: the
    cards the holder may declare with)."""
    window = state.window
    if not (state.variant.melds.announce_several and Window.DECLARED in window
            and Window.COMBO_DONE in window):
        fail(None, f"{action} listed, but announcements follow the window's scored "
                   f"combination where announce_several is on (R13.7)")
    if action.meld in (MeldKind.TRUMP_SEVEN, MeldKind.CARTE_BLANCHE):
        fail(None, f"{action} listed: the seven of trumps and carte blanche are never announced")
    if state.trump is None and action.meld in (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE):
        fail(None, f"{action} listed: an announcement never fixes trump (R13.7)")
    problem = meld_shape_error(state.variant, state.trump, Declare(action.meld, action.cards))
    if problem is not None:
        fail(None, f"{action} listed, but {problem}")
    missing = Counter(action.cards) - pool
    if missing:
        fail(None, f"{action} uses cards not held: {sorted(missing, key=str)}")


def check_pending(before: State, action: Action, after: State) -> None:
    """What one action did to the pending announcements (R13.7)."""
    if after.phase == 2 or after.stage is Stage.OVER:
        if after.announced:
            fail(None, "announcements pending after phase 1 (R13.7: they lapse)")
        return
    on_table = {tc.serial: tc for t in after.table for tc in t}
    old = list(before.announced)
    new = list(after.announced)
    if isinstance(action, Announce):
        if not new or new[-1] in old:
            fail(None, f"{action} left no pending combination")
        _check_announced(before, action, after, new.pop(), on_table)
    for combo in new:
        if combo not in old:
            fail(None, f"pending {combo} appeared on {action}")
        if not all(serial in on_table for serial in combo.serials):
            fail(None, f"pending {combo} has a card no longer on the table (R13.7: it lapses)")
    gone = [c for c in old if c not in new]
    for combo in gone:
        if all(serial in on_table for serial in combo.serials) and not isinstance(
                action, Declare | Announce):
            fail(None, f"the intact pending {combo} vanished on {action}")
    if isinstance(action, Declare) and gone and before.stage is Stage.DECLARE:
        scored = after.combos[-1] if after.combos else None
        side = before.sides[before.to_move or 0]
        if any(c.side != side for c in gone):
            fail(None, f"{action} took a pending combination of another side (R13.7)")
        if scored is not None and len(gone) == 1 and set(gone[0].serials) <= set(
                scored.serials) and scored.points < gone[0].points:
            fail(None, f"{action} scored less than the pending {gone[0]}")


def _check_announced(before: State, action: Announce, after: State, combo: Combination,
                     on_table: dict[int, TableCard]) -> None:
    player = before.to_move
    assert player is not None
    variant = before.variant
    points = variant.melds.points(action.meld)
    if (combo.kind, tuple(sorted(combo.cards)), combo.side, combo.player, combo.points) != (
            action.meld, tuple(action.cards), before.sides[player], player, points):
        fail(None, f"{action} by player {player} pending as {combo} (points {points})")
    if after.melds != before.melds or after.sevens != before.sevens:
        fail(None, f"{action} scored points (R13.7: nothing is scored)")
    if len(after.combos) != len(before.combos) or any(
            (a.kind, a.serials, a.points) != (b.kind, b.serials, b.points) or (
                a.superseded and not b.superseded)
            for a, b in zip(before.combos, after.combos, strict=True)):
        fail(None, f"{action} changed the scored combinations (it may only build on one)")
    built_on = any(b.superseded and not a.superseded
                   for a, b in zip(before.combos, after.combos, strict=True)) or any(
        c not in after.announced for c in before.announced)
    laid_before = {tc.serial for table in before.table for tc in table}
    if built_on and all(serial in laid_before for serial in combo.serials):
        fail(None, f"{action} builds on a combination of its class with table cards alone "
                   f"(R13.7: an announcement in a class already used needs a card new from "
                   f"the hand)")
    klass = reuse_class(variant, action.meld)
    bit = SEQUENCE_BIT if klass == "sequences" else CLASS_BIT[action.meld.meld_class]
    for serial in combo.serials:
        tc = on_table.get(serial)
        if tc is None:
            fail(None, f"{action}: card {serial} is not on the table")
        elif bit and not tc.used & bit:
            fail(None, f"{action}: card {serial} is not marked used in its class (R13.7)")


def scores_pending(before: State, after: State) -> bool:
    """Whether the combination just scored is a pending announcement of ``before``, scored
    as it lies (the same cards), the earlier combinations unchanged (R13.7)."""
    if len(after.combos) != len(before.combos) + 1 or tuple(after.combos[:-1]) != tuple(
            before.combos):
        return False
    serials = tuple(after.combos[-1].serials)
    return any(tuple(a.serials) == serials and a.kind is after.combos[-1].kind
               for a in before.announced)
