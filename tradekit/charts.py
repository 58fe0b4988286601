"""Altair charts of the simulation tables (presentation layer: imports pandas and altair).

Every function takes a table from :mod:`tradekit.sim` and returns an ``altair`` chart. The data
are aggregated with pandas first, so a chart of 100,000 games stays small (and under altair's
5,000-row limit). Charts render offline once :func:`use_offline_renderer` has been called (SVG by
default, drawn by ``vl-convert`` without any network. Why not altair's own: altair 6's
default mime type does not validate under nbclient/Voilà and its default renderer needs a CDN).

The same call enables the :data:`THEME`, for every altair chart of the notebook: a static SVG
is laid out where it is drawn (``vl-convert`` measures every label to size the picture) but its
text is set by the browser, so a font that is wider in the browser than where it was measured
runs over the picture's edge and is cut ("payout car" for "payout card"). The theme names fonts
of one width everywhere (Liberation Sans, Arial and Helvetica share their metrics), leaves a
margin, and raises the label limits so that no legend or axis label is shortened.

Example:
    >>> import tradekit
    >>> from tradekit.sim import simulate
    >>> table = simulate(tradekit.load_game("turin"), "random", n=20, seed=1, backend="serial")
    >>> chart = win_rate_by_seat(table)
    >>> chart.to_dict()["layer"][0]["mark"]["type"]
    'rule'
"""

from __future__ import annotations

import functools
import importlib
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import NormalDist
from typing import Any, cast


def _load_jsonschema_formats() -> None:
    """Load jsonschema's format checkers without its IRI parser, once, before altair loads them.

    altair checks every chart with jsonschema, whose format checkers import ``rfc3987_syntax``
    when it is installed (JupyterLab's dependencies install it), and that module builds a
    grammar when imported: more than a second of every kernel's first chart (every visitor of
    a Voilà page waits for it), for the ``iri`` format, which no Vega-Lite spec uses. It is
    hidden only while jsonschema loads; jsonschema then leaves that one format unchecked, and
    anything else may still import it.
    """
    if "jsonschema._format" in sys.modules or "rfc3987_syntax" in sys.modules:
        return
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # import fails: skipped
    try:
        importlib.import_module("jsonschema._format")
    except ImportError:  # pragma: no cover - altair reports a missing jsonschema itself
        pass
    finally:
        del sys.modules["rfc3987_syntax"]


_load_jsonschema_formats()

import altair as alt  # noqa: E402 - after the format checkers above
import pandas as pd  # noqa: E402

from tradekit.core.errors import ConfigError  # noqa: E402
from tradekit.core.seats import seat_label  # noqa: E402
from tradekit.i18n import NUMBER_MARKS, check_lang  # noqa: E402

#: Renderers that work without a network: static SVG/PNG (vl-convert), the interactive
#: "jupyter" renderer with offline=True (anywidget), and self-contained HTML.
OFFLINE_RENDERERS = ("svg", "png", "jupyter", "html")
#: What the chart functions return (a single, layered or faceted altair chart).
Chart = alt.TopLevelMixin
#: The most points a scatter chart draws (a seeded sample beyond that).
MAX_POINTS = 4000
#: Fonts with the same metrics on Linux, Windows and macOS, first the one vl-convert finds here.
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"
#: Longest label (pixels) before a legend or axis shortens it with "…": none of ours is as long.
LABEL_LIMIT = 400
#: The tradekit theme's name (see :data:`THEME`).
THEME_NAME = "tradekit"
#: The vega-lite configuration of :data:`THEME_NAME`.
THEME: dict[str, Any] = {
    "config": {
        "font": FONT,
        # Room around the picture for text drawn wider than it was measured (a legend title at
        # the right edge, "probabilité de la mise", lost its last letters with 16 pixels).
        "padding": {"left": 12, "right": 40, "top": 6, "bottom": 6},
        "axis": {"labelLimit": LABEL_LIMIT, "titleLimit": LABEL_LIMIT, "labelSeparation": 4},
        "legend": {"labelLimit": LABEL_LIMIT, "titleLimit": LABEL_LIMIT},
        "header": {"labelLimit": LABEL_LIMIT, "titleLimit": LABEL_LIMIT},
        "title": {"limit": 0, "anchor": "start"},
    }
}


#: How the charts write numbers in each language other than English (a Vega number locale, used
#: for axis ticks, legends and tooltips): the marks of :data:`tradekit.i18n.NUMBER_MARKS`, as
#: :func:`tradekit.i18n.number_text` writes every other number a reader sees (French: a decimal
#: comma, thousands grouped by a space, a space before %).
NUMBER_LOCALES: dict[str, dict[str, Any]] = {
    lang: {**marks, "grouping": [3], "currency": ["", " €"]} for lang, marks in NUMBER_MARKS.items()
}


def localized(chart: Chart, lang: str) -> Chart:
    """``chart`` with the numbers Vega writes itself (axis ticks, legends, tooltips) written as
    ``lang`` writes them; an English chart is returned as it is.

    A chart configured this way can be shown or saved, not layered or joined to another chart
    (Vega-Lite takes a configuration at the top only): localize the finished chart.

    Example:
        >>> import altair as alt
        >>> chart = alt.Chart().mark_point()
        >>> localized(chart, "fr").to_dict()["config"]["locale"]["number"]["decimal"]
        ','
        >>> localized(chart, "en") is chart
        True
    """
    number = NUMBER_LOCALES.get(check_lang(lang))
    return chart if number is None else chart.configure(locale={"number": number})


def _register_theme() -> None:
    if hasattr(alt, "theme"):  # altair >= 5.5
        alt.theme.register(THEME_NAME, enable=False)(lambda: cast(alt.theme.ThemeConfig, THEME))
    else:  # pragma: no cover - altair 5.4
        alt.themes.register(THEME_NAME, lambda: THEME)


_register_theme()


def use_offline_renderer(kind: str = "svg", theme: bool = True) -> str:
    """Make altair charts render without a network connection; returns the renderer enabled.

    Args:
        kind: ``"svg"`` (default; static, valid under nbclient and Voilà), ``"png"``,
            ``"jupyter"`` (interactive, needs anywidget) or ``"html"`` (inline, about 900 KB
            per chart saved in the notebook).
        theme: also enable the tradekit theme (:data:`THEME`) for every altair chart.

    Example:
        >>> use_offline_renderer("svg")
        'svg'
        >>> alt.Chart().mark_bar().to_dict()["config"]["font"] == FONT
        True
    """
    if kind not in OFFLINE_RENDERERS:
        raise ConfigError("kind", kind, " or ".join(repr(k) for k in OFFLINE_RENDERERS))
    if theme:
        (alt.theme if hasattr(alt, "theme") else alt.themes).enable(THEME_NAME)
    if kind == "jupyter":
        alt.renderers.register(WIDGET_RENDERER, _widget_renderer)
        alt.renderers.enable(WIDGET_RENDERER)
    elif kind == "html":
        alt.renderers.enable("html", template="inline")
    else:
        alt.renderers.enable(kind)
    return kind


#: The interactive renderer :func:`use_offline_renderer` enables for ``"jupyter"``.
WIDGET_RENDERER = "tradekit-jupyter"


def offline_widgets() -> None:
    """Make ``alt.JupyterChart`` widgets draw without a network, quickly after the first time.

    Offline, a chart widget carries a JavaScript bundle that ``vl-convert`` builds (about a
    second, in every new kernel: every visitor of a Voilà page waited for it). The bundle is kept
    in the user's cache folder (``$XDG_CACHE_HOME/tradekit``, else ``~/.cache/tradekit``), one
    file per altair and vl-convert version, and read from there by later kernels; where the
    folder cannot be written, every kernel builds it as before.
    """
    widget = cast(Any, alt.JupyterChart)
    if getattr(widget, "_is_offline", False):
        return
    import vl_convert as vlc

    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tradekit"
    versions = f"altair{alt.__version__}-vlc{getattr(vlc, '__version__', 'unknown')}"
    cached = folder / f"jupyterchart-{versions}.js"
    try:
        bundle = cached.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        bundle = ""
    # The bundle is a trait of every widget, and _is_offline is how altair marks it built.
    if bundle and hasattr(widget, "_esm"):
        widget._esm = bundle
        widget._is_offline = True
        return
    widget.enable_offline(offline=True)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(widget._esm, encoding="utf-8")
        partial.replace(cached)  # whole or not at all: kernels start side by side
    except OSError:
        pass


def _widget_renderer(spec: dict[str, Any], **metadata: Any) -> Any:
    """altair's offline "jupyter" renderer, without checking the chart twice more.

    altair's own renderer rebuilds the chart from the spec it was just given, checking it
    against the Vega-Lite schema on the way, and the widget checks it again: about 0.4 s per
    chart, where drawing it takes 0.02 s. Ours gives the widget the spec the chart made (checked
    once, by altair, as it was made). Our charts have no selections or parameters, the only
    thing the widget reads from a chart object rather than its spec.
    """
    offline_widgets()
    widget = cast(Any, alt.JupyterChart)(chart=None, embed_options=metadata.get("embed_options"))
    widget.spec = spec
    return widget._repr_mimebundle_()


def chart_svg(chart: Chart) -> str:
    """The chart drawn as an SVG picture by ``vl-convert`` (no browser, no network).

    A chart drawn again with the same spec (an explorer's option set back to an earlier value)
    is not drawn a second time: the last 64 pictures are kept by spec (about 40 ms each to draw).
    The spec is still made, and checked by altair, every time.

    Example:
        >>> chart = alt.Chart(pd.DataFrame({"x": [1, 2]})).mark_bar().encode(x="x:Q")
        >>> svg = chart_svg(chart)
        >>> svg.startswith("<svg"), chart_svg(chart) is svg
        (True, True)
    """
    return _svg_of(json.dumps(chart.to_dict(), sort_keys=True))


@functools.lru_cache(maxsize=64)
def _svg_of(spec: str) -> str:
    """The picture of a Vega-Lite spec (JSON text), kept for :func:`chart_svg`."""
    import vl_convert as vlc

    return str(vlc.vegalite_to_svg(spec))


def _need(table: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    if not isinstance(table, pd.DataFrame):
        raise ConfigError(what, type(table).__name__, "a pandas DataFrame from tradekit.sim")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ConfigError(what, f"columns {list(table.columns)[:8]}...", f"columns {missing}")


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion.

    Example:
        >>> [round(x, 3) for x in wilson(30, 100)]
        [0.219, 0.396]
    """
    if n <= 0:
        return (math.nan, math.nan)
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def win_rates(table: pd.DataFrame, by: str = "variant", confidence: float = 0.95) -> pd.DataFrame:
    """Win rate by ``by`` and seat with Wilson intervals (a shared win counts as a win).

    Example:
        >>> t = pd.DataFrame({"variant": ["a"] * 4, "seat": [0, 1, 0, 1],
        ...                   "win": [True, False, True, True]})
        >>> win_rates(t)[["seat", "wins", "win_rate"]].to_numpy().tolist()
        [[0.0, 2.0, 1.0], [1.0, 1.0, 0.5]]
    """
    _need(table, [by, "seat", "win"], "table")
    grouped = table.groupby([by, "seat"], sort=True)["win"].agg(["size", "sum"]).reset_index()
    grouped = grouped.rename(columns={"size": "games", "sum": "wins"})
    grouped["wins"] = grouped["wins"].astype(int)
    grouped["win_rate"] = grouped["wins"] / grouped["games"]
    bounds = [
        wilson(w, g, confidence) for w, g in zip(grouped["wins"], grouped["games"], strict=True)
    ]
    grouped["ci_low"] = [b[0] for b in bounds]
    grouped["ci_high"] = [b[1] for b in bounds]
    return grouped


def win_rate_by_seat(table: pd.DataFrame, by: str = "variant", confidence: float = 0.95) -> Chart:
    """Win rate of each seat with its Wilson interval, one colour per ``by`` value.

    The dashed line is the fair share (1 / players): a seat above it wins more than its share.
    """
    rates = win_rates(table, by, confidence)
    players = int(table["players"].max()) if "players" in table.columns else rates["seat"].nunique()
    rates["fair"] = 1 / players
    rates["player"] = rates["seat"].map(seat_label)
    order = [seat_label(seat) for seat in sorted(rates["seat"].unique())]  # P10 after P9
    base = alt.Chart(rates).encode(
        x=alt.X("player:O", title="seat", sort=order, axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset(f"{by}:N"),
        color=alt.Color(f"{by}:N", title=by),
    )
    bars = base.mark_rule(strokeWidth=2).encode(
        y=alt.Y("ci_low:Q", title=f"win rate ({confidence:.0%} interval)"), y2="ci_high:Q"
    )
    points = base.mark_point(filled=True, size=60).encode(
        y="win_rate:Q",
        tooltip=[by, alt.Tooltip("player:O", title="seat"), "games", "wins",
                 alt.Tooltip("win_rate:Q", format=".3f"), alt.Tooltip("ci_low:Q", format=".3f"),
                 alt.Tooltip("ci_high:Q", format=".3f")],
    )  # fmt: skip
    fair = alt.Chart(rates).mark_rule(strokeDash=[4, 4], color="gray").encode(y="mean(fair):Q")
    return alt.layer(bars, points, fair).properties(title="Win rate by seat", width=320)


def score_distribution(
    table: pd.DataFrame,
    by: str = "variant",
    column: str = "score",
    facet: str | None = None,
    bin_width: int | None = None,
) -> Chart:
    """Share of seats by ``column`` (the score by default), one line per ``by`` value.

    Args:
        table: a tidy game table.
        by: the column that colours the lines (the rule choice by default).
        column: the measure whose distribution is drawn.
        facet: a column to split into panels (e.g. ``"bot"`` or ``"seat"``).
        bin_width: width of the bins (default: about 25 bins over the range).
    """
    keys = [by] + ([facet] if facet else [])
    _need(table, [*keys, column], "table")
    values = table[column].astype(float)
    width = bin_width or max(1, round((values.max() - values.min()) / 25))
    frame = table[keys].copy()
    frame[column] = (values // width) * width + width / 2
    counts = frame.groupby([*keys, column]).size().rename("count").reset_index()
    counts["share"] = counts["count"] / counts.groupby(keys)["count"].transform("sum")
    chart = (
        alt.Chart(counts)
        .mark_line(interpolate="monotone")
        .encode(
            x=alt.X(f"{column}:Q", title=f"{column} (bins of {width})"),
            y=alt.Y("share:Q", title="share of seats", axis=alt.Axis(format="%")),
            color=alt.Color(f"{by}:N", title=by),
            tooltip=[*keys, column, "count", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=360, height=200)
    )
    if facet:
        faceted = chart.facet(row=alt.Row(f"{facet}:N", title=facet))
        return cast(Chart, faceted.properties(title=f"Distribution of {column}"))
    return cast(Chart, chart.properties(title=f"Distribution of {column}"))


def paired_differences(
    comparison: Any, measures: Sequence[str] | None = None, title: str | None = None
) -> Chart:
    """Mean paired difference (B - A) of each measure with its interval; one panel per measure.

    Args:
        comparison: a :class:`tradekit.sim.Comparison` or its ``summary`` table.
        measures: which measures to draw (default: win rate, score spread, winning margin and
            length).
        title: the chart's title (default: "Paired differences: B minus A", naming them).
    """
    summary = getattr(comparison, "summary", comparison)
    _need(summary, ["measure", "seat", "diff", "ci_low", "ci_high"], "comparison")
    wanted = list(measures or ("win rate", "score_spread", "winning_margin", "length"))
    frame = summary[summary["measure"].isin(wanted)].copy()
    if frame.empty:
        raise ConfigError(
            "measures", wanted, f"measures among {sorted(summary['measure'].unique())}"
        )
    frame["row"] = [
        _words(m) if pd.isna(s) else seat_label(int(s))
        for m, s in zip(frame["measure"], frame["seat"], strict=True)
    ]
    frame["zero"] = 0.0
    frame["seat"] = frame["seat"].astype(object).where(frame["seat"].notna(), None)
    if title is None:
        title = "Paired differences"
        if hasattr(comparison, "a"):
            title = f"Paired differences: {comparison.b} minus {comparison.a}"
    panels = []
    for measure in [m for m in wanted if m in set(frame["measure"])]:
        part = frame[frame["measure"] == measure]
        base = alt.Chart(part).encode(y=alt.Y("row:N", title=None))
        interval = base.mark_rule(strokeWidth=2).encode(
            x=alt.X(
                "ci_low:Q",
                title=f"{_words(measure)}: difference (B − A)",
                # A few ticks, kept well apart: a wide interval ("−60 … +40") at one tick per 5
                # set its labels edge to edge in the browser's font.
                axis=alt.Axis(tickCount=6, labelSeparation=8),
            ),
            x2="ci_high:Q",
        )
        point = base.mark_point(filled=True, size=60).encode(
            x="diff:Q",
            tooltip=["measure", "row", alt.Tooltip("diff:Q", format="+.4f"),
                     alt.Tooltip("ci_low:Q", format="+.4f"),
                     alt.Tooltip("ci_high:Q", format="+.4f"),
                     alt.Tooltip("p_value:Q", format=".3g")],
        )  # fmt: skip
        zero = alt.Chart(part.head(1)).mark_rule(strokeDash=[4, 4], color="gray").encode(x="zero:Q")
        panels.append(alt.layer(interval, point, zero).properties(width=360))
    return cast(
        Chart,
        alt.vconcat(*panels)
        .resolve_scale(x="independent", y="independent")
        .properties(title=title),
    )


def _words(measure: str) -> str:
    """A measure's column name as words (``score_spread`` -> ``score spread``)."""
    return measure.replace("_", " ")


def _money_name(table: pd.DataFrame) -> str:
    """The money of the table's game ("coins" when the table mixes games or does not say)."""
    from tradekit.core.registry import game_class

    games = table["game"].dropna().unique() if "game" in table.columns else []
    if len(games) != 1:
        return "coins"
    try:
        return game_class(str(games[0])).money_name
    except ConfigError:
        return "coins"


def bids_vs_valuations(
    decisions: pd.DataFrame, by: str = "won", max_points: int = MAX_POINTS, seed: int = 0
) -> Chart:
    """Each bid against the bidder's valuation; the dashed line is bid = valuation.

    Works for every game whose bots note a ``valuation`` with their bids (``run(...,
    decisions="Bid")``): Turin values the first place's cards, Medici the lot, Négoces and
    Rungis the card auctioned. Amounts are labelled in the game's money (``Game.money_name``).

    Args:
        decisions: a decision table with ``amount`` and ``valuation``; rows without a valuation
            (human players) are left out.
        by: the column that colours the points (whether the bid won, by default).
        max_points: draw a seeded sample of at most this many bids.
        seed: the sample's seed.

    Example:
        >>> from tradekit.sim import run
        >>> bids = run("medici", "heuristic", n=2, seed=1, backend="serial", decisions="Bid")
        >>> chart = bids_vs_valuations(bids.decisions)
        >>> chart.to_dict()["layer"][0]["encoding"]["y"]["title"]
        'bid (florins)'
    """
    _need(decisions, ["amount", "valuation"], "decisions")
    money = _money_name(decisions)
    frame = decisions.dropna(subset=["amount", "valuation"])
    if "kind" in frame.columns:
        frame = frame[frame["kind"] == "Bid"]
    if len(frame) > max_points:
        frame = frame.sample(max_points, random_state=seed)
    keep = [c for c in ("amount", "valuation", by, "bot", "variant", "round") if c in frame]
    frame = frame[list(dict.fromkeys(keep))].copy()
    if by in frame:
        # A legend reads "won: yes / no", not Python's True and False.
        words = {True: "yes", False: "no"}
        is_bool = frame[by].dtype == bool
        frame[by] = frame[by].map(words) if is_bool else frame[by].astype(str)
    top = float(max(frame["valuation"].max(), frame["amount"].max(), 1.0)) if len(frame) else 1.0
    points = (
        alt.Chart(frame)
        .mark_circle(opacity=0.4)
        .encode(
            x=alt.X("valuation:Q", title=f"bidder's valuation ({money})"),
            y=alt.Y("amount:Q", title=f"bid ({money})"),
            color=alt.Color(f"{by}:N", title=by) if by in frame else alt.value("steelblue"),
            tooltip=[c for c in frame.columns],
        )
    )
    line = (
        alt.Chart(pd.DataFrame({"valuation": [0.0, top], "amount": [0.0, top]}))
        .mark_line(strokeDash=[4, 4], color="gray")
        .encode(x="valuation:Q", y="amount:Q")
    )
    return alt.layer(points, line).properties(
        title="Bids against valuations", width=360, height=300
    )


def standings_chart(tournament: Any) -> Chart:
    """Each bot's win rate in a tournament with its interval; dashed: the fair share."""
    standings = getattr(tournament, "standings", tournament)
    _need(standings, ["bot", "win_rate", "ci_low", "ci_high"], "tournament")
    frame = standings.copy()
    fair = getattr(tournament, "fair_share", None)
    order = frame.sort_values("win_rate", ascending=False)["bot"].tolist()
    base = alt.Chart(frame).encode(y=alt.Y("bot:N", sort=order, title=None))
    layers: list[Any] = [
        base.mark_rule(strokeWidth=2).encode(
            x=alt.X("ci_low:Q", title="win rate (shared wins split)"), x2="ci_high:Q"
        ),
        base.mark_point(filled=True, size=60).encode(
            x="win_rate:Q", tooltip=["bot", "games", alt.Tooltip("win_rate:Q", format=".3f")]
        ),
    ]
    if fair is not None:
        frame["fair"] = fair
        layers.append(
            alt.Chart(frame).mark_rule(strokeDash=[4, 4], color="gray").encode(x="mean(fair):Q")
        )
    return alt.layer(*layers).properties(title="Tournament standings", width=360)
