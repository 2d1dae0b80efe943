"""A PettingZoo AEC environment for every variant (needs ``pip install 'bezique[rl]'``).

The environment follows PettingZoo's classic card games: agents ``player_0`` ...
``player_{n-1}`` (one per hand, 2, 3 or 4), a :class:`gymnasium.spaces.Discrete` action
space of the variant's action ids (:class:`bezique.encoding.ActionEncoder`), and as
observation a dict ``{"observation": float32 array, "action_mask": int8 array}``: the
tensor of :func:`bezique.encoding.observation_tensor` (the agent's own view only) and
the mask of the legal ids, all zeros when it is not the agent's turn.

A deal is an episode. Rewards come at its end only: +1 for each player of the winning
side, -1 for every other player, 0 for all on a tie (:func:`bezique.encoding.deal_returns`).
``reset(seed=n)`` deals ``bezique.new_deal(variant, seed=n)``; a reset without a seed deals
the next seed of a generator seeded by the last seed given. ``options={"dealer": d}`` sets
the dealer (other keys are ignored, as PettingZoo's classic environments ignore options).

>>> from bezique.adapters.pettingzoo import env
>>> e = env(variant="two-pack")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()), e.agent_selection
((587,), 7, 'player_1')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from bezique import variants
from bezique.adapters._arrays import TensorArrays, mask_array
from bezique.adapters._text import describe_state
from bezique.encoding import (
    ActionEncoder,
    deal_returns,
    observation_bounds,
    observation_size,
)
from bezique.engine import apply, new_deal
from bezique.state import State
from bezique.variants import Variant

__all__ = ["env", "raw_env"]

Obs: TypeAlias = dict[str, np.ndarray[Any, Any]]


def env(variant: str | Variant = "two-pack", render_mode: str | None = None,
        **options: Any) -> Any:
    """The environment of ``variant`` (a name, alias or :class:`~bezique.Variant`), with
    PettingZoo's usual wrappers: an illegal action ends the deal with -1 for its player
    (``TerminateIllegalWrapper``), out-of-range actions are refused, and the order of
    calls is enforced. ``options`` are variant options (``brisque_timing=...``)."""
    illegal = _TerminateIllegal(raw_env(variant, render_mode, **options), illegal_reward=-1)
    return _OrderEnforcing(_AssertOutOfBounds(illegal), illegal)


# PettingZoo's wrappers reach the raw environment's attributes through a chain of
# ``__getattr__`` calls (three per attribute here) and check bounds with gymnasium's
# ``Discrete.contains``; together that costs several times a bare ``apply`` per step.
# Each subclass below answers the common case of its ``step`` from the raw environment
# directly and leaves every other case to PettingZoo's own code, so behaviour is PettingZoo's.
# The outermost one takes a common step through the other two in one go: the bounds
# wrapper's test, then the illegal-move wrapper's (``_TerminateIllegal.step_legal``); a
# step either refuses goes down the chain as before.

class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order check; a step after ``reset`` with agents left goes straight in
    when it is in range and legal, and ``last()`` reads the raw environment directly."""

    def __init__(self, env: Any, illegal: _TerminateIllegal) -> None:
        super().__init__(env)
        raw: raw_env = env.unwrapped
        # one attribute: a wrapper's class defines ``__getattr__``, so every read of a
        # wrapper's attribute takes the interpreter's slow path
        self._chain: tuple[raw_env, int, Callable[[str], Any], Callable[[int], bool]] = (
            raw, raw.encoder.size, illegal.observe, illegal.step_legal)

    def step(self, action: int | None) -> None:
        raw, size, _, step_legal = self._chain
        if self._has_reset and raw.agents:
            self._has_updated = True
            if not (type(action) is int and 0 <= action < size and step_legal(action)):
                self.env.step(action)  # the wrappers' own checks and messages
        else:
            super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As :meth:`pettingzoo.AECEnv.last`, reading the raw environment directly."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # PettingZoo's error
        raw, _, seen_by, _ = self._chain
        agent = raw.agent_selection
        seen = seen_by(agent) if observe else None
        return (seen, raw._cumulative_rewards[agent], raw.terminations[agent],
                raw.truncations[agent], raw.infos[agent])

    def __str__(self) -> str:
        return str(self.env)


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's bounds check; a plain ``int`` id in range needs no gymnasium call."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._size: int = env.unwrapped.encoder.size

    def step(self, action: int | None) -> None:
        if type(action) is int and 0 <= action < self._size:
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper; a legal step goes straight in, checked against the mask of the
    observation ``last()`` gave, or without one against the encoder's legal ids (instead of
    building a whole observation to read its mask)."""

    _prev_obs: Any
    _prev_info: Any

    def __init__(self, env: Any, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._raw: raw_env = env.unwrapped

    def step(self, action: int | None) -> None:
        if not self.step_legal(action):
            raw = self._raw
            if self._prev_obs is None:
                self._prev_obs = {"action_mask": raw.encoder.mask(raw.deal)}
            super().step(action)

    def step_legal(self, action: Any) -> bool:
        """Take ``action`` as PettingZoo's step takes a legal action (true), or, if it is
        not legal or the agent to move is done, do nothing (false)."""
        raw = self._raw
        agent = raw.agent_selection
        if self._terminated or raw.terminations[agent] or raw.truncations[agent]:
            return False
        seen = self._prev_obs  # the mover's observation if ``last()`` came first
        if not (action in raw.encoder.legal_ids(raw.deal) if seen is None
                else seen["action_mask"][action]):
            return False
        self._prev_obs = self._prev_info = None
        raw.step(action)
        return True

    def observe(self, agent: str) -> Any:
        """As PettingZoo's wrapper: the observation, kept when ``agent`` is to move."""
        raw = self._raw
        seen = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = seen
            self._prev_info = raw.infos.get(agent, {})
        return seen


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name; it has no type hints
    """The unwrapped environment (see the module documentation).

    Args:
        variant: A variant, or its name or alias.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the deal as text).
        options: Variant options, as :meth:`bezique.Variant.with_options` takes them.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "bezique_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, variant: str | Variant = "two-pack", render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        chosen = variant if isinstance(variant, Variant) else variants.get(variant)
        if options:
            chosen = chosen.with_options(**options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.variant: Variant = chosen
        """The rules."""
        self.render_mode: str | None = render_mode
        self.encoder: ActionEncoder = ActionEncoder(chosen)
        """The action ids."""
        players = chosen.deal.players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = self.possible_agents[:]
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(chosen)
        size = self.encoder.size
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=np.array(low, dtype=np.float32),
                                          high=np.array(high, dtype=np.float32),
                                          shape=(observation_size(chosen),), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._tensor = TensorArrays(chosen)
        self._rng = random.Random()
        self.deal: State = new_deal(chosen, seed=0)
        """The deal being played."""
        self._reset_books()

    def __str__(self) -> str:
        return "bezique_v0"

    def _reset_books(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        to_move = self.deal.to_move
        self.agent_selection: str = self.possible_agents[to_move if to_move is not None else 0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal: ``seed`` if given, else the next seed of the generator."""
        if seed is not None:
            self._rng = random.Random(seed)
            deal_seed = seed
        else:
            deal_seed = self._rng.getrandbits(32)
        dealer = int((options or {}).get("dealer", 0))
        self.deal = new_deal(self.variant, seed=deal_seed, dealer=dealer)
        self._reset_books()

    def observe(self, agent: str) -> Obs:
        """The agent's observation tensor and action mask (zeros unless it is to move)."""
        player = self._index[agent]
        s = self.deal
        return {"observation": self._tensor(s, player),
                "action_mask": mask_array(self.encoder, s, player)}

    def step(self, action: int | None) -> None:
        """Take ``action`` (an action id) for the agent to move.

        Raises:
            IllegalActionError: if the id is not legal now (the wrapped :func:`env`
                ends the deal instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        s = apply(self.deal, self.encoder.decode(int(action), self.deal))
        self.deal = s
        if s.to_move is not None:
            self.agent_selection = self.possible_agents[s.to_move]
            return
        returns = deal_returns(s)
        self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The deal as text (``render_mode="ansi"``): hands, tables, trick, scores."""
        if self.render_mode is None:
            return None
        return describe_state(self.deal)

    def close(self) -> None:
        """Nothing to release."""
