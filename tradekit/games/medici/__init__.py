"""Medici (Reiner Knizia): once-around auctions of 1-3 card lots, ships and commodity ladders."""

from __future__ import annotations

from tradekit.core.registry import Plugin
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.games.medici.game import MAX_LOT, ROUNDS, WAREHOUSE, MediciGame
from tradekit.games.medici.state import MediciState
from tradekit.games.medici.tables import Card, Good, MediciTables, load_tables
from tradekit.games.medici.view import MediciView

#: The game's one registration (``tradekit.games`` registers it): its options class and where
#: its other parts live, imported the first time each is needed.
PLUGIN = Plugin(
    "medici",
    MediciGame,
    bots="tradekit.games.medici.bots",
    measures="tradekit.games.medici.measures",
    renderer="tradekit.games.medici.render",
    controls="tradekit.games.medici.controls",
)

__all__ = [
    "MAX_LOT",
    "PLUGIN",
    "ROUNDS",
    "WAREHOUSE",
    "Auction",
    "Bid",
    "Card",
    "Good",
    "MediciGame",
    "MediciState",
    "MediciTables",
    "MediciView",
    "Pass",
    "Turn",
    "load_tables",
]
