# pyright: strict
"""A typed server core: seats, each seat's view, moves sent as text, a saved game resumed.

The part of a game server that talks to the library, written as an app author would,
with every type known to a type checker: the test suite checks this file with pyright
in strict mode and with ``mypy --strict`` (tests/test_typing.py), and runs it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import bezique as bz


@dataclass(frozen=True)
class SeatView:
    """What the server sends to one seat: only what that seat may know."""

    seat: int
    hand: str
    my_turn: bool
    legal: tuple[str, ...]
    scores: tuple[int, ...]


class Table:
    """One deal served to its seats; the seats in ``bots`` are played by bots."""

    def __init__(self, state: bz.State, bots: Mapping[int, bz.bots.Bot], seed: int) -> None:
        self.state: bz.State = state
        self._bots: dict[int, bz.bots.Bot] = dict(bots)
        self._rng = random.Random(seed)
        self._play_bots()

    def view(self, seat: int) -> SeatView:
        """The seat's view: its observation, never the whole state (R2.6: hands are hidden)."""
        seen: bz.Observation = bz.observe(self.state, seat)
        return SeatView(seat=seat, hand=bz.format_cards(seen.hand), my_turn=seen.is_my_turn,
                        legal=tuple(bz.format_action(a) for a in seen.legal_actions),
                        scores=seen.scores)

    def act(self, seat: int, text: str) -> str | None:
        """Take the move ``text`` sent by ``seat``: ``None`` when it is played, else why
        not. A refused move changes nothing."""
        if seat != self.state.to_move:
            return f"seat {seat} sent {text!r}, but it is seat {self.state.to_move}'s turn"
        try:
            action: bz.Action = bz.parse_action(self.state, text)
            self.state = bz.apply(self.state, action)
        except bz.IllegalActionError as refused:
            return f"refused by rule {refused.rule}: {refused}"
        except bz.NotationError as unreadable:
            return f"not a move: {unreadable}"
        self._play_bots()
        return None

    def save(self) -> str:
        """The deal as a JSON document, to store between requests."""
        return bz.to_json(self.state)

    @classmethod
    def resume(cls, document: str, bots: Mapping[int, bz.bots.Bot], seed: int) -> Table:
        """The table of a saved deal; anything but a deal's document is refused."""
        return cls(bz.from_json(document, bz.State), bots, seed)

    def _play_bots(self) -> None:
        while (seat := self.state.to_move) is not None and seat in self._bots:
            choice = self._bots[seat].choose(bz.observe(self.state, seat), self._rng)
            self.state = bz.apply(self.state, choice)


def main() -> None:
    bots: dict[int, bz.bots.Bot] = {1: bz.bots.GreedyBot()}
    table = Table(bz.new_deal(bz.variants.TWO_PACK, seed=5), bots, seed=5)
    print("out of turn:", table.act(1, "pass"))
    print("unreadable:", table.act(0, "play ZZ"))
    print("illegal:", table.act(0, "pass"))
    saved = table.save()
    table = Table.resume(saved, bots, seed=5)
    moves = 0
    while not table.state.is_over:
        view = table.view(0)
        assert view.my_turn and view.legal
        error = table.act(0, view.legal[0])  # the person's client sends a legal move
        assert error is None, error
        moves += 1
    result: bz.DealResult = bz.deal_result(table.state)
    print(f"seat 0 made {moves} moves; points per side: {result.points}")


if __name__ == "__main__":
    main()
