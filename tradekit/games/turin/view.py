"""What one seat, the public or the teacher may see of a Turin Market game."""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action
from tradekit.core.sealed import Placement
from tradekit.core.state import Viewer


@dataclasses.dataclass(frozen=True, slots=True)
class Listing:
    """A card up for sale: its price is locked from the seller's Scudo.

    Attributes:
        card: the card for sale.
        seller: the seat selling it.
        price: the price (and the Scudo locked on it).
        listed_round: the auction round after which it was listed; it may be withdrawn once a
            later auction round has been played.
    """

    card: int
    seller: int
    price: int
    listed_round: int


@dataclasses.dataclass(frozen=True, slots=True)
class TurinView:
    """A frozen observation of a Turin Market game.

    Fields that a viewer may not see are ``None``: other seats' hands always, other seats'
    Scudo when money is secret, and sealed choices (offers, bids, tie-break additions) of other
    seats until they are revealed. The teacher view (``viewer="all"``) shows everything.
    """

    viewer: Viewer
    players: int
    scoring: str
    public_money: bool
    goose_variant: str | None
    round: int
    rounds: int
    phase: str
    to_move: tuple[int, ...]
    scudo: tuple[int | None, ...]
    locked: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    face_up: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    lot: tuple[int, ...]
    prizes: tuple[int, ...]
    submitted: tuple[int, ...]
    sealed: tuple[Action | None, ...]
    bids: tuple[int | None, ...]
    tie_blocks: tuple[tuple[int, ...], ...]
    placements: tuple[Placement, ...]
    picking: tuple[tuple[int, int], ...]
    listings: tuple[Listing, ...]
    listed_this_window: tuple[int, ...]
    loans: tuple[bool, ...]
    debts: tuple[int, ...]
    loans_left: int
    goose: int | None
    underdog: int | None
    discarded: tuple[int, ...]
    unseen_discards: int
    scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None

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
