"""Peak memory of a Turin sweep streamed to Parquet, against the number of games.

Run: ``python bench/bench_memory.py [--workers W] [--million] [--format parquet|csv]``.

Each line is a fresh child process (peak RSS only grows within a process) that plays a sweep of
``players = 3, 4`` x ``scoring = classic, red`` with heuristic bots, 10,000 and 100,000 games
(``--million`` adds the 1,000,000-game line, which takes a while), writing the table to a
temporary directory as the games finish. It prints the parent's peak resident memory (what the
table would grow if it were held) and the largest worker's; the target is a
1,000,000-game sweep within 1 GB. Nothing asserts on these figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

GRID = {"players": [3, 4], "scoring": ["classic", "red"]}


def child(games: int, workers: int, fmt: str, out: str) -> None:
    from tradekit.sim import shutdown, sweep

    start = time.perf_counter()
    result = sweep(
        "turin", GRID, "heuristic", games // 4, 2026, out=out, format=fmt, workers=workers,
        backend="processes", progress=False,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    shutdown()  # the workers are reaped, so their peak shows in RUSAGE_CHILDREN
    size = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    print(
        json.dumps(
            {
                "rows": result.rows,
                "seconds": seconds,
                "parent_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                "worker_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                "bytes": size,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--million", action="store_true", help="add the 1,000,000-game line")
    parser.add_argument("--format", choices=("parquet", "csv"), default="parquet")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args()  # dev.py passes the same arguments to every bench
    if args.child:
        child(args.child, args.workers, args.format, args.out)
        return
    sizes = [10_000, 100_000] + ([1_000_000] if args.million else [])
    print(
        f"turin sweep {GRID}, heuristic bots, {args.workers} worker processes, {args.format}\n"
        f"{'games':>10} {'rows':>10} {'seconds':>8} {'parent peak MB':>15} "
        f"{'worker peak MB':>15} {'on disk MB':>11}"
    )
    for games in sizes:
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "sweep")
            done = subprocess.run(
                [sys.executable, __file__, "--child", str(games), "--out", out,
                 "--workers", str(args.workers), "--format", args.format],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"{games:>10,} {figures['rows']:>10,} {figures['seconds']:>8.1f} "
            f"{figures['parent_kb'] / 1024:>15.0f} {figures['worker_kb'] / 1024:>15.0f} "
            f"{figures['bytes'] / 2**20:>11.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
