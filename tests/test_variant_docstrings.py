"""Every preset variant lists every option it accepts in its docstring (issue: variants)."""

from __future__ import annotations

import ast
import inspect

import pytest

import bezique as bz
from bezique.policies.readings import reading


def _preset_docstrings() -> dict[str, str]:
    tree = ast.parse(inspect.getsource(bz.variants))
    docs: dict[str, str] = {}
    for node, nxt in zip(tree.body, tree.body[1:], strict=False):
        # ``TWO_PACK: Variant = Variant(...)``, or an assignment without annotation
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        if (isinstance(target, ast.Name)
                and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)):
            docs[target.id] = " ".join(str(nxt.value.value).split())
    return docs


DOCS = _preset_docstrings()
PRESETS = {name: getattr(bz.variants, name) for name in bz.variants.__all__
           if isinstance(getattr(bz.variants, name), bz.Variant)}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_docstring_lists_every_option_with_its_default(name: str) -> None:
    variant = PRESETS[name]
    doc = DOCS[name]
    for option, value in variant.options().items():
        shown = getattr(value, "value", value)
        assert f"``{option} = {shown}``" in doc, f"{name}: {option} missing from the docstring"


def test_every_preset_is_registered_and_found_by_name_and_aliases() -> None:
    assert set(PRESETS.values()) == set(bz.variants.ALL)
    for variant in bz.variants.ALL:
        assert bz.variants.get(variant.name) is variant
        for alias in variant.aliases:
            assert bz.variants.get(alias) is variant


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_default_names_the_seed_or_rule_it_follows(name: str) -> None:
    """RULES.md section 13: the variant pages say which seed each default follows; the
    generator reads it from :data:`bezique.policies.readings.READINGS`."""
    variant = PRESETS[name]
    missing = [option for option, value in variant.options().items()
               if reading(option, value) is None]
    assert not missing, f"{name}: no source recorded for the defaults of {missing}"
