"""The games. Importing this package registers every game with :func:`tradekit.load_game`."""

from __future__ import annotations

from tradekit.games import turin

__all__ = ["turin"]
