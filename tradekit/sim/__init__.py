"""Simulation at scale: play games with bots into tidy pandas tables, compare rule choices.

* :func:`play` one game (with every bot's reasons); :func:`simulate` / :func:`run` many games
  into a tidy table; :func:`compare` two rule choices on the same deals (common random numbers);
  :func:`tournament` bots against each other with seat rotation; :func:`load_games` real class
  games saved as JSON into the same table.
* :func:`sweep` every combination of a grid of options (and player counts) on the same deals
  into one table; ``out=`` writes any of these tables to CSV or Parquet as the games finish,
  in flat memory (a sweep's directory resumes where it stopped); :func:`read_table` reads one.
* Backends: in this process, local worker processes (the default for large runs) or a Dask
  ``distributed.Client``. One master seed gives the same table on every backend;
  :func:`local_cluster` starts a Dask cluster on this machine set up for games.

Importing this package loads numpy and the engine only; pandas, scipy and tqdm are imported by
the functions that need them (worker processes never do).
"""

from __future__ import annotations

from tradekit.sim.backends import shutdown
from tradekit.sim.cluster import WORKER_CONFIG, local_cluster
from tradekit.sim.compare import Comparison, compare, paired_stats
from tradekit.sim.logs import load_decisions, load_games
from tradekit.sim.measures import (
    Measures,
    generic_measures,
    measures_for,
    register_measures,
    rule_choices,
)
from tradekit.sim.play import Decision, LegalActions, PlayedGame, play
from tradekit.sim.seeds import bot_rng, engine_seed
from tradekit.sim.simulate import Simulation, run, simulate
from tradekit.sim.stream import read_table
from tradekit.sim.sweep import Sweep, sweep
from tradekit.sim.tables import options_json, variant_label
from tradekit.sim.tournament import Tournament, tournament

__all__ = [
    "WORKER_CONFIG",
    "Comparison",
    "Decision",
    "LegalActions",
    "Measures",
    "PlayedGame",
    "Simulation",
    "Sweep",
    "Tournament",
    "bot_rng",
    "compare",
    "engine_seed",
    "generic_measures",
    "load_decisions",
    "load_games",
    "local_cluster",
    "measures_for",
    "options_json",
    "paired_stats",
    "play",
    "read_table",
    "register_measures",
    "rule_choices",
    "run",
    "shutdown",
    "simulate",
    "sweep",
    "tournament",
    "variant_label",
]
