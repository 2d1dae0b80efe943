"""The observation tensor straight from a state, for the adapters' hot path.

:func:`bezique.encoding.observation_tensor` writes the tensor block by block from an
:class:`~bezique.observation.Observation` (the reference, :mod:`bezique._tensor_blocks`).
The adapters need the tensor of the player to move after every action, and building the
whole observation first (thirty fields, the legal actions, the game) costs more than the
tensor itself. :class:`StateTensor` reads the state's fields that :func:`bezique.observe`
shows the player, and only those: his own hand and carte blanche privilege, the size of
every hand, and the public piles, scores, turn and pending announcements (R13.7); the
brisques only where they are public. The other hands, the stock's order and the packet
are never read, so the tensor cannot leak them; tests/test_encoding.py checks it against
the reference, element for element, on random deals of every variant.

The tensor comes as two parts that the adapters turn into an array in two numpy calls and
a few item assignments:

* the *counts*: a ``bytearray`` of one byte per entry holding every entry that is a whole
  number below 256 (the card counts, the one-hot entries, the hand sizes, the brisques,
  the pending announcements and, below 256, the stock size). The hand and the tables are
  the bytes of their count vectors (``State.held``, ``State.laid``: a field of eight bits
  per card), written at once; the other entries are set one by one;
* the *others*: ``(position, value)`` pairs for the rest, the scores (in units of
  ``SCORE_SCALE``) and a stock size of 256 cards or more.
"""

from __future__ import annotations

from collections.abc import Callable

from bezique._engine.hands import FIELD, size_of
from bezique._engine.tricks import trick_order
from bezique._tensor_blocks import SCORE_SCALE, announceable
from bezique.cards import Card, Suit
from bezique.encoding import observation_layout, observation_size
from bezique.melds import MeldKind
from bezique.state import OVER, CartePrivilege, Stage, State, TableCard
from bezique.variants import Variant

__all__ = ["StateTensor"]

_SUIT_POSITION = {suit: k for k, suit in enumerate(Suit)}
_STAGE_POSITION = {Stage.PLAY: 0, Stage.DECLARE: 1, Stage.GUESS: 2, Stage.OVER: 3}
_SHOWS_CARTE = {privilege: privilege.may_show for privilege in CartePrivilege}
_USED_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(32 * bit for bit in range(3) if used & (1 << bit)) for used in range(8))
"""``_USED_ROWS[used & 7]``: the rows of the ``table_used`` block (classes A, B, C, R3.4)
a table card counts in, as offsets from its class-A row."""
assert FIELD == 8, "a count vector's card fields are read as bytes"
_CARD_FIELDS: int = (1 << 32 * FIELD) - 1
"""The 32 card fields of a count vector (without the rank fields): 32 bytes, one a card."""
_BYTE = 256
"""A count entry holds less than this."""


class StateTensor:
    """The observation tensor of one variant, read from a state (see the module).

    Args:
        variant: The rules; the tensor's layout depends on its players and sides.
    """

    __slots__ = ("_announced_at", "_at", "_brisques_shown", "_classes", "_last_scores",
                 "_played", "_rel", "_score_at", "_seats", "_sides", "_vectors", "size")

    def __init__(self, variant: Variant) -> None:
        start = 0
        at: dict[str, int] = {}
        for name, length in observation_layout(variant):
            at[name] = start
            start += length
        self._at = at
        n = variant.deal.players
        self._seats: tuple[tuple[int, ...], ...] = tuple(
            tuple((player + k) % n for k in range(n)) for player in range(n))
        """Per observer, the players from his seat round the table (relative seats)."""
        self._brisques_shown: Callable[[bool], bool] = variant.scoring.brisques_shown
        self._sides: tuple[int, ...] = variant.deal.sides
        self._rel: tuple[list[int], ...] = tuple(_relative(seats) for seats in self._seats)
        """Per observer, each player's seat relative to him (``_seats`` inverted)."""
        self.size: int = observation_size(variant)
        """The length of the tensor."""
        assert at["hand"] == 0 and at["tables"] == 32
        self._vectors: int = 32 * (1 + n)
        """The bytes of the hand and the tables, the tensor's first blocks."""
        self._played: tuple[tuple[Card, ...], bytes] = ((), bytes(32))
        self._classes: list[tuple[object, bytes | None]] = [((), None)] * n
        """Per observer, the tables last met and their ``table_used`` block's bytes."""
        self._last_scores: tuple[tuple[object, ...], tuple[float, ...],
                                 list[list[tuple[int, float]] | None]] = ((), (), [])
        self._score_at: range = range(at["scores"], at["scores"] + variant.deal.side_count)
        kinds = announceable(variant)
        side_count = variant.deal.side_count
        self._announced_at: tuple[tuple[dict[MeldKind, int], ...], ...] = tuple(
            tuple({kind: at["announced"] + len(kinds) * ((side - mine) % side_count) + k
                   for k, kind in enumerate(kinds)} for side in range(side_count))
            for mine in range(side_count))
        """Per observer's side, per side: the position of each kind's count of the side's
        pending announcements (R13.7), the sides counted from the observer's."""

    def parts(self, s: State, player: int) -> tuple[bytearray, list[tuple[int, float]]]:
        """The counts and the other entries of ``player``'s tensor of ``s`` (the same
        tensor as ``observation_tensor(observe(s, player))``): the counts are the tensor
        with the others' positions at 0."""
        seats = self._seats[player]
        rel = self._rel[player]
        counts = self._count_vectors(s, player, seats)
        self._card_piles(s, player, rel, counts)
        self._one_hots(s, player, rel, counts)
        if s.announced:  # rare: pending announcements (R13.7)
            at = self._announced_at[self._sides[player]]
            for c in s.announced:
                counts[at[c.side][c.kind]] += 1
        return counts, self._scalars(s, player, seats, counts)

    def _count_vectors(self, s: State, player: int, seats: tuple[int, ...]) -> bytearray:
        """The tensor's bytes with the hand and the tables, from their count vectors (the
        tables from the observer's seat round, 32 bytes each), the rest zeros."""
        vectors = s.held[player] & _CARD_FIELDS
        laid = s.laid
        shift = 32 * FIELD
        for q in seats:
            if laid[q]:
                vectors |= (laid[q] & _CARD_FIELDS) << shift
            shift += 32 * FIELD
        counts = bytearray(self.size)
        n = self._vectors
        counts[:n] = vectors.to_bytes(n, "little")
        return counts

    def _card_piles(self, s: State, player: int, rel: list[int], counts: bytearray) -> None:
        """The card blocks after the tables: table classes, won cards, exposed cards, the
        trick and the cards played."""
        at = self._at
        seats = self._seats[player]
        table, classes = self._classes[player]
        if table is not s.table:  # the engine passes an unchanged field on
            table = s.table
            classes = _table_classes(table, seats)
            self._classes[player] = (table, classes)
        if classes is not None:
            start = at["table_used"]
            counts[start:start + len(classes)] = classes
        if s.won:
            _table_cards(s.won, seats, at["won"], counts)
        if any(s.exposed):
            _cards(s.exposed, seats, at["exposed"], counts)
        if s.trick_indexes:  # who played each card follows from the leader (R2.4)
            trick = at["trick"]
            for q, index in zip(trick_order(s.leader, s.active), s.trick_indexes,
                                strict=False):
                counts[trick + 32 * rel[q] + index] += 1
        start = at["played"]
        counts[start:start + 32] = self._played_counts(s.played)

    def _played_counts(self, played: tuple[Card, ...]) -> bytes:
        """The counts per face of the cards played. The pile only grows during a deal, so
        those of the pile last asked about are kept, and only the cards added since are
        counted when it begins the pile asked about."""
        last, counts = self._played
        if played is not last:
            n = len(last)
            if len(played) >= n and played[:n] == last:  # Cards compare by identity
                more = bytearray(counts)
                added = played[n:]
            else:
                more = bytearray(32)
                added = played
            for card in added:
                more[card.index] += 1
            counts = bytes(more)
            self._played = (played, counts)
        return counts

    def _one_hots(self, s: State, player: int, rel: list[int], counts: bytearray) -> None:
        """The turn-up, the trump, the stage, the phase, whose turn, the leader, the
        dealer, the players of the trick and the carte blanche privilege (R11.6)."""
        at = self._at
        if s.turn_up is not None:
            counts[at["turn_up"] + s.turn_up.index] = 1
        if s.trump is not None:
            counts[at["trump"] + _SUIT_POSITION[s.trump]] = 1
        counts[at["stage"] + _STAGE_POSITION[s.stage]] = 1
        if s.phase == 2:
            counts[at["phase"]] = 1
        if s.to_move is not None:
            counts[at["to_move"] + rel[s.to_move]] = 1
        counts[at["leader"] + rel[s.leader]] = 1
        counts[at["dealer"] + rel[s.dealer]] = 1
        active = at["active"]
        for q in s.active:
            counts[active + rel[q]] = 1
        if _SHOWS_CARTE[s.carte[player]]:
            counts[at["carte_blanche"]] = 1

    def _scalars(self, s: State, player: int, seats: tuple[int, ...],
                 counts: bytearray) -> list[tuple[int, float]]:
        """The stock size, the hand sizes and, where public, the brisques written to
        ``counts``, the player's own side first; the scores (in units of
        ``SCORE_SCALE``), and a stock size too large for a byte, returned as the others."""
        at = self._at
        stock = s.stock_size
        if stock < _BYTE:
            counts[at["stock_size"]] = stock
        held = s.held
        sizes = at["hand_sizes"]
        for k, q in enumerate(seats):  # fewer than MAX_HAND_SIZE + 1 cards
            counts[sizes + k] = size_of(held[q])
        mine = self._sides[player]
        scores = self._scores(s, mine)
        others = scores if stock < _BYTE else [*scores, (at["stock_size"], stock)]
        if self._brisques_shown(s.stage is OVER):  # R2.11, R6.8
            brisques = s.brisques  # fewer than 8 * MAX_PACKS
            start = at["brisques"]
            for k, b in enumerate(brisques[mine:] + brisques[:mine]):
                counts[start + k] = b
        return others

    def _scores(self, s: State, mine: int) -> list[tuple[int, float]]:
        """The scores' entries of the tensor of a player of side ``mine``: ``(position,
        points / SCORE_SCALE)``, from his side round (a list kept, not to be changed).
        The scores are kept for the score parts last met, the state's fields that
        :attr:`State.scores <bezique.state.State>` adds up, which between two actions are
        most often the same tuples (the engine passes unchanged fields on); the entries
        are kept per side."""
        parts = (s.variant, s.melds, s.sevens, s.brisques, s.last_trick, s.penalties,
                 s.bonus, s.stage is OVER)
        last, scaled, entries = self._last_scores
        if parts != last:  # in C, each part by identity first: most often the same
            scaled = tuple(map(SCORE_SCALE.__rtruediv__, s.scores))  # points / SCORE_SCALE
            entries = [None] * len(scaled)
            self._last_scores = (parts, scaled, entries)
        row = entries[mine]
        if row is None:
            row = entries[mine] = list(zip(self._score_at, scaled[mine:] + scaled[:mine],
                                           strict=False))
        return row


def _relative(seats: tuple[int, ...]) -> list[int]:
    """Per player, his seat relative to the observer (``seats`` inverted)."""
    rel = [0] * len(seats)
    for k, q in enumerate(seats):
        rel[q] = k
    return rel


def _table_classes(table: tuple[tuple[TableCard, ...], ...], seats: tuple[int, ...]
                   ) -> bytes | None:
    """Per player from the observer's seat, the classes A, B, C each of his table cards
    has served in (the ``table_used`` block), or ``None`` if no card has served in one
    (the tables' counts are their count vectors)."""
    block = bytearray(96 * len(seats))
    for k, q in enumerate(seats):
        for tc in table[q]:
            for row in _USED_ROWS[tc.used & 7]:
                block[96 * k + tc.card.index + row] += 1
    return bytes(block) if any(block) else None


def _table_cards(piles: tuple[tuple[TableCard, ...], ...], seats: tuple[int, ...],
                 start: int, counts: bytearray) -> None:
    """Per player from the observer's seat, a block of counts per face of ``piles``."""
    for k, q in enumerate(seats):
        base = start + 32 * k
        for tc in piles[q]:
            counts[base + tc.card.index] += 1


def _cards(piles: tuple[tuple[Card, ...], ...], seats: tuple[int, ...], start: int,
           counts: bytearray) -> None:
    """Per player from the observer's seat, a block of counts per face of ``piles``."""
    for k, q in enumerate(seats):
        pile = piles[q]
        if pile:
            base = start + 32 * k
            for card in pile:
                counts[base + card.index] += 1
