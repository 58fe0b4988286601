"""Per-game measures: the generic ones, Turin Market's, and the registry they come from."""

from __future__ import annotations

import dataclasses
import re

import pytest

import tradekit
from tests.conftest import Corpus
from tradekit.core.events import BANK
from tradekit.games.turin import AddBid, Bid, EndTurn, Offer, TakeLoan, TurinState
from tradekit.games.turin.game import LOAN_AMOUNT
from tradekit.sim import generic_measures, measures_for, register_measures, simulate
from tradekit.sim import measures as sim_measures
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


def per_seat_reading(state: TurinState, seat: int) -> dict[str, float]:
    """Turin's seat measures as the module docstring defines them, read for one seat alone."""
    loans = majorities = forced = spend = payouts = 0
    for e in state.log:
        if e.player == seat and isinstance(e.action, TakeLoan):
            loans += 1
        elif e.player == seat and e.data.get("what") == "forced_loan":
            forced += 1
        elif seat in e.data.get("majority", ()):
            majorities += 1
    for t in state.ledger:
        if t.payer == seat and t.payee == BANK and t.phase in ("bid", "tiebreak"):
            spend += t.amount
        elif t.payee == seat and t.payer == BANK and t.phase == "scoring":
            payouts += t.amount
    return {
        "seat_loans": loans + forced,
        "seat_majorities": majorities,
        "seat_cards": len(state.face_up[seat]),
        "seat_auction_spend": spend,
        "seat_payouts": payouts - forced * LOAN_AMOUNT,
    }


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_seat_at_once_equals_each_seat_alone(corpus: Corpus, players: int) -> None:
    # Turin gives every seat's measures from one pass over the log (``seats=``); measure prefers
    # it, and it must say what reading each seat alone says, loans and forced loans included.
    hooks = measures_for("turin")
    assert hooks.seats is not None and hooks.seat is not None
    loans = 0.0
    for seed in range(12):
        state = corpus.game("turin", seed, players=players)
        assert isinstance(state, TurinState)
        expected = [per_seat_reading(state, p) for p in range(players)]
        assert measure(state)[1] == expected
        assert [hooks.seat(state, p) for p in range(players)] == expected
        loans += sum(row["seat_loans"] for row in expected)
    assert loans > 0


def test_measure_reads_seat_by_seat_without_a_seats_hook(
    corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game that registers only ``seat`` (every game but Turin) is measured seat by seat.
    seat_only = dataclasses.replace(measures_for("turin"), seats=None)
    monkeypatch.setitem(sim_measures._REGISTRY, "turin", seat_only)
    state = corpus.game("turin", 3, players=3)
    assert isinstance(state, TurinState)
    assert measure(state)[1] == [per_seat_reading(state, p) for p in range(3)]
