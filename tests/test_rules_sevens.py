"""Scenario tests for the seven of trumps (RULES.md section 4, R4.1-R4.3), two-pack game.

Positions come from ``tests/positions.py``: player 0 deals and wins trick after trick,
player 1 leads the first trick. Trumps are hearts; the turn-up is A♥ unless said otherwise.
"""

from __future__ import annotations

import bezique as bz
from bezique.state import Stage
from positions import (
    assert_illegal,
    declarations,
    declare,
    pass_,
    position,
    win,
)

K = bz.MeldKind
SEVEN = bz.Card.parse("7H")
ACE = bz.Card.parse("AH")
EXCHANGE = bz.ExchangeSeven("7H")
SHOW = bz.Declare(K.TRUMP_SEVEN, ("7H",))
SEVEN_EXTRA = bz.variants.TWO_PACK.with_options(seven_counts_as_meld=False)
HAND = "7H 9C 9D 9S 8S 10S 10D JC"
"""Player 0: the seven of trumps and cards that make no combination."""


# --------------------------------------------------------------------------- R4.1


def test_R4_1_exchange_the_seven_for_the_turn_up_scores_10() -> None:
    s = position(HAND, turn_up="AH")
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert EXCHANGE in acts and SHOW in acts
    assert w.turn_up is ACE and w.sevens == (0, 0)
    t = bz.apply(w, EXCHANGE)
    assert t.sevens == (10, 0)
    assert t.scores[0] - w.scores[0] == 10
    assert t.turn_up is SEVEN and t.trump is bz.Suit.HEARTS
    assert ACE in t.hands[0] and SEVEN not in t.hands[0]
    assert t.tables == ((), ())  # the exchange lays nothing on the table
    # the exchange was the trick's declaration: the window closed and both drew
    assert t.stage is Stage.PLAY and t.to_move == 0
    assert t.stock_size == w.stock_size - 2


def test_R4_1_the_taken_turn_up_is_seen_by_both_players() -> None:
    """The turn-up lay face up: once exchanged into the hand, both players know it is there
    (``exposed``) until it leaves the hand."""
    t = bz.apply(win(position(HAND, turn_up="AH"), "9C"), EXCHANGE)
    assert t.exposed == ((ACE,), ())
    assert bz.observe(t, 1).exposed == ((ACE,), ())
    u = win(t, "AH")
    assert u.exposed == ((), ())


def test_R4_1_no_exchange_when_the_turn_up_is_a_seven() -> None:
    s = position(HAND, turn_up="7H")
    assert s.sevens == (10, 0)  # R2.2: the dealer scores the turned-up seven
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert EXCHANGE not in acts and SHOW in acts
    assert_illegal(w, EXCHANGE, "R4.1")
    t = bz.apply(w, SHOW)
    assert t.sevens == (20, 0)
    assert t.turn_up is SEVEN


# Outside a declaration window the engine cites R3.1 ("only the winner of a phase-1 trick may
# declare or exchange"); the exchange's own rule is R4.1. The behaviour is checked with either
# id, the citation separately below.
OUTSIDE_WINDOW = ("R4.1", "R3.1")


def test_R4_1_exchange_only_right_after_winning_a_trick() -> None:
    s = position("AS 9C 9D 9S 8S 10S 10D JC", "7H AD 8D 7D 7D 8C 8C 7C", turn_up="AH")
    # before any trick, the holder (on lead) may not exchange
    assert_illegal(s, EXCHANGE, *OUTSIDE_WINDOW)
    led = bz.apply(s, bz.Play("8C"))
    assert_illegal(led, EXCHANGE, *OUTSIDE_WINDOW)
    # player 0 wins: the window is his, and he has no seven to exchange
    w = bz.apply(led, bz.Play("9C"))
    assert w.stage is Stage.DECLARE and w.to_move == 0
    assert_illegal(w, EXCHANGE, "R4.1", "R4.2")
    t = pass_(w)
    assert_illegal(t, EXCHANGE, *OUTSIDE_WINDOW)
    # in the middle of a trick the holder may not exchange
    mid = bz.apply(t, bz.Play("9D"))
    assert mid.to_move == 1
    assert_illegal(mid, EXCHANGE, *OUTSIDE_WINDOW)
    # once he has won the trick he may
    u = bz.apply(mid, bz.Play("AD"))
    assert u.stage is Stage.DECLARE and u.to_move == 1
    assert EXCHANGE in bz.legal_actions(u)
    v = bz.apply(u, EXCHANGE)
    assert v.sevens == (0, 10) and v.turn_up is SEVEN and ACE in v.hands[1]


def test_R4_1_exchange_outside_a_window_cites_R4_1() -> None:
    s = position("AS 9C 9D 9S 8S 10S 10D JC", "7H AD 8D 7D 7D 8C 8C 7C", turn_up="AH")
    assert s.to_move == 1 and SEVEN in s.hands[1]
    assert_illegal(s, EXCHANGE, "R4.1")


def test_R4_1_exchange_after_the_last_phase_1_trick_the_loser_takes_the_seven() -> None:
    s = position(HAND, turn_up="AH", draws0="8H", tricks=1)
    assert s.stock_size == 2
    w = win(s, "9C")
    assert EXCHANGE in bz.legal_actions(w)
    t = bz.apply(w, EXCHANGE)
    # the winner draws the last face-down card, the loser takes the exchanged seven (R2.8)
    assert t.phase == 2 and t.stock_size == 0 and t.turn_up is None
    assert t.sevens == (10, 0)
    assert ACE in t.hands[0] and bz.Card.parse("8H") in t.hands[0]
    assert SEVEN in t.hands[1]
    # the exchanged seven has scored: played in phase 2 it scores nothing more (R4.2)
    led = bz.apply(t, bz.Play("AH"))
    assert bz.legal_actions(led) == (bz.Play("7H"),)  # player 1 must follow (R2.10)
    end = bz.apply(led, bz.Play("7H"))
    assert end.sevens == (10, 0)


def test_R4_1_no_exchange_once_an_exchanged_seven_lies_under_the_stock() -> None:
    s = position(HAND, turn_up="AH", draws0="9S 7H")
    t = bz.apply(win(s, "9C"), EXCHANGE)
    assert t.turn_up is SEVEN
    t2 = pass_(win(t, "9D"))
    assert SEVEN in t2.hands[0]  # the second seven of trumps
    w = win(t2, "9S")
    acts = bz.legal_actions(w)
    assert EXCHANGE not in acts and SHOW in acts
    assert_illegal(w, EXCHANGE, "R4.1")
    assert bz.apply(w, SHOW).sevens == (20, 0)


# --------------------------------------------------------------------------- R4.2


def test_R4_2_trump_seven_played_to_a_phase_1_trick_scores_10() -> None:
    s = position("7H AH 9C 9D 9S 8S 10S 10D", "7H 8D 8D 7D 7D 8C 8C 7C", turn_up="9H")
    led = bz.apply(s, bz.Play("8C"))
    w = bz.apply(led, bz.Play("7H"))  # trumps the club: wins, and the seven scores
    assert w.last_winner == 0
    assert w.sevens == (10, 0)
    t = pass_(w)
    # played by the loser of the trick, a trump seven scores as well
    w2 = win(t, "AH", "7H")
    assert w2.sevens == (10, 10)
    # a seven played and scored is gone: nothing left to show or exchange
    assert SHOW not in bz.legal_actions(w2)


def test_R4_2_declared_seven_goes_to_the_table_and_scores_once() -> None:
    s = position(HAND, turn_up="AH")
    w = win(s, "9C")
    t = bz.apply(w, SHOW)
    assert t.sevens == (10, 0) and t.melds == (0, 0)
    assert t.tables[0] == (SEVEN,) and SEVEN not in t.hands[0]
    assert len(t.hands[0]) + len(t.tables[0]) == 8
    assert t.stage is Stage.PLAY  # the window closed (R4.3)
    w2 = win(t, "9D")
    acts = bz.legal_actions(w2)
    assert SHOW not in acts and EXCHANGE not in acts
    assert_illegal(w2, SHOW, "R4.2")
    assert_illegal(w2, EXCHANGE, "R4.2")
    t2 = pass_(w2)
    # played from the table later, it scores nothing more
    assert bz.Play("7H") in bz.legal_actions(t2)
    w3 = win(t2, "7H")
    assert w3.tables[0] == ()
    assert w3.sevens == (10, 0)


def test_R4_2_the_declared_seven_lies_on_the_table_in_the_seven_class() -> None:
    """The shown seven is a table card that has served in the seven's own class (bit 8 of
    ``TableCard.used``) and in no other."""
    t = bz.apply(win(position(HAND, turn_up="AH"), "9C"), SHOW)
    (laid,) = t.table[0]
    assert laid.card is SEVEN and laid.used == 8


def test_R4_2_seven_played_in_phase_2_scores_nothing() -> None:
    s = position(HAND, turn_up="AH", tricks=1)
    t = pass_(win(s, "9C"))
    assert t.phase == 2 and ACE in t.hands[1] and SEVEN in t.hands[0]
    # no seven action is open in phase 2 (R2.9)
    assert_illegal(t, EXCHANGE, "R2.9", "R3.1", "R4.1")
    assert_illegal(t, SHOW, "R2.9", "R3.1", "R4.2")
    led = bz.apply(t, bz.Play("7H"))
    end = bz.apply(led, bz.Play("AH"))
    assert end.sevens == (0, 0)
    assert end.last_winner == 1


def test_R4_2_only_the_seven_of_trumps_scores() -> None:
    s = position("7S 7H 9C 9D 9S 8S 10S 10D", turn_up="AH")
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert bz.ExchangeSeven("7S") not in acts
    assert bz.Declare(K.TRUMP_SEVEN, ("7S",)) not in acts
    assert_illegal(w, bz.ExchangeSeven("7S"), "R4.1")
    assert_illegal(w, bz.Declare(K.TRUMP_SEVEN, ("7S",)), "R4.1", "R4.2")
    assert_illegal(w, bz.Declare(K.TRUMP_SEVEN, ("7H", "7S")), "R4.2")
    t = pass_(w)
    # a plain seven played to a phase-1 trick scores nothing either
    w2 = win(t, "7S")
    assert w2.sevens == (0, 0)


# --------------------------------------------------------------------------- R4.3

MARRIAGE = declare(K.COMMON_MARRIAGE, "KS QS")
HAND_WITH_MARRIAGE = "7H KS QS 9C 9D 9S 8S 10S"


def test_R4_3_seven_action_uses_up_the_tricks_declaration_by_default() -> None:
    s = position(HAND_WITH_MARRIAGE, turn_up="AH")
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert MARRIAGE in acts and EXCHANGE in acts and SHOW in acts
    for seven in (SHOW, EXCHANGE):
        t = bz.apply(w, seven)
        assert t.stage is Stage.PLAY  # the window closed by itself
        assert t.sevens == (10, 0) and t.melds == (0, 0)
        assert_illegal(t, MARRIAGE, "R3.1", "R3.2", "R4.3")
        # the marriage waits for the next trick won
        assert MARRIAGE in bz.legal_actions(win(t, "9D"))
    # a combination first uses up the seven action as well
    t = bz.apply(w, MARRIAGE)
    assert t.stage is Stage.PLAY
    assert t.melds == (20, 0) and t.sevens == (0, 0)
    assert_illegal(t, EXCHANGE, "R3.1", "R4.1", "R4.3")
    assert_illegal(t, SHOW, "R3.1", "R4.3")
    assert EXCHANGE in bz.legal_actions(win(t, "9D"))


def test_R4_3_seven_action_in_addition_with_seven_counts_as_meld_false() -> None:
    s = position(HAND_WITH_MARRIAGE, turn_up="AH", variant=SEVEN_EXTRA)
    w = win(s, "9C")
    # a combination, then a seven action, in the same window
    t = bz.apply(w, MARRIAGE)
    assert t.stage is Stage.DECLARE and t.to_move == 0
    acts = bz.legal_actions(t)
    assert len(acts) == 3 and set(acts) == {EXCHANGE, SHOW, bz.Pass()}
    u = bz.apply(t, EXCHANGE)
    assert u.melds == (20, 0) and u.sevens == (10, 0)
    assert u.stage is Stage.PLAY  # nothing more allowed: the window closed by itself
    # the seven action is optional: Pass closes the window after the combination
    p = pass_(t)
    assert p.stage is Stage.PLAY and p.sevens == (0, 0) and p.melds == (20, 0)
    # a seven action, then a combination
    for seven in (EXCHANGE, SHOW):
        t = bz.apply(w, seven)
        assert t.stage is Stage.DECLARE and t.to_move == 0
        assert declarations(t) == [MARRIAGE]
        assert EXCHANGE not in bz.legal_actions(t) and SHOW not in bz.legal_actions(t)
        u = bz.apply(t, MARRIAGE)
        assert u.melds == (20, 0) and u.sevens == (10, 0)
        assert u.stage is Stage.PLAY


def test_R4_3_one_seven_action_per_trick_with_seven_counts_as_meld_false() -> None:
    s = position("7H 7H 9C 9D 9S 8S 10S 10D", turn_up="AH", variant=SEVEN_EXTRA)
    w = win(s, "9C")
    t = bz.apply(w, EXCHANGE)
    assert SEVEN in t.hands[0]  # the other seven of trumps
    # one seven action per trick: the other seven is refused, though the window stays open
    # (a combination is still allowed by the rules, whatever player 0 holds: R2.6)
    assert t.stage is Stage.DECLARE and t.to_move == 0
    assert bz.legal_actions(t) == (bz.Pass(),)  # he can declare no combination
    assert_illegal(t, SHOW, "R4.3", "R6.6", "R3.1")
    assert_illegal(t, EXCHANGE, "R4.1", "R4.3", "R6.6", "R3.1")
    # his pass closes the window; the sevens are still refused until the next trick
    t = pass_(t)
    assert t.stage is Stage.PLAY and t.sevens == (10, 0)
    assert_illegal(t, SHOW, "R4.3", "R6.6", "R3.1")
    assert_illegal(t, EXCHANGE, "R4.1", "R4.3", "R6.6", "R3.1")
    # after the next trick won the other seven may be shown
    w2 = win(t, "9D")
    assert SHOW in bz.legal_actions(w2)
    assert bz.apply(w2, SHOW).sevens == (20, 0)


# --------------------------------------------------------------------------- sevens_score off

NO_SEVENS = bz.variants.TWO_PACK.with_options(sevens_score=False)


def test_R4_2_sevens_score_false_no_seven_action_is_offered() -> None:
    """With ``sevens_score = False`` the trump seven is a plain card: after a trick won its
    holder is offered neither the exchange nor the declaration, and both are refused."""
    s = position(HAND, turn_up="AH", variant=NO_SEVENS)
    w = win(s, "9C")
    assert bz.legal_actions(w) == (bz.Pass(),)
    assert_illegal(w, EXCHANGE, "R4.1", "R4.2", "R5.1")
    assert_illegal(w, SHOW, "R4.1", "R4.2", "R5.1")
    t = pass_(w)
    assert t.turn_up is ACE and SEVEN in t.hands[0]  # nothing was exchanged
    # played to a phase-1 trick it scores nothing either
    assert win(t, "7H").sevens == (0, 0)


def test_R2_2_sevens_score_false_a_turned_up_seven_scores_nothing() -> None:
    s = position(HAND, turn_up="7H", variant=NO_SEVENS)
    assert s.sevens == (0, 0) and s.scores == (0, 0)
