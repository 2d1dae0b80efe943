"""The PettingZoo adapter, judged by PettingZoo's own conformance tests (every variant)."""

from __future__ import annotations

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed (pip install 'bezique[rl]')")
np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'bezique[rl]')")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import bezique as bz  # noqa: E402
from bezique.adapters.pettingzoo import env, raw_env  # noqa: E402
from bezique.encoding import (  # noqa: E402
    ActionEncoder,
    deal_returns,
    observation_size,
    observation_tensor,
)

VARIANTS = [v.name for v in bz.variants.ALL]
# api_test warns about dict observations for every environment it does not know by name
KNOWN_WARNINGS = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")


@KNOWN_WARNINGS
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    api_test(env(variant=variant), num_cycles=1000)


@KNOWN_WARNINGS
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant: str) -> None:
    seed_test(lambda: env(variant=variant), num_cycles=500)


def _play_out(e: object, seed: int) -> dict[str, float]:
    """Random legal ids until the deal ends; the rewards each agent collected."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)  # type: ignore[attr-defined]
    got: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        got[agent] = got.get(agent, 0.0) + reward
        action = None if terminated or truncated else int(
            rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)  # type: ignore[attr-defined]
    return got


@pytest.mark.parametrize("variant", ["two-pack", "four-handed", "cutthroat"])
def test_rewards_are_the_deal_returns_at_the_end(variant: str) -> None:
    e = raw_env(variant)
    rewards = _play_out(e, seed=3)
    expected = deal_returns(e.deal)
    assert rewards == {f"player_{p}": r for p, r in enumerate(expected)}
    assert e.agents == []


def test_observations_are_the_agents_own_view() -> None:
    e = raw_env("two-pack")
    e.reset(seed=5)
    state = e.deal
    mover = e.agent_selection
    other = "player_1" if mover == "player_0" else "player_0"
    mine, theirs = e.observe(mover), e.observe(other)
    assert mine["observation"].dtype == np.float32
    assert mine["observation"].shape == (observation_size(bz.variants.TWO_PACK),)
    assert mine["action_mask"].tolist() == [int(m) for m in ActionEncoder(
        bz.variants.TWO_PACK).mask(state)]
    assert theirs["action_mask"].sum() == 0
    assert e.observation_space(mover).contains(mine)


@pytest.mark.parametrize("variant", VARIANTS)
def test_observations_are_the_encodings_tensor_and_mask(variant: str) -> None:
    """``observe`` reads the tensor off the state (bezique.adapters._arrays): the numbers of
    :func:`bezique.encoding.observation_tensor` as float32, and the encoder's mask, for
    every agent at every step of a random deal."""
    e = raw_env(variant)
    encoder = e.encoder
    state = bz.new_deal(e.variant, seed=2, dealer=1)
    rng = np.random.default_rng(2)
    while True:
        e.deal = state
        for p, agent in enumerate(e.possible_agents):
            seen = bz.observe(state, p)
            got = e.observe(agent)
            assert got["observation"].dtype == np.float32
            assert np.array_equal(got["observation"],
                                  np.array(observation_tensor(seen), dtype=np.float32))
            assert got["action_mask"].dtype == np.int8
            assert got["action_mask"].tolist() == [int(m) for m in encoder.mask(seen)]
        if state.is_over:
            break
        legal = bz.legal_actions(state)
        state = bz.apply(state, legal[int(rng.integers(len(legal)))])


def test_reset_with_a_seed_deals_that_seed() -> None:
    e = raw_env("rubicon")
    e.reset(seed=9)
    assert e.deal == bz.new_deal(bz.variants.RUBICON, seed=9)
    e.reset(seed=9, options={"dealer": 1})
    assert e.deal == bz.new_deal(bz.variants.RUBICON, seed=9, dealer=1)
    e.reset()
    first = e.deal
    e.reset(seed=9)
    e.reset()
    assert e.deal == first  # the unseeded reset follows the last seed given


def test_variant_options_and_render() -> None:
    e = env(variant="two-pack", render_mode="ansi", brisque_timing="end_of_deal")
    assert e.unwrapped.variant == bz.variants.TWO_PACK.with_options(
        brisque_timing="end_of_deal")
    e.reset(seed=1)
    text = e.render()
    assert text.startswith("two-pack: trick 1") and "player 0" in text and "player 1" in text
    assert env(variant="two-pack").unwrapped.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("two-pack", render_mode="human")
    with pytest.raises(bz.VariantError):
        raw_env("no-such-game")


@pytest.mark.filterwarnings("ignore:.*illegal move")
def test_an_illegal_id_loses_the_deal_when_wrapped_and_raises_unwrapped() -> None:
    e = env(variant="two-pack")
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    mover = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[mover] == -1
    e.reset(seed=2)  # the same without last(): the encoder's mask decides
    mover = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values()) and e.rewards[mover] == -1
    e.reset(seed=2)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    e.step(legal)
    assert not any(e.terminations.values())
    raw = raw_env("two-pack")
    raw.reset(seed=2)
    with pytest.raises(bz.IllegalActionError):
        raw.step(illegal)


def _pettingzoo_wrapped(variant: str) -> object:
    """The raw environment under PettingZoo's own wrappers, as ``env`` stacks them."""
    from pettingzoo.utils import wrappers

    e = wrappers.TerminateIllegalWrapper(raw_env(variant), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(e))


def _script(e: object, seed: int) -> list[object]:
    """A mixed AEC session: ``last()`` or not, ids as ``int`` or numpy integers, now and
    then an illegal id (the deal ends), then the dead agents' ``None`` steps; what it saw."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)  # type: ignore[attr-defined]
    seen: list[object] = []
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        if rng.random() < 0.5:
            obs, reward, term, trunc, info = e.last()  # type: ignore[attr-defined]
            seen += [agent, obs["observation"].tolist(), obs["action_mask"].tolist(),
                     reward, term, trunc, info]
        mask = e.unwrapped.encoder.mask(e.unwrapped.deal)  # type: ignore[attr-defined]
        if e.terminations[agent] or e.truncations[agent]:  # type: ignore[attr-defined]
            action = None
        elif rng.random() < 0.02:
            action = mask.index(False)
        else:
            action = int(rng.choice([i for i, ok in enumerate(mask) if ok]))
            if rng.random() < 0.5:
                action = np.int64(action)
        e.step(action)  # type: ignore[attr-defined]
        seen += [dict(e.rewards), dict(e.terminations), dict(e.truncations)]  # type: ignore[attr-defined]
    return seen


@pytest.mark.filterwarnings("ignore:.*illegal move")
@pytest.mark.parametrize("variant", ["two-pack", "four-handed"])
def test_env_wrappers_behave_as_pettingzoos_own(variant: str) -> None:
    """``env`` answers common steps from the raw environment directly (for speed); every
    result must be what PettingZoo's own wrappers give."""
    for seed in range(6):
        assert _script(env(variant=variant), seed) == _script(_pettingzoo_wrapped(variant), seed)
    for e in (env(variant=variant), _pettingzoo_wrapped(variant)):
        with pytest.raises(AssertionError):
            e.step(0)  # type: ignore[attr-defined]  # before reset
        e.reset(seed=1)  # type: ignore[attr-defined]
        size = e.unwrapped.encoder.size  # type: ignore[attr-defined]
        for out_of_range in (size, -1, 1.5):
            with pytest.raises(AssertionError, match="action space"):
                e.step(out_of_range)  # type: ignore[attr-defined]
