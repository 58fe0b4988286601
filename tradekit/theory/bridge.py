"""The engine's own resolution functions, as the theory uses them.

Theory is checked against the engine, never against a copy of its rules: every sealed-bid round
simulated or tabulated in :mod:`tradekit.theory` is resolved here by
:func:`tradekit.core.sealed.resolve_sealed_bid` (or its parts
:func:`~tradekit.core.sealed.rank_blocks`, :func:`~tradekit.core.sealed.order_block`,
:func:`~tradekit.core.sealed.place_players` and :func:`~tradekit.core.sealed.sealed_bid_payments`).

As in the game, a bid of 0 never wins by default: its place's prize goes unclaimed. The textbook
model, where a bid of 0 ranks like any other (so one of the zero bidders wins at 0 when too few
bid more), is ``zero_bids="win"``: the engine ranks every bid one coin up, so that none of them is
0, and the payments are the engine's rule applied to the bids made.

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
#: How a bid of 0 is ranked: never winning (the games) or like any other bid (the textbook).
ZeroBids = Literal["lose", "win"]
ZERO_BIDS: tuple[ZeroBids, ...] = ("lose", "win")
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
    zero_bids: ZeroBids = "lose",
) -> RoundOutcome:
    """Resolve one sealed-bid round with the engine.

    Args:
        bids: each player's whole-coin bid.
        prizes: the prize of each place (only whether it is positive matters to the engine).
        loser_fraction: what a non-winner pays of its bid, rounded down by the engine.
        ties: ``"flip"`` or ``"void"`` (see the module docstring).
        flip: returns the tied players in a random order.
        zero_bids: ``"lose"`` (the games: a bid of 0 never wins) or ``"win"`` (the textbook: a
            bid of 0 ranks like any other).

    Example (the Turin rulebook round, the tie for second settled by a flip):
        >>> r = resolve_round({1: 2, 2: 2, 3: 4}, [2, 1, 0], Fraction(1, 2), "flip", list)
        >>> dict(r.won), dict(r.payment)
        ({3: True, 1: True, 2: False}, {3: 4, 1: 2, 2: 1})

    Example (everybody bids 0: nobody wins in the games; under the textbook rule the first
    place goes to a zero bidder, who pays nothing):
        >>> bids = {1: 0, 2: 0}
        >>> dict(resolve_round(bids, [1, 0], Fraction(1, 2), "flip", list).won)
        {1: False, 2: False}
        >>> r = resolve_round(bids, [1, 0], Fraction(1, 2), "flip", list, zero_bids="win")
        >>> dict(r.won), dict(r.payment)
        ({1: True, 2: False}, {1: 0, 2: 0})
    """
    if zero_bids not in ZERO_BIDS:
        raise ValueError(f"zero_bids must be one of {ZERO_BIDS}, got {zero_bids!r}")
    ranked = bids if zero_bids == "lose" else {p: b + 1 for p, b in bids.items()}
    if ties == "void":
        placements = resolve_sealed_bid(
            ranked, prizes, flip=flip, loser_fraction=loser_fraction
        ).placements
    elif ties == "flip":
        blocks = rank_blocks(ranked, prizes)
        orders: dict[int, BlockOrder] = {}
        for block in blocks:
            if needs_tiebreak(block):
                orders[block.first_place] = order_block(
                    block, dict.fromkeys(block.players, 1), flip
                )
        placements = tuple(place_players(blocks, ranked, orders))
    else:
        raise ValueError(f"ties must be one of {TIE_RULES}, got {ties!r}")
    # Paid on the bids made: the coin added to rank them under the textbook rule is not paid.
    if zero_bids == "win":
        placements = tuple(dataclasses.replace(p, bid=bids[p.player]) for p in placements)
    payments = sealed_bid_payments(placements, loser_fraction)
    return RoundOutcome(
        {p.player: p.place for p in placements},
        {p.player: p.won for p in placements},
        dict(payments),
    )
