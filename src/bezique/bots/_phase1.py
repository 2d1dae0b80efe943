"""The greedy policy's phase-1 card play (R2.5): what each card is worth keeping.

A card's *keep value* is its base value (brisque, rank, trump: the
:class:`~bezique.bots.valuation.TrumpTables`) plus what the player's combination
prospects lose if it goes: :func:`combination_drops` for marriages, sequences
and beziques, :func:`quartet_drops` for four of a rank, less the points of a
seven of trumps played from the hand (R4.2). A card's *waiting* value is the best
combination still declarable after it is played (:func:`waiting_points`).
:func:`lead` and :func:`follow` turn them into a choice (see
:mod:`bezique.bots.greedy`).
"""

from __future__ import annotations

from bezique.actions import Action, Play
from bezique.bots._trick import beats, trick_lead
from bezique.bots.valuation import (
    ACE,
    COMPLETE,
    JACK,
    RANK,
    TEN,
    TRUMP_POS,
    Tables,
    TrumpTables,
    class_counts,
)
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.state import Combination, TableCard

__all__ = ["phase1"]

_Drop = tuple[int, list[int], float, int]
"""Per combination: (class bit, counts used, prospect drop when one counted card goes,
points if complete else 0)."""
_Choice = tuple[Action, int, float, float]
"""Per candidate card play: (action, card index, keep value, points waiting)."""


def phase1(T: Tables, player: int, hand: tuple[Card, ...],
           table: tuple[tuple[TableCard, ...], ...], trick: tuple[tuple[int, Card], ...],
           trump: Suit | None, turn_up: Card | None, stock_size: int,
           combos: tuple[Combination, ...], active: tuple[int, ...],
           legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Phase-1 card play: keep meld cards and brisques, win tricks that are worth it."""
    t = TRUMP_POS.get(id(trump), -1)
    tt = T.by_trump[t]
    # counts of the cards available to each meld class (A=1, B=2, C=4), and of all
    hcounts = [0] * 32
    held = set()
    for c in hand:
        i = c.index
        hcounts[i] += 1
        held.add(i)
    by_bit = class_counts(T, player, hcounts, table, held)
    g = stock_size / T.initial_stock
    if g > 1.0:
        g = 1.0
    comp, complete = combination_drops(tt, held, by_bit, combos, T.sides[player], g)
    qdrop, qdone = quartet_drops(tt, by_bit[4], g)
    seven_bonus = 0.0
    if (tt.seven >= 0 and hcounts[tt.seven] and turn_up is not None
            and RANK[turn_up.index] >= JACK):
        seven_bonus = float(T.seven_points)
    my_table = table[player]
    choices: list[_Choice] = []
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        used = 0  # R3.4: the class bits the card has served (none from the hand)
        from_table = action.from_table
        if from_table or (from_table is None and not hcounts[i]):
            used = 15
            for tc in my_table:
                if tc.card.index == i:
                    used &= tc.used
        keep = keep_value(T, tt, i, used, comp, by_bit[0], qdrop, seven_bonus)
        pend = waiting_points(tt, i, used, comp, complete, by_bit[0], qdone)
        choices.append((action, i, keep, pend + seven_bonus))
    if not trick:
        return lead(T.bp, t, choices, scores)
    return follow(T, player, trick, trump, t, active, choices, scores)


def combination_drops(tt: TrumpTables, held: set[int], by_bit: tuple[list[int], ...],
                      combos: tuple[Combination, ...], side: int,
                      g: float) -> tuple[dict[int, _Drop], list[int]]:
    """Per combination touching a card held, what the prospects lose when one counted
    card goes (a complete one: most of its points), and the complete combinations.

    An upgrade (R3.5) counts every card only once the combination it builds on is
    scored; ``g`` is the share of the stock still to draw.
    """
    call = by_bit[0]
    pats = tt.pats
    scored: list[MeldKind] | None = None
    comp: dict[int, _Drop] = {}
    complete: list[int] = []
    for i in held:
        for pid, _ in tt.by_card[i]:
            if pid in comp:
                continue
            bit, pts, total, needs, upgrade, kind = pats[pid]
            arr = by_bit[bit]
            if upgrade:
                if scored is None:
                    scored = [cb_.kind for cb_ in combos
                              if cb_.side == side and not cb_.superseded]
                if kind not in scored:
                    arr = call  # R3.5: may be built on a scored combination
            have = 0
            for index, n in needs:
                k = arr[index]
                have += k if k < n else n
            if have == total:
                complete.append(pid)
                x = (total - 1) / total
                comp[pid] = (bit, arr, pts * (COMPLETE - x * x * g), pts)
            else:
                x0 = have / total
                x1 = (have - 1) / total
                comp[pid] = (bit, arr, pts * g * (x0 * x0 - x1 * x1), 0)
    return comp, complete


def quartet_drops(tt: TrumpTables, cc: list[int],
                  g: float) -> tuple[dict[int, float], list[tuple[int, int, int]]]:
    """Per four-of-a-rank combination (R3.6) with class-C cards counted in ``cc``, what
    its prospects lose when one card goes, and the complete ones as
    ``(quartet, cards, points)``."""
    qdrop: dict[int, float] = {}
    qdone: list[tuple[int, int, int]] = []
    for q, (indexes, pts) in enumerate(tt.quartets):
        r = cc[indexes[0]] + cc[indexes[1]] + cc[indexes[2]] + cc[indexes[3]]
        if r >= 4:
            qdone.append((q, r, pts))
            qdrop[q] = pts * (COMPLETE - 0.5625 * g) if r == 4 else 0.0
        elif r:
            qdrop[q] = pts * g * (r * r - (r - 1) * (r - 1)) / 16
    return qdrop, qdone


def keep_value(T: Tables, tt: TrumpTables, i: int, used: int, comp: dict[int, _Drop],
               call: list[int], qdrop: dict[int, float], seven_bonus: float) -> float:
    """What keeping card ``i`` (with class bits ``used`` served) is worth: its base value
    plus the drop of every combination prospect it counts for; a seven of trumps from
    the hand scores when played (R4.2) unless an exchange awaits."""
    keep = tt.base1[i]
    for pid, n in tt.by_card[i]:
        e = comp[pid]
        arr = e[1]
        if used & e[0] and arr is not call:
            continue  # this copy does not count for that class
        if arr[i] <= n:
            keep += e[2]
    q = tt.quartet_of[i]
    if q >= 0 and not used & 4:
        keep += qdrop.get(q, 0.0)
    if i == tt.seven and not used:
        # R4.2: a seven of trumps played from the hand scores; keep it for the exchange
        keep -= T.seven_points - seven_bonus
    return keep


def waiting_points(tt: TrumpTables, i: int, used: int, comp: dict[int, _Drop],
                   complete: list[int], call: list[int],
                   qdone: list[tuple[int, int, int]]) -> float:
    """The points of the best complete combination still declarable after card ``i``
    (class bits ``used`` served) is played: one it is not needed for."""
    pend = 0.0
    for pid in complete:
        bit, arr, _, pts = comp[pid]
        if pts <= pend:
            continue
        if not (used & bit and arr is not call):
            for index, n in tt.pats[pid][3]:
                if index == i and arr[i] <= n:
                    break
            else:
                pend = pts
        else:
            pend = pts
    quartet = tt.quartet_of[i]
    for q, r, pts in qdone:
        if pts > pend and (r > 4 or used & 4 or q != quartet):
            pend = pts
    return pend


def lead(bp: float, t: int, choices: list[_Choice], scores: list[float] | None) -> Action:
    """Leading: the card of lowest keep value, a brisque counting double (it may be
    lost), leaning towards a likely winner when a combination is waiting."""
    best_action: Action = choices[0][0]
    best_u = -1e18
    for action, i, keep, pend in choices:
        rank = RANK[i]
        risk = bp * (0.5 if rank == ACE else 1.0) if rank >= TEN else 0.0
        u = -keep - risk
        if pend:
            # a combination is waiting: lead a likely winner
            if i >> 3 == t:
                p_win = 0.9 if rank == ACE else 0.5 + 0.05 * rank
            else:
                p_win = 0.6 if rank == ACE else 0.1 + 0.04 * max(0, rank - 3)
            u += p_win * pend * 0.5
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action


def follow(T: Tables, player: int, trick: tuple[tuple[int, Card], ...], trump: Suit | None,
           t: int, active: tuple[int, ...], choices: list[_Choice],
           scores: list[float] | None) -> Action:
    """Following: what winning with each card brings (the trick's brisques, a waiting
    combination) minus its keep value; a partner's trick is left to the partner (R11.8)."""
    bp = T.bp
    _, best_card, partner_wins = trick_lead(T, trick, trump, player)
    last = len(trick) == len(active) - 1
    trick_bp = 0.0
    for _, c in trick:
        if RANK[c.index] >= TEN:
            trick_bp += bp
    best_action: Action = choices[0][0]
    best_u = -1e18
    for action, i, keep, pend in choices:
        card_bp = bp if RANK[i] >= TEN else 0.0
        if partner_wins:
            u = (card_bp if last else 0.0) - keep
        elif beats(i, best_card, t):
            gain = trick_bp + card_bp + 1.0 + pend * COMPLETE
            if not last:
                gain *= 0.7
            u = gain - keep
        else:
            u = -card_bp - keep
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action
