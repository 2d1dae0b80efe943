"""Reading's last step: whether a decoded state, observation, result or game is possible
(the fields of a well-formed document may still describe an impossible position).

States, observations and games go through the library's one checker
(:mod:`bezique.testing`); its findings are reported as the document's fields."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bezique._engine.memo import Cache
from bezique.errors import InvariantError
from bezique.game import Game, GameResult
from bezique.observation import Observation
from bezique.results import DealResult
from bezique.serialization._common import fault
from bezique.state import State
from bezique.testing import check_game as _check_game
from bezique.testing import check_observation as _check_observation
from bezique.testing import check_state as _check_state

__all__ = ["check_deal_result", "check_game", "check_game_result", "check_observation",
           "check_state"]


def _by_rules(check: Callable[[Any], None]) -> Callable[[Any, str], None]:
    """``check`` run on a decoded value, its :class:`InvariantError` turned into the
    :class:`SerializationError` of the field it names under ``path``."""
    def checked(obj: Any, path: str) -> None:
        try:
            check(obj)
        except InvariantError as exc:
            raise fault(f"{path}.{exc.field}" if exc.field else path, exc.reason) from None
    return checked


_state_by_rules = _by_rules(_check_state)


def check_state(state: State, path: str) -> None:
    """A state the rules can reach (:func:`bezique.testing.check_state`); its cache of
    legal actions is left empty, as in a state just built."""
    _state_by_rules(state, path)
    memo = state.memo
    if isinstance(memo, Cache):  # read from a document: a cache, filled by the checks
        memo.clear()
check_observation: Callable[[Observation, str], None] = _by_rules(_check_observation)
"""An observation some reachable state gives (:func:`bezique.testing.check_observation`)."""
_game_by_rules = _by_rules(_check_game)


def _check_lengths(obj: Any, path: str, names: Iterable[str], n: int, what: str) -> None:
    for name in names:
        value = getattr(obj, name)
        if value is not None and len(value) != n:
            raise fault(f"{path}.{name}", f"holds {len(value)} entries, not one for each of "
                                         f"the {n} {what}")


def check_deal_result(result: DealResult, path: str) -> None:
    sides = len(result.points)
    _check_lengths(result, path, ("breakdown", "brisque_counts"), sides, "sides")
    for i, (points, score) in enumerate(zip(result.points, result.breakdown, strict=True)):
        if points != score.total:
            raise fault(f"{path}.points[{i}]", f"{points} is not the breakdown's total "
                                              f"{score.total}")
    kinds = [kind for kind, _ in result.meld_counts]
    for i, (kind, count) in enumerate(result.meld_counts):
        if kind in kinds[:i] or count < 1:
            raise fault(f"{path}.meld_counts[{i}]", "each meld scored is counted once, "
                                                   "as a positive number")
    for name in ("tricks", "dealer"):
        if getattr(result, name) < 0:
            raise fault(f"{path}.{name}", "is negative")
    settled = result.settlement
    if settled is not None and settled.winner is not None and not 0 <= settled.winner < sides:
        raise fault(f"{path}.settlement.winner", f"side {settled.winner} does not exist")


def check_game(game: Game, path: str) -> None:
    """A game the rules can reach (:func:`bezique.testing.check_game`)."""
    _game_by_rules(game, path)


def check_game_result(result: GameResult, path: str) -> None:
    if result.winner is not None and not 0 <= result.winner < len(result.totals):
        raise fault(f"{path}.winner", f"side {result.winner} does not exist")
    if result.deals < 0:
        raise fault(f"{path}.deals", "is negative")
