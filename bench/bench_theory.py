"""Theory speed: how long each model takes to compute, and Monte Carlo auctions per second.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_theory.py``. The explorers
recompute on every slider move, so these are the delays a class sees; the Monte Carlo rates are
for auctions resolved through the engine's own functions.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

import numpy as np
from scipy import stats

from tradekit.theory import simulate
from tradekit.theory.ascending import AscendingModel
from tradekit.theory.coins import CoinAuction, uniform_values
from tradekit.theory.once_around import OnceAround
from tradekit.theory.sealed import SealedBid, least_loser_fraction
from tradekit.theory.splitting import (
    MEDICI_SHIPS,
    RankRule,
    medici_ship_totals,
    rounding_distribution,
)
from tradekit.theory.values import Values


def timed(label: str, work: Callable[[], object], repeat: int = 3) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<58} {best * 1000:>9.1f} ms")


def rate(label: str, work: Callable[[int], object], draws: int) -> None:
    start = time.perf_counter()
    work(draws)
    seconds = time.perf_counter() - start
    print(f"{label:<58} {draws / seconds:>9,.0f} /s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--draws", type=int, default=5000, help="Monte Carlo draws per check")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    beta = Values.from_scipy(stats.beta(2, 2))
    timed("sealed, uniform, revenue split (n=3, a=1/2)", lambda: SealedBid(3, 0.5).revenue())
    timed("sealed, beta(2,2), revenue split (n=5, Turin prizes)",
          lambda: SealedBid(5, 0.5, beta, (2, 2, 1)).revenue())  # fmt: skip
    timed("sealed, budget equilibrium (n=3, w=0.4)",
          lambda: SealedBid(3, 0.5).with_budget(0.4).revenue())  # fmt: skip
    timed("whole coins, 3 bidders, values 0-10, 2000 steps",
          lambda: CoinAuction(3, uniform_values(10), 10).solve(2000, tol=0), repeat=1)  # fmt: skip
    timed("whole coins, textbook zero bids, exact halves, 2000 steps",
          lambda: CoinAuction(3, uniform_values(10), 10, rounding="exact", zero_bids="win")
          .solve(2000, tol=0), repeat=1)  # fmt: skip
    timed("sealed, least loser fraction (n=4, prizes 3, 2, 1)",
          lambda: least_loser_fraction(4, (3, 2, 1)))  # fmt: skip
    timed("once-around, 6 players, seats + revenue", lambda: OnceAround(6).seats())
    timed("once-around, 8 players, seats", lambda: OnceAround(8).seats())
    timed("once-around, 6 players, efficiency", lambda: OnceAround(6).efficiency())
    timed("once-around, beta(2,2), 4 players, seats", lambda: OnceAround(4, beta).seats())
    timed("ascending exact, 4 players, values 0-15 (65,536 profiles)",
          lambda: AscendingModel(4, uniform_values(15), (1, 2), 15).exact())  # fmt: skip
    timed("ascending exact, 5 players, values 0-12 (371,293 profiles)",
          lambda: AscendingModel(5, uniform_values(12), (1, 2), 12).exact(), repeat=1)  # fmt: skip
    ships = medici_ship_totals()
    timed("ties: Medici ships, 6 players, exact distribution",
          lambda: rounding_distribution(RankRule(MEDICI_SHIPS[6]), [ships] * 6))  # fmt: skip
    print("Monte Carlo through the engine")
    rate("sealed bids, 3 bidders", lambda d: simulate.sealed(SealedBid(3, 0.5), d), args.draws)
    eq = CoinAuction(3, uniform_values(10), 10).solve(500)
    rate("whole-coin sealed bids, 3 bidders", lambda d: simulate.coins(eq, d), args.draws)
    rate("once-around auctions, 4 players",
         lambda d: simulate.once_around(OnceAround(4), d), args.draws)  # fmt: skip
    rate("ascending auctions, 4 players (with the exact enumeration)",
         lambda d: simulate.ascending(AscendingModel(4, uniform_values(15), (1, 2), 15), d),
         args.draws)  # fmt: skip


if __name__ == "__main__":
    main()
