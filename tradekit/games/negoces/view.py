"""What one seat, the public or the teacher may see of a Négoces game."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from tradekit.core.actions import Action
from tradekit.core.state import Viewer
from tradekit.core.view import BaseView, check_viewer

if TYPE_CHECKING:
    from tradekit.games.negoces.sale import Standing
    from tradekit.games.negoces.state import NegocesState


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


def offer_view(state: NegocesState, buyer: int, offer: Standing, viewer: Viewer) -> OfferView:
    """What ``viewer`` sees of ``buyer``'s standing offer (its card only when it may)."""
    sees = viewer == "all" or viewer == buyer or state._card_public(offer)
    return OfferView(
        buyer=buyer,
        card=offer.card if sees else None,
        face_down=offer.card is not None and not sees,
        coins=offer.coins,
        loan=offer.loan,
    )


def negoces_view(state: NegocesState, viewer: Viewer = None) -> NegocesView:
    """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
    check_viewer(viewer, state.n)
    teacher = viewer == "all"
    n = state.n
    seats = range(n)
    # Built at every decision a bot takes: the per-seat tuples are made by map() where every
    # seat's is shown, and a seat's own private facts are put into a row of None otherwise.
    over = state.over
    # The one seat whose private facts the viewer sees, when it is not the teacher.
    own = viewer if type(viewer) is int else None
    coins_public = "blind" not in state.variants or over
    if coins_public or teacher:
        coins: tuple[int | None, ...] = tuple(state.coins)
    else:
        shown_coins: list[int | None] = [None] * n
        if own is not None:
            shown_coins[own] = state.coins[own]
        coins = tuple(shown_coins)
    if teacher or over:
        hands: tuple[tuple[int, ...] | None, ...] = tuple(map(tuple, state.hands))
    else:
        shown_hands: list[tuple[int, ...] | None] = [None] * n
        if own is not None:
            shown_hands[own] = tuple(state.hands[own])
        hands = tuple(shown_hands)
    chosen = state.sealed.chosen
    if teacher:
        sealed = tuple(map(chosen.get, seats))
    else:
        shown_sealed: list[Action | None] = [None] * n
        if own is not None:
            shown_sealed[own] = chosen.get(own)
        sealed = tuple(shown_sealed)
    offers = state.offers
    if offers:
        offer_views = tuple(
            [offer_view(state, p, offers[p], viewer) if p in offers else None for p in seats]
        )
    else:
        offer_views = (None,) * n
    auction = None
    if state.auction is not None:
        a = state.auction
        auction = AuctionView(
            state.auction_item, a.high_bid, a.high_bidder, tuple(sorted(a.out)), a.speaker
        )
    gift = None
    if state.phase == "gift" and state.gift_giver is not None:
        gift = (state.gift_giver, state.gift_left, state.gift_why)
    pending = None
    if state.pending is not None:
        pending = offer_view(state, state.pending[0], state.pending[1], viewer)
    last = None
    if state.last_sale is not None:
        s = state.last_sale
        party = teacher or viewer in (s["buyer"], s["seller"])
        visible = party or s["paid_public"]
        last = SaleRecord(
            number=s["number"],
            seller=s["seller"],
            buyer=s["buyer"],
            market=s["market"],
            paid_card=s["paid_card"] if visible else None,
            paid_hidden=s["paid_card"] is not None and not visible,
            coins=s["coins"],
            loan=s["loan"],
            stolen=s["stolen"],
            swapped=s["swapped"],
        )
    winner = state.winner
    return NegocesView(
        viewer=viewer,
        players=n,
        round=state.round,
        phase=state.phase,
        to_move=state.to_move,
        scores=tuple(state.scores()),
        winners=() if winner is None else (winner,),
        variants=state.game.variants,
        goal=(state.goal_goods, state.goal_coins),
        sales=state.sales,
        max_sales=state.game.max_sales,
        negotiation_round=state.nround,
        negotiation_rounds=state.game.negotiation_rounds,
        coins=coins,
        hand_sizes=tuple(map(len, state.hands)),
        hands=hands,
        inactive=tuple(map(tuple, state.inactive)),
        seller=state.seller,
        market=state.market,
        market_inactive=state.market_inactive,
        auction=auction,
        gift=gift,
        offers=offer_views,
        submitted=tuple(sorted(chosen)),
        sealed=sealed,
        banned=tuple(sorted(state.banned)),
        pending=pending,
        box_coins=state.box_coins,
        treasury=state.treasury,
        bank_coins=state.bank_coins,
        loans=tuple(map(len, state.loans)),
        loans_left=len(state.bank_loans),
        treasurer=tuple(state.treasurer),
        miser=tuple(state.miser),
        swindler=tuple(state.swindler),
        thief=state.thief,
        guard=state.guard,
        sacred_left=len(state.sacred),
        removed=tuple(state.box),
        last_sale=last,
        winner=winner,
        over=over,
    )
