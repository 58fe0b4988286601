"""The engine core: turn protocol, actions, events, errors, and the mechanisms games share."""

from __future__ import annotations

from tradekit.core.actions import Action
from tradekit.core.errors import (
    ConfigError,
    DataError,
    IllegalActionError,
    ReplayError,
    TradekitError,
)
from tradekit.core.events import BANK, Event, Ledger, Transfer
from tradekit.core.registry import Plugin, load_game, register_plugin, registered_games
from tradekit.core.seat_saves import Review, review
from tradekit.core.state import Game, State, Viewer, replay

__all__ = [
    "BANK",
    "Action",
    "ConfigError",
    "DataError",
    "Event",
    "Game",
    "IllegalActionError",
    "Ledger",
    "Plugin",
    "ReplayError",
    "Review",
    "State",
    "TradekitError",
    "Transfer",
    "Viewer",
    "load_game",
    "register_plugin",
    "registered_games",
    "replay",
    "review",
]
