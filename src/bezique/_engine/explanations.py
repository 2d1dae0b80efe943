"""Why an action is illegal: the rule and a message (used by :func:`bezique.check_action`).

Each explanation is a pair ``(rule, text)``: the id of the rule that refuses the action
(``None`` where none applies) and what to tell the player. :func:`refusal` makes the
:class:`~bezique.errors.IllegalActionError` of it, whose message is ``"R2.6: text"`` and
whose ``rule`` and ``action`` carry the same facts for programs.
"""

from __future__ import annotations

from bezique._engine.compiled import QuartetSpec, Rules, rules_of
from bezique._engine.hands import position
from bezique._engine.sevens import trump_seven_in_hand
from bezique._engine.tricks import follow_options
from bezique.actions import Declare, ExchangeSeven, GuessPacket, Pass, Play
from bezique.cards import Card, Rank, format_cards
from bezique.errors import IllegalActionError
from bezique.melds import MeldKind
from bezique.state import Stage, State, Window

__all__ = ["Explanation", "explain", "explain_play", "refusal", "source_of_play"]

Explanation = tuple[str | None, str]
"""``(rule, text)``: the id of the rule refusing an action, or ``None``, and why."""


def refusal(explanation: Explanation, action: object) -> IllegalActionError:
    """The error for ``action``, refused as ``explanation`` says."""
    rule, text = explanation
    return IllegalActionError(f"{rule}: {text}" if rule else text, rule=rule, action=action)


def source_of_play(s: State, p: int | None, action: Play) -> bool:
    """Whether the played card comes from the table (R2.7); raises if not held."""
    assert p is not None
    card = action.card
    in_hand = position(s.hands[p], card) >= 0
    if in_hand and not action.from_table:
        return False
    on_table = any(tc.card is card for tc in s.table[p])
    if action.from_table is None:
        if in_hand or on_table:
            return not in_hand
    elif action.from_table and on_table:
        return True
    elif action.from_table is False and in_hand:
        return False
    where = {None: "in hand or on the table", True: "on the table", False: "in hand"}
    raise refusal(("R2.7", f"player {p} holds no {card} {where[action.from_table]}"), action)


def explain_play(s: State, action: Play) -> None:
    if s.phase == 2 and s.trick:
        rules = rules_of(s.variant)
        p = s.to_move
        assert p is not None
        hand = s.hands[p]
        led = s.trick[0][1].suit
        card = action.card
        if card.suit is not led and any(c.suit is led for c in hand):
            raise refusal(("R2.10", f"{card} does not follow suit; "
                                    f"player {p} holds {led} and must follow"), action)
        allowed = follow_options(hand, s.trick, s.trump, rules.trump_when_losing)
        if card in allowed:
            return
        if card.suit is led:
            raise refusal(("R2.10", f"{card} does not win the trick; player {p} must "
                                    f"win it if able, with one of {format_cards(allowed)}"),
                          action)
        raise refusal(("R2.10", f"player {p} is void in {led} and must trump "
                                f"(winning if able) with one of {format_cards(allowed)}"), action)


def explain(s: State, action: object) -> Explanation:
    """Why ``action``, not among the legal actions of ``s``, is illegal, naming the rule."""
    p = s.to_move
    if s.stage is Stage.GUESS:
        low, high = s.variant.deal.packet_range
        return "R9.4", (f"player {p} must first guess the size of the dealer's packet "
                        f"(GuessPacket, {low}-{high})")
    if isinstance(action, GuessPacket):
        return "R9.4", "the dealer's packet is guessed only before the first trick"
    if s.stage is Stage.PLAY:
        return _explain_in_play(s, p, action)
    assert p is not None
    return _explain_in_window(s, p, action)


def _explain_in_play(s: State, p: int | None, action: object) -> Explanation:
    """Why ``action`` is illegal while a card is due to the trick (R2.6, R3.1, R4.1)."""
    if isinstance(action, Pass):
        return "R2.6", (f"pass only closes a declaration window; "
                        f"player {p} must play a card to the trick")
    if isinstance(action, Declare) and action.meld is MeldKind.CARTE_BLANCHE:
        return explain_carte_blanche(s, p, action)
    if isinstance(action, ExchangeSeven):
        return "R4.1", (f"the seven of trumps is exchanged only right after winning a phase-1 "
                        f"trick; player {p} must play a card")
    if isinstance(action, Declare) and action.meld is MeldKind.TRUMP_SEVEN:
        return explain_seven_any_time(s, p, action)
    if isinstance(action, (Declare, ExchangeSeven)):
        return "R3.1", (f"only the winner of a phase-1 trick may declare or exchange, after "
                        f"the trick and before drawing; player {p} must play a card")
    return None, _not_an_action(action, f"player {p} must play a card")


def _explain_in_window(s: State, p: int, action: object) -> Explanation:
    """Why ``action`` is illegal in ``p``'s declaration window (R2.6, R3.2, R4.3)."""
    rules = rules_of(s.variant)
    if isinstance(action, Play):
        return "R2.6", (f"player {p} has a declaration window open: declare, exchange the seven "
                        f"or pass before the next trick")
    if isinstance(action, ExchangeSeven):
        return explain_seven(s, rules, p, action.card, exchange=True)
    if isinstance(action, Declare):
        if action.meld is MeldKind.TRUMP_SEVEN:
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None:
                return "R4.2", "the seven of trumps is declared alone"
            return explain_seven(s, rules, p, card, exchange=False)
        if action.meld is MeldKind.CARTE_BLANCHE:
            return "R11.6", "carte blanche is shown on the player's turn to play a card"
        if Window.COMBO_DONE in s.window:
            if (Window.PARTNER in s.window and Window.DECLARED not in s.window
                    and rules.partner_seven):
                return "R13.4", ("the side's combination of this trick is declared; the "
                                 "partner's window is for a seven action only (R11.8)")
            if rules.seven_counts_as_meld and Window.DECLARED not in s.window:
                return "R4.3", "the seven action was this trick's one declaration"
            return "R3.2", "one combination is scored per trick won; this window's is declared"
        return explain_declare(s, rules, p, action)
    return None, _not_an_action(action, f"player {p} must declare, exchange the seven or pass")


def _not_an_action(action: object, then: str) -> str:
    if isinstance(action, str):
        return (f"{action!r} is text, not an action: read it with "
                f"bz.parse_action(state, {action!r}); {then}")
    return f"{action!r} is not an action; {then}"


def explain_seven_any_time(s: State, p: int | None, action: Declare) -> Explanation:
    """Why the seven of trumps cannot be declared outside a declaration window (R13.2)."""
    rules = rules_of(s.variant)
    if not rules.seven_any_time:
        return "R3.1", (f"only the winner of a phase-1 trick may declare, after the trick and "
                        f"before drawing (seven_declare = after_trick, R13.2); player {p} must "
                        f"play a card")
    if s.phase != 1:
        return "R2.9", ("no seven of trumps is declared once the stock is gone "
                        "(seven_declare = any_time is for phase 1, R13.2)")
    assert p is not None
    if len(action.cards) != 1:
        return "R4.2", "the seven of trumps is declared alone"
    return explain_seven(s, rules, p, action.cards[0], exchange=False)


def explain_seven(s: State, rules: Rules, p: int, card: Card, *,
                  exchange: bool) -> Explanation:
    if not rules.has_seven_meld:
        if MeldKind.TRUMP_SEVEN not in rules.points:  # Rubicon, Chinese, eight-pack
            return "R8.1", f"the seven of trumps scores nothing in {s.variant.name} (R9.1)"
        return "R4.2", f"the seven of trumps scores nothing in {s.variant.name} (sevens_score)"
    if exchange and not rules.turn_up:
        return "R5.1", (f"{s.variant.name} has no turn-up: a seven of trumps is shown or "
                        "played, never exchanged")
    if (exchange or not rules.seven_any_time) and (
            Window.SEVEN_DONE in s.window
            or (rules.seven_counts_as_meld and Window.DECLARED in s.window)):
        if rules.seven_counts_as_meld:
            return "R4.3", "the seven of trumps counts as the trick's one declaration, already made"
        return "R6.6", "one seven action per trick won"
    if s.trump is None:
        return "R5.1", "no trump is fixed yet, so no card is a seven of trumps"
    if card != Card.of(Rank.SEVEN, s.trump):
        return "R4.1", f"{card} is not the seven of trumps"
    if trump_seven_in_hand(s, p) is None:
        return "R4.2", f"player {p} holds no unscored seven of trumps in hand"
    if exchange:
        if s.turn_up is None:
            return "R4.1", "the turn-up has been taken; there is nothing to exchange"
        if s.turn_up.rank is Rank.SEVEN:
            return "R4.1", "the turn-up is itself a seven and cannot be exchanged"
    return "R4.1", "not allowed now"  # pragma: no cover - all cases above


def explain_declare(s: State, rules: Rules, p: int, action: Declare) -> Explanation:
    """Why the declaration ``action`` is refused, by reason: the shape of the combination
    (R3.3, R5.2, R11.2), the cards held (R3.9, R5.3, R11.5), or card reuse (R3.6-R3.8,
    R11.3, R11.8)."""
    kind = action.meld
    if kind not in rules.points:
        return "R3.3", f"{s.variant.name} has no combination {kind.value}"
    quartet = next((q for q in rules.quartets[s.trump] if q.kind is kind), None)
    return (_shape_refusal(s, rules, action, quartet) or _holding_refusal(s, rules, p, action)
            or _reuse_refusal(s, rules, p, action, quartet))


def _shape_refusal(s: State, rules: Rules, action: Declare,
                   quartet: QuartetSpec | None) -> Explanation | None:
    """Why ``action``'s cards do not form its combination now (R3.3, R5.2, R11.2)."""
    kind = action.meld
    pattern = rules.pattern_by_key[s.trump].get((kind, action.cards))
    if pattern is None and quartet is None:
        if s.trump is None and kind in (MeldKind.COMMON_MARRIAGE, MeldKind.BACK_DOOR):
            return "R11.2", f"no {kind.value} can be declared before trump is fixed"
        if kind.bezique_pairs and s.variant.trump.bezique_cards(s.trump) is None:
            return "R5.2", (f"with bezique_pair = {s.variant.trump.bezique_pair.value} no bezique "
                            f"can be declared before trump is fixed")
        return "R3.3", f"{format_cards(action.cards)} do not form a {kind.value}"
    if quartet is not None and (len(action.cards) != 4
                                or any(c.rank is not quartet.rank for c in action.cards)):
        return "R3.3", f"{format_cards(action.cards)} do not form a {kind.value}"
    return None


def _holding_refusal(s: State, rules: Rules, p: int, action: Declare) -> Explanation | None:
    """Why ``p`` cannot declare with these cards: not held where the meld card source
    looks (R3.9, R11.5), or a rule of that source (R5.3)."""
    source = rules.meld_source
    held = source.held_cards(s, p, rules.partners[p])
    for card in action.cards:
        if card in held:
            held.remove(card)
        else:
            return "R3.9", (f"player {p} does not hold {card} {source.where} "
                            f"for this {action.meld.value}")
    return source.refusal()


def _reuse_refusal(s: State, rules: Rules, p: int, action: Declare,
                   quartet: QuartetSpec | None) -> Explanation:
    """Why held cards forming the combination may not score it again (R3.6-R3.8, R11.3,
    R11.8)."""
    kind = action.meld
    if quartet is not None and quartet.exclude_all_trump and all(
            c.suit is s.trump for c in action.cards):
        return "R11.3", f"four trump {quartet.rank.name.lower()}s score only as the trump quartet"
    if rules.require_fresh and not any(c in s.hands[p] for c in action.cards):
        return "R3.7", "require_fresh_card: a declaration needs a card from the hand"
    if kind.bezique_pairs and rules.partners[p] and not rules.partner_beziques:
        own = list(s.hands[p]) + [tc.card for tc in s.table[p]]
        if any(own.count(c) < action.cards.count(c) for c in set(action.cards)):
            return "R11.8", ("with partner_combined_beziques off, beziques use only the "
                             "declarer's own hand and table")
    if rules.four_classes and kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE) and (
            _inside_a_sequence(s, rules, p, action)):
        return "R13.1", ("the marriage inside a scored sequence never scores by itself; its "
                         "king or queen may marry only a fresh partner")
    if not rules.reform_broken and _rebuilds_broken(s, rules, p, action):
        return "R3.8", (f"a {kind.value} broken by playing one of its cards cannot be scored "
                        f"again by adding a like card")
    return "R3.6", (f"the cards of this {kind.value} have already served in a combination "
                    f"of class {kind.meld_class.name} that it cannot be built on (card reuse, "
                    f"R3.9)")


def _inside_a_sequence(s: State, rules: Rules, p: int, action: Declare) -> bool:
    """Whether the king and queen of ``action`` lie on the side's tables as cards of one
    scored sequence (R13.1)."""
    side = rules.sides[p]
    cards = {tc.serial: tc.card for q in (p, *rules.partners[p]) for tc in s.table[q]}
    wanted = set(action.cards)
    for combo in s.combos:
        if combo.side == side and combo.kind in (MeldKind.TRUMP_SEQUENCE, MeldKind.BACK_DOOR):
            held = {cards[serial] for serial in combo.serials if serial in cards}
            if wanted <= held:
                return True
    return False


def _rebuilds_broken(s: State, rules: Rules, p: int, action: Declare) -> bool:
    """Whether ``action`` would re-score a broken combination of its kind (R3.8)."""
    on_table = {tc.serial for t in s.table for tc in t}
    side = rules.sides[p]
    wanted = set(action.cards)
    for combo in s.combos:
        if combo.side != side or combo.kind is not action.meld:
            continue
        kept = [tc.card for t in s.table for tc in t if tc.serial in combo.serials]
        broken = len(kept) < len(combo.serials) and any(s in on_table for s in combo.serials)
        if broken and all(card in wanted for card in kept):
            return True
    return False


def explain_carte_blanche(s: State, p: int | None, action: Declare) -> Explanation:
    """Why carte blanche cannot be shown now (R8.2, R11.6)."""
    rules = rules_of(s.variant)
    if rules.carte_points is None:
        return "R8.2", f"{s.variant.name} has no carte blanche"
    assert p is not None
    if s.phase != 1:
        return "R11.6", "carte blanche is shown only while the stock lasts"
    if not s.carte[p].may_show:
        return "R11.6", (f"player {p} has no carte blanche to show now (dealt a court, already "
                         f"played a card since, or drew a court)")
    return "R11.6", (f"carte blanche is declared with all the player's cards: "
                     f"{format_cards(sorted(s.hands[p] + s.tables[p]))}")
