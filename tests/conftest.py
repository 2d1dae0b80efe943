"""Shared pytest configuration: hypothesis profiles.

Two profiles are registered:

* ``ci`` (the default): derandomized, so every run explores the same examples and a
  failure reproduces exactly; 50 examples per property; no deadline (CI machines are
  shared and slow); failing examples printed with a reproduction blob.
* ``dev``: fewer examples, random, for quick local runs.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable, e.g.
``HYPOTHESIS_PROFILE=dev python -m pytest``.

With ``BEZIQUE_TEST_INSTALLED=1`` (set by ``tools/check_package.py``, which runs the suite
against the built wheel) the run stops at once unless ``import bezique`` resolves to an
installed package outside the directory holding these tests.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=50,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    """Refuse a wheel-installed run that would test the source tree instead."""
    if os.environ.get("BEZIQUE_TEST_INSTALLED") != "1":
        return
    import bezique

    where = Path(bezique.__file__).resolve()
    root = Path(__file__).resolve().parent.parent
    if where.is_relative_to(root) or "site-packages" not in where.parts:
        raise pytest.UsageError(f"BEZIQUE_TEST_INSTALLED=1 but bezique comes from {where}, "
                                "not from an installed wheel")
    print(f"testing the installed bezique {bezique.__version__} at {where.parent}")


# Mutation testing (tools/mutation.py sets BEZIQUE_FRESH_RULES): a variant compiles its
# rules once and caches them, so only the first test using a variant would run the
# compiling code, and mutmut would judge a mutant of it by that test alone. Here every
# test starts without cached rules, so each test that uses a variant compiles them.
if os.environ.get("BEZIQUE_FRESH_RULES"):
    # imported only here: the installed-wheel guard above must run before bezique is imported
    import bezique as bz
    from bezique._variant import Variant

    _VARIANTS: weakref.WeakSet[Variant] = weakref.WeakSet(bz.variants.ALL)
    _post_init = Variant.__attrs_post_init__

    def _remembered(self: Variant) -> None:
        _post_init(self)
        _VARIANTS.add(self)

    Variant.__attrs_post_init__ = _remembered  # type: ignore[method-assign]

    @pytest.fixture(autouse=True)
    def _fresh_compiled_rules() -> Iterator[None]:
        for variant in list(_VARIANTS):
            object.__setattr__(variant, "compiled", None)
        yield


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``bezique`` command speaks the locale's language (bezique.i18n): the tests run
    in the C locale, so that its English is what they read whatever the machine's locale;
    a test of another language sets the locale or passes ``--lang``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
