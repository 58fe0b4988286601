"""Sealed lot's bot: the textbook equilibrium bid, shaded below one's value."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from sealed_lot.game import Bid, SealedLotGame, SealedLotView

from tradekit.bots.base import Bot
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class ShadeBot(Bot[SealedLotGame, SealedLotView]):
    """Bids ``(n - 1) / n`` of its value, rounded down: the risk-neutral equilibrium of a
    first-price auction with values drawn uniformly (the continuous textbook model)."""

    name: ClassVar[str] = "heuristic"
    game: ClassVar[str | None] = "sealed_lot"

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        seat = view.viewer
        value = view.values[seat]
        bid = min(value * (view.players - 1) // view.players, view.purse[seat])
        why = f"My value is {value}; with {view.players} bidders I shade it to {bid}."
        return self.because(Bid(bid), why, valuation=float(value))
