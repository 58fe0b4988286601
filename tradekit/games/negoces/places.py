"""Where coins go besides the seats (the payees of a transfer), and the goods of the two special
cards."""

from __future__ import annotations

#: Coins out of the game (the bids of the opening auctions).
BOX = "box"
#: The public treasury (variant "treasury").
TREASURY = "treasury"
#: The bank's coins (variant "bank").
BANK_POOL = "bank"
#: The sacred texts' good (variant "temple").
SACRED = "textes_sacres"
#: The Diamant's good.
DIAMANT = "diamant"
