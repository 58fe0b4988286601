"""``tournament``: bots against each other on the same deals, rotating seats.

Every deal is played by every line-up: each group of as many bots as there are seats (all of them
when there are exactly enough) in every rotation of the seats, so each bot sits in every seat on
the same cards, and the seat's advantage cancels out of the standings.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tradekit.bots.base import Bot
from tradekit.bots.registry import BotLike, make_bot
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.sim.backends import Plan, execute
from tradekit.sim.play import Job, resolve_game
from tradekit.sim.seeds import master_seed
from tradekit.sim.simulate import check_count
from tradekit.sim.tables import games_frame, variant_label

if TYPE_CHECKING:
    import pandas as pd

#: Refuse tournaments with more line-ups per deal than this (too many bots for the seats).
MAX_LINEUPS = 2000


@dataclasses.dataclass(frozen=True, eq=False)
class Tournament:
    """The result of :func:`tournament`.

    Attributes:
        table: the tidy table (one row per game and seat; ``bot`` names the bot); None when
            it was written to ``out`` (its file is ``path``).
        standings: one row per bot: games, ``win_rate`` (wins shared among tied winners) with a
            t-interval, ``mean_score``, ``mean_rank``, sorted best first.
        fair_share: the win rate of equally strong bots (1 / seats).
        seed: the master seed; ``n``: deals; ``lineups``: line-ups played on every deal.
        path: where the table was written (None: it is in ``table``); ``rows``: its rows.
    """

    table: pd.DataFrame | None
    standings: pd.DataFrame
    fair_share: float
    seed: int
    n: int
    lineups: int
    backend: str
    seconds: float
    path: str | None = None
    rows: int = 0

    def _repr_html_(self) -> str:
        return str(self.standings.to_html(index=False, float_format=lambda v: f"{v:.3f}"))


def lineups_for(count: int, seats: int, rotate: bool = True) -> list[tuple[int, ...]]:
    """Line-ups (bot indices seat by seat) for ``count`` bots and ``seats`` seats.

    Example:
        >>> lineups_for(3, 3)
        [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
        >>> len(lineups_for(4, 3))
        12
    """
    out: list[tuple[int, ...]] = []
    for group in itertools.combinations(range(count), seats):
        shifts = range(seats) if rotate else range(1)
        out.extend(tuple(group[(i + k) % seats] for i in range(seats)) for k in shifts)
    return out


def standings(table: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """One row per bot of a tidy table: games, win rate with its interval, mean score and rank."""
    grouped = table.groupby("bot", sort=False)
    frame = grouped.agg(
        games=("win_share", "size"),
        wins=("win_share", "sum"),
        win_rate=("win_share", "mean"),
        sd=("win_share", "std"),
        mean_score=("score", "mean"),
        mean_rank=("rank", "mean"),
    ).reset_index()
    return standings_frame(frame, confidence)


def standings_frame(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """The standings of per-bot figures (``games``, ``wins``, ``win_rate`` and its ``sd``,
    ``mean_score``, ``mean_rank``): the win rate's t-interval, best first."""
    from scipy import stats

    t = [
        float(stats.t.ppf((1 + confidence) / 2, g - 1)) if g > 1 else math.nan
        for g in frame["games"]
    ]
    half = [
        ti * (sd if sd == sd else 0.0) / math.sqrt(g)
        for ti, sd, g in zip(t, frame["sd"], frame["games"], strict=True)
    ]
    frame["ci_low"] = (frame["win_rate"] - half).clip(lower=0.0)
    frame["ci_high"] = (frame["win_rate"] + half).clip(upper=1.0)
    frame = frame.drop(columns="sd").sort_values("win_rate", ascending=False)
    return frame.reset_index(drop=True)


def _unique(bots: list[Bot[Any, Any]]) -> list[Bot[Any, Any]]:
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        tag = b.tag
        seen[tag] = seen.get(tag, 0) + 1
        if seen[tag] > 1 or sum(1 for c in bots if c.tag == tag) > 1:
            b = copy.copy(b)
            b.label = f"{tag} #{seen[tag]}"
        out.append(b)
    return out


def tournament(
    game: Game[Any] | str,
    bots: Sequence[BotLike],
    n: int = 100,
    seed: int | None = None,
    *,
    rotate: bool = True,
    confidence: float = 0.95,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
) -> Tournament:
    """Play bots against each other on ``n`` deals, every line-up and seat rotation per deal.

    Args:
        game: the rule choice.
        bots: at least as many bots as seats (names, Bots or functions; equal names are
            numbered "random #1", "random #2").
        n: deals; each is played by every line-up (``n * len(lineups)`` games).
        seed: the master seed.
        rotate: rotate every line-up through the seats (recommended: seat order matters).
        confidence: the level of the win-rate intervals.
        backend: see :func:`tradekit.sim.run`; ``workers``, ``batch_size``, ``progress`` too
            (a call at the top level of a script outside ``if __name__ == "__main__":`` plays
            in this process, with a ``RuntimeWarning``, instead of in worker processes).
        out: write the table to this file (CSV, or Parquet for ``.parquet``) as the games
            finish instead of holding it; the standings are then read off the stream
            (:class:`tradekit.sim.accumulate.Standings`). ``chunk``: deals per chunk written.

    Raises:
        ConfigError: too few or too many bots, or a bad argument.
        WorkerError: the worker processes stopped before the games were played.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import tournament
        >>> t = tournament(tradekit.load_game("turin"), ["heuristic", "random", "random"],
        ...                n=10, seed=2, backend="serial")
        >>> t.standings["bot"].tolist()[0], len(t.table)
        ('heuristic', 90)
    """
    game = resolve_game(game)
    n = check_count(n)
    if isinstance(bots, (str, Bot)) or not isinstance(bots, Sequence):
        raise ConfigError("bots", bots, "a list of bots, at least one per seat")
    entrants = _unique([make_bot(game.name, b) for b in bots])
    seats = game.num_players
    if len(entrants) < seats:
        raise ConfigError("bots", len(entrants), f"at least {seats} bots for {seats} seats")
    orders = lineups_for(len(entrants), seats, rotate)
    if len(orders) > MAX_LINEUPS:
        raise ConfigError(
            "bots", len(entrants), f"fewer bots: {len(orders)} line-ups per deal is too many"
        )
    master = master_seed(seed)
    lineups = tuple(tuple(entrants[i] for i in order) for order in orders)
    from tradekit.sim.accumulate import Standings
    from tradekit.sim.stream import TableWriter, chunk_deals, frames, write_all

    job = Job((game,), lineups, master)
    plan = Plan(n, lineups=len(lineups))
    options: dict[str, Any] = {
        "backend": backend, "workers": workers, "batch_size": batch_size, "progress": progress,
        "desc": "tournament games",
    }  # fmt: skip
    labels = [variant_label(game)]
    start = time.perf_counter()
    writer: TableWriter | None = None
    table: pd.DataFrame | None = None
    if out is None:
        results, used = execute(job, plan, **options)
        table = games_frame(job, results, labels)
        ranked = standings(table, confidence)
    else:
        writer = TableWriter(out, "out")
        accumulated = Standings(confidence)
        deals = chunk_deals(chunk, len(lineups), n)
        tables, used = frames(job, plan, labels, deals=deals, **options)
        write_all(tables, writer, observe=accumulated.add)
        ranked = accumulated.frame()
    return Tournament(
        table,
        ranked,
        1 / seats,
        master,
        n,
        len(lineups),
        used,
        time.perf_counter() - start,
        writer.path if writer else None,
        writer.rows if writer else len(table) if table is not None else 0,
    )
