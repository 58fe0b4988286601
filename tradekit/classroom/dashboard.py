"""The teacher's dashboard in a notebook cell (ipywidgets): the join code and its QR code, who
has joined (and who is away), every table's progress, its game of a match or series and whose
turn it is, with buttons to start, pause, resume and end each table, and to deal a table's next
game.

It reads the room directly (:func:`~tradekit.classroom.replies.room_status`, what the teacher's
page shows) and its buttons call the room's commands, so it works beside the teacher's page:
both show the same room. It refreshes on a timer (a background thread that only reads the room
and sets the widgets' values) or on its Refresh button. In a Turin Market class, its "Bids
against the equilibrium" button draws the finished games' bids beside the theory's equilibrium
bid, with each player's loss (:meth:`~tradekit.classroom.rooms.Room.distance` and
:func:`tradekit.theory.charts.distance_chart`, drawn as SVG so it shows in any front end).

Example:
    >>> from tradekit.classroom.rooms import Room
    >>> room = Room.open("turin", players=3)
    >>> _ = room.join(room.code, "Ada")
    >>> board = Dashboard(room, refresh=None)
    >>> sorted(board.buttons)
    [(1, 'end'), (1, 'start')]
    >>> board.buttons[(1, "start")].click()
    >>> room.tables[1].started
    True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, cast

import ipywidgets as w

from tradekit.classroom.replies import room_status
from tradekit.classroom.rooms import ClassroomError, Room
from tradekit.render.parts import esc

#: The buttons a table's row may show, by the state it is in.
ACTIONS = {
    "waiting": ("start", "end"),
    "playing": ("pause", "end"),
    "paused": ("resume", "end"),
    "between": ("next", "end"),
    "over": (),
    "ended": (),
}
_LABELS = {
    "start": "Start",
    "pause": "Pause",
    "resume": "Resume",
    "end": "End",
    "next": "Next game",
}
#: The room's method each button calls.
_METHODS = {
    "start": "start",
    "pause": "pause",
    "resume": "resume",
    "end": "end",
    "next": "next_game",
}


class Dashboard(w.VBox):  # type: ignore[misc]
    """The dashboard of ``room`` (see the module's docstring).

    Args:
        room: the class's room.
        join_url: the address students open (shown, with its QR code).
        refresh: seconds between refreshes; ``None`` refreshes only on the Refresh button.

    Attributes:
        buttons: the row buttons now shown, by ``(table, action)``.
        message: the last command's outcome in words (a refusal's reason).
    """

    def __init__(self, room: Room, join_url: str = "", refresh: float | None = 5.0) -> None:
        self.room = room
        self.join_url = join_url
        self.header = w.HTML()
        self.students = w.HTML()
        self.rows = w.VBox()
        self.message = w.HTML()
        self.refresh_button = w.Button(description="Refresh", icon="refresh")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.buttons: dict[tuple[int, str], w.Button] = {}
        self.theory_button = w.Button(
            description="Bids against the equilibrium",
            layout=w.Layout(width="auto"),
            tooltip="the finished games' sealed bids beside the theory's equilibrium bid",
        )
        self.theory_button.on_click(lambda _: self.show_distance())
        self.theory = w.Output()
        self._stop = threading.Event()
        # The timer's thread and a button's click may refresh at once.
        self._lock = threading.Lock()
        self._seen: Any = None
        tools = [self.refresh_button]
        if room.game.name == "turin":  # only Turin's sealed bids have a model to compare with
            tools.append(self.theory_button)
        super().__init__(
            [self.header, self.students, self.rows, w.HBox(tools), self.message, self.theory]
        )
        self._draw_header()
        self.refresh()
        if refresh is not None:
            threading.Thread(
                target=self._tick, args=(float(refresh),), name="tradekit-dashboard", daemon=True
            ).start()

    def _tick(self, every: float) -> None:
        while not self._stop.wait(every):
            try:
                self.refresh()
            except Exception:  # the room closed under the timer: stop quietly
                return

    def close(self) -> None:
        """Stop the timer and close the widget."""
        self._stop.set()
        super().close()

    def _draw_header(self) -> None:
        from tradekit.classroom.app import qr_svg

        qr = qr_svg(self.join_url) if self.join_url else ""
        where = f"Join at {esc(self.join_url)} with the code" if self.join_url else "Join code"
        self.header.value = (
            '<div style="display:flex;gap:16px;align-items:center;font-family:system-ui">'
            f'<div style="width:160px">{qr}</div><div><div style="font-size:14px">{where}</div>'
            f'<div style="font-size:40px;font-weight:700;letter-spacing:.15em">'
            f"{esc(self.room.code)}</div></div></div>"
        )

    def refresh(self) -> None:
        """Read the room again and redraw what changed."""
        with self._lock:
            self._refresh()

    def _refresh(self) -> None:
        status = room_status(self.room)
        if status == self._seen:
            return
        self._seen = status
        # A student a robot stands in for is still one of the class: away for now.
        names = [
            s["student"] + (" (away)" if s["presence"] in ("away", "standing_in") else "")
            for tb in status["tables"]
            for s in tb["seats"]
            if s["presence"] != "robot"
        ]
        away = f", {status['away']} away" if status["away"] else ""
        self.students.value = (
            f"<b>{len(names)} joined{away}</b>: {esc(', '.join(names)) if names else 'nobody yet'}"
        )
        buttons: dict[tuple[int, str], w.Button] = {}
        rows = []
        for tb in status["tables"]:
            turn = f" · to move: {esc(tb['to_move_names'])}" if tb["to_move_names"] else ""
            game = ""
            if tb["games"] > 1:
                label = f" ({esc(tb['label'])})" if tb["label"] else ""
                game = f" · game {tb['game_number']} of {tb['games']}{label}"
                if tb["results"]:
                    game += f" · totals {esc(', '.join(map(str, tb['totals'])))}"
            text = (
                f"<b>Table {tb['number']}</b>{game} · {tb['state']} · {tb['decisions']} "
                f"decisions{turn}<br>{esc(', '.join(s['name'] for s in tb['seats']))}"
            )
            row: list[w.Widget] = [w.HTML(text, layout=w.Layout(width="60%"))]
            for action in ACTIONS.get(tb["state"], ()):
                button = w.Button(description=_LABELS[action])
                button.on_click(self._command(action, tb["number"]))
                buttons[(tb["number"], action)] = button
                row.append(button)
            rows.append(w.HBox(row))
        self.buttons = buttons
        self.rows.children = tuple(rows) or (w.HTML("No table yet: students join with the code."),)

    def show_distance(self) -> None:
        """Draw the finished games' bids against the equilibrium bid (a refusal in words in
        :attr:`message` if no table has finished yet)."""
        from IPython.display import SVG

        from tradekit.charts import chart_svg
        from tradekit.theory.charts import distance_chart

        self.theory_button.disabled = True
        self.message.value = "Working out the equilibrium bids (a few seconds)…"
        try:
            found = self.room.distance()
        except ClassroomError as exc:
            self.message.value = f'<span style="color:#922b21">{esc(exc)}</span>'
            return
        finally:
            self.theory_button.disabled = False
        svg = chart_svg(distance_chart(found))
        self.theory.outputs = ()
        self.theory.append_display_data(cast(Any, SVG)(svg))
        lost = found.players["utility_lost"].sum()
        self.message.value = (
            f"{len(found.bids)} bids of {len(found.players)} players: "
            f"{lost:.1f} Scudo given up in expectation."
        )

    def _command(self, action: str, number: int) -> Callable[[Any], None]:
        method = getattr(self.room, _METHODS[action])

        def run(_: Any) -> None:
            try:
                method(number)
            except ClassroomError as exc:
                self.message.value = f'<span style="color:#922b21">{esc(exc)}</span>'
            else:
                self.message.value = f"Table {number}: {action} done."
            self.refresh()

        return run
