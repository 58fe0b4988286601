"""Medici's one declaration per step: the legal actions, the checks and the refusals all come
from one menu (``MediciState._menu``), bids are a range that is never listed, and every refusal
names what was wrong, what is allowed and what was given.

Seats are numbered from 0 and clockwise; the player left of the active player speaks first.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tradekit
from tests.helpers import at_most_calls
from tradekit import IllegalActionError
from tradekit.core.domains import Menu, Range
from tradekit.core.errors import MalformedActionError
from tradekit.core.setup import MAX_MONEY
from tradekit.games.medici import Auction, Bid, MediciState, Pass, Turn


def new_game(players: int = 3, seed: int = 0, **setup: Any) -> MediciState:
    state = tradekit.load_game("medici", players=players).new_state(seed=seed, setup=setup)
    assert isinstance(state, MediciState)
    return state


def bid_domain(menu: Menu) -> Range:
    """The bid range of an auction menu (the menu's second option: Pass comes first)."""
    (option,) = [o for o in menu.options if o.cls is Bid]
    ((name, domain),) = option.domains
    assert name == "amount" and isinstance(domain, Range)
    return domain


def refusal(state: MediciState, seat: int, action: object) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)  # type: ignore[arg-type]
    return info.value.reason


# ----------------------------------------------------------------------------------------------
# a range, never a list
# ----------------------------------------------------------------------------------------------


def test_the_largest_scripted_wealth_keeps_the_bid_list_instant():
    # Every seat holds the most florins a scripted set-up allows.
    state = new_game(wealth=[MAX_MONEY] * 3, piles=[[1, 2, 3]])
    state.apply(0, Auction())
    legal = state.legal_actions(1)
    assert isinstance(legal, Menu)
    assert bid_domain(legal) == Range(1, MAX_MONEY, bid_domain(legal).label)
    # About 15,000 calls in all; listing the bids once would take 50,000.
    with at_most_calls(30_000):
        for k in range(200):
            assert len(state.legal_actions(1)) == MAX_MONEY + 1  # Pass and every bid 1..MAX
            assert legal[k + 1] == Bid(k + 1) and legal[-1] == Bid(MAX_MONEY)
            assert state.can(1, Bid(MAX_MONEY - k)) and not state.can(1, Bid(MAX_MONEY + 1 + k))
    assert legal.bounds(Bid, "amount") == (1, MAX_MONEY)
    assert legal[0] == Pass() and legal[:3] == [Pass(), Bid(1), Bid(2)]


def test_the_cost_of_the_bid_list_does_not_depend_on_the_amount():
    # Beyond what a set-up allows (the game's wealth is set directly): a billion florins each.
    state = new_game(piles=[[1, 2, 3]])
    state.wealth = [10**9] * 3
    state.apply(0, Auction())
    with at_most_calls(1_000):  # about 150
        legal = state.legal_actions(1)
        assert len(legal) == 10**9 + 1 and legal[10**9] == Bid(10**9)
        assert Bid(123_456_789) in legal and state.can(1, Bid(10**9))
        state.apply(1, Bid(10**9 - 1))
        assert len(state.legal_actions(2)) == 2  # Pass or the one bid left: 10**9


def test_the_legal_order_is_pass_then_bids_from_the_lowest():
    state = new_game(wealth=[10, 6, 8], piles=[[1, 2, 3]])
    state.apply(0, Auction())
    assert list(state.legal_actions(1)) == [Pass()] + [Bid(x) for x in range(1, 7)]
    state.apply(1, Bid(3))
    assert list(state.legal_actions(2)) == [Pass()] + [Bid(x) for x in range(4, 9)]
    assert list(state.legal_actions(0)) == [] and list(state.legal_actions(1)) == []


def test_turning_is_an_option_whose_rule_says_why_not():
    state = new_game(piles=[[1, 2, 3, 4]])
    assert list(state.legal_actions(0)) == [Turn(), Auction()]
    state.apply(0, Turn())
    state.apply(0, Turn())
    # The lot holds 3 cards: Turn is still declared, with the rule that refuses it.
    assert list(state.legal_actions(0)) == [Auction()]
    assert refusal(state, 0, Turn()) == "a lot has at most 3 cards"
    assert (
        refusal(state, 0, Bid(1))
        == "in P1's turn of turning cards the choices are “auction the lot”, not “bid 1”"
    )


# ----------------------------------------------------------------------------------------------
# every kind of refusal
# ----------------------------------------------------------------------------------------------


def test_every_refusal_names_the_field_what_is_allowed_and_what_was_given():
    state = new_game(players=4, wealth=[40, 6, 30, 30], piles=[[1, 2, 3]])
    # The wrong kind of action for the step.
    assert refusal(state, 0, Bid(3)) == (
        "in P1's turn of turning cards the choices are “turn the next card” or “auction the "
        "lot”, not “bid 3”"
    )
    assert refusal(state, 0, Pass()) == (
        "in P1's turn of turning cards the choices are “turn the next card” or “auction the "
        "lot”, not “pass”"
    )
    assert refusal(state, 1, Turn()) == "it is not P2's turn"
    state.apply(0, Auction())
    assert refusal(state, 1, Turn()) == (
        "in the auction the choices are “pass” or “bid 1” to “bid 6”, not “turn the next card”"
    )
    # No bid yet: the lowest bid is 1, and the bid is bounded by the speaker's florins.
    opening = "P2's bid, at least the lowest bid of 1 and within P2's 6 florins, must be a "
    assert refusal(state, 1, Bid(0)) == opening + "whole number from 1 to 6; got 0"
    assert refusal(state, 1, Bid(-4)) == opening + "whole number from 1 to 6; got -4"
    assert refusal(state, 1, Bid(7)) == opening + "whole number from 1 to 6; got 7"
    state.apply(1, Bid(5))
    # After a bid: above the high bid (naming who holds it).
    above = "P3's bid, above P2's high bid of 5 and within P3's 30 florins, must be a "
    assert refusal(state, 2, Bid(5)) == above + "whole number from 6 to 30; got 5"
    assert refusal(state, 2, Bid(31)) == above + "whole number from 6 to 30; got 31"
    # Malformed actions are refused by the type gate, naming the field and the value given.
    for bad, given in ((2.5, "2.5 (a float)"), (True, "True (a bool)"), ("6", "'6' (a str)")):
        with pytest.raises(MalformedActionError) as info:
            state.apply(2, Bid(bad))  # type: ignore[arg-type]
        assert info.value.reason == (
            f"“bid {bad}”: the field 'amount' must be a whole number, got {given}"
        )
    with pytest.raises(MalformedActionError, match="'amount' is out of any range"):
        state.apply(2, Bid(10**30))
    assert state.to_move == (2,) and state.view(None).high_bid == 5  # nothing changed


def test_a_finished_game_refuses_everything():
    state = new_game(round=3, piles=[[1]])
    state.apply(0, Auction())
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, Pass())
    assert state.is_over and list(state.legal_actions(0)) == []
    assert refusal(state, 0, Auction()) == "the game is over"


# ----------------------------------------------------------------------------------------------
# can() agrees with apply() on near misses
# ----------------------------------------------------------------------------------------------


def near_misses(legal: list[Any]) -> list[Any]:
    """Every legal action nudged by +-1, the other kinds, and wrong types."""
    out: list[Any] = [Turn(), Auction(), Pass(), Bid(0), Bid(1)]
    for action in legal:
        if isinstance(action, Bid):
            out += [Bid(action.amount - 1), Bid(action.amount + 1)]
    out += [Bid(1.0), Bid(True), Bid("1"), Bid(None), Bid(-1), Bid(10**13)]  # type: ignore[arg-type]
    return out


@pytest.mark.slow
def test_can_agrees_with_apply_on_near_misses_in_random_mid_game_states():
    rng = random.Random(7)
    checked = states = 0
    for seed in range(24):
        players = 3 + seed % 4
        state = tradekit.load_game("medici", players=players).new_state(seed=seed)
        assert isinstance(state, MediciState)
        while not state.is_over:
            seat = state.to_move[0]
            menu = state.legal_actions(seat)
            if rng.random() < 0.15:
                states += 1
                # The bids at both ends and one in between are enough to nudge.
                picks = [menu[0], menu[-1], menu[rng.randrange(len(menu))]]
                for player in {seat, (seat + 1) % players}:
                    for action in near_misses(picks):
                        can = state.can(player, action)
                        # Compared by repr: Bid(1.0) == Bid(1) in Python, but only one is legal.
                        listed = repr(action) in {repr(a) for a in state.legal_actions(player)}
                        assert can == listed, (player, action)
                        if can:
                            copy.deepcopy(state).apply(player, action)
                        else:
                            before = (len(state.log), state.decisions, state.summary())
                            with pytest.raises(IllegalActionError) as info:
                                state.apply(player, action)
                            assert info.value.reason  # a sentence, never empty
                            assert (len(state.log), state.decisions, state.summary()) == before
                        checked += 1
            # Pass often, so that games reach every kind of ending.
            action = menu[0] if rng.random() < 0.4 else menu[rng.randrange(len(menu))]
            state.apply(seat, action)
    assert states >= 200 and checked >= 4000
