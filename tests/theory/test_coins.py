"""Whole coins and "half rounded down": exact payoff tables against brute force through the
engine, equilibria by best-response search, rounding effects, Monte Carlo within standard error."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

pytest.importorskip("scipy", reason="needs the notebook extra (scipy)")

from tradekit.core.sealed import resolve_sealed_bid
from tradekit.theory import simulate
from tradekit.theory.bridge import resolve_round
from tradekit.theory.coins import CoinAuction, CoinEquilibrium, uniform_values


def brute_force_outcomes(game: CoinAuction, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expected prize and payment of each bid, enumerating every rival bid profile and every
    coin-flip order through the engine."""
    n = game.n
    bids = range(game.max_bid + 1)
    prize = np.zeros(len(bids))
    paid = np.zeros(len(bids))
    for x in bids:
        for rivals in itertools.product(bids, repeat=n - 1):
            p = math.prod(q[b] for b in rivals)
            if p == 0:
                continue
            profile = {0: x, **{i + 1: b for i, b in enumerate(rivals)}}
            orders = list(itertools.permutations(range(n))) if game.ties == "flip" else [None]
            for order in orders:

                def flip(players, order=order):  # type: ignore[no-untyped-def]
                    rank = {s: i for i, s in enumerate(order or range(n))}
                    return sorted(players, key=lambda s: rank[s])

                out = resolve_round(
                    profile, list(game.prizes), game.loser_fraction, game.ties, flip
                )
                won, place = out.won[0], out.place[0]
                got = game.prizes[place] if won and place < len(game.prizes) else 0
                pay = out.payment[0] if game.rounding == "down" else (
                    x if won else game.loser_payment(x)
                )  # fmt: skip
                prize[x] += p * got / len(orders)
                paid[x] += p * pay / len(orders)
    return prize, paid


@pytest.mark.parametrize(
    ("n", "prizes", "ties", "rounding"),
    [
        (3, (1,), "flip", "down"),
        (3, (2, 1), "flip", "down"),
        (3, (2, 1), "void", "down"),
        (4, (2, 1, 1), "flip", "exact"),
        (2, (1,), "void", "up"),
    ],
)
def test_outcome_table_matches_brute_force_through_the_engine(
    n: int, prizes: tuple[int, ...], ties: str, rounding: str
) -> None:
    game = CoinAuction(n, uniform_values(3), 4, Fraction(1, 2), prizes, rounding, ties)  # type: ignore[arg-type]
    rng = np.random.default_rng(n)
    q = rng.dirichlet(np.ones(5))
    q[2] = 0.0  # a bid nobody makes
    q /= q.sum()
    table = game.outcomes(q)
    prize, paid = brute_force_outcomes(game, q)
    assert np.allclose(table.prize, prize, atol=1e-12)
    assert np.allclose(table.paid, paid, atol=1e-12)


def textbook_outcomes(game: CoinAuction, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The textbook rule by hand, without the engine: every bid ranks (0 too), a fair random
    order among equal bids, the places with a prize win it and pay their bid, the others pay
    their share of it (rounded as the game says)."""
    n = game.n
    bids = range(game.max_bid + 1)
    prize = np.zeros(len(bids))
    paid = np.zeros(len(bids))
    prizes = list(game.prizes) + [0] * (n - len(game.prizes))
    for x in bids:
        for rivals in itertools.product(bids, repeat=n - 1):
            p = math.prod(q[b] for b in rivals)
            if p == 0:
                continue
            above = sum(b > x for b in rivals)
            tied = sum(b == x for b in rivals)
            for place in range(above, above + tied + 1):  # each place of the block equally often
                won = prizes[place] > 0
                prize[x] += p * prizes[place] / (tied + 1)
                paid[x] += p * (x if won else game.loser_payment(x)) / (tied + 1)
    return prize, paid


@pytest.mark.parametrize(
    ("n", "prizes", "share", "rounding"),
    [
        (3, (1,), Fraction(1, 2), "down"),
        (3, (2, 1), Fraction(1, 2), "exact"),
        (4, (2, 1, 1), Fraction(1), "exact"),
        (2, (1,), Fraction(0), "exact"),
    ],
)
def test_the_textbook_zero_bid_rule_against_a_ranking_by_hand(
    n: int, prizes: tuple[int, ...], share: Fraction, rounding: str
) -> None:
    game = CoinAuction(n, uniform_values(3), 4, share, prizes, rounding, zero_bids="win")  # type: ignore[arg-type]
    rng = np.random.default_rng(10 + n)
    q = rng.dirichlet(np.ones(5))
    q[0] = max(q[0], 0.3)  # many zero bids, so ties at 0 matter
    q /= q.sum()
    table = game.outcomes(q)
    prize, paid = textbook_outcomes(game, q)
    assert np.allclose(table.prize, prize, atol=1e-12)
    assert np.allclose(table.paid, paid, atol=1e-12)


def test_void_rule_is_the_engines_default_tiebreak() -> None:
    # Everybody adding 0 in the tie-break round: resolve_sealed_bid with no tie-break function.
    bids = {0: 3, 1: 3, 2: 1}
    engine = resolve_sealed_bid(bids, [2, 1, 0], flip=list, loser_fraction=Fraction(1, 2))
    ours = resolve_round(bids, [2, 1, 0], Fraction(1, 2), "void", list)
    assert dict(engine.payments) == dict(ours.payment) == {0: 1, 1: 1, 2: 0}
    assert not any(ours.won.values())


def test_loser_payments_by_rounding() -> None:
    down = CoinAuction(2, (0.5, 0.5), 5)
    up = CoinAuction(2, (0.5, 0.5), 5, rounding="up")
    exact = CoinAuction(2, (0.5, 0.5), 5, rounding="exact")
    assert [down.loser_payment(b) for b in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [up.loser_payment(b) for b in range(6)] == [0, 1, 1, 2, 2, 3]
    assert [exact.loser_payment(b) for b in range(6)] == [0, 0.5, 1, 1.5, 2, 2.5]


SETTINGS = {
    "turin half, 3 bidders": CoinAuction(3, uniform_values(8), 8),
    "turin half, 3 bidders, 2+1 cards": CoinAuction(3, uniform_values(8), 8, prizes=(2, 1)),
    "no rounding": CoinAuction(3, uniform_values(8), 8, rounding="exact"),
    "first price": CoinAuction(3, uniform_values(8), 8, Fraction(0)),
    "void ties": CoinAuction(3, uniform_values(8), 8, ties="void"),
    "tight budget": CoinAuction(3, uniform_values(8), 3),
    "all pay": CoinAuction(3, uniform_values(8), 8, Fraction(1), rounding="exact"),
    # The textbook rule, where a bid of 0 can win, in each format.
    "textbook zero bids, first price": CoinAuction(
        3, uniform_values(8), 8, Fraction(0), zero_bids="win"
    ),
    "textbook zero bids, exact half": CoinAuction(
        3, uniform_values(8), 8, rounding="exact", zero_bids="win"
    ),
    "textbook zero bids, half rounded down": CoinAuction(3, uniform_values(8), 8, zero_bids="win"),
    "textbook zero bids, all pay": CoinAuction(
        3, uniform_values(8), 8, Fraction(1), rounding="exact", zero_bids="win"
    ),
    "textbook zero bids, 2+1 cards": CoinAuction(
        3, uniform_values(8), 8, prizes=(2, 1), zero_bids="win"
    ),
}


@pytest.fixture(scope="module")
def solved() -> dict[str, CoinEquilibrium]:
    return {name: game.solve(iterations=2500, tol=2e-3) for name, game in SETTINGS.items()}


@pytest.mark.parametrize("name", list(SETTINGS))
@pytest.mark.slow
def test_equilibrium_by_best_response_search(name: str, solved: dict[str, CoinEquilibrium]) -> None:
    eq = solved[name]
    game = SETTINGS[name]
    # The reported distance from equilibrium is the exhaustive best-response search over bids.
    gains = game.gains(eq.strategy)
    assert float(gains.max()) == pytest.approx(eq.epsilon, abs=1e-12)
    assert eq.epsilon < 0.02
    assert np.allclose(eq.strategy.sum(axis=1), 1.0)


def test_fictitious_play_finds_an_exact_equilibrium_in_a_tiny_game() -> None:
    eq = CoinAuction(2, uniform_values(2), 2, Fraction(0)).solve(iterations=5000, tol=1e-9)
    assert eq.epsilon < 1e-3


@pytest.mark.slow
def test_rounding_down_makes_odd_and_one_coin_bids_and_lowers_revenue(
    solved: dict[str, CoinEquilibrium],
) -> None:
    down, exact = solved["turin half, 3 bidders"], solved["no rounding"]
    assert down.odd_share > exact.odd_share + 0.1
    assert down.share_of_bid(1) > exact.share_of_bid(1)
    assert down.rounded_off > 0.1 and exact.rounded_off == pytest.approx(0.0, abs=1e-12)
    assert down.revenue < exact.revenue
    # A losing bid of 1 is free: nobody with a positive value bids 0 ... unless value 0 or 1.
    assert float(down.strategy[4:, 0].max()) < 0.05


def test_budget_bunches_bids_at_the_cap(solved: dict[str, CoinEquilibrium]) -> None:
    tight = solved["tight budget"]
    assert tight.rival_bids[-1] > 0.2
    assert tight.revenue < solved["turin half, 3 bidders"].revenue


@pytest.mark.parametrize(
    "name",
    [
        "turin half, 3 bidders",
        "turin half, 3 bidders, 2+1 cards",
        "void ties",
        "textbook zero bids, exact half",
        "textbook zero bids, all pay",
    ],
)
def test_revenue_against_monte_carlo_through_the_engine(
    name: str, solved: dict[str, CoinEquilibrium]
) -> None:
    checks = simulate.coins(solved[name], draws=3000, seed=11)
    bad = [(c.quantity, c.theory, c.estimate) for c in checks if not c.agrees(3.0)]
    assert not bad


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError, match="sum"):
        CoinAuction(2, (0.5, 0.6), 3)
    with pytest.raises(ValueError, match="rounding"):
        CoinAuction(2, (1.0,), 3, rounding="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ties"):
        CoinAuction(2, (1.0,), 3, ties="duel")  # type: ignore[arg-type]


def test_the_textbook_zero_bid_rule_lets_zero_bids_win() -> None:
    # One rival who always bids 0: under the games' rule our 0 never wins, under the textbook
    # rule it wins the coin flip half the time, and pays nothing either way.
    games = CoinAuction(2, (0.5, 0.5), 3).outcomes([1, 0, 0, 0])
    textbook = CoinAuction(2, (0.5, 0.5), 3, zero_bids="win").outcomes([1, 0, 0, 0])
    assert games.win.tolist()[0] == 0.0 and textbook.win.tolist()[0] == 0.5
    assert games.paid.tolist() == textbook.paid.tolist() == [0.0, 1.0, 2.0, 3.0]
    # Two prizes, both rivals at 0: a bid of 0 shares the two prize places among three.
    two = CoinAuction(3, (0.5, 0.5), 2, prizes=(2, 1), zero_bids="win").outcomes([1, 0, 0])
    assert two.win.tolist()[0] == pytest.approx(2 / 3)
    assert two.prize.tolist()[0] == pytest.approx((2 + 1) / 3)


def test_both_zero_bid_rules_reach_an_equilibrium() -> None:
    for rule in ("lose", "win"):
        eq = CoinAuction(3, uniform_values(6), max_bid=6, rounding="exact", zero_bids=rule).solve(
            iterations=800
        )
        assert eq.epsilon < 0.05, rule


def test_an_unknown_zero_bid_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="zero_bids must be one of"):
        CoinAuction(2, (0.5, 0.5), 3, zero_bids="maybe")  # type: ignore[arg-type]
