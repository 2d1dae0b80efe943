"""How many games one client may make: :class:`CreationLimit`, per client address; how
many hints and reviews it may ask for: :class:`RateLimit`.

Two limits, both answered ``429 Too Many Requests`` with ``Retry-After`` (seconds) and
changing nothing:

* a rate: each address has a bucket of ``burst`` games, refilled by one game every
  ``3600 / per_hour`` seconds (so a burst of new games, then ``per_hour`` an hour);
* a quota of *unplayed* games: at most ``unplayed`` games made from one address in which
  no person has acted yet. A person's first action frees the game's place; an unplayed
  game is deleted after ``unplayed_days`` (:mod:`bezique.web.storage`), and its place
  with it. The quota is kept in memory: a restarted server starts it afresh (the
  database still deletes the unplayed games on time).

The address is the client's IP address as the server sees it (the proxy's, behind a
reverse proxy, unless the server is told to trust its ``X-Forwarded-For``:
``docs/deploy.rst``); an IPv6 address counts by its /64 network, which one machine
usually has whole.
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import threading
from collections.abc import Iterator

from bezique.errors import BeziqueError
from bezique.web.views import N_, RequestError, refused

__all__ = ["CreationLimit", "RateLimit", "WaitLimit", "address_key"]

_PRUNE_AT = 10000
"""Addresses kept before the full buckets are forgotten (they are as good as new)."""


def address_key(address: str) -> str:
    """The key an address counts under: itself, or its /64 network for IPv6.

    >>> address_key("2001:db8:1:2:3:4:5:6")
    '2001:db8:1:2::/64'
    >>> address_key("192.0.2.7")
    '192.0.2.7'
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class CreationLimit:
    """The games an address may make (see the module's docstring).

    Args:
        burst: Games an address may make at once.
        per_hour: Games an address may make an hour after the burst.
        unplayed: Games from one address in which no person acted yet, at most.
        unplayed_days: Days after which such a game is deleted (its place freed).

    Raises:
        BeziqueError: for a limit below 1.
    """

    def __init__(self, *, burst: int = 30, per_hour: float = 120.0, unplayed: int = 20,
                 unplayed_days: float = 1.0) -> None:
        if burst < 1 or not per_hour > 0 or unplayed < 1:
            raise BeziqueError("the creation limits must be at least 1 (burst, unplayed) and "
                             "above 0 (per_hour)")
        self.burst: int = burst
        self.per_hour: float = per_hour
        self.unplayed: int = unplayed
        self.unplayed_days: float = unplayed_days
        self._lock = threading.Lock()
        self._rate = RateLimit(burst=burst, per_hour=per_hour, what="new games")
        self._waiting: dict[str, dict[str, float]] = {}
        """Address key -> {game id: when made} of its unplayed games."""
        self._owner: dict[str, str] = {}
        """Unplayed game id -> its address key."""

    def admit(self, address: str, now: float) -> None:
        """Count one more game for ``address``, or refuse it.

        Raises:
            RequestError: 429 with ``Retry-After`` when either limit is reached.
        """
        key = address_key(address)
        with self._lock:
            waiting = self._unplayed_of(key, now)
            if len(waiting) >= self.unplayed:
                free = min(waiting.values()) + self.unplayed_days * 86400.0 - now
                raise _too_many(N_("{count} games from this address have had no move yet; "
                                   "play one (or wait) before making more"), free,
                                count=len(waiting))
            self._rate.admit(address, now)

    def created(self, address: str, game_id: str, now: float) -> None:
        """Note a new game of ``address`` as unplayed."""
        key = address_key(address)
        with self._lock:
            self._waiting.setdefault(key, {})[game_id] = now
            self._owner[game_id] = key

    def played(self, game_id: str) -> None:
        """A person acted in the game: it no longer counts as unplayed."""
        with self._lock:
            key = self._owner.pop(game_id, None)
            if key is not None:
                waiting = self._waiting.get(key, {})
                waiting.pop(game_id, None)
                if not waiting:
                    self._waiting.pop(key, None)

    def _unplayed_of(self, key: str, now: float) -> dict[str, float]:
        waiting = self._waiting.get(key, {})
        oldest = now - self.unplayed_days * 86400.0
        for game_id in [g for g, made in waiting.items() if made < oldest]:
            del waiting[game_id]
            self._owner.pop(game_id, None)
        return waiting


class RateLimit:
    """A bucket of ``burst`` requests per address, refilled by one every
    ``3600 / per_hour`` seconds; a request beyond it is refused (429 with ``Retry-After``).
    The new games of :class:`CreationLimit`, the hints and reviews of
    :mod:`bezique.web.advice` (their search time is counted against the client asking).

    Raises:
        BeziqueError: for a burst below 1 or a rate not above 0.
    """

    def __init__(self, *, burst: int = 30, per_hour: float = 600.0,
                 what: str = "requests") -> None:
        if burst < 1 or not per_hour > 0:
            raise BeziqueError("a rate limit's burst must be at least 1 and its rate above 0")
        self.burst: int = burst
        self.per_hour: float = per_hour
        self.what: str = what
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}
        """Address key -> (requests left, when counted)."""

    def admit(self, address: str, now: float) -> None:
        """Count one more request of ``address``, or refuse it.

        Raises:
            RequestError: 429 with ``Retry-After`` when the address's bucket is empty.
        """
        key = address_key(address)
        with self._lock:
            left = self._left(key, now)
            if left < 1:
                template = _RATES.get(self.what, _RATES[None])
                raise _too_many(template, (1 - left) * 3600.0 / self.per_hour,
                                count=float(self.per_hour), what=self.what)
            self._buckets[key] = (left - 1, now)
            if len(self._buckets) > _PRUNE_AT:
                for full in [k for k in self._buckets if self._left(k, now) >= self.burst]:
                    del self._buckets[full]

    def _left(self, key: str, now: float) -> float:
        left, then = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), left + max(0.0, now - then) * self.per_hour / 3600.0)


class WaitLimit:
    """At most ``per_address`` WebSockets and long polls held open at once from one
    address: an idle socket costs no thread, but a file each, of the server's
    ``--max-connections``; so that no client holds them all. Used from the event loop
    only.

    Raises:
        BeziqueError: for a limit below 1.
    """

    def __init__(self, per_address: int = 200) -> None:
        if per_address < 1:
            raise BeziqueError(f"the waits per address must be at least 1, not {per_address}")
        self.per_address: int = per_address
        self._open: dict[str, int] = {}

    @contextlib.contextmanager
    def hold(self, address: str) -> Iterator[None]:
        """One more wait of ``address`` for the ``with`` block.

        Raises:
            RequestError: 429 when the address holds as many as it may.
        """
        key = address_key(address)
        held = self._open.get(key, 0)
        if held >= self.per_address:
            raise _too_many(N_("{count} WebSockets and long polls are open from this "
                               "address, as many as one address may hold"), 5, count=held)
        self._open[key] = held + 1
        try:
            yield
        finally:
            left = self._open.pop(key) - 1
            if left:
                self._open[key] = left


def _too_many(template: str, wait: float, **params: object) -> RequestError:
    seconds = str(max(1, math.ceil(wait)))
    return refused(429, template, code="too_many", headers={"Retry-After": seconds}, **params)


_RATES: dict[str | None, str] = {
    "new games": N_("at most {count} new games an hour from one address"),
    "hints and reviews": N_("at most {count} hints and reviews an hour from one address"),
    "requests": N_("at most {count} requests an hour from one address"),
    None: N_("at most {count} {what} an hour from one address"),
}
"""A :class:`RateLimit`'s refusal by what it counts (another: the last)."""
