"""What stands between the network and a room: limits, origin checks and errors in words.

:class:`Guard` wraps the class-mode web app (an ASGI middleware) and answers for it whenever a
request must not reach it, always with a JSON object ``{"error": "<words>"}``:

* **429** when a client (an IP address) sends more requests than its :class:`RateLimit` allows,
  with a ``Retry-After`` header;
* **403** for a request that changes something (any method but ``GET``, ``HEAD`` and
  ``OPTIONS``) whose ``Origin`` header is present and is not this server's own address: a page
  of another site cannot act for a student whose browser holds a seat cookie;
* **413** for a body larger than the limit (64 KiB by default), whether announced by its
  ``Content-Length`` or found while reading it;
* **500** for anything that goes wrong inside, logged on the server with its traceback, which
  never reaches the browser.

Every answer also gets headers that keep a page from being framed, sniffed or cached, and that
send no referrer (the teacher's address carries the secret).

:func:`read_json` reads a request body as JSON under the same care as a save is read: bounded
depth, no ``NaN``, no number of thousands of digits.

Example:
    >>> limit = RateLimit(rate=1.0, burst=2)
    >>> limit.wait("10.0.0.7", now=0.0), limit.wait("10.0.0.7", now=0.0)
    (0.0, 0.0)
    >>> limit.wait("10.0.0.7", now=0.0) > 0
    True
    >>> read_json(b'{"action": {"type": "Bid", "amount": 3}}')
    {'action': {'type': 'Bid', 'amount': 3}}
    >>> read_json(b"[" * 20 + b"]" * 20)
    Traceback (most recent call last):
    ...
    tradekit.classroom.guard.RequestError: the request nests lists or objects more than 8 deep
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tradekit.core import saves
from tradekit.core.errors import ReplayError, TradekitError

#: The largest request body read (an action is a few dozen bytes).
MAX_BODY = 64 * 1024
#: How deep lists and objects of a request may nest (an action nests two deep).
MAX_DEPTH = 8
#: The longest number a request may hold, in digits (the saves' limit).
MAX_DIGITS = saves.MAX_DIGITS
_NUMBER_LIMIT = 10**MAX_DIGITS

#: Methods that change nothing (the origin check leaves them alone).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

#: Headers added to every answer.
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)

log = logging.getLogger("tradekit.classroom")


class RequestError(TradekitError):
    """A request that cannot be read: ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class RateLimit:
    """A token bucket per client: ``burst`` requests at once, then ``rate`` a second.

    Args:
        rate: requests a second a client may keep sending.
        burst: requests a client may send at once after a pause.
    """

    #: Clients remembered at most (the ones with full buckets are forgotten first).
    MAX_CLIENTS = 10_000

    def __init__(self, rate: float = 20.0, burst: int = 60) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"rate must be positive and burst at least 1, got {rate}, {burst}")
        self.rate = float(rate)
        self.burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}

    def wait(self, client: str, now: float | None = None) -> float:
        """Take one request from ``client``'s bucket: 0 if allowed, else the seconds to wait."""
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > self.MAX_CLIENTS:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        # A client whose bucket has filled up again is as good as new: forget it. If every
        # client is busy (a flood from many addresses), forget the oldest half.
        buckets = self._buckets
        for key in [k for k, (n, then) in buckets.items() if n + (now - then) * self.rate >= 1]:
            del buckets[key]
        if len(buckets) > self.MAX_CLIENTS:
            oldest = sorted(buckets, key=lambda k: buckets[k][1])[: len(buckets) // 2]
            for key in oldest:
                del buckets[key]


def error_body(message: str) -> bytes:
    """An error's JSON body."""
    return json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")


async def send_error(
    send: Send, status: int, message: str, headers: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    """Answer a request with ``{"error": message}`` (straight through ASGI)."""
    body = error_body(message)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


def same_origin(origin: str, host: str | None) -> bool:
    """Whether an ``Origin`` header names the server that the ``Host`` header names.

    Example:
        >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
        True
        >>> same_origin("http://evil.example", "127.0.0.1:8000"), same_origin("null", "x")
        (False, False)
    """
    if not host:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    default = "80" if parts.scheme == "http" else "443"
    return _with_port(parts.netloc, default) == _with_port(host, default)


def _with_port(netloc: str, default: str) -> str:
    netloc = netloc.lower()
    if netloc.endswith("]") or ":" not in netloc.rsplit("]", 1)[-1]:
        return f"{netloc}:{default}"
    return netloc


class Guard:
    """ASGI middleware: the rate limit, the origin check, the body limit and the catch-all.

    Args:
        app: the app guarded.
        limit: the rate limit per client (``None``: none).
        max_body: the largest body accepted, in bytes.
    """

    def __init__(
        self, app: ASGIApp, limit: RateLimit | None = None, max_body: int = MAX_BODY
    ) -> None:
        self.app = app
        self.limit = limit
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        headers = Headers(scope=scope)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, message, extra = refusal
            length = headers.get("content-length", "")
            if length.isascii() and length.isdigit() and int(length) <= DRAIN:
                await _drain(receive)
            await send_error(send, status, message, extra)
            return
        received = 0
        ended = False  # the body's last part (or the client's disconnect) has been received

        async def limited_receive() -> Message:
            nonlocal received, ended
            message = await receive()
            if message["type"] == "http.request":
                ended = not message.get("more_body", False)
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise _TooLarge
            else:
                ended = True
            return message

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except _TooLarge:
            if not started:
                # A body that arrived whole while the server was busy comes as one message: the
                # server may not wait for more of it, which would never come (the client waits
                # for the answer).
                if not ended:
                    await _drain(receive)
                await send_error(send, 413, self._too_large())
        except Exception:
            log.exception(
                "class mode: an error while answering %s %s", scope["method"], scope["path"]
            )
            if not started:
                await send_error(
                    send,
                    500,
                    "the server could not answer this request because of an error on its side; "
                    "the teacher's console shows it",
                )

    def _too_large(self) -> str:
        return f"the request is too large: at most {self.max_body // 1024} KiB is read"

    def _refusal(
        self, scope: Scope, headers: Headers
    ) -> tuple[int, str, tuple[tuple[bytes, bytes], ...]] | None:
        if self.limit is not None:
            client = scope.get("client")
            wait = self.limit.wait(client[0] if client else "unknown")
            if wait > 0:
                seconds = max(1, round(wait + 0.5))
                return (
                    429,
                    f"too many requests from this device: wait {seconds} s and try again",
                    ((b"retry-after", str(seconds).encode()),),
                )
        origin = headers.get("origin")
        changes = scope["method"] not in SAFE_METHODS
        if changes and origin is not None and not same_origin(origin, headers.get("host")):
            return 403, f"a page of another site ({origin[:80]}) may not act in this class", ()
        length = headers.get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()):
                return 400, "the request's Content-Length is not a number", ()
            if int(length) > self.max_body:
                return 413, self._too_large(), ()
        return None


#: The most of a refused body read and dropped before answering (so that the client, still
#: sending, reads the answer instead of a reset connection); past it the connection is closed.
DRAIN = 1024 * 1024


async def _drain(receive: Receive) -> None:
    dropped = 0
    while dropped <= DRAIN:
        message = await receive()
        if message["type"] != "http.request":
            return
        dropped += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


def read_json(body: bytes) -> Any:
    """A request body read as JSON, within :data:`MAX_DEPTH` and :data:`MAX_DIGITS` (the saves'
    reader of hostile JSON, :func:`tradekit.core.saves.read_json`, with this depth).

    Raises:
        RequestError: not UTF-8, not JSON, or past a limit; the message says which.
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError("the request body is not UTF-8 text") from None
    if not text.strip():
        raise RequestError("the request has no body: send a JSON object")
    try:
        doc = saves.read_json(text, "the request", max_depth=MAX_DEPTH)
    except ReplayError as exc:
        raise RequestError(str(exc)) from None
    _check_depth(doc)
    return doc


def _check_depth(doc: Any) -> None:
    """Nesting within :data:`MAX_DEPTH`, and whole numbers within :data:`MAX_DIGITS` digits (the
    reader refuses only those too long for ``int()``)."""
    todo = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if type(value) is int and not -_NUMBER_LIMIT < value < _NUMBER_LIMIT:
            raise RequestError(f"the request holds a number of more than {MAX_DIGITS} digits")
        if isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise RequestError(f"the request nests lists or objects more than {MAX_DEPTH} deep")
            items = value.values() if isinstance(value, dict) else value
            todo.extend((item, depth + 1) for item in items)
