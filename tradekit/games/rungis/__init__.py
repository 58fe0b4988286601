"""Rungis (Christophe Boelinger, Jeux Descartes 2002): auctions for market stalls, then a price war.

The project calls the game "Rungis" after its first phase (the published title is not in our
source). See the docstring of ``tradekit.games.rungis.state`` and ``docs/rules/rungis.md``.
"""

from __future__ import annotations

from tradekit.core.registry import Plugin
from tradekit.games.rungis.actions import (
    Accept,
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    Refuse,
    Terms,
)
from tradekit.games.rungis.game import LOWEST_BONUS, STARTING_GOLD, RungisGame
from tradekit.games.rungis.state import RungisState
from tradekit.games.rungis.tables import KINDS, TIMINGS, Article, RungisTables, Special, load_tables
from tradekit.games.rungis.view import AuctionView, Effect, ProposalView, RungisView, SaleLine

#: The game's one registration (``tradekit.games`` registers it): its options class and where
#: its other parts live, imported the first time each is needed.
PLUGIN = Plugin(
    "rungis",
    RungisGame,
    bots="tradekit.games.rungis.bots",
    measures="tradekit.games.rungis.measures",
    renderer="tradekit.games.rungis.render",
    controls="tradekit.games.rungis.controls",
)

__all__ = [
    "KINDS",
    "LOWEST_BONUS",
    "PLUGIN",
    "STARTING_GOLD",
    "TIMINGS",
    "Accept",
    "Announce",
    "Article",
    "AuctionView",
    "Bid",
    "Designate",
    "Done",
    "Effect",
    "Pass",
    "Play",
    "Price",
    "ProposalView",
    "Propose",
    "Refuse",
    "RungisGame",
    "RungisState",
    "RungisTables",
    "RungisView",
    "SaleLine",
    "Special",
    "Terms",
    "load_tables",
]
