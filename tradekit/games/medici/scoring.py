"""The end of a Medici round (the free fill), its scoring (ships, ladders, monopoly
bonuses), the poorest player and the end of the game."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tradekit.core.events import BANK
from tradekit.core.seats import seats_label
from tradekit.core.ties import PlaceShare, Rounding, split_places
from tradekit.core.words import plural
from tradekit.games.medici.auction import seats
from tradekit.games.medici.game import ROUNDS
from tradekit.games.medici.setup import start_round

if TYPE_CHECKING:
    from tradekit.games.medici.state import MediciState


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
#: The end of a round in words, by the ``reason`` of its ``round_end`` event.
ROUND_END_TEXT = {"full": "every warehouse is full", "pile_out": "the pile has run out"}


def free_fill(state: MediciState, player: int) -> None:
    """Fill the only warehouse with room from the pile for free, then end the round."""
    state._event(
        "info",
        f"every other warehouse is full: {state.labels[player]} fills theirs from the pile "
        "for free",
        player=player,
        data={"what": "free_fill", "seat": player, "room": state.room(player)},
        fresh=True,
    )
    while state.room(player) > 0 and state.pile:
        card = state.pile.pop(0)
        state.warehouses[player].append(card)
        state._event(
            "chance",
            f"{state.labels[player]} takes {state.card_text(card)} free",
            player=player,
            data={
                "what": "free_card",
                "seat": player,
                "free": card,
                "pile_size": len(state.pile),
            },
            fresh=True,
        )
    end_round(state, "full" if state.room(player) == 0 else "pile_out")


def end_round(state: MediciState, reason: str) -> None:
    """Score the round and start the next; ``reason`` is ``"full"`` or ``"pile_out"``."""
    state.phase = "scoring"
    state._event(
        "info",
        f"round {state.round} ends: {ROUND_END_TEXT[reason]}",
        data={"what": "round_end", "reason": reason},
        fresh=True,
    )
    score_ships(state)
    score_ladders(state)
    if state.round >= ROUNDS:
        end_game(state)
        return
    poorest = poorest_seat(state)
    state.warehouses = [[] for _ in range(state.n)]
    start_round(state, state.round + 1, poorest)


def score_ships(state: MediciState) -> None:
    """Pay each ship by its rank."""
    totals = state.ship_totals()
    shares = split_places(state.rewards, dict(enumerate(totals)), Rounding.DOWN)
    for p in range(state.n):
        share = shares[p]
        pay(state, p, share.each, share.explain("ship rank"), source="ship", **_rank(share))
    state._event(
        "info",
        "ships: "
        + ", ".join(f"{state.labels[p]} {totals[p]} → {shares[p].each}" for p in range(state.n)),
        data={
            "what": "ships",
            "totals": totals,
            "paid": [shares[p].each for p in range(state.n)],
            "groups": _groups(shares),
        },
        fresh=True,
    )


def score_ladders(state: MediciState) -> None:
    """Move up the ladders by the warehouses' goods, then pay the ladder awards and the monopoly
    bonuses."""
    top = state.tables.ladder_top
    cards, good_index = state.cards, state.good_index
    for p in range(state.n):
        moves = [0] * len(state.goods)
        for card in state.warehouses[p]:
            gid = cards[card].good
            if gid is not None:
                moves[good_index[gid]] += 1
        ladders = state.ladders[p]
        for g, up in enumerate(moves):
            if not up:
                continue
            old = ladders[g]
            new = min(top, old + up)
            ladders[g] = new
            capped = f" (the top; {old + up - top} more lost)" if old + up > top else ""
            good = state.goods[g]
            state._event(
                "info",
                f"{state.labels[p]} moves up the {good.name_en.lower()} ladder from {old} "
                f"to {new}{capped}",
                player=p,
                data={
                    "what": "ladder_move",
                    "seat": p,
                    "good": good.id,
                    "from": old,
                    "to": new,
                    "lost": max(0, old + up - top),
                },
                fresh=True,
            )
    for g, good in enumerate(state.goods):
        name = good.name_en.lower()
        spaces = {p: state.ladders[p][g] for p in range(state.n) if state.ladders[p][g] > 0}
        shares = split_places(state.tables.awards, spaces, Rounding.DOWN)
        for p in sorted(shares):
            share = shares[p]
            if len(share.players) == 1:
                place = share.places[0]
                word = ORDINALS[place] if place < len(ORDINALS) else f"place {place + 1}"
                reason = f"ladder of {name}: {word}"
            else:
                reason = f"ladder of {name}: " + share.explain()
            pay(state, p, share.each, reason, source="ladder", good=good.id, **_rank(share))
        for p in sorted(spaces):
            bonus = state.tables.bonus(spaces[p])
            pay(
                state,
                p,
                bonus,
                f"ladder of {name}: monopoly bonus space {spaces[p]}",
                source="bonus",
                good=good.id,
                space=spaces[p],
            )


def pay(state: MediciState, player: int, amount: int, reason: str, **facts: Any) -> None:
    """Pay ``player`` from the bank; ``facts`` (the ``source`` and its details) go in the
    event's data next to the seat and amount."""
    if amount:
        state.wealth[player] += amount
        state._transfer(amount, BANK, player, reason, "payout")
        state._event(
            "info",
            f"{state.labels[player]} receives {amount}: {reason}",
            player=player,
            data={"what": "payment", "seat": player, "paid": amount, **facts},
            fresh=True,
        )


def poorest_seat(state: MediciState) -> int:
    """The seat that starts the next round: the poorest, a tie going to the tied seat first in
    seat order after this round's first player."""
    order = [(state.first_player + k) % state.n for k in range(1, state.n + 1)]
    least = min(state.wealth)
    poorest = next(p for p in order if state.wealth[p] == least)
    tied = [p for p in order if state.wealth[p] == least]
    text = f"{state.labels[poorest]} is the poorest ({least} florins) and starts the next round"
    if len(tied) > 1:
        text += (
            f" (tied with {seats(state, [q for q in tied if q != poorest])}: first after "
            f"{state.labels[state.first_player]}, who started this round)"
        )
    state._event(
        "info",
        text,
        player=poorest,
        data={
            "what": "poorest",
            "poorest": poorest,
            "florins": least,
            "tied": tied,
            "first_player": state.first_player,
        },
        fresh=True,
    )
    return poorest


def end_game(state: MediciState) -> None:
    """Record the final scores and end the game."""
    state.final_scores = list(state.wealth)
    state.phase = "over"
    state._event(
        "info",
        f"final wealth {state.final_scores}; "
        + plural(len(state.winners()), "winner ", "winners ")
        + seats_label(state.winners()),
        data={"what": "game_end", "scores": state.final_scores, "winners": state.winners()},
    )


def _rank(share: PlaceShare[int]) -> dict[str, Any]:
    """A ranked payment's facts: the 1-based places the group occupies, their rewards, how
    many share them and who."""
    return {
        "places": [place + 1 for place in share.places],
        "shares": list(share.rewards),
        "divisor": len(share.players),
        "group": list(share.players),
    }


def _groups(shares: Mapping[int, PlaceShare[int]]) -> list[dict[str, Any]]:
    """Each group of equal scores once, best first: its seats, 1-based places, those places'
    rewards and what each member is paid (the ties as the engine split them)."""
    seen: dict[tuple[int, ...], PlaceShare[int]] = {}
    for share in shares.values():
        seen.setdefault(share.players, share)
    return [
        {
            "seats": list(share.players),
            "places": [place + 1 for place in share.places],
            "shares": list(share.rewards),
            "each": share.each,
        }
        for share in sorted(seen.values(), key=lambda share: share.places[0])
    ]


@functools.lru_cache(maxsize=4096)
def ship_shares(
    rewards: tuple[int, ...], totals: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The 1-based (first, last) places each ship would share and what it would be paid, if
    ships were scored now (every view shows them; the same few totals recur all round)."""
    ships = split_places(rewards, dict(enumerate(totals)), Rounding.DOWN)
    places = tuple((ships[p].places[0] + 1, ships[p].places[-1] + 1) for p in range(len(totals)))
    return places, tuple(ships[p].each for p in range(len(totals)))
