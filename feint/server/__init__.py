"""The web server behind ``feint serve``: tables for friends in the browser, bots in the empty seats.

See docs/server.md for the protocol, the storage and how it scales.
"""
