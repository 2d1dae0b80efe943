"""The command line's parser in the chosen language (issue 39): ``--help``, its section
titles and argparse's usage errors through the catalogs (:func:`bezique.i18n.translator`).

argparse itself is left as it is: :class:`Parser` sets its own titles and help lines
after argparse's constructor, and translates the error messages argparse hands to
:meth:`Parser.error` by matching them against argparse's English templates, written
here as ``str.format`` templates (the catalogs' fields) for ``pybabel extract``.
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from bezique._messages import N_
from bezique.i18n import LANGUAGES, default_language, translator

__all__ = ["Parser", "UsageError", "language_of"]


class UsageError(Exception):
    """A bad command line; the message is shown after ``bezique: error:``."""


_ERRORS: tuple[str, ...] = (
    N_("argument {argument}: {message}"),
    N_("the following arguments are required: {arguments}"),
    N_("unrecognized arguments: {arguments}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid {type} value: {value}"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ignored explicit argument {argument}"),
    N_("one of the arguments {arguments} is required"),
    N_("not allowed with argument {argument}"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("no level {text}: the levels are 1-5 ({names})"),
    N_("{text} is not a whole number"),
    N_("{text} is not a number"),
    N_("must be at least {minimum}, not {value}"),
)
"""argparse's messages (Python 3.11 to 3.13) and the converters' of the command line."""


_METAVARS: tuple[str, ...] = (
    N_("SEED"), N_("VARIANT"), N_("BOTS"), N_("BOT"), N_("LEVEL"), N_("SEAT"), N_("LANG"),
    N_("WORKERS"), N_("CHUNK_SIZE"), N_("BUDGET"), N_("HOST"), N_("PORT"), N_("BURST"),
    N_("MAX_GAMES"), N_("PATH"), N_("DAYS"), N_("SECONDS"), N_("ADDRESSES"), N_("file"),
    N_("name"))
"""The placeholders of the values the options take (argparse's: the option's name in
capitals, a positional's as it is), translated in ``--help``."""


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                              for i, p in enumerate(parts)), re.S)


_PATTERNS = [(_pattern(t), t) for t in _ERRORS]


def translate_error(message: str, lang: str) -> str:
    """``message`` (one of :data:`_ERRORS`, filled in) in ``lang``; an unknown one as it is."""
    gettext = translator(lang).gettext
    for pattern, template in _PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            fields = match.groupdict()
            if "message" in fields:
                fields["message"] = translate_error(fields["message"], lang)
            return gettext(template).format(**fields)
    return message


def language_of(argv: Sequence[str]) -> str:
    """The language ``--lang`` names in ``argv`` (``--lang fi`` or ``--lang=fi``), else
    (none, or one the library does not speak) the locale's, :func:`default_language`."""
    for i, arg in enumerate(argv):
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv)
                 else arg.removeprefix("--lang=") if arg.startswith("--lang=") else None)
        if value is not None and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return default_language()


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter with the ``usage:`` prefix of the chosen language."""

    def __init__(self, prog: str, *, usage_prefix: str) -> None:
        super().__init__(prog)
        self._usage_prefix = usage_prefix

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[Any], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups,
                          self._usage_prefix if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` speaking ``lang``: its titles, the help of
    ``--help`` and ``--version``, ``usage:`` and its errors (raised as
    :class:`UsageError`); its subcommands' parsers speak it too."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        gettext = translator(lang).gettext
        kwargs["formatter_class"] = functools.partial(
            _Formatter, usage_prefix=gettext(N_("usage: ")))
        super().__init__(*args, **kwargs)
        self.lang = lang
        self._positionals.title = gettext(N_("positional arguments"))
        self._optionals.title = gettext(N_("options"))
        for action in self._actions:
            if action.dest == "help":
                action.help = gettext(N_("show this help message and exit"))

    def gettext(self, text: str) -> str:
        """``text`` in the parser's language."""
        return translator(self.lang).gettext(text)

    def add_version(self, version: str) -> None:
        """``--version``, with its help line in the parser's language."""
        self.add_argument("--version", action="version", version=version,
                          help=self.gettext(N_("show program's version number and exit")))

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """argparse's, with the placeholder of the value in the parser's language."""
        action = super().add_argument(*args, **kwargs)
        if action.nargs != 0 and action.choices is None:
            name = (action.metavar if isinstance(action.metavar, str)
                    else action.dest.upper() if action.option_strings else action.dest)
            action.metavar = self.gettext(name)
        return action

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", functools.partial(type(self), lang=self.lang))
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(translate_error(message, self.lang))

