"""The games, one package each. Importing this package registers every game's plug-in entry.

A game's package ``tradekit/games/<game>/`` holds everything of that game — its rules, bots,
measures, renderer and table controls — and names them in one ``PLUGIN`` entry in its
``__init__.py`` (see :class:`tradekit.core.registry.Plugin` and ``docs/adding-a-game.md``).

A game from another installed package plugs in with no change here: it declares its ``PLUGIN``
under the ``tradekit.games`` entry-point group, and is registered after the shipped games.
"""

from __future__ import annotations

import importlib.metadata
import warnings

from tradekit.core.registry import Plugin, register_plugin
from tradekit.games import medici, negoces, rungis, turin

_LESSONS = (turin, medici, negoces, rungis)
for _package in _LESSONS:
    register_plugin(_package.PLUGIN)

#: The order games are listed in (``tradekit.GAMES``): the lessons' order, Turin Market first.
ORDER = tuple(package.PLUGIN.name for package in _LESSONS)

#: The entry-point group under which an installed package declares a game's ``PLUGIN``.
ENTRY_POINTS = "tradekit.games"


def _register_installed() -> None:
    """Register the games other installed packages declare (a broken one is reported and left
    out: it must not stop the shipped games from loading)."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINTS):
        try:
            found = entry.load()
            if not isinstance(found, Plugin):
                raise TypeError(f"it names a {type(found).__name__}, not a Plugin")
            register_plugin(found)
        except Exception as exc:
            warnings.warn(
                f"the game {entry.name!r} declared by {entry.value!r} was not loaded: {exc}",
                stacklevel=2,
            )


_register_installed()

__all__ = ["ENTRY_POINTS", "ORDER", "medici", "negoces", "rungis", "turin"]
