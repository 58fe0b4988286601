"""The shared open-auction mechanisms: once-around (Medici) and ascending (Négoces, Rungis)."""

from __future__ import annotations

from typing import Any

import pytest

from tradekit.core.auctions import AscendingAuction, AuctionResult, OnceAroundAuction


def test_once_around_everyone_speaks_once_and_last_bidder_wins() -> None:
    a = OnceAroundAuction([1, 2, 3, 0], budgets={0: 9, 1: 9, 2: 9, 3: 9})
    a.bid(1, 1)
    a.pass_(2)
    a.bid(3, 4)
    assert a.speaker == 0 and a.lowest_bid() == 5
    a.bid(0, 5)
    assert a.done and a.result == AuctionResult(0, 5)
    assert a.history == [(1, 1), (2, None), (3, 4), (0, 5)]


def test_once_around_skips_ineligible_and_those_who_cannot_beat_the_bid() -> None:
    a = OnceAroundAuction([1, 2, 0], budgets={0: 2, 1: 9, 2: 9}, eligible=[0, 1])
    assert a.speaker == 1
    a.bid(1, 3)
    # P2 has no room (not eligible); P0 cannot beat 3 with 2: both pass without deciding.
    assert a.done and a.result == AuctionResult(1, 3)


def test_once_around_everyone_passes() -> None:
    a = OnceAroundAuction([0, 1], budgets={0: 5, 1: 5})
    a.pass_(0)
    a.pass_(1)
    assert a.done and a.result == AuctionResult(None, 0)


def test_once_around_refuses_bad_bids() -> None:
    a = OnceAroundAuction([0, 1], budgets={0: 5, 1: 5})
    assert a.bid_reason(1, 2) == "it is P1's turn to speak in the auction"
    assert a.bid_reason(0, 0) == "the lowest bid is 1"
    assert a.bid_reason(0, 6) == "P1 cannot bid 6: they have only 5"
    a.bid(0, 3)
    assert a.bid_reason(1, 3) == "a bid must beat the high bid of 3 (P1)"
    with pytest.raises(ValueError, match="beat the high bid"):
        a.bid(1, 2)


def test_ascending_fixed_steps_and_final_passes() -> None:
    a = AscendingAuction(
        [1, 2, 3, 0], {0: 5, 1: 5, 2: 5, 3: 1}, opener=0, opening=0, steps=(1, 2), final_pass=True
    )
    assert a.speaker == 1 and list(a.bids_allowed(1)) == [1, 2]
    a.bid(1, 2)
    # P2 drops out for good; P3 cannot raise to 3 or 4 with 1 coin and is passed.
    a.pass_(2)
    assert a.speaker == 0 and 3 in a.out
    assert a.bid_reason(0, 5) == "a raise must be +1 or +2 over the high bid of 2"
    a.bid(0, 3)
    assert a.speaker == 1
    a.bid(1, 5)
    assert a.done and a.result == AuctionResult(1, 5)  # P0 cannot afford 6 or 7


def test_ascending_passes_are_not_final_when_a_raise_follows() -> None:
    a = AscendingAuction([1, 2, 0], {0: 20, 1: 20, 2: 20}, opener=1, opening=4)
    assert a.speaker == 2
    a.pass_(2)
    a.bid(0, 6)
    assert a.speaker == 1  # P1 was outbid
    a.pass_(1)
    assert a.speaker == 2  # P2's earlier pass was not final
    a.bid(2, 9)
    a.pass_(0)
    assert not a.done
    a.pass_(1)
    assert a.done and a.result == AuctionResult(2, 9)


def test_ascending_everyone_passes_after_the_opening() -> None:
    a = AscendingAuction([0, 1, 2], {0: 9, 1: 9, 2: 9}, opener=0, opening=3)
    a.pass_(1)
    a.pass_(2)
    assert a.done and a.result == AuctionResult(0, 3)


@pytest.mark.parametrize("amount", ["3", 2.5, True, None])
def test_a_bid_that_is_not_a_whole_number_is_refused_with_a_reason(amount: Any) -> None:
    once = OnceAroundAuction([0, 1, 2], {0: 9, 1: 9, 2: 9})
    rising = AscendingAuction([0, 1, 2], {0: 9, 1: 9, 2: 9}, steps=(1, 2))
    free = AscendingAuction([0, 1, 2], {0: 9, 1: 9, 2: 9})
    for auction in (once, rising, free):
        reason = auction.bid_reason(auction.speaker, amount)  # type: ignore[arg-type]
        assert reason == f"a bid is a whole number, got {amount!r}"
