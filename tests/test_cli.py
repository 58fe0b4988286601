"""The ``tradekit`` command round-trips: what it writes is what the Python API returns."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import tradekit
from tradekit.cli import main, parse_options
from tradekit.sim import compare, run


def read(path: Path) -> pd.DataFrame:
    return pd.read_csv(path, keep_default_na=False, na_values=[""])


def test_simulate_round_trips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, bids = tmp_path / "red.csv", tmp_path / "sub" / "bids.csv"
    code = main([
        "simulate", "turin", "-o", "players=3", "-o", "scoring=red",
        "--bots", "heuristic", "random", "random", "-n", "12", "--seed", "5",
        "--backend", "serial", "--out", str(out), "--decisions", str(bids),
        "--decision-kinds", "Bid",
    ])  # fmt: skip
    assert code == 0
    assert "12 games (36 rows)" in capsys.readouterr().err
    expected = run(
        tradekit.load_game("turin", players=3, scoring="red"),
        ["heuristic", "random", "random"],
        n=12,
        seed=5,
        backend="serial",
        decisions="Bid",
    )
    written = read(out)
    assert list(written.columns) == list(expected.games.columns)
    pd.testing.assert_frame_equal(written, expected.games, check_dtype=False)
    decisions = read(bids)
    assert expected.decisions is not None and len(decisions) == len(expected.decisions)
    assert decisions["amount"].tolist() == expected.decisions["amount"].tolist()


def test_compare_round_trips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summary, table = tmp_path / "summary.csv", tmp_path / "games.csv"
    code = main([
        "compare", "turin", "--a", "scoring=classic", "--b", "scoring=red",
        "--bots", "heuristic", "-n", "10", "--seed", "3", "--backend", "serial",
        "--out", str(summary), "--table", str(table),
    ])  # fmt: skip
    assert code == 0
    assert "scoring=red against scoring=classic, 10 paired games" in capsys.readouterr().out
    expected = compare(
        tradekit.load_game("turin", scoring="classic"),
        tradekit.load_game("turin", scoring="red"),
        "heuristic",
        n=10,
        seed=3,
        backend="serial",
    )
    written = read(summary)
    assert written["measure"].tolist() == expected.summary["measure"].tolist()
    assert written["diff"].round(9).tolist() == expected.summary["diff"].round(9).tolist()
    assert len(read(table)) == len(expected.table)


def test_tournament_and_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "standings.csv"
    code = main([
        "tournament", "turin", "--bots", "heuristic", "random", "random", "-n", "3",
        "--seed", "1", "--backend", "serial", "--out", str(out), "-q",
    ])  # fmt: skip
    assert code == 0 and len(read(out)) == 3
    assert main(["bots", "turin"]) == 0
    listed = capsys.readouterr().out
    assert "turin\theuristic\taggression=0.5" in listed and "turin\trandom" in listed


def test_errors_are_one_line_not_tracebacks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "turin", "-o", "players=9", "-n", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tradekit: error: option 'players' = 9") and "Traceback" not in err
    assert main(["simulate", "turin", "-o", "players", "-n", "2"]) == 2
    assert "key=value" in capsys.readouterr().err
    assert main(["simulate", "turin", "--bots", "wizard", "-n", "2"]) == 2
    assert "one of heuristic, random" in capsys.readouterr().err
    assert main(["bots", "chess"]) == 2


def test_parquet_without_pyarrow_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    if importlib.util.find_spec("pyarrow") or importlib.util.find_spec("fastparquet"):
        code = main(["simulate", "turin", "-n", "2", "--out", str(tmp_path / "t.parquet"), "-q"])
        assert code == 0 and len(pd.read_parquet(tmp_path / "t.parquet")) == 6
    else:
        code = main(["simulate", "turin", "-n", "2", "--out", str(tmp_path / "t.parquet")])
        assert code == 2 and "Parquet needs pyarrow" in capsys.readouterr().err


def test_missing_notebook_extra_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    assert main(["simulate", "turin", "-n", "2", "--backend", "serial"]) == 2
    assert "needs pandas: pip install 'tradekit[notebook]'" in capsys.readouterr().err


def test_options_parse_as_json_or_text() -> None:
    assert parse_options(["players=4", "scoring=red", "goose=null", "public_money=false"]) == {
        "players": 4,
        "scoring": "red",
        "goose": None,
        "public_money": False,
    }


def test_console_script_runs() -> None:
    # The installed `tradekit` script calls tradekit.cli:main, as `python -m tradekit.cli` does.
    done = subprocess.run(
        [sys.executable, "-m", "tradekit.cli", "simulate", "turin", "-n", "2", "--seed", "1", "-q"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("source,game,variant") and len(lines) == 1 + 6
