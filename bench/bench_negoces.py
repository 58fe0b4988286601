"""Négoces random-play speed: decisions per second and games per second, per player count and per
main option set, plus replay speed.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_negoces.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation (offer lists run to a few hundred actions), legality checks and
the rules. Games end at a winner or at ``max_sales`` (default 300). "decisions/s" is wall-clock
time; "per CPU s" counts this process's CPU time only, which is the steadier figure on a busy
machine.
"""

from __future__ import annotations

import argparse
import platform
from typing import Any

import numpy as np
from _random_play import play_random

import tradekit

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("base", {}),
    ("1 round", {"negotiation_rounds": 1}),
    ("blind", {"variants": ("blind",)}),
    ("treasury+temple", {"variants": ("temple", "treasury")}),
    ("bank", {"variants": ("bank",)}),
    ("thief+misers+swindlers", {"variants": ("misers", "swindlers", "thief_guard")}),
    ("smugglers", {"variants": ("smugglers",)}),
    (
        "all compatible",
        {
            "variants": (
                "bank",
                "blind",
                "misers",
                "smugglers",
                "swindlers",
                "temple",
                "thief_guard",
                "treasury",
            )
        },
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per row")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"Négoces random play, {args.games} games per row (max_sales 300)")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'options':<24} {'decisions/game':>14} {'sales/game':>10} "
        f"{'won':>5} {'decisions/s':>12} {'per CPU s':>10} {'games/s':>8} {'replays/s':>10}"
    )
    for players in (3, 4, 5, 6):
        sets = OPTION_SETS if players == 4 else OPTION_SETS[:1]
        if players == 3:
            sets = [*sets, ("new monopolies", {"variants": ("new_monopolies",)})]
        for label, options in sets:
            game = tradekit.load_game("negoces", players=players, **options)
            ends: list[Any] = []
            run = play_random(game, args.games, args.seed, keep=10, on_end=ends.append)
            sales = sum(state.sales for state in ends)
            won = sum(state.winner is not None for state in ends)
            print(
                f"{players:>7} {label:<24} {run.decisions / args.games:>14.1f} "
                f"{sales / args.games:>10.1f} {won / args.games:>5.0%} "
                f"{run.decisions_per_second:>12,.0f} {run.decisions_per_cpu_second:>10,.0f} "
                f"{run.games_per_second:>8,.1f} "
                f"{run.replays_per_second():>10,.1f}"
            )


if __name__ == "__main__":
    main()
