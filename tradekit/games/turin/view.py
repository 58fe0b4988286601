"""What one seat, the public or the teacher may see of a Turin Market game."""

from __future__ import annotations

import dataclasses
import operator
from typing import TYPE_CHECKING

from tradekit.core.actions import Action
from tradekit.core.sealed import Placement
from tradekit.core.state import Viewer
from tradekit.core.view import BaseView, check_viewer, slot_init

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


@slot_init
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


@slot_init
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


@slot_init
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


def turin_view(state: TurinState, viewer: Viewer = None) -> TurinView:
    """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
    # Built at every bot decision, so it avoids work for what is empty or did not change
    # (face-up cards and units are cached; see _unit_table), and passes the fields by position
    # (matching thirty-odd keywords to parameters cost more than making most fields).
    n = state.n
    nobody = state._nobody
    seat: int | None
    if type(viewer) is int and 0 <= viewer < n:
        seat, teacher = viewer, False
    else:
        check_viewer(viewer, n)
        seat, teacher = None, viewer == "all"
    phase = state.phase
    over = phase == "over"
    game = state.game
    hands: tuple[tuple[int, ...] | None, ...]
    if teacher:
        hands = tuple([tuple(h) for h in state.hands])
    elif seat is not None:
        mine: list[tuple[int, ...] | None] = list(nobody)
        mine[seat] = tuple(state.hands[seat])
        hands = tuple(mine)
    else:
        hands = nobody
    if game.public_money or over or teacher:
        scudo: tuple[int | None, ...] = tuple(state.scudo)
    elif seat is not None:
        hidden: list[int | None] = list(nobody)
        hidden[seat] = state.scudo[seat]
        scudo = tuple(hidden)
    else:
        scudo = nobody
    sealed: tuple[Action | None, ...] = nobody
    chosen = state.step.chosen
    if chosen:
        if teacher:
            sealed = tuple([chosen.get(p) for p in range(n)])
        elif seat is not None and seat in chosen:
            shown: list[Action | None] = list(nobody)
            shown[seat] = chosen[seat]
            sealed = tuple(shown)
    listings = state.listings
    # The scores as scores() gives them, from the locked Scudo counted here.
    totals = state.final_scores
    if listings:
        locked_list = [0] * n
        for listing in listings.values():
            locked_list[listing.seller] += listing.price
        locked = tuple(locked_list)
        if totals is None:
            # map in C: a comprehension is a call of its own in Python 3.11, at every view.
            totals = list(map(operator.add, state.scudo, locked_list))
    else:
        locked = state._zeros
        if totals is None:
            totals = state.scudo
    bids = state.bids
    blocks = state.contested if state.contested else state.tie_blocks
    committed: tuple[int | None, ...] = nobody
    if phase in _COMMITTING:
        if teacher:
            committed = tuple(map(state.committed, range(n)))
        elif seat is not None:
            own: list[int | None] = list(nobody)
            own[seat] = state.committed(seat)
            committed = tuple(own)
    claim = state.claim
    claim_info = None
    if claim is not None:
        claim_info = ClaimInfo(
            card=claim.card,
            seller=claim.seller,
            price=claim.price,
            asked=claim.asked,
            claimants=tuple(claim.claimants),
            passed=tuple(
                p for p in claim.asked if p in claim.answered and p not in claim.claimants
            ),
            resume=claim.resume,
        )
    if blocks:
        tie_blocks = tuple([b.players for b in blocks])
        tie_places = tuple(
            [tuple(range(b.first_place, b.first_place + len(b.players))) for b in blocks]
        )
    else:
        tie_blocks = tie_places = ()
    listed_this_window = state.listed_this_window
    pick_queue = state.pick_queue
    return TurinView(
        viewer,
        n,
        state.round,
        phase,
        state.to_move,
        tuple(totals)
        if None not in scudo
        else tuple([s if h is not None else None for s, h in zip(totals, scudo, strict=True)]),
        tuple(state.winners()) if over else (),
        game.scoring,
        game.public_money,
        game.goose,
        state.rounds,
        scudo,
        locked,
        tuple(map(len, state.hands)),
        hands,
        state._face_up_cache if state._units_key == state._face_up_moves else _face_up(state),
        state._unit_table(),
        tuple(state.lot),
        state.prizes,
        tuple(sorted(chosen)) if chosen else (),
        sealed,
        tuple(map(bids.get, range(n))) if bids else nobody,
        tie_blocks,
        tie_places,
        tuple(state.declarers) if phase == "goose" or claim else (),
        tuple(state.placements),
        tuple(map(tuple, pick_queue)) if pick_queue else (),  # type: ignore[arg-type]
        state._listed(),
        claim_info,
        committed,
        tuple(sorted(listed_this_window)) if listed_this_window else (),
        tuple(state.loans),
        tuple(state.debts),
        state.loans_left,
        state.goose_holder,
        state.underdog,
        tuple(state.discarded),
        len(state.unseen),
    )


#: The phases in which a seat may have Scudo committed to a sealed bid.
_COMMITTING = frozenset({"bid", "goose", "tiebreak", "claim"})


def _face_up(state: TurinState) -> tuple[tuple[int, ...], ...]:
    """The face-up cards, each seat's as a tuple (cached with the units they hold)."""
    state._unit_table()
    return state._face_up_cache
