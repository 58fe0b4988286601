"""Tables written as games finish: chunks of whole deals, appended to a CSV or Parquet file.

Results come back from the backend in item order (:func:`tradekit.sim.backends.stream`); they
are cut into chunks of whole deals (:func:`chunks`), each chunk becomes a piece of the tidy table
(:func:`tradekit.sim.tables.games_frame`) and is appended to the output (:class:`TableWriter`:
CSV rows, or one Parquet row group per chunk). Only one chunk is held at a time, so the memory of
a run does not grow with its number of games, and the file is the table that the same call
without an output returns in memory.

A file is written under a temporary name beside it and renamed when complete: a run that is
stopped leaves no half-written table under the name asked for.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from tradekit.core.errors import ConfigError
from tradekit.sim.backends import Items, stream
from tradekit.sim.play import GameResult, Job
from tradekit.sim.tables import decisions_frame, games_frame

if TYPE_CHECKING:
    import pandas as pd

#: File suffixes written as Parquet (anything else is CSV).
PARQUET = (".parquet", ".pq")
#: Games per chunk when none is given: a chunk's rows are built in memory before they are written.
CHUNK_GAMES = 5000
#: The formats a table can be written in.
FORMATS = ("csv", "parquet")


def format_of(path: str | os.PathLike[str]) -> str:
    """``"parquet"`` for a ``.parquet`` or ``.pq`` path, else ``"csv"`` (``-`` is stdout CSV).

    Example:
        >>> format_of("games.parquet"), format_of("games.csv"), format_of("-")
        ('parquet', 'csv', 'csv')
    """
    return "parquet" if Path(path).suffix.lower() in PARQUET else "csv"


def need_pyarrow(name: str, path: object) -> None:
    """Raise a clear error when Parquet is asked for without pyarrow installed."""
    import importlib.util

    if importlib.util.find_spec("pyarrow") is None:
        raise ConfigError(
            name, str(path), "a .csv path (Parquet needs pyarrow: pip install pyarrow)"
        )


def chunk_deals(chunk: int | None, games_per_deal: int, deals: int) -> int:
    """Deals per chunk: ``chunk``, checked, or about :data:`CHUNK_GAMES` games' worth.

    Example:
        >>> chunk_deals(None, 2, 10**6), chunk_deals(None, 2, 100), chunk_deals(7, 2, 100)
        (2500, 100, 7)
    """
    if chunk is None:
        return max(1, min(deals, CHUNK_GAMES // max(1, games_per_deal)))
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ConfigError("chunk", chunk, "a whole number of deals per chunk, at least 1")
    return chunk


def chunks(parts: Iterable[list[GameResult]], deals: int) -> Iterator[list[GameResult]]:
    """Regroup batches of results (in item order) into chunks of ``deals`` whole deals.

    Chunk ``k`` holds deals ``k * deals`` to ``(k + 1) * deals - 1`` (the boundaries do not
    depend on where a run started, so a resumed sweep cuts its chunks where the first run did).

    Example:
        >>> from tradekit.sim.play import GameResult
        >>> done = [[GameResult((d, g, 0), 0, (), {}, ()) for d in (0, 1, 2) for g in (0, 1)]]
        >>> [[r.item[:2] for r in c] for c in chunks(done, 2)]
        [[(0, 0), (0, 1), (1, 0), (1, 1)], [(2, 0), (2, 1)]]
    """
    current: list[GameResult] = []
    number = -1
    for part in parts:
        for result in part:
            index = result.item[0] // deals
            if index != number and current:
                yield current
                current = []
            number = index
            current.append(result)
    if current:
        yield current


def frames(
    job: Job,
    items: Items,
    labels: list[str],
    *,
    deals: int,
    lineup_tags: list[list[str]] | None = None,
    total: int | None = None,
    done: int = 0,
    **run_options: Any,
) -> tuple[Generator[tuple[pd.DataFrame, pd.DataFrame | None], None, None], str]:
    """Play ``items`` and yield the tidy tables chunk by chunk: (games, decisions or None).

    ``run_options`` are those of :func:`tradekit.sim.backends.stream`; the backend is chosen
    (and the arguments checked) at once, the games played as the chunks are read.
    """
    parts, used = stream(job, items, total=total, done=done, **run_options)

    def tables() -> Generator[tuple[pd.DataFrame, pd.DataFrame | None], None, None]:
        with contextlib.closing(parts):
            for chunk in chunks(parts, deals):
                games = games_frame(job, chunk, labels, lineup_tags=lineup_tags)
                decided = decisions_frame(job, chunk, labels) if job.decisions else None
                yield games, decided

    return tables(), used


class TableWriter:
    """Append chunks of one table to a CSV or Parquet file (or CSV to stdout for ``-``).

    Every chunk must have the first chunk's columns (a missing measure is written as 0, as
    :func:`tradekit.sim.tables.tidy` fills it). Use it as a context manager: the file appears
    under its name when the block ends without an error, and not at all otherwise.

    Args:
        path: the file (``-``: CSV to stdout).
        name: the argument that named it, for errors (``"out"``).
        fmt: ``"csv"`` or ``"parquet"`` (default: from the suffix, :func:`format_of`).

    Raises:
        ConfigError: Parquet without pyarrow, or a file that cannot be written (naming ``name``).

    Example:
        >>> import pandas as pd, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
        >>> with TableWriter(path) as out:
        ...     out.write(pd.DataFrame({"a": [1, 2]})); out.write(pd.DataFrame({"a": [3]}))
        >>> open(path).read().split(), out.rows
        (['a', '1', '2', '3'], 3)
    """

    def __init__(self, path: str | os.PathLike[str], name: str = "out", fmt: str | None = None):
        self.path = str(path)
        self.name = name
        self.fmt = fmt or format_of(self.path)
        if self.fmt not in FORMATS:
            raise ConfigError("format", self.fmt, "'csv' or 'parquet'")
        if self.fmt == "parquet":
            need_pyarrow(name, self.path)
        if self.path != "-" and not Path(self.path).parent.is_dir():
            raise ConfigError(name, self.path, "a file in a directory that exists")
        self.rows = 0
        self._columns: list[str] | None = None
        self._schema: Any = None
        self._parquet: Any = None
        self._handle: IO[str] | None = None
        self._temp: str | None = None
        if self.path != "-":
            target = Path(self.path)
            self._temp = str(target.with_name(f".{target.name}.partial"))

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()

    def _failed(self, exc: OSError) -> ConfigError:
        self.discard()
        reason = exc.strerror or str(exc) or type(exc).__name__
        return ConfigError(self.name, self.path, f"a file that can be written ({reason})")

    def write(self, frame: pd.DataFrame) -> None:
        """Append ``frame`` (a chunk of the table; an empty one adds nothing)."""
        if frame.empty:
            return
        if self._columns is None:
            self._columns = list(frame.columns)
        elif list(frame.columns) != self._columns:
            extra = sorted(set(frame.columns) - set(self._columns))
            if extra:
                # A CSV header or a Parquet schema is fixed by the first chunk.
                raise ConfigError(
                    self.name,
                    f"columns {', '.join(extra)} first seen after the first chunk",
                    "every column in the first chunk: a larger chunk, or fewer decision kinds",
                )
            frame = frame.reindex(columns=self._columns, fill_value=0)
        try:
            if self.fmt == "parquet":
                self._write_parquet(frame)
            else:
                self._write_csv(frame)
        except OSError as exc:
            raise self._failed(exc) from None
        self.rows += len(frame)

    def _write_csv(self, frame: pd.DataFrame) -> None:
        if self._handle is None:
            if self._temp is None:
                self._handle = sys.stdout
            else:
                self._handle = open(self._temp, "w", newline="", encoding="utf-8")  # noqa: SIM115
            frame.to_csv(self._handle, index=False)
        else:
            frame.to_csv(self._handle, index=False, header=False)

    def _write_parquet(self, frame: pd.DataFrame) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._parquet is None:
            table = pa.Table.from_pandas(frame, preserve_index=False)
            self._schema = table.schema
            self._parquet = pq.ParquetWriter(self._temp or self.path, self._schema)
        else:
            # The first chunk's types for every chunk: a column is one type in the file.
            table = pa.Table.from_pandas(frame, schema=self._schema, preserve_index=False)
        self._parquet.write_table(table)

    def close(self) -> None:
        """Finish the file and give it its name (an empty table is written as no rows)."""
        try:
            if self._parquet is not None:
                self._parquet.close()
                self._parquet = None
            if self._handle is not None:
                if self._handle is sys.stdout:
                    self._handle.flush()
                else:
                    self._handle.close()
                self._handle = None
            elif self._temp is not None and self.fmt == "csv" and not os.path.exists(self._temp):
                Path(self._temp).touch()
            if self._temp is not None and os.path.exists(self._temp):
                os.replace(self._temp, self.path)
        except OSError as exc:
            raise self._failed(exc) from None

    def discard(self) -> None:
        """Stop writing and remove the unfinished file."""
        with contextlib.suppress(Exception):
            if self._parquet is not None:
                self._parquet.close()
            if self._handle is not None and self._handle is not sys.stdout:
                self._handle.close()
        self._parquet = self._handle = None
        if self._temp is not None:
            with contextlib.suppress(OSError):
                os.remove(self._temp)


def write_all(
    tables: Generator[tuple[pd.DataFrame, pd.DataFrame | None], None, None],
    games: TableWriter,
    decisions: TableWriter | None = None,
    observe: Callable[[pd.DataFrame], None] | None = None,
) -> None:
    """Write every chunk of :func:`frames` (``observe`` sees each game chunk first)."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.closing(tables))
        if decisions is not None:
            stack.enter_context(decisions)
        stack.enter_context(games)
        for frame, decided in tables:
            if observe is not None:
                observe(frame)
            games.write(frame)
            if decisions is not None and decided is not None:
                decisions.write(decided)


def read_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read back a table written by ``out=``: a CSV or Parquet file, or a sweep's directory.

    Loads the whole table: for a table too large for memory, read it piece by piece (a sweep's
    part files, a Parquet file's row groups) or with a tool that streams (pyarrow datasets,
    DuckDB, Dask).

    Example:
        >>> import pandas as pd, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
        >>> with TableWriter(path) as out:
        ...     out.write(pd.DataFrame({"a": ["x"], "b": [None]}))
        >>> read_table(path).to_dict("records")
        [{'a': 'x', 'b': nan}]
    """
    import pandas as pd

    target = Path(path)
    if target.is_dir():
        from tradekit.sim.sweep import part_paths

        pieces = [read_table(p) for p in part_paths(target)]
        return pd.concat(pieces, ignore_index=True) if pieces else pd.DataFrame()
    if format_of(target) == "parquet":
        return pd.read_parquet(target)
    # As the tables were written: "" is a missing value, text such as "None" stays text.
    return pd.read_csv(target, keep_default_na=False, na_values=[""])
