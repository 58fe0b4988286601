"""Sealed bids where the winners pay their bid and every loser pays a fraction ``a`` of it.

The model (independent private values, symmetric, risk neutral):

* ``n`` bidders; bidder ``i``'s value per unit of prize ``v_i`` is drawn independently from one
  continuous law ``F`` (:class:`~tradekit.theory.values.Values`) with nonnegative values.
* Bids are sealed; the highest bid takes place 1 and its prize ``p_1``, the next place 2 and ``p_2``
  and so on (``p_1 >= p_2 >= ... >= 0``; a single prize is ``p = (1,)``). A bidder whose place
  carries a prize (a *winner*) pays its bid; every other bidder pays ``a`` times its bid.
  ``a = 0`` is the first-price auction, ``a = 1`` the all-pay auction, ``a = 1/2`` Turin Market
  (whose prizes are 2 cards to the top bid and 1 to the second with three players: ``(2, 1, 0)``).
* A bidder of value ``v`` placed ``k``-th gains ``v * p_k`` minus its payment.

The symmetric increasing equilibrium follows from revenue equivalence (Krishna, *Auction Theory*,
2nd ed., ch. 3 and 2.5; Riley & Samuelson, "Optimal auctions", AER 1981). Write ``u = F(v)`` (the
bidder's quantile), ``Q = F^{-1}``, ``pi_k(u) = C(n-1, k-1) (1-u)^(k-1) u^(n-k)`` the chance of
being placed ``k``-th, ``P(u) = sum_k p_k pi_k(u)`` the expected prize and ``W(u)`` the chance of a
prize place. In an increasing equilibrium the expected payment of type ``u`` is (envelope theorem,
the lowest type paying 0)

    m(u) = ∫_0^u Q(t) P'(t) dt,

and a bid ``b`` costs ``b`` with probability ``W`` and ``a b`` otherwise, so

    b(u) = m(u) / (a + (1 - a) W(u)).

With one prize ``W = P = G = u^(n-1)`` (``G = F^{n-1}``): ``a = 0`` gives the first-price bid
``E[Y | Y < v]``, ``a = 1`` the all-pay bid ``m(v)``. For uniform values on ``[0, 1]``,
``b(v) = (n-1)/n * v^n / (a + (1-a) v^(n-1))``.

**Existence.** ``b`` is an equilibrium whenever it is nondecreasing: a bidder who bids like type
``z`` gets ``v P(z) - m(z)``, whose derivative ``(v - Q(z)) P'(z)`` changes sign once at ``Q(z) =
v`` when ``P' >= 0``; bids above ``b(1)`` are dominated. ``b`` *is* nondecreasing whenever values
are nonnegative, prizes do not increase down the places, and the last place wins nothing: then
``P/W`` (the expected prize given a prize) rises with ``u`` (the number of higher bidders falls in
the likelihood-ratio order) and ``m <= Q P``, which together give ``b' >= 0``. So the ranked-prize
equilibrium of Turin Market exists for every ``a`` in ``[0, 1]``; :meth:`SealedBid.existence`
checks it numerically anyway and says where it fails (for instance with prizes that rise down the
places). The all-pay ranked-prize case is Moldovanu & Sela, "The optimal allocation of prizes in
contests", AER 2001; with complete information it is Barut & Kovenock, "The symmetric multiple
prize all-pay auction with complete information", EJPE 1998, where the prizes are fully dissipated
(revenue ``sum_k (p_k - p_n) v`` for a common value ``v``: :func:`complete_information_all_pay`;
with one prize this is Baye, Kovenock & de Vries, "The all-pay auction with complete
information", Economic Theory 1996).

**Budgets** break revenue equivalence: with a common budget ``w < b(1)`` (single prize), types above
a cutoff all bid ``w`` and share ties at random (Che & Gale, "Standard auctions with financially
constrained bidders", REStud 1998): :meth:`SealedBid.with_budget`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cached_property

import numpy as np
import numpy.typing as npt
from numpy.polynomial import Polynomial
from scipy import optimize, special

from tradekit.theory import _quad
from tradekit.theory.values import FloatArray, Values


@dataclasses.dataclass(frozen=True, slots=True)
class RevenueSplit:
    """Expected payments in equilibrium, per auction.

    Attributes:
        total: expected revenue (everything paid).
        winners: the part paid by bidders who win a prize.
        losers: the part paid by bidders who win nothing (``a`` times their bids).
        expected_bid: the expected bid of one bidder.
        allocated_value: expected value of the prizes to those who get them,
            ``sum_k p_k E[V_(k)]`` when the equilibrium is increasing.
        bidder_surplus: ``allocated_value - total``, shared by the bidders.
    """

    total: float
    winners: float
    losers: float
    expected_bid: float
    allocated_value: float
    bidder_surplus: float

    @property
    def loser_share(self) -> float:
        """The losers' share of the revenue (0 in a first-price auction)."""
        return self.losers / self.total if self.total else 0.0


@dataclasses.dataclass(frozen=True, slots=True)
class Existence:
    """Whether the symmetric increasing equilibrium exists, and why.

    Attributes:
        exists: ``b`` is nondecreasing and the expected prize rises with the value.
        min_slope: the smallest ``db/du`` found on a fine grid (negative means it fails).
        worst_value: the value where that smallest slope occurs.
        reason: one sentence a lesson can quote.
        cause: why, as a key other languages word it from: ``"rises"`` (it exists),
            ``"prize_falls"`` (the expected prize falls with the value somewhere) or
            ``"decreases"`` (the candidate bid decreases somewhere).
        near: the value the reason names (where the prize falls or the bid decreases; for
            ``"rises"``, :attr:`worst_value`).
    """

    exists: bool
    min_slope: float
    worst_value: float
    reason: str
    cause: str
    near: float


@dataclasses.dataclass(frozen=True, eq=False)
class SealedBid:
    """A sealed-bid auction for ranked prizes where losers pay ``loser_fraction`` of their bid.

    Args:
        n: number of bidders (>= 2).
        loser_fraction: ``a`` in ``[0, 1]``: 0 first price, 1 all pay, 1/2 Turin Market.
        values: the value law (default uniform on ``[0, 1]``).
        prizes: prize of place 1, 2, ... in units of value (missing places win 0).
        pays: the fraction of its bid each place pays, place 1 first (missing places pay
            ``loser_fraction``). The default is the games' rule: every place with a prize pays
            its bid in full, every other place ``loser_fraction``. ``(1.0,)`` with two prizes is
            the classic ranked auction where only the top bid pays in full and the others pay
            ``loser_fraction``. The bid becomes ``m(u) / C(u)`` with ``C(u) = sum_k c_k pi_k(u)``
            the expected fraction paid; it is an equilibrium exactly when it does not decrease,
            that is when ``Q(u) P'(u) C(u) >= m(u) C'(u)`` for every quantile ``u``
            (:meth:`existence` checks it; :func:`least_loser_fraction` turns it into the
            smallest ``a`` that satisfies it when only the top places pay in full).

    Assumptions: independent private values from one continuous law with nonnegative support,
    risk-neutral bidders, a prize worth ``v * p_k`` to a bidder of value ``v``, no budgets, ties
    of probability zero. Zero bids: only a value of 0 bids 0 (probability zero), so the games'
    rule (a bid of 0 never wins) and the textbook rule (a zero bidder can win at 0) give the
    same equilibrium here; they differ on whole coins (:class:`~tradekit.theory.coins.CoinAuction`,
    ``zero_bids``). References: Krishna, *Auction Theory* (2010) ch. 2-3; Riley & Samuelson
    (AER 1981); Moldovanu & Sela (AER 2001) for ranked prizes with ``a = 1``.

    Example (three bidders, uniform values, Turin's half payment, one prize):
        >>> m = SealedBid(3, 0.5)
        >>> round(float(m.bid(1.0)), 6), round(float(m.bid(0.5)), 6)
        (0.666667, 0.133333)
        >>> r = m.revenue()
        >>> round(r.total, 6), round(r.winners + r.losers, 6)
        (0.5, 0.5)

    Example (two prizes, only the top bid paying in full: the bids differ, the revenue not):
        >>> turin = SealedBid(3, 0.5, prizes=(2, 1))
        >>> classic = SealedBid(3, 0.5, prizes=(2, 1), pays=(1,))
        >>> round(float(turin.bid(0.8)), 4), round(float(classic.bid(0.8)), 4)
        (0.6531, 0.7805)
        >>> round(turin.revenue().total, 9) == round(classic.revenue().total, 9)
        True
    """

    n: int
    loser_fraction: float = 0.5
    values: Values = dataclasses.field(default_factory=Values.uniform)
    prizes: tuple[float, ...] = (1.0,)
    pays: tuple[float, ...] | None = None
    #: ``pays`` as given (``None``: the games' rule), before the missing places are filled in.
    given_pays: tuple[float, ...] | None = dataclasses.field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        if self.n < 2:
            raise ValueError(f"an auction needs at least 2 bidders, got {self.n}")
        a = float(self.loser_fraction)
        if not 0.0 <= a <= 1.0:
            raise ValueError(f"loser_fraction must lie in [0, 1], got {self.loser_fraction}")
        prizes = tuple(float(p) for p in self.prizes)
        if len(prizes) > self.n:
            raise ValueError(f"{len(prizes)} prizes for {self.n} places")
        if not all(math.isfinite(p) for p in prizes):
            raise ValueError(f"prizes must be finite numbers, got {prizes}")
        if any(p < 0 for p in prizes) or not any(prizes):
            raise ValueError(f"prizes must be >= 0 with at least one positive, got {prizes}")
        if self.values.low < 0:
            raise ValueError("values must be nonnegative")
        object.__setattr__(self, "loser_fraction", a)
        object.__setattr__(self, "prizes", prizes + (0.0,) * (self.n - len(prizes)))
        if self.pays is None:
            pays = tuple(1.0 if p > 0 else a for p in self.prizes)
        else:
            pays = tuple(float(c) for c in self.pays)
            object.__setattr__(self, "given_pays", pays)
            if len(pays) > self.n:
                raise ValueError(f"{len(pays)} payment fractions for {self.n} places")
            if not all(0.0 <= c <= 1.0 for c in pays):
                raise ValueError(f"every payment fraction must lie in [0, 1], got {pays}")
            pays = pays + (a,) * (self.n - len(pays))
        if not any(pays):
            raise ValueError("some place must pay something: every payment fraction is 0")
        object.__setattr__(self, "pays", pays)

    def with_loser_fraction(self, a: float) -> SealedBid:
        """The same auction, prizes and payment rule with another loser fraction ``a``.

        Example (only the top paying in full: the second place pays the new ``a`` too):
            >>> SealedBid(3, 0.5, prizes=(2, 1), pays=(1,)).with_loser_fraction(0.25).pays
            (1.0, 0.25, 0.25)
        """
        return SealedBid(self.n, a, self.values, self.prizes, self.given_pays)

    # ------------------------------------------------------------------ rank probabilities
    @property
    def fraction(self) -> Fraction:
        """``loser_fraction`` as the exact fraction the engine's payment rule takes."""
        return Fraction(self.loser_fraction).limit_denominator(10_000)

    def _place_poly(self, k: int) -> Polynomial:
        # pi_k(u) = C(n-1, k-1) (1-u)^(k-1) u^(n-k): k-1 of the n-1 others bid higher.
        n = self.n
        return (
            math.comb(n - 1, k - 1) * Polynomial([1, -1]) ** (k - 1) * Polynomial([0, 1]) ** (n - k)
        )

    def _by_place(self, weights: Sequence[float]) -> Polynomial:
        """``sum_k w_k pi_k(u)``: the expectation of a quantity that is ``w_k`` in place ``k``."""
        total = Polynomial([0.0])
        for k, w in enumerate(weights, start=1):
            if w:
                total = total + w * self._place_poly(k)
        return total

    @property
    def prize_poly(self) -> Polynomial:
        """``P(u)``: the expected prize of quantile ``u`` (a polynomial)."""
        return self._by_place(self.prizes)

    @property
    def win_poly(self) -> Polynomial:
        """``W(u)``: the probability that quantile ``u`` takes a prize place (a polynomial)."""
        return self._by_place([1.0 if p > 0 else 0.0 for p in self.prizes])

    @property
    def pays_poly(self) -> Polynomial:
        """``C(u) = sum_k c_k pi_k(u)``: the expected fraction of its bid quantile ``u`` pays."""
        assert self.pays is not None
        return self._by_place(self.pays)

    @property
    def games_payments(self) -> bool:
        """Whether places pay as in the games (prize places in full, the others ``a``)."""
        a = self.loser_fraction
        return self.pays == tuple(1.0 if p > 0 else a for p in self.prizes)

    # ------------------------------------------------------------------ equilibrium
    def payment_at(self, u: npt.ArrayLike) -> FloatArray:
        """``m(u) = ∫_0^u Q(t) P'(t) dt``: the expected payment of quantile ``u``."""
        q: FloatArray = np.clip(np.asarray(u, dtype=float), 0.0, 1.0)
        dp = self.prize_poly.deriv()
        if self.values.is_uniform:
            lo, span = self.values.low, self.values.span
            inner = (Polynomial([0, 1]) * dp).integ()
            return np.asarray(lo * (self.prize_poly(q) - self.prize_poly(0.0)) + span * inner(q))
        return _quad.cumulative(lambda t: self.values.ppf(t) * dp(t), q)

    def bid_at(self, u: npt.ArrayLike) -> FloatArray:
        """The equilibrium bid of quantile ``u``: ``m(u) / C(u)``, which is
        ``m(u) / (a + (1-a) W(u))`` when places pay as in the games."""
        q: FloatArray = np.clip(np.asarray(u, dtype=float), 0.0, 1.0)
        den = self.pays_poly(q)
        bottom = den <= 1e-300
        with np.errstate(divide="ignore", invalid="ignore"):
            b = self.payment_at(q) / den
        # Where nothing is paid (the bottom, with a = 0) the ratio is 0/0; its limit is the
        # lowest value times the last prize (there the bidder is almost surely last).
        last = [p for p in self.prizes if p > 0][-1]
        return np.asarray(np.where(bottom, self.values.low * last, b))

    def bid(self, v: npt.ArrayLike) -> FloatArray:
        """The equilibrium bid of a bidder of value ``v``."""
        return self.bid_at(self.values.cdf(v))

    def payment(self, v: npt.ArrayLike) -> FloatArray:
        """The expected payment ``m(v)`` of a bidder of value ``v`` (win or lose)."""
        return self.payment_at(self.values.cdf(v))

    def shading(self, v: npt.ArrayLike) -> FloatArray:
        """Bid shading ``v * p_1 - b(v)``: how far below the top prize's worth the bid sits."""
        v = np.asarray(v, dtype=float)
        return np.asarray(v * self.prizes[0] - self.bid(v))

    def expected_prize(self, v: npt.ArrayLike) -> FloatArray:
        """The expected prize ``P(F(v))`` of a bidder of value ``v``."""
        return np.asarray(self.prize_poly(self.values.cdf(v)))

    def win_probability(self, v: npt.ArrayLike) -> FloatArray:
        """The probability ``W(F(v))`` that a bidder of value ``v`` wins a prize."""
        return np.asarray(self.win_poly(self.values.cdf(v)))

    # ------------------------------------------------------------------ revenue
    def revenue(self) -> RevenueSplit:
        """Expected revenue and how winners and losers share it (numerical integration).

        The total is ``n ∫_0^1 Q(t) P'(t) (1 - t) dt`` (Fubini applied to ``n E[m(U)]``), which
        for one prize is ``E[second-highest value]`` whatever ``a`` is: revenue equivalence.
        ``winners`` is what the prize places pay, ``losers`` what the others pay.
        """
        n = self.n
        dp, pp = self.prize_poly.deriv(), self.prize_poly
        total = n * _quad.integrate(lambda t: self.values.ppf(t) * dp(t) * (1 - t))
        nodes, weights = _quad.nodes_weights()
        b = self.bid_at(nodes)
        assert self.pays is not None
        places = list(zip(self.prizes, self.pays, strict=True))
        winning = self._by_place([c if p > 0 else 0.0 for p, c in places])
        losing = self._by_place([0.0 if p > 0 else c for p, c in places])
        winners = n * float(np.sum(weights * b * winning(nodes)))
        losers = n * float(np.sum(weights * b * losing(nodes)))
        expected_bid = float(np.sum(weights * b))
        allocated = n * _quad.integrate(lambda t: self.values.ppf(t) * pp(t))
        return RevenueSplit(total, winners, losers, expected_bid, allocated, allocated - total)

    def existence(self, points: int = 4001) -> Existence:
        """Check that the candidate bid function is nondecreasing (so it is an equilibrium).

        See the module docstring for the argument; this evaluates ``b`` and ``P`` on a grid of
        quantiles and reports the smallest slope.
        """
        u = np.linspace(0.0, 1.0, points)[1:]
        b = self.bid_at(u)
        slope = np.diff(b) / np.diff(u)
        dp = self.prize_poly.deriv()(u)
        worst = int(np.argmin(slope))
        value = float(self.values.ppf(np.array([u[worst]]))[0])
        scale = max(float(np.max(np.abs(b))), 1e-12)
        if float(np.min(dp)) < -1e-9:
            bad = float(self.values.ppf(np.array([u[int(np.argmin(dp))]]))[0])
            reason = (
                f"the expected prize falls with the value near v = {bad:.3g} (prizes rise down "
                "the places): no increasing equilibrium"
            )
            return Existence(False, float(slope[worst]), value, reason, "prize_falls", bad)
        if float(slope[worst]) < -1e-7 * scale:
            reason = f"the candidate bid decreases near v = {value:.3g}: no increasing equilibrium"
            return Existence(False, float(slope[worst]), value, reason, "decreases", value)
        return Existence(
            True,
            float(slope[worst]),
            value,
            "the candidate bid rises with the value, so it is an equilibrium",
            "rises",
            value,
        )

    @cached_property
    def _bid_grid(self) -> tuple[FloatArray, FloatArray]:
        """Quantiles and their (running-maximum) bids on a fine grid, to invert ``b``."""
        u_grid = np.linspace(0, 1, 20001)
        return u_grid, np.asarray(np.maximum.accumulate(self.bid_at(u_grid)))

    def payoff(self, v: float, bids: npt.ArrayLike) -> FloatArray:
        """Expected payoff of a bidder of value ``v`` bidding each of ``bids`` when every other
        bidder follows :meth:`bid`.

        A bid ``x`` is placed like the type whose bid it is (``b^{-1}(x)``, from a fine
        monotone grid); it wins ``P`` and pays ``x`` with probability ``W`` and ``a x``
        otherwise.
        """
        u_grid, b_grid = self._bid_grid
        x = np.asarray(bids, dtype=float)
        z = np.interp(x, b_grid, u_grid)
        return np.asarray(v * self.prize_poly(z) - x * self.pays_poly(z))

    def deviation_gain(
        self, v: float, bids: npt.ArrayLike | None = None, own_bid: float | None = None
    ) -> float:
        """The largest gain a bidder of value ``v`` makes by bidding something else.

        Every other bidder follows :meth:`bid` (see :meth:`payoff`). ``bids`` defaults to 2001
        bids from 0 to 1.2 times the top bid; ``own_bid`` (default: the equilibrium bid) is the
        bid the gain is measured from. A positive result beyond numerical error means the bid is
        not a best response.

        Example:
            >>> SealedBid(4, 0.5).deviation_gain(0.7) < 1e-6
            True
        """
        if bids is None:
            top = float(self.bid_at(np.array([1.0]))[0])
            bids = np.linspace(0.0, 1.2 * top, 2001)
        best = float(np.max(self.payoff(v, bids)))
        if own_bid is None:
            u = float(self.values.cdf(np.array([v]))[0])
            own = v * self.prize_poly(u) - float(self.payment_at(np.array([u]))[0])
        else:
            own = float(self.payoff(v, np.array([own_bid]))[0])
        return max(best - own, 0.0)

    def with_budget(self, budget: float) -> BudgetEquilibrium:
        """The equilibrium when every bidder can bid at most ``budget`` (single prize only).

        See :class:`BudgetEquilibrium`.
        """
        return BudgetEquilibrium.solve(self, budget)


def uniform_bid(v: npt.ArrayLike, n: int, a: float, high: float = 1.0) -> FloatArray:
    """The closed-form equilibrium bid for one prize and values uniform on ``[0, high]``:
    ``b(v) = high (n-1)/n x^n / (a + (1-a) x^(n-1))`` with ``x = v / high``.

    Assumptions and references as :class:`SealedBid` (Krishna, *Auction Theory*, ch. 2-3).

    Example:
        >>> uniform_bid([0.5, 1.0], 2, 0.0).tolist(), uniform_bid([0.5, 1.0], 2, 1.0).tolist()
        ([0.25, 0.5], [0.125, 0.5])
    """
    x = np.asarray(v, dtype=float) / high
    with np.errstate(invalid="ignore", divide="ignore"):
        b = (n - 1) / n * x**n / (a + (1 - a) * x ** (n - 1))
    if a == 0:
        b = np.where(x == 0, 0.0, b)
    return np.asarray(high * b)


def uniform_revenue_split(n: int, a: float, high: float = 1.0) -> RevenueSplit:
    """Closed-form revenue split for one prize and values uniform on ``[0, high]``.

    Total ``high (n-1)/(n+1)``; winners pay ``high (n-1) ∫_0^1 x^(2n-1)/(a+(1-a)x^(n-1)) dx``,
    which is ``high (n-1)/(2n a) 2F1(1, α; α+1; -(1-a)/a)`` with ``α = 2n/(n-1)`` for ``a > 0``
    (expand the integrand in powers of ``x``); losers pay the rest. Expected bid
    ``high (n-1)/n ∫_0^1 x^n/(a+(1-a)x^(n-1)) dx`` likewise with ``α = (n+1)/(n-1)``.
    Assumptions and references as :class:`SealedBid`.

    Example:
        >>> r = uniform_revenue_split(2, 1.0)
        >>> r.total, r.winners, r.losers, r.expected_bid
        (0.3333333333333333, 0.25, 0.08333333333333331, 0.16666666666666666)
    """
    total = (n - 1) / (n + 1)

    def moment(power: int) -> float:
        # ∫_0^1 x^power / (a + (1-a) x^(n-1)) dx
        if a == 0:
            return 1.0 / (power + 1 - (n - 1))
        alpha = (power + 1) / (n - 1)
        c = (1 - a) / a
        return float(special.hyp2f1(1.0, alpha, alpha + 1.0, -c)) / ((power + 1) * a)

    winners = (n - 1) * moment(2 * n - 1)
    expected_bid = (n - 1) / n * moment(n)
    allocated = n / (n + 1)
    return RevenueSplit(
        high * total,
        high * winners,
        high * (total - winners),
        high * expected_bid,
        high * allocated,
        high * (allocated - total),
    )


def revenue_equivalence(
    n: int,
    fractions: Sequence[float],
    values: Values | None = None,
    prizes: Sequence[float] = (1.0,),
) -> list[RevenueSplit]:
    """The revenue split for each loser fraction: the total stays put, the split moves.

    Assumptions and references as :class:`SealedBid` (revenue equivalence: Riley & Samuelson
    1981; Krishna ch. 3).

    Example:
        >>> [round(r.total, 6) for r in revenue_equivalence(3, [0.0, 0.5, 1.0])]
        [0.5, 0.5, 0.5]
    """
    vals = values or Values.uniform()
    return [SealedBid(n, a, vals, tuple(prizes)).revenue() for a in fractions]


def least_loser_fraction(
    n: int,
    prizes: Sequence[float],
    values: Values | None = None,
    paid_in_full: int = 1,
) -> float:
    """The smallest loser fraction ``a`` for which the classic ranked auction has an increasing
    equilibrium: the condition on ``a`` when only the top places pay their bid in full.

    The rule: the top ``paid_in_full`` places pay their bid in full, every other place (with a
    prize or not) pays ``a`` times its bid (``SealedBid(n, a, values, prizes,
    pays=(1,) * paid_in_full)``); ``paid_in_full`` equal to the number of prize places is the
    games' rule. With ``A(u)`` the chance that quantile ``u`` takes one of those places, the
    expected fraction paid is ``C = A + a (1 - A)``, and the bid ``b = m / C`` does not decrease
    exactly when ``Q P' C >= m C'`` at every quantile (see :class:`SealedBid`), that is when

        a >= r(u) = (m A' - Q P' A) / (Q P' (1 - A) + m A')   for every u.

    So the increasing equilibrium exists exactly for ``a >= a* = max(0, sup_u r(u))``. At the
    top (``u = 1``, one place paid in full) ``r(1) = 1 - Q(1) (p_1 - p_2) / m(1)``; for values
    uniform on ``[0, 1]``, ``m(1) = p_1 - p̄`` with ``p̄`` the mean prize over the ``n`` places,
    so ``a >= (p_2 - p̄) / (p_1 - p̄)`` is necessary: the closer the second prize is to the first,
    the more the losers must pay. (It is not always sufficient: with 4 players and prizes 2, 1, 1
    the bid first falls inside the range, and ``a*`` is about 0.13.)

    Assumptions as :class:`SealedBid` (independent private values from a continuous law with
    nonnegative support, risk neutrality; in the continuous model only a value of 0 bids 0, so
    whether a bid of 0 can win does not matter). References: Krishna, *Auction Theory* (2010)
    ch. 3 (the envelope formula for ``m``); Moldovanu & Sela (AER 2001) for ranked prizes.

    Returns:
        ``a*`` in ``[0, 1]``, or ``math.inf`` when no ``a`` in ``[0, 1]`` gives an increasing
        equilibrium (for instance when the prizes rise down the places).

    Example (three players, values uniform on [0, 1]: prizes 2 and 1 need nothing of the losers,
    prizes 3 and 2 a quarter, two equal prizes the whole bid):
        >>> [round(least_loser_fraction(3, p), 9) for p in [(2, 1), (3, 2), (1, 1)]]
        [0.0, 0.25, 1.0]
    """
    model = SealedBid(n, 0.0, values or Values.uniform(), tuple(prizes))
    if not 1 <= paid_in_full <= n:
        raise ValueError(f"paid_in_full must lie in 1..{n}, got {paid_in_full}")
    in_full = model._by_place([1.0] * paid_in_full)
    dp, d_full = model.prize_poly.deriv(), in_full.deriv()

    def ratio(u: FloatArray) -> tuple[FloatArray, FloatArray]:
        q, m = model.values.ppf(u), model.payment_at(u)
        qp = q * dp(u)
        return m * d_full(u) - qp * in_full(u), qp * (1 - in_full(u)) + m * d_full(u)

    grid = np.linspace(0.0, 1.0, 20001)[1:]
    slope = dp(grid)
    if float(np.min(slope)) < -1e-9 * float(np.max(np.abs(slope))):
        return math.inf  # the expected prize falls somewhere: no increasing equilibrium at all
    with np.errstate(divide="ignore", invalid="ignore"):
        top, bottom = ratio(grid)
        # Where Q is infinite (the top of an unbounded law) the ratio is undefined: left out.
        r = np.where((bottom > 0) & np.isfinite(top) & np.isfinite(bottom), top / bottom, -np.inf)
    k = int(np.argmax(r))
    lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]

    def minus_r(u: float) -> float:
        t, b = ratio(np.array([u]))
        return -float(t[0] / b[0])

    found = optimize.minimize_scalar(
        minus_r, bounds=(lo, hi), method="bounded", options={"xatol": 1e-13}
    )
    refined = -float(found.fun)
    best = max(float(r[k]), refined if math.isfinite(refined) else -math.inf)
    if best > 1.0 + 1e-12:
        return math.inf
    return max(best, 0.0)


def complete_information_all_pay(prizes: Sequence[float], value: float = 1.0) -> float:
    """Expected total bids in the all-pay auction with ranked prizes and one common, known value.

    Barut & Kovenock (EJPE 1998): with ``n`` identical bidders and prizes ``p_1 >= ... >= p_n``
    every equilibrium dissipates the rent, each bidder expecting ``v p_n``, so the expected
    revenue is ``sum_k (p_k - p_n) v``. Assumptions: complete information, identical values,
    risk neutrality, continuous bids (mixed strategies).

    Example:
        >>> complete_information_all_pay([2, 1, 0], value=3.0)
        9.0
    """
    last = min(prizes) if prizes else 0.0
    return float(sum((p - last) * value for p in prizes))


@dataclasses.dataclass(frozen=True, eq=False)
class BudgetEquilibrium:
    """The single-prize equilibrium when every bidder may bid at most ``budget``.

    Types below a cutoff quantile ``u*`` bid as without a budget; types above it all bid the
    budget and a tie at the budget is settled by a fair coin flip. A bidder at the budget wins
    with probability ``π(u*) = (1 - u*^n) / (n (1 - u*))`` (the chance of winning a random tie
    against a Binomial number of others above ``u*``), and ``u*`` makes type ``Q(u*)``
    indifferent between ``b(u*)`` and the budget:
    ``Q(u*) (π - u*^(n-1)) = w (π + a (1 - π)) - m(u*)``.

    Assumptions: as :class:`SealedBid` with one prize, a common known budget ``w``, random
    tie-breaking at the budget. Reference: Che & Gale, "Standard auctions with financially
    constrained bidders", REStud 1998.

    Attributes:
        model: the unconstrained model.
        budget: the cap ``w``.
        cutoff_quantile: ``u*`` (1 when the budget does not bind).
        cutoff: the value ``Q(u*)`` from which bidders bid the budget.

    Example:
        >>> eq = SealedBid(3, 0.5).with_budget(0.4)
        >>> round(eq.cutoff, 4), round(eq.revenue().total, 4)
        (0.618, 0.4549)
    """

    model: SealedBid
    budget: float
    cutoff_quantile: float
    cutoff: float

    @classmethod
    def solve(cls, model: SealedBid, budget: float) -> BudgetEquilibrium:
        """Find the cutoff for ``model`` and ``budget``."""
        if any(model.prizes[1:]):
            raise ValueError("the budget equilibrium is implemented for a single prize")
        if budget <= 0:
            raise ValueError(f"the budget must be positive, got {budget}")
        top = float(model.bid_at(np.array([1.0]))[0])
        if budget >= top:
            return cls(model, float(budget), 1.0, model.values.high)

        def gap(u: float) -> float:
            return float(cls._indifference(model, budget, u))

        # gap < 0 at the bottom (the budget is not worth it) and >= 0 where b(u) = budget.
        u_hit = optimize.brentq(lambda u: float(model.bid_at(np.array([u]))[0]) - budget, 0, 1)
        lo = 1e-9
        u_star = lo if gap(lo) >= 0 else optimize.brentq(gap, lo, u_hit, xtol=1e-13)
        value = float(model.values.ppf(np.array([u_star]))[0])
        return cls(model, float(budget), float(u_star), value)

    @staticmethod
    def _pool_win(n: int, u: float) -> float:
        if u >= 1.0:
            return 1.0 / n
        return float((1 - u**n) / (n * (1 - u)))

    @staticmethod
    def _indifference(model: SealedBid, budget: float, u: float) -> float:
        n, a = model.n, model.loser_fraction
        pi = BudgetEquilibrium._pool_win(n, u)
        q = float(model.values.ppf(np.array([u]))[0])
        m = float(model.payment_at(np.array([u]))[0])
        return q * (pi - u ** (n - 1)) - budget * (pi + a * (1 - pi)) + m

    @property
    def binds(self) -> bool:
        """Whether the budget changes anything."""
        return self.cutoff_quantile < 1.0

    @property
    def pool_win(self) -> float:
        """The win probability of a bidder at the budget."""
        return self._pool_win(self.model.n, self.cutoff_quantile)

    def bid(self, v: npt.ArrayLike) -> FloatArray:
        """The equilibrium bid of value ``v``."""
        u = self.model.values.cdf(v)
        return np.where(u >= self.cutoff_quantile, self.budget, self.model.bid_at(u))

    def revenue(self) -> RevenueSplit:
        """Expected payments under the budget (lower than without: revenue equivalence fails)."""
        model, us, w = self.model, self.cutoff_quantile, self.budget
        n, a = model.n, model.loser_fraction
        pi = self.pool_win
        nodes, weights = _quad.nodes_weights(0.0, us)
        b = model.bid_at(nodes)
        g = nodes ** (n - 1)
        q = model.values.ppf(nodes)
        top = 1 - us
        winners = n * (float(np.sum(weights * b * g)) + top * w * pi)
        losers = n * a * (float(np.sum(weights * b * (1 - g))) + top * w * (1 - pi))
        expected_bid = float(np.sum(weights * b)) + top * w
        # The pool's prize goes to a random member: its expected value is E[V | V >= cutoff].
        high_mass = 1 - us**n
        pool_value = 0.0
        if high_mass > 0:
            tn, tw = _quad.nodes_weights(us, 1.0)
            pool_value = float(np.sum(tw * model.values.ppf(tn))) / top if top > 0 else 0.0
        allocated = n * float(np.sum(weights * q * g)) + high_mass * pool_value
        total = winners + losers
        return RevenueSplit(total, winners, losers, expected_bid, allocated, allocated - total)

    def deviation_gain(self, v: float, bids: npt.ArrayLike | None = None) -> float:
        """The largest gain from a different bid in ``[0, budget]`` for a bidder of value ``v``."""
        model, us, w = self.model, self.cutoff_quantile, self.budget
        n, a = model.n, model.loser_fraction
        u_grid = np.linspace(0.0, us, 20001)
        b_grid = np.maximum.accumulate(model.bid_at(u_grid))
        if bids is None:
            bids = np.linspace(0.0, w, 2001)
        x = np.asarray(bids, dtype=float)
        below = x < w
        z = np.interp(x, b_grid, u_grid)
        win = np.where(below, z ** (n - 1), self.pool_win)
        payoff = v * win - x * (win + a * (1 - win))
        own_bid = float(self.bid(np.array([v]))[0])
        u = float(model.values.cdf(np.array([v]))[0])
        own_win = self.pool_win if u >= us else u ** (n - 1)
        own = v * own_win - own_bid * (own_win + a * (1 - own_win))
        return max(float(np.max(payoff)) - own, 0.0)
