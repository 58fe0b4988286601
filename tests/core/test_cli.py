"""The ``tradekit`` command round-trips: what it writes is what the Python API returns."""

from __future__ import annotations

import os
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
    bids.parent.mkdir()  # an output's directory must exist (a misspelt one is an error)
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
    assert expected.games is not None
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
    assert expected.table is not None
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


CPUS = os.cpu_count() or 1

#: Bad arguments and a piece of the one line each must print; ``{tmp}`` is a fresh directory.
#: Each would run quickly under a CLI that did not check it (few games, this process), so a
#: missing check shows as a failure, not as a long run.
BAD_ARGUMENTS = [
    ([], "the following arguments are required: command"),
    (["chess"], "invalid choice: 'chess'"),
    (["simulate", "chess", "-n", "2"], "unknown game 'chess': expected one of turin, medici"),
    (["compare", "chess", "-n", "2"], "unknown game 'chess'"),
    (["tournament", "chess", "--bots", "random"], "unknown game 'chess'"),
    (["bots", "chess"], "unknown game 'chess'"),
    (["simulate", "turin", "-n", "2", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["simulate", "turin", "-n", "2", "-o", "players=9"], "option 'players' = 9"),
    (["simulate", "turin", "-n", "2", "-o", "players"], "key=value"),
    (["simulate", "turin", "-n", "2", "--bots", "wizard"], "one of heuristic, random"),
    (["simulate", "turin", "-n", "2", "--bots", "random", "random"], "3 for this game"),
    (["simulate", "turin", "-n", "many"], "argument -n: invalid int value: 'many'"),
    (["simulate", "turin", "-n", "0"], "argument -n: 0 is out of range"),
    (["simulate", "turin", "-n", "-5"], "from 1 to 1,000,000,000,000"),
    (["simulate", "turin", "-n", "10000000000000"], "10,000,000,000,000 is out of range"),
    (["compare", "turin", "-n", "0"], "expected a number of deals from 1"),
    (["simulate", "turin", "-n", "2", "--seed", "-1"], "argument --seed: -1 is out of range"),
    (["simulate", "turin", "-n", "2", "--seed", str(2**63)], "to 9,223,372,036,854,775,807"),
    (["simulate", "turin", "-n", "2", "--backend", "gpu"], "argument --backend: invalid choice"),
    (["simulate", "turin", "-n", "2", "--workers", "0"], "os.cpu_count()"),
    (
        ["simulate", "turin", "-n", "2", "--workers", str(CPUS + 1)],
        f"--workers: {CPUS + 1} is out of range: expected 1 to {CPUS}, the number of CPUs",
    ),
    (
        ["simulate", "turin", "-n", "2", "--workers", "1", "--backend", "serial"],
        "--workers: not allowed with --backend serial",
    ),
    (["simulate", "turin", "-n", "2", "--batch-size", "0"], "--batch-size: 0 is out of range"),
    (["simulate", "turin", "-n", "2", "--batch-size", "100000"], "from 1 to 10,000"),
    (
        ["simulate", "turin", "-n", "2", "--decisions", "{tmp}/d.csv", "--decision-kinds", "Bd"],
        "--decision-kinds: unknown kind Bd: expected action names of turin separated by commas: "
        + ", ".join(sorted(tradekit.load_game("turin").action_types)),
    ),
    (
        ["simulate", "turin", "-n", "2", "--decisions", "{tmp}/d.csv", "--decision-kinds", ","],
        "--decision-kinds: unknown kind ','",
    ),
    (
        ["simulate", "turin", "-n", "2", "--decision-kinds", "Bid"],
        "--decision-kinds: needs --decisions",
    ),
    (
        ["simulate", "turin", "-n", "2", "--out", "{tmp}/missing/games.csv"],
        "argument --out: the directory '{tmp}/missing' does not exist",
    ),
    (["simulate", "turin", "-n", "2", "--out", "{tmp}"], "--out: '{tmp}' is a directory"),
    (
        ["simulate", "turin", "-n", "2", "--out", "{tmp}/file.txt/games.csv"],
        "--out: '{tmp}/file.txt' is not a directory",
    ),
    (["simulate", "turin", "-n", "2", "--out", " "], "--out: expected a file path"),
    (
        ["simulate", "turin", "-n", "2", "--decisions", "{tmp}/no/d.csv"],
        "argument --decisions: the directory '{tmp}/no' does not exist",
    ),
    (
        ["simulate", "turin", "-n", "2", "--out", "{tmp}/a.csv", "--decisions", "{tmp}/a.csv"],
        "--decisions: --out already writes to '{tmp}/a.csv'",
    ),
    (
        ["compare", "turin", "-n", "2", "--out", "-", "--table", "-"],
        "--table: --out already writes to stdout",
    ),
    (["compare", "turin", "-n", "2", "--table", "{tmp}/x/t.csv"], "--table: the directory"),
    (["compare", "turin", "-n", "2", "--confidence", "1.5"], "--confidence: 1.5 is out of range"),
    (["compare", "turin", "-n", "2", "--confidence", "nan"], "between 0 and 1"),
    (["compare", "turin", "-n", "2", "--a", "scoring=blue"], "option 'scoring' = 'blue'"),
    (["compare", "turin", "-n", "2", "--labels", "x", "x"], "two different names"),
    (["compare", "turin", "-n", "2", "--labels", "x"], "--labels: expected 2 arguments"),
    (["tournament", "turin", "-n", "2"], "the following arguments are required: --bots"),
    (["tournament", "turin", "-n", "2", "--bots", "random"], "at least 3 bots for 3 seats"),
    (
        [
            "tournament",
            "turin",
            "-n",
            "2",
            "--bots",
            "random",
            "random",
            "random",
            "--table",
            "{tmp}/none/t.csv",
        ],
        "--table: the directory",
    ),
]


@pytest.mark.parametrize(("argv", "expected"), BAD_ARGUMENTS)
def test_every_bad_argument_is_one_line_and_exit_2(
    argv: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file.txt").write_text("not a directory\n")
    tmp = str(tmp_path)
    code = main([a.replace("{tmp}", tmp) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("tradekit: error: ") and err.count("\n") == 1, err
    assert expected.replace("{tmp}", tmp) in err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "d.csv").exists()  # nothing was played or written


def test_an_unwritable_out_is_refused_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Tests may run as root, who may write anywhere: stand in for a read-only directory.
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tradekit.cli.tempfile.TemporaryFile", refuse)
    played: list[object] = []
    monkeypatch.setattr("tradekit.sim.run", lambda *a, **k: played.append(a))
    code = main(["simulate", "turin", "-n", "2", "--out", str(tmp_path / "games.csv")])
    err = capsys.readouterr().err
    assert code == 2 and not played
    expected = f"argument --out: cannot write '{tmp_path}/games.csv': Permission denied"
    assert err == f"tradekit: error: {expected}\n"


def test_a_failed_write_after_the_run_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", disk_full)
    out = str(tmp_path / "g.csv")
    code = main(["simulate", "turin", "-n", "2", "--backend", "serial", "--out", out])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("tradekit: error: option 'out'") and "No space left on device" in err


def test_help_still_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0 and "--decision-kinds" in capsys.readouterr().out


def test_bad_arguments_from_the_console_are_one_line() -> None:
    # The whole way a user sees it: the process's stderr, its exit status.
    done = subprocess.run(
        [sys.executable, "-m", "tradekit.cli", "simulate", "turin", "--workers", "100000"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("tradekit: error: argument --workers: 100000 is out of range")
    assert done.stderr.count("\n") == 1
