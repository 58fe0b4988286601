"""Rungis played by its rules (stated below and in ``docs/rules/rungis.md``).

A round has four phases:

1. **Rungis** (``phase="rungis"``): the First Buyer turns as many cards as there are players into
   the centre (articles face up, specials face down). A window (``step="auction_start"``) lets the
   players play special cards timed ``auction_start``, in turn order from the First Buyer (every
   player holding a special card is asked, so the order reveals nothing about the cards).
   Then, repeatedly, the first player in turn order from the First Buyer who may still buy
   designates a centre card (``step="designate"``), and an ascending auction
   (:class:`~tradekit.core.auctions.AscendingAuction`, passes not final) runs among the players who
   may still buy (``step="bid"``), the designator speaking first: the first bid is at least the
   base price (1 for a special); a player who passes may bid again after a raise; when a full turn
   passes with no raise the last bidder pays the bank and takes the card. A card nobody bids on is
   removed from the game.
2. **CAC 40** (``phase="cac40"``): talk turns (``step="talk"``) in turn order from the First
   Buyer, where a player may announce a price per type they hold (public, non-binding), make one
   trading proposal (option ``trading``: ``step="terms"`` then the other player's
   ``step="answer"``) and play special cards timed ``talk``. Then the secret prices
   (``step="prices"``, simultaneous): each player writes a price for each type they hold, one type
   at a time in table order.
3. **CA** (``phase="ca"``): the sheets are revealed; a window (``step="after_reveal"``) lets
   players play special cards timed ``after_reveal``; then each type is sold in table
   order: lowest askers earn price + 2 per card, highest askers nothing, the others their price;
   if all ask the same price, it counts as the lowest.
4. **Rotation**: the player to the left of the First Buyer (the next seat) becomes First Buyer.

After the last round each score is gold plus the base values of the articles in one's shop.

What a seat may do now is declared once per step, as a :class:`~tradekit.core.domains.Menu`
(:meth:`RungisState._menu`): the legal actions, the check and the refusal sentence all come from
it. Prices, announcements, bids and the gold of a trade's terms are ranges, never listed, so a
seat holding the most gold a scripted set-up allows (10,000) lists, indexes and checks its
actions at once. A refusal names the field, what is allowed and what was given ("the price for
fish must be a whole number from 4 to 8; got 9").

The secret prices are not the core's one-choice sealed step (``SealedStep``): a seat's sheet is
several actions (one price per type held, one type at a time), its "has written" event comes when
the last price is in, and a Rumour's player writes only after their target has finished.

Rulings where the rulebook is silent (numbered, with their reasons, in ``docs/rules/rungis.md``):

* **Declining to open.** The designator may pass instead of opening; the other players who may
  still buy then may open in turn order. The card is removed only when nobody opens.
* **Short deck.** With fewer cards left than players, the centre gets what is left; with none, the
  round has no Rungis phase (shops still sell). (Without special cards the 48 articles run out
  before the end with 5 or more players.)
* **Leftovers.** When no player may still buy, the centre cards left are removed from the game
  (face-down specials unseen).
* **Players who cannot pay** the lowest bid are passed without a decision; a designator who cannot
  pay any card still designates one (the others may open on it).
* **Talk turns** come once per round per player, in turn order; a player with nothing to say (no
  article, no proposal possible, no special card in hand) is skipped. Announcements are for types
  one holds, within the prices one could write. Trading: at most one proposal per player per pricing
  phase, of one shop article each way at most, plus gold; the other player accepts or refuses.
* **Special cards** bought are held face down (seen by their owner) and stay in hand across rounds
  until played; a played card is discarded face up. Unplayed special cards score nothing.
* **Set-up gold.** A scripted set-up gives each seat from 0 to 10,000 gold (the bound every game's
  set-ups share); more is refused when the set-up is read.
* **Scores in the view.** Gold and shops are public, so every view holds each seat's score as it
  stands (gold plus the base values of its shop), final once the game is over; ``winners`` is
  empty until then.
* **Exclusive rights without a card.** If Spoiled goods takes the last card of a type from the
  holder of its exclusive rights, the other holders stay excluded: nobody sells that type this
  round (the sale is logged with empty ``prices``).

Event data. Every non-action event's ``data`` names the event in ``what`` and holds its facts, so
renderers and measures never parse the English ``text``. Seats are ints, cards ids, articles ids:

* ``start``: ``rounds``. ``setup`` (scripted): ``shops``, ``gold``, ``first``.
  ``hand`` (scripted, owner only): ``hand``. ``shuffle`` / ``scripted_deck`` (hidden): ``deck``.
* ``round``: ``first_buyer``. ``deck_empty``: nothing more. ``centre``: ``centre`` (``None`` for a
  face-down special). ``face_down`` (hidden): ``face_down``, the special cards among them.
* ``buy``: ``price``, ``how`` (``"auction"`` or ``"preemption"``) and ``card``, absent for a
  face-down special card; then ``looks`` (buyer only): ``special``, the card bought.
* ``removed`` (a face-up card) and ``removed_unseen`` (hidden): ``removed`` (the card) and ``why``
  (``"unopened"``: nobody opened; ``"leftover"``: nobody could buy any more this phase);
  ``removed_face_down`` (public twin of ``removed_unseen``): ``why``.
* ``effect`` (a special card played): ``card``, ``kind``, ``amount`` (the card's parameter),
  ``target`` (a seat) and ``article`` when the card has them; Pre-emption adds ``pick`` and
  ``price``, Price freeze ``top`` (the highest price now allowed), Spoiled goods ``lost`` (the
  cards removed).
* ``trade``: ``proposer``, ``to``, ``gold`` (> 0: the proposer paid), ``give_card`` /
  ``take_card`` (the card the proposer / the other player handed over, when there was one).
* ``sheet_written``: nothing more; ``rumour`` (spy only): ``sheet``, ``of``; ``reveal``:
  ``sheets`` (seat -> article -> price).
* ``sale``: ``article``, ``prices`` (seller -> price; empty when the holder of exclusive rights
  has none left) and ``lines``; ``strike``: ``article`` and ``lines``. A line is a
  :class:`~tradekit.games.rungis.view.SaleLine` (``player``, ``price``, ``cards``, ``status``,
  ``each``, ``paid``) plus ``bonus`` (the +2 per card of a lowest asker or
  an Advertising, else 0) and ``tax`` (a Tax's amount taken off each card's earnings, else 0).
  ``subsidy`` (after the sales, to the Subsidy's player): ``article``, ``amount`` (per card),
  ``cards``, ``paid``.
* ``score`` (one per seat): ``gold``, ``shop``, ``articles`` (article -> cards), ``score``;
  ``final``: ``scores``, ``winners``.

Action events carry the action itself; a ``Designate`` of a face-up article adds ``card``.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.core.actions import Action, describe_value
from tradekit.core.auctions import AscendingAuction
from tradekit.core.domains import NOTHING, Menu, OneOf, Option, Range
from tradekit.core.events import BANK
from tradekit.core.setup import Setup
from tradekit.core.state import State
from tradekit.core.view import Viewer, check_viewer
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
from tradekit.games.rungis.game import LOWEST_BONUS, STARTING_GOLD
from tradekit.games.rungis.tables import Special
from tradekit.games.rungis.view import AuctionView, Effect, ProposalView, RungisView, SaleLine

if TYPE_CHECKING:
    from tradekit.games.rungis.game import RungisGame

#: Steps that are special-card windows, and the timing of the cards they accept.
WINDOWS = ("auction_start", "after_reveal")
SETUP_KEYS = frozenset({"deck", "gold", "shops", "hands", "first", "rounds"})
#: Why centre cards leave the game (the ``why`` of removal events) and the log's words for it.
REMOVED_WHY = {
    "unopened": "nobody opened",
    "leftover": "nobody may buy any more this phase",
}
#: The types of viewer that view() may look up in its cache directly.
_VIEWER_TYPES = (int, str, type(None))
#: How a card was bought (the ``how`` of purchase events) and the ledger's words for it.
BOUGHT_HOW = {"auction": "won at the Rungis auction", "preemption": "pre-emption"}


class RungisState(State[RungisView]):
    """A Rungis game in play. Create it with ``RungisGame(...).new_state(seed=...)``.

    A scripted ``setup`` (a mapping; lists or tuples), all keys optional:
    ``deck`` (card ids, top card first; cards placed nowhere else and not listed are out of play),
    ``shops`` (article card ids per seat), ``hands`` (special card ids per seat), ``gold`` (per
    seat), ``first`` (the First Buyer of round 1, default seat 0) and ``rounds`` (how many rounds
    to play, default 10, or 8 with more than 6 players). Without ``deck``, the cards not placed are
    shuffled into the deck.

    Example:
        >>> from tradekit.games.rungis.game import RungisGame
        >>> s = RungisGame(players=3, specials=False).new_state(setup={"deck": [37, 1, 13]})
        >>> s.centre, s.to_move, s.step
        ([37, 1, 13], (0,), 'designate')
    """

    game: RungisGame

    _MEMOS = State._MEMOS | {"_views"}

    def __init__(self, game: RungisGame, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        #: Parts of view() by viewer (and "public"), kept until a decision changes them.
        self._views: dict[Viewer, dict[str, Any]] = {}
        #: held() by shop contents.
        self._held: dict[tuple[int, ...], list[str]] = {}
        #: The talk turn's proposals and plays (by seat), kept while it announces.
        self._talk_rest: tuple[int, tuple[Option, ...]] | None = None
        n = game.players
        self.n = n
        self.tables = game.tables
        self.gold = [STARTING_GOLD] * n
        self.deck: list[int] = []
        self.centre: list[int] = []
        self.shops: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.played: list[int] = []
        self.removed: list[int] = []
        self.removed_hidden: list[int] = []
        self.unused: list[int] = []
        self.first = 0
        self.rounds = game.rounds
        self.active = 0
        self.step = ""
        self.final_scores: list[int] | None = None
        #: The last round's sales, kept until the next sales.
        self.sales: list[SaleLine] = []
        self._reset_round()
        if setup is not None:
            self._scripted(setup)
        if setup is None or "deck" not in setup:
            self._shuffle()
        self._initial_money = list(self.gold)
        self._event(
            "info",
            f"Rungis, {n} players, {self.rounds} rounds, "
            + ("with" if game.specials else "without")
            + " special cards",
            data={"what": "start", "rounds": self.rounds},
        )
        self._begin_round()
        self._moving = self._compute_to_move()

    @property
    def kind_of(self) -> dict[int, Special]:
        """The special cards by id (shared with the tables)."""
        return self.tables.special_by_card

    @property
    def type_of(self) -> dict[int, str]:
        """Each article card's type (shared with the tables)."""
        return self.tables.article_cards

    def _reset_round(self) -> None:
        n = self.n
        self.buys = [0] * n
        self.limits = [1] * n
        self.barred: set[int] = set()
        self.designator: int | None = None
        self.auction: AscendingAuction | None = None
        self.slot: int | None = None
        self.window_order: list[int] = []
        self.window_pos = 0
        self.talk_pos = 0
        self.announced: list[dict[str, int]] = [{} for _ in range(n)]
        self.proposed: set[int] = set()
        self.proposal: dict[str, Any] | None = None
        self.trades: list[str] = []
        self.to_price: dict[int, list[str]] = {}
        self.sheets: dict[int, dict[str, int]] = {}
        self.last_price: dict[int, Price] = {}
        self.revealed = False
        self.effects: list[Effect] = []
        self.strikes: set[str] = set()
        self.taxes: dict[str, int] = {}
        self.subsidies: list[tuple[int, str, int]] = []
        self.freezes: dict[str, int] = {}
        self.exclusive: dict[str, int] = {}
        self.shortages: set[str] = set()
        self.adverts: set[tuple[int, str]] = set()
        self.rumour: tuple[int, int] | None = None

    # -- set-up ---------------------------------------------------------------------------------
    def all_cards(self) -> list[int]:
        """The ids of every card of this game (the articles, and the specials if played)."""
        cards = sorted(self.type_of)
        if self.game.specials:
            cards += [s.card for s in self.tables.specials]
        return cards

    def _shuffle(self) -> None:
        placed = (
            set(self.deck) | {c for s in self.shops for c in s} | {c for h in self.hands for c in h}
        )
        rest = [c for c in self.all_cards() if c not in placed]
        self.deck = [rest[i] for i in self.rng.permutation(len(rest))]
        self._event(
            "chance",
            f"the {len(self.deck)} cards are shuffled into the deck",
            data={"what": "shuffle", "deck": self.deck},
            visible_to=(),
        )

    def _scripted(self, setup: Mapping[str, Any]) -> None:
        s = Setup(setup, self.n, SETUP_KEYS)
        valid = set(self.all_cards())

        def only(key: str, cards: list[int], specials: bool) -> list[int]:
            for c in cards:
                if specials and c not in self.kind_of:
                    raise s.bad(key, f"special cards only (card {c} is an article)")
                if not specials and c not in self.type_of:
                    raise s.bad(key, f"article cards only (card {c} is a special)")
            return cards

        if "deck" in s:
            s.cards("deck", valid)  # checked and counted as placed; the deck keeps its order
            self.deck = list(setup["deck"])
        if "shops" in s:
            self.shops = [only("shops", shop, False) for shop in s.cards_per_seat("shops", valid)]
        if "hands" in s:
            self.hands = [only("hands", hand, True) for hand in s.cards_per_seat("hands", valid)]
        s.check_once()
        if "gold" in s:
            self.gold = s.money("gold")
        if "first" in s:
            self.first = s.seat("first", optional=False) or 0
        if "rounds" in s:
            rounds = setup["rounds"]
            if type(rounds) is not int or rounds < 1:
                raise s.bad("rounds", "a whole number >= 1")
            self.rounds = rounds
        if "deck" in s:
            self.unused = sorted(valid - set(s.used))
        for p in range(self.n):
            if self.hands[p]:
                self._event(
                    "chance",
                    f"P{p} is given scripted special cards",
                    player=p,
                    data={"what": "hand", "hand": self.hands[p]},
                    visible_to=(p,),
                )
        self._event(
            "info",
            "scripted set-up",
            data={"what": "setup", "shops": self.shops, "gold": self.gold, "first": self.first},
        )
        if "deck" in setup:
            self._event(
                "chance",
                "scripted deck",
                data={"what": "scripted_deck", "deck": self.deck},
                visible_to=(),
            )

    # -- helpers --------------------------------------------------------------------------------
    def turn_order(self) -> list[int]:
        """Every seat in turn order from the First Buyer."""
        return [(self.active + i) % self.n for i in range(self.n)]

    def count(self, player: int, article: str) -> int:
        """How many cards of ``article`` are in ``player``'s shop."""
        return sum(1 for c in self.shops[player] if self.type_of[c] == article)

    def _counts(self, player: int) -> dict[str, int]:
        """How many cards of each article type ``player``'s shop holds (types held only)."""
        type_of = self.tables.article_cards
        out: dict[str, int] = {}
        for c in self.shops[player]:
            t = type_of[c]
            out[t] = out.get(t, 0) + 1
        return out

    def held(self, player: int) -> list[str]:
        """The article types in ``player``'s shop, in table order."""
        # Asked for at every talk turn and special-card window, while shops change rarely:
        # remembered by shop contents (a game sees a few hundred different shops at most).
        shop = tuple(self.shops[player])
        found = self._held.get(shop)
        if found is None:
            type_of = self.tables.article_cards
            have = {type_of[c] for c in shop}
            found = self._held[shop] = [a.id for a in self.tables.articles if a.id in have]
        return list(found)

    def held_by_anyone(self) -> list[str]:
        """The article types in at least one shop, in table order."""
        have = {self.type_of[c] for s in self.shops for c in s}
        return [a.id for a in self.tables.articles if a.id in have]

    def price_range(self, article: str) -> range:
        """The prices a player may write for ``article`` now: base..2×base (1..2×base with
        ``below_base``), capped by a Price freeze."""
        base = self.tables.article_by_id[article].base
        low = 1 if self.game.below_base else base
        high = 2 * base
        if article in self.freezes:
            high = min(high, base + self.freezes[article])
        return range(low, high + 1)

    def minimum_bid(self, card: int) -> int:
        """The lowest opening bid on ``card``: its base price, or 1 for a special card."""
        return 1 if card in self.kind_of else self.tables.base(card)

    def _card_name(self, card: int, public: bool = True) -> str:
        if card in self.kind_of and public:
            return "a face-down special card"
        return self.tables.describe(card)

    def _name(self, article: str) -> str:
        return self.tables.article_by_id[article].name_en

    def shop_value(self, player: int) -> int:
        """The base values of the articles in ``player``'s shop."""
        return sum(self.tables.base(c) for c in self.shops[player])

    # -- protocol -------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now."""
        return self._moving

    def _compute_to_move(self) -> tuple[int, ...]:
        step = self.step
        if step in WINDOWS:
            return (self.window_order[self.window_pos],)
        if step == "designate" and self.designator is not None:
            return (self.designator,)
        if step == "bid" and self.auction is not None:
            speaker = self.auction.speaker
            return () if speaker is None else (speaker,)
        if step == "talk":
            return ((self.active + self.talk_pos) % self.n,)
        if step == "terms" and self.proposal is not None:
            return (self.proposal["proposer"],)
        if step == "answer" and self.proposal is not None:
            return (self.proposal["to"],)
        if step == "prices":
            return tuple(
                p for p in sorted(self.to_price) if self._pending(p) and not self._waiting(p)
            )
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the final scores are in."""
        return self.phase == "over"

    def _pending(self, player: int) -> bool:
        return len(self.sheets.get(player, {})) < len(self.to_price.get(player, []))

    def _waiting(self, player: int) -> bool:
        """Whether ``player`` played a Rumour and its target has not finished writing."""
        return (
            self.rumour is not None and self.rumour[0] == player and self._pending(self.rumour[1])
        )

    def legal_actions(self, player: int) -> Menu:
        """Every action ``player`` may take now, as a lazy :class:`~tradekit.core.domains.Menu`:
        prices, bids and gold terms are ranges, never listed, whatever the gold.

        Example:
            >>> from tradekit.games.rungis.game import RungisGame
            >>> s = RungisGame(players=3, specials=False).new_state(setup={"deck": [37, 1, 13]})
            >>> list(s.legal_actions(0)), len(s.legal_actions(1))
            ([Designate(slot=0), Designate(slot=1), Designate(slot=2)], 0)
        """
        if self.is_over or player not in self._moving:
            return NOTHING
        return self._menu(player)

    def _declare_menu(self, player: int) -> Menu:
        """What ``player`` may do now, in the order bots and random players index them."""
        step = self.step
        options: list[Option] = []
        if step in WINDOWS:
            options = [*self._play_options(player, step), _DONE]
        elif step == "designate":
            return _designate_menu(len(self.centre), _step_name(step, self.phase))
        elif step == "bid" and self.auction is not None:
            return self._bid_menu(player)
        elif step == "talk":
            # An announcement changes only what one may still announce: the proposals and plays
            # of a talk turn are declared at its first decision and kept while it announces.
            rest = self._talk_rest
            if rest is None or rest[0] != player:
                rest = self._talk_rest = (
                    player,
                    (*self._propose_options(player), *self._play_options(player, "talk"), _DONE),
                )
            options = [*self._announce_options(player), *rest[1]]
        elif step == "terms" and self.proposal is not None:
            to = self.proposal["to"]
            label = f"the gold P{player} pays P{to} (below 0: P{to} pays P{player})"
            options = [Option(Terms, gold=Range(-self.gold[to], self.gold[player], label))]
        elif step == "answer":
            options = list(_ANSWERS)
        elif step == "prices":
            article = self.to_price[player][len(self.sheets[player])]
            r = self.price_range(article)
            label = self._price_label(article)
            return _price_menu(player, article, r.start, r.stop - 1, label, self.phase)
        return Menu(options, step=_step_name(step, self.phase))

    def _price_label(self, article: str) -> str:
        """How a price for ``article`` is named in a refusal."""
        if article in self.freezes:
            top = self.price_range(article).stop - 1
            return f"the price for {article} (capped at {top} by a Price freeze)"
        return f"the price for {article}"

    def _bid_menu(self, player: int) -> Menu:
        """A bid (the auction's own range, named for this auction) or a pass."""
        auction = self.auction
        assert auction is not None and self.slot is not None
        domain = auction.bids_allowed(player)
        step = _step_name(self.step, self.phase)
        if not isinstance(domain, Range):  # pragma: no cover (Rungis raises by any amount)
            return Menu((Option(Bid, amount=domain), _PASS), step)
        if auction.high_bidder is None:
            special = self.centre[self.slot] in self.kind_of
            return _opening_menu(player, domain.lo, domain.hi, special, step)
        return _raise_menu(player, domain.lo, domain.hi, auction.high_bidder, step)

    def _announce_options(self, player: int) -> list[Option]:
        """A guard that explains a type one may not announce, then one option per type one holds
        and has not announced yet (in table order), its price within what one could write."""
        said = self.announced[player]
        held = tuple(self.held(player))
        open_ = tuple(a for a in held if a not in said) if said else held
        options = [_announce_guard(player, held)]
        for a in open_:
            r = self.price_range(a)
            options.append(_announce_option(a, r.start, r.stop - 1, self._price_label(a)))
        return options

    def _can_talk(self, player: int) -> bool:
        """Whether ``player`` could do anything in a talk turn but say Done."""
        if any(a not in self.announced[player] for a in self.held(player)):
            return True
        if (
            self.game.trading
            and player not in self.proposed
            and (self.shops[player] or any(self.shops[q] for q in range(self.n) if q != player))
        ):
            return True
        # Holding special cards (their number is public) earns a talk turn, playable or not, so
        # the turn order does not reveal what they are.
        return bool(self.hands[player])

    def _propose_options(self, player: int) -> list[Option]:
        """A guard that explains a proposal to nobody, then per other seat in seat order: give
        nothing and take a type they hold; give a type one holds and take nothing or a type
        they hold."""
        if not self.game.trading:
            return [_PROPOSE_CLOSED]
        if player in self.proposed:
            return [_proposed_guard(player)]
        mine = tuple(self.held(player))
        options = [_propose_guard(player, self.n)]
        for q in range(self.n):
            if q != player:
                options += _propose_pair(player, q, mine, tuple(self.held(q)))
        return options

    def _play_options(self, player: int, now: str) -> list[Option]:
        """A guard that explains a card that cannot be played now, then the plays of
        ``player``'s special cards timed ``now``, card by card in hand order."""
        hand = self.hands[player]
        if not hand:
            return [_play_guard(player, now, (), ())]
        options: list[Option] = []
        playable: list[int] = []
        notes: list[tuple[int, str]] = []
        for card in hand:
            special = self.kind_of[card]
            if special.timing != now:
                notes.append(
                    (card, f"{special.name_en} is played at {special.timing}, not at {now}")
                )
                continue
            found, why = self._card_options(player, card, special)
            if found:
                playable.append(card)
                options += found
            else:
                notes.append((card, f"{special.name_en} cannot be played now: {why}"))
        return [_play_guard(player, now, tuple(playable), tuple(notes)), *options]

    def _card_options(self, player: int, card: int, special: Special) -> tuple[list[Option], str]:
        """The ways to play ``card`` now (targets in the order legal lists give them), or none
        and why."""
        kind, amount = special.kind, special.amount
        one = OneOf((card,), "the special card")
        others = [q for q in range(self.n) if q != player]

        def on_seat(values: list[int], allowed: str, none: str) -> tuple[list[Option], str]:
            if not values:
                return [], none
            target = Said(values, "the target seat", allowed=allowed + " ({values})")
            return [Option(Play, card=one, player=target)], ""

        if kind in ARTICLE_TARGETS:
            mine_only, done = ARTICLE_TARGETS[kind]
            pool = self.held(player) if mine_only else self.held_by_anyone()
            taken = self._article_taken(player, kind)
            whose = f"P{player} holds" if mine_only else "someone holds"
            values = [a for a in pool if a not in taken]
            if not values:
                return [], f"no article type {whose} is left that is not {done}"
            allowed = f"an article type {whose}, not {done} yet ({{values}})"
            target = Said(values, "the article", allowed=allowed)
            return [Option(Play, card=one, article=target)], ""
        if kind == "no_delivery":
            return on_seat(
                [q for q in others if q not in self.barred],
                "another seat still in this Rungis phase",
                "every other seat is out of this Rungis phase",
            )
        if kind == "double_order":
            if player in self.barred:
                return [], f"P{player} takes no part in this Rungis phase"
            if self.limits[player] >= amount:
                return [], f"P{player} may already buy {self.limits[player]} cards"
            return [Option(Play, card=one)], ""
        if kind == "preemption":
            if player in self.barred or self.buys[player] >= self.limits[player]:
                return [], f"P{player} may not buy any more this phase"
            gold = self.gold[player]
            picks = [
                c for c in self.centre if c in self.type_of and self.tables.base(c) + amount <= gold
            ]
            cost = f"at most {gold} gold at its base price" + (f" + {amount}" if amount else "")
            if not picks:
                return [], f"no face-up article in the centre costs {cost}"
            allowed = f"a face-up article in the centre costing {cost} ({{values}})"
            pick = Said(picks, "the centre card picked", allowed=allowed)
            return [Option(Play, card=one, pick=pick)], ""
        if kind == "rumour":
            if self.rumour is not None:
                return [], "a Rumour has been played this round"
            if not self.held(player):
                return [], f"P{player} has no article, so no price sheet to write"
            return on_seat(
                [q for q in others if self.shops[q]],
                "another seat with articles to price",
                "no other seat has an article to price",
            )
        if kind == "spoilage":
            targets = [q for q in others if self.shops[q]]
            if not targets:
                return [], "no other seat has an article in their shop"
            allowed = "another seat with articles in their shop ({values})"
            seat = Said((), "the target seat", allowed=allowed, shown=targets)
            options = [Option(Play, card=one, player=seat)]
            for q in targets:
                theirs = Said(
                    self.held(q), "the article", allowed=f"an article type P{q} holds ({{values}})"
                )
                options.append(
                    Option(Play, card=one, player=OneOf((q,), "the target seat"), article=theirs)
                )
            return options, ""
        raise AssertionError(f"unknown kind {kind}")  # pragma: no cover (tables are checked)

    def _article_taken(self, player: int, kind: str) -> Collection[str]:
        """The article types a card of ``kind`` (one that targets a type) may no longer target."""
        if kind == "strike":
            return self.strikes
        if kind == "tax":
            return self.taxes
        if kind == "subsidy":
            return {a for q, a, _ in self.subsidies if q == player}
        if kind == "price_freeze":
            return self.freezes
        if kind == "exclusivity":
            return self.exclusive
        if kind == "shortage":
            return self.shortages
        return {a for q, a in self.adverts if q == player}  # advertising

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        round_, step = self.round, self.step
        self._act(player, action)
        if type(action) is not Announce:
            self._talk_rest = None
        self._moving = self._compute_to_move()
        self._forget_views(action, round_, step)

    def _forget_views(self, action: Action, round_: int, step: str) -> None:
        """Drop the view parts cached for :meth:`view` that ``action`` (taken in ``round_`` and
        ``step``) may have changed: all of them, but for the frequent decisions that move
        little."""
        if isinstance(action, (Designate, Bid, Pass)) and self.step == "bid":
            return  # the same auction runs on: view() builds the auction afresh
        if isinstance(action, Done) and self.round == round_ and self.step == step:
            return  # the same window or talk turns go on: only whose turn it is moved
        if isinstance(action, Price) and self.step == "prices":
            # One more price written: the public parts change only in who has submitted.
            public = self._views.get("public")
            self._views.clear()
            if public is not None:
                public["submitted"] = self._submitted()
                self._views["public"] = public
            return
        self._views.clear()

    def _act(self, player: int, action: Action) -> None:
        private = isinstance(action, Price)
        text = f"P{player}: {action}"
        data: dict[str, Any] = {}
        if isinstance(action, Designate):
            card = self.centre[action.slot]
            text = f"P{player} designates {self._card_name(card)}"
            if card in self.type_of:  # a face-down special card has no public identity
                data["card"] = card
        self._event(
            "action",
            text,
            player=player,
            action=action,
            data=data,
            visible_to=(player,) if private else None,
        )
        if isinstance(action, Play):
            self._play(player, action)
            if self.step in WINDOWS:
                self._advance_window(played=True)
            else:
                self._advance_talk()
            return
        if isinstance(action, Done):
            if self.step in WINDOWS:
                self.window_pos += 1
                self._advance_window()
            else:
                self.talk_pos += 1
                self._advance_talk()
            return
        if isinstance(action, Designate):
            self._designate(player, action.slot)
        elif isinstance(action, Bid):
            assert self.auction is not None
            self.auction.bid(player, action.amount)
            self._after_bid()
        elif isinstance(action, Pass):
            assert self.auction is not None
            self.auction.pass_(player)
            self._after_bid()
        elif isinstance(action, Announce):
            self.announced[player][action.article] = action.price
            self._advance_talk()
        elif isinstance(action, Propose):
            self.proposed.add(player)
            self.proposal = {
                "proposer": player,
                "to": action.to,
                "give": action.give,
                "take": action.take,
                "gold": None,
            }
            self.step = "terms"
        elif isinstance(action, Terms):
            assert self.proposal is not None
            self.proposal["gold"] = action.gold
            self.step = "answer"
        elif isinstance(action, (Accept, Refuse)):
            if isinstance(action, Accept):
                self._trade()
            self.proposal = None
            self.step = "talk"
            self._advance_talk()
        elif isinstance(action, Price):
            self._price(player, action)

    # -- the Rungis phase -----------------------------------------------------------------------
    def _begin_round(self) -> None:
        if self.round >= self.rounds:
            self._end_game()
            return
        self.round += 1
        self.active = (self.first + self.round - 1) % self.n
        self._reset_round()
        self.phase = "rungis"
        self._event(
            "info",
            f"round {self.round}: P{self.active} takes the First Buyer card",
            player=self.active,
            data={"what": "round", "first_buyer": self.active},
        )
        k = min(self.n, len(self.deck))
        if k == 0:
            self._event(
                "info", "the deck is empty: no Rungis phase this round", data={"what": "deck_empty"}
            )
            self._start_pricing()
            return
        self.centre, self.deck = self.deck[:k], self.deck[k:]
        shown = [None if c in self.kind_of else c for c in self.centre]
        self._event(
            "chance",
            f"{k} cards are turned into the centre: "
            + ", ".join(self._card_name(c) for c in self.centre),
            data={"what": "centre", "centre": shown},
        )
        face_down = [c for c in self.centre if c in self.kind_of]
        if face_down:
            self._event(
                "chance",
                f"the face-down special cards are {face_down}",
                data={"what": "face_down", "face_down": face_down},
                visible_to=(),
            )
        self._open_window("auction_start")

    def _open_window(self, name: str) -> None:
        self.step = name
        self.window_order = self.turn_order()
        self.window_pos = 0
        self._advance_window()

    def _advance_window(self, played: bool = False) -> None:
        # Whoever holds a special card is asked, whether or not it could be played now: asking
        # only those who can play would tell the table what their face-down cards are.
        if played and self.hands[self.window_order[self.window_pos]]:
            return
        if played:
            self.window_pos += 1
        while self.window_pos < len(self.window_order):
            if self.hands[self.window_order[self.window_pos]]:
                return
            self.window_pos += 1
        if self.step == "auction_start":
            self._next_designation()
        else:
            self._sell()

    def _eligible(self) -> list[int]:
        """Players who may still buy this phase, in turn order from the First Buyer."""
        return [
            p for p in self.turn_order() if p not in self.barred and self.buys[p] < self.limits[p]
        ]

    def _next_designation(self) -> None:
        self.auction = None
        self.slot = None
        self.designator = None
        if not self.centre:
            self._start_pricing()
            return
        eligible = self._eligible()
        if not eligible:
            for card in self.centre:
                self._remove_from_centre(card, "leftover")
            self.centre = []
            self._start_pricing()
            return
        self.designator = eligible[0]
        self.step = "designate"

    def _remove_from_centre(self, card: int, why: str) -> None:
        """Take ``card`` out of the game; ``why`` is a key of :data:`REMOVED_WHY`."""
        words = REMOVED_WHY[why]
        if card in self.kind_of:
            self.removed_hidden.append(card)
            self._event(
                "info",
                f"a face-down special card is removed from the game ({words})",
                data={"what": "removed_face_down", "why": why},
            )
            self._event(
                "info",
                f"removed unseen: {self.tables.describe(card)}",
                data={"what": "removed_unseen", "removed": card, "why": why},
                visible_to=(),
            )
        else:
            self.removed.append(card)
            self._event(
                "info",
                f"{self.tables.describe(card)} is removed from the game ({words})",
                data={"what": "removed", "removed": card, "why": why},
            )

    def _designate(self, player: int, slot: int) -> None:
        card = self.centre[slot]
        order = self._eligible()
        self.slot = slot
        self.auction = AscendingAuction(
            order,
            {p: self.gold[p] for p in order},
            opener=None,
            opening=self.minimum_bid(card),
            final_pass=False,
        )
        self._after_bid()

    def _after_bid(self) -> None:
        auction = self.auction
        assert auction is not None and self.slot is not None
        if not auction.done:
            self.step = "bid"
            return
        card = self.centre.pop(self.slot)
        winner, price = auction.result.winner, auction.result.price
        if winner is None:
            self._remove_from_centre(card, "unopened")
        else:
            self._buy(winner, card, price, "auction")
        self._next_designation()

    def _buy(self, player: int, card: int, price: int, how: str) -> None:
        """``player`` pays ``price`` for ``card``; ``how`` is a key of :data:`BOUGHT_HOW`."""
        self.gold[player] -= price
        self._transfer(price, player, BANK, f"bought {self._card_name(card)} ({BOUGHT_HOW[how]})")
        self.buys[player] += 1
        if card in self.kind_of:
            self.hands[player].append(card)
            self.hands[player].sort()
            self._event(
                "info",
                f"P{player} buys a face-down special card for {price} gold",
                player=player,
                data={"what": "buy", "price": price, "how": how},
            )
            self._event(
                "info",
                f"P{player} looks at it: {self.tables.describe(card)}",
                player=player,
                data={"what": "looks", "special": card},
                visible_to=(player,),
            )
        else:
            self.shops[player].append(card)
            self.shops[player].sort()
            self._event(
                "info",
                f"P{player} buys {self.tables.describe(card)} for {price} gold",
                player=player,
                data={"what": "buy", "card": card, "price": price, "how": how},
            )

    # -- special cards --------------------------------------------------------------------------
    def _play(self, player: int, action: Play) -> None:
        special = self.kind_of[action.card]
        self.hands[player].remove(action.card)
        self.played.append(action.card)
        kind, amount = special.kind, special.amount
        self.effects.append(
            Effect(action.card, kind, player, action.player, action.article, amount)
        )
        target = action.player
        article = action.article
        what = special.name_en
        data: dict[str, Any] = {"what": "effect", "card": action.card, "kind": kind}
        if target is not None:
            data["target"] = target
        if article is not None:
            data["article"] = article
        data["amount"] = amount
        if kind == "no_delivery":
            assert target is not None
            self.barred.add(target)
            text = f"P{target} takes no part in this round's Rungis phase"
        elif kind == "double_order":
            self.limits[player] = amount
            text = f"P{player} may buy up to {amount} cards this phase"
        elif kind == "preemption":
            assert action.pick is not None
            self.centre.remove(action.pick)
            base = self.tables.base(action.pick)
            self._buy(player, action.pick, base + amount, "preemption")
            data.update(pick=action.pick, price=base + amount)
            text = f"P{player} pre-empts {self.tables.describe(action.pick)}"
        elif kind == "strike":
            assert article is not None
            self.strikes.add(article)
            text = f"nobody sells {self._name(article)} this round"
        elif kind == "tax":
            assert article is not None
            self.taxes[article] = amount
            text = f"every {self._name(article)} card earns {amount} gold less this round"
        elif kind == "subsidy":
            assert article is not None
            self.subsidies.append((player, article, amount))
            text = f"the bank will pay P{player} {amount} gold per {self._name(article)} card"
        elif kind == "price_freeze":
            assert article is not None
            self.freezes[article] = amount
            top = self.price_range(article).stop - 1
            data["top"] = top
            text = f"no price for {self._name(article)} may exceed {top} this round"
        elif kind == "exclusivity":
            assert article is not None
            self.exclusive[article] = player
            text = f"only P{player} sells {self._name(article)} this round"
        elif kind == "shortage":
            assert article is not None
            self.shortages.add(article)
            text = f"the highest askers for {self._name(article)} are paid their price this round"
        elif kind == "rumour":
            assert target is not None
            self.rumour = (player, target)
            text = f"P{player} will see P{target}'s price sheet and write after them"
        elif kind == "advertising":
            assert article is not None
            self.adverts.add((player, article))
            text = f"P{player} is paid as a lowest asker for {self._name(article)} this round"
        elif kind == "spoilage":
            assert target is not None and article is not None
            lost = [c for c in self.shops[target] if self.type_of[c] == article][:amount]
            for card in lost:
                self.shops[target].remove(card)
                self.removed.append(card)
            data["lost"] = lost
            text = f"P{target} loses {len(lost)} {self._name(article)} card(s) from their shop"
        else:  # pragma: no cover (tables are checked)
            raise AssertionError(kind)
        self._event(
            "info",
            f"P{player} plays {what} ({special.name_fr}): {text}",
            player=player,
            data=data,
        )

    # -- the pricing phase ----------------------------------------------------------------------
    def _start_pricing(self) -> None:
        self.phase = "cac40"
        self.step = "talk"
        self.designator = None
        self.auction = None
        self.slot = None
        self.talk_pos = 0
        self._advance_talk()

    def _advance_talk(self) -> None:
        order = self.turn_order()
        while self.talk_pos < self.n:
            if self._can_talk(order[self.talk_pos]):
                return
            self.talk_pos += 1
        self._start_prices()

    def _trade(self) -> None:
        prop = self.proposal
        assert prop is not None
        p, q, give, take, gold = (
            prop["proposer"],
            prop["to"],
            prop["give"],
            prop["take"],
            prop["gold"],
        )
        parts = []
        data: dict[str, Any] = {"what": "trade", "proposer": p, "to": q, "gold": gold}
        if give is not None:
            card = next(c for c in self.shops[p] if self.type_of[c] == give)
            self.shops[p].remove(card)
            self.shops[q].append(card)
            self.shops[q].sort()
            data["give_card"] = card
            parts.append(f"P{p} gives {self.tables.describe(card)}")
        if take is not None:
            card = next(c for c in self.shops[q] if self.type_of[c] == take)
            self.shops[q].remove(card)
            self.shops[p].append(card)
            self.shops[p].sort()
            data["take_card"] = card
            parts.append(f"P{q} gives {self.tables.describe(card)}")
        deal = " and ".join(parts)
        if gold > 0:
            self.gold[p] -= gold
            self.gold[q] += gold
            self._transfer(gold, p, q, f"trade: {deal}")
        elif gold < 0:
            self.gold[q] += gold
            self.gold[p] -= gold
            self._transfer(-gold, q, p, f"trade: {deal}")
        summary = f"P{p} and P{q} trade: {deal}" + (
            f", {abs(gold)} gold to P{q if gold > 0 else p}" if gold else ""
        )
        self.trades.append(summary)
        self._event("info", summary, data=data)

    def _start_prices(self) -> None:
        self.step = "prices"
        self.to_price = {p: self.held(p) for p in range(self.n) if self.shops[p]}
        self.sheets = {p: {} for p in self.to_price}
        self.last_price = {}
        if not self.to_price:
            self._reveal()

    def _price(self, player: int, action: Price) -> None:
        self.sheets[player][action.article] = action.price
        self.last_price[player] = action
        if not self._pending(player):
            self._event(
                "info",
                f"P{player} has written their price sheet",
                player=player,
                data={"what": "sheet_written"},
            )
            if self.rumour is not None and self.rumour[1] == player:
                spy = self.rumour[0]
                self._event(
                    "info",
                    f"Rumour: P{spy} sees P{player}'s sheet {self.sheets[player]}",
                    player=spy,
                    data={"what": "rumour", "sheet": self.sheets[player], "of": player},
                    visible_to=(spy,),
                )
        if not any(self._pending(p) for p in self.to_price):
            self._reveal()

    def _reveal(self) -> None:
        self.last_price = {}
        self.revealed = True
        self.phase = "ca"
        sheets = {str(p): dict(self.sheets[p]) for p in sorted(self.sheets)}
        self._event(
            "reveal",
            "price sheets revealed: "
            + "; ".join(
                f"P{p} " + ", ".join(f"{a} {x}" for a, x in self.sheets[p].items())
                for p in sorted(self.sheets)
            ),
            data={"what": "reveal", "sheets": sheets},
        )
        self._open_window("after_reveal")

    # -- the sales ------------------------------------------------------------------------------
    def _sell(self) -> None:
        self.step = "sales"
        lines: list[SaleLine] = []
        # The shops do not change during the sales: count each seat's cards once.
        counts = [self._counts(p) for p in range(self.n)]
        for article in self.tables.articles:
            aid, name = article.id, article.name_en
            holders = [p for p in range(self.n) if aid in counts[p]]
            if not holders:
                continue
            if aid in self.strikes:
                struck = [
                    SaleLine(aid, p, self.sheets[p][aid], counts[p][aid], "strike", 0, 0)
                    for p in holders
                ]
                lines += struck
                self._event(
                    "info",
                    f"{name}: strike, nobody sells",
                    data={
                        "what": "strike",
                        "article": aid,
                        "lines": [_line_data(line, 0, 0) for line in struck],
                    },
                )
                continue
            sellers = holders
            facts: list[dict[str, Any]] = []
            if aid in self.exclusive:
                owner = self.exclusive[aid]
                sellers = [p for p in holders if p == owner]
                excluded = [
                    SaleLine(aid, p, self.sheets[p][aid], counts[p][aid], "excluded", 0, 0)
                    for p in holders
                    if p != owner
                ]
                lines += excluded
                facts += [_line_data(line, 0, 0) for line in excluded]
            if not sellers:
                # The rights holder lost their last card of the type (Spoiled goods) after
                # playing the rights: the others stay excluded, so nobody is paid for it.
                self._event(
                    "info",
                    f"{name}: P{self.exclusive[aid]} has the exclusive rights and none left, "
                    + ", ".join(f"P{line.player} excluded 0" for line in excluded),
                    data={"what": "sale", "article": aid, "prices": {}, "lines": facts},
                )
                continue
            prices = {p: self.sheets[p][aid] for p in sellers}
            low, high = min(prices.values()), max(prices.values())
            lows = [q for q in sellers if prices[q] == low]
            highs = [q for q in sellers if prices[q] == high]
            for p in sellers:
                price, cards = prices[p], counts[p][aid]
                if price == low:
                    status, each = "lowest", price + LOWEST_BONUS
                    how = f"lowest price {price}" + _tied(p, lows) + f" + {LOWEST_BONUS}"
                    if low == high and len(sellers) > 1:
                        how = f"all ask {price}, counted as lowest, + {LOWEST_BONUS}"
                    elif len(sellers) == 1:
                        how = f"lone seller at {price}, counted as lowest, + {LOWEST_BONUS}"
                elif price == high:
                    status = "highest"
                    if aid in self.shortages:
                        each, how = (
                            price,
                            f"highest price {price}"
                            + _tied(p, highs)
                            + (", paid its price (shortage)"),
                        )
                    else:
                        each, how = 0, f"highest price {price}" + _tied(p, highs)
                else:
                    status, each, how = "middle", price, f"middle price {price}"
                bonus = LOWEST_BONUS if status == "lowest" else 0
                if status != "lowest" and (p, aid) in self.adverts:
                    each, bonus = price + LOWEST_BONUS, LOWEST_BONUS
                    how += f", paid as lowest (advertising): {price} + {LOWEST_BONUS}"
                tax = 0
                if aid in self.taxes and each:
                    tax = self.taxes[aid]
                    how += f", tax -{tax}"
                    each = max(0, each - tax)
                paid = each * cards
                line = SaleLine(aid, p, price, cards, status, each, paid)
                lines.append(line)
                facts.append(_line_data(line, bonus, tax))
                if paid:
                    self.gold[p] += paid
                    self._transfer(
                        paid, BANK, p, f"sales of {name}: {how} = {each} × {cards} card(s)"
                    )
            self._event(
                "info",
                f"{name}: "
                + ", ".join(
                    f"P{line.player} {line.status} {line.paid}"
                    for line in lines
                    if line.article == aid
                ),
                data={
                    "what": "sale",
                    "article": aid,
                    "prices": {str(p): x for p, x in prices.items()},
                    "lines": facts,
                },
            )
        for p, aid, amount in self.subsidies:
            cards = counts[p].get(aid, 0)
            if cards:
                paid = amount * cards
                self.gold[p] += paid
                how = f"subsidy on {self._name(aid)}: {amount} × {cards} card(s)"
                self._transfer(paid, BANK, p, how)
                self._event(
                    "info",
                    f"P{p} is paid {paid} gold, {how}",
                    player=p,
                    data={
                        "what": "subsidy",
                        "article": aid,
                        "amount": amount,
                        "cards": cards,
                        "paid": paid,
                    },
                )
        self.sales = lines
        self._begin_round()

    # -- end of game ----------------------------------------------------------------------------
    def _end_game(self) -> None:
        self.phase = "scoring"
        self.step = ""
        scores = []
        for p in range(self.n):
            value = self.shop_value(p)
            scores.append(self.gold[p] + value)
            have = self._counts(p)
            articles = {a.id: have[a.id] for a in self.tables.articles if a.id in have}
            parts = ", ".join(
                f"{articles[a.id]} {a.name_en} × {a.base}"
                for a in self.tables.articles
                if a.id in articles
            )
            self._event(
                "info",
                f"P{p}: {self.gold[p]} gold + shop {value} ({parts or 'empty'}) = {scores[-1]}",
                player=p,
                data={
                    "what": "score",
                    "gold": self.gold[p],
                    "shop": value,
                    "articles": articles,
                    "score": scores[-1],
                },
            )
        self.final_scores = scores
        self.phase = "over"
        self._event(
            "info",
            f"final scores {scores}; winner(s) " + ", ".join(f"P{p}" for p in self.winners()),
            data={"what": "final", "scores": scores, "winners": self.winners()},
        )

    # -- accounting -----------------------------------------------------------------------------
    def money(self) -> list[int]:
        """Gold each seat holds."""
        return list(self.gold)

    @property
    def initial_money(self) -> list[int]:
        """Gold each seat started with."""
        return list(self._initial_money)

    def card_locations(self) -> dict[str, list[int]]:
        """Every card's location: deck, centre, shops, hands, played, removed, unused."""
        out: dict[str, list[int]] = {"deck": list(self.deck), "centre": list(self.centre)}
        for p in range(self.n):
            out[f"shop P{p}"] = list(self.shops[p])
            out[f"hand P{p}"] = list(self.hands[p])
        out["played"] = list(self.played)
        out["removed"] = list(self.removed)
        out["removed unseen"] = list(self.removed_hidden)
        out["unused"] = list(self.unused)
        return out

    # -- results and views ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Final scores once over; before that, gold plus the base values of each shop."""
        if self.final_scores is not None:
            return list(self.final_scores)
        return [self.gold[p] + self.shop_value(p) for p in range(self.n)]

    def winners(self) -> list[int]:
        """The seats with the highest score (equal totals share the win)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def summary(self) -> str:
        """A one-line description for error messages."""
        gold = " ".join(f"P{p}={g}" for p, g in enumerate(self.gold))
        return f"{super().summary()}, step {self.step or '-'}; gold {gold}"

    def _sheet_visible(self, owner: int, viewer: Viewer) -> bool:
        if viewer == "all" or viewer == owner or self.revealed:
            return True
        return (
            self.rumour is not None
            and self.rumour == (viewer, owner)
            and owner in self.to_price
            and not self._pending(owner)
        )

    def view(self, viewer: Viewer = None) -> RungisView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        # Bots ask for a view at every decision, and in a run of bids only the auction moves:
        # the rest is built once per decision that changes it (see _do) and shared (all frozen).
        # A viewer found in the cache was checked when it was put there (1.0 or True would find
        # seat 1's entry, hence the exact type).
        parts = self._views.get(viewer) if type(viewer) in _VIEWER_TYPES else None
        if parts is None or viewer == "public":
            check_viewer(viewer, self.n)
            public = self._views.get("public")
            if public is None:
                public = self._views["public"] = self._public_parts()
            parts = self._views[viewer] = {**public, **self._private_parts(viewer)}
        auction = None
        if self.auction is not None and self.slot is not None:
            a = self.auction
            card = self.centre[self.slot]
            special = card in self.kind_of
            auction = AuctionView(
                slot=self.slot,
                card=None if special and viewer != "all" else card,
                special=special,
                minimum=self.minimum_bid(card),
                high_bid=a.high_bid if a.high_bidder is not None else None,
                high_bidder=a.high_bidder,
                speaker=self._moving[0] if self._moving else None,  # the auction's speaker
                bidders=a.order,
            )
        return RungisView(
            viewer=viewer, step=self.step, to_move=self._moving, auction=auction, **parts
        )

    def _public_parts(self) -> dict[str, Any]:
        """The fields of :meth:`view` that every viewer sees alike (but the auction's)."""
        proposal = None
        if self.proposal is not None:
            pr = self.proposal
            proposal = ProposalView(pr["proposer"], pr["to"], pr["give"], pr["take"], pr["gold"])
        over = self.is_over
        return {
            "players": self.n,
            "rounds": self.rounds,
            "round": self.round,
            "phase": self.phase,
            "first_buyer": self.active,
            "gold": tuple(self.gold),
            "deck_size": len(self.deck),
            "designator": self.designator,
            "buys": tuple(self.buys),
            "limits": tuple(self.limits),
            "barred": tuple(sorted(self.barred)),
            "shops": tuple(tuple(s) for s in self.shops),
            "hand_sizes": tuple(len(h) for h in self.hands),
            "played": tuple(self.played),
            "removed": tuple(self.removed),
            "removed_face_down": len(self.removed_hidden),
            "effects": tuple(self.effects),
            "announcements": tuple(tuple(a.items()) for a in self.announced),
            "proposed": tuple(sorted(self.proposed)),
            "proposal": proposal,
            "trades": tuple(self.trades),
            "submitted": self._submitted(),
            "revealed": self.revealed,
            "sales": tuple(self.sales),
            "scores": tuple(self.scores()),
            "winners": tuple(self.winners()) if over else (),
        }

    def _submitted(self) -> tuple[int, ...]:
        """The seats whose price sheet is complete, while the sheets are being written."""
        if self.step != "prices":
            return ()
        return tuple(p for p in sorted(self.to_price) if not self._pending(p))

    def _private_parts(self, viewer: Viewer) -> dict[str, Any]:
        """The fields of :meth:`view` that depend on who looks."""
        n = self.n
        if viewer == "all":
            kind_of: Mapping[int, Special] = {}
            hands = tuple(tuple(h) for h in self.hands)
            sealed = tuple(self.last_price.get(p) for p in range(n))
        else:
            kind_of = self.kind_of
            hidden: list[Any] = [None] * n
            sealed_list = list(hidden)
            if isinstance(viewer, int):
                hidden[viewer] = tuple(self.hands[viewer])
                sealed_list[viewer] = self.last_price.get(viewer)
            hands, sealed = tuple(hidden), tuple(sealed_list)
        sheets = self.sheets
        return {
            "deck": tuple(self.deck) if viewer == "all" else None,
            "centre": tuple(None if c in kind_of else c for c in self.centre),
            "hands": hands,
            "removed_face_down_cards": tuple(self.removed_hidden) if viewer == "all" else None,
            "sheets": tuple(
                tuple(sheets[p].items()) if p in sheets and self._sheet_visible(p, viewer) else None
                for p in range(n)
            ),
            "sealed": sealed,
        }

    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> RungisState:
        """A copy in which everything ``viewer`` cannot see is redrawn at random.

        The hidden special cards (in the deck, face down in the centre, in other seats' hands,
        removed unseen) are dealt again among the same places, the deck is reshuffled, and other
        seats' secret prices that ``viewer`` cannot see are redrawn. ``view(viewer)`` of the copy
        equals that of this state; the copy is for information-set reasoning and tests only.
        """
        rng = np.random.default_rng(seed)
        # The copy starts with no cached view parts: its hidden cards and prices are redrawn.
        other = copy.deepcopy(self)
        other._talk_rest = None
        if viewer == "all":
            return other
        hidden = [p for p in range(self.n) if p != viewer]
        pool = (
            [c for c in other.deck if c in self.kind_of]
            + [c for c in other.centre if c in self.kind_of]
            + [c for p in hidden for c in other.hands[p]]
            + other.removed_hidden
        )
        pool = [pool[i] for i in rng.permutation(len(pool))]
        it = iter(pool)
        other.deck = [next(it) if c in self.kind_of else c for c in other.deck]
        other.centre = [next(it) if c in self.kind_of else c for c in other.centre]
        for p in hidden:
            other.hands[p] = sorted(next(it) for _ in other.hands[p])
        other.removed_hidden = [next(it) for _ in other.removed_hidden]
        other.deck = [other.deck[i] for i in rng.permutation(len(other.deck))]
        if other.step == "prices":
            for p in list(other.sheets):
                if self._sheet_visible(p, viewer):
                    continue
                for article in other.sheets[p]:
                    r = other.price_range(article)
                    other.sheets[p][article] = int(rng.integers(r.start, r.stop))
                if p in other.last_price:
                    last = other.last_price[p]
                    other.last_price[p] = Price(last.article, other.sheets[p][last.article])
        return other


class Said(OneOf):
    """A :class:`~tradekit.core.domains.OneOf` refused in the game's own words.

    ``allowed`` says what may be chosen; ``{values}`` in it stands for the values allowed (or
    ``shown``), listed only when a refusal is worded. ``notes`` adds why a particular value is
    refused, and ``always``, when set, is the whole refusal (nothing of the kind may be done
    now). With no values it is a guard: an option that lists nothing and only explains (see
    :meth:`RungisState._menu`).

    Example:
        >>> d = Said(("fish",), "the article", allowed="the next one ({values})",
        ...          notes={"meat": "done"})
        >>> "fish" in d, d.reason("meat")
        (True, "the article must be the next one ('fish'); got 'meat' (done)")
        >>> Said((), "the proposal", always="no trading").reason(1)
        'no trading'
    """

    __slots__ = ("allowed", "always", "notes", "shown")

    def __init__(
        self,
        values: Iterable[Hashable],
        label: str = "the value",
        *,
        allowed: str = "",
        shown: Sequence[Hashable] | None = None,
        notes: Mapping[Hashable, str] | None = None,
        always: str = "",
    ) -> None:
        super().__init__(values, label)
        self.allowed = allowed
        self.shown = shown
        self.notes: Mapping[Hashable, str] = notes or {}
        self.always = always

    def reason(self, value: object) -> str | None:
        if value in self:
            return None
        if self.always:
            return self.always
        if not self.allowed:
            return OneOf.reason(self, value)
        shown = self.values if self.shown is None else self.shown
        allowed = self.allowed.replace("{values}", _listed(shown))
        note = self.notes.get(value) if type(value) in (int, str) else None
        # An article is a name and a missing one None: their repr says all.
        got = repr(value) if value is None or type(value) is str else describe_value(value)
        got += f" ({note})" if note else ""
        return f"{self.label} must be {allowed}; got {got}"


#: A field of a guard option that is never reached (an earlier field refuses every value).
_UNREACHED = OneOf((), "the value")
_DONE = Option(Done)
_PASS = Option(Pass)
_ANSWERS = (Option(Accept), Option(Refuse))
_PROPOSE_CLOSED = Option(
    Propose,
    to=Said(
        (),
        "the proposal",
        always="no proposal can be made: this game is played without the trading option",
    ),
    give=_UNREACHED,
    take=_UNREACHED,
)
#: Special cards that target an article type: whether only the player's own types may be
#: targeted, and what a type already targeted this round is.
ARTICLE_TARGETS: dict[str, tuple[bool, str]] = {
    "strike": (False, "struck"),
    "tax": (False, "taxed"),
    "subsidy": (True, "subsidised for them"),
    "price_freeze": (False, "frozen"),
    "exclusivity": (True, "under exclusive rights"),
    "shortage": (False, "short"),
    "advertising": (True, "advertised by them"),
}


def _listed(values: Sequence[object]) -> str:
    """Values for a refusal: ``'fish', 'meat' or None`` (``none now`` when there are none)."""
    shown = [repr(v) if isinstance(v, str) else str(v) for v in values]
    if not shown:
        return "none now"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


# Menus are declared at every decision, and most of their options recur (the same announcement
# or proposal options turn after turn): options are values, so each is made once and shared.
@functools.lru_cache(maxsize=256)
def _step_name(step: str, phase: str) -> str:
    return f"step {step!r} of phase {phase!r}"


@functools.lru_cache(maxsize=4096)
def _price_menu(player: int, article: str, lo: int, hi: int, label: str, phase: str) -> Menu:
    """The price ``player`` writes next: for ``article`` (one type at a time), from lo to hi.

    The whole menu is shared: it is a value, and price steps recur with the same ranges.
    """
    allowed = f"{article!r}: P{player} writes the price for {article} next (one type at a time)"
    option = Option(
        Price,
        article=Said((article,), "the article", allowed=allowed),
        price=Range(lo, hi, label),
    )
    return Menu((option,), step=_step_name("prices", phase))


@functools.lru_cache(maxsize=4096)
def _opening_menu(player: int, lo: int, hi: int, special: bool, step: str) -> Menu:
    """The opening bid (at least the base price, or 1 for a special card) or a pass."""
    least = "1 for a special card" if special else "the base price"
    label = f"the opening bid (at least {least}, at most P{player}'s gold)"
    return Menu((Option(Bid, amount=Range(lo, hi, label)), _PASS), step)


@functools.lru_cache(maxsize=4096)
def _raise_menu(player: int, lo: int, hi: int, high_bidder: int, step: str) -> Menu:
    """A raise over the high bid (``lo - 1``, by ``high_bidder``) or a pass."""
    label = f"the bid (above P{high_bidder}'s {lo - 1}, at most P{player}'s gold)"
    return Menu((Option(Bid, amount=Range(lo, hi, label)), _PASS), step)


@functools.lru_cache(maxsize=4096)
def _announce_option(article: str, lo: int, hi: int, label: str) -> Option:
    return Option(
        Announce, article=OneOf((article,), "the article announced"), price=Range(lo, hi, label)
    )


@functools.lru_cache(maxsize=4096)
def _announce_guard(player: int, held: tuple[str, ...]) -> Option:
    """Lists nothing; explains an article ``player`` may not announce (one they do not hold,
    or have announced already: the options after it take every other)."""
    article = Said(
        (),
        "the article announced",
        allowed=f"an article type P{player} holds and has not announced yet (P{player} holds"
        " {values})",
        shown=held,
    )
    return Option(Announce, article=article, price=_UNREACHED)


@functools.lru_cache(maxsize=64)
def _designate_menu(centre: int, step: str) -> Menu:
    """A designation of one of the ``centre`` cards, by position."""
    return Menu((Option(Designate, slot=Range(0, centre - 1, "the centre position")),), step)


@functools.lru_cache(maxsize=256)
def _proposed_guard(player: int) -> Option:
    always = f"P{player} has made their proposal: one per pricing phase"
    return Option(
        Propose, to=Said((), "the proposal", always=always), give=_UNREACHED, take=_UNREACHED
    )


@functools.lru_cache(maxsize=256)
def _propose_guard(player: int, players: int) -> Option:
    """Lists nothing; explains a proposal to oneself."""
    others = tuple(q for q in range(players) if q != player)
    to = Said((), "the seat proposed to", allowed="another seat ({values})", shown=others)
    return Option(Propose, to=to, give=_UNREACHED, take=_UNREACHED)


@functools.lru_cache(maxsize=4096)
def _propose_pair(
    player: int, q: int, mine: tuple[str, ...], theirs: tuple[str, ...]
) -> tuple[Option, Option]:
    """``player``'s proposals to ``q``: give nothing and take a type ``q`` holds; give a type
    one holds and take nothing or a type ``q`` holds."""
    give_none, give_one = _gives(player, mine)
    take_one, take_any = _takes(q, theirs)
    to = _to(q)
    return (
        Option(Propose, to=to, give=give_none, take=take_one),
        Option(Propose, to=to, give=give_one, take=take_any),
    )


@functools.lru_cache(maxsize=256)
def _to(q: int) -> OneOf:
    return OneOf((q,), "the seat proposed to")


@functools.lru_cache(maxsize=4096)
def _gives(player: int, mine: tuple[str, ...]) -> tuple[Said, Said]:
    """What ``player`` may give: nothing (with a take), or a type they hold."""
    gives = f"None or an article type P{player} holds ({{values}})"
    shown = (None, *mine)
    return (
        Said((None,), "the article given", allowed=gives, shown=shown),
        Said(mine, "the article given", allowed=gives, shown=shown),
    )


@functools.lru_cache(maxsize=4096)
def _takes(q: int, theirs: tuple[str, ...]) -> tuple[Said, Said]:
    """What may be taken from ``q``: a type they hold (when nothing is given), or also nothing."""
    return (
        Said(
            theirs,
            "the article taken",
            allowed=f"an article type P{q} holds ({{values}}) when nothing is given",
        ),
        Said(
            (None, *theirs),
            "the article taken",
            allowed=f"None or an article type P{q} holds ({{values}})",
        ),
    )


@functools.lru_cache(maxsize=4096)
def _play_guard(
    player: int, now: str, playable: tuple[int, ...], notes: tuple[tuple[int, str], ...]
) -> Option:
    """Lists nothing; explains a special card ``player`` cannot play ``now``."""
    allowed = f"a special card P{player} can play at {now} ({{values}})"
    card = Said((), "the special card", allowed=allowed, shown=playable, notes=dict(notes))
    return Option(Play, card=card)


def _line_data(line: SaleLine, bonus: int, tax: int) -> dict[str, Any]:
    """A sale line as event data (see "Event data" in the module docstring)."""
    return {
        "player": line.player,
        "price": line.price,
        "cards": line.cards,
        "status": line.status,
        "each": line.each,
        "paid": line.paid,
        "bonus": bonus,
        "tax": tax,
    }


def _tied(player: int, group: Sequence[int]) -> str:
    rivals = [q for q in group if q != player]
    return f" (tied with {', '.join(f'P{q}' for q in rivals)})" if rivals else ""
