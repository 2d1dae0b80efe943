"""What one action did, checked against the rules (R1.3, R2.6-R2.12, R3, R4, R5.1, R11)."""

from __future__ import annotations

from collections import Counter

from bezique._conformance.announced import check_pending, scores_pending
from bezique._conformance.common import (
    fail,
    from_won_cards,
    held,
    trick_winner,
)
from bezique._conformance.legal import check_window_complete
from bezique._conformance.melds import (
    MARRIAGE_KINDS,
    SEQUENCE_KINDS,
    UPGRADES,
    reuse_class,
    seven_any_time,
)
from bezique.actions import Action, Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank
from bezique.melds import MeldKind
from bezique.policies import DealPolicy
from bezique.state import Stage, State

_PACKET_TARGET = DealPolicy.packet_target
DEALER_PACKET_POINTS = DealPolicy.packet_points
GUESS_POINTS = DealPolicy.guess_points
"""The dealer's guess (R9.4): the packet size that scores, and the two bonuses."""

__all__ = ["check_transition"]


def _deltas(before: State, after: State, name: str) -> list[int]:
    return [n - o for o, n in zip(getattr(before, name), getattr(after, name), strict=True)]


def _only(side: int, points: int | None, sides: int) -> list[int | None]:
    return [points if s == side else 0 for s in range(sides)]


def check_transition(before: State, action: Action, after: State) -> None:
    """Check what one action did.

    Scores never decrease; a completed trick goes to the player R1.3 names, who gets its
    brisques and (in phase 1) the declaration window; a trump seven played from the hand
    in phase 1 scores (R4.2); a declaration scores its meld-table points; after the
    window each player draws in turn from the top of the stock, the loser of the last
    phase-1 trick the turn-up (R2.6, R2.8); the dealer's guess scores as R9.4 says;
    nothing else changes hands.
    """
    if after.variant != before.variant:
        fail(None, "the variant changed during the deal")
    _check_trump(before, action, after)
    check_pending(before, action, after)  # R13.7
    if isinstance(action, Announce):
        pass  # bezique._conformance.announced checks the combinations it may build on
    elif not isinstance(action, Declare) or action.meld in (MeldKind.TRUMP_SEVEN,
                                                          MeldKind.CARTE_BLANCHE):
        n_new = 1 if isinstance(action, Declare) and action.meld is \
            MeldKind.CARTE_BLANCHE else 0
        if not (len(after.combos) == len(before.combos) + n_new
                and tuple(after.combos[:len(before.combos)]) == tuple(before.combos)):
            fail(None, f"{action} changed the scored combinations")
    for name in ("scores", "melds", "sevens", "brisques", "last_trick", "penalties", "bonus"):
        old, new = getattr(before, name), getattr(after, name)
        if not all(n >= o for o, n in zip(old, new, strict=True)):
            fail(None, f"{name} decreased from {old} to {new} on {action}")
    if tuple(after.played[:len(before.played)]) != tuple(before.played):
        fail(None, "played cards were changed")
    if before.stage is Stage.GUESS:
        _check_guess(before, action, after)
    elif before.stage is Stage.PLAY:
        _check_play_turn(before, action, after)
    else:
        if before.stage is not Stage.DECLARE:
            fail(None, f"{action} taken after the end of the deal")
        _check_window_action(before, action, after)


def _check_guess(before: State, action: Action, after: State) -> None:
    """R9.4: 250 to the dealer's side for a packet of exactly 24, 150 to the guesser's for
    the exact size; then the elder leads the first trick."""
    if not isinstance(action, GuessPacket):
        fail(None, f"{action} taken instead of the guess (R9.4)")
    assert isinstance(action, GuessPacket) and before.to_move is not None
    sides = before.sides
    want = [0] * len(before.bonus)
    if before.packet == _PACKET_TARGET:
        want[sides[before.dealer]] += DEALER_PACKET_POINTS
    if action.size == before.packet:
        want[sides[before.to_move]] += GUESS_POINTS
    if _deltas(before, after, "bonus") != want:
        fail(None, f"the guess {action.size} of a packet of {before.packet} scored "
                   f"{_deltas(before, after, 'bonus')}; R9.4 gives {want}")
    if not (after.stage is Stage.PLAY and after.to_move == before.to_move
            and after.hands == before.hands and not any(_deltas(before, after, "melds"))):
        fail(None, "the guess changed more than the bonus and the stage (R9.4)")


def _check_play_turn(before: State, action: Action, after: State) -> None:
    """A card played, or carte blanche shown (R11.6), in a play turn."""
    variant = before.variant
    player = before.to_move
    assert player is not None
    side = before.sides[player]
    if isinstance(action, (Pass, ExchangeSeven, GuessPacket)):
        fail(None, f"{action} taken in a play turn")
    melds = _deltas(before, after, "melds")
    if isinstance(action, Declare) and action.meld is MeldKind.TRUMP_SEVEN:
        _check_seven_any_time(before, action, after, player)
        return
    if isinstance(action, Declare):
        if action.meld is not MeldKind.CARTE_BLANCHE:
            fail(None, f"{action} in a play turn")
        want = _only(side, variant.melds.points(action.meld), len(melds))
        if melds != want:
            fail(None, f"{action} changed the meld points by {melds}")
        if not (after.to_move == player and after.hands == before.hands
                and after.tables == before.tables and after.trick == before.trick):
            fail(None, "showing carte blanche moved cards or passed the turn (R11.6)")
        return
    assert isinstance(action, Play)
    card = action.card
    if any(melds):
        fail(None, f"meld points changed by playing {card}")
    played_from_hand = before.hands[player].count(card) > after.hands[player].count(card)
    scores_seven = (variant.trump.sevens_score and variant.trump.played_seven_scores
                    and before.phase == 1
                    and card.rank is Rank.SEVEN and card.suit is before.trump
                    and played_from_hand
                    and variant.melds.points(MeldKind.TRUMP_SEVEN) is not None)
    sevens = _deltas(before, after, "sevens")
    want = _only(side, variant.trump.seven_points if scores_seven else 0, len(sevens))
    if sevens != want:
        fail(None, f"playing {card} changed the sevens by {sevens}; "
                   f"expected {want} (R4.2)")
    trick = (*before.trick, (player, card))
    if after.tricks == before.tricks:
        if tuple(after.trick) != trick:
            fail(None, f"trick {after.trick}, expected {trick}")
        if before.brisques != after.brisques:
            fail(None, "brisques counted before the trick was complete")
        return
    _check_trick_end(before, trick, after)


def _check_seven_any_time(before: State, action: Declare, after: State, player: int) -> None:
    """R13.2: the seven goes to the table for 10; the player still has to play."""
    variant = before.variant
    if not seven_any_time(variant):
        fail(None, f"{action} in a play turn")
    sevens, melds = _deltas(before, after, "sevens"), _deltas(before, after, "melds")
    want = _only(before.sides[player], variant.trump.seven_points, len(sevens))
    if sevens != want or any(melds):
        fail(None, f"{action} changed the sevens by {sevens} and the melds by {melds}")
    if not (after.to_move == player and after.trick == before.trick
            and after.stage is Stage.PLAY and held(after, player) == held(before, player)):
        fail(None, "declaring the seven at any time passed the turn or moved cards (R13.2)")


def _check_trick_end(before: State, trick: tuple[tuple[int, Card], ...], after: State) -> None:
    """The trick goes to the player R1.3 names, with its brisques, the last-trick bonus
    where due (R2.11, R2.12), and the window or the lead (R2.4, R2.6, R11.9)."""
    variant = before.variant
    if after.tricks != before.tricks + 1:
        fail(None, "more than one trick completed")
    if tuple(after.played[len(before.played):]) != tuple(c for _, c in trick):
        fail(None, f"the completed trick {trick} was not added to the played cards")
    winner = trick_winner(trick, before.trump)
    if after.last_winner != winner:
        fail(None, f"trick {trick} (trump {before.trump}) won by {after.last_winner}; "
                   f"R1.3 gives it to {winner}")
    side = before.sides[winner]
    won = sum(1 for _, c in trick if c.is_brisque)
    gained = _deltas(before, after, "brisques")
    want = _only(side, won, len(gained))
    if gained != want:
        fail(None, f"brisques {gained} counted for trick {trick}; expected {want}")
    bonus = _deltas(before, after, "last_trick")
    final = variant.scoring.last_trick.value == "final"
    last = after.is_over if final else before.phase == 1 and before.stock_size <= variant.players
    want = _only(side, variant.scoring.last_trick_points if last else 0, len(bonus))
    if bonus != want:
        fail(None, f"last-trick bonus {bonus} after trick {after.tricks}; "
                   f"expected {want} (R2.12)")
    if before.phase == 1:
        if not (after.stage is Stage.DECLARE and after.to_move == winner):
            fail(None, f"the winner {winner} of a phase-1 trick has no declaration window (R2.6)")
        check_window_complete(after)
    elif not after.is_over and any(after.hands[p] for p in before.active):
        if not (after.to_move == winner and tuple(after.active) == tuple(before.active)):
            fail(None, f"the winner {winner} does not lead (R2.4)")
    elif not after.is_over:
        # R11.9: the second duel, led by the partner of the first duel's leader
        first = tuple(before.active)
        n = variant.players
        second = ((first[0] + 2) % n, (first[1] + 2) % n)
        if variant.legality.second_duel_leader.value == "partner_of_first_follower":
            second = second[::-1]  # R13.5: the other player leads
        if not (tuple(after.active) == second and after.to_move == second[0]):
            fail(None, f"second duel {after.active} led by {after.to_move}; expected "
                       f"{second} (R11.9)")


def _check_window_action(before: State, action: Action, after: State) -> None:
    """A declaration, a seven action or a pass in the declaration window (R2.6, R3, R4)."""
    variant = before.variant
    player = before.to_move
    assert player is not None
    if isinstance(action, (Play, GuessPacket)):
        fail(None, f"{action} taken in a declaration window")
    if before.brisques != after.brisques:
        fail(None, "brisques changed in a declaration window")
    if after.tricks != before.tricks:
        fail(None, "a trick was played in a declaration window")
    holding = {p: held(before, p) for p in range(variant.players)}
    turn_up = before.turn_up
    if isinstance(action, ExchangeSeven):
        assert turn_up is not None
        if not (after.turn_up == action.card or after.stage is not Stage.DECLARE):
            fail(None, f"the exchanged {action.card} is not the new turn-up")
        holding[player] = holding[player] - Counter([action.card]) + Counter([turn_up])
        turn_up = action.card
    _check_window_points(before, action, after, player)
    if after.stage is Stage.DECLARE:
        # the window stays open: nothing drawn, the cards only move between hand and table
        for p in range(variant.players):
            if held(after, p) != holding[p]:
                fail(None, f"player {p}'s cards changed by {action}")
        return
    _check_draw(before, after, holding, turn_up)


def _check_window_points(before: State, action: Action, after: State, player: int) -> None:
    """A seven action scores the seven's points, a declaration its meld-table points, a
    pass nothing (R3.3, R4.1, R4.2)."""
    variant = before.variant
    side = before.sides[player]
    sevens, melds = _deltas(before, after, "sevens"), _deltas(before, after, "melds")
    if isinstance(action, ExchangeSeven) or (
            isinstance(action, Declare) and action.meld is MeldKind.TRUMP_SEVEN):
        want = _only(side, variant.trump.seven_points, len(sevens))
        if sevens != want:
            fail(None, f"{action} changed the sevens by {sevens}; expected {want}")
        if any(melds):
            fail(None, f"{action} changed the meld points by {melds}")
    elif isinstance(action, Declare):
        points = variant.melds.points(action.meld)
        want = _only(side, points, len(melds))
        if melds != want:
            fail(None, f"{action} changed the meld points by {melds}; "
                       f"the meld table says {points}")
        if any(sevens):
            fail(None, f"{action} changed the sevens by {sevens}")
        if not scores_pending(before, after):  # R13.7: checked when it was announced
            _check_declaration(before, action, after, player)
    elif any(melds) or any(sevens):
        fail(None, f"{action} changed the scores")


def _check_draw(before: State, after: State, holding: dict[int, Counter[Card]],
                turn_up: Card | None) -> None:
    """The window closed: everyone draws, the winner first, the last drawer of the final
    round the turn-up; then the winner leads, in phase 2 once the stock is gone (R2.6 b,
    R2.8, R2.9, R6.7, R11.9)."""
    variant = before.variant
    n = variant.players
    taker = before.last_winner
    assert taker is not None
    stock = list(before.stock) + ([turn_up] if turn_up is not None else [])
    for k in range(n):
        p = (taker + k) % n
        drawn = held(after, p) - holding[p]
        gone = holding[p] - held(after, p)
        if not (not gone and list(drawn.elements()) == [stock[k]]):
            fail(None, f"player {p} drew {sorted(drawn.elements())} (and lost "
                       f"{sorted(gone.elements())}); the {k + 1}. card of the stock is {stock[k]}")
    if not (after.to_move == taker and not after.trick):
        fail(None, f"the trick winner {taker} does not lead after drawing (R2.6 c)")
    if after.phase == 2:
        duels = variant.legality.phase2.value == "duels" and n == 4
        want_active: tuple[int, ...] = (taker, (taker + 1) % n) if duels else tuple(range(n))
        if tuple(after.active) != want_active:
            fail(None, f"phase 2 played by {after.active}; expected {want_active} (R6.7, R11.9)")


def _check_won_declaration(before: State, action: Declare, serials: tuple[int, ...],
                           player: int) -> None:
    """Fildinski: won cards never used, one of them from the trick just won (R5.3, R11.5)."""
    won = {tc.serial: tc.card for tc in before.won[player]}
    if not all(s in won for s in serials):
        fail(None, f"{action} uses cards not won (R11.5)")
    if Counter(won[s] for s in serials) != Counter(action.cards):
        fail(None, f"{action} scored with other won cards")
    earlier = {s for c in before.combos for s in c.serials}
    if earlier & set(serials):
        fail(None, f"{action} reuses won cards (R5.3)")
    latest = {tc.serial for tc in before.won[player][-before.variant.players:]}
    if not (latest & set(serials) and before.last_winner == player):
        fail(None, f"{action} holds no card of the trick just won (R5.3)")


def _check_own_class_sequence(before: State, action: Declare, serials: set[int],
                              overlap: set[int], changed: list[int], intact: set[int],
                              side: int) -> None:
    """R13.1: a sequence of its own class reuses no card of a scored sequence, and may
    still upgrade the marriage it holds."""
    old = before.combos
    if overlap:
        fail(None, f"{action} reuses cards of a scored sequence (R13.1)")
    if len(changed) > 1 or not all(
            i in intact and not old[i].superseded and old[i].side == side
            and old[i].kind in UPGRADES.get(action.meld, frozenset())
            and set(old[i].serials) <= serials for i in changed):
        fail(None, f"{action} superseded {[old[i] for i in changed]}")


def _table_serials(state: State) -> dict[int, Card]:
    return {tc.serial: tc.card for t in state.table for tc in t}


def _check_declaration(before: State, action: Declare, after: State,
                       player: int) -> None:
    """The combination scored is the one declared, and its cards may serve in it: new to
    its class, or an upgrade of exactly one intact, not yet upgraded combination, or (with
    ``reform_broken``) a broken one re-formed (R3.4-R3.9); in Fildinski won cards never
    used before, one of them from the trick just won (R5.3, R11.5)."""
    variant = before.variant
    old = tuple(before.combos)
    if len(after.combos) != len(old) + 1:
        fail(None, f"{action} did not score one combination")
    combo = after.combos[-1]
    if (combo.kind, tuple(sorted(combo.cards)), combo.side, combo.player) != (
            action.meld, tuple(action.cards), before.sides[player], player):
        fail(None, f"{action} by player {player} scored as {combo}")
    serials = tuple(combo.serials)
    if not (len(set(serials)) == len(serials) == len(action.cards)):
        fail(None, f"{action} scored with serials {serials}")
    changed = [i for i in range(len(old)) if after.combos[i] != old[i]]
    for i in changed:
        if not (after.combos[i].superseded and not old[i].superseded
                and attrs_equal_but_superseded(old[i], after.combos[i])):
            fail(None, f"{action} changed the earlier combination {old[i]}")
    if from_won_cards(variant):
        _check_won_declaration(before, action, serials, player)
        if changed:
            fail(None, f"{action} superseded a combination in Fildinski")
        return
    on_table = _table_serials(before)
    from_hand = [s for s in serials if s not in on_table]
    if variant.melds.require_fresh_card and not (bool(from_hand)):
        fail(None, f"{action} holds no card from the hand (R3.7)")
    bit = reuse_class(variant, action.meld)
    used = {s for c in old if reuse_class(variant, c.kind) == bit for s in c.serials}
    overlap = set(serials) & used
    intact = {i for i, c in enumerate(old) if all(s in on_table for s in c.serials)}
    if bit == "sequences":
        _check_own_class_sequence(before, action, set(serials), overlap, changed, intact,
                                  combo.side)
        return
    if action.meld in MARRIAGE_KINDS and variant.melds.meld_classes.value == "four" and any(
            set(serials) <= set(c.serials) for c in old if c.kind in SEQUENCE_KINDS):
        fail(None, f"{action} is the marriage inside a scored sequence (R13.1)")
    if not overlap:
        if changed:
            fail(None, f"fresh {action} superseded {[old[i] for i in changed]}")
        return
    upgrades = [i for i in intact if not old[i].superseded and set(old[i].serials) == overlap
                and old[i].side == combo.side
                and old[i].kind in UPGRADES.get(action.meld, frozenset())]
    reforms = [i for i, c in enumerate(old)
               if variant.melds.reform_broken and i not in intact and not c.superseded
               and c.kind is action.meld and c.side == combo.side
               and {s for s in c.serials if s in on_table} == overlap]
    if not (upgrades or reforms):
        fail(None, f"{action} reuses cards {sorted(on_table[s] for s in overlap)} already "
                   f"declared in class {bit} without upgrading one intact combination (R3.6, R3.9)")
    if not (len(changed) == 1 and changed[0] in upgrades + reforms):
        fail(None, f"{action} should mark the combination it builds on as upgraded (R3.9)")


def attrs_equal_but_superseded(a: object, b: object) -> bool:
    """Two combinations equal but for their ``superseded`` flag."""
    fields = ("kind", "side", "player", "cards", "serials", "points")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def _check_trump(before: State, action: Action, after: State) -> None:
    """Trump never changes once fixed; only the first marriage or sequence fixes it, to
    its own suit (R2.2, R5.1, R11.2)."""
    if before.trump is not None:
        if after.trump is not before.trump:
            fail(None, f"trump changed from {before.trump} to "
                       f"{after.trump} on {action}")
        return
    fixing = isinstance(action, Declare) and action.meld in (MeldKind.ROYAL_MARRIAGE,
                                                                MeldKind.TRUMP_SEQUENCE)
    if fixing:
        assert isinstance(action, Declare)
        if after.trump is not action.cards[0].suit:
            fail(None, f"{action} declared before trump is fixed left trump {after.trump} (R5.1)")
    else:
        if after.trump is not None:
            fail(None, f"{action} fixed trump {after.trump} (R5.1)")

