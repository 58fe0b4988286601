"""``tradekit classroom``: a bad argument is one line and exit status 2; a good one serves.

The server itself is tested through :func:`tradekit.classroom.serve` run in a thread (the
command runs it in the foreground until Ctrl-C): it prints the join address, the code, the
teacher's link and a QR code, and a second run on the same file resumes the class.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest

from tests.classroom.web import call
from tradekit.classroom import Classroom, serve
from tradekit.cli import main


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["classroom"], "the following arguments are required: game"),
        (["classroom", "chess"], "unknown game 'chess'"),
        (["classroom", "turin", "--players", "9"], "option 'players' = 9"),
        (["classroom", "turin", "--players", "0"], "--players: 0 is out of range"),
        (["classroom", "turin", "-o", "scoring=blue"], "option 'scoring' = 'blue'"),
        (["classroom", "turin", "-o", "scoring"], "key=value"),
        (["classroom", "turin", "--port", "70000"], "--port: 70,000 is out of range"),
        (["classroom", "turin", "--port", "x"], "--port: invalid int value"),
        (["classroom", "turin", "--seed", "-1"], "--seed: -1 is out of range"),
        (["classroom", "turin", "--grace", "-5"], "--grace: -5 is out of range"),
        (["classroom", "turin", "--grace", "soon"], "--grace: invalid float value"),
        (["classroom", "turin", "--host", " "], "--host: expected an address"),
        (["classroom", "turin", "--db", "/no/such/folder/class.db"], "does not exist"),
        (["classroom", "turin", "--host", "203.0.113.9"], "cannot listen on 203.0.113.9:8000"),
        (["classroom", "turin", "--games", "0"], "--games: 0 is out of range"),
        (["classroom", "turin", "--games", "21"], "--games: 21 is out of range"),
        (
            ["classroom", "turin", "--games", "2", "--then", "scoring=red"],
            "not allowed with --then",
        ),
        (["classroom", "turin", "--then", "scoring"], "key=value"),
        (["classroom", "turin", "--then", "scoring=blue"], "option 'scoring' = 'blue'"),
        (["classroom", "turin", "--then", "players=4"], "the same number of players"),
        (["classroom", "turin", "--then"], "--then: expected at least one argument"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tradekit: error: "), captured.err
    assert words in lines[0]
    assert captured.out == ""


def test_a_file_of_another_class_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "class.db"
    from tradekit.classroom import Room

    Room.open("medici", db=db, players=3).close()
    assert main(["classroom", "turin", "--db", str(db), "--port", "0"]) == 2
    assert "holds a class of medici" in capsys.readouterr().err


def run_serve(db: Path, **more: object) -> tuple[Classroom, threading.Thread, io.StringIO]:
    out = io.StringIO()
    ready: list[Classroom] = []
    options = {"scoring": "red"}
    thread = threading.Thread(
        target=serve,
        args=("turin",),
        kwargs={"players": 3, "port": 0, "db": db, "options": options, "out": out,
                "ready": ready.append, **more},
    )  # fmt: skip
    thread.start()
    for _ in range(500):
        if ready and ready[0].room.listeners:  # the app has started
            break
        threading.Event().wait(0.01)
    assert ready, out.getvalue()
    return ready[0], thread, out


def stop(handle: Classroom, thread: threading.Thread) -> None:
    handle._server.should_exit = True
    thread.join(10)
    assert not thread.is_alive()


def test_serve_prints_the_addresses_and_a_qr_code_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    handle, thread, out = run_serve(db)
    try:
        text = out.getvalue()
        assert f"Students open:   {handle.join_url}" in text
        assert f"Join code:       {handle.code}" in text
        assert f"Teacher's page:  {handle.teacher_url}" in text and "key=" in text
        assert "▀" in text or "█" in text  # the QR code, drawn in the terminal
        joined = call(handle.url, "POST", "/api/join", {"code": handle.code, "name": "Ada"})
        assert joined.status == 200
        token = joined.json["token"]
    finally:
        stop(handle, thread)
    handle, thread, out = run_serve(db)
    try:
        assert handle.room.game.options()["scoring"] == "red"
        assert call(handle.url, "GET", "/api/state", token=token).json["names"][0] == "Ada (you)"
    finally:
        stop(handle, thread)


def test_games_and_then_make_a_match_and_a_series_that_the_file_keeps(tmp_path: Path) -> None:
    from tradekit.cli import build_parser, classroom_series

    args = build_parser().parse_args(
        [
            "classroom",
            "turin",
            "--then",
            "scoring=classic",
            "goose=tiebreak",
            "--then",
            "goose=underdog",
        ]
    )
    assert classroom_series(args) == [{}, {"scoring": "classic", "goose": "tiebreak"},
                                      {"goose": "underdog"}]  # fmt: skip
    handle, thread, out = run_serve(tmp_path / "match.db", games=3)
    try:
        assert "A match:         3 games a table, scores summed" in out.getvalue()
        assert handle.room.series.count == 3
    finally:
        stop(handle, thread)
    handle, thread, out = run_serve(tmp_path / "series.db", series=[{}, {"scoring": "classic"}])
    try:
        assert "the same deal under scoring=red, then scoring=classic" in out.getvalue()
    finally:
        stop(handle, thread)
    # The same file again without the series: refused, it names the series it holds.
    assert main(["classroom", "turin", "-o", "scoring=red", "--db", str(tmp_path / "series.db"),
                 "--port", "0"]) == 2  # fmt: skip
