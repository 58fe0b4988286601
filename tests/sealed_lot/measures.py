"""Sealed lot's measures: the price and whether the highest value won (efficiency)."""

from __future__ import annotations

from sealed_lot.game import SealedLotState

from tradekit.core.state import State
from tradekit.sim.measures import register_measures


def game_measures(state: State) -> dict[str, float]:
    """The winning price, and 1 when the lot went to a highest value (an efficient sale)."""
    assert isinstance(state, SealedLotState) and state.winner is not None
    efficient = state.values[state.winner] == max(state.values)
    return {"price": float(state.bids[state.winner]), "efficient": float(efficient)}


register_measures("sealed_lot", game=game_measures)
