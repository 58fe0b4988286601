"""The ascending auction with fixed raises (Négoces' Diamant: +1 or +2, drop out for good).

Seat 0 opens at 0 (compulsory); then, in turn, each player still in either raises the high bid by
one of the allowed steps or drops out for good; the last player in wins and pays the high bid.
With continuous bids and private values, bidding "while the price is below my value" is a dominant
strategy and the price is the second-highest value (Krishna, *Auction Theory* (2010) ch. 2:
the English auction). With whole-coin raises in turn, the price lands near, but not on, the
second-highest value: it depends on who holds the high bid when the second-highest bidder gives
up, and on the size of the raises.

This module computes the **exact** expected price (and its distribution, the efficiency and each
seat's win chance) when every player bids sincerely — raise while a raise within its value and
budget is allowed, otherwise drop — by enumerating every profile of whole-coin values:

* ``"minimal"``: raise by the smallest allowed step that stays within the value;
* ``"jump"``: raise by the largest such step (jump bidding).

Sincere bidding is the benchmark, not an exact equilibrium of the discrete game (with coarse
raises a player can sometimes gain by a jump or by stopping early); the value pmf is on whole
coins, so a player stays in for a raise to ``h + s`` exactly when ``h + s <= min(value, budget)``.
The benchmark is ``E[V_(2)]``, the expected second-highest value (what a second-price or ideal
English auction would fetch). Reference for discrete increments: Krishna ch. 2; Isaac, Salmon &
Zillante, "A theory of jump bidding in ascending auctions", JEBO 2007.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

from tradekit.core.auctions import AscendingAuction
from tradekit.theory.values import order_statistic_mean

Strategy = Literal["minimal", "jump"]
STRATEGIES: tuple[Strategy, ...] = ("minimal", "jump")
IntArray = npt.NDArray[np.int64]

#: The most value profiles :meth:`AscendingModel.exact` enumerates.
MAX_PROFILES = 3_000_000


@dataclasses.dataclass(frozen=True, slots=True)
class AscendingResult:
    """The exact outcome of sincere bidding, averaged over value profiles.

    Attributes:
        expected_price: ``E[price]``.
        price_pmf: ``price_pmf[k]`` is the probability that the price is ``k``.
        second_value: the benchmark ``E[V_(2)]`` (second-highest value).
        second_capped: ``E[second-highest of min(value, budget)]``, what bidders can pay.
        efficiency: the probability that a highest-value player wins.
        seat_wins: each seat's chance of winning.
        p_price_is_second: the probability that the price equals the second-highest value
            exactly (below it, the increments let the winner stop short of its rival's value;
            above it, a jump raise overshoots).
    """

    expected_price: float
    price_pmf: tuple[float, ...]
    second_value: float
    second_capped: float
    efficiency: float
    seat_wins: tuple[float, ...]
    p_price_is_second: float = math.nan

    @property
    def gap(self) -> float:
        """``E[price] - E[V_(2)]``: how far the increment rule moves the price."""
        return self.expected_price - self.second_value


#: How many exact results :meth:`AscendingModel.exact` keeps (each a few dozen floats).
EXACT_KEPT = 256
_EXACT: dict[tuple[object, ...], AscendingResult] = {}


@dataclasses.dataclass(frozen=True, eq=False)
class AscendingModel:
    """Sincere bidding in the ascending auction with fixed raises (see the module docstring).

    Args:
        n: number of players; seat 0 opens at 0 and the others speak in seat order after it.
        values: probability of each whole value ``0, 1, ..., V``.
        steps: the allowed raises (Négoces: ``(1, 2)``).
        budget: the most anyone may bid (Négoces with 4 players: 15); ``None``: no limit.
        strategy: ``"minimal"`` or ``"jump"``.

    Assumptions: independent private values on whole coins, every player bidding sincerely with
    the same strategy, passes final. References: see the module docstring.

    Example (two players, values 0-3 equally likely, raises of +1):
        >>> r = AscendingModel(2, (0.25,) * 4, steps=(1,)).exact()
        >>> r.expected_price, r.second_value
        (1.25, 0.875)
    """

    n: int
    values: tuple[float, ...]
    steps: tuple[int, ...] = (1, 2)
    budget: int | None = None
    strategy: Strategy = "minimal"

    def __post_init__(self) -> None:
        if self.n < 2:
            raise ValueError(f"an auction needs at least 2 players, got {self.n}")
        probs = np.asarray(self.values, dtype=float)
        if probs.ndim != 1 or len(probs) == 0 or np.any(probs < 0) or abs(probs.sum() - 1) > 1e-9:
            raise ValueError("values must be probabilities of 0, 1, ..., V summing to 1")
        if not self.steps or any(s < 1 for s in self.steps):
            raise ValueError(f"steps must be positive whole coins, got {self.steps}")
        if self.strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {STRATEGIES}, got {self.strategy!r}")
        object.__setattr__(self, "values", tuple(float(p) for p in probs))
        object.__setattr__(self, "steps", tuple(sorted(set(self.steps))))

    @property
    def order(self) -> list[int]:
        """The speaking order after the opener: seats 1, 2, ..., n-1, then 0."""
        return [*range(1, self.n), 0]

    def _cap(self, profile: Sequence[int] = ()) -> int:
        # Without a budget nobody can usefully bid above the largest value.
        if self.budget is not None:
            return self.budget
        return max(len(self.values) - 1, *profile) if profile else len(self.values) - 1

    def raise_to(self, value: int, high: int) -> int | None:
        """The sincere decision of a player of ``value`` facing ``high``: the new high bid, or
        ``None`` to drop out.

        Example:
            >>> m = AscendingModel(3, (0.5, 0.5), steps=(1, 2), strategy="jump")
            >>> m.raise_to(5, 3), m.raise_to(4, 3), m.raise_to(3, 3)
            (5, 4, None)
        """
        limit = value if self.budget is None else min(value, self.budget)
        options = [high + s for s in self.steps if high + s <= limit]
        if not options:
            return None
        return options[0] if self.strategy == "minimal" else options[-1]

    def play(self, profile: Sequence[int]) -> tuple[int, int]:
        """Play one value profile through the engine's ``AscendingAuction``; (winner, price).

        Example:
            >>> AscendingModel(3, (0.125,) * 8).play([4, 7, 6])
            (1, 6)
        """
        cap = self._cap(profile)
        auction = AscendingAuction(
            self.order,
            budgets=dict.fromkeys(range(self.n), cap),
            opener=0,
            opening=0,
            steps=self.steps,
            final_pass=True,
        )
        while not auction.done:
            p = auction.speaker
            assert p is not None
            target = self.raise_to(int(profile[p]), auction.high_bid)
            if target is None:
                auction.pass_(p)
            else:
                auction.bid(p, target)
        winner = auction.result.winner
        assert winner is not None
        return winner, auction.result.price

    def play_many(self, profiles: npt.ArrayLike) -> tuple[IntArray, IntArray]:
        """Sincere play for many value profiles at once (vectorised; same rules as the engine).

        Returns the winners and prices. :func:`tests` check it against :meth:`play`.
        """
        vals = np.minimum(np.asarray(profiles, dtype=np.int64), self._cap())
        rows, n = vals.shape
        order = np.array(self.order)
        high = np.zeros(rows, dtype=np.int64)
        holder = np.zeros(rows, dtype=np.int64)
        out = np.zeros((rows, n), dtype=bool)
        turn = np.zeros(rows, dtype=np.int64)
        steps = np.array(self.steps)
        active = np.arange(rows)
        while active.size:
            speaker = order[turn[active]]
            skip = out[active, speaker] | (holder[active] == speaker)
            act = active[~skip]
            p = speaker[~skip]
            limit = vals[act, p]
            ok = high[act, None] + steps[None, :] <= limit[:, None]
            can = ok.any(axis=1)
            if self.strategy == "minimal":
                pick = np.argmax(ok, axis=1)
            else:
                pick = len(steps) - 1 - np.argmax(ok[:, ::-1], axis=1)
            raisers, droppers = act[can], act[~can]
            high[raisers] += steps[pick[can]]
            holder[raisers] = p[can]
            out[droppers, p[~can]] = True
            turn[active] = (turn[active] + 1) % n
            remaining = n - out[active].sum(axis=1)
            active = active[remaining > 1]
        return holder, high

    def exact(self) -> AscendingResult:
        """Enumerate every value profile (at most :data:`MAX_PROFILES`) and average exactly.

        Worked out once per model in a process: a lesson's table, its check and its explorer
        ask for the same rules and values (65,536 profiles for four players of 16 values).
        """
        key = dataclasses.astuple(self)
        found = _EXACT.get(key)
        if found is None:
            if len(_EXACT) >= EXACT_KEPT:
                _EXACT.clear()
            found = _EXACT[key] = self._enumerate()
        return found

    def _enumerate(self) -> AscendingResult:
        probs = np.asarray(self.values)
        support = np.flatnonzero(probs > 0)
        count = len(support) ** self.n
        if count > MAX_PROFILES:
            raise ValueError(
                f"{count:,} value profiles to enumerate (limit {MAX_PROFILES:,}): "
                "use fewer values or players"
            )
        grids = np.meshgrid(*([support] * self.n), indexing="ij")
        profiles = np.stack([g.ravel() for g in grids], axis=1)
        weights = np.prod(probs[profiles], axis=1)
        winners, prices = self.play_many(profiles)
        top = profiles.max(axis=1)
        efficient = profiles[np.arange(len(profiles)), winners] == top
        pmf = np.bincount(prices, weights=weights)
        seat_wins = np.bincount(winners, weights=weights, minlength=self.n)
        capped = np.minimum(profiles, self._cap())
        second = np.sort(profiles, axis=1)[:, -2]
        return AscendingResult(
            float(weights @ prices),
            tuple(float(x) for x in pmf),
            order_statistic_mean(probs, self.n),
            float(weights @ np.sort(capped, axis=1)[:, -2]),
            float(weights @ efficient),
            tuple(float(x) for x in seat_wins),
            float(weights @ (prices == second)),
        )


def compare_rules(
    n: int,
    values: Sequence[float],
    budget: int | None = None,
    rules: Sequence[tuple[tuple[int, ...], Strategy]] = (
        ((1,), "minimal"),
        ((1, 2), "minimal"),
        ((1, 2), "jump"),
        ((2,), "minimal"),
    ),
) -> list[tuple[str, AscendingResult]]:
    """The exact result of each increment rule and strategy, labelled for a chart.

    Assumptions and references as :class:`AscendingModel`.

    Example:
        >>> for label, r in compare_rules(2, (0.5, 0.5)):
        ...     print(label, r.expected_price)
        +1, minimal 0.5
        +1/+2, minimal 0.5
        +1/+2, jump 0.5
        +2, minimal 0.0
    """
    out: list[tuple[str, AscendingResult]] = []
    for steps, strategy in rules:
        label = "/".join(f"+{s}" for s in steps) + f", {strategy}"
        out.append((label, AscendingModel(n, tuple(values), steps, budget, strategy).exact()))
    return out


__all__ = [
    "STRATEGIES",
    "AscendingModel",
    "AscendingResult",
    "compare_rules",
]
