"""The greedy policy's tables per variant and trump suit: the combinations as card-index
patterns and count checks, and what each card is worth to play.

:class:`TrumpTables` is built once per variant and trump suit (by
:class:`~bezique.bots._tables.Tables`, which caches them per variant value) from the
variant's compiled meld tables (R3): per combination its class bit, points, cards and
the packed count checks that say how many of its cards a player holds; per card its
phase-1 base value (brisque, R2.11; rank; trump), its lead and follow values and the
cards that beat it (R1.3), and its phase-2 values (R2.10); and the memos of what the
counts of a hand or a combination's cards decide (:mod:`bezique.bots._keep`).
"""

from __future__ import annotations

from bezique._engine.hands import GUARD, MASK, RANK_SHIFT, SHIFT
from bezique.bots._layout import ACE, CLASS_A, CLASS_C, KIND_BIT, RANK, SUIT_POS, SUITS, TEN
from bezique.cards import HIGHER_IN_SUIT, SUIT_INDEXES, SUIT_OF_INDEX, Card, Rank, Suit, card_index
from bezique.engine import Rules
from bezique.melds import MeldKind
from bezique.state import Combination

__all__ = ["TableState", "Touched", "TrumpTables"]


_Pattern = tuple[int, int, int, tuple[tuple[int, int], ...], bool, MeldKind]
"""A combination: class bit, points, cards, needs, is an upgrade, kind."""
_PatternMemo = dict[int, tuple[bool, float, tuple[int, ...], int]]
"""What the counts of a combination's cards decide, by those counts."""
Touched = tuple[tuple[int, bool, float, float, tuple[int, ...]], ...]
"""Per combination touched, in order, ``(id, complete, points, squared completion one card
short if complete else the completion step, card indexes counted)``
(:func:`bezique.bots._keep.keep_state`)."""
TableState = tuple[Touched, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""What a table path's class counts decide (:func:`bezique.bots._keep.table_keep_values`)."""


class TrumpTables:
    """Per variant and trump suit: the combinations as index patterns, and base card values
    (:meth:`Tables.trump_tables <bezique.bots.valuation.Tables.trump_tables>`).

    Cards are named by their index (``Card.index``); the per-card tables have 32 entries.

    Attributes:
        pats: Per combination of the variant under this trump, ``(class bit, points,
            cards, needs, is an upgrade, kind)``; ``needs`` pairs a card index with the
            copies needed (R3).
        quartets: Per four-of-a-rank combination, its four card indexes and points (R3.6).
        base1: Per card index, its phase-1 keep value before combinations: brisque
            (R2.11), rank, trump.
        beaten_by: Per card index, the bit set of the card indexes that take a trick from
            it (R1.3).
    """

    __slots__ = (
        "base1",
        "beaten_by",
        "bits",
        "by_card",
        "card_bp",
        "card_info",
        "checks",
        "hand_checks",
        "hand_fields",
        "hand_memo",
        "hand_seen",
        "last_scored",
        "lead_judge",
        "lead_risk",
        "lead_win",
        "less_bp",
        "masks",
        "memos",
        "needs_of",
        "pats",
        "phase2",
        "prospects",
        "quartet_bits",
        "quartet_cards",
        "quartet_fields",
        "quartet_mask",
        "quartet_memo",
        "quartet_of",
        "quartet_of_hand",
        "quartets",
        "seven",
        "table_memo",
        "trump_pos",
        "upgrade_kinds",
    )

    def __init__(self, rules: Rules, trump: Suit | None, brisque: float) -> None:
        pats: list[_Pattern] = []
        by_card: list[list[tuple[int, int]]] = [[] for _ in range(32)]
        for pat in rules.melds.patterns[trump]:
            total = sum(n for _, n in pat.needs)
            upgrade = bool(rules.melds.upgrades.get(pat.kind))
            pid = len(pats)
            # with meld_classes = four the sequences have their own bit (R13.1), beyond
            # the three classes; the counts of class A stand in for it
            bit = pat.bit if pat.bit <= CLASS_C else CLASS_A
            pats.append((bit, pat.points, total, pat.needs, upgrade, pat.kind))
            for index, n in pat.needs:
                by_card[index].append((pid, n))
        self.pats: tuple[_Pattern, ...] = tuple(pats)
        """``(class bit, points, cards, needs, is an upgrade, kind)`` per combination."""
        self.by_card: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple(x) for x in by_card)
        """Per card index, ``(pattern id, copies needed)`` of the combinations it is in."""
        self.bits: tuple[int, ...] = tuple(p[0] for p in pats)
        """Per combination, its class bit."""
        self.needs_of: tuple[dict[int, int], ...] = tuple(dict(p[3]) for p in pats)
        """Per combination, the copies it needs of each card index."""
        self.prospects: tuple[_Prospect, ...] = tuple(_prospect(*p) for p in pats)
        """Per combination, what :func:`bezique.bots._keep.pattern_state` reads:
        ``(class bit, points, cards, is an upgrade, kind, completion steps..., count
        checks...)`` (:func:`_prospect`)."""
        self.masks: tuple[tuple[int, int], ...] = tuple(
            (pid, sum(MASK << SHIFT[index] for index, _ in p[3])) for pid, p in enumerate(pats))
        """Per combination, its id and the fields of its cards in a packed count vector."""
        quartets: list[tuple[tuple[int, ...], int]] = []
        quartet_of = [-1] * 32
        for spec in rules.melds.quartets[trump]:
            indexes = tuple(Card.of(spec.rank, suit).index for suit in SUITS)
            for index in indexes:
                quartet_of[index] = len(quartets)
            quartets.append((indexes, spec.points))
        self.quartets: tuple[tuple[tuple[int, ...], int], ...] = tuple(quartets)
        """``(the four card indexes of the rank, points)`` per four-of-a-rank combination."""
        self.quartet_of: tuple[int, ...] = tuple(quartet_of)
        """Per card index, its four-of-a-rank combination, or -1."""
        self.quartet_fields: tuple[tuple[int, int, int], ...] = tuple(
            (q, int(spec.rank), spec.points)
            for q, spec in enumerate(rules.melds.quartets[trump]))
        """Per four-of-a-rank combination, its number, its rank (a rank value: its count in a
        packed count vector is :func:`~bezique._engine.hands.rank_copies`), and its
        points."""
        t = SUIT_POS[trump]
        self.trump_pos: int = t
        """The trump suit's position in :data:`~bezique.bots._layout.SUITS`, -1 for none."""
        seven = rules.sevens.scoring_seven(trump)  # R4.2, R13.6
        self.seven: int = -1 if seven is None else card_index(t, int(Rank.SEVEN))
        """Index of the scoring seven of trumps, or -1."""
        self._card_tables(t, brisque)
        self._keep_tables()
        self._table_path()

    def _keep_tables(self) -> None:
        """What :mod:`bezique.bots._keep` reads, and its memos."""
        pats = self.pats
        self.memos: tuple[_PatternMemo, ...] = tuple({} for _ in pats)
        """Per combination, what the counts of its cards decide, by those counts
        (:func:`bezique.bots._keep.pattern_state`)."""
        self.checks: tuple[tuple[int, tuple[int, int, bool, MeldKind, float, float, _PatternMemo]],
                           ...] = tuple(
            (mask, (pid, pats[pid][0], pats[pid][4], pats[pid][5], float(pats[pid][1]),
                    self.prospects[pid][5], self.memos[pid])) for pid, mask in self.masks)
        """Per combination, what :func:`bezique.bots._keep.keep_values` reads: the fields
        of its cards, then ``(id, class bit, is an upgrade, kind, points, squared
        completion one card short, memo)``; the points as a float, the same numbers in
        float-only arithmetic (the interpreter's fast path)."""
        self.hand_seen: tuple[dict[int, tuple[tuple[bool, float, float, tuple[int, ...]],
                                               bool, int]], ...] = tuple({} for _ in pats)
        """Per combination, what the counts of its cards decide as
        :func:`bezique.bots._keep.hand_state` reads it, by those counts
        (:func:`bezique.bots._keep.hand_entry`)."""
        self.hand_checks: tuple[tuple[int, int, dict[int, tuple[
            tuple[bool, float, float, tuple[int, ...]], bool, int]]], ...] = tuple(
            (mask, pid, self.hand_seen[pid]) for pid, mask in self.masks)
        """:attr:`checks` for a hand alone (:func:`bezique.bots._keep.hand_keep_values`):
        the fields of a combination's cards, its id, and :attr:`hand_seen`."""
        fields = 0
        for _, mask in self.masks:
            fields |= mask
        self.hand_fields: int = fields
        """The fields of every combination's cards in a packed count vector."""
        self.hand_memo: dict[int, tuple[tuple[tuple[bool, float, float, tuple[int, ...]], ...],
                                        tuple[int, ...], tuple[int, ...]]] = {}
        """What a hand's counts of those cards decide
        (:func:`bezique.bots._keep.hand_state`), by the counts."""
        quartet_of = self.quartet_of
        self.quartet_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in range(32) if quartet_of[i] == q) for q in range(len(self.quartets)))
        """Per four-of-a-rank combination, the card indexes it counts."""
        self.quartet_bits: tuple[int, ...] = tuple(
            sum(1 << i for i in cards) for cards in self.quartet_cards)
        """The same as bit sets."""
        self.quartet_of_hand: tuple[int, ...] = tuple(
            -1 if i == self.seven else q for i, q in enumerate(quartet_of))
        """:attr:`quartet_of`, but -1 for the scoring seven of trumps (whose keep value
        the greedy policy completes beforehand)."""
        self.quartet_mask: int = sum(MASK << RANK_SHIFT[rank]
                                     for _, rank, _ in self.quartet_fields)
        """The fields of the quartets' rank counts (:attr:`quartet_fields`) in a packed count
        vector."""
        self.quartet_memo: dict[int, tuple[
            tuple[tuple[int, float, float], ...], tuple[tuple[int, float], ...],
            tuple[tuple[int, int, int], ...], dict[float, list[float]]]] = {}
        """What those rank counts decide, by the counts
        (:func:`bezique.bots._keep.quartet_state`)."""

    def _table_path(self) -> None:
        """What :func:`bezique.bots._keep.table_keep_values` reads, and its memos."""
        self.table_memo: dict[tuple[int, ...], TableState] = {}
        """What a table path's class counts decide, by those counts and the upgrades'
        kinds scored (:func:`bezique.bots._keep.table_keep_values`)."""
        self.last_scored: tuple[tuple[Combination, ...], dict[int, int]] = ((), {})
        """The combinations last asked about and, per side, the bit set of the kinds it has
        scored (:func:`bezique.bots._keep.scored_kinds`): a deal's list seldom changes."""
        self.upgrade_kinds: int = sum(KIND_BIT[kind] for *_, upgrade, kind in self.pats
                                      if upgrade)
        """The bit set (:data:`~bezique.bots._layout.KIND_BIT`) of the kinds of the
        upgrades (R3.5)."""

    def _card_tables(self, t: int, brisque: float) -> None:
        """The per card tables, with trump suit position ``t`` (-1 for none)."""
        base1: list[float] = []
        for i in range(32):
            rank = RANK[i]
            value = 0.3 * rank + (brisque if rank >= TEN else 0.0)
            if SUIT_OF_INDEX[i] == t:
                value += 3.0 + 0.5 * rank
            base1.append(value)
        self.base1: tuple[float, ...] = tuple(base1)
        """Phase-1 keep value of each card before combinations: brisque, rank, trump."""
        self.card_info: tuple[tuple[float, tuple[tuple[int, int], ...], int], ...] = tuple(
            (base1[i], self.by_card[i], self.quartet_of[i]) for i in range(32))
        """Per card index: its base value, ``(pattern id, copies needed)`` per combination it
        is in (:attr:`by_card`), and its four-of-a-rank combination or -1."""
        self.lead_risk: tuple[float, ...] = tuple(
            -(brisque * (0.5 if RANK[i] == ACE else 1.0) if RANK[i] >= TEN else 0.0)
            for i in range(32))
        """Per card index, less what leading it risks: a brisque may be lost (an ace less
        so)."""
        self.lead_win: tuple[float, ...] = tuple(_lead_win(RANK[i], SUIT_OF_INDEX[i] == t)
                                                 for i in range(32))
        """Per card index, the chance that leading it wins the trick, roughly."""
        self.lead_judge: tuple[tuple[float, ...], int, tuple[float, ...], float, bool] = (
            self.lead_risk, 0, self.lead_win, 0.0, False)
        """How a lead is judged (:func:`bezique.bots._phase1.lead`)."""
        self.card_bp: tuple[float, ...] = tuple(
            brisque if RANK[i] >= TEN else 0.0 for i in range(32))
        """Per card index, its brisque points (R2.11)."""
        self.less_bp: tuple[float, ...] = tuple(-x for x in self.card_bp)
        """Per card index, less its brisque points."""
        self.beaten_by: tuple[int, ...] = tuple(_beaten_by(best, t) for best in range(32))
        """Per card index, the bit set of the card indexes that take a trick from it (R1.3)."""
        self.phase2: tuple[tuple[tuple[float, ...], ...], ...] = _phase2_rows(brisque, t)
        """Phase-2 values of each card (:func:`_phase2_rows`)."""


def _phase2_rows(bp: float, t: int) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """What playing each card is worth in phase 2 (R2.10), per card index, by what is known
    of its suit: ``(lead, follow, partner)`` rows.

    Leading: a low card, a master, and a master that draws the trumps (a trump) or must
    win (another suit; a low card's value again for a master that may be trumped).
    Following, less what keeping the card is worth (a master brisque will be won,
    another lost): a non-master and a master that lose the trick, then that win it;
    a partner's trick (R11.8): a non-master, a master.
    """
    lead, follow, partner = [], [], []
    for i in range(32):
        rank = RANK[i]
        trump = SUIT_OF_INDEX[i] == t
        card_bp = bp if rank >= TEN else 0.0
        low = -1.5 * card_bp - 0.5 * rank
        if trump:
            lead.append((low - 3.0, 10.0 + card_bp + rank, 25.0 + card_bp + rank))
        else:
            lead.append((low, low, 20.0 + card_bp + rank))
        future = 0.5 * rank + (3.0 if trump else 0.0)
        master, other = (future + card_bp, future + -0.5 * card_bp) if card_bp else (
            future, future)
        follow.append((-card_bp - other, -card_bp - master,
                       100.0 + card_bp - other, 100.0 + card_bp - master))
        partner.append((card_bp - other, card_bp - master) * 2)
    return tuple(lead), tuple(follow), tuple(partner)


_Prospect = tuple[int, int, int, bool, MeldKind, float, tuple[float, ...], int, int,
                  tuple[tuple[int, int], ...]]


def _prospect(bit: int, points: int, total: int, needs: tuple[tuple[int, int], ...],
              upgrade: bool, kind: MeldKind) -> _Prospect:
    """A combination as the phase-1 valuation reads it.

    Its completion steps: the square of its completion with one card missing, and per
    number of cards held below ``total`` the drop of the squared completion when one
    goes (the factors :func:`meld_prospects` weighs). Its count checks: per number of
    copies ``k`` it needs of some card, ``(add, guard)`` such that
    ``((counts + add) & guard).bit_count()`` is how many of its cards a packed count
    vector (:data:`WEIGHT`) holds at least ``k`` times; their sum over ``k`` is how many
    of its cards are held, each counted up to the copies needed. The check for ``k = 1``
    comes first, unpacked, then the others.
    """
    x = (total - 1) / total
    steps = []
    for have in range(total):
        x0 = have / total
        x1 = (have - 1) / total
        steps.append(x0 * x0 - x1 * x1)
    checks = []
    for k in range(1, max(n for _, n in needs) + 1):
        fields = [SHIFT[index] for index, n in needs if n >= k]
        checks.append((sum((GUARD - k) << f for f in fields), sum(GUARD << f for f in fields)))
    (add, guard), *more = checks
    return bit, points, total, upgrade, kind, x * x, tuple(steps), add, guard, tuple(more)


def _lead_win(rank: int, trump: bool) -> float:
    if trump:
        return 0.9 if rank == ACE else 0.5 + 0.05 * rank
    return 0.6 if rank == ACE else 0.1 + 0.04 * max(0, rank - 3)


def _beaten_by(best: int, trump: int) -> int:
    """R1.3: the card indexes that take a trick from card index ``best``, as a bit set: the
    higher cards of its suit (lower indexes, ace first), and the trumps if it is none."""
    higher = HIGHER_IN_SUIT[best]
    if trump >= 0 and SUIT_OF_INDEX[best] != trump:
        higher |= SUIT_INDEXES[trump]
    return higher
