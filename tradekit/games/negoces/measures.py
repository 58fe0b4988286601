"""Négoces' measures, read from the finished game's log and ledger.

Game-level:

* ``sales``: sales played (until a player won, or ``max_sales``); ``no_winner``: 1 when the game
  reached ``max_sales`` with no winner;
* how sales were paid: ``card_sales`` (a card changed hands, with or without coins),
  ``coin_sales`` (coins only), ``free_sales`` (nothing: no offer was taken at the close),
  ``negative_sales`` (a card and negative coins: the seller paid the buyer), ``thefts``
  (market cards taken with the Thief);
* ``offers``: offers posted in negotiation rounds, ``negative_offers`` of them with negative
  coins; ``accept_round``: the mean negotiation round in which the seller accepted (the last
  round means the seller waited until it had to sell); ``sale_coins``: coins paid by buyers to
  sellers, ``coins_back``: coins paid by sellers to buyers (negative offers);
* ``diamant_price``: what the Diamant's winner paid; ``coins_removed``: coins sent back to the
  box (the Diamant's price leaves the game); ``thief_price``, ``guard_price`` (thief and guard:
  shared among the others) and ``gifts``: coins given to other players (those prices and temple
  gifts);
* the variants: ``tax`` (coins paid into the public treasury), ``treasury_taken`` (taken back
  with Treasurers), ``treasury_left``, ``loans`` and ``loans_repaid`` (the bank),
  ``temple_visits``, ``bans`` (Misers played), ``swindles`` (Swindlers played).

Seat-level: ``seat_sold`` (sales as seller), ``seat_bought`` (cards bought, stolen or given),
``seat_goods`` (different goods in hand at the end), ``seat_coins`` (coins at the end),
``seat_diamant`` (1 for the Diamant's winner), ``seat_spent`` (coins paid for cards).

Decision table: ``Bid`` and ``Pass`` rows get ``item`` (diamant, thief, guard), ``high_bid``,
``coins`` and (bids) ``amount``; ``Offer`` rows get ``amount`` (coins offered), ``with_card``,
``negotiation_round``, ``market`` (the good for sale) and ``coins``. Once the game is over, bids
get ``won`` and ``price`` (the item's final price) and offers get ``bought`` (that buyer took the
market card in that sale) and ``paid`` (the coins of the accepted offer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.state import State
from tradekit.games.negoces.actions import Bid, Give, Offer, Pass
from tradekit.games.negoces.tables import load_tables
from tradekit.sim.measures import register_measures

BOX = "box"
TREASURY = "treasury"
BANK = "bank"


def _data_of(state: State[Any], kind: str) -> list[Mapping[str, Any]]:
    """The data of the logged events with this ``what`` (see ``tradekit.games.negoces.state``)."""
    return [e.data for e in state.log if e.data.get("what") == kind]


def _sales(state: State[Any]) -> list[Mapping[str, Any]]:
    """The data of every completed (not stolen) sale, in order."""
    return _data_of(state, "sale")


def game_measures(state: State[Any]) -> dict[str, float]:
    """Game-level measures (see the module docstring).

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> done = play(tradekit.load_game("negoces", players=3), "heuristic", seed=1).state
        >>> m = game_measures(done)
        >>> m["sales"] == m["card_sales"] + m["coin_sales"] + m["free_sales"] + m["thefts"]
        True
        >>> m["coins_removed"] == m["diamant_price"]
        True
    """
    neg: Any = state
    out: dict[str, float] = dict.fromkeys(
        (
            "card_sales", "coin_sales", "free_sales", "negative_sales", "thefts", "offers",
            "negative_offers", "sale_coins", "coins_back", "diamant_price", "thief_price",
            "guard_price", "temple_visits", "bans", "swindles",
        ),
        0,
    )  # fmt: skip
    _count_sales(state, out)
    rounds = _count_events(state, out)
    gifts = _count_decisions(state, out)
    removed, tax, taken, loans, repaid = _ledger_totals(state)
    out.update(
        sales=neg.sales,
        no_winner=1 if state.is_over and neg.winner is None else 0,
        accept_round=sum(rounds) / len(rounds) if rounds else 0.0,
        coins_removed=removed,
        tax=tax,
        treasury_taken=taken,
        treasury_left=neg.treasury,
        loans=loans,
        loans_repaid=repaid,
        gifts=gifts,
    )
    return out


def _count_sales(state: State[Any], out: dict[str, float]) -> None:
    """Add how each sale was paid to ``out`` (``card_sales`` ... ``coins_back``)."""
    for sale in _sales(state):
        coins = sale["coins"]
        card = sale["card"]
        if card is not None:
            out["card_sales"] += 1
        elif coins > 0 or sale["loan"]:
            out["coin_sales"] += 1
        else:
            out["free_sales"] += 1
        if coins > 0:
            out["sale_coins"] += coins
        elif coins < 0:
            out["negative_sales"] += 1
            out["coins_back"] -= coins


def _count_events(state: State[Any], out: dict[str, float]) -> list[int]:
    """Add the auction prices and the counted events (thefts, temple visits, bans, swindles)
    to ``out``; return the negotiation round of each accepted offer."""
    counted = {"theft": "thefts", "temple": "temple_visits", "ban": "bans", "swindle": "swindles"}
    rounds: list[int] = []
    last_round = 0
    for event in state.log:
        data = event.data
        kind = data.get("what")
        if kind == "offers":
            last_round = data["round"]
        elif kind == "accept":
            rounds.append(last_round)
        elif kind == "auction_won":
            out[f"{data['item']}_price"] = data["price"]
        elif kind in counted:
            out[counted[kind]] += 1
    return rounds


def _count_decisions(state: State[Any], out: dict[str, float]) -> int:
    """Add the offers posted (and the negative ones) to ``out``; return the coins given."""
    gifts = 0
    for _, action in state.decisions:
        if isinstance(action, Offer):
            out["offers"] += 1
            if action.coins < 0:
                out["negative_offers"] += 1
        elif isinstance(action, Give):
            gifts += action.coins
    return gifts


def _ledger_totals(state: State[Any]) -> tuple[int, int, int, int, int]:
    """Coins sent to the box, taxed, taken from the treasury; loans taken and repaid."""
    removed = tax = taken = loans = repaid = 0
    for t in state.ledger:
        if t.payee == BOX:
            removed += t.amount
        elif t.payee == TREASURY:
            tax += t.amount
        elif t.payer == TREASURY:
            taken += t.amount
        elif t.payer == BANK:
            loans += 1
        elif t.payee == BANK:
            repaid += 1
    return removed, tax, taken, loans, repaid


def seat_measures(state: State[Any], seat: int) -> dict[str, float]:
    """Seat-level measures (see the module docstring)."""
    neg: Any = state
    sold = bought = spent = 0
    for sale in _sales(state):
        sold += sale["seller"] == seat
        if sale["buyer"] == seat:
            bought += 1
            spent += max(0, sale["coins"])
    bought += sum(1 for theft in _data_of(state, "theft") if theft["seat"] == seat)
    diamant = 0
    for won in _data_of(state, "auction_won"):
        if won["item"] == "diamant":
            diamant = int(won["winner"] == seat)
    return {
        "seat_sold": sold,
        "seat_bought": bought,
        "seat_goods": neg.different_goods(seat),
        "seat_coins": neg.coins[seat],
        "seat_diamant": diamant,
        "seat_spent": spent,
    }


def decision_columns(view: Any, seat: int, action: Action) -> dict[str, Any]:
    """Columns for auction bids and drops, and for offers."""
    coins = view.coins[seat]
    if isinstance(action, (Bid, Pass)) and view.auction is not None:
        auction = view.auction
        out = {"item": auction.item, "high_bid": auction.high_bid, "coins": coins}
        if isinstance(action, Bid):
            out["amount"] = action.amount
        return out
    if isinstance(action, Offer):
        market = view.market
        # card ids follow the shipped goods table (a custom data_dir keeps the same ids)
        good = load_tables().good_of.get(market) if market is not None else None
        return {
            "amount": action.coins,
            "with_card": action.good is not None,
            "negotiation_round": view.negotiation_round,
            "market": good,
            "coins": coins,
        }
    return {}


def finish_decisions(state: State[Any], rows: list[dict[str, Any]]) -> None:
    """Add each bid's outcome (``won``, ``price``) and each offer's (``bought``, ``paid``)."""
    auctions: dict[str, tuple[int, int]] = {}
    sales: dict[int, tuple[int, int]] = {}
    for event in state.log:
        data = event.data
        kind = data.get("what")
        if kind == "auction_won":
            auctions[data["item"]] = (data["winner"], data["price"])
        elif kind == "sale":
            sales[event.round] = (data["buyer"], data["coins"])
        elif kind == "theft":
            sales[event.round] = (data["seat"], 0)
    for row in rows:
        if row.get("kind") in ("Bid", "Pass") and row.get("item") in auctions:
            winner, price = auctions[row["item"]]
            row["won"] = winner == row["seat"]
            row["price"] = price
        elif row.get("kind") == "Offer":
            buyer, paid = sales.get(row["round"], (-1, 0))
            row["bought"] = buyer == row["seat"]
            row["paid"] = paid if buyer == row["seat"] else None


register_measures(
    "negoces",
    game=game_measures,
    seat=seat_measures,
    decision=decision_columns,
    finish=finish_decisions,
    choices=({"negotiation_rounds": 3}, {"negotiation_rounds": 1}),
)
