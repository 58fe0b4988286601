"""Monte Carlo checks of the theory, played through the engine's own resolution functions.

Each function draws values with a seeded ``numpy.random.Generator``, lets the bidders follow the
theory's strategies, resolves every auction with the engine
(:func:`tradekit.core.sealed.resolve_sealed_bid` via :func:`tradekit.theory.bridge.resolve_round`,
:class:`tradekit.core.auctions.OnceAroundAuction`, :class:`tradekit.core.auctions.AscendingAuction`,
:func:`tradekit.core.ties.split_places`) and returns means with their standard errors, so a test or
a notebook can say whether theory and simulation agree within a few standard errors.

**Continuous theory on a whole-coin engine.** The engine takes whole-coin bids and rounds a loser's
share down. To check the continuous model, values and bids are scaled (``scale`` coins per unit
of value, a million by default) and rounded to whole coins: the rounding then moves each bid by at
most one part in a million of a unit, far below the Monte Carlo error. The whole-coin model
(:mod:`tradekit.theory.coins`) is simulated on its own grid, where rounding is the point.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from tradekit.core.auctions import OnceAroundAuction
from tradekit.core.seats import seat_label
from tradekit.theory.ascending import AscendingModel
from tradekit.theory.bridge import TieRule, resolve_round
from tradekit.theory.coins import CoinEquilibrium
from tradekit.theory.once_around import OnceAround
from tradekit.theory.sealed import BudgetEquilibrium, SealedBid
from tradekit.theory.splitting import Pmf, RoundingDistribution, Rule


@dataclasses.dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte Carlo mean with its standard error.

    Attributes:
        mean: the sample mean.
        se: its standard error (sample standard deviation over the square root of the draws).
        draws: the number of draws.
    """

    mean: float
    se: float
    draws: int

    @classmethod
    def of(cls, sample: npt.ArrayLike) -> Estimate:
        """The estimate from a sample.

        Example:
            >>> Estimate.of([1.0, 2.0, 3.0])
            Estimate(mean=2.0, se=0.5773502691896258, draws=3)
        """
        x = np.asarray(sample, dtype=float)
        se = float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else math.inf
        return cls(float(x.mean()), se, len(x))

    def z(self, theory: float) -> float:
        """How many standard errors the estimate lies from ``theory``."""
        if self.se == 0:
            return 0.0 if math.isclose(self.mean, theory, abs_tol=1e-12) else math.inf
        return (self.mean - theory) / self.se

    def agrees(self, theory: float, k: float = 3.0, slack: float = 0.0) -> bool:
        """Whether ``theory`` lies within ``k`` standard errors (plus ``slack``) of the mean."""
        return abs(self.mean - theory) <= k * self.se + slack + 1e-9


@dataclasses.dataclass(frozen=True, slots=True)
class Check:
    """One quantity: the theory's value beside the simulation's estimate.

    Attributes:
        quantity: a label (e.g. ``"revenue"``).
        theory: the theory's value.
        estimate: the Monte Carlo estimate.
    """

    quantity: str
    theory: float
    estimate: Estimate

    @property
    def z(self) -> float:
        """Standard errors between the two."""
        return self.estimate.z(self.theory)

    def agrees(self, k: float = 3.0, slack: float = 0.0) -> bool:
        """Whether they agree within ``k`` standard errors (plus ``slack``)."""
        return self.estimate.agrees(self.theory, k, slack)


def _flipper(rng: np.random.Generator) -> Callable[[Sequence[int]], list[int]]:
    def flip(players: Sequence[int]) -> list[int]:
        return [players[i] for i in rng.permutation(len(players))]

    return flip


def _engine_prizes(prizes: Sequence[float]) -> list[int]:
    # The engine only needs to know which places carry a prize; the amount is read back by place.
    return [1 if p > 0 else 0 for p in prizes]


def sealed(
    model: SealedBid | BudgetEquilibrium,
    draws: int = 20_000,
    seed: int = 0,
    scale: float = 1e6,
    ties: TieRule = "flip",
) -> list[Check]:
    """Simulate the continuous sealed-bid equilibrium through the engine.

    The engine ranks the bids; under the games' payment rule it also takes the payments (a
    loser's share rounded down, on bids in millionths), under another rule (``pays``) each
    bidder pays its place's fraction of its bid.

    Returns checks for the revenue, the winners' and losers' payments, the expected bid and the
    bidders' surplus (in units of value; see the module docstring for the scaling).

    Example:
        >>> checks = sealed(SealedBid(3, 0.5), draws=2000, seed=1)
        >>> [c.quantity for c in checks], all(c.agrees() for c in checks)
        (['revenue', 'winners pay', 'losers pay', 'expected bid', 'bidder surplus'], True)
    """
    base = model.model if isinstance(model, BudgetEquilibrium) else model
    n, prizes = base.n, base.prizes
    rng = np.random.default_rng(seed)
    flip = _flipper(rng)
    values = base.values.sample(rng, (draws, n))
    bids = np.rint(model.bid(values) * scale).astype(np.int64)
    engine_prizes = _engine_prizes(prizes)
    fraction = base.fraction
    # Another payment rule than the games' (e.g. only the top paying in full): the engine places
    # the bidders, and each pays its place's fraction of its bid.
    fractions = None if base.games_payments else base.pays
    totals = np.zeros((draws, 4))
    for d in range(draws):
        row = dict(enumerate(bids[d].tolist()))
        out = resolve_round(row, engine_prizes, fraction, ties, flip)
        paid = (
            out.payment
            if fractions is None
            else {p: fractions[out.place[p]] * row[p] for p in range(n)}
        )
        won = [p for p in range(n) if out.won[p]]
        winners = sum(paid[p] for p in won)
        losers = sum(paid[p] for p in range(n) if not out.won[p])
        value = sum(values[d, p] * prizes[out.place[p]] for p in won) * scale
        totals[d] = (winners + losers, winners, losers, value - winners - losers)
    totals /= scale
    theory = model.revenue()
    return [
        Check("revenue", theory.total, Estimate.of(totals[:, 0])),
        Check("winners pay", theory.winners, Estimate.of(totals[:, 1])),
        Check("losers pay", theory.losers, Estimate.of(totals[:, 2])),
        Check("expected bid", theory.expected_bid, Estimate.of(bids.ravel() / scale)),
        Check("bidder surplus", theory.bidder_surplus, Estimate.of(totals[:, 3])),
    ]


def coins(eq: CoinEquilibrium, draws: int = 20_000, seed: int = 0) -> list[Check]:
    """Simulate a whole-coin equilibrium (mixed strategies) through the engine.

    Values are drawn from the game's table and bids from ``eq.strategy``; each round is resolved
    with the game's tie rule and zero-bid rule (the engine rounds losers' shares down; for
    ``rounding="exact"`` or ``"up"`` the payment is recomputed from the engine's placement).

    Example:
        >>> from tradekit.theory.coins import CoinAuction, uniform_values
        >>> eq = CoinAuction(2, uniform_values(4), 4).solve(iterations=300)
        >>> all(c.agrees() for c in coins(eq, draws=2000, seed=2))
        True
    """
    game = eq.game
    n = game.n
    rng = np.random.default_rng(seed)
    flip = _flipper(rng)
    values = rng.choice(len(game.values), size=(draws, n), p=np.asarray(game.values))
    cum = np.cumsum(eq.strategy, axis=1)
    cum[:, -1] = 1.0
    uniforms = rng.random((draws, n))
    bids = np.array(
        [
            [int(np.searchsorted(cum[v], r, side="right")) for v, r in zip(vr, ur, strict=True)]
            for vr, ur in zip(values, uniforms, strict=True)
        ]
    )
    bids = np.minimum(bids, game.max_bid)
    totals = np.zeros((draws, 5))
    for d in range(draws):
        row = dict(enumerate(bids[d].tolist()))
        out = resolve_round(
            row, list(game.prizes), game.loser_fraction, game.ties, flip, game.zero_bids
        )
        win = lose = kept = 0.0
        for p in range(n):
            if out.won[p]:
                win += row[p]
            else:
                paid = (
                    float(out.payment[p]) if game.rounding == "down" else game.loser_payment(row[p])
                )
                lose += paid
                kept += float(game.loser_fraction * row[p]) - paid
        totals[d] = (win + lose, win, lose, kept, float(np.mean(bids[d] % 2)))
    return [
        Check("revenue", eq.revenue, Estimate.of(totals[:, 0])),
        Check("winners pay", eq.winners_pay, Estimate.of(totals[:, 1])),
        Check("losers pay", eq.losers_pay, Estimate.of(totals[:, 2])),
        Check("kept by rounding", eq.rounded_off, Estimate.of(totals[:, 3])),
        Check("odd bids", eq.odd_share, Estimate.of(totals[:, 4])),
    ]


def once_around(
    model: OnceAround, draws: int = 20_000, seed: int = 0, scale: float = 1e6
) -> list[Check]:
    """Simulate the once-around equilibrium through the engine's ``OnceAroundAuction``.

    Seat ``k`` speaks ``k``-th; it bids ``max(h + 1, round(x_m(v) * scale))`` coins when its
    scaled value beats the high bid ``h`` and passes otherwise (minimum bid 1 coin = one
    ``scale``-th of a unit).

    Example:
        >>> checks = once_around(OnceAround(2), draws=2000, seed=3)
        >>> [c.quantity for c in checks][:3], all(c.agrees() for c in checks)
        (['revenue', 'efficiency', 'P1 wins'], True)
    """
    n = model.n
    rng = np.random.default_rng(seed)
    values = model.values.sample(rng, (draws, n))
    planned = np.stack([model.bid(k, values[:, k]) for k in range(n)], axis=1)
    planned = np.rint(planned * scale).astype(np.int64)
    scaled = values * scale
    big = int(np.max(scaled)) + 10
    price = np.zeros(draws)
    wins = np.zeros((draws, n))
    gains = np.zeros((draws, n))
    efficient = np.zeros(draws)
    for d in range(draws):
        auction = OnceAroundAuction(list(range(n)), budgets=dict.fromkeys(range(n), big))
        while not auction.done:
            k = auction.speaker
            assert k is not None
            if auction.high_bidder is not None and scaled[d, k] <= auction.high_bid:
                auction.pass_(k)
            else:
                auction.bid(k, max(auction.lowest_bid(), int(planned[d, k])))
        winner = auction.result.winner
        if winner is None:
            continue
        price[d] = auction.result.price / scale
        wins[d, winner] = 1.0
        gains[d, winner] = values[d, winner] - price[d]
        efficient[d] = float(values[d, winner] == values[d].max())
    seats = model.seats()
    checks = [
        Check("revenue", model.revenue(), Estimate.of(price)),
        Check("efficiency", model.efficiency(), Estimate.of(efficient)),
    ]
    checks += [
        Check(f"{seat_label(s.seat)} wins", s.win_probability, Estimate.of(wins[:, s.seat]))
        for s in seats
    ]
    checks += [
        Check(f"{seat_label(s.seat)} surplus", s.surplus, Estimate.of(gains[:, s.seat]))
        for s in seats
    ]
    return checks


def ascending(model: AscendingModel, draws: int = 5_000, seed: int = 0) -> list[Check]:
    """Simulate sincere bidding through the engine's ``AscendingAuction``.

    Example:
        >>> from tradekit.theory.coins import uniform_values
        >>> checks = ascending(AscendingModel(3, uniform_values(6)), draws=1000, seed=4)
        >>> checks[0].quantity, all(c.agrees() for c in checks)
        ('price', True)
    """
    rng = np.random.default_rng(seed)
    values = rng.choice(len(model.values), size=(draws, model.n), p=np.asarray(model.values))
    price = np.zeros(draws)
    efficient = np.zeros(draws)
    for d in range(draws):
        winner, paid = model.play(values[d].tolist())
        price[d] = paid
        efficient[d] = float(values[d, winner] == values[d].max())
    exact = model.exact()
    second = np.sort(values, axis=1)[:, -2]
    return [
        Check("price", exact.expected_price, Estimate.of(price)),
        Check("efficiency", exact.efficiency, Estimate.of(efficient)),
        Check("second-highest value", exact.second_value, Estimate.of(second)),
        Check(
            "price = second-highest value", exact.p_price_is_second, Estimate.of(price == second)
        ),
    ]


def rounding(
    rule: Rule, pmfs: Sequence[Pmf], exact: RoundingDistribution, draws: int = 20_000, seed: int = 0
) -> list[Check]:
    """Draw score profiles, score them with the engine's tie split, compare with ``exact``.

    Returns a check for the mean gain, the chance of a tie the rule splits, the mean gain given
    such a tie (when the draws hold one) and the probability of each gain in ``exact``.

    Example:
        >>> from tradekit.theory.splitting import RankRule, rounding_distribution
        >>> rule, pmfs = RankRule((10, 5)), [{1: 0.5, 2: 0.5}] * 3
        >>> all(c.agrees() for c in rounding(rule, pmfs, rounding_distribution(rule, pmfs), 2000))
        True
    """
    rng = np.random.default_rng(seed)
    columns = []
    for pmf in pmfs:
        scores = np.array(sorted(pmf))
        probs = np.array([pmf[s] for s in scores], dtype=float)
        columns.append(scores[rng.choice(len(scores), size=draws, p=probs / probs.sum())])
    profiles = np.stack(columns, axis=1)
    scored: list[dict[object, int]] = [dict(enumerate(row.tolist())) for row in profiles]
    gains = np.array([rule.gain(scores) for scores in scored], dtype=float)
    tied = np.array([rule.tied(scores) for scores in scored])
    checks = [
        Check("mean gain", exact.mean, Estimate.of(gains)),
        Check("P(tie to split)", exact.p_tie, Estimate.of(tied)),
    ]
    if tied.sum() > 1:
        checks.append(
            Check("mean gain given a tie", exact.mean_given_tie, Estimate.of(gains[tied]))
        )
    checks += [Check(f"P(gain = {g})", p, Estimate.of(gains == g)) for g, p in exact.pmf]
    return checks
