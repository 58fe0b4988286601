"""Medici random-play speed: decisions per second and full games per second.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_medici.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation, legality checks and the rules; replay speed is measured too.
"decisions/s" is wall-clock time; "per CPU s" counts this process's CPU time only, which is the
steadier figure on a busy machine.
Uniform picks make random bidders bid often (every amount is one action, Pass only one), so they
spend their florins fast; the figures measure the engine, not sensible play.
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
    print(f"Medici random play, {args.games} games per player count and ship table")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'table':>10} {'decisions/game':>14} {'decisions/s':>12} "
        f"{'per CPU s':>10} {'games/s':>9} {'replays/s':>10} {'winner florins':>14}"
    )
    for players in (3, 4, 5, 6):
        for table in ("1995", "tournament") if players == 6 else ("1995",):
            game = tradekit.load_game("medici", players=players, reward_table=table)
            run = play_random(game, args.games, args.seed)
            print(
                f"{players:>7} {table:>10} {run.decisions / args.games:>14.1f} "
                f"{run.decisions_per_second:>12,.0f} {run.decisions_per_cpu_second:>10,.0f} "
                f"{run.games_per_second:>9,.0f} {run.replays_per_second():>10,.0f} "
                f"{run.mean_best:>14.1f}"
            )


if __name__ == "__main__":
    main()
