"""Fixtures shared by several test files.

The tests live in folders that mirror the package: ``core/``, ``games/<game>/`` (one folder per
game), ``bots/``, ``sim/``, ``theory/``, ``render/``, ``session/``, ``widgets/``, and
``integration/`` for the big sweeps and end-to-end checks. A test that holds for every game is
written once, parametrised over ``tradekit.GAMES``, in the folder of the part it tests; plain
helpers (paths, playing a seeded random game) are in ``tests/helpers.py``.

Two tiers: ``python3 dev.py test`` runs everything; ``python3 dev.py test --fast`` leaves out
the tests marked ``slow`` (``-m "not slow"``) and sets ``TRADEKIT_FAST=1``, under which the
checks that sweep many games (the quick conformance check) play fewer of them.

``corpus`` is a session-wide cache of finished seeded games (random, or played by bots): the tests
that only read finished games (rendering, narration, event data, measures, seat saves) share them
instead of each playing its own. They must not change them: at the end of the session every game is
checked against what it was when it was played (its whole save in the full tier; its numbers of
decisions and events, and its scores, in the fast one), and a changed one is an error.
"""

from __future__ import annotations

import fnmatch
import gc
import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import tradekit
from tests.helpers import FAST_TIER, play_at_random
from tradekit.core.state import State
from tradekit.sim import play
from tradekit.sim.play import BATCH_GC_THRESHOLD

# The sixth game of tests/sealed_lot is imported as ``sealed_lot`` (tests/ is on the pythonpath,
# as an installed plug-in would be): collecting its modules for doctests would import a second
# copy as ``tests.sealed_lot``, whose renderer and bot would replace the first one's.
collect_ignore = ["sealed_lot"]


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    """A Dask client on a 2-worker ``tradekit.sim.local_cluster`` (one per test process)."""
    distributed = pytest.importorskip("distributed")
    from tradekit.sim import local_cluster

    cluster = local_cluster(2)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


class Corpus:
    """Finished seeded games, played once per session and shared (read only).

    ``game(name, seed, **options)`` is the game :func:`tests.helpers.random_game` would play
    to the end with the same arguments (``play_seed`` plays a deal from one seed with the
    choices of another). Two requests that load the same game (``game.options()``) with the
    same seeds and way of playing get the very same state object (``bot_game`` is the same for
    games played by bots through ``tradekit.sim.play``): copy it
    (``copy.deepcopy``) before applying anything to it.
    """

    def __init__(self) -> None:
        self._games: dict[tuple[Any, ...], State] = {}
        self._saves: dict[tuple[Any, ...], object] = {}
        self._whole = not FAST_TIER

    def game(
        self,
        name: str,
        seed: int,
        *,
        play_seed: int | None = None,
        numpy: bool = False,
        any_seat: bool = False,
        pass_rate: float | None = None,
        cap: int | None = None,
        **options: Any,
    ) -> Any:
        """The finished game (typed ``Any``: each test knows its game's state class)."""
        loaded = tradekit.load_game(name, **options)
        how = (play_seed, numpy, any_seat, pass_rate, cap)
        key = (name, json.dumps(loaded.options(), sort_keys=True, default=str), seed, how)
        if key not in self._games:
            state = loaded.new_state(seed=seed)
            play_at_random(
                state,
                seed if play_seed is None else play_seed,
                numpy=numpy,
                any_seat=any_seat,
                pass_rate=pass_rate,
                cap=cap,
            )
            self._games[key] = state
            self._saves[key] = self._print(state)
        return self._games[key]

    def bot_game(
        self, name: str, bots: str | Sequence[str], seed: int, deal: int = 0, **options: Any
    ) -> Any:
        """The finished game ``tradekit.sim.play`` plays with ``bots`` (one name, or one per
        seat) from ``seed`` and ``deal``."""
        loaded = tradekit.load_game(name, **options)
        lineup = (bots,) if isinstance(bots, str) else tuple(bots)
        key = (name, json.dumps(loaded.options(), sort_keys=True, default=str), seed, lineup, deal)
        if key not in self._games:
            state = play(loaded, bots if isinstance(bots, str) else list(bots), seed, deal).state
            self._games[key] = state
            self._saves[key] = self._print(state)
        return self._games[key]

    def games(self, name: str, seeds: Sequence[int] | range, **kwargs: Any) -> list[Any]:
        """:meth:`game` for each of ``seeds``."""
        return [self.game(name, seed, **kwargs) for seed in seeds]

    def _print(self, state: State) -> object:
        """What :meth:`changed` compares: the full save, or (fast tier) a few cheap numbers."""
        if self._whole:
            return state.to_json()
        return len(state.decisions), len(state.log), state.is_over and state.scores()

    def changed(self) -> list[tuple[Any, ...]]:
        """The keys of the games whose state is no longer the one they were played to."""
        return [key for key, state in self._games.items() if self._print(state) != self._saves[key]]


@pytest.fixture(scope="session")
def corpus() -> Iterator[Corpus]:
    """The session's :class:`Corpus`; after the last test, no shared game may have changed."""
    shared = Corpus()
    yield shared
    changed = shared.changed()
    assert not changed, f"tests changed {len(changed)} shared games of the corpus: {changed[:3]}"


# ---------------------------------------------------------------- the longest tests first

#: The tests that take far longer than the others, with what each cost in a full run (seconds,
#: from ``--durations`` on an idle 2-core machine; only their relative sizes matter). Patterns
#: are ``fnmatch`` patterns of node ids (``[[]`` stands for a literal ``[``). When a test
#: appears among the slowest of a full run and is not here, add it.
LONG_TESTS: dict[str, float] = {
    "tests/integration/test_binder.py::test_fresh_venv_from_binder_files_runs_every_notebook": 90,
    "tests/integration/test_classroom_browser.py::*": 40,
    "tests/integration/test_wheel.py::*": 30,
    "tests/games/negoces/test_bots.py::test_never_an_illegal_action_in_thousands_of_games": 24,
    "tests/games/medici/test_bots.py::test_never_an_illegal_action_in_thousands_of_games": 22,
    "tests/games/rungis/test_bots.py::test_never_an_illegal_action_in_many_games*": 17,
    "tests/integration/test_browser.py::test_a_game_of_turin_by_clicks_alone_in_chromium": 20,
    "tests/integration/test_browser.py::test_bid_through_the_widget_in_chromium": 10,
    "tests/integration/test_voila_pages.py::test_notebook_as_a_voila_app*": 12,
    # The conformance sweep's parts, by game and player count: CPU seconds of one part
    # (time.process_time around each test of a -n 2 run; a 3-seat part costs a fifth of a
    # 6-seat one, so one figure per game misled the sharing out).
    "tests/integration/test_conformance.py::test_conformance_random_games[[]turin-2p-*": 5,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]turin-3p-*": 9,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]turin-4p-*": 15,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]turin-5p-*": 17,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]medici-3p-*": 7,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]medici-4p-*": 10,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]medici-5p-*": 15,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]medici-6p-*": 19,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]negoces-3p-*": 4,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]negoces-4p-*": 8,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]negoces-5p-*": 11,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]negoces-6p-*": 15,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-3p-*": 4,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-4p-*": 6,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-5p-*": 7,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-6p-*": 10,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-7p-*": 9,
    "tests/integration/test_conformance.py::test_conformance_random_games[[]rungis-8p-*": 11,
    "tests/integration/test_binder.py::test_repo2docker_picks_up_binder": 10,
    "tests/core/test_seat_saves.py::test_a_seat_save_reviews_the_game_as_that_seat_saw_it*": 10,
    "tests/games/turin/test_bots.py::test_never_an_illegal_action_in_thousands_of_games": 10,
    "tests/games/negoces/test_controls.py::test_complete_games_through_the_controls*": 8,
}


def _cost(nodeid: str) -> float:
    """What :data:`LONG_TESTS` says ``nodeid`` costs (0 for a test not listed)."""
    return next((s for pattern, s in LONG_TESTS.items() if fnmatch.fnmatchcase(nodeid, pattern)), 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, start every worker with a share of the long tests.

    ``--dist worksteal`` gives each of the ``k`` workers one run of consecutive tests, ``1/k`` of
    them, and an idle worker takes the second half of the queue of the busiest one. Collected in
    file order, the long tests sit together, so one worker gets most of them and ends last on a
    long test nobody can take over. Here the long tests are shared out first (the longest to the
    worker with the least so far) and put at the start of each worker's run, the other tests
    follow in their order: the tests stolen at the end are then short ones, and the workers finish
    together. Every worker collects the same list (the order depends only on the node ids), as
    xdist requires. Without xdist the order is left alone.
    """
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or len(items) < 2:
        return
    workers = max(1, int(workerinput["workercount"]))
    costs = {item.nodeid: _cost(item.nodeid) for item in items}
    long = sorted((i for i in items if costs[i.nodeid]), key=lambda i: -costs[i.nodeid])
    short = [i for i in items if not costs[i.nodeid]]
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for item in long:
        least = loads.index(min(loads))
        runs[least].append(item)
        loads[least] += costs[item.nodeid]
    # The sizes worksteal cuts: each worker in turn gets the rest divided by the workers left.
    ordered: list[pytest.Item] = []
    left = len(items)
    for k, run in enumerate(runs):
        size = max(left // (workers - k), len(run))
        take = size - len(run)
        ordered += run + short[:take]
        short = short[take:]
        left -= size
    items[:] = ordered + short


def pytest_configure(config: pytest.Config) -> None:
    """Collect cyclic garbage less often in every test process (each xdist worker too).

    A test process holds pytest, pandas, altair and the widgets, and the sweeps make games by the
    ten thousand. With the default threshold (700 new objects) the collector keeps walking all of
    that, and finds little: the games make hardly any cyclic garbage. Measured on two parts of
    the conformance sweep, 36 CPU-s with the default and 27 with this threshold; the games and
    every check are the same.
    """
    gc.set_threshold(max(gc.get_threshold()[0], BATCH_GC_THRESHOLD), *gc.get_threshold()[1:])


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave what the imports and the collection made out of every later collection: it lives
    until the session ends anyway, and each full collection would walk it again."""
    gc.collect()
    gc.freeze()
