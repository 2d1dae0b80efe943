"""Game records: a start and the actions taken, replayable and stored as plain text.

A :class:`Record` holds the variant, how the deal (or game) began (a seed and
a dealer, or an initial position set up by hand) and every action since. It
replays into every intermediate state, and its text form has one action a
line::

    # bezique record v1
    variant: two-pack
    seed: 7
    dealer: 0
    kind: deal
    1: play QS
    0: play 10D
    0: declare royal_marriage KH QH   # a comment
    0: pass

The header comes first: ``variant:`` names a preset (``two-pack``) or holds
the variant's JSON document on one line (:func:`bezique.to_json`) when it is
not a preset; ``seed:`` and ``dealer:`` say how the deal was shuffled and who
dealt (a game's first deal is always dealt by player 0); ``kind:`` is
``deal`` for a single deal or ``game`` for a series of deals to the end of
the game; ``initial:`` holds the JSON document of the start position (a
state, or a game) when it was set up by hand rather than dealt from the seed,
and ``seed:`` is then left out unless the position has one. Then each action
is written as ``<player>: <action>``, the player who took it and the action in
the notation of :mod:`bezique.notation`. Lines starting with ``#`` and blank
lines are ignored anywhere, and so is the rest of an action line from a ``#``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal

import attrs

from bezique import variants as _variants
from bezique._engine.shuffle import is_seed
from bezique.actions import Action
from bezique.engine import apply, new_deal
from bezique.errors import IllegalActionError, NotationError, NotYourTurnError, SerializationError
from bezique.game import Game, new_game
from bezique.notation import format_action, parse_action
from bezique.serialization import from_json, to_json
from bezique.state import State
from bezique.variants import Variant

__all__ = ["Record", "RecordLineError"]

_MAGIC = re.compile(r"#\s*bezique\s+record\s+v(\d+)\s*$", re.IGNORECASE)
_VERSION = 1
_HEADERS = ("variant", "seed", "dealer", "kind", "initial")


class RecordLineError(NotationError, IllegalActionError):
    """An action line of a record that the rules refuse in its position: an illegal
    action, a player who is not the one to move (``rule`` names the turn order, as
    :class:`~bezique.errors.NotYourTurnError` does), an action after the end.

    It is a :class:`~bezique.errors.NotationError` (the record's text is bad)
    and an :class:`~bezique.errors.IllegalActionError` (the rules forbid the
    action); the message gives the line and the rule.
    """


def _to_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


def _kind(value: str) -> None:
    if value not in ("deal", "game"):
        raise SerializationError(f"kind must be 'deal' or 'game', not {value!r}")


@attrs.frozen
class Record:
    """A deal or a game: how it began and every action taken since.

    Build one with :meth:`from_play` (from a start position and the actions)
    or :meth:`loads` (from its text); :meth:`replay` gives every position.

    >>> import bezique as bz
    >>> start = bz.new_deal(bz.variants.TWO_PACK, seed=7)
    >>> first = bz.legal_actions(start)[0]
    >>> record = bz.Record.from_play(start, [first])
    >>> print(record.dumps())
    # bezique record v1
    variant: two-pack
    seed: 7
    dealer: 0
    kind: deal
    1: play QS
    <BLANKLINE>
    >>> bz.Record.loads(record.dumps()) == record, record.final() == bz.apply(start, first)
    (True, True)
    """

    variant: Variant
    """The rules."""
    seed: int | None
    """The seed the deal (or game) was shuffled with; ``None`` for a position set up by hand."""
    dealer: int = 0
    """Who dealt the first deal."""
    kind: Literal["deal", "game"] = attrs.field(default="deal")
    """``"deal"`` for a single deal, ``"game"`` for a game of several deals."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_to_actions)
    """Every action taken, in order."""
    initial: State | Game | None = None
    """The start position when it is not the one the seed deals (``None`` otherwise)."""

    @kind.validator
    def _check_kind(self, attribute: attrs.Attribute[str], value: str) -> None:
        _kind(value)

    @classmethod
    def from_play(cls, initial: State | Game, actions: Iterable[Action]) -> Record:
        """The record of ``actions`` taken from ``initial``, a deal or a game.

        Only the seed is kept when ``initial`` is what the seed deals
        (:func:`bezique.new_deal`, :func:`bezique.new_game`); otherwise the
        position itself is kept.

        Raises:
            IllegalActionError: naming the first action that is not legal.

        >>> import bezique as bz
        >>> game = bz.new_game(bz.variants.RUBICON, seed=3)
        >>> record = bz.Record.from_play(game, bz.legal_actions(game)[:1])
        >>> record.kind, record.seed, record.initial is None, len(list(record.replay()))
        ('game', 3, True, 2)
        """
        stored: State | Game | None
        seed: int | None
        if isinstance(initial, Game):
            kind: Literal["deal", "game"] = "game"
            variant, seed, dealer = initial.variant, initial.seed, initial.current.dealer
            stored = None if initial == new_game(variant, seed=seed) else initial
        elif isinstance(initial, State):
            kind = "deal"
            variant, seed, dealer = initial.variant, initial.seed, initial.dealer
            fresh = seed is not None and initial == new_deal(variant, seed=seed, dealer=dealer)
            stored = None if fresh else initial
        else:
            raise TypeError(f"expected a State or a Game, not {type(initial).__name__}")
        record = cls(variant, seed, dealer, kind, tuple(actions), stored)
        for _ in record.replay():
            pass
        return record

    def start(self) -> State | Game:
        """The position before the first action.

        Raises:
            SerializationError: if the record has neither a seed nor an initial position.

        >>> import bezique as bz
        >>> Record(bz.variants.TWO_PACK, 7).start() == bz.new_deal(bz.variants.TWO_PACK, seed=7)
        True
        >>> Record(bz.variants.TWO_PACK, None).start()
        Traceback (most recent call last):
        ...
        bezique.errors.SerializationError: a record needs a seed or an initial position
        """
        if self.initial is not None:
            return self.initial
        if self.seed is None:
            raise SerializationError("a record needs a seed or an initial position")
        if self.kind == "game":
            return new_game(self.variant, seed=self.seed)
        return new_deal(self.variant, seed=self.seed, dealer=self.dealer)

    def replay(self) -> Iterator[State | Game]:
        """Every position from the start: the initial one, then one after each action.

        Raises:
            IllegalActionError: naming the first action that is not legal.

        >>> import bezique as bz
        >>> record = Record(bz.variants.TWO_PACK, 7, actions=(bz.Play("QS"), bz.Play("10D")))
        >>> [len(state.trick) for state in record.replay()]
        [0, 1, 0]
        >>> list(Record(bz.variants.TWO_PACK, 7, actions=(bz.Pass(),)).replay())
        Traceback (most recent call last):
        ...
        bezique.errors.IllegalActionError: action 1 (pass): R2.6: pass only closes ...
        """
        position = self.start()
        yield position
        for i, action in enumerate(self.actions):
            try:
                position = apply(position, action)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"action {i + 1} ({format_action(action)}): {exc}",
                    rule=exc.rule, action=exc.action, message_id=exc.message_id,
                    params=exc.params) from None
            yield position

    def final(self) -> State | Game:
        """The position after the last action.

        >>> import bezique as bz
        >>> Record(bz.variants.TWO_PACK, 7, actions=(bz.Play("QS"),)).final().trick
        ((1, Card.parse('Q♠')),)
        """
        position: State | Game | None = None
        for position in self.replay():  # noqa: B007 - the last one is wanted
            pass
        assert position is not None
        return position

    def final_state(self) -> State:
        """The deal's position after the last action, for a record of one deal.

        Raises:
            TypeError: for a game's record (use :meth:`final_game`).

        >>> import bezique as bz
        >>> state: bz.State = Record(bz.variants.TWO_PACK, 7).final_state()
        >>> state.stock_size
        48
        """
        position = self.final()
        if not isinstance(position, State):
            raise TypeError("a game's record ends in a Game: use final_game()")
        return position

    def final_game(self) -> Game:
        """The game after the last action, for a record of a game.

        Raises:
            TypeError: for a deal's record (use :meth:`final_state`).
        """
        position = self.final()
        if not isinstance(position, Game):
            raise TypeError("a deal's record ends in a State: use final_state()")
        return position

    def dumps(self) -> str:
        """The record as text (see the module documentation); :meth:`loads` reads it back.

        A game's record marks the start of each deal with a comment line.

        >>> import bezique as bz
        >>> text = Record(bz.variants.TWO_PACK, 7, actions=(bz.Play("QS"),)).dumps()
        >>> text.splitlines()[-2:]
        ['kind: deal', '1: play QS']
        """
        preset = next((v for v in _variants.ALL if v == self.variant), None)
        lines = [f"# bezique record v{_VERSION}",
                 f"variant: {preset.name if preset is not None else to_json(self.variant)}"]
        if self.seed is not None:
            lines.append(f"seed: {self.seed}")
        lines += [f"dealer: {self.dealer}", f"kind: {self.kind}"]
        if self.initial is not None:
            lines.append(f"initial: {to_json(self.initial)}")
        position = self.start()
        deals = -1
        for action in self.actions:
            if isinstance(position, Game) and len(position.deals) != deals:
                deals = len(position.deals)
                lines.append(f"# deal {deals + 1}, dealt by player {position.current.dealer}")
            lines.append(f"{position.to_move}: {format_action(action)}")
            position = apply(position, action)
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record written by :meth:`dumps` (or by hand).

        Each action is read in its position, so ``declare`` may leave out
        the meld name when the cards make one legal declaration.

        Raises:
            SerializationError: for a missing, unknown, repeated or bad header line,
                or a missing ``# bezique record v1`` line.
            NotationError: for a bad action line, naming the line: bad notation, a
                player number the variant has not; a :class:`RecordLineError` (also
                an ``IllegalActionError``) for a line the rules refuse: an illegal
                action, a player who is not the one to move, an action after the end.

        >>> Record.loads("# bezique record v1\\nvariant: two-pack\\nkind: deal\\n")
        Traceback (most recent call last):
        ...
        bezique.errors.SerializationError: the record has neither a 'seed' nor an 'initial' line
        """
        if not isinstance(text, str):
            raise SerializationError(f"a record is text, not {type(text).__name__}")
        headers, moves = _read_lines(text)
        record = _from_headers(headers)
        return attrs.evolve(record, actions=_read_moves(record.start(), moves))


def _read_lines(text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str, str]]]:
    """The header lines (name -> line number, value) and the action lines (line number,
    player, action) of a record's text."""
    headers: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str, str]] = []
    version_seen = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not version_seen:
            if not line:
                continue
            match = _MAGIC.match(line)
            if match is None:
                raise SerializationError(f"line {number}: a record starts with "
                                         f"'# bezique record v{_VERSION}'")
            if int(match.group(1)) != _VERSION:
                raise SerializationError(f"line {number}: unknown record version "
                                         f"{match.group(1)} (this library reads "
                                         f"v{_VERSION})")
            version_seen = True
            continue
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if _is_number(key) or (moves and colon):
            moves.append((number, key, value))
            continue
        if not colon:
            if moves:
                raise NotationError(f"line {number}: expected '<player>: <action>', "
                                    f"not {line!r}")
            raise SerializationError(f"line {number}: expected 'name: value', not {line!r}")
        if key not in _HEADERS:
            raise SerializationError(f"line {number}: unknown header {key!r} (the headers "
                                     f"are {', '.join(_HEADERS)})")
        if key in headers:
            raise SerializationError(f"line {number}: header {key!r} appears twice")
        if not value.startswith("{"):
            value = value.partition("#")[0].strip()
        headers[key] = (number, value)
    if not version_seen:
        raise SerializationError(f"a record starts with '# bezique record v{_VERSION}'")
    return headers, moves


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _int_header(number: int, key: str, value: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,40}", value):
        raise SerializationError(f"line {number}: {key} must be a whole number, not {value!r}")
    return int(value)


def _variant_header(number: int, text: str) -> Variant:
    """The variant of a ``variant:`` line: a preset's name or a JSON document."""
    try:
        if text.startswith("{"):
            return from_json(text, Variant)
        return _variants.get(text)
    except ValueError as exc:
        raise SerializationError(f"line {number}: {exc}") from None


def _from_headers(headers: dict[str, tuple[int, str]]) -> Record:
    for key in ("variant", "kind"):
        if key not in headers:
            raise SerializationError(f"the record has no {key!r} line")
    variant = _variant_header(*headers["variant"])
    number, text = headers["kind"]
    if text not in ("deal", "game"):
        raise SerializationError(f"line {number}: kind must be 'deal' or 'game', not {text!r}")
    kind: Literal["deal", "game"] = "game" if text == "game" else "deal"
    seed = None
    if "seed" in headers:
        number, text = headers["seed"]
        seed = _int_header(number, "seed", text)
        if not is_seed(seed):
            raise SerializationError(f"line {number}: seed must be a whole number from 0 to "
                                     f"2**64 - 1, not {seed}")
    dealer = None
    if "dealer" in headers:
        number, text = headers["dealer"]
        dealer = _int_header(number, "dealer", text)
        if not 0 <= dealer < variant.players:
            raise SerializationError(f"line {number}: dealer must be a player 0-"
                                     f"{variant.players - 1}, not {dealer}")
    if "initial" in headers:
        return _initial_record(headers, variant, kind, seed, dealer)
    if seed is None:
        raise SerializationError("the record has neither a 'seed' nor an 'initial' line")
    if dealer is None:
        raise SerializationError("the record has no 'dealer' line")
    if kind == "game" and dealer != 0:
        raise SerializationError(f"line {headers['dealer'][0]}: a game's first deal is dealt "
                                 "by player 0")
    return Record(variant, seed, dealer, kind, (), None)


def _initial_record(headers: dict[str, tuple[int, str]], variant: Variant,
                    kind: Literal["deal", "game"], seed: int | None,
                    dealer: int | None) -> Record:
    """The record of a position set up by hand (an ``initial:`` line)."""
    number, text = headers["initial"]
    initial: State | Game
    try:
        initial = from_json(text, Game) if kind == "game" else from_json(text, State)
    except SerializationError as exc:
        raise SerializationError(f"line {number}: {exc}") from None
    if initial.variant != variant:
        raise SerializationError(f"line {number}: the initial position's variant differs "
                                 "from the 'variant' line")
    start_dealer = initial.current.dealer if isinstance(initial, Game) else initial.dealer
    if dealer is not None and dealer != start_dealer:
        raise SerializationError(f"line {headers['dealer'][0]}: dealer {dealer} differs "
                                 f"from the initial position's ({start_dealer})")
    if seed is not None and seed != initial.seed:
        raise SerializationError(f"line {headers['seed'][0]}: seed {seed} differs from "
                                 f"the initial position's ({initial.seed})")
    return Record(variant, initial.seed, start_dealer, kind, (), initial)


def _read_moves(position: State | Game, moves: list[tuple[int, str, str]]
                ) -> tuple[Action, ...]:
    actions: list[Action] = []
    for number, who, text in moves:
        text = text.partition("#")[0].strip()
        if not _is_number(who) or len(who) > 3:
            raise NotationError(f"line {number}: expected '<player>: <action>', with the "
                                f"player's number, not {who!r}")
        player = int(who)
        if position.to_move is None:
            what = "game" if isinstance(position, Game) else "deal"
            raise RecordLineError(f"line {number}: the {what} is over; no action follows")
        try:
            action = parse_action(position, f"{player}: {text}")  # the seat checked too
        except NotYourTurnError as exc:
            raise RecordLineError(f"line {number}: player {player} acts, but it is player "
                                  f"{position.to_move}'s turn ({exc.rule})",
                                  rule=exc.rule) from None
        except NotationError as exc:
            raise NotationError(f"line {number}: {exc}") from None
        try:
            position = apply(position, action)
        except IllegalActionError as exc:
            raise RecordLineError(f"line {number}: {text!r} is not legal: {exc}",
                                  rule=exc.rule, action=exc.action,
                                  message_id=exc.message_id, params=exc.params) from None
        actions.append(action)
    return tuple(actions)
