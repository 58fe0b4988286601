"""Simulation speed: games and decisions per second per game and bot type, serial and with worker
processes, and the wall time of a classic-versus-red Turin Market comparison.

Run: ``python3 dev.py bench`` (all benchmarks) or
``python bench/bench_sim.py [--games N] [--workers W] [--compare-games N]``.

Figures include everything a user waits for: dealing, the bots' decisions (views and legal
actions), the rules, the measures and building the pandas tables. The process figures are with
a warm pool (workers already started, as in a notebook's second run); the cold start is printed
separately. The target: the 2 x 10,000-game comparison under 15 s on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

import tradekit
from tradekit.bots import has_bot
from tradekit.sim import compare, run, shutdown


def rate(game: tradekit.Game, bots: str, games: int, seed: int, backend: str, workers: int) -> str:
    start = time.perf_counter()
    cpu = time.process_time()
    result = run(game, bots, games, seed, backend=backend, workers=workers, progress=False)
    seconds = time.perf_counter() - start
    decisions = int(result.games[result.games["seat"] == 0]["length"].sum())
    # This process's CPU time per game: the machine's other load does not change it (for the
    # serial backend it is the whole cost; with workers it is only the parent's share).
    per_game = (time.process_time() - cpu) / games * 1e3
    return (
        f"{games / seconds:>9,.0f} {decisions / seconds:>12,.0f} "
        f"{decisions / games:>9.1f} {seconds:>7.2f} {per_game:>9.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per line")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--compare-games", type=int, default=10_000, help="deals of the classic/red comparison"
    )
    args, _ = parser.parse_known_args()  # dev.py passes the same arguments to every bench
    print(
        f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )

    start = time.perf_counter()
    run("turin", "random", 2 * args.workers, 0, backend="processes", workers=args.workers)
    print(f"worker pool cold start ({args.workers} processes): {time.perf_counter() - start:.1f} s")

    print(
        f"\n{'game':<8} {'bots':<10} {'backend':<13} {'games/s':>9} {'decisions/s':>12} "
        f"{'dec/game':>9} {'seconds':>7} {'cpu ms/game':>9}"
    )
    for name in tradekit.GAMES:
        game = tradekit.load_game(name)
        for bots in ("random", "heuristic"):
            if not has_bot(name, bots):
                continue
            for backend, workers in (("serial", 1), ("processes", args.workers)):
                label = backend if backend == "serial" else f"processes({workers})"
                figures = rate(game, bots, args.games, args.seed, backend, workers)
                print(f"{name:<8} {bots:<10} {label:<13} {figures}", flush=True)

    print(
        "(games/s and decisions/s are wall-clock rates; cpu ms/game is this process's CPU time,"
        " the whole cost for serial lines)"
    )
    n = args.compare_games
    classic = tradekit.load_game("turin", players=3, scoring="classic")
    red = tradekit.load_game("turin", players=3, scoring="red")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    result = compare(classic, red, "heuristic", n, args.seed, workers=args.workers, progress=False)
    seconds = time.perf_counter() - start
    load = max(load, os.getloadavg()[0])
    print(
        f"\nturin classic vs red, heuristic bots, 2 x {n:,} games, {result.backend}: "
        f"{seconds:.1f} s wall ({2 * n / seconds:,.0f} games/s; target: under 15 s for 2 x 10,000;"
        f" load average up to {load:.1f} on {os.cpu_count()} cores)"
    )
    shutdown()


if __name__ == "__main__":
    main()
