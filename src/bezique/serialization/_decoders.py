"""The decoders of plain JSON values: numbers, strings, lists, objects, cards, suits,
enums; each names the field it reads in its errors."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from bezique.cards import ALL_CARDS, Card, Suit
from bezique.notation import card_text
from bezique.serialization._common import Decoder, describe, fault
from bezique.state import WINDOWS, CartePrivilege

__all__ = ["_bool", "_card", "_carte", "_enum", "_int", "_list", "_nat", "_obj", "_opt",
           "_pair", "_str", "_suit", "_tuple", "_window"]


def _int(v: Any, path: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise fault(path, f"expected a whole number, got {describe(v)}")
    return v


def _nat(v: Any, path: str) -> int:
    if _int(v, path) < 0:
        raise fault(path, f"{v} is negative")
    return int(v)


def _window(v: Any, path: str) -> Any:
    """Window flags are written as their value; out of range stays an int for the checks."""
    n = _int(v, path)
    return WINDOWS[n] if 0 <= n < len(WINDOWS) else n


def _carte(v: Any, path: str) -> Any:
    """A carte blanche privilege is written as its value; out of range stays an int."""
    n = _int(v, path)
    return CartePrivilege(n) if 0 <= n <= max(CartePrivilege) else n


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise fault(path, f"expected true or false, got {describe(v)}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise fault(path, f"expected a string, got {describe(v)}")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        raise fault(path, f"expected a list, got {describe(v)}")
    return v


def _obj(v: Any, path: str, fields: Iterable[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise fault(path, f"expected an object, got {describe(v)}")
    wanted = list(fields)
    missing = [f for f in wanted if f not in v]
    if missing:
        raise fault(path, f"missing field {missing[0]!r}")
    extra = sorted(k for k in v if k not in wanted)
    if extra:
        raise fault(path, f"unknown field {extra[0]!r}")
    return v


_CARD_BY_TEXT = {card_text(card): card for card in ALL_CARDS}


def _card(v: Any, path: str) -> Card:
    card = _CARD_BY_TEXT.get(v) if isinstance(v, str) else None
    if card is not None:
        return card
    if not isinstance(v, str):
        raise fault(path, f"expected a card such as \"QS\", got {describe(v)}")
    try:
        return Card.parse(v)
    except ValueError:
        raise fault(path, f"{v!r} is not a card") from None


def _suit(v: Any, path: str) -> Suit:
    text = _str(v, path).strip().upper()
    for suit in Suit:
        if text in (suit.letter, suit.value):
            return suit
    raise fault(path, f"{v!r} is not a suit (use S, H, D or C)")


def _enum(cls: type[enum.Enum]) -> Decoder:
    def decode(v: Any, path: str) -> Any:
        if isinstance(v, str):
            for member in cls:
                if member.value == v:
                    return member
        allowed = ", ".join(repr(m.value) for m in cls)
        raise fault(path, f"{describe(v)} is not one of {allowed}")
    return decode


def _opt(decode: Decoder) -> Decoder:
    def decode_opt(v: Any, path: str) -> Any:
        return None if v is None else decode(v, path)
    return decode_opt


def _tuple(decode: Decoder) -> Decoder:
    def decode_tuple(v: Any, path: str) -> tuple[Any, ...]:
        return tuple(decode(x, f"{path}[{i}]") for i, x in enumerate(_list(v, path)))
    return decode_tuple


def _pair(first: Decoder, second: Decoder, what: str) -> Decoder:
    def decode_pair(v: Any, path: str) -> tuple[Any, Any]:
        items = _list(v, path)
        if len(items) != 2:
            raise fault(path, f"expected {what}, not {len(items)} items")
        return (first(items[0], f"{path}[0]"), second(items[1], f"{path}[1]"))
    return decode_pair


