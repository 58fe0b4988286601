"""Actions: small frozen dataclasses that a player applies to a state.

Every game's actions subclass :class:`Action`. An action has a readable ``str`` ("bid 5") and a
``repr`` that pastes back as code (``Bid(amount=5)``). Actions turn into plain JSON objects and
back, so a saved game holds no pickles.
"""

from __future__ import annotations

import dataclasses
import enum
import numbers
import types
import typing
from collections.abc import Container
from typing import Annotated, Any, ClassVar, TypeVar

from tradekit.core.errors import Reason, ReplayError

A = TypeVar("A", bound="Action")


class FieldKind(enum.Enum):
    """What an action field holds, for the one type gate every action passes first."""

    NUMBER = "a whole number"
    SEAT = "a seat number"
    CARD = "a card id of this game"
    TEXT = "a name"
    FLAG = "True or False"


#: An action field holding a seat (``GiveGoose.to``): a whole number from 0 to players - 1.
Seat = Annotated[int, FieldKind.SEAT]
#: An action field holding a card id (``Offer.card``): one of the game's card ids.
Card = Annotated[int, FieldKind.CARD]

#: Longest text a name field may hold (goods and article names are short).
MAX_TEXT = 200
#: Largest size of a number field the gate lets through to the rules (no amount comes near it).
MAX_NUMBER = 10**12


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
            value = getattr(self, name)
            # Most fields hold a plain int, str, bool or None: kept without a call (a save turns
            # every logged action).
            data[name] = value if type(value) in PLAIN else _to_json_value(value)
        return data

    def __str__(self) -> str:
        parts = [f"{name}={getattr(self, name)}" for name in field_names(type(self))]
        return f"{type(self).__name__.lower()} {' '.join(parts)}".strip()


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: The types whose values are their own JSON and are never changed in place: action fields
#: (``_to_json_value`` returns them unchanged), logged event data (kept without a copy), saves.
#: ``type(x) in PLAIN`` is faster than ``isinstance``.
PLAIN = frozenset({int, bool, float, str, type(None)})


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


@dataclasses.dataclass(frozen=True, slots=True)
class FieldSpec:
    """One action field as the type gate sees it: its name, kind, and whether ``None`` or a
    tuple of values is allowed."""

    name: str
    kind: FieldKind
    optional: bool = False
    many: bool = False

    def reason(self, value: object, seats: int, cards: Container[int]) -> Reason | None:
        """Why ``value`` is malformed for this field (wrong type, no such seat or card), or
        ``None``. The reason's key (``field_type``, ``field_seat``...) words it in another
        language; the field's name and the value given are quoted as code in every language."""
        if value is None and self.optional:
            return None
        if self.many:
            if not isinstance(value, tuple):
                return self._why(
                    f"the field {self.name!r} must be a list, got {describe_value(value)}",
                    "field_list",
                    value,
                )
            for item in value:
                why = self._one(item, seats, cards)
                if why is not None:
                    return why
            return None
        return self._one(value, seats, cards)

    def _why(self, text: str, key: str, value: object, **fields: Any) -> Reason:
        return Reason(
            text,
            key,
            field_name=repr(self.name),
            given=_quoted(value),
            given_type=type(value).__name__,
            **fields,
        )

    def _wrong_type(self, value: object) -> Reason:
        kind = self.kind
        expected = kind.value + (" or None" if self.optional else "")
        return self._why(
            f"the field {self.name!r} must be {expected}, got {describe_value(value)}",
            "field_type_or_none" if self.optional else "field_type",
            value,
            expected_words=kind.value,
        )

    def _one(self, value: object, seats: int, cards: Container[int]) -> Reason | None:
        kind = self.kind
        if kind is FieldKind.TEXT:
            if type(value) is not str:
                return self._wrong_type(value)
            if len(value) > MAX_TEXT:
                return self._why(
                    f"the field {self.name!r} is a name of at most {MAX_TEXT} characters",
                    "field_long",
                    value,
                    most=MAX_TEXT,
                )
            return None
        if kind is FieldKind.FLAG:
            if type(value) is not bool:
                return self._wrong_type(value)
            return None
        if type(value) is not int:
            return self._wrong_type(value)
        if kind is FieldKind.SEAT and not 0 <= value < seats:
            return self._why(
                f"the field {self.name!r} must be a seat from 0 to {seats - 1}, got {value}",
                "field_seat",
                value,
                last=seats - 1,
            )
        if kind is FieldKind.CARD and value not in cards:
            shown = describe_value(value)
            return self._why(
                f"the field {self.name!r} must be a card id of this game, got {shown}",
                "field_card",
                value,
            )
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            shown = describe_value(value)
            return self._why(
                f"the field {self.name!r} is out of any range the rules allow, got {shown}",
                "field_huge",
                value,
            )
        return None


def _quoted(value: object) -> str:
    """A given value as code quotes it (its repr, at most 60 characters)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _exact(value: object) -> object:
    """``value`` with integers of other types (numpy's) as ints; bools and the rest unchanged."""
    if type(value) is tuple:
        items = tuple(_exact(v) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if type(value) in (int, bool) or not isinstance(value, numbers.Integral):
        return value
    return int(value)


def exact_integers(player: object, action: object) -> tuple[int, Action] | None:
    """The seat and action with numpy integers (``np.int64(5)``) turned into ints, or ``None``
    when there is none to turn (or ``action`` is no action).

    A notebook's arithmetic on numpy arrays gives such integers; they are exact whole numbers, so
    the type gate takes them as ints, while ``2.0`` and ``True`` stay refused.

    Example:
        >>> import numpy as np
        >>> from tradekit.games.turin.actions import Bid
        >>> exact_integers(np.int64(0), Bid(np.int64(16)))
        (0, Bid(amount=16))
        >>> exact_integers(0, Bid(16)) is None
        True
    """
    if not isinstance(action, Action):
        return None
    changes = {}
    for name in field_names(type(action)):
        value = getattr(action, name)
        fixed = _exact(value)
        if fixed is not value:
            changes[name] = fixed
    seat = _exact(player)
    if not changes and seat is player:
        return None
    return seat, dataclasses.replace(action, **changes)  # type: ignore[return-value]


def describe_value(value: object) -> str:
    """A given value as a refusal quotes it: its repr, and its type where the repr hides it.

    Example:
        >>> describe_value(2.5), describe_value("3"), describe_value(True), describe_value(4)
        ('2.5 (a float)', "'3' (a str)", 'True (a bool)', '4')
    """
    text = _quoted(value)
    if type(value) is int:
        return text
    return f"{text} (a {type(value).__name__})"


_SPECS: dict[type, tuple[FieldSpec, ...]] = {}


def field_specs(cls: type[Action]) -> tuple[FieldSpec, ...]:
    """The type gate's view of an action class's fields, read from their annotations (cached).

    ``int`` is a number, :data:`Seat` a seat, :data:`Card` a card id, ``str`` a name, ``bool`` a
    flag; ``X | None`` allows ``None`` and ``tuple[X, ...]`` a list of ``X``.

    Example:
        >>> from tradekit.games.turin.actions import GiveGoose
        >>> field_specs(GiveGoose)
        (FieldSpec(name='to', kind=<FieldKind.SEAT: 'a seat number'>, optional=False, many=False),)
    """
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = _SPECS[cls] = tuple(_spec(name, hints[name]) for name in field_names(cls))
    return specs


def _spec(name: str, hint: Any) -> FieldSpec:
    optional = many = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        optional = len(members) < len(typing.get_args(hint))
        if len(members) != 1:
            raise TypeError(f"action field {name!r}: unsupported type {hint!r}")
        hint = members[0]
        origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis:
            raise TypeError(f"action field {name!r}: tuples must be tuple[X, ...], got {hint!r}")
        many = True
        hint = args[0]
        origin = typing.get_origin(hint)
    if origin is Annotated:
        base, *marks = typing.get_args(hint)
        kinds = [m for m in marks if isinstance(m, FieldKind)]
        if base is not int or len(kinds) != 1:
            raise TypeError(f"action field {name!r}: unsupported type {hint!r}")
        return FieldSpec(name, kinds[0], optional, many)
    simple = {int: FieldKind.NUMBER, str: FieldKind.TEXT, bool: FieldKind.FLAG}
    if hint not in simple:
        raise TypeError(f"action field {name!r}: unsupported type {hint!r}")
    return FieldSpec(name, simple[hint], optional, many)


def action_classes(*classes: type[Action]) -> dict[str, type[Action]]:
    """Index action classes by name, for :func:`action_from_json`."""
    return {cls.__name__: cls for cls in classes}
