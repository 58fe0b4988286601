"""Négoces' measures in the tidy tables: consistent with the log, the ledger and the state."""

from __future__ import annotations

from typing import Any

import pytest

import tradekit
from tests.conftest import Corpus
from tradekit.games.negoces.measures import game_measures, seat_measures
from tradekit.sim import compare, run, simulate
from tradekit.sim.measures import measures_for, rule_choices

GAME_COLUMNS = [
    "sales", "no_winner", "card_sales", "coin_sales", "free_sales", "negative_sales", "thefts",
    "offers", "negative_offers", "accept_round", "sale_coins", "coins_back", "diamant_price",
    "coins_removed", "thief_price", "guard_price", "gifts", "tax", "treasury_taken",
    "treasury_left", "loans", "loans_repaid", "temple_visits", "bans", "swindles",
]  # fmt: skip
SEAT_COLUMNS = [
    "seat_sold",
    "seat_bought",
    "seat_goods",
    "seat_coins",
    "seat_diamant",
    "seat_spent",
]


@pytest.mark.slow
def test_random_games_give_every_column_and_they_add_up() -> None:
    table = simulate("negoces", "random", n=40, seed=3, backend="serial")
    assert set(GAME_COLUMNS + SEAT_COLUMNS) <= set(table.columns)
    games = table.groupby("deal").first()
    paid = games["card_sales"] + games["coin_sales"] + games["free_sales"] + games["thefts"]
    assert (paid == games["sales"]).all()
    assert (games["sales"] == games["rounds"]).all()
    assert (games["coins_removed"] == games["diamant_price"]).all()  # nothing else leaves
    assert (games["money_in"] == -games["coins_removed"]).all()
    assert (games["negative_sales"] <= games["card_sales"]).all()
    assert (games["negative_offers"] <= games["offers"]).all()
    assert games["no_winner"].isin([0, 1]).all()
    assert ((games["no_winner"] == 1) == (games["sales"] == 300)).all()
    per_seat = table.groupby("deal").agg(sold=("seat_sold", "sum"), bought=("seat_bought", "sum"))
    assert (per_seat["sold"] == games["sales"] - games["thefts"]).all()
    assert (per_seat["bought"] == games["sales"]).all()
    assert (table.groupby("deal")["seat_diamant"].sum() == 1).all()
    assert (games[["accept_round"]].to_numpy() >= 1).all()


def test_variant_flows_match_the_ledger_and_the_state(corpus: Corpus) -> None:
    variants = "treasury,bank,temple,thief_guard,misers,swindlers"
    lineup = ["heuristic", "random", "heuristic", "random"]
    for deal in range(6):
        state = corpus.bot_game("negoces", lineup, 11, deal, players=4, variants=variants)
        m = game_measures(state)
        neg: Any = state
        assert m["tax"] - m["treasury_taken"] == m["treasury_left"] == neg.treasury
        held = sum(len(x) for x in neg.loans)
        assert m["loans"] - m["loans_repaid"] == held
        # A temple exchange that reaches the goal wins at once: its gift is never shared out.
        end = next(e.data for e in state.log if e.data.get("what") == "game_end")
        unpaid = 4 if end.get("by") == "temple" else 0
        assert m["thief_price"] + m["guard_price"] + 4 * m["temple_visits"] == m["gifts"] + unpaid
        assert m["temple_visits"] == 4 - neg.view(None).sacred_left
        assert m["coins_removed"] == m["diamant_price"]
        for seat in range(4):
            s = seat_measures(state, seat)
            assert s["seat_coins"] == state.money()[seat]
            assert s["seat_goods"] == neg.different_goods(seat)


def test_decision_table_has_bid_and_offer_outcomes() -> None:
    result = run(
        tradekit.load_game("negoces", players=3),
        ["heuristic", "random", "random"],
        n=6,
        seed=2,
        backend="serial",
        decisions={"Bid", "Pass", "Offer"},
    )
    d = result.decisions
    assert d is not None
    bids = d[d["kind"] == "Bid"]
    assert set(bids["item"]) == {"diamant"}
    won = bids[bids["won"]]
    # each game's Diamant went to the last bidder, at the price of that bid
    assert len(won.groupby("deal")["step"].max()) <= 6
    assert (won.groupby("deal")["amount"].max() == won.groupby("deal")["price"].first()).all()
    offers = d[d["kind"] == "Offer"]
    assert {"amount", "with_card", "negotiation_round", "market", "bought", "paid"} <= set(d)
    assert offers["negotiation_round"].between(1, 3).all()
    assert offers["market"].notna().all()
    bought = offers[offers["bought"]]
    assert len(bought) > 0 and bought["paid"].notna().all()


@pytest.mark.slow
def test_the_rule_choice_is_the_number_of_negotiation_rounds() -> None:
    assert measures_for("negoces").choices == (
        {"negotiation_rounds": 3},
        {"negotiation_rounds": 1},
    )
    assert rule_choices("negoces") == ({"negotiation_rounds": 3}, {"negotiation_rounds": 1})
    a = tradekit.load_game("negoces", negotiation_rounds=3)
    b = tradekit.load_game("negoces", negotiation_rounds=1)
    result = compare(a, b, "heuristic", n=30, seed=2026, backend="serial")
    rows = result.summary.set_index("measure")
    # one round: buyers cannot raise, the seller cannot wait
    assert rows.loc["accept_round", "b"] == 1.0 < rows.loc["accept_round", "a"]
    assert rows.loc["negative_sales", "diff"] < 0
