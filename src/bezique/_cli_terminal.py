"""The terminal game of the ``bezique`` command: a deal told move by move
(``bezique demo``) and a deal played by a person against bots (``bezique play``).

Everything here reads and writes through the functions it is given (``read``,
``write``), so a test or another front end can drive it without a terminal.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable, Sequence

from bezique.actions import Action, Declare, ExchangeSeven, Pass, Play
from bezique.bots.base import Bot
from bezique.cards import Card, format_cards
from bezique.engine import apply, check_action, legal_actions, new_deal
from bezique.errors import BeziqueError, IllegalActionError
from bezique.observation import Observation, observe
from bezique.results import deal_result
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = ["narrate_deal", "play_deal"]


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


def _parse_action(state: State, text: str) -> Action:
    """Read an action typed by the player, with :func:`bezique.notation.parse_action`
    where this version has it, else by matching the text of a legal action or a card."""
    try:
        parse = getattr(importlib.import_module("bezique.notation"), "parse_action", None)
    except ImportError:  # pragma: no cover - notation ships with the package
        parse = None
    if parse is not None:
        action: Action = parse(state, text)
        return action
    wanted = " ".join(text.lower().split())
    for candidate in legal_actions(state):
        if str(candidate).lower() == wanted:
            return candidate
    words = wanted.split()
    if words and words[0] == "play":
        words = words[1:]
    if len(words) == 1:
        return Play(Card.parse(words[0]))
    raise BeziqueError(f"cannot read {text!r}")


def _numbers(n: int) -> str:
    return "type 1" if n == 1 else f"type a number from 1 to {n}"


def _choice(state: State, actions: Sequence[Action], text: str) -> Action | str:
    """The action the player typed, or a message saying what is wrong with it."""
    text = text.strip()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(actions):
            return actions[k - 1]
        return f"there is no action {k}: {_numbers(len(actions))}"
    try:
        action = _parse_action(state, text)
        check_action(state, action)
    except IllegalActionError as exc:
        return f"not allowed: {exc}"
    except (BeziqueError, ValueError) as exc:
        return f"{exc}; {_numbers(len(actions))} or an action such as '{actions[0]}'"
    return action


def _side_names(state: State, human: int) -> list[str]:
    mine = state.sides[human]
    return [f"side {s}" + (" (you)" if s == mine else "")
            for s in range(state.variant.deal.side_count)]


def _show_turn(o: Observation, names: list[str], write: Callable[[str], object]) -> None:
    trump = str(o.trump) if o.trump else "not yet fixed"
    turn_up = f", turn-up {o.turn_up}" if o.turn_up else ""
    write("")
    when = (f"after trick {o.tricks}" if o.stage is Stage.DECLARE else f"trick {o.tricks + 1}")
    write(f"-- {when}, phase {o.phase}: trump "
          f"{trump}{turn_up}, stock {o.stock_size} cards; scores: "
          + ", ".join(f"{name} {points}" for name, points in zip(names, o.scores,
                                                                  strict=True)))
    write("   tables: " + "; ".join(
        f"player {q}{' (you)' if q == o.player else ''}: {format_cards(t) if t else '-'}"
        for q, t in enumerate(o.tables)))
    if o.trick:
        write("   trick: " + ", ".join(f"player {q} {card}" for q, card in o.trick))
    write(f"   your hand: {format_cards(o.hand)}")
    what = "declare or pass" if o.stage is Stage.DECLARE else "play a card"
    write(f"   your move ({what}):")
    for k, action in enumerate(o.legal_actions, start=1):
        write(f"   {k:>3}. {action}")


def _tell(before: State, action: Action, after: State, human: int, names: list[str],
          write: Callable[[str], object]) -> None:
    """Describe one action as the human may see it (no hidden card is shown)."""
    p = before.to_move
    assert p is not None
    who = "you" if p == human else f"player {p}"
    if isinstance(action, Play):
        where = " from the table" if len(before.table[p]) != len(after.table[p]) else ""
        write(f"{who} played {action.card}{where}")
        if after.tricks > before.tricks:
            winner = after.last_winner
            write(f"  trick {after.tricks} won by "
                  + ("you" if winner == human else f"player {winner}")
                  + "; scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, after.scores,
                                                                        strict=True)))
    elif isinstance(action, Pass):
        write(f"{who} passed")
    elif isinstance(action, Declare):
        write(f"{who} declared {action.meld.value.replace('_', ' ')} "
              f"{format_cards(action.cards)}")
    elif isinstance(action, ExchangeSeven):
        write(f"{who} exchanged {action.card} for the turn-up {before.turn_up}")
    else:
        write(f"{who}: {action}")
    if before.stage is Stage.DECLARE and after.stage is not Stage.DECLARE:
        drew = Counter(after.hands[human]) + Counter(after.tables[human])
        drew -= Counter(before.hands[human]) + Counter(before.tables[human])
        if drew:
            write(f"  you drew {format_cards(sorted(drew.elements()))}")
        if after.phase == 2:
            write("  the stock is gone: the tables go back into the hands; phase 2")


def play_deal(variant: Variant, *, seed: int, human: int, bot: Bot,
              read: Callable[[str], str], write: Callable[[str], object]) -> int:
    """Let a person play seat ``human`` of one deal against copies of ``bot``.

    Reads answers with ``read(prompt)`` (``input`` in the terminal) and writes
    with ``write``. End of input or ``quit`` stops at once. Returns 0.
    """
    state = new_deal(variant, seed=seed)
    rng = random.Random(seed)
    names = _side_names(state, human)
    bot_name = getattr(bot, "name", type(bot).__name__)
    write(f"{variant.title or variant.name}: you are player {human} (side {state.sides[human]}),"
          f" the others are {bot_name} bots; player {state.dealer} deals.")
    write("Answer with a number or an action ('play QS', 'pass'); 'quit' or Ctrl-D stops.")
    while (p := state.to_move) is not None:
        if p == human:
            o = observe(state, human)
            _show_turn(o, names, write)
            while True:
                try:
                    text = read("your choice> ")
                except EOFError:
                    write("")
                    write("bye")
                    return 0
                if text.strip().lower() in ("quit", "exit", "q"):
                    write("bye")
                    return 0
                chosen = _choice(state, o.legal_actions, text)
                if not isinstance(chosen, str):
                    break
                write(chosen)
            action: Action = chosen
        else:
            action = bot.choose(observe(state, p), rng)
        before = state
        state = apply(state, action)
        _tell(before, action, state, human, names, write)
    result = deal_result(state)
    write("")
    write("deal over")
    write(str(result))
    mine = state.sides[human]
    top = max(result.points)
    winner = (result.settlement.winner if result.settlement is not None else
              (result.points.index(top) if result.points.count(top) == 1 else None))
    write("you win" if winner == mine else "a tie" if winner is None else "you lose")
    return 0
