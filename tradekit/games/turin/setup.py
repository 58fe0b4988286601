"""Turin Market's set-up: the deal, or a scripted set-up in its place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.seats import seat_label
from tradekit.core.setup import Setup
from tradekit.games.turin.game import LOAN_CARDS

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


#: Set-up keys that place cards; a set-up without any of them is dealt as usual.
CARD_KEYS = frozenset({"hands", "centre", "face_up"})


def deal(state: TurinState) -> None:
    """Deal the hands (and with 4-5 players the round-1 centre cards); the rest are out of play,
    unseen."""
    row = state.game.setup_row
    ids = [c.id for c in state.tables.cards]
    order = [ids[i] for i in state.rng.permutation(len(ids))]
    for p in range(state.n):
        state.hands[p] = sorted(order[p * row.dealt : (p + 1) * row.dealt])
        state._event(
            "chance",
            f"{seat_label(p)} is dealt {row.dealt} cards",
            player=p,
            data={"what": "deal", "deal": list(state.hands[p])},
            visible_to=(p,),
            fresh=True,
        )
    rest = order[state.n * row.dealt :]
    if row.centre:
        state.centre = sorted(rest)
        state._event(
            "chance",
            f"centre cards {state.centre}",
            data={"what": "centre", "centre": list(state.centre)},
            fresh=True,
        )
    else:
        state.unseen = sorted(rest)
        if rest:
            state._event(
                "chance",
                f"{len(rest)} cards discarded unseen",
                data={"what": "unseen", "unseen": list(state.unseen)},
                visible_to=(),
                fresh=True,
            )


def scripted(state: TurinState, setup: Mapping[str, Any]) -> None:
    """Apply a scripted set-up (see :class:`TurinState`) over the deal or in its place."""
    known = {"hands", "centre", "face_up", "scudo", "loans", "goose"}
    reader = Setup(setup, state.n, known)
    valid = set(state.tables.card_by_id)
    if "hands" in reader:
        state.hands = reader.cards_per_seat("hands", valid)
        if len({len(h) for h in state.hands}) != 1:
            raise reader.bad("hands", "hands of equal size")
    if "face_up" in reader:
        state.face_up = reader.cards_per_seat("face_up", valid)
        state._face_up_moves += 1
    if "centre" in reader:
        state.centre = reader.cards("centre", valid)
        first = state.game.setup_row.first_round_prizes
        if state.centre and (first is None or len(state.centre) != sum(first)):
            need = "no centre cards" if first is None else f"{sum(first)} cards or none"
            raise reader.bad("centre", need + f" with {state.n} players")
    reader.check_once()
    if CARD_KEYS & set(setup):
        state.unseen = sorted(valid - set(reader.used))
    if "scudo" in reader:
        state.scudo = reader.money("scudo")
    if "loans" in reader:
        state.loans = reader.flags("loans")
        state.loans_left = LOAN_CARDS - sum(state.loans)
    if "goose" in reader:
        holder = reader.seat("goose")
        if state.game.goose != "tiebreak" and holder is not None:
            raise reader.bad("goose", "None unless the game uses goose='tiebreak'")
        state.goose_holder = holder
    if "scudo" in reader:
        log_scripted_money(state)
    if not CARD_KEYS & set(setup):
        return
    for p in range(state.n):
        state._event(
            "chance",
            f"{seat_label(p)} is given a scripted hand",
            player=p,
            data={"what": "deal", "deal": state.hands[p]},
            visible_to=(p,),
        )
    state._event(
        "info",
        "scripted set-up",
        data={"what": "setup", "centre": state.centre, "face_up": state.face_up},
    )


def log_scripted_money(state: TurinState) -> None:
    """Log the Scudo, loans and goose a scripted set-up gave."""
    if state.game.public_money:
        state._event(
            "info",
            f"scripted Scudo {state.scudo}",
            data={"what": "scripted_money", "scudo": state.scudo},
        )
        return
    for p in range(state.n):
        state._event(
            "info",
            f"{seat_label(p)} starts with {state.scudo[p]} Scudo",
            player=p,
            data={"what": "starting_money", "scudo": state.scudo[p]},
            visible_to=(p,),
        )
