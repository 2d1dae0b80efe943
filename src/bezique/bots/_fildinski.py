"""The greedy policy's Fildinski phase-1 card play (R5.3): combinations come from won
cards, so a card is worth what it adds to the won pile of whoever takes the trick."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique._engine.hands import INDEX_WEIGHT, WEIGHT, copies_at, rank_copies
from bezique.actions import Action, Play
from bezique.bots._layout import BY_BIT_LENGTH, RANK, TEN
from bezique.bots._trick import beats, trick_lead
from bezique.bots._trump_tables import TrumpTables
from bezique.cards import SUIT_OF_INDEX, Card, Suit
from bezique.state import TableCard

if TYPE_CHECKING:
    from bezique.bots._tables import Tables

__all__ = ["fildinski", "pile_gain", "won_meld_cards", "won_pile"]


def fildinski(T: Tables, player: int, trump: Suit | None,
              trick: tuple[tuple[int, Card], ...], won: tuple[tuple[TableCard, ...], ...],
              legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Fildinski phase 1 (R5.3): win tricks that build on the won cards, avoid feeding
    the opponent's."""
    tt = T.by_trump[trump]
    t = tt.trump_pos
    bp = T.bp
    mine = won_pile(won[player])
    best_action: Action = legal[0]
    best_u = -1e18
    trick_cards = [c.index for _, c in trick]
    best_card = 0
    other = mine
    partner_wins = False
    if trick:
        winning, best_card, partner_wins = trick_lead(T, trick, trump, player)
        other = won_pile(won[winning])
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        rank = RANK[i]
        card_bp = bp if rank >= TEN else 0.0
        keep = 0.3 * rank + card_bp + (3.0 + 0.5 * rank if SUIT_OF_INDEX[i] == t else 0.0)
        cards = [*trick_cards, i]
        if not trick:
            u = -keep - pile_gain(tt, mine, [i]) * 0.1 - card_bp
        elif partner_wins or beats(i, best_card, t):
            u = pile_gain(tt, mine, cards) + sum(bp for x in cards if RANK[x] >= TEN) - keep
        else:
            u = -pile_gain(tt, other, cards) - sum(bp for x in cards if RANK[x] >= TEN) - keep
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action


def won_pile(won: tuple[TableCard, ...]) -> int:
    """The packed counts of the won cards not yet used in a combination (R5.3)."""
    return sum([WEIGHT(tc.card) for tc in won if not tc.used])


def _prospect(x: float, pts: int) -> float:
    return pts * (1.0 if x >= 1.0 else 0.5 * x * x)


def pile_gain(tt: TrumpTables, pile: int, cards: list[int]) -> float:
    """What the card indexes ``cards`` add to the combination prospects of a won pile of
    packed counts ``pile``."""
    touched: set[int] = set()
    for i in cards:
        for pid, _ in tt.by_card[i]:
            touched.add(pid)
    after = pile + sum([INDEX_WEIGHT[i] for i in cards])
    gain = 0.0
    for pid in touched:
        _, pts, total, needs, _, _ = tt.pats[pid]
        before_n = after_n = 0
        for index, n in needs:
            before_n += min(copies_at(pile, index), n)
            after_n += min(copies_at(after, index), n)
        gain += _prospect(after_n / total, pts) - _prospect(before_n / total, pts)
    quartet_of = tt.quartet_of
    for q, rank, pts in tt.quartet_fields:
        if any(quartet_of[i] == q for i in cards):
            r0 = min(4, rank_copies(pile, rank))
            r1 = min(4, rank_copies(after, rank))
            gain += _prospect(r1 / 4, pts) - _prospect(r0 / 4, pts)
    return gain


def won_meld_cards(T: Tables, player: int, hand: tuple[Card, ...],
                   table: tuple[tuple[TableCard, ...], ...],
                   won: tuple[tuple[TableCard, ...], ...]) -> tuple[int, ...]:
    """The cards ``player`` may meld, every class alike: the packed counts of his unused
    won cards (R5.3, R11.5; :func:`bezique.bots._sources.hand_meld_cards` for the hand)."""
    return (won_pile(won[player]),) * BY_BIT_LENGTH
