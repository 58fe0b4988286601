"""Rungis random-play speed: decisions per second and full games per second.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_rungis.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation, legality checks and the rules; replay speed is measured too.
"decisions/s" is wall-clock time; "per CPU s" counts this process's CPU time only, which is the
steadier figure on a busy machine. Every player count is measured with the default options
(special cards on), and with ``specials=False, trading=True, below_base=True``.
Uniform picks make random bidders bid often (every amount is one action, Pass only one), so the
figures measure the engine, not sensible play.
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import numpy as np

import tradekit

OPTION_SETS: dict[str, dict[str, Any]] = {
    "specials": {"specials": True},
    "plain+trade": {"specials": False, "trading": True, "below_base": True},
}


def play_random(
    players: int, options: dict[str, Any], games: int, seed: int
) -> tuple[int, float, float, list[str], float]:
    """Play ``games`` random games; return (decisions, wall seconds, CPU seconds, saved JSON of a
    few games, mean winning score)."""
    game = tradekit.load_game("rungis", players=players, **options)
    rng = np.random.default_rng(seed)
    steps = 0
    saved: list[str] = []
    best = 0
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        state = game.new_state(seed=seed + g)
        while not state.is_over:
            moving = state.to_move
            seat = moving[int(rng.integers(len(moving)))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[int(rng.integers(len(actions)))])
            steps += 1
        best += max(state.scores())
        if g < 20:
            saved.append(state.to_json())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps, wall, cpu, saved, best / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per player count and set")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"Rungis random play, {args.games} games per player count and option set")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'options':>12} {'decisions/game':>14} {'decisions/s':>12} "
        f"{'per CPU s':>10} {'games/s':>9} {'replays/s':>10} {'winner score':>12}"
    )
    for players in range(3, 9):
        for label, options in OPTION_SETS.items():
            steps, seconds, cpu, saved, best = play_random(players, options, args.games, args.seed)
            start = time.perf_counter()
            for doc in saved:
                tradekit.replay(doc)
            replay_rate = len(saved) / (time.perf_counter() - start)
            print(
                f"{players:>7} {label:>12} {steps / args.games:>14.1f} {steps / seconds:>12,.0f} "
                f"{steps / cpu:>10,.0f} {args.games / seconds:>9,.1f} {replay_rate:>10,.1f} "
                f"{best:>12.1f}"
            )


if __name__ == "__main__":
    main()
