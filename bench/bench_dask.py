"""Dask: games per second on a ``distributed.LocalCluster`` of 1 and 2 worker processes, and the
speed-up from 1 to 2 workers, for ``tradekit.sim.run`` and ``compare`` with the heuristic Turin
Market bots.

Run: ``python3 dev.py bench`` (all benchmarks) or
``python bench/bench_dask.py [--games N] [--repeats R] [--batch-size B] [--no-compare] [--serial]
[--dask-defaults]``.

Both clusters come from ``tradekit.sim.local_cluster`` (one thread per worker process, bound to
127.0.0.1 with the dashboard on a free local port, the workers' housekeeping slowed down:
``tradekit.sim.WORKER_CONFIG``); ``--dask-defaults`` starts them as plain ``LocalCluster``s
with Dask's own worker settings instead, for comparison. They are started first and warmed up
by a short run, so worker start-up, imports and the first scatter of the bots are excluded from
the rates; that cold start is printed separately. The runs on 1 and 2 workers then alternate,
so a change in the machine's other load hits both alike; every line is the median of
``--repeats`` runs, and the load average is printed. The target: at least 1.8x from 1 to 2
workers on 2 cores.

Besides the wall-clock rate, each line says where the time went: ``busy`` is the workers'
compute time (from Dask's task stream) over wall time x workers (how well Dask kept them fed);
``on cpu`` is the workers' CPU time over their compute time (below 100%: a worker waited for a
core, taken by this process or by other programs); ``ms/game`` is the workers' compute time per
game; ``here`` is this process's CPU time per game (client, scheduler thread, the tables). The
speed-up is split the same way: 2 x (busy ratio) x (per-game compute time ratio).
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import Any, NamedTuple

import distributed
import numpy as np

import tradekit
from tradekit.sim import compare, local_cluster, run

GAME = tradekit.load_game("turin", players=3, scoring="classic")
RED = tradekit.load_game("turin", players=3, scoring="red")
BOTS = "heuristic"
WORKERS = (1, 2)


class Figures(NamedTuple):
    """One timed run."""

    rate: float  # games per second, wall clock
    busy: float  # workers' compute time / (wall time x workers)
    on_cpu: float  # workers' CPU time / their compute time
    ms_per_game: float  # workers' compute time per game
    here: float  # this process's CPU ms per game


def compute_seconds(stream: list[dict[str, Any]]) -> float:
    """The workers' compute time in a Dask task stream (transfers and waiting left out)."""
    return sum(
        float(part["stop"] - part["start"])
        for task in stream
        for part in task.get("startstops", ())
        if part.get("action") == "compute"
    )


def worker_cpu(client: distributed.Client) -> float:
    """The CPU seconds used so far by all the cluster's worker processes."""
    return sum(float(t) for t in client.run(time.process_time).values())


def measure(
    client: distributed.Client | None, play: Callable[[object], Any], games: int
) -> Figures:
    """Time one run of ``play`` on ``client`` (None: in this process)."""
    if client is None:
        cpu, start = time.process_time(), time.perf_counter()
        play("serial")
        seconds, here = time.perf_counter() - start, time.process_time() - cpu
        return Figures(
            games / seconds, 1.0, here / seconds, seconds / games * 1e3, here / games * 1e3
        )
    workers = len(client.nthreads())
    before = worker_cpu(client)
    cpu, start = time.process_time(), time.perf_counter()
    with distributed.get_task_stream(client) as stream:
        play(client)
    seconds, here = time.perf_counter() - start, time.process_time() - cpu
    used = worker_cpu(client) - before
    compute = compute_seconds(stream.data)
    return Figures(
        games / seconds,
        compute / (seconds * workers),
        used / compute,
        compute / games * 1e3,
        here / games * 1e3,
    )


def median(runs: list[Figures]) -> Figures:
    """The median of every figure (the rate's median run is the one printed first)."""
    return Figures(*(statistics.median(column) for column in zip(*runs, strict=True)))


def start_cluster(
    workers: int, dask_defaults: bool
) -> tuple[distributed.LocalCluster, distributed.Client]:
    # Bound to 127.0.0.1 with the dashboard on a free local port (a default LocalCluster serves
    # its dashboard on port 8787 of every interface of the machine); with --dask-defaults, the
    # workers keep Dask's own housekeeping settings instead of tradekit's WORKER_CONFIG.
    if dask_defaults:
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        )
    else:
        cluster = local_cluster(workers)
    return cluster, distributed.Client(cluster)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per line")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeats", type=int, default=3, help="runs per line (median printed)")
    parser.add_argument(
        "--batch-size", type=int, default=None, help="games per task (default: the backend's)"
    )
    parser.add_argument("--no-compare", action="store_true", help="skip the compare lines")
    parser.add_argument("--serial", action="store_true", help="add serial reference lines")
    parser.add_argument(
        "--dask-defaults",
        action="store_true",
        help="start the clusters with Dask's own worker settings, not tradekit.sim.local_cluster's",
    )
    args, _ = parser.parse_known_args()  # dev.py passes the same arguments to every bench
    # Each LocalCluster quiets Dask's logs while it runs and restores them when it closes; with
    # two clusters, closing the first would let the second one's shutdown log every step.
    logging.getLogger("distributed").setLevel(logging.WARNING)
    n, size = args.games, args.batch_size
    deals = max(1, n // 2)  # compare plays every deal twice: as many games as a run line

    def run_on(backend: object) -> Any:
        return run(GAME, BOTS, n, args.seed, backend=backend, batch_size=size, progress=False)

    def compare_on(backend: object) -> Any:
        return compare(
            GAME, RED, BOTS, deals, args.seed, backend=backend, batch_size=size, progress=False
        )

    calls: list[tuple[str, Callable[[object], Any], int]] = [("run", run_on, n)]
    if not args.no_compare:
        calls.append(("compare", compare_on, 2 * deals))

    print(
        f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}, "
        f"distributed {version('distributed')}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"turin, 3 players, {BOTS} bots, {n:,} games per run, batch size {size or 'default'}, "
        f"median of {args.repeats} runs"
    )
    # pandas and scipy (the tables and the paired tests) are imported here once, not in a run.
    compare(GAME, RED, BOTS, 2, args.seed, backend="serial", progress=False)
    clusters: dict[int, tuple[distributed.LocalCluster, distributed.Client]] = {}
    colds: list[str] = []
    load = os.getloadavg()[0]
    try:
        for workers in WORKERS:
            start = time.perf_counter()
            clusters[workers] = start_cluster(workers, args.dask_defaults)
            # The warm-up: every worker imports tradekit and plays its first games here.
            client = clusters[workers][1]
            run(GAME, BOTS, 4 * workers, args.seed, backend=client, batch_size=1, progress=False)
            colds.append(f"{workers} worker(s) {time.perf_counter() - start:.1f} s")
        print(f"cold start (cluster up + first short run): {', '.join(colds)}")
        print(
            f"\n{'line':<18} {'games/s':>8} {'busy':>5} {'on cpu':>6} {'ms/game':>8} "
            f"{'here':>6}   games/s of each run"
        )
        results: dict[tuple[str, int], Figures] = {}
        for name, play, games in calls:
            backends: list[tuple[int, distributed.Client | None]] = [
                (w, clusters[w][1]) for w in WORKERS
            ]
            if args.serial:
                backends.insert(0, (0, None))
            runs: dict[int, list[Figures]] = {w: [] for w, _ in backends}
            for _ in range(args.repeats):
                for workers, target in backends:  # alternated: drifting load hits all alike
                    runs[workers].append(measure(target, play, games))
                    load = max(load, os.getloadavg()[0])
            for workers, _ in backends:
                m = results[name, workers] = median(runs[workers])
                label = f"{name} " + (f"dask({workers})" if workers else "serial")
                each = " ".join(f"{r.rate:.0f}" for r in runs[workers])
                print(
                    f"{label:<18} {m.rate:>8.1f} {m.busy:>5.0%} {m.on_cpu:>6.0%} "
                    f"{m.ms_per_game:>8.2f} {m.here:>6.2f}   {each}",
                    flush=True,
                )
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()

    print(
        "(busy: workers' compute / (wall x workers); on cpu: workers' CPU / compute; ms/game:"
        " workers' compute per game; here: this process's CPU ms per game)"
    )
    for name, _, _ in calls:
        one, two = results[name, 1], results[name, 2]
        print(
            f"speed-up 1 -> 2 workers, {name}: {two.rate / one.rate:.2f}x (target: at least"
            f" 1.8x) = 2 x {two.busy / one.busy:.2f} (busy) x"
            f" {one.ms_per_game / two.ms_per_game:.2f} (per-game compute time)"
        )
    print(f"load average up to {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
