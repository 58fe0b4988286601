"""One master seed gives the same tables on every backend, batch size and number of workers."""

from __future__ import annotations

import sys
import types
import warnings
from typing import Any

import numpy as np
import pandas as pd
import pytest

import tradekit
from tradekit.bots import Bot, bot
from tradekit.core.errors import ConfigError
from tradekit.sim import play, run, simulate
from tradekit.sim.backends import execute, portable_problem
from tradekit.sim.play import Job
from tradekit.sim.seeds import bot_rng, deal_sequence, engine_seed, master_seed

GAME = tradekit.load_game("turin", players=3, scoring="red")
BOTS = ["heuristic", "random", "heuristic:aggression=0.8"]


def cautious(view: Any, legal: Any) -> Any:
    """A module-level function bot: worker processes load it by name."""
    return legal[0], "the first legal action"


@pytest.fixture(scope="module")
def serial() -> Any:
    return run(GAME, BOTS, n=40, seed=99, backend="serial", decisions=True)


def test_seeds_are_spawned_from_the_master_seed() -> None:
    children = np.random.SeedSequence(7).spawn(5)
    for deal in range(5):
        assert deal_sequence(7, deal).spawn_key == children[deal].spawn_key
        expected = np.random.default_rng(children[deal].spawn(3)[2]).integers(1 << 30)
        assert bot_rng(7, deal, 2).integers(1 << 30) == expected
    assert len({engine_seed(7, d) for d in range(100)}) == 100
    with pytest.raises(ConfigError, match="'seed' = -1"):
        master_seed(-1)


def test_processes_give_the_same_tables(serial: Any) -> None:
    other = run(
        GAME, BOTS, n=40, seed=99, backend="processes", workers=2, batch_size=7, decisions=True
    )
    assert other.backend == "processes(2)"
    pd.testing.assert_frame_equal(serial.games, other.games)
    pd.testing.assert_frame_equal(serial.decisions, other.decisions)


@pytest.mark.slow
def test_batch_size_and_workers_do_not_matter(serial: Any) -> None:
    for batch in (1, 13, 40):
        again = run(GAME, BOTS, n=40, seed=99, backend="serial", batch_size=batch, decisions=True)
        pd.testing.assert_frame_equal(serial.games, again.games)
    one = run(GAME, BOTS, n=40, seed=99, backend="processes", workers=1, decisions=True)
    pd.testing.assert_frame_equal(serial.games, one.games)


@pytest.mark.slow
def test_dask_gives_the_same_tables(serial: Any, dask_client: Any) -> None:
    other = run(GAME, BOTS, n=40, seed=99, backend=dask_client, batch_size=9, decisions=True)
    assert other.backend == "dask"
    pd.testing.assert_frame_equal(serial.games, other.games)
    pd.testing.assert_frame_equal(serial.decisions, other.decisions)


def test_the_local_clusters_workers_play_on_one_thread_with_their_chores_slowed(
    dask_client: Any,
) -> None:
    import dask

    from tradekit.sim import WORKER_CONFIG

    def settings() -> dict[str, Any]:
        return {key: dask.config.get(key) for key in WORKER_CONFIG}

    workers = dask_client.run(settings)
    assert len(workers) == 2
    assert all(found == WORKER_CONFIG for found in workers.values()), workers
    assert set(dask_client.nthreads().values()) == {1}
    assert all(address.startswith("tcp://127.0.0.1:") for address in workers)
    # Only the workers were given the settings: this process keeps its own.
    assert dask.config.get("distributed.worker.profile.enabled") is True


def test_a_local_cluster_needs_a_worker() -> None:
    from tradekit.sim import local_cluster

    for wrong in (0, -2, True):
        with pytest.raises(ValueError, match="workers must be a whole number of at least 1"):
            local_cluster(wrong)


@pytest.mark.slow
def test_a_notebook_function_bot_runs_on_dask(dask_client: Any) -> None:
    def local(view: Any, legal: Any) -> Any:  # not importable: travels by value
        return legal[-1]

    here = simulate(GAME, [bot(local), "random", "random"], n=6, seed=1, backend="serial")
    there = simulate(GAME, [bot(local), "random", "random"], n=6, seed=1, backend=dask_client)
    pd.testing.assert_frame_equal(here, there)


def test_function_bots_run_in_worker_processes() -> None:
    here = simulate(GAME, [bot(cautious), "random", "random"], n=6, seed=2, backend="serial")
    there = simulate(GAME, [bot(cautious), "random", "random"], n=6, seed=2, backend="processes")
    pd.testing.assert_frame_equal(here, there)


def test_a_bot_class_from_a_notebook_falls_back_to_this_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    notebook = types.ModuleType("__main__")  # a notebook's __main__ has no __file__
    monkeypatch.setitem(sys.modules, "__main__", notebook)

    class Stubborn(Bot):
        def act(self, view: Any, legal: Any) -> Any:
            return legal[0]

    Stubborn.__module__ = "__main__"
    job = Job((GAME,), ((Stubborn(), Stubborn(), Stubborn()),), 1)
    assert "defined in this notebook" in (portable_problem(job) or "")
    with pytest.warns(RuntimeWarning, match="playing in this process instead"):
        results, used = execute(job, [(0, 0, 0), (1, 0, 0)], backend="processes")
    assert used == "serial" and len(results) == 2


def test_same_seed_same_table_other_seed_other_table(serial: Any) -> None:
    assert serial.seed == 99 and serial.n == 40
    other = simulate(GAME, BOTS, n=40, seed=100, backend="serial")
    assert not other["game_seed"].equals(serial.games["game_seed"])
    fresh = run(GAME, BOTS, n=3, backend="serial")
    again = simulate(GAME, BOTS, n=3, seed=fresh.seed, backend="serial")
    pd.testing.assert_frame_equal(fresh.games, again)


def test_play_replays_one_row_of_the_table(serial: Any) -> None:
    deal = 17
    played = play(GAME, BOTS, seed=99, deal=deal)
    rows = serial.games[serial.games["deal"] == deal]
    assert rows["score"].tolist() == played.scores
    assert rows["game_seed"].iloc[0] == played.state.seed
    assert rows["length"].iloc[0] == len(played.decisions) == len(played.state.decisions)
    assert tradekit.replay(played.to_json()).scores() == played.scores
    assert played.explain(seat=0, phase="bid")[0].startswith(
        "Round 1, Bids (sealed): P1 (heuristic) chose “Bid "
    )


def test_tidy_table_shape(serial: Any) -> None:
    games = serial.games
    assert len(games) == 40 * 3
    assert list(games.columns[:15]) == [
        "source", "game", "variant", "options", "deal", "seed", "game_seed", "players", "seat",
        "bot", "score", "rank", "win", "win_share", "margin",
    ]  # fmt: skip
    assert games["variant"].unique().tolist() == ["scoring=red"]
    assert games["bot"].unique().tolist() == ["heuristic", "random", "heuristic(aggression=0.8)"]
    per_deal = games.groupby("deal")
    assert np.allclose(per_deal["win_share"].sum(), 1.0)
    assert (per_deal["rank"].min() == 1).all()
    assert (games["score_spread"] >= games["winning_margin"]).all()
    winners = games[games["win"]]
    assert (winners["margin"] >= 0).all() and (games[~games["win"]]["margin"] < 0).all()
    decisions = serial.decisions
    assert {"step", "round", "phase", "seat", "bot", "action", "kind", "why"} <= set(decisions)


def test_decision_filter_and_bad_arguments() -> None:
    bids = run(GAME, BOTS, n=3, seed=1, backend="serial", decisions="Bid").decisions
    assert bids is not None and set(bids["kind"]) == {"Bid"}
    assert {"amount", "scudo", "lot", "place", "won", "paid", "valuation"} <= set(bids)
    heuristic = bids[bids["bot"] == "heuristic"]
    assert heuristic["valuation"].notna().all()
    with pytest.raises(ConfigError, match="'decisions'"):
        run(GAME, BOTS, n=3, decisions=[1, 2])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="'n' = 0"):
        simulate(GAME, BOTS, n=0)
    with pytest.raises(ConfigError, match=r"'bots' = 2 .* 3 for this game"):
        simulate(GAME, ["random", "random"], n=2)
    with pytest.raises(ConfigError, match="'backend' = 'gpu'"):
        simulate(GAME, BOTS, n=2, backend="gpu")
    with pytest.raises(ConfigError, match="'workers' = 0"):
        simulate(GAME, BOTS, n=2, backend="processes", workers=0)
    with pytest.raises(ConfigError, match="'batch_size' = 0"):
        simulate(GAME, BOTS, n=2, batch_size=0)
    with pytest.raises(ConfigError, match="'game' = 3"):
        simulate(3, BOTS, n=2)  # type: ignore[arg-type]


def test_every_registered_game_simulates_with_random_bots() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in tradekit.GAMES:
            table = simulate(name, "random", n=2, seed=3, backend="serial")
            assert len(table) == 2 * tradekit.load_game(name).num_players, name
            assert (table["length"] > 0).all()
