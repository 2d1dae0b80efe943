"""Scenario tests for the play of one two-pack deal: RULES.md R1.1-R2.12 and R11.1.

Each test builds an explicit position with ``bz.setup`` (or, where dealing itself
is the subject, a deal from a fixed seed whose structure is checked), applies
explicit actions and asserts the exact resulting state. With ``dealer=0`` the
elder is player 1, who leads the first trick.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

import bezique as bz
from bezique.state import Window

V = bz.variants.TWO_PACK
PASS = bz.Pass()
ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]


# --------------------------------------------------------------------------- helpers


def cards(text: str) -> list[bz.Card]:
    """The cards of ``text``, sorted (hands compare as sorted lists)."""
    return sorted(bz.parse_cards(text))


def hand(state: bz.State, player: int) -> list[bz.Card]:
    return sorted(state.hands[player])


def table(state: bz.State, player: int) -> list[bz.Card]:
    return sorted(state.tables[player])


def legal_plays(state: bz.State) -> list[bz.Card]:
    """The cards the player to move may play (from hand or table), sorted."""
    acts = bz.legal_actions(state)
    assert all(isinstance(a, bz.Play) for a in acts), acts
    return sorted(a.card for a in acts)


def trick(state: bz.State, lead: str, follow: str) -> bz.State:
    """Play a whole trick of two cards."""
    return bz.apply(bz.apply(state, bz.Play(lead)), bz.Play(follow))


def snapshot(state: bz.State) -> tuple[Any, ...]:
    return (state.stage, state.to_move, state.leader, state.phase, state.hands, state.tables,
            state.trick, state.stock, state.turn_up, state.trump, state.scores, state.tricks)


def assert_illegal(state: bz.State, action: Any, rule: str) -> None:
    """``action`` raises IllegalActionError naming ``rule`` and leaves ``state`` unchanged."""
    before = snapshot(state)
    legal_before = bz.legal_actions(state)
    pattern = rf"(?<![\w.])(?:{rule})(?![\w.]?\d)"
    with pytest.raises(bz.IllegalActionError, match=pattern):
        bz.apply(state, action)
    with pytest.raises(bz.IllegalActionError, match=pattern):
        bz.check_action(state, action)
    assert not bz.is_legal(state, action)
    assert action not in bz.legal_actions(state)
    assert snapshot(state) == before
    assert bz.legal_actions(state) == legal_before


def phase2(hands: list[str], trump: str = "H", dealer: int = 0,
           variant: bz.Variant = V) -> bz.State:
    """A position in phase 2 (stock gone), the elder to lead."""
    return bz.setup(variant, hands=hands, stock=(), turn_up=None, trump=trump, dealer=dealer)


def all_cards(state: bz.State) -> Counter[bz.Card]:
    held = [c for h in state.hands for c in h] + [c for t in state.tables for c in t]
    up = [state.turn_up] if state.turn_up is not None else []
    return Counter([*held, *up, *state.stock, *state.played, *(c for _, c in state.trick)])


def play_out(state: bz.State, rng: random.Random) -> list[tuple[int, int]]:
    """Play random legal actions to the end; return (trick number, phase) per completed trick."""
    log = []
    while not state.is_over:
        done = state.tricks
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
        if state.tricks != done:
            log.append((state.tricks, state.phase))
    return log


# --------------------------------------------------------------------------- R1: cards


def test_R1_1_two_pack_deck_holds_each_of_32_cards_twice() -> None:
    assert V.packs == 2
    state = bz.new_deal(V, seed=5)
    counts = all_cards(state)
    assert sum(counts.values()) == 64
    assert len(counts) == 32
    assert set(counts.values()) == {2}
    assert {c.rank for c in counts} == set(bz.Rank)
    assert {c.suit for c in counts} == set(bz.Suit)


def test_R1_1_a_third_copy_of_a_card_is_rejected() -> None:
    with pytest.raises(bz.SetupError, match="A♠"):
        bz.setup(V, hands=["AS 9D", "AS 8D"], turn_up="9H", stock="AS")
    # two copies are fine, and the filled stock then holds no third one
    state = bz.setup(V, hands=["AS 9D", "AS 8D"], turn_up="9H")
    every = bz.parse_cards([f"{r}{s}" for r in ORDER for s in "SHDC"])
    assert len(set(every)) == 32
    assert all_cards(state) == Counter({c: 2 for c in every})


def test_R1_1_identical_cards_are_one_action_and_interchangeable() -> None:
    state = bz.setup(V, hands=["9D 8D 7D", "AS AS 8C"], turn_up="9H", stock="KC QC JC")
    assert bz.legal_actions(state) == (bz.Play("AS"), bz.Play("8C"))
    after = bz.apply(state, bz.Play("AS"))
    assert hand(after, 1) == cards("AS 8C")
    assert after.trick == ((1, bz.Card.parse("AS")),)


ADJACENT = list(itertools.pairwise(ORDER))


def test_R1_2_rank_enum_is_ordered_by_trick_taking_power() -> None:
    ranks = [bz.Card.parse(f"{r}S").rank for r in ORDER]
    assert ranks == sorted(bz.Rank, reverse=True)
    assert all(a > b for a, b in itertools.pairwise(ranks))


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
@pytest.mark.parametrize(("high", "low"), ADJACENT)
def test_R1_2_higher_rank_wins_the_trick_whoever_plays_it(suit: str, high: str,
                                                            low: str) -> None:
    # trump is the next suit, so neither card is a trump
    up = {"S": "9H", "H": "9D", "D": "9C", "C": "9S"}[suit]
    hi, lo = f"{high}{suit}", f"{low}{suit}"
    # the elder (player 1) leads the lower card: the dealer's higher one wins
    state = bz.setup(V, hands=[hi, lo], turn_up=up)
    after = trick(state, lo, hi)
    assert (after.stage, after.to_move, after.leader) == (bz.Stage.DECLARE, 0, 0)
    # the elder leads the higher card: it wins
    state = bz.setup(V, hands=[lo, hi], turn_up=up)
    after = trick(state, hi, lo)
    assert (after.stage, after.to_move, after.leader) == (bz.Stage.DECLARE, 1, 1)


def test_R1_2_ten_ranks_between_ace_and_king() -> None:
    state = bz.setup(V, hands=["10S KD", "KS 10D"], turn_up="9C", stock="8H")
    after = trick(state, "KS", "10S")  # the ten beats the king
    assert after.to_move == 0
    after = bz.apply(after, PASS)
    assert hand(after, 0) == cards("KD 8H")
    assert hand(after, 1) == cards("10D 9C")
    after = trick(after, "KD", "10D")  # phase 2: the ten is the winning card of the suit
    assert after.to_move == 1


def test_R1_3_any_trump_beats_a_plain_ace() -> None:
    state = bz.setup(V, hands=["8H 7D", "AS 7C"], turn_up="9H", stock="KC QC JC")
    after = trick(state, "AS", "8H")
    assert after.to_move == 0  # the dealer won with the lowest trump but the seven
    assert after.brisques == (1, 0)


def test_R1_3_higher_trump_beats_lower_trump_and_a_trump_lead_beats_a_plain_ace() -> None:
    state = bz.setup(V, hands=["10H AS", "9H 8H"], turn_up="KH", stock="KC QC JC")
    after = trick(state, "9H", "10H")
    assert after.to_move == 0
    state = bz.setup(V, hands=["AS 10H", "8H 9H"], turn_up="KH", stock="KC QC JC")
    after = trick(state, "8H", "AS")
    assert after.to_move == 1  # the led trump holds against the plain ace


def test_R1_3_without_a_trump_the_highest_card_of_the_suit_led_wins() -> None:
    # an ace of another plain suit does not beat the nine led
    state = bz.setup(V, hands=["AD 7D", "9S 8S"], turn_up="KH", stock="KC QC JC")
    after = trick(state, "9S", "AD")
    assert after.to_move == 1
    assert after.brisques == (0, 1)


@pytest.mark.parametrize("card", ["AS", "10S", "10H", "KH", "JD"])
def test_R1_3_identical_winning_cards_first_played_wins(card: str) -> None:
    state = bz.setup(V, hands=[f"{card} 8C", f"{card} 9C"], turn_up="9H", stock="KC QC JC")
    after = trick(state, card, card)
    assert (after.to_move, after.leader, after.last_winner) == (1, 1, 1)
    # and the other way round: whoever leads it wins it
    state = bz.setup(V, hands=[f"{card} 8C", f"{card} 9C"], turn_up="9H", stock="KC QC JC",
                     dealer=1)
    after = trick(state, card, card)
    assert (after.to_move, after.leader, after.last_winner) == (0, 0, 0)


def test_R1_3_identical_card_does_not_beat_the_lead_in_phase_2() -> None:
    state = phase2(["AS 7S KH", "AS 9D 8D"])
    state = bz.apply(state, bz.Play("AS"))
    # the follower cannot win with the second ace: any spade, no duty to win
    assert legal_plays(state) == cards("AS 7S")
    after = bz.apply(state, bz.Play("AS"))
    assert after.to_move == 1
    assert after.brisques == (0, 2)


# --------------------------------------------------------------------------- R2.1-R2.4: dealing


def test_R2_1_two_players_two_packs() -> None:
    assert V.players == 2
    assert V.deck.size == 64
    state = bz.new_deal(V, seed=3)
    assert len(state.hands) == 2
    assert state.sides == (0, 1)
    assert len(state.scores) == 2


@pytest.mark.parametrize("dealer", [0, 1])
def test_R2_1_new_deal_records_the_dealer_and_the_other_player_is_elder(dealer: int) -> None:
    state = bz.new_deal(V, seed=21, dealer=dealer)
    assert state.dealer == dealer
    assert state.to_move == 1 - dealer
    assert state.leader == 1 - dealer


def test_R2_1_dealer_out_of_range_is_rejected() -> None:
    with pytest.raises(bz.SetupError):
        bz.new_deal(V, seed=1, dealer=2)


@pytest.mark.parametrize("seed", [0, 1, 2, 12345])
def test_R2_2_deal_gives_eight_each_and_turns_up_the_next_card(seed: int) -> None:
    state = bz.new_deal(V, seed=seed)
    assert [len(h) for h in state.hands] == [8, 8]
    assert state.tables == ((), ())
    assert len(state.stock) == 47
    assert state.stock_size == 48
    assert state.turn_up is not None
    assert state.trump is state.turn_up.suit
    assert (state.phase, state.stage, state.to_move, state.tricks) == (1, bz.Stage.PLAY, 1, 0)
    assert state.trick == ()


def test_R2_2_same_seed_same_deal_other_seed_other_deal() -> None:
    a = bz.new_deal(V, seed=777)
    b = bz.new_deal(V, seed=777)
    assert a == b
    assert (a.hands, a.turn_up, a.stock) == (b.hands, b.turn_up, b.stock)
    c = bz.new_deal(V, seed=778)
    assert (a.hands, a.turn_up, a.stock) != (c.hands, c.turn_up, c.stock)
    # the dealer changes who gets which packets, not the shuffle
    d = bz.new_deal(V, seed=777, dealer=1)
    assert (d.hands[0], d.hands[1]) == (a.hands[1], a.hands[0])
    assert (d.turn_up, d.stock) == (a.turn_up, a.stock)


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", [4, 99])
def test_R2_2_packets_of_3_2_3_non_dealer_first(seed: int, dealer: int) -> None:
    """Rebuild the deal from the documented deterministic shuffle of the unshuffled deck."""
    from bezique._engine.shuffle import shuffled

    deck = shuffled(V.deck.cards(), seed)
    elder = 1 - dealer
    state = bz.new_deal(V, seed=seed, dealer=dealer)
    assert hand(state, elder) == sorted(deck[0:3] + deck[6:8] + deck[10:13])
    assert hand(state, dealer) == sorted(deck[3:6] + deck[8:10] + deck[13:16])
    assert state.turn_up == deck[16]
    assert list(state.stock) == deck[17:]
    assert V.deal.packets == (3, 2, 3)


@pytest.mark.parametrize("dealer", [0, 1])
def test_R2_2_turned_up_seven_scores_10_for_dealer(dealer: int) -> None:
    state = bz.setup(V, hands=["AS 10S KH QH JD 9C 8C 7D", "QS JD AH 10H KC QC 9S 8D"],
                     turn_up="7H", stock="AC 10C KD", dealer=dealer)
    expected = [0, 0]
    expected[dealer] = 10
    assert state.scores == tuple(expected)
    assert state.sevens == tuple(expected)
    assert state.trump is bz.Suit.HEARTS
    assert state.to_move == 1 - dealer


def test_R2_2_turned_up_other_card_scores_nothing() -> None:
    state = bz.setup(V, hands=["AS 10S", "QS JD"], turn_up="8H", stock="AC")
    assert state.scores == (0, 0)
    assert state.trump is bz.Suit.HEARTS


def test_R2_2_turned_up_seven_in_a_shuffled_deal_scores_for_dealer() -> None:
    for dealer in (0, 1):
        seeds = [s for s in range(300)
                 if bz.new_deal(V, seed=s, dealer=dealer).turn_up.rank is bz.Rank.SEVEN]
        assert seeds, "some seed below 300 turns up a seven"
        for seed in seeds[:3]:
            state = bz.new_deal(V, seed=seed, dealer=dealer)
            assert state.scores[dealer] == 10
            assert state.scores[1 - dealer] == 0
        plain = next(s for s in range(300)
                     if bz.new_deal(V, seed=s, dealer=dealer).turn_up.rank is not bz.Rank.SEVEN)
        assert bz.new_deal(V, seed=plain, dealer=dealer).scores == (0, 0)


def test_R2_2_turned_up_seven_counts_in_the_deal_result() -> None:
    state = bz.setup(V, hands=["AS", "9S"], turn_up="7C", stock="8D", dealer=1)
    assert state.scores == (0, 10)
    state = bz.apply(trick(state, "AS", "9S"), PASS)
    state = trick(state, "8D", "7C")  # phase 2: the seven must trump and scores nothing
    assert state.is_over
    result = bz.deal_result(state)
    assert result.breakdown[1].sevens == 10
    assert result.breakdown[0].sevens == 0
    # player 0: the ace; player 1: the turned-up seven and the last trick
    assert result.points == (10, 10 + 10)


def test_R2_3_stock_of_47_and_turn_up_makes_24_phase_1_tricks_then_8() -> None:
    state = bz.new_deal(V, seed=2024)
    assert state.stock_size == 48
    log = play_out(state, random.Random(7))
    assert [n for n, _ in log] == list(range(1, 33))
    assert [phase for _, phase in log] == [1] * 24 + [2] * 8


def test_R2_3_stock_of_k_face_down_cards_lasts_k_plus_1_over_2_tricks() -> None:
    state = bz.setup(V, hands=["AS 10S KS QS JS 9S 8S 7S", "AD 10D KD QD JD 9D 8D 7D"],
                     turn_up="9C", stock="AH 10H KH")
    assert state.stock_size == 4
    state = bz.apply(trick(state, "AD", "7S"), PASS)
    assert (state.phase, state.stock_size, state.stock) == (1, 2, (bz.Card.parse("KH"),))
    state = bz.apply(trick(state, "10D", "8S"), PASS)
    assert (state.phase, state.stock_size, state.turn_up) == (2, 0, None)
    assert [len(h) for h in state.hands] == [8, 8]
    assert state.tricks == 2


def test_R2_3_stock_must_hold_an_even_number_with_the_turn_up() -> None:
    with pytest.raises(bz.SetupError):
        bz.setup(V, hands=["AS", "KS"], turn_up="9C", stock="AH 10H")


@pytest.mark.parametrize("dealer", [0, 1])
def test_R2_4_elder_leads_the_first_trick(dealer: int) -> None:
    state = bz.setup(V, hands=["AS 10S KS", "AD 10D KD"], turn_up="9C", stock="AH 10H KH",
                     dealer=dealer)
    elder = 1 - dealer
    assert (state.to_move, state.leader) == (elder, elder)
    assert legal_plays(state) == hand(state, elder)


def test_R2_4_winner_of_each_trick_leads_the_next() -> None:
    state = bz.setup(V, hands=["AS 9D 8H", "10S 8D 7C"], turn_up="9C",
                     stock="KS KD QS QD KH")
    # the follower wins and leads next
    state = trick(state, "10S", "AS")
    assert (state.to_move, state.leader) == (0, 0)
    state = bz.apply(state, PASS)
    assert (state.stage, state.to_move, state.leader) == (bz.Stage.PLAY, 0, 0)
    # the leader wins and leads again
    state = trick(state, "9D", "8D")
    state = bz.apply(state, PASS)
    assert (state.stage, state.to_move, state.leader) == (bz.Stage.PLAY, 0, 0)
    # the follower (player 1) wins with a trump and leads
    state = trick(state, "8H", "7C")
    state = bz.apply(state, PASS)
    assert (state.to_move, state.leader) == (1, 1)


def test_R2_4_winner_leads_in_phase_2() -> None:
    state = phase2(["AS 9D", "10S 8D"])
    state = trick(state, "10S", "AS")
    assert (state.stage, state.to_move, state.leader) == (bz.Stage.PLAY, 0, 0)
    assert legal_plays(state) == cards("9D")


# --------------------------------------------------------------------------- R2.5: free play


def test_R2_5_phase_1_follower_may_play_any_card() -> None:
    # the dealer holds spades that would win and trumps, yet may discard anything
    state = bz.setup(V, hands=["10S 9S KH 8H 7D 7D 8C 9C", "AS QD JD 9D 8D 10C JC QC"],
                     turn_up="9H", stock="AC KC KD")
    state = bz.apply(state, bz.Play("AS"))
    assert state.to_move == 0
    assert legal_plays(state) == cards("10S 9S KH 8H 7D 8C 9C")  # each card once
    after = bz.apply(state, bz.Play("7D"))  # neither follows, nor trumps, nor wins
    assert after.to_move == 1
    assert hand(after, 0) == cards("10S 9S KH 8H 7D 8C 9C")


def test_R2_5_phase_1_follower_may_trump_a_led_suit_it_holds() -> None:
    state = bz.setup(V, hands=["10S KH", "AS QD"], turn_up="9H", stock="AC")
    after = trick(state, "AS", "KH")
    assert after.to_move == 0
    assert after.brisques == (1, 0)


def test_R2_5_phase_1_leader_may_lead_any_card() -> None:
    state = bz.setup(V, hands=["AS 9D 8D 7C 8C", "KH QH 7S 8S 9S"], turn_up="9C",
                     stock="AC 10C KD QD JS")
    state = trick(state, "9S", "AS")
    state = bz.apply(state, PASS)
    assert legal_plays(state) == hand(state, 0)


# --------------------------------------------------------------------------- R2.6: after a trick

WINDOW_HANDS = ["KC QC QS JD 7S 8H 9H 10D", "AS 9S 8S JH 9D 8D 10C 9C"]


def window_position() -> bz.State:
    """Elder (1) holds no combination; the dealer (0) holds a marriage and a bezique."""
    return bz.setup(V, hands=WINDOW_HANDS, turn_up="KD", stock="AC 10H 7C JS QH")


def test_R2_6_window_opens_even_when_nothing_can_be_declared() -> None:
    state = trick(window_position(), "AS", "7S")
    assert state.stage is bz.Stage.DECLARE
    assert state.to_move == 1
    assert bz.legal_actions(state) == (PASS,)
    # nothing drawn yet
    assert [len(h) for h in state.hands] == [7, 7]
    assert state.stock_size == 6
    assert state.scores == (0, 10)


def test_R2_6_only_the_winner_gets_the_window() -> None:
    state = trick(window_position(), "AS", "7S")
    # the loser holds K♣ Q♣ and Q♠ J♦, but it is not his window
    assert bz.legal_actions(state) == (PASS,)
    assert_illegal(state, bz.Declare("common_marriage", "KC QC"), "R3.1|R3.9|R2.6")


def test_R2_6_no_card_may_be_played_while_the_window_is_open() -> None:
    state = trick(window_position(), "AS", "7S")
    assert_illegal(state, bz.Play("9S"), "R2.6")


def test_R2_6_pass_is_illegal_outside_a_window() -> None:
    state = window_position()
    assert_illegal(state, PASS, "R2.6")
    state = bz.apply(state, bz.Play("AS"))
    assert_illegal(state, PASS, "R2.6")


def test_R2_6_winner_draws_the_top_card_then_the_loser_the_next() -> None:
    state = trick(window_position(), "AS", "7S")
    state = bz.apply(state, PASS)
    assert state.stage is bz.Stage.PLAY
    assert (state.to_move, state.leader) == (1, 1)
    assert hand(state, 1) == cards("9S 8S JH 9D 8D 10C 9C AC")  # the winner took A♣
    assert hand(state, 0) == cards("KC QC QS JD 8H 9H 10D 10H")  # the loser 10♥
    assert state.stock == tuple(bz.parse_cards("7C JS QH"))
    assert state.turn_up == bz.Card.parse("KD")
    assert state.stock_size == 4


def test_R2_6_no_window_is_open_during_a_trick_nor_after_the_draw() -> None:
    """The window flags are empty (``Window(0)``) outside the winner's window: while a
    trick is being played and once the players have drawn."""
    led = bz.apply(window_position(), bz.Play("AS"))
    assert led.stage is bz.Stage.PLAY and led.window == Window(0)
    drawn = bz.apply(bz.apply(led, bz.Play("7S")), PASS)
    assert drawn.stage is bz.Stage.PLAY and drawn.window == Window(0)


def test_R2_6_follower_wins_declares_then_draws_first_and_leads() -> None:
    state = bz.apply(trick(window_position(), "AS", "7S"), PASS)
    state = trick(state, "9C", "10D")  # the dealer trumps
    assert (state.stage, state.to_move) == (bz.Stage.DECLARE, 0)
    assert set(bz.legal_actions(state)) == {
        bz.Declare("common_marriage", "KC QC"), bz.Declare("bezique", "QS JD"), PASS}
    after = bz.apply(state, bz.Declare("bezique", "QS JD"))
    # one declaration per trick: the marriage may only be announced (R13.7); after the
    # pass both drew
    assert bz.legal_actions(after) == (bz.Announce("common_marriage", "KC QC"), PASS)
    after = bz.apply(after, PASS)
    assert (after.stage, after.to_move, after.leader) == (bz.Stage.PLAY, 0, 0)
    assert table(after, 0) == cards("QS JD")
    assert hand(after, 0) == cards("KC QC 8H 9H 10H 7C")
    assert hand(after, 1) == cards("9S 8S JH 9D 8D 10C AC JS")
    assert after.stock == (bz.Card.parse("QH"),)
    assert after.scores == (10 + 40, 10)


def test_R2_6_declaring_is_never_compulsory() -> None:
    state = bz.apply(trick(window_position(), "AS", "7S"), PASS)
    state = trick(state, "9C", "10D")
    after = bz.apply(state, PASS)
    assert after.tables == ((), ())
    assert after.scores == (10, 10)
    assert hand(after, 0) == cards("KC QC QS JD 8H 9H 10H 7C")


def test_R2_6_seven_of_trumps_exchange_in_the_window_then_draw() -> None:
    state = bz.setup(V, hands=["7H 9S", "AS 9C"], turn_up="AH", stock="KC QC JC")
    state = trick(state, "9C", "9S")
    assert state.to_move == 1
    assert bz.ExchangeSeven("7H") not in bz.legal_actions(state)  # the loser holds it
    state = bz.apply(state, PASS)
    state = trick(state, "AS", "7H")  # a trump seven played in phase 1 scores (R4.2)
    assert state.scores == (10 + 10, 0)
    state = bz.setup(V, hands=["AS 9C", "7H 9S"], turn_up="AH", stock="KC QC JC")
    state = trick(state, "9S", "9C")
    assert state.to_move == 1
    assert set(bz.legal_actions(state)) == {
        bz.ExchangeSeven("7H"), bz.Declare("trump_seven", "7H"), PASS}
    after = bz.apply(state, bz.ExchangeSeven("7H"))
    assert after.stage is bz.Stage.PLAY  # the exchange was the trick's declaration
    assert after.turn_up == bz.Card.parse("7H")
    assert hand(after, 1) == cards("AH KC")
    assert hand(after, 0) == cards("AS QC")
    assert after.scores == (0, 10)


def test_R2_6_card_drawn_after_the_window_waits_for_the_next_trick_won() -> None:
    # the top card Q♣ completes the elder's marriage only after the window closed
    state = bz.setup(V, hands=["9S 8S 8D", "AS 10S KC"], turn_up="9H", stock="QC JC 7C")
    state = trick(state, "AS", "9S")
    assert bz.legal_actions(state) == (PASS,)
    state = bz.apply(state, PASS)
    assert hand(state, 1) == cards("10S KC QC")
    state = trick(state, "10S", "8S")
    assert state.to_move == 1
    assert bz.legal_actions(state) == (bz.Declare("common_marriage", "KC QC"), PASS)


def test_R2_6_seven_not_a_meld_allows_a_declaration_and_a_seven_action_in_one_window(
) -> None:
    variant = V.with_options(seven_counts_as_meld=False)
    state = bz.setup(variant, hands=["AS 7H KH QH 9C", "10S KC QC 9S 8D"], turn_up="AH",
                     stock="JC 8C 8S")
    state = trick(state, "10S", "AS")
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    # the window stays open for the seven, but for no second combination
    assert state.stage is bz.Stage.DECLARE
    assert set(bz.legal_actions(state)) == {
        bz.ExchangeSeven("7H"), bz.Declare("trump_seven", "7H"), PASS}
    state = bz.apply(state, bz.ExchangeSeven("7H"))
    # nothing more can be done: the window closed by itself and both drew
    assert (state.stage, state.to_move) == (bz.Stage.PLAY, 0)
    assert hand(state, 0) == cards("AH 9C JC")
    assert table(state, 0) == cards("KH QH")
    assert hand(state, 1) == cards("KC QC 9S 8D 8C")
    assert state.turn_up == bz.Card.parse("7H")
    assert state.scores == (20 + 40 + 10, 0)


def test_R2_6_two_pack_seven_action_is_the_tricks_one_declaration() -> None:
    state = bz.setup(V, hands=["AS 7H KH QH 9C", "10S KC QC 9S 8D"], turn_up="AH",
                     stock="JC 8C 8S")
    state = trick(state, "10S", "AS")
    after = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    assert after.stage is bz.Stage.PLAY  # no seven action after the marriage
    assert hand(after, 0) == cards("7H 9C JC")
    after = bz.apply(state, bz.ExchangeSeven("7H"))
    assert after.stage is bz.Stage.PLAY  # no marriage after the exchange
    assert hand(after, 0) == cards("AH KH QH 9C JC")
    assert after.tables == ((), ())


# --------------------------------------------------------------------------- R2.7: table cards

TABLE_HANDS = ["QS JS AH 10H KC QC 9S 8D", "AS KH QH JD 9C 8C 7D 10S"]


def after_royal_marriage() -> bz.State:
    """The elder wins trick 1, declares K♥ Q♥ and both draw."""
    state = bz.setup(V, hands=TABLE_HANDS, turn_up="9H", stock="AC 10C KD 8S 7S")
    state = trick(state, "AS", "9S")
    return bz.apply(state, bz.Declare("royal_marriage", "KH QH"))


def test_R2_7_declared_cards_lie_on_the_table_and_hand_plus_table_is_eight() -> None:
    state = after_royal_marriage()
    assert table(state, 1) == cards("KH QH")
    assert hand(state, 1) == cards("JD 9C 8C 7D 10S AC")
    assert len(state.hands[1]) + len(state.tables[1]) == 8
    assert hand(state, 0) == cards("QS JS AH 10H KC QC 8D 10C")
    assert state.tables[0] == ()
    assert state.scores == (0, 10 + 40)


def test_R2_7_table_cards_can_be_played() -> None:
    state = after_royal_marriage()
    assert (state.to_move, state.stage) == (1, bz.Stage.PLAY)
    acts = bz.legal_actions(state)
    assert bz.Play("KH") in acts
    assert bz.Play("QH") in acts
    assert legal_plays(state) == cards("JD 9C 8C 7D 10S AC KH QH")
    state = bz.apply(state, bz.Play("KH"))
    assert table(state, 1) == cards("QH")
    assert hand(state, 1) == cards("JD 9C 8C 7D 10S AC")
    assert state.trick == ((1, bz.Card.parse("KH")),)
    state = bz.apply(state, bz.Play("AH"))
    assert (state.stage, state.to_move) == (bz.Stage.DECLARE, 0)
    state = bz.apply(state, PASS)
    assert hand(state, 0) == cards("QS JS 10H KC QC 8D 10C KD")
    assert hand(state, 1) == cards("JD 9C 8C 7D 10S AC 8S")
    assert len(state.hands[1]) + len(state.tables[1]) == 8
    # the table card may also be played when following
    state = bz.apply(state, bz.Play("8D"))
    assert bz.Play("QH") in bz.legal_actions(state)
    state = bz.apply(state, bz.Play("QH"))
    assert state.tables[1] == ()
    assert (state.stage, state.to_move) == (bz.Stage.DECLARE, 1)  # Q♥ trumped 8♦


def test_R2_7_card_held_both_in_hand_and_on_table() -> None:
    state = bz.setup(V, hands=["QS JS AH 10H KC QC 9S 8D", "AS KH KH QH JD 9C 8C 7D"],
                     turn_up="9H", stock="AC 10C KD")
    state = trick(state, "AS", "9S")
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    assert table(state, 1) == cards("KH QH")
    assert hand(state, 1) == cards("KH JD 9C 8C 7D AC")
    acts = bz.legal_actions(state)
    assert bz.Play("KH") in acts
    assert bz.Play("KH", from_table=True) in acts
    from_table = bz.apply(state, bz.Play("KH", from_table=True))
    assert table(from_table, 1) == cards("QH")
    assert hand(from_table, 1) == cards("KH JD 9C 8C 7D AC")
    from_hand = bz.apply(state, bz.Play("KH", from_table=False))
    assert table(from_hand, 1) == cards("KH QH")
    assert hand(from_hand, 1) == cards("JD 9C 8C 7D AC")


def test_R2_7_a_card_neither_in_hand_nor_on_table_cannot_be_played() -> None:
    state = after_royal_marriage()
    assert_illegal(state, bz.Play("AH"), "R2.7")
    assert_illegal(state, bz.Play("JD", from_table=True), "R2.7")


# --------------------------------------------------------------------------- R2.8: trick 24

LAST_HANDS = ["AS KH QH JD 9C 8C 7D 8S", "10S KC QC 9S 8D 7C JH 10D"]


def test_R2_8_winner_of_trick_24_takes_last_hidden_card_and_loser_the_turn_up() -> None:
    state = bz.setup(V, hands=LAST_HANDS, turn_up="9H", stock="JC")
    assert state.stock_size == 2  # the next trick is the last of phase 1
    state = trick(state, "10S", "AS")
    # the winner may still declare
    assert (state.stage, state.to_move) == (bz.Stage.DECLARE, 0)
    assert bz.Declare("royal_marriage", "KH QH") in bz.legal_actions(state)
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    assert (state.phase, state.stage, state.to_move) == (2, bz.Stage.PLAY, 0)
    assert (state.stock, state.turn_up, state.stock_size) == ((), None, 0)
    assert hand(state, 0) == cards("KH QH JD 9C 8C 7D 8S JC")  # the hidden card
    assert hand(state, 1) == cards("KC QC 9S 8D 7C JH 10D 9H")  # the turn-up
    assert state.trump is bz.Suit.HEARTS  # trump stays with the turn-up gone
    assert state.scores == (20 + 40, 0)


def test_R2_8_trick_24_won_by_the_leader_when_passing() -> None:
    state = bz.setup(V, hands=LAST_HANDS, turn_up="9H", stock="JC", dealer=1)
    state = trick(state, "AS", "10S")
    assert state.to_move == 0
    state = bz.apply(state, PASS)
    assert hand(state, 0) == cards("KH QH JD 9C 8C 7D 8S JC")
    assert hand(state, 1) == cards("KC QC 9S 8D 7C JH 10D 9H")
    assert (state.phase, state.to_move) == (2, 0)


def test_R2_8_winner_of_trick_24_exchanges_the_seven_and_the_loser_takes_it() -> None:
    state = bz.setup(V, hands=["AS 7H QH JD 9C 8C 7D 8S", LAST_HANDS[1]], turn_up="AH",
                     stock="JC")
    state = trick(state, "10S", "AS")
    assert bz.ExchangeSeven("7H") in bz.legal_actions(state)
    state = bz.apply(state, bz.ExchangeSeven("7H"))
    assert state.phase == 2
    assert hand(state, 0) == cards("AH QH JD 9C 8C 7D 8S JC")
    assert hand(state, 1) == cards("KC QC 9S 8D 7C JH 10D 7H")
    assert state.scores == (20 + 10, 0)


def test_R2_8_seven_exchanged_earlier_goes_to_the_loser_of_trick_24() -> None:
    state = bz.setup(V, hands=["AS 7H QH JD 9C 8C 7D 8S", LAST_HANDS[1]], turn_up="AH",
                     stock="JC 8H 9D")
    state = trick(state, "10S", "AS")
    state = bz.apply(state, bz.ExchangeSeven("7H"))
    assert state.turn_up == bz.Card.parse("7H")
    assert hand(state, 0) == cards("AH QH JD 9C 8C 7D 8S JC")
    assert hand(state, 1) == cards("KC QC 9S 8D 7C JH 10D 8H")
    # trick 24: the dealer leads 8♠, the elder wins it with 9♠
    state = trick(state, "8S", "9S")
    assert state.to_move == 1
    state = bz.apply(state, PASS)
    assert state.phase == 2
    assert hand(state, 1) == cards("KC QC 8D 7C JH 10D 8H 9D")
    assert hand(state, 0) == cards("AH QH JD 9C 8C 7D JC 7H")  # the seven came back
    assert state.scores == (20 + 10, 0)


def test_R2_8_turned_up_seven_goes_to_the_loser_and_cannot_be_exchanged() -> None:
    state = bz.setup(V, hands=["AS 7H KH QH 9C", "10S KC QC 9S 8D"], turn_up="7H", stock="JC")
    assert state.scores == (10, 0)  # R2.2: the dealer scored the turned-up seven
    state = trick(state, "10S", "AS")
    assert bz.ExchangeSeven("7H") not in bz.legal_actions(state)
    assert_illegal(state, bz.ExchangeSeven("7H"), "R4.1")
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    assert state.phase == 2
    assert hand(state, 0) == cards("7H KH QH 9C JC")
    assert hand(state, 1) == cards("KC QC 9S 8D 7H")  # the turned-up seven
    assert state.scores == (10 + 20 + 40, 0)


# --------------------------------------------------------------------------- R2.9: phase 2


def into_phase_2() -> bz.State:
    """Elder declares K♥ Q♥ at trick 23; the dealer wins trick 24; phase 2 begins."""
    state = bz.setup(V, hands=["QS JS AH 10H KC QC 9S 8D", "AS KH QH JD 9C 8C 7D 7H"],
                     turn_up="9H", stock="JC 8S 9D")
    state = trick(state, "AS", "9S")
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    assert table(state, 1) == cards("KH QH")
    state = trick(state, "8C", "KC")
    assert bz.legal_actions(state) == (PASS,)
    return bz.apply(state, PASS)


def test_R2_9_tables_return_to_hands_in_phase_2() -> None:
    state = into_phase_2()
    assert state.phase == 2
    assert state.tables == ((), ())
    assert hand(state, 1) == cards("KH QH JD 9C 7D 7H JC 9H")
    assert hand(state, 0) == cards("QS JS AH 10H QC 8D 8S 9D")
    assert (state.to_move, state.leader, state.stage) == (0, 0, bz.Stage.PLAY)
    assert state.scores == (0, 10 + 40)


def test_R2_9_returned_table_cards_and_the_taken_turn_up_are_seen_by_both() -> None:
    """The declared K♥ Q♥ went back into the elder's hand, and he took the face-up 9♥: the
    dealer knows all three are there (``exposed``, and in his observation)."""
    state = into_phase_2()
    seen = tuple(sorted(cards("KH QH 9H")))
    assert state.exposed == ((), seen)
    assert bz.observe(state, 0).exposed == ((), seen)


def test_R2_9_no_declarations_after_the_stock_is_gone() -> None:
    state = into_phase_2()
    state = trick(state, "8D", "JD")
    # no window: the winner leads at once
    assert (state.stage, state.to_move, state.leader, state.tricks) == (bz.Stage.PLAY, 1, 1, 3)
    assert legal_plays(state) == hand(state, 1)
    assert_illegal(state, bz.Declare("royal_marriage", "KH QH"), "R2.9|R3.1")
    assert_illegal(state, PASS, "R2.9|R2.6")
    assert_illegal(state, bz.ExchangeSeven("7H"), "R2.9|R3.1|R4.1")


def test_R2_9_seven_of_trumps_scores_nothing_in_phase_2() -> None:
    state = into_phase_2()
    state = trick(state, "8D", "JD")
    before = state.scores
    state = bz.apply(state, bz.Play("7H"))
    assert state.scores == before
    assert legal_plays(state) == cards("AH 10H")
    state = bz.apply(state, bz.Play("10H"))
    assert state.to_move == 0
    assert state.sevens == (0, 0)
    assert state.scores == (before[0] + 10, before[1])


def test_R2_9_phase_2_setup_starts_without_stock_or_tables() -> None:
    state = phase2(["AS KS", "QS JS"], trump="D")
    assert (state.phase, state.stock_size, state.turn_up, state.trump) == (
        2, 0, None, bz.Suit.DIAMONDS)
    assert state.tables == ((), ())


# --------------------------------------------------------------------------- R2.10: phase 2 play


def test_R2_10_follower_holding_only_trumps_and_a_lower_card_of_the_suit_led_must_play_the_suit(
) -> None:
    state = bz.apply(phase2(["7S KH 10H", "AS 9D 8D"]), bz.Play("AS"))
    assert legal_plays(state) == cards("7S")
    assert_illegal(state, bz.Play("KH"), "R2.10")
    assert_illegal(state, bz.Play("10H"), "R2.10")
    after = bz.apply(state, bz.Play("7S"))
    assert (after.to_move, after.brisques) == (1, (0, 1))


def test_R2_10_must_win_with_higher_card_of_suit() -> None:
    state = bz.apply(phase2(["AS 9S AH", "KS 9D 8D"]), bz.Play("KS"))
    assert legal_plays(state) == cards("AS")
    assert_illegal(state, bz.Play("9S"), "R2.10")
    assert_illegal(state, bz.Play("AH"), "R2.10")
    after = bz.apply(state, bz.Play("AS"))
    assert (after.to_move, after.leader) == (0, 0)


def test_R2_10_may_choose_among_the_winning_cards_of_the_suit() -> None:
    state = bz.apply(phase2(["AS 10S 9S", "KS 9D 8D"]), bz.Play("KS"))
    assert legal_plays(state) == cards("AS 10S")
    assert_illegal(state, bz.Play("9S"), "R2.10")


def test_R2_10_follows_with_any_card_of_the_suit_when_unable_to_win() -> None:
    state = bz.apply(phase2(["10S 9S AH", "AS 9D 8D"]), bz.Play("AS"))
    assert legal_plays(state) == cards("10S 9S")
    assert_illegal(state, bz.Play("AH"), "R2.10")


def test_R2_10_void_must_trump() -> None:
    state = bz.apply(phase2(["8H KH AD", "AS 9D 8D"]), bz.Play("AS"))
    assert legal_plays(state) == cards("8H KH")
    assert_illegal(state, bz.Play("AD"), "R2.10")
    after = bz.apply(state, bz.Play("8H"))
    assert (after.to_move, after.brisques) == (0, (1, 0))


def test_R2_10_void_without_trumps_any_card() -> None:
    state = bz.apply(phase2(["AD 7C 10D", "AS 9D 8D"]), bz.Play("AS"))
    assert legal_plays(state) == cards("AD 7C 10D")
    after = bz.apply(state, bz.Play("7C"))
    assert after.to_move == 1


def test_R2_10_trump_led_must_be_overtrumped_if_able() -> None:
    state = bz.apply(phase2(["AH 9H AS", "10H 9D 8D"]), bz.Play("10H"))
    assert legal_plays(state) == cards("AH")
    assert_illegal(state, bz.Play("9H"), "R2.10")
    assert_illegal(state, bz.Play("AS"), "R2.10")
    state = bz.apply(phase2(["9H 8H AS", "10H 9D 8D"]), bz.Play("10H"))
    assert legal_plays(state) == cards("9H 8H")


def test_R2_10_leader_may_lead_any_card() -> None:
    state = phase2(["AS 9S AH", "KS 9D 8H"])
    assert legal_plays(state) == cards("KS 9D 8H")


def test_R2_10_applies_to_every_phase_2_trick_after_a_real_phase_1() -> None:
    state = into_phase_2()
    state = bz.apply(state, bz.Play("8D"))
    assert legal_plays(state) == cards("JD")  # 7♦ follows but does not win
    assert_illegal(state, bz.Play("7D"), "R2.10")
    assert_illegal(state, bz.Play("7H"), "R2.10")


# --------------------------------------------------------------------------- R2.11: brisques


def brisque_deal(variant: bz.Variant) -> bz.State:
    """Phase 2: 1 leads A♠ (0 must play 10♠), then 9♥ (0 must win with A♥)."""
    return phase2(["10S AH", "AS 9H"], trump="C", variant=variant)


def test_R2_11_brisques_score_10_when_won_immediately() -> None:
    state = bz.setup(V, hands=["10S 9D", "AS 9C"], turn_up="8H", stock="KC QC JC")
    state = trick(state, "AS", "10S")
    assert state.brisques == (0, 2)
    assert state.scores == (0, 20)
    state = bz.apply(state, PASS)
    state = trick(state, "9C", "9D")  # no brisque in it
    assert state.scores == (0, 20)


def test_R2_11_kings_queens_and_lower_are_not_brisques() -> None:
    state = bz.setup(V, hands=["QS JD", "KS 9C"], turn_up="8H", stock="KC QC JC")
    state = trick(state, "KS", "QS")
    assert state.brisques == (0, 0)
    assert state.scores == (0, 0)


def test_R2_11_end_of_deal_brisque_timing_totals_equal() -> None:
    immediate = brisque_deal(V)
    end = brisque_deal(V.with_options(brisque_timing="end_of_deal"))
    immediate = trick(immediate, "AS", "10S")
    end = trick(end, "AS", "10S")
    assert immediate.scores == (0, 20)
    assert end.scores == (0, 0)  # not yet counted
    assert end.brisques == immediate.brisques == (0, 2)
    immediate = trick(immediate, "9H", "AH")
    end = trick(end, "9H", "AH")
    assert immediate.is_over and end.is_over
    assert immediate.scores == end.scores == (10 + 10, 20)
    assert bz.deal_result(immediate).points == bz.deal_result(end).points == (20, 20)
    assert bz.deal_result(end).breakdown[0].brisques == 10
    assert bz.deal_result(end).breakdown[1].brisques == 20


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R2_11_both_timings_give_equal_totals_over_a_whole_deal(seed: int) -> None:
    end_variant = V.with_options(brisque_timing="end_of_deal")
    a = bz.new_deal(V, seed=seed)
    b = bz.new_deal(end_variant, seed=seed)
    rng = random.Random(seed)
    while not a.is_over:
        action = rng.choice(bz.legal_actions(a))
        assert bz.legal_actions(a) == bz.legal_actions(b)
        a, b = bz.apply(a, action), bz.apply(b, action)
        if not b.is_over:
            # end_of_deal: the running score leaves the brisques out; immediate adds them
            assert a.brisques == b.brisques
            assert a.scores == tuple(
                x + 10 * n for x, n in zip(b.scores, b.brisques, strict=True))
    assert b.is_over
    assert a.scores == b.scores
    ra, rb = bz.deal_result(a), bz.deal_result(b)
    assert ra.points == rb.points
    assert sum(ra.brisque_counts) == 16
    assert sum(s.brisques for s in ra.breakdown) == 160


# --------------------------------------------------------------------------- R2.12: last trick


def test_R2_12_winner_of_the_last_trick_of_the_deal_scores_10() -> None:
    state = brisque_deal(V)
    state = trick(state, "AS", "10S")
    assert state.last_trick == (0, 0)
    state = trick(state, "9H", "AH")
    assert state.is_over and state.to_move is None
    assert state.tricks == 2
    result = bz.deal_result(state)
    assert [s.last_trick for s in result.breakdown] == [10, 0]
    assert bz.legal_actions(state) == ()


def test_R2_12_the_result_exists_once_the_last_trick_is_played_and_counts_the_tricks() -> None:
    state = trick(brisque_deal(V), "AS", "10S")
    with pytest.raises(bz.DealNotOverError) as caught:
        bz.deal_result(state)
    assert str(caught.value) == "the deal is not over yet; there is no result"
    state = trick(state, "9H", "AH")
    assert bz.deal_result(state).tricks == 2


@pytest.mark.parametrize("option", ["final", "end_of_stock"])
@pytest.mark.parametrize("seed", [10, 11, 12])
def test_R2_12_last_trick_bonus_in_a_whole_deal(seed: int, option: str) -> None:
    variant = V.with_options(last_trick=option)
    state = bz.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    winners = {}
    while not state.is_over:
        done = state.tricks
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
        if state.tricks != done:
            winners[state.tricks] = state.last_winner
    expected = [0, 0]
    expected[winners[32 if option == "final" else 24]] = 10
    assert [s.last_trick for s in bz.deal_result(state).breakdown] == expected


LAST_TRICK_HANDS = ["7S AD", "AS KD"]


def last_trick_deal(variant: bz.Variant) -> bz.State:
    """Trick 24 won by the elder (A♠); trick 32 (the last) won by the dealer."""
    state = bz.setup(variant, hands=LAST_TRICK_HANDS, turn_up="9H", stock="10C")
    state = trick(state, "AS", "7S")
    return state


def finish_last_trick_deal(state: bz.State) -> bz.State:
    state = bz.apply(state, PASS)
    assert hand(state, 1) == cards("KD 10C")
    assert hand(state, 0) == cards("AD 9H")
    state = trick(state, "KD", "AD")
    state = trick(state, "9H", "10C")
    assert state.is_over
    assert state.last_winner == 0
    return state


def test_R2_12_last_trick_final_by_default() -> None:
    state = last_trick_deal(V)
    assert state.last_trick == (0, 0)  # trick 24 earns nothing
    state = finish_last_trick_deal(state)
    result = bz.deal_result(state)
    assert [s.last_trick for s in result.breakdown] == [10, 0]
    assert result.points == (20 + 10, 10)


def test_R2_12_last_trick_end_of_stock_option() -> None:
    variant = V.with_options(last_trick="end_of_stock")
    state = last_trick_deal(variant)
    assert state.last_trick == (0, 10)  # trick 24 earns it at once
    assert state.scores == (0, 10 + 10)
    state = finish_last_trick_deal(state)
    result = bz.deal_result(state)
    assert [s.last_trick for s in result.breakdown] == [0, 10]  # trick 32 earns nothing
    assert result.points == (20, 10 + 10)


# --------------------------------------------------------------------------- R11.1: dealing


@pytest.mark.parametrize("dealer", [0, 1])
def test_R11_1_elder_is_the_dealers_left_and_dealer_is_dealt_last(dealer: int) -> None:
    from bezique._engine.shuffle import shuffled

    state = bz.new_deal(V, seed=31, dealer=dealer)
    elder = (dealer + 1) % 2
    assert V.deal.elder(dealer) == elder
    assert state.to_move == elder
    deck = shuffled(V.deck.cards(), 31)
    # the first packet goes to the dealer's left, the dealer's packet comes after it
    assert deck[0] in state.hands[elder]
    assert deck[15] in state.hands[dealer]


# --------------------------------------------------------------------------- one step


def test_R2_5_R2_7_R4_2_a_listed_card_is_played_from_where_it_lies() -> None:
    """Every listed action of a player with cards in hand and on the table applies; a card
    of both places is played from the hand unless the action says the table (R2.5, R2.7),
    and a phase-1 trump seven scores (R4.2)."""
    state = bz.setup(V, hands=["QS JS AH 10H KC QC 9S 7H", "AS KH KH QH JD 9C 8C 7D"],
                     turn_up="9H", stock="AC 10C KD")
    state = trick(state, "AS", "9S")
    state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
    for action in bz.legal_actions(state):
        assert bz.apply(state, action).trick == ((1, action.card),), action  # type: ignore[union-attr]
    from_hand = bz.apply(state, bz.Play("KH"))
    assert (len(from_hand.table[1]), len(from_hand.hands[1])) == (2, 5)
    led = bz.apply(state, bz.Play("KH", from_table=True))
    assert (len(led.table[1]), len(led.hands[1])) == (1, 6)
    after = bz.apply(led, bz.Play("7H"))
    assert after.sevens == (10, 0) and after.last_winner == 1  # K♥ beats 7♥
    assert bz.Card.parse("7H") not in after.hands[0]


def test_apply_unchecked_of_0_2_0_still_applies_as_apply_does() -> None:
    """``bezique.apply_unchecked`` (deprecated, out of the public lists) still plays a whole
    deal as :func:`bz.apply` does, for the programs written against 0.2.0."""
    s = t = bz.new_deal(V, seed=5)
    while not s.is_over:
        action = bz.legal_actions(s)[-1]
        s, t = bz.apply(s, action), bz.apply_unchecked(t, action)
        assert s == t
    assert "apply_unchecked" not in bz.__all__


# --------------------------------------------------------------------------- wrong inputs


def test_wrong_types_raise_type_error_naming_the_type() -> None:
    for call in (bz.legal_actions, lambda x: bz.apply(x, bz.Pass()),
                 lambda x: bz.check_action(x, bz.Pass())):
        with pytest.raises(TypeError, match="State or a Game, not int"):
            call(42)  # type: ignore[arg-type]


def test_R2_12_no_action_once_the_deal_is_over() -> None:
    end = bz.setup(V, hands=["AS", "7S"], stock=(), turn_up=None, trump="H")
    end = trick(end, "7S", "AS")
    assert end.is_over and bz.legal_actions(end) == ()
    with pytest.raises(bz.IllegalActionError, match=r"^the deal is over: no action is legal$"):
        bz.apply(end, bz.Play("AS"))
    game = bz.new_game(V.with_options(target=10), seed=1)
    while not game.is_over:
        game = bz.apply(game, bz.legal_actions(game)[0])
    with pytest.raises(bz.IllegalActionError, match=r"^the game is over: no action is legal$"):
        bz.apply(game, bz.Pass())


def _window_after_a_trick() -> bz.State:
    """Two-pack, one trick played: the winner (the dealer, 0) holds the declaration window
    (R2.6) with K♠ Q♠ in hand, so a marriage is on offer besides the pass."""
    state = bz.setup(V, hands=["AS KS QS", "9S 8D 7D"], turn_up="9C", stock="8H 7H 8C")
    after = trick(state, "9S", "AS")
    assert (after.stage, after.to_move) == (bz.Stage.DECLARE, 0)
    return after


def test_R2_6_R2_8_a_pass_ends_the_window_and_the_winner_draws_first() -> None:
    """A pass ends the winner's window turn whatever the window offered: the winner draws
    the stock's top card, then the loser (R2.6, R2.8), and the winner leads."""
    window = _window_after_a_trick()
    after = bz.apply(window, PASS)
    assert (after.stage, after.to_move, after.stock) == (bz.Stage.PLAY, 0, (bz.Card.parse("8C"),))
    assert bz.Card.parse("8H") in after.hands[0] and bz.Card.parse("7H") in after.hands[1]


def test_R2_6_R2_12_a_refused_action_is_named_in_the_error() -> None:
    """An ``IllegalActionError`` carries the action it refuses: a pass where a card must be
    led (R2.6: a pass is a window's action), and any action once the deal is over (R2.12)."""
    window = _window_after_a_trick()
    led = bz.apply(window, PASS)
    with pytest.raises(bz.IllegalActionError) as refused:
        bz.apply(led, PASS)
    assert refused.value.action == PASS
    over = bz.setup(V, hands=["AS", "9S"], turn_up=None, stock=(), trump=bz.Suit.CLUBS)
    over = trick(over, "9S", "AS")
    assert over.is_over
    with pytest.raises(bz.IllegalActionError, match="the deal is over") as refused:
        bz.apply(over, bz.Play(bz.Card.parse("AS")))
    assert refused.value.action == bz.Play(bz.Card.parse("AS"))
