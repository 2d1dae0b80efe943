"""bezique.encoding: fixed action ids, exact masks and observation tensors, every variant."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import bezique as bz
from bezique._tensor_blocks import announceable
from bezique._tensor_state import StateTensor
from bezique.encoding import (
    ActionEncoder,
    deal_returns,
    observation_bounds,
    observation_layout,
    observation_size,
    observation_tensor,
)
from bezique.policies.deck import DeckPolicy
from strategies import play_deal

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = list(bz.variants.ALL)


def random_line(variant: bz.Variant, seed: int) -> Iterator[bz.State]:
    """Every state of a deal played by uniformly random legal actions, the last included."""
    start = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    steps = list(play_deal(start, random.Random(seed)))
    yield from (before for before, _, _ in steps)
    yield steps[-1][2] if steps else start


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_ids_round_trip_and_masks_are_exact(variant: bz.Variant) -> None:
    encoder = ActionEncoder(variant)
    seen_kinds: set[str] = set()
    for seed in (1, 2):
        for state in random_line(variant, seed):
            legal = bz.legal_actions(state)
            ids = [encoder.encode(a) for a in legal]
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            assert all(0 <= i < encoder.size for i in ids)
            mask = encoder.mask(state)
            assert len(mask) == encoder.size
            assert [i for i, m in enumerate(mask) if m] == sorted(ids)
            assert encoder.legal_ids(state) == ids
            for action, i in zip(legal, ids, strict=True):
                decoded = encoder.decode(i, state)
                assert bz.apply(state, decoded) == bz.apply(state, action)
                seen_kinds.add(type(action).__name__)
    assert {"Play", "Pass"} <= seen_kinds


def test_the_table_source_has_its_own_id() -> None:
    """R2.7: a face held in hand and on the table gives two plays, with two ids."""
    variant = bz.variants.EIGHT_PACK
    encoder = ActionEncoder(variant)
    for seed in range(1, 10):
        for state in random_line(variant, seed):
            legal = bz.legal_actions(state)
            table_plays = [a for a in legal if isinstance(a, bz.Play) and a.from_table]
            if table_plays:
                play = table_plays[0]
                hand_play = bz.Play(play.card)
                assert hand_play in legal
                assert encoder.encode(play) == encoder.encode(hand_play) + 32
                assert encoder.decode(encoder.encode(play), state) == play
                return
    pytest.fail("no deal offered a play from the table")


def test_a_table_play_of_a_face_only_on_the_table_encodes_as_the_listed_play() -> None:
    """R2.7: with the face on the table only, ``Play(card, from_table=True)`` is the move
    ``legal_actions`` lists as ``Play(card)``; given the state, it gets that id."""
    variant = bz.variants.TWO_PACK
    encoder = ActionEncoder(variant)
    for seed in range(1, 20):
        for state in random_line(variant, seed):
            p = state.to_move
            legal = bz.legal_actions(state)
            only_on_table = [tc.card for tc in state.table[p] if tc.card not in state.hands[p]
                             and bz.Play(tc.card) in legal] if p is not None else []
            if only_on_table:
                card = only_on_table[0]
                play = bz.Play(card, from_table=True)
                assert bz.is_legal(state, play)
                mask = encoder.mask(state)
                for seen in (state, bz.observe(state, p)):
                    assert encoder.encode(play, seen) == card.index == encoder.encode(bz.Play(card))
                    assert mask[encoder.encode(play, seen)]
                assert encoder.encode(play) == card.index + 32  # no state: the table-play id
                assert not mask[card.index + 32]
                return
    pytest.fail("no deal had a face on the table only")


def test_carte_blanche_has_one_id_and_decodes_to_the_hand_shown() -> None:
    """R11.6: carte blanche shows the whole hand, so one id names it."""
    variant = bz.variants.RUBICON
    encoder = ActionEncoder(variant)
    state = bz.setup(variant, hands=["AS 10S 9S 8S 7S AH 10H 9H 8H",
                                     "KS QS JS KH QH JH KD QD JD"])
    state = bz.apply(state, bz.legal_actions(state)[0])  # the elder (player 1) leads
    assert state.to_move == 0
    shows = [a for a in bz.legal_actions(state) if isinstance(a, bz.Declare)
             and a.meld is bz.MeldKind.CARTE_BLANCHE]
    assert len(shows) == 1
    index = encoder.encode(shows[0])
    assert encoder.mask(state)[index]
    assert encoder.decode(index, state) == shows[0]
    assert encoder.label(index) == "show carte blanche"


def test_packet_guesses_have_ids_where_the_dealer_lifts_a_packet() -> None:
    """R9.4: every guess the deal offers has an id, and none where there is no guess."""
    variant = bz.variants.CHINESE.with_options(dealer_guess=True)
    encoder = ActionEncoder(variant)
    state = bz.new_deal(variant, seed=5)
    guesses = bz.legal_actions(state)
    assert guesses and all(isinstance(a, bz.GuessPacket) for a in guesses)
    assert sum(encoder.mask(state)) == len(guesses)
    for action in guesses:
        assert encoder.decode(encoder.encode(action), state) == action
    with pytest.raises(bz.BeziqueError, match="never offers"):
        ActionEncoder(bz.variants.CHINESE).encode(guesses[0])


def test_size_is_fixed_per_variant_and_labels_name_every_id() -> None:
    for variant in VARIANTS:
        encoder = ActionEncoder(variant)
        assert encoder.size == ActionEncoder(variant).size
        labels = [encoder.label(i) for i in range(encoder.size)]
        assert len(set(labels)) == encoder.size
    assert ActionEncoder(bz.variants.TWO_PACK).label(0) == str(bz.Play("AS")) == "play AS"


def test_bad_ids_and_actions_are_refused() -> None:
    encoder = ActionEncoder(bz.variants.TWO_PACK)
    state = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    with pytest.raises(bz.BeziqueError, match="out of range"):
        encoder.decode(-1, state)
    with pytest.raises(bz.BeziqueError, match="out of range"):
        encoder.label(encoder.size)
    with pytest.raises(TypeError):
        encoder.decode("3", state)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encoder.decode(True, state)
    with pytest.raises(TypeError):
        encoder.encode("play QS")  # type: ignore[arg-type]
    with pytest.raises(bz.BeziqueError, match="never offers"):
        encoder.encode(bz.Declare(bz.MeldKind.BACK_DOOR, "AS 10S KS QS JS"))
    with pytest.raises(TypeError):
        ActionEncoder("two-pack")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_observation_tensors_have_the_layout_and_stay_in_bounds(variant: bz.Variant) -> None:
    size = observation_size(variant)
    assert sum(n for _, n in observation_layout(variant)) == size
    low, high = observation_bounds(variant)
    rng = random.Random(3)
    for state in random_line(variant, 3):
        for player in range(variant.players):
            seen = bz.observe(state, player)
            tensor = observation_tensor(seen)
            assert len(tensor) == size
            assert all(lo <= x <= hi for lo, x, hi in zip(low, tensor, high, strict=True))
            # the hand block holds the own hand, and nothing hidden changes the tensor
            assert sum(tensor[:32]) == len(seen.hand)
            other = bz.determinize(seen, rng)
            assert observation_tensor(bz.observe(other, player)) == tensor


def test_observation_tensor_reads_from_the_observers_seat() -> None:
    """Relative seats: the observer's blocks come first, whoever he is."""
    state = bz.new_deal(bz.variants.TWO_PACK, seed=4)
    layout = dict(observation_layout(bz.variants.TWO_PACK))
    names = [name for name, _ in observation_layout(bz.variants.TWO_PACK)]
    start = sum(layout[n] for n in names[:names.index("to_move")])
    for player in (0, 1):
        tensor = observation_tensor(bz.observe(state, player))
        mover = 0 if state.to_move == player else 1
        assert tensor[start:start + 2] == [1.0 if k == mover else 0.0 for k in range(2)]
    with pytest.raises(TypeError):
        observation_tensor(state)  # type: ignore[arg-type]


def test_the_documented_layout_matches() -> None:
    """docs/rl.rst lists every block of the layout."""
    text = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")
    for name, _ in observation_layout(bz.variants.FOUR_HANDED):
        assert f"``{name}``" in text


@pytest.mark.parametrize("variant", [bz.variants.TWO_PACK, bz.variants.FOUR_HANDED,
                                     bz.variants.CUTTHROAT, bz.variants.RUBICON],
                         ids=lambda v: v.name)
def test_deal_returns_reward_the_winning_side(variant: bz.Variant) -> None:
    *_, final = random_line(variant, 6)
    returns = deal_returns(final)
    result = bz.deal_result(final)
    sides = variant.deal.sides
    assert len(returns) == variant.players
    if all(r == 0.0 for r in returns):
        top = max(result.points)
        assert result.points.count(top) > 1 or (
            result.settlement is not None and result.settlement.winner is None)
        return
    winner = sides[returns.index(1.0)]
    expected = (result.settlement.winner if result.settlement is not None
                else result.points.index(max(result.points)))
    assert winner == expected
    assert all(r == (1.0 if sides[p] == winner else -1.0) for p, r in enumerate(returns))
    with pytest.raises(bz.BeziqueError, match="not over"):
        deal_returns(bz.new_deal(variant, seed=1))


def test_the_documented_sizes_match() -> None:
    """docs/rl.rst gives the number of action ids and the observation length per variant."""
    text = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")
    for variant in VARIANTS:
        row = f"{variant.name:<18}{ActionEncoder(variant).size:<12}{observation_size(variant)}"
        assert row in text.splitlines(), row


def _declaring_line(variant: bz.Variant, seed: int) -> Iterator[bz.State]:
    """Every state of a deal played at random, but declaring or announcing (R13.7) whenever
    a declaration or an announcement is legal (random play seldom fills the tables)."""
    rng = random.Random(seed)
    state = bz.new_deal(variant, seed=seed, dealer=seed % variant.players)
    while True:
        yield state
        if state.is_over:
            return
        legal = bz.legal_actions(state)
        declares = [a for a in legal if isinstance(a, (bz.Declare, bz.Announce))]
        state = bz.apply(state, rng.choice(declares or legal))


def _tensor_of_parts(tensor: StateTensor, s: bz.State, player: int) -> list[float]:
    """The tensor :class:`StateTensor` gives for ``player``, as a list of floats."""
    counts, others = tensor.parts(s, player)
    assert len(counts) == tensor.size
    out = [float(count) for count in counts]
    for at, value in others:
        assert counts[at] == 0
        out[at] = float(value)
    return out


def test_a_stock_of_256_cards_or_more_is_not_a_count_but_the_same_tensor() -> None:
    """The counts hold one byte an entry; a stock of 256 cards or more (sixteen packs,
    MAX_PACKS) is one of the other entries, and the tensor is still the observation's."""
    variant = attrs.evolve(bz.variants.TWO_PACK, name="sixteen packs",
                           deck=DeckPolicy(packs=16))
    tensor = StateTensor(variant)
    blocks = [name for name, _ in observation_layout(variant)]
    stock_at = sum(n for _, n in observation_layout(variant)[:blocks.index("stock_size")])
    state = bz.new_deal(variant, seed=3)
    for _ in range(6):
        assert state.stock_size >= 256
        for player in range(variant.players):
            expected = observation_tensor(bz.observe(state, player))
            assert _tensor_of_parts(tensor, state, player) == expected
            assert dict(tensor.parts(state, player)[1])[stock_at] == state.stock_size
        state = bz.apply(state, bz.legal_actions(state)[0])


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_the_adapters_tensor_from_the_state_is_the_observations_tensor(
        variant: bz.Variant) -> None:
    """The adapters read the tensor straight off the state (:mod:`bezique._tensor_state`):
    element for element the tensor of the observation, for every player of every state of
    random deals, and nothing hidden changes it."""
    tensor = StateTensor(variant)
    rng = random.Random(7)
    seen = set()
    for seed in (0, 1, 2, 3, 14, 31, 39):  # rubicon's deal 14 has a carte blanche (R11.6);
        # 31 and 39 have announcements (R13.7)
        for state in _declaring_line(variant, seed):
            for player in range(variant.players):
                expected = observation_tensor(bz.observe(state, player))
                assert _tensor_of_parts(tensor, state, player) == expected
            seen |= {
                "table classes" if any(tc.used & 7 for t in state.table for tc in t) else "",
                "exposed" if any(state.exposed) else "", "won" if any(state.won) else "",
                "over" if state.is_over else "", "no trump" if state.trump is None else "",
                "carte blanche" if any(c.may_show for c in state.carte) else "",
                "announced" if state.announced else ""}
        other = bz.determinize(bz.observe(state, 0), rng)
        assert tensor.parts(other, 0) == tensor.parts(state, 0)
    assert {"exposed", "over"} <= seen
    if variant is bz.variants.FILDINSKI:  # declared from the won cards, not the table
        assert "won" in seen
    else:
        assert "table classes" in seen
    if variant is bz.variants.NO_PRESET_TRUMP:
        assert "no trump" in seen
    if variant is bz.variants.RUBICON:
        assert "carte blanche" in seen
    if announceable(variant):  # R13.7: pending announcements met
        assert "announced" in seen
