"""The market: a window's turns (listing, withdrawing, ending the turn), purchases claimed at any
decision point and settled in a claim step, and loans at any time."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tradekit.core.actions import Action
from tradekit.core.events import BANK
from tradekit.core.seats import seat_label, seats_label
from tradekit.games.turin.actions import Buy, EndTurn, List, SellTo, TakeLoan, Withdraw
from tradekit.games.turin.game import LOAN_AMOUNT, LOAN_REPAYMENT, SETUP
from tradekit.games.turin.view import Listing

#: Every seat's label (:func:`seat_label`), read by index in the narration of nearly every
#: decision rather than through a call.
LABELS = tuple(seat_label(p) for p in range(max(SETUP)))

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


@dataclasses.dataclass(slots=True)
class Claim:
    """A claim step in progress: who claimed ``card`` and who was asked whether they claim it too.

    Attributes:
        card: the listed card.
        seller: who listed it.
        price: its price.
        resume: the phase the claim interrupted.
        asked: every player but the seller and the first claimant, in seat order.
        claimants: who claimed it, the first claimant first.
        answered: who of ``asked`` has claimed or passed.
    """

    card: int
    seller: int
    price: int
    resume: str
    asked: tuple[int, ...]
    claimants: list[int] = dataclasses.field(default_factory=list)
    answered: set[int] = dataclasses.field(default_factory=set)


def claim(state: TurinState, player: int, action: Action) -> None:
    """A claim step: the first claim opens it, each answer closes in, the last settles the sale."""
    claim = state.claim
    if claim is None:
        assert isinstance(action, Buy)
        listing = state.listings[action.card]
        asked = tuple(p for p in state._seats if p not in (player, listing.seller))
        if not asked:
            sell(state, listing, player, [player])
            return
        state.claim = Claim(action.card, listing.seller, listing.price, state.phase, asked)
        state.claim.claimants.append(player)
        state.phase = "claim"
        state._event(
            "info",
            f"{LABELS[player]} claims card {action.card}; "
            + seats_label(asked)
            + " may claim it too",
            player=player,
            data={
                "what": "claim",
                "card": action.card,
                "seller": listing.seller,
                "price": listing.price,
                "asked": list(asked),
            },
            fresh=True,
        )
        return
    if isinstance(action, SellTo):
        buyer = action.buyer
    else:
        claim.answered.add(player)
        if isinstance(action, Buy):
            claim.claimants.append(player)
        if any(p not in claim.answered for p in claim.asked):
            return
        if len(claim.claimants) > 1:
            return  # the seller chooses (see to_move)
        buyer = claim.claimants[0]
    state.phase = claim.resume
    state.claim = None
    sell(state, state.listings[claim.card], buyer, claim.claimants)


def sell(state: TurinState, listing: Listing, buyer: int, claimants: Sequence[int]) -> None:
    """Sell a listed card: the buyer pays its price and the seller gets it back unlocked plus the
    price."""
    card, seller, price = listing.card, listing.seller, listing.price
    del state.listings[card]
    state._listing_memo.clear()
    state.scudo[buyer] -= price
    state.scudo[seller] += 2 * price
    state._transfer(price, buyer, seller, f"bought card {card}", "trade")
    state.face_up[seller].remove(card)
    state.face_up[buyer].append(card)
    state._face_up_moves += 1
    if state.phase == "market":
        # A sale is activity in the window: the table must go round quietly once more.
        state.turn_active = True
    state._event(
        "info",
        f"{LABELS[seller]} sells card {card} to {LABELS[buyer]} for {price}",
        player=buyer,
        data={
            "what": "sold",
            "card": card,
            "seller": seller,
            "buyer": buyer,
            "price": price,
            "claimants": list(claimants),
        },
        fresh=True,
    )


def take_loan(state: TurinState, player: int, why: str) -> None:
    """Take a loan: as a decision (``why`` is ``"loan taken"``) or forced by a payment."""
    state.loans[player] = True
    state.loans_left -= 1
    state.scudo[player] += LOAN_AMOUNT
    state._transfer(LOAN_AMOUNT, BANK, player, why, "loan")
    state._event(
        "action" if why == "loan taken" else "info",
        f"{LABELS[player]} takes a loan (+{LOAN_AMOUNT}, repays {LOAN_REPAYMENT})",
        player=player,
        action=TakeLoan() if why == "loan taken" else None,
        data=None if why == "loan taken" else {"what": "forced_loan"},
    )


def open_market(state: TurinState) -> None:
    """Open a market window, or go on to the next round when nothing could happen in it."""
    if not state.listings and not any(state.face_up):
        state._next_round()
        return
    state.phase = "market"
    start = (state.round - 1) % state.n
    state.market_order = [(start + i) % state.n for i in range(state.n)]
    state.market_pos = 0
    state.quiet_turns = 0
    state.turn_active = False
    state.listed_this_window = set()
    state._event("info", "market window opens", data={"what": "market_opens"}, fresh=True)
    skip_idle_turns(state)


def can_do_anything(state: TurinState, player: int) -> bool:
    # A loan can always be taken first, so count it in what the player could pay. With secret
    # money, skipping a turn for lack of Scudo would tell the table how little they hold, so
    # then only public facts decide.
    """Whether ``player`` could list, withdraw or buy in their market turn (from public facts only,
    with secret money)."""
    reach = state.scudo[player] + (
        LOAN_AMOUNT if not state.loans[player] and state.loans_left else 0
    )
    if not state.game.public_money:
        reach = 10**9
    listings = state.listings
    if player not in state.listed_this_window and reach >= 1:
        # A loop rather than any() over a generator: asked at every market turn.
        for c in state.face_up[player]:
            if c not in listings:
                return True
    for listing in listings.values():
        if listing.seller == player and listing.listed_round < state.round:
            return True
        if listing.seller != player and listing.price <= reach:
            return True
    return False


def skip_idle_turns(state: TurinState) -> None:
    """Skip, without a decision, each market turn in which the player could do nothing."""
    while state.phase == "market":
        player = state.market_order[state.market_pos]
        if state.turn_active or can_do_anything(state, player):
            return
        end_market_turn(state, player, skipped=True)


def end_market_turn(state: TurinState, player: int, skipped: bool = False) -> None:
    """End ``player``'s market turn; a full quiet turn of the table closes the window."""
    state.quiet_turns = 0 if state.turn_active else state.quiet_turns + 1
    state.turn_active = False
    state.market_pos = (state.market_pos + 1) % state.n
    if skipped:
        state._event(
            "info",
            f"{LABELS[player]} has nothing to do in the market",
            player=player,
            data={"what": "idle"},
            fresh=True,
        )
    if state.quiet_turns >= state.n:
        state._event("info", "market window closes", data={"what": "market_closes"}, fresh=True)
        state._next_round()


def market(state: TurinState, player: int, action: Action) -> None:
    """A market turn's decision: list, withdraw or end the turn."""
    state._event("action", f"{LABELS[player]}: {action}", player=player, action=action)
    if isinstance(action, EndTurn):
        end_market_turn(state, player)
        skip_idle_turns(state)
        return
    state.turn_active = True
    if isinstance(action, List):
        state.scudo[player] -= action.price
        state.listings[action.card] = Listing(action.card, player, action.price, state.round)
        state._listing_memo.clear()
        state.listed_this_window.add(player)
    elif isinstance(action, Withdraw):
        listing = state.listings.pop(action.card)
        state._listing_memo.clear()
        state.scudo[player] += listing.price
