"""The conformance checker behind :mod:`bezique.testing` (internal, free to change).

One reading of what the rules can reach, used by :func:`bezique.simulate`
(``check_invariants=True``), by the readers (:func:`bezique.from_json`,
:meth:`bezique.Record.loads`) and by the project's tests:

* :mod:`~bezique._conformance.common`: the error helper, trick winning and following
  restated from the rules;
* :mod:`~bezique._conformance.shape`: a state's fields have the right shapes and
  ranges (safe on any value, so the later checks never crash);
* :mod:`~bezique._conformance.position`: cards, sizes, stages, windows and scores;
* :mod:`~bezique._conformance.melds`: meld shapes and the declarations a player can make;
* :mod:`~bezique._conformance.legal`: the legal actions against the rules;
* :mod:`~bezique._conformance.transition`: what one action did;
* :mod:`~bezique._conformance.final`: a finished deal and its result;
* :mod:`~bezique._conformance.views`: observations and games.
"""
