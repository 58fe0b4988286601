"""Turin Market: what may be done out of turn, and the goose declared openly.

The rules in their own words: a listed card may be bought "at any time" («n'importe quel joueur
peut acheter cette carte à tout moment»), and when two players come forward at once "the seller
chooses" between them; a loan may be taken "at any time" («à tout moment»); Scudo committed to a
sealed bid that is not yet resolved cannot be spent; and with the "tiebreak" goose the tied
players declare openly, before any addition, so that "in a two-player tie settled by the goose
nobody adds anything".

Seats are numbered from 0. Every game starts from a scripted set-up: three players with one
face-up card each (P1 two) and three cards in hand, so two auction rounds and two market windows.
"""

from __future__ import annotations

from typing import Any

import pytest

import tradekit
from tests.helpers import at_most_calls
from tradekit import IllegalActionError
from tradekit.games.turin import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    PassClaim,
    Pick,
    SellTo,
    TakeGoose,
    TakeLoan,
    TurinState,
)

GOOSE = {"players": 3, "goose": "tiebreak"}
HANDS3 = [[1, 2], [3, 4], [5, 6]]


def new_game(options: dict[str, Any] | None = None, **setup: Any) -> TurinState:
    """A scripted game (3 players, classic scoring, public money unless ``options`` say)."""
    game = tradekit.load_game("turin", **(options or {"players": 3}))
    state = game.new_state(seed=0, setup=setup)
    assert isinstance(state, TurinState)
    return state


def market_game(options: dict[str, Any] | None = None, **extra: Any) -> TurinState:
    """Face-up cards to list (P1: 1 and 13, P2: 2, P3: 3) and 3 cards each: 2 rounds."""
    setup: dict[str, Any] = {
        "face_up": [[1, 13], [2], [3]],
        "hands": [[4, 5, 6], [7, 8, 9], [10, 11, 12]],
    }
    setup.update(extra)
    return new_game(options, **setup)


def sealed(state: TurinState, actions: dict[int, Any]) -> None:
    for seat, action in sorted(actions.items()):
        state.apply(seat, action)


def to_round_two(state: TurinState, listings: dict[int, tuple[int, int]]) -> None:
    """Round 1 with every bid 0 (the lot is discarded), then a window in which each seat of
    ``listings`` lists (card, price); round 2 opens with its offers."""
    sealed(state, {0: Offer(4), 1: Offer(7), 2: Offer(10)})
    sealed(state, {0: Bid(0), 1: Bid(0), 2: Bid(0)})
    while state.phase == "market":
        seat = state.to_move[0]
        if seat in listings and seat not in state.listed_this_window:
            state.apply(seat, List(*listings[seat]))
        else:
            state.apply(seat, EndTurn())
    assert state.round == 2 and state.phase == "offer"


def round_two_bids(state: TurinState, *amounts: int) -> None:
    """Round 2: P1, P2, P3 offer cards 5, 8, 11, then bid ``amounts``."""
    sealed(state, {0: Offer(5), 1: Offer(8), 2: Offer(11)})
    sealed(state, {p: Bid(a) for p, a in enumerate(amounts)})


def lines(state: TurinState, round_: int) -> list[tuple[Any, Any, int, str]]:
    return [(t.payer, t.payee, t.amount, t.reason) for t in state.ledger if t.round == round_]


def placements(state: TurinState) -> list[tuple[int, int, int, bool]]:
    return [(pl.player, pl.place + 1, pl.prize, pl.won) for pl in state.placements]


def info(state: TurinState, what: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.log if e.data.get("what") == what]


def refused(state: TurinState, seat: object, action: object, *fragments: str) -> str:
    """``action`` is refused with every fragment in the reason, and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info_:
        state.apply(seat, action)  # type: ignore[arg-type]
    for fragment in fragments:
        assert fragment in info_.value.reason, (fragment, info_.value.reason)
    assert state.to_json() == before
    return info_.value.reason


def conserved(state: TurinState) -> None:
    for p in range(state.n):
        assert state.money()[p] - state.initial_money[p] == state.ledger.net(p)


def replays(state: TurinState) -> None:
    again = tradekit.replay(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.view("all") == state.view("all")


# ----------------------------------------------------------------------------------------------
# Purchases at any time
# ----------------------------------------------------------------------------------------------


def test_a_seat_not_to_move_buys_in_the_bid_step_with_what_is_left_above_its_sealed_bid():
    state = market_game()
    to_round_two(state, {0: (1, 6), 2: (3, 5)})
    sealed(state, {0: Offer(5), 1: Offer(8), 2: Offer(11)})
    state.apply(1, Bid(10))
    assert state.to_move == (0, 2)
    # P1 is not to move: it may do exactly what may be done out of turn. A sealed bid of 10
    # out of 15 leaves 5 to buy with: card 3 at 5, not card 1 at 6.
    assert list(state.legal_actions(1)) == [Buy(3), TakeLoan()]
    assert all(type(a) in TurinState.out_of_turn for a in state.legal_actions(1))
    refused(
        state,
        1,
        Buy(1),
        "the price 6 is more than the 5 Scudo P2 may spend",
        "10 are committed to a sealed bid",
    )
    refused(state, 1, Bid(3), "it is not P2's turn")
    state.apply(1, Buy(3))
    # The claim opens a short step: P0, neither the claimant nor the seller, may claim it too.
    assert state.phase == "claim" and state.to_move == (0,)
    assert list(state.legal_actions(0)) == [Buy(3), PassClaim(), TakeLoan()]
    assert info(state, "claim") == [
        {"what": "claim", "card": 3, "seller": 2, "price": 5, "asked": [0]}
    ]
    state.apply(0, PassClaim())
    # A single claimant buys without a decision of the seller.
    assert info(state, "sold") == [
        {"what": "sold", "card": 3, "seller": 2, "buyer": 1, "price": 5, "claimants": [1]}
    ]
    assert lines(state, 2) == [(1, 2, 5, "bought card 3")]
    assert state.face_up[1] == [2, 3] and state.face_up[2] == []
    assert state.scudo == [15 - 6, 10, 15 + 5]  # P2 took back its 5 locked Scudo too
    # Play resumes where it stopped: the same seats to move, P1's sealed bid kept.
    assert state.phase == "bid" and state.to_move == (0, 2)
    assert state.view(1).sealed[1] == Bid(10)
    sealed(state, {0: Bid(0), 2: Bid(0)})
    assert placements(state)[0] == (1, 1, 2, True)
    assert lines(state, 2) == [
        (1, 2, 5, "bought card 3"),
        (1, "bank", 10, "won place 1 (2 cards) with a bid of 10"),
    ]
    assert state.scudo[1] == 0
    conserved(state)
    replays(state)


def test_two_claimants_and_the_seller_chooses_the_buyer():
    state = market_game()
    to_round_two(state, {0: (1, 4), 2: (3, 2)})
    # Before an offer: P1, to move in the offer step, claims card 1.
    state.apply(1, Buy(1))
    assert state.phase == "claim" and state.to_move == (2,)
    # A second claim must wait until this one is settled; the card cannot be bought twice.
    refused(state, 1, Buy(3), "a claim on card 1 is being settled first")
    refused(state, 2, Buy(3), "card 3 cannot be claimed while card 1 is")
    state.apply(2, Buy(1))
    # Two claimants: the seller chooses, and cannot refuse them both.
    assert state.to_move == (0,)
    assert list(state.legal_actions(0)) == [SellTo(1), SellTo(2), TakeLoan()]
    refused(state, 0, SellTo(0), "P1 has not claimed card 1")
    refused(state, 0, EndTurn(), "in the claim step the choices are “sell to P2”")
    refused(state, 1, SellTo(1), "it is not P2's turn")
    state.apply(0, SellTo(2))
    assert info(state, "sold")[-1] == {
        "what": "sold",
        "card": 1,
        "seller": 0,
        "buyer": 2,
        "price": 4,
        "claimants": [1, 2],
    }
    assert lines(state, 2) == [(2, 0, 4, "bought card 1")]
    assert state.scudo == [15 + 4, 15, 15 - 2 - 4]
    # Back to the offer step, nobody has offered yet.
    assert state.phase == "offer" and state.to_move == (0, 1, 2)
    conserved(state)
    replays(state)


def test_buying_during_a_tie_break_leaves_the_addition_only_what_is_left():
    state = market_game()
    to_round_two(state, {2: (3, 5)})
    round_two_bids(state, 5, 5, 0)
    assert state.phase == "tiebreak" and state.to_move == (0, 1)
    state.apply(1, AddBid(3))
    # P1 committed 5 + 3: it may spend 7, so it could still buy card 3 at 5...
    assert state.committed(1) == 8 and state.spendable(1) == 7
    # ...but P0, still to add, buys it first, before its addition.
    state.apply(0, Buy(3))
    assert state.phase == "claim" and state.to_move == (1,)
    state.apply(1, PassClaim())
    assert state.phase == "tiebreak" and state.to_move == (0,)
    # A tie-break addition can use only what is left after the purchase: 15 - 5 - 5 = 5.
    refused(state, 0, AddBid(6), "P1's addition must be a whole number from 0 to 5; got 6")
    state.apply(0, AddBid(5))
    assert placements(state)[:2] == [(0, 1, 2, True), (1, 2, 1, True)]
    assert (0, "bank", 10, "won place 1 (2 cards) with a bid of 10") in lines(state, 2)
    assert state.scudo[0] == 0
    conserved(state)
    replays(state)


def test_a_card_is_bought_before_a_pick_and_the_picker_still_picks():
    state = market_game()
    to_round_two(state, {0: (13, 3)})
    round_two_bids(state, 0, 4, 2)
    assert state.phase == "pick" and state.to_move == (1,)
    # P2 is not to move; it buys P0's listing. P1 is asked too, and passes.
    state.apply(2, Buy(13))
    assert state.phase == "claim" and state.to_move == (1,)
    state.apply(1, PassClaim())
    assert state.phase == "pick" and state.to_move == (1,)
    assert 13 in state.face_up[2]
    state.apply(1, Pick(5))
    assert state.to_move == (1,)
    conserved(state)
    replays(state)


def test_with_secret_money_everybody_is_asked_and_who_cannot_pay_may_only_pass():
    state = market_game({"players": 3, "public_money": False}, scudo=[15, 0, 15])
    to_round_two(state, {2: (3, 4)})
    state.apply(0, Buy(3))
    # P1 holds nothing, yet is asked like anyone: being asked tells the table nothing.
    assert state.phase == "claim" and state.to_move == (1,)
    assert list(state.legal_actions(1)) == [PassClaim(), TakeLoan()]
    refused(state, 1, Buy(3), "the price 4 is more than the 0 Scudo P2 may spend")
    # A loan first, and then P1 may claim it too.
    state.apply(1, TakeLoan())
    assert state.to_move == (1,)
    state.apply(1, Buy(3))
    assert state.to_move == (2,)
    state.apply(2, SellTo(1))
    assert lines(state, 2) == [("bank", 1, 10, "loan taken"), (1, 2, 4, "bought card 3")]
    conserved(state)
    replays(state)


def test_two_players_a_claim_is_a_sale():
    state = new_game(
        {"players": 2}, face_up=[[1], [2]], hands=[[4, 5, 6], [7, 8, 9]], scudo=[15, 15]
    )
    sealed(state, {0: Offer(4), 1: Offer(7)})
    sealed(state, {0: Bid(0), 1: Bid(0)})
    state.apply(0, List(1, 3))
    while state.phase == "market":
        state.apply(state.to_move[0], EndTurn())
    assert state.phase == "offer"
    state.apply(0, Offer(5))
    state.apply(1, Buy(1))
    assert state.phase == "offer" and state.to_move == (1,)
    assert state.face_up[1] == [2, 1]
    conserved(state)


# ----------------------------------------------------------------------------------------------
# Loans at any time
# ----------------------------------------------------------------------------------------------


def test_a_loan_is_taken_out_of_turn_and_changes_nobody_s_turn():
    state = market_game()
    state.apply(0, Offer(4))
    assert state.to_move == (1, 2)
    assert list(state.legal_actions(0)) == [TakeLoan()]
    state.apply(0, TakeLoan())
    assert state.scudo[0] == 25 and state.loans == [True, False, False]
    assert state.to_move == (1, 2) and state.view(0).sealed[0] == Offer(4)
    refused(state, 0, TakeLoan(), "a player may hold at most one loan")
    assert lines(state, 1) == [("bank", 0, 10, "loan taken")]
    replays(state)


# ----------------------------------------------------------------------------------------------
# The goose, declared openly
# ----------------------------------------------------------------------------------------------


def test_the_goose_settles_a_two_player_tie_and_nobody_adds_anything():
    # Bids 3 / 1 / 3 with three players: P0 and P2 tie for places 1 and 2.
    state = new_game(GOOSE, hands=HANDS3)
    sealed(state, {0: Offer(1), 1: Offer(3), 2: Offer(5)})
    sealed(state, {0: Bid(3), 1: Bid(1), 2: Bid(3)})
    assert state.phase == "goose" and state.to_move == (0,)  # the block's lowest seat first
    refused(state, 0, AddBid(1), "in the goose declarations the choices are “take the goose")
    state.apply(0, TakeGoose())
    # P0 loses the tie: place 2 with its card, paying its whole bid. P2 takes place 1 and pays
    # just its bid of 3, with no addition; P1 pays half of 1, nothing.
    assert placements(state) == [(2, 1, 2, True), (0, 2, 1, True), (1, 3, 0, False)]
    assert lines(state, 1) == [
        (2, "bank", 3, "won place 1 (2 cards) with a bid of 3"),
        (0, "bank", 3, "won place 2 (1 card) with a bid of 3"),
    ]
    assert not any(isinstance(e.action, AddBid) for e in state.log)
    assert info(state, "contested") == [{"what": "contested", "blocks": []}]
    assert state.goose_holder == 0 and state.phase == "pick"
    replays(state)


def test_a_three_player_tie_declared_then_settled_by_additions():
    state = new_game(GOOSE, hands=HANDS3)
    sealed(state, {0: Offer(1), 1: Offer(3), 2: Offer(5)})
    sealed(state, {0: Bid(4), 1: Bid(4), 2: Bid(4)})
    assert state.phase == "goose" and state.to_move == (0,)
    state.apply(0, DeclineGoose())
    assert state.to_move == (1,)
    state.apply(1, TakeGoose())
    # P1 takes the lowest place, 3rd (no prize). P0 and P2 still contest places 1 and 2.
    assert info(state, "goose_taken") == [{"what": "goose_taken", "goose": 1, "place": 3}]
    assert info(state, "contested") == [{"what": "contested", "blocks": [[0, 2]]}]
    assert state.phase == "tiebreak" and state.to_move == (0, 2)
    assert state.view(0).tie_places == ((0, 1),)
    refused(state, 1, AddBid(0), "it is not P2's turn")
    sealed(state, {0: AddBid(2), 2: AddBid(1)})
    assert placements(state) == [(0, 1, 2, True), (2, 2, 1, True), (1, 3, 0, False)]
    assert lines(state, 1) == [
        (0, "bank", 6, "won place 1 (2 cards) with a bid of 6"),
        (2, "bank", 5, "won place 2 (1 card) with a bid of 5"),
        (1, "bank", 2, "lost with a bid of 4: half rounded down"),
    ]
    replays(state)


def test_the_holder_hands_the_goose_in_a_three_player_tie_and_the_rest_add():
    state = new_game(GOOSE, hands=HANDS3, goose=2)
    sealed(state, {0: Offer(1), 1: Offer(3), 2: Offer(5)})
    sealed(state, {0: Bid(4), 1: Bid(4), 2: Bid(4)})
    # Only the tied holder has something to declare.
    assert state.phase == "goose" and state.to_move == (2,)
    assert list(state.legal_actions(2)) == [GiveGoose(0), GiveGoose(1), DeclineGoose(), TakeLoan()]
    state.apply(2, GiveGoose(0))
    assert state.goose_holder == 0
    assert info(state, "goose_given") == [{"what": "goose_given", "goose": 0, "place": 1}]
    # P2 wins the tie: place 1. P0 and P1 contest places 2 (one card) and 3 (none).
    assert state.phase == "tiebreak" and state.to_move == (0, 1)
    sealed(state, {0: AddBid(0), 1: AddBid(2)})
    assert placements(state) == [(2, 1, 2, True), (1, 2, 1, True), (0, 3, 0, False)]
    replays(state)


def test_a_purchase_during_the_goose_declarations_keeps_the_bid_committed():
    state = market_game(GOOSE)
    to_round_two(state, {2: (3, 6)})
    round_two_bids(state, 10, 10, 0)
    assert state.phase == "goose" and state.to_move == (0,)
    # P1's revealed bid of 10 is committed until it is paid: 5 left, not enough for 6.
    refused(state, 1, Buy(3), "the price 6 is more than the 5 Scudo P2 may spend")
    state.apply(0, TakeLoan())
    state.apply(0, Buy(3))
    state.apply(1, PassClaim())
    assert state.phase == "goose" and state.to_move == (0,)
    state.apply(0, TakeGoose())
    assert placements(state)[:2] == [(1, 1, 2, True), (0, 2, 1, True)]
    conserved(state)
    replays(state)


# ----------------------------------------------------------------------------------------------
# One declaration per rule: the legal list is lazy
# ----------------------------------------------------------------------------------------------


def test_a_fortune_of_scudo_costs_nothing_to_list_or_check():
    state = new_game(hands=HANDS3)
    sealed(state, {0: Offer(1), 1: Offer(3), 2: Offer(5)})
    state.scudo[0] = 10**9  # far beyond any scripted set-up: only the cost is tested here
    with at_most_calls(1_000):  # a few hundred calls: nothing is listed
        legal = state.legal_actions(0)
        assert len(legal) == 10**9 + 2
        assert legal[10**9] == Bid(10**9) and legal[-1] == TakeLoan()
        assert state.can(0, Bid(10**9)) and not state.can(0, Bid(10**9 + 1))


def test_undo_inside_a_claim_step():
    state = market_game()
    to_round_two(state, {0: (1, 4)})
    state.apply(1, Buy(1))
    state.apply(2, Buy(1))
    assert state.to_move == (0,)
    assert state.undo() == Buy(1)
    assert state.phase == "claim" and state.to_move == (2,)
    state.apply(2, PassClaim())
    assert state.face_up[1] == [2, 1]
    replays(state)
