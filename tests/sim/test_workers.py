"""Worker processes and huge runs: scripts without the main guard, broken pools, lazy items.

A spawned worker runs the parent's main script again before it takes work, so a script that
calls tradekit at its top level (no ``if __name__ == "__main__":``) would break the pool. The
run detects it and plays in this process with a warning; a pool that breaks anyway is one
clear :class:`WorkerError`. Items are generated as they are played, a few batches in flight.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import subprocess
import sys
import textwrap
import traceback
import tracemalloc
import types
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

import tradekit
from tests.helpers import at_most_calls
from tradekit.core.errors import ConfigError, TradekitError
from tradekit.sim import backends, compare, run
from tradekit.sim.backends import (
    IN_FLIGHT_PER_WORKER,
    MAX_BATCH_SIZE,
    Plan,
    WorkerError,
    batches,
    execute,
    is_guarded,
    max_workers,
    starting_as_worker,
    unguarded_call,
)
from tradekit.sim.play import Job, resolve_bots
from tradekit.sim.simulate import MAX_GAMES

GAME = tradekit.load_game("turin", players=3)
JOB = Job((GAME,), (resolve_bots(GAME, "random"),), 7)

#: What every script below plays: a paired comparison, small enough to take a second.
COMPARE = """\
import json
import tradekit
from tradekit.sim import compare

c = compare(tradekit.load_game("turin", scoring="classic"), tradekit.load_game("turin",
            scoring="red"), "random", n=12, seed=4, backend="processes", workers=2)
print(json.dumps([c.backend, c.table["score"].tolist()]))
"""


def run_script(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "experiment.py"
    script.write_text(source)
    return subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
    )


def expected_scores() -> list[int]:
    c = compare(
        tradekit.load_game("turin", scoring="classic"),
        tradekit.load_game("turin", scoring="red"),
        "random",
        n=12,
        seed=4,
        backend="serial",
    )
    assert c.table is not None
    return [int(s) for s in c.table["score"]]


# ------------------------------------------------------------------ scripts without the guard


@pytest.mark.slow
def test_a_script_without_the_guard_plays_here_with_a_warning(tmp_path: Path) -> None:
    done = run_script(tmp_path, COMPARE)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Traceback" not in output and "BrokenProcessPool" not in output
    assert "RuntimeWarning: playing in this process instead of worker processes" in done.stderr
    assert "experiment.py, line 5 runs at the top level of the script" in done.stderr
    assert 'put the call under if __name__ == "__main__":' in done.stderr
    backend, scores = json.loads(done.stdout.strip().splitlines()[-1])
    assert backend == "serial" and scores == expected_scores()


@pytest.mark.slow
def test_a_script_with_the_guard_uses_worker_processes(tmp_path: Path) -> None:
    body = textwrap.indent(COMPARE.split("\n\n", 1)[1], "    ")
    guarded = COMPARE.split("\n\n", 1)[0] + '\n\n\nif __name__ == "__main__":\n' + body
    done = run_script(tmp_path, guarded)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "Traceback" not in done.stderr
    backend, scores = json.loads(done.stdout.strip().splitlines()[-1])
    assert backend == "processes(2)" and scores == expected_scores()


@pytest.mark.slow
def test_a_pool_broken_by_the_script_is_one_clear_error(tmp_path: Path) -> None:
    # As if the check in the parent could not tell: the workers start, re-run the script, leave
    # quietly, and the parent reports the broken pool in one sentence.
    blind = textwrap.dedent(
        """\
        import tradekit
        from tradekit.sim import backends, compare

        backends.unguarded_call = lambda: None
        try:
            compare("turin", "turin", "random", n=12, seed=4, backend="processes", workers=2)
        except tradekit.TradekitError as exc:
            print(type(exc).__name__, exc)
        """
    )
    done = run_script(tmp_path, blind)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Traceback" not in output and "BrokenProcessPool" not in output
    assert done.stdout.strip().splitlines()[-1] == (
        "WorkerError the worker processes stopped before the games were played; if the call "
        'runs at the top level of a script, put it under if __name__ == "__main__":, else play '
        'with backend="serial"'
    )


def test_where_the_guard_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = textwrap.dedent(
        """\
        from tradekit.sim.backends import unguarded_call
        TOP = unguarded_call()
        def main():
            return unguarded_call()
        if __name__ == "__main__":
            INSIDE = unguarded_call()
            VIA_MAIN = main()
        """
    )
    script = tmp_path / "script.py"
    script.write_text(source)
    module = types.ModuleType("__main__")  # a script's main module: a file, no __spec__
    module.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", module)
    exec(compile(source, str(script), "exec"), module.__dict__)
    assert module.TOP == "script.py, line 2"
    assert module.INSIDE is None and module.VIA_MAIN is None
    del module.__file__  # a notebook kernel's main module has no file: workers re-run nothing
    assert unguarded_call() is None
    exec(compile(source, str(script), "exec"), module.__dict__)
    assert module.TOP is None


@pytest.mark.parametrize(
    ("source", "line", "guarded"),
    [
        ('run()\nif __name__ == "__main__":\n    run()\n', 1, False),
        ('run()\nif __name__ == "__main__":\n    run()\n', 3, True),
        ("if '__main__' == __name__ and True:\n    run()\n", 2, True),
        ('if __name__ != "__main__":\n    pass\nelse:\n    run()\n', 4, True),
        ('if __name__ != "__main__":\n    run()\n', 2, False),
        ('if __name__ == "__main__":\n    pass\nelse:\n    run()\n', 4, False),
        ("if True:\n    run()\n", 2, False),
        ('if __name__ == "__main__": run()\n', 1, True),
        ('if __name__ == "__main__":\n    @tool(run())\n    def f(): pass\n', 2, True),
        ('if __name__ == "__main__":\n    run(\n        1,\n    )\n', 3, True),
        (
            'try:\n    if __name__ == "__main__":\n        run()\nexcept OSError:\n    pass\n',
            3,
            True,
        ),
        ("this is not python(\n", 1, True),
    ],
)
def test_is_guarded(source: str, line: int, guarded: bool) -> None:
    assert is_guarded(source, line) is guarded


def test_a_worker_re_running_the_script_is_recognised() -> None:
    assert not starting_as_worker()
    # multiprocessing runs the parent's script under the name "__mp_main__" while a child starts
    space: dict[str, Any] = {"__name__": "__mp_main__", "check": starting_as_worker}
    exec("FOUND = check()", space)
    assert space["FOUND"] is True


def test_a_notebook_keeps_its_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    with_processes = run(GAME, "random", n=4, seed=3, backend="processes", workers=1)
    assert with_processes.backend == "processes(1)"


# ------------------------------------------------------------------ broken pools


class _BrokenPool:
    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise BrokenProcessPool("a worker died")


def test_a_pool_broken_twice_is_a_worker_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "_pool", lambda workers: _BrokenPool())
    with pytest.raises(WorkerError, match="worker processes stopped") as caught:
        execute(JOB, Plan(30), backend="processes", workers=2, batch_size=5)
    assert isinstance(caught.value, TradekitError)
    shown = "".join(traceback.format_exception(caught.value))
    assert "BrokenProcessPool" not in shown and "a worker died" not in shown


def test_a_pool_broken_once_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    # One thread stands in for the new pool (bots are not meant to be shared between threads).
    threads = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    pools: Iterator[Any] = itertools.chain([_BrokenPool()], itertools.repeat(threads))
    monkeypatch.setattr(backends, "_pool", lambda workers: next(pools))
    monkeypatch.setattr(backends, "_discard_pool", lambda workers: None)
    try:
        results, used = execute(JOB, Plan(30), backend="processes", workers=2, batch_size=4)
    finally:
        threads.shutdown()
    serial, _ = execute(JOB, Plan(30), backend="serial")
    assert used == "processes(2)" and results == serial


# ------------------------------------------------------------------ huge runs


def test_items_are_generated_lazily() -> None:
    # A million deals, not a billion: a regression that lists them costs 100 MB, not the machine
    # (the billion-game run below is capped in a child process).
    tracemalloc.start()
    try:
        with at_most_calls(2_000):  # about 260 calls: nothing is listed
            plan = Plan(10**6, games=2)
            first = list(itertools.islice(plan, 3))
            parts = batches(Plan(10**6, lineups=3), 250)
            part = next(parts)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(plan) == 2 * 10**6 and first == [(0, 0, 0), (0, 1, 0), (1, 0, 0)]
    assert len(part) == 250 and part[-1] == (83, 0, 0)
    assert peak < 1_000_000, f"{peak:,} bytes"


class _Stop(Exception):
    """Stops a run after its first batch."""


def test_a_huge_run_starts_playing_in_small_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def first_batch_only(job: Job, items: list[Any]) -> list[Any]:
        played.append(len(items))
        raise _Stop

    monkeypatch.setattr(backends, "run_batch", first_batch_only)
    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            run(GAME, "random", n=10**6, seed=1, backend="serial", progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert played == [250]
    # A list of the million items alone would take about 100 MB.
    assert peak < 5_000_000, f"{peak:,} bytes before the first game"


def test_worker_processes_get_a_few_batches_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    submitted: list[int] = []
    real_pool = backends._pool

    class Counting:
        def __init__(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
            self.pool = pool

        def submit(self, fn: Any, job: Job, part: list[Any]) -> Any:
            submitted.append(len(part))
            return self.pool.submit(fn, job, part)

    def stop(self: Any, n: int) -> None:
        raise _Stop

    monkeypatch.setattr(backends, "_pool", lambda workers: Counting(real_pool(workers)))
    monkeypatch.setattr(backends._Progress, "update", stop)
    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            execute(JOB, Plan(10**6), backend="processes", workers=1, batch_size=5)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        backends.shutdown()
    assert len(submitted) == IN_FLIGHT_PER_WORKER and set(submitted) == {5}
    assert peak < 5_000_000, f"{peak:,} bytes"


def test_a_billion_games_from_the_command_line_start_at_once(tmp_path: Path) -> None:
    # In a child process with its address space capped, so a regression that lists the items
    # fails with MemoryError instead of eating the machine's memory.
    script = textwrap.dedent(
        f"""\
        import resource, sys, time
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
        from tradekit import cli
        from tradekit.sim import backends

        def first_batch_only(job, items):
            print("first batch of", len(items), "after", round(time.perf_counter() - t0, 1), "s")
            sys.exit(0)

        backends.run_batch = first_batch_only
        t0 = time.perf_counter()
        cli.main(["simulate", "turin", "-n", "1000000000", "--seed", "1", "--backend",
                  "serial", "--out", {str(tmp_path / "games.csv")!r}, "-q"])
        print("not reached")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[:4] == ["first", "batch", "of", "250"] and float(words[5]) < 5.0


# ------------------------------------------------------------------ bad arguments of the API


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"n": MAX_GAMES + 1}, r"'n' = 1000000000001 .* from 1 to 1,000,000,000,000"),
        ({"seed": 2**63}, r"'seed' = 9223372036854775808 .* 2\*\*63 - 1"),
        ({"workers": max_workers() + 1, "backend": "processes"}, r"'workers' = .* per CPU"),
        ({"batch_size": MAX_BATCH_SIZE + 1}, r"'batch_size' = 10001 .* from 1 to 10,000"),
        ({"decisions": {"Bid", "Bd"}}, r"'decisions' = 'Bd' .* turin: AddBid, Bid, Buy"),
    ],
)
def test_bad_arguments_of_run_are_named(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        run(GAME, "random", **{"n": 2, **arguments})


class Client:
    """Looks like a ``distributed.Client`` of a cluster with 3 workers of 4 threads."""

    def submit(self) -> None: ...

    def scatter(self) -> None: ...

    def nthreads(self) -> dict[str, int]:
        return {"tcp://a": 4, "tcp://b": 4, "tcp://c": 4}


def test_dask_batches_are_sized_for_the_clusters_threads() -> None:
    # About 8 batches per thread: 12 threads share 10,000 games in batches of 105, not 250.
    client = Client()
    assert backends.is_dask_client(client)
    assert backends.sizing_workers(client, 0) == 12
    assert backends.sizing_workers(client, 3) == 3  # workers= says otherwise
    assert backends.default_batch_size(10_000, backends.sizing_workers(client, 0)) == 105
