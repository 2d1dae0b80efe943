"""Scenario tests for the seeds' own readings (RULES.md section 13, R13.1-R13.6).

Each option is tested from explicit positions in both of its settings. Two-pack positions
come from ``tests/positions.py`` (player 0 deals and wins trick after trick, player 1 leads
the first trick; trumps are hearts); four-handed ones are set up here, with player 0
dealing, so that play goes 1, 2, 3, 0 and players 1 and 3 (Anna and Carla) are partners.
"""

from __future__ import annotations

import attrs
import pytest

import bezique as bz
from bezique.state import Stage
from positions import assert_illegal, cards, declarations, declare, pass_, position, win
from scenario import play

K = bz.MeldKind
V = bz.variants
SEVEN = bz.Card.parse("7H")
SHOW = bz.Declare(K.TRUMP_SEVEN, ("7H",))
EXCHANGE = bz.ExchangeSeven("7H")
ANNA, CARLA = 1, 3

SEQUENCE = declare(K.TRUMP_SEQUENCE, "AH 10H KH QH JH")
ROYAL = declare(K.ROYAL_MARRIAGE, "KH QH")


def seven_actions(state: bz.State) -> set[bz.Action]:
    return {a for a in bz.legal_actions(state)
            if isinstance(a, bz.ExchangeSeven)
            or (isinstance(a, bz.Declare) and a.meld is K.TRUMP_SEVEN)}


# =========================================================================== R13.1




def test_R13_1_default_three_classes() -> None:
    assert V.TWO_PACK.options()["meld_classes"].value == "three"
    for variant in V.ALL:
        if "meld_classes" in variant.options():
            assert variant.options()["meld_classes"].value == "three", variant.name


@pytest.mark.parametrize("classes", ["three", "four"])
def test_R13_1_king_of_a_sequence_with_a_fresh_queen(classes: str) -> None:
    """Seed 000: "the groups are sequences, marriages, beziques and four-of-a-kinds". With
    four classes the sequence's K♥ is still new to the marriages and marries a second Q♥;
    with three it has served in class A and may not."""
    variant = V.TWO_PACK.with_options(meld_classes=classes)
    s = position("AH 10H KH QH JH QH 9C 9D", variant=variant)
    t = bz.apply(win(s, "9C"), SEQUENCE)  # the window closes by itself (R4.3)
    assert t.melds == (250, 0)
    w = win(t, "9D")
    if classes == "four":
        assert declarations(w) == [ROYAL]
        u = bz.apply(w, ROYAL)
        assert u.melds == (290, 0)
        # the fresh Q♥ came from the hand; the K♥ is the sequence's
        assert sorted(u.tables[0]) == sorted(cards("AH 10H KH QH JH QH"))
        assert bz.Card.parse("QH") not in u.hands[0]
    else:
        assert declarations(w) == []
        assert_illegal(w, ROYAL, "R3.4", "R3.6", "R3.9")


@pytest.mark.parametrize("classes", ["three", "four"])
def test_R13_1_queen_of_a_sequence_with_a_fresh_king(classes: str) -> None:
    """The other way round: the sequence's Q♥ (a table card) with a second K♥ from the hand
    is a royal marriage with four classes, not with three."""
    variant = V.TWO_PACK.with_options(meld_classes=classes)
    s = position("AH 10H KH QH JH KH 9C 9D", variant=variant)
    w = win(bz.apply(win(s, "9C"), SEQUENCE), "9D")
    if classes == "four":
        assert declarations(w) == [ROYAL]
        u = bz.apply(w, ROYAL)
        assert bz.Card.parse("KH") not in u.hands[0]
        assert sorted(u.tables[0]) == sorted(cards("AH 10H KH QH JH KH"))
    else:
        assert declarations(w) == []
        assert_illegal(w, ROYAL, "R3.4", "R3.6", "R3.9")


@pytest.mark.parametrize("classes", ["three", "four"])
def test_R13_1_the_marriage_inside_a_scored_sequence_never_scores(classes: str) -> None:
    """Seed 000: "the marriage contained in a trump sequence may not be scored separately":
    the K♥ and Q♥ that both served in one sequence make no marriage, in either reading."""
    variant = V.TWO_PACK.with_options(meld_classes=classes)
    s = position("AH 10H KH QH JH 9C 9D 9S", variant=variant)
    t = bz.apply(win(s, "9C"), SEQUENCE)  # the window closes by itself (R4.3)
    w = win(t, "9D")
    assert declarations(w) == []
    assert_illegal(w, ROYAL, "R13.1", "R3.6", "R3.9")


@pytest.mark.parametrize("classes", ["three", "four"])
def test_R13_1_a_marriage_still_upgrades_to_the_sequence(classes: str) -> None:
    """In both readings: marriage first, then the sequence (40 then 250); afterwards the
    marriage is not declared again."""
    variant = V.TWO_PACK.with_options(meld_classes=classes)
    s = position("KH QH AH 10H JH 9C 9D 9S", variant=variant)
    t = bz.apply(win(s, "9C"), ROYAL)
    w = win(t, "9D")
    assert SEQUENCE in declarations(w)
    u = bz.apply(w, SEQUENCE)
    assert u.melds == (290, 0)
    assert u.combos[0].superseded and u.combos[1].kind is K.TRUMP_SEQUENCE
    v = win(u, "9S")
    assert declarations(v) == []
    assert_illegal(v, ROYAL, "R13.1", "R3.6", "R3.9")


def test_R13_1_four_classes_a_quartet_king_and_a_sequence_king() -> None:
    """Reuse across the other classes is unchanged: four kings, then a marriage from one of
    them (R3.4), with either reading."""
    s = position("KH KS KD KC QS 9C 9D 9S", variant=V.TWO_PACK.with_options(meld_classes="four"))
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KH KS KD KC"))
    w = win(t, "9D")
    assert declare(K.COMMON_MARRIAGE, "KS QS") in declarations(w)


def test_R13_1_four_classes_the_queen_of_a_marriage_may_later_form_a_bezique() -> None:
    """Only the sequences get a class of their own: the marriages and the beziques stay
    separate classes, so the Q♠ of a marriage still forms a bezique (R3.4)."""
    s = position("KS QS JD 9C 9D 9S 8S 10S", variant=V.TWO_PACK.with_options(meld_classes="four"))
    t = bz.apply(win(s, "9C"), declare(K.COMMON_MARRIAGE, "KS QS"))
    w = win(t, "9D")
    assert declarations(w) == [declare(K.BEZIQUE, "QS JD")]
    assert bz.apply(w, declare(K.BEZIQUE, "QS JD")).melds == (60, 0)


FOUR_FRESH = V.TWO_PACK.with_options(meld_classes="four", require_fresh_card=True)
"""Four classes with R3.7's ``require_fresh_card``: a combination needs a card from the hand."""


@pytest.mark.parametrize("fresh", ["KH", "QH"])
def test_R13_1_four_classes_require_fresh_card_a_sequence_card_marries_one_from_the_hand(
        fresh: str) -> None:
    """With ``require_fresh_card`` (R3.7) the sequence's K♥ (or Q♥) still marries a second
    Q♥ (or K♥) from the hand: the new card is the fresh one. The marriage inside the
    sequence is skipped for it, not taken to end the search."""
    s = position(f"AH 10H KH QH JH {fresh} 9C 9D", variant=FOUR_FRESH)
    w = win(bz.apply(win(s, "9C"), SEQUENCE), "9D")
    assert declarations(w) == [ROYAL]
    u = bz.apply(w, ROYAL)
    assert u.melds == (290, 0)
    assert bz.Card.parse(fresh) not in u.hands[0]
    assert sorted(u.tables[0]) == sorted(cards(f"AH 10H KH QH JH {fresh}"))


@pytest.mark.parametrize("variant", [V.TWO_PACK.with_options(meld_classes="four"), FOUR_FRESH],
                         ids=["four", "four+require_fresh_card"])
def test_R13_1_four_classes_a_marriage_wholly_of_table_cards(variant: bz.Variant) -> None:
    """The K♠ of four kings and the Q♠ of a bezique, both on the table and of no sequence,
    marry (R3.4, R3.7), unless ``require_fresh_card`` asks for a card from the hand."""
    s = position("KH KS KD KC QS JD 9C 9D", draws0="9S", variant=variant)
    t = bz.apply(win(s, "9C"), declare(K.FOUR_KINGS, "KH KS KD KC"))
    t = bz.apply(win(t, "9D"), declare(K.BEZIQUE, "QS JD"))
    w = win(t, "9S")
    marriage = declare(K.COMMON_MARRIAGE, "KS QS")
    if variant is FOUR_FRESH:
        assert declarations(w) == []
        assert_illegal(w, marriage, "R3.7")
    else:
        assert declarations(w) == [marriage]
        u = bz.apply(w, marriage)
        assert u.melds == (80 + 40 + 20, 0) and u.tables == w.tables


# =========================================================================== R13.2


def any_time() -> bz.Variant:
    return V.TWO_PACK.with_options(seven_declare="any_time")


def test_R13_2_default_after_trick() -> None:
    assert V.TWO_PACK.options()["seven_declare"].value == "after_trick"
    s = position("7H KS QS 9C 9D 9S 8S 10S", "8C 7D 8D 8D 7D 7C 7C 8C", turn_up="AH")
    led = bz.apply(s, bz.Play("8C"))
    assert led.to_move == 0 and SHOW not in bz.legal_actions(led)
    assert_illegal(led, SHOW, "R3.1", "R4.2", "R13.2")


def test_R13_2_any_time_the_follower_declares_the_seven_before_playing() -> None:
    s = position("7H KS QS 9C 9D 9S 8S 10S", "8C 7D 8D 8D 7D 7C 7C 8C", turn_up="AH",
                 variant=any_time())
    led = bz.apply(s, bz.Play("8C"))
    assert led.to_move == 0 and led.stage is Stage.PLAY
    assert SHOW in bz.legal_actions(led)
    assert EXCHANGE not in bz.legal_actions(led)  # the exchange stays a winner's action
    t = bz.apply(led, SHOW)
    # 10 points, the seven on the table, and player 0 still has to play to the trick
    assert t.sevens == (10, 0) and t.tables[0] == (SEVEN,)
    assert t.stage is Stage.PLAY and t.to_move == 0 and t.trick == led.trick
    assert SHOW not in bz.legal_actions(t)  # each seven scores once
    w = bz.apply(t, bz.Play("9C"))
    assert w.stage is Stage.DECLARE and w.to_move == 0
    # it was not the trick's combination: the marriage may still be declared
    assert declare(K.COMMON_MARRIAGE, "KS QS") in declarations(w)
    u = bz.apply(w, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert u.melds == (20, 0) and u.sevens == (10, 0)


def test_R13_2_any_time_the_leader_declares_the_seven_before_leading() -> None:
    s = position("9C 9D 9S 8S 10S 10D JC 8H", "7H 7D 8D 8D 7D 7C 7C 8C", turn_up="AH",
                 variant=any_time())
    assert s.to_move == 1 and SHOW in bz.legal_actions(s)
    t = bz.apply(s, SHOW)
    assert t.sevens == (0, 10) and t.to_move == 1 and t.stage is Stage.PLAY
    assert t.tables[1] == (SEVEN,)
    # the declared seven is a table card: played later it scores nothing more
    u = bz.apply(t, bz.Play("7H"))
    assert u.sevens == (0, 10)


def test_R13_2_any_time_in_the_window_the_seven_is_not_the_combination() -> None:
    s = position("7H KS QS 9C 9D 9S 8S 10S", turn_up="AH", variant=any_time())
    w = win(s, "9C")
    t = bz.apply(w, SHOW)
    assert t.sevens == (10, 0) and t.stage is Stage.DECLARE and t.to_move == 0
    assert declare(K.COMMON_MARRIAGE, "KS QS") in declarations(t)
    u = bz.apply(t, declare(K.COMMON_MARRIAGE, "KS QS"))
    assert u.melds == (20, 0) and u.sevens == (10, 0)


def test_R13_2_any_time_a_second_seven_after_the_windows_seven_action() -> None:
    """With the seven in addition to the combination, the window's one seven action (an
    exchange) leaves the holder's other trump seven free to be declared at any time."""
    v = V.TWO_PACK.with_options(seven_declare="any_time", seven_counts_as_meld=False)
    s = position("7H 7H KS QS 9C 9D 9S 8S", turn_up="AH", variant=v)
    t = bz.apply(win(s, "9C"), EXCHANGE)
    assert t.stage is Stage.DECLARE and t.sevens == (10, 0)
    assert set(bz.legal_actions(t)) == {SHOW, declare(K.COMMON_MARRIAGE, "KS QS"), bz.Pass()}
    u = bz.apply(t, SHOW)
    assert u.sevens == (20, 0) and u.stage is Stage.DECLARE
    assert declare(K.COMMON_MARRIAGE, "KS QS") in declarations(u)
    # after_trick: the one seven action is spent
    w = bz.apply(win(position("7H 7H KS QS 9C 9D 9S 8S", turn_up="AH",
                              variant=V.TWO_PACK.with_options(seven_counts_as_meld=False)),
                     "9C"), EXCHANGE)
    assert SHOW not in bz.legal_actions(w)


def test_R13_2_any_time_the_exchange_is_still_the_tricks_declaration() -> None:
    s = position("7H KS QS 9C 9D 9S 8S 10S", turn_up="AH", variant=any_time())
    t = bz.apply(win(s, "9C"), EXCHANGE)
    assert t.sevens == (10, 0) and t.stage is Stage.PLAY  # seven_counts_as_meld: closed


def test_R13_2_any_time_not_in_phase_2() -> None:
    s = position("7H 9C 9D 9S 8S 10S 10D JC", turn_up="AH", tricks=1, variant=any_time())
    t = pass_(win(s, "9C"))
    assert t.phase == 2 and SEVEN in t.hands[0]
    assert SHOW not in bz.legal_actions(t)
    assert_illegal(t, SHOW, "R2.9", "R3.1", "R13.2")


# =========================================================================== R13.3


@pytest.mark.parametrize(("variant", "scores"), [
    (V.TWO_PACK, True), (V.NO_PRESET_TRUMP, True), (V.SHIFTING_BEZIQUE, True),
    (V.FILDINSKI, True), (V.THREE_HANDED, True), (V.FOUR_HANDED, False),
    (V.CUTTHROAT, False), (V.CONSULTATION, True), (V.RUBICON, None), (V.CHINESE, None),
    (V.EIGHT_PACK, None),
])
def test_R13_3_presets_follow_their_seed(variant: bz.Variant, scores: bool | None) -> None:
    """Seed 001's four-handed games (four-handed, cutthroat) score a seven only when shown
    or exchanged; the others (seed 003; consultation by R13.3a; no preset trump by R5.1)
    when played too; no option where sevens never score (Rubicon, Chinese, eight-pack)."""
    options = variant.options()
    if scores is None:
        assert "played_seven_scores" not in options
    else:
        assert options["played_seven_scores"] is scores


@pytest.mark.parametrize("variant", [V.TWO_PACK, V.CONSULTATION])
@pytest.mark.parametrize("played_scores", [True, False])
def test_R13_3_a_trump_seven_played_to_a_phase_1_trick(variant: bz.Variant,
                                                       played_scores: bool) -> None:
    v = variant.with_options(played_seven_scores=played_scores)
    s = position("7H AH 9C 9D 9S 8S 10S 10D", "7H 8D 8D 7D 7D 8C 8C 7C", variant=v)
    w = bz.apply(bz.apply(s, bz.Play("8C")), bz.Play("7H"))
    assert w.last_winner == 0
    assert w.sevens == ((10, 0) if played_scores else (0, 0))
    # shown after a trick won, it scores in either reading
    s2 = position("7H 9C 9D 9S 8S 10S 10D JC", turn_up="AH", variant=v)
    assert bz.apply(win(s2, "9C"), SHOW).sevens == (10, 0)


@pytest.mark.parametrize("played_scores", [False, True])
def test_R13_3_four_handed_played_seven(played_scores: bool) -> None:
    v = V.FOUR_HANDED.with_options(played_seven_scores=played_scores)
    s = bz.setup(v, hands=["7H 8C", "8C AD", "9C KD", "10C 10S"], turn_up="9H",
                 stock="7S 8S 9S 10S JS QS 7D")
    t = play(s, "8C", "9C", "10C", "7H")  # player 0 trumps with the seven and wins
    assert t.last_winner == 0
    assert t.sevens == ((10, 0) if played_scores else (0, 0))


@pytest.mark.parametrize("option", [None, True, False])
def test_R13_3a_consultation_played_seven_scores(option: bool | None) -> None:
    """Consultation is "otherwise exactly two-handed Bezique" (seed 001), whose played seven
    scores (R4.2, seed 003): ``played_seven_scores = True`` by default (R13.3a), ``False``
    an option; a shown seven scores in either reading."""
    v = (V.CONSULTATION if option is None
         else V.CONSULTATION.with_options(played_seven_scores=option))
    scores = option is not False
    assert v.options()["played_seven_scores"] is scores
    s = position("7H AH 9C 9D 9S 8S 10S 10D", "7H 8D 8D 7D 7D 8C 8C 7C", variant=v)
    w = bz.apply(bz.apply(s, bz.Play("8C")), bz.Play("7H"))  # the dealer trumps with 7♥
    assert w.last_winner == 0
    assert w.sevens == ((10, 0) if scores else (0, 0))
    assert w.scores == w.sevens  # no brisque in the trick
    s2 = position("7H 9C 9D 9S 8S 10S 10D JC", turn_up="AH", variant=v)
    assert bz.apply(win(s2, "9C"), SHOW).sevens == (10, 0)


# =========================================================================== R13.4


SEVEN_HANDS = ["7C 8C 9C 7S 8S", "KH QH AS 7H 8D", "7D 8S 9D 10D 9D", "KD QD 7H 9S 9C"]
SEQ_STOCK = "10C 10C 10S 10S 7S 8S 9C"


def anna_wins(variant: bz.Variant) -> bz.State:
    s = bz.setup(variant, hands=SEVEN_HANDS, turn_up="9H", stock=SEQ_STOCK)
    w = play(s, "AS", "7D", "9S", "7C")
    assert w.to_move == ANNA and w.stage is Stage.DECLARE
    return w


def drew(before: bz.State, after: bz.State) -> bool:
    return after.stage is Stage.PLAY and after.stock_size == before.stock_size - 4


def test_R13_4_default_true_in_four_handed_only() -> None:
    assert V.FOUR_HANDED.options()["partner_seven"] is True
    for variant in (V.TWO_PACK, V.CUTTHROAT, V.CONSULTATION, V.THREE_HANDED):
        assert "partner_seven" not in variant.options(), variant.name
        with pytest.raises(bz.VariantError, match="partner"):
            variant.with_options(partner_seven=True)


def test_R13_4_partner_shows_a_seven_after_the_winners_combination() -> None:
    w = anna_wins(V.FOUR_HANDED)
    x = bz.apply(w, ROYAL)
    y = bz.apply(x, bz.Pass())
    # the side has declared its combination; Carla still gets a seven window
    assert y.stage is Stage.DECLARE and y.to_move == CARLA and y.stock_size == w.stock_size
    assert set(bz.legal_actions(y)) == {EXCHANGE, SHOW, bz.Pass()}
    assert_illegal(y, declare(K.COMMON_MARRIAGE, "KD QD"), "R3.2", "R11.8", "R13.4")
    z = bz.apply(y, EXCHANGE)
    assert z.melds == (0, 40) and z.sevens == (0, 10)
    assert drew(w, z)  # nothing more in Carla's window: it closed by itself


def test_R13_4_each_partner_one_seven_action() -> None:
    w = anna_wins(V.FOUR_HANDED)
    x = bz.apply(bz.apply(w, ROYAL), EXCHANGE)  # Anna: combination and seven
    assert x.stage is Stage.DECLARE and x.to_move == CARLA
    y = bz.apply(x, SHOW)
    assert y.sevens == (0, 20) and y.melds == (0, 40)
    assert drew(w, y)


def test_R13_4_partner_window_without_a_seven_still_opens() -> None:
    """The seven window opens whatever the partner holds, so the window tells nothing (R2.6)."""
    hands = ["7C 8C 9C 7S 8S", "KH QH AS 7H 8D", "7D 8S 9D 10D 9D", "KD QD 8H 9S 9C"]
    s = bz.setup(V.FOUR_HANDED, hands=hands, turn_up="9H", stock=SEQ_STOCK)
    w = play(s, "AS", "7D", "9S", "7C")
    y = bz.apply(bz.apply(w, ROYAL), bz.Pass())
    assert y.stage is Stage.DECLARE and y.to_move == CARLA
    assert bz.legal_actions(y) == (bz.Pass(),)
    assert drew(w, bz.apply(y, bz.Pass()))


def test_R13_4_partner_seven_false_is_R11_8_as_written() -> None:
    v = V.FOUR_HANDED.with_options(partner_seven=False)
    w = anna_wins(v)
    y = bz.apply(bz.apply(w, ROYAL), bz.Pass())
    assert drew(w, y)  # the winner declared: the partner gets no window
    # the winner passed without a combination after a seven: the partner's seven waits
    x = bz.apply(bz.apply(anna_wins(v), EXCHANGE), bz.Pass())
    assert x.to_move == CARLA and seven_actions(x) == set()


def test_R13_4_winner_passes_partner_has_both_windows() -> None:
    """With partner_seven and a winner who declared nothing, the partner's window holds the
    combination (R11.8) and her own seven action."""
    w = anna_wins(V.FOUR_HANDED)
    x = bz.apply(bz.apply(w, EXCHANGE), bz.Pass())
    assert x.to_move == CARLA
    assert seven_actions(x) == {SHOW}  # the turn-up is Anna's seven now: no exchange of 7s
    y = bz.apply(bz.apply(x, SHOW), declare(K.COMMON_MARRIAGE, "KD QD"))
    assert y.sevens == (0, 20) and y.melds == (0, 20)


# =========================================================================== R13.5


def duel_start(variant: bz.Variant) -> bz.State:
    s = bz.setup(variant, hands=["AC", "AS", "7S", "7C"], stock=(), turn_up=None, trump="H",
                 dealer=0)
    assert s.phase == 2 and s.active == (1, 2) and s.to_move == 1
    return s


def test_R13_5_second_duel_led_by_the_partner_of_the_first_leader_by_default() -> None:
    assert V.FOUR_HANDED.options()["second_duel_leader"].value == "partner_of_first_leader"
    t = play(duel_start(V.FOUR_HANDED), "AS", "7S")
    assert t.active == (3, 0) and t.to_move == 3 and t.leader == 3


def test_R13_5_second_duel_led_by_the_other_player_as_an_option() -> None:
    v = V.FOUR_HANDED.with_options(second_duel_leader="partner_of_first_follower")
    t = play(duel_start(v), "AS", "7S")
    assert t.active == (0, 3) and t.to_move == 0 and t.leader == 0
    u = play(t, "AC", "7C")
    assert u.is_over and u.last_trick == (10, 0)


def test_R13_5_only_with_duels() -> None:
    all_play = V.CUTTHROAT.with_options(phase2="all_play")
    for variant in (V.TWO_PACK, V.THREE_HANDED, all_play):
        assert "second_duel_leader" not in variant.options(), variant.name
        with pytest.raises(bz.VariantError):
            variant.with_options(second_duel_leader="partner_of_first_follower")
    with pytest.raises(bz.VariantError, match="duels"):
        V.FOUR_HANDED.with_options(phase2="all_play",
                                   second_duel_leader="partner_of_first_follower")
    v = V.CUTTHROAT.with_options(second_duel_leader="partner_of_first_follower")
    assert v.options()["second_duel_leader"].value == "partner_of_first_follower"
    with pytest.raises(bz.VariantError, match="duels"):
        V.CUTTHROAT.with_options(phase2="all_play",
                                 second_duel_leader="partner_of_first_follower")


# =========================================================================== R13.6


@pytest.mark.parametrize("variant", [V.RUBICON, V.CHINESE, V.EIGHT_PACK])
def test_R13_6_sevens_score_refused_where_the_meld_table_has_no_trump_seven(
        variant: bz.Variant) -> None:
    """Rubicon, Chinese and eight-pack keep "no count for the seven" (R8.1, R9.1): their
    meld tables have no seven of trumps, which is the reason named (R13.6)."""
    with pytest.raises(bz.VariantError, match="meld table has no seven of trumps") as info:
        variant.with_options(sevens_score=True)
    message = str(info.value)
    assert variant.name in message and "R8.1" in message and "R13.6" in message
    assert "exchanged" not in message  # not the old, wrong reason


def test_R13_6_no_preset_trump_takes_both_settings_of_sevens_score() -> None:
    """R5.1 as now written: no preset trump scores its trump sevens by default; ``False``
    is an option that takes effect whole (R13.6)."""
    assert V.NO_PRESET_TRUMP.with_options(sevens_score=True) == V.NO_PRESET_TRUMP
    off = V.NO_PRESET_TRUMP.with_options(sevens_score=False)
    for option in ("seven_declare", "played_seven_scores", "seven_counts_as_meld",
                   "seven_points"):
        assert option in V.NO_PRESET_TRUMP.options() and option not in off.options(), option


@pytest.mark.parametrize(("variant", "options"), [
    (V.RUBICON, {"seven_declare": "any_time"}),
    (V.NO_PRESET_TRUMP, {"sevens_score": False, "played_seven_scores": True}),
    (V.NO_PRESET_TRUMP, {"turn_up_seven_points": 20}),
    (V.TWO_PACK, {"sevens_score": False, "seven_declare": "any_time"}),
    (V.FOUR_HANDED, {"seven_counts_as_meld": True, "partner_seven": True}),
    (V.TWO_PACK, {"partner_seven": False}),
    (V.TWO_PACK, {"meld_classes": "five"}),
    (V.FILDINSKI, {"meld_classes": "four"}),
])
def test_R13_6_options_that_cannot_take_effect_are_refused(variant: bz.Variant,
                                                          options: dict[str, object]) -> None:
    with pytest.raises(bz.VariantError):
        variant.with_options(**options)


def test_R13_6_sevens_score_false_is_whole() -> None:
    v = V.TWO_PACK.with_options(sevens_score=False)
    for option in ("seven_declare", "played_seven_scores", "seven_counts_as_meld"):
        assert option not in v.options(), option


def test_R13_6_sevens_score_composed_without_a_trump_seven_in_the_table_is_not_half_applied(
        ) -> None:
    """``attrs.evolve`` bypasses the refusal of ``with_options``: a variant composed with
    ``sevens_score = True`` and a meld table without the seven of trumps. The option still
    does not take effect in part: a trump seven played to a phase-1 trick scores nothing
    and no seven action is offered."""
    table = tuple((k, p) for k, p in V.NO_PRESET_TRUMP.melds.table if k is not K.TRUMP_SEVEN)
    melds = attrs.evolve(V.NO_PRESET_TRUMP.melds, table=table)
    variant = attrs.evolve(V.NO_PRESET_TRUMP, melds=melds)
    assert variant.trump.sevens_score
    s = bz.setup(variant, hands=["7H 8C 9C 9D 9S 8S 10S 10D", "7D 8D 8D 7C 7C 8C JC JD"],
                 stock="7S 9S 10C 10C", trump="H")
    w = play(s, "8D", "7H")  # the trump seven wins the trick
    assert w.stage is Stage.DECLARE and w.to_move == 0
    assert w.sevens == (0, 0) and w.scores == (0, 0)
    assert bz.legal_actions(w) == (bz.Pass(),)


def test_R13_6_cutthroat_offers_all_play_as_its_page_says() -> None:
    v = V.CUTTHROAT.with_options(phase2="all_play")
    assert v.options()["phase2"].value == "all_play"
    assert V.CUTTHROAT.options()["phase2"].value == "duels"
