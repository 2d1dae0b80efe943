"""Tests of the bots: legality on every variant, hidden information, determinism, strength.

Positions for the greedy heuristics are built with :func:`bezique.setup`; the
variant-wide tests walk random deals of every preset. No timing is asserted
here (``benchmarks/strength.py`` measures speed and strength at scale).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import bezique as bz
from bezique.bots import Bot, GreedyBot, RandomBot, SearchBot
from bezique.state import Stage

VARIANTS = (*bz.variants.ALL, bz.variants.CHINESE.with_options(dealer_guess=True))
"""Every preset, plus Chinese with the dealer's guess (R9.4), whose GUESS stage bots must
handle."""

TINY = SearchBot(iterations=4)
"""A SearchBot small enough for tests (one determinization per decision)."""


def _ids(variant: bz.Variant) -> str:
    return variant.name + ("+guess" if variant.deal.dealer_guess else "")


def random_states(variant: bz.Variant, seed: int, every: int) -> Iterator[bz.State]:
    """Every ``every``-th state of a random deal (where someone is to move)."""
    rng = random.Random(seed)
    state = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    k = 0
    while not state.is_over:
        if k % every == 0:
            yield state
        legal = bz.legal_actions(state)
        state = bz.apply(state, legal[int(rng.random() * len(legal))])
        k += 1


def play(variant: bz.Variant, bots: list[Bot], seed: int) -> tuple[bz.DealResult, list[bz.Action]]:
    """Play a deal with one bot per seat, each choosing from its own observation only."""
    state = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    rngs = [random.Random(seed * 100 + p) for p in range(variant.players)]
    actions = []
    while not state.is_over:
        p = state.to_move
        assert p is not None
        observation = bz.observe(state, p)
        action = bots[p].choose(observation, rngs[p])
        assert action in observation.legal_actions
        actions.append(action)
        state = bz.apply(state, action)  # checked: an illegal action would raise
    return bz.deal_result(state), actions


# --- legality on every variant ----------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=_ids)
def test_random_and_greedy_choose_legal_actions_on_random_states(variant: bz.Variant) -> None:
    for seed in range(3):
        for state in random_states(variant, seed, every=1):
            p = state.to_move
            assert p is not None
            observation = bz.observe(state, p)
            for bot in (RandomBot(), GreedyBot()):
                assert bot.choose(observation, random.Random(seed)) in bz.legal_actions(state)


@pytest.mark.parametrize("variant", VARIANTS, ids=_ids)
def test_search_chooses_legal_actions_on_random_states(variant: bz.Variant) -> None:
    every = max(1, len(list(random_states(variant, 7, every=1))) // 8)
    for state in random_states(variant, 7, every=every):
        p = state.to_move
        assert p is not None
        action = TINY.choose(bz.observe(state, p), random.Random(p))
        assert action in bz.legal_actions(state)


@pytest.mark.parametrize("variant", VARIANTS, ids=_ids)
def test_greedy_plays_whole_deals_of_every_variant(variant: bz.Variant) -> None:
    result, _ = play(variant, [GreedyBot()] * variant.players, seed=11)
    assert result.tricks > 0


@pytest.mark.parametrize("variant", VARIANTS, ids=_ids)
def test_search_plays_whole_deals_of_every_variant(variant: bz.Variant) -> None:
    """SearchBot on the first side (both partners in partnerships, each its own bot),
    GreedyBot elsewhere."""
    sides = variant.deal.sides
    bots: list[Bot] = [SearchBot(iterations=4, candidates=2) if sides[p] == 0 else GreedyBot()
                       for p in range(variant.players)]
    result, actions = play(variant, bots, seed=5)
    assert result.tricks > 0
    assert len(actions) > 0


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.RUBICON], ids=_ids)
def test_search_without_a_horizon_plays_to_the_end(variant: bz.Variant) -> None:
    """Full playouts scored by the deal points (two-pack) or the settlement (Rubicon, R8.5)."""
    bots: list[Bot] = [SearchBot(iterations=4, candidates=2, horizon=None), GreedyBot()]
    result, _ = play(variant, bots, seed=9)
    assert result.tricks > 0


# --- hidden information -------------------------------------------------------------------


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), TINY], ids=lambda b: b.name)
def test_bots_accept_observations_not_states(bot: Bot) -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises((TypeError, AttributeError)):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.RUBICON], ids=_ids)
@pytest.mark.parametrize("bot", [GreedyBot(), TINY], ids=lambda b: b.name)
def test_bots_choose_alike_in_states_that_differ_only_in_hidden_cards(
        variant: bz.Variant, bot: Bot) -> None:
    """Two states dealt differently behind the player's back: same observation, same choice."""
    for state in random_states(variant, 3, every=9):
        p = state.to_move
        assert p is not None
        observation = bz.observe(state, p)
        other = bz.determinize(observation, random.Random(99))
        assert other.hands != state.hands or other.stock != state.stock or not other.stock
        assert bz.observe(other, p) == observation
        assert (bot.choose(observation, random.Random(5))
                == bot.choose(bz.observe(other, p), random.Random(5)))


def test_bots_refuse_when_it_is_not_their_turn() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=2)
    assert state.to_move is not None
    observation = bz.observe(state, 1 - state.to_move)
    for bot in (GreedyBot(), TINY):
        with pytest.raises(bz.BotError, match="not this player's turn"):
            bot.choose(observation, random.Random(0))


# --- determinism --------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), SearchBot(iterations=8)],
                         ids=lambda b: b.name)
def test_same_rng_seed_same_choice(bot: Bot) -> None:
    for state in random_states(bz.variants.TWO_PACK, 4, every=7):
        p = state.to_move
        assert p is not None
        observation = bz.observe(state, p)
        assert bot.choose(observation, random.Random(12)) == bot.choose(observation,
                                                                       random.Random(12))


def test_same_seeds_replay_the_same_deal() -> None:
    bots: list[Bot] = [SearchBot(iterations=4, candidates=2), GreedyBot()]
    assert play(bz.variants.TWO_PACK, bots, 8)[1] == play(bz.variants.TWO_PACK, bots, 8)[1]


def test_search_settings_are_checked() -> None:
    with pytest.raises(bz.BotError, match="iterations"):
        SearchBot(iterations=0)
    with pytest.raises(bz.BotError, match="time_budget"):
        SearchBot(time_budget=0.0)
    with pytest.raises(bz.BotError, match="max_steps"):
        SearchBot(max_steps=0)


def test_search_with_a_time_budget_chooses_a_legal_action() -> None:
    state = bz.new_deal(bz.variants.TWO_PACK, seed=6)
    assert state.to_move is not None
    observation = bz.observe(state, state.to_move)
    bot = SearchBot(iterations=10_000, time_budget=0.01)
    assert bot.choose(observation, random.Random(0)) in observation.legal_actions


# --- the search's devices ----------------------------------------------------------------


def test_playouts_deal_each_seat_the_same_cards_whoever_wins() -> None:
    """The stock is read as one card per seat per round: seat 0 draws the round's first
    card even when seat 1 won the trick and draws first (R2.6 b)."""
    from bezique.bots._playout import deal_by_seat as _deal_by_seat

    for state in random_states(bz.variants.TWO_PACK, 2, every=1):
        if state.stage is Stage.DECLARE and state.last_winner == 1 and state.stock_size > 4:
            break
    else:
        pytest.fail("no window after a trick won by seat 1")
    first, second = state.stock[0], state.stock[1]
    drawn = bz.apply(_deal_by_seat(state), bz.Pass())
    assert sorted(drawn.hands[0]) == sorted((*state.hands[0], first))
    assert sorted(drawn.hands[1]) == sorted((*state.hands[1], second))
    assert drawn.stock == state.stock[2:]


def test_search_keeps_the_greedy_choice_without_evidence() -> None:
    from bezique.bots._playout import pick as _pick

    noisy = [[0.0, 0.0, 0.0], [50.0, -40.0, 20.0]]  # mean +10, standard error 27
    assert _pick(noisy, 0, 1.0, certain=False) == 0
    clear = [[0.0, 0.0, 0.0], [30.0, 25.0, 35.0], [100.0, -100.0, 40.0]]
    assert _pick(clear, 0, 1.0, certain=False) == 1
    assert _pick([[0.0], [5.0]], 0, 1.0, certain=False) == 0
    assert _pick([[0.0], [5.0]], 0, 1.0, certain=True) == 1


# --- strength -----------------------------------------------------------------------------


def test_greedy_beats_random_over_forty_two_pack_deals() -> None:
    """20 seeds, each dealt twice with the seats swapped; greedy must win at least 75%."""
    variant = bz.variants.TWO_PACK
    won = 0.0
    for seed in range(20):
        for greedy_seat in (0, 1):
            bots: list[Bot] = [RandomBot(), RandomBot()]
            bots[greedy_seat] = GreedyBot()
            result, _ = play(variant, bots, 1000 + seed)
            mine, theirs = result.points[greedy_seat], result.points[1 - greedy_seat]
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    assert won / 40 >= 0.75


# --- the greedy heuristics on set positions -----------------------------------------------

TWO_PACK = bz.variants.TWO_PACK
DULL = "8D 8D 9S 9S 8H 8H 7S 7S"
"""A hand with nothing to declare and no trump (clubs are trumps below)."""


def _greedy(state: bz.State) -> bz.Action:
    p = state.to_move
    assert p is not None
    return GreedyBot().choose(bz.observe(state, p), random.Random(0))


def _after(state: bz.State, *actions: str) -> bz.State:
    for text in actions:
        state = bz.apply(state, bz.Play(text))
    return state


def test_greedy_declares_the_highest_scoring_combination() -> None:
    """R3.3: with a common marriage (20) and a bezique (40) open, the bezique."""
    state = bz.setup(TWO_PACK, hands=["KH QH QS JD 9C 8C 7D 8S", DULL], turn_up="9C")
    state = _after(state, "8D", "8C")  # player 1 leads, player 0 trumps and wins
    assert state.stage is Stage.DECLARE and state.to_move == 0
    assert _greedy(state) == bz.Declare(bz.MeldKind.BEZIQUE, bz.parse_cards("QS JD"))


def test_greedy_passes_with_nothing_to_declare() -> None:
    state = bz.setup(TWO_PACK, hands=["KH 9H QS 8S 9C 8C 7D 8S", DULL], turn_up="9C")
    state = _after(state, "8D", "8C")
    assert bz.legal_actions(state) == (bz.Pass(),)
    assert _greedy(state) == bz.Pass()


@pytest.mark.parametrize(("turn_up", "expected"), [
    ("AC", bz.ExchangeSeven("7C")),
    ("8C", bz.Declare(bz.MeldKind.TRUMP_SEVEN, bz.parse_cards("7C"))),
])
def test_greedy_exchanges_the_seven_for_a_good_turn_up(turn_up: str,
                                                         expected: bz.Action) -> None:
    """R4.1, R4.2: the seven is exchanged for an ace, ten or court of trumps, else declared."""
    state = bz.setup(TWO_PACK, hands=["7C 9C 9H 10S 9D JH 7H 8S", DULL], turn_up=turn_up)
    state = _after(state, "8D", "9C")
    assert _greedy(state) == expected


def test_greedy_leads_a_low_card_that_serves_no_combination() -> None:
    state = bz.setup(TWO_PACK, hands=["AS 10S KH QH QS JD 7D 9H", DULL], turn_up="9C",
                     dealer=1)
    assert state.to_move == 0
    assert _greedy(state) == bz.Play("7D")


def test_greedy_takes_a_brisque_and_throws_low_on_a_worthless_trick() -> None:
    hand = "AS KH 9H QS 8D 7D 9D JH"  # nothing to declare
    state = bz.setup(TWO_PACK, hands=[hand, "10S 9S 8S 7S 7S 8H 8H 10D"], turn_up="9C")
    assert _greedy(_after(state, "10S")) == bz.Play("AS")
    assert _greedy(_after(state, "8S")) == bz.Play("7D")


def test_greedy_wins_to_declare_a_waiting_combination() -> None:
    """A bezique is ready: the greedy bot wins a worthless trick with a card outside it."""
    state = bz.setup(TWO_PACK, hands=["QS JD 9S 8H 7H 9D 10H 8D", "8S 7S 7S 10D KD AD KC JC"],
                     turn_up="9C")
    action = _greedy(_after(state, "8S"))
    assert action == bz.Play("9S")


def test_greedy_wins_cheaply_in_phase_2() -> None:
    """R2.10: obliged to beat the 9♠, the greedy bot does it with the ten, keeping the ace."""
    state = bz.setup(TWO_PACK, hands=["AS 10S 7H", "9S 8S 8H"], stock="", trump="C", dealer=0)
    state = _after(state, "9S")
    assert _greedy(state) == bz.Play("10S")


def test_greedy_cashes_a_master_ace_in_phase_2() -> None:
    state = bz.setup(TWO_PACK, hands=["AH 8S 7D", "9H KS 8D"], stock="", trump="C", dealer=1)
    assert state.to_move == 0
    assert _greedy(state) == bz.Play("AH")


def test_greedy_shows_carte_blanche() -> None:
    """R11.6: a hand without a court is shown as carte blanche before the first card."""
    state = bz.setup(bz.variants.RUBICON, dealer=1, hands=["AS 10S 9S 8S 7S AH 10H 9H 8H",
                                                           "KS QS JS KH QH JH KD QD JD"])
    action = _greedy(state)
    assert isinstance(action, bz.Declare) and action.meld is bz.MeldKind.CARTE_BLANCHE


def test_greedy_guesses_24() -> None:
    """R9.4: the non-dealer guesses the packet; 24 is as good as any other size."""
    variant = bz.variants.CHINESE.with_options(dealer_guess=True)
    state = bz.new_deal(variant, seed=3)
    assert state.stage is Stage.GUESS
    action = _greedy(state)
    assert getattr(action, "size", None) == 24


# ----------------------------------------------------------------------------- caches


def test_bot_caches_stay_bounded_with_a_fresh_variant_per_deal() -> None:
    """Issue 12, item 5: a program that makes a new variant value for every deal keeps a
    bounded number of cache entries (counted, not measured in memory)."""
    from bezique.bots import _tables, search

    tables, steps = _tables.TABLES, search._STEPS
    for k in range(3 * tables.maxsize):
        variant = bz.variants.TWO_PACK.with_options(target=1000 + k)
        state = bz.new_deal(variant, seed=k)
        observation = bz.observe(state, state.to_move)
        GreedyBot().choose(observation, random.Random(k))
        assert search._default_steps(variant) == search._default_steps(bz.variants.TWO_PACK)
        assert len(tables) <= tables.maxsize and len(steps) <= steps.maxsize
    assert len(tables) == tables.maxsize


def test_equal_variants_share_one_cache_entry() -> None:
    """The caches are keyed by the variant's value: equal variant objects share tables."""
    from bezique.bots import valuation

    a = bz.variants.RUBICON.with_options(brisque_points=0)
    b = bz.variants.RUBICON.with_options(brisque_points=0)
    assert a == b and a is not b
    assert valuation.tables_of(a) is valuation.tables_of(b)
    assert valuation.tables_of(a) is not valuation.tables_of(bz.variants.RUBICON)


SEED_READINGS = (
    bz.variants.TWO_PACK.with_options(meld_classes="four", seven_declare="any_time",
                                      played_seven_scores=False),
    bz.variants.FOUR_HANDED.with_options(meld_classes="four", seven_declare="any_time",
                                         second_duel_leader="partner_of_first_follower"),
)
"""The seeds' own readings (RULES.md section 13) the presets do not use by default."""


@pytest.mark.parametrize("variant", SEED_READINGS, ids=_ids)
def test_bots_play_whole_deals_under_the_seeds_readings(variant: bz.Variant) -> None:
    """R13.1, R13.2: the sequences' own reuse class and the seven declared at any time."""
    result, _ = play(variant, [GreedyBot()] * variant.players, seed=11)
    assert result.tricks > 0
    for state in random_states(variant, 5, every=7):
        p = state.to_move
        assert p is not None
        action = TINY.choose(bz.observe(state, p), random.Random(p))
        assert action in bz.legal_actions(state)
