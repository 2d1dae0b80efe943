"""Which source each option value follows: a seed, or a rule of RULES.md (section 13).

The variant pages of the documentation name, for every option, the seed or rule its
default follows (RULES.md section 13: "Docs say, per variant page, which seed each
default follows"); the table below is where they read it. Seeds: 000 (Finnish two-pack
with variants), 001 (German four-handed partnership), 003 (Finnish two-pack with
penalties).

>>> reading("played_seven_scores", False)
'seed 001 (four-handed, cutthroat)'
>>> reading("target", 1234) is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

__all__ = ["READINGS", "reading"]

_SEEDS = "seeds 000, 001, 003"

READINGS: Mapping[str, Mapping[object, str]] = {
    # trump
    "sequence_fixes_trump": {True: "R5.1, R11.2 (printed rules)",
                             False: "seed 000 (\"the first marriage\")"},
    "bezique_pair": {"fixed": _SEEDS, "shifting": "seed 000, its variant",
                     "queen_of_trumps": "Parlett (R5.2)"},
    "sevens_score": {True: f"{_SEEDS} (section 4; R5.1 once trump is fixed)",
                     False: "R8.1, R9.1"},
    "turn_up_seven_points": {10: f"{_SEEDS} (R2.2)"},
    "seven_points": {10: f"{_SEEDS} (R4.1, R4.2)"},
    "played_seven_scores": {True: "seed 003 (R4.2); consultation: R13.3a",
                            False: "seed 001 (four-handed, cutthroat)"},
    # legality
    "phase2": {"duels": "seed 001 (R6.7, R11.9; cutthroat too)", "all_play": "R11.9"},
    "second_duel_leader": {"partner_of_first_leader": "seed 001's suggestion (R11.9, R13.5): "
                                                      "the seat opposite the first leader",
                           "partner_of_first_follower": "the other player (R13.5)"},
    "trump_when_losing": {True: "seeds 001, 003 (R2.10)", False: "R7.1"},
    # melds
    "seven_counts_as_meld": {True: "seed 000", False: "seed 001"},
    "require_fresh_card": {False: "seed 000 (R3.7)", True: "seed 001"},
    "reform_broken": {False: "seed 000 (R3.8)", True: "Portland Club laws (R8.3)"},
    "meld_classes": {"three": "R3.4, printed rules (seed 000 reads four)",
                     "four": "seed 000"},
    "seven_declare": {"after_trick": "seeds 001, 003, R4.1-R4.3 (seed 000 reads any_time)",
                      "any_time": "seed 000"},
    "partner_seven": {True: "seed 001", False: "R11.8"},
    "partner_declare": {"either": "seed 001", "winner_only": "R6.4"},
    "partner_combined_beziques": {True: "seed 001", False: "R6.4"},
    "carte_blanche_repeats": {True: "Portland Club laws (R8.2)", False: "R8.2"},
    "announce_several": {True: "seed 000, Foster's Complete Hoyle (R13.7)",
                         False: "R11.5 (Fildinski scores several combinations per trick)"},
    "four_tens": {0: "Portland Club laws (R8.2)", 90: "R8.2"},
    # scoring
    "brisque_timing": {"immediate": "seed 000", "end_of_deal": "seed 001",
                       "settlement": "Portland Club laws (R8.4)"},
    "brisque_points": {10: _SEEDS, 0: "R9.1"},
    "last_trick": {"final": _SEEDS, "end_of_stock": "an annotated deal (R2.12)"},
    "last_trick_points": {10: _SEEDS, 50: "seed 003, Portland Club laws (R8.4)",
                          250: "R9.2"},
    "target": {1000: "seeds 000, 003", 2000: "seed 001 (R6.9); R7.1"},
    "rubicon": {500: "seed 000", 0: "seed 001 (no rubicon)",
                1000: "Portland Club laws (R8.5)", 3000: "R9.3", 5000: "R9.5"},
    "game_bonus": {500: "Portland Club laws (R8.5)", 1000: "R9.3"},
    "rubicon_bonus": {1300: "Portland Club laws (R8.5, R11.7)", 1500: "R9.3"},
    "revoke_penalty": {"remaining_brisques": "seed 003 (R10.3)", "forfeit_tricks": "R10.3"},
    # deal
    "dealer_guess": {False: "R9.1", True: "R9.4"},
}
"""Option name -> option value (an enum's value, a bool or an int) -> its source."""


def reading(option: str, value: object) -> str | None:
    """The seed or rule that ``option = value`` follows, or ``None`` if none is recorded."""
    key = value.value if isinstance(value, enum.Enum) else value
    return READINGS.get(option, {}).get(key)
