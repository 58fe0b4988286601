"""HTML for a game's table, one view at a time, and its narrated log (pure Python, no widgets).

Each game plugs in a :class:`Renderer` registered under the game's name with
:func:`register_renderer`; :func:`renderer_for` finds it, importing the module the game's plug-in
entry names (``renderer=``) on first use, and falls back to the generic :class:`Renderer` (every
field of the view, the engine's English log lines) for a game that names none. A renderer draws
from ``state.view(viewer)`` — never from the state — so a seat's table cannot show what that seat
may not know.

Example:
    >>> import tradekit
    >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
    >>> html = render(state, viewer=0, lang="fr")
    >>> 'data-phase="offer"' in html and "Manche 1 sur 5" in html
    True
    >>> 'class="tk tk-turin"' in state._repr_html_()
    True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from tradekit.core.actions import Action, field_names
from tradekit.core.events import PAYMENT_KINDS, TOLD, Event, Transfer
from tradekit.core.registry import import_part
from tradekit.core.state import Game, State, Viewer
from tradekit.i18n import (
    check_lang,
    has_message,
    load_messages,
    round_heading,
    seat_label,
    t,
    tell,
)
from tradekit.render import parts
from tradekit.render.parts import esc, pill, tag

__all__ = [
    "PAYMENT_KINDS",
    "Context",
    "Renderer",
    "default_names",
    "end_context",
    "end_ledger",
    "narrate",
    "register_renderer",
    "render",
    "render_log",
    "renderer_for",
    "seat_entry",
    "viewer_label",
]

load_messages("tradekit.render")

R = TypeVar("R", bound="type[Renderer[Any]]")
#: The view class a renderer draws (``TurinView``; ``Any`` for the generic renderer).
V = TypeVar("V")


def default_names(players: int, lang: str = "en") -> tuple[str, ...]:
    """Seat names as people count players: ``P1, P2 ...`` (``J1, J2 ...`` in French).

    Example:
        >>> default_names(3, "fr")
        ('J1', 'J2', 'J3')
    """
    return tuple(seat_label(p, lang) for p in range(players))


@dataclasses.dataclass(frozen=True)
class Context:
    """What a renderer needs besides the view: the game (options and tables), language, names.

    Attributes:
        game: the game's options (and, through them, its data tables).
        lang: ``"en"`` or ``"fr"``.
        names: a display name per seat.
        size: the size the table is drawn at, one of :data:`~tradekit.render.parts.SIZES`
            (``"auto"``: scaled to the space it has).
        ledger: the money ledger's transfers, when the viewer may see them at the end of the
            game (the game-over banner sums them by kind of payment; see :func:`end_ledger`);
            ``None`` leaves them out.
        start_money: each seat's money when the game began, shown with the ledger's lines.
    """

    game: Game[Any]
    lang: str = "en"
    names: tuple[str, ...] = ()
    size: str = "auto"
    ledger: tuple[Transfer, ...] | None = None
    start_money: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_lang(self.lang)
        parts.check_size(self.size)
        if not self.names:
            object.__setattr__(self, "names", default_names(self.game.num_players, self.lang))

    def name(self, seat: int | None) -> str:
        """The display name of ``seat`` (or of nobody)."""
        if seat is None:
            return t("nobody", self.lang)
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return seat_label(seat, self.lang)

    def who(self, seats: Iterable[int]) -> str:
        """Names of several seats, comma-separated (``nobody`` if none)."""
        names = [self.name(p) for p in seats]
        return ", ".join(names) if names else t("nobody", self.lang)

    def winners(self, seats: Iterable[int]) -> str:
        """Who won, in words: ``Winner: P1``, or ``Winners (tied): P1, P3``.

        Example:
            >>> import tradekit
            >>> ctx = Context(tradekit.load_game("turin", players=3), "fr")
            >>> ctx.winners([0]), ctx.winners([0, 2])
            ('Gagnant : J1', 'Gagnants (à égalité) : J1, J3')
        """
        seats = list(seats)
        return self.t("winner" if len(seats) == 1 else "winners", who=self.who(seats))

    def t(self, key: str, /, **fields: Any) -> str:
        """A catalogue message in this context's language."""
        return t(key, self.lang, **fields)

    def named(self, item: Any) -> str:
        """A data-table item's name in this context's language: its ``name_fr`` in French, else
        its ``name_en`` (every game's goods, articles and special cards carry both)."""
        return str(item.name_fr if self.lang == "fr" else item.name_en)


class Renderer(Generic[V]):
    """How a game is drawn and narrated; subclass it per game and register it.

    Every method has a generic default, so a game without a renderer still shows a usable table.
    Override :meth:`table`, :meth:`action_label` and :meth:`narrate` at least. A game's renderer
    names its view class as the type parameter (``class TurinRenderer(Renderer[TurinView])``), so
    the methods that draw a view take that class.
    """

    #: The game's registry name (set by :func:`register_renderer`).
    game_name: str = ""

    def title(self, ctx: Context) -> str:
        """The game's display name (message ``game.<name>`` if the catalogue has it)."""
        key = f"game.{ctx.game.name}"
        return ctx.t(key) if has_message(key) else ctx.game.name.title()

    def phase_name(self, phase: str, ctx: Context) -> str:
        """A phase's display name (message ``<game>.phase.<phase>`` if the catalogue has it)."""
        key = f"{ctx.game.name}.phase.{phase}"
        return ctx.t(key) if has_message(key) else phase

    def status(self, view: V, ctx: Context) -> str:
        """One line of plain text: round, phase, who must act (or the winners)."""
        bits: list[str] = []
        rnd, rounds = getattr(view, "round", None), getattr(view, "rounds", None)
        if isinstance(rnd, int) and isinstance(rounds, int) and rnd:
            bits.append(ctx.t("round_of", round=rnd, rounds=rounds))
        phase = getattr(view, "phase", None)
        if phase == "over":
            bits.append(ctx.t("game_over"))
            winners = getattr(view, "winners", None)
            if winners:
                bits.append(ctx.winners(winners))
            return " · ".join(bits)
        if isinstance(phase, str):
            bits.append(self.phase_name(phase, ctx))
        to_move = getattr(view, "to_move", ())
        bits.append(ctx.t("to_move", who=ctx.who(to_move)))
        return " · ".join(bits)

    def table(self, view: V, ctx: Context) -> str:
        """The table as seen in ``view``: generic version listing every field of the view."""
        rows = []
        if dataclasses.is_dataclass(view):
            for f in dataclasses.fields(view):
                rows.append([esc(f.name), esc(_plain(getattr(view, f.name)))])
        else:
            rows.append(["view", esc(repr(view))])
        body = self.banner(view, ctx) + parts.grid(["field", "value"], rows)
        head = tag("b", esc(self.title(ctx))) + tag("span", esc(self.status(view, ctx)))
        return parts.page(
            head,
            body,
            game=ctx.game.name,
            size=ctx.size,
            data_phase=getattr(view, "phase", None),
        )

    def action_label(self, action: Action, view: V, ctx: Context) -> str:
        """A button's text for ``action`` (generic: the action's ``str``)."""
        return str(action)

    def text_value(self, value: str, ctx: Context) -> str | None:
        """The words for a name an action field holds (a good's id such as ``"vegetables"``) in
        ``ctx.lang``, as a refusal quotes it; ``None`` for a text the game does not name
        (generic: none)."""
        return None

    def narrate(self, event: Event, ctx: Context) -> str:
        """One line of the log for ``event`` in ``ctx.lang``: :meth:`narrate_known`, else the
        engine's English text."""
        text = self.narrate_known(event, ctx)
        if text is not None:
            return text
        return event.text or f"{event.kind} {dict(event.data)}"

    def narrate_known(self, event: Event, ctx: Context) -> str | None:
        """The game's own narration of ``event``, or ``None`` if it has none (generic: only the
        told events, :meth:`told`). A game's renderer asks :meth:`told` first."""
        return self.told(event, ctx)

    def told(self, event: Event, ctx: Context) -> str | None:
        """A told event (a round or an auction in short, :func:`tradekit.core.events.told`) in
        the catalogue's words, or ``None`` for any other event."""
        if event.data.get("what") != TOLD:
            return None
        return tell(event.data, ctx.lang, ctx.name)

    def revealed_label(
        self, action: Action, seat: int, reveal: Event, ctx: Context
    ) -> tuple[str, bool] | None:
        """What a viewer knows of ``seat``'s hidden ``action`` once ``reveal`` (the first reveal
        it sees after the decision) is logged: ``(label, whole)``, where ``whole`` says that the
        label is the whole action; or ``None`` if the reveal does not show it.

        The generic renderer knows no reveal, so a hidden decision stays hidden; a game whose
        reveals turn sealed choices face up says which, and what of them (Négoces shows a
        face-down card as a card back).
        """
        return None

    def command_example(self, legal: Sequence[Action], view: V, ctx: Context) -> str:
        """An example of a typed command (the text of one legal action)."""
        return str(legal[-1]) if legal else ""

    def card_actions(self, legal: Sequence[Action], view: V, ctx: Context) -> dict[int, Action]:
        """The legal action that clicking each card of the table plays, by card id: generic
        version, the one legal action whose ``card`` field names the card (Turin's offer, pick,
        listing, purchase or withdrawal; Rungis' special card). A card two legal actions name
        plays neither: its buttons say which.

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
            >>> legal = state.legal_actions(0)
            >>> acts = Renderer().card_actions(legal, state.view(0), Context(state.game))
            >>> sorted(acts) == sorted(state.view(0).hands[0]) and set(acts.values()) <= set(legal)
            True
        """
        return only_one(
            (action.card, action)  # type: ignore[attr-defined]
            for action in actions_with(legal, lambda cls: "card" in field_names(cls))
            if type(action.card) is int  # type: ignore[attr-defined]
        )

    def section_actions(self, legal: Sequence[Action], view: V, ctx: Context) -> dict[str, Action]:
        """The legal action that clicking a section of the table plays, by the section's
        ``data-section`` name (Medici's pile turns a card): none in the generic renderer.

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
            >>> legal, view = state.legal_actions(0), state.view(0)
            >>> Renderer().section_actions(legal, view, Context(state.game))
            {}
        """
        return {}

    # -- pictures -----------------------------------------------------------------------------
    def goods(self, ctx: Context) -> dict[str, parts.Good]:
        """Every good of the game, by its id in the data tables, as it is drawn (name in
        ``ctx.lang``, colour, emblem); the generic renderer knows none."""
        return {}

    def card_face(self, card: int, ctx: Context) -> parts.Face | None:
        """What face-up card ``card`` shows (``None``: the renderer draws no such card)."""
        return None

    def card_picture(self, card: int | None, ctx: Context, *, small: bool = False) -> str:
        """Card ``card`` as an SVG picture: its face, or a card back for a face-down card
        (``None``) or a card the renderer cannot draw."""
        face = None if card is None else self.card_face(card, ctx)
        if face is None:
            return parts.back_svg()
        return parts.card_svg(face, small=small)

    # -- the end ------------------------------------------------------------------------------
    def banner(self, view: V, ctx: Context) -> str:
        """The game-over banner (empty while the game goes on): the winners, every seat's final
        score and, when ``ctx.ledger`` holds the ledger, each seat's money by kind of payment."""
        if getattr(view, "phase", None) != "over" and not getattr(view, "over", False):
            return ""
        winners = tuple(getattr(view, "winners", ()) or ())
        scores = tuple(getattr(view, "scores", ()) or ())
        rows = [
            (ctx.name(s), "?" if score is None else str(score), s in winners)
            for s, score in enumerate(scores)
        ]
        who = ctx.winners(winners) if winners else ctx.t("render.no_winner")
        return parts.banner(ctx.t("game_over"), who, rows, self.ledger_lines(view, ctx))

    def payment_kind(self, transfer: Transfer) -> str:
        """Why ``transfer`` was paid, as one of :data:`PAYMENT_KINDS`: the kind the rules gave
        it when they moved the money (:attr:`~tradekit.core.events.Transfer.kind`). A renderer
        that groups a game's payments otherwise overrides it.

        Example:
            >>> from tradekit.core.events import Transfer
            >>> Renderer().payment_kind(Transfer(4, 0, "bank", "won place 1", 2, "bids", "auction"))
            'auction'
        """
        return transfer.kind

    def ledger_lines(self, view: V, ctx: Context) -> list[str]:
        """Each seat's money by kind of payment, summed from ``ctx.ledger`` (none without it),
        from its starting money to its final money:
        ``P1: started with 30 · bids and auctions −10 · majorities and payouts +20 → 40``."""
        if ctx.ledger is None:
            return []
        players = getattr(view, "players", ctx.game.num_players)
        nets: list[dict[str, int]] = [{} for _ in range(players)]
        for transfer in ctx.ledger:
            kind = self.payment_kind(transfer)
            for party, sign in ((transfer.payer, -1), (transfer.payee, 1)):
                if type(party) is int and 0 <= party < players:
                    nets[party][kind] = nets[party].get(kind, 0) + sign * transfer.amount
        out = []
        for seat, by_kind in enumerate(nets):
            items = [
                f"{ctx.t('render.kind.' + kind)} {signed(by_kind[kind])}"
                for kind in PAYMENT_KINDS
                if by_kind.get(kind)
            ]
            if seat < len(ctx.start_money):
                start = ctx.start_money[seat]
                end = start + sum(by_kind.values())
                items.insert(0, ctx.t("render.started_with", money=start))
                shown = f"{end}".replace("-", "−")  # a true minus, as the items have
                line = ctx.t("render.money_from_start", items=" · ".join(items), end=shown)
            elif items:
                line = " · ".join(items)
            else:
                continue
            out.append(ctx.t("render.money_by_kind", name=ctx.name(seat), items=line))
        return out


def signed(amount: int) -> str:
    """An amount with its sign, as a ledger line shows it (a true minus sign).

    Example:
        >>> signed(12), signed(-3)
        ('+12', '−3')
    """
    return f"{'+' if amount > 0 else '−'}{abs(amount)}"


def actions_with(
    legal: Sequence[Action], wanted: Callable[[type[Action]], bool]
) -> Iterable[Action]:
    """The legal actions whose class is ``wanted``, read off a menu's options when ``legal`` is
    one (a Négoces menu lists thousands of offers: none is built unless its class is wanted).

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=2).new_state(seed=1)
        >>> legal = state.legal_actions(0)
        >>> [type(a).__name__ for a in actions_with(legal, lambda c: c.__name__ != "Offer")]
        ['TakeLoan']
    """
    options = getattr(legal, "options", None)
    if options is None:
        return (action for action in legal if wanted(type(action)))
    return (action for option in options if wanted(option.cls) for action in option)


def only_one(pairs: Iterable[tuple[Any, Action]]) -> dict[Any, Action]:
    """Each key with its action, leaving out a key named by two actions (a click on it could
    mean either: its buttons say which).

    Example:
        >>> from tradekit.games.turin.actions import Offer, Pick
        >>> only_one([(1, Offer(1)), (2, Offer(2)), (2, Pick(2))])
        {1: Offer(card=1)}
    """
    found: dict[Any, Action] = {}
    twice: set[Any] = set()
    for key, action in pairs:
        if key in found:
            twice.add(key)
        found[key] = action
    return {key: action for key, action in found.items() if key not in twice}


def end_ledger(state: State[Any], viewer: Viewer) -> tuple[Transfer, ...] | None:
    """The ledger's transfers ``viewer`` may read on the game-over banner, or ``None``.

    The ledger holds no secrets of its own only once the game is over and ``viewer``'s view shows
    every seat's final score: a sealed bid or a secret purse is revealed by then. While the game
    goes on, or if the view still hides a score, a transfer could tell what the seat may not
    know, so none is shown.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> end_ledger(state, 0) is None
        True
    """
    if not state.is_over or None in (getattr(state.view(viewer), "scores", None) or (None,)):
        return None
    return tuple(state.ledger)


def end_context(ctx: Context, state: State[Any], viewer: Viewer) -> Context:
    """``ctx`` with the ledger and starting money ``viewer`` may see on the game-over banner
    (:func:`end_ledger`); ``ctx`` itself while there are none."""
    ledger = end_ledger(state, viewer)
    if ledger is None:
        return ctx
    return dataclasses.replace(ctx, ledger=ledger, start_money=tuple(state.initial_money))


_TRIED: set[str] = set()
_RENDERERS: dict[str, Renderer[Any]] = {}
_GENERIC: Renderer[Any] = Renderer()


def register_renderer(name: str) -> Callable[[R], R]:
    """Class decorator: register a :class:`Renderer` subclass for the game ``name``.

    Put it in the module the game's plug-in entry names (``renderer=``, usually
    ``tradekit/games/<name>/render.py``); :func:`renderer_for` imports that module on demand.
    """

    def deco(cls: R) -> R:
        cls.game_name = name
        _RENDERERS[name] = cls()
        return cls

    return deco


def renderer_for(name: str) -> Renderer[Any]:
    """The renderer registered for the game ``name`` (the generic one if it has none).

    Example:
        >>> type(renderer_for("turin")).__name__
        'TurinRenderer'
        >>> type(renderer_for("no-such-game")).__name__
        'Renderer'
    """
    if name not in _RENDERERS and name not in _TRIED:
        module = import_part(name, "renderer")
        if module is not None and name not in _RENDERERS:
            raise ImportError(f"module {module.__name__!r} registers no renderer for {name!r}")
        _TRIED.add(name)  # a game without a renderer is looked for once, not on every call
    return _RENDERERS.get(name, _GENERIC)


def viewer_label(viewer: Viewer, ctx: Context) -> str:
    """A viewer's display name: a seat's view, the public or the teacher."""
    if viewer == "all":
        return ctx.t("view_teacher")
    if isinstance(viewer, int):
        return ctx.t("view_seat", name=ctx.name(viewer))
    return ctx.t("view_public")


def render(
    state: State[Any],
    viewer: Viewer = None,
    lang: str = "en",
    names: Sequence[str] | None = None,
    size: str = "auto",
) -> str:
    """The HTML of ``state``'s table as ``viewer`` sees it.

    Args:
        state: any game's state.
        viewer: a seat, ``None`` (public, the default) or ``"all"`` (teacher).
        lang: ``"en"`` or ``"fr"``.
        names: display names per seat (default ``P0, P1 ...``).
        size: ``"auto"`` (scaled to the space it has), ``"projector"``, ``"laptop"`` or
            ``"phone"`` (see :data:`~tradekit.render.parts.SIZES`).
    """
    ctx = end_context(Context(state.game, lang, tuple(names or ()), size=size), state, viewer)
    return renderer_for(state.game.name).table(state.view(viewer), ctx)


def narrate(event: Event, ctx: Context) -> str:
    """One event as a line of text in ``ctx.lang`` (the game's renderer decides the words)."""
    return renderer_for(ctx.game.name).narrate(event, ctx)


class NarratedLog:
    """The lines of one game's log, each narrated once per language and names.

    A front end that redraws a log at every change (the class-mode server, for each seat after
    each decision) would narrate every event again; an event's line depends only on the event
    and the context's language and names, and a game's log only grows, so each line is kept.
    A new game (another state) starts afresh.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> memo = NarratedLog()
        >>> ctx = Context(state.game)
        >>> events = list(enumerate(state.log))
        >>> lines = memo.lines(state, events, ctx)
        >>> lines == {i: narrate(e, ctx) for i, e in events}
        True
        >>> memo.lines(state, events, ctx) is lines
        True
    """

    def __init__(self) -> None:
        self._state: State[Any] | None = None
        self._lines: dict[tuple[str, tuple[str, ...]], dict[int, str]] = {}

    def lines(
        self, state: State[Any], events: Sequence[tuple[int, Event]], ctx: Context
    ) -> dict[int, str]:
        """The narrated line of each of ``events`` ((index in ``state.log``, event) pairs), by
        index (earlier lines of the same context may be in it too)."""
        if state is not self._state:
            self._state, self._lines = state, {}
        lines = self._lines.setdefault((ctx.lang, ctx.names), {})
        missing = [(i, e) for i, e in events if i not in lines]
        if missing:
            renderer = renderer_for(ctx.game.name)
            for index, event in missing:
                lines[index] = renderer.narrate(event, ctx)
        return lines


def render_log(
    events: Sequence[tuple[int, Event]],
    ctx: Context,
    notes: Mapping[int, Sequence[str]] | None = None,
    *,
    empty: str = "",
    earlier: int = 0,
    lines: Mapping[int, str] | None = None,
) -> str:
    """The narrated log as HTML, grouped by round, newest at the bottom (scrolled into view).

    Args:
        events: (index in the full log, event) for each event the viewer may see.
        ctx: game, language and names.
        notes: extra lines (a bot's explanation) to print under the event of that log index.
        empty: text when there is no event.
        earlier: how many earlier lines were left out (said at the top).
        lines: the events' lines already narrated, by log index (see :class:`NarratedLog`);
            any other event is narrated here.
    """
    renderer = renderer_for(ctx.game.name)
    lines_known = lines or {}
    notes = notes or {}
    out: list[str] = []
    if earlier:
        out.append(tag("p", esc(t("earlier_lines", ctx.lang, n=earlier)), cls="tk-muted"))
    current: int | None = None
    for index, event in events:
        if event.round != current:
            current = event.round
            # As the game counts its rounds for people (Négoces counts its sales).
            out.append(tag("h5", esc(round_heading(ctx.game.name, current, ctx.lang))))
        text = lines_known.get(index)
        if text is None:
            text = renderer.narrate(event, ctx)
        out.append(tag("p", esc(text), cls=f"tk-ev-{event.kind}", data_event=index))
        for note in notes.get(index, ()):
            out.append(tag("p", "↳ " + esc(note), cls="tk-why"))
    if not out:
        out.append(tag("p", esc(empty), cls="tk-muted"))
    return parts.STYLE + tag("div", tag("div", "".join(out)), cls="tk tk-log")


def seat_entry(entries: object, seat: int) -> object:
    """A seat's entry in an event's per-seat mapping (``{0: ...}``; a saved event's keys are
    the seats' text), or ``None``.

    Example:
        >>> seat_entry({0: 5}, 0), seat_entry({"1": 7}, 1), seat_entry(None, 0)
        (5, 7, None)
    """
    if not isinstance(entries, dict):
        return None
    return entries.get(seat, entries.get(str(seat)))


def _plain(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, tuple):
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    return str(value)


def money_badge(amount: int | None, ctx: Context, unit: str = "Scudo", letter: str = "S") -> str:
    """The amount of money as a coin badge (``?`` when hidden from the viewer)."""
    return parts.coins(amount, unit=unit, letter=letter, hidden="?")


def status_pill(chosen: bool, ctx: Context) -> str:
    """A "has chosen" / "choosing…" pill for simultaneous, sealed steps."""
    return pill(ctx.t("chosen"), "good") if chosen else pill(ctx.t("choosing"), "accent")
