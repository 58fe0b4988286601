"""The theory explorers driven headless (set control values, click the check button), the charts,
and the import boundary: the theory's maths never pulls in the notebook stack."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("ipywidgets", reason="needs the notebook extra")
pytest.importorskip("altair")
pytest.importorskip("scipy")

from tradekit.theory import charts
from tradekit.theory.explorer import (
    AscendingExplorer,
    CoinExplorer,
    OnceAroundExplorer,
    SealedBidExplorer,
    TieExplorer,
)
from tradekit.theory.sealed import SealedBid

MATHS = [
    "tradekit.theory",
    "tradekit.theory.sealed",
    "tradekit.theory.coins",
    "tradekit.theory.once_around",
    "tradekit.theory.ascending",
    "tradekit.theory.splitting",
    "tradekit.theory.simulate",
]


def test_theory_maths_does_not_load_the_notebook_stack() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in MATHS)
        + "bad = [m for m in ('pandas', 'altair', 'ipywidgets') if m in sys.modules]\n"
        + "sys.exit(', '.join(bad) if bad else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr or result.stdout


@pytest.mark.slow
def test_sealed_explorer_headless() -> None:
    ex = SealedBidExplorer(mode="svg", draws=1000, seed=1)
    assert "3 bidders" in ex.summary.value and "0.500" in ex.summary.value
    ex.prizes.value = "Turin Market"
    ex.a.value = 1.0
    assert ex.model().prizes == (2.0, 1.0, 0.0)
    assert "all pay" in str(ex.bid_slot.chart.to_dict())
    ex.prizes.value = "one prize"
    ex.budget.value = 0.4
    assert "values above" in ex.summary.value
    ex.check.click()
    assert len(ex.checks) == 5 and all(c.agrees(3.0) for c in ex.checks)
    assert "agree within 3 standard errors" in ex.check_table.value
    assert ex.check_slot.widget.outputs  # the SVG was drawn
    ex.custom_prizes.value = "oops"
    ex.prizes.value = "custom"
    assert "is not a number" in ex.summary.value  # a bad entry is reported, not raised


def test_the_sealed_explorer_offers_the_classic_payment_rule() -> None:
    ex = SealedBidExplorer(mode="svg", draws=1000, seed=7)
    ex.prizes.value = "custom"
    ex.custom_prizes.value = "3, 2"
    assert "least a" not in ex.summary.value  # the games' rule needs no condition on a
    ex.pays.value = "only the top pays in full"
    assert ex.model().pays == (1.0, 0.5, 0.5)
    assert "least a for an increasing equilibrium</td><td><b>0.250</b>" in ex.summary.value
    subtitle = " ".join(ex.bid_slot.chart.to_dict()["title"]["subtitle"])
    assert "only the top place pays its bid in full" in subtitle
    # Every line of the chart plays that rule, whatever its a.
    model = ex.model()
    for a in (0.0, 0.5, 1.0):
        drawn = charts.bid_table(model.with_loser_fraction(a), points=11)
        classic = SealedBid(3, a, model.values, (3.0, 2.0), pays=(1.0,))
        assert np.allclose(drawn["bid"], classic.bid(drawn["value"]), atol=1e-12)
    ex.check.click()
    assert all(c.agrees(3.0) for c in ex.checks)


@pytest.mark.slow
def test_sealed_explorer_interactive_charts() -> None:
    ex = SealedBidExplorer(mode="jupyter", draws=500, seed=2)
    first = ex.bid_slot._jupyter
    ex.n.value = 5
    assert ex.bid_slot._jupyter is first  # the same widget, its chart replaced
    assert "5 bidders" in first.spec["title"]["text"]
    ex.check.click()
    assert ex.check_slot.chart is not None


@pytest.mark.slow
def test_coin_explorer_headless() -> None:
    ex = CoinExplorer(mode="svg", draws=1000, seed=3, iterations=600)
    assert ex.equilibrium is not None and ex.equilibrium.game.rounding == "down"
    assert "odd bids" in ex.summary.value
    ex.rounding.value = "exact"
    assert ex.equilibrium.game.rounding == "exact"
    ex.top.value = 6
    ex.check.click()
    assert all(c.agrees(3.0) for c in ex.checks)
    ex.zero_bids.value = "win"
    assert ex.equilibrium.game.zero_bids == "win"
    subtitle = " ".join(ex.strategy_slot.chart.to_dict()["title"]["subtitle"])
    assert "a bid of 0 can win (textbook)" in subtitle


def test_once_around_explorer_headless() -> None:
    ex = OnceAroundExplorer(mode="svg", draws=1000, seed=4)
    assert "P4" in ex.summary.value
    ex.known.value = "5, 5, 10"
    assert "P3 wins and pays 1" in ex.complete.value
    ex.n.value = 2
    ex.check.click()
    assert [c.quantity for c in ex.checks][:3] == ["revenue", "efficiency", "P1 wins"]


@pytest.mark.slow
def test_ascending_explorer_headless() -> None:
    ex = AscendingExplorer(mode="svg", draws=500, seed=5)
    ex.n.value = 3
    ex.top.value = 8
    assert "+1/+2, jump" in ex.summary.value
    ex.rule.value = "+2, minimal"
    ex.check.click()
    assert ex.checks[0].quantity == "price"
    ex.n.value = 5
    ex.top.value = 20
    assert "value profiles" in ex.summary.value  # too many to enumerate: said, not raised


def test_tie_explorer_headless() -> None:
    ex = TieExplorer(mode="svg", draws=2000, seed=6)
    assert ex.distribution is not None and ex.distribution.mean < 0
    ex.rule.value = "Turin majority"
    assert ex.distribution.mean > 0
    ex.rule.value = "Medici ladder"
    ex.rounds.value = 2
    ex.check.click()
    assert all(c.agrees(3.0) for c in ex.checks)
    layers = ex.chart_slot.chart.to_dict()["layer"]
    assert len(layers) == 3  # exact bars, simulation error bars and points


def test_charts_have_titles_axes_and_tooltips() -> None:
    model = SealedBid(3, 0.5)
    for chart in (charts.bid_chart(model), charts.revenue_split_chart(model, budget=0.4)):
        spec = chart.to_dict()
        assert spec["title"]["text"]
        text = str(spec)
        assert ("tooltip" in text and "'title': 'value v'" in text) or "expected revenue" in text


@pytest.mark.parametrize("typed", ["nan", "inf", "-inf", "1e300", "9" * 300, "1.5", "ten"])
def test_the_tie_explorer_refuses_bad_rewards_in_words(typed: str) -> None:
    ex = TieExplorer(mode="svg", draws=500, seed=7)
    good = ex.distribution
    ex.rewards.value = f"30, {typed}, 10"
    text = ex.summary.value
    assert text.startswith("<b") and "rewards: " in text
    assert any(w in text for w in ("not a finite", "too large", "not a whole", "not a number"))
    assert "9" * 20 not in text and "(30" not in text  # no long number, no raw tuple
    assert ex.distribution is good  # nothing half-applied
    ex.check.click()  # a check on the bad entry fails in words too ...
    assert "rewards: " in ex.check_table.value
    ex.rewards.value = "30, 20, 10"  # ... and both errors clear once the entry is valid
    assert ex.summary.value.startswith("<table>") and "rewards 30, 20, 10," in ex.summary.value
    assert ex.check_table.value == ""


def test_the_sealed_explorer_refuses_non_finite_custom_prizes() -> None:
    ex = SealedBidExplorer(mode="svg", draws=500, seed=8)
    ex.prizes.value = "custom"
    for typed in ("nan", "inf", "1e300"):
        ex.custom_prizes.value = f"2, {typed}"
        assert "custom prizes: " in ex.summary.value, typed
    ex.custom_prizes.value = "3, 1"
    assert "prizes by place" in ex.summary.value and "3, 1, 0" in ex.summary.value
    with pytest.raises(ValueError, match="finite"):
        SealedBid(3, 0.5, prizes=(2.0, float("nan")))


def test_every_chart_says_the_rules_it_models() -> None:
    from tradekit.theory.ascending import AscendingModel
    from tradekit.theory.coins import CoinAuction, uniform_values
    from tradekit.theory.once_around import OnceAround
    from tradekit.theory.simulate import Check, Estimate
    from tradekit.theory.splitting import MajorityRule, rounding_distribution

    coin = CoinAuction(2, uniform_values(3), max_bid=3).solve(iterations=50)
    textbook = CoinAuction(2, uniform_values(3), max_bid=3, zero_bids="win").solve(iterations=50)
    model = SealedBid(3, 0.5)
    dist = rounding_distribution(MajorityRule(5), [{0: 0.5, 1: 0.5}] * 3)
    said = {
        "bid": (charts.bid_chart(model), "no rounding"),
        "split": (charts.revenue_split_chart(model), "no rounding"),
        "coins": (charts.coin_strategy_chart(coin), "a bid of 0 never wins"),
        "which bids": (charts.bid_distribution_chart([("down", coin)]), "a bid of 0 never wins"),
        "zero-bid rules": (
            charts.bid_distribution_chart([("games", coin), ("textbook", textbook)], "zero bids"),
            "whether a bid of 0 can win (the games: never) as each colour says",
        ),
        "once around": (charts.once_around_bid_chart(OnceAround(3)), "pays its bid"),
        "seats": (charts.seat_chart(OnceAround(3)), "pays its bid"),
        "ascending": (
            charts.ascending_chart([("+1", AscendingModel(3, uniform_values(4), (1,)).exact())]),
            "the winner pays its last bid",
        ),
        "rounding": (charts.rounding_chart(dist, rule=MajorityRule(5)), "rounded up"),
        "check": (
            charts.check_chart([Check("revenue", 0.5, Estimate(0.49, 0.01, 100))]),
            "the engine's own rules",
        ),
    }
    for name, (chart, words) in said.items():
        subtitle = " ".join(chart.to_dict()["title"]["subtitle"])
        assert words in subtitle, name


def _error(text: str) -> str:
    """The words of an explorer's error (empty if ``text`` is not one)."""
    if "#b00" not in text:
        return ""
    return text.removeprefix("<b style='color:#b00'>").removesuffix("</b>")


@pytest.mark.parametrize("typed", ["1,,2", "1, 2,", ", 1", "1;;2"])
def test_an_empty_entry_is_refused_in_words(typed: str) -> None:
    ex = SealedBidExplorer(mode="svg", draws=500, seed=3)
    ex.prizes.value = "custom"
    ex.custom_prizes.value = typed
    assert _error(ex.summary.value) == (
        "custom prizes: an entry is empty (two commas in a row, or one at an end)."
    )


def test_a_negative_prize_is_refused_naming_the_field_without_a_tuple() -> None:
    ex = SealedBidExplorer(mode="svg", draws=500, seed=3)
    ex.prizes.value = "custom"
    ex.custom_prizes.value = "-3"
    said = _error(ex.summary.value)
    assert said == "custom prizes: “-3” is below 0; type numbers of 0 or more."
    assert "(" not in said and ">=" not in said


def test_prizes_all_zero_are_refused_in_words() -> None:
    ex = SealedBidExplorer(mode="svg", draws=500, seed=3)
    ex.prizes.value = "custom"
    ex.custom_prizes.value = "0, 0, 5"  # 3 bidders: the first 3 prizes count
    assert _error(ex.summary.value) == "" and "0, 0, 5" in ex.summary.value
    ex.custom_prizes.value = "0, 0, 0, 5"
    assert _error(ex.summary.value) == (
        "custom prizes: the first 3 prizes are all 0; type at least one prize above 0."
    )


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("12, -3, 15", "known values: “-3” is below 0; type numbers of 0 or more."),
        ("12, 9.5", "known values: “9.5” is not a whole number."),
        ("12, nine", "known values: “nine” is not a number."),
        ("12,,9", "known values: an entry is empty (two commas in a row, or one at an end)."),
    ],
)
def test_the_known_values_are_checked_and_named(typed: str, said: str) -> None:
    ex = OnceAroundExplorer(mode="svg", draws=500, seed=3)
    ex.known.value = typed
    assert _error(ex.summary.value) == said


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("5, -1, 5", "budgets: “-1” is below 0; type numbers of 0 or more."),
        (
            "5, 5",
            "budgets: 2 budgets for 3 known values; type one budget for each known value, or none.",
        ),
    ],
)
def test_the_budgets_are_checked_and_named(typed: str, said: str) -> None:
    ex = OnceAroundExplorer(mode="svg", draws=500, seed=3)
    ex.budgets.value = typed
    assert _error(ex.summary.value) == said
    ex.budgets.value = "5, 5, 5"  # the error clears once the entry is valid
    assert _error(ex.summary.value) == "" and "Complete information" in ex.complete.value


def test_negative_rewards_are_refused_in_words() -> None:
    ex = TieExplorer(mode="svg", draws=500, seed=7)
    ex.rewards.value = "30, -20"
    assert _error(ex.summary.value) == "rewards: “-20” is below 0; type numbers of 0 or more."


def test_any_error_an_entry_causes_is_shown_in_words_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = OnceAroundExplorer(mode="svg", draws=500, seed=3)

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a programmer's words")

    monkeypatch.setattr("tradekit.theory.explorer.complete_information", broken)
    ex.known.value = "12, 9, 16"  # no traceback escapes the widget's callback
    assert _error(ex.summary.value) == "These settings cannot be computed; try other ones."
    ex.check.click()
    monkeypatch.undo()
    ex.known.value = "12, 9, 15"  # and the error clears once the entries work
    assert _error(ex.summary.value) == ""
