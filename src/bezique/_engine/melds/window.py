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
(:mod:`bezique._engine.declaring`) both ask here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bezique._engine.melds.announcing import announce_plans, pending_plans
from bezique._engine.melds.search import declarations
from bezique._engine.melds.source import CardSource, HandAndTable, WindowPlans, WonCards
from bezique._engine.melds.tables import Plan, WindowGate
from bezique.state import State, Window

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules

__all__ = ["NO_PLANS", "WINDOW_FUNCTIONS", "window_plans"]

NO_PLANS: dict[Any, Plan] = {}
"""No combination (shared; never changed)."""
_COMBO_DONE: int = Window.COMBO_DONE.value
_DECLARED: int = Window.DECLARED.value


def window_plans(s: State, rules: Rules, p: int, held: int | None = None,
                 gate: WindowGate | None = None) -> dict[Any, Plan]:
    """Every ``Declare`` and ``Announce`` ``p`` may make now in the window, with its plan;
    ``held``: the packed count vector of his hand and ``gate`` the trump's window gate, when
    known (:mod:`bezique._engine.melds.layout`). The variant's meld card source answers
    (:attr:`~bezique._engine.melds.source.CardSource.window_plans`: one of the two functions
    below, chosen once)."""
    plans = rules.meld_source.window_plans  # a slot: read, then called (its bytecode is faster)
    return plans(s, rules, p, held, gate)


def _hand_window_plans(s: State, rules: Rules, p: int, held: int | None = None,
                       gate: WindowGate | None = None) -> dict[Any, Plan]:
    """:func:`window_plans` from the hand and table (R3.2, R3.9, R13.7): the meld search's
    declarations (:func:`~bezique._engine.melds.search.declarations`) and the side's pending
    announcements, or after the window's combination the announcements."""
    w = s.window._value_
    if w & _COMBO_DONE:
        # R13.7: after the window's scored combination, announcements
        return (announce_plans(s, rules, p, held, gate)
                if rules.meld_source.may_announce(w) else NO_PLANS)
    plans = declarations(s, rules, p, held, gate)
    if s.announced:  # R13.7: the side's pending announcements may be scored
        pending = pending_plans(s, rules, p)
        if pending:
            return {**plans, **pending}
    return plans


def _won_window_plans(s: State, rules: Rules, p: int, held: int | None = None,
                      gate: WindowGate | None = None) -> dict[Any, Plan]:
    """:func:`window_plans` from won cards (R5.3, R11.5): several combinations per trick,
    each holding a card of the trick just won; nothing is ever announced (R13.7: a won
    card serves once, ``announce_several`` never applies)."""
    if s.window._value_ & _COMBO_DONE:  # the seven of trumps was the trick's meld (R4.3)
        return NO_PLANS
    plans = declarations(s, rules, p, None, gate)  # R11.5: the won cards never used
    if plans:
        return rules.meld_source.of_last_trick(s, plans)
    return NO_PLANS


WINDOW_FUNCTIONS: dict[type[CardSource], WindowPlans] = {
    HandAndTable: _hand_window_plans, WonCards: _won_window_plans}
"""Each meld card source's window function, by class: the compiled rules
(:class:`~bezique._engine.compiled.Rules`) hand it to the variant's source when they are
built (:func:`~bezique._engine.melds.source.card_source`); never changed."""
