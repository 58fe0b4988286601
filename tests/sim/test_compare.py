"""Paired comparisons of rule choices, and tournaments with seat rotation."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

import tradekit
from tradekit.core.errors import ConfigError
from tradekit.sim import compare, paired_stats, tournament
from tradekit.sim.tournament import lineups_for

CLASSIC = tradekit.load_game("turin", players=3, scoring="classic")
RED = tradekit.load_game("turin", players=3, scoring="red")


def test_a_rule_choice_against_itself_shows_zero_difference() -> None:
    c = compare(
        CLASSIC, CLASSIC, ["heuristic", "random", "heuristic"], n=40, seed=8, backend="serial"
    )
    assert (c.a, c.b) == ("A", "B")
    summary = c.summary
    assert (summary["diff"] == 0).all() and (summary["changed"] == 0).all()
    assert (summary["p_value"] == 1).all()
    assert (summary["ci_low"] == 0).all() and (summary["ci_high"] == 0).all()
    assert "the same in every one of the 40 paired games" in c.text()


def test_classic_and_red_share_deals_and_bot_streams() -> None:
    c = compare(CLASSIC, RED, "random", n=30, seed=3, backend="serial")
    assert (c.a, c.b) == ("scoring=classic", "scoring=red")
    assert c.table is not None
    a = c.table[c.table["variant"] == c.a].reset_index(drop=True)
    b = c.table[c.table["variant"] == c.b].reset_index(drop=True)
    assert (a["game_seed"] == b["game_seed"]).all() and (a["deal"] == b["deal"]).all()
    # Random bots never look at the payouts, so the same streams play the very same games:
    # only the final payouts differ.
    assert (a["length"] == b["length"]).all() and (a["auction_spend"] == b["auction_spend"]).all()
    assert (a["score"] != b["score"]).any()
    row = c.summary[(c.summary["measure"] == "length")].iloc[0]
    assert row["diff"] == 0 and row["changed"] == 0


def test_summary_rows_and_text() -> None:
    c = compare(
        CLASSIC, RED, "heuristic", n=25, seed=1, backend="serial", labels=("classic", "red")
    )
    measures = c.summary["measure"].tolist()
    assert measures[:6] == ["win rate", "score"] * 3
    assert measures[6:9] == ["score_spread", "winning_margin", "length"]
    assert {"ties", "coin_flips", "rounding_created", "loans"} <= set(measures)
    win0 = c.summary.iloc[0]
    assert win0["test"] == "McNemar exact" and win0["seat"] == 0 and win0["n"] == 25
    assert c.summary.iloc[6]["test"] == "paired t"
    assert (c.summary["ci_low"] <= c.summary["diff"]).all()
    assert (c.summary["diff"] <= c.summary["ci_high"]).all()
    text = c.text(["score_spread"])
    assert "red against classic, 25 paired games" in text and "95% CI" in text
    assert "<table" in c._repr_html_()


def test_paired_stats_match_scipy() -> None:
    rng = np.random.default_rng(0)
    a = rng.normal(10, 3, 200)
    b = a + rng.normal(0.5, 1, 200)
    s = paired_stats(a, b, confidence=0.9)
    assert math.isclose(s["p_value"], stats.ttest_rel(b, a).pvalue)
    d = b - a
    half = stats.t.ppf(0.95, 199) * d.std(ddof=1) / math.sqrt(200)
    assert math.isclose(s["ci_low"], d.mean() - half) and math.isclose(
        s["ci_high"], d.mean() + half
    )
    # McNemar exact: 8 games won only under B, 2 only under A.
    wins_a = np.array([1] * 2 + [0] * 8 + [1] * 5 + [0] * 5)
    wins_b = np.array([0] * 2 + [1] * 8 + [1] * 5 + [0] * 5)
    m = paired_stats(wins_a, wins_b, binary=True)
    assert m["changed"] == 10 and math.isclose(m["diff"], 0.3)
    assert math.isclose(m["p_value"], stats.binomtest(8, 10, 0.5).pvalue)
    # Every split of up to 12 discordant pairs, the even ones (p = 1) included.
    for changed in range(1, 13):
        for gained in range(changed + 1):
            before = [1] * (changed - gained) + [0] * gained + [0, 1]
            after = [0] * (changed - gained) + [1] * gained + [0, 1]
            p = paired_stats(before, after, binary=True)["p_value"]
            assert math.isclose(p, stats.binomtest(gained, changed, 0.5).pvalue), (gained, changed)
    assert math.isnan(paired_stats([1.0], [2.0])["ci_low"])
    with pytest.raises(ConfigError, match="as many values as a"):
        paired_stats([1, 2], [1, 2, 3])


def test_compare_refuses_what_cannot_be_paired() -> None:
    with pytest.raises(ConfigError, match="'game_b' = 'medici'"):
        compare(CLASSIC, tradekit.load_game("medici"), "random", n=2)
    with pytest.raises(ConfigError, match="'game_b' = '4 players'"):
        compare(CLASSIC, tradekit.load_game("turin", players=4), "random", n=2)
    with pytest.raises(ConfigError, match="'confidence'"):
        compare(CLASSIC, RED, "random", n=2, confidence=95)
    with pytest.raises(ConfigError, match="'labels'"):
        compare(CLASSIC, RED, "random", n=2, labels=("x", "x"))


def test_tournament_rotates_seats_on_the_same_deals() -> None:
    assert lineups_for(3, 3) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert lineups_for(3, 3, rotate=False) == [(0, 1, 2)]
    assert len(lineups_for(5, 3)) == 30
    t = tournament(CLASSIC, ["heuristic", "random", "random"], n=8, seed=5, backend="serial")
    assert t.table is not None
    assert t.lineups == 3 and len(t.table) == 8 * 3 * 3
    assert sorted(t.standings["bot"]) == ["heuristic", "random #1", "random #2"]
    # every bot sat in every seat, on every deal
    seats = t.table.groupby("bot")["seat"].value_counts()
    assert (seats == 8).all() and len(seats) == 9
    deal0 = t.table[t.table["deal"] == 0]
    assert deal0["game_seed"].nunique() == 1
    assert math.isclose(t.standings["wins"].sum(), 8 * 3)
    assert t.fair_share == pytest.approx(1 / 3)
    with pytest.raises(ConfigError, match="at least 3 bots"):
        tournament(CLASSIC, ["heuristic", "random"], n=2)
    with pytest.raises(ConfigError, match="a list of bots"):
        tournament(CLASSIC, "random", n=2)  # type: ignore[arg-type]


def test_a_difference_of_win_rates_stays_within_plus_or_minus_one() -> None:
    # Three games, two of them won under B only: the t interval alone reaches past +100%.
    m = paired_stats([0, 0, 1], [1, 1, 0], binary=True)
    assert -1.0 <= m["ci_low"] < m["diff"] < m["ci_high"] <= 1.0
    assert m["ci_high"] == 1.0 and m["ci_low"] == -1.0
    # A measure that is not a rate keeps its whole interval.
    s = paired_stats([0, 0, 1], [1, 1, 0])
    assert s["ci_high"] > 1.0 and s["ci_low"] < -1.0
