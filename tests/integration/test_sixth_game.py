"""A sixth game plugs in by its own package alone: the walk-through of ``docs/adding-a-game.md``.

The game is ``tests/sealed_lot/`` (a one-lot first-price sealed-bid auction). Nothing in
``tradekit/`` or ``data/`` names it: installed with an entry point it is found on import, and
registered here it plays, replays, hides what it must, has its bot, measures and renderer found
by name, and falls back to the generic table controls.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sealed_lot
from sealed_lot.game import Bid, SealedLotState
from sealed_lot.render import SealedLotRenderer

import tradekit
from tests.helpers import REPO, TESTS, random_game
from tradekit.bots import make_bot
from tradekit.bots import registry as bot_registry
from tradekit.core import registry
from tradekit.core.errors import ConfigError, IllegalActionError
from tradekit.render import render, renderer_for
from tradekit.sim import measures as sim_measures
from tradekit.sim import simulate


@pytest.fixture()
def registered() -> Iterator[None]:
    """Sealed lot registered for one test, and every registry as it was afterwards."""
    import tradekit.render as render_module
    from tradekit.widgets import controls as controls_module

    saved = dict(registry._PLUGINS)
    tried = (
        set(bot_registry._LOADED),
        set(render_module._TRIED),
        set(controls_module._TRIED),
        set(sim_measures._LOADED),
    )
    registry.register_plugin(sealed_lot.PLUGIN)
    yield
    registry._PLUGINS.clear()
    registry._PLUGINS.update(saved)
    for now, before in zip(
        (bot_registry._LOADED, render_module._TRIED, controls_module._TRIED, sim_measures._LOADED),
        tried,
        strict=True,
    ):
        now.intersection_update(before)


def test_nothing_in_the_package_or_its_data_names_the_sixth_game() -> None:
    named = [
        str(path.relative_to(REPO))
        for folder in ("tradekit", "data")
        for path in (REPO / folder).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".csv", ".toml", ".md")
        and "sealed_lot" in path.read_text(encoding="utf-8")
    ]
    assert named == []


def test_an_installed_game_is_found_through_its_entry_point(tmp_path: Path) -> None:
    # What `pip install` of a package declaring the entry point leaves on the path.
    info = tmp_path / "sealed_lot_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sealed-lot-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tradekit.games]\nsealed_lot = sealed_lot:PLUGIN\n")
    script = (
        "import tradekit\n"
        "from tradekit.bots import make_bot\n"
        "print(tradekit.GAMES)\n"
        "print(type(make_bot('sealed_lot', 'heuristic')).__name__)\n"
        "print(tradekit.load_game('sealed_lot', players=4).new_state(seed=2).to_move)\n"
    )
    path = os.pathsep.join([str(tmp_path), str(TESTS), os.environ.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert result.returncode == 0, result.stderr
    games, bot, to_move = result.stdout.splitlines()
    assert games == repr((*tradekit.games.ORDER, "sealed_lot"))  # after the shipped games
    assert bot == "ShadeBot"
    assert to_move == "(0, 1, 2, 3)"


def test_a_broken_installed_game_is_reported_and_the_others_still_load(tmp_path: Path) -> None:
    info = tmp_path / "broken_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tradekit.games]\nbroken = no_such_module:PLUGIN\n")
    result = subprocess.run(
        [sys.executable, "-W", "always", "-c", "import tradekit; print(tradekit.GAMES)"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr(tradekit.games.ORDER)
    assert "the game 'broken' declared by 'no_such_module:PLUGIN' was not loaded" in result.stderr


@pytest.mark.usefixtures("registered")
def test_the_sixth_game_plays_conserves_money_and_replays() -> None:
    for seed in range(40):
        state = random_game("sealed_lot", seed, numpy=True, players=2 + seed % 4)
        assert isinstance(state, SealedLotState)
        for p in range(state.n):
            assert state.money()[p] == state.initial_money[p] + state.ledger.net(p)
        again = tradekit.replay(state.to_json())
        assert again.scores() == state.scores()
        assert [e.text for e in again.log] == [e.text for e in state.log]


@pytest.mark.usefixtures("registered")
def test_the_sixth_game_refuses_bad_bids_in_words_and_changes_nothing() -> None:
    state = tradekit.load_game("sealed_lot").new_state(seed=5)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="P1's bid must be a whole number from 0 to 10"):
        state.apply(0, Bid(11))
    with pytest.raises(IllegalActionError, match="amount"):
        state.apply(0, Bid(2.0))  # type: ignore[arg-type]
    state.apply(0, Bid(3))
    with pytest.raises(IllegalActionError, match="not P1's turn"):
        state.apply(0, Bid(4))
    assert tradekit.replay(before).to_move == (0, 1, 2)
    with pytest.raises(ConfigError, match="players"):
        tradekit.load_game("sealed_lot", players=6)


@pytest.mark.usefixtures("registered")
def test_a_seat_sees_only_its_own_value_until_the_reveal() -> None:
    state = tradekit.load_game("sealed_lot", players=3).new_state(seed=11)
    assert isinstance(state, SealedLotState)
    state.apply(1, Bid(4))
    view = state.view(0)
    assert view.values[0] == state.values[0]
    assert view.values[1] is None and view.values[2] is None
    assert view.bids == (None, None, None) and view.chosen == (1,)
    assert state.view(1).bids[1] == 4
    html = render(state, viewer=0)
    assert f"value {state.values[0]}" in html and html.count("value ?") == 2
    other = state.resample_hidden(0, seed=3)
    assert other.view(0) == view
    state.apply(2, Bid(2))
    state.apply(0, Bid(1))
    assert state.is_over and state.view(0).values == tuple(state.values)


@pytest.mark.usefixtures("registered")
def test_its_parts_are_found_by_name_and_it_has_the_generic_controls() -> None:
    from tradekit.widgets.controls import Controls, controls_for

    assert isinstance(renderer_for("sealed_lot"), SealedLotRenderer)
    assert type(make_bot("sealed_lot", "heuristic")).__name__ == "ShadeBot"
    assert type(controls_for("sealed_lot")) is Controls
    assert sim_measures.measures_for("sealed_lot").game is not None


@pytest.mark.usefixtures("registered")
def test_its_measures_reach_the_tidy_table_and_say_what_the_theory_says() -> None:
    table = simulate("sealed_lot", "heuristic", n=60, seed=4, backend="serial")
    assert {"price", "efficient"} <= set(table.columns)
    for seed in range(60):
        state = tradekit.load_game("sealed_lot").new_state(seed=seed)
        assert isinstance(state, SealedLotState)
        bots = [make_bot("sealed_lot", "heuristic") for _ in range(state.n)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        assert state.winner is not None
        # Equal bidders shading monotonically: a lower value wins only by a tie of bids.
        if state.values[state.winner] < max(state.values):
            best = [p for p, v in enumerate(state.values) if v == max(state.values)]
            assert any(state.bids[p] == state.bids[state.winner] for p in best)


def test_a_plugin_naming_a_missing_or_empty_module_is_an_error(
    registered: None,
) -> None:
    from sealed_lot.game import SealedLotGame

    class Missing(SealedLotGame):
        pass

    class Empty(SealedLotGame):
        pass

    registry.register_plugin(
        registry.Plugin("lot_missing", Missing, renderer="sealed_lot.no_such_module")
    )
    with pytest.raises(ImportError, match=r"'sealed_lot\.no_such_module', which does not exist"):
        renderer_for("lot_missing")
    registry.register_plugin(registry.Plugin("lot_empty", Empty, renderer="sealed_lot.game"))
    with pytest.raises(ImportError, match="registers no renderer for 'lot_empty'"):
        renderer_for("lot_empty")
    with pytest.raises(ConfigError, match="no other game"):
        registry.register_plugin(registry.Plugin("turin", Empty))
    with pytest.raises(ConfigError, match="already registered as 'sealed_lot'"):
        registry.register_plugin(registry.Plugin("lot_again", SealedLotGame))
    with pytest.raises(ConfigError, match="dotted module path"):
        registry.Plugin("lot", SealedLotGame, bots="sealed_lot/bots.py")
    with pytest.raises(ConfigError, match="Python identifier"):
        registry.Plugin("sealed lot", SealedLotGame)
    with pytest.raises(ConfigError, match="subclass"):
        registry.Plugin("lot", dict)  # type: ignore[arg-type]
