"""Tournaments between bots: fair schedules, parallel runs, ratings, bluff statistics and reports.

``feint arena`` and ``feint balance`` are built from these modules:
:mod:`~feint.arena.schedule` (who sits where), :mod:`~feint.arena.plan` (a
tournament's games and seeds), :mod:`~feint.arena.study` (the self-play
plans of a balance study), :mod:`~feint.arena.play` (one game, as a worker
plays it), :mod:`~feint.arena.runners` (processes or Ray),
:mod:`~feint.arena.tournament` (the progress bar and ``games.jsonl``),
:mod:`~feint.arena.records` (the JSON lines), :mod:`~feint.arena.stats`,
:mod:`~feint.arena.ratings`, :mod:`~feint.arena.bluffs`, and the reports
(:mod:`~feint.arena.report`, :mod:`~feint.arena.balance`, with
:mod:`~feint.arena.plots`, :mod:`~feint.arena.html` and
:mod:`~feint.arena.terminal`). Only the reports need the ``arena`` extra
(openskill, matplotlib); Ray is the ``cluster`` extra. docs/arena.md
defines the schedule, the seeds, the file and every statistic.
"""
