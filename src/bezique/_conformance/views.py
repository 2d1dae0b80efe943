"""Observations and games a reachable deal can give (R2.13, R9.4, R11.1).

An observation is possible when the full states consistent with it are: it is dealt
out again (:func:`bezique.determinize`), the state checked, and observed back.
"""

from __future__ import annotations

import random
from collections import Counter

from bezique._conformance.common import fail, require, short
from bezique._conformance.position import count_copies
from bezique._engine.hands import held_of
from bezique._engine.shuffle import derive_seed, is_seed
from bezique.cards import Card
from bezique.errors import InvariantError, SetupError
from bezique.game import Game
from bezique.observation import Observation, determinize, hand_counts, observe
from bezique.state import State

__all__ = ["check_game_shape", "check_observation_shape", "observation_state"]


def _per(o: object, names: tuple[str, ...], n: int, what: str) -> None:
    for name in names:
        value = getattr(o, name)
        require(value is None or (isinstance(value, tuple) and len(value) == n), name,
                f"expected one entry for each of the {n} {what}, not {short(value)}")


def check_observation_shape(o: Observation) -> None:
    """The observation's own fields agree before a state is dealt from it."""
    if not isinstance(o, Observation):
        raise TypeError(f"expected an Observation, not {type(o).__name__}")
    variant = o.variant
    n = variant.players
    require(isinstance(o.player, int) and 0 <= o.player < n, "player",
            f"{short(o.player)} is not a player (0-{n - 1})")
    _per(o, ("hand_sizes", "table", "exposed", "won"), n, "players")
    _per(o, ("melds", "sevens", "brisques", "last_trick", "penalties", "bonus", "scores"),
         variant.deal.side_count, "sides")
    require(all(isinstance(v, int) and v >= 0 for v in o.hand_sizes), "hand_sizes",
            "must be whole numbers >= 0")
    require(o.hand_sizes[o.player] == len(o.hand), f"hand_sizes[{o.player}]",
            f"{o.hand_sizes[o.player]} is not the size of the hand ({len(o.hand)})")
    require(isinstance(o.stock_size, int) and o.stock_size >= (o.turn_up is not None),
            "stock_size", f"{short(o.stock_size)} cards cannot hold the turn-up")
    require(isinstance(o.carte, int) and 0 <= o.carte <= 3, "carte",
            f"{short(o.carte)} is not a carte blanche state (0-3)")
    require(o.exposed[o.player] == tuple(c for c in o.exposed[o.player] if c in o.hand),
            f"exposed[{o.player}]", "cards seen going into the hand that it does not hold")
    for p, cards in enumerate(o.exposed):
        require(len(cards) <= o.hand_sizes[p], f"exposed[{p}]",
                f"player {p} holds only {o.hand_sizes[p]} cards")
    counts: Counter[Card] = Counter()
    packs = variant.packs
    count_copies(counts, o.hand, packs, "hand")
    for p, table in enumerate(o.table):
        count_copies(counts, (tc.card for tc in table), packs, f"table[{p}]")
    for p, cards in enumerate(o.exposed):
        count_copies(counts, cards if p != o.player else (), packs, f"exposed[{p}]")
    count_copies(counts, () if o.turn_up is None else (o.turn_up,), packs, "turn_up")
    count_copies(counts, (card for _, card in o.trick), packs, "trick")
    count_copies(counts, o.played, packs, "played")
    total = (sum(o.hand_sizes) + sum(len(t) for t in o.table) + o.stock_size + len(o.trick)
             + len(o.played))
    require(total == 32 * variant.packs, None, f"the hands, tables, stock and tricks hold "
                                               f"{total} cards, but the deck has "
                                               f"{32 * variant.packs}")
    require(all(isinstance(c, Card) for c in o.hand), "hand", "expected cards")
    require(hand_counts(o) == held_of(o.hand), "hand",
            "the count vector kept beside the observation for the bots is not the hand's")


def observation_state(o: Observation) -> State:
    """A dealt state consistent with ``o``, to be checked; raises :class:`InvariantError`
    when none is."""
    try:
        state = determinize(o, random.Random(0))
    except SetupError as exc:
        fail(None, str(exc))
    return state.replace(seed=0)  # every card is accounted for: check it as dealt


def observed_back(o: Observation, state: State) -> None:
    """Observing ``state`` for the observer gives ``o`` back, field by field."""
    again = observe(state, o.player)
    if again == o:
        return
    for name in ("scores", "brisques", "legal_actions", "carte", "stage", "to_move",
                 "game_totals", "game_deals"):
        if getattr(again, name) != getattr(o, name) and name not in ("game_totals",
                                                                     "game_deals"):
            fail(name, f"{short(getattr(o, name))} contradicts the rest of the observation "
                       f"({short(getattr(again, name))})")
    wrong = next((f for f in Observation.__attrs_attrs__
                  if f.eq and f.name not in ("game_totals", "game_deals")
                  and getattr(again, f.name) != getattr(o, f.name)), None)
    if wrong is not None:
        fail(wrong.name, "contradicts the rest of the observation")


def check_game_shape(game: Game) -> None:
    """The game's deals, dealers, seeds and totals follow from its rules (R2.13, R11.1)."""
    if not isinstance(game, Game):
        raise TypeError(f"expected a Game, not {type(game).__name__}")
    variant = game.variant
    sides = variant.deal.side_count
    require(game.current.variant == variant, "current.variant", "differs from the game's")
    require(isinstance(game.totals, tuple) and len(game.totals) == sides, "totals",
            f"expected one total for each of the {sides} sides")
    for i, deal in enumerate(game.deals):
        require(len(deal.points) == sides, f"deals[{i}].points", f"expected {sides} sides")
        require(deal.dealer == i % variant.players, f"deals[{i}].dealer",
                f"deal {i} is dealt by player {i % variant.players}, not {deal.dealer}")
    require(game.winner is None or (game.is_over and 0 <= game.winner < sides), "winner",
            f"side {game.winner} cannot have won "
            f"{'this game' if game.is_over else 'a game under way'}")
    require(game.is_over == game.current.is_over, "is_over",
            "a game is over exactly when its current deal is over")
    index = len(game.deals) - 1 if game.is_over else len(game.deals)
    require(index >= 0, "deals", "a finished game has at least one deal")
    require(game.current.dealer == index % variant.players, "current.dealer",
            f"deal {index} is dealt by player {index % variant.players}")
    require(is_seed(game.seed), "seed", f"{short(game.seed)} is not a seed (0 to 2**64 - 1)")
    want = derive_seed(game.seed, index)
    require(game.current.seed == want, "current.seed",
            f"deal {index} of game seed {game.seed} is shuffled with seed {want}")
    if not game.deals or game.deals[-1].settlement is None:
        sums = tuple(sum(d.points[i] for d in game.deals) for i in range(sides))
        require(game.totals == sums, "totals", f"{list(game.totals)} are not the sums of the "
                                               f"deals' points {list(sums)}")
    if not game.is_over and game.deals:
        require(max(game.totals) < variant.scoring.target
                and game.deals[-1].settlement is None, "is_over",
                "the game has reached its end (R2.13)")


def prefix(exc: InvariantError, where: str) -> InvariantError:
    """``exc`` with its field placed under ``where`` (``current``)."""
    field = f"{where}.{exc.field}" if exc.field else where
    return InvariantError(exc.reason, field)
