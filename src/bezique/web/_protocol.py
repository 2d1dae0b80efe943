"""uvicorn's HTTP/1.1 protocol (h11), with a deadline for a request's head and JSON refusals.

Each answer's head and body are sent in one system call (uvicorn makes two). uvicorn
closes an idle keep-alive connection (``timeout_keep_alive``) but waits for an
unfinished request head forever; :class:`GuardedProtocol` gives every head
``head_timeout`` seconds from the connection's start or the previous answer, then
answers 408 and closes. It also refuses a head of more than ``max_headers`` fields (431)
or a request line longer than h11's limit (414; a head over it: 431), in JSON like the
app's other errors, where uvicorn would answer a plain-text 400 (these come before a
request is read, so they are in English). Beyond ``limit_concurrency`` (``bezique serve
--max-connections``) a request is answered 503 in JSON, in the request's language
(``?lang=``). A WebSocket, once upgraded, is another protocol's and never timed out here.
"""

from __future__ import annotations

import asyncio
import json
from http import HTTPStatus
from typing import Any

import h11
from h11._connection import DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
from uvicorn.protocols.http.h11_impl import H11Protocol

from bezique.web._requests import lang_of_query, refusal
from bezique.web.views import N_

__all__ = ["GuardedProtocol", "protocol_class"]


class _Connection(h11.Connection):
    """h11's server connection that remembers why it refused a request, and counts the
    head's fields before the head is complete."""

    def __init__(self, max_incomplete_event_size: int, max_headers: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_incomplete_event_size)
        self.max_headers = max_headers
        self.refusal: tuple[int, str] | None = None

    def next_event(self) -> Any:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as exc:
            self.refusal = self._refusal_of(exc)
            raise
        head_open = event is h11.NEED_DATA and self.their_state is h11.IDLE
        fields = (len(event.headers) if isinstance(event, h11.Request)
                  else self._pending().count(b"\n") - 1 if head_open else 0)
        if fields > self.max_headers:
            self.refusal = (431, f"a request may have at most {self.max_headers} header fields")
            raise h11.RemoteProtocolError(self.refusal[1], error_status_hint=431)
        return event

    def _pending(self) -> bytes:
        return bytes(self._receive_buffer)  # h11 0.14-0.16: the bytes not yet parsed

    def _refusal_of(self, exc: h11.RemoteProtocolError) -> tuple[int, str]:
        if exc.error_status_hint == 431 and b"\n" not in self._pending():
            return 414, "the request line is too long"
        if exc.error_status_hint == 431:
            return 431, "the request's head is too long"
        return exc.error_status_hint, f"a malformed request: {exc}"


class _Coalescing:
    """A connection's transport for one answer: what is written in one turn of the event
    loop (the head, then the body) is sent in one system call, not one each."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._parts: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._parts:
            self._loop.call_soon(self._flush)
        self._parts.append(data)

    def _flush(self) -> None:
        parts, self._parts = self._parts, []
        if parts and not self._transport.is_closing():
            self._transport.write(b"".join(parts))

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def close(self) -> None:
        self._flush()
        self._transport.close()


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request head (see the module)."""

    head_timeout = 10.0
    """Seconds a request's head may take to arrive, from the connection or last answer."""
    max_headers = 100
    """Header fields a request may have."""
    extra_headers: tuple[tuple[str, str], ...] = ()
    """Headers of the refusals written here (the app's security headers)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        size = self.config.h11_max_incomplete_event_size or DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
        self.conn = _Connection(size, self.max_headers)
        self._head_timer: asyncio.TimerHandle | None = None
        self._most, self.limit_concurrency = self.limit_concurrency, None  # kept here
        self.app = self._limited(self.app)

    def _limited(self, app: Any) -> Any:
        """``app`` behind uvicorn's ``limit_concurrency``: 503 beyond it, in JSON in the
        request's language (uvicorn answers in plain English)."""
        async def limited(scope: Any, receive: Any, send: Any) -> None:
            most = self._most  # the task of this request is counted already
            if most is not None and (len(self.connections) >= most or len(self.tasks) > most):
                self.logger.warning("Exceeded concurrency limit.")
                body = json.dumps(refusal(lang_of_query(scope.get("query_string", b"")), N_(
                    "the server is at its limit of {count} connections and requests at "
                    "once; try again shortly"), count=most)).encode()
                await send({"type": "http.response.start", "status": 503, "headers": [
                    (b"content-type", b"application/json; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
                    *((k.lower().encode(), v.encode()) for k, v in self.extra_headers)]})
                await send({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send)
        return limited

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        cycle = self.cycle
        if cycle is not None and not isinstance(cycle.transport, _Coalescing):
            cycle.transport = _Coalescing(self.transport, self.loop)  # type: ignore[assignment]

    def send_400_response(self, msg: str) -> None:
        refusal = self.conn.refusal if isinstance(self.conn, _Connection) else None
        self._refuse(*(refusal or (400, msg)))

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_late, self.cycle)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self, cycle: object) -> None:
        """No request began since the timer was set: refuse and close (unless the
        connection has become a WebSocket's or is gone)."""
        self._head_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        idle = self.cycle is None or self.cycle.response_complete
        if self.cycle is cycle and idle:
            self._refuse(408, f"the request did not arrive within {self.head_timeout:g} s")

    def _refuse(self, status: int, text: str) -> None:
        """Answer ``status`` with the app's JSON error, then close the connection."""
        body = json.dumps({"error": text, "rule": None, "message": text}).encode()
        phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else ""
        head = [f"HTTP/1.0 {status} {phrase}", "Content-Type: application/json; charset=utf-8",
                f"Content-Length: {len(body)}", "Connection: close",
                *(f"{name}: {value}" for name, value in self.extra_headers)]
        self.transport.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        self.transport.close()


def protocol_class(head_timeout: float, max_headers: int,
                   extra_headers: dict[str, str]) -> type[GuardedProtocol]:
    """A :class:`GuardedProtocol` with these limits, for ``uvicorn.Config(http=...)``."""
    return type("GuardedProtocol", (GuardedProtocol,), {
        "head_timeout": head_timeout, "max_headers": max_headers,
        "extra_headers": tuple(extra_headers.items())})
