"""Whole coins and "half rounded down": sealed bids on an integer grid.

The continuous model of :mod:`tradekit.theory.sealed` lets bids be any real number and losers pay
exactly ``a`` times their bid. At the table bids are whole coins, Turin Market's losers pay *half
their bid rounded down*, and nobody can bid more than they hold. Then:

* a losing bid of 1 costs nothing (half of 1 rounded down is 0): a free lottery ticket;
* an odd bid ``2k+1`` costs a loser exactly what ``2k`` costs, but ranks above it: odd bids are
  cheap upgrades, so they crowd out even ones;
* ties have positive probability, so the tie rule matters;
* a bid of 0 never wins (the game's rule, the engine's: its place's prize goes unclaimed), where
  the textbook model lets one of the zero bidders win at 0 when everybody bids 0 (``zero_bids=
  "win"`` plays that rule instead);
* rounding down keeps coins in the losers' pockets, so revenue falls below the continuous value.

The model: ``n`` bidders with independent integer values per unit of prize, drawn from a given
probability table on ``0, 1, ..., V``; bids are whole coins ``0 .. max_bid`` (the budget); prizes
and payments as in Turin Market with loser fraction ``a``. A symmetric mixed strategy gives each
value a distribution over bids. It is found by **fictitious play**: start from bidding nothing,
and repeatedly move the population strategy towards a best response to itself, with step
``1/(t+2)`` (Brown 1951; Fudenberg & Levine, *The Theory of Learning in Games*, 1998, ch. 2).
Fictitious play need not converge in every game, so every result reports how far from equilibrium
it ended: the **largest gain from deviating**, over values and bids, which is exactly 0 at an
equilibrium. The best strategy met on the way (the one with the smallest gain) is returned.

Payoffs are computed exactly (no simulation): a bidder's outcome depends only on its bid, the
number ``A`` of rivals bidding more and the number ``T`` bidding the same, and each case is
resolved once by the engine (:func:`tradekit.theory.bridge.resolve_round`), then weighted by the
multinomial chance of ``(A, T)`` under the rivals' bid distribution. References: Krishna,
*Auction Theory* (2010) ch. 2-3 for the continuous benchmark; Chwe, "The discrete bid first
auction", Economics Letters 1989, on equilibria with a bid grid.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from tradekit.theory.bridge import TIE_RULES, ZERO_BIDS, TieRule, ZeroBids, resolve_round
from tradekit.theory.values import FloatArray

Rounding = Literal["down", "exact", "up"]
ROUNDINGS: tuple[Rounding, ...] = ("down", "exact", "up")


def uniform_values(top: int, low: int = 0) -> tuple[float, ...]:
    """A probability table with every whole value from ``low`` to ``top`` equally likely.

    Example:
        >>> uniform_values(3, low=1)
        (0.0, 0.3333333333333333, 0.3333333333333333, 0.3333333333333333)
    """
    if not 0 <= low <= top:
        raise ValueError(f"need 0 <= low <= top, got {low}, {top}")
    k = top - low + 1
    return tuple(0.0 if v < low else 1.0 / k for v in range(top + 1))


@dataclasses.dataclass(frozen=True, slots=True)
class OutcomeTable:
    """Exact expected outcome of each bid ``x`` against rivals whose bids follow one distribution.

    Attributes:
        prize: expected prize.
        win: probability of winning a prize.
        paid_winning: expected payment made as a winner (``x`` times ``win``).
        paid_losing: expected payment made as a loser.
        rounded_off: expected coins a loser keeps thanks to rounding (``a x`` minus what it pays).
    """

    prize: FloatArray
    win: FloatArray
    paid_winning: FloatArray
    paid_losing: FloatArray
    rounded_off: FloatArray

    @property
    def paid(self) -> FloatArray:
        """Expected payment, win or lose."""
        return np.asarray(self.paid_winning + self.paid_losing)


@dataclasses.dataclass(frozen=True, eq=False)
class CoinAuction:
    """A sealed-bid auction on whole coins with Turin Market's payment rule.

    Args:
        n: number of bidders.
        values: probability of each whole value ``0, 1, ..., V`` (value per unit of prize).
        max_bid: the most anyone can bid (everybody's budget).
        loser_fraction: what a loser pays of its bid (1/2 in Turin Market).
        prizes: prize of each place (cards), e.g. ``(2, 1, 0)``.
        rounding: ``"down"`` (the engine, Turin Market), ``"exact"`` (no rounding: losers pay
            ``a x`` in fractions of a coin) or ``"up"`` — to show what rounding does.
        ties: ``"flip"`` (a fair coin flip at no cost) or ``"void"`` (Turin when the tied players
            add nothing: nobody in the tie wins) — see :mod:`tradekit.theory.bridge`.
        zero_bids: ``"lose"`` (the games' rule, the default: a bid of 0 never wins, and its
            place's prize goes unclaimed) or ``"win"`` (the textbook rule: a bid of 0 ranks like
            any other, so when too few bid more, zero bidders take the prize places, ties among
            them settled by ``ties``, and pay nothing).

    Assumptions: independent private values, risk neutrality, a prize worth ``v * p`` to a bidder
    of value ``v``, symmetric strategies. References: see the module docstring.

    Example (two bidders, values 0-4 equally likely, Turin's half rounded down):
        >>> game = CoinAuction(2, uniform_values(4), max_bid=4)
        >>> eq = game.solve(iterations=400)
        >>> eq.epsilon < 0.05
        True
    """

    n: int
    values: tuple[float, ...]
    max_bid: int
    loser_fraction: Fraction = Fraction(1, 2)
    prizes: tuple[int, ...] = (1,)
    rounding: Rounding = "down"
    ties: TieRule = "flip"
    zero_bids: ZeroBids = "lose"

    def __post_init__(self) -> None:
        if self.n < 2:
            raise ValueError(f"an auction needs at least 2 bidders, got {self.n}")
        probs = np.asarray(self.values, dtype=float)
        if probs.ndim != 1 or len(probs) == 0 or np.any(probs < 0) or abs(probs.sum() - 1) > 1e-9:
            raise ValueError("values must be probabilities of 0, 1, ..., V summing to 1")
        if self.max_bid < 0:
            raise ValueError(f"max_bid must be >= 0, got {self.max_bid}")
        fraction = Fraction(self.loser_fraction)
        if not 0 <= fraction <= 1:
            raise ValueError(f"loser_fraction must lie in [0, 1], got {fraction}")
        if self.rounding not in ROUNDINGS:
            raise ValueError(f"rounding must be one of {ROUNDINGS}, got {self.rounding!r}")
        if self.ties not in TIE_RULES:
            raise ValueError(f"ties must be one of {TIE_RULES}, got {self.ties!r}")
        if self.zero_bids not in ZERO_BIDS:
            raise ValueError(f"zero_bids must be one of {ZERO_BIDS}, got {self.zero_bids!r}")
        if len(self.prizes) > self.n or any(p < 0 for p in self.prizes) or not any(self.prizes):
            raise ValueError(f"bad prizes {self.prizes} for {self.n} places")
        object.__setattr__(self, "loser_fraction", fraction)
        object.__setattr__(self, "values", tuple(float(p) for p in probs))
        object.__setattr__(self, "prizes", tuple(int(p) for p in self.prizes))

    @property
    def top_value(self) -> int:
        """The largest value ``V``."""
        return len(self.values) - 1

    @property
    def bids(self) -> npt.NDArray[np.int64]:
        """The possible bids ``0 .. max_bid``."""
        return np.arange(self.max_bid + 1)

    def loser_payment(self, bid: int) -> float:
        """What a loser pays on ``bid`` under this rounding.

        Example:
            >>> [CoinAuction(2, (0.5, 0.5), 5).loser_payment(b) for b in range(6)]
            [0.0, 0.0, 1.0, 1.0, 2.0, 2.0]
        """
        share = self.loser_fraction * bid
        if self.rounding == "down":
            return float(math.floor(share))
        if self.rounding == "up":
            return float(math.ceil(share))
        return float(share)

    @cached_property
    def _cases(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Prize, win indicator and payment for every (bid, A above, T tied), from the engine."""
        n, top = self.n, self.max_bid
        prize = np.zeros((top + 1, n, n))
        win = np.zeros((top + 1, n, n))
        pay = np.zeros((top + 1, n, n))
        for x in range(top + 1):
            for above in range(n):
                for tied in range(n - above):
                    below = n - 1 - above - tied
                    if (x == 0 and below) or (x == top and above):
                        continue  # impossible: no bid below 0 or above the budget
                    bids = {0: x}
                    seat = 1
                    for count, bid in ((above, x + 1), (tied, x), (below, x - 1)):
                        for _ in range(count):
                            bids[seat] = bid
                            seat += 1
                    # Under a coin flip, our seat takes each position of its block equally often.
                    positions = range(tied + 1) if self.ties == "flip" else range(1)
                    for pos in positions:
                        out = resolve_round(
                            bids,
                            self.prizes,
                            self.loser_fraction,
                            self.ties,
                            _put_first_at(pos),
                            self.zero_bids,
                        )
                        won = out.won[0]
                        place = out.place[0]
                        got = self.prizes[place] if won and place < len(self.prizes) else 0
                        paid = (
                            float(out.payment[0])
                            if self.rounding == "down"
                            else (float(x) if won else self.loser_payment(x))
                        )
                        prize[x, above, tied] += got / len(positions)
                        win[x, above, tied] += won / len(positions)
                        pay[x, above, tied] += paid / len(positions)
        return prize, win, pay

    def outcomes(self, rival_bids: npt.ArrayLike) -> OutcomeTable:
        """Exact expected outcome of each bid when each rival's bid follows ``rival_bids``.

        Example (one rival who always bids 2; our bid of 3 wins, 1 loses for free):
            >>> t = CoinAuction(2, (0.5, 0.5), 3).outcomes([0, 0, 1, 0])
            >>> t.win.tolist(), t.paid.tolist()
            ([0.0, 0.0, 0.5, 1.0], [0.0, 0.0, 1.5, 3.0])
        """
        q = np.asarray(rival_bids, dtype=float)
        above = np.concatenate([np.cumsum(q[::-1])[::-1][1:], [0.0]])
        below = np.concatenate([[0.0], np.cumsum(q)[:-1]])
        (coef, a, t, r), tables = self._mixtures
        # One weight row per split of the n - 1 rivals into (above, tied, below) counts; every
        # outcome is the weighted sum of its table over the splits.
        weights = coef * above**a * q**t * below**r
        prize, win, paid_winning, paid_losing, kept = (weights * tables).sum(axis=1)
        return OutcomeTable(prize, win, paid_winning, paid_losing, kept)

    @cached_property
    def _mixtures(self) -> tuple[tuple[npt.NDArray[Any], ...], FloatArray]:
        """The splits of the rivals into (above, tied, below) counts with their multinomial
        coefficients, and per split the tables :meth:`outcomes` weighs: prize, win, paid when
        winning, paid when losing, kept through rounding (axis 0: the table, 1: the split)."""
        n = self.n
        prize_tab, win_tab, pay_tab = self._cases
        bids = self.bids.astype(float)
        share = np.array([float(self.loser_fraction * int(b)) for b in self.bids])
        powers = []
        rows = []
        for a in range(n):
            for t in range(n - a):
                r = n - 1 - a - t
                coef = math.factorial(n - 1) / (
                    math.factorial(a) * math.factorial(t) * math.factorial(r)
                )
                powers.append((coef, a, t, r))
                w = win_tab[:, a, t]
                # A winner pays its bid; the rest of the expected payment is the losers'.
                lose_pay = pay_tab[:, a, t] - w * bids
                rows.append([prize_tab[:, a, t], w, w * bids, lose_pay, (1 - w) * share - lose_pay])
        # As columns, so that one power per array gives every split's weight row at once.
        columns = tuple(
            np.array([split[k] for split in powers], dtype=float if k == 0 else int)[:, None]
            for k in range(4)
        )
        return columns, np.asarray(rows, dtype=float).transpose(1, 0, 2)

    def payoffs(self, rival_bids: npt.ArrayLike) -> FloatArray:
        """Expected payoff ``U[v, x]`` of value ``v`` bidding ``x`` against ``rival_bids``."""
        table = self.outcomes(rival_bids)
        v = np.arange(self.top_value + 1, dtype=float)
        return np.asarray(v[:, None] * table.prize[None, :] - table.paid[None, :])

    def rival_distribution(self, strategy: npt.ArrayLike) -> FloatArray:
        """The bid distribution of one rival who draws a value and plays ``strategy``."""
        return np.asarray(np.asarray(self.values) @ np.asarray(strategy, dtype=float))

    def gains(self, strategy: npt.ArrayLike) -> FloatArray:
        """For each value, the most a bidder gains by deviating from ``strategy`` when every
        rival plays it (0 everywhere at an equilibrium)."""
        s = np.asarray(strategy, dtype=float)
        u = self.payoffs(self.rival_distribution(s))
        return np.asarray(u.max(axis=1) - (s * u).sum(axis=1))

    def equilibrium(self, strategy: npt.ArrayLike, iterations: int = 0) -> CoinEquilibrium:
        """A given strategy, checked: how far it is from a symmetric equilibrium of this auction.

        It gives what :meth:`solve` gives for the strategy it ends with, so a strategy solved
        once and saved can be read back without solving again (the lesson notebooks do that).

        Args:
            strategy: ``strategy[v, x]``, the probability that value ``v`` bids ``x``; one row per
                value ``0 .. V``, one column per bid ``0 .. max_bid``, each row summing to 1.
            iterations: the fictitious-play steps that found it, if any (0: not solved here).

        Raises:
            ValueError: the strategy has the wrong shape or a row is not a probability table.

        Example (two bidders, each valuing the prize at 2, who both bid 0, which never wins:
        either gains 1 by bidding 1 instead, winning a prize worth 2 for 1):
            >>> game = CoinAuction(2, (0.0, 0.0, 1.0), max_bid=2)
            >>> game.equilibrium([[1.0, 0.0, 0.0]] * 3).epsilon
            1.0
        """
        s = np.array(strategy, dtype=float)
        shape = (self.top_value + 1, self.max_bid + 1)
        if s.shape != shape:
            raise ValueError(f"strategy must have shape {shape} (values, bids), got {s.shape}")
        if np.any(s < 0) or np.any(np.abs(s.sum(axis=1) - 1) > 1e-9):
            raise ValueError("each row of the strategy must be probabilities summing to 1")
        epsilon = float(self.gains(s)[np.asarray(self.values) > 0].max())
        return CoinEquilibrium(self, s, epsilon, iterations, ())

    def solve(
        self, iterations: int = 3000, tol: float = 1e-3, start: npt.ArrayLike | None = None
    ) -> CoinEquilibrium:
        """Fictitious play towards a symmetric equilibrium; see the module docstring.

        Args:
            iterations: the most steps to take.
            tol: stop once the largest gain from deviating is below this (in coins).
            start: the starting strategy (a row of bid probabilities per value); default: every
                value bids 0.
        """
        nv, nb = self.top_value + 1, self.max_bid + 1
        if start is None:
            s = np.zeros((nv, nb))
            s[:, 0] = 1.0
        else:
            s = np.array(start, dtype=float)
        mask = np.asarray(self.values) > 0
        best = s.copy()
        best_eps = math.inf
        history: list[float] = []
        steps = 0
        for t in range(iterations):
            steps = t + 1
            u = self.payoffs(self.rival_distribution(s))
            gain = u.max(axis=1) - (s * u).sum(axis=1)
            eps = float(gain[mask].max())
            history.append(eps)
            if eps < best_eps:
                best, best_eps = s.copy(), eps
            if eps <= tol:
                break
            reply = np.zeros_like(s)
            # Ties between best replies go to the lowest bid.
            reply[np.arange(nv), np.argmax(u >= u.max(axis=1, keepdims=True) - 1e-12, axis=1)] = 1
            s += (reply - s) / (t + 2)
        return CoinEquilibrium(self, best, best_eps, steps, tuple(history))


def _put_first_at(position: int) -> Callable[[Sequence[int]], list[int]]:
    """A 'coin flip' that puts player 0 at ``position`` of the tied group (others keep order)."""

    def flip(players: Sequence[int]) -> list[int]:
        rest = [p for p in players if p != 0]
        if 0 not in players:
            return rest
        return [*rest[:position], 0, *rest[position:]]

    return flip


@dataclasses.dataclass(frozen=True, eq=False)
class CoinEquilibrium:
    """An approximate symmetric equilibrium on whole coins and what it implies.

    Attributes:
        game: the auction.
        strategy: ``strategy[v, x]``, the probability that value ``v`` bids ``x``.
        epsilon: the largest gain any value makes by deviating (coins; 0 = exact equilibrium).
        iterations: fictitious-play steps taken.
        history: the largest gain at each step (empty for a strategy checked by
            :meth:`CoinAuction.equilibrium` rather than solved).
    """

    game: CoinAuction
    strategy: FloatArray
    epsilon: float
    iterations: int
    history: tuple[float, ...]

    @cached_property
    def rival_bids(self) -> FloatArray:
        """The bid distribution of one bidder (value drawn, then bid)."""
        return self.game.rival_distribution(self.strategy)

    @cached_property
    def table(self) -> OutcomeTable:
        """Expected outcome of each bid against the equilibrium rivals."""
        return self.game.outcomes(self.rival_bids)

    def _per_bidder(self, per_bid: FloatArray) -> float:
        return float(self.rival_bids @ per_bid)

    @property
    def revenue(self) -> float:
        """Expected revenue per auction."""
        return self.game.n * self._per_bidder(self.table.paid)

    @property
    def winners_pay(self) -> float:
        """Expected payments of the prize winners."""
        return self.game.n * self._per_bidder(self.table.paid_winning)

    @property
    def losers_pay(self) -> float:
        """Expected payments of those who win nothing."""
        return self.game.n * self._per_bidder(self.table.paid_losing)

    @property
    def rounded_off(self) -> float:
        """Coins per auction the losers keep because their share is rounded (``a x`` minus the
        payment; negative when rounding up)."""
        return self.game.n * self._per_bidder(self.table.rounded_off)

    @property
    def expected_bid(self) -> FloatArray:
        """The expected bid of each value."""
        return np.asarray(self.strategy @ self.game.bids)

    @property
    def odd_share(self) -> float:
        """The share of bids that are odd."""
        return float(self.rival_bids[1::2].sum())

    def share_of_bid(self, bid: int) -> float:
        """The share of bids equal to ``bid`` (e.g. 1: the free lottery ticket)."""
        return float(self.rival_bids[bid]) if bid <= self.game.max_bid else 0.0

    @property
    def gains(self) -> FloatArray:
        """Each value's largest gain from deviating."""
        return self.game.gains(self.strategy)
