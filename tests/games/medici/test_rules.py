"""Medici, scenario by scenario, against the rules stated in ``tradekit.games.medici.state``.

Each test starts from a scripted set-up (or a seeded deal), plays the decisions a table of students
would make, and checks the exact florins, cards, ledger lines and log events. Read a test from top
to bottom as a small story of a game.

Seats are numbered from 0 and clockwise (the player on a seat's left is the next seat). In the
rulebook's examples A, B, C, D, E are seats 0, 1, 2, 3, 4.

Cards (``data/medici/cards.csv``): each good has 7 cards valued 0, 1, 2, 3, 4, 5, 5 — metal 1-7,
porcelain 8-14, dye 15-21, cloth 22-28, spices 29-35 — and card 36 is the neutral 10. The helper
``card("dye", 5)`` gives the id of the first dye 5, ``card("dye", 5, second=True)`` the other.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tradekit
from tradekit import ConfigError, IllegalActionError
from tradekit.core.events import BANK
from tradekit.core.view import ViewerError
from tradekit.games.medici import Auction, Bid, MediciGame, MediciState, Pass, Turn

GOODS = ["metal", "porcelain", "dye", "cloth", "spices"]
VALUES = [0, 1, 2, 3, 4, 5, 5]
NEUTRAL = 36


def card(good: str, value: int, second: bool = False) -> int:
    """The id of the card of ``good`` with ``value`` (the second 5 with ``second=True``)."""
    k = VALUES.index(value) + (1 if second else 0)
    assert VALUES[k] == value
    return 7 * GOODS.index(good) + k + 1


def new_game(players: int = 4, seed: int = 0, reward_table: str = "1995", **setup: Any):
    """A game from a scripted set-up (see ``MediciState``)."""
    game = tradekit.load_game("medici", players=players, reward_table=reward_table)
    state = game.new_state(seed=seed, setup=setup)
    assert isinstance(state, MediciState)
    return state


def reasons(state, seat: int, phase: str | None = None) -> list[tuple[int, str]]:
    """(amount, reason) of every payment the bank made to ``seat``."""
    return [
        (t.amount, t.reason)
        for t in state.ledger.entries(seat, phase)
        if t.payer == BANK and t.payee == seat
    ]


def received(state, seat: int, start: str) -> int:
    """Florins ``seat`` received from the bank for reasons starting with ``start``."""
    return sum(a for a, r in reasons(state, seat) if r.startswith(start))


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def everyone_passes(state) -> None:
    """Every remaining speaker of the current auction passes."""
    while state.phase == "auction" and state.to_move:
        state.apply(state.to_move[0], Pass())


def sell(state, buyer: int, price: int = 1) -> None:
    """The active player auctions the lot; everyone passes except ``buyer``, who bids ``price``."""
    state.apply(state.active, Auction())
    while state.phase == "auction" and state.to_move:
        seat = state.to_move[0]
        state.apply(seat, Bid(price) if seat == buyer else Pass())


# ----------------------------------------------------------------------------------------------
# the rulebook's examples
# ----------------------------------------------------------------------------------------------


def test_rulebook_ships_23_20_16_16_14_pay_30_20_7_7_0():
    # Five players. A holds cloth 5, dye 5, metal 3, metal 0 and will add the neutral 10 (23);
    # B: spices 5, 5, porcelain 5, 5, then spices 0 (20); C: cloth 5, dye 5, metal 4, metal 2,
    # then porcelain 0 (16); D: cloth 4, dye 4, spices 4, porcelain 4, then dye 0 (16);
    # E: metal 5, 5, cloth 3, dye 1, then cloth 0 (14).
    porcelain_fives = [card("porcelain", 5), card("porcelain", 5, True)]
    state = new_game(
        players=5,
        warehouses=[
            [card("cloth", 5), card("dye", 5), card("metal", 3), card("metal", 0)],
            [card("spices", 5), card("spices", 5, True), *porcelain_fives],
            [card("cloth", 5, True), card("dye", 5, True), card("metal", 4), card("metal", 2)],
            [card("cloth", 4), card("dye", 4), card("spices", 4), card("porcelain", 4)],
            [card("metal", 5), card("metal", 5, True), card("cloth", 3), card("dye", 1)],
        ],
        piles=[
            [NEUTRAL, card("spices", 0), card("porcelain", 0), card("dye", 0), card("cloth", 0)]
        ],
    )
    # A turns the neutral 10, auctions it and is the only bidder (everyone else passes).
    assert state.active == 0 and state.lot == [NEUTRAL]
    sell(state, buyer=0)
    sell(state, buyer=1)  # B turns spices 0 and buys it
    sell(state, buyer=2)  # C: porcelain 0
    sell(state, buyer=3)  # D: dye 0
    # Only E has room left: E takes cloth 0 from the pile for free and the round ends.
    assert any("P5 fills theirs from the pile for free" in t for t in texts(state))
    assert state.round == 2
    round1 = [t for t in state.ledger if t.round == 1 and t.reason.startswith("ship rank")]
    assert [(t.payee, t.amount, t.reason) for t in round1] == [
        (0, 30, "ship rank 1: 30"),
        (1, 20, "ship rank 2: 20"),
        (2, 7, "ship rank 3–4 tied: (10+5)/2 rounded down = 7"),
        (3, 7, "ship rank 3–4 tied: (10+5)/2 rounded down = 7"),
    ]
    # E is fifth and receives nothing for the ship; nothing is recorded for 0.
    assert not [t for t in round1 if t.payee == 4]
    ships = next(e for e in state.log if e.text.startswith("ships:"))
    assert ships.data["totals"] == [23, 20, 16, 16, 14]
    assert ships.data["paid"] == [30, 20, 7, 7, 0]
    # The split as the engine made it: one entry per group of equal ships, best first.
    assert ships.data["groups"] == [
        {"seats": [0], "places": [1], "shares": [30], "each": 30},
        {"seats": [1], "places": [2], "shares": [20], "each": 20},
        {"seats": [2, 3], "places": [3, 4], "shares": [10, 5], "each": 7},
        {"seats": [4], "places": [5], "shares": [0], "each": 0},
    ]
    # The same payments as event data: places, the rewards shared, the divisor and the group.
    paid = [e.data for e in state.log if e.data.get("source") == "ship" and e.round == 1]
    assert paid == [
        {"what": "payment", "seat": 0, "paid": 30, "source": "ship", "places": [1],
         "shares": [30], "divisor": 1, "group": [0]},
        {"what": "payment", "seat": 1, "paid": 20, "source": "ship", "places": [2],
         "shares": [20], "divisor": 1, "group": [1]},
        {"what": "payment", "seat": 2, "paid": 7, "source": "ship", "places": [3, 4],
         "shares": [10, 5], "divisor": 2, "group": [2, 3]},
        {"what": "payment", "seat": 3, "paid": 7, "source": "ship", "places": [3, 4],
         "shares": [10, 5], "divisor": 2, "group": [2, 3]},
    ]  # fmt: skip
    fill = next(e for e in state.log if e.data.get("what") == "free_fill")
    assert fill.data == {"what": "free_fill", "seat": 4, "room": 1}


def test_rulebook_ladder_leader_10_and_three_tied_seconds_1_each():
    # A is highest on the spices ladder; B, C and D are level below. The round's only card is
    # turned, nobody wants it, and the pile has run out: the round ends with empty ships.
    state = new_game(
        players=4,
        ladders={"spices": [3, 1, 1, 1]},
        piles=[[card("metal", 0)]],
    )
    state.apply(0, Auction())
    everyone_passes(state)
    assert "nobody bids: the lot #1 metal 0 is discarded" in texts(state)
    assert "round 1 ends: the pile has run out" in texts(state)
    spices = [(t.payee, t.amount, t.reason) for t in state.ledger if "spices" in t.reason]
    assert spices == [
        (0, 10, "ladder of spices: first"),
        (1, 1, "ladder of spices: places 2–4 tied: (5+0+0)/3 rounded down = 1"),
        (2, 1, "ladder of spices: places 2–4 tied: (5+0+0)/3 rounded down = 1"),
        (3, 1, "ladder of spices: places 2–4 tied: (5+0+0)/3 rounded down = 1"),
    ]
    # Each ladder payment carries the group that shares its places.
    ladder = [
        (d["seat"], d["group"], d["places"], d["shares"], d["paid"])
        for d in (e.data for e in state.log)
        if d.get("source") == "ladder"
    ]
    assert ladder == [
        (0, [0], [1], [10], 10),
        (1, [1, 2, 3], [2, 3, 4], [5, 0, 0], 1),
        (2, [1, 2, 3], [2, 3, 4], [5, 0, 0], 1),
        (3, [1, 2, 3], [2, 3, 4], [5, 0, 0], 1),
    ]


def test_rulebook_ladder_top_space_30_and_tied_seconds_on_6_get_12():
    # Cloth ladder before scoring: A on 6, B on 3, C on 5, D on 6. A has bought two cloth (moves
    # to 7, the top: the second step is lost), C one cloth (to 6), B and D none.
    state = new_game(
        players=4,
        ladders={"cloth": [6, 3, 5, 6]},
        warehouses=[[card("cloth", 0), card("cloth", 1)], [], [card("cloth", 2)], []],
        piles=[[]],
    )
    assert state.ladders[0][GOODS.index("cloth")] == 7
    assert "P1 moves up the cloth ladder from 6 to 7 (the top; 1 more lost)" in texts(state)
    cloth = [(t.payee, t.amount, t.reason) for t in state.ledger if "cloth" in t.reason]
    assert cloth == [
        (0, 10, "ladder of cloth: first"),
        (2, 2, "ladder of cloth: places 2–3 tied: (5+0)/2 rounded down = 2"),
        (3, 2, "ladder of cloth: places 2–3 tied: (5+0)/2 rounded down = 2"),
        (0, 20, "ladder of cloth: monopoly bonus space 7"),
        (2, 10, "ladder of cloth: monopoly bonus space 6"),
        (3, 10, "ladder of cloth: monopoly bonus space 6"),
    ]
    assert [received(state, p, "ladder of cloth") for p in range(4)] == [30, 0, 12, 12]
    move = next(e.data for e in state.log if e.data.get("what") == "ladder_move")
    assert move == {
        "what": "ladder_move", "seat": 0, "good": "cloth", "from": 6, "to": 7, "lost": 1
    }  # fmt: skip
    sources = [e.data for e in state.log if e.data.get("good") == "cloth" and "source" in e.data]
    assert [(d["seat"], d["paid"], d["source"]) for d in sources] == [
        (0, 10, "ladder"), (2, 2, "ladder"), (3, 2, "ladder"),
        (0, 20, "bonus"), (2, 10, "bonus"), (3, 10, "bonus"),
    ]  # fmt: skip
    assert sources[1]["places"] == [2, 3] and sources[1]["shares"] == [5, 0]
    assert sources[1]["divisor"] == 2 and sources[0]["places"] == [1]
    assert [d.get("space") for d in sources] == [None, None, None, 7, 6, 6]


# ----------------------------------------------------------------------------------------------
# set-up: deck, wealth, cards per round
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "wealth", "cards"), [(3, 40, 18), (4, 40, 24), (5, 30, 30), (6, 30, 36)]
)
def test_starting_wealth_and_cards_per_round(players: int, wealth: int, cards: int):
    state = tradekit.load_game("medici", players=players).new_state(seed=11)
    view = state.view(None)
    assert view.wealth == (wealth,) * players
    # The first card of seat 0's turn is already turned.
    assert view.phase == "turn" and view.active == 0 and len(view.lot) == 1
    assert view.pile_size + 1 == cards
    assert view.out_of_play_size == 36 - cards
    assert sorted(c for where in state.card_locations().values() for c in where) == list(
        range(1, 37)
    )


def test_the_deck_is_five_goods_of_0_to_5_5_and_the_neutral_10():
    game = tradekit.load_game("medici")
    assert isinstance(game, MediciGame)
    tables = game.tables
    by_good: dict[str | None, list[int]] = {}
    for c in tables.cards:
        by_good.setdefault(c.good, []).append(c.value)
    assert by_good == {**{g: VALUES for g in GOODS}, None: [10]}  # type: ignore[misc]
    for good in GOODS:
        for value in (0, 3, 5):
            assert tables.card_by_id[card(good, value)].good == good
            assert tables.card_by_id[card(good, value)].value == value


def test_options_are_checked():
    with pytest.raises(ConfigError, match="'players' = 2 is not allowed: expected 3, 4, 5 or 6"):
        tradekit.load_game("medici", players=2)
    with pytest.raises(ConfigError, match="players"):
        tradekit.load_game("medici", players=7)
    with pytest.raises(ConfigError, match="players"):
        tradekit.load_game("medici", players=True)
    with pytest.raises(ConfigError, match=r"'reward_table' = '1996'.*'1995' or 'tournament'"):
        tradekit.load_game("medici", reward_table="1996")
    with pytest.raises(ConfigError, match="reward_table"):
        tradekit.load_game("medici", reward_table=1995)
    with pytest.raises(ConfigError, match="an option of 'medici'"):
        tradekit.load_game("medici", scoring="red")
    game = tradekit.load_game("medici")
    assert isinstance(game, MediciGame)
    assert (game.players, game.reward_table) == (4, "1995")
    assert tradekit.load_game("medici", **game.options()) == game


@pytest.mark.parametrize(
    ("setup", "match"),
    [
        ({"colour": 1}, "keys among"),
        ({"wealth": [1, 2]}, "one entry per seat"),
        ({"wealth": [1, 2, 3, -1]}, "one whole number per seat from 0 to 10000"),
        ({"wealth": [1, 2, 3, 10_001]}, "one whole number per seat from 0 to 10000"),
        ({"wealth": [1, 2, 3, True]}, "one whole number per seat"),
        ({"ladders": {"furs": [0, 0, 0, 0]}}, "goods among"),
        ({"ladders": {"dye": [0, 0, 0, 8]}}, "one space 0..7 per seat"),
        ({"warehouses": [[1, 2, 3, 4, 5, 6], [], [], []]}, "at most 5 cards"),
        ({"warehouses": [[1], [1], [], []]}, "each card placed at most once"),
        ({"warehouses": [[37], [], [], []]}, "card ids"),
        ({"piles": [[1, 1]]}, "each card at most once"),
        ({"warehouses": [[1], [], [], []], "piles": [[1]]}, "not in a warehouse"),
        ({"round": 4}, "one of 1, 2, 3"),
        ({"round": 3, "piles": [[], []]}, "at most 1 piles"),
        ({"first_player": 4}, "a seat number from 0 to 3"),
    ],
)
def test_bad_setups_are_refused(setup: dict[str, Any], match: str):
    with pytest.raises(ConfigError, match=match):
        tradekit.load_game("medici", players=4).new_state(seed=1, setup=setup)


# ----------------------------------------------------------------------------------------------
# turning cards
# ----------------------------------------------------------------------------------------------


def test_turning_up_to_three_cards_one_at_a_time():
    pile = [card("dye", 3), card("metal", 5), NEUTRAL, card("spices", 1)]
    state = new_game(players=3, piles=[pile])
    # The first card is turned for the active player; then they decide after each card.
    assert state.lot == [card("dye", 3)]
    assert state.legal_actions(0) == [Turn(), Auction()]
    assert state.legal_actions(1) == []
    state.apply(0, Turn())
    assert state.lot == [card("dye", 3), card("metal", 5)]
    assert "P1 turns #6 metal 5" in texts(state)
    state.apply(0, Turn())
    assert state.lot == [card("dye", 3), card("metal", 5), NEUTRAL]
    assert state.view(2).pile_size == 1
    # A lot holds at most three cards.
    assert state.legal_actions(0) == [Auction()]
    with pytest.raises(IllegalActionError, match="a lot has at most 3 cards"):
        state.apply(0, Turn())
    state.apply(0, Auction())
    assert state.phase == "auction" and state.to_move == (1,)


def test_turning_a_card_that_would_leave_no_possible_bidder_is_refused():
    # Warehouses: P0 4 cards, P1 4 cards, P2 3 cards. A second card is fine (P2 has room for 2);
    # a third would make a lot nobody can take.
    state = new_game(
        players=3,
        warehouses=[[1, 2, 3, 4], [8, 9, 10, 11], [15, 16, 17]],
        piles=[[22, 23, 24, 25]],
    )
    assert state.can(0, Turn())
    state.apply(0, Turn())
    assert state.legal_actions(0) == [Auction()]
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, Turn())
    assert info.value.reason == (
        "a lot of 3 cards would leave nobody able to bid: no warehouse has room for 3 "
        "(room: P1 1, P2 1, P3 2)"
    )
    assert state.lot == [22, 23]  # unchanged
    # The active player may turn more cards than they can take themselves: P0 (room 1) turned 2.
    state.apply(0, Auction())
    assert state.view(None).auction_order == (2,)
    assert (
        "auction of the lot #22 cloth 0, #23 cloth 1; bidders in order: P3; no room for it: P2, P1"
        in texts(state)
    )


def test_turning_is_refused_when_the_pile_is_empty():
    state = new_game(players=3, piles=[[card("metal", 1)]])
    with pytest.raises(IllegalActionError, match="the pile is empty"):
        state.apply(0, Turn())
    assert state.legal_actions(0) == [Auction()]


# ----------------------------------------------------------------------------------------------
# the once-around auction
# ----------------------------------------------------------------------------------------------


def test_once_around_left_of_the_active_player_first_active_player_last():
    state = new_game(players=4, first_player=2, piles=[[card("spices", 5), 1, 2, 3, 4]])
    assert state.active == 2
    state.apply(2, Auction())
    assert state.view(0).auction_order == (3, 0, 1, 2)
    state.apply(3, Bid(3))
    # A bid must beat the high bid.
    with pytest.raises(
        IllegalActionError,
        match=r"P1's bid, above P4's high bid of 3 and within P1's 40 florins, must be a whole "
        r"number from 4 to 40; got 3",
    ):
        state.apply(0, Bid(3))
    state.apply(0, Pass())
    state.apply(1, Bid(7))
    # The active player speaks last, once.
    assert state.to_move == (2,)
    assert state.legal_actions(2)[:3] == [Pass(), Bid(8), Bid(9)]
    state.apply(2, Bid(8))
    # The last bidder pays the bank and takes the lot; the turn passes to the active player's left.
    assert state.warehouses[2] == [card("spices", 5)]
    assert state.wealth == [40, 40, 32, 40]
    assert state.ledger[-1].payer == 2 and state.ledger[-1].payee == BANK
    assert state.ledger[-1].reason == "bought #34 spices 5 at auction"
    assert state.active == 3 and state.phase == "turn"
    history = [e.text for e in state.log if e.kind == "action"]
    assert history == ["P3: auction the lot", "P4: bid 3", "P1: pass", "P2: bid 7", "P3: bid 8"]


def test_bids_start_at_1_and_cannot_exceed_wealth():
    state = new_game(players=3, wealth=[10, 6, 0], piles=[[5, 6, 7]])
    state.apply(0, Auction())
    with pytest.raises(
        IllegalActionError, match=r"at least the lowest bid of 1 .* from 1 to 6; got 0"
    ):
        state.apply(1, Bid(0))
    with pytest.raises(
        IllegalActionError, match="within P2's 6 florins, must be a whole number from 1 to 6; got 7"
    ):
        state.apply(1, Bid(7))
    with pytest.raises(IllegalActionError, match="whole number"):
        state.apply(1, Bid(True))
    assert state.legal_actions(1) == [Pass()] + [Bid(x) for x in range(1, 7)]
    state.apply(1, Bid(6))
    # P2 has no florins: they pass without a decision. P0 (10 florins) speaks last.
    assert "P3 has no florins to open the bidding and passes" not in texts(state)
    assert "P3 cannot beat the high bid of 6 with 0 florins and passes" in texts(state)
    assert state.to_move == (0,)
    state.apply(0, Pass())
    assert state.wealth == [10, 0, 0]
    assert state.warehouses[1] == [5]


def test_a_penniless_player_cannot_open():
    state = new_game(players=3, wealth=[0, 0, 5], piles=[[5, 6, 7]])
    state.apply(0, Auction())
    assert "P2 has no florins to open the bidding and passes" in texts(state)
    forced = next(e.data for e in state.log if e.data.get("what") == "forced_pass")
    assert forced == {
        "what": "forced_pass", "seat": 1, "reason": "cannot_open", "high_bid": 0, "florins": 0
    }  # fmt: skip
    assert state.to_move == (2,)
    state.apply(2, Pass())
    # P0 (0 florins) cannot speak either: nobody bid, the lot is discarded.
    assert state.discarded == [5]
    assert state.active == 1 and state.lot == [6]


def test_a_player_with_4_cards_cannot_bid_on_a_2_card_lot():
    state = new_game(players=4, warehouses=[[], [1, 2, 3, 4], [], []], piles=[[8, 9, 10, 11, 12]])
    state.apply(0, Turn())
    state.apply(0, Auction())
    # P1 (left of P0) would speak first, but has room for only 1 card: left out.
    assert state.to_move == (2,)
    assert state.view(None).auction_order == (2, 3, 0)
    with pytest.raises(IllegalActionError, match="it is not P2's turn"):
        state.apply(1, Bid(1))
    assert state.legal_actions(1) == []
    everyone_passes(state)
    assert state.discarded == [8, 9]
    # A 1-card lot is open to P1 again.
    assert state.active == 1 and state.lot == [10]
    state.apply(1, Auction())
    assert state.view(None).auction_order == (2, 3, 0, 1)


def test_an_unbid_lot_is_discarded_and_stays_public():
    state = new_game(players=3, piles=[[card("dye", 4), card("dye", 2), 1, 2]])
    state.apply(0, Turn())
    state.apply(0, Auction())
    everyone_passes(state)
    assert state.discarded == [card("dye", 4), card("dye", 2)]
    assert state.view(1).discarded == (card("dye", 4), card("dye", 2))
    assert state.ledger.entries() == []
    assert state.active == 1


# ----------------------------------------------------------------------------------------------
# warehouses and the end of a round
# ----------------------------------------------------------------------------------------------


def test_a_full_warehouse_takes_no_further_part_and_turns_no_cards():
    # P1 is full: turns pass from P0 to P2, and P1 never speaks.
    state = new_game(
        players=3, warehouses=[[], [1, 2, 3, 4, 5], []], piles=[[8, 9, 10, 11, 12, 13]]
    )
    state.apply(0, Auction())
    assert state.view(None).auction_order == (2, 0)
    everyone_passes(state)
    assert state.active == 2


def test_the_last_player_with_room_fills_their_warehouse_for_free():
    # P0 and P2 are full after P0's purchase; P1 has 2 cards and takes the next 3 for free.
    state = new_game(
        players=3,
        warehouses=[[1, 2, 3, 4], [8, 9], [15, 16, 17, 18, 19]],
        piles=[[22, 23, 24, 25, 26, 27]],
    )
    sell(state, buyer=0, price=4)
    free = [e for e in state.log if e.kind == "chance" and "free" in e.data]
    assert [e.data["free"] for e in free] == [23, 24, 25]
    assert free[0].text == "P2 takes #23 cloth 1 free"
    # P0: metal 0+1+2+3 and cloth 0; P1: porcelain 0+1 and cloth 1+2+3; P2: dye 0+1+2+3+4.
    ships = next(e for e in state.log if e.text.startswith("ships:"))
    assert ships.data["totals"] == [6, 7, 10]
    assert all(e.visible_to is None for e in free)  # turned face up for everyone
    # Free: only P0's purchase was paid for.
    assert [t.amount for t in state.ledger if t.payee == BANK] == [4]
    assert "round 1 ends: every warehouse is full" in texts(state)
    assert state.round == 2


def test_free_fill_stops_when_the_pile_runs_out():
    state = new_game(
        players=3, warehouses=[[1, 2, 3, 4], [8], [15, 16, 17, 18, 19]], piles=[[22, 23, 24]]
    )
    sell(state, buyer=0)
    assert state.round == 2
    round1 = [e for e in state.log if e.round == 1]
    assert [e.data["free"] for e in round1 if "free" in e.data] == [23, 24]
    assert "round 1 ends: the pile has run out" in [e.text for e in round1]
    ships = next(e for e in round1 if e.text.startswith("ships:"))
    # P0: metal 0+1+2+3 + cloth 0 = 6; P1: porcelain 0 + cloth 1 + cloth 2 = 3; P2: dye 0..4 = 10.
    assert ships.data["totals"] == [6, 3, 10]


def test_the_round_ends_when_the_pile_runs_out_mid_round():
    state = new_game(players=4, seed=3, piles=[[card("spices", 5), card("spices", 4), 2]])
    sell(state, buyer=2, price=5)
    sell(state, buyer=2, price=5)
    sell(state, buyer=3, price=2)
    assert "round 1 ends: the pile has run out" in texts(state)
    # Nobody's warehouse was full. P2 has 9 and ranks first: 30; P3 (metal 1) is second: 20;
    # P0 and P1 (empty) share places 3-4: (10+0)/2 = 5.
    round1 = {t.payee: t.reason for t in state.ledger if t.round == 1 and "ship" in t.reason}
    assert round1 == {
        2: "ship rank 1: 30",
        3: "ship rank 2: 20",
        0: "ship rank 3–4 tied: (10+0)/2 rounded down = 5",
        1: "ship rank 3–4 tied: (10+0)/2 rounded down = 5",
    }
    # Round 2: warehouses emptied and a fresh pile of 24 from all 36 cards.
    assert state.round == 2
    assert state.warehouses == [[], [], [], []]
    assert state.view(None).pile_size + len(state.lot) == 24
    assert len(state.out_of_play) == 12
    assert state.discarded == []


# ----------------------------------------------------------------------------------------------
# scoring
# ----------------------------------------------------------------------------------------------


def test_ships_with_the_tournament_table_for_six_players():
    totals = [[NEUTRAL], [card("metal", 5)], [card("dye", 4)], [card("dye", 3)]]
    totals += [[card("dye", 2)], [card("dye", 1)]]
    for table, paid in (
        ("1995", [30, 20, 15, 10, 5, 0]),
        ("tournament", [30, 20, 10, 10, 5, 0]),
    ):
        state = new_game(players=6, reward_table=table, warehouses=totals, piles=[[]])
        ships = next(e for e in state.log if e.text.startswith("ships:"))
        assert ships.data["totals"] == [10, 5, 4, 3, 2, 1]
        assert ships.data["paid"] == paid


def test_ship_ties_share_and_round_down_everyone_tied():
    # Three empty ships: (30+15+0)/3 = 15 each.
    state = new_game(players=3, piles=[[]])
    assert reasons(state, 0) == [(15, "ship rank 1–3 tied: (30+15+0)/3 rounded down = 15")]


def test_a_tie_for_first_on_a_ladder_shares_first_and_second():
    state = new_game(players=4, ladders={"dye": [2, 2, 1, 0]}, piles=[[]])
    dye = [(t.payee, t.amount, t.reason) for t in state.ledger if "dye" in t.reason]
    assert dye == [
        (0, 7, "ladder of dye: places 1–2 tied: (10+5)/2 rounded down = 7"),
        (1, 7, "ladder of dye: places 1–2 tied: (10+5)/2 rounded down = 7"),
    ]
    # P2 is third: no award. P3, on the start space, is not ranked.


def test_the_start_space_earns_no_ladder_award_and_the_neutral_card_moves_nothing():
    state = new_game(players=3, warehouses=[[NEUTRAL], [card("porcelain", 3)], []], piles=[[]])
    assert state.ladders[0] == [0, 0, 0, 0, 0]
    assert state.ladders[1] == [0, 1, 0, 0, 0]
    ladder = [(t.payee, t.amount, t.reason) for t in state.ledger if "ladder" in t.reason]
    # Only P1 is on the porcelain ladder: first, and nobody is second.
    assert ladder == [(1, 10, "ladder of porcelain: first")]


def test_ladders_carry_over_between_rounds():
    pile = [card("metal", 1), card("metal", 2)]
    state = new_game(players=3, piles=[pile, [card("metal", 3)], []])
    sell(state, buyer=1)
    sell(state, buyer=1)
    assert state.round == 2 and state.ladders[1][0] == 2
    sell(state, buyer=1)
    assert state.is_over
    assert state.ladders[1][0] == 3
    assert [a for a, r in reasons(state, 1) if r.startswith("ladder of metal")] == [10, 10, 10]


def test_monopoly_bonus_is_paid_every_round_while_on_6_or_7():
    # P0 stands on 7 and P1 on 6 of the metal ladder; nothing moves for three rounds.
    state = new_game(players=3, ladders={"metal": [7, 6, 0]}, piles=[[], [], []])
    assert state.is_over
    bonus = [(t.round, t.payee, t.amount, t.reason) for t in state.ledger if "bonus" in t.reason]
    assert bonus == [
        (r, p, amount, f"ladder of metal: monopoly bonus space {space}")
        for r in (1, 2, 3)
        for p, amount, space in ((0, 20, 7), (1, 10, 6))
    ]
    # Each round: P0 first (10) + 20, P1 second (5) + 10, ships all tied at 15.
    assert state.scores() == [40 + 3 * 45, 40 + 3 * 30, 40 + 3 * 15]
    assert state.winners() == [0]


def test_scoring_moves_every_florin_through_the_ledger():
    state = tradekit.load_game("medici", players=5).new_state(seed=8)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])  # always the highest bid / Auction
    for p in range(5):
        assert state.scores()[p] == 30 + state.ledger.net(p)
    assert {t.phase for t in state.ledger if t.payer == BANK} == {"scoring"}
    assert {t.phase for t in state.ledger if t.payee == BANK} == {"auction"}


# ----------------------------------------------------------------------------------------------
# rounds, the first player and the winner
# ----------------------------------------------------------------------------------------------


def test_three_rounds_and_the_poorest_player_starts_the_next():
    state = new_game(players=4, wealth=[40, 20, 30, 40], piles=[[1], [2], [3]])
    assert state.active == 0
    state.apply(0, Auction())
    everyone_passes(state)
    # Ships all tied at 0: (30+20+10+0)/4 = 15 each; P1 is poorest with 35.
    assert state.round == 2 and state.first_player == 1 and state.active == 1
    assert "P2 is the poorest (35 florins) and starts the next round" in texts(state)
    state.apply(1, Auction())
    everyone_passes(state)
    assert state.round == 3 and state.first_player == 1
    state.apply(1, Auction())
    everyone_passes(state)
    assert state.is_over and state.round == 3
    assert state.scores() == [85, 65, 75, 85]
    # Equal wealth shares the win.
    assert state.winners() == [0, 3]
    assert state.view(2).winners == (0, 3)
    assert state.to_move == () and state.legal_actions(0) == []


@pytest.mark.parametrize(
    ("first", "wealth", "poorest"),
    [
        (0, [40, 30, 30, 40], 1),  # P1 and P2 tied: P1 is first after P0
        (1, [30, 30, 30, 40], 2),  # P0, P1, P2 tied: after P1 comes P2
        (2, [30, 40, 30, 40], 0),  # P0 and P2 tied: after P2 come P3, P0 ... P2 comes last
        (3, [40, 40, 40, 40], 0),  # everyone tied: the seat after the first player
    ],
)
def test_a_tie_for_poorest_goes_to_the_first_after_the_previous_first_player(
    first: int, wealth: list[int], poorest: int
):
    state = new_game(players=4, first_player=first, wealth=wealth, piles=[[]])
    assert state.round == 2
    assert state.first_player == poorest and state.active == poorest
    event = next(e for e in state.log if "poorest" in e.data)
    assert event.data["poorest"] == poorest
    assert "tied with" in event.text
    # Round 1 scored equal ships, (30+20+10+0)/4 = 15 each: the poorest are still the poorest.
    tied = [p for p in range(4) if wealth[p] == min(wealth)]
    assert sorted(event.data["tied"]) == tied and event.data["tied"][0] == poorest
    assert event.data["florins"] == min(wealth) + 15 and event.data["first_player"] == first


def test_a_game_can_start_in_a_later_round():
    state = new_game(players=3, round=3, wealth=[5, 6, 7], piles=[[]])
    assert state.is_over
    assert [e.round for e in state.log if e.text.startswith("round 3 ends")] == [3]


# ----------------------------------------------------------------------------------------------
# hidden information, views, replay
# ----------------------------------------------------------------------------------------------


def test_views_hide_the_pile_order_and_the_cards_out_of_play():
    state = tradekit.load_game("medici", players=4).new_state(seed=21)
    teacher = state.view("all")
    assert teacher.pile == tuple(state.pile) and teacher.out_of_play == tuple(state.out_of_play)
    for viewer in (0, 1, 2, 3, None):
        view = state.view(viewer)
        assert view.pile is None and view.out_of_play is None
        assert view.pile_size == len(state.pile) and view.out_of_play_size == 12
    shuffle = next(e for e in state.log if e.kind == "chance" and "pile" in e.data)
    assert shuffle.visible_to == ()
    assert shuffle not in state.visible_log(0) and shuffle not in state.visible_log(None)
    assert shuffle in state.visible_log("all")
    turned = next(e for e in state.log if "turned" in e.data)
    assert turned.visible_to is None and turned.data["turned"] == state.lot[0]
    # Resampling the hidden cards changes nothing a seat sees.
    other = state.resample_hidden(2, seed=5)
    assert other.view(2) == state.view(2)
    assert other.view("all") != teacher
    assert sorted(other.pile + other.out_of_play) == sorted(state.pile + state.out_of_play)
    for bad in (4, -1, True, 1.0, "teacher"):
        with pytest.raises(ViewerError, match="a view is for a seat from 0 to 3"):
            state.view(bad)


def test_a_scripted_game_replays_and_undoes():
    state = new_game(
        players=3,
        ladders={"dye": [6, 0, 0]},
        piles=[[card("dye", 5), card("dye", 4), 1, 2, 3]],
    )
    state.apply(0, Turn())
    state.apply(0, Auction())
    state.apply(1, Bid(4))
    state.apply(2, Pass())
    saved = state.to_json()
    copy = tradekit.replay(json.loads(saved))
    assert copy.to_json() == saved and copy.view("all") == state.view("all")
    # The game's opening event comes first, then the scripted set-up.
    assert [e.data["what"] for e in copy.log[:3]] == ["start", "setup", "shuffle"]
    assert copy.log[1].text == "scripted set-up" and copy.log[1].data["ladders"][0][2] == 6
    assert state.undo() == Pass()
    assert state.to_move == (2,) and state.view(None).high_bid == 4
    state.apply(2, Bid(5))
    state.apply(0, Pass())
    assert state.warehouses[2] == [card("dye", 5), card("dye", 4)]


def test_seeded_games_are_reproducible_and_shuffle_each_round():
    game = MediciGame(players=3)
    a, b = game.new_state(seed=42), game.new_state(seed=42)
    assert a.pile == b.pile
    assert game.new_state(seed=43).pile != a.pile
    while not a.is_over:
        if a.round == 2 and a.phase == "turn" and len(a.lot) == 1:
            break
        seat = a.to_move[0]
        a.apply(seat, a.legal_actions(seat)[0])
    rounds = [e for e in a.log if e.kind == "chance" and "pile" in e.data]
    assert [e.round for e in rounds] == [1, 2]
    assert rounds[0].data["pile"] != rounds[1].data["pile"]
    assert all(len(e.data["pile"]) == 18 for e in rounds)


def test_actions_read_well_and_round_trip():
    assert [str(a) for a in (Turn(), Auction(), Bid(7), Pass())] == [
        "turn the next card",
        "auction the lot",
        "bid 7",
        "pass",
    ]
    assert repr(Bid(7)) == "Bid(amount=7)"
    state = new_game(players=3, piles=[[1, 2]])
    with pytest.raises(
        IllegalActionError,
        match="in P1's turn of turning cards the choices are “turn the next card” or “auction "
        "the lot”, not “bid 1”",
    ):
        state.apply(0, Bid(1))
    state.apply(0, Auction())
    with pytest.raises(
        IllegalActionError, match="in the auction the choices are “pass” or “bid 1” to"
    ):
        state.apply(1, Auction())
    from tradekit.games.turin import Bid as TurinBid

    with pytest.raises(IllegalActionError, match="is not an action of this game"):
        state.apply(1, TurinBid(1))
