"""Class mode under load: many simulated students playing Turin Market over 127.0.0.1.

The server runs in its own process (``tradekit.classroom.start`` on a temporary file, so each
commit is synced to the disk as in a class), so that the students' client does not share its
event loop. The students are one asyncio client (httpx): each joins, follows its seat's event
stream, and acts as soon as the rules let it (a random legal action, sent with the version it
saw; ``--think``: after thinking a random time of that mean, as people do); when its game ends
it joins again, at a new table. Each student sends from its own loopback address, as each
device of a class has its own, so the server's limit per device (20 requests a second, 60 at
once; ``--rate``) applies to each as it would in class.

Printed:

* actions a second (acknowledged), and the answers 409 (stale, not now) counted apart;
* the acting student's latency: from sending an action to its answer (p50, p95, p99);
* the update to the other students at the table: from the action's answer (and from its
  sending) to the moment each other student's event stream delivers a version that shows it;
  only the students the action changes something for are counted. The server wakes the streams
  as it commits, before it answers, so an update can come before the answer (a negative time);
* errors: every answer that is not 2xx, 409 or 429 (429s counted apart), and failed requests;
* lost and doubled actions: every acknowledged action is looked for in the room's file at the
  end, once, in order, seat by seat; the file may hold nothing else.
* the CPU seconds the server and the client used, and the machine's load average: on a machine
  shared with other work, the latencies say as much about it as about the server.

A class holds at most ``MAX_TABLES`` tables; the bench plays many games one after another, so its
server allows more.

Run: ``python bench/bench_load_classroom.py --students 60 --seconds 60`` (needs the
``classroom`` extra and httpx).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import socket
import sqlite3
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]

#: The server's process: a class of Turin Market for 3, its addresses printed as one JSON line,
#: served until its standard input closes; then the CPU seconds it used (all its threads).
SERVER = """
import json, sys, time
from tradekit.classroom import rooms, start
rooms.MAX_TABLES = 100_000
c = start("turin", players=3, db=sys.argv[1], seed=1, rate=float(sys.argv[2]), show=False)
print(json.dumps({"url": c.url, "code": c.code}), flush=True)
sys.stdin.read()
print(json.dumps({"cpu": time.process_time()}), flush=True)
c.stop()
"""


@dataclasses.dataclass
class SeatRun:
    """What one student saw and did at one seat of one table."""

    table: int
    seat: int
    #: (sent, answered, action) of each acknowledged action, in order (perf_counter seconds).
    acks: list[tuple[float, float, Any]] = dataclasses.field(default_factory=list)
    #: (version, when) of each version the event stream delivered.
    delivered: list[tuple[int, float]] = dataclasses.field(default_factory=list)
    #: The table's changes that are not decisions (a seat's version is this plus its log).
    meta: int | None = None


@dataclasses.dataclass
class Totals:
    """Everything the students measured, all seats together."""

    seats: list[SeatRun] = dataclasses.field(default_factory=list)
    acting: list[float] = dataclasses.field(default_factory=list)
    refused: int = 0
    limited: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)


def address(i: int) -> str:
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


async def follow(client: httpx.AsyncClient, run: SeatRun, newest: asyncio.Event) -> None:
    """Record each version the seat's event stream delivers."""
    async with client.stream("GET", "/api/events", timeout=None) as stream:
        event = ""
        async for line in stream.aiter_lines():
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:") and event == "version":
                run.delivered.append((json.loads(line[5:])["version"], time.perf_counter()))
                newest.set()
            elif line.startswith("data:") and event == "gone":
                return


async def call(
    client: httpx.AsyncClient, totals: Totals, method: str, path: str, body: Any = None
) -> httpx.Response:
    while True:
        reply = await client.request(method, path, json=body)
        if reply.status_code != 429:
            return reply
        totals.limited += 1
        await asyncio.sleep(float(reply.headers.get("retry-after") or 1))


#: One TLS context for every client (the bench speaks plain HTTP, but httpx makes one per client
#: unless given one, loading the system's certificates each time: 20 ms of CPU a student).
TLS = ssl.create_default_context()


async def student(i: int, url: str, code: str, end: float, totals: Totals, think: float) -> None:
    rng = random.Random(i)
    # TCP_NODELAY, as browsers set it: no write waits for the acknowledgement of the last.
    nodelay = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
    transport = httpx.AsyncHTTPTransport(
        verify=TLS, local_address=address(i), socket_options=nodelay
    )
    async with httpx.AsyncClient(transport=transport, base_url=url, timeout=60) as client:
        while time.perf_counter() < end:
            joined = await call(
                client, totals, "POST", "/api/join", {"code": code, "name": f"s{i}"}
            )
            if joined.status_code != 200:
                totals.errors.append(f"join: {joined.status_code} {joined.text[:100]}")
                return
            seat = joined.json()
            client.headers["Authorization"] = f"Bearer {seat['token']}"
            run = SeatRun(seat["table"], seat["seat"])
            totals.seats.append(run)
            newest = asyncio.Event()
            stream = asyncio.create_task(follow(client, run, newest))
            try:
                await play(client, run, newest, rng, end, totals, think)
            except httpx.HTTPError as exc:
                totals.errors.append(f"{type(exc).__name__}: {exc}")
            finally:
                stream.cancel()


async def play(
    client: httpx.AsyncClient,
    run: SeatRun,
    newest: asyncio.Event,
    rng: random.Random,
    end: float,
    totals: Totals,
    think: float,
) -> None:
    doc = (await call(client, totals, "GET", "/api/state")).json()
    while not doc["over"] and time.perf_counter() < end:
        if run.meta is None and doc["started"]:
            run.meta = doc["version"] - doc["log_earlier"] - len(doc["log"])
        if doc["your_turn"] and doc["legal"]:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                # The page has kept up meanwhile: the choice is made on what it shows now.
                fresh = await call(client, totals, "GET", "/api/state")
                if fresh.status_code == 200:
                    doc = fresh.json()
                if doc["over"] or not doc["your_turn"] or not doc["legal"]:
                    continue
            action = rng.choice(doc["legal"])["action"]
            sent = time.perf_counter()
            reply = await call(
                client, totals, "POST", "/api/act", {"action": action, "version": doc["version"]}
            )
            answered = time.perf_counter()
            if reply.status_code == 200:
                run.acks.append((sent, answered, action))
                totals.acting.append(answered - sent)
                doc = reply.json()
                continue
            if reply.status_code == 409:
                totals.refused += 1
            else:
                totals.errors.append(f"act: {reply.status_code} {reply.text[:100]}")
        else:
            # Wait for the stream to announce a version newer than the one in hand.
            while not any(v > doc["version"] for v, _ in run.delivered[-3:]):
                newest.clear()
                left = end - time.perf_counter()
                if left <= 0:
                    return
                try:
                    await asyncio.wait_for(newest.wait(), min(20.0, left))
                except TimeoutError:
                    break
        reply = await call(client, totals, "GET", "/api/state")
        if reply.status_code != 200:
            totals.errors.append(f"state: {reply.status_code} {reply.text[:100]}")
            return
        doc = reply.json()


def stored(db: Path) -> dict[int, tuple[int, list[tuple[int, dict[str, Any]]]]]:
    """Each started table's deal seed and decisions, from the room's file."""
    with sqlite3.connect(db) as raw:
        seeds = dict(raw.execute("SELECT id, seed FROM tables WHERE started IS NOT NULL"))
        numbers = dict(raw.execute("SELECT id, number FROM tables"))
        out: dict[int, tuple[int, list[tuple[int, dict[str, Any]]]]] = {
            numbers[tid]: (seed, []) for tid, seed in seeds.items()
        }
        for tid, seat, action in raw.execute(
            "SELECT table_id, seat, action FROM decisions ORDER BY table_id, idx"
        ):
            out[numbers[tid]][1].append((seat, json.loads(action)))
    return out


@dataclasses.dataclass
class Checked:
    """What the room's file, replayed, says of the run: update times, lost and doubled actions."""

    from_answer: list[float] = dataclasses.field(default_factory=list)
    from_sending: list[float] = dataclasses.field(default_factory=list)
    lost: int = 0
    doubled: int = 0
    #: Seats whose stored decisions are not their acknowledged actions in order.
    wrong: int = 0
    over: int = 0


def updates(
    totals: Totals, tables: dict[int, tuple[int, list[tuple[int, dict[str, Any]]]]]
) -> Checked:
    """The other students' update times (from the answer, from the sending), and the lost and
    doubled actions, by replaying each table's stored decisions."""
    import tradekit
    from tradekit.core.actions import action_from_json

    game = tradekit.load_game("turin", players=3)
    by_table: dict[int, dict[int, SeatRun]] = {}
    for run in totals.seats:
        by_table.setdefault(run.table, {})[run.seat] = run
    out = Checked()
    for number, (seed, decisions) in tables.items():
        runs = by_table.get(number, {})
        for seat, run in runs.items():
            mine = [a for s, a in decisions if s == seat]
            acked = [a for _, _, a in run.acks]
            out.lost += max(0, len(acked) - len(mine))
            out.doubled += max(0, len(mine) - len(acked))
            out.wrong += mine != acked
        state = game.new_state(seed=seed)
        seen = [len(state.visible_log(seat)) for seat in range(game.num_players)]
        made = [0] * game.num_players  # each seat's decisions so far
        for seat, doc in decisions:
            before = len(state.log)
            state.apply(seat, action_from_json(doc, game.action_types))
            new = state.log[before:]
            actor = runs.get(seat)
            ack = actor.acks[made[seat]] if actor and made[seat] < len(actor.acks) else None
            made[seat] += 1
            for other, run in runs.items():
                shown = sum(1 for e in new if e.visible(other))
                seen[other] += shown
                if other == seat or not shown or ack is None or run.meta is None:
                    continue
                version = run.meta + seen[other]
                when = next((t for v, t in run.delivered if v >= version), None)
                if when is not None:
                    out.from_answer.append(when - ack[1])
                    out.from_sending.append(when - ack[0])
        out.over += state.is_over
    return out


def quantiles(values: list[float]) -> str:
    if len(values) < 2:
        return "no data"
    q = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {q[49] * 1000:7.1f} ms   p95 {q[94] * 1000:7.1f} ms   p99 {q[98] * 1000:7.1f} ms"


async def load(
    url: str, code: str, students: int, seconds: float, think: float = 0.0
) -> tuple[Totals, float]:
    totals = Totals()
    began = time.perf_counter()
    end = began + seconds
    await asyncio.gather(*(student(i, url, code, end, totals, think) for i in range(students)))
    return totals, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--students", type=int, default=60, help="simulated students (60)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long they play (60)")
    parser.add_argument(
        "--rate", type=float, default=20.0, help="the server's requests a second per device (20)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a student thinks before acting (0: none, as fast as the rules allow)",
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]  # the machine's other work weighs on every figure
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(db), str(args.rate)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        assert server.stdout is not None and server.stdin is not None
        where = json.loads(server.stdout.readline())
        client_cpu = time.process_time()
        try:
            totals, took = asyncio.run(
                load(where["url"], where["code"], args.students, args.seconds, args.think)
            )
            client_cpu = time.process_time() - client_cpu
            tables = stored(db)
        finally:
            server.stdin.close()
            server_cpu = json.loads(server.stdout.readline() or '{"cpu": NaN}')["cpu"]
            server.wait(30)
    checked = updates(totals, tables)
    actions = len(totals.acting)
    print(
        f"{args.students} students (thinking {args.think:g} s), {took:.1f} s: "
        f"{len(tables)} tables started, "
        f"{checked.over} games played to the end"
    )
    print(f"actions acknowledged:   {actions} ({actions / took:.0f} a second)")
    print(f"machine's load average: {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(
        f"CPU: server {server_cpu:.1f} s ({server_cpu / took:.0%} of a core), "
        f"students' client {client_cpu:.1f} s ({client_cpu / took:.0%})"
    )
    print(f"acting student's answer: {quantiles(totals.acting)}")
    print(f"update to the others, from the answer:  {quantiles(checked.from_answer)}")
    print(f"update to the others, from the sending: {quantiles(checked.from_sending)}")
    print(f"409 (stale, not now):   {totals.refused}")
    print(f"429 (limit per device): {totals.limited}")
    print(f"errors:                 {len(totals.errors)} {sorted(set(totals.errors))[:5]}")
    print(
        f"lost actions:           {checked.lost}; applied twice: {checked.doubled}; "
        f"seats whose file differs from their acknowledged actions: {checked.wrong}"
    )


if __name__ == "__main__":
    main()
