"""Class mode's figures: a commit to the room's file, the API's answers, a whole networked game.

All on 127.0.0.1, with a server started by ``tradekit.classroom.start`` on a temporary file
(``synchronous=FULL``, so each commit waits for the disk):

* a commit: one decision written and synced (the floor of every student's action);
* ``GET /api/state`` for a seat, answered from the reply built for its version, and built anew
  with the table drawn (``?html=1``) after a change;
* a whole game of Turin Market for 3 played by three networked bots (``connect``): wall time,
  and the decisions a second the server keeps up.

Run it with the project's venv (``python3 dev.py bench``); it needs the ``classroom`` extra.
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from tradekit.classroom import Connection, connect, start
from tradekit.classroom.store import Store


def commits(folder: Path, n: int = 200) -> float:
    """Median seconds to commit one decision."""
    store = Store(folder / "commits.db")
    room = store.create_room("ABCDEF", "turin", {"players": 3}, None, "0" * 64)
    table = store.add_table(room, 1, seed=1)
    times = []
    for i in range(n):
        began = time.perf_counter()
        with store.transaction() as tx:
            tx.add_decision(table, i, 0, {"type": "Offer", "card": 1}, "", "")
        times.append(time.perf_counter() - began)
    store.close()
    return statistics.median(times)


def replies(folder: Path, n: int = 200) -> tuple[float, float]:
    """Median seconds of a cached ``GET /api/state`` and of one drawn anew after a change."""
    with start(
        "turin", players=3, db=folder / "replies.db", show=False, rate=1e6, burst=10**6
    ) as c:
        conns = [Connection(c.url) for _ in range(3)]
        for i, conn in enumerate(conns):
            conn.join(c.code, f"student {i}")
        cached = []
        for _ in range(n):
            began = time.perf_counter()
            conns[0].state()
            cached.append(time.perf_counter() - began)
        fresh = []
        table = c.room.tables[1]
        for _ in range(n // 10):
            table.cache.clear()
            began = time.perf_counter()
            conns[0].request("GET", "/api/state?html=1")
            fresh.append(time.perf_counter() - began)
    return statistics.median(cached), statistics.median(fresh)


def whole_game(folder: Path) -> tuple[float, int]:
    """Seconds for three networked bots to play a game of Turin Market, and its decisions."""
    with start("turin", players=3, db=folder / "game.db", show=False, rate=1e6, burst=10**6) as c:
        threads = [
            threading.Thread(target=connect, args=(c.url, c.code, "heuristic"), kwargs={"seed": i})
            for i in range(3)
        ]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.perf_counter() - began
        state = c.room.tables[1].state
        assert state is not None and state.is_over
        return took, len(state.decisions)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        commit = commits(folder)
        cached, fresh = replies(folder)
        took, decisions = whole_game(folder)
    print(f"commit of one decision (synchronous=FULL): {commit * 1000:.2f} ms (median)")
    print(f"GET /api/state, cached for its version:   {cached * 1000:.2f} ms (median)")
    print(f"GET /api/state?html=1, drawn anew:        {fresh * 1000:.2f} ms (median)")
    print(
        f"a game of Turin Market by 3 networked bots: {took:.2f} s, {decisions} decisions, "
        f"{decisions / took:.0f} decisions/s"
    )


if __name__ == "__main__":
    main()
