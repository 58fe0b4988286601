"""A class's server killed mid-game (SIGKILL) and started again on its file loses nothing.

The server runs as ``tradekit classroom`` in a subprocess. Three tables play (two of three
students, one of a student and two robots), the students being threads that act through the
JSON API, each from its own loopback address as each device of a class has its own. One table
is left in a sealed step of Turin Market: one student has sealed, another has not. The server
is killed while the other tables' students are sending actions, then started again on the same
file and port. Then:

* every table is back as it was: the same decisions and the same full save as the last
  acknowledged state, and the idle table's students see byte for byte what they saw;
* every acknowledged action is stored exactly once (0 lost, 0 applied twice); an action whose
  answer the kill cut off is stored once or not at all;
* the students' tokens still work, an answer sent again after the restart is refused, and the
  students play on to the end;
* each final save is what an uninterrupted game of the same actions gives: its decisions
  applied to a fresh deal of its seed yield the same save, log included.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import tradekit

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: Runs the command line as the ``tradekit`` command does, from this checkout.
CLI = "import sys; from tradekit.cli import main; sys.exit(main(sys.argv[1:]))"
#: Seconds to wait for anything (a server to start, a table to reach a point, a game to end).
WAIT = 60.0


class Server:
    """``tradekit classroom`` in a subprocess; ``url``, ``code`` and ``secret`` read from what it
    prints."""

    def __init__(
        self, game: str, db: Path, port: int, log: Path, extra: tuple[str, ...] = ()
    ) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        argv = ["classroom", game, "--players", "3", "--db", str(db), "--port", str(port)]
        argv += ["--seed", "7", *extra]  # the same deals at each run of the test
        self._log = log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CLI, *argv],
            stdout=subprocess.PIPE,
            stderr=self._log,
            env=env,
            cwd=ROOT,
        )
        printed = self._read_until_serving()
        found = re.search(r"Students open:\s+(http://[\d.]+:(\d+))/\?code=", printed)
        code = re.search(r"Join code:\s+(\S+)", printed)
        secret = re.search(r"Teacher's page:\s+\S+/teacher\?key=(\S+)", printed)
        assert found and code and secret, printed
        self.url, self.port = found[1], int(found[2])
        self.code, self.secret = code[1], secret[1]

    def _read_until_serving(self) -> str:
        assert self.proc.stdout is not None
        lines = []
        for raw in self.proc.stdout:
            lines.append(raw.decode("utf-8", "replace"))
            if lines[-1].startswith("Serving;"):
                return "".join(lines)
        self.proc.wait(10)
        raise AssertionError(f"the server stopped before serving: {''.join(lines)}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last commit, no closing of the file."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self._close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close()

    def _close(self) -> None:
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._log.close()

    def teacher(self, method: str, path: str, body: Any = None) -> Any:
        for _ in range(50):
            status, doc = request(self.url, method, path, body, token=self.secret)
            if status != 429:  # the test's polling is over the limit per device: wait
                break
            time.sleep(0.5)
        assert status == 200, (path, status, doc)
        return doc

    def save(self, table: int, game: int | None = None) -> dict[str, Any]:
        which = "" if game is None else f"&game={game}"
        save: dict[str, Any] = self.teacher("GET", f"/api/teacher/save?table={table}{which}")
        return save


def request(
    url: str,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = None,
    source: str | None = None,
) -> tuple[int, Any]:
    """One request from ``source`` (an address of this machine); the status and the JSON.

    Raises:
        OSError: the server could not be reached, or the connection broke before the answer.
    """
    host, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(
        host, int(port), timeout=30, source_address=None if source is None else (source, 0)
    )
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    except http.client.HTTPException as exc:  # a half-sent answer: the server died mid-reply
        raise ConnectionError(str(exc)) from None
    finally:
        conn.close()


class Student:
    """A simulated student at one seat, choosing at random among the legal actions.

    Attributes:
        sent: the student's own actions in order, each ``("ack", action)`` when the server
            answered 200, or ``("cut", action)`` when the connection broke before an answer
            (the kill): the server may have stored it or not.
        errors: answers other than 200 and the expected 409 (not now, stale).
    """

    def __init__(self, server: Server, number: int, name: str) -> None:
        self.url = server.url
        self.source = f"127.0.1.{number + 1}"  # each device of a class has its own address
        self.rng = random.Random(number)
        status, doc = self.call("POST", "/api/join", {"code": server.code, "name": name})
        assert status == 200, doc
        self.token: str = doc["token"]
        self.table: int = doc["table"]
        self.seat: int = doc["seat"]
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.errors: list[tuple[int, Any]] = []
        self.refused = 0
        #: Set while an action is on its way and not yet answered.
        self.sending = threading.Event()
        #: Whether the student says they are ready for the next game of a match at once.
        self.next_game = False

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        for _ in range(50):
            status, doc = request(
                self.url, method, path, body, token=getattr(self, "token", None), source=self.source
            )
            if status != 429:
                return status, doc
            time.sleep(0.2)  # the server's limit per device: wait, as a page does
        return status, doc

    def state(self) -> dict[str, Any]:
        status, doc = self.call("GET", "/api/state")
        assert status == 200, doc
        return dict(doc)

    def step(self, doc: dict[str, Any]) -> dict[str, Any] | None:
        """Act once if the seat is to move; the reply, or ``None`` if nothing was answered. A
        game over with another to come: ready for it (if :attr:`next_game`)."""
        if self.next_game and doc["between"] and not doc["ready"]:
            status, reply = self.call("POST", "/api/next", {})
            return dict(reply) if status == 200 else None
        if doc["over"] or not doc["your_turn"] or not doc["legal"]:
            return doc
        action = self.rng.choice(doc["legal"])["action"]
        self.sending.set()
        try:
            status, reply = self.call(
                "POST", "/api/act", {"action": action, "version": doc["version"]}
            )
        except OSError:
            self.sent.append(("cut", action))
            return None
        finally:
            self.sending.clear()
        if status == 200:
            self.sent.append(("ack", action))
            return dict(reply)
        if status == 409:
            self.refused += 1
        else:
            self.errors.append((status, reply))
        return None

    def play(self, stop: threading.Event, most: int | None = None) -> None:
        """Act whenever the seat is to move, until ``stop``, the game's end or ``most``
        actions; a server that does not answer (killed, starting again) is tried again."""
        doc: dict[str, Any] | None = None
        until = None if most is None else len(self.sent) + most
        while not stop.is_set() and (until is None or len(self.sent) < until):
            try:
                if doc is None:
                    doc = self.state()
                if doc["over"]:
                    return
                before = doc["version"]
                doc = self.step(doc)
                if doc is not None and doc["version"] == before:
                    time.sleep(0.06)  # waiting for the others: look again (20 requests/s max)
                    doc = None
            except OSError:
                doc = None
                time.sleep(0.05)

    def mine(self, save: dict[str, Any]) -> list[dict[str, Any]]:
        """The seat's decisions in a full save."""
        return [action for seat, action in save["decisions"] if seat == self.seat]

    def check_stored_once(self, save: dict[str, Any]) -> None:
        """The seat's stored decisions are its acknowledged actions, each once, in order, with
        each cut-off action stored once or not at all."""
        stored = self.mine(save)
        expected: list[list[dict[str, Any]]] = [[]]
        for kind, action in self.sent:
            if kind == "ack":
                expected = [[*e, action] for e in expected]
            else:
                expected = [e + extra for e in expected for extra in ([], [action])]
        assert stored in expected, (self.table, self.seat, stored, self.sent)


@contextmanager
def playing(
    students: list[Student], most: dict[int, int] | None = None
) -> Iterator[threading.Event]:
    """The students play in threads until the block ends (``most``: at most so many actions
    for the students of some tables)."""
    stop = threading.Event()
    threads = [
        threading.Thread(target=s.play, args=(stop, (most or {}).get(s.table)), daemon=True)
        for s in students
    ]
    for thread in threads:
        thread.start()
    try:
        yield stop
    finally:
        stop.set()
        for thread in threads:
            thread.join(WAIT)
        assert not any(thread.is_alive() for thread in threads)


def acks(students: list[Student]) -> list[dict[str, Any]]:
    """The students' acknowledged actions."""
    return [action for s in students for kind, action in s.sent if kind == "ack"]


def wait_for(what: str, ready: Any) -> None:
    deadline = time.monotonic() + WAIT
    while not ready():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def loopback_range() -> bool:
    """Whether this machine answers on all of 127.0.0.0/8 (Linux does; macOS has 127.0.0.1
    only), so that each simulated student can send from an address of its own."""
    try:
        with socket.socket() as sock:
            sock.bind(("127.0.1.1", 0))
        return True
    except OSError:
        return False


def seal_one(students: list[Student]) -> tuple[Student, Student]:
    """Play table's students in turn until a sealed step where several are to move, then let
    the first of them seal: returns (the one who sealed, one who has not)."""
    by_seat = {s.seat: s for s in students}
    for _ in range(200):
        doc = students[0].state()
        assert not doc["over"], "the game ended before a sealed step"
        movers = [by_seat[seat] for seat in doc["to_move"] if seat in by_seat]
        if len(doc["to_move"]) == len(students) == len(movers):
            sealer, waiting = movers[0], movers[1]
            assert sealer.step(sealer.state()) is not None
            doc = students[0].state()
            assert sealer.seat not in doc["to_move"] and waiting.seat in doc["to_move"]
            return sealer, waiting
        assert movers[0].step(movers[0].state()) is not None
    raise AssertionError("no sealed step in 200 decisions")


def fresh_game(save: dict[str, Any]) -> str:
    """The full save of the same decisions applied to a fresh deal of the same seed."""
    game = tradekit.load_game(save["game"], **save["options"])
    state = game.new_state(seed=save["seed"], setup=save["setup"])
    for seat, action in save["decisions"]:
        legal = {a.to_json() == action: a for a in state.legal_actions(seat)}
        assert True in legal, (seat, action)
        state.apply(seat, legal[True])
    return state.to_json()


@pytest.mark.parametrize("game", ["turin", "medici"])
def test_a_killed_server_resumes_every_table_and_loses_no_action(game: str, tmp_path: Path) -> None:
    if not loopback_range():
        pytest.skip(
            "each student needs an address of its own in 127.0.0.0/8 (the limit per device)"
        )
    db, log = tmp_path / "class.db", tmp_path / "server.log"
    server = Server(game, db, free_port(), log)
    try:
        # Tables 1 and 2: three students each; table 3: one student, the teacher starts it.
        students = [Student(server, i, f"student {i}") for i in range(7)]
        assert [(s.table, s.seat) for s in students] == [
            (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)
        ]  # fmt: skip
        server.teacher("POST", "/api/teacher/start", {"table": 3})
        idle, busy = students[:3], students[3:]

        # Tables 1 and 2 play a while (table 3 waits, so that its robots do not finish the
        # game); then table 1 is brought to a sealed step (Turin's offers and bids are
        # simultaneous: one student seals, another has not yet).
        with playing(students[:6]):
            wait_for(
                "a few decisions at tables 1 and 2",
                lambda: all(len(server.save(n)["decisions"]) >= 12 for n in (1, 2)),
            )
        if game == "turin":
            sealer, waiting = seal_one(idle)
        before = {n: server.save(n) for n in (1, 2, 3)}
        seen = [s.state() for s in idle]

        # The other tables' students act as fast as they may; the kill lands among them. Table
        # 3's student, whose robots answer at once, makes a few actions only, so that the kill
        # comes mid-game there too.
        earlier = {n: len(acks([s for s in busy if s.table == n])) for n in (2, 3)}
        with playing(busy, most={3: 6}):
            wait_for("actions after the last save", lambda: all(
                len(acks([s for s in busy if s.table == n])) >= earlier[n] + 4 for n in (2, 3)
            ))  # fmt: skip
            # Killed while an action is on its way, if one can be caught (an action takes a few
            # milliseconds, a student waits 60 between looks).
            deadline = time.monotonic() + 2
            while not any(s.sending.is_set() for s in busy) and time.monotonic() < deadline:
                time.sleep(0.0005)
            server.kill()
            time.sleep(0.2)  # students keep trying against a dead server
    finally:
        server.stop()

    server = Server(game, db, server.port, log)
    try:
        after = {n: server.save(n) for n in (1, 2, 3)}
        # The idle table is exactly as acknowledged; its students see what they saw.
        assert after[1] == before[1]
        assert [s.state() for s in idle] == seen
        if game == "turin":
            doc = waiting.state()
            assert waiting.seat in doc["to_move"] and sealer.seat not in doc["to_move"]
            # The sealed answer sent again (a page retrying after the restart): refused.
            again = {
                "action": sealer.mine(after[1])[-1],
                "version": seen[sealer.seat]["version"] - 1,
            }
            assert sealer.call("POST", "/api/act", again)[0] == 409
            assert server.save(1) == after[1]
        for n in (2, 3):
            # The busy tables went on from the last save: it is a prefix of theirs.
            assert after[n]["decisions"][: len(before[n]["decisions"])] == before[n]["decisions"]
            assert len(after[n]["decisions"]) > len(before[n]["decisions"])
            cut = tradekit.replay(after[n]).branch(len(before[n]["decisions"]))
            assert json.loads(cut.to_json()) == before[n]
        for student in students:
            student.check_stored_once(after[student.table])
        assert not tradekit.replay(after[3]).is_over  # the kill came mid-game
        assert sum(kind == "cut" for s in busy for kind, _ in s.sent) <= len(busy)

        # Tokens still work: everyone plays on to the end.
        with playing(students):
            wait_for("every game's end", lambda: all(
                s.state()["over"] for s in students
            ))  # fmt: skip
        final = {n: server.save(n) for n in (1, 2, 3)}
    finally:
        server.stop()

    assert not [e for s in students for e in s.errors]
    for student in students:
        student.check_stored_once(final[student.table])
    with sqlite3.connect(db) as raw:
        stored = dict(raw.execute("SELECT table_id, COUNT(*) FROM decisions GROUP BY table_id"))
    assert sorted(stored.values()) == sorted(len(s["decisions"]) for s in final.values())
    for n, save in final.items():
        assert tradekit.replay(save).is_over, n
        assert json.loads(fresh_game(save)) == save, n


def test_a_killed_server_resumes_a_match_in_the_right_game_with_identical_logs(
    tmp_path: Path,
) -> None:
    if not loopback_range():
        pytest.skip(
            "each student needs an address of its own in 127.0.0.0/8 (the limit per device)"
        )
    db, log = tmp_path / "class.db", tmp_path / "server.log"
    extra = ("--games", "2", "-o", "goose=tiebreak")
    server = Server("turin", db, free_port(), log, extra)
    try:
        students = [Student(server, i, f"student {i}") for i in range(6)]
        busy, waiting = students[:3], students[3:]  # tables 1 and 2
        for s in busy:
            s.next_game = True
        # Table 2 plays game 1 to its end; two of its three students say they are ready.
        with playing(waiting):
            wait_for("table 2's first game to end", lambda: waiting[0].state()["game_over"])
        for s in waiting[:2]:
            assert s.call("POST", "/api/next", {})[0] == 200
        # Table 1 plays game 1, moves on, and plays into game 2; the kill lands there.
        with playing(busy):
            wait_for("table 1 in game 2", lambda: busy[0].state()["game_number"] == 2)
            first = server.save(1, game=1)
            wait_for("decisions in table 1's game 2",
                     lambda: len(server.save(1)["decisions"]) >= 10)  # fmt: skip
            before = {"game 1 of table 2": server.save(2), "game 2 of table 1": server.save(1)}
            seen = [s.state() for s in waiting]
            deadline = time.monotonic() + 2
            while not any(s.sending.is_set() for s in busy) and time.monotonic() < deadline:
                time.sleep(0.0005)
            server.kill()
            time.sleep(0.2)
    finally:
        server.stop()

    server = Server("turin", db, server.port, log, extra)
    try:
        # Table 2: between its games, exactly as it was (two of three ready).
        assert [s.state() for s in waiting] == seen
        assert seen[0]["between"] and seen[0]["ready_count"] == 2
        assert server.save(2) == before["game 1 of table 2"]
        # Table 1: game 1 as it ended, game 2 going on from the last save.
        assert server.save(1, game=1) == first
        after = server.save(1)
        kept = before["game 2 of table 1"]["decisions"]
        assert after["decisions"][: len(kept)] == kept and busy[0].state()["game_number"] == 2
        assert after["setup"] == {"goose": tradekit.replay(first).goose_holder}  # type: ignore[attr-defined]
        for student in busy:
            student.check_stored_once({"decisions": first["decisions"] + after["decisions"]})
        # The third student of table 2 is ready: its game 2 is dealt; everyone plays to the end.
        waiting[2].next_game = True
        for s in waiting:
            s.next_game = True
        with playing(students):
            wait_for("every match's end", lambda: all(s.state()["over"] for s in students))
        final = {(n, g): server.save(n, game=g) for n in (1, 2) for g in (1, 2)}
    finally:
        server.stop()
    assert not [e for s in students for e in s.errors]
    assert final[(1, 1)] == first and final[(2, 1)] == before["game 1 of table 2"]
    for student in students:
        n = student.table
        student.check_stored_once({"decisions": final[(n, 1)]["decisions"]
                                   + final[(n, 2)]["decisions"]})  # fmt: skip
    with sqlite3.connect(db) as raw:
        stored = dict(
            ((t, g), k)
            for t, g, k in raw.execute(
                "SELECT t.number, d.game, COUNT(*) FROM decisions d JOIN tables t "
                "ON t.id = d.table_id GROUP BY t.number, d.game"
            )
        )
    assert stored == {(n, g - 1): len(final[(n, g)]["decisions"]) for n, g in final}
    for save in final.values():
        assert tradekit.replay(save).is_over
        assert json.loads(fresh_game(save)) == save
