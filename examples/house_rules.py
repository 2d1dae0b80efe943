"""Variants are values: find one by name, change its options, compare deals."""

import bezique as bz

rubicon = bz.variants.get("japanese")  # an alias of Rubicon Bezique
v = rubicon
print(f"{v.name}: {v.players} players, {v.packs} packs, {v.hand_size} cards each")

house = bz.variants.TWO_PACK.with_options(brisque_timing="end_of_deal", target=1500)
print("house rule:", house.scoring.brisque_timing.value, house.scoring.target)

try:
    bz.variants.TWO_PACK.with_options(phase2="duels")
except bz.VariantError as error:
    print("refused:", error)

for variant in bz.variants.ALL:
    print(f"{variant.name:18} {variant.players} players {variant.packs} packs")
