"""What one seat, the public or the teacher may see of a Négoces game."""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action
from tradekit.core.view import BaseView


@dataclasses.dataclass(frozen=True, slots=True)
class OfferView:
    """A standing offer as a viewer sees it.

    Attributes:
        buyer: the seat offering.
        card: the offered card, or ``None`` when no card is offered or it is face down to the
            viewer (then ``face_down`` is True).
        face_down: a card is offered but the viewer cannot see it.
        coins: coins offered (negative: the seller would pay them).
        loan: whether the buyer's loan card is part of the offer.
    """

    buyer: int
    card: int | None
    face_down: bool
    coins: int
    loan: bool


@dataclasses.dataclass(frozen=True, slots=True)
class AuctionView:
    """An open auction (Diamant, Thief or Guard) in progress."""

    item: str
    high_bid: int
    high_bidder: int | None
    out: tuple[int, ...]
    speaker: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class SaleRecord:
    """How the last sale ended, as the viewer saw it.

    Attributes:
        number: the sale's number (1-based).
        seller: who sold.
        buyer: who took the market card.
        market: the card sold.
        paid_card: the card paid with (``None``: none, or hidden from the viewer).
        paid_hidden: a card was paid but the viewer did not see it (face down or swapped).
        coins: coins paid (negative: paid by the seller to the buyer).
        loan: whether a loan card was paid.
        stolen: the Thief took the card for free.
        swapped: the buyer used the Swindler card.
    """

    number: int
    seller: int
    buyer: int
    market: int
    paid_card: int | None
    paid_hidden: bool
    coins: int
    loan: bool
    stolen: bool
    swapped: bool


@dataclasses.dataclass(frozen=True, slots=True)
class NegocesView(BaseView):
    """A frozen observation of a Négoces game: the fields every game has (:class:`BaseView`;
    ``round`` is the sale number, ``scores`` 1 for the winner), then Négoces' own.

    What a viewer may not see is ``None``: other seats' hands always, other seats' coins in the
    blind variant, other seats' sealed choices of the current round, offered cards dealt face
    down. The teacher view (``viewer="all"``) shows everything.
    """

    variants: tuple[str, ...]
    goal: tuple[int, int]
    sales: int
    max_sales: int
    negotiation_round: int
    negotiation_rounds: int
    coins: tuple[int | None, ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    inactive: tuple[tuple[int, ...], ...]
    seller: int | None
    market: int | None
    market_inactive: bool
    auction: AuctionView | None
    gift: tuple[int, int, str] | None
    offers: tuple[OfferView | None, ...]
    submitted: tuple[int, ...]
    sealed: tuple[Action | None, ...]
    banned: tuple[int, ...]
    pending: OfferView | None
    box_coins: int
    treasury: int
    bank_coins: int
    loans: tuple[int, ...]
    loans_left: int
    treasurer: tuple[bool, ...]
    miser: tuple[bool, ...]
    swindler: tuple[bool, ...]
    thief: int | None
    guard: int | None
    sacred_left: int
    removed: tuple[int, ...]
    last_sale: SaleRecord | None
    winner: int | None
    over: bool

    @property
    def me(self) -> int | None:
        """The viewing seat, or ``None`` for the public and teacher views."""
        return self.viewer if isinstance(self.viewer, int) else None

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewing seat's hand (empty for the public view)."""
        me = self.me
        if me is None:
            return ()
        hand = self.hands[me]
        return hand if hand is not None else ()
