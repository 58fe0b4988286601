"""Négoces' actions. Goods are named by their id in ``data/negoces/goods.csv`` ("cafe", "diamant");
the engine picks which card of that good leaves the hand (cards of one good are identical).

Example:
    >>> Offer("cafe", -2)
    Offer(good='cafe', coins=-2, loan=False)
    >>> str(Offer("cafe", -2)), str(Offer(None, 3, loan=True))
    ('offer cafe and -2 coins', 'offer 3 coins and a loan card')
    >>> str(Bid(3)), str(Give(2, 1)), str(Accept(1)), str(PutUp("jade"))
    ('bid 3', 'give 1 coin to P3', "accept P2's offer", 'put jade on the market')
"""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action, Seat, action_classes
from tradekit.core.seats import seat_label
from tradekit.core.words import counted


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Raise the open auction (Diamant, Thief, Guard) to ``amount`` (+1 or +2 over the high bid)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Drop out of the open auction for good."""

    def __str__(self) -> str:
        return "drop out"


@dataclasses.dataclass(frozen=True, slots=True)
class Give(Action):
    """Share out coins owed to the other players (the Thief's or Guard's price, a temple gift):
    give ``coins`` of them to seat ``to``."""

    to: Seat
    coins: int

    def __str__(self) -> str:
        return f"give {counted(self.coins, 'coin', 'coins')} to {seat_label(self.to)}"


@dataclasses.dataclass(frozen=True, slots=True)
class UseTreasurer(Action):
    """Public treasury: before putting a card up, play the Treasurer card to take the treasury."""

    def __str__(self) -> str:
        return "play the Treasurer: take the treasury"


@dataclasses.dataclass(frozen=True, slots=True)
class Temple(Action):
    """The temple: before a sale, give up a card of ``good`` (removed from the game) for a
    sacred-texts card, and owe the temple gift to the other players."""

    good: str

    def __str__(self) -> str:
        return f"swap {self.good} for sacred texts at the temple"


@dataclasses.dataclass(frozen=True, slots=True)
class PutUp(Action):
    """The seller puts a card of ``good`` from hand face up on the market (it must be sold)."""

    good: str

    def __str__(self) -> str:
        return f"put {self.good} on the market"


@dataclasses.dataclass(frozen=True, slots=True)
class SellInactive(Action):
    """Smugglers / new monopolies: sell one's face-up inactive card of ``good`` (coins only)."""

    good: str

    def __str__(self) -> str:
        return f"sell the face-up {self.good} card (coins only)"


@dataclasses.dataclass(frozen=True, slots=True)
class Offer(Action):
    """A buyer's offer for the market card: a card of ``good`` (or ``None``), ``coins`` (negative:
    the seller pays them), and with the bank variant possibly one's loan card. Sealed until the
    end of the negotiation round."""

    good: str | None
    coins: int
    loan: bool = False

    def __str__(self) -> str:
        good, coins = self.good, self.coins
        amount = counted(coins, "coin", "coins")
        if good is None:
            text = "offer " + amount
        elif coins:
            text = f"offer {good} and {amount}"
        else:
            text = "offer " + good
        return text + " and a loan card" if self.loan else text


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Action):
    """Leave one's offer (or absence of offer) as it is this round."""

    def __str__(self) -> str:
        return "stand"


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Withdraw one's standing offer."""

    def __str__(self) -> str:
        return "withdraw the offer"


@dataclasses.dataclass(frozen=True, slots=True)
class Ban(Action):
    """Misers: play one's Miser card: seat ``target`` may offer nothing in this sale."""

    target: Seat

    def __str__(self) -> str:
        return f"play the Miser against {seat_label(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Steal(Action):
    """Thief and guard: play the Thief to take the market card for free."""

    def __str__(self) -> str:
        return "play the Thief: take the market card"


@dataclasses.dataclass(frozen=True, slots=True)
class AskToShow(Action):
    """Face-down mini-variant: the seller asks ``buyer`` to turn their offered card face up."""

    buyer: Seat

    def __str__(self) -> str:
        return f"ask {seat_label(self.buyer)} to show the offered card"


@dataclasses.dataclass(frozen=True, slots=True)
class Accept(Action):
    """The seller accepts ``buyer``'s offer (at the close: any buyer's, no offer meaning 0)."""

    buyer: Seat

    def __str__(self) -> str:
        return f"accept {seat_label(self.buyer)}'s offer"


@dataclasses.dataclass(frozen=True, slots=True)
class Continue(Action):
    """The seller accepts nothing yet: another negotiation round."""

    def __str__(self) -> str:
        return "continue the negotiation"


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Action):
    """Swindlers: the buyer pays with a card of ``good`` instead of the card offered (unseen by the
    others); the Swindler card leaves the game."""

    good: str

    def __str__(self) -> str:
        return f"play the Swindler: pay with {self.good} instead"


@dataclasses.dataclass(frozen=True, slots=True)
class NoSwap(Action):
    """Swindlers: pay with the card offered."""

    def __str__(self) -> str:
        return "pay with the card offered"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """The bank: take a loan card and its coins from the bank."""

    def __str__(self) -> str:
        return "take a loan"


@dataclasses.dataclass(frozen=True, slots=True)
class RepayLoan(Action):
    """The bank: pay a loan's coins back and return one loan card."""

    def __str__(self) -> str:
        return "repay a loan"


ACTION_TYPES = action_classes(
    Bid,
    Pass,
    Give,
    UseTreasurer,
    Temple,
    PutUp,
    SellInactive,
    Offer,
    Stand,
    Withdraw,
    Ban,
    Steal,
    AskToShow,
    Accept,
    Continue,
    Swap,
    NoSwap,
    TakeLoan,
    RepayLoan,
)
