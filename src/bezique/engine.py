"""The engine: dealing, legal actions, checking and applying actions (sections 2-4).

Every function here is pure: a :class:`~bezique.state.State` goes in, a new one
comes out, and the old one is never changed. The three faces of an action
follow one pattern: :func:`check_action` raises :class:`IllegalActionError`
naming the rule, :func:`is_legal` answers yes or no, :func:`apply` checks and
returns the next state.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, overload

from bezique.actions import PASS, PLAYS, PLAYS_FROM_TABLE, Declare, ExchangeSeven, Pass, Play
from bezique.cards import Card, Rank, Suit, format_cards, parse_cards
from bezique.declarations import Plan, seven_actions, trump_seven_in_hand, window_declarations
from bezique.errors import IllegalActionError, NotationError, SetupError
from bezique.melds import MeldKind
from bezique.results import deal_result
from bezique.rules import Rules, rules_of
from bezique.shuffle import shuffled
from bezique.state import Combination, Stage, State, TableCard
from bezique.tricks import follow_options, trick_winner

if TYPE_CHECKING:
    from bezique.game import Game
    from bezique.variants import Variant

__all__ = [
    "apply",
    "apply_unchecked",
    "check_action",
    "deal_result",
    "is_legal",
    "legal_actions",
    "new_deal",
    "setup",
]

Action = Play | Declare | ExchangeSeven | Pass


# --------------------------------------------------------------------------- dealing


def new_deal(variant: Variant, *, seed: int, dealer: int = 0) -> State:
    """A shuffled and dealt deal of ``variant`` (R2.1, R2.2, R11.1).

    The same seed gives the same deal on every machine and Python version.

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> [len(h) for h in state.hands], state.stock_size, state.to_move
    ([8, 8], 48, 1)
    """
    rules = rules_of(variant)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(f"seed must be an integer, not {seed!r}")
    _check_dealer(rules, dealer)
    deck = shuffled(rules.deck, seed)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    pos = 0
    order = [(dealer + 1 + i) % rules.players for i in range(rules.players)]
    for packet in variant.deal.packets:
        for player in order:
            hands[player].extend(deck[pos:pos + packet])
            pos += packet
    turn_up = None
    if rules.turn_up:
        turn_up = deck[pos]
        pos += 1
    return _initial(variant, rules, dealer, seed, hands, turn_up, tuple(deck[pos:]))


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
    _check_dealer(rules, dealer)
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
    phase2 = face_down is not None and not face_down and up is None
    if rules.turn_up and up is None and not phase2:
        raise SetupError(f"{variant.name} turns up a trump card: give turn_up")
    fixed = _parse_suit(trump)
    if up is not None and fixed is not None and fixed is not up.suit:
        raise SetupError(f"trump {fixed} contradicts the turn-up {up}")
    if not rules.turn_up and up is not None:
        raise SetupError(f"{variant.name} has no turn-up card")
    left = {card: variant.deck.packs for card in set(rules.deck)}
    used = [c for hand in parsed for c in hand] + ([up] if up else []) + list(face_down or ())
    for card in used:
        left[card] -= 1
        if left[card] < 0:
            raise SetupError(f"the deck holds only {variant.deck.packs} of {card} "
                             f"but the position uses {used.count(card)}")
    if face_down is None:
        counts = dict(left)
        pool: list[Card] = []
        for card in rules.deck:
            if counts[card] > 0:
                pool.append(card)
                counts[card] -= 1
        face_down = tuple(shuffled(pool, seed))
    sizes = {len(h) for h in parsed}
    if len(sizes) != 1 or 0 in sizes:
        raise SetupError(f"every hand must hold the same number of cards (at least one), "
                         f"not {sorted(sizes)}")
    if (len(face_down) + (up is not None)) % rules.players:
        raise SetupError(f"the stock (turn-up included) must hold a multiple of "
                         f"{rules.players} cards, not {len(face_down) + (up is not None)}")
    state = _initial(variant, rules, dealer, None, parsed, up, tuple(face_down))
    if fixed is not None or phase2:
        active = ((state.leader, (state.leader + 1) % rules.players) if phase2 and rules.duels
                  else state.active)
        state = state.replace(trump=fixed if fixed is not None else state.trump,
                             phase=2 if phase2 else 1, active=active)
    return state


def _parse_suit(value: Suit | str | None) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    text = str(value).strip().upper()
    for suit in Suit:
        if text in (suit.value, suit.letter, suit.name):
            return suit
    raise SetupError(f"{value!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)")


def _check_dealer(rules: Rules, dealer: int) -> None:
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise SetupError(f"dealer must be a player index 0-{rules.players - 1}, not {dealer!r}")


def _initial(variant: Variant, rules: Rules, dealer: int, seed: int | None,
             hands: Sequence[Sequence[Card]], turn_up: Card | None,
             stock: tuple[Card, ...]) -> State:
    sides = rules.side_count
    sevens = [0] * sides
    trump = turn_up.suit if turn_up is not None else None
    if turn_up is not None and turn_up.rank is Rank.SEVEN and rules.sevens_score:
        sevens[rules.sides[dealer]] += rules.turn_up_seven_points  # R2.2
    elder = (dealer + 1) % rules.players
    zero = (0,) * sides
    return State(variant, dealer, seed, Stage.PLAY, elder, elder, 1,
                 tuple(tuple(sorted(h)) for h in hands), ((),) * rules.players, stock, turn_up,
                 trump, (), tuple(range(rules.players)), 0, (),
                 zero, tuple(sevens), zero, zero, 0, None, (), [None])


# --------------------------------------------------------------------------- legal actions


def _state_of(obj: State | Game) -> State:
    if isinstance(obj, State):
        return obj
    current = getattr(obj, "current", None)
    if isinstance(current, State):
        return current
    raise TypeError(f"expected a State or a Game, not {type(obj).__name__}")


def legal_actions(state: State | Game) -> tuple[Action, ...]:
    """The actions legal now, in a deterministic order, each once.

    Empty when the deal (or game) is over.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> len(bz.legal_actions(s)) <= 8
    True
    """
    s = state if type(state) is State else _state_of(state)
    memo = s.memo
    cache = memo[0]
    if cache is None:
        cache = memo[0] = _compute_legal(s)
    return cache[0]  # type: ignore[no-any-return]


def _compute_legal(s: State) -> tuple[tuple[Action, ...], dict[Declare, Plan]]:
    stage = s.stage
    if stage is Stage.PLAY:
        p = s.to_move
        assert p is not None
        hand = s.hands[p]
        if s.phase == 2 and s.trick:
            rules = rules_of(s.variant)
            allowed = follow_options(hand, s.trick, s.trump, rules.trump_when_losing)
            return tuple(PLAYS[i] for i in sorted({c.index for c in allowed})), {}
        out: list[Action] = []
        last = None
        for card in hand:
            if card is not last:
                out.append(PLAYS[card.index])
                last = card
        table = s.table[p]
        if table:
            in_hand = {c.index for c in hand}
            for i in sorted({tc.card.index for tc in table}):
                out.append(PLAYS_FROM_TABLE[i] if i in in_hand else PLAYS[i])
        return tuple(out), {}
    if stage is Stage.DECLARE:
        rules = rules_of(s.variant)
        p = s.to_move
        assert p is not None
        plans: dict[Declare, Plan] = {}
        acts: list[Action] = []
        if not s.window & 1:
            plans = window_declarations(s, rules, p)
            acts.extend(plans)
        if not s.window & 2:
            acts.extend(seven_actions(s, rules, p))
        acts.append(PASS)
        return tuple(acts), plans
    return (), {}


def _plans(s: State) -> dict[Declare, Plan]:
    legal_actions(s)
    return s.memo[0][1]  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- checking


def check_action(state: State | Game, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal now.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> bz.check_action(s, bz.Pass())
    Traceback (most recent call last):
    ...
    bezique.errors.IllegalActionError: R2.6: pass only closes a declaration window; ...
    """
    s = _state_of(state)
    if s.stage is Stage.OVER:
        raise IllegalActionError("the deal is over: no action is legal")
    acts = legal_actions(s)
    if action in acts:
        return
    if isinstance(action, Play) and s.stage is Stage.PLAY:
        _source_of_play(s, s.to_move, action)  # raises if not held
        return _explain_play(s, action)
    raise IllegalActionError(_explain(s, action))


def is_legal(state: State | Game, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> import bezique as bz
    >>> bz.is_legal(bz.new_deal(bz.variants.TWO_PACK, seed=3), bz.Pass())
    False
    """
    try:
        check_action(state, action)
    except IllegalActionError:
        return False
    return True


def _source_of_play(s: State, p: int | None, action: Play) -> bool:
    """Whether the played card comes from the table (R2.7); raises if not held."""
    assert p is not None
    card = action.card
    in_hand = card in s.hands[p]
    if in_hand and not action.from_table:
        return False
    on_table = any(tc.card is card for tc in s.table[p])
    if action.from_table is None:
        if in_hand or on_table:
            return not in_hand
    elif action.from_table and on_table:
        return True
    elif action.from_table is False and in_hand:
        return False
    where = {None: "in hand or on the table", True: "on the table", False: "in hand"}
    raise IllegalActionError(f"R2.7: player {p} holds no {card} {where[action.from_table]}")


def _explain_play(s: State, action: Play) -> None:
    if s.phase == 2 and s.trick:
        rules = rules_of(s.variant)
        p = s.to_move
        assert p is not None
        hand = s.hands[p]
        led = s.trick[0][1].suit
        card = action.card
        if card.suit is not led and any(c.suit is led for c in hand):
            raise IllegalActionError(f"R2.10: {card} does not follow suit; "
                                     f"player {p} holds {led} and must follow")
        allowed = follow_options(hand, s.trick, s.trump, rules.trump_when_losing)
        if card.suit is led:
            raise IllegalActionError(f"R2.10: {card} does not win the trick; player {p} must "
                                     f"win it if able, with one of {format_cards(allowed)}")
        raise IllegalActionError(f"R2.10: player {p} is void in {led} and must trump "
                                 f"(winning if able) with one of {format_cards(allowed)}")


def _explain(s: State, action: object) -> str:
    p = s.to_move
    if s.stage is Stage.PLAY:
        if isinstance(action, Pass):
            return (f"R2.6: pass only closes a declaration window; "
                    f"player {p} must play a card to the trick")
        if isinstance(action, (Declare, ExchangeSeven)):
            return (f"R3.1: only the winner of a phase-1 trick may declare or exchange, after "
                    f"the trick and before drawing; player {p} must play a card")
        return f"{action!r} is not an action; player {p} must play a card"
    # declaration window
    rules = rules_of(s.variant)
    assert p is not None
    if isinstance(action, Play):
        return (f"R2.6: player {p} has a declaration window open: declare, exchange the seven "
                f"or pass before the next trick")
    if isinstance(action, ExchangeSeven):
        return _explain_seven(s, rules, p, action.card, exchange=True)
    if isinstance(action, Declare):
        if action.meld is MeldKind.TRUMP_SEVEN:
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None:
                return "R4.2: the seven of trumps is declared alone"
            return _explain_seven(s, rules, p, card, exchange=False)
        if s.window & 1:
            return "R3.2: one combination is scored per trick won; this window's is declared"
        return _explain_declare(s, rules, p, action)
    return f"{action!r} is not an action"


def _explain_seven(s: State, rules: Rules, p: int, card: Card, *, exchange: bool) -> str:
    if not rules.has_seven_meld:
        return f"R5.1: the seven of trumps scores nothing in {s.variant.name}"
    if s.window & 2:
        if rules.seven_counts_as_meld:
            return "R4.3: the seven of trumps counts as the trick's one declaration, already made"
        return "R6.6: one seven action per trick won"
    if s.trump is None or card != Card.of(Rank.SEVEN, s.trump):
        return f"R4.1: {card} is not the seven of trumps"
    if trump_seven_in_hand(s, p) is None:
        return f"R4.2: player {p} holds no unscored seven of trumps in hand"
    if exchange:
        if s.turn_up is None:
            return "R4.1: the turn-up has been taken; there is nothing to exchange"
        if s.turn_up.rank is Rank.SEVEN:
            return "R4.1: the turn-up is itself a seven and cannot be exchanged"
    return "R4.1: not allowed now"  # pragma: no cover - all cases above


def _explain_declare(s: State, rules: Rules, p: int, action: Declare) -> str:
    kind = action.meld
    if kind not in rules.points:
        return f"R3.3: {s.variant.name} has no combination {kind.value}"
    pattern = rules.pattern_by_key[s.trump].get((kind, action.cards))
    quartet = next((q for q in rules.quartets[s.trump] if q.kind is kind), None)
    if pattern is None and quartet is None:
        if s.trump is None and kind in (MeldKind.COMMON_MARRIAGE, MeldKind.BACK_DOOR):
            return f"R11.2: no {kind.value} can be declared before trump is fixed"
        return f"R3.3: {format_cards(action.cards)} do not form a {kind.value}"
    if quartet is not None and (len(action.cards) != 4
                                or any(c.rank is not quartet.rank for c in action.cards)):
        return f"R3.3: {format_cards(action.cards)} do not form a {kind.value}"
    held = list(s.hands[p]) + [tc.card for q in (p, *rules.partners[p]) for tc in s.table[q]]
    for card in action.cards:
        if card in held:
            held.remove(card)
        else:
            return f"R3.9: player {p} does not hold {card} (in hand or on the table) for this"
    if quartet is not None and quartet.exclude_all_trump and all(
            c.suit is s.trump for c in action.cards):
        return f"R11.3: four trump {quartet.rank.name.lower()}s score only as the trump quartet"
    if rules.require_fresh and not any(c in s.hands[p] for c in action.cards):
        return "R3.7: require_fresh_card: a declaration needs a card from the hand"
    return (f"R3.6/R3.9: the cards of this {kind.value} have already served in a combination "
            f"of class {kind.meld_class.name} that it cannot be built on (card reuse)")


# --------------------------------------------------------------------------- applying


@overload
def apply(state: State, action: Action) -> State: ...
@overload
def apply(state: Game, action: Action) -> Game: ...


def apply(state: State | Game, action: Action) -> State | Game:
    """The state after ``action``; ``state`` itself is unchanged.

    Accepts any legal action, not only the objects :func:`legal_actions`
    returned. Given a :class:`~bezique.game.Game`, acts on its current deal
    and moves on to the next deal when that one ends.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> t = bz.apply(s, bz.legal_actions(s)[0])
    >>> len(t.trick), len(s.trick)
    (1, 0)

    Raises:
        IllegalActionError: naming the rule that forbids the action.
    """
    if type(state) is not State:
        from bezique.game import Game, advance

        if not isinstance(state, Game):
            raise TypeError(f"expected a State or a Game, not {type(state).__name__}")
        if state.is_over:
            raise IllegalActionError("the game is over: no action is legal")
        return advance(state, apply(state.current, action))
    s = state
    stage = s.stage
    if stage is Stage.PLAY and type(action) is Play:
        p = s.to_move
        from_table = _source_of_play(s, p, action)
        if s.phase == 2 and s.trick:
            check_action(s, action)
        return _play(s, p, action.card, from_table)  # type: ignore[arg-type]
    check_action(s, action)
    return apply_unchecked(s, action)


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the legality check, for simulations.

    Only for actions taken from :func:`legal_actions` of this very state;
    anything else may produce a state the rules cannot reach.
    """
    s = state
    if s.stage is Stage.PLAY:
        assert isinstance(action, Play)
        return _play(s, s.to_move, action.card,  # type: ignore[arg-type]
                     _source_of_play(s, s.to_move, action))
    if isinstance(action, Pass):
        return _close_window(s)
    if isinstance(action, ExchangeSeven):
        return _exchange_seven(s, action.card)
    assert isinstance(action, Declare)
    if action.meld is MeldKind.TRUMP_SEVEN:
        return _declare_seven(s, action.cards[0])
    return _declare(s, _plans(s)[action])


def _remove(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _replace_at(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1:])


def _table_copy_to_play(s: State, p: int, card: Card) -> int:
    """Of several identical table cards, the one in the fewest intact combinations."""
    on_table = {tc.serial for q in range(len(s.table)) for tc in s.table[q]}
    best = -1
    best_key = (0, 0)
    for i, tc in enumerate(s.table[p]):
        if tc.card == card:
            n = sum(1 for c in s.combos if tc.serial in c.serials
                    and all(x in on_table for x in c.serials))
            if best < 0 or (n, tc.serial) < best_key:
                best, best_key = i, (n, tc.serial)
    return best


def _play(s: State, p: int, card: Card, from_table: bool) -> State:
    rules = rules_of(s.variant)
    hands = s.hands
    table = s.table
    if from_table:
        t = table[p]
        table = _replace_at(table, p, t[:(i := _table_copy_to_play(s, p, card))] + t[i + 1:])
    else:
        hands = _replace_at(hands, p, _remove(hands[p], card))
    sevens = s.sevens
    if (card.rank is Rank.SEVEN and card.suit is s.trump and s.phase == 1 and not from_table
            and rules.sevens_score):
        side = rules.sides[p]  # R4.2: an unscored trump seven played in phase 1
        sevens = _replace_at(sevens, side, sevens[side] + rules.seven_points)
    trick = (*s.trick, (p, card))
    active = s.active
    if len(trick) < len(active):
        nxt = active[(active.index(p) + 1) % len(active)]
        return State(s.variant, s.dealer, s.seed, Stage.PLAY, nxt, s.leader, s.phase, hands, table,
                     s.stock, s.turn_up, s.trump, trick, active, 0, s.combos, s.melds, sevens,
                     s.brisques, s.last_trick, s.tricks, s.last_winner, s.played, [None])
    return _finish_trick(s, rules, hands, table, sevens, trick)


def _finish_trick(s: State, rules: Rules, hands: tuple[tuple[Card, ...], ...],
                  table: tuple[tuple[TableCard, ...], ...], sevens: tuple[int, ...],
                  trick: tuple[tuple[int, Card], ...]) -> State:
    winner = trick[trick_winner(trick, s.trump)][0]
    side = rules.sides[winner]
    won = sum(1 for _, c in trick if c.rank >= Rank.TEN)
    brisques = s.brisques
    if won:
        brisques = _replace_at(brisques, side, brisques[side] + won)
    played = s.played + tuple(c for _, c in trick)
    last_trick = s.last_trick
    tricks = s.tricks + 1
    if s.phase == 1:
        if not rules.last_trick_final and s.stock_size <= rules.players:
            last_trick = _replace_at(last_trick, side, last_trick[side] + rules.last_trick_points)
        # R2.6: the winner's declaration window opens after every phase-1 trick
        return State(s.variant, s.dealer, s.seed, Stage.DECLARE, winner, winner, 1, hands, table,
                     s.stock, s.turn_up, s.trump, (), s.active, 0, s.combos, s.melds, sevens,
                     brisques, last_trick, tricks, winner, played, [None])
    active = s.active
    if hands[active[0]]:
        return State(s.variant, s.dealer, s.seed, Stage.PLAY, winner, winner, 2, hands, table,
                     s.stock, s.turn_up, s.trump, (), active, 0,
                     s.combos, s.melds, sevens, brisques, last_trick, tricks, winner, played,
                     [None])
    if any(hands):
        # R11.9: the second duel: the first duel's leader's partner leads against the other
        n = rules.players
        lead = (active[0] + 2) % n
        return State(s.variant, s.dealer, s.seed, Stage.PLAY, lead, lead, 2, hands, table,
                     s.stock, s.turn_up, s.trump, (), (lead, (active[1] + 2) % n), 0,
                     s.combos, s.melds, sevens, brisques, last_trick, tricks, winner, played,
                     [None])
    if rules.last_trick_final:
        last_trick = _replace_at(last_trick, side, last_trick[side] + rules.last_trick_points)
    return State(s.variant, s.dealer, s.seed, Stage.OVER, None, winner, 2, hands, table,
                 s.stock, s.turn_up, s.trump, (), s.active, 0, s.combos, s.melds, sevens,
                 brisques, last_trick, tricks, winner, played, [None])


def _close_window(s: State) -> State:
    """Draw after the declaration window closes (R2.6 b, R2.8), then the winner leads."""
    rules = rules_of(s.variant)
    winner = s.to_move
    assert winner is not None
    n = rules.players
    stock = s.stock
    turn_up = s.turn_up
    hands = list(s.hands)
    final = len(stock) + (turn_up is not None) <= n
    for k in range(n):
        player = (winner + k) % n
        if k < len(stock):
            card = stock[k]
        else:
            assert turn_up is not None
            card = turn_up
        h = list(hands[player])
        insort(h, card)
        hands[player] = tuple(h)
    if not final:
        return State(s.variant, s.dealer, s.seed, Stage.PLAY, winner, winner, 1, tuple(hands),
                     s.table, stock[n:], turn_up, s.trump, (), s.active, 0, s.combos, s.melds,
                     s.sevens, s.brisques, s.last_trick, s.tricks, s.last_winner, s.played, [None])
    # R2.9: the stock is gone; table cards go back to the hands, phase 2 begins
    table = s.table
    for player in range(n):
        if table[player]:
            hands[player] = tuple(sorted(hands[player] + tuple(tc.card for tc in table[player])))
    # R6.7 / R11.9: with duels, the winner of the last phase-1 trick plays his left-hand opponent
    active = (winner, (winner + 1) % n) if rules.duels else s.active
    return State(s.variant, s.dealer, s.seed, Stage.PLAY, winner, winner, 2, tuple(hands),
                 ((),) * n, (), None, s.trump, (), active, 0, s.combos, s.melds, s.sevens,
                 s.brisques, s.last_trick, s.tricks, s.last_winner, s.played, [None])


def _after_window_action(s: State, rules: Rules, new: State) -> State:
    """Close the window once no further declaration is allowed in it (R2.6)."""
    if new.window == 3:
        return _close_window(new)
    if not new.window & 1:
        if window_declarations(new, rules, new.to_move):  # type: ignore[arg-type]
            return new
        return _close_window(new)
    if seven_actions(new, rules, new.to_move):  # type: ignore[arg-type]
        return new
    return _close_window(new)


def _window_flags(s: State, rules: Rules, flag: int) -> int:
    return 3 if rules.seven_counts_as_meld else s.window | flag


def _exchange_seven(s: State, seven: Card) -> State:
    """R4.1: the seven of trumps for the turn-up, 10 points."""
    rules = rules_of(s.variant)
    p = s.to_move
    assert p is not None and s.turn_up is not None
    side = rules.sides[p]
    h = list(_remove(s.hands[p], seven))
    insort(h, s.turn_up)
    new = State(s.variant, s.dealer, s.seed, Stage.DECLARE, p, s.leader, 1,
                _replace_at(s.hands, p, tuple(h)), s.table, s.stock, seven, s.trump, (), s.active,
                _window_flags(s, rules, 2), s.combos, s.melds,
                _replace_at(s.sevens, side, s.sevens[side] + rules.seven_points), s.brisques,
                s.last_trick, s.tricks, s.last_winner, s.played, [None])
    return _after_window_action(s, rules, new)


def _declare_seven(s: State, seven: Card) -> State:
    """R4.2: show the seven of trumps (laid on the table), 10 points."""
    rules = rules_of(s.variant)
    p = s.to_move
    assert p is not None
    side = rules.sides[p]
    serial = _fresh_serial(s)
    new = State(s.variant, s.dealer, s.seed, Stage.DECLARE, p, s.leader, 1,
                _replace_at(s.hands, p, _remove(s.hands[p], seven)),
                _replace_at(s.table, p, (*s.table[p], TableCard(seven, serial, 8))),
                s.stock, s.turn_up, s.trump, (), s.active, _window_flags(s, rules, 2), s.combos,
                s.melds, _replace_at(s.sevens, side, s.sevens[side] + rules.seven_points),
                s.brisques, s.last_trick, s.tricks, s.last_winner, s.played, [None])
    return _after_window_action(s, rules, new)


def _fresh_serial(s: State) -> int:
    """A serial number no table card of this deal has had (table cards are never reused)."""
    top = 0
    for t in s.table:
        for tc in t:
            top = max(top, tc.serial)
    for combo in s.combos:
        for serial in combo.serials:
            top = max(top, serial)
    return top + 1


def _declare(s: State, plan: Plan) -> State:
    """Score a combination (R3.2, R3.9): lay its hand cards on the table, mark its cards."""
    rules = rules_of(s.variant)
    p = s.to_move
    assert p is not None
    side = rules.sides[p]
    bit = plan.bit
    hands = s.hands
    table = list(s.table)
    hand = hands[p]
    serial = _fresh_serial(s)
    new_cards: list[TableCard] = []
    for card in plan.from_hand:
        hand = _remove(hand, card)
        new_cards.append(TableCard(card, serial, bit))
        serial += 1
    if plan.from_table:
        marks = set(plan.from_table)
        for q, t in enumerate(table):
            if any(tc.serial in marks for tc in t):
                table[q] = tuple(TableCard(tc.card, tc.serial, tc.used | bit)
                                 if tc.serial in marks else tc for tc in t)
    table[p] = (*table[p], *new_cards)
    combos = s.combos
    if plan.superseded is not None:
        old = combos[plan.superseded]
        combos = _replace_at(combos, plan.superseded, Combination(
            old.kind, old.side, old.player, old.cards, old.serials, old.points, True))
    combo = Combination(plan.kind, side, p, plan.cards,
                        plan.from_table + tuple(tc.serial for tc in new_cards), plan.points)
    new = State(s.variant, s.dealer, s.seed, Stage.DECLARE, p, s.leader, 1,
                _replace_at(hands, p, hand), tuple(table), s.stock, s.turn_up,
                plan.fixes if plan.fixes is not None else s.trump, (), s.active,
                _window_flags(s, rules, 1), (*combos, combo),
                _replace_at(s.melds, side, s.melds[side] + plan.points), s.sevens, s.brisques,
                s.last_trick, s.tricks, s.last_winner, s.played, [None])
    return _after_window_action(s, rules, new)

