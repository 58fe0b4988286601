"""Bots: strategies that see one seat's view and the legal actions, never the state.

* :class:`RandomBot` plays every game uniformly at random.
* Each game's own bots live in its package, ``tradekit.games.<game>.bots`` (e.g.
  :class:`tradekit.games.turin.bots.TurinHeuristicBot`), and are found by name with
  :func:`make_bot`.
* :func:`bot` turns a student's plain function into a bot.

This package imports only numpy and the engine, because bots run inside worker processes.

Example:
    >>> from tradekit.bots import bot_classes, make_bot
    >>> sorted(bot_classes("turin"))
    ['heuristic', 'random']
    >>> make_bot("turin", "heuristic").tag
    'heuristic'
"""

from __future__ import annotations

from tradekit.bots.base import Bot, BotError, Said, said
from tradekit.bots.function import FunctionBot, bot
from tradekit.bots.random import RandomBot
from tradekit.bots.registry import (
    BotLike,
    bot_classes,
    has_bot,
    make_bot,
    parse_spec,
    register_bot,
)

__all__ = [
    "Bot",
    "BotError",
    "BotLike",
    "FunctionBot",
    "RandomBot",
    "Said",
    "bot",
    "bot_classes",
    "has_bot",
    "make_bot",
    "parse_spec",
    "register_bot",
    "said",
]
