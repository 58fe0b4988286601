"""The opening auctions: the Diamant (and with "thief_guard" the Thief and the Guard), ascending,
with the passes made without a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tradekit.core.auctions import AscendingAuction, log_auction_told
from tradekit.core.seats import seat_label
from tradekit.games.negoces.end import reaches_goal
from tradekit.games.negoces.places import BOX
from tradekit.games.negoces.sale import start_sale

if TYPE_CHECKING:
    from tradekit.games.negoces.state import NegocesState


def next_opening(state: NegocesState) -> None:
    """Open the next opening auction, or the first sale once they are all done."""
    if not state.opening:
        start_sale(state)
        return
    item = state.opening.pop(0)
    if item == "diamant":
        opener = state.game.opener if state.game.opener is not None else 0
    else:
        assert state.diamant_winner is not None
        opener = state.diamant_winner
    order = [(opener + 1 + i) % state.n for i in range(state.n)]
    state.phase = "auction"
    state.auction_item = item
    state.auction = AscendingAuction(
        order,
        {p: state.coins[p] for p in range(state.n)},
        opener=opener,
        opening=0,
        steps=(1, 2),
        final_pass=True,
    )
    state._event(
        "info",
        f"auction of the {item_en(state, item)}: {seat_label(opener)} opens at 0",
        player=opener,
        data={"what": "auction", "item": item, "opener": opener},
        fresh=True,
    )
    log_auto_passes(state, 1)
    auction_step(state)


def log_auto_passes(state: NegocesState, start: int) -> None:
    """Log the passes the auction made without a decision, from history entry ``start`` on."""
    assert state.auction is not None
    for p, amount in state.auction.history[start:]:
        if amount is None:
            state._event(
                "info",
                f"{seat_label(p)} cannot raise and drops out",
                player=p,
                data={
                    "what": "drop_out",
                    "seat": p,
                    "item": state.auction_item,
                    "high_bid": state.auction.high_bid,
                },
                fresh=True,
            )


def item_en(state: NegocesState, item: str) -> str:
    """An auctioned item's English name: the Diamant's from the goods table (``Diamond``, as the
    table shows it), the Thief and the Guard as the rules name them."""
    return state.tables.goods["diamant"].name_en if item == "diamant" else item.capitalize()


def auction_step(state: NegocesState) -> None:
    """After a bid or pass: the auction goes on, or its lot is sold (the Diamant, the Thief or the
    Guard)."""
    auction = state.auction
    assert auction is not None
    if not auction.done:
        return
    result = auction.result
    winner = result.winner
    assert winner is not None
    price = result.price
    item = state.auction_item
    log_auction_told(state, auction)
    state.auction = None
    state._event(
        "info",
        f"{seat_label(winner)} wins the {item_en(state, item)} for {price}",
        player=winner,
        data={"what": "auction_won", "item": item, "winner": winner, "price": price},
        fresh=True,
    )
    if item == "diamant":
        state.diamant_winner = winner
        state.diamant_sold = True
        assert state.market == state.diamant
        state.hands[winner].append(state.diamant)
        state.hands[winner].sort()
        state.market = None
        state._pay(
            price,
            winner,
            BOX,
            f"won the {item_en(state, item)}: the price returns to the box",
            "auction",
        )
        if not reaches_goal(state, (winner,), "diamant"):
            next_opening(state)
        return
    card = state.tables.special[item][0]
    state.side.remove(card)
    if item == "thief":
        state.thief = winner
    else:
        state.guard = winner
    if price:
        why = f"share of the {item_en(state, item)}'s price"
        state._start_gift(winner, price, why, "opening", item)
    else:
        next_opening(state)
