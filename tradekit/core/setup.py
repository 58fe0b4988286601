"""Reading a scripted set-up (``game.new_state(setup=...)``): the checks every game shares.

A scripted set-up places cards and money by hand, so that a rulebook example can be played
exactly. It may come from a saved game, so it is hostile input: every value is checked here, money
and counts are bounded (:data:`MAX_MONEY`), and a bad value raises
:class:`~tradekit.core.errors.ConfigError` naming the key and what is allowed — never another
exception, never a failure later in play.

Example:
    >>> s = Setup({"scudo": [15, 3], "hands": [[1, 2], [3, 4]]}, seats=2,
    ...           known={"scudo", "hands"})
    >>> s.money("scudo")
    [15, 3]
    >>> s.cards_per_seat("hands", valid={1, 2, 3, 4})
    [[1, 2], [3, 4]]
    >>> Setup({"scudo": [10**9, 0]}, seats=2, known={"scudo"}).money("scudo")
    Traceback (most recent call last):
    ...
    tradekit.core.errors.ConfigError: option "setup['scudo']" = [1000000000, 0] is not allowed: \
expected one whole number per seat from 0 to 10000
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from tradekit.core.errors import ConfigError

#: The most money a scripted set-up may give one seat. The games start players with 15 to 60; a
#: limit keeps every amount-driven loop and list small whatever a save says.
MAX_MONEY = 10_000


class Setup:
    """A scripted set-up being read: the mapping, the number of seats and the keys allowed.

    Unknown keys are refused at once. Each reader checks one key and returns a plain value; a
    key read twice is read the same way twice.

    Args:
        setup: the set-up mapping (lists or tuples as values).
        seats: how many seats the game has.
        known: the keys this game's set-up understands.

    Raises:
        ConfigError: ``setup`` is not a mapping, or holds a key not in ``known``.
    """

    def __init__(self, setup: object, seats: int, known: Collection[str]) -> None:
        if not isinstance(setup, Mapping):
            raise ConfigError("setup", setup, "a mapping of set-up keys")
        for key in setup:
            if key not in known:
                raise ConfigError("setup", key, "keys among " + ", ".join(sorted(known)))
        self.raw: Mapping[str, Any] = setup
        self.seats = seats
        self.used: list[int] = []

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def bad(self, key: str, why: str) -> ConfigError:
        """The error for a bad value of ``key``: ``why`` says what is allowed."""
        return ConfigError(f"setup[{key!r}]", self.raw.get(key), why)

    def per_seat(self, key: str) -> list[Any]:
        """The value of ``key`` as a list with one entry per seat."""
        value = self.raw.get(key)
        if not isinstance(value, (list, tuple)) or len(value) != self.seats:
            raise self.bad(key, f"a list with one entry per seat ({self.seats})")
        return list(value)

    def money(self, key: str, most: int = MAX_MONEY, least: int = 0) -> list[int]:
        """One whole amount per seat, from ``least`` to ``most``."""
        values = self.per_seat(key)
        if not all(type(v) is int and least <= v <= most for v in values):
            raise self.bad(key, f"one whole number per seat from {least} to {most}")
        return values

    def flags(self, key: str) -> list[bool]:
        """One ``True`` or ``False`` per seat."""
        values = self.per_seat(key)
        if not all(type(v) is bool for v in values):
            raise self.bad(key, "True or False per seat")
        return values

    def seat(self, key: str, optional: bool = True) -> int | None:
        """A seat number (or ``None`` when ``optional``)."""
        value = self.raw.get(key)
        if value is None and optional:
            return None
        if type(value) is not int or not 0 <= value < self.seats:
            what = f"a seat number from 0 to {self.seats - 1}"
            raise self.bad(key, ("None or " if optional else "") + what)
        return value

    def cards(self, key: str, valid: Collection[int], value: object = None) -> list[int]:
        """A list of card ids among ``valid`` (sorted), counted as placed (see :meth:`check_once`).

        ``value`` is the list to read when it is one entry of a per-seat list.
        """
        value = self.raw.get(key) if value is None else value
        if not isinstance(value, (list, tuple)) or not all(
            type(c) is int and c in valid for c in value
        ):
            raise self.bad(key, f"lists of card ids among {_ids(valid)}")
        self.used.extend(value)
        return sorted(value)

    def cards_per_seat(self, key: str, valid: Collection[int]) -> list[list[int]]:
        """One list of card ids per seat."""
        return [self.cards(key, valid, hand) for hand in self.per_seat(key)]

    def check_once(self) -> None:
        """Every card read with :meth:`cards` is placed at most once."""
        if len(set(self.used)) != len(self.used):
            raise ConfigError("setup", sorted(self.used), "each card placed at most once")

    def one_of(self, key: str, allowed: Iterable[Any]) -> Any:
        """A value among ``allowed`` (compared with its type: ``True`` is not ``1``)."""
        value = self.raw.get(key)
        options = list(allowed)
        if not any(type(value) is type(a) and value == a for a in options):
            raise self.bad(key, "one of " + ", ".join(repr(a) for a in options))
        return value


def _ids(valid: Collection[int]) -> str:
    ids = sorted(valid)
    if len(ids) > 12:
        return f"{ids[0]}..{ids[-1]} ({len(ids)} cards)"
    return str(ids)
