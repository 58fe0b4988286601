"""Sealed lot's table: each seat's purse, its value when the viewer may know it, and the bids."""

from __future__ import annotations

from typing import Any

from sealed_lot.game import SealedLotView

from tradekit.core.events import Event
from tradekit.render import Context, Renderer, register_renderer
from tradekit.render import parts as p


@register_renderer("sealed_lot")
class SealedLotRenderer(Renderer[SealedLotView]):
    """Draws from the view only, so a seat's table never shows another seat's value early."""

    def table(self, view: Any, ctx: Context) -> str:
        seats = []
        for seat in range(view.players):
            value = view.values[seat]
            bid = view.bids[seat]
            lines = [
                f"purse {view.purse[seat]}",
                "value ?" if value is None else f"value {value}",
                "bid sealed" if seat in view.chosen and bid is None else "",
                "" if bid is None else f"bid {bid}",
            ]
            seats.append(
                f'<div class="tk-seat" data-seat="{seat}"><b>{p.esc(ctx.name(seat))}</b> '
                + " · ".join(p.esc(x) for x in lines if x)
                + "</div>"
            )
        return p.page(
            p.esc("Sealed lot"),
            "".join(seats),
            game="sealed_lot",
            data_round=view.round,
            data_phase=view.phase,
            data_viewer=view.viewer,
        )

    def narrate(self, event: Event, ctx: Context) -> str:
        what = event.data.get("what")
        if what == "won":
            return f"{ctx.name(event.data['seat'])} wins the lot for {event.data['price']}"
        return event.text
