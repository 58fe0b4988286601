"""A class's room on disk: one SQLite file holding the room, its tables, seats and decisions.

Everything a restarted server needs to rebuild every table exactly is here: the game and its
options (and the room's series of games, if it plays several in a row), each table's deal seed
(and scripted set-up, if any) and the game of the series it is at, who sits where (students'
display names and the SHA-256 of their tokens, never the tokens), every decision in order with
the game it belongs to, the students' and the robots' alike, and which students have said they
are ready for the next game. A table's state is never stored: it is dealt again from the
seed and the decisions are applied again (:meth:`tradekit.classroom.rooms.Room.open`).

Each change is one transaction, committed before the request that caused it is answered, so an
acknowledged action is on disk and an unacknowledged one is not there at all.

Example:
    >>> store = Store(":memory:")
    >>> room = store.create_room("ABCDEF", "turin", {"players": 3}, None, "0" * 64)
    >>> table = store.add_table(room, 1, seed=5)
    >>> with store.transaction() as tx:
    ...     tx.add_seat(table, 0, "Ada", "f" * 64)
    ...     tx.add_decision(table, 0, 0, {"type": "Offer", "card": 4}, "", "")
    >>> [d.action for d in store.decisions(table)]
    [{'type': 'Offer', 'card': 4}]
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tradekit.core.errors import TradekitError

#: The layout of the file; a file of another version is refused rather than misread.
SCHEMA_VERSION = 3
#: Older layouts this version reads and brings up to date.
_OLDER = (1, 2)
#: The columns added since the first layout: (table, column, declaration). A file of an older
#: layout gets those it lacks (a table the file lacks is made whole by the schema).
_ADDED = (
    ("seats", "stand_in", "INTEGER NOT NULL DEFAULT 0"),  # layout 2
    ("rooms", "series", "TEXT"),  # layout 3, and the three below
    ("tables", "game", "INTEGER NOT NULL DEFAULT 0"),
    ("decisions", "game", "INTEGER NOT NULL DEFAULT 0"),
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    setup TEXT,
    teacher_hash TEXT NOT NULL,
    created REAL NOT NULL,
    series TEXT
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    room INTEGER NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    started REAL,
    paused INTEGER NOT NULL DEFAULT 0,
    meta INTEGER NOT NULL DEFAULT 0,
    game INTEGER NOT NULL DEFAULT 0,
    UNIQUE (room, number)
);
CREATE TABLE IF NOT EXISTS seats (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    stand_in INTEGER NOT NULL DEFAULT 0,
    joined REAL NOT NULL,
    UNIQUE (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    bot TEXT NOT NULL DEFAULT '',
    why TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL,
    game INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS ended_tables (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id),
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ready (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    game INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, game, seat)
);
"""


class StoreError(TradekitError):
    """The room's file cannot be opened, read or written; the message says which and why."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoomRecord:
    """A room as stored: its id, join code, game, options (JSON-ready), set-up, the hash of
    the teacher's secret and its series of games (``None``: one game a table)."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    setup: dict[str, Any] | None
    teacher_hash: str
    series: dict[str, Any] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as stored: ``number`` counts from 1 in its room; ``started`` is ``None`` while
    it waits for players; ``meta`` counts its changes that are not decisions (joins, start,
    pause, resume, a robot taking a seat); ``game`` is the game of the room's series it is at
    (0: the first)."""

    id: int
    number: int
    seed: int
    started: float | None
    paused: bool
    meta: int
    game: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat someone joined: ``token_hash`` is ``None`` once a robot has taken it over for
    good; ``stand_in`` says a robot plays it for its student, who keeps it (and its hash)."""

    table_id: int
    seat: int
    name: str
    token_hash: str | None
    stand_in: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class DecisionRecord:
    """One decision of a table, in order: ``index`` counts the table's decisions over all its
    games, ``game`` is the game of the series it belongs to; ``bot`` names the robot that made
    it (``""`` for a student) and ``why`` is the robot's explanation."""

    index: int
    seat: int
    action: dict[str, Any]
    bot: str
    why: str
    game: int = 0


class Transaction:
    """The writes of one change, committed together by :meth:`Store.transaction`."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def add_seat(self, table_id: int, seat: int, name: str, token_hash: str | None) -> None:
        """Seat ``name`` at ``seat`` of the table (``token_hash`` ``None``: nobody holds it)."""
        self._db.execute(
            "INSERT INTO seats (table_id, seat, name, token_hash, joined) VALUES (?, ?, ?, ?, ?)",
            (table_id, seat, name, token_hash, time.time()),
        )

    def robot_takes(self, table_id: int, seat: int) -> None:
        """A robot plays the seat from now on: its token stops working."""
        self._db.execute(
            "UPDATE seats SET token_hash = NULL, stand_in = 0 WHERE table_id = ? AND seat = ?",
            (table_id, seat),
        )

    def stand_in(self, table_id: int, seat: int, on: bool) -> None:
        """A robot plays the seat for its student (``on``), or the student has it back."""
        self._db.execute(
            "UPDATE seats SET stand_in = ? WHERE table_id = ? AND seat = ?",
            (int(on), table_id, seat),
        )

    def add_decision(
        self,
        table_id: int,
        index: int,
        seat: int,
        action: dict[str, Any],
        bot: str,
        why: str,
        game: int = 0,
    ) -> None:
        """Record decision ``index`` of the table, made in its game ``game`` (refused if that
        index is already stored)."""
        self._db.execute(
            "INSERT INTO decisions (table_id, idx, seat, action, bot, why, at, game) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, index, seat, json.dumps(action), bot, why, time.time(), game),
        )

    def ready(self, table_id: int, game: int, seat: int) -> None:
        """The seat's student is ready for the game after ``game`` (said once)."""
        self._db.execute(
            "INSERT OR IGNORE INTO ready (table_id, game, seat, at) VALUES (?, ?, ?, ?)",
            (table_id, game, seat, time.time()),
        )

    def end_table(self, table_id: int) -> None:
        """Mark a table ended by the teacher (its game stops where it is)."""
        self._db.execute(
            "INSERT OR IGNORE INTO ended_tables (table_id, at) VALUES (?, ?)",
            (table_id, time.time()),
        )

    def update_table(
        self,
        table_id: int,
        *,
        meta: int | None = None,
        started: bool = False,
        paused: bool | None = None,
        game: int | None = None,
    ) -> None:
        """Change a table's counters and flags (``started``: mark it started now; ``game``:
        the game of the series it moves to)."""
        if meta is not None:
            self._db.execute("UPDATE tables SET meta = ? WHERE id = ?", (meta, table_id))
        if started:
            self._db.execute("UPDATE tables SET started = ? WHERE id = ?", (time.time(), table_id))
        if paused is not None:
            self._db.execute("UPDATE tables SET paused = ? WHERE id = ?", (int(paused), table_id))
        if game is not None:
            self._db.execute("UPDATE tables SET game = ? WHERE id = ?", (game, table_id))


class Store:
    """One SQLite file (or ``":memory:"``) holding one room.

    Args:
        path: the file (created if missing) or ``":memory:"``.

    Raises:
        StoreError: the file cannot be opened or is not a room's file of this version.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        try:
            # One connection shared by the server's worker threads; every use holds _lock.
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: each commit is synced to disk before it returns, so an action a student was
            # told is accepted survives a power cut, not only a crash of the server (NORMAL in
            # WAL mode may lose the last commits then). A class makes a few commits a second at
            # most, and bench/bench_classroom.py measures well under a millisecond a commit.
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION, *_OLDER):
                raise StoreError(
                    f"{self.path} is a room's file of layout {version}; this tradekit reads "
                    f"layouts {min(_OLDER)} to {SCHEMA_VERSION}"
                )
            self._db.executescript(_SCHEMA)
            for table, column, declaration in _ADDED:
                have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the room's file {self.path}: {exc}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the file (the store cannot be used after)."""
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Writes committed together when the block ends, or none of them if it raises.

        Raises:
            StoreError: the file could not be written (nothing was).
        """
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot write to {self.path}: {exc}") from None
            try:
                yield Transaction(self._db)
                self._db.execute("COMMIT")
            except BaseException as exc:
                self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"cannot write to {self.path}: {exc}") from None
                raise

    def _rows(self, sql: str, *args: object) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"cannot read {self.path}: {exc}") from None

    # -- rooms and tables --------------------------------------------------------------------------
    def create_room(
        self,
        code: str,
        game: str,
        options: dict[str, Any],
        setup: dict[str, Any] | None,
        teacher_hash: str,
        series: dict[str, Any] | None = None,
    ) -> int:
        """Store a new room (``series``: its series of games as JSON-ready data, ``None`` for
        one game a table); returns its id."""
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO rooms (code, game, options, setup, teacher_hash, created, series) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    code,
                    game,
                    json.dumps(options),
                    None if setup is None else json.dumps(setup),
                    teacher_hash,
                    time.time(),
                    None if series is None else json.dumps(series),
                ),
            )
            return int(cursor.lastrowid or 0)

    def room(self) -> RoomRecord | None:
        """The room the file holds (the first one made), or ``None`` for a new file."""
        rows = self._rows(
            "SELECT id, code, game, options, setup, teacher_hash, series FROM rooms "
            "ORDER BY id LIMIT 1"
        )
        if not rows:
            return None
        rid, code, game, options, setup, teacher, series = rows[0]
        return RoomRecord(
            rid, code, game, json.loads(options), None if setup is None else json.loads(setup),
            teacher, None if series is None else json.loads(series),
        )  # fmt: skip

    def set_teacher_hash(self, room_id: int, teacher_hash: str) -> None:
        """Replace the hash of the teacher's secret (the old secret stops working)."""
        with self.transaction():
            self._db.execute(
                "UPDATE rooms SET teacher_hash = ? WHERE id = ?", (teacher_hash, room_id)
            )

    def add_table(self, room_id: int, number: int, seed: int) -> int:
        """Store a new, waiting table of the room; returns its id."""
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO tables (room, number, seed) VALUES (?, ?, ?)", (room_id, number, seed)
            )
            return int(cursor.lastrowid or 0)

    def tables(self, room_id: int) -> list[TableRecord]:
        """The room's tables in order."""
        rows = self._rows(
            "SELECT id, number, seed, started, paused, meta, game FROM tables WHERE room = ? "
            "ORDER BY number",
            room_id,
        )
        return [TableRecord(i, n, s, st, bool(p), m, g) for i, n, s, st, p, m, g in rows]

    def ended(self, room_id: int) -> set[int]:
        """The ids of the room's tables the teacher has ended."""
        rows = self._rows(
            "SELECT e.table_id FROM ended_tables e JOIN tables t ON t.id = e.table_id "
            "WHERE t.room = ?",
            room_id,
        )
        return {row[0] for row in rows}

    def seats(self, table_id: int) -> list[SeatRecord]:
        """The seats joined at a table, in seat order."""
        rows = self._rows(
            "SELECT table_id, seat, name, token_hash, stand_in FROM seats WHERE table_id = ? "
            "ORDER BY seat",
            table_id,
        )
        return [SeatRecord(t, s, n, h, bool(i)) for t, s, n, h, i in rows]

    def decisions(self, table_id: int) -> list[DecisionRecord]:
        """Every decision of a table, in order."""
        rows = self._rows(
            "SELECT idx, seat, action, bot, why, game FROM decisions WHERE table_id = ? "
            "ORDER BY idx",
            table_id,
        )
        return [DecisionRecord(i, s, json.loads(a), b, w, g) for i, s, a, b, w, g in rows]

    def ready_seats(self, table_id: int, game: int) -> set[int]:
        """The seats of a table whose students are ready for the game after ``game``."""
        rows = self._rows("SELECT seat FROM ready WHERE table_id = ? AND game = ?", table_id, game)
        return {row[0] for row in rows}
