"""Négoces bots: :class:`NegocesHeuristicBot`.

The heuristic values a position (its hand and coins) by its progress towards the goal (``G``
different goods and ``C`` coins, read from the view):

    worth = good_worth x (different goods, up to G) + spare_worth x (every other card)
            + coins + (short_coin - 1) x (coins, up to C) + finish_bonus if both goals are met

so a good it lacks is worth ``good_worth`` coins, a duplicate (a trading chip) ``spare_worth``,
and each coin below the goal ``short_coin``. Every decision compares the worth before and after,
and a sale that lets it win counts 100 more; nothing is searched, so a decision costs microseconds.

* As **seller** it puts up the card whose loss costs least (a good it holds most copies of),
  sells its face-up inactive card when it has no duplicate or is short of coins, plays the
  Treasurer on a full treasury, and visits the temple when the sacred texts are worth the gift.
* As **buyer** it wants the market card when it is a good it lacks. It offers a duplicate card
  (one the seller is not known to hold) plus coins, opening at ``-sell_back`` coins (the seller
  pays it for a valuable card) and raising evenly, round by round, to the most the card is worth
  to it; when the card would make it win it offers everything above its coin goal. It offers
  coins only instead when the seller should like that better (``seller_worth`` adds the worth of
  becoming the next seller, which a coins-only purchase brings). When it does not need the card
  but is short of coins it offers a duplicate for ``-sell_back`` coins.
* As **seller deciding** it takes the offer worth most to itself: at once if the offer lets it
  win or is worth ``accept_at`` coins or more, otherwise it waits for better offers until the last
  round, when it must sell.
* In a sale where it blocks (chance ``block``, drawn once per sale so that two players keeping
  each other from winning cannot stall a game) it never makes, nor accepts, a deal that would let
  a rival win, as far as it can tell from the cards it has seen change hands: a lower bound on
  each rival's goods (a seat that gives away a series it never received was dealt that series,
  so still holds the rest of it); coins it cannot see (blind variant) count as enough.
* In the **Diamant, Thief and Guard auctions** it raises by 1 while the price costs it no more
  than ``diamant_worth``, ``thief_worth`` or ``guard_worth``.
* With the variants it steals a good it lacks with the Thief, plays the Miser against a rival
  whose offer beats its own for a good it lacks, swaps with the Swindler when that keeps a better
  hand (or pays the seller a good they already hold), gives coins it must share to the richest
  rival (coins matter least to them), repays loans as soon as that leaves it its coin goal (or
  its goods are complete), borrows only with ``borrow=True``, and asks to see face-down cards
  before choosing.

Each decision is explained in one sentence (:meth:`~tradekit.bots.base.Bot.explain`), in
English or French: the reasons are the catalogue's ``negoces.bot.*`` messages, in
the game's ``messages.toml``.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from tradekit.bots.base import Bot, Said, check_fraction, said
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.seats import SeatNumber
from tradekit.games.negoces.actions import (
    Accept,
    AskToShow,
    Ban,
    Bid,
    Continue,
    Give,
    NoSwap,
    Offer,
    Pass,
    PutUp,
    RepayLoan,
    SellInactive,
    Stand,
    Steal,
    Swap,
    TakeLoan,
    Temple,
    UseTreasurer,
    Withdraw,
)
from tradekit.games.negoces.game import NegocesGame
from tradekit.games.negoces.view import NegocesView, OfferView
from tradekit.i18n import load_messages

load_messages("tradekit.games.negoces")

#: The phases in French, for the reason given in a phase the bot has no rule for.
_PHASES_FR = {
    "auction": "enchère",
    "gift": "partage des pièces",
    "prepare": "préparation de la vente",
    "negotiate": "offres",
    "decide": "décision du vendeur",
    "swindle": "Arnaqueur",
    "over": "fin de partie",
}


@dataclasses.dataclass(frozen=True, slots=True)
class _Words:
    """A catalogue phrase (an offer in words) inside a reason, in one language; formatted only
    when the reason is, like the reason itself."""

    phrase: Said
    lang: str

    def __format__(self, spec: str) -> str:
        return format(self.phrase.text(self.lang), spec)


def _words(field: str, key: str, **fields: Any) -> dict[str, _Words]:
    """The fields ``<field>_en`` and ``<field>_fr`` of a reason: the phrase ``key`` (with
    ``fields``) in English and in French."""
    phrase = said(key, **fields)
    return {f"{field}_en": _Words(phrase, "en"), f"{field}_fr": _Words(phrase, "fr")}


#: Added to a deal's worth when it makes this bot win.
WIN = 100.0
#: Taken off a deal's worth when it would let a rival win (with ``block``).
THREAT = 50.0

#: Why an offer is made: its reason's name (``negoces.bot.offered.<name>`` when it is made,
#: ``negoces.bot.kept.<name>`` when it stands) and the numbers the reason quotes.
_Why = tuple[str, dict[str, int]]


@dataclasses.dataclass(frozen=True, slots=True)
class Position:
    """What a hand is worth reckoned from: different goods, cards in hand, coins, a loan held."""

    different: int
    cards: int
    coins: int
    debt: bool = False

    def then(self, gain: int = 0, cards: int = 0, coins: int = 0) -> Position:
        """The position after gaining ``gain`` different goods, ``cards`` cards and coins."""
        return Position(self.different + gain, self.cards + cards, self.coins + coins, self.debt)


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class NegocesHeuristicBot(Bot[NegocesGame, NegocesView]):
    """Négoces: values hands and coins by progress to the goal, and bargains round by round.

    Args:
        good_worth: coins a good it lacks is worth, up to the goods it needs (0 to 20).
        finish_bonus: extra worth of meeting both goals, goods and coins (0 to 20).
        spare_worth: coins a duplicate card (or a good beyond the goal) is worth as a trading
            chip (0 to 5).
        short_coin: what each coin below the coin goal counts for (1 to 5; higher guards the
            last coins it needs to win).
        sell_back: coins it asks the seller to pay when it opens with a card, and when it offers
            a duplicate for a card it does not need because it is short of coins (0 to 10).
        accept_at: the seller accepts an offer before the last round when it is worth at least
            this many coins to it (0 to 50; higher waits for better offers).
        seller_worth: what becoming the next seller is worth to a buyer, in coins (0 to 20): a
            buyer who pays coins only holds the bigger hand and sells next, while a card payment
            keeps the seller selling.
        diamant_worth: the most the Diamant is worth to it in the opening auction (0 to 15).
        thief_worth: the most the Thief card is worth to it (0 to 15).
        guard_worth: the most the Guard card is worth to it when a rival holds the Thief (0 to 15).
        treasury_min: plays the Treasurer once the treasury holds this many coins (0 to 60).
        block: the chance (0 to 1) that it refuses, in a given sale, deals that its seen
            cards show would let a rival win (below 1 so that two players who each keep the
            other from winning do not stall the game forever).
        borrow: take a loan (bank variant) when it lacks coins for a good it needs.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> game = tradekit.load_game("negoces", players=3)
        >>> played = play(game, ["heuristic", "random", "random"], seed=3)
        >>> played.state.is_over, played.scores[0]
        (True, 1)
        >>> NegocesHeuristicBot(short_coin=0.5)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'short_coin' = 0.5 is not allowed: ...
    """

    name: ClassVar[str] = "heuristic"
    game: ClassVar[str | None] = "negoces"

    good_worth: float = 3.0
    finish_bonus: float = 3.0
    spare_worth: float = 0.5
    short_coin: float = 1.5
    sell_back: int = 2
    accept_at: float = 2.0
    seller_worth: float = 0.0
    diamant_worth: float = 3.0
    thief_worth: float = 2.0
    guard_worth: float = 1.0
    treasury_min: int = 3
    block: float = 0.9
    borrow: bool = False

    def __post_init__(self) -> None:
        check_fraction(self.good_worth, "good_worth", 0.0, 20.0)
        check_fraction(self.finish_bonus, "finish_bonus", 0.0, 20.0)
        check_fraction(self.spare_worth, "spare_worth", 0.0, 5.0)
        check_fraction(self.short_coin, "short_coin", 1.0, 5.0)
        check_fraction(self.accept_at, "accept_at", 0.0, 50.0)
        check_fraction(self.seller_worth, "seller_worth", 0.0, 20.0)
        check_fraction(self.diamant_worth, "diamant_worth", 0.0, 15.0)
        check_fraction(self.thief_worth, "thief_worth", 0.0, 15.0)
        check_fraction(self.guard_worth, "guard_worth", 0.0, 15.0)
        for name, high in (("sell_back", 10), ("treasury_min", 60)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                raise ConfigError(name, value, f"a whole number from 0 to {high}")
        check_fraction(self.block, "block", 0.0, 1.0)
        if not isinstance(self.borrow, bool):
            raise ConfigError("borrow", self.borrow, "True or False")

    def start(self, game: NegocesGame) -> None:
        """Read the public rules: card ids and goods, the deal, the gift, tax and loan sizes."""
        tables = game.tables
        has = game.has
        players = game.num_players
        self._good_of: dict[int, str] = tables.good_of
        self._cards_hidden = has("blind") or has("face_down")
        self._names = {g.id: g.name_en for g in tables.goods.values()}
        self._names_fr = {g.id: g.name_fr for g in tables.goods.values()}
        # the auctioned cards, named as the table names them: the Diamant from the goods table
        # (Diamond, Diamant), the Thief and the Guard as the rules do
        special = tables.constants.get("special_cards", {})
        self._items_en = {
            "diamant": tables.goods["diamant"].name_en,
            "thief": "Thief",
            "guard": "Guard",
        }
        self._items_fr = {
            "diamant": tables.goods["diamant"].name_fr,
            "thief": str(special.get("voleur", ["Voleur"])[0]),
            "guard": str(special.get("garde", ["Garde"])[0]),
        }
        self._sacred = "textes_sacres"
        self._loan_size = tables.constant("bank", "loan")
        self._tax = tables.constant("treasury", "tax") if has("treasury") else 0
        self._gift_size = tables.temple_gift(players)
        row = tables.setup[players]
        # goods a player may come to hold: the series in play, the Diamant, the variants' own
        in_play = 12 if has("new_monopolies") else row.series
        self._goods_in_play = in_play + 1 + (1 if has("temple") else 0)
        self._goods_in_play += players if has("smugglers") else 0
        # cards of a series each player was dealt, at least (smugglers: one series is short)
        self._dealt = row.series_size - (1 if has("smugglers") else 0)
        self._series = set(tables.goods_of_kind("series"))
        # Per-game memory: a lower bound on each seat's cards of each good, from what it has
        # seen change hands; the sales and market cards already read.
        self._known: list[Counter[str]] = [Counter() for _ in range(players)]
        self._sale_read = 0
        self._market_read = 0
        self._saw_auction = False
        self._diamant_placed = False
        self._loan_sale = -1
        self._blocking = self.block > 0.0
        self._block_sale = -1

    # -- worth ----------------------------------------------------------------------------------
    def _good(self, good: str) -> dict[str, str]:
        """The fields naming ``good`` in a reason: ``good_en`` and ``good_fr``."""
        return {"good_en": self._names.get(good, good), "good_fr": self._names_fr.get(good, good)}

    def _me(self) -> int:
        return self.seat if self.seat is not None else 0

    def _worth(self, pos: Position, goal: tuple[int, int]) -> float:
        """What a position is worth in coins (see the module docstring)."""
        return self._worth_of(pos.different, pos.cards, pos.coins, pos.debt, goal)

    def _worth_of(
        self, different: int, cards: int, coins: int, debt: bool, goal: tuple[int, int]
    ) -> float:
        """:meth:`_worth` of a position given by its numbers (a bargain weighs many amounts of
        coins against one hand, without a :class:`Position` for each)."""
        goods, coins_goal = goal
        useful = min(different, goods)
        worth = self.good_worth * useful + self.spare_worth * (cards - useful)
        worth += coins + (self.short_coin - 1.0) * min(max(coins, 0), coins_goal)
        if different >= goods and coins >= coins_goal and not debt:
            worth += self.finish_bonus
        return worth

    def _wins(self, pos: Position, goal: tuple[int, int]) -> bool:
        return pos.different >= goal[0] and pos.coins >= goal[1] and not pos.debt

    def _position(self, view: NegocesView) -> tuple[Counter[str], Position]:
        me = self._me()
        counts = Counter(self._good_of[c] for c in view.hand)
        pos = Position(len(counts), len(view.hand), view.coins[me] or 0, bool(view.loans[me]))
        return counts, pos

    @staticmethod
    def _swap(counts: Counter[str], gain: str | None, lose: str | None) -> int:
        """Change in different goods when a card of ``gain`` comes in and one of ``lose`` goes."""
        change = 0
        if gain is not None and counts[gain] == 0:
            change += 1
        if lose is not None:
            left = counts[lose] + (1 if lose == gain else 0)
            change -= 1 if left == 1 else 0
        return change

    # -- what it has seen -----------------------------------------------------------------------
    def _observe(self, view: NegocesView) -> None:
        """Update what it knows of rivals' hands from the market card, last sale and offers.

        A seat that gives away a card of a series it was never seen to receive was dealt that
        series, so it still holds the rest of it (the deal gives every seat two whole series).
        """
        if view.auction is not None:
            self._saw_auction = True
        if self._saw_auction and not self._diamant_placed and view.seller is not None:
            # the first seller after the opening auctions is the Diamant's winner
            self._diamant_placed = True
            if view.sales == 0:
                self._known[view.seller]["diamant"] = 1
        sale = view.last_sale
        if sale is not None and sale.number > self._sale_read:
            self._sale_read = sale.number
            market = self._good_of[sale.market]
            if self._market_read < sale.number:
                self._market_read = sale.number
                self._gives(sale.seller, market)
            self._known[sale.buyer][market] += 1
            if sale.paid_card is not None:
                paid = self._good_of[sale.paid_card]
                self._gives(sale.buyer, paid)
                self._known[sale.seller][paid] += 1
        sale_now = view.sales + 1
        if (
            view.market is not None
            and view.seller is not None
            and self._market_read < sale_now
            and view.phase in ("negotiate", "decide", "swindle")
            and not view.market_inactive
        ):
            self._market_read = sale_now
            self._gives(view.seller, self._good_of[view.market])
        for offer in view.offers:
            if offer is not None and offer.card is not None:
                good = self._good_of[offer.card]
                self._known[offer.buyer][good] = max(self._known[offer.buyer][good], 1)

    def _gives(self, seat: int, good: str) -> None:
        """``seat`` gave away a card of ``good``."""
        known = self._known[seat]
        if known[good] > 0:
            known[good] -= 1
        elif good in self._series and seat != self._me():
            known[good] = self._dealt - 1

    def _known_goods(self, seat: int) -> int:
        return sum(1 for k in self._known[seat].values() if k > 0)

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view: NegocesView, legal: Sequence[Action]) -> Action:
        """Decide from the view (the legal list is read only for rare variant actions)."""
        self._observe(view)
        if self._block_sale != view.sales:
            # whether it refuses, in this sale, deals that would let a rival win (see ``block``)
            self._block_sale = view.sales
            self._blocking = self.block >= 1.0 or bool(self.rng.random() < self.block)
        phase = view.phase
        if view.loans[self._me()]:
            win = self._repay_to_win(view, legal)
            if win is not None:
                return win
            repay = self._repay(view, legal) if phase != "auction" else None
            if repay is not None:
                return repay
        if phase == "auction":
            return self._bid(view)
        if phase == "gift":
            return self._give(view)
        if phase == "prepare":
            return self._prepare(view, legal)
        if phase == "negotiate":
            return self._negotiate(view)
        if phase == "decide":
            return self._decide(view)
        if phase == "swindle":
            return self._swindle(view)
        return self.because(
            legal[0],
            said("negoces.bot.nothing", phase_en=phase, phase_fr=_PHASES_FR.get(phase, phase)),
        )

    def _repay_to_win(self, view: NegocesView, legal: Sequence[Action]) -> Action | None:
        """Repaying one's only loan wins at once when the goods and coins are there."""
        me = self._me()
        _, pos = self._position(view)
        goods, goal = view.goal
        left = pos.coins - self._loan_size
        if view.gift is not None and view.gift[0] == me:
            left -= view.gift[1]  # coins still owed do not count towards the goal
        if view.loans[me] != 1 or pos.different < goods or left < goal:
            return None
        if RepayLoan() not in legal:
            return None
        return self.because(
            RepayLoan(),
            said("negoces.bot.repay_win", goods=pos.different, coins=left),
            coins=float(pos.coins),
        )

    def _repay(self, view: NegocesView, legal: Sequence[Action]) -> Action | None:
        _, pos = self._position(view)
        goods, goal = view.goal
        if self._loan_sale == view.sales:
            return None  # borrowed in this sale: the coins are for the card on the market
        ready = pos.coins - self._loan_size >= goal
        complete = pos.different >= goods and pos.coins >= self._loan_size
        if (ready or complete) and RepayLoan() in legal:
            return self.because(
                RepayLoan(),
                said("negoces.bot.repay", coins=pos.coins),
                coins=float(pos.coins),
            )
        return None

    def _bid(self, view: NegocesView) -> Action:
        me = self._me()
        auction = view.auction
        assert auction is not None
        _, pos = self._position(view)
        item = auction.item
        if item == "diamant":
            worth = self.diamant_worth
        elif item == "thief":
            worth = self.thief_worth
        else:
            worth = self.guard_worth if view.thief not in (None, me) else 0.0
        price = auction.high_bid + 1
        cost = self._worth(pos, view.goal) - self._worth(pos.then(coins=-price), view.goal)
        names = {
            "item_en": self._items_en.get(item, item),
            "item_fr": self._items_fr.get(item, item),
        }
        if price <= pos.coins and cost <= worth + 1e-9:
            return self.because(
                Bid(price),
                said("negoces.bot.bid", price=price, worth=float(worth), cost=cost, **names),
                valuation=worth,
                amount=float(price),
            )
        return self.because(
            Pass(),
            said(
                "negoces.bot.pass",
                bid=auction.high_bid,
                price=price,
                worth=float(worth),
                cost=cost,
                **names,
            ),
            valuation=worth,
            amount=float(auction.high_bid),
        )

    def _give(self, view: NegocesView) -> Action:
        me = self._me()
        assert view.gift is not None
        _, left, _ = view.gift
        rivals = [p for p in range(view.players) if p != me]

        def richness(p: int) -> tuple[int, int, float]:
            coins = view.coins[p]
            return (coins if coins is not None else -1, -self._known_goods(p), self.rng.random())

        goods, goal = view.goal

        def could_win(p: int) -> bool:
            # The whole gift is checked at once: a rival it brings to the goal wins.
            coins = view.coins[p]
            rich = coins is None or coins + left >= goal
            return rich and self._known_goods(p) >= goods - 1

        richest = max(rivals, key=richness)
        safe = [p for p in rivals if not could_win(p)]
        if not could_win(richest) or not safe:
            return self.because(
                Give(richest, left),
                said("negoces.bot.give", coins=left, to=SeatNumber(richest)),
                coins=float(left),
            )
        to = max(safe, key=richness)
        return self.because(
            Give(to, left),
            said("negoces.bot.give_safe", coins=left, to=SeatNumber(to)),
            coins=float(left),
        )

    # -- the seller ---------------------------------------------------------------------------
    def _prepare(self, view: NegocesView, legal: Sequence[Action]) -> Action:
        me = self._me()
        goods, goal = view.goal
        counts, pos = self._position(view)
        if UseTreasurer() in legal:
            treasury = view.treasury
            if treasury >= self.treasury_min or (
                treasury > 0 and (pos.coins < self._tax or pos.coins < goal <= pos.coins + treasury)
            ):
                return self.because(
                    UseTreasurer(),
                    said("negoces.bot.treasurer", coins=treasury),
                    coins=float(treasury),
                )
        spares = sorted((g for g, k in counts.items() if k >= 2), key=lambda g: -counts[g])
        temple = self._temple(view, counts, pos, legal, spares)
        if temple is not None:
            return temple
        now = self._worth(pos, view.goal)
        # the card whose loss costs least; among equals the good held in most copies
        losses = sorted(
            (
                now - self._worth(pos.then(self._swap(counts, None, g), -1), view.goal),
                -counts[g],
                self.rng.random(),
                g,
            )
            for g in counts
        )
        loss, _, _, good = losses[0]
        inactive = sorted({self._good_of[c] for c in view.inactive[me]})
        if inactive and (not spares or pos.coins < goal):
            sold = inactive[0]
            why = "no_duplicate" if not spares else "short"
            return self.because(
                SellInactive(sold), said(f"negoces.bot.sell_inactive.{why}", **self._good(sold))
            )
        if counts[good] >= 2:
            put = said("negoces.bot.put_up.spare", n=counts[good], **self._good(good))
        elif pos.different > goods:
            put = said(
                "negoces.bot.put_up.extra", different=pos.different, goods=goods, **self._good(good)
            )
        else:
            put = said("negoces.bot.put_up.cheapest", loss=loss, **self._good(good))
        return self.because(PutUp(good), put, loss=loss)

    def _temple(
        self,
        view: NegocesView,
        counts: Counter[str],
        pos: Position,
        legal: Sequence[Action],
        spares: list[str],
    ) -> Action | None:
        if "temple" not in view.variants or not spares or counts[self._sacred]:
            return None
        give = spares[0]
        # keep a duplicate to put up afterwards, unless one good more than needed is spare
        if counts[give] < 3 and len(spares) < 2 and pos.different < view.goal[0]:
            return None
        action = Temple(give)
        if action not in legal:
            return None
        after = pos.then(self._swap(counts, self._sacred, give), 0, -self._gift_size)
        gain = self._worth(after, view.goal) - self._worth(pos, view.goal)
        if gain <= 0:
            return None
        return self.because(
            action,
            said("negoces.bot.temple", gain=gain, gift=self._gift_size, **self._good(give)),
            valuation=gain,
        )

    # -- the buyers ---------------------------------------------------------------------------
    def _negotiate(self, view: NegocesView) -> Action:
        me = self._me()
        seller = view.seller
        assert seller is not None and view.market is not None
        counts, pos = self._position(view)
        market = self._good_of[view.market]
        name = self._good(market)
        gain = self._worth(pos.then(self._swap(counts, market, None), 1), view.goal)
        gain -= self._worth(pos, view.goal)
        wanted = counts[market] == 0 and pos.different < view.goal[0]
        if wanted and view.thief == me and view.guard != seller:
            return self.because(
                Steal(),
                said("negoces.bot.steal", gain=gain, **name),
                valuation=gain,
            )
        if me in view.banned:
            return self.because(Stand(), said("negoces.bot.banned"))
        if (
            self.borrow
            and wanted
            and "bank" in view.variants
            and not view.loans[me]
            and view.loans_left > 0
            and self._loan_sale != view.sales
            and pos.coins < math.ceil(self.good_worth)
        ):
            self._loan_sale = view.sales
            return self.because(
                TakeLoan(),
                said("negoces.bot.loan", coins=pos.coins, **name),
                valuation=gain,
            )
        plan = self._plan(view, counts, pos, market, wanted)
        mine = view.offers[me]
        if isinstance(plan, str):
            if mine is not None:
                return self.because(Withdraw(), said(f"negoces.bot.withdraw.{plan}", **name))
            return self.because(
                Stand(), said(f"negoces.bot.no_offer.{plan}", **name), valuation=gain
            )
        offer, top, (why, fields) = plan
        ban = self._miser(view, wanted, offer, name)
        if ban is not None:
            return ban
        if mine is not None and self._same(mine, offer):
            return self.because(
                Stand(),
                said(f"negoces.bot.kept.{why}", **fields, **name),
                valuation=gain,
                amount=float(offer.coins),
            )
        return self.because(
            offer,
            said(f"negoces.bot.offered.{why}", **fields, **name, **self._offer_words(offer)),
            valuation=gain,
            amount=float(offer.coins),
            most=float(top),
        )

    def _same(self, standing: OfferView, offer: Offer) -> bool:
        card = None if standing.card is None else self._good_of[standing.card]
        return card == offer.good and standing.coins == offer.coins and standing.loan == offer.loan

    def _offer_words(self, offer: Offer) -> dict[str, _Words]:
        """The fields ``offer_en`` and ``offer_fr``: ``offer`` in words."""
        if offer.good is None:
            return _words("offer", "negoces.bot.offer.coins", coins=offer.coins)
        shape = "_back" if offer.coins < 0 else "" if offer.coins == 0 else "_coins"
        if self._cards_hidden:
            # an explanation is shown to the table once the offers are revealed: a card dealt
            # face down (blind, face_down) stays unnamed
            return _words("offer", f"negoces.bot.offer.spare{shape}", coins=offer.coins)
        key = f"negoces.bot.offer.card{shape}"
        return _words("offer", key, coins=offer.coins, **self._good(offer.good))

    def _plan(
        self,
        view: NegocesView,
        counts: Counter[str],
        pos: Position,
        market: str,
        wanted: bool,
    ) -> tuple[Offer, int, _Why] | str:
        """The offer for this round, the most it would pay and why; or why it offers nothing
        (the name of its reason: ``negoces.bot.no_offer.<name>``, ``negoces.bot.withdraw.<name>``).
        """
        seller = view.seller
        assert seller is not None
        seller_coins = view.coins[seller]
        # the seller may be asked to pay only what they visibly hold (never in the blind variant)
        back_room = seller_coins if seller_coins is not None else 0
        known = self._known[seller]
        cards: list[str | None] = []
        if not view.market_inactive:
            spares = [g for g, k in counts.items() if k >= 2 and g != market]
            # a card the seller lacks first (worth more to them), then one they hold
            spares.sort(key=lambda g: (known[g] > 0, -counts[g], self.rng.random()))
            cards += spares
        cards.append(None)
        blocked = False
        reason = "not_worth"
        plans: list[tuple[float, int, tuple[Offer, int, _Why]]] = []
        for card in cards:
            if card is not None and plans:
                continue  # one card offer (its first that is not blocked), then coins only
            plan = self._plan_with(view, counts, pos, market, wanted, card, back_room)
            if isinstance(plan, str):
                reason = plan if card is None else reason
                continue
            if self._seller_would_win(view, plan[0]):
                blocked = True
                continue
            # what the seller likely makes of its best offer: a good it lacks is worth more
            lure = float(plan[1])
            if card is not None:
                lure += self.good_worth if known[card] == 0 else self.spare_worth
            plans.append((lure, 1 if card is None else 0, plan))
        if plans:
            # on a tie, coins only when becoming the seller is worth something to it
            sign = 1 if self.seller_worth > 0 else -1
            _, _, best = max(plans, key=lambda p: (p[0], sign * p[1]))
            if blocked:
                (why, fields) = best[2]
                return best[0], best[1], (f"{why}_blocked", fields)
            return best
        if blocked:
            return "seller_wins"
        return reason

    def _seller_would_win(self, view: NegocesView, offer: Offer) -> bool:
        """Whether the seller's seen cards and coins show they would win with ``offer``."""
        seller = view.seller
        assert seller is not None
        seller_coins = view.coins[seller]
        if not self._blocking or view.loans[seller] or offer.loan:
            return False
        goods, goal = view.goal
        different = self._known_goods(seller)
        if offer.good is not None and self._known[seller][offer.good] == 0:
            different += 1
        if seller_coins is None:  # blind: coins it cannot see might be enough
            return different >= goods
        after = seller_coins + offer.coins
        after -= self._tax if after >= self._tax else 0
        return different >= goods and after >= goal

    def _plan_with(
        self,
        view: NegocesView,
        counts: Counter[str],
        pos: Position,
        market: str,
        wanted: bool,
        card: str | None,
        back_room: int,
    ) -> tuple[Offer, int, _Why] | str:
        """The offer paying with ``card`` (None: coins only), as in :meth:`_plan`."""
        goal = view.goal
        now = self._worth(pos, goal)
        gained = pos.then(self._swap(counts, market, card), 0 if card is not None else 1)

        # paying coins only makes it the next seller (it will hold the bigger hand)
        takeover = self.seller_worth if card is None and wanted else 0.0

        different, cards, held, debt = gained.different, gained.cards, gained.coins, gained.debt
        goods_goal, coins_goal = goal
        worth_of = self._worth_of

        def surplus(coins: int) -> float:
            # _worth and _wins of gained.then(coins=-coins), in the same operations
            left = held - coins
            wins = different >= goods_goal and left >= coins_goal and not debt
            return worth_of(different, cards, left, debt, goal) - now + (WIN if wins else takeover)

        start = -min(self.sell_back, back_room) if card is not None else 0
        if not wanted:
            # a card it does not need: only a duplicate traded for coins when short of them
            if card is None or pos.coins >= goal[1] or start >= 0 or surplus(start) <= 0:
                return "not_needed"
            return Offer(card, start), start, ("short", {"back": -start})
        if surplus(start) < 0:
            return "too_dear"
        top = start
        while top < pos.coins and surplus(top + 1) >= 0:
            top += 1
        rounds = max(view.negotiation_rounds, 1)
        amount = math.floor(start + (top - start) * view.negotiation_round / rounds + 1e-9)
        amount = max(start, min(amount, top))
        if self._wins(gained.then(coins=-amount), goal):
            why: _Why = ("wins", {"goal": goal[1]})
        elif amount < top:
            why = ("raise", {"top": top})
        else:
            why = ("most", {"top": top})
        return Offer(card, amount), top, why

    def _miser(
        self, view: NegocesView, wanted: bool, offer: Offer, name: dict[str, str]
    ) -> Action | None:
        """Play the Miser against a rival who would win with the card, or whose offer beats
        this bot's own for a good it lacks."""
        me = self._me()
        if not view.miser[me] or view.market is None:
            return None
        market = self._good_of[view.market]
        standing = [
            o for o in view.offers if o is not None and o.buyer != me and o.buyer not in view.banned
        ]
        for o in standing:
            paid = self._good_of[o.card] if o.card is not None else None
            if self._threat(view, o.buyer, market, paid, o.coins):
                return self.because(
                    Ban(o.buyer),
                    said("negoces.bot.miser.threat", rival=SeatNumber(o.buyer), **name),
                )
        if not wanted:
            return None
        rivals = [
            o
            for o in standing
            if o.coins > offer.coins or ((o.card is not None or o.face_down) and offer.good is None)
        ]
        if not rivals:
            return None
        target = max(rivals, key=lambda o: (o.coins, o.card is not None or o.face_down)).buyer
        return self.because(
            Ban(target), said("negoces.bot.miser.beaten", rival=SeatNumber(target), **name)
        )

    def _threat(
        self, view: NegocesView, buyer: int, market: str, paid: str | None, coins: int
    ) -> bool:
        """Whether ``buyer``'s seen cards show they win by buying ``market`` with the card of
        ``paid`` (or none) and ``coins`` (only when this sale blocks, see ``block``)."""
        buyer_coins = view.coins[buyer]
        if not self._blocking or view.loans[buyer]:
            return False
        known = self._known[buyer]
        different = self._known_goods(buyer) + (0 if known[market] > 0 else 1)
        if paid is not None and known[paid] == 1:
            different -= 1
        goods, goal = view.goal
        enough = buyer_coins is None or buyer_coins - coins >= goal  # blind: it might be
        return different >= goods and enough

    # -- the seller deciding -------------------------------------------------------------------
    def _offer_worth(
        self, view: NegocesView, counts: Counter[str], pos: Position, market: str, offer: OfferView
    ) -> tuple[float, bool, bool]:
        """(worth to me, I win, the buyer may win) of taking ``offer``."""
        goal = view.goal
        now = self._worth(pos, goal)
        coins = offer.coins
        coins -= self._tax if pos.coins + coins >= self._tax else 0
        debt = pos.debt or offer.loan
        if offer.card is not None:
            gain = self._swap(counts, self._good_of[offer.card], None)
            after = Position(pos.different + gain, pos.cards + 1, pos.coins + coins, debt)
            worth = self._worth(after, goal) - now
            wins = self._wins(after, goal)
        else:
            cards = 1 if offer.face_down else 0
            after = Position(pos.different, pos.cards + cards, pos.coins + coins, debt)
            worth = self._worth(after, goal) - now
            wins = self._wins(after, goal)
            if offer.face_down:
                # an unseen card: a good I lack with the chance that a random good in play is one
                new = max(0.0, 1.0 - len(counts) / max(self._goods_in_play, 1))
                better = self._worth(after.then(1), goal) - now
                worth = new * better + (1.0 - new) * worth
        if offer.loan:
            worth -= self._loan_size * self.short_coin
        paid = self._good_of[offer.card] if offer.card is not None else None
        threat = self._threat(view, offer.buyer, market, paid, offer.coins)
        return worth, wins, threat

    def _decide(self, view: NegocesView) -> Action:
        me = self._me()
        assert view.market is not None
        market = self._good_of[view.market]
        name = self._good(market)
        closing = view.negotiation_round >= view.negotiation_rounds
        if "face_down" in view.variants:
            for o in view.offers:
                if o is not None and o.face_down:
                    return self.because(
                        AskToShow(o.buyer),
                        said("negoces.bot.ask_to_show", buyer=SeatNumber(o.buyer)),
                    )
        counts, pos = self._position(view)
        choices: list[tuple[float, float, int, float, bool, bool, OfferView | None, bool]] = []
        for buyer in range(view.players):
            if buyer == me:
                continue
            offer = view.offers[buyer]
            void = offer is not None and -offer.coins > pos.coins
            if void:
                # Blind: they ask more than I hold. Before the close I cannot take it; at the
                # close naming them voids it and they take the card for nothing.
                if not closing:
                    continue
                offer = None
            if offer is None and not closing:
                continue
            blank = offer or OfferView(buyer, None, False, 0, False)
            worth, wins, threat = self._offer_worth(view, counts, pos, market, blank)
            # a buyer who wins too takes the game: the rules give a tie to the buyer
            mine = wins and not threat
            score = worth + (WIN if mine else 0.0) - (THREAT if threat else 0.0)
            choices.append((score, self.rng.random(), buyer, worth, mine, threat, offer, void))
        if not choices:
            return self.because(Continue(), said("negoces.bot.no_offer_yet"))
        _, _, buyer, worth, mine, threat, offer, void = max(choices)
        what = self._paid_words(offer)
        if mine:
            return self.because(
                Accept(buyer),
                said("negoces.bot.accept.win", buyer=SeatNumber(buyer), **what, **name),
                valuation=worth,
            )
        if not closing and (worth < self.accept_at or threat):
            return self.because(
                Continue(),
                said("negoces.bot.wait", buyer=SeatNumber(buyer), worth=float(worth), **what),
                valuation=worth,
            )
        if threat:
            why = said("negoces.bot.accept.threat", buyer=SeatNumber(buyer), **what, **name)
        elif void:
            why = said("negoces.bot.accept.void", buyer=SeatNumber(buyer), **name)
        elif offer is None:
            why = said("negoces.bot.accept.nobody", buyer=SeatNumber(buyer), **name)
        else:
            why = said(
                "negoces.bot.accept.best", buyer=SeatNumber(buyer), worth=float(worth), **what
            )
        return self.because(Accept(buyer), why, valuation=worth)

    def _paid_words(self, offer: OfferView | None) -> dict[str, _Words]:
        """The fields ``paid_en`` and ``paid_fr``: a standing offer in words."""
        if offer is None:
            return _words("paid", "negoces.bot.paid.none")
        # what the offer holds names its phrase: "card_coins_loan", "hidden", "coins", ...
        parts = []
        fields: dict[str, Any] = {"coins": offer.coins}
        if offer.card is not None:
            parts.append("card")
            fields.update(self._good(self._good_of[offer.card]))
        elif offer.face_down:
            parts.append("hidden")
        if offer.coins or not parts:
            parts.append("coins")
        if offer.loan:
            parts.append("loan")
        return _words("paid", f"negoces.bot.paid.{'_'.join(parts)}", **fields)

    def _swindle(self, view: NegocesView) -> Action:
        pending = view.pending
        assert pending is not None and pending.card is not None and view.seller is not None
        counts, pos = self._position(view)
        paid = self._good_of[pending.card]
        market = self._good_of[view.market] if view.market is not None else None
        known = self._known[view.seller]

        def keeps(give: str) -> float:
            return self._worth(pos.then(self._swap(counts, market, give)), view.goal)

        base = keeps(paid)
        best: tuple[float, bool, str] | None = None
        for good in sorted(counts):
            if good == paid:
                continue
            worth, seller_has = keeps(good), known[good] > 0 or good == market
            better = worth > base + 1e-9 or (worth >= base - 1e-9 and seller_has)
            if better and (best is None or (worth, seller_has) > best[:2]):
                best = (worth, seller_has, good)
        if best is None:
            return self.because(NoSwap(), said("negoces.bot.no_swap"))
        # the swap is unseen by the others: the explanation names no card
        good = best[2]
        reason = "held" if best[1] else "spare"
        return self.because(Swap(good), said(f"negoces.bot.swap.{reason}"))
