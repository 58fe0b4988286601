"""Négoces' field domains: the core's :class:`Range` and :class:`OneOf` with the game's reasons.

A Négoces refusal says more than "must be one of": *why* a value is out (an offer must be payable,
negative coins come with a card, the seller holds the Guard). These small domains add that
sentence to the core's (a kind of action closed now is declared with the core's
:func:`~tradekit.core.domains.refuse`, with its reason).

Example:
    >>> coins = Amounts(0, 15, "the coins offered", lambda v: f"P1 cannot offer {v} coins")
    >>> coins.reason(16)
    'the coins offered must be a whole number from 0 to 15; got 16: P1 cannot offer 16 coins'
    >>> Only(None, "the card offered", "None").reason("jade")
    "the card offered must be None; got 'jade' (a str)"
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from tradekit.core.actions import Action, describe_value
from tradekit.core.domains import Domain, OneOf, Option, Range
from tradekit.core.errors import Reason

#: Says why a value is not allowed, in words of the rules (or ``None`` to add nothing).
Explain = Callable[[Any], str | None]


class Amounts(Range):
    """Whole numbers from ``lo`` to ``hi``, whose refusal adds the rule's reason.

    Example:
        >>> Amounts(1, 2, "the coins given", lambda v: "P2 has 2 coins left").reason(3)
        'the coins given must be a whole number from 1 to 2; got 3: P2 has 2 coins left'
    """

    __slots__ = ("explain",)

    def __init__(self, lo: int, hi: int, label: str, explain: Explain | None = None) -> None:
        # Made at every decision: the base's fields set here rather than through super().
        self.lo = lo
        self.hi = hi
        self.label = label
        self.explain = explain

    def reason(self, value: object) -> str | None:
        return _explained(super().reason(value), self.explain, value)


class Among(OneOf):
    """One of a list of values, whose refusal adds the rule's reason.

    Example:
        >>> Among((1, 2), "the buyer", "a buyer", lambda v: f"P{v} is not a buyer").reason(0)
        'the buyer must be a buyer (1 or 2); got 0: P0 is not a buyer'
    """

    __slots__ = ("explain",)

    def __init__(
        self,
        values: Iterable[Hashable],
        label: str,
        what: str = "",
        explain: Explain | None = None,
        secret: bool = False,
    ) -> None:
        # Made at every decision: the base's fields set here rather than through super().
        self.values = values if type(values) is tuple else tuple(values)
        self.label = label
        self.what = what
        self.secret = secret
        self._index = None
        self.explain = explain

    def reason(self, value: object, seats: bool = False) -> str | None:
        return _explained(super().reason(value, seats), self.explain, value)


class Only(Domain):
    """Exactly one value (one good of an offer, with or without the loan card): the refusal says
    what the whole choice is (``allowed``), not just this one value.

    Example:
        >>> Only(False, "the loan card", "False (P1 holds no loan card to offer)").reason(True)
        'the loan card must be False (P1 holds no loan card to offer); got True (a bool)'
    """

    __slots__ = ("allowed", "label", "only")

    def __init__(self, only: Hashable, label: str, allowed: str = "") -> None:
        self.only = only
        self.label = label
        self.allowed = allowed

    def reason(self, value: object) -> str | None:
        if type(value) is type(self.only) and value == self.only:
            return None
        return Reason(
            f"{self.label} must be {self.allowed or repr(self.only)}; got {describe_value(value)}",
            "negoces.only",
            label=self.label,
            what=self.allowed or repr(self.only),
            value=value,
        )

    def __contains__(self, value: object) -> bool:
        only = self.only
        return type(value) is type(only) and value == only

    def __len__(self) -> int:
        return 1

    def value(self, index: int) -> Hashable:
        return self.only


@functools.cache
def plain(cls: type[Action]) -> Option:
    """The option of an action without fields (``Stand()``, ``Pass()``), one shared object."""
    return Option(cls)


def _explained(why: str | None, explain: Explain | None, value: object) -> str | None:
    if why is None or explain is None:
        return why
    more = explain(value)
    return Reason(f"{why}: {more}", "negoces.because", reason=why, more=more) if more else why
