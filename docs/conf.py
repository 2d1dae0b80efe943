"""Sphinx configuration for the bezique documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``.
Only Sphinx's own extensions, the project's small ``docs/_ext/bezique_tables.py``
(variant tables rendered from the code), ``docs/_ext/bezique_seeds.py`` (option
defaults rendered from the code, for the seeds page) and ``docs/_ext/bezique_reference.py``
(the API reference covers ``bezique.__all__``; its names link) and the furo theme (the
``docs`` extra) are used, and nothing is fetched from the network. ``pip install -e
'.[docs]'`` alone builds it: the optional dependencies of the ``rl`` extra, which
:mod:`bezique.adapters` imports, are stood in for by autodoc's mocks.
``sphinx.ext.viewcode`` links every documented name to its highlighted source (the
``[source]`` links of the API reference).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# Document the source tree itself, whether or not the package is installed.
sys.path.insert(0, str(ROOT / "src"))
# The project's own extensions (docs/_ext/): variant tables and option defaults from the code.
sys.path.insert(0, str(DOCS / "_ext"))

with (ROOT / "pyproject.toml").open("rb") as _pyproject:
    _metadata = tomllib.load(_pyproject)["project"]

# -- Project information -----------------------------------------------------

project = "bezique"
author = "The bezique developers"
copyright = "2026, The bezique developers"
release = _metadata["version"]
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "bezique_tables",
    "bezique_seeds",
    "bezique_reference",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = False
add_module_names = False
python_use_unqualified_type_names = True

# -- autodoc -----------------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
# The adapters' frameworks (the ``rl`` extra) are not needed to document them.
autodoc_mock_imports = ["numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel",
                        "starlette", "uvicorn", "h11", "websockets"]
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}

# -- napoleon (Google style docstrings) ---------------------------------------

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_include_init_with_doc = False
napoleon_attr_annotations = True
# Render "Attributes:" sections as fields, so that they do not clash with the
# attribute entries autodoc generates for the same names (duplicate object warnings).
napoleon_use_ivar = True

# -- HTML output -------------------------------------------------------------

html_theme = "furo"
html_title = f"bezique {release}"
html_static_path = ["_static"]
html_css_files = ["seeds.css"]
