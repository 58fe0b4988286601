"""Turin Market's own action domains: refusals that say exactly which rule stands in the way.

The core domains (:mod:`tradekit.core.domains`) say what a field may hold; Turin's rules often
refuse one value for a reason of its own ("a player cannot buy their own listing", "the price 5 is
more than the 2 unlocked Scudo P1 holds"). These small domains carry that reason, so that the one
declaration of a step (its :class:`~tradekit.core.domains.Menu`) still words every refusal.

Example:
    >>> d = Explained((4, 9), "the card", "a listed card", why=((7, "card 7 is yours"),),
    ...               otherwise="card {value} is not for sale")
    >>> 9 in d, d.reason(7), d.reason(5)
    (True, 'card 7 is yours', 'card 5 is not for sale')
    >>> Amount(0, 4, "P2's bid", note="4 more are locked on listings").reason(5)
    "P2's bid must be a whole number from 0 to 4; got 5 (4 more are locked on listings)"
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from tradekit.core.domains import OneOf, Range
from tradekit.core.errors import Reason


class Amount(Range):
    """A :class:`~tradekit.core.domains.Range` of Scudo whose refusal adds a note (why the
    upper bound is what it is: Scudo locked on listings, or committed to a sealed bid)."""

    __slots__ = ("note",)

    def __init__(self, lo: int, hi: int, label: str = "the value", note: str = "") -> None:
        # Made at every decision: the base's fields set here rather than through super().
        self.lo = lo
        self.hi = hi
        self.label = label
        self.note = note

    def reason(self, value: object) -> str | None:
        why = Range.reason(self, value)
        if why is None or not self.note:
            return why
        return Reason(f"{why} ({self.note})", "turin.noted", reason=why, note=self.note)


class Explained(OneOf):
    """A :class:`~tradekit.core.domains.OneOf` whose refused values may each have their own
    reason (``why``: value, sentence pairs, or a function returning them, called only when a
    value is refused — menus are built at every decision and refusals are rare); other refused
    values get ``otherwise`` (with ``{value}`` filled in), or the core wording when ``otherwise``
    is empty."""

    __slots__ = ("_why", "otherwise")

    def __init__(
        self,
        values: Iterable[Hashable],
        label: str = "the value",
        what: str = "",
        why: Iterable[tuple[Hashable, str]] | Callable[[], Iterable[tuple[Hashable, str]]] = (),
        otherwise: str = "",
    ) -> None:
        # Made at every decision: the base's fields set here rather than through super().
        self.values = values if type(values) is tuple else tuple(values)
        self.label = label
        self.what = what
        self._index = None
        self._why = why
        self.otherwise = otherwise

    @property
    def why(self) -> tuple[tuple[Hashable, str], ...]:
        """The value, sentence pairs of the refused values that have a reason of their own."""
        why = self._why
        return tuple(why() if callable(why) else why)

    def reason(self, value: object, seats: bool = False) -> str | None:
        if value in self:
            return None
        for known, sentence in self.why:
            if type(known) is type(value) and known == value:
                return sentence
        if self.otherwise:
            return _filled(self.otherwise, value)
        return OneOf.reason(self, value, seats)


def _filled(template: str, value: object) -> str:
    """``template`` with ``{value}`` filled in; a :class:`Reason` template gives a reason with
    the same key, and the value among its fields."""
    text = template.format(value=value)
    if isinstance(template, Reason) and template.key:
        return Reason(text, template.key, **template.fields, value=value)
    return text
