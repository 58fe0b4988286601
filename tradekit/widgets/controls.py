"""Controls generated from the legal actions: the per-game plug-in and its generic fallback.

A game registers a :class:`Controls` subclass with :func:`register_controls` in the module its
plug-in entry names (``controls=``); :func:`controls_for` imports that module on first use and
falls back to the generic controls when the game names none (a list of the legal actions and a
Play button), so every registered game can be played in the table widget before it has controls of
its own.

A control never applies an action itself: it calls :meth:`ControlContext.submit`, and the table
widget checks the action, applies it, and shows a message (never a traceback) if it is refused.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.domains import Menu, Range
from tradekit.core.registry import import_part
from tradekit.render import Context, Renderer
from tradekit.render.parts import data_uri

C = TypeVar("C", bound="type[Controls]")


def em(count: float) -> str:
    """A CSS length of ``count`` times the table widget's font size, so that a control grows
    with the table's size (``auto`` follows the widget's width).

    A plain ``em`` would measure the ipywidgets box around the control, whose own font size
    stays at 13 px whatever the size.

    Example:
        >>> em(8.5)
        'calc(var(--jp-widgets-font-size) * 8.5)'
    """
    return f"calc(var(--jp-widgets-font-size) * {count})"


def note(html: str) -> Any:
    """A line of explanation among the controls (``html``: escape plain text first), a little
    smaller than the controls' text and growing with the table's size like them.

    Example:
        >>> "font-size:calc(var(--jp-widgets-font-size) * 0.93)" in note("Bid or pass.").value
        True
    """
    return widgets.HTML(value=f"<span style='font-size:{em(0.93)}'>{html}</span>")


@dataclasses.dataclass
class ControlContext:
    """Everything a game's controls need to build themselves for the seat that must act.

    Attributes:
        seat: the seat acting.
        view: that seat's view (what its controls may show).
        legal: its legal actions (never empty).
        ctx: the game, language and names.
        renderer: the game's renderer (labels for actions and cards).
        submit: call with an action to play it.
        handles: controls by key; :meth:`button` and :meth:`slider` fill it (tests and the browser
            test find controls by these keys; each also carries the CSS class ``tk-c-<key>``).
        pictures: the card pictures the card buttons show, as ``data:`` URIs by CSS class (the
            table widget puts them in its stylesheet as the buttons' backgrounds).
    """

    seat: int
    view: Any
    legal: Sequence[Action]
    ctx: Context
    renderer: Renderer[Any]
    submit: Callable[[Action], None]
    handles: dict[str, Any] = dataclasses.field(default_factory=dict)
    pictures: dict[str, str] = dataclasses.field(default_factory=dict)

    def t(self, key: str, /, **fields: Any) -> str:
        """A catalogue message in the table's language."""
        return self.ctx.t(key, **fields)

    def label(self, action: Action) -> str:
        """The action's label in the table's language."""
        return self.renderer.action_label(action, self.view, self.ctx)

    def bounds(self, cls: type[Action], field: str) -> tuple[int, int] | None:
        """The smallest and largest legal value of a number field of ``cls`` actions, read from
        the rules' declaration when the legal actions are a :class:`~tradekit.core.domains.Menu`
        (so a budget of 10**9 is never listed); ``None`` when no such action is legal."""
        legal = self.legal
        if isinstance(legal, Menu):
            return legal.bounds(cls, field)
        values = [getattr(a, field) for a in legal if type(a) is cls]
        return (min(values), max(values)) if values else None

    def register(self, key: str, widget: Any) -> Any:
        """Keep ``widget`` under ``key`` in :attr:`handles` and give it the class ``tk-c-<key>``."""
        self.handles[key] = widget
        widget.add_class(f"tk-c-{key}")
        return widget

    def button(
        self,
        key: str,
        description: str,
        action: Action | Callable[[], Action | None],
        *,
        style: str = "",
        width: str = "auto",
    ) -> Any:
        """A button that submits ``action`` (or the action a callable returns when clicked)."""
        button = widgets.Button(
            description=description,
            tooltip=description,
            button_style=style,
            layout=widgets.Layout(width=width, height="auto", min_height="30px"),
        )

        def click(_: Any) -> None:
            chosen = action() if callable(action) else action
            if chosen is not None:
                self.submit(chosen)

        button.on_click(click)
        return self.register(key, button)

    def card_button(
        self,
        key: str,
        card: int | None,
        action: Action | Callable[[], Action | None],
        description: str | None = None,
    ) -> Any:
        """A button drawn as the picture of ``card`` (``None``: a card back) that submits
        ``action``: clicking the card is the action. Its ``description`` (the action's label
        by default) is its tooltip and what a screen reader says; the picture is the button's
        CSS background (class ``tk-card-btn``), so it works wherever ipywidgets do."""
        if description is None:
            description = self.label(action) if isinstance(action, Action) else str(card)
        button = self.button(key, description, action)
        picture = self.renderer.card_picture(card, self.ctx)
        name = f"tk-pic-{zlib.crc32(picture.encode()):08x}"
        self.pictures[name] = data_uri(picture)
        button.add_class("tk-card-btn")
        button.add_class(name)
        return button

    def slider(
        self,
        key: str,
        description: str,
        values: Sequence[int] | Range | tuple[int, int],
        value: int = 0,
        width: float = 26,
    ) -> Any:
        """An integer slider bounded to what is legal: ``values`` is a domain
        :class:`~tradekit.core.domains.Range`, a ``(low, high)`` pair from :meth:`bounds`, or the
        legal values themselves. ``width`` is in the widget's font sizes (see :func:`em`),
        description included; it never overflows the table."""
        if isinstance(values, Range):
            low, high = values.lo, values.hi
        elif isinstance(values, range):
            low, high = values[0], values[-1]
        else:
            low, high = min(values), max(values)
        slider = widgets.IntSlider(
            value=min(max(value, low), high),
            min=low,
            max=high,
            step=1,
            description=description,
            continuous_update=True,
            style={"description_width": "initial"},
            layout=widgets.Layout(width=em(width), max_width="100%"),
        )
        return self.register(key, slider)


class Controls:
    """A game's controls; the generic version lists every legal action in a dropdown.

    Subclasses override :meth:`build` and return rows of widgets made with the helpers of
    :class:`ControlContext` (``button``, ``slider``), calling ``cc.submit(action)`` to play.
    """

    #: The game's registry name (set by :func:`register_controls`).
    game_name: str = ""

    def build(self, cc: ControlContext) -> list[Any]:
        """The rows of widgets for ``cc.seat`` to choose among ``cc.legal``."""
        options = [(cc.label(a), i) for i, a in enumerate(cc.legal)]
        choice = cc.register(
            "action",
            widgets.Dropdown(
                options=options,
                value=0,
                description=cc.t("choose_action"),
                layout=widgets.Layout(width=em(34), max_width="100%"),
            ),
        )
        play = cc.button("play", cc.t("play"), lambda: cc.legal[choice.value], style="primary")
        return [widgets.HBox([choice, play])]


_TRIED: set[str] = set()
_CONTROLS: dict[str, Controls] = {}
_GENERIC = Controls()


def register_controls(name: str) -> Callable[[C], C]:
    """Class decorator: register a :class:`Controls` subclass for the game ``name``.

    Put it in the module the game's plug-in entry names (``controls=``, usually
    ``tradekit/games/<name>/controls.py``); :func:`controls_for` imports that module on demand.
    """

    def deco(cls: C) -> C:
        cls.game_name = name
        _CONTROLS[name] = cls()
        return cls

    return deco


def controls_for(name: str) -> Controls:
    """The controls registered for the game ``name`` (the generic ones if it has none)."""
    if name not in _CONTROLS and name not in _TRIED:
        module = import_part(name, "controls")
        if module is not None and name not in _CONTROLS:
            raise ImportError(f"module {module.__name__!r} registers no controls for {name!r}")
        _TRIED.add(name)  # a game without controls is looked for once, not on every call
    return _CONTROLS.get(name, _GENERIC)
