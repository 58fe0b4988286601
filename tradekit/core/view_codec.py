"""Views as JSON and back, checked against the view classes' own annotations.

A seat save (:mod:`tradekit.core.seat_saves`) keeps what a seat saw step by step as its views.
A view is a frozen dataclass of whole numbers, texts, flags, ``None``, tuples, nested frozen
dataclasses and actions, so it is written as plain JSON (a dataclass as an object of its fields,
an action as :meth:`~tradekit.core.actions.Action.to_json`), and read back by following the
field annotations: nothing but the classes a view declares is ever built, and a value of the
wrong kind is refused with a :class:`~tradekit.core.errors.ReplayError` naming the field.

A seat save is hostile input like any save, and its views are drawn by the renderers, which
size things by the numbers and lists they hold: so every whole number read must lie within
:data:`MAX_NUMBER`, and every list hold at most :data:`MAX_ITEMS` items.

Example:
    >>> import tradekit
    >>> state = tradekit.load_game("turin", players=3).new_state(seed=3)
    >>> view = state.view(0)
    >>> decode_view(encode_view(view), type(view), state.game.action_types) == view
    True
    >>> decode_view({**encode_view(view), "players": "3"}, type(view), {})
    Traceback (most recent call last):
    ...
    tradekit.core.errors.ReplayError: players: expected a whole number, got '3'
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.errors import ReplayError

#: The largest whole number (either sign) a view read from a save may hold: far above any
#: amount, card id or count of these games, far below what would make a drawing huge.
MAX_NUMBER = 1_000_000
#: The longest list a view read from a save may hold (a whole deck is about a hundred cards).
MAX_ITEMS = 10_000

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def encode_value(value: Any) -> Any:
    """One value of a view as JSON-ready data (tuples become lists, actions their JSON)."""
    if value is None or type(value) in (int, str, bool, float):
        return value
    if isinstance(value, Action):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [encode_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"a view cannot hold a {type(value).__name__}: {value!r}")


def encode_view(view: Any) -> dict[str, Any]:
    """A view (any game's frozen view dataclass) as a JSON-ready object of its fields."""
    return {f.name: encode_value(getattr(view, f.name)) for f in dataclasses.fields(view)}


def decode_view(doc: object, cls: type, actions: Mapping[str, type[Action]]) -> Any:
    """Read a view of class ``cls`` back from :func:`encode_view` output.

    Args:
        doc: the JSON object.
        cls: the game's view class.
        actions: the game's action classes by name (views may hold a seat's sealed action).

    Raises:
        ReplayError: a field is missing, extra, or of the wrong kind (named by its path).
    """
    return _decode(doc, cls, actions, "")


def decode_value(
    doc: object, hint: Any, actions: Mapping[str, type[Action]], path: str = ""
) -> Any:
    """Read one value of type ``hint`` (a view's field type, a dataclass, an action class) back
    from its JSON; ``path`` names it in errors."""
    return _decode(doc, hint, actions, path)


def decode_field(
    cls: type, name: str, doc: object, actions: Mapping[str, type[Action]], where: str = ""
) -> Any:
    """Read the field ``name`` of the view class ``cls`` back from its JSON."""
    hints = _hints(cls)
    if name not in hints:
        raise ReplayError(f"{where}a {cls.__name__} has no field {name!r}")
    return _decode(doc, hints[name], actions, where + name)


def _decode(doc: object, hint: Any, actions: Mapping[str, type[Action]], path: str) -> Any:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _decode(doc, typing.get_args(hint)[0], actions, path)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(doc, typing.get_args(hint), actions, path)
    if origin is tuple:
        return _decode_tuple(doc, typing.get_args(hint), actions, path)
    if isinstance(hint, type):
        read = _SCALARS.get(hint)
        if read is not None:
            return read(doc, path)
        if issubclass(hint, Action):
            return _decode_action(doc, hint, actions, path)
        if dataclasses.is_dataclass(hint):
            return _decode_dataclass(doc, hint, actions, path)
    raise ReplayError(f"{path}: a view field of type {hint!r} cannot be read")


def _decode_union(
    doc: object, members: tuple[Any, ...], actions: Mapping[str, type[Action]], path: str
) -> Any:
    """The first member of a union that reads ``doc``; else the first member's error."""
    if doc is None:
        if type(None) in members:
            return None
        raise ReplayError(f"{path or 'the view'}: expected a value, got null")
    errors: list[ReplayError] = []
    for member in members:
        if member is type(None):
            continue
        try:
            return _decode(doc, member, actions, path)
        except ReplayError as exc:
            errors.append(exc)
    raise errors[0]


def _decode_tuple(
    doc: object, args: tuple[Any, ...], actions: Mapping[str, type[Action]], path: str
) -> tuple[Any, ...]:
    """A tuple of any length (``tuple[X, ...]``) or of fixed length and member types."""
    if not isinstance(doc, list):
        raise ReplayError(f"{path}: expected a list, got {_short(doc)}")
    if len(doc) > MAX_ITEMS:
        raise ReplayError(f"{path}: a list of {len(doc):,} items (at most {MAX_ITEMS:,})")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(v, args[0], actions, f"{path}[{i}]") for i, v in enumerate(doc))
    if len(doc) != len(args):
        raise ReplayError(f"{path}: expected a list of {len(args)}, got {len(doc)} items")
    return tuple(
        _decode(v, a, actions, f"{path}[{i}]")
        for i, (v, a) in enumerate(zip(doc, args, strict=True))
    )


def _read_none(doc: object, path: str) -> None:
    if doc is not None:
        raise ReplayError(f"{path}: expected null, got {_short(doc)}")
    return None


def _read_bool(doc: object, path: str) -> bool:
    if type(doc) is not bool:
        raise ReplayError(f"{path}: expected true or false, got {_short(doc)}")
    return doc


def _read_int(doc: object, path: str) -> int:
    if type(doc) is not int:
        raise ReplayError(f"{path}: expected a whole number, got {_short(doc)}")
    if not -MAX_NUMBER <= doc <= MAX_NUMBER:
        raise ReplayError(f"{path}: {doc} is out of range (at most {MAX_NUMBER:,} either way)")
    return doc


def _read_float(doc: object, path: str) -> float:
    if type(doc) not in (int, float):
        raise ReplayError(f"{path}: expected a number, got {_short(doc)}")
    return float(doc)  # type: ignore[arg-type]


def _read_str(doc: object, path: str) -> str:
    if type(doc) is not str:
        raise ReplayError(f"{path}: expected a text, got {_short(doc)}")
    return doc


#: How a field of each plain type is read: checked exactly (``True`` is no whole number).
_SCALARS: dict[type, Callable[[object, str], Any]] = {
    type(None): _read_none,
    bool: _read_bool,
    int: _read_int,
    float: _read_float,
    str: _read_str,
}


def _decode_action(
    doc: object, base: type[Action], actions: Mapping[str, type[Action]], path: str
) -> Action:
    if not isinstance(doc, dict) or type(doc.get("type")) is not str:
        raise ReplayError(
            f"{path}: expected an action (an object with a 'type'), got {_short(doc)}"
        )
    cls = actions.get(doc["type"])
    if cls is None or not issubclass(cls, base):
        raise ReplayError(f"{path}: {_short(doc['type'])} is not an action of this game")
    fields = {k: v for k, v in doc.items() if k != "type"}
    return _decode_dataclass(fields, cls, actions, path)  # type: ignore[no-any-return]


def _decode_dataclass(
    doc: object, cls: type, actions: Mapping[str, type[Action]], path: str
) -> Any:
    if not isinstance(doc, dict):
        raise ReplayError(f"{path or 'the view'}: expected an object, got {_short(doc)}")
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    missing = [n for n in names if n not in doc]
    extra = sorted(k for k in doc if k not in names)
    where = f"{path}: " if path else ""
    if missing:
        raise ReplayError(f"{where}a {cls.__name__} needs {', '.join(missing)}")
    if extra:
        raise ReplayError(f"{where}a {cls.__name__} has no field {_short(extra[0])}")
    prefix = f"{path}." if path else ""
    values = {n: _decode(doc[n], hints[n], actions, prefix + n) for n in names}
    try:
        return cls(**values)
    except Exception as exc:  # a class's own check (a frozen config's __post_init__)
        raise ReplayError(f"{where}not a valid {cls.__name__}: {exc}") from None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
