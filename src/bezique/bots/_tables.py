"""What the greedy policy precomputes per variant: :class:`Tables`, built once per variant
value and cached (:func:`tables_of`), with the per-trump
:class:`~bezique.bots._trump_tables.TrumpTables`, the hooks of the variant's meld card
source (:func:`~bezique.bots._sources.hooks_of`) and the memos of a deal in progress."""

from __future__ import annotations

from bezique._engine.concerns import Partnership
from bezique._engine.hands import WEIGHT
from bezique.bots._layout import SUITS
from bezique.bots._sources import MeldCards, PlayHook, hooks_of
from bezique.bots._trump_tables import TrumpTables
from bezique.bots._variant_cache import VariantCache
from bezique.cards import ALL_CARDS, Suit
from bezique.engine import Rules, rules_of
from bezique.variants import Variant

__all__ = ["TABLES", "TableCounts", "Tables", "tables_of"]

TableCounts = tuple[int, int, int, int, dict[int, int]]
"""What a player's table cards add to the packed counts of the meld classes A, B, C and
of all, and per card index the class bits every copy has served
(:func:`bezique.bots._phase1.table_counts`)."""


class Tables:
    """Everything the greedy policy needs about one variant, built once
    (:func:`~bezique.bots.valuation.tables_of`): the compiled rules, the sides, and per
    trump suit the :class:`~bezique.bots.valuation.TrumpTables` (the combinations as
    card-index patterns, each card's base values). The rest are the policy's own tables
    and the memos of the deal in progress, free to change.

    Attributes:
        rules: The variant's compiled rules (:func:`bezique.engine.rules_of`).
        sides: Per player, the side it scores for.
        partners: Per player, the partners' seats (R11.8; none two-handed).
        partnership: The compiled rules' partnership, asked who declares alone and who
            plays for one side (R6.1, R11.8).
        by_trump: Per trump suit (``None``: no trump yet), its
            :class:`~bezique.bots.valuation.TrumpTables`.

    >>> import bezique as bz
    >>> T = bz.bots.valuation.tables_of(bz.variants.FOUR_HANDED)
    >>> T.sides, T.partners[0]
    ((0, 1, 0, 1), (2,))
    >>> T.trump_tables(bz.Suit.HEARTS) is T.by_trump[bz.Suit.HEARTS]
    True
    """

    __slots__ = ("bp", "by_trump", "copies", "deck_counts", "initial_stock", "last_played",
                 "last_tables", "last_trump", "meld_cards", "partners", "partnership",
                 "play_hook", "rules", "seven_points", "sides")

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant)
        self.rules: Rules = rules
        """The variant's compiled rules (:func:`bezique.engine.rules_of`)."""
        scoring = variant.scoring
        # a brisque's points where they are scored (R2.11, R6.8); a token point where only
        # the settlement counts them, to break a tie or save the rubicon (Rubicon, R8.4),
        # none where they never count (Chinese, R9.1)
        self.bp: float = float(scoring.brisque_value(deal_over=True)) or (
            1.0 if scoring.settled_brisque_points() else 0.0)
        self.copies: int = variant.deck.packs
        self.deck_counts: int = sum(map(WEIGHT, ALL_CARDS)) * self.copies
        """The packed count vector of every card of the packs
        (:data:`~bezique._engine.hands.WEIGHT`)."""
        self.initial_stock: int = max(1, len(rules.deck) - rules.players * rules.hand_size)
        self.partners: tuple[tuple[int, ...], ...] = rules.partners
        """Per player, the partners' seats (R11.8; none two-handed)."""
        self.sides: tuple[int, ...] = rules.sides
        """Per player, the side it scores for."""
        self.partnership: Partnership = rules.partnership
        """The partnership (R6.1, R11.8), asked who declares with whose table and who plays
        for one side."""
        play_hook, meld_cards = hooks_of(rules.meld_source)  # R3.2, R5.3: chosen once
        self.play_hook: PlayHook | None = play_hook
        """The meld card source's own phase-1 card play (Fildinski, R5.3), or ``None``."""
        self.meld_cards: MeldCards = meld_cards
        """Per class bit, the packed counts of the cards a player may meld."""
        self.seven_points: int = rules.sevens.worth  # 0 where no seven scores (R13.6)
        self.by_trump: dict[Suit | None, TrumpTables] = {
            trump: TrumpTables(rules, trump, self.bp) for trump in (*SUITS, None)}
        """Per trump suit, its tables; ``by_trump[None]`` with no trump yet."""
        self.last_trump: tuple[Suit | None, TrumpTables] = (None, self.by_trump[None])
        """The trump suit last asked about and its tables (:meth:`trump_tables`): a deal
        keeps its trump, so ``tt = lt[1] if (lt := T.last_trump)[0] is trump else
        T.trump_tables(trump)`` finds them with no look-up."""
        self.last_tables: list[tuple[object, TableCounts]] = [
            (None, (0, 0, 0, 0, {}))] * rules.players
        """Per player, the table cards last met and their
        :func:`~bezique.bots._phase1.table_counts`: a table seldom changes between a
        player's decisions."""
        self.last_played: tuple[tuple[object, ...], int] = ((), 0)
        """The cards played last asked about and their packed counts
        (:func:`bezique.bots._phase2.played_counts`)."""

    def trump_tables(self, trump: Suit | None) -> TrumpTables:
        """The tables of ``trump`` (``None``: no trump yet), kept as :attr:`last_trump`."""
        tt = self.by_trump[trump]
        self.last_trump = (trump, tt)
        return tt


TABLES: VariantCache[Tables] = VariantCache(Tables)
"""The tables of the variants in use, by the variant's value (bounded)."""


def tables_of(variant: Variant) -> Tables:
    """The cached tables of ``variant`` (shared by equal variants; a bounded number kept)."""
    return TABLES.get(variant)
