"""The deal policy's tuple fields (R2.1, R6.1, R11.1) given as lists.

A frontend that builds a policy from parsed settings often has lists; the policy keeps
tuples, so it stays hashable, equals the one built with tuples and deals the same cards.
Anything that is not a sequence of whole numbers is refused with a ``VariantError``.
"""

from __future__ import annotations

import attrs
import pytest

import bezique as bz
from bezique.policies.deal import DealPolicy


def test_R11_1_packets_given_as_a_list_are_the_tuple_policy() -> None:
    listed = DealPolicy(packets=[3, 2, 3], sides=[0, 1])
    assert listed.packets == (3, 2, 3) and type(listed.packets) is tuple
    assert listed.sides == (0, 1) and type(listed.sides) is tuple
    assert listed == DealPolicy() and hash(listed) == hash(DealPolicy())


def test_R11_1_a_listed_policy_deals_the_same_cards() -> None:
    two_pack = bz.variants.TWO_PACK
    listed = attrs.evolve(two_pack, deal=DealPolicy(packets=[2, 3, 3]))
    tupled = attrs.evolve(two_pack, deal=DealPolicy(packets=(2, 3, 3)))
    assert bz.new_deal(listed, seed=7).hands == bz.new_deal(tupled, seed=7).hands


@pytest.mark.parametrize("changes", [
    {"packets": 8}, {"packets": "332"}, {"packets": None}, {"sides": 3}, {"sides": "01"},
])
def test_R6_1_packets_and_sides_that_are_no_sequence_are_refused(changes: dict[str, object]
                                                                  ) -> None:
    with pytest.raises(bz.VariantError, match=r"packets|sides"):
        DealPolicy(**changes)  # type: ignore[arg-type]
