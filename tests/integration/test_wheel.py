"""Build the wheel, install it into a fresh venv, and play every registered game from it.

This checks what a user gets from `pip install tradekit`: the package imports from site-packages
(not from this checkout), `data/` is shipped as `tradekit/data/`, and each game in
`tradekit.GAMES` plays to the end with its default options. Needs PyPI (numpy, hatchling).
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 600
MAX_STEPS = 100_000

# Runs in the fresh venv from a temp cwd, in isolated mode (-I): the checkout is not importable.
PLAY_ALL = """
import sys
import sysconfig
from pathlib import Path

import tradekit

venv = Path(sys.argv[1]).resolve()
max_steps = int(sys.argv[2])
site = Path(sysconfig.get_paths()["purelib"]).resolve()
where = Path(tradekit.__file__).resolve()
assert where.is_relative_to(venv), f"tradekit imported from {where}, not from {venv}"
assert where.is_relative_to(site), f"tradekit imported from {where}, not from {site}"
turin = where.parent / "data" / "turin"
assert turin.is_dir() and any(turin.iterdir()), f"no data files installed in {turin}"

names = tuple(tradekit.GAMES)
print("GAMES", len(names), *names)
for name in names:
    game = tradekit.load_game(name)
    state = game.new_state(seed=1)
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])
        steps += 1
        if steps > max_steps:
            sys.exit(f"{name}: not over after {max_steps} actions")
    print("SCORES", name, steps, repr(state.scores()))
"""


def clean_env() -> dict[str, str]:
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PYTHONSAFEPATH"):
        env.pop(key, None)
    return env


def run(argv: list[str | Path], cwd: Path, what: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, (
        f"{what} failed (exit {result.returncode})\n"
        f"--- stdout ---\n{result.stdout[-5000:]}\n--- stderr ---\n{result.stderr[-5000:]}"
    )
    return result


@pytest.mark.wheel
@pytest.mark.slow
def test_wheel_installs_and_plays_every_game(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", dist, ROOT],
        cwd=ROOT,
        what="python -m build --wheel",
    )
    wheels = sorted(dist.glob("tradekit-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {dist}, found {wheels}"
    wheel = wheels[0]

    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "tradekit/__init__.py" in names
    data_files = [n for n in names if n.startswith("tradekit/data/turin/") and not n.endswith("/")]
    assert data_files, "the wheel has no tradekit/data/turin/ files"
    stray = sorted({n.split("/")[0] for n in names} - {"tradekit", wheel_dist_info(names)})
    assert not stray, f"unexpected top-level entries in the wheel: {stray}"

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=tmp_path, what="python -m venv")
    py = venv / "bin" / "python"
    run([py, "-m", "pip", "install", wheel], cwd=tmp_path, what="pip install the wheel")

    work = tmp_path / "elsewhere"
    work.mkdir()
    result = run(
        [py, "-I", "-c", PLAY_ALL, venv, str(MAX_STEPS)],
        cwd=work,
        what="playing every game from the installed wheel",
    )
    lines = result.stdout.splitlines()
    header = [line.split() for line in lines if line.startswith("GAMES ")]
    assert len(header) == 1, result.stdout
    count, games = int(header[0][1]), header[0][2:]
    assert count == len(games) >= 1, result.stdout
    scored = [line.split()[1] for line in lines if line.startswith("SCORES ")]
    assert scored == games, result.stdout


def wheel_dist_info(names: list[str]) -> str:
    infos = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
    assert len(infos) == 1, f"expected one .dist-info directory, found {sorted(infos)}"
    return infos.pop()
