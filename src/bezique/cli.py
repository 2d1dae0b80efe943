"""The ``bezique`` command (also ``python -m bezique``).

Subcommands:

* ``bezique --version``: the installed version.
* ``bezique demo [--variant NAME] [--seed N] [--bots a,b]``: bots (greedy by
  default) play one full deal, shown move by move in the action notation
  (``player 1: play QS``): every trick, declaration and draw, what each scored
  (``player 0: +10, seven of trumps``), then the score breakdown and who won.
* ``bezique play [--variant NAME] [--seed N] [--bot greedy|search|random]
  [--seat N]``: you play one deal against bots in the terminal. It starts by
  printing the deal's seed (a random one unless ``--seed`` is given), so that
  the deal can be replayed. Each turn shows your hand, the tables, trump,
  turn-up, stock and scores and the legal actions, numbered, in the action
  notation; answer with a number or the action's text (``play QS``, ``pass``).
  ``help`` explains the commands; ``quit`` or Ctrl-D ends the program (status 0).
  A pass that is your only legal action (:func:`bezique.forced_action`) is played for
  you, in one line: ``you: pass (nothing else is legal: played for you)``.
* ``bezique simulate [--variant NAME] (--games N | --deals N) [--bots a,b]
  [--workers K] [--seed S] [--duplicate] [--json]``: bots play many deals or games
  (:func:`bezique.simulate`); a progress bar on a terminal (plain lines otherwise, at
  most one each ten seconds) on standard error, from 0/N to N/N, then a summary
  table, or the result as JSON with ``--json``. ``--check`` checks the rules' invariants after every
  action; a violation (an engine bug) prints one line and exits with status 1.
* ``bezique play ... --level N``: the opponents are level ``N`` (1 beginner to 5
  master, :func:`bezique.bots.level`); ``hint`` at the prompt tells the best actions
  with their expected points (:func:`bezique.bots.analyse`).
* ``bezique review FILE [--budget N] [--seed S]``: every decision of a game record with
  a choice judged against the best action (:func:`bezique.bots.review`): per player,
  the decisions that lost points, the worst first.
* ``bezique ladder --bots a,b,... --deals N [--variant NAME] [--workers K]``: the bots
  rated on duplicate deals (:func:`bezique.ladder`), Elo with 95% intervals.
* ``bezique rules [NAME]``: a variant's players, packs, hand size, options
  with their defaults and meld table; without a name, the variants.
* ``bezique serve [--host H] [--port N] [--db PATH] [--expire-days D] ...``: the
  reference web app (:mod:`bezique.web`, the ``web`` extra) until Ctrl-C, saying where
  (``bezique serve: http://127.0.0.1:8000/ (database: games.db); Ctrl+C stops it``, on
  standard error); ``bezique serve --help`` lists the limits it takes
  (``docs/deploy.rst``).

Every subcommand takes ``--lang en|fi|de`` (:mod:`bezique.i18n`): the language of what
it tells, by default the environment's locale (``LANG=fi_FI.UTF-8``) when the library
speaks it, else English. Actions to type stay in the notation.

The terminal game (``demo``, ``play``) is in ``bezique._cli_terminal``.

Errors print one line, ``bezique: error: ...`` (``bezique: virhe: ...``, ``bezique: Fehler:
...``), on standard error and exit with status 2. ``--help`` and argparse's usage errors are
in the chosen language too (:mod:`bezique._cli_argparse`).
"""

from __future__ import annotations

import argparse
import enum
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bezique import bots as bots_module
from bezique import variants
from bezique._cli_argparse import Parser as _Parser
from bezique._cli_argparse import UsageError as _UsageError
from bezique._cli_argparse import language_of
from bezique._cli_progress import Progress as _Progress
from bezique._cli_review import run_ladder, run_review
from bezique._cli_serve import add_serve_parser, serve
from bezique._cli_terminal import narrate_deal, play_deal
from bezique._messages import N_
from bezique.actions import Action
from bezique.bots.base import Bot
from bezique.bots.levels import LEVEL_NAMES
from bezique.engine import new_deal
from bezique.errors import BeziqueError, VariantError
from bezique.i18n import (
    LANGUAGES,
    bot_name,
    default_language,
    meld_name,
    translator,
    variant_title,
)
from bezique.observation import observe
from bezique.state import State
from bezique.variants import Variant

__all__ = ["main", "make_bot", "narrate_deal", "play_deal"]

BOTS: dict[str, str] = {"random": "RandomBot", "greedy": "GreedyBot", "search": "SearchBot"}
"""Bot names of the command line and the classes of :mod:`bezique.bots` they stand for."""


# ----------------------------------------------------------------------------- demo


def _demo(args: argparse.Namespace) -> int:
    variant = _variant(args.variant, args.lang)
    names = _bot_names(args.bots, variant, default=_default_bot(), lang=args.lang)
    seats = [make_bot(name, args.lang) for name in names]
    rng = random.Random(args.seed)
    state = new_deal(variant, seed=args.seed)

    def choose(s: State) -> Action:
        p = s.to_move
        assert p is not None
        return seats[p].choose(observe(s, p), rng)

    t = translator(args.lang)
    print(t.gettext("bots: {bots} (seat 0 first; --bots to choose)").format(
        bots=", ".join(bot_name(name, args.lang) for name in names)))
    narrate_deal(state, choose, print, args.lang)
    return 0


def _bot_names(text: str | None, variant: Variant, *, default: str,
               lang: str = "en") -> list[str]:
    """One bot name per seat from ``a,b,...`` (one per seat or side, or one for all)."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()] if text else [default]
    sides = variant.deal.sides
    if len(names) == 1:
        names *= variant.players
    elif len(names) == variant.deal.side_count != variant.players:
        names = [names[sides[p]] for p in range(variant.players)]
    if len(names) != variant.players:
        raise BeziqueError(translator(lang).gettext(
            "{variant} needs {players} bots, one per seat, not {count}").format(
            variant=variant_title(variant, lang), players=variant.players, count=len(names)))
    return names


# ----------------------------------------------------------------------------- bots


def make_bot(name: str, lang: str = "en") -> Bot:
    """A new bot of the kind ``name`` (``random``, ``greedy``, ``search``, or a level:
    ``level1`` to ``level5`` or its name, :func:`bezique.bots.level`); a refusal in
    words of ``lang``.

    The classes are looked up in :mod:`bezique.bots` when asked for, so the
    command works with whichever bots this installation has.

    Raises:
        BeziqueError: for an unknown or unavailable bot.
    """
    key = name.strip().lower()
    t = translator(lang)
    if key in LEVEL_NAMES or key.removeprefix("level") in ("1", "2", "3", "4", "5"):
        return bots_module.level(key)
    if key not in BOTS:
        raise BeziqueError(t.gettext("unknown bot '{name}'; the bots are: {bots}").format(
            name=name, bots=", ".join(f"'{n}'" for n in [*BOTS, "level1-level5"])))
    cls = getattr(bots_module, BOTS[key], None)
    if cls is None:
        have = ", ".join(f"'{n}'" for n, c in BOTS.items() if hasattr(bots_module, c))
        raise BeziqueError(t.gettext("the {name} bot is not available in this version; use "
                                     "one of: {bots}").format(name=key, bots=have))
    bot: Bot = cls()
    return bot


def _default_bot() -> str:
    return "greedy" if hasattr(bots_module, BOTS["greedy"]) else "random"


# ----------------------------------------------------------------------------- play


def _play(args: argparse.Namespace) -> int:
    variant = _variant(args.variant, args.lang)
    if not 0 <= args.seat < variant.players:
        raise BeziqueError(translator(args.lang).gettext(
            "--seat must be 0-{last} in {variant}, not {seat}").format(
            last=variant.players - 1, variant=variant_title(variant, args.lang), seat=args.seat))
    if args.bot and args.level:
        raise BeziqueError(translator(args.lang).gettext("give --bot or --level, not both"))
    bot = make_bot(f"level{args.level}" if args.level else args.bot or _default_bot(),
                   args.lang)
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        text = input(prompt)
        if echo:  # keep a transcript readable when the answers come from a file
            print(text)
        return text

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    return play_deal(variant, seed=seed, human=args.seat, bot=bot, read=read, write=print,
                     lang=args.lang)


# ----------------------------------------------------------------------------- simulate


def _simulate(args: argparse.Namespace) -> int:
    from bezique.simulation import InvariantError, simulate

    variant = _variant(args.variant, args.lang)
    names = [n for n in args.bots.split(",") if n.strip()] if args.bots else ["random"]
    if len(names) == 1:
        names *= variant.players
    bots = [make_bot(name, args.lang) for name in names]
    unit = N_("games") if args.games is not None else N_("deals")
    try:
        result = simulate(variant, bots, deals=args.deals, games=args.games, seed=args.seed,
                          workers=args.workers, chunk_size=args.chunk_size,
                          check_invariants=args.check, duplicate=args.duplicate,
                          progress=_Progress(sys.stderr, unit, args.lang))
    except InvariantError as exc:  # an engine bug found by --check: status 1, not a usage error
        print("\n" + translator(args.lang).gettext("bezique: invariant violated: {error}").format(
            error=exc), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.summary(args.lang))
    return 0


# ----------------------------------------------------------------------------- review, ladder


def _review(args: argparse.Namespace) -> int:
    return run_review(args.file, lang=args.lang, budget=args.budget, seed=args.seed,
                      write=print)


def _ladder(args: argparse.Namespace) -> int:
    names = [n.strip().lower() for n in args.bots.split(",") if n.strip()]
    bots = [(n, make_bot(n, args.lang)) for n in names]
    return run_ladder(_variant(args.variant, args.lang), bots,
                      deals=args.deals, seed=args.seed, workers=args.workers, lang=args.lang,
                      write=print)


def _level(text: str) -> int:
    key = text.strip().lower()
    if key in LEVEL_NAMES:
        return LEVEL_NAMES.index(key) + 1
    if key in ("1", "2", "3", "4", "5"):
        return int(key)
    raise argparse.ArgumentTypeError(N_("no level {text}: the levels are 1-5 ({names})").format(
        text=repr(text), names=", ".join(LEVEL_NAMES)))


# ----------------------------------------------------------------------------- rules


def _variant(name: str, lang: str) -> Variant:
    """The variant ``name`` names (:func:`bezique.variants.get`), refused in ``lang``."""
    try:
        return variants.get(name)
    except VariantError:
        raise VariantError(translator(lang).gettext(
            "unknown variant '{name}'; the variants are: {names}").format(
            name=name, names=", ".join(variants.names()))) from None


def _value(value: Any) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _rules(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    if args.name is None:
        print(t.gettext("variants (bezique rules NAME shows one):"))
        for v in variants.ALL:
            print(f"  {v.name:<18}{variant_title(v, args.lang)}")
            if v.aliases:
                print(f"  {'':<18}" + t.gettext("aliases: {aliases}").format(
                    aliases=", ".join(v.aliases)))
        return 0
    v = _variant(args.name, args.lang)
    deal = v.deal
    sides = deal.side_count
    print(f"{variant_title(v, args.lang)} ({v.name})")
    if v.aliases:
        print("  " + t.gettext("aliases: {aliases}").format(aliases=", ".join(v.aliases)))
    print("  " + t.gettext("players: {players}").format(players=v.players)
          + (t.gettext(" in {sides} sides (sides by seat: {seats})").format(
              sides=sides, seats=" ".join(map(str, deal.sides))) if sides != v.players else ""))
    print("  " + t.gettext("packs: {packs} ({cards} cards)").format(packs=v.packs,
                                                                  cards=32 * v.packs))
    print("  " + t.gettext("hand size: {size} (dealt in packets of {packets}); {turn_up}").format(
        size=v.hand_size, packets=" ".join(map(str, deal.packets)),
        turn_up=(t.gettext("a card is turned up for trump") if deal.turn_up
                 else t.gettext("no turn-up"))))
    print(t.gettext("options (defaults):"))
    for name, value in v.options().items():
        choices = (f"  ({' | '.join(str(m.value) for m in type(value))})"
                   if isinstance(value, enum.Enum) else "")
        print(f"  {name} = {_value(value)}{choices}")
    print(t.gettext("meld table:"))
    for kind, points in v.melds.effective_table():
        print(f"  {meld_name(kind, args.lang):<22}{points:>6}")
    return 0


def _language(text: str) -> str:
    code = text.strip().lower()
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; the languages are: "
                                         f"{', '.join(LANGUAGES)}")
    return code


# ----------------------------------------------------------------------------- main


def _whole(minimum: int | None) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(N_("{text} is not a whole number").format(
                text=repr(text))) from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(N_("must be at least {minimum}, not {value}").format(
                minimum=minimum, value=value))
        return value
    return convert


def _review_parsers(sub: Any, variant_help: str, lang: str) -> tuple[_Parser, _Parser]:
    """The ``review`` and ``ladder`` subcommands' parsers, their help in ``lang``."""
    _ = translator(lang).gettext
    rev = sub.add_parser("review", help=_("every decision of a game record against the best one"))
    rev.add_argument("file", help=_("a game record (bezique record v1, as 'bezique play' and "
                                  "Record.dumps write)"))
    rev.add_argument("--budget", type=_whole(1), help=_("determinizations per decision "
                                                      "(default 16)"))
    rev.add_argument("--seed", type=_whole(None), default=0, help=_("seed (default 0)"))

    lad = sub.add_parser("ladder", help=_("rate bots on duplicate deals (Elo, 95%% intervals)"))
    lad.add_argument("--bots", required=True,
                     help=_("comma-separated bots, the first rated 0 (random, greedy, search, "
                          "level1-level5)"))
    lad.add_argument("--deals", type=_whole(1), required=True, metavar="N",
                     help=_("shuffles per pair, each dealt once per side"))
    lad.add_argument("--variant", default="two-pack", help=variant_help)
    lad.add_argument("--workers", type=_whole(1), default=1, help=_("processes (default 1)"))
    lad.add_argument("--seed", type=_whole(None), default=0, help=_("seed (default 0)"))
    return rev, lad


def _parser(lang: str = "en") -> _Parser:
    """The command line's parser, its help and errors in ``lang``."""
    from bezique import __version__

    _ = translator(lang).gettext
    parser = _Parser(prog="bezique", description=_("Bezique rules engine"), lang=lang)
    parser.add_version(f"bezique {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    variant_help = _("variant name or alias (default two-pack; see 'bezique rules')")

    demo = sub.add_parser("demo", help=_("bots play one deal, shown move by move"))
    demo.add_argument("--variant", default="two-pack", help=variant_help)
    demo.add_argument("--seed", type=_whole(None), default=1, help=_("shuffle seed (default 1)"))
    demo.add_argument("--bots", help=_("comma-separated bots, one per seat or side, or one for "
                                     "all (random, greedy, search; default greedy)"))

    play = sub.add_parser("play", help=_("play a deal against bots in the terminal"))
    play.add_argument("--variant", default="two-pack", help=variant_help)
    play.add_argument("--seed", type=_whole(None),
                      help=_("shuffle seed (default: a random one, printed at the start)"))
    play.add_argument("--bot", help=_("the opponents: greedy (default), search or random"))
    play.add_argument("--level", type=_level, help=_("the opponents' level: 1 (beginner) to 5 "
                                                   "(master), or its name"))
    play.add_argument("--seat", type=_whole(0), default=0, help=_("your seat (default 0)"))

    sim = sub.add_parser("simulate", help=_("bots play many deals or games; statistics"))
    sim.add_argument("--variant", default="two-pack", help=variant_help)
    count = sim.add_mutually_exclusive_group(required=True)
    count.add_argument("--games", type=_whole(1), metavar="N", help=_("number of games to play"))
    count.add_argument("--deals", type=_whole(1), metavar="N",
                       help=_("number of lone deals to play"))
    sim.add_argument("--bots", help=_("comma-separated bots, one per seat or side, or one "
                                    "for all (random, greedy, search; default random)"))
    sim.add_argument("--workers", type=_whole(1), default=1, help=_("processes (default 1)"))
    sim.add_argument("--seed", type=_whole(None), default=0, help=_("seed (default 0)"))
    sim.add_argument("--chunk-size", type=_whole(1), help=_("deals or games per unit of work"))
    sim.add_argument("--check", action="store_true",
                     help=_("check the rules' invariants after every action"))
    sim.add_argument("--duplicate", action="store_true",
                     help=_("play every shuffle once in each rotation of the bots"))
    sim.add_argument("--json", action="store_true", help=_("print the result as JSON"))

    rev, lad = _review_parsers(sub, variant_help, lang)

    rules = sub.add_parser("rules", help=_("a variant's options and meld table, or the variants"))
    rules.add_argument("name", nargs="?", help=_("variant name or alias"))
    serve = add_serve_parser(sub, _whole, _)
    for command in (demo, play, sim, rev, lad, rules, serve):
        command.add_argument("--lang", type=_language, default=default_language(),
                             help=_("language: {languages} (default from the locale, "
                                    "else en)").format(languages=", ".join(LANGUAGES)))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bezique`` command with ``argv`` (default ``sys.argv[1:]``); return the
    exit status: 0 on success, 2 on an error (one line on standard error).

    >>> main(["rules", "skat"])
    2
    """
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "demo": _demo, "play": _play, "simulate": _simulate, "rules": _rules,
        "review": _review, "ladder": _ladder, "serve": serve}
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = language_of(argv)
    try:
        args = _parser(lang).parse_args(argv)
        return commands[args.command](args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except (_UsageError, BeziqueError, ValueError) as exc:
        print(translator(lang).gettext("bezique: error: {message}").format(message=exc),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\n" + translator(lang).gettext("bezique: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader has gone (``| head``): say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
