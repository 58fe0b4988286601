"""Locust's students: a class of Turin Market for 3 under load, driven by a real load tool.

Each Locust user is one student on its own device (its own loopback address, so the server's
limit per device applies to each as in class): it joins with the class's code, and then, as fast
as the rules allow, reads its seat's state and plays a random legal action with the version it
saw; when its table's game is over it joins again, at a new table. A 409 (stale, or not its turn
any more) is part of play, not a failure; every other answer that is not 2xx is a failure.

Set in the environment:

* ``TRADEKIT_CLASS_CODE``: the class's join code (the host is Locust's ``--host``);
* ``TRADEKIT_LOAD_ACKS`` (optional): a file to which each acknowledged action is appended as a
  JSON line ``{"table", "seat", "action"}``, so that a check can look for every one of them in
  the class's file (``tests/integration/test_classroom_load.py`` does).

Run, against a server started with ``tradekit classroom turin --players 3 --port 8000``::

    TRADEKIT_CLASS_CODE=ABC234 locust -f bench/_classroom_locustfile.py --headless \\
        -u 60 -r 20 -t 60s --host http://127.0.0.1:8000
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from typing import Any

from locust import HttpUser, constant, task
from requests.adapters import HTTPAdapter

#: Each user's device number, from which its loopback address is made.
_DEVICES = itertools.count()
#: Seconds a student waits before looking again when it is not to move (a page is told by its
#: event stream; polling 4 times a second keeps a device well within its 20 requests a second).
LOOK_AGAIN = 0.25


class _FromAddress(HTTPAdapter):
    """Connections from one loopback address: one student's device."""

    def __init__(self, address: str) -> None:
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


class Student(HttpUser):
    """One student: joins, plays random legal actions at once, joins again after a game."""

    wait_time = constant(0)

    def on_start(self) -> None:
        device = next(_DEVICES)
        self.rng = random.Random(device)
        self.client.mount("http://", _FromAddress(f"127.0.{1 + device // 250}.{1 + device % 250}"))
        self.code = os.environ["TRADEKIT_CLASS_CODE"]
        self.acks = os.environ.get("TRADEKIT_LOAD_ACKS")
        self.name = f"locust {device}"
        self.join()

    def join(self) -> None:
        with self.client.post(
            "/api/join", json={"code": self.code, "name": self.name}, catch_response=True
        ) as reply:
            if reply.status_code != 200:
                reply.failure(f"join: {reply.status_code} {reply.text[:200]}")
                self.seat: dict[str, Any] | None = None
                return
            self.seat = reply.json()
            self.client.headers["Authorization"] = f"Bearer {self.seat['token']}"

    @task
    def play(self) -> None:
        if self.seat is None:
            self.join()
            return
        with self.client.get("/api/state", name="/api/state", catch_response=True) as reply:
            if reply.status_code != 200:
                reply.failure(f"state: {reply.status_code} {reply.text[:200]}")
                return
            doc = reply.json()
        if doc["over"]:
            self.join()
            return
        if not (doc["your_turn"] and doc["legal"]):
            time.sleep(LOOK_AGAIN)  # gevent's sleep under Locust: others play meanwhile
            return
        action = self.rng.choice(doc["legal"])["action"]
        body = {"action": action, "version": doc["version"]}
        with self.client.post("/api/act", json=body, name="/api/act", catch_response=True) as act:
            if act.status_code == 409:
                act.success()  # the table moved on since the state was read: look again
            elif act.status_code != 200:
                act.failure(f"act: {act.status_code} {act.text[:200]}")
            elif self.acks:
                line = {"table": self.seat["table"], "seat": self.seat["seat"], "action": action}
                with open(self.acks, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
