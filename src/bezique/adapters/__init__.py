"""Adapters to reinforcement-learning frameworks (the optional extra ``bezique[rl]``).

* :mod:`bezique.adapters.pettingzoo`: an AEC environment for every variant
  (``env(variant=...)``), checked by PettingZoo's own ``api_test`` and ``seed_test``;
* :mod:`bezique.adapters.openspiel`: the Python game ``"python_bezique"``, registered on
  import, checked by OpenSpiel's ``random_sim_test``.

Both are thin: the action ids, masks and observation tensors come from
:mod:`bezique.encoding`, the rules from :func:`bezique.apply`. Importing this package
imports neither framework; each module needs its own (``pip install 'bezique[rl]'``).
"""
