"""Scenario tests for announcements (RULES.md R13.7, R12): several combinations tabled at
once, one scored; the others pending until scored in a later window, lapsing when a card
of them is played or phase 1 ends.

Two-pack positions come from ``tests/positions.py`` (player 0 wins trick after trick, trumps
hearts); the partnership one is seed 001's game (four-handed).
"""

from __future__ import annotations

import json
import random

import pytest

import bezique as bz
import bezique.testing as bt
from bezique._tensor_blocks import announceable
from bezique._tensor_state import StateTensor
from bezique.encoding import observation_layout, observation_size, observation_tensor
from bezique.state import Stage
from positions import assert_illegal, declare, pass_, position, win
from scenario import cards, decl, play

K = bz.MeldKind
TWO = bz.variants.TWO_PACK
SINGLE = TWO.with_options(announce_several=False)
FOUR = bz.variants.FOUR_HANDED
ANNA, CARLA = 1, 3
MARRIAGE = declare(K.COMMON_MARRIAGE, "KS QS")
ANNOUNCE_MARRIAGE = bz.Announce(K.COMMON_MARRIAGE, "KS QS")


def _announced(variant: bz.Variant = TWO, tricks: int = 6) -> bz.State:
    """Player 0 wins a trick holding K♠ Q♠ J♦: he scores the bezique (40) and announces the
    marriage K♠ Q♠ (the Q♠ is new to the marriages)."""
    s = position("KS QS JD 9C 9D 9S 8S 10S", tricks=tricks, variant=variant)
    w = win(s, "9C")
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    assert t.stage is Stage.DECLARE and t.to_move == 0
    assert bz.legal_actions(t) == (ANNOUNCE_MARRIAGE, bz.Pass())
    u = bz.apply(t, ANNOUNCE_MARRIAGE)
    assert u.melds == (40, 0)
    return u


def test_R13_7_announce_then_score_later() -> None:
    u = _announced()
    (pending,) = u.announced
    assert (pending.kind, pending.cards, pending.side, pending.points) == (
        K.COMMON_MARRIAGE, cards("KS QS"), 0, 20)
    assert sorted(u.tables[0]) == sorted(cards("KS QS JD"))
    assert bz.Card.parse("KS") not in u.hands[0]
    # nothing more to announce: the window closed, both drew; the pending marriage is not
    # scored before the side wins another trick
    assert u.stage is Stage.PLAY and u.stock_size == 10
    assert_illegal(u, MARRIAGE, "R3.1")
    v = u
    w = win(v, "9D")
    assert MARRIAGE in bz.legal_actions(w)
    x = bz.apply(w, MARRIAGE)
    assert x.melds == (60, 0) and x.announced == ()
    assert x.combos[-1].serials == pending.serials and x.combos[-1].points == 20
    # both players see it while it is pending
    for player in (0, 1):
        assert bz.observe(v, player).announced == v.announced


def test_R13_7_played_card_lapses_announcement() -> None:
    v = _announced()
    led = bz.apply(v, bz.Play("KS"))  # from the table: the marriage is broken
    assert led.announced == ()
    w = bz.apply(led, bz.Play(led.hands[1][0]))
    assert w.last_winner == 0 and w.stage is Stage.DECLARE
    assert MARRIAGE not in bz.legal_actions(w)
    assert_illegal(w, MARRIAGE, "R3.9", "R3.6", "R3.8")


def test_R13_7_pending_lapse_at_end_of_phase_1() -> None:
    v = _announced(tricks=2)
    assert v.announced
    w = win(v, "9D")
    x = pass_(w)  # the last phase-1 trick: the stock is gone
    assert x.phase == 2 and x.announced == ()


def test_R13_7_announce_several_off_refuses() -> None:
    s = position("KS QS JD 9C 9D 9S 8S 10S", variant=SINGLE)
    w = win(s, "9C")
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    # the window closed with the one combination: only its cards were laid down (R12)
    assert t.stage is Stage.PLAY and t.announced == ()
    assert sorted(t.tables[0]) == sorted(cards("QS JD"))
    assert "announce_several" in SINGLE.options()
    w2 = win(t, "9D")
    assert_illegal(w2, ANNOUNCE_MARRIAGE, "R13.7")
    # Fildinski scores several combinations per trick: announcing there is refused
    assert bz.variants.FILDINSKI.melds.announce_several is False
    with pytest.raises(bz.VariantError, match=r"R13\.7"):
        bz.variants.FILDINSKI.with_options(announce_several=True)


def test_R13_7_announcement_needs_the_scored_combination_first() -> None:
    s = position("KS QS JD 9C 9D 9S 8S 10S")
    w = win(s, "9C")
    before = bz.legal_actions(w)
    assert not any(isinstance(a, bz.Announce) for a in before)
    assert_illegal(w, bz.Announce(K.BEZIQUE, "QS JD"), "R13.7")
    with pytest.raises(bz.IllegalActionError) as info:
        bz.check_action(w, bz.Announce(K.BEZIQUE, "QS JD"))
    assert info.value.rule == "R13.7" and "scored none" in str(info.value)
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    assert_illegal(t, bz.Announce(K.TRUMP_SEVEN, "7H"), "R13.7")
    assert_illegal(t, bz.Announce(K.FOUR_KINGS, "KS KS KD KC"), "R3.9", "R13.7")


def _anna_announces(variant: bz.Variant) -> bz.State:
    """Anna wins trick 1, scores the marriage K♠ Q♠ and (where announcements exist)
    announces the bezique Q♠ J♦; Carla wins trick 2 holding a bezique of her own."""
    hands = ["7C 8C 9C 7S 8S 9S", "QS JD KS AS 8D 7D", "7D 8S 9D 10D 9D 8H",
             "QS JD AD 9S 9C 8H"]
    s = bz.setup(variant, hands=hands, turn_up="9H", stock="10C 10C 10S 10S 7S 8S 9C JC JC JS 8C")
    w = play(s, "AS", "7D", "9S", "7C")
    t = bz.apply(w, decl(K.COMMON_MARRIAGE, "KS QS"))
    if variant.melds.announce_several:
        t = bz.apply(t, bz.Announce(K.BEZIQUE, "QS JD"))
        assert t.announced[0].side == 1
    while t.stage is Stage.DECLARE:
        t = bz.apply(t, bz.Pass())
    u = play(t, "8D", "9D", "AD", "8C")
    assert u.stage is Stage.DECLARE and u.to_move == CARLA
    return u


def test_R13_7_partner_builds_on_announced_cards() -> None:
    u = _anna_announces(FOUR)
    double = decl(K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert double in bz.legal_actions(u)
    assert decl(K.BEZIQUE, "QS JD") in bz.legal_actions(u)  # Anna's, scored by the side
    v = bz.apply(u, double)
    assert v.melds == (0, 20 + 500) and v.announced == ()
    # without announcements the bezique never reached the table: no double to build
    off = _anna_announces(FOUR.with_options(announce_several=False))
    assert double not in bz.legal_actions(off)


def test_R13_7_announcements_are_public_and_round_trip() -> None:
    u = _announced()
    assert bz.from_json(bz.to_json(u)) == u
    doc = bz.to_json(_announced())
    assert '"announced"' in doc
    # a document written before announcements existed (no field) still loads
    old = json.loads(bz.to_json(position("KS QS JD 9C 9D 9S 8S 10S")))
    del old["announced"]
    loaded = bz.from_json(json.dumps(old))
    assert loaded.announced == ()
    obs = json.loads(bz.to_json(bz.observe(bz.new_deal(TWO, seed=5), 1)))
    del obs["announced"]
    assert bz.from_json(json.dumps(obs)).announced == ()
    assert bz.observe(u, 1).announced == u.announced


def test_R13_7_notation_and_records() -> None:
    action = bz.Announce("common_marriage", "QS KS")
    assert str(action) == "announce common_marriage KS QS"
    assert bz.parse_action(None, "announce common-marriage QS, KS") == action
    assert bz.parse_action(None, bz.format_action(action)) == action
    t = bz.apply(win(position("KS QS JD 9C 9D 9S 8S 10S"), "9C"), declare(K.BEZIQUE, "QS JD"))
    assert bz.parse_action(t, "announce KS QS") == action  # the meld resolved
    with pytest.raises(bz.NotationError):
        bz.parse_action(None, "announce")


def test_R13_7_random_deals_with_announcements_in_every_variant() -> None:
    """Announcing whenever possible, every variant plays to the end under the checker."""
    for variant in bz.variants.ALL:
        rng = random.Random(7)
        s = bz.new_deal(variant, seed=11)
        while not s.is_over:
            acts = bz.legal_actions(s)
            announce = [a for a in acts if isinstance(a, bz.Announce)]
            action = announce[0] if announce else rng.choice(acts)
            after = bz.apply(s, action)
            bt.check_transition(s, action, after)
            s = after
        bt.check_state(s)




def test_R13_7_encoding_gives_announcements_fixed_ids_and_exact_masks() -> None:
    from bezique.encoding import ActionEncoder
    w = win(position("KS QS JD 9C 9D 9S 8S 10S"), "9C")
    t = bz.apply(w, declare(K.BEZIQUE, "QS JD"))
    encoder = ActionEncoder(TWO)
    mask = encoder.mask(t)
    ids = encoder.legal_ids(t)
    assert sum(mask) == len(bz.legal_actions(t)) == 2
    announce_id = encoder.encode(ANNOUNCE_MARRIAGE)
    assert announce_id in ids and announce_id != encoder.encode(MARRIAGE)
    assert encoder.decode(announce_id, t) == ANNOUNCE_MARRIAGE
    assert encoder.label(announce_id) == "announce common_marriage KS QS"
    # the ids of a variant without announcements are the first ones, unchanged
    single = ActionEncoder(SINGLE)
    assert single.size < encoder.size
    assert all(single.decode(i, w) == encoder.decode(i, w) for i in range(single.size))
    assert ActionEncoder(bz.variants.FILDINSKI).size == single.size
    with pytest.raises(bz.BeziqueError):
        single.encode(ANNOUNCE_MARRIAGE)


def _announced_block(s: bz.State, player: int) -> list[float]:
    """The ``announced`` block (the last) of ``player``'s observation tensor of ``s``; the
    adapters' tensor read off the state (:mod:`bezique._tensor_state`) has the same."""
    layout = observation_layout(s.variant)
    assert layout[-1][0] == "announced"
    start = sum(n for _, n in layout[:-1])
    block = observation_tensor(bz.observe(s, player))[start:]
    counts, _ = StateTensor(s.variant).parts(s, player)
    assert [float(c) for c in counts[start:]] == block
    return block


def _one_pending(variant: bz.Variant, relative_side: int, kind: bz.MeldKind) -> list[float]:
    """An ``announced`` block with one pending announcement of ``kind`` for the side
    ``relative_side`` counted from the observer's."""
    kinds = announceable(variant)
    block = [0.0] * (variant.deal.side_count * len(kinds))
    block[len(kinds) * relative_side + kinds.index(kind)] = 1.0
    return block


def test_R13_7_the_observation_tensor_shows_a_pending_announcement() -> None:
    """Player 0 announces the marriage K♠ Q♠: every observer's tensor counts it for player
    0's side, his own side first; it is gone once scored, or once a card of it is played."""
    u = _announced()
    assert _announced_block(u, 0) == _one_pending(TWO, 0, K.COMMON_MARRIAGE)
    assert _announced_block(u, 1) == _one_pending(TWO, 1, K.COMMON_MARRIAGE)
    scored = bz.apply(win(u, "9D"), MARRIAGE)
    lapsed = bz.apply(u, bz.Play("KS"))
    for s in (scored, lapsed):
        assert s.announced == ()
        assert _announced_block(s, 0) == _announced_block(s, 1) == [0.0] * 2 * 9
    # partnership: Anna (side 1) announces a bezique, Carla builds the double on it
    a = _anna_announces(FOUR)
    for player in range(4):
        relative = (1 - FOUR.deal.sides[player]) % 2
        assert _announced_block(a, player) == _one_pending(FOUR, relative, K.BEZIQUE)
    built = bz.apply(a, decl(K.DOUBLE_BEZIQUE, "QS QS JD JD"))
    assert _announced_block(built, 2) == [0.0] * 2 * 10
    # without announcements the block is empty, and the blocks before it are the same
    assert observation_layout(bz.variants.FILDINSKI)[-1] == ("announced", 0)
    assert observation_layout(SINGLE)[:-1] == observation_layout(TWO)[:-1]
    assert observation_size(SINGLE) == observation_size(TWO) - 2 * 9


def test_R13_7_greedy_bot_announces_for_the_partner_only() -> None:
    hands = ["7C 8C 9C 7S 8S 9S", "QS JD KS AS 8D 7D", "7D 8S 9D 10D 9D 8H",
             "QS JD AD 9S 9C 8H"]
    s = bz.setup(FOUR, hands=hands, turn_up="9H", stock="10C 10C 10S 10S 7S 8S 9C JC JC JS 8C")
    t = bz.apply(play(s, "AS", "7D", "9S", "7C"), decl(K.COMMON_MARRIAGE, "KS QS"))
    bot = bz.bots.GreedyBot()
    # R11.8: the partner builds only on table cards, so the bezique is laid out for her
    assert bot.choose(bz.observe(t, ANNA), random.Random(0)) == bz.Announce(K.BEZIQUE, "QS JD")
    # two-handed, the bot keeps its combination in hand, unseen
    u = bz.apply(win(position("KS QS JD 9C 9D 9S 8S 10S"), "9C"), declare(K.BEZIQUE, "QS JD"))
    assert bot.choose(bz.observe(u, 0), random.Random(0)) == bz.Pass()


def _first_announcement(variant: bz.Variant) -> bz.State:
    """The first window offering an announcement in greedy play of dealt deals."""
    bot = bz.bots.GreedyBot()
    for seed in range(200):
        s = bz.new_deal(variant, seed=seed)
        while not s.is_over:
            if any(isinstance(a, bz.Announce) for a in bz.legal_actions(s)):
                return s
            s = bz.apply(s, bot.choose(bz.observe(s, s.to_move), random.Random(0)))
    raise AssertionError("no announcement offered")


def test_R13_7_search_bot_plays_windows_with_announcements() -> None:
    s = _first_announcement(TWO)
    action = bz.bots.SearchBot().choose(bz.observe(s, s.to_move), random.Random(1))
    assert action in bz.legal_actions(s)
    assert isinstance(action, bz.Announce | bz.Pass | bz.ExchangeSeven | bz.Declare)
    after = bz.apply(s, action)
    bt.check_transition(s, action, after)
    assert len(after.announced) == len(s.announced) + isinstance(action, bz.Announce)


def test_R13_7_records_carry_announcements() -> None:
    """A dealt deal played with announcements dumps, loads and replays to the same end."""
    seed = _first_announcement(TWO).seed
    assert seed is not None
    start = bz.new_deal(TWO, seed=seed)
    bot = bz.bots.GreedyBot()
    actions: list[bz.Action] = []
    state = start
    announced = False
    while not state.is_over:
        legal = bz.legal_actions(state)
        chosen = next((a for a in legal if isinstance(a, bz.Announce)), None)
        if chosen is None:
            chosen = bot.choose(bz.observe(state, state.to_move), random.Random(0))
        announced |= isinstance(chosen, bz.Announce)
        actions.append(chosen)
        state = bz.apply(state, chosen)
    assert announced
    text = bz.Record.from_play(start, actions).dumps()
    assert "announce " in text
    loaded = bz.Record.loads(text)
    assert loaded.actions == tuple(actions) and loaded.final_state() == state


def test_R13_7_documents_written_before_announcements_read_without_them() -> None:
    """A full variant without ``announce_several`` was written before announcements
    existed: it reads with the option off, so its states replay as they were played."""
    doc = json.loads(bz.to_json(TWO))
    del doc["melds"]["announce_several"], doc["options"]["announce_several"]
    old = bz.from_json(json.dumps(doc))
    assert old.melds.announce_several is False and old == SINGLE
    state = json.loads(bz.to_json(bz.new_deal(TWO, seed=4)))
    del state["variant"]["melds"]["announce_several"]
    del state["variant"]["options"]["announce_several"], state["announced"]
    assert bz.from_json(json.dumps(state)).variant == SINGLE


RUBICON = bz.variants.RUBICON


def _rubicon(hand: str, *moves: str, seed: int = 0) -> bz.State:
    """A Rubicon deal (trump not fixed yet) in which player 0 holds ``hand`` and player 1
    leads 7♣ from ``AS AS AH AH AD AD AC AC 7C``; then ``moves`` in the notation."""
    s = bz.setup(RUBICON, hands=[hand, "AS AS AH AH AD AD AC AC 7C"], seed=seed)
    for move in ("play 7C", *moves):
        s = bz.apply(s, bz.parse_action(s, move))
    return s


def test_r13_7_announcement_in_used_class_needs_card_from_hand() -> None:
    """R13.7 (Foster): an announcement in a class already used, one that builds on a
    combination of its class, needs a card new *from the hand*, not only cards new to the
    class. The issue's reproduction: a bezique scored, four queens and four jacks
    announced, the hand empty: the double bezique of table cards alone is refused."""
    s = _rubicon("QS QS JD JD QH QC JH JC 9C", "play 9C", "declare bezique QS JD",
                 "announce four_queens QS QS QH QC", "announce four_jacks JD JD JH JC")
    assert s.hands[0] == () and s.stage is Stage.DECLARE
    double = bz.Announce(K.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert not bz.is_legal(s, double)
    assert double not in bz.legal_actions(s)
    with pytest.raises(bz.IllegalActionError) as refused:
        bz.check_action(s, double)
    assert refused.value.rule == "R13.7"
    assert refused.value.message_id == "R13.7/card-from-hand"
    # with a jack of diamonds still in hand, the double is announced, that jack laid
    t = _rubicon("QS QS JD JD QH QC JH JC 9C", "play 9C", "declare bezique QS JD",
                 "announce four_queens QS QS QH QC")
    assert bz.is_legal(t, double)
    u = bz.apply(t, double)
    assert bz.Card.parse("JD") not in u.hands[0]
    (pending,) = [a for a in u.announced if a.kind is K.DOUBLE_BEZIQUE]
    assert pending.points == 500
    bt.check_transition(t, double, u)


def test_r13_7_re_formed_combination_announced_needs_card_from_hand() -> None:
    """R13.7 with R3.8: a broken bezique re-formed (its queen kept, a jack of diamonds new
    to the beziques) and announced needs that jack from the hand, not from the table."""
    moves = ("play 9C", "declare bezique QS JD", "pass", "play JD table", "play AH",
             "declare four_jacks JD JH JC JS")
    s = _rubicon("QS JD JD JH JC JS 9C 9D 9S", *moves)
    assert bz.Card.parse("JD") not in s.hands[0]
    reform = bz.Announce(K.BEZIQUE, "QS JD")
    assert not bz.is_legal(s, reform)
    # with a third jack of diamonds in hand, the re-formed bezique is announced with it
    t = _rubicon("QS JD JD JD JH JC JS 9C 9D", *moves)
    assert bz.legal_actions(t) == (reform, bz.Pass())
    u = bz.apply(t, reform)
    assert bz.Card.parse("JD") not in u.hands[0]
    bt.check_transition(t, reform, u)
