"""Helpers for scenario tests: explicit two-pack positions where player 0 wins trick after trick.

Player 0 is the dealer, so player 1 is the elder and leads the first trick; from then on
player 0 (who wins every trick played through :func:`win`) leads. The stock is built so that
player 0 draws ``draws0[i]`` and player 1 ``draws1[i]`` after the ``i``-th trick; the rest of
the stock is harmless filler (low cards that form no combination), so the only declarations
open to player 0 are the ones the test gives him.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence

import bezique as bz
from bezique.state import Stage
from scenario import close_announcements

TWO_PACK = bz.variants.TWO_PACK

LOSER = "7D 7D 8D 8D 7C 7C 8C 8C"
"""A hand for player 1 that never wins a trick against sensible play by player 0."""

_FILLER_RANKS = ("9", "8", "10", "7")


def cards(text: str | Sequence[bz.Card]) -> tuple[bz.Card, ...]:
    """Cards from text (or a sequence of cards), in the order given."""
    return tuple(bz.parse_cards(text))


def position(p0: str, p1: str = LOSER, *, turn_up: str = "9H", draws0: str = "",
             draws1: str = "", tricks: int = 6, variant: bz.Variant = TWO_PACK) -> bz.State:
    """A two-pack position: player 0 deals, player 1 leads, stock for ``tricks`` phase-1 tricks.

    ``draws0`` / ``draws1``: what players 0 and 1 draw after the first, second, ... trick
    (player 0 draws first, as the winner). Missing draws, and the rest of the stock, are
    filler: low cards (7 to 10) of the plain suits, then the trump 9 and 8 (never a trump seven,
    a court or an ace).
    """
    d0, d1 = list(cards(draws0)), list(cards(draws1))
    assert max(len(d0), len(d1)) <= tricks, "more draws than tricks"
    up = bz.Card.parse(turn_up)
    trump = up.suit
    used = Counter([*cards(p0), *cards(p1), up, *d0, *d1])
    plain = [f"{rank}{suit.letter}" for rank in _FILLER_RANKS for suit in bz.Suit
             if suit is not trump]
    low_trumps = [f"9{trump.letter}", f"8{trump.letter}"]
    filler: list[bz.Card] = []
    for card in cards(" ".join(plain + low_trumps)):
        filler.extend([card] * (2 - used[card]))
    filler.reverse()

    def take(explicit: list[bz.Card], i: int) -> bz.Card:
        if i < len(explicit):
            return explicit[i]
        assert filler, "not enough filler cards for the stock"
        return filler.pop()

    stock: list[bz.Card] = []
    for i in range(tricks):
        stock.append(take(d0, i))
        stock.append(take(d1, i))
    stock.pop()  # the loser of the last phase-1 trick takes the turn-up
    return bz.setup(variant, hands=[p0, p1], turn_up=up, stock=stock, dealer=0)


def win(state: bz.State, card: str | bz.Card, reply: str | bz.Card | None = None) -> bz.State:
    """Play one trick that player 0 wins with ``card``; returns the state after it (in
    phase 1, player 0's declaration window, before anyone draws).

    Player 1's card is ``reply`` if given, otherwise the first card of his hand that lets
    player 0 win (he leads it when it is his lead).
    """
    c0 = card if isinstance(card, bz.Card) else bz.Card.parse(card)
    state = close_announcements(state)
    assert state.stage is Stage.PLAY and not state.trick, "win() starts a fresh trick"
    if reply is not None:
        options = [reply if isinstance(reply, bz.Card) else bz.Card.parse(reply)]
    else:
        options = list(dict.fromkeys(state.hands[1]))
    for c1 in options:
        if state.to_move == 1:
            after = bz.apply(bz.apply(state, bz.Play(c1)), bz.Play(c0))
        else:
            led = bz.apply(state, bz.Play(c0))
            if not bz.is_legal(led, bz.Play(c1)):
                continue  # phase 2: player 1 must follow
            after = bz.apply(led, bz.Play(c1))
        if after.last_winner == 0:
            if after.phase == 1:
                assert after.stage is Stage.DECLARE and after.to_move == 0
            return after
    raise AssertionError(f"player 0 cannot win a trick with {c0} here")


def declare(kind: bz.MeldKind, text: str) -> bz.Declare:
    """``Declare(kind, cards)`` from card text."""
    return bz.Declare(kind, cards(text))


def declarations(state: bz.State) -> list[bz.Declare]:
    """The combinations listed in the legal actions (trump-seven declarations excluded)."""
    return [a for a in bz.legal_actions(state)
            if isinstance(a, bz.Declare) and a.meld is not bz.MeldKind.TRUMP_SEVEN]


def pass_(state: bz.State) -> bz.State:
    """Close the declaration window."""
    return bz.apply(state, bz.Pass())


def snapshot(state: bz.State) -> tuple[bz.State, str]:
    """A copy of ``state`` and a text of all its fields, to check later that nothing changed."""
    fields = {name: getattr(state, name) for name in _FIELDS}
    return copy.copy(state), repr(fields)


_FIELDS = ("dealer", "seed", "stage", "to_move", "leader", "phase", "hands", "table", "stock",
           "turn_up", "trump", "trick", "active", "window", "combos", "melds", "sevens",
           "brisques", "last_trick", "tricks", "last_winner", "played")


def assert_illegal(state: bz.State, action: object, *rule_ids: str) -> str:
    """``action`` raises IllegalActionError citing one of ``rule_ids``; ``state`` is unchanged.

    Checks both :func:`bz.apply` and :func:`bz.check_action`, and that ``is_legal`` says no
    and the action is not listed. Returns the message.
    """
    before, text = snapshot(state)
    listed = bz.legal_actions(state)
    assert action not in listed, f"{action} is listed as legal"
    try:
        bz.apply(state, action)  # type: ignore[arg-type]
    except bz.IllegalActionError as exc:
        message = str(exc)
    else:
        raise AssertionError(f"{action} was accepted")
    assert any(rule in message for rule in rule_ids), (
        f"message {message!r} cites none of {rule_ids}")
    assert not bz.is_legal(state, action)  # type: ignore[arg-type]
    assert state == before and snapshot(state)[1] == text, "the illegal action changed the state"
    assert bz.legal_actions(state) == listed
    return message
