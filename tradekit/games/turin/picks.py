"""After the ranking: the bids paid (winners the whole bid, the others half rounded down), then the
winners' picks in place order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tradekit.core.events import BANK, told
from tradekit.core.sealed import BlockOrder, place_players, sealed_bid_payments
from tradekit.core.words import counted
from tradekit.games.turin.market import LABELS, open_market

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


def settle(state: TurinState, orders: Mapping[int, BlockOrder]) -> None:
    """Place everyone by their bids (with any additions), make each pay, and start the picks."""
    whole = {p: b + state.added.get(p, 0) for p, b in state.bids.items()}
    state.placements = place_players(state.blocks, whole, orders)
    state.tie_blocks = []
    payments = sealed_bid_payments(state.placements)
    for pl in state.placements:
        pay = payments[pl.player]
        if pl.won:
            prize = counted(pl.prize, "card", "cards")
            why = f"won place {pl.place + 1} ({prize}) with a bid of {pl.bid}"
        elif pl.voided:
            why = f"tied at place {pl.place + 1} without winning: half of {pl.bid} rounded down"
        else:
            why = f"lost with a bid of {pl.bid}: half rounded down"
        state.scudo[pl.player] -= pay
        state._transfer(pay, pl.player, BANK, why, "auction")
        state._event(
            "info",
            f"{LABELS[pl.player]} {why}, pays {pay}",
            player=pl.player,
            data={
                "what": "payment",
                "place": pl.place + 1,
                "prize": pl.prize,
                "bid": pl.bid,
                "pays": pay,
                "won": pl.won,
                "voided": pl.voided,
            },
            fresh=True,
        )
    log_round_in_short(state, payments)
    state.pick_queue = [[pl.player, pl.prize] for pl in state.placements if pl.won]
    advance_picks(state)


def log_round_in_short(state: TurinState, payments: Mapping[int, int]) -> None:
    """The round's auction told as the rulebook tells it, once every bid is paid: who bid what
    (and added what in a tie-break), who took which place and how many cards, and who paid what
    and why ("J3 bids 4, J1 and J2 bid 2, J2 adds 1: J3 wins and pays 4 ...")."""
    parts = []
    for pl in state.placements:
        added = state.added.get(pl.player, 0)
        how = "won" if pl.won else "voided" if pl.voided else "lost"
        facts = {
            "seat": pl.player,
            "bid": state.bids[pl.player],
            "added": added,
            "place": pl.place + 1,
            "prize": pl.prize,
            "pays": payments[pl.player],
        }
        parts.append((f"turin.n.sum.{how}{'_added' if added else ''}", facts))
    state._event("info", data=told("turin.n.summary", parts, round=state.round), fresh=True)


def take_card(state: TurinState, player: int, card: int) -> None:
    """``player`` takes ``card`` from the lot, face up."""
    state.lot.remove(card)
    state.face_up[player].append(card)
    state._face_up_moves += 1
    state.pick_queue[0][1] -= 1


def advance_picks(state: TurinState) -> None:
    """Let the winners pick in place order; a winner owed every card left takes them without a
    decision. The rest is discarded and the market opens."""
    while state.pick_queue:
        player, owed = state.pick_queue[0]
        if owed > 0 and len(state.lot) > owed:
            state.phase = "pick"
            return
        for card in list(state.lot[:owed]) if owed else []:
            take_card(state, player, card)
            state._event(
                "info",
                f"{LABELS[player]} takes card {card}",
                player=player,
                data={"what": "takes", "takes": card},
                fresh=True,
            )
        state.pick_queue.pop(0)
    if state.lot:
        state._event(
            "info",
            f"cards {state.lot} are discarded",
            data={"what": "discard", "discard": list(state.lot)},
            fresh=True,
        )
        state.discarded += state.lot
        state.lot = []
    open_market(state)
