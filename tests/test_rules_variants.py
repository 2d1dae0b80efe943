"""Scenario tests for the variants of RULES.md sections 5, 6.10 and 7, and the option checks.

Every test starts from an explicit position (``bz.setup``), never from a lucky seed. In the
two-player games player 0 deals, so player 1 (the elder) leads the first trick; in the
three- and four-handed games player 0 deals and play goes 1, 2, ..., 0. The four-handed
partnership game (section 6) is in ``tests/test_rules_four_handed.py``.
"""

from __future__ import annotations

import attrs
import pytest

import bezique as bz
from bezique.state import Stage
from scenario import assert_illegal, cards, close_announcements, combos, decl, play

K = bz.MeldKind
TWO_PACK = bz.variants.TWO_PACK
NO_TRUMP = bz.variants.NO_PRESET_TRUMP
SHIFTING = bz.variants.SHIFTING_BEZIQUE
FILDINSKI = bz.variants.FILDINSKI
CUTTHROAT = bz.variants.CUTTHROAT
ALL_PLAY = CUTTHROAT.with_options(phase2="all_play")
"""Cutthroat with every player in every phase-2 trick (R11.9; the preset plays duels)."""
CONSULTATION = bz.variants.CONSULTATION
THREE = bz.variants.THREE_HANDED
FOUR = bz.variants.FOUR_HANDED


# --------------------------------------------------------------------------- helpers


def has_seven_action(state: bz.State) -> bool:
    return any(isinstance(a, bz.ExchangeSeven)
               or (isinstance(a, bz.Declare) and a.meld is K.TRUMP_SEVEN)
               for a in bz.legal_actions(state))


# =========================================================================== R5.1 no preset trump


def no_trump_position(variant: bz.Variant = NO_TRUMP) -> bz.State:
    """Player 0 holds marriages in spades and diamonds and two spade sevens; two phase-1
    tricks are left (stock 9♠ 8♠ 9♠ 8♠)."""
    return bz.setup(variant, hands=["KS QS KD QD 9C 7S 7S 8D", "8C AH 10H 8H 7H JC 9H 10C"],
                    stock="9S 8S 9S 8S")


def test_R5_1_no_turn_up_the_whole_rest_is_stock() -> None:
    s = bz.new_deal(NO_TRUMP, seed=11)
    assert s.turn_up is None and s.trump is None
    assert s.stock_size == 48  # all 48 undealt cards form the stock
    assert [len(h) for h in s.hands] == [8, 8]
    with pytest.raises(bz.SetupError):
        bz.setup(NO_TRUMP, hands=["KS QS", "8C AH"], turn_up="7H", stock="9S")
    p = no_trump_position()
    assert p.turn_up is None and p.trump is None and p.stock_size == 4


def test_R5_1_first_marriage_fixes_trump_and_scores_royal() -> None:
    s = play(no_trump_position(), "8C", "9C")
    assert s.stage is Stage.DECLARE and s.to_move == 0
    # a marriage of any suit is offered as a royal marriage; no common marriage before trump
    assert set(combos(s)) == {decl(K.ROYAL_MARRIAGE, "KS QS"), decl(K.ROYAL_MARRIAGE, "KD QD")}
    assert_illegal(s, decl(K.COMMON_MARRIAGE, "KS QS"), "R11.2", "R5.1")
    assert_illegal(s, decl(K.COMMON_MARRIAGE, "KD QD"), "R11.2", "R5.1")
    t = bz.apply(s, decl(K.ROYAL_MARRIAGE, "KS QS"))
    assert t.trump is bz.Suit.SPADES
    assert t.melds == (40, 0) and t.scores == (40, 0)
    assert t.turn_up is None
    # one combination per trick: the other marriage may only be announced (R13.7); after
    # the pass both drew
    assert bz.Announce(K.COMMON_MARRIAGE, "KD QD") in bz.legal_actions(t)
    t = bz.apply(t, bz.Pass())
    assert t.stage is Stage.PLAY and t.to_move == 0 and t.stock_size == 2
    # next trick: the diamond marriage is now only a common marriage (20)
    u = play(t, "8D", "JC")  # 8♦ led, J♣ is no trump: player 0 wins
    assert u.stage is Stage.DECLARE and u.to_move == 0
    assert combos(u) == [decl(K.COMMON_MARRIAGE, "KD QD")]
    assert_illegal(u, decl(K.ROYAL_MARRIAGE, "KD QD"), "R3.3", "R11.2", "R5.1")
    v = bz.apply(u, decl(K.COMMON_MARRIAGE, "KD QD"))
    assert v.melds == (60, 0) and v.trump is bz.Suit.SPADES


def test_R5_1_sequence_before_any_marriage_fixes_trump_for_250() -> None:
    s = bz.setup(NO_TRUMP, hands=["AD 10D KD QD JD 9C 8S 7S", "8C AH 10H 8H 7H JC 9H 10C"],
                 stock="9S 10S 9S 10S")
    w = play(s, "8C", "9C")
    assert set(combos(w)) == {decl(K.TRUMP_SEQUENCE, "AD 10D KD QD JD"),
                              decl(K.ROYAL_MARRIAGE, "KD QD")}
    t = bz.apply(w, decl(K.TRUMP_SEQUENCE, "AD 10D KD QD JD"))
    assert t.trump is bz.Suit.DIAMONDS
    assert t.melds == (250, 0)
    # the marriage inside the scored sequence cannot be scored afterwards (R3.6)
    u = play(t, "8S", "JC")
    assert combos(u) == []
    assert_illegal(u, decl(K.ROYAL_MARRIAGE, "KD QD"), "R3.6", "R3.9")


def test_R5_1_sequence_does_not_fix_trump_without_the_option() -> None:
    variant = NO_TRUMP.with_options(sequence_fixes_trump=False)
    s = bz.setup(variant, hands=["AD 10D KD QD JD 9C 8S 7S", "8C AH 10H 8H 7H JC 9H 10C"],
                 stock="9S 10S 9S 10S")
    w = play(s, "8C", "9C")
    assert combos(w) == [decl(K.ROYAL_MARRIAGE, "KD QD")]
    assert_illegal(w, decl(K.TRUMP_SEQUENCE, "AD 10D KD QD JD"), "R11.2", "R5.1", "R3.3")
    assert w.trump is None


SEVEN_S = bz.Declare(K.TRUMP_SEVEN, cards("7S"))


def seven_actions(state: bz.State) -> set[bz.Action]:
    return {a for a in bz.legal_actions(state)
            if isinstance(a, bz.ExchangeSeven)
            or (isinstance(a, bz.Declare) and a.meld is K.TRUMP_SEVEN)}


def test_R5_1_no_preset_trump_keeps_the_seven_options() -> None:
    """R5.1 as now written: seed 000 changes only how trump is set, so the seven's options
    are those of the base game, but the turned-up seven (there is no turn-up)."""
    options = NO_TRUMP.options()
    assert options["sevens_score"] is True and options["played_seven_scores"] is True
    assert options["seven_counts_as_meld"] is True and options["seven_points"] == 10
    assert "turn_up_seven_points" not in options
    assert NO_TRUMP.melds.points(K.TRUMP_SEVEN) == 10
    assert NO_TRUMP.with_options(sevens_score=True) == NO_TRUMP
    assert NO_TRUMP.with_options(seven_points=20).trump.seven_points == 20


@pytest.mark.parametrize(("options", "played", "shown"), [
    ({}, 10, 10),
    ({"played_seven_scores": True}, 10, 10),
    ({"played_seven_scores": False}, 0, 10),
    ({"sevens_score": False}, 0, 0),
])
def test_R5_1_no_preset_trump_seven_scores_once_trump_fixed(
        options: dict[str, object], played: int, shown: int) -> None:
    """Once the spade marriage fixes trump, a spade seven played to a phase-1 trick scores
    under ``played_seven_scores`` (R4.2, R13.3) and the other is shown for 10 after a won
    trick (R4.2); it is never exchanged, there being no turn-up (R5.1)."""
    s = bz.apply(play(no_trump_position(NO_TRUMP.with_options(**options)), "8C", "9C"),
                 decl(K.ROYAL_MARRIAGE, "KS QS"))
    assert s.trump is bz.Suit.SPADES and s.turn_up is None
    t = play(s, "7S", "AH")  # 7♠ (trump) led, A♥ cannot win
    assert t.sevens == (played, 0) and t.melds == (40, 0)
    assert t.scores == (40 + 10 + played, 0)  # the A♥ won is a brisque
    assert t.stage is Stage.DECLARE and t.to_move == 0
    assert bz.Card.parse("7S") in t.hands[0]
    if not shown:
        assert seven_actions(t) == set()
        assert_illegal(t, SEVEN_S, "R4.2")
        return
    assert seven_actions(t) == {SEVEN_S}  # shown, never exchanged: no turn-up
    assert_illegal(t, bz.ExchangeSeven("7S"), "R5.1")
    u = bz.apply(t, SEVEN_S)
    assert u.sevens == (played + shown, 0)
    assert u.phase == 2 and u.sevens == (played + shown, 0)  # the last draws: phase 2


@pytest.mark.parametrize("played_scores", [True, False])
@pytest.mark.parametrize("seven_as_meld", [True, False])
def test_R5_1_no_trump_seven_before_trump_fixed(played_scores: bool,
                                                seven_as_meld: bool) -> None:
    """Before trump is fixed no card is a trump seven (R5.1): a seven played then scores
    nothing, nor later when a marriage makes its suit trumps; no seven is declared. A seven
    still held when trump becomes its suit is a trump seven from then on: in the same window
    where the seven is declared in addition to the marriage (``seven_counts_as_meld =
    False``, R4.3), else after the next trick won."""
    v = NO_TRUMP.with_options(played_seven_scores=played_scores,
                              seven_counts_as_meld=seven_as_meld)
    s = bz.setup(v, hands=["KS QS KD QD 9C 7S 7S 8D", "8C AH 10H 8H 7H JC 9H 10C"],
                 stock="9S 8S 9S 8S 9D 9D")
    t = bz.apply(play(s, "8C", "9C"), bz.Pass())
    assert t.trump is None and t.to_move == 0
    u = play(t, "7S", "JC")  # no trump: the 7♠ led wins over an off-suit jack
    assert u.last_winner == 0 and u.stage is Stage.DECLARE
    assert u.sevens == (0, 0) and u.scores == (0, 0)  # not a trump seven: nothing
    assert seven_actions(u) == set()
    assert_illegal(u, SEVEN_S, "R5.1")
    assert_illegal(u, bz.ExchangeSeven("7S"), "R5.1")
    w = bz.apply(u, decl(K.ROYAL_MARRIAGE, "KS QS"))
    assert w.trump is bz.Suit.SPADES
    assert w.sevens == (0, 0) and w.melds == (40, 0)  # the played seven stays unscored
    if not seven_as_meld:
        # the marriage fixed trump: the 7♠ in hand is now a trump seven, shown at once
        assert w.stage is Stage.DECLARE and seven_actions(w) == {SEVEN_S}
        assert bz.apply(w, SEVEN_S).sevens == (10, 0)
        w = bz.apply(w, bz.Pass())
    w = close_announcements(w)  # the K♦ Q♦ marriage may be announced (R13.7)
    assert w.stage is Stage.PLAY and w.to_move == 0
    x = play(w, "8D", "10C")  # 8♦ led; 10♣ is no trump: player 0 wins
    assert x.stage is Stage.DECLARE and x.to_move == 0
    assert seven_actions(x) == {SEVEN_S}
    assert bz.apply(x, SEVEN_S).sevens == (10, 0)


def test_R5_1_before_trump_the_highest_card_of_the_suit_led_wins() -> None:
    s = no_trump_position()
    # 8♣ led, the dealer throws K♦: with no trump, nothing but a club can win
    t = play(s, "8C", "KD")
    assert t.last_winner == 1 and t.to_move == 1 and t.stage is Stage.DECLARE
    s2 = bz.setup(NO_TRUMP, hands=["7C 8D", "8C AH"], stock="9S 8S")
    t2 = play(s2, "AH", "7C")  # A♥ led; 7♣ off-suit loses although hearts are no trump yet
    assert t2.last_winner == 1
    t3 = play(bz.setup(NO_TRUMP, hands=["9C 8D", "8C AH"], stock="9S 8S"), "8C", "9C")
    assert t3.last_winner == 0


def test_R5_1_last_two_cards_next_to_last_to_the_winner_last_to_the_loser() -> None:
    s = bz.setup(NO_TRUMP, hands=["9C 8D", "8C 7D"], stock="AS KH")
    t = bz.apply(play(s, "8C", "9C"), bz.Pass())  # player 0 wins the last phase-1 trick
    assert t.phase == 2 and t.stock_size == 0 and t.turn_up is None
    assert t.hands[0] == cards("8D AS")  # the winner drew the next-to-last card
    assert t.hands[1] == cards("7D KH")  # the loser the last
    assert t.to_move == 0
    # the loser wins instead: he still draws second
    u = bz.apply(play(s, "8C", "8D"), bz.Pass())
    assert u.hands[1] == cards("7D AS") and u.hands[0] == cards("9C KH")


def test_R5_1_no_trump_ever_fixed_phase_2_without_trumps() -> None:
    s = bz.setup(NO_TRUMP, hands=["9C 8D AC", "8C 7D 7H"], stock="9S 8S")
    t = bz.apply(play(s, "8C", "9C"), bz.Pass())
    assert t.phase == 2 and t.trump is None
    assert t.hands[1] == cards("7D 7H 8S")
    u = play(t, "8D")  # player 1 must follow diamonds
    assert bz.legal_actions(u) == (bz.Play("7D"),)
    assert_illegal(u, bz.Play("7H"), "R2.10")
    v = play(u, "7D")
    # void in the suit led, with no trump suit at all: any card
    w = play(v, "AC")
    assert set(bz.legal_actions(w)) == {bz.Play("7H"), bz.Play("8S")}
    assert play(w, "7H").last_winner == 0


# =========================================================================== R5.2 shifting bezique


PAIR_HAND = "QC JH QS JD AC 9D 8D 7D"
"""Player 0 holds both candidate beziques and wins the first trick with A♣."""


@pytest.mark.parametrize(("turn_up", "good", "bad"), [
    ("9S", "QC JH", "QS JD"),
    ("9D", "QC JH", "QS JD"),
    ("9H", "QS JD", "QC JH"),
    ("9C", "QS JD", "QC JH"),
])
def test_R5_2_shifting_bezique_pair_depends_on_trump(turn_up: str, good: str, bad: str) -> None:
    s = bz.setup(SHIFTING, hands=[PAIR_HAND, "7C 8C 8S 9S 10S 7S 9H 10H"], turn_up=turn_up,
                 stock="8H 8H 9C")
    w = play(s, "7C", "AC")
    assert w.stage is Stage.DECLARE and w.to_move == 0
    beziques = [d for d in combos(w) if d.meld is K.BEZIQUE]
    assert beziques == [bz.Declare("bezique", good)]
    assert_illegal(w, bz.Declare("bezique", bad), "R5.2", "R3.3")
    t = bz.apply(w, bz.Declare("bezique", good))
    assert t.melds == (40, 0)


def test_R5_2_shifting_doubles_use_the_same_pair() -> None:
    s = bz.setup(SHIFTING, hands=["QC QC JH JH QS JD AC 9D", "7C 8C 8S 9S 10S 7S 9H 10H"],
                 turn_up="9S", stock="8H 8H 9C")
    w = play(s, "7C", "AC")
    assert decl(K.DOUBLE_BEZIQUE, "QC QC JH JH") in combos(w)
    assert_illegal(w, decl(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R5.2", "R3.3", "R3.9")
    t = bz.apply(w, decl(K.DOUBLE_BEZIQUE, "QC QC JH JH"))
    assert t.melds == (500, 0)


@pytest.mark.parametrize(("turn_up", "good", "bads", "winner", "lead"), [
    ("9H", "QH JC", ("QS JD", "QC JH"), "AS", "7S"),
    ("9D", "QD JS", ("QS JD", "QC JH"), "AC", "7C"),
    ("9C", "QC JH", ("QS JD", "QH JC"), "AS", "7S"),
    ("9S", "QS JD", ("QC JH", "QD JS"), "AC", "7C"),
])
def test_R5_2_queen_of_trumps_pair(turn_up: str, good: str, bads: tuple[str, ...],
                                   winner: str, lead: str) -> None:
    variant = TWO_PACK.with_options(bezique_pair="queen_of_trumps")
    assert variant.trump.bezique_pair.value == "queen_of_trumps"
    hand = f"{good} {' '.join(bads)} {winner} 8D"
    s = bz.setup(variant, hands=[hand, f"{lead} 7D 9D 10D 8C 8S 9S 9C"], turn_up=turn_up,
                 stock="7H 8H 10C")
    w = play(s, lead, winner)
    assert w.to_move == 0 and w.stage is Stage.DECLARE
    assert [d for d in combos(w) if d.meld is K.BEZIQUE] == [bz.Declare("bezique", good)]
    for bad in bads:
        assert_illegal(w, bz.Declare("bezique", bad), "R5.2", "R3.3")
    assert bz.apply(w, bz.Declare("bezique", good)).melds == (40, 0)


@pytest.mark.parametrize("pair", ["shifting", "queen_of_trumps"])
def test_R5_2_no_bezique_before_trump_under_a_trump_dependent_pair(pair: str) -> None:
    variant = NO_TRUMP.with_options(bezique_pair=pair)
    s = bz.setup(variant, hands=["QS JD QC JH KH 9C 8S 8D", "8C AH 10H 8H 7H JC 9H 10C"],
                 stock="9S 7S 9S 7S")
    w = play(s, "8C", "9C")
    assert w.trump is None
    assert combos(w) == []  # no bezique of either pair, and K♥ has no queen
    for candidate in ("QS JD", "QC JH"):
        assert_illegal(w, bz.Declare("bezique", candidate), "R5.2", "R3.3")
    # the fixed pair has no such restriction
    fixed = bz.setup(NO_TRUMP, hands=["QS JD QC JH KH 9C 8S 8D", "8C AH 10H 8H 7H JC 9H 10C"],
                     stock="9S 7S 9S 7S")
    assert bz.Declare("bezique", "QS JD") in combos(play(fixed, "8C", "9C"))


def test_R5_2_shifting_pair_appears_once_trump_is_fixed() -> None:
    variant = NO_TRUMP.with_options(bezique_pair="shifting")
    s = bz.setup(variant, hands=["QS JD QC JH KS 9C 8S 8D", "8C AH 10H 8H 7H JC 9H 10C"],
                 stock="9S 7S 9S 7S")
    w = play(s, "8C", "9C")
    t = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KS QS"))  # spades become trumps
    assert t.trump is bz.Suit.SPADES
    u = play(t, "8D", "JC")
    assert [d for d in combos(u) if d.meld is K.BEZIQUE] == [bz.Declare("bezique", "QC JH")]


# =========================================================================== R5.3 / R11.5 Fildinski


def won_cards(state: bz.State, player: int) -> list[bz.Card]:
    return [tc.card for tc in state.won[player]]


def test_R5_3_declarations_only_from_won_cards() -> None:
    s = bz.setup(FILDINSKI, hands=["KC AS KH QH 9D 8D 7D 9S", "QC 8S 7S 7C 8C 9C 10C JC"],
                 turn_up="9H", stock="7D 8D 9D 10D JD")
    w = play(s, "QC", "KC")
    assert w.stage is Stage.DECLARE and w.to_move == 0
    assert sorted(won_cards(w, 0)) == sorted(cards("KC QC"))
    assert won_cards(w, 1) == []
    # the marriage in the won cards is offered; the royal marriage in the hand is not
    assert combos(w) == [decl(K.COMMON_MARRIAGE, "KC QC")]
    assert_illegal(w, decl(K.ROYAL_MARRIAGE, "KH QH"), "R11.5", "R5.3", "R3.9")
    t = bz.apply(w, bz.Pass())  # the window closes on Pass, the marriage undeclared
    assert t.stage is Stage.PLAY and t.to_move == 0 and t.melds == (0, 0)
    # won cards are never played
    assert_illegal(t, bz.Play("KC"), "R2.7", "R11.5")
    # next trick: the marriage holds no card of the trick just won
    u = play(t, "AS", "8S")
    assert u.stage is Stage.DECLARE and u.to_move == 0
    assert combos(u) == []
    msg = assert_illegal(u, decl(K.COMMON_MARRIAGE, "KC QC"), "R5.3", "R11.5")
    assert "trick just won" in msg or "R5.3" in msg
    # brisques still count immediately (A♠ is one; won cards are kept per player)
    assert u.brisques == (1, 0) and u.scores == (10, 0)


def test_R5_3_several_declarations_in_one_window() -> None:
    s = bz.setup(FILDINSKI, hands=["AC AS JD 9D 8D 9C 8C 7C", "KC QS QC 7S 8S 9S 7D 8H"],
                 turn_up="9H", stock="10S 10S 10C 10C 10D")
    t = bz.apply(play(s, "KC", "AC"), bz.Pass())   # won: K♣ A♣
    t = bz.apply(play(t, "AS", "QS"), bz.Pass())   # won: A♠ Q♠
    w = play(t, "JD", "QC")                        # won: J♦ Q♣
    assert set(combos(w)) == {decl(K.COMMON_MARRIAGE, "KC QC"), decl(K.BEZIQUE, "QS JD")}
    x = bz.apply(w, decl(K.COMMON_MARRIAGE, "KC QC"))
    # the window stays open for the second combination
    assert x.stage is Stage.DECLARE and x.to_move == 0 and x.melds == (20, 0)
    assert combos(x) == [decl(K.BEZIQUE, "QS JD")]
    y = bz.apply(x, decl(K.BEZIQUE, "QS JD"))
    assert y.melds == (60, 0)
    # nothing more can be declared: the window closed by itself and the players drew
    assert y.stage is Stage.PLAY and y.to_move == 0 and y.stock_size == x.stock_size - 2


def test_R11_5_declared_won_cards_stay_in_the_won_cards_marked_as_used() -> None:
    """Declaring from the won cards lays nothing on the table: the won cards keep their
    order and identity, and exactly the declared ones are marked as used."""
    s = bz.setup(FILDINSKI, hands=["AC AS JD 9D 8D 9C 8C 7C", "KC QS QC 7S 8S 9S 7D 8H"],
                 turn_up="9H", stock="10S 10S 10C 10C 10D")
    t = bz.apply(play(s, "KC", "AC"), bz.Pass())   # won: K♣ A♣
    t = bz.apply(play(t, "AS", "QS"), bz.Pass())   # won: A♠ Q♠
    w = play(t, "JD", "QC")                        # won: J♦ Q♣
    x = bz.apply(w, decl(K.COMMON_MARRIAGE, "KC QC"))
    assert x.tables == ((), ())
    assert [(tc.card, tc.serial) for tc in x.won[0]] == [(tc.card, tc.serial) for tc in w.won[0]]
    assert sorted(tc.card for tc in x.won[0] if tc.used) == sorted(cards("KC QC"))
    assert not any(tc.used for tc in w.won[0])


@pytest.mark.parametrize("last", ["7H", "7C"])
def test_R11_5_window_stays_open_for_a_seven_action_in_addition(last: str) -> None:
    """With ``seven_counts_as_meld = false`` (R4.3) a seven action may follow the
    combinations: once nothing more can be declared from the won cards, the window stays
    open while the holder has a seven of trumps in hand (R11.5: sevens as in the base
    game), and closes by itself when he has none."""
    variant = FILDINSKI.with_options(seven_counts_as_meld=False)
    s = bz.setup(variant, hands=[f"AC AS JD 9D 8D 9C 8C {last}", "KC QS QC 7S 8S 9S 7D 8H"],
                 turn_up="9H", stock="10S 10S 10C 10C 10D")
    t = bz.apply(play(s, "KC", "AC"), bz.Pass())   # won: K♣ A♣
    t = bz.apply(play(t, "AS", "QS"), bz.Pass())   # won: A♠ Q♠
    w = play(t, "JD", "QC")                        # won: J♦ Q♣
    y = bz.apply(bz.apply(w, decl(K.COMMON_MARRIAGE, "KC QC")), decl(K.BEZIQUE, "QS JD"))
    assert y.melds == (60, 0)
    if last == "7H":
        assert y.stage is Stage.DECLARE and y.to_move == 0
        assert set(bz.legal_actions(y)) == {bz.ExchangeSeven("7H"),
                                             bz.Declare(K.TRUMP_SEVEN, ("7H",)), bz.Pass()}
    else:
        assert y.stage is Stage.PLAY and y.stock_size == w.stock_size - 2


def test_R11_5_double_bezique_from_two_won_copies_of_each_card() -> None:
    """Won cards may hold two copies of a card: Q♠ J♦ won twice make a double bezique."""
    s = bz.setup(FILDINSKI, hands=["KS JD QS 9D 8D 9C 8C 7C", "QS 7D JD 7S 8S 9S 10C 8H"],
                 turn_up="9H", stock="10S 10S 10C 10D 10D 7S 9C")
    t = bz.apply(play(s, "QS", "KS"), bz.Pass())   # won: Q♠ K♠
    t = bz.apply(play(t, "JD", "7D"), bz.Pass())   # won: J♦ 7♦
    w = play(t, "QS", "JD")                        # won: Q♠ J♦
    double = decl(K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert double in combos(w)
    assert bz.apply(w, double).melds == (500, 0)


def test_R5_3_no_card_in_two_combinations_and_pass_closes() -> None:
    s = bz.setup(FILDINSKI, hands=["AS JD AC QS 9D 8D 9C 8C", "KS 7D KC QC 7S 8S 9S 8H"],
                 turn_up="9H", stock="10S 10S 10C 10C 10D 10D 7C")
    t = bz.apply(play(s, "KS", "AS"), bz.Pass())   # won: K♠ A♠
    t = bz.apply(play(t, "JD", "7D"), bz.Pass())   # won: J♦ 7♦
    t = bz.apply(play(t, "AC", "KC"), bz.Pass())   # won: A♣ K♣
    w = play(t, "QS", "QC")                        # won: Q♠ Q♣
    assert set(combos(w)) == {decl(K.COMMON_MARRIAGE, "KS QS"), decl(K.BEZIQUE, "QS JD"),
                              decl(K.COMMON_MARRIAGE, "KC QC")}
    x = bz.apply(w, decl(K.BEZIQUE, "QS JD"))
    assert x.stage is Stage.DECLARE and x.to_move == 0
    # Q♠ served in the bezique: it cannot also marry (even in another class)
    assert combos(x) == [decl(K.COMMON_MARRIAGE, "KC QC")]
    assert_illegal(x, decl(K.COMMON_MARRIAGE, "KS QS"), "R5.3", "R11.5", "R3.9")
    y = bz.apply(x, bz.Pass())
    assert y.stage is Stage.PLAY and y.melds == (40, 0)
    assert_illegal(y, decl(K.COMMON_MARRIAGE, "KC QC"), "R3.1")


# =========================================================================== R6.10 cutthroat


def test_R6_10_cutthroat_composition() -> None:
    v = CUTTHROAT
    assert (v.players, v.packs, v.hand_size) == (4, 4, 8)
    assert v.sides == (0, 1, 2, 3)
    assert v.legality.phase2.value == "duels"  # R11.9: seed 001's duels stand
    assert v.scoring.target == 2000
    s = bz.new_deal(v, seed=4)
    assert len(s.scores) == 4 and s.stock_size == 96


def test_R6_10_cutthroat_winner_alone_declares_no_partner_window() -> None:
    s = bz.setup(CUTTHROAT, hands=["7C 8C", "AS 8D", "7D 8S", "KD QD"], turn_up="9H",
                 stock="7S 9S 9D 9C 10C 10S 10D")
    w = play(s, "AS", "7D", "KD", "7C")
    assert w.stage is Stage.DECLARE and w.to_move == 1
    assert bz.legal_actions(w) == (bz.Pass(),)
    t = bz.apply(w, bz.Pass())
    # player 3 (opposite) is no partner: no window for him, everyone drew
    assert t.stage is Stage.PLAY and t.to_move == 1 and t.stock_size == w.stock_size - 4


def test_R6_10_cutthroat_melds_only_from_own_cards() -> None:
    """Player 1 lays K♥ Q♥ down; player 3 (opposite, but no partner) holds A♥ 10♥ J♥."""
    hands = ["7C 8C 9C 7S 8S", "KH QH AS 8D 7D", "7D 8S 9D 10D 9D", "AH 10H JH AD 9S"]
    seq = decl(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    for variant, shared in ((CUTTHROAT, False), (FOUR, True)):
        s = bz.setup(variant, hands=hands, turn_up="9H", stock="10C 10C 10S 10S 7S 8S 9C")
        w = play(s, "AS", "7D", "9S", "7C")
        assert w.to_move == 1
        w = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KH QH"))
        assert w.melds[variant.sides[1]] == 40
        # the window stays open for the seven (allowed, though player 1 holds none): R2.6
        assert w.stage is Stage.DECLARE and w.to_move == 1
        assert bz.legal_actions(w) == (bz.Pass(),)
        w = bz.apply(w, bz.Pass())
        if shared:
            # R13.4: the partner's seven window (she holds no seven: only the pass)
            assert w.stage is Stage.DECLARE and w.to_move == 3
            assert bz.legal_actions(w) == (bz.Pass(),)
            w = bz.apply(w, bz.Pass())
        assert w.stage is Stage.PLAY
        x = play(w, "8D", "9D", "AD", "8C")
        assert x.stage is Stage.DECLARE and x.to_move == 3
        if shared:
            assert seq in combos(x)  # partners build on each other's table (R6.4)
        else:
            assert combos(x) == []
            assert_illegal(x, seq, "R3.9", "R6.10")
            assert_illegal(x, decl(K.ROYAL_MARRIAGE, "KH QH"), "R3.9", "R6.10")


def test_R6_10_cutthroat_all_play_phase_2_all_four_play_each_trick() -> None:
    s = bz.setup(ALL_PLAY, hands=["KH 7H 8D", "9C 8S 7S", "AH 8S 9S", "10C 7C 9D"],
                 stock=(), turn_up=None, trump="H")
    assert s.phase == 2 and s.active == (0, 1, 2, 3) and s.to_move == 1
    t = play(s, "9C")
    # player 2, void in clubs, must trump (a trump that beats 9♣)
    assert bz.legal_actions(t) == (bz.Play("AH"),)
    assert_illegal(t, bz.Play("8S"), "R2.10", "R11.9")
    t = play(t, "AH")
    # player 3 must follow clubs; he cannot beat the trump, so either club
    assert set(bz.legal_actions(t)) == {bz.Play("10C"), bz.Play("7C")}
    assert_illegal(t, bz.Play("9D"), "R2.10", "R11.9")
    t = play(t, "7C")
    # player 0, void in clubs: no trump beats A♥, so any trump, not a plain card
    assert set(bz.legal_actions(t)) == {bz.Play("KH"), bz.Play("7H")}
    assert_illegal(t, bz.Play("8D"), "R2.10", "R11.9")
    u = play(t, "7H")
    assert u.last_winner == 2 and u.to_move == 2 and u.active == (0, 1, 2, 3)
    assert u.trick == () and all(len(h) == 2 for h in u.hands)


def test_R6_10_cutthroat_all_play_phase_2_starts_after_the_stock() -> None:
    s = bz.setup(ALL_PLAY, hands=["7C 8C", "AS 8D", "7D 8S", "9D 9S"], turn_up="9H",
                 stock="7S 10C 10D")
    t = bz.apply(play(s, "AS", "7D", "9S", "7C"), bz.Pass())
    assert t.phase == 2 and t.to_move == 1
    assert sorted(t.active) == [0, 1, 2, 3]
    assert t.brisques == (0, 1, 0, 0) and t.scores == (0, 0, 0, 0)  # brisques at the end
    # the last drawer (player 0, the winner's right) took the turn-up
    assert bz.Card.parse("9H") in t.hands[0]
    order = [t.to_move]
    for _ in range(3):
        t = bz.apply(t, bz.legal_actions(t)[0])
        order.append(t.to_move)
    assert order[:3] == [1, 2, 3] and len(t.trick) == 3  # all four play, clockwise
    # the deal ends with four sides scored
    while not t.is_over:
        t = bz.apply(t, bz.legal_actions(t)[0])
    result = bz.deal_result(t)
    assert len(result.points) == 4 and sum(result.brisque_counts) == 3  # A♠ 10♣ 10♦


# =========================================================================== R6.10 consultation


def test_R6_10_consultation_is_the_two_pack_game_for_two_sides_of_two() -> None:
    v = CONSULTATION
    assert v.deal.side_members == 2
    assert (v.players, v.packs, v.hand_size, v.sides) == (2, 2, 8, (0, 1))
    # "otherwise exactly two-handed Bezique", the played seven included (R13.3a)
    for policy in ("deck", "trump", "legality", "melds", "scoring"):
        assert getattr(v, policy) == getattr(TWO_PACK, policy), policy
    assert attrs.evolve(v.deal, side_members=1) == TWO_PACK.deal
    s = bz.new_deal(v, seed=9)
    assert s.stock_size == 48 and len(s.scores) == 2 and s.turn_up is not None
    with pytest.raises(bz.VariantError):
        v.with_options(partner_declare="winner_only")


# =========================================================================== R7.1 three-handed


def test_R7_1_three_handed_composition() -> None:
    v = THREE
    assert (v.players, v.packs, v.hand_size) == (3, 3, 8)
    assert v.sides == (0, 1, 2)
    assert v.melds.points(K.TRIPLE_BEZIQUE) == 1500
    assert v.scoring.target == 2000
    assert v.legality.trump_when_losing is False
    s = bz.new_deal(v, seed=2)
    assert s.to_move == 1 and s.stock_size == 96 - 24 and s.turn_up is not None
    assert len(s.scores) == 3


def test_R7_1_triple_bezique_scores_1500() -> None:
    s = bz.setup(THREE, hands=["7C 8C 9C 7S 8S 9S 7D 8D", "QS QS QS JD JD JD AC 10S",
                               "10C 9D 10D 8H 10H 9C JC 7D"], turn_up="9H", stock="KS KC")
    w = play(s, "AC", "10C", "7C")
    assert w.stage is Stage.DECLARE and w.to_move == 1
    found = combos(w)
    assert decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") in found
    assert decl(K.DOUBLE_BEZIQUE, "QS QS JD JD") in found
    t = bz.apply(w, decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD"))
    assert t.melds == (0, 1500, 0)


def test_R7_1_three_handed_phase_2_need_not_trump_when_unable_to_win() -> None:
    s = bz.setup(THREE, hands=["7H 8S", "9C 10S", "AH 8D"], stock=(), turn_up=None, trump="H")
    assert s.phase == 2 and s.to_move == 1 and s.active == (0, 1, 2)
    t = play(s, "9C")
    # player 2 is void in clubs and can win with a trump: he must
    assert bz.legal_actions(t) == (bz.Play("AH"),)
    assert_illegal(t, bz.Play("8D"), "R2.10", "R7.1", "R11.9")
    u = play(t, "AH")
    # player 0 is void in clubs and cannot win: he need not trump
    assert set(bz.legal_actions(u)) == {bz.Play("7H"), bz.Play("8S")}
    v = play(u, "8S")
    assert v.last_winner == 2
    # under the four-handed rule (all_play) the same player would have to trump
    four = bz.setup(ALL_PLAY, hands=["7H 8S", "9C 10S", "AH 8D", "7D 8D"], stock=(),
                    turn_up=None, trump="H")
    f = play(four, "9C", "AH", "7D")
    assert set(bz.legal_actions(f)) == {bz.Play("7H")}


def test_R7_1_three_handed_follow_and_win_if_able() -> None:
    s = bz.setup(THREE, hands=["KC 7C", "9C 10S", "10C 8C"], stock=(), turn_up=None, trump="H")
    t = play(s, "9C")
    assert bz.legal_actions(t) == (bz.Play("10C"),)
    assert_illegal(t, bz.Play("8C"), "R2.10", "R11.9")
    u = play(t, "10C")
    # player 0 cannot beat 10♣ with K♣: either club, but a club
    assert set(bz.legal_actions(u)) == {bz.Play("KC"), bz.Play("7C")}


def test_R7_1_three_handed_draw_order_and_final_round() -> None:
    s = bz.setup(THREE, hands=["7C 8D", "8C AD", "AC KD"], turn_up="9H", stock="7S 8S")
    w = play(s, "8C", "AC", "7C")
    assert w.last_winner == 2 and w.to_move == 2 and w.stage is Stage.DECLARE
    t = bz.apply(w, bz.Pass())  # no partner: the window closes, all draw
    assert t.phase == 2 and t.to_move == 2
    assert t.hands[2] == cards("KD 7S")   # the winner first
    assert t.hands[0] == cards("8D 8S")
    assert t.hands[1] == cards("AD 9H")   # the last drawer takes the turn-up
    assert sorted(t.active) == [0, 1, 2]  # all three play each trick


def test_R7_1_three_handed_game_to_2000_highest_total_wins() -> None:
    state = bz.setup(THREE, hands=["7S", "AS", "10S"], stock=(), turn_up=None, trump="H")
    game = attrs.evolve(bz.new_game(THREE, seed=1), current=state, totals=(1995, 1985, 1700))
    over = play(game, "AS", "10S", "7S")  # type: ignore[arg-type]
    assert isinstance(over, bz.Game)
    # player 1 wins two brisques and the last trick: 30
    assert over.is_over and over.totals == (1995, 2015, 1700)
    assert over.winner == 1
    result = bz.game_result(over)
    assert result.value == 1  # no rubicon doubling with three sides
    # under 2000 the game goes on
    game2 = attrs.evolve(bz.new_game(THREE, seed=1), current=state, totals=(1900, 1900, 1900))
    cont = play(game2, "AS", "10S", "7S")  # type: ignore[arg-type]
    assert not cont.is_over and cont.totals == (1900, 1930, 1900)


# =========================================================================== options


@pytest.mark.parametrize(("variant", "options"), [
    (TWO_PACK, {"partner_declare": "winner_only"}),
    (TWO_PACK, {"partner_combined_beziques": False}),
    (TWO_PACK, {"phase2": "duels"}),
    (TWO_PACK, {"phase2": "all_play"}),
    (TWO_PACK, {"sequence_fixes_trump": False}),
    (THREE, {"phase2": "duels"}),
    (THREE, {"partner_declare": "either"}),
    (CUTTHROAT, {"partner_declare": "winner_only"}),
    (CUTTHROAT, {"partner_combined_beziques": False}),
    (CONSULTATION, {"partner_declare": "winner_only"}),
    (NO_TRUMP, {"turn_up_seven_points": 20}),
    (NO_TRUMP, {"sevens_score": False, "seven_points": 20}),
    (FILDINSKI, {"require_fresh_card": True}),
    (FILDINSKI, {"reform_broken": True}),
    (FOUR, {"sequence_fixes_trump": True}),
    (FOUR, {"partner_declare": "sometimes"}),
    (FOUR, {"phase2": "triples"}),
    (FOUR, {"bezique_pair": "rotating"}),
    (FOUR, {"target": -5}),
    (FOUR, {"partner_combined_beziques": "yes"}),
    (FOUR, {"partners": True}),
])
def test_with_options_rejects_options_that_make_no_sense(variant: bz.Variant,
                                                        options: dict[str, object]) -> None:
    with pytest.raises(bz.VariantError):
        variant.with_options(**options)


def test_R11_9_cutthroat_plays_duels_by_default_all_play_is_an_option() -> None:
    # R11.9: "Cutthroat uses duels by default ... all_play stays an option"
    s = bz.setup(CUTTHROAT, hands=["7C", "AS", "7D", "9D"], turn_up="9H", stock="7S 10C 10D")
    t = bz.apply(play(s, "AS", "7D", "9D", "7C"), bz.Pass())
    assert t.phase == 2 and t.active == (1, 2) and t.to_move == 1
    v = CUTTHROAT.with_options(phase2="all_play")
    u = bz.apply(play(bz.setup(v, hands=["7C", "AS", "7D", "9D"], turn_up="9H",
                               stock="7S 10C 10D"), "AS", "7D", "9D", "7C"), bz.Pass())
    assert u.phase == 2 and u.active == (0, 1, 2, 3) and u.to_move == 1


def test_with_options_accepts_the_options_of_each_variant() -> None:
    assert FOUR.with_options(partner_declare="winner_only").melds.partner_declare.value == (
        "winner_only")
    assert FOUR.with_options(phase2="all_play").legality.phase2.value == "all_play"
    assert NO_TRUMP.with_options(sequence_fixes_trump=False).trump.sequence_fixes_trump is False
    assert SHIFTING.with_options(bezique_pair="fixed").trump.bezique_pair.value == "fixed"
    assert FILDINSKI.with_options(brisque_timing="end_of_deal").scoring.brisque_timing.value == (
        "end_of_deal")
    assert CUTTHROAT.with_options(seven_counts_as_meld=True).melds.seven_counts_as_meld
    # the preset itself is untouched
    assert FOUR.melds.partner_declare.value == "either"


# =========================================================================== R11.9 overtrumping


def test_R11_9_void_follower_must_overtrump_a_trumped_trick() -> None:
    """All play: player 2 trumps the club led; player 0, void in clubs, must beat that trump
    with a higher one if able (A♥), not under-trump (7♥) nor discard."""
    s = bz.setup(ALL_PLAY, hands=["AH 7H 8S", "9C 8S 9S", "9H 10S JS", "7C 8D 9D"],
                 stock=(), turn_up=None, trump="H")
    t = play(s, "9C", "9H", "7C")
    assert t.to_move == 0
    assert bz.legal_actions(t) == (bz.Play("AH"),)
    assert_illegal(t, bz.Play("7H"), "R2.10", "R11.9")
    assert play(t, "AH").last_winner == 0


def test_R1_3_R11_9_an_identical_trump_does_not_beat_the_first() -> None:
    """Of two identical cards the first played wins (R1.3), so a second 9♥ does not beat the
    9♥ that trumped: unable to beat it, the void player may play any trump (R11.9)."""
    s = bz.setup(ALL_PLAY, hands=["9H 7H 8S", "9C 8S 9S", "9H 10S JS", "7C 8D 9D"],
                 stock=(), turn_up=None, trump="H")
    t = play(s, "9C", "9H", "7C")
    assert set(bz.legal_actions(t)) == {bz.Play("9H"), bz.Play("7H")}
    assert play(t, "9H").last_winner == 2
