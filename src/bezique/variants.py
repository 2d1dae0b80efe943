"""Variants: compositions of policies, the presets, and the registry.

A :class:`Variant` is a frozen value composing one policy per concern of the
rules. The presets of the Bezique family live here; :func:`get` finds one by
name or alias. A house rule is a new value, never a subclass:

>>> v = TWO_PACK.with_options(brisque_timing="end_of_deal", target=1500)
>>> v.scoring.brisque_timing.value, v.scoring.target, TWO_PACK.scoring.target
('end_of_deal', 1500, 1000)
>>> TWO_PACK.with_options(brisk=1)
Traceback (most recent call last):
...
bezique.errors.VariantError: unknown option 'brisk'; the options are: ...
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from bezique.errors import VariantError
from bezique.policies import (
    DealPolicy,
    DeckPolicy,
    LegalityPolicy,
    MeldPolicy,
    ScoringPolicy,
    TrumpPolicy,
)

__all__ = ["ALL", "TWO_PACK", "Variant", "get", "names"]

_POLICIES = ("deck", "deal", "trump", "legality", "melds", "scoring")
# Policy fields that are structure, not options of RULES.md.
_NOT_OPTIONS = frozenset({"table", "packets", "sides", "players", "hand_size", "packs",
                          "side_members", "fixing", "turn_up", "source"})


@attrs.frozen
class Variant:
    """A member of the Bezique family: a name and the policies it composes."""

    name: str
    """The variant's registry name, e.g. ``"two-pack"``."""
    deck: DeckPolicy = DeckPolicy()
    """How many packs (R1.1)."""
    deal: DealPolicy = DealPolicy()
    """Players, sides, hand size, packets, turn-up."""
    trump: TrumpPolicy = TrumpPolicy()
    """How trump is fixed; sevens; the bezique pair."""
    legality: LegalityPolicy = LegalityPolicy()
    """What may be played to a trick."""
    melds: MeldPolicy = MeldPolicy()
    """The meld table and the declaration options."""
    scoring: ScoringPolicy = ScoringPolicy()
    """Brisques, last trick, target, settlement."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`get` accepts."""
    title: str = ""
    """A human-readable title."""
    compiled: Any = attrs.field(default=None, init=False, eq=False, repr=False)
    """Internal: the engine's precomputed tables for this variant (built on first use)."""

    @property
    def players(self) -> int:
        """Number of players."""
        return self.deal.players

    @property
    def packs(self) -> int:
        """Number of 32-card packs."""
        return self.deck.packs

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return self.deal.hand_size

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each player."""
        return self.deal.sides

    def options(self) -> dict[str, Any]:
        """Every option of this variant with its current value.

        >>> TWO_PACK.options()["last_trick"].value
        'final'
        """
        out: dict[str, Any] = {}
        for policy_name in _POLICIES:
            policy = getattr(self, policy_name)
            for field in attrs.fields(type(policy)):
                if field.name not in _NOT_OPTIONS:
                    out[field.name] = getattr(policy, field.name)
        return out

    def with_options(self, **options: Any) -> Variant:
        """A copy of this variant with the named options changed.

        Every option is a field of one of the policies; enum options accept
        the enum member or its value as a string.

        Raises:
            VariantError: for an unknown option name or a bad value.
        """
        changes: dict[str, dict[str, Any]] = {}
        known = self.options()
        for name, value in options.items():
            if name not in known:
                raise VariantError(
                    f"unknown option {name!r}; the options are: {', '.join(sorted(known))}")
            policy_name = self._policy_of(name)
            changes.setdefault(policy_name, {})[name] = _convert(name, known[name], value)
        updated: dict[str, Any] = {}
        for policy_name, fields in changes.items():
            try:
                updated[policy_name] = attrs.evolve(getattr(self, policy_name), **fields)
            except (TypeError, ValueError) as exc:
                raise VariantError(f"bad option value: {exc}") from None
        return attrs.evolve(self, **updated)

    def _policy_of(self, option: str) -> str:
        for policy_name in _POLICIES:
            if option in attrs.fields_dict(type(getattr(self, policy_name))):
                return policy_name
        raise VariantError(f"unknown option {option!r}")  # pragma: no cover - guarded by caller


def _convert(name: str, current: Any, value: Any) -> Any:
    """Check and convert an option value to the type of its current value."""
    if isinstance(current, enum.Enum):
        enum_type = type(current)
        if isinstance(value, enum_type):
            return value
        try:
            return enum_type(str(value).strip().lower())
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in enum_type)
            raise VariantError(
                f"bad value {value!r} for option {name!r}; use one of {allowed}") from None
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
        raise VariantError(f"bad value {value!r} for option {name!r}; use True or False")
    if isinstance(current, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise VariantError(f"bad value {value!r} for option {name!r}; use a whole number >= 0")
    return value  # pragma: no cover - every option is an enum, a bool or an int


TWO_PACK = Variant(
    name="two-pack",
    aliases=("two_pack", "twopack", "bezique", "classic", "standard"),
    title="Two-pack Bezique",
)
"""Two-pack Bezique for two players: the base game (RULES.md sections 2-4).

Options (with defaults): ``brisque_timing = immediate | end_of_deal``,
``last_trick = final | end_of_stock``, ``target = 1000``, ``rubicon = 500``,
``require_fresh_card = False``, ``reform_broken = False``,
``seven_counts_as_meld = True``.
"""

ALL: tuple[Variant, ...] = (TWO_PACK,)
"""Every preset variant."""


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def names() -> tuple[str, ...]:
    """The names of the preset variants."""
    return tuple(variant.name for variant in ALL)


def get(name: str) -> Variant:
    """The preset variant called ``name`` (or one of its aliases).

    >>> get("two_pack") is TWO_PACK
    True
    >>> get("skat")
    Traceback (most recent call last):
    ...
    bezique.errors.VariantError: unknown variant 'skat'; the variants are: two-pack

    Raises:
        VariantError: listing the valid names.
    """
    if isinstance(name, str):
        key = _key(name)
        for variant in ALL:
            if key == _key(variant.name) or key in (_key(alias) for alias in variant.aliases):
                return variant
    raise VariantError(f"unknown variant {name!r}; the variants are: {', '.join(names())}")
