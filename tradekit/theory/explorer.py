"""Interactive explorers for the lesson notebooks (ipywidgets + altair; imported on demand).

Each explorer is a small object holding its controls (``n``, ``a``, ``values``, ... as ipywidgets),
its charts and a **Check** button that runs a fresh Monte Carlo simulation through the engine and
draws it beside the theory with error bars. Display it in a notebook (it shows its ``widget``);
drive it headless in tests by setting ``.value`` on a control or calling ``.check.click()``.

Charts are shown either as interactive altair widgets (``mode="jupyter"``: ``alt.JupyterChart``
with its JavaScript taken offline from vl-convert) or as static SVG drawn by vl-convert
(``mode="svg"``); both work without a network (altair's default renderer needs a CDN).

Every word a reader sees comes from the message catalogue (``tradekit/theory/messages.toml``)
in the explorer's ``lang``: controls, summaries, check tables and error sentences. A control's
*value* stays the same in every language (``ex.prizes.value = "Turin Market"`` in French too):
only its label is translated, so code that drives an explorer works whatever it shows.

Example:
    >>> ex = SealedBidExplorer(mode="svg")
    >>> ex.n.value = 4
    >>> "4 bidders" in ex.summary.value
    True
    >>> SealedBidExplorer(mode="svg", lang="fr").n.description
    'enchérisseurs n'
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

import numpy as np

from tradekit.core.seats import seat_label
from tradekit.games.turin.game import SETUP
from tradekit.i18n import check_lang, formatted, load_messages, number_text, numbers_listed, t
from tradekit.theory import charts, simulate
from tradekit.theory.ascending import MAX_PROFILES, AscendingModel, Strategy
from tradekit.theory.coins import CoinAuction, CoinEquilibrium, Rounding, uniform_values
from tradekit.theory.once_around import OnceAround, complete_information
from tradekit.theory.sealed import Existence, SealedBid, least_loser_fraction
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

load_messages("tradekit.theory")

MODES = ("jupyter", "svg")

#: Turin Market's prize table for a normal round, by number of players (the places that win
#: cards, from the game's set-up table).
TURIN_PRIZES: dict[int, tuple[float, ...]] = {
    n: tuple(float(p) for p in row.prizes if p) for n, row in SETUP.items()
}


#: The value laws offered, by the English label a control's value keeps in every language: the
#: message slug of its label (``explorer.law.<slug>``) and short name (``explorer.short.<slug>``),
#: and how to build it.
_LAWS: dict[str, tuple[str, Callable[[], Values]]] = {
    "uniform on [0, 1]": ("uniform", Values.uniform),
    "beta(2, 2): middling values common": (
        "beta22",
        lambda: Values.from_scipy(_stats().beta(2, 2), "beta(2, 2)"),
    ),
    "beta(1, 3): mostly low values": (
        "beta13",
        lambda: Values.from_scipy(_stats().beta(1, 3), "beta(1, 3)"),
    ),
    "beta(2, 1): mostly high values": (
        "beta21",
        lambda: Values.from_scipy(_stats().beta(2, 1), "beta(2, 1)"),
    ),
    "exponential(1): unbounded": (
        "expon",
        lambda: Values.from_scipy(_stats().expon(), "exponential(1)"),
    ),
}


def value_laws() -> dict[str, Callable[[], Values]]:
    """The value distributions offered in the explorers (all log-concave), by their English label.

    Example:
        >>> list(value_laws())[:2]
        ['uniform on [0, 1]', 'beta(2, 2): middling values common']
    """
    return {label: build for label, (_, build) in _LAWS.items()}


def law_options(lang: str = "en") -> list[tuple[str, str]]:
    """The value laws as a drop-down offers them: (the label in ``lang``, the English label).

    Example:
        >>> law_options("fr")[1]
        ('bêta(2, 2) : valeurs moyennes fréquentes', 'beta(2, 2): middling values common')
    """
    return [(t(f"explorer.law.{slug}", lang), label) for label, (slug, _) in _LAWS.items()]


def _law_name(label: str, lang: str) -> str:
    """The short name of the law labelled ``label`` (``beta(2, 2)``), for a summary."""
    return t(f"explorer.short.{_LAWS[label][0]}", lang)


def _stats() -> Any:
    """``scipy.stats``, imported when a law other than the uniform is chosen: the import takes
    about half a second, which every kernel opening an explorer would otherwise wait."""
    from scipy import stats

    return stats


class ChartSlot:
    """One chart of an explorer: an interactive ``alt.JupyterChart`` or static SVG.

    Attributes:
        widget: what to put in a layout.
        chart: the altair chart shown last (``None`` before the first), localized.
        lang: the language its numbers are written in (``"fr"``: 0,25).
    """

    def __init__(self, mode: str = "jupyter", lang: str = "en") -> None:
        import ipywidgets as w

        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        self.mode = mode
        self.lang = check_lang(lang)
        self.chart: Any = None
        self._jupyter: Any = None
        self.widget: Any = w.Output() if mode == "svg" else w.Box()

    def show(self, chart: Any) -> None:
        """Replace the chart (its numbers written as :attr:`lang` writes them)."""
        from tradekit.charts import chart_svg, localized

        chart = self.chart = localized(chart, self.lang)
        if self.mode == "svg":
            from IPython.display import SVG

            self.widget.outputs = ()
            svg = cast(Any, SVG)(chart_svg(chart))
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

    #: The message key of the explorer's heading.
    title_key = ""

    def __init__(
        self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None, lang: str = "en"
    ) -> None:
        import ipywidgets as w

        self._w = w
        self.lang = check_lang(lang)
        self.mode = mode
        self.seed = seed
        self.runs = 0
        self.summary: Any = w.HTML()
        self.check: Any = w.Button(
            description=self._t("explorer.check"),
            button_style="primary",
            icon="check",
            layout=w.Layout(width="auto"),
        )
        self.draws: Any = w.IntSlider(
            value=draws,
            min=500,
            max=50_000,
            step=500,
            description=self._t("explorer.draws"),
            continuous_update=False,
        )
        self.check_slot = ChartSlot(mode, self.lang)
        self.check_table: Any = w.HTML()
        self.checks: list[simulate.Check] = []
        self.check.on_click(lambda _: self._run_check())
        self.widget: Any = None

    @property
    def title(self) -> str:
        """The explorer's heading, in its language."""
        return self._t(self.title_key) if self.title_key else ""

    def _t(self, key: str, **fields: Any) -> str:
        """The message ``key`` in the explorer's language."""
        return t(key, self.lang, **fields)

    def _options(self, keys: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """(label, value) options: each value's label is the message of its key, in the
        explorer's language; the value is the same in every language."""
        return [(self._t(key), value) for key, value in keys]

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
            self.summary.value = _error_html(err, self.lang)
            return
        # A check that failed on the entries before is no longer the news.
        if self.check_table.value.startswith(_ERROR):
            self.check_table.value = ""

    def _run_check(self) -> None:
        self.check.disabled = True
        self.check.description = self._t("explorer.simulating")
        try:
            self.checks = self.simulate(int(self.draws.value), self._seed())
            # The chart names each quantity as the table does; self.checks keep the
            # simulation's own labels, which code (and the rounding chart) reads.
            said = [
                dataclasses.replace(c, quantity=_quantity(c.quantity, self.lang))
                for c in self.checks
            ]
            self.check_slot.show(
                charts.check_chart(
                    said,
                    self._t("explorer.check_title"),
                    self._t("explorer.check_rules"),
                    self.lang,
                )
            )
            self.check_table.value = _check_html(self.checks, self.lang)
        except Exception as err:  # as in _refresh
            self.check_table.value = _error_html(err, self.lang)
        finally:
            self.check.disabled = False
            self.check.description = self._t("explorer.check")

    def update(self) -> None:
        """Recompute the theory and redraw (called whenever a control changes)."""
        raise NotImplementedError

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Run a fresh simulation through the engine."""
        raise NotImplementedError


#: How an error in words starts in an explorer's summary or check table.
_ERROR = "<b style='color:#b00'>"


class EntryError(ValueError):
    """An explorer's own error: a sentence for the reader, in the explorer's language."""


def _error_html(err: Exception, lang: str = "en") -> str:
    """An error for the summary, in words (its text is short: inputs are quoted shortened).

    The explorers' own errors (:class:`EntryError`) are sentences for the reader in ``lang``,
    and so, in English, are the models' :class:`ValueError`; any other error comes from code the
    entries reached, in a programmer's words (or, in French, in English), so it is not shown.

    Example:
        >>> _error_html(ArithmeticError(), "fr").endswith("essayez-en de plus petits.</b>")
        True
        >>> "essayez-en d&#x27;autres" in _error_html(ValueError("a model's words"), "fr")
        True
    """
    if isinstance(err, EntryError) or (isinstance(err, ValueError) and lang == "en"):
        said = str(err)
    elif isinstance(err, ArithmeticError):
        said = t("explorer.too_large", lang)
    else:
        said = t("explorer.cannot_compute", lang)
    return f"{_ERROR}{html.escape(said)}</b>"


def _check_html(checks: Sequence[simulate.Check], lang: str = "en") -> str:
    rows = "".join(
        f"<tr><td>{html.escape(_quantity(c.quantity, lang))}</td><td>{_figure(c.theory, lang)}</td>"
        f"<td>{_figure(c.estimate.mean, lang)} ± {_figure(2 * c.estimate.se, lang)}</td>"
        f"<td>{number_text(f'{c.z:+.2f}', lang)}</td><td>{'✔' if c.agrees() else '✘'}</td></tr>"
        for c in checks
    )
    heads = "".join(
        f"<th>{html.escape(t(f'explorer.head.{key}', lang))}</th>" if key != "z" else "<th>z</th>"
        for key in ("quantity", "theory", "simulation", "z", "within")
    )
    said = t(
        "explorer.agree",
        lang,
        agree=sum(c.agrees() for c in checks),
        total=len(checks),
        draws=checks[0].estimate.draws if checks else 0,
    )
    return f"<table><tr>{heads}</tr>{rows}</table><p>{html.escape(said)}</p>"


#: The simulation's labels of its quantities (:mod:`tradekit.theory.simulate`), by message slug.
_QUANTITIES = {
    "revenue": "revenue",
    "winners pay": "winners_pay",
    "losers pay": "losers_pay",
    "expected bid": "expected_bid",
    "bidder surplus": "bidder_surplus",
    "kept by rounding": "kept_by_rounding",
    "odd bids": "odd_bids",
    "efficiency": "efficiency",
    "price": "price",
    "second-highest value": "second_value",
    "price = second-highest value": "price_is_second",
    "mean gain": "mean_gain",
    "P(tie to split)": "tie",
    "mean gain given a tie": "mean_gain_tie",
}
_SEAT_QUANTITY = re.compile(r"P(\d+) (wins|surplus)")
_GAIN_QUANTITY = re.compile(r"P\(gain = (-?\d+)\)")


def _quantity(label: str, lang: str = "en") -> str:
    """A quantity the simulation labels in English (``"P2 wins"``), said in ``lang``.

    Example:
        >>> _quantity("P2 wins", "fr"), _quantity("winners pay", "fr"), _quantity("P2 wins")
        ('J2 gagne', 'payé par les gagnants', 'P2 wins')
    """
    if label in _QUANTITIES:
        return t(f"explorer.q.{_QUANTITIES[label]}", lang)
    if seat := _SEAT_QUANTITY.fullmatch(label):
        key = "seat_wins" if seat[2] == "wins" else "seat_surplus"
        return t(f"explorer.q.{key}", lang, seat=seat_label(int(seat[1]) - 1, lang))
    if gain := _GAIN_QUANTITY.fullmatch(label):
        return t("explorer.q.gain", lang, gain=gain[1])
    return label  # a label this module does not know yet: shown as the simulation gives it


def _table(rows: Sequence[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{v}</b></td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


#: The largest number a typed list may hold (prizes, rewards): larger ones are typing slips.
LARGEST_TYPED = 1_000_000


def _parse_numbers(
    text: str,
    what: str | None = None,
    whole: bool = False,
    least: float | None = None,
    lang: str = "en",
) -> list[float]:
    """The numbers typed in a text box, separated by commas, semicolons or spaces.

    Args:
        text: what was typed.
        what: the field's name, as its errors say it (in ``lang``; "numbers" if not given).
        whole: whether only whole numbers are allowed.
        least: the smallest number allowed, if any.
        lang: the language of the errors.

    Raises:
        EntryError: a plain sentence naming the field and the entry: an empty entry (two
            commas in a row), not a number, not finite (``nan``, ``inf``), beyond
            :data:`LARGEST_TYPED` in size, not whole when ``whole``, below ``least``.

    Example:
        >>> _parse_numbers("2, 1; 0.5")
        [2.0, 1.0, 0.5]
        >>> _parse_numbers("1e300", "prizes")
        Traceback (most recent call last):
        ...
        tradekit.theory.explorer.EntryError: prizes: “1e300” is too large (at most 1,000,000).
        >>> for typed, lang in (("1,,2", "en"), ("2, -1", "fr")):
        ...     try:
        ...         _parse_numbers(typed, "prizes" if lang == "en" else "prix", least=0, lang=lang)
        ...     except EntryError as err:
        ...         print(err)
        prizes: an entry is empty (two commas in a row, or one at an end).
        prix : « -1 » est inférieur à 0 ; tapez des nombres de 0 ou plus.
    """
    if not text.strip():
        return []
    what = what or t("explorer.numbers", lang)
    out = []
    for item in re.split(r"[,;]", text):
        if not item.strip():
            raise EntryError(t("explorer.err.empty", lang, what=what))
        for part in item.split():
            out.append(_number(part, what, whole, least, lang))
    return out


def _number(part: str, what: str, whole: bool, least: float | None, lang: str) -> float:
    """One entry of :func:`_parse_numbers`, checked (its errors quote it shortened)."""

    def refused(key: str, **fields: Any) -> EntryError:
        shown = part if len(part) <= 12 else part[:12] + "..."
        return EntryError(t(f"explorer.err.{key}", lang, what=what, entry=shown, **fields))

    try:
        number = float(part)
    except ValueError:
        raise refused("not_number") from None
    if not math.isfinite(number):
        raise refused("not_finite")
    if abs(number) > LARGEST_TYPED:
        raise refused("too_large", most=number_text(f"{LARGEST_TYPED:,}", lang))
    if whole and not number.is_integer():
        raise refused("not_whole")
    if least is not None and number < least:
        raise refused("below", least=number_text(f"{least:g}", lang))
    return number


def _figure(x: float, lang: str = "en") -> str:
    """A figure for people: three significant digits, at most three decimals.

    Example:
        >>> [_figure(x) for x in (4.52691, 0.641, 0.25, 12.3456, 1234.5, 0.00001, 0.0)]
        ['4.53', '0.641', '0.250', '12.3', '1,234', 'below 0.001', '0']
        >>> [_figure(x, "fr") for x in (4.52691, 1234.5, -0.00001)]
        ['4,53', '1 234', 'plus de -0,001']
    """
    if x == 0 or not math.isfinite(x):
        return f"{x:g}"
    if abs(x) < 0.0005:
        key, bound = ("explorer.below", "0.001") if x > 0 else ("explorer.above", "-0.001")
        return t(key, lang, x=number_text(bound, lang))
    decimals = min(3, max(0, 2 - math.floor(math.log10(abs(x)))))
    return number_text(f"{x:,.{decimals}f}", lang)


class SealedBidExplorer(Explorer):
    """Sealed bids where losers pay ``a`` of their bid: bids, revenue split, budgets, checks.

    Controls: ``n``, ``a``, ``values``, ``prizes`` (``"one prize"``, ``"Turin Market"``,
    ``"custom"`` with ``custom_prizes``), ``pays`` (every prize place paying its bid in full, as
    in the games, or only the top), ``budget`` (0: none; single prize only). The values are the
    same in every ``lang``; only the labels are translated.

    Example:
        >>> ex = SealedBidExplorer(mode="svg", lang="fr")
        >>> ex.prizes.value = "Turin Market"
        >>> ex.prizes.label, ex.check.description
        ('Marché de Turin', 'Comparer à une nouvelle simulation')
    """

    title_key = "explorer.sealed.title"

    #: The payment rules offered for ranked prizes: ``pays`` of :class:`SealedBid`.
    PAYS: ClassVar[dict[str, tuple[float, ...] | None]] = {
        "all pay in full (the games)": None,
        "only the top pays in full": (1.0,),
    }
    _PAYS_KEYS: ClassVar[dict[str, str]] = {
        "all pay in full (the games)": "explorer.sealed.all_pay",
        "only the top pays in full": "explorer.sealed.top_pays",
    }

    def __init__(
        self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None, lang: str = "en"
    ) -> None:
        super().__init__(mode, draws, seed, lang)
        w = self._w
        self.laws = value_laws()
        self.n: Any = self._slider(self._t("explorer.bidders_n"), 3, 2, 6)
        self.a: Any = w.FloatSlider(
            value=0.5,
            min=0.0,
            max=1.0,
            step=0.05,
            description=self._t("explorer.sealed.loser_pays_a"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.values: Any = w.Dropdown(
            options=law_options(self.lang), description=self._t("explorer.values")
        )
        self.prizes: Any = w.Dropdown(
            options=self._options(
                [
                    ("explorer.one_prize", "one prize"),
                    ("explorer.turin", "Turin Market"),
                    ("explorer.sealed.custom", "custom"),
                ]
            ),
            description=self._t("explorer.prizes"),
        )
        self.custom_prizes: Any = w.Text(
            value="2, 1", description=self._t("explorer.sealed.custom")
        )
        self.pays: Any = w.Dropdown(
            options=self._options([(key, label) for label, key in self._PAYS_KEYS.items()]),
            description=self._t("explorer.sealed.prize_places"),
            style={"description_width": "initial"},
        )
        self.budget: Any = w.FloatSlider(
            value=0.0,
            min=0.0,
            max=1.0,
            step=0.05,
            description=self._t("explorer.sealed.budget_none"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.bid_slot = ChartSlot(mode, self.lang)
        self.split_slot = ChartSlot(mode, self.lang)
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
            typed = _parse_numbers(
                self.custom_prizes.value,
                self._t("explorer.sealed.custom_prizes"),
                least=0,
                lang=self.lang,
            )
            prizes = tuple(typed)[:n] or (1.0,)
            if not any(prizes):
                raise EntryError(self._t("explorer.sealed.all_zero", n=n))
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
        lang, say = self.lang, self._t
        law = html.escape(_law_name(self.values.value, lang))
        rows = [
            (say("explorer.sealed.model"), say("explorer.sealed.model_is", n=model.n, law=law)),
            (say("explorer.sealed.prizes_by_place"), numbers_listed(model.prizes, lang)),
            (say("explorer.expected_revenue"), _figure(r.total, lang)),
            (say("explorer.sealed.paid_by_winners"), _figure(r.winners, lang)),
            (
                say("explorer.sealed.paid_by_losers"),
                say(
                    "explorer.sealed.share",
                    amount=_figure(r.losers, lang),
                    share=formatted(r.loser_share, ".1%", lang),
                ),
            ),
            (say("explorer.sealed.expected_bid"), _figure(r.expected_bid, lang)),
            (say("explorer.sealed.surplus"), _figure(r.bidder_surplus, lang)),
            (say("explorer.sealed.equilibrium"), html.escape(_existence(ex, lang))),
        ]
        if not model.games_payments:
            least = least_loser_fraction(model.n, model.prizes, model.values)
            rows.append(
                (
                    say("explorer.sealed.least_a"),
                    _figure(least, lang) if math.isfinite(least) else say("explorer.sealed.no_a"),
                )
            )
        if not any(model.prizes[1:]):
            second = order_statistic_mean(model.values, model.n)
            rows.insert(3, (say("explorer.second_value"), _figure(second, lang)))
        if budget is not None:
            eq = model.with_budget(budget)
            rb = eq.revenue()
            rows.append(
                (
                    say("explorer.sealed.with_budget", budget=formatted(budget, "g", lang)),
                    say(
                        "explorer.sealed.budget_binds",
                        revenue=_figure(rb.total, lang),
                        cutoff=formatted(eq.cutoff, ".3f", lang),
                    )
                    if eq.binds
                    else say("explorer.sealed.budget_free"),
                )
            )
        elif self.budget.value > 0:
            rows.append((say("explorer.sealed.budget"), say("explorer.sealed.single_only")))
        self.summary.value = _table(rows)
        self.bid_slot.show(charts.bid_chart(model, budget=budget, lang=lang))
        self.split_slot.show(charts.revenue_split_chart(model, budget=budget, lang=lang))

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the equilibrium (with the budget if set) through the engine."""
        model = self.model()
        budget = self._budget(model)
        target = model.with_budget(budget) if budget is not None else model
        return simulate.sealed(target, draws=draws, seed=seed)


def _existence(ex: Existence, lang: str) -> str:
    """Whether the equilibrium exists, in ``lang``.

    :class:`Existence` says why in one English sentence: in English that sentence is shown as it
    is; in another language the sentence of its ``cause``, with the value it names.
    """
    if lang == "en":
        return ex.reason
    if ex.exists:
        return t("explorer.sealed.exists", lang)
    return t(f"explorer.sealed.{ex.cause}", lang, v=formatted(ex.near, ".3g", lang))


class CoinExplorer(Explorer):
    """Whole coins and "half rounded down": the grid equilibrium and what rounding does."""

    title_key = "explorer.coins.title"

    FRACTIONS: ClassVar[dict[str, Fraction]] = {
        "1/2 (Turin Market)": Fraction(1, 2),
        "0 (first price)": Fraction(0),
        "1 (all pay)": Fraction(1),
        "1/3": Fraction(1, 3),
    }
    _FRACTION_KEYS: ClassVar[dict[str, str]] = {
        "1/2 (Turin Market)": "explorer.coins.half",
        "0 (first price)": "explorer.coins.first_price",
        "1 (all pay)": "explorer.coins.all_pay",
        "1/3": "explorer.coins.third",
    }

    def __init__(
        self,
        mode: str = "jupyter",
        draws: int = 5000,
        seed: int | None = None,
        iterations: int = 1500,
        lang: str = "en",
    ) -> None:
        super().__init__(mode, draws, seed, lang)
        w = self._w
        say = self._t
        self.iterations = iterations
        self.n: Any = self._slider(say("explorer.bidders_n"), 3, 2, 5)
        self.top: Any = self._slider(say("explorer.values_to"), 10, 2, 20)
        self.max_bid: Any = self._slider(say("explorer.coins.max_bid"), 10, 1, 20)
        self.fraction: Any = w.Dropdown(
            options=self._options([(key, label) for label, key in self._FRACTION_KEYS.items()]),
            description=say("explorer.coins.loser_pays"),
        )
        self.rounding: Any = w.ToggleButtons(
            options=self._options([(f"explorer.coins.{r}", r) for r in ("down", "exact", "up")]),
            description=say("explorer.coins.round"),
        )
        self.ties: Any = w.ToggleButtons(
            options=self._options([(f"explorer.coins.{r}", r) for r in ("flip", "void")]),
            description=say("explorer.coins.ties"),
        )
        self.zero_bids: Any = w.ToggleButtons(
            options=self._options(
                [("explorer.coins.zero_never", "lose"), ("explorer.coins.zero_textbook", "win")]
            ),
            description=say("explorer.coins.zero_wins"),
            style={"description_width": "initial"},
        )
        self.prizes: Any = w.Dropdown(
            options=self._options(
                [("explorer.one_prize", "one prize"), ("explorer.turin", "Turin Market")]
            ),
            description=say("explorer.prizes"),
        )
        self.strategy_slot = ChartSlot(mode, self.lang)
        self.bids_slot = ChartSlot(mode, self.lang)
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
        lang, say = self.lang, self._t

        def coins(x: float) -> str:
            return say("explorer.coins.coins", x=formatted(x, ".3f", lang))

        def beside(share: float, unrounded: float) -> str:
            return say(
                "explorer.coins.share_beside",
                share=formatted(share, ".1%", lang),
                exact=formatted(unrounded, ".1%", lang),
            )

        rows = [
            (
                say("explorer.coins.deviating"),
                say(
                    "explorer.coins.deviating_is",
                    gain=_figure(eq.epsilon, lang),
                    steps=eq.iterations,
                ),
            ),
            (say("explorer.expected_revenue"), coins(eq.revenue)),
            (
                say("explorer.coins.by_winners_losers"),
                say(
                    "explorer.coins.pair",
                    a=formatted(eq.winners_pay, ".3f", lang),
                    b=formatted(eq.losers_pay, ".3f", lang),
                ),
            ),
            (say("explorer.coins.kept"), coins(eq.rounded_off)),
            (say("explorer.coins.revenue_exact"), coins(exact.revenue)),
            (say("explorer.coins.continuous", top=top), coins(cont.total)),
            (say("explorer.coins.odd_bids"), beside(eq.odd_share, exact.odd_share)),
            (
                say("explorer.coins.bids_of_one"),
                beside(eq.share_of_bid(1), exact.share_of_bid(1)),
            ),
        ]
        self.summary.value = _table(rows)
        self.strategy_slot.show(charts.coin_strategy_chart(eq, lang=lang))
        label = say(
            "explorer.coins.label",
            fraction=eq.game.loser_fraction,
            rounding=say(f"explorer.coins.{eq.game.rounding}"),
        )
        no_rounding = say("explorer.coins.no_rounding")
        pairs = [(label, eq)] if eq is exact else [(label, eq), (no_rounding, exact)]
        self.bids_slot.show(
            charts.bid_distribution_chart(pairs, say("explorer.coins.legend"), lang)
        )

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the grid equilibrium through the engine."""
        assert self.equilibrium is not None
        return simulate.coins(self.equilibrium, draws=draws, seed=seed)


class OnceAroundExplorer(Explorer):
    """The once-around auction (Medici): bids by seat, who wins, and complete information."""

    title_key = "explorer.once.title"

    def __init__(
        self, mode: str = "jupyter", draws: int = 5000, seed: int | None = None, lang: str = "en"
    ) -> None:
        super().__init__(mode, draws, seed, lang)
        w = self._w
        self.laws = value_laws()
        self.n: Any = self._slider(self._t("explorer.players_n"), 4, 2, 6)
        self.values: Any = w.Dropdown(
            options=law_options(self.lang), description=self._t("explorer.values")
        )
        self.known: Any = w.Text(
            value="12, 9, 15",
            description=self._t("explorer.once.known"),
            style={"description_width": "initial"},
        )
        self.budgets: Any = w.Text(
            value="",
            description=self._t("explorer.once.budgets"),
            placeholder=self._t("explorer.once.no_budgets"),
            style={"description_width": "initial"},
        )
        self.complete: Any = w.HTML()
        self.bid_slot = ChartSlot(mode, self.lang)
        self.seat_slot = ChartSlot(mode, self.lang)
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
        lang, say = self.lang, self._t
        typed = _parse_numbers(self.known.value, say("explorer.once.known"), True, 0, lang)
        known = [int(x) for x in typed]
        typed = _parse_numbers(self.budgets.value, say("explorer.once.budgets"), True, 0, lang)
        budgets = [int(x) for x in typed] or None
        if budgets is not None and len(budgets) != len(known):
            raise EntryError(
                say("explorer.once.budget_count", budgets=len(budgets), known=len(known))
            )
        model = self.model()
        seats = model.seats()
        second = order_statistic_mean(model.values, model.n)
        rows = [
            (say("explorer.once.expected_price"), _figure(model.revenue(), lang)),
            (say("explorer.once.second_english"), _figure(second, lang)),
            *[
                (
                    seat_label(s.seat, lang),
                    say(
                        "explorer.once.seat_row",
                        win=formatted(s.win_probability, ".1%", lang),
                        surplus=_figure(s.surplus, lang),
                    ),
                )
                for s in seats
            ],
        ]
        self.summary.value = _table(rows)
        self.bid_slot.show(charts.once_around_bid_chart(model, lang=lang))
        self.seat_slot.show(charts.seat_chart(model, lang=lang))
        if len(known) < 2:
            self.complete.value = f"<i>{html.escape(say('explorer.once.two_known'))}</i>"
            return
        out = complete_information(known, budgets)
        steps = ", ".join(
            say("explorer.once.passes", seat=seat_label(p, lang))
            if b is None
            else say("explorer.once.bids", seat=seat_label(p, lang), amount=b)
            for p, b in out.history
        )
        who = say("explorer.once.nobody") if out.winner is None else seat_label(out.winner, lang)
        self.complete.value = say(
            "explorer.once.complete",
            known=", ".join(map(str, known)),
            steps=html.escape(steps),
            who=html.escape(who),
            price=out.price,
        )

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the equilibrium through the engine's once-around auction."""
        return simulate.once_around(self.model(), draws=draws, seed=seed)


class AscendingExplorer(Explorer):
    """The ascending auction with fixed raises (Négoces): price against the benchmark."""

    title_key = "explorer.ascending.title"

    RULES: ClassVar[dict[str, tuple[tuple[int, ...], Strategy]]] = {
        "+1/+2, minimal": ((1, 2), "minimal"),
        "+1/+2, jump": ((1, 2), "jump"),
        "+1, minimal": ((1,), "minimal"),
        "+2, minimal": ((2,), "minimal"),
    }

    def __init__(
        self, mode: str = "jupyter", draws: int = 3000, seed: int | None = None, lang: str = "en"
    ) -> None:
        super().__init__(mode, draws, seed, lang)
        w = self._w
        self.n: Any = self._slider(self._t("explorer.players_n"), 4, 2, 5)
        self.top: Any = self._slider(self._t("explorer.values_to"), 15, 2, 20)
        self.budget: Any = self._slider(self._t("explorer.ascending.coins_each"), 15, 1, 30)
        self.rule: Any = w.Dropdown(
            options=[(self.rule_label(label), label) for label in self.RULES],
            description=self._t("explorer.ascending.check_rule"),
        )
        self.chart_slot = ChartSlot(mode, self.lang)
        self._watch(self.n, self.top, self.budget)
        self._layout([self.n, self.top, self.budget, self.rule], [self.chart_slot.widget])
        self._refresh()

    def rule_label(self, label: str) -> str:
        """The rule labelled ``label`` (a key of :attr:`RULES`) as the explorer's language says it.

        Example:
            >>> AscendingExplorer(mode="svg", lang="fr").rule_label("+1/+2, jump")
            '+1/+2, saut'
        """
        steps, strategy = self.RULES[label]
        return self._t(
            "explorer.ascending.rule",
            steps="/".join(f"+{s}" for s in steps),
            strategy=self._t(f"explorer.ascending.{strategy}"),
        )

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
        lang = self.lang
        if count > MAX_PROFILES // 4:
            said = formatted(count, ",", lang)
            raise EntryError(self._t("explorer.ascending.too_many", count=said))
        results = [(self.rule_label(label), self.model(label).exact()) for label in self.RULES]
        rows = [
            (
                label,
                self._t(
                    "explorer.ascending.row",
                    price=formatted(r.expected_price, ".3f", lang),
                    gap=formatted(r.gap, "+.3f", lang),
                    efficiency=formatted(r.efficiency, ".1%", lang),
                ),
            )
            for label, r in results
        ]
        second = formatted(results[0][1].second_value, ".3f", lang)
        rows.insert(0, (self._t("explorer.second_value"), second))
        self.summary.value = _table(rows)
        self.chart_slot.show(charts.ascending_chart(results, lang))

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Simulate the chosen rule through the engine's ascending auction."""
        return simulate.ascending(self.model(self.rule.value), draws=draws, seed=seed)


class TieExplorer(Explorer):
    """Tie-splitting: the exact law of coins rounding creates or destroys in one scoring."""

    title_key = "explorer.ties.title"

    #: The rules offered, by the value their control keeps in every language: message keys.
    RULE_KEYS: ClassVar[dict[str, str]] = {
        "Medici ships": "explorer.ties.ships",
        "Medici ladder": "explorer.ties.ladder",
        "Turin majority": "explorer.ties.majority",
    }

    def __init__(
        self, mode: str = "jupyter", draws: int = 20_000, seed: int | None = None, lang: str = "en"
    ) -> None:
        super().__init__(mode, draws, seed, lang)
        w = self._w
        say = self._t
        self.rule: Any = w.ToggleButtons(
            options=self._options([(key, rule) for rule, key in self.RULE_KEYS.items()]),
            description=say("explorer.ties.rule"),
        )
        self.n: Any = self._slider(say("explorer.ties.players"), 5, 2, 6)
        self.rewards: Any = w.Text(
            value="",
            description=say("explorer.ties.rewards"),
            placeholder=say("explorer.ties.rulebook"),
        )
        self.cards: Any = self._slider(say("explorer.ties.cards"), 5, 1, 5)
        self.rounds: Any = self._slider(say("explorer.ties.rounds"), 1, 1, 3)
        self.payout: Any = self._slider(say("explorer.ties.payout"), 6, 1, 12)
        self.units: Any = self._slider(say("explorer.ties.units"), 6, 1, 12)
        self.share: Any = w.FloatSlider(
            value=0.3,
            min=0.05,
            max=0.95,
            step=0.05,
            description=say("explorer.ties.share"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.chart_slot = ChartSlot(mode, self.lang)
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
        lang, say = self.lang, self._t
        typed = _parse_numbers(self.rewards.value, say("explorer.ties.rewards"), True, 0, lang)
        custom = [int(x) for x in typed]
        if self.rule.value == "Medici ships":
            rewards = tuple(custom) or MEDICI_SHIPS.get(n, MEDICI_SHIPS[6][:n])
            pmf = medici_ship_totals(int(self.cards.value))
            what = say(
                "explorer.ties.ships_what",
                rewards=numbers_listed(rewards, lang),
                cards=int(self.cards.value),
            )
            return RankRule(rewards), [pmf] * n, what
        if self.rule.value == "Medici ladder":
            awards = tuple(custom) or MEDICI_LADDER
            pmf = _ladder_after(int(self.rounds.value))
            what = say(
                "explorer.ties.ladder_what",
                awards=numbers_listed(awards, lang),
                rounds=int(self.rounds.value),
            )
            return RankRule(awards, unranked_at=0), [pmf] * n, what
        pmf = binomial_units(int(self.units.value), float(self.share.value))
        what = say(
            "explorer.ties.majority_what",
            payout=self.payout.value,
            units=self.units.value,
            share=formatted(self.share.value, "g", lang),
        )
        return MajorityRule(int(self.payout.value)), [pmf] * n, what

    def _heading(self, what: str) -> str:
        """The rule chosen and its setting, in one line (the summary's and the chart's)."""
        rule = self._t(self.RULE_KEYS[self.rule.value])
        return self._t("explorer.ties.setting_is", rule=rule, what=what)

    def update(self) -> None:
        """Recompute the exact distribution and redraw."""
        rule, pmfs, what = self.setting()
        dist = rounding_distribution(rule, pmfs)
        self.distribution = dist
        lang, say = self.lang, self._t
        verb = "created" if dist.mean > 0 else "lost"
        self.summary.value = _table(
            [
                (say("explorer.ties.setting"), html.escape(self._heading(what))),
                (say("explorer.ties.players"), str(len(pmfs))),
                (
                    say(f"explorer.ties.{verb}"),
                    say("explorer.ties.per_scoring", x=_figure(abs(dist.mean), lang)),
                ),
                (say("explorer.ties.sd"), _figure(dist.sd, lang)),
                (
                    say("explorer.ties.moves"),
                    say("explorer.ties.of_scorings", share=formatted(dist.p_nonzero, ".1%", lang)),
                ),
            ]
        )
        self.chart_slot.show(
            charts.rounding_chart(dist, title=self._heading(what), rule=rule, lang=lang)
        )

    def simulate(self, draws: int, seed: int) -> list[simulate.Check]:
        """Draw scores, split with the engine, compare with the exact distribution."""
        rule, pmfs, what = self.setting()
        dist = rounding_distribution(rule, pmfs)
        checks = simulate.rounding(rule, pmfs, dist, draws=draws, seed=seed)
        self.chart_slot.show(
            charts.rounding_chart(dist, checks, self._heading(what), rule, self.lang)
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
