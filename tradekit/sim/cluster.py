"""A Dask ``LocalCluster`` set up for game simulations: bound to this machine, one worker process
per core with one thread each, and workers that keep their background chores out of the games' way.

Dask workers do housekeeping on the side of the tasks: a sampling profiler looks at the running
task's stack every 10 ms, the event loop wakes every 20 ms to check that it is not blocked, and
memory and system monitors read the process's figures several times a second. That is cheap
where every worker has a core to spare; on a laptop where the workers take every core, each chore
wakes the worker's other thread, which takes the interpreter lock from the thread playing games
and a core from another worker. :data:`WORKER_CONFIG` turns the profiler off and slows the
other chores down: on the project's 2-core machine (``bench/bench_dask.py``, heuristic Turin
Market bots) 2 workers went from about 1.7x the games per second of 1 worker to about 1.9x.

Importing this module does not import Dask; :func:`local_cluster` does.
"""

from __future__ import annotations

import copy
from typing import Any

from tradekit.sim.backends import default_workers

#: Dask settings for workers that play games: the statistical profiler off (games are pure
#: Python, so it would sample them every 10 ms for a dashboard page nobody needs), the event
#: loop's blocked-loop check every second instead of every 20 ms, the memory and system
#: monitors every second or two instead of several times a second. A real cluster's workers take
#: the same settings from a Dask configuration file or the matching environment variables
#: (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``, ...): see ``docs/cluster.md``.
WORKER_CONFIG: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def local_cluster(workers: int | None = None, **kwargs: Any) -> Any:
    """A ``distributed.LocalCluster`` for simulations on this machine.

    One worker process per core (``workers`` to choose), one thread each (games are pure
    Python: two threads of one process would take turns on one core), listening on 127.0.0.1
    only with the dashboard on a free local port (a default ``LocalCluster`` serves its
    dashboard on every network interface), and :data:`WORKER_CONFIG` in every worker and in
    this process while the cluster starts. Other keyword arguments go to ``LocalCluster`` and
    win over these.

    Args:
        workers: worker processes; ``None``: one per usable core of this machine, as the
            ``"processes"`` backend starts.
        **kwargs: more ``distributed.LocalCluster`` arguments.

    Returns:
        The started ``distributed.LocalCluster``; make a ``distributed.Client`` of it and pass
        the client as ``backend=``. Close both when done (or use them in ``with``).

    Raises:
        ValueError: ``workers`` is below 1.
        ImportError: Dask's ``distributed`` is not installed (it comes with the notebook extra).

    Example:
        >>> from distributed import Client
        >>> import tradekit
        >>> from tradekit.sim import local_cluster, run
        >>> with local_cluster(2) as cluster, Client(cluster) as client:  # doctest: +SKIP
        ...     sim = run(tradekit.load_game("turin"), "heuristic", n=1000, seed=7, backend=client)
    """
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    import dask
    import distributed

    settings: dict[str, Any] = {
        "n_workers": workers if workers is not None else default_workers(),
        "threads_per_worker": 1,
        "processes": True,
        "host": "127.0.0.1",
        "dashboard_address": "127.0.0.1:0",
    }
    with dask.config.set(WORKER_CONFIG):
        # Each worker's nanny starts its worker process with this whole configuration (it
        # replaces whole sections of the nanny's own, so it must be whole), and the workers that
        # a later ``cluster.scale`` adds as well.
        settings["config"] = copy.deepcopy(dask.config.config)
        settings.update(kwargs)
        return distributed.LocalCluster(**settings)  # type: ignore[no-untyped-call]
