"""The CA phase: each article type sold in table order, by the prices asked and the round's
special effects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tradekit.core.events import BANK
from tradekit.core.seats import seat_label
from tradekit.core.words import counted
from tradekit.games.rungis.auction import begin_round
from tradekit.games.rungis.game import LOWEST_BONUS
from tradekit.games.rungis.view import SaleLine

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


def sell_articles(state: RungisState) -> None:
    """Sell each article type in table order, pay the subsidies, then start the next round."""
    state.step = "sales"
    lines: list[SaleLine] = []
    label = state.labels
    # The shops do not change during the sales: count each seat's cards once.
    counts = [state._counts(p) for p in range(state.n)]
    for article in state.tables.articles:
        aid, name = article.id, article.name_en
        holders = [p for p in range(state.n) if aid in counts[p]]
        if not holders:
            continue
        if aid in state.strikes:
            struck = [
                SaleLine(aid, p, state.sheets[p][aid], counts[p][aid], "strike", 0, 0)
                for p in holders
            ]
            lines += struck
            state._event(
                "info",
                f"{name}: strike, nobody sells",
                data={
                    "what": "strike",
                    "article": aid,
                    "lines": [line_data(line, 0, 0) for line in struck],
                },
                fresh=True,
            )
            continue
        sellers = holders
        facts: list[dict[str, Any]] = []
        #: This type's lines, in the order they are told.
        told: list[SaleLine] = []
        if aid in state.exclusive:
            owner = state.exclusive[aid]
            sellers = [p for p in holders if p == owner]
            excluded = [
                SaleLine(aid, p, state.sheets[p][aid], counts[p][aid], "excluded", 0, 0)
                for p in holders
                if p != owner
            ]
            told += excluded
            facts += [line_data(line, 0, 0) for line in excluded]
        if not sellers:
            # The rights holder lost their last card of the type (Spoiled goods) after
            # playing the rights: the others stay excluded, so nobody is paid for it.
            state._event(
                "info",
                f"{name}: {seat_label(state.exclusive[aid])} has the exclusive rights and none "
                "left, " + ", ".join(f"{label[line.player]} excluded 0" for line in excluded),
                data={"what": "sale", "article": aid, "prices": {}, "lines": facts},
                fresh=True,
            )
            lines += told
            continue
        prices = {p: state.sheets[p][aid] for p in sellers}
        low, high = min(prices.values()), max(prices.values())
        lows = [q for q in sellers if prices[q] == low]
        highs = [q for q in sellers if prices[q] == high]
        for p in sellers:
            price, cards = prices[p], counts[p][aid]
            if price == low:
                status, each = "lowest", price + LOWEST_BONUS
                how = f"lowest price {price}" + tied_text(label, p, lows) + f" + {LOWEST_BONUS}"
                if low == high and len(sellers) > 1:
                    how = f"all ask {price}, counted as lowest, + {LOWEST_BONUS}"
                elif len(sellers) == 1:
                    how = f"lone seller at {price}, counted as lowest, + {LOWEST_BONUS}"
            elif price == high:
                status = "highest"
                if aid in state.shortages:
                    each, how = (
                        price,
                        f"highest price {price}"
                        + tied_text(label, p, highs)
                        + (", paid its price (shortage)"),
                    )
                else:
                    each, how = 0, f"highest price {price}" + tied_text(label, p, highs)
            else:
                status, each, how = "middle", price, f"middle price {price}"
            bonus = LOWEST_BONUS if status == "lowest" else 0
            if status != "lowest" and (p, aid) in state.adverts:
                each, bonus = price + LOWEST_BONUS, LOWEST_BONUS
                how += f", paid as lowest (advertising): {price} + {LOWEST_BONUS}"
            tax = 0
            if aid in state.taxes and each:
                tax = state.taxes[aid]
                how += f", tax -{tax}"
                each = max(0, each - tax)
            paid = each * cards
            line = SaleLine(aid, p, price, cards, status, each, paid)
            told.append(line)
            facts.append(line_data(line, bonus, tax))
            if paid:
                state.gold[p] += paid
                state._transfer(
                    paid,
                    BANK,
                    p,
                    f"sales of {name}: {how} = {each} × {counted(cards, 'card', 'cards')}",
                    "trade",
                )
        lines += told
        state._event(
            "info",
            f"{name}: "
            + ", ".join(f"{label[line.player]} {line.status} {line.paid}" for line in told),
            data={
                "what": "sale",
                "article": aid,
                "prices": {str(p): x for p, x in prices.items()},
                "lines": facts,
            },
            fresh=True,
        )
    for p, aid, amount in state.subsidies:
        cards = counts[p].get(aid, 0)
        if cards:
            paid = amount * cards
            state.gold[p] += paid
            how = f"subsidy on {state._name(aid)}: {amount} × {counted(cards, 'card', 'cards')}"
            state._transfer(paid, BANK, p, how, "payout")
            state._event(
                "info",
                f"{label[p]} is paid {paid} gold, {how}",
                player=p,
                data={
                    "what": "subsidy",
                    "article": aid,
                    "amount": amount,
                    "cards": cards,
                    "paid": paid,
                },
                fresh=True,
            )
    state.sales = lines
    begin_round(state)


def line_data(line: SaleLine, bonus: int, tax: int) -> dict[str, Any]:
    """A sale line as event data (see "Event data" in the module docstring)."""
    return {
        "player": line.player,
        "price": line.price,
        "cards": line.cards,
        "status": line.status,
        "each": line.each,
        "paid": line.paid,
        "bonus": bonus,
        "tax": tax,
    }


def tied_text(labels: Sequence[str], player: int, group: Sequence[int]) -> str:
    """Who else asked the same price, for a sale line's explanation (``labels``: each seat's
    :func:`~tradekit.core.seats.seat_label`)."""
    rivals = [labels[q] for q in group if q != player]
    return f" (tied with {', '.join(rivals)})" if rivals else ""
