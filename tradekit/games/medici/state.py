"""Medici played exactly by its rules, stated here and in ``docs/rules/medici.md``.

A round: the pile (18, 24, 30 or 36 of the 36 cards by player count) is shuffled; in turn each
player whose warehouse is not full turns 1-3 cards one at a time, then the lot goes to a
once-around auction (left of the active player first, the active player last; the last bidder
pays the bank and takes the lot; a lot nobody bids on is discarded). The round ends when every
warehouse is full or the pile is empty; if only one player still has room, they first fill their
warehouse from the pile for free. Scoring: ships by rank, then ladders (10 and 5, plus the 10/20
monopoly bonuses). Three rounds; the poorest player starts rounds 2 and 3; the richest wins.

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
import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.auctions import OnceAroundAuction
from tradekit.core.domains import NOTHING, Menu, Option, Range
from tradekit.core.events import BANK
from tradekit.core.setup import Setup
from tradekit.core.state import State, Viewer
from tradekit.core.ties import PlaceShare, Rounding, split_places
from tradekit.core.view import check_viewer
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.games.medici.game import MAX_LOT, ROUNDS, WAREHOUSE
from tradekit.games.medici.view import MediciView

if TYPE_CHECKING:
    from tradekit.games.medici.game import MediciGame

SETUP_KEYS = frozenset({"round", "first_player", "wealth", "ladders", "warehouses", "piles"})
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
#: The end of a round in words, by the ``reason`` of its ``round_end`` event.
ROUND_END_TEXT = {"full": "every warehouse is full", "pile_out": "the pile has run out"}

# The options that never change with the state, made once (an Option reads its class's fields).
_TURN = Option(Turn)
_AUCTION = Option(Auction)
_PASS = Option(Pass)


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
        self.tables = game.tables
        self.cards = self.tables.card_by_id
        self._card_texts = {c: str(self.cards[c]) for c in self.cards}
        self.goods = self.tables.goods
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
            start = self._scripted(setup)
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
        self._start_round(start, self.first_player)

    # -- set-up ---------------------------------------------------------------------------------
    def _scripted(self, setup: Mapping[str, Any]) -> int:
        s = Setup(setup, self.n, SETUP_KEYS)
        valid = set(self.cards)
        start = s.one_of("round", range(1, ROUNDS + 1)) if "round" in s else 1
        first = s.seat("first_player")
        self.first_player = 0 if first is None else first
        if "wealth" in s:
            self.wealth = s.money("wealth")
        if "ladders" in s:
            ladders = setup["ladders"]
            if not isinstance(ladders, Mapping):
                raise s.bad("ladders", "a mapping {good: [space per seat]}")
            top = self.tables.ladder_top
            for good, spaces in ladders.items():
                if good not in self.good_index:
                    raise s.bad("ladders", f"goods among {list(self.good_index)}")
                if (
                    not isinstance(spaces, (list, tuple))
                    or len(spaces) != self.n
                    or not all(type(v) is int and 0 <= v <= top for v in spaces)
                ):
                    raise s.bad("ladders", f"one space 0..{top} per seat for {good!r}")
                for p, space in enumerate(spaces):
                    self.ladders[p][self.good_index[good]] = space
        if "warehouses" in s:
            for p, held in enumerate(s.per_seat("warehouses")):
                s.cards("warehouses", valid, held)
                if len(held) > WAREHOUSE:
                    raise s.bad("warehouses", f"at most {WAREHOUSE} cards per warehouse")
                # The order given is kept (Setup sorts what it returns): it is the order shown.
                self.warehouses[p] = list(held)
            s.check_once()
        if "piles" in s:
            self._piles = self._scripted_piles(s, start, valid)
        return int(start)

    def _scripted_piles(self, s: Setup, start: int, valid: set[int]) -> list[list[int] | None]:
        """The scripted piles, top card first; a card may come back in a later round's pile, so
        only the first pile is counted against the warehouses."""
        piles = s.raw["piles"]
        if not isinstance(piles, (list, tuple)) or len(piles) > ROUNDS - start + 1:
            raise s.bad("piles", f"a list of at most {ROUNDS - start + 1} piles")
        in_warehouses = {c for held in self.warehouses for c in held}
        out: list[list[int] | None] = []
        for k, pile in enumerate(piles):
            if pile is None:
                out.append(None)
                continue
            if not isinstance(pile, (list, tuple)) or not all(
                type(c) is int and c in valid for c in pile
            ):
                raise s.bad("piles", "lists of card ids (or None)")
            if len(set(pile)) != len(pile) or (k == 0 and set(pile) & in_warehouses):
                raise s.bad("piles", "each card at most once in a pile and not in a warehouse")
            out.append(list(pile))
        return out

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
            return f"a lot has at most {MAX_LOT} cards"
        if not self.pile:
            return "the pile is empty"
        size = len(self.lot) + 1
        # One pass over the warehouses, not a call per seat: asked at every decision of a turn.
        if WAREHOUSE - min(map(len, self.warehouses)) < size:
            rooms = ", ".join(f"P{p} {self.room(p)}" for p in range(self.n))
            return (
                f"a lot of {size} cards would leave nobody able to bid: no warehouse has room "
                f"for {size} (room: {rooms})"
            )
        return None

    def _declare_menu(self, player: int) -> Menu:
        """What ``player`` may do now, in the order of the legal list (bots and random players
        pick by index): Turn then Auction; Pass then the bids from the lowest up."""
        # Who is to move, as to_move says, read directly (this runs at every decision).
        if self.phase == "turn":
            return _turn_menu(player, self.turn_reason()) if player == self.active else NOTHING
        auction = self.auction
        if self.phase != "auction" or auction is None or player != auction.speaker:
            return NOTHING
        bids = auction.bids_allowed(player)
        return _auction_menu(player, bids.lo, bids.hi, auction.high_bidder, auction.high_bid)

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
        self._event("action", f"P{player}: {action}", player=player, action=action)
        if isinstance(action, Turn):
            self._turn_card(player)
        elif isinstance(action, Auction):
            self._start_auction()
        else:
            assert self.auction is not None
            if isinstance(action, Bid):
                self.auction.bid(player, action.amount)
            else:
                self.auction.pass_(player)
            self._heard += 1
            self._log_forced_passes()
            if self.auction.done:
                self._settle()

    # -- a turn ---------------------------------------------------------------------------------
    def card_text(self, card: int) -> str:
        """A card in words: ``"#12 porcelain 4"``."""
        return self._card_texts[card]

    def _turn_card(self, player: int) -> None:
        card = self.pile.pop(0)
        self.lot.append(card)
        self._event(
            "chance",
            f"P{player} turns {self.card_text(card)}",
            player=player,
            data={
                "what": "turn_card",
                "seat": player,
                "turned": card,
                "lot": self.lot,
                "pile_size": len(self.pile),
            },
        )

    def _start_auction(self) -> None:
        self.phase = "auction"
        size = len(self.lot)
        order = [(self.active + i) % self.n for i in range(1, self.n + 1)]
        most = WAREHOUSE - size
        eligible = [p for p in order if len(self.warehouses[p]) <= most]
        left_out = [p for p in order if p not in eligible]
        self.auction = OnceAroundAuction(
            order, budgets={p: self.wealth[p] for p in order}, eligible=eligible, minimum=1
        )
        self._heard = 0
        bidders = _seats(self.auction.order) or "none"
        text = f"auction of {self._lot_text()}; bidders in order: {bidders}"
        if left_out:
            text += f"; no room for it: {_seats(left_out)}"
        self._event(
            "info",
            text,
            player=self.active,
            data={
                "what": "auction",
                "seat": self.active,
                "lot": self.lot,
                "order": list(self.auction.order),
                "no_room": left_out,
            },
        )
        self._log_forced_passes()
        if self.auction.done:
            self._settle()

    def _lot_text(self) -> str:
        return "the lot " + ", ".join(self.card_text(c) for c in self.lot)

    def _log_forced_passes(self) -> None:
        assert self.auction is not None
        history = self.auction.history
        while self._heard < len(history):
            p, _ = history[self._heard]
            self._heard += 1
            high = self.auction.high_bid
            if self.auction.high_bidder is None:
                reason = "cannot_open"
                why = f"P{p} has no florins to open the bidding and passes"
            else:
                reason = "cannot_beat"
                why = (
                    f"P{p} cannot beat the high bid of {high} with {self.wealth[p]} florins "
                    "and passes"
                )
            self._event(
                "info",
                why,
                player=p,
                data={
                    "what": "forced_pass",
                    "seat": p,
                    "reason": reason,
                    "high_bid": high,
                    "florins": self.wealth[p],
                },
            )

    def _settle(self) -> None:
        assert self.auction is not None
        result = self.auction.result
        lot = list(self.lot)
        if result.winner is None:
            self.discarded += lot
            self._event(
                "info",
                f"nobody bids: {self._lot_text()} is discarded",
                data={"what": "discard", "lot": lot},
            )
        else:
            w = result.winner
            self.wealth[w] -= result.price
            self.warehouses[w] += lot
            self._transfer(
                result.price,
                w,
                BANK,
                "bought " + ", ".join(self.card_text(c) for c in lot) + " at auction",
            )
            self._event(
                "info",
                f"P{w} buys {self._lot_text()} for {result.price}",
                player=w,
                data={"what": "sale", "seat": w, "lot": lot, "price": result.price},
            )
        self.lot = []
        self.auction = None
        self._next_turn((self.active + 1) % self.n)

    def _next_turn(self, candidate: int) -> None:
        """End the round if it is over, else start the next turn from ``candidate`` clockwise."""
        room = [p for p, held in enumerate(self.warehouses) if len(held) < WAREHOUSE]
        if not room:
            self._end_round("full")
            return
        if not self.pile:
            self._end_round("pile_out")
            return
        if len(room) == 1:
            self._free_fill(room[0])
            return
        active = next(p for p in ((candidate + k) % self.n for k in range(self.n)) if p in room)
        self.active = active
        self.phase = "turn"
        self._event(
            "info", f"P{active}'s turn", player=active, data={"what": "turn", "seat": active}
        )
        self._turn_card(active)

    def _free_fill(self, player: int) -> None:
        self._event(
            "info",
            f"every other warehouse is full: P{player} fills theirs from the pile for free",
            player=player,
            data={"what": "free_fill", "seat": player, "room": self.room(player)},
        )
        while self.room(player) > 0 and self.pile:
            card = self.pile.pop(0)
            self.warehouses[player].append(card)
            self._event(
                "chance",
                f"P{player} takes {self.card_text(card)} free",
                player=player,
                data={
                    "what": "free_card",
                    "seat": player,
                    "free": card,
                    "pile_size": len(self.pile),
                },
            )
        self._end_round("full" if self.room(player) == 0 else "pile_out")

    # -- rounds ---------------------------------------------------------------------------------
    def _start_round(self, number: int, first: int) -> None:
        self.round = number
        self.phase = "deal"
        self.first_player = first
        self.lot = []
        self.discarded = []
        in_warehouses = {c for w in self.warehouses for c in w}
        rest = sorted(c for c in self.cards if c not in in_warehouses)
        scripted = self._piles.pop(0) if self._piles else None
        if scripted is not None:
            self.pile = list(scripted)
        else:
            count = max(0, self.per_round - len(in_warehouses))
            order = [rest[i] for i in self.rng.permutation(len(rest))]
            self.pile = order[:count]
        self.out_of_play = sorted(set(rest) - set(self.pile))
        self._event(
            "chance",
            f"round {number}: the pile is shuffled",
            data={"what": "shuffle", "pile": self.pile, "out_of_play": self.out_of_play},
            visible_to=(),
        )
        self._event(
            "info",
            f"round {number}: {len(self.pile)} cards in the pile, "
            f"{len(self.out_of_play)} out of play; P{first} starts",
            player=first,
            data={
                "what": "round_start",
                "seat": first,
                "pile_size": len(self.pile),
                "out_of_play": len(self.out_of_play),
            },
        )
        self._next_turn(first)

    def _end_round(self, reason: str) -> None:
        """Score the round and start the next; ``reason`` is ``"full"`` or ``"pile_out"``."""
        self.phase = "scoring"
        self._event(
            "info",
            f"round {self.round} ends: {ROUND_END_TEXT[reason]}",
            data={"what": "round_end", "reason": reason},
        )
        self._score_ships()
        self._score_ladders()
        if self.round >= ROUNDS:
            self._end_game()
            return
        poorest = self._poorest()
        self.warehouses = [[] for _ in range(self.n)]
        self._start_round(self.round + 1, poorest)

    def ship_totals(self) -> list[int]:
        """The value of each seat's warehouse."""
        return [sum(self.cards[c].value for c in w) for w in self.warehouses]

    def _score_ships(self) -> None:
        totals = self.ship_totals()
        shares = split_places(self.rewards, dict(enumerate(totals)), Rounding.DOWN)
        for p in range(self.n):
            share = shares[p]
            self._pay(p, share.each, share.explain("ship rank"), source="ship", **_rank(share))
        self._event(
            "info",
            "ships: " + ", ".join(f"P{p} {totals[p]} → {shares[p].each}" for p in range(self.n)),
            data={
                "what": "ships",
                "totals": totals,
                "paid": [shares[p].each for p in range(self.n)],
                "groups": _groups(shares),
            },
        )

    def _score_ladders(self) -> None:
        top = self.tables.ladder_top
        for p in range(self.n):
            moves = [0] * len(self.goods)
            for card in self.warehouses[p]:
                gid = self.cards[card].good
                if gid is not None:
                    moves[self.good_index[gid]] += 1
            for g, up in enumerate(moves):
                if not up:
                    continue
                old = self.ladders[p][g]
                new = min(top, old + up)
                self.ladders[p][g] = new
                capped = f" (the top; {old + up - top} more lost)" if old + up > top else ""
                self._event(
                    "info",
                    f"P{p} moves up the {self.goods[g].name_en.lower()} ladder from {old} "
                    f"to {new}{capped}",
                    player=p,
                    data={
                        "what": "ladder_move",
                        "seat": p,
                        "good": self.goods[g].id,
                        "from": old,
                        "to": new,
                        "lost": max(0, old + up - top),
                    },
                )
        for g, good in enumerate(self.goods):
            name = good.name_en.lower()
            spaces = {p: self.ladders[p][g] for p in range(self.n) if self.ladders[p][g] > 0}
            shares = split_places(self.tables.awards, spaces, Rounding.DOWN)
            for p in sorted(shares):
                share = shares[p]
                if len(share.players) == 1:
                    place = share.places[0]
                    word = ORDINALS[place] if place < len(ORDINALS) else f"place {place + 1}"
                    reason = f"ladder of {name}: {word}"
                else:
                    reason = f"ladder of {name}: " + share.explain()
                self._pay(p, share.each, reason, source="ladder", good=good.id, **_rank(share))
            for p in sorted(spaces):
                bonus = self.tables.bonus(spaces[p])
                self._pay(
                    p,
                    bonus,
                    f"ladder of {name}: monopoly bonus space {spaces[p]}",
                    source="bonus",
                    good=good.id,
                    space=spaces[p],
                )

    def _pay(self, player: int, amount: int, reason: str, **facts: Any) -> None:
        """Pay ``player`` from the bank; ``facts`` (the ``source`` and its details) go in the
        event's data next to the seat and amount."""
        if amount:
            self.wealth[player] += amount
            self._transfer(amount, BANK, player, reason)
            self._event(
                "info",
                f"P{player} receives {amount}: {reason}",
                player=player,
                data={"what": "payment", "seat": player, "paid": amount, **facts},
            )

    def _poorest(self) -> int:
        order = [(self.first_player + k) % self.n for k in range(1, self.n + 1)]
        least = min(self.wealth)
        poorest = next(p for p in order if self.wealth[p] == least)
        tied = [p for p in order if self.wealth[p] == least]
        text = f"P{poorest} is the poorest ({least} florins) and starts the next round"
        if len(tied) > 1:
            text += (
                f" (tied with {_seats([q for q in tied if q != poorest])}: first after "
                f"P{self.first_player}, who started this round)"
            )
        self._event(
            "info",
            text,
            player=poorest,
            data={
                "what": "poorest",
                "poorest": poorest,
                "florins": least,
                "tied": tied,
                "first_player": self.first_player,
            },
        )
        return poorest

    def _end_game(self) -> None:
        self.final_scores = list(self.wealth)
        self.phase = "over"
        self._event(
            "info",
            f"final wealth {self.final_scores}; winner(s) "
            + ", ".join(f"P{p}" for p in self.winners()),
            data={"what": "game_end", "scores": self.final_scores, "winners": self.winners()},
        )

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
        money = " ".join(f"P{p}={self.wealth[p]}" for p in range(self.n))
        lot = f"; lot {[self.card_text(c) for c in self.lot]}" if self.lot else ""
        return f"{super().summary()}; florins {money}{lot}"

    def view(self, viewer: Viewer = None) -> MediciView:
        """What ``viewer`` may see: a seat, ``None`` (public) or ``"all"`` (teacher)."""
        viewer = check_viewer(viewer, self.n)
        teacher = viewer == "all"
        auction = self.auction
        over = self.is_over
        totals = self.ship_totals()
        places, paid = _ship_shares(tuple(self.rewards), tuple(totals))
        return MediciView(
            viewer=viewer,
            players=self.n,
            reward_table=self.game.reward_table,
            ship_rewards=self.rewards,
            goods=tuple(g.id for g in self.goods),
            round=self.round,
            rounds=ROUNDS,
            phase=self.phase,
            to_move=self.to_move,
            first_player=self.first_player,
            active=self.active,
            wealth=tuple(self.wealth),
            warehouses=tuple(tuple(w) for w in self.warehouses),
            ship_totals=tuple(totals),
            ship_places=places,
            ship_paid=paid,
            ladders=tuple(tuple(row) for row in self.ladders),
            lot=tuple(self.lot),
            can_turn=self.phase == "turn" and self.turn_reason() is None,
            pile_size=len(self.pile),
            out_of_play_size=len(self.out_of_play),
            discarded=tuple(self.discarded),
            pile=tuple(self.pile) if teacher else None,
            out_of_play=tuple(self.out_of_play) if teacher else None,
            auction_order=auction.order if auction is not None else (),
            speaker=auction.speaker if auction is not None else None,
            high_bid=auction.high_bid if auction is not None else 0,
            high_bidder=auction.high_bidder if auction is not None else None,
            auction_history=tuple(auction.history) if auction is not None else (),
            scores=tuple(self.scores()),
            winners=tuple(self.winners()) if over else (),
        )

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


# A menu depends only on these few numbers, and the same ones come back in game after game: one
# build serves them all (a menu never changes once made).
@functools.lru_cache(maxsize=1024)
def _turn_menu(player: int, why: str | None) -> Menu:
    """The active player's choice after each card: Turn (refused with ``why`` when another card
    may not be turned) or Auction."""
    turn = _TURN if why is None else Option(Turn, where=lambda _action: why)
    return Menu((turn, _AUCTION), step=f"P{player}'s turn of turning cards")


@functools.lru_cache(maxsize=4096)
def _auction_menu(player: int, lo: int, hi: int, high_bidder: int | None, high_bid: int) -> Menu:
    """The speaker's choice in the auction: Pass, or a bid from ``lo`` to ``hi`` (the range
    :meth:`OnceAroundAuction.bids_allowed` gives, labelled with why those are the bounds)."""
    if high_bidder is None:
        floor = f"at least the lowest bid of {lo}"
    else:
        floor = f"above P{high_bidder}'s high bid of {high_bid}"
    label = f"P{player}'s bid, {floor} and within P{player}'s {hi} florins,"
    return Menu((_PASS, Option(Bid, amount=Range(lo, hi, label))), step="the auction")


def _seats(players: Sequence[int]) -> str:
    return ", ".join(f"P{p}" for p in players)


def _rank(share: PlaceShare[int]) -> dict[str, Any]:
    """A ranked payment's facts: the 1-based places the group occupies, their rewards, how
    many share them and who."""
    return {
        "places": [place + 1 for place in share.places],
        "shares": list(share.rewards),
        "divisor": len(share.players),
        "group": list(share.players),
    }


def _groups(shares: Mapping[int, PlaceShare[int]]) -> list[dict[str, Any]]:
    """Each group of equal scores once, best first: its seats, 1-based places, those places'
    rewards and what each member is paid (the ties as the engine split them)."""
    seen: dict[tuple[int, ...], PlaceShare[int]] = {}
    for share in shares.values():
        seen.setdefault(share.players, share)
    return [
        {
            "seats": list(share.players),
            "places": [place + 1 for place in share.places],
            "shares": list(share.rewards),
            "each": share.each,
        }
        for share in sorted(seen.values(), key=lambda share: share.places[0])
    ]


@functools.lru_cache(maxsize=4096)
def _ship_shares(
    rewards: tuple[int, ...], totals: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The 1-based (first, last) places each ship would share and what it would be paid, if
    ships were scored now (every view shows them; the same few totals recur all round)."""
    ships = split_places(rewards, dict(enumerate(totals)), Rounding.DOWN)
    places = tuple((ships[p].places[0] + 1, ships[p].places[-1] + 1) for p in range(len(totals)))
    return places, tuple(ships[p].each for p in range(len(totals)))
