"""``simulate``: many games of one rule choice into a tidy table."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from tradekit.bots.registry import BotLike
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.sim.backends import execute
from tradekit.sim.play import Job, resolve_bots, resolve_game
from tradekit.sim.seeds import master_seed
from tradekit.sim.tables import decisions_frame, games_frame, variant_label

if TYPE_CHECKING:
    import pandas as pd


@dataclasses.dataclass(frozen=True, eq=False)
class Simulation:
    """The result of :func:`run`.

    Attributes:
        games: the tidy table, one row per game and seat (see :mod:`tradekit.sim.tables`).
        decisions: the decision table (None unless decisions were asked for).
        seed: the master seed (pass it again to get the same tables).
        n: games played.
        backend: where they were played (``"serial"``, ``"processes(2)"``, ``"dask"``).
        seconds: wall time.
    """

    games: pd.DataFrame
    decisions: pd.DataFrame | None
    seed: int
    n: int
    backend: str
    seconds: float


def check_count(n: object, name: str = "n") -> int:
    """Check a number of games (a whole number >= 1)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(name, n, "a whole number of games >= 1")
    return n


def decision_filter(decisions: bool | str | Collection[str]) -> bool | frozenset[str]:
    """Normalise the ``decisions`` argument: False, True, or a set of action class names."""
    if isinstance(decisions, bool):
        return decisions
    if isinstance(decisions, str):
        return frozenset({decisions})
    if (
        isinstance(decisions, Collection)
        and decisions
        and all(isinstance(x, str) for x in decisions)
    ):
        return frozenset(decisions)
    raise ConfigError("decisions", decisions, "True, False, or action class names such as {'Bid'}")


def run(
    game: Game | str,
    bots: BotLike | Sequence[BotLike],
    n: int = 1000,
    seed: int | None = None,
    *,
    label: str | None = None,
    decisions: bool | str | Collection[str] = False,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> Simulation:
    """Play ``n`` games of one rule choice; return the tidy tables and how they were made.

    Args:
        game: the rule choice (a Game, or a game name for its default options).
        bots: one bot per seat (a Bot, a registered name such as ``"heuristic"`` or
            ``"heuristic:aggression=0.9"``, or a function), or one for every seat.
        n: games to play (deals ``0..n-1`` of the master seed).
        seed: the master seed; None draws one (it is in the result).
        label: the variant label (default: the options that differ from the defaults).
        decisions: record decisions in a second table: True for all, or action class names
            (``"Bid"`` or ``{"Bid", "AddBid"}``).
        backend: ``"auto"``, ``"serial"``, ``"processes"`` or a ``distributed.Client``.
        workers: worker processes (default: the usable cores).
        batch_size: games per task (default: about 8 tasks per worker).
        progress: show a progress bar (default: for runs of 2,000 games or more).

    Raises:
        ConfigError: a bad argument, named.
    """
    game = resolve_game(game)
    lineup = resolve_bots(game, bots)
    n = check_count(n)
    master = master_seed(seed)
    job = Job((game,), (lineup,), master, decision_filter(decisions))
    items = [(deal, 0, 0) for deal in range(n)]
    start = time.perf_counter()
    results, used = execute(
        job, items, backend=backend, workers=workers, batch_size=batch_size, progress=progress
    )
    labels = [label or variant_label(game)]
    table = games_frame(job, results, labels)
    decided = decisions_frame(job, results, labels) if job.decisions else None
    return Simulation(table, decided, master, n, used, time.perf_counter() - start)


def simulate(
    game: Game | str,
    bots: BotLike | Sequence[BotLike],
    n: int = 1000,
    seed: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n`` games and return the tidy table, one row per game and seat.

    Takes the arguments of :func:`run` and returns ``run(...).games``.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import simulate
        >>> table = simulate(tradekit.load_game("turin"), ["heuristic", "random", "random"],
        ...                  n=4, seed=1, backend="serial")
        >>> table.shape[0], list(table.columns[:6])
        (12, ['source', 'game', 'variant', 'options', 'deal', 'seed'])
        >>> table.groupby("deal")["win_share"].sum().round(6).tolist()
        [1.0, 1.0, 1.0, 1.0]
    """
    return run(game, bots, n, seed, **options).games
