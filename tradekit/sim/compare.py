"""``compare``: two rule choices on the same deals and the same bot streams, paired.

Deal ``i`` of both rule choices uses the same engine seed (so the same cards, where the rules
allow) and the same random stream for each seat's bot (common random numbers). Each measure is
then compared game by game: the paired differences remove most of the deal-to-deal noise, so a
rule's effect shows with far fewer games than two independent samples would need.

Tests (scipy's distributions): win rates by seat with McNemar's exact test on the games whose
winner changed (a two-sided binomial test of the discordant pairs, as ``scipy.stats.binomtest``);
every other measure with the paired t-test (as ``scipy.stats.ttest_rel``). Intervals are
t-intervals of the mean paired difference.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.bots.registry import BotLike
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.sim.backends import Plan, execute
from tradekit.sim.play import Job, resolve_bots, resolve_game
from tradekit.sim.seeds import master_seed
from tradekit.sim.simulate import check_count
from tradekit.sim.tables import ID_COLUMNS, RESULT_COLUMNS, games_frame, variant_label

if TYPE_CHECKING:
    import pandas as pd

#: Game-level measures compared first, in this order; the game's own measures follow.
HEADLINE = ("score_spread", "winning_margin", "length")
#: Columns that are not game-level measures.
_NOT_MEASURES = frozenset((*ID_COLUMNS, *RESULT_COLUMNS)) - {"score_spread", "winning_margin"}


def paired_stats(
    a: Sequence[float] | np.ndarray[Any, Any],
    b: Sequence[float] | np.ndarray[Any, Any],
    *,
    binary: bool = False,
    confidence: float = 0.95,
) -> dict[str, Any]:
    """Compare paired samples ``a`` and ``b`` (the same deals under two rule choices).

    Args:
        a: the measure under rule choice A, one value per deal.
        b: the same under B, in the same order.
        binary: the values are 0/1 (wins): McNemar's exact test instead of the paired t-test.
        confidence: the level of the interval.

    Returns:
        ``a`` and ``b`` (means), ``diff`` (mean of b - a), ``ci_low``/``ci_high``, ``p_value``,
        ``test``, ``n`` and ``changed`` (deals where the value differs).

    Example:
        >>> s = paired_stats([1, 0, 1, 1], [1, 0, 1, 1], binary=True)
        >>> s["diff"], s["ci_low"], s["ci_high"], s["p_value"]
        (0.0, 0.0, 0.0, 1.0)
        >>> round(paired_stats([1, 2, 3, 4], [2, 3, 5, 5])["diff"], 2)
        1.25
    """
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ConfigError("b", f"{y.shape}", f"as many values as a ({x.shape})")
    d = y - x
    n = len(d)
    return paired_result(
        n,
        float(x.mean()) if n else math.nan,
        float(y.mean()) if n else math.nan,
        float(d.mean()) if n else math.nan,
        float(d.std(ddof=1)) if n > 1 else math.nan,
        int(np.count_nonzero(d)),
        int(np.count_nonzero(d > 0)),
        binary=binary,
        confidence=confidence,
    )


def paired_result(
    n: int,
    mean_a: float,
    mean_b: float,
    mean_diff: float,
    sd: float,
    changed: int,
    gained: int,
    *,
    binary: bool,
    confidence: float,
) -> dict[str, Any]:
    """:func:`paired_stats` from the moments of the paired differences (a streamed comparison).

    Args:
        n: pairs; ``mean_a``, ``mean_b``, ``mean_diff``: means of A, B and B - A; ``sd``: the
            sample standard deviation of B - A; ``changed``: pairs that differ; ``gained``:
            pairs where B is larger.

    Example:
        >>> s = paired_result(4, 2.5, 3.75, 1.25, 0.5, 4, 4, binary=False, confidence=0.95)
        >>> round(s["p_value"], 6) == round(paired_stats([1, 2, 3, 4], [2, 3, 5, 5])["p_value"], 6)
        True
    """
    # scipy.special rather than scipy.stats: the same distributions, and a tenth of the import
    # time (scipy.stats takes about a second to import in every kernel that compares).
    from scipy import special

    out: dict[str, Any] = {
        "a": mean_a,
        "b": mean_b,
        "diff": mean_diff,
        "ci_low": math.nan,
        "ci_high": math.nan,
        "p_value": math.nan,
        "test": "McNemar exact" if binary else "paired t",
        "n": n,
        "changed": changed,
    }
    if n < 2:
        return out
    if sd == 0.0:
        out.update(ci_low=out["diff"], ci_high=out["diff"], p_value=1.0 if changed == 0 else 0.0)
        return out
    half = float(special.stdtrit(n - 1, (1 + confidence) / 2)) * sd / math.sqrt(n)
    low, high = out["diff"] - half, out["diff"] + half
    if binary:
        # A difference of two rates lies in [-1, 1]; with few pairs the t interval reaches past
        # it ("-177% to +110%" for three games), which no reader should be shown.
        low, high = max(low, -1.0), min(high, 1.0)
    out.update(ci_low=low, ci_high=high)
    if binary:
        # McNemar's exact test: of the pairs that changed, as many gained as a fair coin would?
        # Two-sided, by the symmetry of the binomial distribution with p = 1/2.
        fewer = min(gained, changed - gained)
        tail = float(special.bdtr(fewer, changed, 0.5)) if changed else 0.5
        out["p_value"] = min(1.0, 2 * tail)
    else:
        t = mean_diff / (sd / math.sqrt(n))
        out["p_value"] = float(2 * special.stdtr(n - 1, -abs(t)))
    return out


def game_measures(table: pd.DataFrame) -> list[str]:
    """The game-level numeric measures of a tidy table, headline ones first."""
    numeric = [
        c
        for c in table.columns
        if c not in _NOT_MEASURES and not c.startswith("seat_") and table[c].dtype.kind in "biuf"
    ]
    return [c for c in HEADLINE if c in numeric] + [c for c in numeric if c not in HEADLINE]


def summarise(table: pd.DataFrame, a: str, b: str, confidence: float = 0.95) -> pd.DataFrame:
    """Paired comparison of variants ``a`` and ``b`` of a tidy table with the same deals.

    One row per seat for ``win rate`` and ``score``, then one row per game-level measure.
    """
    rows = [
        {
            "measure": measure,
            "seat": seat,
            **paired_stats(x, y, binary=binary, confidence=confidence),
        }
        for measure, seat, binary, x, y in paired_columns(table, a, b)
    ]
    return summary_frame(rows)


def paired_columns(
    table: pd.DataFrame, a: str, b: str
) -> Iterator[tuple[str, int | None, bool, np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """The paired samples of a tidy table of variants ``a`` and ``b`` on the same deals.

    Yields ``(measure, seat, binary, x, y)`` in the summary's order: ``win rate`` (binary) and
    ``score`` seat by seat, then each game-level measure (``seat`` None).
    """
    left = table[table["variant"] == a].sort_values(["deal", "seat"])
    right = table[table["variant"] == b].sort_values(["deal", "seat"])
    if left.empty or right.empty:
        raise ConfigError("variant", a if left.empty else b, "a variant of the table")
    if not np.array_equal(left["deal"].to_numpy(), right["deal"].to_numpy()):
        raise ConfigError("table", "unpaired deals", "the same deals under both variants")
    seats = sorted(int(s) for s in left["seat"].unique())
    deals = len(left) // len(seats)

    def grid(frame: pd.DataFrame, column: str) -> np.ndarray[Any, Any]:
        # one row per deal, one column per seat (the tables are sorted by deal, then seat)
        return np.asarray(frame[column], dtype=float).reshape(deals, len(seats))

    pairs = {
        (measure, binary): (grid(left, column), grid(right, column))
        for measure, column, binary in (("win rate", "win", True), ("score", "score", False))
    }
    for i, seat in enumerate(seats):
        for (measure, binary), (x, y) in pairs.items():
            yield measure, seat, binary, x[:, i], y[:, i]
    for column in game_measures(table):
        yield column, None, False, grid(left, column)[:, 0], grid(right, column)[:, 0]


def summary_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The summary table of :func:`summarise`'s rows."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    frame["seat"] = frame["seat"].astype("Int64")
    return frame


def describe_row(row: Any, a: str, b: str, confidence: float) -> str:
    """One honest sentence for a row of a comparison summary."""
    who = f"seat {row['seat']} " if not _missing(row["seat"]) else ""
    fmt = "{:.3f}" if row["measure"] == "win rate" else "{:.2f}"
    level = f"{confidence:.0%}"
    if _missing(row["ci_low"]):
        return f"{who}{row['measure']}: too few games to compare."
    if row["changed"] == 0:
        return (
            f"{who}{row['measure']}: {fmt.format(row['a'])} under both rule choices, "
            f"the same in every one of the {row['n']} paired games."
        )
    clear = row["ci_low"] > 0 or row["ci_high"] < 0
    verdict = "a clear difference" if clear else "no clear difference at this number of games"
    return (
        f"{who}{row['measure']}: {fmt.format(row['a'])} ({a}) vs {fmt.format(row['b'])} ({b}); "
        f"difference {row['diff']:+.3f}, {level} CI [{row['ci_low']:+.3f}, {row['ci_high']:+.3f}], "
        f"p = {row['p_value']:.3g} ({row['test']}, {row['n']} paired games, "
        f"{row['changed']} differ): {verdict}."
    )


def _missing(value: Any) -> bool:
    try:
        return value is None or bool(np.isnan(value))
    except TypeError:
        return value is None or str(value) == "<NA>"


@dataclasses.dataclass(frozen=True, eq=False)
class Comparison:
    """The result of :func:`compare`.

    Attributes:
        a: the label of rule choice A; ``b``: of B.
        game_a: rule choice A; ``game_b``: B.
        table: the tidy table of both (``variant`` is ``a`` or ``b``), deal by deal; None
            when it was written to ``out`` (its file is ``path``).
        summary: one row per measure (and seat): means under A and B, the mean paired
            difference B - A with its interval, the test and its p-value.
        seed: the master seed; ``n``: deals played under each rule choice.
        confidence: the interval level.
        backend: where the games were played; ``seconds``: wall time.
        path: where the table was written (None: it is in ``table``); ``rows``: its rows.
    """

    a: str
    b: str
    game_a: Game[Any]
    game_b: Game[Any]
    table: pd.DataFrame | None
    summary: pd.DataFrame
    seed: int
    n: int
    confidence: float
    backend: str
    seconds: float
    path: str | None = None
    rows: int = 0

    def text(self, measures: Sequence[str] | None = None) -> str:
        """The summary in sentences, one per row (only ``measures`` if given)."""
        lines = [
            describe_row(row, self.a, self.b, self.confidence)
            for _, row in self.summary.iterrows()
            if measures is None or row["measure"] in measures
        ]
        head = (
            f"{self.game_a.name}: {self.b} against {self.a}, {self.n} paired games "
            f"(seed {self.seed}); differences are {self.b} minus {self.a}."
        )
        return "\n".join([head, *lines])

    def _repr_html_(self) -> str:
        table = str(self.summary.to_html(index=False, float_format=lambda v: f"{v:.4g}"))
        return f"<p>{self.text().splitlines()[0]}</p>" + table


def compare(
    game_a: Game[Any] | str,
    game_b: Game[Any] | str,
    bots: BotLike | Sequence[BotLike],
    n: int = 1000,
    seed: int | None = None,
    *,
    labels: tuple[str, str] | None = None,
    confidence: float = 0.95,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
) -> Comparison:
    """Play both rule choices on the same ``n`` deals with the same bots; compare them paired.

    Args:
        game_a: rule choice A (e.g. ``load_game("turin", scoring="classic")``).
        game_b: rule choice B: the same game and number of players, other options.
        bots: one bot per seat (or one for every seat); the same line-up plays both.
        n: deals (each played under both rule choices: ``2 * n`` games).
        seed: the master seed (None: a fresh one, recorded).
        labels: names of A and B (default: the options that differ, e.g. ``"scoring=red"``).
        confidence: the level of the intervals.
        backend: see :func:`tradekit.sim.run`; ``workers``, ``batch_size``, ``progress`` too
            (a call at the top level of a script outside ``if __name__ == "__main__":`` plays
            in this process, with a ``RuntimeWarning``, instead of in worker processes).
        out: write the table to this file (CSV, or Parquet for ``.parquet``) as the games
            finish instead of holding it; the summary is then read off the stream (paired
            moments of every measure, :class:`tradekit.sim.accumulate.Paired`): the same
            figures to rounding. ``chunk``: deals per chunk written.

    Raises:
        ConfigError: different games or player counts, or a bad argument.
        WorkerError: the worker processes stopped before the games were played.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import compare
        >>> classic = tradekit.load_game("turin", scoring="classic")
        >>> c = compare(classic, classic, "heuristic", n=20, seed=1, backend="serial")
        >>> float(c.summary["diff"].abs().max())
        0.0
    """
    game_a = resolve_game(game_a)
    game_b = resolve_game(game_b)
    if game_a.name != game_b.name:
        raise ConfigError("game_b", game_b.name, f"the same game as game_a ({game_a.name!r})")
    if game_a.num_players != game_b.num_players:
        raise ConfigError(
            "game_b", f"{game_b.num_players} players", f"{game_a.num_players} players, as game_a"
        )
    if isinstance(confidence, bool) or not isinstance(confidence, float) or not 0 < confidence < 1:
        raise ConfigError("confidence", confidence, "a level between 0 and 1, such as 0.95")
    lineup = resolve_bots(game_a, bots)
    n = check_count(n)
    master = master_seed(seed)
    if labels is None:
        labels = (variant_label(game_a, game_b), variant_label(game_b, game_a))
        if labels[0] == labels[1]:
            labels = ("A", "B")
    elif len(labels) != 2 or labels[0] == labels[1]:
        raise ConfigError("labels", labels, "two different names, for A and B")
    from tradekit.sim.accumulate import Paired
    from tradekit.sim.stream import TableWriter, chunk_deals, frames, write_all

    job = Job((game_a, game_b), (lineup,), master)
    options: dict[str, Any] = {
        "backend": backend, "workers": workers, "batch_size": batch_size, "progress": progress,
        "desc": "paired games",
    }  # fmt: skip
    start = time.perf_counter()
    writer: TableWriter | None = None
    table: pd.DataFrame | None = None
    if out is None:
        results, used = execute(job, Plan(n, games=2), **options)
        table = games_frame(job, results, labels)
        summary = summarise(table, labels[0], labels[1], confidence)
    else:
        writer = TableWriter(out, "out")
        paired = Paired(labels[0], labels[1], confidence)
        deals = chunk_deals(chunk, 2, n)
        tables, used = frames(job, Plan(n, games=2), list(labels), deals=deals, **options)
        write_all(tables, writer, observe=paired.add)
        summary = paired.frame()
    return Comparison(
        labels[0],
        labels[1],
        game_a,
        game_b,
        table,
        summary,
        master,
        n,
        confidence,
        used,
        time.perf_counter() - start,
        writer.path if writer else None,
        writer.rows if writer else len(table) if table is not None else 0,
    )
