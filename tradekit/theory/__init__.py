"""Auction and tie-splitting theory beside what the games do (numpy, scipy; no engine state).

The engine never imports this package; import it on demand. Every model states its assumptions
and references in its docstring, and the tests check each one against the engine
(closed forms against numerical integration, equilibria against best-response search, revenue
against Monte Carlo played through the engine's own resolution functions).

* :mod:`~tradekit.theory.sealed` — sealed bids where the winners pay their bid and losers a share
  ``a`` of theirs (first price, all pay, Turin Market), one prize or ranked prizes, every prize
  place paying in full (the games) or only the top (the classic ranked auction, which needs
  ``a`` of at least :func:`least_loser_fraction`), budgets.
* :mod:`~tradekit.theory.coins` — the same on whole coins with "half rounded down", exact halves
  or none, and a bid of 0 that never wins (the games) or can win at 0 (the textbook): equilibria
  by fictitious play, with the largest gain from deviating reported.
* :mod:`~tradekit.theory.once_around` — Medici's once-around auction: bids by seat, the
  last-mover advantage, complete information by backward induction.
* :mod:`~tradekit.theory.ascending` — Négoces' ascending auction with +1/+2 raises, exactly.
* :mod:`~tradekit.theory.splitting` — the coins tie-splitting rounding creates or destroys.
* :mod:`~tradekit.theory.distance` — a table's Turin Market bids (bots' or a class's) beside the
  equilibrium bid for the same value and rules, and the expected Scudo each bid gives up.
* :mod:`~tradekit.theory.simulate` — the Monte Carlo checks through the engine;
  :mod:`~tradekit.theory.bridge` — the engine's sealed-bid resolution as the theory uses it.
* :mod:`~tradekit.theory.charts` (altair) and :mod:`~tradekit.theory.explorer` (ipywidgets) —
  presentation for the notebooks, imported only when asked for.

Example:
    >>> from tradekit.theory import SealedBid
    >>> round(SealedBid(3, 0.5).revenue().total, 6)
    0.5
"""

from __future__ import annotations

from tradekit.theory.ascending import AscendingModel, AscendingResult, compare_rules
from tradekit.theory.coins import CoinAuction, CoinEquilibrium, uniform_values
from tradekit.theory.distance import (
    Distance,
    RoundModel,
    distance,
    round_model,
    turin_prizes,
    with_valuations,
)
from tradekit.theory.once_around import (
    CompleteInfoOutcome,
    OnceAround,
    complete_information,
    uniform_once_around_revenue,
)
from tradekit.theory.sealed import (
    BudgetEquilibrium,
    RevenueSplit,
    SealedBid,
    complete_information_all_pay,
    least_loser_fraction,
    revenue_equivalence,
    uniform_bid,
    uniform_revenue_split,
)
from tradekit.theory.splitting import (
    MEDICI_LADDER,
    MEDICI_SHIPS,
    MajorityRule,
    RankRule,
    RoundingDistribution,
    binomial_units,
    enumerate_profiles,
    medici_ladder_steps,
    medici_ship_totals,
    rounding_distribution,
)
from tradekit.theory.values import Values, order_statistic_mean

__all__ = [
    "MEDICI_LADDER",
    "MEDICI_SHIPS",
    "AscendingModel",
    "AscendingResult",
    "BudgetEquilibrium",
    "CoinAuction",
    "CoinEquilibrium",
    "CompleteInfoOutcome",
    "Distance",
    "MajorityRule",
    "OnceAround",
    "RankRule",
    "RevenueSplit",
    "RoundModel",
    "RoundingDistribution",
    "SealedBid",
    "Values",
    "binomial_units",
    "compare_rules",
    "complete_information",
    "complete_information_all_pay",
    "distance",
    "enumerate_profiles",
    "least_loser_fraction",
    "medici_ladder_steps",
    "medici_ship_totals",
    "order_statistic_mean",
    "revenue_equivalence",
    "round_model",
    "rounding_distribution",
    "turin_prizes",
    "uniform_bid",
    "uniform_once_around_revenue",
    "uniform_revenue_split",
    "uniform_values",
    "with_valuations",
]
