"""The whole-coin equilibria ``auction-maths.ipynb`` shows, solved once and shipped.

Solving them takes a few seconds, which every visitor of the page as a Voilà app would wait for,
so :func:`auction_maths` solves them as a figure set of :mod:`tradekit.sim.lessons` (``python -m
tradekit.sim.lessons auction-maths`` writes ``notebooks/data/auction-maths-coins.csv``, and the
test suite solves them again and compares), and :func:`coin_equilibria` reads them back.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import cast

import numpy as np
import pandas as pd

from tradekit.sim.lessons import DATA_DIR, read
from tradekit.theory.bridge import ZeroBids
from tradekit.theory.coins import CoinAuction, CoinEquilibrium, Rounding, uniform_values

#: The whole-coin payment rules ``auction-maths.ipynb`` solves side by side: what a loser pays
#: of its bid, and how that share is rounded.
COIN_FORMATS: dict[str, tuple[Fraction, Rounding]] = {
    "first price": (Fraction(0), "exact"),
    "exactly half": (Fraction(1, 2), "exact"),
    "half, rounded down": (Fraction(1, 2), "down"),
    "all pay": (Fraction(1), "exact"),
}
#: The tables those rules are solved at: (bidders, top value, which is also every budget).
COIN_TABLES: tuple[tuple[int, int], ...] = ((3, 10), (2, 5))
#: The rules for a bid of 0 they are solved under: the games' ("lose") and the textbook's.
ZERO_RULES: tuple[ZeroBids, ...] = ("lose", "win")
#: Fictitious-play steps of each of those equilibria.
COIN_STEPS = 3000


def coin_auction(n: int, top: int, rule: str, zero_bids: ZeroBids) -> CoinAuction:
    """The auction of :data:`COIN_FORMATS` ``rule``: ``n`` bidders, values ``0 .. top``.

    Example:
        >>> coin_auction(2, 5, "half, rounded down", "win").rounding
        'down'
    """
    share, rounding = COIN_FORMATS[rule]
    return CoinAuction(
        n, uniform_values(top), max_bid=top, loser_fraction=share, rounding=rounding,
        zero_bids=zero_bids,
    )  # fmt: skip


def auction_maths() -> dict[str, pd.DataFrame]:
    """``auction-maths.ipynb``: the whole-coin equilibria of every :data:`COIN_FORMATS` rule,
    at every :data:`COIN_TABLES` table, under both :data:`ZERO_RULES` (16 solves, a few seconds).

    Fictitious play's strategy after ``k`` steps is the average of the starting strategy and
    its first ``k`` best replies, so each equilibrium is saved exactly, in whole numbers: for
    each value and bid, how many of those ``steps`` bid it (``strategy = count / steps``; a
    count of 0 is left out). :func:`coin_equilibria` reads them back.
    """
    rows = []
    for n, top in COIN_TABLES:
        for rule in COIN_FORMATS:
            for zero in ZERO_RULES:
                eq = coin_auction(n, top, rule, zero).solve(iterations=COIN_STEPS)
                steps = int(np.argmin(eq.history)) + 1  # the best strategy met, as solve keeps
                counts = np.rint(eq.strategy * steps)
                assert np.abs(counts / steps - eq.strategy).max() < 1e-9, "not an average"
                for value, bid in zip(*np.nonzero(counts), strict=True):
                    rows.append(
                        {"bidders": n, "top": top, "rule": rule, "zero_bids": zero,
                         "steps": steps, "value": int(value), "bid": int(bid),
                         "count": int(counts[value, bid])}
                    )  # fmt: skip
    return {"auction-maths-coins": pd.DataFrame(rows)}


def coin_equilibria(
    folder: Path | str = DATA_DIR,
) -> dict[tuple[int, int, str], dict[str, CoinEquilibrium]]:
    """The shipped equilibria of :func:`auction_maths`, by (bidders, top value, rule), then by
    rule for a bid of 0; each checked again (:meth:`CoinAuction.equilibrium`), so its largest
    gain from deviating is computed here, not read.

    Example:
        >>> eqs = coin_equilibria("notebooks/data")
        >>> eq = eqs[2, 5, "first price"]["lose"]
        >>> eq.strategy.shape, eq.epsilon < 0.05
        ((6, 6), True)
    """
    table = read(Path(folder) / "auction-maths-coins.csv")
    found: dict[tuple[int, int, str], dict[str, CoinEquilibrium]] = {}
    for (n, top, rule, zero), rows in table.groupby(
        ["bidders", "top", "rule", "zero_bids"], sort=False
    ):
        game = coin_auction(int(n), int(top), str(rule), cast(ZeroBids, zero))
        counts = np.zeros((game.top_value + 1, game.max_bid + 1))
        counts[rows["value"].to_numpy(), rows["bid"].to_numpy()] = rows["count"].to_numpy()
        steps = int(rows["steps"].iloc[0])
        eq = game.equilibrium(counts / steps, iterations=steps)
        found.setdefault((int(n), int(top), str(rule)), {})[str(zero)] = eq
    return found
