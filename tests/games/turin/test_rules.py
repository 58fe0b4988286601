"""Turin Market, scenario by scenario, against the rules as the engine plays them.

Each test starts from a scripted set-up (or a seeded deal), plays the decisions a table of students
would make, and checks the exact Scudo, cards, ledger lines and log events. Read a test from top to
bottom as a small story of a game.

Seats are numbered from 0. In the rulebook's examples J2, J3 and J4 are seats 0, 1 and 2.

Cards used below (from ``data/turin/cards.csv``: the good shown 3 times, 2 times and once):

    #1  truffles 3, vermouth 2, cheese 1      #10 grapes 3, rice 2, hazelnuts 1
    #2  chocolate 3, wheat 2, rice 1          #11 cheese 3, grapes 2, vermouth 1
    #3  coffee 3, chocolate 2, grapes 1       #12 cheese 3, wheat 2, grapes 1
    #5  vermouth 3, hazelnuts 2, chocolate 1  #13 rice 3, truffles 2, grapes 1
    #9  grapes 3, hazelnuts 2, truffles 1     #15 rice 3, cheese 2, chocolate 1

Classic payouts (``data/turin/payouts.csv``): truffles 10, chocolate 9, coffee 8, vermouth 7,
hazelnuts 7, grapes 6, cheese 6, rice 5, wheat 5.
"""

from __future__ import annotations

import csv
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tradekit
from tests.helpers import DATA as SHIPPED
from tradekit import IllegalActionError, ReplayError
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
    TakeGoose,
    TakeLoan,
    TurinGame,
    TurinMatch,
    TurinState,
    Withdraw,
)
from tradekit.render import Context, narrate

DATA = SHIPPED / "turin"


# ----------------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------------


def new_game(players: int = 3, seed: int = 0, **setup: Any):
    """A scripted game with the default options (classic scoring, public money, no goose)."""
    return tradekit.load_game("turin", players=players).new_state(seed=seed, setup=setup)


def new_variant(options: dict[str, Any], seed: int = 0, **setup: Any):
    """A scripted game with the given options."""
    return tradekit.load_game("turin", **options).new_state(seed=seed, setup=setup)


def sealed(state, actions: dict[int, Any]) -> None:
    """Every listed seat submits its sealed choice (offer, bid or tie-break), in seat order."""
    for seat, action in sorted(actions.items()):
        state.apply(seat, action)


def offers(state, cards: list[int]) -> None:
    """Seat p offers cards[p]."""
    sealed(state, {p: Offer(c) for p, c in enumerate(cards)})


def bids(state, amounts: list[int]) -> None:
    """Seat p bids amounts[p]."""
    sealed(state, {p: Bid(a) for p, a in enumerate(amounts)})


def finish_market(state) -> None:
    """Every seat whose market turn it is ends it, until the window closes."""
    while state.phase == "market":
        state.apply(state.to_move[0], EndTurn())


def lines(state, phase: str | None = None) -> list[tuple[Any, Any, int, str]]:
    """The ledger as (payer, payee, amount, reason) rows, optionally for one phase."""
    return [(t.payer, t.payee, t.amount, t.reason) for t in state.ledger.entries(phase=phase)]


def round_lines(state, round_: int) -> list[tuple[Any, Any, int, str]]:
    """The ledger rows of one auction round."""
    return [(t.payer, t.payee, t.amount, t.reason) for t in state.ledger if t.round == round_]


def events(state, kind: str | None = None, key: str | None = None) -> list:
    """Log events of a kind, and/or whose data has a key."""
    return [
        e for e in state.log if (kind is None or e.kind == kind) and (key is None or key in e.data)
    ]


def placements(state) -> list[tuple[int, int, int, bool]]:
    """The last round's (seat, place 1-based, prize, won) rows, best place first."""
    return [(pl.player, pl.place + 1, pl.prize, pl.won) for pl in state.placements]


def assert_money_conserved(state) -> None:
    """Every coin that moved is in the ledger: money now - money at start == ledger net."""
    for p in range(state.n):
        assert state.money()[p] - state.initial_money[p] == state.ledger.net(p)


def payouts_table() -> dict[str, dict[str, int]]:
    """payouts.csv read independently of the engine: {scoring: {good: payout}}."""
    with open(DATA / "payouts.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {s: {r["good"]: int(r[s]) for r in rows} for s in ("classic", "red")}


def refused(state, seat, action, *fragments: str) -> IllegalActionError:
    """``action`` by ``seat`` raises IllegalActionError naming every fragment; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert state.to_json() == before
    assert not state.can(seat, action)
    return info.value


# ----------------------------------------------------------------------------------------------
# 1. The rulebook's 3-player round
# ----------------------------------------------------------------------------------------------


def test_rulebook_round_three_players():
    # J1, J2, J3 = seats 0, 1, 2. Each has 2 cards: one auction round, one card kept to the end.
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    assert state.rounds == 1
    assert state.phase == "offer" and state.to_move == (0, 1, 2)

    offers(state, [1, 3, 5])
    assert state.phase == "bid" and state.lot == [1, 3, 5]

    # J3 bids 4, J1 and J2 bid 2: J1 and J2 tie for second place and play a tie-break round.
    bids(state, [2, 2, 4])
    assert state.phase == "tiebreak"
    assert state.to_move == (0, 1)
    assert events(state, "info", "blocks")[-1].data == {"what": "tie_round", "blocks": [[0, 1]]}
    # No card is chosen until every tie is resolved, and nobody has paid yet. P2 is not to
    # move: only what may be done out of turn (a loan; nothing is for sale) is open to them.
    assert state.legal_actions(2) == [TakeLoan()]
    refused(state, 2, Pick(1), "not P3's turn")
    assert len(state.ledger) == 0

    # J2 adds 1, J1 adds 0.
    sealed(state, {0: AddBid(0), 1: AddBid(1)})
    assert placements(state) == [(2, 1, 2, True), (1, 2, 1, True), (0, 3, 0, False)]
    assert round_lines(state, 1) == [
        (2, "bank", 4, "won place 1 (2 cards) with a bid of 4"),
        (1, "bank", 3, "won place 2 (1 card) with a bid of 3"),
        (0, "bank", 1, "lost with a bid of 2: half rounded down"),
    ]
    assert state.scudo == [14, 12, 11]

    # J3 picks 2 cards first, one at a time...
    assert state.phase == "pick" and state.to_move == (2,)
    assert state.legal_actions(2) == [Pick(1), Pick(3), Pick(5), TakeLoan()]
    refused(state, 1, Pick(3), "not P2's turn")
    state.apply(2, Pick(5))
    assert state.to_move == (2,)
    state.apply(2, Pick(1))
    # ...then J2 takes the one card left (no choice left, so no decision).
    assert [e.data for e in events(state, "info", "takes")] == [{"what": "takes", "takes": 3}]
    assert events(state, "info", "takes")[0].player == 1
    assert state.face_up == [[], [3], [5, 1]]
    assert state.lot == [] and state.discarded == []

    finish_market(state)
    assert state.is_over
    # The card each kept in hand joins their face-up cards at the end.
    assert [sorted(f) for f in state.face_up] == [[2], [3, 4], [1, 5, 6]]
    assert_money_conserved(state)


def test_the_rulebook_round_is_told_in_short_as_the_rulebook_tells_it():
    # The rulebook: "J2 bids 4, J0 and J1 bid 2, J1 adds 1. J2 wins and pays 4, J1 wins and
    # pays 3, J0 loses and pays half of 2, which is 1." Seats count from 1 in every text.
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [2, 2, 4])
    sealed(state, {0: AddBid(0), 1: AddBid(1)})
    told = [e for e in state.log if e.data.get("what") == "told"]
    assert len(told) == 1 and told[0].visible_to is None  # told to everybody, once
    # After the payments, before the picks.
    at = state.log.index(told[0])
    assert state.log[at - 1].data["what"] == "payment" and state.phase == "pick"
    en, fr = (narrate(told[0], Context(state.game, lang)) for lang in ("en", "fr"))
    assert en == (
        "Round 1 in short: P3 bid 4 and takes place 1 (2 cards), paying 4; "
        "P2 bid 2 and added 1: place 2 (1 card), paying 3; "
        "P1 bid 2: no card, paying half, 1."
    )
    assert fr == (
        "La manche 1 en bref : J3 a misé 4 et prend la place 1 (2 cartes), paie 4 ; "
        "J2 a misé 2 et ajouté 1 : place 2 (1 carte), paie 3 ; "
        "J1 a misé 2 : aucune carte, paie la moitié, 1."
    )
    # The facts are the engine's, in numbers: the words are the catalogue's, in each language.
    parts = told[0].data["parts"]
    assert [(p["fields"]["seat"], p["fields"]["pays"]) for p in parts] == [(2, 4), (1, 3), (0, 1)]


# ----------------------------------------------------------------------------------------------
# 2. The rulebook's grapes payout
# ----------------------------------------------------------------------------------------------


def test_rulebook_grapes_majority_pays_six_plus_one_from_each_other_holder():
    # An end position: no hands, so the game is scored at once.
    # P0 #9 (grapes 3, hazelnuts 2, truffles 1); P1 #3 (coffee 3, chocolate 2, grapes 1);
    # P2 #12 (cheese 3, wheat 2, grapes 1). Only grapes is held by more than one player.
    state = new_game(3, face_up=[[9], [3], [12]])
    assert state.is_over

    grapes = [row for row in lines(state, "scoring") if "grapes" in row[3]]
    assert grapes == [
        ("bank", 0, 6, "majority of grapes: bank payout"),
        (1, 0, 1, "holds grapes without the majority"),
        (2, 0, 1, "holds grapes without the majority"),
    ]
    # Every other good has a single holder, who receives the bank payout and nothing else.
    others = [row for row in lines(state, "scoring") if "grapes" not in row[3]]
    assert others == [
        ("bank", 0, 10, "majority of truffles: bank payout"),
        ("bank", 1, 9, "majority of chocolate: bank payout"),
        ("bank", 1, 8, "majority of coffee: bank payout"),
        ("bank", 0, 7, "majority of hazelnuts: bank payout"),
        ("bank", 2, 6, "majority of cheese: bank payout"),
        ("bank", 2, 5, "majority of wheat: bank payout"),
    ]
    assert state.scores() == [15 + 10 + 7 + 6 + 2, 15 + 9 + 8 - 1, 15 + 6 + 5 - 1]
    assert state.winners() == [0]
    majority = [e for e in events(state, "info", "majority") if e.data["good"] == "grapes"]
    assert majority[0].data == {
        "what": "majority",
        "good": "grapes",
        "majority": [0],
        "others": [1, 2],
    }
    assert_money_conserved(state)


# ----------------------------------------------------------------------------------------------
# 3. Zero ties
# ----------------------------------------------------------------------------------------------


def test_everybody_bids_zero_nobody_wins_and_the_lot_is_discarded():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [0, 0, 0])
    assert all(not won for *_, won in placements(state))
    assert state.discarded == [1, 3, 5]
    assert [t for t in state.ledger if t.phase != "scoring"] == []  # nobody paid in the auction
    assert events(state, "info", "discard")[-1].data == {"what": "discard", "discard": [1, 3, 5]}
    # No face-up card anywhere, so there is no market window: the game is over, and only the
    # cards kept in hand are face up.
    assert state.is_over
    assert state.face_up == [[2], [4], [6]]


def test_zero_tie_for_a_lower_prize_place_voids_only_that_place():
    # 4 players, one card each and no centre: one normal round, prizes 2, 1, 1, 0.
    state = new_game(4, hands=[[1], [2], [3], [4]])
    assert state.rounds == 1 and state.prizes == (2, 1, 1, 0)
    offers(state, [1, 2, 3, 4])
    bids(state, [5, 3, 0, 0])
    # P2 and P3 tie at 0 for places 3-4: no tie-break, place 3 (1 card) is voided.
    assert state.phase == "pick"
    assert placements(state) == [
        (0, 1, 2, True),
        (1, 2, 1, True),
        (2, 3, 0, False),
        (3, 4, 0, False),
    ]
    assert [pl.voided for pl in state.placements] == [False, False, True, False]
    assert round_lines(state, 1) == [
        (0, "bank", 5, "won place 1 (2 cards) with a bid of 5"),
        (1, "bank", 3, "won place 2 (1 card) with a bid of 3"),
    ]
    state.apply(0, Pick(4))
    state.apply(0, Pick(1))
    assert state.to_move == (1,)
    state.apply(1, Pick(3))
    # The voided place's card is discarded after the picks.
    assert state.discarded == [2]
    assert state.face_up == [[4, 1], [3], [], []]


# ----------------------------------------------------------------------------------------------
# 4. A three-way tie at a positive bid
# ----------------------------------------------------------------------------------------------


def test_three_way_tie_is_ordered_by_additions_within_its_block():
    state = new_game(4, hands=[[1], [2], [3], [4]])
    offers(state, [1, 2, 3, 4])
    bids(state, [6, 3, 3, 3])
    assert state.phase == "tiebreak" and state.to_move == (1, 2, 3)
    # P2 adds 5: a whole bid of 8, more than P0's 6, but a tie for 2nd cannot take 1st.
    sealed(state, {1: AddBid(0), 2: AddBid(5), 3: AddBid(2)})
    assert placements(state) == [
        (0, 1, 2, True),
        (2, 2, 1, True),
        (3, 3, 1, True),
        (1, 4, 0, False),
    ]
    assert round_lines(state, 1) == [
        (0, "bank", 6, "won place 1 (2 cards) with a bid of 6"),
        (2, "bank", 8, "won place 2 (1 card) with a bid of 8"),
        (3, "bank", 5, "won place 3 (1 card) with a bid of 5"),
        (1, "bank", 1, "lost with a bid of 3: half rounded down"),
    ]
    # Picks follow the places: P0 twice, then P2, then P3 takes the last card.
    picked = []
    while state.phase == "pick":
        seat = state.to_move[0]
        picked.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert picked == [0, 0, 2]
    assert state.face_up == [[1, 2], [], [3], [4]]


# ----------------------------------------------------------------------------------------------
# 5. Still tied having added 0
# ----------------------------------------------------------------------------------------------


def test_still_tied_at_zero_added_wins_nothing_and_pays_half():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [4, 3, 3])
    sealed(state, {1: AddBid(0), 2: AddBid(0)})
    assert placements(state) == [(0, 1, 2, True), (1, 2, 0, False), (2, 3, 0, False)]
    assert [pl.voided for pl in state.placements] == [False, True, False]
    assert round_lines(state, 1) == [
        (0, "bank", 4, "won place 1 (2 cards) with a bid of 4"),
        (1, "bank", 1, "tied at place 2 without winning: half of 3 rounded down"),
        (2, "bank", 1, "lost with a bid of 3: half rounded down"),
    ]
    state.apply(0, Pick(3))
    state.apply(0, Pick(5))
    # The card of the voided 2nd place is discarded after P0's picks.
    assert state.face_up[0] == [3, 5]
    assert state.discarded == [1]


# ----------------------------------------------------------------------------------------------
# 6. Still tied at the same positive addition: a coin flip
# ----------------------------------------------------------------------------------------------


def coin_flip_round(seed: int):
    state = new_game(3, seed=seed, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [5, 3, 3])
    sealed(state, {1: AddBid(1), 2: AddBid(1)})
    return state


def test_same_positive_addition_is_settled_by_a_logged_coin_flip():
    state = coin_flip_round(seed=0)
    flips = events(state, "chance", "flip")
    assert len(flips) == 1
    order = flips[0].data["flip"]
    assert sorted(order) == [1, 2]
    # The flip's winner takes 2nd place (1 card, pays 4); the other is 3rd (pays half of 4).
    first, second = order
    assert placements(state) == [(0, 1, 2, True), (first, 2, 1, True), (second, 3, 0, False)]
    assert round_lines(state, 1)[1:] == [
        (first, "bank", 4, "won place 2 (1 card) with a bid of 4"),
        (second, "bank", 2, "lost with a bid of 4: half rounded down"),
    ]
    # A replay reproduces the flip exactly.
    again = tradekit.replay(state.to_json())
    assert isinstance(again, TurinState)
    assert events(again, "chance", "flip")[0].data == {"what": "flip", "flip": order}
    assert again.placements == state.placements


def test_coin_flip_depends_on_the_seed():
    # Same decisions, different seeds: seed 0 gives P1 the 2nd place, seed 3 gives it to P2.
    with_seed_0 = coin_flip_round(seed=0)
    with_seed_3 = coin_flip_round(seed=3)
    assert events(with_seed_0, "chance", "flip")[0].data == {"what": "flip", "flip": [1, 2]}
    assert events(with_seed_3, "chance", "flip")[0].data == {"what": "flip", "flip": [2, 1]}
    assert placements(with_seed_0)[1:] == [(1, 2, 1, True), (2, 3, 0, False)]
    assert placements(with_seed_3)[1:] == [(2, 2, 1, True), (1, 3, 0, False)]
    # Over a few seeds both orders occur.
    orders = {tuple(events(coin_flip_round(s), "chance", "flip")[0].data["flip"]) for s in range(8)}
    assert orders == {(1, 2), (2, 1)}


# ----------------------------------------------------------------------------------------------
# 7. Odd bids: losers pay half rounded down
# ----------------------------------------------------------------------------------------------


def test_losing_bid_of_five_pays_two():
    state = new_game(2, hands=[[1, 2], [3, 4]])
    offers(state, [1, 3])
    bids(state, [6, 5])
    assert round_lines(state, 1) == [
        (0, "bank", 6, "won place 1 (2 cards) with a bid of 6"),
        (1, "bank", 2, "lost with a bid of 5: half rounded down"),
    ]
    assert state.scudo == [9, 13]


def test_losing_bid_of_one_pays_nothing_and_leaves_no_ledger_line():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [3, 2, 1])
    assert round_lines(state, 1) == [
        (0, "bank", 3, "won place 1 (2 cards) with a bid of 3"),
        (1, "bank", 2, "won place 2 (1 card) with a bid of 2"),
    ]
    assert state.ledger.entries(2) == []
    assert state.scudo[2] == 15
    # The log still says what P2 paid.
    p2 = [e for e in events(state, "info", "pays") if e.player == 2]
    assert p2[0].data["pays"] == 0 and p2[0].data["bid"] == 1


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    amounts=st.lists(st.integers(0, 15), min_size=4, max_size=4),
    added=st.lists(st.integers(0, 3), min_size=4, max_size=4),
)
def test_every_round_pays_whole_bids_for_winners_and_half_down_for_others(amounts, added):
    # Any 4-player round: whatever the bids and tie-break additions, a winner pays the whole
    # bid, everyone else half of it rounded down, and a whole bid of 0 never wins.
    state = new_game(4, hands=[[1], [2], [3], [4]])
    offers(state, [1, 2, 3, 4])
    bids(state, amounts)
    if state.phase == "tiebreak":
        sealed(state, {p: AddBid(min(added[p], 15 - amounts[p])) for p in state.to_move})
    whole = {pl.player: pl.bid for pl in state.placements}
    for pl in state.placements:
        assert whole[pl.player] >= amounts[pl.player]
        paid = 15 - state.scudo[pl.player]
        assert paid == (pl.bid if pl.won else pl.bid // 2)
        assert not (pl.won and pl.bid == 0)
    # Nobody who bid less ranks above someone who bid more.
    order = [pl.player for pl in state.placements]
    assert order == sorted(order, key=lambda p: -amounts[p])
    assert sum(pl.prize for pl in state.placements) <= 4


# ----------------------------------------------------------------------------------------------
# 8. Round 1 with 4 and 5 players: the centre cards, no offer step
# ----------------------------------------------------------------------------------------------


def test_four_players_round_one_auctions_the_two_centre_cards():
    state = new_game(4, centre=[1, 2], hands=[[3], [4], [5], [6]])
    assert state.rounds == 2
    # The offer step is skipped: bidding starts at once, on the centre cards.
    assert state.round == 1 and state.phase == "bid"
    assert state.lot == [1, 2] and state.centre == []
    assert state.prizes == (1, 1, 0, 0)
    assert not any(isinstance(a, Offer) for a in state.legal_actions(0))
    refused(state, 0, Offer(3), "in the bids")

    bids(state, [3, 2, 1, 0])
    assert placements(state) == [
        (0, 1, 1, True),
        (1, 2, 1, True),
        (2, 3, 0, False),
        (3, 4, 0, False),
    ]
    assert round_lines(state, 1) == [
        (0, "bank", 3, "won place 1 (1 card) with a bid of 3"),
        (1, "bank", 2, "won place 2 (1 card) with a bid of 2"),
    ]
    state.apply(0, Pick(2))
    assert state.face_up == [[2], [1], [], []]
    finish_market(state)
    # Round 2 is a normal round, with an offer step and prizes 2, 1, 1, 0.
    assert state.round == 2 and state.phase == "offer" and state.prizes == (2, 1, 1, 0)


def test_five_players_round_one_auctions_the_three_centre_cards():
    state = new_game(5, centre=[1, 2, 3], hands=[[4], [5], [6], [7], [8]])
    assert state.rounds == 2
    assert state.round == 1 and state.phase == "bid"
    assert state.lot == [1, 2, 3] and state.prizes == (1, 1, 1, 0, 0)
    bids(state, [1, 4, 3, 2, 0])
    assert placements(state) == [
        (1, 1, 1, True),
        (2, 2, 1, True),
        (3, 3, 1, True),
        (0, 4, 0, False),
        (4, 5, 0, False),
    ]
    state.apply(1, Pick(3))
    state.apply(2, Pick(1))
    assert state.face_up == [[], [3], [1], [2], []]
    finish_market(state)
    assert state.round == 2 and state.phase == "offer" and state.prizes == (2, 2, 1, 0, 0)


# ----------------------------------------------------------------------------------------------
# 9. The set-up table for dealt games
# ----------------------------------------------------------------------------------------------


def play_out(state) -> None:
    """Play to the end: first card offered, bid 1 each, first choice everywhere, add 0."""
    while not state.is_over:
        seat = state.to_move[0]
        if state.phase == "bid":
            state.apply(seat, Bid(1 if state.scudo[seat] else 0))
        elif state.phase == "market":
            state.apply(seat, EndTurn())
        else:
            state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.parametrize(
    ("players", "dealt", "centre", "rounds", "unseen", "kept"),
    [(2, 6, 0, 5, 6, 1), (3, 6, 0, 5, 0, 1), (4, 4, 2, 5, 0, 0), (5, 3, 3, 4, 0, 0)],
)
def test_dealt_setup_follows_the_table(players, dealt, centre, rounds, unseen, kept):
    state = tradekit.load_game("turin", players=players).new_state(seed=11)
    assert [len(h) for h in state.hands] == [dealt] * players
    assert state.rounds == rounds
    assert state.scudo == [15] * players
    assert len(state.unseen) == unseen
    assert state.view(0).unseen_discards == unseen
    # Nobody at the table sees the unseen discards; the teacher does.
    assert not any("unseen" in e.data for e in state.visible_log(0))
    assert any("unseen" in e.data for e in state.visible_log("all")) == bool(unseen)
    if centre:
        # Round 1 auctions the centre cards straight away.
        assert state.phase == "bid" and len(state.lot) == centre
    else:
        assert state.phase == "offer" and state.lot == []
    locations = state.card_locations()
    assert sorted(c for cards in locations.values() for c in cards) == list(range(1, 19))

    dealt_hands = [list(h) for h in state.hands]
    play_out(state)
    assert {e.round for e in events(state, "reveal", "bids")} == set(range(1, rounds + 1))
    kept_events = events(state, "reveal", "kept")
    if kept:
        # Each player's last card is revealed and joins their face-up cards.
        assert [e.player for e in kept_events] == list(range(players))
        for e in kept_events:
            (card,) = e.data["kept"]
            assert card in dealt_hands[e.player]
            assert card in state.face_up[e.player]
    else:
        assert kept_events == []
    assert state.hands == [[]] * players
    assert sorted(c for cards in state.card_locations().values() for c in cards) == list(
        range(1, 19)
    )
    assert_money_conserved(state)


def test_the_log_keeps_what_was_dealt():
    state = tradekit.load_game("turin", players=4).new_state(seed=11)
    dealt = [list(h) for h in state.hands]
    centre = list(state.lot)
    play_out(state)
    deals = [e.data["deal"] for e in events(state, "chance", "deal")]
    assert deals == dealt
    assert events(state, "info", "lot")[0].data == {"what": "centre_lot", "lot": centre}


# ----------------------------------------------------------------------------------------------
# 10. The market
# ----------------------------------------------------------------------------------------------


def market_game():
    """3 players with one face-up card each (P1 two) and 3 cards in hand: 2 auction rounds."""
    return new_game(
        3,
        face_up=[[1, 13], [2], [3]],
        hands=[[4, 5, 6], [7, 8, 9], [10, 11, 12]],
    )


def zero_round(state, cards: list[int]) -> None:
    """A round where everybody offers and bids 0: the lot is discarded."""
    offers(state, cards)
    bids(state, [0, 0, 0])


def test_listing_locks_scudo_and_limits_the_window():
    state = market_game()
    zero_round(state, [4, 7, 10])
    assert state.phase == "market" and state.to_move == (0,)  # round 1: starts with seat 0

    refused(state, 0, List(1, 0), "the price must be a whole number from 1 to 15; got 0")
    refused(state, 0, List(1, 16), "got 16 (it is locked from P1's own 15 unlocked Scudo")
    refused(state, 0, List(2, 3), "card 2 is not among P1's face-up cards")
    state.apply(0, List(1, 4))
    assert state.scudo[0] == 11 and state.locked(0) == 4 and state.money()[0] == 15
    assert [(x.card, x.seller, x.price) for x in state.listings.values()] == [(1, 0, 4)]
    assert len(state.ledger) == 0  # locking moves no money

    # One listing per player per window; no withdrawing before another auction round;
    # no buying one's own listing.
    refused(state, 0, List(13, 2), "only one card per market window")
    refused(state, 0, Withdraw(1), "at least one auction round")
    refused(state, 0, Buy(1), "cannot buy their own listing")
    state.apply(0, EndTurn())

    # A full quiet turn of the table closes the window (P0 has nothing left to do: skipped).
    assert state.to_move == (1,)
    state.apply(1, EndTurn())
    state.apply(2, EndTurn())
    assert state.round == 2 and state.phase == "offer"
    skipped = [e for e in state.log if e.text == "P1 has nothing to do in the market"]
    assert [(e.round, e.player) for e in skipped] == [(1, 0)]

    # Locked Scudo cannot be bid.
    offers(state, [5, 8, 11])
    error = refused(
        state,
        0,
        Bid(12),
        "P1's bid must be a whole number from 0 to 11; got 12",
        "4 more are locked",
    )
    assert error.player == 0 and error.action == Bid(12)
    assert Bid(11) in state.legal_actions(0) and Bid(12) not in state.legal_actions(0)


def test_buying_pays_the_seller_and_moves_the_card():
    state = market_game()
    zero_round(state, [4, 7, 10])
    state.apply(0, List(1, 4))
    finish_market(state)
    zero_round(state, [5, 8, 11])
    # Round 2's window starts with seat 1.
    assert state.phase == "market" and state.to_move == (1,)
    state.apply(1, Buy(1))
    # A claim step: P2 (the only other player who is not the seller) may claim it too.
    assert state.phase == "claim" and state.to_move == (2,)
    state.apply(2, PassClaim())
    # A single claimant buys without a decision of the seller; P1's market turn goes on.
    assert state.phase == "market" and state.to_move == (1,)
    assert round_lines(state, 2) == [(1, 0, 4, "bought card 1")]
    assert state.scudo == [15 + 4, 15 - 4, 15]  # the seller took back the 4 locked Scudo too
    assert state.locked(0) == 0 and state.listings == {}
    assert state.face_up[0] == [13] and state.face_up[1] == [2, 1]
    # The buyer may re-list what they bought in the same window.
    assert state.can(1, List(1, 2))
    finish_market(state)
    assert state.is_over
    assert_money_conserved(state)


def test_a_listing_can_be_withdrawn_after_one_more_auction_round():
    state = market_game()
    zero_round(state, [4, 7, 10])
    state.apply(0, List(1, 4))
    finish_market(state)
    zero_round(state, [5, 8, 11])
    state.apply(1, EndTurn())
    state.apply(2, EndTurn())
    assert state.to_move == (0,)
    assert Withdraw(1) in state.legal_actions(0)
    state.apply(0, Withdraw(1))
    assert state.scudo[0] == 15 and state.locked(0) == 0 and state.listings == {}
    assert state.face_up[0] == [1, 13]
    assert len(state.ledger) == 0


def test_listings_left_at_the_end_are_taken_down_before_scoring():
    state = market_game()
    zero_round(state, [4, 7, 10])
    finish_market(state)
    zero_round(state, [5, 8, 11])
    # The last window, before final scoring: P2 lists card 3 and nobody buys it.
    state.apply(1, EndTurn())
    state.apply(2, List(3, 7))
    finish_market(state)
    assert state.is_over
    assert state.listings == {} and state.locked(2) == 0
    assert 3 in state.face_up[2]
    taken_down = [e for e in state.log if "taken down" in e.text]
    assert [e.player for e in taken_down] == [2]
    # Scored with the card and all 15 Scudo, as if never listed.
    unlisted = market_game()
    zero_round(unlisted, [4, 7, 10])
    finish_market(unlisted)
    zero_round(unlisted, [5, 8, 11])
    finish_market(unlisted)
    assert state.scores() == unlisted.scores()


def test_market_window_stays_open_while_someone_acts():
    state = market_game()
    zero_round(state, [4, 7, 10])
    script = [
        (0, EndTurn()),  # quiet
        (1, List(2, 3)),  # active: P1's turn goes on until P1 ends it
        (1, EndTurn()),
        (2, EndTurn()),  # quiet
        (0, Buy(2)),  # active
        (2, PassClaim()),  # the claim step: P2 lets P0 have it
        (0, EndTurn()),
        # P1 has listed this window and has no listing left: nothing to do, skipped (quiet).
        (2, EndTurn()),  # quiet
        (0, EndTurn()),  # quiet: a full quiet turn of the table, the window closes
    ]
    for seat, action in script:
        assert state.phase in ("market", "claim") and state.to_move == (seat,), (seat, action)
        state.apply(seat, action)
    assert state.phase == "offer" and state.round == 2
    assert state.face_up[0] == [1, 13, 2]


def test_a_loan_taken_in_the_market_pays_for_a_card():
    state = new_game(
        3, face_up=[[1], [2], [3]], hands=[[4, 5], [7, 8], [10, 11]], scudo=[15, 2, 15]
    )
    zero_round(state, [4, 7, 10])
    state.apply(0, List(1, 5))
    state.apply(0, EndTurn())
    # P1 holds 2 Scudo: not enough for the price, but with a loan they could pay, so P1 has a turn.
    assert state.to_move == (1,)
    refused(state, 1, Buy(1), "the price 5 is more than the 2 unlocked Scudo P2 holds")
    state.apply(1, TakeLoan())
    state.apply(1, Buy(1))
    state.apply(2, PassClaim())
    assert state.scudo[1] == 2 + 10 - 5
    assert round_lines(state, 1) == [("bank", 1, 10, "loan taken"), (1, 0, 5, "bought card 1")]


def test_a_player_with_no_scudo_may_take_a_loan_and_list():
    state = new_game(
        3, face_up=[[1], [2], [3]], hands=[[4, 5], [7, 8], [10, 11]], scudo=[0, 15, 15]
    )
    zero_round(state, [4, 7, 10])
    assert state.phase == "market" and state.to_move == (0,)
    state.apply(0, TakeLoan())
    state.apply(0, List(1, 3))
    assert state.locked(0) == 3


# ----------------------------------------------------------------------------------------------
# 11. Loans
# ----------------------------------------------------------------------------------------------


def test_a_loan_gives_ten_now_and_costs_fifteen_at_the_end():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    assert TakeLoan() in state.legal_actions(1)
    state.apply(1, TakeLoan())
    assert state.scudo[1] == 25 and state.loans == [False, True, False]
    assert lines(state) == [("bank", 1, 10, "loan taken")]
    refused(state, 1, TakeLoan(), "at most one loan")
    assert TakeLoan() not in state.legal_actions(1)
    # Taking a loan is not the player's decision for the step: they still offer a card.
    assert state.to_move == (0, 1, 2)
    offers(state, [1, 3, 5])
    bids(state, [0, 20, 0])
    state.apply(1, Pick(1))
    state.apply(1, Pick(3))
    finish_market(state)
    assert state.is_over
    assert state.ledger.entries(1, phase="scoring")[-1] == tradekit.Transfer(
        15, 1, "bank", "loan repaid: 15", 1, "scoring", "loan"
    )
    assert_money_conserved(state)


def test_forced_loan_at_scoring_and_bank_paid_debt():
    # P0 #9 + #5 (vermouth 3, hazelnuts 2, chocolate 1) holds the vermouth and grapes majorities.
    # P1 #11 (cheese 3, grapes 2, vermouth 1) has no Scudo and no loan: a forced loan.
    # P2 #12 (cheese 3, wheat 2, grapes 1) has no Scudo and already has a loan: the bank pays
    # for P2, who adds 2 Scudo of debt to the loan.
    state = new_game(3, face_up=[[9, 5], [11], [12]], scudo=[15, 0, 0], loans=[False, False, True])
    assert state.is_over
    assert lines(state, "scoring") == [
        ("bank", 0, 10, "majority of truffles: bank payout"),
        ("bank", 0, 9, "majority of chocolate: bank payout"),
        ("bank", 0, 7, "majority of vermouth: bank payout"),
        ("bank", 1, 10, "forced loan: no Scudo to pay a majority holder"),
        (1, 0, 1, "holds vermouth without the majority"),
        ("bank", 0, 7, "majority of hazelnuts: bank payout"),
        ("bank", 0, 6, "majority of grapes: bank payout"),
        (1, 0, 1, "holds grapes without the majority"),
        # P2 cannot pay and already has a loan: the majority holder still gets 1, from the bank.
        ("bank", 0, 1, "majority of grapes: 1 paid by the bank for P3"),
        ("bank", 1, 3, "majority of cheese, tied with P3, (6+0)/2 rounded up = 3"),
        ("bank", 2, 3, "majority of cheese, tied with P2, (6+0)/2 rounded up = 3"),
        ("bank", 2, 5, "majority of wheat: bank payout"),
        (1, "bank", 15, "loan repaid: 15"),
        (2, "bank", 17, "loan repaid: 15 + 2 debt"),
    ]
    assert state.loans == [False, True, True]
    assert state.debts == [0, 0, 2]
    assert [(e.player, e.data) for e in events(state, "info", "debt")] == [
        (2, {"what": "debt", "debt": 2})
    ]
    # Scores may be negative.
    assert state.scores() == [
        15 + 10 + 9 + 7 + 1 + 7 + 6 + 1 + 1,
        0 + 10 - 1 - 1 + 3 - 15,
        0 + 3 + 5 - 17,
    ]
    assert state.scores() == [57, -4, -9]
    assert state.winners() == [0]
    assert_money_conserved(state)


def test_player_with_no_scudo_and_nothing_to_pay_keeps_zero():
    # P1 has no Scudo but holds no good another player has the majority of: no loan is forced.
    state = new_game(3, face_up=[[9], [2], []], scudo=[15, 0, 4])
    assert state.loans == [False, False, False]
    assert state.scores() == [15 + 10 + 7 + 6, 0 + 9 + 5 + 5, 4]


def test_equal_scudo_share_the_win():
    # P0 #9: truffles 10 + hazelnuts 7 + grapes 6 = 23, from 15 -> 38.
    # P1 #2: chocolate 9 + wheat 5 + rice 5 = 19, from 19 -> 38.
    state = new_game(3, face_up=[[9], [2], []], scudo=[15, 19, 30])
    assert state.scores() == [38, 38, 30]
    assert state.winners() == [0, 1]
    state = new_game(3, face_up=[[9], [2], []], scudo=[15, 19, 38])
    assert state.winners() == [0, 1, 2]


# ----------------------------------------------------------------------------------------------
# 12. Tied majority: shares rounded up
# ----------------------------------------------------------------------------------------------


def test_tied_majority_shares_the_pot_rounded_up():
    # Grapes: P0 #9 has 3, P1 #10 has 3, P2 #3 has 1. Pot = 6 (bank) + 1 (P2) = 7; 7/2 -> 4 each.
    state = new_game(3, face_up=[[9], [10], [3]])
    grapes = [row for row in lines(state, "scoring") if "grapes" in row[3]]
    assert grapes == [
        (
            2,
            "bank",
            1,
            "holds grapes without the majority: 1 into the pot of the tied grapes majority",
        ),
        ("bank", 0, 4, "majority of grapes, tied with P2, (6+1)/2 rounded up = 4"),
        ("bank", 1, 4, "majority of grapes, tied with P1, (6+1)/2 rounded up = 4"),
    ]
    assert all("rounded up" in row[3] for row in grapes[1:])
    tied = [e for e in events(state, "info", "each")]
    assert tied[0].data == {
        "what": "tied_majority",
        "good": "grapes",
        "majority": [0, 1],
        "others": [2],
        "each": 4,
    }
    assert_money_conserved(state)


def test_three_way_tied_majority_without_other_holders():
    # Cheese: P0 #11 has 3, P1 #12 has 3, P2 #1 (cheese 1) + #15 (rice 3, cheese 2,
    # chocolate 1) has 3. Nobody else holds cheese.
    state = new_game(3, face_up=[[11], [12], [1, 15]])
    cheese = [row for row in lines(state, "scoring") if "cheese" in row[3]]
    # Pot 6, no other holder: 6/3 = 2 each, nothing to round.
    assert cheese == [
        ("bank", 0, 2, "majority of cheese, tied with P2, P3, (6+0)/3 rounded up = 2"),
        ("bank", 1, 2, "majority of cheese, tied with P1, P3, (6+0)/3 rounded up = 2"),
        ("bank", 2, 2, "majority of cheese, tied with P1, P2, (6+0)/3 rounded up = 2"),
    ]


# ----------------------------------------------------------------------------------------------
# 13. Classic vs red
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["classic", "red"])
def test_bank_payouts_follow_the_chosen_payout_card(scoring):
    # All 18 cards, 6 per player: every one of the 9 goods has a single majority holder
    # (P0 the first four goods, P1 the next three, P2 rice and wheat).
    face_up = [list(range(1, 7)), list(range(7, 13)), list(range(13, 19))]
    state = new_variant({"players": 3, "scoring": scoring}, face_up=face_up)
    bank_payouts = {
        t.reason.removeprefix("majority of ").removesuffix(": bank payout"): (t.payee, t.amount)
        for t in state.ledger.entries(phase="scoring")
        if t.reason.endswith(": bank payout")
    }
    table = payouts_table()[scoring]
    assert list(bank_payouts) == list(table)  # scored top to bottom, in payout-card order
    assert {good: amount for good, (_, amount) in bank_payouts.items()} == table
    assert [holder for holder, _ in bank_payouts.values()] == [0, 0, 0, 0, 1, 1, 1, 2, 2]
    assert_money_conserved(state)


def test_classic_and_red_score_the_same_position_differently():
    # The grapes position: P0 #9, P1 #3, P2 #12.
    face_up = [[9], [3], [12]]
    classic = new_variant({"players": 3, "scoring": "classic"}, face_up=face_up)
    red = new_variant({"players": 3, "scoring": "red"}, face_up=face_up)
    # classic: P0 truffles 10 + hazelnuts 7 + grapes 6 + 1 + 1; P1 chocolate 9 + coffee 8 - 1;
    #          P2 cheese 6 + wheat 5 - 1
    assert classic.scores() == [15 + 25, 15 + 16, 15 + 10] == [40, 31, 25]
    # red:     P0 truffles 8 + hazelnuts 7 + grapes 7 + 1 + 1; P1 chocolate 8 + coffee 7 - 1;
    #          P2 cheese 7 + wheat 6 - 1
    assert red.scores() == [15 + 24, 15 + 14, 15 + 12] == [39, 29, 27]
    table = payouts_table()
    for state, scoring in ((classic, "classic"), (red, "red")):
        for t in state.ledger.entries(phase="scoring"):
            if t.reason.endswith(": bank payout"):
                good = t.reason.removeprefix("majority of ").removesuffix(": bank payout")
                assert t.amount == table[scoring][good]


# ----------------------------------------------------------------------------------------------
# 14. Public vs secret money, and what each seat sees
# ----------------------------------------------------------------------------------------------


def test_secret_money_hides_other_seats_scudo_until_the_end():
    state = new_variant(
        {"players": 3, "public_money": False},
        hands=[[1, 2], [3, 4], [5, 6]],
        scudo=[15, 12, 9],
    )
    assert state.view(0).scudo == (15, None, None)
    assert state.view(1).scudo == (None, 12, None)
    assert state.view(None).scudo == (None, None, None)
    assert state.view("all").scudo == (15, 12, 9)
    offers(state, [1, 3, 5])
    bids(state, [3, 2, 1])
    state.apply(0, Pick(1))
    state.apply(0, Pick(3))
    finish_market(state)
    assert state.is_over
    assert state.view(1).scudo == tuple(state.scores())

    public = new_game(3, hands=[[1, 2], [3, 4], [5, 6]], scudo=[15, 12, 9])
    assert public.view(1).scudo == (15, 12, 9)
    assert public.view(None).scudo == (15, 12, 9)


def test_secret_money_does_not_leak_through_the_public_log():
    state = new_variant(
        {"players": 3, "public_money": False},
        hands=[[1, 2], [3, 4], [5, 6]],
        scudo=[15, 12, 9],
    )
    offers(state, [1, 3, 5])
    bids(state, [3, 2, 1])
    assert state.view(1).scudo[0] is None  # P1 may not know P0's Scudo now (12)...
    shown = [e.data["scudo"] for e in state.visible_log(1) if "scudo" in e.data]
    assert shown == [12]  # ...only its own starting Scudo, logged privately


def test_sealed_choices_and_hands_are_private():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    state.apply(0, Offer(2))
    assert state.view(0).sealed == (Offer(2), None, None)
    assert state.view(1).sealed == (None, None, None)
    assert state.view(None).sealed == (None, None, None)
    assert state.view("all").sealed == (Offer(2), None, None)
    assert state.view(1).submitted == (0,)
    # Other hands are hidden (their sizes are not).
    assert state.view(1).hands == (None, (3, 4), None)
    assert state.view(1).hand_sizes == (2, 2, 2)
    assert state.view("all").hands == ((1, 2), (3, 4), (5, 6))
    # The log hides the sealed action too.
    assert not any(e.action == Offer(2) for e in state.visible_log(1))
    assert any(e.action == Offer(2) for e in state.visible_log(0))

    state.apply(1, Offer(3))
    state.apply(2, Offer(5))
    state.apply(2, Bid(4))
    assert state.view(0).bids == (None, None, None)
    assert state.view(0).sealed == (None, None, None)
    assert state.view(2).sealed == (None, None, Bid(4))
    sealed(state, {0: Bid(1), 1: Bid(2)})
    # Revealed together: everybody sees every bid.
    assert state.view(0).bids == (1, 2, 4)
    assert state.view(None).bids == (1, 2, 4)
    with pytest.raises(ValueError):
        state.view(3)


# ----------------------------------------------------------------------------------------------
# 15. Goose "tiebreak"
# ----------------------------------------------------------------------------------------------

GOOSE = {"players": 3, "goose": "tiebreak"}
HANDS3 = [[1, 2], [3, 4], [5, 6]]


def test_taking_the_free_goose_loses_the_tie_openly_and_nobody_adds_anything():
    state = new_variant(GOOSE, hands=HANDS3)
    assert state.goose_holder is None
    offers(state, [1, 3, 5])
    bids(state, [5, 3, 3])
    # Before any addition the tied players declare openly, the block's lowest seat first.
    assert state.phase == "goose" and state.to_move == (1,)
    assert list(state.legal_actions(1)) == [TakeGoose(), DeclineGoose(), TakeLoan()]
    state.apply(1, TakeGoose())
    assert state.goose_holder == 1
    # P1 loses the tie: the block's lowest place (3rd, no prize), paying half as a loser. P2
    # is left alone in 2nd place: nothing is contested, so no tie-break addition is asked.
    assert placements(state) == [(0, 1, 2, True), (2, 2, 1, True), (1, 3, 0, False)]
    assert round_lines(state, 1) == [
        (0, "bank", 5, "won place 1 (2 cards) with a bid of 5"),
        (2, "bank", 3, "won place 2 (1 card) with a bid of 3"),
        (1, "bank", 1, "lost with a bid of 3: half rounded down"),
    ]
    taken = events(state, "info", "goose")[-1]
    assert taken.data == {"what": "goose_taken", "goose": 1, "place": 3}
    assert taken.visible_to is None  # a public declaration
    assert not any(isinstance(e.action, AddBid) for e in state.log)


def test_the_goose_taker_takes_the_lowest_place_with_its_prize():
    # 5 players: places 1 and 2 both pay 2 cards. The taker loses the tie but still takes the
    # block's lowest place, place 2, with its 2 cards, and pays as that place pays: the whole bid.
    state = new_variant(
        {"players": 5, "goose": "tiebreak"}, hands=[[1], [2], [3], [4], [5]], centre=[]
    )
    offers(state, [1, 2, 3, 4, 5])
    bids(state, [5, 5, 1, 0, 0])
    state.apply(0, TakeGoose())
    assert state.goose_holder == 0
    assert placements(state)[:3] == [(1, 1, 2, True), (0, 2, 2, True), (2, 3, 1, True)]
    lines = round_lines(state, 1)
    assert (0, "bank", 5, "won place 2 (2 cards) with a bid of 5") in lines
    assert (1, "bank", 5, "won place 1 (2 cards) with a bid of 5") in lines
    while state.phase == "pick":
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.face_up[1]) == 2 and len(state.face_up[0]) == 2
    assert len(state.face_up[2]) == 1


def test_once_the_goose_is_taken_nobody_else_is_asked_and_declining_keeps_the_tie():
    state = new_variant(GOOSE, hands=HANDS3)
    offers(state, [1, 3, 5])
    bids(state, [5, 3, 3])
    state.apply(1, DeclineGoose())
    assert state.phase == "goose" and state.to_move == (2,)
    state.apply(2, TakeGoose())
    assert state.goose_holder == 2
    assert placements(state)[1:] == [(1, 2, 1, True), (2, 3, 0, False)]
    # Both declining leaves the tie to sealed additions as usual.
    again = new_variant(GOOSE, hands=HANDS3)
    offers(again, [1, 3, 5])
    bids(again, [5, 3, 3])
    again.apply(1, DeclineGoose())
    again.apply(2, DeclineGoose())
    assert again.phase == "tiebreak" and again.to_move == (1, 2)
    sealed(again, {1: AddBid(1), 2: AddBid(0)})
    assert placements(again)[1:] == [(1, 2, 1, True), (2, 3, 0, False)]
    assert tradekit.replay(again.to_json()).to_json() == again.to_json()


def test_goose_holder_hands_it_over_to_win_the_tie():
    state = new_variant(GOOSE, hands=HANDS3, goose=1)
    offers(state, [1, 3, 5])
    bids(state, [5, 3, 3])
    # Only the tied holder has a declaration to make.
    assert state.phase == "goose" and state.to_move == (1,)
    assert GiveGoose(2) in state.legal_actions(1)
    assert GiveGoose(0) not in state.legal_actions(1)
    refused(state, 1, GiveGoose(0), "P1 is not tied with P2")
    refused(state, 1, GiveGoose(1), "P2 is not tied with P2")
    refused(state, 1, TakeGoose(), "the goose is not free: P2 holds it")
    refused(state, 2, GiveGoose(1), "not P3's turn")
    state.apply(1, GiveGoose(2))
    assert state.goose_holder == 2
    # P1 takes the block's best place; P2, alone in the last place, adds nothing.
    assert placements(state) == [(0, 1, 2, True), (1, 2, 1, True), (2, 3, 0, False)]
    assert round_lines(state, 1)[1:] == [
        (1, "bank", 3, "won place 2 (1 card) with a bid of 3"),
        (2, "bank", 1, "lost with a bid of 3: half rounded down"),
    ]
    given = events(state, "info", "goose")[-1].data
    assert given == {"what": "goose_given", "goose": 2, "place": 2}


def test_goose_actions_need_the_tiebreak_variant():
    state = new_game(3, hands=HANDS3)
    offers(state, [1, 3, 5])
    bids(state, [5, 3, 3])
    assert state.phase == "tiebreak"
    assert TakeGoose() not in state.legal_actions(1)
    refused(state, 1, TakeGoose(), "in the tie-break the choices are “add 0 to the bid”")


def goose_policy(state, seat):
    """Round 1: all bid 1 and P1 takes the goose in the tie. Later: bid 0, first choice."""
    if state.phase == "bid":
        return Bid(1 if state.round == 1 else 0)
    if state.phase == "goose":
        return TakeGoose() if seat == 0 and state.can(0, TakeGoose()) else DeclineGoose()
    if state.phase == "tiebreak":
        return AddBid(0)
    if state.phase == "market":
        return EndTurn()
    return state.legal_actions(seat)[0]


def test_match_carries_the_goose_holder_into_the_next_game():
    match = TurinMatch(TurinGame(players=3, goose="tiebreak"), games=3, seed=8)
    first = match.current
    assert first.goose_holder is None
    while not first.is_over:
        seat = first.to_move[0]
        first.apply(seat, goose_policy(first, seat))
    assert first.goose_holder == 0
    second = match.current
    assert second is not first and second.goose_holder == 0
    assert second.setup == {"goose": 0}


# ----------------------------------------------------------------------------------------------
# 16. Goose "underdog"
# ----------------------------------------------------------------------------------------------

UNDERDOG = {"players": 3, "goose": "underdog"}


def test_underdog_bids_count_one_more_for_ranking_only():
    # P0 #9 and P1 #10 hold majorities; P2 holds none: P2 is the underdog.
    state = new_variant(UNDERDOG, face_up=[[9], [10], []], hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    assert state.majority_counts() == [3, 2, 0]
    assert state.underdog == 2 and state.view(0).underdog == 2
    bids(state, [5, 3, 3])
    # P2's 3 counts as 4 for ranking: 2nd place, no tie-break; P2 pays 3, what they bid.
    assert state.phase == "pick"
    assert placements(state) == [(0, 1, 2, True), (2, 2, 1, True), (1, 3, 0, False)]
    assert round_lines(state, 1) == [
        (0, "bank", 5, "won place 1 (2 cards) with a bid of 5"),
        (2, "bank", 3, "won place 2 (1 card) with a bid of 3"),
        (1, "bank", 1, "lost with a bid of 3: half rounded down"),
    ]


def test_nobody_is_underdog_when_several_share_the_fewest_majorities():
    state = new_variant(UNDERDOG, face_up=[[9], [], []], hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    assert state.underdog is None
    bids(state, [5, 3, 3])
    assert state.phase == "tiebreak"
    # At the start nobody holds anything: everybody shares the fewest, nobody is underdog.
    fresh = new_variant(UNDERDOG, hands=[[1, 2], [3, 4], [5, 6]])
    offers(fresh, [1, 3, 5])
    assert fresh.underdog is None


def test_underdog_bidding_zero_still_wins_nothing():
    state = new_variant(UNDERDOG, face_up=[[9], [10], []], hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    bids(state, [0, 0, 0])
    # P2's 0 ranks as 1, first place, but a whole bid of 0 never wins: every card is discarded.
    assert placements(state)[0] == (2, 1, 0, False)
    assert state.placements[0].voided
    assert state.discarded == [1, 3, 5]
    assert round_lines(state, 1) == []


# ----------------------------------------------------------------------------------------------
# 17. Illegal actions
# ----------------------------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]], scudo=[15, 15, 4])
    refused(state, 0, Bid(3), "in the offers the choices are “offer card")
    # The hand is not listed: a refusal may be read by others than its seat.
    refused(state, 0, Offer(3), "the card must be a card in P1's hand; got 3")
    refused(state, 3, Offer(1), "there is no seat 3")
    refused(state, -1, Offer(1), "there is no seat -1")
    refused(state, "0", Offer(1), "a player is a seat number")
    refused(state, 0, "offer 1", "is not an action of this game")
    state.apply(0, Offer(1))
    refused(state, 0, Offer(2), "it is not P1's turn")
    state.apply(1, Offer(3))
    state.apply(2, Offer(5))
    refused(state, 0, Bid(-1), "P1's bid must be a whole number from 0 to 15; got -1")
    refused(state, 2, Bid(5), "P3's bid must be a whole number from 0 to 4; got 5")
    refused(state, 0, Bid(2.0), "the field 'amount' must be a whole number")  # type: ignore[arg-type]
    refused(state, 0, Bid("3"), "the field 'amount' must be a whole number")  # type: ignore[arg-type]
    refused(state, 0, Bid(True), "the field 'amount' must be a whole number")
    refused(state, 0, Pick(1), "in the bids the choices are “bid 0”")
    bids(state, [2, 2, 4])
    refused(state, 0, AddBid(-2), "P1's addition must be a whole number from 0 to 13; got -2")
    refused(
        state,
        0,
        AddBid(14),
        "P1's addition must be a whole number from 0 to 13; got 14",
        "the bid of 2 is already committed",
    )
    refused(state, 2, AddBid(1), "it is not P3's turn")
    sealed(state, {0: AddBid(0), 1: AddBid(1)})
    refused(state, 2, Pick(9), "the card must be a card in the lot (1, 3 or 5); got 9")
    state.apply(2, Pick(1))
    state.apply(2, Pick(3))
    finish_market(state)
    refused(state, 0, EndTurn(), "the game is over")


# ----------------------------------------------------------------------------------------------
# 18. Undo, replay and tampering
# ----------------------------------------------------------------------------------------------


def test_undo_steps_back_one_decision_even_inside_a_simultaneous_step():
    state = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    offers(state, [1, 3, 5])
    state.apply(0, Bid(2))
    before = state.to_json()
    state.apply(1, Bid(2))
    assert state.to_move == (2,)
    assert state.undo() == Bid(2)
    assert state.to_move == (1, 2)
    assert state.to_json() == before
    # Undo across a reveal: the revealed bids and the tie-break round disappear.
    state.apply(1, Bid(2))
    state.apply(2, Bid(4))
    assert state.phase == "tiebreak"
    state.undo()
    assert state.phase == "bid" and state.to_move == (2,) and state.bids == {}
    fresh = new_game(3, hands=[[1, 2], [3, 4], [5, 6]])
    with pytest.raises(IllegalActionError, match="no decision to undo"):
        fresh.undo()


def test_replay_reproduces_a_dealt_game():
    state = tradekit.load_game("turin", players=4, goose="underdog").new_state(seed=21)
    play_out(state)
    again = tradekit.replay(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.scores() == state.scores()
    assert lines(again) == lines(state)


def test_tampered_coin_flip_is_detected_on_replay():
    state = coin_flip_round(seed=0)
    doc = json.loads(state.to_json())
    flip = next(e for e in doc["log"] if e["kind"] == "chance" and "flip" in e.get("data", {}))
    flip["data"]["flip"].reverse()
    with pytest.raises(ReplayError, match="differs"):
        tradekit.replay(json.dumps(doc))


def test_tampered_decision_is_detected_on_replay():
    state = coin_flip_round(seed=0)
    doc = json.loads(state.to_json())
    doc["decisions"][3][1]["amount"] = 99  # P0's bid of 5 becomes 99: more than P0 holds
    with pytest.raises(ReplayError, match="decision 3 is illegal"):
        tradekit.replay(json.dumps(doc))


# ----------------------------------------------------------------------------------------------
# 19. A match of three games
# ----------------------------------------------------------------------------------------------


def bid_two(state, seat):
    if state.phase == "bid":
        return Bid(min(2, state.scudo[seat]))
    if state.phase == "market":
        return EndTurn()
    return state.legal_actions(seat)[0]


def test_match_totals_are_the_sum_of_three_games_and_reproducible():
    match = TurinMatch(TurinGame(players=3), games=3, seed=5).play(bid_two)
    assert match.is_over and len(match.states) == 3
    assert match.totals == [sum(s.scores()[p] for s in match.states) for p in range(3)]
    assert match.winners() == [p for p, t in enumerate(match.totals) if t == max(match.totals)]
    # Each game is dealt from its own seed.
    assert len({s.seed for s in match.states}) == 3
    same = TurinMatch(TurinGame(players=3), games=3, seed=5).play(bid_two)
    assert same.totals == match.totals
    assert [s.to_json() for s in same.states] == [s.to_json() for s in match.states]
    with pytest.raises(IllegalActionError, match="only 3 games"):
        match.next_game()
    # Another match seed deals other games.
    other = TurinMatch(TurinGame(players=3), games=3, seed=6)
    assert other.current.hands != TurinMatch(TurinGame(players=3), games=3, seed=5).current.hands
