"""Sealed lot: a tiny sixth game that shows how a game plugs into tradekit.

One lot is sold by a first-price sealed-bid auction. Each player holds a private value for the
lot (a whole number from 1 to 10, dealt at random) and a purse of 10 coins; everyone seals a
bid at once; the highest bid wins (a tie is settled by a coin flip), the winner pays their bid to
the bank and scores their value on top of the coins left. It is the textbook auction that the
lessons put beside the games' own rules, small enough to read in one sitting.

Everything of the game lives in this package, and this entry is its one registration: an
installed package declares it under the ``tradekit.games`` entry-point group (see
``docs/adding-a-game.md``), and tradekit finds it on import.
"""

from __future__ import annotations

from sealed_lot.game import Bid, SealedLotGame, SealedLotState, SealedLotView

from tradekit.core.registry import Plugin

PLUGIN = Plugin(
    "sealed_lot",
    SealedLotGame,
    bots="sealed_lot.bots",
    measures="sealed_lot.measures",
    renderer="sealed_lot.render",
)

__all__ = ["PLUGIN", "Bid", "SealedLotGame", "SealedLotState", "SealedLotView"]
