"""Tournaments between bots: fair schedules, parallel runs, ratings, bluff statistics and reports.

``feint arena`` and ``feint balance`` are built from these modules:
:mod:`schedule` (who sits where), :mod:`plan` (the games of a tournament),
:mod:`play` (one game, as a worker plays it), :mod:`runners` (processes or
Ray), :mod:`records` (the JSON lines), :mod:`stats`, :mod:`ratings`,
:mod:`bluffs` and the reports. Only the reports need the ``arena`` extra
(openskill, matplotlib); Ray is the ``cluster`` extra.
"""
