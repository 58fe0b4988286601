"""Per-game measures: the generic ones, Turin Market's, and the registry they come from."""

from __future__ import annotations

import re

import pytest

import tradekit
from tests.conftest import Corpus
from tradekit.games.turin import AddBid, Bid, EndTurn, Offer, TurinState
from tradekit.sim import generic_measures, measures_for, register_measures, simulate
from tradekit.sim.measures import measure


def finish(state: TurinState) -> TurinState:
    """Winners pick their first legal card; everybody ends market turns at once."""
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0] if state.phase == "pick" else EndTurn())
    return state


def rulebook_round(bids: tuple[int, int, int], adds: tuple[int, int] | None) -> TurinState:
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(seed=1, setup={"hands": [[1, 2], [3, 4], [5, 6]]})
    for seat, card in ((0, 1), (1, 3), (2, 5)):
        state.apply(seat, Offer(card))
    for seat, amount in enumerate(bids):
        state.apply(seat, Bid(amount))
    if adds is not None:
        for seat, amount in enumerate(adds):
            state.apply(seat, AddBid(amount))
    return finish(state)


def test_rulebook_round_measures() -> None:
    # J3 bids 4, J1 and J2 bid 2; J2 adds 1, J1 adds 0: J3 pays 4, J2 pays 3, J1 pays 1.
    state = rulebook_round((2, 2, 4), (0, 1))
    game_level, seats = measure(state)
    assert game_level["ties"] == 1 and game_level["voided"] == 0
    assert game_level["coin_flips"] == 0 and game_level["auction_spend"] == 8
    assert game_level["length"] == len(state.decisions) == 12
    assert game_level["rounds"] == 1 and game_level["loans"] == 0
    assert [s["seat_auction_spend"] for s in seats] == [1, 3, 4]
    assert [s["seat_cards"] for s in seats] == [1, 2, 3]  # kept cards join at the end
    assert game_level["money_in"] == sum(state.scores()) - 45
    # coffee is shared by P1 and P2: (8 + 0) / 2 = 4 each, nothing created by rounding
    assert game_level["tied_majorities"] == 1 and game_level["rounding_created"] == 0


def test_zero_bids_void_the_prize_places() -> None:
    game_level, _ = measure(rulebook_round((0, 0, 0), None))
    assert game_level["ties"] == 0 and game_level["voided"] == 2
    assert game_level["auction_spend"] == 0


def test_rounding_created_matches_the_ledger(corpus: Corpus) -> None:
    table = simulate("turin", "random", n=60, seed=11, backend="serial")
    per_game = table[table["seat"] == 0]
    assert per_game["rounding_created"].sum() > 0
    for deal in per_game[per_game["bank_debt"] == 0]["deal"].head(30):
        state = corpus.bot_game("turin", "random", 11, int(deal))
        shares = pot_in = payouts = 0
        seen: set[str] = set()
        for t in state.ledger:
            match = re.match(
                r"majority of (\w+), tied with .*\((\d+)\+\d+\)/\d+ rounded up", t.reason
            )
            if match:
                shares += t.amount
                if match.group(1) not in seen:
                    seen.add(match.group(1))
                    payouts += int(match.group(2))
            elif "into the pot" in t.reason:
                pot_in += t.amount
        expected = shares - payouts - pot_in
        got = per_game[per_game["deal"] == deal]["rounding_created"].iloc[0]
        assert got == expected, deal


def test_loans_are_counted_per_seat() -> None:
    table = simulate("turin", "random", n=30, seed=5, backend="serial")
    per_game = table.groupby("deal").agg(loans=("loans", "first"), seats=("seat_loans", "sum"))
    assert (per_game["loans"] == per_game["seats"]).all() and per_game["loans"].sum() > 0
    assert (table["forced_loans"] <= table["loans"]).all()


def test_generic_measures_for_every_game(corpus: Corpus) -> None:
    for name in tradekit.GAMES:
        state = corpus.bot_game(name, "random", 2)
        values = generic_measures(state)
        assert values["length"] == len(state.decisions) > 0
        assert values["money_in"] == sum(state.money()) - sum(state.initial_money)


def test_register_measures_for_a_new_game(corpus: Corpus) -> None:
    entry = register_measures("test-game", game=lambda s: {"events": len(s.log)})
    assert measures_for("test-game") is entry
    assert measures_for("no-such-game").game is None
    register_measures("turin-bad", game=lambda s: {"score": 1})
    state = corpus.bot_game("turin", "random", 1)
    hooks = measures_for("turin-bad")
    assert hooks.game is not None
    with pytest.raises(ValueError, match="reserved column names"):
        from tradekit.sim.measures import _check

        _check("turin-bad", hooks.game(state))
