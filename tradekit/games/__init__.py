"""The games. Importing this package registers every game with :func:`tradekit.load_game`.

Adding a game: read ``docs/adding-a-game.md`` first (the checklist every game follows).
"""

from __future__ import annotations

from tradekit.games import medici, negoces, rungis, turin

#: The order games are listed in (``tradekit.GAMES``): the lessons' order, Turin Market first.
ORDER = ("turin", "medici", "negoces", "rungis")

__all__ = ["ORDER", "medici", "negoces", "rungis", "turin"]
