"""``sweep``: every combination of a grid of options on the same deals, into one tidy table.

Deal ``i`` of every combination uses the same engine seed and the same bot streams (common
random numbers, as :func:`tradekit.sim.compare` pairs two rule choices), so the combinations
differ by their rules only. The table has one column per grid key (``players`` is already one).

Written to a directory (``out=``), a sweep is resumable: the table goes into numbered part
files of whole deals, and ``manifest.json`` records the sweep's parameters, the parts done and
the running summary. Started again with the same path, a stopped sweep plays only the deals it
lacks and ends with the same table and summary as an uninterrupted one; the same path with other
parameters is refused, naming the first that differs. Each part is written under a temporary
name and renamed when complete, then the manifest is replaced whole (written beside it, then
renamed), so a stop at any moment leaves a consistent directory.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tradekit.bots.registry import BotLike
from tradekit.core.errors import ConfigError
from tradekit.core.registry import load_game
from tradekit.core.state import Game
from tradekit.sim.backends import Plan
from tradekit.sim.play import Job, resolve_bots, resolve_game
from tradekit.sim.seeds import master_seed
from tradekit.sim.simulate import check_count

if TYPE_CHECKING:
    import pandas as pd

    from tradekit.sim.accumulate import Summary

#: The manifest's name in a sweep's directory.
MANIFEST = "manifest.json"
#: Bumped when the layout of a sweep's directory changes.
LAYOUT = 1
#: Called with the number of parts done after each part is recorded (a test stops a sweep here,
#: as a kill between two parts would).
_after_part: Callable[[int], None] | None = None


@dataclasses.dataclass(frozen=True, eq=False)
class Sweep:
    """The result of :func:`sweep`.

    Attributes:
        table: the tidy table of every combination (one column per grid key); None when it
            was written to ``out`` (:func:`tradekit.sim.read_table` reads it back).
        summary: per combination, seat and measure: ``n``, ``mean``, ``sd``, ``min``, ``max``
            (read off the stream, :class:`tradekit.sim.accumulate.Summary`).
        grid: the grid, key by key, as played; ``combinations``: each combination's options.
        seed: the master seed; ``n``: deals, each played by every combination.
        backend: where the games were played; ``seconds``: wall time of this call.
        path: the sweep's directory (None: in memory); ``rows``: rows of the table.
        resumed: deals that were already played when this call started.
    """

    table: pd.DataFrame | None
    summary: pd.DataFrame
    grid: tuple[tuple[str, tuple[Any, ...]], ...]
    combinations: tuple[tuple[tuple[str, Any], ...], ...]
    seed: int
    n: int
    backend: str
    seconds: float
    path: str | None = None
    rows: int = 0
    resumed: int = 0


def combination_label(combination: Sequence[tuple[str, Any]]) -> str:
    """The variant label of one combination of a grid.

    Example:
        >>> combination_label((("players", 4), ("scoring", "red")))
        'players=4, scoring=red'
    """
    return ", ".join(f"{key}={value}" for key, value in combination)


def check_grid(game: Game[Any], grid: object) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Check a grid: a non-empty mapping of the game's options to lists of distinct values.

    Example:
        >>> import tradekit
        >>> check_grid(tradekit.load_game("turin"), {"players": [3, 4], "scoring": ["red"]})
        (('players', (3, 4)), ('scoring', ('red',)))
    """
    if not isinstance(grid, Mapping) or not grid:
        raise ConfigError("grid", grid, "a dict of options to lists of values")
    known = game.options()
    out = []
    for key, values in grid.items():
        if key not in known:
            raise ConfigError("grid", key, f"options of {game.name}: {', '.join(known)}")
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise ConfigError(f"grid[{key!r}]", values, "a non-empty list of values")
        try:
            texts = [json.dumps(v, sort_keys=True) for v in values]
        except (TypeError, ValueError):
            raise ConfigError(f"grid[{key!r}]", values, "values saved as JSON") from None
        if len(set(texts)) != len(texts):
            raise ConfigError(f"grid[{key!r}]", values, "distinct values")
        out.append((str(key), tuple(values)))
    return tuple(out)


def _lineups(
    games: Sequence[Game[Any]], bots: BotLike | Sequence[BotLike], labels: Sequence[str]
) -> tuple[tuple[Any, ...], ...]:
    lineups = []
    for game, label in zip(games, labels, strict=True):
        try:
            lineups.append(resolve_bots(game, bots))
        except ConfigError as exc:
            if exc.option != "bots":
                raise
            raise ConfigError(
                "bots",
                exc.value,
                f"one bot per seat in every combination ({game.num_players} for {label}), or "
                "one bot for every seat",
            ) from None
    return tuple(lineups)


def sweep(
    game: Game[Any] | str,
    grid: Mapping[str, Sequence[Any]],
    bots: BotLike | Sequence[BotLike] = "random",
    n: int = 1000,
    seed: int | None = None,
    *,
    out: str | os.PathLike[str] | None = None,
    format: str | None = None,
    chunk: int | None = None,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> Sweep:
    """Play every combination of ``grid`` on the same ``n`` deals into one tidy table.

    Args:
        game: the game and its other options (a Game, or a name for its defaults).
        grid: option name -> values, such as ``{"players": [3, 4, 5], "scoring": ["classic",
            "red"]}``; every combination is played, the first key varying slowest.
        bots: one bot for every seat (a Bot, a name, a function), or one per seat when every
            combination has the same number of seats.
        n: deals; each is played under every combination (``n`` times the combinations games).
        seed: the master seed (None: a fresh one, or the one of the sweep being resumed).
        out: a directory (created if missing; its parent must exist) to write the table to as
            the games finish, in part files, with a manifest that lets a stopped sweep resume.
        format: ``"parquet"`` (the default; needs pyarrow) or ``"csv"`` part files.
        chunk: deals per part (default: about 5,000 games; a resumed sweep keeps its own).
        backend: see :func:`tradekit.sim.run`; ``workers``, ``batch_size`` and ``progress``
            too (one progress bar for the whole sweep, a resumed one starting where it was).

    Raises:
        ConfigError: a bad argument, named; ``out`` holding another sweep, or not a sweep.
        WorkerError: the worker processes stopped before the games were played.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import sweep
        >>> s = sweep("turin", {"players": [3, 4], "scoring": ["classic", "red"]}, "random",
        ...           n=3, seed=1, backend="serial")
        >>> len(s.combinations), len(s.table), list(s.table.columns[3:6])
        (4, 42, ['options', 'scoring', 'deal'])
        >>> s.table.groupby(["players", "scoring"])["deal"].nunique().tolist()
        [3, 3, 3, 3]
        >>> s.table.groupby("deal")["game_seed"].nunique().tolist()  # the same deals
        [1, 1, 1]
    """
    from tradekit.sim.accumulate import Summary
    from tradekit.sim.stream import FORMATS, TableWriter, chunk_deals, frames, need_pyarrow

    base = resolve_game(game)
    axes = check_grid(base, grid)
    combinations = tuple(
        tuple(zip((k for k, _ in axes), values, strict=True))
        for values in itertools.product(*(v for _, v in axes))
    )
    options = base.options()
    games = tuple(load_game(base.name, **{**options, **dict(c)}) for c in combinations)
    labels = [combination_label(c) for c in combinations]
    lineups = _lineups(games, bots, labels)
    n = check_count(n)
    if format is not None and format not in FORMATS:
        raise ConfigError("format", format, "'parquet' or 'csv'")
    run_options: dict[str, Any] = {
        "backend": backend, "workers": workers, "batch_size": batch_size, "progress": progress,
        "desc": "sweep games",
    }  # fmt: skip
    count = len(games)
    start = time.perf_counter()
    if out is None:
        master = master_seed(seed)
        deals = chunk_deals(chunk, count, n)
        job = Job(games, lineups, master)
        tables, used = frames(
            job, Plan(n, games=count, own_lineups=True), labels, deals=deals, **run_options
        )
        summary = Summary()
        pieces = []
        with contextlib.closing(tables):
            for frame, _ in tables:
                frame = with_grid(frame, axes, combinations, labels)
                summary.add(frame)
                pieces.append(frame)
        import pandas as pd

        table = pd.concat(pieces, ignore_index=True)
        return Sweep(
            table, summary_with_grid(summary, axes, combinations, labels), axes, combinations,
            master, n, used, time.perf_counter() - start, rows=len(table),
        )  # fmt: skip

    folder = Path(out)
    manifest = _open_folder(folder)
    saved = manifest["parameters"] if manifest else {}
    master = master_seed(saved["seed"] if seed is None and manifest else seed)
    deals = chunk_deals(saved["chunk"] if chunk is None and manifest else chunk, count, n)
    fmt = format or (saved["format"] if manifest else "parquet")
    if fmt == "parquet":
        need_pyarrow("out", folder)
    parameters = {
        "game": base.name,
        "options": options,
        "grid": [[k, list(v)] for k, v in axes],
        "bots": [[b.tag for b in lineup] for lineup in lineups],
        "n": n,
        "seed": master,
        "chunk": deals,
        "format": fmt,
    }
    parameters = json.loads(json.dumps(parameters))  # as the manifest reads back
    if manifest:
        _same_parameters(folder, saved, parameters)
    else:
        manifest = {
            "layout": LAYOUT,
            "parameters": parameters,
            "parts": [],
            "summary": [],
            "complete": False,
        }
        _save(folder, manifest)
    parts: list[dict[str, Any]] = manifest["parts"]
    _tidy_folder(folder, {p["file"] for p in parts})
    summary = Summary.from_state(manifest["summary"])
    first = min(n, len(parts) * deals)
    used = "none: the sweep was already complete"
    if first < n:
        job = Job(games, lineups, master)
        plan = Plan(n, games=count, own_lineups=True, first=first)
        tables, used = frames(
            job, plan, labels, deals=deals, total=n * count, done=first * count, **run_options
        )
        with contextlib.closing(tables):
            for frame, _ in tables:
                frame = with_grid(frame, axes, combinations, labels)
                name = f"part-{len(parts):06d}.{fmt}"
                with TableWriter(folder / name, "out", fmt) as writer:
                    writer.write(frame)
                summary.add(frame)
                parts.append({"file": name, "rows": writer.rows})
                manifest["summary"] = summary.state()
                manifest["complete"] = len(parts) * deals >= n
                _save(folder, manifest)
                if _after_part is not None:
                    _after_part(len(parts))
    return Sweep(
        None, summary_with_grid(summary, axes, combinations, labels), axes, combinations, master,
        n, used, time.perf_counter() - start, str(folder), sum(p["rows"] for p in parts), first,
    )  # fmt: skip


def with_grid(
    frame: pd.DataFrame,
    axes: Sequence[tuple[str, Sequence[Any]]],
    combinations: Sequence[Sequence[tuple[str, Any]]],
    labels: Sequence[str],
    *,
    after: str = "options",
) -> pd.DataFrame:
    """``frame`` with one column per grid key (after ``after``), read off its ``variant``.

    A key that is already a column (``players``) is left as it is. Each column's type comes
    from all the key's values, so it is the same in every chunk of a sweep.
    """
    import pandas as pd

    index = {label: i for i, label in enumerate(labels)}
    codes = frame["variant"].map(index).to_numpy()
    position = list(frame.columns).index(after) + 1
    frame = frame.copy()
    for key, _ in axes:
        if key in frame.columns:
            if key == "players":
                continue
            raise ConfigError("grid", key, "an option whose name is not a column of the table")
        values = pd.Series([dict(c)[key] for c in combinations])
        frame.insert(position, key, values.take(codes).reset_index(drop=True).to_numpy())
        frame[key] = frame[key].astype(values.dtype)
        position += 1
    return frame


def summary_with_grid(
    summary: Summary,
    axes: Sequence[tuple[str, Sequence[Any]]],
    combinations: Sequence[Sequence[tuple[str, Any]]],
    labels: Sequence[str],
) -> pd.DataFrame:
    """The summary frame with the grid's columns after ``variant``."""
    frame = summary.frame()
    return with_grid(frame, axes, combinations, labels, after="variant")


def _open_folder(folder: Path) -> dict[str, Any] | None:
    """The manifest of the sweep in ``folder`` (None for a new or empty directory)."""
    if not folder.parent.is_dir():
        raise ConfigError("out", str(folder), "a directory whose parent exists")
    if folder.exists() and not folder.is_dir():
        raise ConfigError("out", str(folder), "a directory for the sweep (a file is there)")
    try:
        folder.mkdir(exist_ok=True)
        manifest = folder / MANIFEST
        if manifest.exists():
            loaded = json.loads(manifest.read_text(encoding="utf-8"))
            if not isinstance(loaded, dict) or loaded.get("layout") != LAYOUT:
                raise ConfigError("out", str(folder), "a directory holding a sweep of this version")
            return loaded
        if any(folder.iterdir()):
            raise ConfigError(
                "out", str(folder), "a new or empty directory, or one holding a sweep (no manifest)"
            )
    except OSError as exc:
        raise ConfigError("out", str(folder), f"a directory that can be written ({exc})") from None
    except json.JSONDecodeError:
        raise ConfigError("out", str(folder), f"a readable {MANIFEST} (it is damaged)") from None
    return None


def _same_parameters(folder: Path, saved: Mapping[str, Any], asked: Mapping[str, Any]) -> None:
    for key, value in asked.items():
        if saved.get(key) != value:
            raise ConfigError(
                "out",
                str(folder),
                f"a new directory, or the parameters of the sweep already there ({key} is "
                f"{json.dumps(saved.get(key))} there, {json.dumps(value)} here)",
            )


def _tidy_folder(folder: Path, kept: set[str]) -> None:
    # Parts written after the last manifest (a stop between the two) are played again.
    for path in folder.iterdir():
        if path.name == MANIFEST or path.name in kept:
            continue
        if path.name.startswith(("part-", ".part-", f".{MANIFEST}")):
            with contextlib.suppress(OSError):
                path.unlink()


def _save(folder: Path, manifest: Mapping[str, Any]) -> None:
    temp = folder / f".{MANIFEST}.partial"
    try:
        temp.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        os.replace(temp, folder / MANIFEST)
    except OSError as exc:
        raise ConfigError("out", str(folder), f"a directory that can be written ({exc})") from None


def part_paths(folder: str | os.PathLike[str]) -> list[Path]:
    """The part files of the sweep in ``folder``, in order (those done so far).

    Raises:
        ConfigError: ``folder`` holds no sweep.
    """
    target = Path(folder)
    manifest = _open_folder(target) if (target / MANIFEST).exists() else None
    if manifest is None:
        raise ConfigError("path", str(target), f"a sweep's directory (with its {MANIFEST})")
    return [target / part["file"] for part in manifest["parts"]]
