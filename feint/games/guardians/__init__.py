"""Guardian's Call: gather provisions, offer them, and believe or doubt each offer."""

from feint.games.guardians.state import GuardiansState

__all__ = ["GuardiansState"]
