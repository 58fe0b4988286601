"""The review widget: a seat save (or a full save, as one viewer) stepped through, read-only.

Parts (attributes, so a test can drive it headless): ``header`` (game, status, whose game, which
step), ``first_button`` / ``prev_button`` / ``next_button`` / ``last_button``, ``steps`` (a
dropdown of every step, named by what happened at it), ``lang_switch``, ``message``, ``table``
(the table as the viewer saw it at that step) and ``log`` (the narrated log up to that step).

Nothing here can change a game, and nothing is shown that the save's viewer did not see.

Example:
    >>> import tradekit
    >>> from tradekit.sim import play
    >>> state = play(tradekit.load_game("turin", players=3), "heuristic", seed=2).state
    >>> w = ReviewWidget(state.to_json(viewer=0))
    >>> w.step == len(w.review) - 1
    True
    >>> w.first_button.click(); w.step
    0
    >>> w.next_button.click(); w.step
    1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from tradekit.core.errors import TradekitError
from tradekit.core.seat_saves import Review, review
from tradekit.core.view import Viewer
from tradekit.i18n import check_lang, seat_label, t
from tradekit.render import Context, render_log, renderer_for
from tradekit.render import parts as p
from tradekit.widgets.table import language_switch


class ReviewWidget:
    """Step through a game as one viewer saw it.

    Args:
        saved: a :class:`~tradekit.core.seat_saves.Review`, or a seat save or full save (JSON
            text, bytes or parsed), which :func:`~tradekit.core.seat_saves.review` opens.
        viewer: for a full save, whose game to show (see ``review``).
        lang: ``"en"`` or ``"fr"``.
        names: display names per seat (default ``P0, P1 ...``, the viewer marked "you").
        step: the step shown first (default: the last).

    Raises:
        ReplayError: the save cannot be opened (named).
    """

    def __init__(
        self,
        saved: Review | str | bytes | Mapping[str, Any],
        *,
        viewer: Viewer = "all",
        lang: str = "en",
        names: Sequence[str] | None = None,
        step: int = -1,
    ) -> None:
        self.review = saved if isinstance(saved, Review) else review(saved, viewer=viewer)
        self.lang = check_lang(lang)
        self._custom_names = tuple(names) if names else None
        steps = range(len(self.review))
        if type(step) is not int or not -len(steps) <= step < len(steps):
            raise TradekitError(f"step must be in 0..{len(steps) - 1}, got {step!r}")
        self.step = steps[step]
        self.last_error: BaseException | None = None
        self._labels: dict[tuple[str, tuple[str, ...]], list[tuple[str, int]]] = {}
        self._build()
        self.refresh()

    # -- set-up -------------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat in the current language."""
        n = self.review.game.num_players
        if self._custom_names is not None and len(self._custom_names) == n:
            return self._custom_names
        out = []
        for seat in range(n):
            name = seat_label(seat, self.lang)
            if seat == self.review.viewer:
                name += f" ({t('you', self.lang)})"
            out.append(name)
        return tuple(out)

    @property
    def ctx(self) -> Context:
        """Game, language and names for the renderer."""
        return Context(self.review.game, self.lang, self.names)

    def _build(self) -> None:
        def button(handler: Callable[[], None]) -> Any:
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.on_click(lambda _: self._guard(handler))
            return b

        self.header = widgets.HTML()
        self.first_button = button(lambda: self.go(0))
        self.prev_button = button(lambda: self.go(self.step - 1))
        self.next_button = button(lambda: self.go(self.step + 1))
        self.last_button = button(lambda: self.go(len(self.review) - 1))
        self.steps = widgets.Dropdown(layout=widgets.Layout(width="460px"))
        self.steps.observe(self._on_step, names="value")
        self.lang_switch = language_switch(self.lang)
        self.lang_switch.observe(lambda change: self.set_lang(str(change["new"])), names="value")
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.log = widgets.HTML()
        self.toolbar = widgets.HBox(
            [
                self.first_button,
                self.prev_button,
                self.steps,
                self.next_button,
                self.last_button,
                self.lang_switch,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.ui = widgets.VBox([self.header, self.toolbar, self.message, self.table, self.log])
        self.ui.add_class("tk-review-widget")
        for name in ("first_button", "prev_button", "next_button", "last_button", "steps"):
            getattr(self, name).add_class("tk-review-" + name.replace("_", "-"))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def _guard(self, func: Callable[[], None]) -> None:
        """Run ``func``; an error becomes a message (a hand-edited save must not show a
        traceback)."""
        try:
            func()
        except Exception as exc:
            self.last_error = exc
            reason = str(exc) if isinstance(exc, TradekitError) else f"{type(exc).__name__}: {exc}"
            self.message.value = p.message(t("error", self.lang, error=reason), "error")

    # -- moving -------------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show the table after ``step`` (kept within the first and the last step)."""
        self.step = max(0, min(int(step), len(self.review) - 1))
        self.refresh()

    def _on_step(self, change: Mapping[str, Any]) -> None:
        new = change.get("new")
        if new is not None and new != self.step:
            self._guard(lambda: self.go(int(new)))

    def set_lang(self, lang: str) -> None:
        """Switch every label and the narration to ``lang``."""
        self.lang = check_lang(lang)
        if self.lang_switch.value != self.lang:
            self.lang_switch.value = self.lang
        self._guard(self.refresh)

    # -- drawing ------------------------------------------------------------------------------
    def _who(self) -> str:
        viewer = self.review.viewer
        if viewer == "all":
            return t("review_teacher", self.lang)
        if viewer is None:
            return t("review_public", self.lang)
        return seat_label(viewer, self.lang)

    def step_labels(self) -> list[tuple[str, int]]:
        """Each step named by what happened at it: the viewer's own decision, else the last
        event the viewer saw at it."""
        ctx = self.ctx
        key = (self.lang, ctx.names)
        cached = self._labels.get(key)
        if cached is not None:
            return cached
        renderer = renderer_for(self.review.game.name)
        out: list[tuple[str, int]] = []
        seen = 0
        for k, step in enumerate(self.review.steps):
            rnd = step.view.round
            heading = (
                t("round_heading", self.lang, round=rnd) if rnd else t("setup_heading", self.lang)
            )
            if k == 0:
                what = t("review_start", self.lang)
            elif step.mine is not None:
                label = renderer.action_label(step.mine, None, ctx)
                what = t("review_mine", self.lang, action=label)
            elif step.log > seen:
                what = renderer.narrate(self.review.log[step.log - 1], ctx)
            else:
                what = t("review_quiet", self.lang)
            seen = step.log
            out.append((f"{k + 1}. {heading} · {_cut(what)}", k))
        self._labels[key] = out
        return out

    def refresh(self) -> None:
        """Redraw every part for the step shown."""
        ctx = self.ctx
        renderer = renderer_for(self.review.game.name)
        view = self.review.view(self.step)
        n = len(self.review)
        self.first_button.description = t("review_first", self.lang)
        self.prev_button.description = t("review_prev", self.lang)
        self.next_button.description = t("review_next", self.lang)
        self.last_button.description = t("review_last", self.lang)
        self.steps.description = t("review_steps", self.lang)
        self.steps.style = {"description_width": "initial"}
        self.first_button.disabled = self.prev_button.disabled = self.step == 0
        self.next_button.disabled = self.last_button.disabled = self.step == n - 1
        self.steps.unobserve(self._on_step, names="value")
        self.steps.options = self.step_labels()
        self.steps.value = self.step
        self.steps.observe(self._on_step, names="value")
        parts = [
            p.tag("b", p.esc(renderer.title(ctx))),
            p.esc(renderer.status(view, ctx)),
            p.esc(t("review_of", self.lang, view=self._who())),
            p.tag("span", p.esc(t("review_step", self.lang, k=self.step + 1, n=n)), cls="tk-muted"),
        ]
        self.header.value = p.STYLE + p.tag(
            "div", " · ".join(parts), cls="tk", style="font-size:var(--tk-fs,14px);padding:2px 0"
        )
        self.message.value = p.message(t("review_read_only", self.lang), "note")
        self.table.value = renderer.table(view, ctx)
        shown = self.review.steps[self.step].log
        events = list(enumerate(self.review.log[:shown]))
        self.log.value = render_log(events, ctx, empty=t("no_decisions", self.lang))


def _cut(text: str, most: int = 90) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def review_widget(saved: Review | str | bytes | Mapping[str, Any], **kwargs: Any) -> ReviewWidget:
    """A :class:`ReviewWidget` for a seat save, a full save or a review; see its arguments.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("rungis", players=3).new_state(seed=1)
        >>> review_widget(state.to_json(), viewer=None, lang="fr").lang_switch.value
        'fr'
    """
    return ReviewWidget(saved, **kwargs)
