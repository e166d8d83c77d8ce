"""Feint: exact rules engines, bots and tables for three bluffing board games."""

__version__ = "0.1.0"
