"""Négoces's set-up: the deal (with each variant's cards), or a scripted set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.errors import ConfigError
from tradekit.core.seats import seat_label
from tradekit.core.setup import MAX_MONEY, Setup

if TYPE_CHECKING:
    from tradekit.games.negoces.state import NegocesState


#: What a scripted set-up may say (see :class:`NegocesState`).
SETUP_KEYS = frozenset(
    {
        "hands",
        "inactive",
        "coins",
        "thief",
        "guard",
        "loans",
        "treasury",
        "treasurer",
        "misers",
        "swindlers",
    }
)


def is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (and not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def deal(state: NegocesState) -> None:
    """Deal the cards: each player's hand and the variants' cards; the rest is out of play."""
    t = state.tables
    series = t.goods_of_kind("series")
    order = [series[i] for i in state.rng.permutation(len(series))]
    size = state.row.series_size
    mono = "new_monopolies" in state.variants
    count = 6 if mono else state.row.series
    in_play = order[:count]
    state._event(
        "chance",
        "goods in play: " + ", ".join(sorted(in_play)),
        data={"what": "in_play", "in_play": sorted(in_play)},
    )
    smugglers: list[str] = []
    if "smugglers" in state.variants:
        contraband = t.goods_of_kind("contraband")
        smugglers = [contraband[i] for i in state.rng.permutation(len(contraband))]
    for p in range(state.n):
        first, second = in_play[2 * p], in_play[2 * p + 1]
        hand = list(t.cards_of[first][:size]) + list(t.cards_of[second][:size])
        if smugglers:
            hand.remove(t.cards_of[second][size - 1])
            state.inactive[p] = [t.cards_of[smugglers[p]][0]]
        if mono:
            singles = order[count + 2 * p : count + 2 * p + 2]
            state.inactive[p] = sorted(t.cards_of[g][0] for g in singles)
        state.hands[p] = sorted(hand)
        state._event(
            "chance",
            f"{seat_label(p)} is dealt {len(hand)} cards",
            player=p,
            data={"what": "deal", "seat": p, "deal": state.hands[p], "scripted": False},
            visible_to=(p,),
        )
    if any(state.inactive):
        state._event(
            "chance",
            "inactive cards laid face up: "
            + "; ".join(
                f"{seat_label(p)} {', '.join(state._good(c) for c in cards)}"
                for p, cards in enumerate(state.inactive)
            ),
            data={"what": "inactive", "inactive": state.inactive},
        )
    set_unused(state)


def set_unused(state: NegocesState) -> None:
    """Record the cards dealt to nobody as unused."""
    placed = {c for h in state.hands for c in h} | {c for h in state.inactive for c in h}
    placed |= {c for h in state.loans for c in h} | set(state.bank_loans) | set(state.side)
    placed |= set(state.sacred) | set(state.box)
    placed |= {state.market} if state.market is not None else set()
    special = {c for kind in ("treasurer", "miser", "swindler") for c in state.tables.special[kind]}
    thief_guard = set(state.tables.special["thief"] + state.tables.special["guard"])
    state.unused = sorted(
        c
        for c in state._all_card_ids()
        if c not in placed and c not in special and c not in thief_guard
    )


def read_setup(state: NegocesState, setup: Mapping[str, Any]) -> Setup:
    """Check a set-up that only sets options of the deal (no hands), and return it."""
    reader = Setup(setup, state.n, SETUP_KEYS)
    if "hands" not in setup and set(setup):
        raise ConfigError("setup", sorted(setup), "a set-up with 'hands' (or none)")
    return reader


def apply_setup(state: NegocesState, setup: Mapping[str, Any]) -> None:
    """Apply a scripted set-up that deals the hands (see :class:`NegocesState`)."""
    s = read_setup(state, setup)
    script_cards(state, s)
    used = s.used
    state.sacred = [c for c in state.sacred if c not in used]
    if "coins" in s:
        state.coins = s.money("coins")
    script_thief_guard(state, s)
    if "loans" in s:
        script_loans(state, s)
    if "treasury" in s:
        script_treasury(state, s, setup["treasury"])
    script_variant_cards(state, s)
    script_opening(state, s, setup, used)
    state.box.sort()
    set_unused(state)
    log_scripted(state)


def script_cards(state: NegocesState, s: Setup) -> None:
    """The scripted ``hands`` and ``inactive`` cards: goods, never a special card."""
    t = state.tables
    valid = set(state._all_card_ids()) - set(t.special["loan"])
    for kind in ("treasurer", "thief", "guard", "miser", "swindler"):
        valid -= set(t.special[kind])
    state.hands = s.cards_per_seat("hands", valid)
    if "inactive" in s:
        state.inactive = s.cards_per_seat("inactive", valid)
        if not {"smugglers", "new_monopolies"} & state.variants and any(state.inactive):
            raise s.bad("inactive", "inactive cards only with smugglers or new_monopolies")
    s.check_once()


def script_thief_guard(state: NegocesState, s: Setup) -> None:
    """``thief`` and ``guard``: holder seats, with their variant (placed by
    :meth:`_script_opening`)."""
    for key, variant in (("thief", "thief_guard"), ("guard", "thief_guard")):
        if key in s:
            s.seat(key)
            if variant not in state.variants:
                raise s.bad(key, f"only with the {variant} variant")


def script_loans(state: NegocesState, s: Setup) -> None:
    """``loans``: loan cards per seat, taken from the bank with their coins."""
    if "bank" not in state.variants:
        raise s.bad("loans", "only with the bank variant")
    counts = s.per_seat("loans")
    if not all(is_int(v) and v >= 0 for v in counts) or sum(counts) > len(state.bank_loans):
        raise s.bad("loans", "whole numbers >= 0, 6 loan cards at most in all")
    for p, k in enumerate(counts):
        state.loans[p] = [state.bank_loans.pop(0) for _ in range(k)]
    state.bank_coins -= state.loan_size * sum(counts)


def script_treasury(state: NegocesState, s: Setup, value: Any) -> None:
    """``treasury``: the coins in the public treasury."""
    if "treasury" not in state.variants or not is_int(value) or not 0 <= value <= MAX_MONEY:
        raise s.bad("treasury", f"a whole number from 0 to {MAX_MONEY}, with the treasury variant")
    state.treasury = value


def script_variant_cards(state: NegocesState, s: Setup) -> None:
    """``treasurer``, ``misers``, ``swindlers``: who holds each variant's card (the others'
    go back to the box)."""
    t = state.tables
    for key, variant, attr in (
        ("treasurer", "treasury", "treasurer"),
        ("misers", "misers", "miser"),
        ("swindlers", "swindlers", "swindler"),
    ):
        if key in s:
            if variant not in state.variants:
                raise s.bad(key, f"True or False per seat, with the {variant} variant")
            flags = s.flags(key)
            setattr(state, attr, flags)
            for p, held in enumerate(flags):
                if not held:
                    state.box.append(t.special[attr][p])


def script_opening(
    state: NegocesState, s: Setup, setup: Mapping[str, Any], used: list[int]
) -> None:
    """How the scripted game opens: with the first sale when the Diamant is in a hand (the
    seller holds one card more; the Thief and Guard go to their holders), else with the
    Diamant auction (equal hands, the Thief and Guard still to be auctioned)."""
    n = state.n
    t = state.tables
    totals = [len(state.hands[p]) + len(state.inactive[p]) for p in range(n)]
    if state.diamant in used:
        state.market = None
        if sorted(totals)[:-1] != [max(totals) - 1] * (n - 1):
            raise s.bad("hands", "one seat (the seller) with one card more than each other")
        for key in ("thief", "guard"):
            holder = setup.get(key)
            if key == "thief":
                state.thief = holder
            else:
                state.guard = holder
            if state.side:
                card = t.special[key][0]
                state.side.remove(card)
                if holder is None:
                    state.box.append(card)
    else:
        if len(set(totals)) != 1:
            raise s.bad("hands", "equal hands (plus inactive cards) before the Diamant auction")
        if setup.get("thief") is not None or setup.get("guard") is not None:
            raise s.bad("thief", "the Thief and Guard are auctioned after the Diamant")


def log_scripted(state: NegocesState) -> None:
    """Log the scripted hands (each to its seat), the set-up, and the coins."""
    n = state.n
    for p in range(n):
        state._event(
            "chance",
            f"{seat_label(p)} is given a scripted hand",
            player=p,
            data={"what": "deal", "seat": p, "deal": state.hands[p], "scripted": True},
            visible_to=(p,),
        )
    state._event(
        "info",
        "scripted set-up",
        data={
            "what": "setup",
            "inactive": state.inactive,
            "thief": state.thief,
            "guard": state.guard,
            "loans": [len(x) for x in state.loans],
            "treasury": state.treasury,
        },
    )
    if "blind" in state.variants:
        for p in range(n):
            state._event(
                "info",
                f"{seat_label(p)} starts with {state.coins[p]} coins",
                player=p,
                data={"what": "starting_coins", "seat": p, "coins": state.coins[p]},
                visible_to=(p,),
            )
        # Blind players still know how much money the game holds, as with the dealt coins.
        total = sum(state.coins)
        state._event(
            "info",
            f"the players hold {total} coins in all",
            data={"what": "coins_total", "coins": total},
        )
    else:
        state._event(
            "info",
            f"scripted coins {state.coins}",
            data={"what": "scripted_coins", "coins": state.coins},
        )
