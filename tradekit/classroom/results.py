"""A class's results as data: its games and decisions as tidy tables, saves, live charts and
the replay of a table.

The games of a room are read exactly as saved games are: each finished game's full save goes
through :func:`tradekit.sim.load_games` (and :func:`tradekit.sim.load_decisions`), so every chart
of :mod:`tradekit.charts` and :func:`tradekit.sim.compare` works on a class's games. Three
columns are added: ``table`` (the table's number), ``game_number`` (the game of the room's
series: 1, 2, ...) and ``name`` (the student's name at that seat, or the robot's). In a series
of option sets the games of a table share their ``deal`` and each game's ``variant`` is its rule
choice, so :func:`paired` (``tradekit.sim.compare.summarise``) compares two rule choices on the
class's own deals. A seat save (:func:`seat_save`) is ``state.to_json(viewer=seat)``: what that
seat saw, and nothing of another seat's secrets.

:func:`chart_data` gives the numbers of the teacher's live chart, read from the public log only
(what every seat has seen revealed, so a projector shows no sealed bid before its reveal), and
:func:`chart_svg` draws them as inline SVG, large enough to read on a projector.

Example:
    >>> from tradekit.classroom.rooms import Room
    >>> room = Room.open("turin", players=3, seed=3)
    >>> _ = room.join(room.code, "Ada")
    >>> room.start(1)
    >>> chart_data(room)["kind"]
    'turin'
    >>> games(room).empty                   # no table has finished yet
    True
"""

from __future__ import annotations

import dataclasses
import io
import math
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tradekit.classroom.rooms import ClassroomError, NotFound, Room, Table
from tradekit.core.events import Event
from tradekit.core.state import Game, State
from tradekit.core.words import counted
from tradekit.i18n import check_lang, number_text, t
from tradekit.render import Context, end_context, renderer_for
from tradekit.render.parts import esc

if TYPE_CHECKING:
    import pandas as pd

    from tradekit.theory import Distance


def game_state(table: Table, game: object = None) -> State[Any]:
    """Game number ``game`` of the table's series (1: the first; ``None``: the game in play,
    or the last one played).

    Raises:
        ClassroomError: the table has not started, or has no such game yet (in words).
    """
    with table.lock:
        if table.state is None:
            raise ClassroomError(f"table {table.number} has not started: nothing to save")
        if game is None:
            return table.state
        count = table.game_index + 1
        if type(game) is not int or not 1 <= game <= count:
            raise NotFound(
                f"table {table.number} has played games 1 to {count} so far: give a game from "
                f"1 to {count}, got {game!r:.20}"
            )
        return table.played[game - 1].state if game <= len(table.played) else table.state


def full_save(table: Table, game: object = None) -> str:
    """The full save (``state.to_json()``) of a game of the table (``game``: its number in the
    room's series, ``None`` for the game in play), what ``GET /api/teacher/save`` downloads.

    Raises:
        ClassroomError: the table has not started, or has no such game.
    """
    with table.lock:
        return game_state(table, game).to_json(indent=1)


def seat_save(table: Table, seat: int, game: object = None) -> str:
    """The seat save of ``seat`` at ``table``: what that seat saw, step by step, and no other
    seat's secrets (``state.to_json(viewer=seat)``), of the game in play or game ``game``.

    Raises:
        NotFound: no such seat or game. ClassroomError: the table has not started.
    """
    if type(seat) is not int or not 0 <= seat < table.size:
        raise NotFound(
            f"table {table.number} has no seat {seat!r:.20} (seats 0 to {table.size - 1})"
        )
    with table.lock:
        return game_state(table, game).to_json(indent=1, viewer=seat)


#: The columns the class's tables add to those of ``tradekit.sim.load_games``.
CLASS_COLUMNS = ("table", "game_number", "name")


@dataclasses.dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game of a table: the table, its index in the room's series and its save."""

    table: Table
    index: int
    save: str


def finished(room: Room) -> list[FinishedGame]:
    """Each finished game of each table with its full save, in table order, then game order
    (a table the teacher ended keeps the games it finished before)."""
    out = []
    for number in sorted(room.tables):
        table = room.tables[number]
        with table.lock:
            for index, state in table.finished_games():
                out.append(FinishedGame(table, index, state.to_json(indent=1)))
    return out


def _label(frame: pd.DataFrame, room: Room, done: Sequence[FinishedGame]) -> pd.DataFrame:
    """``frame`` (whose ``deal`` counts the games read) with ``table``, ``game_number`` and
    ``name`` columns. In a series of option sets, ``variant`` is each game's label and
    ``deal`` counts the tables, so that the games of one table pair up (they share a deal)."""
    import pandas as pd

    series = room.series
    read = frame["deal"]
    frame.insert(0, "table", read.map({i: g.table.number for i, g in enumerate(done)}))
    frame.insert(1, "game_number", read.map({i: g.index + 1 for i, g in enumerate(done)}))
    names = {
        (i, seat): name for i, g in enumerate(done) for seat, name in enumerate(g.table.names())
    }
    frame.insert(2, "name", [names[(d, s)] for d, s in zip(read, frame["seat"], strict=True)])
    if series.same_deal:
        frame["variant"] = read.map({i: series.labels[g.index] for i, g in enumerate(done)})
        frame["deal"] = pd.factorize(frame["table"])[0]
    return frame


def games(room: Room) -> pd.DataFrame:
    """The tidy game table of the room's finished games (one row per seat of each), as
    :func:`tradekit.sim.load_games` reads their full saves, with ``table``, ``game_number``
    (the game of the room's series, 1 for the first) and ``name`` columns.

    Example:
        >>> from tradekit.classroom.rooms import Room
        >>> games(Room.open("medici", players=3)).shape
        (0, 0)
    """
    import pandas as pd

    from tradekit.sim import load_games

    done = finished(room)
    if not done:
        return pd.DataFrame()
    return _label(load_games([g.save for g in done]), room, done)


def decisions(room: Room) -> pd.DataFrame:
    """The decision table of the room's finished games (one row per decision), as
    :func:`tradekit.sim.load_decisions` reads their full saves, with ``table``,
    ``game_number`` and ``name``. For Turin Market its ``amount`` column holds each bid."""
    import pandas as pd

    from tradekit.sim import load_decisions

    done = finished(room)
    if not done:
        return pd.DataFrame()
    return _label(load_decisions([g.save for g in done]), room, done)


def paired(room: Room, first: int = 1, second: int = 2, confidence: float = 0.95) -> pd.DataFrame:
    """The paired comparison of two games of a series of option sets, on the class's own games:
    :func:`tradekit.sim.compare.summarise` of the tables that finished both (each played the
    same deal under both rule choices). One row per seat for ``win rate`` and ``score``, then
    one per game-level measure: means under each, the mean paired difference (second minus
    first) with its interval, the test and its p-value.

    Raises:
        ClassroomError: the room plays no series of option sets, a game number out of range,
            or fewer than two tables have finished both games.
    """
    from tradekit.sim.compare import summarise

    series = room.series
    if not series.same_deal:
        raise ClassroomError(
            "only a series of option sets plays the same deals under two rule choices: this "
            f"class plays {'one game a table' if series.kind == 'single' else 'a match'}"
        )
    numbers = (first, second)
    if any(type(k) is not int or not 1 <= k <= series.count for k in numbers) or first == second:
        raise ClassroomError(
            f"give two different games of the series, from 1 to {series.count}: got {numbers}"
        )
    table = games(room)
    both = [] if table.empty else [
        number for number, played in table.groupby("table")["game_number"]
        if {first, second} <= set(played)
    ]  # fmt: skip
    if len(both) < 2:
        raise ClassroomError(
            f"{counted(len(both), 'table has', 'tables have')} finished both game {first} and"
            f" game {second}: a paired comparison needs two at least"
        )
    rows = table[table["table"].isin(both) & table["game_number"].isin(numbers)]
    # The class's own columns say where a game was played: they are not measures of it.
    rows = rows.drop(columns=list(CLASS_COLUMNS))
    labels = series.labels
    return summarise(rows, labels[first - 1], labels[second - 1], confidence)


def distance(room: Room, iterations: int = 2000) -> Distance:
    """The class's Turin Market bids beside the theory's equilibrium bid for the same value and
    rules, with the expected Scudo each bid gave up (:func:`tradekit.theory.distance` on the
    finished games, each bidder's value reckoned from the saves by
    :func:`tradekit.theory.with_valuations`).

    The games of each game number are reckoned apart: in a series of option sets, game 1 and
    game 2 of a table share their deal, so they share their seeds too.

    Raises:
        ClassroomError: the class does not play Turin Market (only its sealed bids are
            modelled), or no table has finished a game yet.
    """
    import pandas as pd

    from tradekit.theory import distance as theory_distance
    from tradekit.theory import with_valuations

    if room.game.name != "turin":
        raise ClassroomError(
            "bids against the equilibrium are for Turin Market's sealed bids: this class plays "
            f"{room.game.name}"
        )
    done = finished(room)
    if not done:
        raise ClassroomError.said("classroom.distance_none")
    table = decisions(room)
    parts = [
        with_valuations(
            table[table["game_number"] == index + 1], [g.save for g in done if g.index == index]
        )
        for index in sorted({g.index for g in done})
    ]
    return theory_distance(pd.concat(parts), iterations=iterations)


def distance_reply(room: Room, lang: str = "en") -> dict[str, Any]:
    """:func:`distance` as the teacher's page shows it: the caption in ``lang``, the model's
    own description (``model``, in ``lang`` too, for those who want the details) and one row per
    player (``table``, ``name``, ``bids``, ``mean_gap``, ``utility_lost``,
    ``at_equilibrium``), the largest loss first."""
    found = distance(room)
    players = found.players.sort_values("utility_lost", ascending=False)
    rows = [
        {
            "table": int(row.table),
            "name": str(row.name),
            "bids": int(row.bids),
            "mean_gap": round(float(row.mean_gap), 2),
            "utility_lost": round(float(row.utility_lost), 2),
            "at_equilibrium": round(float(row.at_equilibrium), 3),
        }
        for row in players.itertuples()
    ]
    return {
        "caption": t("classroom.distance_caption", check_lang(lang)),
        "model": found.caption(check_lang(lang)),
        "players": rows,
    }


def csv_text(frame: pd.DataFrame) -> str:
    """``frame`` as CSV text without the index (empty text for an empty table)."""
    if frame.empty:
        return ""
    out = io.StringIO()
    frame.to_csv(out, index=False)
    return out.getvalue()


# -- replay ----------------------------------------------------------------------------------------
def replay_state(table: Table, step: object, game: object = None) -> State[Any]:
    """The table's game (``game``: its number in the series, ``None`` for the game in play)
    after its first ``step`` decisions (negative: from the end).

    Raises:
        ClassroomError: the table has not started, no such game, or ``step`` is out of range
            (in words).
    """
    with table.lock:
        if table.state is None:
            raise ClassroomError(f"table {table.number} has not started: nothing to replay")
        state = game_state(table, game)
        count = len(state.decisions)
        if type(step) is not int or not -count - 1 <= step <= count:
            raise ClassroomError(
                f"table {table.number} has {count} decisions: give a step from 0 to {count}"
            )
        return state.branch(step if step >= 0 else count + 1 + step)


def replay_reply(
    table: Table, step: object, lang: str = "en", game: object = None
) -> dict[str, Any]:
    """``GET /api/teacher/replay``: the table drawn by the game's renderer as the teacher sees
    it (every hand) after ``step`` decisions, with the step, the count, the game of the series
    (``game``) and how many games the table has dealt so far (``games_played``, the game in
    play included), and the status line."""
    state = replay_state(table, step, game)
    room = table.room
    ctx = Context(state.game, lang, table.names(lang))
    renderer = renderer_for(room.game.name)
    view = state.view("all")
    with table.lock:
        count = len(game_state(table, game).decisions)
        number = table.game_index + 1 if game is None else game
        played = table.game_index + 1
    return {
        "table": table.number,
        "game": number,
        "games_played": played,
        "step": len(state.decisions),
        "steps": count,
        "status": renderer.status(view, ctx),
        "html": renderer.table(view, end_context(ctx, state, "all")),
    }


# -- the live chart --------------------------------------------------------------------------------
#: The chart's size in SVG units (drawn at the page's width; 16:9 like a projector).
WIDTH, HEIGHT = 1600, 680
#: Its two colours: the class's marks, and the theory's reference.
CLASS_COLOUR, THEORY_COLOUR = "#1f5fa8", "#c0392b"


@dataclasses.dataclass(frozen=True, slots=True)
class _Played:
    """What a chart reads of one table, copied under its lock (robots may play on meanwhile):
    the deal, the decisions so far and the public events."""

    number: int
    game: Game[Any]
    seed: int
    setup: Any
    decisions: tuple[Any, ...]
    public: tuple[Event, ...]


def _public(played: _Played) -> tuple[Event, ...]:
    return played.public


def _states(room: Room) -> list[_Played]:
    out = []
    for number in sorted(room.tables):
        table = room.tables[number]
        with table.lock:
            states = [f.state for f in table.played]  # every game of the series so far
            if table.state is not None:
                states.append(table.state)
            for state in states:
                public = tuple(e for e in state.log if e.visible_to is None)
                decided = tuple(state.decisions)
                out.append(_Played(number, state.game, state.seed, state.setup, decided, public))
    return out


def _turin(room: Room, states: list[_Played], lang: str) -> dict[str, Any]:
    import numpy as np

    from tradekit.theory import SealedBid

    n = room.size
    # The nearest model: one prize, n bidders, losers pay half their bid (a Turin round has
    # ranked prizes and budgets, which no closed form covers). Bids are in Scudo, values are
    # not known: the reference is the model's mean equilibrium bid for values uniform from 0 to
    # the Scudo each bidder held (a uniform law's bid scales with its top value).
    model = SealedBid(n, 0.5)
    mean_share = float(np.mean(model.bid(np.linspace(0.0, 1.0, 401))))
    points: list[dict[str, Any]] = []
    held: dict[int, list[float]] = {}
    for played in states:
        number = played.number
        again: State[Any] = played.game.new_state(seed=played.seed, setup=played.setup)
        seen = len(again.log)
        for seat, action in played.decisions:
            scudo = again.view(None).scudo
            again.apply(seat, action)
            for e in again.log[seen:]:
                if e.visible_to is None and e.kind == "reveal" and e.data.get("what") == "bids":
                    for bidder, amount in sorted(e.data["bids"].items()):
                        points.append({"x": e.round, "y": int(amount), "table": number})
                        held.setdefault(e.round, []).append(float(scudo[int(bidder)]))
            seen = len(again.log)
    line = [[r, round(mean_share * sum(v) / len(v), 3)] for r, v in sorted(held.items())]
    return {
        **_words("turin", lang, n=n),
        "points": points,
        "lines": [{"label": t("classroom.chart_turin_line", lang), "points": line}],
    }


def _words(kind: str, lang: str, **fields: object) -> dict[str, Any]:
    """The chart's words in ``lang``: title, axes, caption, and the legend's and an empty
    chart's words (for :func:`chart_svg`)."""
    out: dict[str, Any] = {
        part: t(f"classroom.chart_{kind}_{part}", lang, **fields)
        for part in ("title", "x_label", "y_label", "caption")
    }
    out["words"] = {w: t(f"classroom.chart_{w}", lang) for w in ("class", "empty", "of")}
    out["lang"] = lang  # numbers as the language writes them: 0,25 in French
    return out


def _medici(room: Room, states: list[_Played], lang: str) -> dict[str, Any]:
    n = room.size
    wins = [0] * n
    auctions = [0] * n
    for played in states:
        order: list[int] | None = None
        for e in _public(played):
            what = e.data.get("what")
            if e.kind == "info" and what == "auction":
                order = list(e.data["order"])
            elif order is not None and what in ("sale", "discard"):
                for place in range(len(order)):
                    auctions[place] += 1
                if what == "sale":
                    wins[order.index(e.data["seat"])] += 1
                order = None
    places = [t("classroom.chart_place", lang, place=k) for k in range(1, n + 1)]
    places[-1] = t("classroom.chart_dealer", lang, place=places[-1])
    return {
        **_words("medici", lang),
        "bars": [{"label": places[k], "value": wins[k], "of": auctions[k]} for k in range(n)],
        "points": [],
        "lines": [],
    }


def _negoces(room: Room, states: list[_Played], lang: str) -> dict[str, Any]:
    points: list[dict[str, Any]] = []
    for played in states:
        number = played.number
        for e in _public(played):
            if e.data.get("what") == "sale":
                points.append({"x": e.round, "y": int(e.data["coins"]), "table": number})
    return {
        **_words("negoces", lang),
        "points": points,
        "lines": [],
    }


def _rungis(room: Room, states: list[_Played], lang: str) -> dict[str, Any]:
    game: Any = room.game
    base = {a.id: a.base for a in game.tables.articles}
    points: list[dict[str, Any]] = []
    rounds: set[int] = set()
    for played in states:
        number = played.number
        for e in _public(played):
            if e.kind == "reveal" and e.data.get("what") == "reveal":
                for sheet in e.data["sheets"].values():
                    for article, price in sorted(sheet.items()):
                        points.append(
                            {"x": e.round, "y": round(price / base[article], 3), "table": number}
                        )
                        rounds.add(e.round)
    span = [min(rounds, default=1), max(rounds, default=1)]
    return {
        **_words("rungis", lang),
        "points": points,
        "lines": [
            {"label": t("classroom.chart_rungis_line", lang), "points": [[x, 2.0] for x in span]},
        ],
    }


_CHARTS = {"turin": _turin, "medici": _medici, "negoces": _negoces, "rungis": _rungis}


def chart_data(room: Room, lang: str = "en") -> dict[str, Any]:
    """The numbers behind the teacher's live chart (``GET /api/teacher/chart``), from what
    every table has revealed so far: ``kind`` (the game), ``title``, ``x_label``, ``y_label``,
    ``points`` (``{"x", "y", "table"}``), ``lines`` (``{"label", "points": [[x, y], ...]}``),
    ``bars`` for Medici (``{"label", "value", "of"}``) and ``caption`` (what is drawn, in words).

    Example:
        >>> from tradekit.classroom.rooms import Room
        >>> chart_data(Room.open("rungis", players=3))["points"]
        []
    """
    lang = check_lang(lang)
    # The version is read first: a change during the build makes the next call build again.
    version = (room.version, lang)
    cached = _CHART_CACHE.get(room)
    if cached is not None and cached[0] == version:
        return dict(cached[1])
    make = _CHARTS.get(room.game.name)
    if make is None:
        data = {"kind": room.game.name, "title": room.game.name, "points": [], "lines": []}
    else:
        data = {"kind": room.game.name, **make(room, _states(room), lang)}
    _CHART_CACHE[room] = (version, data)
    return dict(data)


#: The last chart of each room, by the room's version (the teacher's page asks for it after
#: every change, and replaying Turin Market's tables for the Scudo held is the costly part).
_CHART_CACHE: weakref.WeakKeyDictionary[Room, tuple[tuple[int, str], dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)


def _axis(value: float) -> tuple[float, float]:
    """A round top at or above ``value`` and a round step, for 3 to 6 grid lines.

    Example:
        >>> _axis(4.2), _axis(0.4), _axis(37)
        ((5.0, 1.0), (0.4, 0.1), (40.0, 10.0))
    """
    if value <= 0:
        return 1.0, 0.25
    for scale in (10 ** math.floor(math.log10(value / 5)) * k for k in (1, 2, 5, 10, 20)):
        if value / scale <= 5:
            return float(math.ceil(value / scale - 1e-9) * scale), float(scale)
    return value, value / 4  # pragma: no cover - the loop always finds a step


def chart_svg(data: dict[str, Any]) -> str:
    """The chart of :func:`chart_data` as inline SVG: a title in words, large type, two
    colours, drawn to the width of its box.

    Example:
        >>> from tradekit.classroom.rooms import Room
        >>> svg = chart_svg(chart_data(Room.open("turin", players=3)))
        >>> svg.startswith("<svg") and "nothing revealed yet" in svg
        True
    """
    left, right, top, bottom = 150, 40, 140, 120
    plot_w, plot_h = WIDTH - left - right, HEIGHT - top - bottom
    parts = [
        f'<svg id="chart-svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'aria-label="{esc(data.get("title", ""))}" xmlns="http://www.w3.org/2000/svg" '
        'font-family="system-ui,sans-serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
        f'<text x="{left}" y="56" font-size="44" font-weight="700" fill="#1d1d1f">'
        f"{esc(data.get('title', ''))}</text>",
    ]
    bars = data.get("bars") or []
    words = data.get("words") or {}
    points = data.get("points") or []
    # Lines without a point (the theory of a round nobody has bid in yet) draw nothing.
    lines = [ln for ln in data.get("lines") or [] if ln["points"]]
    ys = [p["y"] for p in points] + [y for ln in lines for _, y in ln["points"]]
    ys += [b["value"] for b in bars]
    # From 0 (or below, for Négoces' negative prices) to a round top, with headroom.
    low = min(0.0, min(ys, default=0))
    high = max(ys, default=0)
    _, y_step = _axis((high - low) * 1.08)
    if y_step < 1 and all(float(y).is_integer() for y in ys) and high - low >= 2:
        y_step = 1.0  # whole coins: no half-coin grid lines
    y_lo = math.floor(low / y_step - 1e-9) * y_step if low < 0 else 0.0
    y_top = max(y_step, math.ceil(high * 1.08 / y_step - 1e-9) * y_step)
    xs = [p["x"] for p in points] + [x for ln in lines for x, _ in ln["points"]]
    x_lo, x_hi = (min(xs), max(xs)) if xs else (0, 1)
    if x_hi == x_lo:
        x_lo, x_hi = x_lo - 1, x_hi + 1

    def sx(x: float) -> float:
        return left + (x - x_lo) / (x_hi - x_lo) * plot_w * 0.94 + plot_w * 0.03

    def sy(y: float) -> float:
        return top + plot_h - (y - y_lo) / (y_top - y_lo) * plot_h

    # Axes and horizontal grid lines with their values (none on an empty chart: a scale of
    # nothing would read as a value).
    lang = data.get("lang", "en")
    for k in range(round((y_top - y_lo) / y_step) + 1 if ys else 0):
        y = round(y_lo + k * y_step, 6)
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" '
            'stroke="#d5dbe3" stroke-width="2"/>'
            f'<text x="{left - 16}" y="{sy(y) + 11:.1f}" font-size="32" text-anchor="end" '
            f'fill="#333">{number_text(f"{y:g}", lang)}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2}" y="{HEIGHT - 24}" font-size="34" text-anchor="middle" '
        f'fill="#333">{esc(data.get("x_label", ""))}</text>'
        f'<text x="36" y="{top + plot_h / 2}" font-size="34" text-anchor="middle" fill="#333" '
        f'transform="rotate(-90 36 {top + plot_h / 2})">{esc(data.get("y_label", ""))}</text>'
    )
    if bars:
        width = plot_w / len(bars)
        for k, bar in enumerate(bars):
            x = left + k * width
            h = sy(0) - sy(bar["value"])
            parts.append(
                f'<rect x="{x + width * 0.15:.1f}" y="{sy(bar["value"]):.1f}" '
                f'width="{width * 0.7:.1f}" height="{h:.1f}" fill="{CLASS_COLOUR}"/>'
                f'<text x="{x + width / 2:.1f}" y="{sy(bar["value"]) - 12:.1f}" font-size="36" '
                f'font-weight="700" text-anchor="middle">{bar["value"]} '
                f"{esc(words.get('of', 'of'))} {bar['of']}</text>"
                f'<text x="{x + width / 2:.1f}" y="{top + plot_h + 44}" font-size="32" '
                f'text-anchor="middle" fill="#333">{esc(bar["label"])}</text>'
            )
    else:
        # Every whole x between the first and the last mark (rounds and sales count by one).
        ticks = list(range(math.ceil(min(xs)), math.floor(max(xs)) + 1)) if xs else []
        step = max(1, math.ceil(len(ticks) / 12))
        for x in ticks[::step]:
            parts.append(
                f'<text x="{sx(x):.1f}" y="{top + plot_h + 44}" font-size="32" '
                f'text-anchor="middle" fill="#333">{x}</text>'
            )
        # Marks at one x spread sideways, so that equal bids do not hide one another.
        at: dict[float, int] = {}
        for p in points:
            k = at.get(p["x"], 0)
            at[p["x"]] = k + 1
            shift = ((k % 9) - 4) * 7
            parts.append(
                f'<circle cx="{sx(p["x"]) + shift:.1f}" cy="{sy(p["y"]):.1f}" r="11" '
                f'fill="{CLASS_COLOUR}" fill-opacity="0.6"/>'
            )
        for ln in lines:
            path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in ln["points"])
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{THEORY_COLOUR}" '
                'stroke-width="6" stroke-dasharray="18 10"/>'
            )
        # The legend, under the title: a dot for the class, the dashes for the theory.
        parts.append(
            f'<circle cx="{left + 14}" cy="98" r="11" fill="{CLASS_COLOUR}" fill-opacity="0.6"/>'
            f'<text x="{left + 36}" y="109" font-size="32" fill="{CLASS_COLOUR}">'
            f"{esc(words.get('class', 'the class'))}</text>"
        )
        if lines:
            parts.append(
                f'<line x1="{left + 260}" x2="{left + 330}" y1="98" y2="98" '
                f'stroke="{THEORY_COLOUR}" stroke-width="6" stroke-dasharray="18 10"/>'
                f'<text x="{left + 345}" y="109" font-size="32" fill="{THEORY_COLOUR}">'
                f"{esc(lines[0]['label'])}</text>"
            )
        if not points:
            parts.append(
                f'<text x="{left + plot_w / 2}" y="{top + plot_h / 2}" font-size="40" '
                'text-anchor="middle" fill="#666">'
                f"{esc(words.get('empty', 'nothing revealed yet'))}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
