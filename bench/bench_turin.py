"""Turin Market random-play speed: decisions per second and full games per second.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_turin.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation, legality checks and the rules; replay speed is measured too.
"""

from __future__ import annotations

import argparse
import platform

import numpy as np
from _random_play import play_random

import tradekit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"Turin Market random play, {args.games} games per player count")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'decisions/game':>14} {'decisions/s':>12} {'games/s':>9} "
        f"{'replays/s':>10}"
    )
    for players in (2, 3, 4, 5):
        run = play_random(tradekit.load_game("turin", players=players), args.games, args.seed)
        print(
            f"{players:>7} {run.decisions / args.games:>14.1f} {run.decisions_per_second:>12,.0f} "
            f"{run.games_per_second:>9,.0f} {run.replays_per_second():>10,.0f}"
        )


if __name__ == "__main__":
    main()
