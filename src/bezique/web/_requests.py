"""Reading a request of the web app: its language, token, ``after``, body and action, each
refused in the request's language when it is not what the API takes (400, 401, 408, 413,
415: :func:`bezique.web.views.refused`); :func:`refusal` for the answers written outside
a route (404, 405, 500, 501, 503).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.websockets import WebSocket

from bezique import i18n
from bezique.web.views import N_, RequestError, refused, server_words

__all__ = ["MAX_BODY", "MAX_DEPTH", "action", "after", "body", "lang", "lang_of_query",
           "lang_or_english", "parse_json", "refusal", "token"]

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (413 beyond)."""

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects a JSON body may have (400 beyond)."""

_DRAIN = 1024 * 1024
_AFTER = re.compile(r"[0-9]{1,9}")


def lang(request: Request | WebSocket) -> str:
    """The request's language (``?lang=``, English by default).

    Raises:
        RequestError: 400 for a language the library does not speak (in English).
    """
    given = request.query_params.getlist("lang")
    code = given[-1] if given else "en"
    if code not in i18n.LANGUAGES:
        raise RequestError(400, f"unknown language {code[:20]!r}; the languages are: "
                                f"{', '.join(i18n.LANGUAGES)}")
    return code


def lang_or_english(request: Request | WebSocket) -> str:
    """The request's language, English for one the library does not speak."""
    try:
        return lang(request)
    except RequestError:
        return "en"


def lang_of_query(query: bytes) -> str:
    """The language of a raw query string (``b"lang=fi"``), English by default or for one
    the library does not speak: for the answers written before a route reads it."""
    given = parse_qs(query.decode("latin-1")).get("lang", [])
    return given[-1] if given and given[-1] in i18n.LANGUAGES else "en"


def refusal(lang: str, template: str, **params: object) -> dict[str, Any]:
    """The JSON of a refusal written outside a route: ``{"error", "rule", "message"}``,
    ``message`` in ``lang`` (``template``: an English text marked with ``N_``)."""
    return {"error": server_words(template, params, "en"), "rule": None,
            "message": server_words(template, params, lang)}


def token(header: str | None) -> str:
    """The seat token of an ``Authorization: Bearer <token>`` header.

    Raises:
        RequestError: 401 without the header or with one that is not ``Bearer <token>``.
    """
    if header is None:
        raise refused(401, N_("a seat's request needs its token: Authorization: Bearer "
                              "<token>"))
    scheme, _, found = header.strip().partition(" ")
    found = found.strip()
    if scheme.lower() != "bearer" or not found or " " in found or len(found) > 200:
        raise refused(401, N_("the Authorization header must be 'Bearer <token>'"))
    return found


def after(request: Request) -> int | None:
    """``N`` of ``?after=N``, or ``None``.

    Raises:
        RequestError: 400 for anything but a number of actions (ASCII digits).
    """
    values = request.query_params.getlist("after")
    if not values:
        return None
    if not _AFTER.fullmatch(values[-1]):
        raise refused(400, N_("after must be a number of actions, not {given}"),
                      given=repr(values[-1][:20]))
    return int(values[-1])


async def body(request: Request, timeout: float) -> bytes:
    """The request's body, read in ``timeout`` seconds.

    Raises:
        RequestError: 400 for a bad ``Content-Length``, 413 for a body over
            :data:`MAX_BODY` (read and dropped up to 1 MiB first, so that the client reads
            the answer), 408 for a body that does not arrive in time.
    """
    length = request.headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit() and len(length) < 16):
        raise refused(400, N_("a bad Content-Length"))
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    if size > _DRAIN:
                        break
                    continue
                chunks.append(chunk)
    except TimeoutError:
        raise refused(408, N_("the body did not arrive within {seconds} s"),
                      headers={"Connection": "close"}, seconds=float(timeout)) from None
    if size > MAX_BODY or (length is not None and int(length) > MAX_BODY):
        raise refused(413, N_("the body has {size} bytes; at most {most} are accepted"),
                      headers={"Connection": "close"}, size=length or size, most=MAX_BODY)
    return b"".join(chunks)


def _depth(value: object) -> int:
    """How deeply arrays and objects nest in ``value`` (0 for a scalar)."""
    deepest, level = 0, [(value, 0)]
    while level:
        item, depth = level.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            level.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            level.extend((v, depth + 1) for v in item)
    return deepest


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: bytes, content_type: str | None) -> object:
    """A ``POST`` body: JSON of at most :data:`MAX_DEPTH` levels, sent as such.

    Raises:
        RequestError: 415 for another content type, 400 for anything but such JSON.
    """
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise refused(415, N_("the body must be application/json, not {given}"),
                      given=repr(media[:40] or "untyped"))
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise refused(400, N_("the body is not JSON: it nests too deep")) from None
    except UnicodeDecodeError:
        raise refused(400, N_("the body is not JSON: it is not UTF-8")) from None
    except json.JSONDecodeError as exc:
        raise refused(400, N_("the body is not JSON: line {line}, column {column}"),
                      line=exc.lineno, column=exc.colno) from None
    except ValueError as exc:  # NaN, Infinity, or a number of too many digits
        raise (refused(400, N_("the body is not JSON: a number has too many digits"))
               if "digits" in str(exc) else
               refused(400, N_("the body is not JSON: {given} is no JSON value"),
                       given=str(exc).split()[0])) from None
    if _depth(value) > MAX_DEPTH:
        raise refused(400, N_("the body nests deeper than {depth} levels"), depth=MAX_DEPTH)
    return value


def action(request_body: object) -> tuple[str, int | None]:
    """The action and the ``after`` of an action's request.

    Raises:
        RequestError: 400 for another body.
    """
    if not isinstance(request_body, dict) or not isinstance(request_body.get("action"), str):
        raise refused(400, N_('the request must be {{"action": "<notation>"}} (and "after": '
                              'the number of moves seen)'))
    seen = request_body.get("after")
    if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)
                             or not 0 <= seen < 10**9):
        raise refused(400, N_("after must be the number of moves the client saw"))
    if len(request_body["action"]) > 200:
        raise refused(400, N_("the action is too long to be one"))
    return request_body["action"], seen
