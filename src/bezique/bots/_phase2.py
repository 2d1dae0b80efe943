"""The greedy policy's phase-2 card play (R2.10): count the unseen cards, cash masters,
draw trumps, win cheaply, throw low (see :mod:`bezique.bots.greedy`)."""

from __future__ import annotations

from bezique.actions import Action, Play
from bezique.bots._trick import beats, trick_lead
from bezique.bots.valuation import RANK, TEN, TRUMP_POS, Tables
from bezique.cards import Card, Suit

__all__ = ["phase2"]


def phase2(T: Tables, player: int, hand: tuple[Card, ...],
           trick: tuple[tuple[int, Card], ...], trump: Suit | None, played: tuple[Card, ...],
           legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Phase-2 play (R2.10): cash masters, draw trumps, win cheaply, throw low."""
    t = TRUMP_POS.get(id(trump), -1)
    top, out = unseen_by_suit(T.copies, hand, trick, played)
    if not trick:
        my_trumps = sum(1 for c in hand if c.index >> 3 == t) if t >= 0 else 0
        return _lead(T.bp, t, top, out, my_trumps, legal, scores)
    _, best_card, partner_wins = trick_lead(T, trick, trump, player)
    return _follow(T.bp, t, top, best_card, partner_wins, legal, scores)


def unseen_by_suit(copies: int, hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...],
                   played: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """Per suit position, the highest rank not yet seen (-1 if none) and how many cards
    of the suit are unseen, counting ``copies`` packs."""
    unseen = [copies] * 32
    for c in played:
        unseen[c.index] -= 1
    for c in hand:
        unseen[c.index] -= 1
    for _, c in trick:
        unseen[c.index] -= 1
    top = [-1, -1, -1, -1]
    out = [0, 0, 0, 0]
    for s in range(4):
        base = s * 8
        for k in range(8):
            n = unseen[base + k]
            if n > 0:
                if top[s] < 0:
                    top[s] = 7 - k
                out[s] += n
    return top, out


def _lead(bp: float, t: int, top: list[int], out: list[int], my_trumps: int,
          legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Leading: draw trumps with a master trump when holding as many as are out, cash
    other masters (brisques first) where they must win, else lead the cheapest card."""
    out_trumps = out[t] if t >= 0 else 0
    best_action: Action = legal[0]
    best_u = -1e18
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        rank = RANK[i]
        s = i >> 3
        card_bp = bp if rank >= TEN else 0.0
        master = rank >= top[s]
        if s == t:
            if master and out_trumps and my_trumps >= out_trumps:
                u = 25.0 + card_bp + rank  # draw the trumps out
            elif master:
                u = 10.0 + card_bp + rank
            else:
                u = -1.5 * card_bp - 0.5 * rank - 3.0
        elif master and (out[s] or not out_trumps):
            u = 20.0 + card_bp + rank  # cash a sure winner, brisques first
        else:
            u = -1.5 * card_bp - 0.5 * rank
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action


def _follow(bp: float, t: int, top: list[int], best_card: int, partner_wins: bool,
            legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Following: win with the cheapest winning card (a master brisque is worth keeping,
    another is not), otherwise throw the lowest card, sparing brisques."""
    best_action: Action = legal[0]
    best_u = -1e18
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        rank = RANK[i]
        s = i >> 3
        card_bp = bp if rank >= TEN else 0.0
        # what keeping the card is worth: a master brisque will be won, another lost
        future = 0.5 * rank + (3.0 if s == t else 0.0)
        if card_bp:
            future += card_bp if rank >= top[s] else -0.5 * card_bp
        if partner_wins:
            u = card_bp - future
        elif beats(i, best_card, t):
            u = 100.0 + card_bp - future
        else:
            u = -card_bp - future
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action
