"""Turin Market (Jordan Draper): sealed bids with ranked prizes, then majorities."""

from __future__ import annotations

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

__all__ = [
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
