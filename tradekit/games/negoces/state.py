"""Négoces played by its rules, with every variant (this docstring and ``docs/rules/negoces.md``
state them).

The game: an open auction for the Diamant (coins paid go back to the box), then negotiated sales
until a player holds the required number of different goods and coins. In a sale the seller (the
player holding one card more than the others) puts a card face up on the market; the other players
make offers in rounds; the seller accepts one.

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
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.auctions import AscendingAuction
from tradekit.core.domains import Domain, Menu, OneOf, Option, refuse
from tradekit.core.errors import ConfigError
from tradekit.core.setup import MAX_MONEY, Setup
from tradekit.core.simultaneous import SealedStep
from tradekit.core.state import State, Viewer
from tradekit.core.view import check_viewer
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
from tradekit.games.negoces.choices import Among, Amounts, Only, plain
from tradekit.games.negoces.view import AuctionView, NegocesView, OfferView, SaleRecord

if TYPE_CHECKING:
    from tradekit.games.negoces.game import NegocesGame

#: What a scripted set-up may say (see :class:`NegocesState`).
SETUP_KEYS = frozenset(
    {
        "hands",
        "inactive",
        "coins",
        "thief",
        "guard",
        "loans",
        "treasury",
        "treasurer",
        "misers",
        "swindlers",
    }
)

#: The changes that can bring a player to the goal (``by`` of the ``game_end`` event).
REACHED_BY = ("diamant", "gift", "treasurer", "temple", "sale", "theft", "repay")

BOX = "box"
TREASURY = "treasury"
BANK_POOL = "bank"
SACRED = "textes_sacres"
DIAMANT = "diamant"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """An offer standing on the table: the card (an id, or None), coins, loan card, and whether it
    was turned face up on request (face-down mini-variant)."""

    card: int | None
    coins: int
    loan: bool
    shown: bool = False


NO_OFFER = Standing(None, 0, False)


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

    #: Loans are taken and repaid at any time after the Diamant auction, in turn or not.
    out_of_turn: ClassVar[frozenset[type[Action]]] = frozenset({TakeLoan, RepayLoan})

    def __init__(
        self, game: NegocesGame, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
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
            self._read_setup(setup)
        if not scripted:
            self._deal()
        else:
            assert setup is not None
            self._scripted(setup)
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
            self._next_opening()
        else:
            self._start_sale()

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

    def _deal(self) -> None:
        t = self.tables
        series = t.goods_of_kind("series")
        order = [series[i] for i in self.rng.permutation(len(series))]
        size = self.row.series_size
        mono = "new_monopolies" in self.variants
        count = 6 if mono else self.row.series
        in_play = order[:count]
        self._event(
            "chance",
            "goods in play: " + ", ".join(sorted(in_play)),
            data={"what": "in_play", "in_play": sorted(in_play)},
        )
        smugglers: list[str] = []
        if "smugglers" in self.variants:
            contraband = t.goods_of_kind("contraband")
            smugglers = [contraband[i] for i in self.rng.permutation(len(contraband))]
        for p in range(self.n):
            first, second = in_play[2 * p], in_play[2 * p + 1]
            hand = list(t.cards_of[first][:size]) + list(t.cards_of[second][:size])
            if smugglers:
                hand.remove(t.cards_of[second][size - 1])
                self.inactive[p] = [t.cards_of[smugglers[p]][0]]
            if mono:
                singles = order[count + 2 * p : count + 2 * p + 2]
                self.inactive[p] = sorted(t.cards_of[g][0] for g in singles)
            self.hands[p] = sorted(hand)
            self._event(
                "chance",
                f"P{p} is dealt {len(hand)} cards",
                player=p,
                data={"what": "deal", "seat": p, "deal": self.hands[p], "scripted": False},
                visible_to=(p,),
            )
        if any(self.inactive):
            self._event(
                "chance",
                "inactive cards laid face up: "
                + "; ".join(
                    f"P{p} {', '.join(self._good(c) for c in cards)}"
                    for p, cards in enumerate(self.inactive)
                ),
                data={"what": "inactive", "inactive": self.inactive},
            )
        self._set_unused()

    def _set_unused(self) -> None:
        placed = {c for h in self.hands for c in h} | {c for h in self.inactive for c in h}
        placed |= {c for h in self.loans for c in h} | set(self.bank_loans) | set(self.side)
        placed |= set(self.sacred) | set(self.box)
        placed |= {self.market} if self.market is not None else set()
        special = {
            c for kind in ("treasurer", "miser", "swindler") for c in self.tables.special[kind]
        }
        thief_guard = set(self.tables.special["thief"] + self.tables.special["guard"])
        self.unused = sorted(
            c
            for c in self._all_card_ids()
            if c not in placed and c not in special and c not in thief_guard
        )

    def _read_setup(self, setup: Mapping[str, Any]) -> Setup:
        reader = Setup(setup, self.n, SETUP_KEYS)
        if "hands" not in setup and set(setup):
            raise ConfigError("setup", sorted(setup), "a set-up with 'hands' (or none)")
        return reader

    def _scripted(self, setup: Mapping[str, Any]) -> None:
        s = self._read_setup(setup)
        self._script_cards(s)
        used = s.used
        self.sacred = [c for c in self.sacred if c not in used]
        if "coins" in s:
            self.coins = s.money("coins")
        self._script_thief_guard(s)
        if "loans" in s:
            self._script_loans(s)
        if "treasury" in s:
            self._script_treasury(s, setup["treasury"])
        self._script_variant_cards(s)
        self._script_opening(s, setup, used)
        self.box.sort()
        self._set_unused()
        self._log_scripted()

    def _script_cards(self, s: Setup) -> None:
        """The scripted ``hands`` and ``inactive`` cards: goods, never a special card."""
        t = self.tables
        valid = set(self._all_card_ids()) - set(t.special["loan"])
        for kind in ("treasurer", "thief", "guard", "miser", "swindler"):
            valid -= set(t.special[kind])
        self.hands = s.cards_per_seat("hands", valid)
        if "inactive" in s:
            self.inactive = s.cards_per_seat("inactive", valid)
            if not {"smugglers", "new_monopolies"} & self.variants and any(self.inactive):
                raise s.bad("inactive", "inactive cards only with smugglers or new_monopolies")
        s.check_once()

    def _script_thief_guard(self, s: Setup) -> None:
        """``thief`` and ``guard``: holder seats, with their variant (placed by
        :meth:`_script_opening`)."""
        for key, variant in (("thief", "thief_guard"), ("guard", "thief_guard")):
            if key in s:
                s.seat(key)
                if variant not in self.variants:
                    raise s.bad(key, f"only with the {variant} variant")

    def _script_loans(self, s: Setup) -> None:
        """``loans``: loan cards per seat, taken from the bank with their coins."""
        if "bank" not in self.variants:
            raise s.bad("loans", "only with the bank variant")
        counts = s.per_seat("loans")
        if not all(_is_int(v) and v >= 0 for v in counts) or sum(counts) > len(self.bank_loans):
            raise s.bad("loans", "whole numbers >= 0, 6 loan cards at most in all")
        for p, k in enumerate(counts):
            self.loans[p] = [self.bank_loans.pop(0) for _ in range(k)]
        self.bank_coins -= self.loan_size * sum(counts)

    def _script_treasury(self, s: Setup, value: Any) -> None:
        """``treasury``: the coins in the public treasury."""
        if "treasury" not in self.variants or not _is_int(value) or not 0 <= value <= MAX_MONEY:
            raise s.bad(
                "treasury", f"a whole number from 0 to {MAX_MONEY}, with the treasury variant"
            )
        self.treasury = value

    def _script_variant_cards(self, s: Setup) -> None:
        """``treasurer``, ``misers``, ``swindlers``: who holds each variant's card (the others'
        go back to the box)."""
        t = self.tables
        for key, variant, attr in (
            ("treasurer", "treasury", "treasurer"),
            ("misers", "misers", "miser"),
            ("swindlers", "swindlers", "swindler"),
        ):
            if key in s:
                if variant not in self.variants:
                    raise s.bad(key, f"True or False per seat, with the {variant} variant")
                flags = s.flags(key)
                setattr(self, attr, flags)
                for p, held in enumerate(flags):
                    if not held:
                        self.box.append(t.special[attr][p])

    def _script_opening(self, s: Setup, setup: Mapping[str, Any], used: list[int]) -> None:
        """How the scripted game opens: with the first sale when the Diamant is in a hand (the
        seller holds one card more; the Thief and Guard go to their holders), else with the
        Diamant auction (equal hands, the Thief and Guard still to be auctioned)."""
        n = self.n
        t = self.tables
        totals = [len(self.hands[p]) + len(self.inactive[p]) for p in range(n)]
        if self.diamant in used:
            self.market = None
            if sorted(totals)[:-1] != [max(totals) - 1] * (n - 1):
                raise s.bad("hands", "one seat (the seller) with one card more than each other")
            for key in ("thief", "guard"):
                holder = setup.get(key)
                if key == "thief":
                    self.thief = holder
                else:
                    self.guard = holder
                if self.side:
                    card = t.special[key][0]
                    self.side.remove(card)
                    if holder is None:
                        self.box.append(card)
        else:
            if len(set(totals)) != 1:
                raise s.bad("hands", "equal hands (plus inactive cards) before the Diamant auction")
            if setup.get("thief") is not None or setup.get("guard") is not None:
                raise s.bad("thief", "the Thief and Guard are auctioned after the Diamant")

    def _log_scripted(self) -> None:
        """Log the scripted hands (each to its seat), the set-up, and the coins."""
        n = self.n
        for p in range(n):
            self._event(
                "chance",
                f"P{p} is given a scripted hand",
                player=p,
                data={"what": "deal", "seat": p, "deal": self.hands[p], "scripted": True},
                visible_to=(p,),
            )
        self._event(
            "info",
            "scripted set-up",
            data={
                "what": "setup",
                "inactive": self.inactive,
                "thief": self.thief,
                "guard": self.guard,
                "loans": [len(x) for x in self.loans],
                "treasury": self.treasury,
            },
        )
        if "blind" in self.variants:
            for p in range(n):
                self._event(
                    "info",
                    f"P{p} starts with {self.coins[p]} coins",
                    player=p,
                    data={"what": "starting_coins", "seat": p, "coins": self.coins[p]},
                    visible_to=(p,),
                )
            # Blind players still know how much money the game holds, as with the dealt coins.
            total = sum(self.coins)
            self._event(
                "info",
                f"the players hold {total} coins in all",
                data={"what": "coins_total", "coins": total},
            )
        else:
            self._event(
                "info",
                f"scripted coins {self.coins}",
                data={"what": "scripted_coins", "coins": self.coins},
            )

    # -- small helpers --------------------------------------------------------------------------
    def _good(self, card: int) -> str:
        return self.tables.good_of[card]

    def _goods(self, cards: list[int]) -> list[str]:
        return sorted({self.tables.good_of[c] for c in cards})

    def _card_of(self, cards: list[int], good: object) -> int | None:
        """The lowest card of ``good`` among ``cards`` (cards of a good are interchangeable)."""
        found = [c for c in cards if self.tables.good_of.get(c) == good]
        return min(found) if found else None

    def total_cards(self, player: int) -> int:
        """Cards in hand plus inactive face-up cards (what decides the seller)."""
        return len(self.hands[player]) + len(self.inactive[player])

    def different_goods(self, player: int) -> int:
        """Different goods in ``player``'s hand (what counts towards winning)."""
        return len({self.tables.good_of[c] for c in self.hands[player]})

    def qualifies(self, player: int) -> bool:
        """Whether ``player`` holds the goal: enough different goods, enough coins (not counting
        coins they still owe as a gift) and no loan card."""
        return self._holds_goal(player, self._owed(player))

    def _owed(self, player: int) -> int:
        """Coins ``player`` must still give away (a gift being shared out)."""
        return self.gift_left if self.phase == "gift" and self.gift_giver == player else 0

    def _holds_goal(self, player: int, owed: int) -> bool:
        return (
            not self.loans[player]
            and self.coins[player] - owed >= self.goal_coins
            and self.different_goods(player) >= self.goal_goods
        )

    def _reaches_goal(self, order: Iterable[int], by: str, owed: int = 0) -> bool:
        """The first seat of ``order`` that now holds the goal wins at once; ``by`` is the change
        that brought them there (one of :data:`REACHED_BY`), ``owed`` coins the first of them
        must still give away. Returns whether the game is over."""
        for k, p in enumerate(order):
            if self._holds_goal(p, owed if k == 0 and owed else self._owed(p)):
                self.winner = p
                goods, coins = self.different_goods(p), self.coins[p]
                self._finish(f"P{p} holds {goods} different goods and {coins} coins: P{p} wins", by)
                return True
        return False

    def _after(self, seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        return [(seat + i) % self.n for i in range(1, self.n)]

    def buyers(self) -> list[int]:
        """Everyone but the seller."""
        return [p for p in range(self.n) if p != self.seller]

    def _pay(self, amount: int, payer: int | str, payee: int | str, why: str) -> None:
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
        self._transfer(amount, payer, payee, why)

    # -- protocol -------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now."""
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
            words = _PHASE_WORDS[phase] = (f"_{phase}_options", f"the {phase} phase")
        if player in self.to_move:
            options = getattr(self, words[0])(player)
        elif player in self.idle:  # a barred buyer is not asked: say why they cannot offer
            options = self._offer_options(player)
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
                    f"a raise of +1 or +2 over the high bid of {high}",
                    lambda v: (
                        f"P{player} cannot bid {v}: they have only {budget}"
                        if _is_int(v) and v > budget
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
                to=Among(others, "the receiver", f"another seat than the giver P{player}"),
                coins=Amounts(
                    1,
                    left,
                    "the coins given",
                    lambda v: f"P{player} has {left} coin(s) left to give, 1 at least",
                ),
            )
        ]

    def _prepare_options(self, player: int) -> list[Option]:
        hand_goods = tuple(self._goods(self.hands[player]))
        options = [
            Option.of(PutUp, OneOf(hand_goods, "the good put up", f"a good in P{player}'s hand")),
            Option.of(
                SellInactive,
                OneOf(
                    tuple(self._goods(self.inactive[player])),
                    "the card sold",
                    f"an inactive good face up before P{player}",
                ),
            ),
        ]
        if self.treasurer[player]:
            options.append(plain(UseTreasurer))
        else:
            options.append(_refused(UseTreasurer, "P{player} holds no Treasurer card", player))
        closed = self._temple_closed(player)
        if closed is None:
            goods = tuple(g for g in hand_goods if g != SACRED)
            options.append(
                Option(
                    Temple,
                    good=Among(
                        goods,
                        "the good given up",
                        f"a good in P{player}'s hand",
                        lambda v: (
                            "a sacred-texts card cannot be given up for another"
                            if v == SACRED
                            else None
                        ),
                    ),
                )
            )
        else:
            options.append(refuse(Temple, closed))
        return options

    def _temple_closed(self, player: int) -> str | None:
        """Why ``player`` may not visit the temple now, or ``None``."""
        if "temple" not in self.variants:
            return "the temple is visited only with the temple variant"
        if self.temple_used:
            return "the temple may be visited once per sale"
        if not self.sacred:
            return "no sacred-texts card is left"
        if self.coins[player] < self.gift_size:
            return f"the temple gift is {self.gift_size} coins and P{player} cannot pay it"
        return None

    def _offer_options(self, player: int) -> list[Option]:
        """Offers in the order bots and random players index them: by card (none first), then
        without and with the loan card, then by coins."""
        seller = self.seller
        assert seller is not None
        if player in self.banned:
            return [refuse(Offer, f"P{player} is barred by a Miser from offering in this sale")]
        goods = tuple(self._goods(self.hands[player]))
        # Blind: the seller's coins are hidden, so a buyer may ask for up to every coin of the
        # game; the seller accepts only what they can pay (see _decide_options, _accept).
        least = -self.coins_in_game if "blind" in self.variants else -self.coins[seller]
        return list(
            _offer_options(
                player,
                seller,
                self.coins[player],
                least,
                goods,
                bool(self.loans[player]),
                self.market_inactive,
                "blind" in self.variants,
            )
        )

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
                    return "a player cannot play the Miser against themselves"
                if v in banned:
                    return f"P{v} is already barred from offering"
                if v not in buyers:
                    return f"the Miser is played against a buyer of this sale, not P{v}"
                return None

            options.append(
                Option(
                    Ban,
                    target=Among(targets, "the target", "a buyer of this sale", why_not),
                )
            )
        else:
            options.append(_refused(Ban, "P{player} holds no Miser card", player))
        if self.phase == "negotiate":
            if self.thief != player:
                options.append(_refused(Steal, "P{player} does not hold the Thief", player))
            elif self.guard == self.seller:
                why = f"the seller P{self.seller} holds the Guard and cannot be robbed"
                options.append(refuse(Steal, why))
            else:
                options.append(plain(Steal))
        return options

    def _negotiate_options(self, player: int) -> list[Option]:
        options = self._offer_options(player)
        options.append(plain(Stand))
        if player in self.offers:
            options.append(plain(Withdraw))
        else:
            options.append(_refused(Withdraw, "P{player} has no offer to withdraw", player))
        return options + self._special_options(player)

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
                return f"P{v} is not a buyer in this sale"
            offer = offers.get(v) if type(v) is int else None
            if offer is not None:
                return f"P{player} cannot pay the {-offer.coins} coins P{v} asks (before the close)"
            return f"P{v} has no offer standing (before the close)"

        what = "a buyer of this sale" if closing else "a buyer with an offer standing"
        if not closing and len(chosen) < len(offers):
            what += f" that P{player} can pay"
        options = [Option.of(Accept, Among(chosen, "the buyer accepted", what, not_chosen))]
        if "face_down" in self.variants:
            face_down = tuple(
                b for b, o in sorted(self.offers.items()) if o.card is not None and not o.shown
            )

            def not_shown(v: object) -> str | None:
                offer = self.offers.get(v) if type(v) is int else None
                if offer is None or offer.card is None:
                    return f"P{v} offers no card"
                return f"P{v}'s card is already face up"

            options.append(
                Option(
                    AskToShow,
                    buyer=Among(
                        face_down, "the buyer asked", "a buyer offering a face-down card", not_shown
                    ),
                )
            )
        else:
            why = "cards are asked to be shown only in the face_down mini-variant"
            options.append(refuse(AskToShow, why))
        options += self._special_options(player)
        if closing:
            why = "this was the last negotiation round: the seller must accept an offer"
            options.append(refuse(Continue, why))
        else:
            options.append(plain(Continue))
        return options

    def _swindle_options(self, player: int) -> list[Option]:
        assert self.pending is not None
        paid = self.pending[1].card
        assert paid is not None
        paid_good = self._good(paid)
        goods = tuple(self._goods(self.hands[player]))

        def why_not(v: object) -> str | None:
            if v == paid_good:
                return "the swap must be for a card of another good"
            return f"P{player} has no {v!r} card in hand"

        return [
            Option(
                Swap,
                good=Among(
                    tuple(g for g in goods if g != paid_good),
                    "the good paid instead",
                    f"another good in P{player}'s hand than {paid_good}",
                    why_not,
                ),
            ),
            plain(NoSwap),
        ]

    def _loan_options(self, player: int) -> list[Option]:
        """Taking and repaying a loan, each open or closed with its reason."""
        if "bank" not in self.variants:
            closed = "loans are played only with the bank variant"
            return [refuse(TakeLoan, closed), refuse(RepayLoan, closed)]
        if not self.diamant_sold:
            closed = "loans may be taken only after the Diamant auction"
            return [refuse(TakeLoan, closed), refuse(RepayLoan, closed)]
        take = self._take_reason(player)
        repay = self._repay_reason(player)
        return [
            plain(TakeLoan) if take is None else refuse(TakeLoan, take),
            plain(RepayLoan) if repay is None else refuse(RepayLoan, repay),
        ]

    def _take_reason(self, player: int) -> str | None:
        if self.loans[player]:
            return f"P{player} already holds a loan card"
        if not self.bank_loans:
            return "no loan card is left in the bank"
        if player in self.loan_taken:
            return "a player may take at most one loan per sale"
        return None

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
            return f"P{player} holds no loan card"
        if player in self.loan_repaid:
            return "a player may repay at most one loan per sale"
        need = self.loan_size + self._committed(player)
        if self.coins[player] < need:
            return (
                f"repaying takes {self.loan_size} coins and P{player} must keep "
                f"{self._committed(player)} for what they have committed to"
            )
        if player == self.seller and self.phase == "negotiate" and self.sealed.chosen:
            # Sealed offers count on the seller's coins as they stood: no repaying under them.
            return "the seller cannot repay while the buyers' sealed offers of this round come in"
        offer = self.offers.get(player) if self.phase in ("negotiate", "decide") else None
        if self.phase == "swindle" and self.pending is not None and self.pending[0] == player:
            offer = self.pending[1]
        if offer is not None and offer.loan and len(self.loans[player]) == 1:
            return f"P{player}'s standing offer includes their only loan card"
        sealed = self.sealed.choice(player) if self.phase == "negotiate" else None
        if isinstance(sealed, Offer) and sealed.loan and len(self.loans[player]) == 1:
            return f"P{player}'s sealed offer includes their only loan card"
        return None

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        if isinstance(action, (TakeLoan, RepayLoan)):
            self._log_action(player, action)
            self._loan(player, isinstance(action, TakeLoan))
            if self.phase == "negotiate":  # a barred buyer may now have nothing left to do
                self._skip_idle_buyers()
            return
        phase = self.phase
        if phase == "negotiate" and isinstance(action, (Offer, Stand, Withdraw)):
            self.sealed.choose(player, action, self._event)
            self._skip_idle_buyers()
            return
        if isinstance(action, Swap) and self.seller is not None:
            # Which card the Swindler pays with is seen only by the buyer and the seller.
            self._event(
                "action",
                f"P{player}: {action}",
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
            self._log_auto_passes(before + 1)
            self._auction_step()
        elif isinstance(action, Give):
            self._pay(action.coins, player, action.to, self.gift_why)
            self.gift_left -= action.coins
            if self.gift_left == 0 and not self._reaches_goal(self._after(player), "gift"):
                self._gift_done()
        elif isinstance(action, UseTreasurer):
            self.treasurer[player] = False
            self.box.append(self.tables.special["treasurer"][player])
            self._pay(self.treasury, TREASURY, player, "took the treasury with the Treasurer")
            self._event(
                "info",
                f"P{player}'s Treasurer card leaves the game",
                player=player,
                data={"what": "treasurer", "seat": player},
            )
            self._reaches_goal((player,), "treasurer")
        elif isinstance(action, Temple):
            self._temple(player, action.good)
        elif isinstance(action, PutUp):
            card = self._card_of(self.hands[player], action.good)
            assert card is not None
            self.hands[player].remove(card)
            self._open_sale(card, inactive=False)
        elif isinstance(action, SellInactive):
            card = self._card_of(self.inactive[player], action.good)
            assert card is not None
            self.inactive[player].remove(card)
            self._open_sale(card, inactive=True)
        elif isinstance(action, Ban):
            self._ban(player, action.target)
        elif isinstance(action, Steal):
            self._steal(player)
        elif isinstance(action, AskToShow):
            offer = self.offers[action.buyer]
            self.offers[action.buyer] = dataclasses.replace(offer, shown=True)
            assert offer.card is not None
            self._event(
                "reveal",
                f"P{action.buyer} turns up the offered card: {self._good(offer.card)}",
                player=action.buyer,
                data={"what": "turn_up", "seat": action.buyer, "card": offer.card},
            )
        elif isinstance(action, Accept):
            self._accept(action.buyer)
        elif isinstance(action, Continue):
            self._next_round()
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
                    f"P{buyer} plays the Swindler: the card paid is swapped, unseen",
                    player=buyer,
                    data={"what": "swindle", "seat": buyer},
                )
                assert self.seller is not None
                self._event(
                    "info",
                    f"P{buyer} pays with {self._good(new)} instead of {self._good(card)}",
                    player=buyer,
                    data={"what": "swap", "seat": buyer, "paid": new, "offered": card},
                    visible_to=tuple(sorted((buyer, self.seller))),
                )
                card, swapped = new, True
            self._complete_sale(buyer, offer, card, swapped)

    def _log_action(self, player: int, action: Action) -> None:
        self._event("action", f"P{player}: {action}", player=player, action=action)

    def _loan(self, player: int, take: bool) -> None:
        if take:
            card = self.bank_loans.pop(0)
            self.loans[player].append(card)
            self.loan_taken.add(player)
            self._pay(self.loan_size, BANK_POOL, player, "loan from the bank")
        else:
            card = self.loans[player].pop()
            self.bank_loans.append(card)
            self.bank_loans.sort()
            self.loan_repaid.add(player)
            self._pay(self.loan_size, player, BANK_POOL, "loan repaid to the bank")
            if self._reaches_goal((player,), "repay"):
                return
        if self.phase == "auction" and self.auction is not None:
            self.auction.budgets[player] = self.coins[player]

    # -- the opening auctions -------------------------------------------------------------------
    def _next_opening(self) -> None:
        if not self.opening:
            self._start_sale()
            return
        item = self.opening.pop(0)
        if item == "diamant":
            opener = self.game.opener if self.game.opener is not None else 0
        else:
            assert self.diamant_winner is not None
            opener = self.diamant_winner
        order = [(opener + 1 + i) % self.n for i in range(self.n)]
        self.phase = "auction"
        self.auction_item = item
        self.auction = AscendingAuction(
            order,
            {p: self.coins[p] for p in range(self.n)},
            opener=opener,
            opening=0,
            steps=(1, 2),
            final_pass=True,
        )
        self._event(
            "info",
            f"auction of the {item.capitalize()}: P{opener} opens at 0",
            player=opener,
            data={"what": "auction", "item": item, "opener": opener},
        )
        self._log_auto_passes(1)
        self._auction_step()

    def _log_auto_passes(self, start: int) -> None:
        assert self.auction is not None
        for p, amount in self.auction.history[start:]:
            if amount is None:
                self._event(
                    "info",
                    f"P{p} cannot raise and drops out",
                    player=p,
                    data={
                        "what": "drop_out",
                        "seat": p,
                        "item": self.auction_item,
                        "high_bid": self.auction.high_bid,
                    },
                )

    def _auction_step(self) -> None:
        auction = self.auction
        assert auction is not None
        if not auction.done:
            return
        result = auction.result
        winner = result.winner
        assert winner is not None
        price = result.price
        item = self.auction_item
        self.auction = None
        self._event(
            "info",
            f"P{winner} wins the {item.capitalize()} for {price}",
            player=winner,
            data={"what": "auction_won", "item": item, "winner": winner, "price": price},
        )
        if item == "diamant":
            self.diamant_winner = winner
            self.diamant_sold = True
            assert self.market == self.diamant
            self.hands[winner].append(self.diamant)
            self.hands[winner].sort()
            self.market = None
            self._pay(price, winner, BOX, "won the Diamant: the price returns to the box")
            if not self._reaches_goal((winner,), "diamant"):
                self._next_opening()
            return
        card = self.tables.special[item][0]
        self.side.remove(card)
        if item == "thief":
            self.thief = winner
        else:
            self.guard = winner
        if price:
            why = f"share of the {item.capitalize()}'s price"
            self._start_gift(winner, price, why, "opening", item)
        else:
            self._next_opening()

    def _start_gift(self, giver: int, amount: int, why: str, then: str, source: str) -> None:
        """``giver`` shares out ``amount`` coins; ``source`` (``"thief"``, ``"guard"`` or
        ``"temple"``) is what the gift is for, ``then`` the phase it returns to."""
        self.phase = "gift"
        self.gift_giver = giver
        self.gift_left = amount
        self.gift_why = why
        self.gift_then = then
        self._event(
            "info",
            f"P{giver} shares out {amount} coins among the others",
            player=giver,
            data={"what": "gift", "seat": giver, "gift": amount, "source": source},
        )

    def _gift_done(self) -> None:
        self.gift_giver = None
        if self.gift_then == "opening":
            self._next_opening()
        else:
            self.phase = "prepare"

    # -- sales ----------------------------------------------------------------------------------
    def _start_sale(self) -> None:
        totals = [self.total_cards(p) for p in range(self.n)]
        most = max(totals)
        sellers = [p for p, t in enumerate(totals) if t == most]
        assert len(sellers) == 1, f"no single seller: card counts {totals}"
        self.seller = sellers[0]
        self.round = self.sales + 1
        self.phase = "prepare"
        self.market = None
        self.market_inactive = False
        self.offers = {}
        self.sealed = SealedStep(())
        self.idle = set()
        self.banned = set()
        self.temple_used = False
        self.loan_taken = set()
        self.loan_repaid = set()
        self.nround = 0
        self._event(
            "info",
            f"sale {self.round}: P{self.seller} is the seller ({most} cards)",
            player=self.seller,
            data={"what": "sale_start", "seat": self.seller, "sale": self.round, "cards": most},
        )

    def _temple(self, player: int, good: str) -> None:
        card = self._card_of(self.hands[player], good)
        assert card is not None
        self.hands[player].remove(card)
        self.box.append(card)
        self.box.sort()
        sacred = self.sacred.pop(0)
        self.hands[player].append(sacred)
        self.hands[player].sort()
        self.temple_used = True
        self._event(
            "info",
            f"P{player} gives up {good} at the temple for sacred texts",
            player=player,
            data={"what": "temple", "seat": player, "removed": card, "sacred": sacred},
        )
        if self._reaches_goal((player,), "temple", owed=self.gift_size):
            return
        self._start_gift(player, self.gift_size, "temple gift", "prepare", "temple")

    def _open_sale(self, card: int, inactive: bool) -> None:
        self.market = card
        self.market_inactive = inactive
        assert self.seller is not None
        self._event(
            "info",
            f"P{self.seller} puts {self._good(card)} on the market"
            + (" (an inactive card: coins only)" if inactive else ""),
            player=self.seller,
            data={"what": "market", "seat": self.seller, "market": card, "inactive": inactive},
        )
        self.nround = 0
        self._next_round()

    def _next_round(self) -> None:
        self.nround += 1
        self.phase = "negotiate"
        self.sealed = SealedStep(self.buyers())
        self.idle = set()
        self._skip_idle_buyers()

    def _skip_idle_buyers(self) -> None:
        if self.phase != "negotiate":
            return
        for p in self.buyers():
            if self.sealed.has_chosen(p) or p in self.idle:
                continue
            if p in self.banned and not Menu(self._special_options(p) + self._loan_options(p)):
                self.idle.add(p)
        if not self.to_move:
            self._end_round()

    def _card_public(self, offer: Standing) -> bool:
        if offer.card is None:
            return True
        if "blind" in self.variants:
            return False
        return "face_down" not in self.variants or offer.shown

    def _end_round(self) -> None:
        shown: dict[int, Any] = {}
        for p in self.buyers():
            action = self.sealed.choice(p)
            if p in self.banned:
                self.offers.pop(p, None)
            elif isinstance(action, Offer):
                card = None
                if action.good is not None:
                    card = self._card_of(self.hands[p], action.good)
                self.offers[p] = Standing(card, action.coins, action.loan)
            elif isinstance(action, Withdraw):
                self.offers.pop(p, None)
            offer = self.offers.get(p)
            if offer is not None:
                shown[p] = {
                    "card": offer.card if self._card_public(offer) else "face down",
                    "coins": offer.coins,
                    "loan": offer.loan,
                }
        self.sealed = SealedStep(())
        self.idle = set()
        text = "; ".join(self._describe(p, o) for p, o in shown.items())
        self._event(
            "reveal",
            f"round {self.nround} offers: {text or 'none'}",
            data={"what": "offers", "round": self.nround, "offers": shown},
        )
        self.phase = "decide"
        self._maybe_continue()

    def _describe(self, buyer: int, offer: Mapping[str, Any]) -> str:
        card = offer["card"]
        parts = [f"P{buyer}"]
        if card is not None:
            parts.append(card if isinstance(card, str) else self._good(card))
        parts.append(f"{offer['coins']:+d} coins")
        if offer["loan"]:
            parts.append("a loan card")
        return " ".join(parts)

    def _maybe_continue(self) -> None:
        if self.nround < self.game.negotiation_rounds and not self.offers:
            self._event(
                "info",
                "no offer stands: the negotiation continues",
                data={"what": "no_offer", "round": self.nround},
            )
            self._next_round()

    def _ban(self, player: int, target: int) -> None:
        self.miser[player] = False
        self.box.append(self.tables.special["miser"][player])
        self.box.sort()
        self.banned.add(target)
        self.offers.pop(target, None)
        self._event(
            "info",
            f"P{player} plays the Miser: P{target} may offer nothing in this sale",
            player=player,
            data={"what": "ban", "seat": player, "banned": target},
        )
        if self.phase == "negotiate":
            self._skip_idle_buyers()
        else:
            self._maybe_continue()

    def _steal(self, player: int) -> None:
        card = self.market
        assert card is not None and self.seller is not None
        self.thief = None
        self.box.append(self.tables.special["thief"][0])
        self.box.sort()
        self.market = None
        self.hands[player].append(card)
        self.hands[player].sort()
        self.sealed = SealedStep(())
        self.idle = set()
        self.offers = {}
        self._event(
            "info",
            f"P{player} plays the Thief and takes {self._good(card)} from P{self.seller}",
            player=player,
            data={"what": "theft", "seat": player, "card": card, "seller": self.seller},
        )
        self.last_sale = {
            "number": self.round,
            "seller": self.seller,
            "buyer": player,
            "market": card,
            "paid_card": None,
            "paid_public": True,
            "coins": 0,
            "loan": False,
            "stolen": True,
            "swapped": False,
        }
        self.sales += 1
        if self._reaches_goal((player,), "theft"):
            return
        self._end_of_sale()

    def _payable(self, offer: Standing) -> bool:
        """Whether the seller can pay the coins ``offer`` asks (always, unless blind)."""
        assert self.seller is not None
        return -offer.coins <= self.coins[self.seller]

    def _accept(self, buyer: int) -> None:
        offer = self.offers.get(buyer, NO_OFFER)
        self._event(
            "info",
            f"P{self.seller} accepts P{buyer}'s offer",
            player=buyer,
            data={"what": "accept", "seller": self.seller, "buyer": buyer},
        )
        if not self._payable(offer):
            # Blind, at the close: the seller names a buyer whose asking they cannot pay. The
            # offer is void and the buyer takes the card for nothing, as with no offer.
            self._event(
                "info",
                f"P{self.seller} cannot pay the {-offer.coins} coins P{buyer} asked: "
                f"P{buyer} takes the card for nothing",
                player=buyer,
                data={
                    "what": "void_offer",
                    "seller": self.seller,
                    "buyer": buyer,
                    "coins": offer.coins,
                },
            )
            offer = NO_OFFER
        card = offer.card
        if card is not None and self.swindler[buyer]:
            others = [c for c in self.hands[buyer] if self._good(c) != self._good(card)]
            if others:
                self.phase = "swindle"
                self.pending = (buyer, offer)
                self.offers = {}
                return
        self._complete_sale(buyer, offer, card, False)

    def _complete_sale(self, buyer: int, offer: Standing, card: int | None, swapped: bool) -> None:
        seller = self.seller
        market = self.market
        assert seller is not None and market is not None
        good = self._good(market)
        if offer.coins > 0:
            self._pay(offer.coins, buyer, seller, f"bought {good} from P{seller}")
        elif offer.coins < 0:
            self._pay(-offer.coins, seller, buyer, f"sold {good} to P{buyer} for a card and coins")
        if offer.loan:
            loan = self.loans[buyer].pop()
            self.loans[seller].append(loan)
            self.loans[seller].sort()
        if card is not None:
            self.hands[buyer].remove(card)
            self.hands[seller].append(card)
            self.hands[seller].sort()
        self.hands[buyer].append(market)
        self.hands[buyer].sort()
        self.market = None
        self.offers = {}
        public = card is None or (self._card_public(offer) and not swapped)
        paid = "nothing"
        parts = []
        if card is not None:
            parts.append(self._good(card) if public else "a card unseen")
        if offer.coins:
            parts.append(f"{offer.coins} coins")
        if offer.loan:
            parts.append("a loan card")
        paid = " and ".join(parts) or paid
        self._event(
            "info",
            f"P{buyer} buys {good} from P{seller} for {paid}",
            player=buyer,
            data={
                "what": "sale",
                "seller": seller,
                "buyer": buyer,
                "market": market,
                "card": card if public else "hidden",
                "coins": offer.coins,
                "loan": offer.loan,
            },
        )
        if not public and not swapped:
            assert card is not None
            self._event(
                "info",
                f"P{buyer} paid with {self._good(card)}",
                player=buyer,
                data={"what": "paid_with", "seat": buyer, "paid": card},
                visible_to=tuple(sorted((buyer, seller))),
            )
        self.last_sale = {
            "number": self.round,
            "seller": seller,
            "buyer": buyer,
            "market": market,
            "paid_card": card,
            "paid_public": public,
            "coins": offer.coins,
            "loan": offer.loan,
            "stolen": False,
            "swapped": swapped,
        }
        if "treasury" in self.variants:
            if self.coins[seller] >= self.tax:
                self._pay(self.tax, seller, TREASURY, "tax on a sale")
            else:
                lost = self.treasurer[seller]
                if lost:
                    self.treasurer[seller] = False
                    self.box.append(self.tables.special["treasurer"][seller])
                    self.box.sort()
                then = "loses their Treasurer card" if lost else "pays nothing"
                self._event(
                    "info",
                    f"P{seller} cannot pay the tax and {then}",
                    player=seller,
                    data={"what": "tax_unpaid", "seat": seller, "tax": self.tax, "treasurer": lost},
                )
        # The tax is part of the sale ("after each sale the seller pays 1 coin"): one change.
        self.sales += 1
        if self._reaches_goal((buyer, seller), "sale"):
            return
        self._end_of_sale()

    def _end_of_sale(self) -> None:
        if self.sales >= self.game.max_sales:
            self._finish(f"{self.sales} sales without a winner: the game ends with no winner")
            return
        self._start_sale()

    def _finish(self, text: str, by: str | None = None) -> None:
        # Nothing else happens once the game is over: no step stays open.
        self.over = True
        self.phase = "over"
        self.seller = None
        self.auction = None
        self.gift_giver = None
        self.gift_left = 0
        self.offers = {}
        self.sealed = SealedStep(())
        self.idle = set()
        self.pending = None
        for p in range(self.n):
            self._event(
                "reveal",
                f"P{p} shows {len(self.hands[p])} cards and {self.coins[p]} coins",
                player=p,
                data={"what": "show", "seat": p, "hand": self.hands[p], "coins": self.coins[p]},
            )
        winner = self.winner
        self._event(
            "info",
            text,
            player=winner,
            data={
                "what": "game_end",
                "winner": winner,
                "sales": self.sales,
                "goods": None if winner is None else self.different_goods(winner),
                "coins": None if winner is None else self.coins[winner],
                "by": by,
            },
        )

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
        text = f"{super().summary()}; sale {self.sales + 1}, seller P{self.seller}"
        if "blind" in self.variants:
            return text
        return text + "; coins " + " ".join(f"P{p}={c}" for p, c in enumerate(self.coins))

    def _offer_view(self, buyer: int, offer: Standing, viewer: Viewer) -> OfferView:
        sees = viewer == "all" or viewer == buyer or self._card_public(offer)
        return OfferView(
            buyer=buyer,
            card=offer.card if sees else None,
            face_down=offer.card is not None and not sees,
            coins=offer.coins,
            loan=offer.loan,
        )

    def view(self, viewer: Viewer = None) -> NegocesView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        check_viewer(viewer, self.n)
        teacher = viewer == "all"

        def sees(p: int) -> bool:
            return teacher or viewer == p

        coins_public = "blind" not in self.variants or self.over
        auction = None
        if self.auction is not None:
            a = self.auction
            auction = AuctionView(
                self.auction_item, a.high_bid, a.high_bidder, tuple(sorted(a.out)), a.speaker
            )
        gift = None
        if self.phase == "gift" and self.gift_giver is not None:
            gift = (self.gift_giver, self.gift_left, self.gift_why)
        pending = None
        if self.pending is not None:
            pending = self._offer_view(self.pending[0], self.pending[1], viewer)
        last = None
        if self.last_sale is not None:
            s = self.last_sale
            party = teacher or viewer in (s["buyer"], s["seller"])
            visible = party or s["paid_public"]
            last = SaleRecord(
                number=s["number"],
                seller=s["seller"],
                buyer=s["buyer"],
                market=s["market"],
                paid_card=s["paid_card"] if visible else None,
                paid_hidden=s["paid_card"] is not None and not visible,
                coins=s["coins"],
                loan=s["loan"],
                stolen=s["stolen"],
                swapped=s["swapped"],
            )
        return NegocesView(
            viewer=viewer,
            players=self.n,
            round=self.round,
            phase=self.phase,
            to_move=self.to_move,
            scores=tuple(self.scores()),
            winners=() if self.winner is None else (self.winner,),
            variants=self.game.variants,
            goal=(self.goal_goods, self.goal_coins),
            sales=self.sales,
            max_sales=self.game.max_sales,
            negotiation_round=self.nround,
            negotiation_rounds=self.game.negotiation_rounds,
            coins=tuple(c if coins_public or sees(p) else None for p, c in enumerate(self.coins)),
            hand_sizes=tuple(len(h) for h in self.hands),
            hands=tuple(
                tuple(h) if sees(p) or self.over else None for p, h in enumerate(self.hands)
            ),
            inactive=tuple(tuple(x) for x in self.inactive),
            seller=self.seller,
            market=self.market,
            market_inactive=self.market_inactive,
            auction=auction,
            gift=gift,
            offers=tuple(
                self._offer_view(p, self.offers[p], viewer) if p in self.offers else None
                for p in range(self.n)
            ),
            submitted=tuple(sorted(self.sealed.chosen)),
            sealed=tuple(self.sealed.choice(p) if sees(p) else None for p in range(self.n)),
            banned=tuple(sorted(self.banned)),
            pending=pending,
            box_coins=self.box_coins,
            treasury=self.treasury,
            bank_coins=self.bank_coins,
            loans=tuple(len(x) for x in self.loans),
            loans_left=len(self.bank_loans),
            treasurer=tuple(self.treasurer),
            miser=tuple(self.miser),
            swindler=tuple(self.swindler),
            thief=self.thief,
            guard=self.guard,
            sacred_left=len(self.sacred),
            removed=tuple(self.box),
            last_sale=last,
            winner=self.winner,
            over=self.over,
        )

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


#: By phase: the name of the method declaring its options, and the step's name in refusals.
_PHASE_WORDS: dict[str, tuple[str, str]] = {}


@functools.lru_cache(maxsize=1024)
def _refused(cls: type[Action], why: str, player: int) -> Option:
    """:func:`refuse` with ``why`` worded for ``player`` (``{player}`` filled in), made once per
    seat: menus are declared at every decision and these refusals recur in each."""
    return refuse.__wrapped__(cls, why.format(player=player))  # cached here, not twice


def _offer_options(
    player: int,
    seller: int,
    most: int,
    least: int,
    goods: tuple[str, ...],
    held: bool,
    inactive: bool,
    blind: bool = False,
) -> tuple[Option, ...]:
    """The offers of :meth:`NegocesState._offer_options`, from the facts they depend on:
    ``player``'s coins (``most``), minus the seller's coins (``least``; minus every coin of
    the game in the blind variant, where the seller's coins are hidden), the goods in
    ``player``'s hand, whether they hold a loan card and whether the market card is inactive
    (a sale's buyers offer again and again with the same facts).

    Not cached: the facts repeat too seldom (about one call in four over long runs), and a full
    cache of options, each holding its own closures, makes every garbage collection walk them.
    """

    def too_many(v: object) -> str | None:
        if type(v) is int and v > most:
            return f"P{player} cannot offer {v} coins: the offer must be payable"
        return None

    if inactive:

        def inactive_coins(v: object) -> str | None:
            return too_many(v) or (_COINS_ONLY if type(v) is int and v < 0 else None)

        good, loan = _INACTIVE_FIELDS
        coins = Amounts(0, most, "the coins offered", inactive_coins)
        return (Option.of(Offer, good, coins, loan),)

    def bare(v: object) -> str | None:
        if type(v) is int and v < 0:
            return "negative coins come with a card (the seller pays them to the buyer)"
        return too_many(v)

    def payable(v: object) -> str | None:
        if type(v) is int and v < least:
            if blind:
                return f"the game holds only {-least} coins: no seller could pay {-v}"
            return f"the seller P{seller} could not pay {-v} coins: the offer must be payable"
        return too_many(v)

    cards, loans = _offer_fields(player, goods, held)
    if not held:
        # Without a loan card: one option for coins alone, one for every card (listed good by
        # good, then by coins: the order of the field product).
        ((no_card, any_card), (no_loan,)) = cards, loans
        return (
            Option.of(Offer, no_card, Amounts(0, most, "the coins offered", bare), no_loan),
            Option.of(Offer, any_card, Amounts(least, most, "the coins offered", payable), no_loan),
        )
    options = []
    for k, card in enumerate(cards):
        for loan in loans:
            bare_offer = k == 0 and not loan.only  # no card (the first choice) and no loan card
            coins = (
                Amounts(0, most, "the coins offered", bare)
                if bare_offer
                else Amounts(least, most, "the coins offered", payable)
            )
            options.append(Option.of(Offer, card, coins, loan))
    return tuple(options)


#: Why an inactive card is bought for coins alone.
_COINS_ONLY = "an inactive card is bought for coins only (0 or more)"
#: The card and loan fields of an offer for an inactive card: none of either.
_INACTIVE_FIELDS = (
    Only(None, "the card offered", f"None: {_COINS_ONLY}"),
    Only(False, "the loan card", f"False: {_COINS_ONLY}"),
)


@functools.lru_cache(maxsize=1024)
def _offer_fields(
    player: int, goods: tuple[str, ...], held: bool
) -> tuple[tuple[Domain, ...], tuple[Only, ...]]:
    """The card and loan domains of ``player``'s offers, which depend only on the goods in hand
    and the loan card (they outlive the coins, which change from sale to sale).

    Without a loan card: (no card, any good in hand) and (no loan card,). With one: every card
    choice one by one (none first) and (without, with the loan card).
    """
    shown = ", ".join(repr(g) for g in goods) or "no card"
    good_text = f"None or a good in P{player}'s hand ({shown})"
    loan_text = "True or False" if held else f"False (P{player} holds no loan card to offer)"
    no_card = Only(None, "the card offered", good_text)
    if not held:
        any_card = Among(goods, "the card offered", f"None or a good in P{player}'s hand")
        return (no_card, any_card), (Only(False, "the loan card", loan_text),)
    cards = (no_card, *(Only(g, "the card offered", good_text) for g in goods))
    return cards, (Only(False, "the loan card", loan_text), Only(True, "the loan card", loan_text))
