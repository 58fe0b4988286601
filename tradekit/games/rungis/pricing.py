"""The CAC 40 phase: the talk turns (announcements, trades) and the secret price sheets,
written and then revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tradekit.core.seats import seat_label
from tradekit.games.rungis.actions import Price

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


def start_pricing(state: RungisState) -> None:
    """Open the CAC 40 phase with the talk turns."""
    state.phase = "cac40"
    state.step = "talk"
    state.designator = None
    state.auction = None
    state.slot = None
    state.talk_pos = 0
    advance_talk(state)


def advance_talk(state: RungisState) -> None:
    """Move on to the next seat that may talk; after the last, the secret prices."""
    n = state.n
    while state.talk_pos < n:
        if state._can_talk((state.active + state.talk_pos) % n):  # in turn order
            return
        state.talk_pos += 1
    start_prices(state)


def make_trade(state: RungisState) -> None:
    """Carry out an accepted trade: the cards and the gold of its terms change hands."""
    prop = state.proposal
    assert prop is not None
    p, q, give, take, gold = (
        prop["proposer"],
        prop["to"],
        prop["give"],
        prop["take"],
        prop["gold"],
    )
    parts = []
    data: dict[str, Any] = {"what": "trade", "proposer": p, "to": q, "gold": gold}
    if give is not None:
        card = next(c for c in state.shops[p] if state.type_of[c] == give)
        state.shops[p].remove(card)
        state.shops[q].append(card)
        state.shops[q].sort()
        data["give_card"] = card
        parts.append(f"{seat_label(p)} gives {state.tables.describe(card)}")
    if take is not None:
        card = next(c for c in state.shops[q] if state.type_of[c] == take)
        state.shops[q].remove(card)
        state.shops[p].append(card)
        state.shops[p].sort()
        data["take_card"] = card
        parts.append(f"{seat_label(q)} gives {state.tables.describe(card)}")
    deal = " and ".join(parts)
    if gold > 0:
        state.gold[p] -= gold
        state.gold[q] += gold
        state._transfer(gold, p, q, f"trade: {deal}", "trade")
    elif gold < 0:
        state.gold[q] += gold
        state.gold[p] -= gold
        state._transfer(-gold, q, p, f"trade: {deal}", "trade")
    summary = f"{seat_label(p)} and {seat_label(q)} trade: {deal}" + (
        f", {abs(gold)} gold to {seat_label(q if gold > 0 else p)}" if gold else ""
    )
    state.trades.append(summary)
    state._event("info", summary, data=data)


def start_prices(state: RungisState) -> None:
    """Ask each seat with articles for a secret price per type they hold."""
    state.step = "prices"
    # In seat order: the seats writing and those done are listed from it in that order.
    state.to_price = {p: state.held(p) for p in range(state.n) if state.shops[p]}
    state.sheets = {p: {} for p in state.to_price}
    state.writing = list(state.to_price)
    state.last_price = {}
    if not state.to_price:
        reveal_sheets(state)


def write_price(state: RungisState, player: int, action: Price) -> None:
    """Write one price on ``player``'s sheet; a finished sheet is announced (and shown to a Rumour's
    player), the last one reveals them all."""
    state.sheets[player][action.article] = action.price
    state.last_price[player] = action
    if not state._pending(player):
        state.writing.remove(player)
        state._event(
            "info",
            f"{state.labels[player]} has written their price sheet",
            player=player,
            data={"what": "sheet_written"},
            fresh=True,
        )
        if state.rumour is not None and state.rumour[1] == player:
            spy = state.rumour[0]
            state._event(
                "info",
                f"Rumour: {seat_label(spy)} sees {seat_label(player)}'s sheet "
                f"{state.sheets[player]}",
                player=spy,
                data={"what": "rumour", "sheet": state.sheets[player], "of": player},
                visible_to=(spy,),
            )
    if not state.writing:
        reveal_sheets(state)


def reveal_sheets(state: RungisState) -> None:
    """Reveal every price sheet and open the window of ``after_reveal`` plays."""
    state.last_price = {}
    state.revealed = True
    state.phase = "ca"
    sheets = {str(p): dict(state.sheets[p]) for p in sorted(state.sheets)}
    state._event(
        "reveal",
        "price sheets revealed: "
        + "; ".join(
            f"{state.labels[p]} " + ", ".join(f"{a} {x}" for a, x in state.sheets[p].items())
            for p in sorted(state.sheets)
        ),
        data={"what": "reveal", "sheets": sheets},
        fresh=True,
    )
    state._open_window("after_reveal")
