"""Text pictures of a deal for the adapters: the whole table (a spectator's view, for
PettingZoo's ``ansi`` rendering and OpenSpiel's ``str(state)``) or one player's view."""

from __future__ import annotations

from bezique.cards import format_cards
from bezique.observation import Observation
from bezique.state import State


def _header(variant_name: str, tricks: int, phase: int, trump: object, turn_up: object,
            stock_size: int) -> str:
    trump_text = "not yet fixed" if trump is None else str(trump)
    up = "" if turn_up is None else f" (turn-up {turn_up})"
    return (f"{variant_name}: trick {tricks + 1}, phase {phase}, trump {trump_text}{up}, "
            f"stock {stock_size}")


def _trick(trick: tuple[tuple[int, object], ...]) -> str:
    return ", ".join(f"player {q} {card}" for q, card in trick) or "empty"


def describe_state(state: State) -> str:
    """Every hand, table and the trick of ``state``, with the scores and whose turn it is."""
    s = state
    lines = [_header(s.variant.name, s.tricks, s.phase, s.trump, s.turn_up, s.stock_size)]
    for q, hand in enumerate(s.hands):
        mark = " (to move)" if s.to_move == q else ""
        table = f"; table {format_cards(s.tables[q])}" if s.tables[q] else ""
        lines.append(f"  player {q}{mark}: hand {format_cards(hand)}{table}")
    lines.append(f"  trick: {_trick(s.trick)}")
    lines.append(f"  scores: {s.scores}" + ("; the deal is over" if s.is_over else
                                            f"; waiting for {s.stage.value}"))
    return "\n".join(lines)


def describe_observation(observation: Observation) -> str:
    """What ``observation`` shows: the own hand, every table, the trick, scores, the turn."""
    o = observation
    lines = [_header(o.variant.name, o.tricks, o.phase, o.trump, o.turn_up, o.stock_size)]
    lines.append(f"  player {o.player}: hand {format_cards(o.hand)}")
    for q, table in enumerate(o.tables):
        mark = " (to move)" if o.to_move == q else ""
        lines.append(f"  player {q}{mark}: {o.hand_sizes[q]} in hand; "
                     f"table {format_cards(table) or '-'}")
    lines.append(f"  trick: {_trick(o.trick)}")
    lines.append(f"  played: {len(o.played)} cards; scores: {o.scores}; "
                 f"stage {o.stage.value}")
    return "\n".join(lines)
