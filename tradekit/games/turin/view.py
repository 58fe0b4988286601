"""What one seat, the public or the teacher may see of a Turin Market game."""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action
from tradekit.core.sealed import Placement
from tradekit.core.view import BaseView


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
class ClaimInfo:
    """A claim step in progress (public: claims and passes are made openly).

    Attributes:
        card: the listed card claimed.
        seller: who listed it.
        price: its price.
        asked: the players asked whether they claim it too (every player but the seller and the
            first claimant, whatever their Scudo, so that being asked tells nothing).
        claimants: who has claimed it, the first claimant first.
        passed: who has passed.
        resume: the phase the claim interrupted, resumed once the card is sold.
    """

    card: int
    seller: int
    price: int
    asked: tuple[int, ...]
    claimants: tuple[int, ...]
    passed: tuple[int, ...]
    resume: str


@dataclasses.dataclass(frozen=True, slots=True)
class TurinView(BaseView):
    """A frozen observation of a Turin Market game.

    The fields every game has come first (:class:`~tradekit.core.view.BaseView`): ``scores``
    are the Scudo a seat holds (unlocked plus locked) as far as the viewer may know them, final
    once the game is over, and ``winners`` is empty until then.

    Fields that a viewer may not see are ``None``: other seats' hands always, other seats'
    Scudo when money is secret, and sealed choices (offers, bids, tie-break additions) of other
    seats until they are revealed. The teacher view (``viewer="all"``) shows everything.

    ``tie_blocks`` are the tied players of the step in play (in a goose declaration step the
    tied blocks, in a tie-break the players still contesting places) and ``tie_places`` the
    0-based places each of them occupies; ``declaring`` the players still to make a goose
    declaration, next first. ``committed`` is the Scudo each seat has committed to a sealed bid
    not yet resolved (``None`` where the viewer may not know it: it would tell a sealed bid).
    """

    scoring: str
    public_money: bool
    goose_variant: str | None
    rounds: int
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
    tie_places: tuple[tuple[int, ...], ...]
    declaring: tuple[int, ...]
    placements: tuple[Placement, ...]
    picking: tuple[tuple[int, int], ...]
    listings: tuple[Listing, ...]
    claim: ClaimInfo | None
    committed: tuple[int | None, ...]
    listed_this_window: tuple[int, ...]
    loans: tuple[bool, ...]
    debts: tuple[int, ...]
    loans_left: int
    goose: int | None
    underdog: int | None
    discarded: tuple[int, ...]
    unseen_discards: int

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
