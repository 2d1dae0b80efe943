"""The endgame solver's search (:mod:`bezique.solver`): alpha-beta over sets of card indexes.

Internal: :func:`bezique.solver.solve` and :func:`bezique.solver.value_for` are its
public faces, and their documentation describes what it computes and how.
"""

from __future__ import annotations

from bezique._engine.compiled import rules_of
from bezique._engine.tricks import trick_order
from bezique.cards import Card, Rank, Suit
from bezique.state import State

__all__ = ["Search"]

_CARDS = 32
"""Card indexes 0-31 (``Card.index``: suit by suit, eight each, ace first)."""
_FIELD = 8
"""Bits per card of a hand's count vector (:mod:`bezique._engine.hands`)."""
_CARD_FIELDS: int = (1 << _FIELD * _CARDS) - 1
"""The 32 card fields of a count vector (its per-rank fields dropped)."""
_SEVEN_BITS: int = sum(0x7F << _FIELD * i for i in range(_CARDS))
_TOP_BITS: int = sum(0x80 << _FIELD * i for i in range(_CARDS))
"""Adding :data:`_SEVEN_BITS` to a count vector's card fields (each below 128) sets the top
bit (:data:`_TOP_BITS`) of exactly the fields that are not zero, and never carries."""
_KEY_FIELD = 4
"""Bits per card of a hand in the transposition table's key (eight copies at most)."""
_SUIT_OF: tuple[int, ...] = tuple(i // 8 for i in range(_CARDS))
"""The suit position of a card index."""
_SUIT_CARDS: tuple[int, ...] = tuple(0xFF << 8 * s for s in range(4))
"""Per suit position, the bits of its eight cards in a set of card indexes."""
_ABOVE: tuple[int, ...] = tuple(((1 << i) - 1) & _SUIT_CARDS[i // 8] for i in range(_CARDS))
"""Per card index, the bits of the higher cards of its suit (a lower index ranks higher)."""
_IS_BRISQUE: tuple[int, ...] = tuple(int(i % 8 < 2) for i in range(_CARDS))
"""1 for an ace or a ten (R2.11), by card index: the first two of a suit's eight."""
_SPAN: tuple[tuple[int, ...], ...] = tuple(
    tuple(((1 << (b + 1)) - (1 << a)) if a <= b else 0 for b in range(_CARDS))
    for a in range(_CARDS))
"""``_SPAN[a][b]``: the bits of the card indexes ``a`` to ``b``, both included: the cards
between two cards of a suit."""
_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(8) if byte >> r & 1) for byte in range(256))
"""The set bits of a byte, low first: a suit's cards in a set of card indexes, high first."""
_INF = 1 << 30
"""Beyond any value."""



def _reps(options: int, outside: int) -> list[int]:
    """One card of ``options`` per class, the highest: cards of a suit and worth with no
    card of ``outside`` between them are one move (the equivalence of card-play solvers)."""
    out: list[int] = []
    for s in range(4):
        byte = options >> 8 * s & 0xFF
        if not byte:
            continue
        prev = -1
        for r in _BITS[byte]:
            card = 8 * s + r
            if (prev < 0 or _IS_BRISQUE[card] != _IS_BRISQUE[prev]
                    or outside & _SPAN[prev][card]):
                out.append(card)
            prev = card
    return out


class Search:
    """One solve: the position's fixed facts and the alpha-beta search over its cards.

    A hand is kept three ways, updated together as cards are played and taken back: the
    set of its distinct cards (``cards[p]``, a bit per card index: the moves and the duty
    to follow, R2.10), the copies of each (``copies[p]``) and the copies packed four bits
    a card (``packed[p]``, the transposition table's key).
    """

    def __init__(self, state: State, root_side: int) -> None:
        variant = state.variant
        rules = rules_of(variant)
        assert state.to_move is not None
        self.state = state
        self.trump = -1 if state.trump is None else _SUIT_OF[_suit_card(state.trump)]
        self.trump_cards = _SUIT_CARDS[self.trump] if self.trump >= 0 else 0
        self.suit = state.trump
        self.follow = rules.follow
        self.sign = tuple(1 if side == root_side else -1 for side in variant.deal.sides)
        self.brisque = variant.scoring.brisque_value(True)
        self.bonus = rules.settlement.final_trick_points
        self.copies = [[h >> _FIELD * i & 0xFF for i in range(_CARDS)] for h in state.held]
        self.cards = [sum(1 << i for i, n in enumerate(c) if n) for c in self.copies]
        self.packed = [sum(n << _KEY_FIELD * i for i, n in enumerate(c)) for c in self.copies]
        self.vectors = [h & _CARD_FIELDS for h in state.held]
        self.table: dict[int, tuple[int, int]] = {}
        self.best_move: dict[int, int] = {}
        self.nodes = 0
        active = state.active
        later = rules.partnership.phase_two.second(active)
        self.active = active
        # R6.7, R11.9: a second duel still to come is solved by itself (its cards never
        # meet this duel's; the last trick's bonus is its own) and added
        self.rest = 0
        self.final = True
        if set(later) != set(active) and any(self.cards[p] for p in later):
            self.active = later
            self.left = self._brisques_of(later)
            self.rest = self._value_from(later[0], -_INF, _INF)
            self.table.clear()
            self.best_move.clear()
            self.active = active
            self.final = False
        self.left = (self._brisques_of(active)
                     + sum(_IS_BRISQUE[c] for c in state.trick_indexes))

    def _brisques_of(self, players: tuple[int, ...]) -> int:
        """The brisques in the hands of ``players``."""
        return sum(c[8 * s] + c[8 * s + 1] for p in players for c in (self.copies[p],)
                   for s in range(4))

    def _options(self, p: int, trick: list[int]) -> int:
        """The set of cards ``p`` may play to ``trick``: all of his cards when he leads,
        else the variant's duty to follow (R2.10, R7.1, R11.9), asked of the engine's own
        rule (``Rules.follow``, on the hand's count vector) and read back as a set."""
        if not trick:
            return self.cards[p]
        allowed = self.follow(self.vectors[p], trick, self.suit) & _CARD_FIELDS
        options = 0
        bits = (allowed + _SEVEN_BITS) & _TOP_BITS  # a bit atop every field not zero
        while bits:
            low = bits & -bits
            bits ^= low
            options |= 1 << ((low.bit_length() - _FIELD) >> 3)
        return options

    def _beats(self, best: int, card: int) -> bool:
        """R1.3: whether ``card`` takes the trick from ``best`` (an identical card does
        not)."""
        if _SUIT_OF[card] == _SUIT_OF[best]:
            return card < best
        return bool(self.trump_cards >> card & 1)

    def _classes(self, options: int, p: int, trick: list[int]) -> list[tuple[int, int]]:
        """Each card of ``options`` with the card that stands for its class: the highest of
        the cards of its suit and worth that no other player's card (nor one of the trick)
        lies between."""
        outside = 0
        for q in self.active:
            if q != p:
                outside |= self.cards[q]
        for card in trick:
            outside |= 1 << card
        out: list[tuple[int, int]] = []
        for s in range(4):
            rep = prev = -1
            for r in _BITS[options >> 8 * s & 0xFF]:
                card = 8 * s + r
                if (prev < 0 or _IS_BRISQUE[card] != _IS_BRISQUE[prev]
                        or outside & _SPAN[prev][card]):
                    rep = card
                out.append((card, rep))
                prev = card
        return out

    def _take(self, p: int, card: int) -> None:
        """``p`` plays a copy of ``card``."""
        copies = self.copies[p]
        copies[card] -= 1
        if not copies[card]:
            self.cards[p] &= ~(1 << card)
        self.packed[p] -= 1 << _KEY_FIELD * card
        self.vectors[p] -= 1 << _FIELD * card

    def _give_back(self, p: int, card: int) -> None:
        """Undo :meth:`_take`."""
        self.copies[p][card] += 1
        self.cards[p] |= 1 << card
        self.packed[p] += 1 << _KEY_FIELD * card
        self.vectors[p] += 1 << _FIELD * card

    def value(self) -> int:
        """The position's value alone: at a trick's start the alpha-beta search from the
        root, which need not make every card's value exact (the playouts' ends)."""
        s = self.state
        if s.trick_indexes:
            return self.root()[1]
        return self._value_from(s.leader, -_INF, _INF)

    def root(self) -> tuple[dict[int, int], int]:
        """Every legal card's value (by card index) and the position's value."""
        s = self.state
        p = s.to_move
        assert p is not None
        order = trick_order(s.leader, self.active)
        trick = list(s.trick_indexes)
        k = len(trick)
        best = 0
        for i in range(1, k):
            if self._beats(trick[best], trick[i]):
                best = i
        options = self._options(p, trick)
        values: dict[int, int] = {}
        representative = dict(self._classes(options, p, trick))
        for card, rep in representative.items():
            if rep != card:
                continue
            self._take(p, card)
            trick.append(card)
            now = k if not k or self._beats(trick[best], card) else best
            v = (self._finish(order, trick, now, -_INF, _INF) if k + 1 == len(order)
                 else self._play(order, k + 1, trick, now, -_INF, _INF))
            trick.pop()
            self._give_back(p, card)
            values[card] = v
        for card, rep in representative.items():
            values[card] = values[rep]
        pick = max if self.sign[p] > 0 else min
        return values, pick(values.values())

    def _value_from(self, leader: int, alpha: int, beta: int) -> int:
        """The value of the tricks from one led by ``leader`` to the end of the series."""
        active = self.active
        key = 0
        for p in active:
            key = key << 128 | self.packed[p]
        key = key << 3 | active.index(leader)
        most = self.left * self.brisque + (self.bonus if self.final else 0)
        rest = self.rest  # a second duel's value, constant here
        if rest + most <= alpha:
            return rest + most
        if rest - most >= beta:
            return rest - most
        entry = self.table.get(key)
        if entry is not None:
            low, high = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha = max(alpha, low)
            beta = min(beta, high)
        if len(active) == 2:
            v = self._duel(leader, active[1] if leader == active[0] else active[0], alpha,
                           beta, key)
        else:
            v = self._play(trick_order(leader, active), 0, [], 0, alpha, beta, key)
        low, high = entry if entry is not None else (-_INF, _INF)
        if v <= alpha:
            high = min(high, v)
        elif v >= beta:
            low = max(low, v)
        else:
            low = high = v
        self.table[key] = (low, high)
        return v

    def _play(self, order: tuple[int, ...], k: int, trick: list[int], best: int, alpha: int,
              beta: int, key: int = -1) -> int:
        """The value once the ``k``-th player of ``order`` plays to ``trick``, whose
        winning card so far is at ``best``."""
        p = order[k]
        options = self._options(p, trick)
        moves = [card for card, rep in self._classes(options, p, trick) if card == rep]
        if k:
            moves.reverse()  # a follower tries his lowest cards first
        if key >= 0:
            first = self.best_move.get(key, -1)
            if first >= 0 and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        maximizing = self.sign[p] > 0
        value = -_INF if maximizing else _INF
        chosen = -1
        last = k + 1 == len(order)
        for card in moves:
            self.nodes += 1
            self._take(p, card)
            trick.append(card)
            now = k if not k or self._beats(trick[best], card) else best
            v = (self._finish(order, trick, now, alpha, beta) if last
                 else self._play(order, k + 1, trick, now, alpha, beta))
            trick.pop()
            self._give_back(p, card)
            if maximizing:
                if v > value:
                    value, chosen = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value, chosen = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key >= 0:
            self.best_move[key] = chosen
        return value

    def _duel(self, leader: int, follower: int, alpha: int, beta: int, key: int) -> int:
        """:meth:`_play` for a trick of two players from its start, the follower's answers
        in :meth:`_answer`: the two-handed endings (and each duel of R6.7) spend their time
        here, and a call less per card is measurable."""
        cards, packed = self.cards, self.packed
        lead_cards = cards[leader]
        moves = _reps(lead_cards, cards[follower])
        first = self.best_move.get(key, -1)
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximizing = self.sign[leader] > 0
        lead_copies = self.copies[leader]
        value = -_INF if maximizing else _INF
        chosen = -1
        for card in moves:
            lead_copies[card] -= 1  # the leader plays a copy of card
            if not lead_copies[card]:
                cards[leader] = lead_cards & ~(1 << card)
            packed[leader] -= 1 << _KEY_FIELD * card
            v = self._answer(leader, follower, card, alpha, beta)
            lead_copies[card] += 1
            cards[leader] = lead_cards
            packed[leader] += 1 << _KEY_FIELD * card
            if maximizing:
                if v > value:
                    value, chosen = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value, chosen = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self.best_move[key] = chosen
        return value

    def _answer(self, leader: int, follower: int, card: int, alpha: int, beta: int) -> int:
        """The value once ``follower`` answers the lead ``card`` of a two-player trick:
        R2.10's duty (follow and beat, else trump, else any card), his lowest cards first,
        the trick judged (R1.3) and scored (R2.11, R2.12) in place."""
        cards, packed = self.cards, self.packed
        follow_cards = cards[follower]
        trump_cards = self.trump_cards
        options = follow_cards & _SUIT_CARDS[_SUIT_OF[card]]
        if options:
            options = options & _ABOVE[card] or options
        else:
            options = follow_cards & trump_cards or follow_cards
        answers = _reps(options, cards[leader] | 1 << card)
        answers.reverse()
        sign_lead, sign_follow = self.sign[leader], self.sign[follower]
        maximizing = sign_follow > 0
        follow_copies = self.copies[follower]
        value = -_INF if maximizing else _INF
        for answer in answers:
            self.nodes += 1
            follow_copies[answer] -= 1
            if not follow_copies[answer]:
                cards[follower] = follow_cards & ~(1 << answer)
            packed[follower] -= 1 << _KEY_FIELD * answer
            if _SUIT_OF[answer] == _SUIT_OF[card]:
                wins = answer < card
            else:
                wins = bool(trump_cards >> answer & 1)
            brisques = _IS_BRISQUE[card] + _IS_BRISQUE[answer]
            sign = sign_follow if wins else sign_lead
            if cards[leader] or cards[follower]:
                points = sign * brisques * self.brisque
                self.left -= brisques
                v = points + self._value_from(follower if wins else leader, alpha - points,
                                              beta - points)
                self.left += brisques
            else:
                v = sign * (brisques * self.brisque + (self.bonus if self.final else 0))
                v += self.rest
            follow_copies[answer] += 1
            cards[follower] = follow_cards
            packed[follower] += 1 << _KEY_FIELD * answer
            if maximizing:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return value

    def _finish(self, order: tuple[int, ...], trick: list[int], best: int, alpha: int,
                beta: int) -> int:
        """The value of a complete ``trick`` won by its ``best``-th card and of the tricks
        after it (R1.3, R2.11, R2.12)."""
        winner = order[best]
        brisques = sum(_IS_BRISQUE[c] for c in trick)
        points = brisques * self.brisque
        sign = self.sign[winner]
        if self.cards[order[0]]:
            self.left -= brisques
            rest = self._value_from(winner, alpha - sign * points, beta - sign * points)
            self.left += brisques
            return sign * points + rest
        if self.final:
            points += self.bonus
        return sign * points + self.rest


def _suit_card(suit: Suit) -> int:
    """The card index of the ace of ``suit`` (its suit position times eight)."""
    return Card(Rank.ACE, suit).index
