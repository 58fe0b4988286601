"""A class's room without a server: seating, robots, the teacher's commands and the file.

The room must seat students in join order at tables of the game's size, start a table when it
is full or when the teacher says so with robots in its empty seats, send late joiners to a new
table, and keep everything in its SQLite file so that opening the file again rebuilds every
table exactly: the same decisions, the same log, the same tokens, nothing applied twice.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

import tradekit
from tradekit.classroom.rooms import (
    BadAction,
    ClassroomError,
    Forbidden,
    NotFound,
    Refused,
    Room,
)
from tradekit.classroom.store import Store, StoreError


def play_some(room: Room, number: int, steps: int, seed: int = 0) -> None:
    """Students of table ``number`` play ``steps`` random legal actions (robots answer)."""
    table = room.tables[number]
    rng = random.Random(seed)
    for _ in range(steps):
        state = table.state
        assert state is not None
        humans = [s for s in state.to_move if s in table.students()]
        if state.is_over or not humans:
            return
        seat = humans[0]
        legal = state.legal_actions(seat)
        table.act(seat, legal[rng.randrange(len(legal))].to_json(), table.version(seat))


def test_students_are_seated_in_join_order_and_a_full_table_starts() -> None:
    room = Room.open("turin", players=3, seed=1)
    joined = [room.join(room.code, name) for name in ("Ada", "Bob", "Cy", "Dee")]
    assert [(j.table, j.seat) for j in joined] == [(1, 0), (1, 1), (1, 2), (2, 0)]
    assert room.tables[1].started and not room.tables[2].started
    assert room.tables[1].students() == (0, 1, 2)
    assert room.tables[1].names() == ("Ada", "Bob", "Cy")
    # Every seat is a student's: nobody has decided yet, all three must seal an offer.
    state = room.tables[1].state
    assert state is not None and state.decisions == () and state.to_move == (0, 1, 2)
    for j in joined:
        table, seat = room.seat_for(j.token)
        assert (table.number, seat) == (j.table, j.seat)


def test_the_teacher_starts_a_table_and_robots_take_the_empty_seats() -> None:
    room = Room.open("turin", players=4, seed=2)
    ada = room.join(room.code, "Ada")
    with pytest.raises(Refused, match="has not started"):
        room.tables[1].act(0, {"type": "Offer", "card": 1})
    room.start(1)
    table = room.tables[1]
    assert table.students() == (0,)
    assert table.names() == ("Ada", "Robot P2", "Robot P3", "Robot P4")
    state = table.state
    assert state is not None
    # The robots sealed their offers at once; the student is the one left to choose.
    assert state.to_move == (0,) and [s for s, _ in state.decisions] == [1, 2, 3]
    assert table.recorded == 3
    # A late joiner goes to a new table, even though table 1 has empty (robot) seats.
    late = room.join(room.code, "Bob")
    assert (late.table, late.seat) == (2, 0)
    with pytest.raises(Refused, match="already started"):
        room.start(1)
    with pytest.raises(NotFound, match="no table 9"):
        room.start(9)
    assert room.seat_for(ada.token)[1] == 0


def test_the_robots_explain_their_decisions_and_are_the_games_heuristic_bot() -> None:
    room = Room.open("turin", players=3, seed=3)
    room.join(room.code, "Ada")
    room.start(1)
    session = room.tables[1].session
    assert session is not None
    bots = {name for _, name, _ in session.explanations.values()}
    assert len(bots) == 1 and "heuristic" in next(iter(bots))


def test_a_wrong_code_a_bad_name_and_a_forged_token_are_refused() -> None:
    room = Room.open("medici", players=3)
    with pytest.raises(NotFound, match="join code"):
        room.join("AAAAAA" if room.code != "AAAAAA" else "BBBBBB", "Ada")
    for name in ("", "   ", "x" * 41, "Ada\x00", "A\u200bda", 5, None):
        with pytest.raises(ClassroomError):
            room.join(room.code, name)
    ada = room.join(room.code.lower(), "  Ada  ")  # typed in small letters: still the code
    assert room.tables[1].seats[0].name == "Ada"
    table, number, secret = ada.token.split(".")
    for forged in (f"{table}.{number}.{secret[:-1]}x", f"{table}.1.{secret}", "x", "", None, 5):
        with pytest.raises(Forbidden):
            room.seat_for(forged)


def test_the_engine_refuses_a_bad_action_in_words_and_nothing_changes() -> None:
    room = Room.open("turin", players=3, seed=4)
    tokens = [room.join(room.code, n).token for n in ("Ada", "Bob", "Cy")]
    table, _ = room.seat_for(tokens[0])
    before = table.state.to_json()  # type: ignore[union-attr]
    for action, words in [
        ({"type": "Offer", "card": 2.0}, "must be a card id"),
        ({"type": "Offer", "card": True}, "card"),
        ({"type": "Offer", "card": "3"}, "card"),
        ({"type": "Offer", "card": 10**20}, "card"),
        ({"type": "Offer"}, "bad fields"),
        ({"type": "Offer", "card": 1, "extra": 2}, "bad fields"),
        ({"type": "Teleport"}, "unknown action type"),
        ({"card": 1}, "must be an object with a 'type'"),
        ([1, 2], "must be an object"),
        ({"type": "Bid", "amount": 1}, "offer"),
    ]:
        with pytest.raises(BadAction, match=words):
            table.act(0, action)
    with pytest.raises(ClassroomError, match="version must be a whole number"):
        table.act(0, {"type": "Offer", "card": 1}, "3")
    assert table.state.to_json() == before  # type: ignore[union-attr]
    assert table.recorded == 0


def test_a_stale_version_is_refused() -> None:
    room = Room.open("turin", players=3, seed=5)
    for name in ("Ada", "Bob", "Cy"):
        room.join(room.code, name)
    table = room.tables[1]
    state = table.state
    assert state is not None
    seen = table.version(0)
    table.act(1, state.legal_actions(1)[0].to_json(), table.version(1))
    assert table.version(0) > seen  # seat 0 saw "Bob has chosen"
    with pytest.raises(Refused, match="changed since"):
        table.act(0, state.legal_actions(0)[0].to_json(), seen)
    assert len(state.decisions) == 1


def test_pause_refuses_actions_and_robots_wait_until_resume() -> None:
    room = Room.open("turin", players=3, seed=6)
    tokens = [room.join(room.code, n).token for n in ("Ada", "Bob", "Cy")]
    table = room.tables[1]
    state = table.state
    assert state is not None
    room.pause(1)
    with pytest.raises(Refused, match="paused"):
        table.act(0, state.legal_actions(0)[0].to_json())
    with pytest.raises(Refused, match="paused already"):
        room.pause(1)
    # A robot takes Bob's seat while the table is paused: it must not play yet.
    room.robot(1, 1)
    assert table.students() == (0, 2) and table.state.decisions == ()  # type: ignore[union-attr]
    with pytest.raises(Forbidden):
        room.seat_for(tokens[1])
    room.resume(1)
    decided = [s for s, _ in table.state.decisions]  # type: ignore[union-attr]
    assert decided == [1]
    with pytest.raises(Refused, match="not paused"):
        room.resume(1)
    with pytest.raises(Refused, match="already plays"):
        room.robot(1, 1)
    with pytest.raises(NotFound):
        room.robot(1, 7)


def test_a_failed_write_leaves_the_table_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    room = Room.open("turin", players=3, seed=7)
    room.join(room.code, "Ada")
    room.start(1)
    table = room.tables[1]
    state = table.state
    assert state is not None
    before, versions = state.to_json(), dict(table.versions)
    offer = state.legal_actions(0)[0].to_json()

    def broken() -> object:
        raise StoreError("cannot write to the file: disk full")

    monkeypatch.setattr(room.store, "transaction", broken)
    with pytest.raises(StoreError, match="disk full"):
        table.act(0, offer)  # the robots' bids that followed are undone with it
    assert table.state.to_json() == before  # type: ignore[union-attr]
    assert table.versions == versions and table.recorded == 2
    monkeypatch.undo()
    table.act(0, offer)
    assert table.recorded == len(table.state.decisions) > 4  # type: ignore[union-attr]


def test_opening_the_file_again_rebuilds_every_table_exactly(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    room = Room.open("turin", db=db, players=3, seed=8)
    tokens = [room.join(room.code, n).token for n in ("Ada", "Bob", "Cy", "Dee")]
    room.start(2)  # Dee with two robots
    play_some(room, 1, 12, seed=1)
    play_some(room, 2, 5, seed=2)
    room.pause(2)
    room.robot(2, 0)  # no student left at table 2, and it is paused: nobody plays
    saves = {n: t.state.to_json() for n, t in room.tables.items()}  # type: ignore[union-attr]
    versions = {n: dict(t.versions) for n, t in room.tables.items()}
    code, secret = room.code, room.teacher_secret
    room.close()

    again = Room.open("turin", db=db, players=3)
    assert again.code == code
    assert {n: t.state.to_json() for n, t in again.tables.items()} == saves  # type: ignore[union-attr]
    assert {n: dict(t.versions) for n, t in again.tables.items()} == versions
    for token in tokens[:3]:
        assert again.seat_for(token)[0].number == 1
    with pytest.raises(Forbidden):
        again.seat_for(tokens[3])  # a robot took Dee's seat
    # A new teacher's secret for the new run; the old one no longer works.
    assert again.is_teacher(again.teacher_secret) and not again.is_teacher(secret)
    # Nothing was applied twice: the file holds each decision once, in order.
    with sqlite3.connect(db) as raw:
        rows = raw.execute("SELECT table_id, idx FROM decisions ORDER BY table_id, idx").fetchall()
    decisions = [len(t.state.decisions) for t in again.tables.values() if t.state is not None]
    assert len(rows) == len(set(rows)) == sum(decisions)
    # The paused table's robots play only once it resumes, and that is stored too.
    again.resume(2)
    table = again.tables[2]
    assert table.over and table.recorded == len(table.state.decisions)  # type: ignore[union-attr]
    play_some(again, 1, 3, seed=3)
    saves = {n: t.state.to_json() for n, t in again.tables.items()}  # type: ignore[union-attr]
    again.close()
    third = Room.open(db=db)
    assert {n: t.state.to_json() for n, t in third.tables.items()} == saves  # type: ignore[union-attr]
    # The rebuilt game is the engine's own: its full save replays, event by event.
    assert tradekit.replay(saves[1]).to_json() == saves[1]
    third.close()


def test_a_file_of_another_class_or_layout_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    Room.open("turin", db=db, players=3).close()
    with pytest.raises(ClassroomError, match="holds a class of turin"):
        Room.open("medici", db=db, players=3)
    with pytest.raises(ClassroomError, match="same game, options and series"):
        Room.open("turin", db=db, players=4)
    with pytest.raises(ClassroomError, match="holds no class yet"):
        Room.open(db=tmp_path / "new.db")
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA user_version=99")
    with pytest.raises(StoreError, match="layout 99"):
        Store(db)
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="cannot open"):
        Store(tmp_path / "junk.db")


def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.db")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()


def test_only_hashes_of_tokens_are_stored(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    room = Room.open("turin", db=db, players=3)
    token = room.join(room.code, "Ada").token
    secret = room.teacher_secret
    room.close()
    data = (
        db.read_bytes() + (tmp_path / "class.db-wal").read_bytes()
        if (tmp_path / "class.db-wal").exists()
        else db.read_bytes()
    )
    assert token.split(".")[2].encode() not in data and secret.encode() not in data


def test_robots_are_seeded_so_a_server_started_again_midway_plays_the_same_moves(
    tmp_path: Path,
) -> None:
    def ada_plays(room: Room, steps: int) -> None:
        """Ada (seat 0) takes a choice fixed by where the game is, so that she plays the same
        whether or not the server was started again."""
        table = room.tables[1]
        for _ in range(steps):
            state = table.state
            assert state is not None
            if state.is_over:
                return
            legal = state.legal_actions(0)
            pick = legal[(7 * len(state.decisions)) % len(legal)]
            table.act(0, pick.to_json(), table.version(0))

    def opened(db: str | Path, seed: int) -> Room:
        room = Room.open("turin", db=db, players=3, seed=seed)
        room.join(room.code, "Ada")
        room.start(1)  # two robots
        return room

    def robot_moves(room: Room) -> list[tuple[int, dict[str, object]]]:
        state = room.tables[1].state
        assert state is not None and state.is_over
        return [(p, a.to_json()) for p, a in state.decisions if p != 0]

    straight = opened(":memory:", 11)
    ada_plays(straight, 500)
    # The same class on a file, its server stopped after a few of Ada's actions and started
    # again on the file: the robots play on as if nothing had happened.
    db = tmp_path / "class.db"
    first = opened(db, 11)
    ada_plays(first, 4)
    first.close()
    again = Room.open(db=db)
    ada_plays(again, 500)
    assert robot_moves(again) == robot_moves(straight)
    assert again.tables[1].state.to_json() == straight.tables[1].state.to_json()  # type: ignore[union-attr]
    again.close()
    # Another seed: another deal, other moves.
    other = opened(":memory:", 12)
    ada_plays(other, 500)
    assert robot_moves(other) != robot_moves(straight)
