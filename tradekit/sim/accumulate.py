"""Statistics read off a stream of tables: counts, means and spreads merged chunk by chunk.

A table written to disk as games finish is never loaded back to be summarised: each chunk's
count, mean and sum of squared deviations are merged into running ones (Chan, Golub and
LeVeque's pairwise update of Welford's moments), and paired comparisons keep the moments of the
paired differences. Merging the same chunks in the same order gives the same figures to the
last bit, so a resumed sweep, which carries the running state over in its manifest, ends with
the very figures of an uninterrupted one. Against the whole table in memory they agree to
rounding (about 1e-12 relative).

Nothing here imports pandas at import time; the accumulators read pandas chunks given to them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

#: Per-seat columns of the game table summarised for every seat (``seat_*`` measures follow).
SEAT_COLUMNS = ("score", "rank", "win", "win_share", "margin")


@dataclasses.dataclass(slots=True)
class Moments:
    """Running count, mean, sum of squared deviations, minimum and maximum of some values.

    Example:
        >>> m = Moments()
        >>> m.add(np.array([1.0, 2.0])); m.add(np.array([3.0, 4.0, 5.0]))
        >>> m.n, m.mean, round(m.sd, 6), m.low, m.high
        (5, 3.0, 1.581139, 1.0, 5.0)
        >>> Moments.from_state(m.state()) == m
        True
    """

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, values: np.ndarray[Any, Any]) -> None:
        """Merge a chunk of values."""
        count = len(values)
        if count == 0:
            return
        mean = float(values.mean())
        m2 = float(((values - mean) ** 2).sum())
        total = self.n + count
        delta = mean - self.mean
        self.mean += delta * count / total
        self.m2 += m2 + delta * delta * self.n * count / total
        self.n = total
        self.low = min(self.low, float(values.min()))
        self.high = max(self.high, float(values.max()))

    @property
    def sd(self) -> float:
        """The sample standard deviation (NaN for fewer than 2 values)."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else math.nan

    def state(self) -> list[float]:
        """The running state as JSON-ready numbers (``from_state`` reads it back exactly)."""
        return [self.n, self.mean, self.m2, self.low, self.high]

    @classmethod
    def from_state(cls, state: Sequence[float]) -> Moments:
        n, mean, m2, low, high = state
        return cls(int(n), float(mean), float(m2), float(low), float(high))


def _floats(frame: pd.DataFrame, column: str) -> np.ndarray[Any, Any]:
    return np.asarray(frame[column], dtype=float)


def numeric_measures(frame: pd.DataFrame, exclude: frozenset[str]) -> list[str]:
    """The numeric columns of a game table not in ``exclude``, in table order."""
    return [c for c in frame.columns if c not in exclude and frame[c].dtype.kind in "biuf"]


class Summary:
    """Per variant: every per-seat measure by seat, every game-level measure once per game.

    ``add`` takes chunks of a game table (whole games); ``frame`` gives one row per variant,
    measure and seat (``seat`` is missing for game-level measures) with ``n``, ``mean``,
    ``sd``, ``min`` and ``max``.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import simulate
        >>> table = simulate(tradekit.load_game("turin"), "random", n=6, seed=1, backend="serial")
        >>> whole, parts = Summary(), Summary()
        >>> whole.add(table); parts.add(table[:9]); parts.add(table[9:])
        >>> row = parts.frame().set_index(["measure", "seat"]).loc[("score", 0)]
        >>> int(row["n"]), bool(abs(row["mean"] - table[table.seat == 0].score.mean()) < 1e-9)
        (6, True)
        >>> Summary.from_state(parts.state()).frame().equals(parts.frame())
        True
    """

    def __init__(self) -> None:
        # (variant, measure, seat or -1 for a game-level measure) -> moments, in first-seen order
        self.moments: dict[tuple[str, str, int], Moments] = {}

    def add(self, frame: pd.DataFrame) -> None:
        """Merge a chunk of a game table."""
        from tradekit.sim.compare import game_measures

        if frame.empty:
            return
        per_game = game_measures(frame)
        per_seat = [*SEAT_COLUMNS, *(c for c in frame.columns if c.startswith("seat_"))]
        for (variant, seat), rows in frame.groupby(["variant", "seat"], sort=False):
            for column in per_seat:
                self._moments(str(variant), column, int(seat)).add(_floats(rows, column))
            if seat == 0:
                for column in per_game:
                    self._moments(str(variant), column, -1).add(_floats(rows, column))

    def _moments(self, variant: str, measure: str, seat: int) -> Moments:
        key = (variant, measure, seat)
        found = self.moments.get(key)
        if found is None:
            found = self.moments[key] = Moments()
        return found

    def frame(self) -> pd.DataFrame:
        """The summary table, per-seat measures first (by seat), then game-level ones."""
        import pandas as pd

        keys = sorted(self.moments, key=lambda k: (k[2] < 0, k[2]))  # stable: first-seen order
        rows = [
            {
                "variant": variant,
                "measure": measure,
                "seat": None if seat < 0 else seat,
                "n": m.n,
                "mean": m.mean,
                "sd": m.sd,
                "min": m.low,
                "max": m.high,
            }
            for variant, measure, seat in keys
            for m in (self.moments[(variant, measure, seat)],)
        ]
        frame = pd.DataFrame(
            rows, columns=["variant", "measure", "seat", "n", "mean", "sd", "min", "max"]
        )
        frame["seat"] = frame["seat"].astype("Int64")
        return frame

    def state(self) -> list[list[Any]]:
        """The running state as JSON-ready lists."""
        return [[*key, m.state()] for key, m in self.moments.items()]

    @classmethod
    def from_state(cls, state: Sequence[Sequence[Any]]) -> Summary:
        out = cls()
        for variant, measure, seat, moments in state:
            out.moments[(str(variant), str(measure), int(seat))] = Moments.from_state(moments)
        return out


@dataclasses.dataclass(slots=True)
class PairedMoments:
    """Running moments of a paired measure: A, B, the differences B - A, and how many changed."""

    a: Moments = dataclasses.field(default_factory=Moments)
    b: Moments = dataclasses.field(default_factory=Moments)
    d: Moments = dataclasses.field(default_factory=Moments)
    changed: int = 0
    gained: int = 0

    def add(self, x: np.ndarray[Any, Any], y: np.ndarray[Any, Any]) -> None:
        d = y - x
        self.a.add(x)
        self.b.add(y)
        self.d.add(d)
        self.changed += int(np.count_nonzero(d))
        self.gained += int(np.count_nonzero(d > 0))


class Paired:
    """:func:`tradekit.sim.compare.summarise` read off a stream of chunks of whole deals.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import compare
        >>> c = compare(tradekit.load_game("turin", scoring="classic"),
        ...             tradekit.load_game("turin", scoring="red"), "random", n=4, seed=1,
        ...             backend="serial")
        >>> paired = Paired(c.a, c.b)
        >>> paired.add(c.table[:12]); paired.add(c.table[12:])
        >>> streamed = paired.frame()
        >>> list(streamed["measure"]) == list(c.summary["measure"])
        True
        >>> bool((streamed["diff"] - c.summary["diff"]).abs().max() < 1e-9)
        True
    """

    def __init__(self, a: str, b: str, confidence: float = 0.95) -> None:
        self.a, self.b, self.confidence = a, b, confidence
        self.pairs: dict[tuple[str, int | None, bool], PairedMoments] = {}

    def add(self, frame: pd.DataFrame) -> None:
        """Merge a chunk of the comparison's table (whole deals: both rule choices of each)."""
        from tradekit.sim.compare import paired_columns

        for measure, seat, binary, x, y in paired_columns(frame, self.a, self.b):
            key = (measure, seat, binary)
            found = self.pairs.get(key)
            if found is None:
                found = self.pairs[key] = PairedMoments()
            found.add(x, y)

    def frame(self) -> pd.DataFrame:
        """The summary, row for row as :func:`~tradekit.sim.compare.summarise` gives it."""
        from tradekit.sim.compare import paired_result, summary_frame

        rows = []
        for (measure, seat, binary), m in self.pairs.items():
            stats_ = paired_result(
                m.d.n, m.a.mean, m.b.mean, m.d.mean, m.d.sd, m.changed, m.gained,
                binary=binary, confidence=self.confidence,
            )  # fmt: skip
            rows.append({"measure": measure, "seat": seat, **stats_})
        return summary_frame(rows)


class Standings:
    """:func:`tradekit.sim.tournament.standings` read off a stream of chunks.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import tournament
        >>> t = tournament("turin", ["heuristic", "random", "random"], n=4, seed=2,
        ...                backend="serial")
        >>> acc = Standings(); acc.add(t.table[:18]); acc.add(t.table[18:])
        >>> acc.frame()["bot"].tolist() == t.standings["bot"].tolist()
        True
    """

    def __init__(self, confidence: float = 0.95) -> None:
        self.confidence = confidence
        # bot -> (win_share, score, rank) moments and the sum of win shares, in first-seen order
        self.bots: dict[str, tuple[Moments, Moments, Moments, list[float]]] = {}

    def add(self, frame: pd.DataFrame) -> None:
        """Merge a chunk of a tournament's table."""
        for bot, rows in frame.groupby("bot", sort=False):
            found = self.bots.get(str(bot))
            if found is None:
                found = self.bots[str(bot)] = (Moments(), Moments(), Moments(), [0.0])
            shares = _floats(rows, "win_share")
            found[0].add(shares)
            found[1].add(_floats(rows, "score"))
            found[2].add(_floats(rows, "rank"))
            found[3][0] += float(shares.sum())

    def frame(self) -> pd.DataFrame:
        """The standings, best first."""
        import pandas as pd

        from tradekit.sim.tournament import standings_frame

        rows = [
            {
                "bot": bot,
                "games": share.n,
                "wins": wins[0],
                "win_rate": share.mean,
                "sd": share.sd,
                "mean_score": score.mean,
                "mean_rank": rank.mean,
            }
            for bot, (share, score, rank, wins) in self.bots.items()
        ]
        return standings_frame(pd.DataFrame(rows), self.confidence)
