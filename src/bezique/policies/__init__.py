"""The policies a :class:`~bezique.variants.Variant` composes.

Each concern of the rules has one frozen policy class whose fields are the
options of the rules (each variant's page lists them): the deck
(:class:`DeckPolicy`), the deal
(:class:`DealPolicy`), trump (:class:`TrumpPolicy`), the legality of play
(:class:`LegalityPolicy`), declarations (:class:`MeldPolicy`) and scoring
(:class:`ScoringPolicy`). A house rule is a policy with other field values,
never a subclass: ``attrs.evolve(policy, option=value)`` or
``variant.with_options(option=value)``.
"""

from bezique.policies.deal import DealPolicy
from bezique.policies.deck import DeckPolicy
from bezique.policies.legality import LegalityPolicy, Phase2, SecondDuelLeader
from bezique.policies.melds import (
    MeldClasses,
    MeldPolicy,
    MeldSource,
    PartnerDeclare,
    SevenDeclare,
)
from bezique.policies.scoring import (
    BrisqueTiming,
    LastTrick,
    RevokePenalty,
    ScoringPolicy,
    Settlement,
)
from bezique.policies.trump import BeziquePair, TrumpFixing, TrumpPolicy

__all__ = [
    "BeziquePair",
    "BrisqueTiming",
    "DealPolicy",
    "DeckPolicy",
    "LastTrick",
    "LegalityPolicy",
    "MeldClasses",
    "MeldPolicy",
    "MeldSource",
    "PartnerDeclare",
    "Phase2",
    "RevokePenalty",
    "ScoringPolicy",
    "SecondDuelLeader",
    "Settlement",
    "SevenDeclare",
    "TrumpFixing",
    "TrumpPolicy",
]
