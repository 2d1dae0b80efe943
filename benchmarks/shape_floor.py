"""Benchmark: the speed yardstick's own rules in the engine's shape, the floor of that shape.

Run by hand, not by the tests::

    python benchmarks/shape_floor.py [--deals N] [--rounds R] [--yardstick PATH]

The yardstick (``reference_twopack.py``, kept outside the repository, by default
``../shared/bench/``) plays simplified two-pack deals on mutable lists and bit masks. This
script plays the *same* deals, with the yardstick's own functions for the rules (its meld
options, its choice of meld cards, its phase-2 follow rule), in the shape the engine keeps
(issue 29): a frozen state, a named tuple of as many fields as :class:`bezique.State`
whose successor is built from a list of the fields; interned action objects; the legal
actions listed with each state in a memo list; an ``apply(state, action)`` that checks the
action against them and dispatches on its type. Cards stay small integers and hands bit
masks, as in the yardstick.

It first checks that the two play the same deals (the same random choices give the same
scores), then times, round by round and back to back: the yardstick, this floor and
:func:`bezique.apply` on random full-rules two-pack deals (as ``benchmarks/bench.py``
does), and prints the medians of the paired ratios to the yardstick. What the floor costs
above the yardstick is the shape's; what the engine costs above the floor is the full
rules' (sections 1-13 of the rules against the yardstick's simplifications).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import bezique as bz
from bezique._engine.transitions import replace_at  # the engine's own helper


def _load_bench() -> ModuleType:
    """``benchmarks/bench.py`` beside this file (no package: loaded by its path), whose
    yardstick loader and random two-pack deals this benchmark shares."""
    spec = importlib.util.spec_from_file_location("bench", Path(__file__).with_name("bench.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_BENCH = _load_bench()

PLAY, WINDOW, OVER = 0, 1, 2
"""The floor's stages: a card to play, the winner's meld decision, the deal over."""

_NAMES = ("stage", "to_move", "leader", "phase", "hands", "hm", "ex", "mar", "four", "bez",
          "seq", "dbl", "sev", "stock", "trump", "score", "trick", "winner", "memo")
"""The fields the floor uses; constant padding brings it to the engine's number."""
_PADDING = len(bz.State._fields) - len(_NAMES)
FloorState = NamedTuple(  # type: ignore[misc]
    "FloorState", [(name, Any) for name in (*_NAMES, *(f"pad{i}" for i in range(_PADDING)))])
(STAGE, TO_MOVE, LEADER, PHASE, HANDS, HM, EX, MAR, FOUR, BEZ, SEQ, DBL, SEV, STOCK, TRUMP,
 SCORE, TRICK, WINNER, MEMO) = range(len(_NAMES))
_new_state = tuple.__new__


class Play:
    """Play a card (an interned object per card, as :class:`bezique.actions.Play`)."""

    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card = card


class Meld:
    """Take the yardstick's meld option ``m``."""

    __slots__ = ("m",)

    def __init__(self, m: int) -> None:
        self.m = m


class Pass:
    """Take no meld."""

    __slots__ = ()


PLAYS = [Play(card) for card in range(64)]
MELDS = [Meld(m) for m in range(14)]
PASS = Pass()


_RULES = ("meld_options", "pick", "follow_options", "BRISQUE", "MAR_T", "FOUR_T", "FOUR_SCORE",
          "BEZ_T", "BEZ_B", "SEQ_T", "SEV_B", "MAR_B")
"""The yardstick's rules functions and tables the floor plays with (bound by :func:`build`)."""
(meld_options, pick, follow_options, BRISQUE, MAR_T, FOUR_T, FOUR_SCORE, BEZ_T, BEZ_B, SEQ_T,
 SEV_B, MAR_B) = (None,) * len(_RULES)  # bound by build()


def build(ref: ModuleType) -> Callable[[random.Random], tuple[list[int], int]]:
    """:func:`play_deal`, with the yardstick ``ref``'s rules bound as this module's globals
    (read as fast as the yardstick reads its own)."""
    globals().update({name: getattr(ref, name) for name in _RULES})
    return play_deal


_PLAY_OF = PLAYS.__getitem__


def _new_deal(rng: random.Random) -> tuple[Any, ...]:
    deck = list(range(64))
    rng.shuffle(deck)
    hands = (tuple(deck[0:8]), tuple(deck[8:16]))
    turn = deck[16]
    f: list[Any] = [PLAY, 0, 0, 1, hands, tuple(sum(1 << c for c in h) for h in hands),
                    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (False, False), (0, 0),
                    (turn, *deck[17:]), turn >> 3 & 3, (0, 10 if turn & 7 == 0 else 0),
                    (), 0, [tuple(map(_PLAY_OF, hands[0]))], *(None,) * _PADDING]
    return _new_state(FloorState, f)


def _apply(s: Any, action: Any) -> Any:
    for legal in s.memo[0]:
        if legal is action:
            break
    else:
        raise ValueError("illegal action")
    f = [*s]
    if type(action) is Play:
        return _play(f, action.card)
    if type(action) is Pass:
        return _draw(f)
    return _meld(f, action.m)


def _play(f: list[Any], c: int) -> Any:
    p = f[TO_MOVE]
    hand = list(f[HANDS][p])
    hand.remove(c)
    f[HANDS] = hands = replace_at(f[HANDS], p, tuple(hand))
    f[HM] = replace_at(f[HM], p, f[HM][p] ^ 1 << c)
    if f[EX][p] >> c & 1:
        f[EX] = replace_at(f[EX], p, f[EX][p] & ~(1 << c))
    trick = (*f[TRICK], c)
    q = 1 - p
    if len(trick) == 1:
        f[TRICK] = trick
        f[TO_MOVE] = q
        options = (follow_options(list(hands[q]), c, f[TRUMP]) if f[PHASE] == 2
                   else hands[q])
        f[MEMO] = [tuple(map(_PLAY_OF, options))]
        return _new_state(FloorState, f)
    c1, c2 = trick
    trump = f[TRUMP]
    s1, s2 = c1 >> 3 & 3, c2 >> 3 & 3
    leader = f[LEADER]
    w = p if ((c2 & 7 > c1 & 7) if s2 == s1 else s2 == trump) else leader
    f[SCORE] = replace_at(f[SCORE], w, f[SCORE][w] + BRISQUE[c1] + BRISQUE[c2])
    f[TRICK] = ()
    f[TO_MOVE] = f[LEADER] = f[WINNER] = w
    if f[PHASE] == 1:
        f[STAGE] = WINDOW
        options = meld_options(f[HM][w], f[EX][w], f[MAR][w], f[FOUR][w], f[BEZ][w],
                               f[SEQ][w], f[DBL][w], f[SEV][w], trump,
                               f[STOCK][0] & 31 != trump * 8)
        f[MEMO] = [(PASS, *map(MELDS.__getitem__, options[1:]))]
    elif not hands[0]:
        f[SCORE] = replace_at(f[SCORE], w, f[SCORE][w] + 10)
        f[STAGE] = OVER
        f[MEMO] = [()]
    else:
        f[MEMO] = [tuple(map(_PLAY_OF, hands[w]))]
    return _new_state(FloorState, f)


def _meld(f: list[Any], m: int) -> Any:
    w = f[TO_MOVE]
    hw, ex, trump, score = f[HM][w], f[EX][w], f[TRUMP], f[SCORE][w]
    concealed = hw & ~ex
    if m <= 4:
        c = pick(MAR_T[m - 1], hw & ~f[MAR][w], concealed)
        f[MAR] = replace_at(f[MAR], w, f[MAR][w] | c)
        ex |= c
        score += 40 if m - 1 == trump else 20
    elif m <= 8:
        c = pick(FOUR_T[m - 5], hw & ~f[FOUR][w], concealed)
        f[FOUR] = replace_at(f[FOUR], w, f[FOUR][w] | c)
        ex |= c
        score += FOUR_SCORE[m - 5]
    elif m == 9:
        c = pick(BEZ_T, hw & ~f[BEZ][w], concealed)
        f[BEZ] = replace_at(f[BEZ], w, f[BEZ][w] | c)
        ex |= c
        score += 40
    elif m == 10:
        f[BEZ] = replace_at(f[BEZ], w, f[BEZ][w] | BEZ_B)
        f[DBL] = replace_at(f[DBL], w, True)
        ex |= BEZ_B
        score += 500
    elif m == 11:
        c = pick(SEQ_T[trump], hw & ~f[SEQ][w], concealed)
        f[SEQ] = replace_at(f[SEQ], w, f[SEQ][w] | c)
        f[MAR] = replace_at(f[MAR], w, f[MAR][w] | c & MAR_B[trump])
        ex |= c
        score += 250
    else:
        seven = hw & SEV_B[trump] & ~f[SEV][w]
        seven &= -seven
        score += 10
        if m == 12:
            f[SEV] = replace_at(f[SEV], w, f[SEV][w] | seven)
        else:  # the seven exchanged for the turn-up
            c = seven.bit_length() - 1
            stock = f[STOCK]
            hand = list(f[HANDS][w])
            hand.remove(c)
            hand.append(stock[0])
            f[HANDS] = replace_at(f[HANDS], w, tuple(hand))
            f[HM] = replace_at(f[HM], w, hw ^ (seven | 1 << stock[0]))
            ex &= ~seven
            f[STOCK] = (c, *stock[1:])
    f[EX] = replace_at(f[EX], w, ex)
    f[SCORE] = replace_at(f[SCORE], w, score)
    return _draw(f)


def _draw(f: list[Any]) -> Any:
    w = f[WINNER]
    stock = f[STOCK]
    hands = list(f[HANDS])
    hm = list(f[HM])
    for player, card in ((w, stock[-1]), (1 - w, stock[-2])):
        hands[player] = (*hands[player], card)
        hm[player] |= 1 << card
    f[STOCK] = stock[:-2]
    f[HANDS] = tuple(hands)
    f[HM] = tuple(hm)
    f[STAGE] = PLAY
    f[TO_MOVE] = f[LEADER] = w
    if not f[STOCK]:
        f[PHASE] = 2
    f[MEMO] = [tuple(map(_PLAY_OF, hands[w]))]
    return _new_state(FloorState, f)


def play_deal(rng: random.Random) -> tuple[list[int], int]:
    """One random deal of the floor with ``rng`` (the yardstick's random calls, in its
    order): (the scores, the actions taken)."""
    rnd = rng.random
    s = _new_deal(rng)
    actions = 0
    while s.stage != OVER:
        legal = s.memo[0]
        s = _apply(s, legal[int(rnd() * len(legal))])
        actions += 1
    return list(s.score), actions


def same_deals(ref: ModuleType, deals: int) -> bool:
    """Whether the floor and the yardstick score every one of ``deals`` deals alike, each
    played with the same random generator."""
    play_deal = build(ref)
    return all(play_deal(random.Random(k))[0] == ref.play_game(random.Random(k))[0]
               for k in range(deals))


def play_floor(play_deal: Callable[[random.Random], tuple[list[int], int]], deals: int,
               seed: int) -> float:
    """Seconds for ``deals`` deals of the floor."""
    t0 = time.perf_counter()
    for i in range(deals):
        play_deal(random.Random(seed + i))
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=7, help="rounds (medians are printed)")
    parser.add_argument("--yardstick", type=Path, default=_BENCH.DEFAULT_YARDSTICK)
    args = parser.parse_args(argv)
    ref = _BENCH.load_yardstick(args.yardstick)
    if ref is None:
        print(f"no yardstick at {args.yardstick}: the floor plays the yardstick's rules "
              "with its own functions", file=sys.stderr)
        return 2
    if not same_deals(ref, 50):
        print("the floor and the yardstick score some deal differently", file=sys.stderr)
        return 1
    print("the floor and the yardstick score 50 deals alike")
    play_deal = build(ref)
    floor, engine = [], []
    for r in range(args.rounds + 1):  # the first round warms up, not counted
        yardstick = ref.run(args.deals, 12345 + r)[0]
        f = play_floor(play_deal, args.deals, 1000 * r)
        e = _BENCH.play_random_deals(bz.variants.TWO_PACK, args.deals, 1000 * r)[0]
        if r:
            floor.append(f / yardstick)
            engine.append(e / yardstick)
    for name, ratios in (("the floor", floor), ("bezique.apply", engine)):
        print(f"{name:<14} {statistics.median(ratios):.2f}x the yardstick a deal "
              f"[{min(ratios):.2f}-{max(ratios):.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
