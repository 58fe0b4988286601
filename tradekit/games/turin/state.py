"""Turin Market played exactly by its rules (as ``docs/rules/turin.md`` states them).

A round: every player offers a card (simultaneous, sealed), everybody bids (simultaneous, sealed),
ties with a prize are settled by open goose declarations (variant "tiebreak") and then
tie-break rounds (simultaneous, sealed), bids are paid (winners the whole bid, others half
rounded down), winners pick in place order, then a market window lets players list and withdraw
cards in turn. A listed card may be bought at any time, and a loan taken at any time, whether or
not one is to move. After the last round the final payouts are made by majorities.

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
import dataclasses
import functools
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.domains import NOTHING, Menu, OneOf, Option, refuse
from tradekit.core.events import BANK
from tradekit.core.sealed import (
    Block,
    BlockOrder,
    Placement,
    needs_tiebreak,
    order_block,
    place_players,
    rank_blocks,
    sealed_bid_payments,
)
from tradekit.core.setup import Setup
from tradekit.core.simultaneous import SealedStep
from tradekit.core.state import State, Viewer
from tradekit.core.ties import share_round_up
from tradekit.core.view import check_viewer
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
from tradekit.games.turin.domains import Amount, Explained
from tradekit.games.turin.game import (
    BANK_PAYS_DEBT,
    LOAN_AMOUNT,
    LOAN_CARDS,
    LOAN_REPAYMENT,
    STARTING_SCUDO,
)
from tradekit.games.turin.menus import (
    END_TURN,
    NOTHING_FOR_SALE,
    buy_option,
    listing_option,
    withdraw_option,
)
from tradekit.games.turin.view import ClaimInfo, Listing, TurinView

if TYPE_CHECKING:
    from tradekit.games.turin.game import TurinGame

SEALED_PHASES = ("offer", "bid", "tiebreak")
#: Set-up keys that place cards; a set-up without any of them is dealt as usual.
CARD_KEYS = frozenset({"hands", "centre", "face_up"})


@dataclasses.dataclass(slots=True)
class Claim:
    """A claim step in progress: who claimed ``card`` and who was asked whether they claim it too.

    Attributes:
        card: the listed card.
        seller: who listed it.
        price: its price.
        resume: the phase the claim interrupted.
        asked: every player but the seller and the first claimant, in seat order.
        claimants: who claimed it, the first claimant first.
        answered: who of ``asked`` has claimed or passed.
    """

    card: int
    seller: int
    price: int
    resume: str
    asked: tuple[int, ...]
    claimants: list[int] = dataclasses.field(default_factory=list)
    answered: set[int] = dataclasses.field(default_factory=set)


#: The loan, when one may be taken (an option holds no state: one serves every menu).
_LOAN = Option(TakeLoan)
_PASS_CLAIM = Option(PassClaim)
#: How a refusal names each phase's step.
STEP_NAMES = {
    phase: f"the {phase} phase"
    for phase in ("offer", "bid", "tiebreak", "goose", "pick", "market", "scoring", "over")
} | {"claim": "the claim step"}


def _card_option(cls: type[Action], cards: tuple[int, ...], owner: int | None) -> Option:
    """An option of ``cls`` whose card is one of ``cards``: from ``owner``'s hand, or from the
    lot when ``owner`` is ``None``."""
    what = "a card in the lot" if owner is None else f"a card in P{owner}'s hand"
    return Option.of(cls, OneOf(cards, "the card", what))


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
    label = f"P{player}'s addition" if cls is AddBid else f"P{player}'s bid"
    notes = []
    if committed:
        notes.append(f"the bid of {committed} is already committed")
    if locked:
        notes.append(f"{locked} more are locked on listings")
    return Option.of(cls, Amount(0, most, label, note="; ".join(notes)))


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
            self._deal()
        if setup is not None:
            self._scripted(setup)
        self._initial_money = list(self.scudo)
        row = game.setup_row
        self.rounds = (1 if self.centre else 0) + max(0, len(self.hands[0]) - row.kept)
        self._event(
            "info",
            f"Turin Market, {n} players, {game.scoring} scoring, {self.rounds} auction rounds",
            data={"what": "start", "rounds": self.rounds},
        )
        self._next_round()

    # -- set-up ---------------------------------------------------------------------------------
    def _deal(self) -> None:
        row = self.game.setup_row
        ids = [c.id for c in self.tables.cards]
        order = [ids[i] for i in self.rng.permutation(len(ids))]
        for p in range(self.n):
            self.hands[p] = sorted(order[p * row.dealt : (p + 1) * row.dealt])
            self._event(
                "chance",
                f"P{p} is dealt {row.dealt} cards",
                player=p,
                data={"what": "deal", "deal": self.hands[p]},
                visible_to=(p,),
            )
        rest = order[self.n * row.dealt :]
        if row.centre:
            self.centre = sorted(rest)
            self._event(
                "chance",
                f"centre cards {self.centre}",
                data={"what": "centre", "centre": self.centre},
            )
        else:
            self.unseen = sorted(rest)
            if rest:
                self._event(
                    "chance",
                    f"{len(rest)} cards discarded unseen",
                    data={"what": "unseen", "unseen": self.unseen},
                    visible_to=(),
                )

    def _scripted(self, setup: Mapping[str, Any]) -> None:
        known = {"hands", "centre", "face_up", "scudo", "loans", "goose"}
        reader = Setup(setup, self.n, known)
        valid = set(self.tables.card_by_id)
        if "hands" in reader:
            self.hands = reader.cards_per_seat("hands", valid)
            if len({len(h) for h in self.hands}) != 1:
                raise reader.bad("hands", "hands of equal size")
        if "face_up" in reader:
            self.face_up = reader.cards_per_seat("face_up", valid)
            self._face_up_moves += 1
        if "centre" in reader:
            self.centre = reader.cards("centre", valid)
            first = self.game.setup_row.first_round_prizes
            if self.centre and (first is None or len(self.centre) != sum(first)):
                need = "no centre cards" if first is None else f"{sum(first)} cards or none"
                raise reader.bad("centre", need + f" with {self.n} players")
        reader.check_once()
        if CARD_KEYS & set(setup):
            self.unseen = sorted(valid - set(reader.used))
        if "scudo" in reader:
            self.scudo = reader.money("scudo")
        if "loans" in reader:
            self.loans = reader.flags("loans")
            self.loans_left = LOAN_CARDS - sum(self.loans)
        if "goose" in reader:
            holder = reader.seat("goose")
            if self.game.goose != "tiebreak" and holder is not None:
                raise reader.bad("goose", "None unless the game uses goose='tiebreak'")
            self.goose_holder = holder
        if "scudo" in reader:
            self._log_scripted_money()
        if not CARD_KEYS & set(setup):
            return
        for p in range(self.n):
            self._event(
                "chance",
                f"P{p} is given a scripted hand",
                player=p,
                data={"what": "deal", "deal": self.hands[p]},
                visible_to=(p,),
            )
        self._event(
            "info",
            "scripted set-up",
            data={"what": "setup", "centre": self.centre, "face_up": self.face_up},
        )

    def _log_scripted_money(self) -> None:
        if self.game.public_money:
            self._event(
                "info",
                f"scripted Scudo {self.scudo}",
                data={"what": "scripted_money", "scudo": self.scudo},
            )
            return
        for p in range(self.n):
            self._event(
                "info",
                f"P{p} starts with {self.scudo[p]} Scudo",
                player=p,
                data={"what": "starting_money", "scudo": self.scudo[p]},
                visible_to=(p,),
            )

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
            return self.step.waiting
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
        if self.is_over:
            return NOTHING
        return self._menu(player)

    def _declare_menu(self, player: int) -> Menu:
        phase = self.phase
        items: list[Option] = []
        moving = player in self.to_move
        if moving:
            items += self._step_options(player, phase)
        if phase == "claim":
            if not moving:
                claim = self.claim
                assert claim is not None
                why = f"a claim on card {claim.card} is being settled first"
                items.append(refuse(Buy, why))
        elif not (moving and phase == "market"):  # the market turn offers its own purchases
            items.append(self._buy_option(player))
        items.append(self._loan_option(player))
        return Menu(items, step=STEP_NAMES.get(phase) or f"the {phase} phase")

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

    def _loan_option(self, player: int) -> Option:
        if self.loans[player]:
            return refuse(TakeLoan, "a player may hold at most one loan")
        if self.loans_left <= 0:
            return refuse(TakeLoan, "no loan card is left")
        return _LOAN

    def _goose_options(self, player: int) -> list[Option]:
        holder = self.goose_holder
        if holder is None:
            take = Option(TakeGoose)
            give = refuse(GiveGoose, f"P{player} does not hold the goose")
        else:
            take = refuse(TakeGoose, f"the goose is not free: P{holder} holds it")
            rivals = tuple(q for q in self._block_of(player).players if q != player)
            untied = tuple(
                (q, f"P{q} is not tied with P{player}") for q in self._seats if q not in rivals
            )
            to = Explained(rivals, "the receiver", f"a player tied with P{player}", why=untied)
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
        listing = listing_option(
            player,
            tuple(self.face_up[player]),
            self._listed(),
            self.scudo[player],
            player in self.listed_this_window,
        )
        return [END_TURN, listing, self._buy_option(player), self._withdraw_option(player)]

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
        committed = self.committed(player)
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
            untied = tuple(
                (q, f"P{q} has not claimed card {claim.card}")
                for q in self._seats
                if q not in buyers
            )
            return [Option(SellTo, buyer=Explained(buyers, "the buyer", "a claimant", why=untied))]
        money = self.spendable(player)
        if claim.price <= money:
            card = Explained(
                (claim.card,),
                "the card",
                "the card being claimed",
                otherwise=f"card {{value}} cannot be claimed while card {claim.card} is",
            )
        else:
            committed = self.committed(player)
            tail = f": {committed} are committed to a sealed bid" if committed else ""
            card = Explained(
                (),
                "the card",
                why=(
                    (
                        claim.card,
                        f"the price {claim.price} is more than the {money} Scudo P{player} "
                        f"may spend{tail}",
                    ),
                ),
                otherwise=f"card {{value}} cannot be claimed while card {claim.card} is",
            )
        return [Option.of(Buy, card), _PASS_CLAIM]

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        if isinstance(action, TakeLoan):
            self._take_loan(player, "loan taken")
        elif isinstance(action, (Offer, Bid, AddBid)):
            if self.step.choose(player, action, self._event):
                self._reveal()
        elif isinstance(action, (TakeGoose, GiveGoose, DeclineGoose)):
            self._declare(player, action)
        elif isinstance(action, Pick):
            self._event(
                "action", f"P{player} picks card {action.card}", player=player, action=action
            )
            self._take_card(player, action.card)
            self._advance_picks()
        elif isinstance(action, (Buy, PassClaim, SellTo)):
            self._event("action", f"P{player}: {action}", player=player, action=action)
            self._claim(player, action)
        else:
            self._market(player, action)

    # -- purchases ------------------------------------------------------------------------------
    def _claim(self, player: int, action: Action) -> None:
        claim = self.claim
        if claim is None:
            assert isinstance(action, Buy)
            listing = self.listings[action.card]
            asked = tuple(p for p in self._seats if p not in (player, listing.seller))
            if not asked:
                self._sell(listing, player, [player])
                return
            self.claim = Claim(action.card, listing.seller, listing.price, self.phase, asked)
            self.claim.claimants.append(player)
            self.phase = "claim"
            self._event(
                "info",
                f"P{player} claims card {action.card}; "
                + ", ".join(f"P{p}" for p in asked)
                + " may claim it too",
                player=player,
                data={
                    "what": "claim",
                    "card": action.card,
                    "seller": listing.seller,
                    "price": listing.price,
                    "asked": list(asked),
                },
            )
            return
        if isinstance(action, SellTo):
            buyer = action.buyer
        else:
            claim.answered.add(player)
            if isinstance(action, Buy):
                claim.claimants.append(player)
            if any(p not in claim.answered for p in claim.asked):
                return
            if len(claim.claimants) > 1:
                return  # the seller chooses (see to_move)
            buyer = claim.claimants[0]
        self.phase = claim.resume
        self.claim = None
        self._sell(self.listings[claim.card], buyer, claim.claimants)

    def _sell(self, listing: Listing, buyer: int, claimants: Sequence[int]) -> None:
        card, seller, price = listing.card, listing.seller, listing.price
        del self.listings[card]
        self._listing_memo.clear()
        self.scudo[buyer] -= price
        self.scudo[seller] += 2 * price
        self._transfer(price, buyer, seller, f"bought card {card}")
        self.face_up[seller].remove(card)
        self.face_up[buyer].append(card)
        self._face_up_moves += 1
        if self.phase == "market":
            # A sale is activity in the window: the table must go round quietly once more.
            self.turn_active = True
        self._event(
            "info",
            f"P{seller} sells card {card} to P{buyer} for {price}",
            player=buyer,
            data={
                "what": "sold",
                "card": card,
                "seller": seller,
                "buyer": buyer,
                "price": price,
                "claimants": list(claimants),
            },
        )

    def _take_loan(self, player: int, why: str) -> None:
        self.loans[player] = True
        self.loans_left -= 1
        self.scudo[player] += LOAN_AMOUNT
        self._transfer(LOAN_AMOUNT, BANK, player, why)
        self._event(
            "action" if why == "loan taken" else "info",
            f"P{player} takes a loan (+{LOAN_AMOUNT}, repays {LOAN_REPAYMENT})",
            player=player,
            action=TakeLoan() if why == "loan taken" else None,
            data=None if why == "loan taken" else {"what": "forced_loan"},
        )

    def _reveal(self) -> None:
        sealed = self.step.reveal()
        if self.phase == "offer":
            offers = {p: a.card for p, a in sealed.items() if isinstance(a, Offer)}
            for p, card in offers.items():
                self.hands[p].remove(card)
            self.lot = sorted(offers.values())
            self._event(
                "reveal", f"offers revealed: {offers}", data={"what": "offers", "offers": offers}
            )
            self._begin_bids()
        elif self.phase == "bid":
            self.bids = {p: a.amount for p, a in sealed.items() if isinstance(a, Bid)}
            self._event(
                "reveal", f"bids revealed: {self.bids}", data={"what": "bids", "bids": self.bids}
            )
            self._rank()
        else:
            self._event(
                "reveal",
                "tie-break revealed: " + ", ".join(f"P{p} {a}" for p, a in sealed.items()),
                data={"what": "tiebreak", "tiebreak": {p: a.to_json() for p, a in sealed.items()}},
            )
            self._finish_tiebreak(sealed)

    # -- rounds ---------------------------------------------------------------------------------
    def _next_round(self) -> None:
        if self.round >= self.rounds:
            self._end_game()
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
                data={"what": "centre_lot", "lot": self.lot},
            )
            self._begin_bids()
        else:
            self.prizes = row.prizes
            self.phase = "offer"
            self.step = SealedStep(self._seats)

    def _begin_bids(self) -> None:
        self.phase = "bid"
        self.step = SealedStep(self._seats)
        self.underdog = None
        if self.game.goose == "underdog":
            counts = self.majority_counts()
            fewest = min(counts)
            holders = [p for p, c in enumerate(counts) if c == fewest]
            if len(holders) == 1:
                self.underdog = holders[0]
                self._event(
                    "info",
                    f"P{self.underdog} has the fewest majorities and holds the "
                    "goose: their bids count +1",
                    player=self.underdog,
                    data={"what": "underdog"},
                )

    def units(self, player: int) -> list[int]:
        """Units of each good (in scoring order) on ``player``'s face-up cards."""
        return list(self._unit_table()[player])

    def _unit_table(self) -> tuple[tuple[int, ...], ...]:
        # Views and bots ask for units at every decision; face-up cards change far less often.
        key = self._face_up_moves
        if self._units_key != key:
            table = []
            for cards in self.face_up:
                total = [0] * len(self.tables.goods)
                for card in cards:
                    for i, u in enumerate(self.vectors[card]):
                        total[i] += u
                table.append(tuple(total))
            self._units_cache, self._units_key = tuple(table), key
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

    def _rank(self) -> None:
        bonus = {self.underdog: 1} if self.underdog is not None else {}
        values = {p: b + bonus.get(p, 0) for p, b in self.bids.items()}
        self.blocks = rank_blocks(values, self.prizes)
        self.tie_blocks = [b for b in self.blocks if needs_tiebreak(b)]
        self.goose_first = {}
        self.goose_last = {}
        self.contested = []
        if not self.tie_blocks:
            self._settle({})
            return
        self.phase = "tiebreak"
        self.declarers = self._declarers()
        if self.declarers:
            self.phase = "goose"
        self._event(
            "info",
            "tie-break round for "
            + "; ".join(" and ".join(f"P{p}" for p in b.players) for b in self.tie_blocks),
            data={"what": "tie_round", "blocks": [list(b.players) for b in self.tie_blocks]},
        )
        if not self.declarers:
            self._open_additions(declared=False)

    def _declarers(self) -> list[int]:
        """Who may make a goose declaration in this tie, in the order they are asked: with a
        free goose every tied player, blocks best first and seat order within a block; with a
        tied holder the holder alone; otherwise nobody."""
        if self.game.goose != "tiebreak":
            return []
        tied = [p for b in self.tie_blocks for p in b.players]
        if self.goose_holder is None:
            return tied
        return [self.goose_holder] if self.goose_holder in tied else []

    def _declare(self, player: int, action: Action) -> None:
        self._event("action", f"P{player}: {action}", player=player, action=action)
        if isinstance(action, DeclineGoose):
            self.declarers.pop(0)
        else:
            block = self._block_of(player)
            key = block.first_place
            self.declarers = []
            if isinstance(action, GiveGoose):
                self.goose_first[key] = [player]
                self.goose_holder = action.to
                self._event(
                    "info",
                    f"P{player} hands the goose to P{action.to} and wins the tie",
                    player=player,
                    data={"what": "goose_given", "goose": action.to, "place": key + 1},
                )
            else:
                self.goose_last[key] = [player]
                self.goose_holder = player
                place = key + len(block.players)
                self._event(
                    "info",
                    f"P{player} takes the goose and loses the tie: place {place}",
                    player=player,
                    data={"what": "goose_taken", "goose": player, "place": place},
                )
        if not self.declarers:
            self.phase = "tiebreak"
            self._open_additions(declared=True)

    def _remaining(self, block: Block) -> Block:
        """The part of a tied block still contested once the goose declarations placed players
        at its top or bottom: its players and places."""
        key = block.first_place
        top = self.goose_first.get(key, [])
        bottom = self.goose_last.get(key, [])
        if not top and not bottom:
            return block
        rest = tuple(p for p in block.players if p not in top and p not in bottom)
        start = len(top)
        prizes = block.prizes[start : start + len(rest)]
        return Block(rest, block.value, key + start, prizes)

    def _open_additions(self, declared: bool) -> None:
        """Sealed additions for the places still contested (all tied blocks without goose
        declarations); none needed settles the round at once."""
        self.contested = [
            part for part in map(self._remaining, self.tie_blocks) if needs_tiebreak(part)
        ]
        if declared:
            self._event(
                "info",
                "still contested: "
                + (
                    "; ".join(" and ".join(f"P{p}" for p in b.players) for b in self.contested)
                    or "nothing"
                ),
                data={"what": "contested", "blocks": [list(b.players) for b in self.contested]},
            )
        if self.contested:
            self.step = SealedStep(sorted(p for b in self.contested for p in b.players))
        else:
            self._finish_tiebreak({})

    def _flip(self, players: Sequence[int]) -> list[int]:
        order = [players[i] for i in self.rng.permutation(len(players))]
        self._event("chance", f"coin flip orders {order}", data={"what": "flip", "flip": order})
        return order

    def _finish_tiebreak(self, sealed: Mapping[int, Action]) -> None:
        added = {p: a.amount if isinstance(a, AddBid) else 0 for p, a in sealed.items()}
        orders: dict[int, BlockOrder] = {}
        for block in self.tie_blocks:
            key = block.first_place
            part = self._remaining(block)
            top = self.goose_first.get(key, [])
            bottom = self.goose_last.get(key, [])
            if part is block:
                orders[key] = order_block(block, added, self._flip)
                continue
            if needs_tiebreak(part):
                inner = order_block(part, added, self._flip)
            else:
                # One player left, or places without a prize: nothing to settle.
                void = frozenset(part.players) if part.tied else frozenset()
                inner = BlockOrder(part.players, void, ())
            orders[key] = BlockOrder((*top, *inner.order, *bottom), inner.void, inner.flips)
        self.added = added
        self.contested = []
        self._settle(orders)

    def _settle(self, orders: Mapping[int, BlockOrder]) -> None:
        whole = {p: b + self.added.get(p, 0) for p, b in self.bids.items()}
        self.placements = place_players(self.blocks, whole, orders)
        self.tie_blocks = []
        payments = sealed_bid_payments(self.placements)
        for pl in self.placements:
            pay = payments[pl.player]
            if pl.won:
                why = f"won place {pl.place + 1} ({pl.prize} card(s)) with a bid of {pl.bid}"
            elif pl.voided:
                why = f"tied at place {pl.place + 1} without winning: half of {pl.bid} rounded down"
            else:
                why = f"lost with a bid of {pl.bid}: half rounded down"
            self.scudo[pl.player] -= pay
            self._transfer(pay, pl.player, BANK, why)
            self._event(
                "info",
                f"P{pl.player} {why}, pays {pay}",
                player=pl.player,
                data={
                    "what": "payment",
                    "place": pl.place + 1,
                    "prize": pl.prize,
                    "bid": pl.bid,
                    "pays": pay,
                    "won": pl.won,
                    "voided": pl.voided,
                },
            )
        self.pick_queue = [[pl.player, pl.prize] for pl in self.placements if pl.won]
        self._advance_picks()

    def _take_card(self, player: int, card: int) -> None:
        self.lot.remove(card)
        self.face_up[player].append(card)
        self._face_up_moves += 1
        self.pick_queue[0][1] -= 1

    def _advance_picks(self) -> None:
        while self.pick_queue:
            player, owed = self.pick_queue[0]
            if owed > 0 and len(self.lot) > owed:
                self.phase = "pick"
                return
            for card in list(self.lot[:owed]) if owed else []:
                self._take_card(player, card)
                self._event(
                    "info",
                    f"P{player} takes card {card}",
                    player=player,
                    data={"what": "takes", "takes": card},
                )
            self.pick_queue.pop(0)
        if self.lot:
            self._event(
                "info",
                f"cards {self.lot} are discarded",
                data={"what": "discard", "discard": self.lot},
            )
            self.discarded += self.lot
            self.lot = []
        self._open_market()

    # -- market ---------------------------------------------------------------------------------
    def _open_market(self) -> None:
        if not self.listings and not any(self.face_up):
            self._next_round()
            return
        self.phase = "market"
        start = (self.round - 1) % self.n
        self.market_order = [(start + i) % self.n for i in range(self.n)]
        self.market_pos = 0
        self.quiet_turns = 0
        self.turn_active = False
        self.listed_this_window = set()
        self._event("info", "market window opens", data={"what": "market_opens"})
        self._skip_idle_turns()

    def _can_do_anything(self, player: int) -> bool:
        # A loan can always be taken first, so count it in what the player could pay. With secret
        # money, skipping a turn for lack of Scudo would tell the table how little they hold, so
        # then only public facts decide.
        reach = self.scudo[player] + (
            LOAN_AMOUNT if not self.loans[player] and self.loans_left else 0
        )
        if not self.game.public_money:
            reach = 10**9
        if (
            player not in self.listed_this_window
            and reach >= 1
            and any(c not in self.listings for c in self.face_up[player])
        ):
            return True
        for listing in self.listings.values():
            if listing.seller == player and listing.listed_round < self.round:
                return True
            if listing.seller != player and listing.price <= reach:
                return True
        return False

    def _skip_idle_turns(self) -> None:
        while self.phase == "market":
            player = self.market_order[self.market_pos]
            if self.turn_active or self._can_do_anything(player):
                return
            self._end_market_turn(player, skipped=True)

    def _end_market_turn(self, player: int, skipped: bool = False) -> None:
        self.quiet_turns = 0 if self.turn_active else self.quiet_turns + 1
        self.turn_active = False
        self.market_pos = (self.market_pos + 1) % self.n
        if skipped:
            self._event(
                "info",
                f"P{player} has nothing to do in the market",
                player=player,
                data={"what": "idle"},
            )
        if self.quiet_turns >= self.n:
            self._event("info", "market window closes", data={"what": "market_closes"})
            self._next_round()

    def _market(self, player: int, action: Action) -> None:
        self._event("action", f"P{player}: {action}", player=player, action=action)
        if isinstance(action, EndTurn):
            self._end_market_turn(player)
            self._skip_idle_turns()
            return
        self.turn_active = True
        if isinstance(action, List):
            self.scudo[player] -= action.price
            self.listings[action.card] = Listing(action.card, player, action.price, self.round)
            self._listing_memo.clear()
            self.listed_this_window.add(player)
        elif isinstance(action, Withdraw):
            listing = self.listings.pop(action.card)
            self._listing_memo.clear()
            self.scudo[player] += listing.price

    # -- end of game ----------------------------------------------------------------------------
    def _end_game(self) -> None:
        self.phase = "scoring"
        for p in range(self.n):
            if self.hands[p]:
                self._event(
                    "reveal",
                    f"P{p}'s kept card(s) {self.hands[p]} join their face-up cards",
                    player=p,
                    data={"what": "kept", "kept": self.hands[p]},
                )
                self.face_up[p] += self.hands[p]
                self._face_up_moves += 1
                self.hands[p] = []
        for card, listing in sorted(self.listings.items()):
            self.scudo[listing.seller] += listing.price
            self._event(
                "info",
                f"P{listing.seller}'s listing of card {card} is taken down",
                player=listing.seller,
                data={"what": "taken_down", "card": card, "price": listing.price},
            )
        self.listings = {}
        self._listing_memo.clear()
        self._final_payouts()
        self._repay_loans()
        self.final_scores = list(self.scudo)
        self.phase = "over"
        self._event(
            "info",
            f"final scores {self.final_scores}; winner(s) "
            + ", ".join(f"P{p}" for p in self.winners()),
            data={"what": "game_end", "scores": self.final_scores},
        )

    def _pay_one(self, payer: int, payee: int | str, good: str, pot: bool = False) -> bool:
        """``payer`` pays 1 Scudo to ``payee``; returns False if the bank paid it for them."""
        if self.scudo[payer] == 0:
            if not self.loans[payer] and self.loans_left > 0:
                self._take_loan(payer, "forced loan: no Scudo to pay a majority holder")
            else:
                self.debts[payer] += BANK_PAYS_DEBT
                self._event(
                    "info",
                    f"P{payer} cannot pay for {good}: the bank pays 1 and P{payer} "
                    f"adds {BANK_PAYS_DEBT} to their loan",
                    player=payer,
                    data={"what": "debt", "debt": BANK_PAYS_DEBT},
                )
                return False
        self.scudo[payer] -= 1
        if isinstance(payee, int):
            self.scudo[payee] += 1
        why = f"holds {good} without the majority"
        if pot:
            why += f": 1 into the pot of the tied {good} majority"
        self._transfer(1, payer, payee, why)
        return True

    def _final_payouts(self) -> None:
        table = [self.units(p) for p in range(self.n)]
        for g, good in enumerate(self.tables.goods):
            units = [row[g] for row in table]
            tied, others = majority_holders(units)
            if not tied:
                self._event(
                    "info",
                    f"nobody holds {good.name_en}",
                    data={"what": "nobody_holds", "good": good.id},
                )
                continue
            payout = good.payout(self.game.scoring)
            name = good.name_en.lower()
            if len(tied) == 1:
                winner = tied[0]
                self.scudo[winner] += payout
                self._transfer(payout, BANK, winner, f"majority of {name}: bank payout")
                for p in others:
                    paid = self._pay_one(p, winner, name)
                    if not paid:
                        self.scudo[winner] += 1
                        self._transfer(
                            1, BANK, winner, f"majority of {name}: 1 paid by the bank for P{p}"
                        )
                self._event(
                    "info",
                    f"P{winner} has the {name} majority",
                    player=winner,
                    data={"what": "majority", "good": good.id, "majority": tied, "others": others},
                )
                continue
            pot = payout + len(others)
            for p in others:
                self._pay_one(p, BANK, name, pot=True)
            each = share_round_up(pot, len(tied))
            for p in tied:
                rivals = ", ".join(f"P{q}" for q in tied if q != p)
                self.scudo[p] += each
                self._transfer(
                    each,
                    BANK,
                    p,
                    f"majority of {name}, tied with {rivals}, "
                    f"({payout}+{len(others)})/{len(tied)} rounded up = {each}",
                )
            self._event(
                "info",
                f"{name} majority tied between "
                + ", ".join(f"P{q}" for q in tied)
                + f": {each} each",
                data={
                    "what": "tied_majority",
                    "good": good.id,
                    "majority": tied,
                    "others": others,
                    "each": each,
                },
            )

    def _repay_loans(self) -> None:
        for p in range(self.n):
            if self.loans[p]:
                due = LOAN_REPAYMENT + self.debts[p]
                self.scudo[p] -= due
                extra = f" + {self.debts[p]} debt" if self.debts[p] else ""
                self._transfer(due, p, BANK, f"loan repaid: {LOAN_REPAYMENT}{extra}")

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
        money = " ".join(f"P{p}={self.scudo[p]}" for p in range(self.n))
        return f"{super().summary()}; unlocked Scudo {money}"

    def view(self, viewer: Viewer = None) -> TurinView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        # Built at every bot decision, so it avoids work for what is empty or did not change
        # (face-up cards and units are cached; see _unit_table).
        n = self.n
        nobody = self._nobody
        check_viewer(viewer, n)
        teacher = viewer == "all"
        seat = viewer if type(viewer) is int else None
        over = self.phase == "over"
        units = self._unit_table()
        hands: tuple[tuple[int, ...] | None, ...]
        if teacher:
            hands = tuple(tuple(h) for h in self.hands)
        else:
            mine: list[tuple[int, ...] | None] = list(nobody)
            if seat is not None:
                mine[seat] = tuple(self.hands[seat])
            hands = tuple(mine)
        if self.game.public_money or over or teacher:
            scudo: tuple[int | None, ...] = tuple(self.scudo)
        else:
            hidden: list[int | None] = list(nobody)
            if seat is not None:
                hidden[seat] = self.scudo[seat]
            scudo = tuple(hidden)
        sealed: tuple[Action | None, ...] = nobody
        chosen = self.step.chosen
        if chosen:
            if teacher:
                sealed = tuple(chosen.get(p) for p in range(n))
            elif seat is not None and seat in chosen:
                shown: list[Action | None] = list(nobody)
                shown[seat] = chosen[seat]
                sealed = tuple(shown)
        listings = self.listings
        locked = [0] * n
        for listing in listings.values():
            locked[listing.seller] += listing.price
        # The scores as scores() gives them, from the locked Scudo just counted.
        totals = self.final_scores
        if totals is None:
            totals = [s + k for s, k in zip(self.scudo, locked, strict=True)]
        bids = self.bids
        blocks = self.contested if self.contested else self.tie_blocks
        committed: tuple[int | None, ...] = nobody
        if self.phase in ("bid", "goose", "tiebreak", "claim"):
            if teacher:
                committed = tuple(map(self.committed, range(n)))
            elif seat is not None:
                own: list[int | None] = list(nobody)
                own[seat] = self.committed(seat)
                committed = tuple(own)
        claim = self.claim
        claim_info = None
        if claim is not None:
            claim_info = ClaimInfo(
                card=claim.card,
                seller=claim.seller,
                price=claim.price,
                asked=claim.asked,
                claimants=tuple(claim.claimants),
                passed=tuple(
                    p for p in claim.asked if p in claim.answered and p not in claim.claimants
                ),
                resume=claim.resume,
            )
        return TurinView(
            viewer=viewer,
            players=n,
            scoring=self.game.scoring,
            public_money=self.game.public_money,
            goose_variant=self.game.goose,
            round=self.round,
            rounds=self.rounds,
            phase=self.phase,
            to_move=self.to_move,
            scudo=scudo,
            locked=tuple(locked),
            hand_sizes=tuple(map(len, self.hands)),
            hands=hands,
            face_up=self._face_up_cache,
            units=units,
            lot=tuple(self.lot),
            prizes=self.prizes,
            submitted=tuple(sorted(chosen)) if chosen else (),
            sealed=sealed,
            bids=tuple(map(bids.get, range(n))) if bids else nobody,
            tie_blocks=tuple(b.players for b in blocks),
            tie_places=tuple(
                tuple(range(b.first_place, b.first_place + len(b.players))) for b in blocks
            ),
            declaring=tuple(self.declarers) if self.phase == "goose" or claim else (),
            placements=tuple(self.placements),
            picking=tuple((p, owed) for p, owed in self.pick_queue),
            listings=tuple(listings[c] for c in sorted(listings)) if listings else (),
            claim=claim_info,
            committed=committed,
            listed_this_window=tuple(sorted(self.listed_this_window)),
            loans=tuple(self.loans),
            debts=tuple(self.debts),
            loans_left=self.loans_left,
            goose=self.goose_holder,
            underdog=self.underdog,
            discarded=tuple(self.discarded),
            unseen_discards=len(self.unseen),
            scores=tuple(s if h is not None else None for s, h in zip(totals, scudo, strict=True)),
            winners=tuple(self.winners()) if over else (),
        )

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
