"""What one seat, the public or the teacher may see of a Rungis game."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from tradekit.core.actions import Action
from tradekit.core.view import BaseView, Viewer, slot_init

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class AuctionView:
    """The auction in progress in the Rungis phase.

    Attributes:
        slot: the designated centre position.
        card: the card's id, or ``None`` for a face-down special card (only the teacher sees it).
        special: whether it is a special card (green back).
        minimum: the lowest opening bid (the base price, or 1 for a special).
        high_bid: the offer to beat, ``None`` before anyone opened.
        high_bidder: who made it.
        speaker: who speaks now.
        bidders: the players taking part, in speaking order.
    """

    slot: int
    card: int | None
    special: bool
    minimum: int
    high_bid: int | None
    high_bidder: int | None
    speaker: int | None
    bidders: tuple[int, ...]


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class ProposalView:
    """A trading proposal (option ``trading``): public, like talk at the table.

    ``gold > 0``: the proposer pays; ``gold < 0``: ``to`` pays; ``None`` until the terms are set.
    """

    proposer: int
    to: int
    give: str | None
    take: str | None
    gold: int | None


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Effect:
    """A special card played this round (public once played).

    Attributes:
        card: the card's id.
        kind: its kind (``"strike"``, ``"tax"``, ...).
        player: who played it.
        target: the seat it targets, if any.
        article: the article type it targets, if any.
        amount: the card's parameter (see ``data/rungis/README.md``).
    """

    card: int
    kind: str
    player: int
    target: int | None
    article: str | None
    amount: int


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class SaleLine:
    """What one seller of one article type earned at a sale.

    ``status`` is ``"lowest"``, ``"middle"``, ``"highest"``, ``"strike"`` (the type did not sell)
    or ``"excluded"`` (another player has the exclusive rights); ``each`` is the gold earned per
    card and ``paid`` the total.
    """

    article: str
    player: int
    price: int | None
    cards: int
    status: str
    each: int
    paid: int


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class RungisView(BaseView):
    """A frozen observation of a Rungis game (the fields every game has come first, from
    :class:`~tradekit.core.view.BaseView`).

    Hidden fields are ``None``: other seats' special cards in hand (only their number shows), the
    deck and face-down special cards in the centre (teacher only), and other seats' secret prices
    until the reveal (a Rumour's player sees its target's sheet once written). Gold, shops, played
    special cards, announcements and proposals are public, and so are the scores (gold plus the
    base values of the shop) at every moment; ``winners`` is empty until the game is over.
    """

    rounds: int
    step: str
    first_buyer: int
    gold: tuple[int, ...]
    deck_size: int
    deck: tuple[int, ...] | None
    centre: tuple[int | None, ...]
    auction: AuctionView | None
    designator: int | None
    buys: tuple[int, ...]
    limits: tuple[int, ...]
    barred: tuple[int, ...]
    shops: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    played: tuple[int, ...]
    removed: tuple[int, ...]
    removed_face_down: int
    removed_face_down_cards: tuple[int, ...] | None
    effects: tuple[Effect, ...]
    announcements: tuple[tuple[tuple[str, int], ...], ...]
    proposed: tuple[int, ...]
    proposal: ProposalView | None
    trades: tuple[str, ...]
    submitted: tuple[int, ...]
    sheets: tuple[tuple[tuple[str, int], ...] | None, ...]
    sealed: tuple[Action | None, ...]
    revealed: bool
    sales: tuple[SaleLine, ...]

    @property
    def me(self) -> int | None:
        """The viewing seat, or ``None`` for the public and teacher views."""
        return self.viewer if isinstance(self.viewer, int) else None

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewing seat's special cards (empty for the public view)."""
        me = self.me
        if me is None:
            return ()
        hand = self.hands[me]
        return hand if hand is not None else ()


#: :class:`RungisView`'s fields in order: a view is made positionally from a list of its values,
#: kept per viewer, in which only the fields that move at nearly every decision are set anew.
VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(RungisView))
#: Where each field is in that list.
FIELD_AT = {name: i for i, name in enumerate(VIEW_FIELDS)}
VIEWER_AT, STEP_AT, TO_MOVE_AT, AUCTION_AT, SUBMITTED_AT = (
    FIELD_AT[name] for name in ("viewer", "step", "to_move", "auction", "submitted")
)


def public_values(state: RungisState) -> list[Any]:
    """:class:`RungisView`'s values in field order as every viewer but the teacher sees them
    (:func:`public_parts`); the fields of :func:`private_parts` but ``centre``, and those
    :meth:`RungisState.view` sets at every view, are ``None``."""
    parts = public_parts(state)
    return [parts.get(name) for name in VIEW_FIELDS]


def view_values(public: list[Any], private: dict[str, Any], viewer: Viewer) -> list[Any]:
    """:class:`RungisView`'s values for ``viewer``: :func:`public_values` with ``private``
    (:func:`private_parts`) in place."""
    values = public.copy()
    values[VIEWER_AT] = viewer
    for name, value in private.items():
        values[FIELD_AT[name]] = value
    return values


def public_parts(state: RungisState) -> dict[str, Any]:
    """The fields of :meth:`RungisState.view` that every viewer sees alike (but the auction's),
    and the centre as all but the teacher see it (face-down special cards as ``None``)."""
    proposal = None
    if state.proposal is not None:
        pr = state.proposal
        proposal = ProposalView(pr["proposer"], pr["to"], pr["give"], pr["take"], pr["gold"])
    over = state.is_over
    kind_of = state.kind_of
    # map() where it can: a comprehension is a call of its own in Python 3.11, and the public
    # parts are made again after most decisions but bids.
    return {
        "players": state.n,
        "rounds": state.rounds,
        "round": state.round,
        "phase": state.phase,
        "first_buyer": state.active,
        "gold": tuple(state.gold),
        "deck_size": len(state.deck),
        "centre": tuple([None if c in kind_of else c for c in state.centre]),
        "designator": state.designator,
        "buys": tuple(state.buys),
        "limits": tuple(state.limits),
        "barred": tuple(sorted(state.barred)),
        "shops": tuple(map(tuple, state.shops)),
        "hand_sizes": tuple(map(len, state.hands)),
        "played": tuple(state.played),
        "removed": tuple(state.removed),
        "removed_face_down": len(state.removed_hidden),
        "effects": tuple(state.effects),
        "announcements": tuple(map(tuple, map(dict.items, state.announced))),
        "proposed": tuple(sorted(state.proposed)),
        "proposal": proposal,
        "trades": tuple(state.trades),
        "submitted": state._submitted(),
        "revealed": state.revealed,
        "sales": tuple(state.sales),
        "scores": tuple(state.scores()),
        "winners": tuple(state.winners()) if over else (),
    }


def private_parts(state: RungisState, viewer: Viewer) -> dict[str, Any]:
    """The fields of :meth:`RungisState.view` that depend on who looks (``centre`` only for the
    teacher: the others see it as :func:`public_parts` has it)."""
    n = state.n
    teacher = viewer == "all"
    if teacher:
        hands = tuple(map(tuple, state.hands))
        sealed = tuple([state.last_price.get(p) for p in range(n)])
    else:
        hidden: list[Any] = [None] * n
        sealed_list = list(hidden)
        if isinstance(viewer, int):
            hidden[viewer] = tuple(state.hands[viewer])
            sealed_list[viewer] = state.last_price.get(viewer)
        hands, sealed = tuple(hidden), tuple(sealed_list)
    sheets = state.sheets
    shown: list[Any] = [None] * n
    if sheets:
        if not teacher and not state.revealed and state.rumour is None:
            # The common case while sheets are written: a seat sees its own sheet only.
            if type(viewer) is int and viewer in sheets:
                shown[viewer] = tuple(sheets[viewer].items())
        else:
            for p, sheet in sheets.items():
                if state._sheet_visible(p, viewer):
                    shown[p] = tuple(sheet.items())
    parts = {
        "deck": tuple(state.deck) if teacher else None,
        "hands": hands,
        "removed_face_down_cards": tuple(state.removed_hidden) if teacher else None,
        "sheets": tuple(shown),
        "sealed": sealed,
    }
    if teacher:
        parts["centre"] = tuple(state.centre)
    return parts
