"""Seat saves: a game as one seat lived it, and its read-only review.

The *full save* (``state.to_json()``) holds everything (the seed, every hand, every sealed
choice): it is the teacher's record, and it replays exactly. A *seat save*
(``state.to_json(viewer=seat)``) holds only what that seat saw, step by step: the seat's view
after each step, the events of the log it could see, and its own decisions. It holds no seed, no
other seat's decision and nothing else from which another seat's hidden facts could be rebuilt:
it is made from the seat's views and visible log alone (a step is recorded when what the seat sees
changes, so a hidden decision that changes nothing it sees leaves no trace). A student hands in a
seat save; the public save (``viewer=None``) is what a projector showed.

A seat save cannot be replayed (there is nothing to replay it from); :func:`review` opens it as a
:class:`Review`: each step's view, the log up to it, the tables as that seat saw them, and the
final scores, which ``tradekit.sim.load_games`` reads for class results. Both kinds of save embed
the data tables they were played with, and a review under other tables is refused like a replay
(``tables="saved"`` and ``tables="current"`` as in :func:`~tradekit.core.state.replay`).

A seat save is the student's own file: it is checked for shape and kinds (a view that is not a
view of the game, an event the seat could not see, a number out of range are refused with a
:class:`~tradekit.core.errors.ReplayError`), but what it says cannot be checked against the game,
which it does not hold. The teacher's full saves are the record.

Example:
    >>> import tradekit
    >>> from tradekit.sim import play
    >>> state = play(tradekit.load_game("turin", players=3), "heuristic", seed=5).state
    >>> seen = tradekit.review(state.to_json(viewer=1))
    >>> seen.viewer, seen.is_over, seen.scores() == state.scores()
    (1, True, True)
    >>> seen.view() == state.view(1)
    True
    >>> str(state.seed) in state.to_json(viewer=1)
    False
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tradekit.core.actions import Action
from tradekit.core.errors import ReplayError, TradekitError
from tradekit.core.events import Event
from tradekit.core.saves import parse_save
from tradekit.core.state import (
    PRESENTATION,
    SAVE_FORMAT,
    SEAT_SAVE_FORMAT,
    Game,
    State,
    replay,
    saved_game,
)
from tradekit.core.view import Viewer, check_viewer
from tradekit.core.view_codec import decode_field, decode_value, encode_view

if TYPE_CHECKING:
    from tradekit.widgets.review import ReviewWidget

SEAT_SAVE_VERSION = 1

#: The module of the review widget, imported by name for :meth:`Review.widget`.
REVIEW_WIDGET = "tradekit.widgets.review"

#: The value of a full save's ``"holds"`` key; a seat save names its viewer there.
HOLDS_ALL = "everything"


def holds(viewer: Viewer) -> str:
    """What a save of ``viewer`` holds, in words (its ``"holds"`` key).

    Example:
        >>> holds(2), holds(None), holds("all")
        ('seat 2', 'the public', 'everything')
    """
    if viewer == "all":
        return HOLDS_ALL
    return "the public" if viewer is None else f"seat {viewer}"


def seat_save(state: State[Any], viewer: Viewer) -> dict[str, Any]:
    """The seat save of ``state`` for ``viewer`` (a seat, or ``None`` for the public) as a
    JSON-ready object; ``state.to_json(viewer=seat)`` writes it.

    The game is played again from its start with the same decisions; after each decision the
    viewer's view and the events it may see are recorded when they changed (only the fields of
    the view that changed are written).

    Raises:
        ViewerError: ``viewer`` is not a seat of the game or ``None``.
        TradekitError: ``viewer`` is ``"all"`` (the teacher's save is the full save).
    """
    viewer = check_viewer(viewer, state.game.num_players)
    if viewer == "all":
        raise TradekitError("the teacher's save is the full save: state.to_json()")
    return _history(state, viewer)


def _history(state: State[Any], viewer: Viewer) -> dict[str, Any]:
    game = state.game
    again: State[Any] = game.new_state(seed=state.seed, setup=state.setup)
    steps: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    shown: dict[str, Any] = {}
    read = 0

    def record(mine: Action | None) -> None:
        nonlocal read
        log = again.log
        events.extend(e.to_json() for e in log[read:] if e.visible(viewer))
        read = len(log)
        fields = encode_view(again.view(viewer))
        changed = {k: v for k, v in fields.items() if k not in shown or shown[k] != v}
        if steps and not changed and mine is None and steps[-1]["log"] == len(events):
            return  # nothing this viewer sees changed: no trace of a hidden decision
        step: dict[str, Any] = {"log": len(events), "view": changed}
        if mine is not None:
            step["mine"] = mine.to_json()
        steps.append(step)
        shown.update(changed)

    record(None)
    for seat, action in state.decisions:
        again.apply(seat, action)
        record(action if seat == viewer else None)
    return {
        "format": SEAT_SAVE_FORMAT,
        "version": SEAT_SAVE_VERSION,
        "holds": holds(viewer),
        "game": game.name,
        "options": game.options(),
        "tables": game.data_files(),
        "viewer": viewer,
        "steps": steps,
        "log": events,
    }


@dataclasses.dataclass(frozen=True)
class ReviewStep:
    """One step of a review: what the viewer saw after it.

    Attributes:
        view: the viewer's view (the game's view class).
        log: how many events of the review's log the viewer had seen by then.
        mine: the viewer's own decision that made this step, if it was theirs.
    """

    view: Any
    log: int
    mine: Action | None


class Review:
    """A game as one viewer saw it, step by step, read-only (made by :func:`review`).

    Attributes:
        game: the game's options and tables.
        viewer: whose game this is (a seat, ``None`` for the public, ``"all"`` for the teacher).
        steps: every step, the start first.
        log: every event the viewer saw, in order.
    """

    def __init__(
        self, game: Game[Any], viewer: Viewer, steps: Sequence[ReviewStep], log: Sequence[Event]
    ) -> None:
        self.game = game
        self.viewer = viewer
        self.steps: tuple[ReviewStep, ...] = tuple(steps)
        self.log: tuple[Event, ...] = tuple(log)

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[ReviewStep]:
        return iter(self.steps)

    def __repr__(self) -> str:
        return (
            f"Review({self.game.name!r}, {holds(self.viewer)}, {len(self.steps)} steps, "
            f"{'over' if self.is_over else 'unfinished'})"
        )

    def _step(self, step: int) -> ReviewStep:
        if type(step) is not int or not -len(self.steps) <= step < len(self.steps):
            raise TradekitError(f"step must be in 0..{len(self.steps) - 1}, got {step!r}")
        return self.steps[step]

    def view(self, step: int = -1) -> Any:
        """The view after ``step`` (default: the last)."""
        return self._step(step).view

    def visible_log(self, step: int = -1) -> list[Event]:
        """The events the viewer had seen by ``step`` (default: all of them)."""
        return list(self.log[: self._step(step).log])

    @property
    def is_over(self) -> bool:
        """Whether the game had ended at the last step."""
        return bool(self.view().phase == "over")

    def scores(self) -> list[int]:
        """The scores at the last step (final once :attr:`is_over`).

        Raises:
            TradekitError: a score the viewer could not see yet.
        """
        scores = self.view().scores
        if any(s is None for s in scores):
            raise TradekitError("the viewer could not see every score at the last step")
        return [int(s) for s in scores]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over."""
        return tuple(self.view().winners)

    def html(self, step: int = -1, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The table at ``step`` as the viewer saw it, as HTML (the game's renderer draws it;
        the presentation layer is imported by name, as for :meth:`State._repr_html_`). A seat
        save holds the seat's views and log, not the money ledger: at the end the game-over
        banner gives the winners and every score, without the ledger's lines."""
        render = importlib.import_module(PRESENTATION)
        ctx = render.Context(self.game, lang, tuple(names or ()))
        return str(render.renderer_for(self.game.name).table(self.view(step), ctx))

    def _repr_html_(self) -> str:
        return self.html()

    def widget(self, **kwargs: Any) -> ReviewWidget:
        """A widget to step through the review (:class:`tradekit.widgets.review.ReviewWidget`,
        imported by name: the engine imports no widget code)."""
        widget: ReviewWidget = importlib.import_module(REVIEW_WIDGET).ReviewWidget(self, **kwargs)
        return widget


def review(
    saved: str | bytes | Mapping[str, Any], *, viewer: Viewer = "all", tables: str = "check"
) -> Review:
    """Open a seat save (or a full save, as any viewer) as a read-only :class:`Review`.

    Args:
        saved: a seat save or a full save (JSON text, bytes or a parsed object).
        viewer: for a full save, whose game to show (a seat, ``None`` for the public, ``"all"``,
            the default, for the teacher). A seat save shows its own viewer only.
        tables: how to treat the save's embedded data tables, as in
            :func:`~tradekit.core.state.replay`.

    Raises:
        ReplayError: not a save, a seat save asked for another viewer, tables that changed, or
            anything malformed (named).

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("medici", players=3).new_state(seed=2)
        >>> full = tradekit.review(state.to_json(), viewer=0)
        >>> full.view() == state.view(0), len(full)
        (True, 1)
        >>> tradekit.review(state.to_json(viewer=0), viewer=1)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ReplayError: this seat save holds what seat 0 saw; it cannot show \
seat 1's view
    """
    doc = parse_save(saved)
    if doc.get("format") == SAVE_FORMAT:
        state = replay(doc, tables=tables)
        try:
            seen = check_viewer(viewer, state.game.num_players)
        except TradekitError as exc:
            raise ReplayError(str(exc)) from None
        return _read(_history(state, seen), state.game)
    if doc.get("format") != SEAT_SAVE_FORMAT:
        raise ReplayError(
            f"not a saved tradekit game (format must be {SAVE_FORMAT!r} or {SEAT_SAVE_FORMAT!r})",
            "not_a_save",
        )
    if doc.get("version") != SEAT_SAVE_VERSION:
        raise ReplayError(
            f"seat save of format version {doc.get('version')!r}; this is {SEAT_SAVE_VERSION}",
            "version",
        )
    for key in ("game", "options", "viewer", "steps", "log"):
        if key not in doc:
            raise ReplayError(f"the seat save has no {key!r}")
    game = saved_game(doc, tables)
    if viewer != "all" and viewer != doc["viewer"]:
        raise ReplayError(
            f"this seat save holds what {holds(doc['viewer'])} saw; it cannot show "
            f"{holds(viewer)}'s view"
        )
    return _read(doc, game)


def _read(doc: Mapping[str, Any], game: Game[Any]) -> Review:
    """Check and read a seat save's viewer, steps and log."""
    n = game.num_players
    viewer = doc["viewer"]
    if not (viewer is None or viewer == "all" or (type(viewer) is int and 0 <= viewer < n)):
        raise ReplayError(f"'viewer' must be a seat from 0 to {n - 1} or null, got {viewer!r}")
    if not isinstance(doc["log"], list) or not isinstance(doc["steps"], list):
        raise ReplayError("'steps' and 'log' must be lists")
    if not doc["steps"]:
        raise ReplayError("the seat save has no step")
    actions = game.action_types
    log = [_event(e, i, viewer, n, actions) for i, e in enumerate(doc["log"])]
    cls = type(game.new_state(seed=0).view(None))
    values: dict[str, Any] = {}
    steps: list[ReviewStep] = []
    seen = 0
    for index, item in enumerate(doc["steps"]):
        where = f"step {index}: "
        if not isinstance(item, dict) or not isinstance(item.get("view"), dict):
            raise ReplayError(f"{where}must be an object with a 'view'")
        extra = sorted(set(item) - {"log", "view", "mine"})
        if extra:
            raise ReplayError(f"{where}unknown key {extra[0]!r}")
        count = item.get("log")
        if type(count) is not int or not seen <= count <= len(log):
            raise ReplayError(
                f"{where}'log' must count the events seen so far ({seen} to {len(log)})"
            )
        seen = count
        for name, value in item["view"].items():
            values[name] = decode_field(cls, name, value, actions, where)
        try:
            view = cls(**values)
        except TypeError:
            missing = [f.name for f in dataclasses.fields(cls) if f.name not in values]
            raise ReplayError(f"{where}the view lacks {', '.join(missing[:5])}") from None
        if view.players != n or view.viewer != viewer:
            raise ReplayError(f"{where}the view is not {holds(viewer)}'s of a {n}-seat game")
        mine = None
        if "mine" in item:
            if type(viewer) is not int:
                raise ReplayError(f"{where}only a seat has decisions of its own")
            mine = decode_value(item["mine"], Action, actions, f"{where}mine")
        steps.append(ReviewStep(view, count, mine))
    if seen != len(log):
        raise ReplayError(f"the last step counts {seen} events, the log holds {len(log)}")
    result = Review(game, viewer, steps, log)
    for step in {0, len(steps) - 1}:  # a view the renderer cannot draw is refused now
        try:
            result.html(step)
        except Exception as exc:
            raise ReplayError(f"step {step}'s table cannot be drawn: {exc!r}") from None
    return result


def _event(
    doc: object, index: int, viewer: Viewer, seats: int, actions: Mapping[str, type[Action]]
) -> Event:
    """One logged event read back, checked as the viewer's to see."""
    where = f"log event {index}: "
    if not isinstance(doc, dict):
        raise ReplayError(f"{where}must be an object")
    extra = sorted(
        set(doc) - {"kind", "round", "phase", "player", "action", "data"} - {"visible_to", "text"}
    )
    if extra:
        raise ReplayError(f"{where}unknown key {extra[0]!r}")
    kind, rnd, phase = doc.get("kind"), doc.get("round"), doc.get("phase")
    if type(kind) is not str or type(rnd) is not int or type(phase) is not str:
        raise ReplayError(f"{where}needs a 'kind' and a 'phase' (texts) and a 'round' (a number)")
    player = doc.get("player")
    if player is not None and (type(player) is not int or not 0 <= player < seats):
        raise ReplayError(f"{where}'player' must be a seat from 0 to {seats - 1}")
    action = None
    if doc.get("action") is not None:
        action = decode_value(doc["action"], Action, actions, f"{where}action")
    data = doc.get("data", {})
    if not isinstance(data, dict):
        raise ReplayError(f"{where}'data' must be an object")
    visible_to = doc.get("visible_to")
    if visible_to is not None:
        if not isinstance(visible_to, list) or not all(
            type(s) is int and 0 <= s < seats for s in visible_to
        ):
            raise ReplayError(f"{where}'visible_to' must be a list of seats")
        visible_to = tuple(visible_to)
    text = doc.get("text", "")
    if type(text) is not str:
        raise ReplayError(f"{where}'text' must be a text")
    event = Event(kind, rnd, phase, player, action, _seat_keys(data), visible_to, text)
    if not event.visible(viewer):
        raise ReplayError(f"{where}{holds(viewer)} could not see this event")
    return event


def _seat_keys(value: Any) -> Any:
    """Event data with the seat keys the engine logs as numbers (``{0: 5}``) made numbers
    again: JSON wrote them as texts. The renderers read seat keys of either kind."""
    if isinstance(value, dict):
        return {
            int(k) if k.isdigit() and len(k) < 4 else k: _seat_keys(v) for k, v in value.items()
        }
    if isinstance(value, list):
        return [_seat_keys(v) for v in value]
    return value
