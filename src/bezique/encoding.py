"""Fixed action ids, legal-action masks and observation tensors, for learning agents.

Reinforcement-learning frameworks want a deal as numbers: a fixed set of action ids
per variant, a mask of the ids legal now, and an observation as a fixed-length list of
floats. This module gives them in pure Python (no numpy); the adapters of
:mod:`bezique.adapters` turn them into the arrays PettingZoo and OpenSpiel expect.

**Action ids.** :class:`ActionEncoder` numbers every action the variant can ever
offer, in blocks (docs/rl.rst lists them with their sizes):

* ``play c`` for each of the 32 faces: from the hand if the player holds one there,
  from the table otherwise (``Play(card)``, R2.7);
* ``play c from table`` for each face: the table copy when the player holds the face
  in both places (``Play(card, from_table=True)``);
* one id per declaration the meld table allows, by kind and card faces
  (``Declare(kind, cards)``); which physical copies serve is the engine's choice (R3.4),
  so the faces are all an id needs;
* the seven-of-trumps actions per suit (``Declare(TRUMP_SEVEN, ...)``,
  ``ExchangeSeven``, R4.1, R4.2), where the variant scores the seven;
* ``pass`` (R2.6); one id per packet guess (R9.4) where the dealer lifts a packet;
* one id for showing carte blanche (R11.6): the cards shown are the whole hand, so the
  state says which they are.

Two legal actions never share an id: :func:`bezique.legal_actions` lists no two equal
actions, and the id of an action depends on its value only.

**Observation tensor.** :func:`observation_tensor` reads an
:class:`~bezique.observation.Observation` only, so it cannot leak what the observer does
not see. Players and sides are numbered from the observer (the observer is relative
player 0, his side relative side 0). The layout is documented in docs/rl.rst and by
:func:`observation_layout`.

>>> import bezique as bz
>>> from bezique.encoding import ActionEncoder, observation_size, observation_tensor
>>> encoder = ActionEncoder(bz.variants.TWO_PACK)
>>> state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
>>> mask = encoder.mask(state)
>>> sum(mask) == len(bz.legal_actions(state))
True
>>> action = bz.legal_actions(state)[0]
>>> encoder.decode(encoder.encode(action), state) == action
True
>>> len(observation_tensor(bz.observe(state, 0))) == observation_size(bz.variants.TWO_PACK)
True
>>> encoder.decode(encoder.size, state)
Traceback (most recent call last):
...
bezique.errors.BeziqueError: action id 163 is out of range: two-pack has ids 0-162
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from bezique.actions import Action, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import ALL_CARDS, Card, Rank, Suit
from bezique.engine import legal_actions
from bezique.errors import BeziqueError
from bezique.game import Game
from bezique.melds import MeldKind
from bezique.observation import Observation
from bezique.results import deal_result
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = [
    "ActionEncoder",
    "deal_returns",
    "observation_bounds",
    "observation_layout",
    "observation_size",
    "observation_tensor",
]

_SUITS = tuple(Suit)
_SEQUENCE = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_QUARTET_RANK = {
    MeldKind.FOUR_ACES: Rank.ACE, MeldKind.FOUR_TENS: Rank.TEN, MeldKind.FOUR_KINGS: Rank.KING,
    MeldKind.FOUR_QUEENS: Rank.QUEEN, MeldKind.FOUR_JACKS: Rank.JACK,
}
_TRUMP_QUARTET = {
    MeldKind.FOUR_TRUMP_ACES: (Rank.ACE, 4), MeldKind.FOUR_TRUMP_TENS: (Rank.TEN, 4),
    MeldKind.FOUR_TRUMP_KINGS: (Rank.KING, 4), MeldKind.FOUR_TRUMP_QUEENS: (Rank.QUEEN, 4),
    MeldKind.FOUR_TRUMP_JACKS: (Rank.JACK, 4),
    MeldKind.FIVE_TRUMP_ACES: (Rank.ACE, 5), MeldKind.FIVE_TRUMP_TENS: (Rank.TEN, 5),
    MeldKind.FIVE_TRUMP_KINGS: (Rank.KING, 5), MeldKind.FIVE_TRUMP_QUEENS: (Rank.QUEEN, 5),
    MeldKind.FIVE_TRUMP_JACKS: (Rank.JACK, 5),
}
_BEZIQUE_PAIRS = {
    MeldKind.BEZIQUE: 1, MeldKind.DOUBLE_BEZIQUE: 2, MeldKind.TRIPLE_BEZIQUE: 3,
    MeldKind.QUADRUPLE_BEZIQUE: 4, MeldKind.QUINTUPLE_BEZIQUE: 5,
}
_SEVENS = tuple(Card.of(Rank.SEVEN, suit) for suit in _SUITS)


def _declaration_faces(variant: Variant, kind: MeldKind) -> Iterator[tuple[Card, ...]]:
    """Every multiset of faces a declaration of ``kind`` can show in ``variant`` (section 3).

    Marriages and sequences take one suit each; beziques use the pair the trump policy
    names for some trump suit (R5.2); plain quartets any four faces of their rank that the
    deck holds (R3.3); trump quartets four or five copies of the trump face (R9.2, R9.5).
    """
    if kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE):
        for suit in _SUITS:
            yield (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit))
    elif kind in (MeldKind.TRUMP_SEQUENCE, MeldKind.BACK_DOOR):
        for suit in _SUITS:
            yield tuple(Card.of(rank, suit) for rank in _SEQUENCE)
    elif kind in _BEZIQUE_PAIRS:
        pairs = dict.fromkeys(variant.trump.bezique_cards(t) for t in (None, *_SUITS))
        for pair in pairs:
            if pair is not None:
                yield pair * _BEZIQUE_PAIRS[kind]
    elif kind in _QUARTET_RANK:
        rank = _QUARTET_RANK[kind]
        packs = variant.deck.packs
        for suits in combinations_with_replacement(_SUITS, 4):
            if max(suits.count(s) for s in _SUITS) <= packs:
                yield tuple(Card.of(rank, suit) for suit in suits)
    elif kind in _TRUMP_QUARTET:
        rank, copies = _TRUMP_QUARTET[kind]
        for suit in _SUITS:
            yield (Card.of(rank, suit),) * copies


def _packet_sizes(variant: Variant) -> tuple[int, ...]:
    """The packet sizes the non-dealer may guess (R9.4), where the dealer lifts a packet."""
    if not variant.deal.dealer_guess:
        return ()
    low, high = variant.deal.packet_range
    return tuple(range(low, high + 1))


class ActionEncoder:
    """The fixed action ids of one variant (see the module documentation).

    ``size`` is the number of ids; ``encode`` gives an action's id, ``decode`` the action
    an id names in a state, ``mask`` the ids legal now.

    Args:
        variant: The rules; the ids depend on its meld table, deck and options.
    """

    __slots__ = ("_carte_blanche", "_ids", "_labels", "_table", "size", "variant")

    def __init__(self, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"ActionEncoder takes a Variant, not {type(variant).__name__}")
        self.variant: Variant = variant
        """The rules the ids are for."""
        table: list[Action | None] = [Play(card) for card in ALL_CARDS]
        table += [Play(card, from_table=True) for card in ALL_CARDS]
        kinds = variant.melds.kinds
        for kind in MeldKind:
            if kind in kinds:
                table += [Declare(kind, faces) for faces in _declaration_faces(variant, kind)]
        if MeldKind.TRUMP_SEVEN in kinds:
            table += [Declare(MeldKind.TRUMP_SEVEN, (seven,)) for seven in _SEVENS]
            table += [ExchangeSeven(seven) for seven in _SEVENS]
        table.append(Pass())
        table += [GuessPacket(n) for n in _packet_sizes(variant)]
        self._carte_blanche = -1
        if MeldKind.CARTE_BLANCHE in kinds:
            self._carte_blanche = len(table)
            table.append(None)
        self._table: tuple[Action | None, ...] = tuple(table)
        ids: dict[Action, int] = {a: i for i, a in enumerate(table) if a is not None}
        for card in ALL_CARDS:  # an explicit hand source names the same id as the default
            ids[Play(card, from_table=False)] = card.index
        self._ids = ids
        self._labels: tuple[str, ...] | None = None
        self.size: int = len(table)
        """The number of action ids (fixed for the variant)."""

    def __repr__(self) -> str:
        return f"ActionEncoder({self.variant.name}, size={self.size})"

    def encode(self, action: Action) -> int:
        """The id of ``action``.

        Raises:
            TypeError: if ``action`` is not an action.
            BeziqueError: if the variant can never offer ``action``.
        """
        found = self._ids.get(action)
        if found is not None:
            return found
        if not isinstance(action, (Play, Declare, ExchangeSeven, Pass, GuessPacket)):
            raise TypeError(f"expected an action, not {type(action).__name__}")
        if (isinstance(action, Declare) and action.meld is MeldKind.CARTE_BLANCHE
                and self._carte_blanche >= 0):
            return self._carte_blanche
        raise BeziqueError(f"{action} has no action id: {self.variant.name} never offers it")

    def decode(self, index: int, state: State | Game) -> Action:
        """The action the id ``index`` names in ``state``.

        Every id names one action whatever the state, except carte blanche, whose cards
        are the whole hand and table of the player to move (R11.6). The action is not
        checked: :func:`bezique.apply` refuses it if it is illegal now.

        Raises:
            TypeError: if ``index`` is not an integer.
            BeziqueError: if ``index`` is not an id of the variant.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            if type(index).__name__.startswith(("int", "uint")):  # numpy integers
                index = int(index)
            else:
                raise TypeError(f"an action id is an integer, not {type(index).__name__}")
        if not 0 <= index < self.size:
            raise BeziqueError(f"action id {index} is out of range: {self.variant.name} "
                               f"has ids 0-{self.size - 1}")
        action = self._table[index]
        if action is not None:
            return action
        for legal in legal_actions(state):
            if isinstance(legal, Declare) and legal.meld is MeldKind.CARTE_BLANCHE:
                return legal
        s = state if isinstance(state, State) else state.current
        p = s.to_move if s.to_move is not None else 0
        return Declare(MeldKind.CARTE_BLANCHE, s.hands[p] + s.tables[p])

    def legal_ids(self, state: State | Game | Observation) -> list[int]:
        """The ids of the legal actions, in the order :func:`bezique.legal_actions` lists
        them (an observation gives its own ``legal_actions``)."""
        acts = state.legal_actions if isinstance(state, Observation) else legal_actions(state)
        get = self._ids.get
        out = []
        for a in acts:
            if type(a) is Play:  # the common case, without hashing the action
                out.append(a.card.index + 32 if a.from_table else a.card.index)
                continue
            i = get(a)
            out.append(self.encode(a) if i is None else i)
        return out

    def mask(self, state: State | Game | Observation) -> list[bool]:
        """``size`` booleans, true exactly at the ids of the legal actions (one pass)."""
        mask = [False] * self.size
        for i in self.legal_ids(state):
            mask[i] = True
        return mask

    def label(self, index: int) -> str:
        """A short text for the id ``index`` (``"play Q♠"``, ``"declare bezique Q♠ J♦"``)."""
        if self._labels is None:
            self._labels = tuple("show carte blanche" if a is None else str(a)
                                 for a in self._table)
        if not 0 <= index < self.size:
            raise BeziqueError(f"action id {index} is out of range: {self.variant.name} "
                               f"has ids 0-{self.size - 1}")
        return self._labels[index]


# ----------------------------------------------------------------------------- observations

SCORE_SCALE = 1000.0
"""Scores and game totals in the tensor are points divided by this."""

_STAGES = (Stage.PLAY, Stage.DECLARE, Stage.GUESS, Stage.OVER)


def observation_layout(variant: Variant) -> tuple[tuple[str, int], ...]:
    """The blocks of the observation tensor of ``variant``: ``(name, length)`` in order.

    ``P`` is the number of players and ``S`` of sides; per-player blocks run from the
    observer round the table, per-side blocks from the observer's side.

    >>> import bezique as bz
    >>> dict(observation_layout(bz.variants.TWO_PACK))["hand"]
    32
    """
    return _layout(variant.deal.players, variant.deal.side_count)


def _layout(p: int, s: int) -> tuple[tuple[str, int], ...]:
    return (
        ("hand", 32), ("tables", 32 * p), ("table_used", 3 * 32 * p), ("won", 32 * p),
        ("exposed", 32 * p), ("trick", 32 * p), ("played", 32), ("turn_up", 32),
        ("trump", 4), ("stock_size", 1), ("hand_sizes", p), ("stage", 4), ("phase", 1),
        ("to_move", p), ("leader", p), ("dealer", p), ("active", p), ("carte_blanche", 1),
        ("scores", s), ("brisques", s),
    )


def observation_size(variant: Variant) -> int:
    """The length of :func:`observation_tensor` for ``variant``.

    >>> import bezique as bz
    >>> observation_size(bz.variants.TWO_PACK), observation_size(bz.variants.FOUR_HANDED)
    (569, 1027)
    """
    return _size(variant.deal.players, variant.deal.side_count)


def _size(players: int, sides: int) -> int:
    size = _SIZES.get((players, sides))
    if size is None:
        size = _SIZES[players, sides] = sum(n for _, n in _layout(players, sides))
    return size


_SIZES: dict[tuple[int, int], int] = {}


def observation_tensor(observation: Observation) -> list[float]:
    """The observation as ``observation_size(variant)`` floats (layout: docs/rl.rst).

    Card blocks hold counts per face (``card.index`` 0-31: ♠ A 10 K Q J 9 8 7, then ♥, ♦,
    ♣); one-hot blocks hold 1.0 at the position named; scores are points divided by
    :data:`SCORE_SCALE`. Everything comes from the observation, nothing from the state.

    Raises:
        TypeError: if ``observation`` is not an :class:`~bezique.observation.Observation`.
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"expected an Observation, not {type(observation).__name__}")
    o = observation
    n = len(o.hand_sizes)
    sides = o.variant.deal.sides
    side_count = len(o.scores)
    me = o.player
    my_side = sides[me]
    seats = [(me + k) % n for k in range(n)]
    rel = {q: k for k, q in enumerate(seats)}
    out = [0.0] * _size(n, side_count)
    for card in o.hand:
        out[card.index] += 1.0
    base = 32
    used_base = base + 32 * n
    for k, q in enumerate(seats):
        off = base + 32 * k
        uoff = used_base + 96 * k
        for tc in o.table[q]:
            i = tc.card.index
            out[off + i] += 1.0
            used = int(tc.used)
            if used:  # the classes A, B, C the card has served in (R3.4)
                if used & 1:
                    out[uoff + i] += 1.0
                if used & 2:
                    out[uoff + 32 + i] += 1.0
                if used & 4:
                    out[uoff + 64 + i] += 1.0
    base = used_base + 96 * n
    for k, q in enumerate(seats):
        off = base + 32 * k
        for tc in o.won[q] if o.won else ():
            out[off + tc.card.index] += 1.0
    base += 32 * n
    for k, q in enumerate(seats):
        off = base + 32 * k
        for card in o.exposed[q]:
            out[off + card.index] += 1.0
    base += 32 * n
    for q, card in o.trick:
        out[base + 32 * rel[q] + card.index] = 1.0
    base += 32 * n
    for card in o.played:
        out[base + card.index] += 1.0
    base += 32
    if o.turn_up is not None:
        out[base + o.turn_up.index] = 1.0
    base += 32
    if o.trump is not None:
        out[base + _SUITS.index(o.trump)] = 1.0
    base += 4
    out[base] = float(o.stock_size)
    base += 1
    for k, q in enumerate(seats):
        out[base + k] = float(o.hand_sizes[q])
    base += n
    out[base + _STAGES.index(o.stage)] = 1.0
    base += 4
    out[base] = 1.0 if o.phase == 2 else 0.0
    base += 1
    if o.to_move is not None:
        out[base + rel[o.to_move]] = 1.0
    base += n
    out[base + rel[o.leader]] = 1.0
    base += n
    out[base + rel[o.dealer]] = 1.0
    base += n
    for q in o.active:
        out[base + rel[q]] = 1.0
    base += n
    out[base] = 1.0 if o.carte.may_show else 0.0  # may show carte blanche (R11.6)
    base += 1
    for j in range(side_count):
        out[base + j] = o.scores[(my_side + j) % side_count] / SCORE_SCALE
    base += side_count
    if o.brisques is not None:
        for j in range(side_count):
            out[base + j] = float(o.brisques[(my_side + j) % side_count])
    return out


def observation_bounds(variant: Variant) -> tuple[list[float], list[float]]:
    """The least and greatest value of every entry of the observation tensor of ``variant``.

    Card counts reach the number of packs, the stock size the deck size, hand sizes the
    hand size; scores (in thousands of points) are bounded by a generous 1000.

    >>> import bezique as bz
    >>> low, high = observation_bounds(bz.variants.TWO_PACK)
    >>> min(low), max(high), len(high) == observation_size(bz.variants.TWO_PACK)
    (0.0, 1000.0, True)
    """
    packs = float(variant.deck.packs)
    per_block = {
        "hand": packs, "tables": packs, "table_used": packs, "won": packs, "exposed": packs,
        "played": packs, "stock_size": float(variant.deck.size),
        "hand_sizes": float(variant.deal.hand_size), "scores": 1000.0,
        "brisques": 8.0 * packs,
    }
    high: list[float] = []
    for name, length in observation_layout(variant):
        high.extend([per_block.get(name, 1.0)] * length)
    return [0.0] * len(high), high


def deal_returns(state: State) -> tuple[float, ...]:
    """Per player, the outcome of a finished deal: +1 for each player of the winning side,
    -1 for every other player, 0 for everyone when no side wins.

    The winner is the side with the most points, or the one the settlement names where a
    deal is a game by itself (Rubicon, Chinese, eight-pack: R8.5, R11.7); a tie for the top
    has no winner (R11.1).

    Raises:
        IllegalActionError: if the deal is not over.
    """
    result = deal_result(state)
    points = result.points
    if result.settlement is not None:
        winner = result.settlement.winner
    else:
        top = max(points)
        leaders = [side for side, p in enumerate(points) if p == top]
        winner = leaders[0] if len(leaders) == 1 else None
    if winner is None:
        return (0.0,) * len(state.hands)
    return tuple(1.0 if side == winner else -1.0 for side in state.variant.deal.sides)
