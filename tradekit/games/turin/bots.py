"""Turin Market bots: :class:`TurinHeuristicBot`.

The heuristic values everything in Scudo from **majority prospects**. For each good it estimates
the chance of ending with the majority as a logistic curve of its lead over the best rival,
flattened by the units of that good still to come (in hands, lots and unseen discards)::

    chance(lead) = 1 / (1 + exp(-lead / scale)),   scale = 0.3 + uncertainty * sqrt(units to come)

A card is worth the payout of each of its goods times the rise in that chance. The bot then

* **offers** the hand card worth least to itself plus ``spite`` times its worth to the best rival;
* **bids** ``aggression`` times the worth of the first place's cards (at least 1 when they are
  worth 1 or more, since a losing bid of 1 costs nothing), give or take ``jitter``, and never
  more than ``pace`` times its even share of Scudo per round left;
* with the "tiebreak" goose, when it is asked for a **goose declaration**, hands the goose to a
  tied rival when the block's best place is worth 3 Scudo or more than its lowest, takes a free
  goose (losing the tie) when the best place is not worth 1 Scudo more than its bid, and
  otherwise declares nothing;
* in a **tie-break** adds ``tiebreak`` times what the best contested place is worth beyond its
  bid;
* **picks** the lot card worth most to itself plus ``spite`` times its worth to the best rival;
* whenever it is to move (in any phase) first **buys** the listing whose worth beats its price by
  ``buy_margin`` or more, if it can pay it with the Scudo not committed to a sealed bid; in a
  market window it otherwise ends its turn (it never lists);
* in a **claim step** claims the card too by the same test, else passes; as the **seller** of a
  card several players claimed, sells to the claimant the card helps least in majority
  prospects (so the rival it would strengthen most stays weaker; the lowest seat on a tie);
* takes a **loan** only with ``borrow=True``, when the lot is worth 5 Scudo (the loan's cost)
  more than it holds.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from tradekit.bots.base import Bot, check_fraction, said
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.seats import SeatNumber
from tradekit.games.turin.actions import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    Offer,
    PassClaim,
    Pick,
    SellTo,
    TakeGoose,
    TakeLoan,
)
from tradekit.games.turin.game import LOAN_AMOUNT, LOAN_REPAYMENT, TurinGame
from tradekit.games.turin.view import TurinView
from tradekit.i18n import load_messages

load_messages("tradekit.games.turin")

#: Net cost of a loan in Scudo (taken 10, repaid 15).
LOAN_COST = LOAN_REPAYMENT - LOAN_AMOUNT
#: A tied goose holder hands the goose over when the better place is worth this much more.
GOOSE_GIVE = 3.0


#: Leads are looked up in tables of chances indexed by ``lead + LEAD_OFFSET``.
LEAD_OFFSET = 128
#: Chance tables by ``uncertainty``, then by units still to come (computed once per process).
_CHANCES: dict[float, dict[int, list[float]]] = {}
#: Per (tables, scoring): the payouts, each card's (good, units) pairs and the units per good.
_RULES: dict[
    tuple[int, str], tuple[Any, list[int], dict[int, tuple[tuple[int, int], ...]], list[int]]
] = {}


#: Valuation contexts shared by the seats of a game (recent ones only; see ``_context``).
_CONTEXTS: dict[object, tuple[list[list[float]], _Rivals]] = {}
_CONTEXTS_KEPT = 64


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def chance_row(uncertainty: float, come: int) -> list[float]:
    """Chance of ending with a good's majority by lead, for ``come`` units still to come.

    ``row[lead + LEAD_OFFSET]`` is ``1 / (1 + exp(-lead / scale))`` with
    ``scale = 0.3 + uncertainty * sqrt(come)``.

    Example:
        >>> row = chance_row(0.5, 0)
        >>> round(row[LEAD_OFFSET], 2), round(row[LEAD_OFFSET + 1], 2)
        (0.5, 0.97)
    """
    rows = _CHANCES.setdefault(float(uncertainty), {})
    row = rows.get(come)
    if row is None:
        scale = 0.3 + uncertainty * math.sqrt(max(come, 0))
        row = [_sigmoid(lead / scale) for lead in range(-LEAD_OFFSET, LEAD_OFFSET + 1)]
        rows[come] = row
    return row


class _Rivals:
    """For each seat, the most units of each good held by any other seat.

    Every seat's vector is made at once: a context is made only when cards move, and then read
    for every seat at nearly every decision (a rival's worth reads them all), so ``vectors[seat]``
    is a plain list index where the hot loops need it.
    """

    __slots__ = ("vectors",)

    def __init__(self, cols: Sequence[tuple[int, ...]]) -> None:
        tops = [max(col) for col in cols]
        # the single holder of the most units of a good, or -1 when several share it
        owners = [
            col.index(top) if col.count(top) == 1 else -1
            for col, top in zip(cols, tops, strict=True)
        ]
        seconds = [sorted(col)[-2] if len(col) > 1 else 0 for col in cols]
        seats = len(cols[0]) if cols else 0
        self.vectors: list[list[int]] = [
            [
                second if owner == seat else top
                for top, owner, second in zip(tops, owners, seconds, strict=True)
            ]
            for seat in range(seats)
        ]

    def __getitem__(self, seat: int) -> list[int]:
        return self.vectors[seat]


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class TurinHeuristicBot(Bot[TurinGame, TurinView]):
    """Turin Market: values cards from majority prospects and bids a share of their worth.

    Args:
        aggression: the share of the first place's worth it bids (0 to 2; 0.5 shades its bids
            well below its valuation: every Scudo paid is a point lost, and losers pay too).
        uncertainty: how much the units still to come blur a lead (0 to 5; higher values make a
            one-unit lead worth less early in the game, so cards look cheaper).
        pace: spend at most ``pace`` times the even share of its Scudo per round left (0.5 to
            10; 1 spends evenly over the rounds, 2 up to twice the even share on a good lot).
        spite: weight on a card's worth to the best rival when offering and picking (0 to 2;
            0 ignores rivals, 1 counts their gain as much as its own).
        tiebreak: share of the better place's worth beyond its bid added in a tie-break (0 to 1).
        buy_margin: the least surplus (worth minus price) for which it buys a listed card (>= 0).
        jitter: bids vary by a random whole number from ``-jitter`` to ``+jitter`` (0 to 3), so
            equal bots do not always tie.
        borrow: whether it takes a loan when a lot is worth 5 Scudo more than it holds.

    Example:
        >>> import numpy as np, tradekit
        >>> from tradekit.sim import play
        >>> game = tradekit.load_game("turin", players=3)
        >>> played = play(game, ["heuristic", "random", "random"], seed=3)
        >>> played.state.is_over
        True
        >>> TurinHeuristicBot(aggression=3)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'aggression' = 3 is not allowed: ...
    """

    name: ClassVar[str] = "heuristic"
    game: ClassVar[str | None] = "turin"

    aggression: float = 0.5
    uncertainty: float = 0.5
    pace: float = 1.0
    spite: float = 0.3
    tiebreak: float = 0.5
    buy_margin: float = 1.0
    jitter: int = 1
    borrow: bool = False

    def __post_init__(self) -> None:
        check_fraction(self.aggression, "aggression", 0.0, 2.0)
        check_fraction(self.uncertainty, "uncertainty", 0.0, 5.0)
        check_fraction(self.pace, "pace", 0.5, 10.0)
        check_fraction(self.spite, "spite", 0.0, 2.0)
        check_fraction(self.tiebreak, "tiebreak", 0.0, 1.0)
        check_fraction(self.buy_margin, "buy_margin", 0.0, 100.0)
        if isinstance(self.jitter, bool) or self.jitter not in (0, 1, 2, 3):
            raise ConfigError("jitter", self.jitter, "0, 1, 2 or 3")
        if not isinstance(self.borrow, bool):
            raise ConfigError("borrow", self.borrow, "True or False")

    def start(self, game: TurinGame) -> None:
        """Read the payout card and the card list (public rules) of this game."""
        tables = game.tables
        scoring = game.scoring
        key = (id(tables), scoring)
        rules = _RULES.get(key)
        if rules is None or rules[0] is not tables:
            payouts = [good.payout(scoring) for good in tables.goods]
            cards = {
                card: tuple((g, k) for g, k in enumerate(vec) if k)
                for card, vec in tables.card_vectors.items()
            }
            totals = [0] * len(tables.goods)
            for vec in tables.card_vectors.values():
                for g, k in enumerate(vec):
                    totals[g] += k
            rules = (tables, payouts, cards, totals)
            _RULES[key] = rules
            _CONTEXTS.clear()  # contexts are keyed on id(tables), which may now be reused
        _, self._payouts, self._cards, self._totals = rules
        chance_row(self.uncertainty, 0)
        self._rows = _CHANCES[float(self.uncertainty)]
        # Contexts depend on the public card counts, the rules and ``uncertainty`` only.
        self._shared = (key, float(self.uncertainty))
        self._cache: tuple[object, list[list[float]], _Rivals] | None = None
        self._places: tuple[object, list[float]] | None = None

    # -- valuation ------------------------------------------------------------------------------
    def _context(self, view: TurinView) -> tuple[list[list[float]], _Rivals]:
        """Per good, the chance row for the units still to come, and the rivals' units.

        Both change only when cards move, so the last one is kept for the next decisions.
        """
        key = (view.units, view.discarded)
        cached = self._cache
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        # Every heuristic seat of a game needs the same context after cards move: share it.
        shared_key = (self._shared, key)
        shared = _CONTEXTS.get(shared_key)
        if shared is not None:
            self._cache = (key, *shared)
            return shared
        cols = list(zip(*view.units, strict=True))
        come = [total - sum(col) for total, col in zip(self._totals, cols, strict=True)]
        for card in view.discarded:
            for g, k in self._cards[card]:
                come[g] -= k
        table = self._rows
        rows = [table[c] if c in table else chance_row(self.uncertainty, c) for c in come]
        rivals = _Rivals(cols)
        self._cache = (key, rows, rivals)
        if len(_CONTEXTS) >= _CONTEXTS_KEPT:
            _CONTEXTS.clear()
        _CONTEXTS[shared_key] = (rows, rivals)
        return rows, rivals

    def _worth(
        self, card: int, mine: Sequence[int], rival: Sequence[int], rows: Sequence[list[float]]
    ) -> float:
        """Scudo that ``card`` adds to a holder of ``mine`` units facing ``rival`` units."""
        total = 0.0
        payouts = self._payouts
        for g, k in self._cards[card]:
            row = rows[g]
            i = mine[g] - rival[g] + LEAD_OFFSET
            total += payouts[g] * (row[i + k] - row[i])
        return total

    def _rival_worth(
        self,
        view: TurinView,
        card: int,
        rows: Sequence[list[float]],
        rivals: _Rivals,
    ) -> float:
        """The card's worth to the rival who would gain most from it."""
        best = 0.0
        worth = self._worth
        units = view.units
        vectors = rivals.vectors
        for q in range(view.players):
            if q != self.seat:
                w = worth(card, units[q], vectors[q], rows)
                if w > best:
                    best = w
        return best

    def _bundle(
        self,
        singles: Sequence[tuple[float, int]],
        count: int,
        mine: Sequence[int],
        rival: Sequence[int],
        rows: Sequence[list[float]],
    ) -> float:
        """Worth of the best ``count`` cards, taken greedily one after another (``singles``:
        each card's worth alone, best first)."""
        if count <= 0 or not singles:
            return 0.0
        worth, card = singles[0]
        total = worth
        units = list(mine)
        left = [c for _, c in singles[1:]]
        for _ in range(min(count, len(singles)) - 1):
            for g, k in self._cards[card]:
                units[g] += k
            worth, card = max((self._worth(c, units, rival, rows), c) for c in left)
            total += worth
            left.remove(card)
        return total

    def place_worths(self, view: TurinView) -> list[float]:
        """The worth to this seat of each place of the current lot.

        Place 1 takes the best cards for this seat; a later place is valued pessimistically, as
        if the players ahead took the cards this seat likes best. (Kept for the tie-break that
        may follow the bid: the lot and the cards held do not change in between.)
        """
        key = (view.units, view.discarded, view.lot, view.prizes)
        if self._places is not None and self._places[0] == key:
            return list(self._places[1])
        me = self.seat if self.seat is not None else 0
        rows, rivals = self._context(view)
        mine = view.units[me]
        rival = rivals[me]
        singles = sorted(((self._worth(c, mine, rival, rows), c) for c in view.lot), reverse=True)
        out: list[float] = []
        taken = 0
        for place, prize in enumerate(view.prizes):
            if place == 0:
                out.append(self._bundle(singles, prize, mine, rival, rows))
            else:
                out.append(sum(w for w, _ in singles[taken : taken + prize]))
            taken += prize
        self._places = (key, out)
        return list(out)

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view: TurinView, legal: Sequence[Action]) -> Action:
        """Decide from the view alone; the action is then read off the legal list where the
        menu's order says where it stands (an action read off the seat's menu needs no check)."""
        return _read_off(self._decide(view, legal), view, legal)

    def _decide(self, view: TurinView, legal: Sequence[Action]) -> Action:
        phase = view.phase
        if phase == "claim":
            return self._claim(view)
        if phase != "market" and view.listings:
            purchase = self._best_buy(view)
            if purchase is not None:
                return self._buy(*purchase)
        if phase == "goose":
            return self._declare(view)
        if phase == "bid":
            return self._bid(view)
        if phase == "offer":
            return self._choose(view, view.hand, offer=True)
        if phase == "pick":
            return self._choose(view, view.lot, offer=False)
        if phase == "tiebreak":
            return self._tiebreak(view)
        if phase == "market":
            return self._market(view)
        return self.because(legal[0], said("turin.bot.nothing", phase=phase))

    def _choose(self, view: TurinView, cards: Sequence[int], offer: bool) -> Action:
        me = self.seat if self.seat is not None else 0
        rows, rivals = self._context(view)
        mine = view.units[me]
        rival = rivals[me]
        scored = []
        for card in cards:
            own = self._worth(card, mine, rival, rows)
            theirs = self._rival_worth(view, card, rows, rivals) if self.spite else 0.0
            scored.append((own + self.spite * theirs, -card, own, theirs, card))
        if offer:
            _, _, own, theirs, card = min(scored)
            return self.because(
                Offer(card),
                said("turin.bot.offer", card=card, own=own, theirs=theirs),
                worth=own,
                rival_worth=theirs,
            )
        _, _, own, theirs, card = max(scored)
        return self.because(
            Pick(card),
            said("turin.bot.pick", card=card, own=own, theirs=theirs),
            worth=own,
            rival_worth=theirs,
        )

    def _noise(self) -> int:
        return int(self.rng.integers(-self.jitter, self.jitter + 1)) if self.jitter else 0

    def _bid(self, view: TurinView) -> Action:
        me = self.seat if self.seat is not None else 0
        money = view.scudo[me] or 0
        worths = self.place_worths(view)
        value = worths[0] if worths else 0.0
        if (
            self.borrow
            and not view.loans[me]
            and view.loans_left > 0
            and value - money >= LOAN_COST
        ):
            return self.because(
                TakeLoan(),
                said("turin.bot.loan", value=value, money=money),
                valuation=value,
            )
        rounds_left = max(1, view.rounds - view.round + 1)
        cap = money if rounds_left == 1 else math.floor(money * self.pace / rounds_left)
        want = round(self.aggression * value) + self._noise()
        if value >= 1.0:
            want = max(want, 1)
        bid = max(0, min(want, cap, money))
        if bid == 0 and cap == 0 and value >= 1.0:
            why = said("turin.bot.bid_broke", value=value)
        elif bid == 0:
            why = said("turin.bot.bid_zero", value=value)
        elif bid < want:
            why = said("turin.bot.bid_saving", bid=bid, value=value, left=rounds_left - 1)
        else:
            why = said("turin.bot.bid", bid=bid, value=value, share=float(self.aggression))
        second = worths[1] if len(worths) > 1 else 0.0
        return self.because(Bid(bid), why, valuation=value, second=second, cap=float(cap))

    def _block(self, view: TurinView) -> tuple[tuple[int, ...], float, float, int]:
        """This seat's tied players, the worth of its block's best and lowest places, and its
        bid."""
        me = self.seat if self.seat is not None else 0
        block: tuple[int, ...] = (me,)
        places: tuple[int, ...] = (0,)
        for players, spots in zip(view.tie_blocks, view.tie_places, strict=True):
            if me in players:
                block, places = players, spots
        worths = self.place_worths(view) + [0.0] * view.players
        return block, worths[places[0]], worths[places[-1]], view.bids[me] or 0

    def _declare(self, view: TurinView) -> Action:
        me = self.seat if self.seat is not None else 0
        block, top, bottom, bid = self._block(view)
        rival = next((p for p in block if p != me), None)
        if view.goose == me and rival is not None and top - bottom >= GOOSE_GIVE:
            return self.because(
                GiveGoose(rival),
                said("turin.bot.give_goose", rival=SeatNumber(rival), more=top - bottom),
                valuation=top,
            )
        if view.goose is None and top - bid < 1.0:
            return self.because(
                TakeGoose(), said("turin.bot.take_goose", top=top, bid=bid), valuation=top
            )
        return self.because(DeclineGoose(), said("turin.bot.decline_goose", top=top), valuation=top)

    def _tiebreak(self, view: TurinView) -> Action:
        me = self.seat if self.seat is not None else 0
        _, top, _, bid = self._block(view)
        surplus = top - bid
        room = (view.scudo[me] or 0) - bid
        add = 0
        if surplus >= 1.0 and room > 0:
            add = max(1, min(room, round(self.tiebreak * surplus) + self._noise()))
        if add:
            why = said("turin.bot.add", add=add, top=top, surplus=surplus)
        else:
            why = said("turin.bot.add_nothing", top=top, bid=bid)
        return self.because(AddBid(add), why, valuation=top, surplus=surplus)

    def _surplus(self, view: TurinView, card: int, price: int) -> float:
        """What ``card`` is worth to this seat beyond ``price``."""
        me = self.seat if self.seat is not None else 0
        rows, rivals = self._context(view)
        return self._worth(card, view.units[me], rivals[me], rows) - price

    def _spendable(self, view: TurinView) -> int:
        me = self.seat if self.seat is not None else 0
        return (view.scudo[me] or 0) - (view.committed[me] or 0)

    def _best_buy(self, view: TurinView) -> tuple[float, int, int] | None:
        """The listing worth most beyond its price, if by ``buy_margin`` and payable now."""
        me = self.seat if self.seat is not None else 0
        money = self._spendable(view)
        best: tuple[float, int, int] | None = None
        for listing in view.listings:
            if listing.seller == me or listing.price > money:
                continue
            surplus = self._surplus(view, listing.card, listing.price)
            if surplus >= self.buy_margin and (best is None or surplus > best[0]):
                best = (surplus, listing.card, listing.price)
        return best

    def _buy(self, surplus: float, card: int, price: int) -> Action:
        return self.because(
            Buy(card),
            said("turin.bot.buy", card=card, price=price, surplus=surplus),
            surplus=surplus,
        )

    def _claim(self, view: TurinView) -> Action:
        me = self.seat if self.seat is not None else 0
        claim = view.claim
        assert claim is not None
        card, price = claim.card, claim.price
        if me == claim.seller:
            rows, rivals = self._context(view)
            worth, buyer = min(
                (self._worth(card, view.units[q], rivals[q], rows), q) for q in claim.claimants
            )
            return self.because(
                SellTo(buyer),
                said("turin.bot.sell_to", card=card, buyer=SeatNumber(buyer), worth=worth),
            )
        surplus = self._surplus(view, card, price)
        if price <= self._spendable(view) and surplus >= self.buy_margin:
            return self.because(
                Buy(card),
                said("turin.bot.claim", card=card, price=price, surplus=surplus),
                surplus=surplus,
            )
        return self.because(PassClaim(), said("turin.bot.pass_claim", card=card, price=price))

    def _market(self, view: TurinView) -> Action:
        best = self._best_buy(view) if view.listings else None
        if best is not None:
            return self._buy(*best)
        return self.because(EndTurn(), said("turin.bot.end_turn"))


def _read_off(action: Action, view: TurinView, legal: Sequence[Action]) -> Action:
    """``action`` as the legal list holds it, when it stands where the menu's order puts the
    step's own actions (``TurinState.legal_actions``: a bid or an addition of ``k`` at index
    ``k``, an offer or a pick at its card's place in the hand or the lot, the end of a market
    turn first); else ``action`` itself, checked when applied.

    The engine accepts an action just read off the seat's menu without checking it again (it
    was made by the rules), so this spares the check of nearly every decision; the menu is
    built either way, by the check or here. Only an equal action of the same field types is
    taken, so the decision is the bot's own whichever way it goes.
    """
    kind = type(action)
    index: int | None = None
    if kind is Bid or kind is AddBid:
        amount = action.amount  # type: ignore[attr-defined]
        if type(amount) is int and amount >= 0:
            index = amount
    elif kind is Offer or kind is Pick:
        card = action.card  # type: ignore[attr-defined]
        cards = view.hand if kind is Offer else view.lot
        if type(card) is int and card in cards:
            index = cards.index(card)
    elif kind is EndTurn:
        index = 0
    if index is None:
        return action
    try:
        listed = legal[index]
    except IndexError:
        return action
    return listed if listed == action else action
