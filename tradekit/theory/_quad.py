"""Quadrature on the quantile interval [0, 1], vectorised (private helpers).

The integrands of the auction models are smooth inside ``(0, 1)`` but may have an integrable
singularity at ``u = 1`` when values are unbounded (``Q(u) -> inf``). Composite Gauss-Legendre on
panels that shrink geometrically towards 1 handles both with a few hundred vectorised evaluations.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


@cache
def _legendre(order: int) -> tuple[FloatArray, FloatArray]:
    nodes, weights = np.polynomial.legendre.leggauss(order)
    return (nodes + 1) / 2, weights / 2


def panel_edges(
    lo: float = 0.0, hi: float = 1.0, uniform: int = 24, refine: int = 26
) -> FloatArray:
    """Panel edges on ``[lo, hi]``: ``uniform`` equal panels, the first and last split
    geometrically ``refine`` times towards the ends (for singularities of ``Q`` or its slope at
    0 and 1)."""
    if hi <= lo:
        return np.array([lo, hi], dtype=float)
    edges = np.linspace(lo, hi, uniform + 1)
    width = edges[1] - edges[0]
    halves = 0.5 ** np.arange(1, refine + 1)
    head = lo + width * halves[::-1]
    tail = hi - width * halves
    return np.concatenate([[lo], head, edges[1:-1], tail, [hi]])


def nodes_weights(
    lo: float = 0.0,
    hi: float = 1.0,
    order: int = 12,
    uniform: int = 24,
    refine: int = 26,
    breaks: tuple[float, ...] = (),
) -> tuple[FloatArray, FloatArray]:
    """Composite Gauss-Legendre nodes and weights on ``[lo, hi]`` (all nodes strictly inside).

    ``breaks``: points inside ``(lo, hi)`` where the integrand has a kink, made panel edges (a
    panel across a kink converges slowly; on each side of it the integrand is smooth).
    """
    edges = panel_edges(lo, hi, uniform, refine)
    inside = [b for b in breaks if lo < b < hi]
    if inside:
        edges = np.unique(np.concatenate([edges, inside]))
    x, w = _legendre(order)
    widths = np.diff(edges)
    nodes = (edges[:-1, None] + widths[:, None] * x[None, :]).ravel()
    weights = (widths[:, None] * w[None, :]).ravel()
    return nodes, weights


def integrate(
    f: Callable[[FloatArray], FloatArray], lo: float = 0.0, hi: float = 1.0, order: int = 12
) -> float:
    """``∫_lo^hi f(u) du`` for a vectorised ``f`` (composite Gauss-Legendre)."""
    if hi <= lo:
        return 0.0
    nodes, weights = nodes_weights(lo, hi, order)
    return float(np.sum(weights * f(nodes)))


def cumulative(
    f: Callable[[FloatArray], FloatArray], points: FloatArray, order: int = 8
) -> FloatArray:
    """``∫_0^u f(t) dt`` at every ``u`` in ``points`` (any order, values in ``[0, 1]``).

    The integral is accumulated over the sorted points together with a fixed base grid, so it is
    accurate even for a single far point.
    """
    points = np.asarray(points, dtype=float)
    base = panel_edges(0.0, 1.0, 64, 30)
    grid, inverse = np.unique(np.concatenate([base, points.ravel()]), return_inverse=True)
    x, w = _legendre(order)
    widths = np.diff(grid)
    nodes = grid[:-1, None] + widths[:, None] * x[None, :]
    pieces = (f(nodes.ravel()).reshape(nodes.shape) * w[None, :]).sum(axis=1) * widths
    totals = np.concatenate([[0.0], np.cumsum(pieces)])
    out: FloatArray = totals[inverse[len(base) :]].reshape(points.shape)
    return out
