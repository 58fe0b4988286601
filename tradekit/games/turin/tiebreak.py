"""Ties for a prize: the open goose declarations (variant "tiebreak"), then the sealed tie-break
additions and the coin flips."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tradekit.core.actions import Action
from tradekit.core.sealed import Block, BlockOrder, needs_tiebreak, order_block
from tradekit.core.seats import seat_label, seats_label
from tradekit.core.simultaneous import SealedStep
from tradekit.games.turin.actions import AddBid, DeclineGoose, GiveGoose
from tradekit.games.turin.picks import settle

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


def declarers(state: TurinState) -> list[int]:
    """Who may make a goose declaration in this tie, in the order they are asked: with a
    free goose every tied player, blocks best first and seat order within a block; with a
    tied holder the holder alone; otherwise nobody."""
    if state.game.goose != "tiebreak":
        return []
    tied = [p for b in state.tie_blocks for p in b.players]
    if state.goose_holder is None:
        return tied
    return [state.goose_holder] if state.goose_holder in tied else []


def declare(state: TurinState, player: int, action: Action) -> None:
    """A goose declaration: decline, take the free goose (and lose the tie) or hand it on (and win
    it)."""
    state._event("action", f"{seat_label(player)}: {action}", player=player, action=action)
    if isinstance(action, DeclineGoose):
        state.declarers.pop(0)
    else:
        block = state._block_of(player)
        key = block.first_place
        state.declarers = []
        if isinstance(action, GiveGoose):
            state.goose_first[key] = [player]
            state.goose_holder = action.to
            state._event(
                "info",
                f"{seat_label(player)} hands the goose to {seat_label(action.to)} and wins the tie",
                player=player,
                data={"what": "goose_given", "goose": action.to, "place": key + 1},
                fresh=True,
            )
        else:
            state.goose_last[key] = [player]
            state.goose_holder = player
            place = key + len(block.players)
            state._event(
                "info",
                f"{seat_label(player)} takes the goose and loses the tie: place {place}",
                player=player,
                data={"what": "goose_taken", "goose": player, "place": place},
                fresh=True,
            )
    if not state.declarers:
        state.phase = "tiebreak"
        open_additions(state, declared=True)


def remaining(state: TurinState, block: Block) -> Block:
    """The part of a tied block still contested once the goose declarations placed players
    at its top or bottom: its players and places."""
    key = block.first_place
    top = state.goose_first.get(key, [])
    bottom = state.goose_last.get(key, [])
    if not top and not bottom:
        return block
    rest = tuple(p for p in block.players if p not in top and p not in bottom)
    start = len(top)
    prizes = block.prizes[start : start + len(rest)]
    return Block(rest, block.value, key + start, prizes)


def open_additions(state: TurinState, declared: bool) -> None:
    """Sealed additions for the places still contested (all tied blocks without goose
    declarations); none needed settles the round at once."""
    state.contested = [
        part
        for part in map(functools.partial(remaining, state), state.tie_blocks)
        if needs_tiebreak(part)
    ]
    if declared:
        state._event(
            "info",
            "still contested: "
            + (
                "; ".join(seats_label(b.players, sep=" and ") for b in state.contested) or "nothing"
            ),
            data={"what": "contested", "blocks": [list(b.players) for b in state.contested]},
            fresh=True,
        )
    if state.contested:
        state.step = SealedStep(sorted(p for b in state.contested for p in b.players))
    else:
        finish_tiebreak(state, {})


def flip(state: TurinState, players: Sequence[int]) -> list[int]:
    """A coin flip: ``players`` in a random order, logged as chance."""
    order = [players[i] for i in state.rng.permutation(len(players))]
    state._event("chance", f"coin flip orders {order}", data={"what": "flip", "flip": order})
    return order


def finish_tiebreak(state: TurinState, sealed: Mapping[int, Action]) -> None:
    """Order every tied block from the goose declarations, the sealed additions and coin flips, then
    pay."""
    added = {p: a.amount if isinstance(a, AddBid) else 0 for p, a in sealed.items()}
    orders: dict[int, BlockOrder] = {}
    for block in state.tie_blocks:
        key = block.first_place
        part = remaining(state, block)
        top = state.goose_first.get(key, [])
        bottom = state.goose_last.get(key, [])
        if part is block:
            orders[key] = order_block(block, added, functools.partial(flip, state))
            continue
        if needs_tiebreak(part):
            inner = order_block(part, added, functools.partial(flip, state))
        else:
            # One player left, or places without a prize: nothing to settle.
            void = frozenset(part.players) if part.tied else frozenset()
            inner = BlockOrder(part.players, void, ())
        orders[key] = BlockOrder((*top, *inner.order, *bottom), inner.void, inner.flips)
    state.added = added
    state.contested = []
    settle(state, orders)
