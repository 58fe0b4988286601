"""Every bot registered for every game, found by the game's name: a new game's bots are tested
here without any change (its own test file adds transcripts and more games); for each game and
player count, how clearly its heuristic bot beats random ones; and that its bots explain each
decision in one sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

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


class Margin(NamedTuple):
    """How clearly one heuristic bot beats random ones at one game and player count."""

    game: str
    players: int
    deals: int
    ci_above_fair_share: float
    """The heuristic's whole 95% interval lies at least this far above the fair share."""
    mean_score_gap: float | None
    """Its mean score is more than this above every random bot's (None: not checked)."""


MARGINS = [
    # Turin Market: it wins about 90% of the games (0.96, 0.94, 0.95, 0.89 with 2-5 players over
    # 100 deals).
    *(Margin("turin", p, 60 if p == 3 else 25, 0.35, 10) for p in (2, 3, 4, 5)),
    # Medici: random bots bid anything up to all they hold and are soon broke: the heuristic
    # wins every game (100 of 100 deals with every seat rotation, 3-6 players) and ends with
    # three to six times a random bot's florins.
    *(Margin("medici", p, 10, 0.5, 60) for p in (3, 4, 5, 6)),
    # Négoces: it wins 83%, 94%, 80% and 65% of the games with 3-6 players over 60/20/20/20 deals.
    *(
        Margin("negoces", p, 40 if p == 3 else 16, margin, None)
        for p, margin in ((3, 0.35), (4, 0.45), (5, 0.4), (6, 0.3))
    ),
    # Rungis: it wins nearly every game (0.98 over 100 games of 4 players).
    *(Margin("rungis", p, 10, 0.5, 100) for p in (3, 4, 6)),
]


@pytest.mark.parametrize("case", MARGINS, ids=[f"{m.game}-{m.players}" for m in MARGINS])
@pytest.mark.slow
def test_heuristic_beats_random_by_a_clear_margin(case: Margin) -> None:
    game = tradekit.load_game(case.game, players=case.players)
    t = tournament(
        game,
        ["heuristic", *["random"] * (case.players - 1)],
        n=case.deals,
        seed=2026,
        backend="serial",
    )
    top = t.standings.iloc[0]
    assert top["bot"] == "heuristic"
    assert top["ci_low"] > t.fair_share + case.ci_above_fair_share, t.standings
    if case.mean_score_gap is not None:
        others = t.standings[t.standings["bot"] != "heuristic"]
        assert (top["mean_score"] - others["mean_score"]).min() > case.mean_score_gap


class Explained(NamedTuple):
    """Games whose every decision's explanation is checked, and what else is checked of them."""

    options: dict[str, Any]
    bots: str | list[str]
    deals: int
    random_too: bool
    """The random bots' explanations are checked as well."""
    bids: Callable[[Any], bool] | None = None
    """A check of the rows of the bids (None: none)."""


EXPLAINED = {
    "turin": Explained({}, "heuristic", 20, True),
    "negoces": Explained(
        {"players": 4, "variants": "treasury,misers,thief_guard"},
        "heuristic",
        10,
        True,
        lambda bids: (bids["valuation"] >= bids["amount"] - 1e-9).all(),  # never above its worth
    ),
    "rungis": Explained(
        {"trading": True},
        ["heuristic", "cartel", "tit-for-tat", "random"],
        6,
        False,
        lambda bids: (bids["valuation"] > 0).all() and (bids["amount"] <= bids["cap"]).all(),
    ),
}


@pytest.mark.parametrize("name", list(EXPLAINED))
def test_every_explanation_is_one_sentence(name: str) -> None:
    case = EXPLAINED[name]
    game = tradekit.load_game(name, **case.options)
    result = run(game, case.bots, n=case.deals, seed=4, backend="serial", decisions=True)
    assert result.decisions is not None
    mine = result.decisions
    if not case.random_too:
        mine = mine[mine["bot"] != "random"]
    whys = mine["why"]
    assert whys.str.endswith(".").all() and not whys.str.contains("\n").any()
    assert whys.str.len().max() < 200
    if case.bids is not None:
        assert case.bids(mine[mine["kind"] == "Bid"])
