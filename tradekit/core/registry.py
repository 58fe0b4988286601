"""The registry of games: ``load_game(name, **options)`` and the list of names."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from tradekit.core.errors import ConfigError
from tradekit.core.state import Game

G = TypeVar("G", bound=type[Game])

_REGISTRY: dict[str, type[Game]] = {}


def register(name: str) -> Callable[[G], G]:
    """Class decorator: register a :class:`Game` subclass under ``name``."""

    def deco(cls: G) -> G:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def registered_games() -> tuple[str, ...]:
    """The names of every registered game, in the lessons' order (``tradekit.games.ORDER``)."""
    _ensure_loaded()
    from tradekit.games import ORDER

    return tuple(sorted(_REGISTRY, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n)))


def _ensure_loaded() -> None:
    import tradekit.games  # noqa: F401  (registers every game)


def game_class(name: str) -> type[Game]:
    """The registered :class:`Game` class called ``name`` (its class attributes describe the
    game without choosing options).

    Raises:
        ConfigError: if no game has that name.

    Example:
        >>> game_class("turin").money_name
        'Scudo'
    """
    _ensure_loaded()
    cls = _REGISTRY.get(name)
    if cls is None:
        raise ConfigError("name", name, "one of " + ", ".join(repr(n) for n in _REGISTRY))
    return cls


def load_game(name: str, **options: Any) -> Game:
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
