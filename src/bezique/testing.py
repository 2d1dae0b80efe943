"""The public conformance checker: what the rules can reach, and random play that checks it.

As pgx's ``api_test`` and OpenSpiel's ``random_sim_test`` are for their games, this
module checks any deal of any variant against one reading of the rules:

* :func:`check_state`: a state the rules can reach, or :class:`~bezique.InvariantError`
  naming the field (card conservation per pack, hand and table sizes for the stage and
  phase, who holds the declaration window, the points behind every score, carte blanche
  and the dealer's guess only where the variant has them, combinations of real table
  cards, and the legal actions against the rules);
* :func:`check_transition`: what one action did;
* :func:`check_final`: a finished deal and its result;
* :func:`check_observation` and :func:`check_game`: the same for what a player sees and
  for a series of deals;
* :func:`random_sim_test`: random deals of a variant, every state and action checked.

The same checks run in :func:`bezique.simulate` (``check_invariants=True``), in
:func:`bezique.from_json` and :meth:`bezique.Record.loads`, and in the library's tests.

>>> import bezique as bz
>>> from bezique.testing import check_state, random_sim_test
>>> state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
>>> check_state(state)
>>> check_state(state.replace(stage=bz.Stage.DECLARE))
Traceback (most recent call last):
...
bezique.errors.InvariantError: stage: a declaration window opens only after a won phase-1 ...
>>> random_sim_test(bz.variants.RUBICON, deals=1, seed=3).deals
1
"""

from __future__ import annotations

import random
import time

import attrs

from bezique._conformance.final import check_final as _check_final
from bezique._conformance.legal import check_legal_actions
from bezique._conformance.position import check_cards, check_flow, check_sizes
from bezique._conformance.shape import check_shape
from bezique._conformance.tally import check_bookkeeping
from bezique._conformance.transition import check_transition as _check_transition
from bezique._conformance.views import (
    check_game_shape,
    check_observation_shape,
    observation_state,
    observed_back,
    prefix,
)
from bezique._engine.shuffle import SEED_LIMIT
from bezique.actions import Action
from bezique.engine import apply, legal_actions, new_deal
from bezique.errors import BeziqueError, InvariantError
from bezique.game import Game
from bezique.observation import Observation
from bezique.state import State
from bezique.variants import Variant

__all__ = ["SimTestResult", "check_final", "check_game", "check_observation",
           "check_state", "check_transition", "random_sim_test"]


def check_state(state: State, *, legal: bool = True) -> None:
    """Raise :class:`~bezique.InvariantError` if the rules cannot reach ``state``.

    A dealt state (with a seed) holds the whole deck; one set up by hand
    (:func:`bezique.setup`) may hold fewer cards and smaller hands, of one size.

    Args:
        state: The state.
        legal: Also check :func:`bezique.legal_actions` against the rules (R2.5-R2.10):
            nonempty exactly while the deal runs, each action accepted by
            :func:`bezique.check_action`, the duty to follow, whole windows.

    Raises:
        InvariantError: naming the field found wrong (``exc.field``) and why.
        TypeError: if ``state`` is not a :class:`~bezique.State`.
    """
    check_shape(state)
    check_cards(state)
    check_flow(state)
    check_sizes(state)
    check_bookkeeping(state)
    if legal:
        check_legal_actions(state)


def check_transition(before: State, action: Action, after: State) -> None:
    """Raise :class:`~bezique.InvariantError` if ``action`` did not take ``before`` to
    ``after`` as the rules say (R1.3, R2.6-R2.12, R3, R4, R9.4, R11).

    Both states are assumed to pass :func:`check_state`.
    """
    _check_transition(before, action, after)


def check_final(state: State) -> None:
    """Raise :class:`~bezique.InvariantError` unless ``state`` is a finished deal whose
    :func:`bezique.deal_result` adds up and settles as the rules say (R2.11, R2.12, R8.5,
    R9.3, R11.7)."""
    _check_final(state)


def check_observation(observation: Observation) -> None:
    """Raise :class:`~bezique.InvariantError` if no reachable state gives ``observation``.

    The hidden cards are dealt out (:func:`bezique.determinize`), the state is checked
    with :func:`check_state`, and observing it again must give ``observation`` back.
    """
    check_observation_shape(observation)
    state = observation_state(observation)
    check_state(state)
    observed_back(observation, state)


def check_game(game: Game) -> None:
    """Raise :class:`~bezique.InvariantError` if ``game`` is not a reachable game: its
    current deal (fields named ``current.<field>``), dealers, seeds and totals."""
    check_game_shape(game)
    try:
        check_state(game.current)
    except InvariantError as exc:
        raise prefix(exc, "current") from None


@attrs.frozen
class SimTestResult:
    """What :func:`random_sim_test` checked."""

    deals: int
    """Deals played to the end."""
    actions: int
    """Actions taken, each checked with :func:`check_transition` and :func:`check_state`."""
    seconds: float
    """Wall-clock time taken."""


def random_sim_test(variant: Variant, *, deals: int, seed: int,
                    max_actions: int | None = None, every: int = 1) -> SimTestResult:
    """Play ``deals`` random deals of ``variant``, checking every state and action.

    Deal ``i`` is dealt with seed ``(seed + i) % 2**64`` by player ``i % players``; each
    action is drawn uniformly from :func:`bezique.legal_actions` by a generator seeded
    with ``seed``, so a run is reproducible.

    Args:
        variant: The rules.
        deals: How many deals to play.
        seed: The first deal's seed and the seed of the action choices.
        max_actions: Stop after the deal in which this many actions were taken.
        every: Check the state and the transition (:func:`check_state`,
            :func:`check_transition`) at every ``every``-th action only, and each deal's
            start and end: a cheaper run for a suite's time budget.

    Raises:
        InvariantError: at the first violation, naming the deal and the action.
    """
    for name, value in (("deals", deals), ("every", every)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if deals < 0 or every < 1:
        raise BeziqueError(f"deals must be >= 0 and every >= 1, not {deals} and {every}")
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = played = 0
    for i in range(deals):
        if max_actions is not None and actions >= max_actions:
            break
        deal_seed = (seed + i) % SEED_LIMIT
        state = new_deal(variant, seed=deal_seed, dealer=i % variant.players)
        try:
            actions += _play_checked(state, rng, every)
        except InvariantError as exc:
            raise InvariantError(f"{exc.reason} ({variant.name}, deal seed {deal_seed})",
                                 exc.field) from exc
        played += 1
    return SimTestResult(played, actions, time.perf_counter() - start)


def _play_checked(state: State, rng: random.Random, every: int) -> int:
    check_state(state)
    n = 0
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        after = apply(state, action)
        n += 1
        try:
            if n % every == 0 or after.is_over:
                check_transition(state, action, after)
                check_state(after)
        except InvariantError as exc:
            raise InvariantError(f"{exc.reason} (action {n}: {action})", exc.field) from exc
        state = after
    check_final(state)
    return n
