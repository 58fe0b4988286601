"""The games, one package each. Importing this package registers every game's plug-in entry.

A game's package ``tradekit/games/<game>/`` holds everything of that game — its rules, bots,
measures, renderer and table controls — and names them in one ``PLUGIN`` entry in its
``__init__.py`` (see :class:`tradekit.core.registry.Plugin` and ``docs/adding-a-game.md``).
"""

from __future__ import annotations

from tradekit.core.registry import register_plugin
from tradekit.games import medici, negoces, rungis, turin

_LESSONS = (turin, medici, negoces, rungis)
for _package in _LESSONS:
    register_plugin(_package.PLUGIN)

#: The order games are listed in (``tradekit.GAMES``): the lessons' order, Turin Market first.
ORDER = tuple(package.PLUGIN.name for package in _LESSONS)

__all__ = ["ORDER", "medici", "negoces", "rungis", "turin"]
