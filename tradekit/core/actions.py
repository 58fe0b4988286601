"""Actions: small frozen dataclasses that a player applies to a state.

Every game's actions subclass :class:`Action`. An action has a readable ``str`` ("bid 5") and a
``repr`` that pastes back as code (``Bid(amount=5)``). Actions turn into plain JSON objects and
back, so a saved game holds no pickles.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

from tradekit.core.errors import ReplayError

A = TypeVar("A", bound="Action")


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action.

    Subclasses are frozen dataclasses whose fields are ints, strs, bools, ``None`` or tuples of
    those. ``kind`` is the name used in saved games.

    Example:
        >>> from tradekit.games.turin.actions import Bid
        >>> Bid(5)
        Bid(amount=5)
        >>> str(Bid(5))
        'bid 5'
        >>> Bid(5).to_json()
        {'type': 'Bid', 'amount': 5}
    """

    kind: ClassVar[str] = "action"

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self  # frozen: copies of a state share their actions

    def to_json(self) -> dict[str, Any]:
        """Return the action as a JSON-ready dict with a ``type`` key."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for name in field_names(type(self)):
            data[name] = _to_json_value(getattr(self, name))
        return data

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)]
        return f"{type(self).__name__.lower()} {' '.join(parts)}".strip()


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type[Action]) -> tuple[str, ...]:
    """The field names of an action class, in order (cached: actions are checked on every step)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


def action_from_json(data: Any, classes: dict[str, type[Action]]) -> Action:
    """Rebuild an action from :meth:`Action.to_json` output.

    Args:
        data: the JSON object.
        classes: the game's action classes by name.

    Raises:
        ReplayError: if the object is not a known action of this game or its fields are wrong.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ReplayError(f"an action must be an object with a 'type', got {data!r}")
    cls = classes.get(data["type"])
    if cls is None:
        raise ReplayError(f"unknown action type {data['type']!r}; known: {sorted(classes)}")
    fields = {k: _from_json_value(v) for k, v in data.items() if k != "type"}
    for name, value in fields.items():
        if isinstance(value, dict):
            raise ReplayError(f"field {name!r} of action {data['type']} is {value!r}")
    try:
        return cls(**fields)
    except TypeError as exc:
        raise ReplayError(f"bad fields for action {data['type']}: {exc}") from None


def action_classes(*classes: type[Action]) -> dict[str, type[Action]]:
    """Index action classes by name, for :func:`action_from_json`."""
    return {cls.__name__: cls for cls in classes}
