"""Property tests: every variant played to the end by random legal actions.

Each property draws a variant (:mod:`strategies`), a deal seed and the seed of a random
player that chooses uniformly among :func:`bezique.legal_actions`, and checks the
invariants of :mod:`bezique.testing` after every action.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, note, settings
from hypothesis import strategies as st

import bezique as bz
from bezique._conformance.common import expected_follow, phase1_tricks
from bezique.cards import ALL_CARDS
from bezique.testing import InvariantError, check_final, check_state, check_transition
from strategies import (
    OPTION_VARIANTS,
    VARIANTS,
    DealPath,
    GamePath,
    Positions,
    deal_paths,
    deal_positions,
    describe,
    game_paths,
    reachable_states,
    seeded_lines,
    seeds,
    variants,
)

RULE_ID = re.compile(r"\bR\d+\.\d+\b")


def _play_checked(path: DealPath) -> bz.State:
    """Play ``path`` to its end, checking every state and transition; the final state."""
    state = path.start()
    actions: list[bz.Action] = []
    try:
        check_state(state)
        for before, action, after in path.steps():
            actions.append(action)
            check_transition(before, action, after)
            check_state(after)
            state = after
        check_final(state)
    except InvariantError as exc:
        note(f"actions: {[str(a) for a in actions]}")
        raise InvariantError(f"{exc.reason}\n  in {path!r} after {len(actions)} actions; "
                             f"the last: {actions[-1] if actions else None}") from exc
    return state


# --------------------------------------------------------------------------- whole deals


@settings(max_examples=60)
@given(path=deal_paths())
# Found by this property: a broken quartet re-formed (R3.8) into four trumps was offered as
# the plain quartet (four_aces A♣ A♣ A♣ A♣ with clubs trumps, after 50 actions), which
# R11.3 forbids.
@example(path=DealPath(bz.variants.CHINESE, seed=138, path_seed=138, dealer=0))
def test_every_action_keeps_the_invariants(path: DealPath) -> None:
    """Cards, sizes, scores and legal actions stay consistent through a whole deal."""
    final = _play_checked(path)
    variant = path.variant
    assert final.is_over
    assert bz.legal_actions(final) == ()
    if variant.players == 2:
        assert final.tricks == 32 * variant.packs // 2
    assert sum(final.brisques) == 8 * variant.packs
    assert tuple(bz.deal_result(final).points) == tuple(final.scores)


@settings(max_examples=40)
@given(path=deal_paths(st.sampled_from(OPTION_VARIANTS)))
def test_two_pack_deal_has_32_tricks_and_16_brisques(path: DealPath) -> None:
    """R2.3, R2.11, R2.12: 24 + 8 tricks, 16 brisques (160 points), one last-trick bonus."""
    state = path.start()
    windows = 0
    for before, _, after in path.steps():
        if after.tricks > before.tricks and before.phase == 1:
            windows += 1
        state = after
    assert state.tricks == 32
    assert windows == 24
    result = bz.deal_result(state)
    assert sum(result.brisque_counts) == 16
    assert sum(score.brisques for score in result.breakdown) == 160
    assert sum(score.last_trick for score in result.breakdown) == 10
    assert tuple(result.points) == tuple(state.scores)
    assert sum(result.points) == sum(state.melds) + sum(state.sevens) + 160 + 10


@settings(max_examples=30)
@given(state=reachable_states())
def test_no_result_before_the_end(state: bz.State) -> None:
    """``deal_result`` is only for a finished deal."""
    if state.is_over:
        check_final(state)
    else:
        with pytest.raises(bz.BeziqueError):
            bz.deal_result(state)


# --------------------------------------------------------------------------- illegal actions


def _play_is_legal(state: bz.State, play: bz.Play) -> bool:
    """Whether ``play`` is legal, read from the rules (R2.5, R2.7, R2.10)."""
    if state.stage is not bz.Stage.PLAY:
        return False
    player = state.to_move
    assert player is not None
    in_hand = play.card in state.hands[player]
    on_table = play.card in state.tables[player]
    held = {None: in_hand or on_table, True: on_table, False: in_hand}[play.from_table]
    if not held:
        return False
    if state.phase == 2 and state.trick:
        return play.card in expected_follow(state.hands[player], state.trick, state.trump,
                                            state.variant.legality.trump_when_losing)
    return True


def _listed_play(state: bz.State, play: bz.Play) -> bz.Play:
    """The form in which ``legal_actions`` lists a legal play."""
    player = state.to_move
    assert player is not None
    if play.from_table and play.card in state.hands[player]:
        return bz.Play(play.card, from_table=True)
    return bz.Play(play.card)


_SUITS = tuple(bz.Suit)
_BEZIQUE_KINDS = (bz.MeldKind.BEZIQUE, bz.MeldKind.DOUBLE_BEZIQUE, bz.MeldKind.TRIPLE_BEZIQUE,
                  bz.MeldKind.QUADRUPLE_BEZIQUE, bz.MeldKind.QUINTUPLE_BEZIQUE)
_QUARTET_KINDS = {
    bz.Rank.ACE: (bz.MeldKind.FOUR_ACES, bz.MeldKind.FOUR_TRUMP_ACES),
    bz.Rank.TEN: (bz.MeldKind.FOUR_TENS, bz.MeldKind.FOUR_TRUMP_TENS),
    bz.Rank.KING: (bz.MeldKind.FOUR_KINGS, bz.MeldKind.FOUR_TRUMP_KINGS),
    bz.Rank.QUEEN: (bz.MeldKind.FOUR_QUEENS, bz.MeldKind.FOUR_TRUMP_QUEENS),
    bz.Rank.JACK: (bz.MeldKind.FOUR_JACKS, bz.MeldKind.FOUR_TRUMP_JACKS),
}


def _card(rank: bz.Rank, suit: bz.Suit) -> bz.Card:
    return bz.Card.of(rank, suit)


def _declaration_candidates(state: bz.State, rng: random.Random) -> list[bz.Declare]:
    """Declarations right and wrong: every combination shape of R3.3, with the wrong
    kind or suit, with the player's cards, and random card sets."""
    out: list[bz.Declare] = []
    marriages = (bz.MeldKind.COMMON_MARRIAGE, bz.MeldKind.ROYAL_MARRIAGE)
    sequences = (bz.MeldKind.TRUMP_SEQUENCE, bz.MeldKind.BACK_DOOR)
    seq_ranks = (bz.Rank.ACE, bz.Rank.TEN, bz.Rank.KING, bz.Rank.QUEEN, bz.Rank.JACK)
    for suit in _SUITS:
        marriage = (_card(bz.Rank.KING, suit), _card(bz.Rank.QUEEN, suit))
        sequence = tuple(_card(rank, suit) for rank in seq_ranks)
        seven = _card(bz.Rank.SEVEN, suit)
        for kind in (*marriages, *sequences):
            out.append(bz.Declare(kind, marriage))
            out.append(bz.Declare(kind, sequence))
        out.append(bz.Declare(bz.MeldKind.ROYAL_MARRIAGE, marriage[:1]))
        out.append(bz.Declare(bz.MeldKind.TRUMP_SEVEN, (seven,)))
        out.append(bz.Declare(bz.MeldKind.TRUMP_SEVEN, (seven, seven)))
        out.append(bz.Declare(bz.MeldKind.TRUMP_SEVEN, (_card(bz.Rank.EIGHT, suit),)))
    for queen, jack in (("QS", "JD"), ("QC", "JH"), ("QD", "JS"), ("QH", "JC")):
        pair = bz.parse_cards([queen, jack])
        for n, kind in enumerate(_BEZIQUE_KINDS, start=1):
            out.append(bz.Declare(kind, pair * n))
            out.append(bz.Declare(kind, pair * (n + 1)))
    player = state.to_move
    mine = []
    if player is not None:
        mine = list(state.hands[player]) + list(state.tables[player])
        mine += [tc.card for tc in getattr(state, "won", ((),) * (player + 1))[player]]
    for rank, kinds in _QUARTET_KINDS.items():
        four = tuple(_card(rank, suit) for suit in _SUITS)
        held = [c for c in mine if c.rank is rank]
        for kind in kinds:
            out.append(bz.Declare(kind, four))
            out.append(bz.Declare(kind, four[:3]))
            out.append(bz.Declare(kind, (*four, four[0])))
            out.append(bz.Declare(kind, (four[0],) * 4))
            if len(held) >= 4:
                out.append(bz.Declare(kind, rng.sample(held, 4)))
    kinds = list(bz.MeldKind)
    for _ in range(12):
        pool = mine if mine and rng.random() < 0.7 else list(ALL_CARDS)
        size = rng.randint(0, min(6, len(pool)))
        out.append(bz.Declare(rng.choice(kinds), rng.sample(pool, size)))
    if mine:
        out.append(bz.Declare(bz.MeldKind.CARTE_BLANCHE, state.hands[player]))
    return out


def _candidates(state: bz.State, rng: random.Random) -> list[bz.Action]:
    plays = [bz.Play(card, from_table=ft) for card in ALL_CARDS for ft in (None, True, False)]
    exchanges = [bz.ExchangeSeven(card) for card in ALL_CARDS]
    return [*plays, bz.Pass(), *exchanges, *_declaration_candidates(state, rng)]


def _saved(state: bz.State) -> bz.State:
    """A deep copy of ``state`` (sharing only the variant)."""
    return copy.deepcopy(state, {id(state.variant): state.variant})


def _check_candidates(state: bz.State, rng: random.Random) -> None:
    saved = _saved(state)
    saved_hash = hash(state)
    listed = bz.legal_actions(state)
    for action in _candidates(state, rng):
        if isinstance(action, bz.Play):
            legal = _play_is_legal(state, action)
            if legal:
                assert _listed_play(state, action) in listed, (str(action), listed)
        else:
            legal = action in listed
        assert bz.is_legal(state, action) == legal, (
            f"is_legal({action}) is {not legal} in {state!r}; listed: {listed}")
        if legal:
            after = bz.apply(state, action)
            if isinstance(action, bz.Play):
                assert after == bz.apply(state, _listed_play(state, action)), str(action)
            continue
        with pytest.raises(bz.IllegalActionError) as raised:
            bz.check_action(state, action)
        if not state.is_over:
            assert RULE_ID.search(str(raised.value)), f"no rule named: {raised.value}"
        with pytest.raises(bz.IllegalActionError):
            bz.apply(state, action)
        assert isinstance(raised.value, ValueError)
        assert state == saved, f"{action} changed the state"
        assert bz.legal_actions(state) == listed
    assert state == saved
    assert hash(state) == saved_hash


@settings(max_examples=50)
@given(positions=deal_positions(), rng_seed=seeds())
def test_illegal_actions_are_rejected_and_change_nothing(positions: Positions,
                                                         rng_seed: int) -> None:
    """Actions outside ``legal_actions`` raise ``IllegalActionError`` naming a rule, and the
    state is unchanged (equal, same hash); the equivalent forms of a legal action (a play
    named with its source) are accepted. Tried on a state of each kind of one deal: any,
    an open window, a phase-2 follower, a player with table cards, the end."""
    rng = random.Random(rng_seed)
    for state in positions.states:
        _check_candidates(state, rng)


@settings(max_examples=30)
@given(state=reachable_states())
def test_pass_is_illegal_when_a_card_must_be_played(state: bz.State) -> None:
    """R2.6: ``Pass`` only closes a declaration window."""
    saved = _saved(state)
    if state.stage is bz.Stage.DECLARE:
        assert bz.Pass() in bz.legal_actions(state)
    else:
        assert not bz.is_legal(state, bz.Pass())
        with pytest.raises(bz.IllegalActionError):
            bz.apply(state, bz.Pass())
    assert state == saved


@settings(max_examples=30)
@given(state=reachable_states())
def test_exchanging_a_card_other_than_the_trump_seven_is_illegal(state: bz.State) -> None:
    """R4.1: only the seven of trumps is exchanged for the turn-up."""
    saved = _saved(state)
    for card in ALL_CARDS:
        if card.rank is bz.Rank.SEVEN and card.suit is state.trump:
            continue
        with pytest.raises(bz.IllegalActionError):
            bz.apply(state, bz.ExchangeSeven(card))
    assert state == saved


@settings(max_examples=30)
@given(state=reachable_states())
def test_cards_not_held_cannot_be_played(state: bz.State) -> None:
    """R2.7: a player plays only cards of his hand or table."""
    saved = _saved(state)
    player = state.to_move
    held = set() if player is None else set(state.hands[player]) | set(state.tables[player])
    for card in ALL_CARDS:
        if card in held:
            continue
        for from_table in (None, True, False):
            with pytest.raises(bz.IllegalActionError):
                bz.apply(state, bz.Play(card, from_table=from_table))
    assert state == saved


@settings(max_examples=30)
@given(path=deal_paths())
def test_equivalent_forms_of_legal_actions_are_accepted(path: DealPath) -> None:
    """API: ``apply`` accepts any legal action, not only the listed objects: actions
    rebuilt from their text, plays named with their source."""
    for before, action, after in path.steps():
        if isinstance(action, bz.Play):
            rebuilt: bz.Action = bz.Play(str(action.card), from_table=action.from_table)
            player = before.to_move
            assert player is not None
            if action.from_table is None and action.card in before.hands[player]:
                assert bz.apply(before, bz.Play(action.card, from_table=False)) == after
            elif action.from_table is None:
                assert bz.apply(before, bz.Play(action.card, from_table=True)) == after
        elif isinstance(action, bz.Declare | bz.Announce):  # R13.7: announcements alike
            shuffled = list(reversed([str(c) for c in action.cards]))
            rebuilt = type(action)(action.meld.value.upper(), " ".join(shuffled))
        elif isinstance(action, bz.ExchangeSeven):
            rebuilt = bz.ExchangeSeven(str(action.card).lower())
        else:
            rebuilt = bz.Pass()
        assert rebuilt == action
        assert bz.is_legal(before, rebuilt)
        assert bz.apply(before, rebuilt) == after


# --------------------------------------------------------------------------- determinism


@settings(max_examples=40)
@given(path=deal_paths())
def test_same_seed_same_deal_same_play(path: DealPath) -> None:
    """The same seed gives the same deal, and the same choices the same legal actions."""
    first, second = path.start(), path.start()
    assert first == second
    assert hash(first) == hash(second)
    assert first is not second
    assert first.to_move == (path.dealer + 1) % path.variant.players  # R2.4, R11.1
    a, b = random.Random(path.path_seed), random.Random(path.path_seed)
    while not first.is_over:
        legal = bz.legal_actions(first)
        assert legal == bz.legal_actions(second)
        action = a.choice(legal)
        assert action == b.choice(bz.legal_actions(second))
        first, second = bz.apply(first, action), bz.apply(second, action)
        assert first == second
    assert second.is_over
    assert bz.deal_result(first) == bz.deal_result(second)


@settings(max_examples=20)
@given(variant=variants(), seed=seeds())
def test_dealing_follows_the_packets(variant: bz.Variant, seed: int) -> None:
    """R2.2, R11.1: hands of ``hand_size``, the rest in the stock, trump from the turn-up."""
    state = bz.new_deal(variant, seed=seed)
    assert [len(hand) for hand in state.hands] == [variant.hand_size] * variant.players
    assert not any(state.tables)
    assert state.stock_size == 32 * variant.packs - variant.players * variant.hand_size
    assert state.stock_size == variant.players * phase1_tricks(variant)
    if variant.deal.turn_up:
        assert state.turn_up is not None and state.trump is state.turn_up.suit
        dealer_side = state.sides[0]
        seven = state.turn_up.rank is bz.Rank.SEVEN and variant.trump.sevens_score
        assert state.scores[dealer_side] == (variant.trump.turn_up_seven_points if seven else 0)
    else:
        assert state.turn_up is None
    assert Counter(c for hand in state.hands for c in hand) + Counter(state.stock) + Counter(
        [state.turn_up] if state.turn_up else []) == Counter(bz.cards.pack(variant.packs))


_REPLAY = """
import json, sys
from strategies import seeded_lines
json.dump(seeded_lines(), sys.stdout)
"""


def test_same_seed_same_deal_in_another_process() -> None:
    """API: the same seed gives the same deal everywhere; nothing depends on hashing or
    on object addresses (a fresh interpreter with another hash seed)."""
    expected = seeded_lines()
    # the bezique under test (a checkout's src first, not another installed copy)
    here = os.pathsep.join((str(Path(__file__).parent), str(Path(bz.__file__).parent.parent)))
    env = {"PYTHONHASHSEED": "12345", "PYTHONPATH": here}
    done = subprocess.run([sys.executable, "-c", _REPLAY], capture_output=True, text=True,
                          env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected


# --------------------------------------------------------------------------- games


def _per_deal(variant: bz.Variant) -> bool:
    return variant.scoring.settlement.value == "per_deal" and variant.deal.side_count == 2


@settings(max_examples=30)
@given(path=game_paths(target=300))
def test_game_adds_up_its_deals_and_ends_at_the_target(path: GamePath) -> None:
    """R2.13, R11.1: totals are the sums of the deals; the game ends after the deal in
    which a side reaches the target; ``game_result`` agrees. Where each deal is a game
    (R8.5, R11.7), the game ends after one deal, settled."""
    variant = path.variant
    target = variant.scoring.target
    sides = variant.deal.side_count
    game = path.start()
    assert game.totals == (0,) * sides and game.deals == () and not game.is_over
    with pytest.raises(bz.BeziqueError):
        bz.game_result(game)
    for before, action, after in path.steps():
        assert bz.legal_actions(before) == bz.legal_actions(before.current)
        deal_after = bz.apply(before.current, action)
        if deal_after.is_over:
            assert len(after.deals) == len(before.deals) + 1
            assert after.deals[-1] == bz.deal_result(deal_after)
            check_final(deal_after)
        else:
            assert after.deals == before.deals
            assert after.current == deal_after
            check_state(after.current, legal=False)
        if _per_deal(variant):
            continue
        totals = [sum(result.points[side] for result in after.deals) for side in range(sides)]
        assert tuple(after.totals) == tuple(totals)
        if not after.is_over:
            assert max(after.totals) < target, "the game went on past the target"
            assert after.current.dealer == len(after.deals) % variant.players  # R11.1
            assert after.to_move == after.current.to_move
    game = after
    assert game.is_over
    assert game.to_move is None
    assert bz.legal_actions(game) == ()
    with pytest.raises(bz.IllegalActionError):
        bz.apply(game, bz.Pass())
    result = bz.game_result(game)
    assert result.winner == game.winner
    assert tuple(result.totals) == tuple(game.totals)
    assert result.deals == len(game.deals)
    if _per_deal(variant):
        settled = game.deals[-1].settlement
        assert len(game.deals) == 1
        assert (game.winner, tuple(game.totals)) == (settled.winner, tuple(settled.totals))
        assert result.value == settled.value
        return
    assert max(game.totals) >= target
    for i, deal in enumerate(game.deals):
        assert deal.dealer == i % variant.players
        if i < len(game.deals) - 1:
            running = [sum(r.points[s] for r in game.deals[:i + 1]) for s in range(sides)]
            assert max(running) < target
    top = max(game.totals)
    leaders = [side for side, total in enumerate(game.totals) if total == top]
    assert game.winner == (leaders[0] if len(leaders) == 1 else None)
    value = 1
    if game.winner is not None and sides == 2:
        loser = game.totals[1 - game.winner]
        value = 2 if loser < variant.scoring.rubicon else 1
    assert result.value == value


@settings(max_examples=10)
@given(path=game_paths(target=300))
def test_same_seed_same_game(path: GamePath) -> None:
    """Games are as reproducible as deals."""
    first = [after for _, _, after in path.steps()]
    second = [after for _, _, after in path.steps()]
    assert first == second
    assert bz.new_game(path.variant, seed=path.seed) == path.start()


def test_strategies_cover_every_preset_and_option() -> None:
    """The strategies reach every preset variant and every option value."""
    assert set(bz.variants.ALL) <= set(VARIANTS)
    names = {describe(v) for v in VARIANTS}
    assert len(names) == len(VARIANTS)
    # the seeds' own readings (R13.1-R13.5), in both settings
    for option in ("meld_classes", "seven_declare", "played_seven_scores", "partner_seven",
                   "second_duel_leader"):
        values = {getattr(value, "value", value) for v in VARIANTS
                  for name, value in v.options().items() if name == option}
        assert len(values) == 2, (option, values)
