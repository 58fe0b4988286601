"""Value distributions for the auction models: a uniform law with exact formulas, or any scipy law.

Every model in :mod:`tradekit.theory` works in *quantile space*: a bidder's type is its quantile
``u = F(v)`` in ``[0, 1]``, uniform whatever ``F`` is, and its value is ``v = Q(u)`` with ``Q`` the
quantile function (``ppf``). Integrals over types then run over ``[0, 1]`` even when values are
unbounded, and the uniform case has polynomial integrands (exact formulas).

Reference: V. Krishna, *Auction Theory*, 2nd ed. (2010), ch. 2 (the independent private values
model: values drawn independently from one continuous distribution ``F`` with a density).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import numpy.typing as npt

from tradekit.theory import _quad

FloatArray = npt.NDArray[np.float64]


@dataclasses.dataclass(frozen=True, eq=False)
class Values:
    """A continuous distribution of private values (independent across bidders).

    Build one with :meth:`uniform` (exact formulas) or :meth:`from_scipy` (any frozen
    ``scipy.stats`` continuous distribution with a density).

    Attributes:
        name: a short label for charts and tables.
        low: the lowest value (``F(low) = 0``).
        high: the highest value (``math.inf`` for an unbounded law).
        dist: the frozen scipy distribution, or ``None`` for the built-in uniform law.

    Example:
        >>> v = Values.uniform(10)
        >>> v.cdf(np.array([2.5])), v.ppf(np.array([0.5])), v.name
        (array([0.25]), array([5.]), 'uniform(0, 10)')
    """

    name: str
    low: float
    high: float
    dist: Any = None

    @classmethod
    def uniform(cls, high: float = 1.0, low: float = 0.0) -> Values:
        """Values uniform on ``[low, high]``."""
        if not high > low:
            raise ValueError(f"a uniform law needs high > low, got [{low}, {high}]")
        return cls(f"uniform({low:g}, {high:g})", float(low), float(high))

    @classmethod
    def from_scipy(cls, dist: Any, name: str | None = None) -> Values:
        """Wrap a frozen ``scipy.stats`` continuous distribution, e.g. ``stats.beta(2, 2)``.

        The law must be continuous with a positive density inside its support, and (for every
        model here) its values must be nonnegative.

        Example:
            >>> from scipy import stats
            >>> Values.from_scipy(stats.beta(2, 2), "beta(2, 2)").high
            1.0
        """
        low, high = (float(x) for x in dist.support())
        if not hasattr(dist, "pdf"):
            raise ValueError("values need a continuous distribution with a density (pdf)")
        return cls(name or _scipy_name(dist), low, high, dist)

    @property
    def is_uniform(self) -> bool:
        """Whether this is the built-in uniform law (exact formulas apply)."""
        return self.dist is None

    @property
    def span(self) -> float:
        """``high - low`` (infinite for an unbounded law)."""
        return self.high - self.low

    def cdf(self, x: npt.ArrayLike) -> FloatArray:
        """The distribution function ``F``."""
        x = np.asarray(x, dtype=float)
        if self.dist is None:
            return np.asarray(np.clip((x - self.low) / self.span, 0.0, 1.0), dtype=float)
        return np.asarray(self.dist.cdf(x), dtype=float)

    def pdf(self, x: npt.ArrayLike) -> FloatArray:
        """The density ``f``."""
        x = np.asarray(x, dtype=float)
        if self.dist is None:
            inside = (x >= self.low) & (x <= self.high)
            return np.where(inside, 1.0 / self.span, 0.0)
        return np.asarray(self.dist.pdf(x), dtype=float)

    def ppf(self, u: npt.ArrayLike) -> FloatArray:
        """The quantile function ``Q = F^{-1}``."""
        u = np.asarray(u, dtype=float)
        if self.dist is None:
            return self.low + self.span * u
        return np.asarray(self.dist.ppf(u), dtype=float)

    def sample(self, rng: np.random.Generator, size: int | tuple[int, ...]) -> FloatArray:
        """Independent draws, made from ``rng`` by inversion (reproducible for a seed)."""
        return self.ppf(rng.random(size))

    def mean(self) -> float:
        """The expected value."""
        if self.dist is None:
            return (self.low + self.high) / 2
        return float(self.dist.mean())

    def plot_high(self, tail: float = 0.995) -> float:
        """A sensible right end for charts: ``high``, or the ``tail`` quantile if unbounded."""
        if math.isfinite(self.high):
            return self.high
        return float(self.ppf(np.array([tail]))[0])


def _scipy_name(dist: Any) -> str:
    args = ", ".join(f"{a:g}" for a in dist.args)
    kwds = ", ".join(f"{k}={v:g}" for k, v in dist.kwds.items())
    inner = ", ".join(x for x in (args, kwds) if x)
    return f"{dist.dist.name}({inner})"


def order_statistic_mean(values: Values | npt.ArrayLike, n: int, k: int = 2) -> float:
    """``E[V_(k)]``: the expected ``k``-th highest of ``n`` independent values (``k = 2``: the
    second-highest, the revenue of every standard single-prize auction).

    Args:
        values: a continuous law (:class:`Values`), or the probabilities of the whole values
            ``0, 1, 2, ...`` in turn.
        n: how many values are drawn.
        k: which one, counted from the highest (1 to ``n``).

    For a law, ``n! / ((k-1)! (n-k)!) ∫_0^1 Q(t) t^(n-k) (1-t)^(k-1) dt`` with ``Q`` its quantile
    function; for whole values, ``sum_j P(V_(k) > j)`` with ``P(V_(k) <= j)`` the chance that at
    most ``k - 1`` values exceed ``j``.

    Raises:
        ValueError: ``k`` outside 1 to ``n``.

    Example:
        >>> round(order_statistic_mean(Values.uniform(), 4), 12)  # (n - 1) / (n + 1)
        0.6
        >>> order_statistic_mean([0.5, 0.5], 2)   # two fair coins: both 1 a quarter of the time
        0.25
    """
    if not 1 <= k <= n:
        raise ValueError(f"k must lie in 1..{n} (n = {n}), got {k}")
    if isinstance(values, Values):
        law = values
        coef = math.factorial(n) / (math.factorial(k - 1) * math.factorial(n - k))
        return coef * _quad.integrate(lambda t: law.ppf(t) * t ** (n - k) * (1 - t) ** (k - 1))
    cdf = np.cumsum(np.asarray(values, dtype=float))
    below = sum(math.comb(n, i) * (1 - cdf) ** i * cdf ** (n - i) for i in range(k))
    return float(np.sum(1 - np.asarray(below)[:-1]))
