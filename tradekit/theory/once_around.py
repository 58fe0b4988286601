"""The once-around auction (Medici): each player speaks once, in order, and the last bidder wins.

**Private values.** ``n`` players speak in a fixed order (seat 0 first; in Medici the active player
speaks last). Each may bid more than the current high bid ``h`` or pass, and never speaks again;
the last bidder pays its bid. Values are independent draws from one continuous law ``F``.

Backward induction gives a perfect Bayesian equilibrium in which a player's bid depends only on its
value and ``h``. Every later player whose value exceeds the high bid will outbid it, so a speaker
with ``m`` players after it wins with a bid ``x`` exactly when all ``m`` later values are below
``x``: probability ``F(x)^m``. It therefore bids

    x_m(v) = argmax_x (v - x) F(x)^m,   played as max(h, x_m(v)) if v > h, else pass,

which is the first-price bid against ``m`` rivals (for ``F`` uniform on ``[0, 1]``,
``x_m(v) = m v / (m + 1)``; the last speaker, ``m = 0``, just beats ``h``). When ``F`` is
log-concave, ``(v - x) F(x)^m`` has a single peak, where ``v = ψ_m(x) = x + F(x) / (m f(x))``.
The high bid after seat ``k`` has spoken is ``H_k = max_{j <= k} x_{m_j}(v_j)``, so the price
``H_{n-2}`` has distribution ``prod_j F(ψ_{m_j}(t))``; the win probability and surplus of each seat
are one-dimensional integrals against that law (see :meth:`OnceAround.seats`). Later seats win
more often and keep more surplus: the **last-mover advantage**. The auction is not efficient and
its revenue is below the second-highest value (revenue equivalence fails because the allocation
differs).

**Complete information on whole coins** (:func:`complete_information`): values known to all, bids
in whole coins with a minimum, budgets. Let ``c_k = min(v_k - 1, budget_k)``, the highest bid that
leaves seat ``k`` a positive gain. By backward induction the winner is the first seat (in speaking
order) whose ``c_k`` is at least every later seat's, and it pays the largest ``c_j`` among the
seats after it (or the minimum bid): earlier bidders pre-empt, and a high value speaking last pays
the minimum. That is when a player indifferent between bidding and passing passes; the two other
ways of breaking indifference (``indifferent=``) change the outcome:

* ``"bid"``: a player bids when it gains nothing either way, so it would pay up to its whole value:
  ``c_k = min(v_k, budget_k)`` and the same rule;
* ``"spite"``: a player that cannot gain pushes the price up for the winner, bidding as high as it
  can while sure to be outbid. The winner is the same as with ``"pass"``, but every seat before it
  bids up to ``c_w - 1`` (within its budget), so the winner pays its whole reach ``c_w`` as soon
  as one earlier seat can afford ``c_w - 1``.

References: Krishna, *Auction Theory* (2010) ch. 2 (first-price bids, log-concavity); the
sequential one-shot bidding model follows Fudenberg & Tirole, *Game Theory* (1991) ch. 8
(perfect Bayesian equilibrium by backward induction).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt
from numpy.polynomial import Polynomial
from scipy import integrate

from tradekit.core.auctions import OnceAroundAuction
from tradekit.theory import _quad
from tradekit.theory.values import FloatArray, Values


@dataclasses.dataclass(frozen=True, slots=True)
class SeatOutcome:
    """What one seat can expect in the once-around auction.

    Attributes:
        seat: the speaking position (0 speaks first).
        rivals_after: how many players speak after it.
        win_probability: the chance that it takes the lot.
        surplus: its expected gain (value minus price when it wins).
        payment: its expected payment.
    """

    seat: int
    rivals_after: int
    win_probability: float
    surplus: float
    payment: float


@dataclasses.dataclass(frozen=True, eq=False)
class OnceAround:
    """The once-around auction with independent private values (see the module docstring).

    Args:
        n: number of players (>= 2), seat 0 speaking first and seat ``n-1`` last.
        values: the value law (default uniform on ``[0, 1]``); assumed log-concave with a
            positive density on its support, and nonnegative.

    Assumptions: independent private values, risk neutrality, continuous bids (a bid just above
    ``h`` is written ``h``), no budgets, minimum bid 0; a player whose value does not beat the
    high bid passes (indifference has probability zero here; with known values on whole coins it
    does not, see :func:`complete_information`). The lot goes to the last bidder, who pays its
    bid; nobody else pays. References: see the module docstring.

    Example (two players, uniform values: the first bids half its value):
        >>> a = OnceAround(2)
        >>> float(a.bid(0, 0.8)), round(a.revenue(), 6)
        (0.4, 0.25)
        >>> [round(s.win_probability, 4) for s in a.seats()]
        [0.25, 0.75]
    """

    n: int
    values: Values = dataclasses.field(default_factory=Values.uniform)

    def __post_init__(self) -> None:
        if self.n < 2:
            raise ValueError(f"an auction needs at least 2 players, got {self.n}")
        if self.values.low < 0:
            raise ValueError("values must be nonnegative")

    def rivals_after(self, seat: int) -> int:
        """How many players speak after ``seat``."""
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must lie in 0..{self.n - 1}, got {seat}")
        return self.n - 1 - seat

    def psi(self, m: int, x: npt.ArrayLike) -> FloatArray:
        """``ψ_m(x) = x + F(x) / (m f(x))``: the value whose best bid against ``m`` later
        rivals is ``x`` (``m >= 1``)."""
        x = np.asarray(x, dtype=float)
        vals = self.values
        if vals.is_uniform:
            return np.asarray(x + (x - vals.low) / m)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = vals.cdf(x) / vals.pdf(x)
        return np.asarray(x + np.where(vals.cdf(x) > 0, ratio, 0.0) / m)

    def best_bid(self, m: int, v: npt.ArrayLike) -> FloatArray:
        """``x_m(v)``: the best bid against ``m`` later rivals when unconstrained."""
        v = np.asarray(v, dtype=float)
        low = self.values.low
        if m == 0:
            return np.full_like(v, low)
        if self.values.is_uniform:
            return np.asarray(np.maximum((m * v + low) / (m + 1), low))
        # ψ_m is increasing (log-concavity): invert it by bisection, elementwise.
        lo = np.full_like(v, low)
        hi = np.maximum(v, low)
        for _ in range(60):
            mid = (lo + hi) / 2
            too_high = self.psi(m, mid) > v
            hi = np.where(too_high, mid, hi)
            lo = np.where(too_high, lo, mid)
        return np.asarray((lo + hi) / 2)

    def bid(self, seat: int, v: npt.ArrayLike) -> FloatArray:
        """The bid of ``seat`` with value ``v`` when nobody has bid yet (or the high bid is
        lower): ``x_m(v)`` with ``m`` the players after it."""
        return self.best_bid(self.rivals_after(seat), v)

    def action(self, seat: int, v: float, high: float | None) -> float | None:
        """What ``seat`` does facing ``high`` (``None``: nobody has bid): the bid, or ``None``
        to pass. A bid equal to ``high`` stands for "just above it"."""
        x = float(self.bid(seat, np.array([v]))[0])
        if high is None:
            return x
        if v <= high:
            return None
        return max(high, x)

    def _before_cdf(self, seat: int, t: FloatArray, cap: FloatArray | None = None) -> FloatArray:
        """CDF of the high bid met by ``seat``: ``prod_{j < seat} F(ψ_{m_j}(t))``; with ``cap``,
        the chance that the high bid is at most ``t`` and every earlier value below ``cap``:
        ``prod_{j < seat} F(min(ψ_{m_j}(t), cap))``."""
        out = np.ones_like(t)
        for j in range(seat):
            reach = self.psi(self.n - 1 - j, t)
            out = out * self.values.cdf(reach if cap is None else np.minimum(reach, cap))
        return np.asarray(np.where(t < self.values.low, 0.0, out))

    def price_cdf(self, t: npt.ArrayLike) -> FloatArray:
        """The distribution function of the price (the high bid before the last speaker)."""
        return self._before_cdf(self.n - 1, np.asarray(t, dtype=float))

    def _kinks(self) -> list[float]:
        if not math.isfinite(self.values.high):
            return []
        top = np.array([self.values.high])
        return sorted(float(self.best_bid(m, top)[0]) for m in range(1, self.n))

    def _value_breaks(self, m: int, kinks: Sequence[float]) -> tuple[float, ...]:
        """The quantiles ``F(v)`` of the values ``v`` at which a seat with ``m`` later rivals
        meets a change in the high bid's law: ``v`` at a kink, or its bid ``x_m(v)`` there."""
        if not kinks:
            return ()
        points = np.array(kinks, dtype=float)
        values = points if m == 0 else np.concatenate([points, self.psi(m, points)])
        return tuple(float(u) for u in self.values.cdf(values))

    def revenue(self) -> float:
        """Expected price, ``∫ (1 - C(t)) dt`` with ``C`` the price's distribution function."""
        low = self.values.low

        def tail(t: float) -> float:
            return 1.0 - float(self.price_cdf(np.array([t]))[0])

        if math.isfinite(self.values.high):
            pts = [k for k in self._kinks() if low < k < self.values.high]
            val, _ = integrate.quad(tail, low, self.values.high, points=pts or None, limit=200)
        else:
            val, _ = integrate.quad(tail, low, math.inf, limit=200)
        return low + float(val)

    def _seat_pieces(
        self, seat: int, order: int, earlier_bids: bool = False
    ) -> tuple[int, FloatArray, FloatArray, FloatArray, list[tuple[FloatArray, FloatArray]]]:
        """What the averages of :meth:`seats` and :meth:`efficiency` run over, for ``seat``.

        Returns ``m`` (the players after it), the values ``v`` at the outer nodes and their
        weights, the Gauss-Legendre weights of the inner rule, and the inner pieces between
        ``x_m(v)`` and ``v``, each as its widths and nodes ``h``. The averages over ``v`` have
        kinks where ``v``, or the seat's bid ``x_m(v)``, crosses a kink of the high bid's law,
        and the inner integrands where ``h`` crosses one (and, with ``earlier_bids``, where it
        crosses an earlier seat's bid ``x_{m_j}(v)``): made panel edges, they leave smooth
        pieces only (for uniform values, polynomials that Gauss-Legendre integrates exactly).
        """
        gx, gw = np.polynomial.legendre.leggauss(order)
        gx, gw = (gx + 1) / 2, gw / 2
        kinks = self._kinks()
        m = self.rivals_after(seat)
        u_nodes, u_weights = _quad.nodes_weights(breaks=self._value_breaks(m, kinks))
        v = self.values.ppf(u_nodes)
        x = self.best_bid(m, v)
        cuts = [np.clip(np.full_like(v, k), x, v) for k in kinks]
        if earlier_bids:
            cuts += [np.clip(self.best_bid(self.n - 1 - j, v), x, v) for j in range(seat)]
        edges = np.sort(np.stack([x, *cuts, v]), axis=0)
        pieces = []
        for a, b in itertools.pairwise(edges):
            width = b - a
            pieces.append((width, a[:, None] + width[:, None] * gx[None, :]))
        return m, v, u_weights, gw, pieces

    def seats(self, order: int = 16) -> list[SeatOutcome]:
        """Win probability, surplus and expected payment of every seat.

        For seat ``k`` with ``m`` players after it and ``C`` the distribution of the high bid it
        meets, a value ``v`` with best bid ``x = x_m(v)`` wins with probability
        ``F(v)^m C(v) - ∫_x^v C(h) m F(h)^(m-1) f(h) dh`` and expects the surplus
        ``∫_x^v C(h) [F(h)^m - (v - h) m F(h)^(m-1) f(h)] dh`` (integration by parts of
        ``E[1{H < v} g(max(H, x))]``); these are averaged over ``v``.
        """
        vals = self.values
        out: list[SeatOutcome] = []
        for seat in range(self.n):
            m, v, u_weights, gw, pieces = self._seat_pieces(seat, order)
            win = np.zeros_like(v)
            surplus = np.zeros_like(v)
            for width, h in pieces:
                c = self._before_cdf(seat, h)
                f_h, dens = vals.cdf(h), vals.pdf(h)
                if m == 0:
                    surplus += width * (c * gw).sum(axis=1)
                    continue
                lower = m * f_h ** (m - 1) * dens
                win -= width * (c * lower * gw).sum(axis=1)
                surplus += width * (c * (f_h**m - (v[:, None] - h) * lower) * gw).sum(axis=1)
            c_v = self._before_cdf(seat, v)
            win += vals.cdf(v) ** m * c_v
            p_win = float(np.sum(u_weights * win))
            gain = float(np.sum(u_weights * surplus))
            value_won = float(np.sum(u_weights * win * v))
            out.append(SeatOutcome(seat, m, p_win, gain, value_won - gain))
        return out

    def efficiency(self, order: int = 16) -> float:
        """The chance that the lot goes to the player who values it most.

        The high bid seat ``k`` meets is ``H = max_{j<k} x_{m_j}(v_j)`` (an earlier player whose
        value is below the high bid it meets would bid less than it anyway), so the chance that
        ``H <= h`` *and* every earlier value is below ``v`` is
        ``C_v(h) = prod_{j<k} F(min(ψ_{m_j}(h), v))``. A value ``v`` wins as the highest with
        probability ``F(v)^m C_v(v) - ∫_x^v C_v(h) m F(h)^(m-1) f(h) dh`` (later values below its
        price are below ``v``), the win probability of :meth:`seats` with ``C_v`` for ``C``;
        the sum over seats is averaged over ``v``.

        Example:
            >>> round(OnceAround(2).efficiency(), 12)  # P(v1 < v0 / 2) + P(v1 > v0)
            0.75
        """
        vals = self.values
        total = 0.0
        for seat in range(self.n):
            # C_v bends where an earlier bid x_{m_j}(v) is the cap, besides the kinks.
            m, v, u_weights, gw, pieces = self._seat_pieces(seat, order, earlier_bids=True)
            win = vals.cdf(v) ** (m + seat)  # F(v)^m C_v(v), C_v(v) = F(v)^seat
            if m:
                for width, h in pieces:
                    c = self._before_cdf(seat, h, cap=v[:, None])
                    lower = m * vals.cdf(h) ** (m - 1) * vals.pdf(h)
                    win = win - width * (c * lower * gw).sum(axis=1)
            total += float(np.sum(u_weights * win))
        return total


def uniform_once_around_revenue(n: int) -> float:
    """Expected price for values uniform on ``[0, 1]`` in closed form.

    The price is ``max_{j < n-1} m_j v_j / (m_j + 1)`` with ``m_j = n - 1 - j``, whose
    distribution function ``prod_j min(1, t (m_j + 1) / m_j)`` is a polynomial between the
    breakpoints ``m/(m+1)``; integrate ``1 - C`` piece by piece. Assumptions and references as
    :class:`OnceAround`.

    Example:
        >>> uniform_once_around_revenue(2), round(uniform_once_around_revenue(3), 6)
        (0.25, 0.395833)
    """
    ms = list(range(1, n))
    breaks = sorted({0.0, 1.0, *[m / (m + 1) for m in ms]})
    total = 0.0
    for lo, hi in itertools.pairwise(breaks):
        mid = (lo + hi) / 2
        poly = Polynomial([1.0])
        for m in ms:
            if mid * (m + 1) / m < 1:
                poly = poly * Polynomial([0.0, (m + 1) / m])
        tail = (1 - poly).integ()
        total += float(tail(hi) - tail(lo))
    return total


@dataclasses.dataclass(frozen=True, slots=True)
class CompleteInfoOutcome:
    """The subgame-perfect outcome of a once-around auction with known values.

    Attributes:
        winner: the seat that takes the lot (``None`` if everybody passes).
        price: what it pays.
        thresholds: ``c_k = min(v_k - 1, budget_k)``, the most each seat would bid.
        history: each seat's decision in speaking order (a bid, or ``None`` for a pass), as
            played through the engine's :class:`~tradekit.core.auctions.OnceAroundAuction`.
    """

    winner: int | None
    price: int
    thresholds: tuple[int, ...]
    history: tuple[tuple[int, int | None], ...]


#: How a player indifferent between outcomes chooses (see the module docstring).
Indifference = Literal["pass", "bid", "spite"]
INDIFFERENCE: tuple[Indifference, ...] = ("pass", "bid", "spite")


def complete_information(
    values: Sequence[int],
    budgets: Sequence[int] | None = None,
    minimum: int = 1,
    indifferent: Indifference = "pass",
) -> CompleteInfoOutcome:
    """Backward induction on whole coins when every value is known (see the module docstring).

    Args:
        values: each seat's value of the lot, in speaking order (seat 0 first).
        budgets: the most each seat may bid (default: unlimited).
        minimum: the lowest opening bid (1 in Medici).
        indifferent: how a player chooses between outcomes of the same gain: ``"pass"`` (the
            default: it passes, or bids the least), ``"bid"`` (it prefers to win, even at no
            gain) or ``"spite"`` (it prefers the winner, another player, to pay more).

    The equilibrium decisions are played through the engine's ``OnceAroundAuction``.
    Assumptions: complete information, risk neutrality, whole-coin bids. Reference: Fudenberg &
    Tirole, *Game Theory* (1991) ch. 3 (backward induction).

    Raises:
        ValueError: a budget list of another length, or an unknown ``indifferent``.

    Example (a high value speaking last pays the minimum; speaking first it pays the second):
        >>> complete_information([5, 5, 10]).winner, complete_information([5, 5, 10]).price
        (2, 1)
        >>> complete_information([10, 5, 5]).winner, complete_information([10, 5, 5]).price
        (0, 4)
        >>> complete_information([5, 5, 10], indifferent="spite").price  # seat 0 pushes to 8
        9
    """
    n = len(values)
    caps = list(budgets) if budgets is not None else [max(values, default=0)] * n
    if len(caps) != n:
        raise ValueError("one budget per seat")
    if indifferent not in INDIFFERENCE:
        raise ValueError(f"indifferent must be one of {INDIFFERENCE}, got {indifferent!r}")
    keep = 0 if indifferent == "bid" else 1  # a bid of the whole value gains nothing
    c = tuple(min(v - keep, b) for v, b in zip(values, caps, strict=True))
    # later[k]: the smallest high bid at which nobody from seat k on bids.
    later = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        later[k] = max(later[k + 1], c[k]) if c[k] >= minimum else later[k + 1]
    # The winner: the first seat whose reach is at least every later seat's.
    winner = next((k for k in range(n) if c[k] >= minimum and c[k] >= later[k + 1]), None)
    auction = OnceAroundAuction(list(range(n)), budgets=dict(enumerate(caps)), minimum=minimum)
    while not auction.done:
        seat = auction.speaker
        assert seat is not None
        bid = max(auction.lowest_bid(), later[seat + 1])
        if bid <= c[seat]:
            auction.bid(seat, bid)
            continue
        if indifferent == "spite" and winner is not None and seat < winner:
            # Sure to be outbid below the winner's reach: it pushes the price up to there.
            push = min(caps[seat], c[winner] - 1)
            if push >= auction.lowest_bid():
                auction.bid(seat, push)
                continue
        auction.pass_(seat)
    result = auction.result
    return CompleteInfoOutcome(
        result.winner, result.price, c, tuple((p, b) for p, b in auction.history)
    )
