"""Négoces (François Tréca, 2006): a Diamant auction, then negotiated sales, with every variant."""

from __future__ import annotations

from tradekit.core.registry import Plugin
from tradekit.games.negoces.actions import (
    Accept,
    AskToShow,
    Ban,
    Bid,
    Continue,
    Give,
    NoSwap,
    Offer,
    Pass,
    PutUp,
    RepayLoan,
    SellInactive,
    Stand,
    Steal,
    Swap,
    TakeLoan,
    Temple,
    UseTreasurer,
    Withdraw,
)
from tradekit.games.negoces.game import (
    INCOMPATIBLE,
    VARIANTS,
    NegocesGame,
    normalise_variants,
    variant_sets,
)
from tradekit.games.negoces.state import NegocesState
from tradekit.games.negoces.tables import NegocesTables, load_tables
from tradekit.games.negoces.view import AuctionView, NegocesView, OfferView, SaleRecord

#: The game's one registration (``tradekit.games`` registers it): its options class and where
#: its other parts live, imported the first time each is needed.
PLUGIN = Plugin(
    "negoces",
    NegocesGame,
    bots="tradekit.games.negoces.bots",
    measures="tradekit.games.negoces.measures",
    renderer="tradekit.games.negoces.render",
    controls="tradekit.games.negoces.controls",
)

__all__ = [
    "INCOMPATIBLE",
    "PLUGIN",
    "VARIANTS",
    "Accept",
    "AskToShow",
    "AuctionView",
    "Ban",
    "Bid",
    "Continue",
    "Give",
    "NegocesGame",
    "NegocesState",
    "NegocesTables",
    "NegocesView",
    "NoSwap",
    "Offer",
    "OfferView",
    "Pass",
    "PutUp",
    "RepayLoan",
    "SaleRecord",
    "SellInactive",
    "Stand",
    "Steal",
    "Swap",
    "TakeLoan",
    "Temple",
    "UseTreasurer",
    "Withdraw",
    "load_tables",
    "normalise_variants",
    "variant_sets",
]
