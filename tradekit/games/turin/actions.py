"""Turin Market's actions.

Example:
    >>> Bid(4), str(Bid(4)), str(Offer(12)), str(List(card=3, price=5))
    (Bid(amount=4), 'bid 4', 'offer card 12', 'list card 3 for 5')
"""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action, Card, Seat, action_classes
from tradekit.core.seats import seat_label


@dataclasses.dataclass(frozen=True, slots=True)
class Offer(Action):
    """Put a card from hand into the lot (sealed until every player has chosen)."""

    card: Card

    def __str__(self) -> str:
        return f"offer card {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """A sealed bid of ``amount`` Scudo (0 .. the unlocked Scudo held)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclasses.dataclass(frozen=True, slots=True)
class AddBid(Action):
    """In a tie-break round, add ``amount`` Scudo (>= 0) to the bid, sealed."""

    amount: int

    def __str__(self) -> str:
        return f"add {self.amount} to the bid"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeGoose(Action):
    """Goose variant "tiebreak", declared openly before any addition: take the free goose and
    lose the tie (the lowest place of the tied block, with its prize if it has one)."""

    def __str__(self) -> str:
        return "take the goose and lose the tie"


@dataclasses.dataclass(frozen=True, slots=True)
class GiveGoose(Action):
    """Goose variant "tiebreak", declared openly: hand the goose to tied player ``to`` and win
    the tie (the best place of the block)."""

    to: Seat

    def __str__(self) -> str:
        return f"hand the goose to {seat_label(self.to)} and win the tie"


@dataclasses.dataclass(frozen=True, slots=True)
class DeclineGoose(Action):
    """Goose variant "tiebreak": make no goose declaration in this tie."""

    def __str__(self) -> str:
        return "make no goose declaration"


@dataclasses.dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take ``card`` from the lot (winners pick in place order)."""

    card: Card

    def __str__(self) -> str:
        return f"pick card {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class List(Action):
    """Put face-up ``card`` up for sale, locking ``price`` of one's own Scudo on it."""

    card: Card
    price: int

    def __str__(self) -> str:
        return f"list card {self.card} for {self.price}"


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """Claim listed ``card`` to buy it at its price, at any decision point and whether or not
    one is to move; in a claim step, claim the card being claimed too."""

    card: Card

    def __str__(self) -> str:
        return f"buy card {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class PassClaim(Action):
    """In a claim step, do not claim the card."""

    def __str__(self) -> str:
        return "pass on the claim"


@dataclasses.dataclass(frozen=True, slots=True)
class SellTo(Action):
    """The seller, when several players claimed the card, chooses who buys it."""

    buyer: Seat

    def __str__(self) -> str:
        return f"sell to {seat_label(self.buyer)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take back a listing that has stood for at least one auction round."""

    card: Card

    def __str__(self) -> str:
        return f"withdraw card {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's turn in a market window."""

    def __str__(self) -> str:
        return "end market turn"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """Take a loan, at any time and whether or not one is to move: +10 Scudo now, 15 repaid
    after the final payouts."""

    def __str__(self) -> str:
        return "take a loan"


ACTION_TYPES = action_classes(
    Offer,
    Bid,
    AddBid,
    TakeGoose,
    GiveGoose,
    DeclineGoose,
    Pick,
    List,
    Buy,
    PassClaim,
    SellTo,
    Withdraw,
    EndTurn,
    TakeLoan,
)
