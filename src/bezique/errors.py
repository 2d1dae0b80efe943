"""The exception tree of :mod:`bezique`.

Every error the library raises on bad input is a :class:`BeziqueError`, and
every :class:`BeziqueError` is also a :class:`ValueError`, so callers that only
care about "the input was wrong" can catch the built-in type.
"""

from __future__ import annotations

__all__ = [
    "BeziqueError",
    "IllegalActionError",
    "NotationError",
    "SerializationError",
    "SetupError",
    "VariantError",
]


class BeziqueError(ValueError):
    """Base class of every error raised by :mod:`bezique` on bad input."""


class IllegalActionError(BeziqueError):
    """An action that the rules do not allow in the given state.

    The message names the rule that forbids it, by the id the rules pages of
    the documentation give it (such as ``R2.10``). The state the action was
    applied to is never changed.
    """


class NotationError(BeziqueError):
    """Text that is not valid card or action notation."""


class SetupError(BeziqueError):
    """An explicit position that the variant's packs cannot produce."""


class SerializationError(BeziqueError):
    """A JSON document or record that cannot be read back."""


class VariantError(BeziqueError):
    """An unknown variant name, option name or option value."""
