"""Sealed bids with ranked prizes, tie groups and tie-break rounds.

This is the resolution Turin Market uses, written as pure functions so that a simultaneous step in a
game, a Monte Carlo check in :mod:`tradekit.theory` and a test can all run the very same code:

1. :func:`rank_blocks` ranks players by bid into blocks of equal bids, each block occupying a run
   of consecutive places with their prizes.
2. A block :func:`needs_tiebreak` when it is tied, holds a prize and the bid is positive. Its
   players add a sealed amount; :func:`order_block` re-orders them inside the block (they never
   leave it): still tied at 0 added wins nothing, still tied at a positive amount is ordered by a
   coin flip.
3. :func:`place_players` turns the blocks and tie-break outcomes into :class:`Placement` rows, and
   :func:`sealed_bid_payments` says what each pays: a winner its whole bid, everyone else a fraction
   of it, rounded down.

:func:`resolve_sealed_bid` runs all of it in one call when the tie-break amounts come from a
function (for simulation).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from tradekit.core.view import slot_init


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Block:
    """Players with equal ranking values, occupying consecutive places.

    Attributes:
        players: the players, in seat order.
        value: their common ranking value (the bid, plus any ranking bonus).
        first_place: the 0-based index of the block's first place.
        prizes: the prize of each place of the block.
    """

    players: tuple[int, ...]
    value: int
    first_place: int
    prizes: tuple[int, ...]

    @property
    def tied(self) -> bool:
        """Whether more than one player shares the block."""
        return len(self.players) > 1

    @property
    def has_prize(self) -> bool:
        """Whether any place of the block carries a prize."""
        return any(self.prizes)


def rank_blocks(values: Mapping[int, int], prizes: Sequence[int]) -> list[Block]:
    """Rank players by value, highest first, into blocks of equal values.

    Args:
        values: each player's ranking value (usually the bid).
        prizes: the prize (number of cards) of place 1, 2, ...; missing places have prize 0.

    Example (the Turin rulebook's round: J3 bids 4, J1 and J2 bid 2):
        >>> [(b.players, b.value, b.prizes) for b in rank_blocks({1: 2, 2: 2, 3: 4}, [2, 1, 0])]
        [((3,), 4, (2,)), ((1, 2), 2, (1, 0))]
    """
    order = sorted(values, key=lambda p: (-values[p], p))
    blocks: list[Block] = []
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and values[order[j]] == values[order[i]]:
            j += 1
        players = tuple(sorted(order[i:j]))
        block_prizes = tuple(prizes[k] if k < len(prizes) else 0 for k in range(i, j))
        blocks.append(Block(players, values[order[i]], i, block_prizes))
        i = j
    return blocks


def needs_tiebreak(block: Block) -> bool:
    """Whether the block's players must play a tie-break round: tied, with a prize, bid above 0."""
    return block.tied and block.has_prize and block.value > 0


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class BlockOrder:
    """The outcome of a tie-break round inside one block.

    Attributes:
        order: the players from the block's best place to its worst.
        void: players who win nothing whatever their place (still tied having added 0, or
            conceded).
        flips: groups still tied at a positive added amount, in the order the coin flip gave.
    """

    order: tuple[int, ...]
    void: frozenset[int]
    flips: tuple[tuple[int, ...], ...]


def order_block(
    block: Block,
    added: Mapping[int, int],
    flip: Callable[[Sequence[int]], Sequence[int]],
    *,
    first: Sequence[int] = (),
    concede: Sequence[int] = (),
) -> BlockOrder:
    """Order a tied block by the amounts its players added in the tie-break round.

    Args:
        block: the tied block.
        added: what each player of the block added (>= 0).
        flip: returns a uniformly random order of the players passed in (a coin flip); called only
            for players still tied at a positive amount.
        first: players placed at the top of the block before the others (e.g. who handed over the
            goose to win the tie), in that order.
        concede: players who concede the tie: placed at the bottom of the block and winning
            nothing whatever that place carries (a player who gives up the tie).

    Example (the Turin rulebook: J2 adds 1, J1 adds 0):
        >>> block = rank_blocks({1: 2, 2: 2, 3: 4}, [2, 1, 0])[1]
        >>> order_block(block, {1: 0, 2: 1}, flip=list).order
        (2, 1)
    """
    fixed = set(first) | set(concede)
    middle = [p for p in block.players if p not in fixed]
    by_amount = sorted({added.get(p, 0) for p in middle}, reverse=True)
    order: list[int] = list(first)
    void: set[int] = set()
    flips: list[tuple[int, ...]] = []
    for amount in by_amount:
        group = [p for p in middle if added.get(p, 0) == amount]
        if len(group) > 1:
            if amount == 0:
                void.update(group)
            else:
                group = list(flip(group))
                flips.append(tuple(group))
        order.extend(group)
    order.extend(concede)
    void.update(concede)
    return BlockOrder(tuple(order), frozenset(void), tuple(flips))


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Placement:
    """One player's final place in a sealed-bid round.

    Attributes:
        player: the seat.
        place: 0-based place.
        prize: the prize of that place (cards), 0 if the player wins nothing.
        bid: the player's whole bid (initial bid plus tie-break addition) — what it pays on.
        won: whether the player wins its place's prize.
        voided: whether the place had a prize that nobody takes (zero tie or zero bid).
    """

    player: int
    place: int
    prize: int
    bid: int
    won: bool
    voided: bool


def place_players(
    blocks: Sequence[Block],
    bids: Mapping[int, int],
    orders: Mapping[int, BlockOrder],
) -> list[Placement]:
    """Final placements from the blocks and the tie-break outcome of each tied block.

    Args:
        blocks: from :func:`rank_blocks`.
        bids: each player's whole bid (what they pay on); a player whose whole bid is 0 never wins.
        orders: for blocks that played a tie-break, keyed by the block's ``first_place``.

    A tied block with no tie-break (a zero tie, or no prize) is listed in seat order; if any of its
    places has a prize, those prizes are voided.
    """
    out: list[Placement] = []
    for block in blocks:
        order = orders.get(block.first_place)
        players = order.order if order else block.players
        void = order.void if order else (frozenset(block.players) if block.tied else frozenset())
        for offset, player in enumerate(players):
            prize = block.prizes[offset]
            wins = prize > 0 and player not in void and bids[player] > 0
            out.append(
                Placement(
                    player=player,
                    place=block.first_place + offset,
                    prize=prize if wins else 0,
                    bid=bids[player],
                    won=wins,
                    voided=prize > 0 and not wins,
                )
            )
    return out


def sealed_bid_payments(
    placements: Sequence[Placement], loser_fraction: Fraction | int = Fraction(1, 2)
) -> dict[int, int]:
    """What each player pays: a winner its whole bid, every other player ``loser_fraction`` of it,
    rounded down.

    Example (J3 won with 4, J2 won with 2+1, J1 lost with 2):
        >>> rows = [Placement(3, 0, 2, 4, True, False), Placement(2, 1, 1, 3, True, False),
        ...         Placement(1, 2, 0, 2, False, False)]
        >>> sealed_bid_payments(rows)
        {3: 4, 2: 3, 1: 1}
    """
    fraction = loser_fraction if type(loser_fraction) is Fraction else Fraction(loser_fraction)
    # Whole-number floor division: exact like Fraction arithmetic, and paid at every auction.
    num, den = fraction.numerator, fraction.denominator
    return {p.player: p.bid if p.won else p.bid * num // den for p in placements}


@dataclasses.dataclass(frozen=True, slots=True)
class SealedBidResult:
    """A resolved sealed-bid round: placements, payments and what happened along the way."""

    placements: tuple[Placement, ...]
    payments: Mapping[int, int]
    tiebreaks: tuple[Block, ...]
    flips: tuple[tuple[int, ...], ...]

    @property
    def revenue(self) -> int:
        """Total paid to the bank."""
        return sum(self.payments.values())


def resolve_sealed_bid(
    bids: Mapping[int, int],
    prizes: Sequence[int],
    *,
    tiebreak: Callable[[Block], Mapping[int, int]] | None = None,
    flip: Callable[[Sequence[int]], Sequence[int]],
    loser_fraction: Fraction | int = Fraction(1, 2),
    bonus: Mapping[int, int] | None = None,
) -> SealedBidResult:
    """Resolve a whole sealed-bid round in one call (simulation and theory use this).

    Args:
        bids: each player's bid.
        prizes: prize of each place (e.g. ``[2, 1, 0]`` for 3-player Turin Market).
        tiebreak: given a block that needs a tie-break, returns each of its players' added amount;
            ``None`` means everybody adds 0.
        flip: a coin flip: returns a random order of the players passed in.
        loser_fraction: the share of its bid a non-winner pays (1/2 in Turin Market).
        bonus: added to a player's bid for ranking only (Turin's underdog goose).

    Example:
        >>> r = resolve_sealed_bid({1: 2, 2: 2, 3: 4}, [2, 1, 0],
        ...     tiebreak=lambda b: {1: 0, 2: 1}, flip=list)
        >>> [(p.player, p.prize, p.bid) for p in r.placements], dict(r.payments)
        ([(3, 2, 4), (2, 1, 3), (1, 0, 2)], {3: 4, 2: 3, 1: 1})
    """
    bonus = bonus or {}
    values = {p: b + bonus.get(p, 0) for p, b in bids.items()}
    blocks = rank_blocks(values, prizes)
    whole = dict(bids)
    orders: dict[int, BlockOrder] = {}
    broken: list[Block] = []
    flips: list[tuple[int, ...]] = []
    for block in blocks:
        if needs_tiebreak(block):
            added = dict(tiebreak(block)) if tiebreak else {p: 0 for p in block.players}
            for p in block.players:
                whole[p] += added.get(p, 0)
            order = order_block(block, added, flip)
            orders[block.first_place] = order
            broken.append(block)
            flips.extend(order.flips)
    placements = tuple(place_players(blocks, whole, orders))
    return SealedBidResult(
        placements, sealed_bid_payments(placements, loser_fraction), tuple(broken), tuple(flips)
    )
