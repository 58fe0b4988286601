"""Where games are played: in this process, in local worker processes, or on a Dask cluster.

Games travel in batches (one task per batch, not per game). The items of a run are generated as
they are needed (:class:`Plan`), cut into batches lazily (:func:`batches`), and only a few
batches per worker are in flight at a time, so a run of a billion games starts playing at once
in a small, constant amount of memory. Results come back in any order and are put back in item
order, so the table never depends on the backend or the number of workers; :func:`stream`
hands them on batch by batch as soon as they are in order (results waiting for an earlier batch
count against the same window), :func:`execute` collects them.

* ``"serial"``: in this process.
* ``"processes"``: a :class:`concurrent.futures.ProcessPoolExecutor` with the ``spawn`` start
  method (safe from notebooks), kept alive between runs; :func:`shutdown` stops it. Bots that a
  worker cannot load (a class defined in a notebook; a function bot needs ``cloudpickle``) make
  the run fall back to ``"serial"`` with a warning that says why. So does a call made at the top
  level of a script, outside ``if __name__ == "__main__":`` (each spawned worker re-runs the
  script's top level when it starts, which would start workers of its own and break the pool).
* a ``distributed.Client``: one task per batch on the cluster (functions defined in a notebook
  travel by value there).
* ``"auto"`` (the default): processes for runs of :data:`AUTO_PROCESSES` games or more when the
  machine has several cores, else serial.
"""

from __future__ import annotations

import ast
import atexit
import concurrent.futures
import dataclasses
import inspect
import itertools
import linecache
import multiprocessing
import os
import pickle
import signal
import sys
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import Any, Protocol

from tradekit.core.errors import ConfigError, TradekitError
from tradekit.sim.play import GameResult, Item, Job, run_batch

#: "auto" uses worker processes for runs of at least this many games.
AUTO_PROCESSES = 1000
#: "auto" shows a progress bar for runs of at least this many games.
AUTO_PROGRESS = 2000
#: Largest batch: a batch is a list of items in memory and its results travel back as one message.
MAX_BATCH_SIZE = 10_000
#: Batches in flight per worker: enough to keep every worker busy, few enough to bound memory.
IN_FLIGHT_PER_WORKER = 4
#: A run may ask for up to this many worker processes per CPU (more only costs start-up time and
#: memory; a little oversubscription is allowed for experiments).
WORKERS_PER_CPU = 4

_POOLS: dict[int, concurrent.futures.ProcessPoolExecutor] = {}


class WorkerError(TradekitError):
    """The worker processes stopped before the run was finished (crashed, killed, or broken by a
    script that starts them outside ``if __name__ == "__main__":``)."""


class Items(Protocol):
    """The items of a run: iterable (once or more) and with a known number."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Item]: ...


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """The items of a run, generated in order as they are needed (never held in a list).

    Deal by deal, then rule choice by rule choice, then line-up by line-up: item ``(deal, g, k)``
    plays deal ``deal`` of rule choice ``g`` with line-up ``k``.

    Attributes:
        deals: deals ``first .. deals - 1`` are played.
        games: rule choices played on every deal.
        lineups: line-ups played on every deal and rule choice.
        first: the first deal (a resumed sweep starts after the deals it already has).
        own_lineups: rule choice ``g`` plays only line-up ``g`` (item ``(deal, g, g)``): the rule
            choices of a sweep may differ in their number of seats.

    Example:
        >>> plan = Plan(10**6, games=2)
        >>> len(plan)
        2000000
        >>> list(itertools.islice(plan, 3))
        [(0, 0, 0), (0, 1, 0), (1, 0, 0)]
        >>> list(Plan(3, games=2, first=2, own_lineups=True))
        [(2, 0, 0), (2, 1, 1)]
    """

    deals: int
    games: int = 1
    lineups: int = 1
    first: int = 0
    own_lineups: bool = False

    def __len__(self) -> int:
        per_deal = self.games * (1 if self.own_lineups else self.lineups)
        return max(0, self.deals - self.first) * per_deal

    def __iter__(self) -> Iterator[Item]:
        # Nested ranges, not itertools.product: product turns each range into a tuple first.
        for deal in range(self.first, self.deals):
            for g in range(self.games):
                if self.own_lineups:
                    yield (deal, g, g)
                    continue
                for k in range(self.lineups):
                    yield (deal, g, k)


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


def max_workers() -> int:
    """The most worker processes a run may ask for: :data:`WORKERS_PER_CPU` per CPU."""
    return WORKERS_PER_CPU * max(1, os.cpu_count() or 1)


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


def _discard_pool(workers: int) -> None:
    pool = _POOLS.pop(workers, None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


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


def _main_is_rerun() -> bool:
    # Mirrors multiprocessing.spawn.get_preparation_data / _fixup_main_*: which main modules a
    # spawned child runs again (as "__mp_main__") before it can take work.
    main = sys.modules.get("__main__")
    if main is None:
        return False
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None:
        return not (name == "__main__" or name.endswith(".__main__"))
    path = getattr(main, "__file__", None)
    # No file: a notebook kernel, the REPL or ``python -c``; nothing is run again.
    return bool(path) and os.path.splitext(os.path.basename(str(path)))[0] != "ipython"


def _guard_branch(test: ast.expr) -> str | None:
    """Which branch of ``if <test>:`` runs only in the main process: "body", "orelse" or None."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return "body" if any(_guard_branch(v) == "body" for v in test.values) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    sides = (test.left, test.comparators[0])
    named = any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides)
    main = any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)
    if not (named and main):
        return None
    if isinstance(test.ops[0], ast.Eq):
        return "body"
    return "orelse" if isinstance(test.ops[0], ast.NotEq) else None


def _first_line(stmt: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(stmt, "decorator_list", [])
    return min([stmt.lineno, *(d.lineno for d in decorators)])


def is_guarded(source: str, line: int) -> bool:
    """Whether ``line`` of a module's ``source`` is inside ``if __name__ == "__main__":``.

    Source that does not parse counts as guarded: nothing can be said, so nothing is changed.

    Example:
        >>> code = 'import x\\nx.run()\\nif __name__ == "__main__":\\n    x.run()\\n'
        >>> is_guarded(code, 2), is_guarded(code, 4)
        (False, True)
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return True
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or not node.lineno <= line <= (node.end_lineno or 0):
            continue
        branch = _guard_branch(node.test)
        if branch is not None and _spans(node.body if branch == "body" else node.orelse, line):
            return True
    return False


def _spans(block: list[ast.stmt], line: int) -> bool:
    # By the statements' own lines, so ``if __name__ == "__main__": main()`` on one line counts.
    return bool(block) and _first_line(block[0]) <= line <= (block[-1].end_lineno or 0)


def _main_frame() -> FrameType | None:
    """The frame running the main module's top level, if this call comes from it."""
    main = sys.modules.get("__main__")
    found = None
    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals is getattr(main, "__dict__", 0):
            found = frame
        frame = frame.f_back
    return found


def unguarded_call() -> str | None:
    """Where this call runs at the top level of a script that worker processes would run again.

    A worker started with ``spawn`` first runs the main script's top level again; a call there
    outside ``if __name__ == "__main__":`` would start workers of its own, which multiprocessing
    refuses, and the pool breaks. Notebooks, the REPL and ``python -c`` are never run again.

    Returns:
        ``"script.py, line 7"``, or None when nothing would be run again (or it cannot be told).

    Example:
        >>> unguarded_call() is None  # pytest's own main module calls under its guard
        True
    """
    if not _main_is_rerun():
        return None
    frame = _main_frame()
    if frame is None:
        return None
    path, line = frame.f_code.co_filename, frame.f_lineno
    source = "".join(linecache.getlines(path, frame.f_globals))
    if not source or is_guarded(source, line):
        return None
    return f"{os.path.basename(path)}, line {line}"


def starting_as_worker() -> bool:
    """Whether this process is a spawned worker still re-running its parent's main script.

    multiprocessing runs the parent's script as ``__mp_main__`` while the child starts (and
    flags the child as inheriting; ``parent_process()`` is only set after that).

    Example:
        >>> starting_as_worker()
        False
    """
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        return True
    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__mp_main__":
            return True
        frame = frame.f_back
    return False


def batches(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    """Cut ``items`` into consecutive batches of ``size`` (the last may be shorter), lazily.

    Example:
        >>> parts = batches(Plan(10**6), 2)
        >>> next(parts), next(parts)
        ([(0, 0, 0), (1, 0, 0)], [(2, 0, 0), (3, 0, 0)])
    """
    if size < 1:
        raise ConfigError("batch_size", size, "a whole number of games >= 1")
    iterator = iter(items)
    while part := list(itertools.islice(iterator, size)):
        yield part


def default_batch_size(games: int, workers: int) -> int:
    """About 8 batches per worker, each of 10 to 250 games."""
    return max(10, min(250, -(-games // (8 * max(1, workers)))))


def sizing_workers(backend: object, workers: int) -> int:
    """How many workers the batches are sized for: one in this process, the worker processes,
    or a Dask cluster's threads (``workers`` when given, else what the client reports).

    Example:
        >>> sizing_workers("serial", 2), sizing_workers("processes", 2)
        (1, 2)
    """
    if backend == "serial":
        return 1
    if backend == "processes":
        return workers
    return workers or _dask_threads(backend)


class _Progress:
    def __init__(self, total: int, show: bool, desc: str, initial: int = 0) -> None:
        self.bar: Any = None
        if show:
            try:
                from tqdm.auto import tqdm
            except ImportError:  # pragma: no cover - tqdm is in the notebook extra
                return
            self.bar = tqdm(total=total, desc=desc, unit="game", leave=True, initial=initial)

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
    top = max_workers()
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= top
    ):
        raise ConfigError(
            "workers",
            workers,
            f"a whole number of worker processes from 1 to {top} ({WORKERS_PER_CPU} per CPU)",
        )
    count = workers or default_workers()
    if backend == "auto":
        backend = "processes" if games >= AUTO_PROCESSES and count > 1 else "serial"
    return backend, count


def _user_stacklevel() -> int:
    """The ``stacklevel`` of a warning that points at the first caller outside tradekit."""
    level = 1
    frame = inspect.currentframe()
    # This function's frame, then the one that warns: both are tradekit's.
    frame = frame.f_back if frame is not None else None
    while frame is not None and str(frame.f_globals.get("__name__", "")).startswith("tradekit"):
        level += 1
        frame = frame.f_back
    return level


def stream(
    job: Job,
    items: Items,
    *,
    backend: object = "auto",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool | None = None,
    desc: str = "games",
    total: int | None = None,
    done: int = 0,
) -> tuple[Generator[list[GameResult], None, None], str]:
    """Play every item of ``job``; returns the batches of results, in item order, as they come.

    The arguments are checked and the backend chosen at once (see :func:`execute`); the games
    are played as the returned iterator is read. At most :data:`IN_FLIGHT_PER_WORKER` batches
    per worker are being played or waiting for an earlier batch, so memory stays small whatever
    the number of items. Closing the iterator early cancels the batches not yet started.

    Args:
        total: games shown by the progress bar (default: ``len(items)``); with ``done``, the
            games already played before these items (a resumed sweep's one bar).

    Example:
        >>> import tradekit
        >>> from tradekit.sim.play import Job, resolve_bots
        >>> game = tradekit.load_game("turin")
        >>> job = Job((game,), (resolve_bots(game, "random"),), 1)
        >>> parts, used = stream(job, Plan(5), backend="serial", batch_size=2)
        >>> [len(part) for part in parts], used
        ([2, 2, 1], 'serial')
    """
    count_items = len(items)
    chosen, count = choose_backend(backend, count_items, workers)
    if batch_size is not None and (
        isinstance(batch_size, bool)
        or not isinstance(batch_size, int)
        or not 1 <= batch_size <= MAX_BATCH_SIZE
    ):
        raise ConfigError(
            "batch_size", batch_size, f"a whole number of games from 1 to {MAX_BATCH_SIZE:,}"
        )
    if chosen == "processes":
        if starting_as_worker():
            # This is a worker re-running a script that calls tradekit at its top level: leave
            # quietly (no traceback in the user's terminal); the parent reports the broken pool.
            raise SystemExit(1)
        problem = portable_problem(job)
        where = unguarded_call() if problem is None else None
        if where is not None:
            problem = (
                f"{where} runs at the top level of the script, which every worker process runs "
                'again when it starts; put the call under if __name__ == "__main__": to use '
                "worker processes"
            )
        if problem is not None:
            warnings.warn(
                f"playing in this process instead of worker processes: {problem}",
                RuntimeWarning,
                stacklevel=_user_stacklevel(),
            )
            chosen = "serial"
    size = batch_size or default_batch_size(count_items, sizing_workers(chosen, count))
    shown = count_items if total is None else total
    show = shown >= AUTO_PROGRESS if progress is None else bool(progress)
    if chosen == "serial":
        name = "serial"
    elif chosen == "processes":
        name = f"processes({count})"
    else:
        name = "dask"
    return _played(
        job, batches(items, size), chosen, count, _Progress(shown, show, desc, done)
    ), name


def _played(
    job: Job, parts: Iterator[list[Item]], chosen: object, count: int, bar: _Progress
) -> Generator[list[GameResult], None, None]:
    # The bar opens when the first game is played (the generator's first step), not before.
    try:
        if chosen == "serial":
            for part in parts:
                results = run_batch(job, part)
                bar.update(len(results))
                yield results
        elif chosen == "processes":
            yield from _run_processes(job, parts, count, bar.update)
        else:
            yield from _run_dask(chosen, job, parts, bar.update)
    finally:
        bar.close()


def execute(job: Job, items: Items, **options: Any) -> tuple[list[GameResult], str]:
    """Play every item of ``job``; returns the results in item order and the backend used.

    Takes the arguments of :func:`stream` (``backend``, ``workers``, ``batch_size``,
    ``progress``, ``desc``), which hands the results on as they come instead of collecting
    them. ``items`` is a :class:`Plan` (or any sized iterable, such as a list): it is read batch
    by batch as workers become free, never all at once.

    Worker processes are not used, and the games are played in this process with a
    ``RuntimeWarning`` that says why, when a worker could not load the bots or when the call runs
    at the top level of a script outside ``if __name__ == "__main__":`` (see
    :func:`unguarded_call`). A pool that breaks anyway is retried once, then reported as a
    :class:`WorkerError` (never as ``BrokenProcessPool``). A worker that reaches this call while
    it re-runs such a script (when the check above could not tell) exits at once without a word
    (:func:`starting_as_worker`), so the parent's one sentence is all the user reads.

    Raises:
        ConfigError: a bad backend, number of workers or batch size.
        WorkerError: the worker processes stopped twice before the games were played.

    Example:
        >>> import tradekit
        >>> from tradekit.sim.play import Job, resolve_bots
        >>> game = tradekit.load_game("turin")
        >>> job = Job((game,), (resolve_bots(game, "random"),), 1)
        >>> results, used = execute(job, Plan(3), backend="serial")
        >>> [r.item for r in results], used
        ([(0, 0, 0), (1, 0, 0), (2, 0, 0)], 'serial')
    """
    parts, name = stream(job, items, **options)
    results: list[GameResult] = []
    for part in parts:
        results.extend(part)
    return results, name


def _run_processes(
    job: Job, parts: Iterator[list[Item]], workers: int, update: Callable[[int], None]
) -> Iterator[list[GameResult]]:
    window = IN_FLIGHT_PER_WORKER * workers
    numbered = enumerate(parts)
    done: dict[int, list[GameResult]] = {}  # finished batches waiting for an earlier one
    pending: dict[concurrent.futures.Future[list[GameResult]], tuple[int, list[Item]]] = {}
    again: list[tuple[int, list[Item]]] = []  # batches of a broken pool, to play on a new one
    breaks = 0
    following = 0  # the index of the next batch to hand on
    while True:
        try:
            pool = _pool(workers)
            while len(pending) + len(done) < window:
                entry = again.pop() if again else next(numbered, None)
                if entry is None:
                    break
                try:
                    future = pool.submit(run_batch, job, entry[1])
                except BaseException:
                    again.append(entry)
                    raise
                pending[future] = entry
            if not pending:
                return
            finished, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in finished:
                index, _part = pending[future]
                batch = future.result()
                del pending[future]
                done[index] = batch
                update(len(batch))
            while following in done:
                yield done.pop(following)
                following += 1
        except BrokenProcessPool:
            # A pool kept from an earlier run may have lost a worker: try once on a new pool.
            _discard_pool(workers)
            again.extend(pending.values())
            pending.clear()
            breaks += 1
            if breaks == 2:
                raise WorkerError(
                    "the worker processes stopped before the games were played; if the call "
                    'runs at the top level of a script, put it under if __name__ == "__main__":'
                    ', else play with backend="serial"'
                ) from None
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _dask_threads(client: Any) -> int:
    try:
        return max(1, sum(int(n) for n in client.nthreads().values()))
    except Exception:  # a client of another version: any window works, just less evenly
        return default_workers()


def _run_dask(
    client: Any, job: Job, parts: Iterator[list[Item]], update: Callable[[int], None]
) -> Iterator[list[GameResult]]:
    import importlib

    as_completed: Any = importlib.import_module("distributed").as_completed
    shared = client.scatter(job, broadcast=True, hash=False)
    numbered = enumerate(parts)
    index_of: dict[Any, int] = {}
    queue = as_completed()
    window = IN_FLIGHT_PER_WORKER * _dask_threads(client)
    done: dict[int, list[GameResult]] = {}  # finished batches waiting for an earlier one

    def fill() -> None:
        while len(index_of) + len(done) < window:
            entry = next(numbered, None)
            if entry is None:
                return
            future = client.submit(run_batch, shared, entry[1], pure=False)
            index_of[future] = entry[0]
            queue.add(future)

    fill()
    following = 0
    try:
        for future in queue:
            batch = future.result()
            done[index_of.pop(future)] = batch
            update(len(batch))
            while following in done:
                yield done.pop(following)
                following += 1
            fill()
    finally:
        for future in index_of:
            future.cancel()
