"""Négoces, scenario by scenario, against the rules in ``tradekit/games/negoces/state.py``.

Each test starts from a scripted set-up (or a seeded deal), plays the decisions a table would make,
and checks the exact coins, cards, ledger lines and what each seat may see. Seats are numbered
from 0; seat 0 is the youngest player, who opens the Diamant auction.

Card ids (``data/negoces/goods.csv``, 4 cards per series in file order):

    bijoux 0-3    cafe 4-7     cigares 8-11   ivoire 12-15   jade 16-19    livres 20-23
    miel 24-27    parfum 28-31 soie 32-35     the 36-39      vin 40-43     epices 44-47
    diamant 48    sacred texts 49-52          contraband: armes 53, opium 54, ...
    Treasurers 59-64, Thief 65, Guard 66, Misers 67-72, Swindlers 73-78, Loans 79-84

Most scenarios use three players (6 goods and 10 coins to win) and this table, in which P1 holds
the Diamant and so is the seller:

    P1  bijoux 0 1 2, cafe 4 5 6, diamant 48
    P2  cigares 8 9 10, ivoire 12 13 14
    P3  jade 16 17 18, livres 20 21 22
"""

from __future__ import annotations

import collections
import itertools
import json
from typing import Any

import numpy as np
import pytest

import tradekit
from tradekit import ConfigError, IllegalActionError
from tradekit.games.negoces import (
    VARIANTS,
    Accept,
    AskToShow,
    Ban,
    Bid,
    Continue,
    Give,
    NegocesGame,
    NegocesState,
    NoSwap,
    Offer,
    Pass,
    PutUp,
    RepayLoan,
    SellInactive,
    Stand,
    Steal,
    Swap,
    TakeLoan,
    Temple,
    UseTreasurer,
    Withdraw,
    variant_sets,
)

HANDS = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]
TOTAL_COINS = 60


# ----------------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------------


def new_game(players: int = 3, variants: Any = (), seed: int = 0, **setup: Any) -> NegocesState:
    """A scripted game (the three-player table above unless ``hands`` is given)."""
    setup.setdefault("hands", HANDS)
    game = tradekit.load_game("negoces", players=players, variants=variants)
    state = game.new_state(seed=seed, setup=setup)
    assert isinstance(state, NegocesState)
    return state


def offers(state: NegocesState, choices: dict[int, Any]) -> None:
    """One negotiation round: every buyer makes their sealed choice (Stand if not given)."""
    assert state.phase == "negotiate"
    before = state.nround
    for seat in list(state.to_move):
        state.apply(seat, choices.get(seat, Stand()))
    assert state.phase != "negotiate" or state.nround == before + 1


def lines(state: NegocesState) -> list[tuple[Any, Any, int, str]]:
    """The ledger as (payer, payee, amount, reason) rows."""
    return [(t.payer, t.payee, t.amount, t.reason) for t in state.ledger]


def refused(state: NegocesState, seat: int, action: Any, *fragments: str) -> None:
    """``action`` by ``seat`` raises IllegalActionError naming every fragment; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    for fragment in fragments:
        assert fragment in str(info.value), f"{fragment!r} not in {info.value}"
    assert state.to_json() == before
    assert not state.can(seat, action)


def data_of(state: NegocesState, kind: str) -> list[dict[str, Any]]:
    """The data of the logged events whose ``what`` is ``kind`` (see the game's "Event data")."""
    return [dict(e.data) for e in state.log if e.data.get("what") == kind]


def coins_everywhere(state: NegocesState) -> int:
    """Coins held by the seats plus those in the box, the treasury and the bank."""
    return sum(state.money()) + sum(state.pools().values())


def check_conserved(state: NegocesState, total: int) -> None:
    assert coins_everywhere(state) == total
    for p in range(state.n):
        assert state.money()[p] - state.initial_money[p] == state.ledger.net(p)
    placed = sorted(c for cards in state.card_locations().values() for c in cards)
    assert placed == sorted(state.all_cards())


# ----------------------------------------------------------------------------------------------
# set-up
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hand", "coins", "series", "goal"),
    [
        (3, 6, 15, 6, (6, 10)),
        (4, 8, 15, 8, (8, 10)),
        (5, 8, 12, 10, (8, 8)),
        (6, 8, 10, 12, (8, 7)),
    ],
)
def test_set_up_follows_the_table(
    players: int, hand: int, coins: int, series: int, goal: tuple[int, int]
) -> None:
    state = tradekit.load_game("negoces", players=players).new_state(seed=players)
    assert isinstance(state, NegocesState)
    assert [len(h) for h in state.hands] == [hand] * players
    assert state.coins == [coins] * players
    assert (state.goal_goods, state.goal_coins) == goal
    size = hand // 2
    for h in state.hands:  # a monopoly of two goods: two full series
        assert sorted(collections.Counter(state._good(c) for c in h).values()) == [size, size]
    in_play = {state._good(c) for h in state.hands for c in h}
    assert len(in_play) == series
    assert state.market == 48 and state.phase == "auction" and state.to_move == (1,)
    auction = state.view(None).auction
    assert auction is not None and auction.high_bidder == 0
    # 3 players: 15 of the 60 coins stay in the box, 2 series and 1 card of each other are out.
    assert sum(state.coins) == (45 if players == 3 else TOTAL_COINS)
    assert len(state.card_locations()["unused"]) == 48 - players * hand


def test_hands_are_secret_and_coins_public() -> None:
    state = tradekit.load_game("negoces", players=4).new_state(seed=9)
    view = state.view(2)
    assert view.hands[2] == tuple(state.hands[2])
    assert [h for p, h in enumerate(view.hands) if p != 2] == [None] * 3
    assert state.view(None).hands == (None,) * 4
    assert view.coins == (15, 15, 15, 15) and view.hand_sizes == (8, 8, 8, 8)
    deals = [e for e in state.log if "deal" in e.data]
    assert [e.visible_to for e in deals] == [(0,), (1,), (2,), (3,)]


# ----------------------------------------------------------------------------------------------
# the Diamant auction
# ----------------------------------------------------------------------------------------------


def test_diamant_auction_won_at_a_known_price_and_the_coins_leave_the_game() -> None:
    state = tradekit.load_game("negoces", players=4).new_state(seed=1)
    hands = [list(h) for h in state.hands]
    assert state.legal_actions(1) == [Bid(1), Bid(2), Pass()]  # P0 opened at 0
    refused(state, 1, Bid(3), "a raise of +1 or +2 over the high bid of 0 (1 or 2); got 3")
    refused(state, 2, Bid(1), "not P3's turn")
    state.apply(1, Bid(2))
    state.apply(2, Pass())  # out for good
    state.apply(3, Bid(3))
    state.apply(0, Pass())
    assert state.to_move == (1,)  # P2 and P0 dropped out: only P1 and P3 speak now
    state.apply(1, Bid(5))
    assert state.to_move == (3,)
    state.apply(3, Pass())
    assert state.coins == [15, 10, 15, 15]
    assert state.box_coins == 5 and state.pools()["box"] == 5
    assert lines(state) == [(1, "box", 5, "won the Diamond: the price returns to the box")]
    assert 48 in state.hands[1] and state.hands[1] == sorted([*hands[1], 48])
    assert state.market is None and state.seller == 1 and state.phase == "prepare"
    assert sum(state.coins) + state.box_coins == TOTAL_COINS
    check_conserved(state, TOTAL_COINS)


def test_nobody_raises_and_the_opener_takes_the_diamant_for_nothing() -> None:
    state = tradekit.load_game("negoces", players=3).new_state(seed=2)
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert 48 in state.hands[0] and state.coins == [15, 15, 15] and state.seller == 0
    assert lines(state) == []


def test_a_player_who_cannot_raise_drops_out_without_a_decision() -> None:
    game = tradekit.load_game("negoces", players=3)
    hands = [[0, 1, 2, 4, 5, 6], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]
    state = game.new_state(seed=0, setup={"hands": hands, "coins": [15, 1, 15]})
    state.apply(1, Bid(1))
    state.apply(2, Bid(3))
    assert state.to_move == (0,)
    state.apply(0, Pass())  # P1 cannot reach 4 or 5 with 1 coin: passed, P2 wins at 3
    assert state.phase == "prepare" and state.seller == 2 and state.coins == [15, 1, 12]
    assert any("cannot raise and drops out" in e.text for e in state.log)
    assert data_of(state, "drop_out") == [
        {"what": "drop_out", "seat": 1, "item": "diamant", "high_bid": 3}
    ]
    assert data_of(state, "auction_won") == [
        {"what": "auction_won", "item": "diamant", "winner": 2, "price": 3}
    ]


def test_winner_opens_mini_variant() -> None:
    game = tradekit.load_game("negoces", players=4, variants=["winner_opens"], opener=2)
    state = game.new_state(seed=3)
    assert state.to_move == (3,)
    assert state.view(None).auction == state.view(0).auction
    assert state.view(None).auction is not None and state.view(None).auction.high_bidder == 2
    for p in (3, 0, 1):
        state.apply(p, Pass())
    assert 48 in state.hands[2] and state.seller == 2


# ----------------------------------------------------------------------------------------------
# negotiated sales
# ----------------------------------------------------------------------------------------------


def test_a_sale_paid_with_a_card_leaves_the_seller_seller() -> None:
    state = new_game()
    assert state.seller == 0 and state.to_move == (0,)
    state.apply(0, PutUp("bijoux"))
    assert state.market == 0 and state.phase == "negotiate" and state.to_move == (1, 2)
    state.apply(1, Offer("cigares", 1))
    view = state.view(2)
    assert view.sealed == (None, None, None) and view.submitted == (1,)
    assert state.view(1).sealed[1] == Offer("cigares", 1)
    state.apply(2, Offer(None, 3))
    assert state.phase == "decide" and state.to_move == (0,)
    public = state.view(None).offers
    assert public[1] is not None and (public[1].card, public[1].coins) == (8, 1)
    assert public[2] is not None and (public[2].card, public[2].coins) == (None, 3)
    state.apply(0, Continue())
    offers(state, {1: Offer("cigares", 2)})  # P2 stands on 3 coins
    assert state.view(None).offers[2] is not None
    state.apply(0, Accept(1))
    assert state.coins == [17, 13, 15]
    assert state.hands[0] == [1, 2, 4, 5, 6, 8, 48] and state.hands[1] == [0, 9, 10, 12, 13, 14]
    assert lines(state) == [(1, 0, 2, "bought bijoux from P1")]
    assert state.sales == 1 and state.seller == 0 and state.phase == "prepare"
    check_conserved(state, 45)
    # The same sale as event data.
    assert data_of(state, "market") == [
        {"what": "market", "seat": 0, "market": 0, "inactive": False}
    ]
    assert [d["round"] for d in data_of(state, "offers")] == [1, 2]
    assert data_of(state, "accept") == [{"what": "accept", "seller": 0, "buyer": 1}]
    assert data_of(state, "sale") == [
        {"what": "sale", "seller": 0, "buyer": 1, "market": 0, "card": 8, "coins": 2,
         "loan": False}
    ]  # fmt: skip
    assert data_of(state, "sale_start") == [
        {"what": "sale_start", "seat": 0, "sale": 1, "cards": 7},
        {"what": "sale_start", "seat": 0, "sale": 2, "cards": 7},
    ]


def test_a_sale_paid_with_coins_only_makes_the_buyer_the_seller() -> None:
    state = new_game()
    state.apply(0, PutUp("cafe"))
    offers(state, {1: Offer("cigares", 1), 2: Offer(None, 3)})
    state.apply(0, Accept(2))
    assert state.coins == [18, 15, 12]
    assert state.hands[2] == [4, 16, 17, 18, 20, 21, 22] and len(state.hands[0]) == 6
    assert state.seller == 2 and state.to_move == (2,)
    last = state.view(1).last_sale
    assert last is not None and (last.seller, last.buyer, last.market, last.coins) == (0, 2, 4, 3)


def test_a_negative_coin_offer_makes_the_seller_pay() -> None:
    state = new_game(coins=[3, 15, 15])
    state.apply(0, PutUp("diamant"))
    refused(state, 1, Offer("cigares", -4), "could not pay 4 coins", "must be payable")
    refused(state, 1, Offer(None, -1), "negative coins come with a card")
    refused(state, 1, Offer(None, 16), "cannot offer 16 coins")
    assert Offer("cigares", -3) in state.legal_actions(1)
    assert Offer("cigares", -4) not in state.legal_actions(1)
    offers(state, {1: Offer("cigares", -2), 2: Offer("jade", 0)})
    state.apply(0, Accept(1))
    assert state.coins == [1, 17, 15]
    assert lines(state) == [(0, 1, 2, "sold diamant to P2 for a card and coins")]
    assert 48 in state.hands[1] and 8 in state.hands[0] and state.seller == 0


def test_the_seller_must_accept_at_the_close_and_no_offer_counts_as_nothing() -> None:
    game = tradekit.load_game("negoces", players=3, negotiation_rounds=2)
    state = game.new_state(setup={"hands": HANDS})
    state.apply(0, PutUp("bijoux"))
    offers(state, {})  # nobody offers: the negotiation goes on without asking the seller
    assert state.phase == "negotiate" and state.nround == 2
    offers(state, {1: Offer("cigares", 0)})
    assert state.legal_actions(0) == [Accept(1), Accept(2)]  # the close: no Continue
    refused(state, 0, Continue(), "the seller must accept")
    state.apply(0, Accept(2))  # P2 offered nothing and takes the card for nothing
    assert 0 in state.hands[2] and state.coins == [15, 15, 15] and state.seller == 2


def test_offers_can_be_raised_lowered_and_withdrawn() -> None:
    state = new_game()
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer(None, 5), 2: Offer("jade", 1)})
    refused(state, 0, Accept(0), "not a buyer")
    state.apply(0, Continue())
    assert Withdraw() in state.legal_actions(1)
    offers(state, {1: Withdraw(), 2: Offer("jade", 0)})
    assert state.view(None).offers[1] is None
    refused(state, 0, Accept(1), "no offer standing")
    state.apply(0, Accept(2))
    assert state.coins == [15, 15, 15] and 16 in state.hands[0]


def test_the_buyer_wins_a_double_qualification() -> None:
    hands = [
        [0, 4, 8, 12, 16, 20, 48],  # P0: 7 different goods
        [24, 25, 28, 32, 36, 40],  # P1: 5 different goods
        [1, 2, 5, 6, 9, 10],
    ]
    state = new_game(hands=hands, coins=[10, 12, 15])
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer("miel", 0)})
    state.apply(0, Accept(1))
    assert state.qualifies(0) and state.qualifies(1)  # seller: 7 goods, 10 coins; buyer: 6, 12
    assert state.is_over and state.winner == 1 and state.scores() == [0, 1, 0]
    assert state.view(None).hands[1] == tuple(state.hands[1])  # the winner shows their hand
    assert state.legal_actions(0) == [] and state.to_move == ()


def test_the_seller_wins_when_only_the_seller_qualifies() -> None:
    hands = [[0, 4, 8, 12, 16, 20, 48], [24, 25, 26, 28, 32, 36], [1, 2, 5, 6, 9, 10]]
    state = new_game(hands=hands, coins=[8, 12, 15])
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer(None, 2)})
    state.apply(0, Accept(1))
    assert state.winner == 0 and state.coins == [10, 10, 15] and state.different_goods(1) == 5


def test_no_winner_after_max_sales() -> None:
    game = tradekit.load_game("negoces", players=3, max_sales=2)
    state = game.new_state(setup={"hands": HANDS})
    for _ in range(2):
        seller = state.seller
        assert seller is not None
        state.apply(seller, state.legal_actions(seller)[0])
        offers(state, {})
        offers(state, {})
        offers(state, {})
        state.apply(seller, Accept(state.buyers()[0]))
    assert state.is_over and state.winner is None and state.scores() == [0, 0, 0]
    assert state.log[-1].text == "2 sales without a winner: the game ends with no winner"
    assert state.log[-1].data == {
        "what": "game_end", "winner": None, "sales": 2, "goods": None, "coins": None, "by": None
    }  # fmt: skip


# ----------------------------------------------------------------------------------------------
# variants
# ----------------------------------------------------------------------------------------------


def test_treasury_tax_is_paid_after_a_sale() -> None:
    state = new_game(variants="treasury")
    assert state.legal_actions(0)[-1] == UseTreasurer()
    state.apply(0, PutUp("cafe"))
    offers(state, {2: Offer(None, 4)})
    state.apply(0, Accept(2))
    assert state.coins == [18, 15, 11] and state.treasury == 1
    assert lines(state) == [(2, 0, 4, "bought cafe from P1"), (0, "treasury", 1, "tax on a sale")]
    check_conserved(state, 45)


def test_the_treasurer_takes_the_treasury() -> None:
    state = new_game(variants="treasury", treasury=6)
    state.apply(0, UseTreasurer())
    assert state.coins == [21, 15, 15] and state.treasury == 0
    assert state.treasurer == [False, True, True] and 59 in state.card_locations()["box"]
    assert UseTreasurer() not in state.legal_actions(0)
    assert lines(state) == [("treasury", 0, 6, "took the treasury with the Treasurer")]
    assert coins_everywhere(state) == 45 + 6


def test_a_seller_who_cannot_pay_the_tax_loses_the_treasurer_card() -> None:
    state = new_game(variants="treasury", coins=[0, 15, 15], treasury=3)
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 0)})
    state.apply(0, Accept(1))
    assert state.coins[0] == 0 and state.treasury == 3
    assert state.treasurer[0] is False and 59 in state.box
    assert any("cannot pay the tax and loses their Treasurer card" in e.text for e in state.log)
    # Next sale: still no coin and no Treasurer card: no tax at all.
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 0)})
    state.apply(0, Accept(1))
    assert state.treasury == 3 and state.log[-2].text == "P1 cannot pay the tax and pays nothing"
    assert data_of(state, "tax_unpaid") == [
        {"what": "tax_unpaid", "seat": 0, "tax": 1, "treasurer": True},
        {"what": "tax_unpaid", "seat": 0, "tax": 1, "treasurer": False},
    ]


def test_the_thief_steals_the_market_card_and_leaves_the_game() -> None:
    state = new_game(variants="thief_guard", thief=1, guard=2)
    state.apply(0, PutUp("diamant"))
    assert Steal() in state.legal_actions(1) and Steal() not in state.legal_actions(2)
    state.apply(2, Offer(None, 5))  # P2's sealed offer is never revealed
    state.apply(1, Steal())
    assert 48 in state.hands[1] and state.coins == [15, 15, 15] and state.thief is None
    assert 65 in state.box and state.seller == 1 and state.sales == 1
    assert state.phase == "prepare" and lines(state) == []
    assert data_of(state, "theft") == [{"what": "theft", "seat": 1, "card": 48, "seller": 0}]
    assert data_of(state, "sale") == []  # a theft is not a sale
    last = state.view(None).last_sale
    assert last is not None and last.stolen


def test_the_guard_cannot_be_robbed() -> None:
    state = new_game(variants="thief_guard", thief=1, guard=0)
    state.apply(0, PutUp("diamant"))
    assert Steal() not in state.legal_actions(1)
    refused(state, 1, Steal(), "holds the Guard and cannot be robbed")


def test_thief_and_guard_auctions_follow_the_diamant_and_their_price_is_shared() -> None:
    game = tradekit.load_game("negoces", players=3, variants=["thief_guard"])
    state = game.new_state(seed=5)
    state.apply(1, Bid(1))
    state.apply(2, Pass())
    state.apply(0, Pass())  # P1 wins the Diamant for 1
    assert state.view(None).auction is not None
    assert state.view(None).auction.item == "thief" and state.to_move == (2,)  # P1 opened at 0
    state.apply(2, Bid(2))
    state.apply(0, Pass())
    state.apply(1, Pass())
    assert state.thief == 2 and state.phase == "gift" and state.to_move == (2,)
    refused(state, 2, Give(2, 1), "another seat")
    refused(state, 2, Give(0, 3), "2 coins left")
    state.apply(2, Give(0, 1))
    state.apply(2, Give(1, 1))
    assert state.view(None).auction is not None and state.view(None).auction.item == "guard"
    assert state.to_move == (2,)  # the Diamant winner P1 opens the Guard auction too
    state.apply(2, Pass())
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(0, Give(2, 1))
    assert state.guard == 0 and state.coins == [15, 15, 14] and state.box_coins == 1
    assert state.phase == "prepare" and state.seller == 1
    assert lines(state)[1:] == [
        (2, 0, 1, "share of the Thief's price"),
        (2, 1, 1, "share of the Thief's price"),
        (0, 2, 1, "share of the Guard's price"),
    ]
    assert [(d["item"], d["opener"]) for d in data_of(state, "auction")] == [
        ("diamant", 0), ("thief", 1), ("guard", 1)
    ]  # fmt: skip
    assert [(d["item"], d["winner"], d["price"]) for d in data_of(state, "auction_won")] == [
        ("diamant", 1, 1), ("thief", 2, 2), ("guard", 0, 1)
    ]  # fmt: skip
    assert data_of(state, "gift") == [
        {"what": "gift", "seat": 2, "gift": 2, "source": "thief"},
        {"what": "gift", "seat": 0, "gift": 1, "source": "guard"},
    ]


def test_a_miser_bars_a_buyer_who_may_still_get_the_card_for_nothing() -> None:
    state = new_game(variants="misers", misers=[True, False, True])
    assert 68 in state.box  # P1 starts without their Miser card
    state.apply(0, PutUp("bijoux"))
    state.apply(2, Ban(1))
    assert state.banned == {1} and state.miser == [True, False, False] and 69 in state.box
    assert data_of(state, "ban") == [{"what": "ban", "seat": 2, "banned": 1}]
    # P1 is barred and has nothing else to do: P1 is not asked in this sale any more.
    assert state.to_move == (2,) and state.legal_actions(1) == []
    assert "barred by a Miser" in str(state._illegal_reason(1, Offer(None, 2)))
    refused(state, 2, Ban(1), "holds no Miser card")
    state.apply(2, Offer(None, 1))
    state.apply(0, Continue())
    assert state.to_move == (2,)
    offers(state, {})
    state.apply(0, Continue())
    offers(state, {})
    assert Accept(1) in state.legal_actions(0)
    state.apply(0, Accept(1))
    assert 0 in state.hands[1] and state.coins == [15, 15, 15]


def test_a_swindler_swap_is_hidden_from_the_others() -> None:
    state = new_game(variants="swindlers")
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 0)})
    state.apply(0, Accept(1))
    assert state.phase == "swindle" and state.to_move == (1,)
    assert state.legal_actions(1) == [Swap("ivoire"), NoSwap()]
    refused(state, 1, Swap("cigares"), "another good")
    state.apply(1, Swap("ivoire"))
    assert 12 in state.hands[0] and 8 in state.hands[1] and 0 in state.hands[1]
    assert state.swindler == [True, False, True] and 74 in state.box
    mine, sellers, others, public = (state.view(v).last_sale for v in (1, 0, 2, None))
    assert mine is not None and sellers is not None and others is not None and public is not None
    assert mine.paid_card == 12 and sellers.paid_card == 12 and mine.swapped
    assert others.paid_card is None and others.paid_hidden and others.swapped
    assert public.paid_card is None and public.paid_hidden
    secret = [e for e in state.log if e.data.get("paid") == 12]
    assert len(secret) == 1 and secret[0].visible_to == (0, 1)
    assert secret[0].data == {"what": "swap", "seat": 1, "paid": 12, "offered": 8}
    assert data_of(state, "swindle") == [{"what": "swindle", "seat": 1}]
    sale = data_of(state, "sale")
    assert len(sale) == 1 and sale[0]["card"] == "hidden"  # the public sale does not name it
    assert all(e.visible(2) is False for e in secret)
    # The Swap decision itself names the good: logged for the buyer and the seller only.
    decision = [e for e in state.log if e.action == Swap("ivoire")]
    assert len(decision) == 1 and decision[0].visible_to == (0, 1)
    assert not any(e.action == Swap("ivoire") for e in state.visible_log(2))
    assert not any(e.action == Swap("ivoire") for e in state.visible_log(None))
    for seed in range(5):  # the swap's card is hidden information: P2's view never depends on it
        assert state.resample_hidden(2, seed).view(2) == state.view(2)


def test_no_swap_pays_with_the_card_offered() -> None:
    state = new_game(variants="swindlers")
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 0)})
    state.apply(0, Accept(1))
    state.apply(1, NoSwap())
    assert 8 in state.hands[0] and state.swindler == [True, True, True]
    last = state.view(2).last_sale
    assert last is not None and last.paid_card == 8 and not last.swapped


def test_a_loan_blocks_a_win_until_it_is_repaid() -> None:
    hands = [[0, 1, 4, 8, 12, 16, 48], [24, 25, 28, 32, 36, 40], [2, 3, 5, 6, 9, 10]]
    state = new_game(hands=hands, variants="bank", coins=[10, 12, 15], loans=[0, 1, 0])
    assert state.bank_coins == 25 and coins_everywhere(state) == 37 + 25
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer(None, 2)})
    state.apply(0, Accept(1))
    # P1 holds 6 different goods and 10 coins, but also a loan card: no winner.
    assert not state.is_over and not state.qualifies(1) and state.different_goods(1) == 6
    assert state.coins == [12, 10, 15] and state.seller == 1
    assert TakeLoan() not in state.legal_actions(1)  # one loan at a time
    state.apply(1, RepayLoan())
    assert state.coins[1] == 5 and state.loans == [[], [], []] and state.bank_coins == 30
    assert lines(state)[-1] == (1, "bank", 5, "loan repaid to the bank")
    refused(state, 1, RepayLoan(), "holds no loan card")
    state.apply(1, PutUp("miel"))
    offers(state, {0: Offer(None, 5)})
    state.apply(1, Accept(0))
    assert state.is_over and state.winner == 1 and state.coins == [7, 10, 15]
    check_conserved(state, 37 + 25)


def test_a_loan_is_taken_offered_as_payment_and_kept_payable() -> None:
    state = new_game(variants="bank")
    state.apply(0, TakeLoan())
    assert state.coins[0] == 20 and state.bank_coins == 25 and len(state.loans[0]) == 1
    refused(state, 0, TakeLoan(), "already holds a loan card")
    state.apply(0, PutUp("bijoux"))
    state.apply(1, TakeLoan())
    assert Offer("cigares", 0, loan=True) in state.legal_actions(1)
    state.apply(1, Offer("cigares", 0, loan=True))
    state.apply(2, Offer(None, 1))
    state.apply(0, Accept(1))
    # P0 now holds two loan cards (one received in payment); P1 none.
    assert [len(x) for x in state.loans] == [2, 0, 0] and state.coins == [20, 20, 15]
    assert state.view(None).loans == (2, 0, 0)
    check_conserved(state, 45 + 30)


def test_the_temple_swaps_a_card_for_sacred_texts_against_a_gift() -> None:
    state = new_game(variants="temple")
    assert Temple("cafe") in state.legal_actions(0)
    state.apply(0, Temple("cafe"))
    assert 4 in state.box and 49 in state.hands[0] and len(state.hands[0]) == 7
    assert data_of(state, "temple") == [{"what": "temple", "seat": 0, "removed": 4, "sacred": 49}]
    assert data_of(state, "gift") == [{"what": "gift", "seat": 0, "gift": 5, "source": "temple"}]
    assert state.phase == "gift" and state.gift_left == 5  # 3 players: 5 coins
    state.apply(0, Give(1, 3))
    state.apply(0, Give(2, 2))
    assert state.coins == [10, 18, 17] and state.phase == "prepare"
    assert lines(state) == [(0, 1, 3, "temple gift"), (0, 2, 2, "temple gift")]
    assert not any(isinstance(a, Temple) for a in state.legal_actions(0))  # once per sale
    refused(state, 0, Temple("bijoux"), "once per sale")
    assert state.view(None).sacred_left == 3 and state.different_goods(0) == 4
    check_conserved(state, 45)


@pytest.mark.parametrize(("players", "gift"), [(4, 4), (5, 3), (6, 2)])
def test_temple_gift_by_player_count(players: int, gift: int) -> None:
    state = tradekit.load_game("negoces", players=players, variants=["temple"]).new_state(seed=1)
    assert state.gift_size == gift


def test_contraband_is_bought_for_coins_only_and_then_counts() -> None:
    hands = [[0, 1, 2, 4, 5, 48], [8, 9, 10, 12, 13], [16, 17, 18, 20, 21]]
    state = new_game(variants="smugglers", hands=hands, inactive=[[53], [54], [55]])
    assert state.seller == 0 and SellInactive("armes") in state.legal_actions(0)
    state.apply(0, SellInactive("armes"))
    assert state.market == 53 and state.market_inactive
    legal = state.legal_actions(1)
    assert all(
        a.good is None and a.coins >= 0 and not a.loan for a in legal if isinstance(a, Offer)
    )
    refused(state, 1, Offer("cigares", 1), "coins only")
    offers(state, {1: Offer(None, 3), 2: Offer(None, 2)})
    state.apply(0, Accept(1))
    assert 53 in state.hands[1] and state.inactive == [[], [54], [55]]
    assert state.different_goods(1) == 3 and state.seller == 1  # 5 + 1 face-up + 1 bought
    assert state.coins == [18, 12, 15]


def test_smugglers_deal_a_series_of_4_one_of_3_and_a_contraband_card() -> None:
    state = tradekit.load_game("negoces", players=4, variants="smugglers").new_state(seed=4)
    for p in range(4):
        counts = sorted(collections.Counter(state._good(c) for c in state.hands[p]).values())
        assert counts == [3, 4] and len(state.inactive[p]) == 1
        assert state.tables.kind_of[state.inactive[p][0]] == "contraband"
    assert state.view(None).inactive == tuple(tuple(x) for x in state.inactive)  # face up


def test_new_monopolies_deal_two_singles_face_up_and_play_to_8_goods() -> None:
    state = tradekit.load_game("negoces", players=3, variants="new_monopolies").new_state(seed=2)
    assert (state.goal_goods, state.goal_coins) == (8, 10) and state.coins == [15, 15, 15]
    singles = [c for x in state.inactive for c in x]
    series = {state._good(c) for h in state.hands for c in h}
    assert [len(h) for h in state.hands] == [6, 6, 6] and len(singles) == 6
    assert len(series) == 6 and not series & {state._good(c) for c in singles}
    for p in (1, 2):
        state.apply(p, Pass())
    assert state.seller == 0 and state.total_cards(0) == 9
    assert any(isinstance(a, SellInactive) for a in state.legal_actions(0))


def test_blind_players_hide_coins_and_offered_cards() -> None:
    state = new_game(variants="blind")
    assert state.view(1).coins == (None, 15, None) and state.view(None).coins == (None,) * 3
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 2), 2: Offer(None, 1)})
    for viewer in (0, 2, None):
        seen = state.view(viewer).offers[1]
        assert seen is not None and seen.card is None and seen.face_down and seen.coins == 2
    own = state.view(1).offers[1]
    assert own is not None and own.card == 8 and not own.face_down
    reveal = [e for e in state.log if e.kind == "reveal"][-1]
    assert reveal.data["offers"][1]["card"] == "face down"
    state.apply(0, Accept(1))
    last = state.view(2).last_sale
    assert last is not None and last.paid_hidden and last.paid_card is None
    seller_view = state.view(0).last_sale
    assert seller_view is not None and seller_view.paid_card == 8
    for seed in range(3):
        assert state.resample_hidden(2, seed).view(2) == state.view(2)


def test_face_down_mini_variant_lets_the_seller_ask_to_see_a_card() -> None:
    state = new_game(variants="face_down")
    state.apply(0, PutUp("bijoux"))
    offers(state, {1: Offer("cigares", 0), 2: Offer("jade", 0)})
    seen = state.view(0).offers[1]
    assert seen is not None and seen.face_down
    assert state.legal_actions(0) == [Accept(1), Accept(2), AskToShow(1), AskToShow(2), Continue()]
    state.apply(0, AskToShow(2))
    assert data_of(state, "turn_up") == [{"what": "turn_up", "seat": 2, "card": 16}]
    for viewer in (0, 1, None):
        shown = state.view(viewer).offers[2]
        assert shown is not None and shown.card == 16 and not shown.face_down
    refused(state, 0, AskToShow(2), "already face up")
    state.apply(0, Accept(2))
    last = state.view(1).last_sale
    assert last is not None and last.paid_card == 16


# ----------------------------------------------------------------------------------------------
# options
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"players": 2}, "3, 4, 5 or 6"),
        ({"players": 7}, "3, 4, 5 or 6"),
        ({"variants": ["blind", "face_down"]}, "not both blind and face_down"),
        ({"variants": "smugglers,new_monopolies", "players": 3}, "not both smugglers"),
        ({"variants": ("new_monopolies",)}, "3 players for new_monopolies"),
        ({"variants": ["pirates"]}, "names among"),
        ({"variants": 3}, "a tuple, list or comma-separated string"),
        ({"variants": ["winner_opens"]}, "the previous winner's seat"),
        ({"variants": ["winner_opens"], "opener": 4}, "the previous winner's seat"),
        ({"opener": 1}, "None unless variants include 'winner_opens'"),
        ({"negotiation_rounds": 0}, "from 1 to 20"),
        ({"max_sales": 0}, ">= 1"),
    ],
)
def test_bad_options_raise_config_error(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ConfigError, match="is not allowed") as info:
        tradekit.load_game("negoces", **options)
    assert fragment in str(info.value)


def test_variants_are_normalised_and_options_round_trip() -> None:
    game = tradekit.load_game("negoces", players=3, variants="treasury, bank,temple")
    assert isinstance(game, NegocesGame)
    assert game.variants == ("bank", "temple", "treasury")
    assert json.loads(json.dumps(game.options()))["variants"] == ["bank", "temple", "treasury"]
    assert tradekit.load_game("negoces", **game.options()) == game
    assert NegocesGame(variants=["bank"]) == NegocesGame(variants=("bank",))  # type: ignore[arg-type]


def test_every_pair_of_variants_either_combines_or_says_why() -> None:
    for a, b in itertools.combinations(sorted(VARIANTS), 2):
        players = 3
        options: dict[str, Any] = {"players": players, "variants": [a, b]}
        if "winner_opens" in (a, b):
            options["opener"] = 1
        if {a, b} in ({"blind", "face_down"}, {"smugglers", "new_monopolies"}):
            with pytest.raises(ConfigError, match="not both"):
                tradekit.load_game("negoces", **options)
        else:
            state = tradekit.load_game("negoces", **options).new_state(seed=1)
            assert not state.is_over


def test_scripted_setup_errors() -> None:
    game = tradekit.load_game("negoces", players=3)
    with pytest.raises(ConfigError, match="one seat"):
        game.new_state(setup={"hands": [[0, 48], [1, 2], [3]]})
    with pytest.raises(ConfigError, match="each card placed at most once"):
        game.new_state(setup={"hands": [[0, 48], [0], [3]]})
    with pytest.raises(ConfigError, match="keys among"):
        game.new_state(setup={"hands": HANDS, "colour": 1})
    with pytest.raises(ConfigError, match="only with the bank variant"):
        game.new_state(setup={"hands": HANDS, "loans": [1, 0, 0]})


# ----------------------------------------------------------------------------------------------
# random games with every variant: coins and cards conserved, replay
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_with_variants_conserve_coins_and_cards(players: int) -> None:
    for i, variants in enumerate(variant_sets(players, 6, seed=7)):
        extra = {"opener": 0} if "winner_opens" in variants else {}
        game = tradekit.load_game(
            "negoces", players=players, variants=variants, max_sales=25, **extra
        )
        state = game.new_state(seed=100 + i)
        assert isinstance(state, NegocesState)
        total = coins_everywhere(state)
        rng = np.random.default_rng(i)
        while not state.is_over:
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            check_conserved(state, total)
            assert min(state.coins) >= 0
        assert tradekit.replay(state.to_json()).to_json() == state.to_json()
