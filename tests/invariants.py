"""Invariants of a deal, checked after every action by the property tests (and the simulator).

:func:`check_invariants` looks at one state; :func:`check_transition` at one action and
the states before and after it. Both raise :class:`InvariantError` (an
``AssertionError``) with a message naming the broken fact, and work under ``python -O``.

They read the public attributes of API.md and a few of the engine's bookkeeping fields
of :class:`bezique.State` (``stage``, ``phase``, ``stock``, ``played``, ``tricks``,
``melds``, ``sevens``, ``brisques``, ``last_trick``, ``combos``, ``active``,
``last_winner``). The rules they restate are cited by their ids in RULES.md; where a
rule is restated (the trick winner, the duty to follow) it is written again here, from
the rules, so that the engine is checked against an independent reading.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import bezique as bz
from bezique.cards import pack

__all__ = [
    "InvariantError",
    "check_final",
    "check_invariants",
    "check_legal_actions",
    "check_transition",
    "expected_follow",
    "formable_declarations",
    "fresh_declarations",
    "full_deck",
    "phase1_tricks",
    "trick_winner",
]


class InvariantError(AssertionError):
    """A state or a transition that breaks an invariant of the rules."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


# --------------------------------------------------------------------------- helpers


def full_deck(variant: bz.Variant) -> Counter[bz.Card]:
    """Every card of the variant's deck, as a multiset (R1.1)."""
    return Counter(pack(variant.packs))


def phase1_tricks(variant: bz.Variant) -> int:
    """Tricks played while the stock lasts: the undealt cards over the players (R2.3)."""
    undealt = 32 * variant.packs - variant.players * variant.hand_size
    return undealt // variant.players


def trick_winner(trick: Sequence[tuple[int, bz.Card]], trump: bz.Suit | None) -> int:
    """The player who wins ``trick`` (R1.3), read from the rules.

    The highest trump wins; without a trump the highest card of the suit led; of two
    identical winning cards the one played first.
    """
    led = trick[0][1].suit

    def strength(card: bz.Card) -> tuple[int, int]:
        if trump is not None and card.suit is trump:
            return (2, int(card.rank))
        if card.suit is led:
            return (1, int(card.rank))
        return (0, 0)

    best = max(strength(card) for _, card in trick)
    return next(player for player, card in trick if strength(card) == best)


def _beats(card: bz.Card, best: bz.Card, led: bz.Suit, trump: bz.Suit | None) -> bool:
    """Whether ``card`` played now would take the trick from ``best`` (R1.3)."""
    if trump is not None and card.suit is trump:
        return best.suit is not trump or card.rank > best.rank
    if card.suit is led:
        return best.suit is led and card.rank > best.rank
    return False


def expected_follow(hand: Iterable[bz.Card], trick: Sequence[tuple[int, bz.Card]],
                    trump: bz.Suit | None, trump_when_losing: bool = True) -> set[bz.Card]:
    """The cards a follower may play in phase 2 (R2.10, R11.9), read from the rules.

    Follow suit if able, beating the best card so far if able; void in the suit led, a
    trump that beats it if able, otherwise any trump (any card if the variant does not
    oblige a losing trump, R7.1); holding neither, any card.
    """
    hand = set(hand)
    led = trick[0][1].suit
    best_player = trick_winner(trick, trump)
    best = next(card for player, card in trick if player == best_player)
    suit = {c for c in hand if c.suit is led}
    if suit:
        return {c for c in suit if _beats(c, best, led, trump)} or suit
    trumps = {c for c in hand if trump is not None and c.suit is trump}
    if not trumps:
        return hand
    winning = {c for c in trumps if _beats(c, best, led, trump)}
    if winning:
        return winning
    return trumps if trump_when_losing else hand


def _held(state: bz.State, player: int) -> Counter[bz.Card]:
    return Counter(state.hands[player]) + Counter(state.tables[player])


def _brisques_in_scores(state: bz.State) -> bool:
    """Whether ``scores`` counts brisques now (R2.11); under a per-deal settlement only
    the settlement counts them (R8.4, R11.7)."""
    timing = state.variant.scoring.brisque_timing.value
    return timing == "immediate" or (timing == "end_of_deal" and state.is_over)


def _from_won_cards(variant: bz.Variant) -> bool:
    return variant.melds.source.value == "won_cards"


def _declaration_pool(state: bz.State, player: int) -> Counter[bz.Card]:
    """The cards ``player`` may declare with: hand and the side's tables (R3.9, R6.4), or
    the won cards in Fildinski (R11.5)."""
    if _from_won_cards(state.variant):
        return Counter(tc.card for tc in state.won[player])
    pool = Counter(state.hands[player])
    for q in range(state.variant.players):
        if state.sides[q] == state.sides[player]:
            pool += Counter(state.tables[q])
    return pool


def _expected_scores(state: bz.State) -> tuple[int, ...]:
    scoring = state.variant.scoring
    per_brisque = scoring.brisque_points if _brisques_in_scores(state) else 0
    return tuple(m + s + b * per_brisque + lt for m, s, b, lt in
                 zip(state.melds, state.sevens, state.brisques, state.last_trick, strict=True))


# --------------------------------------------------------------------------- one state


def check_invariants(state: bz.State, *, check_legal: bool = True) -> None:
    """Check everything that must hold in any reachable state of a deal.

    * no card is duplicated or lost: hands, tables, stock, turn-up, the current trick
      and the played cards make up the variant's deck (R1.1);
    * hand + table sizes: ``hand_size`` each at the start of a phase-1 trick, one fewer
      for those who have played to the current trick or while the winner's declaration
      window is open (R2.7); equal hands in phase 2, the tables taken back (R2.9);
    * the stock shrinks by one card per player per trick (R2.3, R2.8);
    * the trick is played in turn by the active players, led by the leader (R2.4);
    * ``scores`` is the sum of its breakdown (R2.11, R2.12), meld points are those of
      the scored combinations, brisques are those of the completed tricks, each seven
      of trumps scores at most once (R4.2), the last-trick bonus once at the end;
    * with ``check_legal``: :func:`check_legal_actions`.
    """
    variant = state.variant
    players = variant.players
    sides = variant.deal.side_count
    _require(len(state.hands) == players and len(state.tables) == players,
             f"{players} players but {len(state.hands)} hands, {len(state.tables)} tables")

    # --- no card duplicated or lost (R1.1)
    seen: Counter[bz.Card] = Counter()
    for player in range(players):
        seen += _held(state, player)
    seen += Counter(state.stock)
    if state.turn_up is not None:
        seen += Counter([state.turn_up])
    seen += Counter(card for _, card in state.trick)
    seen += Counter(state.played)
    deck = full_deck(variant)
    if seen != deck:
        extra = seen - deck
        lost = deck - seen
        raise InvariantError(f"cards duplicated {sorted(extra.elements())} "
                             f"or lost {sorted(lost.elements())}")

    won = getattr(state, "won", None)
    if won is not None:
        kept = Counter(tc.card for pile in won for tc in pile)
        if _from_won_cards(variant):
            _require(kept == Counter(state.played),
                     "the won cards kept face up are not the cards of the tricks (R11.5)")
        else:
            _require(not kept, "won cards kept where the variant keeps none")

    # --- whose turn, the trick
    trick_players = [player for player, _ in state.trick]
    _require(len(set(trick_players)) == len(trick_players),
             f"a player played twice to the trick {state.trick}")
    if state.is_over:
        _require(state.to_move is None, "the deal is over but someone is to move")
        _require(not state.trick, "the deal is over with a trick on the table")
    else:
        _require(state.to_move is not None and 0 <= state.to_move < players,
                 f"to_move {state.to_move!r} is not a player")
    active = tuple(state.active)
    if state.trick:
        lead = active.index(state.leader)
        order = [active[(lead + i) % len(active)] for i in range(len(active))]
        _require(trick_players == order[:len(trick_players)],
                 f"trick {state.trick} not played in turn {order} from leader {state.leader}")
        _require(len(state.trick) < len(active), "a complete trick is still on the table")
        _require(state.to_move == order[len(trick_players)],
                 f"player {state.to_move} to move, but {order[len(trick_players)]} is next")

    # --- phase, stock, sizes (R2.3, R2.7, R2.8, R2.9)
    t1 = phase1_tricks(variant)
    stage = state.stage
    in_trick = set(trick_players)
    _require(state.stock_size == len(state.stock) + (state.turn_up is not None),
             "stock_size does not count the stock and the turn-up")
    if state.turn_up is not None and variant.deal.turn_up:
        _require(state.trump is state.turn_up.suit,
                 f"turn-up {state.turn_up} under the stock but trump is {state.trump}")
    if state.phase == 1:
        _require(stage in (bz.Stage.PLAY, bz.Stage.DECLARE), f"phase 1 in stage {stage}")
        pending = 1 if stage is bz.Stage.DECLARE else 0  # tricks won, cards not yet drawn
        _require(state.tricks + 1 - pending <= t1, f"{state.tricks} tricks in phase 1")
        expected_stock = players * (t1 - state.tricks + pending)
        _require(state.stock_size == expected_stock,
                 f"stock holds {state.stock_size} cards after {state.tricks} tricks "
                 f"(stage {stage.value}); expected {expected_stock}")
        for player in range(players):
            size = len(state.hands[player]) + len(state.tables[player])
            want = variant.hand_size - (1 if pending or player in in_trick else 0)
            _require(size == want, f"player {player} holds {size} cards in hand and on the "
                                   f"table; expected {want} (R2.7)")
        if stage is bz.Stage.DECLARE:
            _require(not state.trick, "a declaration window with a trick on the table")
            winner = state.last_winner
            _require(winner is not None and state.to_move is not None
                     and state.sides[state.to_move] == state.sides[winner],
                     f"player {state.to_move} declares but {winner} won the trick (R3.1)")
    else:
        _require(state.phase == 2, f"unknown phase {state.phase}")
        _require(stage in (bz.Stage.PLAY, bz.Stage.OVER), f"phase 2 in stage {stage}")
        _require(state.stock_size == 0, "phase 2 with cards left in the stock")
        _require(not any(state.tables), "table cards not taken back in phase 2 (R2.9)")
        _require(state.tricks >= t1, f"phase 2 after only {state.tricks} tricks")
        if len(active) == players:
            left = variant.hand_size - (state.tricks - t1)
            for player in range(players):
                want = left - (1 if player in in_trick else 0)
                _require(len(state.hands[player]) == want,
                         f"player {player} holds {len(state.hands[player])} cards in phase 2 "
                         f"after {state.tricks} tricks; expected {want}")
        else:
            sizes = {len(state.hands[p]) + (p in in_trick) for p in active}
            _require(len(sizes) <= 1, f"the duel's hands differ in size: {state.hands}")
    per_trick = [players] * min(state.tricks, t1) + (
        [len(active)] * (state.tricks - t1) if state.tricks > t1 else [])
    _require(len(state.played) == sum(per_trick),
             f"{len(state.played)} cards played in {state.tricks} completed tricks")
    if state.is_over:
        _require(not any(state.hands), "the deal is over with cards in hand")
        _require(len(state.played) == 32 * variant.packs, "the deal is over with cards unplayed")

    # --- scores (R2.11, R2.12, R3.3, R4)
    for name in ("melds", "sevens", "brisques", "last_trick", "scores"):
        values = getattr(state, name)
        _require(len(values) == sides, f"{name} has {len(values)} entries for {sides} sides")
        _require(all(v >= 0 for v in values), f"negative {name}: {values}")
    _require(tuple(state.scores) == _expected_scores(state),
             f"scores {state.scores} are not melds {state.melds} + sevens {state.sevens} + "
             f"brisques {state.brisques} + last trick {state.last_trick}")
    combo_points = [0] * sides
    for combo in state.combos:
        points = variant.melds.points(combo.kind)
        _require(points is not None and combo.points == points,
                 f"{combo.kind} scored {combo.points}; the meld table says {points}")
        combo_points[combo.side] += combo.points
    _require(tuple(combo_points) == tuple(state.melds),
             f"meld points {state.melds} differ from the combinations scored {combo_points}")
    brisques_played = sum(1 for card in state.played if card.is_brisque)
    _require(sum(state.brisques) == brisques_played,
             f"{sum(state.brisques)} brisques counted but {brisques_played} won in tricks")
    trump_rules = variant.trump
    if trump_rules.sevens_score:
        per_seven = max(trump_rules.seven_points, trump_rules.turn_up_seven_points)
        _require(sum(state.sevens) <= per_seven * variant.packs,
                 f"sevens scored {state.sevens}: more than once per seven of trumps (R4.2)")
    else:
        _require(not any(state.sevens), f"sevens scored {state.sevens} but sevens score nothing")
    bonus = variant.scoring.last_trick_points
    awarded = sum(state.last_trick)
    final = variant.scoring.last_trick.value == "final"
    if state.is_over or (not final and state.tricks >= t1):
        _require(awarded == bonus, f"last-trick bonus {state.last_trick}; expected {bonus} once")
    else:
        _require(awarded == 0, f"last-trick bonus {state.last_trick} awarded too early")
    if state.is_over:
        _require(sum(state.brisques) == 8 * variant.packs,
                 f"{sum(state.brisques)} brisques counted at the end; the deck has "
                 f"{8 * variant.packs}")

    if check_legal:
        check_legal_actions(state)


def check_legal_actions(state: bz.State) -> None:
    """Check :func:`bezique.legal_actions` against the state.

    Empty exactly when the deal is over; no duplicates; every action accepted by
    :func:`bezique.check_action` and :func:`bezique.is_legal`; plays in play turns and
    only there; free play in phase 1 (R2.5, R2.7), the duty to follow in phase 2
    (R2.10); declarations only of held cards, ``Pass`` closing each window (R2.6).
    """
    actions = bz.legal_actions(state)
    _require(isinstance(actions, tuple), f"legal_actions returned a {type(actions).__name__}")
    _require(bz.legal_actions(state) == actions, "legal_actions is not deterministic")
    if state.is_over:
        _require(actions == (), f"the deal is over but actions are legal: {actions}")
        return
    _require(bool(actions), "no legal action before the end of the deal")
    _require(len(set(actions)) == len(actions),
             f"duplicate legal actions: {[a for a, n in Counter(actions).items() if n > 1]}")
    for action in actions:
        try:
            bz.check_action(state, action)
        except bz.IllegalActionError as exc:
            raise InvariantError(f"listed action {action} rejected: {exc}") from exc
        _require(bz.is_legal(state, action), f"is_legal says no to listed {action}")
    player = state.to_move
    assert player is not None
    if state.stage is bz.Stage.PLAY:
        wrong = [a for a in actions if isinstance(a, (bz.Pass, bz.ExchangeSeven)) or (
            isinstance(a, bz.Declare) and a.meld is not bz.MeldKind.CARTE_BLANCHE
            and not (a.meld is bz.MeldKind.TRUMP_SEVEN and _seven_any_time(state.variant)))]
        _require(not wrong, f"declaration-window actions in a play turn: {wrong}")
        for action in actions:
            if isinstance(action, bz.Declare) and action.meld is bz.MeldKind.TRUMP_SEVEN:
                # R13.2: an unscored trump seven from the hand, in phase 1
                _require(state.phase == 1 and state.trump is not None
                         and tuple(action.cards) == (bz.Card.of(bz.Rank.SEVEN, state.trump),)
                         and action.cards[0] in state.hands[player],
                         f"{action} listed in a play turn, against R13.2")
                continue
            if isinstance(action, bz.Declare):  # carte blanche (R11.6)
                hand = state.hands[player]
                _require(state.phase == 1 and tuple(action.cards) == tuple(sorted(hand))
                         and not state.tables[player]
                         and not any(c.rank.is_court for c in hand),
                         f"{action} listed, against R11.6 (hand {hand})")
        cards = {a.card for a in actions if isinstance(a, bz.Play)}
        if state.phase == 2 and state.trick:
            want = expected_follow(state.hands[player], state.trick, state.trump,
                                   state.variant.legality.trump_when_losing)
            _require(cards == want, f"phase-2 follow: engine allows {sorted(cards)}, "
                                    f"R2.10 allows {sorted(want)} (trick {state.trick})")
        else:
            want = set(state.hands[player]) | set(state.tables[player])
            _require(cards == want, f"free play: engine allows {sorted(cards)}, "
                                    f"the player holds {sorted(want)}")
    else:
        _require(not any(isinstance(a, bz.Play) for a in actions),
                 f"a play listed in a declaration window: {actions}")
        _require(actions.count(bz.Pass()) == 1, f"no single Pass in the window: {actions}")
        pool = _declaration_pool(state, player)
        for action in actions:
            if isinstance(action, bz.Declare):
                wrong = meld_shape_error(state.variant, state.trump, action)
                _require(wrong is None, f"{action} listed, but {wrong}")
                seven = action.meld is bz.MeldKind.TRUMP_SEVEN  # from the hand (R4.2, R11.5)
                missing = Counter(action.cards) - (Counter(state.hands[player]) if seven
                                                   else pool)
                _require(not missing, f"{action} uses cards not held: {sorted(missing)}")
                _require(state.variant.melds.points(action.meld) is not None,
                         f"{action} is not a combination of {state.variant.name}")
            elif isinstance(action, bz.ExchangeSeven):
                _require(state.trump is not None and action.card.rank is bz.Rank.SEVEN
                         and action.card.suit is state.trump and action.card in
                         state.hands[player] and state.turn_up is not None
                         and state.turn_up.rank is not bz.Rank.SEVEN,
                         f"{action} listed, against R4.1")


# --------------------------------------------------------------------------- one action


def check_transition(before: bz.State, action: bz.Action, after: bz.State) -> None:
    """Check what one action did.

    Scores never decrease; a completed trick goes to the player R1.3 names, who gets its
    brisques and (in phase 1) the declaration window; a trump seven played from the hand
    in phase 1 scores (R4.2); a declaration scores its meld-table points; after the
    window each player draws in turn from the top of the stock, the loser of the last
    phase-1 trick the turn-up (R2.6, R2.8); nothing else changes hands.
    """
    variant = before.variant
    _require(after.variant == variant, "the variant changed during the deal")
    _check_trump(before, action, after)
    if not isinstance(action, bz.Declare) or action.meld in (bz.MeldKind.TRUMP_SEVEN,
                                                             bz.MeldKind.CARTE_BLANCHE):
        n_new = 1 if isinstance(action, bz.Declare) and action.meld is \
            bz.MeldKind.CARTE_BLANCHE else 0
        _require(len(after.combos) == len(before.combos) + n_new
                 and tuple(after.combos[:len(before.combos)]) == tuple(before.combos),
                 f"{action} changed the scored combinations")
    for name in ("scores", "melds", "sevens", "brisques", "last_trick"):
        old, new = getattr(before, name), getattr(after, name)
        _require(all(n >= o for o, n in zip(old, new, strict=True)),
                 f"{name} decreased from {old} to {new} on {action}")
    _require(tuple(after.played[:len(before.played)]) == tuple(before.played),
             "played cards were changed")
    player = before.to_move
    assert player is not None
    side = before.sides[player]
    sevens = [n - o for o, n in zip(before.sevens, after.sevens, strict=True)]
    melds = [n - o for o, n in zip(before.melds, after.melds, strict=True)]

    if before.stage is bz.Stage.PLAY:
        _require(not isinstance(action, (bz.Pass, bz.ExchangeSeven)),
                 f"{action} taken in a play turn")
        if isinstance(action, bz.Declare) and action.meld is bz.MeldKind.TRUMP_SEVEN:
            # R13.2: the seven goes to the table for 10; the player still has to play
            _require(_seven_any_time(variant), f"{action} in a play turn")
            want = [variant.trump.seven_points if s == side else 0 for s in range(len(sevens))]
            _require(sevens == want and not any(melds),
                     f"{action} changed the sevens by {sevens} and the melds by {melds}")
            _require(after.to_move == player and after.trick == before.trick
                     and after.stage is bz.Stage.PLAY
                     and _held(after, player) == _held(before, player),
                     "declaring the seven at any time passed the turn or moved cards (R13.2)")
            return
        if isinstance(action, bz.Declare):
            _require(action.meld is bz.MeldKind.CARTE_BLANCHE, f"{action} in a play turn")
            points = variant.melds.points(action.meld)
            want = [points if s == side else 0 for s in range(len(melds))]
            _require(melds == want, f"{action} changed the meld points by {melds}")
            _require(after.to_move == player and after.hands == before.hands
                     and after.tables == before.tables and after.trick == before.trick,
                     "showing carte blanche moved cards or passed the turn (R11.6)")
            return
        if not isinstance(action, bz.Play):
            return  # a variant's own action
        card = action.card
        _require(not any(melds), f"meld points changed by playing {card}")
        played_from_hand = before.hands[player].count(card) > after.hands[player].count(card)
        scores_seven = (variant.trump.sevens_score and variant.trump.played_seven_scores
                        and before.phase == 1
                        and card.rank is bz.Rank.SEVEN and card.suit is before.trump
                        and played_from_hand
                        and variant.melds.points(bz.MeldKind.TRUMP_SEVEN) is not None)
        want = [variant.trump.seven_points if scores_seven and s == side else 0
                for s in range(len(sevens))]
        _require(sevens == want, f"playing {card} changed the sevens by {sevens}; "
                                 f"expected {want} (R4.2)")
        trick = (*before.trick, (player, card))
        if after.tricks == before.tricks:
            _require(tuple(after.trick) == trick, f"trick {after.trick}, expected {trick}")
            _require(not any(b != a for b, a in zip(before.brisques, after.brisques,
                                                    strict=True)),
                     "brisques counted before the trick was complete")
            return
        _require(after.tricks == before.tricks + 1, "more than one trick completed")
        _require(tuple(after.played[len(before.played):]) == tuple(c for _, c in trick),
                 f"the completed trick {trick} was not added to the played cards")
        winner = trick_winner(trick, before.trump)
        _require(after.last_winner == winner,
                 f"trick {trick} (trump {before.trump}) won by {after.last_winner}; "
                 f"R1.3 gives it to {winner}")
        won = sum(1 for _, c in trick if c.is_brisque)
        gained = [n - o for o, n in zip(before.brisques, after.brisques, strict=True)]
        want = [won if s == before.sides[winner] else 0 for s in range(len(gained))]
        _require(gained == want, f"brisques {gained} counted for trick {trick}; expected {want}")
        bonus = [n - o for o, n in zip(before.last_trick, after.last_trick, strict=True)]
        final = variant.scoring.last_trick.value == "final"
        last = after.is_over if final else after.tricks == phase1_tricks(variant)
        want = [variant.scoring.last_trick_points if last and s == before.sides[winner] else 0
                for s in range(len(bonus))]
        _require(bonus == want, f"last-trick bonus {bonus} after trick {after.tricks}; "
                                f"expected {want} (R2.12)")
        if before.phase == 1:
            _require(after.stage is bz.Stage.DECLARE and after.to_move == winner,
                     f"the winner {winner} of a phase-1 trick has no declaration window (R2.6)")
            check_window_complete(after)
        elif not after.is_over and any(after.hands[p] for p in before.active):
            _require(after.to_move == winner and tuple(after.active) == tuple(before.active),
                     f"the winner {winner} does not lead (R2.4)")
        elif not after.is_over:
            # R11.9: the second duel, led by the partner of the first duel's leader (R13.5)
            first = tuple(before.active)
            n = variant.players
            want_active = ((first[0] + 2) % n, (first[1] + 2) % n)
            if variant.legality.second_duel_leader.value == "partner_of_first_follower":
                want_active = want_active[::-1]  # R13.5: the other player leads
            _require(tuple(after.active) == want_active and after.to_move == want_active[0],
                     f"second duel {after.active} led by {after.to_move}; expected "
                     f"{want_active} (R11.9)")
        return

    # --- declaration window (R2.6)
    _require(not isinstance(action, bz.Play), f"{action} taken in a declaration window")
    _require(before.brisques == after.brisques, "brisques changed in a declaration window")
    _require(after.tricks == before.tricks, "a trick was played in a declaration window")
    held = {p: _held(before, p) for p in range(variant.players)}
    turn_up = before.turn_up
    if isinstance(action, bz.ExchangeSeven):
        assert turn_up is not None
        _require(after.turn_up == action.card or after.stage is not bz.Stage.DECLARE,
                 f"the exchanged {action.card} is not the new turn-up")
        held[player] = held[player] - Counter([action.card]) + Counter([turn_up])
        turn_up = action.card
    if isinstance(action, bz.ExchangeSeven) or (
            isinstance(action, bz.Declare) and action.meld is bz.MeldKind.TRUMP_SEVEN):
        want = [variant.trump.seven_points if s == side else 0 for s in range(len(sevens))]
        _require(sevens == want, f"{action} changed the sevens by {sevens}; expected {want}")
        _require(not any(melds), f"{action} changed the meld points by {melds}")
    elif isinstance(action, bz.Declare):
        points = variant.melds.points(action.meld)
        want = [points if s == side else 0 for s in range(len(melds))]
        _require(melds == want, f"{action} changed the meld points by {melds}; "
                                f"the meld table says {points}")
        _require(not any(sevens), f"{action} changed the sevens by {sevens}")
        _check_declaration(before, action, after, player)
    else:
        _require(not any(melds) and not any(sevens), f"{action} changed the scores")
    if after.stage is bz.Stage.DECLARE:
        # the window stays open: nothing drawn, the cards only move between hand and table
        for p in range(variant.players):
            _require(_held(after, p) == held[p], f"player {p}'s cards changed by {action}")
        return
    # the window closed: everyone draws, the winner first (R2.6 b, R2.8)
    n = variant.players
    winner = before.last_winner
    assert winner is not None
    stock = list(before.stock) + ([turn_up] if turn_up is not None else [])
    for k in range(n):
        p = (winner + k) % n
        drawn = _held(after, p) - held[p]
        gone = held[p] - _held(after, p)
        _require(not gone and list(drawn.elements()) == [stock[k]],
                 f"player {p} drew {sorted(drawn.elements())} (and lost "
                 f"{sorted(gone.elements())}); the {k + 1}. card of the stock is {stock[k]}")
    _require(after.to_move == winner and not after.trick,
             f"the trick winner {winner} does not lead after drawing (R2.6 c)")
    if after.phase == 2:
        duels = variant.legality.phase2.value == "duels" and n == 4
        want_active = (winner, (winner + 1) % n) if duels else tuple(range(n))
        _require(tuple(after.active) == want_active,
                 f"phase 2 played by {after.active}; expected {want_active} (R6.7, R11.9)")


def check_final(state: bz.State) -> None:
    """Check a finished deal and its :func:`bezique.deal_result` (R2.11, R2.12)."""
    _require(state.is_over, "the deal is not over")
    variant = state.variant
    result = bz.deal_result(state)
    _require(tuple(result.points) == tuple(state.scores),
             f"deal_result points {result.points} differ from the scores {state.scores}")
    _require(tuple(result.brisque_counts) == tuple(state.brisques),
             f"brisque counts {result.brisque_counts} differ from the state's {state.brisques}")
    _require(sum(result.brisque_counts) == 8 * variant.packs,
             f"{sum(result.brisque_counts)} brisques in the result")
    settled_later = variant.scoring.brisque_timing.value == "settlement"
    per_brisque = 0 if settled_later else variant.scoring.brisque_points
    for side, score in enumerate(result.breakdown):
        _require(score.total == result.points[side]
                 == score.melds + score.sevens + score.brisques + score.last_trick,
                 f"side {side}: breakdown {score} does not add up to {result.points[side]}")
        _require(score.brisques == per_brisque * result.brisque_counts[side],
                 f"side {side}: {score.brisques} brisque points for "
                 f"{result.brisque_counts[side]} brisques")
        _require((score.melds, score.sevens, score.last_trick)
                 == (state.melds[side], state.sevens[side], state.last_trick[side]),
                 f"side {side}: breakdown {score} differs from the state")
    _require(result.tricks == state.tricks, "deal_result counts other tricks")
    _check_settlement(state, result)
    meld_total = sum(points * count for kind, count in result.meld_counts
                     for points in [variant.melds.points(kind) or 0])
    _require(meld_total == sum(state.melds),
             f"meld_counts {result.meld_counts} do not add up to the meld points {state.melds}")


def _cut(points: int) -> int:
    return points // 100 * 100


def _check_settlement(state: bz.State, result: bz.DealResult) -> None:
    """A deal that is a game by itself is settled as R8.5, R9.3 and R11.7 say."""
    scoring = state.variant.scoring
    settled = getattr(result, "settlement", None)
    per_deal = scoring.settlement.value == "per_deal" and len(result.points) == 2
    _require((settled is not None) == per_deal,
             f"settlement {settled} for a {scoring.settlement.value} variant")
    if settled is None:
        return
    raw = tuple(result.points)
    counted = tuple(b * scoring.brisque_points for b in state.brisques)
    totals, added = raw, False
    if raw[0] == raw[1] and any(counted):  # brisques break an exact tie
        totals, added = tuple(t + c for t, c in zip(raw, counted, strict=True)), True
    if totals[0] == totals[1]:
        want = (None, totals, 0)
    else:
        winner = 0 if totals[0] > totals[1] else 1
        loser = 1 - winner
        if not added and totals[loser] < scoring.rubicon <= totals[loser] + counted[loser]:
            totals, added = tuple(t + c for t, c in zip(raw, counted, strict=True)), True
        if totals[loser] >= scoring.rubicon:
            value = _cut(totals[winner]) - _cut(totals[loser]) + scoring.game_bonus
        else:
            value = _cut(totals[winner]) + _cut(totals[loser]) + scoring.rubicon_bonus
        want = (winner, totals, value)
    got = (settled.winner, tuple(settled.totals), settled.value)
    _require(got == want, f"settlement {got}; R11.7 gives {want} (raw {raw}, "
                          f"brisques {state.brisques})")


# --------------------------------------------------------------------------- declarations

_K = bz.MeldKind
_SEQUENCE_RANKS = (bz.Rank.ACE, bz.Rank.TEN, bz.Rank.KING, bz.Rank.QUEEN, bz.Rank.JACK)
_BEZIQUES = (_K.BEZIQUE, _K.DOUBLE_BEZIQUE, _K.TRIPLE_BEZIQUE, _K.QUADRUPLE_BEZIQUE,
             _K.QUINTUPLE_BEZIQUE)
_QUARTETS = {
    bz.Rank.ACE: (_K.FOUR_ACES, _K.FOUR_TRUMP_ACES, _K.FIVE_TRUMP_ACES),
    bz.Rank.TEN: (_K.FOUR_TENS, _K.FOUR_TRUMP_TENS, _K.FIVE_TRUMP_TENS),
    bz.Rank.KING: (_K.FOUR_KINGS, _K.FOUR_TRUMP_KINGS, _K.FIVE_TRUMP_KINGS),
    bz.Rank.QUEEN: (_K.FOUR_QUEENS, _K.FOUR_TRUMP_QUEENS, _K.FIVE_TRUMP_QUEENS),
    bz.Rank.JACK: (_K.FOUR_JACKS, _K.FOUR_TRUMP_JACKS, _K.FIVE_TRUMP_JACKS),
}
UPGRADES: dict[bz.MeldKind, frozenset[bz.MeldKind]] = {
    _K.TRUMP_SEQUENCE: frozenset({_K.ROYAL_MARRIAGE}),
    _K.BACK_DOOR: frozenset({_K.COMMON_MARRIAGE}),
    **{kind: frozenset(_BEZIQUES[:n]) for n, kind in enumerate(_BEZIQUES)},
    **{five: frozenset({four}) for _, four, five in _QUARTETS.values()},
}
"""Which scored kinds a kind may be built on (R3.5, R11.3)."""


def _scores(variant: bz.Variant, kind: bz.MeldKind) -> bool:
    return bool(variant.melds.points(kind))


def _fixes_trump(variant: bz.Variant) -> bool:
    return variant.trump.fixing.value == "first_marriage"


def meld_shape_error(variant: bz.Variant, trump: bz.Suit | None,
                     action: bz.Declare) -> str | None:
    """Why ``action``'s cards do not form its kind under ``trump`` (R3.3, R5.1, R5.2,
    R11.2-R11.4), or ``None`` if they do."""
    kind, cards = action.meld, tuple(action.cards)
    if kind is _K.CARTE_BLANCHE:
        return None
    if not _scores(variant, kind):
        return f"{variant.name} has no scoring combination {kind.value}"
    suits = {c.suit for c in cards}
    suit = next(iter(suits)) if len(suits) == 1 else None
    if kind is _K.TRUMP_SEVEN:
        ok = trump is not None and cards == (bz.Card.of(bz.Rank.SEVEN, trump),)
        return None if ok else "not the seven of trumps"
    if kind in (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE, _K.TRUMP_SEQUENCE, _K.BACK_DOOR):
        marriage = kind in (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE)
        ranks = (bz.Rank.KING, bz.Rank.QUEEN) if marriage else _SEQUENCE_RANKS
        if suit is None or sorted(c.rank for c in cards) != sorted(ranks):
            return "not a marriage or sequence of one suit"
        if trump is None:
            if kind is _K.ROYAL_MARRIAGE or (kind is _K.TRUMP_SEQUENCE and
                                             variant.trump.sequence_fixes_trump):
                return None if _fixes_trump(variant) else "no trump to marry in"
            return f"no {kind.value} before trump is fixed (R11.2)"
        trumps = kind in (_K.ROYAL_MARRIAGE, _K.TRUMP_SEQUENCE)
        return None if (suit is trump) == trumps else f"wrong suit {suit} for trump {trump}"
    if kind in _BEZIQUES:
        pair = variant.trump.bezique_cards(trump)
        n = _BEZIQUES.index(kind) + 1
        if pair is None:
            return "no bezique pair before trump is fixed (R5.2)"
        return None if cards == tuple(sorted(pair * n)) else f"not {n} bezique pairs {pair}"
    for rank, (four, four_trump, five_trump) in _QUARTETS.items():
        if kind is four:
            if len(cards) != 4 or any(c.rank is not rank for c in cards):
                return f"not four {rank.name.lower()}s"
            if trump is not None and suit is trump and _scores(variant, four_trump):
                return "four trumps score only as the trump quartet (R11.3)"
            return None
        if kind in (four_trump, five_trump):
            size = 4 if kind is four_trump else 5
            ok = trump is not None and cards == (bz.Card.of(rank, trump),) * size
            return None if ok else f"not {size} trump {rank.name.lower()}s"
    return f"unknown combination {kind.value}"


def _multisets(cards: Counter[bz.Card], size: int) -> set[tuple[bz.Card, ...]]:
    """Every distinct sub-multiset of ``size`` cards."""
    pool = sorted(cards.elements())
    out: set[tuple[bz.Card, ...]] = set()

    def walk(start: int, chosen: list[bz.Card]) -> None:
        if len(chosen) == size:
            out.add(tuple(chosen))
            return
        for i in range(start, len(pool)):
            if i > start and pool[i] is pool[i - 1]:
                continue
            walk(i + 1, [*chosen, pool[i]])

    walk(0, [])
    return out


def formable_declarations(variant: bz.Variant, trump: bz.Suit | None,
                          cards: Iterable[bz.Card]) -> set[bz.Declare]:
    """Every combination of the meld table that ``cards`` can make (R3.3)."""
    held = Counter(cards)
    out: set[bz.Declare] = set()

    def add(kind: bz.MeldKind, cards: Iterable[bz.Card]) -> None:
        cards = tuple(cards)
        declare = bz.Declare(kind, cards)
        if not Counter(cards) - held and meld_shape_error(variant, trump, declare) is None:
            out.add(declare)

    for suit in bz.Suit:
        marriage = [bz.Card.of(r, suit) for r in (bz.Rank.KING, bz.Rank.QUEEN)]
        sequence = [bz.Card.of(r, suit) for r in _SEQUENCE_RANKS]
        for kind in (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE):
            add(kind, marriage)
        for kind in (_K.TRUMP_SEQUENCE, _K.BACK_DOOR):
            add(kind, sequence)
    pair = variant.trump.bezique_cards(trump)
    if pair is not None:
        for n, kind in enumerate(_BEZIQUES, start=1):
            add(kind, pair * n)
    for rank, (four, four_trump, five_trump) in _QUARTETS.items():
        if _scores(variant, four):
            for quartet in _multisets(Counter({c: k for c, k in held.items()
                                               if c.rank is rank}), 4):
                add(four, quartet)
        if trump is not None:
            add(four_trump, [bz.Card.of(rank, trump)] * 4)
            add(five_trump, [bz.Card.of(rank, trump)] * 5)
    return out


def fresh_declarations(state: bz.State) -> set[bz.Declare]:
    """The combinations the window holder may declare with cards new to their class
    (R3.7, R3.9): hand cards and own table cards never declared in that class (with
    ``require_fresh_card``, at least one from the hand); in Fildinski, won cards never
    used, one of them from the trick just won (R5.3, R11.5). Every one of them is legal
    while a combination may still be declared in the window."""
    variant = state.variant
    player = state.to_move
    assert player is not None
    if _from_won_cards(variant):
        used = {serial for combo in state.combos for serial in combo.serials}
        unused = [tc for tc in state.won[player] if tc.serial not in used]
        latest = {tc.card for tc in state.won[player][-variant.players:]
                  if tc.serial not in used}
        return {d for d in formable_declarations(variant, state.trump,
                                                 [tc.card for tc in unused])
                if latest & set(d.cards)}
    hand = Counter(state.hands[player])
    table = state.table[player]
    out = set()
    for declare in formable_declarations(variant, state.trump,
                                         [*state.hands[player], *(tc.card for tc in table)]):
        klass = reuse_class(variant, declare.meld)
        if (declare.meld in _MARRIAGE_KINDS and variant.melds.meld_classes.value == "four"
                and not _marriage_possible(state, declare, player)):
            continue
        used = {s for combo in state.combos if reuse_class(variant, combo.kind) == klass
                for s in combo.serials}
        pool = hand + Counter(tc.card for tc in table if tc.serial not in used)
        if Counter(declare.cards) - pool:
            continue
        if variant.melds.require_fresh_card and not set(declare.cards) & set(hand):
            continue
        out.add(declare)
    return out


def _seven_any_time(variant: bz.Variant) -> bool:
    """Whether the seven of trumps may be declared whenever its holder acts (R13.2)."""
    return (variant.trump.sevens_score and variant.melds.seven_declare.value == "any_time"
            and variant.melds.points(bz.MeldKind.TRUMP_SEVEN) is not None)


_SEQUENCE_KINDS = (_K.TRUMP_SEQUENCE, _K.BACK_DOOR)
_MARRIAGE_KINDS = (_K.COMMON_MARRIAGE, _K.ROYAL_MARRIAGE)


def reuse_class(variant: bz.Variant, kind: bz.MeldKind) -> object:
    """The class in which a card may serve once (R3.4); with ``meld_classes = four`` the
    sequences have their own (R13.1)."""
    if kind in _SEQUENCE_KINDS and variant.melds.meld_classes.value == "four":
        return "sequences"
    return kind.meld_class


def _marriage_possible(state: bz.State, declare: bz.Declare, player: int) -> bool:
    """With four classes: a king and a queen new to the marriages, not both of one scored
    sequence (R13.1), one from the hand with ``require_fresh_card``."""
    variant = state.variant
    marriages = _K.COMMON_MARRIAGE.meld_class
    used = {s for combo in state.combos if reuse_class(variant, combo.kind) == marriages
            for s in combo.serials}
    sequences = [set(c.serials) for c in state.combos if c.kind in _SEQUENCE_KINDS]
    choices = []
    for card in sorted(set(declare.cards)):
        options: list[int | None] = [tc.serial for tc in state.table[player]
                                     if tc.card == card and tc.serial not in used]
        if card in state.hands[player]:
            options.append(None)
        choices.append(options)
    for king in choices[0]:
        for queen in choices[1]:
            if variant.melds.require_fresh_card and king is not None and queen is not None:
                continue
            if king is not None and queen is not None and any(
                    king in seq and queen in seq for seq in sequences):
                continue
            return True
    return False


def check_window_complete(state: bz.State) -> None:
    """At the opening of a declaration window, every combination the winner can make of
    cards new to its class is offered (R2.6, R3.7, R3.9, R11.5)."""
    if state.stage is not bz.Stage.DECLARE:
        return
    player = state.to_move
    assert player is not None
    offered = set(bz.legal_actions(state))
    missing = fresh_declarations(state) - offered
    _require(not missing, f"legal declarations not offered to player {player}: "
                          f"{sorted(str(d) for d in missing)} (hand {state.hands[player]}, "
                          f"table {state.tables[player]})")


def _table_serials(state: bz.State) -> dict[int, bz.Card]:
    return {tc.serial: tc.card for t in state.table for tc in t}


def _check_declaration(before: bz.State, action: bz.Declare, after: bz.State,
                       player: int) -> None:
    """The combination scored is the one declared, and its cards may serve in it: new to
    its class, or an upgrade of exactly one intact, not yet upgraded combination, or (with
    ``reform_broken``) a broken one re-formed (R3.4-R3.9); in Fildinski won cards never
    used before, one of them from the trick just won (R5.3, R11.5)."""
    variant = before.variant
    old = tuple(before.combos)
    _require(len(after.combos) == len(old) + 1, f"{action} did not score one combination")
    combo = after.combos[-1]
    _require((combo.kind, tuple(sorted(combo.cards)), combo.side, combo.player)
             == (action.meld, tuple(action.cards), before.sides[player], player),
             f"{action} by player {player} scored as {combo}")
    serials = tuple(combo.serials)
    _require(len(set(serials)) == len(serials) == len(action.cards),
             f"{action} scored with serials {serials}")
    changed = [i for i in range(len(old)) if after.combos[i] != old[i]]
    for i in changed:
        _require(after.combos[i].superseded and not old[i].superseded
                 and attrs_equal_but_superseded(old[i], after.combos[i]),
                 f"{action} changed the earlier combination {old[i]}")
    if _from_won_cards(variant):
        won = {tc.serial: tc.card for tc in before.won[player]}
        _require(all(s in won for s in serials), f"{action} uses cards not won (R11.5)")
        _require(Counter(won[s] for s in serials) == Counter(action.cards),
                 f"{action} scored with other won cards")
        earlier = {s for c in old for s in c.serials}
        _require(not earlier & set(serials), f"{action} reuses won cards (R5.3)")
        latest = {tc.serial for tc in before.won[player][-variant.players:]}
        _require(bool(latest & set(serials)) and before.last_winner == player,
                 f"{action} holds no card of the trick just won (R5.3)")
        _require(not changed, f"{action} superseded a combination in Fildinski")
        return
    on_table = _table_serials(before)
    from_hand = [s for s in serials if s not in on_table]
    if variant.melds.require_fresh_card:
        _require(bool(from_hand), f"{action} holds no card from the hand (R3.7)")
    bit = reuse_class(variant, action.meld)
    used = {s for c in old if reuse_class(variant, c.kind) == bit for s in c.serials}
    overlap = set(serials) & used
    intact = {i for i, c in enumerate(old) if all(s in on_table for s in c.serials)}
    if bit == "sequences":
        # R13.1: a sequence of its own class may still upgrade the marriage it holds
        _require(not overlap, f"{action} reuses cards of a scored sequence (R13.1)")
        _require(all(i in intact and not old[i].superseded and old[i].side == combo.side
                     and old[i].kind in UPGRADES.get(action.meld, frozenset())
                     and set(old[i].serials) <= set(serials) for i in changed)
                 and len(changed) <= 1,
                 f"{action} superseded {[old[i] for i in changed]}")
        return
    if action.meld in _MARRIAGE_KINDS and variant.melds.meld_classes.value == "four":
        _require(not any(set(serials) <= set(c.serials) for c in old
                         if c.kind in _SEQUENCE_KINDS),
                 f"{action} is the marriage inside a scored sequence (R13.1)")
    if not overlap:
        _require(not changed, f"fresh {action} superseded {[old[i] for i in changed]}")
        return
    upgrades = [i for i in intact if not old[i].superseded and set(old[i].serials) == overlap
                and old[i].side == combo.side
                and old[i].kind in UPGRADES.get(action.meld, frozenset())]
    reforms = [i for i, c in enumerate(old)
               if variant.melds.reform_broken and i not in intact and not c.superseded
               and c.kind is action.meld and c.side == combo.side
               and {s for s in c.serials if s in on_table} == overlap]
    _require(bool(upgrades or reforms),
             f"{action} reuses cards {sorted(on_table[s] for s in overlap)} already "
             f"declared in class {bit} without upgrading one intact combination (R3.6, R3.9)")
    _require(len(changed) == 1 and changed[0] in upgrades + reforms,
             f"{action} should mark the combination it builds on as upgraded (R3.9)")


def attrs_equal_but_superseded(a: object, b: object) -> bool:
    """Two combinations equal but for their ``superseded`` flag."""
    fields = ("kind", "side", "player", "cards", "serials", "points")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def _check_trump(before: bz.State, action: bz.Action, after: bz.State) -> None:
    """Trump never changes once fixed; only the first marriage or sequence fixes it, to
    its own suit (R2.2, R5.1, R11.2)."""
    if before.trump is not None:
        _require(after.trump is before.trump, f"trump changed from {before.trump} to "
                                              f"{after.trump} on {action}")
        return
    fixing = isinstance(action, bz.Declare) and action.meld in (_K.ROYAL_MARRIAGE,
                                                                _K.TRUMP_SEQUENCE)
    if fixing:
        assert isinstance(action, bz.Declare)
        _require(after.trump is action.cards[0].suit,
                 f"{action} declared before trump is fixed left trump {after.trump} (R5.1)")
    else:
        _require(after.trump is None, f"{action} fixed trump {after.trump} (R5.1)")
