"""Tables written as the games finish: the file is the in-memory table, memory stays flat."""

from __future__ import annotations

import dataclasses
import gc
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import tradekit
from tradekit.core.errors import ConfigError
from tradekit.sim import backends, compare, read_table, run, simulate, tournament
from tradekit.sim.play import GameResult, Job
from tradekit.sim.play import run_batch as play_batch

GAME = tradekit.load_game("turin", players=3, scoring="red")
BOTS = ["heuristic", "random", "random"]
FORMATS = ["csv", "parquet"]


def numbers(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.select_dtypes("number").astype(float)


def assert_close(a: pd.DataFrame, b: pd.DataFrame) -> None:
    """Streamed statistics equal the in-memory ones to rounding (merged moments)."""
    assert list(a.columns) == list(b.columns) and len(a) == len(b)
    assert a.select_dtypes(exclude="number").equals(b.select_dtypes(exclude="number"))
    np.testing.assert_allclose(numbers(a), numbers(b), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("fmt", FORMATS)
def test_run_streams_the_in_memory_tables(fmt: str, tmp_path: Path) -> None:
    memory = run(GAME, BOTS, n=30, seed=4, backend="serial", decisions="Bid")
    games, bids = tmp_path / f"games.{fmt}", tmp_path / f"bids.{fmt}"
    streamed = run(
        GAME, BOTS, n=30, seed=4, backend="serial", decisions="Bid", out=games,
        decisions_out=bids, chunk=7,
    )  # fmt: skip
    assert streamed.games is None and streamed.decisions is None
    assert streamed.path == str(games) and streamed.rows == 90
    pd.testing.assert_frame_equal(read_table(games), memory.games, check_dtype=fmt == "parquet")
    assert memory.decisions is not None
    written = read_table(bids)
    assert len(written) == len(memory.decisions)
    assert written["amount"].tolist() == memory.decisions["amount"].tolist()
    assert memory.summary is not None and streamed.summary is not None
    assert_close(streamed.summary, memory.summary)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([games.name, bids.name])


def test_csv_is_byte_for_byte_the_in_memory_table(tmp_path: Path) -> None:
    run(GAME, BOTS, n=20, seed=2, backend="serial", out=tmp_path / "a.csv", chunk=3)
    simulate(GAME, BOTS, n=20, seed=2, backend="serial").to_csv(tmp_path / "b.csv", index=False)
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_worker_processes_stream_the_same_table(tmp_path: Path) -> None:
    memory = simulate(GAME, BOTS, n=24, seed=6, backend="serial")
    run(GAME, BOTS, n=24, seed=6, backend="processes", workers=2, batch_size=5, chunk=4,
        out=tmp_path / "g.parquet")  # fmt: skip
    pd.testing.assert_frame_equal(read_table(tmp_path / "g.parquet"), memory)


@pytest.mark.parametrize("fmt", FORMATS)
def test_compare_streams_its_table_and_pairs_from_the_stream(fmt: str, tmp_path: Path) -> None:
    classic = tradekit.load_game("turin", players=3, scoring="classic")
    memory = compare(classic, GAME, "heuristic", n=20, seed=3, backend="serial")
    out = tmp_path / f"pairs.{fmt}"
    streamed = compare(classic, GAME, "heuristic", n=20, seed=3, backend="serial", out=out, chunk=3)
    assert streamed.table is None and streamed.rows == 120
    assert memory.table is not None
    pd.testing.assert_frame_equal(read_table(out), memory.table, check_dtype=fmt == "parquet")
    assert_close(streamed.summary, memory.summary)
    assert streamed.text() == memory.text()


@pytest.mark.parametrize("fmt", FORMATS)
def test_tournament_streams_its_table_and_standings(fmt: str, tmp_path: Path) -> None:
    bots = ["heuristic", "random", "random"]
    memory = tournament(GAME, bots, n=6, seed=5, backend="serial")
    out = tmp_path / f"t.{fmt}"
    streamed = tournament(GAME, bots, n=6, seed=5, backend="serial", out=out, chunk=4)
    assert streamed.table is None and memory.table is not None
    pd.testing.assert_frame_equal(read_table(out), memory.table, check_dtype=fmt == "parquet")
    by_bot = [t.standings.sort_values("bot").reset_index(drop=True) for t in (streamed, memory)]
    assert_close(*by_bot)


def test_a_stopped_run_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def second_batch_fails(job: Job, items: list[Any]) -> list[GameResult]:
        calls.append(len(items))
        if len(calls) == 2:
            raise KeyboardInterrupt
        return play_batch(job, items)

    monkeypatch.setattr(backends, "run_batch", second_batch_fails)
    with pytest.raises(KeyboardInterrupt):
        run(GAME, "random", n=20, seed=1, backend="serial", batch_size=2, chunk=1,
            out=tmp_path / "g.parquet")  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_bad_outputs_are_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"'decisions_out' = None .* a path for the decision"):
        run(GAME, BOTS, n=2, decisions=True, out=tmp_path / "g.csv")
    with pytest.raises(ConfigError, match=r"'decisions_out' .* None unless out is given"):
        run(GAME, BOTS, n=2, decisions_out=tmp_path / "d.csv")
    with pytest.raises(ConfigError, match=r"'out' .* a file in a directory that exists"):
        run(GAME, BOTS, n=2, out=tmp_path / "missing" / "g.csv")
    with pytest.raises(ConfigError, match="'chunk' = 0"):
        run(GAME, BOTS, n=2, out=tmp_path / "g.csv", chunk=0)
    with pytest.raises(ConfigError, match="use run"):
        simulate(GAME, BOTS, n=2, out=tmp_path / "g.csv")
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def cheap_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each item replays one real game per rule choice and line-up: the tables are real, the
    cost is the streaming's own."""
    cache: dict[tuple[int, int], GameResult] = {}

    def replayed(job: Job, items: list[Any]) -> list[GameResult]:
        out = []
        for item in items:
            key = (item[1], item[2])
            if key not in cache:
                cache[key] = play_batch(job, [(0, *key)])[0]
            out.append(dataclasses.replace(cache[key], item=item))
        return out

    monkeypatch.setattr(backends, "run_batch", replayed)
    yield


def _peak(n: int, out: Path) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        run(GAME, "random", n=n, seed=1, backend="serial", out=out, chunk=100, progress=False)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.slow
def test_memory_stays_flat_as_n_grows(fmt: str, tmp_path: Path, cheap_games: None) -> None:
    _peak(100, tmp_path / f"warm.{fmt}")  # first-use imports and caches
    small = _peak(300, tmp_path / f"small.{fmt}")
    large = _peak(3000, tmp_path / f"large.{fmt}")
    assert len(read_table(tmp_path / f"large.{fmt}")) == 9000
    # Holding the table would take about 10 times as much for 10 times the games.
    assert large < 1.5 * small + 500_000, f"{small:,} bytes for 300 games, {large:,} for 3,000"
