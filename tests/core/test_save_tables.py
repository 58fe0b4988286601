"""Saves pin the data tables: a game replayed under edited tables is refused, naming the file.

A full save embeds the text of every table the game was played with. ``replay`` refuses it when
today's tables differ (the same decisions could end with other scores), and offers two explicit
ways on: ``tables="saved"`` (under the embedded tables) and ``tables="current"`` (today's).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import tradekit
from tradekit.core.data import data_root
from tradekit.core.errors import ReplayError
from tradekit.core.state import State
from tradekit.games.turin import TurinGame


def _copy_tables(name: str, tmp_path: Path) -> Path:
    folder = tmp_path / name
    shutil.copytree(data_root() / name, folder)
    return folder


def _played(game: tradekit.Game, steps: int = 400) -> State:
    state = game.new_state(seed=11)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[len(actions) // 2])
    return state


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
def test_a_save_embeds_its_tables_and_an_edited_one_is_refused_by_name(
    name: str, tmp_path: Path
) -> None:
    folder = _copy_tables(name, tmp_path)
    game = tradekit.load_game(name, data_dir=str(folder))
    saved = _played(game, steps=60).to_json()
    doc = json.loads(saved)
    files = game.tables_read[2]
    assert set(doc["tables"]) == {f for f in files if (folder / f).exists()}
    assert doc["tables"] == game.data_files()
    assert tradekit.replay(saved).to_json() == saved

    # Windows line ends and a byte-order mark read the same: not a change.
    last = files[-1]
    text = (folder / last).read_text(encoding="utf-8")
    (folder / last).write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert tradekit.replay(saved).to_json() == saved

    (folder / last).write_text(text + "\n", encoding="utf-8")  # any change of text is one
    with pytest.raises(ReplayError, match=re.escape(f"the table {last} has changed")):
        tradekit.replay(saved)
    under_saved = tradekit.replay(saved, tables="saved")
    assert [e.to_json() for e in under_saved.log] == doc["log"]
    (folder / last).unlink()  # the game cannot even be loaded then: the message names the file
    with pytest.raises(ReplayError, match=re.escape(last)):
        tradekit.replay(saved)


def test_edited_turin_payouts_change_the_scores_only_when_asked(tmp_path: Path) -> None:
    folder = _copy_tables("turin", tmp_path)
    game = tradekit.load_game("turin", players=3, data_dir=str(folder))
    state = _played(game, steps=10_000)
    assert state.is_over
    saved = state.to_json()
    payouts = folder / "payouts.csv"
    lines = payouts.read_text(encoding="utf-8").splitlines()
    good, classic, red = lines[1].split(",")
    lines[1] = f"{good},{int(classic) + 40},{red}"
    payouts.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError, match=re.escape("the table payouts.csv has changed")):
        tradekit.replay(saved)
    again = tradekit.replay(saved, tables="saved")
    assert again.scores() == state.scores()
    assert isinstance(again.game, TurinGame)
    assert Path(str(again.game.data_dir)) != folder  # the embedded tables, written out once
    assert tradekit.replay(saved, tables="saved").game.data_dir == again.game.data_dir  # type: ignore[attr-defined]
    today = tradekit.replay(saved, tables="current")
    assert today.decisions == state.decisions
    assert today.scores() != state.scores()


@pytest.mark.parametrize(
    ("tables", "mode", "message"),
    [
        ("payouts", "check", "'tables' must be an object"),
        ({"../../etc/passwd": "x"}, "check", "not a table of this game"),
        ({"payouts.csv": 5}, "check", "must be a text of at most 1 MiB"),
        ({"payouts.csv": "x" * (1 << 21)}, "check", "a table of 2,097,152 characters"),
        ({f"t{i}.csv": "" for i in range(40)}, "check", "more than 32 tables"),
        ({}, "everything", "tables must be one of"),
    ],
)
def test_hostile_embedded_tables_are_refused(tables: object, mode: str, message: str) -> None:
    doc = json.loads(_played(tradekit.load_game("turin"), steps=5).to_json())
    doc["tables"] = tables
    with pytest.raises(ReplayError, match=message):
        tradekit.replay(json.dumps(doc), tables=mode)


def test_a_save_made_before_tables_were_embedded_replays_under_todays() -> None:
    doc = json.loads(_played(tradekit.load_game("medici"), steps=30).to_json())
    del doc["tables"]
    assert tradekit.replay(json.dumps(doc)).decisions
