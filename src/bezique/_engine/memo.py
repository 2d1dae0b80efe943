"""A state's cache of its legal actions (``State.memo`` where the transition that made the
state did not list them): named slots, read in C, with no position kept beside them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, final

if TYPE_CHECKING:
    from bezique.actions import Action

__all__ = ["Cache", "fresh_cache"]


@final
class Cache:
    """A state's cache (its ``memo`` field): the legal actions, ``None`` until computed
    (:func:`bezique.legal_actions`), and in a window offering declarations their plans
    (``plans``, set only there). Named slots: a slot's attribute is read in C (CPython
    specialises it) and needs no position kept beside it. Not compared, hashed or written
    with the state."""

    __slots__ = ("actions", "plans")

    actions: tuple[Action, ...] | None
    """The state's legal actions, or ``None`` until computed."""
    plans: dict[Any, Any]
    """A window's declarations and announcements, each to its plan (unset elsewhere)."""

    def clear(self) -> None:
        """Forget what is cached, as in a state just built."""
        self.actions = None
        if hasattr(self, "plans"):
            del self.plans

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied with what it holds, in every pickle protocol."""
        return _restored_cache, (self.actions, getattr(self, "plans", None))


def _restored_cache(actions: tuple[Action, ...] | None, plans: dict[Any, Any] | None) -> Cache:
    """A cache holding ``actions`` and, unless ``None``, ``plans`` (:meth:`Cache.__reduce__`)."""
    cache = Cache()
    cache.actions = actions
    if plans is not None:
        cache.plans = plans
    return cache


def fresh_cache() -> Cache:
    """An empty cache: no legal actions computed yet."""
    cache = Cache()
    cache.actions = None
    return cache
