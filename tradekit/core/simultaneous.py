"""The simultaneous sealed step every game shares: one hidden choice per seat, revealed together.

A game opens a :class:`SealedStep` for the seats that must choose (Turin's offers, bids and
tie-break additions; Négoces' sealed offers; Rungis' price sheets), feeds it each seat's action
with :meth:`SealedStep.choose`, and resolves the step when the last choice arrives. Choosing logs
two events in one format for every game:

* an ``"action"`` event with the choice, seen only by the seat that made it;
* an ``"info"`` event "P<seat> has chosen" (``data``: ``what="chosen"``, ``seat``), seen by all.

Example:
    >>> from tradekit.games.turin.actions import Bid
    >>> step = SealedStep((0, 1, 2))
    >>> step.waiting
    (0, 1, 2)
    >>> events = []
    >>> step.choose(1, Bid(3), lambda *args, **kw: events.append((args, kw)))
    False
    >>> step.waiting, step.has_chosen(1), len(events)
    ((0, 2), True, 2)
    >>> events[0][1]["visible_to"], events[1][1]["data"]
    ((1,), {'what': 'chosen', 'seat': 1})
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from tradekit.core.actions import Action
from tradekit.core.seats import seat_label


class _Logger(Protocol):
    def __call__(
        self,
        kind: str,
        text: str = "",
        *,
        player: int | None = None,
        action: Action | None = None,
        data: dict[str, Any] | None = None,
        visible_to: tuple[int, ...] | None = None,
        fresh: bool = False,
    ) -> None: ...


class SealedStep:
    """One seat's hidden choice each, for the seats given, resolved when the last one arrives.

    Args:
        seats: who must choose, in the order :attr:`waiting` lists them.
    """

    __slots__ = ("chosen", "seats")

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats: tuple[int, ...] = tuple(seats)
        self.chosen: dict[int, Action] = {}

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats that have not chosen yet."""
        chosen = self.chosen
        if not chosen:
            return self.seats
        return tuple([p for p in self.seats if p not in chosen])

    @property
    def complete(self) -> bool:
        """Whether every seat has chosen."""
        return len(self.chosen) == len(self.seats)

    def has_chosen(self, seat: int) -> bool:
        """Whether ``seat`` has sealed its choice."""
        return seat in self.chosen

    def choice(self, seat: int) -> Action | None:
        """``seat``'s sealed choice, or ``None`` (only for the seat itself and the teacher)."""
        return self.chosen.get(seat)

    def choose(self, seat: int, action: Action, log: _Logger) -> bool:
        """Seal ``seat``'s ``action`` and log it (see the module docstring); returns whether the
        step is now complete. The game has already checked that the action is legal."""
        self.chosen[seat] = action
        log(
            "action",
            f"{seat_label(seat)}: {action}",
            player=seat,
            action=action,
            visible_to=(seat,),
        )
        log(
            "info",
            f"{seat_label(seat)} has chosen",
            player=seat,
            data={"what": "chosen", "seat": seat},
            fresh=True,  # made here, of plain values: logged without a copy
        )
        return self.complete

    def reveal(self) -> dict[int, Action]:
        """Every choice by seat (in seat order), emptying the step for the next use."""
        out = dict(sorted(self.chosen.items()))
        self.chosen = {}
        return out
