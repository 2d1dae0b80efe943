"""Games: a series of deals to the target (R2.13, R6.9, R11.1).

A :class:`Game` is a frozen value like a deal. :func:`bezique.apply` on a game
acts on its current deal and, when that deal ends, scores it and deals the
next one (the next dealer, the next seed) until the game is over.
"""

from __future__ import annotations

import attrs

from bezique._engine.compiled import rules_of
from bezique._engine.dealing import check_seed, new_deal
from bezique._engine.shuffle import derive_seed
from bezique.errors import DealNotOverError
from bezique.results import DealResult, deal_result
from bezique.state import State
from bezique.variants import Variant

__all__ = ["Game", "GameResult", "game_result", "new_game"]


@attrs.frozen
class Game:
    """A game in progress (or finished)."""

    variant: Variant
    """The rules of every deal."""
    seed: int
    """The game's seed; deal ``i`` is shuffled with a seed derived from it."""
    deals: tuple[DealResult, ...]
    """The finished deals' results."""
    totals: tuple[int, ...]
    """Per side, the running total of the finished deals."""
    current: State
    """The deal in progress (after the game's end, its last deal)."""
    is_over: bool
    """Whether the game has ended."""
    winner: int | None
    """The winning side once the game is over (``None`` on a tie or before the end)."""

    @property
    def to_move(self) -> int | None:
        """The player to act in the current deal (``None`` once the game is over)."""
        return None if self.is_over else self.current.to_move


@attrs.frozen
class GameResult:
    """A finished game: the winner, the totals and what the game is worth."""

    winner: int | None
    """The winning side (``None`` on a tie for the top)."""
    totals: tuple[int, ...]
    """Per side, the final totals."""
    value: int
    """The game's worth: 2 when the loser is rubiconed (R2.13), otherwise 1; in
    variants where each deal is a game, the settled points (R8.5, R11.7)."""
    deals: int
    """Number of deals played."""


def new_game(variant: Variant, *, seed: int) -> Game:
    """A new game whose first deal is dealt by player 0.

    >>> import bezique as bz
    >>> g = bz.new_game(bz.variants.TWO_PACK, seed=1)
    >>> g.totals, g.is_over, g.current.dealer
    ((0, 0), False, 0)
    """
    check_seed(seed)
    rules = rules_of(variant)
    return Game(variant, seed, (), (0,) * rules.side_count,
                new_deal(variant, seed=derive_seed(seed, 0), dealer=0), False, None)


def advance(game: Game, state: State) -> Game:
    """The game after its current deal became ``state`` (scoring it if it ended)."""
    if not state.is_over:
        return attrs.evolve(game, current=state)
    result = deal_result(state)
    totals = tuple(t + p for t, p in zip(game.totals, result.points, strict=True))
    deals = (*game.deals, result)
    if result.settlement is not None:
        # R8.5: each deal is a game by itself
        return Game(game.variant, game.seed, deals, result.settlement.totals, state, True,
                    result.settlement.winner)
    if game.variant.scoring.game_over(totals):
        top = max(totals)
        leaders = [side for side, total in enumerate(totals) if total == top]
        winner = leaders[0] if len(leaders) == 1 else None
        return Game(game.variant, game.seed, deals, totals, state, True, winner)
    players = rules_of(game.variant).players
    i = len(deals)
    nxt = new_deal(game.variant, seed=derive_seed(game.seed, i), dealer=i % players)
    return Game(game.variant, game.seed, deals, totals, nxt, False, None)


def game_result(game: Game) -> GameResult:
    """The result of a finished game (R2.13, R11.1).

    With two sides the win counts double when the loser ends under the
    ``rubicon``; with three or more sides there is no doubling.

    Raises:
        DealNotOverError: if the game is not over.
    """
    if not game.is_over:
        raise DealNotOverError("the game is not over yet; there is no result")
    totals = game.totals
    settled = game.deals[-1].settlement if game.deals else None
    if settled is not None:
        return GameResult(game.winner, totals, settled.value, len(game.deals))
    value = game.variant.scoring.game_value(totals, game.winner)
    return GameResult(game.winner, totals, value, len(game.deals))
