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

from bezique._messages import N_
from bezique._narration import addressed_to_you, describe_events, result_text, score_events
from bezique.actions import Action, ExchangeSeven, Pass, Play
from bezique.bots.analysis import analyse
from bezique.bots.base import Bot
from bezique.cards import Card, format_cards
from bezique.engine import apply, check_action, forced_action, legal_actions, new_deal
from bezique.errors import BeziqueError, IllegalActionError
from bezique.i18n import (
    Translator,
    bot_name,
    describe,
    describe_move,
    message,
    side_name,
    sides_are_players,
    translator,
    variant_title,
)
from bezique.notation import format_action
from bezique.observation import Observation, observe
from bezique.results import deal_result
from bezique.state import Stage, State
from bezique.variants import Variant

__all__ = ["FORCED_PASS", "PLAY_HELP", "narrate_deal", "play_deal"]


def narrate_deal(state: State, choose: Callable[[State], Action],
                 write: Callable[[str], object], lang: str = "en") -> State:
    """Play ``state`` to its end with ``choose``, describing every step with ``write`` in
    words of ``lang`` (:mod:`bezique.i18n`).

    In English, actions are written in the notation :func:`bezique.parse_action` reads;
    in another language, as :func:`bezique.i18n.describe` tells them. Each is followed
    by what it scored.
    """
    t = translator(lang)
    trump = str(state.trump) if state.trump else t.gettext("not yet fixed")
    turn_up = (t.gettext(" (turn-up {card})").format(card=state.turn_up)
               if state.turn_up else "")
    write(t.gettext("{title}: dealer is player {dealer}, trump {trump}{turn_up}").format(
        title=variant_title(state.variant, lang), dealer=state.dealer, trump=trump,
        turn_up=turn_up))
    for seat, hand in enumerate(state.hands):
        write("  " + t.gettext("player {player} holds {cards}").format(
            player=seat, cards=format_cards(hand)))
    if any(state.sevens):
        write("  " + t.gettext("the turn-up is a seven: the dealer scores {points}").format(
            points=max(state.sevens)))
    sides = [side_name(s, lang, state.variant) for s in range(state.variant.deal.side_count)]
    while not state.is_over:
        action = choose(state)
        before = state
        state = apply(state, action)
        p = before.to_move
        assert p is not None
        write("  " + _move_text(p, before, action, lang))
        for line in describe_events(score_events(before, state, lang), sides):
            write(f"    {line}")
        if isinstance(action, Play) and before.stage is Stage.PLAY and not state.trick:
            write(t.gettext("trick {trick}: won by player {player}; scores {scores}").format(
                trick=state.tricks, player=state.last_winner, scores=state.scores))
        if before.stage is Stage.DECLARE and state.stage is Stage.PLAY:
            write("  " + _draws(t, before, state))
    write(t.gettext("deal over"))
    write(result_text(deal_result(state), lang, state.variant))
    return state


def _draws(t: Translator, before: State, state: State) -> str:
    """What each player drew after a trick, or the end of the stock."""
    if state.phase != 1:
        return t.gettext("the stock is gone: tables are taken back into the hands; phase 2")
    drew = [sorted((Counter(state.hands[q]) - Counter(before.hands[q])).elements())
            for q in range(len(state.hands))]
    each = ", ".join(t.gettext("player {player} {cards}").format(player=q, cards=format_cards(d))
                     for q, d in enumerate(drew))
    left = t.ngettext("{count} left in the stock", "{count} left in the stock",
                      state.stock_size).format(count=state.stock_size)
    return t.gettext("draws: {draws}; {left}").format(draws=each, left=left)


def _move_text(p: int, before: State, action: Action, lang: str) -> str:
    """Player ``p``'s action as a narration shows it: ``player 1: play QS`` (the
    notation) in English, else in words (``pelaaja 1 pelaa Q♠``)."""
    if lang != "en":
        return describe_move(p, action, lang)
    return f"player {p}: {action}{_exchanged(before, action)}"


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


def _numbers(t: Translator, n: int) -> str:
    return t.ngettext("type 1", "type a number from 1 to {count}", n).format(count=n)


def _choice(state: State, actions: Sequence[Action], text: str,
            lang: str = "en") -> Action | str:
    """The action the player typed, or a message saying what is wrong with it (to "you"
    in English; in another language, the refusal as :func:`bezique.i18n.message` says it)."""
    t = translator(lang)
    text = text.strip()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(actions):
            return actions[k - 1]
        return t.gettext("there is no action {number}: {hint}").format(
            number=k, hint=_numbers(t, len(actions)))
    try:
        action = _parse_action(state, text)
        check_action(state, action)
    except IllegalActionError as exc:
        said = message(exc, lang)
        if exc.rule is not None and said.startswith(f"{exc.rule}: "):
            said = said[len(exc.rule) + 2:]
        player = state.to_move if state.to_move is not None else -1
        rule = f" ({exc.rule})" if exc.rule else ""
        said = addressed_to_you(said, player) if lang == "en" else said
        return t.gettext("not allowed{rule}: {reason}").format(rule=rule, reason=said)
    except (BeziqueError, ValueError) as exc:
        # the notation's own words are English: another language says what it could not read
        error = str(exc) if lang == "en" else t.gettext("cannot read '{text}' as an action").format(
            text=text)
        return t.gettext("{error}; {hint} or an action such as '{example}'").format(
            error=error, hint=_numbers(t, len(actions)), example=actions[0])
    return action


def _side_names(state: State, human: int, lang: str) -> list[str]:
    mine = state.sides[human]
    return [side_name(s, lang, state.variant, you=s == mine)
            for s in range(state.variant.deal.side_count)]


def _show_turn(o: Observation, names: list[str], write: Callable[[str], object],
               lang: str) -> None:
    t = translator(lang)
    trump = str(o.trump) if o.trump else t.gettext("not yet fixed")
    turn_up = t.gettext(", turn-up {card}").format(card=o.turn_up) if o.turn_up else ""
    write("")
    when = (t.gettext("after trick {trick}").format(trick=o.tricks) if o.stage is Stage.DECLARE
            else t.gettext("trick {trick}").format(trick=o.tricks + 1))
    write(t.gettext("-- {when}, phase {phase}: trump {trump}{turn_up}, stock {stock} cards; "
                    "scores: {scores}").format(
        when=when, phase=o.phase, trump=trump, turn_up=turn_up, stock=o.stock_size,
        scores=", ".join(f"{name} {points}" for name, points in zip(names, o.scores,
                                                                      strict=True))))
    write("   " + t.gettext("tables: {tables}").format(tables="; ".join(
        (t.gettext("player {player} (you)") if q == o.player else
         t.gettext("player {player}")).format(player=q) + f": {format_cards(c) if c else '-'}"
        for q, c in enumerate(o.tables))))
    if o.trick:
        write("   " + t.gettext("trick: {cards}").format(cards=", ".join(
            t.gettext("player {player} {cards}").format(player=q, cards=card)
            for q, card in o.trick)))
    write("   " + t.gettext("your hand: {cards}").format(cards=format_cards(o.hand)))
    write("   " + (t.gettext("your move (declare or pass):") if o.stage is Stage.DECLARE
                   else t.gettext("your move (play a card):")))
    for k, action in enumerate(o.legal_actions, start=1):  # to type in the notation
        write(f"   {k:>3}. {action}" + (f"  ({describe(action, lang)})" if lang != "en" else ""))


FORCED_PASS = N_("you: pass (nothing else is legal: played for you)")
"""The line that tells the person a lone legal pass was played for him (R2.6; in English,
translated when shown)."""


def _tell(before: State, action: Action, after: State, human: int, names: list[str],
          write: Callable[[str], object], lang: str = "en") -> None:
    """Describe one action as the human may see it (no hidden card is shown)."""
    t = translator(lang)
    p = before.to_move
    assert p is not None
    if p == human and isinstance(action, Pass) and forced_action(before) == action:
        write(t.gettext(FORCED_PASS))
    elif lang == "en":
        who = "you" if p == human else f"player {p}"
        write(f"{who}: {action}{_exchanged(before, action)}")
    elif p == human:  # "sinä pelaat Q♠", "du spielst Q♠"
        write(t.gettext("you {action}").format(action=describe(action, lang, you=True)))
    else:
        write(describe_move(p, action, lang))
    for line in describe_events(score_events(before, after, lang), names):
        write(f"    {line}")
    if isinstance(action, Play) and after.tricks > before.tricks:
        winner = after.last_winner
        won = (t.gettext("trick {trick} won by you; scores: {scores}") if winner == human else
               t.gettext("trick {trick} won by player {player}; scores: {scores}"))
        write("  " + won.format(trick=after.tricks, player=winner, scores=", ".join(
            f"{n} {s}" for n, s in zip(names, after.scores, strict=True))))
    if before.stage is Stage.DECLARE and after.stage is not Stage.DECLARE:
        drew = Counter(after.hands[human]) + Counter(after.tables[human])
        drew -= Counter(before.hands[human]) + Counter(before.tables[human])
        if drew:
            write("  " + t.gettext("you drew {cards}").format(
                cards=format_cards(sorted(drew.elements()))))
        if after.phase == 2:
            write("  " + t.gettext("the stock is gone: the tables go back into the hands; "
                                   "phase 2"))


HINT_WORLDS = 16
"""Determinizations behind a hint of ``bezique play`` (about a second at most)."""
_SHOWN = 3
"""How many of the best actions a hint tells."""


def hint_lines(o: Observation, seed: int, lang: str) -> list[str]:
    """The hint for the observer: his best actions with their expected points (from here
    to the end of the deal, his side's less the others'), the best first."""
    t = translator(lang)
    analysis = analyse(o, rng=random.Random(seed), budget=HINT_WORLDS)
    lines = [t.gettext("hint (expected points to the end of the deal, yours less the "
                       "others'):")]
    for rated in analysis.ranked[:_SHOWN]:
        points = round(rated.value)
        text = (t.gettext("  {action}: {points:+d} (exact)") if rated.exact
                else t.gettext("  {action}: {points:+d}"))
        lines.append(text.format(action=format_action(rated.action), points=points))
    return lines


PLAY_HELP = N_("""commands:
  a number        take the action of that number in the list
  an action       in the notation, e.g. play QS (a card from your hand), play QS table
                  (from your table), declare bezique QS JD, declare royal_marriage KH QH,
                  exchange 7H (the seven of trumps for the turn-up), pass (end the window
                  after a trick you won without declaring); cards as QS, 10D or Q♠
  hint            the best actions, with the points each is expected to bring
  help            this text
  quit            stop (Ctrl-D too)
after each trick you won in phase 1 you may declare one combination, then both draw;
in phase 2 you must follow suit and win the trick if you can.""")
"""What ``help`` shows in ``bezique play`` (in English; translated when shown)."""


def play_deal(variant: Variant, *, seed: int, human: int, bot: Bot,
              read: Callable[[str], str], write: Callable[[str], object],
              lang: str = "en") -> int:
    """Let a person play seat ``human`` of one deal against copies of ``bot``, in words of
    ``lang`` (:mod:`bezique.i18n`; the actions to choose from stay in the notation).

    Reads answers with ``read(prompt)`` (``input`` in the terminal) and writes
    with ``write``. End of input or ``quit`` stops at once. Returns 0. A
    :class:`~bezique.actions.Pass` that is the person's only legal action
    (:func:`bezique.forced_action`: a window after a trick won with nothing to declare,
    R2.6) is played for him, in one line (:data:`FORCED_PASS`).
    """
    t = translator(lang)
    state = new_deal(variant, seed=seed)
    rng = random.Random(seed)
    names = _side_names(state, human, lang)
    write(t.gettext("{title}, seed {seed} (replay this deal with --seed {seed})").format(
        title=variant_title(variant, lang), seed=seed))
    side = ("" if sides_are_players(variant)
            else t.gettext(" (side {side})").format(side=state.sides[human]))
    write(t.gettext("you are player {player}{side}, the others are {bot} bots; "
                    "player {dealer} deals.").format(
        player=human, side=side, bot=bot_name(getattr(bot, "name", type(bot).__name__), lang),
        dealer=state.dealer))
    write(t.gettext("Answer with a number or an action ('play QS', 'pass'); 'help' explains, "
                    "'quit' or Ctrl-D stops."))
    while (p := state.to_move) is not None:
        if p == human and isinstance(forced_action(state), Pass):
            action: Action = Pass()
        elif p == human:
            chosen = _ask(state, human, names, read, write, lang)
            if chosen is None:
                write(t.gettext("bye"))
                return 0
            action = chosen
        else:
            action = bot.choose(observe(state, p), rng)
        before = state
        state = apply(state, action)
        _tell(before, action, state, human, names, write, lang)
    result = deal_result(state)
    write("")
    write(t.gettext("deal over"))
    write(result_text(result, lang, variant))
    top = max(result.points)
    winner = (result.settlement.winner if result.settlement is not None else
              (result.points.index(top) if result.points.count(top) == 1 else None))
    write(t.gettext("you win") if winner == state.sides[human] else
          t.gettext("a tie") if winner is None else t.gettext("you lose"))
    return 0


def _ask(state: State, human: int, names: list[str], read: Callable[[str], str],
         write: Callable[[str], object], lang: str) -> Action | None:
    """The human's action, asked until one is legal; ``None`` to stop (quit, end of input)."""
    t = translator(lang)
    o = observe(state, human)
    _show_turn(o, names, write, lang)
    while True:
        try:
            text = read(t.gettext("your choice> "))
        except EOFError:
            write("")
            return None
        if text.strip().lower() in ("quit", "exit", "q"):
            return None
        if text.strip().lower() in ("help", "?", "h"):
            write(t.gettext(PLAY_HELP))
            continue
        if text.strip().lower() == "hint":
            for line in hint_lines(o, state.tricks, lang):
                write(line)
            continue
        chosen = _choice(state, o.legal_actions, text, lang)
        if not isinstance(chosen, str):
            return chosen
        write(chosen)
