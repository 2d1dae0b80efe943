"""The progress of ``bezique simulate`` on standard error: a bar on a terminal, plain lines
otherwise, in the chosen language."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bezique.i18n import format_percent, translator

__all__ = ["BAR_INTERVAL", "LINE_INTERVAL", "Progress"]


class Progress:
    """Progress on ``stream``: a bar redrawn in place on a terminal, plain lines otherwise.

    Both start at 0/N (shown with the first report, so that a refused command shows no
    progress) and end at N/N; in between, output is throttled by time, not by count: the
    bar is redrawn at most every :data:`BAR_INTERVAL` seconds, a line written at most every
    :data:`LINE_INTERVAL` seconds. A run of a few seconds off a terminal writes two lines.
    The words are those of ``lang``; ``clock`` (seconds, monotonic) can be replaced by a
    test's.
    """

    def __init__(self, stream: Any, unit: str, lang: str = "en",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.unit, self.tty, self.clock = stream, unit, stream.isatty(), clock
        self.t, self.lang = translator(lang), lang
        self.interval = BAR_INTERVAL if self.tty else LINE_INTERVAL
        self.last: float | None = None  # when progress was last written

    def __call__(self, done: int, total: int) -> None:
        if self.last is None:
            self._show(0, total)
            if done == 0:
                return
        assert self.last is not None
        if done < total and self.clock() - self.last < self.interval:
            return
        self._show(done, total)

    def _show(self, done: int, total: int) -> None:
        if self.tty:
            width = 30
            full = width * done // total
            unit, share = self.t.gettext(self.unit), format_percent(100 * done // total,
                                                                    self.lang, 0)
            self.stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{total} "
                              f"{unit} {share}")
            if done == total:
                self.stream.write("\n")
        else:
            self.stream.write(self.t.gettext("simulated {done}/{total} {unit}").format(
                done=done, total=total, unit=self.t.gettext(self.unit)) + "\n")
        self.stream.flush()
        self.last = self.clock()


BAR_INTERVAL = 0.25
"""Seconds between two drawings of ``bezique simulate``'s progress bar on a terminal."""
LINE_INTERVAL = 10.0
"""Seconds between two progress lines of ``bezique simulate`` off a terminal."""
