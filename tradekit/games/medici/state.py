"""Medici played exactly by its rules, stated here and in ``docs/rules/medici.md``.

A round: the pile (18, 24, 30 or 36 of the 36 cards by player count) is shuffled; in turn each
player whose warehouse is not full turns 1-3 cards one at a time, then the lot goes to a
once-around auction (left of the active player first, the active player last; the last bidder
pays the bank and takes the lot; a lot nobody bids on is discarded). The round ends when every
warehouse is full or the pile is empty; if only one player still has room, they first fill their
warehouse from the pile for free. Scoring: ships by rank, then ladders (10 and 5, plus the 10/20
monopoly bonuses). Three rounds; the poorest player starts rounds 2 and 3; the richest wins.

Where the rules live: this module holds :class:`MediciState` (who is to move, the menus, the
dispatch of each action, the turn passing on); ``setup.py`` the scripted set-up and each round's
deal; ``auction.py`` a turn's cards and the lot's auction; ``scoring.py`` the end of a round (the
free fill), ships, ladders, the poorest player and the end of the game; ``view.py`` the views.

Rulings where the rulebook is silent (numbered, with their reasons, in ``docs/rules/medici.md``):

* **The first card is turned automatically.** A turn starts with the active player's first card
  already turned (it always may be: the active player has room for it). After each card the
  active player chooses :class:`Turn` or :class:`Auction`. When no further card may be turned
  (the lot has 3 cards, the pile is empty, or one more card would leave nobody with room for the
  lot), :class:`Turn` is refused with that reason and :class:`Auction` is the only legal action.
* **Able to bid means room.** As the rules say, a card may be turned only if at least one
  player (the active player included) has room in their warehouse for the whole lot after it;
  wealth is not considered, so a lot that only penniless players could take is offered and
  discarded.
* **Who speaks.** Players without room for the whole lot are left out of the auction. A player
  who cannot beat the high bid (their wealth is too small; a player with 0 florins cannot even
  open) passes without a decision, and the pass is logged.
* **Turn order.** Seats are numbered clockwise: the player to a seat's left is the next seat.
  After a lot is sold or discarded the turn passes to the next seat clockwise whose warehouse is
  not full.
* **Order of the end-of-round checks** after every lot: every warehouse full ends the round; else
  an empty pile ends it; else, if exactly one player has room, that player takes cards from the
  top of the pile for free until full or the pile is empty, and the round ends.
* **Ships** rank every player, an empty warehouse counting 0.
* **Ladders.** A tie for first shares the awards of the places it occupies like any tie
  (two tied first: (10+5)/2 = 7 each, nobody second). Players on the start space are not ranked.
  The monopoly bonus is paid every round to every player standing on a bonus space, whether or
  not they moved this round.
* **Poorest player.** A tie for poorest goes to the tied player first in seat order after the
  previous round's first player (the previous first player comes last in that order).
* **After round 3** the warehouses are left as they are (nothing is reshuffled).

Event data, for renderers, measures and notebooks: every event but a player's decision (whose
action is ``event.action``) names the event in ``data["what"]``, next to the facts of its English
``text``. Read these keys, not the text, which is narration and may be reworded. ``seat`` (when
present) is the seat the event is about; cards are card ids; places are 1-based; the round is
``event.round``.

* ``start`` (the first event): ``players``, ``reward_table``, ``ship_rewards`` (florins
  by ship rank), ``cards`` (cards played a round), ``wealth`` (florins per seat).
* ``setup`` (a scripted set-up, right after ``start``): ``round``, ``first_player``, ``wealth``,
  ``ladders`` (per seat, a space per good in ladder order), ``warehouses`` (card ids per seat).
* ``shuffle`` (chance, seen by nobody but the teacher): ``pile`` (top card first),
  ``out_of_play``.
* ``round_start``: ``seat`` (who starts), ``pile_size``, ``out_of_play`` (how many cards).
* ``turn``: ``seat`` (the active player).
* ``told`` (an ended auction in short, :func:`tradekit.core.auctions.auction_told`): ``say``,
  ``parts`` (each bid and pass, in order), ``fields`` (the buyer's ``seat`` and ``price``).
* ``turn_card`` (chance): ``seat``, ``turned`` (the card), ``lot`` (the lot so far),
  ``pile_size`` (cards left).
* ``auction``: ``seat`` (the active player, who speaks last), ``lot``, ``order`` (the speakers),
  ``no_room`` (the seats left out: no room for the lot).
* ``forced_pass`` (a pass without a decision): ``seat``, ``reason`` (``"cannot_open"``: no
  florins and no bid yet; ``"cannot_beat"``), ``high_bid`` (0 before any bid), ``florins`` (the
  seat's wealth).
* ``sale``: ``seat`` (the buyer), ``lot``, ``price``.
* ``discard`` (nobody bid): ``lot``.
* ``free_fill``: ``seat`` (the only player with room), ``room`` (cards their warehouse can take).
* ``free_card`` (chance, one per card of a free fill): ``seat``, ``free`` (the card),
  ``pile_size``.
* ``round_end``: ``reason``, ``"full"`` (every warehouse is full) or ``"pile_out"``.
* ``payment`` (the bank pays a seat; one per ledger entry at scoring): ``seat``, ``paid`` (the
  amount; the key saved games have always had), ``source``: ``"ship"`` or ``"ladder"`` (a ranked
  award, with ``places``: the places the seat's group occupies, ``shares``: those places'
  rewards, ``divisor``: how many share them, ``group``: the seats that share them, the seat
  included; the amount is their sum divided by the divisor, rounded down; ``good`` for a
  ladder) or ``"bonus"`` (a monopoly bonus, with ``good`` and ``space``). A ranked award that
  rounds down to 0 pays nothing and logs no payment.
* ``ships`` (after the ship payments): ``totals`` (each seat's ship), ``paid`` (each seat's
  award), ``groups`` (the split as the engine made it: one entry per group of equal ships, best
  first, with ``seats``, ``places``, ``shares`` (those places' rewards) and ``each`` (what each
  member is paid); a group of two or more is a tie).
* ``ladder_move``: ``seat``, ``good``, ``from``, ``to``, ``lost`` (moves past the top, else 0).
* ``poorest`` (after rounds 1 and 2): ``poorest`` (the seat starting the next round), ``florins``
  (their wealth), ``tied`` (the poorest seats in tie-break order), ``first_player`` (who started
  the round).
* ``game_end``: ``scores`` (final florins per seat), ``winners``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.auctions import OnceAroundAuction
from tradekit.core.domains import NOTHING, Menu
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label
from tradekit.core.state import State, Viewer
from tradekit.games.medici.actions import Auction, Bid, Turn
from tradekit.games.medici.auction import (
    auction_menu,
    log_forced_passes,
    settle,
    start_auction,
    turn_card,
    turn_menu,
)
from tradekit.games.medici.game import MAX_LOT, WAREHOUSE
from tradekit.games.medici.scoring import end_round, free_fill
from tradekit.games.medici.setup import scripted, start_round
from tradekit.games.medici.view import MediciView, medici_view

if TYPE_CHECKING:
    from tradekit.games.medici.game import MediciGame


class MediciState(State[MediciView]):
    """A Medici game in play. Create it with ``MediciGame(...).new_state(seed=...)``.

    A scripted ``setup`` (a mapping of JSON-able values) fixes what a rulebook example needs; every
    key is optional:

    * ``round``: the round to start in (1-3; default 1).
    * ``first_player``: who starts that round (default seat 0).
    * ``wealth``: florins per seat, whole numbers from 0 to 10000 (the most any scripted set-up
      may give a seat; default the starting wealth of the player count).
    * ``ladders``: ``{good: [space per seat]}`` (default everyone on the start space 0).
    * ``warehouses``: card-id lists per seat, already in the warehouses when the starting round
      begins (at most 5 each).
    * ``piles``: the pile of the starting round and of the rounds after it, in order, each a list
      of card ids top card first (``None`` or a missing entry: shuffled as usual). A scripted pile
      may hold fewer cards than the rules deal; every card in no pile and no warehouse is out of
      play for that round.

    Without a scripted pile, a round's pile is shuffled from the seed: as many cards as the player
    count plays each round, less those already in warehouses.

    Example:
        >>> from tradekit.games.medici.game import MediciGame
        >>> s = MediciGame(players=3).new_state(setup={"piles": [[36, 7, 14, 1]]})
        >>> s.phase, s.to_move, s.lot, s.view(None).pile_size
        ('turn', (0,), [36], 3)
    """

    game: MediciGame

    def __init__(self, game: MediciGame, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        # Every event's narration names seats: each label worded once, not at every event.
        self.labels = tuple(seat_label(p) for p in range(n))
        self.tables = game.tables
        self.cards = self.tables.card_by_id
        self._card_texts = {c: str(self.cards[c]) for c in self.cards}
        self.goods = self.tables.goods
        self.good_ids = tuple(g.id for g in self.goods)
        self._values = {c: card.value for c, card in self.cards.items()}
        self.good_index = self.tables.good_index
        self.rewards = game.ship_rewards
        row = game.count_row
        self.per_round = row.cards
        self.wealth = [row.wealth] * n
        self.ladders = [[0] * len(self.goods) for _ in range(n)]
        self.warehouses: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []
        self.out_of_play: list[int] = []
        self.lot: list[int] = []
        self.discarded: list[int] = []
        self.first_player = 0
        self.active = 0
        self.auction: OnceAroundAuction | None = None
        self._heard = 0  # auction history entries already logged
        self.final_scores: list[int] | None = None
        self._piles: list[list[int] | None] = []
        start = 1
        if setup is not None:
            start = scripted(self, setup)
        self._initial_money = list(self.wealth)
        self._event(
            "info",
            f"Medici, {n} players, ship table {game.reward_table} {list(self.rewards)}, "
            f"{self.per_round} cards a round",
            data={
                "what": "start",
                "players": n,
                "reward_table": game.reward_table,
                "ship_rewards": list(self.rewards),
                "cards": self.per_round,
                "wealth": self.wealth,
            },
        )
        if setup is not None:
            # Logged after the opening event, so every log starts the same way.
            self._event(
                "info",
                "scripted set-up",
                data={
                    "what": "setup",
                    "round": start,
                    "first_player": self.first_player,
                    "wealth": self.wealth,
                    "ladders": self.ladders,
                    "warehouses": self.warehouses,
                },
            )
        start_round(self, start, self.first_player)

    # -- protocol -------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        """The seat that must act now (the active player, or the auction's speaker)."""
        if self.phase == "turn":
            return (self.active,)
        if self.phase == "auction" and self.auction is not None:
            speaker = self.auction.speaker
            return () if speaker is None else (speaker,)
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the third round has been scored."""
        return self.phase == "over"

    def room(self, player: int) -> int:
        """How many more cards ``player``'s warehouse can take."""
        return WAREHOUSE - len(self.warehouses[player])

    def turn_reason(self) -> str | None:
        """Why the active player may not turn another card now, or ``None`` if they may."""
        if len(self.lot) >= MAX_LOT:
            return Reason(f"a lot has at most {MAX_LOT} cards", "medici.lot_full", most=MAX_LOT)
        if not self.pile:
            return Reason("the pile is empty", "medici.pile_empty")
        size = len(self.lot) + 1
        # One pass over the warehouses, not a call per seat: asked at every decision of a turn.
        if WAREHOUSE - min(map(len, self.warehouses)) < size:
            room = tuple(self.room(p) for p in range(self.n))
            rooms = ", ".join(f"{seat_label(p)} {n}" for p, n in enumerate(room))
            return Reason(
                f"a lot of {size} cards would leave nobody able to bid: no warehouse has room "
                f"for {size} (room: {rooms})",
                "medici.no_room",
                size=size,
                room_by_seat=room,
            )
        return None

    def _declare_menu(self, player: int) -> Menu:
        """What ``player`` may do now, in the order of the legal list (bots and random players
        pick by index): Turn then Auction; Pass then the bids from the lowest up."""
        # Who is to move, as to_move says, read directly (this runs at every decision).
        if self.phase == "turn":
            return turn_menu(player, self.turn_reason()) if player == self.active else NOTHING
        auction = self.auction
        if self.phase != "auction" or auction is None or player != auction.speaker:
            return NOTHING
        lowest, most = auction.bid_bounds(player)
        return auction_menu(player, lowest, most, auction.high_bidder, auction.high_bid)

    def legal_actions(self, player: int) -> Menu:
        """Every action ``player`` may take now, as a lazy sequence (a bid range is never listed).

        Example:
            >>> from tradekit.games.medici.game import MediciGame
            >>> s = MediciGame(players=3).new_state(setup={"wealth": [10000] * 3})
            >>> s.apply(0, Auction())
            >>> legal = s.legal_actions(1)
            >>> len(legal), legal[0], legal[-1]
            (10001, Pass(), Bid(amount=10000))
        """
        return self._menu(player)

    def _do(self, player: int, action: Action) -> None:
        self._event("action", f"{self.labels[player]}: {action}", player=player, action=action)
        # Exact classes (action classes are final): one identity test each, no isinstance walk.
        kind = type(action)
        if kind is Turn:
            turn_card(self, player)
        elif kind is Auction:
            start_auction(self)
        else:
            auction = self.auction
            assert auction is not None
            if isinstance(action, Bid):
                auction.bid(player, action.amount)
            else:
                auction.pass_(player)
            self._heard += 1
            if self._heard < len(auction.history):
                log_forced_passes(self)
            if auction.done:
                settle(self)

    # -- a turn ---------------------------------------------------------------------------------
    def card_text(self, card: int) -> str:
        """A card in words: ``"#12 porcelain 4"``."""
        return self._card_texts[card]

    def _next_turn(self, candidate: int) -> None:
        """End the round if it is over, else start the next turn from ``candidate`` clockwise."""
        room = [p for p, held in enumerate(self.warehouses) if len(held) < WAREHOUSE]
        if not room:
            end_round(self, "full")
            return
        if not self.pile:
            end_round(self, "pile_out")
            return
        if len(room) == 1:
            free_fill(self, room[0])
            return
        # The first seat with room at or after the candidate clockwise, else the first of all.
        active = next((p for p in room if p >= candidate), room[0])
        self.active = active
        self.phase = "turn"
        self._event(
            "info",
            f"{self.labels[active]}'s turn",
            player=active,
            data={"what": "turn", "seat": active},
            fresh=True,
        )
        turn_card(self, active)

    def ship_totals(self) -> list[int]:
        """The value of each seat's warehouse."""
        values = self._values
        return [sum([values[c] for c in w]) for w in self.warehouses]

    # -- accounting -----------------------------------------------------------------------------
    def money(self) -> list[int]:
        """Florins each seat holds."""
        return list(self.wealth)

    @property
    def initial_money(self) -> list[int]:
        """Florins each seat started with."""
        return list(self._initial_money)

    def card_locations(self) -> dict[str, list[int]]:
        """Every card's location: pile, out of play, lot, discarded, warehouses."""
        out: dict[str, list[int]] = {
            "pile": list(self.pile),
            "out of play": list(self.out_of_play),
            "lot": list(self.lot),
            "discarded": list(self.discarded),
        }
        for p in range(self.n):
            out[f"warehouse P{p}"] = list(self.warehouses[p])
        return out

    def all_cards(self) -> list[int]:
        """The ids of the 36 cards."""
        return [c.id for c in self.tables.cards]

    # -- results and views ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each seat's florins (final once the game is over)."""
        if self.final_scores is not None:
            return list(self.final_scores)
        return list(self.wealth)

    def winners(self) -> list[int]:
        """The richest seats (equal wealth shares the win)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def summary(self) -> str:
        """A one-line description for error messages."""
        money = " ".join(f"{seat_label(p)}={self.wealth[p]}" for p in range(self.n))
        lot = f"; lot {[self.card_text(c) for c in self.lot]}" if self.lot else ""
        return f"{super().summary()}; florins {money}{lot}"

    def view(self, viewer: Viewer = None) -> MediciView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        return medici_view(self, viewer)

    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> MediciState:
        """A copy in which everything ``viewer`` cannot see is redrawn at random.

        The round's pile and the cards out of play are reshuffled among themselves (sizes kept),
        and the copy's random generator is reseeded, so later rounds' shuffles are unknown too.
        ``view(viewer)`` of the copy equals ``view(viewer)`` of this state; the copy is for
        information-set reasoning (bots) and tests.
        """
        rng = np.random.default_rng(seed)
        other = copy.deepcopy(self)
        other.rng = np.random.default_rng(rng.integers(2**63))
        if viewer == "all":
            return other
        pool = other.pile + other.out_of_play
        pool = [pool[i] for i in rng.permutation(len(pool))]
        k = len(other.pile)
        other.pile, other.out_of_play = pool[:k], sorted(pool[k:])
        return other
