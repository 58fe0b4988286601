"""Whole games over the network, and a server started again on the same file.

Three simulated students (threads running :func:`tradekit.classroom.connect` with bots) play a
whole game of Turin Market and one of Medici through the JSON API and the event streams. The
game they end with must be the one the room's file rebuilds, and its full save must replay.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

import tradekit
from tests.classroom.web import call
from tradekit.classroom import Played, Room, connect, start


def play_students(url: str, code: str, bots: list[Any]) -> list[Played]:
    results: list[Played] = []
    errors: list[BaseException] = []

    def student(i: int) -> None:
        try:
            results.append(connect(url, code, bots[i], name=f"student {i}", seed=i))
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(len(bots))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    return sorted(results, key=lambda r: r.seat)


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("turin", {"players": 3}, ["heuristic", "random", "heuristic"]),
        ("medici", {"players": 3}, ["heuristic", "heuristic", "random"]),
    ],
)
def test_three_students_play_a_whole_game_and_the_file_rebuilds_it(
    tmp_path: Path, game: str, options: dict[str, Any], bots: list[str]
) -> None:
    db = tmp_path / "class.db"
    with start(game, db=db, seed=5, rate=5000, burst=5000, show=False, **options) as c:
        results = play_students(c.url, c.code, bots)
        table = c.room.tables[1]
        state = table.state
        assert state is not None and state.is_over
        final = state.to_json()
    assert [r.seat for r in results] == [0, 1, 2] and all(r.over for r in results)
    assert {r.scores for r in results} == {tuple(state.scores())}
    assert sum(r.decisions for r in results) == len(state.decisions)  # every seat a student's
    rebuilt = Room.open(db=db)
    assert rebuilt.tables[1].state.to_json() == final  # type: ignore[union-attr]
    rebuilt.close()
    assert tradekit.replay(final).to_json() == final


def test_a_function_plays_a_seat_next_to_two_robots() -> None:
    seen: list[int] = []

    def cautious(view: Any, legal: list[Any]) -> Any:
        seen.append(len(legal))
        return legal[0]

    with start("turin", players=3, seed=3, show=False, rate=5000, burst=5000) as c:
        result: list[Played] = []
        thread = threading.Thread(target=lambda: result.append(connect(c.url, c.code, cautious)))
        thread.start()
        # The teacher starts the table once the student has joined (robots in seats 1 and 2).
        for _ in range(200):
            if c.room.tables.get(1) is not None:
                break
            threading.Event().wait(0.01)
        call(c.url, "POST", "/api/teacher/start", {"table": 1}, token=c.room.teacher_secret)
        thread.join(60)
        assert result and result[0].over and result[0].decisions == len(seen) > 0
        assert all(n > 0 for n in seen) and result[0].fallbacks == 0


def test_a_server_started_again_on_the_file_resumes_the_tables(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    with start("turin", players=3, db=db, seed=9, show=False, rate=5000, burst=5000) as c:
        tokens = []
        for name in ("Ada", "Bob", "Cy"):
            tokens.append(call(c.url, "POST", "/api/join", {"code": c.code, "name": name}).json)
        for _ in range(4):  # a few decisions, through the API
            for seat in tokens:
                doc = call(c.url, "GET", "/api/state", token=seat["token"]).json
                if doc["your_turn"]:
                    action = {"action": doc["legal"][-1]["action"], "version": doc["version"]}
                    assert (
                        call(c.url, "POST", "/api/act", action, token=seat["token"]).status == 200
                    )
        before = [call(c.url, "GET", "/api/state?html=1", token=s["token"]).json for s in tokens]
        made = len(c.room.tables[1].state.decisions)  # type: ignore[union-attr]
        last = before[0]
        code = c.code
    assert made >= 4
    with start("turin", players=3, db=db, show=False) as again:
        assert again.code == code
        after = [call(again.url, "GET", "/api/state?html=1", token=s["token"]).json for s in tokens]
        assert after == before  # same decisions, same log, same versions: tokens still work
        # The answer a student's page sent just before the stop, sent again: it is refused
        # (its version is stale, or the seat is no longer to move), never applied twice.
        for seat, doc in zip(tokens, before, strict=True):
            if doc["legal"]:
                retry = {"action": doc["legal"][0]["action"], "version": doc["version"] - 1}
                assert call(again.url, "POST", "/api/act", retry, token=seat["token"]).status == 409
        assert len(again.room.tables[1].state.decisions) == made  # type: ignore[union-attr]
        assert last["version"] == after[0]["version"]
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == made
