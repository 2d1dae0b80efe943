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
  state says which they are;
* where the variant has ``announce_several``, one id per announcement
  (``Announce(kind, cards)``, R13.7), by kind and card faces as the declarations: the
  last block, so the ids before it are those of a variant without announcements.

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
bezique.errors.BeziqueError: action id 253 is out of range: two-pack has ids 0-252
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from bezique._tensor_blocks import announceable, write_observation
from bezique.actions import Action, Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import ALL_CARDS, Card, Rank, Suit
from bezique.engine import legal_actions, rules_of
from bezique.errors import BeziqueError
from bezique.game import Game
from bezique.melds import MeldKind
from bezique.observation import Observation
from bezique.results import deal_result
from bezique.state import State
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
        for suits in combinations_with_replacement(_SUITS, 4):
            quartet = tuple(Card.of(rank, suit) for suit in suits)
            if variant.deck.holds(quartet):
                yield quartet
    elif kind in _TRUMP_QUARTET:
        rank, copies = _TRUMP_QUARTET[kind]
        for suit in _SUITS:
            yield (Card.of(rank, suit),) * copies


def _packet_sizes(variant: Variant) -> tuple[int, ...]:
    """The packet sizes the non-dealer may guess (R9.4), where the dealer lifts a packet."""
    return rules_of(variant).settlement.packet_sizes


def _mover_hand(state: State | Game | Observation) -> tuple[Card, ...]:
    """The hand of the player to move (an observation: the observer's own hand)."""
    if isinstance(state, Observation):
        return state.hand
    s = state if isinstance(state, State) else state.current
    return s.hands[s.to_move] if s.to_move is not None else ()


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
        melds = variant.melds
        for kind in MeldKind:
            if melds.declarable(kind):
                table += [Declare(kind, faces) for faces in _declaration_faces(variant, kind)]
        if melds.declarable(MeldKind.TRUMP_SEVEN):
            table += [Declare(MeldKind.TRUMP_SEVEN, (seven,)) for seven in _SEVENS]
            table += [ExchangeSeven(seven) for seven in _SEVENS]
        table.append(Pass())
        table += [GuessPacket(n) for n in _packet_sizes(variant)]
        self._carte_blanche = -1
        if melds.declarable(MeldKind.CARTE_BLANCHE):
            self._carte_blanche = len(table)
            table.append(None)
        # R13.7: one id per combination that may be announced, after the others (the ids
        # above keep their numbers)
        table += [Announce(kind, faces) for kind in announceable(variant)
                  for faces in _declaration_faces(variant, kind)]
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

    def encode(self, action: Action, state: State | Game | Observation | None = None) -> int:
        """The id of ``action``.

        ``Play(card, from_table=True)`` of a face the player to move holds on the table
        only is the same move as ``Play(card)`` (R2.7), the action
        :func:`bezique.legal_actions` lists and :meth:`mask` shows. Given the ``state``
        (or the mover's observation), it gets that play's id; without one, the id of
        the table play, which is right when the face is in both places.

        Raises:
            TypeError: if ``action`` is not an action.
            BeziqueError: if the variant can never offer ``action``.
        """
        found = self._ids.get(action)
        if found is not None:
            if (state is not None and type(action) is Play and action.from_table
                    and action.card not in _mover_hand(state)):
                return action.card.index
            return found
        if not isinstance(action, (Play, Declare, Announce, ExchangeSeven, Pass, GuessPacket)):
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
        """A short text for the id ``index``: the action notation (``"play QS"``,
        ``"declare bezique QS JD"``)."""
        if self._labels is None:
            self._labels = tuple("show carte blanche" if a is None else str(a)
                                 for a in self._table)
        if not 0 <= index < self.size:
            raise BeziqueError(f"action id {index} is out of range: {self.variant.name} "
                               f"has ids 0-{self.size - 1}")
        return self._labels[index]


# ----------------------------------------------------------------------------- observations

def observation_layout(variant: Variant) -> tuple[tuple[str, int], ...]:
    """The blocks of the observation tensor of ``variant``: ``(name, length)`` in order.

    ``P`` is the number of players and ``S`` of sides; per-player blocks run from the
    observer round the table, per-side blocks from the observer's side. The last block,
    ``announced``, has an entry per side and kind of combination that may be announced
    (R13.7); it has length 0 where the variant has no announcements (Fildinski).

    >>> import bezique as bz
    >>> dict(observation_layout(bz.variants.TWO_PACK))["hand"]
    32
    """
    return _layout(variant.deal.players, variant.deal.side_count, len(announceable(variant)))


def _layout(p: int, s: int, a: int) -> tuple[tuple[str, int], ...]:
    return (
        ("hand", 32), ("tables", 32 * p), ("table_used", 3 * 32 * p), ("won", 32 * p),
        ("exposed", 32 * p), ("trick", 32 * p), ("played", 32), ("turn_up", 32),
        ("trump", 4), ("stock_size", 1), ("hand_sizes", p), ("stage", 4), ("phase", 1),
        ("to_move", p), ("leader", p), ("dealer", p), ("active", p), ("carte_blanche", 1),
        ("scores", s), ("brisques", s), ("announced", s * a),
    )


def observation_size(variant: Variant) -> int:
    """The length of :func:`observation_tensor` for ``variant``.

    >>> import bezique as bz
    >>> observation_size(bz.variants.TWO_PACK), observation_size(bz.variants.FOUR_HANDED)
    (587, 1047)
    """
    key = (variant.deal.players, variant.deal.side_count, len(announceable(variant)))
    size = _SIZES.get(key)
    if size is None:
        size = _SIZES[key] = sum(n for _, n in _layout(*key))
    return size


_SIZES: dict[tuple[int, int, int], int] = {}


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
    out = [0.0] * observation_size(observation.variant)
    write_observation(observation, out)
    return out


def observation_bounds(variant: Variant) -> tuple[list[float], list[float]]:
    """The least and greatest value of every entry of the observation tensor of ``variant``.

    Card counts reach the number of packs, the stock size the deck size, hand sizes the
    hand size; scores (in thousands of points) are bounded by a generous 1000. A side's
    pending announcements of one kind (R13.7) are fewer than the deck's cards: each holds
    a card new to its class when announced (R3.4), which no other of them holds.

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
        "brisques": 8.0 * packs, "announced": float(variant.deck.size),
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
        DealNotOverError: if the deal is not over.
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
