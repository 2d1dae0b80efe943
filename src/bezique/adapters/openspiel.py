"""The OpenSpiel game ``"python_bezique"`` (needs ``pip install 'bezique[rl]'``).

Importing this module registers the game with :mod:`pyspiel`; load it with
``pyspiel.load_game("python_bezique", {"variant": "rubicon"})`` (the parameter
``variant`` takes a name or alias; ``"two-pack"`` by default). One OpenSpiel episode
is one deal, dealer player 0:

* **chance**: the deal is explicit. Every card is a chance outcome (its face id
  ``card.index``, 0-31, with probability copies left / cards left), in the order
  :func:`bezique.new_deal` deals them: the packets from the dealer's left (R11.1), the
  turn-up where there is one (R2.2), then the stock from the top;
* **players**: the actions are the ids of :class:`bezique.encoding.ActionEncoder`;
  every one is applied by :func:`bezique.apply`;
* **information**: imperfect. The observation (string and tensor) is
  :func:`bezique.observe` for the player, the tensor laid out by
  :func:`bezique.encoding.observation_tensor`. The information-state string has perfect
  recall: the player's dealt cards, every action in order (all actions are public) and
  the cards he drew. The information-state tensor is the observation tensor, which
  keeps the public record as counts rather than in order;
* **returns**: +1 for each player of the side that wins the deal, -1 for the others,
  0 for all on a tie (:func:`bezique.encoding.deal_returns`); zero-sum where the
  variant has two sides.

Serialization is OpenSpiel's own for Python games (the history and the pickled
Python attributes; the deal pickles as its :func:`bezique.to_json` document).
:func:`resample_from_infostate` gives search bots such as OpenSpiel's IS-MCTS a state
consistent with what a player knows (via :func:`bezique.determinize`).

>>> import pyspiel
>>> import bezique.adapters.openspiel
>>> game = pyspiel.load_game("python_bezique")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from bezique import variants
from bezique.actions import Action, ExchangeSeven
from bezique.adapters._arrays import TensorArrays
from bezique.adapters._text import describe_observation, describe_state
from bezique.cards import ALL_CARDS, Card, format_cards
from bezique.encoding import ActionEncoder, deal_returns, observation_size
from bezique.engine import apply, rules_of, setup
from bezique.observation import determinize, observe
from bezique.serialization import from_json, to_json
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = [
    "BeziqueGame",
    "BeziqueState",
    "deal_order",
    "max_game_length",
    "resample_from_infostate",
]

SHORT_NAME: str = "python_bezique"
"""The name the game is registered under."""
_DEFAULT_PARAMS = {"variant": "two-pack"}


def _game_type(variant: Variant) -> Any:
    zero_sum = variant.deal.zero_sum()
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name=f"Python Bezique ({variant.name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_DEFAULT_PARAMS,
    )


def max_game_length(variant: Variant) -> int:
    """An upper bound on the player actions of a deal: per trick (at most ``deck / 2``,
    a duel of two), every player's card and carte blanche, and a window of at most one
    combination, two seven actions and two passes (R2.6, R4.3, R11.8); plus the guess."""
    players = variant.deal.players
    return variant.deck.size // 2 * (2 * players + 5) + 1


class _Deal:
    """What a state holds, as one immutable value: the deal (``None`` while dealing), the
    faces dealt so far, and each player's record of what he has seen.

    Copying returns the same object; pickling writes the deal as its JSON document.
    """

    __slots__ = ("dealt", "logs", "state")

    def __init__(self, state: State | None, dealt: tuple[int, ...],
                 logs: tuple[tuple[str, ...], ...]) -> None:
        self.state: State | None = state
        self.dealt: tuple[int, ...] = dealt
        self.logs: tuple[tuple[str, ...], ...] = logs

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return self

    def __copy__(self) -> _Deal:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        document = None if self.state is None else to_json(self.state)
        return (_restore, (document, self.dealt, self.logs))


def _restore(document: str | None, dealt: tuple[int, ...],
             logs: tuple[tuple[str, ...], ...]) -> _Deal:
    state = None if document is None else from_json(document)
    assert state is None or isinstance(state, State)
    return _Deal(state, dealt, logs)


class BeziqueGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The game of one deal of a variant (see the module documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULT_PARAMS, **(params or {})}
        variant = variants.get(str(params["variant"]))
        self.variant: Variant = variant
        """The rules."""
        self.encoder: ActionEncoder = ActionEncoder(variant)
        """The action ids."""
        self.deck: tuple[Card, ...] = variant.deck.cards()
        self.order: tuple[int | None, ...] = deal_order(variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.size,
            max_chance_outcomes=len(ALL_CARDS),
            num_players=variant.deal.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if variant.deal.zero_sum() else None,
            max_game_length=max_game_length(variant),
        )
        super().__init__(_game_type(variant), info, params)

    def new_initial_state(self) -> BeziqueState:
        """A deal about to be dealt (a chance node)."""
        return BeziqueState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Every card of the deck is dealt by chance."""
        return len(self.deck)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> BeziqueObserver:
        """The observer of ``iig_obs_type``: the observation by default, the information
        state with ``perfect_recall``."""
        if params:
            raise ValueError(f"python_bezique observers take no parameters, not {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return BeziqueObserver(self, perfect_recall)


def deal_order(variant: Variant, dealer: int = 0) -> tuple[int | None, ...]:
    """Who receives each card of the deal, in order: a player index, ``-1`` for the
    turn-up, ``None`` for the stock (R2.1, R2.2, R11.1)."""
    players = variant.deal.players
    seats = [(dealer + 1 + i) % players for i in range(players)]
    order: list[int | None] = []
    for packet in variant.deal.packets:
        for seat in seats:
            order.extend([seat] * packet)
    order.extend([-1] * rules_of(variant).trump_fixing.turn_ups)
    order.extend([None] * (variant.deck.size - len(order)))
    return tuple(order)


class BeziqueState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A deal in OpenSpiel's terms (see the module documentation)."""

    def __init__(self, game: BeziqueGame) -> None:
        super().__init__(game)
        players = game.variant.deal.players
        self.deal_: _Deal = _Deal(None, (), ((),) * players)

    # -- what OpenSpiel asks -------------------------------------------------------

    @property
    def bezique_state(self) -> State | None:
        """The :class:`bezique.State` once the cards are dealt, else ``None``."""
        return self.deal_.state

    def current_player(self) -> int:
        """The player to act, or OpenSpiel's chance or terminal id."""
        s = self.deal_.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return s.to_move

    def _legal_actions(self, player: int) -> list[int]:
        s = self.deal_.state
        assert s is not None
        game: BeziqueGame = self.get_game()
        return sorted(game.encoder.legal_ids(s))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The faces the next card may have, each with its probability."""
        game: BeziqueGame = self.get_game()
        left = Counter(card.index for card in game.deck)
        left.subtract(self.deal_.dealt)
        total = len(game.deck) - len(self.deal_.dealt)
        return [(face, n / total) for face, n in sorted(left.items()) if n > 0]

    def _apply_action(self, action: int) -> None:
        game: BeziqueGame = self.get_game()
        d = self.deal_
        if d.state is None:
            self.deal_ = _deal_card(game, d, int(action))
            return
        before = d.state
        p = before.to_move
        assert p is not None
        chosen = game.encoder.decode(int(action), before)
        after = apply(before, chosen)
        token = f"p{p} {game.encoder.label(int(action))}"
        logs = [(*log, token) for log in d.logs]
        if before.stage is Stage.DECLARE and after.stage is Stage.PLAY:
            for q, drawn in enumerate(_draws(before, after, p, chosen)):
                if drawn:  # R2.6: each player sees his own draw
                    logs[q] = (*logs[q], f"you draw {format_cards(drawn)}")
        self.deal_ = _Deal(after, d.dealt, tuple(logs))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_CARDS[int(action)]}"
        game: BeziqueGame = self.get_game()
        return game.encoder.label(int(action))

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        s = self.deal_.state
        return s is not None and s.is_over

    def returns(self) -> list[float]:
        """+1 / -1 per side at the end of the deal, 0 for a tie; zeros before."""
        s = self.deal_.state
        if s is None or not s.is_over:
            return [0.0] * self.get_game().num_players()
        return list(deal_returns(s))

    def __str__(self) -> str:
        s = self.deal_.state
        if s is None:
            dealt = self.deal_.dealt
            return f"dealing: {len(dealt)} cards dealt: " + format_cards(
                ALL_CARDS[i] for i in dealt)
        return describe_state(s)


def _draws(before: State, after: State, p: int, action: Action) -> list[list[Card]]:
    """Per player, the cards drawn between ``before`` and ``after`` (R2.6, R2.8): what came
    into his hand or table, less the turn-up an exchange of the seven gave (R4.1)."""
    out = []
    for q in range(len(before.hands)):
        delta = Counter(after.hands[q] + after.tables[q])
        delta.subtract(before.hands[q] + before.tables[q])
        if q == p and isinstance(action, ExchangeSeven) and before.turn_up is not None:
            delta[before.turn_up] -= 1
            delta[action.card] += 1
        out.append(sorted((+delta).elements()))
    return out


def _deal_card(game: BeziqueGame, d: _Deal, face: int) -> _Deal:
    """The deal after the chance outcome ``face``; the position once every card is out."""
    dealt = (*d.dealt, face)
    order = game.order
    k = len(d.dealt)
    logs = d.logs
    owner = order[k]
    if owner is not None and owner >= 0:
        logs = tuple((*log, f"you hold {ALL_CARDS[face]}") if q == owner else log
                     for q, log in enumerate(logs))
    if len(dealt) < len(game.deck):
        return _Deal(None, dealt, logs)
    variant = game.variant
    hands: list[list[Card]] = [[] for _ in range(variant.deal.players)]
    turn_up = None
    stock: list[Card] = []
    for owner, i in zip(order, dealt, strict=True):
        card = ALL_CARDS[i]
        if owner is None:
            stock.append(card)
        elif owner < 0:
            turn_up = card
        else:
            hands[owner].append(card)
    state = setup(variant, hands=hands, turn_up=turn_up, stock=stock, dealer=0)
    if turn_up is not None:
        logs = tuple((*log, f"turn-up {turn_up}") for log in logs)
    return _Deal(state, dealt, logs)


class BeziqueObserver:
    """OpenSpiel's Python observer: a tensor (``observation_tensor``) and a string."""

    def __init__(self, game: BeziqueGame, perfect_recall: bool) -> None:
        self.perfect_recall: bool = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = np.zeros(
            observation_size(game.variant), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {"observation": self.tensor}
        self._arrays = TensorArrays(game.variant)

    def set_from(self, state: BeziqueState, player: int) -> None:
        """Fill the tensor with ``player``'s view of ``state``."""
        s = state.deal_.state
        if s is None:  # while dealing, the player knows his cards so far
            self.tensor.fill(0.0)
            game: BeziqueGame = state.get_game()
            for owner, face in zip(game.order, state.deal_.dealt, strict=False):
                if owner == player:
                    self.tensor[face] += 1.0
            return
        self._arrays.fill(self.tensor, s, player)

    def string_from(self, state: BeziqueState, player: int) -> str:
        """``player``'s view of ``state`` as text (his whole record with perfect recall)."""
        d = state.deal_
        if self.perfect_recall:
            return f"p{player}: " + "; ".join(d.logs[player])
        if d.state is None:
            game: BeziqueGame = state.get_game()
            mine = [ALL_CARDS[face] for owner, face in zip(game.order, d.dealt, strict=False)
                    if owner == player]
            return f"dealing: you hold {format_cards(mine)}"
        return describe_observation(observe(d.state, player))


def resample_from_infostate(state: BeziqueState, player: int,
                            rng: random.Random) -> BeziqueState:
    """A state ``player`` cannot tell from ``state``: the cards he has not seen dealt
    at random (:func:`bezique.determinize`). Its observation and information-state
    strings for ``player`` are those of ``state``; each other player's record holds the
    public actions and the hand he holds in the sample. For IS-MCTS, pass it to
    ``bot.set_resampler`` (``benchmarks/ismcts.py``, ``examples/rl_openspiel.py``)."""
    d = state.deal_
    if d.state is None:
        raise ValueError("resample_from_infostate needs a dealt state, not a chance node")
    sampled = determinize(observe(d.state, player), rng)
    own = d.logs[player]
    public = tuple(token for token in own if not token.startswith("you "))
    logs = tuple(own if q == player else
                 (*public, f"you hold {format_cards(sampled.hands[q])}")
                 for q in range(len(d.logs)))
    game: BeziqueGame = state.get_game()
    new = game.new_initial_state()
    new.deal_ = _Deal(sampled, (), logs)  # the true order of the deal stays hidden
    return new


pyspiel.register_game(_game_type(variants.TWO_PACK), BeziqueGame)
