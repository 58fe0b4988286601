"""Charts build from the simulation tables and render offline (SVG through vl-convert)."""

from __future__ import annotations

import math
import re
from typing import Any

import altair as alt
import pandas as pd
import pytest

import tradekit
from tradekit import charts
from tradekit.core.errors import ConfigError
from tradekit.core.registry import game_class
from tradekit.sim import compare, load_games, play, run, tournament

vl_convert = pytest.importorskip("vl_convert")


@pytest.fixture(scope="module")
def comparison() -> Any:
    return compare(
        tradekit.load_game("turin", scoring="classic"),
        tradekit.load_game("turin", scoring="red"),
        ["heuristic", "random", "random"],
        n=30,
        seed=1,
        backend="serial",
    )


def svg(chart: alt.TopLevelMixin) -> str:
    text: str = vl_convert.vegalite_to_svg(chart.to_dict())
    assert text.startswith("<svg") and "</svg>" in text
    return text


def test_win_rate_by_seat(comparison: Any) -> None:
    rates = charts.win_rates(comparison.table)
    assert len(rates) == 6 and (rates["ci_low"] <= rates["win_rate"]).all()
    assert (rates["win_rate"] <= rates["ci_high"]).all()
    text = svg(charts.win_rate_by_seat(comparison.table))
    assert "Win rate by seat" in text


def test_charts_count_seats_from_1(comparison: Any) -> None:
    # The tables number seats from 0, as code does; a person reads P1 for seat 0.
    texts = [
        svg(charts.win_rate_by_seat(comparison.table)),
        svg(charts.paired_differences(comparison)),
    ]
    for text in texts:
        labels = re.findall(r">(P\d+)</text>", text)
        assert sorted(set(labels)) == ["P1", "P2", "P3"], labels
        assert "seat 0" not in text


def test_score_distribution(comparison: Any) -> None:
    chart = charts.score_distribution(comparison.table)
    data = chart.to_dict()["datasets"]
    shares = pd.DataFrame(next(iter(data.values())))
    assert shares.groupby("variant")["share"].sum().round(9).tolist() == [1.0, 1.0]
    svg(chart)
    svg(charts.score_distribution(comparison.table, by="bot", facet="variant"))


def test_paired_differences(comparison: Any) -> None:
    text = svg(charts.paired_differences(comparison))
    assert "scoring=red minus scoring=classic" in text
    svg(charts.paired_differences(comparison.summary, measures=["ties", "length"]))
    with pytest.raises(ConfigError, match="'measures'"):
        charts.paired_differences(comparison, measures=["happiness"])


def test_bids_against_valuations() -> None:
    result = run("turin", ["heuristic", "random", "random"], n=15, seed=2, backend="serial",
                 decisions="Bid")  # fmt: skip
    chart = charts.bids_vs_valuations(result.decisions, max_points=20)
    rows = next(iter(chart.to_dict()["datasets"].values()))
    assert len(rows) == 20 and all(r["valuation"] is not None for r in rows)
    assert {r["won"] for r in rows} <= {"yes", "no"}  # the legend in words, not True/False
    svg(chart)
    assert result.games is not None
    with pytest.raises(ConfigError, match=r"columns \['valuation'\]"):
        charts.bids_vs_valuations(result.games.assign(amount=1))


@pytest.mark.parametrize("game", tradekit.GAMES)
def test_bids_against_valuations_in_each_games_money(game: str) -> None:
    result = run(game, "heuristic", n=2, seed=3, backend="serial", decisions="Bid")
    assert result.decisions is not None
    assert len(result.decisions) > 0 and result.decisions["valuation"].notna().any()
    chart = charts.bids_vs_valuations(result.decisions).to_dict()
    money = game_class(game).money_name
    axes = chart["layer"][0]["encoding"]
    assert axes["y"]["title"] == f"bid ({money})"
    assert axes["x"]["title"] == f"bidder's valuation ({money})"


def test_standings_and_class_games_beside_simulated(tmp_path: Any) -> None:
    t = tournament("turin", ["heuristic", "random", "random"], n=4, seed=1, backend="serial")
    svg(charts.standings_chart(t))
    saved = [play("turin", "heuristic", seed=1, deal=d).to_json() for d in range(3)]
    both = pd.concat([t.table, load_games(saved)], ignore_index=True)
    svg(charts.win_rate_by_seat(both, by="source"))


def test_offline_renderers() -> None:
    assert charts.use_offline_renderer() == "svg"
    assert alt.renderers.active == "svg"
    with pytest.raises(ConfigError, match="'kind' = 'cdn'"):
        charts.use_offline_renderer("cdn")
    with pytest.raises(ConfigError, match="a pandas DataFrame"):
        charts.win_rate_by_seat([1, 2, 3])  # type: ignore[arg-type]
    low, high = charts.wilson(0, 0)  # no games: no interval
    assert math.isnan(low) and math.isnan(high)


def test_theme_names_fonts_of_one_width_and_keeps_labels_whole() -> None:
    charts.use_offline_renderer()
    long = "a rule choice with a long name, such as public treasury (tax)"
    frame = pd.DataFrame({"rule": [long, "base game"], "value": [1.0, -0.5]})
    chart = alt.Chart(frame).mark_bar().encode(x="value:Q", y="rule:N", color="rule:N")
    text = svg(chart)
    assert text.count(f">{long}</text>") == 2  # the axis label and the legend label, whole
    assert "…" not in text
    assert f'font-family="{charts.FONT}"' in text
    charts.use_offline_renderer(theme=False)  # the theme stays until another one is enabled
    assert alt.theme.active == charts.THEME_NAME
    alt.theme.enable("default")
    assert "font" not in alt.Chart(frame).mark_bar().to_dict()["config"]
    charts.use_offline_renderer()


def test_paired_differences_in_words_with_a_title(comparison: Any) -> None:
    chart = charts.paired_differences(comparison, ["score_spread"], title="Red against classic")
    spec = chart.to_dict()
    assert spec["title"] == "Red against classic"
    text = svg(chart)
    assert ">score spread: difference (B − A)</text>" in text and ">score spread</text>" in text


def test_interactive_renderer_draws_the_chart_and_keeps_its_bundle(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ipywidgets.widgets.widget import _instances as widgets_by_id

    def widgets() -> list[Any]:
        return list(widgets_by_id.values())

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(alt.JupyterChart, "_is_offline", False)
    monkeypatch.setattr(alt.JupyterChart, "_esm", alt.JupyterChart._esm)
    frame = pd.DataFrame({"rule": ["a", "b"], "value": [1.0, -0.5]})
    chart = alt.Chart(frame).mark_bar().encode(x="value:Q", y="rule:N")
    try:
        assert charts.use_offline_renderer("jupyter", theme=False) == "jupyter"
        data, _ = chart._repr_mimebundle_()  # (data, metadata), as altair's own renderer
        view = data["application/vnd.jupyter.widget-view+json"]
        (widget,) = [w for w in widgets() if getattr(w, "model_id", None) == view["model_id"]]
        assert widget.spec == chart.to_dict()
        (kept,) = (tmp_path / "tradekit").glob("jupyterchart-*.js")
        assert kept.read_text(encoding="utf-8") == alt.JupyterChart._esm
        # A new kernel reads the bundle it kept instead of building it again.
        monkeypatch.setattr(alt.JupyterChart, "_is_offline", False)
        monkeypatch.setattr(alt.JupyterChart, "_esm", "")

        def no_build(*args: Any, **kwargs: Any) -> str:
            raise AssertionError("the bundle was built again")

        monkeypatch.setattr(vl_convert, "javascript_bundle", no_build)
        chart._repr_mimebundle_()
        assert alt.JupyterChart._esm == kept.read_text(encoding="utf-8")
    finally:
        charts.use_offline_renderer()


def test_chart_svg_draws_each_spec_once_and_keeps_only_the_recent_ones() -> None:
    def bar(height: int) -> Any:
        return alt.Chart(pd.DataFrame({"x": [height]})).mark_bar().encode(y="x:Q")

    charts._svg_of.cache_clear()
    first = charts.chart_svg(bar(1))
    assert first.startswith("<svg") and charts._svg_of.cache_info().misses == 1
    assert charts.chart_svg(bar(1)) == first  # the same spec: kept, not drawn again
    assert charts._svg_of.cache_info().misses == 1
    assert charts.chart_svg(bar(2)) != first  # another spec: drawn
    assert charts._svg_of.cache_info().misses == 2
    assert charts._svg_of.cache_info().maxsize == 64  # only the recent ones are kept
