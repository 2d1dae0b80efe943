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
from bezique.melds import MeldKind
from bezique.policies import (
    BeziquePair,
    BrisqueTiming,
    DealPolicy,
    DeckPolicy,
    LegalityPolicy,
    MeldPolicy,
    MeldSource,
    Phase2,
    ScoringPolicy,
    Settlement,
    TrumpFixing,
    TrumpPolicy,
)
from bezique.policies.melds import (
    CHINESE_MELDS,
    EIGHT_PACK_MELDS,
    MULTI_HANDED_MELDS,
    RUBICON_MELDS,
)

__all__ = [
    "ALL",
    "CHINESE",
    "CONSULTATION",
    "CUTTHROAT",
    "EIGHT_PACK",
    "FILDINSKI",
    "FOUR_HANDED",
    "NO_PRESET_TRUMP",
    "RUBICON",
    "SHIFTING_BEZIQUE",
    "THREE_HANDED",
    "TWO_PACK",
    "Variant",
    "get",
    "names",
]

_POLICIES = ("deck", "deal", "trump", "legality", "melds", "scoring")
# Policy fields that are structure, not options of the rules.
_NOT_OPTIONS = frozenset({"table", "packets", "sides", "players", "hand_size", "packs",
                          "side_members", "fixing", "turn_up", "source", "settlement"})


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

    def __attrs_post_init__(self) -> None:
        deal = self.deal
        stock = self.deck.size - deal.players * deal.hand_size
        if stock < 0:
            raise VariantError(f"{self.name}: {deal.players} hands of {deal.hand_size} need more "
                               f"than the {self.deck.size} cards of {self.deck.packs} packs")
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

    def options(self) -> dict[str, Any]:
        """Every option that applies to this variant, with its current value.

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
        partners = len(set(deal.sides)) < deal.players
        per_deal = scoring.settlement.value == "per_deal"
        checks = {
            "partner_declare": (partners, "it has no partnerships"),
            "partner_combined_beziques": (partners, "it has no partnerships"),
            "phase2": (deal.players == 4, "phase 2 duels need four players"),
            "sequence_fixes_trump": (trump.fixing.value == "first_marriage",
                                     "a turn-up fixes trump"),
            "seven_counts_as_meld": (trump.sevens_score and MeldKind.TRUMP_SEVEN in kinds,
                                     "the seven of trumps scores nothing"),
            "seven_points": (trump.sevens_score, "the seven of trumps scores nothing"),
            "turn_up_seven_points": (trump.sevens_score and deal.turn_up,
                                     "no seven of trumps is turned up"),
            "carte_blanche_repeats": (MeldKind.CARTE_BLANCHE in kinds, "it has no carte blanche"),
            "require_fresh_card": (melds.source.value == "hand",
                                   "won cards are never reused (R11.5)"),
            "reform_broken": (melds.source.value == "hand", "won cards are never reused (R11.5)"),
            "target": (not per_deal, "each deal is a game"),
            "game_bonus": (per_deal, "deals add up to a target"),
            "rubicon_bonus": (per_deal, "deals add up to a target"),
            "brisque_timing": (not per_deal and scoring.brisque_points > 0,
                               "brisques count only in the settlement"),
            "dealer_guess": (per_deal and deal.players == 2 and self.deck.packs >= 6,
                             "the dealer's guess belongs to Chinese Bezique and its "
                             "eight-pack extension (R9.4)"),
        }
        ok, reason = checks.get(option, (True, ""))
        return None if ok else f"option {option!r} does not apply to {self.name}: {reason}"

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
                if name in _ALL_OPTIONS:
                    raise VariantError(str(self.why_not(name)))
                raise VariantError(
                    f"unknown option {name!r}; the options are: {', '.join(sorted(known))}")
            policy_name = self._policy_of(name)
            changes.setdefault(policy_name, {})[name] = _convert(name, known[name], value)
        updated: dict[str, Any] = {}
        for policy_name, fields in changes.items():
            try:
                updated[policy_name] = attrs.evolve(getattr(self, policy_name), **fields)
            except VariantError:
                raise
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
"""Two-pack Bezique for two players: the base game (rules R2-R4 of the rules pages).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``trump_when_losing = True``,
``seven_counts_as_meld = True``, ``require_fresh_card = False``, ``reform_broken = False``,
``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``, ``last_trick =
final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``, ``revoke_penalty
= remaining_brisques``.
"""

NO_PRESET_TRUMP = Variant(
    name="no-preset-trump",
    aliases=("no_preset_trump", "no-trump", "no-turn-up"),
    title="Two-pack Bezique without a preset trump",
    deal=DealPolicy(turn_up=False),
    trump=TrumpPolicy(fixing=TrumpFixing.FIRST_MARRIAGE, sevens_score=False),
    melds=MeldPolicy(table=tuple((k, p) for k, p in MeldPolicy().table
                                 if k is not MeldKind.TRUMP_SEVEN)),
)
"""No preset trump (R5.1): no turn-up; the first marriage (or sequence) declared fixes
trump and scores as royal; trump sevens score nothing.

Options (with their defaults here): ``sequence_fixes_trump = True``, ``bezique_pair =
fixed``, ``sevens_score = False``, ``trump_when_losing = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``four_tens = 0``, ``brisque_timing = immediate``,
``brisque_points = 10``, ``last_trick = final``, ``last_trick_points = 10``, ``target =
1000``, ``rubicon = 500``, ``revoke_penalty = remaining_brisques``.
"""

SHIFTING_BEZIQUE = Variant(
    name="shifting-bezique",
    aliases=("shifting_bezique", "shifting"),
    title="Two-pack Bezique with a shifting bezique",
    trump=TrumpPolicy(bezique_pair=BeziquePair.SHIFTING),
)
"""Shifting bezique (R5.2): with spades or diamonds trumps the bezique is Q♣ + J♥,
otherwise Q♠ + J♦.

Options (with their defaults here): ``bezique_pair = shifting``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``trump_when_losing = True``,
``seven_counts_as_meld = True``, ``require_fresh_card = False``, ``reform_broken = False``,
``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``, ``last_trick =
final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``, ``revoke_penalty
= remaining_brisques``.
"""

FILDINSKI = Variant(
    name="fildinski",
    aliases=("polish", "polish-bezique", "fildinsky"),
    title="Fildinski (Polish Bezique)",
    melds=MeldPolicy(source=MeldSource.WON_CARDS),
)
"""Fildinski (R5.3, R11.5): tricks are kept face up and declarations are made from the
won cards, several per trick, each with a card of the trick just won, no card in two
combinations.

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``trump_when_losing = True``,
``seven_counts_as_meld = True``, ``four_tens = 0``, ``brisque_timing = immediate``,
``brisque_points = 10``, ``last_trick = final``, ``last_trick_points = 10``, ``target =
1000``, ``rubicon = 500``, ``revoke_penalty = remaining_brisques``.
"""

_FOUR_PLAYER_MELDS = MeldPolicy(table=MULTI_HANDED_MELDS, require_fresh_card=True,
                                seven_counts_as_meld=False)

FOUR_HANDED = Variant(
    name="four-handed",
    aliases=("four_handed", "partnership", "four-hand", "bezique-zu-viert"),
    title="Four-handed partnership Bezique",
    deck=DeckPolicy(packs=4),
    deal=DealPolicy(players=4, sides=(0, 1, 0, 1)),
    legality=LegalityPolicy(phase2=Phase2.DUELS),
    melds=_FOUR_PLAYER_MELDS,
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.END_OF_DEAL, target=2000, rubicon=0),
)
"""Four-handed partnership Bezique (section 6, seed 001): two sides of two, four packs;
partners declare on each other's table cards; the seven in addition to the declaration;
phase 2 as two duels; brisques at the end; game to 2000 (no rubicon doubling: the seed
has none, ``rubicon = 0``).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``phase2 = duels``,
``trump_when_losing = True``, ``seven_counts_as_meld = False``, ``require_fresh_card =
True``, ``reform_broken = False``, ``partner_declare = either``, ``partner_combined_beziques
= True``, ``four_tens = 0``, ``brisque_timing = end_of_deal``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 2000``, ``rubicon = 0``,
``revoke_penalty = remaining_brisques``.
"""

CUTTHROAT = Variant(
    name="cutthroat",
    aliases=("cut-throat", "jeder-fuer-sich", "four-handed-cutthroat"),
    title="Four-handed cutthroat Bezique",
    deck=DeckPolicy(packs=4),
    deal=DealPolicy(players=4, sides=(0, 1, 2, 3)),
    legality=LegalityPolicy(phase2=Phase2.ALL_PLAY),
    melds=_FOUR_PLAYER_MELDS,
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.END_OF_DEAL, target=2000, rubicon=0),
)
"""Cutthroat (R6.10, R11.9): four players each for himself with four packs, melds only from
own cards, phase 2 with all four playing every trick. Options as :data:`FOUR_HANDED` without
the partner options.

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``phase2 = all_play``,
``trump_when_losing = True``, ``seven_counts_as_meld = False``, ``require_fresh_card =
True``, ``reform_broken = False``, ``four_tens = 0``, ``brisque_timing = end_of_deal``,
``brisque_points = 10``, ``last_trick = final``, ``last_trick_points = 10``, ``target =
2000``, ``rubicon = 0``, ``revoke_penalty = remaining_brisques``.
"""

CONSULTATION = Variant(
    name="consultation",
    aliases=("beratungsspiel",),
    title="Consultation Bezique (two against two)",
    deal=DealPolicy(side_members=2),
)
"""Consultation (R6.10): two sides of two sharing one hand each; otherwise exactly the
two-pack game (``side_members = 2`` records the partners for frontends).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``trump_when_losing = True``,
``seven_counts_as_meld = True``, ``require_fresh_card = False``, ``reform_broken = False``,
``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``, ``last_trick =
final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``, ``revoke_penalty
= remaining_brisques``.
"""

THREE_HANDED = Variant(
    name="three-handed",
    aliases=("three_handed", "three-hand"),
    title="Three-handed Bezique",
    deck=DeckPolicy(packs=3),
    deal=DealPolicy(players=3, sides=(0, 1, 2)),
    legality=LegalityPolicy(trump_when_losing=False),
    melds=MeldPolicy(table=MULTI_HANDED_MELDS),
    scoring=ScoringPolicy(target=2000, rubicon=0),
)
"""Three-handed Bezique (R7.1): three packs, each for himself, triple bezique 1500, game
to 2000; in phase 2 a player who can neither follow nor win need not trump.

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``trump_when_losing = False``,
``seven_counts_as_meld = True``, ``require_fresh_card = False``, ``reform_broken = False``,
``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``, ``last_trick =
final``, ``last_trick_points = 10``, ``target = 2000``, ``rubicon = 0``, ``revoke_penalty =
remaining_brisques``.
"""

_MULTI_PACK_TRUMP = TrumpPolicy(fixing=TrumpFixing.FIRST_MARRIAGE, sevens_score=False)

RUBICON = Variant(
    name="rubicon",
    aliases=("japanese", "rubicon-bezique", "four-pack"),
    title="Rubicon Bezique",
    deck=DeckPolicy(packs=4),
    deal=DealPolicy(hand_size=9, packets=(3, 3, 3), turn_up=False),
    trump=_MULTI_PACK_TRUMP,
    melds=MeldPolicy(table=RUBICON_MELDS, reform_broken=True),
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.SETTLEMENT, last_trick_points=50,
                          settlement=Settlement.PER_DEAL, rubicon=1000, game_bonus=500,
                          rubicon_bonus=1300),
)
"""Rubicon Bezique (section 8): four packs, 9 cards, trump by the first marriage or
sequence, back door, triple and quadruple bezique, carte blanche, re-formed combinations,
last trick 50, brisques only to break a tie or escape the rubicon, each deal a game.

Options (with their defaults here): ``sequence_fixes_trump = True``, ``bezique_pair =
fixed``, ``sevens_score = False``, ``trump_when_losing = True``, ``require_fresh_card =
False``, ``reform_broken = True``, ``carte_blanche_repeats = True``, ``four_tens = 0``,
``brisque_points = 10``, ``last_trick = final``, ``last_trick_points = 50``, ``rubicon =
1000``, ``game_bonus = 500``, ``rubicon_bonus = 1300``, ``revoke_penalty =
remaining_brisques``.
"""

CHINESE = Variant(
    name="chinese",
    aliases=("six-pack", "six_pack", "chinese-bezique"),
    title="Chinese (six-pack) Bezique",
    deck=DeckPolicy(packs=6),
    deal=DealPolicy(hand_size=12, packets=(1,) * 12, turn_up=False),
    trump=_MULTI_PACK_TRUMP,
    melds=MeldPolicy(table=CHINESE_MELDS, reform_broken=True),
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.SETTLEMENT, brisque_points=0,
                          last_trick_points=250, settlement=Settlement.PER_DEAL, rubicon=3000,
                          game_bonus=1000, rubicon_bonus=1500),
)
"""Chinese Bezique (section 9): six packs, 12 cards dealt singly, trump by the first
marriage or sequence, trump quartets, carte blanche 250, last trick 250, no brisques,
game bonus 1000, rubicon 3000. Options as :data:`RUBICON`.

Options (with their defaults here): ``dealer_guess = False``, ``sequence_fixes_trump =
True``, ``bezique_pair = fixed``, ``sevens_score = False``, ``trump_when_losing = True``,
``require_fresh_card = False``, ``reform_broken = True``, ``carte_blanche_repeats = True``,
``four_tens = 0``, ``brisque_points = 0``, ``last_trick = final``, ``last_trick_points =
250``, ``rubicon = 3000``, ``game_bonus = 1000``, ``rubicon_bonus = 1500``, ``revoke_penalty
= remaining_brisques``.
"""

EIGHT_PACK = Variant(
    name="eight-pack",
    aliases=("eight_pack", "eight-pack-bezique"),
    title="Eight-pack Bezique",
    deck=DeckPolicy(packs=8),
    deal=DealPolicy(hand_size=15, packets=(1,) * 15, turn_up=False),
    trump=_MULTI_PACK_TRUMP,
    melds=MeldPolicy(table=EIGHT_PACK_MELDS, reform_broken=True),
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.SETTLEMENT, brisque_points=0,
                          last_trick_points=250, settlement=Settlement.PER_DEAL, rubicon=5000,
                          game_bonus=1000, rubicon_bonus=1500),
)
"""Eight-pack Bezique (R9.5): eight packs, 15 cards, no carte blanche, quintuple bezique
9000, five-trump melds, last trick 250, game bonus 1000, rubicon 5000.

Options (with their defaults here): ``dealer_guess = False``, ``sequence_fixes_trump =
True``, ``bezique_pair = fixed``, ``sevens_score = False``, ``trump_when_losing = True``,
``require_fresh_card = False``, ``reform_broken = True``, ``four_tens = 0``,
``brisque_points = 0``, ``last_trick = final``, ``last_trick_points = 250``, ``rubicon =
5000``, ``game_bonus = 1000``, ``rubicon_bonus = 1500``, ``revoke_penalty =
remaining_brisques``.
"""

ALL: tuple[Variant, ...] = (TWO_PACK, NO_PRESET_TRUMP, SHIFTING_BEZIQUE, FILDINSKI,
                            FOUR_HANDED, CUTTHROAT, CONSULTATION, THREE_HANDED, RUBICON,
                            CHINESE, EIGHT_PACK)
"""Every preset variant."""

_ALL_OPTIONS = frozenset(
    field.name for policy in (DeckPolicy, DealPolicy, TrumpPolicy, LegalityPolicy, MeldPolicy,
                              ScoringPolicy) for field in attrs.fields(policy)) - _NOT_OPTIONS


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
    bezique.errors.VariantError: unknown variant 'skat'; the variants are: two-pack, ...

    Raises:
        VariantError: listing the valid names.
    """
    if isinstance(name, str):
        key = _key(name)
        for variant in ALL:
            if key == _key(variant.name) or key in (_key(alias) for alias in variant.aliases):
                return variant
    raise VariantError(f"unknown variant {name!r}; the variants are: {', '.join(names())}")
