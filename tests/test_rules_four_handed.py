"""Scenario tests for four-handed partnership Bezique (RULES.md section 6, R11.8, R11.9; seed 001).

Every position is explicit (``bz.setup``). Player 0 deals, so player 1 (the elder) leads the
first trick and play goes 1, 2, 3, 0. Partners sit opposite: players 0 and 2 are side 0,
players 1 and 3 side 1. In the seed's example Anna (player 1) and Carla (player 3) are
partners. Trumps are hearts (turn-up 9♥) unless a test says otherwise. Hands are short (two
to seven cards) to keep the positions readable; the rules do not depend on the hand size.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import bezique as bz
from bezique.state import Combination, Stage
from scenario import assert_illegal, cards, combos, decl, play

K = bz.MeldKind
FOUR = bz.variants.FOUR_HANDED
ANNA, CARLA = 1, 3


# --------------------------------------------------------------------------- helpers


def seven_actions(state: bz.State) -> list[bz.Action]:
    return [a for a in bz.legal_actions(state)
            if isinstance(a, bz.ExchangeSeven)
            or (isinstance(a, bz.Declare) and a.meld is K.TRUMP_SEVEN)]


def pass_to_close(state: bz.State, player: int) -> bz.State:
    """After ``player``'s combination the window stays open (R2.6): the seven of trumps is
    still allowed by the rules, whether or not he holds one. Check it is still his window,
    with nothing left in it but the pass (he holds no seven) and announcements (R13.7), and
    close it; with
    ``partner_seven`` (R13.4) the partner's seven window follows: check it offers no
    combination and close it too."""
    assert state.stage is Stage.DECLARE and state.to_move == player
    # nothing but the pass, and the announcements the window may offer (R13.7)
    *announcements, last = bz.legal_actions(state)
    assert last == bz.Pass() and all(isinstance(a, bz.Announce) for a in announcements)
    state = bz.apply(state, bz.Pass())
    if state.variant.melds.partner_seven and state.stage is Stage.DECLARE:
        assert state.to_move == (player + 2) % 4 and combos(state) == []
        assert not any(isinstance(a, bz.Declare) and a.meld is not K.TRUMP_SEVEN
                       for a in bz.legal_actions(state))
        state = bz.apply(state, bz.Pass())
    return state


def drew(before: bz.State, after: bz.State) -> bool:
    """Whether every player drew once between the two states."""
    return after.stage is Stage.PLAY and after.stock_size == before.stock_size - 4


# =========================================================================== R6.1 / R6.2 / R6.3


def test_R6_1_two_sides_of_partners_opposite_four_packs() -> None:
    v = FOUR
    assert (v.players, v.packs, v.hand_size) == (4, 4, 8)
    assert v.sides == (0, 1, 0, 1)
    assert v.deal.packets == (3, 2, 3)
    s = bz.new_deal(v, seed=21, dealer=2)
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    assert s.stock_size == 96  # 95 face down + the turn-up
    assert s.to_move == 3  # the dealer's left leads
    assert len(s.scores) == 2 and s.sides == (0, 1, 0, 1)
    every = Counter([c for h in s.hands for c in h] + list(s.stock) + [s.turn_up])
    assert sum(every.values()) == 128 and set(every.values()) == {4}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_R6_2_packets_of_3_2_3_clockwise_from_the_dealers_left(dealer: int) -> None:
    """Seed 001: "gibt jedem 8 Karten verdeckt, reihum im Uhrzeigersinn, beginnend links von
    sich: erst 3, dann 2, dann 3 Karten"; then the turn-up and 95 cards of stock (R11.1)."""
    from bezique._engine.shuffle import shuffled

    deck = shuffled(FOUR.deck.cards(), 11)
    state = bz.new_deal(FOUR, seed=11, dealer=dealer)
    order = [(dealer + k) % 4 for k in (1, 2, 3, 4)]  # the dealer's left first, dealer last
    start = 0
    dealt: dict[int, list[bz.Card]] = {p: [] for p in order}
    for size in (3, 2, 3):
        for p in order:
            dealt[p] += deck[start:start + size]
            start += size
    assert all(sorted(state.hands[p]) == sorted(dealt[p]) for p in order)
    assert state.turn_up == deck[32] and list(state.stock) == deck[33:]
    assert len(state.stock) == 95 and state.to_move == order[0]


def test_R6_1_the_deal_passes_to_the_left() -> None:
    """Seed 001: "danach geht das Geben nach links weiter": deal i of a game is dealt by
    player i % 4, whose left (the next player) leads (R11.1)."""
    game = bz.new_game(FOUR, seed=3)
    rng = random.Random(3)
    dealers = [game.current.dealer]
    assert game.to_move == 1
    while len(game.deals) < 2:
        done = len(game.deals)
        game = bz.apply(game, rng.choice(bz.legal_actions(game)))
        if len(game.deals) != done and not game.is_over:
            dealers.append(game.current.dealer)
            assert game.to_move == (game.current.dealer + 1) % 4
    assert dealers == [0, 1, 2]
    assert [d.dealer for d in game.deals] == [0, 1]


@pytest.mark.parametrize(("dealer", "sevens"), [(0, (10, 0)), (1, (0, 10)), (2, (10, 0)),
                                                (3, (0, 10))])
def test_R6_2_turned_up_seven_scores_for_the_dealers_side(dealer: int,
                                                          sevens: tuple[int, int]) -> None:
    s = bz.setup(FOUR, hands=["7C", "8C", "9C", "10C"], turn_up="7H", stock="7S 8S 9S",
                 dealer=dealer)
    assert s.sevens == sevens and s.scores == sevens
    assert s.to_move == (dealer + 1) % 4


def test_R6_3_play_goes_clockwise_then_all_draw_winner_first() -> None:
    s = bz.setup(FOUR, hands=["9C 10D", "8C AD", "AC KD", "7C 10S"], turn_up="9H",
                 stock="7S 8S 9S 10S JS QS 7D")
    order = []
    t = s
    for card in ("8C", "AC", "7C", "9C"):
        order.append(t.to_move)
        t = play(t, card)
    assert order == [1, 2, 3, 0]
    assert t.last_winner == 2 and t.stage is Stage.DECLARE and t.to_move == 2
    # phase 1 is free: player 3 could have played anything
    u = bz.apply(bz.apply(t, bz.Pass()), bz.Pass())  # winner, then partner
    assert drew(t, u)
    # the winner draws first, then clockwise
    assert u.hands[2] == cards("KD 7S")
    assert u.hands[3] == cards("10S 8S")
    assert u.hands[0] == cards("10D 9S")
    assert u.hands[1] == cards("AD 10S")
    assert u.to_move == 2 and u.phase == 1  # the winner leads


# =========================================================================== R6.4 / R11.8 windows


WINDOW_HANDS = ["7C 8C KS", "AS 8D 9D", "7D 8S QS", "KD QD 10C"]
WINDOW_STOCK = "7S 8S 9S 10S JS 7D 8D"


def won_by_anna(variant: bz.Variant = FOUR, hands: list[str] | None = None) -> bz.State:
    s = bz.setup(variant, hands=hands or WINDOW_HANDS, turn_up="9H", stock=WINDOW_STOCK)
    w = play(s, "AS", "7D", "10C", "7C")
    assert w.last_winner == ANNA and w.stage is Stage.DECLARE and w.to_move == ANNA
    return w


def test_R11_8_winner_passes_partner_gets_the_window() -> None:
    w = won_by_anna()
    assert bz.legal_actions(w) == (bz.Pass(),)  # Anna herself can declare nothing
    x = bz.apply(w, bz.Pass())
    # nobody drew yet: the window passed to Carla, not to an opponent
    assert x.stage is Stage.DECLARE and x.to_move == CARLA and x.stock_size == w.stock_size
    assert combos(x) == [decl(K.COMMON_MARRIAGE, "KD QD")]
    # the opponents' cards (K♠ with player 0, Q♠ with player 2) are not Carla's to use
    assert_illegal(x, decl(K.COMMON_MARRIAGE, "KS QS"), "R3.9", "R6.4")
    y = bz.apply(x, decl(K.COMMON_MARRIAGE, "KD QD"))
    assert y.melds == (0, 20)
    assert y.tables[CARLA] == cards("KD QD")
    assert y.combos[-1].side == 1 and y.combos[-1].player == CARLA
    # one combination per trick: Carla's pass closes the window, everyone draws, the
    # winner leads
    y = pass_to_close(y, CARLA)
    assert drew(w, y) and y.to_move == ANNA
    assert all(len(h) + len(t) == 3 for h, t in zip(y.hands, y.tables, strict=True))


def test_R11_8_partners_pass_closes_the_window() -> None:
    x = bz.apply(won_by_anna(), bz.Pass())
    y = bz.apply(x, bz.Pass())
    assert drew(x, y) and y.to_move == ANNA and y.melds == (0, 0)
    # the window is gone: declaring now is refused
    assert_illegal(y, decl(K.COMMON_MARRIAGE, "KD QD"), "R3.1")


def test_R11_8_winner_declares_partner_gets_no_window() -> None:
    """R11.8 as written (``partner_seven = False``); with the preset's ``partner_seven``
    the partner's window holds only a seven action (R13.4)."""
    hands = ["7C 8C KS", "AS KC QC", "7D 8S QS", "KD QD 10C"]
    w = won_by_anna(FOUR.with_options(partner_seven=False), hands=hands)
    assert combos(w) == [decl(K.COMMON_MARRIAGE, "KC QC")]
    y = bz.apply(w, decl(K.COMMON_MARRIAGE, "KC QC"))
    assert y.melds == (0, 20)
    # Anna's pass closes the window: the side has declared, so Carla gets no turn
    y = pass_to_close(y, ANNA)
    assert drew(w, y) and y.to_move == ANNA and y.melds == (0, 20)
    assert y.tables[CARLA] == ()


def test_R6_4_partner_declare_winner_only() -> None:
    variant = FOUR.with_options(partner_declare="winner_only", partner_seven=False)
    w = won_by_anna(variant)
    y = bz.apply(w, bz.Pass())
    assert drew(w, y) and y.to_move == ANNA and y.melds == (0, 0)
    # with partner_seven (the preset's), Carla's window offers a seven action, not her
    # marriage (R13.4)
    x = bz.apply(won_by_anna(FOUR.with_options(partner_declare="winner_only")), bz.Pass())
    assert x.stage is Stage.DECLARE and x.to_move == CARLA
    assert bz.legal_actions(x) == (bz.Pass(),)
    assert_illegal(x, decl(K.COMMON_MARRIAGE, "KD QD"), "R6.4", "R13.4", "R3.2")
    assert drew(w, bz.apply(x, bz.Pass()))


def test_R6_4_losing_side_never_declares() -> None:
    # player 0 and player 2 hold K♠ and Q♠ between them; side 1 wins: no window for side 0
    w = won_by_anna()
    seen = []
    s = w
    while s.stage is Stage.DECLARE:
        seen.append(s.to_move)
        s = bz.apply(s, bz.Pass())
    assert seen == [ANNA, CARLA]


# =========================================================================== seed 001: Anna & Carla


SEQ_HANDS = ["7C 8C 9C 7S 8S", "KH QH AS 8D 7D", "7D 8S 9D 10D 9D", "AH 10H JH AD 9S"]
SEQ_STOCK = "10C 10C 10S 10S 7S 8S 9C"


@pytest.mark.parametrize(("first", "second", "anna_passes"), [
    (("AS", "7D", "9S", "7C"), ("8D", "9D", "AD", "8C"), False),   # Carla wins the trick
    (("AS", "7D", "AD", "7C"), ("10C", "10D", "9S", "8C"), True),  # Anna wins, passes
])
def test_R6_4_carla_completes_the_sequence_on_annas_royal_marriage(
        first: tuple[str, ...], second: tuple[str, ...], anna_passes: bool) -> None:
    """Seed 001: hearts trumps; Anna has laid K♥ Q♥ as a royal marriage (40); Carla adds
    A♥ 10♥ J♥ from her hand to Anna's marriage and scores the sequence: 250."""
    s = bz.setup(FOUR, hands=SEQ_HANDS, turn_up="9H", stock=SEQ_STOCK)
    w = play(s, *first)
    assert w.to_move == ANNA
    t = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KH QH"))
    assert t.melds == (0, 40) and t.tables[ANNA] == cards("KH QH")
    t = pass_to_close(t, ANNA)
    u = play(t, *second)
    if anna_passes:
        assert u.to_move == ANNA
        assert combos(u) == []  # Anna alone holds no sequence
        u = bz.apply(u, bz.Pass())
    assert u.stage is Stage.DECLARE and u.to_move == CARLA
    seq = decl(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    assert seq in combos(u)
    # the royal marriage lies on Anna's table, already scored: not again (R3.6)
    assert_illegal(u, decl(K.ROYAL_MARRIAGE, "KH QH"), "R3.6", "R3.7", "R3.9")
    v = bz.apply(u, seq)
    assert v.melds == (0, 290)
    assert v.combos[-1].kind is K.TRUMP_SEQUENCE and v.combos[-1].points == 250
    assert v.combos[-1].side == 1 and v.combos[-1].player == CARLA
    assert v.combos[0].superseded  # the marriage became the sequence


# =========================================================================== R6.4 / R6.5 beziques


BEZ_STOCK = "10C 10C 10S 10S 7S 8S 9C JC JC JS 8C"


def bezique_position(variant: bz.Variant, carla: str) -> bz.State:
    """Anna declares a bezique (trick 1), then Carla wins trick 2 holding ``carla`` (she
    discards 9♠ to the first trick and wins the second with A♦)."""
    hands = ["7C 8C 9C 7S 8S 9S", "QS JD AS 8D 7D 7S", "7D 8S 9D 10D 9D 8H", carla]
    s = bz.setup(variant, hands=hands, turn_up="9H", stock=BEZ_STOCK)
    w = play(s, "AS", "7D", "9S", "7C")
    t = bz.apply(w, decl(K.BEZIQUE, "QS JD"))
    assert t.melds == (0, 40) and t.tables[ANNA] == cards("QS JD")
    t = pass_to_close(t, ANNA)
    u = play(t, "8D", "9D", "AD", "8C")
    assert u.stage is Stage.DECLARE and u.to_move == CARLA
    return u


def test_R6_4_double_bezique_across_partners_tables() -> None:
    u = bezique_position(FOUR, "QS JD AD 9S 9C 8H")
    double = decl(K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert double in combos(u)
    assert decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") not in combos(u)
    v = bz.apply(u, double)
    assert v.melds == (0, 540)
    assert v.tables[CARLA] == cards("QS JD") and v.tables[ANNA] == cards("QS JD")


def test_R6_5_triple_bezique_at_once_on_the_partners_bezique() -> None:
    u = bezique_position(FOUR, "QS JD QS JD AD 9S")
    triple = decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")
    assert triple in combos(u)
    v = bz.apply(u, triple)
    assert v.melds == (0, 40 + 1500)
    assert v.combos[-1].points == 1500


def test_R6_5_bezique_then_double_then_triple_one_at_a_time() -> None:
    u = bezique_position(FOUR, "QS JD QS JD AD 9S")
    assert decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") in combos(u)
    v = bz.apply(u, decl(K.DOUBLE_BEZIQUE, "QS QS JD JD"))  # one pair added to Anna's
    assert v.melds == (0, 540)
    v = pass_to_close(v, CARLA)
    assert v.melds == (0, 540) and v.to_move == CARLA and v.stage is Stage.PLAY
    assert v.tables[CARLA] == cards("QS JD") and v.hands[CARLA] == cards("QS JD 10S 7S")
    w = play(v, "10S", "7S", "7S", "8S")  # Carla leads the 10♠ she drew and wins
    assert w.stage is Stage.DECLARE and w.to_move == CARLA
    triple = decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")
    assert triple in combos(w)
    x = bz.apply(w, triple)
    assert x.melds == (0, 40 + 500 + 1500)


def test_R6_5_combined_bezique_needs_the_partners_pair_still_on_the_table() -> None:
    hands = ["7C 8C 9C 7S 8S 9S", "QS JD AS 8D 7D 7S", "7D 8S 9D 10D 9D 8H",
             "QS JD AD 9S 9C 8H"]
    s = bz.setup(FOUR, hands=hands, turn_up="9H", stock=BEZ_STOCK)
    t = pass_to_close(bz.apply(play(s, "AS", "7D", "9S", "7C"), decl(K.BEZIQUE, "QS JD")),
                      ANNA)
    # Anna plays her Q♠ from the table: her bezique is broken; Carla trumps and wins
    u = play(t, "QS", "8S", "8H", "8C")
    assert u.tables[ANNA] == cards("JD") and u.to_move == CARLA
    assert combos(u) == [decl(K.BEZIQUE, "QS JD")]  # a fresh single from Carla's hand
    assert_illegal(u, decl(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.9", "R6.5")


def test_R6_4_partner_combined_beziques_off() -> None:
    variant = FOUR.with_options(partner_combined_beziques=False)
    u = bezique_position(variant, "QS JD QS JD AD 9S")
    found = combos(u)
    # Carla's own two pairs: a fresh bezique or double, but not with Anna's pair
    assert decl(K.DOUBLE_BEZIQUE, "QS QS JD JD") in found
    assert decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") not in found
    assert_illegal(u, decl(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD"), "R6.4", "R11.8", "R3.9",
                   "R3.6")


# =========================================================================== R6.5 / R3.7 fresh card


FRESH_HANDS = ["7C 8C 9C 7S 8S 9S 10S", "KS KH KD KC AS 8D 7D", "7D 8D 9D 10D 9D 10S JS",
               "QS QH QD QC AD AC 9C"]


def fresh_position(variant: bz.Variant) -> bz.State:
    """Anna lays four kings, Carla four queens; Carla then wins a third trick."""
    s = bz.setup(variant, hands=FRESH_HANDS, turn_up="9H", stock=BEZ_STOCK)
    w = play(s, "AS", "7D", "9C", "7C")
    t = pass_to_close(bz.apply(w, decl(K.FOUR_KINGS, "KS KH KD KC")), ANNA)
    u = play(t, "8D", "9D", "AD", "8C")
    assert u.to_move == CARLA
    v = bz.apply(u, decl(K.FOUR_QUEENS, "QS QH QD QC"))
    assert v.melds == (0, 140)
    v = pass_to_close(v, CARLA)
    x = play(v, "AC", "9C", "7D", "10D")
    assert x.stage is Stage.DECLARE and x.to_move == CARLA
    return x


def test_R6_5_require_fresh_card_a_declaration_needs_a_card_from_the_hand() -> None:
    assert FOUR.melds.require_fresh_card is True
    x = fresh_position(FOUR)
    # every marriage would be made of table cards only (kings on Anna's, queens on Carla's)
    assert combos(x) == []
    msg = assert_illegal(x, decl(K.COMMON_MARRIAGE, "KD QD"), "R3.7", "R6.5", "R11.8")
    assert "R3.7" in msg or "fresh" in msg
    assert_illegal(x, decl(K.ROYAL_MARRIAGE, "KH QH"), "R3.7", "R6.5", "R11.8")
    # Anna, in turn, can do no better
    y = bz.apply(x, bz.Pass())
    assert y.to_move == ANNA and combos(y) == []


def test_R6_5_without_require_fresh_card_table_cards_may_marry() -> None:
    x = fresh_position(FOUR.with_options(require_fresh_card=False))
    assert decl(K.COMMON_MARRIAGE, "KD QD") in combos(x)
    assert decl(K.ROYAL_MARRIAGE, "KH QH") in combos(x)
    y = bz.apply(x, decl(K.ROYAL_MARRIAGE, "KH QH"))
    assert y.melds == (0, 180)


# =========================================================================== R6.6 sevens


SEVEN_HANDS = ["7C 8C 9C 7S 8S", "KH QH AS 7H 8D", "7D 8S 9D 10D 9D", "KD QD 7H 9S 9C"]


def seven_window(variant: bz.Variant = FOUR) -> bz.State:
    s = bz.setup(variant, hands=SEVEN_HANDS, turn_up="9H", stock=SEQ_STOCK)
    w = play(s, "AS", "7D", "9S", "7C")
    assert w.to_move == ANNA and w.stage is Stage.DECLARE
    return w


def test_R6_6_seven_in_addition_to_the_declaration() -> None:
    w = seven_window()
    assert set(seven_actions(w)) == {bz.ExchangeSeven("7H"), bz.Declare(K.TRUMP_SEVEN, "7H")}
    x = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KH QH"))
    # the window stays open for the seven
    assert x.stage is Stage.DECLARE and x.to_move == ANNA
    assert combos(x) == [] and bz.ExchangeSeven("7H") in seven_actions(x)
    y = bz.apply(x, bz.ExchangeSeven("7H"))
    assert y.melds == (0, 40) and y.sevens == (0, 10) and y.scores == (0, 50)
    assert y.turn_up == bz.Card.parse("7H") and bz.Card.parse("9H") in y.hands[ANNA]
    # nothing more for Anna: her window closed by itself; Carla's seven window (R13.4)
    assert y.stage is Stage.DECLARE and y.to_move == CARLA
    assert set(bz.legal_actions(y)) == {bz.Declare(K.TRUMP_SEVEN, "7H"), bz.Pass()}
    assert drew(w, bz.apply(y, bz.Pass()))


def test_R6_6_seven_first_then_the_declaration() -> None:
    w = seven_window()
    x = bz.apply(w, bz.Declare(K.TRUMP_SEVEN, "7H"))
    assert x.stage is Stage.DECLARE and x.to_move == ANNA
    assert seven_actions(x) == []
    assert_illegal(x, bz.ExchangeSeven("7H"), "R6.6", "R4.2", "R4.1")
    y = bz.apply(x, decl(K.ROYAL_MARRIAGE, "KH QH"))
    assert y.melds == (0, 40) and y.sevens == (0, 10)
    assert bz.Card.parse("7H") in y.tables[ANNA]


def test_R11_8_partner_gets_what_is_left_after_the_winners_seven() -> None:
    """R11.8 as written (``partner_seven = False``): one seven action per trick for the side."""
    w = seven_window(FOUR.with_options(partner_seven=False))
    x = bz.apply(w, bz.ExchangeSeven("7H"))
    y = bz.apply(x, bz.Pass())  # no combination declared by Anna: Carla's turn
    assert y.stage is Stage.DECLARE and y.to_move == CARLA
    assert combos(y) == [decl(K.COMMON_MARRIAGE, "KD QD")]
    # one seven action per trick: Carla's seven must wait
    assert seven_actions(y) == []
    assert_illegal(y, bz.Declare(K.TRUMP_SEVEN, "7H"), "R6.6", "R11.8")
    z = bz.apply(y, decl(K.COMMON_MARRIAGE, "KD QD"))
    assert z.melds == (0, 20) and z.sevens == (0, 10)


def test_R11_8_partner_may_take_the_seven_when_the_winner_did_not() -> None:
    w = seven_window()
    y = bz.apply(w, bz.Pass())
    assert y.to_move == CARLA
    assert bz.ExchangeSeven("7H") in seven_actions(y)
    z = bz.apply(y, bz.ExchangeSeven("7H"))
    assert z.sevens == (0, 10) and z.stage is Stage.DECLARE and z.to_move == CARLA
    z = bz.apply(z, decl(K.COMMON_MARRIAGE, "KD QD"))
    assert z.melds == (0, 20) and drew(w, z)


def test_R6_10_seven_as_the_meld_replaces_the_declaration() -> None:
    w = seven_window(FOUR.with_options(seven_counts_as_meld=True))
    x = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KH QH"))
    assert x.melds == (0, 40) and x.sevens == (0, 0)
    assert drew(w, x)  # no seven after the declaration


def test_R6_10_seven_as_the_meld_is_the_tricks_one_declaration_for_the_side() -> None:
    """With the seven as the meld, Anna's exchange is the trick's one declaration; Carla must
    not add a combination for the same trick (R4.3, R6.4: one combination per trick)."""
    w = seven_window(FOUR.with_options(seven_counts_as_meld=True))
    x = bz.apply(w, bz.ExchangeSeven("7H"))
    assert x.sevens == (0, 10)
    if x.stage is Stage.DECLARE:
        assert combos(x) == [], f"player {x.to_move} may still declare {combos(x)}"
        assert_illegal(x, decl(K.COMMON_MARRIAGE, "KD QD"), "R4.3", "R3.2", "R6.4", "R6.10")
        x = bz.apply(x, bz.Pass())
    assert drew(w, x) and x.melds == (0, 0)


def test_R2_6_window_closing_does_not_depend_on_hidden_cards() -> None:
    """Two positions that differ only in Anna's concealed seven of trumps (7♥ or 8♠): after
    the same royal marriage both windows stay open for her, and the opponents see the same."""
    after = []
    for anna in ("KH QH AS 7H 8D", "KH QH AS 8S 8D"):
        hands = ["7C 8C 9C 7S 8S", anna, "7D 8S 9D 10D 9D", "KD QD 9H 9S 9C"]
        s = bz.setup(FOUR, hands=hands, turn_up="9H", stock=SEQ_STOCK)
        w = play(s, "AS", "7D", "9S", "7C")
        assert w.stage is Stage.DECLARE and w.to_move == ANNA
        x = bz.apply(w, decl(K.ROYAL_MARRIAGE, "KH QH"))
        assert x.melds == (0, 40) and x.tables[ANNA] == cards("KH QH")
        assert x.stage is Stage.DECLARE and x.to_move == ANNA and x.stock_size == w.stock_size
        after.append(x)
    with_seven, without = after
    # only Anna can tell the two apart: her legal actions differ ...
    assert set(bz.legal_actions(with_seven)) == {
        bz.Pass(), bz.ExchangeSeven("7H"), bz.Declare(K.TRUMP_SEVEN, "7H")}
    assert bz.legal_actions(without) == (bz.Pass(),)
    assert bz.observe(with_seven, ANNA) != bz.observe(without, ANNA)
    # ... but the window is open in both, so the opponents learn nothing of her hand
    for opponent in (0, 2):
        assert bz.observe(with_seven, opponent) == bz.observe(without, opponent)
    # her pass closes either window the same way: Carla's seven window opens (R13.4), and
    # her pass in turn closes it: everyone draws, Anna leads
    closed = []
    for x in after:
        y = bz.apply(x, bz.Pass())
        assert y.stage is Stage.DECLARE and y.to_move == CARLA
        for opponent in (0, 2):
            assert bz.observe(y, opponent) == bz.observe(
                bz.apply(after[0], bz.Pass()), opponent)
        closed.append(bz.apply(y, bz.Pass()))
    for y in closed:
        assert drew(with_seven, y) and y.to_move == ANNA
    for opponent in (0, 2):
        assert bz.observe(closed[0], opponent) == bz.observe(closed[1], opponent)


# =========================================================================== R6.3 final round


END_HANDS = ["9C 10D", "8C AD", "AC KD", "7C 10S"]
END_STOCK = "7S 8H 9S"


def last_phase_1_trick(variant: bz.Variant = FOUR, hands: list[str] | None = None) -> bz.State:
    """Player 2 wins the only phase-1 trick (the 24th of a real deal)."""
    s = bz.setup(variant, hands=hands or END_HANDS, turn_up="9H", stock=END_STOCK)
    w = play(s, "8C", "AC", "7C", "9C")
    assert w.last_winner == 2 and w.stage is Stage.DECLARE and w.to_move == 2
    return w


def test_R6_3_final_round_last_drawer_takes_the_turn_up() -> None:
    w = last_phase_1_trick()
    t = bz.apply(bz.apply(w, bz.Pass()), bz.Pass())
    assert t.phase == 2 and t.stock_size == 0 and t.turn_up is None
    assert t.hands[2] == cards("KD 7S")   # the winner draws first
    assert t.hands[3] == cards("10S 8H")
    assert t.hands[0] == cards("10D 9S")
    assert t.hands[1] == cards("AD 9H")   # the last drawer takes the turn-up


def test_R6_3_final_round_last_drawer_takes_the_exchanged_seven() -> None:
    w = last_phase_1_trick(hands=["9C 10D", "8C AD", "AC 7H", "7C 10S"])
    # before the last draw the winner may still declare (here: the seven)
    x = bz.apply(w, bz.ExchangeSeven("7H"))
    assert x.sevens == (10, 0)
    t = x
    while t.stage is Stage.DECLARE:
        t = bz.apply(t, bz.Pass())
    assert t.phase == 2
    assert t.hands[2] == cards("9H 7S")
    assert t.hands[1] == cards("AD 7H")


def test_R2_9_table_cards_return_to_the_hands_for_phase_2() -> None:
    w = last_phase_1_trick(hands=["9C 10D", "8C AD", "AC 7H", "7C 10S"])
    x = bz.apply(w, bz.Declare(K.TRUMP_SEVEN, "7H"))  # the seven is laid on the table
    assert x.tables[2] == cards("7H")
    t = x
    while t.stage is Stage.DECLARE:
        t = bz.apply(t, bz.Pass())
    assert t.tables == ((), (), (), ())
    assert t.hands[2] == cards("7H 7S") and t.hands[1] == cards("AD 9H")


# =========================================================================== R6.7 / R11.9 phase 2


def phase_2_start(variant: bz.Variant = FOUR) -> bz.State:
    t = last_phase_1_trick(variant)
    while t.stage is Stage.DECLARE:
        t = bz.apply(t, bz.Pass())
    assert t.phase == 2
    return t


def test_R11_9_duels_winner_of_trick_24_leads_against_his_left_then_partner() -> None:
    t = phase_2_start()
    # first duel: the winner (player 2) against his left-hand opponent (player 3), 2 leading
    assert t.active == (2, 3) and t.to_move == 2 and t.leader == 2
    idle = (t.hands[0], t.hands[1])
    u = play(t, "7S")
    assert u.to_move == 3
    assert bz.legal_actions(u) == (bz.Play("10S"),)  # R2.10: follow and win
    assert_illegal(u, bz.Play("8H"), "R2.10")
    u = play(u, "10S")
    assert u.last_winner == 3 and u.to_move == 3 and u.active == (2, 3)
    u = play(u, "8H")
    assert bz.legal_actions(u) == (bz.Play("KD"),)  # void, no trump: any card
    u = play(u, "KD")
    assert (u.hands[0], u.hands[1]) == idle  # the others waited
    # second duel: the winner's partner (player 0) leads against the remaining player (1)
    assert u.active == (0, 1) and u.to_move == 0 and u.leader == 0
    assert not u.is_over
    v = play(u, "10D")
    assert v.to_move == 1
    assert bz.legal_actions(v) == (bz.Play("AD"),)
    assert_illegal(v, bz.Play("9H"), "R2.10")
    v = play(v, "AD", "9H")
    assert v.to_move == 0 and bz.legal_actions(v) == (bz.Play("9S"),)
    v = play(v, "9S")
    assert v.is_over and v.to_move is None
    # the very last trick (of the second duel) scores 10 for player 1's side
    assert v.last_trick == (0, 10)


@pytest.mark.parametrize("seed", [4, 19])
def test_R6_8_thirty_two_brisques_make_320(seed: int) -> None:
    """Seed 001: "32 Brisquen, zusammen 320 Punkte": over a whole deal the sides' brisques
    add up to 32, counted 10 each at the end (R6.8)."""
    state = bz.new_deal(FOUR, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = bz.apply(state, rng.choice(bz.legal_actions(state)))
    assert sum(state.brisques) == 32
    assert sum(part.brisques for part in bz.deal_result(state).breakdown) == 320


def test_R6_8_brisques_are_counted_at_the_end_of_the_deal() -> None:
    t = phase_2_start()
    assert t.brisques == (1, 0) and t.scores == (0, 0)  # A♣ won, not counted yet
    s = t
    for card in ("7S", "10S", "8H", "KD", "10D", "AD", "9H"):
        s = play(s, card)
        assert s.scores == (0, 0), "brisques are counted only at the end of the deal"
    end = play(s, "9S")
    assert end.is_over
    assert end.brisques == (1, 3)
    assert end.scores == (10, 40)
    result = bz.deal_result(end)
    assert result.points == (10, 40)
    assert result.breakdown[0].brisques == 10 and result.breakdown[1].brisques == 30
    assert result.breakdown[1].last_trick == 10 and result.breakdown[0].last_trick == 0


def test_R6_10_brisques_counted_immediately_option() -> None:
    t = phase_2_start(FOUR.with_options(brisque_timing="immediate"))
    assert t.scores == (10, 0)
    end = play(t, "7S", "10S", "8H", "KD", "10D", "AD", "9H", "9S")
    assert end.scores == (10, 40)


def test_R11_9_phase_2_position_starts_with_the_first_duel() -> None:
    s = bz.setup(FOUR, hands=["AC", "AS", "7S", "7C"], stock=(), turn_up=None, trump="H",
                 dealer=0)
    assert s.phase == 2 and s.active == (1, 2) and s.to_move == 1
    t = play(s, "AS", "7S")
    assert t.active == (3, 0) and t.to_move == 3
    u = play(t, "7C", "AC")
    assert u.is_over and u.last_trick == (10, 0) and u.scores == (20, 10)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_R11_9_duel_pairs_for_every_leader(dealer: int) -> None:
    s = bz.setup(FOUR, hands=["AC 7D", "AS 8D", "7S 9D", "7C 10D"], stock=(), turn_up=None,
                 trump="H", dealer=dealer)
    lead = (dealer + 1) % 4
    assert s.active == (lead, (lead + 1) % 4) and s.to_move == lead
    while len(s.hands[lead]) or len(s.hands[(lead + 1) % 4]):
        assert set(s.active) == {lead, (lead + 1) % 4}
        s = bz.apply(s, bz.legal_actions(s)[0])
    partner = (lead + 2) % 4
    assert s.active == (partner, (lead + 3) % 4) and s.to_move == partner and s.leader == partner
    assert len(s.hands[partner]) == 2 and len(s.hands[(lead + 3) % 4]) == 2


def test_R6_7_all_play_option_every_trick_has_four_cards() -> None:
    t = phase_2_start(FOUR.with_options(phase2="all_play"))
    assert sorted(t.active) == [0, 1, 2, 3] and t.to_move == 2
    u = play(t, "7S")
    assert u.to_move == 3 and bz.legal_actions(u) == (bz.Play("10S"),)
    u = play(u, "10S")
    # player 0 must follow spades; 9♠ cannot beat 10♠ but is his only spade
    assert u.to_move == 0 and bz.legal_actions(u) == (bz.Play("9S"),)
    assert_illegal(u, bz.Play("10D"), "R2.10", "R11.9")
    u = play(u, "9S")
    # player 1 is void in spades: he must trump
    assert u.to_move == 1 and bz.legal_actions(u) == (bz.Play("9H"),)
    assert_illegal(u, bz.Play("AD"), "R2.10", "R11.9")
    u = play(u, "9H")
    assert u.last_winner == 1 and u.to_move == 1 and u.trick == ()
    v = play(u, "AD")
    assert bz.legal_actions(v) == (bz.Play("KD"),)
    v = play(v, "KD")
    assert bz.legal_actions(v) == (bz.Play("8H"),)  # void in diamonds: trump
    v = play(v, "8H", "10D")
    assert v.is_over and v.last_winner == 3 and v.last_trick == (0, 10)


# ==================================================================== R11.9 cutthroat's duels


CUTTHROAT = bz.variants.CUTTHROAT
CUT_HANDS = ["7C 10S", "8D KC", "AD 9C", "9S QC"]
"""The last phase-1 trick of a cutthroat deal (player 0 deals, player 1 leads): player 2
wins it with A♦; then player 2 draws K♠, player 3 Q♠, player 0 J♣ and player 1 the
turn-up 9♥."""


def cutthroat_phase_2(variant: bz.Variant) -> bz.State:
    s = bz.setup(variant, hands=CUT_HANDS, turn_up="9H", stock="KS QS JC")
    w = play(s, "8D", "AD", "9S", "7C")
    assert w.last_winner == 2 and w.to_move == 2 and w.stage is Stage.DECLARE
    t = bz.apply(w, bz.Pass())  # no partner: the winner's pass closes the window
    assert t.phase == 2 and t.stock_size == 0
    assert t.hands == (cards("10S JC"), cards("KC 9H"), cards("9C KS"), cards("QC QS"))
    return t


@pytest.mark.parametrize(("leader", "plays"), [
    ("partner_of_first_leader", ("10S", "9H", "KC", "JC")),
    ("partner_of_first_follower", ("KC", "JC", "9H", "10S")),
])
def test_R11_9_cutthroat_duels(leader: str, plays: tuple[str, ...]) -> None:
    """Cutthroat's default ``phase2 = duels`` (R11.9; seed 001's variant changes only the
    sides and the melds): W, who won trick 24, against the player on W's left, W leading;
    then the other two, led by the seat opposite W (R13.5's default) or, with
    ``second_duel_leader = partner_of_first_follower``, by the other; the last-trick bonus
    goes to the winner of the second duel's last trick, not to W."""
    assert CUTTHROAT.options()["phase2"].value == "duels"
    assert CUTTHROAT.options()["second_duel_leader"].value == "partner_of_first_leader"
    v = CUTTHROAT.with_options(second_duel_leader=leader)
    t = cutthroat_phase_2(v)
    # first duel: player 2 (W) against player 3 (his left), 2 leading; 0 and 1 wait
    assert t.active == (2, 3) and t.to_move == 2 and t.leader == 2
    u = play(t, "KS")
    assert bz.legal_actions(u) == (bz.Play("QS"),)  # R2.10: follow suit
    assert_illegal(u, bz.Play("QC"), "R2.10")
    u = play(u, "QS", "9C", "QC")
    assert u.last_winner == 3 and u.last_trick == (0, 0, 0, 0)  # not the very last trick
    assert (u.hands[0], u.hands[1]) == (t.hands[0], t.hands[1])
    # second duel: the other two, the seat opposite W (player 0) leading by default
    first = 0 if leader == "partner_of_first_leader" else 1
    assert u.active == (first, 1 - first) and u.to_move == first and u.leader == first
    v2 = play(u, plays[0])
    if first == 0:
        # player 1, void in spades, must trump (R2.10)
        assert bz.legal_actions(v2) == (bz.Play("9H"),)
        assert_illegal(v2, bz.Play("KC"), "R2.10")
    end = play(v2, *plays[1:])
    assert end.is_over and end.last_winner == 1
    assert end.last_trick == (0, 10, 0, 0)
    assert end.brisques == (0, 1, 1, 0) and end.scores == (0, 20, 10, 0)


def test_R11_9_cutthroat_duels_from_a_phase_2_position() -> None:
    s = bz.setup(CUTTHROAT, hands=["AC", "AS", "7S", "7C"], stock=(), turn_up=None,
                 trump="H", dealer=0)
    assert s.phase == 2 and s.active == (1, 2) and s.to_move == 1
    t = play(s, "AS", "7S")
    assert t.active == (3, 0) and t.to_move == 3
    u = play(t, "7C", "AC")
    assert u.is_over and u.last_trick == (10, 0, 0, 0) and u.scores == (20, 10, 0, 0)


def test_R11_9_cutthroat_all_play_option() -> None:
    """``phase2 = all_play`` stays an option (R11.9): every phase-2 trick has all four,
    each following and beating the best card so far if able, trumping when void."""
    v = CUTTHROAT.with_options(phase2="all_play")
    assert "second_duel_leader" not in v.options()
    t = cutthroat_phase_2(v)
    assert t.active == (0, 1, 2, 3) and t.to_move == 2
    u = play(t, "KS", "QS")
    assert u.to_move == 0 and bz.legal_actions(u) == (bz.Play("10S"),)  # beat K♠ if able
    u = play(u, "10S")
    assert bz.legal_actions(u) == (bz.Play("9H"),)  # void in spades: trump
    assert_illegal(u, bz.Play("KC"), "R2.10", "R11.9")
    u = play(u, "9H")
    assert u.last_winner == 1 and u.to_move == 1 and u.trick == ()
    end = play(u, "KC", "9C", "QC", "JC")
    assert end.is_over and end.last_winner == 1
    assert end.last_trick == (0, 10, 0, 0)
    assert end.brisques == (0, 1, 1, 0) and end.scores == (0, 20, 10, 0)


# =========================================================================== R6.9 game to 2000


ONE_CARD = ["AC", "AS", "7S", "7C"]
"""Phase 2, one card each: player 1 wins A♠ (10), player 0 wins A♣ and the last trick (20)."""


def game_at(state: bz.State, totals: tuple[int, int]) -> bz.Game:
    return attrs.evolve(bz.new_game(FOUR, seed=5), current=state, totals=totals)


def one_card_deal() -> bz.State:
    return bz.setup(FOUR, hands=ONE_CARD, stock=(), turn_up=None, trump="H")


def test_R6_9_game_to_2000_both_pass_the_higher_total_wins() -> None:
    assert FOUR.scoring.target == 2000
    game = play(game_at(one_card_deal(), (1985, 1992)), "AS", "7S", "7C", "AC")  # type: ignore
    assert isinstance(game, bz.Game)
    assert game.is_over and game.totals == (2005, 2002)
    assert game.winner == 0
    assert bz.game_result(game).winner == 0


def test_R6_9_under_2000_the_game_goes_on() -> None:
    game = play(game_at(one_card_deal(), (1900, 1980)), "AS", "7S", "7C", "AC")  # type: ignore
    assert isinstance(game, bz.Game)
    assert not game.is_over and game.totals == (1920, 1990)
    assert game.current.dealer == 1 and game.current.to_move == 2  # dealer rotates left
    assert [len(h) for h in game.current.hands] == [8, 8, 8, 8]


# =========================================================================== seed 001 Abrechnung


def finished_deal() -> bz.State:
    end = play(one_card_deal(), "AS", "7S", "7C", "AC")
    assert end.is_over
    return end


def test_seed001_abrechnung_worked_example() -> None:
    """Seed 001's scoring example: Anna and Carla declared a royal marriage (40), a sequence
    (250) and four kings (80) = 370; Ben and Dan a bezique (40), a double bezique (500) and a
    seven of trumps (10) = 550, and took the very last trick (+10). Brisques: 18 (180) and
    14 (140). Result: 550 and 700.

    Reaching these numbers by play would take a full 32-trick deal, so the bookkeeping of a
    finished four-handed deal is filled in by hand (``State.replace``) and scored by
    ``bz.deal_result``. Anna and Carla are side 0 here (players 0 and 2), Ben and Dan side 1.
    """
    hk, hq = bz.Card.parse("KH"), bz.Card.parse("QH")
    done = (
        Combination(K.ROYAL_MARRIAGE, 0, 0, (hk, hq), (1, 2), 40, True),
        Combination(K.TRUMP_SEQUENCE, 0, 2, cards("AH 10H KH QH JH"), (1, 2, 3, 4, 5), 250),
        Combination(K.FOUR_KINGS, 0, 0, cards("KS KH KD KC"), (6, 7, 8, 9), 80),
        Combination(K.BEZIQUE, 1, 1, cards("QS JD"), (10, 11), 40, True),
        Combination(K.DOUBLE_BEZIQUE, 1, 3, cards("QS QS JD JD"), (10, 11, 12, 13), 500),
    )
    state = finished_deal().replace(
        combos=done, melds=(370, 540), sevens=(0, 10), brisques=(18, 14), last_trick=(0, 10))
    assert sum(state.brisques) == 32  # all 32 brisques of the four packs
    result = bz.deal_result(state)
    assert result.points == (550, 700)
    assert state.scores == (550, 700)
    ours, theirs = result.breakdown
    assert (ours.melds, ours.sevens, ours.brisques, ours.last_trick) == (370, 0, 180, 0)
    assert (theirs.melds, theirs.sevens, theirs.brisques, theirs.last_trick) == (540, 10, 140, 10)
    assert ours.melds + ours.sevens == 370 and theirs.melds + theirs.sevens == 550
    assert result.brisque_counts == (18, 14)
    assert dict(result.meld_counts) == {K.ROYAL_MARRIAGE: 1, K.TRUMP_SEQUENCE: 1,
                                        K.FOUR_KINGS: 1, K.BEZIQUE: 1, K.DOUBLE_BEZIQUE: 1}
    # while the deal runs, the brisques are not in the scores (R6.8)
    running = state.replace(stage=Stage.PLAY, to_move=1)
    assert running.scores == (370, 560)


# =========================================================================== R3.7 quartets


FRESH_QUARTET_STOCK = ("10C JC 8S JD 10C JC AC JD 9S 7C 10S JS 9S 7C 10S JS 10S 10S 7S")


def _close(state: bz.State) -> bz.State:
    while state.stage is Stage.DECLARE:
        state = bz.apply(state, bz.Pass())
    return state


@pytest.mark.parametrize("spare", [True, False])
def test_R3_7_R6_5_four_kings_of_table_cards_need_one_from_the_hand(spare: bool) -> None:
    """Four kings lie on the side's tables, each new to the quartets (from four marriages).
    With ``require_fresh_card`` the quartet needs a king from the declarer's hand: Carla's
    second K♠ takes the place of Anna's; without one the quartet is not offered."""
    carla = "KC QC KH QH KS AC AD 7S" if spare else "KC QC KH QH 9C AC AD 7S"
    hands = ["8S 8S 8C 8C 9S 9S 9C 9C", "KS QS KD QD AS AS 7C 7C",
             "7D 8D 9D 7D 8D 9D 10D 10D", carla]
    s = bz.setup(FOUR, hands=hands, turn_up="9H", stock=FRESH_QUARTET_STOCK)
    t = _close(bz.apply(play(s, "AS", "7D", "7S", "8S"), decl(K.COMMON_MARRIAGE, "KS QS")))
    t = _close(bz.apply(play(t, "AS", "8D", "8S", "8S"), decl(K.COMMON_MARRIAGE, "KD QD")))
    t = _close(bz.apply(play(t, "7C", "9D", "AC", "8C"), decl(K.COMMON_MARRIAGE, "KC QC")))
    t = _close(bz.apply(play(t, "AC", "8C", "7C", "7D"), decl(K.ROYAL_MARRIAGE, "KH QH")))
    w = play(t, "AD", "9S", "10S", "8D")
    assert w.stage is Stage.DECLARE and w.to_move == CARLA and w.phase == 1
    assert sorted(w.tables[ANNA]) == sorted(cards("KS QS KD QD"))
    assert sorted(w.tables[CARLA]) == sorted(cards("KC QC KH QH"))
    kings = decl(K.FOUR_KINGS, "KS KH KD KC")
    if not spare:
        assert kings not in combos(w)
        assert_illegal(w, kings, "R3.7", "R6.5")
        return
    assert kings in combos(w)
    x = bz.apply(w, kings)
    assert x.melds == (0, 20 + 20 + 20 + 40 + 80)
    assert bz.Card.parse("KS") not in x.hands[CARLA]
    assert sorted(x.tables[CARLA]) == sorted(cards("KC QC KH QH KS"))
    assert sorted(x.tables[ANNA]) == sorted(cards("KS QS KD QD"))  # Anna's K♠ not used
    anna_ks = next(tc.serial for tc in x.table[ANNA] if tc.card == bz.Card.parse("KS"))
    assert anna_ks not in x.combos[-1].serials


def test_R11_8_partner_seven_false_partner_may_take_the_seven_when_the_winner_did_not() -> None:
    """R11.8 as written: the winner passes without a combination or a seven action; the
    partner has the side's seven action (and the combination)."""
    w = seven_window(FOUR.with_options(partner_seven=False))
    y = bz.apply(w, bz.Pass())
    assert y.to_move == CARLA and bz.ExchangeSeven("7H") in seven_actions(y)
    z = bz.apply(y, bz.ExchangeSeven("7H"))
    assert z.sevens == (0, 10) and z.stage is Stage.DECLARE and z.to_move == CARLA


def test_R6_10_seven_as_the_meld_partner_gets_the_window_when_the_winner_passes() -> None:
    """With the seven as the meld, a winner who passes without any declaration leaves the
    trick's one declaration to the partner (R11.8): her marriage or her seven."""
    w = seven_window(FOUR.with_options(seven_counts_as_meld=True))
    y = bz.apply(w, bz.Pass())
    assert y.stage is Stage.DECLARE and y.to_move == CARLA
    assert decl(K.COMMON_MARRIAGE, "KD QD") in combos(y)
    z = bz.apply(y, decl(K.COMMON_MARRIAGE, "KD QD"))
    assert z.melds == (0, 20) and drew(w, z)
