"""Medici's measures, read from the finished game's log and ledger.

Game-level:

* ``ship_ties``: tied groups in the ship rankings (all rounds); ``ladder_ties``: tied groups on a
  ladder that share an award (10 or 5), all goods and rounds;
* ``ship_rounding_lost``, ``ladder_rounding_lost`` and their sum ``rounding_lost``: florins the
  bank kept because tie splits are rounded down (three tied for 10 + 5 get 5 each: 0 lost; two
  tied for 5 + 0 get 2 each: 1 lost). Ties are read from the splits the engine logged (the
  ``groups`` of each ``ships`` event, the ``group`` of each ladder payment), never split again;
* ``lots``: lots put up for auction; ``lot_size``: their mean number of cards; ``unsold_lots``
  and ``unsold_cards``: lots nobody bid on (discarded) and their cards;
* ``auction_spend``: florins paid for lots; ``price_per_card``: that spend per card bought
  (NaN when no card was bought);
* ``free_fills``: times the last player with room filled their warehouse for free, and
  ``free_cards`` the cards they took;
* ``monopoly_bonuses``: bonus payments for standing on space 6 or 7, and ``monopoly_florins``
  their total;
* ``pile_outs``: rounds that ended because the pile ran out (not with every warehouse full).

Seat-level: ``seat_spend`` (florins paid at auction), ``seat_lots`` (lots bought),
``seat_cards_bought``, ``seat_free_cards``, ``seat_ship_income``, ``seat_ladder_income`` (ladder
awards), ``seat_bonus_income`` (monopoly bonuses), ``seat_top_space`` (the seat's highest ladder
space at the end).

Decision table: bids and passes get ``amount`` (bids only), ``wealth`` (the speaker's florins),
``lot`` (cards), ``high_bid`` (before speaking), ``position`` (1 for the first speaker),
``speakers`` and ``speaks_last``; once the game is over, ``won``, ``price`` (what the lot sold for,
0 if discarded), ``paid`` (what this seat paid) and ``lot_points`` (the lot's face values).
Turn and Auction decisions get ``lot`` (cards turned so far).

The rule choice compared by ``notebooks/rule-choices.ipynb``: the 1995 ship table against the
tournament sheet, with six players (the only player count where they differ: third place pays 10
instead of 15).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator, Mapping
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.state import State
from tradekit.sim.measures import register_measures


def _data_of(state: State[Any], *whats: str) -> Iterator[Mapping[str, Any]]:
    """The data of the logged events with these ``what`` (see ``tradekit.games.medici.state``)."""
    for event in state.log:
        if event.data.get("what") in whats:
            yield event.data


def _settlements(state: State[Any]) -> list[tuple[int, int | None, int, list[int]]]:
    """(step, buyer, price, lot) for each lot settled, ``step`` being the number of decisions
    taken by then (so the lot a decision spoke on is the first one settled with a larger step)."""
    out: list[tuple[int, int | None, int, list[int]]] = []
    step = 0
    for event in state.log:
        data = event.data
        if event.kind == "action":
            step += 1
        elif data.get("what") == "sale":
            out.append((step, data["seat"], data["price"], list(data["lot"])))
        elif data.get("what") == "discard":
            out.append((step, None, 0, list(data["lot"])))
    return out


#: The event types the game-level measures read.
_GAME_EVENTS = (
    "free_card", "auction", "discard", "sale", "ships", "free_fill", "round_end", "payment"
)  # fmt: skip


def _ladder_splits(state: State[Any]) -> tuple[int, int]:
    """(tied groups sharing an award, florins lost by rounding down) on the ladders, read from
    the ladder payments: each carries its group, the places' rewards and the amount paid."""
    seen: set[tuple[int, str, tuple[int, ...]]] = set()
    ties = lost = 0
    for event in state.log:
        data = event.data
        if data.get("what") != "payment" or data["source"] != "ladder":
            continue
        group = tuple(data["group"])
        key = (event.round, data["good"], group)
        if len(group) > 1 and key not in seen:
            seen.add(key)
            ties += 1
            lost += sum(data["shares"]) - data["paid"] * len(group)
    return ties, lost


def game_measures(state: State[Any]) -> dict[str, float]:
    """Game-level measures (see the module docstring).

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> done = play(tradekit.load_game("medici"), "random", seed=1).state
        >>> m = game_measures(done)
        >>> m["rounding_lost"] == m["ship_rounding_lost"] + m["ladder_rounding_lost"]
        True
    """
    game: Any = state.game
    rewards = list(game.ship_rewards)
    out: dict[str, float] = dict.fromkeys(
        (
            "ship_ties",
            "ship_rounding_lost",
            "lots",
            "unsold_lots",
            "unsold_cards",
            "free_fills",
            "free_cards",
            "pile_outs",
        ),
        0,
    )
    cards_offered = spend = bought = bonuses = bonus_florins = 0
    for data in _data_of(state, *_GAME_EVENTS):
        kind = data["what"]
        if kind == "free_card":
            out["free_cards"] += 1
        elif kind == "auction":
            out["lots"] += 1
            cards_offered += len(data["lot"])
        elif kind == "discard":
            out["unsold_lots"] += 1
            out["unsold_cards"] += len(data["lot"])
        elif kind == "sale":
            spend += data["price"]
            bought += len(data["lot"])
        elif kind == "ships":
            out["ship_ties"] += sum(1 for g in data["groups"] if len(g["seats"]) > 1)
            out["ship_rounding_lost"] += sum(rewards) - sum(data["paid"])
        elif kind == "free_fill":
            out["free_fills"] += 1
        elif kind == "round_end" and data["reason"] == "pile_out":
            out["pile_outs"] += 1
        elif kind == "payment" and data["source"] == "bonus":
            bonuses += 1
            bonus_florins += data["paid"]
    ladder_ties, ladder_lost = _ladder_splits(state)
    out.update(
        ladder_ties=ladder_ties,
        ladder_rounding_lost=ladder_lost,
        rounding_lost=out["ship_rounding_lost"] + ladder_lost,
        lot_size=cards_offered / out["lots"] if out["lots"] else math.nan,
        auction_spend=spend,
        price_per_card=spend / bought if bought else math.nan,
        monopoly_bonuses=bonuses,
        monopoly_florins=bonus_florins,
    )
    return out


def seat_measures(state: State[Any], seat: int) -> dict[str, float]:
    """Seat-level measures (see the module docstring)."""
    medici: Any = state
    spend = lots = bought = free = 0
    income = {"ship": 0, "ladder": 0, "bonus": 0}
    for data in _data_of(state, "sale", "payment", "free_card"):
        if data["seat"] != seat:
            continue
        if data["what"] == "sale":
            spend += data["price"]
            lots += 1
            bought += len(data["lot"])
        elif data["what"] == "payment":
            income[data["source"]] += data["paid"]
        else:
            free += 1
    ship, ladder, bonus = income["ship"], income["ladder"], income["bonus"]
    return {
        "seat_spend": spend,
        "seat_lots": lots,
        "seat_cards_bought": bought,
        "seat_free_cards": free,
        "seat_ship_income": ship,
        "seat_ladder_income": ladder,
        "seat_bonus_income": bonus,
        "seat_top_space": max(medici.ladders[seat]),
    }


def decision_columns(view: Any, seat: int, action: Action) -> dict[str, Any]:
    """Columns for a bid or a pass (the auction as the speaker saw it) or a turning decision."""
    kind = type(action).__name__
    if kind in ("Turn", "Auction"):
        return {"lot": len(view.lot)}
    if kind not in ("Bid", "Pass"):
        return {}
    order = view.auction_order
    out: dict[str, Any] = {
        "wealth": view.wealth[seat],
        "lot": len(view.lot),
        "high_bid": view.high_bid,
        "position": order.index(seat) + 1 if seat in order else 0,
        "speakers": len(order),
        "speaks_last": bool(order) and order[-1] == seat,
    }
    if kind == "Bid":
        out["amount"] = action.amount  # type: ignore[attr-defined]
    return out


def finish_decisions(state: State[Any], rows: list[dict[str, Any]]) -> None:
    """Add each bid's or pass's outcome from the settlement of its lot: ``won``, ``price``,
    ``paid`` and the lot's face value ``lot_points``."""
    game: Any = state.game
    values = {c.id: c.value for c in game.tables.cards}
    settled = _settlements(state)
    steps = [s for s, _, _, _ in settled]
    for row in rows:
        if row.get("kind") not in ("Bid", "Pass"):
            continue
        at = bisect.bisect_right(steps, row["step"])
        if at >= len(settled):
            continue
        _, buyer, price, lot = settled[at]
        won = buyer == row["seat"]
        row.update(won=won, price=price, paid=price if won else 0)
        row["lot_points"] = sum(values[c] for c in lot)


register_measures(
    "medici",
    game=game_measures,
    seat=seat_measures,
    decision=decision_columns,
    finish=finish_decisions,
    choices=(
        {"players": 6, "reward_table": "1995"},
        {"players": 6, "reward_table": "tournament"},
    ),
)
