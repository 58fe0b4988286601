"""Medici's controls: the pile and the lot as card buttons (and Turn / Auction buttons) for the
active player; in the auction a bid slider
bounded to the legal bids, a Bid button, a button for the lowest legal bid, and Pass.

Every control is generated from the legal actions of the seat that must act, so nothing illegal
can be built from the buttons and the slider (the typed-command box can still be mistyped, and
then shows a message).

The active player's choice is between cards, so the cards are the controls: the pile, drawn as
a card back (clicking it turns a card), and the lot, drawn as its last card (clicking it puts
the lot up for auction); the same two actions are also plain buttons, for keyboards.

Handles (keys of ``TableWidget.handles``, CSS class ``tk-c-<key>``): ``turn-card`` and
``auction-lot`` (card buttons), ``turn``, ``auction``, ``bid-amount`` + ``bid``, ``bid-min``,
``pass``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.domains import Menu
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.i18n import load_messages
from tradekit.render.parts import esc
from tradekit.widgets.controls import ControlContext, Controls, note, register_controls

load_messages("tradekit.games.medici")


def _bid_bounds(legal: Sequence[Action]) -> tuple[int, int] | None:
    """The lowest and highest legal bid (from the menu's bid range, without listing it), or
    ``None`` when no bid is legal."""
    if isinstance(legal, Menu):
        return legal.bounds(Bid, "amount")
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    return (min(bids), max(bids)) if bids else None


@register_controls("medici")
class MediciControls(Controls):
    """Controls for the seat that must act in Medici."""

    def build(self, cc: ControlContext) -> list[Any]:
        """Rows of controls for ``cc.seat``'s legal actions."""
        # The legal actions may be a lazy menu of 10**4 bids: ask it, never list it.
        legal = cc.legal
        rows: list[Any] = []
        turning = [a for a in (Turn(), Auction()) if a in legal]
        if turning:
            lot = tuple(getattr(cc.view, "lot", ()))
            can_turn = Turn() in turning
            hint = (
                cc.t("medici.c.turn_hint", n=len(lot))
                if can_turn
                else cc.t("medici.c.auction_only")
            )
            rows.append(note(esc(hint)))
            # The cards are what the player chooses between: the pile (a card back: clicking it
            # turns its top card) and the lot (its last card: clicking it puts the lot up).
            cards = []
            if can_turn:
                cards.append(cc.card_button("turn-card", None, Turn()))
            if Auction() in turning and lot:
                cards.append(cc.card_button("auction-lot", lot[-1], Auction()))
            rows.append(widgets.HBox(cards, layout=widgets.Layout(flex_flow="row wrap")))
            buttons = []
            for action in turning:
                key = "turn" if isinstance(action, Turn) else "auction"
                style = "info" if key == "turn" else "primary"
                buttons.append(cc.button(key, cc.label(action), action, style=style))
            rows.append(widgets.HBox(buttons))
        bounds = _bid_bounds(legal)
        if bounds is not None:
            low, most = bounds
            high = getattr(cc.view, "high_bid", 0)
            rows.append(note(esc(cc.t("medici.c.bid_hint", high=high, most=most))))
            slider = cc.slider("bid-amount", cc.t("medici.c.bid"), bounds, value=low)

            def chosen() -> Action:
                return Bid(int(slider.value))

            bid = cc.button("bid", cc.t("medici.c.bid_button"), chosen, style="primary")
            least = Bid(low)
            cheapest = cc.button("bid-min", cc.t("medici.c.bid_min", n=least.amount), least)
            rows.append(
                widgets.HBox([slider, bid, cheapest], layout=widgets.Layout(flex_flow="row wrap"))
            )
        if Pass() in legal:
            rows.append(widgets.HBox([cc.button("pass", cc.label(Pass()), Pass())]))
        return rows
