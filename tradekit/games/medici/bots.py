"""Medici bots: :class:`MediciHeuristicBot`.

The heuristic values a lot in florins from what it will bring at the end of the round (and, for
the ladders, in the rounds after), comparing "I take this lot" with "I do not":

* **Ship prospects.** Each player's ship total is projected to the end of the round: the cards
  they hold, plus their share of the pile (in proportion to the room left in the warehouses)
  valued at the mean of the cards not yet seen. Whether a rival ends ahead is a logistic curve of
  the projected gap, blurred by the cards still to come (``uncertainty``); the expected reward is
  read from the ship table through the distribution of the number of rivals ahead. Taking the lot
  adds its card values but also fills warehouse slots that later cards could have filled, so a lot
  of low cards can be worth less than nothing early in a round, and every card counts when the
  pile is nearly gone.
* **Ladder prospects.** On each good of the lot, the rise in the expected ladder award (10 for the
  highest, 5 for the second, with the same blurred rivals: their projected spaces count the goods
  already in their warehouses and the cards of that good they may still get), counted again for
  the rounds left at ``future`` weight; plus the monopoly bonus of the space reached (10 on space
  6, 20 on space 7), certain, paid this round and every round after (spaces are never lost).
* **The neutral 10 card** moves no ladder: it is worth its ten points towards the ship rank only.

The ship part is weighted by ``ship_weight`` (2 by default: the projection is cautious, as if the
slots a lot fills would otherwise take average cards for free, when later cards cost florins too).

Then it decides cheaply (a few evaluations of the formulas above, no search):

* **Turning cards** (the active player): it stops at ``turn_limit`` cards, when one more card
  would not fit in its own warehouse, and when the lot is already worth ``stop_value`` florins or
  more to it (a good lot is not risked on another card); otherwise it turns another card when the
  lot plus the average unseen card is worth more to it than the lot as it is.
* **Bidding.** When nobody speaking after it can beat a bid (it speaks last, as the active player
  always does, or those after it are too poor), it bids just enough — one more than the high bid,
  or one more than the richest later speaker holds — provided the lot is worth at least
  ``last_margin`` florins more than that to it. Otherwise it bids ``aggression`` times its
  valuation (give or take ``jitter``) if that beats the high bid. It never spends more than
  ``max_share`` of its florins on one lot.

Every decision is explained in one sentence from the messages ``medici.bot.*`` of
:mod:`tradekit.i18n`, in English or French (``bot.explain("fr")``).

Example:
    >>> import tradekit
    >>> from tradekit.sim import play
    >>> done = play(tradekit.load_game("medici", players=3), ["heuristic", "random", "random"], 1)
    >>> done.state.is_over, done.decisions[0].why[:7]
    (True, 'The lot')
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from tradekit.bots.base import Bot, Said, check_fraction, said
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.games.medici.game import WAREHOUSE, MediciGame
from tradekit.games.medici.view import MediciView
from tradekit.i18n import load_messages, number_text

load_messages("tradekit.games.medici")

#: Medici's phases in French, for the (never expected) decision outside turning and bidding.
_PHASES_FR = {
    "deal": "distribution",
    "turn": "cartes retournées",
    "auction": "enchère",
    "scoring": "décompte",
    "over": "partie terminée",
}


class _FrenchFlorins:
    """An amount of florins in a French sentence, formatted only when the text is asked: a
    decimal comma, and the unit in the singular below two, as French grammar wants ("0,5
    florin", "1 florin", "2 florins"; English says "0.5 florins").

    Example:
        >>> f"{_FrenchFlorins(1.96):.1f}, {_FrenchFlorins(-1.94):.1f}, {_FrenchFlorins(0)}"
        '2,0 florins, -1,9 florin, 0 florin'
    """

    __slots__ = ("amount",)

    def __init__(self, amount: float) -> None:
        self.amount = amount

    def __format__(self, spec: str) -> str:
        number = format(self.amount, spec)
        unit = "florin" if abs(float(number)) < 2 else "florins"
        return f"{number_text(number, 'fr')} {unit}"


def _florins(name: str, amount: float) -> dict[str, object]:
    """Message fields for an amount of florins: ``name`` (the number, for English) and
    ``name_fr`` (the number with its unit, for French)."""
    return {name: amount, f"{name}_fr": _FrenchFlorins(amount)}


def _worth(key: str, value: float, /, **fields: object) -> Said:
    """The message ``key`` about a lot worth ``value`` florins to the bot (both languages)."""
    return said(key, **_florins("value", value), **fields)


#: The logistic slope that makes 1 / (1 + exp(-SLOPE * z)) close to the normal curve.
SLOPE = 1.7
#: Variance added to every projected ship total (who gets which lot is never certain).
SHIP_SPREAD = 4.0
#: Variance added to every projected ladder space.
LADDER_SPREAD = 0.25


@dataclasses.dataclass(frozen=True)
class _Rules:
    """The public rules the bot reads once per game's tables: values, goods, payouts."""

    value: dict[int, int]  # card id -> value
    good: dict[int, int]  # card id -> good index, -1 for the neutral card
    goods: int
    rewards: tuple[int, ...]
    awards: tuple[int, ...]
    bonus: tuple[int, ...]  # by ladder space
    top: int
    cards: int
    value_counts: dict[int, int]  # value -> cards with it
    good_counts: tuple[int, ...]  # good index -> cards of it
    neutral_count: int
    value_total: int
    value_square: int
    ship_pays: tuple[int, ...]  # the ship rewards up to the last place that pays
    award_pays: tuple[int, ...]  # the ladder awards up to the last place that pays
    #: The last position's :class:`_Board` and its key: every seat speaking in an auction (and
    #: the active player's last turn) values the same position, one after the other.
    last_board: list[tuple[tuple[object, ...], _Board]] = dataclasses.field(
        default_factory=list, compare=False, repr=False
    )


_RULES: dict[tuple[int, tuple[int, ...]], tuple[object, _Rules]] = {}


def _rules(game: MediciGame) -> _Rules:
    tables = game.tables
    rewards = tuple(game.ship_rewards)
    key = (id(tables), rewards)
    hit = _RULES.get(key)
    if hit is not None and hit[0] is tables:
        return hit[1]
    index = tables.good_index
    cards = tables.cards
    value_counts: dict[int, int] = {}
    good_counts = [0] * len(tables.goods)
    for c in cards:
        value_counts[c.value] = value_counts.get(c.value, 0) + 1
        if c.good is not None:
            good_counts[index[c.good]] += 1
    awards = tuple(tables.awards)
    rules = _Rules(
        value={c.id: c.value for c in cards},
        good={c.id: (-1 if c.good is None else index[c.good]) for c in cards},
        goods=len(tables.goods),
        rewards=rewards,
        awards=awards,
        bonus=tuple(tables.bonus(s) for s in range(tables.ladder_top + 1)),
        top=tables.ladder_top,
        cards=len(cards),
        value_counts=value_counts,
        good_counts=tuple(good_counts),
        neutral_count=sum(1 for c in cards if c.good is None),
        value_total=sum(c.value for c in cards),
        value_square=sum(c.value * c.value for c in cards),
        ship_pays=_paying(rewards),
        award_pays=_paying(awards),
    )
    _RULES[key] = (tables, rules)
    return rules


def _paying(rewards: Sequence[int]) -> tuple[int, ...]:
    """``rewards`` without the places at the end that pay nothing (they need no probability)."""
    paid = len(rewards)
    while paid and not rewards[paid - 1]:
        paid -= 1
    return tuple(rewards[:paid])


def expected_reward(
    mine: float, my_var: float, rivals: Sequence[tuple[float, float]], rewards: Sequence[int]
) -> float:
    """The expected reward by rank for a projected score against rivals' projected scores.

    Each rival ends ahead with probability ``1 / (1 + exp(-1.7 * gap / sd))`` (``gap`` their
    projected lead, ``sd`` the square root of both variances); the number of rivals ahead then
    follows a Poisson-binomial distribution, and place ``k`` pays ``rewards[k]`` (0 past the end).

    Example:
        >>> expected_reward(20, 0.0, [(10, 0.0), (30, 0.0)], [30, 20, 10])
        20.0
        >>> round(expected_reward(20, 1.0, [(20, 1.0)], [10, 5]), 2)  # a coin flip for first
        7.5
    """
    return _reward(
        mine, [(score, math.sqrt(my_var + var)) for score, var in rivals], _paying(rewards)
    )


def _reward(mine: float, rivals: Sequence[tuple[float, float]], pays: tuple[int, ...]) -> float:
    """:func:`expected_reward` from each rival's projected score and the ``sd`` of the gap
    (worked out once by the caller: a decision asks about many scores against the same rivals),
    and the rewards up to the last place that pays (:func:`_paying`).

    The same sums, in the same order, as the distribution walked over every place: a place that
    no rival can reach yet holds exactly 0. One or two paying places (every ladder, the ship of
    three players) keep the distribution in two numbers rather than a list.
    """
    paid = len(pays)
    if paid > 2:
        if paid == 3:
            return _reward_three(mine, rivals, pays)
        if paid <= 5:
            return _reward_five(mine, rivals, pays)
        return _reward_places(mine, rivals, pays)
    if not paid:
        return 0.0
    exp = math.exp
    none_ahead, one_ahead = 1.0, 0.0
    for score, sd in rivals:
        if sd <= 1e-9:
            gap = score - mine
            ahead = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
            if ahead <= 0.0:
                continue
        else:
            z = SLOPE * (score - mine) / sd
            if not z > -40:
                continue  # ahead is 0: this rival changes nothing
            ahead = 1.0 / (1.0 + exp(-z))
        behind = 1.0 - ahead
        one_ahead = one_ahead * behind + none_ahead * ahead
        none_ahead *= behind
    if paid == 1:
        return sum([none_ahead * pays[0]])
    return sum([none_ahead * pays[0], one_ahead * pays[1]])


def _reward_three(
    mine: float, rivals: Sequence[tuple[float, float]], pays: tuple[int, ...]
) -> float:
    """:func:`_reward` for three paying places (the ship of four players)."""
    exp = math.exp
    none_ahead, one_ahead, two_ahead = 1.0, 0.0, 0.0
    for score, sd in rivals:
        if sd <= 1e-9:
            gap = score - mine
            ahead = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
            if ahead <= 0.0:
                continue
        else:
            z = SLOPE * (score - mine) / sd
            if not z > -40:
                continue
            ahead = 1.0 / (1.0 + exp(-z))
        behind = 1.0 - ahead
        two_ahead = two_ahead * behind + one_ahead * ahead
        one_ahead = one_ahead * behind + none_ahead * ahead
        none_ahead *= behind
    return sum([none_ahead * pays[0], one_ahead * pays[1], two_ahead * pays[2]])


def _reward_five(
    mine: float, rivals: Sequence[tuple[float, float]], pays: tuple[int, ...]
) -> float:
    """:func:`_reward` for four or five paying places (the ship of five or six players); with
    four, the fifth count is worked out and never read."""
    exp = math.exp
    d0, d1, d2, d3, d4 = 1.0, 0.0, 0.0, 0.0, 0.0  # d[k]: k rivals ahead
    for score, sd in rivals:
        if sd <= 1e-9:
            gap = score - mine
            ahead = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
            if ahead <= 0.0:
                continue
        else:
            z = SLOPE * (score - mine) / sd
            if not z > -40:
                continue
            ahead = 1.0 / (1.0 + exp(-z))
        behind = 1.0 - ahead
        d4 = d4 * behind + d3 * ahead
        d3 = d3 * behind + d2 * ahead
        d2 = d2 * behind + d1 * ahead
        d1 = d1 * behind + d0 * ahead
        d0 *= behind
    if len(pays) == 4:
        return sum([d0 * pays[0], d1 * pays[1], d2 * pays[2], d3 * pays[3]])
    return sum([d0 * pays[0], d1 * pays[1], d2 * pays[2], d3 * pays[3], d4 * pays[4]])


def _reward_places(
    mine: float, rivals: Sequence[tuple[float, float]], pays: tuple[int, ...]
) -> float:
    """:func:`_reward` for six paying places or more (a ship table of data the game does not
    ship)."""
    paid = len(pays)
    dist = [1.0] + [0.0] * (paid - 1)  # dist[k]: k rivals ahead
    # Entries past the rivals counted so far are still exactly 0 and would stay 0: the update
    # walks only the reachable ones (the same sums, in the same order, as a walk over all).
    # The count of "paid or more" rivals ahead is never read: it pays nothing.
    reach = 0
    exp = math.exp
    for score, sd in rivals:
        if sd <= 1e-9:
            gap = score - mine
            ahead = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
            if ahead <= 0.0:
                continue
        else:
            z = SLOPE * (score - mine) / sd
            if not z > -40:
                continue
            ahead = 1.0 / (1.0 + exp(-z))
        behind = 1.0 - ahead
        if reach < paid - 1:
            reach += 1
        for k in range(reach, 0, -1):
            dist[k] = dist[k] * behind + dist[k - 1] * ahead
        dist[0] *= behind
    return sum([dist[k] * pays[k] for k in range(paid)])


class _Board:
    """What every seat's valuations share at one position (the unseen cards, the pile's
    expected share of each warehouse, the projected ladders), worked out once for the seats
    that value it one after the other. Never changed once made, but for the rivals of each
    ladder, filled in when first asked (the same for every seat that asks)."""

    __slots__ = (
        "count",
        "fill",
        "good_share",
        "ladder_rivals",
        "mean",
        "neutral_share",
        "pile",
        "room_total",
        "rooms",
        "rounds_after",
        "spaces",
        "values",
        "var",
    )

    def __init__(self, rules: _Rules, view: MediciView) -> None:
        values = dict(rules.value_counts)
        goods = list(rules.good_counts)
        neutral = float(rules.neutral_count)
        count = rules.cards
        total = float(rules.value_total)
        square = float(rules.value_square)
        card_value, card_good = rules.value, rules.good
        for group in (view.lot, view.discarded, *view.warehouses):
            for card in group:
                value = card_value[card]
                count -= 1
                total -= value
                square -= value * value
                values[value] -= 1
                g = card_good[card]
                if g < 0:
                    neutral -= 1
                else:
                    goods[g] -= 1
        self.count = count
        self.mean = mean = total / count if count else 0.0
        self.var = max(0.0, square / count - mean * mean) if count else 0.0
        self.values = {v: k / count for v, k in values.items() if k > 0} if count else {}
        self.good_share = [k / count for k in goods] if count else [0.0] * rules.goods
        self.neutral_share = neutral / count if count else 0.0
        self.rooms = rooms = [WAREHOUSE - len(w) for w in view.warehouses]
        self.pile = pile = view.pile_size
        self.room_total = room_total = sum(rooms)
        self.fill = [min(r, pile * r / room_total) if room_total else 0.0 for r in rooms]
        top = rules.top
        spaces = []
        for ladder, warehouse in zip(view.ladders, view.warehouses, strict=True):
            row = list(ladder)
            for card in warehouse:
                g = card_good[card]
                if g >= 0 and row[g] < top:
                    row[g] += 1
            spaces.append(row)
        self.spaces = spaces
        self.rounds_after = max(0, view.rounds - view.round)
        #: good -> per seat, its projected space and the variance of it before the blur.
        self.ladder_rivals: dict[int, list[tuple[float, float]]] = {}

    def ladder(self, good: int, top: int) -> list[tuple[float, float]]:
        """Each seat's projected space on ``good``'s ladder and its variance before the blur."""
        rivals = self.ladder_rivals.get(good)
        if rivals is None:
            share = self.good_share[good]
            rivals = []
            for row, fill in zip(self.spaces, self.fill, strict=True):
                come = fill * share
                rivals.append((min(top, row[good] + come), come + LADDER_SPREAD / 2))
            self.ladder_rivals[good] = rivals
        return rivals


def _board(rules: _Rules, view: MediciView) -> _Board:
    """The :class:`_Board` of the position ``view`` shows (the last one made, if it is the same
    position: the key holds every fact the board is made from)."""
    key = (
        view.lot,
        view.discarded,
        view.warehouses,
        view.ladders,
        view.pile_size,
        view.round,
        view.rounds,
    )
    last = rules.last_board
    if last:
        known_key, known = last[0]
        if known_key == key:
            return known
    board = _Board(rules, view)
    if last:
        last[0] = (key, board)
    else:
        last.append((key, board))
    return board


class _Context:
    """What one decision's valuations share, computed once from the view (and its position's
    :class:`_Board`); the valuations asked are remembered, as the same are asked again."""

    __slots__ = (
        "blur",
        "board",
        "fill",
        "good_share",
        "ladder",
        "ladder_rivals",
        "me",
        "mean",
        "neutral_share",
        "others_room",
        "pile",
        "room",
        "rounds_after",
        "ship",
        "ship_base",
        "ship_rivals",
        "ship_sizes",
        "spaces",
        "total",
        "values",
        "var",
    )

    def __init__(self, board: _Board, me: int, totals: Sequence[int], blur: float) -> None:
        self.board = board
        self.me = me
        self.blur = blur
        self.total = totals[me]  # this seat's ship total
        self.room = board.rooms[me]  # room left in this seat's warehouse
        self.others_room = board.room_total - self.room  # room left in the other warehouses
        self.pile = board.pile
        self.mean = mean = board.mean  # mean value of the unseen cards
        self.var = var = board.var  # variance of the values of the unseen cards
        self.values = board.values  # value -> share of the unseen cards
        self.good_share = board.good_share  # good index -> share of the unseen cards
        self.neutral_share = board.neutral_share
        self.spaces = board.spaces  # projected ladder space per seat and good
        self.fill = fill = board.fill  # expected cards still to come per seat this round
        self.rounds_after = board.rounds_after
        #: rivals' projected ship totals and variances
        self.ship_rivals = [
            (totals[q] + mean * fill[q], (var * fill[q] + SHIP_SPREAD / 2) * blur)
            for q in range(len(totals))
            if q != me
        ]
        self.ship_base = 0.0
        #: (added, size) -> expected ship reward; size -> this seat's share of the pile (its
        #: mean value) and each rival's (score, sd of the gap)
        self.ship: dict[tuple[int, int], float] = {}
        self.ship_sizes: dict[int, tuple[float, list[tuple[float, float]]]] = {}
        #: (good, extra) -> florins from that ladder; good -> each rival's (space, sd of the gap)
        self.ladder: dict[tuple[int, int], float] = {}
        self.ladder_rivals: dict[int, list[tuple[float, float]]] = {}


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class MediciHeuristicBot(Bot[MediciGame, MediciView]):
    """Medici: values lots from ship and ladder prospects, bids a share, and wins cheaply last.

    It values the lot in florins (ship rank and ladder awards it would add, see the module
    docstring), turns cards while one more card is worth more on average and the lot has not
    reached ``stop_value``, bids ``aggression`` times that value while someone after it could
    still outbid it, and, speaking last, just tops the high bid. The defaults were chosen in
    four-player tournaments between variants: ``future=0`` and ``ship_weight=2`` beat the
    first guesses (0.5 and 1) clearly, and a ``stop_value`` of 20 beat 8 and 12.

    Args:
        turn_limit: the most cards it turns into a lot (1 to 3).
        stop_value: the risk threshold: it stops turning once the lot is worth this many florins
            or more to it (0 to 100; 0 turns on only while the lot is worth less than nothing,
            100 only weighs the average unseen card).
        aggression: the share of its valuation it bids when a later speaker could still outbid
            it (0 to 1.5; it shades its bids, since every florin paid is a point lost).
        last_margin: the least profit (valuation minus price, in florins) for which it takes a lot
            it can win for sure, speaking last or facing only poorer later speakers (0 to 50).
        max_share: the most of its florins it spends on one lot (0.05 to 1).
        ship_weight: the weight of the ship prospects against the ladder's (0 to 5). Above 1
            because the projection is cautious: it assumes that the slots a lot fills would
            otherwise take average cards for free, when later cards cost florins too.
        future: the weight of the ladder awards of the rounds after this one (0 to 1; 0 counts
            this round's award only, since rivals keep climbing; the monopoly bonuses of the rounds
            after are always counted in full, since spaces are never lost).
        uncertainty: how much the cards still to come blur the projected ships and ladders (0 to
            5; higher values make a lead worth less early in a round).
        jitter: its shaded bids vary by a random whole number from ``-jitter`` to ``+jitter``
            (0 to 3), so equal bots do not always bid alike.

    Example:
        >>> MediciHeuristicBot(turn_limit=4)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'turn_limit' = 4 is not allowed: expected 1, 2 or 3
    """

    name: ClassVar[str] = "heuristic"
    game: ClassVar[str | None] = "medici"

    turn_limit: int = 3
    stop_value: float = 20.0
    aggression: float = 0.6
    last_margin: float = 1.0
    max_share: float = 0.5
    ship_weight: float = 2.0
    future: float = 0.0
    uncertainty: float = 1.0
    jitter: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.turn_limit, bool) or self.turn_limit not in (1, 2, 3):
            raise ConfigError("turn_limit", self.turn_limit, "1, 2 or 3")
        check_fraction(self.stop_value, "stop_value", 0.0, 100.0)
        check_fraction(self.aggression, "aggression", 0.0, 1.5)
        check_fraction(self.last_margin, "last_margin", 0.0, 50.0)
        check_fraction(self.max_share, "max_share", 0.05, 1.0)
        check_fraction(self.ship_weight, "ship_weight", 0.0, 5.0)
        check_fraction(self.future, "future", 0.0, 1.0)
        check_fraction(self.uncertainty, "uncertainty", 0.0, 5.0)
        if isinstance(self.jitter, bool) or self.jitter not in (0, 1, 2, 3):
            raise ConfigError("jitter", self.jitter, "0, 1, 2 or 3")

    @property
    def tag(self) -> str:
        """The name shown in tables: the label, else the name and any non-default parameters
        (:attr:`Bot.tag`, the same words). A played game records it with every decision, so the
        parameters and their defaults are read off the class once, not at every decision."""
        if self.label:
            return self.label
        changed = []
        for name, default, factory in _parameters(type(self)):
            value = getattr(self, name)
            if value != (default if factory is None else factory()):
                changed.append(f"{name}={value!r}")
        return f"{self.name}({', '.join(changed)})" if changed else self.name

    def start(self, game: MediciGame) -> None:
        """Read the card values, the ship table and the ladder payouts (public rules)."""
        self._rules = _rules(game)
        self._last_context: tuple[tuple[object, ...], _Context] | None = None

    # -- valuation ------------------------------------------------------------------------------
    def context(self, view: MediciView) -> _Context:
        """The projections a decision's valuations share (see the module docstring)."""
        me = self.seat if self.seat is not None else 0
        board = _board(self._rules, view)
        # The active player values its lot again when it bids on it: the same position, so the
        # same context, with the valuations already asked.
        key = (board, me, view.ship_totals, self.uncertainty, self.future)
        last = self._last_context
        if last is not None and last[0] == key:
            return last[1]
        ctx = _Context(board, me, view.ship_totals, self.uncertainty**2)
        ctx.ship_base = self._ship(ctx, 0, 0)
        self._last_context = (key, ctx)
        return ctx

    def _ship(self, ctx: _Context, added: int, size: int) -> float:
        """Expected ship reward if this seat adds ``size`` cards worth ``added`` to its ship.

        The rivals' projections do not change with the lot (their share of the pile is computed
        once); this seat's share of the pile shrinks with the room the lot fills.
        """
        key = (added, size)
        known = ctx.ship.get(key)
        if known is not None:
            return known
        lead, rivals = self._ship_form(ctx, size)
        value = ctx.ship[key] = _reward(ctx.total + added + lead, rivals, self._rules.ship_pays)
        return value

    def _ship_form(self, ctx: _Context, size: int) -> tuple[float, list[tuple[float, float]]]:
        """What :meth:`_ship` reads for a lot of ``size`` cards, whatever their values: the mean
        value of this seat's share of the pile, and each rival's (score, sd of the gap)."""
        form = ctx.ship_sizes.get(size)
        if form is None:
            room = ctx.room - size
            room_total = room + ctx.others_room
            come = min(room, ctx.pile * room / room_total) if room_total > 0 and room > 0 else 0.0
            var = (ctx.var * come + SHIP_SPREAD / 2) * self.uncertainty**2
            rivals = [(score, math.sqrt(var + other)) for score, other in ctx.ship_rivals]
            form = ctx.ship_sizes[size] = (ctx.mean * come, rivals)
        return form

    def _ladder(self, ctx: _Context, good: int, extra: int) -> float:
        """Florins this seat expects from ``good``'s ladder with ``extra`` more steps this round,
        this round and (awards at ``future`` weight, bonuses in full) the rounds after."""
        key = (good, extra)
        known = ctx.ladder.get(key)
        if known is not None:
            return known
        rules = self._rules
        me = ctx.me
        space = min(rules.top, ctx.spaces[me][good] + extra)
        value = float(rules.bonus[space] * (1 + ctx.rounds_after))
        if space > 0:
            rivals = ctx.ladder_rivals.get(good)
            if rivals is None:
                blur = ctx.blur
                seats = ctx.board.ladder(good, rules.top)
                my_var = seats[me][1] * blur
                rivals = ctx.ladder_rivals[good] = [
                    (score, math.sqrt(my_var + spread * blur))
                    for q, (score, spread) in enumerate(seats)
                    if q != me and score > 0
                ]
            award = _reward(space, rivals, rules.award_pays)
            value += award * (1 + self.future * ctx.rounds_after)
        ctx.ladder[key] = value
        return value

    def lot_value(self, ctx: _Context, cards: Sequence[int]) -> tuple[float, float]:
        """(ship, ladder) florins the lot ``cards`` adds for this seat (see the module docstring).

        Example:
            >>> import numpy as np, tradekit
            >>> game = tradekit.load_game("medici", players=3)
            >>> state = game.new_state(setup={"piles": [[36, 1, 2]]})
            >>> bot = MediciHeuristicBot().for_game(game, 0, np.random.default_rng(0))
            >>> ship, ladder = bot.lot_value(bot.context(state.view(0)), [36])
            >>> ship > 5 and ladder == 0.0   # the neutral 10 moves no ladder
            True
        """
        rules = self._rules
        added = sum(rules.value[c] for c in cards)
        ship = self.ship_weight * (self._ship(ctx, added, len(cards)) - ctx.ship_base)
        steps: dict[int, int] = {}
        for card in cards:
            g = rules.good[card]
            if g >= 0:
                steps[g] = steps.get(g, 0) + 1
        ladder = sum(
            (self._ladder(ctx, g, k) - self._ladder(ctx, g, 0) for g, k in steps.items()), 0.0
        )
        return ship, ladder

    def next_card_value(self, ctx: _Context, cards: Sequence[int]) -> float:
        """The expected value of the lot ``cards`` plus one card drawn from the unseen cards."""
        rules = self._rules
        added = sum(rules.value[c] for c in cards)
        size = len(cards) + 1
        # Every unseen value against the same rivals: _ship's sum, its form read once.
        lead, rivals = self._ship_form(ctx, size)
        total, pays = ctx.total, rules.ship_pays
        ship = sum(
            [
                share * _reward(total + (added + value) + lead, rivals, pays)
                for value, share in ctx.values.items()
            ]
        )
        steps: dict[int, int] = {}
        for card in cards:
            g = rules.good[card]
            if g >= 0:
                steps[g] = steps.get(g, 0) + 1
        gains = {g: self._ladder(ctx, g, k) - self._ladder(ctx, g, 0) for g, k in steps.items()}
        ladder_now = sum(gains.values())
        ladder = ctx.neutral_share * ladder_now
        for g, share in enumerate(ctx.good_share):
            if share:
                k = steps.get(g, 0)
                more = self._ladder(ctx, g, k + 1) - self._ladder(ctx, g, 0)
                ladder += share * (ladder_now - gains.get(g, 0.0) + more)
        return self.ship_weight * (ship - ctx.ship_base) + ladder

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view: MediciView, legal: Sequence[Action]) -> Action:
        """Decide from the view alone (the legal list is never needed)."""
        if view.phase == "turn":
            return self._turn(view, legal)
        if view.phase == "auction":
            return self._bid(view, legal)
        why = said(
            "medici.bot.nothing",
            phase=view.phase,
            phase_fr=_PHASES_FR.get(view.phase, view.phase),
        )
        return self.because(legal[0], why)

    def _turn(self, view: MediciView, legal: Sequence[Action]) -> Action:
        me = self.seat if self.seat is not None else 0
        ctx = self.context(view)
        ship, ladder = self.lot_value(ctx, view.lot)
        value = ship + ladder
        size = len(view.lot)
        notes = {"valuation": value, "ship": ship, "ladder": ladder}
        # The turn's menu lists Turn (when another card may be turned) then Auction.
        last = 1 if view.can_turn else 0
        if not view.can_turn:
            return self.because(
                _listed(legal, last, Auction()), _worth("medici.bot.auction_forced", value), **notes
            )
        if size >= self.turn_limit:
            key = (
                "medici.bot.auction_limit_one"
                if self.turn_limit == 1
                else "medici.bot.auction_limit"
            )
            return self.because(
                _listed(legal, last, Auction()), _worth(key, value, limit=self.turn_limit), **notes
            )
        room = view.room(me)
        if size + 1 > room:
            key = "medici.bot.auction_full_one" if room < 2 else "medici.bot.auction_full"
            return self.because(_listed(legal, last, Auction()), said(key, room=room), **notes)
        if value >= self.stop_value:
            return self.because(
                _listed(legal, last, Auction()), _worth("medici.bot.auction_good", value), **notes
            )
        expected = self.next_card_value(ctx, view.lot)
        if expected > value:
            return self.because(
                _listed(legal, 0, Turn()),
                _worth("medici.bot.turn", value, expected=expected),
                expected=expected,
                **notes,
            )
        return self.because(
            _listed(legal, last, Auction()),
            _worth("medici.bot.auction_worse", value, expected=expected),
            expected=expected,
            **notes,
        )

    def _bid(self, view: MediciView, legal: Sequence[Action]) -> Action:
        me = self.seat if self.seat is not None else 0
        ctx = self.context(view)
        ship, ladder = self.lot_value(ctx, view.lot)
        value = ship + ladder
        wealth = view.wealth[me]
        high = view.high_bid
        lowest = max(1, high + 1)
        order = view.auction_order
        later = order[order.index(me) + 1 :] if me in order else ()
        threat = max((view.wealth[q] for q in later), default=0)
        cap = min(wealth, math.floor(self.max_share * wealth))
        notes = {
            "valuation": value,
            "ship": ship,
            "ladder": ladder,
            "high_bid": float(high),
            "cap": float(cap),
            "last": 0.0 if later else 1.0,
        }
        sure = max(lowest, threat + 1)
        if sure <= cap and value - sure >= self.last_margin:
            if not later:
                why = _worth("medici.bot.bid_last", value, bid=sure)
            elif threat < lowest:
                why = _worth("medici.bot.bid_safe", value, bid=sure)
            elif threat == 1:
                why = _worth("medici.bot.bid_richest_one", value, bid=sure)
            else:
                why = _worth(
                    "medici.bot.bid_richest", value, bid=sure, **_florins("threat", threat)
                )
            # The auction's menu lists Pass then the bids from the lowest up.
            bid = _listed(legal, 1 + sure - lowest, Bid(sure))
            return self.because(bid, why, sure=1.0, **notes)
        jitter = int(self.rng.integers(-self.jitter, self.jitter + 1)) if self.jitter else 0
        want = round(self.aggression * value) + jitter
        target = min(want, cap, sure)
        if target >= lowest and value > 0 and (later or value - target >= self.last_margin):
            why = _worth(
                "medici.bot.bid_share",
                value,
                bid=target,
                share=self.aggression,
                # what ".0%" shows, for the French "60 %" (a space before the sign)
                percent=round(self.aggression * 100),
            )
            bid = _listed(legal, 1 + target - lowest, Bid(target))
            return self.because(bid, why, sure=0.0, **notes)
        if value <= 0:
            why = _worth("medici.bot.pass_nothing", value)
        elif cap < lowest and value - lowest >= self.last_margin:
            if cap == 1:
                why = _worth("medici.bot.pass_cap_one", value, lowest=lowest)
            else:
                why = _worth("medici.bot.pass_cap", value, lowest=lowest, **_florins("cap", cap))
        elif high:
            why = _worth("medici.bot.pass_high", value, high=high)
        else:
            why = _worth("medici.bot.pass_low", value)
        return self.because(_listed(legal, 0, Pass()), why, sure=0.0, **notes)


@functools.cache
def _parameters(cls: type[Bot[Any, Any]]) -> tuple[tuple[str, Any, Any], ...]:
    """A bot class's strategy parameters as :attr:`Bot.tag` reads them: (name, default, default
    factory or ``None``), in field order (every field set at creation but ``rng`` and
    ``label``)."""
    return tuple(
        (
            f.name,
            f.default,
            f.default_factory
            if f.default is dataclasses.MISSING and f.default_factory is not dataclasses.MISSING
            else None,
        )
        for f in dataclasses.fields(cls)
        if f.init and f.name not in ("rng", "label")
    )


def _listed(legal: Sequence[Action], index: int, action: Action) -> Action:
    """``action`` as the legal list holds it at ``index``, when it is there (else ``action``):
    an action read off the seat's menu is on it by construction, and is applied without being
    checked again."""
    try:
        listed = legal[index]
    except IndexError:
        return action
    return listed if listed == action else action
