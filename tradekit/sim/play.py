"""Playing games with bots: :func:`play` (one game) and :func:`run_batch` (the workers' unit).

Nothing here imports pandas: worker processes import this module to play their batches.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import importlib
import threading
from collections.abc import Iterator, Sequence
from typing import Any, overload

from tradekit.bots.base import Bot, BotError
from tradekit.bots.registry import BotLike, make_bot
from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError, IllegalActionError
from tradekit.core.registry import load_game
from tradekit.core.seats import seat_label
from tradekit.core.state import PRESENTATION, Game, State, Viewer
from tradekit.i18n import bot_label, check_lang, round_heading, t
from tradekit.sim.measures import measure, measures_for
from tradekit.sim.seeds import bot_rng, engine_seed, master_seed

#: No game may take more decisions than this (a bot stuck in a loop is reported, not waited on).
MAX_STEPS = 100_000


class LegalActions(Sequence[Action]):
    """The legal actions of one seat, listed only when a bot first looks at them.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> legal = LegalActions(state, 0)
        >>> len(legal) == len(state.legal_actions(0)), legal[0] in legal
        (True, True)
    """

    __slots__ = ("_actions", "_seat", "_state")

    def __init__(self, state: State[Any], seat: int) -> None:
        self._state = state
        self._seat = seat
        self._actions: Sequence[Action] | None = None

    def _list(self) -> Sequence[Action]:
        if self._actions is None:
            self._actions = self._state.legal_actions(self._seat)
        return self._actions

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __repr__(self) -> str:
        return repr(self._list())


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision of a played game, with the bot's one-sentence reason.

    ``str`` is a sentence for people, in the language the reason was given in (``lang``): the
    round as the game counts it, the phase and the action in words, then the reason
    (``Round 1, Bids (sealed): P1 (heuristic) chose “Bid 3”. …``); ``repr`` is for code.
    """

    step: int
    round: int
    phase: str
    seat: int
    bot: str
    action: Action
    why: str
    #: The language of ``why``, and so of the sentence ``str`` gives.
    lang: str = "en"
    #: The game played (its renderer names the phase and the action).
    game: Game[Any] | None = dataclasses.field(default=None, repr=False, compare=False)
    #: What the seat saw when it decided (its renderer names the action from it: Rungis'
    #: centre card by the card it holds).
    view: Any = dataclasses.field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        if self.game is None:  # a decision made by hand: no renderer to word it
            return f"{seat_label(self.seat, self.lang)} ({self.bot}): {self.action!r}. {self.why}"
        # The presentation layer is imported by name: workers import this module to play.
        render = importlib.import_module(PRESENTATION)
        ctx = render.Context(self.game, self.lang)
        renderer = render.renderer_for(self.game.name)  # loads the game's messages too
        return t(
            "decision_line",
            self.lang,
            when=round_heading(self.game.name, self.round, self.lang),
            phase=renderer.phase_name(self.phase, ctx),
            who=seat_label(self.seat, self.lang),
            bot=bot_label(self.bot, self.lang),
            action=renderer.action_label(self.action, self.view, ctx),
            why=self.why,
        ).strip()


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """A finished game: the state (with its log and ledger), the bots and their reasons.

    Attributes:
        state: the finished state (``state.log``, ``state.ledger``, ``state.to_json()``).
        bots: the per-game copy of each seat's bot.
        decisions: every decision with the bot's reason, in order.
        seed: the master seed and ``deal`` the deal index it was played from.
    """

    state: State[Any]
    bots: tuple[Bot[Any, Any], ...]
    decisions: tuple[Decision, ...]
    seed: int
    deal: int

    @property
    def scores(self) -> list[int]:
        """Final scores by seat."""
        return self.state.scores()

    def explain(self, seat: int | None = None, phase: str | None = None) -> list[str]:
        """The reasons given, for one seat and/or one phase (all if None)."""
        return [
            str(d)
            for d in self.decisions
            if (seat is None or d.seat == seat) and (phase is None or d.phase == phase)
        ]

    def to_json(self, indent: int | None = None, *, viewer: Viewer = "all") -> str:
        """The game as saved JSON: the full save (``tradekit.replay`` reads it back) or, with
        ``viewer``, a seat's save (``tradekit.review`` reads it); see :meth:`State.to_json`."""
        return self.state.to_json(indent, viewer=viewer)


def resolve_game(game: Game[Any] | str) -> Game[Any]:
    """A :class:`Game` from a game or a game name (default options)."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return load_game(game)
    raise ConfigError("game", game, "a Game (tradekit.load_game(...)) or a game name")


def resolve_bots(game: Game[Any], bots: BotLike | Sequence[BotLike]) -> tuple[Bot[Any, Any], ...]:
    """One bot per seat: a single bot (or name, or function) plays every seat.

    Raises:
        ConfigError: if the number of bots is not the number of seats, or a name is unknown.
    """
    if isinstance(bots, (Bot, str)) or callable(bots):
        items: list[BotLike] = [bots] * game.num_players
    else:
        items = list(bots)
    if len(items) != game.num_players:
        raise ConfigError("bots", len(items), f"one bot per seat: {game.num_players} for this game")
    return tuple(make_bot(game.name, b) for b in items)


@dataclasses.dataclass(frozen=True)
class Job:
    """What a batch of games needs: the rule choices, the line-ups of bots and the master seed.

    Attributes:
        games: the rule choices (``item[1]`` indexes them).
        lineups: bots seat by seat (``item[2]`` indexes them).
        master: the master seed.
        decisions: record no decision (False), every decision (True), or those whose action
            class name is in the set.
        max_steps: the step bound per game.
    """

    games: tuple[Game[Any], ...]
    lineups: tuple[tuple[Bot[Any, Any], ...], ...]
    master: int
    decisions: bool | frozenset[str] = False
    max_steps: int = MAX_STEPS


#: One game of a job: (deal, index into ``games``, index into ``lineups``).
Item = tuple[int, int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class GameResult:
    """What a worker sends back for one game (small and picklable)."""

    item: Item
    #: ``None`` for a class game read from a seat save (which keeps no seed).
    game_seed: int | None
    scores: tuple[int, ...]
    measures: dict[str, float]
    seat_measures: tuple[dict[str, float], ...]
    decisions: tuple[dict[str, Any], ...] = ()


def _wants(decisions: bool | frozenset[str], action: Action) -> bool:
    if decisions is True:
        return True
    return bool(decisions) and type(action).__name__ in decisions  # type: ignore[operator]


def _play(
    game: Game[Any],
    bots: Sequence[Bot[Any, Any]],
    master: int,
    deal: int,
    *,
    decisions: bool | frozenset[str] = False,
    explain: bool = False,
    max_steps: int = MAX_STEPS,
    lang: str = "en",
) -> tuple[State[Any], list[Bot[Any, Any]], list[dict[str, Any]], list[Decision]]:
    state: State[Any] = game.new_state(seed=engine_seed(master, deal))
    seats = [bot.for_game(game, seat, bot_rng(master, deal, seat)) for seat, bot in enumerate(bots)]
    hooks = measures_for(game.name) if decisions else None
    rows: list[dict[str, Any]] = []
    reasons: list[Decision] = []
    # A bot's tag reads its parameters (dataclass fields): the same for the whole game.
    tags = [bot.tag for bot in seats] if explain or decisions else []
    step = 0
    while not state.is_over:
        seat = state.to_move[0]
        bot = seats[seat]
        view = state.view(seat) if bot.uses_view or decisions else None
        try:
            action = bot.act(view, LegalActions(state, seat))
        except BotError:
            raise
        except Exception as exc:
            raise BotError(
                bot.tag, seat, f"raised {exc!r} in game seed {state.seed}, step {step}"
            ) from exc
        if explain or (decisions and _wants(decisions, action)):
            why = bot.explain(lang)
            if explain:
                seen = view if view is not None else state.view(seat)
                reason = Decision(
                    step, state.round, state.phase, seat, tags[seat], action, why, lang, game, seen
                )
                reasons.append(reason)
            if decisions and _wants(decisions, action):
                row: dict[str, Any] = {
                    "step": step,
                    "round": state.round,
                    "phase": state.phase,
                    "seat": seat,
                    "bot": tags[seat],
                    "action": str(action),
                    "kind": type(action).__name__,
                    "why": why,
                }
                row.update(bot.notes)
                if hooks is not None and hooks.decision is not None:
                    row.update(hooks.decision(view, seat, action))
                rows.append(row)
        try:
            state.apply(seat, action)
        except IllegalActionError as exc:
            raise BotError(
                bot.tag,
                seat,
                f"sent an illegal action in game seed {state.seed}, step {step}: {exc.reason} "
                f"(action {action!r})",
            ) from None
        step += 1
        if step > max_steps:
            raise BotError(bot.tag, seat, f"the game did not end within {max_steps} decisions")
    if rows and hooks is not None and hooks.finish is not None:
        hooks.finish(state, rows)
    return state, seats, rows, reasons


def play(
    game: Game[Any] | str,
    bots: BotLike | Sequence[BotLike],
    seed: int | None = None,
    deal: int = 0,
    lang: str = "en",
) -> PlayedGame:
    """Play one game to its end with one bot per seat.

    Args:
        game: a :class:`~tradekit.core.state.Game` or a game name.
        bots: one bot (or name, or function) per seat, or a single one for every seat.
        seed: the master seed (None: a fresh one, recorded in the result).
        deal: which deal of that seed; ``simulate(game, bots, n, seed)`` plays deals ``0..n-1``,
            so ``play(game, bots, seed, deal=i)`` replays row ``deal == i`` of its table.
        lang: the language of the bots' reasons and of each decision's sentence (``"en"`` or
            ``"fr"``).

    Returns:
        The finished game, its bots and every decision with its reason.

    Example:
        >>> import tradekit
        >>> game = tradekit.load_game("turin", players=3)
        >>> done = play(game, ["heuristic", "random", "random"], seed=11)
        >>> done.state.is_over, len(done.scores)
        (True, 3)
        >>> done.decisions[0].why.startswith("It is the least valuable card")
        True
    """
    game = resolve_game(game)
    lineup = resolve_bots(game, bots)
    master = master_seed(seed)
    state, seats, _, reasons = _play(
        game, lineup, master, deal, explain=True, lang=check_lang(lang)
    )
    return PlayedGame(state, tuple(seats), tuple(reasons), master, deal)


def run_game(job: Job, item: Item) -> GameResult:
    """Play one item of ``job`` and measure it."""
    deal, g, lineup = item
    state, _, rows, _ = _play(
        job.games[g],
        job.lineups[lineup],
        job.master,
        deal,
        decisions=job.decisions,
        max_steps=job.max_steps,
    )
    game_level, seat_level = measure(state)
    return GameResult(
        item, state.seed, tuple(state.scores()), game_level, tuple(seat_level), tuple(rows)
    )


#: While a batch is played, Python's cyclic garbage collector runs after this many new objects
#: at the youngest generation (its default is 700). A game makes many short-lived objects that
#: reference counting frees; a collection every 700 of them finds nothing to free and took
#: 5-7% of a heuristic Turin Market game.
BATCH_GC_THRESHOLD = 50_000

_gc_lock = threading.Lock()
_gc_batches = 0
_gc_saved: tuple[int, int, int] = (700, 10, 10)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect cyclic garbage less often for the duration (the first of several threads to
    enter raises the threshold, the last to leave puts the old one back).

    Example:
        >>> import gc
        >>> before = gc.get_threshold()
        >>> with fewer_collections():
        ...     gc.get_threshold()[0] >= BATCH_GC_THRESHOLD
        True
        >>> gc.get_threshold() == before
        True
    """
    global _gc_batches, _gc_saved
    with _gc_lock:
        if _gc_batches == 0:
            _gc_saved = gc.get_threshold()
            gc.set_threshold(max(_gc_saved[0], BATCH_GC_THRESHOLD), *_gc_saved[1:])
        _gc_batches += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_batches -= 1
            if _gc_batches == 0:
                gc.set_threshold(*_gc_saved)


def run_batch(job: Job, items: Sequence[Item]) -> list[GameResult]:
    """Play a batch of items (the unit of work sent to a worker process or a Dask worker)."""
    with fewer_collections():
        return [run_game(job, item) for item in items]
