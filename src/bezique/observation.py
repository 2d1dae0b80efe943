"""What one player may know: observations, and determinization for search bots.

:func:`observe` is the only way a bot or a user interface should learn about a
deal. An :class:`Observation` holds the player's own hand and everything that
is public: every table, the trump and turn-up, the stock size, the current
trick, the cards played in earlier tricks, the won cards where the variant
shows them (Fildinski), the scored combinations and the pending announcements
(R13.7), the cards every player has seen go into a hand
(:attr:`State.exposed <bezique.state.State>`), the public scores, whose turn it is
and, on this player's turn, the legal actions.

It holds nothing else: not the other hands, not the stock order, not the
seed, not another player's carte blanche privilege. Two states that differ
only in cards hidden from a player give equal observations.

:func:`determinize` turns an observation back into a full state, dealing the
unseen cards at random, for search bots (information-set sampling).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from bezique._engine.hands import cards_of, held_of, indexes_of, size_of
from bezique._engine.memo import fresh_cache
from bezique._engine.tricks import trick_indexes
from bezique.actions import Action
from bezique.cards import Card, Suit
from bezique.engine import Viewpoint, legal_actions, rules_of
from bezique.errors import BeziqueError, InvariantError, SetupError
from bezique.results import DealResult
from bezique.state import (
    CartePrivilege,
    Combination,
    Stage,
    State,
    TableCard,
    Window,
    laid_of,
)

if TYPE_CHECKING:
    from bezique.game import Game
    from bezique.variants import Variant

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen
class Observation(Viewpoint):
    """A player's view of a deal (and of the game around it, if any).

    :func:`bezique.legal_actions` of an observation is its :attr:`legal_actions`."""

    variant: Variant
    """The rules."""
    player: int
    """Whose view this is."""
    dealer: int
    """The dealer."""
    stage: Stage
    """What the deal waits for."""
    to_move: int | None
    """Whose turn it is."""
    leader: int
    """Who led the current trick."""
    phase: int
    """1 while the stock lasts, 2 afterwards."""
    hand: tuple[Card, ...]
    """The player's own concealed hand."""
    hand_sizes: tuple[int, ...]
    """How many concealed cards each player holds."""
    table: tuple[tuple[TableCard, ...], ...]
    """Every player's table, with what each card has been declared in."""
    exposed: tuple[tuple[Card, ...], ...]
    """Per player, concealed cards that every player has seen go into that hand."""
    stock_size: int
    """Cards left to draw, the turn-up included."""
    turn_up: Card | None
    """The face-up card under the stock."""
    trump: Suit | None
    """The trump suit."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick."""
    active: tuple[int, ...]
    """The players taking part in the current tricks."""
    window: Window
    """The declaration window's flags (R2.6, R11.8)."""
    played: tuple[Card, ...]
    """The cards of the earlier tricks, in order."""
    tricks: int
    """Tricks completed."""
    last_winner: int | None
    """Winner of the last trick."""
    won: tuple[tuple[TableCard, ...], ...]
    """Won cards kept face up (Fildinski); empty elsewhere."""
    combos: tuple[Combination, ...]
    """Every combination scored so far."""
    melds: tuple[int, ...]
    """Per side, points from combinations."""
    sevens: tuple[int, ...]
    """Per side, points from sevens of trumps."""
    brisques: tuple[int, ...] | None
    """Per side, brisques won, where they are public (scored at once or the deal is over);
    ``None`` while they are counted only at the end."""
    last_trick: tuple[int, ...]
    """Per side, the last-trick bonus."""
    penalties: tuple[int, ...]
    """Per side, referee penalties."""
    bonus: tuple[int, ...]
    """Per side, points from the dealer's guess (R9.4)."""
    scores: tuple[int, ...]
    """Per side, the public points of the deal."""
    carte: CartePrivilege
    """The player's own carte blanche privilege (R11.6)."""
    legal_actions: tuple[Action, ...]
    """The legal actions if it is this player's turn, else empty."""
    game_totals: tuple[int, ...] | None = None
    """Per side, the totals of the finished deals of the game (``None`` for a lone deal)."""
    game_deals: tuple[DealResult, ...] = ()
    """The finished deals of the game."""
    announced: tuple[Combination, ...] = ()
    """The pending announcements, public to every player (:attr:`State.announced
    <bezique.state.State>`, R13.7)."""
    _held: int | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The observer's hand as the engine keeps it (:func:`hand_counts`), set by
    :func:`observe`; not a field of the observation's value (not compared, hashed or
    written), so an observation made otherwise (read from JSON, evolved) has ``None``."""

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.stage is Stage.OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether this player is to act."""
        return self.to_move == self.player

    @property
    def tables(self) -> tuple[tuple[Card, ...], ...]:
        """Per player, the cards on the table."""
        return tuple(tuple(tc.card for tc in t) for t in self.table)


def observe(state: State | Game, player: int) -> Observation:
    """The observation of ``player`` (see the module documentation).

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> o = bz.observe(s, 0)
    >>> o.hand == s.hands[0], o.hand_sizes, o.stock_size
    (True, (8, 8), 48)
    """
    game: Game | None = None
    if not isinstance(state, State):
        game = state
        state = state.current
    s = state
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(f"player must be a player index, not {type(player).__name__}")
    if not 0 <= player < len(s.held):
        raise BeziqueError(f"player must be 0-{len(s.held) - 1}, not {player}")
    scoring = s.variant.scoring
    public_brisques = scoring.brisques_shown(s.stage is Stage.OVER)  # R2.11, R6.8
    held = s.held[player]
    observation = Observation(
        variant=s.variant, player=player, dealer=s.dealer, stage=s.stage, to_move=s.to_move,
        leader=s.leader, phase=s.phase, hand=cards_of(held),
        hand_sizes=tuple(map(size_of, s.held)), table=s.table, exposed=s.exposed,
        stock_size=s.stock_size, turn_up=s.turn_up, trump=s.trump, trick=s.trick,
        active=s.active, window=s.window, played=s.played, tricks=s.tricks,
        last_winner=s.last_winner, won=s.won, combos=s.combos, melds=s.melds, sevens=s.sevens,
        brisques=s.brisques if public_brisques else None, last_trick=s.last_trick,
        penalties=s.penalties, bonus=s.bonus, scores=s.scores, carte=s.carte[player],
        legal_actions=legal_actions(s) if s.to_move == player else (),
        game_totals=game.totals if game is not None else None,
        game_deals=game.deals if game is not None else (),
        announced=s.announced,
    )
    object.__setattr__(observation, "_held", held)  # kept for the bots (hand_counts)
    return observation


def hand_counts(observation: Observation) -> int:
    """The observer's hand as a count vector (the engine's packed layout,
    :attr:`State.held <bezique.state.State>`): the one :func:`observe` kept, else
    counted from :attr:`Observation.hand`. The bots read the hand so: counting it
    costs more than the rest of a simple decision's set-up."""
    held = observation._held
    return held_of(observation.hand) if held is None else held


def unseen_cards(observation: Observation) -> Counter[Card]:
    """The cards the observer has not seen: the deck less every card he can see."""
    o = observation
    unseen = Counter(rules_of(o.variant).deck)
    seen: list[Card] = list(o.hand)
    for t in o.table:
        seen.extend(tc.card for tc in t)
    for cards in o.exposed:
        seen.extend(cards)
    seen.extend(o.played)
    seen.extend(c for _, c in o.trick)
    if o.turn_up is not None:
        seen.append(o.turn_up)
    for i, cards in enumerate(o.exposed):
        if i == o.player:
            # own exposed cards are in the own hand, already counted
            for card in cards:
                seen.remove(card)
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        raise SetupError("the observation shows more copies of a card than the deck holds")
    return +unseen


def determinize(observation: Observation, rng: random.Random) -> State:
    """A full state consistent with ``observation``, the unseen cards dealt at random.

    Every other player gets the cards known to be in his hand
    (``observation.exposed``) plus random unseen cards up to his hand size;
    the stock gets the rest in random order. Everything public is copied.
    Play continues from the result under the same rules, and observing it
    for the same player gives back ``observation``.

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> d = bz.determinize(bz.observe(s, 0), random.Random(1))
    >>> bz.observe(d, 0) == bz.observe(s, 0), d.hands[0] == s.hands[0]
    (True, True)
    """
    o = observation
    try:  # the state keeps the trick's card indexes: its players must follow (R2.4)
        trick = trick_indexes(o.trick, o.leader, o.active)
    except InvariantError as exc:
        raise SetupError(f"{exc.field}: {exc.reason}") from None
    pool = list(unseen_cards(o).elements())
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for q, size in enumerate(o.hand_sizes):
        if q == o.player:
            hands.append(o.hand)
            continue
        known = list(o.exposed[q])
        need = size - len(known)
        if need < 0:
            raise SetupError(f"player {q} is known to hold more cards than his hand size")
        hands.append(tuple(sorted(known + pool[:need])))
        del pool[:need]
    stock_len = o.stock_size - (o.turn_up is not None)
    if len(pool) != stock_len:
        raise SetupError(f"the unseen cards ({len(pool)}) do not fill the stock ({stock_len})")
    carte = tuple(o.carte if q == o.player else CartePrivilege.NONE
                  for q in range(len(o.hand_sizes)))
    fields: dict[str, Any] = {
        "variant": o.variant, "dealer": o.dealer, "seed": None, "stage": o.stage,
        "to_move": o.to_move, "leader": o.leader, "phase": o.phase,
        "held": tuple(map(held_of, hands)), "table": o.table, "laid": laid_of(o.table),
        "pile": indexes_of(pool),
        "turn_up_index": None if o.turn_up is None else o.turn_up.index, "trump": o.trump,
        "trick_indexes": trick, "active": o.active, "window": o.window, "combos": o.combos,
        "melds": o.melds, "sevens": o.sevens,
        "brisques": o.brisques if o.brisques is not None else _guess_brisques(o),
        "last_trick": o.last_trick, "tricks": o.tricks, "last_winner": o.last_winner,
        "played_indexes": indexes_of(o.played), "carte": carte, "won": o.won,
        "seen": tuple(map(held_of, o.exposed)),
        "penalties": o.penalties, "bonus": o.bonus,
        "packet": _guess_packet(o, rng), "announced": o.announced, "memo": fresh_cache(),
    }
    return State(**fields)


def _guess_brisques(o: Observation) -> tuple[int, ...]:
    """Brisques counted only at the end are not public: split the brisques played so far
    evenly (the determinized deal needs some value; only the end result depends on it)."""
    played = sum(1 for c in o.played if c.is_brisque)
    sides = len(o.melds)
    return tuple(played // sides + (1 if i < played % sides else 0) for i in range(sides))


def _guess_packet(o: Observation, rng: random.Random) -> int:
    """The dealer's packet is hidden until the guess (R9.4): draw one at random."""
    if o.stage is not Stage.GUESS:
        return 0
    low, high = o.variant.deal.packet_range
    return rng.randint(low, high)
