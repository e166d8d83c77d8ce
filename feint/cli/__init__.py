"""The ``feint`` command."""
