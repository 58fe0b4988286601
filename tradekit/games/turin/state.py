"""Turin Market played exactly by its rules (as ``docs/rules/turin.md`` states them).

A round: every player offers a card (simultaneous, sealed), everybody bids (simultaneous, sealed),
ties with a prize are settled by open goose declarations (variant "tiebreak") and then
tie-break rounds (simultaneous, sealed), bids are paid (winners the whole bid, others half
rounded down), winners pick in place order, then a market window lets players list and withdraw
cards in turn. A listed card may be bought at any time, and a loan taken at any time, whether or
not one is to move. After the last round the final payouts are made by majorities.

Where the rules live: this module holds :class:`TurinState` (who is to move, money that may be
spent, every menu, the dispatch of each action, the rounds and the units on face-up cards);
``setup.py`` the deal or a scripted set-up; ``auction.py`` the sealed offers and bids revealed
and ranked; ``tiebreak.py`` the goose declarations, tie-break additions and coin flips;
``picks.py`` the payment of the bids and the winners' picks; ``market.py`` the market windows,
claims and sales, and loans; ``scoring.py`` the end of the game, the final payouts by majorities
and the loans repaid; ``view.py`` the views.

Rulings where the rulebook is silent (numbered, with their reasons, in ``docs/rules/turin.md``):

* **Market windows.** A window follows every round's picks; the window after the last round is the
  window "before final scoring" (a second window straight after it would change nothing). Players
  take turns starting with seat ``(round - 1) % players``; in a turn a player may list at most one
  card per window, withdraw eligible listings, buy (as anyone may at any time), and then end the
  turn. The window closes after a full turn of the table in which nobody listed, bought or
  withdrew. A turn in which a player could do nothing at all (no face-up card to list, no listing
  to withdraw, no listing they could pay even with a loan) is skipped without a decision; with
  secret money only public facts decide (a lack of Scudo never skips a turn, since that would
  tell the table how little the player holds).
* **Listings.** The price is at least 1 Scudo, locked from the seller's unlocked Scudo; a
  listing may be withdrawn in a window after at least one more auction round was played. A buyer
  may re-list what they bought in the same window if they have not listed yet. Listings still up
  when the game ends are taken down before scoring: the Scudo are unlocked, the card stays.
* **Picks.** A winner picks one card at a time; when the cards left are no more than the winner
  is still owed, they take them all without a decision.
* **Purchases are claims, made out of turn.** At every decision point (a market window, before
  an offer, a bid, a goose declaration, a tie-break addition or a pick) any player but the
  seller may claim a listed card (``Buy``), whether or not they are to move, if its price is no
  more than their Scudo that are neither locked on a listing nor committed to a sealed bid. A
  claim opens a claim step: every other player but the seller is asked at once whether they claim
  the card too (``Buy``) or pass (``PassClaim``). All of them are asked whatever their Scudo, so
  that being asked tells the table nothing about anyone's money or sealed bid; one who cannot pay
  may only pass, or take a loan first. Claims and passes are public. With several claimants the
  seller chooses the buyer (``SellTo``); with a single claimant the sale is made at once, since
  the seller cannot refuse them all. With two players nobody else can be asked, so a claim is a
  sale. While a claim step is open nobody may claim another card (that claim waits until this one
  is settled) and the claimed listing cannot be withdrawn; loans may still be taken. Then play
  resumes exactly where it stopped: the same seats to move, the same sealed choices kept.
* **A listing claimed during a sealed step** is sold at once like any other, and the sealed
  offers, bids and additions stay as they were: the buyer could only pay with Scudo above what
  they committed and the seller only gains Scudo, so every sealed bid stays payable. In a market
  window a sale counts as activity: the window closes only after a full quiet turn of the table
  after it.
* **Committed Scudo.** From a player's sealed bid until the bids are paid, the Scudo of that bid
  cannot be spent on a purchase: in the bid step the sealed bid, and from the reveal of the bids
  to the payment (goose declarations and tie-break) every player's bid, tied or not, plus any
  sealed tie-break addition. A tie-break addition can use only what is left after purchases.
* **Loans at any time.** A player who holds no loan may take one whenever a loan card is left,
  whether or not they are to move, in a claim step too; not once the game is over.
* **Goose "tiebreak": open declarations.** The goose starts free (or with the previous game's
  holder in a match). When bids are tied for a prize, before any addition, the tied players are
  asked openly in turn, blocks from the best place down and each block in seat order from its
  lowest seat: with a free goose every tied player is asked until one takes it; with a tied holder
  only the holder is asked; with a holder who is not tied nobody is. Each may take the free goose
  (``TakeGoose``) and so lose the tie: they take the lowest place of their tied block with that
  place's prize if it has one, and pay as that place pays (the whole bid if it wins cards, half
  otherwise). The holder may instead hand the goose to a player of their block (``GiveGoose``)
  and so win the tie: they take the block's best place and the receiver holds the goose. Or they
  decline (``DeclineGoose``). One declaration settles a tie's goose: once the goose is taken it is
  no longer free, and whoever has just taken it cannot hand it on in the same tie. Declarations
  are public events. Only the places still contested afterwards are settled by sealed additions
  and, for equal positive additions, a coin flip; a part of a block left with one player, or
  with no prize place, needs no additions (in a two-player tie settled by the goose nobody adds
  anything).
* **Goose "underdog".** At the start of each bid step, majorities are counted from face-up cards
  (tied majority holders each count it). The single player with the fewest majorities holds the
  goose; if several share the fewest, nobody does. The holder's bid counts +1 for ranking only
  (so a bid of 0 ties with a bid of 1 and triggers a tie-break), and a whole bid of 0 still never
  wins cards: a lone holder's bid of 0 at a prize place voids that place.
* **Forced loans.** At scoring, listings are taken down first, so all Scudo count as available.
  Goods are scored top to bottom; within a good the non-majority holders pay in seat order. If no
  loan card is left, the bank pays as for a player who already has a loan.

Event data: every event that is not a player's decision names itself in ``data["what"]`` and
carries its facts, so narration and measures never read the English text:

* ``start``: ``rounds`` (never the seed: a seat that knew it could re-deal every hidden card).
* ``told`` (the round in short, after the payments): ``say``, ``parts`` (per player, in place
  order: ``seat``, ``bid``, ``added``, ``place``, ``prize``, ``pays``), ``fields`` (``round``).
* ``deal`` (chance, seen by its owner): ``deal``, the hand dealt or scripted.
* ``centre`` (chance): ``centre``, the round-1 lot of 4-5 players.
* ``unseen`` (chance, seen by nobody): ``unseen``, the cards out of play.
* ``setup``: ``centre``, ``face_up`` (a scripted set-up).
* ``scripted_money``: ``scudo``, every seat's scripted Scudo (public money).
* ``starting_money``: ``scudo``, the seat's scripted Scudo (secret money, seen by the seat).
* ``chosen``: ``seat``, who has sealed an offer, bid or tie-break addition.
* ``offers`` (reveal): ``offers``, each seat's card.
* ``bids`` (reveal): ``bids``, each seat's bid.
* ``tiebreak`` (reveal): ``tiebreak``, each contesting seat's addition.
* ``centre_lot``: ``lot``.
* ``underdog``: the event's player holds the "underdog" goose this bid step.
* ``tie_round``: ``blocks``, the tied seats (who declare first with the "tiebreak" goose).
* ``contested``: ``blocks``, the seats still contesting places after the goose declarations
  (settled by sealed additions; empty when nothing is left to contest).
* ``flip`` (chance): ``flip``, the order drawn for still-tied seats.
* ``goose_given``: ``goose``, the seat the holder hands the goose to; ``place``, the place
  (1-based) the holder takes.
* ``goose_taken``: ``goose``, the seat taking the free goose; ``place``, the place (1-based) it
  takes.
* ``claim``: ``card``, ``seller``, ``price``, ``asked`` (the seats asked whether they claim it
  too); the event's player claimed it first.
* ``sold``: ``card``, ``seller``, ``buyer``, ``price``, ``claimants``.
* ``payment``: ``place``, ``prize``, ``bid``, ``pays``, ``won``, ``voided``.
* ``takes``: ``takes``, a card taken without a decision (a forced pick).
* ``discard``: ``discard``, lot cards nobody won.
* ``market_opens``: a market window opens.
* ``idle``: the event's player's market turn is skipped (nothing they could do).
* ``market_closes``: a full quiet turn of the table closed the window.
* ``kept``: ``kept``, hand cards joining the face-up cards at the end.
* ``taken_down``: ``card``, ``price`` (a listing still up at the end).
* ``forced_loan``: the event's player takes a loan to pay a majority holder.
* ``nobody_holds``: ``good``.
* ``majority``: ``good``, ``majority`` (the holder), ``others`` (the seats that pay them).
* ``tied_majority``: ``good``, ``majority`` (the tied seats), ``others`` (the seats that pay into
  the pot), ``each`` (a tied holder's share).
* ``debt``: ``debt``, added to a player's loan when the bank pays for them.
* ``game_end``: ``scores``.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.domains import NOTHING, Menu, OneOf, Option, refuse
from tradekit.core.errors import Reason
from tradekit.core.sealed import Block, Placement
from tradekit.core.seats import seat_label
from tradekit.core.simultaneous import SealedStep
from tradekit.core.state import State, Viewer
from tradekit.games.turin.actions import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    PassClaim,
    Pick,
    SellTo,
    TakeGoose,
    TakeLoan,
    Withdraw,
)
from tradekit.games.turin.auction import begin_bids, reveal
from tradekit.games.turin.domains import Amount, Explained
from tradekit.games.turin.game import LOAN_CARDS, STARTING_SCUDO
from tradekit.games.turin.market import LABELS, Claim, claim, market, take_loan
from tradekit.games.turin.menus import (
    END_TURN,
    NOTHING_FOR_SALE,
    buy_option,
    listing_option,
    nothing_to_withdraw,
    withdraw_option,
)
from tradekit.games.turin.picks import advance_picks, take_card
from tradekit.games.turin.scoring import end_game
from tradekit.games.turin.setup import CARD_KEYS, deal, scripted
from tradekit.games.turin.tiebreak import declare
from tradekit.games.turin.view import Listing, TurinView, turin_view

if TYPE_CHECKING:
    from tradekit.games.turin.game import TurinGame

SEALED_PHASES = ("offer", "bid", "tiebreak")


#: The loan, when one may be taken (an option holds no state: one serves every menu).
_LOAN = Option(TakeLoan)
#: The loan, refused: a seat holds one already, or no loan card is left.
_ONE_LOAN = refuse(TakeLoan, Reason("a player may hold at most one loan", "turin.one_loan"))
_NO_LOAN_LEFT = refuse(TakeLoan, Reason("no loan card is left", "turin.no_loan_left"))
_PASS_CLAIM = Option(PassClaim)
#: How a refusal names each phase's step, in words (never the phase's id).
STEP_NAMES = {
    "offer": "the offers",
    "bid": "the bids",
    "tiebreak": "the tie-break",
    "goose": "the goose declarations",
    "pick": "the picks",
    "market": "the market",
    "scoring": "the final payouts",
    "over": "the finished game",
    "claim": "the claim step",
}


def _card_option(cls: type[Action], cards: tuple[int, ...], owner: int | None) -> Option:
    """An option of ``cls`` whose card is one of ``cards``: from ``owner``'s hand, or from the
    lot when ``owner`` is ``None``."""
    if owner is None:
        return Option.of(cls, OneOf(cards, "the card", "a card in the lot"))
    return Option.of(cls, OneOf(cards, "the card", _hand_words(owner), secret=True))


@functools.lru_cache(maxsize=64)
def _hand_words(owner: int) -> str:
    """How a card of ``owner``'s hand is named in a refusal (one per seat: menus are declared at
    every decision)."""
    return f"a card in {seat_label(owner)}'s hand"


# Bids recur from one decision to the next (the same budget), cards seldom: only bids are kept,
# in a small cache, because every object a cache holds is traced by the garbage collector (a
# cache of thousands of options made random play a fifth slower).
@functools.lru_cache(maxsize=256)
def _amount_option(
    cls: type[Action], player: int, most: int, committed: int, locked: int
) -> Option:
    """An option of ``cls`` whose amount is a whole number of Scudo from 0 to ``most``: a bid, or
    an addition (:class:`AddBid`) to a bid of ``committed``; ``locked`` Scudo of
    ``player`` are on listings (the refusal says why the bound is what it is)."""
    label = f"{seat_label(player)}'s addition" if cls is AddBid else f"{seat_label(player)}'s bid"
    notes = []
    if committed:
        notes.append(f"the bid of {committed} is already committed")
    if locked:
        notes.append(f"{locked} more are locked on listings")
    note = "; ".join(notes)
    if committed and locked:
        note = Reason(note, "turin.committed_locked", committed=committed, locked=locked)
    elif committed:
        note = Reason(note, "turin.committed", committed=committed)
    elif locked:
        note = Reason(note, "turin.locked", locked=locked)
    return Option.of(cls, Amount(0, most, label, note=note))


def _not_claimed(
    seats: tuple[int, ...], buyers: tuple[int, ...], card: int
) -> list[tuple[Hashable, str]]:
    """Why the seller of ``card`` may not sell it to each seat that has not claimed it."""
    return [
        (
            q,
            Reason(
                f"{seat_label(q)} has not claimed card {card}",
                "turin.not_claimed",
                seat=q,
                card=card,
            ),
        )
        for q in seats
        if q not in buyers
    ]


# A claim step's options depend on the card claimed alone (but for a price a seat cannot pay):
# made once per card rather than at every decision of every claim step.
@functools.lru_cache(maxsize=64)
def _claimed_other(card: int) -> Reason:
    """How a claim on another card than ``card``, being claimed, is refused."""
    return Reason(
        f"card {{value}} cannot be claimed while card {card} is",
        "turin.claimed_other",
        card=card,
    )


@functools.lru_cache(maxsize=64)
def _claim_too(card: int) -> Option:
    """A claim of ``card`` too, in its claim step, by a seat that can pay it."""
    return Option.of(
        Buy,
        Explained((card,), "the card", "the card being claimed", otherwise=_claimed_other(card)),
    )


@functools.lru_cache(maxsize=64)
def _claim_first(card: int) -> Option:
    """A purchase by a seat not asked in the claim step of ``card``: refused until it is
    settled."""
    why = Reason(f"a claim on card {card} is being settled first", "turin.claim_first", card=card)
    return refuse(Buy, why)


def majority_holders(units: Sequence[int]) -> tuple[list[int], list[int]]:
    """Split the holders of one good into majority holders and the other holders.

    Args:
        units: each seat's units of the good.

    Returns:
        (seats with the most units, other seats with at least one unit), both in seat order;
        both empty when nobody holds the good.

    Example:
        >>> majority_holders([3, 0, 5, 5, 1])
        ([2, 3], [0, 4])
    """
    top = max(units, default=0)
    if top == 0:
        return [], []
    tied = [p for p, u in enumerate(units) if u == top]
    others = [p for p, u in enumerate(units) if 0 < u < top]
    return tied, others


class TurinState(State[TurinView]):
    """A Turin Market game in play. Create it with ``TurinGame(...).new_state(seed=...)``.

    A scripted ``setup`` (a mapping; lists or tuples) replaces the deal when it places cards
    (``hands``, ``centre`` or ``face_up``); otherwise the cards are dealt as usual. Keys, all
    optional:
    ``hands`` (a list of card-id lists, one per seat, all the same length), ``centre`` (the
    round-1 lot with 4-5 players: empty, or exactly the round-1 prize count), ``face_up`` (cards
    already won, per seat), ``scudo`` (Scudo per seat), ``loans`` (bool per seat), ``goose`` (the
    goose holder, for the "tiebreak" goose carried over a match). Cards not placed anywhere are out
    of play, discarded unseen. The number of rounds follows from the hands.

    Example:
        >>> from tradekit.games.turin.game import TurinGame
        >>> s = TurinGame(players=2).new_state(setup={"hands": [[1, 2], [3, 4]]})
        >>> s.rounds, s.to_move
        (1, (0, 1))
    """

    game: TurinGame

    #: A purchase (a claim on a listed card) and a loan may be made at any decision point,
    #: whether or not the seat is to move.
    out_of_turn: ClassVar[frozenset[type[Action]]] = frozenset({Buy, TakeLoan})

    def __init__(self, game: TurinGame, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        self._seats = tuple(range(n))
        self._nobody: tuple[None, ...] = (None,) * n
        self._zeros: tuple[int, ...] = (0,) * n
        self.tables = game.tables
        self.vectors = self.tables.card_vectors
        self.scudo = [STARTING_SCUDO] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.face_up: list[list[int]] = [[] for _ in range(n)]
        # Units per seat are cached; every change to face-up cards bumps this counter.
        self._face_up_moves = 0
        self._units_key = -1
        self._units_cache: tuple[tuple[int, ...], ...] = ()
        self._face_up_cache: tuple[tuple[int, ...], ...] = ()
        self.unseen: list[int] = []
        self.discarded: list[int] = []
        self.centre: list[int] = []
        self.lot: list[int] = []
        self.prizes: tuple[int, ...] = ()
        self.step = SealedStep(())
        self.bids: dict[int, int] = {}
        self.added: dict[int, int] = {}
        self.blocks: list[Block] = []
        self.tie_blocks: list[Block] = []
        # The goose "tiebreak": who still may declare, and who the declarations placed at the
        # top or bottom of a tied block (keyed by the block's first place).
        self.declarers: list[int] = []
        self.goose_first: dict[int, list[int]] = {}
        self.goose_last: dict[int, list[int]] = {}
        self.contested: list[Block] = []
        self.claim: Claim | None = None
        self.placements: list[Placement] = []
        self.pick_queue: list[list[int]] = []
        self.listings: dict[int, Listing] = {}
        #: What menus read off the listings (the listings in card order, each seat's purchases),
        #: made once between two changes of the listings: several phases pass without one.
        self._listing_memo: dict[Hashable, Any] = {}
        self.market_order: list[int] = []
        self.market_pos = 0
        self.quiet_turns = 0
        self.turn_active = False
        self.listed_this_window: set[int] = set()
        self.loans = [False] * n
        self.debts = [0] * n
        self.loans_left = LOAN_CARDS
        self.goose_holder: int | None = None
        self.underdog: int | None = None
        self.final_scores: list[int] | None = None
        self.rounds = 0
        if setup is None or not CARD_KEYS & set(setup):
            deal(self)
        if setup is not None:
            scripted(self, setup)
        self._initial_money = list(self.scudo)
        row = game.setup_row
        self.rounds = (1 if self.centre else 0) + max(0, len(self.hands[0]) - row.kept)
        self._event(
            "info",
            f"Turin Market, {n} players, {game.scoring} scoring, {self.rounds} auction rounds",
            data={"what": "start", "rounds": self.rounds},
        )
        self._next_round()

    # -- protocol -------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now."""
        phase = self.phase
        if phase == "market":
            return (self.market_order[self.market_pos],)
        if phase == "pick":
            return (self.pick_queue[0][0],)
        if phase in SEALED_PHASES:
            # SealedStep.waiting, without a property call: asked several times per decision.
            step = self.step
            chosen = step.chosen
            if not chosen:
                return step.seats
            return tuple([p for p in step.seats if p not in chosen])
        if phase == "claim":
            claim = self.claim
            assert claim is not None
            answered = claim.answered
            waiting = tuple(p for p in claim.asked if p not in answered)
            return waiting or (claim.seller,)
        if phase == "goose":
            return (self.declarers[0],)
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the final payouts have been made."""
        return self.phase == "over"

    def available(self, player: int) -> int:
        """Scudo ``player`` holds that are not locked on a listing (what they can bid or pay)."""
        return self.scudo[player]

    def locked(self, player: int) -> int:
        """Scudo ``player`` has locked on listings."""
        if not self.listings:
            return 0
        return sum([x.price for x in self.listings.values() if x.seller == player])

    def committed(self, player: int) -> int:
        """Scudo ``player`` has committed to a sealed bid not yet resolved: a sealed bid in the
        bid step, the bid plus any sealed addition from the reveal of the bids to the payment.
        They cannot be spent on a purchase."""
        phase = self.claim.resume if self.claim is not None else self.phase
        if phase == "bid":
            sealed = self.step.chosen.get(player)
            return sealed.amount if isinstance(sealed, Bid) else 0
        if phase in ("goose", "tiebreak"):
            sealed = self.step.chosen.get(player) if phase == "tiebreak" else None
            extra = sealed.amount if isinstance(sealed, AddBid) else 0
            return self.bids.get(player, 0) + extra
        return 0

    def spendable(self, player: int) -> int:
        """Scudo ``player`` may spend on a purchase now: unlocked and not committed."""
        return self.scudo[player] - self.committed(player)

    def can_take_loan(self, player: int) -> bool:
        """Whether ``player`` may take a loan now (no loan yet, a loan card left): at any time,
        whether or not they are to move."""
        return not self.loans[player] and self.loans_left > 0 and not self.is_over

    def legal_actions(self, player: int) -> Menu:
        """Every action ``player`` may take now, in a fixed order (bots choose by index): the
        step's own actions first, then the purchases they may claim, a loan last. A seat that is
        not to move gets its out-of-turn actions only. A lazy sequence: amounts are never listed.

        Example:
            >>> from tradekit.games.turin.game import TurinGame
            >>> s = TurinGame(players=2).new_state(setup={"hands": [[1, 2], [3, 4]]})
            >>> list(s.legal_actions(0))
            [Offer(card=1), Offer(card=2), TakeLoan()]
        """
        if self.phase == "over":
            return NOTHING
        return self._menu(player)

    def _declare_menu(self, player: int) -> Menu:
        phase = self.phase
        # The loan last, the purchases before it, the step's own options first (when moving);
        # the loan is refused for one held already, or when no loan card is left.
        loans = self.loans
        if loans[player]:
            loan = _ONE_LOAN
        elif self.loans_left <= 0:
            loan = _NO_LOAN_LEFT
        else:
            loan = _LOAN
        step_name = STEP_NAMES.get(phase) or f"the {phase} phase"
        # Whether the seat is to move, asked of the phase alone: to_move builds a tuple, and a
        # menu is declared at every decision.
        if phase == "market":
            if player == self.market_order[self.market_pos]:
                # the market turn offers its own purchases
                return Menu((*self._market_options(player), loan), step=step_name)
        elif phase in SEALED_PHASES:
            step = self.step
            if player in step.seats and player not in step.chosen:
                # A seat yet to choose has no sealed choice of this step: in the offer and bid
                # steps nothing of its is committed, in the tie-break its bid (as committed()
                # tells).
                if phase == "offer":
                    own = _card_option(Offer, tuple(self.hands[player]), player)
                    committed = 0
                elif phase == "bid":
                    own = _amount_option(Bid, player, self.scudo[player], 0, self.locked(player))
                    committed = 0
                else:
                    committed = self.bids[player]
                    most = self.scudo[player] - committed
                    own = _amount_option(AddBid, player, most, committed, self.locked(player))
                buy = self._purchases(player, committed) if self.listings else NOTHING_FOR_SALE
                return Menu((own, buy, loan), step=step_name)
        elif phase == "pick":
            if player == self.pick_queue[0][0]:
                own = _card_option(Pick, tuple(self.lot), None)
                buy = self._purchases(player, 0) if self.listings else NOTHING_FOR_SALE
                return Menu((own, buy, loan), step=step_name)
        elif phase == "claim":
            claim = self.claim
            assert claim is not None
            # to_move, told for one seat: an asked seat that has not answered, or the seller
            # once every asked seat has.
            asked, answered = claim.asked, claim.answered
            if (
                player not in answered
                if player in asked
                else player == claim.seller and all([p in answered for p in asked])
            ):
                return Menu((*self._claim_options(player), loan), step=step_name)
            return Menu((_claim_first(claim.card), loan), step=step_name)
        elif phase == "goose":
            if player == self.declarers[0]:
                options = (*self._goose_options(player), self._buy_option(player), loan)
                return Menu(options, step=step_name)
        elif player in self.to_move:
            return Menu(
                (*self._step_options(player, phase), self._buy_option(player), loan),
                step=step_name,
            )
        return Menu((self._buy_option(player), loan), step=step_name)

    def _step_options(self, player: int, phase: str) -> Sequence[Option]:
        if phase == "offer":
            return [_card_option(Offer, tuple(self.hands[player]), player)]
        if phase == "bid":
            return [_amount_option(Bid, player, self.scudo[player], 0, self.locked(player))]
        if phase == "tiebreak":
            bid = self.bids[player]
            most = self.scudo[player] - bid
            return [_amount_option(AddBid, player, most, bid, self.locked(player))]
        if phase == "goose":
            return self._goose_options(player)
        if phase == "pick":
            return [_card_option(Pick, tuple(self.lot), None)]
        if phase == "market":
            return self._market_options(player)
        return self._claim_options(player)

    def _goose_options(self, player: int) -> list[Option]:
        holder = self.goose_holder
        if holder is None:
            take = Option(TakeGoose)
            why = Reason(
                f"{seat_label(player)} does not hold the goose", "turin.no_goose", seat=player
            )
            give = refuse(GiveGoose, why)
        else:
            why = Reason(
                f"the goose is not free: {seat_label(holder)} holds it",
                "turin.goose_held",
                seat=holder,
            )
            take = refuse(TakeGoose, why)
            rivals = tuple(q for q in self._block_of(player).players if q != player)
            untied = tuple(
                (
                    q,
                    Reason(
                        f"{seat_label(q)} is not tied with {seat_label(player)}",
                        "turin.not_tied",
                        other_seat=q,
                        seat=player,
                    ),
                )
                for q in self._seats
                if q not in rivals
            )
            to = Explained(
                rivals, "the receiver", f"a player tied with {seat_label(player)}", why=untied
            )
            give = Option(GiveGoose, to=to)
        return [take, give, Option(DeclineGoose)]

    def _block_of(self, player: int) -> Block:
        for block in self.tie_blocks:
            if player in block.players:
                return block
        raise LookupError(player)

    def _listed(self) -> tuple[Listing, ...]:
        """Every listing, in card order."""
        listings = self.listings
        if not listings:
            return ()
        memo = self._listing_memo
        listed: tuple[Listing, ...] | None = memo.get("listed")
        if listed is None:
            listed = memo["listed"] = tuple([listings[c] for c in sorted(listings)])
        return listed

    def _market_options(self, player: int) -> list[Option]:
        """What ``player`` may do in their market turn, in this order: end it, list, buy,
        withdraw."""
        money = self.scudo[player]
        listed = self._listed()
        listing = listing_option(
            player, tuple(self.face_up[player]), listed, money, player in self.listed_this_window
        )
        if not listed:
            return [END_TURN, listing, NOTHING_FOR_SALE, nothing_to_withdraw(player)]
        # What _buy_option and _withdraw_option give, read off the same memo: nothing is
        # committed to a sealed bid in a market window.
        memo = self._listing_memo
        buy: Option | None = memo.get((player, money, 0))
        if buy is None:
            buy = memo[player, money, 0] = buy_option(player, listed, money, 0)
        return [END_TURN, listing, buy, self._withdraw_option(player)]

    def _withdraw_option(self, player: int) -> Option:
        """The listings ``player`` may withdraw in their market turn."""
        key = ("withdraw", player, self.round)
        memo = self._listing_memo
        option: Option | None = memo.get(key)
        if option is None:
            option = memo[key] = withdraw_option(player, self._listed(), self.round)
        return option

    def _buy_option(self, player: int) -> Option:
        """The purchases ``player`` may claim outside their market turn."""
        if not self.listings:
            return NOTHING_FOR_SALE
        return self._purchases(player, self.committed(player))

    def _purchases(self, player: int, committed: int) -> Option:
        """:meth:`_buy_option` once there are listings, ``committed`` (what
        :meth:`committed` gives) known already."""
        money = self.scudo[player] - committed
        key = (player, money, committed)
        memo = self._listing_memo
        option: Option | None = memo.get(key)
        if option is None:
            option = memo[key] = buy_option(player, self._listed(), money, committed)
        return option

    def _claim_options(self, player: int) -> list[Option]:
        claim = self.claim
        assert claim is not None
        if player == claim.seller and player not in claim.asked:
            buyers = tuple(claim.claimants)
            # Worded only when a sale is refused (see Explained).
            untied = functools.partial(_not_claimed, self._seats, buyers, claim.card)
            return [Option(SellTo, buyer=Explained(buyers, "the buyer", "a claimant", why=untied))]
        money = self.spendable(player)
        if claim.price <= money:
            return [_claim_too(claim.card), _PASS_CLAIM]
        otherwise = _claimed_other(claim.card)
        committed = self.committed(player)
        tail = f": {committed} are committed to a sealed bid" if committed else ""
        why = Reason(
            f"the price {claim.price} is more than the {money} Scudo "
            f"{seat_label(player)} "
            f"may spend{tail}",
            "turin.claim_price_committed" if committed else "turin.claim_price",
            price=claim.price,
            money=money,
            seat=player,
            committed=committed,
        )
        card = Explained((), "the card", why=((claim.card, why),), otherwise=otherwise)
        return [Option.of(Buy, card), _PASS_CLAIM]

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        # One dict look-up by the action's class instead of a chain of isinstance tests.
        _DOERS[type(action)](self, player, action)

    def _loan(self, player: int, action: Action) -> None:
        take_loan(self, player, "loan taken")

    def _sealed(self, player: int, action: Action) -> None:
        if self.step.choose(player, action, self._event):
            reveal(self)

    def _pick(self, player: int, action: Action) -> None:
        assert isinstance(action, Pick)
        self._event(
            "action",
            f"{LABELS[player]} picks card {action.card}",
            player=player,
            action=action,
        )
        take_card(self, player, action.card)
        advance_picks(self)

    def _claim(self, player: int, action: Action) -> None:
        self._event("action", f"{LABELS[player]}: {action}", player=player, action=action)
        claim(self, player, action)

    # -- rounds and units ------------------------------------------------------------------------
    def _next_round(self) -> None:
        if self.round >= self.rounds:
            end_game(self)
            return
        self.round += 1
        self.placements = []
        self.bids = {}
        self.added = {}
        row = self.game.setup_row
        if self.round == 1 and self.centre:
            self.lot = list(self.centre)
            self.centre = []
            self.prizes = row.first_round_prizes or row.prizes
            self.phase = "bid"
            self._event(
                "info",
                f"round 1: the centre cards {self.lot} are the lot",
                data={"what": "centre_lot", "lot": list(self.lot)},
                fresh=True,
            )
            begin_bids(self)
        else:
            self.prizes = row.prizes
            self.phase = "offer"
            self.step = SealedStep(self._seats)

    def units(self, player: int) -> list[int]:
        """Units of each good (in scoring order) on ``player``'s face-up cards."""
        return list(self._unit_table()[player])

    def _unit_table(self) -> tuple[tuple[int, ...], ...]:
        # Views and bots ask for units at every decision; face-up cards change far less often.
        key = self._face_up_moves
        if self._units_key != key:
            vectors = self.vectors
            nothing = (0,) * len(self.tables.goods)
            # Each good's column of the seat's card vectors, summed (zip and sum loop in C).
            table = tuple(
                [
                    tuple(map(sum, zip(*[vectors[c] for c in cards], strict=True)))
                    if cards
                    else nothing
                    for cards in self.face_up
                ]
            )
            self._units_cache, self._units_key = table, key
            self._face_up_cache = tuple(tuple(f) for f in self.face_up)
        return self._units_cache

    def majority_counts(self) -> list[int]:
        """How many goods each seat holds a majority of (tied holders each count it)."""
        table = self._unit_table()
        counts = [0] * self.n
        for g in range(len(self.tables.goods)):
            tied, _ = majority_holders([row[g] for row in table])
            for p in tied:
                counts[p] += 1
        return counts

    # -- accounting -----------------------------------------------------------------------------
    def money(self) -> list[int]:
        """Scudo each seat holds, unlocked plus locked on listings."""
        return [self.scudo[p] + self.locked(p) for p in range(self.n)]

    @property
    def initial_money(self) -> list[int]:
        """Scudo each seat started with."""
        return list(self._initial_money)

    def card_locations(self) -> dict[str, list[int]]:
        """Every card's location: hands, face-up cards, centre, lot, discards."""
        out: dict[str, list[int]] = {}
        for p in range(self.n):
            out[f"hand P{p}"] = list(self.hands[p])
            out[f"face-up P{p}"] = list(self.face_up[p])
        out["centre"] = list(self.centre)
        out["lot"] = list(self.lot)
        out["discarded"] = list(self.discarded)
        out["unseen"] = list(self.unseen)
        return out

    def all_cards(self) -> list[int]:
        """The ids of the 18 cards."""
        return [c.id for c in self.tables.cards]

    # -- results and views ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Final Scudo once over; before that, each seat's Scudo (unlocked + locked)."""
        if self.final_scores is not None:
            return list(self.final_scores)
        return [self.scudo[p] + self.locked(p) for p in range(self.n)]

    def winners(self) -> list[int]:
        """The seats with the most Scudo (several share the win)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def summary(self) -> str:
        """A one-line description for error messages."""
        if not self.game.public_money:
            return super().summary()
        money = " ".join(f"{seat_label(p)}={self.scudo[p]}" for p in range(self.n))
        return f"{super().summary()}; unlocked Scudo {money}"

    def view(self, viewer: Viewer = None) -> TurinView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        return turin_view(self, viewer)

    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> TurinState:
        """A copy in which everything ``viewer`` cannot see is redrawn at random.

        Other seats' hands and the unseen discards are reshuffled among themselves (sizes kept),
        other seats' sealed choices are redrawn, and with secret money other seats' Scudo change.
        ``view(viewer)`` of the copy equals ``view(viewer)`` of this state; the copy is for
        information-set reasoning (bots) and tests, and may break invariants the viewer cannot
        see, so do not play it on.
        """
        rng = np.random.default_rng(seed)
        other = copy.deepcopy(self)
        if viewer == "all":
            return other
        hidden = [p for p in range(self.n) if p != viewer]
        pool = [c for p in hidden for c in other.hands[p]] + other.unseen
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for p in hidden:
            k = len(other.hands[p])
            other.hands[p], pool = sorted(pool[:k]), pool[k:]
        other.unseen = sorted(pool)
        phase = other.claim.resume if other.claim is not None else other.phase
        for p in hidden:
            if not self.game.public_money and not self.is_over:
                other.scudo[p] += int(rng.integers(0, 6))
            if p in other.step.chosen:
                if phase == "offer":
                    hand = other.hands[p]
                    other.step.chosen[p] = Offer(hand[int(rng.integers(len(hand)))])
                elif phase == "bid":
                    other.step.chosen[p] = Bid(int(rng.integers(other.scudo[p] + 1)))
                else:
                    room = other.scudo[p] - other.bids[p]
                    other.step.chosen[p] = AddBid(int(rng.integers(room + 1)))
        return other


#: What carries out each action class (``TurinState._do``); the market turn's own actions (end
#: the turn, list, withdraw) go to ``market``.
_DOERS: dict[type[Action], Callable[[TurinState, int, Action], None]] = {
    TakeLoan: TurinState._loan,
    Offer: TurinState._sealed,
    Bid: TurinState._sealed,
    AddBid: TurinState._sealed,
    TakeGoose: declare,
    GiveGoose: declare,
    DeclineGoose: declare,
    Pick: TurinState._pick,
    Buy: TurinState._claim,
    PassClaim: TurinState._claim,
    SellTo: TurinState._claim,
    EndTurn: market,
    List: market,
    Withdraw: market,
}
