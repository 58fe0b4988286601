"""The bot protocol, the registry by game name, the random bot and students' function bots."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest

import tradekit
from tradekit.bots import (
    Bot,
    BotError,
    FunctionBot,
    RandomBot,
    bot,
    bot_classes,
    has_bot,
    make_bot,
    parse_spec,
)
from tradekit.core.errors import ConfigError
from tradekit.games.turin import Bid, EndTurn, Offer
from tradekit.games.turin.bots import TurinHeuristicBot
from tradekit.sim import LegalActions, play


def test_every_registered_game_has_a_random_bot() -> None:
    for game in tradekit.GAMES:
        assert "random" in bot_classes(game), game
        assert isinstance(make_bot(game, "random"), RandomBot)


def test_turin_bots_are_found_by_game_name() -> None:
    assert has_bot("turin", "heuristic")
    assert bot_classes("turin")["heuristic"] is TurinHeuristicBot
    assert not has_bot("no-such-game", "heuristic")


def test_bot_spec_with_parameters() -> None:
    assert parse_spec("heuristic: aggression=0.9 , jitter=0") == (
        "heuristic",
        {"aggression": 0.9, "jitter": 0},
    )
    b = make_bot("turin", "heuristic:aggression=0.9,jitter=0")
    assert isinstance(b, TurinHeuristicBot)
    assert (b.aggression, b.jitter) == (0.9, 0)
    assert b.tag == "heuristic(aggression=0.9, jitter=0)"
    assert b.params()["pace"] == 1.0
    assert TurinHeuristicBot(label="Ada").tag == "Ada"
    assert make_bot("turin", TurinHeuristicBot, spite=0.0).tag == "heuristic(spite=0.0)"


def test_bad_bot_specs_name_what_is_wrong() -> None:
    with pytest.raises(ConfigError, match="one of heuristic, random"):
        make_bot("turin", "grandmaster")
    with pytest.raises(ConfigError, match=r"bot parameter 'nerve'.*aggression"):
        make_bot("turin", "heuristic:nerve=3")
    with pytest.raises(ConfigError, match="'aggression' = 5"):
        make_bot("turin", "heuristic:aggression=5")
    with pytest.raises(ConfigError, match="key=value"):
        make_bot("turin", "heuristic:aggression")
    with pytest.raises(ConfigError, match="a bot for 'medici'"):
        make_bot("medici", TurinHeuristicBot())
    with pytest.raises(ConfigError, match="a Bot, a bot name or a function"):
        make_bot("turin", 42)  # type: ignore[arg-type]


def test_for_game_makes_a_fresh_copy_with_its_own_stream() -> None:
    game = tradekit.load_game("turin")
    proto = RandomBot()
    copy = proto.for_game(game, 2, np.random.default_rng(5))
    assert copy is not proto and copy.seat == 2 and proto.seat is None
    assert copy.rng.integers(1000) == np.random.default_rng(5).integers(1000)
    with pytest.raises(BotError, match="plays 'turin', not 'medici'"):
        medici = tradekit.load_game("medici")
        TurinHeuristicBot().for_game(medici, 0, np.random.default_rng())  # type: ignore[arg-type]


def test_random_bot_explains_itself() -> None:
    b = RandomBot(rng=np.random.default_rng(1))
    assert b.explain() == "random has not decided anything yet."
    b.act(None, [Bid(0), Bid(1), Bid(2)])
    assert b.explain() == "Picked uniformly at random among 3 legal actions."


def test_function_bot_forms() -> None:
    @bot
    def first(view, legal):  # type: ignore[no-untyped-def]
        return legal[0]

    @bot(name="lucky")
    def lucky(view, legal, rng):  # type: ignore[no-untyped-def]
        return legal[int(rng.integers(len(legal)))], "I trust my luck."

    assert isinstance(first, FunctionBot) and first.tag == "first"
    assert first.act(None, [EndTurn()]) == EndTurn()
    assert first.explain() == "first chose end market turn."
    copy = lucky.for_game(tradekit.load_game("turin"), 0, np.random.default_rng(0))
    assert copy.act(None, [Offer(1), Offer(2)]) in (Offer(1), Offer(2))
    assert copy.explain() == "I trust my luck." and lucky.tag == "lucky"
    assert isinstance(make_bot("turin", lambda view, legal: legal[-1]), FunctionBot)


def test_function_bot_returning_garbage_is_reported() -> None:
    game = tradekit.load_game("turin")
    with pytest.raises(BotError, match="'silly' at seat 0: the function returned 'bid 3'"):
        play(game, [bot(lambda v, legal: "bid 3", name="silly"), "random", "random"], seed=1)


def test_illegal_action_is_reported_with_the_bot_and_the_game_seed() -> None:
    game = tradekit.load_game("turin")

    def greedy(view, legal):  # type: ignore[no-untyped-def]
        return Bid(99) if view.phase == "bid" else legal[0]

    with pytest.raises(BotError, match=r"'greedy' at seat 1: sent an illegal action in game seed"):
        play(game, ["random", greedy, "random"], seed=1)


def test_bot_raising_is_reported() -> None:
    def broken(view, legal):  # type: ignore[no-untyped-def]
        raise KeyError("oops")

    with pytest.raises(BotError, match="'broken' at seat 0: raised KeyError"):
        play(tradekit.load_game("turin"), broken, seed=1)


def test_function_bot_from_a_notebook_cell_travels_by_value() -> None:
    def local(view, legal):  # type: ignore[no-untyped-def]
        return legal[0], "local"

    b = bot(local)
    back = pickle.loads(pickle.dumps(b))
    assert back.act(None, [EndTurn()]) == EndTurn() and back.explain() == "local"


def test_bot_error_pickles() -> None:
    error = pickle.loads(pickle.dumps(BotError("x", 1, "bad")))
    assert (error.bot, error.seat, error.detail, str(error)) == (
        "x",
        1,
        "bad",
        "bot 'x' at seat 1: bad",
    )


def test_legal_actions_are_listed_only_when_looked_at() -> None:
    state = tradekit.load_game("turin").new_state(seed=1)
    legal = LegalActions(state, 0)
    assert legal._actions is None
    assert list(legal) == state.legal_actions(0) and legal[:2] == state.legal_actions(0)[:2]


def test_abstract_bot_needs_act() -> None:
    with pytest.raises(TypeError):
        Bot()  # type: ignore[abstract]


CHECK = """
import sys
import {module}
heavy = ("pandas", "scipy", "altair", "ipywidgets", "tqdm", "dask", "distributed")
loaded = sorted(name for name in heavy if name in sys.modules)
print(",".join(loaded) or "ok")
"""


@pytest.mark.parametrize("module", ["tradekit.bots", "tradekit.games.turin.bots", "tradekit.sim"])
def test_bots_and_sim_import_only_numpy_and_the_engine(module: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHECK.format(module=module)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert out.stdout.strip() == "ok"
