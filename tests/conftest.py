"""Shared test set-up: lets test modules import the helpers kept in this directory.

pytest runs in importlib mode, which puts nothing on ``sys.path``; the game
scenario tests import :mod:`scenario_support` from here.
"""

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
