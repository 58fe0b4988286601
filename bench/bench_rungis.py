"""Rungis random-play speed: decisions per second and full games per second.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_rungis.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation, legality checks and the rules; replay speed is measured too.
"decisions/s" is wall-clock time; "per CPU s" counts this process's CPU time only, which is the
steadier figure on a busy machine. Every player count is measured with the default options
(special cards on), and with ``specials=False, trading=True, below_base=True``.
Uniform picks make random bidders bid often (every amount is one action, Pass only one), so the
figures measure the engine, not sensible play. Games played by bots through the simulation
runner (4 players, views built for the bots, measures taken) are timed last, in CPU ms per game.
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import numpy as np
from _random_play import play_random

import tradekit
from tradekit.sim.play import Job, resolve_bots, run_batch

OPTION_SETS: dict[str, dict[str, Any]] = {
    "specials": {"specials": True},
    "plain+trade": {"specials": False, "trading": True, "below_base": True},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per player count and set")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bot-games", type=int, default=50, help="games per bot line-up")
    args = parser.parse_args()
    print(f"Rungis random play, {args.games} games per player count and option set")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'options':>12} {'decisions/game':>14} {'decisions/s':>12} "
        f"{'per CPU s':>10} {'games/s':>9} {'replays/s':>10} {'winner score':>12}"
    )
    for players in range(3, 9):
        for label, options in OPTION_SETS.items():
            game = tradekit.load_game("rungis", players=players, **options)
            run = play_random(game, args.games, args.seed, keep=20)
            print(
                f"{players:>7} {label:>12} {run.decisions / args.games:>14.1f} "
                f"{run.decisions_per_second:>12,.0f} {run.decisions_per_cpu_second:>10,.0f} "
                f"{run.games_per_second:>9,.1f} {run.replays_per_second():>10,.1f} "
                f"{run.mean_best:>12.1f}"
            )
    game = tradekit.load_game("rungis", players=4)
    print(f"\nbot games, 4 players, {args.bot_games} games each (simulation runner)")
    for bots in ("heuristic", "random"):
        job = Job((game,), (resolve_bots(game, bots),), args.seed)
        cpu = time.process_time()
        run_batch(job, [(deal, 0, 0) for deal in range(args.bot_games)])
        per_game = (time.process_time() - cpu) * 1000 / args.bot_games
        print(f"{bots:>10} bots: {per_game:6.1f} CPU ms per game")


if __name__ == "__main__":
    main()
