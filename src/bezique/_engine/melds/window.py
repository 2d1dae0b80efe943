"""The one entry point of a declaration window's combinations: every declaration and
announcement its holder may make now, with the plan that carries it out (R3.2, R3.9, R5.3,
R11.5, R13.7).

Before the window's combination is scored the declarations of the meld search
(:func:`~bezique._engine.melds.search.declarations`) and the side's pending announcements
(:func:`~bezique._engine.melds.announcing.pending_plans`); after it, with
``announce_several``, the announcements
(:func:`~bezique._engine.melds.announcing.announce_plans`). The variant's meld card source
keeps only the combinations holding a card of the trick just won where it needs one
(:meth:`~bezique._engine.melds.source.CardSource.of_last_trick`). The legal actions
(:func:`bezique._engine.legal.window_actions`) and the window's transitions
(:mod:`bezique._engine.melds.declaring`) both ask here.
"""

from __future__ import annotations

from typing import Any

from bezique._engine.compiled import Rules
from bezique._engine.melds.announcing import announce_plans, pending_plans
from bezique._engine.melds.search import gated
from bezique._engine.melds.tables import Plan, WindowGate
from bezique.state import State, Window

__all__ = ["NO_PLANS", "window_plans"]

NO_PLANS: dict[Any, Plan] = {}
"""No combination (shared; never changed)."""
_COMBO_DONE: int = Window.COMBO_DONE.value
_DECLARED: int = Window.DECLARED.value


def window_plans(s: State, rules: Rules, p: int, held: int | None = None,
                 gate: WindowGate | None = None) -> dict[Any, Plan]:
    """Every ``Declare`` and ``Announce`` ``p`` may make now in the window, with its plan;
    ``held``: the packed count vector of his hand and ``gate`` the trump's window gate, when
    known (:mod:`bezique._engine.melds.layout`)."""
    w = s.window._value_
    source = rules.meld_source
    if w & _COMBO_DONE:
        # R13.7: after the window's scored combination, announcements
        plans: dict[Any, Plan] = (announce_plans(s, rules, p, held, gate)
                                  if w & _DECLARED and source.announce_several else NO_PLANS)
    else:
        # search.declarations, its gate read inline: most windows offer no combination
        if gate is None:
            gate = rules.gates[s.trump]
        held, counts = source.vectors(s, rules, p, gate.weigh, held)
        y = (counts + gate.add) & gate.guard
        plans = (gated(s, rules, p, gate, held, counts)
                 if y & ((y >> gate.shift) | gate.single) & gate.mask or gate.more else NO_PLANS)
        if s.announced:  # R13.7: the side's pending announcements may be scored
            pending = pending_plans(s, rules, p)
            if pending:
                plans = {**plans, **pending}
    if plans:
        return source.of_last_trick(s, plans)  # R5.3, R11.5
    return plans
