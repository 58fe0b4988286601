"""Action domains: each rule's allowed actions declared once.

A game's step declares what a seat may do now as a :class:`Menu` of :class:`Option` s, each an
action class with a :class:`Domain` per field ("``Bid.amount`` is a whole number from 0 to the
budget", "``Offer.card`` is a card in the seat's hand"). From that one declaration come:

* the legal actions, as a lazy sequence — a range is never listed, so a budget of 10**9 costs
  nothing until someone asks for the 10**9-th bid;
* the check (``action in menu``) and the refusal reason, which names the field, what is allowed and
  what was given ("the bid must be a whole number from 0 to 15; got 2.5");
* the bounds a slider or a number box of a front end uses (:meth:`Menu.bounds`).

Example:
    >>> from tradekit.games.turin.actions import Bid, TakeLoan
    >>> menu = Menu((Option(Bid, amount=Range(0, 10**9, "the bid")), Option(TakeLoan)))
    >>> len(menu), menu[0], menu[-1]
    (1000000002, Bid(amount=0), TakeLoan())
    >>> Bid(12) in menu, Bid(2.5) in menu
    (True, False)
    >>> menu.reason(Bid(2.5))
    'the bid must be a whole number from 0 to 1000000000; got 2.5 (a float)'
    >>> menu.bounds(Bid, "amount")
    (0, 1000000000)
"""

from __future__ import annotations

import abc
import bisect
import dataclasses
import functools
import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any, overload

from tradekit.core.actions import Action, FieldKind, describe_value, field_specs
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label

#: Past this many combinations a filtered option is not counted by scanning (see Option.where).
SCAN_LIMIT = 1_000_000
#: Options of at most this many combinations are walked with ``itertools.product`` (fast, but it
#: takes its domains in whole first); larger ones one value at a time.
EAGER_LIMIT = 100_000
#: Up to this many values, an int is looked for in a :class:`OneOf` by scanning them.
_SCAN = 16


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number for the engine: an ``int``, never a ``bool``."""
    return type(value) is int


class Domain(abc.ABC):
    """The values one action field may take now: a finite, indexable set.

    Subclasses say whether a value belongs (:meth:`reason` is ``None``), how many values there
    are, and the ``i``-th value, so that a whole menu can be indexed without being listed. A
    subclass that overrides ``__contains__`` (a faster membership test) must agree with
    :meth:`reason`: ``value in domain`` exactly when ``domain.reason(value) is None``.
    """

    __slots__ = ()

    #: How the field is named in a refusal ("the bid", "the card").
    label: str

    @abc.abstractmethod
    def reason(self, value: object) -> str | None:
        """Why ``value`` is not allowed (a sentence naming the label), or ``None`` if it is."""

    @abc.abstractmethod
    def __len__(self) -> int:
        """How many values the domain holds."""

    @abc.abstractmethod
    def value(self, index: int) -> Any:
        """The ``index``-th value (0 <= index < len)."""

    def __contains__(self, value: object) -> bool:
        return self.reason(value) is None

    def __iter__(self) -> Iterator[Any]:
        return (self.value(i) for i in range(len(self)))


class Range(Domain):
    """Whole numbers from ``lo`` to ``hi`` inclusive (empty when ``hi < lo``).

    A value: never changed once made (plain slots rather than a frozen dataclass, because menus
    build several at every decision).

    Example:
        >>> Range(0, 15, "the bid").reason(16)
        'the bid must be a whole number from 0 to 15; got 16'
        >>> Range(1, 3).reason("2")
        "the value must be a whole number from 1 to 3; got '2' (a str)"
        >>> list(Range(2, 4)), len(Range(5, 4)), Range(2, 4) == Range(2, 4)
        ([2, 3, 4], 0, True)
    """

    __slots__ = ("hi", "label", "lo")

    def __init__(self, lo: int, hi: int, label: str = "the value") -> None:
        self.lo = lo
        self.hi = hi
        self.label = label

    def reason(self, value: object) -> str | None:
        if type(value) is int and self.lo <= value <= self.hi:
            return None
        got = describe_value(value)
        if self.hi < self.lo:
            return Reason(f"{self.label} cannot be chosen now; got {got}", "range_empty",
                          label=self.label, value=value)  # fmt: skip
        if self.lo == self.hi:
            return Reason(f"{self.label} must be a whole number {self.lo}; got {got}", "range_one",
                          label=self.label, lo=self.lo, value=value)  # fmt: skip
        return Reason(f"{self.label} must be a whole number from {self.lo} to {self.hi}; got {got}",
                      "range", label=self.label, lo=self.lo, hi=self.hi, value=value)  # fmt: skip

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.lo <= value <= self.hi

    def __len__(self) -> int:
        return max(0, self.hi - self.lo + 1)

    def value(self, index: int) -> int:
        return self.lo + index

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.lo, self.hi + 1))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return (self.lo, self.hi, self.label) == (other.lo, other.hi, other.label)

    def __hash__(self) -> int:
        return hash((Range, self.lo, self.hi, self.label))

    def __repr__(self) -> str:
        return f"Range(lo={self.lo}, hi={self.hi}, label={self.label!r})"


class OneOf(Domain):
    """One of a finite list of values (cards in a hand, seats, goods), in the order given.

    ``what`` says what the values are, for the refusal ("a card in P1's hand"). A ``secret``
    domain (the cards of a hand) never lists its values in a refusal: a refusal may be read by
    somebody else than the seat it refuses (a bot's refused action, reported to its table or in
    an error), who must not learn the hand from it. Membership is typed: ``1 == 1.0 == True`` in
    Python, but only the int 1 is a card id. A value: never changed once made.

    Example:
        >>> d = OneOf((4, 9, 12), "the card", "a card in the lot")
        >>> 9 in d, 9.0 in d, True in OneOf((1,))
        (True, False, False)
        >>> d.reason(5)
        'the card must be a card in the lot (4, 9 or 12); got 5'
        >>> OneOf((4, 9, 12), "the card", "a card in P1's hand", secret=True).reason(5)
        "the card must be a card in P1's hand; got 5"
    """

    __slots__ = ("_index", "label", "secret", "values", "what")

    def __init__(
        self,
        values: Iterable[Hashable],
        label: str = "the value",
        what: str = "",
        secret: bool = False,
    ) -> None:
        self.values: tuple[Hashable, ...] = tuple(values)
        self.label = label
        self.what = what
        self.secret = secret
        self._index: frozenset[tuple[type, Hashable]] | None = None

    def _members(self) -> frozenset[tuple[type, Hashable]]:
        index = self._index
        if index is None:
            index = self._index = frozenset((type(v), v) for v in self.values)
        return index

    def reason(self, value: object, seats: bool = False) -> str | None:
        """Why ``value`` is not one of the values, or ``None``. ``seats``: the values are seats,
        named as people count them (P1, P2 ...) like the seat given.

        Example:
            >>> OneOf((0, 2), "the buyer", "a buyer of this sale").reason(1, seats=True)
            'the buyer must be a buyer of this sale (P1 or P3); got P2'
        """
        if value in self:
            return None
        got = describe_value(value)
        if seats and type(value) is int and not self.secret:
            among = _or_list([seat_label(v) for v in self.values], quote=False)
            what = f"{self.what} " if self.what else "one of "
            return Reason(f"{self.label} must be {what}({among}); got {seat_label(value)}",
                          "one_of_seats" if self.what else "one_of_seats_any", label=self.label,
                          what=self.what, among_seats=self.values,
                          got_seat=value)  # fmt: skip
        if self.secret:
            return Reason(f"{self.label} must be {self.what or 'one of the values allowed'}; "
                          f"got {got}", "one_of_secret", label=self.label, what=self.what,
                          value=value)  # fmt: skip
        what = f"{self.what} " if self.what else "one of "
        return Reason(f"{self.label} must be {what}({_or_list(self.values)}); got {got}",
                      "one_of", label=self.label, what=self.what, values=self.values,
                      value=value)  # fmt: skip

    def __contains__(self, value: object) -> bool:
        values = self.values
        if type(value) is int and len(values) <= _SCAN:
            # A few values (a hand, a lot, the seats), checked once: a scan in C beats building
            # the typed index. An equal value that is no int (``True == 1``) asks the index.
            if value not in values:
                return False
            if type(values[values.index(value)]) is int:
                return True
        try:
            return (type(value), value) in self._members()
        except TypeError:  # unhashable: never a member
            return False

    def __len__(self) -> int:
        return len(self.values)

    def value(self, index: int) -> Hashable:
        return self.values[index]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OneOf):
            return NotImplemented
        return (self.values, self.label, self.what, self.secret) == (
            other.values,
            other.label,
            other.what,
            other.secret,
        )

    def __hash__(self) -> int:
        return hash((OneOf, self.values, self.label, self.what, self.secret))

    def __repr__(self) -> str:
        return f"OneOf(values={self.values!r}, label={self.label!r}, what={self.what!r})"


def _text(action: object) -> str:
    """An action as a refusal names it: its text (``bid 5``), never its class."""
    try:
        return str(action)
    except Exception:  # a malformed action whose text cannot be written
        return "this action"


def _holds_seat(cls: type[Action], name: str) -> bool:
    """Whether the field ``name`` of ``cls`` holds a seat (its values are worded as seats)."""
    return any(spec.name == name and spec.kind is FieldKind.SEAT for spec in field_specs(cls))


def _or_list(values: Sequence[object], most: int = 12, quote: bool = True) -> str:
    shown = [repr(v) if quote and isinstance(v, str) else str(v) for v in values[:most]]
    if not shown:
        return "nothing is allowed now"
    if len(values) > most:
        return ", ".join(shown) + f", … ({len(values)} in all)"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


#: By action class and declared field names (in the order given): the declared fields in the
#: class's order and the defaults of the others.
_LAYOUTS: dict[tuple[Any, ...], tuple[tuple[str, ...], dict[str, Any]]] = {}


def _layout(cls: type[Action], given: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The declared fields in the class's order and the defaults of the others, cached: menus are
    built at every decision."""
    key = (cls, *given)
    declared = frozenset(given)
    layout = _LAYOUTS.get(key)
    if layout is None:
        fields = dataclasses.fields(cls)
        unknown = sorted(declared - {f.name for f in fields})
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown}")
        fixed: dict[str, Any] = {}
        for f in fields:
            if f.name not in declared:
                if f.default is dataclasses.MISSING:
                    raise TypeError(f"{cls.__name__}.{f.name} needs a domain (it has no default)")
                fixed[f.name] = f.default
        names = tuple(f.name for f in fields if f.name in declared)
        layout = _LAYOUTS[key] = (names, fixed)
    return layout


#: By action class: its field names in order (for :meth:`Option.of`).
_NAMES: dict[type[Action], tuple[str, ...]] = {}
#: The defaults an option that declares every field keeps: none (never changed).
_NO_DEFAULTS: dict[str, Any] = {}


def _lazy_product(domains: Sequence[Domain]) -> Iterator[tuple[Any, ...]]:
    """The combinations of ``domains``'s values in ``itertools.product``'s order, each domain
    walked as it goes (the first value comes at once, however large the domains)."""
    if not domains:
        yield ()
        return
    first, rest = domains[0], domains[1:]
    for value in first:
        for tail in _lazy_product(rest):
            yield (value, *tail)


class Option:
    """One kind of action a seat may take now: an action class and a domain per field.

    A field without a domain must keep its class default (``Play(card)`` with no target).
    ``where`` adds a rule across fields: it gets the candidate action and returns why it is not
    allowed, or ``None``; an option with ``where`` is counted and indexed by scanning (keep such
    options small — up to :data:`SCAN_LIMIT` combinations).

    Example:
        >>> from tradekit.games.turin.actions import List
        >>> opt = Option(List, card=OneOf((3, 7), "the card"), price=Range(1, 5, "the price"))
        >>> len(opt), opt[0], opt[9]
        (10, List(card=3, price=1), List(card=7, price=5))
        >>> opt.reason(List(card=3, price=0))
        'the price must be a whole number from 1 to 5; got 0'
    """

    __slots__ = ("_count", "_fixed", "_one", "cls", "domains", "where")

    def __init__(
        self,
        cls: type[Action],
        *,
        where: Callable[[Any], str | None] | None = None,
        **domains: Domain,
    ) -> None:
        self.cls = cls
        self.where = where
        self._count: int | None = None
        if len(domains) == 1:  # the common case (a bid, a card): no field order to restore
            ((name, domain),) = domains.items()
            layout = _LAYOUTS.get((cls, name))
            if layout is None:
                layout = _layout(cls, (name,))
            self.domains: tuple[tuple[str, Domain], ...] = ((name, domain),)
            self._fixed = fixed = layout[1]
            #: The one domain of an option that declares every field of a one-field class,
            #: indexed without the general walk.
            if fixed or where is not None:
                self._one: Domain | None = None
            else:
                self._one = domain
                self._count = len(domain)
            return
        layout = _LAYOUTS.get((cls, *domains))
        if layout is None:
            layout = _layout(cls, tuple(domains))
        names, self._fixed = layout
        # Domains in the class's field order, so that listing follows the field order.
        self.domains = tuple([(n, domains[n]) for n in names])
        self._one = None

    @classmethod
    def of(cls_, cls: type[Action], *domains: Domain) -> Option:
        """The option declaring every field of ``cls`` by position, in the class's field order
        (a cheaper way to make the options a menu rebuilds at every decision).

        Example:
            >>> from tradekit.games.turin.actions import List
            >>> opt = Option.of(List, OneOf((3, 7), "the card"), Range(1, 5, "the price"))
            >>> len(opt), opt[9]
            (10, List(card=7, price=5))
        """
        names = _NAMES.get(cls)
        if names is None:
            names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
        size = len(domains)
        if len(names) != size:
            raise TypeError(f"{cls.__name__} has {len(names)} fields, got {size} domains")
        option = object.__new__(cls_)
        option.cls = cls
        option.where = None
        option._fixed = _NO_DEFAULTS
        if size == 1:
            (one,) = domains
            option.domains = ((names[0], one),)
            option._one = one
            option._count = len(one)
            return option
        # The lengths were compared above: no second check while zipping.
        option.domains = tuple(zip(names, domains, strict=False))
        if size == 2:  # a card and a price, a seat and a type: counted without a loop
            option._count = len(domains[0]) * len(domains[1])
        else:
            count = 1
            for domain in domains:
                count *= len(domain)
            option._count = count
        option._one = None
        return option

    def _build(self, values: Sequence[Any]) -> Action:
        if not self._fixed:  # every field declared, in the class's order: positional is fastest
            return self.cls(*values)
        kwargs = dict(self._fixed)
        kwargs.update(zip((n for n, _ in self.domains), values, strict=True))
        return self.cls(**kwargs)

    def _all(self) -> Iterator[Action]:
        domains = [d for _, d in self.domains]
        size = 1
        for domain in domains:
            size *= len(domain)
        # itertools.product takes every domain in whole before its first item: a seat holding a
        # billion Scudo would hang the first step of a walk. A large option is walked lazily.
        walk = itertools.product(*domains) if size <= EAGER_LIMIT else _lazy_product(domains)
        for values in walk:
            action = self._build(values)
            if self.where is None or self.where(action) is None:
                yield action

    def __len__(self) -> int:
        count = self._count  # a one-field option counted itself when declared
        if count is None:
            count = 1
            for _, domain in self.domains:
                count *= len(domain)
            if self.where is not None and count:
                if count > SCAN_LIMIT:
                    raise OverflowError(f"{self.cls.__name__}: too many combinations to scan")
                count = sum(1 for _ in self._all())
            self._count = count
        return count

    def __getitem__(self, index: int) -> Action:
        size = self._count
        if size is None:
            size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        one = self._one
        if one is not None:
            return self.cls(one.value(index))  # type: ignore[call-arg]
        return self._at(index)

    def _at(self, index: int) -> Action:
        """The ``index``-th action of an option of several fields or a filter, ``index`` known
        to be in range (a menu has checked it)."""
        if self.where is not None:
            return next(itertools.islice(self._all(), index, None))
        domains = self.domains
        if len(domains) == 2:
            # Two fields (a type and a price, a card and a price): the most common by far, read
            # without the general walk.
            (_, first), (_, second) = domains
            high, low = divmod(index, len(second))
            if not self._fixed:
                return self.cls(first.value(high), second.value(low))  # type: ignore[call-arg]
            return self._build((first.value(high), second.value(low)))
        values = []
        for _, domain in reversed(domains):
            n = len(domain)
            index, digit = divmod(index, n)
            values.append(domain.value(digit))
        return self._build(values[::-1])

    def __iter__(self) -> Iterator[Action]:
        return self._all()

    def progress(self, action: Action) -> tuple[int, str | None]:
        """How many fields of ``action`` this option accepts before the first refusal, and why.

        Returns ``(fields accepted, None)`` when the whole action is allowed.
        """
        if type(action) is not self.cls:
            return -1, Reason(f"“{_text(action)}” is not an action of this kind", "other_kind",
                              action=action)  # fmt: skip
        done = 0
        for name, domain in self.domains:
            value = getattr(action, name)
            why = domain.reason(value)
            if why is not None:
                if isinstance(domain, OneOf) and _holds_seat(self.cls, name):
                    why = domain.reason(value, seats=True)
                return done, why
            done += 1
        for name, default in self._fixed.items():
            value = getattr(action, name)
            if not (type(value) is type(default) and value == default):
                return done, Reason(
                    f"“{_text(action)}” takes no {name} here (it must be {default!r}); "
                    f"got {describe_value(value)}",
                    "fixed", action=action, default=default, value=value,
                )  # fmt: skip
        if self.where is not None:
            why = self.where(action)
            if why is not None:
                return done, why
        return done, None

    def reason(self, action: Action) -> str | None:
        """Why this option does not allow ``action``, or ``None`` if it does."""
        return self.progress(action)[1]

    def accepts(self, action: Action) -> bool:
        """Whether this option allows ``action``, without wording any refusal (a replayed or a
        bot's action is checked against every option of its class; most say no)."""
        if type(action) is not self.cls:
            return False
        for name, domain in self.domains:
            if getattr(action, name) not in domain:
                return False
        for name, default in self._fixed.items():
            value = getattr(action, name)
            if not (type(value) is type(default) and value == default):
                return False
        return self.where is None or self.where(action) is None

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={d!r}" for n, d in self.domains)
        return f"Option({self.cls.__name__}{', ' if fields else ''}{fields})"


class Menu(Sequence[Action]):
    """Everything a seat may do now: options in order, read as one lazy sequence of actions.

    ``Menu(options, step="the bid step")`` names the step in refusals of an action of a kind the
    step does not offer.

    Example:
        >>> from tradekit.games.turin.actions import Bid, Pick
        >>> menu = Menu((Option(Bid, amount=Range(0, 3, "the bid")),), step="the bid step")
        >>> list(menu)
        [Bid(amount=0), Bid(amount=1), Bid(amount=2), Bid(amount=3)]
        >>> menu.reason(Pick(4))
        'in the bid step the choices are “bid 0” to “bid 3”, not “pick card 4”'
    """

    __slots__ = ("_ends", "_handed", "options", "step")

    def __init__(self, options: Iterable[Option], step: str = "this step") -> None:
        self.options: tuple[Option, ...] = options if type(options) is tuple else tuple(options)
        self.step = step
        #: Where each option's actions end in the whole list: made here when every option has
        #: counted itself (nearly every menu, and every menu is read), else on first need.
        self._ends: list[int] | None = None
        ends: list[int] = []
        total = 0
        for option in self.options:
            count = option._count
            if count is None:
                break
            total += count
            ends.append(total)
        else:
            self._ends = ends
        #: The action last read by index: made from the options, so it needs no check.
        self._handed: Action | None = None

    def _options_of(self, cls: type[Action]) -> list[Option]:
        return [o for o in self.options if o.cls is cls]

    def _layout(self) -> list[int]:
        ends = self._ends
        if ends is None:
            ends, total = [], 0
            for option in self.options:
                count = option._count
                total += len(option) if count is None else count
                ends.append(total)
            self._ends = ends
        return ends

    def __len__(self) -> int:
        ends = self._ends or self._layout()
        return ends[-1] if ends else 0

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(len(self)))]
            index = operator.index(index)  # a numpy integer: the action must hold a plain int
        ends = self._ends or self._layout()
        size = ends[-1] if ends else 0
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        # Every decision indexes its menu once; bisect skips the options that list nothing.
        k = bisect.bisect_right(ends, index)
        option = self.options[k]
        one = option._one
        if k:
            index -= ends[k - 1]
        # The one-field option (most of them) is indexed here, without a call to the option.
        cls: Any = option.cls  # a one-field class, when ``one`` is set
        action = cls(one.value(index)) if one is not None else option._at(index)
        self._handed = action
        return action

    def __iter__(self) -> Iterator[Action]:
        for option in self.options:
            yield from option

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self.reason(action) is None

    def __bool__(self) -> bool:
        return any(len(option) for option in self.options)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Menu, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Menu({list(self.options)!r}, step={self.step!r})"

    def kinds(self) -> tuple[type[Action], ...]:
        """The action classes offered, in order, each once."""
        return tuple(dict.fromkeys(o.cls for o in self.options if len(o)))

    def reason(self, action: Action) -> str | None:
        """Why ``action`` is not on the menu (naming the field, what is allowed and what was given),
        or ``None`` if it is."""
        if action is self._handed:  # the action a player just read off this menu
            return None
        cls = type(action)
        # The common case, an action on the menu (a bot's, a replayed one), without listing the
        # options of its class first.
        for option in self.options:
            if option.cls is cls and option.accepts(action):
                return None
        options = self._options_of(cls)
        best: tuple[int, str] | None = None
        for option in options:
            done, why = option.progress(action)
            if why is None:
                return None
            if best is None or done > best[0]:
                best = (done, why)
        if best is not None:
            return best[1]
        return Reason(f"in {self.step} the choices are {self.choices()}, not “{_text(action)}”",
                      "menu", step=self.step, choices=self._offered(), action=action)  # fmt: skip

    def _offered(self) -> tuple[tuple[Action, Action | None], ...]:
        """What :meth:`choices` words, as actions: each option's first and last action (the
        last ``None`` for an option of one), for a refusal in another language."""
        pairs = []
        for option in self.options:
            count = len(option)
            if count:
                pairs.append((option[0], option[count - 1] if count > 1 else None))
        return tuple(pairs)

    def choices(self) -> str:
        """What the menu offers, in words: each option's first action's text (and its last's,
        for an option of several), quoted; ``nothing`` for an empty menu.

        Example:
            >>> from tradekit.games.turin.actions import Bid, TakeLoan
            >>> Menu((Option(Bid, amount=Range(0, 9, "the bid")), Option(TakeLoan))).choices()
            '“bid 0” to “bid 9” or “take a loan”'
        """
        said = []
        for option in self.options:
            count = len(option)
            if not count:
                continue
            first = f"“{_text(option[0])}”"
            said.append(first if count == 1 else f"{first} to “{_text(option[count - 1])}”")
        if not said:
            return "nothing"
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]

    def bounds(self, cls: type[Action], field: str) -> tuple[int, int] | None:
        """The smallest and largest value of a number field over the options of ``cls``, for a
        slider; ``None`` when no option of ``cls`` declares that field as a :class:`Range`."""
        lows, highs = [], []
        for option in self.options:
            if option.cls is not cls:
                continue
            for name, domain in option.domains:
                if name == field and isinstance(domain, Range) and len(domain):
                    lows.append(domain.lo)
                    highs.append(domain.hi)
        if not lows:
            return None
        return min(lows), max(highs)


class Refused(Domain):
    """No value at all, for one reason: the rule that forbids the whole kind of action now."""

    __slots__ = ("label", "why")

    def __init__(self, why: str, label: str = "the value") -> None:
        self.why = why
        self.label = label

    def reason(self, value: object) -> str | None:
        return self.why

    def __len__(self) -> int:
        return 0

    def value(self, index: int) -> Any:
        raise IndexError(index)


# typed: a plain sentence and a Reason of the same words (a str, equal to it) are kept apart, so
# that a refusal with a message key never comes back as one without.
@functools.lru_cache(maxsize=4096, typed=True)
def refuse(cls: type[Action], why: str) -> Option:
    """An option that allows nothing of ``cls`` and refuses it with ``why`` (any fields).

    Menus are built at every decision and the same few refusals recur: they are made once.

    Example:
        >>> from tradekit.games.turin.actions import TakeLoan
        >>> opt = refuse(TakeLoan, "no loan card is left")
        >>> len(opt), opt.reason(TakeLoan())
        (0, 'no loan card is left')
    """
    fields = [f.name for f in dataclasses.fields(cls)]
    if fields:
        domains: dict[str, Domain] = {name: Refused(why) for name in fields}
        return Option(cls, where=None, **domains)
    return Option(cls, where=lambda _action: why)


#: The empty menu: nothing to do now.
NOTHING = Menu(())
