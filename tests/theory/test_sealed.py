"""Sealed bids with loser payments and ranked prizes: closed forms against numerical integration,
equilibria against best-response search, revenue against Monte Carlo through the engine."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

stats = pytest.importorskip("scipy.stats", reason="needs the notebook extra (scipy)")
integrate = pytest.importorskip("scipy.integrate")

from tradekit.theory import simulate  # noqa: E402
from tradekit.theory.sealed import (  # noqa: E402
    BudgetEquilibrium,
    SealedBid,
    complete_information_all_pay,
    least_loser_fraction,
    revenue_equivalence,
    uniform_bid,
    uniform_revenue_split,
)
from tradekit.theory.values import Values, order_statistic_mean  # noqa: E402

A_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: A uniform law given to scipy, so the numerical path runs where a closed form is known.
SCIPY_UNIFORM = Values.from_scipy(stats.uniform(0, 1), "scipy uniform")
LAWS = {
    "uniform": Values.uniform(),
    "beta(2,2)": Values.from_scipy(stats.beta(2, 2)),
    "beta(1,3)": Values.from_scipy(stats.beta(1, 3)),
    "exponential": Values.from_scipy(stats.expon()),
    "uniform(1,3)": Values.from_scipy(stats.uniform(1, 2)),
}
TURIN = {2: (2.0,), 3: (2.0, 1.0), 4: (2.0, 1.0, 1.0), 5: (2.0, 2.0, 1.0)}


# ---------------------------------------------------------------- closed forms vs integration


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("a", A_VALUES)
def test_uniform_bid_closed_form_matches_numerical_integration(n: int, a: float) -> None:
    v = np.linspace(0.0, 1.0, 41)
    numeric = SealedBid(n, a, SCIPY_UNIFORM).bid(v)
    assert np.allclose(numeric, uniform_bid(v, n, a), atol=1e-9)
    scaled = SealedBid(n, a, Values.uniform(10.0)).bid(10 * v)
    assert np.allclose(scaled, uniform_bid(10 * v, n, a, high=10.0), atol=1e-8)


@pytest.mark.parametrize("n", [2, 3, 6])
@pytest.mark.parametrize("a", A_VALUES)
def test_uniform_revenue_closed_form_matches_quad(n: int, a: float) -> None:
    closed = uniform_revenue_split(n, a)
    numeric = SealedBid(n, a, SCIPY_UNIFORM).revenue()

    def bid(v: float) -> float:
        return float(uniform_bid(np.array([v]), n, a)[0])

    # Direct quadrature of n E[b(V) G(V)] and n a E[b(V)(1 - G(V))], independent of both.
    winners = n * integrate.quad(lambda v: bid(v) * v ** (n - 1), 0, 1)[0]
    losers = n * a * integrate.quad(lambda v: bid(v) * (1 - v ** (n - 1)), 0, 1)[0]
    assert closed.total == pytest.approx((n - 1) / (n + 1), abs=1e-12)
    for r in (closed, numeric):
        assert r.winners == pytest.approx(winners, abs=1e-8)
        assert r.losers == pytest.approx(losers, abs=1e-8)
        assert r.total == pytest.approx(winners + losers, abs=1e-8)
        assert r.expected_bid == pytest.approx(integrate.quad(bid, 0, 1)[0], abs=1e-8)
        assert r.allocated_value == pytest.approx(n / (n + 1), abs=1e-8)


@pytest.mark.parametrize("law", list(LAWS))
def test_first_price_and_all_pay_reduce_to_the_textbook_bids(law: str) -> None:
    values = LAWS[law]
    n = 4
    first, allpay = SealedBid(n, 0.0, values), SealedBid(n, 1.0, values)
    for v in values.ppf(np.array([0.1, 0.4, 0.8, 0.97])):
        big_f = float(values.cdf(np.array([v]))[0])
        # First price: E[Y | Y < v], Y the highest of n-1 other values (Krishna, prop. 2.2).
        below = integrate.quad(
            lambda y: float(values.cdf(np.array([y]))[0]) ** (n - 1), values.low, v
        )
        expected = v - below[0] / big_f ** (n - 1)
        assert float(first.bid(v)) == pytest.approx(expected, rel=1e-6)
        # All pay: the expected payment v G(v) - ∫ G.
        assert float(allpay.bid(v)) == pytest.approx(v * big_f ** (n - 1) - below[0], rel=1e-6)


def test_turin_uniform_ranked_prize_bid_in_closed_form() -> None:
    # n = 3, prizes (2, 1): P(u) = 2u, W(u) = 2u - u^2, m(u) = u^2, so b = u^2 / (a + (1-a) W).
    for a in A_VALUES:
        u = np.linspace(0.01, 1, 25)
        expected = u**2 / (a + (1 - a) * (2 * u - u**2))
        assert np.allclose(SealedBid(3, a, prizes=(2, 1)).bid(u), expected, atol=1e-12)
        assert np.allclose(SealedBid(3, a, SCIPY_UNIFORM, (2, 1)).bid(u), expected, atol=1e-9)


# ---------------------------------------------------------------- revenue equivalence


@pytest.mark.parametrize("law", list(LAWS))
def test_revenue_equivalence_single_prize(law: str) -> None:
    values = LAWS[law]
    for n in (2, 4):
        splits = revenue_equivalence(n, A_VALUES, values)
        second = order_statistic_mean(values, n)
        for r in splits:
            assert r.total == pytest.approx(second, rel=1e-7)
            assert r.winners + r.losers == pytest.approx(r.total, rel=1e-6)
        # The losers' share rises with a (0 in the first-price auction).
        shares = [r.loser_share for r in splits]
        assert shares[0] == 0 and all(np.diff(shares) > 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_ranked_prize_revenue_is_the_sum_of_prizes_times_virtual_values(n: int) -> None:
    # Uniform [0, 1]: revenue = sum_k p_k E[2 V_(k) - 1] with E[V_(k)] = (n - k + 1)/(n + 1).
    prizes = TURIN[n]
    expected = sum(p * (2 * (n - k + 1) / (n + 1) - 1) for k, p in enumerate(prizes, start=1))
    for a in A_VALUES:
        assert SealedBid(n, a, prizes=prizes).revenue().total == pytest.approx(expected, abs=1e-9)


# ---------------------------------------------------------------- existence and best responses


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("a", A_VALUES)
def test_turin_ranked_equilibrium_exists_and_admits_no_profitable_deviation(
    n: int, a: float
) -> None:
    model = SealedBid(n, a, prizes=TURIN[n])
    assert model.existence().exists
    for v in (0.05, 0.3, 0.6, 0.9, 1.0):
        assert model.deviation_gain(v) < 1e-5


@pytest.mark.parametrize("law", ["beta(2,2)", "exponential", "uniform(1,3)"])
def test_equilibrium_for_other_laws_admits_no_profitable_deviation(law: str) -> None:
    values = LAWS[law]
    for a in (0.0, 0.5, 1.0):
        model = SealedBid(3, a, values, (2.0, 1.0))
        assert model.existence().exists
        for v in values.ppf(np.array([0.05, 0.5, 0.95])):
            assert model.deviation_gain(float(v)) < 1e-5 * max(1.0, float(v))


def test_best_response_search_detects_a_wrong_bid() -> None:
    model = SealedBid(3, 0.5)
    v = 0.8
    right = float(model.bid(v))
    assert model.deviation_gain(v, own_bid=right) < 1e-6
    assert model.deviation_gain(v, own_bid=0.6 * right) > 1e-3
    assert model.deviation_gain(v, own_bid=right + 0.1) > 1e-3


def test_rising_prizes_have_no_increasing_equilibrium() -> None:
    result = SealedBid(3, 0.5, prizes=(1.0, 2.0)).existence()
    assert not result.exists
    assert "prizes rise" in result.reason


# ---------------------------------------------------------------- budgets


def test_budget_equilibrium_cutoff_indifference_and_lower_revenue() -> None:
    model = SealedBid(3, 0.5)
    eq = model.with_budget(0.4)
    assert eq.binds and 0 < eq.cutoff_quantile < 1
    for v in (0.2, 0.5, eq.cutoff, 0.7, 1.0):
        assert eq.deviation_gain(v) < 1e-5
    assert eq.revenue().total < model.revenue().total - 0.01
    loose = model.with_budget(1.0)
    assert not loose.binds
    assert loose.revenue().total == pytest.approx(model.revenue().total, abs=1e-9)


# ---------------------------------------------------------------- Monte Carlo through the engine

MC_MODELS: dict[str, SealedBid | BudgetEquilibrium] = {
    "turin one prize": SealedBid(3, 0.5),
    "turin 3 players": SealedBid(3, 0.5, prizes=(2.0, 1.0)),
    "turin 5 players": SealedBid(5, 0.5, prizes=(2.0, 2.0, 1.0)),
    "all pay, exponential": SealedBid(4, 1.0, Values.from_scipy(stats.expon())),
    "first price, beta": SealedBid(2, 0.0, Values.from_scipy(stats.beta(2, 2))),
    "budget": SealedBid(3, 0.5).with_budget(0.4),
    "only the top pays in full": SealedBid(3, 0.5, prizes=(3.0, 2.0), pays=(1.0,)),
}


@pytest.mark.parametrize("name", list(MC_MODELS))
def test_revenue_against_monte_carlo_through_the_engine(name: str) -> None:
    checks = simulate.sealed(MC_MODELS[name], draws=4000, seed=2026)
    bad = [(c.quantity, c.theory, c.estimate) for c in checks if not c.agrees(3.0)]
    assert not bad


def test_void_ties_agree_too_when_ties_are_rare() -> None:
    checks = simulate.sealed(SealedBid(3, 0.5, prizes=(2.0, 1.0)), draws=2000, seed=7, ties="void")
    assert all(c.agrees(3.0) for c in checks)


def test_complete_information_all_pay_dissipates_the_prizes() -> None:
    assert complete_information_all_pay([2, 1, 0], 3.0) == 9.0
    assert complete_information_all_pay([5, 5, 1], 1.0) == 8.0
    assert math.isclose(complete_information_all_pay([1.0], 2.0), 0.0)


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        SealedBid(1)
    with pytest.raises(ValueError, match="loser_fraction"):
        SealedBid(3, 1.5)
    with pytest.raises(ValueError, match="prizes"):
        SealedBid(2, 0.5, prizes=(1, 1, 1))
    with pytest.raises(ValueError, match="single prize"):
        SealedBid(3, 0.5, prizes=(2, 1)).with_budget(0.3)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.integers(0, 4), min_size=1, max_size=n).filter(any),
            st.floats(0, 1),
            st.floats(0.5, 3),
            st.floats(0.5, 3),
        )
    )
)
def test_nonincreasing_prizes_always_give_an_increasing_equilibrium(case: tuple) -> None:  # type: ignore[type-arg]
    # The module's claim: values >= 0 and prizes that do not rise down the places make the
    # candidate bid nondecreasing, for any a in [0, 1] and any value law (here beta laws, some
    # not log-concave).
    n, prizes, a, alpha, beta = case
    values = Values.from_scipy(stats.beta(alpha, beta))
    model = SealedBid(n, a, values, tuple(sorted(prizes, reverse=True)))
    assert model.existence(points=801).exists


def test_payment_fractions_by_place_default_to_the_games_rule() -> None:
    games = SealedBid(3, 0.5, prizes=(2, 1))
    explicit = SealedBid(3, 0.5, prizes=(2, 1), pays=(1.0, 1.0, 0.5))
    u = np.linspace(0, 1, 11)
    assert games.pays == (1.0, 1.0, 0.5) and games.games_payments
    assert np.allclose(games.bid_at(u), explicit.bid_at(u), atol=1e-12)
    # One prize: "only the top pays in full" is the games' rule.
    assert np.allclose(SealedBid(4, 0.3).bid_at(u), SealedBid(4, 0.3, pays=(1,)).bid_at(u))


@pytest.mark.parametrize("a", [0.0, 0.5, 1.0])
def test_only_the_top_paying_in_full_keeps_the_revenue(a: float) -> None:
    turin = SealedBid(3, a, prizes=(2, 1))
    classic = SealedBid(3, a, prizes=(2, 1), pays=(1,))
    assert classic.existence().exists
    assert classic.revenue().total == pytest.approx(turin.revenue().total, abs=1e-9)
    r = classic.revenue()
    assert r.winners + r.losers == pytest.approx(r.total, abs=1e-9)


def test_the_classic_bid_is_a_best_response_by_simulation() -> None:
    # Rivals bid the classic equilibrium (3 bidders, prizes 2 and 1, only the top pays in full,
    # the others half); a bidder of value 0.7 tries bids on common random rival draws, placed by
    # ranking the bids themselves (not through the model's own inversion of its bid function).
    model = SealedBid(3, 0.5, prizes=(2, 1), pays=(1,))
    rng = np.random.default_rng(4)
    rivals = model.bid(rng.random((40_000, 2)))
    v = 0.7
    own = float(model.bid(v))

    def payoff(x: float) -> float:
        above = (rivals > x).sum(axis=1)  # 0: first place, 1: second, 2: last
        prize = np.array([2.0, 1.0, 0.0])[above]
        paid = np.array([1.0, 0.5, 0.5])[above] * x
        return float(np.mean(v * prize - paid))

    best = max(payoff(x) for x in np.linspace(0.0, 1.6, 81))
    assert payoff(own) >= best - 0.005


def test_equal_prizes_paid_by_the_top_only_have_no_increasing_equilibrium() -> None:
    # Two equal prizes where only the top bid pays in full: near the top a bidder would rather
    # take the second prize at a fraction of the price, so the candidate bid falls.
    classic = SealedBid(3, 0.5, prizes=(1, 1), pays=(1,))
    check = classic.existence()
    assert not check.exists and "decreases" in check.reason
    assert SealedBid(3, 0.5, prizes=(1, 1)).existence().exists  # the games' rule: both pay


def test_existence_names_its_cause_and_value_as_its_sentence_does() -> None:
    # Other languages word the finding from cause and near, never from the English sentence.
    cases = {
        "rises": SealedBid(3, 0.5),
        "decreases": SealedBid(3, 0.5, prizes=(1, 1), pays=(1,)),
        "prize_falls": SealedBid(3, 0.5, prizes=(1, 2)),
    }
    for cause, auction in cases.items():
        check = auction.existence()
        assert check.cause == cause and check.exists == (cause == "rises"), check
        if cause == "rises":
            assert check.near == check.worst_value
        else:
            assert f"near v = {check.near:.3g}" in check.reason, check


def test_payment_fractions_are_checked() -> None:
    with pytest.raises(ValueError, match=r"payment fraction must lie in \[0, 1\]"):
        SealedBid(3, 0.5, pays=(1.5,))
    with pytest.raises(ValueError, match="4 payment fractions for 3 places"):
        SealedBid(3, 0.5, pays=(1, 1, 1, 1))
    with pytest.raises(ValueError, match="every payment fraction is 0"):
        SealedBid(2, 0.0, pays=(0.0,))


# ------------------------------------------------------- the condition on the loser fraction


@pytest.mark.parametrize(
    ("n", "prizes"), [(3, (3.0, 2.0)), (3, (1.0, 0.8)), (4, (3.0, 2.0, 1.0)), (8, (3.0, 2.0, 1.0))]
)
def test_least_loser_fraction_at_the_top_for_uniform_values(
    n: int, prizes: tuple[float, ...]
) -> None:
    # (p_2 - mean prize) / (p_1 - mean prize), the slope condition at the top, computed by hand.
    mean = sum(prizes) / n
    assert least_loser_fraction(n, prizes) == pytest.approx(
        (prizes[1] - mean) / (prizes[0] - mean), abs=1e-9
    )


CLASSIC_CASES = [
    (3, (3.0, 2.0), "uniform"),
    (4, (2.0, 1.0, 1.0), "uniform"),
    (3, (3.0, 2.0), "beta(2,2)"),
    (4, (3.0, 2.0, 1.0), "beta(1,3)"),
]


@pytest.mark.parametrize(("n", "prizes", "law"), CLASSIC_CASES)
def test_the_classic_equilibrium_exists_exactly_above_the_least_loser_fraction(
    n: int, prizes: tuple[float, ...], law: str
) -> None:
    values = LAWS[law]
    least = least_loser_fraction(n, prizes, values)
    assert 0.05 < least < 0.95
    below = SealedBid(n, least - 0.02, values, prizes, pays=(1,))
    above = SealedBid(n, least + 0.02, values, prizes, pays=(1,))
    assert not below.existence().exists
    assert above.existence().exists
    # Best-response search: above the threshold no value gains by bidding anything else.
    for v in values.ppf(np.array([0.1, 0.5, 0.8, 0.95])):
        assert above.deviation_gain(float(v)) < 1e-5, (law, v)


def test_below_the_least_loser_fraction_a_strong_bidder_deviates() -> None:
    # With two equal prizes only the top paying in full, the candidate bid falls near the top:
    # a bidder of a high value gains by bidding what a lower value bids.
    model = SealedBid(3, 0.5, prizes=(1.0, 1.0), pays=(1,))
    v = 0.98
    own = float(model.bid(v))
    rng = np.random.default_rng(5)
    rivals = model.bid(rng.random((40_000, 2)))

    def payoff(x: float) -> float:
        above = (rivals > x).sum(axis=1)
        prize = np.array([1.0, 1.0, 0.0])[above]
        paid = np.array([1.0, 0.5, 0.5])[above] * x
        return float(np.mean(v * prize - paid))

    best = max(payoff(x) for x in np.linspace(0.0, 1.0, 201))
    assert best > payoff(own) + 0.01


def test_the_games_rule_never_needs_the_losers_to_pay() -> None:
    # Every prize place paying in full: an increasing equilibrium for every a, so a* = 0.
    for n, prizes in TURIN.items():
        places = sum(1 for p in prizes if p > 0)
        assert least_loser_fraction(n, prizes, paid_in_full=places) == 0.0
    assert least_loser_fraction(3, (1.0, 1.0)) == pytest.approx(1.0, abs=1e-9)
    assert least_loser_fraction(3, (1.0, 2.0)) == math.inf  # prizes rising down the places
    with pytest.raises(ValueError, match="paid_in_full"):
        least_loser_fraction(3, (2.0, 1.0), paid_in_full=0)
