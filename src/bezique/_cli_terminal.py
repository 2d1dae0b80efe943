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

from bezique._narration import addressed_to_you, describe_events, score_events
from bezique.actions import Action, ExchangeSeven, Pass, Play
from bezique.bots.base import Bot
from bezique.cards import Card, format_cards
from bezique.engine import apply, check_action, forced_action, legal_actions, new_deal
from bezique.errors import BeziqueError, IllegalActionError
from bezique.observation import Observation, observe
from bezique.results import deal_result
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = ["FORCED_PASS", "PLAY_HELP", "narrate_deal", "play_deal"]


def narrate_deal(state: State, choose: Callable[[State], Action],
                 write: Callable[[str], object]) -> State:
    """Play ``state`` to its end with ``choose``, describing every step with ``write``.

    Actions are written in the notation :func:`bezique.parse_action` reads, each followed
    by what it scored.
    """
    write(f"{state.variant.title or state.variant.name}: dealer is player {state.dealer}, "
          f"trump {state.trump if state.trump else 'not yet fixed'}"
          + (f" (turn-up {state.turn_up})" if state.turn_up else ""))
    for seat, hand in enumerate(state.hands):
        write(f"  player {seat} holds {format_cards(hand)}")
    if any(state.sevens):
        write(f"  the turn-up is a seven: the dealer scores {max(state.sevens)}")
    sides = [f"side {s}" for s in range(state.variant.deal.side_count)]
    while not state.is_over:
        action = choose(state)
        before = state
        state = apply(state, action)
        p = before.to_move
        assert p is not None
        write(f"  player {p}: {action}{_exchanged(before, action)}")
        for line in describe_events(score_events(before, state), sides):
            write(f"    {line}")
        if isinstance(action, Play) and before.stage is Stage.PLAY and not state.trick:
            write(f"trick {state.tricks}: won by player {state.last_winner}; "
                  f"scores {state.scores}")
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


def _exchanged(before: State, action: Action) -> str:
    return f" (for the turn-up {before.turn_up})" if isinstance(action, ExchangeSeven) else ""


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
    """The action the player typed, or a message saying what is wrong with it (to "you")."""
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
        message = str(exc)
        if exc.rule is not None and message.startswith(f"{exc.rule}: "):
            message = message[len(exc.rule) + 2:]
        player = state.to_move if state.to_move is not None else -1
        rule = f" ({exc.rule})" if exc.rule else ""
        return f"not allowed{rule}: {addressed_to_you(message, player)}"
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


FORCED_PASS = "you: pass (nothing else is legal: played for you)"
"""The line that tells the person a lone legal pass was played for him (R2.6)."""


def _tell(before: State, action: Action, after: State, human: int, names: list[str],
          write: Callable[[str], object]) -> None:
    """Describe one action as the human may see it (no hidden card is shown)."""
    p = before.to_move
    assert p is not None
    who = "you" if p == human else f"player {p}"
    if p == human and isinstance(action, Pass) and forced_action(before) == action:
        write(FORCED_PASS)
    else:
        write(f"{who}: {action}{_exchanged(before, action)}")
    for line in describe_events(score_events(before, after), names):
        write(f"    {line}")
    if isinstance(action, Play) and after.tricks > before.tricks:
        winner = after.last_winner
        write(f"  trick {after.tricks} won by "
              + ("you" if winner == human else f"player {winner}")
              + "; scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, after.scores,
                                                                    strict=True)))
    if before.stage is Stage.DECLARE and after.stage is not Stage.DECLARE:
        drew = Counter(after.hands[human]) + Counter(after.tables[human])
        drew -= Counter(before.hands[human]) + Counter(before.tables[human])
        if drew:
            write(f"  you drew {format_cards(sorted(drew.elements()))}")
        if after.phase == 2:
            write("  the stock is gone: the tables go back into the hands; phase 2")


PLAY_HELP = """commands:
  a number        take the action of that number in the list
  an action       in the notation, e.g. play QS (a card from your hand), play QS table
                  (from your table), declare bezique QS JD, declare royal_marriage KH QH,
                  exchange 7H (the seven of trumps for the turn-up), pass (end the window
                  after a trick you won without declaring); cards as QS, 10D or Q♠
  help            this text
  quit            stop (Ctrl-D too)
after each trick you won in phase 1 you may declare one combination, then both draw;
in phase 2 you must follow suit and win the trick if you can."""
"""What ``help`` shows in ``bezique play``."""


def play_deal(variant: Variant, *, seed: int, human: int, bot: Bot,
              read: Callable[[str], str], write: Callable[[str], object]) -> int:
    """Let a person play seat ``human`` of one deal against copies of ``bot``.

    Reads answers with ``read(prompt)`` (``input`` in the terminal) and writes
    with ``write``. End of input or ``quit`` stops at once. Returns 0. A
    :class:`~bezique.actions.Pass` that is the person's only legal action
    (:func:`bezique.forced_action`: a window after a trick won with nothing to declare,
    R2.6) is played for him, in one line (:data:`FORCED_PASS`).
    """
    state = new_deal(variant, seed=seed)
    rng = random.Random(seed)
    names = _side_names(state, human)
    bot_name = getattr(bot, "name", type(bot).__name__)
    write(f"{variant.title or variant.name}, seed {seed} (replay this deal with --seed {seed})")
    write(f"you are player {human} (side {state.sides[human]}), the others are {bot_name} "
          f"bots; player {state.dealer} deals.")
    write("Answer with a number or an action ('play QS', 'pass'); 'help' explains, "
          "'quit' or Ctrl-D stops.")
    while (p := state.to_move) is not None:
        if p == human and isinstance(forced_action(state), Pass):
            action: Action = Pass()
        elif p == human:
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
                if text.strip().lower() in ("help", "?", "h"):
                    write(PLAY_HELP)
                    continue
                chosen = _choice(state, o.legal_actions, text)
                if not isinstance(chosen, str):
                    break
                write(chosen)
            action = chosen
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
