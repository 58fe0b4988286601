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

It speaks English or French (``lang``, and the language list at its foot), with the words of the
teacher's page; a refusal reads in the dashboard's language
(:meth:`~tradekit.classroom.rooms.ClassroomError.words`).

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
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w

from tradekit.classroom.replies import room_status
from tradekit.classroom.rooms import ClassroomError, Room
from tradekit.i18n import check_lang, formatted, t
from tradekit.render.parts import esc
from tradekit.widgets.table import language_switch

if TYPE_CHECKING:
    from tradekit.theory.distance import Distance

#: The buttons a table's row may show, by the state it is in.
ACTIONS = {
    "waiting": ("start", "end"),
    "playing": ("pause", "end"),
    "paused": ("resume", "end"),
    "between": ("next", "end"),
    "over": (),
    "ended": (),
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
        lang: ``"en"`` or ``"fr"``; the language list at the foot changes it.

    Attributes:
        buttons: the row buttons now shown, by ``(table, action)``.
        message: the last command's outcome in words (a refusal's reason).
    """

    def __init__(
        self,
        room: Room,
        join_url: str = "",
        refresh: float | None = 5.0,
        lang: str = "en",
    ) -> None:
        self.room = room
        self.join_url = join_url
        self.lang = check_lang(lang)
        self.header = w.HTML()
        self.students = w.HTML()
        self.rows = w.VBox()
        self.message = w.HTML()
        self.refresh_button = w.Button(icon="refresh")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.buttons: dict[tuple[int, str], w.Button] = {}
        self.theory_button = w.Button(layout=w.Layout(width="auto"))
        self.theory_button.on_click(lambda _: self.show_distance())
        self.theory = w.Output()
        #: The bids against the equilibrium last drawn (drawn again in another language).
        self._distance: Distance | None = None
        self.lang_switch = language_switch(self.lang)
        self.lang_switch.observe(lambda change: self.set_lang(change["new"]), names="value")
        self._stop = threading.Event()
        # The timer's thread and a button's click may refresh at once.
        self._lock = threading.Lock()
        self._seen: Any = None
        tools = [self.refresh_button]
        if room.game.name == "turin":  # only Turin's sealed bids have a model to compare with
            tools.append(self.theory_button)
        tools.append(self.lang_switch)
        super().__init__(
            [self.header, self.students, self.rows, w.HBox(tools), self.message, self.theory]
        )
        self._draw_words()
        self.refresh()
        if refresh is not None:
            threading.Thread(
                target=self._tick, args=(float(refresh),), name="tradekit-dashboard", daemon=True
            ).start()

    def _t(self, key: str, **fields: Any) -> str:
        return t(f"classroom.{key}", self.lang, **fields)

    def set_lang(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (``"en"`` or ``"fr"``), and redraw.

        Example:
            >>> from tradekit.classroom.rooms import Room
            >>> board = Dashboard(Room.open("turin", players=3), refresh=None)
            >>> board.set_lang("fr")
            >>> board.refresh_button.description, board.lang_switch.value
            ('Actualiser', 'fr')
        """
        lang = check_lang(lang)
        if lang == self.lang:
            return
        self.lang = lang
        if self.lang_switch.value != lang:
            self.lang_switch.value = lang
        self._draw_words()
        self._draw_distance()
        with self._lock:
            self._seen = None
        self.refresh()

    def _draw_words(self) -> None:
        self.refresh_button.description = self._t("dash.refresh")
        self.theory_button.description = self._t("distance_title")
        self.theory_button.tooltip = self._t("dash.theory_tip")
        self._draw_header()

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
        where = (
            self._t("dash.join_at", url=esc(self.join_url))
            if self.join_url
            else esc(self._t("code_label"))
        )
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
        status = room_status(self.room, self.lang)
        if status == self._seen:
            return
        self._seen = status
        # A student a robot stands in for is still one of the class: away for now.
        away_mark = f" ({self._t('presence_away')})"
        names = [
            s["student"] + (away_mark if s["presence"] in ("away", "standing_in") else "")
            for tb in status["tables"]
            for s in tb["seats"]
            if s["presence"] != "robot"
        ]
        joined = self._t("dash.joined", count=len(names))
        if status["away"]:
            joined += ", " + self._t("dash.away", count=status["away"])
        listed = esc(", ".join(names)) if names else esc(self._t("dash.nobody"))
        self.students.value = f"<b>{esc(joined)}</b>: {listed}"
        buttons: dict[tuple[int, str], w.Button] = {}
        rows = []
        for tb in status["tables"]:
            parts = [f"<b>{esc(self._t('col_table'))} {tb['number']}</b>"]
            if tb["games"] > 1:
                game = self._t("dash.game_of", game=tb["game_number"], games=tb["games"])
                parts.append(esc(game) + (f" ({esc(tb['label'])})" if tb["label"] else ""))
                if tb["results"]:
                    totals = ", ".join(map(str, tb["totals"]))
                    parts.append(esc(self._t("dash.totals", totals=totals)))
            parts.append(esc(self._t(f"dash.state.{tb['state']}")))
            parts.append(esc(self._t("dash.decisions", count=tb["decisions"])))
            if tb["to_move"]:  # a finished game has nobody to move: nothing said
                parts.append(esc(self._t("dash.to_move", names=tb["to_move_names"])))
            seats = esc(", ".join(s["name"] for s in tb["seats"]))
            text = " · ".join(parts) + f"<br>{seats}"
            row: list[w.Widget] = [w.HTML(text, layout=w.Layout(width="60%"))]
            for action in ACTIONS.get(tb["state"], ()):
                button = w.Button(description=self._t(f"dash.button.{action}"))
                button.on_click(self._command(action, tb["number"]))
                buttons[(tb["number"], action)] = button
                row.append(button)
            rows.append(w.HBox(row))
        self.buttons = buttons
        self.rows.children = tuple(rows) or (w.HTML(esc(self._t("dash.no_table"))),)

    def show_distance(self) -> None:
        """Draw the finished games' bids against the equilibrium bid (a refusal in words in
        :attr:`message` if no table has finished yet)."""
        self.theory_button.disabled = True
        self.message.value = esc(self._t("distance_busy"))
        try:
            found = self.room.distance()
        except ClassroomError as exc:
            self.message.value = _refusal(exc, self.lang)
            return
        finally:
            self.theory_button.disabled = False
        self._distance = found
        self._draw_distance()

    def _draw_distance(self) -> None:
        """Draw the bids against the equilibrium last worked out, in the dashboard's language."""
        from IPython.display import SVG

        from tradekit.charts import chart_svg, localized
        from tradekit.theory.charts import distance_chart

        found = self._distance
        if found is None:
            return
        svg = chart_svg(localized(distance_chart(found, lang=self.lang), self.lang))
        self.theory.outputs = ()
        self.theory.append_display_data(cast(Any, SVG)(svg))
        lost = formatted(float(found.players["utility_lost"].sum()), ".1f", self.lang)
        self.message.value = esc(
            self._t(
                "dash.distance_done", bids=len(found.bids), players=len(found.players), lost=lost
            )
        )

    def _command(self, action: str, number: int) -> Callable[[Any], None]:
        method = getattr(self.room, _METHODS[action])

        def run(_: Any) -> None:
            try:
                method(number)
            except ClassroomError as exc:
                self.message.value = _refusal(exc, self.lang)
            else:
                label = self._t(f"dash.button.{action}")
                self.message.value = esc(
                    self._t("dash.done", table=number, action=action, label=label)
                )
            self.refresh()

        return run


def _refusal(exc: ClassroomError, lang: str) -> str:
    """A refusal in ``lang``, in red."""
    return f'<span style="color:#922b21">{esc(exc.words(lang))}</span>'
