"""Sealed lot's options, action, state and view, in one module (the game is that small).

Rulings (where a one-line rule needs a decision):

* A bid is a whole number from 0 to the purse (10); a bid of 0 may win when everyone bids 0
  (the textbook rule, not Turin Market's).
* Equal highest bids are settled by a coin flip, logged as a chance event.
* Values are private until the bids are revealed; then everyone sees every bid and value.

Event data: ``dealt`` (``seat``, ``value``; seen by that seat), ``chosen`` (from the sealed
step), ``revealed`` (``bids``, ``values``), ``flip`` (``tied``, ``winner``), ``won`` (``seat``,
``price``, ``value``).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from tradekit.core.actions import Action, action_classes
from tradekit.core.domains import NOTHING, Menu, Option, Range
from tradekit.core.errors import ConfigError
from tradekit.core.events import BANK
from tradekit.core.sealed import rank_blocks
from tradekit.core.seats import seat_label
from tradekit.core.simultaneous import SealedStep
from tradekit.core.state import Game, State, Viewer
from tradekit.core.view import BaseView, check_viewer

PURSE = 10
TOP_VALUE = 10


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Seal a bid of ``amount`` coins for the lot."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


ACTION_TYPES = action_classes(Bid)


@dataclasses.dataclass(frozen=True)
class SealedLotGame(Game["SealedLotState"]):
    """Sealed lot's options: ``players`` from 2 to 5."""

    players: int = 3
    money_name: ClassVar[str] = "coins"

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 5:
            raise ConfigError("players", self.players, "a whole number from 2 to 5")

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_types(self) -> dict[str, type[Action]]:
        return ACTION_TYPES

    def new_state(
        self, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> SealedLotState:
        return SealedLotState(self, seed, setup)


@dataclasses.dataclass(frozen=True, slots=True)
class SealedLotView(BaseView):
    """What a viewer sees: its own value (every value once revealed) and the revealed bids."""

    values: tuple[int | None, ...]
    bids: tuple[int | None, ...]
    chosen: tuple[int, ...]
    purse: tuple[int, ...]


class SealedLotState(State[SealedLotView]):
    """A game of Sealed lot: one sealed step, then the reveal and the payment."""

    _summary_fields = ("phase",)

    def __init__(self, game: SealedLotGame, seed: int | None, setup: Mapping[str, Any] | None):
        super().__init__(game, seed, setup)
        if setup:
            raise ConfigError("setup", dict(setup), "no scripted set-up (this game has none)")
        self.n = game.players
        self.coins = [PURSE] * self.n
        self.values = [int(v) for v in self.rng.integers(1, TOP_VALUE + 1, size=self.n)]
        self.bids: dict[int, int] = {}
        self.winner: int | None = None
        for p, value in enumerate(self.values):
            self._event(
                "chance",
                f"{seat_label(p)} values the lot at {value}",
                player=p,
                data={"what": "dealt", "seat": p, "value": value},
                visible_to=(p,),
            )
        self.round, self.phase = 1, "bid"
        self.step = SealedStep(range(self.n))

    # -- protocol ---------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return self.step.waiting if self.phase == "bid" else ()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> Menu:
        return NOTHING if self.is_over else self._menu(player)

    def _declare_menu(self, player: int) -> Menu:
        if player not in self.to_move:
            return NOTHING
        bid = Range(0, self.coins[player], f"{seat_label(player)}'s bid")
        return Menu((Option.of(Bid, bid),), "the bid")

    def _do(self, player: int, action: Action) -> None:
        assert isinstance(action, Bid)
        if not self.step.choose(player, action, self._event):
            return
        self.bids = {p: a.amount for p, a in self.step.reveal().items()}  # type: ignore[attr-defined]
        self._event(
            "reveal",
            f"bids {self.bids}, values {self.values}",
            data={"what": "revealed", "bids": list(self.bids.values()), "values": self.values},
        )
        top = rank_blocks(self.bids, [1])[0]
        winner = top.players[0]
        if top.tied:
            winner = int(self.rng.choice(top.players))
            self._event(
                "chance",
                f"coin flip between {', '.join(map(seat_label, top.players))}: "
                f"{seat_label(winner)} wins",
                data={"what": "flip", "tied": list(top.players), "winner": winner},
            )
        self.winner, price = winner, self.bids[winner]
        self.coins[winner] -= price
        self._transfer(price, winner, BANK, "winning bid for the lot", "auction")
        self._event(
            "info",
            f"{seat_label(winner)} wins the lot for {price}",
            player=winner,
            data={"what": "won", "seat": winner, "price": price, "value": self.values[winner]},
        )
        self.phase = "over"

    def scores(self) -> list[int]:
        won = [self.values[p] if p == self.winner else 0 for p in range(self.n)]
        return [c + w for c, w in zip(self.coins, won, strict=True)]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        best = max(self.scores())
        return [p for p, s in enumerate(self.scores()) if s == best]

    def view(self, viewer: Viewer = None) -> SealedLotView:
        viewer = check_viewer(viewer, self.n)
        shown = self.is_over or viewer == "all"
        return SealedLotView(
            viewer=viewer,
            players=self.n,
            round=self.round,
            phase=self.phase,
            to_move=self.to_move,
            scores=tuple(self.scores()) if self.is_over else (None,) * self.n,
            winners=tuple(self.winners()),
            values=tuple(v if shown or p == viewer else None for p, v in enumerate(self.values)),
            bids=tuple(
                self.bids.get(p)
                if self.is_over
                else getattr(self.step.choice(p), "amount", None)
                if viewer in (p, "all")
                else None
                for p in range(self.n)
            ),
            chosen=tuple(p for p in range(self.n) if self.step.has_chosen(p)),
            purse=tuple(self.coins),
        )

    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> SealedLotState:
        rng = np.random.default_rng(seed)
        other = copy.deepcopy(self)
        if viewer == "all" or self.is_over:
            return other
        for p in range(self.n):
            if p != viewer:
                other.values[p] = int(rng.integers(1, TOP_VALUE + 1))
                if other.step.has_chosen(p):
                    other.step.chosen[p] = Bid(int(rng.integers(0, PURSE + 1)))
        return other

    def money(self) -> list[int]:
        return list(self.coins)

    @property
    def initial_money(self) -> list[int]:
        return [PURSE] * self.n

    def card_locations(self) -> dict[str, list[int]]:
        return {}

    def all_cards(self) -> list[int]:
        return []

    def summary(self) -> str:
        return f"Sealed lot, {self.n} players, phase {self.phase}"
