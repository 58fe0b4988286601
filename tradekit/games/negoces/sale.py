"""A sale: the seller puts a card up (or gives it to the temple), the buyers' sealed offers in
negotiation rounds, the Misers and the Thief, and the seller's choice that completes the sale."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.domains import Menu
from tradekit.core.seats import seat_label
from tradekit.core.simultaneous import SealedStep
from tradekit.games.negoces.actions import Offer, Withdraw
from tradekit.games.negoces.end import finish, reaches_goal
from tradekit.games.negoces.places import TREASURY

if TYPE_CHECKING:
    from tradekit.games.negoces.state import NegocesState


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """An offer standing on the table: the card (an id, or None), coins, loan card, and whether it
    was turned face up on request (face-down mini-variant)."""

    card: int | None
    coins: int
    loan: bool
    shown: bool = False


NO_OFFER = Standing(None, 0, False)


def start_sale(state: NegocesState) -> None:
    """Start the next sale: the player holding one card more than the others is the seller."""
    totals = [
        len(hand) + len(inactive)
        for hand, inactive in zip(state.hands, state.inactive, strict=True)
    ]
    most = max(totals)
    sellers = [p for p, t in enumerate(totals) if t == most]
    assert len(sellers) == 1, f"no single seller: card counts {totals}"
    seller = state.seller = sellers[0]
    state.round = state.sales + 1
    state.phase = "prepare"
    state.market = None
    state.market_inactive = False
    state.offers = {}
    state.sealed = SealedStep(())
    state.idle = set()
    state.banned = set()
    state.temple_used = False
    state.loan_taken = set()
    state.loan_repaid = set()
    state.nround = 0
    state._event(
        "info",
        f"sale {state.round}: {state.labels[seller]} is the seller ({most} cards)",
        player=seller,
        data={"what": "sale_start", "seat": seller, "sale": state.round, "cards": most},
        fresh=True,
    )


def offer_to_temple(state: NegocesState, player: int, good: str) -> None:
    """Give a card to the temple for the sacred texts, against a gift to the others."""
    card = state._card_of(state.hands[player], good)
    assert card is not None
    state.hands[player].remove(card)
    state.box.append(card)
    state.box.sort()
    sacred = state.sacred.pop(0)
    state.hands[player].append(sacred)
    state.hands[player].sort()
    state.temple_used = True
    state._event(
        "info",
        f"{seat_label(player)} gives up {good} at the temple for sacred texts",
        player=player,
        data={"what": "temple", "seat": player, "removed": card, "sacred": sacred},
        fresh=True,
    )
    if reaches_goal(state, (player,), "temple", owed=state.gift_size):
        return
    state._start_gift(player, state.gift_size, "temple gift", "prepare", "temple")


def open_sale(state: NegocesState, card: int, inactive: bool) -> None:
    """Put ``card`` on the market and open the first negotiation round."""
    state.market = card
    state.market_inactive = inactive
    assert state.seller is not None
    state._event(
        "info",
        f"{seat_label(state.seller)} puts {state._good(card)} on the market"
        + (" (an inactive card: coins only)" if inactive else ""),
        player=state.seller,
        data={"what": "market", "seat": state.seller, "market": card, "inactive": inactive},
        fresh=True,
    )
    state.nround = 0
    next_sale_round(state)


def next_sale_round(state: NegocesState) -> None:
    """Open the next negotiation round of sealed offers."""
    state.nround += 1
    state.phase = "negotiate"
    state.sealed = SealedStep(state.buyers())
    state.idle = set()
    skip_idle_buyers(state)


def skip_idle_buyers(state: NegocesState) -> None:
    """Stand, without a decision, each buyer who can do nothing this round; close the round when
    every buyer has chosen."""
    if state.phase != "negotiate":
        return
    banned = state.banned
    for p in state.buyers() if banned else ():  # only a barred buyer can be left idle
        if state.sealed.has_chosen(p) or p in state.idle:
            continue
        if p in banned and not Menu([*state._special_options(p), *state._loan_options(p)]):
            state.idle.add(p)
    if not state._compute_to_move():
        end_sale_round(state)


def end_sale_round(state: NegocesState) -> None:
    """Reveal the round's offers, then let the seller accept or continue (or continue for them)."""
    shown: dict[int, Any] = {}
    offers, banned, chosen = state.offers, state.banned, state.sealed.chosen
    for p in state.buyers():
        action = chosen.get(p)
        if p in banned:
            offers.pop(p, None)
        elif isinstance(action, Offer):
            card = None
            if action.good is not None:
                card = state._card_of(state.hands[p], action.good)
            offers[p] = Standing(card, action.coins, action.loan)
        elif isinstance(action, Withdraw):
            offers.pop(p, None)
        offer = offers.get(p)
        if offer is not None:
            shown[p] = {
                "card": offer.card if state._card_public(offer) else "face down",
                "coins": offer.coins,
                "loan": offer.loan,
            }
    state.sealed = SealedStep(())
    state.idle = set()
    text = "; ".join(describe_offer(state, p, o) for p, o in shown.items())
    state._event(
        "reveal",
        f"round {state.nround} offers: {text or 'none'}",
        data={"what": "offers", "round": state.nround, "offers": shown},
        fresh=True,
    )
    state.phase = "decide"
    maybe_continue(state)


def describe_offer(state: NegocesState, buyer: int, offer: Mapping[str, Any]) -> str:
    """An offer in words, for narration."""
    card = offer["card"]
    parts = [state.labels[buyer]]
    if card is not None:
        parts.append(card if isinstance(card, str) else state._good(card))
    parts.append(f"{offer['coins']:+d} coins")
    if offer["loan"]:
        parts.append("a loan card")
    return " ".join(parts)


def maybe_continue(state: NegocesState) -> None:
    """Continue to the next round without a decision when the seller has no offer to accept."""
    if state.nround < state.game.negotiation_rounds and not state.offers:
        state._event(
            "info",
            "no offer stands: the negotiation continues",
            data={"what": "no_offer", "round": state.nround},
            fresh=True,
        )
        next_sale_round(state)


def ban(state: NegocesState, player: int, target: int) -> None:
    """A Miser forbids ``target`` from offering in this sale."""
    state.miser[player] = False
    state.box.append(state.tables.special["miser"][player])
    state.box.sort()
    state.banned.add(target)
    state.offers.pop(target, None)
    state._event(
        "info",
        f"{seat_label(player)} plays the Miser: {seat_label(target)} may offer nothing in this "
        "sale",
        player=player,
        data={"what": "ban", "seat": player, "banned": target},
        fresh=True,
    )
    if state.phase == "negotiate":
        skip_idle_buyers(state)
    else:
        maybe_continue(state)


def steal(state: NegocesState, player: int) -> None:
    """The Thief takes the market card for free."""
    card = state.market
    assert card is not None and state.seller is not None
    state.thief = None
    state.box.append(state.tables.special["thief"][0])
    state.box.sort()
    state.market = None
    state.hands[player].append(card)
    state.hands[player].sort()
    state.sealed = SealedStep(())
    state.idle = set()
    state.offers = {}
    state._event(
        "info",
        f"{seat_label(player)} plays the Thief and takes {state._good(card)} from "
        f"{seat_label(state.seller)}",
        player=player,
        data={"what": "theft", "seat": player, "card": card, "seller": state.seller},
        fresh=True,
    )
    state.last_sale = {
        "number": state.round,
        "seller": state.seller,
        "buyer": player,
        "market": card,
        "paid_card": None,
        "paid_public": True,
        "coins": 0,
        "loan": False,
        "stolen": True,
        "swapped": False,
    }
    state.sales += 1
    if reaches_goal(state, (player,), "theft"):
        return
    end_of_sale(state)


def accept_offer(state: NegocesState, buyer: int) -> None:
    """The seller accepts ``buyer``'s offer; a Swindler may first swap the card paid."""
    offer = state.offers.get(buyer, NO_OFFER)
    seller = state.seller
    assert seller is not None
    labels = state.labels
    state._event(
        "info",
        f"{labels[seller]} accepts {labels[buyer]}'s offer",
        player=buyer,
        data={"what": "accept", "seller": seller, "buyer": buyer},
        fresh=True,
    )
    if not state._payable(offer):
        # Blind, at the close: the seller names a buyer whose asking they cannot pay. The
        # offer is void and the buyer takes the card for nothing, as with no offer.
        state._event(
            "info",
            f"{seat_label(state.seller)} cannot pay the {-offer.coins} coins {seat_label(buyer)} "
            "asked: "
            f"{seat_label(buyer)} takes the card for nothing",
            player=buyer,
            data={
                "what": "void_offer",
                "seller": state.seller,
                "buyer": buyer,
                "coins": offer.coins,
            },
            fresh=True,
        )
        offer = NO_OFFER
    card = offer.card
    if card is not None and state.swindler[buyer]:
        good_of = state.tables.good_of
        others = [c for c in state.hands[buyer] if good_of[c] != good_of[card]]
        if others:
            state.phase = "swindle"
            state.pending = (buyer, offer)
            state.offers = {}
            return
    complete_sale(state, buyer, offer, card, False)


def complete_sale(
    state: NegocesState, buyer: int, offer: Standing, card: int | None, swapped: bool
) -> None:
    """Pay for the sale: the seller gets the offer, the buyer the market card, then the tax and the
    goal are checked."""
    seller = state.seller
    market = state.market
    assert seller is not None and market is not None
    good_of = state.tables.good_of
    labels = state.labels
    good = good_of[market]
    if offer.coins > 0:
        state._pay(offer.coins, buyer, seller, f"bought {good} from {labels[seller]}", "trade")
    elif offer.coins < 0:
        state._pay(
            -offer.coins,
            seller,
            buyer,
            f"sold {good} to {labels[buyer]} for a card and coins",
            "trade",
        )
    if offer.loan:
        loan = state.loans[buyer].pop()
        state.loans[seller].append(loan)
        state.loans[seller].sort()
    if card is not None:
        state.hands[buyer].remove(card)
        state.hands[seller].append(card)
        state.hands[seller].sort()
    state.hands[buyer].append(market)
    state.hands[buyer].sort()
    state.market = None
    state.offers = {}
    public = card is None or (state._card_public(offer) and not swapped)
    paid = "nothing"
    parts = []
    if card is not None:
        parts.append(good_of[card] if public else "a card unseen")
    if offer.coins:
        parts.append(f"{offer.coins} coins")
    if offer.loan:
        parts.append("a loan card")
    paid = " and ".join(parts) or paid
    state._event(
        "info",
        f"{labels[buyer]} buys {good} from {labels[seller]} for {paid}",
        player=buyer,
        data={
            "what": "sale",
            "seller": seller,
            "buyer": buyer,
            "market": market,
            "card": card if public else "hidden",
            "coins": offer.coins,
            "loan": offer.loan,
        },
        fresh=True,
    )
    if not public and not swapped:
        assert card is not None
        state._event(
            "info",
            f"{seat_label(buyer)} paid with {state._good(card)}",
            player=buyer,
            data={"what": "paid_with", "seat": buyer, "paid": card},
            visible_to=tuple(sorted((buyer, seller))),
            fresh=True,
        )
    state.last_sale = {
        "number": state.round,
        "seller": seller,
        "buyer": buyer,
        "market": market,
        "paid_card": card,
        "paid_public": public,
        "coins": offer.coins,
        "loan": offer.loan,
        "stolen": False,
        "swapped": swapped,
    }
    if "treasury" in state.variants:
        if state.coins[seller] >= state.tax:
            state._pay(state.tax, seller, TREASURY, "tax on a sale", "trade")
        else:
            lost = state.treasurer[seller]
            if lost:
                state.treasurer[seller] = False
                state.box.append(state.tables.special["treasurer"][seller])
                state.box.sort()
            then = "loses their Treasurer card" if lost else "pays nothing"
            state._event(
                "info",
                f"{seat_label(seller)} cannot pay the tax and {then}",
                player=seller,
                data={"what": "tax_unpaid", "seat": seller, "tax": state.tax, "treasurer": lost},
                fresh=True,
            )
    # The tax is part of the sale ("after each sale the seller pays 1 coin"): one change.
    state.sales += 1
    if reaches_goal(state, (buyer, seller), "sale"):
        return
    end_of_sale(state)


def end_of_sale(state: NegocesState) -> None:
    """End the game after the most sales allowed, else start the next sale."""
    if state.sales >= state.game.max_sales:
        finish(state, f"{state.sales} sales without a winner: the game ends with no winner")
        return
    start_sale(state)
