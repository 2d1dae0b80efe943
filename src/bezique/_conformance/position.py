"""A position the rules can reach: cards, sizes, turns, stages and the declaration window.

A dealt position (one with a seed) holds the whole deck and the sizes the variant
deals; a position set up by hand (:func:`bezique.setup`, seed ``None``) may hold fewer
cards and smaller hands, all of one size. Checked after :mod:`.shape`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bezique._conformance.common import fail, full_deck, phase1_tricks, require
from bezique._engine.dealing import PACKET_RANGE
from bezique._engine.tricks import trick_order
from bezique.cards import Card
from bezique.state import Stage, State

__all__ = ["check_cards", "check_flow", "check_sizes", "count_copies"]

_PARTNER = 8
"""The window flag of the partner's turn (:mod:`bezique.transitions`)."""


def count_copies(counts: Counter[Card], cards: Iterable[Card], packs: int, field: str) -> None:
    """Add ``cards`` (the field ``field``) to ``counts``; fail at a copy the packs lack."""
    cards = tuple(cards)
    counts.update(cards)
    if max(counts.values(), default=0) <= packs:
        return
    counts.subtract(cards)  # find the first copy too many, to name it
    for i, card in enumerate(cards):
        counts[card] += 1
        if counts[card] > packs:
            fail(f"{field}[{i}]", f"copy {counts[card]} of {card} is more than the {packs} "
                                  f"pack{'s' if packs > 1 else ''} hold (R1.1)")


def check_cards(s: State) -> None:
    """No card is duplicated, and none lost in a dealt position (R1.1)."""
    variant = s.variant
    packs = variant.packs
    counts: Counter[Card] = Counter()
    for p, hand in enumerate(s.hands):
        count_copies(counts, hand, packs, f"hands[{p}]")
    for p, table in enumerate(s.table):
        count_copies(counts, (tc.card for tc in table), packs, f"table[{p}]")
    count_copies(counts, s.stock, packs, "stock")
    count_copies(counts, () if s.turn_up is None else (s.turn_up,), packs, "turn_up")
    count_copies(counts, (card for _, card in s.trick), packs, "trick")
    count_copies(counts, s.played, packs, "played")
    total = sum(counts.values())
    if s.seed is not None and total != 32 * packs:
        lost = sorted((full_deck(variant) - counts).elements())
        fail(None, f"the position holds {total} cards, but the deck has {32 * packs} "
                   f"(lost {' '.join(map(str, lost[:8]))}{' ...' if len(lost) > 8 else ''})")


def check_flow(s: State) -> None:
    """Stage, phase, turn and trick agree (R2.4, R2.6, R9.4)."""
    variant = s.variant
    n = variant.players
    stage = s.stage
    order = trick_order(s.leader, s.active)  # who plays each card (R2.4)
    played_to = s.trick_indexes
    require(len(played_to) < len(s.active), "trick", "a complete trick is still on the table")
    require((stage is Stage.OVER) == (s.to_move is None), "to_move",
            f"{s.to_move} does not fit the stage {stage.value!r} (none exactly when the deal "
            "is over)")
    require(stage is Stage.PLAY or not played_to, "trick",
            f"no trick is under way at stage {stage.value!r}")
    require(stage is Stage.DECLARE or s.window == 0, "window",
            f"window flags {s.window} outside a declaration window")
    if s.phase == 1 or n != 4 or variant.legality.phase2.value != "duels":
        require(s.active == tuple(range(n)), "active", "every player plays each trick")
    else:
        a = s.active
        require(len(a) == 2 and a[1] in ((a[0] + 1) % n, (a[0] - 1) % n), "active",
                "a phase-2 duel is played by two neighbours, opponents (R11.9, R13.5)")
    if stage is Stage.PLAY:
        require(s.to_move == order[len(played_to)], "to_move",
                f"player {s.to_move} is not next to play (player {order[len(played_to)]} is)")
    elif stage is Stage.DECLARE:
        _check_window(s)
    elif stage is Stage.GUESS:
        low, high = PACKET_RANGE
        require(variant.deal.dealer_guess and s.phase == 1 and s.tricks == 0, "stage",
                "the dealer's packet is guessed only before the first trick of a variant "
                "with the dealer's guess (R9.4)")
        require(low <= s.packet <= high, "packet", f"{s.packet} is not a packet size "
                                                   f"({low}-{high}, R9.4)")
        require(s.to_move != s.dealer, "to_move", "the dealer does not guess his own packet")
        require(not any(s.bonus), "bonus", "scored before the guess (R9.4)")
    else:
        require(s.phase == 2 and not any(s.hands) and not any(s.table), "stage",
                "the deal is over only when every card has been played")


def _check_window(s: State) -> None:
    """The declaration window belongs to the trick winner's side (R2.6, R3.1, R11.8)."""
    winner = s.last_winner
    require(s.phase == 1 and s.tricks >= 1 and winner is not None, "stage",
            "a declaration window opens only after a won phase-1 trick (R2.6)")
    assert winner is not None and s.to_move is not None
    sides = s.variant.sides
    require(sides[s.to_move] == sides[winner], "to_move",
            f"player {s.to_move} declares but player {winner} won the trick (R3.1)")
    partner_turn = bool(s.window & _PARTNER)
    require(partner_turn == (s.to_move != winner), "window",
            "the partner's flag does not match who holds the window (R11.8)")


def _hand_size(s: State, in_trick: set[int], pending: bool) -> int:
    """The hand size of this position: the variant's in a dealt one, else the hands'."""
    if s.seed is not None:
        return s.variant.hand_size
    size = max(len(s.hands[p]) + len(s.table[p]) + (pending or p in in_trick)
               for p in range(s.variant.players))
    require(size <= s.variant.hand_size, "hands",
            f"hands of {size} cards; the hand size is {s.variant.hand_size}")
    return size


def check_sizes(s: State) -> None:
    """Hands, tables, stock and tricks have the sizes of the phase and stage (R2.3, R2.7,
    R2.8, R2.9)."""
    variant = s.variant
    n = variant.players
    in_trick = {p for p, _ in s.trick}
    pending = s.stage is Stage.DECLARE  # the trick is won, the cards not yet drawn
    size = _hand_size(s, in_trick, pending)
    if s.phase == 1:
        require(s.stock_size >= n and s.stock_size % n == 0, "stock",
                f"{s.stock_size} cards to draw (the turn-up included) in phase 1; a multiple "
                f"of {n} players, at least one each (R2.3)")
        require(not variant.deal.turn_up or s.turn_up is not None, "turn_up",
                "the turn-up lies under the stock until the last draw (R2.8)")
        for p in range(n):
            want = size - (1 if pending or p in in_trick else 0)
            got = len(s.hands[p]) + len(s.table[p])
            require(got == want, f"hands[{p}]", f"player {p} holds {got} cards in hand and "
                                                f"on the table; expected {want} (R2.7)")
        require(len(s.played) == n * s.tricks, "played",
                f"{len(s.played)} cards played in {s.tricks} tricks of {n}")
        if s.seed is not None:
            t1 = phase1_tricks(variant)
            want = n * (t1 - s.tricks + pending)
            require(s.stock_size == want and s.tricks + 1 - pending <= t1, "stock",
                    f"{s.stock_size} cards to draw after {s.tricks} tricks; expected {want}")
        return
    require(s.stock_size == 0, "stock", "phase 2 begins when the stock is gone (R2.9)")
    require(not any(s.table), "table", "the table cards are taken back in phase 2 (R2.9)")
    _check_phase2_sizes(s, in_trick)


def _check_phase2_sizes(s: State, in_trick: set[int]) -> None:
    n = s.variant.players
    a = len(s.active)
    sizes = {len(s.hands[p]) + (p in in_trick) for p in s.active}
    require(len(sizes) == 1, "hands", f"the hands in play differ in size: "
                                      f"{[len(h) for h in s.hands]}")
    others = {len(s.hands[p]) for p in range(n) if p not in s.active}
    require(len(others) <= 1, "hands", "the players waiting for their duel hold different "
                                       "numbers of cards (R11.9)")
    if a == n:
        require(len(s.played) == n * s.tricks, "played",
                f"{len(s.played)} cards played in {s.tricks} tricks of {n}")
        t1 = phase1_tricks(s.variant) if s.seed is not None else None
    else:
        spare = len(s.played) - a * s.tricks
        require(spare >= 0 and spare % (n - a) == 0 and spare // (n - a) <= s.tricks,
                "played", f"{len(s.played)} cards played in {s.tricks} tricks")
        t1 = spare // (n - a)
    if s.seed is not None:
        require(t1 == phase1_tricks(s.variant), "tricks",
                f"phase 2 after {t1} phase-1 tricks; the stock makes "
                f"{phase1_tricks(s.variant)}")
        if a == n:
            want = s.variant.hand_size - (s.tricks - phase1_tricks(s.variant))
            require(sizes == {want}, "hands", f"hands of {sorted(sizes)} cards after "
                                              f"{s.tricks} tricks; expected {want}")
