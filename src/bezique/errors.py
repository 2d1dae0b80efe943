"""The exception tree of :mod:`bezique`.

Every error the library raises on bad input is a :class:`BeziqueError`, and
every :class:`BeziqueError` is also a :class:`ValueError`, so callers that only
care about "the input was wrong" can catch the built-in type.
"""

from __future__ import annotations

__all__ = [
    "BeziqueError",
    "IllegalActionError",
    "InvariantError",
    "NotationError",
    "SerializationError",
    "SetupError",
    "VariantError",
]


class BeziqueError(ValueError):
    """Base class of every error raised by :mod:`bezique` on bad input."""


class IllegalActionError(BeziqueError):
    """An action that the rules do not allow in the given state.

    The message names the rule (an id of RULES.md such as ``R2.10``) that
    forbids it. The state the action was applied to is never changed.
    """


class NotationError(BeziqueError):
    """Text that is not valid card or action notation."""


class SetupError(BeziqueError):
    """An explicit position that the variant's packs cannot produce."""


class SerializationError(BeziqueError):
    """A JSON document or record that cannot be read back."""


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
