"""A Medici turn: turning cards into a lot, then its once-around auction."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tradekit.core.auctions import OnceAroundAuction, log_auction_told
from tradekit.core.domains import Menu, Option, Range
from tradekit.core.errors import Reason
from tradekit.core.events import BANK
from tradekit.core.seats import seat_label
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.games.medici.game import WAREHOUSE

if TYPE_CHECKING:
    from tradekit.games.medici.state import MediciState


# The options that never change with the state, made once (an Option reads its class's fields).
_TURN = Option(Turn)
_AUCTION = Option(Auction)
_PASS = Option(Pass)


def turn_card(state: MediciState, player: int) -> None:
    """Turn the pile's top card onto the lot."""
    card = state.pile.pop(0)
    state.lot.append(card)
    state._event(
        "chance",
        f"{state.labels[player]} turns {state.card_text(card)}",
        player=player,
        data={
            "what": "turn_card",
            "seat": player,
            "turned": card,
            "lot": list(state.lot),
            "pile_size": len(state.pile),
        },
        fresh=True,
    )


def start_auction(state: MediciState) -> None:
    """Open the once-around auction of the lot to every seat with room for it."""
    state.phase = "auction"
    n, active, warehouses, wealth = state.n, state.active, state.warehouses, state.wealth
    order = [(active + i) % n for i in range(1, n + 1)]
    most = WAREHOUSE - len(state.lot)
    eligible = [p for p in order if len(warehouses[p]) <= most]
    left_out = [p for p in order if len(warehouses[p]) > most] if len(eligible) < n else []
    auction = state.auction = OnceAroundAuction(
        order, budgets={p: wealth[p] for p in order}, eligible=eligible, minimum=1
    )
    state._heard = 0
    text = (
        f"auction of {lot_text(state)}; bidders in order: {seats(state, auction.order) or 'none'}"
    )
    if left_out:
        text += f"; no room for it: {seats(state, left_out)}"
    state._event(
        "info",
        text,
        player=active,
        data={
            "what": "auction",
            "seat": active,
            "lot": list(state.lot),
            "order": list(auction.order),
            "no_room": left_out,
        },
        fresh=True,
    )
    if auction.history:
        log_forced_passes(state)
    if auction.done:
        settle(state)


def lot_text(state: MediciState) -> str:
    """The lot in words, for narration."""
    return "the lot " + ", ".join([state.card_text(c) for c in state.lot])


def log_forced_passes(state: MediciState) -> None:
    """Log each pass the auction made without a decision (no florins, or too few)."""
    auction = state.auction
    assert auction is not None
    history = auction.history
    while state._heard < len(history):
        p, _ = history[state._heard]
        state._heard += 1
        high = auction.high_bid
        florins = state.wealth[p]
        if auction.high_bidder is None:
            reason = "cannot_open"
            why = f"{state.labels[p]} has no florins to open the bidding and passes"
        else:
            reason = "cannot_beat"
            why = (
                f"{state.labels[p]} cannot beat the high bid of {high} with {florins} "
                "florins and passes"
            )
        state._event(
            "info",
            why,
            player=p,
            data={
                "what": "forced_pass",
                "seat": p,
                "reason": reason,
                "high_bid": high,
                "florins": florins,
            },
            fresh=True,
        )


def settle(state: MediciState) -> None:
    """Sell the lot to the auction's winner (or discard it) and pass the turn on."""
    auction = state.auction
    assert auction is not None
    result = auction.result
    lot = state.lot
    log_auction_told(state, auction)
    if result.winner is None:
        state.discarded += lot
        state._event(
            "info",
            f"nobody bids: {lot_text(state)} is discarded",
            data={"what": "discard", "lot": list(lot)},
            fresh=True,
        )
    else:
        w, price = result.winner, result.price
        state.wealth[w] -= price
        state.warehouses[w] += lot
        cards = ", ".join([state.card_text(c) for c in lot])
        state._transfer(price, w, BANK, f"bought {cards} at auction", "auction")
        state._event(
            "info",
            f"{state.labels[w]} buys the lot {cards} for {price}",
            player=w,
            data={"what": "sale", "seat": w, "lot": list(lot), "price": price},
            fresh=True,
        )
    # A new list, not a cleared one: the discard pile and the buyer's warehouse took its cards.
    state.lot = []
    state.auction = None
    state._next_turn((state.active + 1) % state.n)


# A menu depends only on these few numbers, and the same ones come back in game after game: one
# build serves them all (a menu never changes once made).
@functools.lru_cache(maxsize=1024)
def turn_menu(player: int, why: str | None) -> Menu:
    """The active player's choice after each card: Turn (refused with ``why`` when another card
    may not be turned) or Auction."""
    turn = _TURN if why is None else Option(Turn, where=lambda _action: why)
    return Menu((turn, _AUCTION), step=f"{seat_label(player)}'s turn of turning cards")


@functools.lru_cache(maxsize=4096)
def auction_menu(player: int, lo: int, hi: int, high_bidder: int | None, high_bid: int) -> Menu:
    """The speaker's choice in the auction: Pass, or a bid from ``lo`` to ``hi`` (the range
    :meth:`OnceAroundAuction.bids_allowed` gives, labelled with why those are the bounds)."""
    if high_bidder is None:
        floor = f"at least the lowest bid of {lo}"
    else:
        floor = f"above {seat_label(high_bidder)}'s high bid of {high_bid}"
    label = Reason(
        f"{seat_label(player)}'s bid, {floor} and within {seat_label(player)}'s {hi} florins,",
        "medici.bid_from" if high_bidder is None else "medici.bid_above",
        seat=player,
        lo=lo,
        hi=hi,
        high_seat=high_bidder,
        high=high_bid,
    )
    return Menu((_PASS, Option(Bid, amount=Range(lo, hi, label))), step="the auction")


def seats(state: MediciState, players: Sequence[int]) -> str:
    """Seats in words: ``"P1, P3"`` (:func:`~tradekit.core.seats.seats_label`, from the state's
    labels worded once)."""
    return ", ".join([state.labels[p] for p in players])
