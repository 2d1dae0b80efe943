"""The ``bezique`` command (also ``python -m bezique``).

Subcommands:

* ``bezique demo [--variant NAME] [--seed N]``: random bots play one full
  deal, shown move by move: every trick, declaration and draw, then the score
  breakdown.
* ``bezique play [--variant NAME] [--seed N] [--bot greedy|search|random]
  [--seat N]``: you play one deal against bots in the terminal. Each turn
  shows your hand, the tables, trump, turn-up, stock and scores and the legal
  actions, numbered; answer with a number or the action's text (``play QS``,
  ``pass``). ``quit`` or Ctrl-D ends the program (status 0).
* ``bezique simulate [--variant NAME] (--games N | --deals N) [--bots a,b]
  [--workers K] [--seed S] [--duplicate] [--json]``: bots play many deals or games
  (:func:`bezique.simulate`); a progress bar on a terminal (plain
  lines otherwise) on standard error, then a summary table, or the result as
  JSON with ``--json``. ``--check`` checks the rules' invariants after every
  action; a violation (an engine bug) prints one line and exits with status 1.
* ``bezique rules [NAME]``: a variant's players, packs, hand size, options
  with their defaults and meld table; without a name, the variants.

Errors print one line, ``bezique: error: ...``, on standard error and exit
with status 2.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from bezique import bots as bots_module
from bezique import variants
from bezique.actions import Action, Declare, ExchangeSeven, Pass, Play
from bezique.bots.base import Bot
from bezique.cards import Card, format_cards
from bezique.engine import apply, check_action, legal_actions, new_deal
from bezique.errors import BeziqueError, IllegalActionError
from bezique.observation import Observation, observe
from bezique.results import deal_result
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = ["main", "narrate_deal"]

BOTS = {"random": "RandomBot", "greedy": "GreedyBot", "search": "SearchBot"}
"""Bot names of the command line and the classes of :mod:`bezique.bots` they stand for."""


class _UsageError(Exception):
    """A bad command line; the message is shown after ``bezique: error:``."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


# ----------------------------------------------------------------------------- demo


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


# ----------------------------------------------------------------------------- bots


def make_bot(name: str) -> Bot:
    """A new bot of the kind ``name`` (``random``, ``greedy`` or ``search``).

    The classes are looked up in :mod:`bezique.bots` when asked for, so the
    command works with whichever bots this installation has.

    Raises:
        BeziqueError: for an unknown or unavailable bot.
    """
    key = name.strip().lower()
    if key not in BOTS:
        raise BeziqueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    cls = getattr(bots_module, BOTS[key], None)
    if cls is None:
        have = ", ".join(n for n, c in BOTS.items() if hasattr(bots_module, c))
        raise BeziqueError(f"the {key} bot is not available in this version; use one of: {have}")
    bot: Bot = cls()
    return bot


def _default_bot() -> str:
    return "greedy" if hasattr(bots_module, BOTS["greedy"]) else "random"


# ----------------------------------------------------------------------------- play


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


def _play(args: argparse.Namespace) -> int:
    variant = variants.get(args.variant)
    if not 0 <= args.seat < variant.players:
        raise BeziqueError(f"--seat must be 0-{variant.players - 1} in {variant.name}, "
                           f"not {args.seat}")
    bot = make_bot(args.bot or _default_bot())
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        text = input(prompt)
        if echo:  # keep a transcript readable when the answers come from a file
            print(text)
        return text

    return play_deal(variant, seed=args.seed, human=args.seat, bot=bot, read=read, write=print)


# ----------------------------------------------------------------------------- simulate


class _Progress:
    """A progress bar on a terminal, plain lines (every tenth) otherwise."""

    def __init__(self, stream: Any, unit: str) -> None:
        self.stream, self.unit, self.tty, self.shown = stream, unit, stream.isatty(), -1

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            width = 30
            full = width * done // total
            self.stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{total} "
                              f"{self.unit} {100 * done // total}%")
            if done == total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // total
            if tenth == self.shown:
                return
            self.shown = tenth
            self.stream.write(f"simulated {done}/{total} {self.unit}\n")
        self.stream.flush()


def _simulate(args: argparse.Namespace) -> int:
    from bezique.simulation import InvariantError, simulate

    variant = variants.get(args.variant)
    if (args.games is None) == (args.deals is None):
        raise _UsageError("give one of --games N and --deals N")
    names = [n for n in args.bots.split(",") if n.strip()] if args.bots else ["random"]
    if len(names) == 1:
        names *= variant.players
    bots = [make_bot(name) for name in names]
    unit = "games" if args.games is not None else "deals"
    try:
        result = simulate(variant, bots, deals=args.deals, games=args.games, seed=args.seed,
                          workers=args.workers, chunk_size=args.chunk_size,
                          check_invariants=args.check, duplicate=args.duplicate,
                          progress=_Progress(sys.stderr, unit))
    except InvariantError as exc:  # an engine bug found by --check: status 1, not a usage error
        print(f"\nbezique: invariant violated: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.summary())
    return 0


# ----------------------------------------------------------------------------- rules


def _value(value: Any) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _rules(args: argparse.Namespace) -> int:
    if args.name is None:
        print("variants (bezique rules NAME shows one):")
        for v in variants.ALL:
            print(f"  {v.name:<18}{v.title}")
            if v.aliases:
                print(f"  {'':<18}aliases: {', '.join(v.aliases)}")
        return 0
    v = variants.get(args.name)
    deal = v.deal
    sides = deal.side_count
    print(f"{v.title or v.name} ({v.name})")
    if v.aliases:
        print(f"  aliases: {', '.join(v.aliases)}")
    print(f"  players: {v.players}" + (f" in {sides} sides (sides by seat: "
                                       f"{' '.join(map(str, deal.sides))})"
                                       if sides != v.players else ""))
    print(f"  packs: {v.packs} ({32 * v.packs} cards)")
    print(f"  hand size: {v.hand_size} (dealt in packets of "
          f"{' '.join(map(str, deal.packets))}); "
          + ("a card is turned up for trump" if deal.turn_up else "no turn-up"))
    print("options (defaults):")
    for name, value in v.options().items():
        choices = (f"  ({' | '.join(str(m.value) for m in type(value))})"
                   if isinstance(value, enum.Enum) else "")
        print(f"  {name} = {_value(value)}{choices}")
    print("meld table:")
    for kind, points in v.melds.effective_table():
        print(f"  {kind.value.replace('_', ' '):<22}{points:>6}")
    return 0


# ----------------------------------------------------------------------------- main


def _whole(minimum: int | None) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value
    return convert


def _parser() -> _Parser:
    parser = _Parser(prog="bezique", description="Bezique rules engine")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    variant_help = "variant name or alias (default two-pack; see 'bezique rules')"

    demo = sub.add_parser("demo", help="bots play one deal, shown move by move")
    demo.add_argument("--variant", default="two-pack", help=variant_help)
    demo.add_argument("--seed", type=_whole(None), default=1, help="shuffle seed (default 1)")

    play = sub.add_parser("play", help="play a deal against bots in the terminal")
    play.add_argument("--variant", default="two-pack", help=variant_help)
    play.add_argument("--seed", type=_whole(None), default=1, help="shuffle seed (default 1)")
    play.add_argument("--bot", help="the opponents: greedy (default), search or random")
    play.add_argument("--seat", type=_whole(0), default=0, help="your seat (default 0)")

    sim = sub.add_parser("simulate", help="bots play many deals or games; statistics")
    sim.add_argument("--variant", default="two-pack", help=variant_help)
    sim.add_argument("--games", type=_whole(1), help="number of games to play")
    sim.add_argument("--deals", type=_whole(1), help="number of lone deals to play")
    sim.add_argument("--bots", help="comma-separated bots, one per seat or side, or one "
                                    "for all (random, greedy, search; default random)")
    sim.add_argument("--workers", type=_whole(1), default=1, help="processes (default 1)")
    sim.add_argument("--seed", type=_whole(None), default=0, help="seed (default 0)")
    sim.add_argument("--chunk-size", type=_whole(1), help="deals or games per unit of work")
    sim.add_argument("--check", action="store_true",
                     help="check the rules' invariants after every action")
    sim.add_argument("--duplicate", action="store_true",
                     help="play every shuffle once in each rotation of the bots")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")

    rules = sub.add_parser("rules", help="a variant's options and meld table, or the variants")
    rules.add_argument("name", nargs="?", help="variant name or alias")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bezique`` command with ``argv`` (default ``sys.argv[1:]``); return the
    exit status: 0 on success, 2 on an error (one line on standard error).

    >>> main(["rules", "skat"])
    2
    """
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "demo": _demo, "play": _play, "simulate": _simulate, "rules": _rules}
    try:
        args = _parser().parse_args(argv)
        return commands[args.command](args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except (_UsageError, BeziqueError, ValueError) as exc:
        print(f"bezique: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nbezique: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader has gone (``| head``): say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
