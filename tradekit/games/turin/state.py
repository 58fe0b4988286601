"""Turin Market played exactly by its rules (``shared/rules/turin-market.md``).

A round: every player offers a card (simultaneous, sealed), everybody bids (simultaneous, sealed),
ties with a prize play tie-break rounds (simultaneous, sealed), bids are paid (winners the whole
bid, others half rounded down), winners pick in place order, then a market window lets players
list, buy and withdraw cards. After the last round the final payouts are made by majorities.

Rulings where the rules page is silent (also in ``data/turin/README.md``):

* **Market windows.** A window follows every round's picks; the window after the last round is the
  window "before final scoring" (a second window straight after it would change nothing). Players
  take turns starting with seat ``(round - 1) % players``; in a turn a player may list at most one
  card per window, buy any listings they can pay, withdraw eligible listings, and then end the
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
* **Goose "tiebreak".** The goose starts free. In a tie-break round a tied player may, instead of
  adding Scudo, take the free goose: they concede, taking the lowest place of their block, and
  add nothing. If several claim it in the same step a coin flip (logged) decides; the others count
  as having added 0. The holder, when tied, may instead hand the goose to a player of their block:
  the holder takes the block's best place and the receiver holds the goose. Everyone else in the
  block is ordered by their additions as usual. The rulebook says the taker "loses the auction":
  they win nothing even when the block's lowest place carries a prize (that place's cards are
  discarded), and they pay half their bid as a loser.
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

* ``start``: ``rounds``, ``seed``.
* ``deal`` (chance, seen by its owner): ``deal``, the hand dealt or scripted.
* ``centre`` (chance): ``centre``, the round-1 lot of 4-5 players.
* ``unseen`` (chance, seen by nobody): ``unseen``, the cards out of play.
* ``setup``: ``centre``, ``face_up`` (a scripted set-up).
* ``scripted_money``: ``scudo``, every seat's scripted Scudo (public money).
* ``starting_money``: ``scudo``, the seat's scripted Scudo (secret money, seen by the seat).
* ``chosen``: the event's player has sealed an offer, bid or tie-break choice.
* ``offers`` (reveal): ``offers``, each seat's card.
* ``bids`` (reveal): ``bids``, each seat's bid.
* ``tiebreak`` (reveal): ``tiebreak``, each tied seat's action.
* ``centre_lot``: ``lot``.
* ``underdog``: the event's player holds the "underdog" goose this bid step.
* ``tie_round``: ``blocks``, the tied seats playing a tie-break.
* ``flip`` (chance): ``flip``, the order drawn for still-tied seats.
* ``goose_flip`` (chance): ``goose_flip``, the claimant given the goose.
* ``goose_given``: ``goose``, the seat the holder hands the goose to.
* ``goose_taken``: ``goose``, the seat taking the free goose.
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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
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
from tradekit.core.state import State, Viewer
from tradekit.core.ties import share_round_up
from tradekit.games.turin.actions import (
    AddBid,
    Bid,
    Buy,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    Pick,
    TakeGoose,
    TakeLoan,
    Withdraw,
)
from tradekit.games.turin.game import (
    BANK_PAYS_DEBT,
    LOAN_AMOUNT,
    LOAN_CARDS,
    LOAN_REPAYMENT,
    STARTING_SCUDO,
)
from tradekit.games.turin.view import Listing, TurinView

if TYPE_CHECKING:
    from tradekit.games.turin.game import TurinGame

SEALED_PHASES = ("offer", "bid", "tiebreak")
#: The action classes of each phase (a loan may be taken in any of them).
EXPECTED: dict[str, tuple[type[Action], ...]] = {
    "offer": (Offer,),
    "bid": (Bid,),
    "tiebreak": (AddBid, TakeGoose, GiveGoose),
    "pick": (Pick,),
    "market": (List, Buy, Withdraw, EndTurn),
}
#: Set-up keys that place cards; a set-up without any of them is dealt as usual.
CARD_KEYS = frozenset({"hands", "centre", "face_up"})


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


class TurinState(State):
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
        self.sealed: dict[int, Action] = {}
        self.bids: dict[int, int] = {}
        self.added: dict[int, int] = {}
        self.blocks: list[Block] = []
        self.tie_blocks: list[Block] = []
        self.placements: list[Placement] = []
        self.pick_queue: list[list[int]] = []
        self.listings: dict[int, Listing] = {}
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
            data={"what": "start", "rounds": self.rounds, "seed": self.seed},
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
        def bad(key: str, why: str) -> ConfigError:
            return ConfigError(f"setup[{key!r}]", setup.get(key), why)

        known = {"hands", "centre", "face_up", "scudo", "loans", "goose"}
        for key in setup:
            if key not in known:
                raise ConfigError("setup", key, "keys among " + ", ".join(sorted(known)))
        valid = set(self.tables.card_by_id)
        used: list[int] = []

        def per_seat(key: str) -> list[Any]:
            value = setup.get(key)
            if not isinstance(value, (list, tuple)) or len(value) != self.n:
                raise bad(key, f"a list with one entry per seat ({self.n})")
            return list(value)

        def cards(key: str, value: Any) -> list[int]:
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(c, int) and c in valid for c in value
            ):
                raise bad(key, f"lists of card ids among {sorted(valid)}")
            used.extend(value)
            return sorted(value)

        if "hands" in setup:
            self.hands = [cards("hands", h) for h in per_seat("hands")]
            if len({len(h) for h in self.hands}) != 1:
                raise bad("hands", "hands of equal size")
        if "face_up" in setup:
            self.face_up = [cards("face_up", h) for h in per_seat("face_up")]
            self._face_up_moves += 1
        if "centre" in setup:
            self.centre = cards("centre", setup["centre"])
            first = self.game.setup_row.first_round_prizes
            if self.centre and (first is None or len(self.centre) != sum(first)):
                need = "no centre cards" if first is None else f"{sum(first)} cards or none"
                raise bad("centre", need + f" with {self.n} players")
        if len(set(used)) != len(used):
            raise ConfigError("setup", sorted(used), "each card placed at most once")
        if CARD_KEYS & set(setup):
            self.unseen = sorted(valid - set(used))
        if "scudo" in setup:
            values = per_seat("scudo")
            if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
                raise bad("scudo", "whole numbers >= 0")
            self.scudo = values
        if "loans" in setup:
            loans = per_seat("loans")
            if not all(isinstance(v, bool) for v in loans):
                raise bad("loans", "True or False per seat")
            self.loans = loans
            self.loans_left = LOAN_CARDS - sum(loans)
        if "goose" in setup:
            holder = setup["goose"]
            if holder is not None and (not isinstance(holder, int) or not 0 <= holder < self.n):
                raise bad("goose", "None or a seat number")
            if self.game.goose != "tiebreak" and holder is not None:
                raise bad("goose", "None unless the game uses goose='tiebreak'")
            self.goose_holder = holder
        if "scudo" in setup:
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
            sealed = self.sealed
            if phase == "tiebreak":
                waiting = tuple(sorted(p for b in self.tie_blocks for p in b.players))
            else:
                waiting = self._seats
            if not sealed:
                return waiting
            return tuple(p for p in waiting if p not in sealed)
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
        return sum(x.price for x in self.listings.values() if x.seller == player)

    def can_take_loan(self, player: int) -> bool:
        """Whether ``player`` may take a loan now (no loan yet, a loan card left, their turn)."""
        return not self.loans[player] and self.loans_left > 0 and player in self.to_move

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now."""
        if self.is_over or player not in self.to_move:
            return []
        out: list[Action] = []
        if self.phase == "offer":
            out = [Offer(c) for c in self.hands[player]]
        elif self.phase == "bid":
            out = [Bid(x) for x in range(self.scudo[player] + 1)]
        elif self.phase == "tiebreak":
            out = [AddBid(x) for x in range(self.scudo[player] - self.bids[player] + 1)]
            out += self._goose_actions(player)
        elif self.phase == "pick":
            out = [Pick(c) for c in self.lot]
        elif self.phase == "market":
            out = self._market_actions(player)
        if self.can_take_loan(player):
            out.append(TakeLoan())
        return out

    def _goose_actions(self, player: int) -> list[Action]:
        if self.game.goose != "tiebreak":
            return []
        if self.goose_holder is None:
            return [TakeGoose()]
        if self.goose_holder == player:
            block = self._block_of(player)
            return [GiveGoose(q) for q in block.players if q != player]
        return []

    def _block_of(self, player: int) -> Block:
        for block in self.tie_blocks:
            if player in block.players:
                return block
        raise LookupError(player)

    def _market_actions(self, player: int) -> list[Action]:
        out: list[Action] = [EndTurn()]
        money = self.scudo[player]
        if player not in self.listed_this_window:
            for card in self.face_up[player]:
                if card not in self.listings:
                    out += [List(card, price) for price in range(1, money + 1)]
        for card, listing in sorted(self.listings.items()):
            if listing.seller != player and listing.price <= money:
                out.append(Buy(card))
            if listing.seller == player and listing.listed_round < self.round:
                out.append(Withdraw(card))
        return out

    def _illegal_reason(self, player: int, action: Action) -> str | None:
        if isinstance(action, TakeLoan):
            if self.loans[player]:
                return "a player may hold at most one loan"
            if self.loans_left <= 0:
                return "no loan card is left"
            return None
        expected = EXPECTED[self.phase]
        if not isinstance(action, expected):
            names = ", ".join(cls.__name__ for cls in expected)
            return f"in the {self.phase} phase the actions are {names} (or TakeLoan)"
        if isinstance(action, Offer):
            if action.card not in self.hands[player]:
                return f"card {action.card} is not in P{player}'s hand {self.hands[player]}"
        elif isinstance(action, Bid):
            return self._amount_reason(player, action.amount, self.scudo[player], "bid")
        elif isinstance(action, AddBid):
            room = self.scudo[player] - self.bids[player]
            return self._amount_reason(player, action.amount, room, "add")
        elif isinstance(action, TakeGoose):
            if self.game.goose != "tiebreak":
                return "this game is not played with the tiebreak goose"
            if self.goose_holder is not None:
                return f"the goose is not free: P{self.goose_holder} holds it"
        elif isinstance(action, GiveGoose):
            if self.game.goose != "tiebreak":
                return "this game is not played with the tiebreak goose"
            if self.goose_holder != player:
                return f"P{player} does not hold the goose"
            if action.to == player or action.to not in self._block_of(player).players:
                return f"P{action.to} is not tied with P{player}"
        elif isinstance(action, Pick):
            if action.card not in self.lot:
                return f"card {action.card} is not in the lot {self.lot}"
        elif isinstance(action, List):
            return self._list_reason(player, action)
        elif isinstance(action, Buy):
            listing = self.listings.get(action.card)
            if listing is None:
                return f"card {action.card} is not for sale"
            if listing.seller == player:
                return "a player cannot buy their own listing"
            if listing.price > self.scudo[player]:
                return (
                    f"the price {listing.price} is more than the {self.scudo[player]} "
                    f"unlocked Scudo P{player} holds"
                )
        elif isinstance(action, Withdraw):
            listing = self.listings.get(action.card)
            if listing is None or listing.seller != player:
                return f"P{player} has no listing on card {action.card}"
            if listing.listed_round >= self.round:
                return "a listing must stay up for at least one auction round"
        return None

    def _amount_reason(self, player: int, amount: object, most: int, what: str) -> str | None:
        if not isinstance(amount, int) or isinstance(amount, bool):
            return f"the amount must be a whole number of Scudo, got {amount!r}"
        if amount < 0:
            return f"cannot {what} a negative amount ({amount})"
        if amount > most:
            locked = self.locked(player)
            extra = f" ({locked} more are locked on listings)" if locked else ""
            return f"cannot {what} {amount}: P{player} can use at most {most} Scudo{extra}"
        return None

    def _list_reason(self, player: int, action: List) -> str | None:
        if action.card not in self.face_up[player]:
            return f"card {action.card} is not among P{player}'s face-up cards"
        if action.card in self.listings:
            return f"card {action.card} is already for sale"
        if player in self.listed_this_window:
            return "a player may list only one card per market window"
        if not isinstance(action.price, int) or isinstance(action.price, bool):
            return f"the price must be a whole number, got {action.price!r}"
        if action.price < 1:
            return "the price must be at least 1 Scudo"
        if action.price > self.scudo[player]:
            return (
                f"the price {action.price} must be locked from P{player}'s own Scudo "
                f"and they have only {self.scudo[player]} unlocked"
            )
        return None

    # -- doing ----------------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        if isinstance(action, TakeLoan):
            self._take_loan(player, "loan taken")
        elif isinstance(action, (Offer, Bid, AddBid, TakeGoose, GiveGoose)):
            self.sealed[player] = action
            self._event(
                "action",
                f"P{player}: {action}",
                player=player,
                action=action,
                visible_to=(player,),
            )
            self._event("info", f"P{player} has chosen", player=player, data={"what": "chosen"})
            if not self.to_move:
                self._reveal()
        elif isinstance(action, Pick):
            self._event(
                "action", f"P{player} picks card {action.card}", player=player, action=action
            )
            self._take_card(player, action.card)
            self._advance_picks()
        else:
            self._market(player, action)

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
        sealed = dict(sorted(self.sealed.items()))
        self.sealed = {}
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

    def _begin_bids(self) -> None:
        self.phase = "bid"
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
        if self.tie_blocks:
            self.phase = "tiebreak"
            self._event(
                "info",
                "tie-break round for "
                + "; ".join(" and ".join(f"P{p}" for p in b.players) for b in self.tie_blocks),
                data={"what": "tie_round", "blocks": [list(b.players) for b in self.tie_blocks]},
            )
        else:
            self._settle({})

    def _flip(self, players: Sequence[int]) -> list[int]:
        order = [players[i] for i in self.rng.permutation(len(players))]
        self._event("chance", f"coin flip orders {order}", data={"what": "flip", "flip": order})
        return order

    def _finish_tiebreak(self, sealed: Mapping[int, Action]) -> None:
        added = {p: a.amount if isinstance(a, AddBid) else 0 for p, a in sealed.items()}
        first: dict[int, list[int]] = {}
        last: dict[int, list[int]] = {}
        for p, a in sealed.items():
            if isinstance(a, GiveGoose):
                block = self._block_of(p)
                first[block.first_place] = [p]
                self.goose_holder = a.to
                self._event(
                    "info",
                    f"P{p} hands the goose to P{a.to} and wins the tie",
                    player=p,
                    data={"what": "goose_given", "goose": a.to},
                )
        claimants = [p for p, a in sealed.items() if isinstance(a, TakeGoose)]
        if claimants:
            taker = claimants[0]
            if len(claimants) > 1:
                taker = claimants[int(self.rng.integers(len(claimants)))]
                self._event(
                    "chance",
                    f"coin flip gives the goose to P{taker}",
                    data={"what": "goose_flip", "goose_flip": taker},
                )
            self.goose_holder = taker
            last[self._block_of(taker).first_place] = [taker]
            self._event(
                "info",
                f"P{taker} takes the goose and concedes the tie",
                player=taker,
                data={"what": "goose_taken", "goose": taker},
            )
        orders: dict[int, BlockOrder] = {}
        for block in self.tie_blocks:
            key = block.first_place
            orders[key] = order_block(
                block, added, self._flip, first=first.get(key, ()), concede=last.get(key, ())
            )
        self.added = added
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
            self.listed_this_window.add(player)
        elif isinstance(action, Buy):
            listing = self.listings.pop(action.card)
            seller = listing.seller
            self.scudo[player] -= listing.price
            self.scudo[seller] += 2 * listing.price
            self._transfer(listing.price, player, seller, f"bought card {action.card}")
            self.face_up[seller].remove(action.card)
            self.face_up[player].append(action.card)
            self._face_up_moves += 1
        elif isinstance(action, Withdraw):
            listing = self.listings.pop(action.card)
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
        if viewer == "all":
            seat = None
            teacher = True
        elif viewer is None or (type(viewer) is int and 0 <= viewer < n):
            seat = viewer
            teacher = False
        else:
            raise ValueError(f"viewer must be a seat 0..{n - 1}, None or 'all'; got {viewer!r}")
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
        if self.sealed:
            if teacher:
                sealed = tuple(self.sealed.get(p) for p in range(n))
            elif seat is not None and seat in self.sealed:
                shown: list[Action | None] = list(nobody)
                shown[seat] = self.sealed[seat]
                sealed = tuple(shown)
        listings = self.listings
        locked = [0] * n
        for listing in listings.values():
            locked[listing.seller] += listing.price
        bids = self.bids
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
            submitted=tuple(sorted(self.sealed)) if self.sealed else (),
            sealed=sealed,
            bids=tuple(map(bids.get, range(n))) if bids else nobody,
            tie_blocks=tuple(b.players for b in self.tie_blocks),
            placements=tuple(self.placements),
            picking=tuple((p, owed) for p, owed in self.pick_queue),
            listings=tuple(listings[c] for c in sorted(listings)) if listings else (),
            listed_this_window=tuple(sorted(self.listed_this_window)),
            loans=tuple(self.loans),
            debts=tuple(self.debts),
            loans_left=self.loans_left,
            goose=self.goose_holder,
            underdog=self.underdog,
            discarded=tuple(self.discarded),
            unseen_discards=len(self.unseen),
            scores=tuple(self.final_scores) if self.final_scores is not None else None,
            winners=tuple(self.winners()) if over else None,
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
        for p in hidden:
            if not self.game.public_money and not self.is_over:
                other.scudo[p] += int(rng.integers(0, 6))
            if p in other.sealed:
                if other.phase == "offer":
                    hand = other.hands[p]
                    other.sealed[p] = Offer(hand[int(rng.integers(len(hand)))])
                elif other.phase == "bid":
                    other.sealed[p] = Bid(int(rng.integers(other.scudo[p] + 1)))
                else:
                    room = other.scudo[p] - other.bids[p]
                    other.sealed[p] = AddBid(int(rng.integers(room + 1)))
        return other
