"""Fixtures shared by several test files.

Two tiers: ``python3 dev.py test`` runs everything; ``python3 dev.py test --fast`` leaves out
the tests marked ``slow`` and sets ``TRADEKIT_FAST=1``, under which the checks that sweep many
games (the quick conformance check) play fewer of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    """A Dask client on a 2-worker local cluster bound to 127.0.0.1 (one per test process)."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
