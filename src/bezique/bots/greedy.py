"""GreedyBot: best immediate points and sensible card play, from the observation alone.

The heuristics, in the order a deal needs them:

* **Declaration window** (R2.6): take the declaration worth the most points
  (``rules_of(variant).points``). The seven of trumps (section 4) is worth its
  10 points; exchanging it is preferred when the turn-up is worth having (an
  ace, ten or court of trumps), declaring it otherwise. Before trump is fixed
  (R5.1, R11.2) a marriage in a suit the bot is long in is preferred, since it
  makes that suit trumps. With nothing to declare the bot passes.
* **Carte blanche** (R11.6) is shown whenever it is offered: it scores and
  does not pass the turn.
* **Phase 1** (R2.5, free play): every card gets a *keep value*: its brisque
  points (R2.11; next to nothing where brisques only settle ties, R8.4), a
  little for its rank, more if it is a trump, plus its *meld value*: what the
  bot's prospects of scoring combinations lose if the card leaves. Each
  combination of the variant (marriages, sequences, beziques of the variant's
  pair, trump quartets, four of a rank) counts as its points times
  ``completion ** 2`` times the share of the stock still to draw, and a
  complete, undeclared one as 90% of its points; a card's meld value is the
  drop of that sum when one copy goes. So meld cards, cards of a rank held
  three or four times and sequence cards are kept, while a spare copy, or a
  table card that has served its class, is not. Leading, the bot plays the
  card of lowest keep value (a brisque counts double: it may be lost); with a
  combination ready to declare it leans towards a likely winner. Following,
  each card is judged by what winning with it brings (the brisques in the
  trick, and the best combination still declarable after playing it) minus
  its keep value: the bot wins cheaply when the trick holds a brisque or a
  declaration is waiting, and otherwise throws its least valuable card. A
  trump seven played from the hand scores (R4.2), so it goes early unless an
  exchange for a good turn-up awaits.
* **Fildinski** (R5.3): combinations come from won cards, so a card is worth
  what it adds to the won pile of whoever takes the trick; the bot wins tricks
  that build on its won cards and avoids feeding the opponent's.
* **Phase 2** (R2.10): the bot counts the cards it has not seen. Leading, it
  draws trumps with a master trump (no unseen trump beats it) when it holds at
  least as many trumps as are out, cashes other masters (aces first, brisques
  first) where the opponents must follow or hold no trump, and otherwise leads
  its cheapest card. Following, it wins with the cheapest winning card (a ten
  that an unseen ace could still catch goes before a card that will win
  later), and when it cannot win it throws its lowest card, sparing brisques.
* **Dealer's guess** (R9.4): guesses 24.

Everything per variant (combination patterns per trump suit, base values) is
computed once and cached, keyed by the variant object
(:mod:`bezique.bots.valuation`); a decision costs some
10-20 µs. :func:`greedy_action` is the same policy on raw fields, so search
bots can play it out on determinized states without building observations.
"""

from __future__ import annotations

import random

import attrs

from bezique._engine.tricks import trick_winner
from bezique.actions import Action, Declare, ExchangeSeven, Pass, Play
from bezique.bots.base import legal_choices
from bezique.bots.valuation import (
    ACE,
    COMPLETE,
    JACK,
    RANK,
    TEN,
    TRUMP_POS,
    Tables,
    class_counts,
    tables_of,
)
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.observation import Observation
from bezique.state import Combination, Stage, TableCard
from bezique.variants import Variant

__all__ = ["GreedyBot", "greedy_action"]

_PASS = Pass()


@attrs.frozen
class GreedyBot:
    """Best immediate points and sensible card play (see the module documentation).

    Deterministic: the same observation gives the same action (``rng`` is not used).

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> o = bz.observe(s, s.to_move)
    >>> bz.bots.GreedyBot().choose(o, random.Random(0)) in o.legal_actions
    True
    >>> bz.bots.GreedyBot().choose(bz.observe(s, 1 - s.to_move), random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: no legal action: it is not this player's turn
    """

    name: str = "greedy"
    """The bot's name."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The greedy action for ``observation``.

        Raises:
            ValueError: if it is not the observer's turn.
        """
        o = observation
        legal = legal_choices(o)
        if len(legal) == 1:
            return legal[0]
        return greedy_action(o.variant, o.player, o.stage, o.phase, o.hand, o.table, o.trick,
                             o.trump, o.turn_up, o.stock_size, o.played, o.won, o.combos,
                             o.active, legal)


def greedy_action(variant: Variant, player: int, stage: Stage, phase: int,
                  hand: tuple[Card, ...], table: tuple[tuple[TableCard, ...], ...],
                  trick: tuple[tuple[int, Card], ...], trump: Suit | None, turn_up: Card | None,
                  stock_size: int, played: tuple[Card, ...],
                  won: tuple[tuple[TableCard, ...], ...], combos: tuple[Combination, ...],
                  active: tuple[int, ...], legal: tuple[Action, ...],
                  scores: list[float] | None = None) -> Action:
    """The greedy policy on the public fields plus the player's own hand.

    The arguments are the fields of an :class:`~bezique.observation.Observation`
    of the player to move (or the same fields of a state); of the concealed
    cards only the player's own hand is read. ``legal`` must be the legal
    actions, non-empty. Given a list as ``scores``, card play appends the
    policy's value of each card play in ``legal`` order (higher is better), and
    declaration windows the points of each action, for search bots that rank
    candidates.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> p = s.to_move
    >>> a = greedy_action(s.variant, p, s.stage, s.phase, s.hands[p], s.table, s.trick,
    ...                   s.trump, s.turn_up, s.stock_size, s.played, s.won, s.combos,
    ...                   s.active, bz.legal_actions(s))
    >>> a in bz.legal_actions(s)
    True
    """
    if stage is Stage.DECLARE:
        return _declaration(variant, player, hand, table, trump, turn_up, legal, scores)
    if stage is not Stage.PLAY:
        return _guess(legal, variant.deal.packet_target)
    last = legal[-1]
    if type(last) is Declare:
        if scores is not None:
            scores.extend([0.0] * (len(legal) - 1) + [1.0])
        return last  # carte blanche (R11.6): always worth showing
    T = tables_of(variant)
    if phase == 1:
        if T.from_won:
            return _fildinski(T, player, trump, trick, won, legal, scores)
        return _phase1(T, player, hand, table, trick, trump, turn_up, stock_size, combos,
                       active, legal, scores)
    return _phase2(T, player, hand, trick, trump, played, legal, scores)


def _guess(legal: tuple[Action, ...], target: int) -> Action:
    """R9.4: guess the dealer's target (every size is equally likely; 24 in the rules)."""
    for action in legal:
        if getattr(action, "size", None) == target:
            return action
    return legal[len(legal) // 2]


def _declaration(variant: Variant, player: int, hand: tuple[Card, ...],
                 table: tuple[tuple[TableCard, ...], ...], trump: Suit | None,
                 turn_up: Card | None, legal: tuple[Action, ...],
                 scores: list[float] | None) -> Action:
    """The declaration worth the most points, or pass (R2.6, R3, R4)."""
    T = tables_of(variant)
    points = T.rules.points
    best: Action = _PASS
    best_value = 0.0
    for action in legal:
        value = 0.0
        if type(action) is Declare:
            meld = action.meld
            if meld is MeldKind.TRUMP_SEVEN:
                value = float(T.seven_points)
            else:
                value = float(points.get(meld, 0))
                if trump is None and meld in (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE):
                    # R11.2: this declaration fixes trump; prefer a suit we are long in
                    suit = action.cards[0].suit
                    value += 0.1 * sum(1 for c in hand if c.suit is suit)
                    value += 0.05 * sum(1 for tc in table[player] if tc.card.suit is suit)
        elif type(action) is ExchangeSeven:
            good = turn_up is not None and RANK[turn_up.index] >= JACK
            value = T.seven_points + (0.5 if good else -0.5)
        if scores is not None:
            scores.append(value)
        if value > best_value:
            best, best_value = action, value
    return best


def _trick_lead(T: Tables, trick: tuple[tuple[int, Card], ...], trump: Suit | None,
                player: int) -> tuple[int, int, bool]:
    """Who is winning the trick so far (R1.3): that player, the index of the card
    winning it, and whether that player is ``player``'s partner (R11.8)."""
    w = trick_winner(trick, trump)
    leader, card = trick[w]
    return leader, card.index, T.sides[leader] == T.sides[player]


def _beats(i: int, best: int, trump: int) -> bool:
    """Whether card index ``i`` played after ``best`` takes the trick from it (R1.3)."""
    if i >> 3 == best >> 3:
        return RANK[i] > RANK[best]
    return i >> 3 == trump


def _phase1(T: Tables, player: int, hand: tuple[Card, ...],
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
    my_table = table[player]
    by_bit = class_counts(T, player, hcounts, table, held)
    call, cc = by_bit[0], by_bit[4]
    g = stock_size / T.initial_stock
    if g > 1.0:
        g = 1.0
    pats = tt.pats
    by_card = tt.by_card
    side = T.sides[player]
    scored: list[MeldKind] | None = None
    # per combination touching a card we hold: (class bit, counts used, prospect drop
    # when one counted card goes, points if complete else 0)
    comp: dict[int, tuple[int, list[int], float, int]] = {}
    complete: list[int] = []
    for i in held:
        for pid, _ in by_card[i]:
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
    qdrop: dict[int, float] = {}
    qdone: list[tuple[int, int, int]] = []
    for q, (indexes, pts) in enumerate(tt.quartets):
        r = cc[indexes[0]] + cc[indexes[1]] + cc[indexes[2]] + cc[indexes[3]]
        if r >= 4:
            qdone.append((q, r, pts))
            qdrop[q] = pts * (COMPLETE - 0.5625 * g) if r == 4 else 0.0
        elif r:
            qdrop[q] = pts * g * (r * r - (r - 1) * (r - 1)) / 16
    seven = tt.seven
    seven_points = T.seven_points
    seven_bonus = 0.0
    if seven >= 0 and hcounts[seven] and turn_up is not None and RANK[turn_up.index] >= JACK:
        seven_bonus = float(seven_points)
    bp = T.bp
    base1 = tt.base1
    quartet_of = tt.quartet_of
    # per candidate card: the keep value, and the best combination left to declare
    choices: list[tuple[Action, int, float, float]] = []
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        used = 0
        from_table = action.from_table
        if from_table or (from_table is None and not hcounts[i]):
            used = 15
            for tc in my_table:
                if tc.card.index == i:
                    used &= tc.used
        keep = base1[i]
        for pid, n in by_card[i]:
            e = comp[pid]
            arr = e[1]
            if used & e[0] and arr is not call:
                continue  # this copy does not count for that class
            if arr[i] <= n:
                keep += e[2]
        q = quartet_of[i]
        if q >= 0 and not used & 4:
            keep += qdrop.get(q, 0.0)
        if i == seven and not used:
            # R4.2: a seven of trumps played from the hand scores; keep it for the exchange
            keep -= seven_points - seven_bonus
        pend = 0.0
        for pid in complete:
            bit, arr, _, pts = comp[pid]
            if pts <= pend:
                continue
            if not (used & bit and arr is not call):
                for index, n in pats[pid][3]:
                    if index == i and arr[i] <= n:
                        break
                else:
                    pend = pts
            else:
                pend = pts
        for q, r, pts in qdone:
            if pts > pend and (r > 4 or used & 4 or q != quartet_of[i]):
                pend = pts
        choices.append((action, i, keep, pend + seven_bonus))
    best_action: Action = choices[0][0]
    best_u = -1e18
    if not trick:
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
    _, best_card, partner_wins = _trick_lead(T, trick, trump, player)
    last = len(trick) == len(active) - 1
    trick_bp = 0.0
    for _, c in trick:
        if RANK[c.index] >= TEN:
            trick_bp += bp
    for action, i, keep, pend in choices:
        card_bp = bp if RANK[i] >= TEN else 0.0
        if partner_wins:
            u = (card_bp if last else 0.0) - keep
        elif _beats(i, best_card, t):
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


def _fildinski(T: Tables, player: int, trump: Suit | None,
               trick: tuple[tuple[int, Card], ...], won: tuple[tuple[TableCard, ...], ...],
               legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Fildinski phase 1 (R5.3): a card is worth what it adds to the winner's won pile."""
    t = TRUMP_POS.get(id(trump), -1)
    tt = T.by_trump[t]
    pats = tt.pats
    bp = T.bp

    def pile(owner: int) -> list[int]:
        counts = [0] * 32
        for tc in won[owner]:
            if not tc.used:
                counts[tc.card.index] += 1
        return counts

    def prospect(x: float, pts: int) -> float:
        return pts * (1.0 if x >= 1.0 else 0.5 * x * x)

    def adds(counts: list[int], cards: list[int]) -> float:
        """What these cards add to a won pile's combination prospects."""
        touched: set[int] = set()
        for i in cards:
            for pid, _ in tt.by_card[i]:
                touched.add(pid)
        after = counts[:]
        for i in cards:
            after[i] += 1
        gain = 0.0
        for pid in touched:
            _, pts, total, needs, _, _ = pats[pid]
            before_n = after_n = 0
            for index, n in needs:
                before_n += min(counts[index], n)
                after_n += min(after[index], n)
            gain += prospect(after_n / total, pts) - prospect(before_n / total, pts)
        for indexes, pts in tt.quartets:
            if any(i in indexes for i in cards):
                r0 = min(4, sum(counts[x] for x in indexes))
                r1 = min(4, sum(after[x] for x in indexes))
                gain += prospect(r1 / 4, pts) - prospect(r0 / 4, pts)
        return gain

    mine = pile(player)
    best_action: Action = legal[0]
    best_u = -1e18
    trick_cards = [c.index for _, c in trick]
    best_card = 0
    other = mine
    partner_wins = False
    if trick:
        winning, best_card, partner_wins = _trick_lead(T, trick, trump, player)
        other = pile(winning)
    for action in legal:
        if type(action) is not Play:
            continue
        i = action.card.index
        rank = RANK[i]
        card_bp = bp if rank >= TEN else 0.0
        keep = 0.3 * rank + card_bp + (3.0 + 0.5 * rank if i >> 3 == t else 0.0)
        cards = [*trick_cards, i]
        if not trick:
            u = -keep - adds(mine, [i]) * 0.1 - card_bp
        elif partner_wins or _beats(i, best_card, t):
            u = adds(mine, cards) + sum(bp for x in cards if RANK[x] >= TEN) - keep
        else:
            u = -adds(other, cards) - sum(bp for x in cards if RANK[x] >= TEN) - keep
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action


def _phase2(T: Tables, player: int, hand: tuple[Card, ...],
            trick: tuple[tuple[int, Card], ...], trump: Suit | None, played: tuple[Card, ...],
            legal: tuple[Action, ...], scores: list[float] | None) -> Action:
    """Phase-2 play (R2.10): cash masters, draw trumps, win cheaply, throw low."""
    t = TRUMP_POS.get(id(trump), -1)
    copies = T.copies
    unseen = [copies] * 32
    for c in played:
        unseen[c.index] -= 1
    for c in hand:
        unseen[c.index] -= 1
    for _, c in trick:
        unseen[c.index] -= 1
    # highest unseen rank and unseen count per suit
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
    bp = T.bp
    my_trumps = sum(1 for c in hand if c.index >> 3 == t) if t >= 0 else 0
    out_trumps = out[t] if t >= 0 else 0
    best_action: Action = legal[0]
    best_u = -1e18
    if not trick:
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
    _, best_card, partner_wins = _trick_lead(T, trick, trump, player)
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
        elif _beats(i, best_card, t):
            u = 100.0 + card_bp - future
        else:
            u = -card_bp - future
        if scores is not None:
            scores.append(u)
        if u > best_u:
            best_action, best_u = action, u
    return best_action
