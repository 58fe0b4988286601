"""The random-play loop every ``bench/bench_<game>.py`` measures (one copy, not four).

A random player picks a seat among those to move and a legal action uniformly, with one seeded
numpy Generator, so the figures include move generation, legality checks and the rules.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import numpy as np

import tradekit
from tradekit.core.state import Game, State


@dataclasses.dataclass(frozen=True)
class RandomRun:
    """What a run of random games measured."""

    games: int
    decisions: int
    wall: float
    cpu: float
    saved: list[str]
    mean_best: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.wall

    @property
    def decisions_per_cpu_second(self) -> float:
        return self.decisions / self.cpu

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall

    def replays_per_second(self) -> float:
        """Replay the saved games from their JSON and return how many per second."""
        start = time.perf_counter()
        for doc in self.saved:
            tradekit.replay(doc)
        return len(self.saved) / (time.perf_counter() - start)


def play_random(
    game: Game,
    games: int,
    seed: int,
    keep: int = 50,
    on_end: Callable[[State], None] | None = None,
) -> RandomRun:
    """Play ``games`` random games of ``game`` (seeds ``seed``, ``seed + 1``, ...); keep the
    JSON of the first ``keep`` for replay; call ``on_end`` on each finished game."""
    rng = np.random.default_rng(seed)
    decisions = 0
    best = 0
    saved: list[str] = []
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        state = game.new_state(seed=seed + g)
        while not state.is_over:
            moving = state.to_move
            seat = moving[int(rng.integers(len(moving)))] if len(moving) > 1 else moving[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[int(rng.integers(len(actions)))])
            decisions += 1
        best += max(state.scores())
        if on_end is not None:
            on_end(state)
        if g < keep:
            saved.append(state.to_json())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return RandomRun(games, decisions, wall, cpu, saved, best / games)
