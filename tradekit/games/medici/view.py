"""What one seat, the public or the teacher may see of a Medici game."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from tradekit.core.state import Viewer
from tradekit.core.view import BaseView, check_viewer, slot_init
from tradekit.games.medici.game import ROUNDS
from tradekit.games.medici.scoring import ship_shares

if TYPE_CHECKING:
    from tradekit.games.medici.state import MediciState


# Built at every bot decision: thirty-odd fields stored through their slots' own setters.
@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class MediciView(BaseView):
    """A frozen observation of a Medici game (the fields every game has come first, from
    :class:`~tradekit.core.view.BaseView`).

    Everything in Medici is public except the order of the round's pile and which cards are out of
    play this round: ``pile`` and ``out_of_play`` are ``None`` except in the teacher view
    (``viewer="all"``). Every seat sees the same as the public view; the pile's size is public
    (the rules let anyone count it).

    Attributes:
        viewer: the seat, ``None`` (public) or ``"all"`` (teacher).
        players: how many seats.
        round: the round (1-3; 0 before the first).
        phase: ``"turn"`` (the active player turns cards), ``"auction"``, ``"scoring"`` or
            ``"over"``.
        to_move: who must act.
        scores: each seat's florins (all public; final once the game is over).
        winners: the richest seats once the game is over, else empty.
        reward_table: the ship table's name.
        ship_rewards: florins by ship rank, place 1 first.
        goods: the goods' ids, in ladder order (the order of each row of ``ladders``).
        rounds: how many rounds the game has.
        first_player: who started this round.
        active: whose turn it is (who turned the lot).
        wealth: florins per seat.
        warehouses: card ids in each seat's warehouse this round.
        ship_totals: the value of each warehouse.
        ship_places: the 1-based (first, last) places each seat's ship would share if ships were
            scored now (first == last when it is alone at its value).
        ship_paid: what each seat would be paid for its ship if ships were scored now (ties
            share, rounded down), as the engine computes it.
        ladders: each seat's space on each good's ladder (0 is the start space).
        lot: the cards turned this turn, in the order turned.
        can_turn: whether the active player may turn another card now.
        pile_size: cards left in the pile.
        out_of_play_size: cards set aside unseen this round.
        discarded: cards of lots nobody bought this round.
        pile: the pile, top card first (teacher only).
        out_of_play: the cards out of play (teacher only).
        auction_order: who speaks in the current auction, in order (players without room for the
            lot are left out).
        speaker: who speaks now in the auction.
        high_bid: the high bid so far (0 if none).
        high_bidder: who made it.
        auction_history: (seat, bid) per speaker so far; ``None`` for a pass.
    """

    reward_table: str
    ship_rewards: tuple[int, ...]
    goods: tuple[str, ...]
    rounds: int
    first_player: int
    active: int
    wealth: tuple[int, ...]
    warehouses: tuple[tuple[int, ...], ...]
    ship_totals: tuple[int, ...]
    ship_places: tuple[tuple[int, int], ...]
    ship_paid: tuple[int, ...]
    ladders: tuple[tuple[int, ...], ...]
    lot: tuple[int, ...]
    can_turn: bool
    pile_size: int
    out_of_play_size: int
    discarded: tuple[int, ...]
    pile: tuple[int, ...] | None
    out_of_play: tuple[int, ...] | None
    auction_order: tuple[int, ...]
    speaker: int | None
    high_bid: int
    high_bidder: int | None
    auction_history: tuple[tuple[int, int | None], ...]

    @property
    def me(self) -> int | None:
        """The viewing seat, or ``None`` for the public and teacher views."""
        return self.viewer if isinstance(self.viewer, int) else None

    def room(self, seat: int) -> int:
        """How many more cards ``seat``'s warehouse can take (a warehouse holds 5)."""
        from tradekit.games.medici.game import WAREHOUSE

        return WAREHOUSE - len(self.warehouses[seat])


def medici_view(state: MediciState, viewer: Viewer = None) -> MediciView:
    """What ``viewer`` may see of ``state``: a seat, ``None`` (public) or ``"all"`` (teacher)."""
    viewer = check_viewer(viewer, state.n)
    teacher = viewer == "all"
    auction = state.auction
    phase = state.phase
    totals = tuple(state.ship_totals())
    places, paid = ship_shares(state.rewards, totals)
    # Who is to move, as to_move says it, from the auction's speaker asked once.
    if auction is not None:
        speaker = auction.speaker
        history = tuple(auction.history)
        to_move = () if phase != "auction" or speaker is None else (speaker,)
    else:
        speaker = None
        history = ()
        to_move = ()
    if phase == "turn":
        to_move = (state.active,)
    # Built at every decision a bot takes: list comprehensions, not generators, make the tuples.
    return MediciView(
        viewer=viewer,
        players=state.n,
        reward_table=state.game.reward_table,
        ship_rewards=state.rewards,
        goods=state.good_ids,
        round=state.round,
        rounds=ROUNDS,
        phase=phase,
        to_move=to_move,
        first_player=state.first_player,
        active=state.active,
        wealth=tuple(state.wealth),
        warehouses=tuple([tuple(w) for w in state.warehouses]),
        ship_totals=totals,
        ship_places=places,
        ship_paid=paid,
        ladders=tuple([tuple(row) for row in state.ladders]),
        lot=tuple(state.lot),
        can_turn=phase == "turn" and state.turn_reason() is None,
        pile_size=len(state.pile),
        out_of_play_size=len(state.out_of_play),
        discarded=tuple(state.discarded),
        pile=tuple(state.pile) if teacher else None,
        out_of_play=tuple(state.out_of_play) if teacher else None,
        auction_order=auction.order if auction is not None else (),
        speaker=speaker,
        high_bid=auction.high_bid if auction is not None else 0,
        high_bidder=auction.high_bidder if auction is not None else None,
        auction_history=history,
        scores=tuple(state.scores()),
        winners=tuple(state.winners()) if phase == "over" else (),
    )
