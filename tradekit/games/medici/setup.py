"""Medici's set-up and deal: a scripted set-up's keys, and each round's pile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.seats import seat_label
from tradekit.core.setup import Setup
from tradekit.games.medici.game import ROUNDS, WAREHOUSE

if TYPE_CHECKING:
    from tradekit.games.medici.state import MediciState


SETUP_KEYS = frozenset({"round", "first_player", "wealth", "ladders", "warehouses", "piles"})


def scripted(state: MediciState, setup: Mapping[str, Any]) -> int:
    """Apply a scripted set-up (see :class:`MediciState`); returns the round to start in."""
    s = Setup(setup, state.n, SETUP_KEYS)
    valid = set(state.cards)
    start = s.one_of("round", range(1, ROUNDS + 1)) if "round" in s else 1
    first = s.seat("first_player")
    state.first_player = 0 if first is None else first
    if "wealth" in s:
        state.wealth = s.money("wealth")
    if "ladders" in s:
        ladders = setup["ladders"]
        if not isinstance(ladders, Mapping):
            raise s.bad("ladders", "a mapping {good: [space per seat]}")
        top = state.tables.ladder_top
        for good, spaces in ladders.items():
            if good not in state.good_index:
                raise s.bad("ladders", f"goods among {list(state.good_index)}")
            if (
                not isinstance(spaces, (list, tuple))
                or len(spaces) != state.n
                or not all(type(v) is int and 0 <= v <= top for v in spaces)
            ):
                raise s.bad("ladders", f"one space 0..{top} per seat for {good!r}")
            for p, space in enumerate(spaces):
                state.ladders[p][state.good_index[good]] = space
    if "warehouses" in s:
        for p, held in enumerate(s.per_seat("warehouses")):
            s.cards("warehouses", valid, held)
            if len(held) > WAREHOUSE:
                raise s.bad("warehouses", f"at most {WAREHOUSE} cards per warehouse")
            # The order given is kept (Setup sorts what it returns): it is the order shown.
            state.warehouses[p] = list(held)
        s.check_once()
    if "piles" in s:
        state._piles = scripted_piles(state, s, start, valid)
    return int(start)


def scripted_piles(
    state: MediciState, s: Setup, start: int, valid: set[int]
) -> list[list[int] | None]:
    """The scripted piles, top card first; a card may come back in a later round's pile, so
    only the first pile is counted against the warehouses."""
    piles = s.raw["piles"]
    if not isinstance(piles, (list, tuple)) or len(piles) > ROUNDS - start + 1:
        raise s.bad("piles", f"a list of at most {ROUNDS - start + 1} piles")
    in_warehouses = {c for held in state.warehouses for c in held}
    out: list[list[int] | None] = []
    for k, pile in enumerate(piles):
        if pile is None:
            out.append(None)
            continue
        if not isinstance(pile, (list, tuple)) or not all(
            type(c) is int and c in valid for c in pile
        ):
            raise s.bad("piles", "lists of card ids (or None)")
        if len(set(pile)) != len(pile) or (k == 0 and set(pile) & in_warehouses):
            raise s.bad("piles", "each card at most once in a pile and not in a warehouse")
        out.append(list(pile))
    return out


def start_round(state: MediciState, number: int, first: int) -> None:
    """Deal round ``number`` (its pile, shuffled or scripted) and start its first turn."""
    state.round = number
    state.phase = "deal"
    state.first_player = first
    state.lot = []
    state.discarded = []
    in_warehouses = {c for w in state.warehouses for c in w}
    rest = sorted(c for c in state.cards if c not in in_warehouses)
    scripted = state._piles.pop(0) if state._piles else None
    if scripted is not None:
        state.pile = list(scripted)
    else:
        count = max(0, state.per_round - len(in_warehouses))
        order = [rest[i] for i in state.rng.permutation(len(rest))]
        state.pile = order[:count]
    state.out_of_play = sorted(set(rest) - set(state.pile))
    state._event(
        "chance",
        f"round {number}: the pile is shuffled",
        data={"what": "shuffle", "pile": state.pile, "out_of_play": state.out_of_play},
        visible_to=(),
    )
    state._event(
        "info",
        f"round {number}: {len(state.pile)} cards in the pile, "
        f"{len(state.out_of_play)} out of play; {seat_label(first)} starts",
        player=first,
        data={
            "what": "round_start",
            "seat": first,
            "pile_size": len(state.pile),
            "out_of_play": len(state.out_of_play),
        },
        fresh=True,
    )
    state._next_turn(first)
