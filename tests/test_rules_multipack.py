"""Scenario tests for the multi-pack games: Rubicon (RULES.md section 8), Chinese and
eight-pack Bezique (section 9) and their precise readings (R11.2-R11.4, R11.6, R11.7).

Every test starts from an explicit position built with ``bz.setup``: player 0 deals, so
player 1 is the elder and leads the first trick. Stocks are written top card first, in
drawing order (the trick winner draws first); ``*`` in a stock stands for a harmless filler
card (a nine or eight, never a court, never a brisque). Whole deals are only played from
explicit positions or fixed seeds with a deterministic policy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs
import pytest

import bezique as bz
from bezique._engine.shuffle import shuffled
from bezique.cards import pack
from bezique.results import settle
from scenario import close_announcements

K = bz.MeldKind
Stage = bz.Stage
RUBICON = bz.variants.RUBICON
CHINESE = bz.variants.CHINESE
EIGHT = bz.variants.EIGHT_PACK

FILLER = bz.parse_cards("9C 8C 9D 8D 9S 8S 9H 8H")


# --------------------------------------------------------------------------- helpers


def cards(text: str) -> tuple[bz.Card, ...]:
    return bz.parse_cards(text)


def make_stock(variant: bz.Variant, hands: tuple[str, ...], head: str = "",
               size: int | None = None) -> tuple[bz.Card, ...]:
    """The face-down stock: ``head`` (top first, ``*`` = filler), then filler to ``size``."""
    tokens = head.split()
    fixed = [bz.Card.parse(t) for t in tokens if t != "*"]
    used = Counter(c for h in hands for c in cards(h)) + Counter(fixed)
    spare: list[bz.Card] = []
    for _ in range(variant.packs):
        for card in FILLER:
            if used[card] < variant.packs:
                used[card] += 1
                spare.append(card)
    n = size if size is not None else max(12, len(tokens) + len(tokens) % 2)
    tokens += ["*"] * (n - len(tokens))
    return tuple(spare.pop(0) if t == "*" else bz.Card.parse(t) for t in tokens)


def position(variant: bz.Variant, p0: str, p1: str, *, head: str = "", size: int | None = None,
             trump: str | None = None) -> bz.State:
    """Player 0 deals, player 1 (the elder) leads; phase 1 with the given stock."""
    stock = make_stock(variant, (p0, p1), head, size)
    return bz.setup(variant, hands=[p0, p1], stock=stock, dealer=0, trump=trump)


def phase2(variant: bz.Variant, p0: str, p1: str, trump: str = "H") -> bz.State:
    """A position with the stock gone: phase 2, player 1 leads."""
    return bz.setup(variant, hands=[p0, p1], stock=(), dealer=0, trump=trump)


def trick(state: bz.State, first: str | bz.Play, second: str | bz.Play, winner: int) -> bz.State:
    """Play one trick (``first`` by the player to move); check who won it. A window open only
    for announcements (R13.7) is closed first."""
    state = close_announcements(state)
    for card in (first, second):
        state = bz.apply(state, card if isinstance(card, bz.Play) else bz.Play(card))
    assert state.last_winner == winner
    if state.phase == 1 and state.stock_size:
        assert state.stage is Stage.DECLARE and state.to_move == winner
    return state


def meld(kind: bz.MeldKind, text: str) -> bz.Declare:
    return bz.Declare(kind, cards(text))


def declare(state: bz.State, kind: bz.MeldKind, text: str) -> bz.State:
    action = meld(kind, text)
    assert action in bz.legal_actions(state), f"{action} is not listed"
    return bz.apply(state, action)


def pass_(state: bz.State) -> bz.State:
    return bz.apply(state, bz.Pass())


def listed(state: bz.State) -> set[bz.Declare]:
    """The combinations listed in the legal actions."""
    return {a for a in bz.legal_actions(state) if isinstance(a, bz.Declare)}


def carte(state: bz.State, player: int | None = None) -> bz.Declare:
    """Carte blanche with all of ``player``'s cards (hand and table)."""
    p = state.to_move if player is None else player
    assert p is not None
    return bz.Declare(K.CARTE_BLANCHE, state.hands[p] + state.tables[p])


def assert_illegal(state: bz.State, action: object, *rules: str) -> str:
    """``action`` raises IllegalActionError citing one of ``rules`` and changes nothing."""
    before = state.replace()
    text = repr(tuple(state)[:-1])
    acts = bz.legal_actions(state)
    assert action not in acts, f"{action} is listed as legal"
    with pytest.raises(bz.IllegalActionError) as info:
        bz.apply(state, action)  # type: ignore[arg-type]
    message = str(info.value)
    assert any(rule in message for rule in rules), f"{message!r} cites none of {rules}"
    with pytest.raises(bz.IllegalActionError):
        bz.check_action(state, action)  # type: ignore[arg-type]
    assert not bz.is_legal(state, action)  # type: ignore[arg-type]
    assert state == before and repr(tuple(state)[:-1]) == text
    assert bz.legal_actions(state) == acts
    return message


Policy = Callable[[bz.State, tuple[bz.Action, ...]], bz.Action]


def first_legal(state: bz.State, acts: tuple[bz.Action, ...]) -> bz.Action:
    return acts[0]


def play_out(state: bz.State, policy: Policy = first_legal) -> bz.State:
    while not state.is_over:
        state = bz.apply(state, policy(state, bz.legal_actions(state)))
    return state


LOSER = "7D 7D 7C 7C 8C 8C 7S 7S 7H"
"""A nine-card hand for player 1 that wins nothing against the tricks below."""


# --------------------------------------------------------------------------- R8.1


@pytest.mark.parametrize(("seed", "dealer"), [(1, 0), (2, 1), (3, 0)])
def test_R8_1_rubicon_deal_nine_each_3_3_3_stock_110_no_turn_up(seed: int, dealer: int) -> None:
    s = bz.new_deal(RUBICON, seed=seed, dealer=dealer)
    assert RUBICON.packs == 4 and RUBICON.hand_size == 9
    assert [len(h) for h in s.hands] == [9, 9]
    assert s.stock_size == 110 and s.turn_up is None and s.trump is None
    assert s.tables == ((), ()) and s.scores == (0, 0)
    elder = 1 - dealer
    assert s.to_move == elder
    # R11.1: packets of 3 from the dealer's left, the dealer last
    deck = shuffled(RUBICON.deck.cards(), s.seed)
    assert s.hands[elder] == tuple(sorted(deck[0:3] + deck[6:9] + deck[12:15]))
    assert s.hands[dealer] == tuple(sorted(deck[3:6] + deck[9:12] + deck[15:18]))
    assert s.stock == tuple(deck[18:])
    assert Counter(s.hands[0] + s.hands[1] + s.stock) == Counter(pack(4))


def test_R8_1_fifty_five_phase_1_tricks_then_nine() -> None:
    s = bz.new_deal(RUBICON, seed=7)
    sizes = []
    while s.phase == 1:
        if s.stage is Stage.PLAY and not s.trick:
            sizes.append(s.stock_size)
        s = bz.apply(s, bz.legal_actions(s)[0])
    assert s.tricks == 55
    assert sizes == list(range(110, 0, -2))
    assert [len(h) for h in s.hands] == [9, 9] and s.tables == ((), ())
    s = play_out(s)
    assert s.tricks == 64


def test_R8_1_no_trump_until_the_first_marriage_which_scores_royal() -> None:
    s = position(RUBICON, "AH KS QS 9C 7S 9D 9D 8C 8C", "8D 7C 7D 8S 7C 8H 8H 7H 7H")
    assert s.trump is None
    # no trump: the ace of another suit does not beat the card led
    w = trick(s, "8D", "AH", winner=1)
    assert w.trump is None
    assert bz.legal_actions(w) == (bz.Pass(),)
    w = trick(pass_(w), "7C", "9C", winner=0)
    assert listed(w) == {meld(K.ROYAL_MARRIAGE, "KS QS")}
    assert_illegal(w, meld(K.COMMON_MARRIAGE, "KS QS"), "R11.2")
    t = declare(w, K.ROYAL_MARRIAGE, "KS QS")
    assert t.trump is bz.Suit.SPADES and t.melds == (40, 0) and t.scores == (40, 0)
    # from now on spades are trumps: a low spade beats the nine of the suit led
    u = trick(t, "9D", "8S", winner=1)
    assert u.trump is bz.Suit.SPADES


def test_R8_1_trump_sevens_score_nothing() -> None:
    assert K.TRUMP_SEVEN not in RUBICON.melds.kinds
    assert RUBICON.melds.points(K.TRUMP_SEVEN) is None
    s = position(RUBICON, "7H 7H 9C 9C 8C 8C 9D 9D 9S", LOSER, trump="H")
    w = trick(s, "7D", "7H", winner=0)  # a trump seven played in phase 1
    assert w.scores == (0, 0) and w.sevens == (0, 0)
    assert bz.legal_actions(w) == (bz.Pass(),)
    assert_illegal(w, bz.Declare(K.TRUMP_SEVEN, cards("7H")), "R5.1", "R8.1")
    assert_illegal(w, bz.ExchangeSeven("7H"), "R5.1", "R8.1")


def test_R2_12_end_of_stock_without_a_turn_up_the_trick_emptying_the_stock_scores() -> None:
    """Rubicon turns up no card: with ``last_trick = end_of_stock`` the last-trick points go
    to the winner of the trick after which the stock runs out, and to no earlier trick."""
    v = RUBICON.with_options(last_trick="end_of_stock")
    s = position(v, "AS 9C 9C 9D 9D 8D 8D 9S 9S", LOSER, size=4)
    w = trick(s, "7S", "AS", winner=0)
    assert w.last_trick == (0, 0) and w.stock_size == 4
    w = trick(pass_(w), "9C", "7C", winner=0)
    assert w.last_trick == (v.scoring.last_trick_points, 0) and w.stock_size == 2


# --------------------------------------------------------------------------- R8.2 / R11.2


BACK_DOOR_HAND = "KH QH AS 10S KS QS JS 8D 8D"


def test_R11_2_before_trump_no_back_door_and_no_common_marriage() -> None:
    s = position(RUBICON, BACK_DOOR_HAND, LOSER)
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.ROYAL_MARRIAGE, "KH QH"), meld(K.ROYAL_MARRIAGE, "KS QS"),
                         meld(K.TRUMP_SEQUENCE, "AS 10S KS QS JS")}
    assert_illegal(w, meld(K.BACK_DOOR, "AS 10S KS QS JS"), "R11.2")
    assert_illegal(w, meld(K.COMMON_MARRIAGE, "KH QH"), "R11.2")


def test_R8_2_back_door_sequence_150_once_trump_is_fixed() -> None:
    s = position(RUBICON, BACK_DOOR_HAND, LOSER)
    w = trick(s, "7D", "8D", winner=0)
    t = declare(w, K.ROYAL_MARRIAGE, "KH QH")
    assert t.trump is bz.Suit.HEARTS and t.melds == (40, 0)
    w = trick(t, "8D", "7D", winner=0)
    assert listed(w) == {meld(K.COMMON_MARRIAGE, "KS QS"), meld(K.BACK_DOOR, "AS 10S KS QS JS")}
    assert_illegal(w, meld(K.TRUMP_SEQUENCE, "AS 10S KS QS JS"), "R3.3")
    t = declare(w, K.BACK_DOOR, "AS 10S KS QS JS")
    assert t.melds == (190, 0) and t.scores == (190, 0)
    assert Counter(t.tables[0]) == Counter(cards("KH QH AS 10S KS QS JS"))


def test_R11_2_a_sequence_before_trump_is_the_trump_sequence_and_fixes_trump() -> None:
    s = position(RUBICON, BACK_DOOR_HAND, LOSER)
    w = trick(s, "7D", "8D", winner=0)
    t = declare(w, K.TRUMP_SEQUENCE, "AS 10S KS QS JS")
    assert t.trump is bz.Suit.SPADES and t.melds == (250, 0)
    w = trick(t, "8D", "7D", winner=0)
    # hearts are now a plain suit; the spade marriage lies inside the scored sequence (R3.6)
    assert listed(w) == {meld(K.COMMON_MARRIAGE, "KH QH")}
    assert_illegal(w, meld(K.ROYAL_MARRIAGE, "KS QS"), "R3.6")
    assert declare(w, K.COMMON_MARRIAGE, "KH QH").melds == (270, 0)


def test_R11_2_sequence_fixes_trump_false_no_sequence_before_trump() -> None:
    v = RUBICON.with_options(sequence_fixes_trump=False)
    w = trick(position(v, BACK_DOOR_HAND, LOSER), "7D", "8D", winner=0)
    assert listed(w) == {meld(K.ROYAL_MARRIAGE, "KH QH"), meld(K.ROYAL_MARRIAGE, "KS QS")}
    assert_illegal(w, meld(K.TRUMP_SEQUENCE, "AS 10S KS QS JS"), "R11.2", "R3.3")


def test_R11_3_back_door_upgrades_the_common_marriage_of_its_suit() -> None:
    s = position(RUBICON, "KS QS AS 10S JS 8D 8D 9C 9C", LOSER, trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.COMMON_MARRIAGE, "KS QS"), meld(K.BACK_DOOR, "AS 10S KS QS JS")}
    t = declare(w, K.COMMON_MARRIAGE, "KS QS")
    assert t.melds == (20, 0)
    w = trick(t, "8D", "7D", winner=0)
    assert listed(w) == {meld(K.BACK_DOOR, "AS 10S KS QS JS")}
    t = declare(w, K.BACK_DOOR, "AS 10S KS QS JS")
    assert t.melds == (170, 0)
    w = trick(t, "9C", "7C", winner=0)
    assert bz.legal_actions(w) == (bz.Pass(),)


def test_R11_3_back_door_upgrades_its_own_suits_marriage_past_another_suits() -> None:
    """Two common marriages, spades then diamonds: the diamond back-door upgrades the
    diamond marriage; the spade marriage before it is no base for it and does not end the
    search."""
    s = position(RUBICON, "KS QS KD QD AD 10D JD 9C 9C", LOSER, head="9S * 9S *", trump="H")
    t = declare(trick(s, "7C", "9C", winner=0), K.COMMON_MARRIAGE, "KS QS")
    t = declare(trick(t, "9C", "7C", winner=0), K.COMMON_MARRIAGE, "KD QD")
    w = trick(t, "9S", "7S", winner=0)
    back_door = meld(K.BACK_DOOR, "AD 10D KD QD JD")
    assert back_door in listed(w)
    u = declare(w, K.BACK_DOOR, "AD 10D KD QD JD")
    assert [c.superseded for c in u.combos] == [False, True, False]


def test_R8_2_triple_bezique_1500_as_double_plus_one_pair() -> None:
    s = position(RUBICON, "QS QS QS JD JD JD 8D 8D 9C", LOSER)
    w = trick(s, "7D", "8D", winner=0)
    assert {meld(K.BEZIQUE, "QS JD"), meld(K.DOUBLE_BEZIQUE, "QS QS JD JD"),
            meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")} <= listed(w)
    t = declare(w, K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert t.melds == (500, 0) and t.trump is None
    w = trick(t, "8D", "7D", winner=0)
    assert meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") in listed(w)
    # no second double out of one pair of the scored double and the new pair (R3.6)
    assert_illegal(w, meld(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.6", "R3.9")
    t = declare(w, K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")
    assert t.melds == (2000, 0) and t.scores == (2000, 0)
    assert Counter(t.tables[0]) == Counter(cards("QS QS QS JD JD JD"))


def test_R8_2_quadruple_bezique_4500() -> None:
    s = position(RUBICON, "QS QS QS QS JD JD JD JD 8D", LOSER)
    w = trick(s, "7D", "8D", winner=0)
    assert meld(K.QUADRUPLE_BEZIQUE, "QS QS QS QS JD JD JD JD") in listed(w)
    t = declare(w, K.QUADRUPLE_BEZIQUE, "QS QS QS QS JD JD JD JD")
    assert t.melds == (4500, 0) and t.trump is None


def test_R11_3_bezique_to_triple_to_quadruple_adding_whole_pairs() -> None:
    s = position(RUBICON, "QS QS QS JD JD JD 8D 8D 8D", "7D 7D 7D 7C 7C 7C 8C 8C 9C",
                 head="QS * JD *")
    w = trick(s, "7D", "8D", winner=0)
    t = declare(w, K.BEZIQUE, "QS JD")
    assert t.melds == (40, 0)
    w = trick(t, "8D", "7D", winner=0)
    assert {meld(K.DOUBLE_BEZIQUE, "QS QS JD JD"),
            meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")} <= listed(w)
    t = declare(w, K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD")  # two pairs added at once
    assert t.melds == (1540, 0)
    w = trick(t, "8D", "7D", winner=0)
    t = declare(w, K.QUADRUPLE_BEZIQUE, "QS QS QS QS JD JD JD JD")
    assert t.melds == (6040, 0)
    assert Counter(t.tables[0]) == Counter(cards("QS QS QS QS JD JD JD JD"))


def test_R11_3_no_triple_from_two_beziques_scored_singly() -> None:
    s = position(RUBICON, "QS QS QS JD JD JD 8D 8D 8D", "7D 7D 7D 7C 7C 7C 8C 8C 9C")
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    t = declare(trick(t, "8D", "7D", winner=0), K.BEZIQUE, "QS JD")  # a second single one
    assert t.melds == (80, 0)
    w = trick(t, "8D", "7D", winner=0)
    # one scored bezique plus the pair in hand makes a double; both scored ones cannot serve
    assert meld(K.DOUBLE_BEZIQUE, "QS QS JD JD") in listed(w)
    assert_illegal(w, meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD"), "R3.6", "R3.9")


def test_R11_3_no_upgrade_from_a_broken_bezique() -> None:
    s = position(RUBICON, "QS QS JD JD JD 8D 9C 9C 9C", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    w = trick(t, bz.Play("JD", from_table=True), "7C", winner=0)  # breaks the bezique
    assert w.tables[0] == cards("QS")
    # re-forming the bezique is allowed (R8.3); a double built on the broken one is not
    assert meld(K.BEZIQUE, "QS JD") in listed(w)
    assert_illegal(w, meld(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.6", "R3.9")


# --------------------------------------------------------------------------- carte blanche


NO_COURT = "AS 10S 9S 8S 7S AH 10H 9H 8H"
WITH_COURT = "KC 9C 8C 8C 7C 7C 9D 9D 8D"


def test_R8_2_carte_blanche_before_the_first_card_scores_50_and_keeps_the_turn() -> None:
    s = position(RUBICON, WITH_COURT, NO_COURT)
    cb = carte(s, 1)
    assert cb == meld(K.CARTE_BLANCHE, NO_COURT)
    assert cb in bz.legal_actions(s)
    assert_illegal(s, meld(K.CARTE_BLANCHE, "AS 10S 9S"), "R11.6")  # not all his cards
    t = bz.apply(s, cb)
    assert t.melds == (0, 50) and t.scores == (0, 50)
    assert t.combos[-1].kind is K.CARTE_BLANCHE and t.combos[-1].cards == cb.cards
    assert t.to_move == 1 and t.stage is Stage.PLAY and t.trick == ()
    assert t.hands == s.hands and t.tables == s.tables  # the cards stay where they are
    assert_illegal(t, cb, "R11.6")  # once per privilege
    u = bz.apply(t, bz.Play("7S"))
    assert u.to_move == 0
    assert_illegal(u, carte(u, 0), "R11.6")  # the dealer holds a king


def test_R8_2_carte_blanche_is_recorded_as_the_showers_combination() -> None:
    """The shown carte blanche is a scored combination of the elder's side and seat, with
    its 50 points and no table card (the cards stay in the hand)."""
    s = position(RUBICON, WITH_COURT, NO_COURT)
    t = bz.apply(s, carte(s, 1))
    shown = t.combos[-1]
    assert (shown.kind, shown.side, shown.player, shown.points, shown.serials) == (
        K.CARTE_BLANCHE, 1, 1, 50, ())
    assert not shown.superseded


def test_R11_6_the_follower_shows_carte_blanche_before_his_first_card() -> None:
    s = position(RUBICON, "AD 10D 9D 8D 7D AC 10C 9C 8C", "KS QS 9S 8S 7S 9H 8H 7H 7H")
    assert_illegal(s, carte(s, 1), "R11.6")
    t = bz.apply(s, bz.Play("7S"))
    assert carte(t, 0) in bz.legal_actions(t)
    u = bz.apply(t, carte(t, 0))
    assert u.melds == (50, 0) and u.to_move == 0 and u.trick == t.trick
    v = bz.apply(u, bz.Play("8D"))
    assert v.last_winner == 1 and v.stage is Stage.DECLARE


def test_R11_6_carte_blanche_not_in_a_declaration_window_nor_in_phase_2() -> None:
    s = position(RUBICON, WITH_COURT, NO_COURT)
    t = bz.apply(s, carte(s, 1))
    w = trick(t, "7S", "9D", winner=1)
    assert w.stage is Stage.DECLARE
    assert_illegal(w, carte(w, 1), "R11.6")
    p2 = phase2(RUBICON, "KC 8C", "AS 9S")
    assert p2.phase == 2
    assert_illegal(p2, meld(K.CARTE_BLANCHE, "AS 9S"), "R11.6")


def test_R8_2_carte_blanche_repeats_after_each_non_court_drawn_until_a_court() -> None:
    s = position(RUBICON, WITH_COURT, NO_COURT, head="7H * 8H * KD * 9S *")
    t = bz.apply(s, carte(s, 1))
    w = trick(t, "7S", "9D", winner=1)
    t = pass_(w)  # player 1 draws 7H, a non-court
    assert cards("7H")[0] in t.hands[1] and t.to_move == 1
    assert carte(t, 1) in bz.legal_actions(t)
    t = bz.apply(t, carte(t, 1))
    assert t.melds == (0, 100) and t.to_move == 1
    assert_illegal(t, carte(t, 1), "R11.6")
    w = trick(t, "8S", "8D", winner=1)
    t = pass_(w)  # player 1 draws 8H, a non-court: he may show again
    assert carte(t, 1) in bz.legal_actions(t)
    t = bz.apply(t, carte(t, 1))
    assert t.melds == (0, 150)
    w = trick(t, "9S", "9D", winner=1)
    t = pass_(w)  # player 1 draws K♦: the privilege ends
    assert cards("KD")[0] in t.hands[1]
    assert_illegal(t, carte(t, 1), "R11.6")
    w = trick(t, "KD", "8C", winner=1)
    t = pass_(w)  # player 1 draws 9S: no court in hand again, but the privilege is gone
    assert not any(c.rank.is_court for c in t.hands[1])
    assert_illegal(t, carte(t, 1), "R11.6")


def test_R11_6_carte_blanche_lost_if_not_shown_before_the_first_card() -> None:
    s = position(RUBICON, WITH_COURT, NO_COURT, head="7H *")
    w = trick(s, "7S", "9D", winner=1)
    t = pass_(w)
    assert not any(c.rank.is_court for c in t.hands[1])
    assert_illegal(t, carte(t, 1), "R11.6")


def test_R8_2_carte_blanche_repeats_false_shows_only_once() -> None:
    v = RUBICON.with_options(carte_blanche_repeats=False)
    s = position(v, WITH_COURT, NO_COURT, head="7H *")
    t = bz.apply(s, carte(s, 1))
    t = pass_(trick(t, "7S", "9D", winner=1))
    assert_illegal(t, carte(t, 1), "R11.6")


def test_R11_6_carte_blanche_shows_the_table_cards_too() -> None:
    s = position(RUBICON, WITH_COURT, "AS AH AD AC 9S 8S 7S 9H 8H", head="7H *")
    t = bz.apply(s, carte(s, 1))
    w = trick(t, "7S", "9D", winner=1)
    t = declare(w, K.FOUR_ACES, "AS AH AD AC")
    assert t.melds == (0, 150) and t.to_move == 1
    every = meld(K.CARTE_BLANCHE, "AS AH AD AC 9S 8S 9H 8H 7H")
    assert carte(t, 1) == every and every in bz.legal_actions(t)
    assert_illegal(t, bz.Declare(K.CARTE_BLANCHE, t.hands[1]), "R11.6")
    assert bz.apply(t, every).melds == (0, 200)


# --------------------------------------------------------------------------- four tens


def test_R8_2_four_tens_score_nothing_by_default() -> None:
    assert RUBICON.melds.four_tens == 0
    s = position(RUBICON, "10S 10H 10D 10C 8D 9C 9C 8C 8C", LOSER, trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert bz.legal_actions(w) == (bz.Pass(),)
    assert_illegal(w, meld(K.FOUR_TENS, "10S 10H 10D 10C"), "R3.3", "R8.2")


def test_R8_2_four_tens_90_with_the_option() -> None:
    v = RUBICON.with_options(four_tens=90)
    s = position(v, "10S 10H 10D 10C 8D 9C 9C 8C 8C", LOSER, trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.FOUR_TENS, "10S 10H 10D 10C")}
    assert declare(w, K.FOUR_TENS, "10S 10H 10D 10C").melds == (90, 0)


# --------------------------------------------------------------------------- R8.3


MARRIAGE_HAND = "KH QH QH 8D 9C 9C 9C 8C 8C"


def _broken_royal_marriage(variant: bz.Variant) -> bz.State:
    s = position(variant, MARRIAGE_HAND, LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    assert t.trump is bz.Suit.HEARTS and t.melds == (40, 0)
    w = trick(t, bz.Play("QH", from_table=True), "7C", winner=0)
    assert w.tables[0] == cards("KH") and cards("QH")[0] in w.hands[0]
    return w


def test_R8_3_broken_marriage_reformed_with_another_queen_scores_again() -> None:
    assert RUBICON.melds.reform_broken is True
    w = _broken_royal_marriage(RUBICON)
    assert listed(w) == {meld(K.ROYAL_MARRIAGE, "KH QH")}
    t = declare(w, K.ROYAL_MARRIAGE, "KH QH")
    assert t.melds == (80, 0)
    assert Counter(t.tables[0]) == Counter(cards("KH QH"))
    # the re-formed marriage is intact: it cannot be scored a third time
    w = trick(t, "9C", "7C", winner=0)
    assert meld(K.ROYAL_MARRIAGE, "KH QH") not in listed(w)


def test_R8_3_without_reform_broken_the_marriage_is_not_rescored() -> None:
    w = _broken_royal_marriage(RUBICON.with_options(reform_broken=False))
    assert_illegal(w, meld(K.ROYAL_MARRIAGE, "KH QH"), "R3.8", "R3.6")


def test_R3_7_four_kings_then_four_queens_give_four_marriages() -> None:
    """Seed 000: "if you table four kings and next time four queens, you may later score
    four marriages from them" (R3.4, R3.7). Eight table cards and a card to win each trick
    with need a hand of nine: Rubicon's (a two-pack hand plus table holds eight)."""
    s = position(RUBICON, "KS KH KD KC QS QH QD 8D 9C", LOSER, trump="H",
                 head="QC * AC * AS * AD * AC *", size=20)
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KH KD KC")
    t = declare(trick(t, "9C", "7D", winner=0), K.FOUR_QUEENS, "QS QH QD QC")
    assert Counter(t.tables[0]) == Counter(cards("KS KH KD KC QS QH QD QC"))
    marriages = ((K.ROYAL_MARRIAGE, "KH QH"), (K.COMMON_MARRIAGE, "KS QS"),
                 (K.COMMON_MARRIAGE, "KD QD"), (K.COMMON_MARRIAGE, "KC QC"))
    for (kind, pair), (lead, reply) in zip(marriages, (("AC", "7C"), ("AS", "7S"),
                                                       ("AD", "8C"), ("AC", "7C")),
                                           strict=True):
        t = declare(trick(t, lead, reply, winner=0), kind, pair)
    assert t.melds == (80 + 60 + 40 + 3 * 20, 0)
    assert Counter(t.tables[0]) == Counter(cards("KS KH KD KC QS QH QD QC"))


def test_R8_3_broken_four_kings_reformed_with_any_king() -> None:
    s = position(RUBICON, "KS KH KD KC KC 8D 9C 9C 8C", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KH KD KC")
    assert t.melds == (80, 0)
    w = trick(t, "KS", "7S", winner=0)
    assert listed(w) == {meld(K.FOUR_KINGS, "KH KD KC KC")}
    assert declare(w, K.FOUR_KINGS, "KH KD KC KC").melds == (160, 0)


def test_R8_3_broken_trump_sequence_reformed_with_another_ace() -> None:
    s = position(RUBICON, "AH 10H KH QH JH AH 8D 9C 9C", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    assert t.melds == (250, 0)
    w = trick(t, bz.Play("AH", from_table=True), "7C", winner=0)
    assert Counter(w.tables[0]) == Counter(cards("10H KH QH JH"))
    # the king and queen of the broken sequence make no marriage (R3.6)
    assert listed(w) == {meld(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")}
    assert_illegal(w, meld(K.ROYAL_MARRIAGE, "KH QH"), "R3.6")
    assert declare(w, K.TRUMP_SEQUENCE, "AH 10H KH QH JH").melds == (500, 0)


def test_R8_3_broken_double_bezique_reformed_but_no_single_bezique_out_of_it() -> None:
    s = position(RUBICON, "QS QS QS JD JD 8D 9C 9C 9C", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.DOUBLE_BEZIQUE, "QS QS JD JD")
    w = trick(t, bz.Play("QS", from_table=True), "7S", winner=0)
    assert Counter(w.tables[0]) == Counter(cards("QS JD JD"))
    assert listed(w) == {meld(K.DOUBLE_BEZIQUE, "QS QS JD JD")}
    assert_illegal(w, meld(K.BEZIQUE, "QS JD"), "R3.6")
    assert declare(w, K.DOUBLE_BEZIQUE, "QS QS JD JD").melds == (1000, 0)


def test_R8_3_R11_3_a_reformed_bezique_may_be_upgraded() -> None:
    s = position(RUBICON, "QS QS JD JD JD 8D 9C 9C 9C", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    w = trick(t, bz.Play("JD", from_table=True), "7C", winner=0)
    t = declare(w, K.BEZIQUE, "QS JD")  # re-formed with the second jack
    assert t.melds == (80, 0) and Counter(t.tables[0]) == Counter(cards("QS JD"))
    w = trick(t, "9C", "7C", winner=0)
    assert meld(K.DOUBLE_BEZIQUE, "QS QS JD JD") in listed(w)
    assert declare(w, K.DOUBLE_BEZIQUE, "QS QS JD JD").melds == (580, 0)


def test_R11_3_rubicon_has_no_trump_quartet_four_trump_aces_are_four_aces() -> None:
    s = position(RUBICON, "AH AH AH AH 8D 9C 9C 8C 8C", LOSER, trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.FOUR_ACES, "AH AH AH AH")}
    assert_illegal(w, meld(K.FOUR_TRUMP_ACES, "AH AH AH AH"), "R3.3")
    assert declare(w, K.FOUR_ACES, "AH AH AH AH").melds == (100, 0)


# --------------------------------------------------------------------------- R8.4


def test_R8_4_brisques_are_not_in_the_scores_during_the_deal() -> None:
    s = position(RUBICON, "10S 8C", "AS 7C", size=2)
    w = trick(s, "AS", "10S", winner=1)
    assert w.brisques == (0, 2) and w.scores == (0, 0)


def test_R8_4_last_trick_50_brisques_only_in_the_settlement() -> None:
    s = phase2(RUBICON, "AC 10C", "7C 8C")
    assert bz.legal_actions(bz.apply(s, bz.Play("7C"))) == (bz.Play("AC"), bz.Play("10C"))
    s = trick(s, "7C", "10C", winner=0)
    s = trick(s, "AC", "8C", winner=0)
    assert s.is_over
    assert s.last_trick == (50, 0) and s.scores == (50, 0) and s.brisques == (2, 0)
    r = bz.deal_result(s)
    assert r.points == (50, 0)
    assert r.breakdown[0] == bz.SideScore(melds=0, sevens=0, brisques=0, last_trick=50)
    assert r.brisque_counts == (2, 0)
    st = r.settlement
    assert st is not None
    # loser under 1000: cut(50) + cut(0) + 1000 + 300; the loser has no brisques to save him
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        0, (50, 0), False, True, 1300)


# --------------------------------------------------------------------------- R8.5 / R11.7


@pytest.mark.parametrize(
    ("raw", "brisques", "winner", "totals", "counted", "rubiconed", "value"),
    [
        # loser at or over 1000: cut(W) - cut(L) + 500
        ((1480, 1130), (8, 8), 0, (1480, 1130), False, False, 800),
        ((1130, 1480), (8, 8), 1, (1130, 1480), False, False, 800),
        ((1190, 1000), (0, 0), 0, (1190, 1000), False, False, 600),
        ((1150, 1120), (16, 0), 0, (1150, 1120), False, False, 500),  # cut decides nothing
        # loser under 1000: cut(W) + cut(L) + 1000 + 300
        ((1480, 720), (8, 8), 0, (1480, 720), False, True, 3400),
        ((1590, 990), (16, 0), 0, (1590, 990), False, True, 3700),
        # exact tie broken by both sides' brisques
        ((1200, 1200), (10, 6), 0, (1300, 1260), True, False, 600),
        ((600, 600), (3, 9), 1, (630, 690), True, True, 2500),
        # exact tie that brisques do not break
        ((800, 800), (8, 8), None, (880, 880), True, False, 0),
        # the loser saved from the rubicon by his brisques: both add theirs
        ((1500, 950), (10, 6), 0, (1600, 1010), True, False, 1100),
        ((1500, 940), (10, 6), 0, (1600, 1000), True, False, 1100),
        # ... but not when they are too few: his brisques do not count
        ((1500, 900), (10, 6), 0, (1500, 900), False, True, 3700),
    ])
def test_R11_7_rubicon_settlement(raw: tuple[int, int], brisques: tuple[int, int],
                                  winner: int | None, totals: tuple[int, int], counted: bool,
                                  rubiconed: bool, value: int) -> None:
    sc = RUBICON.scoring
    assert (sc.rubicon, sc.game_bonus, sc.rubicon_bonus, sc.last_trick_points) == (
        1000, 500, 1300, 50)
    st = settle(raw, brisques, sc)
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        winner, totals, counted, rubiconed, value)


def test_R11_7_tie_broken_by_brisques_in_a_played_deal() -> None:
    # player 1 shows carte blanche (50), player 0 wins the last trick (50): a raw tie
    s = bz.setup(RUBICON, hands=["KC 10S", "AS 9S"], stock=cards("8D AD"), dealer=0)
    t = bz.apply(s, carte(s, 1))
    w = trick(t, "AS", "KC", winner=1)
    t = pass_(w)
    assert t.phase == 2 and t.hands == (cards("10S AD"), cards("9S 8D"))
    t = trick(t, "8D", "AD", winner=0)
    t = trick(t, "10S", "9S", winner=0)
    assert t.is_over and t.scores == (50, 50) and t.brisques == (2, 1)
    st = bz.deal_result(t).settlement
    assert st is not None
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        0, (70, 60), True, True, 1300)


def _farm_start(variant: bz.Variant, tricks: int) -> bz.State:
    """Both players dealt no court; a stock of ``tricks`` pairs of non-courts."""
    size = variant.hand_size
    pool = [c for c in variant.deck.cards() if not c.rank.is_court]
    pool = pool[0::2] + pool[1::2]
    return bz.setup(variant, hands=[pool[:size], pool[size:2 * size]],
                    stock=pool[2 * size:2 * size + 2 * tricks], dealer=0)


def _farm_policy(skip: Callable[[bz.State], bool]) -> Policy:
    """Show carte blanche whenever it is legal (unless ``skip``), pass every window, and
    otherwise play the last card listed."""
    def policy(state: bz.State, acts: tuple[bz.Action, ...]) -> bz.Action:
        cb = [a for a in acts if isinstance(a, bz.Declare) and a.meld is K.CARTE_BLANCHE]
        if cb and not skip(state):
            return cb[0]
        if state.stage is Stage.DECLARE:
            return bz.Pass()
        return [a for a in acts if isinstance(a, bz.Play)][-1]
    return policy


def _farm(variant: bz.Variant, tricks: int, skip: Callable[[bz.State], bool] = lambda s: False
          ) -> tuple[bz.State, list[int]]:
    """Each player shows carte blanche before his first card and after every draw but the
    last, the stock holding only non-courts (R11.6), unless ``skip`` says not to. Returns
    the finished deal and the number of shows per player."""
    s = _farm_start(variant, tricks)
    policy = _farm_policy(skip)
    shows = [0, 0]
    while not s.is_over:
        action = policy(s, bz.legal_actions(s))
        if isinstance(action, bz.Declare):
            assert s.to_move is not None
            shows[s.to_move] += 1
        s = bz.apply(s, action)
    return s, shows


def test_R8_5_no_rubicon_in_a_played_deal_loser_at_exactly_1000() -> None:
    s, shows = _farm(RUBICON, 20)
    assert shows == [20, 20]
    winner = s.last_winner
    assert winner is not None
    expected = [1000, 1000]
    expected[winner] += 50
    assert s.scores == tuple(expected)
    st = bz.deal_result(s).settlement
    assert st is not None
    # cut(1050) - cut(1000) + 500; the loser has 1000, so he is not rubiconed
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        winner, tuple(expected), False, False, 500)
    # a Rubicon game is one deal, worth the settled points
    game = attrs.evolve(bz.new_game(RUBICON, seed=0), current=_farm_start(RUBICON, 20))
    policy = _farm_policy(lambda s: False)
    while not game.is_over:
        game = bz.apply(game, policy(game.current, bz.legal_actions(game)))
    assert game.current == s and len(game.deals) == 1
    result = bz.game_result(game)
    assert (result.winner, result.totals, result.value) == (winner, st.totals, 500)


@pytest.mark.parametrize("skipped", [3, 4])
def test_R11_7_loser_saved_from_the_rubicon_by_his_brisques_in_a_played_deal(
        skipped: int) -> None:
    # player 1 does not show carte blanche after his first ``skipped`` draws
    def skip(s: bz.State) -> bool:
        return s.to_move == 1 and 1 <= s.tricks <= skipped

    s, shows = _farm(RUBICON, 20, skip)
    assert shows == [20, 20 - skipped]
    raw = bz.deal_result(s).points
    assert s.last_winner == 0 and raw == (1050, 1000 - 50 * skipped)
    b0, b1 = s.brisques
    st = bz.deal_result(s).settlement
    assert st is not None
    if raw[1] + 10 * b1 >= 1000:
        assert skipped == 3
        # both sides add their brisques; the loser pays the difference + 500
        totals = (raw[0] + 10 * b0, raw[1] + 10 * b1)
        assert totals[1] < totals[0]
        cut = [t - t % 100 for t in totals]
        assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
            0, totals, True, False, cut[0] - cut[1] + 500)
    else:
        assert skipped == 4
        # rubiconed: his brisques do not count; 1000 + 800 + 1000 + 300
        assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
            0, raw, False, True, 3100)


@pytest.mark.parametrize("variant", [RUBICON, CHINESE, EIGHT])
def test_R8_5_game_result_value_of_a_seeded_game_is_the_settlement(variant: bz.Variant) -> None:
    game = bz.new_game(variant, seed=11)
    while not game.is_over:
        game = bz.apply(game, bz.legal_actions(game)[0])
    assert len(game.deals) == 1
    deal = game.deals[0]
    st = deal.settlement
    assert st is not None
    assert st == settle(deal.points, deal.brisque_counts, variant.scoring)
    result = bz.game_result(game)
    assert (result.winner, result.totals, result.value, result.deals) == (
        st.winner, st.totals, st.value, 1)
    assert game.winner == st.winner


# --------------------------------------------------------------------------- R9.1 / R9.2


@pytest.mark.parametrize(("variant", "size", "stock"), [(CHINESE, 12, 168), (EIGHT, 15, 226)])
def test_R9_1_R9_5_deal_singly_no_turn_up(variant: bz.Variant, size: int, stock: int) -> None:
    s = bz.new_deal(variant, seed=5)
    assert [len(h) for h in s.hands] == [size, size]
    assert s.stock_size == stock and s.turn_up is None and s.trump is None and s.to_move == 1
    deck = shuffled(variant.deck.cards(), 5)
    assert s.hands[1] == tuple(sorted(deck[0:2 * size:2]))
    assert s.hands[0] == tuple(sorted(deck[1:2 * size:2]))
    assert s.stock == tuple(deck[2 * size:])


def test_R9_1_chinese_no_seven_of_trumps_and_no_brisques() -> None:
    assert CHINESE.packs == 6 and EIGHT.packs == 8
    for v in (CHINESE, EIGHT):
        assert v.trump.fixing is RUBICON.trump.fixing and v.melds.reform_broken
        assert K.TRUMP_SEVEN not in v.melds.kinds
        assert v.scoring.brisque_points == 0
    s = position(CHINESE, "7H 9C", "AS 7C", trump="H", size=2)
    w = trick(s, "AS", "7H", winner=0)
    assert w.scores == (0, 0) and bz.legal_actions(w) == (bz.Pass(),)


@pytest.mark.parametrize(("rank", "kind", "plain", "points"), [
    ("A", K.FOUR_TRUMP_ACES, K.FOUR_ACES, 1000),
    ("10", K.FOUR_TRUMP_TENS, None, 900),
    ("K", K.FOUR_TRUMP_KINGS, K.FOUR_KINGS, 800),
    ("Q", K.FOUR_TRUMP_QUEENS, K.FOUR_QUEENS, 600),
    ("J", K.FOUR_TRUMP_JACKS, K.FOUR_JACKS, 400),
])
def test_R9_2_trump_quartets(rank: str, kind: bz.MeldKind, plain: bz.MeldKind | None,
                             points: int) -> None:
    four = " ".join([rank + "H"] * 4)
    s = position(CHINESE, f"8D {four} 9C", "7D 7C 7C 8C 8C 9S", trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(kind, four)}
    if plain is not None:
        # an all-trump set of four scores only as the trump quartet (R11.3)
        assert_illegal(w, meld(plain, four), "R11.3")
    assert declare(w, kind, four).melds == (points, 0)


def test_R9_2_four_aces_of_a_plain_suit_are_plain_four_aces() -> None:
    s = position(CHINESE, "8D AH AH AH AH 9C", "7D 7C 7C 8C 8C 9S", trump="S")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.FOUR_ACES, "AH AH AH AH")}
    assert declare(w, K.FOUR_ACES, "AH AH AH AH").melds == (100, 0)


def test_R9_2_mixed_aces_are_plain_four_aces_beside_the_trump_quartet() -> None:
    s = position(CHINESE, "8D AH AH AH AH AS", "7D 7C 7C 8C 8C 9S", trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.FOUR_TRUMP_ACES, "AH AH AH AH"),
                         meld(K.FOUR_ACES, "AH AH AH AS")}
    assert_illegal(w, meld(K.FOUR_ACES, "AH AH AH AH"), "R11.3")
    assert declare(w, K.FOUR_ACES, "AS AH AH AH").melds == (100, 0)


def test_R9_2_chinese_carte_blanche_250() -> None:
    s = position(CHINESE, "KC 9C 8C 8C 7C 7C 9D 9D 8D QC JC 10C",
                 "AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D")
    t = bz.apply(s, carte(s, 1))
    assert t.melds == (0, 250) and t.to_move == 1


def test_R9_2_chinese_last_trick_250_and_rubicon_settlement() -> None:
    s = phase2(CHINESE, "AC 10C", "7C 8C")
    s = trick(trick(s, "7C", "10C", winner=0), "AC", "8C", winner=0)
    assert s.is_over and s.scores == (250, 0) and s.brisques == (2, 0)
    r = bz.deal_result(s)
    assert r.breakdown[0] == bz.SideScore(melds=0, sevens=0, brisques=0, last_trick=250)
    st = r.settlement
    assert st is not None
    # cut(250) + cut(0) + 1000 + 500
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        0, (250, 0), False, True, 1700)


def test_R9_1_chinese_raw_tie_is_not_broken_by_brisques() -> None:
    s = bz.setup(CHINESE, hands=["KC 10S", "AS 9S"], stock=cards("8D AD"), dealer=0)
    t = pass_(trick(bz.apply(s, carte(s, 1)), "AS", "KC", winner=1))
    t = trick(trick(t, "8D", "AD", winner=0), "10S", "9S", winner=0)
    assert t.is_over and t.scores == (250, 250) and t.brisques == (2, 1)
    st = bz.deal_result(t).settlement
    assert st is not None
    assert (st.winner, st.totals, st.brisques_counted, st.value) == (None, (250, 250), False, 0)
    game = bz.apply(bz.apply(attrs.evolve(bz.new_game(CHINESE, seed=0), current=s),
                             carte(s, 1)), bz.Play("AS"))
    for action in (bz.Play("KC"), bz.Pass(), bz.Play("8D"), bz.Play("AD"), bz.Play("10S"),
                   bz.Play("9S")):
        game = bz.apply(game, action)
    assert game.is_over and game.winner is None and bz.game_result(game).value == 0


# --------------------------------------------------------------------------- R9.3


@pytest.mark.parametrize(("variant", "raw", "brisques", "winner", "rubiconed", "value"), [
    (CHINESE, (3550, 3020), (0, 0), 0, False, 3500 - 3000 + 1000),
    (CHINESE, (3550, 3000), (0, 0), 0, False, 1500),
    (CHINESE, (3550, 2990), (0, 0), 0, True, 3500 + 2900 + 1500),
    (CHINESE, (3500, 2990), (0, 16), 0, True, 7900),  # brisques never save
    (CHINESE, (3000, 3000), (10, 5), None, False, 0),  # nor break a tie
    (EIGHT, (6000, 5000), (0, 0), 0, False, 2000),
    (EIGHT, (6050, 4990), (0, 0), 0, True, 6000 + 4900 + 1500),
])
def test_R9_3_R11_7_chinese_and_eight_pack_settlement(
        variant: bz.Variant, raw: tuple[int, int], brisques: tuple[int, int],
        winner: int | None, rubiconed: bool, value: int) -> None:
    sc = variant.scoring
    assert (sc.game_bonus, sc.rubicon_bonus, sc.last_trick_points) == (1000, 1500, 250)
    assert sc.rubicon == (3000 if variant is CHINESE else 5000)
    st = settle(raw, brisques, sc)
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        winner, raw, False, rubiconed, value)


def test_R9_3_chinese_no_rubicon_in_a_played_deal() -> None:
    s, shows = _farm(CHINESE, 13)
    assert shows == [13, 13]
    winner = s.last_winner
    assert winner is not None
    expected = [3250, 3250]
    expected[winner] += 250
    assert s.scores == tuple(expected)
    st = bz.deal_result(s).settlement
    assert st is not None
    # cut(3500) - cut(3250) + 1000
    assert (st.winner, st.totals, st.brisques_counted, st.rubiconed, st.value) == (
        winner, tuple(expected), False, False, 1300)


# --------------------------------------------------------------------------- R9.5


def test_R9_5_eight_pack_has_no_carte_blanche() -> None:
    assert K.CARTE_BLANCHE not in EIGHT.melds.kinds
    s = position(EIGHT, "KC 9C 8C 8C 7C 7C 9D 9D 8D", NO_COURT)
    assert not [a for a in bz.legal_actions(s) if isinstance(a, bz.Declare)]
    assert_illegal(s, carte(s, 1), "R8.2", "R9.5")


def test_R9_5_quintuple_bezique_9000() -> None:
    five = "QS QS QS QS QS JD JD JD JD JD"
    s = position(EIGHT, f"8D {five}", "7D 7C 7C 7C 7C 8C 8C 8C 8C 9C 9C")
    w = trick(s, "7D", "8D", winner=0)
    assert meld(K.QUINTUPLE_BEZIQUE, five) in listed(w)
    assert declare(w, K.QUINTUPLE_BEZIQUE, five).melds == (9000, 0)


def test_R11_3_quintuple_bezique_upgrades_a_double() -> None:
    five = "QS QS QS QS QS JD JD JD JD JD"
    s = position(EIGHT, f"8D 8D {five}", "7D 7D 7C 7C 7C 7C 8C 8C 8C 8C 9C 9C")
    t = declare(trick(s, "7D", "8D", winner=0), K.DOUBLE_BEZIQUE, "QS QS JD JD")
    w = trick(t, "8D", "7D", winner=0)
    assert {meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD"),
            meld(K.QUADRUPLE_BEZIQUE, "QS QS QS QS JD JD JD JD"),
            meld(K.QUINTUPLE_BEZIQUE, five)} <= listed(w)
    assert declare(w, K.QUINTUPLE_BEZIQUE, five).melds == (9500, 0)


@pytest.mark.parametrize(("rank", "four", "five", "points"), [
    ("A", K.FOUR_TRUMP_ACES, K.FIVE_TRUMP_ACES, (1000, 2000)),
    ("10", K.FOUR_TRUMP_TENS, K.FIVE_TRUMP_TENS, (900, 1800)),
    ("K", K.FOUR_TRUMP_KINGS, K.FIVE_TRUMP_KINGS, (800, 1600)),
    ("Q", K.FOUR_TRUMP_QUEENS, K.FIVE_TRUMP_QUEENS, (600, 1200)),
    ("J", K.FOUR_TRUMP_JACKS, K.FIVE_TRUMP_JACKS, (400, 800)),
])
def test_R9_5_R11_3_five_trumps_upgrade_four_trumps(rank: str, four: bz.MeldKind,
                                                     five: bz.MeldKind,
                                                     points: tuple[int, int]) -> None:
    card = rank + "H"
    s = position(EIGHT, f"{card} {card} {card} {card} 8D 8D 9C 9C",
                 "7D 7D 7C 7C 8C 8C 9S 9S", head=f"{card} *", trump="H")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(four, " ".join([card] * 4))}
    t = declare(w, four, " ".join([card] * 4))
    assert t.melds == (points[0], 0)
    w = trick(t, "8D", "7D", winner=0)
    # only the upgrade: the four scored cards cannot make a second four
    assert listed(w) == {meld(five, " ".join([card] * 5))}
    t = declare(w, five, " ".join([card] * 5))
    assert t.melds == (points[0] + points[1], 0)
    assert Counter(t.tables[0]) == Counter(cards(" ".join([card] * 5)))


def test_R9_5_eight_pack_last_trick_250_and_rubicon_5000() -> None:
    s = phase2(EIGHT, "AC 10C", "7C 8C")
    s = trick(trick(s, "7C", "10C", winner=0), "AC", "8C", winner=0)
    assert s.scores == (250, 0)
    st = bz.deal_result(s).settlement
    assert st is not None and (st.winner, st.rubiconed, st.value) == (0, True, 1700)


# --------------------------------------------------------------------------- R11.4


def test_R11_4_meld_tables() -> None:
    rubicon = {K.COMMON_MARRIAGE: 20, K.ROYAL_MARRIAGE: 40, K.TRUMP_SEQUENCE: 250,
               K.BACK_DOOR: 150, K.BEZIQUE: 40, K.DOUBLE_BEZIQUE: 500,
               K.TRIPLE_BEZIQUE: 1500, K.QUADRUPLE_BEZIQUE: 4500, K.FOUR_ACES: 100,
               K.FOUR_KINGS: 80, K.FOUR_QUEENS: 60, K.FOUR_JACKS: 40, K.CARTE_BLANCHE: 50}
    trump_quartets = {K.FOUR_TRUMP_ACES: 1000, K.FOUR_TRUMP_TENS: 900,
                      K.FOUR_TRUMP_KINGS: 800, K.FOUR_TRUMP_QUEENS: 600,
                      K.FOUR_TRUMP_JACKS: 400}
    chinese = {**rubicon, K.CARTE_BLANCHE: 250, **trump_quartets}
    eight = {k: p for k, p in chinese.items() if k is not K.CARTE_BLANCHE}
    eight.update({K.QUINTUPLE_BEZIQUE: 9000, K.FIVE_TRUMP_ACES: 2000,
                  K.FIVE_TRUMP_TENS: 1800, K.FIVE_TRUMP_KINGS: 1600,
                  K.FIVE_TRUMP_QUEENS: 1200, K.FIVE_TRUMP_JACKS: 800})
    for variant, table in ((RUBICON, rubicon), (CHINESE, chinese), (EIGHT, eight)):
        assert dict(variant.melds.effective_table()) == table, variant.name
    assert dict(RUBICON.with_options(four_tens=90).melds.effective_table()) == {
        **rubicon, K.FOUR_TENS: 90}


# --------------------------------------------------------------------------- R3.5 / R3.9


def test_R3_5_R3_9_an_upgraded_bezique_is_not_upgraded_to_a_double_again() -> None:
    """A bezique upgraded to a double bezique has been upgraded: with a third pair in hand,
    it does not make a second double (R3.9: "P has not been upgraded before"); the double
    itself may become a triple (R11.3), and the new pair is a fresh single bezique."""
    s = position(RUBICON, "QS QS QS JD JD JD 8D 8D 9C", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    t = declare(trick(t, "8D", "7D", winner=0), K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert t.melds == (540, 0)
    assert [c.kind for c in t.combos] == [K.BEZIQUE, K.DOUBLE_BEZIQUE]
    assert t.combos[0].superseded and not t.combos[1].superseded  # the double upgraded it
    w = trick(t, "9C", "7C", winner=0)
    found = listed(w)
    assert meld(K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD") in found
    assert meld(K.BEZIQUE, "QS JD") in found  # the third pair, fresh
    assert meld(K.DOUBLE_BEZIQUE, "QS QS JD JD") not in found
    assert_illegal(w, meld(K.DOUBLE_BEZIQUE, "QS QS JD JD"), "R3.5", "R3.6", "R3.9")
    assert declare(w, K.TRIPLE_BEZIQUE, "QS QS QS JD JD JD").melds == (2040, 0)


@pytest.mark.parametrize("classes", ["three", "four"])
def test_R3_5_R3_9_a_royal_marriage_makes_one_sequence_not_two(classes: str) -> None:
    """The king and queen of one royal marriage make one sequence, not two (R3.9): after the
    upgrade, a second A 10 J of trumps in hand does not make a second sequence with them.
    With ``meld_classes = four`` (R13.1) the upgrade is what marks the K and Q as used in the
    sequences' own class."""
    s = position(RUBICON.with_options(meld_classes=classes), "KH QH AH 10H JH AH 10H JH 8D",
                 LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    assert t.trump is bz.Suit.HEARTS
    t = declare(trick(t, "9C", "7C", winner=0), K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    assert t.melds == (290, 0) and t.combos[0].superseded
    w = trick(t, "9D", "7D", winner=0)
    assert Counter(w.hands[0]) >= Counter(cards("AH 10H JH"))
    assert meld(K.TRUMP_SEQUENCE, "AH 10H KH QH JH") not in listed(w)
    assert_illegal(w, meld(K.TRUMP_SEQUENCE, "AH 10H KH QH JH"), "R3.5", "R3.6", "R3.9")


# --------------------------------------------------------------------------- R8.3 quartets


def test_R8_3_broken_four_kings_reformed_after_another_combination() -> None:
    """The re-formed quartet is found behind an earlier combination of another kind; it
    supersedes the broken one, whose kept cards it uses, and leaves the other alone."""
    s = position(RUBICON, "KH KS KD KC QS JD 8D 8D 9C", LOSER, head="* * * * KH *")
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    t = declare(trick(t, "8D", "7D", winner=0), K.FOUR_KINGS, "KH KS KD KC")
    w = trick(t, bz.Play("KH", from_table=True), "7C", winner=0)  # breaks the four kings
    assert meld(K.FOUR_KINGS, "KH KS KD KC") not in listed(w)  # the new K♥ comes next
    w = trick(pass_(w), "9C", "7C", winner=0)
    assert meld(K.FOUR_KINGS, "KH KS KD KC") in listed(w)
    u = declare(w, K.FOUR_KINGS, "KH KS KD KC")
    assert u.melds == (200, 0)
    assert [c.superseded for c in u.combos] == [False, True, False]
    kept = set(u.combos[1].serials) & set(u.combos[2].serials)
    assert len(kept) == 3 and len(set(u.combos[2].serials)) == 4


def test_R8_3_four_queens_do_not_supersede_a_broken_bezique() -> None:
    """Four queens with the queen of a broken bezique are a fresh quartet: the bezique
    stays broken, not superseded, and is re-formed later with a new jack (R3.4, R3.8)."""
    s = position(RUBICON, "QS JD QH QD QC 8D 8D 9C 9C", LOSER, head="* * JD *")
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    w = trick(t, bz.Play("JD", from_table=True), "7C", winner=0)  # breaks the bezique
    t = declare(w, K.FOUR_QUEENS, "QS QH QD QC")
    assert [c.superseded for c in t.combos] == [False, False]
    w = trick(t, "8D", "7D", winner=0)
    assert meld(K.BEZIQUE, "QS JD") in listed(w)
    assert declare(w, K.BEZIQUE, "QS JD").combos[0].superseded


@pytest.mark.parametrize("aces", ["AS AD AC AH", "AS AD AC AC"])
def test_R8_3_R11_3_chinese_broken_four_aces_reformed_with_trump_fixed(aces: str) -> None:
    """With a trump quartet in the table, a re-formed set of four aces is plain four aces
    unless all four are trumps (R11.3), with or without a trump ace among them."""
    s = position(CHINESE, f"KH QH {aces} 8D 9C", "7D 7C 7C 8C 8C 9S 7S 8S",
                 head="* * * * AS *")
    t = declare(trick(s, "7D", "8D", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    assert t.trump is bz.Suit.HEARTS
    t = declare(trick(t, "9C", "7C", winner=0), K.FOUR_ACES, aces)
    w = trick(t, bz.Play("AS", from_table=True), "7S", winner=0)
    w = trick(pass_(w), bz.Play("KH", from_table=True), "8S", winner=0)
    assert meld(K.FOUR_ACES, aces) in listed(w)
    assert declare(w, K.FOUR_ACES, aces).melds == (240, 0)


def test_R8_2_R11_3_back_door_beside_a_common_marriage_of_another_suit() -> None:
    """A common marriage of clubs is no part of a spade back door: the back door is a
    fresh declaration, and the marriage is not superseded (R11.3)."""
    s = position(RUBICON, "KC QC AS 10S KS QS JS 8D 9D", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.COMMON_MARRIAGE, "KC QC")
    w = trick(t, "9D", "7D", winner=0)
    assert meld(K.BACK_DOOR, "AS 10S KS QS JS") in listed(w)
    u = declare(w, K.BACK_DOOR, "AS 10S KS QS JS")
    assert u.melds == (170, 0) and [c.superseded for c in u.combos] == [False, False]


# --------------------------------------------------------------------------- R2.7 table copies


def _intact(state: bz.State, combo: bz.Combination) -> bool:
    on_table = {tc.serial for table in state.table for tc in table}
    return all(serial in on_table for serial in combo.serials)


def test_R2_7_of_two_table_queens_the_one_in_fewer_combinations_is_played() -> None:
    """Two Q♠ on the table, the first in a bezique and the double bezique that upgraded it,
    the second in the double only: playing a Q♠ from the table plays the second (the one in
    the fewest intact combinations), so the single bezique stays whole on the table."""
    s = position(RUBICON, "QS QS JD JD 8D 8D 9C 9C 9D", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    t = declare(trick(t, "8D", "7D", winner=0), K.DOUBLE_BEZIQUE, "QS QS JD JD")
    bezique, double = t.combos
    first, second = (tc.serial for tc in t.table[0] if tc.card == bz.Card.parse("QS"))
    assert first in bezique.serials and second not in bezique.serials
    w = trick(pass_(trick(t, "9C", "7C", winner=0)), bz.Play("QS", from_table=True), "7S",
              winner=0)
    queens = [tc.serial for tc in w.table[0] if tc.card == bz.Card.parse("QS")]
    assert queens == [first]
    assert _intact(w, bezique) and not _intact(w, double)


def test_R2_7_a_table_queen_of_a_broken_marriage_is_played_before_one_of_a_sequence() -> None:
    """The Q♥ of a broken royal marriage (its king played) is in no intact combination;
    the Q♥ of the sequence declared afterwards from the hand is: playing a Q♥ from the
    table plays the first, and the sequence stays whole."""
    s = position(RUBICON, "KH QH AH 10H KH QH JH 8D 9C", LOSER)
    t = declare(trick(s, "7D", "8D", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    assert t.trump is bz.Suit.HEARTS
    w = trick(t, bz.Play("KH", from_table=True), "7C", winner=0)
    t = declare(w, K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    marriage, sequence = t.combos
    assert not marriage.superseded and not _intact(t, marriage)
    old, new = (tc.serial for tc in t.table[0] if tc.card == bz.Card.parse("QH"))
    assert old in marriage.serials and new in sequence.serials
    w = trick(t, bz.Play("QH", from_table=True), "7C", winner=0)
    assert [tc.serial for tc in w.table[0] if tc.card == bz.Card.parse("QH")] == [new]
    assert _intact(w, sequence)


# --------------------------------------------------------------------------- R3.8 / R3.7 re-forming


FRESH_RUBICON = RUBICON.with_options(require_fresh_card=True)


def _close(state: bz.State) -> bz.State:
    """Close the declaration window if one is open."""
    return pass_(state) if bz.Pass() in bz.legal_actions(state) else state


def _refused_wholly_from_table(state: bz.State, kind: bz.MeldKind, text: str) -> None:
    """The cards of ``text`` are all on player 0's table, none in his hand, and the
    declaration is refused for want of a card from the hand (R3.7)."""
    assert Counter(tc.card for tc in state.table[0]) >= Counter(cards(text))
    assert not set(cards(text)) & set(state.hands[0])
    assert meld(kind, text) not in listed(state)
    assert_illegal(state, meld(kind, text), "R3.7")


def _second_reformed(state: bz.State, kind: bz.MeldKind, text: str) -> bz.State:
    """``kind`` with ``text`` is listed, and declaring it supersedes the second of two
    earlier combinations only (R3.8); returns the state after the declaration."""
    assert meld(kind, text) in listed(state)
    u = declare(state, kind, text)
    assert [c.superseded for c in u.combos] == [False, True, False]
    return u


def test_R3_8_a_broken_marriage_reformed_behind_a_broken_marriage_of_another_suit() -> None:
    """Two broken common marriages: the spade one is re-formed with a new king although
    the club one, earlier on the table, cannot be (R3.8); the queen comes from the table."""
    s = position(RUBICON, "KC QC KS QS KS 8D 9D 9D 9C", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.COMMON_MARRIAGE, "KC QC")
    w = _close(trick(t, bz.Play("KC", from_table=True), "7C", winner=0))
    t = declare(trick(w, "9D", "7D", winner=0), K.COMMON_MARRIAGE, "KS QS")
    w = trick(t, bz.Play("KS", from_table=True), "7S", winner=0)
    assert bz.Card.parse("QS") not in w.hands[0]
    assert _second_reformed(w, K.COMMON_MARRIAGE, "KS QS").melds == (60, 0)


def test_R3_8_a_broken_bezique_reformed_behind_a_wholly_played_bezique() -> None:
    """A bezique whose two cards were both played keeps nothing to re-form; a later
    broken bezique is still re-formed from its kept queen and a new jack (R3.8)."""
    s = position(RUBICON, "QS QS JD JD JD 8D 9C 9C 9D", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.BEZIQUE, "QS JD")
    w = _close(trick(t, bz.Play("QS", from_table=True), "7C", winner=0))
    w = _close(trick(w, bz.Play("JD", from_table=True), "7D", winner=0))
    t = declare(trick(w, "9C", "7C", winner=0), K.BEZIQUE, "QS JD")
    w = trick(t, bz.Play("JD", from_table=True), "7S", winner=0)
    assert bz.Card.parse("QS") not in w.hands[0]
    _second_reformed(w, K.BEZIQUE, "QS JD")


def test_R3_7_R3_5_no_upgrade_wholly_of_table_cards_with_require_fresh_card() -> None:
    """With ``require_fresh_card``, a bezique is not upgraded to a double from a Q♠ of four
    queens and a J♦ of four jacks, both on the table and new to the beziques (R3.7)."""
    s = position(FRESH_RUBICON, "QS QS QD QC JD JD JC JH 8D", LOSER, trump="H",
                 head="9C * 9C * 9D *")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_QUEENS, "QS QS QD QC")
    t = declare(trick(t, "9C", "7C", winner=0), K.BEZIQUE, "QS JD")
    t = declare(trick(t, "9C", "7C", winner=0), K.FOUR_JACKS, "JD JD JC JH")
    _refused_wholly_from_table(trick(t, "9D", "7D", winner=0), K.DOUBLE_BEZIQUE, "QS QS JD JD")


def test_R3_7_R3_8_no_reforming_wholly_of_table_cards_with_require_fresh_card() -> None:
    """With ``require_fresh_card``, a broken bezique is not re-formed from its kept J♦ and
    a Q♠ of re-formed four queens on the table, new to the beziques (R3.7, R3.8)."""
    s = position(FRESH_RUBICON, "QS QH QD QC JD QS 8D 9C 9C", LOSER, trump="H",
                 head="9D * 9D * 9D * 9D *")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_QUEENS, "QS QH QD QC")
    t = declare(trick(t, "9C", "7C", winner=0), K.BEZIQUE, "QS JD")
    w = _close(trick(t, bz.Play("QS", from_table=True), "7C", winner=0))  # breaks both
    t = declare(trick(w, "9C", "7D", winner=0), K.FOUR_QUEENS, "QS QH QD QC")
    assert [c.superseded for c in t.combos] == [True, False, False]
    _refused_wholly_from_table(trick(t, "9D", "7S", winner=0), K.BEZIQUE, "QS JD")


def test_R3_8_a_broken_quartet_is_reformed_then_the_superseded_one_stays_out() -> None:
    """Four kings broken with a second set in hand: the set is re-formed (it supersedes the
    broken one and takes one king from the hand), not declared afresh. When the re-formed
    set is broken in turn, only it is re-formed: the superseded first set, though its K♦
    and K♣ are still on the table, is never re-formed again (R3.8, R3.9)."""
    s = position(RUBICON, "KH KS KD KC KH KS KD KC 8D", LOSER, trump="H")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KH KS KD KC")
    w = trick(t, bz.Play("KH", from_table=True), "7C", winner=0)
    assert meld(K.FOUR_KINGS, "KH KS KD KC") in listed(w)
    t = declare(w, K.FOUR_KINGS, "KH KS KD KC")
    assert [c.superseded for c in t.combos] == [True, False]
    assert sorted(c for c in t.hands[0] if c.rank is bz.Rank.KING) == sorted(cards("KS KD KC"))
    w = trick(t, bz.Play("KS", from_table=True), "7C", winner=0)
    assert {d for d in listed(w) if d.meld is K.FOUR_KINGS} == {
        meld(K.FOUR_KINGS, "KH KS KD KC"), meld(K.FOUR_KINGS, "KH KD KD KC"),
        meld(K.FOUR_KINGS, "KH KD KC KC")}
    u = declare(w, K.FOUR_KINGS, "KH KS KD KC")
    assert [c.superseded for c in u.combos] == [True, True, False]


def test_R3_8_a_broken_quartet_reformed_behind_an_intact_one() -> None:
    """An intact four kings earlier on the table does not hide a later broken one: the
    broken set is re-formed with a new king from the hand (R3.8)."""
    s = position(RUBICON, "KS KS KD KD KC KC KH KH 8D", LOSER, trump="H", head="9C * KD *")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KS KD KD")
    t = declare(trick(t, "9C", "7C", winner=0), K.FOUR_KINGS, "KC KC KH KH")
    w = trick(t, bz.Play("KC", from_table=True), "7C", winner=0)
    _second_reformed(w, K.FOUR_KINGS, "KD KC KH KH")


def test_R9_2_R11_3_mixed_aces_listed_when_the_trumps_are_spades() -> None:
    """Four trump aces and a fifth ace: the mixed four aces are listed beside the trump
    quartet also when the trump suit is the first in suit order (R11.3)."""
    s = position(CHINESE, "8D AS AS AS AS AH", "7D 7C 7C 8C 8C 9S", trump="S")
    w = trick(s, "7D", "8D", winner=0)
    assert listed(w) == {meld(K.FOUR_TRUMP_ACES, "AS AS AS AS"),
                         meld(K.FOUR_ACES, "AS AS AS AH")}


def test_R3_8_R11_3_broken_four_aces_of_three_trumps_reformed_with_a_plain_ace() -> None:
    """Plain four aces keeping three trump aces are re-formed with the plain A♥ from the
    hand, though the trump A♠ beside it would make four trumps (R3.8, R11.3)."""
    s = position(CHINESE, "8D AS AS AS AD AS AH 9C", "7D 7D 7C 7C 8C 8C 9S 8S",
                 trump="S")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_ACES, "AS AS AS AD")
    w = trick(t, bz.Play("AD", from_table=True), "7D", winner=0)
    aces = {d for d in listed(w) if d.meld in (K.FOUR_ACES, K.FOUR_TRUMP_ACES)}
    assert aces == {meld(K.FOUR_ACES, "AS AS AS AH")}
    assert declare(w, K.FOUR_ACES, "AS AS AS AH").combos[0].superseded


@pytest.mark.parametrize("king", ["KH", "KD"])
def test_R3_7_R3_8_broken_four_kings_reformed_with_a_hand_king_beside_table_kings(
        king: str) -> None:
    """With ``require_fresh_card``, broken four kings are re-formed with a king from the
    hand: with a K♥ in hand beside the two K♥ of royal marriages on the table, the hand's
    K♥ is used; with a K♦ in hand, the table K♥ alone cannot complete the set, the K♦ can
    (R3.7, R3.8)."""
    s = position(FRESH_RUBICON, "KS KD KC KC KH QH KH QH 8D", LOSER, trump="H",
                 head=f"9C * {king} * 9D * 9D *")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KD KC KC")
    w = _close(trick(t, bz.Play("KC", from_table=True), "7C", winner=0))
    t = declare(trick(w, "9C", "7C", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    t = declare(trick(t, "9D", "7D", winner=0), K.ROYAL_MARRIAGE, "KH QH")
    w = trick(t, "9D", "7S", winner=0)
    assert [tc.card for tc in w.table[0]].count(bz.Card.parse("KH")) == 2
    kings = {d for d in listed(w) if d.meld is K.FOUR_KINGS}
    new = meld(K.FOUR_KINGS, f"KS KD KC {king}")
    assert kings == {new}
    u = declare(w, K.FOUR_KINGS, f"KS KD KC {king}")
    assert bz.Card.parse(king) not in u.hands[0]
    assert [c.superseded for c in u.combos] == [True, False, False, False]


def test_R13_1_R3_4_sequence_king_marries_a_table_queen_of_another_combination() -> None:
    """With ``meld_classes = four`` the king of a trump sequence is new to the marriages: it
    marries the second Q♥ of four queens on the table (not the sequence's own queen,
    R13.1), though both cards are table cards and the king is in a sequence (R3.4)."""
    s = position(RUBICON.with_options(meld_classes="four"), "QH QH QD QC AH 10H KH JH 8D",
                 LOSER, trump="H", head="9C * 9D *")
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_QUEENS, "QH QH QD QC")
    t = declare(trick(t, "9C", "7C", winner=0), K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
    w = trick(t, "9D", "7D", winner=0)
    assert bz.Card.parse("KH") not in w.hands[0] and bz.Card.parse("QH") not in w.hands[0]
    assert meld(K.ROYAL_MARRIAGE, "KH QH") in listed(w)
    u = declare(w, K.ROYAL_MARRIAGE, "KH QH")
    sequence, marriage = u.combos[1], u.combos[2]
    assert len(set(sequence.serials) & set(marriage.serials)) == 1


def test_R3_8_broken_four_kings_reformed_behind_a_wholly_played_set() -> None:
    """Four kings whose every card was played keep nothing to re-form; a second set of four
    kings broken later is still re-formed with a new king (R3.8)."""
    s = position(RUBICON, "KS KD KC KH KS KD KC KH 8D", LOSER, trump="H",
                 head="9C * 9C * 9D * 9D * 9C * KS *", size=20)
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KD KC KH")
    for king, reply in (("KS", "7S"), ("KD", "7D"), ("KC", "7C"), ("KH", "7S")):
        t = _close(trick(t, bz.Play(king, from_table=True), reply, winner=0))
    assert not t.table[0]
    t = declare(trick(t, "9C", "7C", winner=0), K.FOUR_KINGS, "KS KD KC KH")
    w = trick(t, bz.Play("KS", from_table=True), "8C", winner=0)
    _second_reformed(w, K.FOUR_KINGS, "KS KD KC KH")


def test_R3_8_two_broken_four_kings_each_reformed_from_its_kept_kings() -> None:
    """Two broken sets of four kings: the first keeps K♣ K♥, the second K♦ K♣ K♥. With
    K♠ and K♦ in hand, K♠ K♦ K♣ K♥ re-forms the first set (found first); the second set
    still re-forms as K♦ K♦ K♣ K♥ (R3.8)."""
    s = position(RUBICON, "KS KD KC KH KS KD KC KH 8D", LOSER, trump="H",
                 head="9C * KS * KD * 9D *", size=20)
    t = declare(trick(s, "7D", "8D", winner=0), K.FOUR_KINGS, "KS KD KC KH")
    t = declare(trick(t, "9C", "7C", winner=0), K.FOUR_KINGS, "KS KD KC KH")
    for king, reply in (("KS", "7S"), ("KD", "7D")):  # both from the first set
        t = _close(trick(t, bz.Play(king, from_table=True), reply, winner=0))
    first, second = t.combos
    on_table = {tc.serial: tc.card for tc in t.table[0]}
    assert sorted(on_table[x] for x in first.serials if x in on_table) == sorted(cards("KC KH"))
    assert all(x in on_table for x in second.serials)
    w = trick(t, bz.Play("KS", from_table=True), "7S", winner=0)  # breaks the second
    assert {d for d in listed(w) if d.meld is K.FOUR_KINGS} == {
        meld(K.FOUR_KINGS, "KS KD KC KH"), meld(K.FOUR_KINGS, "KD KD KC KH")}
    _second_reformed(w, K.FOUR_KINGS, "KD KD KC KH")
