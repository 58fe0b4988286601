"""A class's room: students seated at tables by join order, robots in the empty seats.

A teacher opens a :class:`Room` for one game and its options. Students join with the room's code
and a display name and are seated in join order at tables of the game's size: a table starts as
soon as it is full, or when the teacher starts it, and the game's robot (the seat policy that
:class:`~tradekit.session.TableSession` gives a seat nobody holds, the game's ``heuristic`` bot)
takes every empty seat. A student who joins after that goes to a new table.

Each started table is a :class:`~tradekit.session.TableSession` whose humans are its students'
seats: the session plays the robots whenever they are to move (at the start and after each
student's action), and knows what each seat may read of the robots' reasons. Every change is
committed to the room's file (:mod:`tradekit.classroom.store`) before the call that made it
returns, and :meth:`Room.open` on the same file rebuilds every table exactly: it deals each again
from its seed and applies its stored decisions.

A student who leaves keeps their seat: the teacher may let a robot stand in for them
(:meth:`Room.stand_in`, or by itself after :attr:`Room.grace` seconds away), and the seat's own
token takes it back (:meth:`Table.give_back`); :meth:`Room.robot` gives a seat to a robot for
good.

A table is guarded by a lock, so two requests for one table never interleave; the server runs
these calls in worker threads, and a notebook may call them from its own.

Example:
    >>> room = Room.open("turin", players=3, seed=1)
    >>> ada = room.join(room.code, "Ada")
    >>> (ada.table, ada.seat), room.tables[1].started
    ((1, 0), False)
    >>> room.start(1)                       # two robots take the empty seats
    >>> table, seat = room.seat_for(ada.token)
    >>> state = table.session.state
    >>> state.phase, state.to_move         # the robots have sealed their offers
    ('offer', (0,))
    >>> table.act(seat, state.legal_actions(0)[0].to_json())
    >>> state.phase
    'bid'
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import threading
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from tradekit.classroom import tokens
from tradekit.classroom.presence import Presence
from tradekit.classroom.series import Series
from tradekit.classroom.store import Store, StoreError, TableRecord, Transaction
from tradekit.core.actions import action_from_json
from tradekit.core.errors import IllegalActionError, TradekitError
from tradekit.core.registry import load_game
from tradekit.core.state import SAVE_FORMAT, SAVE_VERSION, Game, State, fresh_seed, replay
from tradekit.i18n import check_lang, load_messages, seat_label, t
from tradekit.render import NarratedLog
from tradekit.session.table import TableSession

if TYPE_CHECKING:
    import pandas as pd

    from tradekit.theory import Distance

load_messages("tradekit.classroom")

#: The longest display name a student may give.
MAX_NAME = 40
#: The most tables a room holds (a join past them is refused).
MAX_TABLES = 200


#: The kind of refusal of each HTTP status, as the pages word it in languages other than English
#: (``classroom.problem_<kind>`` in the catalogue); any other status is ``"failed"``.
PROBLEM_KINDS: dict[int, str] = {
    401: "signed_out",
    403: "signed_out",
    404: "not_found",
    409: "not_now",
    422: "not_allowed",
    429: "too_fast",
}


class ClassroomError(TradekitError):
    """A request a room refuses, in words; ``status`` is the HTTP status a server answers with.

    The message is in English (the API's and the log's words). One made by :meth:`said` also
    keeps its catalogue ``key`` and ``fields``, so that :meth:`words` can say it in any language;
    for the others, another language gets the text of the refusal's kind (its status).

    Example:
        >>> exc = Refused.said("classroom.paused", table=2)
        >>> str(exc)
        'the teacher has paused table 2: wait until it resumes'
        >>> exc.words("fr")
        "l'enseignant a mis la table 2 en pause : attendez la reprise"
        >>> Refused("table 2 is not paused").words("fr").startswith("Pas maintenant")
        True
    """

    status = 400
    #: The catalogue key of the message (empty when the message has none) and its fields.
    key: str = ""
    fields: Mapping[str, Any] = {}

    @classmethod
    def said(cls, key: str, /, **fields: Any) -> Self:
        """The refusal worded by the catalogue's ``key`` with ``fields`` (English message)."""
        exc = cls(t(key, "en", **fields))
        exc.key, exc.fields = key, fields
        return exc

    def words(self, lang: str = "en") -> str:
        """The refusal in ``lang``: its own message when it has a key or in English, else the
        text of its kind (:data:`PROBLEM_KINDS`)."""
        lang = check_lang(lang)
        if self.key:
            return t(self.key, lang, **self.fields)
        if lang == "en":
            return str(self)
        return t(f"classroom.problem_{PROBLEM_KINDS.get(self.status, 'failed')}", lang)


class NotFound(ClassroomError):
    """No such room code, table or seat."""

    status = 404


class Forbidden(ClassroomError):
    """A token or secret that does not give the right asked for."""

    status = 403


class Refused(ClassroomError):
    """Not now: the table is paused, not started, over, or changed since the student looked."""

    status = 409


class BadAction(ClassroomError):
    """An action the engine refuses: not an action of this game, malformed or against the
    rules (the engine's reason is the message)."""

    status = 422


@dataclasses.dataclass(frozen=True, slots=True)
class Joined:
    """A student's place: the token their device keeps, the table number and the seat."""

    token: str
    table: int
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    """A seat someone joined: ``token_hash`` is ``None`` once a robot has taken it over for
    good; with ``stand_in`` a robot plays it for its student, who keeps the seat: their token
    still names it, and takes it back (:meth:`Table.give_back`)."""

    number: int
    name: str
    token_hash: str | None
    stand_in: bool = False

    @property
    def robot(self) -> bool:
        """Whether a robot plays the seat now (for good, or standing in)."""
        return self.token_hash is None or self.stand_in


def clean_name(name: object) -> str:
    """A display name as shown: spaces collapsed, 1 to :data:`MAX_NAME` printable characters.

    Raises:
        ClassroomError: naming what is wrong with it.

    Example:
        >>> clean_name("  Ada   Lovelace ")
        'Ada Lovelace'
        >>> clean_name("")
        Traceback (most recent call last):
        ...
        tradekit.classroom.rooms.ClassroomError: give a name of 1 to 40 letters to join
    """
    if not isinstance(name, str):
        raise ClassroomError(f"a name is text, got {type(name).__name__}")
    text = " ".join(name.split())
    if not 1 <= len(text) <= MAX_NAME:
        raise ClassroomError(f"give a name of 1 to {MAX_NAME} letters to join")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ClassroomError("a name may not hold control or invisible characters")
    return text


@dataclasses.dataclass(frozen=True, slots=True)
class Finished:
    """An earlier game of a table's series: its final state and the robots' reasons, by the
    decision's index in that game (``(seat, bot, why)``)."""

    state: State[Any]
    explanations: Mapping[int, Any]


#: One write of a change, run in its transaction.
Write = Callable[[Transaction], None]


@contextmanager
def changing(tables: Sequence[Table], meta: int = 1) -> Iterator[list[Write]]:
    """One change of one or more tables of a room, in one transaction: the block changes
    memory and lists its writes; then the writes and every new decision are committed together
    (a table whose game ended and whose students are all ready moves on to its next game in the
    same change). If anything fails, every table is put back as it was and nothing is written.

    Args:
        tables: the tables the block changes (their locks are taken in table order).
        meta: added to each table's count of changes that are not decisions.
    """
    ordered = sorted(set(tables), key=lambda tb: tb.number)
    with contextlib.ExitStack() as locks:
        for table in ordered:
            locks.enter_context(table.lock)
        saved = [table._snapshot() for table in ordered]
        writes: list[Write] = []
        try:
            yield writes
            for table in ordered:
                table._settle(writes)
            with ordered[0].room.store.transaction() as tx:
                for write in writes:
                    write(tx)
                for table in ordered:
                    table._write(tx, meta)
            for table in ordered:
                table.meta += meta
                table._pending = []
        except BaseException:
            for table, snapshot in zip(ordered, saved, strict=True):
                table._restore(snapshot)
            raise
        for table in ordered:
            table._changed()


class Table:
    """One table of a room: its seats, and once started the game in a :class:`TableSession`.

    In a room that plays several games in a row (:mod:`tradekit.classroom.series`),
    :attr:`session` holds the game in play, :attr:`played` the earlier ones, and
    :attr:`game_index` says which game of the series is in play.

    Read :attr:`session` and the other attributes under :attr:`lock` while a server runs.
    """

    def __init__(self, room: Room, record: TableRecord, seats: list[Seat]) -> None:
        self.room = room
        self.id = record.id
        self.number = record.number
        self.seed = record.seed
        self.seats = seats
        self.paused = record.paused
        self.meta = record.meta
        #: Whether the teacher has ended the table: its game stops where it is (it is also
        #: held paused, so that no robot plays on).
        self.ended = False
        self.session: TableSession | None = None
        #: The game of the room's series in play (0: the first).
        self.game_index = record.game
        #: The earlier games of the series, finished.
        self.played: list[Finished] = []
        #: The seats whose students are ready for the next game (the current one is over).
        self.ready: set[int] = set()
        #: Decisions of the current game already in the room's file.
        self.recorded = 0
        #: Decisions of the earlier games (the file numbers a table's decisions on from them).
        self.offset = 0
        #: Log lines each seat saw in the earlier games (so that its version only grows).
        self.seen: dict[int, int] = {}
        #: Decisions to write with the next commit: (index, game, seat, action, bot, why).
        self._pending: list[tuple[int, int, int, dict[str, Any], str, str]] = []
        self.lock = threading.RLock()
        #: Each seat's version: it grows whenever what the seat may see changes.
        self.versions: dict[int, int] = {}
        #: Replies built for the current versions, by whatever key the caller uses.
        self.cache: dict[Any, Any] = {}
        #: The log's lines, narrated once per language and names for every seat's reply.
        self.narrated = NarratedLog()

    @property
    def size(self) -> int:
        """Seats at the table (the game's number of players)."""
        return self.room.size

    @property
    def game(self) -> Game[Any]:
        """The options of the game in play (or to be dealt)."""
        return self.room.series.games[self.game_index]

    @property
    def started(self) -> bool:
        """Whether the game is dealt."""
        return self.session is not None

    @property
    def state(self) -> State[Any] | None:
        """The game in play (``None`` until the table starts)."""
        return None if self.session is None else self.session.state

    @property
    def game_over(self) -> bool:
        """Whether the game in play has ended (there may be another to come)."""
        return self.session is not None and self.session.state.is_over

    @property
    def last_game(self) -> bool:
        """Whether the game in play is the last of the room's series."""
        return self.game_index + 1 >= self.room.series.count

    @property
    def over(self) -> bool:
        """Whether the table has played every game of the room's series to its end."""
        return self.game_over and self.last_game

    @property
    def between(self) -> bool:
        """Whether a game has ended and the next is still to come (the table waits for its
        students to be ready, or for the teacher)."""
        return self.game_over and not self.last_game and not self.ended

    def finished_games(self) -> list[tuple[int, State[Any]]]:
        """Each finished game of the table: ``(game index, final state)``, in order."""
        done = [(k, f.state) for k, f in enumerate(self.played)]
        if self.game_over and self.state is not None:
            done.append((self.game_index, self.state))
        return done

    def totals(self) -> list[int]:
        """Each seat's scores summed over the table's finished games."""
        totals = [0] * self.size
        for _, state in self.finished_games():
            totals = [t + s for t, s in zip(totals, state.scores(), strict=True)]
        return totals

    @property
    def full(self) -> bool:
        """Whether every seat has been joined (by a student, or a robot in their place)."""
        return len(self.seats) >= self.size

    def students(self) -> tuple[int, ...]:
        """The seats students play now."""
        return tuple(s.number for s in self.seats if not s.robot)

    def names(self, lang: str = "en", me: int | None = None) -> tuple[str, ...]:
        """A display name per seat: students' own names, ``Robot P2`` for an empty second seat, and
        ``Ada (robot)`` for a seat a robot took over; ``me`` is marked as the viewer's."""
        out = []
        for number in range(self.size):
            if number < len(self.seats):
                seat = self.seats[number]
                key = "classroom.stand_in_for" if seat.stand_in else "classroom.robot_for"
                name = t(key, lang, name=seat.name) if seat.robot else seat.name
            else:
                name = t("classroom.robot_seat", lang, seat=seat_label(number, lang))
            if number == me:
                name += f" ({t('you', lang)})"
            out.append(name)
        return tuple(out)

    def version(self, seat: int | None) -> int:
        """A seat's version (``None``: the teacher's, which counts every decision)."""
        if seat is None:
            return self.meta + self.offset + self.recorded
        return self.versions.get(seat, self.meta)

    # -- changes -----------------------------------------------------------------------------------
    def _change(self, meta: int = 1) -> contextlib.AbstractContextManager[list[Write]]:
        """One change of this table (see :func:`changing`)."""
        return changing([self], meta)

    def _snapshot(self) -> tuple[Any, ...]:
        session = self.session
        explanations = dict(session.explanations) if session is not None else {}
        return (
            list(self.seats), self.paused, self.meta, session, explanations, self.game_index,
            list(self.played), set(self.ready), self.recorded, self.offset, dict(self.seen),
            list(self._pending),
        )  # fmt: skip

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (
            self.seats, self.paused, self.meta, session, explanations, self.game_index,
            self.played, self.ready, self.recorded, self.offset, self.seen, self._pending,
        ) = saved  # fmt: skip
        self.session = session
        if session is not None and len(session.state.decisions) != self.recorded:
            session.state = session.state.branch(self.recorded)
            session.explanations = explanations

    def _stash(self) -> None:
        """The game in play's new decisions, with the robots' reasons, go to the next commit."""
        session = self.session
        if session is None:
            return
        decisions = session.state.decisions
        for index in range(self.recorded, len(decisions)):
            seat, action = decisions[index]
            _, bot, why = session.explanations.get(index, (seat, "", ""))
            row = (self.offset + index, self.game_index, seat, action.to_json(), bot, why)
            self._pending.append(row)
        self.recorded = len(decisions)

    def _write(self, tx: Transaction, meta: int) -> None:
        self._stash()
        for index, game, seat, action, bot, why in self._pending:
            tx.add_decision(self.id, index, seat, action, bot, why, game)
        if meta:
            tx.update_table(self.id, meta=self.meta + meta)

    def _changed(self) -> None:
        state = self.state
        self.versions = {
            seat: self.meta
            + self.seen.get(seat, 0)
            + (len(state.visible_log(seat)) if state is not None else 0)
            for seat in range(self.size)
        }
        self.cache.clear()
        self.room.changed(self)

    def _make_session(
        self, state: State[Any], explanations: Mapping[int, Any] | None = None
    ) -> None:
        """Seat the game in a new session: students at their seats, robots elsewhere. While the
        table is paused every seat counts as held, so that no robot plays."""
        humans = range(self.size) if self.paused else self.students()
        # Robots seeded by the table's seed and where each decision is made: the same class
        # gives the same robot moves, whether or not its server was started again midway.
        session = TableSession(
            state,
            humans=humans,
            mode="student",
            hotseat=False,
            names=self.names(),
            robot_seed=self.seed,
        )
        # The earlier reasons, and those of the robots the new session has just let play.
        session.explanations = {**(explanations or {}), **session.explanations}
        if not self.paused:
            session.play_bots()  # the session plays on by itself only where a human sits
        self.session = session

    def _new_game(self, k: int) -> tuple[int, dict[str, Any] | None]:
        """Game ``k``'s deal seed and set-up (after the earlier games in :attr:`played`)."""
        series = self.room.series
        previous = self.played[k - 1].state if k else None
        return series.seed(self.seed, k), series.setup(self.room.setup, k, previous)

    def _deal(self) -> None:
        seed, setup = self._new_game(self.game_index)
        self._make_session(self.game.new_state(seed=seed, setup=setup))

    def _settle(self, writes: list[Write]) -> None:
        """Move on to the next game while the one in play is over and every student at the
        table is ready (a table of robots only moves on at once)."""
        while self.between and not self.paused and set(self.students()) <= self.ready:
            self._next_game(writes)

    def _next_game(self, writes: list[Write]) -> None:
        """Deal the next game of the series: the same seats, the game over kept in
        :attr:`played`."""
        session = self.session
        assert session is not None and session.state.is_over
        self._stash()
        state = session.state
        self.played.append(Finished(state, dict(session.explanations)))
        for seat in range(self.size):
            self.seen[seat] = self.seen.get(seat, 0) + len(state.visible_log(seat))
        self.offset += len(state.decisions)
        self.recorded = 0
        self.game_index += 1
        self.ready = set()
        game = self.game_index
        writes.append(lambda tx: tx.update_table(self.id, game=game))
        self._deal()

    def _replay(self, records: list[Any]) -> None:
        """Deal the table's games again and apply their stored decisions (the robots' reasons
        too): the earlier games of the series to their end, then the one in play."""
        for k in range(self.game_index + 1):
            mine = [d for d in records if d.game == k]
            state = self._rebuilt(k, mine)
            why = {d.index - self.offset: (d.seat, d.bot, d.why) for d in mine if d.bot}
            if k < self.game_index:
                if not state.is_over:
                    raise StoreError(
                        f"table {self.number} cannot be rebuilt from the file: its game {k + 1} "
                        "did not end, yet the file has it at a later game"
                    )
                self.played.append(Finished(state, why))
                for seat in range(self.size):
                    self.seen[seat] = self.seen.get(seat, 0) + len(state.visible_log(seat))
                self.offset += len(mine)
                continue
            self.recorded = len(mine)
            self.ready = self.room.store.ready_seats(self.id, k)
            with self._change(meta=0):
                self._make_session(state, why)

    def _rebuilt(self, k: int, records: list[Any]) -> State[Any]:
        """Game ``k`` dealt again with its stored decisions applied."""
        seed, setup = self._new_game(k)
        doc = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "holds": "everything",
            "game": self.room.game.name,
            "options": self.room.series.games[k].options(),
            "seed": seed,
            "setup": setup,
            "decisions": [[d.seat, d.action] for d in records],
            "log": [],
        }
        try:
            # "current": the file keeps the decisions, not the log to compare them with.
            return replay(doc, tables="current")
        except TradekitError as exc:
            raise StoreError(
                f"table {self.number} cannot be rebuilt from the file: {exc}"
            ) from None

    def _start(self) -> Write:
        self._deal()
        return lambda tx: tx.update_table(self.id, started=True)

    def act(self, seat: int, action: object, version: object = None) -> None:
        """Play ``action`` (an action's JSON, as :meth:`Action.to_json` writes it) for a
        student's ``seat``; the robots then play on, and all of it is committed.

        Args:
            seat: the student's seat.
            action: the action's JSON object.
            version: if given, the seat's version the student saw; the action is refused if the
                table has changed since.

        Raises:
            Refused: the table is not started, paused, over, or changed since ``version``.
            BadAction: the engine's reason: not an action of this game, malformed, not allowed.
        """
        if version is not None and (type(version) is not int):
            raise ClassroomError(f"version must be a whole number, got {version!r:.40}")
        with self._change(meta=0):
            session = self.session
            if session is None:
                raise Refused.said("classroom.not_started", table=self.number)
            if self.ended:
                raise Refused.said("classroom.ended", table=self.number)
            if self.paused:
                raise Refused.said("classroom.paused", table=self.number)
            if self.between:
                raise Refused.said("classroom.between", game=self.game_index + 1)
            if session.state.is_over:
                raise Refused.said("game_is_over")
            if seat < len(self.seats) and self.seats[seat].stand_in:
                raise Refused.said("classroom.stand_in_refused")
            if seat not in self.students():
                raise Forbidden(f"seat {seat} of table {self.number} is played by a robot")
            if version is not None and version != self.version(seat):
                raise Refused(
                    f"the table changed since your screen showed it (version {version}, now "
                    f"{self.version(seat)}): look again and choose again"
                )
            try:
                parsed = action_from_json(action, self.game.action_types)
                session.state.apply(seat, parsed)
            except IllegalActionError as exc:
                raise BadAction(exc.reason) from None
            except TradekitError as exc:
                raise BadAction(str(exc)) from None
            session.play_bots()

    def next_game(self, seat: int) -> bool:
        """The seat's student is ready for the next game of the series (they have seen the
        scores); once every student at the table is, it is dealt. Committed before it returns.

        Returns:
            Whether it changed anything (``False``: the student had said so already).

        Raises:
            Refused: no game is over with another to come, or a robot plays the seat.
        """
        with self.lock:
            if not self.between:
                count = self.room.series.count
                raise Refused(
                    "there is no next game to be ready for: "
                    + (
                        "this class plays one game a table"
                        if count == 1
                        else f"game {self.game_index + 1} of {count} is "
                        + ("the last" if self.last_game else "not over yet")
                    )
                )
            if seat not in self.students():
                raise Refused.said("classroom.stand_in_refused")
            if seat in self.ready:
                return False
            with self._change() as writes:
                self.ready.add(seat)
                game = self.game_index
                writes.append(lambda tx: tx.ready(self.id, game, seat))
            return True

    def give_back(self, seat: int, *, strict: bool = True) -> bool:
        """The seat's student plays it again: the robot standing in stops at once. Committed
        before it returns, so a restarted server knows who holds the seat.

        Args:
            seat: the seat.
            strict: refuse a seat no robot stands in for (else: nothing to do, ``False``).

        Returns:
            Whether the seat changed hands.

        Raises:
            NotFound: nobody joined that seat. Refused (``strict``): no robot stands in for it.
        """
        with self.lock:
            if type(seat) is not int or not 0 <= seat < len(self.seats):
                raise NotFound(f"nobody joined seat {seat!r:.20} of table {self.number}")
            held = self.seats[seat]
            if not held.stand_in:
                if strict:
                    raise Refused(
                        f"no robot stands in for seat {seat} of table {self.number}: "
                        + ("a robot plays it for good" if held.robot else "its student plays it")
                    )
                return False
            with self._change() as writes:
                self.seats[seat] = dataclasses.replace(held, stand_in=False)
                writes.append(lambda tx: tx.stand_in(self.id, seat, False))
                if self.session is not None:
                    self._make_session(self.session.state, self.session.explanations)
            self.room.presence.joined(self.number, seat)  # back now: not away
            return True


class Room:
    """A class's room: one game, its tables, and the file that keeps them.

    Open one with :meth:`open`. :attr:`teacher_secret` is the teacher's secret for this run (a
    new one each time the file is opened; only its hash is stored).
    """

    def __init__(self, store: Store, record: Any, series: Series, seed: int | None) -> None:
        self.store = store
        self.id: int = record.id
        self.code: str = record.code
        #: The games every table plays in a row (one game, a match, or a series of option sets).
        self.series = series
        #: The room's game: the options of the first game of its series.
        self.game = series.games[0]
        self.setup: dict[str, Any] | None = record.setup
        self._teacher_hash: str = record.teacher_hash
        self.teacher_secret = ""
        self.tables: dict[int, Table] = {}
        self.lock = threading.RLock()
        #: Grows with every change of any table (what the teacher's page follows).
        self.version = 0
        #: Called with each table that changed, after the change is committed.
        self.listeners: list[Callable[[Table], None]] = []
        self._seed = seed
        #: Which students have a live page (the event streams the server keeps).
        self.presence = Presence()
        #: Seconds a student may be away before a robot stands in for them (``None``: never
        #: by itself; the teacher decides). :meth:`tick` applies it.
        self.grace: float | None = None
        self._away: set[tuple[int, int]] = set()

    @property
    def size(self) -> int:
        """Seats per table: the game's number of players."""
        return int(self.game.num_players)

    @classmethod
    def open(
        cls,
        game: str | None = None,
        *,
        db: str | Path = ":memory:",
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
        games: int | None = None,
        series: Sequence[Mapping[str, Any]] | None = None,
        **options: Any,
    ) -> Room:
        """Open a new room for ``game``, or the room that the file ``db`` already holds.

        Args:
            game: the game's name (``None``: whatever room ``db`` holds).
            db: the room's SQLite file, or ``":memory:"`` (gone when the room is).
            seed: derives every table's deal seed, for a class that must be repeatable
                (default: a fresh 63-bit seed per table).
            setup: a scripted set-up dealt at every table (see ``Game.new_state``).
            games: a match: each table plays this many games in a row, each dealt anew, the
                scores summed (see :mod:`tradekit.classroom.series`).
            series: a series: each table plays the same deal once under each of these option
                sets in turn (each changes ``options``; ``{}`` keeps them).
            **options: the game's options (``players=3``, ``scoring="red"``).

        Raises:
            ConfigError: an unknown game or option, a bad number of games or series.
            ClassroomError: no game named for a new file, or a file holding another class.
            StoreError: the file cannot be opened, or a table cannot be rebuilt from it.

        Example:
            >>> Room.open("turin", players=3).size
            3
            >>> Room.open("turin", players=3, series=[{}, {"scoring": "red"}]).series.labels
            ('scoring=classic', 'scoring=red')
        """
        asked = None
        if game is not None:  # checked first
            asked = Series.make(load_game(game, **options), games=games, series=series)
        elif games is not None or series is not None:
            raise ClassroomError("name the game to play a match or a series")
        store = Store(db)
        try:
            record = store.room()
            if record is None:
                if asked is None:
                    raise ClassroomError(f"{db} holds no class yet: name the game to open one")
                loaded = asked
                if setup is not None:
                    for each in loaded.games:
                        each.new_state(seed=0, setup=setup)  # a bad set-up fails now
                code = tokens.join_code()
                store.create_room(
                    code, loaded.games[0].name, loaded.games[0].options(), _plain(setup), "",
                    loaded.to_json(),
                )  # fmt: skip
                record = store.room()
                assert record is not None
            else:
                first = load_game(record.game, **record.options)
                loaded = Series.from_json(first, record.series)
                if asked is not None and (
                    first.name != asked.games[0].name
                    or first.options() != asked.games[0].options()
                    or loaded.to_json() != asked.to_json()
                ):
                    raise ClassroomError(
                        f"{db} holds a class of {record.game} with the options "
                        f"{record.options}{_series_words(record.series)}: ask for the same "
                        "game, options and series to resume it, or give another file"
                    )
            return cls._rebuild(store, record, loaded, seed)
        except BaseException:
            store.close()
            raise

    @classmethod
    def _rebuild(cls, store: Store, record: Any, loaded: Series, seed: int | None) -> Room:
        room = cls(store, record, loaded, seed)
        room.new_teacher_secret()
        ended = store.ended(record.id)
        for table_record in store.tables(record.id):
            seats = [
                Seat(s.seat, s.name, s.token_hash, s.stand_in) for s in store.seats(table_record.id)
            ]
            table = Table(room, table_record, seats)
            if table.id in ended:
                table.ended = table.paused = True
            room.tables[table.number] = table
            if table_record.started is not None:
                table._replay(store.decisions(table.id))
            else:
                table._changed()
        return room

    def close(self) -> None:
        """Close the room's file."""
        self.store.close()

    def new_teacher_secret(self) -> str:
        """Make a new teacher's secret (the previous one stops working) and return it."""
        secret = tokens.new_secret()
        self.store.set_teacher_hash(self.id, tokens.digest(secret))
        self._teacher_hash = tokens.digest(secret)
        self.teacher_secret = secret
        return secret

    def is_teacher(self, secret: object) -> bool:
        """Whether ``secret`` is the teacher's (compared in constant time)."""
        return isinstance(secret, str) and tokens.same(tokens.digest(secret), self._teacher_hash)

    def changed(self, table: Table) -> None:
        """Tell the listeners that ``table`` changed."""
        self.version += 1
        for listener in list(self.listeners):
            listener(table)

    def table(self, number: object) -> Table:
        """The table of that number.

        Raises:
            NotFound: naming the tables there are.
        """
        found = self.tables.get(number) if type(number) is int else None
        if found is None:
            there = ", ".join(str(n) for n in self.tables) or "none yet"
            raise NotFound(f"there is no table {number!r:.20} in this class (tables: {there})")
        return found

    # -- students ----------------------------------------------------------------------------------
    def join(self, code: object, name: object) -> Joined:
        """Seat a student: at the first table still waiting for players, else at a new table.

        Raises:
            NotFound: a wrong join code.
            ClassroomError: a bad name, or a room with no room for more tables.
        """
        if not isinstance(code, str) or not tokens.same(tokens.normal_code(code), self.code):
            raise NotFound("no class has that join code: check the code on the board")
        name = clean_name(name)
        with self.lock:
            table = self._waiting_table()
            with table._change() as writes:
                number = len(table.seats)
                secret = tokens.new_secret()
                seat = Seat(number, name, tokens.digest(secret))
                table.seats.append(seat)
                writes.append(lambda tx: tx.add_seat(table.id, number, name, seat.token_hash))
                self.presence.joined(table.number, number)
                if table.full:
                    writes.append(table._start())
            return Joined(f"{table.number}.{number}.{secret}", table.number, number)

    def _waiting_table(self) -> Table:
        for table in self.tables.values():
            if not table.started and not table.full and not table.ended:
                return table
        if len(self.tables) >= MAX_TABLES:
            raise ClassroomError(f"this class is full: it has {MAX_TABLES} tables")
        number = max(self.tables, default=0) + 1
        seed = self._table_seed(number)
        tid = self.store.add_table(self.id, number, seed)
        table = Table(self, TableRecord(tid, number, seed, None, False, 0, 0), [])
        self.tables[number] = table
        return table

    def _table_seed(self, number: int) -> int:
        if self._seed is None:
            return fresh_seed()
        # A string seeds random.Random through SHA-512: every (seed, table) gets its own deal.
        return random.Random(f"tradekit-classroom:{self._seed}:{number}").getrandbits(63)

    def seat_for(self, token: object) -> tuple[Table, int]:
        """The table and seat a student's token holds.

        Raises:
            Forbidden: the token is not one of this room's, or a robot has taken its seat.
        """
        parts = tokens.split_token(token) if isinstance(token, str) else None
        if parts is not None:
            number, seat, secret = parts
            table = self.tables.get(number)
            if table is not None and seat < len(table.seats):
                held = table.seats[seat].token_hash
                if held is not None and tokens.same(tokens.digest(secret), held):
                    return table, seat
                # The seat it names went to a robot: its student may have been moved.
                moved = self._moved_seat(tokens.digest(secret)) if held is None else None
                if moved is not None:
                    return moved
        raise Forbidden(
            "this seat's token is not valid in this class (or a robot now plays that seat): "
            "join again with the code on the board"
        )

    # -- the teacher -------------------------------------------------------------------------------
    def start(self, number: object) -> None:
        """Start a table now: robots take its empty seats.

        Raises:
            NotFound: no such table. Refused: already started, or nobody sits there.
        """
        with self.lock:
            table = self.table(number)
            with table._change() as writes:
                if table.started:
                    raise Refused(f"table {table.number} has already started")
                if not table.seats:
                    raise Refused(f"nobody sits at table {table.number} yet")
                writes.append(table._start())

    def pause(self, number: object) -> None:
        """Pause a table: its students' actions are refused and its robots wait.

        Raises:
            NotFound: no such table. Refused: not started, over or already paused.
        """
        table = self.table(number)
        with table._change() as writes:
            if table.ended:
                raise Refused.said("classroom.ended", table=table.number)
            if not table.started or table.game_over or table.paused:
                raise Refused(
                    f"table {table.number} cannot be paused: it is "
                    + ("paused already" if table.paused else "not in play")
                )
            table.paused = True
            assert table.session is not None
            table._make_session(table.session.state, table.session.explanations)
            writes.append(lambda tx: tx.update_table(table.id, paused=True))

    def resume(self, number: object) -> None:
        """Resume a paused table (its robots play on if they are to move).

        Raises:
            NotFound: no such table. Refused: the table is not paused.
        """
        table = self.table(number)
        with table._change() as writes:
            if table.ended:
                raise Refused.said("classroom.ended", table=table.number)
            if not table.paused or table.session is None:
                raise Refused(f"table {table.number} is not paused")
            table.paused = False
            table._make_session(table.session.state, table.session.explanations)
            writes.append(lambda tx: tx.update_table(table.id, paused=False))

    def robot(self, number: object, seat: object) -> None:
        """A robot plays a student's seat for good: their token stops working, and their page
        goes back to the join form. A seat a robot stands in for may be given away too.

        Raises:
            NotFound: no such table or seat. Refused: a robot already plays it for good.
        """
        self._to_robot(number, seat, for_good=True)

    def stand_in(self, number: object, seat: object) -> None:
        """A robot plays a student's seat for them until they come back: their token keeps the
        seat, and takes it back (:meth:`Table.give_back`) as soon as their page opens again.

        Raises:
            NotFound: no such table or seat. Refused: a robot already plays it.
        """
        self._to_robot(number, seat, for_good=False)

    def give_back(self, number: object, seat: object) -> None:
        """The teacher gives a seat back to its student: the robot standing in stops at once.

        Raises:
            NotFound: no such table or seat. Refused: no robot stands in for it.
        """
        self.table(number).give_back(seat)  # type: ignore[arg-type]  # checked there

    def _to_robot(self, number: object, seat: object, *, for_good: bool) -> None:
        with self.lock:
            table = self.table(number)
            with table._change() as writes:
                _hand_to_robot(table, seat, writes, for_good=for_good)

    def next_game(self, number: object) -> None:
        """Deal a table's next game now, whether or not its students have all said they are
        ready (they have seen the scores of the game over on their pages).

        Raises:
            NotFound: no such table. Refused: no game of the table is over with another to
                come.
        """
        table = self.table(number)
        with table._change() as writes:
            if not table.between:
                count = self.series.count
                raise Refused(
                    f"table {table.number} has no next game to start: "
                    + (
                        "the class plays one game a table"
                        if count == 1
                        else f"it is at game {table.game_index + 1} of {count}, "
                        + ("the last" if table.last_game else "not over yet")
                        + ("" if not table.ended else ", and the teacher has ended it")
                    )
                )
            table._next_game(writes)

    # -- ending tables, moving students, the class's data ------------------------------------------
    def end(self, number: object = None) -> None:
        """End a table now (``None``: every table not over yet): its game stops where it is,
        its students are told so and its robots stop. The file keeps it ended.

        Raises:
            NotFound: no such table. Refused: the table is over or ended already, or (for the
                whole room) no table is left to end.
        """
        with self.lock:
            if number is None:
                left = [tb for tb in self.tables.values() if not tb.over and not tb.ended]
                if not left:
                    raise Refused("no table is left to end: every table is over or ended")
                for table in left:
                    self._end(table)
                return
            self._end(self.table(number))

    def _end(self, table: Table) -> None:
        with table._change() as writes:
            if table.ended:
                raise Refused(f"table {table.number} has ended already")
            if table.over:
                raise Refused(f"table {table.number} is over already: its game has ended")
            table.ended = table.paused = True
            if table.session is not None:  # held paused: no robot plays on
                table._make_session(table.session.state, table.session.explanations)
            writes.append(lambda tx: tx.end_table(table.id))

    def move(self, number: object, seat: object, to: object) -> None:
        """Move a student who has not played a decision yet to table ``to``, which must still
        be waiting for players; a robot takes their old seat. Their token goes on working (it
        finds the seat it moved to).

        Raises:
            NotFound: no such table or seat. Refused: a robot plays the seat, the student has
                played already, or table ``to`` is the same table or has no free seat.
        """
        with self.lock:
            table = self.table(number)
            target = self.table(to)
            if type(seat) is not int or not 0 <= seat < len(table.seats):
                raise NotFound(f"nobody joined seat {seat!r:.20} of table {table.number}")
            held = table.seats[seat]
            if held.robot:
                raise Refused(f"a robot plays seat {seat} of table {table.number}: nobody to move")
            state = table.state
            if table.played or (state is not None and any(s == seat for s, _ in state.decisions)):
                raise Refused(
                    f"{held.name} has already played at table {table.number}: only a student "
                    "who has not played a decision yet can move"
                )
            if target is table:
                raise Refused(f"{held.name} already sits at table {table.number}")
            if target.started or target.full or target.ended:
                raise Refused(
                    f"table {target.number} has no free seat: only a table still waiting for "
                    "players takes a student"
                )
            # One change of both tables: the student is never at both, nor at neither.
            with changing([table, target]) as writes:
                place = len(target.seats)
                target.seats.append(Seat(place, held.name, held.token_hash))
                writes.append(lambda tx: tx.add_seat(target.id, place, held.name, held.token_hash))
                if target.full:
                    writes.append(target._start())
                _hand_to_robot(table, seat, writes, for_good=True)

    def _moved_seat(self, token_hash: str) -> tuple[Table, int] | None:
        """The seat a moved student's token hash holds now (their token names the old one)."""
        for table in self.tables.values():
            for seat in table.seats:
                if seat.token_hash is not None and tokens.same(token_hash, seat.token_hash):
                    return table, seat.number
        return None

    def games(self) -> pd.DataFrame:
        """The tidy game table of the finished games, ``table``, ``game_number`` and ``name``
        columns added (see :func:`tradekit.classroom.results.games`).

        Example:
            >>> Room.open("turin", players=3).games().empty
            True
        """
        from tradekit.classroom import results

        return results.games(self)

    def decisions(self) -> pd.DataFrame:
        """The decision table of the finished tables (see
        :func:`tradekit.classroom.results.decisions`)."""
        from tradekit.classroom import results

        return results.decisions(self)

    def compare(self, first: int = 1, second: int = 2, confidence: float = 0.95) -> pd.DataFrame:
        """The paired comparison of two games of a series of option sets on the class's own
        deals (see :func:`tradekit.classroom.results.paired`)."""
        from tradekit.classroom import results

        return results.paired(self, first, second, confidence)

    def distance(self) -> Distance:
        """The class's Turin Market bids beside the equilibrium bid, with each player's loss
        (see :func:`tradekit.classroom.results.distance`; ``distance_chart`` of
        :mod:`tradekit.theory.charts` draws it)."""
        from tradekit.classroom import results

        return results.distance(self)

    def tick(self, now: float | None = None) -> None:
        """Look at who is away (the server calls it every second): tell the teacher's page
        when a student comes or goes, and with a :attr:`grace` period let a robot stand in for
        a student away that long, at a table in play."""
        with self.lock:
            tables = list(self.tables.values())
        away: set[tuple[int, int]] = set()
        for table in tables:
            for held in list(table.seats):
                if held.robot:
                    continue
                gone = self.presence.away_for(table.number, held.number, now)
                if gone >= self.presence.away_after:
                    away.add((table.number, held.number))
                in_play = table.started and not table.over and not table.ended
                if self.grace is not None and in_play and gone >= self.grace:
                    # Refused: the teacher or the student got there first.
                    with contextlib.suppress(Refused):
                        self.stand_in(table.number, held.number)
                    away.discard((table.number, held.number))
        for number in {n for n, _ in away ^ self._away}:
            table = self.tables[number]
            with table.lock:
                table.cache.clear()
            self.changed(table)
        self._away = away


def _hand_to_robot(table: Table, seat: object, writes: list[Write], *, for_good: bool) -> None:
    """Within a change of ``table``: a robot plays ``seat`` for good, or stands in for its
    student (refused if a robot plays it already)."""
    if type(seat) is not int or not 0 <= seat < len(table.seats):
        raise NotFound(f"nobody joined seat {seat!r:.20} of table {table.number}")
    held = table.seats[seat]
    if held.token_hash is None or (held.stand_in and not for_good):
        raise Refused(
            f"a robot already plays seat {seat} of table {table.number}"
            + ("" if held.token_hash is None else " for its student")
        )
    if for_good:
        table.seats[seat] = Seat(held.number, held.name, None)
        writes.append(lambda tx: tx.robot_takes(table.id, seat))
    else:
        table.seats[seat] = dataclasses.replace(held, stand_in=True)
        writes.append(lambda tx: tx.stand_in(table.id, seat, True))
    if table.session is not None:
        table._make_session(table.session.state, table.session.explanations)
    elif table.full:
        writes.append(table._start())


def _series_words(doc: Mapping[str, Any] | None) -> str:
    """How a room's file names its series, for a refusal (``""`` for one game a table)."""
    if not doc:
        return ""
    games = doc.get("games") or []
    if doc.get("kind") == "match":
        return f", a match of {len(games)} games"
    return f", a series of {len(games)} option sets {games}"


def _plain(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A set-up as JSON-ready data (tuples as lists), for the room's file."""
    if value is None:
        return None

    def plain(v: Any) -> Any:
        if isinstance(v, Mapping):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    return {str(k): plain(v) for k, v in value.items()}
