"""Properties of :mod:`tradekit.core.sealed`: sealed bids for ranked prizes with tie-breaks."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tradekit.core.sealed import (
    Block,
    Placement,
    needs_tiebreak,
    order_block,
    place_players,
    rank_blocks,
    resolve_sealed_bid,
    sealed_bid_payments,
)

#: The prize tables of Turin Market (normal rounds and round 1 with 4-5 players).
TURIN_PRIZES = [(2, 0), (2, 1, 0), (2, 1, 1, 0), (2, 2, 1, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0, 0)]

# Small bids so ties (and zero ties) are common; seats are not always 0..n-1.
bid_maps = st.dictionaries(
    st.integers(min_value=0, max_value=9), st.integers(0, 4), min_size=1, max_size=6
)
prize_lists = st.one_of(
    st.sampled_from(TURIN_PRIZES).map(list), st.lists(st.integers(0, 3), max_size=7)
)


class Flipper:
    """A seeded coin flip that records what it was asked to order."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.calls: list[tuple[int, ...]] = []
        self.results: list[tuple[int, ...]] = []

    def __call__(self, players: Sequence[int]) -> list[int]:
        self.calls.append(tuple(players))
        out = list(players)
        self.rng.shuffle(out)
        self.results.append(tuple(out))
        return out


def never_flip(players: Sequence[int]) -> list[int]:
    raise AssertionError(f"flip called for {players}")


# ---------------------------------------------------------------- rank_blocks


@given(bid_maps, prize_lists)
def test_rank_blocks_partitions_players_into_descending_blocks(
    values: dict[int, int], prizes: list[int]
) -> None:
    blocks = rank_blocks(values, prizes)
    seen = [p for b in blocks for p in b.players]
    assert sorted(seen) == sorted(values)  # a partition: every player once
    assert [b.value for b in blocks] == sorted(set(values.values()), reverse=True)
    place = 0
    for block in blocks:
        assert block.players == tuple(sorted(block.players))  # seat order inside a block
        assert {p for p in values if values[p] == block.value} == set(block.players)
        assert block.first_place == place  # consecutive places
        assert block.prizes == tuple(
            prizes[k] if k < len(prizes) else 0 for k in range(place, place + len(block.players))
        )
        assert block.tied == (len(block.players) > 1)
        assert block.has_prize == any(block.prizes)
        place += len(block.players)
    assert place == len(values)


@given(bid_maps, prize_lists)
def test_needs_tiebreak_exactly_for_positive_ties_with_a_prize(
    values: dict[int, int], prizes: list[int]
) -> None:
    for block in rank_blocks(values, prizes):
        expected = len(block.players) > 1 and any(block.prizes) and block.value > 0
        assert needs_tiebreak(block) == expected


def test_rank_blocks_turin_example() -> None:
    blocks = rank_blocks({1: 2, 2: 2, 3: 4}, [2, 1, 0])
    assert blocks == [Block((3,), 4, 0, (2,)), Block((1, 2), 2, 1, (1, 0))]
    assert not needs_tiebreak(blocks[0])
    assert needs_tiebreak(blocks[1])
    zero = rank_blocks({0: 0, 1: 0, 2: 3}, [2, 1, 0])
    assert not needs_tiebreak(zero[1])  # a zero tie is never broken
    no_prize = rank_blocks({0: 5, 1: 2, 2: 2}, [2, 0, 0])
    assert not needs_tiebreak(no_prize[1])  # nothing to win


# ---------------------------------------------------------------- order_block


@st.composite
def tied_blocks(draw: st.DrawFn) -> tuple[Block, dict[int, int], list[int], list[int]]:
    players = draw(st.lists(st.integers(0, 9), min_size=2, max_size=6, unique=True))
    prizes = tuple(draw(st.lists(st.integers(0, 2), min_size=len(players), max_size=len(players))))
    block = Block(tuple(sorted(players)), draw(st.integers(1, 9)), draw(st.integers(0, 3)), prizes)
    added = {p: draw(st.integers(0, 3)) for p in players}
    shuffled = draw(st.permutations(players))
    n_first = draw(st.integers(0, 1))
    n_last = draw(st.integers(0, 1))
    first = list(shuffled[:n_first])
    last = list(shuffled[n_first : n_first + n_last])
    return block, added, first, last


@given(tied_blocks(), st.integers(0, 2**32))
def test_order_block_keeps_players_in_their_block_and_voids_zero_ties(
    case: tuple[Block, dict[int, int], list[int], list[int]], seed: int
) -> None:
    block, added, first, last = case
    flip = Flipper(seed)
    result = order_block(block, added, flip, first=first, concede=last)
    # Nobody leaves the block, nobody appears twice.
    assert sorted(result.order) == sorted(block.players)
    # first / concede are honoured: conceders take the bottom of the block.
    assert list(result.order[: len(first)]) == first
    assert list(result.order[len(result.order) - len(last) :]) == last
    middle = [p for p in block.players if p not in first and p not in last]
    inner = result.order[len(first) : len(result.order) - len(last)]
    # The middle is ordered by the amount added, highest first.
    amounts = [added[p] for p in inner]
    assert amounts == sorted(amounts, reverse=True)
    # Void: exactly the middle players still tied having added 0, and the conceders.
    zeros = [p for p in middle if added[p] == 0]
    still_tied_at_zero = frozenset(zeros) if len(zeros) > 1 else frozenset()
    assert result.void == still_tied_at_zero | frozenset(last)
    assert not result.void & set(first)
    # The coin is flipped only for groups still tied at a positive amount, and its result is used.
    groups: dict[int, list[int]] = {}
    for p in middle:
        groups.setdefault(added[p], []).append(p)
    flipped = sorted(tuple(g) for a, g in groups.items() if a > 0 and len(g) > 1)
    assert sorted(flip.calls) == flipped
    assert result.flips == tuple(flip.results)
    for group in flip.results:
        start = inner.index(group[0])
        assert tuple(inner[start : start + len(group)]) == group


def test_order_block_turin_example() -> None:
    block = rank_blocks({1: 2, 2: 2, 3: 4}, [2, 1, 0])[1]
    result = order_block(block, {1: 0, 2: 1}, flip=never_flip)
    assert result.order == (2, 1)
    assert result.void == frozenset()
    assert result.flips == ()


def test_order_block_missing_additions_count_as_zero() -> None:
    block = Block((0, 1, 2), 3, 0, (2, 1, 0))
    result = order_block(block, {2: 1}, flip=never_flip)
    assert result.order == (2, 0, 1)
    assert result.void == frozenset({0, 1})


def test_order_block_goose_first_and_concede() -> None:
    block = Block((0, 1, 2), 3, 0, (2, 1, 1))
    # P2 hands over the goose and wins the tie; P0 and P1 both add 2: a coin flip.
    result = order_block(block, {0: 2, 1: 2, 2: 0}, flip=lambda ps: list(reversed(ps)), first=[2])
    assert result.order == (2, 1, 0)
    assert result.flips == ((1, 0),)
    # P0 takes the goose and concedes; P1 and P2 still tied at 0: all void.
    result = order_block(block, {0: 0, 1: 0, 2: 0}, flip=never_flip, concede=[0])
    assert result.order == (1, 2, 0)
    assert result.void == frozenset({0, 1, 2})
    # P0 concedes, P1 adds 1: P1 takes the best place; the conceder wins nothing even though
    # the bottom place carries a prize.
    result = order_block(block, {0: 0, 1: 1, 2: 0}, flip=never_flip, concede=[0])
    assert result.order == (1, 2, 0)
    assert result.void == frozenset({0})
    rows = place_players([block], {0: 3, 1: 4, 2: 3}, {0: result})
    assert [(r.player, r.won, r.voided) for r in rows] == [
        (1, True, False),
        (2, True, False),
        (0, False, True),
    ]


# ---------------------------------------------------------------- placing and paying


@st.composite
def rounds(draw: st.DrawFn) -> tuple[dict[int, int], list[int], dict[int, int], dict[int, int]]:
    bids = draw(bid_maps)
    prizes = draw(prize_lists)
    players = sorted(bids)
    additions = {p: draw(st.integers(0, 3)) for p in players}
    bonus = draw(
        st.one_of(st.just({}), st.sampled_from(players).map(lambda p: {p: 1}))
    )  # Turin's underdog goose: +1 for ranking only
    return bids, prizes, additions, bonus


@given(rounds(), st.integers(0, 2**32))
def test_resolve_sealed_bid_places_and_payments(
    case: tuple[dict[int, int], list[int], dict[int, int], dict[int, int]], seed: int
) -> None:
    bids, prizes, additions, bonus = case
    asked: list[Block] = []

    def tiebreak(block: Block) -> dict[int, int]:
        asked.append(block)
        return {p: additions[p] for p in block.players}

    result = resolve_sealed_bid(bids, prizes, tiebreak=tiebreak, flip=Flipper(seed), bonus=bonus)
    rows = result.placements
    values = {p: b + bonus.get(p, 0) for p, b in bids.items()}
    blocks = rank_blocks(values, prizes)
    # Tie-breaks were asked exactly for the blocks that need one.
    assert list(result.tiebreaks) == asked == [b for b in blocks if needs_tiebreak(b)]
    broken = {p for b in asked for p in b.players}
    # Everyone is placed once, places 0..n-1.
    assert sorted(r.player for r in rows) == sorted(bids)
    assert sorted(r.place for r in rows) == list(range(len(bids)))
    by_player = {r.player: r for r in rows}
    for r in rows:
        whole = bids[r.player] + (additions[r.player] if r.player in broken else 0)
        assert r.bid == whole  # the whole bid: initial + tie-break addition
        place_prize = prizes[r.place] if r.place < len(prizes) else 0
        assert r.won == (r.prize > 0)
        assert r.prize in (0, place_prize)
        assert r.voided == (place_prize > 0 and not r.won)
        if r.bid == 0:
            assert not r.won  # a zero whole bid never wins
        # Payments: a winner its whole bid, every other player half of it rounded down.
        assert result.payments[r.player] == (r.bid if r.won else r.bid // 2)
    # Ranking: a strictly higher value never gets a worse place.
    for p in bids:
        for q in bids:
            if values[p] > values[q]:
                assert by_player[p].place < by_player[q].place
    # Nobody wins more than the table offers.
    assert sum(r.prize for r in rows) <= sum(prizes[: len(bids)])
    assert result.revenue == sum(result.payments.values())


@given(rounds(), st.integers(0, 2**32))
def test_loser_fraction_first_price_and_all_pay(
    case: tuple[dict[int, int], list[int], dict[int, int], dict[int, int]], seed: int
) -> None:
    bids, prizes, additions, bonus = case

    def resolve(fraction: Fraction | int) -> dict[int, int]:
        result = resolve_sealed_bid(
            bids,
            prizes,
            tiebreak=lambda b: {p: additions[p] for p in b.players},
            flip=Flipper(seed),
            loser_fraction=fraction,
            bonus=bonus,
        )
        rows = {r.player: r for r in result.placements}
        if fraction == 0:  # first price: only winners pay
            assert all(result.payments[p] == (r.bid if r.won else 0) for p, r in rows.items())
        if fraction == 1:  # all-pay: everyone pays the whole bid
            assert all(result.payments[p] == r.bid for p, r in rows.items())
        return dict(result.payments)

    first, half, all_pay = resolve(0), resolve(Fraction(1, 2)), resolve(1)
    for p in bids:
        assert first[p] <= half[p] <= all_pay[p]


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 9), st.booleans(), st.booleans()),
        min_size=1,
        max_size=6,
    ),
    st.fractions(min_value=0, max_value=1),
)
def test_sealed_bid_payments_rounds_losers_down(
    rows: list[tuple[int, int, bool, bool]], fraction: Fraction
) -> None:
    placements = [
        Placement(player=i, place=i, prize=prize if won else 0, bid=bid, won=won, voided=voided)
        for i, (prize, bid, won, voided) in enumerate(rows)
    ]
    paid = sealed_bid_payments(placements, fraction)
    for pl in placements:
        assert paid[pl.player] == (pl.bid if pl.won else math.floor(pl.bid * fraction))


def test_place_players_voids_untied_zero_bids_and_zero_ties() -> None:
    bids = {0: 0, 1: 0, 2: 3}
    blocks = rank_blocks(bids, [2, 1, 0])
    rows = place_players(blocks, bids, {})
    assert [(r.player, r.place, r.won, r.voided) for r in rows] == [
        (2, 0, True, False),
        (0, 1, False, True),  # zero tie at a prize place: the card is discarded
        (1, 2, False, False),
    ]
    alone = {0: 0, 1: 0}
    rows = place_players(rank_blocks({0: 1, 1: 0}, [2, 0]), alone, {})
    assert rows[0].player == 0 and not rows[0].won and rows[0].voided  # bonus 1, whole bid 0


# ---------------------------------------------------------------- the Turin rulebook round


def test_resolve_sealed_bid_turin_rulebook_round() -> None:
    # J3 bids 4, J1 and J2 bid 2; J2 adds 1, J1 adds 0.
    result = resolve_sealed_bid(
        {1: 2, 2: 2, 3: 4}, [2, 1, 0], tiebreak=lambda b: {1: 0, 2: 1}, flip=never_flip
    )
    assert [(p.player, p.place, p.prize, p.bid, p.won) for p in result.placements] == [
        (3, 0, 2, 4, True),  # J3 pays 4 and takes 2 cards
        (2, 1, 1, 3, True),  # J2 takes second, pays 3, takes 1 card
        (1, 2, 0, 2, False),  # J1 pays 1 (half of 2) and takes none
    ]
    assert dict(result.payments) == {3: 4, 2: 3, 1: 1}
    assert result.revenue == 8
    assert [b.players for b in result.tiebreaks] == [(1, 2)]
    assert result.flips == ()


def test_resolve_sealed_bid_both_add_zero_wins_nothing() -> None:
    result = resolve_sealed_bid({1: 2, 2: 2, 3: 4}, [2, 1, 0], flip=never_flip)
    rows = {p.player: p for p in result.placements}
    assert rows[3].won and not rows[1].won and not rows[2].won
    assert rows[1].voided or rows[2].voided  # place 2's card is discarded
    assert dict(result.payments) == {3: 4, 1: 1, 2: 1}


def test_resolve_sealed_bid_equal_positive_additions_flip_a_coin() -> None:
    result = resolve_sealed_bid(
        {0: 3, 1: 3}, [2, 0], tiebreak=lambda b: {0: 1, 1: 1}, flip=lambda ps: [1, 0]
    )
    assert [p.player for p in result.placements] == [1, 0]
    assert result.flips == ((1, 0),)
    assert dict(result.payments) == {1: 4, 0: 2}


def test_resolve_sealed_bid_underdog_bonus_ranks_but_is_not_paid() -> None:
    result = resolve_sealed_bid({0: 3, 1: 3}, [2, 0], flip=never_flip, bonus={0: 1})
    rows = {p.player: p for p in result.placements}
    assert rows[0].won and rows[0].bid == 3
    assert dict(result.payments) == {0: 3, 1: 1}


@pytest.mark.parametrize("fraction", [Fraction(0), 0])
def test_first_price_losers_pay_nothing(fraction: Fraction | int) -> None:
    result = resolve_sealed_bid({0: 5, 1: 3}, [1, 0], flip=never_flip, loser_fraction=fraction)
    assert dict(result.payments) == {0: 5, 1: 0}
