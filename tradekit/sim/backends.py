"""Where games are played: in this process, in local worker processes, or on a Dask cluster.

Games travel in batches (one task per batch, not per game). Results come back in any order and
are put back in item order, so the table never depends on the backend or the number of workers.

* ``"serial"``: in this process.
* ``"processes"``: a :class:`concurrent.futures.ProcessPoolExecutor` with the ``spawn`` start
  method (safe from notebooks), kept alive between runs; :func:`shutdown` stops it. Bots that a
  worker cannot load (a class defined in a notebook; a function bot needs ``cloudpickle``) make
  the run fall back to ``"serial"`` with a warning that says why.
* a ``distributed.Client``: one task per batch on the cluster (functions defined in a notebook
  travel by value there).
* ``"auto"`` (the default): processes for runs of :data:`AUTO_PROCESSES` games or more when the
  machine has several cores, else serial.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import multiprocessing
import os
import pickle
import signal
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from tradekit.core.errors import ConfigError
from tradekit.sim.play import GameResult, Item, Job, run_batch

#: "auto" uses worker processes for runs of at least this many games.
AUTO_PROCESSES = 1000
#: "auto" shows a progress bar for runs of at least this many games.
AUTO_PROGRESS = 2000

_POOLS: dict[int, concurrent.futures.ProcessPoolExecutor] = {}


def shutdown() -> None:
    """Stop the worker processes kept for later runs (they stop at exit anyway)."""
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)


def default_workers() -> int:
    """Worker processes used when none is given: the usable cores."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _quiet_worker() -> None:
    # An interrupt (the notebook's stop button, Ctrl-C) is handled by the parent, which cancels
    # the batches not yet started; workers finish their batch and wait for the next run.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_quiet_worker
        )
        _POOLS[workers] = pool
    return pool


def is_dask_client(obj: object) -> bool:
    """Whether ``obj`` looks like a ``distributed.Client`` (checked without importing dask)."""
    return type(obj).__name__ == "Client" and hasattr(obj, "submit") and hasattr(obj, "scatter")


def portable_problem(job: Job) -> str | None:
    """Why worker processes could not load ``job``'s bots, or None if they can."""
    main = sys.modules.get("__main__")
    interactive = not hasattr(main, "__file__")
    for lineup in job.lineups:
        for bot in lineup:
            cls = type(bot)
            if cls.__module__ == "__main__" and interactive:
                return (
                    f"the bot class {cls.__name__} is defined in this notebook; define it in a "
                    ".py module, or write it as a function with @tradekit.bots.bot"
                )
    try:
        pickle.dumps(job)
    except Exception as exc:
        return str(exc)
    return None


def batches(items: Sequence[Item], size: int) -> list[list[Item]]:
    """Cut ``items`` into consecutive batches of ``size`` (the last may be shorter)."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def default_batch_size(games: int, workers: int) -> int:
    """About 8 batches per worker, each of 10 to 250 games."""
    return max(10, min(250, -(-games // (8 * max(1, workers)))))


class _Progress:
    def __init__(self, total: int, show: bool, desc: str) -> None:
        self.bar: Any = None
        if show:
            try:
                from tqdm.auto import tqdm
            except ImportError:  # pragma: no cover - tqdm is in the notebook extra
                return
            self.bar = tqdm(total=total, desc=desc, unit="game", leave=True)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def choose_backend(backend: object, games: int, workers: int | None) -> tuple[object, int]:
    """Resolve ``"auto"`` and check the backend; returns (backend, workers)."""
    if is_dask_client(backend):
        return backend, workers or 0
    if backend not in ("auto", "serial", "processes"):
        raise ConfigError(
            "backend", backend, "'auto', 'serial', 'processes' or a distributed.Client"
        )
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ConfigError("workers", workers, "a whole number of worker processes >= 1")
    count = workers or default_workers()
    if backend == "auto":
        backend = "processes" if games >= AUTO_PROCESSES and count > 1 else "serial"
    return backend, count


def execute(
    job: Job,
    items: Sequence[Item],
    *,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
    desc: str = "games",
) -> tuple[list[GameResult], str]:
    """Play every item of ``job``; returns the results in item order and the backend used."""
    chosen, count = choose_backend(backend, len(items), workers)
    if batch_size is not None and (
        isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1
    ):
        raise ConfigError("batch_size", batch_size, "a whole number of games >= 1")
    if chosen == "processes":
        problem = portable_problem(job)
        if problem is not None:
            warnings.warn(
                f"playing in this process instead of worker processes: {problem}",
                RuntimeWarning,
                stacklevel=3,
            )
            chosen = "serial"
    size = batch_size or default_batch_size(len(items), count if chosen != "serial" else 1)
    parts = batches(items, size)
    show = len(items) >= AUTO_PROGRESS if progress is None else bool(progress)
    bar = _Progress(len(items), show, desc)
    order = {item: i for i, item in enumerate(items)}
    results: list[GameResult] = []
    try:
        if chosen == "serial":
            for part in parts:
                done = run_batch(job, part)
                results.extend(done)
                bar.update(len(done))
            name = "serial"
        elif chosen == "processes":
            results = _run_processes(job, parts, count, bar.update)
            name = f"processes({count})"
        else:
            results = _run_dask(chosen, job, parts, bar.update)
            name = "dask"
    finally:
        bar.close()
    results.sort(key=lambda r: order[r.item])
    return results, name


def _run_processes(
    job: Job, parts: list[list[Item]], workers: int, update: Callable[[int], None]
) -> list[GameResult]:
    for attempt in (1, 2):
        pool = _pool(workers)
        futures = []
        try:
            futures = [pool.submit(run_batch, job, part) for part in parts]
            results: list[GameResult] = []
            for future in concurrent.futures.as_completed(futures):
                done = future.result()
                results.extend(done)
                update(len(done))
            return results
        except concurrent.futures.process.BrokenProcessPool:
            _POOLS.pop(workers, None)
            if attempt == 2:
                raise
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    raise AssertionError("unreachable")  # pragma: no cover


def _run_dask(
    client: Any, job: Job, parts: list[list[Item]], update: Callable[[int], None]
) -> list[GameResult]:
    import importlib

    as_completed: Any = importlib.import_module("distributed").as_completed
    shared = client.scatter(job, broadcast=True, hash=False)
    futures = [client.submit(run_batch, shared, part, pure=False) for part in parts]
    results: list[GameResult] = []
    for future in as_completed(futures):
        done = future.result()
        results.extend(done)
        update(len(done))
    return results
