"""Shared pytest configuration: hypothesis profiles.

Two profiles are registered:

* ``ci`` (the default): derandomized, so every run explores the same examples and a
  failure reproduces exactly; 50 examples per property; no deadline (CI machines are
  shared and slow); failing examples printed with a reproduction blob.
* ``dev``: fewer examples, random, for quick local runs.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable, e.g.
``HYPOTHESIS_PROFILE=dev python -m pytest``.
"""

from __future__ import annotations

import os

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
