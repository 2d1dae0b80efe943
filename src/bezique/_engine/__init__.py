"""The engine's internals: free to change between releases; import from :mod:`bezique` instead.

Layered bottom to top (each module imports only those below it):
:mod:`~bezique._engine.shuffle` and :mod:`~bezique._engine.tricks` (no rules),
:mod:`~bezique._engine.compiled` (a variant's precomputed tables),
:mod:`~bezique._engine.dealing` (new deals and set-up positions),
:mod:`~bezique._engine.meld_search` (every legal declaration of a window),
:mod:`~bezique._engine.transitions` (playing, the declaration window, drawing),
:mod:`~bezique._engine.explanations` (why an action is illegal, naming the rule) and
:mod:`~bezique._engine.play` (the deal-level engine: legal actions, check, apply).
The public :mod:`bezique.engine` sits above :mod:`bezique.game` and dispatches a
``State`` or a ``Game``.
"""
