"""Where meld cards come from, compiled once per variant: the hand and table (R3.2) or the
cards won in tricks (Fildinski, R5.3, R11.5).

:class:`~bezique.policies.melds.MeldCardSource` is the public description of the option
(``MeldSource``); :func:`card_source` chooses the engine's object for it once, when the
variant's rules are compiled (``rules.meld_source``), and every part of the engine and the
bots that depends on the source asks that object: which cards a player may declare with
(:meth:`CardSource.vectors`, :meth:`CardSource.pool`), where a combination's cards are
marked used (:meth:`CardSource.mark_used`), what a scored declaration closes
(:attr:`CardSource.declared_flags`), what a won trick leaves (:meth:`CardSource.after_trick`),
whether the window stays open (:meth:`CardSource.keeps_window`), why a reuse is refused
(:meth:`CardSource.reuse_refusal`), whether a
combination needs a card of the trick just won (:meth:`CardSource.of_last_trick`), and the
reuse options that apply to it (R3.4-R3.8, R13.1, R13.7), each under the name of the
question it answers (``fresh_card`` for ``require_fresh_card``, ``reforms`` for
``reform_broken``, ``sequence_class`` for ``meld_classes = four``, ``announces`` for
``announce_several``). No module branches on which
source a variant plays: the two implementations, :class:`HandAndTable` and
:class:`WonCards`, answer the same questions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import compress, count
from operator import attrgetter, not_
from typing import TYPE_CHECKING, Any, TypeVar

from bezique._engine.hands import CARD_OF, cards_of
from bezique._engine.melds.tables import CLASS_BIT, SEQUENCE_BIT, SEQUENCES
from bezique.actions import Declare
from bezique.cards import Card, by_index
from bezique.melds import MeldKind
from bezique.policies import MeldClasses
from bezique.state import CARD_OF_TABLE, Combination, State, TableCard, Window

if TYPE_CHECKING:
    from bezique._engine.compiled import Rules
    from bezique._engine.concerns import Explanation
    from bezique._engine.melds.tables import PoolTables, QuartetSpec, WindowGate
    from bezique.policies.melds import MeldCardSource, MeldPolicy

__all__ = ["WON_SERIAL_BASE", "CardSource", "HandAndTable",
           "PoolIndex", "WindowPlans", "WonCards", "card_source"]

WON_SERIAL_BASE = 100_000
"""Serials of won cards (Fildinski) start here, apart from table cards."""
_SERIAL = attrgetter("serial")
_SERIALS = attrgetter("serials")
_COMBO_DONE: int = Window.COMBO_DONE.value
_DECLARED: int = Window.DECLARED.value

PoolIndex = tuple[list[int], tuple[Combination, ...], dict[int, list[TableCard]],
                  dict[int, TableCard], list[tuple[int, Combination, tuple[int, ...], bool]]]
"""What :class:`~bezique._engine.melds.plans.Pool` reads (:meth:`CardSource.pool`): the
indexes of the hand's cards, the combinations that may be built on, the cards that may
serve by card index and by serial, and the combinations that can be upgraded or
re-formed."""

_Plans = TypeVar("_Plans", bound=dict[Any, Any])
WindowPlans = Callable[[State, "Rules", int, "int | None", "WindowGate | None"], dict[Any, Any]]
"""A source's :attr:`CardSource.window_plans`: ``(state, rules, player, held, gate)``."""


_MARRIAGES = frozenset({MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE})
_NEVER_ANNOUNCED = (MeldKind.TRUMP_SEVEN, MeldKind.CARTE_BLANCHE)
"""The combinations the meld search never declares, so never announced (R13.7, R11.6)."""


class CardSource:
    """The engine's meld card source of one variant: the questions every source answers.

    The flags are the variant's options as they apply to this source (a won card serves
    once, so the reuse options of R3.7, R3.8 and R13.1 never apply to won cards).
    """

    __slots__ = ("announced_kinds", "announces", "class_bits", "closes_window", "declared_flags",
                 "fresh_card", "fresh_gate", "from_won_cards", "keeps_won", "partners",
                 "policy", "reforms", "reuses", "sequence_class", "where", "window_plans")

    def __init__(self, melds: MeldPolicy, partners: tuple[tuple[int, ...], ...],
                 window_plans: WindowPlans) -> None:
        policy: MeldCardSource = melds.card_source
        self.policy: MeldCardSource = policy
        """The policy's description of the source (:mod:`bezique.policies.melds`)."""
        self.partners: tuple[tuple[int, ...], ...] = partners
        """Per player, his partners (R6.4, R11.8)."""
        self.where: str = policy.where
        """Where the cards are held, for messages."""
        self.from_won_cards: bool = policy.declares_from_won_cards
        """Whether combinations are made of won cards (R5.3, R11.5)."""
        self.keeps_won: bool = policy.keeps_won_cards
        """Whether a won trick's cards stay face up before the winner (R11.5)."""
        self.closes_window: bool = policy.window_closes_by_itself
        """Whether the window closes once nothing more can be declared (R2.6, R11.5)."""
        self.reuses: bool = policy.reuses_cards
        """Whether cards serve again in other classes and combinations are upgraded (R3.5)."""
        self.declared_flags: int = _COMBO_DONE if policy.one_combination_per_trick else 0
        """The window flags a scored declaration sets besides ``DECLARED`` (R3.2)."""
        self.fresh_card: bool = melds.require_fresh_card
        """R3.7: a declaration needs a card from the hand."""
        self.reforms: bool = melds.reform_broken
        """R3.8: a broken combination may be re-formed."""
        self.announces: bool = melds.announce_several and policy.one_combination_per_trick
        """R13.7: further combinations may be announced after the window's scored one."""
        self.announced_kinds: tuple[MeldKind, ...] = tuple(
            kind for kind in MeldKind
            if self.announces and kind in melds.kinds and kind not in _NEVER_ANNOUNCED)
        """R13.7: the kinds of combination that may be announced, in :class:`MeldKind`
        order (the action ids and the observation tensor list them so): the meld search's
        declarations, never the seven of trumps nor carte blanche (R11.6)."""
        self.sequence_class: bool = melds.meld_classes is MeldClasses.FOUR and self.reuses
        """R13.1: sequences in their own class (won cards serve once)."""
        self.fresh_gate: bool = not self.reforms and not self.from_won_cards
        """R3.4-R3.9: whether the window's gate may look at the cards new to a class."""
        self.class_bits: dict[MeldKind, int] = {
            kind: SEQUENCE_BIT if self.sequence_class and kind in SEQUENCES
            else CLASS_BIT[kind.meld_class] for kind in MeldKind}
        """Per kind of combination, the bit of its class (R3.4; R13.1: sequences in their
        own class)."""
        self.window_plans: WindowPlans = window_plans
        """Every declaration and announcement of the window's holder with its plan
        (:func:`bezique._engine.melds.window.window_plans`): this source's own function,
        which asks the meld search (one entry point for both sources), handed in by the
        compiled rules (:data:`bezique._engine.melds.window.WINDOW_FUNCTIONS`: the source
        is below the search and cannot import it)."""

    def gate_bit(self, bit: int) -> int:
        """The class bit ``bit`` where the window's gate may look at the cards new to a class,
        else 0 (R3.4-R3.9)."""
        return bit if self.fresh_gate else 0

    def vectors(self, state: State, rules: Rules, player: int, gate: WindowGate,
                held: int | None) -> tuple[int, int]:
        """The packed count vectors (in ``gate``'s layout, the window's) of the cards
        ``player`` holds to declare with and of all he may declare with; ``held`` when
        known."""
        raise NotImplementedError

    def hand_only(self, state: State, rules: Rules, player: int) -> bool:
        """Whether every card of a declaration comes from the hand (no upgrade, R3.5)."""
        raise NotImplementedError

    def pool(self, state: State, rules: Rules, player: int, with_partner: bool) -> PoolIndex:
        """The cards ``player`` may declare with, indexed for the reuse rules."""
        raise NotImplementedError

    def mark_used(self, won: tuple[tuple[TableCard, ...], ...], table: list[tuple[TableCard, ...]],
                  player: int, marks: set[int], bit: int) -> tuple[tuple[TableCard, ...], ...]:
        """Mark the cards of serials ``marks`` used in class ``bit`` (R3.4, R11.5): in
        ``table`` in place, or in the won cards returned."""
        raise NotImplementedError

    def of_last_trick(self, state: State, plans: _Plans) -> _Plans:
        """``plans`` less those that lack a card of the trick just won where that is needed
        (R5.3, R11.5)."""
        raise NotImplementedError

    def keeps_window(self, state: State, rules: Rules, player: int) -> bool:
        """Whether the window stays open after an action in it (R2.6): while the rules still
        allow something in it."""
        raise NotImplementedError

    def after_trick(self, won: tuple[tuple[TableCard, ...], ...], winner: int,
                    played: tuple[int, ...], before: tuple[int, ...],
                    ) -> tuple[tuple[TableCard, ...], ...]:
        """The cards won in tricks after ``winner`` took ``played`` (``before``: the cards
        played in the deal before them; both as card indexes)."""
        return won

    def may_announce(self, w: int) -> bool:
        """R13.7: whether the holder of a window of value ``w`` may announce, his cards aside:
        the variant has ``announce_several`` and he scored a combination in the window."""
        return self.announces and bool(w & _DECLARED)

    def announce_refusal(self, variant_name: str) -> Explanation | None:
        """R13.7: why no combination may be announced in this variant, or ``None``."""
        if not self.announces:
            return "R13.7/announce-several-off", {"variant": variant_name}
        return None

    def reform_kind(self, kind: MeldKind) -> MeldKind | None:
        """R3.8: the kind of broken combination a combination of ``kind`` may re-form, or
        ``None``."""
        return kind if self.reforms else None

    def broken(self, live: list[tuple[int, Combination, tuple[int, ...], bool]],
               kind: MeldKind) -> list[tuple[int, tuple[int, ...]]]:
        """R3.8: of the combinations ``live`` (:data:`PoolIndex`), the broken ones of ``kind``
        that may be re-formed, each as its index and the serials of its cards still on the
        table."""
        if not self.reforms:
            return []
        return [(i, kept) for i, combo, kept, intact in live if not intact and combo.kind is kind]

    def in_sequence_class(self, kind: MeldKind) -> bool:
        """R13.1: whether a combination of ``kind`` (a marriage) may not be made of the king
        and queen of a scored sequence (sequences in their own class)."""
        return self.sequence_class and kind in _MARRIAGES

    def lacks_fresh_card(self, hand: list[Card] | tuple[Card, ...]) -> bool:
        """R3.7: whether a declaration taking ``hand`` from the hand lacks the card from the
        hand it needs."""
        return self.fresh_card and not hand

    def reuse_refusal(self, s: State, rules: Rules, p: int, action: Declare,
                      quartet: QuartetSpec | None) -> Explanation:
        """Why held cards forming the combination may not score it again (R3.6-R3.8, R11.3,
        R11.8, R13.1)."""
        kind = action.meld
        if quartet is not None and quartet.exclude_all_trump and all(
                c.suit is s.trump for c in action.cards):
            return "R11.3/trump-quartet", {"ranks": quartet.rank}
        if self.lacks_fresh_card([c for c in action.cards if c in s.hands[p]]):
            return "R3.7/fresh-card", {}
        own = rules.partnership.own_beziques_refusal(s, p, action)  # R11.8
        if own is not None:
            return own
        if self.in_sequence_class(kind) and _inside_a_sequence(s, rules, p, action):
            return "R13.1/marriage-in-sequence", {}
        if not self.reforms and _rebuilds_broken(s, rules, p, action):
            return "R3.8/broken", {"meld": kind}
        return "R3.6/reused", {"meld": kind, "meld_class": kind.meld_class}

    def held_cards(self, state: State, player: int, partners: tuple[int, ...]) -> list[Card]:
        """The cards ``player`` may declare with now, ignoring reuse (R3.9, R11.5, R11.8)."""
        return self.policy.held_cards(state, player, partners)

    def refusal(self) -> tuple[str, dict[str, object]] | None:
        """Why a declaration of held cards is refused when this source alone explains it."""
        return self.policy.refusal()


class HandAndTable(CardSource):
    """The declarer's hand and table, and his partners' tables (R3.2, R6.4, R11.8); one
    combination per trick won; cards serve again in other classes (R3.4-R3.8)."""

    __slots__ = ()

    def vectors(self, state: State, rules: Rules, player: int, gate: WindowGate,
                held: int | None) -> tuple[int, int]:
        if held is None:
            held = gate.count(state.held[player])
        # a table holds a few cards: their weights summed in C cost less than recounting
        # the table's count vector (``State.laid``) in the window's layout
        weigh = gate.weigh
        counts = held
        table = state.table
        if table[player]:
            counts += sum(map(weigh, map(CARD_OF_TABLE, table[player])))
        for partner in self.partners[player]:  # R6.4, R11.8
            counts += sum(map(weigh, map(CARD_OF_TABLE, table[partner])))
        return held, counts

    def hand_only(self, state: State, rules: Rules, player: int) -> bool:
        table = state.table
        return not (table[player] or any(map(table.__getitem__, rules.partners[player])))

    def pool(self, state: State, rules: Rules, player: int, with_partner: bool) -> PoolIndex:
        # R13.7, R11.8: a pending announcement may be built on as a scored combination; its
        # index follows the scored ones (bezique._engine.declaring consumes it)
        combos = state.combos + state.announced if state.announced else state.combos
        table = state.table
        tables = (tuple(map(table.__getitem__, rules.table_owners[player])) if with_partner
                  else (table[player],))
        key = (player, with_partner)
        known = rules.melds.pool_tables.get(key)
        if known is None or known[1] is not combos or known[0] != tables:
            known = rules.melds.pool_tables[key] = _index(tables, combos, rules.sides[player])
        _, _, table_by_index, on_table, live = known
        hand = list(map(by_index, cards_of(state.held[player])))
        return hand, combos, table_by_index, on_table, live

    def mark_used(self, won: tuple[tuple[TableCard, ...], ...], table: list[tuple[TableCard, ...]],
                  player: int, marks: set[int], bit: int) -> tuple[tuple[TableCard, ...], ...]:
        for q, t in enumerate(table):
            if not marks.isdisjoint(map(_SERIAL, t)):
                table[q] = tuple(TableCard(tc.card, tc.serial, tc.used | bit)
                                 if tc.serial in marks else tc for tc in t)
        return won

    def of_last_trick(self, state: State, plans: _Plans) -> _Plans:
        return plans

    def keeps_window(self, state: State, rules: Rules, player: int) -> bool:
        # whether the holder's *cards* allow more must not decide it: the others would learn
        # from the window closing what he holds; so a window of hand declarations stays open
        # until Pass while its flags allow a combination or a seven action
        w = state.window._value_
        if not w & _COMBO_DONE or rules.sevens.is_open(w):
            return True
        # R13.7: further announcements until Pass
        return bool(w & _DECLARED and self.window_plans(state, rules, player, None, None))


class WonCards(CardSource):
    """The cards won in tricks, kept face up, each serving in one combination only;
    several combinations per trick, each holding a card of the trick just won (Fildinski,
    R5.3, R11.5)."""

    __slots__ = ()

    def vectors(self, state: State, rules: Rules, player: int, gate: WindowGate,
                held: int | None) -> tuple[int, int]:
        # R11.5: the won cards never used in a combination
        weigh = gate.weigh
        counts = sum(weigh(tc.card) for tc in state.won[player] if not tc.used)
        return counts, counts

    def hand_only(self, state: State, rules: Rules, player: int) -> bool:
        return False

    def pool(self, state: State, rules: Rules, player: int, with_partner: bool) -> PoolIndex:
        # R11.5: only won cards never used in a combination; the last trick's first
        table_by_index: dict[int, list[TableCard]] = {}
        on_table: dict[int, TableCard] = {}
        for tc in reversed(state.won[player]):
            if not tc.used:
                table_by_index.setdefault(tc.card.index, []).append(tc)
                on_table[tc.serial] = tc
        return [], (), table_by_index, on_table, []

    def mark_used(self, won: tuple[tuple[TableCard, ...], ...], table: list[tuple[TableCard, ...]],
                  player: int, marks: set[int], bit: int) -> tuple[tuple[TableCard, ...], ...]:
        piles = list(won)
        piles[player] = tuple(TableCard(tc.card, tc.serial, tc.used | bit)
                              if tc.serial in marks else tc for tc in won[player])
        return tuple(piles)

    def of_last_trick(self, state: State, plans: _Plans) -> _Plans:
        last = WON_SERIAL_BASE + len(state.played_indexes) - len(state.active)
        return {d: plan for d, plan in plans.items()  # type: ignore[return-value]
                if max(plan.from_table) >= last}

    def keeps_window(self, state: State, rules: Rules, player: int) -> bool:
        # R11.5: won cards are face up, so the window closes as soon as nothing more can be
        # declared from them
        if self.window_plans(state, rules, player, None, None):
            return True
        return rules.sevens.is_open(state.window._value_) and bool(
            rules.sevens.actions(state, player))

    def after_trick(self, won: tuple[tuple[TableCard, ...], ...], winner: int,
                    played: tuple[int, ...], before: tuple[int, ...],
                    ) -> tuple[tuple[TableCard, ...], ...]:
        # R5.3 / R11.5: won cards are kept face up, in the order won
        base = WON_SERIAL_BASE + len(before)
        piles = list(won)
        piles[winner] = won[winner] + tuple(
            TableCard(CARD_OF(index), base + i, 0) for i, index in enumerate(played))
        return tuple(piles)


def _inside_a_sequence(s: State, rules: Rules, p: int, action: Declare) -> bool:
    """Whether the king and queen of ``action`` lie on the side's tables as cards of one
    scored sequence (R13.1)."""
    side = rules.sides[p]
    cards = {tc.serial: tc.card for q in (p, *rules.partners[p]) for tc in s.table[q]}
    wanted = set(action.cards)
    for combo in s.combos:
        if combo.side == side and combo.kind in SEQUENCES:
            held = {cards[serial] for serial in combo.serials if serial in cards}
            if wanted <= held:
                return True
    return False


def _rebuilds_broken(s: State, rules: Rules, p: int, action: Declare) -> bool:
    """Whether ``action`` would re-score a broken combination of its kind (R3.8)."""
    on_table = {tc.serial for t in s.table for tc in t}
    side = rules.sides[p]
    wanted = set(action.cards)
    for combo in s.combos:
        if combo.side != side or combo.kind is not action.meld:
            continue
        kept = [tc.card for t in s.table for tc in t if tc.serial in combo.serials]
        broken = len(kept) < len(combo.serials) and any(s in on_table for s in combo.serials)
        if broken and all(card in wanted for card in kept):
            return True
    return False


def card_source(melds: MeldPolicy, partners: tuple[tuple[int, ...], ...],
                window_functions: Mapping[type[CardSource], WindowPlans]) -> CardSource:
    """The engine's object for the variant's meld card source, chosen once (``partners``:
    per player, his partners; ``window_functions``: each source's window function by class,
    :data:`bezique._engine.melds.window.WINDOW_FUNCTIONS`, passed in by the compiled
    rules)."""
    kind = WonCards if melds.card_source.declares_from_won_cards else HandAndTable
    return kind(melds, partners, window_functions[kind])


def _index(tables: tuple[tuple[TableCard, ...], ...], combos: tuple[Combination, ...],
           side: int) -> PoolTables:
    """The index of :meth:`HandAndTable.pool` for these tables and combinations (kept per
    player in :attr:`~bezique._engine.melds.tables.MeldTables.pool_tables`: a player's table
    and the scored combinations seldom change from one window to the next)."""
    table_by_index: dict[int, list[TableCard]] = {}
    on_table: dict[int, TableCard] = {}
    for cards in tables:
        for tc in cards:
            table_by_index.setdefault(tc.card.index, []).append(tc)
            on_table[tc.serial] = tc
    live: list[tuple[int, Combination, tuple[int, ...], bool]] = []
    if on_table:
        # the combinations sharing a serial with the table, found in C
        held = on_table.__contains__
        for i in compress(count(), map(not_, map(on_table.keys().isdisjoint,
                                                 map(_SERIALS, combos)))):
            combo = combos[i]
            if combo.superseded or combo.side != side:
                continue
            kept = tuple(filter(held, combo.serials))
            live.append((i, combo, kept, len(kept) == len(combo.serials)))
    return tables, combos, table_by_index, on_table, live
