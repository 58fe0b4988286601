"""Requests to a class's server as a browser or a hostile client would send them.

Plain ``http.client``, so that a test controls every byte: the headers (an ``Origin``, a wrong
``Content-Length``), the body (not JSON, huge, sent in chunks) and the token.
"""

from __future__ import annotations

import dataclasses
import http.client
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit


@dataclasses.dataclass(frozen=True)
class Reply:
    """An answer: status, headers (lower-case names), the body as text and as JSON."""

    status: int
    headers: dict[str, str]
    text: str

    @property
    def json(self) -> Any:
        return json.loads(self.text)

    @property
    def error(self) -> str:
        doc = self.json
        assert set(doc) == {"error"}, doc
        return str(doc["error"])


def call(
    url: str,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = None,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
    cookie: str | None = None,
) -> Reply:
    """One request; ``body`` is sent as JSON, ``raw`` as it is."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(str(parts.hostname), parts.port, timeout=30)
    sent = dict(headers or {})
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    if cookie is not None:
        sent["Cookie"] = cookie
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    if data is not None:
        sent.setdefault("Content-Type", "application/json")
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        text = response.read().decode("utf-8")
        names = {k.lower(): v for k, v in response.getheaders()}
        return Reply(response.status, names, text)
    finally:
        conn.close()


def events(url: str, path: str, token: str) -> Iterator[tuple[str, str]]:
    """The server-sent events of ``path`` as ``(event, data)``, comments left out."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(str(parts.hostname), parts.port, timeout=20)
    conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    response = conn.getresponse()
    assert response.status == 200, response.read()
    assert response.getheader("content-type", "").startswith("text/event-stream")
    try:
        event = ""
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode("utf-8").rstrip("\r\n")
            if text.startswith("event:"):
                event = text[6:].strip()
            elif text.startswith("data:"):
                yield event, text[5:].strip()
    finally:
        conn.close()
