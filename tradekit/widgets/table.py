"""The table widget: a game at a table of humans and bots, built from the same parts for every game.

The widget only draws. Everything else (the game, the seats, the bots, Back, "what if", typed
commands, save and load, who may see what) is a :class:`~tradekit.session.table.TableSession`,
``TableWidget.session``, which a web front end can drive without ipywidgets. Each button calls a
session method; the session says what happened (:class:`~tradekit.session.table.Notice`), and the
widget shows it in ``message`` and draws the table again.

Parts (each an attribute, so a test can drive it headless by setting ``.value`` and calling
``.click()``):

* ``header`` — the game, round, phase and who must act (or a "what if" marker);
* toolbar — ``step_button`` (one bot decision), ``play_button`` (bots play until a human must act,
  or to the end when every seat is a bot), ``back_button`` (undo back to the last human decision),
  ``new_button``, ``autoplay`` (bots play on by themselves after a human acts), ``view_switch``
  (a seat's view, the public view, the teacher's view), ``lang_switch`` (English / français);
* ``message`` — what went wrong or what just happened (never a traceback);
* ``table`` — the rendered table (``widgets.HTML``; the game's renderer draws the chosen view);
* ``controls`` — built by the game's :class:`~tradekit.widgets.controls.Controls` from the legal
  actions of the human who must act, plus ``command`` / ``command_button`` to type an action;
* ``bots_box`` — each bot's last decision with its one-line explanation;
* tabs: ``log`` (the narrated log, bot explanations inline), what-if (``whatif`` dropdown of every
  logged decision, ``branch_button``, ``return_button``), save/load (``save_button``,
  ``json_box``, ``load_button``, ``upload``, ``download``, and ``review_box``, where Load opens
  a seat save read-only, step by step: ``review``).

Hot-seat mode (several humans at one screen, on by default when ``humans`` has more than one seat)
hides every private thing between turns: the table shows the public view and a "pass the screen"
curtain until the next human presses ``reveal_button``; the view switch is locked.

A bot's explanation of a hidden decision (a sealed bid) is shown to other viewers only after the
next reveal in the log.
"""

from __future__ import annotations

import base64
import bisect
import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.seat_saves import Review
from tradekit.core.state import Game, State, Viewer
from tradekit.i18n import LANGS, bot_label, t
from tradekit.render import Context, Renderer, end_context, render_log, viewer_label
from tradekit.render import parts as p
from tradekit.session.policy import SeatPolicy
from tradekit.session.table import (
    MAX_BOT_STEPS,
    MAX_OUT_OF_TURN,
    MODES,
    Notice,
    TableSession,
    decision_events,
    default_bot,
)
from tradekit.widgets.controls import ControlContext, Controls, controls_for, em

if TYPE_CHECKING:
    from tradekit.widgets.review import ReviewWidget

__all__ = [
    "LANG_NAMES",
    "MAX_BOT_STEPS",
    "MAX_OUT_OF_TURN",
    "MODES",
    "TableWidget",
    "decision_events",
    "default_bot",
    "language_switch",
    "table",
]

T = TypeVar("T")

LANG_NAMES = {"en": "English", "fr": "Français"}

#: The widget's own sizes, as ipywidgets' CSS variables (font, line height) and the card buttons'
#: width, by the size of the table (:data:`tradekit.render.parts.SIZES`). At ``auto`` they follow
#: the widget's width as the table's font does (the widget is a size container, so the same
#: ``cqi`` lengths measure it): the toolbar and controls grow with the table on a projector.
_WIDGET_SIZES = {
    "auto": (p.SIZES["auto"], f"calc({p.SIZES['auto']} * 2.15)", f"calc({p.SIZES['auto']} * 7.4)"),
    "projector": ("20px", "44px", "150px"),
    "laptop": ("14px", "30px", "96px"),
    "phone": ("15px", "34px", "84px"),
}

#: The widget's stylesheet: its sizes, card buttons drawn as their card's picture, disabled
#: buttons that look disabled, and the one eye-catching style kept for the main action.
WIDGET_STYLE = (
    "<style>\n"
    + "".join(
        f".tk-table-widget.tk-w-{name}{{--jp-widgets-font-size:{font};"
        f"--jp-widgets-inline-height:{line};--tk-fs:{font};--tk-card-w:{card}}}\n"
        for name, (font, line, card) in _WIDGET_SIZES.items()
    )
    + """.tk-table-widget.tk-w-auto{container-type:inline-size}
.tk-table-widget .jupyter-button{font-size:var(--jp-widgets-font-size)}
.tk-table-widget .tk-card-btn{width:var(--tk-card-w)!important;
height:calc(var(--tk-card-w) * 1.393)!important;padding:0!important;margin:3px!important;
background-color:transparent!important;background-repeat:no-repeat!important;
background-position:center!important;background-size:contain!important;box-shadow:none!important;
color:transparent!important;border-radius:8px!important;overflow:hidden}
.tk-table-widget .tk-card-btn:hover:enabled{outline:3px solid #2e86c1;transform:translateY(-2px)}
.tk-table-widget .tk-card-btn:focus-visible{outline:3px solid #e67e22}
.tk-table-widget .jupyter-button:disabled,.tk-table-widget .jupyter-button:disabled:hover{
background:#eef0f3!important;color:#9aa3ae!important;box-shadow:none!important;
border:1px dashed #c3cad3!important;cursor:not-allowed!important;opacity:1!important}
.tk-table-widget .tk-controls{border-left:4px solid #27ae60;padding-left:6px;margin:4px 0}
</style>"""
)


def language_switch(lang: str) -> Any:
    """The dropdown of the languages every label exists in, showing ``lang``."""
    return widgets.Dropdown(
        options=[(LANG_NAMES[x], x) for x in LANGS],
        value=lang,
        layout=widgets.Layout(width=em(8.5)),
    )


class _FromSession(Generic[T]):
    """An attribute of the widget that its session holds: read and set through the widget, kept
    once (so the widget and the session can never disagree)."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type[Any]) -> _FromSession[T]: ...

    @overload
    def __get__(self, obj: TableWidget, owner: type[Any]) -> T: ...

    def __get__(self, obj: TableWidget | None, owner: type[Any]) -> T | _FromSession[T]:
        if obj is None:
            return self
        value: T = getattr(obj.session, self.name)
        return value

    def __set__(self, obj: TableWidget, value: T) -> None:
        setattr(obj.session, self.name, value)


class TableWidget:
    """A game at a table: humans play with generated controls, bots play the other seats.

    A thin ipywidgets shell on a :class:`~tradekit.session.TableSession` (``self.session``),
    which holds the game, the seats, undo, branches, bots and every message; the widget only
    draws it and wires its buttons to the session.

    Args:
        game: a :class:`State` (played on), a :class:`Game` (dealt), or a game name.
        humans, bots, lang, names, hotseat, mode, autoplay, seed: as for
            :class:`~tradekit.session.TableSession`. A student's table offers only the humans'
            own views and the public view, saves a seat save and never undoes another human's
            decision; a teacher's keeps every power.
        size: ``"auto"`` (scaled to the width it has), ``"projector"`` (the back row reads
            it), ``"laptop"`` or ``"phone"`` (stacked in one column).
        **options: the game's options when ``game`` is a name.

    Example:
        >>> w = TableWidget("turin", players=3, humans=[0], seed=5)
        >>> w.handles["offer-2"].click()   # the human offers card 2; the bots have offered too
        >>> w.state.phase, w.state.to_move
        ('bid', (0,))
        >>> w.handles["bid-amount"].value = 99    # a slider cannot leave what is legal
        >>> w.handles["bid-amount"].value
        15
        >>> w.type_command("bid 400")
        >>> "is not allowed now" in w.message.value
        True
    """

    state = _FromSession[State[Any]]("The game in play (the session's).")
    main_state = _FromSession[State[Any] | None](
        'The game a "what if" branch left (``None``: no branch is open).'
    )
    explanations = _FromSession[dict[int, tuple[int, str, str]]](
        "Each bot decision's explanation by decision index: ``(seat, bot name, reason)``."
    )
    humans = _FromSession[tuple[int, ...]]("The seats humans hold.")
    hotseat = _FromSession[bool]("Whether private information is hidden between human turns.")
    mode = _FromSession[str]('``"student"`` or ``"teacher"``.')
    policies = _FromSession[dict[int, SeatPolicy]]("Who plays each bot seat.")
    lang = _FromSession[str]("The table's language (switch it with :meth:`set_lang`).")
    last_error = _FromSession[BaseException | None](
        "The last exception shown as a message (for a teacher to inspect)."
    )

    def __init__(
        self,
        game: State[Any] | Game[Any] | str,
        *,
        humans: Iterable[int] = (0,),
        bots: str | Mapping[int, Any] | Sequence[Any] | None = None,
        lang: str = "en",
        names: Sequence[str] | None = None,
        hotseat: bool | None = None,
        mode: str | None = None,
        autoplay: bool = True,
        seed: int | None = None,
        size: str = "auto",
        **options: Any,
    ) -> None:
        #: The size the table and its controls are drawn at (``"auto"``, ``"projector"``,
        #: ``"laptop"`` or ``"phone"``; see :data:`tradekit.render.parts.SIZES`).
        self.size = p.check_size(size)
        #: Everything that is not drawing; the bots play up to the first human turn here.
        self.session = TableSession(
            game,
            humans=humans,
            bots=bots,
            lang=lang,
            names=names,
            hotseat=hotseat,
            mode=mode,
            autoplay=autoplay,
            seed=seed,
            **options,
        )
        #: The log shows this many of the latest lines (``None``: all of them); long games
        #: would otherwise redraw thousands of lines after every click.
        self.log_lines: int | None = 400
        self.handles: dict[str, Any] = {}
        self._build()
        self.session.on_notice = self._show
        if self.session.notice is not None:  # said while the bots played their first turns
            self._show(self.session.notice)
        self.refresh()

    # -- what the session holds --------------------------------------------------------------------
    @property
    def game(self) -> Game[Any]:
        """The game's options."""
        return self.session.game

    @property
    def renderer(self) -> Renderer[Any]:
        """The game's renderer."""
        return self.session.renderer

    @property
    def game_controls(self) -> Controls:
        """The game's controls."""
        return controls_for(self.game.name)

    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat in the current language."""
        return self.session.names

    @property
    def ctx(self) -> Context:
        """Game, language, names and size for the renderer; once the game is over, the ledger
        and starting money too, for the game-over banner (when the view shows every seat's final
        score: :func:`tradekit.render.end_context`, the rule every table follows)."""
        return end_context(
            dataclasses.replace(self.session.ctx, size=self.size), self.state, self.viewer
        )

    @property
    def viewer(self) -> Viewer:
        """The view the table shows now (a seat, ``None`` for public, ``"all"`` for teacher)."""
        return self.session.viewer

    def acting_human(self) -> int | None:
        """The first human seat that must act now, if any."""
        return self.session.acting_human()

    def curtain_down(self) -> bool:
        """Whether hot-seat mode is hiding the table until the next human reveals it."""
        return self.session.curtain_down()

    def decision_label(self, index: int, viewer: Viewer) -> tuple[str, bool] | None:
        """What ``viewer`` may know of decision ``index``: ``(label, whole)``, or ``None`` while
        it is hidden from them (see :meth:`tradekit.session.table.TableSession.decision_label`)."""
        return self.session.decision_label(index, viewer)

    def explanation_visible(self, index: int, viewer: Viewer) -> bool:
        """Whether a bot's explanation of decision ``index`` may be shown to ``viewer`` (see
        :meth:`tradekit.session.table.TableSession.explanation_visible`)."""
        return self.session.explanation_visible(index, viewer)

    # -- building ----------------------------------------------------------------------------------
    def _build(self) -> None:
        def button(handler: Callable[[], None], style: str = "") -> Any:
            b = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _: self._guard(handler)())
            return b

        self.style = widgets.HTML(WIDGET_STYLE)
        self.header = widgets.HTML()
        self.step_button = button(self.step)
        self.play_button = button(self.play_to_turn, "primary")
        self.back_button = button(self.back)
        self.new_button = button(self.new_game)
        self.autoplay = widgets.Checkbox(
            value=self.session.autoplay, indent=False, layout=widgets.Layout(width="auto")
        )
        self.autoplay.observe(self._on_autoplay, names="value")
        self.view_switch = widgets.Dropdown(layout=widgets.Layout(width=em(16.5)))
        self.view_switch.observe(self._on_view, names="value")
        self.lang_switch = language_switch(self.lang)
        self.lang_switch.observe(self._on_lang, names="value")
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.controls = widgets.VBox()
        self.command = widgets.Text(layout=widgets.Layout(width=em(18.5)))
        self.command_button = button(self._on_command)
        self.command_row = widgets.HBox([self.command, self.command_button])
        self.reveal_button = button(self.reveal, "primary")
        self.hide_button = button(self.hide)
        self.bots_box = widgets.HTML()
        self.log = widgets.HTML()
        self.whatif = widgets.Dropdown(layout=widgets.Layout(width="520px"))
        self.branch_button = button(self._on_branch, "warning")
        self.return_button = button(self.return_to_main)
        self.save_button = button(self.save_to_box)
        self.load_button = button(self._on_load)
        self.json_box = widgets.Textarea(layout=widgets.Layout(width="100%", height="120px"))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.observe(self._on_upload, names="value")
        self.download = widgets.HTML()
        #: A seat save Load opened read-only, stepped through here (``None``: none is open).
        self.review: ReviewWidget | None = None
        self.review_box = widgets.VBox()
        self.tabs = widgets.Tab(
            children=[
                self.log,
                widgets.VBox([widgets.HBox([self.whatif, self.branch_button]), self.return_button]),
                widgets.VBox(
                    [
                        widgets.HBox([self.save_button, self.load_button, self.upload]),
                        self.download,
                        self.review_box,
                        self.json_box,
                    ]
                ),
            ]
        )
        self.toolbar = widgets.HBox(
            [
                self.step_button,
                self.play_button,
                self.back_button,
                self.new_button,
                self.autoplay,
                self.view_switch,
                self.lang_switch,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        # The acting player's controls come before the table, so a laptop's screen shows them
        # without scrolling; the table under them fills the width.
        self.ui = widgets.VBox(
            [
                self.style,
                self.header,
                self.toolbar,
                self.message,
                self.controls,
                self.table,
                self.bots_box,
                self.tabs,
            ]
        )
        self.ui.add_class("tk-table-widget")
        self.ui.add_class(f"tk-w-{self.size}")
        self.controls.add_class("tk-controls")
        # CSS classes so a browser (and the browser test) finds every part without its label.
        for name in (
            "step_button",
            "play_button",
            "back_button",
            "new_button",
            "view_switch",
            "lang_switch",
            "command",
            "command_button",
            "reveal_button",
            "hide_button",
            "whatif",
            "branch_button",
            "return_button",
            "save_button",
            "load_button",
            "json_box",
        ):
            getattr(self, name).add_class("tk-" + name.replace("_", "-"))
        self.reveal_button.add_class("tk-c-reveal")
        self.hide_button.add_class("tk-c-hide")
        self.command.add_class("tk-c-command")
        self._label()

    def _label(self) -> None:
        """(Re)write every label in the current language."""
        lang = self.lang
        self.step_button.description = t("step", lang)
        self.step_button.tooltip = t("step_tip", lang)
        key = "play_to_turn" if self.humans else "play_to_end"
        self.play_button.description = t(key, lang)
        self.back_button.description = t("back", lang)
        self.back_button.tooltip = t("back_tip", lang)
        self.new_button.description = t("new_game", lang)
        self.autoplay.description = t("autoplay", lang)
        self.command.description = t("type_action", lang)
        self.command.style = {"description_width": "initial"}
        self.command_button.description = t("go", lang)
        self.branch_button.description = t("branch", lang)
        self.return_button.description = t("return_main", lang)
        self.save_button.description = t("save", lang)
        self.load_button.description = t("load", lang)
        self.upload.description = t("upload", lang)
        self.json_box.placeholder = t("json_placeholder", lang)
        self.whatif.description = t("what_if_label", lang)
        self.whatif.style = {"description_width": "initial"}
        self.tabs.titles = (t("log", lang), t("what_if", lang), t("save_load", lang))
        self.hide_button.description = t("hotseat_hide", lang)
        self.view_switch.unobserve(self._on_view, names="value")
        self.view_switch.options = self.session.offered_views()
        self.view_switch.value = self.session.view_choice
        self.view_switch.observe(self._on_view, names="value")
        self.view_switch.description = t("view_label", lang)
        self.view_switch.style = {"description_width": "initial"}

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    # -- safety ------------------------------------------------------------------------------------
    def _guard(self, func: Callable[..., None]) -> Callable[..., None]:
        """Run ``func`` through the session's guard (any exception becomes a message: a lesson
        never shows a traceback), then draw the table again."""

        def run(*args: Any) -> None:
            self.session.guard(func)(*args)
            self._refresh_quietly()

        return run

    def _refresh_quietly(self) -> None:
        try:
            self.refresh()
        except Exception as exc:  # a renderer bug must not escape as a traceback either
            self.session.last_error = exc
            self.message.value = p.message(
                t("error", self.lang, error=f"{type(exc).__name__}: {exc}"), "error"
            )

    def say(self, text: str, kind: str = "note") -> None:
        """Show a message above the table (``kind``: ``error``, ``ok`` or ``note``)."""
        self.session.say(text, kind)

    def _show(self, notice: Notice) -> None:
        self.message.value = p.message(notice.text, notice.kind)

    # -- playing (each a session method; the buttons also draw the table again) --------------------
    def submit(self, action: Action) -> None:
        """Play ``action`` for the human who must act (a refused action shows a message)."""
        self.session.submit(action)
        self._refresh_quietly()

    def submit_out_of_turn(self, seat: int, action: Action) -> None:
        """Play an out-of-turn ``action`` (a purchase, a loan) for human ``seat``, whether or not
        it is to move (a refused action shows a message)."""
        self.session.submit_out_of_turn(seat, action)
        self._refresh_quietly()

    def step(self) -> None:
        """Let one bot make one decision."""
        self.session.step()

    def play_to_turn(self) -> None:
        """Bots play until a human must act (or to the end when every seat is a bot)."""
        self.session.play_to_turn()

    def back(self) -> None:
        """Undo back to just before the last human decision (or one decision with no human)."""
        self.session.back()

    def new_game(self) -> None:
        """Deal a new game with the same options."""
        self.session.new_game()

    def type_command(self, text: str) -> None:
        """Play a typed action: a legal action's text (``bid 5``) or its label (``Miser 5``)."""
        self._type(text)
        self._refresh_quietly()

    def _on_command(self) -> None:
        self._type(self.command.value)

    def _type(self, text: str) -> None:
        if self.session.type_command(text):
            self.command.value = ""

    def reveal(self) -> None:
        """Hot-seat: the human who must act shows their cards."""
        self.session.reveal()

    def hide(self) -> None:
        """Hot-seat: cover the table again."""
        self.session.hide()

    # -- what if -----------------------------------------------------------------------------------
    def branch(self, k: int) -> None:
        """Go back to just before decision ``k`` (0-based) in a "what if" copy of the game."""
        self.session.branch(k)
        self._refresh_quietly()

    def _on_branch(self) -> None:
        if self.whatif.value is None:
            self.say(t("no_decisions", self.lang), "note")
            return
        self.session.branch(int(self.whatif.value))

    def return_to_main(self) -> None:
        """Leave the "what if" copy and go back to the original game."""
        self.session.return_to_main()

    # -- save and load -----------------------------------------------------------------------------
    def save_viewer(self) -> Viewer:
        """Whose save the Save button writes: ``"all"`` (the full save) at a teacher's table;
        at a student's, the seat on view (the public's with the hot-seat curtain down)."""
        return self.session.save_viewer()

    def save(self) -> str:
        """The game as JSON: the full save at a teacher's table (``tradekit.replay`` reads it
        back), a seat save at a student's (Load and ``tradekit.review`` open it read-only); see
        :meth:`save_viewer`."""
        return self.session.save()

    def save_to_box(self) -> None:
        """Put the saved game in the text box and offer it as a download."""
        saved = self.session.save_file()
        self.json_box.value = saved.text
        data = base64.b64encode(saved.text.encode()).decode()
        self.download.value = p.tag(
            "a",
            p.esc(t("download", self.lang)),
            href=f"data:application/json;base64,{data}",
            download=saved.name,
        )

    def load(self, text: str | bytes) -> None:
        """Replay a saved game and play on from it (a bad save shows a message)."""
        self._guard(self._load)(text)

    def _on_load(self) -> None:
        self._load(self.json_box.value)

    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        content = bytes(files[0]["content"])
        self.upload.value = ()  # so that choosing the same file again loads it again
        self._guard(self._load)(content)

    def _load(self, text: str | bytes) -> None:
        loaded = self.session.load(text)
        self._show_review(self.session.opened_review)
        if loaded:
            self._label()  # the seats, and so the views on offer, may have changed

    def _show_review(self, opened: Review | None) -> None:
        """Step through a seat save Load opened (it cannot be played on), or put it away."""
        # Imported here: the review widget borrows this module's language switch.
        from tradekit.widgets.review import ReviewWidget

        self.review = None if opened is None else ReviewWidget(opened, lang=self.lang)
        self.review_box.children = () if self.review is None else (self.review.ui,)

    # -- switches ----------------------------------------------------------------------------------
    def _on_autoplay(self, change: Mapping[str, Any]) -> None:
        self.session.autoplay = bool(change["new"])

    def _on_view(self, change: Mapping[str, Any]) -> None:
        if change.get("new") is not None:
            self.session.view_choice = str(change["new"])
            self._refresh_quietly()

    def set_view(self, viewer: Viewer) -> None:
        """Show a seat's view, the public view (``None``) or the teacher's (``"all"``); a
        student's table shows only its humans' own views and the public one (another is refused
        with a message)."""
        if self.session.set_view(viewer):
            self.view_switch.value = self.session.view_choice

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        self.set_lang(str(change["new"]))

    def set_lang(self, lang: str) -> None:
        """Switch every label and the narration to ``lang``."""
        self.session.set_lang(lang)
        if self.lang_switch.value != self.lang:
            self.lang_switch.value = self.lang
        if self.review is not None:
            self.review.set_lang(self.lang)
        self._label()
        self._refresh_quietly()

    # -- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw every part from the state."""
        ctx = self.ctx
        renderer = self.renderer
        viewer = self.viewer
        view = self.state.view(viewer)
        status = renderer.status(view, ctx)
        title = renderer.title(ctx)
        if self.main_state is not None:
            status = f"{t('in_branch', self.lang)} · {status}"
        shown = t("showing_view", self.lang, view=viewer_label(viewer, ctx))
        self.header.value = p.STYLE + p.tag(
            "div",
            p.tag("b", p.esc(title))
            + " · "
            + p.esc(status)
            + " · "
            + p.tag("span", p.esc(shown), cls="tk-muted"),
            cls="tk",
            style="font-size:var(--tk-fs,14px);padding:2px 0",
        )
        self.table.value = renderer.table(view, ctx)
        self._draw_controls(viewer, ctx)
        self._draw_log(viewer, ctx)
        self._draw_bots(viewer, ctx)
        self._draw_whatif(viewer)
        over = self.state.is_over
        self.step_button.disabled = over or self.session.bot_to_act() is None
        self.play_button.disabled = over or self.session.bot_to_act() is None
        # Only a button that can be pressed keeps the eye-catching style.
        self.play_button.button_style = "" if self.play_button.disabled else "primary"
        self.back_button.disabled = not self.state.decisions
        self.return_button.layout.display = None if self.main_state is not None else "none"
        self.view_switch.disabled = self.hotseat

    def _draw_controls(self, viewer: Viewer, ctx: Context) -> None:
        self.handles = {}
        human = self.acting_human()
        rows: list[Any] = []
        if self.curtain_down() and human is not None:
            name = ctx.name(human)
            self.reveal_button.description = t("hotseat_ready", self.lang, name=name)
            self.table.value = (
                p.STYLE
                + p.tag("div", p.esc(t("hotseat_pass", self.lang, name=name)), cls="tk tk-curtain")
                + self.table.value
            )
            rows = [self.reveal_button]
            self.handles["reveal"] = self.reveal_button
        elif human is not None and viewer in (human, "all"):
            rows = self._turn_rows(human, ctx)
        elif human is not None:
            note = t("view_seat", self.lang, name=ctx.name(human))
            rows = [
                widgets.HTML(
                    p.message(
                        f"{t('your_turn', self.lang, name=ctx.name(human))} "
                        f"→ {t('view_label', self.lang)}: {note}",
                        "note",
                    )
                )
            ]
        elif not self.state.is_over:
            key = "waiting_for_bots" if self.humans else "no_human"
            rows = [widgets.HTML(p.message(t(key, self.lang), "note"))]
        rows += self._out_of_turn_row(viewer, ctx)
        if "command" not in self.handles:
            # No card buttons on show: the stylesheet must not keep the last ones' pictures
            # (the cards of the hand of whoever acted last, hidden from the seat now on view).
            self._show_pictures({})
        self.controls.children = tuple(rows)

    def _turn_rows(self, human: int, ctx: Context) -> list[Any]:
        """The rows of the acting human's controls: the game's, the command box, Hide."""
        seat_view = self.state.view(human)
        legal = self.state.legal_actions(human)
        cc = ControlContext(
            seat=human,
            view=seat_view,
            legal=legal,
            ctx=ctx,
            renderer=self.renderer,
            submit=self.session.current(self.submit),
        )
        turn = p.message(t("your_turn", self.lang, name=ctx.name(human)), "ok")
        rows = [widgets.HTML(turn), *self.game_controls.build(cc)]
        example = self.session.command_example(human)
        self.command.placeholder = t("type_placeholder", self.lang, example=example)
        rows.append(self.command_row)
        self.handles = dict(cc.handles)
        self.handles["command"] = self.command
        self._show_pictures(cc.pictures)
        if self.hotseat:
            rows.append(self.hide_button)
            self.handles["hide"] = self.hide_button
        return rows

    def _show_pictures(self, pictures: Mapping[str, str]) -> None:
        """Put the card buttons' pictures in the widget's stylesheet (each a CSS class)."""
        rules = "".join(
            f".tk-table-widget .{name}{{background-image:url({uri})!important}}\n"
            for name, uri in sorted(pictures.items())
        )
        value = WIDGET_STYLE + (f"<style>\n{rules}</style>" if rules else "")
        if self.style.value != value:
            self.style.value = value

    def _out_of_turn_row(self, viewer: Viewer, ctx: Context) -> list[Any]:
        """Buttons for the out-of-turn actions (a purchase, a loan "at any time") of the human
        seat on view when it is not the one to act (the session says which)."""
        actions = self.session.out_of_turn_actions(viewer)
        if not actions or type(viewer) is not int:
            return []
        view = self.state.view(viewer)
        buttons = []
        act = self.session.current(self.submit_out_of_turn)  # a stale button plays nothing
        for i, action in enumerate(actions):
            label = self.renderer.action_label(action, view, ctx)
            button = widgets.Button(
                description=label,
                tooltip=label,
                layout=widgets.Layout(width="auto", height="auto", min_height="30px"),
            )
            button.on_click(lambda _, a=action, s=viewer: act(s, a))
            button.add_class(f"tk-c-anytime-{i}")
            self.handles[f"anytime-{i}"] = button
            buttons.append(button)
        note = widgets.HTML(p.message(t("any_time", self.lang, name=ctx.name(viewer)), "note"))
        return [note, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    def _draw_log(self, viewer: Viewer, ctx: Context) -> None:
        visible = [(i, e) for i, e in enumerate(self.state.log) if e.visible(viewer)]
        earlier = 0
        if self.log_lines is not None and len(visible) > self.log_lines:
            earlier = len(visible) - self.log_lines
            visible = visible[earlier:]
        shown = [i for i, _ in visible]
        notes: dict[int, list[str]] = {}
        for at, bot, why in self.session.reasons(viewer):
            # A sealed decision's own event stays hidden: the note goes under the next line the
            # viewer sees ("P1 has chosen").
            where = bisect.bisect_left(shown, at)
            if where < len(shown):
                note = t("why_note", self.lang, bot=bot, why=why)
                notes.setdefault(shown[where], []).append(note)
        self.log.value = render_log(
            visible, ctx, notes, empty=t("no_decisions", self.lang), earlier=earlier
        )

    def _draw_bots(self, viewer: Viewer, ctx: Context) -> None:
        if not self.policies:
            self.bots_box.value = ""
            return
        latest = self.session.latest_bot_decisions(viewer)
        lines = []
        for seat in sorted(self.policies):
            bot = bot_label(self.policies[seat].name, self.lang)
            if seat in latest:
                label, reason = latest[seat]
                said = label if reason is None else f"{label} — {reason}"
                text = t("bot_said", self.lang, name=ctx.name(seat), bot=bot, why=said)
            else:
                text = f"{ctx.name(seat)} ({bot})"
            lines.append(p.tag("div", p.esc(text), data_bot=seat))
        if self.session.reasons_wait_for_end(viewer):
            lines.append(p.tag("div", p.esc(t("reasons_at_end", self.lang)), cls="tk-muted"))
        self.bots_box.value = p.STYLE + p.section(t("bots", self.lang), "".join(lines))

    def _draw_whatif(self, viewer: Viewer) -> None:
        options = self.session.decision_choices(viewer)
        keep = self.whatif.value
        self.whatif.options = options
        if options:
            self.whatif.value = keep if keep is not None and keep < len(options) else options[-1][1]


def table(game: str | Game[Any] | State[Any] = "turin", **kwargs: Any) -> TableWidget:
    """A table widget for ``game`` (a name with options, a Game or a State); see
    :class:`TableWidget` for the arguments.

    Example:
        >>> w = table("turin", players=4, humans=[1], lang="fr", seed=2)
        >>> w.state.game.num_players, w.lang_switch.value
        (4, 'fr')
    """
    return TableWidget(game, **kwargs)
