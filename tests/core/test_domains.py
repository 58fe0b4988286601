"""Options and menus (``tradekit.core.domains``): a large option is walked one action at a time."""

from __future__ import annotations

import itertools
import tracemalloc

import pytest

from tests.helpers import at_most_calls
from tradekit.core import domains
from tradekit.core.domains import Menu, OneOf, Option, Range
from tradekit.games.turin.actions import Bid, List, Pick


def test_ten_million_bids_give_their_first_actions_at_once() -> None:
    # itertools.product would take the ten million values in (some 360 MB) before the first
    # action; a billion, as a hostile number gives, would not fit in memory at all.
    menu = Menu(
        (Option(Pick, card=OneOf((4, 9), "the card")), Option.of(Bid, Range(0, 10**7, "b")))
    )
    listing = Option.of(List, OneOf((3, 7), "the card"), Range(1, 10**7, "the price"))
    tracemalloc.start()
    try:
        with at_most_calls(1_000):
            assert list(itertools.islice(menu, 4)) == [Pick(4), Pick(9), Bid(0), Bid(1)]
            assert list(itertools.islice(listing, 2)) == [List(3, 1), List(3, 2)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100_000, f"{peak:,} bytes"


@pytest.mark.parametrize("eager", [0, 10**9])
def test_every_walk_lists_the_same_actions_in_the_same_order(
    eager: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Walked lazily (eager 0) or with itertools.product: the same actions, filtered alike.
    monkeypatch.setattr(domains, "EAGER_LIMIT", eager)
    option = Option(
        List,
        card=OneOf((3, 7, 12), "the card"),
        price=Range(1, 4, "the price"),
        where=lambda a: None if (a.card + a.price) % 2 else "odd sums only",
    )
    expected = [
        List(card, price)
        for card, price in itertools.product((3, 7, 12), range(1, 5))
        if (card + price) % 2
    ]
    assert list(option) == expected and len(option) == len(expected)
    assert list(Option.of(Bid, Range(2, 5, "the bid"))) == [Bid(2), Bid(3), Bid(4), Bid(5)]
