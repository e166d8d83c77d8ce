"""The games, one package each; importing one registers it."""
