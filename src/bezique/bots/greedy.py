"""GreedyBot: best immediate points and sensible card play, from the observation alone.

The heuristics, in the order a deal needs them:

* **Declaration window** (R2.6): take the declaration worth the most points
  (``rules_of(variant).points``). The seven of trumps (section 4) is worth its
  10 points; exchanging it is preferred when the turn-up is worth having (an
  ace, ten or court of trumps), declaring it otherwise. Before trump is fixed
  (R5.1, R11.2) a marriage in a suit the bot is long in is preferred, since it
  makes that suit trumps. With nothing to declare the bot passes. After the window's
  scored combination (R13.7) it announces, in partnership games, a combination its
  partner may build on (a bezique, a marriage): only cards on the table serve the
  partner (R11.8); two-handed it keeps its combinations in hand, unseen.
* **Carte blanche** (R11.6) is shown whenever it is offered: it scores and
  does not pass the turn.
* **Phase 1** (R2.5, free play): every card gets a *keep value*: its brisque
  points (R2.11; next to nothing where brisques only settle ties, R8.4), a
  little for its rank, more if it is a trump, plus its *meld value*: what the
  bot's prospects of scoring combinations lose if the card leaves. Each
  combination of the variant (marriages, sequences, beziques of the variant's
  pair, trump quartets, four of a rank) counts as its points times
  ``completion ** 2`` times the share of the stock still to draw, and a
  complete, undeclared one as 90% of its points; a card's meld value is the
  drop of that sum when one copy goes. So meld cards, cards of a rank held
  three or four times and sequence cards are kept, while a spare copy, or a
  table card that has served its class, is not. Leading, the bot plays the
  card of lowest keep value (a brisque counts double: it may be lost); with a
  combination ready to declare it leans towards a likely winner. Following,
  each card is judged by what winning with it brings (the brisques in the
  trick, and the best combination still declarable after playing it) minus
  its keep value: the bot wins cheaply when the trick holds a brisque or a
  declaration is waiting, and otherwise throws its least valuable card. A
  trump seven played from the hand scores (R4.2), so it goes early unless an
  exchange for a good turn-up awaits.
* **Fildinski** (R5.3): combinations come from won cards, so a card is worth
  what it adds to the won pile of whoever takes the trick; the bot wins tricks
  that build on its won cards and avoids feeding the opponent's.
* **Phase 2** (R2.10): the bot counts the cards it has not seen. Leading, it
  draws trumps with a master trump (no unseen trump beats it) when it holds at
  least as many trumps as are out, cashes other masters (aces first, brisques
  first) where the opponents must follow or hold no trump, and otherwise leads
  its cheapest card. Following, it wins with the cheapest winning card (a ten
  that an unseen ace could still catch goes before a card that will win
  later), and when it cannot win it throws its lowest card, sparing brisques.
* **Dealer's guess** (R9.4): guesses 24.

Everything per variant (combination patterns per trump suit, base values) is
computed once and cached, keyed by the variant's value, a bounded number of
variants at a time (:func:`bezique.bots.valuation.tables_of`); a two-pack decision executes
some 30,000 instructions once the memos of what a hand's or a table's counts decide are
warm (the performance page). ``decide`` is the one dispatch of a decision;
:meth:`GreedyBot.choose` calls it with the observation's fields and its hand as the
engine keeps it, a count vector (:func:`bezique.observation.hand_counts`), which the
search bot's playouts read straight off the state. The card play lives in
``bezique.bots._phase1`` and ``bezique.bots._keep`` (keep values),
``bezique.bots._fildinski`` and ``bezique.bots._phase2``. :func:`greedy_action` is
the same policy on raw fields with the hand as cards, for code outside the package that
plays it out on states without building observations (it counts the hand, then calls
``decide``).
"""

from __future__ import annotations

import random

import attrs

from bezique._engine.hands import held_of
from bezique.actions import Action, Announce, Declare, ExchangeSeven, Pass
from bezique.bots._layout import JACK, RANK, SUIT_POS, suit_size
from bezique.bots._phase1 import hand_phase1, phase1
from bezique.bots._phase2 import phase2
from bezique.bots._tables import TABLES, Tables
from bezique.bots.base import legal_choices
from bezique.cards import Card, Suit
from bezique.melds import MeldKind
from bezique.observation import Observation, hand_counts
from bezique.state import DECLARE, PLAY, Combination, Stage, TableCard
from bezique.variants import Variant

__all__ = ["GreedyBot", "greedy_action"]

_PASS = Pass()
_tables_of = TABLES.get
""":func:`~bezique.bots.valuation.tables_of`, one call less."""


@attrs.frozen
class GreedyBot:
    """Best immediate points and sensible card play (see the module documentation).

    Deterministic: the same observation gives the same action (``rng`` is not used).

    >>> import random, bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> o = bz.observe(s, s.to_move)
    >>> bz.bots.GreedyBot().choose(o, random.Random(0)) in o.legal_actions
    True
    >>> bz.bots.GreedyBot().choose(bz.observe(s, 1 - s.to_move), random.Random(0))
    Traceback (most recent call last):
    ...
    bezique.errors.BotError: no legal action: it is not this player's turn
    """

    name: str = "greedy"
    """The bot's name."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The greedy action for ``observation``.

        Raises:
            BotError: if it is not the observer's turn.
        """
        o = observation
        legal = o.legal_actions
        if len(legal) < 2:  # one action, or none: not the observer's turn (raises)
            return legal[0] if legal else legal_choices(o)[0]
        return decide(o.variant, o.player, o.stage, o.phase, hand_counts(o), o.table, o.trick,
                      o.trump, o.turn_up, o.stock_size, o.played, o.won, o.combos, o.active,
                      legal, None)  # every argument: the cheaper call


def greedy_action(variant: Variant, player: int, stage: Stage, phase: int,
                  hand: tuple[Card, ...], table: tuple[tuple[TableCard, ...], ...],
                  trick: tuple[tuple[int, Card], ...], trump: Suit | None, turn_up: Card | None,
                  stock_size: int, played: tuple[Card, ...],
                  won: tuple[tuple[TableCard, ...], ...], combos: tuple[Combination, ...],
                  active: tuple[int, ...], legal: tuple[Action, ...],
                  scores: list[float] | None = None) -> Action:
    """The greedy policy on the public fields plus the player's own hand.

    The arguments are the fields of an :class:`~bezique.observation.Observation`
    of the player to move (or the same fields of a state); of the concealed
    cards only the player's own hand is read. ``legal`` must be the legal
    actions, non-empty. Given a list as ``scores``, card play appends the
    policy's value of each card play in ``legal`` order (higher is better), and
    declaration windows the points of each action, for search bots that rank
    candidates.

    >>> import bezique as bz
    >>> s = bz.new_deal(bz.variants.TWO_PACK, seed=1)
    >>> p = s.to_move
    >>> a = greedy_action(s.variant, p, s.stage, s.phase, s.hands[p], s.table, s.trick,
    ...                   s.trump, s.turn_up, s.stock_size, s.played, s.won, s.combos,
    ...                   s.active, bz.legal_actions(s))
    >>> a in bz.legal_actions(s)
    True
    """
    return decide(variant, player, stage, phase, held_of(hand), table, trick, trump, turn_up,
                  stock_size, played, won, combos, active, legal, scores)


def decide(variant: Variant, player: int, stage: Stage, phase: int, held: int,
           table: tuple[tuple[TableCard, ...], ...], trick: tuple[tuple[int, Card], ...],
           trump: Suit | None, turn_up: Card | None, stock_size: int, played: tuple[Card, ...],
           won: tuple[tuple[TableCard, ...], ...], combos: tuple[Combination, ...],
           active: tuple[int, ...], legal: tuple[Action, ...],
           scores: list[float] | None = None) -> Action:
    """:func:`greedy_action` with the hand as the engine keeps it, its count vector
    ``held`` (:func:`~bezique.observation.hand_counts` of an observation,
    ``state.held[player]`` of a state): the one dispatch of a decision, which
    :class:`GreedyBot` and the search bot's playouts call without counting the hand."""
    if stage is PLAY and type(legal[-1]) is not Declare:  # card play, the commonest
        last = TABLES.last  # a bot plays one variant at a time: the identity test first
        T = last[1] if last[0] is variant else _tables_of(variant)
        if phase != 1:
            return phase2(T, player, held, trick, trump, played, legal, scores)
        if T.play_hook is not None:  # the meld card source's own play (Fildinski, R5.3)
            return T.play_hook(T, player, trump, trick, won, legal, scores)
        if scores is None and not table[player] and T.partnership.melds_alone(player):
            return hand_phase1(T, player, held, trick, trump, turn_up, stock_size, active,
                               legal)  # the commonest phase-1 play: a hand, no table card
        return phase1(T, player, held, table, trick, trump, turn_up, stock_size, combos,
                      active, legal, scores)
    if stage is DECLARE:
        return _declaration(variant, player, held, table, trump, turn_up, legal, scores)
    if stage is not PLAY:
        return _guess(legal, variant.deal.packet_target)
    if scores is not None:
        scores.extend([0.0] * (len(legal) - 1) + [1.0])
    return legal[-1]  # carte blanche (R11.6): always worth showing


def _guess(legal: tuple[Action, ...], target: int) -> Action:
    """R9.4: guess the dealer's target (every size is equally likely; 24 in the rules)."""
    for action in legal:
        if getattr(action, "size", None) == target:
            return action
    return legal[len(legal) // 2]


def _declaration(variant: Variant, player: int, held: int,
                 table: tuple[tuple[TableCard, ...], ...], trump: Suit | None,
                 turn_up: Card | None, legal: tuple[Action, ...],
                 scores: list[float] | None) -> Action:
    """The declaration worth the most points, or pass (R2.6, R3, R4)."""
    T = _tables_of(variant)
    points = T.rules.points
    best: Action = _PASS
    best_value = 0.0
    for action in legal:
        value = 0.0
        if type(action) is Declare:
            meld = action.meld
            if meld is MeldKind.TRUMP_SEVEN:
                value = float(T.seven_points)
            else:
                value = float(points.get(meld, 0))
                if trump is None and meld in (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE):
                    # R11.2: this declaration fixes trump; prefer a suit we are long in
                    suit = action.cards[0].suit
                    value += 0.1 * suit_size(held, SUIT_POS[suit])
                    value += 0.05 * sum(1 for tc in table[player] if tc.card.suit is suit)
        elif (type(action) is Announce and not T.partnership.melds_alone(player)
              and action.meld in _bases(T)):
            value = 0.01 * points.get(action.meld, 0)  # R13.7, R11.8: for the partner
        elif type(action) is ExchangeSeven:
            good = turn_up is not None and RANK[turn_up.index] >= JACK
            value = T.seven_points + (0.5 if good else -0.5)
        if scores is not None:
            scores.append(value)
        if value > best_value:
            best, best_value = action, value
    return best


def _bases(T: Tables) -> frozenset[MeldKind]:
    """The combinations an upgrade may build on (R3.5, R11.3), where a partner's upgrade
    pays for announcing one (R13.7, R11.8)."""
    bases: frozenset[MeldKind] = frozenset().union(*T.rules.melds.upgrades.values())
    return bases
