"""What :func:`bezique.simulate` plays: its arguments checked, the seating of the bots in
each rotation, and the chunks of deals (or games) sent to the workers (see
:mod:`bezique.simulation` for the rotation and the seeds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from bezique._engine.shuffle import derive_seed
from bezique.bots.base import Bot
from bezique.errors import SimulationError
from bezique.variants import Variant

__all__ = ["Job", "Seating", "count", "seating_of"]


def count(name: str, value: object, *, minimum: int = 1) -> int:
    """``value`` if it is a whole number of at least ``minimum``.

    Raises:
        TypeError: if it is not a whole number (an ``int``, not a ``bool``).
        SimulationError: if it is smaller than ``minimum``.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value < minimum:
        raise SimulationError(f"{name} must be at least {minimum}, not {value!r}")
    return value


@attrs.frozen
class Seating:
    """Who sits where for each rotation ``r`` (see the module documentation)."""

    bots: tuple[Bot, ...]
    """The bots as given."""
    owners: tuple[int, ...]
    """Per entry of the per-seat list, the index of its bot in ``bots``."""
    sides: tuple[int, ...]
    """The variant's side of each seat."""

    def seat_bots(self, r: int) -> tuple[Bot, ...]:
        n = len(self.owners)
        return tuple(self.bots[self.owners[(seat - r) % n]] for seat in range(n))

    def bot_sides(self, r: int) -> tuple[int, ...]:
        n = len(self.owners)
        out = [0] * len(self.bots)
        for k, owner in enumerate(self.owners):
            out[owner] = self.sides[(k + r) % n]
        return tuple(out)


def seating_of(variant: Variant, bots: Sequence[Bot]) -> Seating:
    """The seating of ``bots`` (one per seat, or one per side) at ``variant``'s table.

    Raises:
        TypeError: for something that is not a bot.
        SimulationError: for a wrong number of bots, or bots per side where the
            partnerships do not survive the rotation.
    """
    players, sides = variant.players, variant.deal.sides
    bots = tuple(bots)
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"{bot!r} is not a bot: it has no choose(observation, rng) method")
    seatings = variant.deal.seatings()  # one bot per seat, or one per side (R6.1)
    owners = dict(seatings).get(len(bots))
    if owners is None:
        needs = " or ".join(f"{n}{way}" for (n, _), way in zip(
            seatings, (" bots (one per seat)", " (one per side)"), strict=False))
        raise SimulationError(f"{variant.name} needs {needs}, not {len(bots)}")
    for r in range(players):
        for j in set(owners):
            if len({sides[(k + r) % players] for k in range(players) if owners[k] == j}) > 1:
                raise SimulationError(f"{variant.name}: its partnerships do not survive "
                                      "the seat rotation; give one bot per seat")
    return Seating(bots, owners, tuple(sides))


@attrs.frozen
class Job:
    """A chunk of consecutive deals (or games) for one worker."""

    variant: Variant
    seating: Seating
    mode: Literal["deals", "games"]
    seed: int
    start: int
    stop: int
    check: bool
    duplicate: bool

    def board(self, i: int) -> tuple[int, int]:
        """Deal (or game) ``i``'s board number and its shuffle's seed: ``i`` itself, or in
        duplicate play ``i // n`` (see the module documentation)."""
        b = i // self.variant.players if self.duplicate else i
        return b, derive_seed(self.seed, b)
