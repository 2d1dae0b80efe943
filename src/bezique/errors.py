"""The exception tree of :mod:`bezique`.

Every error the library raises on bad input is a :class:`BeziqueError`, and
every :class:`BeziqueError` is also a :class:`ValueError`, so callers that only
care about "the input was wrong" can catch the built-in type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "BeziqueError",
    "BotError",
    "DealNotOverError",
    "IllegalActionError",
    "InvariantError",
    "NotYourTurnError",
    "NotationError",
    "SerializationError",
    "SetupError",
    "SimulationError",
    "VariantError",
]


class BeziqueError(ValueError):
    """Base class of every error raised by :mod:`bezique` on bad input."""


class IllegalActionError(BeziqueError):
    """An action that the rules do not allow in the given state.

    The message names the rule that forbids it, by the id the rules pages of
    the documentation give it (such as ``R2.10``). The state the action was
    applied to is never changed.

    The same facts are machine-readable, set where the error is raised, so
    that a frontend can highlight or translate the rule without reading the
    message: :attr:`rule` and :attr:`action`; and :attr:`message_id` with :attr:`params`,
    from which :func:`bezique.i18n.message` renders the refusal in another language.

    >>> import bezique as bz
    >>> try:
    ...     bz.apply(bz.new_deal(bz.variants.TWO_PACK, seed=3), bz.Pass())
    ... except bz.IllegalActionError as err:
    ...     print(err.rule, err.action)
    R2.6 pass
    """

    rule: str | None
    """The id of the rule that refuses the action (``"R2.10"``); ``None`` where no rule
    applies (the deal is over, or what was given is not an action)."""
    action: Any
    """The action refused (what was given, when it is not an action at all); ``None``
    when the error was raised without one."""

    message_id: str | None
    """The id of the message (``"R2.10/follow-suit"``), which starts with :attr:`rule`;
    ``None`` when the error was raised with a bare message."""
    params: Mapping[str, Any]
    """The values filled into the message (``{"player": 0, "card": Card("Q", "S")}``):
    players, cards, suits, melds; empty when there are none."""

    def __init__(self, message: str, *, rule: str | None = None, action: Any = None,
                 message_id: str | None = None, params: Mapping[str, Any] | None = None,
                 ) -> None:
        super().__init__(message)
        self.rule = rule
        self.action = action
        self.message_id = message_id
        self.params = dict(params) if params else {}


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to move (``player=`` of
    :func:`bezique.apply`, :func:`bezique.check_action`, the record form
    ``"1: play QS"`` of :func:`bezique.parse_action`).

    Nothing changes. :attr:`player` is the seat that tried to act and :attr:`to_move` the
    seat whose turn it is. :attr:`rule` names the turn order being broken: ``"R2.4"``
    while a card is to be played (the leader, then the others in turn), ``"R2.6"`` in a
    declaration window (it belongs to the trick's winner, R11.8 for a partner's window),
    ``"R9.4"`` while the dealer guesses the packet.

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.TWO_PACK, seed=3)
    >>> try:
    ...     bz.apply(state, bz.legal_actions(state)[0], player=0)
    ... except bz.NotYourTurnError as err:
    ...     print(err.player, err.to_move, err.rule)
    ...     print(err)
    0 1 R2.4
    R2.4: player 0 may not act now: it is player 1's turn

    Its :attr:`~IllegalActionError.message_id` is ``"R2.4/not-your-turn"`` (the rule's) and
    its :attr:`~IllegalActionError.params` ``player`` and ``to_move``, so that
    :func:`bezique.i18n.message` tells it in another language.
    """

    player: int
    """The seat that tried to act."""
    to_move: int | None
    """The seat whose turn it is."""

    def __init__(self, player: int, to_move: int | None, rule: str | None = "R2.4",
                 action: Any = None) -> None:
        super().__init__(f"{rule}: player {player} may not act now: it is player "
                         f"{to_move}'s turn", rule=rule, action=action,
                         message_id=f"{rule}/not-your-turn" if rule in _TURN_RULES else None,
                         params={"player": player, "to_move": to_move})
        self.player = player
        self.to_move = to_move

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.player, self.to_move, self.rule, self.action))


_TURN_RULES = frozenset({"R2.4", "R2.6", "R9.4", "R11.8"})
"""The turn orders a :class:`NotYourTurnError` has a message id for (``"R2.4/not-your-turn"``,
:mod:`bezique._messages`); with another rule it is told in English only."""


class BotError(BeziqueError):
    """A bot that cannot decide: asked to choose when it is not its turn, or built with a
    setting out of range (``SearchBot(iterations=0)``)."""


class DealNotOverError(BeziqueError):
    """A result asked of a deal (or a game) that has not ended yet.

    >>> import bezique as bz
    >>> bz.deal_result(bz.new_deal(bz.variants.TWO_PACK, seed=3))
    Traceback (most recent call last):
    ...
    bezique.errors.DealNotOverError: the deal is not over yet; there is no result
    """


class NotationError(BeziqueError):
    """Text that is not valid card or action notation."""


class SetupError(BeziqueError):
    """An explicit position that the variant's packs cannot produce."""


class SerializationError(BeziqueError):
    """A JSON document or record that cannot be read back."""


class SimulationError(BeziqueError):
    """Arguments :func:`bezique.simulate` cannot play: a bad count, a wrong number of bots."""


class VariantError(BeziqueError):
    """An unknown variant name, option name or option value."""


class InvariantError(BeziqueError):
    """A state or a transition that the rules cannot reach (:mod:`bezique.testing`).

    ``field`` names the state's field found wrong (``"hands[1]"``, ``"stage"``),
    or is ``None`` when the fault is not one field's; ``reason`` says what is wrong.
    """

    def __init__(self, reason: str, field: str | None = None) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.reason = reason
        """What is wrong, without the field."""
        self.field = field
        """The field of the state found wrong, or ``None``."""
