"""theory.distance: bids beside the equilibrium bid, and the expected Scudo each bid gives up.

The payoffs are checked against a brute force that shares nothing with the model's multinomial
sums: every profile of rival bids, each resolved by the engine under every seat order (a fair
coin flip is a uniformly random order), weighted by its probability.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
import pytest

import tradekit
from tradekit.sim import load_decisions, run
from tradekit.theory import (
    Distance,
    distance,
    round_model,
    turin_prizes,
    uniform_values,
    with_valuations,
)
from tradekit.theory.bridge import TieRule, resolve_round

SEEDS = (1, 2, 3, 4)


def brute_payoff(
    value: float,
    bid: int,
    rival_bids: np.ndarray,
    prizes: tuple[int, ...],
    ties: TieRule,
) -> float:
    """Seat 0's expected ``value * cards - payment`` against independent rivals, by brute force."""
    n = len(prizes)
    orders = list(itertools.permutations(range(n)))
    total = 0.0
    support = [b for b in range(len(rival_bids)) if rival_bids[b] > 0]
    for profile in itertools.product(support, repeat=n - 1):
        chance = float(np.prod([rival_bids[b] for b in profile]))
        bids = {0: bid, **{seat + 1: b for seat, b in enumerate(profile)}}
        mean = 0.0
        for order in orders:

            def flip(players: Any, order: tuple[int, ...] = order) -> list[int]:
                return sorted(players, key=order.index)

            out = resolve_round(bids, list(prizes), Fraction(1, 2), ties, flip)
            cards = prizes[out.place[0]] if out.won[0] else 0
            mean += value * cards - out.payment[0]
        total += chance * mean / len(orders)
    return total


@pytest.mark.parametrize(("ties", "value"), [("flip", 2.3), ("void", 1.0), ("flip", 0.0)])
def test_payoffs_match_a_brute_force_over_every_profile_of_rival_bids(
    ties: TieRule, value: float
) -> None:
    model = round_model(3, 3, uniform_values(3), budget=5, ties=ties, iterations=400)
    q = model.equilibrium.rival_bids
    exact = model.payoffs(value)
    for bid in range(6):
        assert exact[bid] == pytest.approx(brute_payoff(value, bid, q, (2, 1, 0), ties), abs=1e-9)


def test_round_one_of_four_players_auctions_the_centre_cards() -> None:
    assert turin_prizes(4, 2) == (1, 1, 0, 0) and turin_prizes(5, 5) == (2, 2, 1, 0, 0)
    with pytest.raises(ValueError, match="auctions 3 cards, not 4"):
        turin_prizes(3, 4)
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        turin_prizes(6, 6)


@pytest.fixture(scope="module")
def class_like(corpus: Any) -> tuple[pd.DataFrame, Distance]:
    """Heuristic games of the shared corpus read as a class's saves would be (no valuations),
    valued from the games, and measured."""
    states = [corpus.bot_game("turin", "heuristic", seed) for seed in SEEDS]
    table = load_decisions([s.to_json() for s in states])
    valued = with_valuations(table, states)
    return valued, distance(valued, iterations=800)


def test_a_class_table_gets_the_valuations_heuristic_bots_record(
    class_like: tuple[pd.DataFrame, Distance],
) -> None:
    valued, _ = class_like
    recorded = run(tradekit.load_game("turin"), "heuristic", n=1, seed=SEEDS[0], decisions="Bid")
    assert recorded.decisions is not None
    mine = valued[(valued["kind"] == "Bid") & (valued["deal"] == 0)]
    assert np.allclose(mine["valuation"].to_numpy(), recorded.decisions["valuation"].to_numpy())
    assert valued.loc[valued["kind"] != "Bid", "valuation"].isna().all()


def test_every_bid_is_compared_with_the_best_reply_it_could_afford(
    class_like: tuple[pd.DataFrame, Distance],
) -> None:
    valued, d = class_like
    bids = d.bids
    assert len(bids) == int((valued["kind"] == "Bid").sum()) == len(SEEDS) * 5 * 3
    model = d.models["3 players, cards 2, 1, 0"]
    assert model.equilibrium.epsilon < 0.1
    for row in bids.itertuples():
        u = model.payoffs(row.value)
        affordable = u[: row.scudo + 1]
        assert row.equilibrium_bid <= row.scudo
        assert row.equilibrium_payoff == pytest.approx(affordable.max(), abs=1e-12)
        assert row.payoff == pytest.approx(u[row.bid], abs=1e-12)
        assert row.gap == row.bid - row.equilibrium_bid
    assert (bids["utility_lost"] >= 0).all()
    at = bids[bids["gap"] == 0]
    assert len(at) > 0 and (at["utility_lost"] == 0).all()
    assert bids["utility_lost"].max() > 0
    # The summary adds up the bids.
    total = d.players.set_index(["deal", "seat"])["utility_lost"]
    assert total.sum() == pytest.approx(bids["utility_lost"].sum())
    assert d.players["bids"].tolist() == [5] * (len(SEEDS) * 3)


def test_the_equilibrium_bid_itself_loses_nothing(
    class_like: tuple[pd.DataFrame, Distance],
) -> None:
    valued, d = class_like
    at_eq = valued.copy()
    best = d.bids.set_index(["deal", "step"])["equilibrium_bid"]
    rows = at_eq["kind"] == "Bid"
    keys = list(zip(at_eq.loc[rows, "deal"], at_eq.loc[rows, "step"], strict=True))
    at_eq.loc[rows, "amount"] = [int(best[k]) for k in keys]
    again = distance(at_eq, iterations=800)
    # Other bids change nothing in the model (its prior is the table's values, not its bids).
    assert (again.bids["utility_lost"] == 0).all() and (again.bids["gap"] == 0).all()


def test_a_hand_made_round_against_the_brute_force() -> None:
    table = pd.DataFrame(
        {
            "game": "turin",
            "deal": 0,
            "round": 2,
            "seat": [0, 1, 2],
            "kind": "Bid",
            "amount": [0, 3, 5],
            "scudo": [6, 6, 6],
            "lot": 3,
            "valuation": [2.0, 6.0, 8.0],
        }
    )
    d = distance(table, iterations=600)
    model = d.models["3 players, cards 2, 1, 0"]
    q = model.equilibrium.rival_bids
    for row in d.bids.itertuples():
        u = [brute_payoff(row.value, b, q, (2, 1, 0), "flip") for b in range(7)]
        assert row.utility_lost == pytest.approx(max(u) - u[row.bid], abs=1e-9)
    assert d.bids["value"].tolist() == [1.0, 3.0, 4.0]


def _table(**changes: Any) -> pd.DataFrame:
    base = {
        "game": "turin",
        "deal": 0,
        "round": 1,
        "seat": [0, 1, 2],
        "kind": "Bid",
        "amount": [1, 2, 3],
        "scudo": [15, 15, 15],
        "lot": 3,
        "valuation": [6.0, 7.0, 8.0],
    }
    base.update(changes)
    return pd.DataFrame(base)


@pytest.mark.parametrize(
    ("table", "words"),
    [
        (_table().drop(columns=["scudo", "lot"]), "missing the columns scudo, lot"),
        (_table().drop(columns=["valuation"]), "with_valuations"),
        (_table(game="medici"), "this table holds decisions of medici"),
        (_table(kind="AddBid"), "no bids"),
        (_table(valuation=[6.0, None, 8.0]), "1 of 3 bids have no valuation"),
        (_table(amount=[1, 2, 30]), "exceed the Scudo"),
        (_table(valuation=[6.0, float("inf"), 8.0]), "finite"),
        (_table(amount=[-1, 2, 3]), "cannot be negative"),
        (_table().iloc[:2], "2 bids for 3 cards is not a whole Turin Market round"),
        (pd.DataFrame(), "empty"),
    ],
)
def test_bad_tables_are_refused_in_words(table: pd.DataFrame, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        distance(table, iterations=50)


def test_not_a_table_and_a_bad_tie_rule_are_refused() -> None:
    with pytest.raises(TypeError, match=r"\(a pandas DataFrame\), got list"):
        distance([1, 2], iterations=50)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ties must be one of flip, void"):
        distance(_table(), ties="coin", iterations=50)  # type: ignore[arg-type]


def test_valuations_need_turin_games(corpus: Any) -> None:
    medici = corpus.bot_game("medici", "random", 1)
    with pytest.raises(ValueError, match="not medici"):
        with_valuations(_table(game_seed=1, step=[0, 1, 2]), [medici])
    with pytest.raises(ValueError, match="missing the columns game_seed, step"):
        with_valuations(_table(), [])


def test_the_chart_shows_every_bid_each_player_and_the_rules(
    class_like: tuple[pd.DataFrame, Distance],
) -> None:
    pytest.importorskip("altair")
    from tradekit.theory import charts

    _, d = class_like
    spec = charts.distance_chart(d).to_dict()
    caption = " ".join(spec["title"]["subtitle"])
    for words in ("a bid of 0 never wins", "losers 1/2 of it rounded down", "fair coin"):
        assert words in caption
    datasets = spec["datasets"].values()
    sizes = sorted(len(rows) for rows in datasets)
    assert len(d.bids) in sizes and len(d.players) in sizes


def test_the_chart_counts_games_and_seats_from_1(class_like: tuple[pd.DataFrame, Distance]) -> None:
    # Seat 0 is the game's P1: the loss bars name players as the game does.
    pytest.importorskip("altair")
    from tradekit.theory import charts

    _, d = class_like
    first = d.players.iloc[0]
    label = charts._player(first, [c for c in ("deal", "seat", "bot") if c in d.players.columns])
    assert label.startswith(f"game {int(first['deal']) + 1}, P{int(first['seat']) + 1}")
    spec = str(charts.distance_chart(d).to_dict())
    assert ", P0" not in spec and "game 0" not in spec


def test_the_chart_and_caption_in_french(class_like: tuple[pd.DataFrame, Distance]) -> None:
    # Every word a French class reads: title, caption, axes, legends, tooltips, players; the
    # numbers written the French way. The English figures stay what they were.
    pytest.importorskip("altair")
    from tradekit.theory import charts

    _, d = class_like
    caption = d.caption("fr")
    for words in ("une mise de 0 ne gagne jamais", "les perdants 1/2 de leur mise", "pile ou face"):
        assert words in caption
    assert f"{d.epsilon:.3f}".replace(".", ",") in caption
    assert d.caption() == d.caption("en") and "a bid of 0 never wins" in d.caption()
    for model in d.models.values():
        assert model.label_in("fr").startswith(f"{model.auction.n} joueurs, cartes ")
        assert model.rules("fr").startswith(model.label_in("fr") + " ; mises en Scudo entiers")

    french = charts.distance_chart(d, lang="fr").to_dict()
    english = charts.distance_chart(d).to_dict()
    lost = f"{float(d.bids['utility_lost'].sum()):.1f}"
    assert french["title"]["text"] == (
        f"Les enchères face à l'équilibre : {len(d.bids)} enchères perdent "
        f"{lost.replace('.', ',')} Scudo en espérance"
    )
    assert english["title"]["text"].startswith(f"Bids against the equilibrium: {len(d.bids)} bids")
    assert " ".join(french["title"]["subtitle"]) == " ".join(charts._caption(d.caption("fr")))
    text = json.dumps(french, ensure_ascii=False)
    for words in (
        "valeur d'une carte pour l'enchérisseur (Scudo)",
        "enchère d'équilibre du modèle",
        "Scudo perdus en espérance sur les enchères",
        "La perte de chaque joueur",
        "enchère moyenne - équilibre",
    ):
        assert words in text
    for words in ("value of a card", "Each player's loss", "Scudo lost", "players, cards"):
        assert words not in text, words
    # The players are named the French way (J1, partie 1), the models' legend in French too.
    rows = [r for rows in french["datasets"].values() for r in rows]
    assert any(str(r.get("player", "")).startswith("partie 1, J") for r in rows)
    assert {r["model"] for r in rows if "model" in r} == {
        m.label_in("fr") for m in d.models.values()
    }
