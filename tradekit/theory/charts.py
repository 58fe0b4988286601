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
    'continuous bids (textbook: ties and a bid of 0 have probability 0);'
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
from tradekit.i18n import (
    bot_label,
    check_lang,
    formatted,
    keys,
    load_messages,
    number_text,
    numbers_listed,
    t,
)
from tradekit.theory.ascending import AscendingResult
from tradekit.theory.coins import CoinAuction, CoinEquilibrium
from tradekit.theory.distance import Distance
from tradekit.theory.once_around import OnceAround
from tradekit.theory.sealed import BudgetEquilibrium, SealedBid
from tradekit.theory.simulate import Check
from tradekit.theory.splitting import MajorityRule, RankRule, RoundingDistribution

load_messages("tradekit.theory")

#: How a list of rules is separated in each language.
_SEP = {"en": "; ", "fr": " ; "}

#: Colours shared by the charts: theory in dark blue, simulation in orange.
THEORY, SIMULATION = "#1f4e79", "#e07b00"
WINNERS, LOSERS = "#2b8cbe", "#f46d43"
Chart = Any


def _prize_text(prizes: Sequence[float], lang: str = "en") -> str:
    positive = [p for p in prizes if p > 0]
    if len(positive) == 1 and positive[0] == 1:
        return t("chart.one_prize", lang)
    return t("chart.prizes", lang, prizes=numbers_listed(positive, lang))


def _tip(shorthand: str, key: str, lang: str, titled: bool = False, **kwargs: Any) -> Any:
    """A tooltip of ``shorthand`` titled by the message ``key``; in English a field the chart
    never titled keeps its own name (``titled=False``), so the English spec reads as before."""
    if lang == "en" and not titled:
        return alt.Tooltip(shorthand, **kwargs) if kwargs else shorthand
    return alt.Tooltip(shorthand, title=t(key, lang), **kwargs)


def _values_name(name: str, lang: str) -> str:
    """A value law's short name (``uniform(0, 1)``) in ``lang``, when the explorers name it
    (their catalogue's ``explorer.short.*`` messages)."""
    if lang == "en":
        return name
    for key in keys():
        if key.startswith("explorer.short.") and t(key, "en") == name:
            return t(key, lang)
    return name


def sealed_rules(model: SealedBid, losers: str | None = None, lang: str = "en") -> str:
    """The continuous model's rules in words, for a caption.

    Example:
        >>> sealed_rules(SealedBid(3, 0.5, prizes=(2, 1)))
        'continuous bids (textbook: ties and a bid of 0 have probability 0); winners pay their \
bid, losers 1/2 of it exactly (no rounding)'
    """
    a = Fraction(model.loser_fraction).limit_denominator(1000)
    share = (
        t("chart.sealed.nothing", lang)
        if a == 0
        else t("chart.sealed.all", lang)
        if a == 1
        else t("chart.sealed.share", lang, a=a)
    )
    losers = losers or share
    pays = (
        t("chart.sealed.winners_pay", lang)
        if model.pays is None
        or all(c == 1.0 for c, p in zip(model.pays, model.prizes, strict=True) if p > 0)
        else t("chart.sealed.top_pays", lang)
    )
    return t("chart.sealed.rules", lang, pays=pays, losers=losers)


def coin_rules(
    game: CoinAuction, rounding: bool = True, zero: bool = True, lang: str = "en"
) -> str:
    """The whole-coin model's rules in words, for a caption (``rounding=False`` or
    ``zero=False`` leave out how a loser's share is rounded or whether a bid of 0 can win, when
    a chart's colours say it).

    Example:
        >>> from tradekit.theory.coins import uniform_values
        >>> coin_rules(CoinAuction(3, uniform_values(4), max_bid=4))
        'whole-coin bids 0-4; a bid of 0 never wins (the games); winners pay their bid, losers \
1/2 of it rounded down; ties: fair coin'
    """
    zero_rule = t(
        "chart.coins.zero_lose" if game.zero_bids == "lose" else "chart.coins.zero_win", lang
    )
    ties = t("chart.coins.ties_flip" if game.ties == "flip" else "chart.coins.ties_nobody", lang)
    fraction = number_text(str(game.loser_fraction), lang)
    losers = t("chart.coins.losers", lang, fraction=fraction)
    if rounding:
        losers += " " + t(f"chart.coins.rounded_{game.rounding}", lang)
    rules = [t("chart.coins.whole", lang, top=game.max_bid), *([zero_rule] if zero else [])]
    return t("chart.coins.rules", lang, rules=_SEP[lang].join(rules), losers=losers, ties=ties)


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
    lang: str = "en",
) -> Chart:
    """Equilibrium bid functions for several loser fractions ``a`` (the model's own in bold).

    The dashed grey line is bid = value (times the top prize): the gap below it is the shading.
    """
    frames = []
    shown = sorted({*fractions, model.loser_fraction})
    for a in shown:
        m = model.with_loser_fraction(a)
        table = bid_table(m)
        table["rule"] = _rule_name(a, lang)
        table["current"] = a == model.loser_fraction
        frames.append(table)
    if budget is not None:
        eq = model.with_budget(budget)
        table = bid_table(eq)
        table["rule"] = t(
            "chart.rule_budget",
            lang,
            rule=_rule_name(model.loser_fraction, lang),
            budget=formatted(budget, "g", lang),
        )
        table["current"] = True
        frames.append(table)
    data = pd.concat(frames, ignore_index=True)
    data["worth"] = data["value"] * model.prizes[0]
    order = list(dict.fromkeys(data["rule"]))
    lines = (
        alt.Chart(data)
        .mark_line()
        .encode(
            x=alt.X("value:Q", title=t("chart.bid.x", lang)),
            y=alt.Y("bid:Q", title=t("chart.bid.y", lang)),
            color=alt.Color(
                "rule:N",
                title=t("chart.bid.legend", lang),
                sort=order,
                legend=alt.Legend(orient="bottom", columns=2, columnPadding=24),
            ),
            strokeWidth=alt.condition("datum.current", alt.value(3.5), alt.value(1.5)),
            tooltip=[
                _tip("rule:N", "chart.tip.rule", lang),
                _tip("value:Q", "chart.tip.value", lang, format=".3f"),
                _tip("bid:Q", "chart.tip.bid", lang, format=".3f"),
                _tip("payment:Q", "chart.tip.payment", lang, True, format=".3f"),
                _tip("win:Q", "chart.tip.win", lang, True, format=".1%"),
            ],
        )
    )
    diagonal = (
        alt.Chart(data[data["rule"] == order[0]])
        .mark_line(strokeDash=[4, 4], color="gray")
        .encode(x="value:Q", y="worth:Q")
    )
    title = t(
        "chart.bid.title",
        lang,
        n=model.n,
        values=_values_name(model.values.name, lang),
        prizes=_prize_text(model.prizes, lang),
    )
    return (
        alt.layer(diagonal, lines)
        .properties(
            title=alt.Title(
                title,
                subtitle=_caption(
                    t("chart.bid.subtitle", lang, rules=sealed_rules(model, lang=lang))
                ),
            ),
            width=420,
            height=280,
        )
        .interactive()
    )


def _rule_name(a: float, lang: str = "en") -> str:
    if a == 0:
        return t("chart.rule.first_price", lang)
    if a == 1:
        return t("chart.rule.all_pay", lang)
    if a == 0.5:
        return t("chart.rule.turin", lang)
    return t("chart.rule.a", lang, a=formatted(a, "g", lang))


def revenue_split_table(
    model: SealedBid, fractions: Sequence[float] | None = None, lang: str = "en"
) -> pd.DataFrame:
    """Winners' and losers' expected payments for each loser fraction (tidy rows; the payers
    named in ``lang``)."""
    winners, losers = t("chart.winners", lang), t("chart.losers", lang)
    grid = list(fractions) if fractions is not None else list(np.linspace(0.0, 1.0, 21))
    rows = []
    for a in grid:
        r = model.with_loser_fraction(float(a)).revenue()
        rows.append(
            {"a": float(a), "payer": winners, "expected payment": r.winners, "total": r.total}
        )
        rows.append(
            {"a": float(a), "payer": losers, "expected payment": r.losers, "total": r.total}
        )
    return pd.DataFrame(rows)


def revenue_split_chart(model: SealedBid, budget: float | None = None, lang: str = "en") -> Chart:
    """Stacked winners' and losers' payments against ``a``: the total does not move (revenue
    equivalence) while the split does; the model's own ``a`` is marked, and with a budget the
    constrained revenue is drawn as a point below the line."""
    data = revenue_split_table(model, lang=lang)
    payers = [t("chart.winners", lang), t("chart.losers", lang)]
    area = (
        alt.Chart(data)
        .mark_area(opacity=0.8)
        .encode(
            x=alt.X("a:Q", title=t("chart.split.x", lang)),
            y=alt.Y("expected payment:Q", stack="zero", title=t("chart.split.y", lang)),
            color=alt.Color(
                "payer:N",
                title=t("chart.split.legend", lang),
                scale=alt.Scale(domain=payers, range=[WINNERS, LOSERS]),
            ),
            order=alt.Order("payer:N", sort="descending"),
            tooltip=[
                _tip("a:Q", "chart.tip.a", lang, format=".2f"),
                _tip("payer:N", "chart.tip.payer", lang),
                _tip("expected payment:Q", "chart.tip.payment", lang, format=".4f"),
                _tip("total:Q", "chart.tip.total", lang, True, format=".4f"),
            ],
        )
    )
    marker = pd.DataFrame({"a": [model.loser_fraction]})
    rule = alt.Chart(marker).mark_rule(color="black", strokeDash=[2, 2]).encode(x="a:Q")
    layers = [area, rule]
    if budget is not None:
        r = model.with_budget(budget).revenue()
        point = pd.DataFrame(
            {
                "a": [model.loser_fraction],
                "revenue": [r.total],
                "what": [t("chart.budget", lang, budget=formatted(budget, "g", lang))],
            }
        )
        layers.append(
            alt.Chart(point)
            .mark_point(shape="diamond", size=140, filled=True, color="black")
            .encode(
                x="a:Q",
                y="revenue:Q",
                tooltip=[
                    _tip("what:N", "chart.tip.what", lang),
                    _tip("revenue:Q", "chart.tip.revenue", lang, format=".4f"),
                ],
            )
        )
    return alt.layer(*layers).properties(
        title=alt.Title(
            t("chart.split.title", lang),
            subtitle=_caption(
                t(
                    "chart.split.subtitle",
                    lang,
                    n=model.n,
                    values=_values_name(model.values.name, lang),
                    prizes=_prize_text(model.prizes, lang),
                    rules=sealed_rules(model, t("chart.sealed.share_a", lang), lang),
                )
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
    title: str | None = None,
    rules: str | None = None,
    lang: str = "en",
) -> Chart:
    """Simulation means with ±2 standard-error bars beside the theory's values, per quantity;
    ``rules`` (the subtitle) says which rules the theory and the simulation play (both have a
    default in ``lang``; the quantities are shown as ``checks`` name them)."""
    title = title if title is not None else t("explorer.check_title", lang)
    rules = rules if rules is not None else t("explorer.check_rules", lang)
    data = check_table(checks)
    order = list(data["quantity"])
    base = alt.Chart(data).encode(y=alt.Y("quantity:N", sort=order, title=None))
    tips = [
        _tip("quantity:N", "chart.tip.quantity", lang),
        _tip("theory:Q", "chart.tip.theory", lang, format=".4f"),
        _tip("simulation:Q", "chart.tip.simulation", lang, format=".4f"),
        _tip("se:Q", "chart.tip.se", lang, True, format=".4f"),
        _tip("z:Q", "chart.tip.z", lang, True, format="+.2f"),
        _tip("draws:Q", "chart.tip.draws", lang),
    ]
    bars = base.mark_rule(strokeWidth=3, color=SIMULATION).encode(
        x=alt.X("low:Q", title=t("chart.check.x", lang)),
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
            subtitle=_caption(t("chart.check.subtitle", lang, rules=rules)),
        ),
        width=420,
        height=alt.Step(26),
    )


def coin_strategy_chart(eq: CoinEquilibrium, lang: str = "en") -> Chart:
    """Heat map of the whole-coin equilibrium: how likely each value is to bid each amount."""
    game = eq.game
    rows = [
        {
            "value": v,
            "bid": b,
            "probability": float(eq.strategy[v, b]),
            "odd": t("chart.odd" if b % 2 else "chart.even", lang),
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
            x=alt.X("value:O", title=t("chart.coins.x", lang), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("bid:O", title=t("chart.coins.y", lang), sort="descending"),
            color=alt.Color(
                "probability:Q",
                title=t("chart.coins.legend", lang),
                scale=alt.Scale(scheme="blues"),
            ),
            tooltip=[
                _tip("value:O", "chart.tip.value", lang),
                _tip("bid:O", "chart.tip.bid", lang),
                _tip("odd:N", "chart.tip.odd", lang),
                _tip("probability:Q", "chart.tip.probability", lang, format=".1%"),
            ],
        )
    )
    return heat.properties(
        title=alt.Title(
            t("chart.coins.title", lang, n=game.n, prizes=_prize_text(game.prizes, lang)),
            subtitle=_caption(
                t(
                    "chart.coins.subtitle",
                    lang,
                    rules=coin_rules(game, lang=lang),
                    gain=formatted(eq.epsilon, ".4f", lang),
                ),
                80,
            ),
        ),
        width=360,
        height=300,
    )


def bid_distribution_chart(
    results: Sequence[tuple[str, CoinEquilibrium]],
    legend: str | None = None,
    lang: str = "en",
) -> Chart:
    """How often each bid is made, one colour per labelled equilibrium (odd bids stand out).

    The caption states the rules the equilibria share; where they differ (the rounding of a
    loser's share, or whether a bid of 0 can win) it says that each colour tells, and ``legend``
    titles the colours (by default "loser's share" in ``lang``).
    """
    legend = legend if legend is not None else t("explorer.coins.legend", lang)
    games = [eq.game for _, eq in results]
    same_rounding = len({g.rounding for g in games}) == 1
    same_zero = len({g.zero_bids for g in games}) == 1
    differs = [
        *([] if same_rounding else [t("chart.bids.rounding_differs", lang)]),
        *([] if same_zero else [t("chart.bids.zero_differs", lang)]),
    ]
    rules = coin_rules(games[0], rounding=same_rounding, zero=same_zero, lang=lang)
    rules += "".join(t("chart.bids.as_colour", lang, what=d) for d in differs)
    odd, even = t("chart.odd", lang), t("chart.even", lang)
    rows = []
    for label, eq in results:
        for b, p in enumerate(eq.rival_bids):
            rows.append(
                {"rule": label, "bid": b, "share": float(p), "parity": odd if b % 2 else even}
            )
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("bid:O", title=t("chart.coins.y", lang), axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("rule:N"),
            y=alt.Y("share:Q", title=t("chart.bids.y", lang), axis=alt.Axis(format="%")),
            color=alt.Color("rule:N", title=legend, legend=alt.Legend(orient="bottom")),
            tooltip=[
                _tip("rule:N", "chart.tip.rule", lang),
                _tip("bid:O", "chart.tip.bid", lang),
                _tip("parity:N", "chart.tip.parity", lang),
                _tip("share:Q", "chart.tip.share", lang, format=".1%"),
            ],
        )
        .properties(
            title=alt.Title(
                t("chart.bids.title", lang),
                subtitle=_caption(
                    t(
                        "chart.bids.subtitle",
                        lang,
                        n=games[0].n,
                        prizes=_prize_text(games[0].prizes, lang),
                        rules=rules,
                    )
                ),
            ),
            width=420,
            height=220,
        )
    )


def once_around_bid_chart(model: OnceAround, points: int = 101, lang: str = "en") -> Chart:
    """Each seat's bid function ``x_m(v)`` in the once-around auction (colour by seat)."""
    v = np.linspace(model.values.low, model.values.plot_high(), points)
    rows = []
    for seat in range(model.n):
        bids = model.bid(seat, v)
        label = t(
            "chart.once.seat", lang, seat=seat_label(seat, lang), after=model.rivals_after(seat)
        )
        rows += [
            {"seat": label, "value": float(a), "bid": float(b)}
            for a, b in zip(v, bids, strict=True)
        ]
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=alt.X("value:Q", title=t("chart.bid.x", lang)),
            y=alt.Y("bid:Q", title=t("chart.once.y", lang)),
            color=alt.Color("seat:N", title=t("chart.once.legend", lang)),
            tooltip=[
                _tip("seat:N", "chart.tip.seat", lang),
                _tip("value:Q", "chart.tip.value", lang, format=".3f"),
                _tip("bid:Q", "chart.tip.bid", lang, format=".3f"),
            ],
        )
        .properties(
            title=alt.Title(
                t(
                    "chart.once.title",
                    lang,
                    n=model.n,
                    values=_values_name(model.values.name, lang),
                ),
                subtitle=_caption(t("chart.once.subtitle", lang)),
            ),
            width=420,
            height=260,
        )
        .interactive()
    )


def seat_chart(model: OnceAround, lang: str = "en") -> Chart:
    """Win probability and expected surplus of each seat: the last-mover advantage."""
    rows = []
    for s in model.seats():
        seat = seat_label(s.seat, lang)
        rows.append(
            {
                "seat": seat,
                "measure": t("chart.seat.win", lang),
                "amount": s.win_probability,
            }
        )
        rows.append({"seat": seat, "measure": t("chart.seat.surplus", lang), "amount": s.surplus})
        rows.append({"seat": seat, "measure": t("chart.seat.payment", lang), "amount": s.payment})
    data = pd.DataFrame(rows)
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "seat:O",
                title=t("chart.seat.x", lang, first=seat_label(0, lang)),
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("amount:Q", title=None),
            color=alt.Color("measure:N", title=None),
            column=alt.Column("measure:N", title=None),
            tooltip=[
                _tip("seat:O", "chart.tip.seat", lang),
                _tip("measure:N", "chart.tip.measure", lang),
                _tip("amount:Q", "chart.tip.amount", lang, format=".4f"),
            ],
        )
        .properties(
            width=140,
            height=200,
            title=alt.Title(
                t("chart.seat.title", lang, n=model.n),
                subtitle=_caption(t("chart.seat.subtitle", lang)),
            ),
        )
        .resolve_scale(y="independent")
    )


def ascending_chart(results: Sequence[tuple[str, AscendingResult]], lang: str = "en") -> Chart:
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
                "rule:N",
                title=t("chart.ascending.x", lang),
                sort=None,
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("expected price:Q", title=t("chart.ascending.y", lang)),
            color=alt.Color("rule:N", legend=None),
            tooltip=[
                _tip("rule:N", "chart.tip.rule", lang),
                _tip("expected price:Q", "chart.tip.price", lang, format=".3f"),
                _tip("second-highest value:Q", "chart.tip.second", lang, format=".3f"),
                _tip("gap:Q", "chart.tip.gap", lang, True, format="+.3f"),
                _tip("efficiency:Q", "chart.tip.efficiency", lang, True, format=".1%"),
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
            t("chart.ascending.title", lang),
            subtitle=_caption(t("chart.ascending.subtitle", lang)),
        ),
        width=420,
        height=260,
    )


def split_rules(rule: RankRule | MajorityRule, lang: str = "en") -> str:
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
    rounding = t(f"chart.split.{rounding}", lang) if rounding in ("up", "down") else rounding
    if isinstance(rule, MajorityRule):
        return t("chart.split.majority", lang, payout=rule.payout, rounding=rounding)
    unranked = (
        t("chart.split.unranked", lang, at=rule.unranked_at) if rule.unranked_at is not None else ""
    )
    rewards = ", ".join(str(r) for r in rule.rewards)
    return t("chart.split.rank", lang, rewards=rewards, rounding=rounding, unranked=unranked)


def rounding_chart(
    dist: RoundingDistribution,
    checks: Sequence[Check] | None = None,
    title: str = "",
    rule: RankRule | MajorityRule | None = None,
    lang: str = "en",
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
                title=t("chart.rounding.x", lang),
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y(
                "probability:Q",
                title=t("chart.tip.probability", lang),
                axis=alt.Axis(format="%"),
            ),
            tooltip=[
                _tip("gain:O", "chart.tip.gain", lang),
                _tip("probability:Q", "chart.tip.probability", lang, format=".2%"),
            ],
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
                    _tip("gain:O", "chart.tip.gain", lang),
                    _tip("simulation:Q", "chart.tip.simulation", lang, format=".2%"),
                    _tip("se:Q", "chart.tip.se", lang, True, format=".2%"),
                ],
            ),
        ]
    subtitle = t(
        "chart.rounding.subtitle",
        lang,
        mean=formatted(dist.mean, "+.3f", lang),
        share=formatted(dist.p_nonzero, ".1%", lang),
    )
    if rule is not None:
        subtitle = t(
            "chart.rounding.with_rule", lang, rule=split_rules(rule, lang), subtitle=subtitle
        )
    return alt.layer(*layers).properties(
        title=alt.Title(title or t("chart.rounding.title", lang), subtitle=_caption(subtitle, 80)),
        width=380,
        height=240,
    )


def _caption(text: str, width: int = 70) -> list[str]:
    """A long caption as lines a chart's subtitle can hold: 70 characters stay inside a chart
    of the usual width even in the browser's font, which runs wider than the one vl-convert
    measures with (longer lines were cut at the picture's edge, French ones most)."""
    return textwrap.wrap(text, width)


def _player(row: Any, keys: Sequence[str], lang: str = "en") -> str:
    """A player's label in the loss bars: ``table 2: Ada`` or ``game 1, P1 (heuristic)``, games
    and seats counted from 1 as people count them (the game's own ``P1`` is seat 0)."""
    if "name" in keys:
        return t("distance.player_table", lang, table=row["table"], name=row["name"])
    label = t(
        "distance.player_game",
        lang,
        game=int(row["deal"]) + 1,
        seat=seat_label(int(row["seat"]), lang),
    )
    return f"{label} ({bot_label(str(row['bot']), lang)})" if "bot" in keys else label


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


def distance_chart(result: Distance, width: int = 440, lang: str = "en") -> Chart:
    """Every bid against the equilibrium line (its mark as large as the Scudo it gives up), and
    beside it each player's total loss; the caption says which rules are modelled.

    The line is the equilibrium bid of each value when the bidder holds the model's budget; a
    bidder holding less is compared with the best bid it could afford (in the tooltip).

    Args:
        result: what :func:`tradekit.theory.distance.distance` found.
        width: the width of the bids' chart, in pixels.
        lang: ``"en"`` or ``"fr"``: titles, axes, legends, tooltips, caption and player labels.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import run
        >>> from tradekit.theory.distance import distance
        >>> table = run(tradekit.load_game("turin"), "heuristic", n=1, seed=2, decisions="Bid")
        >>> spec = distance_chart(distance(table.decisions, iterations=300)).to_dict()
        >>> "a bid of 0 never wins" in " ".join(spec["title"]["subtitle"])
        True
    """
    lang = check_lang(lang)
    bids = result.bids.copy()
    keys = list(result.players.columns[: list(result.players.columns).index("bids")])
    bids["player"] = [_player(row, keys, lang) for _, row in bids.iterrows()]
    players = result.players.copy()
    players["player"] = [_player(row, keys, lang) for _, row in players.iterrows()]
    line_data = equilibrium_line(result)
    if lang != "en":
        names = {label: m.label_in(lang) for label, m in result.models.items()}
        line_data["model"] = line_data["model"].map(names)

    def tip(field: str, key: str, **kwargs: Any) -> Any:
        return _tip(field, f"distance.tip.{key}", lang, titled=True, **kwargs)

    tips = [
        tip("player:N", "player"),
        tip("round:O", "round"),
        tip("value:Q", "value", format=".2f"),
        tip("scudo:Q", "scudo"),
        tip("bid:Q", "bid"),
        tip("equilibrium_bid:Q", "equilibrium_bid"),
        tip("gap:Q", "gap", format="+d"),
        tip("utility_lost:Q", "lost", format=".3f"),
    ]
    x = alt.X("value:Q", title=t("distance.x_value", lang))
    line = (
        alt.Chart(line_data)
        .mark_line(interpolate="step-after", color=THEORY, strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("equilibrium_bid:Q", title=t("distance.y_bid", lang)),
            # The legend's title may run longer than Vega's 180 pixels (in French it does).
            strokeDash=alt.StrokeDash(
                "model:N",
                title=t("distance.model_legend", lang),
                legend=alt.Legend(titleLimit=320),
            ),
            tooltip=[
                tip("model:N", "model"),
                tip("value:Q", "value", format=".2f"),
                tip("equilibrium_bid:Q", "equilibrium_bid"),
            ],
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
                title=t("distance.lost_legend", lang),
                scale=alt.Scale(range=[20, 420], zero=True),
            ),
            tooltip=tips,
        )
    )
    scatter = alt.layer(line, dots).properties(
        width=width, height=300, title=t("distance.each_bid", lang)
    )
    order = list(players.sort_values("utility_lost", ascending=False)["player"])
    bars = (
        alt.Chart(players)
        .mark_bar(color=LOSERS)
        .encode(
            x=alt.X("utility_lost:Q", title=t("distance.x_lost", lang)),
            y=alt.Y("player:N", sort=order, title=None),
            tooltip=[
                tip("player:N", "player"),
                tip("bids:Q", "bids"),
                tip("utility_lost:Q", "lost", format=".3f"),
                tip("mean_gap:Q", "mean_gap", format="+.2f"),
                tip("at_equilibrium:Q", "at_equilibrium", format=".0%"),
            ],
        )
        .properties(width=260, height=alt.Step(14), title=t("distance.each_player", lang))
    )
    total = float(result.bids["utility_lost"].sum())
    return alt.hconcat(scatter, bars).properties(
        # Room on the right for the legends' titles: a browser's font runs wider than the one
        # vl-convert sizes an SVG picture with, and the picture cuts what runs past its edge.
        padding={"left": 5, "top": 5, "bottom": 5, "right": 60},
        title=alt.Title(
            t("distance.title", lang, bids=len(bids), lost=formatted(total, ".1f", lang)),
            subtitle=_caption(result.caption(lang)),
            anchor="start",
        ),
    )
