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

Where the rules live: this module holds :class:`RungisState` (who is to move, every menu, the
dispatch of each action, the windows of special-card plays, the shared counts and prices);
``setup.py`` the deck or a scripted set-up; ``auction.py`` the Rungis phase (the round's centre
cards, designations, auctions, purchases); ``specials.py`` what each special card does;
``pricing.py`` the CAC 40 phase (talk turns, trades, secret price sheets and their reveal);
``sales.py`` the CA phase's sales; ``scoring.py`` the final scores; ``menus.py`` the options and
menus made once and shared; ``view.py`` the views.

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
* ``told`` (an ended auction in short, :func:`tradekit.core.auctions.auction_told`): ``say``,
  ``parts`` (each bid and pass, in order), ``fields`` (the buyer's ``seat`` and ``price``).
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
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.auctions import AscendingAuction
from tradekit.core.domains import NOTHING, Menu, OneOf, Option, Range
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label
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
from tradekit.games.rungis.auction import after_bid, begin_round, designate_card, next_designation
from tradekit.games.rungis.game import STARTING_GOLD
from tradekit.games.rungis.menus import (
    ANSWERS,
    ARTICLE_TARGETS,
    DONE,
    PASS,
    PROPOSE_CLOSED,
    Said,
    announce_guard,
    announce_option,
    designate_menu,
    opening_menu,
    play_guard,
    played_when,
    price_menu,
    propose_guard,
    propose_pair,
    proposed_guard,
    raise_menu,
    step_name,
)
from tradekit.games.rungis.pricing import advance_talk, make_trade, write_price
from tradekit.games.rungis.sales import sell_articles
from tradekit.games.rungis.setup import scripted, shuffle_deck
from tradekit.games.rungis.specials import play_special
from tradekit.games.rungis.tables import Special
from tradekit.games.rungis.view import (
    AUCTION_AT,
    STEP_AT,
    SUBMITTED_AT,
    TO_MOVE_AT,
    AuctionView,
    Effect,
    RungisView,
    SaleLine,
    private_parts,
    public_values,
    view_values,
)

if TYPE_CHECKING:
    from tradekit.games.rungis.game import RungisGame

#: Steps that are special-card windows, and the timing of the cards they accept.
WINDOWS = ("auction_start", "after_reveal")
#: The types of viewer that view() may look up in its cache directly.
_VIEWER_TYPES = (int, str, type(None))
#: The actions after which the same auction may run on.
_AUCTION_MOVES = frozenset({Designate, Bid, Pass})


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

    _MEMOS = State._MEMOS | {
        "_views",
        "_announcing",
        "_pricing",
        "_price_labels",
        "_play_guards",
        "_announce_guards",
    }

    def __init__(self, game: RungisGame, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        #: view()'s values by viewer (view_values), and the public ones under "public"
        #: (public_values), kept until a decision changes them.
        self._views: dict[Viewer, Any] = {}
        #: held() by shop contents.
        self._held: dict[tuple[int, ...], tuple[str, ...]] = {}
        #: _announce_options() by seat, types held, types announced and price freezes.
        self._announcing: dict[tuple[Any, ...], tuple[Option, ...]] = {}
        #: The price menus by seat, article type and price freeze.
        self._pricing: dict[tuple[int, str, int | None], Menu] = {}
        #: _price_label() by article type and price freeze.
        self._price_labels: dict[tuple[str, int | None], Reason] = {}
        #: play_guard() by its arguments: a hand and its notes recur window after window.
        self._play_guards: dict[tuple[Any, ...], Option] = {}
        #: announce_guard() by seat and types held: the same after each announcement of a turn.
        self._announce_guards: dict[tuple[int, tuple[str, ...]], Option] = {}
        #: The talk turn's proposals and plays (by seat), kept while it announces.
        self._talk_rest: tuple[int, tuple[Option, ...]] | None = None
        n = game.players
        self.n = n
        #: Each seat's label (seat_label), for the texts of the log written at every decision.
        self.labels = tuple(seat_label(p) for p in range(n))
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
            scripted(self, setup)
        if setup is None or "deck" not in setup:
            shuffle_deck(self)
        self._initial_money = list(self.gold)
        self._event(
            "info",
            f"Rungis, {n} players, {self.rounds} rounds, "
            + ("with" if game.specials else "without")
            + " special cards",
            data={"what": "start", "rounds": self.rounds},
        )
        begin_round(self)
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
        #: The seats with prices left to write, in seat order (a sheet's last price takes its
        #: seat out): who moves in the step, asked at every price written.
        self.writing: list[int] = []
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

    # -- the cards ------------------------------------------------------------------------------
    def all_cards(self) -> list[int]:
        """The ids of every card of this game (the articles, and the specials if played)."""
        cards = sorted(self.type_of)
        if self.game.specials:
            cards += [s.card for s in self.tables.specials]
        return cards

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
        return list(self._held_types(player))

    def _held_types(self, player: int) -> tuple[str, ...]:
        """:meth:`held` as a tuple shared by every caller (never to be changed)."""
        # Asked for at every talk decision and special-card window, while shops change rarely:
        # remembered by shop contents (a game sees a few hundred different shops at most).
        shop = tuple(self.shops[player])
        found = self._held.get(shop)
        if found is None:
            type_of = self.tables.article_cards
            have = {type_of[c] for c in shop}
            found = self._held[shop] = tuple(a.id for a in self.tables.articles if a.id in have)
        return found

    def held_by_anyone(self) -> list[str]:
        """The article types in at least one shop, in table order."""
        # From each shop's types, remembered by its contents, rather than card by card.
        have = set().union(*map(self._held_types, range(self.n)))
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
        return sum(map(self.tables.card_bases.__getitem__, self.shops[player]))

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
            return self._writing()
        return ()

    def _writing(self) -> tuple[int, ...]:
        """The seats writing their price sheets now, in seat order: those with prices left to
        write, but a Rumour's player while its target still writes."""
        writing = self.writing
        rumour = self.rumour
        if rumour is not None and rumour[0] in writing and rumour[1] in writing:
            return tuple(p for p in writing if p != rumour[0])
        return tuple(writing)

    @property
    def is_over(self) -> bool:
        """Whether the final scores are in."""
        return self.phase == "over"

    def _pending(self, player: int) -> bool:
        """Whether ``player`` has prices left to write on their sheet."""
        return len(self.sheets.get(player, ())) < len(self.to_price.get(player, ()))

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
            options = [*self._play_options(player, step), DONE]
        elif step == "designate":
            return designate_menu(len(self.centre), step_name(step, self.phase))
        elif step == "bid" and self.auction is not None:
            return self._bid_menu(player)
        elif step == "talk":
            # An announcement changes only what one may still announce: the proposals and plays
            # of a talk turn are declared at its first decision and kept while it announces.
            rest = self._talk_rest
            if rest is None or rest[0] != player:
                rest = self._talk_rest = (
                    player,
                    (*self._propose_options(player), *self._play_options(player, "talk"), DONE),
                )
            options = [*self._announce_options(player), *rest[1]]
        elif step == "terms" and self.proposal is not None:
            to = self.proposal["to"]
            label = Reason(
                f"the gold {seat_label(player)} pays {seat_label(to)} (below 0: "
                f"{seat_label(to)} pays {seat_label(player)})",
                "rungis.terms_gold",
                seat=player,
                to_seat=to,
            )
            options = [Option(Terms, gold=Range(-self.gold[to], self.gold[player], label))]
        elif step == "answer":
            options = list(ANSWERS)
        elif step == "prices":
            article = self.to_price[player][len(self.sheets[player])]
            # A seat's price for a type is asked every round: its menu is remembered by all it
            # depends on (the seat, the type and its Price freeze; the phase is CAC 40's).
            key = (player, article, self.freezes.get(article))
            menu = self._pricing.get(key)
            if menu is None:
                r = self.price_range(article)
                label = self._price_label(article)
                names = self.tables.article_by_id[article]
                menu = price_menu(
                    player,
                    article,
                    r.start,
                    r.stop - 1,
                    label,
                    self.phase,
                    (names.name_en, names.name_fr),
                )
                self._pricing[key] = menu
            return menu
        return Menu(options, step=step_name(step, self.phase))

    def _price_label(self, article: str) -> Reason:
        """How a price for ``article`` is named in a refusal."""
        # Asked for each type still to announce at every announcement, and for every price menu:
        # remembered by all it depends on (the type and its Price freeze).
        key = (article, self.freezes.get(article))
        label = self._price_labels.get(key)
        if label is None:
            label = self._price_labels[key] = self._word_price_label(article)
        return label

    def _word_price_label(self, article: str) -> Reason:
        """:meth:`_price_label`, worded afresh."""
        names = self.tables.article_by_id[article]
        words = {"article_en": names.name_en, "article_fr": names.name_fr}
        if article in self.freezes:
            top = self.price_range(article).stop - 1
            return Reason(
                f"the price for {article} (capped at {top} by a Price freeze)",
                "rungis.price_capped",
                top=top,
                **words,
            )
        return Reason(f"the price for {article}", "rungis.price_for", **words)

    def _bid_menu(self, player: int) -> Menu:
        """A bid (the auction's own range, named for this auction) or a pass."""
        auction = self.auction
        assert auction is not None and self.slot is not None
        domain = auction.bids_allowed(player)
        step = step_name(self.step, self.phase)
        if not isinstance(domain, Range):  # pragma: no cover (Rungis raises by any amount)
            return Menu((Option(Bid, amount=domain), PASS), step)
        if auction.high_bidder is None:
            special = self.centre[self.slot] in self.kind_of
            return opening_menu(player, domain.lo, domain.hi, special, step)
        return raise_menu(player, domain.lo, domain.hi, auction.high_bidder, step)

    def _announce_options(self, player: int) -> tuple[Option, ...]:
        """A guard that explains a type one may not announce, then one option per type one holds
        and has not announced yet (in table order), its price within what one could write."""
        said = self.announced[player]
        held = self._held_types(player)
        # Declared at every decision of a talk turn, and the same from one announcement to the
        # next but for the type just announced: remembered by all they depend on.
        key = (player, held, tuple(said), tuple(self.freezes.items()))
        options = self._announcing.get(key)
        if options is None:
            open_ = tuple(a for a in held if a not in said) if said else held
            guard = self._announce_guards.get((player, held))
            if guard is None:
                guard = self._announce_guards[player, held] = announce_guard(player, held)
            found = [guard]
            for a in open_:
                r = self.price_range(a)
                found.append(announce_option(a, r.start, r.stop - 1, self._price_label(a)))
            options = self._announcing[key] = tuple(found)
        return options

    def _can_talk(self, player: int) -> bool:
        """Whether ``player`` could do anything in a talk turn but say Done."""
        said = self.announced[player]
        held = self._held_types(player)
        # More types held than announced: one at least is still to announce.
        if len(held) > len(said) or any(a not in said for a in held):
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
            return [PROPOSE_CLOSED]
        if player in self.proposed:
            return [proposed_guard(player)]
        mine = self._held_types(player)
        options = [propose_guard(player, self.n)]
        for q in range(self.n):
            if q != player:
                options += propose_pair(player, q, mine, self._held_types(q))
        return options

    def _play_options(self, player: int, now: str) -> list[Option]:
        """A guard that explains a card that cannot be played now, then the plays of
        ``player``'s special cards timed ``now``, card by card in hand order."""
        hand = self.hands[player]
        if not hand:
            return [self._play_guard(player, now, (), ())]
        options: list[Option] = []
        playable: list[int] = []
        notes: list[tuple[int, str]] = []
        for card in hand:
            special = self.kind_of[card]
            if special.timing != now:
                notes.append(
                    (card, played_when(special.name_en, special.name_fr, special.timing, now))
                )
                continue
            found, why = self._card_options(player, card, special)
            if found:
                playable.append(card)
                options += found
            else:
                note = Reason(
                    f"{special.name_en} cannot be played now: {why}",
                    "rungis.not_now",
                    card_en=special.name_en,
                    card_fr=special.name_fr,
                    reason=why,
                )
                notes.append((card, note))
        return [self._play_guard(player, now, tuple(playable), tuple(notes)), *options]

    def _play_guard(
        self, player: int, now: str, playable: tuple[int, ...], notes: tuple[tuple[int, str], ...]
    ) -> Option:
        """:func:`play_guard`, remembered for the game."""
        key = (player, now, playable, notes)
        guard = self._play_guards.get(key)
        if guard is None:
            guard = self._play_guards[key] = play_guard(player, now, playable, notes)
        return guard

    def _card_options(self, player: int, card: int, special: Special) -> tuple[list[Option], str]:
        """The ways to play ``card`` now (targets in the order legal lists give them), or none
        and why."""
        kind, amount = special.kind, special.amount
        one = OneOf((card,), "the special card")
        others = [q for q in range(self.n) if q != player]

        def on_seat(values: list[int], allowed: str, none: str) -> tuple[list[Option], str]:
            if not values:
                return [], none
            target = Said(values, "the target seat", allowed=allowed)
            return [Option(Play, card=one, player=target)], ""

        if kind in ARTICLE_TARGETS:
            mine_only, done = ARTICLE_TARGETS[kind]
            pool = self.held(player) if mine_only else self.held_by_anyone()
            taken = self._article_taken(player, kind)
            whose = f"{seat_label(player)} holds" if mine_only else "someone holds"
            values = [a for a in pool if a not in taken]
            if not values:
                return [], Reason(
                    f"no article type {whose} is left that is not {done}",
                    "rungis.no_type_left_mine" if mine_only else "rungis.no_type_left",
                    seat=player,
                    done_words=done,
                )
            allowed = Reason(
                f"an article type {whose}, not {done} yet ({{values}})",
                "rungis.type_not_done_mine" if mine_only else "rungis.type_not_done",
                seat=player,
                done_words=done,
            )
            target = Said(values, "the article", allowed=allowed)
            return [Option(Play, card=one, article=target)], ""
        if kind == "no_delivery":
            return on_seat(
                [q for q in others if q not in self.barred],
                Reason(
                    "another seat still in this Rungis phase ({values})", "rungis.seat_in_phase"
                ),
                Reason("every other seat is out of this Rungis phase", "rungis.all_out"),
            )
        if kind == "double_order":
            if player in self.barred:
                return [], Reason(
                    f"{seat_label(player)} takes no part in this Rungis phase",
                    "rungis.barred",
                    seat=player,
                )
            if self.limits[player] >= amount:
                return [], Reason(
                    f"{seat_label(player)} may already buy {self.limits[player]} cards",
                    "rungis.may_buy",
                    seat=player,
                    limit=self.limits[player],
                )
            return [Option(Play, card=one)], ""
        if kind == "preemption":
            if player in self.barred or self.buys[player] >= self.limits[player]:
                return [], Reason(
                    f"{seat_label(player)} may not buy any more this phase",
                    "rungis.no_more_buys",
                    seat=player,
                )
            gold = self.gold[player]
            picks = [
                c for c in self.centre if c in self.type_of and self.tables.base(c) + amount <= gold
            ]
            cost = f"at most {gold} gold at its base price" + (f" + {amount}" if amount else "")
            if not picks:
                return [], Reason(
                    f"no face-up article in the centre costs {cost}",
                    "rungis.no_pick_plus" if amount else "rungis.no_pick",
                    gold=gold,
                    amount=amount,
                )
            allowed = Reason(
                f"a face-up article in the centre costing {cost} ({{values}})",
                "rungis.pick_plus" if amount else "rungis.pick",
                gold=gold,
                amount=amount,
            )
            pick = Said(picks, "the centre card picked", allowed=allowed)
            return [Option(Play, card=one, pick=pick)], ""
        if kind == "rumour":
            if self.rumour is not None:
                return [], Reason("a Rumour has been played this round", "rungis.rumour_played")
            if not self.held(player):
                return [], Reason(
                    f"{seat_label(player)} has no article, so no price sheet to write",
                    "rungis.no_sheet",
                    seat=player,
                )
            return on_seat(
                [q for q in others if self.shops[q]],
                Reason("another seat with articles to price ({values})", "rungis.seat_to_price"),
                Reason("no other seat has an article to price", "rungis.none_to_price"),
            )
        if kind == "spoilage":
            targets = [q for q in others if self.shops[q]]
            if not targets:
                return [], Reason("no other seat has an article in their shop", "rungis.no_shop")
            allowed = Reason(
                "another seat with articles in their shop ({values})", "rungis.seat_with_shop"
            )
            seat = Said((), "the target seat", allowed=allowed, shown=targets)
            options = [Option(Play, card=one, player=seat)]
            for q in targets:
                theirs = Said(
                    self.held(q),
                    "the article",
                    allowed=Reason(
                        f"an article type {seat_label(q)} holds ({{values}})", "rungis.held", seat=q
                    ),
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
        kind = type(action)
        self._act(player, action, kind)
        if kind is not Announce:
            self._talk_rest = None
        self._moving = self._compute_to_move()
        self._forget_views(kind, round_, step)

    def _forget_views(self, kind: type[Action], round_: int, step: str) -> None:
        """Drop the view parts cached for :meth:`view` that an action of class ``kind`` (taken in
        ``round_`` and ``step``) may have changed: all of them, but for the frequent decisions
        that move little."""
        if kind in _AUCTION_MOVES and self.step == "bid":
            return  # the same auction runs on: view() builds the auction afresh
        if kind is Done and self.round == round_ and self.step == step:
            return  # the same window or talk turns go on: only whose turn it is moved
        if kind is Price and self.step == "prices":
            # One more price written: the public parts change only in who has submitted.
            public = self._views.get("public")
            self._views.clear()
            if public is not None:
                public[SUBMITTED_AT] = self._submitted()
                self._views["public"] = public
            return
        self._views.clear()

    def _act(self, player: int, action: Action, kind: type[Action]) -> None:
        data: dict[str, Any] | None = None
        if kind is Designate:
            card = self.centre[action.slot]  # type: ignore[attr-defined]
            text = f"{self.labels[player]} designates {self._card_name(card)}"
            if card in self.type_of:  # a face-down special card has no public identity
                data = {"card": card}
        else:
            text = f"{self.labels[player]}: {action}"
        self._event(
            "action",
            text,
            player=player,
            action=action,
            data=data,
            visible_to=(player,) if kind is Price else None,
            fresh=True,
        )
        # Every action class has its own step of the rules (the type gate admits no other).
        self._STEPS[kind](self, player, action)

    def _on_play(self, player: int, action: Play) -> None:
        play_special(self, player, action)
        if self.step in WINDOWS:
            self._advance_window(played=True)
        else:
            advance_talk(self)

    def _on_done(self, player: int, action: Done) -> None:
        if self.step in WINDOWS:
            self.window_pos += 1
            self._advance_window()
        else:
            self.talk_pos += 1
            advance_talk(self)

    def _on_designate(self, player: int, action: Designate) -> None:
        designate_card(self, player, action.slot)

    def _on_bid(self, player: int, action: Bid) -> None:
        assert self.auction is not None
        self.auction.bid(player, action.amount)
        after_bid(self)

    def _on_pass(self, player: int, action: Pass) -> None:
        assert self.auction is not None
        self.auction.pass_(player)
        after_bid(self)

    def _on_announce(self, player: int, action: Announce) -> None:
        self.announced[player][action.article] = action.price
        advance_talk(self)

    def _on_propose(self, player: int, action: Propose) -> None:
        self.proposed.add(player)
        self.proposal = {
            "proposer": player,
            "to": action.to,
            "give": action.give,
            "take": action.take,
            "gold": None,
        }
        self.step = "terms"

    def _on_terms(self, player: int, action: Terms) -> None:
        assert self.proposal is not None
        self.proposal["gold"] = action.gold
        self.step = "answer"

    def _on_answer(self, player: int, action: Accept | Refuse) -> None:
        if type(action) is Accept:
            make_trade(self)
        self.proposal = None
        self.step = "talk"
        advance_talk(self)

    def _on_price(self, player: int, action: Price) -> None:
        write_price(self, player, action)

    #: What each action class does (after its event is logged).
    _STEPS: ClassVar[dict[type[Action], Callable[[RungisState, int, Any], None]]] = {
        Play: _on_play,
        Done: _on_done,
        Designate: _on_designate,
        Bid: _on_bid,
        Pass: _on_pass,
        Announce: _on_announce,
        Propose: _on_propose,
        Terms: _on_terms,
        Accept: _on_answer,
        Refuse: _on_answer,
        Price: _on_price,
    }

    # -- windows --------------------------------------------------------------------------------
    def _open_window(self, name: str) -> None:
        """Open the window of plays timed ``name``, in turn order from the First Buyer."""
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
            next_designation(self)
        else:
            sell_articles(self)

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
        gold = " ".join(f"{seat_label(p)}={g}" for p, g in enumerate(self.gold))
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
        values = self._views.get(viewer) if type(viewer) in _VIEWER_TYPES else None
        if values is None or viewer == "public":
            check_viewer(viewer, self.n)
            public = self._views.get("public")
            if public is None:
                public = self._views["public"] = public_values(self)
            values = self._views[viewer] = view_values(public, private_parts(self, viewer), viewer)
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
        # Positional: a view's forty-odd fields bound by keyword cost more than the rest of it.
        values[STEP_AT] = self.step
        values[TO_MOVE_AT] = self._moving
        values[AUCTION_AT] = auction
        return RungisView(*values)

    def _submitted(self) -> tuple[int, ...]:
        """The seats whose price sheet is complete, while the sheets are being written."""
        if self.step != "prices":
            return ()
        writing = self.writing
        return tuple(p for p in self.to_price if p not in writing)

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
