"""``simulate``: many games of one rule choice into a tidy table."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from tradekit.bots.registry import BotLike
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.sim.backends import Plan, execute
from tradekit.sim.play import Job, resolve_bots, resolve_game
from tradekit.sim.seeds import master_seed
from tradekit.sim.tables import decisions_frame, games_frame, variant_label

if TYPE_CHECKING:
    import pandas as pd


@dataclasses.dataclass(frozen=True, eq=False)
class Simulation:
    """The result of :func:`run`.

    Attributes:
        games: the tidy table, one row per game and seat (see :mod:`tradekit.sim.tables`);
            None when it was written to ``out`` (:func:`tradekit.sim.read_table` reads it).
        decisions: the decision table (None unless decisions were asked for, or when it was
            written to ``decisions_out``).
        seed: the master seed (pass it again to get the same tables).
        n: games played.
        backend: where they were played (``"serial"``, ``"processes(2)"``, ``"dask"``).
        seconds: wall time.
        summary: per seat and per game-level measure: ``n``, ``mean``, ``sd``, ``min``,
            ``max`` (read off the table chunk by chunk as it was written, see
            :class:`tradekit.sim.accumulate.Summary`).
        path: where the game table was written (None: it is in ``games``); ``decisions_path``:
            the decision table's.
        rows: rows of the game table.
    """

    games: pd.DataFrame | None
    decisions: pd.DataFrame | None
    seed: int
    n: int
    backend: str
    seconds: float
    summary: pd.DataFrame | None = None
    path: str | None = None
    decisions_path: str | None = None
    rows: int = 0


#: The most games (or deals) one run may ask for. Far more than any machine plays; it keeps every
#: item count of a run (a tournament plays up to 2,000 line-ups per deal) well inside int64, the
#: type of the tables' ``deal`` column and of ``len()``.
MAX_GAMES = 10**12


def check_count(n: object, name: str = "n") -> int:
    """Check a number of games: a whole number from 1 to :data:`MAX_GAMES`.

    Example:
        >>> check_count(10**9)
        1000000000
        >>> check_count(0)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'n' = 0 ... 1,000,000,000,000
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_GAMES:
        raise ConfigError(name, n, f"a whole number of games from 1 to {MAX_GAMES:,}")
    return n


def decision_filter(
    decisions: bool | str | Collection[str], game: Game[Any] | None = None
) -> bool | frozenset[str]:
    """Normalise the ``decisions`` argument: False, True, or a set of action class names.

    With ``game``, every name must be one of its action classes (a misspelt name would
    otherwise give an empty table).

    Example:
        >>> import tradekit
        >>> sorted(decision_filter(["Bid", "AddBid"], tradekit.load_game("turin")))
        ['AddBid', 'Bid']
    """
    if isinstance(decisions, bool):
        return decisions
    if isinstance(decisions, str):
        chosen = frozenset({decisions})
    elif (
        isinstance(decisions, Collection)
        and decisions
        and all(isinstance(x, str) for x in decisions)
    ):
        chosen = frozenset(decisions)
    else:
        raise ConfigError(
            "decisions", decisions, "True, False, or action class names such as {'Bid'}"
        )
    if game is not None:
        known = game.action_types
        unknown = sorted(chosen - set(known))
        if unknown:
            raise ConfigError(
                "decisions",
                ", ".join(unknown),
                f"action names of {game.name}: {', '.join(sorted(known))}",
            )
    return chosen


def run(
    game: Game[Any] | str,
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
    out: str | os.PathLike[str] | None = None,
    decisions_out: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
) -> Simulation:
    """Play ``n`` games of one rule choice; return the tidy tables and how they were made.

    Args:
        game: the rule choice (a Game, or a game name for its default options).
        bots: one bot per seat (a Bot, a registered name such as ``"heuristic"`` or
            ``"heuristic:aggression=0.9"``, or a function), or one for every seat.
        n: games to play (deals ``0..n-1`` of the master seed), at most :data:`MAX_GAMES`;
            the games are generated as they are played, so a huge ``n`` starts at once.
        seed: the master seed; None draws one (it is in the result).
        label: the variant label (default: the options that differ from the defaults).
        decisions: record decisions in a second table: True for all, or action class names
            of the game (``"Bid"`` or ``{"Bid", "AddBid"}``).
        backend: ``"auto"``, ``"serial"``, ``"processes"`` or a ``distributed.Client`` (on
            this machine, a client of :func:`tradekit.sim.local_cluster`).
        workers: worker processes (default: the usable cores; at most 4 per CPU). Called at
            the top level of a script outside ``if __name__ == "__main__":``, where every
            spawned worker would run the call again, the games are played in this process
            instead, with a ``RuntimeWarning`` saying so (the results are the same).
        batch_size: games per task, at most 10,000 (default: about 8 tasks per worker).
        progress: show a progress bar (default: for runs of 2,000 games or more).
        out: write the game table to this file as the games finish (``.parquet`` or ``.pq``:
            Parquet, one row group per chunk, needs pyarrow; else CSV) instead of holding it:
            memory stays flat whatever ``n``. The file holds the table the same call without
            ``out`` returns (the result's ``games`` is then None).
        decisions_out: where to write the decision table the same way (needed when
            ``decisions`` are asked for with ``out``).
        chunk: deals per chunk written (default: about 5,000 games); it changes nothing in
            the table, only how much is held at a time.

    Raises:
        ConfigError: a bad argument, named.
        WorkerError: the worker processes stopped before the games were played.

    Example:
        >>> import tradekit
        >>> result = run(tradekit.load_game("turin"), "random", n=3, seed=1, backend="serial",
        ...              decisions="Bid")
        >>> result.n, len(result.games), set(result.decisions["kind"])
        (3, 9, {'Bid'})
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "games.csv")
        >>> written = run("turin", "random", n=3, seed=1, backend="serial", out=path)
        >>> written.games is None, written.rows, written.path == path
        (True, 9, True)
    """
    from tradekit.sim.accumulate import Summary
    from tradekit.sim.stream import TableWriter, chunk_deals, frames, write_all

    game = resolve_game(game)
    lineup = resolve_bots(game, bots)
    n = check_count(n)
    master = master_seed(seed)
    job = Job((game,), (lineup,), master, decision_filter(decisions, game))
    labels = [label or variant_label(game)]
    options: dict[str, Any] = {
        "backend": backend, "workers": workers, "batch_size": batch_size, "progress": progress,
    }  # fmt: skip
    summary = Summary()
    start = time.perf_counter()
    if out is None:
        if decisions_out is not None:
            raise ConfigError("decisions_out", str(decisions_out), "None unless out is given")
        results, used = execute(job, Plan(n), **options)
        table = games_frame(job, results, labels)
        decided = decisions_frame(job, results, labels) if job.decisions else None
        summary.add(table)
        return Simulation(
            table, decided, master, n, used, time.perf_counter() - start, summary.frame(),
            rows=len(table),
        )  # fmt: skip
    if bool(job.decisions) != (decisions_out is not None):
        wanted = "a path for the decision table" if job.decisions else "None without decisions"
        raise ConfigError("decisions_out", decisions_out, wanted)
    games_out = TableWriter(out, "out")
    decided_out = TableWriter(decisions_out, "decisions_out") if decisions_out else None
    tables, used = frames(job, Plan(n), labels, deals=chunk_deals(chunk, 1, n), **options)
    write_all(tables, games_out, decided_out, summary.add)
    return Simulation(
        None, None, master, n, used, time.perf_counter() - start, summary.frame(),
        games_out.path, decided_out.path if decided_out else None, games_out.rows,
    )  # fmt: skip


def simulate(
    game: Game[Any] | str,
    bots: BotLike | Sequence[BotLike],
    n: int = 1000,
    seed: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n`` games and return the tidy table, one row per game and seat.

    Takes the arguments of :func:`run` (but ``out``: use :func:`run`) and returns
    ``run(...).games``.

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
    if options.get("out") is not None:
        raise ConfigError("out", options["out"], "None: simulate returns the table (use run)")
    table = run(game, bots, n, seed, **options).games
    assert table is not None  # no out: the table is in memory
    return table
