"""Announcements: combinations laid on the table unscored, scored in a later window (R13.7).

An announcement is a declaration whose scoring is deferred. The meld search of a window
(:func:`~bezique._engine.melds.search.declarations`) finds what may be announced, with the
same reuse rules and the same plans; the transition
(:func:`bezique._engine.declaring.announce`) lays the cards and marks them as a declaration
would, and keeps the combination in :attr:`State.announced <bezique.state.State>`, pending
for its side. A pending combination is scored later by ``Declare(kind, cards)`` as the one
combination of a window of its side: its plan lays nothing and marks nothing (``bit`` 0),
the bookkeeping was done when it was announced.

The library's readings (``docs/choices.rst``): an announcement comes only after the one
combination its window's holder scored there (``Window.DECLARED``), never before it nor in a
window where nothing is scored; the window then stays open for further announcements until
``Pass`` while one is possible; an announcement never fixes trump (R11.2: only a scored
declaration does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.hands import cards_of
from bezique._engine.melds.plans import Pool, fresh_plan
from bezique._engine.melds.search import declaration_refusal, declarations
from bezique._engine.melds.tables import Plan, WindowGate
from bezique.actions import Announce, Declare
from bezique.melds import MeldKind
from bezique.state import Combination, State, Window

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules
    from bezique._engine.concerns import Explanation

__all__ = ["DECLARED", "announce_plans", "announcement_refusal", "may_announce", "pending_plans",
           "without_serial"]

DECLARED: int = Window.DECLARED.value
"""The window flag: a combination has been scored in it (R13.7 needs one first)."""


def may_announce(s: State, rules: Rules) -> bool:
    """Whether the window's holder may announce now, his cards aside: the variant has
    ``announce_several`` and he scored a combination in this window (R13.7)."""
    return rules.meld_source.may_announce(s.window._value_)


def announce_plans(s: State, rules: Rules, p: int, held: int | None = None,
                   gate: WindowGate | None = None) -> dict[Announce, Plan]:
    """Every combination ``p`` may announce now, with its plan: the window's declarations as
    if none had been scored there, less those that would fix trump (R13.7). ``held``: the
    count vector of the hand, when known. The seven of trumps and carte blanche are no
    declarations of the search, so they are never announced."""
    if not may_announce(s, rules):
        return {}
    plans: dict[Announce, Plan] = {}
    for d, plan in declarations(s, rules, p, held, gate).items():
        if plan.fixes is not None:
            continue
        if plan.superseded is not None and not plan.from_hand:
            with_hand = _with_hand_card(s, rules, p, plan)
            if with_hand is None:
                continue
            plan = with_hand
        plans[Announce(d.meld, d.cards)] = plan
    return plans


def _with_hand_card(s: State, rules: Rules, p: int, plan: Plan) -> Plan | None:
    """R13.7: an announcement in a class already used, one that builds on a combination of
    its class (an upgrade, R3.5, R11.3, or a broken one re-formed, R3.8), needs a card new
    *from the hand* (Foster), not only cards new to the class: ``plan`` (every card from a
    table) with one table card that is not of that combination laid from the hand instead,
    the table copy staying as it lies; else the same cards as a fresh combination, built on
    none; ``None`` when neither can be."""
    built_on = (*s.combos, *s.announced)[plan.superseded or 0]
    hand = cards_of(s.held[p])
    card_of = {tc.serial: tc.card for table in s.table for tc in table}
    for serial in plan.from_table:
        if serial not in built_on.serials and card_of[serial] in hand:
            return Plan(plan.kind, plan.bit, plan.points, plan.cards, (card_of[serial],),
                        tuple(x for x in plan.from_table if x != serial), plan.superseded,
                        plan.fixes)
    # or the same cards as a fresh combination, every card new to the class (R3.7)
    return fresh_plan(Pool(s, rules, p, rules.partnership.with_partner(p, plan.bit)), plan)


def pending_plans(s: State, rules: Rules, p: int) -> dict[Declare, Plan]:
    """The pending announcements of ``p``'s side, as the declarations that score them: each
    lays nothing and marks nothing (``bit`` 0), its cards lie on the table (R13.7)."""
    side = rules.sides[p]
    return {Declare(a.kind, a.cards): Plan(a.kind, 0, a.points, a.cards, (), a.serials, None, None)
            for a in s.announced if a.side == side}


def without_serial(announced: tuple[Combination, ...], serial: int) -> tuple[Combination, ...]:
    """The pending announcements less those holding the table card ``serial``, played to a
    trick: they lapse (R13.7)."""
    return tuple(a for a in announced if serial not in a.serials)


def announcement_refusal(s: State, rules: Rules, p: int, action: Announce) -> Explanation:
    """Why the announcement ``action``, not among :func:`announce_plans`, is refused in
    ``p``'s window (R13.7); a refusal the declaration would meet too is wrapped, its rule
    kept (``reason``, :func:`~bezique._engine.melds.search.declaration_refusal`). The
    refusal module (:mod:`bezique._engine.explanations`) asks here."""
    off = rules.meld_source.announce_refusal(s.variant.name)
    if off is not None:
        return off
    if action.meld in (MeldKind.TRUMP_SEVEN, MeldKind.CARTE_BLANCHE):
        return "R13.7/never-announced", {"meld": action.meld}
    if Window.DECLARED not in s.window:
        return "R13.7/nothing-scored-yet", {"player": p}
    if s.trump is None and action.meld in (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE):
        return "R13.7/announce-fixes-trump", {}
    declare = Declare(action.meld, action.cards)
    if declarations(s, rules, p, None).get(declare) is not None:
        # declarable, yet not announceable: it builds on a combination of its class with
        # table cards alone (R13.7, Foster: a card new from the hand)
        return "R13.7/card-from-hand", {"meld": action.meld}
    reason = declaration_refusal(s, rules, p, declare)
    return "R13.7/cannot-announce", {"action": str(action), "reason": reason}
