"""Class mode under a real load tool: Locust's students play Turin Market against the server.

A class of Turin Market for 3 is served from this process, on a temporary file (each commit
synced, as in class). Locust runs headless in its own process with 12 students
(``bench/_classroom_locustfile.py``: each on its own loopback address, acting as fast as the rules
allow, joining again when their game ends) for a few seconds. Then:

* Locust counted no failure (every answer 2xx, or a 409 for a table that moved on) and the
  students played;
* every action the server acknowledged is in the class's file, once, in order, at its seat, and
  the file holds no student's decision that was not acknowledged;
* every table replays from the file alone, and a finished one to its final scores.

The figures (latencies under 60 and 240 students) are the bench's:
``bench/bench_load_classroom.py`` and, with Locust, the command in the locustfile's docstring.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import tradekit
from tradekit.core.actions import action_from_json

pytest.importorskip("starlette")
# Locust is looked for, never imported here: importing it patches the standard library for
# gevent, which would break this process (and pytest-xdist's workers). It runs in its own process.
if importlib.util.find_spec("locust") is None:
    pytest.skip("the load test needs Locust (pip install locust)", allow_module_level=True)
from tradekit.classroom import start

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
LOCUSTFILE = ROOT / "bench" / "_classroom_locustfile.py"
STUDENTS = 12
SECONDS = 12


def _locust() -> list[str]:
    script = Path(sys.executable).with_name("locust")
    return [str(script)] if script.exists() else [sys.executable, "-m", "locust"]


def _decisions(db: Path) -> dict[int, tuple[int, list[tuple[int, dict[str, Any]]]]]:
    """Each started table's seed and stored decisions (seat, action), in order."""
    with sqlite3.connect(db) as raw:
        numbers = dict(raw.execute("SELECT id, number FROM tables"))
        out: dict[int, tuple[int, list[tuple[int, dict[str, Any]]]]] = {
            numbers[tid]: (seed, [])
            for tid, seed in raw.execute("SELECT id, seed FROM tables WHERE started IS NOT NULL")
        }
        for tid, seat, action in raw.execute(
            "SELECT table_id, seat, action FROM decisions ORDER BY table_id, idx"
        ):
            out[numbers[tid]][1].append((seat, json.loads(action)))
    return out


def test_locust_students_lose_no_action_and_see_no_error(tmp_path: Path) -> None:
    acks = tmp_path / "acks.jsonl"
    with start("turin", players=3, db=tmp_path / "class.db", seed=5, show=False) as c:
        env = {
            **os.environ,
            "TRADEKIT_CLASS_CODE": c.code,
            "TRADEKIT_LOAD_ACKS": str(acks),
            "PYTHONPATH": str(ROOT),
        }
        argv = [
            *_locust(),
            "-f",
            str(LOCUSTFILE),
            "--headless",
            "-u",
            str(STUDENTS),
            "-r",
            str(STUDENTS),
            "-t",
            f"{SECONDS}s",
            "--host",
            c.url,
            "--csv",
            str(tmp_path / "load"),
            "--only-summary",
            "--stop-timeout",
            "5",
            "--loglevel",
            "WARNING",
        ]
        done = subprocess.run(
            argv, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS + 90
        )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    with open(tmp_path / "load_stats.csv", encoding="utf-8") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    total = rows["Aggregated"]
    assert int(total["Failure Count"]) == 0, (tmp_path / "load_failures.csv").read_text()
    assert int(rows["/api/act"]["Request Count"]) >= 50  # the students did play

    acked: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for line in acks.read_text(encoding="utf-8").splitlines():
        ack = json.loads(line)
        acked[ack["table"], ack["seat"]].append(ack["action"])
    assert acked, "no action was acknowledged"

    tables = _decisions(tmp_path / "class.db")
    # Every table started full of students (no robot: the teacher started none and no grace
    # period was set), so every stored decision is a student's.
    stored: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for number, (_, decisions) in tables.items():
        for seat, action in decisions:
            stored[number, seat].append(action)
    # Nothing lost, nothing applied twice, nothing the students were not told of: per seat,
    # the file holds exactly the acknowledged actions, in the order they were acknowledged.
    assert stored == acked

    finished = 0
    game = tradekit.load_game("turin", players=3)
    for seed, decisions in tables.values():
        state = game.new_state(seed=seed)
        for seat, action in decisions:
            state.apply(seat, action_from_json(action, game.action_types))
        finished += state.is_over
    assert finished >= 1, "no table finished its game"
