"""Shared hypothesis strategies for the property tests.

Everything a property test needs to reach game positions: seeds, variants (the presets
of :data:`bezique.variants.ALL` and the two-pack game under every combination of its
house-rule options), and random-play paths through a deal or a game. Random play
chooses uniformly among :func:`bezique.legal_actions` with a ``random.Random`` seeded
from the drawn ``path_seed``, so a failing example is reproduced by its three numbers
(variant, seed, path seed) alone; hypothesis shrinks each of them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
from hypothesis import strategies as st

import bezique as bz

__all__ = [
    "FOUR_HANDED_OPTIONS",
    "FOUR_HANDED_VARIANTS",
    "OPTION_VALUES",
    "OPTION_VARIANTS",
    "STATE_KINDS",
    "VARIANTS",
    "DealPath",
    "GamePath",
    "Positions",
    "deal_paths",
    "deal_positions",
    "describe",
    "game_paths",
    "play_deal",
    "reachable_states",
    "seeded_lines",
    "seeds",
    "variants",
]

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "brisque_timing": ("immediate", "end_of_deal"),
    "last_trick": ("final", "end_of_stock"),
    "require_fresh_card": (False, True),
    "reform_broken": (False, True),
    "seven_counts_as_meld": (True, False),
    "meld_classes": ("three", "four"),
    "seven_declare": ("after_trick", "any_time"),
    "played_seven_scores": (True, False),
}
"""The house-rule options of RULES.md sections 2-4 and 13 and their values (default
first)."""

FOUR_HANDED_OPTIONS: tuple[dict[str, Any], ...] = (
    {"partner_seven": False},
    {"second_duel_leader": "partner_of_first_follower"},
    {"seven_declare": "any_time", "meld_classes": "four", "played_seven_scores": True},
    {"partner_seven": False, "partner_declare": "winner_only"},
)
"""Four-handed house rules: the partnership options of RULES.md section 13 (R13.4, R13.5)
and the others in partnership play."""


def _option_variants() -> tuple[bz.Variant, ...]:
    names = tuple(OPTION_VALUES)
    out = []
    for values in itertools.product(*OPTION_VALUES.values()):
        options = dict(zip(names, values, strict=True))
        out.append(bz.variants.TWO_PACK.with_options(**options))
    return tuple(out)


OPTION_VARIANTS: tuple[bz.Variant, ...] = _option_variants()
"""``TWO_PACK.with_options(...)`` for every combination of :data:`OPTION_VALUES`.

Built once, so each variant's precomputed rules are built once per test session.
The first is the default two-pack game.
"""

FOUR_HANDED_VARIANTS: tuple[bz.Variant, ...] = tuple(
    bz.variants.FOUR_HANDED.with_options(**options) for options in FOUR_HANDED_OPTIONS)
"""``FOUR_HANDED.with_options(...)`` for each of :data:`FOUR_HANDED_OPTIONS`."""

VARIANTS: tuple[bz.Variant, ...] = (*bz.variants.ALL, *OPTION_VARIANTS[1:],
                                    *FOUR_HANDED_VARIANTS)
"""Every variant the property tests play: the presets, then the two-pack and the
four-handed house rules."""


def variants() -> st.SearchStrategy[bz.Variant]:
    """A variant of :data:`VARIANTS`: half the time a preset, half the time a house rule
    (shrinks towards the first preset)."""
    return st.one_of(st.sampled_from(bz.variants.ALL),
                     st.sampled_from((*OPTION_VARIANTS[1:], *FOUR_HANDED_VARIANTS)))


def seeds() -> st.SearchStrategy[int]:
    """A deal or game seed: mostly small (easy to read), sometimes any 64-bit value."""
    return st.one_of(st.integers(min_value=0, max_value=10_000),
                     st.integers(min_value=0, max_value=2**64 - 1))


def describe(variant: bz.Variant) -> str:
    """The variant's name and its options that differ from the preset of that name."""
    try:
        preset = bz.variants.get(variant.name)
    except bz.VariantError:
        return repr(variant)
    base = preset.options()
    changed = {k: v for k, v in variant.options().items() if base.get(k) != v}
    if not changed:
        return variant.name
    text = ", ".join(f"{k}={getattr(v, 'value', v)!r}" for k, v in sorted(changed.items()))
    return f"{variant.name}.with_options({text})"


def play_deal(state: bz.State, rng: random.Random, max_actions: int | None = None
              ) -> Iterator[tuple[bz.State, bz.Action, bz.State]]:
    """Play on from ``state`` with uniformly random legal actions.

    Yields ``(before, action, after)`` for every action, until the deal is over or
    ``max_actions`` actions have been taken.
    """
    taken = 0
    while not state.is_over and (max_actions is None or taken < max_actions):
        action = rng.choice(bz.legal_actions(state))
        after = bz.apply(state, action)
        yield state, action, after
        state = after
        taken += 1


def seeded_lines() -> list[list[object]]:
    """For each variant of :data:`VARIANTS`, a random line from seed ``1000 + i``: the
    actions in notation and the final scores (compared across processes)."""
    out: list[list[object]] = []
    for i, variant in enumerate(VARIANTS):
        seed = 1000 + i
        steps = list(play_deal(bz.new_deal(variant, seed=seed), random.Random(seed)))
        out.append([[str(action) for _, action, _ in steps], list(steps[-1][2].scores)])
    return out


@attrs.frozen(repr=False)
class DealPath:
    """A random deal: the variant, the deal seed, the seed of the random player."""

    variant: bz.Variant
    seed: int
    path_seed: int
    dealer: int = 0

    def __repr__(self) -> str:
        return (f"DealPath({describe(self.variant)}, seed={self.seed}, "
                f"path_seed={self.path_seed}, dealer={self.dealer})")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def start(self) -> bz.State:
        """The dealt position."""
        return bz.new_deal(self.variant, seed=self.seed, dealer=self.dealer)

    def steps(self, max_actions: int | None = None
              ) -> Iterator[tuple[bz.State, bz.Action, bz.State]]:
        """``(before, action, after)`` for every action of the random play."""
        return play_deal(self.start(), random.Random(self.path_seed), max_actions)

    def actions(self) -> list[bz.Action]:
        """The whole action sequence of the random play (for reports)."""
        return [action for _, action, _ in self.steps()]


@st.composite
def deal_paths(draw: st.DrawFn, variant: st.SearchStrategy[bz.Variant] | None = None
               ) -> DealPath:
    """A :class:`DealPath` over ``variant`` (default: :func:`variants`) with any dealer."""
    v = draw(variant if variant is not None else variants())
    dealer = draw(st.integers(min_value=0, max_value=v.players - 1))
    return DealPath(v, draw(seeds()), draw(seeds()), dealer)


STATE_KINDS: dict[str, Callable[[bz.State], bool]] = {
    "any": lambda state: True,
    "window": lambda state: (state.stage is bz.Stage.DECLARE
                             and len(bz.legal_actions(state)) > 1),
    "follow": lambda state: state.phase == 2 and bool(state.trick),
    "table": lambda state: not state.is_over and bool(state.tables[state.to_move]),
    "over": lambda state: state.is_over,
}
"""Kinds of positions :func:`reachable_states` aims at: any, an open declaration window
with something to declare, a phase-2 follower, a player with table cards, the end."""


@st.composite
def reachable_states(draw: st.DrawFn, variant: st.SearchStrategy[bz.Variant] | None = None,
                     kinds: tuple[str, ...] = tuple(STATE_KINDS)) -> bz.State:
    """A state reached by random play.

    A random deal is played to its end; a kind of position is drawn from ``kinds`` (see
    :data:`STATE_KINDS`) and one of the deal's states of that kind is chosen (any state
    when the deal has none of that kind).
    """
    path = draw(deal_paths(variant))
    states = [path.start()] + [after for _, _, after in path.steps()]
    kind = draw(st.sampled_from(kinds))
    wanted = [state for state in states if STATE_KINDS[kind](state)] or states
    return wanted[draw(st.integers(min_value=0, max_value=len(wanted) - 1))]


@attrs.frozen(repr=False)
class Positions:
    """Some states of one random deal, each named by the number of actions before it."""

    path: DealPath
    cuts: tuple[int, ...]
    states: tuple[bz.State, ...] = attrs.field(eq=False)

    def __repr__(self) -> str:
        return f"Positions({self.path!r}, after actions {list(self.cuts)})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


@st.composite
def deal_positions(draw: st.DrawFn, variant: st.SearchStrategy[bz.Variant] | None = None
                   ) -> Positions:
    """Several states of one random deal: one of each kind of :data:`STATE_KINDS` the
    deal has, chosen at random among the states of that kind."""
    path = draw(deal_paths(variant))
    states = [path.start()] + [after for _, _, after in path.steps()]
    cuts = []
    for test in STATE_KINDS.values():
        wanted = [i for i, state in enumerate(states) if test(state)]
        if wanted:
            cuts.append(wanted[draw(st.integers(min_value=0, max_value=len(wanted) - 1))])
    return Positions(path, tuple(cuts), tuple(states[i] for i in cuts))


@attrs.frozen(repr=False)
class GamePath:
    """A random game: the variant (with its target), the game seed, the player's seed."""

    variant: bz.Variant
    seed: int
    path_seed: int

    def __repr__(self) -> str:
        return (f"GamePath({describe(self.variant)}, seed={self.seed}, "
                f"path_seed={self.path_seed})")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def start(self) -> bz.Game:
        """The new game."""
        return bz.new_game(self.variant, seed=self.seed)

    def steps(self) -> Iterator[tuple[bz.Game, bz.Action, bz.Game]]:
        """``(before, action, after)`` for every action until the game is over."""
        game = self.start()
        rng = random.Random(self.path_seed)
        while not game.is_over:
            action = rng.choice(bz.legal_actions(game))
            after = bz.apply(game, action)
            yield game, action, after
            game = after


@st.composite
def game_paths(draw: st.DrawFn, target: int = 300) -> GamePath:
    """A :class:`GamePath` for a variant of :func:`variants` played to ``target`` (where
    the variant has a target: in Rubicon and Chinese each deal is a game)."""
    v = draw(variants())
    if "target" in v.options():
        v = v.with_options(target=target)
    return GamePath(v, draw(seeds()), draw(seeds()))
