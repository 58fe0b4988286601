"""A Turin Market round's sealed steps: the offers and the bids revealed, the bids ranked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tradekit.core.sealed import needs_tiebreak, rank_blocks
from tradekit.core.seats import seat_label, seats_label
from tradekit.core.simultaneous import SealedStep
from tradekit.games.turin.actions import Bid, Offer
from tradekit.games.turin.picks import settle
from tradekit.games.turin.tiebreak import declarers, finish_tiebreak, open_additions

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


def reveal(state: TurinState) -> None:
    """Reveal a sealed step that every seat has chosen in: the offers, the bids or the tie-break
    additions."""
    sealed = state.step.reveal()
    if state.phase == "offer":
        offers = {p: a.card for p, a in sealed.items() if isinstance(a, Offer)}
        for p, card in offers.items():
            state.hands[p].remove(card)
        state.lot = sorted(offers.values())
        state._event(
            "reveal",
            f"offers revealed: {offers}",
            data={"what": "offers", "offers": offers},
            fresh=True,
        )
        begin_bids(state)
    elif state.phase == "bid":
        state.bids = {p: a.amount for p, a in sealed.items() if isinstance(a, Bid)}
        state._event(
            "reveal",
            f"bids revealed: {state.bids}",
            # A copy made here (the log must not follow the game's own dict): logged as it is.
            data={"what": "bids", "bids": dict(state.bids)},
            fresh=True,
        )
        rank(state)
    else:
        state._event(
            "reveal",
            "tie-break revealed: " + ", ".join(f"{seat_label(p)} {a}" for p, a in sealed.items()),
            data={"what": "tiebreak", "tiebreak": {p: a.to_json() for p, a in sealed.items()}},
            fresh=True,
        )
        finish_tiebreak(state, sealed)


def begin_bids(state: TurinState) -> None:
    """Open the sealed bids on the lot (with the goose "underdog", find who holds it this round)."""
    state.phase = "bid"
    state.step = SealedStep(state._seats)
    state.underdog = None
    if state.game.goose == "underdog":
        counts = state.majority_counts()
        fewest = min(counts)
        holders = [p for p, c in enumerate(counts) if c == fewest]
        if len(holders) == 1:
            state.underdog = holders[0]
            state._event(
                "info",
                f"{seat_label(state.underdog)} has the fewest majorities and holds the "
                "goose: their bids count +1",
                player=state.underdog,
                data={"what": "underdog"},
                fresh=True,
            )


def rank(state: TurinState) -> None:
    """Rank the revealed bids into blocks; ties for a prize go to the goose declarations or the
    tie-break."""
    bonus = {state.underdog: 1} if state.underdog is not None else {}
    values = {p: b + bonus.get(p, 0) for p, b in state.bids.items()}
    state.blocks = rank_blocks(values, state.prizes)
    state.tie_blocks = [b for b in state.blocks if needs_tiebreak(b)]
    state.goose_first = {}
    state.goose_last = {}
    state.contested = []
    if not state.tie_blocks:
        settle(state, {})
        return
    state.phase = "tiebreak"
    state.declarers = declarers(state)
    if state.declarers:
        state.phase = "goose"
    state._event(
        "info",
        "tie-break round for "
        + "; ".join(seats_label(b.players, sep=" and ") for b in state.tie_blocks),
        data={"what": "tie_round", "blocks": [list(b.players) for b in state.tie_blocks]},
        fresh=True,
    )
    if not state.declarers:
        open_additions(state, declared=False)
