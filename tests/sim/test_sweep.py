"""Sweeps: every combination of a grid on the same deals; a stopped sweep resumes exactly."""

from __future__ import annotations

import importlib
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import tradekit
from tradekit.cli import main
from tradekit.core.errors import ConfigError
from tradekit.sim import read_table, sweep

GRID: dict[str, list[Any]] = {"players": [3, 4], "scoring": ["classic", "red"]}
FORMATS = ["csv", "parquet"]
#: The module (``tradekit.sim.sweep`` the attribute is the function).
sweeps = importlib.import_module("tradekit.sim.sweep")


class _Killed(Exception):
    """Stands in for a kill between two parts."""


def test_every_combination_is_played_on_the_same_deals() -> None:
    s = sweep("turin", GRID, "random", n=5, seed=3, backend="serial")
    table = s.table
    assert table is not None
    assert len(s.combinations) == 4 and s.rows == len(table) == 5 * (3 + 3 + 4 + 4)
    played = set(table[["players", "scoring"]].drop_duplicates().itertuples(index=False))
    assert played == set(itertools.product([3, 4], ["classic", "red"]))
    assert (table.groupby(["players", "scoring"])["deal"].nunique() == 5).all()
    # Common random numbers: one engine seed per deal across the whole grid.
    assert (table.groupby("deal")["game_seed"].nunique() == 1).all()
    assert list(table.columns[3:6]) == ["options", "scoring", "deal"]
    summary = s.summary
    assert {"players", "scoring", "measure", "seat", "mean", "sd"} <= set(summary.columns)
    assert set(summary["variant"]) == set(table["variant"])
    scores = summary[(summary["measure"] == "score") & (summary["players"] == 4)]
    assert sorted(scores["seat"].tolist()) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_single_combination_is_a_plain_run() -> None:
    s = sweep("turin", {"scoring": ["red"]}, "heuristic", n=4, seed=2, backend="serial")
    alone = tradekit.sim.simulate(
        tradekit.load_game("turin", scoring="red"), "heuristic", n=4, seed=2, backend="serial"
    )
    assert s.table is not None
    pd.testing.assert_frame_equal(
        s.table.drop(columns=["variant", "scoring"]), alone.drop(columns="variant")
    )


@pytest.fixture
def uninterrupted() -> Any:
    return sweep("turin", GRID, "random", n=9, seed=5, backend="serial", chunk=2)


@pytest.mark.parametrize("fmt", FORMATS)
def test_streamed_sweep_is_the_in_memory_one(fmt: str, tmp_path: Path, uninterrupted: Any) -> None:
    s = sweep("turin", GRID, "random", n=9, seed=5, backend="serial", out=tmp_path / "s",
              format=fmt, chunk=2)  # fmt: skip
    assert s.table is None and s.path == str(tmp_path / "s") and s.rows == uninterrupted.rows
    pd.testing.assert_frame_equal(
        read_table(tmp_path / "s"), uninterrupted.table, check_dtype=fmt == "parquet"
    )
    pd.testing.assert_frame_equal(s.summary, uninterrupted.summary)
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text())
    assert manifest["complete"] and len(manifest["parts"]) == 5  # 9 deals, 2 per part


@pytest.fixture
def killed_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Stops the next sweep after the number of parts put in the list."""
    stop: list[int] = []

    def hook(parts: int) -> None:
        if stop and parts == stop[0]:
            raise _Killed

    monkeypatch.setattr(sweeps, "_after_part", hook)
    yield stop


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_resumed_sweep_equals_an_uninterrupted_one(
    fmt: str, tmp_path: Path, uninterrupted: Any, killed_after: list[int]
) -> None:
    out = tmp_path / "s"
    killed_after.append(2)
    with pytest.raises(_Killed):
        sweep("turin", GRID, "random", n=9, seed=5, backend="serial", out=out, format=fmt,
              chunk=2)  # fmt: skip
    assert len(json.loads((out / "manifest.json").read_text())["parts"]) == 2
    # A kill in the middle of the third part leaves its pieces behind: they are played again.
    (out / f".part-000002.{fmt}.partial").write_text("half a part")
    (out / f"part-000002.{fmt}").write_text("a part the manifest never recorded")
    killed_after.clear()
    # No seed: the one of the sweep being resumed.
    again = sweep("turin", GRID, "random", n=9, backend="serial", out=out, format=fmt)
    assert again.resumed == 4 and again.seed == 5
    pd.testing.assert_frame_equal(
        read_table(out), uninterrupted.table, check_dtype=fmt == "parquet"
    )
    # The running summary was carried over in the manifest: the very same figures.
    pd.testing.assert_frame_equal(again.summary, uninterrupted.summary)
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["manifest.json", *(f"part-{i:06d}.{fmt}" for i in range(5))]
    )
    done = sweep("turin", GRID, "random", n=9, backend="serial", out=out, format=fmt)
    assert done.backend.startswith("none") and done.resumed == 9
    pd.testing.assert_frame_equal(done.summary, uninterrupted.summary)


def test_the_same_path_with_other_parameters_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s"
    sweep("turin", GRID, "random", n=3, seed=1, backend="serial", out=out, format="csv")
    before = (out / "manifest.json").read_bytes()
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"n": 4}, "n is 3 there, 4 here"),
        ({"seed": 2}, "seed is 1 there, 2 here"),
        ({"grid": {"players": [3, 5], "scoring": ["classic", "red"]}}, "grid is"),
        ({"bots": "heuristic"}, "bots is"),
        ({"format": "parquet"}, 'format is "csv" there, "parquet" here'),
        ({"chunk": 1}, "chunk is"),
    ]
    for change, message in refusals:
        arguments: dict[str, Any] = {"grid": GRID, "bots": "random", "n": 3, "seed": 1, **change}
        with pytest.raises(ConfigError, match=message):
            sweep("turin", backend="serial", out=out, format=change.get("format", "csv"),
                  **{k: v for k, v in arguments.items() if k != "format"})  # fmt: skip
    assert (out / "manifest.json").read_bytes() == before


def test_bad_sweeps_are_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"'grid' = 'colour' .* options of turin"):
        sweep("turin", {"colour": ["red"]}, n=2)
    with pytest.raises(ConfigError, match=r"grid\['scoring'\]. = \[\] .* non-empty list"):
        sweep("turin", {"scoring": []}, n=2)
    with pytest.raises(ConfigError, match="distinct values"):
        sweep("turin", {"scoring": ["red", "red"]}, n=2)
    with pytest.raises(ConfigError, match=r"'grid' = \{\}"):
        sweep("turin", {}, n=2)
    with pytest.raises(ConfigError, match="'scoring' = 'blue'"):
        sweep("turin", {"scoring": ["red", "blue"]}, n=2)
    with pytest.raises(ConfigError, match=r"one bot per seat in every combination \(4 for"):
        sweep("turin", {"players": [3, 4]}, ["random"] * 3, n=2)
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="a new or empty directory"):
        sweep("turin", GRID, n=2, out=tmp_path, format="csv")
    with pytest.raises(ConfigError, match="a file is there"):
        sweep("turin", GRID, n=2, out=tmp_path / "notes.txt", format="csv")
    with pytest.raises(ConfigError, match="'format' = 'xlsx'"):
        sweep("turin", GRID, n=2, out=tmp_path / "s", format="xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_the_sweep_command_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], killed_after: list[int]
) -> None:
    out, summary = tmp_path / "sweep", tmp_path / "summary.csv"
    argv = [
        "sweep", "turin", "--grid", "players=3,4", "--grid", "scoring=classic,red", "--bots",
        "random", "-n", "6", "--seed", "8", "--backend", "serial", "--chunk", "2",
        "--out", str(out), "--summary", str(summary),
    ]  # fmt: skip
    killed_after.append(1)
    with pytest.raises(_Killed):
        main(argv)
    killed_after.clear()
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "4 combinations x 6 deals (84 rows)" in err and "resumed after 2 deals" in err
    whole = sweep("turin", GRID, "random", n=6, seed=8, backend="serial", chunk=2)
    pd.testing.assert_frame_equal(read_table(out), whole.table)
    written = pd.read_csv(summary)
    assert written["mean"].round(9).tolist() == whole.summary["mean"].round(9).tolist()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--grid", "players"], "argument --grid: 'players': expected KEY=VALUE,VALUE"),
        (["--grid", "players=3,"], "no empty value"),
        (["--grid", "players=3", "--grid", "players=4"], "'players' is given twice"),
        (["--grid", "colour=red"], "option 'grid' = 'colour'"),
        (["--grid", "players=3", "--chunk", "0"], "argument --chunk: 0 is out of range"),
        (["--grid", "players=3", "-n", "0"], "argument -n: 0 is out of range"),
        (["--grid", "players=3", "--workers", "100000"], "--workers: 100000 is out of range"),
        (["--grid", "players=3", "--format", "xls"], "argument --format: invalid choice"),
        (["--grid", "players=3", "--summary", "{tmp}/no/s.csv"], "--summary: the directory"),
        (["--grid", "players=3", "--bots", "wizard"], "one of heuristic, random"),
    ],
)
def test_bad_sweep_arguments_are_one_line(
    argv: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp = str(tmp_path)
    full = ["sweep", "turin", "-n", "2", "--out", f"{tmp}/s", *argv]
    assert main([a.replace("{tmp}", tmp) for a in full]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tradekit: error: ") and err.count("\n") == 1, err
    assert expected.replace("{tmp}", tmp) in err


def test_a_sweep_out_that_cannot_be_a_directory_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("x")
    base = ["sweep", "turin", "--grid", "players=3", "-n", "2", "--out"]
    assert main([*base, str(tmp_path / "file")]) == 2
    assert "--out: " in capsys.readouterr().err
    assert main([*base, str(tmp_path / "missing" / "s")]) == 2
    assert "the directory" in capsys.readouterr().err and not (tmp_path / "missing").exists()


@pytest.mark.slow
def test_a_sweep_streams_the_same_table_from_dask(
    tmp_path: Path, uninterrupted: Any, dask_client: Any
) -> None:
    s = sweep("turin", GRID, "random", n=9, seed=5, backend=dask_client, batch_size=3, chunk=2,
              out=tmp_path / "s")  # fmt: skip
    assert s.backend == "dask"
    pd.testing.assert_frame_equal(read_table(tmp_path / "s"), uninterrupted.table)
    pd.testing.assert_frame_equal(s.summary, uninterrupted.summary)
