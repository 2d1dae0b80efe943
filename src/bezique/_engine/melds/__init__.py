"""The meld machinery of the engine: every legal declaration of a window and how it is
carried out (R3, R4.2, R5.3, R8.2, R9.2, R11.2-R11.8, R13.1, R13.7).

Layered bottom to top, as the rest of :mod:`bezique._engine` (the import-linter contract in
``pyproject.toml`` is the authority):
:mod:`~bezique._engine.melds.layout` (packed count vectors: the full layout the bots read
and the window's layout per trump),
:mod:`~bezique._engine.melds.tables` (the combinations, upgrades and the window's gate,
compiled per variant as ``rules.melds``),
:mod:`~bezique._engine.melds.source` (where meld cards come from, chosen once per variant),
:mod:`~bezique._engine.melds.plans` (the reuse rules: which physical cards serve),
:mod:`~bezique._engine.melds.search` (every legal declaration of a window),
:mod:`~bezique._engine.melds.announcing` (the announcements of R13.7) and
:mod:`~bezique._engine.melds.window` (the window's one entry point, handed to the card
source by :mod:`~bezique._engine.compiled` when a variant's rules are built).

The package is one band of the engine's layers, below the compiled rules, the legal
actions and the transitions; the window's transitions that carry a plan out (declaring,
announcing, the seven of trumps, carte blanche) are :mod:`bezique._engine.declaring`,
above the transitions.
"""
