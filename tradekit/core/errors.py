"""The error family every part of tradekit raises.

All errors derive from :class:`TradekitError`, itself a :class:`ValueError`, so a caller can catch
one class for "the user asked for something the rules or the data do not allow".
"""

from __future__ import annotations

from typing import Any


class TradekitError(ValueError):
    """Base class of every error tradekit raises on purpose."""


class ConfigError(TradekitError):
    """A game option is not allowed.

    Example:
        >>> raise ConfigError("players", 7, "2, 3, 4 or 5")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'players' = 7 is not allowed: expected 2, 3, 4 or 5
    """

    def __init__(self, option: str, value: Any, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(f"option {option!r} = {value!r} is not allowed: expected {allowed}")


class IllegalActionError(TradekitError):
    """An action the rules do not allow; the state is left exactly as it was.

    Attributes:
        reason: why the action is refused, in one sentence.
        player: the seat that tried it.
        action: the action tried.
        summary: a short description of the state when it was tried.
    """

    def __init__(self, reason: str, player: object, action: object, summary: str = "") -> None:
        self.reason = reason
        self.player = player
        self.action = action
        self.summary = summary
        text = f"illegal action {action!r} by player {player}: {reason}"
        if summary:
            text += f" [{summary}]"
        super().__init__(text)


class MalformedActionError(IllegalActionError):
    """An action that is not even well formed: a field of the wrong type (``Bid(2.0)``,
    ``Bid(True)``, ``Bid("3")``), a seat that does not exist, a card id of no card of the game.

    It is an :class:`IllegalActionError` (callers catching that catch this too); the state is left
    exactly as it was.
    """


class DataError(TradekitError):
    """A data table is malformed; names the file, and the row and column where known."""

    def __init__(
        self, file: object, message: str, row: int | None = None, column: str | None = None
    ) -> None:
        self.file = str(file)
        self.row = row
        self.column = column
        where = self.file
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column {column!r}"
        super().__init__(f"{where}: {message}")


class ReplayError(TradekitError):
    """A saved game cannot be replayed: malformed, from another version, or tampered with."""
