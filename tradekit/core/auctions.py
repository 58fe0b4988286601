"""Open auctions the games share: the once-around auction and the ascending auction.

Both are small state machines over seats, with no game state inside, so a game keeps one as part of
its state, asks it who speaks and what they may bid, and feeds it the decisions; theory and tests
can drive them directly.

* :class:`OnceAroundAuction` (Medici): every eligible player speaks once, in a fixed order, and may
  bid more than the current high bid or pass; the last bidder wins.
* :class:`AscendingAuction` (Négoces' Diamant, Thief and Guard; Rungis): players raise in turn until
  everyone but the high bidder has passed since the last raise. Raises may be fixed steps (+1 or +2)
  or any amount; a pass may be final (drop out for good) or only for this turn of the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tradekit.core.domains import Domain, OneOf, Range
from tradekit.core.events import told
from tradekit.core.seats import seat_label


def auction_told(
    history: Sequence[tuple[int, int | None]], result: AuctionResult
) -> dict[str, Any]:
    """An ended auction told in short, as the data of a told event
    (:func:`~tradekit.core.events.told`): each bid and pass in the order spoken, then who buys
    at what price, or that nobody bid. The words are the framework catalogue's ``auction.*``.

    Example:
        >>> data = auction_told([(1, 3), (2, None), (0, 5), (1, None)], AuctionResult(0, 5))
        >>> from tradekit.i18n import tell
        >>> tell(data, "en")
        'The auction in short: P2 bids 3; P3 passes; P1 bids 5; P2 passes. P1 buys it for 5.'
    """
    parts = [
        ("auction.pass", {"seat": p})
        if amount is None
        else ("auction.bid", {"seat": p, "n": amount})
        for p, amount in history
    ]
    if result.winner is None:
        return told("auction.unsold", parts)
    return told("auction.sold", parts, seat=result.winner, price=result.price)


def log_auction_told(state: Any, auction: OnceAroundAuction | AscendingAuction) -> None:
    """Log ``auction``, ended, told in short (:func:`auction_told`) as an ``"info"`` event of
    ``state``, everybody's to read: every bid and pass of an open auction is public."""
    state._event("info", data=auction_told(auction.history, auction.result), fresh=True)


@dataclasses.dataclass(frozen=True, slots=True)
class AuctionResult:
    """How an auction ended: the winner (``None`` if nobody bid) and the price."""

    winner: int | None
    price: int


class OnceAroundAuction:
    """Each player speaks once, in order; a bid must beat the high bid; the last bidder wins.

    Args:
        order: the speaking order (Medici: left of the active player first, active player last).
        budgets: the most each player may bid (their wealth).
        eligible: who may bid at all (Medici: whose warehouse has room for the lot); the others are
            skipped without speaking.
        minimum: the lowest opening bid.

    Example:
        >>> a = OnceAroundAuction([1, 2, 0], budgets={0: 10, 1: 10, 2: 3})
        >>> a.speaker, a.bids_allowed(1)
        (1, Range(lo=1, hi=10, label='the bid'))
        >>> a.bid(1, 2); a.bid(2, 3); a.pass_(0)
        >>> a.done, a.result
        (True, AuctionResult(winner=2, price=3))
    """

    def __init__(
        self,
        order: Sequence[int],
        budgets: Mapping[int, int],
        eligible: Sequence[int] | None = None,
        minimum: int = 1,
    ) -> None:
        allowed = set(order if eligible is None else eligible)
        self.order = tuple(p for p in order if p in allowed)
        self.budgets = dict(budgets)
        self.minimum = minimum
        self.position = 0
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.history: list[tuple[int, int | None]] = []
        self._skip_unable()

    @property
    def done(self) -> bool:
        """Whether every player has spoken."""
        return self.position >= len(self.order)

    @property
    def speaker(self) -> int | None:
        """Who speaks now (``None`` when done)."""
        return None if self.done else self.order[self.position]

    def lowest_bid(self) -> int:
        """The lowest bid allowed now."""
        return max(self.minimum, self.high_bid + 1)

    def bid_bounds(self, player: int) -> tuple[int, int]:
        """The lowest and the highest bid ``player`` may make when they speak (the lowest above
        the highest when they cannot beat the high bid): :meth:`bids_allowed` without its domain,
        for a menu that declares the range itself."""
        return self.lowest_bid(), self.budgets.get(player, 0)

    def bids_allowed(self, player: int) -> Range:
        """The bids ``player`` may make now, as a domain that is never listed (empty if it is not
        their turn or they cannot beat the high bid)."""
        if player != self.speaker:
            return Range(1, 0, "the bid")
        lowest, most = self.bid_bounds(player)
        return Range(lowest, most, "the bid")

    def bid_reason(self, player: int, amount: int) -> str | None:
        """Why ``player`` may not bid ``amount`` now, or ``None``."""
        if player != self.speaker:
            return f"it is {seat_label(self.speaker)}'s turn to speak in the auction"
        if type(amount) is not int:
            return f"a bid is a whole number, got {amount!r}"
        if amount < self.lowest_bid():
            if self.high_bidder is None:
                return f"the lowest bid is {self.lowest_bid()}"
            return (
                f"a bid must beat the high bid of {self.high_bid} ({seat_label(self.high_bidder)})"
            )
        if amount > self.budgets.get(player, 0):
            return (
                f"{seat_label(player)} cannot bid {amount}: they have only "
                f"{self.budgets.get(player, 0)}"
            )
        return None

    def bid(self, player: int, amount: int) -> None:
        """Record a bid (checked with :meth:`bid_reason`; raises ValueError if not allowed)."""
        reason = self.bid_reason(player, amount)
        if reason:
            raise ValueError(reason)
        self.high_bid, self.high_bidder = amount, player
        self.history.append((player, amount))
        self.position += 1
        self._skip_unable()

    def pass_(self, player: int) -> None:
        """Record a pass."""
        if player != self.speaker:
            raise ValueError(f"it is {seat_label(self.speaker)}'s turn to speak in the auction")
        self.history.append((player, None))
        self.position += 1
        self._skip_unable()

    def _skip_unable(self) -> None:
        # A player who cannot beat the high bid must pass; they are passed without a decision.
        # The test is bids_allowed()'s (the range from the lowest bid to the budget is empty),
        # read once per speaker without building the range: Medici runs it at every bid and pass.
        order, history, budgets = self.order, self.history, self.budgets
        position, size = self.position, len(order)
        lowest = self.lowest_bid()
        while position < size:
            player = order[position]
            if budgets.get(player, 0) >= lowest:
                break
            history.append((player, None))
            position += 1
        self.position = position

    @property
    def result(self) -> AuctionResult:
        """The winner and price (only meaningful once :attr:`done`)."""
        return AuctionResult(self.high_bidder, self.high_bid)


class AscendingAuction:
    """An English auction: players raise in turn until all but the high bidder have passed.

    Args:
        order: the turn order, starting with the player who speaks first after the opening.
        budgets: the most each player may bid.
        opener: who opens (their opening bid is ``opening``); ``None`` if the first bid is made by
            whoever raises first.
        opening: the opening bid.
        steps: the allowed raises as increments over the high bid (Négoces: ``(1, 2)``);
            ``None`` allows any bid above the high bid.
        final_pass: whether a pass drops the player out for good (Négoces) or only until the
            next raise (Rungis: the auction ends when a full turn passes with no raise).

    Example (Négoces' Diamant: seat 0 opens at 0, others raise by 1 or 2 or drop out):
        >>> a = AscendingAuction([1, 2, 0], budgets={0: 15, 1: 15, 2: 15}, opener=0, opening=0,
        ...                      steps=(1, 2), final_pass=True)
        >>> a.speaker, list(a.bids_allowed(1))
        (1, [1, 2])
        >>> a.bid(1, 2); a.pass_(2); a.bid(0, 3); a.pass_(1)
        >>> a.done, a.result
        (True, AuctionResult(winner=0, price=3))
    """

    def __init__(
        self,
        order: Sequence[int],
        budgets: Mapping[int, int],
        *,
        opener: int | None = None,
        opening: int = 0,
        steps: Sequence[int] | None = None,
        final_pass: bool = False,
    ) -> None:
        self.order = tuple(order)
        self._seats = frozenset(self.order)
        self.budgets = dict(budgets)
        self.steps = tuple(steps) if steps is not None else None
        self.final_pass = final_pass
        self.out: set[int] = set()
        self.high_bidder = opener
        self.high_bid = opening
        self.history: list[tuple[int, int | None]] = []
        if opener is not None:
            self.history.append((opener, opening))
        start = self.order.index(opener) + 1 if opener in self.order else 0
        self._turn = start % len(self.order) if self.order else 0
        # Players who have passed since the last raise.
        self._passed: set[int] = set()
        self._advance_to_active()

    @property
    def active(self) -> list[int]:
        """Players still in the auction (not dropped out)."""
        return [p for p in self.order if p not in self.out]

    @property
    def done(self) -> bool:
        """Whether everyone but the high bidder has passed since the last raise."""
        # Asked several times per bid: set operations in C rather than a loop over the seats.
        # Done when the seats neither out nor passed are at most the high bidder.
        left = self._seats.difference(self.out, self._passed)
        return not left or (len(left) == 1 and self.high_bidder in left)

    @property
    def speaker(self) -> int | None:
        """Who speaks now (``None`` when done)."""
        return None if self.done else self.order[self._turn]

    def bids_allowed(self, player: int) -> Domain:
        """The bids ``player`` may make now, as a domain that is never listed (a budget of
        10**9 costs nothing)."""
        if player != self.speaker:
            return Range(1, 0, "the bid")
        return self._bids_of(player)

    def _bids_of(self, player: int) -> Domain:
        """:meth:`bids_allowed` for the seat known to speak (the turn is not asked again)."""
        budget = self.budgets.get(player, 0)
        if self.steps is None:
            low = self.high_bid + 1 if self.high_bidder is not None else self.high_bid
            return Range(low, budget, "the bid")
        return OneOf(
            tuple(self.high_bid + s for s in self.steps if self.high_bid + s <= budget),
            "the bid",
            f"a raise of {' or '.join(f'+{s}' for s in self.steps)} over {self.high_bid}",
        )

    def bid_reason(self, player: int, amount: int) -> str | None:
        """Why ``player`` may not bid ``amount`` now, or ``None``."""
        if player != self.speaker:
            return f"it is {seat_label(self.speaker)}'s turn to speak in the auction"
        if type(amount) is not int:
            return f"a bid is a whole number, got {amount!r}"
        budget = self.budgets.get(player, 0)
        if self.steps is None:
            low = self.high_bid + 1 if self.high_bidder is not None else self.high_bid
            if low <= amount <= budget:  # what bids_allowed lists, without listing it
                return None
        elif amount - self.high_bid in self.steps and amount <= budget:
            return None
        if amount > self.budgets.get(player, 0):
            return (
                f"{seat_label(player)} cannot bid {amount}: they have only "
                f"{self.budgets.get(player, 0)}"
            )
        if self.steps is not None:
            raises = " or ".join(f"+{s}" for s in self.steps)
            return f"a raise must be {raises} over the high bid of {self.high_bid}"
        return f"a bid must beat the high bid of {self.high_bid}"

    def bid(self, player: int, amount: int) -> None:
        """Record a raise to ``amount`` (raises ValueError if not allowed)."""
        reason = self.bid_reason(player, amount)
        if reason:
            raise ValueError(reason)
        self.high_bid, self.high_bidder = amount, player
        self.history.append((player, amount))
        self._passed = set()
        self._next()

    def pass_(self, player: int) -> None:
        """Record a pass (dropping out for good if passes are final)."""
        if player != self.speaker:
            raise ValueError(f"it is {seat_label(self.speaker)}'s turn to speak in the auction")
        self.history.append((player, None))
        self._passed.add(player)
        if self.final_pass:
            self.out.add(player)
        self._next()

    def _next(self) -> None:
        self._turn = (self._turn + 1) % len(self.order)
        self._advance_to_active()

    def _advance_to_active(self) -> None:
        # Skip who is out or holds the high bid; a player who cannot afford any raise must pass,
        # and is passed without a decision.
        while not self.done:
            p = self.order[self._turn]
            if p in self.out or p == self.high_bidder:
                self._turn = (self._turn + 1) % len(self.order)
            # Not done, and p neither out nor the high bidder: p speaks (speaker would ask done
            # again, a set difference per skipped seat).
            elif not self._bids_of(p):
                self.history.append((p, None))
                self._passed.add(p)
                if self.final_pass:
                    self.out.add(p)
                self._turn = (self._turn + 1) % len(self.order)
            else:
                return

    @property
    def result(self) -> AuctionResult:
        """The winner and price (only meaningful once :attr:`done`)."""
        return AuctionResult(self.high_bidder, self.high_bid)
