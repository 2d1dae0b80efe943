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

import attrs

from bezique._variant import Variant
from bezique.errors import VariantError
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

TWO_PACK: Variant = Variant(
    name="two-pack",
    aliases=("two_pack", "twopack", "bezique", "classic", "standard"),
    title="Two-pack Bezique",
)
"""Two-pack Bezique for two players: the base game (rules R2-R4 of the rules pages).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = True``, ``seven_counts_as_meld = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``meld_classes = three``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

NO_PRESET_TRUMP: Variant = Variant(
    name="no-preset-trump",
    aliases=("no_preset_trump", "no-trump", "no-turn-up"),
    title="Two-pack Bezique without a preset trump",
    deal=DealPolicy(turn_up=False),
    trump=TrumpPolicy(fixing=TrumpFixing.FIRST_MARRIAGE),
)
"""No preset trump (R5.1): no turn-up; the first marriage (or sequence) declared fixes
trump and scores as royal. Once trump is fixed its sevens are trump sevens as in the base
game: shown for 10 after a won trick (no exchange: there is no turn-up) and scoring when
played; before trump is fixed no card is a trump seven.

Options (with their defaults here): ``sequence_fixes_trump = True``, ``bezique_pair =
fixed``, ``sevens_score = True``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = True``, ``seven_counts_as_meld = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``meld_classes = three``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

SHIFTING_BEZIQUE: Variant = Variant(
    name="shifting-bezique",
    aliases=("shifting_bezique", "shifting"),
    title="Two-pack Bezique with a shifting bezique",
    trump=TrumpPolicy(bezique_pair=BeziquePair.SHIFTING),
)
"""Shifting bezique (R5.2): with spades or diamonds trumps the bezique is Q♣ + J♥,
otherwise Q♠ + J♦.

Options (with their defaults here): ``bezique_pair = shifting``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = True``, ``seven_counts_as_meld = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``meld_classes = three``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

FILDINSKI: Variant = Variant(
    name="fildinski",
    aliases=("polish", "polish-bezique", "fildinsky"),
    title="Fildinski (Polish Bezique)",
    melds=MeldPolicy(source=MeldSource.WON_CARDS, announce_several=False),
)
"""Fildinski (R5.3, R11.5): tricks are kept face up and declarations are made from the
won cards, several per trick, each with a card of the trick just won, no card in two
combinations.

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = True``, ``seven_counts_as_meld = True``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = False`` (R13.7).
"""

_FOUR_PLAYER_MELDS = MeldPolicy(table=MULTI_HANDED_MELDS, require_fresh_card=True,
                                seven_counts_as_meld=False)
_SEED_001_TRUMP = TrumpPolicy(played_seven_scores=False)
"""Seed 001: a seven of trumps scores when shown or exchanged, not when played (R13.3);
four-handed and cutthroat only (consultation plays the two-pack game, R13.3a)."""

FOUR_HANDED: Variant = Variant(
    name="four-handed",
    aliases=("four_handed", "partnership", "four-hand", "bezique-zu-viert"),
    title="Four-handed partnership Bezique",
    deck=DeckPolicy(packs=4),
    deal=DealPolicy(players=4, sides=(0, 1, 0, 1)),
    trump=_SEED_001_TRUMP,
    legality=LegalityPolicy(phase2=Phase2.DUELS),
    melds=attrs.evolve(_FOUR_PLAYER_MELDS, partner_seven=True),
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.END_OF_DEAL, target=2000, rubicon=0),
)
"""Four-handed partnership Bezique (section 6, seed 001): two sides of two, four packs;
partners declare on each other's table cards; the seven in addition to the declaration;
phase 2 as two duels; brisques at the end; game to 2000 (no rubicon doubling: the seed
has none, ``rubicon = 0``).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = False``,
``phase2 = duels``, ``second_duel_leader = partner_of_first_leader``, ``trump_when_losing
= True``, ``seven_counts_as_meld = False``, ``require_fresh_card = True``, ``reform_broken
= False``, ``meld_classes = three``, ``seven_declare = after_trick``, ``partner_seven =
True``, ``partner_declare = either``, ``partner_combined_beziques = True``, ``four_tens =
0``, ``brisque_timing = end_of_deal``, ``brisque_points = 10``, ``last_trick = final``,
``last_trick_points = 10``, ``target = 2000``, ``rubicon = 0``, ``revoke_penalty =
remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

CUTTHROAT: Variant = Variant(
    name="cutthroat",
    aliases=("cut-throat", "jeder-fuer-sich", "four-handed-cutthroat"),
    title="Four-handed cutthroat Bezique",
    deck=DeckPolicy(packs=4),
    deal=DealPolicy(players=4, sides=(0, 1, 2, 3)),
    trump=_SEED_001_TRUMP,
    legality=LegalityPolicy(phase2=Phase2.DUELS),
    melds=_FOUR_PLAYER_MELDS,
    scoring=ScoringPolicy(brisque_timing=BrisqueTiming.END_OF_DEAL, target=2000, rubicon=0),
)
"""Cutthroat (R6.10, R11.9): four players each for himself with four packs, melds only from
own cards; phase 2 as two duels (the winner of trick 24 against the player on his left,
then the other two), ``phase2 = all_play`` an option. Options as :data:`FOUR_HANDED`
without the partner options.

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = False``,
``phase2 = duels``, ``second_duel_leader = partner_of_first_leader``, ``trump_when_losing
= True``, ``seven_counts_as_meld = False``,
``require_fresh_card = True``, ``reform_broken = False``, ``meld_classes = three``,
``seven_declare = after_trick``, ``four_tens = 0``, ``brisque_timing = end_of_deal``,
``brisque_points = 10``, ``last_trick = final``, ``last_trick_points = 10``, ``target =
2000``, ``rubicon = 0``, ``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

CONSULTATION: Variant = Variant(
    name="consultation",
    aliases=("beratungsspiel",),
    title="Consultation Bezique (two against two)",
    deal=DealPolicy(side_members=2),
)
"""Consultation (R6.10, R13.3a): two sides of two sharing one hand each; otherwise exactly
the two-pack game, played seven included (``side_members = 2`` records the partners for
frontends).

Options (with their defaults here): ``bezique_pair = fixed``, ``sevens_score = True``,
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = True``, ``seven_counts_as_meld = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``meld_classes = three``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 1000``, ``rubicon = 500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

THREE_HANDED: Variant = Variant(
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
``turn_up_seven_points = 10``, ``seven_points = 10``, ``played_seven_scores = True``,
``trump_when_losing = False``, ``seven_counts_as_meld = True``, ``require_fresh_card =
False``, ``reform_broken = False``, ``meld_classes = three``, ``seven_declare =
after_trick``, ``four_tens = 0``, ``brisque_timing = immediate``, ``brisque_points = 10``,
``last_trick = final``, ``last_trick_points = 10``, ``target = 2000``, ``rubicon = 0``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

_MULTI_PACK_TRUMP = TrumpPolicy(fixing=TrumpFixing.FIRST_MARRIAGE, sevens_score=False)

RUBICON: Variant = Variant(
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
False``, ``reform_broken = True``, ``meld_classes = three``, ``carte_blanche_repeats =
True``, ``four_tens = 0``, ``brisque_points = 10``, ``last_trick = final``,
``last_trick_points = 50``, ``rubicon = 1000``, ``game_bonus = 500``, ``rubicon_bonus =
1300``, ``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

CHINESE: Variant = Variant(
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
``require_fresh_card = False``, ``reform_broken = True``, ``meld_classes = three``,
``carte_blanche_repeats = True``, ``four_tens = 0``, ``brisque_points = 0``, ``last_trick
= final``, ``last_trick_points = 250``, ``rubicon = 3000``, ``game_bonus = 1000``,
``rubicon_bonus = 1500``, ``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

EIGHT_PACK: Variant = Variant(
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
``require_fresh_card = False``, ``reform_broken = True``, ``meld_classes = three``,
``four_tens = 0``, ``brisque_points = 0``, ``last_trick = final``, ``last_trick_points =
250``, ``rubicon = 5000``, ``game_bonus = 1000``, ``rubicon_bonus = 1500``,
``revoke_penalty = remaining_brisques``.
Announcements: ``announce_several = True`` (R13.7).
"""

ALL: tuple[Variant, ...] = (TWO_PACK, NO_PRESET_TRUMP, SHIFTING_BEZIQUE, FILDINSKI,
                            FOUR_HANDED, CUTTHROAT, CONSULTATION, THREE_HANDED, RUBICON,
                            CHINESE, EIGHT_PACK)
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
