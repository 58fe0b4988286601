"""The teacher's commands to end a table (or every table) and to move a student who has not
played yet, and the words they refuse with."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.classroom.conftest import seat_table
from tests.classroom.web import call
from tradekit.classroom import Classroom
from tradekit.classroom.rooms import NotFound, Refused, Room


def test_ending_a_table_stops_it_tells_its_students_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    db = tmp_path / "class.db"
    room = Room.open("turin", players=3, db=db, seed=3)
    ada = room.join(room.code, "Ada")
    room.start(1)
    table = room.tables[1]
    assert table.state is not None
    decided = len(table.state.decisions)
    room.end(1)
    assert table.ended and len(table.state.decisions) == decided  # no robot played on
    with pytest.raises(Refused, match="the teacher has ended table 1"):
        table.act(0, table.state.legal_actions(0)[0].to_json())
    for again in (room.end, room.pause, room.resume):
        with pytest.raises(Refused, match="ended"):
            again(1)
    with pytest.raises(Refused, match="no table is left to end"):
        room.end(None)
    room.close()
    reopened = Room.open("turin", players=3, db=db, seed=3)
    try:
        table = reopened.tables[1]
        assert table.ended and table.paused
        assert table.state is not None and len(table.state.decisions) == decided
        assert reopened.seat_for(ada.token) == (table, 0)
        # A student joining now is not seated at the ended table.
        assert reopened.join(reopened.code, "Bob").table == 2
    finally:
        reopened.close()


def test_ending_every_table_through_the_api(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = turin.room.seat_for(tokens[0])[0]
    secret = turin.room.teacher_secret
    status = call(turin.url, "POST", "/api/teacher/end", {"table": None}, token=secret)
    assert status.status == 200, status.text
    rows = {row["number"]: row["state"] for row in status.json["tables"]}
    assert rows[table.number] == "ended"
    row = next(row for row in status.json["tables"] if row["number"] == table.number)
    assert row["to_move"] == [] and row["to_move_names"] == ""
    state = call(turin.url, "GET", "/api/state", token=tokens[0]).json
    assert state["ended"] and state["legal"] == []
    assert state["status"] == f"the teacher has ended table {table.number}: the game stops here"
    again = call(turin.url, "POST", "/api/teacher/end", {"table": table.number}, token=secret)
    assert again.status == 409 and f"table {table.number} has ended already" == again.error
    missing = call(turin.url, "POST", "/api/teacher/end", {}, token=secret)
    assert missing.status == 400 and "table" in missing.error


def test_moving_a_student_who_has_not_played_to_a_waiting_table() -> None:
    room = Room.open("turin", players=3, seed=5)
    ada, bob, _ = (room.join(room.code, name) for name in ("Ada", "Bob", "Cy"))
    dee = room.join(room.code, "Dee")
    assert (ada.table, dee.table) == (1, 2)
    first = room.tables[1]
    assert first.state is not None and not first.state.decisions
    room.move(1, bob.seat, 2)
    second = room.tables[2]
    assert [s.name for s in second.seats] == ["Dee", "Bob"]
    assert first.seats[bob.seat].robot
    assert room.seat_for(bob.token) == (second, 1)  # Bob's token finds the seat he moved to
    assert any(seat == bob.seat for seat, _ in first.state.decisions)  # the robot played on


def test_a_move_is_refused_in_words_when_it_cannot_be_made() -> None:
    room = Room.open("turin", players=3, seed=5)
    ada = room.join(room.code, "Ada")
    room.join(room.code, "Bob")
    room.join(room.code, "Cy")
    first = room.tables[1]
    assert first.state is not None
    first.act(ada.seat, first.state.legal_actions(ada.seat)[0].to_json())
    room.join(room.code, "Dee")
    with pytest.raises(Refused, match="Ada has already played at table 1"):
        room.move(1, ada.seat, 2)
    with pytest.raises(Refused, match="Bob already sits at table 1"):
        room.move(1, 1, 1)
    room.start(2)
    with pytest.raises(Refused, match="table 2 has no free seat"):
        room.move(1, 1, 2)
    with pytest.raises(NotFound, match="nobody joined seat 1 of table 2"):
        room.move(2, 1, 1)
    room.robot(1, 2)
    with pytest.raises(Refused, match="a robot plays seat 2 of table 1"):
        room.move(1, 2, 2)
    assert [s.name for s in room.tables[2].seats] == ["Dee"]


def test_moving_through_the_api_answers_the_rooms_status(turin: Classroom) -> None:
    tokens = seat_table(turin)
    source = turin.room.seat_for(tokens[2])[0]
    joined = call(turin.url, "POST", "/api/join", {"code": turin.code, "name": "Eve"}).json
    secret = turin.room.teacher_secret
    body = {"table": source.number, "seat": 2, "to": joined["table"]}
    moved = call(turin.url, "POST", "/api/teacher/move", body, token=secret)
    assert moved.status == 200, moved.text
    row = next(r for r in moved.json["tables"] if r["number"] == joined["table"])
    assert [s["name"] for s in row["seats"] if s["joined"]] == ["Eve", "Cy"]
    state = call(turin.url, "GET", "/api/state", token=tokens[2]).json
    assert (state["table"], state["seat"]) == (joined["table"], 1)
    refused = call(turin.url, "POST", "/api/teacher/move", body, token=secret)
    assert refused.status == 409 and "a robot plays seat 2" in refused.error


def test_a_move_is_one_transaction_nothing_half_applied_when_the_file_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from tradekit.classroom.store import StoreError, Transaction

    db = tmp_path / "class.db"
    room = Room.open("turin", players=3, db=db, seed=5)
    bob = [room.join(room.code, name) for name in ("Ada", "Bob", "Cy")][1]
    room.join(room.code, "Dee")
    first, second = room.tables[1], room.tables[2]
    before = (list(first.seats), list(second.seats), first.state.to_json(), first.meta)  # type: ignore[union-attr]

    def broken(self: Transaction, table_id: int, seat: int) -> None:
        raise sqlite3.OperationalError("disk I/O error")  # the robot's half of the move

    monkeypatch.setattr(Transaction, "robot_takes", broken)
    with pytest.raises(StoreError, match="disk I/O error"):
        room.move(1, bob.seat, 2)
    # Neither half happened: Bob is still at table 1, table 2 did not get him.
    assert (list(first.seats), list(second.seats), first.state.to_json(), first.meta) == before  # type: ignore[union-attr]
    assert room.seat_for(bob.token) == (first, bob.seat)
    room.close()
    reopened = Room.open(db=db)
    try:
        assert [s.name for s in reopened.tables[2].seats] == ["Dee"]
        assert not reopened.tables[1].seats[bob.seat].robot
    finally:
        reopened.close()
    monkeypatch.undo()
    room = Room.open(db=db)
    room.move(1, bob.seat, 2)  # the file works again: both halves at once
    room.close()
    reopened = Room.open(db=db)
    try:
        assert [s.name for s in reopened.tables[2].seats] == ["Dee", "Bob"]
        assert reopened.tables[1].seats[bob.seat].robot
    finally:
        reopened.close()
