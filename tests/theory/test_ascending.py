"""The ascending auction with fixed raises (Négoces): exact enumeration against the engine played
profile by profile, the second-highest-value benchmark, Monte Carlo within standard error."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("scipy", reason="needs the notebook extra (scipy)")

from tradekit.theory import simulate
from tradekit.theory.ascending import AscendingModel, compare_rules
from tradekit.theory.coins import uniform_values
from tradekit.theory.values import order_statistic_mean

MODELS = [
    AscendingModel(3, uniform_values(5), (1, 2)),
    AscendingModel(3, uniform_values(5), (1, 2), budget=3, strategy="jump"),
    AscendingModel(4, uniform_values(4), (2,)),
    AscendingModel(2, (0.1, 0.2, 0.3, 0.4), (1,)),
    AscendingModel(3, uniform_values(6, low=2), (1, 3), strategy="jump"),
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: f"{m.n}p-{m.steps}-{m.strategy}")
def test_exact_enumeration_matches_the_engine_profile_by_profile(model: AscendingModel) -> None:
    probs = np.asarray(model.values)
    support = np.flatnonzero(probs > 0).tolist()
    profiles = list(itertools.product(support, repeat=model.n))
    winners, prices = model.play_many(np.array(profiles))
    price = at_second = efficient = 0.0
    pmf: dict[int, float] = {}
    for profile, w, p in zip(profiles, winners, prices, strict=True):
        assert model.play(profile) == (int(w), int(p))
        weight = float(np.prod(probs[list(profile)]))
        price += weight * int(p)
        pmf[int(p)] = pmf.get(int(p), 0.0) + weight
        at_second += weight * (int(p) == sorted(profile)[-2])
        efficient += weight * (profile[int(w)] == max(profile))
    exact = model.exact()
    assert exact.expected_price == pytest.approx(price, abs=1e-12)
    assert exact.p_price_is_second == pytest.approx(at_second, abs=1e-12)
    assert exact.efficiency == pytest.approx(efficient, abs=1e-12)
    assert sum(exact.price_pmf) == pytest.approx(1.0)
    for k, p in pmf.items():
        assert exact.price_pmf[k] == pytest.approx(p, abs=1e-12)


def test_second_highest_benchmark_by_brute_force() -> None:
    probs = [0.1, 0.2, 0.3, 0.4]
    for n in (2, 3, 4):
        brute = sum(
            float(np.prod([probs[v] for v in prof])) * sorted(prof)[-2]
            for prof in itertools.product(range(4), repeat=n)
        )
        assert order_statistic_mean(probs, n) == pytest.approx(brute, abs=1e-12)


def test_plus_one_price_is_second_value_or_one_more() -> None:
    model = AscendingModel(4, uniform_values(6), (1,))
    profiles = np.array(list(itertools.product(range(7), repeat=4)))
    winners, prices = model.play_many(profiles)
    second = np.sort(profiles, axis=1)[:, -2]
    assert np.all((prices == second) | (prices == second + 1) | ((second == 0) & (prices == 0)))
    assert np.all(profiles[np.arange(len(profiles)), winners] == profiles.max(axis=1))


def test_increment_rules_move_the_price() -> None:
    results = dict(compare_rules(4, uniform_values(10), budget=10))
    one, mixed, jump, two = (
        results["+1, minimal"],
        results["+1/+2, minimal"],
        results["+1/+2, jump"],
        results["+2, minimal"],
    )
    # Sincere minimal raises never use the +2: the same auction as +1 only.
    assert mixed.expected_price == pytest.approx(one.expected_price)
    # Everyone above the benchmark by less than one raise; jumping raises the price; +2 only
    # loses efficiency.
    assert 0 < one.gap < 1
    assert jump.expected_price > one.expected_price
    assert one.efficiency == pytest.approx(1.0) and two.efficiency < 1.0


def test_budget_caps_the_price() -> None:
    exact = AscendingModel(3, uniform_values(8), (1, 2), budget=4).exact()
    assert max(k for k, p in enumerate(exact.price_pmf) if p > 0) <= 4
    assert exact.second_capped < exact.second_value


@pytest.mark.parametrize("strategy", ["minimal", "jump"])
def test_against_monte_carlo_through_the_engine(strategy: str) -> None:
    model = AscendingModel(4, uniform_values(15), (1, 2), budget=15, strategy=strategy)  # type: ignore[arg-type]
    checks = simulate.ascending(model, draws=2000, seed=23)
    assert all(c.agrees(3.0) for c in checks), checks


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="steps"):
        AscendingModel(3, (1.0,), steps=(0,))
    with pytest.raises(ValueError, match="strategy"):
        AscendingModel(3, (1.0,), strategy="bluff")  # type: ignore[arg-type]
