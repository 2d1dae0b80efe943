"""Scenario tests for declarations (RULES.md section 3, R3.1-R3.9), two-pack game.

Every test starts from an explicit position (``tests/positions.py``): player 0 deals,
player 1 leads the first trick, player 0 wins trick after trick and so controls the
declaration windows. Trumps are hearts (turn-up 9♥) unless a test says otherwise.
"""

from __future__ import annotations

import itertools

import attrs
import pytest

import bezique as bz
from bezique.state import Stage
from positions import (
    LOSER,
    assert_illegal,
    cards,
    declarations,
    declare,
    pass_,
    position,
    win,
)
from scenario import close_announcements, play

K = bz.MeldKind
FRESH = bz.variants.TWO_PACK.with_options(require_fresh_card=True)
REFORM = bz.variants.TWO_PACK.with_options(reform_broken=True)
SEVEN_EXTRA = bz.variants.TWO_PACK.with_options(seven_counts_as_meld=False)
SINGLE = bz.variants.TWO_PACK.with_options(announce_several=False)
"""No announcements (R12, R13.7): a window lays down only the combination it scores."""


def _sorted(text: str) -> tuple[bz.Card, ...]:
    return tuple(sorted(cards(text)))


# --------------------------------------------------------------------------- R3.1


def test_R3_1_declaring_before_any_trick_raises() -> None:
    s = position("KS QS 9C 9D 9S 8S 10S 10D", "KD QD 8D 7D 8C 8C 7C 7C")
    assert s.to_move == 1 and s.stage is Stage.PLAY
    # the elder, on lead, holds a marriage: no trick has been won yet
    assert_illegal(s, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.1")
    assert_illegal(s, bz.Pass(), "R2.6")
    # in the middle of the first trick, the dealer may not declare either
    mid = bz.apply(s, bz.Play("7C"))
    assert mid.to_move == 0
    assert_illegal(mid, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.1")


def test_R3_1_only_the_trick_winner_declares() -> None:
    s = position("KD QD 9C 9D 9S 8S 10S 10D", "KS QS AS 8D 7D 8C 7C 7C")
    w = win(s, "9C", "8C")
    # the window belongs to the winner, before anyone draws
    assert w.stage is Stage.DECLARE and w.to_move == 0
    assert w.stock_size == s.stock_size
    assert len(w.hands[0]) == 7 and len(w.hands[1]) == 7
    assert declarations(w) == [declare(K.COMMON_MARRIAGE, "KD QD")]
    # the loser's marriage is not his to declare
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.9")
    t = pass_(w)
    assert t.stage is Stage.PLAY and t.to_move == 0
    assert_illegal(t, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.1")
    # when player 1 wins a trick, the window is his, with his marriage only
    led = bz.apply(t, bz.Play("8S"))
    assert_illegal(led, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.1")
    u = bz.apply(led, bz.Play("AS"))
    assert u.stage is Stage.DECLARE and u.to_move == 1
    assert declarations(u) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    assert_illegal(u, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.9")
    v = bz.apply(u, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.melds == (0, 20)


def test_R3_1_combination_completed_by_a_draw_waits_for_the_next_trick_won() -> None:
    s = position("KS 9C 9D 9S 8S 10S 10D JC", draws0="QS")
    w = win(s, "9C")
    assert bz.legal_actions(w) == (bz.Pass(),)  # the window opens although empty (R2.6)
    t = pass_(w)
    assert bz.Card.parse("QS") in t.hands[0]
    # the marriage is now complete, but player 0 is on lead: it waits for a trick won
    assert t.stage is Stage.PLAY and t.to_move == 0
    assert_illegal(t, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.1")
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    done = bz.apply(w2, declare(K.COMMON_MARRIAGE, "QS KS"))  # any card order
    assert done.melds == (20, 0)


def test_R3_1_declaring_is_never_compulsory() -> None:
    s = position("KS QS 9C 9D 9S 8S 10S 10D")
    w = win(s, "9C")
    assert bz.Pass() in bz.legal_actions(w)
    t = pass_(w)
    assert t.melds == (0, 0) and t.tables == ((), ())
    assert t.stage is Stage.PLAY and t.stock_size == s.stock_size - 2
    # the marriage can still be declared after a later trick won
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.COMMON_MARRIAGE, "KS QS")]


def test_R3_1_no_declaration_after_a_phase_2_trick() -> None:
    s = position("KS QS AH 9C 9D 9S 10S 10D", tricks=1)
    t = pass_(win(s, "9C"))
    assert t.phase == 2 and t.stage is Stage.PLAY
    w = win(t, "AH")  # a phase-2 trick: no window (R2.9)
    assert w.stage is Stage.PLAY and w.to_move == 0
    assert not any(isinstance(a, bz.Declare) for a in bz.legal_actions(w))
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.1", "R2.9")
    assert_illegal(w, bz.Pass(), "R2.6", "R2.9")


# --------------------------------------------------------------------------- R3.2


def test_R3_2_one_combination_per_trick_window_closes_by_itself() -> None:
    s = position("KS QS KD QD 9C 9D 9S 8S", variant=SINGLE)
    w = win(s, "9C")
    assert set(declarations(w)) == {declare(K.COMMON_MARRIAGE, "KS QS"),
                                    declare(K.COMMON_MARRIAGE, "KD QD")}
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    # two-pack without announcements (R13.7 has them, tests/test_rules_announcements.py):
    # after one declaration nothing more is allowed, the window closes and both draw
    assert t.stage is Stage.PLAY and t.to_move == 0
    assert t.stock_size == w.stock_size - 2
    assert t.melds == (20, 0)
    assert_illegal(t, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.1", "R3.2")
    # the second marriage scores after the next trick won
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.COMMON_MARRIAGE, "KD QD")]
    assert bz.apply(w2, declare(K.COMMON_MARRIAGE, "KD QD")).melds == (40, 0)


def test_R3_2_second_combination_in_the_same_window_raises() -> None:
    # with seven_counts_as_meld=False the window stays open for the seven after a combination
    s = position("7H KS QS KD QD 9C 9D 9S", turn_up="AH", variant=SEVEN_EXTRA)
    w = win(s, "9C")
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert t.stage is Stage.DECLARE and t.to_move == 0
    assert declarations(t) == []
    assert_illegal(t, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.2")
    assert t.melds == (20, 0)


def test_R3_2_declared_cards_go_to_the_table_and_stay_part_of_the_hand() -> None:
    s = position("KS QS KD KC KC 9C 9D 9S", variant=SINGLE)  # R13.7: nothing announced
    w = win(s, "9C")
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert t.tables[0] == _sorted("KS QS")
    assert not {bz.Card.parse("KS"), bz.Card.parse("QS")} & set(t.hands[0])
    assert len(t.hands[0]) + len(t.tables[0]) == 8
    # the table king serves again (class C), the cards already on the table stay there once
    w2 = win(t, "9D")
    assert declare(K.FOUR_KINGS, "KS KD KC KC") in declarations(w2)
    u = bz.apply(w2, declare(K.FOUR_KINGS, "KS KD KC KC"))
    assert sorted(u.tables[0]) == sorted(cards("KS QS KD KC KC"))
    assert u.melds == (100, 0)
    assert len(u.hands[0]) + len(u.tables[0]) == 8
    # a table card may be played to a trick like any card of the hand (R2.7)
    assert bz.Play("QS") in bz.legal_actions(u)
    w3 = win(u, "QS")
    assert sorted(w3.tables[0]) == sorted(cards("KS KD KC KC"))


def test_R3_2_a_declared_card_everyone_has_seen_leaves_the_exposed_cards() -> None:
    """The turn-up taken by the seven exchange is seen by both players (R4.1); declared, it
    goes to the table, where every player sees it, and is no longer an exposed hand card."""
    s = position("7H QH 9C 9D 9S 8S 10S 10D", turn_up="KH")
    t = bz.apply(win(s, "9C"), bz.ExchangeSeven("7H"))
    assert t.exposed[0] == cards("KH")
    w = win(t, "9D")
    u = bz.apply(w, declare(K.ROYAL_MARRIAGE, "KH QH"))
    assert u.exposed == ((), ())
    assert sorted(u.tables[0]) == sorted(cards("KH QH"))
    assert bz.observe(u, 1).exposed == ((), ())


# --------------------------------------------------------------------------- R3.3

_PAD = ("9C", "9D", "9S", "8S", "10S", "10D", "10C", "8H")
MELD_TABLE = [
    (K.COMMON_MARRIAGE, "KS QS", 20),
    (K.ROYAL_MARRIAGE, "KH QH", 40),
    (K.TRUMP_SEQUENCE, "AH 10H KH QH JH", 250),
    (K.BEZIQUE, "QS JD", 40),
    (K.DOUBLE_BEZIQUE, "QS QS JD JD", 500),
    (K.FOUR_ACES, "AS AH AD AC", 100),
    (K.FOUR_ACES, "AS AS AD AD", 100),
    (K.FOUR_KINGS, "KS KH KD KC", 80),
    (K.FOUR_QUEENS, "QS QH QD QC", 60),
    (K.FOUR_JACKS, "JS JH JD JC", 40),
    (K.FOUR_JACKS, "JS JS JH JC", 40),
]


@pytest.mark.parametrize(("kind", "meld", "points"), MELD_TABLE,
                         ids=[f"{k.value}-{m.replace(' ', '')}" for k, m, _ in MELD_TABLE])
def test_R3_3_meld_table_points(kind: bz.MeldKind, meld: str, points: int) -> None:
    held = list(cards(meld))
    hand = " ".join([meld, *_PAD[:8 - len(held)]])
    s = position(hand)
    w = win(s, "9C")
    action = declare(kind, meld)
    assert action in declarations(w)
    t = bz.apply(w, action)
    assert t.melds == (points, 0)
    assert t.scores[0] - w.scores[0] == points
    assert sorted(t.tables[0]) == sorted(held)


def test_R3_3_marriage_in_trumps_is_royal_in_a_plain_suit_common() -> None:
    hand = "KS QS KD QD 9C 9D 10D 10C"
    spades = win(position(hand, turn_up="9S"), "9C")
    assert set(declarations(spades)) == {declare(K.ROYAL_MARRIAGE, "KS QS"),
                                         declare(K.COMMON_MARRIAGE, "KD QD")}
    assert_illegal(spades, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.3")
    assert_illegal(spades, declare(K.ROYAL_MARRIAGE, "KD QD"), "R3.3")
    assert bz.apply(spades, declare(K.ROYAL_MARRIAGE, "KS QS")).melds == (40, 0)
    hearts = win(position(hand, turn_up="9H"), "9C")
    assert set(declarations(hearts)) == {declare(K.COMMON_MARRIAGE, "KS QS"),
                                         declare(K.COMMON_MARRIAGE, "KD QD")}
    assert_illegal(hearts, declare(K.ROYAL_MARRIAGE, "KS QS"), "R3.3")
    assert bz.apply(hearts, declare(K.COMMON_MARRIAGE, "KS QS")).melds == (20, 0)


def test_R3_3_cards_that_do_not_form_the_combination_raise() -> None:
    w = win(position("KS QS KD QD JD KC 9C 9D"), "9C")
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QD"), "R3.3")
    assert_illegal(w, declare(K.FOUR_KINGS, "KS KD KC QD"), "R3.3")
    assert_illegal(w, declare(K.DOUBLE_BEZIQUE, "QS JD"), "R3.3")
    assert_illegal(w, declare(K.BACK_DOOR, "KS QS"), "R3.3")  # not in the two-pack table


# --------------------------------------------------------------------------- R3.4


def test_R3_4_a_king_of_four_kings_may_later_marry() -> None:
    s = position("KS KD KC KC QD 9C 9D 9S")
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KS KD KC KC"))
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.COMMON_MARRIAGE, "KD QD")]
    u = bz.apply(w2, declare(K.COMMON_MARRIAGE, "KD QD"))
    assert u.melds == (100, 0)
    # the king on the table served; only the queen joined it
    assert sorted(u.tables[0]) == sorted(cards("KS KD KC KC QD"))


def test_R3_4_each_king_of_four_kings_may_marry_in_turn() -> None:
    """Marrying one king of the four kings marks that king alone as married: the other
    kings of the four may still marry."""
    s = position("KS KD KC KC QD QS 9C 9D", draws0="9S 8S")
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KS KD KC KC"))
    u = bz.apply(win(t, "9D"), declare(K.COMMON_MARRIAGE, "KD QD"))
    w = win(u, "9S")
    assert declarations(w) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    v = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.melds == (80 + 20 + 20, 0)


def test_R3_4_the_queen_of_a_marriage_may_later_form_a_bezique() -> None:
    s = position("KS QS JD 9C 9D 9S 8S 10S")
    w = win(s, "9C")
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.BEZIQUE, "QS JD")]
    u = bz.apply(w2, declare(K.BEZIQUE, "QS JD"))
    assert u.melds == (60, 0)
    assert sorted(u.tables[0]) == sorted(cards("KS QS JD"))


def test_R3_4_one_queen_in_a_marriage_a_bezique_and_four_queens() -> None:
    s = position("KS QS JD QH QD QC 9C 9D", draws0="9S 8S")
    t = bz.apply(win(s, "9C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    t = bz.apply(win(t, "9D"), declare(K.BEZIQUE, "QS JD"))
    w = win(t, "9S")
    assert declare(K.FOUR_QUEENS, "QS QH QD QC") in declarations(w)
    v = bz.apply(w, declare(K.FOUR_QUEENS, "QS QH QD QC"))
    assert v.melds == (120, 0)
    # one Q♠ serves in all three classes: it lies on the table once
    assert sorted(v.tables[0]) == sorted(cards("KS QS JD QH QD QC"))


def test_R3_4_a_card_serves_only_once_per_class() -> None:
    # a fifth king cannot make a second four kings with three kings already scored in one
    s = position("KS KD KC KC 9C 9D 9S 8S", draws0="KS")
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KS KD KC KC"))
    assert bz.Card.parse("KS") in t.hands[0]
    w2 = win(t, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.FOUR_KINGS, "KS KD KC KC"), "R3.4", "R3.9")


# --------------------------------------------------------------------------- R3.5


def test_R3_5_royal_marriage_then_trump_sequence() -> None:
    s = position("AH 10H KH QH JH 9C 9D 9S")
    w = win(s, "9C")
    assert {declare(K.ROYAL_MARRIAGE, "KH QH"),
            declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")} <= set(declarations(w))
    t = bz.apply(w, declare(K.ROYAL_MARRIAGE, "KH QH"))
    assert t.melds == (40, 0)
    w2 = win(t, "9D")
    assert declarations(w2) == [declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")]
    u = bz.apply(w2, declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH"))
    assert u.melds == (290, 0)
    assert sorted(u.tables[0]) == sorted(cards("AH 10H KH QH JH"))


def test_R3_5_upgrade_of_a_marriage_declared_after_the_opponents_combination() -> None:
    """The upgrade search looks past combinations of the other side: player 1 scores a
    marriage first, then player 0 a royal marriage, which his sequence upgrades."""
    s = bz.setup(bz.variants.TWO_PACK, hands=["KH QH AH 10H JH 9C 9D 8H",
                                              "AS KC QC 7D 7D 8D 8C 7C"],
                 turn_up="9H", dealer=0, seed=3)
    w = play(s, "AS", "9C")  # player 1 wins
    assert w.last_winner == 1
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KC QC"))
    w = play(t, "7D", "8H")  # player 0 trumps
    assert w.last_winner == 0
    t = bz.apply(w, declare(K.ROYAL_MARRIAGE, "KH QH"))
    w = play(t, "9D", "7C")
    assert w.last_winner == 0
    sequence = declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    assert sequence in declarations(w)
    u = bz.apply(w, sequence)
    assert u.melds == (40 + 250, 20)
    assert [c.superseded for c in u.combos] == [False, True, False]


def test_R3_5_upgrade_of_a_marriage_declared_after_a_combination_of_another_class() -> None:
    """A bezique first, then the royal marriage: the upgrade search looks past the bezique
    (no base for a sequence) and the sequence upgrades the marriage."""
    s = position("QS JD KH QH AH 10H JH 9C", draws0="9D 9S")
    t = bz.apply(win(s, "9C"), declare(K.BEZIQUE, "QS JD"))
    t = bz.apply(win(t, "9D"), declare(K.ROYAL_MARRIAGE, "KH QH"))
    w = win(t, "9S")
    sequence = declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    assert declarations(w) == [sequence]
    u = bz.apply(w, sequence)
    assert u.melds == (40 + 40 + 250, 0)
    assert [c.superseded for c in u.combos] == [False, True, False]
    # the upgraded marriage keeps its record, marked superseded (R3.9)
    assert u.combos[:2] == (t.combos[0], attrs.evolve(t.combos[1], superseded=True))


def test_R3_5_bezique_then_double_bezique_by_adding_a_new_pair() -> None:
    s = position("QS JD 9C 9D 9S 8S 10S 10D", draws0="QS JD")
    w = win(s, "9C")
    assert declarations(w) == [declare(K.BEZIQUE, "QS JD")]
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    assert t.melds == (40, 0)
    # a new queen alone makes nothing: the jack on the table has served in a bezique
    w2 = win(t, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.BEZIQUE, "QS JD"), "R3.6", "R3.9")
    t2 = pass_(w2)
    w3 = win(t2, "9S")
    # the new pair upgrades the scored bezique (or could score as a bezique of its own)
    assert set(declarations(w3)) == {declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"),
                                     declare(K.BEZIQUE, "QS JD")}
    u = bz.apply(w3, declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"))
    assert u.melds == (540, 0)
    assert sorted(u.tables[0]) == sorted(cards("QS QS JD JD"))


# --------------------------------------------------------------------------- R3.6


def test_R3_6_no_marriage_out_of_a_scored_sequence() -> None:
    s = position("AH 10H KH QH JH 9C 9D 9S")
    t = bz.apply(win(s, "9C"), declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH"))
    assert t.melds == (250, 0)
    w2 = win(t, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.ROYAL_MARRIAGE, "KH QH"), "R3.6")


@pytest.mark.parametrize("new_card", ["QS", "KS"])
def test_R3_6_no_marrying_a_king_or_queen_already_married(new_card: str) -> None:
    s = position("KS QS 9C 9D 9S 8S 10S 10D", draws0=new_card)
    t = bz.apply(win(s, "9C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    assert bz.Card.parse(new_card) in t.hands[0]
    w2 = win(t, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.6")


def test_R3_6_no_double_bezique_from_two_beziques_scored_singly() -> None:
    s = position("QS QS JD JD 9C 9D 9S 8S")
    w = win(s, "9C")
    assert set(declarations(w)) == {declare(K.BEZIQUE, "QS JD"),
                                    declare(K.DOUBLE_BEZIQUE, "QS QS JD JD")}
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    w2 = win(t, "9D")
    # the second pair may score as a single bezique of its own (or upgrade the first)
    assert set(declarations(w2)) == {declare(K.BEZIQUE, "QS JD"),
                                     declare(K.DOUBLE_BEZIQUE, "QS QS JD JD")}
    u = bz.apply(w2, declare(K.BEZIQUE, "QS JD"))
    assert u.melds == (80, 0)
    w3 = win(u, "9S")
    assert declarations(w3) == []
    assert_illegal(w3, declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.6")


def test_R3_6_no_single_bezique_out_of_a_scored_double() -> None:
    s = position("QS QS JD JD 9C 9D 9S 8S")
    t = bz.apply(win(s, "9C"), declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"))
    assert t.melds == (500, 0)
    w2 = win(t, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.BEZIQUE, "QS JD"), "R3.6")


# --------------------------------------------------------------------------- R3.7


def _kings_then_bezique(variant: bz.Variant, draws0: str = "9S 8S") -> bz.State:
    """Four kings after trick 1, a bezique after trick 2; the window of trick 3."""
    s = position("KS KD KC KC QS JD 9C 9D", draws0=draws0, variant=variant)
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KS KD KC KC"))
    u = bz.apply(win(t, "9D"), declare(K.BEZIQUE, "QS JD"))
    assert u.melds == (120, 0)
    assert sorted(u.tables[0]) == sorted(cards("KS KD KC KC QS JD"))
    return win(u, draws0.split()[0])


def test_R3_7_a_combination_wholly_of_table_cards() -> None:
    w = _kings_then_bezique(bz.variants.TWO_PACK)
    # K♠ has served in class C only, Q♠ in class B only: both are new to class A
    assert declarations(w) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    hand, table = w.hands[0], w.tables[0]
    v = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.melds == (140, 0)
    assert sorted(v.tables[0]) == sorted(table)  # nothing new laid down
    assert len(v.hands[0]) == len(hand) + 1  # only the draw
    # the same marriage cannot score twice (R3.6)
    w2 = win(v, "8S")
    assert_illegal(w2, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.6")


def test_R3_7_require_fresh_card_forbids_a_combination_wholly_of_table_cards() -> None:
    w = _kings_then_bezique(FRESH)
    assert declarations(w) == []
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.7")


def test_R3_7_require_fresh_card_allows_it_with_a_card_from_the_hand() -> None:
    w = _kings_then_bezique(FRESH, draws0="9S KS")
    assert bz.Card.parse("KS") in w.hands[0]
    assert declarations(w) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    v = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.melds == (140, 0)
    assert sorted(v.tables[0]) == sorted(cards("KS KS KD KC KC QS JD"))
    assert bz.Card.parse("KS") not in v.hands[0]


def test_R3_7_require_fresh_card_the_hand_card_replaces_its_own_table_copy() -> None:
    """The K♠ from the hand takes the place of the table's K♠ (of the four kings), not of
    the Q♠: the marriage's table cards are the Q♠ and the new K♠ (R3.9), and the Q♠ is the
    one marked as married."""
    w = _kings_then_bezique(FRESH, draws0="9S KS")
    v = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    by_serial = {tc.serial: tc for tc in v.table[0]}
    marriage = v.combos[-1]
    assert marriage.kind is K.COMMON_MARRIAGE
    assert sorted(by_serial[serial].card for serial in marriage.serials) == sorted(
        cards("KS QS"))
    queen = next(tc for tc in v.table[0] if tc.card == bz.Card.parse("QS"))
    assert queen.used & 1  # class A, the marriages (TableCard.used)


# --------------------------------------------------------------------------- R3.8


def _broken_marriage(variant: bz.Variant) -> bz.State:
    """A marriage K♠ Q♠ scored, its queen played from the table, a new Q♠ drawn."""
    s = position("KS QS 9C 9D 10S 10D JC JC", draws0="9S QS", variant=variant)
    t = bz.apply(win(s, "9C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    assert bz.Card.parse("QS") not in t.hands[0]
    w = win(t, "QS")  # from the table: the marriage is broken
    assert w.tables[0] == _sorted("KS")
    assert bz.legal_actions(w) == (bz.Pass(),)
    t2 = pass_(w)
    assert bz.Card.parse("QS") in t2.hands[0]
    return win(t2, "9D")


# The engine refuses a broken combination through the reuse test of R3.9 and cites
# "R3.6/R3.9"; the rule is R3.8. The behaviour is checked with any of these ids, the
# citation separately (test_R3_8_refusal_cites_R3_8).
BROKEN = ("R3.8", "R3.9")


def test_R3_8_broken_marriage_cannot_be_rescored_by_default() -> None:
    w = _broken_marriage(bz.variants.TWO_PACK)
    assert declarations(w) == []
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), *BROKEN)


def test_R3_8_broken_marriage_reformed_with_reform_broken() -> None:
    w = _broken_marriage(REFORM)
    assert declarations(w) == [declare(K.COMMON_MARRIAGE, "KS QS")]
    v = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.melds == (40, 0)
    assert v.tables[0] == _sorted("KS QS")
    # the re-formed marriage is itself scored: it cannot be declared a third time
    w2 = win(v, "10S")
    assert_illegal(w2, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.6", "R3.8", "R3.9")


def test_R3_8_reform_needs_a_like_card_new_to_the_class() -> None:
    # two marriages K♠ Q♠ scored; one queen played; the other queen has served in class A
    s = position("KS KS QS QS 9C 10C 10S 10D", draws0="9S 8S 9D", variant=REFORM)
    t = bz.apply(win(s, "9C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    t = bz.apply(win(t, "10C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    assert t.melds == (40, 0)
    t = pass_(win(t, "QS"))
    assert sorted(t.tables[0]) == sorted(cards("KS KS QS"))
    w = win(t, "9S")
    assert declarations(w) == []
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.8", "R3.9")


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, REFORM], ids=["default", "reform"])
def test_R3_8_broken_royal_marriage_is_no_base_for_a_sequence(variant: bz.Variant) -> None:
    s = position("KH QH QH AH 10H JH 9C 10C", draws0="9S 8S 9D", variant=variant)
    t = bz.apply(win(s, "9C"), declare(K.ROYAL_MARRIAGE, "KH QH"))
    led = bz.apply(close_announcements(t), bz.Play("QH", from_table=True))  # broken
    w = bz.apply(led, bz.Play(led.hands[1][-1]))
    assert w.last_winner == 0 and w.tables[0] == _sorted("KH")
    assert bz.Card.parse("QH") in w.hands[0]
    t = pass_(w)
    w = win(t, "10C")
    # the sequence needs an intact royal marriage (R3.9); K♥ has served in class A
    assert declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH") not in declarations(w)
    assert_illegal(w, declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH"), "R3.6", "R3.8", "R3.9")
    if variant is REFORM:
        # re-formed with the other Q♥, the marriage is intact again and may become the sequence
        assert declarations(w) == [declare(K.ROYAL_MARRIAGE, "KH QH")]
        v = bz.apply(w, declare(K.ROYAL_MARRIAGE, "KH QH"))
        w2 = win(v, "9S")
        assert declarations(w2) == [declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")]
        assert bz.apply(w2, declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")).melds == (330, 0)
    else:
        assert declarations(w) == []


def _broken_quartet(variant: bz.Variant) -> bz.State:
    """Four kings scored, K♦ played from the table, a new K♥ drawn."""
    s = position("KS KD KC KC 9C 9D 10S 10D", draws0="9S KH", variant=variant)
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KS KD KC KC"))
    w = win(t, "KD")
    assert sorted(w.tables[0]) == sorted(cards("KS KC KC"))
    t2 = pass_(w)
    return win(t2, "9D")


def test_R3_8_broken_four_kings_cannot_be_rescored_by_default() -> None:
    w = _broken_quartet(bz.variants.TWO_PACK)
    assert declarations(w) == []
    assert_illegal(w, declare(K.FOUR_KINGS, "KS KH KC KC"), *BROKEN)


@pytest.mark.parametrize("case", ["marriage", "four_kings"])
def test_R3_8_refusal_cites_R3_8(case: str) -> None:
    if case == "marriage":
        w, action = _broken_marriage(bz.variants.TWO_PACK), declare(K.COMMON_MARRIAGE, "KS QS")
    else:
        w, action = _broken_quartet(bz.variants.TWO_PACK), declare(K.FOUR_KINGS, "KS KH KC KC")
    assert_illegal(w, action, "R3.8")


def test_R3_8_broken_four_kings_reformed_with_any_king_with_reform_broken() -> None:
    w = _broken_quartet(REFORM)
    assert declarations(w) == [declare(K.FOUR_KINGS, "KS KH KC KC")]
    v = bz.apply(w, declare(K.FOUR_KINGS, "KS KH KC KC"))
    assert v.melds == (160, 0)
    assert sorted(v.tables[0]) == sorted(cards("KS KH KC KC"))


# --------------------------------------------------------------------------- R3.9


def test_R3_9_legal_actions_list_every_declaration_exactly_once() -> None:
    s = position("KH QH KS QS QS JD JD 9C", draws0="9D")
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert len(set(acts)) == len(acts)
    assert acts[-1] == bz.Pass()
    assert not any(isinstance(a, (bz.Play, bz.ExchangeSeven)) for a in acts)
    expected = {
        declare(K.ROYAL_MARRIAGE, "KH QH"),
        declare(K.COMMON_MARRIAGE, "KS QS"),  # two Q♠, one marriage listed
        declare(K.BEZIQUE, "QS JD"),
        declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"),
    }
    found = declarations(w)
    assert len(found) == len(set(found)) and set(found) == expected
    # every listed declaration is accepted, built by hand in any card order
    for d in expected:
        v = bz.apply(w, bz.Declare(d.meld, tuple(reversed(d.cards))))
        assert v.melds[0] == {K.ROYAL_MARRIAGE: 40, K.COMMON_MARRIAGE: 20, K.BEZIQUE: 40,
                              K.DOUBLE_BEZIQUE: 500}[d.meld]
    # after a bezique the next window lists the upgrade and a fresh bezique, once each
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    w2 = win(t, "9D")
    found = declarations(w2)
    assert len(found) == len(set(found))
    assert set(found) == {declare(K.ROYAL_MARRIAGE, "KH QH"),
                          declare(K.COMMON_MARRIAGE, "KS QS"),
                          declare(K.BEZIQUE, "QS JD"),
                          declare(K.DOUBLE_BEZIQUE, "QS QS JD JD")}


def test_R3_9_four_aces_with_more_than_four_aces_lists_each_distinct_set() -> None:
    aces = "AS AS AH AH AD AC"
    s = position(aces + " 9C 9D")
    w = win(s, "9C")
    acts = bz.legal_actions(w)
    assert len(set(acts)) == len(acts)
    expected = {bz.Declare(K.FOUR_ACES, combo)
                for combo in itertools.combinations(cards(aces), 4)}
    assert len(expected) == 8
    found = declarations(w)
    assert len(found) == len(set(found)) == 8
    assert set(found) == expected
    v = bz.apply(w, declare(K.FOUR_ACES, "AS AH AD AC"))
    assert v.melds == (100, 0)
    assert sorted(v.tables[0]) == sorted(cards("AS AH AD AC"))
    # the two aces left are new, but no set of four is all new to class C
    w2 = win(v, "9D")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.FOUR_ACES, "AS AS AH AH"), "R3.4", "R3.6", "R3.9")


def test_R3_9_five_aces_list_each_distinct_set_once() -> None:
    s = position("AS AS AH AD AC 9C 9D 9S")
    w = win(s, "9C")
    found = declarations(w)
    assert len(found) == len(set(found))
    assert set(found) == {declare(K.FOUR_ACES, "AS AS AH AD"), declare(K.FOUR_ACES, "AS AS AH AC"),
                          declare(K.FOUR_ACES, "AS AS AD AC"), declare(K.FOUR_ACES, "AS AH AD AC")}


def test_R3_9_the_opponents_table_cards_are_not_held() -> None:
    s = position("QS 9C 9C 9D 8S 10S 10D JC", "KS QS AD 8D 7D 8C 7C 7C")
    t = pass_(win(s, "9C", "8C"))
    led = bz.apply(t, bz.Play("9D"))
    u = bz.apply(led, bz.Play("AD"))  # player 1 wins and declares his marriage
    assert u.to_move == 1 and u.stage is Stage.DECLARE
    v = bz.apply(u, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert v.tables[1] == _sorted("KS QS") and v.melds == (0, 20)
    w = win(v, "9C", "7C")
    assert w.to_move == 0
    assert declarations(w) == []
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KS QS"), "R3.9")


def test_R3_9_every_card_must_be_held() -> None:
    s = position("KS QS JD 9C 9D 9S 8S 10S", LOSER)
    w = win(s, "9C")
    assert_illegal(w, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.9")
    assert_illegal(w, declare(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.9")
    # a played card is no longer held: after the bezique Q♠ is played, no bezique upgrade
    t = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    w2 = win(t, "QS")
    assert declarations(w2) == []
    assert_illegal(w2, declare(K.BEZIQUE, "QS JD"), "R3.9")
