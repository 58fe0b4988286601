"""Rungis, scenario by scenario, against the rules stated in ``tradekit.games.rungis.state``.

Each test starts from a scripted set-up, plays the decisions a table of students would make, and
checks the exact gold, cards, ledger lines and views. Seats are numbered from 0; seat 0 is the
First Buyer of round 1 unless the set-up says otherwise.

Cards used below (from ``data/rungis/``; article cards are numbered by type, 6 per type):

    fruit 1-6 (base 1)      vegetables 7-12 (base 1)   eggs 13-18 (base 2)   flowers 19-24 (base 2)
    cheese 25-30 (base 3)   poultry 31-36 (base 3)     fish 37-42 (base 4)   meat 43-48 (base 5)

    special cards: 49-50 No delivery, 51-52 Double order, 53-54 Pre-emption, 55-56 Strike,
    57-58 Tax (2), 59-60 Subsidy (2), 61-62 Price freeze, 63-64 Exclusive rights, 65-66 Shortage,
    67-68 Rumour, 69-70 Advertising, 71-72 Spoiled goods
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tradekit
from tradekit import ConfigError, IllegalActionError
from tradekit.games.rungis import (
    Accept,
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    Refuse,
    RungisGame,
    RungisState,
    Terms,
)

FRUIT, VEG, EGGS, CHEESE, FISH, MEAT = 1, 7, 13, 25, 37, 43


# ----------------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------------


def new(players: int = 3, specials: bool = True, seed: int = 0, **setup: Any) -> RungisState:
    """A scripted game; ``options`` in the set-up dict are game options, not set-up keys."""
    options = setup.pop("options", {})
    game = tradekit.load_game("rungis", players=players, specials=specials, **options)
    state = game.new_state(seed=seed, setup=setup)
    assert isinstance(state, RungisState)
    return state


def sales_game(shops: list[list[int]], **kw: Any) -> RungisState:
    """One round with an empty deck: straight to the pricing phase with these shops."""
    return new(players=len(shops), deck=[], rounds=1, shops=shops, **kw)


def talk_done(state: RungisState) -> None:
    """Everyone still to talk says Done."""
    while state.step == "talk":
        state.apply(state.to_move[0], Done())


def write(state: RungisState, sheets: dict[int, dict[str, int]]) -> None:
    """Each listed seat writes its sheet, one type at a time in table order."""
    for seat, sheet in sorted(sheets.items()):
        for article, price in sheet.items():
            state.apply(seat, Price(article, price))


def ledger(state: RungisState, phase: str | None = None) -> list[str]:
    return [str(t) for t in state.ledger.entries(phase=phase)]


def lines(state: RungisState) -> list[tuple[int, str, int]]:
    return [(line.player, line.status, line.paid) for line in state.sales]


# ----------------------------------------------------------------------------------------------
# game length, rotation, options
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 10), (6, 10), (7, 8), (8, 8)])
def test_round_count(players: int, rounds: int) -> None:
    game = tradekit.load_game("rungis", players=players)
    assert isinstance(game, RungisGame)
    assert game.rounds == rounds
    state = game.new_state(seed=players)
    rng = np.random.default_rng(players)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    first_buyers = [e.data["first_buyer"] for e in state.log if "first_buyer" in e.data]
    assert first_buyers == [r % players for r in range(rounds)]  # rotation to the left
    assert state.round == rounds


def test_each_player_starts_with_10_gold_and_the_deck_is_shuffled() -> None:
    state = tradekit.load_game("rungis", players=4).new_state(seed=3)
    assert state.gold == [10, 10, 10, 10]
    assert len(state.centre) == 4 and len(state.deck) == 72 - 4
    assert sorted(state.deck + state.centre) == list(range(1, 73))
    plain = tradekit.load_game("rungis", players=4, specials=False).new_state(seed=3)
    assert sorted(plain.deck + plain.centre) == list(range(1, 49))


@pytest.mark.parametrize(
    ("option", "value"),
    [("players", 2), ("players", 9), ("players", "4"), ("specials", 1), ("trading", "yes")],
)
def test_bad_options_are_refused(option: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=f"option '{option}'"):
        tradekit.load_game("rungis", **{option: value})


def test_short_deck_turns_what_is_left_then_skips_the_auction() -> None:
    state = new(players=3, specials=False, deck=[FISH, MEAT], rounds=2)
    assert state.centre == [FISH, MEAT]
    state.apply(0, Designate(0))
    for seat in (0, 1, 2):
        state.apply(seat, Pass())
    state.apply(0, Designate(0))
    for seat in (0, 1, 2):
        state.apply(seat, Pass())
    assert state.removed == [FISH, MEAT]
    assert state.round == 2 and state.phase == "over"  # nobody holds anything: nothing to price
    assert any(e.text == "the deck is empty: no Rungis phase this round" for e in state.log)


# ----------------------------------------------------------------------------------------------
# the Rungis auction
# ----------------------------------------------------------------------------------------------


def test_designator_opens_at_base_price_and_a_full_turn_of_passes_sells() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    assert (state.phase, state.step, state.to_move) == ("rungis", "designate", (0,))
    assert state.legal_actions(0) == [Designate(0), Designate(1), Designate(2)]
    state.apply(0, Designate(0))
    assert state.legal_actions(0) == [Bid(x) for x in range(4, 11)] + [Pass()]
    opening = r"the opening bid \(at least the base price.*from 4 to 10; got 3"
    with pytest.raises(IllegalActionError, match=opening):
        state.apply(0, Bid(3))
    state.apply(0, Bid(4))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.shops[0] == [FISH] and state.gold == [6, 10, 10]
    assert ledger(state) == ["P1 -> bank: 4 (bought #37 Fish (base 4) (won at the Rungis auction))"]
    # P0 has bought: P1 is the first player in turn order who has not, and designates.
    assert state.to_move == (1,) and state.step == "designate"


def test_a_card_nobody_opens_is_removed() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    state.apply(0, Designate(0))
    state.apply(0, Pass())  # the designator declines to open
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.removed == [FISH] and state.centre == [FRUIT, EGGS]
    assert state.gold == [10, 10, 10] and len(state.ledger) == 0
    assert state.to_move == (0,) and state.step == "designate"  # P0 has still not bought


def test_another_player_may_open_when_the_designator_declines() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    state.apply(0, Designate(1))  # fruit, base 1
    state.apply(0, Pass())
    state.apply(1, Bid(1))
    state.apply(2, Pass())
    state.apply(0, Pass())
    assert state.shops[1] == [FRUIT] and state.gold == [10, 9, 10]


def test_a_pass_is_not_final() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    state.apply(0, Designate(2))  # eggs, base 2
    state.apply(0, Pass())
    state.apply(1, Bid(2))
    state.apply(2, Bid(3))
    state.apply(0, Bid(4))  # P0 passed before, and may still raise
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.shops[0] == [EGGS] and state.gold == [6, 10, 10]


def test_a_player_who_already_bought_cannot_bid() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    state.apply(0, Designate(0))
    state.apply(0, Bid(4))
    state.apply(1, Pass())
    state.apply(2, Pass())
    state.apply(1, Designate(0))  # fruit
    assert state.view(None).auction is not None
    assert state.view(None).auction.bidders == (1, 2)  # type: ignore[union-attr]
    state.apply(1, Bid(1))
    assert state.to_move == (2,)
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError, match="not P1's turn"):
        state.apply(0, Bid(2))
    state.apply(2, Pass())
    # The last player designates the last card alone; when everyone has bought, the phase ends.
    assert state.to_move == (2,)
    state.apply(2, Designate(0))
    state.apply(2, Bid(2))
    assert [state.shops[p] for p in range(3)] == [[FISH], [FRUIT], [EGGS]]
    assert state.phase == "cac40"


def test_a_special_card_opens_at_1_and_stays_hidden_from_others() -> None:
    state = new(specials=True, deck=[53, FISH, FRUIT])
    public = state.view(None)
    assert public.centre == (None, FISH, FRUIT)  # face down: nobody knows which special
    assert state.view("all").centre == (53, FISH, FRUIT)
    state.apply(0, Designate(0))
    assert state.legal_actions(0)[0] == Bid(1)
    assert state.view(1).auction.card is None  # type: ignore[union-attr]
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.hands[0] == [53] and state.gold[0] == 9
    assert state.view(0).hands[0] == (53,)
    assert state.view(1).hands[0] is None and state.view(1).hand_sizes == (1, 0, 0)
    seen = [e for e in state.log if e.data.get("special") == 53]
    assert len(seen) == 1 and seen[0].visible_to == (0,)
    assert all(53 not in e.data.get("centre", []) for e in state.log if e.visible_to is None)


def test_players_who_cannot_pay_are_passed_without_a_decision() -> None:
    state = new(specials=False, deck=[MEAT, FRUIT, EGGS], gold=[10, 4, 10])
    state.apply(0, Designate(0))  # meat, base 5: P1 cannot open or raise
    state.apply(0, Pass())
    assert state.to_move == (2,)
    state.apply(2, Bid(5))
    state.apply(0, Pass())
    assert state.shops[2] == [MEAT]


def test_first_buyer_rotates_and_designates_first() -> None:
    state = new(specials=False, deck=[FRUIT, VEG, EGGS, 2, 8, 14], rounds=2)
    for _ in range(3):  # nobody buys: P0 keeps designating
        state.apply(0, Designate(0))
        for seat in (0, 1, 2):
            state.apply(seat, Pass())
    assert state.removed == [FRUIT, VEG, EGGS]
    assert state.round == 2 and state.active == 1 and state.to_move == (1,)


# ----------------------------------------------------------------------------------------------
# pricing and sales
# ----------------------------------------------------------------------------------------------


def test_prices_are_secret_until_revealed_and_within_base_to_twice_base() -> None:
    state = sales_game([[FISH], [FISH + 1], []])
    talk_done(state)
    assert state.step == "prices" and state.to_move == (0, 1)
    assert state.legal_actions(0) == [Price("fish", x) for x in range(4, 9)]
    with pytest.raises(
        IllegalActionError, match="the price for fish must be a whole number from 4 to 8"
    ):
        state.apply(0, Price("fish", 9))
    state.apply(0, Price("fish", 7))
    assert state.view(0).sheets[0] == (("fish", 7),)
    assert state.view(1).sheets[0] is None and state.view(None).sheets[0] is None
    assert state.view(1).sealed[0] is None and state.view(0).sealed[0] == Price("fish", 7)
    logged = [e for e in state.log if e.action == Price("fish", 7)]
    assert logged[0].visible_to == (0,)
    state.apply(1, Price("fish", 5))
    assert state.view(1).sheets[0] == (("fish", 7),)  # revealed


def test_below_base_allows_prices_down_to_1() -> None:
    state = sales_game([[FISH], [], []], options={"below_base": True})
    talk_done(state)
    assert state.legal_actions(0) == [Price("fish", x) for x in range(1, 9)]


def test_sales_lone_seller_gets_price_plus_2() -> None:
    state = sales_game([[FISH, FISH + 1], [], []])
    talk_done(state)
    write(state, {0: {"fish": 6}})
    assert state.gold == [26, 10, 10]
    assert ledger(state, "ca") == [
        "bank -> P1: 16 (sales of Fish: lone seller at 6, counted as lowest, + 2 = 8 × 2 cards)"
    ]
    # The shop keeps its cards; the final score adds their base values.
    assert state.is_over and state.scores() == [26 + 8, 10, 10]


def test_sales_all_equal_counts_as_lowest() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1, CHEESE + 2], []])
    talk_done(state)
    write(state, {0: {"cheese": 5}, 1: {"cheese": 5}})
    assert state.gold == [17, 24, 10]
    assert lines(state) == [(0, "lowest", 7), (1, "lowest", 14)]
    assert ledger(state, "ca")[0] == (
        "bank -> P1: 7 (sales of Cheese: all ask 5, counted as lowest, + 2 = 7 × 1 card)"
    )


def test_sales_three_different_prices() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2, CHEESE + 3]])
    talk_done(state)
    write(state, {0: {"cheese": 6}, 1: {"cheese": 3}, 2: {"cheese": 4}})
    assert lines(state) == [(0, "highest", 0), (1, "lowest", 5), (2, "middle", 8)]
    assert state.gold == [10, 15, 18]
    assert ledger(state, "ca") == [
        "bank -> P2: 5 (sales of Cheese: lowest price 3 + 2 = 5 × 1 card)",
        "bank -> P3: 8 (sales of Cheese: middle price 4 = 4 × 2 cards)",
    ]


def test_sales_tie_at_the_lowest() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2], [CHEESE + 3]])
    talk_done(state)
    write(state, {0: {"cheese": 4}, 1: {"cheese": 4}, 2: {"cheese": 5}, 3: {"cheese": 6}})
    assert lines(state) == [(0, "lowest", 6), (1, "lowest", 6), (2, "middle", 5), (3, "highest", 0)]
    assert ledger(state, "ca")[0] == (
        "bank -> P1: 6 (sales of Cheese: lowest price 4 (tied with P2) + 2 = 6 × 1 card)"
    )


def test_sales_tie_at_the_highest() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2]])
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 6}, 2: {"cheese": 6}})
    assert lines(state) == [(0, "lowest", 5), (1, "highest", 0), (2, "highest", 0)]
    assert state.gold == [15, 10, 10]


def test_sales_call_each_type_in_table_order_and_shops_earn_every_round() -> None:
    state = new(players=3, specials=False, deck=[], rounds=2, shops=[[FRUIT, MEAT], [MEAT + 1], []])
    for _ in range(2):
        talk_done(state)
        assert state.to_move == (0, 1)
        state.apply(0, Price("fruit", 2))  # one type at a time, in table order
        with pytest.raises(IllegalActionError, match="writes the price for meat next"):
            state.apply(0, Price("fruit", 1))
        write(state, {0: {"meat": 5}, 1: {"meat": 10}})
    # Each round: fruit alone at 2 -> 4; meat lowest at 5 -> 7; P1 highest -> 0.
    assert state.gold == [10 + 2 * 11, 10, 10]
    assert [t.reason.split(":")[0] for t in state.ledger] == ["sales of Fruit", "sales of Meat"] * 2
    assert state.scores() == [32 + 1 + 5, 10 + 5, 10]
    end = [e.text for e in state.log if e.phase == "scoring"]
    assert end[0] == "P1: 32 gold + shop 6 (1 Fruit × 1, 1 Meat × 5) = 38"


def test_equal_totals_share_the_win() -> None:
    state = sales_game([[FISH], [FISH + 1], []])
    talk_done(state)
    write(state, {0: {"fish": 4}, 1: {"fish": 4}})
    assert state.scores() == [20, 20, 10] and state.winners() == [0, 1]
    assert state.view(None).winners == (0, 1)


# ----------------------------------------------------------------------------------------------
# talk: announcements and trading
# ----------------------------------------------------------------------------------------------


def test_announcements_are_public_and_not_binding() -> None:
    state = sales_game([[FISH], [FISH + 1], []])
    assert state.to_move == (0,)
    assert state.legal_actions(0) == [Announce("fish", x) for x in range(4, 9)] + [Done()]
    state.apply(0, Announce("fish", 8))
    assert state.to_move == (1,)  # nothing left to say: P0's talk turn ends by itself
    state.apply(1, Announce("fish", 8))
    assert state.view(2).announcements == ((("fish", 8),), (("fish", 8),), ())
    write(state, {0: {"fish": 7}, 1: {"fish": 8}})  # P0 defects from the cartel
    assert lines(state) == [(0, "lowest", 9), (1, "highest", 0)]


def test_trading_proposal_accepted() -> None:
    state = sales_game([[FISH, CHEESE], [MEAT], []], options={"trading": True})
    legal = state.legal_actions(0)
    assert Propose(1, "fish", None) in legal and Propose(1, None, "meat") in legal
    assert Propose(2, "cheese", None) in legal and Propose(2, None, None) not in legal
    state.apply(0, Propose(1, "fish", "meat"))
    assert state.step == "terms" and state.legal_actions(0) == [Terms(g) for g in range(-10, 11)]
    state.apply(0, Terms(3))  # P0 pays 3 on top of the fish for P1's meat
    assert state.to_move == (1,) and state.legal_actions(1) == [Accept(), Refuse()]
    state.apply(1, Accept())
    assert state.shops == [[CHEESE, MEAT], [FISH], []]
    assert state.gold == [7, 13, 10]
    assert ledger(state) == [
        "P1 -> P2: 3 (trade: P1 gives #37 Fish (base 4) and P2 gives #43 Meat (base 5))"
    ]
    assert all(not isinstance(a, Propose) for a in state.legal_actions(0))  # one per phase


def test_trading_proposal_refused_moves_nothing() -> None:
    state = sales_game([[FISH], [MEAT], []], options={"trading": True})
    state.apply(0, Propose(1, None, "meat"))
    state.apply(0, Terms(6))
    state.apply(1, Refuse())
    assert state.shops == [[FISH], [MEAT], []] and state.gold == [10, 10, 10]
    assert state.step == "talk" and state.to_move == (0,)


def test_without_trading_there_are_no_proposals() -> None:
    state = sales_game([[FISH], [MEAT], []])
    assert not any(isinstance(a, Propose) for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError, match="without the trading option"):
        state.apply(0, Propose(1, "fish", None))


# ----------------------------------------------------------------------------------------------
# special cards: one test per kind
# ----------------------------------------------------------------------------------------------


def test_no_delivery_keeps_a_player_out_of_the_auction_phase() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[49], [], []])
    assert state.step == "auction_start" and state.to_move == (0,)
    assert state.legal_actions(0) == [Play(49, player=1), Play(49, player=2), Done()]
    state.apply(0, Play(49, player=1))
    assert state.barred == {1} and state.played == [49]
    state.apply(0, Designate(0))
    assert state.auction is not None and state.auction.order == (0, 2)
    state.apply(0, Bid(4))
    state.apply(2, Pass())
    assert state.to_move == (2,)  # P1 may not designate
    state.apply(2, Designate(0))
    state.apply(2, Bid(1))
    # Everyone who may buy has bought: the last card is removed (ruling R7 of docs/rules/rungis.md).
    assert state.removed == [EGGS] and state.phase == "cac40"
    assert state.view(None).effects[0].kind == "no_delivery"


def test_double_order_buys_two_cards() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[51], [], []])
    state.apply(0, Play(51))
    state.apply(0, Designate(1))
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.to_move == (0,) and state.step == "designate"  # P0 may still buy
    state.apply(0, Designate(1))
    state.apply(0, Bid(2))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.shops[0] == [FRUIT, EGGS] and state.buys[0] == 2


def test_preemption_takes_an_article_at_its_base_price() -> None:
    state = new(deck=[FISH, FRUIT, 50], hands=[[], [53], []])
    assert state.to_move == (1,)
    # A face-down special cannot be pre-empted; fish and fruit can.
    assert state.legal_actions(1) == [Play(53, pick=FISH), Play(53, pick=FRUIT), Done()]
    state.apply(1, Play(53, pick=FISH))
    assert state.shops[1] == [FISH] and state.gold == [10, 6, 10]
    assert ledger(state) == ["P2 -> bank: 4 (bought #37 Fish (base 4) (pre-emption))"]
    state.apply(0, Designate(0))
    assert state.auction is not None and state.auction.order == (0, 2)  # P1 has bought


def test_strike_stops_the_sales_of_a_type() -> None:
    state = sales_game([[FISH], [FISH + 1], [CHEESE]], hands=[[55], [], []])
    assert Play(55, article="fish") in state.legal_actions(0)
    assert Play(55, article="meat") not in state.legal_actions(0)  # nobody holds meat
    state.apply(0, Play(55, article="fish"))
    talk_done(state)
    write(state, {0: {"fish": 4}, 1: {"fish": 5}, 2: {"cheese": 3}})
    # Cheese comes before fish in the table.
    assert lines(state) == [(2, "lowest", 5), (0, "strike", 0), (1, "strike", 0)]
    assert state.gold == [10, 10, 15]


def test_tax_takes_2_per_card() -> None:
    state = sales_game([[CHEESE, CHEESE + 1], [CHEESE + 2], []], hands=[[], [57], []])
    state.apply(0, Done())
    state.apply(1, Play(57, article="cheese"))
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 4}})
    assert lines(state) == [(0, "lowest", 6), (1, "highest", 0)]
    assert ledger(state, "ca") == [
        "bank -> P1: 6 (sales of Cheese: lowest price 3 + 2, tax -2 = 3 × 2 cards)"
    ]


def test_subsidy_pays_2_per_card_whatever_the_price() -> None:
    state = sales_game([[FISH, FISH + 1], [FISH + 2], []], hands=[[59], [], []])
    state.apply(0, Play(59, article="fish"))
    talk_done(state)
    write(state, {0: {"fish": 8}, 1: {"fish": 4}})
    assert state.gold == [14, 16, 10]
    assert ledger(state, "ca")[-1] == "bank -> P1: 4 (subsidy on Fish: 2 × 2 cards)"


def test_price_freeze_caps_prices_at_the_base_price() -> None:
    state = sales_game([[MEAT], [MEAT + 1], []], hands=[[61], [], []])
    state.apply(0, Play(61, article="meat"))
    assert state.legal_actions(0) == [Announce("meat", 5), Done()]
    talk_done(state)
    assert state.legal_actions(1) == [Price("meat", 5)]
    capped = r"the price for meat \(capped at 5 by a Price freeze\) must be a whole number 5"
    with pytest.raises(IllegalActionError, match=capped):
        state.apply(1, Price("meat", 10))
    write(state, {0: {"meat": 5}, 1: {"meat": 5}})
    assert lines(state) == [(0, "lowest", 7), (1, "lowest", 7)]


def test_exclusive_rights_make_a_lone_seller() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], []], hands=[[63], [], []])
    state.apply(0, Play(63, article="cheese"))
    talk_done(state)
    write(state, {0: {"cheese": 6}, 1: {"cheese": 3}})
    assert lines(state) == [(1, "excluded", 0), (0, "lowest", 8)]
    assert state.gold == [18, 10, 10]


def test_shortage_pays_the_highest_askers_their_price() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], []], hands=[[], [65], []])
    state.apply(0, Done())
    state.apply(1, Play(65, article="cheese"))
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 6}})
    assert lines(state) == [(0, "lowest", 5), (1, "highest", 6)]
    assert ledger(state, "ca")[1] == (
        "bank -> P2: 6 (sales of Cheese: highest price 6, paid its price (shortage) = 6 × 1 card)"
    )


def test_rumour_shows_a_sheet_and_its_player_writes_after() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2]], hands=[[67], [], []])
    assert state.legal_actions(0)[-3:] == [Play(67, player=1), Play(67, player=2), Done()]
    state.apply(0, Play(67, player=2))
    talk_done(state)
    assert state.to_move == (1, 2)  # P0 waits for P2's sheet
    assert state.legal_actions(0) == []
    state.apply(1, Price("cheese", 4))
    state.apply(2, Price("cheese", 5))
    assert state.to_move == (0,)
    assert state.view(0).sheets[2] == (("cheese", 5),)  # the rumour
    assert state.view(0).sheets[1] is None
    assert state.view(1).sheets[2] is None and state.view(None).sheets[2] is None
    tip = [e for e in state.log if e.data.get("of") == 2]
    assert len(tip) == 1 and tip[0].visible_to == (0,)
    state.apply(0, Price("cheese", 3))
    assert lines(state) == [(0, "lowest", 5), (1, "middle", 4), (2, "highest", 0)]


def test_advertising_pays_as_lowest_after_the_reveal() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], []], hands=[[], [69], []])
    talk_done(state)  # advertising is not a talk card: P1 has nothing to say but Done
    write(state, {0: {"cheese": 3}, 1: {"cheese": 6}})
    assert (state.phase, state.step, state.to_move) == ("ca", "after_reveal", (1,))
    assert state.legal_actions(1) == [Play(69, article="cheese"), Done()]
    state.apply(1, Play(69, article="cheese"))
    assert lines(state) == [(0, "lowest", 5), (1, "highest", 8)]


def test_spoiled_goods_remove_a_card_before_the_sales() -> None:
    state = sales_game([[FISH], [FISH + 1, FISH + 2], []], hands=[[71], [], []])
    talk_done(state)
    write(state, {0: {"fish": 6}, 1: {"fish": 4}})
    state.apply(0, Play(71, player=1, article="fish"))
    assert state.shops[1] == [FISH + 2] and state.removed == [FISH + 1]
    assert lines(state) == [(0, "highest", 0), (1, "lowest", 6)]


def test_special_cards_are_offered_only_at_their_timing() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[55, 69], [], []])
    # A strike (talk) and advertising (after the reveal) cannot be played at the auction's start,
    # but P0 is asked all the same: skipping them would tell the table what their cards are not.
    assert state.step == "auction_start" and state.legal_actions(0) == [Done()]
    with pytest.raises(IllegalActionError, match="played in a talk turn, not before the auctions"):
        state.apply(0, Play(55, article="fish"))
    state.apply(0, Done())
    state.apply(0, Designate(0))
    state.apply(0, Bid(4))
    state.apply(1, Pass())
    state.apply(2, Pass())
    state.apply(1, Designate(0))
    state.apply(1, Bid(1))
    state.apply(2, Pass())
    state.apply(2, Designate(0))
    state.apply(2, Bid(2))
    assert state.step == "talk" and state.to_move == (0,)
    assert Play(55, article="fish") in state.legal_actions(0)
    assert not any(isinstance(a, Play) and a.card == 69 for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError, match="played after the reveal, not in a talk turn"):
        state.apply(0, Play(69, article="fish"))


def test_special_cards_in_hand_are_hidden_until_played() -> None:
    state = sales_game([[FISH], [FISH + 1], []], hands=[[55], [], []])
    assert state.view(1).hands == (None, (), None)
    assert state.view(None).hand_sizes == (1, 0, 0)
    assert all(not e.visible(1) for e in state.log if 55 in e.data.get("hand", []))
    state.apply(0, Play(55, article="fish"))
    assert state.view(1).played == (55,) and state.view(1).hand_sizes == (0, 0, 0)


def test_scripted_setup_is_checked() -> None:
    with pytest.raises(ConfigError, match="setup"):
        new(deck=[FISH, FISH])
    with pytest.raises(ConfigError, match="special cards only"):
        new(hands=[[FISH], [], []])
    with pytest.raises(ConfigError, match="article cards only"):
        new(shops=[[49], [], []])
    with pytest.raises(ConfigError, match="keys among"):
        new(colour="blue")
    with pytest.raises(ConfigError):
        new(specials=False, deck=[49])


def test_replay_and_undo_of_a_scripted_game() -> None:
    state = new(deck=[FISH, 53, FRUIT, EGGS, 50, CHEESE], hands=[[55], [], []], rounds=2)
    rng = np.random.default_rng(0)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    again = tradekit.replay(state.to_json())
    assert again.to_json() == state.to_json()
    last = state.decisions[-1][1]
    assert state.undo() == last


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 5, "trading": True, "below_base": True}, {"players": 7}],
)
def test_turns_and_legal_actions_reveal_nothing_hidden(options: dict[str, Any]) -> None:
    """Who is asked to act, and what a seat may do, depend only on what that seat may know:
    redrawing everything hidden from a seat changes neither (nor that seat's view)."""
    game = tradekit.load_game("rungis", **options)
    checked = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not state.is_over:
            if step % 9 == 0:
                for viewer in [*range(game.num_players), None]:
                    copy = state.resample_hidden(viewer, seed=step)
                    assert copy._compute_to_move() == state.to_move, (seed, step, viewer)
                    assert copy.view(viewer) == state.view(viewer), (seed, step, viewer)
                    if viewer is not None:
                        assert copy.legal_actions(viewer) == state.legal_actions(viewer)
                    checked += 1
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            step += 1
    assert checked > 50


@pytest.mark.parametrize("amount", ["3", None, 2.5])
def test_a_bid_that_is_not_a_whole_number_is_refused_not_a_crash(amount: Any) -> None:
    state = tradekit.load_game("rungis").new_state(seed=1)
    while not any(isinstance(a, Bid) for a in state.legal_actions(state.to_move[0])):
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="whole number"):
        state.apply(state.to_move[0], Bid(amount))
    assert state.to_json() == before
