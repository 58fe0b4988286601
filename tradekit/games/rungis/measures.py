"""Rungis's measures, read from the finished game's log and ledger.

Game-level (one number per game):

* **Prices.** ``price_ratio``: the mean written price over the article's base price (1 = every
  price at the base, 2 = every price at twice the base); ``price_ratio_<article>`` the same for
  each article type of the game's tables. A ratio with nothing to average is 0 (as the tidy
  table fills absent measures with 0): filter on ``> 0`` before averaging over games.
* **Price war or collusion.** Of the ``contested_sales`` (a type sold by two players or more):
  ``equal_price_sales`` where everybody asked the same price (all counted as lowest: a cartel,
  or a war that ended at the floor), ``cartel_sales`` where everybody asked twice the base price,
  ``undercut_sales`` where prices differed (someone undercut); ``collusion_share`` is
  ``equal_price_sales / contested_sales`` (0 without a contested sale).
* **Bonuses.** ``bonuses``: sales payments that included the lowest asker's +2 (lone sellers,
  all-equal sales and Advertising too), ``bonus_gold``: the gold those +2 added (2 per card).
  ``sales_gold``: all gold paid by the sales; ``subsidy_gold``: gold paid by Subsidies.
* **Auctions.** ``cards_bought``: cards bought in the Rungis phase (auctions and Pre-emption),
  ``auction_spend``: the gold paid for them, ``bid_ratio``: the mean price paid for an article
  at auction over its base price (0 if none); ``unsold_removed``: centre cards nobody opened
  on, removed from the game; ``leftover_removed``: centre cards left when nobody could buy any
  more.
* **Special cards.** ``specials_played`` and ``played_<kind>`` for each kind the engine knows.
* **Cheap talk.** ``announcements``: prices announced; of those whose price was then written,
  ``announcements_kept`` (written as announced), ``announcements_undercut`` (written lower: a
  broken promise) and ``announcements_raised`` (written higher).
* ``trades``: accepted trades (option ``trading``).

Seat-level: ``seat_articles`` (cards in the shop at the end), ``seat_shop_value`` (their base
prices), ``seat_cards_bought``, ``seat_auction_spend``, ``seat_sales_gold``, ``seat_lowest``
(sales where the seat was a lowest asker), ``seat_highest`` (sales where it asked the highest
price of several), ``seat_specials_played``, ``seat_announcements_broken`` (written below the
announcement).

Decision table (``run(..., decisions={"Bid", "Price", "Announce"})``): bids get ``amount``,
``gold``, ``minimum`` (the opening price), ``special`` (a face-down special card) and, once the
game is over, ``base`` (None for a special card), ``won`` and ``paid`` (the auction's final
price, None if nobody bought); written prices and announcements get ``article``, ``price``,
``base``, ``ratio`` (price / base) and ``rivals`` (other sellers of the type at the sale), and
written prices ``announced`` (the seat's own announcement this round, if any), ``status``
(``lowest``, ``middle``, ``highest``, or ``strike or excluded``) and ``earned`` (the gold the
type brought the seat that round).

Rule choice compared by ``notebooks/rule-choices.ipynb``: ``below_base`` False against True.
Letting prices fall below the base price (down to 1) is the price war's lesson: with heuristic
bots the mean price ratio falls from about 1.34 to 1.06 and the gold paid by the sales by a
fifth (40 paired games, 4 players), where the special cards change the game in many ways at once.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.state import State
from tradekit.games.rungis.actions import Announce, Bid, Price
from tradekit.games.rungis.tables import KINDS
from tradekit.sim.measures import register_measures

Fact = tuple[int, int | None, Mapping[str, Any]]


class _Log:
    """One pass over a finished game's log, indexed for the measures (game and seat level read
    the same events, so they are found once, not once per measure and seat)."""

    def __init__(self, state: State[Any]) -> None:
        self.length = len(state.log)
        #: (round, seat, data) of the events by the ``what`` of their data (the event names of
        #: the "Event data" section of :mod:`tradekit.games.rungis.state`).
        self.facts: dict[str, list[Fact]] = {}
        #: Every announcement: (round, seat, article, price).
        self.announced: list[tuple[int, int, str, int]] = []
        for e in state.log:
            what = e.data.get("what")
            if what is not None:
                self.facts.setdefault(str(what), []).append((e.round, e.player, e.data))
            elif isinstance(e.action, Announce) and e.player is not None:
                self.announced.append((e.round, e.player, e.action.article, e.action.price))
        #: Each sale of a type: (round, article, {seller: price}).
        self.sales = [
            (r, str(data["article"]), {int(p): int(x) for p, x in data["prices"].items()})
            for r, _, data in self.of("sale")
        ]
        #: Every sale line: (round, article, line); struck types sell nothing.
        self.sale_lines = [
            (r, str(data["article"]), line)
            for r, _, data in self.of("sale")
            for line in data["lines"]
        ]
        #: Every written price: (round, seat, article, price), from the reveals.
        self.written = [
            (r, int(seat), str(article), int(price))
            for r, _, data in self.of("reveal")
            for seat, sheet in data["sheets"].items()
            for article, price in sheet.items()
        ]

    def of(self, what: str) -> list[Fact]:
        """The events named ``what``, in log order."""
        return self.facts.get(what, [])


_LOGS: weakref.WeakKeyDictionary[State[Any], _Log] = weakref.WeakKeyDictionary()


def _log(state: State[Any]) -> _Log:
    """The indexed log of ``state`` (read again if the game went on since)."""
    found = _LOGS.get(state)
    if found is None or found.length != len(state.log):
        found = _LOGS[state] = _Log(state)
    return found


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def game_measures(state: State[Any]) -> dict[str, float]:
    """Game-level measures (see the module docstring).

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> done = play(tradekit.load_game("rungis"), "heuristic", seed=1).state
        >>> m = game_measures(done)
        >>> m["contested_sales"] == m["equal_price_sales"] + m["undercut_sales"]
        True
        >>> 1.0 <= m["price_ratio"] <= 2.0
        True
    """
    game: Any = state.game
    articles = game.tables.articles
    base = {a.id: a.base for a in articles}
    out: dict[str, float] = {}
    log = _log(state)

    written = log.written
    out["price_ratio"] = _mean([price / base[a] for _, _, a, price in written])
    for article in articles:
        ratios = [price / article.base for _, _, a, price in written if a == article.id]
        out[f"price_ratio_{article.id}"] = _mean(ratios)

    contested = equal = cartel = 0
    for _, article, prices in log.sales:
        if len(prices) < 2:
            continue
        contested += 1
        values = set(prices.values())
        if len(values) == 1:
            equal += 1
            cartel += values == {2 * base[article]}
    out.update(
        contested_sales=contested,
        equal_price_sales=equal,
        cartel_sales=cartel,
        undercut_sales=contested - equal,
        collusion_share=equal / contested if contested else 0.0,
    )

    bonuses = bonus_gold = sales_gold = 0
    for _, _, line in log.sale_lines:
        sales_gold += line["paid"]
        if line["bonus"] and line["paid"]:
            bonuses += 1
            bonus_gold += line["bonus"] * line["cards"]
    subsidy_gold = sum(data["paid"] for _, _, data in log.of("subsidy"))
    buys = [data for _, _, data in log.of("buy")]
    won = [
        data["price"] / base[game.tables.article_cards[data["card"]]]
        for data in buys
        if data["how"] == "auction" and "card" in data
    ]
    trades = sum(1 for _ in log.of("trade"))
    # A face-down special card leaves a public and a hidden removal event: count the public one.
    removals = [
        data["why"] for what in ("removed", "removed_face_down") for _, _, data in log.of(what)
    ]
    unsold = removals.count("unopened")
    leftover = removals.count("leftover")
    out.update(
        bonuses=bonuses,
        bonus_gold=bonus_gold,
        sales_gold=sales_gold,
        subsidy_gold=subsidy_gold,
        cards_bought=len(buys),
        auction_spend=sum(data["price"] for data in buys),
        bid_ratio=_mean(won),
        unsold_removed=unsold,
        leftover_removed=leftover,
        trades=trades,
    )

    played = [str(data["kind"]) for _, _, data in log.of("effect")]
    out["specials_played"] = len(played)
    for kind in KINDS:
        out[f"played_{kind}"] = played.count(kind)

    sheets = {(r, s, a): x for r, s, a, x in written}
    kept = under = raised = 0
    said = log.announced
    for r, s, a, x in said:
        price = sheets.get((r, s, a))
        if price is None:
            continue
        kept += price == x
        under += price < x
        raised += price > x
    out.update(
        announcements=len(said),
        announcements_kept=kept,
        announcements_undercut=under,
        announcements_raised=raised,
    )
    return out


def seat_measures(state: State[Any], seat: int) -> dict[str, float]:
    """Seat-level measures (see the module docstring)."""
    rungis: Any = state
    log = _log(state)
    prices_paid = [data["price"] for _, p, data in log.of("buy") if p == seat]
    sales = sum(line["paid"] for _, _, line in log.sale_lines if line["player"] == seat)
    lowest = highest = 0
    for _, _, prices in log.sales:
        if seat not in prices:
            continue
        low, high = min(prices.values()), max(prices.values())
        if prices[seat] == low:
            lowest += 1
        elif prices[seat] == high:
            highest += 1
    written = {(r, s, a): x for r, s, a, x in log.written if s == seat}
    broken = sum(
        1
        for r, s, a, x in log.announced
        if s == seat and (r, s, a) in written and written[(r, s, a)] < x
    )
    specials = sum(1 for _, p, _ in log.of("effect") if p == seat)
    return {
        "seat_articles": len(rungis.shops[seat]),
        "seat_shop_value": rungis.shop_value(seat),
        "seat_cards_bought": len(prices_paid),
        "seat_auction_spend": sum(prices_paid),
        "seat_sales_gold": sales,
        "seat_lowest": lowest,
        "seat_highest": highest,
        "seat_specials_played": specials,
        "seat_announcements_broken": broken,
    }


def decision_columns(view: Any, seat: int, action: Action) -> dict[str, Any]:
    """Columns for bids, written prices and announcements, from the view the bot saw (base
    prices, rivals and outcomes are added by :func:`finish_decisions`, which has the tables)."""
    if isinstance(action, Bid) and view.auction is not None:
        a = view.auction
        return {
            "amount": action.amount,
            "gold": view.gold[seat],
            "minimum": a.minimum,
            "special": a.special,
        }
    if isinstance(action, (Price, Announce)):
        row: dict[str, Any] = {"article": action.article, "price": action.price}
        if isinstance(action, Price):
            row["announced"] = dict(view.announcements[seat]).get(action.article)
        return row
    return {}


def finish_decisions(state: State[Any], rows: list[dict[str, Any]]) -> None:
    """Add each bid's outcome (``won``, ``paid``) and each price's ``status`` and ``earned``."""
    game: Any = state.game
    bases = {a.id: a.base for a in game.tables.articles}
    log = _log(state)
    # The k-th action event records decision k; an auction's outcome is the next purchase or
    # removal after a bid in the log (auctions never overlap).
    outcome_at: dict[int, tuple[int | None, int | None]] = {}
    upcoming: tuple[int | None, int | None] = (None, None)
    events = state.log
    steps: list[int] = []
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        what = e.data.get("what")
        if what == "buy":
            upcoming = (e.player, int(e.data["price"]))
        elif what in ("removed", "removed_face_down") and e.data["why"] == "unopened":
            upcoming = (None, None)
        elif e.kind == "action":
            outcome_at[i] = upcoming
            steps.append(i)
    steps.reverse()
    status: dict[tuple[int, int, str], str] = {}
    sellers: dict[tuple[int, str], int] = {}
    for r, article, prices in log.sales:
        sellers[(r, article)] = len(prices)
        if not prices:  # nobody could sell (exclusive rights whose holder has none left)
            continue
        low, high = min(prices.values()), max(prices.values())
        for p, x in prices.items():
            kind = "lowest" if x == low else "highest" if x == high else "middle"
            status[(r, p, article)] = kind
    earned: dict[tuple[int, int, str], int] = {}
    for r, article, line in log.sale_lines:
        key = (r, int(line["player"]), article)
        earned[key] = earned.get(key, 0) + int(line["paid"])
    for row in rows:
        step = row.get("step")
        if row.get("kind") == "Bid" and isinstance(step, int) and step < len(steps):
            winner, price = outcome_at[steps[step]]
            row["base"] = None if row.get("special") else row.get("minimum")
            row["won"] = winner == row["seat"]
            row["paid"] = price
        if row.get("kind") in ("Price", "Announce"):
            article = row["article"]
            base = bases[article]
            row["base"] = base
            row["ratio"] = row["price"] / base
            row["rivals"] = max(0, sellers.get((row["round"], article), 1) - 1)
        if row.get("kind") == "Price":
            key = (row["round"], row["seat"], row["article"])
            row["status"] = status.get(key, "strike or excluded")
            row["earned"] = earned.get(key, 0)


register_measures(
    "rungis",
    game=game_measures,
    seat=seat_measures,
    decision=decision_columns,
    finish=finish_decisions,
    choices=({"below_base": False}, {"below_base": True}),
)
