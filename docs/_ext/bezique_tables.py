"""Sphinx extension: the tables of a Bezique variant, rendered from the live code.

Every number and option in these tables is read from :mod:`bezique.variants` when the
documentation is built, so the pages can never drift from the code. Three directives:

``.. bezique-variant-tables:: NAME``
    The tables of the preset ``bezique.variants.get(NAME)``. Option ``:only:`` takes a
    comma-separated subset of ``facts`` (players, packs, hand, trump, scoring),
    ``options`` (every option of ``variant.options()`` with its default, the seed or rule
    the default follows, its policy and allowed values), ``melds``
    (``variant.melds.effective_table()`` with classes and points) and ``names`` (the
    preset's constant, name and aliases); the default is ``facts, options, melds``.

``.. bezique-settlement-examples:: NAME``
    Per-deal settlements (R8.5, R11.7) computed with :func:`bezique.results.settle`. Each
    content line holds the two sides' raw totals, optionally followed by their brisque
    counts: ``1480 1130`` or ``1480 950 10 6``. The worked sum shown is checked against
    the library's result; a mismatch fails the build.

``.. bezique-variant-summary::``
    One row per preset of ``bezique.variants.ALL``, linking to its page
    (``variants/<name with underscores>``).

The directives generate reStructuredText (``list-table``) and parse it in place.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

import bezique
from bezique import variants as presets
from bezique.cards import Rank, Suit
from bezique.errors import VariantError
from bezique.melds import MeldClass, MeldKind
from bezique.policies import (
    BrisqueTiming,
    LastTrick,
    MeldSource,
    Phase2,
    SecondDuelLeader,
    Settlement,
    SevenDeclare,
    TrumpFixing,
)
from bezique.policies.readings import reading
from bezique.results import settle

PARTS = ("facts", "options", "melds", "names")
DEFAULT_PARTS = ("facts", "options", "melds")

_MELD_TEXT = {
    MeldKind.COMMON_MARRIAGE: "Common marriage: K and Q of a plain (non-trump) suit",
    MeldKind.ROYAL_MARRIAGE: "Royal marriage: K and Q of trumps",
    MeldKind.TRUMP_SEQUENCE: "Trump sequence: A 10 K Q J of trumps",
    MeldKind.BACK_DOOR: "Back-door sequence: A 10 K Q J of a plain suit",
    MeldKind.CARTE_BLANCHE: "Carte blanche: a hand without K, Q or J (R8.2, R11.6)",
}
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


# -- helpers -----------------------------------------------------------------------------


def _code(value: Any) -> str:
    """``value`` as inline code: enums by their value, everything else by ``str``."""
    if isinstance(value, enum.Enum):
        value = value.value
    return f"``{value}``"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _list_table(title: str, header: Iterable[str], rows: Iterable[Iterable[str]],
                widths: Iterable[int]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1",
             f"   :widths: {' '.join(str(w) for w in widths)}", ""]
    for row in (list(header), *(list(r) for r in rows)):
        for i, cell in enumerate(row):
            lines.append(f"   {'*' if i == 0 else ' '} - {_one_line(cell) or '..'}")
    lines.append("")
    return lines


def _policy_fields(variant: presets.Variant) -> dict[str, tuple[str, Any]]:
    """Option name -> (the variant's attribute holding its policy, the policy)."""
    out: dict[str, tuple[str, Any]] = {}
    for field in attrs.fields(type(variant)):
        policy = getattr(variant, field.name)
        if attrs.has(type(policy)):
            for policy_field in attrs.fields(type(policy)):
                out.setdefault(policy_field.name, (field.name, policy))
    return out


_ATTR_DOCS: dict[str, dict[tuple[str, str], list[str]]] = {}


def _attr_doc(cls: type, name: str) -> str:
    """The attribute docstring of ``cls.name`` in its source, or ``""``."""
    module = cls.__module__
    if module not in _ATTR_DOCS:
        try:
            _ATTR_DOCS[module] = ModuleAnalyzer.for_module(module).find_attr_docs()
        except Exception:  # a missing source only costs the description
            _ATTR_DOCS[module] = {}
    return _one_line(" ".join(_ATTR_DOCS[module].get((cls.__qualname__, name), [])))


def _class_path(cls: type) -> str:
    """The documented dotted path of a policy class."""
    if getattr(bezique.policies, cls.__name__, None) is cls:
        return f"bezique.policies.{cls.__name__}"
    return f"{cls.__module__}.{cls.__qualname__}"


def _allowed(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return " | ".join(_code(member) for member in type(value))
    if isinstance(value, bool):
        return "``True`` | ``False``"
    if isinstance(value, int):
        return "a whole number ≥ 0"
    return _code(type(value).__name__)  # pragma: no cover - every option is one of the above


def _cards(cards: Iterable[Any]) -> str:
    return " ".join(str(card) for card in cards)


def _pair_groups(variant: presets.Variant) -> dict[tuple[Any, ...], list[Suit]]:
    """The bezique pair under each trump suit, grouped by pair."""
    groups: dict[tuple[Any, ...], list[Suit]] = {}
    for suit in Suit:
        pair = variant.trump.bezique_cards(suit)
        if pair is not None:
            groups.setdefault(tuple(pair), []).append(suit)
    return groups


def _pair_text(variant: presets.Variant) -> str:
    groups = _pair_groups(variant)
    if len(groups) == 1:
        return _cards(next(iter(groups)))
    parts = [f"{_cards(pair)} when {' or '.join(s.value for s in suits)} "
             f"{'is' if len(suits) == 1 else 'are'} trumps" for pair, suits in groups.items()]
    text = "; ".join(parts)
    if variant.trump.bezique_cards(None) is None:
        text += "; none before trump is fixed"
    return text


def _seven_meld_text(variant: presets.Variant) -> str:
    """The seven's row of the meld table: how it scores here (R4.1-R4.3, R5.1, R13.3)."""
    turn_up = variant.deal.turn_up
    how = (["exchanged"] if turn_up else []) + ["declared"] + (
        ["played"] if variant.trump.played_seven_scores else [])
    words = how[0] if len(how) == 1 else f"{', '.join(how[:-1])} or {how[-1]}"
    if turn_up:
        return f"Seven of trumps: {words} (R4.1-R4.3, R13.3)"
    return f"Seven of trumps: {words}, once trump is fixed (R4.2, R4.3, R5.1, R13.3)"


def _meld_text(variant: presets.Variant, kind: MeldKind) -> str:
    if kind is MeldKind.TRUMP_SEVEN:
        return _seven_meld_text(variant)
    if kind in _MELD_TEXT:
        return _MELD_TEXT[kind]
    name = kind.value.replace("_", " ")
    pairs = kind.bezique_pairs
    if pairs:
        groups = _pair_groups(variant)
        if len(groups) == 1:
            queen, jack = next(iter(groups))
            cards = " ".join([str(queen)] * pairs + [str(jack)] * pairs)
            if pairs == 1:
                return f"Bezique: {cards}"
            return f"{name.capitalize()}: {_NUMBERS.get(pairs, pairs)} bezique pairs, {cards}"
        count = "the bezique pair" if pairs == 1 else (
            f"{_NUMBERS.get(pairs, pairs)} bezique pairs")
        return f"{name.capitalize()}: {count} (see *Bezique pair* in the facts table)"
    words = kind.value.split("_")
    if words[0] in ("four", "five") and len(words) == 3 and words[1] == "trump":
        return f"{words[0].capitalize()} {words[2]} of trumps"
    if words[0] == "four" and len(words) == 2:
        return f"Four {words[1]} (any suits, duplicates allowed)"
    return name.capitalize()


def _class_text(meld_class: MeldClass) -> str:
    if meld_class in (MeldClass.A, MeldClass.B, MeldClass.C):
        return meld_class.name
    return str(meld_class.value)


def _sides_text(variant: presets.Variant) -> str:
    deal = variant.deal
    count = deal.side_count
    if count == deal.players:
        if deal.side_members > 1:
            return (f"{count} sides of {deal.side_members} people, each side sharing one "
                    f"hand (``side_members = {deal.side_members}``)")
        return f"{count}, each player for himself"
    groups = [[p for p in range(deal.players) if deal.sides[p] == side] for side in range(count)]
    listed = " against ".join("players " + " and ".join(str(p) for p in group)
                              for group in groups)
    return f"{count} partnerships: {listed} (partners opposite)"


def _packets_text(variant: presets.Variant) -> str:
    packets = variant.deal.packets
    if set(packets) == {1}:
        return f"singly ({len(packets)} rounds)"
    return "-".join(str(p) for p in packets)


def _phase2_text(variant: presets.Variant) -> str:
    legality = variant.legality
    hand = variant.hand_size
    duels = variant.players == 4 and legality.phase2 is Phase2.DUELS
    if not legality.trump_when_losing:
        void = "a trump that wins if able, otherwise any card"
    elif variant.players == 2 or duels:
        void = "a trump if able"
    else:
        void = "a trump that beats it if able, else any trump, else any card"
    if duels:
        second = ("the player opposite the first leader" if legality.second_duel_leader
                  is SecondDuelLeader.PARTNER_OF_FIRST_LEADER else "the other player")
        return (f"two duels of {hand} tricks each (R6.7, R11.9): the winner of trick 24 "
                f"against the player on his left, he leading; then the other two, "
                f"{second} leading (R13.5); in each, follow suit and win the trick if able; "
                f"when void, {void}; the last trick's bonus goes to the winner of the second "
                f"duel's last trick")
    if variant.players > 2:
        rules = "R7.1, R11.9" if variant.players == 3 else "R11.9"
        return (f"{hand} tricks, all {variant.players} playing to each: follow suit and beat "
                f"the best card so far if able; when void, {void} ({rules})")
    return f"{hand} tricks: follow suit and win the trick if able; when void, {void} (R2.10)"


def _brisque_text(variant: presets.Variant) -> str:
    scoring = variant.scoring
    count = sum(1 for card in variant.deck.cards() if card.rank in (Rank.ACE, Rank.TEN))
    if scoring.brisque_points == 0:
        return "never scored (R9.1)"
    each = f"{scoring.brisque_points} each ({count} brisques, {count * scoring.brisque_points})"
    timing = {
        BrisqueTiming.IMMEDIATE: "scored when the trick is won (R2.11)",
        BrisqueTiming.END_OF_DEAL: "counted at the end of the deal (R6.8)",
        BrisqueTiming.SETTLEMENT: ("not scored, except to break an exact tie or to save the "
                                   "loser from the rubicon (R8.4, R11.7)"),
    }
    return f"{each}; {timing.get(scoring.brisque_timing, _code(scoring.brisque_timing))}"


def _last_trick_text(variant: presets.Variant) -> str:
    scoring = variant.scoring
    which = {LastTrick.FINAL: "the last trick of the deal",
             LastTrick.END_OF_STOCK: "the last trick of phase 1, which empties the stock"}
    return (f"{scoring.last_trick_points} for {which.get(scoring.last_trick, '?')} "
            f"(R2.12, ``last_trick = {scoring.last_trick.value}``)")


def _game_text(variant: presets.Variant) -> str:
    scoring = variant.scoring
    sides = variant.deal.side_count
    if scoring.settlement is Settlement.PER_DEAL:
        return (f"each deal is a game (R8.5, R11.7): totals are cut to whole hundreds; the "
                f"winner scores the difference + {scoring.game_bonus} when the loser has "
                f"{scoring.rubicon} or more, and both totals + {scoring.rubicon_bonus} when "
                f"the loser is under {scoring.rubicon} (rubiconed)")
    text = (f"deals add up to a target of {scoring.target}; the game ends after the deal in "
            f"which a side reaches it, and the higher total wins")
    if sides > 2:
        return f"{text}; a tie for the top has no winner; no rubicon doubling (R11.1)"
    if scoring.rubicon > 0:
        return (f"{text}; a loser under {scoring.rubicon} is rubiconed and the game counts "
                f"double (R2.13)")
    return f"{text}; no rubicon doubling (``rubicon = 0``)"


def _seven_text(variant: presets.Variant) -> str:
    trump = variant.trump
    if not trump.sevens_score or MeldKind.TRUMP_SEVEN not in variant.melds.kinds:
        return "scores nothing"
    melds = variant.melds
    how = ("instead of the trick's declaration" if melds.seven_counts_as_meld
           else "in addition to the trick's declaration")
    shown = "an exchange or declaration" if variant.deal.turn_up else "a declaration"
    actions = (f"{shown} or a play" if trump.played_seven_scores
               else f"{shown}; played to a trick it scores nothing (R13.3)")
    text = f"{trump.seven_points} for {actions}, {how} (R4.1-R4.3)"
    if not variant.deal.turn_up:
        text += ("; once trump is fixed, its sevens are trump sevens; before that no card "
                 "is, and with no turn-up there is no exchange (R5.1)")
    if melds.seven_declare is SevenDeclare.ANY_TIME:
        text += "; declared by its holder whenever he acts in phase 1 (R13.2)"
    if melds.partner_seven and variant.why_not("partner_seven") is None:
        text += "; the partner has a seven window of her own after the winner's (R13.4)"
    if variant.deal.turn_up:
        text += f"; a turned-up seven gives the dealer's side {trump.turn_up_seven_points}"
    return text


def _trump_text(variant: presets.Variant) -> str:
    trump = variant.trump
    if trump.fixing is TrumpFixing.TURN_UP:
        return "the suit of the turn-up (R2.2)"
    what = "marriage or sequence" if trump.sequence_fixes_trump else "marriage"
    return f"the first {what} declared, which scores as royal (R5.1, R11.2)"


def _source_text(variant: presets.Variant) -> str:
    if variant.melds.source is MeldSource.WON_CARDS:
        return ("the cards won in tricks, several combinations per trick, each with a card "
                "of the trick just won (R5.3, R11.5)")
    text = "hand and table, one combination per trick won (R3.1, R3.2)"
    if variant.deal.side_count < variant.players:
        text += "; the winner or the partner, on each other's table cards (R6.4, R11.8)"
    return text


# -- the tables --------------------------------------------------------------------------


def facts_table(variant: presets.Variant) -> list[str]:
    """Players, packs, hand, trump and scoring of ``variant``."""
    state = bezique.new_deal(variant, seed=0)
    stock = state.stock_size
    stock_tricks = stock // variant.players
    face_down = (f"{stock - 1} face down and the turn-up" if variant.deal.turn_up
                 else "all face down")
    rows = [
        ("Players", str(variant.players)),
        ("Sides", _sides_text(variant)),
        ("Packs", f"{variant.packs} ({variant.deck.size} cards; every card "
                  f"{variant.packs} times)"),
        ("Hand size", f"{variant.hand_size}, dealt {_packets_text(variant)} (R11.1)"),
        ("Stock", f"{stock} cards ({face_down}): {stock_tricks} tricks in phase 1"),
        ("Phase 2", _phase2_text(variant)),
        ("Turn-up", "yes" if variant.deal.turn_up else "no"),
        ("Trump", _trump_text(variant)),
        ("Bezique pair", _pair_text(variant)),
        ("Declarations from", _source_text(variant)),
        ("Announcements", _announce_text(variant)),
        ("Seven of trumps", _seven_text(variant)),
        ("Brisques", _brisque_text(variant)),
        ("Last trick", _last_trick_text(variant)),
        ("Game", _game_text(variant)),
    ]
    return _list_table(f"{variant.title or variant.name}: players, packs and scoring",
                       ("Fact", "Value"), rows, (20, 80))


def _announce_text(variant: presets.Variant) -> str:
    """Whether further combinations are announced after the scored one (R13.7)."""
    if variant.melds.announce_several:
        return ("after the one combination a window scores, further ones may be announced "
                "(``Announce``): tabled unscored, scored in a later window while intact "
                "(R13.7)")
    if not variant.melds.card_source.one_combination_per_trick:
        return "none: a won trick scores several combinations at once (R11.5)"
    return "none: a window lays down only the combination it scores (R12)"


def _reading(name: str, value: Any) -> str:
    """The seed or rule of RULES.md the value ``value`` of option ``name`` follows
    (:data:`bezique.policies.readings.READINGS`), or ``"–"``."""
    return reading(name, value) or "–"


def options_table(variant: presets.Variant) -> list[str]:
    """Every option of ``variant`` with its default, the source that default follows, its
    policy and allowed values."""
    owners = _policy_fields(variant)
    base = _policy_fields(presets.TWO_PACK)
    rows = []
    for name, value in variant.options().items():
        attr, policy = owners[name]
        default = _code(value)
        if variant is not presets.TWO_PACK and name in presets.TWO_PACK.options():
            base_value = getattr(base[name][1], name)
            if base_value != value:
                default += f" (two-pack: {_code(base_value)})"
        rows.append((f"``{name}``", default, _reading(name, value), _allowed(value),
                     f":class:`{attr} <{_class_path(type(policy))}>`",
                     _attr_doc(type(policy), name)))
    return _list_table(f"{variant.title or variant.name}: options and defaults",
                       ("Option", "Default", "Default follows", "Allowed values", "Policy",
                        "Meaning"),
                       rows, (17, 14, 15, 17, 11, 26))


def melds_table(variant: presets.Variant) -> list[str]:
    """The effective meld table of ``variant``."""
    rows = [(_class_text(kind.meld_class), _meld_text(variant, kind), f"``{kind.value}``",
             str(points)) for kind, points in variant.melds.effective_table()]
    lines = _list_table(f"{variant.title or variant.name}: melds",
                        ("Class", "Combination", "Declared as", "Points"), rows,
                        (12, 56, 20, 12))
    absent = [kind for kind in (MeldKind.FOUR_TENS,) if kind not in variant.melds.kinds]
    if absent and "four_tens" in variant.options():
        lines += ["Four tens score nothing here (``four_tens = 0``); four nines, eights or "
                  "sevens never score.", ""]
    return lines


def _constant(variant: presets.Variant) -> str | None:
    for name in getattr(presets, "__all__", ()):
        if getattr(presets, name, None) is variant:
            return str(name)
    return None


def names_block(variant: presets.Variant) -> list[str]:
    """The preset's constant, registry name and aliases."""
    constant = _constant(variant)
    where = (f"The preset is :data:`bezique.variants.{constant}`, registered" if constant
             else "The preset is registered")
    aliases = ", ".join(f'``"{alias}"``' for alias in variant.aliases) or "none"
    return [f'{where} as ``"{variant.name}"``; :func:`bezique.variants.get` also accepts '
            f"the aliases {aliases} (case, ``-``, ``_`` and spaces do not matter).", ""]


def summary_table(docname_of: Callable[[presets.Variant], str]) -> list[str]:
    """One row per preset, linking to the page ``docname_of(variant)``."""
    rows = []
    for variant in presets.ALL:
        kind = "per deal" if variant.scoring.settlement is Settlement.PER_DEAL else (
            str(variant.scoring.target))
        rows.append((f":doc:`{variant.title or variant.name} <{docname_of(variant)}>`",
                     f'``"{variant.name}"``', str(variant.players), str(variant.packs),
                     str(variant.hand_size), "yes" if variant.deal.turn_up else "no", kind))
    return _list_table("The preset variants",
                       ("Variant", "Name", "Players", "Packs", "Hand", "Turn-up", "Game to"),
                       rows, (34, 20, 9, 9, 9, 9, 10))


# -- directives --------------------------------------------------------------------------


def _parts(argument: str | None) -> tuple[str, ...]:
    if not argument:
        return DEFAULT_PARTS
    parts = tuple(p.strip() for p in argument.replace(",", " ").split())
    for part in parts:
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}; use {', '.join(PARTS)}")
    return parts


class _GeneratedDirective(SphinxDirective):
    def _depend_on_sources(self) -> None:
        root = Path(bezique.__file__).resolve().parent
        for path in (root / "variants.py", root / "results.py", root / "melds.py",
                     *sorted((root / "policies").glob("*.py"))):
            if path.exists():
                self.env.note_dependency(str(path))

    def _variant(self) -> presets.Variant:
        try:
            return presets.get(self.arguments[0])
        except VariantError as exc:
            raise self.error(str(exc)) from None

    def _render(self, lines: list[str]) -> list[nodes.Node]:
        self._depend_on_sources()
        source = f"<{self.name} {' '.join(self.arguments)}>"
        container = nodes.Element()
        container.document = self.state.document
        self.state.nested_parse(StringList(lines, source=source), 0, container)
        return list(container.children)


class VariantTables(_GeneratedDirective):
    """``.. bezique-variant-tables:: NAME`` with ``:only: facts, options, melds, names``."""

    required_arguments = 1
    option_spec = {"only": directives.unchanged}  # noqa: RUF012 - docutils' own API

    def run(self) -> list[nodes.Node]:
        variant = self._variant()
        try:
            parts = _parts(self.options.get("only"))
        except ValueError as exc:
            raise self.error(str(exc)) from None
        builders = {"facts": facts_table, "options": options_table, "melds": melds_table,
                    "names": names_block}
        lines: list[str] = []
        for part in parts:
            lines += builders[part](variant)
        return self._render(lines)


class SettlementExamples(_GeneratedDirective):
    """``.. bezique-settlement-examples:: NAME`` with lines ``W L [brisques_W brisques_L]``."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        variant = self._variant()
        scoring = variant.scoring
        if scoring.settlement is not Settlement.PER_DEAL:
            raise self.error(f"{variant.name} does not settle each deal as a game")
        rows = []
        for line in self.content:
            if not line.strip():
                continue
            try:
                numbers = [int(word) for word in line.split()]
            except ValueError:
                raise self.error(f"not a line of whole numbers: {line!r}") from None
            if len(numbers) not in (2, 4):
                raise self.error(f"give two totals and optionally two brisque counts: {line!r}")
            raw = (numbers[0], numbers[1])
            brisques = (numbers[2], numbers[3]) if len(numbers) == 4 else (0, 0)
            rows.append(self._row(variant, raw, brisques, len(numbers) == 4))
        return self._render(_list_table(
            f"{variant.title or variant.name}: settlement examples (computed by the library)",
            ("Raw totals", "Brisques", "Settled totals", "The winner scores"),
            rows, (18, 14, 18, 50)))

    def _row(self, variant: presets.Variant, raw: tuple[int, int], brisques: tuple[int, int],
             shown: bool) -> tuple[str, str, str, str]:
        scoring = variant.scoring
        result = settle(raw, brisques, scoring)
        brisque_cell = f"{brisques[0]} and {brisques[1]}" if shown else "–"
        totals = f"{result.totals[0]} and {result.totals[1]}"
        if result.brisques_counted:
            totals += " (brisques added)"
        if result.winner is None:
            return (f"{raw[0]} and {raw[1]}", brisque_cell, totals, "nobody: a tie")
        winner, loser = result.totals[result.winner], result.totals[1 - result.winner]
        cut_w, cut_l = winner - winner % 100, loser - loser % 100
        if result.rubiconed:
            check = cut_w + cut_l + scoring.rubicon_bonus
            sum_text = (f"{cut_w} + {cut_l} + {scoring.rubicon_bonus} = {result.value} "
                        f"(the loser is rubiconed, under {scoring.rubicon})")
        else:
            check = cut_w - cut_l + scoring.game_bonus
            sum_text = f"{cut_w} − {cut_l} + {scoring.game_bonus} = {result.value}"
        if check != result.value:
            raise self.error(f"the documented sum {sum_text} disagrees with "
                             f"bezique.results.settle ({result.value}); update the page")
        return (f"{raw[0]} and {raw[1]}", brisque_cell, totals,
                f"side {result.winner}: {sum_text}")


class VariantSummary(_GeneratedDirective):
    """``.. bezique-variant-summary::``: one row per preset."""

    def run(self) -> list[nodes.Node]:
        def docname_of(variant: presets.Variant) -> str:
            return f"/variants/{variant.name.replace('-', '_')}"

        return self._render(summary_table(docname_of))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("bezique-variant-tables", VariantTables)
    app.add_directive("bezique-settlement-examples", SettlementExamples)
    app.add_directive("bezique-variant-summary", VariantSummary)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
