"""bezique: the rules of the Bezique family of card games, as a typed, immutable-state SDK.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.TWO_PACK, seed=7)
>>> state.to_move, len(state.hands[0]), state.stock_size
(1, 8, 48)
"""

from bezique import bots, solver, variants
from bezique.actions import Action, Announce, Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank, Suit, format_cards, parse_cards
from bezique.engine import (
    apply,
    check_action,
    forced_action,
    is_legal,
    legal_actions,
    new_deal,
    setup,
)
from bezique.engine import apply_unchecked as apply_unchecked  # not public; kept for 0.2.0 code
from bezique.errors import (
    BeziqueError,
    BotError,
    DealNotOverError,
    IllegalActionError,
    InvariantError,
    NotationError,
    NotYourTurnError,
    SerializationError,
    SetupError,
    SimulationError,
    VariantError,
)
from bezique.game import Game, GameResult, game_result, new_game
from bezique.melds import MeldClass, MeldKind
from bezique.notation import format_action, parse_action
from bezique.observation import Observation, determinize, observe
from bezique.ratings import Ladder, Rating, ladder
from bezique.record import Record
from bezique.results import DealResult, SideScore, deal_result
from bezique.serialization import from_json, to_json
from bezique.simulation import SimulationResult, simulate
from bezique.state import Stage, State
from bezique.variants import Variant

__version__ = "0.3.0"
"""The version of the installed library, as :pep:`440` writes it."""

__all__ = [
    "Action",
    "Announce",
    "BeziqueError",
    "BotError",
    "Card",
    "DealNotOverError",
    "DealResult",
    "Declare",
    "ExchangeSeven",
    "Game",
    "GameResult",
    "GuessPacket",
    "IllegalActionError",
    "InvariantError",
    "Ladder",
    "MeldClass",
    "MeldKind",
    "NotYourTurnError",
    "NotationError",
    "Observation",
    "Pass",
    "Play",
    "Rank",
    "Rating",
    "Record",
    "SerializationError",
    "SetupError",
    "SideScore",
    "SimulationError",
    "SimulationResult",
    "Stage",
    "State",
    "Suit",
    "Variant",
    "VariantError",
    "__version__",
    "apply",
    "bots",
    "check_action",
    "deal_result",
    "determinize",
    "forced_action",
    "format_action",
    "format_cards",
    "from_json",
    "game_result",
    "is_legal",
    "ladder",
    "legal_actions",
    "new_deal",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "setup",
    "simulate",
    "solver",
    "to_json",
    "variants",
]
