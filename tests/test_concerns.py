"""The variant's rules by concern (:mod:`bezique._engine.concerns`), and the architecture check
that keeps them the only modules that branch on a variant's rules.

The check reads the syntax tree (:mod:`ast`) of every module of the package and finds each
*branch* (an ``if``/``elif`` or ``while`` test, a conditional expression, an ``and``/``or``
operand, a ``match`` subject, a comprehension's ``if``) whose test reads a variant's rules:

- an attribute of a policy (``variant.melds.x``, ``s.variant.trump.y``, a parameter typed
  ``MeldPolicy``, a local ``scoring = variant.scoring``);
- an attribute of a concern object (``rules.sevens.x``, ``rules.meld_source.y``, a local
  ``sevens = rules.sevens``, a parameter typed ``Sevens``), or an attribute of the compiled
  rules that is neither a concern object nor the game's shape (``rules.seven_flag``);
- a truth worked out of those under another name (``any_time = rules.sevens.any_time``,
  ``self.fresh: bool = rules.meld_source.fresh_card``, read as ``x.fresh`` anywhere).

The check is keyed on the *owner* (a policy, a concern object), never on the option's name,
so a renamed option does not escape it. The answer of a call is not a read: asking a
concern's method (``rules.sevens.refusal(...)``) is how a branch moves behind the object.
Branches on the partnership (``rules.partners``, ``any(partners)``, ``is_four_handed``,
sides compared) are found too, as "has partners": the partnership's methods answer them
(``rules.partnership.melds_alone(player)``, ``variant.deal.members(side)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import bezique as bz
from bezique._engine.compiled import rules_of
from bezique._engine.concerns import AllPlay, Duels
from bezique._engine.hands import cards_of, held_of
from bezique.cards import ALL_CARDS
from bezique.policies import Phase2, SecondDuelLeader
from bezique.state import WINDOWS, CartePrivilege, Window
from strategies import VARIANTS

SRC = Path(bz.__file__).resolve().parent
READERS = ("policies/", "_variant.py", "_engine/compiled.py", "_engine/concerns.py",
           "_engine/sevens.py", "_engine/melds/source.py",
           # the conformance checker reads the variant's policies as its specification,
           # never the engine's compiled rules: it is the engine's independent judge
           "_conformance/",
           # the command line describes the variant's options to the player
           "cli.py", "_cli_terminal.py")
"""The modules that may branch on a variant's rules."""

POLICIES = frozenset({"deal", "deck", "trump", "melds", "scoring", "legality"})
"""The policies' names on a variant."""
CONCERNS = frozenset({"sevens", "settlement", "trump_fixing", "partnership", "meld_source"})
"""The concern objects' names on the compiled rules."""
SHAPE = frozenset({"players", "sides", "side_count", "hand_size", "deck", "deck_indexes",
                   "draw_order", "points", "follow", "melds", "gates", "table_owners",
                   "partners"})
"""The compiled rules' attributes that are the game's shape and tables, not options."""
PARTNER_NAMES = frozenset({"partners", "sides", "side_count", "is_four_handed",
                           "table_owners"})
"""What a "has partners" test reads, whoever owns it."""
POLICY_TYPES = frozenset({"DealPolicy", "DeckPolicy", "TrumpPolicy", "LegalityPolicy",
                          "MeldPolicy", "ScoringPolicy", "MeldCardSource"})
CONCERN_TYPES = frozenset({"Sevens", "Settlement", "TrumpFixing", "Partnership", "CardSource",
                           "PhaseTwo"})
TRANSPARENT = frozenset({"any", "all", "len", "bool", "int", "sum", "max", "min"})
"""Calls whose answer is still the option they are given."""
RULES, VARIANT, POLICY, CONCERN, OPTION, PARTNER = (
    "rules", "variant", "policy", "concern", "option", "partner")
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Scope:
    """What the names of one function (or class, or module) hold: the compiled rules, a
    variant, a policy, a concern object, an option or a partnership's value."""

    def __init__(self, parent: Scope | None, derived: dict[str, str]) -> None:
        self.names: dict[str, str] = dict(parent.names) if parent else {}
        self.derived = derived

    def kind(self, node: ast.expr) -> str | None:
        """What ``node`` is, read by its owner."""
        if isinstance(node, ast.Name):
            return self.names.get(node.id, {"rules": RULES, "variant": VARIANT}.get(node.id))
        if isinstance(node, ast.Call):
            f = node.func
            return RULES if isinstance(f, ast.Name) and f.id == "rules_of" else None
        if isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Attribute) and node.value.attr == "sides":
                return None  # one player's side: a number, not a question
            inner = self.kind(node.value)
            return PARTNER if inner == PARTNER else OPTION if inner in (
                CONCERN, POLICY, OPTION) else None
        return self._attribute(node) if isinstance(node, ast.Attribute) else None

    def _attribute(self, node: ast.Attribute) -> str | None:
        attr, owner = node.attr, self.kind(node.value)
        if attr in ("rules", "_rules", "compiled"):
            return RULES
        if attr == "variant":
            return VARIANT
        if owner == RULES:
            return (CONCERN if attr in CONCERNS else PARTNER if attr in PARTNER_NAMES
                    else None if attr in SHAPE else OPTION)
        if owner == VARIANT:
            return POLICY if attr in POLICIES else None
        if owner in (POLICY, CONCERN, OPTION) or attr in PARTNER_NAMES:
            return PARTNER if attr in PARTNER_NAMES else OPTION
        return self.derived.get(attr)

    def reads(self, node: ast.expr) -> set[str]:
        """Whether ``node``'s value reads an option or the partnership."""
        found: set[str] = set()
        stack: list[ast.AST] = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, ast.Call):
                if isinstance(n.func, ast.Name) and n.func.id in TRANSPARENT:
                    stack.extend(n.args)
                continue  # a method's answer: the concern decided
            if isinstance(n, ast.Lambda):
                continue
            k = self.kind(n) if isinstance(n, ast.expr) else None
            if k in (OPTION, PARTNER, POLICY, CONCERN):
                found.add(PARTNER if k == PARTNER else OPTION)
            else:
                stack.extend(ast.iter_child_nodes(n))
        return found

    def is_flag(self, value: ast.expr) -> bool:
        """Whether ``value`` is a truth worked out of options (a flag by another name)."""
        return (isinstance(value, (ast.BoolOp, ast.UnaryOp, ast.Compare))
                and OPTION in self.reads(value))

    def bind(self, target: ast.expr, value: ast.expr) -> bool:
        """Note what a local name holds; whether that is news."""
        if not isinstance(target, ast.Name):
            return False
        k = self.kind(value)
        if k is None and isinstance(value, (ast.BoolOp, ast.UnaryOp, ast.Compare)):
            r = self.reads(value)
            k = OPTION if OPTION in r else PARTNER if PARTNER in r else None
        if k is None or self.names.get(target.id) == k:
            return False
        self.names[target.id] = k
        return True

    def enter(self, body: ast.AST) -> None:
        """Read the parameters' types and the local names of ``body``."""
        if isinstance(body, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for arg in body.args.args + body.args.kwonlyargs + body.args.posonlyargs:
                ann = ast.unparse(arg.annotation) if arg.annotation else ""
                ann = ann.strip("'\"").split("|")[0].strip().split(".")[-1]
                kind = {"Rules": RULES, "Variant": VARIANT}.get(ann) or (
                    POLICY if ann in POLICY_TYPES else CONCERN if ann in CONCERN_TYPES else None)
                if kind:
                    self.names[arg.arg] = kind
        nodes = list(_own_nodes(body))
        while any([self.bind(t, n.value) for n in nodes if isinstance(n, ast.Assign)
                   for t in n.targets]
                  + [self.bind(n.target, n.value) for n in nodes
                     if isinstance(n, ast.AnnAssign | ast.NamedExpr) and n.value is not None]):
            pass


def _own_nodes(body: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope, not those of the functions and classes it defines."""
    stack = list(ast.iter_child_nodes(body))
    while stack:
        n = stack.pop()
        yield n
        if not isinstance(n, (*_SCOPES, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(n))


def _tests(body: ast.AST) -> Iterator[tuple[ast.AST, ast.expr]]:
    """Each branch of the scope with its tests (an ``and``/``or`` inside a test is that
    branch's, not one more)."""
    inside: set[int] = set()
    for n in sorted(_own_nodes(body), key=lambda n: (getattr(n, "lineno", 0),
                                                     getattr(n, "col_offset", 0))):
        tests: list[ast.expr] = []
        if isinstance(n, ast.If | ast.While | ast.IfExp):
            tests = [n.test]
        elif isinstance(n, ast.comprehension):
            tests = list(n.ifs)
        elif isinstance(n, ast.Match):
            tests = [n.subject]
        elif isinstance(n, ast.BoolOp) and id(n) not in inside:
            tests = n.values[:-1]
        for t in tests:
            inside.update(id(sub) for sub in ast.walk(t) if isinstance(sub, ast.BoolOp))
            yield n, t


def _walk(tree: ast.Module, derived: dict[str, str]) -> Iterator[tuple[ast.AST, Scope]]:
    """Each scope of ``tree`` (module, class, function) with what its names hold."""
    todo: list[tuple[ast.AST, Scope | None]] = [(tree, None)]
    while todo:
        body, parent = todo.pop()
        scope = Scope(parent, derived)
        scope.enter(body)
        yield body, scope
        todo += [(n, scope) for n in _own_nodes(body) if isinstance(n, _SCOPES)]


def branches(tree: ast.Module, derived: dict[str, str]) -> list[tuple[int, str]]:
    """The lines of the branches of ``tree`` on a variant's rules, each with ``"option"`` or
    ``"partner"``; ``derived``: attribute names that hold an option, a policy, a concern
    object or the rules under another name, with what they hold."""
    found: dict[int, tuple[int, str]] = {}
    for body, scope in _walk(tree, derived):
        for node, test in _tests(body):
            r = scope.reads(test)
            if r and id(node) not in found:
                found[id(node)] = (test.lineno, OPTION if OPTION in r else PARTNER)
    return sorted(found.values())


def derived_attributes(trees: list[ast.Module]) -> dict[str, str]:
    """Attributes set from an option (``self.reuses: bool = rules.meld_source.reuses``), a
    policy, a concern object or the rules (``self.fixing = rules.trump_fixing``)."""
    names: dict[str, str] = {}
    for tree in trees:
        for body, scope in _walk(tree, {}):
            for n in _own_nodes(body):
                if not isinstance(n, ast.Assign | ast.AnnAssign) or n.value is None:
                    continue
                kind = scope.kind(n.value)
                if kind not in (RULES, VARIANT, POLICY, CONCERN):
                    kind = OPTION if scope.is_flag(n.value) or (
                        isinstance(n, ast.AnnAssign) and ast.unparse(n.annotation) == "bool"
                        and kind == OPTION) else None
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                names.update((t.attr, kind) for t in targets if kind and isinstance(
                    t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self")
    return names


def census(src: Path = SRC) -> dict[str, list[tuple[int, str]]]:
    """Per module outside the readers, its branches on a variant's rules."""
    trees = {path.relative_to(src).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(src.rglob("*.py"))}
    trees = {name: tree for name, tree in trees.items() if not name.startswith(READERS)}
    derived = derived_attributes(list(trees.values()))
    return {name: found for name, tree in trees.items() if (found := branches(tree, derived))}


def test_no_module_branches_on_a_variant_s_rules() -> None:
    """Issue 41: outside the readers every branch on a variant's rules asks a policy or a
    concern object (76 on an option and 15 on the partnership before the move), so a new
    rule is one policy field and one concern method."""
    found = census()
    assert not found, "branches on a variant's rules outside the readers: " + "; ".join(
        f"{name} at lines {found_lines}" for name, found_lines in found.items())


def test_the_check_finds_a_renamed_flag(tmp_path: Path) -> None:
    (tmp_path / "planted.py").write_text(
        "def f(rules, variant, state, result, melds: 'MeldPolicy'):\n"
        "    if rules.sevens.any_time_renamed:\n"       # a concern's attribute
        "        pass\n"
        "    sevens = rules.sevens\n"
        "    early = sevens.whenever and state.phase == 1\n"
        "    x = 1 if early else 2\n"                   # through two local names
        "    y = [c for c in state.hand if variant.trump.anything]\n"
        "    while melds.brand_new:\n"                  # a policy typed by its parameter
        "        break\n"
        "    if rules.sevens.refusal(state):\n"          # a method's answer: not a branch
        "        pass\n"
        "    if state.sevens or result.settlement:\n"   # a state's and a result's fields
        "        pass\n"
        "    if any(rules.partners):\n"
        "        pass\n"
        "    return x, y, rules.settlement.packet_guess and 1\n"
        "class T:\n"
        "    def __init__(self, rules):\n"
        "        self.own: bool = rules.meld_source.x\n"
        "        self.fix = rules.trump_fixing\n"
        "def g(tables):\n"
        "    return 1 if tables.own else 2 if tables.fix.y else 0\n",
        encoding="utf-8")
    assert census(tmp_path) == {"planted.py": [
        (2, OPTION), (5, OPTION), (6, OPTION), (7, OPTION), (8, OPTION), (14, PARTNER),
        (16, OPTION), (22, OPTION), (22, OPTION)]}


def _partner_window(w: int, variant: bz.Variant) -> Window | None:
    """R11.8, R13.4 read as the window flags say (the engine's branches before the table)."""
    melds = variant.melds
    own_seven = rules_of(variant).partnership.own_seven
    if w & Window.PARTNER:
        return None
    declared = w & Window.DECLARED or (melds.seven_counts_as_meld and w & Window.SEVEN_DONE)
    if not declared and melds.partner_declare.value == "either":
        return WINDOWS[(0 if own_seven else w & Window.SEVEN_DONE) | Window.PARTNER]
    if own_seven:
        return WINDOWS[Window.COMBO_DONE | Window.PARTNER]
    return None


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_R11_8_the_partner_window_table_reads_the_rule(variant: bz.Variant) -> None:
    windows = rules_of(variant).partnership.windows
    assert windows == tuple(_partner_window(w, variant) for w in range(16))


def test_R13_4_the_partner_seven_needs_partners_and_a_scoring_seven() -> None:
    four = bz.variants.FOUR_HANDED.with_options(partner_seven=True, seven_counts_as_meld=False)
    assert rules_of(four).partnership.own_seven
    assert rules_of(four).partnership.windows[Window.DECLARED | Window.COMBO_DONE] is WINDOWS[
        Window.COMBO_DONE | Window.PARTNER]
    assert not rules_of(four.with_options(partner_seven=False)).partnership.own_seven
    assert not rules_of(four.with_options(seven_counts_as_meld=True)).partnership.own_seven
    assert not any(rules_of(bz.variants.TWO_PACK).partnership.partners)


def test_R11_9_R13_5_the_duels_of_phase_two() -> None:
    first_leader, first_follower = Duels(4, False), Duels(4, True)
    assert first_leader.first(3, (0, 1, 2, 3)) == (3, 0)
    assert first_leader.second((3, 0)) == (1, 2)
    assert first_follower.second((3, 0)) == (2, 1)
    assert AllPlay().first(2, (0, 1, 2)) == (0, 1, 2) == AllPlay().second((0, 1, 2))
    four = bz.variants.FOUR_HANDED
    assert four.legality.phase2 is Phase2.DUELS
    assert isinstance(rules_of(four).partnership.phase_two, Duels)
    follower = four.with_options(second_duel_leader=SecondDuelLeader.PARTNER_OF_FIRST_FOLLOWER)
    assert rules_of(follower).partnership.phase_two.second((3, 0)) == (2, 1)
    assert isinstance(rules_of(bz.variants.TWO_PACK).partnership.phase_two, AllPlay)


def test_R7_1_the_follower_unable_to_overtrump_follows_the_variant_chosen_once() -> None:
    hand = (bz.Card.parse("7H"), bz.Card.parse("9D"))
    trick = (bz.Card.parse("AS").index, bz.Card.parse("AH").index)  # as the state keeps it
    three = rules_of(bz.variants.THREE_HANDED)
    assert bz.variants.THREE_HANDED.legality.trump_when_losing is False
    held = held_of(hand)
    assert cards_of(three.follow(held, trick, bz.Suit.HEARTS)) == hand
    assert cards_of(rules_of(bz.variants.TWO_PACK).follow(held, trick, bz.Suit.HEARTS)) == hand[:1]


def test_R13_2_R13_3_the_sevens_hooks_are_chosen_once() -> None:
    seven = bz.Card.parse("7H")
    held = held_of((seven, bz.Card.parse("AS")))
    plain = rules_of(bz.variants.TWO_PACK).sevens
    assert plain.free_seven(held, bz.Suit.HEARTS, 1) is None  # only in the window (R4.2)
    assert plain.on_play((0, 0), 1) == (0, 10)  # R13.3: a played seven scores
    any_time = rules_of(bz.variants.TWO_PACK.with_options(seven_declare="any_time")).sevens
    assert any_time.free_seven(held, bz.Suit.HEARTS, 1) == bz.Declare(
        bz.MeldKind.TRUMP_SEVEN, (seven,))
    assert any_time.free_seven(held, bz.Suit.HEARTS, 2) is None  # phase 1 only
    assert any_time.free_seven(held, bz.Suit.SPADES, 1) is None
    assert any_time.after_declaring[Window.DECLARED] is Window.DECLARED  # no window action
    silent = rules_of(bz.variants.TWO_PACK.with_options(played_seven_scores=False)).sevens
    assert silent.on_play((0, 0), 1) == (0, 0)  # R13.3a


def test_R8_1_R4_3_the_sevens_refusals() -> None:
    rubicon = rules_of(bz.variants.RUBICON).sevens
    assert rubicon.refusal(WINDOWS[0], exchange=False)[0] == "R8.1/no-trump-seven"  # type: ignore[index]
    assert rubicon.worth == 0 and rubicon.scoring_seven(bz.Suit.HEARTS) is None
    plain = rules_of(bz.variants.TWO_PACK).sevens
    assert plain.refusal(WINDOWS[0], exchange=True) is None
    assert plain.refusal(Window.SEVEN_DONE, exchange=False) == ("R4.3/declaration-made", {})
    apart = rules_of(bz.variants.TWO_PACK.with_options(seven_counts_as_meld=False)).sevens
    assert apart.refusal(Window.SEVEN_DONE, exchange=False) == ("R6.6/one-seven-action", {})
    assert apart.refusal(Window.DECLARED, exchange=False) is None  # R4.3: a seven still
    assert plain.outside_window_refusal(1) == ("R3.1/seven-after-trick", {"player": 1})


def test_R2_12_R9_4_R11_6_the_settlement_acts() -> None:
    final = rules_of(bz.variants.TWO_PACK).settlement
    assert final.stock_emptied((0, 0), 1) == (0, 0) and final.deal_over((0, 0), 1) == (0, 10)
    stock = rules_of(bz.variants.TWO_PACK.with_options(last_trick="end_of_stock")).settlement
    assert stock.stock_emptied((0, 0), 1) == (0, 10) and stock.deal_over((0, 0), 1) == (0, 0)
    assert final.carte_refusal("x") == ("R8.2/no-carte-blanche", {"variant": "x"})
    assert final.packet_sizes == ()
    rubicon = rules_of(bz.variants.RUBICON).settlement
    assert rubicon.carte_refusal("x") is None
    assert rubicon.after_draw == (CartePrivilege.AGAIN, CartePrivilege.NONE)  # a court ends it
    guess = rules_of(bz.variants.CHINESE.with_options(dealer_guess=True)).settlement
    assert guess.packet_sizes == tuple(range(18, 31))
    assert guess.guessed((0, 0), 24, 24, 0, 1) == (250, 150)  # R9.4
    assert guess.guessed((0, 0), 25, 24, 0, 1) == (0, 0)


def test_R11_8_the_partner_takes_the_window_over() -> None:
    four = rules_of(bz.variants.FOUR_HANDED).partnership
    for p in range(4):
        for w in range(16):
            window = four.windows[w]
            expected = None if window is None else (four.partners[p][0], window)
            assert four.hand_on(p << 4 | w) == expected
    two = rules_of(bz.variants.TWO_PACK).partnership
    assert all(two.hand_on(p << 4 | w) is None for p in range(2) for w in range(16))
    assert four.with_partner(0, 2) and not four.own_cards_only(0, 2)  # combined beziques
    own = rules_of(bz.variants.FOUR_HANDED.with_options(partner_combined_beziques=False))
    assert own.partnership.with_partner(0, 1) and not own.partnership.with_partner(0, 2)
    assert own.partnership.own_cards_only(0, 2) and not two.own_cards_only(0, 2)
    assert not four.melds_alone(0) and two.melds_alone(0)  # R6.4: a partner's table
    assert four.same_side(0, 2) and four.same_side(1, 1) and not four.same_side(0, 1)
    assert not two.same_side(0, 1)


def test_R2_2_R11_2_the_trump_fixing_acts() -> None:
    dealt = rules_of(bz.variants.TWO_PACK).trump_fixing
    assert dealt.turn_up([5, 6, 7], 1) == (ALL_CARDS[6], 2) and dealt.fixing_kinds == ()
    assert dealt.setup_problem(None, False) == "turns up a trump card: give turn_up"
    assert dealt.setup_problem(None, True) is None
    first = rules_of(bz.variants.RUBICON).trump_fixing
    assert first.turn_up([5, 6, 7], 1) == (None, 1)
    assert bz.MeldKind.ROYAL_MARRIAGE in first.fixing_kinds
