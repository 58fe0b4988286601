"""Rungis bots: three pricing strategies on one shared auction, special-card and trading policy.

Rungis is two games in one. In the **Rungis** phase players buy article cards at ascending
auctions; in the **CAC 40** phase every holder of an article type writes a secret price, and the
lowest asker earns price + 2 per card, the highest nothing (all equal counts as lowest). The
pricing phase is a Bertrand price war with cheap talk (public, non-binding announcements), so
the three bots differ only in how they announce and write prices:

* :class:`UndercutterBot` (``"undercutter"``) predicts each rival's price (its announcement,
  discounted if it broke an announcement before; else its last price; else the middle of the
  range) and writes ``undercut`` below the lowest prediction. It is the best all-round bot and
  is also registered as ``"heuristic"`` (:class:`RungisHeuristicBot`).
* :class:`CartelBot` (``"cartel"``) announces and writes the top of the price range (twice the
  base price), the cartel price; with probability ``defect`` it writes one below instead.
* :class:`TitForTatBot` (``"tit-for-tat"``) cooperates at the top of the range until a rival
  asked less than it for a type last round; then it writes one below that rival's price for
  ``punish`` round(s), and cooperates again.

What they share (:class:`RungisBot`):

* **Valuation of an article card** of base ``b``: its expected earnings per round times the
  rounds in which it will still sell, plus ``b`` at the end. Per round a card earns ``floor + 2``
  when rivals hold the type (a price war ends at the floor: the base price, or 1 with
  ``below_base``), and up to ``2b + 2`` for a lone seller, discounted by the chance that another
  card of the type reaches a rival. Buying a type a rival sells alone also breaks their monopoly,
  which counts ``spite`` times their loss. A face-down special card is worth ``special_worth``.
* **Auctions**: the designator points at the card it values most (the least when it cannot pay
  for any); every bot opens at the minimum and raises by 1 while the high bid is below ``share``
  times its valuation and its gold.
* **Special cards**: each legal play is given a worth in gold (its gain to the bot plus
  ``spite`` times the rivals' loss); the best is played when worth ``play_threshold`` or more,
  or any with a positive worth at the last chance to play it (unplayed cards score nothing).
* **Trading** (option ``trading``): a bot accepts a proposal only when the cards and gold it gets
  are worth ``trade_margin`` more to it than what it gives; it proposes to buy a rival's card of
  a type it holds when that leaves it the type's lone seller, paying the card's worth to the
  rival plus 1.

Every decision is built from the view alone (the legal list is used only where it is short) and
costs a few microseconds: no search. Each is explained in one sentence, in English or French
(``bot.explain("fr")``): the messages are the catalogue's ``rungis.bot.*`` keys
(:mod:`tradekit.i18n`), formatted only when someone asks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from tradekit.bots.base import Bot, Said, check_fraction, said
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.seats import SeatNumber
from tradekit.games.rungis.actions import (
    Accept,
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    Refuse,
    Terms,
)
from tradekit.games.rungis.game import LOWEST_BONUS, RungisGame
from tradekit.games.rungis.tables import Special
from tradekit.games.rungis.view import RungisView
from tradekit.i18n import load_messages

#: Effects (special-card kinds) that a price freeze, strike ... set on an article for one round.
_ARTICLE_EFFECTS = ("strike", "tax", "price_freeze", "exclusivity", "shortage")

load_messages("tradekit.games.rungis")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _play_reason(special: Special, outcome: str, worth: float, **fields: Any) -> tuple[float, Said]:
    """A play's worth and its reason: the message of ``outcome`` naming the card and the worth."""
    why = said(
        f"rungis.bot.play.{outcome}",
        card_en=special.name_en,
        card_fr=special.name_fr,
        worth=float(worth),
        **fields,
    )
    return worth, why


@dataclasses.dataclass(eq=False, kw_only=True)
class RungisBot(Bot[RungisGame, RungisView]):
    """The auction, special-card and trading policy shared by the Rungis pricing bots.

    Subclasses decide the prices: :meth:`announcement` (what to announce in the talk turn, or
    ``None``) and :meth:`write_price` (the secret price). See the module docstring.

    Args:
        share: the bot bids up to this share of a card's valuation (0 to 2; 1 bids up to the
            whole expected value, leaving no profit).
        special_worth: the gold a face-down special card is worth to it (0 to 20).
        spite: the weight of a rival's loss against its own gain (0 to 2), when valuing a card
            that breaks a rival's monopoly and when choosing a special card's target.
        play_threshold: play a special card when it is worth this much gold or more (0 to 50);
            at the last chance to play it, any positive worth will do.
        trade_margin: accept a trade only when it gains at least this much gold's worth
            (0 to 100).
    """

    game: ClassVar[str | None] = "rungis"

    share: float = 0.7
    special_worth: float = 3.0
    spite: float = 0.5
    play_threshold: float = 3.0
    trade_margin: float = 1.0

    def __post_init__(self) -> None:
        check_fraction(self.share, "share", 0.0, 2.0)
        check_fraction(self.special_worth, "special_worth", 0.0, 20.0)
        check_fraction(self.spite, "spite", 0.0, 2.0)
        check_fraction(self.play_threshold, "play_threshold", 0.0, 50.0)
        check_fraction(self.trade_margin, "trade_margin", 0.0, 100.0)

    # -- rules read once per game -----------------------------------------------------------
    def start(self, game: RungisGame) -> None:
        """Read the public tables (article types, base prices, special cards) and options."""
        tables = game.tables
        self._types: dict[int, str] = tables.article_cards
        self._base: dict[str, int] = {a.id: a.base for a in tables.articles}
        self._count: dict[str, int] = {a.id: a.count for a in tables.articles}
        self._order: list[str] = [a.id for a in tables.articles]
        self._names: dict[str, str] = {a.id: a.name_en for a in tables.articles}
        self._names_fr: dict[str, str] = {a.id: a.name_fr for a in tables.articles}
        self._specials: dict[int, Any] = tables.special_by_card
        self._below_base: bool = bool(game.below_base)
        self._trading: bool = bool(game.trading)
        self._planned_terms: int | None = None
        self._counts_key: object = None
        self._counts_value: list[dict[str, int]] = []
        #: counts() of one shop, by its cards.
        self._shop_counts: dict[tuple[int, ...], dict[str, int]] = {}
        self._anyone: list[str] | None = None
        self._removed_key: tuple[int, ...] | None = None
        self._removed_counts: dict[str, int] = {}
        self._values_key: object = None
        self._abouts: dict[int, tuple[str, dict[str, Any]]] = {}
        self._values: dict[str, float] = {}
        #: Per-game memory: announcements seen per round, rivals who broke one, rounds read.
        self._announced: dict[int, tuple[tuple[tuple[str, int], ...], ...]] = {}
        self._liars: set[int] = set()
        self._read_sales: int = -1
        self._last_prices: dict[tuple[int, str], int] = {}

    # -- helpers --------------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat this bot plays."""
        return self.seat if self.seat is not None else 0

    def counts(self, view: RungisView) -> list[dict[str, int]]:
        """Cards of each article type in each seat's shop (kept while the shops do not change;
        never to be changed by the caller)."""
        shops = view.shops
        if self._counts_key != shops:
            # A purchase changes one shop: the others are counted already.
            known = self._shop_counts
            types = self._types
            out: list[dict[str, int]] = []
            for shop in shops:
                per = known.get(shop)
                if per is None:
                    per = known[shop] = {}
                    for card in shop:
                        t = types[card]
                        per[t] = per.get(t, 0) + 1
                out.append(per)
            self._counts_key = shops
            self._counts_value = out
            self._anyone = None
        return self._counts_value

    def held_by_anyone(self, view: RungisView) -> list[str]:
        """The article types in at least one shop, in table order."""
        counts = self.counts(view)
        anyone = self._anyone
        if anyone is None:
            anyone = self._anyone = [t for t in self._order if any(t in c for c in counts)]
        return anyone

    def price_range(self, view: RungisView, article: str) -> tuple[int, int]:
        """The lowest and highest price one may write (or announce) for ``article`` now."""
        base = self._base[article]
        low = 1 if self._below_base else base
        high = 2 * base
        for effect in view.effects:
            if effect.kind == "price_freeze" and effect.article == article:
                high = min(high, base + effect.amount)
        return low, high

    def rounds_left(self, view: RungisView) -> int:
        """Sales still to come for a card held now (this round's too, before the reveal)."""
        left = view.rounds - view.round
        return left if view.revealed else left + 1

    def earnings(self, view: RungisView, article: str, owner: int, counts: Any = None) -> float:
        """Expected gold one card of ``article`` earns ``owner`` per round (see the module doc)."""
        counts = counts if counts is not None else self.counts(view)
        base = self._base[article]
        floor = 1 if self._below_base else base
        war = floor + LOWEST_BONUS
        for q, c in enumerate(counts):  # a loop, not any(): a generator costs a call per seat
            if q != owner and c.get(article):
                return float(war)
        # A lone seller asks up to 2b and earns 2b + 2, while no rival buys into the type.
        return war + (2 * base - floor) * self.stays_alone(view, article, counts)

    def stays_alone(self, view: RungisView, article: str, counts: Any) -> float:
        """The chance (roughly, averaged over the rounds left) that no rival gets ``article``."""
        seen = sum(c.get(article, 0) for c in counts)
        seen += self._removed_of(view).get(article, 0)
        unseen = max(0, self._count[article] - seen - 1)
        if not unseen or not view.deck_size:
            return 1.0
        future = min(view.deck_size, view.players * max(0, view.rounds - view.round))
        reach = future / view.deck_size * (view.players - 1) / view.players
        return float((1.0 - reach / 2) ** unseen)

    def _removed_of(self, view: RungisView) -> dict[str, int]:
        """The cards of each article type removed from the game (kept while none is removed)."""
        removed = view.removed
        if self._removed_key != removed:
            types = self._types
            out: dict[str, int] = {}
            for card in removed:
                t = types.get(card)
                if t is not None:
                    out[t] = out.get(t, 0) + 1
            self._removed_key = removed
            self._removed_counts = out
        return self._removed_counts

    def card_value(self, view: RungisView, card: int | None) -> float:
        """What a centre card is worth to this bot: an article's valuation (see the module
        docstring), ``special_worth`` for a face-down special card."""
        if card is None or card not in self._types:
            return self.special_worth
        return self.type_value(view, self._types[card])

    def type_value(self, view: RungisView, article: str) -> float:
        """The worth to this bot of one more card of ``article`` (kept while the shops, the
        removed cards, the deck and the round stand still: an auction asks for it often)."""
        key = (view.round, view.revealed, view.deck_size, len(view.removed), view.shops)
        if self._values_key != key:
            self._values_key = key
            self._values = {}
        value = self._values.get(article)
        if value is None:
            value = self._type_value(view, article)
            self._values[article] = value
        return value

    def _type_value(self, view: RungisView, article: str) -> float:
        counts = self.counts(view)
        base = self._base[article]
        rounds = self.rounds_left(view)
        me = self.me
        own = self.earnings(view, article, me, counts) * rounds + base
        # Buying into a type a rival sells alone turns their monopoly into a price war.
        holders = [q for q, c in enumerate(counts) if q != me and c.get(article)]
        if len(holders) == 1 and self.spite:
            q = holders[0]
            alone = self.earnings(view, article, q, counts)
            floor = 1 if self._below_base else base
            loss = (alone - floor - LOWEST_BONUS) * counts[q][article] * rounds
            own += self.spite * loss
        return own

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view: RungisView, legal: Sequence[Action]) -> Action:
        """Decide from the view (the legal list is read only for the article to price), then
        take the action off the legal list where its place there is known (:meth:`_listed`)."""
        return self._listed(legal, self._decide(view, legal))

    def _listed(self, legal: Sequence[Action], action: Action) -> Action:
        """``action`` as ``legal`` lists it, when the list holds it where a seat's menu puts it
        (a bid at the lowest bid first, a pass or done last, a designation at its slot, a
        price at its rise over the floor): an action read off the menu is one the engine made,
        and ``State.apply`` takes it without checking it again. Else ``action`` itself."""
        kind = type(action)
        if kind is Bid:
            index = 0  # the bot bids the lowest bid allowed
        elif kind is Done or kind is Pass:
            index = -1
        elif isinstance(action, Designate):
            index = action.slot
        elif isinstance(action, Price):
            floor = 1 if self._below_base else self._base[action.article]
            index = action.price - floor
        else:
            return action
        try:
            listed = legal[index]
        except IndexError:
            return action
        if listed != action:  # another list (a test's, another layout): checked as usual
            return action
        self._last = listed
        return listed

    def _decide(self, view: RungisView, legal: Sequence[Action]) -> Action:
        self._remember(view)
        step = view.step
        if step in ("auction_start", "after_reveal"):
            return self._window(view)
        if step == "designate":
            return self._designate(view)
        if step == "bid":
            return self._bid(view)
        if step == "talk":
            return self._talk(view)
        if step == "terms":
            return self._terms(view)
        if step == "answer":
            return self._answer(view)
        if step == "prices":
            return self._price(view, legal)
        return self.because(legal[0], said("rungis.bot.nothing", step=step))

    def _remember(self, view: RungisView) -> None:
        """Keep this round's announcements and read last round's sales once."""
        if view.phase in ("cac40", "ca"):
            self._announced[view.round] = view.announcements
        if view.round != self._read_sales:
            self._read_sales = view.round
            told = self._announced.get(view.round - 1, ())
            for line in view.sales:
                if line.price is None:
                    continue
                self._last_prices[(line.player, line.article)] = line.price
                promised = dict(told[line.player]) if line.player < len(told) else {}
                if line.article in promised and line.price < promised[line.article]:
                    self._liars.add(line.player)

    # -- auctions -------------------------------------------------------------------------------
    def _designate(self, view: RungisView) -> Action:
        me = self.me
        gold = view.gold[me]
        scored = []
        for slot, card in enumerate(view.centre):
            minimum = (
                1 if card is None or card not in self._types else self._base[self._types[card]]
            )
            value = self.card_value(view, card)
            scored.append((value - minimum, value, minimum <= gold, -slot, slot, card))
        affordable = [s for s in scored if s[2]]
        if affordable:
            surplus, value, _, _, slot, card = max(affordable)
            about, fields = self._about(card)
            return self.because(
                Designate(slot),
                said(f"rungis.bot.designate.{about}", value=float(value), **fields),
                valuation=value,
                surplus=surplus,
            )
        surplus, value, _, _, slot, card = min(scored)
        about, fields = self._about(card)
        return self.because(
            Designate(slot), said(f"rungis.bot.designate_least.{about}", **fields), valuation=value
        )

    def _minimum(self, card: int | None) -> int:
        """The opening bid on a centre card: its base price, or 1 for a special card."""
        if card is None or card not in self._types:
            return 1
        return self._base[self._types[card]]

    def _good(self, article: str) -> dict[str, str]:
        """The fields naming ``article`` in a reason: its English and French names."""
        return {"good_en": self._names[article], "good_fr": self._names_fr[article]}

    def _about(self, card: int | None) -> tuple[str, dict[str, Any]]:
        """How a reason names a centre card: the message variant (``"card"`` for an article,
        ``"special"`` for a face-down special card) and its fields (never to be changed)."""
        if card is None or card not in self._types:
            return "special", {}
        # Asked at every bid: the fields of a card are made once per game.
        about = self._abouts.get(card)
        if about is None:
            t = self._types[card]
            about = self._abouts[card] = (
                "card",
                {"card": card, "base": self._base[t], **self._good(t)},
            )
        return about

    def _bid(self, view: RungisView) -> Action:
        auction = view.auction
        assert auction is not None
        me = self.me
        gold = view.gold[me]
        card = auction.card if not auction.special else None
        value = self.card_value(view, card)
        cap = min(gold, int(self.share * value))
        ask = auction.minimum if auction.high_bid is None else auction.high_bid + 1
        about, fields = self._about(card)
        if ask <= cap:
            verb = "open" if auction.high_bid is None else "raise"
            if cap == gold:  # held back by the gold, not the card's worth: said so
                verb += "_all"
            return self.because(
                Bid(ask),
                said(f"rungis.bot.{verb}.{about}", ask=ask, value=float(value), cap=cap, **fields),
                valuation=value,
                cap=float(cap),
            )
        if ask > gold:
            why = said(f"rungis.bot.pass_poor.{about}", ask=ask, gold=gold, **fields)
        else:
            why = said(
                f"rungis.bot.pass_cap.{about}", value=float(value), cap=cap, ask=ask, **fields
            )
        return self.because(Pass(), why, valuation=value, cap=float(cap))

    # -- special cards --------------------------------------------------------------------------
    def plays(self, view: RungisView, timing: str) -> list[Play]:
        """The special cards this bot may play now with their targets (the engine's rules,
        read from the view, so the long legal list of a talk turn is never built)."""
        me = self.me
        hand = view.hand
        if not hand:
            return []
        counts = self.counts(view)
        mine = [t for t in self._order if t in counts[me]]
        anyone = self.held_by_anyone(view)
        done: dict[str, set[Any]] = {}
        for e in view.effects:
            key = (e.player, e.article) if e.kind in ("subsidy", "advertising") else e.article
            done.setdefault(e.kind, set()).add(key)
        can_buy = me not in view.barred and view.buys[me] < view.limits[me]
        out: list[Play] = []
        for card in hand:
            special = self._specials[card]
            if special.timing != timing:
                continue
            kind, amount = special.kind, special.amount
            others = [q for q in range(view.players) if q != me]
            seen = done.get(kind, set())
            if kind == "no_delivery":
                out += [Play(card, player=q) for q in others if q not in view.barred]
            elif kind == "double_order":
                if me not in view.barred and view.limits[me] < amount:
                    out.append(Play(card))
            elif kind == "preemption":
                if can_buy:
                    out += [
                        Play(card, pick=c)
                        for c in view.centre
                        if c is not None
                        and c in self._types
                        and self._base[self._types[c]] + amount <= view.gold[me]
                    ]
            elif kind in ("strike", "tax", "price_freeze", "shortage"):
                out += [Play(card, article=t) for t in anyone if t not in seen]
            elif kind == "exclusivity":
                out += [Play(card, article=t) for t in mine if t not in seen]
            elif kind in ("subsidy", "advertising"):
                out += [Play(card, article=t) for t in mine if (me, t) not in seen]
            elif kind == "rumour":
                if "rumour" not in done and mine:
                    out += [Play(card, player=q) for q in others if view.shops[q]]
            elif kind == "spoilage":
                out += [
                    Play(card, player=q, article=t)
                    for q in others
                    for t in self._order
                    if counts[q].get(t)
                ]
        return out

    def play_worth(self, view: RungisView, play: Play) -> tuple[float, Said]:
        """A special-card play's worth in gold to this bot, and the reason for playing it."""
        special = self._specials[play.card]
        kind, amount = special.kind, special.amount
        counts = self.counts(view)
        if kind == "no_delivery":
            assert play.player is not None
            articles = sum(1 for c in view.centre if c is not None and c in self._types)
            if not articles:
                return _play_reason(special, "no_delivery_empty", 0.0)
            worth = 2.0 + 0.2 * view.gold[play.player]
            return _play_reason(
                special,
                "no_delivery",
                worth,
                rival=SeatNumber(play.player),
                gold=view.gold[play.player],
            )
        if kind == "double_order":
            values = sorted(
                (self.card_value(view, c) for c in view.centre if c is not None),
                reverse=True,
            )
            if len(values) < 2:
                return _play_reason(special, "double_order_few", 0.0)
            return _play_reason(special, "double_order", self.share * values[1] / 2)
        if kind == "preemption":
            assert play.pick is not None
            price = self._base[self._types[play.pick]] + amount
            worth = self.card_value(view, play.pick) - price
            return _play_reason(special, "preemption", worth, pick=play.pick, price=price)
        return self._shop_play_worth(view, play, special, counts)

    def _shop_play_worth(
        self, view: RungisView, play: Play, special: Special, counts: list[dict[str, int]]
    ) -> tuple[float, Said]:
        """:meth:`play_worth` of a play on an article or a rival's shop (not on the centre):
        the gold the shops' articles earn, a rival's counted at ``spite``."""
        kind, amount = special.kind, special.amount
        me = self.me
        spite = self.spite
        t = play.article
        good = self._good(t) if t is not None else {}
        if kind == "strike" and t is not None:
            worth = spite * self._rivals(view, counts, t) - self._round_gold(view, counts, me, t)
            return _play_reason(special, "strike", worth, **good)
        if kind == "tax" and t is not None:
            worth = spite * self._rivals(view, counts, t, amount) - counts[me].get(t, 0) * amount
            return _play_reason(special, "tax", worth, amount=amount, **good)
        if kind == "subsidy" and t is not None:
            gain = float(amount * counts[me].get(t, 0))
            return _play_reason(special, "subsidy", gain, amount=amount, **good)
        if kind == "price_freeze" and t is not None:
            cut = self._base[t] / 2
            worth = spite * self._rivals(view, counts, t, cut) - counts[me].get(t, 0) * cut
            return _play_reason(special, "price_freeze", worth, **good)
        if kind == "exclusivity" and t is not None:
            base = self._base[t]
            own = self._round_gold(view, counts, me, t)
            gain = counts[me].get(t, 0) * (2 * base + LOWEST_BONUS) - own
            worth = gain + spite * self._rivals(view, counts, t)
            return _play_reason(special, "exclusivity", worth, **good)
        if kind == "shortage" and t is not None:
            half = self._base[t] / 2
            worth = counts[me].get(t, 0) * half - spite * self._rivals(view, counts, t, half)
            return _play_reason(special, "shortage", worth, **good)
        if kind == "rumour":
            assert play.player is not None
            shared = sum(1 for a in counts[me] if counts[play.player].get(a))
            return _play_reason(
                special, "rumour", 2.0 * shared, rival=SeatNumber(play.player), shared=shared
            )
        if kind == "advertising" and t is not None:
            return self._advertising_worth(view, special, counts, t, good)
        if kind == "spoilage" and play.player is not None and t is not None:
            q = play.player
            future = self.earnings(view, t, q, counts) * max(0, self.rounds_left(view))
            worth = spite * (self._base[t] + future)
            if counts[q].get(t) == 1 and counts[me].get(t):
                # one rival fewer in my price war
                worth += self._round_gold(view, counts, me, t) / 2
            return _play_reason(special, "spoilage", worth, rival=SeatNumber(q), **good)
        return _play_reason(special, "none", 0.0)

    def _advertising_worth(
        self,
        view: RungisView,
        special: Special,
        counts: list[dict[str, int]],
        t: str,
        good: dict[str, str],
    ) -> tuple[float, Said]:
        """Advertising ``t`` (paid as a lowest asker): nothing if I already am one (or have no
        price for ``t``), else per card my price and the bonus, less what I am paid anyway (my
        price in the middle, half of it before the reveal)."""
        mine = counts[self.me].get(t, 0)
        status = self._status(view, t)
        price = self._sheet_price(view, self.me, t)
        if status == "lowest" or price is None:
            return _play_reason(special, "advertising_paid", 0.0, **good)
        paid = price if status == "middle" else 0
        if status == "unknown":
            paid = price // 2
        return _play_reason(
            special, "advertising", float(mine * (price + LOWEST_BONUS - paid)), **good
        )

    def _round_gold(
        self, view: RungisView, counts: list[dict[str, int]], owner: int, article: str
    ) -> float:
        """The gold ``owner``'s cards of ``article`` earn this round."""
        return counts[owner].get(article, 0) * self.earnings(view, article, owner, counts)

    def _rivals(
        self,
        view: RungisView,
        counts: list[dict[str, int]],
        article: str,
        per_card: float | None = None,
    ) -> float:
        """What the other seats' cards of ``article`` earn this round, or (``per_card``) that
        much on each of their cards."""
        total = 0.0
        me = self.me
        for q in range(view.players):
            if q != me and counts[q].get(article):
                total += (
                    counts[q][article] * per_card
                    if per_card
                    else self._round_gold(view, counts, q, article)
                )
        return total

    def _sheet_price(self, view: RungisView, seat: int, article: str) -> int | None:
        sheet = view.sheets[seat]
        if sheet is None:
            return None
        return dict(sheet).get(article)

    def _status(self, view: RungisView, article: str) -> str:
        """My standing at this round's sale of ``article`` once the sheets are revealed."""
        me = self.me
        mine = self._sheet_price(view, me, article)
        if mine is None or not view.revealed:
            return "unknown"
        prices = [
            x for q in range(view.players) if (x := self._sheet_price(view, q, article)) is not None
        ]
        if mine == min(prices):
            return "lowest"
        return "highest" if mine == max(prices) else "middle"

    def last_chance(self, view: RungisView, timing: str) -> bool:
        """Whether this is the last window of ``timing`` in the game."""
        if view.round < view.rounds:
            return timing == "auction_start" and view.deck_size == 0
        return True

    def _best_play(self, view: RungisView, timing: str) -> tuple[Play, float, Said] | None:
        best: tuple[float, Said, Play] | None = None
        for play in self.plays(view, timing):
            worth, why = self.play_worth(view, play)
            if best is None or worth > best[0]:
                best = (worth, why, play)
        if best is None:
            return None
        worth, why, play = best
        urgent = self.last_chance(view, timing) and worth > 0
        if worth >= self.play_threshold or urgent:
            return play, worth, why
        return None

    def _played(self, play: Play, worth: float, why: Said) -> Action:
        return self.because(play, why, worth=worth)

    def _window(self, view: RungisView) -> Action:
        best = self._best_play(view, view.step)
        if best is not None:
            return self._played(*best)
        if view.hand:
            return self.because(Done(), said("rungis.bot.keep_specials"), cards=len(view.hand))
        return self.because(Done(), said("rungis.bot.nothing_to_play"))

    # -- the talk turn ----------------------------------------------------------------------------
    def _talk(self, view: RungisView) -> Action:
        best = self._best_play(view, "talk")
        if best is not None:
            return self._played(*best)
        me = self.me
        counts = self.counts(view)
        announced = dict(view.announcements[me])
        for article in self._order:
            if counts[me].get(article) and article not in announced:
                low, high = self.price_range(view, article)
                chosen = self.announcement(view, article, low, high)
                if chosen is not None:
                    price, why = chosen
                    price = min(max(price, low), high)
                    return self.because(
                        Announce(article, price), why, price=price, base=self._base[article]
                    )
        if self._trading and me not in view.proposed:
            offer = self._proposal(view)
            if offer is not None:
                action, gold, why, gain = offer
                self._planned_terms = gold
                return self.because(action, why, gain=gain, gold=gold)
        return self.because(Done(), self.quiet_reason())

    def quiet_reason(self) -> Said:
        """Why this bot ends its talk turn (said when it has nothing more to announce)."""
        return said("rungis.bot.quiet")

    def announcement(
        self, view: RungisView, article: str, low: int, high: int
    ) -> tuple[int, Said] | None:
        """The price to announce for ``article`` (and why), or ``None`` to keep quiet."""
        return None

    # -- pricing --------------------------------------------------------------------------------
    def _price(self, view: RungisView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        assert isinstance(first, Price)
        article = first.article
        low, high = self.price_range(view, article)
        counts = self.counts(view)
        rivals = [q for q, c in enumerate(counts) if q != self.me and c.get(article)]
        if not rivals:
            return self.because(
                Price(article, high),
                said("rungis.bot.price_alone", price=high, **self._good(article)),
                price=high,
                base=self._base[article],
                rivals=0,
            )
        price, why, notes = self.write_price(view, article, low, high, rivals)
        price = min(max(price, low), high)
        return self.because(
            Price(article, price),
            why,
            price=price,
            base=self._base[article],
            rivals=len(rivals),
            **notes,
        )

    def write_price(
        self, view: RungisView, article: str, low: int, high: int, rivals: list[int]
    ) -> tuple[int, Said, dict[str, float]]:
        """The secret price for ``article`` when ``rivals`` also sell it: (price, why, notes)."""
        raise NotImplementedError

    def predict(self, view: RungisView, seat: int, article: str, low: int, high: int) -> int:
        """The price ``seat`` is expected to write for ``article``: its sheet if seen (Rumour),
        else its announcement (if it broke one before: one less, and no more than its last
        price), else its last price, else the middle of the range."""
        seen = self._sheet_price(view, seat, article)
        if seen is not None:
            return seen
        said = dict(view.announcements[seat]).get(article)
        last = self._last_prices.get((seat, article))
        if last is not None:
            last = min(max(last, low), high)
        if said is not None:
            if seat not in self._liars:
                return said
            return said - 1 if last is None else min(said - 1, last)
        if last is not None:
            return last
        return (low + high) // 2

    # -- trading --------------------------------------------------------------------------------
    def _proposal(self, view: RungisView) -> tuple[Propose, int, Said, float] | None:
        """Buy a rival's card of a type only we two sell, so as to sell it alone."""
        me = self.me
        counts = self.counts(view)
        gold = view.gold[me]
        rounds = self.rounds_left(view)
        best: tuple[float, int, str, int] | None = None
        for t in self._order:
            if not counts[me].get(t):
                continue
            holders = [q for q, c in enumerate(counts) if q != me and c.get(t)]
            if len(holders) != 1 or counts[holders[0]][t] != 1:
                continue
            q = holders[0]
            base = self._base[t]
            floor = 1 if self._below_base else base
            war = floor + LOWEST_BONUS
            alone = war + (2 * base - floor) * self.stays_alone(view, t, counts)
            mine = counts[me][t]
            gain = ((mine + 1) * alone - mine * war) * rounds + base
            price = int(war * rounds + base) + 1  # the card's worth to its holder, plus 1
            surplus = gain - price
            if (
                price <= gold
                and surplus >= self.trade_margin
                and (best is None or surplus > best[0])
            ):
                best = (surplus, q, t, price)
        if best is None:
            return None
        surplus, q, t, price = best
        why = said(
            "rungis.bot.offer",
            rival=SeatNumber(q),
            price=price,
            surplus=float(surplus),
            **self._good(t),
        )
        return Propose(q, None, t), price, why, surplus

    def _terms(self, view: RungisView) -> Action:
        proposal = view.proposal
        assert proposal is not None
        me = self.me
        gold = self._planned_terms if self._planned_terms is not None else 0
        gold = min(max(gold, -view.gold[proposal.to]), view.gold[me])
        self._planned_terms = None
        return self.because(Terms(gold), said("rungis.bot.terms", gold=gold), gold=gold)

    def trade_gain(self, view: RungisView) -> float:
        """What the proposal made to this bot is worth to it, in gold."""
        proposal = view.proposal
        assert proposal is not None and proposal.gold is not None
        gain = float(proposal.gold)
        if proposal.give is not None:
            gain += self.type_value(view, proposal.give)
        if proposal.take is not None:
            t = proposal.take
            counts = self.counts(view)
            gain -= self.earnings(view, t, self.me, counts) * self.rounds_left(view) + self._base[t]
        return gain

    def _answer(self, view: RungisView) -> Action:
        gain = self.trade_gain(view)
        if gain >= self.trade_margin:
            return self.because(Accept(), said("rungis.bot.accept", gain=float(gain)), gain=gain)
        return self.because(
            Refuse(),
            said("rungis.bot.refuse", gain=float(gain), margin=float(self.trade_margin)),
            gain=gain,
        )


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class UndercutterBot(RungisBot):
    """Rungis: prices just below the lowest price it expects from the rivals.

    Each rival selling the type is expected to write its announcement (if it broke an
    announcement before: one less, and no more than its last price), else its last price for the
    type, else the middle of the range (a seen sheet, with a Rumour, is exact). The bot writes
    ``undercut`` below the lowest of these, never below the floor; as a lone seller it asks the
    top. Shared parameters: see :class:`RungisBot`.

    Args:
        undercut: how far below the lowest expected price it writes (0 to 3; 0 matches it).
        bluff: announce the top of the range (the cartel price) and then undercut it anyway.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import play
        >>> played = play(tradekit.load_game("rungis"), ["undercutter", "cartel", "random",
        ...                                             "tit-for-tat"], seed=1)
        >>> played.state.is_over
        True
        >>> UndercutterBot(undercut=5)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'undercut' = 5 is not allowed: ...
    """

    name: ClassVar[str] = "undercutter"

    undercut: int = 1
    bluff: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not _whole(self.undercut) or self.undercut not in (0, 1, 2, 3):
            raise ConfigError("undercut", self.undercut, "0, 1, 2 or 3")
        if not isinstance(self.bluff, bool):
            raise ConfigError("bluff", self.bluff, "True or False")

    def announcement(
        self, view: RungisView, article: str, low: int, high: int
    ) -> tuple[int, Said] | None:
        if not self.bluff:
            return None
        return high, said("rungis.bot.announce_bluff", price=high, **self._good(article))

    def quiet_reason(self) -> Said:
        if self.bluff:
            return said("rungis.bot.quiet")
        return said("rungis.bot.quiet_undercutter")

    def write_price(
        self, view: RungisView, article: str, low: int, high: int, rivals: list[int]
    ) -> tuple[int, Said, dict[str, float]]:
        expected = {q: self.predict(view, q, article, low, high) for q in rivals}
        lowest = min(expected.values())
        who = min(q for q in rivals if expected[q] == lowest)
        price = max(low, min(high, lowest - self.undercut))
        key = "rungis.bot.price_tie" if price == lowest else "rungis.bot.price_below"
        why = said(key, price=price, rival=SeatNumber(who), lowest=lowest, **self._good(article))
        return price, why, {"predicted": float(lowest)}


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class RungisHeuristicBot(UndercutterBot):
    """Rungis's best all-round bot: the undercutter (:class:`UndercutterBot`) under the name
    ``"heuristic"``, the name the table widget and the every-game tests look for."""

    name: ClassVar[str] = "heuristic"


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class CartelBot(RungisBot):
    """Rungis: announces and writes the cartel price (the top of the range), sometimes defects.

    Shared parameters: see :class:`RungisBot`.

    Args:
        defect: the probability (0 to 1) that it writes one below the cartel price for a type it
            sells with rivals, to be the lowest asker alone (+2) while the others earn nothing.
    """

    name: ClassVar[str] = "cartel"

    defect: float = 0.1

    def __post_init__(self) -> None:
        super().__post_init__()
        check_fraction(self.defect, "defect", 0.0, 1.0)

    def announcement(
        self, view: RungisView, article: str, low: int, high: int
    ) -> tuple[int, Said] | None:
        return high, said("rungis.bot.announce_cartel", price=high, **self._good(article))

    def write_price(
        self, view: RungisView, article: str, low: int, high: int, rivals: list[int]
    ) -> tuple[int, Said, dict[str, float]]:
        good = self._good(article)
        draw = float(self.rng.random())
        if draw < self.defect and high > low:
            defect = float(self.defect)
            why = said(
                "rungis.bot.defect", price=high - 1, defect=defect, defect_pct=100 * defect, **good
            )
            return high - 1, why, {"defected": 1.0}
        return high, said("rungis.bot.cartel_keep", price=high, **good), {"defected": 0.0}


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class TitForTatBot(RungisBot):
    """Rungis: cooperates at the top price, answers an undercut with an undercut.

    It announces and writes the top of the range for each type, until a rival asked less than it
    for that type at last round's sale; then it writes one below that rival's price for
    ``punish`` round(s), and goes back to the top. Shared parameters: see :class:`RungisBot`.

    Args:
        punish: how many rounds it undercuts after being undercut (1 to 3).
    """

    name: ClassVar[str] = "tit-for-tat"

    punish: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        if not _whole(self.punish) or self.punish not in (1, 2, 3):
            raise ConfigError("punish", self.punish, "1, 2 or 3")

    def start(self, game: RungisGame) -> None:
        """Read the rules and start with no grudge."""
        super().start(game)
        #: Per article: (rounds of punishment left, the price to undercut), and rounds checked.
        self._grudge: dict[str, tuple[int, int]] = {}
        self._checked: set[tuple[int, str]] = set()

    def _update_grudge(self, view: RungisView, article: str) -> None:
        key = (view.round, article)
        if key in self._checked:
            return
        self._checked.add(key)
        me = self.me
        lines = [line for line in view.sales if line.article == article and line.price is not None]
        mine = next((line.price for line in lines if line.player == me), None)
        cheaper = [
            line.price
            for line in lines
            if line.player != me
            and line.price is not None
            and mine is not None
            and line.price < mine
        ]
        if cheaper:
            self._grudge[article] = (self.punish, min(cheaper))
        elif article in self._grudge:
            left, price = self._grudge[article]
            if left <= 1:
                del self._grudge[article]
            else:
                self._grudge[article] = (left - 1, price)

    def announcement(
        self, view: RungisView, article: str, low: int, high: int
    ) -> tuple[int, Said] | None:
        self._update_grudge(view, article)
        if article in self._grudge:
            return None
        return high, said("rungis.bot.announce_cooperate", price=high, **self._good(article))

    def quiet_reason(self) -> Said:
        return said("rungis.bot.quiet_tit_for_tat")

    def write_price(
        self, view: RungisView, article: str, low: int, high: int, rivals: list[int]
    ) -> tuple[int, Said, dict[str, float]]:
        self._update_grudge(view, article)
        good = self._good(article)
        grudge = self._grudge.get(article)
        if grudge is not None:
            _, undercut_me = grudge
            price = max(low, min(high, undercut_me - 1))
            why = said("rungis.bot.punish", price=price, undercut=undercut_me, **good)
            return price, why, {"punishing": 1.0}
        return high, said("rungis.bot.cooperate", price=high, **good), {"punishing": 0.0}
