"""The event log and the money ledger.

Every action, chance result (deal, coin flip, draw) and reveal is an :class:`Event`. Every coin that
moves is a :class:`Transfer` in the :class:`Ledger`, with who paid, who received, and why, so a
lesson can show the reason for each coin and a test can check that money is conserved.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from tradekit.core.actions import PLAIN, Action
from tradekit.core.seats import seat_label

#: A party to a transfer: a seat number, or a named pool such as ``"bank"``.
Party = int | str

BANK = "bank"


class _NoData(dict[str, Any]):
    """The data of an event that carries none: one empty dict that refuses changes, shared by
    every such event (a default of a named tuple is one object)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("an event's data cannot be changed")

    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = _refuse


_NO_DATA: Mapping[str, Any] = _NoData()


class Event(NamedTuple):
    """One entry of a game's log.

    Attributes:
        kind: ``"action"`` (a player's decision), ``"chance"`` (a random result), ``"reveal"``
            (sealed choices turned face up) or ``"info"`` (a consequence of the rules, such as a
            payment or a discarded card).
        round: the round it happened in (1-based; 0 before the first round).
        phase: the phase it happened in.
        player: the seat it concerns, if one.
        action: the action, for ``"action"`` events.
        data: JSON-ready details (the chance result, the revealed bids, ...).
        visible_to: the seats that may see this event; ``None`` means everyone.
        text: a one-line English narration (none for a :data:`TOLD` event, whose words are
            the message catalogue's).

    A named tuple rather than a frozen dataclass: as immutable, and made in one call (a game
    logs two or three events per decision, and the dataclass's ``__init__`` sets each field
    through ``object.__setattr__``). Compare events with events: like any tuple, an event also
    equals a plain tuple of the same values.
    """

    kind: str
    round: int
    phase: str
    player: int | None = None
    action: Action | None = None
    data: Mapping[str, Any] = _NO_DATA
    visible_to: tuple[int, ...] | None = None
    text: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        return self  # events are never changed once logged; copies of a state share them

    def visible(self, viewer: int | str | None) -> bool:
        """Whether ``viewer`` (a seat, ``None`` for the public, ``"all"``) may see this event."""
        if self.visible_to is None or viewer == "all":
            return True
        return isinstance(viewer, int) and viewer in self.visible_to

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        out: dict[str, Any] = {"kind": self.kind, "round": self.round, "phase": self.phase}
        if self.player is not None:
            out["player"] = self.player
        if self.action is not None:
            out["action"] = self.action.to_json()
        if self.data:
            # _jsonable copies every dict it meets: the data needs no copy of its own first.
            out["data"] = _jsonable(self.data if type(self.data) is dict else dict(self.data))
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        if self.text:
            out["text"] = self.text
        return out


if Event._fields != (
    "kind",
    "round",
    "phase",
    "player",
    "action",
    "data",
    "visible_to",
    "text",
):  # pragma: no cover
    raise AssertionError("State._event makes an event from every field of Event, in order")


def _jsonable(value: Any) -> Any:
    """``value`` as JSON-ready data: keys made texts and tuples lists, in new dicts and lists
    (a caller may change what it gets without changing the log).

    Most logged dicts hold plain values under text keys, and most logged lists plain values: a
    loop that only looks at the types, then one ``copy()``, costs less than a comprehension
    that builds the copy item by item (measured with callgrind).
    """
    kind = type(value)
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str or type(v) not in PLAIN:
                return {
                    k if type(k) is str else str(k): v if type(v) in PLAIN else _jsonable(v)
                    for k, v in value.items()
                }
        return value.copy()
    if kind is list:
        for v in value:
            if type(v) not in PLAIN:
                return [v if type(v) in PLAIN else _jsonable(v) for v in value]
        return value.copy()
    if kind in PLAIN:
        return value
    if isinstance(value, dict):
        return {
            k if type(k) is str else str(k): v if type(v) in PLAIN else _jsonable(v)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [v if type(v) in PLAIN else _jsonable(v) for v in value]
    return value


#: The ``what`` of an event that tells a passage of the game in the message catalogue's words (a
#: round in short, an auction's story): see :func:`told`.
TOLD = "told"


def told(
    say: str, parts: Sequence[tuple[str, Mapping[str, Any]]] = (), **fields: Any
) -> dict[str, Any]:
    """The data of a :data:`TOLD` event: the message ``say`` formatted with ``fields`` and with
    ``parts``, each a ``(message key, fields)`` pair, joined into its ``{parts}`` field.

    Every language words it from the same facts (:func:`tradekit.i18n.tell`, which the
    renderer's narration calls): a field named ``seat``, or ending in ``_seat``, holds a seat
    number and is written as that seat's name; the others are numbers. The engine keeps to
    numbers and keys (a told event has no English ``text`` of its own), so a told event is as
    safe to save as any other.

    Example:
        >>> data = told("demo.sum", [("demo.bid", {"seat": 0, "n": 3})], round=1)
        >>> data["what"], data["say"], data["parts"], data["fields"]
        ('told', 'demo.sum', [{'say': 'demo.bid', 'fields': {'seat': 0, 'n': 3}}], {'round': 1})
    """
    return {
        "what": TOLD,
        "say": say,
        "parts": [{"say": key, "fields": dict(part)} for key, part in parts],
        "fields": dict(fields),
    }


#: Why money moves, as a game-over ledger groups it: bids and auctions, purchases and sales
#: (taxes included), loans and repayments, majorities and other payouts, and anything else.
PaymentKind = Literal["auction", "trade", "loan", "payout", "other"]
#: Every kind of payment, in the order a ledger line lists them.
PAYMENT_KINDS: tuple[PaymentKind, ...] = ("auction", "trade", "loan", "payout", "other")


class Transfer(NamedTuple):
    """Coins moving from one party to another.

    Attributes:
        amount: coins moved (always > 0).
        payer: the seat or pool paying (``"bank"`` for the unlimited bank).
        payee: the seat or pool receiving.
        reason: why, in words a student can read ("majority of grapes, tied with P2, (6+1)/2
            rounded up = 4").
        round: the round of the game.
        phase: the phase of the game (``"scoring"`` for final payouts).
        kind: why the money moved, one of :data:`PAYMENT_KINDS`, as the rules that moved it
            say (the ledger's lines sum each seat's money by it).

    A named tuple rather than a frozen dataclass, as :class:`Event` is: as immutable, and made
    several times a round in one call (the dataclass's ``__init__`` sets each field through
    ``object.__setattr__``).
    """

    amount: int
    payer: Party
    payee: Party
    reason: str
    round: int = 0
    phase: str = ""
    kind: PaymentKind = "other"

    def __deepcopy__(self, memo: dict[int, Any]) -> Transfer:
        return self  # of ints and strs: copies of a ledger share their transfers

    def __str__(self) -> str:
        def name(party: Party) -> str:
            return seat_label(party) if isinstance(party, int) else str(party)

        return f"{name(self.payer)} -> {name(self.payee)}: {self.amount} ({self.reason})"


class Ledger:
    """Every transfer of a game, in order.

    Example:
        >>> ledger = Ledger()
        >>> ledger.record(Transfer(4, 2, BANK, "winning bid"))
        >>> ledger.net(2), ledger.net(BANK)
        (-4, 4)
    """

    def __init__(self) -> None:
        self._entries: list[Transfer] = []
        # Running totals, so net() is O(1): the conformance test asks for it after every step.
        self._net: dict[Party, int] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Ledger:
        # Transfers are never changed once recorded: a copy needs its own lists, not new
        # transfers (a state is deep-copied for every resampling of hidden information).
        other = Ledger()
        memo[id(self)] = other
        other._entries = list(self._entries)
        other._net = dict(self._net)
        return other

    def record(self, transfer: Transfer) -> None:
        """Add a transfer; its amount must be positive."""
        if transfer.amount <= 0:
            raise ValueError(f"a transfer moves a positive amount, got {transfer.amount}")
        self._entries.append(transfer)
        self._net[transfer.payee] = self._net.get(transfer.payee, 0) + transfer.amount
        self._net[transfer.payer] = self._net.get(transfer.payer, 0) - transfer.amount

    def __iter__(self) -> Iterator[Transfer]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index: int) -> Transfer:
        return self._entries[index]

    def net(self, party: Party) -> int:
        """Coins received minus coins paid by ``party`` over the whole ledger."""
        return self._net.get(party, 0)

    def entries(self, party: Party | None = None, phase: str | None = None) -> list[Transfer]:
        """The transfers involving ``party`` (any if None) in ``phase`` (any if None)."""
        return [
            t
            for t in self._entries
            if (party is None or party in (t.payer, t.payee))
            and (phase is None or t.phase == phase)
        ]

    def to_json(self) -> list[dict[str, Any]]:
        """The ledger as JSON-ready dicts."""
        return [t._asdict() for t in self._entries]
