"""Learning environments for every Feint game (the ``rl`` extra): PettingZoo (:mod:`feint.rl.pettingzoo`),
Gymnasium (:mod:`feint.rl.gymnasium`) and OpenSpiel (:mod:`feint.rl.openspiel`). docs/learning.md
is the user's guide."""
