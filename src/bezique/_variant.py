"""The :class:`Variant` composition and its options (internal; import it from :mod:`bezique`
or :mod:`bezique.variants`, where the presets and the registry live).

A variant composes one policy per concern of the rules (:mod:`bezique.policies`); its
options are the policies' fields, changed with :meth:`Variant.with_options`.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from bezique.errors import VariantError
from bezique.melds import MeldKind
from bezique.policies import (
    DealPolicy,
    DeckPolicy,
    LegalityPolicy,
    MeldPolicy,
    Phase2,
    ScoringPolicy,
    TrumpFixing,
    TrumpPolicy,
)

__all__ = ["STRUCTURE", "Variant"]

_POLICIES = ("deck", "deal", "trump", "legality", "melds", "scoring")
# Policy fields that are structure, not options of the rules.
_NOT_OPTIONS = frozenset({"table", "packets", "sides", "players", "hand_size", "packs",
                          "side_members", "fixing", "turn_up", "source", "settlement"})
STRUCTURE = _NOT_OPTIONS
"""The policy fields that make a variant's structure (packs, players, hand size, sides,
packets, turn-up, how trump is fixed, where melds come from, the meld table, settlement):
not options, so a preset with house rules keeps its preset's."""


_ALL_OPTIONS = frozenset(
    field.name for policy in (DeckPolicy, DealPolicy, TrumpPolicy, LegalityPolicy, MeldPolicy,
                              ScoringPolicy) for field in attrs.fields(policy)) - _NOT_OPTIONS


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

    def __getstate__(self) -> dict[str, Any]:
        """The variant's value, for :mod:`pickle` and :mod:`copy`: its fields except
        ``compiled``, the engine's tables, which hold functions (they do not pickle)
        and are built again on first use."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(Variant) if f.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The variant of :meth:`__getstate__`'s fields, its tables not built yet."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "compiled", None)

    def __attrs_post_init__(self) -> None:
        deal = self.deal
        stock = self.deck.size - deal.players * deal.hand_size
        if stock < deal.players:
            raise VariantError(f"{self.name}: {deal.players} hands of {deal.hand_size} leave "
                               f"{max(stock, 0)} of the {self.deck.size} cards of "
                               f"{self.deck.packs} packs for the stock; it needs one card a "
                               "player at least (R2.3)")
        if stock % deal.players:
            raise VariantError(f"{self.name}: the stock of {stock} cards (turn-up included) "
                               f"does not divide among {deal.players} players")

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

    @property
    def is_partnership(self) -> bool:
        """Whether some players share a side (R6.1, R6.10)."""
        return self.deal.is_partnership

    @property
    def settles_each_deal(self) -> bool:
        """Whether each deal is a game, settled by itself (R8.5, R9.3, R11.7)."""
        return self.scoring.settles_each_deal

    def options(self) -> dict[str, Any]:
        """Every option that applies to this variant, with its current value.

        >>> from bezique.variants import TWO_PACK
        >>> TWO_PACK.options()["last_trick"].value
        'final'
        >>> "phase2" in TWO_PACK.options()
        False
        """
        out: dict[str, Any] = {}
        for policy_name in _POLICIES:
            policy = getattr(self, policy_name)
            for field in attrs.fields(type(policy)):
                if field.name not in _NOT_OPTIONS and self.why_not(field.name) is None:
                    out[field.name] = getattr(policy, field.name)
        return out

    def why_not(self, option: str) -> str | None:
        """Why ``option`` makes no sense in this variant, or ``None`` if it applies.

        The answer comes from the composition, not from the variant's name: an
        option about partners needs partners, one about sevens needs scoring
        sevens, and so on.
        """
        deal, trump, melds, scoring = self.deal, self.trump, self.melds, self.scoring
        kinds = {kind for kind, _ in melds.table}
        partners = deal.is_partnership
        per_deal = scoring.settles_each_deal
        sevens = trump.sevens_score and MeldKind.TRUMP_SEVEN in kinds
        duels = deal.is_four_handed and self.legality.phase2 is Phase2.DUELS
        checks = {
            "partner_declare": (partners, "it has no partnerships"),
            "partner_combined_beziques": (partners, "it has no partnerships"),
            "phase2": (deal.is_four_handed, "phase 2 duels need four players"),
            "sequence_fixes_trump": (trump.fixing is TrumpFixing.FIRST_MARRIAGE,
                                     "a turn-up fixes trump"),
            "seven_counts_as_meld": (sevens, "the seven of trumps scores nothing"),
            "seven_points": (sevens, "the seven of trumps scores nothing"),
            "played_seven_scores": (sevens, "the seven of trumps scores nothing"),
            "seven_declare": (sevens, "the seven of trumps scores nothing"),
            "partner_seven": (partners and sevens and not melds.seven_counts_as_meld,
                              "it has no partnerships" if not partners else
                              "the seven of trumps scores nothing" if not sevens else
                              "with seven_counts_as_meld the seven action is the side's one "
                              "declaration (R4.3, R13.4)"),
            "second_duel_leader": (duels, "phase 2 is not played as two duels (R13.5)"),
            "meld_classes": (melds.card_source.reuses_cards,
                             "won cards serve in one combination only (R11.5)"),
            "turn_up_seven_points": (sevens and deal.turn_up,
                                     "no seven of trumps is turned up"),
            "carte_blanche_repeats": (MeldKind.CARTE_BLANCHE in kinds, "it has no carte blanche"),
            "require_fresh_card": (melds.card_source.reuses_cards,
                                   "won cards are never reused (R11.5)"),
            "reform_broken": (melds.card_source.reuses_cards, "won cards are never reused (R11.5)"),
            "target": (not per_deal, "each deal is a game"),
            "game_bonus": (per_deal, "deals add up to a target"),
            "rubicon_bonus": (per_deal, "deals add up to a target"),
            "brisque_timing": (not per_deal and scoring.brisque_points > 0,
                               "brisques count only in the settlement"),
            "dealer_guess": (per_deal and deal.players == 2 and self.deck.is_multi_pack_game,
                             "the dealer's guess belongs to Chinese Bezique and its "
                             "eight-pack extension (R9.4)"),
        }
        ok, reason = checks.get(option, (True, ""))
        return None if ok else f"option {option!r} does not apply to {self.name}: {reason}"

    def with_options(self, **options: Any) -> Variant:
        """A copy of this variant with the named options changed.

        Every option is a field of one of the policies; enum options accept
        the enum member or its value as a string. Each option named must apply to the
        resulting variant, whole (R13.6): ``phase2="duels", second_duel_leader=...``
        together is fine, ``second_duel_leader`` where phase 2 has no duels is refused,
        and so is ``sevens_score=True`` where the meld table has no seven of trumps
        (Rubicon, Chinese, eight-pack: R8.1, R9.1).

        Raises:
            VariantError: for an unknown option name, a bad value, or an option that
                cannot take effect in the variant (naming the reason).
        """
        changes: dict[str, dict[str, Any]] = {}
        for name, value in options.items():
            if name not in _ALL_OPTIONS:
                known = self.options()
                raise VariantError(
                    f"unknown option {name!r}; the options are: {', '.join(sorted(known))}")
            policy_name = self._policy_of(name)
            current = getattr(getattr(self, policy_name), name)
            changes.setdefault(policy_name, {})[name] = _convert(name, current, value)
        updated: dict[str, Any] = {}
        for policy_name, fields in changes.items():
            try:
                updated[policy_name] = attrs.evolve(getattr(self, policy_name), **fields)
            except VariantError:
                raise
            except (TypeError, ValueError) as exc:
                raise VariantError(f"bad option value: {exc}") from None
        variant = attrs.evolve(self, **updated)
        # R13.6: every option named takes effect in the result, never half
        for name in options:
            reason = variant.why_not(name)
            if reason is not None:
                raise VariantError(reason)
        if ("sevens_score" in options and variant.trump.sevens_score
                and MeldKind.TRUMP_SEVEN not in variant.melds.kinds):
            raise VariantError(
                f"option sevens_score = True cannot take effect in {self.name}: its meld table "
                f"has no seven of trumps (Rubicon, Chinese and eight-pack keep \"no count for "
                f"the seven\", R8.1, R9.1), so no seven of trumps may score (R13.6)")
        if ("announce_several" in options and variant.melds.announce_several
                and not variant.melds.card_source.one_combination_per_trick):
            raise VariantError(
                f"option announce_several = True cannot take effect in {self.name}: a won "
                f"trick already scores several combinations at once (R11.5, R13.6, R13.7)")
        return variant

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
