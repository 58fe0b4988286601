"""Bots by game name: ``make_bot("turin", "heuristic")``.

Bots that play any game register under ``game = None``; a game's own bots live in the module its
plug-in entry names (``bots=`` of the ``PLUGIN`` in ``tradekit/games/<game>/__init__.py``, e.g.
:mod:`tradekit.games.turin.bots`), imported the first time a bot of that game is asked for. So a
new game's bots need no change here: decorate its classes with :func:`register_bot`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from tradekit.bots.base import Bot
from tradekit.core.errors import ConfigError
from tradekit.core.registry import import_part

T = TypeVar("T", bound=type[Bot[Any, Any]])

_BOTS: dict[str | None, dict[str, type[Bot[Any, Any]]]] = {}
_LOADED: set[str] = set()


def register_bot(cls: T) -> T:
    """Class decorator: register a bot class under its ``game`` and ``name``.

    Example:
        >>> from tradekit.bots import bot_classes
        >>> sorted(bot_classes("turin"))
        ['heuristic', 'random']
    """
    _BOTS.setdefault(cls.game, {})[cls.name] = cls
    return cls


def _load(game: str) -> None:
    if game in _LOADED:
        return
    module = import_part(game, "bots")
    if module is not None and not _BOTS.get(game):
        raise ImportError(f"module {module.__name__!r} registers no bot for {game!r}")
    _LOADED.add(game)


def bot_classes(game: str) -> dict[str, type[Bot[Any, Any]]]:
    """The bots that can play ``game``, by name: the game's own bots and the any-game bots.

    A game's own bot wins over an any-game bot of the same name.
    """
    _load(game)
    return {**_BOTS.get(None, {}), **_BOTS.get(game, {})}


def has_bot(game: str, name: str) -> bool:
    """Whether a bot called ``name`` is registered for ``game``.

    Example:
        >>> has_bot("turin", "heuristic"), has_bot("turin", "chess-engine")
        (True, False)
    """
    return name in bot_classes(game)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name:key=value,key=value"`` into the name and its parameters.

    Values are read as JSON when they parse (numbers, ``true``, ``null``), else kept as text.

    Example:
        >>> parse_spec("heuristic:aggression=0.9,borrow=true")
        ('heuristic', {'aggression': 0.9, 'borrow': True})
    """
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ConfigError("bot", spec, "name:key=value,key=value")
        params[key.strip()] = parse_value(value.strip())
    return name.strip(), params


def parse_value(text: str) -> Any:
    """Read a command-line value: JSON if it parses (``1``, ``0.5``, ``true``, ``null``), else text.

    Example:
        >>> parse_value("3"), parse_value("red"), parse_value("None")
        (3, 'red', None)
    """
    if text in ("None", "none"):
        return None
    if text in ("True", "False"):
        return text == "True"
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


BotLike = Bot[Any, Any] | type[Bot[Any, Any]] | str | Callable[..., Any]


def make_bot(game: str, spec: BotLike, **params: Any) -> Bot[Any, Any]:
    """A bot for ``game`` from a bot, a name (``"heuristic:aggression=0.9"``) or a function.

    Args:
        game: the game's name.
        spec: a :class:`Bot` (returned as is) or a bot class, a registered name with optional
            parameters, or a plain function ``(view, legal) -> action`` (wrapped by
            :func:`tradekit.bots.bot`).
        **params: parameters for a named bot.

    Raises:
        ConfigError: an unknown bot name or a bad parameter, naming what is allowed.

    Example:
        >>> make_bot("turin", "heuristic:aggression=0.5").aggression
        0.5
        >>> make_bot("turin", "grandmaster")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'bot' = 'grandmaster' is not allowed: ...
    """
    if isinstance(spec, type) and issubclass(spec, Bot):
        spec = spec(**params)
    if isinstance(spec, Bot):
        if spec.game is not None and spec.game != game:
            raise ConfigError("bot", spec.tag, f"a bot for {game!r} (this one plays {spec.game!r})")
        return spec
    if isinstance(spec, str):
        name, parsed = parse_spec(spec)
        classes = bot_classes(game)
        cls = classes.get(name)
        if cls is None:
            raise ConfigError(
                "bot", name, f"a bot for {game!r}: one of {', '.join(sorted(classes))}"
            )
        merged = {**parsed, **params}
        allowed = sorted(cls().params())
        unknown = sorted(set(merged) - set(allowed))
        if unknown:
            raise ConfigError(
                f"bot parameter {unknown[0]!r}",
                merged[unknown[0]],
                f"a parameter of {name!r}: {', '.join(allowed) or 'it has none'}",
            )
        return cls(**merged)
    if callable(spec):
        from tradekit.bots.function import FunctionBot

        return FunctionBot(fn=spec)
    raise ConfigError("bot", spec, "a Bot, a bot name or a function (view, legal) -> action")
