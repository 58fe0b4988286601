"""Medici's actions.

The active player's first card is turned for them; then they choose :class:`Turn` (one more card)
or :class:`Auction` (sell the lot). In the auction each player in turn makes one :class:`Bid` or
:class:`Pass`.

Example:
    >>> Turn(), str(Turn()), str(Auction()), Bid(4), str(Bid(4)), str(Pass())
    (Turn(), 'turn the next card', 'auction the lot', Bid(amount=4), 'bid 4', 'pass')
"""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action, action_classes


@dataclasses.dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn the next card of the pile onto the lot (at most 3 cards in a lot)."""

    def __str__(self) -> str:
        return "turn the next card"


@dataclasses.dataclass(frozen=True, slots=True)
class Auction(Action):
    """Stop turning cards and put the lot up for auction."""

    def __str__(self) -> str:
        return "auction the lot"


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` florins for the lot: at least 1, more than the high bid, at most one's
    wealth."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in the auction (each player speaks once)."""

    def __str__(self) -> str:
        return "pass"


ACTION_TYPES = action_classes(Turn, Auction, Bid, Pass)
