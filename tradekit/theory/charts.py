"""Altair charts of the theory (presentation: imports pandas and altair; never used by the engine).

Each function takes a model or a result from :mod:`tradekit.theory` and returns an altair chart
with a title, labelled axes, tooltips and one colour per series, and a subtitle that says which
rules it models: whether a bid of 0 can win (the games: never; the textbook: yes), what winners
and losers pay, and how shares are rounded. Charts render offline with
``alt.renderers.enable("jupyter", offline=True)`` (interactive) or ``"svg"`` (altair 6's
default mime type does not validate under nbclient).

Example:
    >>> from tradekit.theory.sealed import SealedBid
    >>> chart = bid_chart(SealedBid(3, 0.5))
    >>> chart.to_dict()["title"]["text"]
    'Equilibrium bids: 3 bidders, uniform(0, 1) values, one prize'
    >>> chart.to_dict()["title"]["subtitle"][0]
    'continuous bids (textbook: ties and a bid of 0 have probability 0); winners pay their bid,'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from tradekit.core.seats import seat_label
from tradekit.theory.ascending import AscendingResult
from tradekit.theory.coins import CoinAuction, CoinEquilibrium
from tradekit.theory.distance import Distance
from tradekit.theory.once_around import OnceAround
from tradekit.theory.sealed import BudgetEquilibrium, SealedBid
from tradekit.theory.simulate import Check
from tradekit.theory.splitting import MajorityRule, RankRule, RoundingDistribution

#: Colours shared by the charts: theory in dark blue, simulation in orange.
THEORY, SIMULATION = "#1f4e79", "#e07b00"
WINNERS, LOSERS = "#2b8cbe", "#f46d43"
Chart = Any


def _prize_text(prizes: Sequence[float]) -> str:
    positive = [p for p in prizes if p > 0]
    if len(positive) == 1 and positive[0] == 1:
        return "one prize"
    return "prizes " + ", ".join(f"{p:g}" for p in prizes if p > 0)


def sealed_rules(model: SealedBid, losers: str | None = None) -> str:
    """The continuous model's rules in words, for a caption.

    Example:
        >>> sealed_rules(SealedBid(3, 0.5, prizes=(2, 1)))
        'continuous bids (textbook: ties and a bid of 0 have probability 0); winners pay their \
bid, losers 1/2 of it exactly (no rounding)'
    """
    a = Fraction(model.loser_fraction).limit_denominator(1000)
    share = "nothing" if a == 0 else "all of it" if a == 1 else f"{a} of it exactly (no rounding)"
    losers = losers or share
    pays = (
        "winners pay their bid"
        if model.pays is None
        or all(c == 1.0 for c, p in zip(model.pays, model.prizes, strict=True) if p > 0)
        else "only the top place pays its bid in full"
    )
    return (
        "continuous bids (textbook: ties and a bid of 0 have probability 0); "
        f"{pays}, losers {losers}"
    )


def coin_rules(game: CoinAuction, rounding: bool = True, zero: bool = True) -> str:
    """The whole-coin model's rules in words, for a caption (``rounding=False`` or
    ``zero=False`` leave out how a loser's share is rounded or whether a bid of 0 can win, when
    a chart's colours say it).

    Example:
        >>> from tradekit.theory.coins import uniform_values
        >>> coin_rules(CoinAuction(3, uniform_values(4), max_bid=4))
        'whole-coin bids 0-4; a bid of 0 never wins (the games); winners pay their bid, losers \
1/2 of it rounded down; ties: fair coin'
    """
    zero_rule = (
        "a bid of 0 never wins (the games)"
        if game.zero_bids == "lose"
        else "a bid of 0 can win (textbook)"
    )
    ties = "fair coin" if game.ties == "flip" else "nobody in the tie wins"
    losers = f"losers {game.loser_fraction} of it" + (
        f" rounded {game.rounding}" if rounding and game.rounding != "exact" else ""
    )
    if rounding and game.rounding == "exact":
        losers += " exactly"
    rules = [f"whole-coin bids 0-{game.max_bid}", *([zero_rule] if zero else [])]
    return f"{'; '.join(rules)}; winners pay their bid, {losers}; ties: {ties}"


def bid_table(model: SealedBid | BudgetEquilibrium, points: int = 121) -> pd.DataFrame:
    """Value, bid, expected payment and win probability on a grid of values (tidy rows).

    Example:
        >>> bid_table(SealedBid(2, 0.0), points=3)[["value", "bid"]].values.tolist()
        [[0.0, 0.0], [0.5, 0.25], [1.0, 0.5]]
    """
    base = model.model if isinstance(model, BudgetEquilibrium) else model
    v = np.linspace(base.values.low, base.values.plot_high(), points)
    return pd.DataFrame(
        {
            "value": v,
            "bid": model.bid(v),
            "payment": base.payment(v),
            "win": base.win_probability(v),
        }
    )


def bid_chart(
    model: SealedBid,
    fractions: Sequence[float] = (0.0, 0.5, 1.0),
    budget: float | None = None,
) -> Chart:
    """Equilibrium bid functions for several loser fractions ``a`` (the model's own in bold).

    The dashed grey line is bid = value (times the top prize): the gap below it is the shading.
    """
    frames = []
    shown = sorted({*fractions, model.loser_fraction})
    for a in shown:
        m = model.with_loser_fraction(a)
        t = bid_table(m)
        t["rule"] = _rule_name(a)
        t["current"] = a == model.loser_fraction
        frames.append(t)
    if budget is not None:
        eq = model.with_budget(budget)
        t = bid_table(eq)
        t["rule"] = f"{_rule_name(model.loser_fraction)}, budget {budget:g}"
        t["current"] = True
        frames.append(t)
    data = pd.concat(frames, ignore_index=True)
    data["worth"] = data["value"] * model.prizes[0]
    order = list(dict.fromkeys(data["rule"]))
    lines = (
        alt.Chart(data)
        .mark_line()
        .encode(
            x=alt.X("value:Q", title="value v"),
            y=alt.Y("bid:Q", title="equilibrium bid b(v)"),
            color=alt.Color(
                "rule:N",
                title="payment rule",
                sort=order,
                legend=alt.Legend(orient="bottom", columns=2),
            ),
            strokeWidth=alt.condition("datum.current", alt.value(3.5), alt.value(1.5)),
            tooltip=[
                "rule:N",
                alt.Tooltip("value:Q", format=".3f"),
                alt.Tooltip("bid:Q", format=".3f"),
                alt.Tooltip("payment:Q", format=".3f", title="expected payment"),
                alt.Tooltip("win:Q", format=".1%", title="chance of a prize"),
            ],
        )
    )
    diagonal = (
        alt.Chart(data[data["rule"] == order[0]])
        .mark_line(strokeDash=[4, 4], color="gray")
        .encode(x="value:Q", y="worth:Q")
    )
    title = (
        f"Equilibrium bids: {model.n} bidders, {model.values.name} values, "
        f"{_prize_text(model.prizes)}"
    )
    return (
        alt.layer(diagonal, lines)
        .properties(
            title=alt.Title(
                title,
                subtitle=_caption(f"{sealed_rules(model)}. Dashed: bid = value of the top prize."),
            ),
            width=420,
            height=280,
        )
        .interactive()
    )


def _rule_name(a: float) -> str:
    if a == 0:
        return "a = 0 (first price)"
    if a == 1:
        return "a = 1 (all pay)"
    if a == 0.5:
        return "a = 1/2 (Turin Market)"
    return f"a = {a:g}"


def revenue_split_table(model: SealedBid, fractions: Sequence[float] | None = None) -> pd.DataFrame:
    """Winners' and losers' expected payments for each loser fraction (tidy rows)."""
    grid = list(fractions) if fractions is not None else list(np.linspace(0.0, 1.0, 21))
    rows = []
    for a in grid:
        r = model.with_loser_fraction(float(a)).revenue()
        rows.append(
            {"a": float(a), "payer": "winners", "expected payment": r.winners, "total": r.total}
        )
        rows.append(
            {"a": float(a), "payer": "losers", "expected payment": r.losers, "total": r.total}
        )
    return pd.DataFrame(rows)


def revenue_split_chart(model: SealedBid, budget: float | None = None) -> Chart:
    """Stacked winners' and losers' payments against ``a``: the total does not move (revenue
    equivalence) while the split does; the model's own ``a`` is marked, and with a budget the
    constrained revenue is drawn as a point below the line."""
    data = revenue_split_table(model)
    area = (
        alt.Chart(data)
        .mark_area(opacity=0.8)
        .encode(
            x=alt.X("a:Q", title="share of its bid a loser pays (a)"),
            y=alt.Y("expected payment:Q", stack="zero", title="expected revenue per auction"),
            color=alt.Color(
                "payer:N",
                title="paid by",
                scale=alt.Scale(domain=["winners", "losers"], range=[WINNERS, LOSERS]),
            ),
            order=alt.Order("payer:N", sort="descending"),
            tooltip=[
                alt.Tooltip("a:Q", format=".2f"),
                "payer:N",
                alt.Tooltip("expected payment:Q", format=".4f"),
                alt.Tooltip("total:Q", format=".4f", title="total revenue"),
            ],
        )
    )
    marker = pd.DataFrame({"a": [model.loser_fraction]})
    rule = alt.Chart(marker).mark_rule(color="black", strokeDash=[2, 2]).encode(x="a:Q")
    layers = [area, rule]
    if budget is not None:
        r = model.with_budget(budget).revenue()
        point = pd.DataFrame(
            {"a": [model.loser_fraction], "revenue": [r.total], "what": [f"budget {budget:g}"]}
        )
        layers.append(
            alt.Chart(point)
            .mark_point(shape="diamond", size=140, filled=True, color="black")
            .encode(
                x="a:Q",
                y="revenue:Q",
                tooltip=["what:N", alt.Tooltip("revenue:Q", format=".4f")],
            )
        )
    return alt.layer(*layers).properties(
        title=alt.Title(
            "Who pays: the same total, split differently",
            subtitle=_caption(
                f"{model.n} bidders, {model.values.name} values, {_prize_text(model.prizes)}; "
                f"{sealed_rules(model, losers='the share a of it exactly (no rounding)')}"
            ),
        ),
        width=420,
        height=260,
    )


def check_table(checks: Sequence[Check], sigmas: float = 2.0) -> pd.DataFrame:
    """Theory beside simulation, with the simulation's ``sigmas``-standard-error interval.

    Example:
        >>> from tradekit.theory.simulate import Estimate
        >>> t = check_table([Check("revenue", 0.5, Estimate(0.49, 0.01, 100))])
        >>> t[["quantity", "theory", "simulation", "low", "high", "z"]].round(3).values.tolist()
        [['revenue', 0.5, 0.49, 0.47, 0.51, -1.0]]
    """
    return pd.DataFrame(
        [
            {
                "quantity": c.quantity,
                "theory": c.theory,
                "simulation": c.estimate.mean,
                "se": c.estimate.se,
                "low": c.estimate.mean - sigmas * c.estimate.se,
                "high": c.estimate.mean + sigmas * c.estimate.se,
                "z": c.z,
                "draws": c.estimate.draws,
                "agrees": c.agrees(),
            }
            for c in checks
        ]
    )


def check_chart(
    checks: Sequence[Check],
    title: str = "Theory against a fresh simulation",
    rules: str = "the simulation is played by the engine's own rules",
) -> Chart:
    """Simulation means with ±2 standard-error bars beside the theory's values, per quantity;
    ``rules`` (the subtitle) says which rules the theory and the simulation play."""
    data = check_table(checks)
    order = list(data["quantity"])
    base = alt.Chart(data).encode(y=alt.Y("quantity:N", sort=order, title=None))
    tips = [
        "quantity:N",
        alt.Tooltip("theory:Q", format=".4f"),
        alt.Tooltip("simulation:Q", format=".4f"),
        alt.Tooltip("se:Q", format=".4f", title="standard error"),
        alt.Tooltip("z:Q", format="+.2f", title="z"),
        "draws:Q",
    ]
    bars = base.mark_rule(strokeWidth=3, color=SIMULATION).encode(
        x=alt.X("low:Q", title="value (simulation: mean ± 2 standard errors)"),
        x2="high:Q",
        tooltip=tips,
    )
    sim = base.mark_point(filled=True, size=70, color=SIMULATION).encode(
        x="simulation:Q", tooltip=tips
    )
    theory = base.mark_tick(thickness=3, size=22, color=THEORY).encode(x="theory:Q", tooltip=tips)
    return alt.layer(bars, sim, theory).properties(
        title=alt.Title(
            title,
            subtitle=_caption(f"blue tick: theory; orange: simulation through the engine; {rules}"),
        ),
        width=420,
        height=alt.Step(26),
    )


def coin_strategy_chart(eq: CoinEquilibrium) -> Chart:
    """Heat map of the whole-coin equilibrium: how likely each value is to bid each amount."""
    game = eq.game
    rows = [
        {
            "value": v,
            "bid": b,
            "probability": float(eq.strategy[v, b]),
            "odd": "odd" if b % 2 else "even",
        }
        for v in range(game.top_value + 1)
        if game.values[v] > 0
        for b in range(game.max_bid + 1)
    ]
    data = pd.DataFrame(rows)
    heat = (
        alt.Chart(data)
        .mark_rect()
        .encode(
            x=alt.X("value:O", title="value (coins per card)", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("bid:O", title="bid (coins)", sort="descending"),
            color=alt.Color(
                "probability:Q", title="chance of the bid", scale=alt.Scale(scheme="blues")
            ),
            tooltip=["value:O", "bid:O", "odd:N", alt.Tooltip("probability:Q", format=".1%")],
        )
    )
    return heat.properties(
        title=alt.Title(
            f"Whole-coin equilibrium: {game.n} bidders, {_prize_text(game.prizes)}",
            subtitle=_caption(
                f"{coin_rules(game)}; largest gain from deviating {eq.epsilon:.4f} coins",
                80,
            ),
        ),
        width=360,
        height=300,
    )


def bid_distribution_chart(
    results: Sequence[tuple[str, CoinEquilibrium]], legend: str = "loser's share"
) -> Chart:
    """How often each bid is made, one colour per labelled equilibrium (odd bids stand out).

    The caption states the rules the equilibria share; where they differ (the rounding of a
    loser's share, or whether a bid of 0 can win) it says that each colour tells, and ``legend``
    titles the colours.
    """
    games = [eq.game for _, eq in results]
    same_rounding = len({g.rounding for g in games}) == 1
    same_zero = len({g.zero_bids for g in games}) == 1
    differs = [
        *([] if same_rounding else ["the loser's share rounded"]),
        *([] if same_zero else ["whether a bid of 0 can win (the games: never)"]),
    ]
    rules = coin_rules(games[0], rounding=same_rounding, zero=same_zero)
    rules += "".join(f"; {d} as each colour says" for d in differs)
    rows = []
    for label, eq in results:
        for b, p in enumerate(eq.rival_bids):
            rows.append(
                {"rule": label, "bid": b, "share": float(p), "parity": "odd" if b % 2 else "even"}
            )
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("bid:O", title="bid (coins)", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("rule:N"),
            y=alt.Y("share:Q", title="share of all bids", axis=alt.Axis(format="%")),
            color=alt.Color("rule:N", title=legend, legend=alt.Legend(orient="bottom")),
            tooltip=["rule:N", "bid:O", "parity:N", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(
            title=alt.Title(
                "Which bids are made",
                subtitle=_caption(f"{games[0].n} bidders, {_prize_text(games[0].prizes)}; {rules}"),
            ),
            width=420,
            height=220,
        )
    )


def once_around_bid_chart(model: OnceAround, points: int = 101) -> Chart:
    """Each seat's bid function ``x_m(v)`` in the once-around auction (colour by seat)."""
    v = np.linspace(model.values.low, model.values.plot_high(), points)
    rows = []
    for seat in range(model.n):
        bids = model.bid(seat, v)
        label = f"{seat_label(seat)} ({model.rivals_after(seat)} after)"
        rows += [
            {"seat": label, "value": float(a), "bid": float(b)}
            for a, b in zip(v, bids, strict=True)
        ]
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=alt.X("value:Q", title="value v"),
            y=alt.Y("bid:Q", title="bid when the high bid is lower"),
            color=alt.Color("seat:N", title="speaking order"),
            tooltip=[
                "seat:N",
                alt.Tooltip("value:Q", format=".3f"),
                alt.Tooltip("bid:Q", format=".3f"),
            ],
        )
        .properties(
            title=alt.Title(
                f"Once-around bids: {model.n} players, {model.values.name} values",
                subtitle=_caption(
                    "each player speaks once, a bid must beat the high bid, the last bidder wins "
                    "and pays its bid, nobody else pays; continuous bids, no rounding. A seat "
                    "bids max(high bid, its line) if its value beats the high bid."
                ),
            ),
            width=420,
            height=260,
        )
        .interactive()
    )


def seat_chart(model: OnceAround) -> Chart:
    """Win probability and expected surplus of each seat: the last-mover advantage."""
    rows = []
    for s in model.seats():
        rows.append(
            {
                "seat": seat_label(s.seat),
                "measure": "chance of winning",
                "amount": s.win_probability,
            }
        )
        rows.append(
            {"seat": seat_label(s.seat), "measure": "expected surplus", "amount": s.surplus}
        )
        rows.append(
            {"seat": seat_label(s.seat), "measure": "expected payment", "amount": s.payment}
        )
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("seat:O", title="seat (P1 speaks first)", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("amount:Q", title=None),
            color=alt.Color("measure:N", title=None),
            column=alt.Column("measure:N", title=None),
            tooltip=["seat:O", "measure:N", alt.Tooltip("amount:Q", format=".4f")],
        )
        .properties(
            width=140,
            height=200,
            title=alt.Title(
                f"Who wins the once-around auction ({model.n} players)",
                subtitle=_caption(
                    "each player speaks once, the last bidder wins and pays its bid, nobody "
                    "else pays; continuous bids, no rounding"
                ),
            ),
        )
        .resolve_scale(y="independent")
    )


def ascending_chart(results: Sequence[tuple[str, AscendingResult]]) -> Chart:
    """Expected price under each increment rule against the second-highest value (dashed)."""
    data = pd.DataFrame(
        [
            {
                "rule": label,
                "expected price": r.expected_price,
                "second-highest value": r.second_value,
                "gap": r.gap,
                "efficiency": r.efficiency,
            }
            for label, r in results
        ]
    )
    bars = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "rule:N", title="raises allowed, strategy", sort=None, axis=alt.Axis(labelAngle=0)
            ),
            y=alt.Y("expected price:Q", title="expected price (coins)"),
            color=alt.Color("rule:N", legend=None),
            tooltip=[
                "rule:N",
                alt.Tooltip("expected price:Q", format=".3f"),
                alt.Tooltip("second-highest value:Q", format=".3f"),
                alt.Tooltip("gap:Q", format="+.3f", title="price - benchmark"),
                alt.Tooltip("efficiency:Q", format=".1%", title="highest value wins"),
            ],
        )
    )
    bench = (
        alt.Chart(data)
        .mark_rule(strokeDash=[5, 4], color="black", strokeWidth=2)
        .encode(y="mean(second-highest value):Q")
    )
    return alt.layer(bars, bench).properties(
        title=alt.Title(
            "Ascending auction: price against the second-highest value",
            subtitle=_caption(
                "raises in whole coins in turn, dropping out is for good, the winner pays its "
                "last bid, nobody else pays; dashed: E[second-highest value], the ideal "
                "English-auction price"
            ),
        ),
        width=420,
        height=260,
    )


def split_rules(rule: RankRule | MajorityRule) -> str:
    """A tie-splitting rule in words, for a caption.

    Example:
        >>> split_rules(RankRule((30, 20, 10)))
        'tied players share the rewards of their places (30, 20, 10 down the places), each \
share rounded down'
        >>> split_rules(MajorityRule(6))
        'tied majority holders share the payout 6 and 1 from every other holder, each share \
rounded up'
    """
    rounding = str(getattr(rule.rounding, "value", rule.rounding))
    if isinstance(rule, MajorityRule):
        return (
            f"tied majority holders share the payout {rule.payout} and 1 from every other "
            f"holder, each share rounded {rounding}"
        )
    unranked = (
        f"; scores of {rule.unranked_at} or less are not ranked"
        if rule.unranked_at is not None
        else ""
    )
    rewards = ", ".join(str(r) for r in rule.rewards)
    return (
        f"tied players share the rewards of their places ({rewards} down the places), each "
        f"share rounded {rounding}{unranked}"
    )


def rounding_chart(
    dist: RoundingDistribution,
    checks: Sequence[Check] | None = None,
    title: str = "",
    rule: RankRule | MajorityRule | None = None,
) -> Chart:
    """The exact distribution of coins created (+) or lost (-) by rounding, with a simulation's
    estimates and ±2 standard-error bars when ``checks`` are given; ``rule`` is said in the
    subtitle."""
    data = pd.DataFrame([{"gain": g, "probability": p} for g, p in dist.pmf])
    bars = (
        alt.Chart(data)
        .mark_bar(color=THEORY, opacity=0.8)
        .encode(
            x=alt.X(
                "gain:O",
                title="coins created (+) or lost (-) by rounding",
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("probability:Q", title="probability", axis=alt.Axis(format="%")),
            tooltip=["gain:O", alt.Tooltip("probability:Q", format=".2%")],
        )
    )
    layers = [bars]
    if checks:
        sim = check_table([c for c in checks if c.quantity.startswith("P(gain")])
        sim["gain"] = [int(q.split("=")[1].rstrip(")")) for q in sim["quantity"]]
        base = alt.Chart(sim).encode(x="gain:O")
        layers += [
            base.mark_rule(color=SIMULATION, strokeWidth=3).encode(y="low:Q", y2="high:Q"),
            base.mark_point(color=SIMULATION, filled=True, size=60).encode(
                y="simulation:Q",
                tooltip=[
                    "gain:O",
                    alt.Tooltip("simulation:Q", format=".2%"),
                    alt.Tooltip("se:Q", format=".2%", title="standard error"),
                ],
            ),
        ]
    subtitle = f"mean {dist.mean:+.3f} coins; rounding moves coins {dist.p_nonzero:.1%} of the time"
    if rule is not None:
        subtitle = f"{split_rules(rule)}; {subtitle}"
    return alt.layer(*layers).properties(
        title=alt.Title(
            title or "What rounding does to the money", subtitle=_caption(subtitle, 80)
        ),
        width=380,
        height=240,
    )


def _caption(text: str, width: int = 96) -> list[str]:
    """A long caption as lines a chart's subtitle can hold."""
    return textwrap.wrap(text, width)


def _player(row: Any, keys: Sequence[str]) -> str:
    """A player's label in the loss bars: ``table 2: Ada`` or ``game 1, P1 (heuristic)``, games
    and seats counted from 1 as people count them (the game's own ``P1`` is seat 0)."""
    if "name" in keys:
        return f"table {row['table']}: {row['name']}"
    label = f"game {int(row['deal']) + 1}, {seat_label(int(row['seat']))}"
    return f"{label} ({row['bot']})" if "bot" in keys else label


def equilibrium_line(result: Distance, points: int = 201) -> pd.DataFrame:
    """The equilibrium bid of each model on a grid of values per card across the table's values
    (everyone holding the model's budget): ``model``, ``value``, ``equilibrium_bid``.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import run
        >>> from tradekit.theory.distance import distance
        >>> table = run(tradekit.load_game("turin"), "heuristic", n=1, seed=2, decisions="Bid")
        >>> line = equilibrium_line(distance(table.decisions, iterations=300), points=5)
        >>> list(line.columns), len(line)
        (['model', 'value', 'equilibrium_bid'], 5)
    """
    low, high = float(result.bids["value"].min()), float(result.bids["value"].max())
    grid = np.linspace(min(low, 0.0), high, points)
    rows = [
        {
            "model": label,
            "value": float(v),
            "equilibrium_bid": m.best_bid(float(v), m.auction.max_bid),
        }
        for label, m in result.models.items()
        for v in grid
    ]
    return pd.DataFrame(rows)


def distance_chart(result: Distance, width: int = 440) -> Chart:
    """Every bid against the equilibrium line (its mark as large as the Scudo it gives up), and
    beside it each player's total loss; the caption says which rules are modelled.

    The line is the equilibrium bid of each value when the bidder holds the model's budget; a
    bidder holding less is compared with the best bid it could afford (in the tooltip).

    Example:
        >>> import tradekit
        >>> from tradekit.sim import run
        >>> from tradekit.theory.distance import distance
        >>> table = run(tradekit.load_game("turin"), "heuristic", n=1, seed=2, decisions="Bid")
        >>> spec = distance_chart(distance(table.decisions, iterations=300)).to_dict()
        >>> "a bid of 0 never wins" in " ".join(spec["title"]["subtitle"])
        True
    """
    bids = result.bids.copy()
    keys = list(result.players.columns[: list(result.players.columns).index("bids")])
    bids["player"] = [_player(row, keys) for _, row in bids.iterrows()]
    players = result.players.copy()
    players["player"] = [_player(row, keys) for _, row in players.iterrows()]
    tips = [
        "player:N",
        "round:O",
        alt.Tooltip("value:Q", format=".2f", title="value per card (Scudo)"),
        alt.Tooltip("scudo:Q", title="Scudo held"),
        alt.Tooltip("bid:Q", title="bid"),
        alt.Tooltip("equilibrium_bid:Q", title="equilibrium bid"),
        alt.Tooltip("gap:Q", format="+d", title="bid - equilibrium"),
        alt.Tooltip("utility_lost:Q", format=".3f", title="Scudo lost (expected)"),
    ]
    x = alt.X("value:Q", title="value of a card to the bidder (Scudo)")
    line = (
        alt.Chart(equilibrium_line(result))
        .mark_line(interpolate="step-after", color=THEORY, strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("equilibrium_bid:Q", title="bid (Scudo)"),
            strokeDash=alt.StrokeDash("model:N", title="equilibrium bid of the model"),
            tooltip=["model:N", alt.Tooltip("value:Q", format=".2f"), "equilibrium_bid:Q"],
        )
    )
    dots = (
        alt.Chart(bids)
        .mark_circle(color=SIMULATION, opacity=0.65, stroke="black", strokeWidth=0.4)
        .encode(
            x=x,
            y="bid:Q",
            size=alt.Size(
                "utility_lost:Q",
                title="Scudo lost",
                scale=alt.Scale(range=[20, 420], zero=True),
            ),
            tooltip=tips,
        )
    )
    scatter = alt.layer(line, dots).properties(
        width=width, height=300, title="Each bid and the equilibrium bid"
    )
    order = list(players.sort_values("utility_lost", ascending=False)["player"])
    bars = (
        alt.Chart(players)
        .mark_bar(color=LOSERS)
        .encode(
            x=alt.X("utility_lost:Q", title="expected Scudo lost over the bids"),
            y=alt.Y("player:N", sort=order, title=None),
            tooltip=[
                "player:N",
                "bids:Q",
                alt.Tooltip("utility_lost:Q", format=".3f", title="Scudo lost"),
                alt.Tooltip("mean_gap:Q", format="+.2f", title="mean bid - equilibrium"),
                alt.Tooltip("at_equilibrium:Q", format=".0%", title="bids at equilibrium"),
            ],
        )
        .properties(width=260, height=alt.Step(14), title="Each player's loss")
    )
    total = float(result.bids["utility_lost"].sum())
    return alt.hconcat(scatter, bars).properties(
        title=alt.Title(
            f"Bids against the equilibrium: {len(bids)} bids lose {total:.1f} Scudo in expectation",
            subtitle=_caption(result.caption()),
            anchor="start",
        )
    )
