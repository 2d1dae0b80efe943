"""The variant's rules by concern (:mod:`bezique._engine.concerns`), and the architecture check
that keeps them the only readers of a one-variant option.

A one-variant option is an on/off or a choice of the policies (a ``bool`` or enum field of
:mod:`bezique.policies`, ``seven_declare``, ``partner_seven``, ...), or one of the flat
flags the compiled rules carried before the concern objects (``rules.seven_any_time``,
``rules.duels``, ...). Outside the policies, the compile step and the concern objects, no
module reads one (:mod:`ast`, attribute reads). A few names are also fields of a state or
a result (``state.turn_up``, ``result.settlement``): those count only as read from a
policy (``variant.deal.turn_up``, ``scoring.settlement``).
"""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import attrs
import pytest

import bezique as bz
from bezique._engine.compiled import rules_of
from bezique._engine.concerns import AllPlay, Duels
from bezique._engine.hands import cards_of, held_of
from bezique.policies import Phase2, SecondDuelLeader
from bezique.state import WINDOWS, Window
from strategies import VARIANTS

SRC = Path(bz.__file__).resolve().parent
POLICIES = frozenset({"deal", "deck", "trump", "melds", "scoring", "legality"})
"""The policies' names on a variant: a read through one of them is a policy's."""

OPTIONS = frozenset(
    field.name
    for policy in POLICIES
    for field in attrs.fields(type(getattr(bz.variants.TWO_PACK, policy)))
    if isinstance(field.default, bool | enum.Enum))
"""The policies' on/off and choice options."""
FORMER_FLAGS = frozenset({
    "seven_any_time", "partner_seven", "duels", "second_duel_follower_leads",
    "trump_by_turn_up", "last_trick_final", "played_seven_scores", "seven_counts_as_meld",
    "partner_may_declare", "partner_beziques", "carte_repeats", "sevens_score",
    "has_seven_meld", "trump_when_losing"})
"""The flat flags of the compiled rules before the concern objects."""
MELD_SOURCE = frozenset({
    "card_source", "declares_from_won_cards", "keeps_won_cards",
    "one_combination_per_trick", "window_closes_by_itself", "needs_card_of_last_trick",
    "require_fresh", "reform_broken", "four_classes", "announce_several", "reuses_cards",
    "from_won"})
"""Where meld cards come from and the meld rules that follow from it (R3.2-R3.9, R11.5,
R13.1, R13.7): the meld machinery's concern, whose object is ``rules.meld_source``
(:mod:`bezique._engine.melds.source`)."""
NAMES = OPTIONS | FORMER_FLAGS | MELD_SOURCE
AMBIGUOUS = frozenset({"turn_up", "last_trick", "settlement", "source", "phase2"})
"""Options whose names a state, a result or a bot's table also has: read from a policy only."""

READERS = ("policies/", "_variant.py", "_engine/compiled.py", "_engine/concerns.py",
           "_engine/melds/source.py",
           # the conformance checker reads the variant's policies as its specification,
           # never the engine's compiled rules: it is the engine's independent judge
           "_conformance/",
           # the command line describes the variant's options to the player
           "cli.py", "_cli_terminal.py")
"""The modules that may read any option."""
NOT_YET: dict[str, frozenset[str]] = {
    # named in the R5.2 refusal's message
    "_engine/explanations.py": frozenset({"bezique_pair"}),
    "bots/_tables.py": frozenset({"brisque_timing"}),
}
"""Reads still to move behind a concern object, by module: each entry must still be read
(the list only shrinks)."""


def _policy_read(node: ast.Attribute) -> bool:
    """Whether ``node`` reads its attribute from a policy (``x.melds.y``, ``trump.y``)."""
    owner = node.value
    return ((isinstance(owner, ast.Attribute) and owner.attr in POLICIES)
            or (isinstance(owner, ast.Name) and owner.id in POLICIES))


def option_reads(path: Path) -> set[tuple[str, int]]:
    """The one-variant options ``path`` reads, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {(node.attr, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
            and node.attr in NAMES and (node.attr not in AMBIGUOUS or _policy_read(node))}


def _modules() -> dict[str, Path]:
    return {path.relative_to(SRC).as_posix(): path for path in sorted(SRC.rglob("*.py"))}


def _stray_reads() -> list[str]:
    stray = []
    for name, path in _modules().items():
        if name.startswith(READERS):
            continue
        allowed = NOT_YET.get(name, frozenset())
        stray += [f"{name}:{line} reads {option}"
                  for option, line in sorted(option_reads(path)) if option not in allowed]
    return stray


def test_only_the_policies_and_the_concern_objects_read_a_one_variant_option() -> None:
    assert _stray_reads() == []


def test_every_read_not_yet_moved_is_still_there() -> None:
    modules = _modules()
    for name, options in NOT_YET.items():
        read = {option for option, _ in option_reads(modules[name])}
        assert options <= read, f"{name} no longer reads {sorted(options - read)}: shrink NOT_YET"


def test_the_check_finds_a_planted_read(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "def f(rules, variant, trump, state, result):\n"
        "    a = rules.seven_any_time\n"
        "    b = variant.melds.partner_seven\n"
        "    c = trump.sevens_score\n"
        "    d = variant.deal.turn_up\n"
        "    return a, b, c, d, state.turn_up, result.settlement, rules.sevens.any_time\n",
        encoding="utf-8")
    assert option_reads(planted) == {("seven_any_time", 2), ("partner_seven", 3),
                                     ("sevens_score", 4), ("turn_up", 5)}


def test_the_names_cover_the_options_of_the_concerns() -> None:
    assert {"seven_declare", "partner_seven", "phase2", "second_duel_leader", "fixing",
            "sequence_fixes_trump", "last_trick", "carte_blanche_repeats",
            "played_seven_scores", "seven_counts_as_meld", "partner_declare",
            "partner_combined_beziques", "sevens_score", "source"} <= NAMES


def _partner_window(w: int, variant: bz.Variant) -> Window | None:
    """R11.8, R13.4 read as the window flags say (the engine's branches before the table)."""
    melds = variant.melds
    own_seven = rules_of(variant).partnership.own_seven
    if w & Window.PARTNER:
        return None
    declared = w & Window.DECLARED or (melds.seven_counts_as_meld and w & Window.SEVEN_DONE)
    if not declared and melds.partner_declare.value == "either":
        return WINDOWS[(0 if own_seven else w & Window.SEVEN_DONE) | Window.PARTNER]
    if own_seven:
        return WINDOWS[Window.COMBO_DONE | Window.PARTNER]
    return None


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R11_8_the_partner_window_table_reads_the_rule(variant: bz.Variant) -> None:
    windows = rules_of(variant).partnership.windows
    assert windows == tuple(_partner_window(w, variant) for w in range(16))


def test_R13_4_the_partner_seven_needs_partners_and_a_scoring_seven() -> None:
    four = bz.variants.FOUR_HANDED.with_options(partner_seven=True, seven_counts_as_meld=False)
    assert rules_of(four).partnership.own_seven
    assert rules_of(four).partnership.windows[Window.DECLARED | Window.COMBO_DONE] is WINDOWS[
        Window.COMBO_DONE | Window.PARTNER]
    assert not rules_of(four.with_options(partner_seven=False)).partnership.own_seven
    assert not rules_of(four.with_options(seven_counts_as_meld=True)).partnership.own_seven
    assert not any(rules_of(bz.variants.TWO_PACK).partnership.partners)


def test_R11_9_R13_5_the_duels_of_phase_two() -> None:
    first_leader, first_follower = Duels(4, False), Duels(4, True)
    assert first_leader.first(3, (0, 1, 2, 3)) == (3, 0)
    assert first_leader.second((3, 0)) == (1, 2)
    assert first_follower.second((3, 0)) == (2, 1)
    assert AllPlay().first(2, (0, 1, 2)) == (0, 1, 2) == AllPlay().second((0, 1, 2))
    four = bz.variants.FOUR_HANDED
    assert four.legality.phase2 is Phase2.DUELS
    assert isinstance(rules_of(four).partnership.phase_two, Duels)
    follower = four.with_options(second_duel_leader=SecondDuelLeader.PARTNER_OF_FIRST_FOLLOWER)
    assert rules_of(follower).partnership.phase_two.second((3, 0)) == (2, 1)
    assert isinstance(rules_of(bz.variants.TWO_PACK).partnership.phase_two, AllPlay)


def test_R7_1_the_follower_unable_to_overtrump_follows_the_variant_chosen_once() -> None:
    hand = (bz.Card.parse("7H"), bz.Card.parse("9D"))
    trick = (bz.Card.parse("AS").index, bz.Card.parse("AH").index)  # as the state keeps it
    three = rules_of(bz.variants.THREE_HANDED)
    assert bz.variants.THREE_HANDED.legality.trump_when_losing is False
    held = held_of(hand)
    assert cards_of(three.follow(held, trick, bz.Suit.HEARTS)) == hand
    assert cards_of(rules_of(bz.variants.TWO_PACK).follow(held, trick, bz.Suit.HEARTS)) == hand[:1]
