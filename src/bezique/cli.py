"""The ``bezique`` command (also ``python -m bezique``).

``bezique demo [--variant NAME] [--seed N]``: two random bots play one full
deal, shown move by move: every trick, declaration and draw, then the score
breakdown. Errors print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence

from bezique import variants
from bezique.actions import Action, Declare, ExchangeSeven, Pass, Play
from bezique.cards import format_cards
from bezique.engine import apply, legal_actions, new_deal
from bezique.errors import BeziqueError
from bezique.results import deal_result
from bezique.state import Stage, State

__all__ = ["main", "narrate_deal"]


def narrate_deal(state: State, choose: Callable[[State], Action],
                 write: Callable[[str], object]) -> State:
    """Play ``state`` to its end with ``choose``, describing every step with ``write``."""
    write(f"{state.variant.title or state.variant.name}: dealer is player {state.dealer}, "
          f"trump {state.trump if state.trump else 'not yet fixed'}"
          + (f" (turn-up {state.turn_up})" if state.turn_up else ""))
    for seat, hand in enumerate(state.hands):
        write(f"  player {seat} holds {format_cards(hand)}")
    if any(state.sevens):
        write(f"  the turn-up is a seven: the dealer scores {max(state.sevens)}")
    while not state.is_over:
        action = choose(state)
        before = state
        state = apply(state, action)
        p = before.to_move
        assert p is not None
        if isinstance(action, Play):
            where = " from the table" if len(before.table[p]) != len(state.table[p]) else ""
            write(f"  player {p} plays {action.card}{where}")
            if before.stage is Stage.PLAY and not state.trick:
                winner = state.last_winner
                write(f"trick {state.tricks}: won by player {winner}; scores {state.scores}")
        elif isinstance(action, Declare):
            write(f"  player {p} declares {action.meld.value.replace('_', ' ')} "
                  f"{format_cards(action.cards)}; scores {state.scores}")
        elif isinstance(action, ExchangeSeven):
            write(f"  player {p} exchanges {action.card} for the turn-up {before.turn_up}; "
                  f"scores {state.scores}")
        elif isinstance(action, Pass):
            write(f"  player {p} passes")
        if before.stage is Stage.DECLARE and state.stage is Stage.PLAY:
            drew = [sorted((Counter(state.hands[q]) - Counter(before.hands[q])).elements())
                    for q in range(len(state.hands))]
            if state.phase == 1:
                write("  draws: " + ", ".join(
                    f"player {q} {format_cards(d)}" for q, d in enumerate(drew))
                      + f"; {state.stock_size} left in the stock")
            else:
                write("  the stock is gone: tables are taken back into the hands; phase 2")
    result = deal_result(state)
    write("deal over")
    write(str(result))
    return state


def _demo(args: argparse.Namespace) -> int:
    variant = variants.get(args.variant)
    rng = random.Random(args.seed)
    state = new_deal(variant, seed=args.seed)

    def choose(s: State) -> Action:
        return rng.choice(legal_actions(s))

    narrate_deal(state, choose, print)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bezique`` command; return the exit status."""
    parser = argparse.ArgumentParser(prog="bezique", description="Bezique rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="bots play one deal, shown move by move")
    demo.add_argument("--variant", default="two-pack", help="variant name (default two-pack)")
    demo.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            return _demo(args)
    except BeziqueError as exc:
        print(f"bezique: error: {exc}", file=sys.stderr)
        return 2
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
