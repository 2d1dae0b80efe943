"""bz.simulate (module bezique.simulation): workers, chunking, statistics, conformance."""

from __future__ import annotations

import concurrent.futures as cf
import json
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique._engine.shuffle import derive_seed
from bezique.simulation import (
    DecisionRandom,
    InvariantError,
    SimulationError,
    SimulationResult,
    simulate,
)
from bezique.simulation_result import wilson_interval

TWO = bz.variants.TWO_PACK
RANDOM = bz.bots.RandomBot()


def randoms(variant: bz.Variant) -> list[bz.bots.RandomBot]:
    return [RANDOM] * variant.players


# ----------------------------------------------------------------------------- reproducibility


def test_same_seed_same_result_whatever_the_workers_and_chunks() -> None:
    one = simulate(TWO, randoms(TWO), deals=40, seed=11)
    two = simulate(TWO, randoms(TWO), deals=40, seed=11, workers=2)
    chunked = simulate(TWO, randoms(TWO), deals=40, seed=11, chunk_size=3)
    assert one == two == chunked
    assert isinstance(one, SimulationResult)
    assert simulate(TWO, randoms(TWO), deals=40, seed=12) != one


def test_games_are_reproducible_in_processes_and_threads() -> None:
    variant = bz.variants.THREE_HANDED
    base = simulate(variant, randoms(variant), games=3, seed=5)
    pooled = simulate(variant, randoms(variant), games=3, seed=5, workers=2, chunk_size=1)
    with cf.ThreadPoolExecutor(2) as pool:
        threaded = simulate(variant, randoms(variant), games=3, seed=5, executor=pool,
                            chunk_size=2)
    assert base == pooled == threaded
    assert base.mode == "games" and base.played == 3 and base.deals >= 3


def test_dask_executor_gives_the_same_result() -> None:
    distributed = pytest.importorskip("distributed")  # a test dependency: installed in CI
    expected = simulate(TWO, randoms(TWO), deals=24, seed=3)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        got = simulate(TWO, randoms(TWO), deals=24, seed=3, executor=client.get_executor(),
                       chunk_size=5)
    assert got == expected


def replay_random_deal(variant: bz.Variant, deal_seed: int, dealer: int) -> tuple[bz.State, int]:
    """Random bots' deal as the module documentation says simulate plays it: the j-th
    decision's generator seeded from derive_seed(derive_seed(deal_seed, 2**40), j)."""
    state = bz.new_deal(variant, seed=deal_seed, dealer=dealer)
    key = derive_seed(deal_seed, 2**40)
    j = 0
    while not state.is_over:
        p = state.to_move
        assert p is not None
        action = RANDOM.choose(bz.observe(state, p), DecisionRandom(derive_seed(key, j)))
        state = bz.apply(state, action)
        j += 1
    return state, j


def test_the_documented_seeding_replays_every_deal() -> None:
    """Deal i: seed derive_seed(seed, i), dealer i % n, decision j's generator seeded from
    derive_seed(derive_seed(derive_seed(seed, i), 2**40), j); bots rotate every n deals."""
    variant, seed, deals = TWO, 9, 12
    result = simulate(variant, randoms(variant), deals=deals, seed=seed)
    wins = [0, 0]
    points = [0, 0]
    melds: Counter[bz.MeldKind] = Counter()
    actions = 0
    for i in range(deals):
        state, j = replay_random_deal(variant, derive_seed(seed, i), dealer=i % 2)
        actions += j
        res = bz.deal_result(state)
        if res.points[0] != res.points[1]:
            wins[res.points.index(max(res.points))] += 1
        points = [a + b for a, b in zip(points, res.points, strict=True)]
        melds.update(dict(res.meld_counts))
    assert list(result.wins) == wins
    assert result.ties == deals - sum(wins)
    assert list(result.mean_points) == [p / deals for p in points]
    assert result.actions == actions
    assert {k: sum(c) for k, c in result.meld_counts if sum(c)} == dict(melds)


def test_duplicate_play_deals_each_board_once_in_every_rotation() -> None:
    """Duplicate play: deal i is board i // n, shuffled with derive_seed(seed, i // n) and
    dealt by player (i // n) % n, with entry k at seat (k + i) % n."""
    variant, seed, deals = bz.variants.THREE_HANDED, 4, 6
    result = simulate(variant, randoms(variant), deals=deals, seed=seed, duplicate=True)
    assert result.duplicate and result.to_dict()["duplicate"] is True
    assert "duplicate" in result.summary()
    actions = 0
    for i in range(deals):
        actions += replay_random_deal(variant, derive_seed(seed, i // 3), dealer=i // 3 % 3)[1]
    assert result.actions == actions
    again = simulate(variant, randoms(variant), deals=deals, seed=seed, duplicate=True,
                     workers=2, chunk_size=1)
    assert again == result
    assert simulate(variant, randoms(variant), deals=deals, seed=seed) != result


def test_duplicate_play_cancels_the_luck_of_the_deal() -> None:
    """Two copies of one deterministic policy under different names: in duplicate play
    each board is played the same way in both rotations, so each copy wins exactly as
    often as the other; without it, the deals dealt to each differ."""
    bots = [bz.bots.GreedyBot(name="north"), bz.bots.GreedyBot(name="south")]
    dup = simulate(TWO, bots, deals=40, seed=5, duplicate=True)
    assert dup.bot_wins[0] == dup.bot_wins[1] and dup.bot_ties[0] == dup.bot_ties[1]
    assert dup.bot_mean_points[0] == dup.bot_mean_points[1]
    plain = simulate(TWO, bots, deals=40, seed=5)
    assert plain.bot_mean_points[0] != plain.bot_mean_points[1]


# ----------------------------------------------------------------------------- statistics


def test_statistics_add_up() -> None:
    r = simulate(TWO, randoms(TWO), deals=60, seed=2)
    assert r.played == r.deals == 60
    assert sum(r.wins) + r.ties == r.played
    # two sides: exactly one of the two bots is on the winning side of each decided deal
    assert sum(r.bot_wins) == sum(r.wins)
    assert sum(r.bot_mean_points) == pytest.approx(sum(r.mean_points))
    assert r.mean_tricks == 32.0 and r.tricks == 32 * 60
    assert r.mean_actions == r.actions / 60 >= 88
    assert all(sd > 0 for sd in r.std_points)
    assert r.mean_value is None and r.std_value is None
    assert {kind for kind, _ in r.meld_counts} == {
        kind for kind in TWO.melds.kinds if kind is not bz.MeldKind.TRUMP_SEVEN}
    for (kind, counts), (kind2, per_deal) in zip(r.meld_counts, r.meld_frequencies,
                                                 strict=True):
        assert kind is kind2 and len(counts) == 2
        assert per_deal == pytest.approx(sum(counts) / 60)
    assert r.elapsed > 0 and r.deals_per_second > 0


def test_meld_counts_match_the_meld_points() -> None:
    """Combinations counted per side, times their points, give the sides' meld points."""
    variant = bz.variants.RUBICON
    r = simulate(variant, randoms(variant), deals=8, seed=4)
    points = dict(variant.melds.effective_table())
    from_counts = sum(points[kind] * sum(counts) for kind, counts in r.meld_counts)
    total = 0
    for i in range(8):
        # replay without the simulator: RandomBot through the documented seeds
        state = bz.new_deal(variant, seed=derive_seed(4, i), dealer=i % 2)
        key = derive_seed(derive_seed(4, i), 2**40)
        j = 0
        while not state.is_over:
            p = state.to_move
            assert p is not None
            state = bz.apply(state, RANDOM.choose(bz.observe(state, p),
                                                  DecisionRandom(derive_seed(key, j))))
            j += 1
        total += sum(bz.deal_result(state).breakdown[s].melds for s in range(2))
    assert from_counts == total


def test_values_in_settled_deals_and_games() -> None:
    rubicon = simulate(bz.variants.RUBICON, randoms(bz.variants.RUBICON), deals=6, seed=1)
    assert rubicon.mean_value is not None and rubicon.std_value is not None
    assert sum(rubicon.mean_value) > 0
    games = simulate(TWO, randoms(TWO), games=4, seed=1)
    assert games.mean_value is not None and games.bot_mean_value is not None
    assert 1 <= sum(games.mean_value) <= 2  # each game is worth 1 or 2
    assert sum(games.mean_points) >= TWO.scoring.target  # every game reaches the target


def test_bots_rotate_through_the_seats() -> None:
    """Bots named differently end up on both sides; per-bot figures follow the bot."""

    @attrs.frozen
    class Lead:
        name: str = "first"

        def choose(self, observation: bz.Observation, rng: random.Random) -> bz.Action:
            return observation.legal_actions[0]

    r = simulate(TWO, [Lead(), RANDOM], deals=8, seed=3)
    assert r.bot_names == ("first", "random")
    assert sum(r.bot_wins) == sum(r.wins)
    from bezique._simulation_plan import seating_of

    seating = seating_of(TWO, [Lead(), RANDOM])
    # deal i: dealer i % 2, bots rotated by i // 2; over n * n = 4 deals the first bot
    # meets every (seat, dealer) pair once, and plays each side twice
    pairs = [(seating.seat_bots(i // 2 % 2).index(Lead()), i % 2) for i in range(4)]
    assert sorted(pairs) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert [seating.bot_sides(i // 2 % 2)[0] for i in range(4)] == [0, 0, 1, 1]


def test_one_bot_per_side_is_expanded() -> None:
    variant = bz.variants.FOUR_HANDED
    r = simulate(variant, [RANDOM, bz.bots.RandomBot(name="other")], deals=4, seed=2)
    assert r.bot_names == ("random", "other")
    assert len(r.wins) == 2 and sum(r.wins) + r.ties == 4
    assert sum(r.bot_wins) == sum(r.wins)


def test_result_is_json_ready() -> None:
    r = simulate(bz.variants.CUTTHROAT, randoms(bz.variants.CUTTHROAT), deals=2, seed=1)
    data = json.loads(json.dumps(r.to_dict()))
    assert data["variant"] == "cutthroat" and data["played"] == 2
    assert len(data["sides"]) == 4 and len(data["bots_results"]) == 4
    assert "deals/s" in r.summary()


def test_a_tie_for_first_counts_half_a_win_for_the_bots_that_share_it() -> None:
    """Deals tied at the top count in ``ties`` and as half a win for each side sharing
    first place; a side behind the tie gets nothing."""
    from bezique._simulation_plan import seating_of
    from bezique._simulation_tally import Tally, simulation_result

    three = bz.variants.THREE_HANDED
    bots = [bz.bots.RandomBot(name=f"r{k}") for k in range(3)]
    tally = Tally(3, 3, ())
    tally.add_outcome([300, 300, 100], (0, 1), None, (0, 1, 2))  # sides 0 and 1 tie
    tally.add_outcome([500, 100, 200], (0,), None, (1, 2, 0))  # side 0 (bot 2) wins
    r = simulation_result(three, seating_of(three, bots), "deals", 0, tally, 1.0)
    assert r.ties == 1 and r.wins == (1, 0, 0)
    assert r.bot_wins == (0, 0, 1) and r.bot_ties == (1, 1, 0)
    assert [r.bot_score(k) for k in range(3)] == [0.25, 0.25, 0.5]
    lo, hi = r.bot_interval(2)
    assert lo < 0.5 < hi
    data = r.to_dict()["bots_results"]
    assert [b["ties"] for b in data] == [1, 1, 0]
    assert data[0]["score"] == 0.25 and data[0]["interval_95"] == list(r.bot_interval(0))
    assert "bot 2 (r2) scores 50.0% (ties half), 95% interval" in r.summary()


def test_bot_scores_add_up_over_two_bots() -> None:
    r = simulate(TWO, [bz.bots.GreedyBot(), RANDOM], deals=40, seed=3)
    assert r.bot_score(0) + r.bot_score(1) == pytest.approx(1.0)
    assert sum(r.bot_ties) == 2 * r.ties
    lo, hi = r.bot_interval(0)
    assert lo <= r.bot_score(0) <= hi


@given(n=st.integers(1, 10_000), data=st.data(),
       confidence=st.floats(0.5, 0.999))
def test_wilson_interval_contains_the_rate_and_is_symmetric(
        n: int, data: st.DataObject, confidence: float) -> None:
    k = data.draw(st.integers(0, n))
    lo, hi = wilson_interval(k, n, confidence)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    lo2, hi2 = wilson_interval(n - k, n, confidence)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    wider = wilson_interval(k, n, (1 + confidence) / 2)
    assert wider[0] <= lo + 1e-12 and wider[1] >= hi - 1e-12


@pytest.mark.parametrize(("args", "message"), [
    ((5, 4), "successes must lie between 0 and n=4, not 5"),
    ((-1, 4), "successes must lie between 0 and n=4, not -1"),
    ((1, 4, 0.0), "confidence must lie strictly between 0 and 1, not 0.0"),
])
def test_wilson_interval_refuses_nonsense(args: tuple[float, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        wilson_interval(*args)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate(TWO, randoms(TWO), deals=10, seed=1, chunk_size=4,
             progress=lambda done, total: calls.append((done, total)))
    assert calls == [(4, 10), (8, 10), (10, 10)]
    calls.clear()
    simulate(TWO, randoms(TWO), deals=10, seed=1, chunk_size=4, workers=2,
             progress=lambda done, total: calls.append((done, total)))
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and calls[-1] == (10, 10)


# ----------------------------------------------------------------------------- conformance


@pytest.mark.parametrize("variant", bz.variants.ALL, ids=lambda v: v.name)
def test_check_invariants_on_every_variant(variant: bz.Variant) -> None:
    r = simulate(variant, randoms(variant), deals=3, seed=7, check_invariants=True)
    assert r.played == 3
    g = simulate(variant, [RANDOM] * variant.deal.side_count, games=1, seed=7,
                 check_invariants=True)
    assert g.played == 1 and sum(g.wins) + g.ties == 1


def test_check_invariants_catches_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    import bezique.simulation as sim

    real = sim.apply

    def leaky(state: bz.State, action: bz.Action) -> bz.State:
        after = real(state, action)
        return after.replace(stock=after.stock[1:]) if after.tricks == 3 else after

    monkeypatch.setattr(sim, "apply", leaky)
    with pytest.raises(InvariantError, match=r"deal 0 .*the deck has 64 \(lost"):
        simulate(TWO, randoms(TWO), deals=1, check_invariants=True)


def test_an_illegal_bot_move_is_named() -> None:
    @attrs.frozen
    class Cheat:
        name: str = "cheat"

        def choose(self, observation: bz.Observation, rng: random.Random) -> bz.Action:
            return bz.Pass()

    with pytest.raises(bz.IllegalActionError, match="bot 'cheat'") as caught:
        simulate(TWO, [Cheat(), Cheat()], deals=1)
    assert caught.value.rule == "R2.6" and caught.value.action == bz.Pass()


@pytest.mark.parametrize("kwargs, message", [
    ({}, "give either deals or games, not neither"),
    ({"deals": 2, "games": 2}, "give either deals or games, not both"),
    ({"deals": 0}, "deals must be at least 1, not 0"),
    ({"deals": -1}, "deals must be at least 1, not -1"),
    ({"games": -3}, "games must be at least 1, not -3"),
    ({"deals": 2, "workers": 0}, "workers must be at least 1, not 0"),
    ({"deals": 2, "workers": -2}, "workers must be at least 1, not -2"),
    ({"deals": 2, "chunk_size": 0}, "chunk_size must be at least 1, not 0"),
])
def test_bad_counts_raise_a_simulation_error_naming_the_argument(
        kwargs: dict[str, object], message: str) -> None:
    """Issue 12, item 4: bad values raise a BeziqueError (also a ValueError)."""
    with pytest.raises(SimulationError, match=message) as caught:
        simulate(TWO, randoms(TWO), **kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, bz.BeziqueError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 1.5}, "games must be a whole number, not 1.5"),
    ({"deals": "3"}, "deals must be a whole number, not '3'"),
    ({"deals": True}, "deals must be a whole number, not True"),
    ({"deals": 2, "workers": 2.0}, "workers must be a whole number, not 2.0"),
    ({"deals": 2, "seed": "s"}, "seed must be a whole number, not 's'"),
    ({"deals": 2, "duplicate": "yes"}, "duplicate must be True or False, not 'yes'"),
    ({"deals": 2, "check_invariants": 1}, "check_invariants must be True or False, not 1"),
])
def test_wrong_types_raise_type_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        simulate(TWO, randoms(TWO), **kwargs)  # type: ignore[arg-type]


def test_a_variant_that_is_not_a_variant_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="variant must be a Variant, not 'two-pack'"):
        simulate("two-pack", randoms(TWO), deals=1)  # type: ignore[arg-type]


def test_bad_bots() -> None:
    with pytest.raises(SimulationError, match=r"two-pack needs 2 bots \(one per seat\), not 0"):
        simulate(TWO, [], deals=1)
    with pytest.raises(SimulationError,
                       match=r"needs 4 bots \(one per seat\) or 2 \(one per side\)"):
        simulate(bz.variants.FOUR_HANDED, [RANDOM] * 3, deals=1)
    with pytest.raises(TypeError, match="not a bot"):
        simulate(TWO, [RANDOM, object()], deals=1)  # type: ignore[list-item]


# ----------------------------------------------------------------------------- the generator


def test_decision_random_is_a_reproducible_random() -> None:
    a, b = DecisionRandom(42), DecisionRandom(42)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    assert isinstance(a, random.Random)
    assert all(0 <= a.random() < 1 for _ in range(100))
    assert a.getrandbits(0) == 0 and a.getrandbits(100) < 2**100
    items = list(range(10))
    a.shuffle(items)
    assert sorted(items) == list(range(10))
    assert a.choice("xyz") in "xyz"
    state = a.getstate()
    first = a.random()
    a.setstate(state)
    assert a.random() == first
    c = pickle.loads(pickle.dumps(a))
    assert c.random() == a.random()
    a.seed(42)
    assert a.random() == DecisionRandom(42).random()
    a.seed("text")
    a.seed(None)
    with pytest.raises(ValueError):
        a.getrandbits(-1)
