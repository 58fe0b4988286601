"""Négoces' revised rulings, scenario by scenario, from scripted set-ups.

"The first player to hold the required number of different goods and at least the required
coins wins at once, whatever brought them there": the goal is checked after every change of cards
or coins (a sale, a theft, the Treasurer, a temple exchange or gift, repaying a loan), and the
game ends with that change. With the bank, a loan is taken or repaid at any time after the
Diamant auction, whether or not the player is to move. Every refusal names what is wrong.

Three players unless said: the goal is 6 different goods and 10 coins, the temple gift 5 coins.
Card ids: bijoux 0-3, café 4-7, cigares 8-11, ivoire 12-15, jade 16-19, livres 20-23, miel 24-27,
parfum 28-31, soie 32-35, thé 36-39, vin 40-43, épices 44-47, Diamant 48.
"""

from __future__ import annotations

from typing import Any

import pytest

import tradekit
from tradekit import ConfigError, IllegalActionError
from tradekit.core.errors import MalformedActionError
from tradekit.games.negoces import NegocesState
from tradekit.games.negoces.actions import (
    Accept,
    Give,
    Offer,
    PutUp,
    RepayLoan,
    Stand,
    Steal,
    TakeLoan,
    Temple,
    UseTreasurer,
    Withdraw,
)

#: P0 sells (7 cards with the Diamant: bijoux, café, cigares, ivoire, jade, livres, Diamant).
SELLER = [0, 4, 8, 12, 16, 20, 48]
#: 6 different goods: miel, parfum, soie, thé, vin, épices.
SIX = [24, 28, 32, 36, 40, 44]
#: 5 different goods and a second miel.
FIVE = [25, 29, 33, 37, 41, 26]
OTHER = [1, 2, 5, 6, 9, 10]


def new_game(variants: Any = (), players: int = 3, **setup: Any) -> NegocesState:
    game = tradekit.load_game("negoces", players=players, variants=variants)
    state = game.new_state(seed=3, setup=setup)
    assert isinstance(state, NegocesState)
    return state


def offers(state: NegocesState, choices: dict[int, Any]) -> None:
    """One negotiation round: every buyer asked makes a sealed choice (Stand if not given)."""
    assert state.phase == "negotiate"
    for seat in list(state.to_move):
        state.apply(seat, choices.get(seat, Stand()))


def refused(state: NegocesState, seat: int, action: Any, *fragments: str) -> str:
    """``action`` by ``seat`` is refused naming every fragment, and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    for fragment in fragments:
        assert fragment in info.value.reason, f"{fragment!r} not in {info.value.reason!r}"
    assert state.to_json() == before and not state.can(seat, action)
    return info.value.reason


def ending(state: NegocesState) -> dict[str, Any]:
    """The game_end event's data; checks that the game ended at once and nothing followed."""
    assert state.is_over and state.phase == "over" and state.to_move == ()
    assert all(state.legal_actions(p) == [] for p in range(state.n))
    last = state.log[-1]
    assert last.data["what"] == "game_end"
    shows = [e.data["seat"] for e in state.log[-1 - state.n : -1]]
    assert shows == list(range(state.n))  # every hand shown, then the end: nothing else
    assert tradekit.replay(state.to_json()).to_json() == state.to_json()
    return dict(last.data)


def whats(state: NegocesState) -> list[str]:
    return [e.data["what"] for e in state.log if "what" in e.data]


def ledger(state: NegocesState) -> list[tuple[Any, Any, int, str]]:
    return [(t.payer, t.payee, t.amount, t.reason) for t in state.ledger]


# ----------------------------------------------------------------------------------------------
# winning at once
# ----------------------------------------------------------------------------------------------


def test_the_treasurer_brings_the_seller_to_the_goal_and_wins_at_once() -> None:
    state = new_game("treasury", hands=[SELLER, FIVE, OTHER], coins=[8, 15, 15], treasury=3)
    assert not state.is_over and state.to_move == (0,)  # 7 goods but only 8 coins
    state.apply(0, UseTreasurer())
    end = ending(state)
    assert end == {
        "what": "game_end",
        "winner": 0,
        "sales": 0,
        "goods": 7,
        "coins": 11,
        "by": "treasurer",
    }
    assert state.scores() == [1, 0, 0] and state.treasury == 0
    assert ledger(state)[-1] == ("treasury", 0, 3, "took the treasury with the Treasurer")
    assert "market" not in whats(state)  # no card is put up after the winning change


def test_a_treasurer_short_of_the_goal_leaves_the_sale_to_go_on() -> None:
    state = new_game("treasury", hands=[SELLER, FIVE, OTHER], coins=[6, 15, 15], treasury=3)
    state.apply(0, UseTreasurer())
    assert not state.is_over and state.coins[0] == 9 and state.phase == "prepare"


def test_the_temple_gift_makes_its_one_qualifying_receiver_win() -> None:
    state = new_game("temple", hands=[SELLER, SIX, FIVE], coins=[14, 8, 8])
    state.apply(0, Temple("bijoux"))
    assert state.phase == "gift" and state.gift_left == 5
    state.apply(0, Give(1, 2))  # P1: 6 goods and 10 coins, but the gift is not all given yet
    assert not state.is_over and state.coins[1] == 10
    state.apply(0, Give(2, 3))
    end = ending(state)
    assert (end["winner"], end["by"], end["coins"], end["goods"]) == (1, "gift", 10, 6)
    assert state.coins == [9, 10, 11]


def test_two_receivers_of_one_temple_gift_the_first_after_the_giver_wins() -> None:
    # Seat 1 gives; seats 2 and 0 both reach the goal through the gift. Seat 2 comes first in
    # turn order after the giver, although seat 0 received first.
    hands = [[24, 28, 32, 36, 40, 44], [0, 1, 4, 8, 12, 16, 48], [25, 29, 33, 37, 41, 45]]
    state = new_game("temple", hands=hands, coins=[8, 14, 8])
    assert state.seller == 1
    state.apply(1, Temple("bijoux"))
    state.apply(1, Give(0, 2))
    assert not state.is_over
    state.apply(1, Give(2, 3))
    end = ending(state)
    assert state.coins == [10, 9, 11] and state.qualifies(0) and state.qualifies(2)
    assert (end["winner"], end["by"]) == (2, "gift")


def test_a_temple_exchange_wins_when_the_coins_left_after_the_gift_suffice() -> None:
    # P0 has 5 different goods; the sacred texts are the sixth. 15 coins less the gift of 5 owed
    # is 10: the goal, at once, and the gift is never shared out.
    hands = [[0, 1, 4, 5, 8, 12, 16], [48, 24, 25, 26, 27, 28], [20, 21, 22, 23, 32, 33]]
    state = new_game("temple", hands=hands, coins=[15, 15, 15])
    state.apply(0, Temple("bijoux"))
    end = ending(state)
    assert (end["winner"], end["by"], end["goods"], end["coins"]) == (0, "temple", 6, 15)
    assert "gift" not in whats(state)
    assert 49 in state.hands[0] and 0 in state.box


def test_a_temple_exchange_owing_too_much_of_the_gift_does_not_win() -> None:
    hands = [[0, 1, 4, 5, 8, 12, 16], [48, 24, 25, 26, 27, 28], [20, 21, 22, 23, 32, 33]]
    state = new_game("temple", hands=hands, coins=[14, 15, 15])
    state.apply(0, Temple("bijoux"))
    assert not state.is_over and state.phase == "gift" and state.different_goods(0) == 6
    assert not state.qualifies(0)  # 14 coins, 5 of them owed
    state.apply(0, Give(1, 5))
    assert not state.is_over and state.coins[0] == 9 and state.phase == "prepare"


def test_the_buyer_wins_when_buyer_and_seller_reach_the_goal_in_one_sale() -> None:
    state = new_game(hands=[SELLER, FIVE, OTHER], coins=[8, 14, 15])
    assert not state.qualifies(0) and not state.qualifies(1)
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer(None, 2)})
    state.apply(0, Accept(1))
    assert state.qualifies(0) and state.qualifies(1)  # P0: 6 goods, 10; P1: 6 goods, 12
    end = ending(state)
    assert (end["winner"], end["by"], end["sales"]) == (1, "sale", 1)
    assert state.scores() == [0, 1, 0]


def test_the_tax_is_part_of_the_sale_that_brings_the_seller_to_the_goal() -> None:
    # Paid 2 coins, P0 would hold 10; the tax of 1 leaves 9: not the goal.
    hands = [SELLER, [*FIVE[:5], 1], [2, 3, 5, 6, 9, 10]]
    state = new_game("treasury", hands=hands, coins=[8, 11, 15])
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer(None, 2)})
    state.apply(0, Accept(1))
    assert not state.is_over and state.coins[0] == 9 and state.treasury == 1
    # Paid 3 coins, P0 holds 10 once the tax is paid: the goal, at once.
    state = new_game("treasury", hands=hands, coins=[8, 11, 15])
    state.apply(0, PutUp("diamant"))
    offers(state, {1: Offer(None, 3)})
    state.apply(0, Accept(1))
    end = ending(state)
    assert (end["winner"], end["by"], end["coins"]) == (0, "sale", 10)
    assert ledger(state)[-1] == (0, "treasury", 1, "tax on a sale")


def test_a_theft_brings_the_thief_to_the_goal() -> None:
    state = new_game("thief_guard", hands=[SELLER, FIVE, OTHER], coins=[15, 12, 15], thief=1)
    state.apply(0, PutUp("diamant"))
    state.apply(1, Steal())
    end = ending(state)
    assert (end["winner"], end["by"], end["goods"]) == (1, "theft", 6)
    assert 48 in state.hands[1]


# ----------------------------------------------------------------------------------------------
# the bank: loans at any time
# ----------------------------------------------------------------------------------------------


def test_repaying_the_only_loan_in_turn_wins_at_once() -> None:
    state = new_game("bank", hands=[SELLER, FIVE, OTHER], coins=[15, 15, 15], loans=[1, 0, 0])
    assert not state.qualifies(0)  # the goal, but a loan card
    state.apply(0, RepayLoan())
    end = ending(state)
    assert (end["winner"], end["by"], end["coins"]) == (0, "repay", 10)
    assert ledger(state)[-1] == (0, "bank", 5, "loan repaid to the bank")


def test_repaying_out_of_turn_wins_at_once() -> None:
    state = new_game("bank", hands=[SELLER, SIX, OTHER], coins=[15, 15, 15], loans=[0, 1, 0])
    assert state.to_move == (0,)
    assert list(state.legal_actions(1)) == [RepayLoan()]  # not to move: out-of-turn actions only
    state.apply(1, RepayLoan())
    end = ending(state)
    assert (end["winner"], end["by"], end["coins"]) == (1, "repay", 10)


def test_repaying_out_of_turn_during_a_negotiation_round() -> None:
    state = new_game("bank", hands=[SELLER, SIX, OTHER], coins=[15, 15, 15], loans=[0, 1, 0])
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer(None, 4))  # sealed: P1 is no longer to move
    assert state.to_move == (2,)
    state.apply(1, RepayLoan())  # 15 coins: 5 to repay, 4 kept for the sealed offer
    assert ending(state)["winner"] == 1


def test_a_loan_is_taken_out_of_turn_and_play_goes_on() -> None:
    state = new_game("bank", hands=[SELLER, FIVE, OTHER], coins=[15, 15, 15])
    assert state.to_move == (0,)
    assert list(state.legal_actions(2)) == [TakeLoan()]
    state.apply(2, TakeLoan())
    assert state.coins == [15, 15, 20] and state.to_move == (0,) and state.phase == "prepare"
    assert list(state.legal_actions(2)) == [RepayLoan()]
    refused(state, 2, TakeLoan(), "already holds a loan card")
    state.apply(2, RepayLoan())
    refused(state, 2, TakeLoan(), "at most one loan per sale")
    assert list(state.legal_actions(2)) == []
    refused(state, 2, PutUp("bijoux"), "not P3's turn")
    assert tradekit.replay(state.to_json()).to_json() == state.to_json()


def test_no_loan_before_the_diamant_auction_nor_without_the_bank() -> None:
    state = tradekit.load_game("negoces", players=3, variants="bank").new_state(seed=1)
    assert state.phase == "auction"
    assert [list(state.legal_actions(p)) for p in (0, 2)] == [[], []]
    refused(state, 2, TakeLoan(), "only after the Diamond auction")
    plain = new_game(hands=[SELLER, FIVE, OTHER])
    refused(plain, 1, TakeLoan(), "only with the bank variant")
    assert list(plain.legal_actions(1)) == []


def test_the_seller_cannot_repay_under_sealed_offers() -> None:
    state = new_game("bank", hands=[SELLER, FIVE, OTHER], coins=[15, 15, 15], loans=[1, 0, 0])
    state.apply(0, PutUp("bijoux"))
    assert RepayLoan() in state.legal_actions(0)  # no sealed choice yet
    state.apply(1, Offer("miel", -9))
    refused(state, 0, RepayLoan(), "the seller cannot repay while the buyers' sealed offers")


def test_a_sealed_offer_is_a_commitment_for_a_repayment() -> None:
    state = new_game("bank", hands=[SELLER, FIVE, OTHER], coins=[15, 12, 15], loans=[0, 1, 0])
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer(None, 9))
    refused(state, 1, RepayLoan(), "must keep 9 for what they have committed to")
    state.apply(2, Stand())
    assert state.phase == "decide"
    refused(state, 1, RepayLoan(), "must keep 9")  # now the standing offer


# ----------------------------------------------------------------------------------------------
# refusals and large amounts
# ----------------------------------------------------------------------------------------------


def test_refusals_name_the_field_what_is_allowed_and_what_was_given() -> None:
    state = new_game(hands=[SELLER, FIVE, OTHER], coins=[3, 15, 15])
    refused(state, 0, PutUp("miel"), "the good put up must be a good in P1's hand", "got 'miel'")
    refused(state, 0, Temple("bijoux"), "the temple is visited only with the temple variant")
    state.apply(0, PutUp("bijoux"))
    refused(
        state,
        1,
        Offer(None, 16),
        "the coins offered must be a whole number from 0 to 15; got 16",
        "P2 cannot offer 16 coins: the offer must be payable",
    )
    refused(state, 1, Offer("miel", -4), "from -3 to 15; got -4", "could not pay 4 coins")
    refused(state, 1, Offer(None, -1), "negative coins come with a card")
    refused(state, 1, Offer("jade", 1), "the card offered must be None or a good in P2's hand")
    refused(state, 1, Offer(None, 1, loan=True), "P2 holds no loan card to offer")
    refused(state, 1, Withdraw(), "P2 has no offer to withdraw")
    refused(
        state,
        1,
        Accept(2),
        "in the sealed offers the choices are “offer",
        "not “accept P3's offer”",
    )
    with pytest.raises(MalformedActionError, match="coins"):
        state.apply(1, Offer(None, 2.0))  # type: ignore[arg-type]


def test_large_coin_amounts_are_never_listed() -> None:
    top = 10_000
    state = new_game(hands=[SELLER, FIVE, OTHER], coins=[top, top, top])
    state.apply(0, PutUp("bijoux"))
    legal = state.legal_actions(1)
    # no card: 0..top; each of the 5 goods: -top..top; then Stand
    assert len(legal) == (top + 1) + 5 * (2 * top + 1) + 1
    assert legal[0] == Offer(None, 0) and legal[top] == Offer(None, top)
    assert legal[top + 1] == Offer("miel", -top) and legal[-2] == Offer("vin", top)
    assert legal[-1] == Stand()
    assert Offer("parfum", -top) in legal and Offer(None, top + 1) not in legal
    with pytest.raises(ConfigError, match="from 0 to 10000"):
        new_game(hands=[SELLER, FIVE, OTHER], coins=[10**9, 0, 0])


def test_a_negative_offer_does_not_pay_for_a_repayment() -> None:
    # P1 asks to be paid 3 coins: that commits nothing, but 4 coins cannot repay 5.
    state = new_game("bank", hands=[SELLER, FIVE, OTHER], coins=[15, 4, 15], loans=[0, 1, 0])
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("miel", -3))
    refused(state, 1, RepayLoan(), "repaying takes 5 coins and P2 must keep 0")
    assert RepayLoan() not in state.legal_actions(1)
