"""The engine's internals: free to change between releases; import from :mod:`bezique` instead.

Layered bottom to top (each module imports only those below it; the import-linter contract
in ``pyproject.toml`` is the authority):
:mod:`~bezique._engine.shuffle`, :mod:`~bezique._engine.tricks`,
:mod:`~bezique._engine.memo` (a state's cache of its legal actions) and
:mod:`~bezique._engine.hands` (no rules),
:mod:`~bezique._engine.melds` (the meld machinery, one band: the count vectors and tables
compiled per variant, the card source, the reuse rules, the meld search, the announcements
and the window's entry point),
:mod:`~bezique._engine.concerns` and :mod:`~bezique._engine.sevens` (the objects that
answer where variants differ, chosen once per variant),
:mod:`~bezique._engine.compiled` (a variant's precomputed tables) on them, which hands the
meld card source its window function when a variant's rules are built,
:mod:`~bezique._engine.dealing` (new deals and set-up positions),
:mod:`~bezique._engine.legal` (the legal actions of a state, by stage),
:mod:`~bezique._engine.transitions` (playing, the trick, leaving the window, drawing),
:mod:`~bezique._engine.declaring` (the window's declarations and seven actions: beside the
explanations, above the transitions whose leaving of the window it uses),
:mod:`~bezique._engine.explanations` (why an action is illegal, naming the rule) and
:mod:`~bezique._engine.steps` (one step of a deal: the table from a stage and a kind of
action to its check and its transition).
The public :mod:`bezique.engine` sits above :mod:`bezique.game` and dispatches a
``State`` or a ``Game``.
"""
