"""Rungis (Christophe Boelinger, Jeux Descartes 2002): auctions for market stalls, then a price war.

The project calls the game "Rungis" after its first phase (the published title is not in our
source). See the docstring of ``tradekit.games.rungis.state`` and ``data/rungis/README.md``.
"""

from __future__ import annotations

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

__all__ = [
    "KINDS",
    "LOWEST_BONUS",
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
