"""The class's data over the web: the teacher's tables as CSV, seat saves, the live chart and
the replay of a table (the functions are in :mod:`tradekit.classroom.results`).

* ``GET /api/teacher/games.csv`` and ``GET /api/teacher/decisions.csv``: the finished tables'
  game and decision tables, as downloads;
* ``GET /api/teacher/seat-save?table=&seat=``: a seat's save, for the teacher;
* ``GET /api/seat-save``: a student's own seat save (their token names the seat; nothing else
  can be asked for but the game of the series, ``&game=``);
* ``GET /api/teacher/chart`` (``?svg=1`` adds the drawn chart): the live chart's numbers;
* ``GET /api/teacher/distance``: Turin Market's bids against the equilibrium bid, one row per
  player with the expected Scudo their bids gave up (a 400 in words for another game or before
  a table has finished);
* ``GET /api/teacher/replay?table=&step=``: the table drawn as the teacher sees it after
  ``step`` decisions (a negative step counts from the end).

Each of the saves and the replay takes ``&game=n``: game ``n`` of the room's series (default:
the game in play).

Example:
    >>> from tradekit.classroom.app import create_app
    >>> from tradekit.classroom.rooms import Room
    >>> paths = [r.path for r in create_app(Room.open("turin", players=3)).routes]
    >>> "/api/teacher/chart" in paths and "/api/seat-save" in paths
    True
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tradekit.classroom import results
from tradekit.classroom.guard import RequestError
from tradekit.i18n import LANGS

if TYPE_CHECKING:
    from tradekit.classroom.app import _Endpoints


def _int(request: Request, name: str, default: int | None = None) -> int:
    """A whole-number query parameter, or a 400 in words."""
    text = request.query_params.get(name)
    if text is None:
        if default is not None:
            return default
        raise RequestError(f"give the {name} in the address: ?{name}=<number>")
    try:
        return int(text)
    except ValueError:
        raise RequestError(f"{name} must be a whole number, got {text[:20]!r}") from None


def _game(request: Request) -> int | None:
    """The optional ``game`` of the address (a game of the room's series; ``None``: the game in
    play)."""
    return None if request.query_params.get("game") is None else _int(request, "game")


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise RequestError(f"lang must be one of {', '.join(LANGS)}, got {lang[:20]!r}")
    return lang


def _download(text: str, name: str, media: str) -> Response:
    return Response(
        text, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'}
    )


def routes(ep: _Endpoints) -> list[Route]:
    """The routes of the class's data, answered through the app's endpoints ``ep`` (its
    checks of the teacher's secret and a seat's token)."""
    room = ep.room

    def stem() -> str:
        day = datetime.date.today().isoformat()
        return f"{room.game.name}-class-{room.code}-{day}"

    async def games_csv(request: Request) -> Response:
        ep.teacher(request)
        text = await ep.in_thread(lambda: results.csv_text(results.games(room)))
        return _download(text, f"{stem()}-games.csv", "text/csv; charset=utf-8")

    async def decisions_csv(request: Request) -> Response:
        ep.teacher(request)
        text = await ep.in_thread(lambda: results.csv_text(results.decisions(room)))
        return _download(text, f"{stem()}-decisions.csv", "text/csv; charset=utf-8")

    async def teacher_seat_save(request: Request) -> Response:
        ep.teacher(request)
        table = room.table(_int(request, "table"))
        seat = _int(request, "seat")
        return await seat_save(table, seat, _game(request))

    async def own_seat_save(request: Request) -> Response:
        # Only the token's own seat: no parameter can name another (a game of the series may
        # be named: the seat saw every game it played).
        table, seat = ep.seat_of(request)
        return await seat_save(table, seat, _game(request))

    async def seat_save(table: Any, seat: int, game: int | None) -> Response:
        text = await ep.in_thread(results.seat_save, table, seat, game)
        part = "" if game is None else f"-game-{game}"
        name = f"{room.game.name}-table-{table.number}{part}-seat-{seat}.json"
        return _download(text, name, "application/json")

    async def chart(request: Request) -> Response:
        ep.teacher(request)
        svg = request.query_params.get("svg") in ("1", "true")
        lang = _lang(request)

        def build() -> dict[str, Any]:
            data = results.chart_data(room, lang)
            if svg:
                data["svg"] = results.chart_svg(data)
            return data

        return JSONResponse(await ep.in_thread(build))

    async def distance(request: Request) -> Response:
        ep.teacher(request)
        lang = _lang(request)
        return JSONResponse(await ep.in_thread(results.distance_reply, room, lang))

    async def replay(request: Request) -> Response:
        ep.teacher(request)
        lang = _lang(request)
        table = room.table(_int(request, "table"))
        step = _int(request, "step", -1)
        reply = await ep.in_thread(results.replay_reply, table, step, lang, _game(request))
        return JSONResponse(reply)

    return [
        Route("/api/teacher/games.csv", games_csv),
        Route("/api/teacher/decisions.csv", decisions_csv),
        Route("/api/teacher/seat-save", teacher_seat_save),
        Route("/api/seat-save", own_seat_save),
        Route("/api/teacher/chart", chart),
        Route("/api/teacher/distance", distance),
        Route("/api/teacher/replay", replay),
    ]
