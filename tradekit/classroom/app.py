"""The class-mode web app (Starlette): the JSON API, the live events and the pages.

:func:`create_app` serves one :class:`~tradekit.classroom.rooms.Room`. Students use:

* ``POST /api/join`` ``{"code", "name"}`` -> ``{"token", "table", "seat"}`` (and the token as
  an http-only, ``SameSite=Strict`` cookie);
* ``GET /api/state`` -> the seat's reply (:func:`~tradekit.classroom.replies.seat_reply`);
* ``POST /api/act`` ``{"action", "version"?}`` -> the new reply, or an error with nothing
  changed;
* ``GET /api/events``: server-sent events ``version`` (``{"version": n}``) whenever what the
  seat may see changes, and ``gone`` once a robot has taken the seat for good (while it is
  open, the student counts as present: :mod:`tradekit.classroom.presence`);
* ``POST /api/seat/return`` -> the seat's reply, the seat back from the robot standing in;
* ``POST /api/next`` -> the seat's reply, its student ready for the next game of the room's
  series (once every student of the table is, it is dealt).

A seat is named by its token: ``Authorization: Bearer <token>`` or the cookie. The teacher's
endpoints take the teacher's secret the same way (its cookie is set by opening
``/teacher?key=<secret>``): ``GET /api/teacher/status``, ``GET /api/teacher/events``,
``POST /api/teacher/start | pause | resume`` ``{"table"}``, ``POST /api/teacher/stand-in |
give-back | robot`` ``{"table", "seat"}`` (a robot for the student until they come back, the
seat back to them, a robot for good) and ``GET /api/teacher/save?table=n`` (the table's full
save); ``POST /api/teacher/end`` ``{"table"}`` (``null``: every table) and ``POST
/api/teacher/move`` ``{"table", "seat", "to"}``. The class's data (CSV, seat saves, the live
chart, the replay) are served by :mod:`tradekit.classroom.data_routes`.

Every error is a JSON object ``{"error": "<words>"}`` with a 4xx status (5xx only for a fault of
the server, never with a traceback): see :mod:`tradekit.classroom.guard` for the limits and
checks applied before a request reaches the app. ``docs/classroom.md`` describes each endpoint.

Engine work runs in worker threads under each table's lock, so a slow robot at one table never
holds up another table, the events or the pages.

Example:
    >>> from tradekit.classroom.rooms import Room
    >>> app = create_app(Room.open("turin", players=3))
    >>> [route.path for route in app.routes][:5]
    ['/', '/play', '/teacher', '/api/join', '/api/state']
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from tradekit.classroom import data_routes, pages, results
from tradekit.classroom.guard import MAX_BODY, Guard, RateLimit, RequestError, read_json
from tradekit.classroom.presence import Presence
from tradekit.classroom.replies import room_status, seat_reply
from tradekit.classroom.rooms import BadAction, ClassroomError, Forbidden, Room, Table
from tradekit.classroom.store import StoreError
from tradekit.core.errors import TradekitError
from tradekit.i18n import LANGS, reason_text, t

R = TypeVar("R")

logger = logging.getLogger("tradekit.classroom")

#: The cookie that holds a student's seat token.
SEAT_COOKIE = "tk_seat"
#: The cookie that holds the teacher's secret.
TEACHER_COOKIE = "tk_teacher"
#: How long a seat cookie lasts (a school day and then some).
COOKIE_AGE = 24 * 3600
#: Seconds between keep-alive comments on an idle event stream (so proxies and phones keep it).
KEEPALIVE = 15.0
#: The most event streams open at once (each is a connection the server keeps).
MAX_STREAMS = 2000


class Hub:
    """Wakes the event streams of a table when it changes, from whichever thread changed it."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        self._waiters: dict[int | None, set[asyncio.Event]] = {}

    @property
    def streams(self) -> int:
        """Event streams open now."""
        return sum(len(w) for w in self._waiters.values())

    def notify(self, table: Table) -> None:
        """Wake the streams of ``table`` and the teacher's (safe from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake, table.number)

    def _wake(self, number: int | None) -> None:
        for key in (number, None) if number is not None else tuple(self._waiters):
            for event in self._waiters.get(key, ()):
                event.set()

    def close(self) -> None:
        """End every stream (the server is stopping); call it on the event loop's thread."""
        self.closed = True
        self._wake(None)
        for waiters in self._waiters.values():
            for event in waiters:
                event.set()

    @contextmanager
    def subscribe(self, number: int | None) -> Iterator[asyncio.Event]:
        """An event set whenever table ``number`` (``None``: any table) changes."""
        event = asyncio.Event()
        self._waiters.setdefault(number, set()).add(event)
        try:
            yield event
        finally:
            self._waiters[number].discard(event)


@contextmanager
def _watch(presence: Presence, seat: tuple[int, int] | None) -> Iterator[None]:
    """Count a seat's stream as open for the block (``None``: not a seat's stream)."""
    if seat is None:
        yield
        return
    presence.opened(*seat)
    try:
        yield
    finally:
        presence.closed(*seat)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def refusal_in(refused: BadAction, lang: str, game: str | None = None) -> BadAction:
    """The engine's refusal worded in ``lang``: in English its own reason (goods named as the
    table names them); in another language the reason translated whole, or the general sentence
    when it cannot be (never English in a French answer).

    Example:
        >>> from tradekit.core.domains import Range
        >>> said = str(refusal_in(BadAction(Range(0, 15, "the bid").reason(16)), "fr"))
        >>> said.split(" : ", 1)[1]
        "l'enchère doit être un nombre entier de 0 à 15 ; reçu : 16."
        >>> str(refusal_in(BadAction("the seller has not put a card up"), "fr"))
        'Les règles ne permettent pas cela maintenant.'
    """
    reason = reason_text(refused.args[0] if refused.args else "", lang, game=game)
    if lang == "en":
        return refused if reason is None or reason == str(refused) else BadAction(reason)
    if reason is None:
        return BadAction(t("classroom.problem_not_allowed", lang))
    return BadAction(t("classroom.refused_because", lang, reason=reason))


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise RequestError(f"lang must be one of {', '.join(LANGS)}, got {lang[:20]!r}")
    return lang


def _bearer(request: Request, cookie: str) -> str | None:
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise RequestError("the Authorization header must be 'Bearer <token>'", 401)
        return value.strip()
    return request.cookies.get(cookie)


async def _body(request: Request) -> dict[str, Any]:
    doc = read_json(await request.body())
    if not isinstance(doc, dict):
        raise RequestError(f"the request body must be a JSON object, got a {type(doc).__name__}")
    return doc


def query_number(request: Request, name: str, default: object = "") -> Any:
    """A whole number of the address's query (``?table=2``); anything else as it was sent, for
    the room to refuse in words (``default`` when it is not there).

    Example:
        >>> from starlette.requests import Request
        >>> query_number(Request({"type": "http", "query_string": b"table=2&game=x"}), "table")
        2
    """
    text = request.query_params.get(name)
    if text is None:
        return default
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text


def _nonce() -> str:
    return secrets.token_urlsafe(16)


def _html(text: str, nonce: str) -> HTMLResponse:
    # The pages' own inline script and style only; the renderers draw no script.
    policy = (
        "default-src 'none'; "
        f"script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; img-src data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
    return HTMLResponse(text, headers={"content-security-policy": policy})


class _Endpoints:
    """The app's endpoints for one room (each method answers one route)."""

    def __init__(self, room: Room, hub: Hub, join_url: str | None) -> None:
        self.room = room
        self.hub = hub
        self.join_url = join_url

    @staticmethod
    async def in_thread(func: Callable[..., R], *args: Any) -> R:
        # Engine calls and SQLite commits block: they run in worker threads, and the tables'
        # own locks keep two calls for one table apart.
        return await run_in_threadpool(func, *args)

    def seat_of(self, request: Request) -> tuple[Table, int]:
        token = _bearer(request, SEAT_COOKIE)
        if not token:
            raise RequestError("join the class first: this request carries no seat token", 401)
        return self.room.seat_for(token)

    def teacher(self, request: Request) -> None:
        secret = _bearer(request, TEACHER_COOKIE)
        if not secret:
            raise RequestError("this is the teacher's: open the teacher's link first", 401)
        if not self.room.is_teacher(secret):
            raise Forbidden("this is not the teacher's secret for this class")

    # -- students ----------------------------------------------------------------------------------
    async def join(self, request: Request) -> Response:
        doc = await _body(request)
        joined = await self.in_thread(self.room.join, doc.get("code"), doc.get("name"))
        response = JSONResponse({"token": joined.token, "table": joined.table, "seat": joined.seat})
        response.set_cookie(
            SEAT_COOKIE, joined.token, max_age=COOKIE_AGE, httponly=True, samesite="strict"
        )
        return response

    async def reply(self, request: Request, table: Table, seat: int) -> Response:
        lang = _lang(request)
        html = request.query_params.get("html") in ("1", "true")
        return JSONResponse(await self.in_thread(seat_reply, table, seat, lang, html))

    async def state(self, request: Request) -> Response:
        _lang(request)
        table, seat = self.seat_of(request)
        return await self.reply(request, table, seat)

    async def act(self, request: Request) -> Response:
        lang = _lang(request)
        table, seat = self.seat_of(request)
        doc = await _body(request)
        if "action" not in doc:
            raise RequestError('the request must hold the action: {"action": {"type": ...}}')
        html = request.query_params.get("html") in ("1", "true")

        def act_and_reply() -> dict[str, Any]:
            # One trip to a worker thread for both: each trip costs a thread switch under load.
            try:
                table.act(seat, doc["action"], doc.get("version"))
            except BadAction as exc:
                raise refusal_in(exc, lang, table.game.name) from None
            return seat_reply(table, seat, lang, html)

        return JSONResponse(await self.in_thread(act_and_reply))

    def stream(
        self,
        number: int | None,
        version: Callable[[], int],
        gone: Callable[[], bool],
        seat: int | None = None,
    ) -> Response:
        hub = self.hub
        presence = self.room.presence
        if hub.streams >= MAX_STREAMS:
            return _error(503, "the server has too many open pages; close one and try again")

        async def events() -> AsyncIterator[str]:
            # A seat's student is present while their page holds its stream open.
            watched = (number, seat) if number is not None and seat is not None else None
            with hub.subscribe(number) as wake, _watch(presence, watched):
                yield "retry: 2000\n\n"
                last = None
                while not hub.closed:
                    if gone():
                        yield "event: gone\ndata: {}\n\n"
                        return
                    now = version()
                    if now != last:
                        last = now
                        yield f"event: version\ndata: {json.dumps({'version': now})}\n\n"
                    try:
                        await asyncio.wait_for(wake.wait(), KEEPALIVE)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                    wake.clear()

        return StreamingResponse(
            events(),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    async def seat_back(self, request: Request) -> Response:
        _lang(request)
        table, seat = self.seat_of(request)
        # Only the seat's own token names it: another seat's token gets its own seat back.
        await self.in_thread(lambda: table.give_back(seat, strict=False))
        return await self.reply(request, table, seat)

    async def next_game(self, request: Request) -> Response:
        _lang(request)
        table, seat = self.seat_of(request)
        await _body(request)
        await self.in_thread(table.next_game, seat)
        return await self.reply(request, table, seat)

    async def seat_events(self, request: Request) -> Response:
        table, seat = self.seat_of(request)
        held = table.seats[seat].token_hash
        return self.stream(
            table.number,
            lambda: table.version(seat),
            lambda: table.seats[seat].token_hash != held,
            seat=seat,
        )

    # -- the teacher -------------------------------------------------------------------------------
    async def status(self, request: Request) -> Response:
        lang = _lang(request)
        self.teacher(request)
        return JSONResponse(await self.in_thread(room_status, self.room, lang))

    async def teacher_events(self, request: Request) -> Response:
        self.teacher(request)
        return self.stream(None, lambda: self.room.version, lambda: False)

    def command(self, method: Callable[..., None], *fields: str) -> Callable[[Request], Any]:
        """A teacher's command: ``method`` called with the body's ``fields``."""

        async def run(request: Request) -> Response:
            lang = _lang(request)
            self.teacher(request)
            doc = await _body(request)
            missing = [f for f in fields if f not in doc]
            if missing:
                raise RequestError(f"the request must name the {' and the '.join(missing)}")
            await self.in_thread(method, *(doc[f] for f in fields))
            return JSONResponse(await self.in_thread(room_status, self.room, lang))

        return run

    async def save(self, request: Request) -> Response:
        self.teacher(request)
        table = self.room.table(query_number(request, "table"))
        game = query_number(request, "game", None)
        text = await self.in_thread(results.full_save, table, game)
        part = "" if game is None else f"-game-{game}"
        name = f"{self.room.game.name}-table-{table.number}{part}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    # -- pages -------------------------------------------------------------------------------------
    async def join_page(self, request: Request) -> Response:
        lang = _lang(request)
        token = request.cookies.get(SEAT_COOKIE)
        if token:
            try:
                self.room.seat_for(token)
                return RedirectResponse(f"/play?lang={lang}", status_code=303)
            except ClassroomError:
                pass  # an old cookie: join again
        code = request.query_params.get("code", "")[:12]
        nonce = _nonce()
        return _html(pages.join_page(lang, code, nonce), nonce)

    async def play_page(self, request: Request) -> Response:
        lang = _lang(request)
        try:
            self.seat_of(request)
        except (ClassroomError, RequestError):
            return RedirectResponse(f"/?lang={lang}", status_code=303)
        nonce = _nonce()
        return _html(pages.play_page(lang, nonce), nonce)

    async def teacher_page(self, request: Request) -> Response:
        lang = _lang(request)
        key = request.query_params.get("key")
        if key is not None:
            if not self.room.is_teacher(key):
                raise Forbidden("this is not the teacher's secret for this class")
            # The secret goes into a cookie and out of the address bar (and its history).
            response = RedirectResponse(f"/teacher?lang={lang}", status_code=303)
            response.set_cookie(TEACHER_COOKIE, key, httponly=True, samesite="strict")
            return response
        self.teacher(request)
        url = self.join_url or f"{str(request.base_url).rstrip('/')}/?code={self.room.code}"
        nonce = _nonce()
        page = pages.teacher_page(lang, url, self.room.code, qr_svg(url), nonce)
        return _html(page, nonce)


async def _tradekit_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, StoreError):
        return _error(503, f"the class's file could not be written, nothing changed: {exc}")
    status = getattr(exc, "status", 400)
    return _error(status if isinstance(status, int) else 400, str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path[:80]
    if exc.status_code == 404:
        return _error(404, f"there is nothing at {path} in this class")
    if exc.status_code == 405:
        return _error(405, f"{path} does not take a {request.method} request")
    return _error(exc.status_code, str(exc.detail))


async def _server_error(request: Request, exc: Exception) -> Response:
    return _error(500, "the server could not answer this request because of an error on its side")


def create_app(
    room: Room,
    *,
    rate: float = 20.0,
    burst: int = 60,
    max_body: int = MAX_BODY,
    join_url: str | None = None,
) -> Starlette:
    """The web app serving ``room``.

    Args:
        room: the room.
        rate: requests a second each client (IP address) may keep sending.
        burst: requests a client may send at once.
        max_body: the largest request body, in bytes.
        join_url: the address students open (shown on the teacher's page; default: the
            address the teacher's page was opened at).
    """
    hub = Hub()
    ep = _Endpoints(room, hub, join_url)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        room.listeners.append(hub.notify)
        ticker = asyncio.create_task(_tick(room))
        try:
            yield
        finally:
            ticker.cancel()
            hub.close()
            room.listeners.remove(hub.notify)

    post = ["POST"]
    routes = [
        Route("/", ep.join_page),
        Route("/play", ep.play_page),
        Route("/teacher", ep.teacher_page),
        Route("/api/join", ep.join, methods=post),
        Route("/api/state", ep.state),
        Route("/api/act", ep.act, methods=post),
        Route("/api/events", ep.seat_events),
        Route("/api/seat/return", ep.seat_back, methods=post),
        Route("/api/next", ep.next_game, methods=post),
        Route("/api/teacher/status", ep.status),
        Route("/api/teacher/events", ep.teacher_events),
        Route("/api/teacher/start", ep.command(room.start, "table"), methods=post),
        Route("/api/teacher/pause", ep.command(room.pause, "table"), methods=post),
        Route("/api/teacher/resume", ep.command(room.resume, "table"), methods=post),
        Route("/api/teacher/robot", ep.command(room.robot, "table", "seat"), methods=post),
        Route("/api/teacher/stand-in", ep.command(room.stand_in, "table", "seat"), methods=post),
        Route("/api/teacher/give-back", ep.command(room.give_back, "table", "seat"), methods=post),
        Route("/api/teacher/save", ep.save),
        Route("/api/teacher/end", ep.command(room.end, "table"), methods=post),
        Route("/api/teacher/next", ep.command(room.next_game, "table"), methods=post),
        Route("/api/teacher/move", ep.command(room.move, "table", "seat", "to"), methods=post),
        *data_routes.routes(ep),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard, limit=RateLimit(rate, burst), max_body=max_body)],
        exception_handlers={
            TradekitError: _tradekit_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.room = room
    app.state.hub = hub
    return app


#: Seconds between two looks at who is away (:meth:`Room.tick`).
TICK = 1.0


async def _tick(room: Room) -> None:
    """Every :data:`TICK` seconds, the room looks at who is away (and applies its grace)."""
    while True:
        await asyncio.sleep(TICK)
        try:
            await run_in_threadpool(room.tick)
        except Exception:  # a failed look is tried again at the next tick
            logger.exception("the class could not look at who is away")


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (empty if segno is not installed).

    Example:
        >>> qr_svg("http://127.0.0.1:8000/?code=ABC234").startswith("<svg")
        True
    """
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is in the classroom extra
        return ""
    # No width and height but a viewBox: the page sizes the code (large enough to scan).
    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True))
