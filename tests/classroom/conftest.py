"""Fixtures for class mode: real servers on 127.0.0.1 with a free port, one per module.

A server takes about half a second to start, so each test module shares one; every test seats
its own students (so at its own table) and never relies on what another test did to the room.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.classroom.web import call
from tradekit.classroom import Classroom, start


@pytest.fixture(scope="module")
def turin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """A class of Turin Market for 3, on a file, with a rate limit no test reaches."""
    db = tmp_path_factory.mktemp("classroom") / "turin.db"
    with start("turin", players=3, db=db, seed=21, rate=5000, burst=5000, show=False) as c:
        yield c


def seat_table(c: Classroom, names: tuple[str, ...] = ("Ada", "Bob", "Cy")) -> list[str]:
    """Join ``names`` through the API at a new table; their tokens (a full table starts)."""
    for table in list(c.room.tables.values()):
        if not table.started:  # a table another test left waiting: out of the way
            c.room.start(table.number)
    tokens = []
    for name in names:
        reply = call(c.url, "POST", "/api/join", {"code": c.code, "name": name})
        assert reply.status == 200, reply.text
        tokens.append(reply.json["token"])
    assert len({token.split(".")[0] for token in tokens}) == 1
    return tokens


def db_path(c: Classroom) -> Path:
    return Path(c.room.store.path)
