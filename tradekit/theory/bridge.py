"""The engine's own resolution functions, as the theory uses them.

Theory is checked against the engine, never against a copy of its rules: every sealed-bid round
simulated or tabulated in :mod:`tradekit.theory` is resolved here by
:func:`tradekit.core.sealed.resolve_sealed_bid` (or its parts
:func:`~tradekit.core.sealed.rank_blocks`, :func:`~tradekit.core.sealed.order_block`,
:func:`~tradekit.core.sealed.place_players` and :func:`~tradekit.core.sealed.sealed_bid_payments`).

As in the game, a bid of 0 never wins: its place's prize goes unclaimed (the textbook model,
where one of the zero bidders wins at 0 when everybody bids 0, is not the game's).

Two ways of settling a tie for a prize place are offered:

* ``"void"`` — Turin Market when every tied player adds 0 in the tie-break round: the tied players'
  prize places are discarded and all of them pay as losers (``resolve_sealed_bid`` with no
  tie-break function).
* ``"flip"`` — the textbook fair coin flip at no extra cost: the engine orders the tied players as
  when they all add the same positive amount (:func:`~tradekit.core.sealed.order_block`), but they
  pay on their original bids.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

from tradekit.core.sealed import (
    BlockOrder,
    needs_tiebreak,
    order_block,
    place_players,
    rank_blocks,
    resolve_sealed_bid,
    sealed_bid_payments,
)

TieRule = Literal["flip", "void"]
TIE_RULES: tuple[TieRule, ...] = ("flip", "void")
Flip = Callable[[Sequence[int]], Sequence[int]]


@dataclasses.dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One resolved sealed-bid round.

    Attributes:
        place: each player's 0-based place.
        won: whether each player wins its place's prize.
        payment: what each player pays under the engine's rule (a loser's share rounded down).
    """

    place: Mapping[int, int]
    won: Mapping[int, bool]
    payment: Mapping[int, int]


def resolve_round(
    bids: Mapping[int, int],
    prizes: Sequence[int],
    loser_fraction: Fraction,
    ties: TieRule,
    flip: Flip,
) -> RoundOutcome:
    """Resolve one sealed-bid round with the engine.

    Args:
        bids: each player's whole-coin bid.
        prizes: the prize of each place (only whether it is positive matters to the engine).
        loser_fraction: what a non-winner pays of its bid, rounded down by the engine.
        ties: ``"flip"`` or ``"void"`` (see the module docstring).
        flip: returns the tied players in a random order.

    Example (the Turin rulebook round, the tie for second settled by a flip):
        >>> r = resolve_round({1: 2, 2: 2, 3: 4}, [2, 1, 0], Fraction(1, 2), "flip", list)
        >>> dict(r.won), dict(r.payment)
        ({3: True, 1: True, 2: False}, {3: 4, 1: 2, 2: 1})
    """
    if ties == "void":
        result = resolve_sealed_bid(bids, prizes, flip=flip, loser_fraction=loser_fraction)
        placements = result.placements
        payments = result.payments
    elif ties == "flip":
        blocks = rank_blocks(bids, prizes)
        orders: dict[int, BlockOrder] = {}
        for block in blocks:
            if needs_tiebreak(block):
                orders[block.first_place] = order_block(
                    block, dict.fromkeys(block.players, 1), flip
                )
        placements = tuple(place_players(blocks, bids, orders))
        payments = sealed_bid_payments(placements, loser_fraction)
    else:
        raise ValueError(f"ties must be one of {TIE_RULES}, got {ties!r}")
    return RoundOutcome(
        {p.player: p.place for p in placements},
        {p.player: p.won for p in placements},
        dict(payments),
    )
