"""A seat comes back to its student: a robot stands in while they are away, and their token
takes the seat back. Through real servers, as a student's page and the teacher's page call them.

The cases: the teacher lets a robot stand in, it plays at once and its decisions stay in the log
(with the reasons the seat may read); the student's token gives the seat back and the student
plays again; another seat's token cannot take it; who holds each seat survives a restart; the
teacher's status tells a student present, away, a robot standing in and a robot; and with a
grace period a robot stands in by itself for a student away that long.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.classroom.conftest import seat_table
from tests.classroom.web import call, events
from tradekit.classroom import Classroom, ClassroomError, start
from tradekit.classroom.store import Store


def page(c: Classroom, token: str) -> Generator[tuple[str, str], None, None]:
    """A student's open page: its event stream (``close()`` closes the tab)."""
    yield from events(c.url, "/api/events", token)


def teacher(c: Classroom, what: str, table: int, seat: int) -> Any:
    """A teacher's command on a seat; the room's status it answers."""
    reply = call(
        c.url, "POST", f"/api/teacher/{what}", {"table": table, "seat": seat},
        token=c.room.teacher_secret,
    )  # fmt: skip
    assert reply.status == 200, reply.text
    return reply.json


def seats(c: Classroom, table: int) -> list[dict[str, Any]]:
    """The teacher's rows of the table's seats."""
    status = call(c.url, "GET", "/api/teacher/status", token=c.room.teacher_secret).json
    row = next(t for t in status["tables"] if t["number"] == table)
    return list(row["seats"])


def presence(c: Classroom, table: int) -> list[str]:
    return [s["presence"] for s in seats(c, table)]


def state(c: Classroom, token: str) -> Any:
    reply = call(c.url, "GET", "/api/state", token=token)
    assert reply.status == 200, reply.text
    return reply.json


def play_until_seat_moves(c: Classroom, tokens: list[str], seat: int) -> Any:
    """The other students play their first legal action until ``seat`` is to move."""
    for _ in range(200):
        doc = state(c, tokens[seat])
        if doc["your_turn"] or doc["over"]:
            return doc
        for other, token in enumerate(tokens):
            mine = state(c, token)
            if other != seat and mine["your_turn"]:
                moved = call(c.url, "POST", "/api/act", {"action": mine["legal"][0]["action"]},
                             token=token)  # fmt: skip
                assert moved.status == 200, moved.text
    raise AssertionError(f"seat {seat} never came to move")


def bot_decisions(c: Classroom, table: int, seat: int) -> list[str]:
    """The robots' names on the stored decisions of ``seat`` (what the file keeps)."""
    store = c.room.store
    tid = c.room.tables[table].id
    return [d.bot for d in store.decisions(tid) if d.seat == seat and d.bot]


def test_a_robot_stands_in_plays_and_the_student_takes_the_seat_back(turin: Classroom) -> None:
    tokens = seat_table(turin)
    number = turin.room.seat_for(tokens[0])[0].number
    assert presence(turin, number) == ["present"] * 3
    before = state(turin, tokens[0])
    assert before["your_turn"] and not before["standing_in"]

    status = teacher(turin, "stand-in", number, 0)
    row = next(t for t in status["tables"] if t["number"] == number)
    assert row["seats"][0]["presence"] == "standing_in" and row["seats"][0]["robot"]
    assert row["seats"][0]["name"] == "Ada (robot standing in)"
    # The robot has sealed Ada's offer at once: the table's decision, in the file, by the robot.
    assert bot_decisions(turin, number, 0) == ["heuristic"]
    away = state(turin, tokens[0])
    assert away["standing_in"] and away["legal"] == [] and not away["your_turn"]
    assert away["version"] > before["version"]
    # Ada reads the robot's reason for her own seat under her log.
    assert any(e["why"] for e in away["log"]), away["log"]
    refused = call(turin.url, "POST", "/api/act", {"action": before["legal"][0]["action"]},
                   token=tokens[0])  # fmt: skip
    assert refused.status == 409 and "take your seat back" in refused.error

    back = call(turin.url, "POST", "/api/seat/return", {}, token=tokens[0])
    assert back.status == 200, back.text
    assert back.json["standing_in"] is False and back.json["names"][0] == "Ada (you)"
    assert presence(turin, number)[0] == "present"
    again = call(turin.url, "POST", "/api/seat/return", {}, token=tokens[0])
    assert again.status == 200 and again.json["version"] == back.json["version"]  # no change

    doc = play_until_seat_moves(turin, tokens, 0)
    assert doc["your_turn"] and doc["legal"]
    robots_then = len(bot_decisions(turin, number, 0))
    moved = call(turin.url, "POST", "/api/act", {"action": doc["legal"][0]["action"]},
                 token=tokens[0])  # fmt: skip
    assert moved.status == 200, moved.text
    # Ada's own decision this time, and no robot plays her seat any more.
    assert len(bot_decisions(turin, number, 0)) == robots_then
    table = turin.room.tables[number]
    assert table.state is not None and table.state.decisions[-1][0] in (0, 1, 2)
    assert 0 in table.students()


def test_another_seats_token_cannot_take_the_seat_back(turin: Classroom) -> None:
    tokens = seat_table(turin)
    number = turin.room.seat_for(tokens[0])[0].number
    teacher(turin, "stand-in", number, 0)
    other = call(turin.url, "POST", "/api/seat/return", {}, token=tokens[1])
    assert other.status == 200 and other.json["seat"] == 1  # its own seat, nothing else
    forged = f"{number}.0.{tokens[1].split('.', 2)[2]}"  # seat 0 named, seat 1's secret
    refused = call(turin.url, "POST", "/api/seat/return", {}, token=forged)
    assert refused.status == 403 and "not valid" in refused.error
    assert presence(turin, number) == ["standing_in", "present", "present"]
    assert state(turin, tokens[0])["standing_in"]
    # The teacher's own choices: a seat its student plays cannot be "given back".
    wrong = call(turin.url, "POST", "/api/teacher/give-back", {"table": number, "seat": 1},
                 token=turin.room.teacher_secret)  # fmt: skip
    assert wrong.status == 409 and "its student plays it" in wrong.error
    twice = call(turin.url, "POST", "/api/teacher/stand-in", {"table": number, "seat": 0},
                 token=turin.room.teacher_secret)  # fmt: skip
    assert twice.status == 409 and "already plays" in twice.error
    # The teacher gives the seat back: Ada's token plays it again.
    assert teacher(turin, "give-back", number, 0)
    assert presence(turin, number) == ["present"] * 3
    assert not state(turin, tokens[0])["standing_in"]


def test_a_robot_for_good_ends_the_token_even_of_a_seat_it_stood_in_for(
    turin: Classroom,
) -> None:
    tokens = seat_table(turin)
    number = turin.room.seat_for(tokens[0])[0].number
    stream = events(turin.url, "/api/events", tokens[2])
    assert next(stream)[0] == "version"
    teacher(turin, "stand-in", number, 2)
    assert next(stream)[0] == "version"  # standing in: the page stays, and looks again
    teacher(turin, "robot", number, 2)
    assert list(stream)[-1] == ("gone", "{}")
    assert presence(turin, number)[2] == "robot"
    assert seats(turin, number)[2]["name"] == "Cy (robot)"
    back = call(turin.url, "POST", "/api/seat/return", {}, token=tokens[2])
    assert back.status == 403


def test_who_holds_each_seat_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    with start("turin", players=3, db=db, seed=4, show=False) as c:
        tokens = seat_table(c)
        teacher(c, "stand-in", 1, 0)
        teacher(c, "robot", 1, 1)
        decisions = len(c.room.tables[1].state.decisions)  # type: ignore[union-attr]
    with start("turin", players=3, db=db, show=False) as c:
        assert presence(c, 1) == ["standing_in", "robot", "present"]
        assert len(c.room.tables[1].state.decisions) == decisions  # type: ignore[union-attr]
        assert state(c, tokens[0])["standing_in"]
        assert call(c.url, "GET", "/api/state", token=tokens[1]).status == 403
        back = call(c.url, "POST", "/api/seat/return", {}, token=tokens[0])
        assert back.status == 200 and not back.json["standing_in"]
    # Acknowledged, so on disk: the next start knows Ada holds her seat again.
    with start("turin", players=3, db=db, show=False) as c:
        assert presence(c, 1) == ["present", "robot", "present"]
        assert 0 in c.room.tables[1].students()


def test_a_file_of_the_first_layout_is_brought_up_to_date(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "old.db"
    with sqlite3.connect(db) as raw:
        raw.executescript(
            "CREATE TABLE seats (id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL, "
            "seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT, joined REAL NOT NULL);"
            "INSERT INTO seats (table_id, seat, name, token_hash, joined) "
            "VALUES (1, 0, 'Ada', 'ff', 0); PRAGMA user_version=1;"
        )
    store = Store(db)
    try:
        [seat] = store.seats(1)
        assert (seat.name, seat.token_hash, seat.stand_in) == ("Ada", "ff", False)
    finally:
        store.close()


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[Classroom]:
    """A class where a student is away after 0.3 s without a page, and a robot stands in
    after 1 s."""
    with start("turin", players=3, db=tmp_path / "q.db", grace=1.0, show=False) as c:
        c.room.presence.away_after = 0.3
        yield c


def test_the_teachers_status_tells_present_away_and_grace_lets_a_robot_stand_in(
    quick: Classroom,
) -> None:
    c = quick
    c.room.grace = None  # first, no grace: the teacher sees who is away
    tokens = seat_table(c)
    stream = page(c, tokens[0])  # Ada's page is open
    assert next(stream)[0] == "version"
    deadline = time.monotonic() + 30  # a bound for a failure only: it takes 2 s
    while presence(c, 1) != ["present", "away", "away"]:
        assert time.monotonic() < deadline, presence(c, 1)
        time.sleep(0.1)
    away = seats(c, 1)
    assert away[0]["away_for"] == 0 and away[1]["away_for"] >= 0
    # Bob's page opens again: present at once.
    bob = page(c, tokens[1])
    assert next(bob)[0] == "version"
    assert presence(c, 1) == ["present", "present", "away"]
    bob.close()  # Bob closes his tab

    c.room.grace = 1.0
    while presence(c, 1) != ["present", "standing_in", "standing_in"]:
        assert time.monotonic() < deadline, presence(c, 1)
        time.sleep(0.1)
    assert bot_decisions(c, 1, 1) and bot_decisions(c, 1, 2)
    assert not bot_decisions(c, 1, 0)  # Ada, present all along, plays her own seat
    assert next(stream)[0] == "version"
    stream.close()
    back = call(c.url, "POST", "/api/seat/return", {}, token=tokens[1])
    assert back.status == 200 and not back.json["standing_in"]
    assert presence(c, 1)[1] == "present"


@pytest.mark.parametrize("grace", [-1.0, float("nan")])
def test_a_grace_that_is_not_seconds_is_refused_in_words(grace: float) -> None:
    with pytest.raises(ClassroomError, match="grace is a number of seconds"):
        start("turin", players=3, grace=grace, show=False)


def test_a_student_a_robot_stands_in_for_still_counts_and_shows_as_away(
    turin: Classroom,
) -> None:
    c = turin
    tokens = seat_table(c)
    table = c.room.seat_for(tokens[0])[0].number
    before = call(c.url, "GET", "/api/teacher/status", token=c.room.teacher_secret).json
    status = teacher(c, "stand-in", table, 1)
    assert status["students"] == before["students"]  # Bob is still one of the class
    assert status["away"] == before["away"] + 1
    status = teacher(c, "robot", table, 2)  # Cy's seat goes to a robot for good: not a student
    assert status["students"] == before["students"] - 1 and status["away"] == before["away"] + 1
    back = call(c.url, "POST", "/api/seat/return", {}, token=tokens[1])
    assert back.status == 200


def test_a_bot_over_the_network_takes_its_seat_back_when_it_reconnects(turin: Classroom) -> None:
    from tradekit.classroom import Connection, connect

    c = turin
    for table in list(c.room.tables.values()):
        if not table.started:
            c.room.start(table.number)
    # The bot's seat, at a table the teacher starts (robots in the two other seats).
    conn = Connection(c.url)
    seat_doc = conn.join(c.code, "Bot")
    c.room.start(seat_doc["table"])
    first = connect(c.url, c.code, "random", seed=1, max_decisions=2, token=conn.token)
    assert first.decisions == 2 and not first.over and first.token == conn.token
    c.room.stand_in(first.table, first.seat)  # the bot's process stopped: a robot plays on
    table = c.room.tables[first.table]
    assert table.over or table.seats[first.seat].stand_in
    again = connect(c.url, c.code, "random", seed=2, token=first.token)
    assert not table.seats[first.seat].stand_in  # the bot's seat again
    assert again.over and (again.table, again.seat) == (first.table, first.seat)
    assert again.scores == tuple(table.state.scores())  # type: ignore[union-attr]
    assert table.session is not None and table.state is not None
    robot = sum(1 for seat, bot, _ in table.session.explanations.values()
                if seat == first.seat and bot)  # fmt: skip
    mine = sum(1 for s, _ in table.state.decisions if s == first.seat)
    assert mine == first.decisions + again.decisions + robot
