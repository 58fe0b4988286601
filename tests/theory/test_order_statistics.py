"""``order_statistic_mean``: one function for ``E[V_(k)]`` of a continuous law or whole values."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("scipy", reason="needs the notebook extra (scipy)")

from tradekit.theory import Values, order_statistic_mean


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_uniform_order_statistics_in_closed_form(n: int) -> None:
    for k in range(1, n + 1):
        assert order_statistic_mean(Values.uniform(), n, k) == pytest.approx(
            (n + 1 - k) / (n + 1), abs=1e-12
        )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_values_against_enumeration(n: int) -> None:
    probs = np.array([0.1, 0.25, 0.3, 0.35])
    for k in range(1, n + 1):
        brute = 0.0
        for draw in itertools.product(range(len(probs)), repeat=n):
            brute += float(np.prod(probs[list(draw)])) * sorted(draw, reverse=True)[k - 1]
        assert order_statistic_mean(probs, n, k) == pytest.approx(brute, abs=1e-12), k


def test_k_out_of_range_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match=r"k must lie in 1\.\.3"):
        order_statistic_mean(Values.uniform(), 3, 4)
