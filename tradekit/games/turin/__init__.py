"""Turin Market (Jordan Draper): sealed bids with ranked prizes, then majorities."""

from __future__ import annotations

from tradekit.core.registry import Plugin
from tradekit.games.turin.actions import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    PassClaim,
    Pick,
    SellTo,
    TakeGoose,
    TakeLoan,
    Withdraw,
)
from tradekit.games.turin.game import SETUP, TurinGame
from tradekit.games.turin.match import TurinMatch
from tradekit.games.turin.state import TurinState, majority_holders
from tradekit.games.turin.tables import TurinTables, load_tables
from tradekit.games.turin.view import ClaimInfo, Listing, TurinView

#: The game's one registration (``tradekit.games`` registers it): its options class and where
#: its other parts live, imported the first time each is needed.
PLUGIN = Plugin(
    "turin",
    TurinGame,
    bots="tradekit.games.turin.bots",
    measures="tradekit.games.turin.measures",
    renderer="tradekit.games.turin.render",
    controls="tradekit.games.turin.controls",
)

__all__ = [
    "PLUGIN",
    "SETUP",
    "AddBid",
    "Bid",
    "Buy",
    "ClaimInfo",
    "DeclineGoose",
    "EndTurn",
    "GiveGoose",
    "List",
    "Listing",
    "Offer",
    "PassClaim",
    "Pick",
    "SellTo",
    "TakeGoose",
    "TakeLoan",
    "TurinGame",
    "TurinMatch",
    "TurinState",
    "TurinTables",
    "TurinView",
    "Withdraw",
    "load_tables",
    "majority_holders",
]
