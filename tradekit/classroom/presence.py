"""Whether each student is at their seat: a live event stream from their device, or not.

A student's page keeps an event stream (``GET /api/events``) open while it is shown, and its
browser opens it again within seconds when the network drops. So a seat with no stream open for
:data:`AWAY_AFTER` seconds has a student who has left (closed the tab, lost the network, let the
phone sleep). :class:`Presence` counts the open streams per seat and when the last one closed;
the teacher's status reads it (``present`` or ``away``) and, with a grace period, a robot
stands in for a student away that long (:meth:`tradekit.classroom.rooms.Room.tick`).

Example:
    >>> p = Presence(away_after=20)
    >>> p.joined(1, 0, now=100.0)
    >>> p.away(1, 0, now=110.0), p.away(1, 0, now=125.0), p.away_for(1, 0, now=125.0)
    (False, True, 25.0)
    >>> p.opened(1, 0); p.away_for(1, 0, now=500.0)
    0.0
"""

from __future__ import annotations

import threading
import time

#: Seconds without a live event stream after which a student counts as away: longer than a
#: page reload or the browser's reconnection after a network blip (2 s), shorter than a
#: teacher would wait before wondering where the student went.
AWAY_AFTER = 20.0


class Presence:
    """Open event streams per seat, and when each seat's last stream closed.

    Its own small lock (never a table's), so the event loop that opens and closes streams never
    waits for a robot thinking at a table.

    Args:
        away_after: seconds without a stream after which a student is away.
    """

    def __init__(self, away_after: float = AWAY_AFTER) -> None:
        self.away_after = away_after
        self._lock = threading.Lock()
        self._open: dict[tuple[int, int], int] = {}
        self._since: dict[tuple[int, int], float] = {}
        # A seat nobody has reported yet (a server started again on its file) counts from now.
        self._start = time.monotonic()

    def joined(self, table: int, seat: int, now: float | None = None) -> None:
        """A student just sat down (or the server just started): count them here from ``now``."""
        with self._lock:
            self._since[table, seat] = time.monotonic() if now is None else now

    def opened(self, table: int, seat: int) -> None:
        """A stream of the seat opened."""
        with self._lock:
            self._open[table, seat] = self._open.get((table, seat), 0) + 1

    def closed(self, table: int, seat: int) -> None:
        """A stream of the seat closed (the page left, or the network dropped)."""
        with self._lock:
            left = self._open.get((table, seat), 1) - 1
            if left > 0:
                self._open[table, seat] = left
            else:
                self._open.pop((table, seat), None)
                self._since[table, seat] = time.monotonic()

    def away_for(self, table: int, seat: int, now: float | None = None) -> float:
        """Seconds since the seat last had a stream (0 while one is open)."""
        with self._lock:
            if self._open.get((table, seat)):
                return 0.0
            since = self._since.get((table, seat), self._start)
        return max(0.0, (time.monotonic() if now is None else now) - since)

    def away(self, table: int, seat: int, now: float | None = None) -> bool:
        """Whether the seat's student is away: no stream for :attr:`away_after` seconds."""
        return self.away_for(table, seat, now) >= self.away_after
