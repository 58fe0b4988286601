"""The registry of games: one :class:`Plugin` entry per game, ``load_game(name, **options)``.

A game lives in one package, ``tradekit/games/<game>/``. Its ``__init__.py`` holds a ``PLUGIN``:
the game's options class and the dotted paths of its other parts — its bots, its measures, its
renderer and its table controls. :func:`register_plugin` is the one registration a game makes;
``tradekit.games`` registers the shipped games in the lessons' order.

The parts are imported only when first asked for (:func:`import_part`): playing a game loads
neither its bots nor anything of the notebook stack, and a worker process that only simulates
never imports a renderer. A part a plug-in names but that cannot be imported is an error naming
the module — never a silent fallback to the generic part.

Example:
    >>> import tradekit
    >>> plugin("turin").renderer
    'tradekit.games.turin.render'
    >>> import_part("turin", "bots").__name__
    'tradekit.games.turin.bots'
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from tradekit.core.errors import ConfigError

if TYPE_CHECKING:  # the engine's state module reads the registry: no import back at run time
    from tradekit.core.state import Game

#: The parts a plug-in may name, besides its game.
Part = Literal["bots", "measures", "renderer", "controls"]
PARTS: tuple[Part, ...] = ("bots", "measures", "renderer", "controls")

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


@dataclasses.dataclass(frozen=True)
class Plugin:
    """Everything of one game: its options class and where its other parts live.

    Attributes:
        name: the game's registry name (``load_game(name)``); a Python identifier.
        game: the game's options class (a :class:`~tradekit.core.state.Game` dataclass).
        bots: the module that registers the game's own bots (``register_bot``), if any.
        measures: the module that registers the game's measures (``register_measures``).
        renderer: the module that registers its renderer (``register_renderer``); without one
            the generic renderer draws the game.
        controls: the module that registers its table controls (``register_controls``);
            without one the table offers the generic list of legal actions.

    Example:
        >>> from tradekit.games.turin import TurinGame
        >>> Plugin("turin", TurinGame, bots="tradekit.games.turin.bots").bots
        'tradekit.games.turin.bots'
        >>> Plugin("turin", TurinGame, bots="tradekit/games/turin/bots.py")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'bots' = 'tradekit/games/turin/bots.py' is ...
    """

    name: str
    game: type[Game[Any]]
    bots: str | None = None
    measures: str | None = None
    renderer: str | None = None
    controls: str | None = None

    def __post_init__(self) -> None:
        if not (isinstance(self.name, str) and self.name.isidentifier()):
            raise ConfigError("name", self.name, "a Python identifier such as 'turin'")
        if not (isinstance(self.game, type) and _is_game(self.game)):
            raise ConfigError("game", self.game, "a subclass of tradekit.core.state.Game")
        for part in PARTS:
            path = getattr(self, part)
            if path is not None and not (isinstance(path, str) and _DOTTED.fullmatch(path)):
                raise ConfigError(
                    part, path, "a dotted module path such as 'tradekit.games.turin.bots'"
                )


def _is_game(cls: type) -> bool:
    return any(
        base.__name__ == "Game" and base.__module__ == "tradekit.core.state" for base in cls.__mro__
    )


_PLUGINS: dict[str, Plugin] = {}


def register_plugin(plugin: Plugin) -> Plugin:
    """Register a game: the one call a game's package makes (``tradekit.games`` calls it for
    the shipped games). Sets ``plugin.game.name``; games are listed in registration order.

    Raises:
        ConfigError: if another game is already registered under that name, or this game's
            class under another name (a class is one game: states and saves carry its name).
    """
    known = _PLUGINS.get(plugin.name)
    if known is not None and known != plugin:
        raise ConfigError("name", plugin.name, "a name no other game is registered under")
    for other in _PLUGINS.values():
        if other.game is plugin.game and other.name != plugin.name:
            raise ConfigError(
                "game",
                plugin.game.__name__,
                f"a class not already registered as {other.name!r} (subclass it for a new game)",
            )
    plugin.game.name = plugin.name
    _PLUGINS[plugin.name] = plugin
    return plugin


def registered_games() -> tuple[str, ...]:
    """The names of every registered game, in registration order (the lessons' order for the
    shipped games: ``tradekit.games.ORDER``)."""
    return tuple(_PLUGINS)


def plugin(name: str) -> Plugin:
    """The plug-in entry of the game called ``name``.

    Raises:
        ConfigError: if no game has that name.
    """
    found = _PLUGINS.get(name) if isinstance(name, str) else None
    if found is None:
        raise ConfigError("name", name, "one of " + ", ".join(repr(n) for n in _PLUGINS))
    return found


def import_part(name: str, part: Part) -> ModuleType | None:
    """Import the module the game ``name`` names for ``part`` (which registers that part), or
    return ``None`` when the game is unknown or names no such part.

    Raises:
        ImportError: if the plug-in names a module that cannot be imported (the message names
            the game, the part and the module).
    """
    found = _PLUGINS.get(name) if isinstance(name, str) else None
    path = getattr(found, part) if found is not None else None
    if path is None:
        return None
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name is not None and path.startswith(exc.name):
            raise ImportError(
                f"the {part} of game {name!r} are declared in module {path!r}, which does not "
                "exist (check the PLUGIN entry in the game's __init__.py)",
                name=path,
            ) from exc
        raise


def game_class(name: str) -> type[Game[Any]]:
    """The registered :class:`Game` class called ``name`` (its class attributes describe the
    game without choosing options).

    Raises:
        ConfigError: if no game has that name.

    Example:
        >>> game_class("turin").money_name
        'Scudo'
    """
    return plugin(name).game


def load_game(name: str, **options: Any) -> Game[Any]:
    """Create a game by name with the given options.

    Args:
        name: one of :data:`tradekit.GAMES`.
        **options: the game's options (see each game's class).

    Raises:
        ConfigError: unknown game, unknown option, or an option value the game does not allow.

    Example:
        >>> import tradekit
        >>> tradekit.load_game("turin", players=4, scoring="red").num_players
        4
        >>> tradekit.load_game("chess")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'name' = 'chess' is not allowed: ...
    """
    cls = game_class(name)
    allowed = [f.name for f in dataclasses.fields(cls)]
    for key in options:
        if key not in allowed:
            choices = ", ".join(allowed)
            raise ConfigError(key, options[key], f"an option of {name!r}: one of {choices}")
    return cls(**options)
