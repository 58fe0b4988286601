"""Turin Market's measures, read from the finished game's events (their ``data``) and the ledger's
amounts (never from English text).

Game-level:

* ``ties``: tied groups with a prize that played a tie-break round;
  ``voided``: prize places left empty because the players tied for them at 0 (or were still
  tied having added 0), their cards discarded;
  ``coin_flips``: coin flips (still tied after adding the same amount, or two goose claims);
* ``tied_majorities``: goods whose majority was shared; ``rounding_created``: Scudo the bank
  created by rounding the shares of tied majorities up;
* ``loans``: loans taken (``forced_loans`` of them at scoring), ``bank_debt``: Scudo the bank paid
  for players who could not pay a majority holder (each adds 2 to their debt);
* ``auction_spend``: Scudo paid for bids; ``trades``: cards bought in market windows.

Seat-level: ``seat_loans``, ``seat_majorities`` (goods where the seat held or shared the majority),
``seat_cards`` (face-up cards at the end), ``seat_auction_spend``, ``seat_payouts`` (majority
payouts received at scoring).

Decision table: bids and tie-break additions get ``amount``, ``scudo`` (the bidder's unlocked
Scudo), ``lot`` (cards auctioned) and, once the game is over, ``place``, ``won`` and ``paid``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.events import BANK
from tradekit.core.state import State
from tradekit.games.turin.actions import TakeLoan
from tradekit.games.turin.game import LOAN_AMOUNT
from tradekit.sim.measures import register_measures

AUCTION_PHASES = ("bid", "tiebreak")


def game_measures(state: State[Any]) -> dict[str, float]:
    """Game-level measures (see the module docstring).

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> done = play(tradekit.load_game("turin"), "random", seed=1).state
        >>> sorted(game_measures(done))[:4]
        ['auction_spend', 'bank_debt', 'coin_flips', 'forced_loans']
    """
    game: Any = state.game
    payouts = {good.id: good.payout(game.scoring) for good in game.tables.goods}
    out: dict[str, float] = dict.fromkeys(
        ("ties", "voided", "coin_flips", "tied_majorities", "rounding_created", "bank_debt"), 0
    )
    loans = forced = trades = 0
    # Events unpacked (named tuples): a simulation measures every game, of some 200 events.
    for kind, _, _, _, action, data, _, _ in state.log:
        if kind == "action":
            loans += isinstance(action, TakeLoan)
            continue
        if not data:
            continue
        what = data.get("what")
        if what == "forced_loan":
            forced += 1
        elif what == "sold":
            # One sale per "sold" event: a claim step logs a Buy for every claimant.
            trades += 1
        elif what == "contested":
            continue
        elif kind == "chance":
            if "flip" in data or "goose_flip" in data:
                out["coin_flips"] += 1
        elif "blocks" in data:
            out["ties"] += len(data["blocks"])
        elif data.get("voided"):
            out["voided"] += 1
        elif "each" in data:
            out["tied_majorities"] += 1
            pot = payouts[data["good"]] + len(data["others"])
            out["rounding_created"] += data["each"] * len(data["majority"]) - pot
        elif "debt" in data:
            out["bank_debt"] += 1
    spend = sum(
        t.amount
        for t in state.ledger
        if t.payee == BANK and isinstance(t.payer, int) and t.phase in AUCTION_PHASES
    )
    out.update(loans=loans + forced, forced_loans=forced, auction_spend=spend, trades=trades)
    return out


def seat_measures(state: State[Any], seat: int) -> dict[str, float]:
    """Seat-level measures (see the module docstring)."""
    return all_seat_measures(state)[seat]


def all_seat_measures(state: State[Any]) -> list[dict[str, float]]:
    """Every seat's measures (:func:`seat_measures`), from one pass over the log and one over the
    ledger (a simulation measures every game it plays)."""
    turin: Any = state
    n = state.game.num_players
    seats = range(n)
    majorities, loans, forced = [0] * n, [0] * n, [0] * n
    for kind, _, _, player, action, data, _, _ in state.log:
        # An event counts for its own seat, and a majority's for every seat (held or not).
        if "majority" in data:
            concerned: Sequence[int] = seats
        elif player is not None:
            # The common case, told without a loop over one seat.
            if kind == "action":
                if isinstance(action, TakeLoan):
                    loans[player] += 1
            elif data and data.get("what") == "forced_loan":
                forced[player] += 1
            continue
        else:
            continue
        for seat in concerned:
            if kind == "action":
                loans[seat] += isinstance(action, TakeLoan)
            elif data.get("what") == "forced_loan":
                forced[seat] += 1
            elif seat in data["majority"]:
                majorities[seat] += 1
    spend, payouts = [0] * n, [0] * n
    for t in state.ledger:
        if t.payee == BANK and isinstance(t.payer, int) and t.phase in AUCTION_PHASES:
            spend[t.payer] += t.amount
        elif t.payer == BANK and isinstance(t.payee, int) and t.phase == "scoring":
            payouts[t.payee] += t.amount  # forced loans are taken off below
    return [
        {
            "seat_loans": loans[seat] + forced[seat],
            "seat_majorities": majorities[seat],
            "seat_cards": len(turin.face_up[seat]),
            "seat_auction_spend": spend[seat],
            "seat_payouts": payouts[seat] - forced[seat] * LOAN_AMOUNT,
        }
        for seat in seats
    ]


def decision_columns(view: Any, seat: int, action: Action) -> dict[str, Any]:
    """Columns for a bid or tie-break addition: amount, Scudo held and lot size."""
    amount = getattr(action, "amount", None)
    if amount is None:
        return {}
    return {"amount": amount, "scudo": view.scudo[seat], "lot": len(view.lot)}


def finish_decisions(state: State[Any], rows: list[dict[str, Any]]) -> None:
    """Add each bid's outcome (place, won, paid) from the settlement events of its round."""
    outcome: dict[tuple[int, int], dict[str, Any]] = {}
    for event in state.log:
        if event.kind == "info" and event.player is not None and "pays" in event.data:
            outcome[(event.round, event.player)] = dict(event.data)
    for row in rows:
        if "amount" not in row:
            continue
        result = outcome.get((row["round"], row["seat"]))
        if result is not None:
            row["place"] = result["place"]
            row["won"] = bool(result["won"])
            row["paid"] = result["pays"]


register_measures(
    "turin",
    game=game_measures,
    seat=seat_measures,
    seats=all_seat_measures,
    decision=decision_columns,
    finish=finish_decisions,
    choices=({"scoring": "classic"}, {"scoring": "red"}),
)
