"""Interactive explorers for the lesson notebooks (ipywidgets + altair; imported on demand).

Each explorer is a small object holding its controls (``n``, ``a``, ``values``, ... as ipywidgets),
its charts and a **Check** button that runs a fresh Monte Carlo simulation through the engine and
draws it beside the theory with error bars. Display it in a notebook (it shows its ``widget``);
drive it headless in tests by setting ``.value`` on a control or calling ``.check.click()``.

Charts are shown either as interactive altair widgets (``mode="jupyter"``: ``alt.JupyterChart``
with its JavaScript taken offline from vl-convert) or as static SVG drawn by vl-convert
(``mode="svg"``); both work without a network (altair's default renderer needs a CDN).

Example:
    >>> ex = SealedBidExplorer(mode="svg")
    >>> ex.n.value = 4
    >>> "4 bidders" in ex.summary.value
    True
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

import numpy as np

from tradekit.core.seats import seat_label
from tradekit.core.words import counted
from tradekit.games.turin.game import SETUP
from tradekit.theory import charts, simulate
from tradekit.theory.ascending import MAX_PROFILES, AscendingModel, Strategy
from tradekit.theory.coins import CoinAuction, CoinEquilibrium, Rounding, uniform_values
from tradekit.theory.once_around import OnceAround, complete_information
from tradekit.theory.sealed import SealedBid, least_loser_fraction
from tradekit.theory.splitting import (
    MEDICI_LADDER,
    MEDICI_SHIPS,
    MajorityRule,
    RankRule,
    binomial_units,
    medici_ladder_steps,
    medici_ship_totals,
    rounding_distribution,
)
from tradekit.theory.values import Values, order_statistic_mean

MODES = ("jupyter", "svg")

#: Turin Market's prize table for a normal round, by number of players (the places that win
#: cards, from the game's set-up table).
TURIN_PRIZES: dict[int, tuple[float, ...]] = {
    n: tuple(float(p) for p in row.prizes if p) for n, row in SETUP.items()
}


def value_laws() -> dict[str, Callable[[], Values]]:
    """The value distributions offered in the explorers (all log-concave).

    Example:
        >>> list(value_laws())[:2]
        ['uniform on [0, 1]', 'beta(2, 2): middling values common']
    """
    return {
        "uniform on [0, 1]": Values.uniform,
        "beta(2, 2): middling values common": lambda: Values.from_scipy(
            _stats().beta(2, 2), "beta(2, 2)"
        ),
        "beta(1, 3): mostly low values": lambda: Values.from_scipy(
            _stats().beta(1, 3), "beta(1, 3)"
        ),
        "beta(2, 1): mostly high values": lambda: Values.from_scipy(
            _stats().beta(2, 1), "beta(2, 1)"
        ),
        "exponential(1): unbounded": lambda: Values.from_scipy(_stats().expon(), "exponential(1)"),
    }


def _stats() -> Any:
    """``scipy.stats``, imported when a law other than the uniform is chosen: the import takes
    about half a second, which every kernel opening an explorer would otherwise wait."""
    from scipy import stats

    return stats


class ChartSlot:
    """One chart of an explorer: an interactive ``alt.JupyterChart`` or static SVG.

    Attributes:
        widget: what to put in a layout.
        chart: the altair chart shown last (``None`` before the first).
    """

    def __init__(self, mode: str = "jupyter") -> None:
        import ipywidgets as w

        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        self.mode = mode
        self.chart: Any = None
        self._jupyter: Any = None
        self.widget: Any = w.Output() if mode == "svg" else w.Box()

    def show(self, chart: Any) -> None:
        """Replace the chart."""
        self.chart = chart
        if self.mode == "svg":
            import vl_convert as vlc
            from IPython.display import SVG

            self.widget.outputs = ()
            svg = cast(Any, SVG)(vlc.vegalite_to_svg(chart.to_dict()))
            self.widget.append_display_data(svg)
            return
        import altair as alt

        from tradekit.charts import offline_widgets

        if self._jupyter is None:
            offline_widgets()
            self._jupyter = alt.JupyterChart(chart)
            self.widget.children = (self._jupyter,)
        else:
            self._jupyter.chart = chart


class Explorer:
    """What every explorer shares: a layout, a status line, a check button and its results."""

    title = ""

    def __init__(self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None) -> None:
        import ipywidgets as w

        self._w = w
        self.mode = mode
        self.seed = seed
        self.runs = 0
        self.summary: Any = w.HTML()
        self.check: Any = w.Button(
            description="Check against a fresh simulation",
            button_style="primary",
            icon="check",
            layout=w.Layout(width="auto"),
        )
        self.draws: Any = w.IntSlider(
            value=draws, min=500, max=50_000, step=500, description="draws", continuous_update=False
        )
        self.check_slot = ChartSlot(mode)
        self.check_table: Any = w.HTML()
        self.checks: list[simulate.Check] = []
        self.check.on_click(lambda _: self._run_check())
        self.widget: Any = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _slider(self, description: str, value: int, low: int, high: int) -> Any:
        return self._w.IntSlider(
            value=value,
            min=low,
            max=high,
            description=description,
            continuous_update=False,
            style={"description_width": "initial"},
        )

    def _row(self, *items: Any) -> Any:
        """Charts side by side, wrapping onto the next line when the notebook is narrow."""
        return self._w.HBox(list(items), layout=self._w.Layout(flex_flow="row wrap"))

    def _watch(self, *controls: Any) -> None:
        for c in controls:
            c.observe(lambda _: self._refresh(), names="value")

    def _layout(self, controls: Sequence[Any], charts_: Sequence[Any]) -> None:
        w = self._w
        self.widget = w.VBox(
            [
                w.HTML(f"<h3>{html.escape(self.title)}</h3>"),
                self._row(w.VBox(list(controls)), self.summary),
                *charts_,
                w.HBox([self.check, self.draws]),
                self.check_slot.widget,
                self.check_table,
            ]
        )

    def _seed(self) -> int:
        self.runs += 1
        if self.seed is None:
            return int(np.random.default_rng().integers(2**31))
        return self.seed + self.runs

    def _refresh(self) -> None:
        try:
            self.update()
        except Exception as err:  # whatever an entry breaks, the reader gets words, not a trace
            self.summary.value = _error_html(err)
            return
        # A check that failed on the entries before is no longer the news.
        if self.check_table.value.startswith(_ERROR):
            self.check_table.value = ""

    def _run_check(self) -> None:
        self.check.disabled = True
        self.check.description = "Simulating ..."
        try:
            self.checks = self.simulate(int(self.draws.value), self._seed())
            self.check_slot.show(charts.check_chart(self.checks))
            self.check_table.value = _check_html(self.checks)
        except Exception as err:  # as in _refresh
            self.check_table.value = _error_html(err)
        finally:
            self.check.disabled = False
            self.check.description = "Check against a fresh simulation"

    def update(self) -> None:
        """Recompute the theory and redraw (called whenever a control changes)."""
        raise NotImplementedError

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Run a fresh simulation through the engine."""
        raise NotImplementedError


#: How an error in words starts in an explorer's summary or check table.
_ERROR = "<b style='color:#b00'>"


def _error_html(err: Exception) -> str:
    """An error for the summary, in words (its text is short: inputs are quoted shortened).

    The explorers' own errors (:class:`ValueError`) are sentences for the reader; any other
    error comes from code the entries reached, in a programmer's words, so it is not shown.
    """
    if isinstance(err, ValueError):
        said = str(err)
    elif isinstance(err, ArithmeticError):
        said = "These settings cannot be computed (a number grew too large); try smaller ones."
    else:
        said = "These settings cannot be computed; try other ones."
    return f"{_ERROR}{html.escape(said)}</b>"


def _check_html(checks: Sequence[simulate.Check]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(c.quantity)}</td><td>{_figure(c.theory)}</td>"
        f"<td>{_figure(c.estimate.mean)} ± {_figure(2 * c.estimate.se)}</td><td>{c.z:+.2f}</td>"
        f"<td>{'✔' if c.agrees() else '✘'}</td></tr>"
        for c in checks
    )
    agree = sum(c.agrees() for c in checks)
    return (
        "<table><tr><th>quantity</th><th>theory</th><th>simulation (±2 se)</th><th>z</th>"
        f"<th>within 3 se</th></tr>{rows}</table>"
        f"<p>{agree} of {len(checks)} quantities agree within 3 standard errors "
        f"({checks[0].estimate.draws if checks else 0} simulated auctions).</p>"
    )


def _table(rows: Sequence[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{v}</b></td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


#: The largest number a typed list may hold (prizes, rewards): larger ones are typing slips.
LARGEST_TYPED = 1_000_000


def _parse_numbers(
    text: str, what: str = "numbers", whole: bool = False, least: float | None = None
) -> list[float]:
    """The numbers typed in a text box, separated by commas, semicolons or spaces.

    Args:
        text: what was typed.
        what: the field's name, as its errors say it.
        whole: whether only whole numbers are allowed.
        least: the smallest number allowed, if any.

    Raises:
        ValueError: a plain sentence naming the field and the entry: an empty entry (two
            commas in a row), not a number, not finite (``nan``, ``inf``), beyond
            :data:`LARGEST_TYPED` in size, not whole when ``whole``, below ``least``.

    Example:
        >>> _parse_numbers("2, 1; 0.5")
        [2.0, 1.0, 0.5]
        >>> _parse_numbers("1e300", "prizes")
        Traceback (most recent call last):
        ...
        ValueError: prizes: “1e300” is too large (at most 1,000,000).
        >>> _parse_numbers("1,,2", "prizes")
        Traceback (most recent call last):
        ...
        ValueError: prizes: an entry is empty (two commas in a row, or one at an end).
    """
    if not text.strip():
        return []
    out = []
    for item in re.split(r"[,;]", text):
        if not item.strip():
            raise ValueError(f"{what}: an entry is empty (two commas in a row, or one at an end).")
        for part in item.split():
            out.append(_number(part, what, whole, least))
    return out


def _number(part: str, what: str, whole: bool, least: float | None) -> float:
    """One entry of :func:`_parse_numbers`, checked (its errors quote it shortened)."""
    shown = f"“{part if len(part) <= 12 else part[:12] + '...'}”"
    try:
        number = float(part)
    except ValueError:
        raise ValueError(f"{what}: {shown} is not a number.") from None
    if not math.isfinite(number):
        raise ValueError(f"{what}: {shown} is not a finite number.")
    if abs(number) > LARGEST_TYPED:
        raise ValueError(f"{what}: {shown} is too large (at most {LARGEST_TYPED:,}).")
    if whole and not number.is_integer():
        raise ValueError(f"{what}: {shown} is not a whole number.")
    if least is not None and number < least:
        raise ValueError(f"{what}: {shown} is below {least:g}; type numbers of {least:g} or more.")
    return number


def _figure(x: float) -> str:
    """A figure for people: three significant digits, at most three decimals.

    Example:
        >>> [_figure(x) for x in (4.52691, 0.641, 0.25, 12.3456, 1234.5, 0.00001, 0.0)]
        ['4.53', '0.641', '0.250', '12.3', '1,234', 'below 0.001', '0']
    """
    if x == 0 or not math.isfinite(x):
        return f"{x:g}"
    if abs(x) < 0.0005:
        return "below 0.001" if x > 0 else "above -0.001"
    decimals = min(3, max(0, 2 - math.floor(math.log10(abs(x)))))
    return f"{x:,.{decimals}f}"


def _listed(numbers: Sequence[float]) -> str:
    """``30, 20, 10``: numbers for a summary (never a raw tuple)."""
    return ", ".join(f"{x:g}" for x in numbers)


class SealedBidExplorer(Explorer):
    """Sealed bids where losers pay ``a`` of their bid: bids, revenue split, budgets, checks.

    Controls: ``n``, ``a``, ``values``, ``prizes`` (``"one prize"``, ``"Turin Market"``,
    ``"custom"`` with ``custom_prizes``), ``pays`` (every prize place paying its bid in full, as
    in the games, or only the top), ``budget`` (0: none; single prize only).
    """

    title = "Sealed bids: the winner pays its bid, every loser a share a of its bid"

    #: The payment rules offered for ranked prizes: ``pays`` of :class:`SealedBid`.
    PAYS: ClassVar[dict[str, tuple[float, ...] | None]] = {
        "all pay in full (the games)": None,
        "only the top pays in full": (1.0,),
    }

    def __init__(self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None) -> None:
        super().__init__(mode, draws, seed)
        w = self._w
        self.laws = value_laws()
        self.n: Any = self._slider("bidders n", 3, 2, 6)
        self.a: Any = w.FloatSlider(
            value=0.5,
            min=0.0,
            max=1.0,
            step=0.05,
            description="loser pays a",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.values: Any = w.Dropdown(options=list(self.laws), description="values")
        self.prizes: Any = w.Dropdown(
            options=["one prize", "Turin Market", "custom"], description="prizes"
        )
        self.custom_prizes: Any = w.Text(value="2, 1", description="custom")
        self.pays: Any = w.Dropdown(
            options=list(self.PAYS),
            description="prize places",
            style={"description_width": "initial"},
        )
        self.budget: Any = w.FloatSlider(
            value=0.0,
            min=0.0,
            max=1.0,
            step=0.05,
            description="budget (0: none)",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.bid_slot = ChartSlot(mode)
        self.split_slot = ChartSlot(mode)
        self._watch(
            self.n, self.a, self.values, self.prizes, self.custom_prizes, self.pays, self.budget
        )
        self._layout(
            [self.n, self.a, self.values, self.prizes, self.custom_prizes, self.pays, self.budget],
            [self._row(self.bid_slot.widget, self.split_slot.widget)],
        )
        self._refresh()

    def model(self) -> SealedBid:
        """The model the controls describe."""
        n = int(self.n.value)
        if self.prizes.value == "one prize":
            prizes: tuple[float, ...] = (1.0,)
        elif self.prizes.value == "Turin Market":
            prizes = TURIN_PRIZES.get(n, (2.0, 2.0, 1.0))
        else:
            typed = _parse_numbers(self.custom_prizes.value, "custom prizes", least=0)
            prizes = tuple(typed)[:n] or (1.0,)
            if not any(prizes):
                raise ValueError(
                    f"custom prizes: the first {counted(n, 'prize', 'prizes')} are all 0;"
                    " type at least one prize above 0."
                )
        return SealedBid(
            n,
            float(self.a.value),
            self.laws[self.values.value](),
            prizes,
            self.PAYS[self.pays.value],
        )

    def _budget(self, model: SealedBid) -> float | None:
        b = float(self.budget.value)
        single = not any(model.prizes[1:])
        return b if b > 0 and single else None

    def update(self) -> None:
        """Recompute bids and the revenue split, and redraw."""
        model = self.model()
        budget = self._budget(model)
        r = model.revenue()
        ex = model.existence()
        rows = [
            ("model", f"{model.n} bidders, {html.escape(model.values.name)} values"),
            ("prizes by place", ", ".join(f"{p:g}" for p in model.prizes)),
            ("expected revenue", _figure(r.total)),
            ("... paid by winners", _figure(r.winners)),
            ("... paid by losers", f"{_figure(r.losers)} ({r.loser_share:.1%})"),
            ("expected bid", _figure(r.expected_bid)),
            ("bidders' surplus", _figure(r.bidder_surplus)),
            ("equilibrium", html.escape(ex.reason)),
        ]
        if not model.games_payments:
            least = least_loser_fraction(model.n, model.prizes, model.values)
            rows.append(
                (
                    "least a for an increasing equilibrium",
                    _figure(least) if math.isfinite(least) else "none in [0, 1]",
                )
            )
        if not any(model.prizes[1:]):
            rows.insert(
                3, ("E[second-highest value]", _figure(order_statistic_mean(model.values, model.n)))
            )
        if budget is not None:
            eq = model.with_budget(budget)
            rb = eq.revenue()
            rows.append(
                (
                    f"with budget {budget:g}",
                    f"revenue {_figure(rb.total)}; values above {eq.cutoff:.3f} bid the budget"
                    if eq.binds
                    else "the budget does not bind",
                )
            )
        elif self.budget.value > 0:
            rows.append(("budget", "only for a single prize"))
        self.summary.value = _table(rows)
        self.bid_slot.show(charts.bid_chart(model, budget=budget))
        self.split_slot.show(charts.revenue_split_chart(model, budget=budget))

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the equilibrium (with the budget if set) through the engine."""
        model = self.model()
        budget = self._budget(model)
        target = model.with_budget(budget) if budget is not None else model
        return simulate.sealed(target, draws=draws, seed=seed)


class CoinExplorer(Explorer):
    """Whole coins and "half rounded down": the grid equilibrium and what rounding does."""

    title = "Whole coins: bids on a grid, losers' shares rounded"

    FRACTIONS: ClassVar[dict[str, Fraction]] = {
        "1/2 (Turin Market)": Fraction(1, 2),
        "0 (first price)": Fraction(0),
        "1 (all pay)": Fraction(1),
        "1/3": Fraction(1, 3),
    }

    def __init__(
        self,
        mode: str = "jupyter",
        draws: int = 5000,
        seed: int | None = None,
        iterations: int = 1500,
    ) -> None:
        super().__init__(mode, draws, seed)
        w = self._w
        self.iterations = iterations
        self.n: Any = self._slider("bidders n", 3, 2, 5)
        self.top: Any = self._slider("values 0 to", 10, 2, 20)
        self.max_bid: Any = self._slider("budget (most a bid)", 10, 1, 20)
        self.fraction: Any = w.Dropdown(options=list(self.FRACTIONS), description="loser pays")
        self.rounding: Any = w.ToggleButtons(options=["down", "exact", "up"], description="round")
        self.ties: Any = w.ToggleButtons(options=["flip", "void"], description="ties")
        self.zero_bids: Any = w.ToggleButtons(
            options=[("never (games)", "lose"), ("at 0 (textbook)", "win")],
            description="a bid of 0 wins",
            style={"description_width": "initial"},
        )
        self.prizes: Any = w.Dropdown(options=["one prize", "Turin Market"], description="prizes")
        self.strategy_slot = ChartSlot(mode)
        self.bids_slot = ChartSlot(mode)
        self.equilibrium: CoinEquilibrium | None = None
        controls = [
            self.n,
            self.top,
            self.max_bid,
            self.fraction,
            self.rounding,
            self.ties,
            self.zero_bids,
            self.prizes,
        ]
        self._watch(*controls)
        self._layout(
            controls,
            [self._row(self.strategy_slot.widget, self.bids_slot.widget)],
        )
        self._refresh()

    def game(self, rounding: str | None = None) -> CoinAuction:
        """The auction the controls describe (optionally with another rounding)."""
        n = int(self.n.value)
        prizes = (
            (1,)
            if self.prizes.value == "one prize"
            else tuple(int(p) for p in TURIN_PRIZES.get(n, (2.0, 2.0, 1.0)))
        )
        return CoinAuction(
            n,
            uniform_values(int(self.top.value)),
            int(self.max_bid.value),
            self.FRACTIONS[self.fraction.value],
            prizes,
            cast(Rounding, rounding or self.rounding.value),
            self.ties.value,
            self.zero_bids.value,
        )

    def update(self) -> None:
        """Solve the grid equilibrium (and the unrounded one beside it) and redraw."""
        eq = self.game().solve(iterations=self.iterations, tol=2e-3)
        self.equilibrium = eq
        exact = (
            eq
            if eq.game.rounding == "exact"
            else self.game("exact").solve(iterations=self.iterations, tol=2e-3)
        )
        n, top = eq.game.n, eq.game.top_value
        cont = SealedBid(
            n, float(eq.game.loser_fraction), Values.uniform(top), tuple(map(float, eq.game.prizes))
        ).revenue()
        rows = [
            ("largest gain from deviating", f"{_figure(eq.epsilon)} coins ({eq.iterations} steps)"),
            ("expected revenue", f"{eq.revenue:.3f} coins"),
            ("... paid by winners / losers", f"{eq.winners_pay:.3f} / {eq.losers_pay:.3f}"),
            ("kept by losers through rounding", f"{eq.rounded_off:.3f} coins"),
            ("revenue without rounding", f"{exact.revenue:.3f} coins"),
            (f"continuous theory, values U[0, {top}]", f"{cont.total:.3f} coins"),
            ("odd bids", f"{eq.odd_share:.1%} (no rounding: {exact.odd_share:.1%})"),
            (
                "bids of exactly 1",
                f"{eq.share_of_bid(1):.1%} (no rounding: {exact.share_of_bid(1):.1%})",
            ),
        ]
        self.summary.value = _table(rows)
        self.strategy_slot.show(charts.coin_strategy_chart(eq))
        label = f"{eq.game.loser_fraction}, rounded {eq.game.rounding}"
        pairs = [(label, eq)] if eq is exact else [(label, eq), ("no rounding", exact)]
        self.bids_slot.show(charts.bid_distribution_chart(pairs))

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the grid equilibrium through the engine."""
        assert self.equilibrium is not None
        return simulate.coins(self.equilibrium, draws=draws, seed=seed)


class OnceAroundExplorer(Explorer):
    """The once-around auction (Medici): bids by seat, who wins, and complete information."""

    title = "Once around the table: everyone speaks once, the last bidder wins"

    def __init__(self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None) -> None:
        super().__init__(mode, draws, seed)
        w = self._w
        self.laws = value_laws()
        self.n: Any = self._slider("players n", 4, 2, 6)
        self.values: Any = w.Dropdown(options=list(self.laws), description="values")
        self.known: Any = w.Text(
            value="12, 9, 15", description="known values", style={"description_width": "initial"}
        )
        self.budgets: Any = w.Text(
            value="",
            description="budgets",
            placeholder="none",
            style={"description_width": "initial"},
        )
        self.complete: Any = w.HTML()
        self.bid_slot = ChartSlot(mode)
        self.seat_slot = ChartSlot(mode)
        self._watch(self.n, self.values, self.known, self.budgets)
        self._layout(
            [self.n, self.values, self.known, self.budgets],
            [self._row(self.bid_slot.widget, self.seat_slot.widget), self.complete],
        )
        self._refresh()

    def model(self) -> OnceAround:
        """The model the controls describe."""
        return OnceAround(int(self.n.value), self.laws[self.values.value]())

    def update(self) -> None:
        """Recompute bids and seat outcomes, and the complete-information example."""
        known = [int(x) for x in _parse_numbers(self.known.value, "known values", True, 0)]
        budgets = [int(x) for x in _parse_numbers(self.budgets.value, "budgets", True, 0)] or None
        if budgets is not None and len(budgets) != len(known):
            raise ValueError(
                f"budgets: {counted(len(budgets), 'budget', 'budgets')} for"
                f" {counted(len(known), 'known value', 'known values')}; type one budget for each"
                " known value, or none."
            )
        model = self.model()
        seats = model.seats()
        second = order_statistic_mean(model.values, model.n)
        rows = [
            ("expected price", _figure(model.revenue())),
            ("E[second-highest value] (English auction)", _figure(second)),
            *[
                (seat_label(s.seat), f"wins {s.win_probability:.1%}, surplus {_figure(s.surplus)}")
                for s in seats
            ],
        ]
        self.summary.value = _table(rows)
        self.bid_slot.show(charts.once_around_bid_chart(model))
        self.seat_slot.show(charts.seat_chart(model))
        if len(known) < 2:
            self.complete.value = "<i>type at least two known values</i>"
            return
        out = complete_information(known, budgets)
        steps = ", ".join(
            f"{seat_label(p)}: {'pass' if b is None else f'bids {b}'}" for p, b in out.history
        )
        who = "nobody" if out.winner is None else seat_label(out.winner)
        self.complete.value = (
            "<p><b>Complete information, whole coins</b> (values "
            f"{', '.join(map(str, known))} in speaking order): {steps}. "
            f"<b>{who} wins and pays {out.price}.</b></p>"
        )

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the equilibrium through the engine's once-around auction."""
        return simulate.once_around(self.model(), draws=draws, seed=seed)


class AscendingExplorer(Explorer):
    """The ascending auction with fixed raises (Négoces): price against the benchmark."""

    title = "Ascending auction: raises of +1 or +2, drop out for good"

    RULES: ClassVar[dict[str, tuple[tuple[int, ...], Strategy]]] = {
        "+1/+2, minimal": ((1, 2), "minimal"),
        "+1/+2, jump": ((1, 2), "jump"),
        "+1, minimal": ((1,), "minimal"),
        "+2, minimal": ((2,), "minimal"),
    }

    def __init__(self, mode: str = "jupyter", draws: int = 3000, seed: int | None = None) -> None:
        super().__init__(mode, draws, seed)
        w = self._w
        self.n: Any = self._slider("players n", 4, 2, 5)
        self.top: Any = self._slider("values 0 to", 15, 2, 20)
        self.budget: Any = self._slider("coins each", 15, 1, 30)
        self.rule: Any = w.Dropdown(options=list(self.RULES), description="check rule")
        self.chart_slot = ChartSlot(mode)
        self._watch(self.n, self.top, self.budget)
        self._layout([self.n, self.top, self.budget, self.rule], [self.chart_slot.widget])
        self._refresh()

    def model(self, label: str) -> AscendingModel:
        """The model for one rule label."""
        steps, strategy = self.RULES[label]
        return AscendingModel(
            int(self.n.value),
            uniform_values(int(self.top.value)),
            steps,
            int(self.budget.value),
            strategy,
        )

    def update(self) -> None:
        """Enumerate every rule exactly and redraw."""
        count = (int(self.top.value) + 1) ** int(self.n.value)
        if count > MAX_PROFILES // 4:
            raise ValueError(f"{count:,} value profiles: use fewer players or values")
        results = [(label, self.model(label).exact()) for label in self.RULES]
        rows = [
            (
                label,
                f"price {r.expected_price:.3f} ({r.gap:+.3f} vs benchmark), "
                f"highest value wins {r.efficiency:.1%}",
            )
            for label, r in results
        ]
        rows.insert(0, ("E[second-highest value]", f"{results[0][1].second_value:.3f}"))
        self.summary.value = _table(rows)
        self.chart_slot.show(charts.ascending_chart(results))

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the chosen rule through the engine's ascending auction."""
        return simulate.ascending(self.model(self.rule.value), draws=draws, seed=seed)


class TieExplorer(Explorer):
    """Tie-splitting: the exact law of coins rounding creates or destroys in one scoring."""

    title = "Ties: what rounding does to the money"

    def __init__(self, mode: str = "jupyter", draws: int = 20_000, seed: int | None = None) -> None:
        super().__init__(mode, draws, seed)
        w = self._w
        self.rule: Any = w.ToggleButtons(
            options=["Medici ships", "Medici ladder", "Turin majority"], description="rule"
        )
        self.n: Any = self._slider("players", 5, 2, 6)
        self.rewards: Any = w.Text(value="", description="rewards", placeholder="the rulebook's")
        self.cards: Any = self._slider("cards per warehouse", 5, 1, 5)
        self.rounds: Any = self._slider("ladder: rounds played", 1, 1, 3)
        self.payout: Any = self._slider("Turin: bank payout", 6, 1, 12)
        self.units: Any = self._slider("Turin: units on offer", 6, 1, 12)
        self.share: Any = w.FloatSlider(
            value=0.3,
            min=0.05,
            max=0.95,
            step=0.05,
            description="Turin: share of each unit",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.chart_slot = ChartSlot(mode)
        self.distribution: Any = None
        self._watch(
            self.rule,
            self.n,
            self.rewards,
            self.cards,
            self.rounds,
            self.payout,
            self.units,
            self.share,
        )
        self._layout(
            [
                self.rule,
                self.n,
                self.rewards,
                self.cards,
                self.rounds,
                self.payout,
                self.units,
                self.share,
            ],
            [self.chart_slot.widget],
        )
        self._refresh()

    def setting(self) -> tuple[RankRule | MajorityRule, list[dict[int, float]], str]:
        """The rule, the players' score distributions and a description."""
        n = int(self.n.value)
        custom = [int(x) for x in _parse_numbers(self.rewards.value, "rewards", True, 0)]
        if self.rule.value == "Medici ships":
            rewards = tuple(custom) or MEDICI_SHIPS.get(n, MEDICI_SHIPS[6][:n])
            pmf = medici_ship_totals(int(self.cards.value))
            what = f"rewards {_listed(rewards)}, totals of {self.cards.value} cards"
            return RankRule(rewards), [pmf] * n, what
        if self.rule.value == "Medici ladder":
            awards = tuple(custom) or MEDICI_LADDER
            pmf = _ladder_after(int(self.rounds.value))
            after = counted(self.rounds.value, "round", "rounds")
            what = f"one good, awards {_listed(awards)}, after {after}"
            return RankRule(awards, unranked_at=0), [pmf] * n, what
        pmf = binomial_units(int(self.units.value), float(self.share.value))
        what = (
            f"one good: payout {self.payout.value}, units held ~ Binomial"
            f"({self.units.value}, {self.share.value:g})"
        )
        return MajorityRule(int(self.payout.value)), [pmf] * n, what

    def update(self) -> None:
        """Recompute the exact distribution and redraw."""
        rule, pmfs, what = self.setting()
        dist = rounding_distribution(rule, pmfs)
        self.distribution = dist
        verb = "created" if dist.mean > 0 else "lost"
        self.summary.value = _table(
            [
                ("setting", html.escape(f"{self.rule.value}: {what}")),
                ("players", str(len(pmfs))),
                (f"expected coins {verb}", f"{_figure(abs(dist.mean))} per scoring"),
                ("standard deviation", _figure(dist.sd)),
                ("rounding moves money", f"{dist.p_nonzero:.1%} of scorings"),
            ]
        )
        self.chart_slot.show(
            charts.rounding_chart(dist, title=f"{self.rule.value}: {what}", rule=rule)
        )

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Draw scores, split with the engine, compare with the exact distribution."""
        rule, pmfs, what = self.setting()
        dist = rounding_distribution(rule, pmfs)
        checks = simulate.rounding(rule, pmfs, dist, draws=draws, seed=seed)
        self.chart_slot.show(
            charts.rounding_chart(dist, checks, title=f"{self.rule.value}: {what}", rule=rule)
        )
        return checks


def _ladder_after(rounds: int, top: int = 7) -> dict[int, float]:
    """Ladder position after ``rounds`` rounds: the sum of independent per-round steps, capped."""
    step = medici_ladder_steps()
    out = {0: 1.0}
    for _ in range(rounds):
        nxt: dict[int, float] = {}
        for a, p in out.items():
            for b, q in step.items():
                k = min(a + b, top)
                nxt[k] = nxt.get(k, 0.0) + p * q
        out = nxt
    return out


__all__ = [
    "AscendingExplorer",
    "ChartSlot",
    "CoinExplorer",
    "Explorer",
    "OnceAroundExplorer",
    "SealedBidExplorer",
    "TieExplorer",
]
