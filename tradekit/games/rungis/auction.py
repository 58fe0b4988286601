"""The Rungis phase: a round's centre cards turned, each designated and sold by an ascending
auction, or removed from the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tradekit.core.auctions import AscendingAuction, log_auction_told
from tradekit.core.events import BANK
from tradekit.core.seats import seat_label
from tradekit.games.rungis.pricing import start_pricing
from tradekit.games.rungis.scoring import end_game

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


#: Why centre cards leave the game (the ``why`` of removal events) and the log's words for it.
REMOVED_WHY = {
    "unopened": "nobody opened",
    "leftover": "nobody may buy any more this phase",
}


#: How a card was bought (the ``how`` of purchase events) and the ledger's words for it.
BOUGHT_HOW = {"auction": "won at the Rungis auction", "preemption": "pre-emption"}


def begin_round(state: RungisState) -> None:
    """Start the next round (or end the game after the last): the First Buyer moves on and turns the
    centre cards, then the window of ``auction_start`` plays opens."""
    if state.round >= state.rounds:
        end_game(state)
        return
    state.round += 1
    state.active = (state.first + state.round - 1) % state.n
    state._reset_round()
    state.phase = "rungis"
    state._event(
        "info",
        f"round {state.round}: {seat_label(state.active)} takes the First Buyer card",
        player=state.active,
        data={"what": "round", "first_buyer": state.active},
        fresh=True,
    )
    k = min(state.n, len(state.deck))
    if k == 0:
        state._event(
            "info", "the deck is empty: no Rungis phase this round", data={"what": "deck_empty"}
        )
        start_pricing(state)
        return
    state.centre, state.deck = state.deck[:k], state.deck[k:]
    shown = [None if c in state.kind_of else c for c in state.centre]
    state._event(
        "chance",
        f"{k} cards are turned into the centre: "
        + ", ".join(state._card_name(c) for c in state.centre),
        data={"what": "centre", "centre": shown},
        fresh=True,
    )
    face_down = [c for c in state.centre if c in state.kind_of]
    if face_down:
        state._event(
            "chance",
            f"the face-down special cards are {face_down}",
            data={"what": "face_down", "face_down": face_down},
            visible_to=(),
            fresh=True,
        )
    state._open_window("auction_start")


def eligible_buyers(state: RungisState) -> list[int]:
    """Players who may still buy this phase, in turn order from the First Buyer."""
    return [
        p for p in state.turn_order() if p not in state.barred and state.buys[p] < state.limits[p]
    ]


def next_designation(state: RungisState) -> None:
    """The next designation, by the first player in turn order who may still buy; with no card or
    nobody left, the pricing phase."""
    state.auction = None
    state.slot = None
    state.designator = None
    if not state.centre:
        start_pricing(state)
        return
    eligible = eligible_buyers(state)
    if not eligible:
        for card in state.centre:
            remove_from_centre(state, card, "leftover")
        state.centre = []
        start_pricing(state)
        return
    state.designator = eligible[0]
    state.step = "designate"


def remove_from_centre(state: RungisState, card: int, why: str) -> None:
    """Take ``card`` out of the game; ``why`` is a key of :data:`REMOVED_WHY`."""
    words = REMOVED_WHY[why]
    if card in state.kind_of:
        state.removed_hidden.append(card)
        state._event(
            "info",
            f"a face-down special card is removed from the game ({words})",
            data={"what": "removed_face_down", "why": why},
            fresh=True,
        )
        state._event(
            "info",
            f"removed unseen: {state.tables.describe(card)}",
            data={"what": "removed_unseen", "removed": card, "why": why},
            visible_to=(),
            fresh=True,
        )
    else:
        state.removed.append(card)
        state._event(
            "info",
            f"{state.tables.describe(card)} is removed from the game ({words})",
            data={"what": "removed", "removed": card, "why": why},
            fresh=True,
        )


def designate_card(state: RungisState, player: int, slot: int) -> None:
    """Open the ascending auction of the card at ``slot`` among those who may still buy."""
    card = state.centre[slot]
    order = eligible_buyers(state)
    state.slot = slot
    state.auction = AscendingAuction(
        order,
        {p: state.gold[p] for p in order},
        opener=None,
        opening=state.minimum_bid(card),
        final_pass=False,
    )
    after_bid(state)


def after_bid(state: RungisState) -> None:
    """After a bid or a pass: the auction goes on, or the card is sold (or removed) and the next is
    designated."""
    auction = state.auction
    assert auction is not None and state.slot is not None
    if not auction.done:
        state.step = "bid"
        return
    card = state.centre.pop(state.slot)
    winner, price = auction.result.winner, auction.result.price
    log_auction_told(state, auction)
    if winner is None:
        remove_from_centre(state, card, "unopened")
    else:
        buy_card(state, winner, card, price, "auction")
    next_designation(state)


def buy_card(state: RungisState, player: int, card: int, price: int, how: str) -> None:
    """``player`` pays ``price`` for ``card``; ``how`` is a key of :data:`BOUGHT_HOW`."""
    state.gold[player] -= price
    state._transfer(
        price, player, BANK, f"bought {state._card_name(card)} ({BOUGHT_HOW[how]})", "auction"
    )
    state.buys[player] += 1
    if card in state.kind_of:
        state.hands[player].append(card)
        state.hands[player].sort()
        state._event(
            "info",
            f"{state.labels[player]} buys a face-down special card for {price} gold",
            player=player,
            data={"what": "buy", "price": price, "how": how},
            fresh=True,
        )
        state._event(
            "info",
            f"{state.labels[player]} looks at it: {state.tables.describe(card)}",
            player=player,
            data={"what": "looks", "special": card},
            visible_to=(player,),
            fresh=True,
        )
    else:
        state.shops[player].append(card)
        state.shops[player].sort()
        state._event(
            "info",
            f"{state.labels[player]} buys {state.tables.describe(card)} for {price} gold",
            player=player,
            data={"what": "buy", "card": card, "price": price, "how": how},
            fresh=True,
        )
