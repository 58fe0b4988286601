"""The request guard at the ASGI level: a body over the limit is answered 413 however it arrives."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from tradekit.classroom.guard import Guard


async def _reads_the_body(scope: Scope, receive: Receive, send: Send) -> None:
    """An endpoint that reads the whole body, then answers 200."""
    await Request(scope, receive).body()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


def _scope() -> dict[str, Any]:
    return {
        "type": "http",
        "method": "POST",
        "path": "/api/act",
        "headers": [(b"host", b"127.0.0.1"), (b"transfer-encoding", b"chunked")],
        "client": ("127.0.0.1", 5000),
    }


def _answer(parts: list[tuple[bytes, bool]]) -> tuple[list[Message], int]:
    """What the guard sends for a body received as ``parts`` (bytes, more to come), and how
    many times it asked for the body. Past the parts the client sends nothing more and waits for
    the answer, as a real one does: a guard that waits for more never answers (a timeout here)."""
    sent: list[Message] = []
    asked = 0

    async def receive() -> Message:
        nonlocal asked
        asked += 1
        if asked <= len(parts):
            body, more = parts[asked - 1]
            return {"type": "http.request", "body": body, "more_body": more}
        await asyncio.Event().wait()  # the client waits for the answer
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(message)

    async def main() -> None:
        guard = Guard(_reads_the_body, limit=None, max_body=64 * 1024)
        await asyncio.wait_for(guard(_scope(), receive, send), timeout=5)

    asyncio.run(main())
    return sent, asked


def _status_and_error(sent: list[Message]) -> tuple[int, str]:
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(body)["error"]


def test_a_body_over_the_limit_that_arrived_whole_is_answered_at_once() -> None:
    # A busy server finds the whole chunked body buffered: one message, the last one.
    sent, asked = _answer([(b"x" * (160 * 1024), False)])
    status, error = _status_and_error(sent)
    assert status == 413 and "at most 64 KiB" in error
    assert asked == 1


def test_a_body_over_the_limit_in_parts_is_drained_then_answered() -> None:
    parts = [(b"x" * 8192, True) for _ in range(19)] + [(b"x" * 8192, False)]
    sent, asked = _answer(parts)
    status, error = _status_and_error(sent)
    assert status == 413 and "at most 64 KiB" in error
    assert asked == len(parts)  # the rest of the body read and dropped before answering


@pytest.mark.parametrize("size", [10, 64 * 1024])
def test_a_body_within_the_limit_reaches_the_endpoint(size: int) -> None:
    sent, asked = _answer([(b"x" * size, False)])
    assert sent[0]["status"] == 200
    assert asked == 1
