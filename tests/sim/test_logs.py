"""Real class games saved as JSON load into the same tidy tables as simulated games."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import tradekit
from tradekit.core.errors import ConfigError, ReplayError
from tradekit.sim import load_decisions, load_games, play, run

GAME = tradekit.load_game("turin", players=3, scoring="red")
BOTS = ["heuristic", "random", "random"]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("class")
    for deal in range(3):
        (folder / f"game{deal}.json").write_text(play(GAME, BOTS, seed=21, deal=deal).to_json())
    return folder


def test_class_games_measure_like_simulated_ones(saved: Path) -> None:
    simulated = run(GAME, BOTS, n=3, seed=21, backend="serial").games
    assert simulated is not None
    loaded = load_games(saved, bot=["Ana", "Ben", "Chloé"])
    assert len(loaded) == 9 and set(loaded["source"]) == {"class"}
    assert loaded["bot"].tolist()[:3] == ["Ana", "Ben", "Chloé"]
    assert loaded["variant"].unique().tolist() == simulated["variant"].unique().tolist()
    assert loaded["seed"].isna().all()
    same = [c for c in simulated.columns if c not in ("source", "bot", "seed")]
    pd.testing.assert_frame_equal(loaded[same], simulated[same])
    both = pd.concat([simulated, loaded], ignore_index=True)
    assert both.groupby("source").size().to_dict() == {"class": 9, "simulated": 9}


def test_sources_can_be_text_documents_and_lists(saved: Path) -> None:
    files = sorted(saved.glob("*.json"))
    text = files[0].read_text()
    assert len(load_games(text)) == 3
    assert len(load_games(json.loads(text))) == 3
    assert load_games([files[0], str(files[1])])["deal"].tolist() == [0] * 3 + [1] * 3
    assert load_games(files[0], label="lesson 3")["variant"].unique().tolist() == ["lesson 3"]


def test_class_decisions(saved: Path) -> None:
    decisions = load_decisions(saved / "game0.json")
    played = play(GAME, BOTS, seed=21, deal=0)
    assert len(decisions) == len(played.decisions)
    bids = decisions[decisions["kind"] == "Bid"]
    assert bids["amount"].notna().all() and bids["won"].notna().all()
    assert "valuation" not in decisions  # humans leave no valuation


def test_bad_sources_are_refused_clearly(tmp_path: Path, saved: Path) -> None:
    doc = json.loads((saved / "game0.json").read_text())
    for event in doc["log"]:
        if event.get("kind") == "reveal" and "bids" in event.get("data", {}):
            event["data"]["bids"]["0"] += 1
            break
    with pytest.raises(ReplayError, match="log event"):
        load_games(json.dumps(doc))
    with pytest.raises(ConfigError, match="'source'"):
        load_games(tmp_path / "missing.json")
    with pytest.raises(ConfigError, match="a folder holding saved games"):
        load_games(tmp_path)
    with pytest.raises(ConfigError, match="one name per seat"):
        load_games(saved, bot=["Ana"])


def test_unfinished_games_are_skipped_with_a_warning(saved: Path) -> None:
    unfinished = GAME.new_state(seed=3).to_json()
    with pytest.warns(RuntimeWarning, match="skipped 1 unfinished game"):
        table = load_games([unfinished, saved / "game1.json"])
    assert len(table) == 3
