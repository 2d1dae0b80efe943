"""What every check shares: raising, the deck, and tricks restated from the rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NoReturn

from bezique.cards import Card, Suit, pack
from bezique.errors import InvariantError
from bezique.state import State
from bezique.variants import Variant

__all__ = ["expected_follow", "fail", "from_won_cards", "full_deck",
           "held", "phase1_tricks", "require", "short", "trick_winner"]


def fail(field: str | None, reason: str) -> NoReturn:
    """Raise the :class:`InvariantError` for ``field`` of the state."""
    raise InvariantError(reason, field)


def require(condition: bool, field: str | None, reason: str) -> None:
    """Raise the :class:`InvariantError` for ``field`` unless ``condition`` holds."""
    if not condition:
        raise InvariantError(reason, field)


def require_value(condition: bool, field: str | None, value: object, what: str) -> None:
    """Like :func:`require`, the reason ``"<value> <what>"``, built only on failure (the
    checker runs on every state of a soak: a passing check formats nothing)."""
    if not condition:
        raise InvariantError(f"{short(value)} {what}", field)


def short(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def full_deck(variant: Variant) -> Counter[Card]:
    """Every card of the variant's deck, as a multiset (R1.1)."""
    return Counter(pack(variant.packs))


def phase1_tricks(variant: Variant) -> int:
    """Tricks played while the stock lasts in a dealt deal: the undealt cards over the
    players (R2.3)."""
    undealt = 32 * variant.packs - variant.players * variant.hand_size
    return undealt // variant.players


def from_won_cards(variant: Variant) -> bool:
    """Whether combinations are made of won cards (Fildinski, R11.5)."""
    return variant.melds.source.value == "won_cards"


def held(state: State, player: int) -> Counter[Card]:
    """The cards ``player`` holds: hand and table."""
    return Counter(state.hands[player]) + Counter(tc.card for tc in state.table[player])


def trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> int:
    """The player who wins ``trick`` (R1.3), read from the rules.

    The highest trump wins; without a trump the highest card of the suit led; of two
    identical winning cards the one played first.
    """
    led = trick[0][1].suit

    def strength(card: Card) -> tuple[int, int]:
        if trump is not None and card.suit is trump:
            return (2, int(card.rank))
        if card.suit is led:
            return (1, int(card.rank))
        return (0, 0)

    best = max(strength(card) for _, card in trick)
    return next(player for player, card in trick if strength(card) == best)


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    """Whether ``card`` played now would take the trick from ``best`` (R1.3)."""
    if trump is not None and card.suit is trump:
        return best.suit is not trump or card.rank > best.rank
    if card.suit is led:
        return best.suit is led and card.rank > best.rank
    return False


def expected_follow(hand: Iterable[Card], trick: Sequence[tuple[int, Card]],
                    trump: Suit | None, trump_when_losing: bool = True) -> set[Card]:
    """The cards a follower may play in phase 2 (R2.10, R11.9), read from the rules.

    Follow suit if able, beating the best card so far if able; void in the suit led, a
    trump that beats it if able, otherwise any trump (any card if the variant does not
    oblige a losing trump, R7.1); holding neither, any card.
    """
    cards = set(hand)
    led = trick[0][1].suit
    best_player = trick_winner(trick, trump)
    best = next(card for player, card in trick if player == best_player)
    suit = {c for c in cards if c.suit is led}
    if suit:
        return {c for c in suit if _beats(c, best, led, trump)} or suit
    trumps = {c for c in cards if trump is not None and c.suit is trump}
    if not trumps:
        return cards
    winning = {c for c in trumps if _beats(c, best, led, trump)}
    if winning:
        return winning
    return trumps if trump_when_losing else cards

