"""Rungis's set-up: the deck shuffled, or a scripted set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.seats import seat_label
from tradekit.core.setup import Setup

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


SETUP_KEYS = frozenset({"deck", "gold", "shops", "hands", "first", "rounds"})


def shuffle_deck(state: RungisState) -> None:
    """Shuffle every card not placed by a scripted set-up into the deck."""
    placed = (
        set(state.deck) | {c for s in state.shops for c in s} | {c for h in state.hands for c in h}
    )
    rest = [c for c in state.all_cards() if c not in placed]
    state.deck = [rest[i] for i in state.rng.permutation(len(rest))]
    state._event(
        "chance",
        f"the {len(state.deck)} cards are shuffled into the deck",
        data={"what": "shuffle", "deck": state.deck},
        visible_to=(),
    )


def scripted(state: RungisState, setup: Mapping[str, Any]) -> None:
    """Apply a scripted set-up (see :class:`RungisState`)."""
    s = Setup(setup, state.n, SETUP_KEYS)
    valid = set(state.all_cards())

    def only(key: str, cards: list[int], specials: bool) -> list[int]:
        for c in cards:
            if specials and c not in state.kind_of:
                raise s.bad(key, f"special cards only (card {c} is an article)")
            if not specials and c not in state.type_of:
                raise s.bad(key, f"article cards only (card {c} is a special)")
        return cards

    if "deck" in s:
        s.cards("deck", valid)  # checked and counted as placed; the deck keeps its order
        state.deck = list(setup["deck"])
    if "shops" in s:
        state.shops = [only("shops", shop, False) for shop in s.cards_per_seat("shops", valid)]
    if "hands" in s:
        state.hands = [only("hands", hand, True) for hand in s.cards_per_seat("hands", valid)]
    s.check_once()
    if "gold" in s:
        state.gold = s.money("gold")
    if "first" in s:
        state.first = s.seat("first", optional=False) or 0
    if "rounds" in s:
        rounds = setup["rounds"]
        if type(rounds) is not int or rounds < 1:
            raise s.bad("rounds", "a whole number >= 1")
        state.rounds = rounds
    if "deck" in s:
        state.unused = sorted(valid - set(s.used))
    for p in range(state.n):
        if state.hands[p]:
            state._event(
                "chance",
                f"{seat_label(p)} is given scripted special cards",
                player=p,
                data={"what": "hand", "hand": state.hands[p]},
                visible_to=(p,),
            )
    state._event(
        "info",
        "scripted set-up",
        data={"what": "setup", "shops": state.shops, "gold": state.gold, "first": state.first},
    )
    if "deck" in setup:
        state._event(
            "chance",
            "scripted deck",
            data={"what": "scripted_deck", "deck": state.deck},
            visible_to=(),
        )
