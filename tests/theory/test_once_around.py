"""The once-around auction (Medici): closed forms against integration, best-response search
through the engine, complete information against a brute-force game tree, Monte Carlo."""

from __future__ import annotations

import copy
import itertools

import numpy as np
import pytest

stats = pytest.importorskip("scipy.stats", reason="needs the notebook extra (scipy)")

from tradekit.core.auctions import OnceAroundAuction  # noqa: E402
from tradekit.theory import simulate  # noqa: E402
from tradekit.theory.once_around import (  # noqa: E402
    Indifference,
    OnceAround,
    complete_information,
    uniform_once_around_revenue,
)
from tradekit.theory.values import Values, order_statistic_mean  # noqa: E402

SCIPY_UNIFORM = Values.from_scipy(stats.uniform(0, 1), "scipy uniform")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_uniform_revenue_closed_form_matches_integration(n: int) -> None:
    assert OnceAround(n).revenue() == pytest.approx(uniform_once_around_revenue(n), abs=1e-10)
    assert OnceAround(n, SCIPY_UNIFORM).revenue() == pytest.approx(
        uniform_once_around_revenue(n), abs=1e-8
    )


def test_two_players_by_hand() -> None:
    # Seat 0 bids v0/2; seat 1 takes the lot at that price whenever v1 > v0/2.
    seats = OnceAround(2).seats()
    assert seats[0].win_probability == pytest.approx(1 / 4, abs=1e-9)
    assert seats[1].win_probability == pytest.approx(3 / 4, abs=1e-9)
    assert seats[0].surplus == pytest.approx(1 / 12, abs=1e-9)
    assert seats[1].surplus == pytest.approx(7 / 24, abs=1e-9)


def _uniform_seat_by_nested_quadrature(n: int, seat: int) -> tuple[float, float]:
    """Seat ``seat``'s win probability and surplus for uniform values, computed another way than
    :meth:`OnceAround.seats`: over the density of the high bid ``H`` it meets (not by parts).

    A value ``v`` above ``H`` bids ``b = max(H, x)`` with ``x = m v / (m + 1)`` and wins when the
    ``m`` later values are below ``b``: ``P(win | v) = C(x) x^m + ∫_x^v h^m c(h) dh`` and the
    surplus ``C(x) (v - x) x^m + ∫_x^v (v - h) h^m c(h) dh``, where ``C(h) = prod_j g_j(h)``
    with ``g_j(h) = min(1, h (m_j + 1) / m_j)`` over the earlier seats, and ``c = C'``.
    """
    from scipy import integrate

    m = n - 1 - seat
    earlier = [n - 1 - j for j in range(seat)]
    kinks = sorted({mj / (mj + 1) for mj in earlier})

    def g(mj: int, h: float) -> float:
        return min(1.0, h * (mj + 1) / mj)

    def cdf(h: float) -> float:
        return float(np.prod([g(mj, h) for mj in earlier])) if earlier else 1.0

    def density(h: float) -> float:
        total = 0.0
        for i, mi in enumerate(earlier):
            if h * (mi + 1) / mi < 1:
                rest = [g(mj, h) for j, mj in enumerate(earlier) if j != i]
                total += (mi + 1) / mi * float(np.prod(rest))
        return total

    def given_v(v: float) -> tuple[float, float]:
        x = m * v / (m + 1)
        pts = [k for k in kinks if x < k < v] or None
        win_in = integrate.quad(lambda h: h**m * density(h), x, v, points=pts, epsabs=1e-14)[0]
        gain_in = integrate.quad(
            lambda h: (v - h) * h**m * density(h), x, v, points=pts, epsabs=1e-14
        )[0]
        return cdf(x) * x**m + win_in, cdf(x) * (v - x) * x**m + gain_in

    # The averages over v have kinks where v or x crosses a kink.
    outer = sorted({*kinks, *[min(1.0, k * (m + 1) / m) for k in kinks if m]} - {0.0, 1.0})
    win = integrate.quad(lambda v: given_v(v)[0], 0, 1, points=outer or None, epsabs=1e-13)[0]
    gain = integrate.quad(lambda v: given_v(v)[1], 0, 1, points=outer or None, epsabs=1e-13)[0]
    return win, gain


@pytest.mark.parametrize(
    "n", [2, 3, 4, 5, *(pytest.param(n, marks=pytest.mark.slow) for n in (6, 7, 8))]
)
def test_seat_outcomes_are_exact_to_1e_9(n: int) -> None:
    seats = OnceAround(n).seats()
    for seat in range(n):
        win, gain = _uniform_seat_by_nested_quadrature(n, seat)
        assert seats[seat].win_probability == pytest.approx(win, abs=1e-9), (n, seat)
        assert seats[seat].surplus == pytest.approx(gain, abs=1e-9), (n, seat)


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize(
    "values",
    [Values.uniform(), Values.from_scipy(stats.beta(2, 3))],
    ids=["uniform", "beta"],
)
def test_seat_probabilities_sum_to_one_within_1e_12(n: int, values: Values) -> None:
    assert sum(s.win_probability for s in OnceAround(n, values).seats()) == pytest.approx(
        1.0, abs=1e-12
    )


@pytest.mark.parametrize(
    "values",
    [
        Values.uniform(),
        SCIPY_UNIFORM,
        Values.from_scipy(stats.beta(2, 2)),
        Values.from_scipy(stats.expon()),
    ],
    ids=["uniform", "scipy-uniform", "beta", "exponential"],
)
def test_seats_add_up_and_the_last_mover_is_advantaged(values: Values) -> None:
    model = OnceAround(4, values)
    seats = model.seats()
    assert sum(s.win_probability for s in seats) == pytest.approx(1.0, abs=1e-5)
    assert sum(s.payment for s in seats) == pytest.approx(model.revenue(), rel=1e-4)
    wins = [s.win_probability for s in seats]
    gains = [s.surplus for s in seats]
    assert wins == sorted(wins) and gains == sorted(gains)
    # Below the second-highest value: the once-around auction gives revenue away.
    assert model.revenue() < order_statistic_mean(values, 4)


@pytest.mark.parametrize("m", [1, 2, 4])
def test_best_bid_maximises_against_later_rivals(m: int) -> None:
    for values in (Values.uniform(), Values.from_scipy(stats.beta(2, 2))):
        model = OnceAround(m + 1, values)
        grid = np.linspace(0, 1, 20001)
        for v in (0.2, 0.5, 0.9):
            payoff = (v - grid) * values.cdf(grid) ** m
            x = float(model.best_bid(m, np.array([v]))[0])
            mine = (v - x) * float(values.cdf(np.array([x]))[0]) ** m
            assert payoff.max() - mine < 1e-7


def _seat0_payoffs(n: int, v: float, candidates: list[float], draws: int, seed: int) -> np.ndarray:
    """Seat 0's average payoff for each opening bid, later seats following the equilibrium, every
    auction played by the engine on common random numbers (scaled to whole coins)."""
    model = OnceAround(n)
    scale = 10**6
    rng = np.random.default_rng(seed)
    later = rng.random((draws, n - 1))
    out = np.zeros(len(candidates))
    for i, x in enumerate(candidates):
        total = 0.0
        for d in range(draws):
            a = OnceAroundAuction(list(range(n)), budgets=dict.fromkeys(range(n), 2 * scale))
            a.bid(0, max(1, round(x * scale)))
            while not a.done:
                k = a.speaker
                assert k is not None
                value = later[d, k - 1] * scale
                if value <= a.high_bid:
                    a.pass_(k)
                else:
                    planned = round(float(model.bid(k, np.array([later[d, k - 1]]))[0]) * scale)
                    a.bid(k, max(a.lowest_bid(), planned))
            if a.result.winner == 0:
                total += v - a.result.price / scale
        out[i] = total / draws
    return out


def test_first_seat_has_no_profitable_deviation_through_the_engine() -> None:
    n, v = 3, 0.8
    best = float(OnceAround(n).bid(0, np.array([v]))[0])  # 2/3 * 0.8
    candidates = [best, 0.3, 0.45, 0.6, 0.7, 0.78]
    payoffs = _seat0_payoffs(n, v, candidates, draws=1500, seed=5)
    # Common random numbers: the equilibrium bid is best up to Monte Carlo noise (about 0.005).
    assert payoffs[0] >= payoffs.max() - 0.01
    # And the search can tell: bidding too little or too much costs visibly.
    assert payoffs[0] > payoffs[1] + 0.02 and payoffs[0] > payoffs[5] + 0.02


def _game_tree(
    values: list[int], budgets: list[int], minimum: int, indifferent: str = "pass"
) -> tuple[int | None, int]:
    """Subgame-perfect outcome by exhaustive search over every bid, on the engine's auction.

    Each speaker maximises its own gain; between outcomes of the same gain, ``"bid"`` prefers
    to win and ``"spite"`` prefers another winner to pay more; remaining ties go to passing,
    then to the lowest bid."""

    def key(k: int, outcome: tuple[int | None, int]) -> tuple[int, int]:
        winner, price = outcome
        gain = values[k] - price if winner == k else 0
        if indifferent == "bid":
            return gain, int(winner == k)
        if indifferent == "spite":
            return gain, price if winner is not None and winner != k else 0
        return gain, 0

    def solve(a: OnceAroundAuction) -> tuple[int | None, int]:
        if a.done:
            return a.result.winner, a.result.price
        k = a.speaker
        assert k is not None
        passed = copy.deepcopy(a)
        passed.pass_(k)
        best = solve(passed)
        for x in a.bids_allowed(k):
            b = copy.deepcopy(a)
            b.bid(k, x)
            outcome = solve(b)
            if key(k, outcome) > key(k, best):
                best = outcome
        return best

    auction = OnceAroundAuction(
        list(range(len(values))), budgets=dict(enumerate(budgets)), minimum=minimum
    )
    return solve(auction)


@pytest.mark.parametrize("indifferent", ["pass", "bid", "spite"])
def test_complete_information_matches_a_brute_force_game_tree(indifferent: Indifference) -> None:
    rng = np.random.default_rng(3)
    cases = [([5, 5, 10], [9, 9, 9]), ([10, 5, 5], [9, 9, 9]), ([1, 1, 1], [3, 3, 3])]
    for _ in range(25):
        n = int(rng.integers(2, 4))
        values = rng.integers(0, 7, n).tolist()
        budgets = rng.integers(1, 6, n).tolist()
        cases.append((values, budgets))
    for values, budgets in cases:
        for minimum in (1, 2):
            ours = complete_information(values, budgets, minimum, indifferent=indifferent)
            assert (ours.winner, ours.price) == _game_tree(values, budgets, minimum, indifferent), (
                values,
                budgets,
                minimum,
            )


def test_complete_information_pre_emption() -> None:
    # The first seat with the highest reach wins and pays the best reach among those after it.
    out = complete_information([8, 12, 12, 7])
    assert (out.winner, out.price) == (1, 11)
    assert out.history == ((0, None), (1, 11), (2, None), (3, None))
    assert complete_information([3, 3]).winner == 0
    assert complete_information([1, 1]).winner is None


@pytest.mark.parametrize(
    "model",
    [OnceAround(3), OnceAround(5), OnceAround(3, Values.from_scipy(stats.expon()))],
    ids=["uniform-3", "uniform-5", "exponential-3"],
)
def test_against_monte_carlo_through_the_engine(model: OnceAround) -> None:
    checks = simulate.once_around(model, draws=3000, seed=17)
    bad = [(c.quantity, c.theory, c.estimate) for c in checks if not c.agrees(3.0)]
    assert not bad


def test_every_profile_of_a_small_uniform_grid_plays_through_the_engine() -> None:
    # The strategy never asks the engine for an illegal bid, whatever the values.
    model = OnceAround(3)
    for profile in itertools.product([0.0, 0.3, 0.31, 0.9, 1.0], repeat=3):
        a = OnceAroundAuction([0, 1, 2], budgets=dict.fromkeys(range(3), 10**6))
        while not a.done:
            k = a.speaker
            assert k is not None
            v = profile[k] * 1000
            high = None if a.high_bidder is None else a.high_bid / 1000
            act = model.action(k, profile[k], high)
            if act is None or (a.high_bidder is not None and v <= a.high_bid):
                a.pass_(k)
            else:
                a.bid(k, max(a.lowest_bid(), round(act * 1000)))
        assert a.done


def test_efficiency_against_a_large_simulation_of_the_equilibrium() -> None:
    # 400,000 auctions played by the strategies directly (the engine check above plays fewer,
    # for uniform and exponential values): a standard error under 0.001.
    values = Values.uniform()
    model = OnceAround(4, values)
    rng = np.random.default_rng(8)
    draws = values.sample(rng, (400_000, 4))
    high = np.zeros(len(draws))
    winner = np.zeros(len(draws), dtype=int)
    for seat in range(4):
        bids = draws[:, seat] > high if seat else np.ones(len(draws), dtype=bool)
        high = np.where(bids, np.maximum(high, model.bid(seat, draws[:, seat])), high)
        winner = np.where(bids, seat, winner)
    won = draws[np.arange(len(draws)), winner] == draws.max(axis=1)
    se = float(np.sqrt(won.mean() * (1 - won.mean()) / len(won)))
    assert abs(model.efficiency() - float(won.mean())) < 3 * se


def test_efficiency_of_three_players_by_the_rule_by_hand() -> None:
    # Uniform values, seats 0, 1, 2: seat 0 bids 2 v0 / 3; seat 1, if v1 beats that, bids
    # max(2 v0 / 3, v1 / 2); seat 2 takes the lot at the high bid H whenever v2 > H. Given v0 and
    # v1, the lot goes to the highest value with probability 1 - max(v0, v1) (seat 2 with the
    # top value) plus H when the last bidder before it holds the higher of v0 and v1 (v2 < H).
    # Averaged over v0 and v1 by adaptive quadrature, split at the kinks.
    from scipy import integrate

    def given(v1: float, v0: float) -> float:
        x0 = 2 * v0 / 3
        high, holder, other = (max(x0, v1 / 2), v1, v0) if v1 > x0 else (x0, v0, v1)
        return 1 - max(v0, v1) + (high if holder >= other else 0.0)

    def inner(v0: float) -> float:
        kinks = [p for p in (2 * v0 / 3, 4 * v0 / 3, v0) if 0 < p < 1]
        return float(
            integrate.quad(given, 0, 1, args=(v0,), points=kinks, epsabs=1e-14, limit=200)[0]
        )

    expected = integrate.quad(inner, 0, 1, points=[0.75], epsabs=1e-13, limit=200)[0]
    assert OnceAround(3).efficiency() == pytest.approx(expected, abs=1e-10)
    assert expected == pytest.approx(283 / 432, abs=1e-12)
