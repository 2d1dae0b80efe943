"""Property tests of the card notation (API.md "Cards"; RULES.md R1.1).

``Card.parse`` and ``parse_cards`` are fuzzed with arbitrary text: they either succeed or
raise ``NotationError`` (a ``ValueError``), never anything else; every card round-trips
through its text in every accepted spelling, and through its ``repr``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique.cards import ALL_CARDS

CARDS = st.sampled_from(ALL_CARDS)

RANK_SPELLINGS = {
    bz.Rank.ACE: ("A",),
    bz.Rank.TEN: ("10", "T"),
    bz.Rank.KING: ("K",),
    bz.Rank.QUEEN: ("Q",),
    bz.Rank.JACK: ("J",),
    bz.Rank.NINE: ("9",),
    bz.Rank.EIGHT: ("8",),
    bz.Rank.SEVEN: ("7",),
}
SUIT_SPELLINGS = {
    bz.Suit.SPADES: ("S", "♠"),
    bz.Suit.HEARTS: ("H", "♥"),
    bz.Suit.DIAMONDS: ("D", "♦"),
    bz.Suit.CLUBS: ("C", "♣"),
}
NOTATION_ALPHABET = "AKQJT1098765SHDCshdcakqjtx♠♥♦♣ ,\t\n"
"""Characters of card notation (and a few near misses), to reach the parser's successes."""


@st.composite
def spellings(draw: st.DrawFn, card: bz.Card | None = None) -> tuple[bz.Card, str]:
    """A card and one way of writing it: any rank and suit spelling, any letter case,
    surrounding blanks."""
    if card is None:
        card = draw(CARDS)
    rank = draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
    suit = draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
    text = "".join(c.lower() if draw(st.booleans()) else c for c in rank + suit)
    pad = st.sampled_from(["", " ", "  ", "\t"])
    return card, draw(pad) + text + draw(pad)


def _parse_or_notation_error(text: str) -> bz.Card | None:
    try:
        card = bz.Card.parse(text)
    except bz.NotationError as exc:
        assert isinstance(exc, ValueError)
        assert isinstance(exc, bz.BeziqueError)
        assert str(exc)
        return None
    assert isinstance(card, bz.Card)
    return card


@settings(max_examples=300)
@given(text=st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET, max_size=5)))
def test_card_parse_succeeds_or_raises_notation_error(text: str) -> None:
    """Any text either is a card or raises ``NotationError``; a card read from text
    writes back to text that reads as the same card."""
    card = _parse_or_notation_error(text)
    if card is not None:
        assert bz.Card.parse(str(card)) is card
        assert card in ALL_CARDS


@settings(max_examples=300)
@given(text=st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET, max_size=24)))
def test_parse_cards_succeeds_or_raises_notation_error(text: str) -> None:
    """Any text either is a list of cards or raises ``NotationError``."""
    try:
        cards = bz.parse_cards(text)
    except bz.NotationError as exc:
        assert isinstance(exc, ValueError)
        return
    assert isinstance(cards, tuple)
    assert all(isinstance(card, bz.Card) for card in cards)
    assert bz.parse_cards(" ".join(map(str, cards))) == cards
    assert bz.parse_cards(bz.format_cards(cards)) == cards


@settings(max_examples=50)
@given(value=st.one_of(st.none(), st.integers(), st.binary(), st.floats(),
                       st.lists(st.integers(), max_size=2)))
def test_card_parse_of_a_non_string_raises_notation_error(value: object) -> None:
    """Not even text: still ``NotationError`` (a ``ValueError``), never a crash."""
    with pytest.raises(bz.NotationError):
        bz.Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_its_text(card: bz.Card) -> None:
    """``str(card)`` is rank then suit symbol, and reads back as the same card."""
    text = str(card)
    assert text == str(card.rank) + str(card.suit)
    assert text[-1] in "♠♥♦♣"
    assert bz.Card.parse(text) == card
    assert bz.Card.parse(text) is card
    assert bz.Card.of(card.rank, card.suit) is card
    assert bz.Card(card.rank, card.suit) == card
    assert hash(bz.Card(card.rank, card.suit)) == hash(card)


@settings(max_examples=200)
@given(spelled=spellings())
def test_every_spelling_of_a_card_parses(spelled: tuple[bz.Card, str]) -> None:
    """"QS", "Q♠", "10D", "TD", "td", " qS " ...: every spelling names its card."""
    card, text = spelled
    assert bz.Card.parse(text) == card
    assert bz.parse_cards(text) == (card,)


@pytest.mark.parametrize(("text", "expected"), [
    ("QS", "Q♠"), ("Q♠", "Q♠"), ("qs", "Q♠"), ("10D", "10♦"), ("TD", "10♦"), ("td", "10♦"),
    ("10d", "10♦"), ("AH", "A♥"), ("7c", "7♣"), ("J♦", "J♦"),
])
def test_api_examples(text: str, expected: str) -> None:
    """The spellings API.md names."""
    assert str(bz.Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", " ", "Q", "S", "QX", "1S", "11S", "QSS", "Q S", "ZZ",
                                  "10", "QS,", "♠Q", "0S", "1OD"])
def test_bad_text_raises_notation_error(text: str) -> None:
    """Text that is not one card raises ``NotationError``."""
    with pytest.raises(bz.NotationError):
        bz.Card.parse(text)


@settings(max_examples=100)
@given(cards=st.lists(CARDS, max_size=20))
def test_parse_cards_round_trips_lists(cards: list[bz.Card]) -> None:
    """``parse_cards(" ".join(map(str, cards)))`` gives the cards back, in order."""
    assert bz.parse_cards(" ".join(map(str, cards))) == tuple(cards)
    assert bz.parse_cards(",".join(map(str, cards))) == tuple(cards)
    assert bz.parse_cards(bz.format_cards(cards)) == tuple(cards)
    assert bz.parse_cards(cards) == tuple(cards)
    assert bz.parse_cards([str(c) for c in cards]) == tuple(cards)


@settings(max_examples=100)
@given(spelled=st.lists(spellings(), max_size=12),
       separators=st.lists(st.sampled_from([" ", ",", ", ", "\t", "\n", " ,  "]),
                           min_size=12, max_size=12))
def test_parse_cards_reads_any_spelling_and_separator(
        spelled: list[tuple[bz.Card, str]], separators: list[str]) -> None:
    """Cards in any spelling, separated by blanks or commas, read back in order."""
    text = "".join(t.strip() + sep for (_, t), sep in zip(spelled, separators, strict=False))
    assert bz.parse_cards(text) == tuple(card for card, _ in spelled)


@settings(max_examples=50)
@given(cards=st.lists(CARDS, min_size=1, max_size=6), bad=st.sampled_from(["QX", "1S", "Z"]),
       where=st.integers(min_value=0, max_value=6))
def test_parse_cards_rejects_a_bad_token_anywhere(cards: list[bz.Card], bad: str,
                                                  where: int) -> None:
    """One bad token anywhere spoils the list, and the error names it."""
    tokens = [str(c) for c in cards]
    tokens.insert(min(where, len(tokens)), bad)
    with pytest.raises(bz.NotationError, match=bad):
        bz.parse_cards(" ".join(tokens))


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_evaluates_back(card: bz.Card) -> None:
    """``repr(card)`` is Python that gives the card back."""
    again = eval(repr(card), {"Card": bz.Card})
    assert again == card
    assert again is card


@settings(max_examples=50)
@given(cards=st.lists(CARDS, max_size=8))
def test_cards_sort_and_hash_consistently(cards: list[bz.Card]) -> None:
    """Cards sort by suit (♠ ♥ ♦ ♣), then rank from ace down; equal cards hash equally."""
    ordered = sorted(cards)
    suits = list(bz.Suit)
    keys = [(suits.index(c.suit), -int(c.rank)) for c in ordered]
    assert keys == sorted(keys)
    for a in cards:
        for b in cards:
            assert (a == b) == (a.rank is b.rank and a.suit is b.suit)
            if a == b:
                assert hash(a) == hash(b)


@settings(max_examples=100)
@given(cards=st.lists(CARDS, min_size=1, max_size=5), kind=st.sampled_from(list(bz.MeldKind)),
       data=st.data())
def test_actions_read_from_notation(cards: list[bz.Card], kind: bz.MeldKind,
                                    data: st.DataObject) -> None:
    """Actions accept cards as text; a declaration's cards are kept sorted, so their order
    does not matter."""
    order = data.draw(st.permutations(cards))
    assert bz.Declare(kind, cards) == bz.Declare(kind, order)
    assert bz.Declare(kind.value, " ".join(map(str, order))) == bz.Declare(kind, cards)
    assert list(bz.Declare(kind, order).cards) == sorted(cards)
    card = cards[0]
    assert bz.Play(str(card)) == bz.Play(card)
    assert bz.ExchangeSeven(str(card).lower()) == bz.ExchangeSeven(card)
    with pytest.raises(bz.NotationError):
        bz.Play("QX")
