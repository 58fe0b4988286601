"""Négoces played by its rules, with every variant (this docstring and ``docs/rules/negoces.md``
state them).

The game: an open auction for the Diamant (coins paid go back to the box), then negotiated sales
until a player holds the required number of different goods and coins. In a sale the seller (the
player holding one card more than the others) puts a card face up on the market; the other players
make offers in rounds; the seller accepts one.

Where the rules live: this module holds :class:`NegocesState` (who is to move, every menu, the
dispatch of each action, loans, gifts and payments, the small shared counts); ``setup.py`` the
deal or a scripted set-up; ``auction.py`` the opening auctions; ``sale.py`` the sales (the
temple, negotiation rounds, Misers, the Thief, acceptance and payment); ``end.py`` the goal and
the end of the game; ``menus.py`` the offers a buyer may make and the refusals made once;
``places.py`` the coin pools' names; ``view.py`` the views.

Rulings where the rulebook is silent (numbered, with their reasons, in ``docs/rules/negoces.md``):

* **Negotiation rounds.** Each round every buyer, simultaneously and sealed, posts or changes an
  offer (:class:`Offer`), keeps what they have (:class:`Stand`) or withdraws (:class:`Withdraw`);
  the round's choices are revealed together. After a round the seller accepts a standing offer or
  continues; after the last round (``negotiation_rounds``) the seller must accept, and any buyer
  may then be chosen, a buyer with no offer paying nothing. Before the last round, a seller facing
  no standing offer continues without a decision.
* **Offers.** One card (named by its good: cards of a good are identical), coins, or both; with the
  bank variant a buyer's loan card may be added. Negative coins come only with a card or a loan
  card, as in the rules' example ("a card and minus two coins"). An offer is payable when posted:
  coins at most the buyer's, a negative amount at most the seller's. Offers for an inactive card
  (smugglers, new monopolies) are coins only (0 or more).
* **Payment.** The seller receives the card, coins and loan card; the buyer the market card. A
  loan card is money, not a card in hand, so it does not change who sells next.
* **Winning at once.** The first player to hold the goal (the required number of different goods
  in hand, at least the required coins, and no loan card) wins at once, whatever brought them
  there. The goal is checked after every change of cards or coins in play, among the seats that
  change, in this order:

  - a sale, its tax included (the rules have the seller pay it "after each sale": the sale and its
    tax are one change): the buyer, then the seller. So a seller whom the payment brings to the
    goal but the tax takes below it has not reached it; the tax alone only takes coins away and
    never brings anyone to the goal;
  - a theft: the thief; the Treasurer: its player; winning the Diamant auction: the winner;
  - a temple exchange: the seller, counting their coins less the gift they now owe;
  - a gift (the temple gift, the Thief's or the Guard's price) is one change, however many
    :class:`Give` decisions share it out: once it is all given, the first receiver in turn order
    after the giver who holds the goal wins (checking after each coin would let the giver's order
    of gifts pick the winner);
  - repaying a loan, in turn or not: the player who repays. Taking a loan or receiving a loan
    card in payment never wins (a loan card forbids winning).

  A scripted set-up is not a change: a seat placed already holding the goal wins at its first
  change of cards or coins, in the order above. The winning change is the last thing that
  happens: no rest of a gift, no next sale, and the auction or negotiation under way
  stops (offers and sealed choices are dropped); every hand is shown, the ``game_end`` event
  names what brought the winner there, nobody is to move, and the winner scores 1.
  Only goods in hand count: Diamant, sacred texts and bought (active) contraband are goods;
  inactive cards, Treasurer, Miser, Swindler, Thief, Guard and loan cards are not.
* **Scripted set-ups.** Coins per seat and the treasury are whole numbers from 0 to 10,000.
* **Set-up.** The series in play are drawn at random and announced; which player holds which is
  secret. Smugglers: each player gets one full series and one series less one card (4 + 3 with 4-6
  players, 3 + 2 with 3), plus one contraband card face up; coins follow the set-up table.
  New monopolies: 6 goods are in play as series of 3, 6 other goods give one single card each.
  Which cards are in play, removed or given to the temple is public.
* **The seller** is the player holding one card more than each other player, counting inactive
  (face-up) cards.
* **Public treasury.** The Treasurer may be played before any sale, even on an empty treasury.
  A theft is not a sale: no tax.
* **Temple.** Once per sale, before putting a card up; the card given up is shown and removed; the
  seller must be able to pay the gift, which they then share out (one :class:`Give` at a time).
  A sacred-texts card cannot be given up for another.
* **Bank.** After the Diamant auction a player may take a loan (if they hold none and a loan
  card is left) or repay one (5 coins for one loan card) at any time, whether or not they are to
  move: both are out-of-turn actions, at most once each per sale (so random play ends). A seat
  not to move is offered exactly these. A repayment may not leave the player unable to pay what
  they are committed to (their standing offer, their sealed offer of this round, the negative
  offers made to them as seller, their high bid, coins they still owe as a gift), nor take away
  the only loan card their standing or sealed offer includes. While the buyers' sealed choices of
  a round are coming in, the seller cannot repay: those offers were made on the seller's coins as
  they stood, and a refusal must not tell the seller what the sealed offers hold. A buyer barred
  by a Miser who may still borrow or repay is still asked in each round (to stand or to take or
  repay the loan), as before loans could be taken out of turn. A player may come to hold several
  loan cards by receiving them in payment; each is repaid separately.
* **Thief and guard.** The Diamant winner opens both the Thief and the Guard auctions at 0; each
  price is shared out by the buyer among the others. The Thief holder, as a buyer, may steal when
  they are to move in a negotiation round, unless the seller holds the Guard.
* **Misers.** A player may play their Miser when they are to move in a sale (a buyer in a round,
  the seller when deciding) against a buyer of that sale: the buyer's offer is void and they may
  offer nothing more in that sale, though the seller may still hand them the card for nothing at
  the close.
* **Swindlers.** Decided by the buyer right after the seller accepts their card offer, before the
  market card reaches their hand: the card paid is swapped for one of another good from their hand;
  only the buyer and the seller see which.
* **Face-down mini-variant.** Offered cards are face down to everyone but their owner; the seller,
  when deciding, may ask a buyer to turn theirs face up (for everyone). Cards exchanged stay
  unseen by the others unless turned up.
* **Blind.** Coins are hidden; offered cards are face down to everyone, the seller included, until
  paid. Coin amounts offered and paid are public. A buyer cannot see whether the seller could
  pay the coins a card-and-coins offer asks, so they may ask for up to every coin of the game
  (``coins_in_game``: the players' total, announced at a scripted set-up, plus the box, treasury
  and bank). The seller may accept only an offer they can pay, and only such offers bind their
  coins; at the close, naming a buyer whose asking they cannot pay voids that offer: the buyer
  takes the card for nothing, as a buyer without an offer would.

Event data, for renderers, measures and notebooks: every event but a player's decision (whose
action is ``event.action``) names the event in ``data["what"]``, next to the facts of its English
``text``. Read these keys, not the text, which is narration and may be reworded. ``seat`` (when
present) is the seat the event is about; cards are card ids; ``event.round`` is the sale number
(0 before the first sale). An event seen by some seats only says so in ``visible_to``.

* ``in_play`` (chance): ``in_play`` (the goods dealt, sorted).
* ``told`` (an ended auction in short, :func:`tradekit.core.auctions.auction_told`): ``say``,
  ``parts`` (each bid and pass, in order), ``fields`` (the buyer's ``seat`` and ``price``).
* ``deal`` (chance, seen by its seat): ``seat``, ``deal`` (the hand), ``scripted`` (given by a
  scripted set-up rather than dealt).
* ``inactive`` (chance): ``inactive`` (the face-up inactive cards per seat).
* ``setup`` (a scripted set-up): ``inactive``, ``thief``, ``guard`` (holder seats or ``None``),
  ``loans`` (loan cards per seat), ``treasury``.
* ``scripted_coins``: ``coins`` (per seat).
* ``starting_coins`` (blind, seen by its seat): ``seat``, ``coins``.
* ``coins_total`` (blind, a scripted set-up): ``coins`` (all the players' coins together).
* ``start``: ``players``, ``variants``, ``goal`` (``[different goods, coins]``).
* ``auction`` (the Diamant, Thief or Guard is auctioned): ``item``, ``opener``.
* ``drop_out`` (a pass without a decision): ``seat``, ``item``, ``high_bid``.
* ``auction_won``: ``item``, ``winner``, ``price``.
* ``gift``: ``seat`` (the giver), ``gift`` (coins to share out), ``source`` (``"thief"``,
  ``"guard"``: the item's price; ``"temple"``).
* ``sale_start``: ``seat`` (the seller), ``sale`` (its number), ``cards`` (the seller's cards).
* ``treasurer`` (a Treasurer card is played and leaves the game): ``seat``.
* ``temple``: ``seat``, ``removed`` (the card given up), ``sacred`` (the sacred-texts card).
* ``market``: ``seat`` (the seller), ``market`` (the card), ``inactive`` (coins only).
* ``chosen`` (a buyer's sealed choice is in): ``seat``.
* ``offers`` (reveal): ``round`` (the negotiation round), ``offers`` (``{buyer: {"card": id,
  "face down" or None, "coins": n, "loan": bool}}`` for the standing offers).
* ``no_offer`` (the negotiation continues): ``round`` (the round that ended).
* ``ban`` (a Miser): ``seat``, ``banned``.
* ``theft`` (the Thief): ``seat`` (the thief), ``card`` (the market card), ``seller``.
* ``turn_up`` (reveal, face-down mini-variant): ``seat`` (the buyer), ``card``.
* ``accept``: ``seller``, ``buyer``.
* ``void_offer`` (blind, at the close: the seller chose an offer asking more coins than they
  hold; the buyer takes the card for nothing): ``seller``, ``buyer``, ``coins`` (the offer's).
* ``swindle`` (a Swindler is played): ``seat``.
* ``swap`` (seen by the buyer and seller): ``seat``, ``paid`` (the card paid), ``offered``.
* ``sale``: ``seller``, ``buyer``, ``market``, ``card`` (the card paid: an id, ``None``, or
  ``"hidden"``), ``coins`` (paid by the buyer; negative: paid to the buyer), ``loan``.
* ``paid_with`` (a hidden card paid, seen by the buyer and seller): ``seat``, ``paid``.
* ``tax_unpaid``: ``seat`` (the seller), ``tax``, ``treasurer`` (whether the seller loses their
  Treasurer card instead).
* ``show`` (reveal at the end): ``seat``, ``hand``, ``coins``.
* ``game_end``: ``winner`` (or ``None``), ``sales``, ``goods`` and ``coins`` (the winner's, or
  ``None``), ``by`` (what brought the winner to the goal: ``"sale"``, ``"theft"``,
  ``"treasurer"``, ``"temple"``, ``"gift"``, ``"repay"`` or ``"diamant"``; ``None`` without a
  winner; absent from games saved before instant wins).

Coins paid are ledger entries (``state.ledger``), not events: loans, taxes, the Diamant's price,
gifts (each a :class:`Give` decision) and the coins of a ``sale``.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.auctions import AscendingAuction
from tradekit.core.domains import Menu, OneOf, Option, refuse
from tradekit.core.errors import Reason
from tradekit.core.events import PaymentKind
from tradekit.core.seats import seat_label
from tradekit.core.simultaneous import SealedStep
from tradekit.core.state import State, Viewer
from tradekit.core.words import counted
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
from tradekit.games.negoces.auction import auction_step, log_auto_passes, next_opening
from tradekit.games.negoces.choices import Among, Amounts, plain
from tradekit.games.negoces.end import holds_goal, reaches_goal
from tradekit.games.negoces.menus import offer_choices, refused
from tradekit.games.negoces.places import BANK_POOL, BOX, DIAMANT, SACRED, TREASURY
from tradekit.games.negoces.sale import (
    Standing,
    accept_offer,
    ban,
    complete_sale,
    next_sale_round,
    offer_to_temple,
    open_sale,
    skip_idle_buyers,
    start_sale,
    steal,
)
from tradekit.games.negoces.setup import apply_setup, deal, is_int, read_setup
from tradekit.games.negoces.view import (
    NegocesView,
    negoces_view,
)

if TYPE_CHECKING:
    from tradekit.games.negoces.game import NegocesGame


class NegocesState(State[NegocesView]):
    """A Négoces game in play. Create it with ``NegocesGame(...).new_state(seed=...)``.

    A scripted ``setup`` (a mapping of lists and numbers) replaces the deal when it has ``hands``.
    Keys, all optional but ``hands``: ``hands`` (card ids per seat), ``inactive`` (face-up
    inactive cards per seat: contraband or new monopolies' singles), ``coins`` (per seat;
    default: the set-up table), ``thief`` and ``guard`` (holder seats, thief and guard variant),
    ``loans`` (loan cards per seat, bank variant), ``treasury`` (coins in the treasury),
    ``treasurer``, ``misers``, ``swindlers`` (per seat: whether they still hold that card).
    If the Diamant (card 48) is in a hand the opening auctions are skipped and the first sale
    begins (Thief and Guard not given to anyone are out of the game); hands plus inactive cards
    must then number k + 1 for one seat (the seller) and k for the others, otherwise all equal.
    Cards not placed are out of play ("unused").

    Example:
        >>> from tradekit.games.negoces.game import NegocesGame
        >>> hands = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]
        >>> s = NegocesGame(players=3).new_state(setup={"hands": hands})
        >>> s.phase, s.seller, s.to_move
        ('prepare', 0, (0,))
    """

    game: NegocesGame

    _MEMOS = State._MEMOS | {"_goods_memo", "_offer_memo"}

    #: Loans are taken and repaid at any time after the Diamant auction, in turn or not.
    out_of_turn: ClassVar[frozenset[type[Action]]] = frozenset({TakeLoan, RepayLoan})

    def __init__(
        self, game: NegocesGame, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        #: to_move, worked out at its first reading after each decision (see _do).
        self._moving: tuple[int, ...] | None = None
        #: _goods() by cards.
        self._goods_memo: dict[tuple[int, ...], tuple[str, ...]] = {}
        #: By seat: the facts its offers were last declared from, and those offers.
        self._offer_memo: dict[int, tuple[tuple[Any, ...], tuple[Option, ...]]] = {}
        n = game.players
        self.n = n
        # The narration names seats at nearly every event: each label worded once.
        self.labels = tuple(seat_label(p) for p in range(n))
        t = self.tables = game.tables
        self.row = t.setup[n]
        self.variants = frozenset(game.variants)
        if "new_monopolies" in self.variants:
            self.goal_goods = t.constant("new_monopolies", "goal_goods")
            self.goal_coins = t.constant("new_monopolies", "goal_coins")
            start = t.constant("new_monopolies", "coins")
        else:
            self.goal_goods = self.row.goal_goods
            self.goal_coins = self.row.goal_coins
            start = self.row.coins
        self.tax = t.constant("treasury", "tax")
        self.loan_size = t.constant("bank", "loan")
        self.gift_size = self.row.temple_gift
        self.diamant = t.cards_of[DIAMANT][0]
        self.coins = [start] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.inactive: list[list[int]] = [[] for _ in range(n)]
        self.market: int | None = self.diamant
        self.market_inactive = False
        self.box: list[int] = []
        self.unused: list[int] = []
        self.box_coins = 0
        self.treasury = 0
        bank = "bank" in self.variants
        self.bank_coins = t.constant("bank", "coins") if bank else 0
        self.bank_loans: list[int] = list(t.special["loan"]) if bank else []
        self.loans: list[list[int]] = [[] for _ in range(n)]
        self.treasurer = ["treasury" in self.variants] * n
        self.miser = ["misers" in self.variants] * n
        self.swindler = ["swindlers" in self.variants] * n
        self.sacred: list[int] = list(t.cards_of[SACRED]) if "temple" in self.variants else []
        self.side: list[int] = []
        if "thief_guard" in self.variants:
            self.side = [t.special["thief"][0], t.special["guard"][0]]
        self.thief: int | None = None
        self.guard: int | None = None
        self.auction: AscendingAuction | None = None
        self.auction_item = ""
        self.opening: list[str] = []
        self.diamant_winner: int | None = None
        self.gift_giver: int | None = None
        self.gift_left = 0
        self.gift_why = ""
        #: The kind of payment of the gift's shares: a Thief's or Guard's price is part of an
        #: auction; a temple gift is none of the ledger's named kinds.
        self.gift_kind: PaymentKind = "other"
        self.gift_then = ""
        self.seller: int | None = None
        self.sales = 0
        self.nround = 0
        self.offers: dict[int, Standing] = {}
        self.sealed = SealedStep(())
        self.idle: set[int] = set()
        self.banned: set[int] = set()
        self.temple_used = False
        self.loan_taken: set[int] = set()
        self.loan_repaid: set[int] = set()
        self.pending: tuple[int, Standing] | None = None
        self.last_sale: dict[str, Any] | None = None
        self.winner: int | None = None
        self.over = False
        self.diamant_sold = False
        scripted = setup is not None and "hands" in setup
        if setup is not None and not scripted:
            read_setup(self, setup)
        if not scripted:
            deal(self)
        else:
            assert setup is not None
            apply_setup(self, setup)
        self._initial_money = list(self.coins)
        #: Every coin of the game, wherever it lies: no seller can ever pay more. Public (the
        #: players' total is the table's, or announced by a scripted blind set-up).
        self.coins_in_game = sum(self.coins) + self.box_coins + self.treasury + self.bank_coins
        self._event(
            "info",
            f"Négoces, {n} players"
            + (f", variants {', '.join(game.variants)}" if game.variants else "")
            + f"; to win: {self.goal_goods} different goods and {self.goal_coins} coins",
            data={
                "what": "start",
                "players": n,
                "variants": list(game.variants),
                "goal": [self.goal_goods, self.goal_coins],
            },
        )
        if self.market != self.diamant:
            self.diamant_sold = True
        if self.market == self.diamant:
            self.opening = ["diamant"] + (["thief", "guard"] if self.side else [])
            next_opening(self)
        else:
            start_sale(self)

    # -- set-up ---------------------------------------------------------------------------------
    def _all_card_ids(self) -> list[int]:
        t = self.tables
        ids = [c for g in t.goods_of_kind("series") for c in t.cards_of[g]]
        ids.append(self.diamant)
        if "temple" in self.variants:
            ids += t.cards_of[SACRED]
        if "smugglers" in self.variants:
            ids += [t.cards_of[g][0] for g in t.goods_of_kind("contraband")]
        if "treasury" in self.variants:
            ids += t.special["treasurer"][: self.n]
        if "thief_guard" in self.variants:
            ids += [t.special["thief"][0], t.special["guard"][0]]
        if "misers" in self.variants:
            ids += t.special["miser"][: self.n]
        if "swindlers" in self.variants:
            ids += t.special["swindler"][: self.n]
        if "bank" in self.variants:
            ids += t.special["loan"]
        return ids

    # -- small helpers --------------------------------------------------------------------------
    def _good(self, card: int) -> str:
        return self.tables.good_of[card]

    def _goods(self, cards: list[int]) -> tuple[str, ...]:
        """The goods of ``cards``, each once, sorted (a tuple shared by every caller)."""
        # Asked for a hand at nearly every decision (the offers, the cards put up), while hands
        # change once a sale: remembered by the cards.
        key = tuple(cards)
        goods = self._goods_memo.get(key)
        if goods is None:
            good_of = self.tables.good_of
            goods = self._goods_memo[key] = tuple(sorted({good_of[c] for c in cards}))
        return goods

    def _card_of(self, cards: list[int], good: object) -> int | None:
        """The lowest card of ``good`` among ``cards`` (cards of a good are interchangeable)."""
        good_of = self.tables.good_of
        return min([c for c in cards if good_of.get(c) == good], default=None)

    def total_cards(self, player: int) -> int:
        """Cards in hand plus inactive face-up cards (what decides the seller)."""
        return len(self.hands[player]) + len(self.inactive[player])

    def different_goods(self, player: int) -> int:
        """Different goods in ``player``'s hand (what counts towards winning)."""
        return len({self.tables.good_of[c] for c in self.hands[player]})

    def qualifies(self, player: int) -> bool:
        """Whether ``player`` holds the goal: enough different goods, enough coins (not counting
        coins they still owe as a gift) and no loan card."""
        return holds_goal(self, player, self._owed(player))

    def _owed(self, player: int) -> int:
        """Coins ``player`` must still give away (a gift being shared out)."""
        return self.gift_left if self.phase == "gift" and self.gift_giver == player else 0

    def _after(self, seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        return [(seat + i) % self.n for i in range(1, self.n)]

    def buyers(self) -> list[int]:
        """Everyone but the seller."""
        return [p for p in range(self.n) if p != self.seller]

    def _pay(
        self, amount: int, payer: int | str, payee: int | str, why: str, kind: PaymentKind
    ) -> None:
        """Move ``amount`` coins (nothing if it is not positive) and record it in the ledger."""
        if amount <= 0:
            return
        for party, sign in ((payer, -1), (payee, 1)):
            if isinstance(party, int):
                self.coins[party] += sign * amount
            elif party == BOX:
                self.box_coins += sign * amount
            elif party == TREASURY:
                self.treasury += sign * amount
            elif party == BANK_POOL:
                self.bank_coins += sign * amount
        self._transfer(amount, payer, payee, why, kind)

    # -- protocol -------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now."""
        # Read several times per decision (the caller, the menu, the turn check) and changed only
        # by a decision: worked out once per decision. The rules, while a decision changes the
        # game, ask _compute_to_move.
        moving = self._moving
        if moving is None:
            moving = self._moving = self._compute_to_move()
        return moving

    def _compute_to_move(self) -> tuple[int, ...]:
        """:attr:`to_move` of the game as it stands now."""
        phase = self.phase
        if phase == "negotiate":
            idle = self.idle
            waiting = self.sealed.waiting
            return tuple([p for p in waiting if p not in idle]) if idle else waiting
        if phase == "auction":
            assert self.auction is not None
            speaker = self.auction.speaker
            return () if speaker is None else (speaker,)
        if phase == "gift":
            assert self.gift_giver is not None
            return (self.gift_giver,)
        if phase in ("prepare", "decide"):
            assert self.seller is not None
            return (self.seller,)
        if phase == "swindle":
            assert self.pending is not None
            return (self.pending[0],)
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a winner, or ``max_sales`` sales)."""
        return self.over

    def legal_actions(self, player: int) -> Menu:
        """Every action ``player`` may take now, as a lazy sequence (see :meth:`_menu`).

        Example:
            >>> from tradekit.games.negoces.game import NegocesGame
            >>> s = NegocesGame(players=3).new_state(seed=1)
            >>> list(s.legal_actions(s.to_move[0]))
            [Bid(amount=1), Bid(amount=2), Pass()]
        """
        return self._menu(player)

    def _declare_menu(self, player: int) -> Menu:
        """What ``player`` may do now. Closed kinds of action are declared with their reason
        (:func:`refuse`), so a refusal names the rule that forbids it."""
        if self.over:
            return Menu((), step="the finished game")
        options: list[Option] = []
        phase = self.phase
        words = _PHASE_WORDS.get(phase)
        if words is None:
            step = _STEP_WORDS.get(phase, "this step")
            words = _PHASE_WORDS[phase] = (f"_{phase}_options", step)
        if player in self.to_move:
            options = getattr(self, words[0])(player)
        elif player in self.idle:  # a barred buyer is not asked: say why they cannot offer
            options = list(self._offer_options(player))
        options += self._loan_options(player)  # in turn or not (out_of_turn)
        return Menu(options, step=words[1])

    def _auction_options(self, player: int) -> list[Option]:
        assert self.auction is not None
        auction = self.auction
        bids = auction.bids_allowed(player)
        high = auction.high_bid
        budget = auction.budgets.get(player, 0)
        return [
            Option(
                Bid,
                amount=Among(
                    tuple(bids),
                    "the bid",
                    Reason(
                        f"a raise of +1 or +2 over the high bid of {high}",
                        "negoces.raise_over",
                        high=high,
                    ),
                    lambda v: (
                        Reason(
                            f"{seat_label(player)} cannot bid {v}: they have only {budget}",
                            "negoces.cannot_bid",
                            seat=player,
                            bid=v,
                            budget=budget,
                        )
                        if is_int(v) and v > budget
                        else None
                    ),
                ),
            ),
            plain(Pass),
        ]

    def _gift_options(self, player: int) -> list[Option]:
        left = self.gift_left
        others = tuple(q for q in range(self.n) if q != player)
        return [
            Option(
                Give,
                to=Among(
                    others, "the receiver", f"another seat than the giver {seat_label(player)}"
                ),
                coins=Amounts(
                    1,
                    left,
                    "the coins given",
                    lambda v: Reason(
                        f"{seat_label(player)} has {counted(left, 'coin', 'coins')} left to give,"
                        " 1 at least",
                        "negoces.left_to_give",
                        seat=player,
                        left=left,
                    ),
                ),
            )
        ]

    def _prepare_options(self, player: int) -> list[Option]:
        hand_goods = self._goods(self.hands[player])
        words = seat_words(player)
        options = [
            Option.of(PutUp, OneOf(hand_goods, "the good put up", words.in_hand, secret=True)),
            Option.of(
                SellInactive,
                OneOf(self._goods(self.inactive[player]), "the card sold", words.face_up),
            ),
            plain(UseTreasurer) if self.treasurer[player] else words.no_treasurer,
        ]
        closed = self._temple_closed(player)
        if closed is None:
            goods = tuple(g for g in hand_goods if g != SACRED)
            options.append(
                Option(
                    Temple,
                    good=Among(
                        goods,
                        "the good given up",
                        words.in_hand,
                        lambda v: _SACRED_FOR_SACRED if v == SACRED else None,
                        secret=True,
                    ),
                )
            )
        else:
            options.append(refuse(Temple, closed))
        return options

    def _temple_closed(self, player: int) -> str | None:
        """Why ``player`` may not visit the temple now, or ``None``."""
        if "temple" not in self.variants:
            return _NO_TEMPLE
        if self.temple_used:
            return _TEMPLE_USED
        if not self.sacred:
            return _NO_SACRED
        if self.coins[player] < self.gift_size:
            return Reason(
                f"the temple gift is {self.gift_size} coins and {seat_label(player)} cannot pay it",
                "negoces.temple_gift",
                gift=self.gift_size,
                seat=player,
            )
        return None

    def _offer_options(self, player: int) -> tuple[Option, ...]:
        """Offers in the order bots and random players index them: by card (none first), then
        without and with the loan card, then by coins."""
        seller = self.seller
        assert seller is not None
        if player in self.banned:
            return (seat_words(player).barred,)
        coins = self.coins
        # Blind: the seller's coins are hidden, so a buyer may ask for up to every coin of the
        # game; the seller accepts only what they can pay (see _decide_options, _accept).
        blind = "blind" in self.variants
        facts = (
            seller,
            coins[player],
            -self.coins_in_game if blind else -coins[seller],
            self._goods(self.hands[player]),
            bool(self.loans[player]),
            self.market_inactive,
            blind,
        )
        # A buyer is asked round after round of a sale with the same facts (about one time in
        # four in random play, one in two between bots): the offers made from the facts last
        # seen are reused. Keyed by every fact they are made from, they cannot go stale.
        memo = self._offer_memo.get(player)
        if memo is not None and memo[0] == facts:
            return memo[1]
        options = offer_choices(player, *facts)
        self._offer_memo[player] = (facts, options)
        return options

    def _special_options(self, player: int) -> list[Option]:
        """Miser and Thief plays open to ``player`` in this sale (each declared with its
        reason when closed)."""
        options: list[Option] = []
        if self.miser[player]:
            banned = self.banned
            targets = tuple(q for q in self.buyers() if q != player and q not in banned)
            buyers = self.buyers()

            def why_not(v: object) -> str | None:
                if v == player:
                    return Reason(
                        "a player cannot play the Miser against themselves", "negoces.miser_self"
                    )
                if v in banned:
                    return Reason(
                        f"{seat_label(v)} is already barred from offering",
                        "negoces.already_barred",
                        seat=v,
                    )
                if v not in buyers:
                    return Reason(
                        f"the Miser is played against a buyer of this sale, not {seat_label(v)}",
                        "negoces.miser_not_buyer",
                        seat=v,
                    )
                return None

            options.append(
                Option(
                    Ban,
                    target=Among(targets, "the target", "a buyer of this sale", why_not),
                )
            )
        else:
            options.append(seat_words(player).no_miser)
        if self.phase == "negotiate":
            options.append(self._steal_option(player))
        return options

    def _steal_option(self, player: int) -> Option:
        """Playing the Thief in this negotiation round: open, or closed with its reason."""
        if self.thief != player:
            return seat_words(player).no_thief
        seller = self.seller
        if self.guard == seller:
            assert seller is not None
            return seat_words(seller).guarded
        return plain(Steal)

    def _negotiate_options(self, player: int) -> list[Option]:
        words = seat_words(player)
        withdraw = plain(Withdraw) if player in self.offers else words.no_withdraw
        if self.miser[player]:
            return [*self._offer_options(player), _STAND, withdraw, *self._special_options(player)]
        # Without a Miser to play, the rest of the menu is the seat's refusal and the Thief.
        steal = self._steal_option(player)
        return [*self._offer_options(player), _STAND, withdraw, words.no_miser, steal]

    def _decide_options(self, player: int) -> list[Option]:
        closing = self.nround >= self.game.negotiation_rounds
        buyers = self.buyers()
        offers = self.offers
        if closing:
            chosen = tuple(buyers)
        else:
            chosen = tuple(b for b in sorted(offers) if self._payable(offers[b]))

        def not_chosen(v: object) -> str | None:
            if v not in buyers:
                return Reason(
                    f"{seat_label(v)} is not a buyer in this sale", "negoces.not_buyer", seat=v
                )
            offer = offers.get(v) if type(v) is int else None
            if offer is not None:
                return Reason(
                    f"{seat_label(player)} cannot pay the {-offer.coins} coins {seat_label(v)} "
                    "asks (before the close)",
                    "negoces.cannot_pay_asked",
                    seat=player,
                    asked=-offer.coins,
                    buyer_seat=v,
                )
            return Reason(
                f"{seat_label(v)} has no offer standing (before the close)",
                "negoces.no_offer_standing",
                seat=v,
            )

        what = "a buyer of this sale" if closing else "a buyer with an offer standing"
        if not closing and len(chosen) < len(offers):
            what += f" that {seat_label(player)} can pay"
        options = [Option.of(Accept, Among(chosen, "the buyer accepted", what, not_chosen))]
        if "face_down" in self.variants:
            face_down = tuple(
                b for b, o in sorted(self.offers.items()) if o.card is not None and not o.shown
            )

            def not_shown(v: object) -> str | None:
                offer = self.offers.get(v) if type(v) is int else None
                if offer is None or offer.card is None:
                    return Reason(f"{seat_label(v)} offers no card", "negoces.no_card", seat=v)
                return Reason(
                    f"{seat_label(v)}'s card is already face up", "negoces.face_up", seat=v
                )

            options.append(
                Option(
                    AskToShow,
                    buyer=Among(
                        face_down, "the buyer asked", "a buyer offering a face-down card", not_shown
                    ),
                )
            )
        else:
            options.append(_NO_ASK_TO_SHOW)
        options += self._special_options(player)
        options.append(_LAST_ROUND if closing else _CONTINUE)
        return options

    def _swindle_options(self, player: int) -> list[Option]:
        assert self.pending is not None
        paid = self.pending[1].card
        assert paid is not None
        paid_good = self._good(paid)
        goods = self._goods(self.hands[player])

        def why_not(v: object) -> str | None:
            if v == paid_good:
                return Reason("the swap must be for a card of another good", "negoces.same_good")
            return Reason(
                f"{seat_label(player)} has no {v!r} card in hand",
                "negoces.no_such_card",
                seat=player,
                good_value=v,
            )

        return [
            Option(
                Swap,
                good=Among(
                    tuple(g for g in goods if g != paid_good),
                    "the good paid instead",
                    Reason(
                        f"another good in {seat_label(player)}'s hand than {paid_good}",
                        "negoces.another_good",
                        seat=player,
                        good_value=paid_good,
                    ),
                    why_not,
                    secret=True,
                ),
            ),
            plain(NoSwap),
        ]

    def _loan_options(self, player: int) -> tuple[Option, Option]:
        """Taking and repaying a loan, each open or closed with its reason."""
        if "bank" not in self.variants:
            return _NO_BANK_OPTIONS
        if not self.diamant_sold:
            return _NOT_YET_OPTIONS
        # Declared in every seat's menu at every decision: the usual refusals are made once.
        words = seat_words(player)
        if not self.loans[player]:
            if not self.bank_loans:
                return _NO_LOAN_LEFT_OPTION, words.no_loan
            return (_ONE_LOAN_OPTION if player in self.loan_taken else _TAKE_LOAN), words.no_loan
        repay = self._repay_reason(player)
        return words.has_loan, _REPAY_LOAN if repay is None else refuse(RepayLoan, repay)

    def _committed(self, player: int) -> int:
        """Coins ``player`` must keep to honour what they have committed to."""
        phase = self.phase
        if phase == "auction" and self.auction is not None:
            return self.auction.high_bid if self.auction.high_bidder == player else 0
        if phase == "gift":
            return self.gift_left if self.gift_giver == player else 0
        if phase in ("negotiate", "decide"):
            if player == self.seller:
                return max([-o.coins for o in self.offers.values() if self._payable(o)] + [0])
            offer = self.offers.get(player)
            sealed = self.sealed.choice(player)
            return max(
                0,
                offer.coins if offer else 0,
                sealed.coins if isinstance(sealed, Offer) else 0,
            )
        if phase == "swindle" and self.pending is not None:
            buyer, offer = self.pending
            if player == buyer:
                return max(offer.coins, 0)
            if player == self.seller:
                return max(-offer.coins, 0)
        return 0

    def _repay_reason(self, player: int) -> str | None:
        if not self.loans[player]:
            return no_loan(player)
        if player in self.loan_repaid:
            return _ONE_REPAY
        need = self.loan_size + self._committed(player)
        if self.coins[player] < need:
            return Reason(
                f"repaying takes {self.loan_size} coins and {seat_label(player)} must keep "
                f"{self._committed(player)} for what they have committed to",
                "negoces.repay_keep",
                loan=self.loan_size,
                seat=player,
                kept=self._committed(player),
            )
        if player == self.seller and self.phase == "negotiate" and self.sealed.chosen:
            # Sealed offers count on the seller's coins as they stood: no repaying under them.
            return _REPAY_SEALED
        offer = self.offers.get(player) if self.phase in ("negotiate", "decide") else None
        if self.phase == "swindle" and self.pending is not None and self.pending[0] == player:
            offer = self.pending[1]
        if offer is not None and offer.loan and len(self.loans[player]) == 1:
            return Reason(
                f"{seat_label(player)}'s standing offer includes their only loan card",
                "negoces.loan_in_offer",
                seat=player,
            )
        sealed = self.sealed.choice(player) if self.phase == "negotiate" else None
        if isinstance(sealed, Offer) and sealed.loan and len(self.loans[player]) == 1:
            return Reason(
                f"{seat_label(player)}'s sealed offer includes their only loan card",
                "negoces.loan_in_sealed",
                seat=player,
            )
        return None

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        try:
            self._act(player, action)
        finally:
            self._moving = None  # the seats to move are worked out again when next read

    def _act(self, player: int, action: Action) -> None:
        """Carry out a legal action (:meth:`_do`)."""
        if isinstance(action, (TakeLoan, RepayLoan)):
            self._log_action(player, action)
            self._loan(player, isinstance(action, TakeLoan))
            if self.phase == "negotiate":  # a barred buyer may now have nothing left to do
                skip_idle_buyers(self)
            return
        phase = self.phase
        if phase == "negotiate" and isinstance(action, (Offer, Stand, Withdraw)):
            self.sealed.choose(player, action, self._event)
            skip_idle_buyers(self)
            return
        if isinstance(action, Swap) and self.seller is not None:
            # Which card the Swindler pays with is seen only by the buyer and the seller.
            self._event(
                "action",
                f"{seat_label(player)}: {action}",
                player=player,
                action=action,
                visible_to=tuple(sorted({player, self.seller})),
            )
        else:
            self._log_action(player, action)
        if isinstance(action, (Bid, Pass)):
            assert self.auction is not None
            before = len(self.auction.history)
            if isinstance(action, Bid):
                self.auction.bid(player, action.amount)
            else:
                self.auction.pass_(player)
            log_auto_passes(self, before + 1)
            auction_step(self)
        elif isinstance(action, Give):
            self._pay(action.coins, player, action.to, self.gift_why, self.gift_kind)
            self.gift_left -= action.coins
            if self.gift_left == 0 and not reaches_goal(self, self._after(player), "gift"):
                self._gift_done()
        elif isinstance(action, UseTreasurer):
            self.treasurer[player] = False
            self.box.append(self.tables.special["treasurer"][player])
            self._pay(
                self.treasury, TREASURY, player, "took the treasury with the Treasurer", "other"
            )
            self._event(
                "info",
                f"{seat_label(player)}'s Treasurer card leaves the game",
                player=player,
                data={"what": "treasurer", "seat": player},
                fresh=True,
            )
            reaches_goal(self, (player,), "treasurer")
        elif isinstance(action, Temple):
            offer_to_temple(self, player, action.good)
        elif isinstance(action, PutUp):
            card = self._card_of(self.hands[player], action.good)
            assert card is not None
            self.hands[player].remove(card)
            open_sale(self, card, inactive=False)
        elif isinstance(action, SellInactive):
            card = self._card_of(self.inactive[player], action.good)
            assert card is not None
            self.inactive[player].remove(card)
            open_sale(self, card, inactive=True)
        elif isinstance(action, Ban):
            ban(self, player, action.target)
        elif isinstance(action, Steal):
            steal(self, player)
        elif isinstance(action, AskToShow):
            offer = self.offers[action.buyer]
            self.offers[action.buyer] = dataclasses.replace(offer, shown=True)
            assert offer.card is not None
            self._event(
                "reveal",
                f"{seat_label(action.buyer)} turns up the offered card: {self._good(offer.card)}",
                player=action.buyer,
                data={"what": "turn_up", "seat": action.buyer, "card": offer.card},
                fresh=True,
            )
        elif isinstance(action, Accept):
            accept_offer(self, action.buyer)
        elif isinstance(action, Continue):
            next_sale_round(self)
        elif isinstance(action, (Swap, NoSwap)):
            assert self.pending is not None
            buyer, offer = self.pending
            self.pending = None
            card = offer.card
            assert card is not None
            swapped = False
            if isinstance(action, Swap):
                new = self._card_of(self.hands[buyer], action.good)
                assert new is not None
                self.swindler[buyer] = False
                self.box.append(self.tables.special["swindler"][buyer])
                self._event(
                    "info",
                    f"{seat_label(buyer)} plays the Swindler: the card paid is swapped, unseen",
                    player=buyer,
                    data={"what": "swindle", "seat": buyer},
                    fresh=True,
                )
                assert self.seller is not None
                self._event(
                    "info",
                    f"{seat_label(buyer)} pays with {self._good(new)} instead of "
                    f"{self._good(card)}",
                    player=buyer,
                    data={"what": "swap", "seat": buyer, "paid": new, "offered": card},
                    visible_to=tuple(sorted((buyer, self.seller))),
                    fresh=True,
                )
                card, swapped = new, True
            complete_sale(self, buyer, offer, card, swapped)

    def _log_action(self, player: int, action: Action) -> None:
        self._event("action", f"{self.labels[player]}: {action}", player=player, action=action)

    def _loan(self, player: int, take: bool) -> None:
        if take:
            card = self.bank_loans.pop(0)
            self.loans[player].append(card)
            self.loan_taken.add(player)
            self._pay(self.loan_size, BANK_POOL, player, "loan from the bank", "loan")
        else:
            card = self.loans[player].pop()
            self.bank_loans.append(card)
            self.bank_loans.sort()
            self.loan_repaid.add(player)
            self._pay(self.loan_size, player, BANK_POOL, "loan repaid to the bank", "loan")
            if reaches_goal(self, (player,), "repay"):
                return
        if self.phase == "auction" and self.auction is not None:
            self.auction.budgets[player] = self.coins[player]

    # -- gifts (the thief, the guard, the temple) --------------------------------------------------
    def _start_gift(self, giver: int, amount: int, why: str, then: str, source: str) -> None:
        """``giver`` shares out ``amount`` coins; ``source`` (``"thief"``, ``"guard"`` or
        ``"temple"``) is what the gift is for, ``then`` the phase it returns to."""
        self.phase = "gift"
        self.gift_giver = giver
        self.gift_left = amount
        self.gift_why = why
        self.gift_kind = "other" if source == "temple" else "auction"
        self.gift_then = then
        self._event(
            "info",
            f"{seat_label(giver)} shares out {amount} coins among the others",
            player=giver,
            data={"what": "gift", "seat": giver, "gift": amount, "source": source},
            fresh=True,
        )

    def _gift_done(self) -> None:
        self.gift_giver = None
        if self.gift_then == "opening":
            next_opening(self)
        else:
            self.phase = "prepare"

    def _card_public(self, offer: Standing) -> bool:
        if offer.card is None:
            return True
        if "blind" in self.variants:
            return False
        return "face_down" not in self.variants or offer.shown

    def _payable(self, offer: Standing) -> bool:
        """Whether the seller can pay the coins ``offer`` asks (always, unless blind)."""
        assert self.seller is not None
        return -offer.coins <= self.coins[self.seller]

    # -- accounting -----------------------------------------------------------------------------
    def money(self) -> list[int]:
        """Coins each seat holds."""
        return list(self.coins)

    @property
    def initial_money(self) -> list[int]:
        """Coins each seat started with."""
        return list(self._initial_money)

    def pools(self) -> dict[str, int]:
        """Coins outside the players' hands: removed to the box, in the treasury, in the bank."""
        return {BOX: self.box_coins, TREASURY: self.treasury, BANK_POOL: self.bank_coins}

    def card_locations(self) -> dict[str, list[int]]:
        """Every card: hands, face-up cards in front of each seat, the market, the side of the
        table (sacred texts, Thief and Guard before their auction), the bank's loan cards, the box
        (removed during the game) and the cards left out at set-up."""
        t = self.tables
        out: dict[str, list[int]] = {}
        for p in range(self.n):
            out[f"hand P{p}"] = list(self.hands[p])
            front = list(self.inactive[p]) + list(self.loans[p])
            if self.treasurer[p]:
                front.append(t.special["treasurer"][p])
            if self.miser[p]:
                front.append(t.special["miser"][p])
            if self.swindler[p]:
                front.append(t.special["swindler"][p])
            if self.thief == p:
                front.append(t.special["thief"][0])
            if self.guard == p:
                front.append(t.special["guard"][0])
            out[f"front P{p}"] = sorted(front)
        out["market"] = [self.market] if self.market is not None else []
        out["side"] = sorted(self.sacred + self.side)
        out["bank"] = list(self.bank_loans)
        out["box"] = list(self.box)
        out["unused"] = list(self.unused)
        return out

    def all_cards(self) -> list[int]:
        """The ids of every card of this game (the base game's 49 and the variants' cards)."""
        return self._all_card_ids()

    # -- results and views ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """1 for the winner, 0 for everyone else (all 0 while playing or with no winner)."""
        return [1 if p == self.winner else 0 for p in range(self.n)]

    def summary(self) -> str:
        """A one-line description for error messages."""
        text = f"{super().summary()}; sale {self.sales + 1}, seller {seat_label(self.seller)}"
        if "blind" in self.variants:
            return text
        return (
            text + "; coins " + " ".join(f"{seat_label(p)}={c}" for p, c in enumerate(self.coins))
        )

    def view(self, viewer: Viewer = None) -> NegocesView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        return negoces_view(self, viewer)

    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> NegocesState:
        """A copy in which everything ``viewer`` cannot see is redrawn at random.

        Other seats' hands are reshuffled among themselves (sizes kept; cards the viewer sees in
        a standing or pending offer stay put), face-down offered cards and other seats' sealed
        choices are redrawn from the new hands, and in the blind variant other seats' coins
        change. ``view(viewer)`` of the copy equals ``view(viewer)`` of this state; the copy is
        for information-set reasoning (bots) and tests and may break invariants the viewer cannot
        see, so do not play it on.
        """
        rng = np.random.default_rng(seed)
        other = copy.deepcopy(self)
        if viewer == "all" or self.over:
            return other
        hidden = [p for p in range(self.n) if p != viewer]
        pinned: set[int] = set()
        offers = list(self.offers.items())
        if self.pending is not None:
            offers.append(self.pending)
        for buyer, offer in offers:
            if offer.card is not None and (buyer == viewer or self._card_public(offer)):
                pinned.add(offer.card)
        pool = [c for p in hidden for c in other.hands[p] if c not in pinned]
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for p in hidden:
            keep = [c for c in other.hands[p] if c in pinned]
            k = len(other.hands[p]) - len(keep)
            other.hands[p], pool = sorted(keep + pool[:k]), pool[k:]
        for p in hidden:
            hand = other.hands[p]
            standing = other.offers.get(p)
            if standing is not None and standing.card is not None and standing.card not in pinned:
                card = hand[int(rng.integers(len(hand)))]
                other.offers[p] = dataclasses.replace(standing, card=card)
            sealed = other.sealed.choice(p)
            if isinstance(sealed, Offer) and sealed.good is not None and hand:
                good = self._good(hand[int(rng.integers(len(hand)))])
                other.sealed.chosen[p] = Offer(good, sealed.coins, sealed.loan)
            if "blind" in self.variants:
                other.coins[p] += int(rng.integers(0, 6))
        if other.pending is not None:
            buyer, offer = other.pending
            if buyer != viewer and offer.card is not None and offer.card not in pinned:
                hand = other.hands[buyer]
                other.pending = (buyer, dataclasses.replace(offer, card=hand[0]))
        return other


#: Why a sacred-texts card is not given up at the temple.
_SACRED_FOR_SACRED = Reason(
    "a sacred-texts card cannot be given up for another", "negoces.sacred_for_sacred"
)
#: Why no loan is taken or repaid: a game without the bank, or before the Diamond's auction.
_NO_BANK = Reason("loans are played only with the bank variant", "negoces.no_bank")


# The loan refusals that name a seat, worded once per seat: loans are declared at every decision.
@functools.lru_cache(maxsize=256)
def has_loan(player: int) -> Reason:
    """Why ``player`` may not take a loan: they hold one."""
    return Reason(
        f"{seat_label(player)} already holds a loan card", "negoces.has_loan", seat=player
    )


@functools.lru_cache(maxsize=256)
def no_loan(player: int) -> Reason:
    """Why ``player`` may not repay a loan: they hold none."""
    return Reason(f"{seat_label(player)} holds no loan card", "negoces.no_loan", seat=player)


# The loan refusals worded alike for every seat, made once (loans are declared at every decision).
_NO_LOAN_LEFT = Reason("no loan card is left in the bank", "negoces.no_loan_left")
_ONE_LOAN = Reason("a player may take at most one loan per sale", "negoces.one_loan")
_ONE_REPAY = Reason("a player may repay at most one loan per sale", "negoces.one_repay")
_REPAY_SEALED = Reason(
    "the seller cannot repay while the buyers' sealed offers of this round come in",
    "negoces.repay_sealed",
)
_NOT_YET = Reason("loans may be taken only after the Diamond auction", "negoces.loans_later")
#: The loan options of a game without the bank, and before the Diamond's auction.
_NO_BANK_OPTIONS = (refuse(TakeLoan, _NO_BANK), refuse(RepayLoan, _NO_BANK))
_NOT_YET_OPTIONS = (refuse(TakeLoan, _NOT_YET), refuse(RepayLoan, _NOT_YET))

# The refusals worded alike in every position, made once: menus are declared at every decision.
_NO_TEMPLE = Reason("the temple is visited only with the temple variant", "negoces.no_temple")
_TEMPLE_USED = Reason("the temple may be visited once per sale", "negoces.temple_used")
_NO_SACRED = Reason("no sacred-texts card is left", "negoces.no_sacred")
_NO_ASK_TO_SHOW = refuse(
    AskToShow,
    Reason(
        "cards are asked to be shown only in the face_down mini-variant", "negoces.no_face_down"
    ),
)
_LAST_ROUND = refuse(
    Continue,
    Reason(
        "this was the last negotiation round: the seller must accept an offer",
        "negoces.last_round",
    ),
)
_CONTINUE = plain(Continue)
_STAND = plain(Stand)
_TAKE_LOAN = plain(TakeLoan)
_REPAY_LOAN = plain(RepayLoan)
_NO_LOAN_LEFT_OPTION = refuse(TakeLoan, _NO_LOAN_LEFT)
_ONE_LOAN_OPTION = refuse(TakeLoan, _ONE_LOAN)


class SeatWords(NamedTuple):
    """What one seat's menus word alike in every position: texts naming the seat and the
    refusals that name it, made once per seat (menus are declared at every decision)."""

    #: What a good of the seat's hand is, in a refusal ("a good in P1's hand").
    in_hand: str
    #: What an inactive card of the seat is, in a refusal.
    face_up: str
    no_treasurer: Option
    no_withdraw: Option
    no_miser: Option
    no_thief: Option
    #: The seat, as seller, holds the Guard: the Thief is refused.
    guarded: Option
    #: The seat is barred by a Miser: its offers are refused.
    barred: Option
    #: The seat holds a loan card: it may take no other.
    has_loan: Option
    #: The seat holds no loan card to repay.
    no_loan: Option


@functools.lru_cache(maxsize=256)
def seat_words(player: int) -> SeatWords:
    """:class:`SeatWords` of ``player``."""
    label = seat_label(player)
    guarded = Reason(
        f"the seller {label} holds the Guard and cannot be robbed", "negoces.guarded", seat=player
    )
    barred = Reason(
        f"{label} is barred by a Miser from offering in this sale", "negoces.barred", seat=player
    )
    return SeatWords(
        in_hand=f"a good in {label}'s hand",
        face_up=f"an inactive good face up before {label}",
        no_treasurer=refused(
            UseTreasurer, "{player} holds no Treasurer card", player, "negoces.no_treasurer"
        ),
        no_withdraw=refused(
            Withdraw, "{player} has no offer to withdraw", player, "negoces.no_offer"
        ),
        no_miser=refused(Ban, "{player} holds no Miser card", player, "negoces.no_miser"),
        no_thief=refused(Steal, "{player} does not hold the Thief", player, "negoces.no_thief"),
        guarded=refuse(Steal, guarded),
        barred=refuse(Offer, barred),
        has_loan=refuse(TakeLoan, has_loan(player)),
        no_loan=refuse(RepayLoan, no_loan(player)),
    )


#: By phase: the name of the method declaring its options, and the step's name in refusals.
_PHASE_WORDS: dict[str, tuple[str, str]] = {}
#: How a refusal names each phase, in words (never the phase's id).
_STEP_WORDS = {
    "auction": "the open auction",
    "gift": "the sharing out of coins",
    "prepare": "the seller's choice of a card",
    "negotiate": "the sealed offers",
    "decide": "the seller's decision",
    "swindle": "the Swindler's choice",
    "over": "the finished game",
}
