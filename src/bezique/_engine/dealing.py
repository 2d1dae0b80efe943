"""Dealing: shuffled deals and explicit positions (R2.1, R2.2, R11.1)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from bezique._engine.compiled import Rules, rules_of
from bezique._engine.hands import held_at, indexes_of
from bezique._engine.memo import fresh_cache
from bezique._engine.shuffle import is_seed, shuffled
from bezique.cards import Card, Rank, Suit, parse_cards
from bezique.errors import NotationError, SetupError
from bezique.policies import DealPolicy
from bezique.state import WINDOWS, Stage, State

if TYPE_CHECKING:
    from bezique.variants import Variant

__all__ = ["PACKET_RANGE", "check_seed", "new_deal", "setup"]

PACKET_RANGE = DealPolicy.packet_range
"""The sizes a dealer's lifted packet may have (R9.4): :attr:`DealPolicy.packet_range`."""



def new_deal(variant: Variant, *, seed: int, dealer: int = 0) -> State:
    """A shuffled and dealt deal of ``variant`` (R2.1, R2.2, R11.1).

    The same seed gives the same deal on every machine and Python version.

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> [len(h) for h in state.hands], state.stock_size, state.to_move
    ([8, 8], 48, 1)
    """
    rules = rules_of(variant)
    check_seed(seed)
    _check_dealer(rules, dealer)
    deck = shuffled(rules.deck_indexes, seed)  # the cards' indexes, shuffled as the cards
    getters = _hand_getters(tuple(variant.deal.packets), rules.players, dealer)
    hands = [deal(deck) for deal in getters]
    turn_up, pos = rules.trump_fixing.turn_up(deck, rules.players * rules.hand_size)  # R2.2
    state = _initial(variant, rules, dealer, seed, hands, turn_up, deck[pos:])
    return rules.settlement.open_deal(state, seed)  # R9.4


@functools.lru_cache(maxsize=64)
def _hand_getters(packets: tuple[int, ...], players: int, dealer: int
                  ) -> tuple[Callable[[list[int]], Sequence[int]], ...]:
    """Per player, a function taking from the shuffled deck (the cards' indexes) the cards
    dealt to them, in C: packets of ``packets`` cards go clockwise from the dealer's left,
    the dealer last (R11.1); the cards after the last packet are the turn-up and the stock
    (R2.1, R2.2)."""
    dealt: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for packet in packets:
        for i in range(players):
            dealt[(dealer + 1 + i) % players].extend(range(pos, pos + packet))
            pos += packet
    # itemgetter of one position gives the card itself; of a one-card slice, a list of it
    return tuple(itemgetter(*at) if len(at) > 1 else itemgetter(slice(at[0], at[0] + 1))
                 for at in dealt)


def setup(variant: Variant, *, hands: Sequence[str | Iterable[Card | str]],
          turn_up: Card | str | None = None, stock: str | Iterable[Card | str] | None = None,
          dealer: int = 0, seed: int = 0, trump: Suit | str | None = None) -> State:
    """A deal from an explicit position, at the start of a trick led by the elder.

    ``hands`` has one entry per player; ``turn_up`` is the face-up trump card
    (required where the variant turns one up, forbidden where it does not);
    ``stock`` the face-down stock, top card first, or ``None`` to fill it with
    the rest of the deck shuffled by ``seed``. The elder (the dealer's left)
    leads.

    A position with an empty stock and no turn-up starts in phase 2; give its
    trump suit as ``trump`` (``"H"``, ``"♥"`` or a :class:`Suit`). ``trump``
    also presets the trump of a variant whose trump a declaration fixes.

    >>> import bezique as bz
    >>> s = bz.setup(bz.variants.TWO_PACK, hands=["AS 10S KH QH JD 9C 8C 7D",
    ...                                           "QS JD AH 10H KC QC 9S 8D"], turn_up="7H")
    >>> s.trump, s.stock_size, s.scores
    (<Suit.HEARTS: '♥'>, 48, (10, 0))
    >>> bz.setup(bz.variants.TWO_PACK, hands=["AS AS AS", "KH"], turn_up="7H")
    Traceback (most recent call last):
    ...
    bezique.errors.SetupError: the deck holds only 2 of A♠ but the position uses 3

    Raises:
        SetupError: for a position the variant's deck cannot produce.
    """
    rules = rules_of(variant)
    check_seed(seed)
    _check_dealer(rules, dealer)
    parsed, up, face_down = _parse_position(rules, hands, turn_up, stock)
    phase2 = face_down is not None and not face_down and up is None
    fixed = _check_turn_up(variant, rules, up, trump, phase2)
    left = _cards_left(variant, rules, parsed, up, face_down)
    if face_down is None:
        face_down = _rest_of_deck(rules, left, seed)
    _check_shape(rules, parsed, up, face_down)
    state = _initial(variant, rules, dealer, None, [indexes_of(hand) for hand in parsed], up,
                     indexes_of(face_down))
    if fixed is not None or phase2:
        active = (rules.partnership.phase_two.first(state.leader, state.active) if phase2
                  else state.active)
        state = state.replace(trump=fixed if fixed is not None else state.trump,
                             phase=2 if phase2 else 1, active=active)
    return state


def _parse_position(rules: Rules, hands: Sequence[str | Iterable[Card | str]],
                    turn_up: Card | str | None, stock: str | Iterable[Card | str] | None
                    ) -> tuple[list[list[Card]], Card | None, tuple[Card, ...] | None]:
    """The hands, turn-up and stock of a position as cards; no hand above the hand size."""
    if isinstance(hands, str) or len(hands) != rules.players:
        raise SetupError(f"hands must list one hand for each of the {rules.players} players")
    try:
        parsed = [list(parse_cards(h)) for h in hands]
        up = None if turn_up is None else parse_cards([turn_up])[0]
        face_down = None if stock is None else parse_cards(stock)
    except NotationError as exc:
        raise SetupError(f"bad card in position: {exc}") from None
    for i, hand in enumerate(parsed):
        if len(hand) > rules.hand_size:
            raise SetupError(
                f"hand {i} holds {len(hand)} cards; the hand size is {rules.hand_size}")
    return parsed, up, face_down


def _check_turn_up(variant: Variant, rules: Rules, up: Card | None, trump: Suit | str | None,
                   phase2: bool) -> Suit | None:
    """A turn-up exactly where the variant has one (R2.2, R5.1), agreeing with ``trump``;
    returns the trump suit given."""
    problem = rules.trump_fixing.setup_problem(up, phase2)
    if problem is not None and up is None:
        raise SetupError(f"{variant.name} {problem}")
    fixed = _parse_suit(trump)
    if up is not None and fixed is not None and fixed is not up.suit:
        raise SetupError(f"trump {fixed} contradicts the turn-up {up}")
    if problem is not None:
        raise SetupError(f"{variant.name} {problem}")
    return fixed


def _cards_left(variant: Variant, rules: Rules, parsed: list[list[Card]], up: Card | None,
                face_down: tuple[Card, ...] | None) -> dict[Card, int]:
    """Per card, the copies the position leaves in the deck; none may go below zero (R1.1)."""
    left = {card: variant.deck.packs for card in set(rules.deck)}
    used = [c for hand in parsed for c in hand] + ([up] if up else []) + list(face_down or ())
    for card in used:
        left[card] -= 1
        if left[card] < 0:
            raise SetupError(f"the deck holds only {variant.deck.packs} of {card} "
                             f"but the position uses {used.count(card)}")
    return left


def _rest_of_deck(rules: Rules, left: dict[Card, int], seed: int) -> tuple[Card, ...]:
    """The cards the position leaves, shuffled by ``seed``, as the stock."""
    counts = dict(left)
    pool: list[Card] = []
    for card in rules.deck:
        if counts[card] > 0:
            pool.append(card)
            counts[card] -= 1
    return tuple(shuffled(pool, seed))


def _check_shape(rules: Rules, parsed: list[list[Card]], up: Card | None,
                 face_down: tuple[Card, ...]) -> None:
    """Equal, non-empty hands and a stock that the players draw evenly (R2.6 b)."""
    sizes = {len(h) for h in parsed}
    if len(sizes) != 1 or 0 in sizes:
        raise SetupError(f"every hand must hold the same number of cards (at least one), "
                         f"not {sorted(sizes)}")
    if (len(face_down) + (up is not None)) % rules.players:
        raise SetupError(f"the stock (turn-up included) must hold a multiple of "
                         f"{rules.players} cards, not {len(face_down) + (up is not None)}")


def _parse_suit(value: Suit | str | None) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    text = str(value).strip().upper()
    for suit in Suit:
        if text in (suit.value, suit.letter, suit.name):
            return suit
    raise SetupError(f"{value!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)")


def check_seed(seed: object) -> None:
    """Raise :class:`SetupError` unless ``seed`` is a seed (0 to 2**64 - 1,
    :data:`bezique._engine.shuffle.SEED_LIMIT`); a wrong type raises :class:`TypeError`."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not is_seed(seed):
        shown = str(seed) if seed.bit_length() < 100 else f"a number of {seed.bit_length()} bits"
        raise SetupError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown}")


def _check_dealer(rules: Rules, dealer: int) -> None:
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise SetupError(f"dealer must be a player index 0-{rules.players - 1}, not {dealer!r}")


def _initial(variant: Variant, rules: Rules, dealer: int, seed: int | None,
             hands: Sequence[Sequence[int]], turn_up: Card | None,
             pile: Sequence[int]) -> State:
    """The first state of a deal: ``hands`` and the stock (``pile``, top card first) as the
    cards' indexes."""
    sides = rules.side_count
    sevens = [0] * sides
    trump = turn_up.suit if turn_up is not None else None
    if turn_up is not None and turn_up.rank is Rank.SEVEN:
        sevens[rules.sides[dealer]] += rules.sevens.turn_up_score  # R2.2, R13.6
    elder = (dealer + 1) % rules.players
    zero = (0,) * sides
    # R11.6: a hand dealt without K, Q or J may show carte blanche before its first card
    carte = rules.settlement.dealt_privileges(hands)
    nobody = (0,) * rules.players  # per player, an empty count vector
    return State(variant=variant, dealer=dealer, seed=seed, stage=Stage.PLAY, to_move=elder,
                 leader=elder, phase=1, held=tuple(map(held_at, hands)),
                 table=((),) * rules.players, laid=nobody, pile=tuple(pile),
                 turn_up_index=None if turn_up is None else turn_up.index,
                 trump=trump, trick_indexes=(), active=tuple(range(rules.players)),
                 window=WINDOWS[0], combos=(), melds=zero, sevens=tuple(sevens),
                 brisques=zero, last_trick=zero, tricks=0, last_winner=None,
                 played_indexes=(), carte=carte, won=((),) * rules.players, seen=nobody,
                 penalties=zero, bonus=zero, packet=0, announced=(), memo=fresh_cache())
