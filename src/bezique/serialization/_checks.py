"""Reading's last step: whether a decoded state, observation, result or game is possible
(the fields of a well-formed document may still describe an impossible position)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from bezique._engine.dealing import PACKET_RANGE
from bezique._engine.shuffle import derive_seed
from bezique.cards import ALL_CARDS, Card
from bezique.game import Game, GameResult
from bezique.notation import card_text
from bezique.observation import Observation
from bezique.results import DealResult
from bezique.serialization._common import (
    fault,
    written_fields,
)
from bezique.serialization._writing import encode
from bezique.state import Stage, State


def _check_lengths(obj: Any, path: str, names: Iterable[str], n: int, what: str) -> None:
    for name in names:
        value = getattr(obj, name)
        if value is not None and len(value) != n:
            raise fault(f"{path}.{name}", f"holds {len(value)} entries, not one for each of "
                                         f"the {n} {what}")


def _check_player(value: int | None, path: str, players: int) -> None:
    if value is not None and not 0 <= value < players:
        raise fault(path, f"player {value} does not exist (the players are 0-{players - 1})")


def _per_side(cls: type[Any], per_player: set[str]) -> tuple[str, ...]:
    """The per-side number fields of ``cls``: its int tuples that are not per player."""
    return tuple(name for name, note in written_fields(cls)
                 if note.startswith("tuple[int, ...]") and name not in per_player)


def _check_flow(s: State | Observation, path: str) -> None:
    """Stage, phase, turn and trick agree (shared by states and observations)."""
    variant = s.variant
    n = variant.players
    for name in ("dealer", "leader", "to_move", "last_winner"):
        _check_player(getattr(s, name), f"{path}.{name}", n)
    if s.phase not in (1, 2):
        raise fault(f"{path}.phase", f"{s.phase} is not a phase (1 or 2)")
    if not 0 <= s.window <= 15:
        raise fault(f"{path}.window", f"{s.window} is not a set of window flags (0-15)")
    if (s.stage is Stage.OVER) != (s.to_move is None):
        raise fault(f"{path}.to_move", f"{s.to_move} does not fit the stage {s.stage.value!r} "
                                      "(null exactly when the deal is over)")
    if not s.active or len(set(s.active)) != len(s.active):
        raise fault(f"{path}.active", "must list distinct players")
    for i, p in enumerate(s.active):
        _check_player(p, f"{path}.active[{i}]", n)
    if s.leader not in s.active:
        raise fault(f"{path}.leader", f"player {s.leader} is not among the active players")
    if s.stage in (Stage.DECLARE, Stage.GUESS) and (s.phase != 1 or s.trick):
        raise fault(f"{path}.stage", f"stage {s.stage.value!r} comes only between phase-1 "
                                    "tricks")
    if s.stage is Stage.GUESS and (not variant.deal.dealer_guess or s.tricks):
        raise fault(f"{path}.stage", "the dealer's packet is guessed only before the first "
                                    "trick of a variant with the dealer's guess (R9.4)")
    if s.stage is not Stage.PLAY and s.trick:
        raise fault(f"{path}.trick", f"no trick is under way at stage {s.stage.value!r}")
    if len(s.trick) >= len(s.active):
        raise fault(f"{path}.trick", f"holds {len(s.trick)} cards; a trick of "
                                    f"{len(s.active)} players is then complete")
    start = s.active.index(s.leader)
    for i, (p, _) in enumerate(s.trick):
        if p != s.active[(start + i) % len(s.active)]:
            raise fault(f"{path}.trick[{i}][0]", f"player {p} does not play in this turn")
    if s.stage is Stage.PLAY:
        expected = s.active[(start + len(s.trick)) % len(s.active)]
        if s.to_move != expected:
            raise fault(f"{path}.to_move", f"player {s.to_move} is not next to play "
                                          f"(player {expected} is)")
    if s.turn_up is not None:
        if not variant.deal.turn_up:
            raise fault(f"{path}.turn_up", f"{variant.name} has no turn-up card")
        if s.phase != 1:
            raise fault(f"{path}.turn_up", "the turn-up is taken before phase 2")
        if s.trump is not s.turn_up.suit:
            raise fault(f"{path}.trump", f"{encode(s.trump)} contradicts the turn-up "
                                        f"{card_text(s.turn_up)}")
    for i, combo in enumerate(s.combos):
        where = f"{path}.combos[{i}]"
        _check_player(combo.player, f"{where}.player", n)
        if variant.sides[combo.player] != combo.side:
            raise fault(f"{where}.side", f"player {combo.player} is on side "
                                        f"{variant.sides[combo.player]}, not {combo.side}")


def _count(counts: Counter[Card], card: Card, packs: int, path: str) -> None:
    counts[card] += 1
    if counts[card] > packs:
        raise fault(path, f"copy {counts[card]} of {card_text(card)} is more than the {packs} "
                         f"pack{'s' if packs > 1 else ''} hold")


def _count_open(counts: Counter[Card], s: State | Observation, packs: int, path: str) -> None:
    """Count the cards every player sees: the turn-up, the trick, the earlier tricks."""
    if s.turn_up is not None:
        _count(counts, s.turn_up, packs, f"{path}.turn_up")
    for i, (_, card) in enumerate(s.trick):
        _count(counts, card, packs, f"{path}.trick[{i}][1]")
    for i, card in enumerate(s.played):
        _count(counts, card, packs, f"{path}.played[{i}]")


def _check_subset(part: tuple[Card, ...], whole: Iterable[Card], path: str, where: str) -> None:
    left = Counter(whole)
    for i, card in enumerate(part):
        if left[card] <= 0:
            raise fault(f"{path}[{i}]", f"{card_text(card)} is not in {where}")
        left[card] -= 1


_STATE_PER_PLAYER = {"hands", "table", "carte", "won", "exposed"}


def check_state(s: State, path: str) -> None:
    variant = s.variant
    n = variant.players
    _check_lengths(s, path, _STATE_PER_PLAYER, n, "players")
    _check_lengths(s, path, _per_side(State, _STATE_PER_PLAYER | {"active"}),
                   variant.deal.side_count, "sides")
    _check_flow(s, path)
    for p, privilege in enumerate(s.carte):
        if not 0 <= privilege <= 3:
            raise fault(f"{path}.carte[{p}]", f"{privilege} is not a carte blanche state (0-3)")
    if s.phase == 2 and (s.stock or s.turn_up is not None or any(s.table)):
        raise fault(f"{path}.phase", "phase 2 begins when the stock is gone and the table "
                                    "cards are taken back into the hands")
    if s.phase == 1 and not s.stock and s.turn_up is None:
        raise fault(f"{path}.phase", "phase 1 lasts while the stock lasts")
    low, high = PACKET_RANGE
    if s.packet and not (variant.deal.dealer_guess and low <= s.packet <= high):
        raise fault(f"{path}.packet", f"{s.packet} is not a packet size of this variant "
                                     f"({low}-{high} with the dealer's guess, else 0)")
    if s.stage is Stage.GUESS and not s.packet:
        raise fault(f"{path}.packet", "the dealer has lifted no packet to guess")
    packs = variant.packs
    counts: Counter[Card] = Counter()
    for p, hand in enumerate(s.hands):
        if len(hand) + len(s.table[p]) > variant.hand_size:
            raise fault(f"{path}.hands[{p}]", f"player {p} holds {len(hand) + len(s.table[p])} "
                                             f"cards; the hand size is {variant.hand_size}")
        for i, card in enumerate(hand):
            _count(counts, card, packs, f"{path}.hands[{p}][{i}]")
    serials: set[int] = set()
    for name in ("table", "won"):
        for p, cards in enumerate(getattr(s, name)):
            for i, tc in enumerate(cards):
                if tc.serial in serials:
                    raise fault(f"{path}.{name}[{p}][{i}][1]", f"serial {tc.serial} is used twice")
                serials.add(tc.serial)
                if name == "table":
                    _count(counts, tc.card, packs, f"{path}.table[{p}][{i}][0]")
    for i, card in enumerate(s.stock):
        _count(counts, card, packs, f"{path}.stock[{i}]")
    _count_open(counts, s, packs, path)
    total = sum(counts.values())
    if total != 32 * packs and s.seed is not None:
        missing = [card_text(c) for c in ALL_CARDS if counts[c] < packs]
        raise fault(path, f"the position holds {total} cards, but the deck of {packs} pack"
                         f"{'s' if packs > 1 else ''} has {32 * packs} (short of "
                         f"{' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''})")
    for p, cards in enumerate(s.exposed):
        _check_subset(cards, s.hands[p], f"{path}.exposed[{p}]", f"hand {p}")
    _check_subset(tuple(tc.card for cards in s.won for tc in cards), s.played, f"{path}.won",
                  "the cards played")


_OBSERVATION_PER_PLAYER = {"hand_sizes", "table", "exposed", "won"}


def check_observation(o: Observation, path: str) -> None:
    variant = o.variant
    n = variant.players
    _check_player(o.player, f"{path}.player", n)
    _check_lengths(o, path, _OBSERVATION_PER_PLAYER, n, "players")
    _check_lengths(o, path, _per_side(Observation, _OBSERVATION_PER_PLAYER | {"active"}),
                   variant.deal.side_count, "sides")
    _check_flow(o, path)
    if not 0 <= o.carte <= 3:
        raise fault(f"{path}.carte", f"{o.carte} is not a carte blanche state (0-3)")
    if o.hand_sizes[o.player] != len(o.hand):
        raise fault(f"{path}.hand_sizes[{o.player}]", f"{o.hand_sizes[o.player]} is not the "
                                                     f"size of the hand ({len(o.hand)})")
    if o.turn_up is None and o.phase == 1 and o.stock_size == 0:
        raise fault(f"{path}.phase", "phase 1 lasts while the stock lasts")
    if o.to_move != o.player and o.legal_actions:
        raise fault(f"{path}.legal_actions", "a player sees legal actions only on his turn")
    _check_subset(o.exposed[o.player], o.hand, f"{path}.exposed[{o.player}]", "the hand")
    packs = variant.packs
    counts: Counter[Card] = Counter()
    for i, card in enumerate(o.hand):
        _count(counts, card, packs, f"{path}.hand[{i}]")
    for p, cards in enumerate(o.table):
        for i, tc in enumerate(cards):
            _count(counts, tc.card, packs, f"{path}.table[{p}][{i}][0]")
    for p, exposed in enumerate(o.exposed):
        if len(exposed) > o.hand_sizes[p]:
            raise fault(f"{path}.exposed[{p}]", f"player {p} holds only {o.hand_sizes[p]} cards")
        for i, card in enumerate(exposed if p != o.player else ()):
            _count(counts, card, packs, f"{path}.exposed[{p}][{i}]")
    _count_open(counts, o, packs, path)
    total = (sum(o.hand_sizes) + sum(len(t) for t in o.table) + o.stock_size + len(o.trick)
             + len(o.played))
    if total != 32 * packs:
        raise fault(path, f"the hands, tables, stock and tricks hold {total} cards, but the "
                         f"deck has {32 * packs}")


def check_deal_result(result: DealResult, path: str) -> None:
    sides = len(result.points)
    _check_lengths(result, path, ("breakdown", "brisque_counts"), sides, "sides")
    for i, (points, score) in enumerate(zip(result.points, result.breakdown, strict=True)):
        if points != score.total:
            raise fault(f"{path}.points[{i}]", f"{points} is not the breakdown's total "
                                              f"{score.total}")
    kinds = [kind for kind, _ in result.meld_counts]
    for i, (kind, count) in enumerate(result.meld_counts):
        if kind in kinds[:i] or count < 1:
            raise fault(f"{path}.meld_counts[{i}]", "each meld scored is counted once, "
                                                   "as a positive number")
    for name in ("tricks", "dealer"):
        if getattr(result, name) < 0:
            raise fault(f"{path}.{name}", "is negative")
    settled = result.settlement
    if settled is not None and settled.winner is not None and not 0 <= settled.winner < sides:
        raise fault(f"{path}.settlement.winner", f"side {settled.winner} does not exist")


def check_game(game: Game, path: str) -> None:
    variant = game.variant
    sides = variant.deal.side_count
    if game.current.variant != variant:
        raise fault(f"{path}.current.variant", "differs from the game's variant")
    _check_lengths(game, path, ("totals",), sides, "sides")
    for i, deal in enumerate(game.deals):
        _check_lengths(deal, f"{path}.deals[{i}]", ("points",), sides, "sides")
        if deal.dealer != i % variant.players:
            raise fault(f"{path}.deals[{i}].dealer", f"deal {i} is dealt by player "
                                                    f"{i % variant.players}, not {deal.dealer}")
    if game.winner is not None and (not game.is_over or not 0 <= game.winner < sides):
        raise fault(f"{path}.winner", f"side {game.winner} cannot have won "
                                     f"{'this game' if game.is_over else 'a game under way'}")
    if game.is_over != game.current.is_over:
        raise fault(f"{path}.is_over", "a game is over exactly when its current deal is over")
    index = len(game.deals) - 1 if game.is_over else len(game.deals)
    if index < 0:
        raise fault(f"{path}.deals", "a finished game has at least one deal")
    if game.current.dealer != index % variant.players:
        raise fault(f"{path}.current.dealer", f"deal {index} is dealt by player "
                                             f"{index % variant.players}")
    if game.current.seed != derive_seed(game.seed, index):
        raise fault(f"{path}.current.seed", f"deal {index} of game seed {game.seed} is "
                                           f"shuffled with seed {derive_seed(game.seed, index)}")
    if not game.deals or game.deals[-1].settlement is None:
        sums = tuple(sum(d.points[i] for d in game.deals) for i in range(sides))
        if game.totals != sums:
            raise fault(f"{path}.totals", f"{list(game.totals)} are not the sums of the deals' "
                                         f"points {list(sums)}")


def check_game_result(result: GameResult, path: str) -> None:
    if result.winner is not None and not 0 <= result.winner < len(result.totals):
        raise fault(f"{path}.winner", f"side {result.winner} does not exist")
    if result.deals < 0:
        raise fault(f"{path}.deals", "is negative")
