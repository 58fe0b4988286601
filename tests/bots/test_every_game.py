"""Every bot registered for every game, found by the game's name: a new game's bots are tested
here without any change (its own test file adds transcripts and more games)."""

from __future__ import annotations

import pytest

import tradekit
from tradekit.bots import bot_classes, has_bot
from tradekit.sim import run, simulate, tournament

PAIRS = [(game, name) for game in tradekit.GAMES for name in sorted(bot_classes(game))]
WITH_HEURISTIC = [game for game in tradekit.GAMES if has_bot(game, "heuristic")]


@pytest.mark.parametrize(("game", "name"), PAIRS, ids=[f"{g}-{n}" for g, n in PAIRS])
def test_bot_plays_whole_games_legally(game: str, name: str) -> None:
    # Any illegal action, or an exception inside the bot, raises BotError and fails the test.
    options = tradekit.load_game(game)
    seats = options.num_players
    lineup = [name, *["random"] * (seats - 1)]
    table = simulate(options, lineup, n=12, seed=5, backend="serial")
    assert table["deal"].nunique() == 12 and (table["length"] > 0).all()
    decisions = run(options, name, n=2, seed=6, backend="serial", decisions=True).decisions
    assert decisions is not None and len(decisions) > 0
    assert (decisions["why"].str.len() > 0).all()  # every decision is explained


@pytest.mark.parametrize("game", WITH_HEURISTIC)
def test_heuristic_beats_random(game: str) -> None:
    options = tradekit.load_game(game)
    seats = options.num_players
    t = tournament(
        options, ["heuristic", *["random"] * (seats - 1)], n=15, seed=9, backend="serial"
    )
    top = t.standings.iloc[0]
    assert top["bot"] == "heuristic" and top["ci_low"] > t.fair_share, t.standings
